"""The rulebook's keys that no rule of the pack plays, kept in ``tables.toml`` and ``teams.toml`` for readers.

The pack does not play a whole game of Blood Bowl: the skills' armour and injury modifiers, fouls, the crowd,
kick-offs and passes, the pitch's zones and set-up, Knocked-out recovery, Regeneration's roll, Getting Even and
the game-time team special rules are transcribed as the reference gives them, and read by nothing the pack
computes. So that no edit of them changes nothing in silence, each key may be left out, or written as the book
has it (:data:`BOOK`, a copy of the shipped files, so an edit of the installed files is caught too); any other
value is refused at its key path with the book's (``expected 1 (...), got 2``), and a key added to such a table is
refused as one no rule reads (:meth:`~progression_bloodbowl.data.reading.Reader.unread`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .reading import Reader

__all__ = ["BOOK", "check_unplayed"]

#: File -> table (a dotted path from the file's root) -> each key no rule plays, with the book's value.
BOOK: Mapping[str, Mapping[str, Mapping[str, object]]] = {
    "tables.toml": {
        # An optional league rule (Spike! Journal 21) the pack does not offer.
        "value_increase.hoeth_dedicated_option": {
            "reduction": 10000,
            "minimum": 5000,
        },
        # The Armour roll beyond what Fireball plays (pitch.py holds that part).
        "armour": {
            "av_min": 3,
            "av_max": 11,
            "team_reroll_not_allowed_on": [
                "armour",
                "injury",
                "casualty",
                "scatter",
                "throw_in",
                "bribe",
                "argue_the_call",
            ],
            "pro_reroll_allowed": False,
            "rolled_on": ["knocked_down", "falls_over", "foul", "stab", "projectile_vomit", "chainsaw", "fireball"],
            "not_rolled_on": ["placed_prone"],
            "trigger_target": {"projectile_vomit": 2, "chainsaw": 2},
            "claws_natural_break": 8,
            "break_ways_out_of_36": {"3": 35, "4": 33, "5": 30, "6": 26, "7": 21, "8": 15, "9": 10, "10": 6, "11": 3},
        },
        "armour.modifiers": {
            "mighty_blow": {
                "value": 1,
                "applies_to": ["armour", "injury"],
                "choose_after_roll": True,
                "trigger": "block_action_knock_down",
            },
            "dirty_player": {
                "value": 1,
                "applies_to": ["armour", "injury"],
                "choose_after_roll": True,
                "trigger": "foul",
            },
            "arm_bar": {"value": 1, "applies_to": ["armour", "injury"], "choose_after_roll": True},
            "lethal_flight": {"value": 1, "applies_to": ["armour", "injury"], "choose_after_roll": True},
            "foul_offensive_assist": 1,
            "foul_defensive_assist": -1,
            "chainsaw": 3,
            "fireball": 1,
            "unmodifiable": ["stab", "projectile_vomit"],
            "iron_hard_skin": {"blocks_modifiers": True, "blocks_claws": True},
        },
        "armour.foul": {
            "sent_off_on_natural_double": ["armour", "injury"],
            "sneaky_git_ignores_armour_double_if_not_broken": True,
        },
        "injury": {
            "stunned_turns_prone": "end_of_own_team_next_turn",
        },
        "injury.modifiers": {
            "mighty_blow": 1,
            "dirty_player": 1,
            "arm_bar": 1,
            "lethal_flight": 1,
        },
        "injury.crowd": {
            "armour_roll": False,
            "stunned_goes_to": "reserves",
        },
        "injury.ko_recovery": {
            "when": "end_of_drive",
            "die": "D6",
            "target": 4,
        },
        "casualty": {
            "exhibition_roll_optional": True,
        },
        # The caller treats a player once for each Apothecary; the pack counts no uses.
        "casualty.apothecary": {
            "uses_per_game": 1,
        },
        "casualty.regeneration": {
            "die": "D6",
            "target": 4,
            "on_success": "reserves",
        },
        "casualty.getting_even": {
            "after": ["seriously_hurt", "serious_injury", "lasting_injury"],
            "die": "D6",
            "target": 4,
            "gains": "hatred",
            "excluded_keywords": [
                "big_guy",
                "blitzer",
                "blocker",
                "catcher",
                "lineman",
                "runner",
                "special",
                "thrower",
            ],
        },
        "pitch": {
            "half_length": 13,
            "end_zone_columns": [0, 25],
            "wide_zone_rows": [{"from": 0, "to": 3}, {"from": 11, "to": 14}],
            "centre_field_rows": {"from": 4, "to": 10},
            "line_of_scrimmage_columns": {"home": 12, "away": 13},
            "setup": {"max_on_pitch": 11, "min_on_line_of_scrimmage": 3, "max_per_wide_zone": 2},
            "trapdoors_per_half": 1,
        },
        "ball": {
            "inaccurate_pass_scatter": 3,
            "wildly_inaccurate_pass": False,
            "fumble_bounce_from": "thrower",
            "kick_deviate": {"direction_die": "D8", "distance_die": "D6"},
            "perfect_conditions_extra_scatter": 3,
            "thrown_team_mate_scatter": 3,
            "kick_off_must_land_in_receiving_half": True,
        },
    },
    "teams.toml": {
        # Journeymen pass the 16 places by [roster_rules.journeymen]; the other two are not played.
        "roster_rules": {
            "max_players_temporary_exceptions": ["journeymen", "masters_of_undeath", "riotous_rookies"],
        },
        "special_rules.bribery_and_corruption": {
            "argue_the_call_reroll_natural": 1,
            "uses_per_game": 1,
        },
        "special_rules.masters_of_undeath": {
            "uses_per_game": 1,
            "raised_max_st": 4,
            "raised_excludes_trait": "stunty",
        },
        "special_rules.swarming": {
            "extra_linemen_dice": "D3",
        },
        "special_rules.team_captain": {
            "free_reroll_on_natural": 6,
        },
    },
}

_BECAUSE = "the rulebook's, kept for readers: no rule of the pack plays it, so no other value can mean anything"


def _at(document: Mapping[str, Any], dotted: str) -> Any:
    """The table at ``dotted`` in ``document``; None when it is missing or not a table on the way."""
    table: Any = document
    for key in dotted.split("."):
        table = table.get(key) if isinstance(table, Mapping) else None
    return table if isinstance(table, Mapping) else None


def check_unplayed(r: Reader, name: str, document: Mapping[str, Any]) -> None:
    """Hold the keys no rule plays of ``document`` (the file ``name``, read by ``r``) to the book's values."""
    for dotted, book in BOOK.get(name, {}).items():
        table = _at(document, dotted)
        if table is not None:  # left out (a table the pack needs is reported missing where it is read)
            r.fixed(table, f"$.{dotted}", book, because=_BECAUSE)
