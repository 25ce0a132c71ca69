"""What ``progression league ...`` and ``progression campaign ...`` share: a book's store opened for one command
and closed after it, each verification and each amendment's outcomes as JSON, the marks an amendment's
outcomes are printed with (as ``sheet amend`` prints them), and the reports of both in the command line's words
(``sheet verify``, ``amend`` and ``rebase`` say theirs so too)."""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from progression.cli.args import UsageError, language
from progression.cli.output import said
from progression.spelling import command_line

if TYPE_CHECKING:
    from progression.errors import Sentence
    from progression.history import Amendment, Verification
    from progression.rulepacks.rulepack import RulePack
    from progression.store import Store

__all__ = ["MARKS", "amendment_in_words", "new_store", "opened_store", "outcomes", "verification_in_words", "verified"]

#: How each outcome of an amendment is marked.
MARKS = {"amended": "+", "holds": " ", "changed": "~", "refused": "!", "dropped": "-", "kept": " "}


#: What the placeholders of ``progression COMMAND new`` stand for, which the command that opens a missing store says.
_KEEPS = {
    "league": "PACK a pack that keeps leagues (such as bloodbowl) and NAME the league's name",
    "campaign": "PACK a pack that keeps a party of characters (such as competence) and NAME the party's name",
}

#: What they stand for in a command of another name.
_PLACEHOLDERS = "PACK the pack that keeps it and NAME its name"


@contextlib.contextmanager
def opened_store(args: argparse.Namespace, command: str) -> Iterator[Store]:
    """The store of ``args.file`` (a file that exists, or a connection string), closed after the command.

    Raises:
        UsageError: no such file; the message gives ``progression COMMAND new`` to make one.
    """
    from progression.store import open_store

    where = str(args.file)
    if "://" not in where and not Path(where).is_file():
        if Path(where).exists():
            what = "a directory" if Path(where).is_dir() else "not a regular file (a device, a pipe or a socket)"
            msg = f"{command} file {where!r} is {what}; give the store's file"
        else:
            made = command_line("progression", command, "new", where, "--pack", "PACK", "--name", "NAME")
            msg = (
                f"{command} file {where!r} does not exist; make one with `{made}`, {_KEEPS.get(command, _PLACEHOLDERS)}"
            )
        raise UsageError(msg)
    store = open_store(where)
    try:
        language(store.pack, args)  # a language the pack lacks is refused before anything is written
        yield store
    finally:
        store.close()


@contextlib.contextmanager
def new_store(where: str, pack: RulePack, what: str, command: str) -> Iterator[Store]:
    """A new store at ``where`` (a file that must not exist yet, or a connection string) for ``progression COMMAND
    new`` to make ``what`` (a league, a party) in, closed after. A file made for it is removed when the block is
    refused (a name, a tuning), so that the command can be given again.

    Raises:
        UsageError: the file exists, or its directory does not.
    """
    from progression.store import open_store

    local = "://" not in where
    if not where.strip():  # `Path("")` is the working folder, which exists
        msg = f"FILE: expected the path of the new {command}'s store, got {where!r}"
        raise UsageError(msg)
    if local and Path(where).exists():
        msg = f"{where!r} exists: a new {what} is made in a new file (open this one with the other {command} commands)"
        raise UsageError(msg)
    if local and not Path(where).parent.is_dir():
        msg = f"cannot make {where!r}: the directory {str(Path(where).parent)!r} does not exist"
        raise UsageError(msg)
    store = open_store(where, pack)
    made = False
    try:
        yield store
        made = True
    finally:
        store.close()
        if local and not made:
            for leftover in (Path(where), Path(f"{where}-wal"), Path(f"{where}-shm")):
                leftover.unlink(missing_ok=True)


def verified(reports: Mapping[str, Verification]) -> dict[str, dict[str, object]]:
    """Each sheet's verification as JSON: ok, entries, and each divergence; ``unread`` too, why and where, for a
    sheet whose history or state does not read (not verified)."""
    return {
        who: {
            "ok": report.ok,
            "entries": report.entries,
            "divergences": [
                {"entry": d.position, "label": d.label, "kind": d.kind, "sentence": d.sentence}
                for d in report.divergences
            ],
            **({"unread": report.unread} if report.unread else {}),
        }
        for who, report in reports.items()
    }


def amendment_in_words(
    report: Amendment, file: str, *, pack: object = None, reword: Callable[[Sentence], Sentence] | None = None
) -> Amendment:
    """``report`` as the command line says it: the reason of each entry the rules refuse in the command line's
    words (the commands it tells to run, on ``file``: :func:`~progression.cli.output.said`, ``pack`` the
    ``--pack`` given), where the report keeps a program's. ``reword``: what the command makes of such a reason
    first (a store's character is run on by ``campaign do FILE CHARACTER``, a sheet file by ``sheet do FILE``)."""
    return attrs.evolve(
        report,
        outcomes=tuple(
            o if o.worded is None else attrs.evolve(o, reason=said(_reworded(o.worded, reword), file, pack=pack))
            for o in report.outcomes
        ),
    )


def verification_in_words(
    report: Verification, file: str, *, pack: object = None, reword: Callable[[Sentence], Sentence] | None = None
) -> Verification:
    """``report`` as the command line says it: each divergence's sentence in the command line's words, as
    :func:`amendment_in_words` says an amendment's reasons."""
    return attrs.evolve(
        report,
        divergences=tuple(
            d if d.worded is None else attrs.evolve(d, sentence=said(_reworded(d.worded, reword), file, pack=pack))
            for d in report.divergences
        ),
    )


def _reworded(sentence: Sentence, reword: Callable[[Sentence], Sentence] | None) -> Sentence:
    return sentence if reword is None else reword(sentence)


def outcomes(report: Amendment) -> list[dict[str, Any]]:
    """An amendment's outcomes as JSON (each reason as the report gives it: in the command line's words once
    :func:`amendment_in_words` said them)."""
    return [
        {"entry": o.position, "label": o.label, "status": o.status, "changes": list(o.changes), "reason": o.reason}
        for o in report.outcomes
    ]


def check_new_file(path: str | Path, force: bool) -> None:
    """Refuse, before anything is read or written, to replace a file that is there without ``--force``.

    Raises:
        UsageError: the file exists and ``force`` is False.
    """
    if not force and Path(path).exists():
        msg = f"{str(path)!r} already exists; pass --force to replace it"
        raise UsageError(msg)
