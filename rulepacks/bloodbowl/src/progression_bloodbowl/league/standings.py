"""A league's table: league points, standings and play-off prizes, from each team's results
(:mod:`progression_bloodbowl.team.results`).

Recording a match writes its result on the team's ledger, as the tag ``result`` of the entry
that counts it (:func:`~progression_bloodbowl.match.record.result_tag`): the score, the SPP-earning
casualties caused, and whether it was a friendly, an unplayed fixture or conceded. The standings
are derived from those entries, season by season, so they never disagree with the teams and
undoing a match takes it out of the table too. The entry's reason says the same for people; it is
never read back.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from progression import Effect, RulePack, Sheet, Work, operation
from progression.errors import InvalidInput, RequirementNotMet, Sentence

from ..data.access import data_of
from ..data.league_rules import BONUSES, LeagueRules
from ..team.results import Result, check_season, check_team, results, season_of, season_reached
from ..team.sequence import WAY_BACK, check_ended
from ..team.values import Explanation, Item
from .cross_check import cross_check

__all__ = ["Result", "Standing", "award_prize", "league_points", "lose_trophy", "standings", "standings_lines"]

_PLACES = ("1st", "2nd", "3rd")


@attrs.frozen(kw_only=True)
class Standing:
    """A team's line in the league table; ``explanation`` lists every point."""

    team: str
    #: The season the line counts.
    season: int
    played: int
    won: int
    drawn: int
    lost: int
    scored: int
    against: int
    casualties: int
    bonus: int
    explanation: Explanation

    @property
    def points(self) -> int:
        """League points: results and bonus points."""
        return self.explanation.total

    @property
    def difference(self) -> int:
        """Touchdowns scored less touchdowns conceded."""
        return self.scored - self.against


def _counts(league: LeagueRules, result: Result) -> bool:
    """Whether ``result`` is in the league table: the regular season's fixtures (friendlies when the league
    counts them), never a play-off game, which decides the prizes, not the table."""
    if result.kind == "playoff":
        return False
    return result.kind != "friendly" or league.friendly_points


def _bonus_items(league: LeagueRules, result: Result) -> list[Item]:
    if result.kind == "unplayed" or result.conceded == "us":
        return []  # no game played, or a conceding team: no bonus points
    measures = {
        "touchdowns scored": result.scored,
        "touchdowns conceded": result.against,
        "SPP-earning casualties caused": result.casualties,
    }
    items = []
    for key, points in league.bonus.items():
        what, threshold, reach = BONUSES[key]
        value = measures[what]
        if value >= threshold if reach else value <= threshold:
            rule = f"bonus: {threshold}{'+' if reach else ''} {what}"
            items.append(Item(label=f"match {result.number}: {value} {what}", amount=points, rule=rule))
    return items


def league_points(pack: RulePack, team: Sheet, *, season: int | None = None, bonus: bool | None = None) -> Explanation:
    """A team's league points in ``season``: each result (win 3, draw 1, loss 0) and, when the league counts them
    (``bonus``, off by default), +1 for 3+ touchdowns scored, for 0 conceded and for 3+ SPP-earning casualties.

    Friendlies earn no points; an unplayed fixture is a loss, or a win for the side the other conceded it to. A
    play-off game earns none: league points are the regular season's, and the play-offs decide the prizes.

    Raises:
        InvalidInput: a sheet that is not a league team, a season the team has not reached
            (:func:`~progression_bloodbowl.team.results.season_reached`: a whole number from 1 to the season it
            plays), a ``bonus`` that is not a bool or None.
    """
    wanted = check_season(team, season, "league points")
    return _points(pack, team, wanted, _with_bonus(pack, bonus), results(team, season=wanted))


def _with_bonus(pack: RulePack, bonus: object) -> bool:
    """Whether bonus points count: ``bonus``, or the league's default for None."""
    if bonus is not None and not isinstance(bonus, bool):
        msg = f"bonus is whether bonus points count: True, False or None (the league's default), got {bonus!r:.60}"
        raise InvalidInput(msg)
    return data_of(pack).rules.league.bonus_default if bonus is None else bonus


def _points(pack: RulePack, team: Sheet, season: int, with_bonus: bool, found: Iterable[Result]) -> Explanation:
    """The league points of ``found``, the team's results in ``season``, checked."""
    league = data_of(pack).rules.league
    items = []
    for result in found:
        if not _counts(league, result):
            continue
        kind = {"unplayed": " (unplayed)", "friendly": " (friendly)"}.get(result.kind, "")
        items.append(
            Item(
                label=f"match {result.number} against {result.opponent}: {result.outcome} {result.scored}-{result.against}{kind}",
                amount=league.points[result.outcome],
                rule=f"league points: a {result.outcome}",
            )
        )
        if with_bonus:
            items.extend(_bonus_items(league, result))
    return Explanation(what=f"league points of {team.name} in season {season}", items=tuple(items))


def _standing(pack: RulePack, team: Sheet, season: int, found: tuple[Result, ...], with_bonus: bool) -> Standing:
    league = data_of(pack).rules.league
    counted = [r for r in found if _counts(league, r)]
    explanation = _points(pack, team, season, with_bonus, found)
    return Standing(
        team=team.name,
        season=season,
        played=len(counted),
        won=sum(r.outcome == "win" for r in counted),
        drawn=sum(r.outcome == "draw" for r in counted),
        lost=sum(r.outcome == "loss" for r in counted),
        scored=sum(r.scored for r in counted),
        against=sum(r.against for r in counted),
        casualties=sum(r.casualties for r in counted),
        bonus=sum(i.amount for i in explanation.items if i.rule.startswith("bonus")),
        explanation=explanation,
    )


def standings(
    pack: RulePack, teams: Iterable[Sheet], *, season: int | None = None, bonus: bool | None = None
) -> tuple[Standing, ...]:
    """The league table of ``teams`` in ``season`` (by default the season the teams play, which must be the same):
    the regular season's fixtures; play-off games (``kind="playoff"``) are left out, as they decide the prizes.

    Ordered by league points, then touchdown difference, then touchdowns scored, then SPP-earning
    casualties caused, then name: the reference gives no tie-break, these are the pack's (see the rulings).
    A team that has not reached ``season`` (a later one of another team) has played none of it. No teams (a
    league without teams yet) make a table without rows, ``()``, of any season: it is not refused, as
    ``League.standings`` and ``league standings`` ("no standings yet") answer a league without teams.

    The teams' results are checked against each other first
    (:func:`~progression_bloodbowl.league.cross_check.cross_check`): a match between two teams of the table is
    recorded by both, the score reversed.

    Raises:
        InvalidInput: a sheet that is not a team, a Matched Play team, two teams of the same name, or, without
            ``season``, teams that play different seasons (naming who plays which); a ``season`` no team has
            reached (:func:`~progression_bloodbowl.team.results.season_reached`, up to the latest of the teams',
            naming who plays which).
        ResultsDisagree: a result against a team of the table that this team does not mirror (both won match 1
            against each other, or one has no match 1), naming each match, each team and what each recorded.

    Warns:
        UnmatchedOpponent: a result against a team that is none of the table's but whose name is close to one's
            (``Altdorf Anvil`` beside ``Altdorf Anvils``): likely that team misspelt, whose match counts for nobody.
    """
    if isinstance(teams, Sheet) or not isinstance(teams, Iterable):
        msg = f"expected the league's team sheets (a list) to rank, got {type(teams).__name__}"
        raise InvalidInput(msg)
    given = [check_team(team, "standings") for team in teams]
    with_bonus = _with_bonus(pack, bonus)
    if not given:  # a league without teams yet has a table without rows, not a refusal; a season is still one
        if season is not None and (isinstance(season, bool) or not isinstance(season, int) or season < 1):
            msg = f"the season asked is a whole number from 1 (there are no teams to rank), got {season!r:.60}"
            raise InvalidInput(msg)
        return ()
    names = [team.name for team in given]
    try:
        wanted = _same_season(given) if season is None else _reached(given, season)
    except InvalidInput as refused:  # it names who plays which season: every team
        refused.sheets = tuple(dict.fromkeys(names))
        raise
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        msg = f"two teams of a league share a name: {', '.join(twice)}; the table names each team once"
        shared = InvalidInput(msg)
        shared.sheets = tuple(twice)
        raise shared
    found = {team.name: results(team, season=wanted) if wanted <= season_of(team) else () for team in given}
    cross_check(found, wanted)
    rows = [_standing(pack, team, wanted, found[team.name], with_bonus) for team in given]
    return tuple(sorted(rows, key=lambda r: (-r.points, -r.difference, -r.scored, -r.casualties, r.team)))


def _playing(teams: list[Sheet]) -> tuple[dict[int, list[str]], str]:
    """The teams by the season each plays, and that said: ``season 1: Altdorf Anvils; season 2: Bogenhafen Barons``."""
    by_season: dict[int, list[str]] = {}
    for team in teams:
        by_season.setdefault(season_of(team), []).append(team.name)
    return by_season, "; ".join(f"season {s}: {', '.join(names)}" for s, names in sorted(by_season.items()))


def _same_season(teams: list[Sheet]) -> int:
    """The season the teams play; teams that play different seasons are refused: a table of each team's current
    season would mix them."""
    by_season, playing = _playing(teams)
    if len(by_season) > 1:
        msg = (
            f"the teams play different seasons ({playing}); say which season the table counts "
            "with season=N (--set season=N on the command line)"
        )
        raise InvalidInput(msg)
    return next(iter(by_season))


def _reached(teams: list[Sheet], season: object) -> int:
    """``season`` when one of the teams has reached it (:func:`season_reached`), saying who plays which."""
    by_season, playing = _playing(teams)
    holder = f"{teams[0].name} has" if len(teams) == 1 else f"the teams ({playing}) have"
    return season_reached(season, max(by_season), holder)


def standings_lines(rows: Iterable[Standing]) -> list[str]:
    """The table as printable lines: the season, then place, team, P W D L, TD for-against, CAS, bonus, points.

    P counts every fixture in the table, unplayed ones too (a team's ``played`` stat counts the matches played
    on the pitch); CAS counts the SPP-earning casualties the team caused. A table without rows (no teams yet)
    is the one line ``no standings yet``, as ``league standings`` prints it: a header with no season would read
    as a season's table.

    Raises:
        InvalidInput: ``rows`` that are not the rows of a table (:func:`~progression_bloodbowl.standings`).
    """
    if isinstance(rows, Standing | str) or not isinstance(rows, Iterable):
        msg = (
            f"expected the rows of a league table (what standings() returns), got {rows!r:.60} ({type(rows).__name__})"
        )
        raise InvalidInput(msg)
    rows = list(rows)
    if not rows:
        return ["no standings yet"]
    for row in rows:
        if not isinstance(row, Standing):
            msg = f"expected the rows of a league table (what standings() returns), got a row {row!r:.60} ({type(row).__name__})"
            raise InvalidInput(msg)
    seasons = sorted({row.season for row in rows})
    lines = [f"season{'s' if len(seasons) > 1 else ''} {', '.join(map(str, seasons))}"]
    lines.append(f"{'#':>2} {'team':<24} {'P':>2} {'W':>2} {'D':>2} {'L':>2} {'TD':>7} {'CAS':>3} {'B':>2} {'Pts':>3}")
    for place, row in enumerate(rows, 1):
        td = f"{row.scored}-{row.against}"
        lines.append(
            f"{place:>2} {row.team:<24} {row.played:>2} {row.won:>2} {row.drawn:>2} {row.lost:>2} "
            f"{td:>7} {row.casualties:>3} {row.bonus:>2} {row.points:>3}"
        )
    return lines


# -- play-off prizes -------------------------------------------------------------------


def _prize_label(op: object) -> str:
    place = getattr(op, "place", None)
    shown = _PLACES[place - 1] if isinstance(place, int) and 1 <= place <= len(_PLACES) else repr(place)
    return f"play-off prize: {shown} place"


def award_prize(pack: RulePack, team: Sheet, place: int) -> Sheet:
    """The play-off prize of ``place`` (1, 2 or 3) into the treasury, as one ledger entry; the winner also
    takes the League Trophy, a free extra team re-roll held until :func:`lose_trophy` (it counts toward TV).

    Raises:
        InvalidInput: not a league team, a place other than 1, 2 or 3, or a team already given a prize this season.
    """
    return _prize(pack, check_team(team, "a play-off prize"), place)


@operation("bloodbowl.prize", kind="team", label=_prize_label)
def _prize(work: Work, place: int) -> None:
    """A play-off prize into the treasury (and the League Trophy for the winner)."""
    team = check_team(work.sheet, "a play-off prize")
    check_ended(team, "a play-off prize")
    league = data_of(work.pack).rules.league
    if isinstance(place, bool) or place not in range(1, len(league.prizes) + 1):
        msg = f"play-off prizes go to places 1 to {len(league.prizes)}, got {place!r}"
        raise InvalidInput(msg)
    season = season_of(team)
    if team.tags.get("prize") == str(season):
        said = Sentence(
            (
                f"{team.name} already received a play-off prize in season {season}; take it back to give another "
                "(the way back is ",
                WAY_BACK,
                ")",
            )
        )
        raise InvalidInput(said)
    label = f"play-off prize: {_PLACES[place - 1]} place in season {season}"
    tags = {"prize": str(season)}
    if place == 1:
        tags["league_trophy"] = str(season)
    extra = {"rerolls": 1} if place == 1 and league.trophy_reroll and "league_trophy" not in team.tags else {}
    why = "; the League Trophy: a free extra team re-roll while held" if place == 1 else ""
    work.award("treasury", league.prizes[place - 1], label)
    work.adjust(Effect(stats=extra, tags=tags), label + why)


def lose_trophy(pack: RulePack, team: Sheet) -> Sheet:
    """The League Trophy passes to another team: its free re-roll goes with it (one ledger entry).

    Raises:
        InvalidInput: not a league team.
        RequirementNotMet: the team does not hold the trophy.
    """
    return _lose_trophy(pack, check_team(team, "the League Trophy"))


@operation("bloodbowl.lose_trophy", kind="team", label=lambda op: "the League Trophy passes on")
def _lose_trophy(work: Work) -> None:
    """The League Trophy passes to another team, with its free re-roll."""
    team = check_team(work.sheet, "the League Trophy")
    if "league_trophy" not in team.tags:
        raise RequirementNotMet(
            upgrade="lose_trophy",
            missing=[f"{team.name} does not hold the League Trophy"],
            head="The League Trophy cannot pass on",
        )
    league = data_of(work.pack).rules.league
    extra = {"rerolls": -1} if league.trophy_reroll and team.stats["rerolls"] > 0 else {}
    reason = f"the League Trophy of season {team.tags['league_trophy']} passes on, with its free re-roll"
    work.adjust(Effect(stats=extra, untag=("league_trophy",)), reason)
