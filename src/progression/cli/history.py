"""``progression sheet verify``, ``amend`` and ``rebase``: a sheet file's history checked, and corrected."""

from __future__ import annotations

import argparse
import json
import re
import types
import typing
from collections.abc import Mapping
from typing import Any

import attrs

from progression.cli.args import DiceChoice, UsageError, pairs, sheet_command, whole
from progression.cli.books import MARKS, amendment_in_words, outcomes, verification_in_words
from progression.cli.describe import Describer
from progression.cli.files import write_sheet
from progression.cli.output import Output, error
from progression.cli.sheet import open_sheet
from progression.errors import InvalidInput
from progression.events import Entry, Operation
from progression.files import operations_of, structure_operation, unstructure_operation
from progression.history import Amendment, AmendmentRefused, amend, rebase, verify
from progression.ledger import Sheet
from progression.operations import AMEND_WORDS
from progression.spelling import closest, the_closest

__all__ = ["amended", "changed_operation", "labels_in_words", "run_amend", "run_rebase", "run_verify"]


def run_verify(args: argparse.Namespace, out: Output) -> int:
    """Run the history again under the rules; exit 1 when an entry diverges, or the file was edited by hand (its
    ledger is not the one it was sealed with, even where every entry holds)."""
    opened = open_sheet(args, tampered="read")
    report = verification_in_words(verify(opened.sheet, opened.pack), args.file, pack=args.pack)
    sealed = opened.file.sealed
    if out.json_mode:
        divergences = [
            {"entry": d.position, "label": d.label, "kind": d.kind, "sentence": d.sentence} for d in report.divergences
        ]
        out.json(
            {
                "file": args.file,
                "ok": report.ok and sealed,
                "sealed": sealed,
                "unsealed": opened.file.unsealed,
                "entries": report.entries,
                "rules": report.rules,
                "recorded_rules": report.recorded_rules,
                "divergences": divergences,
            }
        )
    else:
        for line in report.lines():
            out.line(line)
        if not sealed:
            out.line(
                f"{opened.file.unsealed}: `{sheet_command(args, 'rebase')}` runs its history again from its operations "
                "and writes it anew, sealed"
            )
    return 0 if report.ok and sealed else 1


def run_amend(args: argparse.Namespace, out: Output) -> int:
    """Replace the operation of entry N with KEY=VALUE changes, run the later entries again, print the diff."""
    opened = open_sheet(args)
    sheet = opened.sheet
    position, recorded, operation = amended(sheet, args, opened.pack, "the ledger", "amend")
    told = labels_in_words(opened.words, sheet, {position: operation})
    was = recorded.operation.told(opened.words.name) if recorded.operation is not None else recorded.label
    dice = DiceChoice(args)
    try:
        after, report = amend(sheet, position, operation, pack=opened.pack, dice=dice.dice, invalid=args.invalid)
    except AmendmentRefused as refused:
        _print(out, args, was, refused.report, written=False, told=told)
        error(f"{_in_words(refused, args, told)} (pass --invalid drop or --invalid stop to go on without them)")
        return 1
    dice.check_used()
    if not args.dry_run:  # the file's own history corrected, its creation too when asked (a character renamed)
        write_sheet(opened.file, after, replace=True)
    _print(out, args, was, report, written=not args.dry_run, told=told)
    return 0


def run_rebase(args: argparse.Namespace, out: Output) -> int:
    """Run the whole history again under the pack's rules as they are now, and print what changed (a file edited by
    hand too: its history is run again from its operations, and written with a seal)."""
    opened = open_sheet(args, tampered="read")
    told = labels_in_words(opened.words, opened.sheet, {})
    dice = DiceChoice(args)
    try:
        after, report = rebase(opened.sheet, opened.pack, dice=dice.dice, invalid=args.invalid)
    except AmendmentRefused as refused:  # the file's edits said too: they may be why an entry is refused
        _print(out, args, None, refused.report, written=False, told=told, unsealed=opened.file.unsealed)
        error(f"{_in_words(refused, args, told)} (pass --invalid drop or --invalid stop to go on without them)")
        return 1
    dice.check_used()
    if not args.dry_run:
        write_sheet(opened.file, after)
    _print(out, args, None, report, written=not args.dry_run, told=told, unsealed=opened.file.unsealed)
    return 0


def labels_in_words(words: Describer, sheet: Sheet, replaced: Mapping[int, Operation]) -> dict[int, str]:
    """Each entry's operation as people read it (``award 10 to Fencing PP``, not ``award 10 to pp.escrime``), by
    its number, ``replaced`` holding the operations that take the place of some; the ledger keeps the labels."""
    told = {}
    for number, entry in enumerate(sheet.ledger, start=1):
        operation = replaced.get(number, entry.operation if isinstance(entry, Entry) else None)
        if operation is not None:
            told[number] = operation.told(words.name)
    return told


def _in_words(refused: AmendmentRefused, args: argparse.Namespace, told: Mapping[int, str]) -> str:
    """What an amendment refused, each entry told in words as the lines above it tell it, and why in the command
    line's."""
    report = amendment_in_words(refused.report, args.file, pack=args.pack)
    outcomes = tuple(attrs.evolve(o, label=told.get(o.position, o.label)) for o in report.outcomes)
    return AmendmentRefused(attrs.evolve(report, outcomes=outcomes), rebase=refused.rebase).summary


def _print(
    out: Output,
    args: argparse.Namespace,
    old: str | None,
    report: Amendment,
    *,
    written: bool,
    told: Mapping[int, str],
    unsealed: str | None = None,
) -> None:
    """The report of an amendment or a rebase; ``unsealed``: why the file run again was not sealed (its operations
    then stand as they are written, edits included: said, so that no edit is taken unnoticed, nor a refusal the
    edits caused)."""
    report = amendment_in_words(report, args.file, pack=args.pack)
    if out.json_mode:
        data = {"file": args.file, "written": written, "outcomes": outcomes(report)}
        out.json(data if unsealed is None else {**data, "unsealed": unsealed})
        return
    for outcome in report.outcomes:
        if outcome.status == "amended" and old is not None:
            out.line(f"- #{outcome.position} {old}")
        shown = attrs.evolve(outcome, label=told.get(outcome.position, outcome.label))
        out.line(f"{MARKS[outcome.status]} {shown.line()}")
    if unsealed is not None:
        stand = "" if any(o.status == "refused" for o in report.outcomes) else ", and stand"  # else refused whole
        out.line(f"{unsealed}: its operations were run again as they are written{stand}")
    out.line(f"wrote {args.file}" if written else "nothing written")


def amended(
    sheet: Sheet, args: argparse.Namespace, pack: Any, holder: str, command: str
) -> tuple[int, Entry, Operation]:
    """The number of the entry ``args.entry`` of ``sheet`` (whose entries ``holder`` holds), the entry, and its
    operation with the ``args.changes`` made, for ``command``.

    Raises:
        UsageError: no such entry, an entry recorded before operations were, or a change that does not fit.
    """
    position = whole(args.entry, "entry")
    if not 1 <= position <= len(sheet.ledger):
        msg = f"{holder} holds entries 1 to {len(sheet.ledger)}, got entry {position}"
        raise UsageError(msg)
    recorded = sheet.ledger[position - 1]
    if not isinstance(recorded, Entry):
        msg = f"entry {position} was recorded before operations were: there is no operation to amend"
        raise UsageError(msg)
    return position, recorded, changed_operation(recorded.operation, pairs(args.changes, command), pack)


def changed_operation(operation: Operation, changes: Mapping[str, str], pack: Any) -> Operation:
    """``operation`` with each ``key=value`` change made, the values read by the type of what they replace.

    A key may name a field inside a field (``record.score``). Lists are written with commas
    (``decisions=block,dodge``), mappings as ``name:value`` items separated by semicolons
    (``pay=purse:4;savings:6``), a count of names as ``name,name*N``
    (``events=1:touchdown,casualty;3:completion*2``), no value as ``none``; a fixed number of whole numbers
    with commas or dashes (``score=1,1`` or ``score=1-1``).

    The words of the action that made the operation are taken too, as it takes them: another word a field
    declares (:data:`progression.operations.AMEND_WORDS`: ``match.nominees`` for ``match.mvp_nominees``), and,
    for an operation whose one field holding fields is the record it was made from (a match), that record's
    fields without its name (``score=1-1`` for ``match.score``). Each field is changed by one word.
    """
    data = unstructure_operation(operation)
    named: dict[str, str] = {}  # each field changed -> the word that changes it
    for key, text in changes.items():
        holder: Any = data
        *path, last = key.split(".")
        if not path and (last not in data or last == "op"):
            path = _record_of(operation, data, last)
        for part in path:
            holder = _inside(holder, part, key, operation)
        last = _field_of(operation, path, last, holder)
        field = ".".join([*path, last])
        if field in named:
            msg = f"the field {field} is changed by {named[field]}= already, and again by {key}=; give one word for it"
            raise UsageError(msg)
        named[field] = key
        if last not in holder or last == "op":
            fields = [k for k in holder if k != "op"]
            near = _words_near(operation, data, path)  # each word -> the field it names
            others: dict[str, list[str]] = {}  # each field -> the other words that name it
            for word, named_field in near.items():
                if word != named_field:
                    others.setdefault(named_field, []).append(word)
            close = closest(last, (*fields, *near.values()), names=others)
            msg = (
                f"the operation {operation.label!r} has no field {last!r} (in {key}=); its fields: {', '.join(fields)}"
            )
            msg += the_closest(close)
            raise UsageError(msg)
        holder[last] = _value(text, holder[last], key, _hint(operation, path, last))
    import cattrs

    try:
        return structure_operation(data, operations_of(pack))
    except cattrs.BaseValidationError as error:  # the converter says which value does not fit, and where
        told = "; ".join(cattrs.transform_error(error, path="$"))
        msg = f"the amended operation does not read: {told}"
        raise InvalidInput(msg) from None
    except Exception as error:  # a hook's own refusal: it says what was expected and what came
        msg = f"the amended operation does not read: {error}"
        raise InvalidInput(msg) from None


def _record_of(operation: Operation, data: dict[str, Any], name: str) -> list[str]:
    """The path to the one field of ``operation`` holding fields (the record it was made from) when that field has
    the field or the word ``name``; none otherwise (``name`` is then refused as no field of the operation)."""
    inner = [key for key, value in data.items() if key != "op" and isinstance(value, dict)]
    if len(inner) != 1:
        return []
    return inner if name in _words_of(operation, inner) else []


def _words_near(operation: Operation, data: dict[str, Any], path: list[str]) -> dict[str, str]:
    """The words a change may give at ``path`` besides the fields there, each with the field it names: those its
    fields declare, and at the top, those of the one record the operation holds (``nominees`` for
    ``match.mvp_nominees``)."""
    inner = [key for key, value in data.items() if key != "op" and isinstance(value, dict)]
    return _words_of(operation, path or inner) if path or len(inner) == 1 else {}


def _words_of(operation: Operation, path: list[str]) -> dict[str, str]:
    """Every word of the fields inside ``path`` (an attrs class): each field's name, and each word its metadata
    declares (:data:`~progression.operations.AMEND_WORDS`), with the field it names."""
    holder = _at(operation, path)
    if not attrs.has(type(holder)):
        return {}
    found: dict[str, str] = {}
    for field in attrs.fields(type(holder)):
        found[field.name] = field.name
        for word in field.metadata.get(AMEND_WORDS, ()):
            found.setdefault(word, field.name)
    return found


def _field_of(operation: Operation, path: list[str], name: str, holder: Any) -> str:
    """The field ``name`` changes inside ``path``: itself, or the field that declares it as a word."""
    if isinstance(holder, dict) and name in holder:
        return name
    return _words_of(operation, path).get(name, name)


def _at(operation: Operation, path: list[str]) -> Any:
    """The value inside ``operation`` that ``path`` names (None when it cannot be told)."""
    holder: Any = operation
    for part in path:
        found = re.fullmatch(r"([A-Za-z_]\w*)(?:\[(\d+)\])?", part)
        holder = getattr(holder, found.group(1), None) if found is not None else None
        if found is not None and found.group(2) is not None and isinstance(holder, tuple | list):
            index = int(found.group(2))
            holder = holder[index] if index < len(holder) else None
    return holder


def _inside(holder: Any, part: str, key: str, operation: Operation) -> dict[str, Any]:
    """The fields ``part`` of a key names in ``holder``: a field holding fields (``match``), or one item of a
    field holding a list of them (``operations[1]``, an operation of a batch)."""
    found = re.fullmatch(r"([A-Za-z_]\w*)(?:\[(\d+)\])?", part)
    inner = holder.get(found.group(1)) if found is not None and isinstance(holder, dict) else None
    if found is not None and found.group(2) is not None and isinstance(inner, list):
        index = int(found.group(2))
        if index >= len(inner):
            msg = f"{found.group(1)!r} holds {len(inner)} item(s) (0 to {len(inner) - 1}), not [{index}] of {key}="
            raise UsageError(msg)
        inner = inner[index]
    elif isinstance(inner, list):
        listed = ", ".join(f"[{i}] {_told(item)}" for i, item in enumerate(inner))
        msg = f"{part!r} in {key}= holds a list; name one of its items by its place: {listed}"
        raise UsageError(msg)
    if not isinstance(inner, dict):
        msg = f"{part!r} in {key}= is not a field holding fields in {operation.label!r}"
        raise UsageError(msg)
    return inner


def _told(item: Any) -> str:
    """An item of a list in a message: an operation by its name, anything else briefly."""
    return str(item.get("op", "")) if isinstance(item, dict) and "op" in item else f"{item!r:.30}"


def _hint(operation: Operation, path: list[str], name: str) -> Any:
    """The declared type of the field ``name`` inside the fields ``path`` names (None when it cannot be told)."""
    holder = _at(operation, path)
    try:
        return typing.get_type_hints(type(holder)).get(name)
    except (NameError, TypeError):  # a type named as text its module does not define at run time: no hint
        return None


def _size(hint: Any) -> int | None:
    """How many values a field of fixed length holds (``tuple[int, int]``: 2), or None."""
    union = typing.get_origin(hint) in (typing.Union, types.UnionType)
    kinds = [kind for kind in (typing.get_args(hint) if union else (hint,)) if kind is not type(None)]
    if len(kinds) != 1 or typing.get_origin(kinds[0]) is not tuple:
        return None
    items = typing.get_args(kinds[0])
    return None if not items or Ellipsis in items else len(items)


def _mapping(text: str, current: dict[str, Any], key: str, hint: Any = None) -> dict[str, Any]:
    """``name:value`` items separated by ``;``, each value read as the others are; a value that is itself a
    count of names is written ``name,name*N`` (``1:touchdown,casualty;3:completion*2``), as the actions write it.
    A name given twice adds its counts up; any other name given twice is refused."""
    found: dict[str, Any] = {}
    like = next(iter(current.values()), None)  # a new name's value reads as the others do
    for part in (p for p in text.split(";") if p.strip()):
        name, sep, value = (side.strip() for side in part.partition(":"))
        if not sep or not name:
            msg = f"expected name:value items separated by ';' for {key}=, got {part.strip()!r}"
            raise UsageError(msg)
        was = current.get(name, like)
        if _counts(was, hint):
            read: Any = _tally(value, key)
        else:
            if re.search(r",\s*[^,:]+:", value):
                msg = f"the items of a mapping are separated with ';', not ',', got {text!r} for {key}="
                raise UsageError(msg)
            read = _value(value, was, key)
        if name in found:
            if not isinstance(read, dict) or not isinstance(found[name], dict):
                msg = f"{name!r} is given twice in {text!r} for {key}=; give each name once"
                raise UsageError(msg)
            read = {n: found[name].get(n, 0) + read.get(n, 0) for n in {**found[name], **read}}
        found[name] = read
    return found


def _counts(value: Any, hint: Any) -> bool:
    """Whether a mapping's value is a count of names: as the value shows it, else as the mapping's type says."""
    if isinstance(value, dict) and value:
        return all(isinstance(v, int) and not isinstance(v, bool) for v in value.values())
    kinds = [kind for kind in typing.get_args(hint) or (hint,) if kind is not type(None)]  # Optional: the type
    values = typing.get_args(kinds[0])[1:] if len(kinds) == 1 else ()
    return bool(values) and typing.get_args(values[0])[1:] == (int,)


def _tally(text: str, key: str) -> dict[str, int]:
    """``touchdown,completion*2`` as counts: a name alone once, ``*N`` N times; a name given twice adds up."""
    counts: dict[str, int] = {}
    for item in (i.strip() for i in text.split(",") if i.strip()):
        name, star, times = (side.strip() for side in item.partition("*"))
        if not name or ":" in name:
            msg = f"expected name or name*N separated by ',' for {key}=, got {item!r}"
            raise UsageError(msg)
        counts[name] = counts.get(name, 0) + (whole(times, f"the count of {name} in {key}=") if star else 1)
    return counts


def _value(text: str, current: Any, key: str, hint: Any = None) -> Any:
    """``text`` read as a value of the kind ``current`` is (or, when it is empty, the field's type says)."""
    if text.strip().lower() in ("none", "null"):
        return None
    if current is None and hint is not None:
        kinds = typing.get_args(hint) or (hint,)
        if str in kinds:
            return text
        if int in kinds:
            return whole(text, f"{key}=")
    if isinstance(current, bool):
        if text.strip().lower() not in ("yes", "no", "true", "false"):
            msg = f"expected yes or no for {key}=, got {text!r}"
            raise UsageError(msg)
        return text.strip().lower() in ("yes", "true")
    if isinstance(current, int):
        return whole(text, f"{key}=")
    if isinstance(current, list | tuple):  # a tuple (a score) is written as a list too
        item = current[0] if current else ""
        size = _size(hint)
        whole_numbers = isinstance(item, int) and not isinstance(item, bool)
        dashed = size is not None and whole_numbers and re.fullmatch(r"\s*\d+(\s*-\s*\d+)+\s*", text)
        parts = [part.strip() for part in text.split("-" if dashed else ",") if part.strip()]
        if size is not None and len(parts) != size:
            sep = "',' or '-'" if whole_numbers else "','"
            values = [str(v) for v in current] if len(current) == size else ["x"] * size
            example = f"{','.join(values)} or {'-'.join(values)}" if whole_numbers else ",".join(values)
            msg = f"expected {size} values separated by {sep} (such as {example}) for {key}=, got {text!r}"
            raise UsageError(msg)
        return [_value(part, item, key) for part in parts]
    if isinstance(current, dict):
        return _mapping(text, current, key, hint)
    if current is None:  # a field left empty: a number when it reads as one, else the text
        try:
            value = json.loads(text)
        except ValueError:
            return text
        return value if isinstance(value, int | list | dict) and not isinstance(value, bool) else text
    return text
