"""``progression table``: cost tables of a pack's curves, with cumulative totals and bands, and its data tables.

A curve's table stops where the rules stop its purchases (:func:`curve_reach`): a level no purchase is priced at
has no price, and the sentence under the table (:func:`reach_note`) says which upgrade stops where, and why.
"""

from __future__ import annotations

import argparse
import bisect
import warnings
from collections.abc import Mapping
from typing import Any

import attrs

from progression import RulePack
from progression.authoring import CHOICE, CurveCost, Label, Upgrade
from progression.cli.args import UsageError, language, resolve_pack
from progression.cli.output import Output, Table
from progression.curves import Curve
from progression.errors import UnknownName
from progression.requirements import Ladder

__all__ = ["Reach", "Stop", "check_levels", "curve_reach", "curve_rows", "reach_note", "run_table", "totals_from"]

HEADERS = {
    "en": {"level": "level", "levels": "levels", "cost": "cost", "total": "total from {}", "each": "cost per level"},
    "fr": {"level": "niveau", "levels": "niveaux", "cost": "coût", "total": "coût cumulé depuis {}", "each": "coût"},
}


def ladders_of(pack: RulePack, curve: str) -> list[Ladder]:
    """The ladders read on a quantity that ``curve`` prices (levels priced by the level curve → degrees)."""
    axes = {u.cost.axis for u in pack.upgrades.values() if isinstance(u.cost, CurveCost) and u.cost.curve == curve}
    return [ladder for ladder in pack.ladders.values() if ladder.axis in axes]


def _band(ladder: Ladder, level: int) -> str | None:
    band = next((b for b in ladder.bands if b.contains(level)), None)
    return None if band is None else band.id


@attrs.frozen(kw_only=True)
class Stop:
    """Where the purchases of one upgrade priced on a curve stop: the last level of the curve a purchase of it is
    priced at, and the rule that stops it."""

    #: The upgrade priced on the curve.
    upgrade: str
    #: The last level a purchase of it is priced at (the curve's step ``quantity + 1``).
    level: int
    #: The rule that stops it, in words (``at most 5 of each item``, ``Level at most 30``).
    rule: Label


@attrs.frozen(kw_only=True)
class Reach:
    """How far the purchases a pack prices on a curve go: none is priced at ``lowest`` or below it, nor past
    ``highest``."""

    #: The last level any purchase is priced at: the highest of the upgrades' stops, never past the curve's last
    #: step; None when an upgrade priced on the curve has no cap (or none is priced on it).
    highest: int | None
    #: Each capped upgrade priced on the curve, in the pack's order, and where it stops.
    stops: tuple[Stop, ...]
    #: The upgrades priced on the curve with no cap, in the pack's order.
    uncapped: tuple[str, ...]
    #: Where purchases start: the lowest minimum of the stats the curve prices (a level stat of minimum 1 is never
    #: bought to 1), 0 when one of them has none or is no stat (a pool, an item's count).
    lowest: int = 0
    #: Where a new sheet starts: the lowest initial value of the stats the curve prices (never below
    #: :attr:`lowest`), 0 when one of them is no stat. ``table`` and ``plot`` start there by default.
    initial: int = 0


def _rise(upgrade: Upgrade, quantity: str, *, grants: bool) -> int:
    """What a purchase of ``upgrade`` adds to ``quantity`` (its stats' change, with ``grants`` its grants' too);
    0 for a procedure, whose effect is known only once rolled, and for an effect that lowers it."""
    if upgrade.procedure is not None:
        return 0
    added = upgrade.effect.stats.get(quantity, 0) + (upgrade.effect.grants.get(quantity, 0) if grants else 0)
    return max(added, 0)


def _limit_stop(pack: RulePack, upgrade: Upgrade, axis: str) -> tuple[int, Label] | None:
    """The last level of ``upgrade``'s own maximum of the quantity it is priced on (``limit.maxima``)."""
    most = upgrade.limit.maxima.get(axis)
    if most is None:
        return None
    if axis == CHOICE:
        rule = Label(en=f"at most {most} of each item", fr=f"au plus {most} de chaque élément")
    else:
        en, fr = (
            (axis.replace(CHOICE, "<item>"),) * 2
            if CHOICE in axis
            else (pack.name_of(axis), pack.label_of(axis).in_language("fr"))
        )
        rule = Label(en=f"{en} at most {most}", fr=f"{fr} au plus {most}")
    return most - _rise(upgrade, axis, grants=True) + 1, rule


def _stat_stop(pack: RulePack, upgrade: Upgrade, axis: str) -> tuple[int, Label] | None:
    """The last level the maximum of the stat ``upgrade`` is priced on allows (of every item's stat for an axis read
    on the chosen item: the highest), or None when one has none."""
    if CHOICE not in axis:
        names = [axis]
    elif upgrade.items is not None and upgrade.options is None:
        names = [axis.replace(CHOICE, item) for item in upgrade.items]
    else:  # the items an options function lists: their stats are not known here
        return None
    maxima = [spec.maximum if (spec := pack.stats.get(name)) is not None else None for name in names]
    if not maxima or any(most is None for most in maxima):
        return None
    most = max(m for m in maxima if m is not None)
    if CHOICE in axis:
        rule = Label(
            en=f"each item's stat at most its maximum, {most}",
            fr=f"la caractéristique de chaque élément au plus à son maximum, {most}",
        )
    else:
        rule = Label(
            en=f"{pack.name_of(axis)} at most {most}", fr=f"{pack.label_of(axis).in_language('fr')} au plus {most}"
        )
    return most - _rise(upgrade, axis, grants=False) + 1, rule


def _raises(pack: RulePack, upgrade: Upgrade, names: set[str]) -> bool:
    """Whether the effect of ``upgrade`` may raise one of the quantities ``names`` (a stat by its ``stats``, an
    item's count by its ``grants``); a key read on the chosen item (``"{choice}_advances"``) may raise each quantity
    its items make, or, when an options function lists them, any name it could make."""
    for key, amount in (*upgrade.effect.stats.items(), *upgrade.effect.grants.items()):
        if amount <= 0:
            continue
        if CHOICE not in key:
            made = {key}
        elif upgrade.items is not None and upgrade.options is None:
            made = {key.replace(CHOICE, item) for item in upgrade.items}
        else:
            before, _, after = key.partition(CHOICE)
            made = {n for n in names if n.startswith(before) and n.endswith(after)}
        if made & names:
            return True
    return False


def _times_stop(pack: RulePack, upgrade: Upgrade, axis: str) -> tuple[int, Label] | None:
    """The last level ``upgrade``'s ``limit.times`` lets it be priced at, from where a new sheet starts: each
    purchase raises the quantity it is priced on, and no other upgrade does (another that raises it too could
    take the quantity higher, so the count of purchases is no bound on it); None otherwise."""
    times = upgrade.limit.times
    rise = _rise(upgrade, axis, grants=True)
    if times is None or rise == 0:
        return None
    if CHOICE not in axis:
        names = {axis}
    elif upgrade.items is not None and upgrade.options is None:
        names = {axis.replace(CHOICE, item) for item in upgrade.items}
    else:  # the items an options function lists: their quantities are not known here
        return None
    if any(_raises(pack, other, names) for other in pack.upgrades.values() if other.id != upgrade.id):
        return None
    start = max((spec.initial if (spec := pack.stats.get(name)) is not None else 0) for name in names)
    if times == 1:
        rule = Label(en="bought once only", fr="acheté une seule fois")
    else:
        rule = Label(en=f"bought at most {times} times", fr=f"acheté au plus {times} fois")
    return max(start, 0) + (times - 1) * rise + 1, rule


def _stop(pack: RulePack, upgrade: Upgrade, axis: str) -> Stop | None:
    # A purchase is priced at level ``quantity + 1`` and refused when its effect would take the quantity past a
    # maximum: the last level priced is that maximum, less what the effect adds, plus one. Bought ``times`` times
    # at most, from where a new sheet starts, it is priced at that start plus what ``times - 1`` purchases add.
    stops = (_limit_stop(pack, upgrade, axis), _stat_stop(pack, upgrade, axis), _times_stop(pack, upgrade, axis))
    found = [s for s in stops if s is not None]
    if not found:
        return None
    level, rule = min(found, key=lambda stop: stop[0])
    return Stop(upgrade=upgrade.id, level=level, rule=rule)


def curve_reach(pack: RulePack, curve: str) -> Reach:
    """How far the purchases ``pack`` prices on ``curve`` go: each upgrade priced on it stops at the maximum it
    gives the quantity it is priced on (``limit.maxima``, each item's own count for ``axis = "{choice}"``), at
    the maximum of that stat, or, when it may be bought so many times (``limit.times``) and no other upgrade raises
    that quantity, at the level its last purchase is priced at from where a new sheet starts, whichever comes
    first. A level no purchase reaches is priced by no rule.

    When several upgrades are priced on the curve, the table reaches the highest of their stops (a level one of
    them reaches has a price), and none at all when one of them has no cap.
    """
    stops: list[Stop] = []
    uncapped: list[str] = []
    floors: list[int] = []
    starts: list[int] = []
    for upgrade in pack.upgrades.values():
        if not isinstance(upgrade.cost, CurveCost) or upgrade.cost.curve != curve:
            continue
        stop = _stop(pack, upgrade, upgrade.cost.axis)
        if stop is None:
            uncapped.append(upgrade.id)
        else:
            stops.append(stop)
        stat = pack.stats.get(upgrade.cost.axis)
        floor = max(stat.minimum or 0, 0) if stat is not None else 0
        floors.append(floor)
        starts.append(max(stat.initial, floor) if stat is not None else 0)
    highest = max(s.level for s in stops) if stops and not uncapped else None
    last = pack.curve(curve).last_step  # a stop past the curve's end is priced by nothing there
    if highest is not None and last is not None:
        highest = min(highest, last)
    lowest = min(floors, default=0)
    return Reach(
        highest=highest, stops=tuple(stops), uncapped=tuple(uncapped), lowest=lowest, initial=min(starts, default=0)
    )


def totals_from(reach: Reach, start: int) -> int:
    """Deprecated: a table's totals count from its first level, ``start`` (``--from``, by default
    :attr:`Reach.initial`). It gave the level they counted from before: :attr:`Reach.lowest`, or ``start`` below it.
    """
    warnings.warn(
        "progression.cli.tables.totals_from is deprecated: a table's totals count from its first level (--from)",
        DeprecationWarning,
        stacklevel=2,
    )
    return min(start, reach.lowest)


#: The sentence under a curve's table that says where its purchases stop, in English and in French.
REACH_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "past": "No purchase is priced past level {level}: ",
        "there": "{upgrade} stops there ({rule})",
        "at": "{upgrade} stops at level {level} ({rule})",
        "there_all": "{upgrade} stop there ({rule})",
        "at_all": "{upgrade} stop at level {level} ({rule})",
        "and": " and ",
        "free": "; {others} {has} no cap",
        "one": "has",
        "many": "have",
    },
    "fr": {
        "past": "Aucun achat n'est payé au-delà du niveau {level} : ",
        "there": "{upgrade} s'y arrête ({rule})",
        "at": "{upgrade} s'arrête au niveau {level} ({rule})",
        "there_all": "{upgrade} s'y arrêtent ({rule})",
        "at_all": "{upgrade} s'arrêtent au niveau {level} ({rule})",
        "and": " et ",
        "free": " ; {others} {has} pas de limite",
        "one": "n'a",
        "many": "n'ont",
    },
}


def reach_note(pack: RulePack, reach: Reach, language: str) -> str:
    """Why a curve's table stops where it does, in ``language`` (French, or English for any other): where each
    capped upgrade stops and by which rule (upgrades stopped at one level by one rule said together, as the six
    abilities of a point buy bought at most 7 times each), and which upgrades have no cap; empty when none is
    capped."""
    if not reach.stops:
        return ""
    words = REACH_WORDS["fr" if language == "fr" else "en"]
    groups: dict[tuple[int, Label], list[str]] = {}
    for stop in reach.stops:
        groups.setdefault((stop.level, stop.rule), []).append(pack.name_of(stop.upgrade, language))

    def said(key: str, level: int, rule: Label, names: list[str]) -> str:
        upgrades = names[0] if len(names) == 1 else ", ".join(names[:-1]) + words["and"] + names[-1]
        key = key if len(names) == 1 else f"{key}_all"
        return words[key].format(upgrade=upgrades, level=level, rule=rule.in_language(language))

    if reach.highest is None:
        others = ", ".join(pack.name_of(u, language) for u in reach.uncapped)
        has = words["many" if len(reach.uncapped) > 1 else "one"]
        stopped = ", ".join(said("at", level, rule, names) for (level, rule), names in groups.items())
        return stopped + words["free"].format(others=others, has=has) + "."
    head = words["past"].format(level=reach.highest)
    if len(groups) == 1:
        ((level, rule), names), *_ = groups.items()
        return head + said("there", level, rule, names) + "."
    return head + ", ".join(said("at", level, rule, names) for (level, rule), names in groups.items()) + "."


def check_levels(curve: Curve, start: int, end: int | None) -> None:
    """Refuse a ``--from`` and ``--to`` that leave no level of ``curve`` to show, saying which of the words typed
    is wrong and why: ``table`` and ``plot`` refuse them in these same words. A ``--to`` past the end of a table
    curve is not wrong (the levels it defines are shown); a ``--from`` at or past its end leaves none.

    Raises:
        UsageError: ``--from`` below 0, at or past the curve's last step, or ``--to`` not above ``--from``.
    """
    last = curve.last_step
    if start < 0:
        msg = f"--from must be at least 0, got {start}"
    elif last is not None and start >= last:
        where = "its last level" if start == last else "past it"
        msg = (
            f"curve {curve.name!r} ends at level {last}, and --from {start} is {where}: no level of it follows; "
            f"give a --from below {last}"
        )
    elif end is not None and end <= start:
        msg = f"--to must be above --from, got --from {start} --to {end}"
    else:
        return
    raise UsageError(msg)


def check_reach(pack: RulePack, curve: Curve, reach: Reach, start: int, what: str) -> None:
    """Refuse a ``--from`` at or past the last level a purchase of ``curve`` is priced at (:attr:`Reach.highest`):
    not one level to ``what`` (show, draw) would have a price. ``table`` and ``plot`` refuse it in these words.

    Raises:
        UsageError: it is.
    """
    highest = reach.highest
    if highest is not None and start >= highest:
        stops = "; ".join(f"{pack.name_of(s.upgrade)} at level {s.level}: {s.rule.en}" for s in reach.stops)
        msg = (
            f"curve {curve.name!r} has no price past level {highest}, where the rules stop its purchases ({stops}); "
            f"--from {start} leaves nothing to {what}: give a --from below {highest}"
        )
        raise UsageError(msg)


def _range(curve: Curve, start: int, end: int | None, by: int, highest: int | None = None) -> tuple[int, int]:
    if by < 1:
        msg = f"--by must be at least 1, got {by}"
        raise UsageError(msg)
    check_levels(curve, start, end)
    if end is None:
        end = start + (10 * by if by > 1 else 20)
        if highest is not None and highest > start:  # a level no purchase is priced at is not worth a row
            end = min(end, highest)
    if curve.last_step is not None:  # a table curve ends: show what it defines, not an error
        end = min(end, curve.last_step)
    return start, end


def curve_rows(pack: RulePack, curve: Curve, start: int, end: int, by: int = 1) -> list[dict[str, Any]]:
    """The rows of a curve's table from level ``start``: one per level, or per group of ``by`` levels, each with
    its ``total`` from ``start``.

    A level no purchase is priced at (past :attr:`Reach.highest` of :func:`curve_reach`) has no price: its
    ``cost`` and ``total`` are None; a group that runs past it is cut there, the rest of it a group of its own
    without a price."""
    ladders = ladders_of(pack, curve.name)
    reach = curve_reach(pack, curve.name)
    highest = reach.highest
    edges = list(range(start, end, by))
    if highest is not None and start < highest < end and highest not in edges:
        bisect.insort(edges, highest)
    rows: list[dict[str, Any]] = []
    for index, low in enumerate(edges):
        high = edges[index + 1] if index + 1 < len(edges) else min(low + by, end)
        priced = highest is None or high <= highest
        bands = {}
        for ladder in ladders:
            seen = [b for b in dict.fromkeys(_band(ladder, n) for n in range(low + 1, high + 1)) if b is not None]
            bands[ladder.id] = seen
        total = curve.between(start, high) if priced else None
        if by == 1:
            rows.append({"level": high, "cost": curve.cost(high) if priced else None, "total": total, "bands": bands})
            continue
        cost: int | list[int] | None = None
        if priced:
            costs = [curve.cost(n) for n in range(low + 1, high + 1)]
            cost = costs[0] if min(costs) == max(costs) else [min(costs), max(costs)]
        group = curve.between(low, high) if priced else None
        rows.append({"from": low, "to": high, "cost": cost, "group": group, "total": total, "bands": bands})
    return rows


def _cost_text(cost: int | list[int] | None) -> int | str | None:
    return cost if cost is None or isinstance(cost, int) else f"{cost[0]}–{cost[1]}"


def shared_name(labels: list[str]) -> str:
    """What several ladder names have in common: "Degré d'Escrime", "Degré de Danse" → "Degré"."""
    if len(set(labels)) == 1:
        return labels[0]
    split = [label.split() for label in labels]
    for words in (split, [list(reversed(w)) for w in split]):
        common = []
        for column in zip(*words, strict=False):
            if len(set(column)) > 1:
                break
            common.append(column[0])
        if common:
            text = " ".join(common if words is split else reversed(common))
            return text[0].upper() + text[1:]
    return labels[0] + " …"


def band_columns(ladders: list[Ladder], language: str) -> list[tuple[str, Ladder]]:
    """One column per distinct set of bands: ladders with the same bands (a degree per competence) share one."""
    groups: dict[tuple[tuple[str, int, int | None], ...], list[Ladder]] = {}
    for ladder in ladders:
        groups.setdefault(tuple((b.id, b.low, b.high) for b in ladder.bands), []).append(ladder)
    return [(shared_name([lad.label.in_language(language) for lad in group]), group[0]) for group in groups.values()]


def _curve_table(pack: RulePack, curve: Curve, rows: list[dict[str, Any]], by: int, base: int, language: str) -> Table:
    words = HEADERS[language]
    total = words["total"].format(base)
    columns = band_columns(ladders_of(pack, curve.name), language)

    def band_cells(row: dict[str, Any]) -> list[str]:
        return [
            "/".join(ladder.band(b).label.in_language(language) for b in row["bands"][ladder.id])
            for _, ladder in columns
        ]

    band_headers = [header for header, _ in columns]
    title = curve.label.in_language(language) if curve.label is not None else pack.name_of(curve.name, language)
    if by == 1:
        headers = [*band_headers, words["level"], words["cost"], total]
        cells = [[*band_cells(r), r["level"], r["cost"], r["total"]] for r in rows]
        return Table(headers, cells, title=title)
    if language == "fr":
        group = "coût de la dizaine" if by == 10 else f"coût des {by}"
        spans = [f"de {r['from']} à {r['to']}" for r in rows]
    else:
        group = f"cost of the {by}"
        spans = [f"{r['from']} to {r['to']}" for r in rows]
    headers = [*band_headers, words["levels"], words["each"], group, total]
    cells = [
        [*band_cells(r), span, _cost_text(r["cost"]), r["group"], r["total"]]
        for r, span in zip(rows, spans, strict=True)
    ]
    return Table(headers, cells, title=title)


# -- data tables ---------------------------------------------------------------------------


def _scalar(value: object) -> bool:
    return isinstance(value, str | int | float | bool) or value is None


def _cell(value: object, language: str) -> object:
    if isinstance(value, Mapping) and set(value) == {"en", "fr"}:
        return value[language]
    if isinstance(value, list | tuple) and all(_scalar(v) for v in value):
        return ", ".join(str(v) for v in value)
    return value if _scalar(value) else "…"


def data_rows(data: object, name: str, language: str) -> list[dict[str, object]]:
    """A data table as rows of cells: a mapping of scalars, of lists, or of records; or a list of records."""
    if isinstance(data, Mapping):
        values = list(data.values())
        if all(_scalar(v) for v in values):
            return [{"key": k, "value": v} for k, v in data.items()]
        if all(isinstance(v, list | tuple) and all(_scalar(x) for x in v) for v in values):
            return [{"key": k, **{str(i): x for i, x in enumerate(v, start=1)}} for k, v in data.items()]
        if all(isinstance(v, Mapping) for v in values):
            return [{"key": k, **{c: _cell(x, language) for c, x in v.items()}} for k, v in data.items()]
    elif isinstance(data, list | tuple) and all(isinstance(v, Mapping) for v in data):
        return [{c: _cell(x, language) for c, x in v.items()} for v in data]
    parts = [f"{name}.{k}" for k, v in data.items() if not _scalar(v)] if isinstance(data, Mapping) else []
    msg = f"table {name!r} is too nested to print as rows" + (f"; try one of: {', '.join(parts)}" if parts else "")
    raise UsageError(msg)


def _lookup(pack: RulePack, name: str) -> object:
    node: object = pack.tables
    for part in name.split("."):
        if not isinstance(node, Mapping) or part not in node:
            known = [*pack.curves, *pack.contract.names("tables"), *pack.tables]
            raise UnknownName("curve or table", name, known, f"rule pack {pack.name!r}")
        node = node[part]
    return node


def named_rows(pack: RulePack, name: str, language: str) -> list[dict[str, object]]:
    """The rows of a table the pack computes (a :class:`~progression.contract.ComputedTable`) or holds in its data."""
    computed = pack.contract.find("tables", name)
    if computed is not None:
        rows: list[dict[str, object]] = computed(pack, language)
        return rows
    return data_rows(_lookup(pack, name), name, language)


def rows_table(rows: list[dict[str, object]], title: str) -> Table:
    """Rows of cells as a table whose columns are every key met, in order."""
    columns = list(dict.fromkeys(key for row in rows for key in row))
    return Table(columns, [[row.get(c, "") for c in columns] for row in rows], title=title)


# -- the command ---------------------------------------------------------------------------


def run_table(args: argparse.Namespace, out: Output) -> int:
    pack = resolve_pack(args.pack)
    lang = language(pack, args)
    names = args.names or list(pack.curves)
    if not names:
        msg = f"pack {pack.name!r} defines no curve; name one of its tables: {', '.join(pack.tables) or 'none'}"
        raise UsageError(msg)
    documents: list[dict[str, Any]] = []
    tables: list[Table] = []
    notes: list[str] = []  # under each table: why a curve's stops where it does
    for name in names:
        if name in pack.curves:
            curve = pack.curve(name)
            reach = curve_reach(pack, name)
            asked = reach.initial if args.start is None else args.start
            start, end = _range(curve, asked, args.end, args.by, reach.highest)
            check_reach(pack, curve, reach, start, "show")
            rows = curve_rows(pack, curve, start, end, args.by)
            stops = [{"upgrade": s.upgrade, "level": s.level, "rule": s.rule.en} for s in reach.stops]
            documents.append(
                {"curve": name, "by": args.by, "rows": rows, "highest": reach.highest, "stops": stops, "from": start}
            )
            tables.append(_curve_table(pack, curve, rows, args.by, start, lang))
            # Said where the table reaches a stop: a table that ends below every cap needs no word of them.
            notes.append(reach_note(pack, reach, lang) if any(s.level <= end for s in reach.stops) else "")
        else:
            data = named_rows(pack, name, lang)
            documents.append({"table": name, "rows": data})
            tables.append(rows_table(data, pack.name_of(name, lang)))
            notes.append("")
    if out.json_mode:
        out.json(documents)
        return 0
    for index, (table, note) in enumerate(zip(tables, notes, strict=True)):
        if index:
            out.line()
        out.table(table)
        if note:
            out.line(note)
    return 0
