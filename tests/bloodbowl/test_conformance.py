"""The pack passes the library's conformance check (ids, references, curves, round trips, random runs)."""

from __future__ import annotations

from progression import RulePack
from progression.testing import check_pack


def test_pack_conforms(pack: RulePack) -> None:
    """No finding: a team from ``new.team`` and a bare player survive random operations and replay."""
    report = check_pack(
        pack,
        examples=10,
        steps=10,
        setup={
            "team": {"roster": "human", "name": "T"},
            "player": {"team": "human", "position": "human_blitzer", "name": "B"},
        },
    )
    assert [] == [str(f) for f in report.findings]
