"""Ladders: named bands over a numeric axis, with gates at their edges."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import attrs

from progression._frozen import as_tuple
from progression._labels import Label
from progression.errors import InvalidInput, UnknownName
from progression.requirements.predicates import Requirement

__all__ = ["Band", "Ladder", "band_problems"]


@attrs.frozen(kw_only=True)
class Band:
    """One band of a ladder: the values ``low..high`` (``high`` None: no top)."""

    id: str
    label: Label
    low: int
    high: int | None = None
    #: What must hold to enter this band from below (a gate at its lower edge).
    requires: Requirement | None = None

    def contains(self, value: int) -> bool:
        """Whether ``value`` lies in this band.

        Raises:
            InvalidInput: ``value`` is no integer.
        """
        if isinstance(value, bool) or not isinstance(value, int):
            msg = f"band {self.id!r}: expected an integer to find in it, got {_came(value)}"
            raise InvalidInput(msg)
        return self.low <= value and (self.high is None or value <= self.high)


def _came(value: object) -> str:
    """What came where an integer was expected: its type and value (``str '3'``)."""
    return f"{type(value).__name__} {value!r:.60}"


@attrs.frozen(kw_only=True)
class Ladder:
    """Ordered bands over the quantity ``axis``; bands touch and do not overlap."""

    id: str
    label: Label
    #: The quantity (stat, pool or owned count) the bands are read on.
    axis: str
    bands: tuple[Band, ...] = attrs.field(converter=as_tuple)

    def __attrs_post_init__(self) -> None:
        problems = band_problems(self.id, self.bands)
        if problems:
            raise InvalidInput(problems[0][2])

    def band_of(self, value: int) -> Band:
        """The band ``value`` lies in.

        Raises:
            InvalidInput: when the value is no integer, or is below the first band or above the last.
        """
        self._check_value(value, "to find the band of")
        for band in self.bands:
            if band.contains(value):
                return band
        msg = (
            f"ladder {self.id!r} covers {self.bands[0].low}.."
            f"{self.bands[-1].high if self.bands[-1].high is not None else ''}; got {value!r}"
        )
        raise InvalidInput(msg)

    def _check_value(self, value: object, what: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            msg = f"ladder {self.id!r}: expected an integer of {self.axis!r} {what}, got {_came(value)}"
            raise InvalidInput(msg)

    def band(self, band_id: str) -> Band:
        """The band with id ``band_id``."""
        for band in self.bands:
            if band.id == band_id:
                return band
        raise UnknownName("band", band_id, [b.id for b in self.bands], f"ladder {self.id!r}")

    def range_of(self, band_id: str) -> tuple[int, int | None]:
        """The ``(low, high)`` values of a band; ``high`` is None for an open top."""
        band = self.band(band_id)
        return band.low, band.high

    def index_of(self, band_id: str) -> int:
        """The position of a band, 0 for the lowest."""
        return self.bands.index(self.band(band_id))

    def completes(self, value: int) -> bool:
        """Whether ``value`` is the top of its band.

        An open-topped band is never complete, and neither is a band of one value (Ignorant
        at level 0): there is nothing in it to complete.
        """
        band = self.band_of(value)
        return band.high == value and band.high > band.low

    def gates_crossed(self, before: int, after: int) -> tuple[Band, ...]:
        """The bands entered from below when the axis goes from ``before`` up to ``after``.

        Raises:
            InvalidInput: ``before`` or ``after`` is no integer.
        """
        self._check_value(before, "to find the gates crossed")
        self._check_value(after, "to find the gates crossed")
        if after <= before:
            return ()
        return tuple(b for b in self.bands if before < b.low <= after)


#: The key of a band in a pack file that each of its fields is written as.
_KEYS = {"low": "from", "high": "to"}


def band_problems(ladder: str, bands: Sequence[Band]) -> list[tuple[int | None, str, str]]:
    """What keeps ``bands`` from being the bands of ladder ``ladder``, each as ``(index, key, message)``: the index
    of the band it is about and the key of the band the problem is at as a pack file writes it (``from``, ``to``,
    ``id``), so that a loader points at the band (index None, key ``bands``: there is no band at all). Bands touch,
    in order, and do not overlap; a band's ``to`` is not below its ``from``; band ids are unique."""
    if not bands:
        return [(None, "bands", f"ladder {ladder!r} needs at least one band")]
    found: list[tuple[int | None, str, str]] = []
    seen: set[str] = set()
    for index, band in enumerate(bands):
        whole = True
        for name, value in (("low", band.low), ("high", band.high)):
            if not (value is None and name == "high") and (isinstance(value, bool) or not isinstance(value, int)):
                message = f"ladder {ladder!r}: band {band.id!r} {name} must be an integer, got {value!r}"
                found.append((index, _KEYS[name], message))
                whole = False
        if whole and band.high is not None and band.high < band.low:
            message = f"ladder {ladder!r}: band {band.id!r} ends at {band.high}, before it starts at {band.low}"
            found.append((index, "to", message))
        if band.id in seen:
            found.append((index, "id", f"ladder {ladder!r}: band id {band.id!r} is used twice"))
        seen.add(band.id)
    if found:  # the order of bands whose bounds are wrong says nothing more
        return found
    for index, (before, after) in enumerate(itertools.pairwise(bands), start=1):
        if before.high is None or after.low != before.high + 1:
            message = (
                f"ladder {ladder!r}: band {after.id!r} must start at "
                f"{'the end of ' + before.id if before.high is None else before.high + 1}, "
                f"got {after.low}"
            )
            found.append((index, "from", message))
    return found
