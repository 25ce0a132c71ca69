"""``progression league ...``: a league kept in a store, run by the league its pack declares.

The command line knows no pack and no league: it reads the pack's declaration
(:attr:`Contract.league <progression.contract.Contract.league>`, a :class:`~progression.contract.League`),
opens the store (:func:`progression.open_store`), makes or opens the pack's league in it
(:class:`~progression.contract.LeagueBook`), calls one of its methods and prints what it returns. A pack
that declares no league is refused with a sentence saying so.
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from progression import RulePack
from progression.cli.args import DiceChoice, UsageError, language, pairs, resolve_pack, whole
from progression.cli.books import (
    MARKS,
    amendment_in_words,
    check_new_file,
    new_store,
    opened_store,
    outcomes,
    verification_in_words,
    verified,
)
from progression.cli.contract import after_flag, help_text, option_candidates, read_options
from progression.cli.describe import Describer
from progression.cli.files import read_sheet
from progression.cli.output import Output, counted
from progression.cli.roster import page_of, print_page
from progression.cli.sheet_change import report as report_change
from progression.cli.tables import rows_table
from progression.contract import Command, League, LeagueBook, LeagueVerification
from progression.errors import (
    InvalidInput,
    PackFunctionError,
    ProgressionError,
    RulesChanged,
    UnknownOption,
)
from progression.history import Amendment, AmendmentRefused, Verification
from progression.ledger import Sheet
from progression.spelling import closest, command_line, the_closest

__all__ = [
    "action_help",
    "candidates",
    "declared",
    "redraft_help",
    "run_amend",
    "run_do",
    "run_export",
    "run_fixtures",
    "run_history",
    "run_import",
    "run_leaders",
    "run_new",
    "run_new_season",
    "run_player",
    "run_prizes",
    "run_rebase",
    "run_record",
    "run_redraft",
    "run_roster",
    "run_standings",
    "run_team_add",
    "run_verify",
    "team_action",
]


def declared(pack: RulePack) -> League:
    """The league ``pack`` declares, or a usage error saying it keeps none."""
    found = pack.contract.league
    if found is None:
        msg = (
            f"pack {pack.name!r} keeps no league: its contract declares none (Contract.league), so "
            "`progression league` cannot run it; a pack that keeps leagues, such as bloodbowl, declares one"
        )
        raise UsageError(msg)
    return found


@contextlib.contextmanager
def opened(args: argparse.Namespace) -> Iterator[tuple[RulePack, League, LeagueBook]]:
    """The store of ``args.file``, its pack, the pack's declaration and its league; the store closed after.

    A team made under other rules than the pack's, refused a change, is refused saying the command that rebases
    the league's teams (the engine's refusal names a file's, ``sheet rebase``), when the league has one. What else
    a refusal tells to run (a store that holds no league, a league command) it keeps apart
    (:class:`~progression.errors.Sentence`): :func:`progression.cli.main.main` says it in the command line's words,
    on the file given."""
    with opened_store(args, "league") as store:
        league = declared(store.pack)
        book = league.book.open(store)
        try:
            yield store.pack, league, book
        except RulesChanged as changed:
            if not callable(getattr(book, "rebase", None)):
                raise
            told = command_line("progression", "league", "rebase", args.file)
            raise RulesChanged(
                changed.subject, changed.recorded, changed.given, own_rules=changed.own_rules, rebase=told
            ) from None


def _season(args: argparse.Namespace, book: LeagueBook) -> tuple[int | None, int]:
    """The season ``--season`` names, as given to the book (None: not given), and the season the output names (the
    one being played when not given). The book refuses a season the league has not reached (``InvalidInput``,
    naming those it has, exit 2): its wording lives in one place, the pack's, whichever of its methods is asked."""
    season: int | None = getattr(args, "season", None)
    return season, season if season is not None else int(str(book.about()["season"]))


def _rows(out: Output, key: str, rows: Any, title: str, **data: object) -> int:
    rows = [dict(row) for row in rows]
    if out.json_mode:
        out.json({**data, key: rows})
    elif rows:
        out.table(rows_table(rows, title))
    else:
        out.line(f"no {key} yet")
    return 0


# -- the league and its teams -------------------------------------------------------------------


def run_new(args: argparse.Namespace, out: Output) -> int:
    """Make a league of ``--pack`` called ``--name`` in a new store."""
    pack = resolve_pack(args.pack)
    league = declared(pack)
    where = str(args.file)
    with new_store(where, pack, "league", "league") as store:  # a name the pack refused leaves no empty store behind
        about = dict(league.book.new(store, args.name).about())
    if out.json_mode:
        out.json({"file": where, "pack": pack.name, **about})
    else:
        out.line(
            f"made league {about['name']!r} of pack {pack.name} in {where}: season {about['season']}, no teams yet"
        )
    return 0


def _added(out: Output, file: str, added: Mapping[str, Sheet]) -> int:
    if out.json_mode:
        out.json(
            {"file": file, "added": [{"team": t, "name": s.name, "members": len(s.members)} for t, s in added.items()]}
        )
    for team, sheet in added.items():
        members, entries = (
            counted(len(sheet.members), "member", "members"),
            counted(len(sheet.ledger), "entry", "entries"),
        )
        out.line(f"added {team}: {sheet.name} ({members}, {entries} verified)")
    return 0


def _add(book: LeagueBook, teams: dict[str, Sheet]) -> Mapping[str, Sheet]:
    """Every team stored, or none; one by one by a league class of the contract before ``add_teams`` (deprecated
    when its pack was made)."""
    if hasattr(book, "add_teams"):
        return book.add_teams(teams)
    older: Any = book
    return {team: older.add_team(team, sheet) for team, sheet in teams.items()}


def run_team_add(args: argparse.Namespace, out: Output) -> int:
    """Store each team file under the id its file name gives (``anvils.json``: ``anvils``), all or none."""
    teams = [(Path(path).stem, read_sheet(path).sheet) for path in args.teams]  # every file read before any is added
    ids = [team for team, _ in teams]
    twice = sorted({team for team in ids if ids.count(team) > 1})
    if twice:
        named = [path for path in args.teams if Path(path).stem == twice[0]]
        importing = command_line("progression", "league", "team", "import", args.file, "TEAM", named[-1])
        msg = (
            f"two team files give the id {twice[0]!r} ({', '.join(named)}); add the files without {named[-1]}, then "
            f"store it under another id with `{importing}`, TEAM an id no other team of the league holds"
        )
        raise UsageError(msg)
    with opened(args) as (_, _, book):
        added = _add(book, dict(teams))
    return _added(out, args.file, added)


def run_import(args: argparse.Namespace, out: Output) -> int:
    """Store one team file under the id given: a new team, or, under the id of a team of the league (when the
    league class has ``update_team``), the entries the file adds past the stored team."""
    sheet = read_sheet(args.teamfile).sheet  # sealed: a file edited by hand is refused
    with opened(args) as (_, _, book):
        update = getattr(book, "update_team", None)
        if not callable(update) or args.team not in _listed(book.about().get("teams")):
            return _added(out, args.file, _add(book, {args.team: sheet}))
        before = len(book.team(args.team).ledger)
        after: Sheet = update(args.team, sheet)
    new = after.ledger[before:]
    if out.json_mode:
        told = [{"index": n, "label": _label(entry)} for n, entry in enumerate(new, start=before + 1)]
        out.json({"file": args.file, "updated": {"team": args.team, "name": after.name, "added": told}})
    elif not new:
        out.line(f"{args.team}: {after.name} holds the file's {before} entries already; nothing written")
    else:
        count = f"{len(new)} new entr{'y' if len(new) == 1 else 'ies'}"
        out.line(f"updated {args.team}: {after.name} ({count} verified, {len(after.ledger)} in all)")
        for index, entry in enumerate(new, start=before + 1):
            out.line(f"  #{index} {_label(entry)}")
    return 0


def _label(entry: object) -> str:
    return str(getattr(entry, "label", None) or getattr(entry, "tag", ""))


def run_export(args: argparse.Namespace, out: Output) -> int:
    """Write a team to a sheet file, for its coach to carry."""
    check_new_file(args.out, args.force)
    with opened(args) as (_, _, book):
        path = book.export_team(args.team, args.out, force=args.force)
        sheet = book.team(args.team)
    if out.json_mode:
        out.json({"file": args.file, "team": args.team, "written": str(path), "entries": len(sheet.ledger)})
    else:
        out.line(f"wrote {path}: {sheet.name} ({len(sheet.ledger)} entries)")
    return 0


# -- fixtures and matches -----------------------------------------------------------------------


def run_fixtures(args: argparse.Namespace, out: Output) -> int:
    """List a season's fixtures; with ``--schedule``, make the current season's first; with ``--add``, add one;
    with ``--remove``, remove one not recorded yet."""
    if args.round is not None and args.add is None:
        msg = f"--round {args.round}: the round of the fixture --add adds; give --add HOME AWAY with it"
        raise UsageError(msg)
    if args.add is not None and args.schedule is not None:
        msg = "--add: a fixture is added to the current season alone; give --schedule in another command"
        raise UsageError(msg)
    if args.remove is not None and (args.add is not None or args.schedule is not None):
        given = "--add" if args.add is not None else "--schedule"
        msg = f"--remove: a fixture of the current season is removed alone; give {given} in another command"
        raise UsageError(msg)
    if args.legs is not None and args.schedule is None:
        msg = f"--legs {args.legs}: the meetings of each pair in the fixtures --schedule makes; give --schedule with it"
        raise UsageError(msg)
    with opened(args) as (pack, league, book):
        if args.season is not None and (args.add is not None or args.remove is not None):
            _check_current(args, book)
        if args.schedule is not None:
            if args.schedule not in league.schedules:
                msg = f"--schedule: this league makes {', '.join(league.schedules)}, got {args.schedule!r}"
                msg += the_closest(closest(args.schedule, league.schedules))
                raise UsageError(msg)
            legs = 1 if args.legs is None else args.legs
            if legs < 1:
                msg = f"--legs: 1 or more, got {legs}"
                raise UsageError(msg)
            book.schedule(args.schedule, legs=legs)
        if args.add is not None:
            _add_fixture(args, pack, book)
        if args.remove is not None:
            _season_end(pack, book, "remove_fixture", "fixtures --remove")(args.remove)
        season, shown = _season(args, book)
        rows = book.fixtures(season)
    return _rows(out, "fixtures", rows, f"season {shown}", file=args.file, season=shown)


def _check_current(args: argparse.Namespace, book: LeagueBook) -> None:
    """``--season N`` with ``--add`` or ``--remove``, which change the current season alone: taken when it is the
    current season (it says so again), refused naming the current season when it is another."""
    current = book.about()["season"]
    if args.season != current:
        what = "--add adds a fixture to" if args.add is not None else "--remove removes a fixture of"
        msg = (
            f"--season {args.season}: {what} the current season, {current}, alone; leave --season out, or list "
            f"season {args.season} in another command"
        )
        raise UsageError(msg)


def _add_fixture(args: argparse.Namespace, pack: RulePack, book: LeagueBook) -> None:
    """``league fixtures --add HOME AWAY [--round N]``: one fixture added to the current season."""
    if len(args.add) > 1:  # given twice, argparse would keep the last one without a word
        pairs = "; ".join(" v ".join(pair) for pair in args.add)
        msg = f"--add adds one fixture a command (its --round is that fixture's), got {len(args.add)}: {pairs}"
        raise UsageError(msg)
    if args.round is not None and args.round < 1:
        msg = f"--round: 1 or more, got {args.round}"
        raise UsageError(msg)
    ((home, away),) = args.add
    _season_end(pack, book, "add_fixture", "fixtures --add")(home, away, round=args.round)


def _told(words: Describer, sheet: Sheet) -> dict[str, Any]:
    entry = sheet.ledger[-1]
    return {**words.within(sheet, events=[entry]).entry(len(sheet.ledger), entry), "team": sheet.name}


def _tell(out: Output, words: Describer, team: str, sheet: Sheet, before: Sheet | None = None) -> None:
    """The team's last entry, outlined; ``before``: the team as it stood before it (a re-draft says its budget)."""
    entry = sheet.ledger[-1]
    told = words.within(sheet, events=[entry])
    if before is not None and len(before.ledger) == len(sheet.ledger) - 1:
        told = told.starting(before)
    first, *rest = told.outline(entry) or [""]
    out.line(f"{team} #{len(sheet.ledger)} {first}")
    for line in rest:
        out.line(f"  {line}")


def run_record(args: argparse.Namespace, out: Output) -> int:
    """Record one fixture, both sides, on both teams in one transaction."""
    fixture = whole(args.fixture, "FIXTURE")
    with opened(args) as (pack, league, book):
        texts = pairs(args.options, "league record")
        read_options(league, args.options, "league record")  # every word checked before the pack reads them
        dice = DiceChoice(args)
        teams = book.record(fixture, dice.dice, check=dice.check_used, **texts)  # checked before the commit
    words = Describer(pack, language(pack, args))
    if out.json_mode:
        out.json({"file": args.file, "fixture": fixture, "teams": {t: _told(words, s) for t, s in teams.items()}})
    else:
        for team, sheet in teams.items():
            _tell(out, words, team, sheet)
    return 0


# -- the season's end ---------------------------------------------------------------------------


def _season_end(pack: RulePack, book: LeagueBook, method: str, command: str) -> Callable[..., Any]:
    """The league's method of a season's end (:data:`~progression.contract.SEASON_END`), or a usage error saying
    that the pack's league class has none."""
    found = getattr(book, method, None)
    if not callable(found):
        msg = (
            f"the league of pack {pack.name!r} ends no season from the command line: its class declares no "
            f"{method} (LeagueBook), so `league {command}` cannot run"
        )
        raise UsageError(msg)
    return found  # type: ignore[no-any-return]


def run_new_season(args: argparse.Namespace, out: Output) -> int:
    """End the season for every team and start the next, each team with its re-draft or the plain off-season,
    in one transaction."""
    with opened(args) as (pack, _, book):
        new_season = _season_end(pack, book, "new_season", "new-season")
        dice = DiceChoice(args)
        before = {str(team): book.team(str(team)) for team in _listed(book.about().get("teams"))}
        teams = new_season(dice.dice, retirement=args.retirement, check=dice.check_used)
        season = int(str(book.about()["season"]))
    words = Describer(pack, language(pack, args))
    if out.json_mode:
        told = {t: _told(words, s) for t, s in teams.items()}
        out.json({"file": args.file, "season": season, "teams": told})
        return 0
    for team, sheet in teams.items():
        _tell(out, words, team, sheet, before.get(team))
    out.line(f"season {season} begins for {', '.join(teams)}")
    return 0


def redraft_help(parser: argparse.ArgumentParser, namespace: argparse.Namespace, family: str, name: str) -> str:
    """The help of ``league redraft FILE TEAM --help``: the words of the team's re-draft, read from the league."""
    with opened(namespace) as (pack, _, book):
        action = _season_end(pack, book, "redraft_action", "redraft")(namespace.team)
    return help_text(action, f"{parser.prog} FILE TEAM [KEY=VALUE ...]")


def run_redraft(args: argparse.Namespace, out: Output) -> int:
    """Keep a team's re-draft for the season's end (tried at once and shown), withdraw it, or list those kept."""
    with opened(args) as (pack, _, book):
        if args.team is None:
            if args.options or args.withdraw:
                msg = "league redraft needs the team (TEAM) whose re-draft is given or withdrawn"
                raise UsageError(msg)
            rows = _season_end(pack, book, "redrafts", "redraft")()
            season = int(str(book.about()["season"]))
            return _rows(out, "redrafts", rows, f"re-drafts at the end of season {season}", file=args.file)
        action = _season_end(pack, book, "redraft_action", "redraft")(args.team)
        if args.withdraw and args.options:
            msg = f"league redraft --withdraw takes no KEY=VALUE words, got {' '.join(args.options)}"
            raise UsageError(msg)
        helped = command_line("progression", "league", "redraft", args.file, args.team, "--help")
        options = None if args.withdraw else read_options(action, args.options, "league redraft", help_at=helped)
        before = book.team(args.team)
        tried = _season_end(pack, book, "plan_redraft", "redraft")(args.team, options)
        season = int(str(book.about()["season"]))
        rolls = getattr(book, "redraft_rolls", None)  # optional: what the trial, without dice, did not roll
        unrolled = [str(said) for said in rolls(args.team)] if tried is not None and callable(rolls) else []
    then = f"`{command_line('progression', 'league', 'new-season', args.file)}` runs it with every other team's season's end"
    if tried is None:
        said = f"withdrew the re-draft of {args.team}: it has the plain off-season at the end of season {season}"
    else:
        said = f"kept the re-draft of {args.team} for the end of season {season}; {then}"
    if out.json_mode:
        told = None if tried is None else _told(Describer(pack, language(pack, args)), tried)
        trial = {"file": args.file, "team": args.team, "season": season, "kept": tried is not None, "trial": told}
        out.json({**trial, "unrolled": unrolled})
        return 0
    out.line(said)
    if tried is not None:
        out.line("tried on the team as it stands (without dice), it would be:")
        _tell(out, Describer(pack, language(pack, args)), args.team, tried, before)
        if unrolled:
            ends = command_line("progression", "league", "new-season", args.file)
            out.line(f"the trial rolled no dice; the season's end (`{ends}`) rolls:")
            for said in unrolled:
                out.line(f"    {said}")
    return 0


def run_prizes(args: argparse.Namespace, out: Output) -> int:
    """Give the season's play-off prizes: ``first=TEAM second=TEAM ...``, in one transaction."""
    with opened(args) as (pack, league, book):
        award = _season_end(pack, book, "award_prizes", "prizes")
        given = pairs(args.places, "league prizes")
        unknown = [key for key in given if key not in league.places]
        if unknown:
            raise UnknownOption("league prizes", unknown, league.places)
        if not given:
            msg = f"league prizes takes the places as {'=TEAM '.join(league.places)}=TEAM, got none"
            raise UsageError(msg)
        order = [place for place in league.places if place in given]
        if order != list(league.places[: len(order)]):
            missing = next(place for place in league.places if place not in given)
            msg = f"league prizes takes the places in order from {league.places[0]}; {missing}= is missing"
            raise UsageError(msg)
        teams = award([given[place] for place in order])
    words = Describer(pack, language(pack, args))
    if out.json_mode:
        out.json({"file": args.file, "teams": {t: _told(words, s) for t, s in teams.items()}})
        return 0
    for team, sheet in teams.items():
        _tell(out, words, team, sheet)
    return 0


# -- a team's own actions ------------------------------------------------------------------------


def team_action(pack: RulePack, book: LeagueBook, team: str, action: str) -> Command:
    """The pack's action ``action`` as a team of the league runs it on itself (``league do``), or the league's
    refusal: a team not of it, an action the pack does not have, one the league runs otherwise."""
    if not callable(getattr(book, "team_action", None)) or not callable(getattr(book, "do", None)):
        msg = (
            f"the league of pack {pack.name!r} runs no team's actions: its class declares no team_action and do "
            "(LeagueBook), so `league do` cannot run one"
        )
        raise UsageError(msg)
    return book.team_action(team, action)


def action_help(parser: argparse.ArgumentParser, namespace: argparse.Namespace, family: str, name: str) -> str:
    """The help of ``league do FILE TEAM ACTION --help``: the action's options, as ``sheet do`` lists them (the
    ``--help`` of :func:`~progression.cli.parser.pack_help`, as :func:`~progression.cli.contract.help_for`)."""
    action = getattr(namespace, name)
    with opened(namespace) as (pack, _, book):
        found = team_action(pack, book, namespace.team, action)
        team = book.team(namespace.team)  # what the options name on it (its roster's positions)
    return help_text(found, f"{parser.prog} FILE TEAM {action} [KEY=VALUE ...]", pack, team)


def run_do(args: argparse.Namespace, out: Output) -> int:
    """Run one of the pack's actions that a team runs on itself (an advancement, a hire, Expensive Mistakes) on
    the stored team, in one transaction."""
    with opened(args) as (pack, _, book):
        action = team_action(pack, book, args.team, args.action)
        helped = command_line("progression", "league", "do", args.file, args.team, args.action, "--help")
        options = read_options(action, args.options, args.action, help_at=helped)
        dice = DiceChoice(args)
        acted = getattr(book, "acted", None)
        if callable(acted):  # the team as the command's transaction read it: its entries alone are printed
            before, after = acted(args.team, args.action, dice.dice, check=dice.check_used, **options)
        else:  # a league class without it: the team read before (another command's entries may show as its own)
            before = book.team(args.team)
            after = book.do(args.team, args.action, dice.dice, check=dice.check_used, **options)
    words = Describer(pack, language(pack, args))
    report_change(
        out, words, args.file, before, after, head=f"{args.team} ", answer=_answer(pack, args), team=args.team
    )
    return 0


def _answer(pack: RulePack, args: argparse.Namespace) -> Callable[[str | None, str], str | None]:
    """The command that answers a member's question with an option on a team of the league: the pack's action
    ``decide``, when it takes ``member`` and ``choice`` (Blood Bowl's); none otherwise."""
    found = pack.contract.find("actions", "decide")
    takes = {"member", "choice"} <= {o.name for o in found.signature.options} if found is not None else False
    head = command_line("progression", "league", "do", args.file, args.team, "decide")
    return lambda who, option: f"{head} {command_line(f'member={who}', f'choice={option}')}" if who and takes else None


def run_amend(args: argparse.Namespace, out: Output) -> int:
    """Correct a recorded fixture; both teams run their later entries again, in one transaction. A refusal that
    carries each team's report (``reports``: a later entry made invalid) prints it, marked as ``sheet amend``
    marks an entry's outcome, then says the refusal in the command line's words, and nothing is written (exit 1),
    as ``league rebase`` does."""
    from progression.cli.main import exit_status
    from progression.cli.output import error, in_command_words, one_line

    fixture = whole(args.fixture, "FIXTURE")
    with opened(args) as (pack, league, book):
        texts = pairs(args.changes, "league amend")
        read_options(league, args.changes, "league amend", called="league amend")
        flags = {flag: True for flag in ("dry_run", "keep_prizes") if getattr(args, flag)}
        amend: Any = book.amend  # its dry_run and keep_prizes, when it takes them, are beyond LeagueBook's
        taken = inspect.signature(amend).parameters
        for flag in flags:
            if flag not in taken:
                msg = (
                    f"--{flag.replace('_', '-')}: the league of pack {pack.name!r} takes no {flag} in its amend "
                    "(LeagueBook.amend)"
                )
                raise UsageError(msg)
        dice = DiceChoice(args)
        with warnings.catch_warnings(record=True) as said:  # what the league says of the amendment, said after it
            warnings.simplefilter("always", UserWarning)
            try:
                reports = amend(
                    fixture,
                    dice.dice,
                    season=_season(args, book)[0],
                    invalid=args.invalid,
                    check=dice.check_used,
                    **flags,
                    **texts,
                )
            except ProgressionError as refused:
                teams = getattr(refused, "reports", None)
                if isinstance(teams, Mapping):  # each team's report, and the refusal in the command line's words
                    _print(out, teams, file=args.file, fixture=fixture, written=False)
                    error(one_line(in_command_words(refused, args.file)))
                    return exit_status(refused)
                if not isinstance(refused, AmendmentRefused):
                    raise
                # A pack's league that refuses as progression.amend does (one report, its hint a program's): the
                # report as `sheet amend` prints one, and the flags that go on without the entries.
                report = amendment_in_words(refused.report, args.file)
                _print_refused(out, report, file=args.file, fixture=fixture)
                summary = AmendmentRefused(report, rebase=refused.rebase).summary
                error(f"{summary} (pass --invalid drop or --invalid stop to go on without them)")
                return exit_status(refused)
    notes = [str(found.message) for found in said if issubclass(found.category, UserWarning)]
    told: dict[str, object] = {"notes": notes} if notes else {}
    if args.dry_run:
        told["written"] = False
    _print(out, reports, file=args.file, fixture=fixture, **told)
    return 0


def run_rebase(args: argparse.Namespace, out: Output) -> int:
    """Run every team's history again under the pack's rules as they are now, in one transaction, and print what
    became of each entry of each team, as ``sheet rebase`` prints a file's; a refusal (an entry the new rules
    refuse: no entry of a league's team may be left out, its fixtures name them by number) is printed the same
    way, then said, and nothing is written (exit 1)."""
    from progression.cli.main import exit_status
    from progression.cli.output import error, in_command_words, one_line

    with opened(args) as (pack, _, book):
        rebase = getattr(book, "rebase", None)
        if not callable(rebase):
            msg = (
                f"the league of pack {pack.name!r} cannot be rebased: its class declares no rebase (LeagueBook), so "
                "`league rebase` cannot run it"
            )
            raise UsageError(msg)
        dice = DiceChoice(args)
        try:
            reports: Mapping[str, Amendment] = rebase(dice.dice, check=dice.check_used, dry_run=args.dry_run)
        except ProgressionError as refused:
            told = getattr(refused, "reports", None)
            if not isinstance(told, Mapping):
                raise
            _print(out, told, file=args.file, written=False)
            error(one_line(in_command_words(refused, args.file)))
            return exit_status(refused)
    changed = any(outcome.status != "holds" for report in reports.values() for outcome in report.outcomes)
    _print(out, reports, file=args.file, written=changed and not args.dry_run)
    return 0


def _print_refused(out: Output, report: Amendment, *, file: str, fixture: int) -> None:
    """The report of an amendment a pack's league refused as :func:`progression.amend` does (one report, of no team
    named): each entry marked as ``sheet amend`` marks it, then ``nothing written`` (``--json``: its outcomes)."""
    if out.json_mode:
        out.json({"file": file, "fixture": fixture, "written": False, "outcomes": outcomes(report)})
        return
    for outcome in report.outcomes:
        out.line(f"{MARKS[outcome.status]} {outcome.line()}")
    out.line("nothing written")


def _print(out: Output, reports: Mapping[str, Amendment], *, file: str, **data: object) -> None:
    """Each team's report (of ``league amend``, ``league rebase``), marked as ``sheet amend`` marks an entry's
    outcome, in the command line's words; ``written`` (a rebase's): whether anything was written, said last as
    ``sheet rebase`` says it."""
    reports = {team: amendment_in_words(report, file) for team, report in reports.items()}
    if out.json_mode:
        out.json({"file": file, **data, "teams": {team: outcomes(report) for team, report in reports.items()}})
        return
    for team, report in reports.items():
        out.line(f"{team}:")
        for outcome in report.outcomes:
            out.line(f"{MARKS[outcome.status]} {outcome.line()}")
    notes = data.get("notes")
    for note in notes if isinstance(notes, list) else ():
        out.line(f"note: {note}")
    if "written" in data:
        out.line(f"wrote {file}" if data["written"] else "nothing written")


# -- what is read back ----------------------------------------------------------------------------


def run_standings(args: argparse.Namespace, out: Output) -> int:
    with opened(args) as (_, _, book):
        season, shown = _season(args, book)
        rows = book.standings(season, bonus=True if args.bonus else None)
    return _rows(out, "standings", rows, f"season {shown}", file=args.file, season=shown)


def run_leaders(args: argparse.Namespace, out: Output) -> int:
    with opened(args) as (_, league, book):
        figure = args.what or league.leaders[0]
        if figure not in league.leaders:
            msg = f"--what: this league ranks players by {', '.join(league.leaders)}, got {figure!r}"
            msg += the_closest(closest(figure, league.leaders))
            raise UsageError(msg)
        if args.top < 1:
            msg = f"--top: 1 or more, got {args.top}"
            raise UsageError(msg)
        season, shown = _season(args, book)
        rows = book.leaders(figure, season=season, top=args.top)
    title = f"{figure}, {'every season' if shown == 0 else f'season {shown}'}"  # 0: every season, as the book reads it
    return _rows(out, "leaders", rows, title, file=args.file, season=shown, what=figure)


def run_roster(args: argparse.Namespace, out: Output) -> int:
    with opened(args) as (pack, _, book):
        page = page_of(pack, book.team(args.team))
    print_page(out, page, args.format)
    return 0


def run_player(args: argparse.Namespace, out: Output) -> int:
    with opened(args) as (_, _, book):
        called = getattr(book, "player", None)  # optional: a player named by his name too
        if called is not None:
            player, name = called(args.team, args.player)
        else:
            player, member = args.player, book.team(args.team).members.get(args.player)
            name = member.name if member is not None else args.player
        rows = book.career(args.team, player)
    title = f"{name} ({args.team} #{player})"
    return _rows(out, "seasons", rows, title, file=args.file, team=args.team, player=player)


def run_history(args: argparse.Namespace, out: Output) -> int:
    with opened(args) as (_, _, book):
        rows = book.history(args.team)
        name = book.team(args.team).name
    return _rows(out, "results", rows, name, file=args.file, team=args.team)


def _verification(book: LeagueBook) -> LeagueVerification:
    """What the book's ``verify`` found; the tuple a class returned before :class:`LeagueVerification` (its teams'
    verifications and the fixtures' problems, then the settings', then each team's own) read as one, for this
    release, with a ``DeprecationWarning`` when the pack's league is verified.

    Raises:
        PackFunctionError: ``verify`` returned neither.
    """
    found: object = book.verify()
    method = f"{type(book).__qualname__}.verify()"
    if isinstance(found, LeagueVerification):
        return _checked(found, method)
    if not isinstance(found, tuple) or not 2 <= len(found) <= 4:
        msg = f"expected a progression.contract.LeagueVerification from the league's {method}, got {found!r}"
        raise PackFunctionError(msg)
    warnings.warn(
        f"the league's {method} returned a tuple of {len(found)} items, which is deprecated: return a "
        "progression.contract.LeagueVerification(teams=, fixtures=, settings=, problems=); the command line reads "
        "the tuple for this release",
        DeprecationWarning,
        stacklevel=2,
    )
    teams, fixtures, *told = found
    problems = told[1] if len(told) > 1 else {}
    if isinstance(teams, Mapping) and isinstance(problems, Mapping):  # a team not verified had its problems unsaid
        problems = {team: said for team, said in problems.items() if team in teams}
    try:
        made = LeagueVerification(teams=teams, fixtures=fixtures, settings=told[0] if told else (), problems=problems)
    except InvalidInput as wrong:
        msg = f"the league's {method} returned a tuple that is no league verification: {wrong}"
        raise PackFunctionError(msg) from None
    return _checked(made, method)


def _checked(found: LeagueVerification, method: str) -> LeagueVerification:
    """``found``, each of whose teams' reports is a Verification (which the class, below the history, cannot check).

    Raises:
        PackFunctionError: one is not.
    """
    for team, report in found.teams.items():
        if not isinstance(report, Verification):
            msg = (
                f"expected a progression.history.Verification as the report of team {team!r} from the league's "
                f"{method}, got {report!r} ({type(report).__name__})"
            )
            raise PackFunctionError(msg)
    return found


def _problems(found: LeagueVerification, team: str) -> list[str]:
    """The problems of ``team`` as ``--json`` lists them: why its history does not read first, when it does not
    (the text's heading says it), then those the pack found."""
    unread = found.teams[team].unread
    return [f"not verified: {unread}"] * bool(unread) + list(found.problems.get(team, ()))


def run_verify(args: argparse.Namespace, out: Output) -> int:
    """Verify every team and every played fixture; exit 1 when something does not hold."""
    with opened(args) as (_, _, book):
        found = _verification(book)
    found = attrs.evolve(found, teams={t: verification_in_words(r, args.file) for t, r in found.teams.items()})
    if out.json_mode:
        teams = {
            team: {**report, "ok": found.holds(team), "problems": _problems(found, team)}
            for team, report in verified(found.teams).items()
        }
        out.json(
            {
                "file": args.file,
                "ok": found.ok,
                "teams": teams,
                "fixtures": list(found.fixtures),
                "settings": list(found.settings),
            }
        )
    else:
        for line in found.lines():
            out.line(line)
    return 0 if found.ok else 1


# -- completion ------------------------------------------------------------------------------------

#: The commands whose first word after FILE is a team of the league.
_TEAM_FIRST = frozenset({"do", "roster", "player", "history", "team export"})


def candidates(plain: Sequence[str], words: Sequence[str], current: str, *, value_of: str | None = None) -> list[str]:
    """What the word being typed (``current``) may become on a ``league`` command line, for ``progression
    complete``: a team of the store, a player of the team, a fixture of the season, the actions a team runs on
    itself (``league do``) and the options of each, a match's options (``league record``, ``league amend``), the
    values of ``--what`` and ``--schedule``; from the store and the pack's declaration of its league.

    ``plain`` are the positional words from ``league`` on, ``words`` every word, ``value_of`` the option whose
    value is being typed, if any. The store is read as ``sheet
    do FILE`` completion reads its file: only once FILE is given, and only a file that is there (a connection
    string is never dialled, and no store is ever made); anything that does not open gives nothing.
    """
    verb = " ".join(plain[1:3]) if plain[1:2] == ["team"] else " ".join(plain[1:2])
    rest = list(plain[len(verb.split()) + 1 :])  # FILE and what follows it
    if not rest or "://" in rest[0] or not Path(rest[0]).is_file():
        return []
    after, given = rest[1:], rest[2:]
    with opened(argparse.Namespace(file=rest[0])) as (pack, league, book):
        ending = _season_end_candidates(verb, after, words, current, league, book)
        if ending is not None:
            return ending
        if value_of is not None:
            found: list[str] = list({"--what": league.leaders, "--schedule": league.schedules}.get(value_of, ()))
        elif verb in _TEAM_FIRST and not after:
            found = [str(team) for team in _listed(book.about().get("teams"))]
        elif verb == "player" and len(after) == 1:
            found = list(book.team(after[0]).members)
        elif verb == "do" and len(after) == 1:
            found = [name for name in pack.contract.names("actions") if _runs(pack, book, after[0], name)]
        elif verb == "do":
            return option_candidates(team_action(pack, book, after[0], after[1]), after[2:], current)
        elif verb in ("record", "amend") and not after:
            season = after_flag(words, "--season") or ""
            found = [
                str(next(iter(row.values()))) for row in book.fixtures(int(season) if season.isdecimal() else None)
            ]
        elif verb in ("record", "amend"):
            return option_candidates(league, given, current)
        else:
            found = []
    return [word for word in found if word.startswith(current)]


def _season_end_candidates(
    verb: str, after: Sequence[str], words: Sequence[str], current: str, league: League, book: LeagueBook
) -> list[str] | None:
    """What the word being typed may become on a line of a season's end (None: not such a line): the teams of
    ``league redraft FILE`` and of ``fixtures --add HOME AWAY``, a re-draft's words, ``league prizes``'s places
    and the teams each takes."""
    teams = [str(team) for team in _listed(book.about().get("teams"))]
    if (verb == "fixtures" and "--add" in words[-2:]) or (verb == "redraft" and not after):
        found = teams
    elif verb == "redraft" and callable(getattr(book, "redraft_action", None)):
        return option_candidates(book.redraft_action(after[0]), after[1:], current)
    elif verb == "prizes":
        place, sep, typed = current.partition("=")
        if sep:
            return [f"{place}={team}" for team in teams if team.startswith(typed)] if place in league.places else []
        taken = {word.partition("=")[0] for word in after}
        found = [f"{place}=" for place in league.places if place not in taken]
    else:
        return None
    return [word for word in found if word.startswith(current)]


def _listed(value: object) -> list[object]:
    return list(value) if isinstance(value, list | tuple) else []


def _runs(pack: RulePack, book: LeagueBook, team: str, action: str) -> bool:
    """Whether the league lets ``team`` run ``action`` on itself (``league do``)."""
    from progression.errors import ProgressionError

    try:
        team_action(pack, book, team, action)
    except ProgressionError:
        return False
    return True
