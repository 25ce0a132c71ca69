"""Ledger events to plain data and to JSON text, by writers generated once per event class.

What they write is what the cattrs converter of :mod:`.sheets` writes (the same keys in
the same order, the same values), without its dispatch: :func:`write_ledger` gives the
dicts of :func:`~progression.files.unstructure_sheet`, and :func:`event_lines` gives, for each event, the
JSON text ``json.dumps(data, ensure_ascii=False)`` makes of those dicts, written straight
from the event. A value of a type the writers do not expect (a mapping value that is not
an integer or a text, say) goes through the converter and ``json``, as before.
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

__all__ = ["encode", "event_lines", "write_event", "write_ledger"]

#: Values written as they are; anything else goes through the converter.
_PLAIN = frozenset({int, str, bool, float, type(None)})


#: ``json.dumps(value, ensure_ascii=False)``, with the encoder made once.
encode: Callable[[Any], str] = json.JSONEncoder(ensure_ascii=False).encode
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


def _list_text(items: tuple[Any, ...]) -> str:
    return encode(list(items)) if items else "[]"


def _ledger_text(events: Sequence[Event]) -> str:
    return f"[{', '.join(event_lines(events))}]"


def _event_text(event: Event) -> str:
    return _texts()[type(event)](event)


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
