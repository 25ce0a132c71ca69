"""``progression packs`` and ``progression show``."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from cli_support import SKIRMISH, Result, install

Run = Callable[..., Result]


class TestPacks:
    def test_lists_installed_packs(self, run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
        """Name, version, distribution and title of each installed pack; one that fails to load says so."""
        install(monkeypatch, {"fake": "cli_fakepack:pack", "broken": "cli_fakepack:missing"})
        rows = run("packs", "--json").json()
        assert ["broken", "fake"] == [r["name"] for r in rows]
        assert "Fake (CLI test pack)" == rows[1]["title"]
        assert rows[0]["title"].startswith("(does not load: ")
        assert "fake" in run("packs").out

    def test_no_packs(self, run: Run, no_packs: None) -> None:
        """With nothing installed, the listing says how to install the packs."""
        assert (0, []) == (run("packs").status, run("packs", "--json").json())
        assert "no rule pack is installed" in run("packs").out


class TestShow:
    def test_show_a_pack_file(self, run: Run) -> None:
        """Every section of a pack, as data."""
        data = run("show", SKIRMISH, "--json").json()
        assert ("skirmish", ["xp", "gold"]) == (data["name"], list(data["currencies"]))
        assert {"family": "table", "first": [10, 20, 40], "last_step": 3} == data["curves"]["gear"]
        assert "have at least 1 feats" == data["ladders"]["rank"]["bands"][1]["gate"]
        assert "the next step of curve feat after Feats" == data["upgrades"]["speed"]["cost"]
        assert {} == data["functions"]

    def test_show_lists_contract_functions_with_their_docstring(self, run: Run, fake: None) -> None:
        """The functions the command line calls are listed with the first line of their docstring."""
        functions = run("show", "fake", "--json").json()["functions"]
        assert {
            "action.quest": "A member of a band goes on a quest: buys a lucky find, which may wait for a decision. "
            "Options: member.",
            "action.train": "Train for some days: each day gives 1D6 experience. Options: days.",
            "demo": "A hero levels up twice.",
            "exact.two_dice": "The sum of two dice, exactly. Options: sides.",
            "new.band": "A band of N heroes, each starting with 10 experience. Options: name, heroes.",
            "simulate.climb": "Days of 1D6 experience until the goal is reached. Options: goal.",
            "report.members": "Each sheet and how many members it holds.",
            "report.no_rows": "A report that breaks its contract: a text, not rows.",
            "table.level_costs": "The first three levels, priced.",
            "tune": "The pack with another level curve: base + step per level taken. Options: base, step.",
        } == functions

    def test_show_text_in_french(self, run: Run) -> None:
        """Text output with French names."""
        out = run("show", SKIRMISH, "--lang", "fr").out
        assert out.startswith("Escarmouche (pack de test) — pack skirmish 1")
        assert "Vétéran" in out
