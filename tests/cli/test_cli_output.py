"""Output: plain aligned text when piped, rich tables on a terminal, JSON on request."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from cli_support import SKIRMISH, Result

from progression.cli import output as _cli_output
from progression.cli.output import Table

Run = Callable[..., Result]


class TestTable:
    def test_plain_alignment(self) -> None:
        """Text columns are left-aligned, number columns right-aligned, trailing spaces trimmed."""
        lines = Table(("name", "n"), [("a", 1), ("bbb", 22)], title="T").plain()
        assert ["T", "name   n", "----  --", "a      1", "bbb   22"] == lines

    def test_empty_cells(self) -> None:
        """None prints as an empty cell and does not stop a column from being numeric."""
        table = Table(("n",), [(None,), (3,)])
        assert (True, ["n", "-", "", "3"]) == (table.numeric(0), table.plain())


class TestRich:
    def test_rich_on_a_terminal(self, run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
        """On a terminal with rich installed, tables are drawn with rich's box lines."""
        import rich  # noqa: F401 - the cli extra, installed by make test

        monkeypatch.setattr(_cli_output, "terminal", lambda stream: True)
        out = run("table", SKIRMISH, "gear").out
        assert "┃ level ┃ cost ┃ total from 0 ┃" in out

    def test_plain_without_rich(self, run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
        """Without rich, a terminal gets the plain table."""
        monkeypatch.setattr(_cli_output, "terminal", lambda stream: True)
        monkeypatch.setattr(_cli_output, "rich_available", lambda: False)
        assert "level  cost  total from 0" in run("table", SKIRMISH, "gear").out

    def test_rich_is_not_imported_by_the_library(self) -> None:
        """`import progression` imports neither rich nor matplotlib (they are optional, and slow)."""
        import subprocess
        import sys

        code = "import sys, progression; print(any(m.split('.')[0] in ('rich', 'matplotlib') for m in sys.modules))"
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        assert "False" == done.stdout.strip()


class TestInCommandWords:
    def test_the_pack_given_is_kept_in_the_sheet_commands_on_the_file_alone(self) -> None:
        """The ``--pack`` a command was given is said after the file in each ``sheet`` command a refusal tells to run
        on that file, a path quoted for the shell; a command of another family (a league's), one on another file,
        and one that names its own ``--pack`` are said as they are."""
        from progression.errors import InvalidInput, Sentence, Way

        said = Sentence(
            (
                "run ",
                Way(python="progression.rebase", command="sheet rebase"),
                ", ",
                Way(python="League.record", command="league record", args="3 ..."),
                ", ",
                Way(python="new_league", command="league new", args="NEWFILE", on_file=False),
                " or ",
                Way(python="buy", command="sheet buy", args="level_up --pack other.toml"),
            )
        )
        problem = _cli_output.in_command_words(InvalidInput(said), "ana.json", pack="my packs/skirmish.toml")
        assert (
            "run `progression sheet rebase ana.json --pack 'my packs/skirmish.toml'`, "
            "`progression league record ana.json 3 ...`, `progression league new NEWFILE` or "
            "`progression sheet buy ana.json level_up --pack other.toml`"
        ) == str(problem)

    def test_without_a_pack_the_commands_are_said_as_they_are(self) -> None:
        """No ``--pack`` given (the pack the sheet names, installed): nothing is added."""
        from progression.errors import InvalidInput, Sentence, Way

        said = Sentence(("run ", Way(python="progression.rebase", command="sheet rebase")))
        assert "run `progression sheet rebase ana.json`" == str(
            _cli_output.in_command_words(InvalidInput(said), "ana.json")
        )
