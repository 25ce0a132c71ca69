"""Blood Bowl, Third Season Edition (BB2025): a rule pack for :mod:`progression`.

Players earn Star Player Points in matches and spend them on advancements; teams are
drafted from the 30 rosters, valued (TV, CTV) with every figure explained, and run
through the post-match sequence step by step. ``progression.load("bloodbowl")``
returns the pack; the functions here work on its sheets.
"""

from ._pack import pack
from .advancement.advance import advance
from .data.model import Data, Position, Skill, Star, Team, Trait
from .inducements.order import Budget, Order, budget, fielded, induce, match_notes, price, spent_from_treasury
from .inducements.pitch import Outcome, Piece, Pitch, Profile
from .inducements.prayers import Prayer, prayers
from .inducements.spells import apothecary, cast, end_of_drive, fireball, frog_profile, rolls_in, set_up, zap
from .inducements.stars import eligibility, hireable, star_sheet
from .inducements.wizards import Wizard, wizard_eligibility, wizards
from .league.season import agent_fee, new_season, redraft, redraft_budget, seasons_played
from .league.standings import Result, Standing, league_points, lose_trophy, prize, standings, standings_lines
from .match.corrections import amend_match, match_entry
from .match.outcome import MatchRecord, check_match, record_match, record_outcome, update_fans, winnings
from .match.postmatch import PostMatch, expensive_mistakes
from .matched_play.draft import MatchedPlayQuote, draft_matched_play, quote_matched_play, skill_points
from .players.player import level_of, must_advance, new_player, notation, profile
from .store.fixtures import Fixture, Played, Side, round_robin
from .store.league import Career, League, LeagueAmendment, LeagueCheck, PlayerLine, new_league, open_league
from .team.journeymen import add_journeymen, hire_journeyman, retire
from .team.results import closed, results
from .team.roster import buy_staff, create_team, draft, end_draft, fire, fire_staff, hire
from .team.sequence import release_journeymen, remove_dead
from .team.values import Explanation, Item, current_team_value, current_value, spp_account, team_value, treasury_account

__all__ = [
    "Budget",
    "Career",
    "Data",
    "Explanation",
    "Fixture",
    "Item",
    "League",
    "LeagueAmendment",
    "LeagueCheck",
    "MatchRecord",
    "MatchedPlayQuote",
    "Order",
    "Outcome",
    "Piece",
    "Pitch",
    "Played",
    "PlayerLine",
    "Position",
    "PostMatch",
    "Prayer",
    "Profile",
    "Result",
    "Side",
    "Skill",
    "Standing",
    "Star",
    "Team",
    "Trait",
    "Wizard",
    "add_journeymen",
    "advance",
    "agent_fee",
    "amend_match",
    "apothecary",
    "budget",
    "buy_staff",
    "cast",
    "check_match",
    "closed",
    "create_team",
    "current_team_value",
    "current_value",
    "draft",
    "draft_matched_play",
    "eligibility",
    "end_draft",
    "end_of_drive",
    "expensive_mistakes",
    "fielded",
    "fire",
    "fire_staff",
    "fireball",
    "frog_profile",
    "hire",
    "hire_journeyman",
    "hireable",
    "induce",
    "league_points",
    "level_of",
    "lose_trophy",
    "match_entry",
    "match_notes",
    "must_advance",
    "new_league",
    "new_player",
    "new_season",
    "notation",
    "open_league",
    "pack",
    "prayers",
    "price",
    "prize",
    "profile",
    "quote_matched_play",
    "record_match",
    "record_outcome",
    "redraft",
    "redraft_budget",
    "release_journeymen",
    "remove_dead",
    "results",
    "retire",
    "rolls_in",
    "round_robin",
    "seasons_played",
    "set_up",
    "skill_points",
    "spent_from_treasury",
    "spp_account",
    "standings",
    "standings_lines",
    "star_sheet",
    "team_value",
    "treasury_account",
    "update_fans",
    "winnings",
    "wizard_eligibility",
    "wizards",
    "zap",
]
