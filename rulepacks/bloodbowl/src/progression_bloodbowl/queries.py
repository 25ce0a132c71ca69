"""What the pack reads from a team, a player or its data, changing nothing: the values with every figure
explained (:func:`~progression_bloodbowl.team_value`, :func:`~progression_bloodbowl.current_team_value`, :func:`current_value`, the SPP and treasury accounts),
a player's profile line and level, a league's points and standings, a team's results, the winnings of a match,
the inducements a team may buy (:func:`inducement_budget`) and holds (:func:`held_inducements`), the Prayers to Nuffle
that change SPP (:func:`spp_prayers`),
the checks an operation makes before it runs (:func:`check_match`, :func:`star_eligibility`, :func:`price_inducements`,
:func:`quote_matched_play`), and a season's round-robin schedule.

Each takes the pack first where it needs the rules. The changes are in :mod:`progression_bloodbowl.operations`.
"""

from progression.authoring import moved

from .inducements.order import held_inducements, inducement_budget, match_notes, price_inducements, spent_from_treasury
from .inducements.prayers import spp_prayers
from .inducements.stars import hireable, star_eligibility
from .inducements.wizards import wizard_eligibility, wizards
from .league.season import agent_fee, redraft_budget, season_end_rolls, seasons_played
from .league.standings import league_points, standings, standings_lines
from .match.corrections import match_entry
from .match.outcome import check_match
from .match.winnings import winnings
from .matched_play.draft import quote_matched_play, skill_points
from .players.player import level_of, must_advance, notation, profile
from .store.fixtures import round_robin
from .team.results import closed_matches, results
from .team.values import current_team_value, current_value, spp_account, team_value, treasury_account

__all__ = [
    "agent_fee",
    "check_match",
    "closed_matches",
    "current_team_value",
    "current_value",
    "held_inducements",
    "hireable",
    "inducement_budget",
    "league_points",
    "level_of",
    "match_entry",
    "match_notes",
    "must_advance",
    "notation",
    "price_inducements",
    "profile",
    "quote_matched_play",
    "redraft_budget",
    "results",
    "round_robin",
    "season_end_rolls",
    "seasons_played",
    "skill_points",
    "spent_from_treasury",
    "spp_account",
    "spp_prayers",
    "standings",
    "standings_lines",
    "star_eligibility",
    "team_value",
    "treasury_account",
    "winnings",
    "wizard_eligibility",
    "wizards",
]

#: The names of before, for one release: each said too little out of context (``budget`` beside ``redraft_budget``,
#: ``fielded`` of what, ``prayers`` for the ones that change SPP alone).
__getattr__ = moved(
    __name__,
    {
        "budget": ":inducement_budget",
        "closed": ":closed_matches",
        "eligibility": ":star_eligibility",
        "fielded": ":held_inducements",
        "prayers": ":spp_prayers",
        "price": ":price_inducements",
    },
)
