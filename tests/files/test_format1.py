"""Sheet files of format 1, written by the released version before operations were recorded, still load."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import progression

HERE = Path(__file__).parent / "format1"
ROOT = Path(__file__).parents[2]
EXPECTED: dict[str, dict[str, Any]] = json.loads((HERE / "expected.json").read_text(encoding="utf-8"))


def pack_of(name: str) -> progression.RulePack:
    where = EXPECTED[name]["pack"]
    return progression.load_file(ROOT / where) if where.endswith(".toml") else progression.load(where)


@pytest.mark.parametrize("name", sorted(EXPECTED))
class TestFormatOne:
    def test_it_loads_as_it_did(self, name: str) -> None:
        """The state is what the released version read from the file: its entries, pools and stats."""
        sheet = progression.load_sheet((HERE / name).read_text(encoding="utf-8"), name)
        expected = EXPECTED[name]
        assert (expected["entries"], expected["pools"], expected["stats"]) == (
            len(sheet.ledger),
            dict(sheet.pools),
            dict(sheet.stats),
        )
        for member, pools in expected.get("members", {}).items():
            assert pools == dict(sheet.member(member).pools)

    def test_verify_never_calls_it_verified(self, name: str) -> None:
        """Every entry was recorded before operations were: verify says so, entry by entry, and is not ok."""
        sheet = progression.load_sheet((HERE / name).read_text(encoding="utf-8"), name)
        report = progression.verify(sheet, pack_of(name))
        assert (False, ["unverifiable"] * len(sheet.ledger)) == (report.ok, [d.kind for d in report.divergences])

    def test_it_goes_on_in_format_two(self, name: str) -> None:
        """A sheet read from format 1 takes new operations, which verify; saved again it is format 2."""
        pack = pack_of(name)
        sheet = progression.load_sheet((HERE / name).read_text(encoding="utf-8"), name)
        after = progression.mark(sheet, "read again")
        report = progression.verify(after, pack)
        saved = progression.dumps(after)
        assert (2, len(sheet.ledger), "mark read again") == (
            saved["format"],
            len(report.divergences),
            after.ledger[-1].label,
        )
