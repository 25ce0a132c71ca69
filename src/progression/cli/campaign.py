"""``progression campaign ...``: a campaign's party kept in a store, run by the campaign its pack declares.

The command line knows no pack and no party: it reads the pack's declaration
(:attr:`Contract.campaign <progression.contract.Contract.campaign>`, a :class:`~progression.contract.Campaign`),
opens the store (:func:`progression.open_store`), makes or opens the pack's party in it
(:class:`~progression.contract.CampaignBook`), calls one of its methods and prints what it returns. A pack that
declares no campaign is refused with a sentence saying so. Exit status as everywhere: 0 done, 1 refused by the
rules (or a verify that found something), 2 bad usage.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from progression import RulePack
from progression.cli.args import (
    DiceChoice,
    UsageError,
    choice_hint,
    int_pairs,
    language,
    pairs,
    purchase_args,
    resolve_pack,
    whole,
)
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
from progression.cli.contract import find, help_text, read_options
from progression.cli.describe import Describer
from progression.cli.files import read_sheet
from progression.cli.history import amended, labels_in_words
from progression.cli.output import Output, Table, counted, error
from progression.cli.sheet import pack_facts, render_sheet
from progression.cli.tables import rows_table
from progression.contract import Campaign, CampaignBook
from progression.errors import ChoiceNeeded, ProgressionError, Sentence, StoreConflict
from progression.history import AmendmentRefused
from progression.ledger import Sheet
from progression.spelling import command_line

__all__ = [
    "awards_of",
    "declared",
    "run_add",
    "run_amend",
    "run_award",
    "run_buy",
    "run_do",
    "run_export",
    "run_history",
    "run_import",
    "run_new",
    "run_party",
    "run_show",
    "run_verify",
]


def declared(pack: RulePack) -> Campaign:
    """The campaign ``pack`` declares, or a usage error saying it keeps none."""
    found = pack.contract.campaign
    if found is None:
        msg = (
            f"pack {pack.name!r} keeps no campaign: its contract declares none (Contract.campaign), so "
            "`progression campaign` cannot run it; a pack that keeps a party of characters, such as competence, "
            "declares one"
        )
        raise UsageError(msg)
    return found


@contextlib.contextmanager
def opened(args: argparse.Namespace) -> Iterator[tuple[Campaign, CampaignBook]]:
    """The pack's declaration and the party of the store ``args.file``; the store closed after (the party's
    view of the store shares its connection: both are closed)."""
    with opened_store(args, "campaign") as store:
        campaign = declared(store.pack)
        yield campaign, campaign.book.open(store)


def _words(book: CampaignBook, args: argparse.Namespace) -> Describer:
    return Describer(book.pack, language(book.pack, args))


# -- the party and its characters -----------------------------------------------------------------


def run_new(args: argparse.Namespace, out: Output) -> int:
    """Make a party of ``--pack`` called ``--name`` in a new store, its campaign tuned by KEY=VALUE words."""
    pack = resolve_pack(args.pack)
    campaign = declared(pack)
    language(pack, args)  # a language the pack lacks is refused before the store is made
    where = str(args.file)
    texts = pairs(args.tuning, "campaign new")
    read_options(campaign, args.tuning, "campaign new")  # every word checked before the pack reads them
    with new_store(where, pack, "party", "campaign") as store:  # a tuning the pack refused leaves no empty store behind
        about = dict(campaign.book.new(store, args.name, **texts).about())
    if out.json_mode:
        out.json({"file": where, "pack": pack.name, **about})
    else:
        tuned = f", settings {about['settings']}" if about.get("settings") else ""
        out.line(
            f"made party {about['name']!r} of pack {pack.name} in {where}: campaign {about['campaign']}{tuned}, "
            "no characters yet"
        )
    return 0


def _added(out: Output, file: str, character: str, sheet: Sheet, *, verb: str = "added") -> int:
    if out.json_mode:
        out.json({"file": file, verb: {"character": character, "name": sheet.name, "entries": len(sheet.ledger)}})
    else:
        out.line(f"{verb} {character}: {sheet.name or character} ({counted(len(sheet.ledger), 'entry', 'entries')})")
    return 0


def run_add(args: argparse.Namespace, out: Output) -> int:
    """Make a new character of the party's campaign, with its starting values."""
    texts = pairs(args.levels, "campaign character add")
    taken = sorted(set(texts) & {"character", "name", "levels"})
    if taken:
        msg = f"--set {taken[0]}: --set gives starting levels, COMPETENCE=LEVEL; the name is given with --name NAME"
        raise UsageError(msg)
    with opened(args) as (_, book):
        sheet = book.add_character(args.character, args.name if args.name is not None else args.character, **texts)
    return _added(out, args.file, args.character, sheet)


def run_import(args: argparse.Namespace, out: Output) -> int:
    """Store a character's sheet file under the id given, verified first."""
    sheet = read_sheet(args.sheetfile).sheet
    with opened(args) as (_, book):
        added = book.add_sheet(args.character, sheet)
    return _added(out, args.file, args.character, added, verb="imported")


def run_export(args: argparse.Namespace, out: Output) -> int:
    """Write a character to a sheet file that `progression sheet` plays on its own."""
    check_new_file(args.out, args.force)
    with opened(args) as (_, book):
        paths = [str(p) for p in book.export_character(args.character, args.out, force=args.force)]
        sheet = book.character(args.character)
    if out.json_mode:
        out.json({"file": args.file, "character": args.character, "written": paths, "entries": len(sheet.ledger)})
    else:
        out.line(f"wrote {paths[0]}: {sheet.name or args.character} ({counted(len(sheet.ledger), 'entry', 'entries')})")
        for path in paths[1:]:
            out.line(f"wrote {path}: the campaign it plays, named by the sheet")
    return 0


# -- changes ------------------------------------------------------------------------------------


def awards_of(items: list[str], awarded: str) -> dict[str, dict[str, int]]:
    """``--to ana:escrime=5,danse=3`` words as ``{"ana": {"escrime": 5, "danse": 3}}``.

    Raises:
        UsageError: a word not of that shape, a character named twice, points that are not a whole number.
    """
    found: dict[str, dict[str, int]] = {}
    for item in items:
        who, sep, rest = item.partition(":")
        who = who.strip()
        if not sep or not who or not rest.strip():
            msg = f"--to: expected CHARACTER:{awarded.upper()}=POINTS[,{awarded.upper()}=POINTS...], got {item!r}"
            raise UsageError(msg)
        if who in found:
            msg = f"--to: character {who!r} is given twice; put all its points in one --to {who}:..."
            raise UsageError(msg)
        found[who] = int_pairs([part for part in rest.split(",") if part.strip()], f"--to {who}")
    return found


def run_award(args: argparse.Namespace, out: Output) -> int:
    """Award a session's points to several characters in one transaction: all of them, or none."""
    with opened(args) as (campaign, book):
        awards = awards_of(args.to, campaign.awarded)
        done = book.award(awards, reason=args.reason)
        words = _words(book, args)
        told = {who: _entries(words, sheet, len(awards[who])) for who, sheet in done.items()}
    if out.json_mode:
        out.json(
            {"file": args.file, "reason": args.reason, "characters": {w: [d for d, _ in t] for w, t in told.items()}}
        )
        return 0
    for who, entries in told.items():
        _tell(out, who, entries)
    return 0


def _entries(words: Describer, sheet: Sheet, count: int) -> list[tuple[dict[str, Any], list[str]]]:
    """The last ``count`` entries of ``sheet``: each as `sheet history --json` gives it, and its lines as
    `sheet history` prints them."""
    start = len(sheet.ledger) - count + 1
    within = words.within(sheet, events=sheet.ledger[start - 1 :])
    return [
        (within.entry(n, sheet.ledger[n - 1]), within.outline(sheet.ledger[n - 1]) or [""])
        for n in range(start, len(sheet.ledger) + 1)
    ]


def _tell(out: Output, who: str, entries: list[tuple[dict[str, Any], list[str]]]) -> None:
    for data, (first, *rest) in entries:
        out.line(f"{who} #{data['index']} {first}")
        for line in rest:
            out.line(f"  {line}")


def _changed(args: argparse.Namespace, out: Output, before: int, sheet: Sheet, book: CampaignBook) -> int:
    told = _entries(_words(book, args), sheet, len(sheet.ledger) - before)
    if out.json_mode:
        out.json({"file": args.file, "character": args.character, "entries": [data for data, _ in told]})
        return 0
    _tell(out, args.character, told)
    return 0


#: How many times a change rolled by the computer (``--seed``, ``--dice``) is worked out again when another writer
#: changed the character meanwhile: it rolls the same dice on the new state, as if it had waited for the other.
ATTEMPTS = 8


def _without_lock(
    args: argparse.Namespace, book: CampaignBook, make: Callable[[RulePack, Sheet, DiceChoice], Sheet]
) -> tuple[int, Sheet]:
    """Work out a change on the stored character holding no lock (dice typed at a terminal are asked for here,
    while other writers go on), then store it only if the character did not change meanwhile (optimistic
    concurrency); the version it was worked out on and the character as stored.

    Raises:
        StoreConflict: dice were typed in and the character changed meanwhile (they were asked for on a state
            that is gone): nothing was written, run the command again. Dice of ``--seed`` or ``--dice`` are
            rolled again on the new state instead.
    """
    typed = getattr(args, "seed", None) is None and getattr(args, "dice", None) is None
    for attempt in range(1, ATTEMPTS + 1):
        dice = DiceChoice(args)
        before = book.character(args.character)
        version = len(before.ledger)
        after = make(book.pack, before, dice)
        dice.check_used()  # typed-in dice left unused write nothing
        try:
            return version, book.change(args.character, _worked_out(after), expected=version)
        except StoreConflict:
            if typed or attempt == ATTEMPTS:
                raise
    raise AssertionError  # pragma: no cover - the loop returns or raises


def _worked_out(after: Sheet) -> Callable[[RulePack, Sheet], Sheet]:
    """The change that gives ``after``, worked out already (the store runs its entries again on the stored sheet)."""
    return lambda _pack, _sheet: after


def action_help(parser: argparse.ArgumentParser, namespace: argparse.Namespace, family: str, name: str) -> str:
    """The help of ``campaign do FILE CHARACTER ACTION --help``: the action's options, as ``sheet do`` lists them
    (the ``--help`` of :func:`~progression.cli.parser.pack_help`)."""
    action = getattr(namespace, name)
    with opened(namespace) as (_, book):
        found = find(book.pack, family, action)
        sheet = book.character(namespace.character)  # what the options name on it
    return help_text(found, f"{parser.prog} FILE CHARACTER {action} [KEY=VALUE ...]", book.pack, sheet)


def run_do(args: argparse.Namespace, out: Output) -> int:
    """Run one of the pack's actions on a character; its entries stored through the engine."""
    with opened(args) as (_, book):
        action = find(book.pack, "actions", args.action)
        helped = command_line("progression", "campaign", "do", args.file, args.character, args.action, "--help")
        options = read_options(action, args.options, args.action, help_at=helped)

        def act(pack: RulePack, sheet: Sheet, dice: DiceChoice) -> Sheet:
            after: Sheet = action(pack, sheet, dice.dice, **options)
            return after

        try:
            before, sheet = _without_lock(args, book, act)
        except ProgressionError as refused:
            raise _on_the_character(refused, args.character) from None
        return _changed(args, out, before, sheet, book)


def _on_the_character(refused: ProgressionError, character: str) -> ProgressionError:
    """``refused`` as ``campaign do`` says it (:func:`_of_the_character`)."""
    if refused.worded is not None:
        refused.worded = _of_the_character(refused.worded, character)
    return refused


def _of_the_character(sentence: Sentence, character: str) -> Sentence:
    """``sentence``, said of ``character``, as the campaign's commands say it: an action is the pack's, and tells to
    run it again on a sheet file (``sheet do FILE settle ... discard=yes``); here it runs on the character of the
    store given (``campaign do FILE CHARACTER settle ... discard=yes``)."""
    return sentence.of_sheet_in_store("campaign do", character)


def run_buy(args: argparse.Namespace, out: Output) -> int:
    """Buy an upgrade for a character (a quality, a specialization, a raise), paid as ``--pay`` says."""
    pay = int_pairs(args.pay, "--pay") or None
    with opened(args) as (_, book):
        given = purchase_args(book.pack, args.upgrade, args.arg)

        def buy(pack: RulePack, sheet: Sheet, dice: DiceChoice) -> Sheet:
            try:
                return pack.purchase(
                    sheet, args.upgrade, choice=args.choice, pay=pay, dice=dice.dice, args=given or None
                )
            except ChoiceNeeded as needed:
                raise choice_hint(needed) from None

        before, sheet = _without_lock(args, book, buy)
        return _changed(args, out, before, sheet, book)


def run_amend(args: argparse.Namespace, out: Output) -> int:
    """Correct one entry of a character; its later entries run again, in one transaction."""
    whole(args.entry, "entry")  # a bad number is bad usage before the store is opened
    with opened(args) as (_, book):
        sheet = book.character(args.character)
        position, recorded, operation = amended(sheet, args, book.pack, repr(args.character), "campaign amend")
        words = Describer(book.pack, language(book.pack, args))
        told = labels_in_words(words, sheet, {position: operation})
        was = recorded.operation.told(words.name) if recorded.operation is not None else recorded.label
        try:
            report = book.amend(args.character, position, operation, invalid=args.invalid)
        except AmendmentRefused as refused:
            report, written = refused.report, False
        else:
            written = True
    report = amendment_in_words(
        report, args.file, reword=functools.partial(_of_the_character, character=args.character)
    )
    if out.json_mode:
        out.json({"file": args.file, "character": args.character, "written": written, "outcomes": outcomes(report)})
    else:
        for outcome in report.outcomes:
            if outcome.status == "amended":
                out.line(f"- #{outcome.position} {was}")
            shown = attrs.evolve(outcome, label=told.get(outcome.position, outcome.label))
            out.line(f"{MARKS[outcome.status]} {shown.line()}")
        out.line(f"wrote {args.character} in {args.file}" if written else "nothing written")
    if not written:
        error("a later entry became invalid (pass --invalid drop or --invalid stop to go on without it)")
        return 1
    return 0


# -- what is read back ------------------------------------------------------------------------------


def run_party(args: argparse.Namespace, out: Output) -> int:
    """The party's characters, one row each."""
    with opened(args) as (_, book):
        about = dict(book.about())
        rows = [dict(row) for row in book.party(None if out.json_mode else language(book.pack, args))]
    if out.json_mode:
        out.json({"file": args.file, **about, "party": rows})
    elif rows:
        out.table(rows_table(rows, f"{about['name']} (campaign {about['campaign']})"))
    else:
        lang = ("--lang", args.lang) if getattr(args, "lang", None) else ()
        add = command_line("progression", "campaign", "character", "add", args.file, "CHARACTER", *lang)
        out.line(f"no characters yet in {about['name']!r}; add one with `{add}`, CHARACTER the new character's id")
    return 0


def run_show(args: argparse.Namespace, out: Output) -> int:
    """A character's sheet, as `sheet show` prints a sheet file."""
    with opened(args) as (_, book):
        sheet = book.character(args.character)
        words = _words(book, args)
        data = words.sheet(sheet)
        facts = pack_facts(book.pack, sheet, words)
    if out.json_mode:
        out.json(data)
    else:
        render_sheet(out, words, data, facts)
    return 0


def run_history(args: argparse.Namespace, out: Output) -> int:
    """A character's entries, numbered, as `sheet history` prints them."""
    with opened(args) as (_, book):
        sheet = book.character(args.character)
        words = _words(book, args).within(sheet, events=sheet.ledger)
        if out.json_mode:
            out.json([words.entry(n, event) for n, event in enumerate(sheet.ledger, start=1)])
            return 0
        rows: list[tuple[object, str]] = []
        for n, event in enumerate(sheet.ledger, start=1):
            first, *rest = words.outline(event) or [""]
            rows += [(n, first), *(("", line) for line in rest)]
    out.table(Table(("#", "entry"), rows))
    return 0


def run_verify(args: argparse.Namespace, out: Output) -> int:
    """Verify every character; exit 1 when an entry does not hold."""
    with opened(args) as (_, book):
        reports = {
            who: verification_in_words(report, args.file, reword=functools.partial(_of_the_character, character=who))
            for who, report in book.verify().items()
        }
    ok = all(report.ok for report in reports.values())
    if out.json_mode:
        out.json({"file": args.file, "ok": ok, "characters": verified(reports)})
    else:
        for who, report in reports.items():  # as `league verify` tells its teams
            for line in report.lines(who, rules=False):
                out.line(line)
    return 0 if ok else 1
