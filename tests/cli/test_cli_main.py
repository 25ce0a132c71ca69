"""The command's frame: --help everywhere, exit statuses, one-line errors, never a traceback."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from cli_support import SKIRMISH, Result

from progression import errors
from progression.cli.main import exit_status, parser

Run = Callable[..., Result]


def commands(top: argparse.ArgumentParser, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every command path of the parser: ("packs",), ("sheet", "new"), ..."""
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                if not child.prog.endswith(f" {name}"):  # an alias (``sheet act`` for ``sheet do``)
                    continue
                yield (*prefix, name)
                yield from commands(child, (*prefix, name))


ALL = list(commands(parser()))


class TestHelp:
    def test_every_command_is_there(self) -> None:
        """The commands the issue asks for all exist."""
        expected = {"packs", "show", "table", "plot", "simulate", "validate", "demo", "sheet"} | {
            f"sheet {a}" for a in ("new", "show", "award", "options", "quote", "buy", "decide", "undo", "history", "do")
        }
        assert expected <= {" ".join(c) for c in ALL}

    @pytest.mark.parametrize("command", ALL, ids=" ".join)
    def test_help_everywhere(self, run: Run, command: tuple[str, ...]) -> None:
        """`--help` works on every command and subcommand, exit 0."""
        result = run(*command, "--help")
        assert 0 == result.status
        assert result.out.startswith(f"usage: progression {' '.join(command)}")

    @pytest.mark.parametrize(
        "command",
        [
            c
            for c in ALL
            if c
            not in (("sheet",), ("league",), ("league", "team"), ("campaign",), ("campaign", "character"), ("server",))
        ],
        ids=" ".join,
    )
    def test_json_wherever_data_is_printed(self, command: tuple[str, ...]) -> None:
        """Every command that prints data takes --json."""
        top = parser()
        sub = top
        for word in command:
            action = next(a for a in sub._actions if isinstance(a, argparse._SubParsersAction))
            sub = action.choices[word]
        assert "--json" in sub._option_string_actions

    def test_version(self, run: Run) -> None:
        """--version prints the version."""
        result = run("--version")
        assert (0, True) == (result.status, result.out.startswith("progression "))


class TestExitStatus:
    @pytest.mark.parametrize(
        ("error", "status"),
        [
            (errors.InsufficientPoints(upgrade="u", needed=3, available=1, currency="xp"), 1),
            (errors.RequirementNotMet(upgrade="u", missing=["x"]), 1),
            (errors.LimitReached(upgrade="u", reason="max"), 1),
            (errors.PendingState("settle"), 1),
            (errors.DecisionError("no"), 1),
            (errors.ProgressionError("a pack's own rule"), 1),
            (errors.InvalidInput("bad"), 2),
            (errors.UnknownName("pool", "x", [], "here"), 2),
            (errors.UnknownPackError("x", []), 2),
            (errors.RulePackError("f", []), 2),
            (errors.SheetError("f", []), 2),
            (errors.DiceError("out"), 2),
            (errors.NotAStore("notes.txt", "it holds no store"), 2),
            (errors.StoreError("league.sqlite", "record 'x' is not JSON"), 2),
            (errors.StoreTampered("league.sqlite", "ana", "its snapshot"), 2),
            (errors.StoreConflict("league.sqlite", "ana", 2, 3), 1),
            (errors.StoreBusy("league.sqlite", "another writer held the database too long"), 1),
            (errors.UnreadableFile("adir", "it is a directory"), 2),
            (errors.MissingFile("nope.json"), 2),
            (errors.UnwritableFile("ro.json", "'ro.json' is read-only"), 2),
            (errors.FileChanged("ana.json", "changed"), 1),
            (errors.AnotherSheet("ana.json", "a character sheet 'Ana'", "a character sheet 'Bob'"), 2),
            (errors.OutOfOrder("a hire before the advancement"), 1),
            (errors.RequirementNotMet(upgrade="charm", missing=["'ring' is not an option for Charm"]), 1),
            (
                errors.UnknownChoice(
                    upgrade="charm",
                    choice="rnig",
                    options=["ring"],
                    sentence="no option",
                    head="Charm cannot be bought",
                ),
                2,
            ),
            (errors.ChoiceNeeded(upgrade="charm", options=["ring"], sentence="needs one", head="Charm"), 2),
        ],
        ids=lambda v: type(v).__name__ if isinstance(v, Exception) else str(v),
    )
    def test_mapping(self, error: errors.ProgressionError, status: int) -> None:
        """Refusals by the rules, and changes another writer got in the way of, exit 1; errors of usage exit 2, a
        file that cannot be read or written and a store that cannot do what was asked (edited outside the library
        included) too."""
        assert status == exit_status(error)

    def test_bad_arguments_are_one_line(self, run: Run) -> None:
        """An argparse error is one line on stderr, exit 2."""
        result = run("sheet", "award", "f.json", "xp")
        assert 2 == result.status
        expected = (
            "progression: sheet award: the following arguments are required: AMOUNT, -r/--reason "
            "(see `progression sheet award --help`)\n"
        )
        assert expected == result.err

    def test_bad_command_is_one_line_with_one_prefix(self, run: Run) -> None:
        """An unknown command is named once by the program, not twice."""
        result = run("fly")
        assert 2 == result.status
        assert result.err.startswith("progression: argument COMMAND: invalid choice: 'fly'")
        assert result.err.endswith("(see `progression --help`)\n")

    def test_unknown_pack(self, run: Run, no_packs: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
        """An unknown pack is bad usage, listing those installed and saying where its file was looked for."""
        result = run("show", "nope")
        assert (
            2,
            "progression: no rule pack named 'nope' is installed; installed packs: none; PROGRESSION_PACK_PATH names "
            "no folder to look for a pack file nope.toml in\n",
        ) == (result.status, result.err)
        monkeypatch.setenv("PROGRESSION_PACK_PATH", str(tmp_path))
        result = run("show", "nope")
        assert result.err.endswith(f"; no folder of PROGRESSION_PACK_PATH ({tmp_path}) holds nope.toml\n")

    def test_a_misspelt_pack_names_the_closest(self, run: Run, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
        """A misspelt pack is answered with the installed pack meant, by every command that takes a pack, and
        without a word of PROGRESSION_PACK_PATH when it is not set (the closest is what helps)."""
        monkeypatch.delenv("PROGRESSION_PACK_PATH", raising=False)
        said = "progression: no rule pack named 'bloodbwl' is installed; installed packs: bloodbowl, competence; "
        for command in (
            ("show", "bloodbwl"),
            ("league", "new", str(tmp_path / "z.sqlite"), "--pack", "bloodbwl", "--name", "Cup"),
            ("sheet", "new", str(tmp_path / "a.json"), "--pack", "bloodbwl", "--kind", "x", "--name", "A"),
        ):
            result = run(*command)
            assert (2, said + "the closest: bloodbowl\n") == (result.status, result.err), command
        result = run("validate", "bloodbwl")
        assert (2, True) == (result.status, result.err.endswith("(none); the closest: bloodbowl\n"))
        assert [] == list(tmp_path.iterdir())

    def test_a_bug_is_one_line_without_traceback(self, run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
        """An unexpected exception prints one line (exit 3) and no traceback, unless PROGRESSION_DEBUG is set."""
        import progression.cli.tables as tables

        def broken(*args: object) -> int:
            raise ZeroDivisionError("oops")

        monkeypatch.setattr(tables, "curve_rows", broken)
        monkeypatch.delenv("PROGRESSION_DEBUG", raising=False)
        result = run("table", SKIRMISH, "level")
        assert 3 == result.status
        assert "progression: internal error: ZeroDivisionError: oops (set PROGRESSION_DEBUG=1" in result.err
        assert "Traceback" not in result.err
        monkeypatch.setenv("PROGRESSION_DEBUG", "1")
        with pytest.raises(ZeroDivisionError):
            run("table", SKIRMISH, "level")

    def test_pack_file_with_problems_is_one_line(self, run: Run, tmp_path: object) -> None:
        """A pack file with several problems is reported on one line, problems joined."""
        from pathlib import Path

        path = Path(str(tmp_path)) / "bad.toml"
        path.write_text('format = 1\n[pack]\nname = "Bad Name"\n', encoding="utf-8")
        result = run("show", str(path))
        assert 2 == result.status
        assert 1 == len(result.err.splitlines())
        assert (
            "has 2 problems: required key 'title' is missing @ $.pack.title; a pack name is a lowercase ASCII slug"
            in result.err
        )


class TestTheClosestWord:
    """A command line the parser refuses names the closest of its words to the one it does not know, as every
    refusal of the library does: a command, an option, a choice, at every level of commands."""

    def test_a_misspelt_command(self, run: Run) -> None:
        """``sheet shwo``: argparse's refusal and its list, then the command meant, then the help to see; exit 2."""
        result = run("sheet", "shwo", "hero.json")
        assert (2, True, True) == (
            result.status,
            result.err.startswith("progression: sheet: argument ACTION: invalid choice: 'shwo' (choose from 'new', "),
            result.err.endswith("'quote'); the closest: show (see `progression sheet --help`)\n"),
        )

    @pytest.mark.parametrize("command", ALL, ids=" ".join)
    def test_every_command_misspelt_is_named(self, run: Run, command: tuple[str, ...]) -> None:
        """Each command of each level of commands, given with a letter too many, is named as the closest."""
        *above, name = command
        result = run(*above, f"{name}x")
        said = result.err.rpartition("; the closest: ")[2].partition(" (see `")[0]
        assert (2, True) == (result.status, name in said.split(", "))

    @pytest.mark.parametrize(
        ("words", "said"),
        [
            (("--hlep",), "unknown option '--hlep'; the closest: --help"),
            (("--verison", "packs"), "unknown option '--verison'; the closest: --version"),
        ],
        ids=["alone", "before a command"],
    )
    def test_a_misspelt_option_of_progression_itself(self, run: Run, words: tuple[str, ...], said: str) -> None:
        """An option ``progression`` itself does not take, given before any command or before one, is refused as
        such, with the closest (it said a COMMAND was required, or blamed the command after it)."""
        result = run(*words)
        assert (2, f"progression: {said} (see `progression --help`)\n") == (result.status, result.err)

    def test_a_language_misspelt(self, run: Run) -> None:
        """``--lang enn``: the pack's languages, and the closest of them."""
        result = run("show", SKIRMISH, "--lang", "enn")
        assert (2, True) == (result.status, result.err.rstrip().endswith("its languages: en, fr; the closest: en"))

    @pytest.mark.parametrize(
        ("words", "said"),
        [
            (("packs", "--jsno"), "packs: unknown option '--jsno'; the closest: --json"),
            (("show", SKIRMISH, "--lnag", "fr"), "show: unknown option '--lnag'; the closest: --lang"),
            (
                ("sheet", "show", "hero.json", "--lnag=fr", "--jsno"),
                "sheet show: unknown options '--lnag', '--jsno'; the closest: --lang, --json",
            ),
            (
                ("league", "team", "export", "cup.sqlite", "reds", "reds.json", "--jsno"),
                "league team export: unknown option '--jsno'; the closest: --json",
            ),
            (
                ("sheet", "roster", "team.json", "--format", "htlm"),
                "sheet roster: argument --format: invalid choice: 'htlm' (choose from 'text', 'html'); the closest: "
                "html",
            ),
            (  # a KEY=VALUE word written as an option: the word meant (it said the option was unknown, no more)
                ("league", "do", "cup.sqlite", "reds", "hire", "position=Lineman", "--must_advance=no"),
                "league do: unknown option '--must_advance'; a KEY=VALUE word is written without dashes: "
                "must_advance=no",
            ),
            (
                ("sheet", "do", "team.json", "close", "number=1", "--must-advance=no"),
                "sheet do: unknown option '--must-advance'; a KEY=VALUE word is written without dashes: "
                "must_advance=no",
            ),
        ],
        ids=["packs", "show", "sheet show", "league team export", "a choice", "league do", "sheet do"],
    )
    def test_a_misspelt_option_or_choice(self, run: Run, words: tuple[str, ...], said: str) -> None:
        """An option a command does not take names those of that command closest to each given (written with
        its value after ``=`` too); a value that is none of an option's choices, the closest choice."""
        result = run(*words)
        command = said.partition(":")[0]
        assert (2, f"progression: {said} (see `progression {command} --help`)\n") == (result.status, result.err)

    @pytest.mark.parametrize(
        ("words", "said"),
        [
            (("sheet", "quote", "hero.json", "--lnag", "fr", "level_up"), "sheet quote: unknown option '--lnag'; the closest: --lang"),
            (("table", SKIRMISH, "--form", "3", "level"), "table: unknown option '--form'; the closest: --from"),
            (("plot", SKIRMISH, "--too", "5", "level", "-o", "x.png"), "plot: unknown option '--too'; the closest: --to"),
            (("sheet", "buy", "hero.json", "--choise", "block", "chosen_primary"), "sheet buy: unknown option '--choise'; the closest: --choice"),
            (("simulate", SKIRMISH, "--trails", "5", "run"), "simulate: unknown option '--trails'; the closest: --trials"),
            (("campaign", "award", "camp.sqlite", "--too", "ana:escrime=3", "--reason", "x"), "campaign award: unknown option '--too'; the closest: --to"),
        ],
        ids=["sheet quote", "table", "plot", "sheet buy", "simulate", "campaign award"],
    )  # fmt: skip
    def test_a_misspelt_option_before_the_command_s_words(self, run: Run, words: tuple[str, ...], said: str) -> None:
        """A misspelt option followed by its value and the command's own words is refused for itself, before
        argparse gives its value to a positional: no word the command takes (``level_up``, the curve ``level``) is
        said to be unrecognized with it, nor its value (argparse said "unrecognized arguments: --lnag level_up",
        "--form 3 level"); with ``--json``, the same message as data."""
        command = said.partition(":")[0]
        expected = f"progression: {said} (see `progression {command} --help`)\n"
        result = run(*words)
        data = run(*words, "--json")
        assert (2, expected, 2, expected.removeprefix("progression: ").rstrip("\n")) == (
            result.status,
            result.err,
            data.status,
            data.json()["error"]["message"],
        )

    def test_what_argparse_reads_as_no_option_is_not_refused_as_one(self, run: Run, sheet_file: Path) -> None:
        """Only what argparse reads as an option it does not know is refused so: a negative number is a value (an
        award of -3 is refused by the rules), a word after ``--`` is a positional (an upgrade ``--lnag`` is
        unknown to the pack), an option argparse lets be shortened is that option (``--lan`` is ``--lang``), and
        a word where an option's value is awaited is left to argparse, which says the option expected one."""
        award = run("sheet", "award", str(sheet_file), "xp", "-3", "-r", "oops", "--pack", SKIRMISH)
        after = run("sheet", "quote", str(sheet_file), "--pack", SKIRMISH, "--", "--lnag")
        short = run("sheet", "show", str(sheet_file), "--lan", "fr", "--pack", SKIRMISH)
        dashed = run("sheet", "award", str(sheet_file), "xp", "3", "-r", "-oops")
        assert (
            2,
            "expected a positive whole number of points as the amount of the award to 'xp', got -3",
            2,
            "upgrade '--lnag' is not defined",
            0,
        ) == (
            award.status,
            award.err.partition(": ")[2].rstrip("\n"),
            after.status,
            after.err.partition(": ")[2].partition(" in ")[0],
            short.status,
        )
        assert (2, "sheet award: argument -r/--reason: expected one argument") == (
            dashed.status,
            dashed.err.removeprefix("progression: ").partition(" (see")[0],
        )

    def test_a_misspelt_command_as_data(self, run: Run) -> None:
        """With ``--json`` the refusal's data says the closest too."""
        result = run("sheet", "shwo", "hero.json", "--json")
        assert (2, True) == (
            result.status,
            result.json()["error"]["message"].endswith("; the closest: show (see `progression sheet --help`)"),
        )


class TestAnyOrder:
    """The command a tool prints works, and options may come before or after a command's KEY=VALUE words."""

    def test_an_unknown_word_points_at_the_command_s_help(self, run: Run, sheet_file: Path) -> None:
        result = run("sheet", "show", str(sheet_file), "extra")
        assert (
            2,
            "progression: sheet show: unrecognized arguments: extra (see `progression sheet show --help`)\n",
        ) == (
            result.status,
            result.err,
        )

    def test_the_upgrade_after_the_member(self, run: Run, sheet_file: Path) -> None:
        """``sheet options FILE --pack P level_up``: the upgrade named after an option lists its choices."""
        after = run("sheet", "options", str(sheet_file), "--pack", SKIRMISH, "level_up")
        before = run("sheet", "options", str(sheet_file), "level_up", "--pack", SKIRMISH)
        assert (0, before.out) == (after.status, after.out)


class TestJsonRefusals:
    def test_a_refusal_is_data_on_stdout_too(self, run: Run, sheet_file: Path) -> None:
        """With ``--json`` a refusal prints a JSON object (kind, message) on stdout as well as the line on stderr."""
        result = run("sheet", "quote", str(sheet_file), "nothing", "--pack", SKIRMISH, "--json")
        data = result.json()
        assert (2, "UnknownName", True) == (
            result.status,
            data["error"]["kind"],
            data["error"]["message"] in result.err,
        )

    def test_a_file_that_does_not_load_gives_its_problems(self, run: Run, tmp_path: Path) -> None:
        bad = tmp_path / "bad.json"
        bad.write_text('{"format": 3, "pack": "x", "ledger": [], "seal": "%s"}' % ("0" * 64), encoding="utf-8")
        data = run("sheet", "show", str(bad), "--json").json()
        assert ("SheetError", "$.ledger") == (data["error"]["kind"], data["error"]["problems"][0]["path"])

    @pytest.mark.parametrize("words", [("sheet", "show", "--json"), ("sheet", "show", "x.json", "--json", "--bogus")])
    def test_a_command_line_that_does_not_parse_is_data_too(self, run: Run, words: tuple[str, ...]) -> None:
        """A usage error of the parser itself (a missing or unknown argument) gives its JSON object with
        ``--json``, as every other refusal does (it printed the line on stderr only)."""
        result = run(*words)
        error = result.json()["error"]
        assert (2, "UsageError", f"progression: {error['message']}\n") == (result.status, error["kind"], result.err)
