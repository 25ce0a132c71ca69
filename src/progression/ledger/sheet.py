"""Sheets: the state of one progressing subject, and the ledger it is folded from (the fold is in ``_fold``)."""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Iterable, Iterator, Mapping
from contextvars import ContextVar
from types import MappingProxyType

import attrs

from progression._frozen import freeze
from progression.errors import InvalidInput, UnknownName
from progression.ledger import fold as _fold
from progression.ledger.events import (
    Asked,
    Awarded,
    Created,
    Decided,
    Event,
    Lost,
    Marked,
    Member,
    Purchased,
    Rolled,
    Started,
    Step,
)
from progression.ledger.ledger import Ledger
from progression.rules.parts import Override

__all__ = ["Account", "Ledger", "Pending", "Sheet", "replay"]


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
    pending: Pending | None
    #: Every entry, in order: the first is the creation (see :class:`~progression.Ledger`).
    ledger: Ledger

    __hash__ = None  # type: ignore[assignment]  # read-only dict views are not hashable (see above)

    @property
    def rules(self) -> str:
        """The rules the sheet was made under (:attr:`RulePack.rules <progression.RulePack.rules>`), or ``""``."""
        created = _fold.creation(self.ledger[0])
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
            return _fold.fold(ledger)
        state = _fold.Fold.of(start)
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

    def _applied(self, event: Event) -> Sheet:
        """The sheet after ``event``, trusted: the core's own fold, replay and checks (see :func:`applied`)."""
        ledger = self.ledger.append(event)
        if type(event) is Member:  # the commonest entry of a roster: one member changes, the rest is shared
            members = dict(self.members)
            members[event.member] = members[event.member]._applied(event.event)
            return build(self, ledger, self.pools, MappingProxyType(members), self.pending)
        if type(event) is Marked or (type(event) in _TRACE and self.pending is None):  # the state does not change
            return build(self, ledger, self.pools, self.members, self.pending)
        if type(event) is Awarded or type(event) is Lost:  # one balance changes
            pools = dict(self.pools)
            pools[event.pool] = pools.get(event.pool, 0) + (event.amount if type(event) is Awarded else -event.amount)
            return build(self, ledger, MappingProxyType(pools), self.members, self.pending)
        fold = _fold.Fold.of(self)
        fold.apply(event)
        return fold.freeze(ledger)


#: Whether an operation is being run (the engine sets it around an operation's rule code).
_RUNNING: ContextVar[bool] = ContextVar("progression_operation_running", default=False)


def applied(sheet: Sheet, event: Event) -> Sheet:
    """``sheet`` after ``event``, trusted: for the core (the fold of a history, the checks that try an event
    before recording it). Nothing outside the core calls it: a pack's rule code applies events through
    :meth:`Sheet.apply`, which only an operation may."""
    return sheet._applied(event)


@contextlib.contextmanager
def running() -> Iterator[None]:
    """The engine is running an operation: its rule code may apply events (:meth:`Sheet.apply`)."""
    token = _RUNNING.set(True)
    try:
        yield
    finally:
        _RUNNING.reset(token)


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
    like: Sheet | _fold.Fold,
    ledger: Ledger,
    pools: Mapping[str, int],
    members: Mapping[str, Sheet],
    pending: Pending | None,
    stats: Mapping[str, int] | None = None,
    owned: Mapping[str, int] | None = None,
    tags: Mapping[str, str] | None = None,
    bought: Mapping[str, int] | None = None,
) -> Sheet:
    """A sheet like ``like`` with the given parts (read-only already)."""
    sheet = Sheet(
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
    ledger.keep(sheet)
    return sheet


def replay(ledger: Iterable[Event]) -> Sheet:
    """Fold a ledger into the sheet it describes. Never rolls a die: every roll is in the ledger.

    Raises:
        SheetError: when the ledger does not start with a :class:`~progression.events.Created` event, or an
            event does not fit the state (a member that is not there).
    """
    if isinstance(ledger, Sheet) or not isinstance(ledger, Iterable):
        msg = f"replay folds a ledger (a sequence of events), got {type(ledger).__name__}"
        raise InvalidInput(msg)
    return _fold.fold(ledger if isinstance(ledger, Ledger) else Ledger(ledger))
