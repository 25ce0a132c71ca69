"""Sheets: the state of one progressing subject, and the fold that builds it from its ledger."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any

import attrs

from ._events import (
    EVENT_TYPES,
    Adjusted,
    Asked,
    Awarded,
    Created,
    Decided,
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
from ._frozen import EMPTY, freeze
from ._model import Effect, Override
from .errors import InvalidInput, Problem, SheetError, UnknownName

__all__ = ["Account", "Pending", "Sheet", "replay"]


@attrs.frozen(kw_only=True)
class Pending:
    """A procedure that has started and waits for a person's decision."""

    upgrade: str
    choice: str | None
    price: Mapping[str, int] = attrs.field(converter=freeze)
    override: Override | None = None
    #: The extra arguments the procedure was started with.
    args: Mapping[str, str | int | bool] = attrs.field(factory=dict, converter=freeze)
    #: Every roll made so far, in order (each a tuple of dice).
    rolls: tuple[tuple[int, ...], ...] = ()
    #: Every decision made so far, in order.
    decisions: tuple[str, ...] = ()
    #: The question now waiting for an answer, as its label and options.
    question: tuple[str, tuple[str, ...]] | None = None


@attrs.frozen(kw_only=True)
class Account:
    """Where the points of one pool went: ``awarded == held + spent + lost``."""

    awarded: int
    held: int
    spent: int
    lost: int

    @property
    def balanced(self) -> bool:
        """Whether every point is accounted for."""
        return self.awarded == self.held + self.spent + self.lost


@attrs.frozen(kw_only=True, eq=True)
class Sheet:
    """The state of one subject, and the ledger it was folded from.

    Build sheets with a pack's ``new_sheet`` and change them with its ``award``,
    ``purchase``, ``decide`` and ``undo``; each returns a new sheet. Equality
    compares the ledger, since the state follows from it.
    """

    pack: str
    kind: str
    name: str
    pools: Mapping[str, int] = attrs.field(eq=False)
    stats: Mapping[str, int] = attrs.field(eq=False)
    owned: Mapping[str, int] = attrs.field(eq=False)
    tags: Mapping[str, str] = attrs.field(eq=False)
    #: How many times each upgrade was bought.
    bought: Mapping[str, int] = attrs.field(eq=False)
    members: Mapping[str, Sheet] = attrs.field(eq=False)
    pending: Pending | None = attrs.field(eq=False)
    ledger: tuple[Event, ...]

    def quantity(self, name: str) -> int:
        """A stat, else a pool balance, else an owned count (0 when none of these)."""
        if name in self.stats:
            return self.stats[name]
        if name in self.pools:
            return self.pools[name]
        return self.owned.get(name, 0)

    def balance(self, pool: str) -> int:
        """The points a pool holds."""
        try:
            return self.pools[pool]
        except KeyError:
            raise UnknownName("pool", pool, self.pools, f"sheet {self.name!r}") from None

    def member(self, member_id: str) -> Sheet:
        """A member of a roster."""
        try:
            return self.members[member_id]
        except KeyError:
            raise UnknownName("member", member_id, self.members, f"roster {self.name!r}") from None

    def has(self, item: str) -> bool:
        """Whether the sheet owns ``item``."""
        return self.owned.get(item, 0) > 0

    def account(self, pool: str) -> Account:
        """Awarded, held, spent and lost points of a pool, from the ledger."""
        held = self.balance(pool)
        awarded = spent = lost = 0
        for event in _flatten(self.ledger):
            if isinstance(event, Created):
                awarded += event.pools.get(pool, 0)
            elif isinstance(event, Awarded) and event.pool == pool:
                awarded += event.amount
            elif isinstance(event, Lost) and event.pool == pool:
                lost += event.amount
            elif isinstance(event, Purchased | Started):
                spent += event.price.get(pool, 0)
        return Account(awarded=awarded, held=held, spent=spent, lost=lost)

    def as_of(self, point: int | str) -> Sheet:
        """The sheet as it was after ``point`` ledger entries, or at the last :class:`Marked` ``point``."""
        return replay(self.ledger[: self._position(point)])

    def _position(self, point: int | str) -> int:
        if isinstance(point, str):
            for index in range(len(self.ledger) - 1, -1, -1):
                event = self.ledger[index]
                if isinstance(event, Marked) and event.label == point:
                    return index + 1
            marks = [e.label for e in self.ledger if isinstance(e, Marked)]
            raise UnknownName("mark", point, marks, f"the ledger of {self.name!r}")
        if isinstance(point, bool) or not isinstance(point, int) or not 1 <= point <= len(self.ledger):
            msg = f"a ledger position must be an integer from 1 to {len(self.ledger)}, got {point!r}"
            raise InvalidInput(msg)
        return point

    def apply(self, event: Event) -> Sheet:
        """The sheet after ``event``. Trusts the event: rules are checked before it is made."""
        ledger = (*self.ledger, event)
        if type(event) is Member:  # the commonest entry of a roster: one member changes, the rest is shared
            members = dict(self.members)
            members[event.member] = members[event.member].apply(event.event)
            return _build(self, ledger, self.pools, MappingProxyType(members), self.pending)
        if type(event) is Marked or (type(event) in _TRACE and self.pending is None):  # the state does not change
            return _build(self, ledger, self.pools, self.members, self.pending)
        if type(event) is Awarded or type(event) is Lost:  # one balance changes
            pools = dict(self.pools)
            pools[event.pool] = pools.get(event.pool, 0) + (event.amount if type(event) is Awarded else -event.amount)
            return _build(self, ledger, MappingProxyType(pools), self.members, self.pending)
        fold = _Fold.of(self)
        fold.apply(event)
        return fold.freeze(ledger)


def _flatten(events: Iterable[Event]) -> Iterable[Event]:
    for event in events:
        if isinstance(event, Step):
            yield from _flatten(event.events)
        else:
            yield event


#: Events that change the state only while a procedure is pending.
_TRACE = frozenset({Rolled, Asked, Decided})
if any(f.converter or f.validator for f in attrs.fields(Sheet)) or hasattr(Sheet, "__attrs_post_init__"):
    raise TypeError("Sheet gained a converter, validator or post-init: _build must call its __init__")
#: The setters of the sheet's slots, by field.
_SET = {field.name: getattr(Sheet, field.name).__set__ for field in attrs.fields(Sheet)}
_set_pack, _set_kind, _set_name, _set_pools = _SET["pack"], _SET["kind"], _SET["name"], _SET["pools"]
_set_stats, _set_owned, _set_tags, _set_bought = _SET["stats"], _SET["owned"], _SET["tags"], _SET["bought"]
_set_members, _set_pending, _set_ledger = _SET["members"], _SET["pending"], _SET["ledger"]


def _build(
    like: Sheet | _Fold,
    ledger: tuple[Event, ...],
    pools: Mapping[str, int],
    members: Mapping[str, Sheet],
    pending: Pending | None,
    stats: Mapping[str, int] | None = None,
    owned: Mapping[str, int] | None = None,
    tags: Mapping[str, str] | None = None,
    bought: Mapping[str, int] | None = None,
) -> Sheet:
    """A sheet like ``like`` with the given parts (read-only already), set slot by slot.

    ``Sheet.__init__`` only sets its fields (no converter, validator or post-init: checked
    above), so setting the slots directly builds the same sheet in a third of the time.
    """
    sheet: Sheet = object.__new__(Sheet)
    _set_pack(sheet, like.pack)
    _set_kind(sheet, like.kind)
    _set_name(sheet, like.name)
    _set_pools(sheet, pools)
    _set_stats(sheet, like.stats if stats is None else stats)
    _set_owned(sheet, like.owned if owned is None else owned)
    _set_tags(sheet, like.tags if tags is None else tags)
    _set_bought(sheet, like.bought if bought is None else bought)
    _set_members(sheet, members)
    _set_pending(sheet, pending)
    _set_ledger(sheet, ledger)
    return sheet


#: The empty mapping a fold starts its purchases and members from.
_NONE: Mapping[str, Any] = EMPTY


def _read_only(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    if type(mapping) is not dict:
        return mapping
    return MappingProxyType(mapping) if mapping else EMPTY


class _Fold:
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
        self.members: Mapping[str, Sheet] = _NONE
        self.pending: Pending | None = None

    @classmethod
    def of(cls, sheet: Sheet) -> _Fold:
        fold = cls.__new__(cls)
        fold.pack, fold.kind, fold.name = sheet.pack, sheet.kind, sheet.name
        fold.pools, fold.stats, fold.owned, fold.tags = sheet.pools, sheet.stats, sheet.owned, sheet.tags
        fold.bought, fold.members, fold.pending = sheet.bought, sheet.members, sheet.pending
        return fold

    def freeze(self, ledger: tuple[Event, ...]) -> Sheet:
        return _build(
            self,
            ledger,
            pools=_read_only(self.pools),
            members=_read_only(self.members),
            pending=self.pending,
            stats=_read_only(self.stats),
            owned=_read_only(self.owned),
            tags=_read_only(self.tags),
            bought=_read_only(self.bought),
        )

    # Each returns the mapping as a dict this fold owns, copying the shared one on first change.
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

    def own_members(self) -> dict[str, Sheet]:
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
            handler = next((_HANDLERS[c] for c in type(event).__mro__ if c in _HANDLERS), _Fold._cannot)
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
        self.pending = Pending(
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
        self.own_members()[event.member] = replay(event.ledger)

    def _left(self, event: Left) -> None:
        self.own_members().pop(event.member, None)

    def _member(self, event: Member) -> None:
        subject = self.members[event.member]  # a KeyError here is a ledger naming no member
        self.own_members()[event.member] = subject.apply(event.event)

    def _step(self, event: Step) -> None:
        for inner in event.events:
            self.apply(inner)

    def _cannot(self, event: Event) -> None:
        msg = f"event {event!r} cannot be applied here"
        raise SheetError("ledger", [_problem(msg)])


#: The fold's handler of each event class: the method named after its tag (a creation past the start cannot be applied).
_HANDLERS: dict[type[Event], Callable[[_Fold, Any], None]] = {
    cls: getattr(_Fold, f"_{tag}", _Fold._cannot) for tag, cls in EVENT_TYPES.items()
}


def _pending(
    was: Pending,
    rolls: tuple[tuple[int, ...], ...],
    decisions: tuple[str, ...],
    question: tuple[str, tuple[str, ...]] | None,
) -> Pending:
    """``was`` with its rolls, decisions and question replaced (``attrs.evolve`` without its introspection)."""
    return Pending(
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


def replay(ledger: Iterable[Event]) -> Sheet:
    """Fold a ledger into the sheet it describes. Never rolls a die: every roll is in the ledger.

    Raises:
        SheetError: when the ledger does not start with a :class:`Created` event, or an
            event does not fit the state (a member that is not there).
    """
    if isinstance(ledger, Sheet) or not isinstance(ledger, Iterable):
        msg = f"replay folds a ledger (a sequence of events), got {type(ledger).__name__}"
        raise InvalidInput(msg)
    events = tuple(ledger)
    if not events or not isinstance(events[0], Created):
        first = type(events[0]).__name__ if events else "nothing"
        msg = f"a ledger must start with a 'created' event, got {first}"
        raise SheetError("ledger", [_problem(msg, "$[0]")])
    fold = _Fold(events[0])
    for index, event in enumerate(events[1:], start=1):
        try:
            fold.apply(event)
        except KeyError as error:
            msg = f"event {index} ({event.tag}) refers to {error.args[0]!r}, which is not on the sheet"
            raise SheetError("ledger", [_problem(msg, f"$[{index}]")]) from None
    return fold.freeze(events)
