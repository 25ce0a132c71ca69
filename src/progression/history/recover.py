"""The operations of a history recorded before operations were (a sheet file of format 1), where they can be found.

A format-1 ledger holds events only. For each one, :func:`recover` proposes the core operation
that would have made it (an award for an ``awarded``, a purchase for a ``purchased`` or for a
procedure's step, a milestone for a ``marked``...), runs it on the state before under the pack's
rules, with the rolls the event recorded, and keeps it only when the rules give exactly the
recorded events. So a recovered entry is verified by construction, and an event no operation of
the core gives again (a pack's own step, a match) stays as it was: ``verify`` reports it as
recorded before operations, never as verified.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import attrs

from progression.engine.dice import RecordedDice
from progression.engine.operations import Adjust, Award, Create, Join, Leave, Mark, Purchase
from progression.engine.run import execute_in, start_sheet
from progression.errors import ProgressionError
from progression.history.verify import state_difference
from progression.ledger.events import (
    Adjusted,
    Awarded,
    Created,
    Decided,
    Entry,
    Event,
    Joined,
    Left,
    Marked,
    Member,
    Operation,
    Purchased,
    Rolled,
    Started,
    Step,
)
from progression.ledger.ledger import Ledger
from progression.ledger.sheet import Sheet, applied, replay

if TYPE_CHECKING:
    from progression.rulepacks.rulepack import RulePack

__all__ = ["recover"]


def recover(sheet: Sheet, pack: RulePack) -> Sheet:
    """``sheet`` with each entry that holds no operation replaced by the entry of the operation that gives
    it again under ``pack``'s rules, where one does; the state is unchanged."""
    if all(isinstance(event, Entry) for event in sheet.ledger):
        return sheet
    first = sheet.ledger[0]
    before = _created(pack, first) if isinstance(first, Created) else None
    entries: list[Event] = [first if before is None else before.ledger[0]]
    current = before if before is not None else replay((first,))
    for event in list(sheet.ledger)[1:]:
        entry = event if isinstance(event, Entry) else _entry(pack, current, event)
        entries.append(entry)
        current = applied(current, entry)
    recovered = replay(Ledger(entries))
    return recovered if state_difference(sheet, recovered) is None else sheet


def _created(pack: RulePack, created: Created) -> Sheet | None:
    """The sheet a creation gives under the rules, when one gives ``created`` (made under these rules)."""
    wanted = attrs.evolve(created, rules=pack.rules)
    for operation in (
        Create(kind=created.kind, name=created.name, owned=created.owned, tags=created.tags),
        Create(
            kind=created.kind,
            name=created.name,
            pools=created.pools,
            stats=created.stats,
            owned=created.owned,
            tags=created.tags,
        ),
    ):
        try:
            sheet = start_sheet(pack, operation)
        except ProgressionError:
            continue
        entry = sheet.ledger[0]
        if isinstance(entry, Entry) and entry.events == (wanted,):
            return sheet
    return None


def _entry(pack: RulePack, before: Sheet, event: Event) -> Event:
    """The entry of the operation that gives ``event`` on ``before``, or ``event`` when none does."""
    events = event.events if type(event) is Step else (event,)
    rolls = tuple(e for e in _walk(events) if isinstance(e, Rolled))
    for operation in _candidates(event):
        try:
            entry = execute_in(pack, before, operation, RecordedDice(rolls))[1]
        except ProgressionError:
            continue
        if entry.events == events:
            return entry
    return event


def _candidates(event: Event, member: str | None = None) -> Iterator[Operation]:
    """The core operations that could have made ``event``."""
    if isinstance(event, Member):
        yield from _candidates(event.event, event.member)
    elif isinstance(event, Awarded):
        yield Award(pool=event.pool, amount=event.amount, reason=event.reason, member=member)
    elif isinstance(event, Purchased) and event.override is None:  # a GM's override names no keys to recover
        yield Purchase(upgrade=event.upgrade, choice=event.choice, member=member)
    elif isinstance(event, Adjusted):
        yield Adjust(effect=event.effect, reason=event.reason, member=member)
    elif isinstance(event, Marked) and member is None:
        yield Mark(name=event.label)
    elif isinstance(event, Joined) and member is None:
        yield Join(member=event.member, ledger=event.ledger)
    elif isinstance(event, Left) and member is None:
        yield Leave(member=event.member, reason=event.reason)
    elif type(event) is Step and event.events:
        start = event.events[0]
        if isinstance(start, Started) and start.override is None:  # a procedure: rolls fed back, decisions given
            decisions = tuple(e.choice for e in event.events if isinstance(e, Decided))
            yield Purchase(
                upgrade=start.upgrade, choice=start.choice, member=member, decisions=decisions, args=start.args
            )
        elif isinstance(start, Awarded):  # an award past a cap, with what the cap took
            yield Award(pool=start.pool, amount=start.amount, reason=start.reason, member=member)


def _walk(events: tuple[Event, ...]) -> Iterator[Event]:
    for event in events:
        yield event
        if isinstance(event, Step):
            yield from _walk(event.events)
        elif isinstance(event, Member):
            yield from _walk((event.event,))
