"""The values of the data files the code reads raw (``Data.raw``, not typed), checked when the pack loads.

The pitch, the Injury tables and Fireball (:mod:`progression_bloodbowl.inducements.pitch`,
:mod:`progression_bloodbowl.inducements.spells`), the frog a Zap! makes, the
petty cash top-up and how many wizards and Star Players a team induces are read where they are used;
here their keys are required and their numbers checked for their range, so that bad data is a
:class:`~progression.errors.RulePackError` with its file and key path, never a bare error in a match.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .reading import Reader
from .roll_tables import INJURY_TABLE_RESULTS, read_ranges

__all__ = ["check_raw"]

#: The Injury tables of ``[injury]``, each rolled on 2D6.
INJURY_TABLES = ("standard", "stunty", "thick_skull", "stunty_thick_skull")


def _check_tables(r: Reader, tables: Mapping[str, Any]) -> None:
    pitch = r.table(tables, "pitch", "$")
    for key in ("length", "width"):
        r.count(pitch, key, "$.pitch", minimum=1)
    d8 = r.get(r.table(tables, "directions", "$"), "d8", dict, "$.directions")
    if sorted(d8) != [str(n) for n in range(1, 9)]:
        r.problem("$.directions.d8", f"expected one direction for each D8 result 1..8, got {', '.join(d8)}")
    for face, step in d8.items():
        if not (isinstance(step, list) and len(step) == 2 and all(type(c) is int and -1 <= c <= 1 for c in step)):
            r.problem(f"$.directions.d8.{face}", f"expected a step [dx, dy] of -1, 0 or 1 each, got {step!r}")
    injury = r.table(tables, "injury", "$")
    for key in INJURY_TABLES:
        rows = r.get(injury, key, list, "$.injury")
        read_ranges(r, rows, f"$.injury.{key}", ("result",), (2, 6), INJURY_TABLE_RESULTS)
    fireball = r.table(r.table(tables, "spells", "$"), "fireball", "$.spells")
    r.roll_target(fireball, "hit_on", "$.spells.fireball", 6)
    r.count(fireball, "armour_modifier", "$.spells.fireball")


def _check_inducements(r: Reader, inducements: Mapping[str, Any]) -> None:
    r.count(r.table(inducements, "petty_cash", "$"), "treasury_top_up_max", "$.petty_cash")
    r.count(r.table(inducements, "wizards", "$"), "max_per_team", "$.wizards")
    frog = r.table(inducements, "frog", "$")
    for key in ("ma", "st", "ag", "av"):
        r.count(frog, key, "$.frog", minimum=1)
    r.count(frog, "pa", "$.frog", default=None, minimum=1)
    r.strings(frog, "skills", "$.frog")


def check_raw(readers: Mapping[str, Reader], parsed: Mapping[str, Mapping[str, Any]]) -> None:
    """Record a problem in the reader of each file for every raw value that is missing or out of range."""
    _check_tables(readers["tables.toml"], parsed["tables.toml"])
    _check_inducements(readers["inducements.toml"], parsed["inducements.toml"])
    stars = readers["stars.toml"]
    stars.count(stars.table(parsed["stars.toml"], "rules", "$"), "max_per_team", "$.rules")
