"""A curve that is a whole multiple of another: every answer is the base's, times the scale."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from progression.curves import LinearCurve, ScaledCurve, TableCurve
from progression.errors import InvalidInput, ProgressionError
from support.builders import FEW

SKILL = TableCurve(name="skill", values=(25, 25, 30, 30, 40))


class TestScaledCurve:
    def test_each_step_is_a_multiple(self) -> None:
        """Step n of "twice the skill curve" costs twice step n of the skill curve."""
        talent = ScaledCurve(name="talent", of=SKILL, scale=2)
        assert [50, 50, 60, 60, 80] == [talent.cost(n) for n in range(1, 6)]

    def test_it_ends_where_its_base_ends(self) -> None:
        """A multiple of a table ends with the table, and says so as the table does."""
        talent = ScaledCurve(name="talent", of=SKILL, scale=2)
        with pytest.raises(InvalidInput) as caught:
            talent.cost(6)
        assert (5, "curve 'talent' defines steps 1..5; step 6 is past its end") == (talent.last_step, str(caught.value))

    def test_reach_uses_the_scaled_totals(self) -> None:
        """A budget of 100 buys two talent steps (50 + 50), four skill steps."""
        assert (2, 3) == (ScaledCurve(name="t", of=SKILL, scale=2).reach(0, 100), SKILL.reach(0, 100))

    @pytest.mark.parametrize("scale", [-1, True, 1.5, "2"])
    def test_a_scale_that_is_not_a_whole_number_is_refused(self, scale: object) -> None:
        """A scale is a whole number >= 0: anything else is a ProgressionError naming the curve."""
        with pytest.raises(ProgressionError, match="curve 'talent': scale must be"):
            ScaledCurve(name="talent", of=SKILL, scale=scale)  # type: ignore[arg-type]

    def test_the_base_must_be_a_curve(self) -> None:
        """A multiple of something that is not a curve is refused."""
        with pytest.raises(InvalidInput, match="a scaled curve is a multiple of a curve, got 'skill'"):
            ScaledCurve(name="talent", of="skill", scale=2)  # type: ignore[arg-type]

    @FEW
    @given(
        st.integers(0, 50), st.integers(0, 20), st.integers(0, 9), st.integers(0, 40), st.integers(0, 40),
        st.integers(0, 40),
    )  # fmt: skip
    def test_algebra(self, base: int, step: int, scale: int, a: int, b: int, c: int) -> None:
        """between(a, b) + between(b, c) == between(a, c), and every total is scale times the base's."""
        a, b, c = sorted((a, b, c))
        of = LinearCurve(name="base", base=base, step=step)
        scaled = ScaledCurve(name="scaled", of=of, scale=scale)
        assert scaled.between(a, b) + scaled.between(b, c) == scaled.between(a, c)
        assert (scale * of.total(c), scale * of.cost(c + 1)) == (scaled.total(c), scaled.cost(c + 1))
