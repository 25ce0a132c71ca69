"""A pack's league kept in a store, declared for ``progression league ...``.

The command line knows no pack, and no league: it knows that a pack may declare one
(:attr:`Contract.league <progression.contract.Contract.league>`), a :class:`League` naming the pack's class
that keeps a league in a store, and that this class has the methods of :class:`LeagueBook`. The command
line opens the store (:func:`progression.open_store`), makes or opens the pack's league in it, calls one
method, and prints what it returns: plain rows, sheets, and the core's own reports
(:class:`~progression.history.Amendment`, :class:`~progression.history.Verification`), and what ``league verify``
found, a :class:`LeagueVerification` the pack makes. What a match is
(its score, each side's players) is the pack's: :attr:`League.options` declares the ``KEY=VALUE`` words of
``league record`` and ``league amend``, which the command line checks before the pack reads them as text.

The declaration is checked when the pack is made: a class without one of the methods, a method of the
wrong shape, no figures to rank leaders by.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import attrs

from progression._frozen import freeze
from progression.errors import InvalidInput, UnknownName
from progression.rulepacks.books import check_book
from progression.rulepacks.commands import Command, Signature
from progression.rulepacks.options import Option
from progression.rules.parts import texts

if TYPE_CHECKING:
    from progression.engine.dice import Dice
    from progression.history.amend import Amendment
    from progression.history.verify import Verification
    from progression.ledger.sheet import Sheet
    from progression.store.store import Store

__all__ = ["METHODS", "OPTIONAL", "SEASON_END", "League", "LeagueBook", "LeagueVerification", "Rows"]

#: A table as the command line prints it: one mapping per row, its keys the columns.
Rows = Sequence[Mapping[str, object]]


def _sentences(what: str, value: Iterable[str]) -> tuple[str, ...]:
    """``value`` as a tuple of sentences (:func:`~progression.rules.parts.texts`), or a refusal naming ``what`` (a
    lone text is refused: it would be read letter by letter)."""
    expected = f"expected a sequence of sentences (texts) as the {what} of a league verification, got"
    return texts(value, lambda whole: f"{expected} {whole!r}", lambda item: f"{expected} {item!r} among them")


def _teams(value: Mapping[str, Verification]) -> Mapping[str, Verification]:
    """``value`` copied, read-only, or a refusal. Each report is read by what a Verification has (``ok`` and its
    ``lines``): this module lies below the history that makes them (the layers of the core), so ``league verify``
    checks their class where it reads a pack's."""
    if not isinstance(value, Mapping) or not all(isinstance(team, str) for team in value):
        msg = (
            f"expected a mapping of each team's id (a text) to its Verification as the teams of a league "
            f"verification, got {value!r}"
        )
        raise InvalidInput(msg)
    for team, report in value.items():
        if not isinstance(getattr(report, "ok", None), bool) or not callable(getattr(report, "lines", None)):
            msg = (
                f"expected a Verification (progression.history.Verification) as the report of team {team!r} "
                f"among the teams of a league verification, got {report!r:.60}"
            )
            raise InvalidInput(msg)
    return freeze(value)


def _fixtures(value: Iterable[str]) -> tuple[str, ...]:
    return _sentences("fixtures", value)


def _settings(value: Iterable[str]) -> tuple[str, ...]:
    return _sentences("settings", value)


def _problems(value: Mapping[str, Iterable[str]]) -> Mapping[str, tuple[str, ...]]:
    if not isinstance(value, Mapping):
        msg = (
            f"expected a mapping of a team's id to the sentences of its problems as the problems of a league "
            f"verification, got {value!r}"
        )
        raise InvalidInput(msg)
    found = {team: _sentences(f"problems of the team {team!r}", said) for team, said in value.items()}
    return freeze({team: said for team, said in found.items() if said})  # a team with none is one without


@attrs.frozen(kw_only=True)
class LeagueVerification:
    """What :meth:`LeagueBook.verify` found, as ``progression league verify`` prints it: each team's
    :class:`~progression.history.Verification`, and each problem of the league's records as a sentence
    (listed, never raised), those of its settings apart from those of its fixtures, and those of a team as
    stored (its sheet edited in the database) beside that team's verification. Each part is a copy of what it
    is given, refused (:class:`~progression.errors.InvalidInput`) when it is not of its kind; a team's report
    that is no Verification is refused by ``league verify``.

    ::

        LeagueVerification(teams={"anvils": store.verify("anvils")}, fixtures=["fixture 2 of season 1: ..."])
    """

    #: Team id -> its verification (:meth:`progression.store.Store.verify`), in the order to show them.
    teams: Mapping[str, Verification] = attrs.field(converter=_teams)
    #: One sentence per played fixture its teams' entries do not hold, and per record of the league (other than
    #: its settings) edited in the database.
    fixtures: tuple[str, ...] = attrs.field(default=(), converter=_fixtures)
    #: One sentence per problem of the league's own settings record (``settings`` in ``league verify --json``).
    settings: tuple[str, ...] = attrs.field(default=(), converter=_settings)
    #: Team id (one of :attr:`teams`) -> what else is wrong with the team as stored beside its verification (its
    #: sheet edited in the database, not read): said under the team's verification, its ``problems`` in JSON.
    problems: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict, converter=_problems)

    @problems.validator
    def _of_teams(self, _: attrs.Attribute[Mapping[str, tuple[str, ...]]], value: Mapping[str, object]) -> None:
        for team in value:
            if team not in self.teams:
                msg = (
                    f"the problems of a league verification name the team {team!r}, which is not among its teams "
                    f"({', '.join(map(repr, self.teams)) or 'none'}): a team's problems are said with its verification"
                )
                raise InvalidInput(msg)

    @property
    def ok(self) -> bool:
        """Whether every team holds (:meth:`holds`) and the league's settings and fixtures have no problem."""
        return not self.fixtures and not self.settings and all(self.holds(team) for team in self.teams)

    def holds(self, team: str) -> bool:
        """Whether every entry of ``team`` holds under the rules and nothing else is wrong with it as stored.

        Raises:
            UnknownName: ``team`` is not among :attr:`teams`.
        """
        if team not in self.teams:
            raise UnknownName("team", team, self.teams, "the league verification")
        return self.teams[team].ok and not self.problems.get(team)

    def lines(self) -> Iterator[str]:
        """The verification as ``league verify`` prints it: each team's (headed by its id, the rules' fingerprint
        only when an entry does not hold, :meth:`Verification.lines <progression.history.Verification.lines>`) with
        its problems beneath, then the settings' problems, then the fixtures'."""
        for team, report in self.teams.items():
            yield from report.lines(team, rules=False)
            yield from (f"  {problem}" for problem in self.problems.get(team, ()))
        yield from self.settings
        yield from self.fixtures


class LeagueBook(Protocol):
    """What ``progression league ...`` asks of a pack's league in a store (``League.book``).

    Its ``new`` and ``open`` are class methods given the open store; the store is the command line's to
    close. A refusal is a :class:`~progression.errors.ProgressionError`, as everywhere.
    """

    @classmethod
    def new(cls, store: Store, name: str) -> LeagueBook:
        """Make a league called ``name`` in a new store."""

    @classmethod
    def open(cls, store: Store) -> LeagueBook:
        """The league a store holds."""

    def about(self) -> Mapping[str, object]:
        """The league's name, its current ``season`` and its ``teams`` (their ids)."""

    def team(self, team: str) -> Sheet:
        """The team's sheet as stored."""

    def add_teams(self, teams: Mapping[str, Sheet]) -> Mapping[str, Sheet]:
        """Store team sheets under their ids (verified first), in one transaction: every one, or none. Each as
        stored."""

    def export_team(self, team: str, path: str | os.PathLike[str], *, force: bool) -> os.PathLike[str]:
        """Write the team to a sheet file."""

    def update_team(self, team: str, sheet: Sheet) -> Sheet:
        """Store the entries ``sheet`` (a team's file brought back, ``league team import`` under the id of a team
        of the league) adds past the stored team, in one transaction; a sheet whose history does not extend the
        stored one, or that adds what a team does not run on itself, is refused. The team as stored. Optional: a
        class without it adds a team file only as a new team."""

    def schedule(self, kind: str, *, legs: int) -> None:
        """Make the current season's fixtures (``kind``: one of :attr:`League.schedules`)."""

    def fixtures(self, season: int | None) -> Rows:
        """The fixtures of ``season`` (the current one when None), the first column their number. A season the
        league has not reached, or below 1, is refused (``InvalidInput`` naming the seasons it has: the command
        line's ``--season`` leans on it, here and in :meth:`amend`, :meth:`standings` and :meth:`leaders`)."""

    def record(self, fixture: int, dice: Dice, *, check: Callable[[], None], **options: str) -> Mapping[str, Sheet]:
        """Record ``fixture`` as played, with both sides' options as text: each team changed (its id, its
        sheet whose last entry is the match), in one transaction. ``check`` is called in that transaction
        once every team ran, before it commits (the command line's: the dice typed in were all used)."""

    def amend(
        self, fixture: int, dice: Dice, *, season: int | None, invalid: str, check: Callable[[], None], **options: str
    ) -> Mapping[str, Amendment]:
        """Correct a recorded fixture, ``check`` called before the commit as for :meth:`record`: each team's
        report of :func:`progression.amend`. A class may also take ``dry_run`` (keep nothing: ``league amend
        --dry-run``) and ``keep_prizes`` (amend a season whose prizes were given: ``--keep-prizes``); the command
        line refuses those flags for one that does not."""

    def team_action(self, team: str, action: str) -> Command:
        """The pack's action ``action``, which a team of the league runs on itself (``league do``); a
        refusal that names what to use instead when the league runs it otherwise (a match). Optional, with
        :meth:`do`: a class without them runs no team's actions."""

    def do(self, team: str, action: str, dice: Dice, *, check: Callable[[], None], **options: object) -> Sheet:
        """Run ``action`` (:meth:`team_action`) on ``team`` with its options, read by the command line from the
        action's declaration, in one transaction, ``check`` called before the commit as for :meth:`record`:
        the team as stored."""

    def acted(
        self, team: str, action: str, dice: Dice, *, check: Callable[[], None], **options: object
    ) -> tuple[Sheet, Sheet]:
        """:meth:`do`, returning the team as the transaction read it and as it stored it, so that the command
        line prints only the entries this command appended, whatever another command wrote meanwhile. Optional:
        without it, the command line reads the team before :meth:`do`."""

    def rebase(self, dice: Dice, *, check: Callable[[], None], dry_run: bool) -> Mapping[str, Amendment]:
        """Run every team's history again under the pack's rules as they are now (a league made under an earlier
        version of its data), in one transaction, ``check`` called before the commit as for :meth:`record`; with
        ``dry_run``, keep nothing: each team's report of :func:`progression.rebase`. A refusal that has
        ``reports`` (team -> report, as returned) has them printed before it. Optional: a class without it is
        not rebased (``league rebase`` says so)."""

    def standings(self, season: int | None, *, bonus: bool | None) -> Rows:
        """The table of ``season``; ``bonus`` counts the bonus points (None: as the league was made)."""

    def leaders(self, figure: str, *, season: int | None, top: int) -> Rows:
        """The ``top`` players by ``figure`` (one of :attr:`League.leaders`), highest first, in ``season`` (0: every
        season; a season not reached refused as by :meth:`fixtures`)."""

    def career(self, team: str, player: str) -> Rows:
        """A player's figures, season by season, then the total."""

    def player(self, team: str, word: str) -> tuple[str, str]:
        """The id and the name of the player of ``team`` that ``word`` names (his id, or his name; a player the team
        had too), for ``league player``'s title; a word that names none refused listing the team's players, each id
        with his name. Optional: without it, the word is the player's id, titled with the name of a player the team
        has."""

    def history(self, team: str) -> Rows:
        """Every result of the team, season by season."""

    def verify(self) -> LeagueVerification:
        """Every team verified, and each problem of the league's records as a sentence, listed, never raised: a
        fixture its teams' entries do not hold, a record edited in the database, the league's own settings, a team
        whose stored sheet is not read. (A class returning the tuple of before, ``(teams, fixtures)``, then
        ``settings``, then each team's problems, is read for this release, with a ``DeprecationWarning``.)"""

    # -- the season's end (optional: a class without them ends no season from the command line) ------------

    def new_season(self, dice: Dice, *, retirement: str | None, check: Callable[[], None]) -> Mapping[str, Sheet]:
        """End the season for every team and start the next (``league new-season``), in one transaction, each team
        with its re-draft (:meth:`plan_redraft`) or the plain off-season; ``retirement``: the pack's rule for
        temporarily retired players (None: its default); ``check`` called before the commit as for :meth:`record`.
        Each team as stored, its last entry its season's end."""

    def redraft_action(self, team: str) -> Command:
        """The declaration of the ``KEY=VALUE`` words of ``team``'s re-draft (``league redraft``): read by the
        command line by their types, given to :meth:`plan_redraft`, listed by ``--help`` and completion."""

    def plan_redraft(self, team: str, options: Mapping[str, object] | None) -> Sheet | None:
        """Keep ``team``'s re-draft (its options, read from :meth:`redraft_action`) for the end of the current
        season, replacing any kept before, tried first; None withdraws it. The team as the trial leaves it, to
        show (nothing of it is stored); None when withdrawn."""

    def redraft_rolls(self, team: str) -> Sequence[str]:
        """What the season's end will roll for ``team`` that the trial of :meth:`plan_redraft`, made without dice,
        did not, one sentence each (``league redraft`` prints them after the trial, so that it shows nothing the
        season's end would not do without saying so). Optional: a class without it says nothing of rolls."""

    def redrafts(self) -> Rows:
        """The re-drafts kept for the end of the current season, one row per team, the first column its id."""

    def award_prizes(self, places: Sequence[str]) -> Mapping[str, Sheet]:
        """Give the current season's play-off prizes once (``league prizes``), ``places`` the teams placed first,
        second... (:attr:`League.places`), in one transaction: each team changed, as stored."""

    def add_fixture(self, home: str, away: str, *, round: int | None) -> None:
        """Add one fixture to the current season (``league fixtures --add``): a play-off, a final; ``round``
        None: the pack's default."""

    def remove_fixture(self, number: int) -> object:
        """Remove fixture ``number`` of the current season, not recorded yet (``league fixtures --remove``): one
        added by mistake. A recorded fixture is refused."""


#: The methods a pack's league class must have, and what each is given first.
METHODS: dict[str, tuple[str, ...]] = {
    "new": ("store", "name"),
    "open": ("store",),
    "about": (),
    "team": ("team",),
    "add_teams": ("teams",),
    "export_team": ("team", "path"),
    "schedule": ("kind",),
    "fixtures": ("season",),
    "record": ("fixture", "dice"),
    "amend": ("fixture", "dice"),
    "standings": ("season",),
    "leaders": ("figure",),
    "career": ("team", "player"),
    "history": ("team",),
    "verify": (),
}

#: The methods a pack's league class may have (``league team import`` over a team, ``league do``, ``league rebase``),
#: checked as :data:`METHODS` when it has them.
OPTIONAL: dict[str, tuple[str, ...]] = {
    "update_team": ("team", "sheet"),
    "team_action": ("team", "action"),
    "do": ("team", "action", "dice"),
    "acted": ("team", "action", "dice"),
    "rebase": ("dice",),
}

#: The methods of a season's end a pack's league class may have (``league new-season``, ``league redraft``,
#: ``league prizes``, ``league fixtures --add`` and ``--remove``), checked as :data:`METHODS` when it has them.
SEASON_END: dict[str, tuple[str, ...]] = {
    "new_season": ("dice",),
    "redraft_action": ("team",),
    "plan_redraft": ("team", "options"),
    "redraft_rolls": ("team",),
    "redrafts": (),
    "award_prizes": ("places",),
    "add_fixture": ("home", "away"),
    "remove_fixture": ("number",),
}


def _texts(value: Sequence[str]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


@attrs.frozen(kw_only=True)
class League(Command):
    """A league the pack keeps in a store (``progression league ...``): its class, the figures its leaders are
    ranked by, the schedules it makes, and the ``KEY=VALUE`` options of a match (``league record``, ``league
    amend``), each read as text by the class.

    ::

        League(book=MyLeague, leaders=("touchdowns", "casualties"), options=[Option(name="score", type=str)])
    """

    role: ClassVar[str] = "league"
    fixed: ClassVar[tuple[str, ...]] = ()

    name: str = "league"
    #: The pack's league class, with the methods of :class:`LeagueBook`.
    book: type[Any]
    #: The figures ``league leaders --what`` ranks by; the first is the default.
    leaders: tuple[str, ...] = attrs.field(converter=_texts)
    #: The schedules ``league fixtures --schedule`` makes.
    schedules: tuple[str, ...] = attrs.field(default=("round-robin",), converter=_texts)
    #: The play-off places ``league prizes`` gives, in order (``first=TEAM second=TEAM ...``).
    places: tuple[str, ...] = attrs.field(default=("first", "second", "third"), converter=_texts)

    @property
    def what(self) -> str:
        return "league record"

    def _source_doc(self) -> str | None:
        return self.book.__doc__ if isinstance(self.book, type) else None

    def _read(self) -> Signature:
        methods = METHODS
        if isinstance(self.book, type) and not hasattr(self.book, "add_teams") and hasattr(self.book, "add_team"):
            warnings.warn(
                f"{self.book.__qualname__}.add_team(team, sheet) of a league class is deprecated: a league class has "
                "add_teams(teams), which stores every team of a `league team add` or none; the command line "
                "calls add_team for this release",
                DeprecationWarning,
                stacklevel=2,
            )
            methods = {**{m: lead for m, lead in METHODS.items() if m != "add_teams"}, "add_team": ("team", "sheet")}
        if isinstance(self.book, type):
            methods = {
                **methods,
                **{m: lead for m, lead in {**OPTIONAL, **SEASON_END}.items() if hasattr(self.book, m)},
            }
        check_book("league", self.book, methods)
        if not self.leaders or not all(isinstance(f, str) and f for f in self.leaders):
            msg = (
                f"expected the figures leaders are ranked by (one or more texts) as the leaders of a league, "
                f"got {self.leaders!r}"
            )
            raise InvalidInput(msg)
        if not self.schedules or not all(isinstance(s, str) and s for s in self.schedules):
            msg = f"expected the schedules it makes (one or more texts) as the schedules of a league, got {self.schedules!r}"
            raise InvalidInput(msg)
        if not self.places or not all(isinstance(p, str) and p.isidentifier() for p in self.places):
            msg = (
                f"expected the play-off places in order (one or more words) as the places of a league, "
                f"got {self.places!r}"
            )
            raise InvalidInput(msg)
        options: tuple[Option, ...] = self.options or ()
        return Signature(options=options, text=True)

    def data(self) -> dict[str, object]:
        return {
            **super().data(),
            "leaders": list(self.leaders),
            "schedules": list(self.schedules),
            "places": list(self.places),
        }
