"""The ``progression`` command: the parser, and the one place errors become exit statuses.

Exit statuses:

* 0 — done.
* 1 — refused by the rules: a purchase refused (:class:`~progression.errors.PurchaseError` and its kinds),
  something pending to settle first (:class:`~progression.errors.PendingState`), a decision that is not an
  option (:class:`~progression.errors.DecisionError`), a sheet file changed by someone else meanwhile,
  a pack file that ``validate`` finds faulty, and any other rule error a pack raises.
* 2 — bad usage: a malformed command line, an unknown pack or id, a missing or broken file, bad input
  (:class:`~progression.errors.InvalidInput`, :class:`~progression.errors.UnknownName`,
  :class:`~progression.errors.UnknownPackError`, :class:`~progression.errors.RulePackError`,
  :class:`~progression.errors.SheetError`, :class:`~progression.errors.DiceError`), a missing optional extra.
* 3 — a bug (an unexpected exception in a pack's function or here): one line, and the traceback with
  ``PROGRESSION_DEBUG=1``.
* 130 — interrupted.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from . import _cli_demo, _cli_packs, _cli_plot, _cli_sheet, _cli_sheet_change, _cli_simulate, _cli_tables, _cli_validate
from ._cli_output import Output, error, one_line
from .errors import (
    DiceError,
    InvalidInput,
    ProgressionError,
    RulePackError,
    SheetError,
    UnknownName,
    UnknownPackError,
)

__all__ = ["exit_status", "main", "parser"]

#: Errors that mean the command was used wrongly (exit status 2); every other library error is a refusal (1).
USAGE_ERRORS = (InvalidInput, UnknownName, UnknownPackError, RulePackError, SheetError, DiceError)

EPILOG = "exit status: 0 done, 1 refused by the rules, 2 bad usage. `progression COMMAND --help` for each command."


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr, exit status 2."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("progression").strip()
        where = f"{command}: " if command else ""  # `error` names the program itself
        error(f"{where}{message} (see `{self.prog} --help`)")
        raise SystemExit(2)


def parser() -> argparse.ArgumentParser:
    """The argument parser of the ``progression`` command."""
    from . import __version__

    top = Parser(
        prog="progression",
        description="Character progression for games: rule packs, cost tables, sheet files, simulations.",
        epilog=EPILOG,
    )
    top.add_argument("--version", action="version", version=f"progression {__version__}")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _cli_packs.register(sub, [])
    _cli_tables.register(sub, [])
    sheet = sub.add_parser(
        "sheet",
        help="keep a character or a team in a JSON file",
        description="Create, look at and change a sheet file. Every change is written atomically; a refused "
        "change leaves the file as it was; a file changed by someone else meanwhile is not overwritten.",
        epilog=EPILOG,
    )
    actions = sheet.add_subparsers(dest="action", required=True, metavar="ACTION")
    _cli_sheet_change.register(actions, [])
    _cli_sheet.register(actions, [])
    _cli_plot.register(sub, [])
    _cli_simulate.register(sub, [])
    _cli_validate.register(sub, [])
    _cli_demo.register(sub, [])
    return top


def exit_status(problem: ProgressionError) -> int:
    """2 for an error of usage, 1 for a refusal by the rules."""
    return 2 if isinstance(problem, USAGE_ERRORS) else 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return its exit status (0 done, 1 refused by the rules, 2 bad usage)."""
    try:
        args = parser().parse_args(argv)
    except SystemExit as stop:  # --help, --version, or a usage error already printed
        return stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 2
    out = Output(json_mode=getattr(args, "json", False))
    try:
        return int(args.run(args, out))
    except ProgressionError as problem:
        error(one_line(problem))
        return exit_status(problem)
    except BrokenPipeError:  # `progression table ... | head`: the reader has had enough
        _silence_stdout()
        return 0
    except OSError as problem:
        where = f" {problem.filename!r}" if problem.filename else ""
        error(f"cannot use file{where}: {problem.strerror or problem}")
        return 2
    except KeyboardInterrupt:
        error("interrupted")
        return 130
    except Exception as problem:
        if os.environ.get("PROGRESSION_DEBUG"):
            raise
        error(
            f"internal error: {type(problem).__name__}: {problem} "
            "(set PROGRESSION_DEBUG=1 to see the traceback, and report it)"
        )
        return 3


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # pragma: no cover - stdout without a descriptor
        pass
