"""Blood Bowl, Third Season Edition (BB2025): a rule pack for :mod:`progression`.

Players earn Star Player Points in matches and spend them on advancements; teams are
drafted from the 30 rosters, valued (TV, CTV) with every figure explained, and run
through the post-match sequence step by step. ``progression.load("bloodbowl")``
returns the pack; the functions here work on its sheets.

This module holds what a coach reaches for first: the pack, a team drafted, hired and fired,
an advancement, a match and its post-match sequence, the team's values, the standings, a new
season and a league kept in one store. The rest lives in public submodules:
:mod:`progression_bloodbowl.operations` (everything that changes a sheet),
:mod:`progression_bloodbowl.queries` (what is read without changing anything),
:mod:`progression_bloodbowl.spells` (a wizard's spells on the pitch) and
:mod:`progression_bloodbowl.types` (the data types).
"""

from progression.authoring import moved, public_dir

# the public submodules, so that ``bb.operations.induce`` works after ``import progression_bloodbowl as bb``
from . import operations as operations
from . import queries as queries
from . import spells as spells
from . import types as types
from ._pack import pack
from .operations import PostMatch, advance, create_team, draft, fire, hire, new_season, record_match
from .queries import current_team_value, standings, team_value
from .store.league import new_league, open_league
from .types import MatchRecord

#: The names that moved to a public submodule, and that submodule: importable from here until the next
#: release, with a ``DeprecationWarning`` naming their new home.
_MOVED = {
    "Budget": "types",
    "Career": "types",
    "Data": "types",
    "Explanation": "types",
    "Fixture": "types",
    "Item": "types",
    "League": "types",
    "LeagueAmendment": "types",
    "LeagueCheck": "types",
    "MatchedPlayQuote": "types",
    "Order": "types",
    "Outcome": "spells",
    "Piece": "spells",
    "Pitch": "spells",
    "Played": "types",
    "PlayerLine": "types",
    "Position": "types",
    "Prayer": "types",
    "Profile": "spells",
    "Result": "types",
    "Side": "types",
    "Skill": "types",
    "Standing": "types",
    "Star": "types",
    "Team": "types",
    "Trait": "types",
    "Wizard": "types",
    "add_journeymen": "operations",
    "agent_fee": "queries",
    "amend_match": "operations",
    "apothecary": "spells",
    "budget": "queries:inducement_budget",
    "buy_staff": "operations",
    "cast": "operations:cast_spell",
    "check_match": "queries",
    "closed": "queries:closed_matches",
    "current_value": "queries",
    "draft_matched_play": "operations",
    "eligibility": "queries:star_eligibility",
    "end_draft": "operations",
    "end_of_drive": "spells",
    "expensive_mistakes": "operations",
    "fielded": "queries:held_inducements",
    "fire_staff": "operations",
    "fireball": "spells",
    "frog_profile": "spells",
    "hire_journeyman": "operations",
    "hireable": "queries",
    "induce": "operations",
    "league_points": "queries",
    "level_of": "queries",
    "lose_trophy": "operations",
    "match_entry": "queries",
    "match_notes": "queries",
    "must_advance": "queries",
    "new_player": "operations",
    "notation": "queries",
    "prayers": "queries:spp_prayers",
    "price": "queries:price_inducements",
    "prize": "operations:award_prize",
    "profile": "queries",
    "quote_matched_play": "queries",
    "record_outcome": "operations",
    "redraft": "operations",
    "redraft_budget": "queries",
    "release_journeymen": "operations",
    "remove_dead": "operations",
    "results": "queries",
    "retire": "operations",
    "rolls_in": "spells",
    "round_robin": "queries",
    "seasons_played": "queries",
    "set_up": "spells",
    "skill_points": "queries",
    "spent_from_treasury": "queries",
    "spp_account": "queries",
    "standings_lines": "queries",
    "star_sheet": "operations",
    "treasury_account": "queries",
    "update_fans": "operations",
    "winnings": "queries",
    "wizard_eligibility": "queries",
    "wizards": "queries",
    "zap": "spells",
}


__getattr__ = moved(__name__, _MOVED)


def __dir__() -> list[str]:
    return public_dir(globals(), __all__)


__all__ = [
    "MatchRecord",
    "PostMatch",
    "advance",
    "create_team",
    "current_team_value",
    "draft",
    "fire",
    "hire",
    "new_league",
    "new_season",
    "open_league",
    "pack",
    "record_match",
    "standings",
    "team_value",
]
