"""``progression plot``: cost and cumulative curves, and a pack's tunings compared side by side.

matplotlib is an optional extra (``pip install 'progression[plot]'``), imported only here,
and drawn with the Agg backend through a bare Figure: no window, no global state.
"""

from __future__ import annotations

import argparse
import itertools
from pathlib import Path
from typing import Any

from progression import RulePack
from progression.authoring import CHOICE, CurveCost
from progression.cli.args import UsageError, language, pairs, resolve_pack
from progression.cli.output import Output
from progression.errors import InvalidInput

__all__ = ["legend", "run_plot", "series"]

FORMATS = (".png", ".svg")
INSTALL = "plotting needs matplotlib, an optional extra: pip install 'progression[plot]'"


def settings_of(pack: RulePack, items: list[str]) -> list[dict[str, object]]:
    """Every combination of the ``--tune`` values, each read by the type the pack's tuner declares:
    ``["a=1,2", "b=3"]`` → ``[{a:1,b:3}, {a:2,b:3}]``."""
    given = pairs(items, "--tune")
    if not given:
        return []
    tuner = pack.contract.tune
    if tuner is None:
        msg = f"pack {pack.name!r} offers no tuning (it declares no tuner), so --tune cannot be used"
        raise UsageError(msg)
    choices: dict[str, list[object]] = {}
    for key, text in given.items():
        values = [v.strip() for v in text.split(",") if v.strip()]
        if not values:
            msg = f"--tune {key}: give at least one value, e.g. {key}=40,50,60"
            raise UsageError(msg)
        try:
            choices[key] = [tuner.read({key: v}, complete=False)[key] for v in values]
        except InvalidInput as error:
            raise UsageError(str(error)) from None
    keys = list(choices)
    return [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*(choices[k] for k in keys))]


def _tuned(pack: RulePack, settings: dict[str, object]) -> RulePack:
    if not settings or pack.contract.tune is None:
        return pack
    tuned: RulePack = pack.contract.tune(pack, **settings)
    return tuned


def series(
    pack: RulePack, names: list[str], start: int, end: int | None, tunings: list[dict[str, object]]
) -> list[dict[str, Any]]:
    """The points to draw: for each setting and curve, the levels, their costs and running totals."""
    drawn = []
    for settings in tunings or [{}]:
        tuned = _tuned(pack, settings)
        for name in names:
            curve = tuned.curve(name)
            last = end if end is not None else 50
            if curve.last_step is not None:  # a table curve ends: draw what it defines
                last = min(last, curve.last_step)
            if last <= start:
                msg = f"--to must be above --from, got from {start} to {last}"
                raise UsageError(msg)
            levels = list(range(start + 1, last + 1))
            drawn.append(
                {
                    "curve": name,
                    "settings": settings,
                    "levels": levels,
                    "costs": [curve.cost(n) for n in levels],
                    "totals": [curve.between(start, n) for n in levels],
                }
            )
    return drawn


def legend(pack: RulePack, line: dict[str, Any], language: str) -> str:
    """How a drawn line is named: the curve's label (its id when it has none), then the tuning's settings."""
    curve = pack.curve(line["curve"])
    label = curve.label.in_language(language) if curve.label is not None else pack.name_of(curve.name, language)
    if line["settings"]:
        label += " (" + ", ".join(f"{k}={v}" for k, v in line["settings"].items()) + ")"
    return label


def axis_label(pack: RulePack, drawn: list[dict[str, Any]], language: str) -> str:
    """What the steps count: the quantity the drawn curves price when they all price one (Qualities), else levels."""
    axes = {
        upgrade.cost.axis
        for line in drawn
        for upgrade in pack.upgrades.values()
        if isinstance(upgrade.cost, CurveCost) and upgrade.cost.curve == line["curve"]
    }
    if len(axes) == 1:
        axis = axes.pop()
        if CHOICE in axis:  # read on the item the buyer chooses: no one quantity to name
            return "compte de l'élément choisi" if language == "fr" else "the chosen item's own count"
        return pack.name_of(axis, language)
    return "niveau" if language == "fr" else "level"


def draw(pack: RulePack, drawn: list[dict[str, Any]], path: Path, language: str) -> None:
    """Write the two panels to ``path``."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise UsageError(INSTALL) from None
    figure = Figure(figsize=(11, 4.5), layout="constrained")
    FigureCanvasAgg(figure)
    costs, totals = figure.subplots(1, 2)
    french = language == "fr"
    for line in drawn:
        label = legend(pack, line, language)
        costs.step(line["levels"], line["costs"], where="mid", label=label)
        totals.plot(line["levels"], line["totals"], label=label)
    costs.set_title("coût de chaque pas" if french else "cost of each step")
    totals.set_title("coût cumulé" if french else "cumulative cost")
    steps = axis_label(pack, drawn, language)
    for axes in (costs, totals):
        axes.set_xlabel(steps)
        axes.grid(visible=True, alpha=0.3)
        axes.legend(fontsize="small")
    figure.suptitle(pack.title.in_language(language))
    figure.savefig(path)


def run_plot(args: argparse.Namespace, out: Output) -> int:
    path = Path(args.output)
    if path.suffix.lower() not in FORMATS:
        msg = f"-o {args.output}: the image must end in .png or .svg"
        raise UsageError(msg)
    pack = resolve_pack(args.pack)
    drawn = series(pack, args.curves, args.start, args.end, settings_of(pack, args.tune))
    draw(pack, drawn, path, language(pack, args))
    if out.json_mode:
        out.json({"file": str(path), "series": drawn})
    else:
        out.line(f"wrote {path}: {len(drawn)} curve{'' if len(drawn) == 1 else 's'}")
    return 0
