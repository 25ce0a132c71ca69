"""Undo: the sheet as it was before its last operations, in a time that does not grow with the history."""

from __future__ import annotations

from progression.engine.checks import check_sheet, sheet_called
from progression.errors import InvalidInput
from progression.ledger.sheet import Sheet

__all__ = ["undo"]


def undo(sheet: Sheet, steps: int = 1) -> Sheet:
    """Take back the last ``steps`` operations (ledger entries). The creation cannot be undone."""
    check_sheet(sheet, "the sheet to undo")
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
        msg = f"the number of operations to undo must be a positive integer, got {steps!r}"
        raise InvalidInput(msg)
    if steps >= len(sheet.ledger):
        msg = f"{sheet_called(sheet)} holds {len(sheet.ledger) - 1} operations after its creation; cannot undo {steps}"
        raise InvalidInput(msg)
    return sheet.at(len(sheet.ledger) - steps)
