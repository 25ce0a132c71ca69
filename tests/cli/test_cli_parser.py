"""The parser is light: help, usage errors and the parse import no command's module, nothing heavy."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from progression.cli.parser import command

#: Modules a parse must not import: the core's heavy parts, cattrs, the process pool, the extras.
HEAVY = (
    "attrs",
    "cattrs",
    "concurrent.futures.process",
    "importlib.metadata",
    "matplotlib",
    "rich",
    "progression.rulepacks.rulepack",
    "progression.ledger.sheet",
    "progression.rulepacks.discovery",
    "progression.errors",
)


def imported_after(*argv: str) -> tuple[int, list[str]]:
    """The exit status of ``progression ARGV`` in a fresh interpreter, and the HEAVY modules it imported."""
    code = (
        "import io, json, sys, contextlib\n"
        "from progression.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
        f"    status = main({list(argv)!r})\n"
        f"print(json.dumps([status, [m for m in {HEAVY!r} if m in sys.modules]]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    status, heavy = json.loads(done.stdout)
    return status, heavy


class TestLightParse:
    @pytest.mark.parametrize(
        "argv",
        [
            ("--help",),
            ("sheet", "--help"),
            ("sheet", "buy", "--help"),
            ("simulate", "--help"),
            ("nope",),
            (),
            ("sheet", "shwo"),
            ("show", "x", "--lnag"),
            ("sheet", "quote", "x.json", "--lnag", "fr", "level_up"),
        ],
        ids=" ".join,
    )
    def test_help_and_usage_errors_import_nothing_heavy(self, argv: tuple[str, ...]) -> None:
        """`--help` anywhere and a usage error print without importing the core, cattrs or the extras; so does
        one that names the closest command or option (``sheet shwo``, ``show x --lnag``), an unknown option
        refused before the parse included."""
        status, heavy = imported_after(*argv)
        assert (0 if argv and argv[-1] == "--help" else 2, []) == (status, heavy)

    def test_a_command_imports_its_module_when_it_runs(self) -> None:
        """The parse names each command's function; the function's module is imported when it runs."""
        status, heavy = imported_after("packs", "--json")
        assert (0, True) == (status, "progression.rulepacks.discovery" in heavy)


class TestCommand:
    def test_named_after_its_function(self) -> None:
        """A lazy command carries the name of the function it stands for (shown in tracebacks)."""
        assert "run_table" == command("tables", "run_table").__name__

    def test_runs_the_named_function(self) -> None:
        """Calling it imports the module and calls the function with the same arguments."""
        import argparse

        from progression.cli.output import Output

        calls: list[object] = []

        def run_record(args: argparse.Namespace, out: Output) -> int:
            calls.append(args.value)
            return 7

        module = type(sys)("progression.cli.recorded")
        module.run_record = run_record  # type: ignore[attr-defined]
        sys.modules["progression.cli.recorded"] = module
        try:
            status = command("recorded", "run_record")(argparse.Namespace(value="x"), Output(json_mode=False))
        finally:
            del sys.modules["progression.cli.recorded"]
        assert (7, ["x"]) == (status, calls)


class TestSheetCommandLanguage:
    def test_the_sheet_commands_without_lang(self) -> None:
        """``sheet_command`` keeps --lang on every sheet command but those that take none: the set it reads is
        the parser's, so a command given --lang later is suggested with it."""
        import argparse

        from progression.cli.args import UNWORDED_SHEET_COMMANDS
        from progression.cli.parser import parser

        (commands,) = (a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
        (verbs,) = (a for a in commands.choices["sheet"]._actions if isinstance(a, argparse._SubParsersAction))
        without = {
            verb
            for verb, sub in verbs.choices.items()
            if not any("--lang" in action.option_strings for action in sub._actions)
        }
        assert without == UNWORDED_SHEET_COMMANDS
