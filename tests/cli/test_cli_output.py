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
