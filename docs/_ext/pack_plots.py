"""Plots of a pack's cost curves, drawn with matplotlib's object API (no pyplot, no GUI)."""

from __future__ import annotations

import io
from pathlib import Path

import progression
import progression.curves

__all__ = ["PLOT_STEPS", "available", "curve_svg", "write_if_changed"]

#: How many steps a plot shows when the curve does not end earlier.
PLOT_STEPS = 20


def available() -> bool:
    """Whether matplotlib is installed (the ``plot`` extra)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def _steps(curve: progression.curves.Curve) -> list[int]:
    """Every step to its end for a short curve; enough steps to show several price changes otherwise."""
    last = curve.last_step
    if last is not None:
        return list(range(1, min(last, PLOT_STEPS * 5) + 1))
    width = curve.width if isinstance(curve, progression.curves.SteppedCurve) else 1
    return list(range(1, min(max(PLOT_STEPS, 5 * width), PLOT_STEPS * 5) + 1))


def curve_svg(curve: progression.curves.Curve, title: str) -> bytes:
    """An SVG of the price of each step and the running total, side by side."""
    from matplotlib import rc_context
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    steps = []
    costs, totals = [], []
    for step in _steps(curve):
        try:
            costs.append(curve.cost(step))
            totals.append(curve.total(step))
        except progression.ProgressionError:
            break
        steps.append(step)
    # A fixed salt and no date make the SVG the same on every build, so unchanged curves are not rewritten.
    with rc_context({"svg.hashsalt": "progression", "font.size": 9}):
        figure = Figure(figsize=(8, 3), layout="constrained")
        per_step, running = figure.subplots(1, 2)
        per_step.bar(steps, costs, color="#3b7dd8")
        per_step.set_title("cost of step n")
        running.plot(steps, totals, marker="o", markersize=3, color="#d8703b")
        running.set_title("total from 0 to n")
        for axes in (per_step, running):
            axes.xaxis.set_major_locator(MaxNLocator(integer=True))
            axes.set_xlabel("n")
            axes.grid(alpha=0.3)
        figure.suptitle(title)
        out = io.BytesIO()
        figure.savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()


def write_if_changed(path: Path, content: bytes) -> bool:
    """Write ``content`` unless the file already holds it; whether it wrote."""
    if path.exists() and path.read_bytes() == content:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return True
