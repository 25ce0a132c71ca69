"""``progression packs`` and ``progression show``: the installed packs, and what one defines."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from progression.cli.args import resolve_pack
from progression.cli.output import Output, Table, one_line
from progression.errors import ProgressionError
from progression.ledger.events import Created
from progression.ledger.sheet import replay
from progression.requirements.predicates import Context, Requirement
from progression.rulepacks.discovery import entries, load
from progression.rulepacks.rulepack import RulePack
from progression.rules.parts import Upgrade

__all__ = ["CONTRACTS", "contract_functions", "run_packs", "run_show"]

#: Prefixes (and names) of the pack functions the command line calls; see docs/reference/cli.rst.
CONTRACTS = ("demo", "tune", "pack_for", "new.", "action.", "explain.", "report.", "simulate.", "exact.", "table.")


def run_packs(args: argparse.Namespace, out: Output) -> int:
    rows = []
    for entry in entries().values():
        try:
            title = load(entry.name).title.en
        except ProgressionError as error:
            title = f"(does not load: {one_line(error)})"
        rows.append({"name": entry.name, "version": entry.version, "distribution": entry.distribution, "title": title})
    if out.json_mode:
        out.json(rows)
    elif not rows:
        out.line("no rule pack is installed (pip install progression-bloodbowl progression-competence)")
    else:
        out.table(Table(("name", "version", "distribution", "title"), [list(r.values()) for r in rows]))
    return 0


def contract_functions(pack: RulePack) -> dict[str, str]:
    """The pack's functions the command line calls, with the first line of each docstring."""
    found = {}
    for name, function in sorted(pack.functions.items()):
        if name in CONTRACTS or name.startswith(tuple(c for c in CONTRACTS if c.endswith("."))):
            doc = (function.__doc__ or "").strip()
            found[name] = doc.splitlines()[0] if doc else ""
            options = getattr(function, "options", None)  # the option keys a function may say it takes
            if isinstance(options, tuple) and options and all(isinstance(o, str) for o in options):
                found[name] += f" Options: {', '.join(options)}."
    return found


def _upgrade(
    upgrade: Upgrade, name: Callable[[str], str], explain: Callable[[Requirement | None], str]
) -> dict[str, Any]:
    return {
        "label": name(upgrade.id),
        "pools": list(upgrade.pools),
        "cost": upgrade.cost.describe(name),
        "requires": explain(upgrade.requires),
        "times": upgrade.limit.times,
        "kinds": list(upgrade.kinds),
        "procedure": upgrade.procedure,
        "options": upgrade.options,
    }


def pack_data(pack: RulePack, language: str) -> dict[str, Any]:
    """Everything ``show`` prints, as JSON data."""

    def name(ident: str) -> str:
        return pack.name_of(ident, language)

    blank = replay((Created(pack=pack.name, kind=next(iter(pack.kinds), "?")),))
    context = Context(sheet=blank, names=pack, functions=pack.functions)

    def explain(requirement: Requirement | None) -> str:
        return "" if requirement is None else requirement.describe(context)

    return {
        "name": pack.name,
        "title": pack.title.in_language(language),
        "version": pack.version,
        "source": pack.source,
        "currencies": {c.id: name(c.id) for c in pack.currencies.values()},
        "pools": {
            p.id: {"label": name(p.id), "currency": p.currency, "cap": p.cap, "overflow": p.overflow}
            for p in pack.pools.values()
        },
        "stats": {
            s.id: {"label": name(s.id), "initial": s.initial, "minimum": s.minimum, "maximum": s.maximum}
            for s in pack.stats.values()
        },
        "curves": {
            c.name: {
                "family": type(c).__name__.removesuffix("Curve").lower(),
                "first": [c.cost(n) for n in range(1, min(5, c.last_step or 5) + 1)],
                "last_step": c.last_step,
            }
            for c in pack.curves.values()
        },
        "ladders": {
            ladder.id: {
                "label": ladder.label.in_language(language),
                "axis": ladder.axis,
                "bands": [
                    {
                        "id": b.id,
                        "label": b.label.in_language(language),
                        "from": b.low,
                        "to": b.high,
                        "gate": explain(b.requires),
                    }
                    for b in ladder.bands
                ],
            }
            for ladder in pack.ladders.values()
        },
        "upgrades": {u.id: _upgrade(u, name, explain) for u in pack.upgrades.values()},
        "kinds": {
            k.id: {"label": name(k.id), "pools": list(k.pools), "stats": list(k.stats), "members": list(k.members)}
            for k in pack.kinds.values()
        },
        "tables": sorted(pack.tables),
        "functions": contract_functions(pack),
    }


def _none(value: object) -> object:
    return "" if value is None else value


def run_show(args: argparse.Namespace, out: Output) -> int:
    pack = resolve_pack(args.pack)
    data = pack_data(pack, args.lang)
    if out.json_mode:
        out.json(data)
        return 0
    out.line(f"{data['title']} — pack {pack.name} {pack.version} ({pack.source})")
    sections = [
        Table(("id", "name"), list(data["currencies"].items()), title="Currencies"),
        Table(
            ("id", "name", "currency", "cap", "overflow"),
            [(k, v["label"], v["currency"], _none(v["cap"]), v["overflow"]) for k, v in data["pools"].items()],
            title="Pools",
        ),
        Table(
            ("id", "name", "initial", "min", "max"),
            [(k, v["label"], v["initial"], _none(v["minimum"]), _none(v["maximum"])) for k, v in data["stats"].items()],
            title="Stats",
        ),
        Table(
            ("curve", "family", "first steps", "last step"),
            [
                (k, v["family"], ", ".join(map(str, v["first"])), _none(v["last_step"]))
                for k, v in data["curves"].items()
            ],
            title="Curves",
        ),
        Table(
            ("ladder", "axis", "band", "levels", "gate"),
            [
                (k, v["axis"], b["label"], f"{b['from']}–{_none(b['to'])}", b["gate"])
                for k, v in data["ladders"].items()
                for b in v["bands"]
            ],
            title="Ladders",
        ),
        Table(
            ("upgrade", "name", "paid from", "cost", "requires", "times"),
            [
                (k, v["label"], ", ".join(v["pools"]), v["cost"], v["requires"], _none(v["times"]))
                for k, v in data["upgrades"].items()
            ],
            title="Upgrades",
        ),
        Table(
            ("kind", "name", "pools", "stats", "members"),
            [
                (k, v["label"], ", ".join(v["pools"]), ", ".join(v["stats"]), ", ".join(v["members"]))
                for k, v in data["kinds"].items()
            ],
            title="Kinds of sheet",
        ),
        Table(("function", "what it does"), list(data["functions"].items()), title="Functions for the command line"),
    ]
    for table in sections:
        if table.rows:
            out.line()
            out.table(table)
    if data["tables"]:
        out.line()
        out.line("Data tables: " + ", ".join(data["tables"]))
    return 0
