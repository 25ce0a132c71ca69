"""Sheet files of format 1, written by the released version before operations were recorded, still load."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import progression
import progression.files

HERE = Path(__file__).parent / "format1"
ROOT = Path(__file__).parents[2]
EXPECTED: dict[str, dict[str, Any]] = json.loads((HERE / "expected.json").read_text(encoding="utf-8"))


#: The entries of each file that the core's operations give again, recovered when it is read under its pack.
RECOVERED = {
    "skirmish-hero.json": ["create hero Ana", "award 12 to xp", "buy level_up", "mark session 1", "award 7 to purse"],
    "competence-aline.json": ["create character Aline", "award 10 to pp.escrime"],
    "bloodbowl-anvils.json": ["create team Altdorf Anvils"],
}


def pack_of(name: str) -> progression.RulePack:
    where = EXPECTED[name]["pack"]
    return progression.load_file(ROOT / where) if where.endswith(".toml") else progression.load(where)


@pytest.mark.parametrize("name", sorted(EXPECTED))
class TestFormatOne:
    def test_it_loads_as_it_did(self, name: str) -> None:
        """The state is what the released version read from the file: its entries, pools and stats."""
        sheet = progression.load_sheet((HERE / name).read_text(encoding="utf-8"), name, tampered="read")
        expected = EXPECTED[name]
        assert (expected["entries"], expected["pools"], expected["stats"]) == (
            len(sheet.ledger),
            dict(sheet.pools),
            dict(sheet.stats),
        )
        for member, pools in expected.get("members", {}).items():
            assert pools == dict(sheet.member(member).pools)

    def test_what_the_core_recovers_verifies_and_the_rest_is_never_called_verified(self, name: str) -> None:
        """Read under its pack, each entry the core's operations give again is recovered as that operation (and
        verifies); every other entry (a pack's step: a draft, a match, a raise) is reported as unverifiable."""
        pack = pack_of(name)
        sheet = progression.load_sheet((HERE / name).read_text(encoding="utf-8"), name, pack=pack, tampered="read")
        report = progression.verify(sheet, pack)
        recovered = [e.label for e in sheet.ledger if isinstance(e, progression.Entry)]
        unverifiable = [d.position for d in report.divergences if d.kind == "unverifiable"]
        assert (RECOVERED[name], len(report.divergences), report.ok) == (
            recovered,
            len(unverifiable),
            len(recovered) == len(sheet.ledger),
        )
        assert [n for n, e in enumerate(sheet.ledger, 1) if not isinstance(e, progression.Entry)] == unverifiable

    def test_without_its_pack_nothing_is_recovered(self, name: str) -> None:
        """A file whose pack is neither given nor installed loads as it was recorded: nothing verified."""
        text = (HERE / name).read_text(encoding="utf-8").replace(f'"pack": "{pack_of(name).name}"', '"pack": "gone"')
        sheet = progression.load_sheet(text, name, tampered="read")
        assert not any(isinstance(e, progression.Entry) for e in sheet.ledger)

    def test_it_goes_on_in_the_present_format(self, name: str) -> None:
        """A sheet read from format 1 takes new operations, which verify; saved again it is format 4, sealed."""
        pack = pack_of(name)
        sheet = progression.load_sheet((HERE / name).read_text(encoding="utf-8"), name, pack=pack, tampered="read")
        after = progression.mark(sheet, "read again")
        report = progression.verify(after, pack)
        saved = progression.files.unstructure_sheet(after)
        assert (4, len(sheet.ledger) - len(RECOVERED[name]), "mark read again") == (
            saved["format"],
            len(report.divergences),
            after.ledger[-1].label,
        )
        assert after == progression.files.structure_sheet(saved, name, pack=pack)


def test_an_edited_event_is_not_recovered() -> None:
    """The level bought for 0 XP instead of 1 in a format-1 file: no operation gives that event again, so it
    stays as recorded and verify reports it as unverifiable, while the entries around it are recovered."""
    name = "skirmish-hero.json"
    data = json.loads((HERE / name).read_text(encoding="utf-8"))
    data["ledger"][2]["price"]["xp"] = 0
    pack = pack_of(name)
    sheet = progression.files.structure_sheet(data, name, pack=pack, tampered="read")
    report = progression.verify(sheet, pack)
    assert [(3, "unverifiable")] == [(d.position, d.kind) for d in report.divergences]
