"""The pack's data types: its data as read from the TOML files (:class:`Data`, with each roster a
:class:`Team`, its :class:`Position`, :class:`Skill`, :class:`Trait`, :class:`Star`, :class:`Prayer`,
:class:`Wizard`), what a coach writes down (:class:`~progression_bloodbowl.MatchRecord`, an inducements :class:`Order`), what the pack
answers (:class:`Explanation` and its :class:`Item`, :class:`Budget`, :class:`Result`, :class:`Standing`,
:class:`MatchedPlayQuote`; a table's teams whose results disagree, :class:`ResultsDisagree` with each
:class:`Disagreement`, and the warning :class:`UnmatchedOpponent`), and a league kept in one store (:class:`League`, its :class:`Fixture`,
:class:`Played` with each :class:`Side`, :class:`Career`, :class:`PlayerLine`, :class:`LeagueAmendment`,
:class:`LeagueCheck`, the refusals :class:`LeagueAmendmentRefused` and :class:`LeagueRebaseRefused`; a team's
:class:`Redraft` at the season's end).

A team and a player are :class:`progression.Sheet`; :class:`Team` is a roster of the data, the kind of team a
sheet is made from.
"""

from .data.inducements import Wizard
from .data.model import Data, Position, Skill, Star, Team, Trait
from .data.rules import Prayer
from .inducements.order import Budget, Order
from .league.cross_check import Disagreement, ResultsDisagree, UnmatchedOpponent
from .league.standings import Standing
from .match.record import MatchRecord
from .matched_play.quote import MatchedPlayQuote
from .store.fixtures import Fixture, Played, Side
from .store.league import (
    Career,
    League,
    LeagueAmendment,
    LeagueAmendmentRefused,
    LeagueCheck,
    LeagueRebaseRefused,
    PlayerLine,
)
from .store.season_end import Redraft
from .team.results import Result
from .team.values import Explanation, Item

__all__ = [
    "Budget",
    "Career",
    "Data",
    "Disagreement",
    "Explanation",
    "Fixture",
    "Item",
    "League",
    "LeagueAmendment",
    "LeagueAmendmentRefused",
    "LeagueCheck",
    "LeagueRebaseRefused",
    "MatchRecord",
    "MatchedPlayQuote",
    "Order",
    "Played",
    "PlayerLine",
    "Position",
    "Prayer",
    "Redraft",
    "Result",
    "ResultsDisagree",
    "Side",
    "Skill",
    "Standing",
    "Star",
    "Team",
    "Trait",
    "UnmatchedOpponent",
    "Wizard",
]
