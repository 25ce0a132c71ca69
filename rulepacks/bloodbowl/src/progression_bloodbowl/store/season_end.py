"""The end of a season in a league kept in a store: each team's re-draft, chosen before the season ends, and the
play-off prizes.

A season ends for every team at once (:meth:`League.new_season <progression_bloodbowl.types.League.new_season>`):
each team runs the plain off-season (``bloodbowl.new_season``) or its re-draft (``bloodbowl.redraft``), with
the choices its coach made (a :class:`Redraft`). A coach's choices are long (the players kept, those hired, the
staff bought), so a league lets each team's be given on its own before the season ends
(:meth:`League.plan_redraft <progression_bloodbowl.types.League.plan_redraft>`), tried at once on the team as it
stands, and kept as a record of the store, ``bloodbowl.redraft/<season>/<team>``, until the season ends.

The play-off prizes of a season are given once (``bloodbowl.prizes/<season>`` records to whom): the places'
prizes (``bloodbowl.prize``), and the League Trophy taken from last season's holder (``bloodbowl.lose_trophy``)
when another team wins it.

The :class:`League <progression_bloodbowl.types.League>`'s methods are the public face of the season's end; the
functions here do their work, and :func:`season_end_problems` lists what :meth:`League.verify
<progression_bloodbowl.types.League.verify>` finds wrong in these records.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from progression import Dice, Operation, RulePack, Sheet
from progression.dice import rolling_for
from progression.errors import InvalidInput, OutOfOrder, ProgressionError, Sentence, StoreError, UnknownName, Way
from progression.operations import check_rules
from progression.spelling import command_line

from ..data.access import data_of
from ..league.season import RETIREMENT, _redraft, _season_turns, check_redraft_choice
from ..league.season import redraft as try_redraft
from ..league.standings import _lose_trophy, _prize
from ..team.sequence import STANDING_WORDS, still_open, still_open_sentence
from .records import FIXTURE_RECORD, LEAGUE_RECORD, fixture_of, record_problems, shown

if TYPE_CHECKING:
    from progression.store import Record, Transaction

    from .league import League

__all__ = ["PRIZES_RECORD", "REDRAFT_RECORD", "Redraft"]

#: The start of the record of a team's re-draft: ``bloodbowl.redraft/<season>/<team>``.
REDRAFT_RECORD = "bloodbowl.redraft/"
#: The start of the record of a season's play-off prizes: ``bloodbowl.prizes/<season>``.
PRIZES_RECORD = "bloodbowl.prizes/"
#: The places a play-off prize goes to, in order.
PLACES = ("first", "second", "third")


def _tupled(value: object) -> object:
    """A list (as JSON keeps it) as a tuple, each item too; anything else as given."""
    return tuple(_tupled(v) for v in value) if isinstance(value, list | tuple) else value


def _kept(value: object) -> object:
    """``keep`` as given checked (:func:`~progression_bloodbowl.league.season.check_redraft_choice`), as a tuple."""
    check_redraft_choice("keep", value)
    return _tupled(value)


def _hired(value: object) -> object:
    """``players`` as given checked, as a tuple of pairs."""
    check_redraft_choice("players", value)
    return _tupled(value)


def _checked(_: object, field: attrs.Attribute[Any], value: Any) -> None:
    """A count, a flag or the cap of a re-draft checked as it is given, naming the field."""
    check_redraft_choice(field.name, value)


@attrs.frozen(kw_only=True)
class Redraft:
    """One team's choices at a re-draft: what :func:`~progression_bloodbowl.operations.redraft` takes besides the
    team, the dice and the rule for temporarily retired players (the league's, for every team at once).

    A choice of the wrong kind is refused as the re-draft is made (an
    :class:`~progression.errors.InvalidInput` naming the field, what it is and what came: ``re-draft: rerolls is
    a whole number >= 0, got '2'``); who may be kept, and what the budget pays for, is
    the team's to say when the re-draft is tried or run.
    """

    #: The ids of the players re-hired (at Current Value plus the agent fee).
    keep: tuple[str, ...] = attrs.field(converter=_kept)
    #: The players hired, as ``(position, name)``.
    players: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_hired)
    rerolls: int = attrs.field(default=0, validator=_checked)
    assistant_coaches: int = attrs.field(default=0, validator=_checked)
    cheerleaders: int = attrs.field(default=0, validator=_checked)
    apothecary: bool = attrs.field(default=False, validator=_checked)
    dedicated_fans: int = attrs.field(default=0, validator=_checked)
    #: The budget's cap (None: the recommended one); ``capped=False`` for a league without a cap.
    cap: int | None = attrs.field(default=None, validator=_checked)
    capped: bool = attrs.field(default=True, validator=_checked)

    def data(self) -> dict[str, Any]:
        """The choices as JSON data (as the league's store keeps them)."""
        data: dict[str, Any] = attrs.asdict(self)
        data["keep"] = list(self.keep)
        data["players"] = [list(pair) for pair in self.players]
        return data

    def choices(self) -> dict[str, Any]:
        """The choices by name, as the re-draft's operation and its trial take them."""
        return {field.name: getattr(self, field.name) for field in attrs.fields(Redraft)}

    def operation(self, *, retirement: str, rolled: bool) -> Operation:
        """The operation that ends a team's season with these choices (``bloodbowl.redraft``)."""
        return _redraft.operation(**self.choices(), retirement=retirement, rolled=rolled)  # type: ignore[attr-defined, no-any-return]


def season_operation(redraft: Redraft | None, *, retirement: str, rolled: bool) -> Operation:
    """The operation that ends a team's season: its re-draft, or the plain off-season."""
    if redraft is not None:
        return redraft.operation(retirement=retirement, rolled=rolled)
    return _season_turns.operation(retirement=retirement, rolled=rolled)  # type: ignore[attr-defined, no-any-return]


def redraft_name(season: int, team: str) -> str:
    return f"{REDRAFT_RECORD}{season}/{team}"


def redraft_of(value: object, name: str, where: str) -> Redraft | None:
    """The re-draft a record holds (None: withdrawn), as :meth:`Redraft.data` wrote it; a record edited into
    anything else (a key it does not write, a count that is no whole number, an apothecary neither yes nor no) is
    refused with a :class:`~progression.errors.StoreError` naming it, never shown or run as it reads."""
    if value is None:
        return None
    if not isinstance(value, dict):
        problem: str | None = f"it holds {shown(value)}, where a re-draft holds {', '.join(_REDRAFT_KEYS)}"
    elif (problem := _redraft_problem(value)) is None:
        return Redraft(**value)
    raise StoreError(where, f"record {name!r} is not a team's re-draft: {problem}")


#: The keys of a re-draft's record, as :meth:`Redraft.data` writes them.
_REDRAFT_KEYS = tuple(field.name for field in attrs.fields(Redraft))


def _redraft_problem(value: dict[str, Any]) -> str | None:
    """What in a re-draft's record :meth:`Redraft.data` never writes, in words (None: nothing)."""
    if set(value) != set(_REDRAFT_KEYS):
        return f"it holds {', '.join(sorted(value)) or 'nothing'}, where a re-draft holds {', '.join(_REDRAFT_KEYS)}"
    keep, players = value["keep"], value["players"]
    if not isinstance(keep, list) or not all(isinstance(m, str) and m for m in keep) or len(set(keep)) < len(keep):
        return f"its keep is the ids of different players, got {shown(keep)}"
    pairs = isinstance(players, list) and all(isinstance(p, list) and len(p) == 2 for p in players)
    if not pairs or not all(isinstance(text, str) and text for pair in players for text in pair):
        return f"its players are pairs of a position and a name, got {shown(players)}"
    for key in ("rerolls", "assistant_coaches", "cheerleaders", "dedicated_fans"):
        if type(value[key]) is not int or value[key] < 0:
            return f"its {key} is a whole number >= 0, got {shown(value[key])}"
    for key in ("apothecary", "capped"):
        if type(value[key]) is not bool:
            return f"its {key} is yes or no, got {shown(value[key])}"
    if value["cap"] is not None and (type(value["cap"]) is not int or value["cap"] < 0):
        return f"its cap is none or a whole number of gold pieces >= 0, got {shown(value['cap'])}"
    return None


def check_redrafts(redrafts: object, teams: Sequence[str], check_team: Any) -> dict[str, Redraft]:
    """``redrafts`` as a mapping of teams of the league to their :class:`Redraft`, or a refusal naming what came."""
    if not isinstance(redrafts, Mapping):
        msg = f"redrafts maps teams of the league to their re-drafts ({{'anvils': Redraft(...)}}), got {redrafts!r:.60}"
        raise InvalidInput(msg)
    for team, redraft in redrafts.items():
        check_team(team, teams)
        if not isinstance(redraft, Redraft):
            msg = f"the re-draft of team {team!r} is a Redraft (keep=..., players=...), got {redraft!r:.60}"
            raise InvalidInput(msg)
    return dict(redrafts)


def check_places(places: object, teams: Sequence[str], check_team: Any, prizes: int) -> tuple[str, ...]:
    """``places``: the teams placed first, second, third... (at most one per prize), each of the league, once."""
    if isinstance(places, str) or not isinstance(places, Sequence) or not 1 <= len(places) <= prizes:
        msg = f"the play-off places are the teams placed first to {PLACES[prizes - 1]} (1 to {prizes} teams, in order), got {places!r:.60}"
        raise InvalidInput(msg)
    for team in places:
        check_team(team, teams)
    twice = sorted({team for team in places if places.count(team) > 1})
    if twice:
        msg = (
            f"a team takes one play-off place, got {twice[0]!r} in {places.count(twice[0])} places: {', '.join(places)}"
        )
        raise InvalidInput(msg)
    return tuple(places)


def prizes_of(pack: RulePack) -> int:
    """How many play-off places the pack's rules give a prize to."""
    return len(data_of(pack).rules.league.prizes)


def prize_operation(place: int) -> Operation:
    """The operation that gives the prize of ``place`` (1: first) to a team (``bloodbowl.prize``)."""
    return _prize.operation(place=place)  # type: ignore[attr-defined, no-any-return]


def trophy_lost() -> Operation:
    """The operation that takes the League Trophy from the team that holds it (``bloodbowl.lose_trophy``)."""
    return _lose_trophy.operation()  # type: ignore[attr-defined, no-any-return]


def end_season(
    league: League,
    dice: Dice | None = None,
    *,
    retirement: str = "fit",
    redrafts: Mapping[str, Redraft] | None = None,
    check: Callable[[], None] | None = None,
) -> int:
    """What :meth:`League.new_season <progression_bloodbowl.types.League.new_season>` does: every team's
    season ended, in one transaction. The new season's number."""
    with league.store.transaction() as tx:
        settings, version = league.settings(tx, check_season=True)
        season = settings["season"]
        # The league's option, for every team: said before any team or the season is looked at, naming no team.
        where = f"the end of season {season} of league {settings['name']!r}"
        if not isinstance(retirement, str) or retirement not in RETIREMENT:
            raise UnknownName("retirement rule", str(retirement), RETIREMENT, where)
        if retirement == "roll" and dice is None:
            msg = f"{where} with retirement='roll' rolls a D6 per characteristic reduction: pass dice"
            raise InvalidInput(msg)
        kept = kept_redrafts(league, tx, season)
        # Read (never trusted) only to refuse a record edited in the database, as the prizes and a fixture do.
        prizes_given(tx.record(f"{PRIZES_RECORD}{season}"), settings["teams"], league.store.where)
        # Nothing can be done on a team of other rules (not even recording its fixtures), so that is said first.
        check_rules_of(league.pack, tx, settings["teams"])
        check_played(league, tx, settings, f"season {season + 1} begins")
        if redrafts is not None and kept:
            msg = (
                f"season {season} of league {settings['name']!r} keeps the re-drafts of {', '.join(kept)}, and "
                "redrafts were given too: give redrafts=None to run those kept, or withdraw them "
                "(League.plan_redraft(team, None)) first"
            )
            raise InvalidInput(msg)
        chosen = kept if redrafts is None else check_redrafts(redrafts, settings["teams"], league.check_member)
        check_sequences_ended(tx, settings["teams"], f"a new season (season {season} of the league did not end)")
        for team in settings["teams"]:
            redraft = chosen.get(team)
            operation = season_operation(redraft, retirement=retirement, rolled=dice is not None)
            try:
                with rolling_for(team):
                    tx.run(team, operation, dice)
            except ProgressionError as refused:
                what = "its re-draft" if redraft is not None else "its off-season"
                refused.add_note(f"team {team!r}, {what}: season {season} of the league did not end")
                raise
        settings["season"] += 1
        tx.put(LEAGUE_RECORD, settings, expected=version)
        if check is not None:
            check()
    return int(settings["season"])


def plan_redraft(league: League, team: str, redraft: Redraft | None) -> Sheet | None:
    """What :meth:`League.plan_redraft <progression_bloodbowl.types.League.plan_redraft>` does: the re-draft
    tried on the team as it stands, then kept (None: withdrawn). The team as the trial leaves it."""
    if redraft is not None and not isinstance(redraft, Redraft):
        msg = f"the re-draft of team {team!r} is a Redraft (keep=..., players=...) or None, got {redraft!r:.60}"
        raise InvalidInput(msg)
    with league.store.transaction() as tx:
        settings, _ = league.settings(tx, check_season=True)
        league.check_member(team, settings["teams"])
        tried = None
        if redraft is None:
            _check_kept(league, tx, settings, team)
        else:
            check_rules_of(league.pack, tx, [team])  # the trial reads the team under the pack's rules
            check_sequences_ended(tx, [team], "a re-draft")  # in the league's words, before the team's own refusal
            try:
                tried = try_redraft(league.pack, tx.sheet(team), **redraft.choices())
            except ProgressionError as refused:
                refused.add_note(f"team {team!r}, its re-draft: nothing was kept")
                raise
        name = redraft_name(settings["season"], team)
        tx.put(name, None if redraft is None else redraft.data())
    return tried


def _check_kept(league: League, tx: Transaction, settings: dict[str, Any], team: str) -> None:
    """Refuse to withdraw ``team``'s re-draft when none is kept for the season ending: there is nothing to
    withdraw (saying it withdrew one, and writing a record, would tell the coach of a choice never made)."""
    kept = kept_redrafts(league, tx, settings["season"])
    if team not in kept:
        listed = f"kept: {', '.join(kept)}" if kept else "none is kept"
        msg = (
            f"team {team!r} has no re-draft kept for the end of season {settings['season']} of league "
            f"{settings['name']!r}, so none is withdrawn ({listed})"
        )
        raise InvalidInput(msg)


def check_played(league: League, tx: Transaction, settings: dict[str, Any], what: str) -> None:
    """Refuse ``what`` (the season's end, its prizes) while a fixture of the current season is not recorded, or
    before it has any: a season ended with none would be skipped (a second ``new-season`` in a row)."""
    season = settings["season"]
    fixtures = [fixture_of(r, league.store.where) for r in tx.records(f"{FIXTURE_RECORD}{season}/")]
    if not fixtures:
        schedule = Way(python="League.schedule()", command="league fixtures", args="--schedule round-robin")
        msg = Sentence(
            (
                f"season {season} of league {settings['name']!r} has no fixtures yet: make them (",
                schedule,
                f") and play them before {what}",
            )
        )
        raise OutOfOrder(msg)
    waiting = [f for f in fixtures if not f.played]
    if waiting:
        listed = ", ".join(f"{f.number} ({f.home} v {f.away})" for f in waiting[:6])
        more = f" and {len(waiting) - 6} more" if len(waiting) > 6 else ""
        first = waiting[0].number
        record = Way(python=f"League.record({first}, ...)", command="league record", args=f"{first} ...")
        each, unplayed = ("it", "if it was") if len(waiting) == 1 else (f"each, from fixture {first}", "for one")
        msg = Sentence(
            (
                f"season {season} of league {settings['name']!r} has fixtures not recorded yet: {listed}{more}; "
                f"record {each} (",
                record,
                f", kind=unplayed {unplayed} not played by the deadline) before {what}",
            )
        )
        raise OutOfOrder(msg)


def check_rules_of(pack: RulePack, tx: Transaction, teams: Sequence[str]) -> None:
    """Refuse a change to ``teams`` (a fixture's match, the season's end, its prizes) while one of them was made
    under other rules than ``pack``'s: nothing can be done on such a team (the engine refuses its every run), so
    this is said first, before what the rules would say of it (its last sequence still open), whichever team
    would have run first. Said as a run of the team says it; the :class:`League
    <progression_bloodbowl.types.League>`'s methods reword it to name the league's rebase.

    Raises:
        RulesChanged: the first of ``teams``, in the order given, made under other rules.
    """
    for team in teams:
        check_rules(pack, tx.sheet(team))


def check_sequences_ended(tx: Transaction, teams: Sequence[str], what: str) -> None:
    """Refuse ``what`` (the season's end, its prizes, a fixture's match) while the post-match sequence of the last
    match of any of ``teams`` is open, naming every such team at once, in the order given (the league's; a
    fixture's home team, then its away team), each with the command that closes it: a refusal by the rules, team
    by team, named one at a time and in the order each command ran.

    Raises:
        OutOfOrder: a team's last sequence has not reached Expensive Mistakes (step 5).
    """
    found = [(team, now) for team in teams if (now := still_open(tx.sheet(team))) is not None]
    if not found:
        return
    closes = [
        Way(
            python=f"League.act({team!r}, 'close', number={now.number})",
            command="league do",
            args=command_line(team, "close", f"number={now.number}"),
        )
        for team, now in found
    ]
    commands = Sentence(tuple(part for index, way in enumerate(closes) for part in ((", ", way) if index else (way,))))
    if len(found) == 1:
        ((team, now),) = found
        msg = Sentence((f"team {team!r}: ", still_open_sentence(now, commands, what)))
    else:
        names = f"{', '.join(repr(team) for team, _ in found[:-1])} and {found[-1][0]!r}"
        where = "; ".join(f"{team}: match {now.number}, at {STANDING_WORDS[now.stage]}" for team, now in found)
        msg = Sentence(
            (
                f"teams {names}: the post-match sequences of their last matches are still open ({where}): end each "
                "with Expensive Mistakes (step 5: ",
                commands,
                f") before {what}",
            )
        )
    raise OutOfOrder(msg)


def kept_redrafts(league: League, tx: Transaction | None, season: int) -> dict[str, Redraft]:
    """The re-drafts kept for the end of ``season``, by team, in the league's order (a withdrawn one left out)."""
    found = (tx or league.store).records(f"{REDRAFT_RECORD}{season}/")
    kept = {r.name.removeprefix(f"{REDRAFT_RECORD}{season}/"): r for r in found}
    order = league.settings(tx)[0]["teams"]
    chosen = {team: redraft_of(kept[team].value, kept[team].name, league.store.where) for team in order if team in kept}
    return {team: redraft for team, redraft in chosen.items() if redraft is not None}


def award_prizes(league: League, places: Sequence[str], dice: Dice | None = None) -> dict[str, Sheet]:
    """What :meth:`League.award_prizes <progression_bloodbowl.types.League.award_prizes>` does: the play-off
    prizes given once, in one transaction. Each team changed, as stored."""
    with league.store.transaction() as tx:
        settings, _ = league.settings(tx, check_season=True)
        season = settings["season"]
        placed = check_places(places, settings["teams"], league.check_member, prizes_of(league.pack))
        given = prizes_given(tx.record(f"{PRIZES_RECORD}{season}"), settings["teams"], league.store.where)
        if given is not None:
            listed = ", ".join(f"{place} {team}" for place, team in zip(PLACES, given, strict=False))
            msg = (
                f"the play-off prizes of season {season} of league {settings['name']!r} were given already "
                f"({listed}); a season's prizes are given once"
            )
            raise InvalidInput(msg)
        changed: dict[str, Sheet] = {}
        holders = [t for t in settings["teams"] if "league_trophy" in tx.sheet(t).tags and t != placed[0]]
        given_to = [t for t in settings["teams"] if t in {*holders, *placed}]
        # Nothing can be done on a team of other rules (not even recording its fixtures), so that is said first.
        check_rules_of(league.pack, tx, given_to)
        check_played(league, tx, settings, "its play-off prizes are given")
        check_sequences_ended(tx, given_to, "a play-off prize")
        for team in holders:
            with rolling_for(team):
                changed[team], _ = tx.run(team, trophy_lost(), dice)
        for place, team in enumerate(placed, start=1):
            with rolling_for(team):
                changed[team], _ = tx.run(team, prize_operation(place), dice)
        tx.put(f"{PRIZES_RECORD}{season}", list(placed), expected=0)
    return changed


def season_end_problems(league: League, teams: Sequence[str]) -> list[str]:
    """What a kept re-draft or a season's prizes record holds that the league never writes (edited in the
    database): each such record named, as the commands that read it would refuse it."""
    where = league.store.where

    def redraft_read(found: Record) -> tuple[str, ...]:
        redraft_of(found.value, found.name, where)
        return ()

    def prizes_read(found: Record) -> tuple[str, ...]:
        prizes_given(found, teams, where)
        return ()

    return record_problems(league.store, REDRAFT_RECORD, redraft_read) + record_problems(
        league.store, PRIZES_RECORD, prizes_read
    )


def prizes_given(found: Record | None, teams: Sequence[str], where: str) -> tuple[str, ...] | None:
    """The teams a season's prizes record gives its places to, in order (None: no prizes given yet); a record
    edited in the database into anything the league never writes is refused, naming it, never read as given.

    Raises:
        StoreError: not 1 to 3 different teams of the league.
    """
    if found is None:
        return None
    value = found.value
    if not (
        isinstance(value, list)
        and 1 <= len(value) <= len(PLACES)
        and all(isinstance(team, str) and team in teams for team in value)
        and len(set(value)) == len(value)
    ):
        raise StoreError(
            where,
            f"record {found.name!r} is not a season's prizes (1 to {len(PLACES)} different teams of the league, in "
            f"order): it holds {shown(value)}",
        )
    return tuple(value)
