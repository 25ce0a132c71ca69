"""Operations on a sheet's history that need no rule pack: milestones, and operations combined into one entry."""

from __future__ import annotations

from progression.engine.checks import check_sheet, check_text
from progression.engine.operations import Batch, Mark
from progression.engine.run import execute_in
from progression.errors import InvalidInput
from progression.ledger.events import Entry, Step
from progression.ledger.sheet import Sheet, build

__all__ = ["combine", "mark"]


def mark(sheet: Sheet, label: str) -> Sheet:
    """Add a milestone to the ledger ("match 3"), to look back to with ``sheet.as_of(label)``."""
    check_sheet(sheet, "the sheet to mark")
    check_text(label, "label", "mark")
    return execute_in(None, sheet, Mark(name=label), None)[0]


def combine(before: Sheet, after: Sheet, label: str) -> Sheet:
    """Record every entry ``after`` added to ``before`` as one entry, undone together.

    Use it for a team-level step (a post-match sequence) made of many operations. When every
    added entry holds its operation, the one entry is a :class:`~progression.operations.Batch`
    of them (verified and amended like any operation); otherwise it is a plain
    :class:`~progression.events.Step` of the added entries.
    """
    check_sheet(before, "the sheet before, to combine")
    check_sheet(after, "the sheet after, to combine")
    check_text(label, "label", "combine")
    size = len(before.ledger)
    if len(after.ledger) < size or after.ledger.prefix(size) != before.ledger:
        msg = (
            f"expected the sheet after to continue the ledger of the sheet before ({size} entries), got a ledger of "
            f"{len(after.ledger)} entries that does not; combine takes the sheet before the entries to combine, then "
            "the sheet after them"
        )
        raise InvalidInput(msg)
    added = after.ledger[size:]
    if not added:
        return before
    entry: Step
    if all(isinstance(item, Entry) for item in added):
        entries = [item for item in added if isinstance(item, Entry)]
        operation = Batch(title=label, operations=tuple(item.operation for item in entries))
        rolls = tuple(roll for item in entries for roll in item.rolls)
        entry = Entry(label=operation.label, number=size + 1, events=added, operation=operation, rolls=rolls)
    else:
        entry = Step(label=label, events=added)
    # ``after`` is ``before`` with the added entries folded one by one, which is exactly what
    # folding them as one entry gives: keep its state rather than fold every entry again.
    return build(after, before.ledger.append(entry), after.pools, after.members, after.pending)
