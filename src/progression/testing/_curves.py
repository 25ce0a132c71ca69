"""Curve helpers for designers: is a curve as monotonic and additive as it should be, and does it match a table?

Each helper returns ``None`` when the curve passes, else one sentence naming the first
step that does not, so a designer's test reads ``assert check_monotonic(curve, 50) is None``
and fails with the sentence.
"""

from __future__ import annotations

from collections.abc import Sequence

from progression.curves.curve import Curve
from progression.engine.checks import came
from progression.errors import InvalidInput

__all__ = ["check_additive", "check_monotonic", "check_non_negative", "compare_to_table"]


def _check_curve(curve: object, helper: str) -> None:
    """Refuse what is not a curve, as :class:`InvalidInput` naming the helper; a curve's id, the likely slip, with
    how to get the curve."""
    if not isinstance(curve, Curve):
        msg = f"{helper}: expected a curve as its first argument, got {came(curve)}"
        if isinstance(curve, str):
            msg += f"; a curve's id names it in its pack: pass pack.curve({curve!r})"
        raise InvalidInput(msg)


def _check_range(curve: Curve, start: int, end: int, lowest: int) -> int:
    """The last step to look at: ``end``, or the curve's last step if it stops sooner (maybe before ``start``)."""
    for name, value in (("start", start), ("end", end)):
        if isinstance(value, bool) or not isinstance(value, int):
            msg = f"curve {curve.name!r}: {name} must be an integer, got {value!r}"
            raise InvalidInput(msg)
    if start < lowest or end < start:
        msg = f"curve {curve.name!r}: expected {lowest} <= start <= end, got start={start} end={end}"
        raise InvalidInput(msg)
    last = curve.last_step
    return end if last is None else min(end, last)


def check_non_negative(curve: Curve, end: int, start: int = 1) -> str | None:
    """The first step in ``start..end`` that costs less than zero, as a sentence; None if there is none.

    Args:
        curve: the curve to examine.
        end: the last step examined (or the curve's last step, if it stops sooner).
        start: the first step examined, at least 1.

    Steps past the end of a curve that stops are not examined.

    Raises:
        InvalidInput: ``curve`` is no curve (its id, say: pass ``pack.curve(id)``), or the range is not one of
            integers with ``start <= end``.
    """
    _check_curve(curve, "check_non_negative")
    upto = _check_range(curve, start, end, 1)
    for step in range(start, upto + 1):
        price = curve.cost(step)
        if price < 0:
            return f"curve {curve.name!r}: step {step} costs {price}, less than zero"
    return None


def check_monotonic(curve: Curve, end: int, start: int = 1, *, strict: bool = False) -> str | None:
    """The first step in ``start..end`` that costs less than the one before, as a sentence; None if none.

    Args:
        curve: the curve to examine.
        end: the last step examined (or the curve's last step, if it stops sooner).
        start: the first step examined, at least 1; it is compared with the step after it.
        strict: also refuse a step that costs the same as the one before.

    Raises:
        InvalidInput: ``curve`` is no curve (its id, say: pass ``pack.curve(id)``), or the range is not one of
            integers with ``start <= end``.
    """
    _check_curve(curve, "check_monotonic")
    upto = _check_range(curve, start, end, 1)
    if upto < start:
        return None
    previous = curve.cost(start)
    for step in range(start + 1, upto + 1):
        price = curve.cost(step)
        if price < previous or (strict and price == previous):
            relation = "less than" if price < previous else "the same as"
            return f"curve {curve.name!r}: step {step} costs {price}, {relation} step {step - 1} ({previous})"
        previous = price
    return None


def check_additive(curve: Curve, end: int, start: int = 0) -> str | None:
    """Whether totals agree with the steps over levels ``start..end``; the first disagreement, or None.

    Checks, for every level ``n`` in the range, that ``total(n)`` is the sum of ``cost(1..n)``,
    that ``between(start, n)`` and ``between(n, end)`` are the sums of their steps, so that
    ``between(start, n) + between(n, end) == between(start, end)``. Linear in the range.

    Args:
        curve: the curve to examine.
        end: the last level examined (or the curve's last step, if it stops sooner).
        start: the first level, at least 0.

    Raises:
        InvalidInput: ``curve`` is no curve (its id, say: pass ``pack.curve(id)``), or the range is not one of
            integers with ``start <= end``.
    """
    _check_curve(curve, "check_additive")
    upto = _check_range(curve, start, end, 0)
    if upto < start:
        return None
    running = curve.total(start)
    steps = [0] * (upto + 1)
    for level in range(start + 1, upto + 1):
        steps[level] = curve.cost(level)
        running += steps[level]
        if curve.total(level) != running:
            return (
                f"curve {curve.name!r}: the total to level {level} is {curve.total(level)}, "
                f"but its steps 1..{level} add up to {running}"
            )
        if curve.between(level - 1, level) != steps[level]:
            return (
                f"curve {curve.name!r}: going from level {level - 1} to {level} costs "
                f"{curve.between(level - 1, level)}, but step {level} costs {steps[level]}"
            )
    whole = curve.between(start, upto)
    below = 0
    for level in range(start, upto + 1):
        below += steps[level]
        if curve.between(start, level) + curve.between(level, upto) != whole:
            return (
                f"curve {curve.name!r}: {start}→{level} costs {curve.between(start, level)} and "
                f"{level}→{upto} costs {curve.between(level, upto)}, which do not add up to "
                f"{start}→{upto} ({whole})"
            )
        if curve.between(start, level) != below:
            return (
                f"curve {curve.name!r}: {start}→{level} costs {curve.between(start, level)}, "
                f"but its steps add up to {below}"
            )
    return None


def compare_to_table(
    curve: Curve, published: Sequence[int], *, cumulative: bool = False, start: int = 1, every: int = 1
) -> str | None:
    """Compare a curve to a published table; the first difference as a sentence, or None.

    Args:
        curve: the curve to compare.
        published: the table, one number per step from step ``start`` on (per ``every`` steps).
        cumulative: the table lists totals from level 0 (what reaching each level costs in all)
            instead of the price of each step.
        start: the step (or level, for totals) the table's first number is for.
        every: how many steps apart the table's numbers are (10 for a table by tens). Without
            ``cumulative``, each number is then the price of the ``every`` steps ending at its step.

    Returns:
        ``None`` when every number agrees, else a sentence such as
        ``"step 4 costs 12 by curve 'xp' but 10 by the table"``.

    Raises:
        InvalidInput: ``curve`` is no curve (its id, say: pass ``pack.curve(id)``), the table is empty (it would
            compare nothing) or not a list of integers, or a keyword is of the wrong type or out of range.

    >>> from progression.curves import SteppedCurve
    >>> level = SteppedCurve(name="level", width=10, unit=1)
    >>> print(compare_to_table(level, [10, 30, 60, 100], cumulative=True, start=10, every=10))
    None
    """
    _check_curve(curve, "compare_to_table")
    if isinstance(published, str | bytes) or not isinstance(published, Sequence):
        msg = f"curve {curve.name!r}: expected the published table as a list of integers, got {published!r:.60}"
        raise InvalidInput(msg)
    for index, number in enumerate(published):
        if isinstance(number, bool) or not isinstance(number, int):
            msg = f"curve {curve.name!r}: entry {index} of the published table is {number!r}, not an integer"
            raise InvalidInput(msg)
    if isinstance(every, bool) or not isinstance(every, int) or every < 1:
        msg = f"curve {curve.name!r}: every must be a whole number >= 1, got {every!r}"
        raise InvalidInput(msg)
    if isinstance(start, bool) or not isinstance(start, int):
        msg = f"curve {curve.name!r}: start must be an integer, got {start!r}"
        raise InvalidInput(msg)
    if not isinstance(cumulative, bool):
        msg = f"curve {curve.name!r}: cumulative must be True or False, got {cumulative!r}"
        raise InvalidInput(msg)
    if not published:
        msg = (
            f"curve {curve.name!r}: the published table is empty, so it compares nothing; give the "
            f"{'total to each level' if cumulative else 'price of each step'} from {'level' if cumulative else 'step'} "
            f"{start}"
        )
        raise InvalidInput(msg)
    end = start + every * (len(published) - 1)
    _check_range(curve, start, max(start, end), 1)
    if start < every:
        msg = (
            f"curve {curve.name!r}: start must be at least every (the run of {every} steps ending at the "
            f"first number starts at step 1 or later), got start={start} every={every}"
        )
        raise InvalidInput(msg)
    last = curve.last_step
    for offset, expected in enumerate(published):
        step = start + every * offset
        if last is not None and step > last:
            return (
                f"curve {curve.name!r} stops at step {last}, but the table goes on to step {end} "
                f"({len(published)} entries from step {start})"
            )
        if cumulative:
            actual = curve.total(step)
            if actual != expected:
                return (
                    f"reaching level {step} costs {actual} in all by curve {curve.name!r} but {expected} by the table"
                    f"{_hint(curve, published, offset, start, every)}"
                )
        else:
            actual = curve.between(step - every, step)
            if actual != expected:
                return (
                    f"{_steps(step, every)} {_verb(every)} {actual} by curve {curve.name!r} but {expected} by the table"
                )
    return None


def _steps(step: int, every: int) -> str:
    """``step 7``, or ``steps 61 to 70`` for a run of several."""
    return f"step {step}" if every == 1 else f"steps {step - every + 1} to {step}"


def _verb(every: int) -> str:
    return "costs" if every == 1 else "cost"


def _hint(curve: Curve, published: Sequence[int], offset: int, start: int, every: int) -> str:
    """For a cumulative table, what the table's own price of the last step (or run) is at the first difference."""
    step = start + every * offset
    before = published[offset - 1] if offset else curve.total(step - every)
    return (
        f" (the table's {_steps(step, every)} {_verb(every)} {published[offset] - before}, "
        f"the curve's {curve.between(step - every, step)})"
    )
