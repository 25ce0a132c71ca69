"""Compare tunings of a cost curve before choosing one for a campaign.

A quality costs 50 progression points plus 10 for each quality already owned. A game
master may move the base (lower: high degrees come sooner; higher: they come later) or the
surcharge (lower: broad characters; higher: specialists). This prints, for each tuning,
what the 1st, 3rd and 6th quality cost, what six cost in all, and how many qualities
budgets of 300 and 600 points buy.

The starting curve is the competence pack's own ``quality`` curve when that pack is
installed, and the rule's numbers built with the core's classes otherwise. Run it with
``python examples/tuning_comparison.py``; ``--plot FILE`` also draws the totals
(needs matplotlib, the ``plot`` extra).
"""

from __future__ import annotations

import argparse
import sys

import attrs

import progression
from progression.curves import Curve, LinearCurve

BUDGETS = (300, 600)
SHOWN = (1, 3, 6)


def baseline() -> tuple[LinearCurve, str]:
    """The quality curve to start from, and where it came from."""
    if "competence" in progression.packs():
        try:
            curve = progression.load("competence").curves.get("quality")
        except progression.ProgressionError as error:
            print(f"The competence pack is installed but does not load ({error}); using the rule's numbers.")
        else:
            if isinstance(curve, LinearCurve):
                return curve, "the installed competence pack"
    return LinearCurve(name="quality", base=50, step=10), "the rule's numbers (competence pack not installed)"


def tunings(curve: LinearCurve) -> dict[str, Curve]:
    """The curve and its variants, by a readable name."""
    variants: dict[str, Curve] = {}
    for base in (curve.base - 10, curve.base, curve.base + 10):
        variants[f"base {base}, +{curve.step} each"] = attrs.evolve(curve, base=base)
    for step in (curve.step // 2, curve.step + curve.step // 2):
        variants[f"base {curve.base}, +{step} each"] = attrs.evolve(curve, step=step)
    return variants


def table(variants: dict[str, Curve]) -> list[str]:
    """One line per tuning: prices of chosen steps, a total, and how far budgets go."""
    width = max(len(name) for name in variants)
    head = " ".join(f"{'#' + str(n):>5}" for n in SHOWN)
    reach = " ".join(f"{str(b) + ' buys':>9}" for b in BUDGETS)
    lines = [f"{'tuning':<{width}} {head} {'six cost':>8} {reach}"]
    for name, curve in variants.items():
        prices = " ".join(f"{curve.cost(n):>5}" for n in SHOWN)
        buys = " ".join(f"{curve.reach(0, budget):>9}" for budget in BUDGETS)
        lines.append(f"{name:<{width}} {prices} {curve.total(6):>8} {buys}")
    return lines


def plot(variants: dict[str, Curve], path: str) -> None:
    """Draw the total cost of n qualities for each tuning into ``path``."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(6, 4), layout="constrained")
    axes = figure.subplots()
    steps = range(11)
    for name, curve in variants.items():
        axes.plot(list(steps), [curve.total(n) for n in steps], marker="o", markersize=3, label=name)
    axes.set_xlabel("qualities owned")
    axes.set_ylabel("progression points spent")
    axes.legend()
    axes.grid(alpha=0.3)
    figure.savefig(path)


def main(argv: list[str] | None = None) -> int:
    """Print the comparison; draw it when asked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plot", metavar="FILE", help="also draw the totals into FILE (PNG, SVG or PDF)")
    options = parser.parse_args(argv)
    curve, origin = baseline()
    print(f"Quality cost from {origin}: {curve.base} + {curve.step} per quality owned.")
    variants = tunings(curve)
    for line in table(variants):
        print(line)
    bought = {name: variant.reach(0, BUDGETS[-1]) for name, variant in variants.items()}
    best = max(bought.values())
    winners = "; ".join(name for name, count in bought.items() if count == best)
    print(f"Most qualities for {BUDGETS[-1]} points: {best}, with {winners}.")
    if options.plot:
        plot(variants, options.plot)
        print(f"Plot written to {options.plot}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
