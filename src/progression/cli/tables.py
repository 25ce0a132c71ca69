"""``progression table``: cost tables of a pack's curves, with cumulative totals and bands, and its data tables."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from progression import RulePack
from progression.authoring import CurveCost
from progression.cli.args import UsageError, language, resolve_pack
from progression.cli.output import Output, Table
from progression.curves import Curve
from progression.errors import UnknownName
from progression.requirements import Ladder

__all__ = ["curve_rows", "run_table"]

HEADERS = {
    "en": {"level": "level", "levels": "levels", "cost": "cost", "total": "total from 0", "each": "cost per level"},
    "fr": {"level": "niveau", "levels": "niveaux", "cost": "coût", "total": "coût cumulé depuis 0", "each": "coût"},
}


def ladders_of(pack: RulePack, curve: str) -> list[Ladder]:
    """The ladders read on a quantity that ``curve`` prices (levels priced by the level curve → degrees)."""
    axes = {u.cost.axis for u in pack.upgrades.values() if isinstance(u.cost, CurveCost) and u.cost.curve == curve}
    return [ladder for ladder in pack.ladders.values() if ladder.axis in axes]


def _band(ladder: Ladder, level: int) -> str | None:
    band = next((b for b in ladder.bands if b.contains(level)), None)
    return None if band is None else band.id


def _highest(pack: RulePack, curve: Curve) -> int | None:
    """The highest level the pack lets a curve reach: the lowest maximum of the stats it prices, if any."""
    maxima = [
        spec.maximum
        for upgrade in pack.upgrades.values()
        if isinstance(upgrade.cost, CurveCost)
        and upgrade.cost.curve == curve.name
        and (spec := pack.stats.get(upgrade.cost.axis)) is not None
        and spec.maximum is not None
    ]
    return min(maxima) if maxima else None


def _range(curve: Curve, start: int, end: int | None, by: int, highest: int | None = None) -> tuple[int, int]:
    if by < 1:
        msg = f"--by must be at least 1, got {by}"
        raise UsageError(msg)
    if end is None:
        end = start + (10 * by if by > 1 else 20)
        if highest is not None and highest > start:  # a level the rules never allow is not worth a row
            end = min(end, highest)
    if curve.last_step is not None:  # a table curve ends: show what it defines, not an error
        end = min(end, curve.last_step)
    if start < 0 or end <= start:
        msg = f"--from and --to must give 0 <= from < to, got from {start} to {end}"
        raise UsageError(msg)
    return start, end


def curve_rows(pack: RulePack, curve: Curve, start: int, end: int, by: int = 1) -> list[dict[str, Any]]:
    """The rows of a curve's table: one per level, or per group of ``by`` levels."""
    ladders = ladders_of(pack, curve.name)
    rows: list[dict[str, Any]] = []
    for low in range(start, end, by):
        high = min(low + by, end)
        costs = [curve.cost(n) for n in range(low + 1, high + 1)]
        bands = {}
        for ladder in ladders:
            seen = [b for b in dict.fromkeys(_band(ladder, n) for n in range(low + 1, high + 1)) if b is not None]
            bands[ladder.id] = seen
        if by == 1:
            rows.append({"level": high, "cost": costs[0], "total": curve.total(high), "bands": bands})
        else:
            rows.append(
                {
                    "from": low,
                    "to": high,
                    "cost": costs[0] if min(costs) == max(costs) else [min(costs), max(costs)],
                    "group": curve.between(low, high),
                    "total": curve.total(high),
                    "bands": bands,
                }
            )
    return rows


def _cost_text(cost: int | list[int]) -> int | str:
    return cost if isinstance(cost, int) else f"{cost[0]}–{cost[1]}"


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


def _curve_table(pack: RulePack, curve: Curve, rows: list[dict[str, Any]], by: int, language: str) -> Table:
    words = HEADERS[language]
    columns = band_columns(ladders_of(pack, curve.name), language)

    def band_cells(row: dict[str, Any]) -> list[str]:
        return [
            "/".join(ladder.band(b).label.in_language(language) for b in row["bands"][ladder.id])
            for _, ladder in columns
        ]

    band_headers = [header for header, _ in columns]
    title = curve.label.in_language(language) if curve.label is not None else pack.name_of(curve.name, language)
    if by == 1:
        headers = [*band_headers, words["level"], words["cost"], words["total"]]
        cells = [[*band_cells(r), r["level"], r["cost"], r["total"]] for r in rows]
        return Table(headers, cells, title=title)
    if language == "fr":
        group = "coût de la dizaine" if by == 10 else f"coût des {by}"
        spans = [f"de {r['from']} à {r['to']}" for r in rows]
    else:
        group = f"cost of the {by}"
        spans = [f"{r['from']} to {r['to']}" for r in rows]
    headers = [*band_headers, words["levels"], words["each"], group, words["total"]]
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
    for name in names:
        if name in pack.curves:
            curve = pack.curve(name)
            start, end = _range(curve, args.start, args.end, args.by, _highest(pack, curve))
            rows = curve_rows(pack, curve, start, end, args.by)
            documents.append({"curve": name, "by": args.by, "rows": rows})
            tables.append(_curve_table(pack, curve, rows, args.by, lang))
        else:
            data = named_rows(pack, name, lang)
            documents.append({"table": name, "rows": data})
            tables.append(rows_table(data, pack.name_of(name, lang)))
    if out.json_mode:
        out.json(documents)
        return 0
    for index, table in enumerate(tables):
        if index:
            out.line()
        out.table(table)
    return 0
