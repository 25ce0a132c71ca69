"""The ledger as a value: an immutable sequence of entries that grows in constant time.

A sheet's ledger only ever grows at its end, and a new sheet keeps every entry of the one it
was made from. A tuple would copy every entry on every operation (a cost that grows with the
history); a :class:`Ledger` shares them. It is a chain of segments: each segment is a list that
only grows at its end, and a ledger is a view of the first entries of one segment after the
entries of the segment before it. Appending to the ledger that ends where its list ends appends
to the list; appending to any other ledger (the one before an undo, say) starts a new segment
chained to it. Neither copies an entry, and no ledger ever sees an entry appended past its end,
so every ledger is immutable, whoever else appends.

Every ``SNAPSHOT_EVERY`` entries an operation makes, the sheet of that length is kept beside
the ledger (a whole fold, such as reading a file, keeps one every eight times that), so that the
sheet at any earlier length (``undo``, ``as_of``) is folded from the nearest snapshot rather than
from the creation.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

if TYPE_CHECKING:
    from progression.ledger.events import Event
    from progression.ledger.sheet import Sheet

__all__ = ["SNAPSHOT_EVERY", "Ledger"]

#: How often (in entries) a ledger keeps the sheet of its length.
SNAPSHOT_EVERY = 32


class _Segment:
    """A list of entries that only grows at its end, after the ledger it continues."""

    __slots__ = ("before", "items", "offset", "snapshots")

    def __init__(self, before: Ledger | None, items: list[Event]) -> None:
        self.before = before
        self.offset = 0 if before is None else len(before)
        self.items = items
        #: Sheets kept at some lengths of this segment's ledgers, by length.
        self.snapshots: dict[int, Sheet] = {}


class Ledger(Sequence["Event"]):
    """An immutable sequence of ledger entries; ``append`` returns a new ledger in constant time."""

    __slots__ = ("_length", "_segment")

    def __init__(self, entries: Iterable[Event] = ()) -> None:
        items = list(entries)
        self._segment = _Segment(None, items)
        self._length = len(items)

    @classmethod
    def _view(cls, segment: _Segment, length: int) -> Ledger:
        ledger = cls.__new__(cls)
        ledger._segment = segment
        ledger._length = length
        return ledger

    def append(self, entry: Event) -> Ledger:
        """This ledger with ``entry`` at its end; this one is unchanged."""
        segment, length = self._segment, self._length
        items = segment.items
        if len(items) == length - segment.offset:
            items.append(entry)
            # Another thread may have appended between the test and the append: then the entry
            # is not where this ledger ends, and the new ledger starts a segment of its own.
            if len(items) > length - segment.offset and items[length - segment.offset] is entry:
                return Ledger._view(segment, length + 1)
        return Ledger._view(_Segment(self, [entry]), length + 1)

    def scratch(self) -> Ledger:
        """A ledger equal to this one whose appends go to a segment of their own (never to this one's list)."""
        return Ledger._view(_Segment(self, []), self._length)

    def __len__(self) -> int:
        return self._length

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
            return tuple(self)[index]
        if isinstance(index, bool) or not isinstance(index, int):
            msg = f"ledger indices must be integers or slices, not {type(index).__name__}"
            raise TypeError(msg)
        position = index + self._length if index < 0 else index
        if not 0 <= position < self._length:
            msg = "ledger index out of range"
            raise IndexError(msg)
        segment, _ = self._locate(position + 1)
        return segment.items[position - segment.offset]

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

    # -- comparing -----------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Ledger):
            if self._length != other._length:
                return False
            if self._segment is other._segment:
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
