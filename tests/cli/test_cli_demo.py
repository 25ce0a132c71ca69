"""``progression demo``: each installed pack's story, and a clear refusal when there is none."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from cli_support import Result, install

Run = Callable[..., Result]


class TestDemo:
    def test_runs_each_pack_demo(self, run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
        """Each pack with a demo tells its story under a heading; one without is named at the end."""
        install(monkeypatch, {"fake": "cli_fakepack:pack", "quiet": "cli_fakepack:quiet_pack"})
        result = run("demo")
        expected = [
            "== Fake (CLI test pack) (pack fake 2) ==",
            "Demo earns 25 experience for a quest",
            "Demo buys a level for 10 experience: level 1",
            "Demo buys a level for 15 experience: level 2",
            "",
            "(no demo in: quiet)",
        ]
        assert (0, expected) == (result.status, result.out.splitlines())

    def test_json(self, run: Run, fake: None) -> None:
        """--json gives each pack's steps."""
        data = run("demo", "--json").json()
        assert ["fake"] == [story["pack"] for story in data["packs"]]
        assert 3 == len(data["packs"][0]["steps"])

    def test_no_pack_installed(self, run: Run, no_packs: None) -> None:
        """With no pack installed there is no built-in demo: the command says what to install, exit 2."""
        result = run("demo")
        assert (2, "") == (result.status, result.out)
        assert "no rule pack is installed, so there is nothing to demonstrate; install the rule packs" in result.err

    def test_no_pack_has_a_demo(self, run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
        """Packs installed but none with a demo: exit 2 with the same advice."""
        install(monkeypatch, {"quiet": "cli_fakepack:quiet_pack"})
        result = run("demo")
        assert 2 == result.status
        assert "none of the packs quiet offers a demo" in result.err

    def test_named_pack_only(self, run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
        """`demo PACK` runs only that pack."""
        install(monkeypatch, {"fake": "cli_fakepack:pack", "quiet": "cli_fakepack:quiet_pack"})
        assert "(no demo in" not in run("demo", "fake").out
        assert 2 == run("demo", "nope").status
