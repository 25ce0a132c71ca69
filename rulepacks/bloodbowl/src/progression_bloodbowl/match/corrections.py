"""The past corrected: a match's record amended wherever it was recorded, and every later entry run again.

A match is recorded in one entry, as the command line's ``match`` (the operation ``bloodbowl.match``)
or as :meth:`PostMatch.commit <progression_bloodbowl.PostMatch.commit>` records it (a batch whose
outcome and Dedicated Fans each hold the record). :func:`amend_match` finds that entry by the
match's number and replaces the record everywhere in it, so the outcome and the Dedicated Fans
cannot disagree, then leaves the rest to :func:`progression.amend`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

import progression
import progression.history
from progression import Dice, Entry, Operation, RulePack, Sheet
from progression.errors import InvalidInput
from progression.operations import Batch

from ..data.access import sheet_of
from ..team.results import match_number
from .record import MatchRecord, record_named

__all__ = ["amend_match", "match_entry", "match_records", "operations_in"]

#: The operations that start a new season: a match number before them belongs to an earlier season.
_SEASON_STARTS = frozenset({"bloodbowl.new_season", "bloodbowl.redraft"})


def operations_in(operation: Operation) -> Iterator[Operation]:
    """The operations an entry runs: each of a batch's (a batch within it looked into in turn); any other, itself."""
    if isinstance(operation, Batch):
        for inner in operation.operations:
            yield from operations_in(inner)
    else:
        yield operation


def match_records(operation: Operation) -> list[MatchRecord]:
    """The match records an operation holds, in order (a batch's operations' too: a post-match sequence
    committed as one entry holds its match's twice, in its outcome and its Dedicated Fans)."""
    held = (getattr(inner, "match", None) for inner in operations_in(operation))
    return [record for record in held if isinstance(record, MatchRecord)]


def match_entry(team: Sheet, number: int) -> int:
    """The number of the entry (as ``progression sheet history`` numbers them) that recorded match ``number``
    of the team's current season.

    Raises:
        InvalidInput: no entry of this season recorded that match, or two did (its outcome and its Dedicated
            Fans recorded apart, which one amendment cannot change together); what is not a team sheet, a number
            that is not a match's.
    """
    sheet_of(team, "team", "the team whose match entry is asked")
    match_number(number, "the number of the match")
    found = []
    for position in range(len(team.ledger), 0, -1):
        entry = team.ledger[position - 1]
        if not isinstance(entry, Entry):
            continue
        if entry.operation.tag in _SEASON_STARTS:
            break
        if any(record.number == number for record in match_records(entry.operation)):
            found.append(position)
    if not found:
        msg = f"{team.name} has no entry recording match {number} this season; its history numbers the entries"
        raise InvalidInput(msg)
    if len(found) > 1:
        msg = (
            f"match {number} of {team.name} is recorded in {len(found)} entries "
            f"({', '.join(f'#{n}' for n in sorted(found))}: its outcome and its Dedicated Fans apart), and one "
            "amendment changes one entry: a match recorded as one entry (record_match, the command line's match, "
            "PostMatch.commit) is amended whole"
        )
        raise InvalidInput(msg)
    return found[0]


def _replaced(pack: RulePack, operation: Operation, number: int, changes: dict[str, Any]) -> Operation:
    """``operation`` with the record of match ``number`` changed, wherever it holds it (a batch's operations too),
    its events and injuries read as :func:`~.record.record_named` reads them."""
    if isinstance(operation, Batch):
        operations = tuple(_replaced(pack, op, number, changes) for op in operation.operations)
        return attrs.evolve(operation, operations=operations)
    record = getattr(operation, "match", None)
    if isinstance(record, MatchRecord) and record.number == number:
        corrected = record_named(pack, attrs.evolve(record, **changes))
        return attrs.evolve(operation, match=corrected)  # type: ignore[call-arg]
    return operation


def amend_match(
    pack: RulePack,
    team: Sheet,
    number: int,
    *,
    dice: Dice | None = None,
    invalid: str = "refuse",
    **changes: Any,
) -> tuple[Sheet, progression.history.Amendment]:
    """Correct the record of match ``number`` (this season) with ``changes`` to its fields (``score=(1, 1)``,
    ``injuries={"5": "seriously_hurt"}``), and run every later entry again. Events and injuries are read by id or
    by displayed name (``injuries={"5": "Seriously Hurt"}``), as :func:`~progression_bloodbowl.record_match` reads them.

    Args:
        dice: rolls the corrected history needs and the old one never made (see :func:`progression.amend`).
        invalid: what to do with a later entry the correction makes invalid: ``"refuse"``, ``"drop"``, ``"stop"``.

    Returns:
        The corrected team and the report of every entry from the match's on.

    Raises:
        InvalidInput: no such match this season, or a field a match record does not have.
        AmendmentRefused: a later entry becomes invalid (``invalid="refuse"``).
    """
    fields = [field.name for field in attrs.fields(MatchRecord)]
    unknown = sorted(set(changes) - set(fields))
    if unknown:
        msg = f"a match record has no field {', '.join(map(repr, unknown))}; its fields: {', '.join(fields)}"
        raise InvalidInput(msg)
    position = match_entry(team, number)
    entry = team.ledger[position - 1]
    if not isinstance(entry, Entry):  # match_entry finds entries only; never an assert, which python -O removes
        msg = f"match {number}'s record is in ledger entry {position}, which holds no operation to correct"
        raise InvalidInput(msg)
    corrected = _replaced(pack, entry.operation, number, changes)
    return progression.amend(team, position, corrected, pack=pack, dice=dice, invalid=invalid)
