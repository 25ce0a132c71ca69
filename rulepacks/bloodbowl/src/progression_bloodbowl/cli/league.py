"""The league kept in a store on the command line: what ``progression league ...`` calls (the class the pack's
contract declares, :class:`LeagueCommands`), its match options read from text, its answers as plain rows.

A match is written once, both sides, each side's words prefixed by ``home.`` or ``away.``::

    progression league record league.sqlite 1 home.score=2 away.score=1 home.events="1:touchdown*2;3:completion*2" \\
        home.nominees=1,3 away.injuries="2:badly_hurt" attendance=6 --seed 1

What happened to each player is written as in every other command: players separated by ``;``, each
``player:what``, events ``name,name*N``, a list of players with commas.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

import attrs

from progression import Dice, Sheet
from progression.contract import League as LeagueDeclaration
from progression.contract import LeagueVerification, Option
from progression.errors import InvalidInput, ProgressionError, Sentence, UnknownName

from ..league.season import season_end_rolls
from ..store.amendments import checks_reworded, reworded
from ..store.careers import players_of
from ..store.fixtures import Played, Side
from ..store.league import LEADERS, League, not_played
from ..store.season_end import Redraft
from ..team.roster import member_named
from ..team.sequence import LEAGUE_WAY_BACK, WAY_BACK
from .actions import UNPLAYED_LEAGUE_WORDS, _once, parse_events, redraft_choices, refuse_unplayed, standing_rows
from .options import flag, listed, pairs, whole

if TYPE_CHECKING:
    from progression.contract import Command
    from progression.history import Amendment
    from progression.store import Store

__all__ = ["DECLARATION", "OPTIONS", "LeagueCommands"]

_LIST = tuple[str, ...]
#: The words of one side, and what each means.
_SIDE: tuple[tuple[str, Any, str], ...] = (
    ("score", int, "the side's touchdowns"),
    ("events", str, "what each player did: player:event,event*N;... (1:touchdown,casualty;3:completion*2)"),
    (
        "nominees",
        _LIST,
        "the players nominated for MVP, comma-separated, required when the side earns one; one is MVP without a roll, of several a D6 names the n-th, rolled again past the last (3-6 for two)",
    ),
    ("injuries", str, "player:result;..., each result by id or name (2:badly_hurt;5:Lasting Injury:AV)"),
    ("stalling", bool, "a player of the side was Stalling"),
    ("prayers", _LIST, "the Prayers to Nuffle in effect for the side that change SPP"),
)

#: The ``KEY=VALUE`` options of ``league record`` and ``league amend``.
OPTIONS: tuple[Option, ...] = (
    *(
        Option(name=f"{side}.{key}", type=kind, default=None, doc=doc)
        for side in ("home", "away")
        for key, kind, doc in _SIDE
    ),
    Option(name="attendance", type=int, default=None, doc="both teams' Fan Factors added, required for a match played"),
    Option(name="conceded", type=Literal["", "home", "away"], default="", doc="the side that conceded, if any"),
    Option(name="without_penalty", type=bool, default=None, doc="the side that conceded could not set up 3 players"),
    Option(
        name="kind",
        type=Literal["league", "unplayed", "playoff"],
        default="league",
        doc="played, not played by the deadline, or a play-off game (in no league table)",
    ),
    Option(
        name="shootout",
        type=Literal["", "home", "away"],
        default="",
        doc="the side that won the Penalty Shoot-out of a play-off level after Extra Time",
    ),
)


def _side(options: Mapping[str, str], side: str, was: Side | None = None) -> Side:
    """One side's record from its ``home.``/``away.`` words; what is not given is kept from ``was``. An event or an
    injury may be written by its id or its displayed name (``2:Badly Hurt``): the league reads them
    (:meth:`~progression_bloodbowl.types.League.record`), as ``match`` reads them."""
    given = {key.removeprefix(f"{side}."): text for key, text in options.items() if key.startswith(f"{side}.")}
    changes: dict[str, Any] = {}
    if "events" in given:
        changes["events"] = parse_events(given["events"])
    if "nominees" in given:
        changes["mvp_nominees"] = tuple(listed(given["nominees"]))
    if "injuries" in given:
        changes["injuries"] = _once(
            pairs(given["injuries"], f"{side}.injuries", "player:result"), f"{side}.injuries", "injury"
        )
    if "stalling" in given:
        changes["stalling"] = flag(given, "stalling")
    if "prayers" in given:
        changes["prayers"] = tuple(listed(given["prayers"]))
    return attrs.evolve(was or Side(), **changes)


def _played(options: Mapping[str, str], was: Played | None = None) -> Played:
    """The match from its words; for an amendment, the words given change the match as recorded (``was``)."""
    command = "league record" if was is None else "league amend"
    # every word read by its option, as the command line reads them first (a program calling the class is told
    # too): an unknown word, a choice in any case (kind=Unplayed is unplayed), a choice it does not offer
    values = DECLARATION.read(options, complete=False, called=command)
    kind = str(values.get("kind") or (was.kind if was else "league"))
    if kind == "unplayed":
        refuse_unplayed(options, command, taken=UNPLAYED_LEAGUE_WORDS)
        if was is not None:  # amended as unplayed: only who conceded, and the MVP nominees of the side conceded
            # to, are kept of what was recorded; the rest was played on a pitch the fixture never reached
            home = Side(mvp_nominees=was.home.mvp_nominees) if was.conceded == "away" else Side()
            away = Side(mvp_nominees=was.away.mvp_nominees) if was.conceded == "home" else Side()
            was = Played(score=(0, 0), home=home, away=away, conceded=was.conceded, kind=kind)
    score: list[int | None] = list(was.score) if was else [None, None]
    for index, side in enumerate(("home", "away")):
        if options.get(f"{side}.score"):
            score[index] = whole(options[f"{side}.score"], f"{side}.score")
    if None in score:
        if kind != "unplayed":
            msg = "a match played needs home.score=N and away.score=N (kind=unplayed has none)"
            raise InvalidInput(msg)
        score = [0, 0]
    changes: dict[str, Any] = {"score": tuple(score), "kind": kind}
    changes["home"] = _side(options, "home", was.home if was else None)
    changes["away"] = _side(options, "away", was.away if was else None)
    if options.get("attendance"):
        changes["fan_attendance"] = whole(options["attendance"], "attendance")
    if "conceded" in options:
        changes["conceded"] = values.get("conceded", "")
    if "shootout" in options:
        changes["shootout"] = values.get("shootout", "")
    if options.get("without_penalty"):
        changes["without_penalty"] = flag(options, "without_penalty")
    return attrs.evolve(was, **changes) if was else Played(**changes)


def _in_league_words(refused: ProgressionError) -> ProgressionError:
    """``refused`` as the league's command line says it (:func:`_league_sentence`), and the reports it carries
    (``reports``: each team's, of an amendment or a rebase refused). Any other refusal as it came."""
    reports = getattr(refused, "reports", None)
    if isinstance(reports, dict):
        refused.reports = _reports_in_league_words(reports)  # type: ignore[attr-defined]
    worded = refused.worded
    if worded is None or WAY_BACK not in worded.parts:
        return refused
    said = _league_sentence(worded)
    refused.worded = said
    refused.args = (str(said), *refused.args[1:])
    return refused


def _league_sentence(sentence: Sentence) -> Sentence:
    """``sentence`` as the league's command line says it: the way back from a step already done that the rules name
    (:data:`~progression_bloodbowl.team.sequence.WAY_BACK`, a team file's ``sheet undo``) said as a league's store
    has it, which keeps every entry of its teams (:data:`~progression_bloodbowl.team.sequence.LEAGUE_WAY_BACK`)."""
    return Sentence(tuple(LEAGUE_WAY_BACK if part == WAY_BACK else part for part in sentence.parts))


def _reports_in_league_words(reports: Mapping[str, Amendment]) -> dict[str, Amendment]:
    """Each team's report, each refusal it holds as the league's command line says it (:func:`_league_sentence`)."""
    return {team: reworded(report, _league_sentence) for team, report in reports.items()}


class LeagueCommands:
    """A Blood Bowl league kept in one store: teams, round-robin fixtures, each match recorded once for both
    teams, each team's own post-match sequence, standings, leaders, careers, history, amendments and
    verification."""

    def __init__(self, league: League) -> None:
        self.league = league

    @classmethod
    def new(cls, store: Store, name: str) -> LeagueCommands:
        return cls(League.make(store, name))

    @classmethod
    def open(cls, store: Store) -> LeagueCommands:
        return cls(League.of(store))

    def about(self) -> Mapping[str, object]:
        league = self.league
        return {"name": league.name, "season": league.season, "teams": list(league.teams())}

    def team(self, team: str) -> Sheet:
        return self.league.team(team)

    def add_teams(self, teams: Mapping[str, Sheet]) -> Mapping[str, Sheet]:
        return self.league.add_teams(teams)

    def export_team(self, team: str, path: str | os.PathLike[str], *, force: bool) -> os.PathLike[str]:
        return self.league.export_team(team, path, force=force)

    def update_team(self, team: str, sheet: Sheet) -> Sheet:
        return self.league.update_team(team, sheet)

    def schedule(self, kind: str, *, legs: int) -> None:
        self.league.schedule(legs=legs)

    def fixtures(self, season: int | None) -> list[dict[str, object]]:
        return [
            {
                "#": f.number,
                "round": f.round,
                "home": f.home,
                "away": f.away,
                "score": "" if f.played is None else f"{f.played.score[0]}-{f.played.score[1]}",
            }
            for f in self.league.fixtures(season)
        ]

    def record(
        self, fixture: int, dice: Dice, *, check: Callable[[], None] | None = None, **options: str
    ) -> Mapping[str, Sheet]:
        found = self.league.fixture(fixture)
        home, away = self.league.record(fixture, _played(options), dice, check=check)
        return {found.home: home, found.away: away}

    def amend(
        self,
        fixture: int,
        dice: Dice,
        *,
        season: int | None,
        invalid: str,
        check: Callable[[], None] | None = None,
        dry_run: bool = False,
        keep_prizes: bool = False,
        **options: str,
    ) -> Mapping[str, Amendment]:
        """Correct a recorded fixture (:meth:`League.amend <progression_bloodbowl.types.League.amend>`): with
        ``dry_run``, report and keep nothing; with ``keep_prizes``, amend a match of a season whose prizes were
        given even when its table changes (a ``UserWarning`` says the prizes stand as given)."""
        if not options:
            msg = "an amendment needs the words that change, such as home.score=1 or away.events=...; none came"
            raise InvalidInput(msg)
        found = self.league.fixture(fixture, season)
        if found.played is None:
            raise InvalidInput(not_played(found))
        played = _played(options, found.played)
        changes = {field.name: getattr(played, field.name) for field in attrs.fields(Played)}
        try:
            report = self.league.amend(
                fixture,
                season=season,
                dice=dice,
                invalid=invalid,
                check=check,
                dry_run=dry_run,
                keep_prizes=keep_prizes,
                **changes,
            )
        except ProgressionError as refused:
            raise _in_league_words(refused) from None
        return _reports_in_league_words(report.reports)

    def team_action(self, team: str, action: str) -> Command:
        return self.league.team_action(team, action)

    def do(self, team: str, action: str, dice: Dice, *, check: Callable[[], None], **options: object) -> Sheet:
        try:
            return self.league.act(team, action, dice, check=check, **options)
        except ProgressionError as refused:
            raise _in_league_words(refused) from None

    def acted(
        self, team: str, action: str, dice: Dice, *, check: Callable[[], None], **options: object
    ) -> tuple[Sheet, Sheet]:
        """:meth:`do`, with the team as its transaction read it first (``league do`` prints the entries between
        the two: this command's alone, whatever another command stored meanwhile)."""
        try:
            return self.league.acted(team, action, dice, check=check, **options)
        except ProgressionError as refused:
            raise _in_league_words(refused) from None

    def rebase(
        self, dice: Dice, *, check: Callable[[], None] | None = None, dry_run: bool = False
    ) -> Mapping[str, Amendment]:
        try:
            return _reports_in_league_words(self.league.rebase(dice, dry_run=dry_run, check=check))
        except ProgressionError as refused:
            raise _in_league_words(refused) from None

    def standings(self, season: int | None, *, bonus: bool | None) -> list[dict[str, object]]:
        return standing_rows(self.league.standings(season, bonus=bonus))

    def leaders(self, figure: str, *, season: int | None, top: int) -> list[dict[str, object]]:
        ranked = self.league.leaders(figure, season=season, top=top)
        return [
            {"#": place, "team": team, "player": member, "name": name, figure: value}
            for place, (team, member, name, value) in enumerate(ranked, 1)
        ]

    def player(self, team: str, word: str) -> tuple[str, str]:
        """The id and the name of the player of ``team`` that ``word`` names: his id (``3`` or ``#3``) or his name
        in any case, a player the team had too.

        Raises:
            UnknownName: a team not of the league, or a word naming none of its players, past and present (each
                listed, his id with his name).
            InvalidInput: a name several of its players have had.
        """
        self.league.check_member(team, self.league.teams())
        players = players_of(self.league.team(team))
        member = member_named(players, word, f"team {team!r}")
        if member not in players:
            where = f"team {team!r} (its players, past and present)"
            raise UnknownName("player", word, players, where, labels=players)
        return member, players[member]

    def career(self, team: str, player: str) -> list[dict[str, object]]:
        """A player's career, season by season: the player by his id or his name (:meth:`player`)."""
        career = self.league.career(team, self.player(team, player)[0])
        rows: list[dict[str, object]] = []
        for season in (*career.seasons(), None):
            played = sum(1 for line in career.matches if season is None or line.season == season)
            row: dict[str, object] = {"season": "total" if season is None else season, "matches": played}
            row.update({figure: career.total(figure, season) for figure in LEADERS})
            rows.append(row)
        return rows

    def history(self, team: str) -> list[dict[str, object]]:
        return [
            {
                "season": r.season,
                "match": r.number,
                "opponent": r.opponent,
                "outcome": r.outcome,
                "score": f"{r.scored}-{r.against}",
                "CAS": r.casualties,
                "kind": r.kind,
                "conceded": r.conceded,
            }
            for r in self.league.history(team)
        ]

    def verify(self) -> LeagueVerification:
        found = self.league.verify().verification()
        teams = {team: checks_reworded(report, _league_sentence) for team, report in found.teams.items()}
        return attrs.evolve(found, teams=teams)

    # -- the season's end -------------------------------------------------------------

    def new_season(
        self, dice: Dice, *, retirement: str | None = None, check: Callable[[], None] | None = None
    ) -> Mapping[str, Sheet]:
        self.league.new_season(dice, retirement=retirement or "fit", check=check)
        return {team: self.league.team(team) for team in self.league.teams()}

    def redraft_action(self, team: str) -> Command:
        """The words of the pack's ``redraft`` action, but ``retirement``: the league's, given at the season's end."""
        self.league.check_member(team, self.league.teams())
        found = self.league.pack.contract.find("actions", "redraft")
        if found is None:  # pragma: no cover - the pack has it (a test keeps it so)
            raise UnknownName("action", "redraft", self.league.pack.contract.names("actions"), "pack 'bloodbowl'")
        kept = tuple(option for option in found.signature.options if option.name != "retirement")
        return attrs.evolve(found, options=kept)

    def plan_redraft(self, team: str, options: Mapping[str, object] | None) -> Sheet | None:
        if options is None:
            return self.league.plan_redraft(team, None)
        texts = {key: str(value) for key, value in self.redraft_action(team).bind(options).items()}
        return self.league.plan_redraft(team, Redraft(**redraft_choices(texts)))

    def redraft_rolls(self, team: str) -> tuple[str, ...]:
        """What the season's end rolls for ``team`` that the trial of its re-draft (without dice) did not: each
        Niggling Injury, and each reduction of a temporarily retired player under ``--retirement roll``."""
        self.league.check_member(team, self.league.teams())
        return season_end_rolls(self.league.pack, self.league.team(team))

    def redrafts(self) -> list[dict[str, object]]:
        return [
            {
                "team": team,
                "keep": ",".join(redraft.keep),
                "players": ";".join(f"{position}:{name}" for position, name in redraft.players),
                "rerolls": redraft.rerolls,
                "assistant_coaches": redraft.assistant_coaches,
                "cheerleaders": redraft.cheerleaders,
                "apothecary": "yes" if redraft.apothecary else "no",
                "dedicated_fans": redraft.dedicated_fans,
                "cap": "none" if not redraft.capped else "" if redraft.cap is None else redraft.cap,
            }
            for team, redraft in self.league.redrafts().items()
        ]

    def award_prizes(self, places: Sequence[str]) -> Mapping[str, Sheet]:
        return self.league.award_prizes(places)

    def add_fixture(self, home: str, away: str, *, round: int | None = None) -> None:
        self.league.add_fixture(home, away, round=round)

    def remove_fixture(self, fixture: int) -> None:
        """Remove a fixture of the current season not recorded yet (``league fixtures --remove``)."""
        self.league.remove_fixture(fixture)


#: The league the pack declares to the command line.
DECLARATION = LeagueDeclaration(book=LeagueCommands, leaders=LEADERS, options=OPTIONS)
