"""``progression packs`` and ``progression show``: the installed packs, and what one defines."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from typing import Any

from progression import RulePack, load
from progression.authoring import CHOICE, Upgrade, misnamed_pack_files, pack_entries, pack_files
from progression.cli.args import language, resolve_pack
from progression.cli.output import Output, Table, one_line
from progression.errors import ProgressionError
from progression.events import Created
from progression.ledger import replay
from progression.requirements import Context, Requirement

__all__ = ["contract_data", "contract_functions", "run_packs", "run_show"]


def run_packs(args: argparse.Namespace, out: Output) -> int:
    """The installed packs, then the packs in TOML alone in the folders of ``PROGRESSION_PACK_PATH``, each with its
    file where an installed pack has its distribution."""
    rows = [_row(entry.name, entry.version, entry.distribution, "") for entry in pack_entries().values()]
    rows += [_row(name, "", "", str(file)) for name, file in pack_files().items()]
    rows += [  # found by no name: said, with why, rather than left out
        {"name": file.stem, "version": "", "distribution": "", "file": str(file), "title": f"(not read: {why})"}
        for file, why in misnamed_pack_files().items()
    ]
    if out.json_mode:
        out.json(rows)
    elif not rows:
        out.line(
            "no rule pack is installed (pip install progression-bloodbowl progression-competence), and no folder "
            "of PROGRESSION_PACK_PATH holds a pack file (NAME.toml)"
        )
    else:
        shown = [[r["name"], r["version"], r["distribution"] or r["file"], r["title"]] for r in rows]
        out.table(Table(("name", "version", "distribution or file", "title"), shown))
    return 0


def _row(name: str, version: str, distribution: str, file: str) -> dict[str, str]:
    """A line of ``packs``: the pack's title, or why it does not load; a file's version is its pack's own."""
    try:
        pack = load(name)
    except ProgressionError as error:
        title, version = f"(does not load: {one_line(error)})", version or "?"
    else:
        title, version = pack.title.en, version or pack.version
    return {"name": name, "version": version, "distribution": distribution, "file": file, "title": title}


def contract_functions(pack: RulePack) -> dict[str, str]:
    """Each command the pack declares, by the name the command line knew it by (``action.hire``), with its
    one-line doc and the options it takes."""
    found = {}
    for key, command in sorted(pack.contract.entries(), key=lambda item: item[0]):
        options = [o.name for o in command.signature.options]
        found[key] = command.summary + (f" Options: {', '.join(options)}." if options else "")
    return found


def contract_data(pack: RulePack) -> dict[str, dict[str, Any]]:
    """Every command the pack declares, by family and name: its doc and its options (name, type,
    default, choices, doc), as JSON data."""
    contract = pack.contract
    data: dict[str, dict[str, Any]] = {}
    for key, command in contract.entries():
        family = key.partition(".")[0] if "." in key else key
        shown = command.data()
        shown["options"] = [
            {**option.data(), "values": option.values_of(pack)}  # the ids a user writes (Blood Bowl's rosters)
            for option in command.signature.options
        ]
        data.setdefault(family, {})[command.name] = shown
    return data


def _values(pack: RulePack) -> list[Table]:
    """A table of the ids each option names that declares them (``roster=`` of Blood Bowl's factories): one per
    list of values, titled by every option and command that takes it."""
    found: dict[tuple[tuple[str, str], ...], list[str]] = {}
    for key, command in sorted(pack.contract.entries(), key=lambda item: item[0]):
        prefix = next((p for p in _USE if key.startswith(p)), "")
        used = _USE[prefix] + command.name if prefix else key
        for option in command.signature.options:
            values = tuple(option.values_of(pack).items())
            if values:
                found.setdefault(values, []).append(f"{option.name}= ({used})")
    return [
        Table(("id", "name"), list(values), title="Values of " + ", ".join(where)) for values, where in found.items()
    ]


def _steps(last: int | None) -> str:
    """The steps a curve prices, as ``progression show`` says them: ``1 to 6`` (a table that ends), or ``1 and on``
    (a number alone read like a cost)."""
    return "1 and on" if last is None else f"1 to {last}"


def _upgrade(
    upgrade: Upgrade, name: Callable[[str], str], explain: Callable[[Requirement | None], str]
) -> dict[str, Any]:
    return {
        "label": name(upgrade.id),
        "pools": list(upgrade.pools),
        "cost": upgrade.cost.describe(name),
        "factors": [{"by": factor.by, "when": explain(factor.when)} for factor in upgrade.multiply],
        "requires": explain(upgrade.requires),
        "times": upgrade.limit.times,
        "maxima": dict(upgrade.limit.maxima),
        "kinds": list(upgrade.kinds),
        "procedure": upgrade.procedure,
        "options": upgrade.options,
        "items": None if upgrade.items is None else list(upgrade.items),
        "args": {
            arg.id: {"label": arg.label.en, "type": arg.type, "default": arg.default} for arg in upgrade.args.values()
        },
    }


def _limit(data: Mapping[str, Any], name: Callable[[str], str]) -> str:
    """An upgrade's limits in words: how many times, and the maximum of each quantity (of each item, for
    ``{choice}``)."""
    times = data["times"]
    parts = [] if times is None else ["once" if times == 1 else f"at most {times} times"]
    for quantity, maximum in data["maxima"].items():
        if quantity == CHOICE:
            parts.append(f"at most {maximum} of each item")
        else:
            shown = quantity.replace(CHOICE, "<item>") if CHOICE in quantity else name(quantity)
            parts.append(f"{shown} at most {maximum}")
    return "; ".join(parts)


def _choices(data: Mapping[str, Any], name: Callable[[str], str]) -> str:
    """What a buyer of an upgrade chooses among: its items (by their names), or its options function."""
    if data["items"] is not None:
        return ", ".join(name(item) for item in data["items"])
    return f"what the function {data['options']} lists" if data["options"] else ""


def _arguments(data: Mapping[str, Any]) -> str:
    """The arguments a purchase takes (``--arg``), each with its type and default."""
    shown = []
    for ident, arg in data["args"].items():
        default = arg["default"]
        said = ("yes" if default else "no") if arg["type"] == "bool" else repr(default)
        shown.append(f"{ident} ({arg['label']}: {arg['type']}, default {said})")
    return ", ".join(shown)


def _play(pack: RulePack, name: Callable[[str], str]) -> dict[str, Any] | None:
    """The pack's strategy of sensible play (``[play]``) as data: each upgrade it weighs otherwise than the
    rest (weight and displayed name), and the weight of the rest; None when the pack has none."""
    play = pack.play
    if play is None:
        return None
    return {
        "favour": {ident: {"label": name(ident), "weight": weight} for ident, weight in play.favour.items()},
        "otherwise": play.otherwise,
    }


class _NamesIn:
    """The pack's displayed names in one language: what a requirement names things with in its sentences."""

    __slots__ = ("_language", "_pack")

    def __init__(self, pack: RulePack, language: str) -> None:
        self._pack, self._language = pack, language

    def name_of(self, ident: str) -> str:
        return self._pack.name_of(ident, self._language)


def pack_data(pack: RulePack, language: str) -> dict[str, Any]:
    """Everything ``show`` prints, as JSON data."""
    name = _NamesIn(pack, language).name_of
    blank = replay((Created(pack=pack.name, kind=next(iter(pack.kinds), "?")),))
    context = Context(sheet=blank, names=_NamesIn(pack, language), functions=pack.functions, pack=pack)

    def explain(requirement: Requirement | None) -> str:
        """What a requirement asks, and the pack's own sentence for it when it has one (the pages show it too)."""
        if requirement is None:
            return ""
        text = requirement.describe(context)
        said = requirement.message
        return text if not said or said == text else f"{text} ({said})"

    return {
        "name": pack.name,
        "title": pack.title.in_language(language),
        "version": pack.version,
        "source": pack.source,
        "currencies": {c.id: name(c.id) for c in pack.currencies.values()},
        "pools": {
            p.id: {
                "label": name(p.id),
                "currency": p.currency,
                "cap": p.cap,
                "overflow": p.overflow,
                "requires": explain(p.requires),
            }
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
        "play": _play(pack, name),
        "functions": contract_functions(pack),
        "contract": contract_data(pack),
    }


#: The command line's word for each family of commands.
_USE = {
    "action.": "sheet do FILE ",
    "explain.": "sheet explain FILE ",
    "report.": "sheet report ",
    "new.": "sheet new --kind ",
    "simulate.": "simulate PACK ",
    "exact.": "simulate PACK --exact ",
    "table.": "table PACK ",
}


def _commands(pack: RulePack) -> list[tuple[str, str, str]]:
    rows = []
    for key, command in sorted(pack.contract.entries(), key=lambda item: item[0]):
        prefix = next((p for p in _USE if key.startswith(p)), "")
        used = _USE[prefix] + command.name if prefix else key
        options = ", ".join(f"{o.name}{'*' if o.required else ''}={o.kind.shown}" for o in command.signature.options)
        rows.append((used, command.summary, options))
    return rows


def _none(value: object) -> object:
    return "" if value is None else value


def run_show(args: argparse.Namespace, out: Output) -> int:
    pack = resolve_pack(args.pack)
    chosen = language(pack, args)
    data = pack_data(pack, chosen)

    def name(ident: str) -> str:
        return pack.name_of(ident, chosen)

    if out.json_mode:
        out.json(data)
        return 0
    out.line(f"{data['title']} — pack {pack.name} {pack.version} ({pack.source})")
    sections = [
        Table(("id", "name"), list(data["currencies"].items()), title="Currencies"),
        Table(
            ("id", "name", "currency", "cap", "overflow", "an award requires"),
            [
                (k, v["label"], v["currency"], _none(v["cap"]), v["overflow"], v["requires"])
                for k, v in data["pools"].items()
            ],
            title="Pools",
        ),
        Table(
            ("id", "name", "initial", "min", "max"),
            [(k, v["label"], v["initial"], _none(v["minimum"]), _none(v["maximum"])) for k, v in data["stats"].items()],
            title="Stats",
        ),
        Table(
            ("curve", "family", "cost of the first steps", "steps it prices"),
            [
                (k, v["family"], ", ".join(map(str, v["first"])), _steps(v["last_step"]))
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
            ("upgrade", "name", "paid from", "cost", "requires", "limit"),
            [
                (
                    k,
                    v["label"],
                    ", ".join(v["pools"]),
                    v["cost"] + "".join(f"; x{f['by']} when {f['when']}" for f in v["factors"]),
                    v["requires"],
                    _limit(v, name),
                )
                for k, v in data["upgrades"].items()
            ],
            title="Upgrades",
        ),
        Table(
            ("upgrade", "chosen among", "arguments (--arg)"),
            [
                (k, _choices(v, name), _arguments(v))
                for k, v in data["upgrades"].items()
                if v["items"] is not None or v["options"] or v["args"]
            ],
            title="Choices and arguments",
        ),
        Table(
            ("kind", "name", "pools", "stats", "members"),
            [
                (k, v["label"], ", ".join(v["pools"]), ", ".join(v["stats"]), ", ".join(v["members"]))
                for k, v in data["kinds"].items()
            ],
            title="Kinds of sheet",
        ),
        Table(
            ("command", "what it does", "options (* required)"), _commands(pack), title="Commands for the command line"
        ),
    ]
    for table in [*sections, *_values(pack)]:
        if table.rows:
            out.line()
            out.table(table)
    if data["tables"]:
        out.line()
        out.line("Data tables: " + ", ".join(data["tables"]))
    play = data["play"]
    if play is not None:
        out.line()
        favoured = sorted(play["favour"].items(), key=lambda item: (-item[1]["weight"], item[0]))
        rows = [(k, v["label"], v["weight"]) for k, v in favoured]
        rows.append(("(every other upgrade)", "", play["otherwise"]))
        title = "Sensible play (the weights of the conformance check's steered purchases)"
        out.table(Table(("upgrade", "name", "weight"), rows, title=title))
    return 0
