"""``progression plot``: cost and cumulative curves, and a pack's tunings compared side by side.

A curve is drawn as far as ``progression table`` reaches (:func:`~progression.cli.tables.curve_reach`): to the last
level a purchase is priced at when the rules stop its purchases, marked on both panels, and said under the
command's line as under the table; 50 steps when they do not stop.

matplotlib is an optional extra (``pip install 'progression[plot]'``), imported only here,
and drawn with the Agg backend through a bare Figure: no window, no global state.
"""

from __future__ import annotations

import argparse
import itertools
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from progression import RulePack
from progression.authoring import CHOICE, CurveCost
from progression.cli.args import UsageError, language, pairs, resolve_pack
from progression.cli.output import Output
from progression.cli.tables import Reach, check_levels, check_reach, curve_reach, reach_note
from progression.curves import Curve
from progression.errors import InvalidInput

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["figure", "legend", "run_plot", "series"]

FORMATS = (".png", ".svg")
INSTALL = "plotting needs matplotlib, an optional extra: pip install 'progression[plot]'"
#: How many steps a curve is drawn to when no rule stops its purchases (and it does not end before).
UNCAPPED_STEPS = 50
#: The words beside the mark of the last level a purchase is priced at.
STOP_WORDS = {"en": "no purchase past {level}", "fr": "aucun achat au-delà de {level}"}


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


def _last(pack: RulePack, curve: Curve, reach: Reach, start: int, end: int | None) -> int:
    """The last level to draw of ``curve``: ``end``, or by default the last level a purchase is priced at
    (:attr:`Reach.highest`), :data:`UNCAPPED_STEPS` when the rules do not stop its purchases; never past the
    curve's own end."""
    check_levels(curve, start, end)
    check_reach(pack, curve, reach, start, "draw")
    highest = reach.highest
    last = end if end is not None else highest if highest is not None else UNCAPPED_STEPS
    if curve.last_step is not None:  # a table curve ends: draw what it defines (past --from: checked above)
        last = min(last, curve.last_step)
    return last


def _lines(
    pack: RulePack, names: list[str], start: int | None, end: int | None, tunings: list[dict[str, object]]
) -> list[tuple[dict[str, Any], RulePack, Reach]]:
    """Each line to draw (:func:`series`), with the pack it was read from (tuned) and how far its purchases go."""
    lines = []
    for settings in tunings or [{}]:
        tuned = _tuned(pack, settings)
        for name in names:
            curve = tuned.curve(name)
            reach = curve_reach(tuned, name)
            begin = reach.initial if start is None else start
            levels = list(range(begin + 1, _last(tuned, curve, reach, begin, end) + 1))
            priced = [n for n in levels if reach.highest is None or n <= reach.highest]
            unpriced = [None] * (len(levels) - len(priced))
            line = {
                "curve": name,
                "settings": settings,
                "levels": levels,
                "costs": [curve.cost(n) for n in priced] + unpriced,
                "totals": [curve.between(begin, n) for n in priced] + unpriced,
                "highest": reach.highest,
                "stops": [{"upgrade": s.upgrade, "level": s.level, "rule": s.rule.en} for s in reach.stops],
            }
            lines.append((line, tuned, reach))
    return lines


def series(
    pack: RulePack, names: list[str], start: int | None, end: int | None, tunings: list[dict[str, object]]
) -> list[dict[str, Any]]:
    """The points to draw: for each setting and curve, the levels, their costs and running totals.

    A curve is drawn to ``end``, by default as far as its purchases go (:func:`~progression.cli.tables.curve_reach`:
    the last level one is priced at, or :data:`UNCAPPED_STEPS` levels when the rules do not stop them), never past
    its own last step. A level past the last one priced that ``end`` asks for has no price: its cost and total are
    None, as in ``progression table``. Each line also gives ``highest`` (that last level, or None) and ``stops``
    (where each capped upgrade priced on the curve stops, and by which rule).

    Raises:
        UsageError: no level from ``start`` to ``end`` to draw, or none with a price.
    """
    return [line for line, _, _ in _lines(pack, names, start, end, tunings)]


def notes(lines: list[tuple[dict[str, Any], RulePack, Reach]], language: str) -> list[str]:
    """The sentences that say where the drawn curves' purchases stop (:func:`~progression.cli.tables.reach_note`),
    each once, for each curve drawn as far as a stop, as under its table."""
    said: dict[str, None] = {}
    for line, tuned, reach in lines:
        if any(stop.level <= line["levels"][-1] for stop in reach.stops):
            said.setdefault(reach_note(tuned, reach, language))
    return list(said)


def _unpriced(values: list[int | None]) -> list[float]:
    """Values to draw, a level without a price as NaN (a gap in the line)."""
    return [math.nan if value is None else value for value in values]


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


def figure(pack: RulePack, drawn: list[dict[str, Any]], language: str) -> Figure:
    """The two panels of the lines ``drawn`` (:func:`series`) as a bare matplotlib Figure, ready to save: what
    ``progression plot`` writes, and the documentation's pack pages show.

    Raises:
        UsageError: matplotlib is not installed.
    """
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
        from matplotlib.ticker import MaxNLocator
    except ImportError:
        raise UsageError(INSTALL) from None
    panels = Figure(figsize=(11, 4.5), layout="constrained")
    FigureCanvasAgg(panels)
    costs, totals = panels.subplots(1, 2)
    french = language == "fr"
    words = STOP_WORDS["fr" if language == "fr" else "en"]
    for line in drawn:
        label = legend(pack, line, language)
        (stepped,) = costs.step(line["levels"], _unpriced(line["costs"]), where="mid", label=label)
        totals.plot(line["levels"], _unpriced(line["totals"]), label=label, color=stepped.get_color())
        highest, last = line["highest"], line["levels"][-1]
        if highest is not None and highest <= last:  # where the purchases stop, when drawn
            for axes, edge in ((costs, 0.5), (totals, 0)):  # a cost's step is drawn half a level either side
                axes.axvline(highest + edge, color=stepped.get_color(), linestyle=":", linewidth=1)
                if last > highest:  # the levels --to asks for past it, which have no price
                    axes.axvspan(highest + edge, last + edge, color=stepped.get_color(), alpha=0.06, linewidth=0)
            costs.annotate(  # at the bottom, beside the mark: a cost curve's right end is high
                words.format(level=highest),
                xy=(highest + 0.5, 0),
                xycoords=("data", "axes fraction"),
                xytext=(-3, 3),
                textcoords="offset points",
                rotation=90,
                ha="right",
                va="bottom",
                fontsize="small",
                color=stepped.get_color(),
            )
    costs.set_title("coût de chaque pas" if french else "cost of each step")
    totals.set_title("coût cumulé" if french else "cumulative cost")
    steps = axis_label(pack, drawn, language)
    for axes in (costs, totals):
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))  # levels are whole: a curve drawn to 5 has no 4.5
        axes.set_xlabel(steps)
        axes.grid(visible=True, alpha=0.3)
        axes.legend(fontsize="small")
    panels.suptitle(pack.title.in_language(language))
    return panels


def draw(pack: RulePack, drawn: list[dict[str, Any]], path: Path, language: str) -> None:
    """Write the two panels (:func:`figure`) to ``path``."""
    figure(pack, drawn, language).savefig(path)


def run_plot(args: argparse.Namespace, out: Output) -> int:
    path = Path(args.output)
    if path.suffix.lower() not in FORMATS:
        msg = f"-o {args.output}: the image must end in .png or .svg"
        raise UsageError(msg)
    pack = resolve_pack(args.pack)
    lines = _lines(pack, args.curves, args.start, args.end, settings_of(pack, args.tune))
    drawn = [line for line, _, _ in lines]
    lang = language(pack, args)
    draw(pack, drawn, path, lang)
    if out.json_mode:
        out.json({"file": str(path), "series": drawn})
        return 0
    out.line(f"wrote {path}: {len(drawn)} curve{'' if len(drawn) == 1 else 's'}")
    for note in notes(lines, lang):
        out.line(note)
    return 0
