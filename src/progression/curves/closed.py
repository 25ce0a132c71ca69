"""The curve families with a closed form: linear, stepped (bands of one width or of several), table and polynomial.

Each gives the price of levels ``0 → n`` in constant time (a polynomial's through
``_power_sums``), so ``reach`` over them is a galloping search of O(log n) totals.
The :class:`~progression.curves.Curve` interface they share is in ``_curves``.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from functools import cached_property
from itertools import accumulate
from typing import ClassVar, Literal

import attrs

from progression.curves.curve import CHECKED_STEPS, Curve, _decreasing, _negative
from progression.curves.power_sums import sum_polynomial
from progression.errors import InvalidInput

__all__ = ["BandedCurve", "Beyond", "LinearCurve", "PolynomialCurve", "SteppedCurve", "TableCurve"]

#: What a table curve does past its last entry.
Beyond = Literal["error", "clamp", "extrapolate"]


def _tuple_of(items: object) -> object:
    """An attrs converter: a list or tuple as a tuple; anything else is left for the type check to refuse."""
    return tuple(items) if isinstance(items, list | tuple) else items


@attrs.frozen(kw_only=True)
class LinearCurve(Curve):
    """``base + step × (steps already taken)``: the n-th step costs ``base + step·(n − 1)``."""

    #: The price of the first step.
    base: int
    #: How much each step costs more than the one before.
    step: int = 0

    _integers: ClassVar[tuple[str, ...]] = ("base", "step")

    def _cost(self, n: int) -> int:
        return self.base + self.step * (n - 1)

    def _total(self, n: int) -> int:
        return n * self.base + self.step * n * (n - 1) // 2

    def _is_free_from(self, n: int) -> bool:
        return self.step == 0 and self.base == 0

    def _check_declared(self) -> None:
        if self.non_negative and (self.base < 0 or self.step < 0):
            # the first negative step: 1 when the base is, else the first past base / -step
            n = 1 if self.base < 0 else self.base // -self.step + 2
            raise _negative(self.name, n, self._cost(n))
        if self.non_decreasing and self.step < 0:
            raise _decreasing(self.name, 2, self._cost(2), self._cost(1))


@attrs.frozen(kw_only=True)
class SteppedCurve(Curve):
    """``ceil(n / width) × unit``: the price rises by ``unit`` every ``width`` steps."""

    #: How many steps share one price.
    width: int
    #: The price added at each new band of ``width`` steps.
    unit: int = 1

    _integers: ClassVar[tuple[str, ...]] = ("width", "unit")

    def _check_shape(self) -> None:
        if self.width < 1:
            msg = f"curve {self.name!r}: width must be >= 1, got {self.width}"
            raise InvalidInput(msg)

    def _cost(self, n: int) -> int:
        return -(-n // self.width) * self.unit

    def _total(self, n: int) -> int:
        full, rest = divmod(n, self.width)
        return self.unit * (self.width * full * (full + 1) // 2 + rest * (full + 1))

    def _is_free_from(self, n: int) -> bool:
        return self.unit == 0

    def _check_declared(self) -> None:
        if self.non_negative and self.unit < 0:
            raise _negative(self.name, 1, self._cost(1))
        if self.non_decreasing and self.unit < 0:
            n = self.width + 1
            raise _decreasing(self.name, n, self._cost(n), self._cost(n - 1))


@attrs.frozen(kw_only=True)
class BandedCurve(Curve):
    """A stepped curve whose bands differ in width: each step of band *k* costs ``k × unit``.

    The bands are ``widths`` steps long, one after the other; past them, the last width repeats for
    ever (``widths = [3, 5]``, ``unit = 10``: steps 1-3 cost 10, 4-8 cost 20, 9-13 cost 30 ...).
    """

    #: The width of each band, first band first; the last one repeats.
    widths: tuple[int, ...] = attrs.field(converter=_tuple_of)
    #: The price added at each new band.
    unit: int = 1

    _integers: ClassVar[tuple[str, ...]] = ("unit",)
    _integer_lists: ClassVar[tuple[str, ...]] = ("widths",)

    def _check_shape(self) -> None:
        if not self.widths:
            msg = f"curve {self.name!r}: a banded curve needs at least one width"
            raise InvalidInput(msg)
        for index, width in enumerate(self.widths):
            if width < 1:
                msg = f"curve {self.name!r}: widths[{index}] must be >= 1, got {width}"
                raise InvalidInput(msg)

    @cached_property
    def _edges(self) -> tuple[int, ...]:
        """``_edges[k]``: the steps in the first ``k`` listed bands."""
        return tuple(accumulate(self.widths, initial=0))

    @cached_property
    def _sums(self) -> tuple[int, ...]:
        """``_sums[k]``: the price of the first ``k`` listed bands, in units."""
        return tuple(accumulate((band * width for band, width in enumerate(self.widths, start=1)), initial=0))

    def _cost(self, n: int) -> int:
        end = self._edges[-1]
        if n <= end:
            return bisect.bisect_left(self._edges, n) * self.unit
        return (len(self.widths) + -(-(n - end) // self.widths[-1])) * self.unit

    def _total(self, n: int) -> int:
        edges, listed, last = self._edges, len(self.widths), self.widths[-1]
        if n <= edges[-1]:
            band = max(1, bisect.bisect_left(edges, n))
            return self.unit * (self._sums[band - 1] + (n - edges[band - 1]) * band)
        full, rest = divmod(n - edges[-1], last)
        beyond = last * (full * listed + full * (full + 1) // 2) + rest * (listed + full + 1)
        return self.unit * (self._sums[listed] + beyond)

    def _is_free_from(self, n: int) -> bool:
        return self.unit == 0

    def _check_declared(self) -> None:
        if self.non_negative and self.unit < 0:
            raise _negative(self.name, 1, self._cost(1))
        if self.non_decreasing and self.unit < 0:
            n = self.widths[0] + 1
            raise _decreasing(self.name, n, self._cost(n), self._cost(n - 1))


@attrs.frozen(kw_only=True)
class TableCurve(Curve):
    """Prices read from a list; totals through prefix sums."""

    #: ``values[0]`` is the price of step 1.
    values: tuple[int, ...] = attrs.field(converter=_tuple_of)
    #: What happens past the last entry, ``error``, ``clamp`` (repeat the last price) or
    #: ``extrapolate`` (continue the last difference).
    beyond: Beyond = "error"

    _integer_lists: ClassVar[tuple[str, ...]] = ("values",)

    def _check_shape(self) -> None:
        if not self.values:
            msg = f"curve {self.name!r}: a table needs at least one value"
            raise InvalidInput(msg)
        if self.beyond not in ("error", "clamp", "extrapolate"):
            msg = f"curve {self.name!r}: beyond must be error, clamp or extrapolate, got {self.beyond!r}"
            raise InvalidInput(msg)

    @cached_property
    def _prefix(self) -> tuple[int, ...]:
        return tuple(accumulate(self.values, initial=0))

    @property
    def last_step(self) -> int | None:
        return len(self.values) if self.beyond == "error" else None

    @property
    def _slope(self) -> int:
        if self.beyond == "clamp" or len(self.values) < 2:
            return 0
        return self.values[-1] - self.values[-2]

    def _cost(self, n: int) -> int:
        size = len(self.values)
        if n <= size:
            return self.values[n - 1]
        return self.values[-1] + self._slope * (n - size)

    def _total(self, n: int) -> int:
        size = len(self.values)
        if n <= size:
            return self._prefix[n]
        extra = n - size
        return self._prefix[size] + extra * self.values[-1] + self._slope * extra * (extra + 1) // 2

    def _is_free_from(self, n: int) -> bool:
        return n > len(self.values) and self.values[-1] == 0 and self._slope == 0

    def _checked_steps(self) -> int:
        # The table itself, then one step past it, which shows the slope beyond.
        return len(self.values) + (0 if self.beyond == "error" else 1)

    def _check_declared(self) -> None:
        super()._check_declared()
        if self.non_negative and self.beyond == "extrapolate" and self._slope < 0:
            # Extrapolating downwards goes below zero sooner or later: name the first step that does.
            n = len(self.values) + self.values[-1] // -self._slope + 1
            raise _negative(self.name, n, self._cost(n))


@attrs.frozen(kw_only=True)
class PolynomialCurve(Curve):
    """``c0 + c1·n + c2·n² + ...``: a formula curve given by integer coefficients."""

    #: ``coefficients[i]`` multiplies ``n**i``.
    coefficients: tuple[int, ...] = attrs.field(converter=_tuple_of)

    _integer_lists: ClassVar[tuple[str, ...]] = ("coefficients",)

    def _check_shape(self) -> None:
        if not self.coefficients:
            msg = f"curve {self.name!r}: a polynomial needs at least one coefficient"
            raise InvalidInput(msg)

    def _cost(self, n: int) -> int:
        return sum(c * n**i for i, c in enumerate(self.coefficients))

    @cached_property
    def _summed(self) -> Callable[[int], int]:
        return sum_polynomial(self.coefficients)

    def _total(self, n: int) -> int:
        return self._summed(n)

    def _is_free_from(self, n: int) -> bool:
        return not any(self.coefficients)

    def _check_declared(self) -> None:
        super()._check_declared()  # the first steps, then where the leading term takes over
        degree = max((i for i, c in enumerate(self.coefficients) if c), default=0)
        if degree == 0 or self.coefficients[degree] > 0 or not (self.non_negative or self.non_decreasing):
            return
        # A negative leading coefficient wins in the end: every later step costs less, then below zero.
        n = CHECKED_STEPS
        while not (
            (self.non_negative and self._cost(n) < 0) or (self.non_decreasing and self._cost(n) < self._cost(n - 1))
        ):
            n *= 2
        if self.non_negative and self._cost(n) < 0:
            raise _negative(self.name, n, self._cost(n))
        raise _decreasing(self.name, n, self._cost(n), self._cost(n - 1))
