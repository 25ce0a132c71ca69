"""Ledger events to plain data and to JSON text, by writers generated once per event class.

What they write is what the cattrs converter of :mod:`.sheets` writes (the same keys in
the same order, the same values), without its dispatch: :func:`write_ledger` gives the
dicts of :func:`~progression.files.unstructure_sheet`, and :func:`event_lines` gives, for each event, the
JSON text ``json.dumps(data, ensure_ascii=False)`` makes of those dicts, written straight
from the event. A value of a type the writers do not expect (a mapping value that is not
an integer or a text, say) goes through the converter and ``json``, as before.

:func:`event_texts` gives each event's text and, beside it, its canonical text, which a sheet file's seal is
the digest of: the same text with the keys of every mapping (pools, stats, owned items, tags, a price, an
effect's parts, an operation's fields and their mappings) in sorted order. Two equal sheets, whose mappings were
filled in another order, have one canonical text, and a file whose keys were put in another order by hand (a
JSON object means the same whatever the order of its keys) still holds its seal; the file keeps the order the
sheet has, which the sheet's words follow (a pool listed before another). Both texts are made in one pass, the
canonical one only where it differs.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from progression.files.codec import converter_of, unstructure_operation
from progression.files.ledger_read import MAPS, TUPLES, checked_fields, field_key
from progression.ledger.events import EVENT_TYPES, Entry, Event, Rolled
from progression.rules.parts import Effect, Override

__all__ = ["encode", "encode_sorted", "event_lines", "event_texts", "write_event", "write_ledger"]

#: Values written as they are; anything else goes through the converter.
_PLAIN = frozenset({int, str, bool, float, type(None)})


#: ``json.dumps(value, ensure_ascii=False)``, with the encoder made once.
encode: Callable[[Any], str] = json.JSONEncoder(ensure_ascii=False).encode
#: ``json.dumps(value, ensure_ascii=False, sort_keys=True)``: the canonical text of plain data.
encode_sorted: Callable[[Any], str] = json.JSONEncoder(ensure_ascii=False, sort_keys=True).encode
#: A text as a JSON string (json's own function).
_quote: Callable[[str], str] = json.encoder.encode_basestring


def write_ledger(events: Sequence[Event]) -> list[dict[str, Any]]:
    """Events as plain data, as the converter writes them."""
    writers = _writers()
    return [writers[type(event)](event) for event in events]


def write_event(event: Event) -> dict[str, Any]:
    """An event as plain data, as the converter writes it."""
    return _writers()[type(event)](event)


def event_lines(events: Sequence[Event]) -> list[str]:
    """Each event as JSON text: ``encode(write_event(event))``, without the dict in between."""
    texts = _texts()
    return [texts[type(event)](event) for event in events]


def event_texts(events: Sequence[Event]) -> tuple[list[str], list[str]]:
    """Each event's JSON text (:func:`event_lines`) and its canonical text (the module's docstring), in one pass."""
    duals = _duals()
    texts, canonical = [], []
    for event in events:
        text, canon = duals[type(event)](event)
        texts.append(text)
        canonical.append(text if canon is None else canon)
    return texts, canonical


def _write_map(mapping: Mapping[str, Any]) -> dict[str, Any]:
    if not mapping:
        return {}
    out = dict(mapping)
    for item in out.values():
        if type(item) not in _PLAIN:
            conv = converter_of()
            return {key: item if type(item) in _PLAIN else conv.unstructure(item) for key, item in out.items()}
    return out


def _map_text(mapping: Mapping[str, Any]) -> str:
    if not mapping:
        return "{}"
    parts = []
    for key, item in mapping.items():
        if type(key) is not str:
            return encode(_write_map(mapping))
        if type(item) is int:
            parts.append(f"{_quote(key)}: {item}")
        elif type(item) is str:
            parts.append(f"{_quote(key)}: {_quote(item)}")
        else:  # the converter and json decide
            return encode(_write_map(mapping))
    return "{" + ", ".join(parts) + "}"


def _sorted_map_text(mapping: Mapping[str, Any]) -> str | None:
    """The canonical text of a mapping (its keys in sorted order), or None when its text already is."""
    if len(mapping) < 2:
        return None
    keys = list(mapping)
    try:
        if keys == sorted(keys):
            return None
        ordered = {key: mapping[key] for key in sorted(keys)}
    except TypeError:  # keys of mixed types: the converter writes them, and json sorts nothing it cannot
        return None
    return _map_text(ordered)


def _list_text(items: tuple[Any, ...]) -> str:
    return encode(list(items)) if items else "[]"


def _ledger_text(events: Sequence[Event]) -> str:
    return f"[{', '.join(event_lines(events))}]"


def _event_text(event: Event) -> str:
    return _texts()[type(event)](event)


def _ledger_duals(events: Sequence[Event]) -> tuple[str, str | None]:
    """A nested ledger's text, and its canonical text when that differs (else None)."""
    texts, canonical = event_texts(events)
    text = f"[{', '.join(texts)}]"
    return text, None if texts == canonical else f"[{', '.join(canonical)}]"


def _event_duals(event: Event) -> tuple[str, str | None]:
    return _duals()[type(event)](event)


#: How each plain field type is written as text, as code (``{v}`` is the value).
_PLAIN_TEXTS: dict[Any, str] = {
    str: "quote({v}) if type({v}) is str else encode({v})",
    int: "f'{{{v}}}' if type({v}) is int else encode({v})",
    str | None: "'null' if {v} is None else quote({v}) if type({v}) is str else encode({v})",
}


def _field_writer(hint: Any, text: bool, nested: Mapping[type, Callable[[Any], Any]]) -> str | Callable[[Any], Any]:
    """How a field of type ``hint`` is written, as data or as ``text``: code, or a function."""
    if hint in _PLAIN_TEXTS:
        return _PLAIN_TEXTS[hint] if text else "{v}"
    if hint in MAPS:
        return _map_text if text else _write_map
    if hint in TUPLES:
        return _list_text if text else list
    if hint is Effect:
        return nested[Effect]
    if hint == Override | None:
        override, empty = nested[Override], "null" if text else None
        return lambda value: empty if value is None else override(value)
    if hint == tuple[Event, ...]:
        return _ledger_text if text else write_ledger
    if hint is Event:
        return _event_text if text else write_event
    msg = f"no writer for a field of type {hint!r}"
    raise TypeError(msg)


def _generate(cls: type, text: bool, nested: Mapping[type, Callable[[Any], Any]]) -> Callable[[Any], Any]:
    """The writer of one attrs class: a dict of its fields in order, tag first, or that dict's JSON text."""
    scope: dict[str, Any] = {"quote": _quote, "encode": encode}
    lines, parts = ["def write(e):"], []
    for field, hint in checked_fields(cls):
        name, write = field.name, _field_writer(hint, text, nested)
        if isinstance(write, str):
            lines.append(f"    v_{name} = {write.format(v=f'e.{name}')}")
        else:
            scope[f"write_{name}"] = write
            lines.append(f"    v_{name} = write_{name}(e.{name})")
        parts.append((field_key(cls, name), f"v_{name}"))
    tag = cls.tag if issubclass(cls, Event) else None
    if text:  # the keys are identifiers and the tag a word: no brace to escape
        items = [f"{encode(key)}: {{{value}}}" for key, value in parts]
        body = ", ".join(items if tag is None else [f'"event": {encode(tag)}', *items])
        lines.append(f"    return f'{{{{{body}}}}}'")
    else:
        items = [f"{key!r}: {value}" for key, value in parts]
        body = ", ".join(items if tag is None else [f"'event': {tag!r}", *items])
        lines.append(f"    return {{{body}}}")
    exec("\n".join(lines), scope)
    writer: Callable[[Any], Any] = scope["write"]
    return writer


def _dual_writer(hint: Any, nested: Mapping[type, Callable[[Any], Any]]) -> tuple[str | Callable[[Any], Any], Any]:
    """How a field of type ``hint`` is written as text, and how its canonical text is (None: the same text)."""
    if hint in MAPS:
        return _map_text, _sorted_map_text
    if hint is Effect or hint == Override | None or hint == tuple[Event, ...] or hint is Event:
        dual = {Effect: nested.get(Effect), tuple[Event, ...]: _ledger_duals, Event: _event_duals}.get(hint)
        if dual is None:  # an override or none
            override = nested[Override]
            return (lambda value: ("null", None) if value is None else override(value)), "pair"
        return dual, "pair"
    return _field_writer(hint, True, {}), None


def _generate_dual(cls: type, nested: Mapping[type, Callable[[Any], Any]]) -> Callable[[Any], Any]:
    """The text writer of one attrs class that gives its text and its canonical text (None when the same)."""
    scope: dict[str, Any] = {"quote": _quote, "encode": encode}
    lines, parts, canon, changed = ["def write(e):"], [], [], []
    for field, hint in checked_fields(cls):
        name = field.name
        write, sorted_write = _dual_writer(hint, nested)
        if isinstance(write, str):
            lines.append(f"    v_{name} = {write.format(v=f'e.{name}')}")
        elif sorted_write == "pair":
            scope[f"write_{name}"] = write
            lines.append(f"    v_{name}, c_{name} = write_{name}(e.{name})")
            changed.append(f"c_{name}")
        else:
            scope[f"write_{name}"] = write
            lines.append(f"    v_{name} = write_{name}(e.{name})")
            if sorted_write is not None:
                scope[f"sort_{name}"] = sorted_write
                lines.append(f"    c_{name} = sort_{name}(e.{name})")
                changed.append(f"c_{name}")
        key = encode(field_key(cls, name))
        parts.append(f"{key}: {{v_{name}}}")
        canon.append(f"{key}: {{v_{name} if c_{name} is None else c_{name}}}" if f"c_{name}" in changed else parts[-1])
    tag = cls.tag if issubclass(cls, Event) else None
    head = [] if tag is None else [f'"event": {encode(tag)}']
    lines.append(f"    text = f'{{{{{', '.join([*head, *parts])}}}}}'")
    if not changed:
        lines.append("    return text, None")
    else:
        lines.append(f"    if {' and '.join(f'{c} is None' for c in changed)}:")
        lines.append("        return text, None")
        lines.append(f"    return text, f'{{{{{', '.join([*head, *canon])}}}}}'")
    exec("\n".join(lines), scope)
    writer: Callable[[Any], Any] = scope["write"]
    return writer


def _entry_duals(entry: Entry) -> tuple[str, str | None]:
    """An entry's text, and its canonical text: its operation's fields, and their mappings, in sorted order."""
    rolls = f', "rolls": {encode(_rolls_data(entry.rolls))}' if entry.rolls else ""
    data = unstructure_operation(entry.operation)
    operation, ordered = encode(data), encode_sorted(data)
    events, canonical = _ledger_duals(entry.events)
    head = f'{{"event": "entry", "number": {entry.number}, "operation": '
    text = f'{head}{operation}{rolls}, "events": {events}}}'
    if ordered == operation and canonical is None:
        return text, None
    return text, f'{head}{ordered}{rolls}, "events": {events if canonical is None else canonical}}}'


@cache
def _duals() -> dict[type, Callable[[Any], tuple[str, str | None]]]:
    """The writer of every event class giving its text and its canonical text."""
    nested: dict[type, Callable[[Any], Any]] = {}
    for cls in (Override, Effect):
        nested[cls] = _generate_dual(cls, nested)
    writers = {cls: _generate_dual(cls, nested) for cls in EVENT_TYPES.values() if cls is not Entry}
    writers[Entry] = _entry_duals
    return writers


def _generate_all(text: bool) -> dict[type, Callable[[Any], Any]]:
    nested: dict[type, Callable[[Any], Any]] = {}
    for cls in (Override, Effect):
        nested[cls] = _generate(cls, text, nested)
    writers = {cls: _generate(cls, text, nested) for cls in EVENT_TYPES.values() if cls is not Entry}
    writers[Entry] = _entry_text if text else _entry_data
    return writers


def _rolls_data(rolls: tuple[Rolled, ...]) -> list[dict[str, Any]]:
    return [{"label": roll.label, "sides": roll.sides, "results": list(roll.results)} for roll in rolls]


def _entry_data(entry: Entry) -> dict[str, Any]:
    """An entry as plain data: its operation (tagged ``op``), its rolls when it made any, its events."""
    data: dict[str, Any] = {
        "event": "entry",
        "number": entry.number,
        "operation": unstructure_operation(entry.operation),
    }
    if entry.rolls:
        data["rolls"] = _rolls_data(entry.rolls)
    data["events"] = write_ledger(entry.events)
    return data


def _entry_text(entry: Entry) -> str:
    rolls = f', "rolls": {encode(_rolls_data(entry.rolls))}' if entry.rolls else ""
    operation = encode(unstructure_operation(entry.operation))
    events = _ledger_text(entry.events)
    return f'{{"event": "entry", "number": {entry.number}, "operation": {operation}{rolls}, "events": {events}}}'


@cache
def _writers() -> dict[type, Callable[[Any], dict[str, Any]]]:
    """The data writer of every event class."""
    return _generate_all(text=False)


@cache
def _texts() -> dict[type, Callable[[Any], str]]:
    """The text writer of every event class."""
    return _generate_all(text=True)
