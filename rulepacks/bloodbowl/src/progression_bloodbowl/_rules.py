"""The rule tables the code reads (tables.toml, and the roster rules and staff of teams.toml), typed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from progression import Label

from ._league_rules import LeagueRules, read_league
from ._reading import Reader, ascii_number

__all__ = ["Advancement", "Level", "Prayer", "Rules", "StaffItem", "Values", "read_rules"]

ADVANCEMENT_TYPES = ("random_primary", "chosen_primary", "chosen_secondary", "characteristic")
_CHARACTERISTICS = ("ma", "st", "ag", "pa", "av")
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
    min_players: int
    max_players: int
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


def _ranges(r: Reader, rows: Any, path: str, keys: tuple[str, ...]) -> list[dict[str, Any]]:
    out = []
    for index, row in enumerate(rows if isinstance(rows, list) else []):
        where = f"{path}[{index}]"
        if not isinstance(row, dict):
            r.problem(where, f"expected a row table, got {row!r:.40}")
            continue
        out.append({k: row.get(k) for k in keys})
        for key in ("from", "to"):
            r.get(row, key, int, where)
    return out


def read_prayers(r: Reader, spp: Mapping[str, Any]) -> dict[str, Prayer]:
    """The prayers of ``[spp.prayers]``: each with its label, its D16 number and at least one SPP it changes."""
    found = {}
    for ident, body, path in r.entries(spp, "prayers", "$.spp"):
        r.extra(body, ("label", "d16", *PRAYER_CHANGES), path)
        label = r.label(body, path)
        d16 = r.count(body, "d16", path, minimum=1)
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
            f"$.spp.{VIOLENT_INNOVATOR_KEY}", f"expected the key of a number of [spp] such as 'casualty', got {key!r}"
        )
    return str(key)


def read_rules(r: Reader, tables: Mapping[str, Any], teams: Mapping[str, Any], tr: Reader) -> Rules:
    """Read the rule tables; problems go to ``r`` (tables.toml) and ``tr`` (teams.toml)."""
    spp = r.table(tables, "spp", "$")
    spp_values = {k: v for k, v in spp.items() if isinstance(v, int) and not isinstance(v, bool)}
    for key in ("completion", "throw_team_mate_superb_and_landed", "thrown_player_landing", "interception"):
        r.get(spp, key, int, "$.spp")
    for key in ("casualty", "touchdown", "mvp", "mvp_nominees"):
        r.get(spp, key, int, "$.spp")
    brutes = {
        k: r.get(spp.get("brawlin_brutes", {}), k, int, "$.spp.brawlin_brutes") for k in ("casualty", "touchdown")
    }

    adv = r.table(tables, "advancement", "$")
    cost = r.table(adv, "cost", "$.advancement")
    maximum = r.get(adv, "max_advancements", int, "$.advancement")
    costs = {t: r.ints(cost, t, "$.advancement.cost", length=maximum) for t in ADVANCEMENT_TYPES}
    levels = []
    for n, level in enumerate(r.get(adv, "levels", list, "$.advancement")):
        path = f"$.advancement.levels[{n}]"
        levels.append(
            Level(
                id=r.get(level, "id", str, path),
                label=r.label(level, path),
                advancements=r.get(level, "advancements", int, path),
            )
        )
    if [lv.advancements for lv in levels] != list(range(1, maximum + 1)):
        r.problem("$.advancement.levels", f"expected one level for each advancement 1..{maximum}")

    value = r.table(tables, "value_increase", "$")
    values = Values(
        primary=r.get(value, "primary_skill", int, "$.value_increase"),
        secondary=r.get(value, "secondary_skill", int, "$.value_increase"),
        elite_extra=r.get(value, "elite_skill_extra", int, "$.value_increase"),
        elite=r.strings(value, "elite_skills", "$.value_increase"),
        characteristic={c: r.get(value, c, int, "$.value_increase") for c in _CHARACTERISTICS},
    )

    improvement = r.table(tables, "characteristic_improvement", "$")
    raw_rows = r.get(improvement, "rows", dict, "$.characteristic_improvement")
    d8 = {}
    for key, row in raw_rows.items():
        listed = isinstance(row, list) and all(isinstance(c, str) and c in _CHARACTERISTICS for c in row)
        if not ascii_number(key) or not 1 <= int(key) <= 8 or not listed:
            r.problem(
                f"$.characteristic_improvement.rows.{key}", f"expected a D8 result with characteristics, got {row!r}"
            )
            continue
        d8[int(key)] = tuple(row)
    if sorted(d8) != list(range(1, 9)):
        r.problem("$.characteristic_improvement.rows", "expected one row for each D8 result 1..8")
    limits_raw = r.table(tables, "characteristic_limits", "$")
    limits = {}
    for c in _CHARACTERISTICS:
        row = r.get(limits_raw, c, dict, "$.characteristic_limits")
        limits[c] = (
            r.get(row, "best", int, f"$.characteristic_limits.{c}"),
            r.get(row, "worst", int, f"$.characteristic_limits.{c}"),
        )

    mistakes = r.table(tables, "expensive_mistakes", "$")
    bands = tuple(
        r.get(b, "from", int, "$.expensive_mistakes.bands")
        for b in r.get(mistakes, "bands", list, "$.expensive_mistakes")
    )
    rows = []
    for index, row in enumerate(r.get(mistakes, "rows", list, "$.expensive_mistakes")):
        if isinstance(row, list) and all(isinstance(result, str) for result in row):
            rows.append(tuple(row))
        else:
            r.problem(f"$.expensive_mistakes.rows[{index}]", f"expected a list of result ids, got {row!r}")
    if len(rows) != 6 or any(len(row) != len(bands) for row in rows):
        r.problem("$.expensive_mistakes.rows", f"expected 6 rows of {len(bands)} results")

    casualty = r.table(tables, "casualty", "$")
    cas_rows = tuple(
        (
            row["from"],
            row["to"],
            row["result"],
            bool(row["miss_next_game"]),
            bool(row["niggling"]),
            bool(row["lasting"]),
            bool(row["dead"]),
        )
        for row in _ranges(
            r,
            casualty.get("ranges"),
            "$.casualty.ranges",
            ("from", "to", "result", "miss_next_game", "niggling", "lasting", "dead"),
        )
    )
    lasting = tuple(
        (row["from"], row["to"], row["result"], row["characteristic"])
        for row in _ranges(
            r,
            r.table(tables, "lasting_injury", "$").get("rows"),
            "$.lasting_injury.rows",
            ("from", "to", "result", "characteristic"),
        )
    )

    roster = tr.table(teams, "roster_rules", "$")
    journeymen = tr.table(roster, "journeymen", "$.roster_rules")
    staff = {}
    for ident, body in tr.table(teams, "staff", "$").items():
        path = f"$.staff.{ident}"
        staff[ident] = StaffItem(
            id=ident,
            label=tr.label(body, path),
            cost=tr.get(body, "cost", int, path, default=None),
            max=tr.get(body, "max", int, path),
            after_draft=tr.get(body, "price_multiplier_after_draft", int, path, default=1),
        )
    fans = r.table(tables, "dedicated_fans", "$")
    winnings = r.table(tables, "winnings", "$")
    path_m = "$.expensive_mistakes"
    minor = r.table(mistakes, "minor_incident", path_m)
    major = r.table(mistakes, "major_incident", path_m)
    catastrophe = r.table(mistakes, "catastrophe", path_m)
    return Rules(
        spp=spp_values,
        brawlin_brutes=brutes,
        prayers=read_prayers(r, spp),
        violent_innovator=_violent_innovator(r, spp, spp_values),
        advancement=Advancement(
            costs=costs,
            maximum=maximum,
            levels=tuple(levels),
            must_advance=r.get(adv, "must_advance_default", bool, "$.advancement"),
        ),
        value=values,
        d8=d8,
        max_improvements=r.get(improvement, "max_improvements_per_characteristic", int, "$.characteristic_improvement"),
        pa_none_improves_to=r.get(improvement, "pa_none_improves_to", int, "$.characteristic_improvement"),
        limits=limits,
        budget=r.get(r.table(tables, "draft", "$"), "budget", int, "$.draft"),
        fans={
            k: r.get(fans, k, int, "$.dedicated_fans")
            for k in ("start", "max_at_draft", "cost_per_point", "min", "max")
        },
        winnings={
            k: r.get(winnings, k, int, "$.winnings")
            for k in ("fan_attendance_divisor", "per_own_touchdown", "no_stalling_bonus", "multiplier")
        },
        mistakes_threshold=r.get(mistakes, "threshold", int, "$.expensive_mistakes"),
        mistakes_bands=bands,
        mistakes_rows=tuple(rows),
        casualty=cas_rows,
        lasting=lasting,
        min_players=tr.get(roster, "min_players_after_firing", int, "$.roster_rules"),
        max_players=tr.get(roster, "max_players", int, "$.roster_rules"),
        journeyman_trait=tr.get(journeymen, "trait", str, "$.roster_rules.journeymen"),
        journeyman_fill_to=tr.get(journeymen, "fill_to", int, "$.roster_rules.journeymen"),
        staff=staff,
        minor_incident=(
            *r.dice(minor, "lose_dice", path_m + ".minor_incident"),
            r.get(minor, "multiplier", int, path_m + ".minor_incident"),
        ),
        major_incident=(
            r.get(major, "lose_fraction_divisor", int, path_m + ".major_incident"),
            r.get(major, "round_down_to", int, path_m + ".major_incident"),
        ),
        catastrophe=(
            *r.dice(catastrophe, "keep_dice", path_m + ".catastrophe"),
            r.get(catastrophe, "multiplier", int, path_m + ".catastrophe"),
        ),
        league=read_league(r, tables),
    )
