"""Blood Bowl, Third Season Edition (BB2025): a rule pack for :mod:`progression`.

Players earn Star Player Points in matches and spend them on advancements; teams are
drafted from the 30 rosters, valued (TV, CTV) with every figure explained, and run
through the post-match sequence step by step. ``progression.load("bloodbowl")``
returns the pack; the functions here work on its sheets.
"""

from ._advancement import advance, must_advance
from ._data import Data, Position, Skill, Star, Team, Trait
from ._match import MatchRecord, record_outcome, update_fans, winnings
from ._pack import pack
from ._players import level_of, new_player, notation, profile
from ._postmatch import PostMatch, expensive_mistakes
from ._team import (
    add_journeymen,
    buy_staff,
    create_team,
    draft,
    fire,
    fire_staff,
    hire,
    hire_journeyman,
    new_season,
    release_journeymen,
    remove_dead,
    retire,
)
from ._values import Explanation, Item, current_team_value, current_value, spp_account, team_value, treasury_account

__all__ = [
    "Data",
    "Explanation",
    "Item",
    "MatchRecord",
    "Position",
    "PostMatch",
    "Skill",
    "Star",
    "Team",
    "Trait",
    "add_journeymen",
    "advance",
    "buy_staff",
    "create_team",
    "current_team_value",
    "current_value",
    "draft",
    "expensive_mistakes",
    "fire",
    "fire_staff",
    "hire",
    "hire_journeyman",
    "level_of",
    "must_advance",
    "new_player",
    "new_season",
    "notation",
    "pack",
    "profile",
    "record_outcome",
    "release_journeymen",
    "remove_dead",
    "retire",
    "spp_account",
    "team_value",
    "treasury_account",
    "update_fans",
    "winnings",
]
