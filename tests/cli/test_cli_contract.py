"""The command line reads, checks and documents a pack's commands from the pack's declarations of them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from cli_support import Result, install

Run = Callable[..., Result]


@pytest.fixture
def band(run: Run, tmp_path: Path, fake: None) -> str:
    """A hero's sheet file of the fake pack."""
    path = str(tmp_path / "hero.json")
    assert 0 == run("sheet", "new", path, "--pack", "fake", "--kind", "hero").status
    return path


class TestHelpFromTheDeclaration:
    def test_an_action_lists_its_options_with_their_types(self, run: Run, band: str) -> None:
        """`sheet do FILE ACTION --help` prints the action's doc and each option, typed, from its declaration."""
        result = run("sheet", "do", band, "train", "--help")
        assert (0, "") == (result.status, result.err)
        assert result.out == (
            "usage: progression sheet do FILE train [KEY=VALUE ...]\n\n"
            "Train for some days: each day gives 1D6 experience.\n\n"
            "options (KEY=VALUE):\n"
            "  days  whole number, default 1 — how many days of training.\n"
        )
        assert result.out == run("sheet", "act", band, "train", "--help").out

    def test_without_a_name_the_command_s_own_help(self, run: Run, band: str) -> None:
        """`--help` before the action's name is the command's own help."""
        result = run("sheet", "do", band, "--help")
        assert 0 == result.status
        assert result.out.startswith("usage: progression sheet do")
        assert "ACTION --help" in result.out

    def test_an_unknown_action(self, run: Run, band: str) -> None:
        """Help for an action the pack does not declare lists those it does."""
        result = run("sheet", "do", band, "fly", "--help")
        assert (2, "progression: pack 'fake' has no action 'fly'; its actions: quest, train\n") == (
            result.status,
            result.err,
        )

    @pytest.mark.parametrize("help_asked", [(), ("--help",)], ids=["run", "help"])
    def test_a_misspelt_action_names_the_closest(self, run: Run, band: str, help_asked: tuple[str, ...]) -> None:
        """A misspelt action, run or asked for its help, names the closest the pack declares, as `league do` and
        every unknown id do (it listed them only)."""
        result = run("sheet", "do", band, "trian", *help_asked)
        said = "progression: pack 'fake' has no action 'trian'; its actions: quest, train; the closest: train\n"
        assert (2, said) == (result.status, result.err)

    def test_a_factory_a_simulation_and_an_explanation(self, run: Run, tmp_path: Path, fake: None) -> None:
        """The factory of ``sheet new``, a simulation and a factory's options, each from its declaration."""
        new = run("sheet", "new", str(tmp_path / "x.json"), "--pack", "fake", "--kind", "band", "--help")
        assert "  heroes  whole number, default 1 — how many heroes.\n" in new.out
        simulation = run("simulate", "fake", "climb", "--help")
        assert "usage: progression simulate PACK climb [--param KEY=VALUE ...]" in simulation.out
        assert "  goal  whole number, default 10\n" in simulation.out


class TestOptionsReadByType:
    def test_a_mistyped_option_is_refused_naming_it(self, run: Run, band: str) -> None:
        """A value that is not of the option's type: the option, what was expected and what came, and the command
        line that prints the action's help; nothing written."""
        before = Path(band).read_bytes()
        result = run("sheet", "do", band, "train", "days=two", "--dice", "1")
        helped = f" (see `progression sheet do {band} train --help`)"
        assert (2, f"progression: option 'days' of action 'train' expects whole number, got 'two'{helped}\n") == (
            result.status,
            result.err,
        )
        assert before == Path(band).read_bytes()

    def test_an_unknown_option_is_refused_naming_those_it_takes(self, run: Run, band: str) -> None:
        """A misspelt option is not passed on unseen: the refusal names the closest, and points at the action's
        help."""
        result = run("sheet", "do", band, "train", "dayz=2", "--dice", "1,1")
        helped = f" (see `progression sheet do {band} train --help`)"
        assert (
            2,
            f"progression: unknown option 'dayz' for action 'train'; it takes: days; the closest: days{helped}\n",
        ) == (
            result.status,
            result.err,
        )

    def test_every_unknown_option_is_named(self, run: Run, band: str) -> None:
        """Two misspelt options are both named, each with its closest, where the first stopped the reading."""
        result = run("sheet", "do", band, "train", "dayz=2", "colour=red", "dys=1", "--dice", "1,1")
        assert (
            2,
            "unknown options 'dayz', 'colour', 'dys' for action 'train'; it takes: days; the closest: days (see",
        ) == (
            result.status,
            result.err.partition("progression: ")[2].partition(" `")[0],
        )

    def test_a_typed_option_reaches_the_function_typed(self, run: Run, band: str) -> None:
        """``days=2`` is the whole number 2 when the function gets it: two days, two dice."""
        result = run("sheet", "do", band, "train", "days=2", "--dice", "3,4")
        assert (0, "#2 +7 Experience: trained 2 days\n") == (result.status, result.out)


class TestPackLoading:
    def test_an_option_without_a_type_stops_the_pack(self, run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
        """A pack declaring an action with an un-annotated option does not load; the message names the entry."""
        install(monkeypatch, {"fake": "cli_fakepack:badly_declared"})
        result = run("show", "fake")
        assert 2 == result.status
        assert (
            "pack 'fake': option 'days' of rest (action 'rest') has no type annotation; annotate it "
            "(days: str, int, bool, ...) @ $.contract.actions.rest"
        ) in result.err
        assert "(does not load: " in run("packs").out

    def test_a_pack_with_the_old_strings_still_works(
        self, run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A pack registering ``action.train`` strings works on the command line, with a DeprecationWarning."""
        install(monkeypatch, {"fake": "cli_fakepack:legacy_pack"})
        path = str(tmp_path / "band.json")
        with pytest.warns(DeprecationWarning, match="registers command-line functions by prefixed names"):
            made = run("sheet", "new", path, "--pack", "fake", "--kind", "hero")
        with pytest.warns(DeprecationWarning, match="registers command-line functions by prefixed names"):
            result = run("sheet", "do", path, "train", "days=1", "--dice", "5")
        assert 0 == made.status
        assert (0, "#2 +5 Experience: trained 1 days\n") == (result.status, result.out)


class TestShow:
    def test_every_command_with_its_options(self, run: Run, fake: None) -> None:
        """`show --json` gives each declared command's doc and options; the text lists them by family."""
        contract = run("show", "fake", "--json").json()["contract"]
        assert {"action", "demo", "exact", "new", "report", "simulate", "table", "tune"} == set(contract)
        assert {
            "doc": "Train for some days: each day gives 1D6 experience.",
            "options": [
                {
                    "name": "days",
                    "type": "whole number",
                    "required": False,
                    "default": 1,
                    "choices": [],
                    "doc": "how many days of training.",
                    "values": {},
                }
            ],
        } == contract["action"]["train"]
        out = run("show", "fake").out
        assert "Commands for the command line" in out
        assert "sheet do FILE train" in out
        assert "days=whole number" in out


class TestCompletion:
    def test_action_names_and_their_options(self, run: Run, band: str) -> None:
        """The actions of the file's pack, then each option not given yet, from the declarations."""
        assert "train\n" == run("complete", f"progression sheet do {band} tr").out
        assert "quest\ntrain\n" == run("complete", f"progression sheet act {band} ").out
        assert "days=\n" == run("complete", f"progression sheet do {band} train ").out
        assert "" == run("complete", f"progression sheet do {band} train days=2 ").out

    def test_the_values_of_a_choice(self, run: Run, tmp_path: Path) -> None:
        """After ``key=``, the values a choice or a yes/no option takes; only what follows ``=`` is printed."""
        path = str(tmp_path / "team.json")
        run("sheet", "new", path, "--pack", "bloodbowl", "--kind", "team", "--set", "roster=human")
        assert "yes\nno\n" == run("complete", f"progression sheet do {path} hire must_advance=").out
        assert "chosen_primary\nchosen_secondary\ncharacteristic\n" == (
            run("complete", f"progression sheet do {path} advance type=ch").out
        )

    def test_simulations_and_factories(self, run: Run, fake: None) -> None:
        """A pack's simulations and their parameters, a factory's ``--set`` options."""
        assert "climb\n" == run("complete", "progression simulate fake ").out
        assert "goal=\n" == run("complete", "progression simulate fake climb --param ").out
        assert "heroes=\n" == run("complete", "progression sheet new b.json --pack fake --kind band --set he").out

    def test_upgrades_and_their_choices(self, run: Run, band: str) -> None:
        """After ``sheet buy FILE``, ``quote`` and ``options``: the upgrades of the file's pack; after ``--choice``,
        the options the upgrade offers the sheet now (a charm owned is offered no more); nothing for an upgrade
        that takes no choice."""
        assert ["level_up\nlucky\ncharm\n", "level_up\nlucky\n", "charm\n"] == [
            run("complete", f"progression sheet {verb} {band} {typed}").out
            for verb, typed in (("buy", ""), ("quote", "l"), ("options", "c"))
        ]
        assert "amulet\nring\n" == run("complete", f"progression sheet buy {band} charm --choice ").out
        run("sheet", "award", band, "xp", "10", "-r", "a quest")
        run("sheet", "buy", band, "charm", "--choice", "ring")
        assert ("amulet\n", "") == (
            run("complete", f"progression sheet quote {band} charm --choice ").out,
            run("complete", f"progression sheet buy {band} level_up --choice ").out,
        )

    def test_quiet_when_it_cannot(self, run: Run, tmp_path: Path) -> None:
        """A file that is not there, a line it does not know: nothing printed, exit 0."""
        assert (0, "", "") == tuple(attrs.astuple(run("complete", f"progression sheet do {tmp_path / 'none.json'} hi")))
        assert (0, "") == (run("complete", "progression table ").status, run("complete", "progression table ").out)

    def test_as_json(self, run: Run, band: str) -> None:
        """``--json`` gives the candidates as a list."""
        assert ["days="] == run("complete", f"progression sheet do {band} train ", "--json").json()


class TestAnActionBoundToAnOperation:
    def test_options_are_its_fields_and_it_verifies(
        self, run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """An action bound to an operation takes its fields as options, runs it through the engine (one entry that
        verifies and can be amended), and documents the fields in ``--help``."""
        install(monkeypatch, {"fake": "cli_fakepack:gifted_pack"})
        path = str(tmp_path / "hero.json")
        run("sheet", "new", path, "--pack", "fake", "--kind", "hero")
        assert (
            "  amount  whole number, default 1 — how many points.\n" in run("sheet", "do", path, "gift", "--help").out
        )
        assert (0, "#2 +3 Experience: a gift\n") == tuple(attrs.astuple(run("sheet", "do", path, "gift", "amount=3")))[
            :2
        ]
        assert 0 == run("sheet", "verify", path).status
        assert 0 == run("sheet", "amend", path, "2", "amount=5").status
        assert 5 == run("sheet", "show", path, "--json").json()["pools"]["xp"]["balance"]
