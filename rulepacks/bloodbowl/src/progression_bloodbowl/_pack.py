"""The entry point: the Blood Bowl rule pack with its named functions."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from progression import RulePack

from . import (
    _advancement,
    _commands,
    _inducements,
    _journeymen,
    _league,
    _match,
    _match_day,
    _matched_play,
    _odds,
    _postmatch,
    _season,
    _spells,
    _staff,
    _team,
)
from ._build import build
from ._demo import demo
from ._explain import EXPLAIN

__all__ = ["FUNCTIONS", "OPERATIONS", "pack"]

#: The functions the pack's TOML and the command line refer to by name.
FUNCTIONS: dict[str, Callable[..., Any]] = {
    "bloodbowl.random_primary": _advancement.random_primary,
    "bloodbowl.chosen_skill": _advancement.chosen_skill,
    "bloodbowl.characteristic": _advancement.characteristic,
    "bloodbowl.primary_categories": _advancement.primary_categories,
    "bloodbowl.primary_skills": _advancement.primary_skills,
    "bloodbowl.secondary_skills": _advancement.secondary_skills,
    "bloodbowl.reroll_price": _staff.reroll_price,
    "bloodbowl.apothecary_allowed": _staff.apothecary_allowed,
    "bloodbowl.drafting": _staff.drafting,
    "demo": demo,
    "new.team": _commands.new_team,
    "new.player": _commands.new_player,
    "new.matched_play_team": _matched_play.new_matched_play_team,
    "bloodbowl.known_position": _advancement.known_position,
    **{f"action.{name}": action for name, action in _commands.ACTIONS.items()},
    **{f"action.{name}": action for name, action in _match_day.ACTIONS.items()},
    **{f"explain.{name}": explain for name, explain in EXPLAIN.items()},
    **{f"report.{name}": report for name, report in _commands.REPORTS.items()},
    "explain.skill_points": _matched_play.skill_points,
    "simulate.matches_to_legend": _odds.matches_to_legend,
    "exact.random_skill": _odds.random_skill_odds,
}


#: The pack's own operations: every function that changes a sheet, declared with ``progression.operation``.
OPERATIONS: tuple[Callable[..., Any], ...] = (
    _team.hire,
    _team.fire,
    _team.buy_staff,
    _team.fire_staff,
    _team.draft_staff,
    _team.end_draft,
    _journeymen.add_journeymen,
    _journeymen.hire_journeyman,
    _journeymen._release_journeymen,
    _journeymen._remove_dead,
    _journeymen.retire,
    _match.record_outcome,
    _match.update_fans,
    _match.record_match,
    _postmatch.expensive_mistakes,
    _inducements.induce,
    _spells._cast,
    _season._season_turns,
    _season._redraft,
    _league._prize,
    _league._lose_trophy,
    _matched_play._draft_list,
)


@functools.cache
def pack() -> RulePack:
    """The Blood Bowl (BB2025) rule pack, built once: the pack is immutable, so every caller can share it."""
    return build(FUNCTIONS, OPERATIONS)
