"""Everything that makes a sheet or changes one: each function here takes the pack first and returns the new
sheet, its change recorded as one entry on the team's ledger (or, for :func:`new_player`, :func:`star_sheet`,
:func:`~progression_bloodbowl.create_team` and :func:`~progression_bloodbowl.draft`, a new sheet).

The team's roster (:func:`~progression_bloodbowl.create_team` or :func:`~progression_bloodbowl.draft`, then :func:`~progression_bloodbowl.hire`, :func:`~progression_bloodbowl.fire`, staff and journeymen),
advancements (:func:`~progression_bloodbowl.advance`), a match and its post-match sequence (:func:`~progression_bloodbowl.record_match`, or step by step
:func:`record_outcome`, :func:`update_fans`, ..., :func:`expensive_mistakes`, and :class:`~progression_bloodbowl.PostMatch`, which runs the
steps in their order), a past match corrected (:func:`amend_match`), inducements and spells recorded
(:func:`induce`, :func:`cast_spell`), the end of a season (:func:`~progression_bloodbowl.new_season`, :func:`redraft`, :func:`award_prize`) and a
Matched Play team (:func:`draft_matched_play`). What is read without changing anything is in
:mod:`progression_bloodbowl.queries`.
"""

from progression.authoring import moved

from .advancement.advance import advance
from .inducements.order import induce
from .inducements.spells import cast_spell
from .inducements.stars import star_sheet
from .league.season import new_season, redraft
from .league.standings import award_prize, lose_trophy
from .match.corrections import amend_match
from .match.outcome import record_match, record_outcome, update_fans
from .match.postmatch import PostMatch, expensive_mistakes
from .matched_play.draft import draft_matched_play
from .players.player import new_player
from .team.journeymen import add_journeymen, hire_journeyman, retire
from .team.roster import buy_staff, create_team, draft, end_draft, fire, fire_staff, hire
from .team.sequence import release_journeymen, remove_dead

__all__ = [
    "PostMatch",
    "add_journeymen",
    "advance",
    "amend_match",
    "award_prize",
    "buy_staff",
    "cast_spell",
    "create_team",
    "draft",
    "draft_matched_play",
    "end_draft",
    "expensive_mistakes",
    "fire",
    "fire_staff",
    "hire",
    "hire_journeyman",
    "induce",
    "lose_trophy",
    "new_player",
    "new_season",
    "record_match",
    "record_outcome",
    "redraft",
    "release_journeymen",
    "remove_dead",
    "retire",
    "star_sheet",
    "update_fans",
]

#: The names of before, for one release: every other operation is named by its verb.
__getattr__ = moved(__name__, {"cast": ":cast_spell", "prize": ":award_prize"})
