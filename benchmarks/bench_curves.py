"""Target 1: curve totals in closed form.

``between(0, 10**6)`` costs at most twice ``between(0, 10)``, and ``between(0, 10**4)``
is at least 100 times faster than summing ``cost(i)`` over the same steps.
"""

from __future__ import annotations

from timing import Row, human, seconds

from progression.curves import Curve, LinearCurve, PolynomialCurve, SteppedCurve, TableCurve

#: One curve of each closed-form family (a table counts twice: its two ways past the end).
CURVES: tuple[Curve, ...] = (
    TableCurve(name="table-extrapolate", values=(3, 4, 6, 8, 10, 15), beyond="extrapolate"),
    TableCurve(name="table-clamp", values=(14, 16, 20, 24, 28, 38), beyond="clamp"),
    LinearCurve(name="linear", base=5, step=2),
    SteppedCurve(name="stepped", width=10, unit=1),
    PolynomialCurve(name="polynomial", coefficients=(1, 2, 3)),
)


def summed(curve: Curve, end: int) -> int:
    """The baseline: the price of levels ``0 → end`` step by step."""
    return sum(curve.cost(n) for n in range(1, end + 1))


def run(far: int = 10**6, looped: int = 10**4) -> list[Row]:
    """Two rows per curve: a far total against a near one, and a total against the loop."""
    rows = []
    for curve in CURVES:
        if curve.between(0, looped) != summed(curve, looped):
            msg = f"{curve.name}: between(0, {looped}) disagrees with the sum of its steps"
            raise AssertionError(msg)
        near = seconds(lambda c=curve: c.between(0, 10), number=2000)
        distant = seconds(lambda c=curve: c.between(0, far), number=2000)
        rows.append(
            Row(
                f"curve {curve.name}: between(0, {far:.0e}) / between(0, 10)",
                distant,
                near,
                2,
                note=f"{human(distant)} vs {human(near)}",
            )
        )
        total = seconds(lambda c=curve: c.between(0, looped), number=2000)
        loop = seconds(lambda c=curve: summed(c, looped), number=1, repeat=3)
        rows.append(
            Row(
                f"curve {curve.name}: between(0, {looped:.0e}) vs a cost(i) loop",
                total,
                loop,
                100,
                faster=True,
                note=f"{human(total)} vs {human(loop)}",
            )
        )
    return rows
