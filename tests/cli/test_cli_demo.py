"""``progression demo``: each installed pack's story, and a clear refusal when there is none."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from cli_support import SKIRMISH, Result, install

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
        """Packs installed but none with a demo: exit 2, saying what a demo is and what to install (the shipped
        packs, which have one, are not)."""
        install(monkeypatch, {"quiet": "cli_fakepack:quiet_pack"})
        result = run("demo")
        assert 2 == result.status
        assert (
            "progression: pack 'quiet' declares no demo (a demo is a Python function a pack declares in its "
            "contract, Contract(demo=...)); no installed pack declares one: install the rule packs"
        ) in result.err

    def test_a_pack_named_without_a_demo(self, run: Run, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
        """A pack named that has no demo, installed or found in PROGRESSION_PACK_PATH: the refusal names the
        installed packs that have one, with the command to run, not the packs to install (they are)."""
        install(monkeypatch, {"fake": "cli_fakepack:pack", "quiet": "cli_fakepack:quiet_pack"})
        (tmp_path / "skirmish.toml").write_text(Path(SKIRMISH).read_text(encoding="utf-8"), encoding="utf-8")
        monkeypatch.setenv("PROGRESSION_PACK_PATH", str(tmp_path))
        told = [run("demo", name) for name in ("quiet", "skirmish")]
        assert [(2, "", f"progression: pack {name!r} declares no demo") for name in ("quiet", "skirmish")] == [
            (result.status, result.out, result.err.split(" (")[0]) for result in told
        ]
        assert all(
            result.err.endswith("; the installed packs that do: fake (`progression demo fake`)\n") for result in told
        )
        assert not any("install the rule packs" in result.err for result in told)

    def test_named_pack_only(self, run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
        """`demo PACK` runs only that pack."""
        install(monkeypatch, {"fake": "cli_fakepack:pack", "quiet": "cli_fakepack:quiet_pack"})
        assert "(no demo in" not in run("demo", "fake").out
        assert 2 == run("demo", "nope").status
