"""Sheets: the state of one progressing subject, and the fold that builds it from its ledger.

The fold applies a ledger's events one by one to a mutable state (:class:`Fold`), frozen into a sheet at the end.
It trusts its events (rules are checked before an event is made); it refuses only an event that cannot apply at
all, such as a creation past the start or a member that is not there. A sheet applies events through the fold,
and the fold builds sheets (a member's, for a member who joins): the two are one module.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Mapping
from contextvars import ContextVar
from types import MappingProxyType
from typing import Any

import attrs

from progression._frozen import EMPTY, freeze, maker
from progression.errors import InvalidInput, Problem, SheetError, UnknownName
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
from progression.ledger.packed import pack_entries, unpack_entries
from progression.rules.parts import Effect, Override

__all__ = ["Account", "Fold", "Ledger", "PendingDecision", "Sheet", "compact", "creation", "fold", "replay"]


@attrs.frozen(kw_only=True)
class PendingDecision:
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
    ``purchase``, ``decide`` and ``undo``; each returns a new sheet. Two sheets are equal
    when their state (pools, stats, owned items, tags, purchases, members, pending
    procedure) and their ledgers are equal, so ``replay(sheet.ledger) == sheet`` checks
    the fold. Sheets are not hashable: their state is held in read-only views of
    dictionaries, which Python does not hash (use a sheet's saved text as a key).
    """

    pack: str
    kind: str
    name: str
    pools: Mapping[str, int]
    stats: Mapping[str, int]
    owned: Mapping[str, int]
    tags: Mapping[str, str]
    #: How many times each upgrade was bought.
    bought: Mapping[str, int]
    members: Mapping[str, Sheet]
    pending: PendingDecision | None
    #: Every entry, in order: the first is the creation (see :class:`~progression.Ledger`).
    ledger: Ledger

    __hash__ = None  # type: ignore[assignment]  # read-only dict views are not hashable (see above)

    @property
    def rules(self) -> str:
        """The rules the sheet was made under (:attr:`RulePack.rules <progression.RulePack.rules>`), or ``""``."""
        first = self.ledger._first()  # read at every operation: creation() inlined for its usual case
        if type(first) is Entry and len(first.events) == 1 and type(first.events[0]) is Created:
            return first.events[0].rules
        created = creation(first)
        return "" if created is None else created.rules

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
            labels = {member: sheet.name for member, sheet in self.members.items()}
            raise UnknownName("member", member_id, self.members, f"roster {self.name!r}", labels=labels) from None

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
        """The sheet as it was after ``point`` ledger entries, or at the last :class:`~progression.events.Marked` ``point``."""
        return self.at(self._position(point))

    def at(self, length: int) -> Sheet:
        """The sheet after its first ``length`` entries, folded from the nearest kept snapshot.

        Its ledger is this one's first ``length`` entries (shared, not copied); the cost does not
        grow with the history, only with the distance to a snapshot (at most
        ``SNAPSHOT_EVERY`` (32) entries).
        """
        if isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= len(self.ledger):
            msg = f"a ledger position must be an integer from 1 to {len(self.ledger)}, got {length!r}"
            raise InvalidInput(msg)
        if length == len(self.ledger):
            return self
        ledger = self.ledger.prefix(length)
        start = ledger.snapshot(length)
        if start is None:
            return fold(ledger)
        state = Fold.of(start)
        for index in range(len(start.ledger), length):
            state.apply(ledger[index])
        return state.freeze(ledger)

    def _position(self, point: int | str) -> int:
        if isinstance(point, str):
            for index, entry in enumerate(reversed(self.ledger)):
                if point in _marks(entry):
                    return len(self.ledger) - index
            marks = [label for entry in self.ledger for label in _marks(entry)]
            raise UnknownName("mark", point, marks, f"the ledger of {self.name!r}")
        return point

    def apply(self, event: Event) -> Sheet:
        """The sheet after ``event``, for rule code written before operations changed sheets through their
        work. Deprecated: rule code says what should happen through its :class:`~progression.Work`
        (``work.award``, ``work.adjust``, ...), which checks each change; this applies ``event`` unchecked,
        and only while the engine runs an operation. It goes in the next release.

        Raises:
            InvalidInput: called while no operation runs: a change to a sheet is an operation
                (:func:`progression.run`), never an event applied from outside the engine.
        """
        if not _RUNNING.get():
            msg = (
                f"an event is applied to a sheet only by an operation the engine runs; got {event.tag!r} applied "
                f"to {self.name or self.kind!r} from outside one: run an operation (progression.run, or a pack's)"
            )
            raise InvalidInput(msg)
        warnings.warn(
            "Sheet.apply is deprecated: an operation's rule code changes the sheet through its work "
            "(work.award, work.lose, work.adjust, work.join, ...), which checks each change",
            DeprecationWarning,
            stacklevel=2,
        )
        return applied(self, event)

    def _applied(self, event: Event, trial: bool = False) -> Sheet:
        """The sheet after ``event``, trusted: the core's own fold, replay and checks (see :func:`applied`); on a
        ``trial`` (see :func:`tried`), its ledger and its members' continue on scratch segments of their own."""
        ledger = (self.ledger.scratch() if trial else self.ledger).append(event)
        if type(event) is Member:  # the commonest entry of a roster: one member changes, the rest is shared
            members = dict(self.members)
            members[event.member] = members[event.member]._applied(event.event, trial)
            return build(self, ledger, self.pools, MappingProxyType(members), self.pending)
        if type(event) is Marked or (type(event) in _TRACE and self.pending is None):  # the state does not change
            return build(self, ledger, self.pools, self.members, self.pending)
        if type(event) is Awarded or type(event) is Lost:  # one balance changes
            pools = dict(self.pools)
            pools[event.pool] = pools.get(event.pool, 0) + (event.amount if type(event) is Awarded else -event.amount)
            return build(self, ledger, MappingProxyType(pools), self.members, self.pending)
        state = Fold.of(self)
        state.apply(event)
        return state.freeze(ledger)


#: Whether an operation is being run (the engine sets it around an operation's rule code).
_RUNNING: ContextVar[bool] = ContextVar("progression_operation_running", default=False)


def applied(sheet: Sheet, event: Event) -> Sheet:
    """``sheet`` after ``event``, trusted: for the core (the fold of a history, the checks that try an event
    before recording it). Nothing outside the core calls it: a pack's rule code applies events through
    :meth:`Sheet.apply`, which only an operation may."""
    return sheet._applied(event)


def compact(sheet: Sheet) -> Sheet:
    """``sheet`` as it is (equal to it, and run on as it would be), with its history and its members' kept packed:
    each entry as bytes (``marshal`` of a tuple of texts and numbers), built back into events each time it is looked
    at (:meth:`Ledger.settled <progression.Ledger.settled>`).

    For a program that keeps many sheets in memory for long (a league's thousand teams): Python's garbage collector
    walks every object a history holds at each of its full passes, and none of a packed entry. Compacting again
    after more operations packs only their entries. What reads a whole history (``verify``, the history's story,
    a save) builds it back first, and looking back (``undo``, ``as_of``, ``amend``, ``rebase``) folds from the
    creation or a later snapshot, reading entries back: an ``amend`` at 1,000 entries took about five times as
    long. An entry holding a value that is not packed (anything but texts, numbers, tuples, mappings, lists,
    sets and attrs objects that are their fields alone) stays an object, with the entries after it.

    Raises:
        InvalidInput: not a sheet.
    """
    if not isinstance(sheet, Sheet):
        msg = f"compact takes a Sheet, got {type(sheet).__name__}"
        raise InvalidInput(msg)
    return _compacted(sheet, {})


def _compacted(sheet: Sheet, memo: dict[int, tuple[Any, Any]]) -> Sheet:
    """``sheet`` compacted, what its members' ledgers and its own share packed once (``memo``)."""
    members = {member: _compacted(kept, memo) for member, kept in sheet.members.items()}
    ledger = sheet.ledger.settled(lambda entries: pack_entries(entries, memo), unpack_entries)
    if ledger is sheet.ledger and all(members[m] is kept for m, kept in sheet.members.items()):
        return sheet
    return build(sheet, ledger, sheet.pools, MappingProxyType(members) if members else sheet.members, sheet.pending)


def tried(sheet: Sheet, event: Event) -> Sheet:
    """``sheet`` after ``event``, trusted, for a check or a procedure to look at before the event is recorded: its
    ledger continues on a scratch segment, so that the entry recording the event later is appended where the
    sheet's ledger ends, not on a branch (a branch is a segment kept for the life of the history: a Blood Bowl
    league kept 2.6 per team and match from trials alone)."""
    return sheet._applied(event, trial=True)


class running:  # used as a function: ``with running():``
    """The engine is running an operation: its rule code may apply events (:meth:`Sheet.apply`). A class rather
    than a generator: it is entered for every operation, and costs less than half of a generator's context manager."""

    __slots__ = ("_token",)

    def __enter__(self) -> None:
        self._token = _RUNNING.set(True)

    def __exit__(self, *raised: object) -> None:
        _RUNNING.reset(self._token)


def _marks(entry: Event) -> tuple[str, ...]:
    """The milestones an entry sets: a :class:`Marked` event, alone or among a step's own events."""
    if type(entry) is Marked:
        return (entry.label,)
    if isinstance(entry, Step):
        return tuple(event.label for event in entry.events if type(event) is Marked)
    return ()


def _flatten(events: Iterable[Event]) -> Iterable[Event]:
    for event in events:
        if isinstance(event, Step):
            yield from _flatten(event.events)
        else:
            yield event


#: Events that change the state only while a procedure is pending.
_TRACE = frozenset({Rolled, Asked, Decided})


def build(
    like: Sheet | Fold,
    ledger: Ledger,
    pools: Mapping[str, int],
    members: Mapping[str, Sheet],
    pending: PendingDecision | None,
    stats: Mapping[str, int] | None = None,
    owned: Mapping[str, int] | None = None,
    tags: Mapping[str, str] | None = None,
    bought: Mapping[str, int] | None = None,
) -> Sheet:
    """A sheet like ``like`` with the given parts (read-only already)."""
    sheet = _make_sheet(
        pack=like.pack,
        kind=like.kind,
        name=like.name,
        pools=pools,
        stats=like.stats if stats is None else stats,
        owned=like.owned if owned is None else owned,
        tags=like.tags if tags is None else tags,
        bought=like.bought if bought is None else bought,
        members=members,
        pending=pending,
        ledger=ledger,
    )
    if not ledger._length % SNAPSHOT_EVERY:  # tested here, not by a call for every sheet built
        ledger.keep(sheet)
    return sheet


#: A sheet from all its fields' values, read-only already (the engine builds one for every change it records).
_make_sheet = maker(Sheet)


def replay(ledger: Iterable[Event]) -> Sheet:
    """Fold a ledger into the sheet it describes. Never rolls a die: every roll is in the ledger.

    Raises:
        SheetError: when the ledger does not start with a :class:`~progression.events.Created` event, or an
            event does not fit the state (a member that is not there).
    """
    if isinstance(ledger, Sheet) or not isinstance(ledger, Iterable):
        msg = f"replay folds a ledger (a sequence of events), got {type(ledger).__name__}"
        raise InvalidInput(msg)
    return fold(ledger if isinstance(ledger, Ledger) else Ledger(ledger))


# -- the fold ---------------------------------------------------------------------------------------

#: The empty mapping a fold starts its purchases and members from.
_NONE: Mapping[str, Any] = EMPTY


def _read_only(mapping: dict[str, Any]) -> Mapping[str, Any]:
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
        self.members: Mapping[str, Sheet] = _NONE
        self.pending: PendingDecision | None = None

    @classmethod
    def of(cls, sheet: Sheet) -> Fold:
        fold = cls.__new__(cls)
        fold.pack, fold.kind, fold.name = sheet.pack, sheet.kind, sheet.name
        fold.pools, fold.stats, fold.owned, fold.tags = sheet.pools, sheet.stats, sheet.owned, sheet.tags
        fold.bought, fold.members, fold.pending = sheet.bought, sheet.members, sheet.pending
        return fold

    def freeze(self, ledger: Ledger) -> Sheet:
        """The sheet of this state; the fold may go on (what it changes next, it copies first)."""
        # Only a mapping the fold copied is a dict: made read-only here, each tested inline rather than by a call
        # per mapping (a sheet is frozen for most changes the engine records, and one or two mappings changed).
        if type(self.pools) is dict:
            self.pools = _read_only(self.pools)
        if type(self.stats) is dict:
            self.stats = _read_only(self.stats)
        if type(self.owned) is dict:
            self.owned = _read_only(self.owned)
        if type(self.tags) is dict:
            self.tags = _read_only(self.tags)
        if type(self.bought) is dict:
            self.bought = _read_only(self.bought)
        if type(self.members) is dict:
            self.members = _read_only(self.members)
        return build(
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
        self.pending = PendingDecision(
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
    was: PendingDecision,
    rolls: tuple[tuple[int, ...], ...],
    decisions: tuple[str, ...],
    question: tuple[str, tuple[str, ...]] | None,
) -> PendingDecision:
    """``was`` with its rolls, decisions and question replaced (``attrs.evolve`` without its introspection)."""
    return _make_pending(
        upgrade=was.upgrade,
        choice=was.choice,
        price=was.price,
        override=was.override,
        args=was.args,
        rolls=rolls,
        decisions=decisions,
        question=question,
    )


#: A pending decision from all its fields' values, frozen already (a procedure's every roll and question makes one).
_make_pending = maker(PendingDecision)


def _problem(reason: str, path: str = "$") -> Problem:
    return Problem(source="ledger", path=path, reason=reason)


def creation(first: Event) -> Created | None:
    """The creation a ledger starts with: a :class:`Created` event, or the entry of the operation
    that made it (holding that one event); None for anything else."""
    if isinstance(first, Entry) and len(first.events) == 1:
        first = first.events[0]
    return first if isinstance(first, Created) else None


def fold(events: Ledger) -> Sheet:
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
