"""The fold: a ledger's events applied one by one to a mutable state, frozen into a sheet at the end.

The fold trusts its events (rules are checked before an event is made); it refuses only an
event that cannot apply at all, such as a creation past the start or a member that is not there.

A sheet applies events through the fold and the fold builds sheets, so this module and ``_sheet``
import each other as modules and look names up when called: either may be imported first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from progression._frozen import EMPTY
from progression.errors import Problem, SheetError
from progression.ledger import sheet as _sheet
from progression.ledger.events import (
    EVENT_TYPES,
    Adjusted,
    Asked,
    Awarded,
    Created,
    Decided,
    Entry,
    Event,
    Finished,
    Joined,
    Left,
    Lost,
    Marked,
    Member,
    Purchased,
    Rolled,
    Started,
    Step,
)
from progression.ledger.ledger import SNAPSHOT_EVERY, Ledger
from progression.rules.parts import Effect

__all__ = ["Fold", "creation", "fold"]


#: The empty mapping a fold starts its purchases and members from.
_NONE: Mapping[str, Any] = EMPTY


def _read_only(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    if type(mapping) is not dict:
        return mapping
    return MappingProxyType(mapping) if mapping else EMPTY


class Fold:
    """The mutable state a ledger is folded into; frozen into a :class:`Sheet` at the end.

    Copy on write: the fold starts from the read-only mappings of the sheet (or the
    creation) and copies one into a dict only when an event changes it, so applying an
    event to a sheet copies what the event touches and shares the rest.
    """

    __slots__ = ("bought", "kind", "members", "name", "owned", "pack", "pending", "pools", "stats", "tags")

    def __init__(self, created: Created) -> None:
        self.pack = created.pack
        self.kind = created.kind
        self.name = created.name
        self.pools: Mapping[str, int] = created.pools
        self.stats: Mapping[str, int] = created.stats
        self.owned: Mapping[str, int] = created.owned
        self.tags: Mapping[str, str] = created.tags
        self.bought: Mapping[str, int] = _NONE
        self.members: Mapping[str, _sheet.Sheet] = _NONE
        self.pending: _sheet.Pending | None = None

    @classmethod
    def of(cls, sheet: _sheet.Sheet) -> Fold:
        fold = cls.__new__(cls)
        fold.pack, fold.kind, fold.name = sheet.pack, sheet.kind, sheet.name
        fold.pools, fold.stats, fold.owned, fold.tags = sheet.pools, sheet.stats, sheet.owned, sheet.tags
        fold.bought, fold.members, fold.pending = sheet.bought, sheet.members, sheet.pending
        return fold

    def freeze(self, ledger: Ledger) -> _sheet.Sheet:
        """The sheet of this state; the fold may go on (what it changes next, it copies first)."""
        self.pools, self.stats, self.owned = _read_only(self.pools), _read_only(self.stats), _read_only(self.owned)
        self.tags, self.bought, self.members = _read_only(self.tags), _read_only(self.bought), _read_only(self.members)
        return _sheet.build(
            self,
            ledger,
            pools=self.pools,
            members=self.members,
            pending=self.pending,
            stats=self.stats,
            owned=self.owned,
            tags=self.tags,
            bought=self.bought,
        )

    # Each returns the mapping as a dict this fold owns, copying the shared one on first change.
    # One method per mapping, not one helper for all: replay runs them for every event, and a
    # shared helper (``pools = self.pools = _own(self.pools)``) measured about 2% slower.
    def own_pools(self) -> dict[str, int]:
        if type(self.pools) is not dict:
            self.pools = dict(self.pools)
        return self.pools

    def own_stats(self) -> dict[str, int]:
        if type(self.stats) is not dict:
            self.stats = dict(self.stats)
        return self.stats

    def own_owned(self) -> dict[str, int]:
        if type(self.owned) is not dict:
            self.owned = dict(self.owned)
        return self.owned

    def own_tags(self) -> dict[str, str]:
        if type(self.tags) is not dict:
            self.tags = dict(self.tags)
        return self.tags

    def own_bought(self) -> dict[str, int]:
        if type(self.bought) is not dict:
            self.bought = dict(self.bought)
        return self.bought

    def own_members(self) -> dict[str, _sheet.Sheet]:
        if type(self.members) is not dict:
            self.members = dict(self.members)
        return self.members

    def pay(self, price: Mapping[str, int]) -> None:
        pools = self.own_pools()
        for pool, amount in price.items():
            pools[pool] = pools.get(pool, 0) - amount

    def affect(self, effect: Effect) -> None:
        if effect.stats:
            stats = self.own_stats()
            for key, delta in effect.stats.items():
                stats[key] = stats.get(key, 0) + delta
        if effect.grants:
            self._grant(effect.grants)
        if effect.untag or effect.tags:
            tags = self.own_tags()
            for key in effect.untag:
                tags.pop(key, None)
            tags.update(effect.tags)

    def _grant(self, grants: Mapping[str, int]) -> None:
        owned = self.own_owned()
        for key, delta in grants.items():
            count = owned.get(key, 0) + delta
            if count > 0:
                owned[key] = count
            else:
                owned.pop(key, None)

    def count(self, upgrade: str) -> None:
        bought = self.own_bought()
        bought[upgrade] = bought.get(upgrade, 0) + 1

    def apply(self, event: Event) -> None:
        handler = _HANDLERS.get(type(event))
        if handler is None:  # a subclass of an event: the handler of the nearest class it derives from
            handler = next((_HANDLERS[c] for c in type(event).__mro__ if c in _HANDLERS), Fold._cannot)
        handler(self, event)

    # One handler per event class, found by the event's type (no chain of isinstance tests).
    def _awarded(self, event: Awarded) -> None:
        pools = self.own_pools()
        pools[event.pool] = pools.get(event.pool, 0) + event.amount

    def _lost(self, event: Lost) -> None:
        pools = self.own_pools()
        pools[event.pool] = pools.get(event.pool, 0) - event.amount

    def _marked(self, event: Marked) -> None:
        pass

    def _purchased(self, event: Purchased) -> None:
        self.pay(event.price)
        self.affect(event.effect)
        self.count(event.upgrade)

    def _started(self, event: Started) -> None:
        self.pay(event.price)
        self.pending = _sheet.Pending(
            upgrade=event.upgrade, choice=event.choice, price=event.price, override=event.override, args=event.args
        )

    def _rolled(self, event: Rolled) -> None:
        if (was := self.pending) is not None:
            self.pending = _pending(was, (*was.rolls, event.results), was.decisions, was.question)

    def _asked(self, event: Asked) -> None:
        if (was := self.pending) is not None:
            self.pending = _pending(was, was.rolls, was.decisions, (event.label, event.options))

    def _decided(self, event: Decided) -> None:
        if (was := self.pending) is not None:
            self.pending = _pending(was, was.rolls, (*was.decisions, event.choice), None)

    def _finished(self, event: Finished) -> None:
        if self.pending is None:
            self._cannot(event)
            return
        self.affect(event.effect)
        self.count(self.pending.upgrade)
        self.pending = None

    def _adjusted(self, event: Adjusted) -> None:
        self.affect(event.effect)

    def _joined(self, event: Joined) -> None:
        self.own_members()[event.member] = fold(Ledger(event.ledger))

    def _left(self, event: Left) -> None:
        self.own_members().pop(event.member, None)

    def _member(self, event: Member) -> None:
        subject = self.members[event.member]  # a KeyError here is a ledger naming no member
        self.own_members()[event.member] = subject._applied(event.event)

    def _step(self, event: Step) -> None:
        for inner in event.events:
            self.apply(inner)

    _entry = _step

    def _cannot(self, event: Event) -> None:
        msg = f"event {event!r} cannot be applied here"
        raise SheetError("ledger", [_problem(msg)])


#: The fold's handler of each event class: the method named after its tag (a creation past the start cannot be applied).
_HANDLERS: dict[type[Event], Callable[[Fold, Any], None]] = {
    cls: getattr(Fold, f"_{tag}", Fold._cannot) for tag, cls in EVENT_TYPES.items()
}


def _pending(
    was: _sheet.Pending,
    rolls: tuple[tuple[int, ...], ...],
    decisions: tuple[str, ...],
    question: tuple[str, tuple[str, ...]] | None,
) -> _sheet.Pending:
    """``was`` with its rolls, decisions and question replaced (``attrs.evolve`` without its introspection)."""
    return _sheet.Pending(
        upgrade=was.upgrade,
        choice=was.choice,
        price=was.price,
        override=was.override,
        args=was.args,
        rolls=rolls,
        decisions=decisions,
        question=question,
    )


def _problem(reason: str, path: str = "$") -> Problem:
    return Problem(source="ledger", path=path, reason=reason)


def creation(first: Event) -> Created | None:
    """The creation a ledger starts with: a :class:`Created` event, or the entry of the operation
    that made it (holding that one event); None for anything else."""
    if isinstance(first, Entry) and len(first.events) == 1:
        first = first.events[0]
    return first if isinstance(first, Created) else None


def fold(events: Ledger) -> _sheet.Sheet:
    """The sheet ``events`` describe, with a snapshot kept every ``SNAPSHOT_EVERY`` entries.

    Raises:
        SheetError: when they do not start with a :class:`Created` event, or an event does
            not fit the state (a member that is not there).
    """
    created = creation(events[0]) if events else None
    if created is None:
        first = type(events[0]).__name__ if events else "nothing"
        msg = f"a ledger must start with a 'created' event, got {first}"
        raise SheetError("ledger", [_problem(msg, "$[0]")])
    state = Fold(created)
    entries = iter(tuple(events))  # a tuple iterates several times faster than the ledger's segments
    next(entries)
    apply = state.apply
    for index, event in enumerate(entries, start=1):
        if not index % _FOLD_SNAPSHOTS:
            state.freeze(events.prefix(index))
        try:
            apply(event)
        except KeyError as error:
            msg = f"event {index} ({event.tag}) refers to {error.args[0]!r}, which is not on the sheet"
            raise SheetError("ledger", [_problem(msg, f"$[{index}]")]) from None
    return state.freeze(events)


#: How often a whole fold (a replay, a file read) keeps a snapshot: less often than an operation does
#: (``SNAPSHOT_EVERY``), since each costs the fold a copy of its state; undo still folds a bounded stretch.
_FOLD_SNAPSHOTS = 8 * SNAPSHOT_EVERY
