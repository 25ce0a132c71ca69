"""``progression sheet ...``: looking at a sheet file (show, history, options, quote).

The commands that change the file live in :mod:`progression.cli.sheet_change`.
"""

from __future__ import annotations

import argparse
import warnings
from collections.abc import Sequence
from typing import Any

from progression import RulePack
from progression.authoring import Narrator
from progression.cli.args import UsageError, int_pairs, language, pack_for, purchase_args, sheet_command, whole
from progression.cli.contract import find, read_options
from progression.cli.describe import Describer, quote_data
from progression.cli.files import SheetFile, read_sheet
from progression.cli.output import Output, Table, counted
from progression.cli.tables import rows_table
from progression.errors import InvalidInput, ProgressionError, UnknownChoice
from progression.files import Tampered
from progression.ledger import Sheet
from progression.spelling import command_line

__all__ = [
    "Opened",
    "open_sheet",
    "rules_changed",
    "run_history",
    "run_options",
    "run_quote",
    "run_report",
    "run_show",
    "subject_of",
]


class Opened:
    """A sheet file read for a command, with the pack it was made with and words to describe it."""

    def __init__(self, args: argparse.Namespace, tampered: Tampered = "refuse") -> None:
        self.file: SheetFile = read_sheet(args.file, tampered=tampered, pack=getattr(args, "pack", None))
        self.pack: RulePack = pack_for(getattr(args, "pack", None), self.file.sheet)
        self.words = Describer(self.pack, language(self.pack, args))

    @property
    def sheet(self) -> Sheet:
        return self.file.sheet


def open_sheet(args: argparse.Namespace, tampered: Tampered = "refuse") -> Opened:
    """Read the sheet file ``args.file`` and load its pack (a file edited by hand only with ``tampered="read"``)."""
    return Opened(args, tampered)


def subject_of(sheet: Sheet, member: str | None) -> Sheet:
    """The sheet itself, or one member of a roster."""
    return sheet if member is None else sheet.member(member)


def _as_of(sheet: Sheet, point: str | None) -> Sheet:
    if point is None:
        return sheet
    return sheet.as_of(whole(point, "--as-of") if point.strip().lstrip("-").isdigit() else point)


def run_show(args: argparse.Namespace, out: Output) -> int:
    opened = open_sheet(args)
    sheet = _as_of(opened.sheet, args.as_of)
    subject = subject_of(sheet, args.member)
    data = opened.words.sheet(subject)
    changed = rules_changed(args, opened)
    if out.json_mode:
        out.json({**data, "rules_changed": changed})
        return 0
    render_sheet(out, opened.words, data, pack_facts(opened.pack, subject, opened.words))
    if changed is not None:
        out.line()
        out.line(f"note: {changed['note']}")
    return 0


def rules_changed(args: argparse.Namespace, opened: Opened) -> dict[str, str] | None:
    """What ``sheet show`` says of a file made under other rules than its pack's present ones (another version
    of its data): every change to it is refused until ``sheet rebase`` runs its history again under them, and
    nothing else says so before a change is tried. None when the rules are the pack's (or the file records none).

    Returns:
        ``{"recorded": ..., "present": ..., "rebase": COMMAND, "note": SENTENCE}``: the rules' fingerprints the
        file records and the pack has, and the command that rebases it.
    """
    recorded, present = opened.sheet.rules, opened.pack.rules
    if not recorded or recorded == present:
        return None
    rebase = sheet_command(args, "rebase", member="")  # the whole file is rebased, a roster's members with it
    note = (
        f"the rules of pack {opened.pack.name!r} changed since this sheet was made ({recorded!r}, now "
        f"{present!r}): changes are refused until `{rebase}` runs its history again under them (--dry-run: "
        "what would change)"
    )
    return {"recorded": recorded, "present": present, "rebase": rebase, "note": note}


def _amount(amount: int, pool: dict[str, Any]) -> object:
    """An amount of a pool as the table shows it: ``365,000 gp`` in a currency with a unit, else the number."""
    return f"{amount:,} {pool['unit']}" if pool.get("unit") else amount


def render_sheet(
    out: Output, words: Describer, data: dict[str, Any], facts: list[tuple[str, str]] | None = None
) -> None:
    """Print a sheet's data as text and tables."""
    named = f"{data['name']} — " if data["name"] else ""
    entries = counted(data["entries"], "ledger entry", "ledger entries")
    out.line(f"{named}{words.name(data['kind'])} ({data['pack']}), {entries}")
    if data["pools"]:
        rows: list[tuple[object, ...]] = [
            (
                p["label"],
                _amount(p["balance"], p),
                "" if p["cap"] is None else _amount(p["cap"], p),
                data["surplus"].get(pool, ""),
            )
            for pool, p in data["pools"].items()
        ]
        out.line()
        out.table(Table(("pool", "balance", "cap", "over cap"), rows, title="Pools"))
    bands_by_axis: dict[str, list[str]] = {}
    for band in data["bands"].values():
        done = (" (complet)" if words.language == "fr" else " (complete)") if band["complete"] else ""
        bands_by_axis.setdefault(band["axis"], []).append(f"{band['ladder']}: {band['label'] or '-'}{done}")
    if data["stats"]:
        rows = [
            (
                s["label"],
                s["value"] if s["shown"] == str(s["value"]) else s["shown"],
                "; ".join(bands_by_axis.get(stat, [])),
            )
            for stat, s in data["stats"].items()
        ]  # a number as a number, aligned right; a value the pack writes otherwise (3+, 50,000 gp) as written
        out.line()
        out.table(Table(("stat", "value", "band"), rows, title="Stats"))
    if data["owned"] or data["tags"]:
        out.line()
    if data["owned"]:
        owned = (f"{o['label']}" + ("" if o["count"] == 1 else f" ×{o['count']}") for o in data["owned"].values())
        out.line("Owned: " + ", ".join(owned))
    if data["tags"]:
        if facts is None:
            out.line("Tags: " + ", ".join(f"{k}={v}" for k, v in data["tags"].items()))
        for label, text in facts or ():
            out.line(f"{label}: {text}")
    if data["members"]:
        rows = [(member, m["name"], words.name(m["kind"])) for member, m in data["members"].items()]
        out.line()
        out.table(Table(("member", "name", "kind"), rows, title="Members"))
    pending = data["pending"]
    if pending is not None:
        offered = ", ".join(f"{words.name(o)} ({o})" if words.name(o) != o else o for o in pending["options"])
        asked = f" — {pending['question']}: {offered}" if pending["question"] else ""
        out.line(f"Waiting for a decision on {words.name(pending['upgrade'])}{asked}")


# -- history -----------------------------------------------------------------------------


def run_history(args: argparse.Namespace, out: Output) -> int:
    opened = open_sheet(args)
    subject = subject_of(opened.sheet, args.member)
    words = opened.words.within(subject, events=subject.ledger)  # members named, those who left too
    if out.json_mode:
        out.json([words.entry(index, event) for index, event in enumerate(subject.ledger, start=1)])
        return 0
    rows: list[tuple[object, str]] = []
    for index, event in enumerate(subject.ledger, start=1):  # a step's events one per line, under its label
        first, *rest = words.outline(event) or [""]
        rows += [(index, first), *(("", line) for line in rest)]
    out.table(Table(("#", "entry"), rows))
    return 0


def pack_facts(pack: RulePack, sheet: Sheet, words: Describer) -> list[tuple[str, str]] | None:
    """The pack's words for a sheet's tags (:attr:`RulePack.facts <progression.RulePack.facts>`), or None when
    it has none: the tags are then printed as stored."""
    if pack.facts is None:
        return None
    found = pack.facts(Narrator(pack, words.language).within(sheet), sheet)
    if not all(isinstance(f, tuple) and len(f) == 2 and all(isinstance(t, str) for t in f) for f in found):
        msg = f"pack {pack.name!r}: its facts are (label, text) pairs of texts, got {list(found)!r:.80}"
        raise InvalidInput(msg)
    return list(found)


def run_explain(args: argparse.Namespace, out: Output) -> int:
    """Print a pack's explanation NAME of the sheet: each item, its amount and rule, then the total."""
    opened = open_sheet(args)
    pack, sheet = opened.pack, opened.sheet
    explanation = find(pack, "explanations", args.name)
    helped = sheet_command(args, "explain", args.name, "--help")
    explained: Any = explanation(pack, sheet, **read_options(explanation, args.options, args.name, help_at=helped))
    items = [{"label": i.label, "amount": i.amount, "rule": i.rule} for i in explained.items]
    if out.json_mode:
        out.json({"what": explained.what, "total": explained.total, "items": items})
        return 0
    rows = [(f"{i['amount']:+,}", i["label"], i["rule"]) for i in items]
    rows.append((f"{explained.total:,}", explained.what, "total"))
    out.table(Table(("amount", "item", "rule"), rows))
    return 0


def run_report(args: argparse.Namespace, out: Output) -> int:
    """Print a pack's report NAME over several sheet files: the rows it returns, as a table."""
    files = [read_sheet(path, pack=getattr(args, "pack", None)) for path in args.files]
    made_with = sorted({f.sheet.pack for f in files})
    if len(made_with) > 1:
        named = ", ".join(f"{f.path} ({f.sheet.pack})" for f in files)
        msg = f"a report reads sheets of one pack; these were made with {', '.join(made_with)}: {named}"
        raise UsageError(msg)
    pack = pack_for(args.pack, files[0].sheet)
    report = find(pack, "reports", args.name)
    sheets = [f.sheet for f in files]
    given = ("--pack", args.pack) if args.pack else ()
    helped = command_line("progression", "sheet", "report", args.name, args.files[0], *given, "--help")
    options = read_options(report, args.options, args.name, help_at=helped)
    with warnings.catch_warnings(record=True) as said:  # what the pack says of the table, said under it
        warnings.simplefilter("always", UserWarning)
        try:
            data = report(pack, sheets, **options)
        except ProgressionError as refused:
            held = _files_holding(refused.sheets, files)
            if held:
                refused.add_note(_said_held(held))
                refused.sheet_files = tuple(held)
            raise
    found = [found.message for found in said if issubclass(found.category, UserWarning)]
    notes = [str(message) for message in found]
    noted = [_files_holding(getattr(message, "sheets", ()), files) for message in found]
    if out.json_mode:
        told: dict[str, object] = {"notes": notes} if notes else {}
        if any(noted):  # each note's files, in the order of the notes
            told["note_files"] = [_held_data(held) for held in noted]
        out.json({"report": args.name, "rows": data, **told})
        return 0
    out.table(rows_table(data, pack.name_of(args.name)))
    for note, held in zip(notes, noted, strict=True):
        out.line(f"note: {note}" + (f" ({_said_held(held)})" if held else ""))
    return 0


def _files_holding(names: Sequence[str], files: Sequence[SheetFile]) -> list[tuple[str, str]]:
    """The files of a report that hold the sheets a refusal or a note names as data (its ``sheets``), each
    ``(sheet name, file)`` in the order the files were given; none when it names none, or the report was given
    one file (the one given). A report is given sheets, not files, and names them by their names; only the command
    line knows the files."""
    if len(files) < 2:
        return []
    return [(f.sheet.name, str(f.path)) for f in files if f.sheet.name in names]


def _said_held(held: Sequence[tuple[str, str]]) -> str:
    """``the files: Altdorf Anvils in anvils.json, Delberz Dukes in dukes.json``, for a person who knows the
    files and not what each holds."""
    return "the files: " + ", ".join(f"{name} in {path}" for name, path in held)


def _held_data(held: Sequence[tuple[str, str]]) -> list[dict[str, str]]:
    return [{"sheet": name, "file": path} for name, path in held]


# -- options and quotes ----------------------------------------------------------------------


def _unit(pack: RulePack, currency: str) -> str | None:
    spec = pack.currencies.get(currency)
    return None if spec is None else spec.unit


def _in_unit(pack: RulePack, currency: str, amount: int) -> str:
    """``60,000 gp`` for a currency with a unit, else the bare number (the column or the sentence names it)."""
    unit = _unit(pack, currency)
    return str(amount) if unit is None else f"{amount:,} {unit}"


def _blocker(data: dict[str, Any], shared: Sequence[str] = ()) -> str:
    """What the ``can buy`` column says of a quote: yes, or what refuses it, but the refusals ``shared`` by every
    row, said once above the table ("not now" when they are all)."""
    if data["ok"]:
        return "yes"
    own = [u["text"] for u in data["unmet"] if u["text"] not in shared]
    return "; ".join(own) if own else "not now (see above)"


def run_options(args: argparse.Namespace, out: Output) -> int:
    opened = open_sheet(args)
    pack, sheet, words = opened.pack, opened.sheet, opened.words
    subject = subject_of(sheet, args.member)
    rows: list[dict[str, Any]] = []
    if args.upgrade is None:
        for upgrade in pack.upgrades.values():
            if upgrade.kinds and subject.kind not in upgrade.kinds:
                continue
            if not upgrade.takes_choice:
                rows.append(quote_data(pack.quote(sheet, upgrade.id, member=args.member, language=words.language)))
            else:
                choices = pack.options(sheet, upgrade.id, member=args.member)
                rows.append({"upgrade": upgrade.id, "label": words.name(upgrade.id), "choices": len(choices)})
        title = "What can be bought"
    else:
        pack.upgrade(args.upgrade)
        for choice in pack.options(sheet, args.upgrade, member=args.member):
            data = quote_data(
                pack.quote(sheet, args.upgrade, choice=choice, member=args.member, language=words.language)
            )
            rows.append({**data, "choice_label": pack.option_name(args.upgrade, choice, words.language)})
        title = f"Choices for {words.name(args.upgrade)}"
    if out.json_mode:
        out.json(rows)
        return 0
    shared = _shared_refusals(rows)
    table_rows = []
    for row in rows:
        if "choices" in row:
            count = row["choices"]
            listed = sheet_command(args, "options", row["upgrade"])
            taken = (
                f"takes a choice ({count} option{'' if count == 1 else 's'}): {listed}" if count else "no choice open"
            )
            table_rows.append((row["upgrade"], row["label"], "", taken))
        else:
            first = row["choice"] if args.upgrade else row["upgrade"]
            label = row["choice_label"] if args.upgrade else words.name(row["upgrade"])
            price = row["price"]  # a number stays one (right-aligned); in its unit, a text
            price = (
                ""
                if price is None
                else _in_unit(pack, row["currency"], price)
                if _unit(pack, row["currency"])
                else price
            )
            table_rows.append((first, label, price, _blocker(row, shared)))
    if not table_rows:
        out.line(f"{title}: nothing")
        return 0
    if shared:  # said once, above the rows it refuses, rather than on each of them
        answer = f" (`{sheet_command(args, 'decide', 'OPTION')}`)" if subject.pending is not None else ""
        out.line(f"Nothing can be bought now: {'; '.join(shared)}{answer}")
        out.line()
    out.table(Table(("id", "name", "price", "can buy"), table_rows, title=title))
    return 0


def _shared_refusals(rows: list[dict[str, Any]]) -> list[str]:
    """The sentences of the sheet's state that refuse every quoted row alike (a decision waiting: nothing is
    bought before it), in their order; none when fewer than two rows are quoted."""
    quoted = [row for row in rows if "choices" not in row]
    if len(quoted) < 2:
        return []
    first = [u["text"] for u in quoted[0]["unmet"] if u["key"] == "state"]
    return [text for text in first if all(any(u["text"] == text for u in row["unmet"]) for row in quoted[1:])]


def run_quote(args: argparse.Namespace, out: Output) -> int:
    opened = open_sheet(args)
    pay = int_pairs(args.pay, "--pay") or None
    given = purchase_args(opened.pack, args.upgrade, args.arg)
    quote = opened.pack.quote(
        opened.sheet,
        args.upgrade,
        choice=args.choice,
        pay=pay,
        member=args.member,
        args=given,
        language=opened.words.language,
    )
    if quote.unknown_choice:  # a typo is bad usage, as an unknown upgrade is; an option refused now is an answer
        (sentence,) = (v.sentence for v in quote.violations if v.key == "choice")
        offered = opened.pack.options(opened.sheet, quote.upgrade, member=args.member)
        raise UnknownChoice(
            upgrade=quote.upgrade,
            choice=str(quote.choice),
            options=offered,
            sentence=sentence,
            head=f"{quote.label} cannot be bought",
            closest=opened.pack.closest(str(quote.choice), offered),
        )
    data = quote_data(quote)
    words, pack = opened.words, opened.pack
    if out.json_mode:
        if quote.choice is not None:
            data["choice_label"] = pack.option_name(quote.upgrade, quote.choice, words.language)
        out.json(data)
        return 0
    price = "cannot be priced"
    if quote.price is not None:
        price = _in_unit(pack, quote.currency, quote.price)
        price = f"{price} {words.name(quote.currency)}" if price == str(quote.price) else price
    out.line(f"{words.name(quote.upgrade)}{words.choice(quote.choice, quote.upgrade)}: {price}")
    if quote.split and (quote.price is None or sum(quote.split.values()) >= quote.price):  # never a part as paid
        held = _in_unit(pack, quote.currency, quote.available)
        out.line(f"paid with {words.price(quote.split)} (the paying pools hold {held})")
    if quote.ok:
        out.line("can be bought")
    else:
        out.line("cannot be bought:")
        for violation in quote.violations:
            out.line(f"  - {violation.sentence}")
    return 0
