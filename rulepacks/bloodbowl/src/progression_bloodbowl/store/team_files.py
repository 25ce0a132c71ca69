"""A team's file brought back into its league (:meth:`League.update_team
<progression_bloodbowl.types.League.update_team>`) compared with the team the league holds: whether the file's
history extends the league's, entry for entry, and when it does not, the first entry that differs and what to
do about it.
"""

from __future__ import annotations

from collections.abc import Iterator

from progression import Entry, Operation, Sheet
from progression.operations import Batch

from ..match.corrections import _records as records_of

__all__ = ["divergence", "extends", "operations_of"]


def extends(sheet: Sheet, stored: Sheet) -> bool:
    """Whether ``sheet``'s history is ``stored``'s, entry for entry, then perhaps more."""
    return divergence(sheet, stored) is None


def divergence(sheet: Sheet, stored: Sheet) -> str | None:
    """Why ``sheet``'s history does not extend ``stored``'s: its first entry that differs, or the entries it
    misses (None: every stored entry is in ``sheet``, unchanged, in its place)."""
    ledger, kept = sheet.ledger, stored.ledger
    for position, held in enumerate(kept, start=1):
        if position > len(ledger):
            return (
                f"it holds {len(ledger)} entries where the league holds {len(kept)}, entry {position} "
                f"({label(held)}) the first it misses: it is older than the league's team; export the team again "
                "(`progression league team export`) and run its sequence on that file"
            )
        found = ledger[position - 1]
        if found == held:
            continue
        if isinstance(found, Entry) and records_of(found.operation):
            why = (
                "a match of the league is recorded on both teams and its fixture at once, with `progression league "
                "record FILE FIXTURE ...` (League.record), not in a team's file"
            )
        elif isinstance(held, Entry) and records_of(held.operation):
            why = "the file misses the league's match: export the team again (`progression league team export`)"
        else:
            why = (
                f"the file and the league went different ways after entry {position - 1}: export the team again "
                "(`progression league team export`) to run on it what the league does not hold yet; an entry the "
                "league holds is corrected in the league (`progression league amend` for a match), not in a file"
            )
        return f"its entry {position} ({label(found)}) is not the league's entry {position} ({label(held)}); {why}"
    return None


def label(entry: object) -> str:
    return str(getattr(entry, "label", None) or getattr(entry, "tag", type(entry).__name__))


def operations_of(operation: Operation) -> Iterator[Operation]:
    """The operations an entry runs: a batch's, each; any other, itself."""
    if isinstance(operation, Batch):
        for inner in operation.operations:
            yield from operations_of(inner)
    else:
        yield operation
