"""Cost curves: prices of steps, totals, how far a budget goes, declared properties."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

import progression.curves.curve
from progression.curves import Curve, FunctionCurve, LinearCurve, PolynomialCurve, SteppedCurve, TableCurve
from progression.errors import InvalidInput, ProgressionError
from support.builders import FEW

# -- strategies: each family, within its declared properties (non-negative, non-decreasing) ------------


def tables(minimum: int = 0) -> st.SearchStrategy[TableCurve]:
    return st.builds(
        lambda values, beyond: TableCurve(name="t", values=sorted(values), beyond=beyond),
        st.lists(st.integers(minimum, 500), min_size=1, max_size=12),
        st.sampled_from(["error", "clamp", "extrapolate"]),
    )


def linears(minimum: int = 0) -> st.SearchStrategy[LinearCurve]:
    return st.builds(lambda b, s: LinearCurve(name="l", base=b, step=s), st.integers(minimum, 200), st.integers(0, 50))


def steppeds(minimum: int = 0) -> st.SearchStrategy[SteppedCurve]:
    return st.builds(
        lambda w, u: SteppedCurve(name="s", width=w, unit=u), st.integers(1, 12), st.integers(max(minimum, 0), 40)
    )


def polynomials(minimum: int = 0) -> st.SearchStrategy[PolynomialCurve]:
    return st.builds(
        lambda c0, rest: PolynomialCurve(name="p", coefficients=[c0, *rest]),
        st.integers(minimum, 100),
        st.lists(st.integers(0, 9), max_size=3),
    )


def functions(minimum: int = 0) -> st.SearchStrategy[FunctionCurve]:
    def build(a: int, b: int) -> FunctionCurve:
        return FunctionCurve(name="f", function="square", compute=lambda n: a * n * n + b)

    return st.builds(build, st.integers(0, 5), st.integers(minimum, 100))


def curves(minimum: int = 0) -> st.SearchStrategy[Curve]:
    """A curve of any family; with ``minimum`` >= 1 every step costs something."""
    return st.one_of(tables(minimum), linears(minimum), steppeds(minimum), polynomials(minimum), functions(minimum))


@st.composite
def curves_and_levels(draw: st.DrawFn, count: int) -> tuple[Curve, list[int]]:
    """A curve and ``count`` sorted levels it defines."""
    curve = draw(curves())
    top = curve.last_step if curve.last_step is not None else 60
    levels = sorted(draw(st.lists(st.integers(0, top), min_size=count, max_size=count)))
    return curve, levels


# -- properties that hold for every family ---------------------------------------------------------


class TestTotals:
    @FEW
    @given(curves_and_levels(3))
    def test_between_is_additive(self, drawn: tuple[Curve, list[int]]) -> None:
        """Going a → b then b → c costs what going a → c does."""
        curve, (a, b, c) = drawn
        assert curve.between(a, c) == curve.between(a, b) + curve.between(b, c)

    @FEW
    @given(curves_and_levels(2))
    def test_between_is_the_sum_of_costs(self, drawn: tuple[Curve, list[int]]) -> None:
        """The closed-form total equals adding up the price of every step."""
        curve, (a, b) = drawn
        assert sum(curve.cost(n) for n in range(a + 1, b + 1)) == curve.between(a, b)

    @FEW
    @given(curves_and_levels(1))
    def test_total_starts_from_zero(self, drawn: tuple[Curve, list[int]]) -> None:
        """``total(n)`` is the price of levels 0 → n, and nothing at level 0."""
        curve, (n,) = drawn
        assert (0, curve.between(0, n)) == (curve.total(0), curve.total(n))

    @FEW
    @given(curves_and_levels(1))
    def test_table_rows_agree(self, drawn: tuple[Curve, list[int]]) -> None:
        """``table()`` lists each level with its own price and the running total."""
        curve, (end,) = drawn
        rows = curve.table(0, end)
        assert [(n, curve.cost(n), curve.total(n)) for n in range(1, end + 1)] == rows


class TestReach:
    @FEW
    @given(curves(minimum=1), st.integers(0, 30), st.integers(0, 5000))
    def test_reach_is_affordable_and_one_more_is_not(self, curve: Curve, start: int, budget: int) -> None:
        """What ``reach`` returns is affordable from ``start``; one level more is not (or is past the end)."""
        last = curve.last_step
        start = min(start, last) if last is not None else start
        level = curve.reach(start, budget)
        assert curve.between(start, level) <= budget
        assert level == last or curve.between(start, level + 1) > budget

    def test_reach_of_a_free_curve_has_no_bound(self) -> None:
        """A curve whose steps cost nothing for ever would reach without end: refused, not a hang."""
        with pytest.raises(InvalidInput, match="cost nothing, so any budget reaches without bound"):
            LinearCurve(name="free", base=0).reach(0, 10)

    def test_reach_on_a_curve_that_may_decrease(self) -> None:
        """The search needs a non-decreasing curve; one declared otherwise is refused."""
        curve = TableCurve(name="dips", values=[5, 1, 7], non_decreasing=False)
        with pytest.raises(InvalidInput, match="reach needs a non-negative, non-decreasing curve"):
            curve.reach(0, 10)

    def test_reach_stops_at_the_end_of_a_table(self) -> None:
        """A table that ends is reached to its last step, however large the budget."""
        assert 3 == TableCurve(name="t", values=[1, 2, 3]).reach(0, 10**9)

    def test_reach_of_a_function_curve_is_bounded(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A function curve that stays free past the checked steps stops with an error, not a hang."""
        monkeypatch.setattr(progression.curves.curve, "REACH_LIMIT", 4096)
        curve = FunctionCurve(name="free", function="zero", compute=lambda n: 0)
        with pytest.raises(InvalidInput, match="reach walks a function curve at most 4096 levels"):
            curve.reach(0, 1)

    def test_reach_with_a_bad_budget(self) -> None:
        """A budget is a whole number of points >= 0."""
        with pytest.raises(InvalidInput, match=r"curve 'l': budget must be >= 0, got -1"):
            LinearCurve(name="l", base=1).reach(0, -1)


# -- each family ----------------------------------------------------------------------------------


class TestTableCurve:
    def test_cost_reads_the_list(self) -> None:
        """Step n costs ``values[n - 1]``."""
        assert [10, 20, 40] == [TableCurve(name="gear", values=[10, 20, 40]).cost(n) for n in (1, 2, 3)]

    def test_past_the_end_is_an_error(self) -> None:
        """``beyond = "error"``: a step past the table is refused, naming the range."""
        with pytest.raises(InvalidInput, match=r"curve 'gear' defines steps 1\.\.3; step 4 is past its end"):
            TableCurve(name="gear", values=[10, 20, 40]).cost(4)

    def test_clamp_repeats_the_last_price(self) -> None:
        """``beyond = "clamp"``: every later step costs the last price."""
        curve = TableCurve(name="gear", values=[10, 20, 40], beyond="clamp")
        assert (40, 40, 70 + 40 * 5) == (curve.cost(4), curve.cost(100), curve.total(8))

    def test_extrapolate_continues_the_last_difference(self) -> None:
        """``beyond = "extrapolate"``: the last difference goes on (40, 60, 80, ...)."""
        curve = TableCurve(name="gear", values=[10, 20, 40], beyond="extrapolate")
        assert [60, 80, 100] == [curve.cost(n) for n in (4, 5, 6)]

    def test_decreasing_table_declared_non_decreasing(self) -> None:
        """The build refuses a table that breaks its declaration, naming the step."""
        with pytest.raises(
            InvalidInput, match=r"curve 'bad' is declared non-decreasing but step 3 costs 2, less than step 2 \(5\)"
        ):
            TableCurve(name="bad", values=[1, 5, 2])

    def test_negative_table_declared_non_negative(self) -> None:
        """A negative price is refused unless the curve says it may go below zero."""
        with pytest.raises(InvalidInput, match="declared non-negative but step 2 costs -1"):
            TableCurve(name="bad", values=[0, -1], non_decreasing=False)

    def test_extrapolating_below_zero(self) -> None:
        """A falling table that extrapolates goes below zero sooner or later: the first such step is named."""
        with pytest.raises(InvalidInput, match="declared non-negative but step 4 costs -5"):
            TableCurve(name="fall", values=[10, 5], beyond="extrapolate", non_decreasing=False)

    def test_undeclared_table_may_fall(self) -> None:
        """With both declarations off, anything goes."""
        curve = TableCurve(name="free", values=[3, -2], non_negative=False, non_decreasing=False)
        assert 1 == curve.total(2)

    @pytest.mark.parametrize(
        ("kwargs", "message"),
        [
            ({"values": []}, "a table needs at least one value"),
            ({"values": None}, "values must be a list of integers, got None"),
            ({"values": [1, 2.5]}, r"values\[1\] must be an integer, got 2\.5"),
            ({"values": [1, True]}, r"values\[1\] must be an integer, got True"),
            ({"values": [1], "beyond": "wrap"}, "beyond must be error, clamp or extrapolate, got 'wrap'"),
            ({"values": [1], "non_negative": "yes"}, "non_negative must be true or false, got 'yes'"),
        ],
    )
    def test_bad_parameters(self, kwargs: dict[str, object], message: str) -> None:
        """Each bad parameter is refused with what was expected and what came."""
        with pytest.raises(InvalidInput, match=message):
            TableCurve(name="t", **kwargs)  # type: ignore[arg-type]


class TestLinearCurve:
    def test_cost_and_total(self) -> None:
        """Step n costs ``base + step·(n − 1)``: 5, 7, 9 … and 5 + 7 + 9 = 21."""
        curve = LinearCurve(name="feat", base=5, step=2)
        assert ([5, 7, 9], 21) == ([curve.cost(n) for n in (1, 2, 3)], curve.total(3))

    def test_totals_are_constant_time(self) -> None:
        """A total far out is computed at once, exactly: n·base + step·n(n−1)/2."""
        n = 10**12
        assert n * 5 + 2 * n * (n - 1) // 2 == LinearCurve(name="feat", base=5, step=2).total(n)

    def test_falling_line_declared_non_negative(self) -> None:
        """The message names the first step that would cost less than nothing."""
        with pytest.raises(InvalidInput, match="declared non-negative but step 5 costs -2"):
            LinearCurve(name="fall", base=10, step=-3, non_decreasing=False)

    def test_falling_line_declared_non_decreasing(self) -> None:
        """A negative step breaks non-decreasing at step 2."""
        with pytest.raises(InvalidInput, match=r"non-decreasing but step 2 costs 7, less than step 1 \(10\)"):
            LinearCurve(name="fall", base=10, step=-3, non_negative=False)

    def test_base_must_be_an_integer(self) -> None:
        """A text where a number belongs is named, not a TypeError from a comparison."""
        with pytest.raises(InvalidInput, match="curve 'l': base must be an integer, got 'a'"):
            LinearCurve(name="l", base="a")  # type: ignore[arg-type]


class TestSteppedCurve:
    def test_price_rises_every_width_steps(self) -> None:
        """``ceil(n / width) · unit``: ten steps at 1, then ten at 2."""
        curve = SteppedCurve(name="level", width=10, unit=1)
        assert (1, 1, 2, 10 + 2 * 5) == (curve.cost(1), curve.cost(10), curve.cost(11), curve.total(15))

    def test_width_at_least_one(self) -> None:
        """A band of zero steps makes no sense."""
        with pytest.raises(InvalidInput, match="curve 's': width must be >= 1, got 0"):
            SteppedCurve(name="s", width=0)

    def test_negative_unit(self) -> None:
        """A negative unit breaks non-decreasing where the second band starts."""
        with pytest.raises(InvalidInput, match=r"step 4 costs -2, less than step 3 \(-1\)"):
            SteppedCurve(name="s", width=3, unit=-1, non_negative=False)

    def test_width_must_be_an_integer(self) -> None:
        """A float width is refused before any arithmetic."""
        with pytest.raises(InvalidInput, match=r"width must be an integer, got 2\.0"):
            SteppedCurve(name="s", width=2.0)  # type: ignore[arg-type]


class TestPolynomialCurve:
    def test_cost_and_total(self) -> None:
        """``1 + n²``: steps cost 2, 5, 10; the total of three is 17."""
        curve = PolynomialCurve(name="p", coefficients=[1, 0, 1])
        assert ([2, 5, 10], 17) == ([curve.cost(n) for n in (1, 2, 3)], curve.total(3))

    def test_total_far_out_is_exact(self) -> None:
        """Faulhaber's sums give exact integers: Σ n³ = (n(n+1)/2)²."""
        n = 10**9
        assert (n * (n + 1) // 2) ** 2 == PolynomialCurve(name="cubes", coefficients=[0, 0, 0, 1]).total(n)

    def test_negative_leading_term_found_far_out(self) -> None:
        """A curve that turns down only after the first thousand steps is still refused at build."""
        with pytest.raises(InvalidInput, match="curve 'hump' is declared non-decreasing but step"):
            PolynomialCurve(name="hump", coefficients=[0, 10**6, -1])

    def test_empty(self) -> None:
        """A polynomial needs a coefficient."""
        with pytest.raises(InvalidInput, match="a polynomial needs at least one coefficient"):
            PolynomialCurve(name="p", coefficients=[])


class TestFunctionCurve:
    def test_prices_from_the_function(self) -> None:
        """Prices come from the pack's function; totals are running sums."""
        curve = FunctionCurve(name="f", function="double", compute=lambda n: 2 * n)
        assert (6, 12) == (curve.cost(3), curve.total(3))

    def test_function_returning_a_non_integer(self) -> None:
        """A function that returns a float is named with the step, at build time."""
        with pytest.raises(InvalidInput, match=r"function 'half' returned 0\.5 for step 1, not an integer"):
            FunctionCurve(name="f", function="half", compute=lambda n: n / 2)

    def test_declared_property_checked_on_the_first_steps(self) -> None:
        """A function that drops is caught by the build's walk over its first steps."""
        with pytest.raises(InvalidInput, match=r"step 51 costs 0, less than step 50 \(50\)"):
            FunctionCurve(name="f", function="drop", compute=lambda n: n if n <= 50 else 0)

    def test_not_closed_form(self) -> None:
        """A function curve says it has no closed form; the others do."""
        closed = [LinearCurve(name="l", base=1).closed_form, TableCurve(name="t", values=[1]).closed_form]
        assert (False, [True, True]) == (FunctionCurve(name="f", function="f", compute=int).closed_form, closed)


class TestLevels:
    @pytest.mark.parametrize(
        ("call", "message"),
        [
            (lambda c: c.cost(0), "steps are numbered from 1, got 0"),
            (lambda c: c.cost(-1), "steps are numbered from 1, got -1"),
            (lambda c: c.cost("2"), "step must be an integer, got '2'"),
            (lambda c: c.total(True), "level must be an integer, got True"),
            (lambda c: c.between(3, 1), "end must be >= start, got start=3 end=1"),
            (lambda c: c.between(1.0, 2), r"start must be an integer, got 1\.0"),
        ],
    )
    def test_bad_levels(self, call: Callable[[Curve], object], message: str) -> None:
        """Levels and steps are whole numbers >= 0 (steps >= 1), named when they are not."""
        with pytest.raises(InvalidInput, match=message) as caught:
            call(LinearCurve(name="l", base=1))
        assert isinstance(caught.value, ProgressionError)


class TestBandedCurve:
    def test_bands_of_unequal_width(self) -> None:
        """``widths = [3, 5]``, ``unit = 10``: steps 1-3 cost 10, 4-8 cost 20, then bands of 5 at 30, 40 ..."""
        from progression.curves import BandedCurve

        curve = BandedCurve(name="b", widths=(3, 5), unit=10)
        assert [10] * 3 + [20] * 5 + [30] * 5 + [40] == [curve.cost(n) for n in range(1, 15)]

    @FEW
    @given(
        st.lists(st.integers(1, 6), min_size=1, max_size=5), st.integers(0, 9), st.integers(0, 80),
        st.integers(0, 80),
    )  # fmt: skip
    def test_totals_are_the_sum_of_the_steps(self, widths: list[int], unit: int, a: int, b: int) -> None:
        """The closed-form total is the sum of the step prices, and between(a, b) their difference."""
        from progression.curves import BandedCurve

        a, b = sorted((a, b))
        curve = BandedCurve(name="b", widths=widths, unit=unit)
        assert sum(curve.cost(n) for n in range(1, b + 1)) == curve.total(b)
        assert curve.total(b) - curve.total(a) == curve.between(a, b)

    def test_a_width_below_one_is_refused(self) -> None:
        """Every band is at least one step wide."""
        from progression.curves import BandedCurve

        with pytest.raises(InvalidInput, match=r"curve 'b': widths\[1\] must be >= 1, got 0"):
            BandedCurve(name="b", widths=(2, 0))
