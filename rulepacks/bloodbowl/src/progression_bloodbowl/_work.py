"""What the pack's rule code needs of an operation's work that the core's work does not offer yet.

Stopgaps, each to go when the core offers it (issue 13). :func:`show_roll` uses only the work's public
surface; :func:`member_step`, :func:`whole_step` and :func:`run_in_step` reach into the work, for the
histories (the off-season of a player, a re-draft's new season) that the core's steps do not leave as
the entry replays them, or as :func:`progression.combine` wrote them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence

from progression import Operation, ScriptedDice, Work, combine
from progression.errors import InvalidInput

__all__ = ["member_step", "run_in_step", "show_roll", "whole_step"]


def show_roll(work: Work, sides: int, results: Sequence[int], *, label: str, member: str | None = None) -> None:
    """Show dice already rolled in the history as one roll labelled ``label``, rolling nothing again.

    The dice were rolled through ``work.dice.roll`` (so the entry holds them already) when what the roll
    shows, or where it goes, depends on what it gave; or they came with the operation (a spell cast on a
    pitch the sheet does not hold). ``work.roll`` rolls as it shows, so it is given, for this one roll,
    dice that give back ``results`` and keep them out of the entry's rolls.
    """
    rolling = work.dice
    work.dice = type(rolling)(ScriptedDice(results))
    try:
        work.roll(sides, len(results), label=label, member=member)
    finally:
        work.dice = rolling


def run_in_step(work: Work, operation: Operation) -> None:
    """``work.run(operation)``, inside the steps open (none of them on a member): its entry is one of the step's
    events, as :func:`progression.combine` made it (a re-draft's new season with journeymen to release).

    ``work.run`` refuses a nested operation while a step is open: inside a step on a member it would have to
    run on that member. In a step on the sheet itself it runs on the sheet as it stands, as here.
    """
    opened = work._open  # the core offers no way yet: see the module's text
    if any(step.member is not None for step in opened):
        msg = f"a nested operation ({operation.tag}) runs in no step on a member"
        raise InvalidInput(msg)
    work._open = []
    try:
        work.run(operation)
    finally:
        work._open = opened
    if opened:
        work._recorded(work._events.pop())


@contextlib.contextmanager
def whole_step(work: Work, label: str) -> Iterator[None]:
    """``work.step(label)``, after which the sheet as it stands holds the step as one event of its history, as
    :func:`progression.combine` left it: an operation nested after the step is numbered as it was then.

    ``work.step`` leaves each change of the step an event of the sheet as it stands (only the entry holds
    them as one step), so what is nested after it would be numbered one more per change.
    """
    before = work.sheet
    with work.step(label):
        yield
    if work.sheet is not before:
        work._sheet = combine(before, work.sheet, label)  # the core offers no way yet: see the module's text


@contextlib.contextmanager
def member_step(work: Work, label: str, member: str) -> Iterator[None]:
    """``work.step(label, member=member)``, after which the member's history holds the step as one event, as
    the entry replays it (``replay(sheet.ledger) == sheet``).

    ``work.step`` for a member applies each change of the step to him on its own, so the member's history
    holds them one by one, where the entry, replayed, gives him the one step.
    """
    before = work.sheet
    with work.step(label, member=member):
        yield
    if work.sheet is not before:  # the core offers no way yet: see the module's text
        recorded = work._open[-1].events if work._open else work._events
        work._sheet = before.apply(recorded[-1])
