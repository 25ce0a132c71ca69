"""The rule tables the code reads (tables.toml, and the roster rules and staff of teams.toml), typed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from progression.authoring import Label

from .league_rules import LeagueRules, read_league
from .reading import Reader, ascii_number, in_toml_words
from .roll_tables import read_casualty, read_incident, read_lasting, read_mistakes

__all__ = ["Advancement", "Level", "MatchLimits", "Prayer", "Rules", "StaffItem", "Values", "read_rules"]

ADVANCEMENT_TYPES = ("random_primary", "chosen_primary", "chosen_secondary", "characteristic")
_CHARACTERISTICS = ("ma", "st", "ag", "pa", "av")
#: The SPP events every ``[spp]`` has, each an SPP value, never negative.
_SPP_EVENTS = (
    *("completion", "throw_team_mate_superb_and_landed", "thrown_player_landing", "interception"),
    *("casualty", "touchdown", "mvp", "mvp_nominees"),
)
_BRUTES = ("casualty", "touchdown")
#: Keys of tables.toml that say how the pack plays a rule (see :meth:`progression.authoring.Reader.fixed`): the MVP
#: is drawn with a D6, Star Players earn nothing, Journeymen earn SPP, a Deflection earns nothing (BB2025 lists no
#: award for it, and the pack has no such match event) ...
_SPP_PLAYED: Mapping[str, object] = {
    "mvp_die": "D6",
    "star_players_earn": False,
    "journeymen_earn": True,
    "deflection": 0,
}
#: ... a characteristic improvement is a D8 row, or a skill instead ...
_IMPROVEMENT_PLAYED: Mapping[str, object] = {"die": "D8", "may_take_skill_instead": True}
#: ... Dedicated Fans after a match: +1 on a win when a D6 reaches them, -1 on a loss when it falls below, a draw
#: nothing ...
_FANS_PLAYED: Mapping[str, object] = {
    "update_die": "D6",
    "win": {"change": 1, "if_roll_at_least_current": True},
    "loss": {"change": -1, "if_roll_below_current": True},
    "draw": {"change": 0},
}
#: ... Expensive Mistakes is a D6 row ...
_MISTAKES_PLAYED: Mapping[str, object] = {"die": "D6"}
#: ... an advancement is one of four types; a random skill is two 2D6 rolls on one Primary table, a skill the
#: player has rolled again, the same skill twice imposed, otherwise one of the two kept; a characteristic
#: improvement may be a skill instead; unspent SPP reaching the next characteristic improvement's cost oblige an
#: advancement of any type at step 3, again while they still reach it, never after the sixth ...
_ADVANCEMENT_PLAYED: Mapping[str, object] = {
    "types": list(ADVANCEMENT_TYPES),
    "random_secondary_allowed": False,
    "random_skill_categories": "primary",
    "random_skill_rolls": 2,
    "random_skill_keep": 1,
    "random_skill_same_result_must_take": True,
    "random_skill_reroll_unusable": True,
    "characteristic_may_take_skill_instead": True,
    "must_advance_at": "characteristic",
}
_COMPULSORY_PLAYED: Mapping[str, object] = {
    "threshold": "characteristic",
    "any_type_allowed": True,
    "step": "post_game_player_advancement",
    "repeat_while_at_or_above_threshold": True,
    "after_max_advancements": False,
}
#: ... a random skill is valued as a chosen one, and a skill taken for a characteristic improvement as a skill ...
_VALUE_PLAYED: Mapping[str, object] = {"random_equals_chosen": True, "skill_instead_of_characteristic": "skill"}
#: ... TV is the players' Current Value, the staff and re-rolls, without fans or treasury; CTV leaves out who misses
#: the next game or is temporarily retired, and counts the journeymen ...
_TEAM_VALUE_PLAYED: Mapping[str, object] = {
    "includes": ["players_current_value", "staff", "rerolls"],
    "excludes": ["dedicated_fans", "treasury"],
    "ctv_excludes": ["players_missing_next_game", "temporarily_retired_players"],
    "ctv_includes_journeymen": True,
}
#: ... and in teams.toml, journeymen come from a 0-16 Lineman position, count in CTV, may take the roster past its
#: places, earn SPP, and are hired for good at their Current Value, losing Loner and keeping their SPP; a team
#: re-roll costs the roster's price (doubled after the draft), and counts in TV at that price; an Apothecary is
#: hired only by a roster that allows one.
_JOURNEYMEN_PLAYED: Mapping[str, object] = {
    "eligible_keyword": "lineman",
    "eligible_position_max": 16,
    "counts_toward_ctv": True,
    "may_exceed_max_players": True,
    "earn_spp": True,
    "hire_cost": ["hiring_fee", "value_increases"],
    "hired_loses_trait": True,
    "hired_keeps_spp": True,
}
_STAFF_PLAYED: Mapping[str, Mapping[str, object]] = {
    "reroll": {"cost_basis": "team_reroll_cost", "value_multiplier": 1},
    "apothecary": {"requires_team_apothecary": True},
}
#: A key of a prayer in ``[spp.prayers.<id>]`` -> (the match event it changes, whether its number is
#: added to the event's usual value rather than replacing it).
PRAYER_CHANGES = {
    "completion": ("completion", False),
    "catch_from_pass_bonus": ("catch", True),
    "casualty_pushed_into_crowd": ("casualty_crowd", False),
    "casualty_from_foul": ("casualty_foul", False),
}
#: The skill whose owner earns SPP for a casualty from a Special Action.
VIOLENT_INNOVATOR = "violent_innovator"
#: The key of ``[spp]`` naming the ``[spp]`` value Violent Innovator's Special Action casualty earns.
VIOLENT_INNOVATOR_KEY = "violent_innovator_special_action_casualty"


@attrs.frozen(kw_only=True)
class Level:
    """An experience level: its name and the number of advancements that reaches it."""

    id: str
    label: Label
    advancements: int


@attrs.frozen(kw_only=True)
class Advancement:
    """SPP costs by type and advancement number, the levels, and the compulsory-spending rule."""

    #: Cost of the n-th advancement (index n - 1) by type.
    costs: Mapping[str, tuple[int, ...]]
    maximum: int
    levels: tuple[Level, ...]
    #: Whether a player whose unspent SPP reach the next characteristic cost must advance (league default).
    must_advance: bool


@attrs.frozen(kw_only=True)
class Values:
    """The value increase table (gold pieces)."""

    primary: int
    secondary: int
    elite_extra: int
    elite: tuple[str, ...]
    characteristic: Mapping[str, int]


@attrs.frozen(kw_only=True)
class Prayer:
    """A Prayer to Nuffle that changes SPP."""

    id: str
    label: Label
    #: Its number on the D16 Prayers to Nuffle table.
    d16: int
    #: Match event -> (SPP, whether they are added to the event's usual value).
    changes: Mapping[str, tuple[int, bool]]

    @property
    def name(self) -> str:
        """``Perfect Passing, Prayer to Nuffle 10``: how a reason names it."""
        return f"{self.label.en}, Prayer to Nuffle {self.d16}"


@attrs.frozen(kw_only=True)
class StaffItem:
    """A kind of sideline staff (or team re-rolls): price, maximum."""

    id: str
    label: Label
    cost: int | None
    max: int
    #: Price multiplier once the team is drafted (re-rolls: 2).
    after_draft: int = 1


@attrs.frozen(kw_only=True)
class MatchLimits:
    """What one game can produce (tables.toml ``[match_limits]``): a match record with more is refused."""

    #: The turns each team plays in a game (two halves of 8).
    turns_per_team: int
    #: The most of one event a player records in one turn (a Frenzy's or a Multiple Block's two blocks).
    most_per_turn: int
    #: The lowest and highest Fan Factor a team can have: its Dedicated Fans (league range) + the fair-weather fans' die.
    fan_factor: tuple[int, int]
    #: The fair-weather fans' die, as (count, sides): the part of a Fan Factor that is rolled.
    fan_die: tuple[int, int]

    @property
    def touchdowns(self) -> int:
        """The touchdowns of both teams together: a touchdown ends its drive, so a turn sees at most one."""
        return 2 * self.turns_per_team

    @property
    def per_player(self) -> int:
        """The most of one event a player records in a game."""
        return self.most_per_turn * self.turns_per_team

    @property
    def attendance(self) -> tuple[int, int]:
        """The lowest and highest Fan Attendance: both teams' Fan Factors added."""
        low, high = self.fan_factor
        return 2 * low, 2 * high


@attrs.frozen(kw_only=True)
class Rules:
    """The numbers of the rules, as the code uses them."""

    spp: Mapping[str, int]
    brawlin_brutes: Mapping[str, int]
    #: The Prayers to Nuffle that change SPP (``[spp.prayers]``), by id.
    prayers: Mapping[str, Prayer]
    #: The key of the ``[spp]`` value a casualty from a Special Action earns its Violent Innovator (``casualty``).
    violent_innovator: str
    advancement: Advancement
    value: Values
    #: D8 result -> the characteristics it may improve.
    d8: Mapping[int, tuple[str, ...]]
    max_improvements: int
    #: A PA "-" player who improves PA gets this PA (the N of "N+").
    pa_none_improves_to: int
    #: characteristic -> (best, worst): MA/ST best is the largest, AG/PA the smallest, AV the largest.
    limits: Mapping[str, tuple[int, int]]
    budget: int
    fans: Mapping[str, int]
    winnings: Mapping[str, int]
    mistakes_threshold: int
    mistakes_bands: tuple[int, ...]
    mistakes_rows: tuple[tuple[str, ...], ...]
    #: (from, to, result, miss_next_game, niggling, lasting, dead) rows of the D16 casualty table.
    casualty: tuple[tuple[int, int, str, bool, bool, bool, bool], ...]
    #: (from, to, result, characteristic) rows of the D6 lasting injury table.
    lasting: tuple[tuple[int, int, str, str], ...]
    #: The fewest players of a drafted team (``min_players``).
    min_players: int
    max_players: int
    #: The fewest players able to play the next match that firing may leave (``min_players_after_firing``).
    min_after_firing: int = attrs.field(repr=False)  # out of the repr, which fingerprints the rules
    journeyman_trait: str
    journeyman_fill_to: int
    staff: Mapping[str, StaffItem]
    #: Minor Incident: lose (dice, sides) x multiplier.
    minor_incident: tuple[int, int, int]
    #: Major Incident: lose treasury / divisor, rounded down to a multiple of round_to.
    major_incident: tuple[int, int]
    #: Catastrophe: keep only (dice, sides) x multiplier.
    catastrophe: tuple[int, int, int]
    #: League play: points, friendlies, unplayed fixtures, prizes, the re-draft, the off-season.
    league: LeagueRules
    #: What one game can produce, checked on every match record.
    match_limits: MatchLimits


def read_prayers(r: Reader, spp: Mapping[str, Any]) -> dict[str, Prayer]:
    """The prayers of ``[spp.prayers]``: each with its label, its D16 number and at least one SPP it changes."""
    found = {}
    for ident, body, path in r.entries(spp, "prayers", "$.spp"):
        r.extra(body, ("label", "d16", *PRAYER_CHANGES), path)
        label = r.label(body, path)
        d16 = r.count(body, "d16", path, minimum=1, maximum=16, expected="a result of the D16, 1 to 16")
        changes = {}
        for key, (event, added) in PRAYER_CHANGES.items():
            value = r.count(body, key, path, default=None)
            if value is not None:
                changes[event] = (value, added)
        if not changes:
            r.problem(path, f"a prayer that changes SPP names at least one of: {', '.join(PRAYER_CHANGES)}")
        found[ident] = Prayer(id=ident, label=label, d16=d16, changes=changes)
    return found


def _violent_innovator(r: Reader, spp: Mapping[str, Any], values: Mapping[str, int]) -> str:
    """The ``[spp]`` key whose value Violent Innovator's casualty earns: it must name a number of ``[spp]``."""
    key = r.get(spp, VIOLENT_INNOVATOR_KEY, str, "$.spp")
    if key and key not in values:
        r.problem(
            f"$.spp.{VIOLENT_INNOVATOR_KEY}",
            f"expected the key of a number of [spp] such as 'casualty', got {in_toml_words(key)}",
        )
    return str(key)


def _spp(r: Reader, spp: Mapping[str, Any]) -> dict[str, int]:
    """The numbers of ``[spp]``: SPP never negative, and 1 to 6 MVP nominees (the MVP is picked with a D6); a
    Deflection's 0 (:data:`_SPP_PLAYED`) is kept among them."""
    values = {}
    for key in (*_SPP_EVENTS, "deflection"):
        if key == "deflection":
            values[key] = r.count(spp, key, "$.spp", default=0)
        elif key == "mvp_nominees":
            values[key] = r.count(spp, key, "$.spp", minimum=1, maximum=6, expected="1 to 6 nominees (a D6 picks one)")
        else:
            values[key] = r.count(spp, key, "$.spp")
    return values


def _advancement(r: Reader, adv: Mapping[str, Any]) -> Advancement:
    """Costs by type that never fall from one advancement to the next, and one level per advancement."""
    r.fixed(adv, "$.advancement", _ADVANCEMENT_PLAYED)
    r.fixed(r.table(adv, "compulsory", "$.advancement"), "$.advancement.compulsory", _COMPULSORY_PLAYED)
    maximum = r.count(adv, "max_advancements", "$.advancement", minimum=1)
    cost = r.table(adv, "cost", "$.advancement")
    costs = {}
    for kind in ADVANCEMENT_TYPES:
        costs[kind] = r.ints(cost, kind, "$.advancement.cost", length=maximum)
        floor = 1
        for n, spp in enumerate(costs[kind]):
            expected = f"SPP >= {floor} (an advancement costs no less than the one before)" if n else None
            r.within(f"$.advancement.cost.{kind}[{n}]", spp, floor, expected=expected)
            floor = max(floor, spp)
    levels = []
    for level, path in r.rows(adv, "levels", "$.advancement", "a level's table"):
        levels.append(
            Level(
                id=r.get(level, "id", str, path),
                label=r.label(level, path),
                advancements=r.get(level, "advancements", int, path),
            )
        )
    if [lv.advancements for lv in levels] != list(range(1, len(levels) + 1)) or len(levels) != maximum:
        r.problem("$.advancement.levels", f"expected one level for each advancement 1..{maximum}")
    return Advancement(
        costs=costs,
        maximum=maximum,
        levels=tuple(levels),
        must_advance=r.get(adv, "must_advance_default", bool, "$.advancement"),
    )


def _d8(r: Reader, improvement: Mapping[str, Any]) -> dict[int, tuple[str, ...]]:
    raw_rows = r.get(improvement, "rows", dict, "$.characteristic_improvement")
    d8 = {}
    for key, row in raw_rows.items():
        where = f"$.characteristic_improvement.rows.{key}"
        if not ascii_number(key) or not 1 <= int(key) <= 8:
            r.problem(where, f"expected a D8 result from 1 to 8 as a row's key, got {in_toml_words(key)}")
            continue
        if not isinstance(row, list) or not all(isinstance(c, str) and c in _CHARACTERISTICS for c in row):
            expected = f"a list of the characteristics the result improves ({', '.join(_CHARACTERISTICS)})"
            r.problem(where, f"expected {expected}, got {in_toml_words(row)}")
            continue
        d8[int(key)] = tuple(row)
    if sorted(d8) != list(range(1, 9)):
        r.problem("$.characteristic_improvement.rows", "expected one row for each D8 result 1..8")
    return d8


def _limits(r: Reader, limits_raw: Mapping[str, Any]) -> dict[str, tuple[int, int]]:
    """(best, worst) of each characteristic: MA and ST from 1 up, AG and PA a D6 target (best the smaller), AV a
    2D6 target (2 to 12, best the larger)."""
    limits = {}
    for c in _CHARACTERISTICS:
        row = r.get(limits_raw, c, dict, "$.characteristic_limits")
        where = f"$.characteristic_limits.{c}"
        if c in ("ag", "pa"):
            best = r.count(row, "best", where, minimum=1, maximum=6, expected="a target on the D6, 1 to 6")
            worst = r.count(row, "worst", where, minimum=best, maximum=6, expected=f"a target from best ({best}) to 6")
        else:
            low, high = (2, 12) if c == "av" else (1, None)
            worst = r.count(row, "worst", where, minimum=low, maximum=high)
            best = r.count(row, "best", where, minimum=worst, maximum=high, expected=f"a value >= worst ({worst})")
        limits[c] = (best, worst)
    return limits


def _staff(tr: Reader, teams: Mapping[str, Any]) -> dict[str, StaffItem]:
    staff = {}
    for ident, body, path in tr.tables(teams, "staff", "$", "a staff entry's table"):
        tr.fixed(body, path, _STAFF_PLAYED.get(ident, {}))
        staff[ident] = StaffItem(
            id=ident,
            label=tr.label(body, path),
            cost=tr.count(body, "cost", path, default=None),
            max=tr.count(body, "max", path),
            after_draft=tr.count(body, "price_multiplier_after_draft", path, default=1, minimum=1),
        )
    return staff


def read_rules(r: Reader, tables: Mapping[str, Any], teams: Mapping[str, Any], tr: Reader) -> Rules:
    """Read the rule tables; problems go to ``r`` (tables.toml) and ``tr`` (teams.toml).

    Every number is checked for its range as it is read (see the helpers above and
    :func:`~progression_bloodbowl.data.league_rules.read_league`): nothing the code divides by is under 1, nothing it
    compares to a die lies off the die, no count or price is negative.
    """
    spp = r.table(tables, "spp", "$")
    r.fixed(spp, "$.spp", _SPP_PLAYED)
    spp_values = _spp(r, spp)
    brutes = {k: r.count(r.table(spp, "brawlin_brutes", "$.spp"), k, "$.spp.brawlin_brutes") for k in _BRUTES}
    value = r.table(tables, "value_increase", "$")
    r.fixed(value, "$.value_increase", _VALUE_PLAYED)
    r.fixed(r.table(tables, "team_value", "$"), "$.team_value", _TEAM_VALUE_PLAYED)
    values = Values(
        primary=r.count(value, "primary_skill", "$.value_increase"),
        secondary=r.count(value, "secondary_skill", "$.value_increase"),
        elite_extra=r.count(value, "elite_skill_extra", "$.value_increase"),
        elite=r.strings(value, "elite_skills", "$.value_increase"),
        characteristic={c: r.count(value, c, "$.value_increase") for c in _CHARACTERISTICS},
    )
    improvement = r.table(tables, "characteristic_improvement", "$")
    r.fixed(improvement, "$.characteristic_improvement", _IMPROVEMENT_PLAYED)
    limits = _limits(r, r.table(tables, "characteristic_limits", "$"))
    pa_best, pa_worst = limits["pa"]
    mistakes = r.table(tables, "expensive_mistakes", "$")
    r.fixed(mistakes, "$.expensive_mistakes", _MISTAKES_PLAYED)
    threshold, bands, rows = read_mistakes(r, mistakes)
    roster = tr.table(teams, "roster_rules", "$")
    journeymen = tr.table(roster, "journeymen", "$.roster_rules")
    tr.fixed(journeymen, "$.roster_rules.journeymen", _JOURNEYMEN_PLAYED)
    fewest = tr.count(roster, "min_players_after_firing", "$.roster_rules", minimum=1)
    most = tr.count(
        roster,
        "max_players",
        "$.roster_rules",
        minimum=fewest,
        expected=f"an integer >= min_players_after_firing ({fewest})",
    )
    fine_most = tr.fine("$.roster_rules.max_players")
    drafted = tr.count(roster, "min_players", "$.roster_rules", minimum=1, maximum=most if fine_most else None)
    fill_to = tr.count(
        journeymen, "fill_to", "$.roster_rules.journeymen", minimum=1, maximum=most if fine_most else None
    )
    available = tr.count(journeymen, "max_available", "$.roster_rules.journeymen", default=fill_to)
    if tr.fine("$.roster_rules.journeymen.fill_to") and available != fill_to:
        tr.problem(
            "$.roster_rules.journeymen.max_available",
            f"expected {fill_to}, as fill_to (journeymen join until {fill_to} players can play, never more), "
            f"got {available}",
        )
    fans = r.table(tables, "dedicated_fans", "$")
    r.fixed(fans, "$.dedicated_fans", _FANS_PLAYED)
    fans_min = r.count(fans, "min", "$.dedicated_fans")
    fans_max = r.count(fans, "max", "$.dedicated_fans", minimum=fans_min, expected=f"an integer >= min ({fans_min})")
    fans_top = fans_max if r.fine("$.dedicated_fans.max") else None
    fans_start = r.count(fans, "start", "$.dedicated_fans", minimum=fans_min, maximum=fans_top)
    winnings = r.table(tables, "winnings", "$")
    fan_die = r.dice(winnings, "fan_factor_die", "$.winnings")
    game = r.table(tables, "match_limits", "$")
    match_limits = MatchLimits(
        turns_per_team=r.count(game, "turns_per_team", "$.match_limits", minimum=1),
        most_per_turn=r.count(game, "most_per_turn", "$.match_limits", minimum=1),
        fan_factor=(fans_min + fan_die[0], fans_max + fan_die[0] * fan_die[1]),
        fan_die=fan_die,
    )
    major = r.table(mistakes, "major_incident", "$.expensive_mistakes")
    return Rules(
        spp=spp_values,
        brawlin_brutes=brutes,
        prayers=read_prayers(r, spp),
        violent_innovator=_violent_innovator(r, spp, spp_values),
        advancement=_advancement(r, r.table(tables, "advancement", "$")),
        value=values,
        d8=_d8(r, improvement),
        max_improvements=r.count(improvement, "max_improvements_per_characteristic", "$.characteristic_improvement"),
        pa_none_improves_to=r.count(
            improvement, "pa_none_improves_to", "$.characteristic_improvement", minimum=pa_best, maximum=pa_worst
        ),
        limits=limits,
        budget=r.count(r.table(tables, "draft", "$"), "budget", "$.draft"),
        fans={
            "start": fans_start,
            "max_at_draft": r.count(
                fans,
                "max_at_draft",
                "$.dedicated_fans",
                minimum=fans_start,
                maximum=fans_top,
            ),
            "cost_per_point": r.count(fans, "cost_per_point", "$.dedicated_fans"),
            "min": fans_min,
            "max": fans_max,
        },
        winnings={
            "fan_attendance_divisor": r.count(winnings, "fan_attendance_divisor", "$.winnings", minimum=1),
            **{k: r.count(winnings, k, "$.winnings") for k in ("per_own_touchdown", "no_stalling_bonus", "multiplier")},
        },
        mistakes_threshold=threshold,
        mistakes_bands=bands,
        mistakes_rows=rows,
        casualty=read_casualty(r, tables),
        lasting=read_lasting(r, tables),
        min_players=drafted,
        max_players=most,
        min_after_firing=fewest,
        journeyman_trait=tr.get(journeymen, "trait", str, "$.roster_rules.journeymen"),
        journeyman_fill_to=fill_to,
        staff=_staff(tr, teams),
        minor_incident=read_incident(r, mistakes, "minor_incident", "lose_dice"),
        major_incident=(
            r.count(major, "lose_fraction_divisor", "$.expensive_mistakes.major_incident", minimum=1),
            r.count(major, "round_down_to", "$.expensive_mistakes.major_incident", minimum=1),
        ),
        catastrophe=read_incident(r, mistakes, "catastrophe", "keep_dice"),
        league=read_league(r, tables, most_mvps=spp_values["mvp_nominees"] if r.fine("$.spp.mvp_nominees") else None),
        match_limits=match_limits,
    )
