"""What the command prints: rich tables on a terminal, plain aligned text when piped, JSON on request.

rich is an optional extra (``pip install 'progression[cli]'``); it is imported only
when a table is drawn on a terminal, so ``import progression`` never pays for it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from progression.errors import Sentence

__all__ = ["Output", "Table", "counted", "error", "in_command_words", "one_line", "rich_available", "said", "terminal"]


def terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is an interactive terminal (tests monkeypatch this to see the rich path)."""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def rich_available() -> bool:
    """Whether the optional ``rich`` package can be imported."""
    try:
        import rich  # noqa: F401
    except ImportError:
        return False
    return True


class Table:
    """Rows under headers, with a title; numbers are right-aligned."""

    def __init__(self, headers: Sequence[str], rows: Sequence[Sequence[object]], *, title: str = "") -> None:
        self.headers = tuple(headers)
        self.rows = [tuple("" if cell is None else cell for cell in row) for row in rows]
        self.title = title

    def numeric(self, column: int) -> bool:
        """Whether every filled cell of ``column`` is a number."""
        cells = [row[column] for row in self.rows if row[column] != ""]
        return bool(cells) and all(isinstance(c, int | float) and not isinstance(c, bool) for c in cells)

    def plain(self) -> list[str]:
        """The table as aligned lines of text."""
        texts = [tuple(str(cell) for cell in row) for row in self.rows]
        widths = [len(h) for h in self.headers]
        for row in texts:
            for index, cell in enumerate(row):
                widths[index] = max(widths[index], len(cell))
        right = [self.numeric(i) for i in range(len(self.headers))]

        def line(cells: Sequence[str]) -> str:
            parts = [c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right, strict=True)]
            return "  ".join(parts).rstrip()

        lines = [self.title] if self.title else []
        lines.append(line(self.headers))
        lines.append("  ".join("-" * w for w in widths))
        lines.extend(line(row) for row in texts)
        return lines


class Output:
    """Where a command's results go: JSON, a rich table on a terminal, or plain text."""

    def __init__(self, *, json_mode: bool = False) -> None:
        self.json_mode = json_mode

    @property
    def fancy(self) -> bool:
        """Whether tables are drawn with rich: on a terminal, with rich installed, and not in JSON mode."""
        return not self.json_mode and terminal(sys.stdout) and rich_available()

    def json(self, data: Any) -> None:
        """Print ``data`` as JSON (the only thing a ``--json`` command prints on stdout)."""
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")

    def line(self, text: str = "") -> None:
        """Print a line of text (nothing in JSON mode: the JSON document says it all)."""
        if not self.json_mode:
            sys.stdout.write(text + "\n")

    def table(self, table: Table) -> None:
        """Print a table (nothing in JSON mode)."""
        if self.json_mode:
            return
        if not self.fancy:
            for text in table.plain():
                sys.stdout.write(text + "\n")
            return
        from rich.console import Console
        from rich.table import Table as RichTable

        drawn = RichTable(title=table.title or None, title_justify="left")
        for index, header in enumerate(table.headers):
            drawn.add_column(header, justify="right" if table.numeric(index) else "left")
        for row in table.rows:
            drawn.add_row(*(str(cell) for cell in row))
        Console(file=sys.stdout).print(drawn)


def counted(count: int, one: str, many: str) -> str:
    """``count`` things in words: ``1 entry``, ``2 entries``, ``0 members``."""
    return f"{count:,} {one if count == 1 else many}"


def one_line(problem: Exception) -> str:
    """An error as one line (a pack's problems are joined with semicolons)."""
    from progression.errors import PackFunctionError, RulePackError

    if isinstance(problem, RulePackError) and not isinstance(problem, PackFunctionError):
        listed = "; ".join(f"{p.reason} @ {p.path}" for p in problem.problems)
        count = len(problem.problems)
        return f"rule pack {problem.source} has {count} problem{'s' if count != 1 else ''}: {listed}"
    notes = "".join(f" ({note})" for note in getattr(problem, "__notes__", ()))  # what the command line adds
    return " ".join(line.strip() for line in str(problem).splitlines()) + notes


def in_command_words(problem: Exception, file: object, *, pack: object = None) -> Exception:
    """``problem`` as the command line says it: the ways its message tells to run (its
    :class:`~progression.errors.Sentence`, when it has one) said as the commands that run them, on ``file`` when it
    is the one file the command was given. The one place a refusal's words become the command line's.

    ``pack`` is the ``--pack`` the command was given: each ``sheet`` command said on the file keeps it, right after
    the file (``progression sheet rebase hero.json --pack my-pack.toml``), as the file is read with that pack, and a
    pack given by its path is found by no other way."""
    sentence = getattr(problem, "worded", None)
    if sentence is not None:
        problem.args = (said(sentence, file, pack=pack), *problem.args[1:])
    return problem


def said(sentence: Sentence, file: object, *, pack: object = None) -> str:
    """``sentence`` as the command line says it, its ways said as the commands that run them on ``file`` (when it
    is the one file the command was given), each ``sheet`` command keeping the ``--pack`` the command was given (see
    :func:`in_command_words`): a refusal's words, and those of a report's entry that the rules refuse."""
    if isinstance(pack, str) and pack:
        sentence = _keeping_pack(sentence, pack)
    return sentence.on_command_line(file if isinstance(file, str) else None)


def _keeping_pack(sentence: Sentence, pack: str) -> Sentence:
    """``sentence`` with ``--pack PACK`` after the file of each ``sheet`` command it tells to run on the file (one
    that names a ``--pack`` of its own keeps it)."""
    import attrs

    from progression.errors import Sentence, Way
    from progression.spelling import command_line

    def kept(part: str | Way) -> str | Way:
        if not isinstance(part, Way) or not part.on_file or part.command.split()[0] != "sheet":
            return part
        if "--pack" in part.args.split():
            return part
        return attrs.evolve(part, args=" ".join(w for w in (command_line("--pack", pack), part.args) if w))

    return Sentence(tuple(kept(part) for part in sentence.parts))


def error(text: str) -> None:
    """Print one line on stderr, prefixed with the command's name."""
    flat = " ".join(line.strip() for line in text.splitlines())
    sys.stderr.write(f"progression: {flat}\n")
