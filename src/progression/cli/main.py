"""The ``progression`` command: running a parsed command, and the one place errors become exit statuses.

Exit statuses:

* 0 — done.
* 1 — refused by the rules: a purchase refused (:class:`~progression.errors.PurchaseError` and its kinds),
  something pending to settle first (:class:`~progression.errors.PendingState`), a decision given when none
  waits (:class:`~progression.errors.DecisionError`), a step out of the rules' order
  (:class:`~progression.errors.OutOfOrder`), a sheet file or a store's sheet changed by another writer meanwhile
  (:class:`~progression.errors.StoreConflict`), a store another writer held past its timeout
  (:class:`~progression.errors.StoreBusy`), a pack file that ``validate`` finds faulty, and any other rule error
  a pack raises.
* 2 — bad usage: a malformed command line, an unknown pack or id, a missing or broken file, bad input
  (:class:`~progression.errors.InvalidInput`, :class:`~progression.errors.UnknownName`; an answer to a decision
  that names none of its options, :class:`~progression.errors.UnknownAnswer`,
  :class:`~progression.errors.UnknownPackError`, :class:`~progression.errors.RulePackError`,
  :class:`~progression.errors.SheetError`, :class:`~progression.errors.DiceError`), a file that cannot be read or
  written (:class:`~progression.errors.UnreadableFile`, :class:`~progression.errors.UnwritableFile`), a store that
  cannot do what was asked (:class:`~progression.errors.StoreError`: a file that holds no store, a store that
  cannot be made there, a record or a sheet edited in the database, an id taken), a missing optional extra.
* 3 — a bug (an unexpected exception in a pack's function or here): one line, and the traceback with
  ``PROGRESSION_DEBUG=1``.
* 130 — interrupted.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from progression.cli.parser import EPILOG, Parser, UsageExit, parser

if TYPE_CHECKING:
    from progression.errors import ProgressionError

__all__ = ["EPILOG", "Parser", "exit_status", "main", "parser"]


def exit_status(problem: ProgressionError) -> int:
    """2 for an error of usage (a bad file included), 1 for a refusal by the rules or by another writer."""
    from progression.errors import (
        DiceError,
        InvalidInput,
        OutOfOrder,
        RulePackError,
        SheetError,
        StoreBusy,
        StoreConflict,
        StoreError,
        UnknownName,
        UnknownPackError,
        UnreadableFile,
        UnwritableFile,
    )

    # Errors that mean the command was used wrongly, or on a file that is not what it takes (a store that is
    # none, cannot be made, or was edited outside the library; a file that cannot be read or written); every
    # other library error is a refusal, and so is a change another writer got in the way of: run it again.
    usage = (InvalidInput, UnknownName, UnknownPackError, RulePackError, SheetError, DiceError, StoreError)
    refused = (OutOfOrder, StoreConflict, StoreBusy)
    files = (UnreadableFile, UnwritableFile)
    return 2 if isinstance(problem, (*usage, *files)) and not isinstance(problem, refused) else 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return its exit status (0 done, 1 refused by the rules, 2 bad usage).

    Run as the ``progression`` program (``argv`` None), the command goes to this Python's server when one runs
    (:mod:`progression.cli.server`, asked by :mod:`progression.cli.forward`), and runs here when none does or it declines."""
    if argv is None:
        from progression.cli.forward import forwarded

        status = forwarded(sys.argv[1:])
        if status is not None:
            return status
    try:
        args = _parsed(argv)
    except UsageExit as stop:  # printed already; a program reading --json gets it as data too
        if "--json" in (sys.argv[1:] if argv is None else argv):
            import json

            sys.stdout.write(json.dumps({"error": {"kind": "UsageError", "message": stop.message}}) + "\n")
        return 2
    except SystemExit as stop:  # --help, --version
        return stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 2
    # Imported once the command is known: `--help` and usage errors stop above, without them.
    from progression.cli.args import DiceAsked
    from progression.cli.output import Output, error, in_command_words, one_line
    from progression.errors import ProgressionError

    out = Output(json_mode=getattr(args, "json", False))
    try:
        return int(args.run(args, out))
    except DiceAsked as asked:  # the answer to `--dice ...,?`: which roll comes next
        out.json({"next": str(asked)}) if out.json_mode else out.line(str(asked))
        return 0
    except ProgressionError as problem:
        error(one_line(in_command_words(problem, getattr(args, "file", None), pack=getattr(args, "pack", None))))
        if out.json_mode:  # a program reading --json gets the refusal as data too
            out.json({"error": refusal(problem)})
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


def _parsed(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line read, options in any order: a ``KEY=VALUE`` (or the one optional name a command
    takes) that comes after the command's options is taken where it belongs, as if it came before them."""
    args, extras = parser().parse_known_args(argv)
    unplaced = [word for word in extras if not _place(args, word)]
    if unplaced:
        args._parser.unrecognized(unplaced)
    return args


def _place(args: argparse.Namespace, word: str) -> bool:
    """Put ``word``, left over after the options, where the command takes such words; whether it could."""
    if word.startswith("-"):
        return False
    options = getattr(args, "options", None)
    if isinstance(options, list) and "=" in word:
        options.append(word)
        return True
    if hasattr(args, "upgrade") and args.upgrade is None:  # `sheet options FILE --member 2 chosen_primary`
        args.upgrade = word
        return True
    return False


def refusal(problem: ProgressionError) -> dict[str, object]:
    """A refusal as data: its kind, its message, each problem's key path when it has them, and the sheets it
    concerns with the files that hold them when it names any (a report's teams whose results disagree)."""
    data: dict[str, object] = {"kind": type(problem).__name__, "message": str(problem)}
    problems = getattr(problem, "problems", None)
    if problems:
        data["problems"] = [{"file": p.source, "path": p.path, "reason": p.reason} for p in problems]
    if problem.sheets:
        data["sheets"] = list(problem.sheets)
    if problem.sheet_files:
        data["files"] = [{"sheet": name, "file": path} for name, path in problem.sheet_files]
    return data


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # pragma: no cover - stdout without a descriptor
        pass
