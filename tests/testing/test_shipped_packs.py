"""Every installed rule pack passes the conformance check; both shipped packs must be installed.

Nothing is skipped: a shipped pack that is not installed fails here (``load`` raises).
"""

from __future__ import annotations

import pytest

import progression
from progression.testing import check_pack

SHIPPED = ("bloodbowl", "competence")
#: Options for the ``new.<kind>`` factories that need some, by pack.
SETUP = {
    "bloodbowl": {
        "team": {"roster": "human"},
        "player": {"team": "human", "position": "human_blitzer"},
    },
}


class TestShippedPacks:
    def test_both_are_installed(self) -> None:
        """The two packs that ship with the library are installed."""
        assert set(SHIPPED) <= set(progression.packs())

    @pytest.mark.parametrize("name", sorted({*SHIPPED, *progression.packs()}))
    def test_pack_conforms(self, name: str) -> None:
        """The pack passes every check of progression.testing, its state machine included."""
        report = check_pack(progression.load(name), setup=SETUP.get(name))
        assert report.ok, str(report)
        assert not report.skipped, str(report)
