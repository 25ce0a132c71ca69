"""``progression simulate``: summaries, JSON, exact probabilities, progress bars."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from cli_support import SKIRMISH, Result

from progression.cli import output as _cli_output

Run = Callable[..., Result]

pytestmark = pytest.mark.usefixtures("fake")


class TestSimulate:
    def test_json_summary(self, run: Run) -> None:
        """--json gives the trials, seed, params, mean, median, percentiles and histogram."""
        data = run("simulate", "fake", "climb", "--trials", "200", "--seed", "3", "--param", "goal=20", "--json").json()
        assert ("fake", "climb", 200, 3, {"goal": 20}) == (
            data["pack"],
            data["name"],
            data["trials"],
            data["seed"],
            data["params"],
        )
        assert ["5", "10", "25", "50", "75", "90", "95"] == list(data["percentiles"])
        assert 200 == sum(row["trials"] for row in data["histogram"])
        assert data["min"] <= data["median"] <= data["max"]

    def test_text_summary(self, run: Run) -> None:
        """Text output: a heading, mean and median, percentiles and a histogram with bars."""
        out = run("simulate", "fake", "climb", "--trials", "100", "--seed", "3").out
        assert out.startswith("fake simulate.climb: 100 trials, seed 3\nmean ")
        assert "Percentiles" in out
        assert "Histogram" in out
        assert "#" in out

    def test_workers_give_the_same_result(self, run: Run) -> None:
        """--workers 2 runs on a process pool and gives the same counts as one process."""
        one = run("simulate", "fake", "climb", "--trials", "40", "--seed", "9", "--json").json()
        two = run("simulate", "fake", "climb", "--trials", "40", "--seed", "9", "--workers", "2", "--json").json()
        assert one == two

    def test_bad_param_value(self, run: Run) -> None:
        """A parameter that is not a whole number is bad usage, pointing at the simulation's help."""
        result = run("simulate", "fake", "climb", "--param", "goal=ten")
        helped = "(see `progression simulate fake climb --help`)"
        assert (2, f"progression: option 'goal' of simulation 'climb' expects whole number, got 'ten' {helped}\n") == (
            result.status,
            result.err,
        )

    def test_neither_name_nor_exact(self, run: Run) -> None:
        """Without a simulation, the command lists those the pack offers, each with its doc and its
        parameters as the pack declares them, exit 0."""
        result = run("simulate", "fake")
        assert (0, "") == (result.status, result.err)
        assert result.out.startswith("fake offers (run one with `progression simulate fake NAME`")
        assert "simulate climb: Days of 1D6 experience until the goal is reached.\n" in result.out
        assert "  goal  whole number, default 10\n" in result.out
        assert "exact two_dice: The sum of two dice, exactly.\n  sides  whole number, default 6\n" in result.out
        data = run("simulate", "fake", "--json").json()
        assert {"simulate": ["climb"], "exact": ["two_dice"]} == {k: list(v) for k, v in data.items()}
        assert "whole number" == data["simulate"]["climb"]["options"][0]["type"]

    @pytest.mark.parametrize(
        ("words", "said"),
        [
            (("--trials", "-5"), "--trials is read by a simulation's run, and no simulation is named: name one"),
            (("--workers", "2", "--seed", "1"), "--seed, --workers are read by a simulation's run, and no simulation"),
            (("--param", "goal=3"), "--param is read by a simulation's run, and no simulation is named"),
            (
                ("--exact", "two_dice", "--trials", "10"),
                "--trials is read by a simulation's run, and --exact two_dice computes exactly, with no trials: "
                "leave it out",
            ),
        ],
    )
    def test_an_option_nothing_would_read_is_refused(self, run: Run, words: tuple[str, ...], said: str) -> None:
        """``--trials``, ``--seed``, ``--workers`` (and ``--param`` for the listing) given without a simulation
        are bad usage: the listing answered with exit 0 and ``--trials -5`` unread."""
        result = run("simulate", "fake", *words)
        assert (2, True, "") == (result.status, said in result.err, result.out)

    def test_the_one_simulation_is_named(self, run: Run) -> None:
        """A pack's one simulation is named in the command to run (it said NAME)."""
        result = run("simulate", "fake", "--trials", "5")
        assert result.err.endswith("no simulation is named: name one (`progression simulate fake climb ...`)\n")

    def test_an_option_for_a_pack_with_no_simulation(self, run: Run) -> None:
        """A pack with no simulation is said to have none, not asked for one by name."""
        result = run("simulate", SKIRMISH, "--trials", "5")
        assert (
            2,
            "progression: --trials is read by a simulation's run, and pack 'skirmish' has no simulation to run\n",
        ) == (
            result.status,
            result.err,
        )

    def test_both_name_and_exact(self, run: Run) -> None:
        """A simulation and --exact together are bad usage, naming what the pack offers."""
        result = run("simulate", "fake", "climb", "--exact", "two_dice")
        assert 2 == result.status
        assert (
            "name one simulation, or --exact NAME, not both; pack 'fake' has simulations: climb; exact: two_dice"
            in (result.err)
        )

    def test_pack_without_simulations(self, run: Run) -> None:
        """A pack with no simulation says so."""
        result = run("simulate", SKIRMISH, "x")
        assert 2 == result.status
        assert "simulation 'x' is not defined in rule pack 'skirmish'; expected one of: none" in result.err


class TestExact:
    def test_exact_json(self, run: Run) -> None:
        """--exact prints fractions and decimals."""
        data = run("simulate", "fake", "--exact", "two_dice", "--param", "sides=2", "--json").json()
        assert {
            "2": {"fraction": "1/4", "decimal": 0.25},
            "3": {"fraction": "1/2", "decimal": 0.5},
            "4": {"fraction": "1/4", "decimal": 0.25},
        } == data["probabilities"]

    def test_exact_text(self, run: Run) -> None:
        """The text table shows each outcome's fraction and decimal."""
        out = run("simulate", "fake", "--exact", "two_dice", "--param", "sides=2").out.splitlines()
        assert ["fake exact.two_dice (sides=2)", "outcome  probability  decimal", "3        1/2          0.500000"] == [
            out[0],
            out[1],
            out[4],
        ]


class TestProgressBar:
    def test_plain_bar_on_a_terminal(self, run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
        """On a terminal without rich, a plain bar is drawn on stderr."""
        monkeypatch.setattr(_cli_output, "terminal", lambda stream: True)
        monkeypatch.setattr("progression.cli.simulate.terminal", lambda stream: True)
        monkeypatch.setattr("progression.cli.simulate.rich_available", lambda: False)
        monkeypatch.setattr(_cli_output, "rich_available", lambda: False)
        err = run("simulate", "fake", "climb", "--trials", "100", "--seed", "1").err
        assert "simulating [" in err
        assert "100/100" in err

    def test_no_bar_when_piped(self, run: Run) -> None:
        """Piped (as under test), nothing is drawn on stderr."""
        assert "" == run("simulate", "fake", "climb", "--trials", "50", "--seed", "1").err

    def test_rich_bar(self, run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
        """On a terminal with rich, rich's progress bar runs and the summary still prints."""
        import rich  # noqa: F401 - the cli extra, installed by make test

        monkeypatch.setattr("progression.cli.simulate.terminal", lambda stream: True)
        result = run("simulate", "fake", "climb", "--trials", "50", "--seed", "1")
        assert (0, True) == (result.status, result.out.startswith("fake simulate.climb: 50 trials"))
