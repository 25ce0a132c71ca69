"""Cost curves: what the n-th step costs, what a run of steps costs, how far a budget goes.

The :class:`Curve` interface lives here: the checks of levels and declared properties, and
``reach`` derived from the totals a family gives. The families with a closed form (linear,
stepped, table, polynomial) are in ``_closed_curves``; a pack's own Python function as a curve
is in ``_function_curve``.

Steps are numbered from 1: ``cost(n)`` is the price of going from level ``n - 1`` to
level ``n``, and ``between(a, b)`` is the price of going from level ``a`` to level ``b``.
All arithmetic is on integers.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from progression._labels import Label
from progression.errors import InvalidInput

__all__ = ["CHECKED_STEPS", "REACH_LIMIT", "Curve"]

#: How many steps of a curve without a closed form are checked for its declared properties.
CHECKED_STEPS = 1000
#: How far ``reach`` walks a curve without a closed form before it gives up.
REACH_LIMIT = 1_000_000


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
        _check_integer(self.name, "step", n)
        if n < 1:  # the bound said is the real one: 0 is no step either
            msg = f"curve {self.name!r}: steps are numbered from 1, got {n!r}"
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
