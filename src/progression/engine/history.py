"""Operations on a sheet's history that need no rule pack: undo, milestones, and steps combined into one."""

from __future__ import annotations

import sys

from progression.engine.checks import check_sheet, check_text
from progression.errors import InvalidInput
from progression.ledger.events import Marked, Step
from progression.ledger.sheet import Sheet, build, replay

__all__ = ["combine", "mark", "undo"]


def undo(sheet: Sheet, steps: int = 1) -> Sheet:
    """Take back the last ``steps`` operations (ledger entries). The creation cannot be undone."""
    check_sheet(sheet)
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
        msg = f"undo: steps must be a positive integer, got {steps!r}"
        raise InvalidInput(msg)
    if steps >= len(sheet.ledger):
        msg = f"undo: the ledger holds {len(sheet.ledger) - 1} operations after its creation; cannot undo {steps}"
        raise InvalidInput(msg)
    return replay(sheet.ledger[:-steps])


def mark(sheet: Sheet, label: str) -> Sheet:
    """Add a milestone to the ledger ("match 3"), to look back to with ``sheet.as_of(label)``."""
    check_sheet(sheet, "mark")
    check_text(label, "label", "mark")
    return sheet.apply(Marked(label=label))


def combine(before: Sheet, after: Sheet, label: str) -> Sheet:
    """Record every entry ``after`` added to ``before`` as one :class:`Step`, undone together.

    Use it for a team-level step (a post-match sequence) made of many operations.
    """
    check_sheet(before, "combine")
    check_sheet(after, "combine")
    check_text(label, "label", "combine")
    size = len(before.ledger)
    if after.ledger[:size] != before.ledger:
        msg = "combine: the second sheet does not continue the first one's ledger"
        raise InvalidInput(msg)
    added = after.ledger[size:]
    if not added:
        return before
    # ``after`` is ``before`` with the added entries folded one by one, which is exactly what
    # folding them as one step gives: keep its state rather than fold every entry again.
    return build(
        after, (*before.ledger, Step(label=sys.intern(label), events=added)), after.pools, after.members, after.pending
    )
