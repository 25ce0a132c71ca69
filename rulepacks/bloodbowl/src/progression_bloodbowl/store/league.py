"""A Blood Bowl league kept in one store: its teams (each a team sheet), its seasons and fixtures, each match
recorded once for both teams in one transaction, and what is read back (standings, leaders, careers,
history).

Where things live: each team is a sheet of the store, changed only by operations run through the
engine. What is not a team's history is a record of the store (:meth:`progression.store.Transaction.put`):
``bloodbowl.league`` holds the league's name, its current season, its teams and whether it plays bonus
points; ``bloodbowl.fixture/<season>/<number>`` holds one fixture, and once it is played, the match as
written (:class:`~progression_bloodbowl.store.fixtures.Played`) and the version of the entry it made on
each team. Recording a match runs ``bloodbowl.match`` (post-match steps 1 and 2) on the home team, then on
the away team, and writes the fixture, all in one transaction: both teams and the fixture, or none.

:class:`League` is the face; what it leans on lives beside it, each a concept of its own: the records' format
(:mod:`.records`), the players' figures read back from the ledgers (:mod:`.careers`), a team's file compared
with the team the league holds (:mod:`.team_files`), a recorded match corrected (:mod:`.amendments`), and the
season's end (:mod:`.season_end`).
"""

from __future__ import annotations

import functools
import os
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

import attrs

from progression import Dice, Entry, Operation, RulePack, Sheet, load, open_store
from progression.contract import LeagueVerification
from progression.dice import rolling_for
from progression.errors import (
    InvalidInput,
    OutOfOrder,
    ProgressionError,
    RulesChanged,
    Sentence,
    StoreError,
    StoreTampered,
    UnknownName,
    Way,
)
from progression.history import AmendmentRefused
from progression.spelling import command_line
from progression.store import Book

from ..data.words import position_named
from ..league.standings import Standing, standings
from ..match.corrections import match_records
from ..match.outcome import check_reported, record_match
from ..match.postmatch import expensive_mistakes
from ..match.record import MatchRecord, events_named, injuries_named
from ..team.results import MATCH_NUMBERS, Result, check_team, results, season_of
from ..team.roster import check_created_budget
from .amendments import (
    LeagueAmendmentRefused,
    checks_reworded,
    entries_refused,
    in_league_words,
    left_out,
    refusal,
    renumbered,
)
from .careers import LEADERS, Career, PlayerLine, player_lines, players_of
from .fixtures import Fixture, Played, Side, round_robin
from .records import (
    FIXTURE_RECORD,
    FORMAT,
    LEAGUE_RECORD,
    fixture_data,
    fixture_name,
    fixture_of,
    fixture_seasons,
    record_problems,
    season_asked,
    season_problem,
    settings_problem,
    unheld,
)
from .season_end import (
    PRIZES_RECORD,
    Redraft,
    award_prizes,
    check_rules_of,
    check_sequences_ended,
    end_season,
    kept_redrafts,
    plan_redraft,
    prizes_given,
    season_end_problems,
)
from .team_actions import check_action, check_operation, check_own_entries, in_league, turn_of
from .team_files import divergence, extends

if TYPE_CHECKING:
    from progression.contract import Command
    from progression.history import Amendment, Verification
    from progression.store import Record, Store, Transaction

_Method = TypeVar("_Method", bound=Callable[..., Any])
#: A re-draft as a caller gives it: read when it is one (:meth:`League._redraft_named`), refused later otherwise.
_Given = TypeVar("_Given")

__all__ = [
    "LEADERS",
    "LEAGUE_RECORD",
    "Career",
    "League",
    "LeagueAmendment",
    "LeagueAmendmentRefused",
    "LeagueCheck",
    "LeagueRebaseRefused",
    "PlayerLine",
    "new_league",
    "not_played",
    "open_league",
]


def new_league(
    where: str | os.PathLike[str], name: str, *, pack: RulePack | None = None, bonus: bool | None = None
) -> League:
    """Make a league in a new store (a SQLite file, or a ``postgresql://`` connection string).

    Args:
        name: the league's name.
        bonus: whether its table counts the optional bonus points (None: as the pack's rules say).

    Raises:
        StoreError: the store already holds a league.
    """
    if not isinstance(name, str) or not name.strip() or name.splitlines() != [name]:
        msg = f"a league's name is a text on one line, got {name!r}"
        raise InvalidInput(msg)
    if bonus is not None and not isinstance(bonus, bool):
        msg = f"bonus is True, False or None (the pack's rule), got {bonus!r}"
        raise InvalidInput(msg)
    store = open_store(where, pack or load("bloodbowl"))
    try:
        return League.make(store, name, bonus=bonus)
    except BaseException:
        store.close()
        raise


def open_league(where: str | os.PathLike[str], *, pack: RulePack | None = None) -> League:
    """The league of an existing store.

    Raises:
        StoreError: the store holds no league.
    """
    store = open_store(where, pack)
    try:
        return League.of(store)
    except BaseException:
        store.close()
        raise


@attrs.frozen(kw_only=True)
class LeagueAmendment:
    """What amending a recorded match changed on each team."""

    fixture: Fixture
    #: team id -> the report of :func:`progression.amend` on that team.
    reports: Mapping[str, Amendment]

    def lines(self) -> Iterator[str]:
        """Each team's report, the team first."""
        for team, report in self.reports.items():
            yield f"{team}:"
            for line in report.lines():
                yield f"  {line}"


class LeagueRebaseRefused(ProgressionError, ValueError):
    """A league's rebase (:meth:`League.rebase`) that the new rules refuse for an entry of a team: nothing
    changed. Its ``reports`` say what became of every entry of every team."""

    def __init__(self, league: str, where: str, rules: str, reports: Mapping[str, Amendment]) -> None:
        #: team id -> the report of its history run again under the new rules (refused entries included).
        self.reports = dict(reports)
        refused = [(team, outcome) for team, report in self.reports.items() for outcome in report.refused]
        count = f"{len(refused)} entr{'y' if len(refused) == 1 else 'ies'}"
        super().__init__(
            Sentence(
                (
                    f"league {league!r} of {where} was not rebased onto the rules {rules!r}, and nothing was "
                    f"changed: they refuse {count} of its teams (",
                    *entries_refused(refused),
                    "); its fixtures name their teams' entries by number, so a league is rebased only when every "
                    "entry runs again: amend those entries first (a match with ",
                    Way(python="League.amend", command="league amend", args="FIXTURE ..."),
                    ", any entry with Store.amend, in Python), or play the league on under the rules it was made under",
                )
            )
        )


@attrs.frozen(kw_only=True)
class LeagueCheck:
    """What :meth:`League.verify` found: each team's verification, the problems of the league's settings record,
    the teams whose sheets were not read, and the fixtures that disagree with the teams; as the command line's
    contract has it, :meth:`verification`."""

    #: team id -> its verification.
    teams: Mapping[str, Verification]
    #: One sentence per fixture record that is no fixture (edited in the database, not JSON included), or per
    #: played fixture whose record the teams' entries do not hold.
    fixtures: tuple[str, ...] = ()
    #: One sentence per problem of the league's settings record: edited into what no league writes (not JSON
    #: included), listing a team the store does not hold, leaving out a sheet the store holds, or giving a season
    #: its teams do not play or behind one the store holds fixtures of.
    settings: tuple[str, ...] = ()
    #: team id -> what else is wrong with the team as stored, beside its verification: its sheet changed in the
    #: database outside the store, so that it is not read (and its fixtures not checked against it).
    sheets: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)

    @property
    def ok(self) -> bool:
        """Whether every team holds, with nothing else wrong with it, and the settings and fixtures have no problem
        (as :attr:`LeagueVerification.ok <progression.contract.LeagueVerification.ok>` says)."""
        return self.verification().ok

    def verification(self) -> LeagueVerification:
        """The check as the command line's contract has it (:meth:`progression.contract.LeagueBook.verify`), each
        team's problems (:attr:`sheets`) as its ``problems``: ``progression league verify`` prints its lines."""
        return LeagueVerification(
            teams=self.teams, fixtures=self.fixtures, settings=self.settings, problems=self.sheets
        )

    def lines(self) -> Iterator[str]:
        """The settings' problems, each team's verification (headed by the team's name, with the rules'
        fingerprint) with what else is wrong with it beneath, then the fixtures'. (``league verify`` prints the
        lines of :meth:`verification`.)"""
        yield from self.settings
        for team, report in self.teams.items():
            yield from report.lines()
            for problem in self.sheets.get(team, ()):
                yield f"  {problem}"
        yield from self.fixtures


#: What rebases a league's team made under other rules: the league, every team at once (a fixture names its
#: teams' entries by number), never the team alone as a file. The command line names its own command
#: (``progression league rebase FILE``).
LEAGUE_REBASE = "League.rebase"


def _held_already(sheet: Sheet, other: str, stored: Sheet, settings: Mapping[str, Any]) -> Sentence:
    """Why ``sheet`` is not added beside ``other``, the league's team of its name: the same team (a newer copy, to
    import under its id, or an older one, with nothing to add), or another team of that name."""
    where = f"league {settings['name']!r}"
    held = f"team {sheet.name!r} is in {where} already, under the id {other!r}"
    if extends(sheet, stored):  # the same team, exported and brought back under a new id
        return Sentence(
            (
                f"{held}; a league holds each team once: import its file under {other!r} to store the entries it "
                "adds (",
                Way(
                    python=f"League.update_team({other!r}, sheet)",
                    command="league team import",
                    args=command_line(other, "TEAMFILE"),
                ),
                ")",
            )
        )
    if extends(stored, sheet):
        return Sentence(
            (
                f"{held}, and this file is an older copy of it (it holds {len(sheet.ledger)} of the league's "
                f"{len(stored.ledger)} entries): it adds nothing; ",
                Way(
                    python=f"League.export_team({other!r}, path)",
                    command="league team export",
                    args=command_line(other, "TEAMFILE"),
                ),
                " writes the team as the league holds it",
            )
        )
    return Sentence(
        (
            f"{where} has a team named {sheet.name!r} already (the id {other!r}), whose history is not this one's: a "
            "league names each team once (opponents are named by name); give this team another name",
        )
    )


def _check_draft_budget(pack: RulePack, sheet: Sheet, settings: Mapping[str, Any]) -> None:
    """Refuse a team still being drafted that was created over the Team Draft Budget: no hire or fire in the
    league mends that, and its draft could never end (:func:`~progression_bloodbowl.team.roster.check_draft_end`).
    Its players it drafts in the league (``league do FILE TEAM hire``), so their count is checked as its draft
    ends; a team whose draft is over passed the whole check then.

    Raises:
        InvalidInput: the treasury it was created with, what to do, and that nothing was stored.
    """
    if "drafted" in sheet.tags:
        return
    try:
        check_created_budget(pack, sheet)
    except InvalidInput as refused:
        msg = f"{sheet.name} does not join league {settings['name']!r}: its draft could never end: {refused}; nothing was stored"
        raise InvalidInput(msg) from None


def _joins_in_its_season(sheet: Sheet, settings: Mapping[str, Any]) -> Sentence:
    """Why ``sheet`` does not join a league playing another season; a team behind it that never played (the only
    kind a league takes, :func:`~.team_actions.check_own_entries`) reaches it with its plain off-season."""
    said = (
        f"{sheet.name} plays season {season_of(sheet)} and league {settings['name']!r} season "
        f"{settings['season']}; a team joins the league in the season it plays"
    )
    if season_of(sheet) > settings["season"]:
        return Sentence((said,))
    return Sentence(
        (
            f"{said}: a team that never played reaches it with the plain off-season, once a season (",
            Way(
                python="progression_bloodbowl.operations.new_season(pack, team)",
                command="sheet do",
                args="TEAMFILE new_season",
                on_file=False,
            ),
            ")",
        )
    )


def _rebased_with_the_league(method: _Method) -> _Method:
    """A League method whose refusal of a team made under other rules names the league's rebase
    (:data:`LEAGUE_REBASE`), where the engine names a file's (``sheet rebase``); the rest of the refusal (the pack's
    function for a sheet's own rules, when it has one) is kept."""

    @functools.wraps(method)
    def told(self: League, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except RulesChanged as changed:
            raise RulesChanged(
                changed.subject, changed.recorded, changed.given, own_rules=changed.own_rules, rebase=LEAGUE_REBASE
            ) from None

    return cast("_Method", told)


class League(Book):
    """A league in one store: its teams, seasons and fixtures (see :func:`~progression_bloodbowl.new_league`, :func:`~progression_bloodbowl.open_league`)."""

    book_record = LEAGUE_RECORD
    noun = "league"
    makes = "new_league"
    opens = "open_league"
    members_key = "teams"
    member = "team"
    command = "league"

    @classmethod
    def make(cls, store: Store, name: str, *, bonus: bool | None = None) -> League:
        """Make the league in an open store that holds none (:func:`~progression_bloodbowl.new_league` opens the store too).

        Raises:
            StoreError: the store already holds a league.
        """
        if not isinstance(name, str) or not name.strip() or name.splitlines() != [name]:
            msg = f"a league's name is a text on one line, got {name!r}"
            raise InvalidInput(msg)
        return cls.start(store, {"format": FORMAT, "name": name, "season": 1, "teams": [], "bonus": bonus})

    @classmethod
    def of(cls, store: Store) -> League:
        """The league an open store holds (:func:`~progression_bloodbowl.open_league` opens the store too).

        Raises:
            StoreError: the store holds no league.
        """
        return cls.found(store)

    # -- settings -------------------------------------------------------------------

    def settings(self, tx: Transaction | None = None, *, check_season: bool = False) -> tuple[dict[str, Any], int]:
        """The league's settings, as :meth:`make` wrote them and the league's changes keep them; a record edited
        into anything else (a season that is no whole number, a team listed twice) is refused, naming it.

        Args:
            check_season: check the season they give against the league's teams and fixtures too (every team
                plays it, no fixture is of a later one), as what reads or writes a season does: a season edited in
                the database is refused there, rather than read (its fixtures hidden, a table of another season,
                fixtures made for a season no team plays).

        Raises:
            StoreError: the settings are not a league's; with ``check_season``, their season is not the one the
                teams play, or a later season has fixtures.
        """
        settings, version = super().settings(tx)
        problem = settings_problem(settings)
        if problem is not None:
            raise StoreError(self.store.where, f"record {LEAGUE_RECORD!r} is not a league's settings: {problem}")
        if check_season:
            problem = self._season_problem(tx or self.store, settings)
            if problem is not None:
                said = Sentence(
                    (
                        f"record {LEAGUE_RECORD!r} does not hold: {problem} (",
                        Way(python="League.verify()", command="league verify"),
                        " lists it); nothing was read or written",
                    )
                )
                raise StoreError(self.store.where, said)
        return settings, version

    def _season_problem(self, reader: Store | Transaction, settings: Mapping[str, Any]) -> str | None:
        """What of the season ``settings`` give disagrees with the league's teams and fixtures (None: nothing), as
        cheaply as a command can afford: every team plays the league's season, so the first team that reads is
        asked (then, when it disagrees, every team, to say them all); and no fixture of the season after it may
        be held. A team whose own season differs from the others' is found by :meth:`verify`, which asks every
        team and every season's fixtures."""
        seasons = {}
        for team in settings["teams"]:
            try:
                seasons[team] = season_of(reader.sheet(team))
            except StoreError:  # refused where the team is read, and listed by verify
                continue
            if seasons[team] == settings["season"]:
                seasons = {team: seasons[team]}
                break
        later = fixture_seasons(r.name for r in reader.records(f"{FIXTURE_RECORD}{settings['season'] + 1}/"))
        return season_problem(settings, seasons, later)

    @property
    def season(self) -> int:
        """The season being played.

        Raises:
            StoreError: the settings were edited in the database, their season into one the teams do not play
                (:meth:`settings`).
        """
        return int(self.settings(check_season=True)[0]["season"])

    def teams(self) -> tuple[str, ...]:
        """The ids of the league's teams, in the order they joined."""
        return self.members()

    def team(self, team: str) -> Sheet:
        """The team's sheet, as stored."""
        self.check_member(team, self.teams())
        return self.store.sheet(team)

    # -- teams ----------------------------------------------------------------------

    def add_team(self, team: str, sheet: Sheet, *, verify: bool = True) -> Sheet:
        """Store a team sheet (a drafted team, or one read from a file) in the league under the id ``team``:
        :meth:`add_teams` of one team."""
        return self.add_teams({team: sheet}, verify=verify)[team]

    def add_teams(self, teams: Mapping[str, Sheet], *, verify: bool = True) -> dict[str, Sheet]:
        """Store team sheets in the league, each under its id (``{"anvils": sheet, ...}``), in one transaction:
        every team is stored, or none. Each as stored.

        A team joins as it was drafted, with what it ran on itself since
        (:func:`~progression_bloodbowl.store.team_actions.check_own_entries`): the operations a team of the league
        runs on itself (``league do``), as :meth:`update_team` holds the entries a file adds to them, and the plain
        off-season that brings a team that never played to the league's season. A gift by hand (gold, SPP, a
        skill, a characteristic), a match played outside the league, a re-draft are refused, naming the entry. A
        team still being drafted joins with any number of players and drafts in the league (``hire``, ``fire``),
        its draft ending with ``end_draft`` or its first match, which check its 11 to 16 players
        (:func:`~progression_bloodbowl.team.roster.check_draft_end`); one created over the Team Draft Budget,
        whose draft no hire mends, is refused as it joins.

        Raises:
            InvalidInput: not a mapping of ids to league teams, a name another team of the league (or another
                of ``teams``) has, an entry holding an operation a team does not run on itself in the league, a
                team still being drafted that was created over the Team Draft Budget, or a team playing another
                season than the league. Nothing was stored.
            StoreError: an id is taken; a sheet does not verify (unless ``verify=False``).
        """
        if not isinstance(teams, Mapping) or not teams:
            msg = f"league.add_teams takes the teams by id ({{'anvils': sheet, ...}}), got {teams!r:.60}"
            raise InvalidInput(msg)
        for team, sheet in teams.items():
            check_team(sheet, f"league.add_teams ({team!r})")
        with self.store.transaction() as tx:
            settings, version = self.settings(tx, check_season=True)
            names = {tx.sheet(other).name: other for other in settings["teams"]}
            added = {}
            for team, sheet in teams.items():
                if sheet.name in names:
                    raise InvalidInput(_held_already(sheet, names[sheet.name], tx.sheet(names[sheet.name]), settings))
                check_own_entries(sheet, 1, settings["name"], joining=True)
                _check_draft_budget(self.pack, sheet, settings)
                if season_of(sheet) != settings["season"]:
                    raise InvalidInput(_joins_in_its_season(sheet, settings))
                added[team] = tx.add(team, sheet, verify=verify)
                names[sheet.name] = team
            settings["teams"] = [*settings["teams"], *added]
            tx.put(LEAGUE_RECORD, settings, expected=version)
        return added

    @_rebased_with_the_league
    def update_team(self, team: str, sheet: Sheet, *, check: Callable[[], None] | None = None) -> Sheet:
        """Store the entries a team's sheet (its file, exported with :meth:`export_team`) adds past the team as
        the league holds it: a coach who ran his post-match sequence on the file brings it back. One
        transaction: every entry the file adds, or none.

        The file's history must extend the stored one: every stored entry, unchanged, in its place (so the
        fixtures, which name their entries by number, still hold). Each entry it adds must be one of the team's
        own operations (:data:`~progression_bloodbowl.store.team_actions.TEAM_OPERATIONS`, a batch of them), and
        goes through the engine again before it is stored (:meth:`progression.store.Transaction.extend`).

        Returns:
            The team as stored (as it was when the sheet adds nothing).

        Raises:
            UnknownName: a team not of the league.
            InvalidInput: not a league team; a history that does not extend the stored one, naming the first entry
                that differs and why; an added entry the league does not let a team run on itself (a match is
                recorded with :meth:`record`), naming it. Nothing was stored.
            StoreError: an added entry is not what the engine gives under the league's rules.
            StoreTampered: the team's snapshot (what reads show) is not what its stored entries add up to (edited
                in the database, its digest made again), as an export, an amendment or a rebase refuses it.
            ProgressionError: ``check`` (called before the transaction commits) refuses.
        """
        check_team(sheet, f"league.update_team ({team!r})")
        self.check_member(team, self.teams())
        # The file is compared with the whole stored history and its entries are run on the stored state, which
        # reads trust (its digest): as whatever reads the whole history, the state is first checked against the
        # entries (a whole read, the core's check of an export), lest a snapshot forged with its digest be built on
        # and stored again under the store's own.
        try:
            self.store.sheet(team, whole=True)
        except StoreTampered as wrong:
            raise StoreTampered(self.store.where, team, wrong.what, refused="nothing was stored") from None
        with self.store.transaction() as tx:
            settings, _ = self.settings(tx)
            self.check_member(team, settings["teams"])
            stored = tx.sheet(team)
            fixtures = lambda: [self._fixture_of(r) for r in tx.records(FIXTURE_RECORD)]  # noqa: E731  (said only)
            problem = divergence(sheet, stored, team=team, fixtures=fixtures, season=settings["season"])
            if problem is not None:
                msg = Sentence(
                    (
                        f"the sheet of {sheet.name} does not extend team {team!r} of league {settings['name']!r}, "
                        "and nothing was stored: ",
                        problem,
                    )
                )
                raise InvalidInput(msg)
            check_own_entries(
                sheet,
                len(stored.ledger) + 1,
                settings["name"],
                team=team,
                fixture=lambda operation: self._fixture_for(team, operation, tx),
            )
            updated = tx.extend(team, sheet)
            if check is not None:
                check()
        return updated

    def import_team(self, team: str, path: str | os.PathLike[str], *, verify: bool = True) -> Sheet:
        """A team's sheet file (sealed) brought into the league under the id ``team``: a new team is
        added (:meth:`add_team`; it is verified unless ``verify=False``), a team of the league updated with the
        entries the file adds (:meth:`update_team`)."""
        sheet = self.load_sheet_file(path)
        if team in self.teams():
            return self.update_team(team, sheet)
        return self.add_team(team, sheet, verify=verify)

    def export_team(self, team: str, path: str | os.PathLike[str], *, force: bool = False) -> os.PathLike[str]:
        """Write the team to a sheet file (sealed), for its coach to carry."""
        self.check_member(team, self.teams())
        return self.store.export_file(team, path, force=force)

    # -- fixtures -------------------------------------------------------------------

    def fixtures(self, season: int | None = None) -> tuple[Fixture, ...]:
        """The fixtures of ``season`` (the current one by default), by number.

        Raises:
            InvalidInput: a season the league has not reached, or no season (a whole number >= 1).
        """
        wanted = season_asked(season, self.settings(check_season=True)[0])
        found = self.store.records(f"{FIXTURE_RECORD}{wanted}/")
        return tuple(sorted((self._fixture_of(r) for r in found), key=lambda f: f.number))

    def fixture(self, number: int, season: int | None = None) -> Fixture:
        """One fixture of ``season`` (the current one by default).

        Raises:
            UnknownName: no fixture of that number in that season.
            InvalidInput: a season the league has not reached, or no season.
        """
        settings, _ = self.settings(check_season=True)
        return self._found_fixture(self.store, settings, season_asked(season, settings), number)[0]

    def schedule(self, *, legs: int = 1) -> tuple[Fixture, ...]:
        """Make the current season's fixtures: a round robin of the league's teams (byes for an odd number).

        Raises:
            InvalidInput: the season already has fixtures, the league fewer than two teams, or ``legs`` not 1 or
                more, or so many that a round would be past match number 9,999; nothing is written.
        """
        with self.store.transaction() as tx:
            settings, _ = self.settings(tx, check_season=True)
            season = settings["season"]
            if tx.records(f"{FIXTURE_RECORD}{season}/"):
                msg = f"season {season} of league {settings['name']!r} already has fixtures; add others one by one"
                raise InvalidInput(msg)
            made: list[Fixture] = []
            for round_number, pairs in enumerate(round_robin(settings["teams"], legs=legs), start=1):
                for home, away in pairs:
                    fixture = Fixture(season=season, number=len(made) + 1, round=round_number, home=home, away=away)
                    tx.put(fixture_name(season, fixture.number), fixture_data(fixture), expected=0)
                    made.append(fixture)
        return tuple(made)

    def add_fixture(self, home: str, away: str, *, round: int | None = None) -> Fixture:
        """Add one fixture to the current season: ``home`` against ``away`` in ``round`` (by default the first
        round after every fixture either team has). A play-off game is such a fixture, recorded with
        ``Played(kind="playoff")`` so that it stays out of the league table (:meth:`standings`).

        Raises:
            UnknownName: a team that is not a team of the league.
            InvalidInput: a team against itself, one that already plays in that round, or the same home and away
                teams as a fixture not recorded yet (the same fixture added twice), or a round that is no match
                number (from 1 to 9,999); with no round given, a team that already plays in round 9,999 (the
                default would be past it: the refusal names the first round free for both).
            progression.errors.OutOfOrder: the season's play-off prizes were given: its matches are over.
        """
        with self.store.transaction() as tx:
            settings, _ = self.settings(tx, check_season=True)
            for team in (home, away):
                self.check_member(team, settings["teams"])
            if home == away:
                msg = f"a fixture is between two teams, got {home!r} against itself"
                raise InvalidInput(msg)
            season = settings["season"]
            if prizes_given(tx.record(f"{PRIZES_RECORD}{season}"), settings["teams"], self.store.where) is not None:
                over = Sentence(
                    (
                        f"the play-off prizes of season {season} of league {settings['name']!r} were given, so its "
                        "matches are over: a fixture is added to the next season (",
                        Way(python="League.new_season", command="league new-season"),
                        " starts it)",
                    )
                )
                raise OutOfOrder(over)
            existing = [self._fixture_of(r) for r in tx.records(f"{FIXTURE_RECORD}{season}/")]
            waiting = [f for f in existing if f.played is None and (f.home, f.away) == (home, away)]
            if waiting:  # most likely the same fixture added twice
                said = Sentence(
                    (
                        f"{waiting[0].label()} is not recorded yet: record it (",
                        _recording(waiting[0].number),
                        f") before another fixture of {home!r} at home against {away!r} is added (or remove it: ",
                        Way(
                            python=f"League.remove_fixture({waiting[0].number})",
                            command="league fixtures",
                            args=f"--remove {waiting[0].number}",
                        ),
                        ")",
                    )
                )
                raise InvalidInput(said)
            taken = {(f.round, team) for f in existing for team in (f.home, f.away)}
            if round is None:
                round = 1 + max((f.round for f in existing if {f.home, f.away} & {home, away}), default=0)
                if round not in MATCH_NUMBERS:  # the user gave no round: say what the default was, and why
                    raise InvalidInput(_no_round_after(home, away, round, taken))
            if isinstance(round, bool) or not isinstance(round, int) or round not in MATCH_NUMBERS:
                # a round past the last match number could never be recorded, and would hold the season's end
                msg = (
                    f"a fixture's round is the match's number for both teams, a whole number from 1 to "
                    f"{MATCH_NUMBERS.stop - 1:,}, got {round!r}"
                )
                raise InvalidInput(msg)
            for team in (home, away):
                if (round, team) in taken:
                    msg = f"{team!r} already plays a fixture in round {round} of season {season}; choose another round"
                    raise InvalidInput(msg)
            # after the last number: a fixture removed leaves its number unused, and the others keep theirs
            number = 1 + max((f.number for f in existing), default=0)
            fixture = Fixture(season=season, number=number, round=round, home=home, away=away)
            tx.put(fixture_name(season, fixture.number), fixture_data(fixture), expected=0)
        return fixture

    def remove_fixture(self, number: int) -> Fixture:
        """Remove fixture ``number`` of the current season, not recorded yet (one added by mistake, a schedule of
        one leg too many). The other fixtures keep their numbers. The fixture removed.

        Raises:
            UnknownName: no such fixture this season.
            InvalidInput: the fixture was recorded: its match is on both teams (amend it to correct it).
        """
        with self.store.transaction() as tx:
            settings, _ = self.settings(tx, check_season=True)
            fixture, found = self._found_fixture(tx, settings, settings["season"], number)
            if fixture.played is not None:
                said = Sentence(
                    (
                        f"{fixture.label()} of season {fixture.season} was recorded, so its match is on both teams: a "
                        "recorded fixture is not removed; amend it to correct it (",
                        Way(python="League.amend", command="league amend", args=f"{fixture.number} ..."),
                        ")",
                    )
                )
                raise InvalidInput(said)
            tx.delete(found.name, expected=found.version)
        return fixture

    # -- matches --------------------------------------------------------------------

    @_rebased_with_the_league
    def record(
        self, number: int, played: Played, dice: Dice | None = None, *, check: Callable[[], None] | None = None
    ) -> tuple[Sheet, Sheet]:
        """Record fixture ``number`` of the current season as ``played``, for both teams in one transaction:
        post-match steps 1 and 2 (``bloodbowl.match``) on the home team, then on the away team, rolling
        ``dice`` in that order, and the fixture marked played. Both teams are changed, or neither. An event or an
        injury of either side may be written by its displayed name (``Touchdown``, ``Badly Hurt``): it is read
        once, and the fixture and both teams keep its id.

        Returns:
            The home team and the away team as recorded.

        Raises:
            UnknownName: no such fixture this season.
            InvalidInput: the fixture was already played, or ``played`` is not a :class:`Played`.
            RulesChanged: either team was made under other rules (rebase the league first, :meth:`rebase`): said
                before anything else of the teams.
            ProgressionError: the post-match sequence of either team's last match is still open (an ``OutOfOrder``
                naming each such team and the command that closes it), either team's rules refuse its record, or
                ``check`` (called once both teams ran, before the transaction commits: typed-in dice all used)
                refuses; nothing was written.
        """
        if not isinstance(played, Played):
            msg = f"fixture {number!r}: expected both sides of the match (a Played), got {type(played).__name__}"
            raise InvalidInput(msg)
        played = _played_named(self.pack, played)
        with self.store.transaction() as tx:
            fixture, version = self._open_fixture(tx, number)
            home_record, away_record = played.records(
                fixture.round, tx.sheet(fixture.home).name, tx.sheet(fixture.away).name
            )
            _check_reported(self.pack, home_record, away_record)
            # Before either team runs: a team made under other rules first (nothing can be done on it until the
            # league is rebased), then both teams' open sequences in one refusal (each team's rules name only its
            # own), as the season's end and its prizes say them.
            teams = (fixture.home, fixture.away)
            check_rules_of(self.pack, tx, teams)
            check_sequences_ended(tx, teams, f"recording match {home_record.number}")
            with turn_of(fixture.home):  # both teams roll in one command: the dice say whose roll it is
                home, _ = tx.run(fixture.home, _match(home_record), dice)
            with turn_of(fixture.away):
                away, _ = tx.run(fixture.away, _match(away_record), dice)
            entries = {fixture.home: len(home.ledger), fixture.away: len(away.ledger)}
            done = attrs.evolve(fixture, played=played, entries=entries)
            tx.put(fixture_name(fixture.season, fixture.number), fixture_data(done), expected=version)
            if check is not None:
                check()
        return home, away

    def _open_fixture(self, tx: Transaction, number: int) -> tuple[Fixture, int]:
        settings, _ = self.settings(tx, check_season=True)
        fixture, found = self._found_fixture(tx, settings, settings["season"], number)
        if fixture.played is not None:
            score = f"{fixture.played.score[0]}-{fixture.played.score[1]}"
            said = Sentence(
                (
                    f"fixture {fixture.number} of season {fixture.season} ({fixture.home} v {fixture.away}) was "
                    f"already played ({score}); amend it to correct it (",
                    Way(
                        python=f"League.amend({fixture.number}, ...)",
                        command="league amend",
                        args=f"{fixture.number} ...",
                    ),
                    ")",
                )
            )
            raise InvalidInput(said)
        problems = unheld(fixture, tx.sheet, settings["teams"])
        if problems:
            raise StoreError(
                self.store.where, f"{problems[0]}: the store was changed outside the library; nothing was recorded"
            )
        return fixture, found.version

    def close_match(
        self, team: str, number: int, dice: Dice | None = None, *, must_advance: bool | None = None
    ) -> Sheet:
        """End the post-match sequence of match ``number`` for one team (step 5, Expensive Mistakes)."""
        return self.run(team, expensive_mistakes.operation(number=number, must_advance=must_advance), dice)  # type: ignore[attr-defined]

    @_rebased_with_the_league
    def run(self, team: str, operation: Operation, dice: Dice | None = None, *, expected: int | None = None) -> Sheet:
        """Run one of a team's own operations (an advancement, a hire, Expensive Mistakes: one of
        :data:`~progression_bloodbowl.store.team_actions.TEAM_OPERATIONS`) on the stored team.

        Raises:
            UnknownName: a team not of the league.
            InvalidInput: an operation the league does not let a team run on itself (a match: :meth:`record`; a
                new season: :meth:`new_season`; a prize: :meth:`award_prizes`), saying what to use instead. A prize,
                the trophy, inducements,
                spells and the core's operations other than a purchase, a decision and a mark still run for this
                release, with a ``DeprecationWarning``.
        """
        self.check_member(team, self.teams())
        if not isinstance(operation, Operation):
            msg = f"league.run runs an operation on team {team!r}, got {type(operation).__name__}"
            raise InvalidInput(msg)
        fixture = self._fixture_for(team, operation)
        check_operation(operation.tag, operation.label, self.name, lenient=True, team=team, fixture=fixture)
        return self.store.run(team, operation, dice, expected=expected)[0]

    def team_action(self, team: str, action: str) -> Command:
        """The pack's action ``action`` (as ``progression league do`` names it), which a team of the league runs
        on itself: one of :data:`~progression_bloodbowl.store.team_actions.TEAM_ACTIONS`.

        Raises:
            UnknownName: a team not of the league, or an action the pack does not have.
            InvalidInput: an action the league does not let a team run on itself, saying what to use instead.
        """
        self.check_member(team, self.teams())
        check_action(action, self.pack.contract.names("actions"), self.name, team, self._fixture_for(team))
        found = self.pack.contract.find("actions", action)
        if found is None:  # pragma: no cover - every team action is one of the pack's (a test keeps it so)
            raise UnknownName("action", action, self.pack.contract.names("actions"), f"pack {self.pack.name!r}")
        return found

    def act(
        self,
        team: str,
        action: str,
        dice: Dice | None = None,
        *,
        check: Callable[[], None] | None = None,
        **options: Any,
    ) -> Sheet:
        """Run the pack's action ``action`` (:meth:`team_action`) with its ``options`` on the stored team, in one
        transaction: every entry it makes is an operation :meth:`run` runs, and goes through the engine again
        before it is stored (:meth:`progression.store.Transaction.extend`). The team as stored (:meth:`acted`
        gives the team as the transaction found it too).

        Raises:
            UnknownName: a team not of the league, or an action the pack does not have.
            InvalidInput: an action the league does not let a team run on itself.
            ProgressionError: the rules refuse it, or ``check`` (called before the transaction commits: typed-in
                dice all used) does; nothing was written.
        """
        return self.acted(team, action, dice, check=check, **options)[1]

    @_rebased_with_the_league
    def acted(
        self,
        team: str,
        action: str,
        dice: Dice | None = None,
        *,
        check: Callable[[], None] | None = None,
        **options: Any,
    ) -> tuple[Sheet, Sheet]:
        """:meth:`act`, returning the team as its transaction read it and the team as stored: the entries this
        action appended are the stored ledger's past the first's, whatever another writer stored before the
        transaction began (a team read before the call, and diffed, would show another command's entries as
        this one's).

        Raises:
            as :meth:`act`.
        """
        command = self.team_action(team, action)
        with self.store.transaction() as tx:
            before = tx.sheet(team)
            after: Sheet = command(self.pack, before, dice, **options)
            for entry in after.ledger[len(before.ledger) :]:
                if isinstance(entry, Entry):  # anything else is refused by extend
                    fixture = self._fixture_for(team, entry.operation, tx)
                    check_operation(
                        entry.operation.tag, entry.operation.label, self.name, lenient=False, team=team, fixture=fixture
                    )
            stored = tx.extend(team, after)
            if check is not None:
                check()
        return before, stored

    @_rebased_with_the_league
    def amend(
        self,
        number: int,
        *,
        season: int | None = None,
        dice: Dice | None = None,
        invalid: str = "refuse",
        check: Callable[[], None] | None = None,
        dry_run: bool = False,
        keep_prizes: bool = False,
        **changes: Any,
    ) -> LeagueAmendment:
        """Correct a recorded fixture with ``changes`` to its :class:`Played` fields (``score=(1, 1)``,
        ``home=Side(...)``): both teams' entries of the match are amended (:func:`progression.amend`) and every
        later entry of each is run again, in one transaction.

        A later entry the corrected history makes invalid refuses the amendment (``invalid="refuse"``), or is left
        out (``"drop"``; ``"stop"`` leaves out each team's entries from its first invalid one on). A league leaves
        out of a team only what the team ran on itself (an advancement, a hire, Expensive Mistakes:
        :mod:`~progression_bloodbowl.store.amendments`), never a match, a season's end or a prize, which it wrote
        on more than one team; the fixtures naming entries that moved are renumbered with them, so that every
        fixture still names the entry that recorded it.

        The league's store (``League.store``) amends and rebases a team's sheet too, but it knows no fixture and
        refuses nothing that would break one: through it, amend only a team's own entries, with ``invalid`` left
        ``"refuse"``. ``invalid="drop"`` or ``"stop"`` there moves the team's later entries while the fixtures
        keep their old numbers, and a match's entry amended there changes one team alone; :meth:`verify` finds
        both.

        Raises:
            UnknownName: no such fixture.
            InvalidInput: the fixture was not played yet, a field :class:`Played` does not have, or a season the
                league has not reached.
            LeagueAmendmentRefused: a later entry of either team becomes invalid (``invalid="refuse"``), or is one
                the league wrote on more than one team (whatever ``invalid`` says); nothing changed. Its
                ``reports`` say what became of every entry of both teams, and its message what to do instead.
            progression.errors.OutOfOrder: the season's play-off prizes were given, and the amendment changes its
                table (a place, a team's points or results), which the prizes and the League Trophy would no longer
                follow: refused unless ``keep_prizes`` (then the prizes stand as given, said by a ``UserWarning``).

        Args:
            dry_run: amend and report, then keep nothing (what ``league amend --dry-run`` shows).
            keep_prizes: amend a match of a season whose play-off prizes were given even when its table changes.
        """
        for flag, value in (("dry_run", dry_run), ("keep_prizes", keep_prizes)):
            if not isinstance(value, bool):  # "no" would read as True
                msg = f"{flag} is True or False, got {value!r}"
                raise InvalidInput(msg)
        fields = [field.name for field in attrs.fields(Played)]
        unknown = sorted(set(changes) - set(fields))
        if unknown:
            msg = f"fixture {number!r}: a played fixture has no field {', '.join(map(repr, unknown))}; its fields: {', '.join(fields)}"
            raise InvalidInput(msg)
        try:
            with self.store.transaction() as tx:
                settings, _ = self.settings(tx, check_season=True)
                wanted = season_asked(season, settings)
                fixture, found = self._found_fixture(tx, settings, wanted, number)
                if fixture.played is None:
                    raise InvalidInput(not_played(fixture))
                problems = unheld(fixture, tx.sheet, settings["teams"])
                given = prizes_given(tx.record(f"{PRIZES_RECORD}{wanted}"), settings["teams"], self.store.where)
                table = None if given is None else self._table(tx, settings, wanted)
                if problems:  # amending would write the edited record into both teams
                    msg = f"{problems[0]}: the store was changed outside the library (`league verify` lists it); nothing was amended"
                    raise StoreError(self.store.where, msg)
                played = _played_named(self.pack, attrs.evolve(fixture.played, **changes))
                records = played.records(fixture.round, tx.sheet(fixture.home).name, tx.sheet(fixture.away).name)
                _check_reported(self.pack, *records)
                reports, before = {}, {}
                for team, record in zip((fixture.home, fixture.away), records, strict=True):
                    position = fixture.entries[team]
                    before[team] = tx.sheet(team)
                    entry = before[team].ledger[position - 1]
                    if not isinstance(entry, Entry) or not match_records(entry.operation):
                        msg = f"entry {position} of {team!r} does not record fixture {number}: verify the league"
                        raise InvalidInput(msg)
                    try:  # a refused team writes nothing: go on, so that both teams' reports are said
                        with rolling_for(team):
                            _, report = tx.amend(team, position, _match(record), dice=dice, invalid=invalid)
                    except AmendmentRefused as refused:
                        report = refused.report
                    reports[team] = in_league_words(team, report)
                later = self._fixtures_from(tx, settings, wanted)
                named = {(team, at): f for f in later for team, at in f.entries.items()}
                leaving = left_out(before, reports, named)
                if leaving or (invalid == "refuse" and any(r.refused for r in reports.values())):
                    where = f"fixture {number} of season {wanted}"
                    raise refusal(where, number, wanted, settings["season"], reports, before, leaving, invalid)
                for moved, entries in renumbered(
                    [f for f in later if f.number != number or f.season != wanted], reports
                ):
                    name = fixture_name(moved.season, moved.number)
                    version = cast("Record", tx.record(name)).version
                    tx.put(name, fixture_data(attrs.evolve(moved, entries=entries)), expected=version)
                done = attrs.evolve(fixture, played=played)
                tx.put(fixture_name(wanted, number), fixture_data(done), expected=found.version)
                note = None
                if given is not None and table is not None:
                    note = _prizes_overtaken(settings["name"], wanted, given, table, self._table(tx, settings, wanted))
                if note is not None and not keep_prizes:
                    said = Sentence(
                        (
                            f"{note}, which the prizes and the League Trophy would no longer follow; nothing was "
                            "amended: amend it with ",
                            Way(
                                python=f"League.amend({number}, ..., keep_prizes=True)",
                                command="league amend",
                                args=f"{number} ... --keep-prizes",
                            ),
                            " to correct the match all the same, the prizes standing as given",
                        )
                    )
                    raise OutOfOrder(said)
                if check is not None:  # before the commit: a refusal here writes nothing
                    check()
                amended = LeagueAmendment(fixture=done, reports=reports)
                if dry_run:
                    raise _DryRun(amended)
        except _DryRun as shown:  # rolled back: what it shows is what the amendment would store
            amended = cast("LeagueAmendment", shown.amendment)
        if note is not None:
            warnings.warn(f"{note}: they stand as given, the League Trophy with them", UserWarning, stacklevel=2)
        return amended

    def _fixtures_from(self, tx: Transaction, settings: Mapping[str, Any], season: int) -> list[Fixture]:
        """The played fixtures of ``season`` and every later one up to the current, by season and number: those
        that may name an entry an amendment of a match of ``season`` runs again."""
        found = []
        for each in range(season, settings["season"] + 1):
            found += [self._fixture_of(r) for r in tx.records(f"{FIXTURE_RECORD}{each}/")]
        return [fixture for fixture in found if fixture.played is not None]

    def rebase(
        self, dice: Dice | None = None, *, dry_run: bool = False, check: Callable[[], None] | None = None
    ) -> dict[str, Amendment]:
        """Run every team's history again under the pack's rules as they are now (a new version of its data), in
        one transaction: each team rebased in place (:meth:`progression.store.Transaction.rebase`), or none. A
        league whose teams were made under other rules is refused every change until it is rebased.

        No entry may be left out: a fixture names the entry that recorded it on each team by its number, which
        stays right only when every entry runs again (a rebase keeps each operation, so a match's entry still holds
        the fixture's match, and ``verify`` finds the fixtures whole).

        Args:
            dice: rolls the new rules ask for that the histories never made, rolled team by team in the league's
                order; without them such an entry is refused.
            dry_run: run everything and report it, then keep nothing.
            check: called once every team ran, before the transaction commits (typed-in dice all used).

        Returns:
            Each team's report (:func:`progression.rebase`'s), by id in the league's order.

        Raises:
            LeagueRebaseRefused: the new rules refuse an entry of a team; nothing changed.
            ProgressionError: ``check`` refuses; nothing changed.
        """
        if not isinstance(dry_run, bool):  # "no" would read as True
            msg = f"dry_run (whether league {self.name!r} is only shown rebased) is True or False, got {dry_run!r}"
            raise InvalidInput(msg)
        reports: dict[str, Amendment] = {}
        try:
            with self.store.transaction() as tx:
                settings, _ = self.settings(tx)
                for team in settings["teams"]:
                    try:  # a refused team writes nothing: go on, so that every refusal is said at once
                        with rolling_for(team):
                            report = tx.rebase(team, dice=dice)[1]
                    except AmendmentRefused as refused:
                        report = refused.report
                    reports[team] = in_league_words(team, report)
                if any(report.refused for report in reports.values()):
                    raise LeagueRebaseRefused(settings["name"], self.store.where, self.pack.rules, reports)
                if check is not None:
                    check()
                if dry_run:  # the same run, rolled back: what it shows is what a rebase would store
                    raise _DryRun
        except _DryRun:
            pass
        return reports

    @_rebased_with_the_league
    def new_season(
        self,
        dice: Dice | None = None,
        *,
        retirement: str = "fit",
        redrafts: Mapping[str, Redraft] | None = None,
        check: Callable[[], None] | None = None,
    ) -> int:
        """End the season for every team and start the next, in one transaction: each team runs its re-draft
        (``bloodbowl.redraft``) or the plain off-season (``bloodbowl.new_season``), in the league's order, the
        dice rolled in that order; every team moves on, or none. The new season's number.

        Args:
            retirement: what becomes of temporarily retired players, for every team (``fit`` or ``roll``).
            redrafts: each re-drafting team's choices; None (the default): those :meth:`plan_redraft` kept for the
                season ending (:meth:`redrafts`).
            check: called once every team ran, before the transaction commits (typed-in dice all used).

        Raises:
            UnknownName: a re-draft for a team not of the league.
            InvalidInput: ``redrafts`` given while re-drafts are kept for the season too, or not a mapping of
                teams to :class:`Redraft`; a team still holding a match's inducements.
            progression.errors.OutOfOrder: a fixture of the season not recorded yet, or a team's last post-match sequence still open.
            RulesChanged: a team made under other rules (rebase the league first, :meth:`rebase`): said before its
                open sequence.
            StoreError: a kept re-draft or the season's prizes record was edited in the database (``verify`` lists
                it): it is not read as it is.
            ProgressionError: a team's rules refuse its season's end (its re-draft over budget...): the refusal
                notes the team; nothing changed.
        """
        if isinstance(redrafts, Mapping):
            redrafts = {team: self._redraft_named(team, redraft) for team, redraft in redrafts.items()}
        return end_season(self, dice, retirement=retirement, redrafts=redrafts, check=check)

    # -- the season's end: re-drafts and play-off prizes ------------------------------

    @_rebased_with_the_league
    def plan_redraft(self, team: str, redraft: Redraft | None) -> Sheet | None:
        """Keep ``team``'s re-draft for the end of the current season (replacing any kept before), run by
        :meth:`new_season` with every other team's season's end; ``None`` withdraws it (the team then has the
        plain off-season). The re-draft is tried first on the team as it stands (without dice, temporarily
        retired players back fit), so what the rules refuse (over budget, a player not on the team, fewer than
        11 players, the last match's sequence still open) is refused now. What the season's end rolls and the
        trial does not (each Niggling Injury, a retired player's reductions under ``retirement="roll"``) is
        :func:`~progression_bloodbowl.queries.season_end_rolls`.

        Returns:
            The team as the trial leaves it, to show (nothing of it is stored); None when withdrawn.

        Raises:
            UnknownName: a team not of the league.
            InvalidInput: ``redraft`` is not a :class:`Redraft` or None; None (a withdrawal) while no re-draft is
                kept for the team: nothing was written.
            RulesChanged: the team was made under other rules (rebase the league first, :meth:`rebase`): said
                before what the rules would say of the re-draft.
            ProgressionError: the rules refuse the re-draft; nothing is kept.
        """
        return plan_redraft(self, team, self._redraft_named(team, redraft))

    def _redraft_named(self, team: str, redraft: _Given) -> _Given:
        """``redraft`` with each position of the players it hires read by id or displayed name (``("Lineman",
        "Jo")``), as :func:`~progression_bloodbowl.operations.redraft` reads them, so that the league keeps the
        ids; as it came when it hires none, or it is not a :class:`Redraft` or not for a team of the league (each
        refused where it is read)."""
        if not isinstance(redraft, Redraft) or not redraft.players or team not in self.teams():
            return redraft
        roster = self.team(team).tags.get("team")
        players = tuple((position_named(self.pack, roster, position), name) for position, name in redraft.players)
        return attrs.evolve(redraft, players=players)

    def redrafts(self) -> dict[str, Redraft]:
        """The re-drafts kept for the end of the current season (:meth:`plan_redraft`), by team, in the league's order."""
        return kept_redrafts(self, None, self.season)

    @_rebased_with_the_league
    def award_prizes(self, places: Sequence[str], dice: Dice | None = None) -> dict[str, Sheet]:
        """Give the current season's play-off prizes, once, in one transaction: ``places`` are the teams placed
        first, second and third (fewer when fewer prizes are given), each given its prize
        (``bloodbowl.prize``: 100,000, 60,000, 30,000 into the treasury), the winner the League Trophy, taken
        from the team that holds it (``bloodbowl.lose_trophy``, with its free re-roll) when that is another.

        Returns:
            Each team changed, as stored (the trophy's last holder first, then the places in order).

        Raises:
            UnknownName: a team not of the league.
            InvalidInput: not 1 to 3 different teams, or the season's prizes already given.
            progression.errors.OutOfOrder: a fixture of the season not recorded yet, or a placed team's last post-match sequence
                still open.
            RulesChanged: a team given a prize or losing the trophy was made under other rules (rebase the league
                first, :meth:`rebase`): said before its open sequence.
            StoreError: the season's prizes record was edited in the database (``verify`` lists it): it is not
                read as given.
            ProgressionError: a team's rules refuse its prize; nothing changed.
        """
        return award_prizes(self, places, dice)

    # -- what is read back ----------------------------------------------------------

    def standings(self, season: int | None = None, *, bonus: bool | None = None) -> tuple[Standing, ...]:
        """The table of ``season`` (the current one by default), read from the teams' ledgers by the pack's
        :func:`~progression_bloodbowl.standings`; ``bonus`` as the league was made when None.

        Raises:
            InvalidInput: a season the league has not reached, or no season.
        """
        settings, _ = self.settings(check_season=True)
        wanted = season_asked(season, settings)
        counted = settings["bonus"] if bonus is None else bonus
        return standings(self.pack, [self.store.sheet(t) for t in settings["teams"]], season=wanted, bonus=counted)

    def player_lines(self, team: str) -> tuple[PlayerLine, ...]:
        """Every player's figures in every match the team's ledger records, season by season."""
        self.check_member(team, self.teams())
        return tuple(player_lines(team, self.store.sheet(team)))

    def leaders(self, figure: str, *, season: int | None = None, top: int = 5) -> tuple[tuple[str, str, str, int], ...]:
        """The ``top`` players by ``figure`` (one of ``LEADERS`` (touchdowns, casualties, completions, mvps, spp)) in ``season`` (the current one by default;
        0 for every season): (team, member, name, figure), highest first, then by name.

        Raises:
            UnknownName: a figure not of ``LEADERS``.
            InvalidInput: a season the league has not reached, or no season; ``top`` not a whole number >= 1.
        """
        if figure not in LEADERS:
            raise UnknownName("leaders' figure", figure, LEADERS, "the league's leaders")
        if isinstance(top, bool) or not isinstance(top, int) or top < 1:  # -1 read as a slice: all but the last
            msg = f"top is how many players the leaders list, a whole number >= 1, got {top!r:.60}"
            raise InvalidInput(msg)
        wanted = season_asked(season, self.settings(check_season=True)[0], every=True)
        totals: dict[tuple[str, str], list[Any]] = {}
        for team in self.teams():
            for line in self.player_lines(team):
                if wanted and line.season != wanted:
                    continue
                kept = totals.setdefault((line.team, line.member), [line.name, 0])
                kept[1] += getattr(line, figure)
        ranked = sorted(((t, m, n, v) for (t, m), (n, v) in totals.items() if v), key=lambda r: (-r[3], r[2], r[0]))
        return tuple(ranked[:top])

    def career(self, team: str, member: str) -> Career:
        """A player's matches across seasons, read from his team's ledger: the career of any player the team
        has or had, of no match when no match's record names him yet (hired, or played and earned nothing).

        Raises:
            UnknownName: a team not of the league, or an id that no player of the team has had.
        """
        sheet = self.team(team)
        lines = tuple(line for line in player_lines(team, sheet) if line.member == member)
        if lines:
            return Career(team=team, member=member, name=lines[-1].name, matches=lines)
        players = players_of(sheet)
        if member not in players:
            raise UnknownName("player", member, players, f"team {team!r} (its players, past and present)")
        return Career(team=team, member=member, name=players[member], matches=())

    def history(self, team: str) -> tuple[Result, ...]:
        """Every result of the team, season by season."""
        sheet = self.team(team)
        return tuple(result for season in range(1, season_of(sheet) + 1) for result in results(sheet, season=season))

    def verify(self) -> LeagueCheck:
        """Every team verified (:meth:`progression.store.Store.verify`), and every played fixture checked
        against the entries that recorded it on both teams. A record of the league edited in the database is
        listed, naming it, never raised: settings that are no league's (every sheet of the store is verified
        then), a team they list that the store does not hold, a season they give that is not the one every team
        plays or before one the store holds fixtures of, a fixture record that is no fixture, a kept re-draft
        or a season's prizes that the league never writes; a team whose sheet does not read (its snapshot edited
        in the database) is listed with its verification, and its fixtures are not checked against it."""
        held = self.store.ids()
        settings: list[str] = []
        read: dict[str, Any] | None = None
        try:
            read = self.settings()[0]
            listed: Sequence[str] = read["teams"]
        except StoreError as wrong:  # not JSON, or no league's settings
            settings.append(str(wrong))
            listed = held
        for team in listed:
            if team not in held:
                settings.append(
                    f"store {self.store.where}: record {LEAGUE_RECORD!r} lists the team {team!r}, which the store "
                    "does not hold"
                )
        for team in held:
            if team not in listed:
                settings.append(
                    f"store {self.store.where}: it holds the sheet {team!r}, which record {LEAGUE_RECORD!r} does not "
                    "list as a team of the league"
                )
        teams = {
            team: checks_reworded(self.store.verify(team), functools.partial(in_league, team))
            for team in listed
            if team in held
        }
        unread, sheets = self._sheets_read(teams)
        if read is not None:  # its season against every team's, and every season's fixtures
            seasons = {team: season_of(sheet) for team, sheet in sheets.items()}
            counted = fixture_seasons(self.store.record_names(FIXTURE_RECORD))
            later = {season: count for season, count in counted.items() if season > read["season"]}
            problem = season_problem(read, seasons, later)
            if problem is not None:
                settings.append(f"store {self.store.where}: record {LEAGUE_RECORD!r} does not hold: {problem}")

        def fixture_read(found: Record) -> list[str]:
            fixture = self._fixture_of(found)
            if {fixture.home, fixture.away} <= set(sheets) or not {fixture.home, fixture.away} <= set(teams):
                return unheld(fixture, sheets.__getitem__, tuple(teams))
            return []  # a team whose sheet does not read: said once, with the team

        problems = record_problems(self.store, FIXTURE_RECORD, fixture_read)
        problems += season_end_problems(self, listed)
        return LeagueCheck(teams=teams, fixtures=tuple(problems), settings=tuple(settings), sheets=unread)

    def _sheets_read(self, teams: Mapping[str, Verification]) -> tuple[dict[str, tuple[str, ...]], dict[str, Sheet]]:
        """For each team whose sheet does not read (its snapshot edited in the database), why, worded to be shown
        with the team's verification (which finds the entry that differs, or says why its history does not read):
        said once, not at each of its fixtures, which are not checked against it; and each other team's sheet,
        read once for every fixture it plays."""
        unread: dict[str, tuple[str, ...]] = {}
        sheets: dict[str, Sheet] = {}
        for team, report in teams.items():
            if report.unread:  # its verification says why and where
                unread[team] = ("its fixtures were not checked against it",)
                continue
            try:
                sheets[team] = self.store.sheet(team)
            except StoreTampered as wrong:
                unread[team] = (
                    f"its sheet was changed in the database outside the store: {wrong.what}; it is not read as the "
                    "team, so its fixtures were not checked against it",
                )
            except StoreError as wrong:
                unread[team] = (f"{wrong.reason}; its fixtures were not checked against it",)
        return unread, sheets

    def _table(self, tx: Transaction, settings: Mapping[str, Any], season: int) -> list[tuple[Any, ...]]:
        """The table of ``season`` as the transaction has the teams: each team's name, points and results."""
        table = standings(self.pack, [tx.sheet(t) for t in settings["teams"]], season=season, bonus=settings["bonus"])
        return [
            (r.team, r.points, r.played, r.won, r.drawn, r.lost, r.scored, r.against, r.casualties, r.bonus)
            for r in table
        ]

    def _found_fixture(
        self, reader: Store | Transaction, settings: Mapping[str, Any], season: int, number: int
    ) -> tuple[Fixture, Record]:
        """Fixture ``number`` of ``season`` (checked already) and the record that holds it.

        Raises:
            UnknownName: no such fixture, naming those the season has.
        """
        found = reader.record(fixture_name(season, number))
        if found is None:
            known = [str(self._fixture_of(r).number) for r in reader.records(f"{FIXTURE_RECORD}{season}/")]
            raise UnknownName("fixture", number, known, f"season {season} of league {settings['name']!r}")
        return self._fixture_of(found), found

    def _fixture_for(
        self, team: str, operation: Operation | None = None, tx: Transaction | None = None
    ) -> Callable[[], tuple[Fixture, str] | None]:
        """What finds, when a refusal says it, the fixture of the current season a match of ``team`` is recorded
        on, and what makes it that one: the one of its match's round when ``operation`` holds a match (its number
        is the fixture's round), else the next it plays, not recorded yet; None when there is none (the refusal
        then says where the fixtures are listed). Read in ``tx`` when the refusal is said inside one."""

        def found() -> tuple[Fixture, str] | None:
            season = self.settings(tx)[0]["season"]
            reader: Store | Transaction = self.store if tx is None else tx
            held = [self._fixture_of(r) for r in reader.records(f"{FIXTURE_RECORD}{season}/")]
            mine = sorted((f for f in held if team in (f.home, f.away)), key=lambda f: f.round)
            rounds = [record.number for record in match_records(operation)] if operation is not None else []
            if rounds:
                same = next((f for f in mine if f.round == rounds[0]), None)
                return None if same is None else (same, f"round {same.round}: match {same.round} of {team!r}")
            following = next((f for f in mine if f.played is None), None)
            return None if following is None else (following, f"round {following.round}, the next {team!r} plays")

        return found

    def _fixture_of(self, found: Record) -> Fixture:
        """The fixture a record of this league's store holds (:func:`~progression_bloodbowl.store.records.fixture_of`)."""
        return fixture_of(found, self.store.where)


def _recording(number: int) -> Way:
    """What records fixture ``number`` of the current season: ``League.record(3, ...)`` in a program, ``progression
    league record FILE 3 ...`` on the command line (the match's words for the reader to give)."""
    return Way(python=f"League.record({number}, ...)", command="league record", args=f"{number} ...")


def not_played(fixture: Fixture) -> Sentence:
    """Why ``fixture``, not played yet, is not amended: there is nothing to amend; what records it. (A season ends
    with every fixture recorded: one not played is of the current season, where a match is recorded.)"""
    return Sentence(
        (
            f"fixture {fixture.number} of season {fixture.season} was not played yet: record it (",
            _recording(fixture.number),
            "); there is nothing to amend",
        )
    )


class _DryRun(Exception):
    """Raised out of a transaction to roll back what it did (a dry run); caught at once, with what it showed."""

    def __init__(self, amendment: LeagueAmendment | None = None) -> None:
        super().__init__()
        self.amendment = amendment


def _prizes_overtaken(
    name: str, season: int, given: Sequence[str], before: list[tuple[Any, ...]], after: list[tuple[Any, ...]]
) -> str | None:
    """What an amendment changed of the table of a season whose prizes were given, as the start of a sentence
    (None: the table is the same, places, points and results)."""
    if before == after:
        return None
    places = ("1st", "2nd", "3rd")
    was = {row[0]: (place, row) for place, row in enumerate(before, 1)}
    told = []
    for place, row in enumerate(after, 1):
        old_place, old_row = was[row[0]]
        if (old_place, old_row) != (place, row):
            now = f"{places[place - 1] if place <= 3 else f'{place}th'}, {row[1]} points"
            then = f"{places[old_place - 1] if old_place <= 3 else f'{old_place}th'}, {old_row[1]} points"
            told.append(f"{row[0]} {now} (was {then})")
    listed = ", ".join(f"{place} {team}" for place, team in zip(("first", "second", "third"), given, strict=False))
    return (
        f"the play-off prizes of season {season} of league {name!r} were given ({listed}), and this amendment "
        f"changes its table ({'; '.join(told)})"
    )


def _check_reported(pack: RulePack, home: MatchRecord, away: MatchRecord) -> None:
    """Refuse a fixture's new records that leave out the attendance or a side's MVP nominees
    (:func:`~progression_bloodbowl.match.outcome.check_reported`), each side named as its options are."""
    for side, record in (("home", home), ("away", away)):
        check_reported(pack, record, side=f"{side}.")


def _side_named(pack: RulePack, side: Side, name: str) -> Side:
    """One side of a match with its events and injuries read by id or displayed name (``Touchdown``, ``Badly
    Hurt``), named ``name`` (``home``) as the command line names its options; ``side`` itself when it holds ids
    only, or when it is not a :class:`Side` (the record's check refuses it)."""
    if not isinstance(side, Side):
        return side
    events = events_named(pack, side.events, lambda member: f"the events of player #{member} in {name}.events")
    injuries = injuries_named(pack, side.injuries, lambda member: f"the injury of player #{member} in {name}.injuries")
    if events is side.events and injuries is side.injuries:
        return side
    return attrs.evolve(side, events=events, injuries=injuries)


def _played_named(pack: RulePack, played: Played) -> Played:
    """Both sides of ``played`` read by :func:`_side_named`, so that the fixture and both teams keep ids."""
    home, away = _side_named(pack, played.home, "home"), _side_named(pack, played.away, "away")
    if home is played.home and away is played.away:
        return played
    return attrs.evolve(played, home=home, away=away)


def _match(record: MatchRecord) -> Operation:
    return record_match.operation(match=record)  # type: ignore[attr-defined, no-any-return]


def _no_round_after(home: str, away: str, default: int, taken: set[tuple[int, str]]) -> Sentence:
    """The refusal of a fixture added with no round when the round after both teams' last fixture (``default``)
    is past the last match number: it says the round was the default, not given, and which round to give."""
    last = default - 1
    playing = [repr(team) for team in (home, away) if (last, team) in taken]
    plays = "play" if len(playing) > 1 else "plays"
    said = (
        f"no round was given, and the default, the round after both teams' last fixture, would be round "
        f"{default:,} ({' and '.join(playing)} already {plays} in round {last:,}), past the last match number: "
    )
    free = next((n for n in MATCH_NUMBERS if not {(n, home), (n, away)} & taken), None)
    if free is None:
        return Sentence((said + f"{home!r} and {away!r} have no round free for both, so no fixture can be added",))
    return Sentence(
        (
            said + "give a round in which neither plays, such as the first free for both (",
            Way(
                python=f"League.add_fixture({home!r}, {away!r}, round={free})",
                command="league fixtures",
                args=command_line("--add", home, away, "--round", str(free)),
            ),
            ")",
        )
    )
