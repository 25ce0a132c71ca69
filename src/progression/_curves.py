"""Cost curves: what the n-th step costs, what a run of steps costs, how far a budget goes.

The :class:`Curve` interface and the families with a closed form (linear, stepped, table,
polynomial) live here; a pack's own Python function as a curve is in ``_function_curve``.

Steps are numbered from 1: ``cost(n)`` is the price of going from level ``n - 1`` to
level ``n``, and ``between(a, b)`` is the price of going from level ``a`` to level ``b``.
All arithmetic is on integers.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import ClassVar, Literal

import attrs

from ._labels import Label
from ._power_sums import sum_polynomial
from .errors import InvalidInput

__all__ = [
    "Beyond",
    "Curve",
    "LinearCurve",
    "PolynomialCurve",
    "SteppedCurve",
    "TableCurve",
]

#: What a table curve does past its last entry.
Beyond = Literal["error", "clamp", "extrapolate"]

#: How many steps of a curve without a closed form are checked for its declared properties.
CHECKED_STEPS = 1000
#: How far ``reach`` walks a curve without a closed form before it gives up.
REACH_LIMIT = 1_000_000


def _tuple_of(items: object) -> object:
    """An attrs converter: a list or tuple as a tuple; anything else is left for the type check to refuse."""
    return tuple(items) if isinstance(items, list | tuple) else items


def _check_integer(curve: str, name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        msg = f"curve {curve!r}: {name} must be an integer, got {value!r}"
        raise InvalidInput(msg)


def _negative(curve: str, n: int, value: int) -> InvalidInput:
    return InvalidInput(f"curve {curve!r} is declared non-negative but step {n} costs {value}")


def _decreasing(curve: str, n: int, value: int, previous: int) -> InvalidInput:
    return InvalidInput(
        f"curve {curve!r} is declared non-decreasing but step {n} costs {value}, less than step {n - 1} ({previous})"
    )


def _check_level(curve: str, name: str, value: object) -> int:
    # The integer check of _check_integer spelled out: every cost, total and between checks its levels.
    if not isinstance(value, int) or isinstance(value, bool):
        msg = f"curve {curve!r}: {name} must be an integer, got {value!r}"
        raise InvalidInput(msg)
    if value < 0:
        msg = f"curve {curve!r}: {name} must be >= 0, got {value!r}"
        raise InvalidInput(msg)
    return value


@attrs.frozen(kw_only=True)
class Curve:
    """The common behaviour of every curve family.

    Subclasses give ``_total(n)``, the price of levels ``0 → n``, in closed form where
    one exists; everything else is derived from it.
    """

    #: The id the curve is known by in its pack.
    name: str
    #: Declared that no step costs less than zero; checked when the curve is built.
    non_negative: bool = True
    #: Declared that no step costs less than the one before; checked when the curve is built.
    non_decreasing: bool = True
    #: The displayed name, when the pack gives one.
    label: Label | None = attrs.field(default=None, eq=False)

    #: The fields that hold one integer, and those that hold a list of integers.
    _integers: ClassVar[tuple[str, ...]] = ()
    _integer_lists: ClassVar[tuple[str, ...]] = ()

    def __attrs_post_init__(self) -> None:
        self._check_types()
        self._check_shape()
        self._check_declared()

    def _check_types(self) -> None:
        """Refuse parameters of the wrong type before any arithmetic trips on them."""
        if not isinstance(self.name, str):
            msg = f"a curve name must be a text, got {self.name!r}"
            raise InvalidInput(msg)
        for flag in ("non_negative", "non_decreasing"):
            if not isinstance(getattr(self, flag), bool):
                msg = f"curve {self.name!r}: {flag} must be true or false, got {getattr(self, flag)!r}"
                raise InvalidInput(msg)
        for field in self._integers:
            _check_integer(self.name, field, getattr(self, field))
        for field in self._integer_lists:
            values = getattr(self, field)
            if not isinstance(values, tuple):
                msg = f"curve {self.name!r}: {field} must be a list of integers, got {values!r}"
                raise InvalidInput(msg)
            for index, value in enumerate(values):
                _check_integer(self.name, f"{field}[{index}]", value)

    # -- the interface -------------------------------------------------------------

    @property
    def last_step(self) -> int | None:
        """The last step the curve defines, or ``None`` when it goes on for ever."""
        return None

    @property
    def closed_form(self) -> bool:
        """Whether totals are computed in constant time."""
        return True

    def cost(self, n: int) -> int:
        """The price of step ``n`` (going from level ``n - 1`` to ``n``), ``n >= 1``."""
        _check_level(self.name, "step", n)
        if n == 0:
            msg = f"curve {self.name!r}: steps are numbered from 1, got 0"
            raise InvalidInput(msg)
        self._check_defined(n)
        return self._cost(n)

    def total(self, n: int) -> int:
        """The price of levels ``0 → n``."""
        _check_level(self.name, "level", n)
        self._check_defined(n)
        return self._total(n)

    def between(self, start: int, end: int) -> int:
        """The price of going from level ``start`` to level ``end`` (``start <= end``)."""
        _check_level(self.name, "start", start)
        _check_level(self.name, "end", end)
        if end < start:
            msg = f"curve {self.name!r}: end must be >= start, got start={start} end={end}"
            raise InvalidInput(msg)
        self._check_defined(end)
        return self._total(end) - self._total(start)

    def reach(self, start: int, budget: int) -> int:
        """The highest level a ``budget`` reaches from level ``start``.

        Uses the totals and a galloping search, so it costs O(log n) total
        computations. Needs a non-negative, non-decreasing curve.

        Raises:
            InvalidInput: for a curve not declared non-negative and non-decreasing, or
                one whose steps cost nothing for ever (the budget would never run out).
        """
        _check_level(self.name, "start", start)
        _check_level(self.name, "budget", budget)
        if not (self.non_negative and self.non_decreasing):
            msg = f"curve {self.name!r}: reach needs a non-negative, non-decreasing curve"
            raise InvalidInput(msg)
        self._check_defined(start)
        base = self._total(start)
        last = self.last_step

        def affordable(level: int) -> bool:
            return self._total(level) - base <= budget

        low, step = start, 1
        while True:
            high = start + step
            if last is not None and high >= last:
                high = last
                if affordable(high):
                    return high
                break
            if not affordable(high):
                break
            low = high
            if not self.closed_form and high >= REACH_LIMIT:
                msg = (
                    f"curve {self.name!r}: a budget of {budget} from level {start} still reaches past level {high}; "
                    f"reach walks a function curve at most {REACH_LIMIT} levels"
                )
                raise InvalidInput(msg)
            if self._cost(high + 1) == 0 and self._is_free_from(high + 1):
                msg = f"curve {self.name!r}: steps from {high + 1} on cost nothing, so any budget reaches without bound"
                raise InvalidInput(msg)
            step *= 2
        # affordable(low) and not affordable(high)
        while high - low > 1:
            middle = (low + high) // 2
            if affordable(middle):
                low = middle
            else:
                high = middle
        return low

    def table(self, start: int = 0, end: int = 10) -> list[tuple[int, int, int]]:
        """Rows ``(level, cost of reaching it, total from 0)`` for ``start < level <= end``."""
        return [(n, self.cost(n), self.total(n)) for n in range(start + 1, end + 1)]

    # -- for subclasses ------------------------------------------------------------

    def _cost(self, n: int) -> int:
        return self._total(n) - self._total(n - 1)

    def _total(self, n: int) -> int:
        raise NotImplementedError

    def _is_free_from(self, n: int) -> bool:
        """Whether every step from ``n`` on costs nothing (only asked when step ``n`` is free)."""
        return False

    def _check_defined(self, n: int) -> None:
        last = self.last_step
        if last is not None and n > last:
            msg = f"curve {self.name!r} defines steps 1..{last}; step {n} is past its end"
            raise InvalidInput(msg)

    def _check_shape(self) -> None:
        """Refuse parameters of the right type that still make no curve (a table of no values)."""

    def _checked_steps(self) -> int:
        """How many first steps are checked for the declared properties."""
        last = self.last_step
        return CHECKED_STEPS if last is None else min(last, CHECKED_STEPS)

    def _check_declared(self) -> None:
        previous: int | None = None
        for n in range(1, self._checked_steps() + 1):
            value = self._cost(n)
            if self.non_negative and value < 0:
                raise _negative(self.name, n, value)
            if self.non_decreasing and previous is not None and value < previous:
                raise _decreasing(self.name, n, value, previous)
            previous = value


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
        sums = [0]
        for value in self.values:
            sums.append(sums[-1] + value)
        return tuple(sums)

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
