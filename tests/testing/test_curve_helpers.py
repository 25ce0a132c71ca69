"""The designer's curve helpers: monotonicity, additivity, and comparison with a published table."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import progression
from progression.curves import Curve, FunctionCurve, LinearCurve, PolynomialCurve, SteppedCurve, TableCurve
from progression.errors import InvalidInput
from progression.testing import (
    check_additive,
    check_monotonic,
    check_non_negative,
    compare_to_table,
    curves,
    table_curves,
)

FEW = settings(max_examples=40, deadline=None)


class Broken(LinearCurve):
    """A linear curve whose totals forget the first step: what a hand-written family might get wrong."""

    def _total(self, n: int) -> int:
        return super()._total(n) - (self.base if n >= 3 else 0)


class TestCheckMonotonic:
    def test_rising_curve_passes(self) -> None:
        """A linear curve with a positive step never falls."""
        assert check_monotonic(LinearCurve(name="xp", base=1, step=2), 50) is None

    def test_first_fall_is_named(self) -> None:
        """The first step cheaper than the one before is named with both prices."""
        curve = TableCurve(name="odd", values=[5, 7, 6, 4], non_decreasing=False)
        expected = "curve 'odd': step 3 costs 6, less than step 2 (7)"
        assert expected == check_monotonic(curve, 10)

    def test_strict_refuses_a_flat_step(self) -> None:
        """``strict=True`` also refuses a step that costs the same as the one before."""
        curve = SteppedCurve(name="band", width=3, unit=2)
        assert check_monotonic(curve, 10) is None
        assert "curve 'band': step 2 costs 2, the same as step 1 (2)" == check_monotonic(curve, 10, strict=True)

    def test_range_is_checked(self) -> None:
        """An end before the start is refused with both values."""
        with pytest.raises(InvalidInput, match="expected 1 <= start <= end, got start=5 end=2"):
            check_monotonic(LinearCurve(name="xp", base=1), 2, 5)

    @FEW
    @given(curves(non_decreasing=True, non_negative=None))
    def test_declared_non_decreasing_curves_pass(self, curve: object) -> None:
        """Every curve the strategy declares non-decreasing passes over its first 60 steps."""
        assert isinstance(curve, LinearCurve | SteppedCurve | TableCurve | PolynomialCurve)
        assert check_monotonic(curve, 60) is None


class TestCheckNonNegative:
    def test_negative_step_is_named(self) -> None:
        """A step below zero is named with its price."""
        curve = LinearCurve(name="refund", base=2, step=-1, non_negative=False, non_decreasing=False)
        assert "curve 'refund': step 4 costs -1, less than zero" == check_non_negative(curve, 10)

    @FEW
    @given(curves(non_negative=True, non_decreasing=None))
    def test_declared_non_negative_curves_pass(self, curve: object) -> None:
        """Every curve the strategy declares non-negative passes over its first 60 steps."""
        assert isinstance(curve, LinearCurve | SteppedCurve | TableCurve | PolynomialCurve)
        assert check_non_negative(curve, 60) is None


class TestCheckAdditive:
    @FEW
    @given(curves(non_negative=None, non_decreasing=None), st.integers(0, 5))
    def test_every_family_is_additive(self, curve: object, start: int) -> None:
        """Totals of every family agree with their steps, from any start."""
        assert isinstance(curve, LinearCurve | SteppedCurve | TableCurve | PolynomialCurve)
        assert check_additive(curve, 40, start) is None

    def test_wrong_totals_are_named(self) -> None:
        """A family whose totals do not add up is caught at the first level that differs."""
        curve = Broken(name="broken", base=3, step=1)
        expected = "curve 'broken': the total to level 3 is 9, but its steps 1..3 add up to 12"
        assert expected == check_additive(curve, 10)

    def test_function_curve(self) -> None:
        """A pack's function curve is checked the same way."""
        curve = FunctionCurve(name="squares", function="squares", compute=lambda n: n * n)
        assert check_additive(curve, 30) is None


class TestCompareToTable:
    def test_equal_table(self) -> None:
        """A published list of step prices equal to the curve gives None."""
        assert compare_to_table(LinearCurve(name="xp", base=2, step=2), [2, 4, 6, 8]) is None

    def test_first_step_difference(self) -> None:
        """The first differing step is named with both prices."""
        expected = "step 3 costs 6 by curve 'xp' but 7 by the table"
        assert expected == compare_to_table(LinearCurve(name="xp", base=2, step=2), [2, 4, 7, 9])

    def test_cumulative_difference(self) -> None:
        """For a table of totals, the first level whose total differs, and the step prices behind it."""
        curve = LinearCurve(name="xp", base=2, step=2)
        expected = (
            "reaching level 2 costs 6 in all by curve 'xp' but 7 by the table "
            "(the table's step 2 costs 5, the curve's 4)"
        )
        assert expected == compare_to_table(curve, [2, 7, 13], cumulative=True)

    def test_table_from_a_later_step(self) -> None:
        """``start`` says which step the table's first number is for."""
        assert compare_to_table(LinearCurve(name="xp", base=2, step=2), [6, 8], start=3) is None

    def test_a_table_by_tens(self) -> None:
        """``every=10``: the table has one number per ten levels, totals or the price of each ten."""
        curve = SteppedCurve(name="level", width=10, unit=1)
        assert compare_to_table(curve, [10, 30, 60], cumulative=True, start=10, every=10) is None
        assert compare_to_table(curve, [10, 20, 30], start=10, every=10) is None

    def test_a_slip_in_a_table_by_tens(self) -> None:
        """The first total that differs is named, with the run of levels the table's numbers imply."""
        curve = SteppedCurve(name="level", width=10, unit=1)
        published = [10, 30, 60, 100, 150, 210, 290, 370, 450, 550]
        expected = (
            "reaching level 70 costs 280 in all by curve 'level' but 290 by the table "
            "(the table's steps 61 to 70 cost 80, the curve's 70)"
        )
        assert expected == compare_to_table(curve, published, cumulative=True, start=10, every=10)

    def test_a_run_that_differs(self) -> None:
        """Without ``cumulative``, each number is the price of the run of ``every`` steps ending there."""
        expected = "steps 4 to 6 cost 15 by curve 'xp' but 16 by the table"
        assert expected == compare_to_table(LinearCurve(name="xp", base=1, step=1), [6, 16], start=3, every=3)

    def test_every_must_be_positive(self) -> None:
        """A stride below 1 is refused, saying what came."""
        with pytest.raises(InvalidInput, match="every must be a whole number >= 1, got 0"):
            compare_to_table(LinearCurve(name="xp", base=2), [2], every=0)

    def test_start_before_the_first_run(self) -> None:
        """With ``every``, the first number's step must leave a whole run before it."""
        with pytest.raises(InvalidInput, match="start must be at least every"):
            compare_to_table(LinearCurve(name="xp", base=2), [2], start=5, every=10)

    def test_table_longer_than_curve(self) -> None:
        """A curve that stops before the table ends is reported as such."""
        curve = TableCurve(name="short", values=[1, 2])
        expected = "curve 'short' stops at step 2, but the table goes on to step 3 (3 entries from step 1)"
        assert expected == compare_to_table(curve, [1, 2, 3])

    def test_bad_table(self) -> None:
        """A table that is not a list of integers is refused, saying which entry."""
        with pytest.raises(InvalidInput, match="entry 1 of the published table is '4', not an integer"):
            compare_to_table(LinearCurve(name="xp", base=2), [2, "4"])  # type: ignore[list-item]

    @FEW
    @given(table_curves(beyond="error"))
    def test_a_table_curve_matches_its_own_values(self, curve: TableCurve) -> None:
        """A table curve compared with its own values, and its own totals, shows no difference."""
        totals = [curve.total(n) for n in range(1, len(curve.values) + 1)]
        assert compare_to_table(curve, list(curve.values)) is None
        assert compare_to_table(curve, totals, cumulative=True) is None


#: A pack file of one curve, as a designer writes it.
SKILL = """\
format = 1
[pack]
name = "mech"
title = { en = "Mech Pilot" }
languages = ["en"]
[curves.skill]
kind = "linear"
base = 10
step = 5
"""


class TestWhatComes:
    """A slip in what a helper is given (a curve's id for the curve, an empty table) is answered with what was
    expected, what came and where, never a bare Python error nor a silent pass."""

    @pytest.fixture
    def skill(self, tmp_path: Path) -> Curve:
        """The curve ``skill`` of a pack file."""
        path = tmp_path / "mech.toml"
        path.write_text(SKILL, encoding="utf-8")
        return progression.load_file(path).curve("skill")

    @pytest.mark.parametrize(
        ("helper", "call"),
        [
            ("check_monotonic", lambda curve: check_monotonic(curve, 10)),
            ("check_non_negative", lambda curve: check_non_negative(curve, 10)),
            ("check_additive", lambda curve: check_additive(curve, 10)),
            ("compare_to_table", lambda curve: compare_to_table(curve, [10])),
        ],
    )
    def test_a_curve_s_id_for_the_curve(self, skill: Curve, helper: str, call: Callable[[object], object]) -> None:
        """The id ``"skill"`` where the curve goes (an AttributeError deep inside before) is refused, naming the
        helper and how to get the curve; the curve itself passes."""
        assert call(skill) is None
        with pytest.raises(InvalidInput) as caught:
            call("skill")
        assert (
            f"{helper}: expected a curve as its first argument, got str 'skill'; a curve's id names it in its pack: "
            "pass pack.curve('skill')"
        ) == str(caught.value)
        with pytest.raises(
            InvalidInput, match=rf"^{helper}: expected a curve as its first argument, got NoneType None$"
        ):
            call(None)

    def test_an_empty_table_compares_nothing(self, skill: Curve) -> None:
        """An empty printed table is refused, where it passed having compared nothing."""
        with pytest.raises(InvalidInput) as caught:
            compare_to_table(skill, [])
        expected = (
            "curve 'skill': the published table is empty, so it compares nothing; give the price of each step "
            "from step 1"
        )
        assert expected == str(caught.value)

    @pytest.mark.parametrize(
        ("keywords", "message"),
        [
            ({"start": "1"}, "curve 'skill': start must be an integer, got '1'"),
            ({"cumulative": "yes"}, "curve 'skill': cumulative must be True or False, got 'yes'"),
        ],
    )
    def test_keywords_of_the_wrong_type(self, skill: Curve, keywords: dict[str, object], message: str) -> None:
        """A start given as text (a TypeError before) and a cumulative that is no bool (read as true before) are
        refused."""
        with pytest.raises(InvalidInput) as caught:
            compare_to_table(skill, [10], **keywords)  # type: ignore[arg-type]
        assert message == str(caught.value)
