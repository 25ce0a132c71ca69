"""The pack passes the library's conformance check (ids, references, curves, round trips, random runs, and runs
steered by the pack's [play])."""

from __future__ import annotations

from collections import Counter

import pytest

from progression import RulePack
from progression.testing import _machine, check_pack

SETUP = {
    "team": {"roster": "human", "name": "T"},
    "player": {"team": "human", "position": "human_blitzer", "name": "B"},
}


def test_pack_conforms(pack: RulePack) -> None:
    """No finding: a team from ``new.team`` and a bare player survive random operations, runs steered by the
    pack's [play], and replay."""
    report = check_pack(pack, examples=10, steps=10, sensible=10, setup=SETUP)
    assert ([], 10) == ([str(f) for f in report.findings], report.steered)


def test_sensible_play_takes_primary_skills(pack: RulePack, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pack's [play] is a coach's: the steered runs' players take chosen primary skills most (weight 6) and
    improve a characteristic (weight 1) less than they take either primary skill (6 and 3), their teams buy
    re-rolls more than any other staff, and a player reaches Star Player status (Emerging Star at least).
    Chosen secondary skills (2) are not ordered against characteristics: over sixty runs, which of the two is
    bought less depends on the draws, and a derandomized run draws differently by what ran before it."""
    bought: Counter[str] = Counter()
    buy = _machine.PackMachine._purchase

    def counted(self: _machine.PackMachine, data: object, member: object, upgrade: str, choice: object) -> None:
        bought[upgrade] += 1
        buy(self, data, member, upgrade, choice)  # type: ignore[arg-type]

    monkeypatch.setattr(_machine.PackMachine, "_purchase", counted)
    report = check_pack(pack, examples=0, steps=20, sensible=60, setup=SETUP, derandomize=True)
    advancements = sorted(("random_primary", "chosen_primary", "chosen_secondary", "characteristic"), key=bought.get)
    staff = sorted(("team_reroll", "assistant_coach", "cheerleader", "apothecary"), key=bought.get)
    assert ("chosen_primary", "team_reroll") == (advancements[-1], staff[-1])
    assert bought["characteristic"] < min(bought["chosen_primary"], bought["random_primary"])
    bands = [band.label.en for band in pack.ladder("experience").bands]
    assert report.coverage is not None
    assert bands.index(report.coverage.played["experience"]) >= bands.index("Emerging Star")
