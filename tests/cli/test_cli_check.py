"""``progression check``: the conformance check of a pack from the command line, for a pack in TOML alone."""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest
from cli_support import ROOT, Result

Run = Callable[..., Result]

EXAMPLE = str(ROOT / "examples" / "skirmish" / "pack.toml")
STUCK = str(ROOT / "tests" / "testing" / "packs" / "stuck.toml")
CAPPED = str(ROOT / "tests" / "testing" / "packs" / "capped.toml")


class TestCheck:
    def test_a_pack_that_passes(self, run: Run) -> None:
        """The example pack passes with full coverage: the report and what the runs reached, exit 0."""
        result = run("check", EXAMPLE, "--min-coverage", "1", "--derandomize")
        assert (0, "") == (result.status, result.err)
        lines = result.out.splitlines()
        assert (
            "pack 'skirmish' passes ids, references, reachable, cycle, curves, round trip, machine, play, "
            + ("coverage")
            == lines[0]
        )
        assert lines[1].startswith("  coverage: bought 6 of 6 upgrades (100%); deepest bands: career_tier Master")

    def test_a_problem_fails_with_status_1(self, run: Run) -> None:
        """The stuck test pack's play buys nothing: the finding is printed word for word, exit 1; its JSON has
        the check and the message."""
        expected = (ROOT / "tests" / "testing" / "packs" / "stuck.expected").read_text(encoding="utf-8")
        result = run("check", STUCK, "--examples", "5", "--sensible", "5", "--derandomize")
        assert (1, f"  - {expected.strip()}") == (result.status, result.out.splitlines()[1])
        data = run("check", STUCK, "--examples", "5", "--sensible", "1", "--derandomize", "--json").json()
        assert (False, ["play"]) == (data["ok"], [f["check"] for f in data["findings"]])
        assert data["findings"][0]["message"].endswith("or prepare sheets that reach them")

    def test_coverage_asked_and_missed(self, run: Run) -> None:
        """Without steered runs, the example never becomes a master: under --min-coverage 1 that is a problem."""
        result = run("check", EXAMPLE, "--sensible", "0", "--min-coverage", "1", "--derandomize", "--json")
        data = result.json()
        assert (1, ["coverage"], ["rise_to_master"]) == (
            result.status,
            [f["check"] for f in data["findings"]],
            data["coverage"]["never"],
        )
        assert ["award", "purchase", "undo"] == data["coverage"]["ran"]

    def test_a_step_no_pool_can_pay(self, run: Run) -> None:
        """A price past what the capped pool ever holds is found without a run (the static findings of
        capped.expected, word for word); the coverage it misses says the pack is to fix, not the runs."""
        expected = (ROOT / "tests" / "testing" / "packs" / "capped.expected").read_text(encoding="utf-8")
        result = run("check", CAPPED, "--min-coverage", "1", "--derandomize")
        lines = result.out.splitlines()
        assert (1, [f"  - {line}" for line in expected.splitlines()]) == (result.status, lines[1:3])
        assert lines[3].endswith("never bought: medal (no sheet can ever buy medal, as the reachable check says: "
                                 "fix the pack, not the runs)")  # fmt: skip

    def test_factory_options(self, run: Run) -> None:
        """``--setup KIND.OPTION=VALUE`` gives a factory its options: a Blood Bowl team and player are driven."""
        result = run(
            "check", "bloodbowl", "--examples", "2", "--steps", "3", "--sensible", "0", "--derandomize", "--json",
            "--setup", "team.roster=human", "--setup", "player.team=human", "--setup", "player.position=human_lineman",
        )  # fmt: skip
        data = result.json()
        assert (0, {}) == (result.status, data["skipped"])

    @pytest.mark.parametrize(("arguments", "message"), [
        (["--setup", "team=human"], "--setup: expected KIND.OPTION=VALUE (team.roster=human), got team=human"),
        (["--setup", "tean.roster=human"], "setup names the kind 'tean', which it does not define"),
        (["--min-coverage", "2"], "--min-coverage: expected a share from 0 to 1 (0.8 for four upgrades in five)"),
    ])  # fmt: skip
    def test_usage_errors(self, run: Run, arguments: list[str], message: str) -> None:
        """What cannot be checked is refused before any run, saying what was expected and what came, exit 2."""
        result = run("check", "bloodbowl", "--examples", "0", *arguments)
        assert (2, True) == (result.status, message in result.err)

    def test_a_count_below_zero(self, run: Run) -> None:
        """A count is a whole number >= 0, checked by the parser."""
        result = run("check", EXAMPLE, "--examples", "-1")
        assert (2, True) == (result.status, "argument --examples: expected a whole number >= 0, got '-1'" in result.err)

    def test_without_hypothesis(self, run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
        """Without the testing extra, the command says what to install."""
        monkeypatch.setitem(sys.modules, "hypothesis", None)
        for name in [m for m in sys.modules if m.startswith("progression.testing")]:
            monkeypatch.delitem(sys.modules, name)
        result = run("check", EXAMPLE)
        assert (2, True) == (result.status, "pip install 'progression[testing]'" in result.err)
