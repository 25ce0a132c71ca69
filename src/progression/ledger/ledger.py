"""The ledger as a value: an immutable sequence of entries that grows in constant time.

A sheet's ledger only ever grows at its end, and a new sheet keeps every entry of the one it
was made from. A tuple would copy every entry on every operation (a cost that grows with the
history); a :class:`Ledger` shares them. It is a chain of segments: each segment is a list that
only grows at its end, and a ledger is a view of the first entries of one segment after the
entries of the segment before it. Appending to the ledger that ends where its list ends appends
to the list; appending to any other ledger (the one before an undo, say) starts a new segment
chained to it. Neither copies an entry, and no ledger ever sees an entry appended past its end,
so every ledger is immutable, whoever else appends.

A ledger kept elsewhere (a store's table) starts as a *deferred* segment: its length and a few of
its entries are known, and the rest is read once, the first time something looks past them
(``Ledger.deferred``). Appending to it, the engine's work and ``sheet.rules`` read nothing more,
so a sheet read from a store costs the same at any length of history; iterating, comparing and
``verify`` read the whole ledger, as they must.

A ledger may also be *settled* (``Ledger.settled``, what :func:`progression.compact` does): its entries past the
first are kept packed, in segments of up to ``SETTLED_CHUNK``, and built back into events each time one is looked
at; appending to it, or settling it again, reads none of them.

Every ``SNAPSHOT_EVERY`` entries an operation makes, the sheet of that length is kept beside
the ledger (a whole fold, such as reading a file, keeps one every eight times that), so that the
sheet at any earlier length (``undo``, ``as_of``) is folded from the nearest snapshot rather than
from the creation.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableSequence, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

import attrs

from progression.errors import Problem, ProgressionError, SheetError

if TYPE_CHECKING:
    from progression.ledger.events import Event
    from progression.ledger.sheet import Sheet

__all__ = ["SETTLED_CHUNK", "SNAPSHOT_EVERY", "Ledger", "LedgerIndex"]

T = TypeVar("T")
#: How many segments back a ledger looks for a value of an index kept by the ledger it grew from.
KEPT_SEARCH = 64

#: How often (in entries) a ledger keeps the sheet of its length.
SNAPSHOT_EVERY = 32
#: The fewest entries a deferred ledger reads at once when an entry is looked at by its position. Small, because
#: what is read back is most often the current season of a team (a Blood Bowl team's season starts a few dozen
#: entries back): 64 read about three seasons of ten-match seasons to find the start of one, which made recording
#: a match at ten seasons of history 4.8x the same on a new league; 16 reads what is looked at, give or take
#: one stretch (the stretches double after it).
STRETCH = 16


def _read() -> Sequence[Event]:
    """The reader a deferred ledger keeps once its entries are read: it is never called again."""
    return ()


def _changed_elsewhere(expected: int, found: int) -> Exception:
    """What a deferred ledger raises, unless told otherwise, when a read gives another number of entries than
    asked: the place they are kept changed since the ledger was made (its entries are never taken)."""
    source = "kept elsewhere"
    reason = (
        f"{expected} entries were asked of the place its ledger is kept and {found} were read: "
        "they changed there since the ledger was made"
    )
    return SheetError(source, [Problem(source, "$.ledger", reason)])


class _Entries(MutableSequence["Event"]):
    """Entries kept otherwise than in a list: never replaced, removed or inserted, as a segment's list."""

    __slots__ = ()

    def __setitem__(self, index: Any, value: Any) -> None:
        msg = "ledger entries are never replaced"
        raise TypeError(msg)

    def __delitem__(self, index: Any) -> None:
        msg = "ledger entries are never removed"
        raise TypeError(msg)

    def insert(self, index: int, value: Event) -> None:
        msg = "ledger entries are only appended"
        raise TypeError(msg)


class _Deferred(_Entries):
    """The entries of a ledger kept elsewhere: their number and a few of them known, the rest read on first use.

    ``load`` returns every entry, in order; it is called at most once (under a lock, so two threads
    looking at once read once). Until then the length, and the entries given in ``known`` by position,
    are answered without it. With ``stretch``, an entry looked at by its position is read with the
    stretch of entries before it, each stretch as long as all those read so far (at least
    ``STRETCH``): reading back from the end (the last season of a team) reads what it looks at,
    in a few reads, not the whole history. A read of another number of entries than asked (the place
    they are kept changed since the count was taken) raises ``changed(expected, found)``, never takes them.
    """

    __slots__ = ("_changed", "_count", "_items", "_known", "_load", "_lock", "_stretch")

    def __init__(
        self,
        count: int,
        load: Callable[[], Sequence[Event]],
        known: Mapping[int, Event],
        stretch: Callable[[int, int], Sequence[Event]] | None = None,
        changed: Callable[[int, int], Exception] | None = None,
    ) -> None:
        self._count = count
        #: The error a read of ``found`` entries where ``expected`` were asked raises.
        self._changed = changed or _changed_elsewhere
        #: Reads every entry; once they are read, a reader of none, so that what it holds can be freed.
        self._load: Callable[[], Sequence[Event]] = load
        self._known = dict(known)
        self._items: list[Event] | None = None
        self._lock = threading.Lock()
        #: Reads the entries from one position to another (half-open), when the place they are kept can.
        self._stretch = stretch

    def _all(self) -> list[Event]:
        items = self._items
        if items is None:
            with self._lock:
                if self._items is None:
                    loaded = list(self._load())
                    if len(loaded) != self._count:
                        raise self._changed(self._count, len(loaded))
                    self._items, self._load, self._known = loaded, _read, {}
                items = self._items
        return items

    @property
    def loaded(self) -> bool:
        """Whether the entries were read."""
        return self._items is not None

    def __len__(self) -> int:
        items = self._items
        return self._count if items is None else len(items)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> MutableSequence[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | MutableSequence[Event]:
        if self._items is None and type(index) is int:
            found = self._known.get(index)
            if found is not None:
                return found
            if self._stretch is not None and 0 <= index < self._count:
                return self._read_back(index, self._stretch)
        return self._all()[index]

    def _read_back(self, index: int, stretch: Callable[[int, int], Sequence[Event]]) -> Event:
        """The entry at ``index``, read with a stretch of the entries before it."""
        with self._lock:
            if self._items is not None:
                return self._items[index]
            found = self._known.get(index)
            if found is None:
                start = max(0, index + 1 - max(STRETCH, len(self._known)))
                entries = stretch(start, index + 1)
                if len(entries) != index + 1 - start:
                    raise self._changed(index + 1 - start, len(entries))
                for position, entry in enumerate(entries, start=start):
                    self._known.setdefault(position, entry)
                found = self._known[index]
            return found

    def __iter__(self) -> Iterator[Event]:
        return iter(self._all())

    def append(self, value: Event) -> None:
        self._all().append(value)


#: The most entries one settled segment holds (:meth:`Ledger.settled`): settling again after more operations
#: rewrites the last settled segment whole while the new entries fit in it, so that a settled history holds one
#: segment per this many entries, and settling costs at most this many references, at any length of history.
SETTLED_CHUNK = 1024


class _Settled(_Entries):
    """Entries kept packed, one item per entry, read back each time one is looked at (:meth:`Ledger.settled`).

    Nothing read is kept: a settled history holds no event object. A settled segment takes no new entry:
    ``append`` adds nothing, so the ledger that ends there starts a segment of its own (``Ledger.append``'s check).
    """

    __slots__ = ("_read", "packed")

    def __init__(self, packed: tuple[Any, ...], read: Callable[[Sequence[Any]], Sequence[Event]]) -> None:
        #: The packed entries, one item each.
        self.packed = packed
        self._read = read

    def __len__(self) -> int:
        return len(self.packed)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> MutableSequence[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | MutableSequence[Event]:
        if isinstance(index, slice):
            return list(self._read(self.packed[index]))
        return self._read((self.packed[index],))[0]

    def __iter__(self) -> Iterator[Event]:
        return iter(self._read(self.packed))

    def append(self, value: Event) -> None:
        pass


@attrs.frozen(eq=False)
class LedgerIndex(Generic[T]):
    """Something rules read from a ledger again and again (the match numbers of a team's season), which a ledger
    keeps once read and hands on to the ledgers that grow from it: those read only the entries they added (an
    operation's), so that what the rules read costs the same at any length of history.

    An index is compared by identity: make it once, at the level of a module, and read it with
    :meth:`Ledger.indexed <progression.Ledger.indexed>`. Its values must be immutable (one value is shared by the
    ledgers that grew from the one it was read on).
    """

    #: What it is, for messages and debugging.
    name: str
    #: The value for a whole ledger (it may read only the ledger's end, from the last season's start, say).
    read: Callable[[Ledger], T]
    #: The value after more entries: ``extend(value, entries)``, the entries in order.
    extend: Callable[[T, Sequence[Event]], T]


class _Kept:
    """The values of one index kept on one segment, each with the length of the ledger it is the value of: at the
    shortest length read (where the ledgers that branch off the segment start: a match's sequence appended as one
    step), at the longest (where it grows), and at every ``SNAPSHOT_EVERY`` entries read past (where a beginning
    of it, after an undo, starts back). The first and the last are replaced whole and the marks only grow, so a
    thread reading them never sees a pair half set."""

    __slots__ = ("first", "index", "last", "marks")

    def __init__(self, index: LedgerIndex[Any], length: int, value: Any) -> None:
        self.index = index
        self.first = self.last = (length, value)
        self.marks: dict[int, Any] = {}

    def best(self, length: int) -> tuple[int, Any] | None:
        """The value kept for the longest ledger of at most ``length`` entries, with its length, if any."""
        if self.last[0] <= length:
            return self.last
        mark = length - length % SNAPSHOT_EVERY
        if mark > self.first[0] and mark in self.marks:
            return mark, self.marks[mark]
        return self.first if self.first[0] <= length else None

    def keep(self, length: int, value: Any) -> None:
        """Keep the value for ``length``, when it is the shortest, the longest, or at a mark."""
        if length < self.first[0]:
            self.first = (length, value)
        if length > self.last[0]:
            self.last = (length, value)
        if length % SNAPSHOT_EVERY == 0:
            self.marks[length] = value


#: The most indexes a segment keeps values of (an index made at every call, against the rule, would pile up).
INDEXES_PER_SEGMENT = 8


class _Segment:
    """A list of entries that only grows at its end, after the ledger it continues."""

    __slots__ = ("before", "head", "indexes", "items", "offset", "snapshots")

    def __init__(self, before: Ledger | None, items: MutableSequence[Event]) -> None:
        self.before = before
        self.offset = 0 if before is None else len(before)
        self.items = items
        #: The segment holding the first entry of this segment's ledgers (the creation, which ``Sheet.rules`` reads
        #: at every operation): found without walking back through one segment per branch of the history.
        self.head: _Segment = self if before is None or not len(before) else before._segment.head
        #: Sheets kept at some lengths of this segment's ledgers, by length.
        self.snapshots: dict[int, Sheet] = {}
        #: The values of the indexes read on this segment's ledgers, one :class:`_Kept` per index (a tuple, not a
        #: mapping, because a league holds a segment per team and match; replaced whole when one is added).
        self.indexes: tuple[_Kept, ...] = ()


_new = object.__new__  # what makes a ledger without running ``__init__`` (``Ledger.append``)


class Ledger(Sequence["Event"]):
    """An immutable sequence of ledger entries; ``append`` returns a new ledger in constant time."""

    __slots__ = ("_length", "_segment")

    def __init__(self, entries: Iterable[Event] = ()) -> None:
        items = list(entries)
        self._segment = _Segment(None, items)
        self._length = len(items)

    @classmethod
    def deferred(
        cls,
        length: int,
        load: Callable[[], Sequence[Event]],
        known: Mapping[int, Event] | None = None,
        stretch: Callable[[int, int], Sequence[Event]] | None = None,
        *,
        changed: Callable[[int, int], Exception] | None = None,
    ) -> Ledger:
        """A ledger of ``length`` entries kept elsewhere: ``load()`` reads them all, the first time
        something needs an entry not in ``known`` (entries by position, such as the creation).
        ``stretch(start, stop)``, when given, reads the entries from position ``start`` up to ``stop``:
        an entry looked at by its position (``ledger[-1]``, ``reversed(ledger)``) is then read with the
        entries just before it, not with the whole ledger.

        A read that gives another number of entries than it asked for (the place they are kept changed since
        the ledger was made: entries deleted there) is never taken: it raises ``changed(expected, found)``, the
        error of the place that keeps them (a store names its file and the sheet), or by default a
        :class:`~progression.errors.SheetError`.

        Appending to it does not read it: the new entries go to a segment of their own.
        """
        ledger = cls._view(_Segment(None, _Deferred(length, load, known or {}, stretch, changed)), length)
        return ledger.scratch()

    @property
    def loaded(self) -> bool:
        """Whether every entry is in memory (False for a deferred ledger not read yet)."""
        segment: _Segment | None = self._segment
        while segment is not None:
            if isinstance(segment.items, _Deferred) and not segment.items.loaded:
                return False
            segment = None if segment.before is None else segment.before._segment
        return True

    @classmethod
    def _view(cls, segment: _Segment, length: int) -> Ledger:
        ledger = cls.__new__(cls)
        ledger._segment = segment
        ledger._length = length
        return ledger

    def append(self, entry: Event) -> Ledger:
        """This ledger with ``entry`` at its end; this one is unchanged."""
        segment = self._segment
        items = segment.items
        end = self._length - segment.offset
        if len(items) == end:  # the segment ends where this ledger does: the entry goes on its list
            items.append(entry)
            # Another thread may have appended between the test and the append: then the entry is not where
            # this ledger ends, and the new ledger starts a segment of its own.
            if not (len(items) > end and items[end] is entry):
                segment = _Segment(self, [entry])
        else:
            segment = _Segment(self, [entry])
        grown = _new(Ledger)  # as ``_view`` makes it, inlined: a ledger grows at every event recorded
        grown._segment = segment
        grown._length = self._length + 1
        return grown

    def scratch(self) -> Ledger:
        """A ledger equal to this one whose appends go to a segment of their own (never to this one's list)."""
        return Ledger._view(_Segment(self, []), self._length)

    def __len__(self) -> int:
        return self._length

    def _first(self) -> Event:
        """The first entry (the creation): ``ledger[0]`` without the index's checks, read at every operation."""
        if not self._length:
            msg = "ledger index out of range"
            raise IndexError(msg)
        return self._segment.head.items[0]

    def __iter__(self) -> Iterator[Event]:
        segments = []
        segment: _Segment | None = self._segment
        end = self._length
        while segment is not None:
            segments.append((segment, end - segment.offset))
            end = segment.offset
            segment = None if segment.before is None else segment.before._segment
        for part, count in reversed(segments):
            items = part.items
            if count == len(items):
                yield from items
            else:
                yield from items[:count]

    def __reversed__(self) -> Iterator[Event]:
        segment: _Segment | None = self._segment
        end = self._length
        while segment is not None:
            items = segment.items
            for index in range(end - segment.offset - 1, -1, -1):
                yield items[index]
            end = segment.offset
            segment = None if segment.before is None else segment.before._segment

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._length)
            if start == 0 and step == 1:  # a ledger's beginning is a ledger, shared
                return self.prefix(max(stop, 0))
            if step == 1:  # a stretch (what an operation added): read from the end, not from the start
                return self.prefix(max(stop, start))._tail(start)
            return tuple(self)[index]
        if isinstance(index, bool) or not isinstance(index, int):
            msg = f"ledger indices must be integers or slices, not {type(index).__name__}"
            raise TypeError(msg)
        position = index + self._length if index < 0 else index
        if not 0 <= position < self._length:
            msg = "ledger index out of range"
            raise IndexError(msg)
        if position == 0:
            return self._segment.head.items[0]
        segment, _ = self._locate(position + 1)
        return segment.items[position - segment.offset]

    def _tail(self, start: int) -> tuple[Event, ...]:
        """The entries from position ``start`` to the end, walking back only as far as ``start``."""
        parts: list[Sequence[Event]] = []
        segment: _Segment | None = self._segment
        end = self._length
        while segment is not None and end > start:
            first = max(start - segment.offset, 0)
            parts.append(segment.items[first : end - segment.offset])
            end = segment.offset
            segment = None if segment.before is None else segment.before._segment
        return tuple(entry for part in reversed(parts) for entry in part)

    def prefix(self, length: int) -> Ledger:
        """The first ``length`` entries, as a ledger sharing them."""
        if not 0 <= length <= self._length:
            msg = f"a ledger of {self._length} entries has no prefix of {length}"
            raise IndexError(msg)
        if length == self._length:
            return self
        segment, _ = self._locate(length)
        return Ledger._view(segment, length)

    def _locate(self, length: int) -> tuple[_Segment, int]:
        """The segment holding the ``length``-th entry (the first segment for 0), and its offset."""
        segment = self._segment
        while length <= segment.offset and segment.before is not None:
            segment = segment.before._segment
        return segment, segment.offset

    def _home(self) -> _Segment:
        """The segment holding this ledger's last entry (a view may end on an empty segment after it)."""
        segment, _ = self._locate(self._length)
        return segment

    def settled(
        self,
        write: Callable[[Sequence[Event]], Sequence[Any] | None],
        read: Callable[[Sequence[Any]], Sequence[Event]],
    ) -> Ledger:
        """This ledger, entry for entry, with every entry but the first kept packed: ``write(entries)`` gives one
        item per entry (or None when it cannot: the ledger is then returned as it is), and ``read(items)`` the
        entries back, each time one is looked at (:func:`progression.compact` packs them as bytes, which the garbage
        collector does not walk).

        Entries already settled, or kept elsewhere and not read yet (a store's), are left as they are: settling
        again after more operations writes only the new ones; a store's entries once read are packed as the rest.
        The values of the indexes kept for this ledger's length are kept for the settled one (an operation after
        it reads only its own entries); the sheets kept every ``SNAPSHOT_EVERY`` entries are not (``undo`` then
        folds from the creation, reading the entries back).
        """
        length = self._length
        start, segment, end = 1, self._segment, length
        while segment.before is not None:  # back to the longest beginning settled or kept elsewhere, unread
            if end > segment.offset and isinstance(segment.items, _Settled):
                start = end
                break
            end, segment = segment.offset, segment.before._segment
        else:
            if isinstance(segment.items, _Deferred) and not segment.items.loaded:  # read, it is packed as the rest
                start = end
        if start >= length:
            return self
        written = write(self._tail(start))
        if written is None:
            return self
        lines = tuple(written)
        if len(lines) != length - start:
            msg = f"settling a ledger wrote {len(lines)} items for {length - start} entries"
            raise RuntimeError(msg)
        base = self.prefix(start) if start > 1 else Ledger((self[0],))  # the creation alone, not the list it began
        home = base._home()
        if (
            type(home.items) is _Settled
            and start - home.offset == len(home.items)
            and len(home.items) + len(lines) <= SETTLED_CHUNK
        ):
            before, lines = home.before, home.items.packed + lines  # the last settled segment, rewritten whole
        else:
            before = base
        while len(lines) > SETTLED_CHUNK:  # a long history settled at once: a segment per chunk
            segment = _Segment(before, _Settled(lines[:SETTLED_CHUNK], read))
            before, lines = Ledger._view(segment, segment.offset + SETTLED_CHUNK), lines[SETTLED_CHUNK:]
        settled = Ledger._view(_Segment(before, _Settled(lines, read)), length)
        for index in self._indexes():  # each brought to this length while its entries are objects still
            try:
                value = self.indexed(index)
            except ProgressionError:  # an entry the index refuses (a hand-edited tag): it says so when next read
                continue
            settled._keep(index, length, value)
        return settled.scratch()

    def _indexes(self) -> list[LedgerIndex[Any]]:
        """The indexes kept for this ledger or a beginning of it, within :data:`KEPT_SEARCH` segments back."""
        found: dict[int, LedgerIndex[Any]] = {}
        segment = self._segment
        for _ in range(KEPT_SEARCH):
            for kept in segment.indexes:
                found.setdefault(id(kept.index), kept.index)
            if segment.before is None:
                break
            segment = segment.before._segment
        return list(found.values())

    # -- snapshots ----------------------------------------------------------------

    def keep(self, sheet: Sheet) -> None:
        """Keep ``sheet`` (whose ledger this is) when its length is a multiple of ``SNAPSHOT_EVERY``."""
        if self._length % SNAPSHOT_EVERY == 0:
            self._segment.snapshots.setdefault(self._length, sheet)

    def snapshot(self, length: int) -> Sheet | None:
        """The kept sheet of the latest length up to ``length`` on this ledger, or None."""
        position = length - length % SNAPSHOT_EVERY
        while position > 0:
            segment, _ = self._locate(position)
            kept = segment.snapshots.get(position)
            if kept is not None:
                return kept
            position -= SNAPSHOT_EVERY
        return None

    # -- indexes -------------------------------------------------------------------

    def indexed(self, index: LedgerIndex[T]) -> T:
        """The value of ``index`` for this ledger. Read once (``index.read``), it is kept beside the entries, and the
        ledgers that grow from this one, or from a beginning of it (after an undo), extend it (``index.extend``)
        with the entries after the nearest value kept: those they added, or at most ``SNAPSHOT_EVERY`` more."""
        kept = self._kept(index)
        length = self._length
        if kept is None:
            value: T = index.read(self)
            self._keep(index, length, value)
            return value
        start, value = kept
        while start < length:  # by stretches ending at the marks, each kept for a beginning read later
            stop = min(length, start - start % SNAPSHOT_EVERY + SNAPSHOT_EVERY)
            value = index.extend(value, self.prefix(stop)._tail(start))
            self._keep(index, stop, value)
            start = stop
        return value

    def _kept(self, index: LedgerIndex[Any]) -> tuple[int, Any] | None:
        """The value of ``index`` kept for the longest beginning of this ledger, with its length; None when none
        is kept within :data:`KEPT_SEARCH` segments back."""
        segment, length = self._segment, self._length
        for _ in range(KEPT_SEARCH):
            for kept in segment.indexes:
                if kept.index is index:
                    found = kept.best(length)
                    if found is not None:
                        return found
                    break
            if segment.before is None:
                return None
            length, segment = segment.offset, segment.before._segment
        return None

    def _keep(self, index: LedgerIndex[Any], length: int, value: Any) -> None:
        """Keep the value of ``index`` for this ledger's beginning of ``length`` entries, on the segment holding its
        last entry (not on an empty segment after it, ``scratch``, which the ledgers beside it do not see)."""
        segment, _ = self._locate(length)
        for kept in segment.indexes:
            if kept.index is index:
                kept.keep(length, value)
                return
        segment.indexes = (*segment.indexes[1 - INDEXES_PER_SEGMENT :], _Kept(index, length, value))

    # -- comparing -----------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Ledger):
            if self._length != other._length:
                return False
            if self._segment is other._segment or self._home() is other._home():
                return True
            return all(a == b for a, b in zip(self, other, strict=True))
        if isinstance(other, tuple):
            return self._length == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Ledger({list(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Ledger, (tuple(self),))
