"""Building the rule pack: the structure of ``pack.toml`` completed from the data files.

The numbers live once, in the data files; the curves, the experience ladder, the staff
upgrades and every displayed name are derived from them here, then read by the core's
:func:`progression.authoring.structure_pack` like any other pack.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from importlib.resources import files
from typing import Any

import attrs

from progression import Operation, RulePack
from progression.authoring import Reader, structure_pack
from progression.contract import Contract

from .data.access import shipped_data
from .data.model import Data
from .league.story import narration
from .team.story import facts

__all__ = ["build"]


def _label(label: Any) -> dict[str, str]:
    return {"en": label.en, "fr": label.fr}


def _curves(data: Data, upgrades: Mapping[str, Any]) -> dict[str, Any]:
    """One table curve per advancement type, named like the upgrade it prices."""
    return {
        kind: {
            "kind": "table",
            "values": list(values),
            "beyond": "error",
            "label": upgrades[kind]["label"],
        }
        for kind, values in data.rules.advancement.costs.items()
    }


def _ladder(data: Data) -> dict[str, Any]:
    bands: list[dict[str, Any]] = [{"id": "rookie", "label": {"en": "Rookie", "fr": "Recrue"}, "from": 0, "to": 0}]
    for level in data.rules.advancement.levels:
        band = {"id": level.id, "label": _label(level.label), "from": level.advancements}
        if level.advancements < data.rules.advancement.maximum:
            band["to"] = level.advancements
        bands.append(band)
    return {
        "experience": {
            "label": {"en": "Experience level", "fr": "Niveau d'expérience"},
            "axis": "advancements",
            "bands": bands,
        }
    }


_STAFF_STATS = {
    "reroll": "rerolls",
    "assistant_coach": "assistant_coaches",
    "cheerleader": "cheerleaders",
    "apothecary": "apothecary",
}


def _upgrades(data: Data) -> dict[str, Any]:
    upgrades: dict[str, Any] = {}
    for ident, item in data.rules.staff.items():
        stat = _STAFF_STATS[ident]
        body: dict[str, Any] = {
            "label": _label(item.label),
            "pool": "treasury",
            "effect": {"stats": {stat: 1}},
            "limit": {"maxima": {stat: item.max}},
            "kinds": ["team"],
        }
        if ident == "reroll":
            body["cost"] = {"function": "bloodbowl.reroll_price"}
        else:
            body["cost"] = item.cost
        if ident == "apothecary":
            body["requires"] = {"predicate": "bloodbowl.apothecary_allowed"}
        upgrades["team_reroll" if ident == "reroll" else ident] = body
    fans = data.rules.fans
    upgrades["dedicated_fan"] = {
        "label": {"en": "Dedicated Fan (at the draft)", "fr": "Fan dévoué (à la création)"},
        "pool": "treasury",
        "cost": fans["cost_per_point"],
        "effect": {"stats": {"dedicated_fans": 1}},
        "limit": {"maxima": {"dedicated_fans": fans["max_at_draft"]}},
        "requires": {"predicate": "bloodbowl.drafting"},
        "kinds": ["team"],
    }
    return upgrades


def _names(data: Data) -> dict[str, Any]:
    names: dict[str, Any] = {}
    for table in (data.skills, data.traits):
        for ident, item in table.items():
            names[ident] = _label(item.label)
    for ident, label in (*data.leagues.items(), *data.special_rules.items(), *data.results.items()):
        names[ident] = _label(label)
    for letter, label in data.categories.items():
        names[f"category.{letter.lower()}"] = _label(label)
    for team in data.teams.values():
        names[f"team.{team.id}"] = _label(team.label)
        for position in team.positions:
            names[f"position.{team.id}.{position.id}"] = _label(position.label)
    return names


def build(
    functions: Mapping[str, Callable[..., Any]],
    operations: Iterable[type[Operation] | Callable[..., Any]] = (),
    contract: Contract | None = None,
) -> RulePack:
    """The Blood Bowl rule pack, with ``functions``, ``operations`` and ``contract`` registered and its typed
    data on it."""
    data = shipped_data()
    source = "progression_bloodbowl/data/pack.toml"
    reader = Reader(source)
    raw = reader.parse(
        files("progression_bloodbowl").joinpath("data", "pack.toml").read_text(encoding="utf-8"), cache=True
    )
    reader.raise_if_problems()
    raw["curves"] = _curves(data, raw["upgrades"])
    raw["ladders"] = _ladder(data)
    raw.setdefault("upgrades", {}).update(_upgrades(data))
    raw.setdefault("names", {}).update(_names(data))
    raw["tables"] = {name.removesuffix(".toml"): table for name, table in data.raw.items()}
    built = structure_pack(raw, source, functions, operations=operations, own=data, contract=contract)
    return attrs.evolve(built, narration=narration, facts=facts)  # the pack's words for its entries and tags
