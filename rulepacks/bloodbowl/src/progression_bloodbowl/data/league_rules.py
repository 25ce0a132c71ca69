"""The league tables of tables.toml, typed: league points, friendlies, unplayed fixtures, prizes, the re-draft,
the off-season and the post-game sequence."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from .reading import Reader, in_toml_words

__all__ = ["BONUSES", "Concession", "LeagueRules", "Recovery", "read_league"]

#: The optional bonus points the pack knows, by their key in ``[league_points].optional_bonus``:
#: (what is measured, the threshold, whether the measure must reach it (True) or not exceed it (False)).
BONUSES: Mapping[str, tuple[str, int, bool]] = {
    "scored_3_plus_touchdowns": ("touchdowns scored", 3, True),
    "conceded_0_touchdowns": ("touchdowns conceded", 0, False),
    "caused_3_plus_spp_casualties": ("SPP-earning casualties caused", 3, True),
}


@attrs.frozen(kw_only=True)
class Recovery:
    """An off-season roll: a die of ``sides`` reaching ``target`` succeeds, ``apothecary_bonus`` added with an Apothecary."""

    sides: int
    target: int
    apothecary_bonus: int = 0


@attrs.frozen(kw_only=True)
class Concession:
    """What conceding a match costs and gives (``[concede]``)."""

    #: The score a concession records: the other side wins ``winner``-``loser``, or X-0 when it had scored more.
    winner: int
    loser: int
    #: MVP awards of the conceding team and of the side it conceded to.
    conceding_mvps: int
    opponent_mvps: int
    #: The side conceded to earns (Fan Attendance / divisor + touchdowns x per_touchdown) x multiplier.
    opponent_winnings: tuple[int, int, int]
    #: Whether the conceding team loses the SPP its players earned in the match.
    loses_spp: bool
    #: The die the conceding team's Dedicated Fans lose (a D3: 1 to 3, never below the minimum).
    fans_die: int
    #: Each player with at least ``quit_advancements`` rolls a D``quit_die``; he leaves on any of ``quit_on``.
    quit_advancements: int
    quit_die: int
    quit_on: tuple[int, ...]


@attrs.frozen(kw_only=True)
class LeagueRules:
    """The numbers of league play the season code reads."""

    #: win, draw, loss -> league points.
    points: Mapping[str, int]
    #: Bonus key (see :data:`BONUSES`) -> points.
    bonus: Mapping[str, int]
    #: Whether a league counts the bonus points unless it says otherwise.
    bonus_default: bool
    friendly_spp: bool
    friendly_points: bool
    friendly_winnings: bool
    #: The result every casualty of a friendly game counts as.
    friendly_casualty: str
    unplayed_mvps: int
    unplayed_winnings: int
    #: When one side concedes an unplayed fixture: the other side's MVPs, winnings dice (count, sides) and multiplier.
    unplayed_concede_mvps: int
    unplayed_concede_dice: tuple[int, int]
    unplayed_concede_multiplier: int
    #: Play-off prizes by place (1st, 2nd, 3rd).
    prizes: tuple[int, ...]
    trophy_reroll: bool
    base_budget: int
    add_treasury: bool
    per_fixture: int
    per_win: int
    per_draw: int
    recommended_cap: int
    agent_fee: int
    miss_next_cleared: bool
    niggling: Recovery
    hatred: Recovery
    retirement: Recovery
    #: The post-game sequence, in order (compared with ``match.postmatch.STAGES``).
    post_game: tuple[str, ...]
    concession: Concession


def _concession(r: Reader, tables: Mapping[str, Any], most_mvps: int | None) -> Concession:
    path = "$.concede"
    body = r.table(tables, "concede", "$")
    # A team that cannot set up 3 players on the Line of Scrimmage concedes without penalty (``without_penalty``).
    r.fixed(body, path, {"no_penalty_if_los_players_below": 3})
    paid = r.get(body, "opponent_winnings", dict, path)
    quits = r.get(body, "quit_check", dict, path)
    if r.get(body, "conceding_team_winnings", int, path) != 0:
        r.problem(f"{path}.conceding_team_winnings", "the pack knows only 0 (a conceding team earns no winnings)")
    loser = r.count(body, "loser_score", path)
    mvps = _mvps(most_mvps)
    quit_die = r.dice(quits, "die", f"{path}.quit_check")[1]
    return Concession(
        winner=r.count(body, "winner_score", path, minimum=loser + 1, expected=f"a score above loser_score ({loser})"),
        loser=loser,
        conceding_mvps=r.count(body, "conceding_team_mvps", path, maximum=most_mvps, expected=mvps),
        opponent_mvps=r.count(body, "opponent_mvps", path, maximum=most_mvps, expected=mvps),
        opponent_winnings=(
            r.count(paid, "fan_attendance_divisor", f"{path}.opponent_winnings", minimum=1),
            r.count(paid, "per_own_touchdown", f"{path}.opponent_winnings"),
            r.count(paid, "multiplier", f"{path}.opponent_winnings"),
        ),
        loses_spp=r.get(body, "conceding_team_loses_game_spp", bool, path),
        fans_die=r.dice(body, "dedicated_fans_loss_dice", path)[1],
        quit_advancements=r.count(quits, "min_advancements", f"{path}.quit_check"),
        quit_die=quit_die,
        quit_on=r.faces(quits, "leaves_on", f"{path}.quit_check", quit_die),
    )


def _mvps(most: int | None) -> str | None:
    """What a number of MVPs is expected to be: at most the nominees (no message of its own when they are unknown)."""
    return None if most is None else f"a number of MVPs from 0 to {most} ([spp].mvp_nominees)"


def _recovery(r: Reader, table: Mapping[str, Any], key: str, path: str) -> Recovery:
    body = r.get(table, key, dict, path)
    where = f"{path}.{key}"
    sides = r.dice(body, "die", where)[1]
    return Recovery(
        sides=sides,
        target=r.roll_target(body, "target", where, sides),
        apothecary_bonus=r.count(body, "apothecary_bonus", where, default=0),
    )


def _points(r: Reader, points: Mapping[str, Any]) -> dict[str, int]:
    """League points for a win, a draw and a loss: none negative, a draw worth no more than a win, a loss no more
    than a draw."""
    path = "$.league_points"
    win = r.count(points, "win", path)
    top = win if r.fine(f"{path}.win") else None
    draw = r.count(points, "draw", path, maximum=top, expected=None if top is None else f"points from 0 to win ({win})")
    top = draw if r.fine(f"{path}.draw") and top is not None else None
    loss = r.count(
        points, "loss", path, maximum=top, expected=None if top is None else f"points from 0 to draw ({draw})"
    )
    return {"win": win, "draw": draw, "loss": loss}


def read_league(r: Reader, tables: Mapping[str, Any], *, most_mvps: int | None = 6) -> LeagueRules:
    """Read the league tables of tables.toml; problems go to ``r``.

    Every number is checked for its range: counts and prices are never negative, a divisor is at
    least 1, a target or a face lies on its die, a cap is at least the budget it caps, and no
    side is given more MVPs than ``most_mvps`` (the nominees of ``[spp]``; None when they are unreadable).
    """
    points = r.table(tables, "league_points", "$")
    bonus = r.get(points, "optional_bonus", dict, "$.league_points")
    for key, value in bonus.items():
        if key not in BONUSES:
            r.problem(f"$.league_points.optional_bonus.{key}", f"unknown bonus; the pack knows {', '.join(BONUSES)}")
        elif isinstance(value, bool) or not isinstance(value, int) or value < 0:
            r.problem(
                f"$.league_points.optional_bonus.{key}", f"expected a number of points >= 0, got {in_toml_words(value)}"
            )
    friendly = r.table(tables, "friendly_game", "$")
    unplayed = r.table(tables, "unplayed_fixture", "$")
    if r.get(unplayed, "result", str, "$.unplayed_fixture") != "loss_both":
        r.problem("$.unplayed_fixture.result", "the pack knows only 'loss_both' (a loss for both teams)")
    concede = r.get(unplayed, "if_one_concedes", dict, "$.unplayed_fixture")
    prizes = r.table(tables, "prizes", "$")
    redraft = r.table(tables, "redraft", "$")
    off = r.table(tables, "off_season", "$")
    post = r.table(tables, "post_game", "$")
    base_budget = r.count(redraft, "base_budget", "$.redraft")
    return LeagueRules(
        points=_points(r, points),
        bonus={k: v for k, v in bonus.items() if k in BONUSES and isinstance(v, int) and v >= 0},
        bonus_default=r.get(points, "optional_bonus_default", bool, "$.league_points"),
        friendly_spp=r.get(friendly, "spp", bool, "$.friendly_game"),
        friendly_points=r.get(friendly, "league_points", bool, "$.friendly_game"),
        friendly_winnings=r.get(friendly, "winnings", bool, "$.friendly_game"),
        friendly_casualty=r.get(friendly, "casualty_result", str, "$.friendly_game"),
        unplayed_mvps=r.count(unplayed, "mvps", "$.unplayed_fixture", maximum=most_mvps, expected=_mvps(most_mvps)),
        unplayed_winnings=r.count(unplayed, "winnings", "$.unplayed_fixture"),
        unplayed_concede_mvps=r.count(
            concede,
            "other_team_mvps",
            "$.unplayed_fixture.if_one_concedes",
            maximum=most_mvps,
            expected=_mvps(most_mvps),
        ),
        unplayed_concede_dice=r.dice(concede, "winnings_dice", "$.unplayed_fixture.if_one_concedes"),
        unplayed_concede_multiplier=r.count(concede, "multiplier", "$.unplayed_fixture.if_one_concedes"),
        prizes=tuple(r.count(prizes, k, "$.prizes") for k in ("first", "second", "third")),
        trophy_reroll=r.get(prizes, "league_trophy_free_reroll", bool, "$.prizes"),
        base_budget=base_budget,
        add_treasury=r.get(redraft, "add_treasury", bool, "$.redraft"),
        per_fixture=r.count(redraft, "per_fixture_played", "$.redraft"),
        per_win=r.count(redraft, "per_win", "$.redraft"),
        per_draw=r.count(redraft, "per_draw", "$.redraft"),
        recommended_cap=r.count(
            redraft,
            "recommended_cap",
            "$.redraft",
            minimum=base_budget,
            expected=f"a cap >= base_budget ({base_budget:,})",
        ),
        agent_fee=r.count(redraft, "agent_fee_per_previous_season", "$.redraft"),
        miss_next_cleared=r.get(off, "miss_next_game_cleared", bool, "$.off_season"),
        niggling=_recovery(r, off, "niggling_injury_removal", "$.off_season"),
        hatred=_recovery(r, off, "gained_hatred_loss", "$.off_season"),
        retirement=_recovery(r, off, "temporary_retirement_reduction_removal", "$.off_season"),
        post_game=r.strings(post, "sequence", "$.post_game"),
        concession=_concession(r, tables, most_mvps),
    )
