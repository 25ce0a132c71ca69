"""The entry point: the Blood Bowl rule pack, its named functions and its contract with the command line."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, Literal

from progression import RulePack
from progression.contract import (
    REQUIRED,
    Action,
    Contract,
    Demo,
    Exact,
    Explanation,
    Factory,
    Option,
    Report,
    Roster,
    Simulation,
)

from ._build import build
from .advancement import advance, odds
from .cli import actions
from .cli import inducements as cli_inducements
from .cli import league as cli_league
from .cli import matched_play as cli_matched_play
from .cli.demo import demo
from .cli.explain import EXPLAIN
from .inducements import order, spells
from .league import season, standings
from .match import outcome, postmatch
from .matched_play import draft
from .team import journeymen, roster, roster_sheet, sequence, staff

__all__ = ["CONTRACT", "FUNCTIONS", "OPERATIONS", "pack"]

#: The functions the pack's TOML refers to by name.
FUNCTIONS: dict[str, Callable[..., Any]] = {
    "bloodbowl.random_primary": advance.random_primary,
    "bloodbowl.chosen_skill": advance.chosen_skill,
    "bloodbowl.characteristic": advance.characteristic,
    "bloodbowl.primary_categories": advance.primary_categories,
    "bloodbowl.primary_skills": advance.primary_skills,
    "bloodbowl.secondary_skills": advance.secondary_skills,
    "bloodbowl.reroll_price": staff.reroll_price,
    "bloodbowl.apothecary_allowed": staff.apothecary_allowed,
    "bloodbowl.drafting": staff.drafting,
    "bloodbowl.known_position": advance.known_position,
}

# -- the contract: the commands' options as the command line writes them --------------------------
#
# The commands read their options as text themselves (``**options: str``, in ``cli.actions``,
# ``cli.inducements`` and ``cli.matched_play``); what each option is, its type and what it means, is
# declared here, so the command line checks it, and tells it in ``--help``, before the command runs.

_LIST = tuple[str, ...]
#: Each option's type and meaning, by its name (the same name means the same thing in every command).
_TYPES: dict[str, tuple[Any, str]] = {
    "number": (int, "the match's number in the season"),
    "opponent": (str, "the opposing team's name"),
    "score": (str, "ours-theirs, such as 2-1 (every kind but unplayed)"),
    "events": (str, "what each player did: member:event,event*N;... (1:touchdown,casualty;3:completion*2)"),
    "nominees": (
        _LIST,
        "the players nominated for MVP, separated by commas (1,3); one is MVP without a roll, of several a D6 names the n-th, rolled again past the last (3-6 for two)",
    ),
    "injuries": (str, "member:result;... (4:badly_hurt;5:lasting_injury:av)"),
    "attendance": (int, "the fan attendance roll"),
    "stalling": (bool, "a player stalled"),
    "conceded": (Literal["", "us", "them"], "who conceded, if anyone"),
    "kind": (
        Literal["league", "friendly", "unplayed", "playoff"],
        "a league match, a friendly game, an unplayed fixture, a play-off game (no league points)",
    ),
    "shootout": (Literal["", "us", "them"], "who won the Penalty Shoot-out of a play-off level after Extra Time"),
    "prayers": (_LIST, "the Prayers to Nuffle in effect that change SPP"),
    "without_penalty": (bool, "a concession without penalty (3 players could not be set up)"),
    "member": (str, "the player's id on the team (his number), or his name"),
    "type": (
        Literal["random_primary", "chosen_primary", "chosen_secondary", "characteristic"],
        "the kind of advancement",
    ),
    "choice": (str, "the skill or characteristic chosen"),
    "decisions": (_LIST, "answers to the questions the advancement asks, in order"),
    "position": (str, "a position of the team's roster, by id or name"),
    "name": (str, "the name"),
    "must_advance": (bool, "a player who can must advance before step 4 (the league switch)"),
    "item": (str, "the staff, by id or name (team_reroll, assistant_coach, cheerleader, apothecary)"),
    "fire": (bool, "let the staff go instead of buying it"),
    "names": (_LIST, "the journeymen's names"),
    "retirement": (Literal["fit", "roll"], "temporarily retired players come back fit, or roll"),
    "keep": (_LIST, "the ids of the players kept"),
    "players": (str, "the players hired: position:name;..."),
    "rerolls": (int, "team re-rolls to buy"),
    "assistant_coaches": (int, "assistant coaches to buy"),
    "cheerleaders": (int, "cheerleaders to buy"),
    "apothecary": (bool, "buy an apothecary"),
    "dedicated_fans": (int, "Dedicated Fans to buy"),
    "cap": (str, "the re-draft budget cap in gold pieces, or none"),
    "place": (Literal["1", "2", "3"], "the play-off place"),
    "match": (int, "the match's number in the season"),
    "items": (str, "inducements as id or id*count, comma-separated (bribe*2,riotous_rookies)"),
    "stars": (_LIST, 'Star Players, by id or name (griff_oberwald, "Griff Oberwald")'),
    "wizard": (_LIST, "a Wizard's id"),
    "mercenaries": (_LIST, "mercenary positions"),
    "opponent_ctv": (int, "the opponent's Current Team Value"),
    "opponent_spent": (int, "what the opponent spent on inducements from its treasury"),
    "square": (str, "the target square x,y"),
    "target": (str, "the target: us:<member> or them:<name>"),
    "ball": (str, "who holds the ball (us:1), or where it lies (5,5)"),
    "roster": (str, "the team's roster, by id or name (`progression show bloodbowl` lists them)"),
    "team": (str, "the team's roster, by id or name (`progression show bloodbowl` lists them)"),
    "treasury": (int, "the treasury in gold pieces, the draft budget: 1,000,000 by default and at most"),
    "league": (str, "one of the roster's leagues"),
    "favoured": (str, "the god of a Favoured of... roster"),
    "journeyman": (bool, "a journeyman"),
    "budget": (int, "the Team Draft Budget in gold pieces (1100000 by default)"),
    "inducements": (str, "other inducements as id*count, comma-separated"),
    "captain": (int, "the number in the list (1, 2, ...) of a Team Captain roster's captain"),
}
#: Where one option means something else in one command.
_OVERRIDES: dict[tuple[str, str], tuple[Any, str]] = {
    ("fireball", "players"): (str, "the pitch: us:<member>@x,y or them:<name>@x,y [profile] [state];..."),
    ("zap", "players"): (str, "the pitch: us:<member>@x,y or them:<name>@x,y [profile] [state];..."),
    ("matched_play_team", "players"): (str, "position:name or position:name:skill, separated by ';'"),
    ("matched_play_team", "wizard"): (str, "a Wizard's id"),
    ("new team", "name"): (str, "the team's name (the roster's by default)"),
    ("hire", "captain"): (bool, "the team's Team Captain (a Team Captain roster, at the draft): he gains Pro"),
    ("journeymen", "position"): (str, "a 0-16 Lineman position of the team's roster (its first by default)"),
}
#: The options that name a position of the team's roster: a command's ``--help`` on a team lists that team's.
_POSITIONS = frozenset({("hire", "position"), ("journeymen", "position")})
#: The options each command cannot do without.
_REQUIRED: dict[str, tuple[str, ...]] = {
    "match": ("number", "opponent"),
    "advance": ("member", "type"),
    "decide": ("member", "choice"),
    "hire": ("position",),
    "fire": ("member",),
    "staff": ("item",),
    "hire_journeyman": ("member",),
    "retire": ("member",),
    "close": ("number",),
    "prize": ("place",),
    "induce": ("match", "opponent_ctv"),
    "fireball": ("square",),
    "zap": ("target",),
    "team": ("roster",),
    "player": ("team", "position"),
    "matched_play_team": ("roster",),
}
#: The options that name a roster: ``progression show`` lists the rosters' ids for them.
_ROSTERS = frozenset({("team", "roster"), ("matched_play_team", "roster"), ("player", "team")})
#: Defaults that are worth telling.
_DEFAULTS: dict[str, object] = {"must_advance": True, "kind": "league", "retirement": "fit", "conceded": ""}


def _options(command: str, function: Callable[..., Any]) -> tuple[Option, ...]:
    """The declared options of a command whose function reads them as text, named by its ``takes``."""
    found = []
    for name in getattr(function, "options", ()):
        found_type = _OVERRIDES.get((command, name)) or _OVERRIDES.get((f"new {command}", name)) or _TYPES.get(name)
        kind, doc = found_type or (str, "")
        default = REQUIRED if name in _REQUIRED.get(command, ()) else _DEFAULTS.get(name)
        values = actions.roster_names if (command, name) in _ROSTERS else None
        on = (
            (actions.journeyman_positions if command == "journeymen" else actions.team_positions)
            if (
                command,
                name,
            )
            in _POSITIONS
            else None
        )
        found.append(Option(name=name, type=kind, doc=doc, default=default, values=values, values_on=on))
    return tuple(found)


def _declared(declaration: type[Action] | type[Factory], name: str, function: Callable[..., Any]) -> Any:
    """A command of the pack: its options named by its ``takes`` and typed here; or, for a function that
    names its options as typed parameters, read from them; or, for one reading any ``**options``, open."""
    given: dict[str, Any] = {"kind" if declaration is Factory else "name": name, "function": function}
    if hasattr(function, "options"):
        return declaration(**given, options=_options(name, function))
    takes_any = any(p.kind is p.VAR_KEYWORD for p in inspect.signature(function).parameters.values())
    return declaration(**given, open=takes_any)


#: What the pack offers the command line.
CONTRACT = Contract(
    actions=[
        _declared(Action, name, function)
        for name, function in (*actions.ACTIONS.items(), *cli_inducements.ACTIONS.items())
    ],
    explanations=[
        *(Explanation(name=name, function=function) for name, function in EXPLAIN.items()),
        Explanation(name="skill_points", function=draft.skill_points),
    ],
    reports=[Report(name=name, function=function) for name, function in actions.REPORTS.items()],
    factories=[
        _declared(Factory, kind, function)
        for kind, function in (
            ("team", actions.new_team),
            ("player", actions.new_player),
            ("matched_play_team", cli_matched_play.new_matched_play_team),
        )
    ],
    simulations=[
        Simulation(
            name="matches_to_legend",
            function=odds.matches_to_legend,
            options=(
                Option(name="touchdowns", type=int, default=0, doc="touchdowns per hundred matches"),
                Option(name="casualties", type=int, default=0, doc="casualties per hundred matches"),
                Option(name="completions", type=int, default=0, doc="completions per hundred matches"),
                Option(name="interceptions", type=int, default=0, doc="interceptions per hundred matches"),
                Option(name="nominees", type=int, default=6, doc="1-6: the MVP goes to him one time in that many"),
                Option(name="limit", type=int, default=500, doc="give up after this many matches"),
            ),
        )
    ],
    exacts=[
        Exact(
            name="random_skill",
            function=odds.random_skill_odds,
            options=(
                Option(name="category", type=str, doc="the category letter (G)", default=REQUIRED),
                Option(name="owned", type=_LIST, default=(), doc="skills the player has: rolled again"),
                Option(name="policy", type=Literal["first", "prefer", "either"], default="first"),
                Option(name="prefer", type=_LIST, default=(), doc="the coach's order of preference (policy=prefer)"),
            ),
        )
    ],
    demo=Demo(function=demo),
    roster=Roster(function=roster_sheet.roster_sheet),
    league=cli_league.DECLARATION,
)


#: The pack's own operations: every function that changes a sheet, declared with ``progression.operation``.
OPERATIONS: tuple[Callable[..., Any], ...] = (
    roster.hire,
    roster.fire,
    roster.buy_staff,
    roster.fire_staff,
    roster.draft_staff,
    roster.end_draft,
    journeymen.add_journeymen,
    journeymen.hire_journeyman,
    sequence._release_journeymen,
    sequence._remove_dead,
    journeymen.retire,
    outcome.record_outcome,
    outcome.update_fans,
    outcome.record_match,
    postmatch.expensive_mistakes,
    order.induce,
    spells._cast,
    season._season_turns,
    season._redraft,
    standings._prize,
    standings._lose_trophy,
    draft._draft_list,
)


@functools.cache
def pack() -> RulePack:
    """The Blood Bowl (BB2025) rule pack, built once: the pack is immutable, so every caller can share it."""
    return build(FUNCTIONS, OPERATIONS, CONTRACT)
