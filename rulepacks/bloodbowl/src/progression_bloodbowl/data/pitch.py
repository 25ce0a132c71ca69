"""What the pack plays on the pitch (a wizard's spell and its consequences), typed from ``tables.toml``: the pitch's
size, the D8 directions a ball bounces in, the four Injury tables, Fireball and the names of the spells; and the
keys that say how the Armour roll, the ball's bounces and throw-ins, and the Apothecary are played.

The pack does not play a whole game: the rest of ``[pitch]`` (its zones, the set-up), of ``[armour]``, ``[injury]``
and ``[ball]`` are the rulebook's, held to the shipped files and read by no rule (:mod:`.unplayed`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from progression.authoring import Label

from .reading import Reader, in_toml_words
from .roll_tables import INJURY_TABLE_RESULTS, read_ranges

__all__ = ["INJURY_TABLES", "Fireball", "PitchRules", "read_pitch"]

#: The Injury tables of ``[injury]``, each rolled on 2D6.
INJURY_TABLES = ("standard", "stunty", "thick_skull", "stunty_thick_skull")

_INJURY_PLAYED: Mapping[str, object] = {
    "dice": "2D6",
    "rolled_by": "opposing_coach",
    "reroll_allowed": False,
    "clamp": True,
    "stunty_badly_hurt_skips_casualty_roll": True,
}
#: The Armour roll as the pack plays it (Fireball's): 2D6 plus the modifier breaks armour when it reaches AV, with
#: no natural break or hold and no cap on the total.
_ARMOUR_PLAYED: Mapping[str, object] = {
    "dice": "2D6",
    "rolled_by": "opposing_coach",
    "broken_if_total_at_least_av": True,
    "natural_auto_break": False,
    "natural_auto_hold": False,
    "total_capped": False,
}
#: An Apothecary treating a Knocked-out player leaves him Stunned where he fell.
_KO_PLAYED: Mapping[str, object] = {"apothecary_on_ko": "stunned_in_place"}
#: A player marks the 8 squares around him.
_PITCH_PLAYED: Mapping[str, object] = {"neighbours": 8}
#: The ball as a spell moves it (:class:`progression_bloodbowl.inducements.pitch.Log`): it bounces one square per D8;
#: the crowd throws it in with a D6 on the template (a D3 from a corner) and 2D6 squares; catching it is at -1 when
#: it bounced or was thrown in and -1 for each opponent marking the catcher, and a player down cannot catch it.
_BALL_PLAYED: Mapping[str, object] = {
    "bounce_squares": 1,
    "throw_in_direction_die": "D6",
    "throw_in_template": [
        {"from": 1, "to": 2, "direction": "diagonal_a"},
        {"from": 3, "to": 4, "direction": "straight"},
        {"from": 5, "to": 6, "direction": "diagonal_b"},
    ],
    "throw_in_distance_dice": "2D6",
    "corner_throw_in_direction_die": "D3",
    "catch_modifiers": {"bounced": -1, "thrown_in": -1, "per_marking_opponent": -1},
    "down_or_distracted_player_catch": "auto_fail",
}
#: One spell a match, at the end of a Turn (the caller says when: the pack sees no turns).
_SPELLS_PLAYED: Mapping[str, object] = {"per_game": 1, "cast_when": "end_of_any_turn"}
#: Zap! as :func:`progression_bloodbowl.spells.zap` plays it.
_ZAP_PLAYED: Mapping[str, object] = {
    "target": "any_player_on_pitch",
    "die": "D6",
    "success_if_roll_at_least_st": True,
    "natural_6": "success",
    "natural_1": "fail",
    "result": "frog",
    "ball": "bounce",
    "lasts_until": "end_of_drive",
    "returns_to": "reserves",
}
_FIREBALL_PLAYED: Mapping[str, object] = {
    "target": "any_square",
    "area": "target_and_adjacent",
    "affects": ["standing", "prone", "stunned"],
    "affects_teams": "both",
    "hit_die": "D6",
    "standing_hit": "knocked_down",
    "prone_or_stunned_hit": "armour_roll_only",
    "armour_modifier_applies_to": "armour",
    "armour_modifier_mandatory": True,
    "injury_modifier": 0,
    "spp": 0,
}


@attrs.frozen(kw_only=True)
class Fireball:
    """The Fireball spell: the D6 that hits, and the modifier of the hit players' Armour rolls."""

    hit_on: int
    armour_modifier: int


@attrs.frozen(kw_only=True)
class PitchRules:
    """The pitch and the tables rolled on it."""

    length: int
    width: int
    #: D8 result -> (dx, dy), as the Random Direction Template prints them.
    directions: Mapping[int, tuple[int, int]]
    #: Table name -> rows (from, to, result) over 2D6.
    injury: Mapping[str, tuple[tuple[int, int, str], ...]]
    fireball: Fireball
    #: Spell id -> its name (``fireball``, ``zap``); out of the repr, which fingerprints the rules.
    spells: Mapping[str, Label] = attrs.field(repr=False)


def _directions(r: Reader, tables: Mapping[str, Any]) -> dict[int, tuple[int, int]]:
    d8 = r.get(r.table(tables, "directions", "$"), "d8", dict, "$.directions")
    if sorted(d8) != [str(n) for n in range(1, 9)]:
        r.problem("$.directions.d8", f"expected one direction for each D8 result 1..8, got {', '.join(d8)}")
    steps = {}
    for face, step in d8.items():
        if isinstance(step, list) and len(step) == 2 and all(type(c) is int and -1 <= c <= 1 for c in step):
            steps[int(face)] = (step[0], step[1])
        else:
            r.problem(
                f"$.directions.d8.{face}", f"expected a step [dx, dy] of -1, 0 or 1 each, got {in_toml_words(step)}"
            )
    return steps


def read_pitch(r: Reader, tables: Mapping[str, Any]) -> PitchRules:
    """Read the pitch, the directions, the Injury tables and Fireball of ``tables.toml``."""
    pitch = r.table(tables, "pitch", "$")
    r.fixed(pitch, "$.pitch", _PITCH_PLAYED)
    r.fixed(r.table(tables, "ball", "$"), "$.ball", _BALL_PLAYED)
    injury = r.table(tables, "injury", "$")
    r.fixed(injury, "$.injury", _INJURY_PLAYED)
    r.fixed(r.table(injury, "ko_recovery", "$.injury"), "$.injury.ko_recovery", _KO_PLAYED)
    rows = {}
    for key in INJURY_TABLES:
        read = read_ranges(
            r, r.get(injury, key, list, "$.injury"), f"$.injury.{key}", ("result",), (2, 6), INJURY_TABLE_RESULTS
        )
        rows[key] = tuple((row["from"], row["to"], row["result"]) for row in read)
    r.fixed(r.table(tables, "armour", "$"), "$.armour", _ARMOUR_PLAYED)
    spells = r.table(tables, "spells", "$")
    r.fixed(spells, "$.spells", _SPELLS_PLAYED)
    zap = r.table(spells, "zap", "$.spells")
    r.extra(zap, ("label", *_ZAP_PLAYED), "$.spells.zap")
    r.fixed(zap, "$.spells.zap", _ZAP_PLAYED)
    fireball = r.table(spells, "fireball", "$.spells")
    r.extra(fireball, ("label", "hit_on", "armour_modifier", *_FIREBALL_PLAYED), "$.spells.fireball")
    r.fixed(fireball, "$.spells.fireball", _FIREBALL_PLAYED)
    return PitchRules(
        length=r.count(pitch, "length", "$.pitch", minimum=1),
        width=r.count(pitch, "width", "$.pitch", minimum=1),
        directions=_directions(r, tables),
        injury=rows,
        fireball=Fireball(
            hit_on=r.roll_target(fireball, "hit_on", "$.spells.fireball", 6),
            armour_modifier=r.count(fireball, "armour_modifier", "$.spells.fireball"),
        ),
        spells={"fireball": r.label(fireball, "$.spells.fireball"), "zap": r.label(zap, "$.spells.zap")},
    )
