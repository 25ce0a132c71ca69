"""``progression sheet ...``: the commands that change a sheet file.

Each reads the file, applies one operation of the pack, and writes the file back
atomically. A refused operation raises before anything is written, so the file
stays byte for byte as it was.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path

from progression import RulePack, mark
from progression.authoring import PACK_PATH, pack_entries, pack_files
from progression.cli.args import (
    DiceChoice,
    UsageError,
    choice_hint,
    int_pairs,
    is_path,
    language,
    pairs,
    purchase_args,
    resolve_pack,
    sheet_command,
)
from progression.cli.contract import find, read_options
from progression.cli.describe import Describer
from progression.cli.files import create_sheet, write_sheet
from progression.cli.output import Output
from progression.cli.sheet import open_sheet, subject_of
from progression.dice import Dice
from progression.errors import ChoiceNeeded, InvalidInput, PendingState, ProgressionError, RulesChanged
from progression.events import Event
from progression.history import undo
from progression.ledger import PendingDecision, Sheet
from progression.spelling import command_line, the_closest

__all__ = ["run_award", "run_buy", "run_decide", "run_discard", "run_do", "run_mark", "run_new", "run_undo"]

Operation = Callable[[RulePack, Sheet, Dice], Sheet]


# -- the common path ------------------------------------------------------------------


def report(
    out: Output,
    words: Describer,
    file: str,
    before: Sheet,
    after: Sheet,
    member: str | None = None,
    *,
    head: str = "",
    answer: Callable[[str | None, str], str | None],
    **about: object,
) -> None:
    """Say what changed: the ledger entries added (or removed by an undo), each band of a ladder the change
    moved (unless an entry says it, as a pack's milestone may), and any question waiting, with the command
    that answers it. ``head`` starts each entry's line, ``answer`` gives the command that answers a member's
    question with an option (None: no command): the one option there is, else the placeholder ``OPTION``, said
    in words after the command. ``about`` adds to the JSON (a league's team)."""
    size = min(len(before.ledger), len(after.ledger))
    words = words.within(before, after, events=(*after.ledger[size:], *before.ledger[size:]))
    if size == len(before.ledger):  # entries added to ``before``: the first was made on it as it stands
        words = words.starting(before)
    if out.json_mode:
        added = [words.entry(i, e) for i, e in enumerate(after.ledger[size:], start=size + 1)]
        removed = [words.entry(i, e) for i, e in enumerate(before.ledger[size:], start=size + 1)]
        sheet = words.sheet(subject_of(after, member))
        out.json({"file": file, **about, "added": added, "removed": removed, "sheet": sheet})
        return

    told: list[str] = []

    def say(lead: str, event: Event) -> None:  # a step's events one per line, under its label
        first, *rest = words.outline(event) or [""]
        told.extend((first, *rest))
        out.line(lead + first)
        for line in rest:
            out.line(f"  {line}")

    if after.ledger == before.ledger:
        out.line(f"{file}: nothing to do, the sheet is unchanged")
    for index in range(len(before.ledger), size, -1):  # an undo takes back the latest entry first
        say(f"{head}undone #{index}: ", before.ledger[index - 1])
    for index in range(size + 1, len(after.ledger) + 1):
        say(f"{head}#{index} ", after.ledger[index - 1])
    for line, said in band_changes(words, before, after, member):
        if not any(words_ in entry for words_ in said for entry in told):  # a pack's milestone may have said it
            out.line(line)
    for who, (question, options) in waiting(before, after, member):
        one = len(options) == 1  # the one option is the answer; of several, the placeholder says which to put
        command = answer(who, options[0] if one else "OPTION")
        hint = f"; answer with: {command}{'' if one else ', OPTION one of them'}" if command else ""
        out.line(f"waits for a decision ({question}: {', '.join(options)}){hint}")


def band_changes(
    words: Describer, before: Sheet, after: Sheet, member: str | None
) -> list[tuple[str, tuple[str, ...]]]:
    """``Fencing degree: now Proficient`` for each ladder whose band the change moved, on the subject and, on
    a whole roster, each member (``Otto (2), Experience level: now Experienced``); each with the words that
    say it already when an entry of the subject's has them (a pack's milestone: ``now Proficient``, in English
    or in the language shown), none for another member."""
    pairs = [(member, subject_of(before, member), subject_of(after, member))]
    if member is None:
        pairs += [
            (ident, before.members[ident], sub)
            for ident, sub in after.members.items()
            if ident in before.members and before.members[ident] != sub
        ]
    now_word = "maintenant" if words.language == "fr" else "now"
    lines: list[tuple[str, tuple[str, ...]]] = []
    for index, (who, old, new) in enumerate(pairs):
        was, now = words.bands(old), words.bands(new)
        head = f"{words.who(who)}, " if who is not None else ""
        for ladder, band in now.items():
            if ladder not in was or was[ladder]["band"] == band["band"]:
                continue
            label = band["label"] or "-"
            english = next((b.label.en for b in words.pack.ladders[ladder].bands if b.id == band["band"]), label)
            said = (f"now {english}", f"{now_word} {label}") if index == 0 else ()
            lines.append((f"{head}{band['ladder']}: {now_word} {label}", said))
    return lines


def waiting(before: Sheet, after: Sheet, member: str | None) -> list[tuple[str | None, tuple[str, Sequence[str]]]]:
    """The questions waiting after a change: the subject's, and on a whole roster (a pack's action on a
    team) each member's that the change left open."""
    found: list[tuple[str | None, PendingDecision | None]]
    if member is not None:
        found = [(member, subject_of(after, member).pending)]
    else:
        found = [(None, after.pending)]
        found += [
            (ident, sub.pending)
            for ident, sub in after.members.items()
            if ident not in before.members or before.members[ident].pending != sub.pending
        ]
    return [(who, pending.question) for who, pending in found if pending is not None and pending.question]


def change(args: argparse.Namespace, out: Output, operate: Operation) -> int:
    """Read the file, apply ``operate``, write the result atomically, report (see :func:`report`)."""
    opened = open_sheet(args)
    dice = DiceChoice(args)
    try:
        after = operate(opened.pack, opened.sheet, dice.dice)
    except PendingState as refused:
        _name_discard(refused, opened.pack, subject_of(opened.sheet, getattr(args, "member", None)), args)
        raise
    except RulesChanged as changed:  # the rebase said as `sheet show` says it: on this file, with the --pack given
        told = f"`{sheet_command(args, 'rebase', member='')}`"  # the whole file is rebased, a roster's members too
        raise RulesChanged(
            changed.subject, changed.recorded, changed.given, own_rules=changed.own_rules, rebase=told
        ) from None
    dice.check_used()
    if after.ledger != opened.sheet.ledger:
        write_sheet(opened.file, after)
    answer = lambda who, option: sheet_command(args, "decide", option, member=who)  # noqa: E731  (--pack, --lang kept)
    report(out, opened.words, args.file, opened.sheet, after, getattr(args, "member", None), answer=answer)
    return 0


def _name_discard(refused: PendingState, pack: RulePack, subject: Sheet, args: argparse.Namespace) -> None:
    """Add to a refusal the command that loses the points a pool holds over its cap, when some wait."""
    over = pack.surplus(subject)
    if over:
        commands = ", ".join(sheet_command(args, "discard", pool) for pool in over)
        refused.add_note(f"to lose the points over a cap: {commands}")


# -- the commands -----------------------------------------------------------------------


def _settings(pack: RulePack, kind: str, settings: dict[str, str]) -> tuple[dict[str, int], dict[str, int]]:
    spec = pack.kind(kind)
    pools: dict[str, int] = {}
    stats: dict[str, int] = {}
    values = int_pairs([f"{k}={v}" for k, v in settings.items()], "--set")
    known = (*spec.pools, *spec.stats)
    for given, value in values.items():
        key = pack.resolve(given, known)  # a pool or stat by its displayed name, in any case (Experience=100)
        into = pools if key in spec.pools else stats if key in spec.stats else None
        if into is None:
            msg = f"--set {given}: kind {kind!r} has no pool or stat {given!r}; expected one of: {', '.join(known) or 'none'}"
            raise UsageError(msg + the_closest(pack.closest(given, known)))
        if key in into:
            msg = f"--set {given}: pool or stat {key!r} is given twice"
            raise UsageError(msg)
        into[key] = value
    return pools, stats


def _the_one_kind(pack: RulePack) -> str:
    """The kind ``sheet new`` makes when ``--kind`` is left out: the pack's one kind of sheet.

    Raises:
        UsageError: the pack has several kinds (the message lists them), or none.
    """
    kinds = list(pack.kinds)
    if not kinds:
        msg = f"pack {pack.name!r} defines no kind of sheet ([kinds.ID]), so no sheet can be made of it"
        raise UsageError(msg)
    if len(kinds) > 1:
        msg = f"--kind is needed: pack {pack.name!r} makes sheets of several kinds: {', '.join(kinds)}"
        raise UsageError(msg)
    return kinds[0]


def run_new(args: argparse.Namespace, out: Output) -> int:
    if args.name and not args.name.strip():  # as the library refuses it, and for a pack's factory too
        msg = (
            f"--name: expected a name that is not blank, got {args.name!r}; leave --name out for a sheet without a name"
        )
        raise UsageError(msg)
    pack = resolve_pack(args.pack)
    words = Describer(pack, language(pack, args))  # a language the pack lacks is refused before anything is written
    kind = args.kind or _the_one_kind(pack)
    factory = pack.contract.find("factories", kind)
    if factory is not None:
        given = [*args.set, *([f"name={args.name}"] if args.name else [])]
        lang = ("--lang", args.lang) if args.lang else ()
        helped = command_line("progression", "sheet", "new", args.file, "--pack", args.pack, "--kind", kind, *lang)
        helped += " --help"
        sheet = factory(pack, **read_options(factory, given, "--set", help_at=helped))
    else:
        pools, stats = _settings(pack, kind, pairs(args.set, "--set"))
        sheet = pack.new_sheet(kind, args.name, pools=pools, stats=stats)
    if pack.contract.pack_for is not None:  # told in the sheet's own variant's words (its campaign's names)
        words = Describer(pack.contract.pack_for(pack, sheet), words.language)
    note = _found_by_name(args, pack)  # before the file is written: nothing after it may fail
    path = create_sheet(args.file, sheet, force=args.force)
    if out.json_mode:
        out.json({"file": str(path), "sheet": words.sheet(sheet), "note": note})
        return 0
    chosen = "" if args.kind else f" (--kind {kind}: the pack's one kind of sheet)"
    out.line(f"wrote {path}: {words.event(sheet.ledger[0])}{chosen}")
    for index, event in enumerate(sheet.ledger[1:], start=2):
        out.line(f"#{index} {words.event(event)}")
    if note is not None:
        out.line(f"note: {note}")
    return 0


def _found_by_name(args: argparse.Namespace, pack: RulePack) -> str | None:
    """What ``sheet new --pack FILE`` says of the later commands on the file: a sheet file records its pack's
    name, not the file, so they find the pack by that name (installed, or ``NAME.toml`` in a folder of
    ``PROGRESSION_PACK_PATH``); None when it finds this very file, or the pack was given by its name."""
    if not is_path(args.pack):
        return None
    given = Path(args.pack).resolve()
    installed = pack_entries().get(pack.name)
    found = pack_files().get(pack.name)
    if found is not None and found.resolve() == given:  # (installed too, later commands say which to keep)
        return None
    show = sheet_command(args, "show")
    head = f"{args.file} records pack {pack.name!r} by its name"
    if installed is None and found is None:
        return (
            f"{head}, not by this file: give later commands on it the same --pack ({show}), or keep the file as "
            f"{pack.name}.toml in a folder named in {PACK_PATH} and leave --pack out"
        )
    where = "installed" if installed else f"as {found} (in {PACK_PATH})"
    return f"{head}, which later commands on it find {where}, not this file: give them the same --pack ({show})"


def _pool(pack: RulePack, sheet: Sheet, given: str, member: str | None) -> str:
    """The pool ``given`` names on the command line: its id, or its displayed name in any case or language
    (``Experience`` for ``xp``), as ``--set`` and ``--pay`` read one; ``given`` as it is when none fits, for the
    library to refuse naming the sheet's pools and the closest (or the member that is not there)."""
    try:
        pools = subject_of(sheet, member).pools
    except ProgressionError:
        return given
    return pack.resolve(given, tuple(pools))


def run_award(args: argparse.Namespace, out: Output) -> int:
    def award(pack: RulePack, sheet: Sheet, _: Dice) -> Sheet:
        pool = _pool(pack, sheet, args.pool, args.member)
        return pack.award(sheet, pool, args.amount, reason=args.reason, member=args.member)

    return change(args, out, award)


def run_buy(args: argparse.Namespace, out: Output) -> int:
    pay = int_pairs(args.pay, "--pay") or None

    def buy(pack: RulePack, sheet: Sheet, dice: Dice) -> Sheet:
        given = purchase_args(pack, args.upgrade, args.arg)
        try:
            return pack.purchase(
                sheet,
                args.upgrade,
                choice=args.choice,
                pay=pay,
                member=args.member,
                dice=dice,
                decisions=args.decide,
                override=args.override,
                bypass=args.bypass,
                args=given or None,
            )
        except ChoiceNeeded as needed:
            raise choice_hint(needed, sheet_command(args, "options", args.upgrade)) from None

    return change(args, out, buy)


def run_decide(args: argparse.Namespace, out: Output) -> int:
    return change(args, out, lambda pack, sheet, dice: pack.decide(sheet, args.choice, member=args.member, dice=dice))


def run_discard(args: argparse.Namespace, out: Output) -> int:
    def discard(pack: RulePack, sheet: Sheet, _: Dice) -> Sheet:
        pool = _pool(pack, sheet, args.pool, args.member)
        return pack.discard(sheet, pool, reason=args.reason, member=args.member)

    return change(args, out, discard)


def run_mark(args: argparse.Namespace, out: Output) -> int:
    return change(args, out, lambda _pack, sheet, _dice: mark(sheet, args.label))


def run_undo(args: argparse.Namespace, out: Output) -> int:
    return change(args, out, lambda _pack, sheet, _dice: undo(sheet, args.steps))


def run_do(args: argparse.Namespace, out: Output) -> int:
    def act(pack: RulePack, sheet: Sheet, dice: Dice) -> Sheet:
        action = find(pack, "actions", args.action)
        helped = sheet_command(args, "do", args.action, "--help")
        after: Sheet = action(pack, sheet, dice, **read_options(action, args.options, args.action, help_at=helped))
        if after.ledger[: len(sheet.ledger)] != sheet.ledger:
            msg = (
                f"action {args.action!r} of pack {pack.name!r} did not return the sheet continued; nothing was written"
            )
            raise InvalidInput(msg)
        return after

    return change(args, out, act)
