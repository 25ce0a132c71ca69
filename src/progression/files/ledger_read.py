"""Ledger events from plain data, by a reader generated once per event class.

The cattrs converter of :mod:`.sheets` is the reference: it checks every field and
reports every problem with its path. It is also slow: building events through it was
most of the time a sheet file took to load. A generated reader does the same work for a
right ledger in one pass: it checks that every key and value has exactly the type the
converter accepts, and builds the event directly. When it meets anything else (a wrong
type, a missing or extra key, a value of an unusual type), it does not try to explain it:
it raises :class:`Unsure`, the caller asks the converter, and the converter's answer (the
events, or every problem with its path) is the result. So a reader may refuse more than
the converter, never less, and the error messages stay the converter's.

A reader builds an event without calling its ``__init__``, by setting its slots. So that a
change to an event class cannot bypass a rule of its constructor, a reader is generated
only for a slotted attrs class without validators or ``__attrs_post_init__``, whose
converters are ``freeze`` on mappings and ``as_tuple`` on tuples, and it applies them
itself to the values it checked: an event read is what its constructor would have built
(small mappings shared as ``freeze`` shares them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from types import MemberDescriptorType
from typing import Any, cast, get_type_hints

import attrs

from progression._frozen import as_tuple, freeze
from progression.files.codec import CORE, Operations, structure_operation
from progression.ledger.events import EVENT_TYPES, Entry, Event, Member, Rolled
from progression.rules.parts import Effect, Override

__all__ = ["MAPS", "TUPLES", "Operations", "Unsure", "checked_fields", "field_key", "read_ledger"]


class Unsure(Exception):
    """Data a generated reader does not take as it is: the converter decides (not an error)."""


#: Mapping field types (their converter is ``freeze``), with the types their values may have.
MAPS: dict[Any, frozenset[type]] = {
    Mapping[str, int]: frozenset({int}),
    Mapping[str, str]: frozenset({str}),
    Mapping[str, str | int | bool]: frozenset({str, int, bool}),
}
#: Tuple field types (their converter is ``as_tuple``), with the type of their items.
TUPLES: dict[Any, type] = {tuple[int, ...]: int, tuple[str, ...]: str}
#: Field types a reader checks with a type test, as code (``{v}`` is the value).
_TESTS: dict[Any, str] = {
    str: "type({v}) is not str",
    int: "type({v}) is not int",
    str | None: "{v} is not None and type({v}) is not str",
}


def field_key(cls: type, name: str) -> str:
    """The key a field is saved under: a member's wrapped event is ``entry``, since ``event`` is the tag's key."""
    return "entry" if cls is Member and name == "event" else name


def _converter_of(hint: Any) -> Callable[[Any], Any] | None:
    """The converter a field of type ``hint`` must have, for a reader to build what ``__init__`` would."""
    if hint in MAPS:
        return freeze
    if hint in TUPLES or hint == tuple[Event, ...]:
        return as_tuple
    return None


def checked_fields(cls: type) -> list[tuple[attrs.Attribute[Any], Any]]:
    """The fields of ``cls`` with their types; TypeError for a class a reader could build wrongly."""
    if not attrs.has(cls) or "__slots__" not in cls.__dict__ or hasattr(cls, "__attrs_post_init__"):
        msg = f"no reader for {cls.__name__}: not a slotted attrs class without __attrs_post_init__"
        raise TypeError(msg)
    hints = get_type_hints(cls)
    fields = []
    for field in attrs.fields(cls):
        hint = hints[field.name]
        # a converter that only refuses more than the reader does says what it builds otherwise (``reads_as``)
        converter = getattr(field.converter, "reads_as", field.converter)
        if field.validator is not None or converter is not _converter_of(hint) or not field.init:
            msg = f"no reader for {cls.__name__}.{field.name}: a validator, or a converter it does not know"
            raise TypeError(msg)
        if not isinstance(cls.__dict__.get(field.name), MemberDescriptorType):
            msg = f"no reader for {cls.__name__}.{field.name}: not a slot"
            raise TypeError(msg)
        fields.append((field, hint))
    return fields


def read_ledger(value: Any, operations: Operations = CORE) -> tuple[Event, ...]:
    """A list of event objects as events; :class:`Unsure` when the converter must decide."""
    return _ledger_reader(operations)(value)


def _list_reader(readers: Mapping[str, Callable[[Any], Event]]) -> Callable[[Any], tuple[Event, ...]]:
    def read(value: Any) -> tuple[Event, ...]:
        if type(value) is not list:
            raise Unsure
        try:  # each reader checks that its item is a dict; this only finds the reader by the tag
            return tuple([readers[item["event"]](item) for item in value])
        except (KeyError, TypeError):  # not an object, no tag, an unknown or unhashable tag
            raise Unsure from None

    return read


_ENTRY_KEYS = frozenset({"event", "number", "operation", "rolls", "events"})
_ROLL_KEYS = frozenset({"label", "sides", "results"})


def _roll(value: Any) -> Rolled:
    if type(value) is not dict or value.keys() != _ROLL_KEYS:
        raise Unsure
    label, sides, results = value["label"], value["sides"], value["results"]
    if type(label) is not str or type(sides) is not int or type(results) is not list:
        raise Unsure
    if not all(type(result) is int for result in results):
        raise Unsure
    return Rolled(label=label, sides=sides, results=tuple(results))


def _entry_reader(read_events: Callable[[Any], tuple[Event, ...]], operations: Operations) -> Callable[[Any], Entry]:
    """The reader of an entry: its operation through the converter, its rolls and events as every event is read."""

    def read(value: Any) -> Entry:
        if type(value) is not dict or not value.keys() <= _ENTRY_KEYS or "operation" not in value:
            raise Unsure
        number = value.get("number")
        if type(number) is not int or number < 1:
            raise Unsure
        try:
            operation = structure_operation(value["operation"], operations)
        except Exception:  # the converter's own reading of the whole ledger says what is wrong, and where
            raise Unsure from None
        rolls = value.get("rolls", [])
        if type(rolls) is not list:
            raise Unsure
        events = read_events(value.get("events"))
        rolled = tuple(map(_roll, rolls))
        return Entry(label=operation.label, number=number, events=events, operation=operation, rolls=rolled)

    return read


def _map_reader(allowed: frozenset[type]) -> Callable[[Any], Mapping[str, Any]]:
    def read(value: Any) -> Mapping[str, Any]:
        if type(value) is not dict:
            raise Unsure
        for key, item in value.items():
            if type(key) is not str or type(item) not in allowed:
                raise Unsure
        return freeze(value)

    return read


def _tuple_reader(allowed: type) -> Callable[[Any], tuple[Any, ...]]:
    def read(value: Any) -> tuple[Any, ...]:
        if type(value) is not list:
            raise Unsure
        for item in value:
            if type(item) is not allowed:
                raise Unsure
        return tuple(value)

    return read


def _field_reader(hint: Any, nested: Mapping[type, Callable[[Any], Any]]) -> str | Callable[[Any], Any]:
    """How a field of type ``hint`` is read: a type test as code, or a function returning its value."""
    if hint in _TESTS:
        return _TESTS[hint]
    if hint in MAPS:
        return _map_reader(MAPS[hint])
    if hint in TUPLES:
        return _tuple_reader(TUPLES[hint])
    if hint is Effect:
        return nested[Effect]
    if hint == Override | None:
        override = nested[Override]
        return lambda value: None if value is None else override(value)
    if hint == tuple[Event, ...]:
        return nested[tuple]
    if hint is Event:
        events = nested[tuple]
        return lambda value: events([value])[0]
    msg = f"no reader for a field of type {hint!r}"
    raise TypeError(msg)


def _generate(cls: type, nested: Mapping[type, Callable[[Any], Any]]) -> Callable[[Any], Any]:
    """The reader of one attrs class (an event, an effect, an override).

    Each key is looked up once; a missing key reads as ``MISSING``, which no type test and
    no field reader takes. ``n`` counts the keys found, so an object holding a key the
    class does not have (``len(d) != n``) is refused.
    """
    fields = checked_fields(cls)
    scope: dict[str, Any] = {"Unsure": Unsure, "MISSING": object(), "new": object.__new__, "cls": cls}
    # Every object holds the tag's key (for an event) and the required fields' keys.
    required = int(issubclass(cls, Event)) + sum(1 for field, _ in fields if field.default is attrs.NOTHING)
    lines = [
        "def read(d):",
        "    if type(d) is not dict:",
        "        raise Unsure",
        "    get = d.get",
        f"    n = {required}",
    ]
    for field, hint in fields:
        name, check = field.name, _field_reader(hint, nested)
        value = f"f_{name}"
        if isinstance(check, str):
            read = [f"if {check.format(v=value)}:", "    raise Unsure"]
        else:
            scope[f"read_{name}"] = check
            read = [f"{value} = read_{name}({value})"]
        lines.append(f"    {value} = get({field_key(cls, name)!r}, MISSING)")
        if field.default is attrs.NOTHING:
            lines += ["    " + line for line in read]
            continue
        convert = _converter_of(hint) or (lambda made: made)
        if isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
            factory = cast(Callable[[], Any], cast(Any, field.default).factory)
            scope[f"default_{name}"] = lambda factory=factory, convert=convert: convert(factory())
            missing = f"default_{name}()"
        else:
            scope[f"default_{name}"] = convert(field.default)
            missing = f"default_{name}"
        lines += [f"    if {value} is MISSING:", f"        {value} = {missing}", "    else:", "        n += 1"]
        lines += ["        " + line for line in read]
    lines += ["    if len(d) != n:", "        raise Unsure", "    o = new(cls)"]
    for field, _ in fields:
        scope[f"set_{field.name}"] = cls.__dict__[field.name].__set__
        lines.append(f"    set_{field.name}(o, f_{field.name})")
    lines.append("    return o")
    exec("\n".join(lines), scope)
    reader: Callable[[Any], Any] = scope["read"]
    return reader


@cache
def _ledger_reader(operations: Operations) -> Callable[[Any], tuple[Event, ...]]:
    """The reader of a list of events whose entries hold ``operations`` (each event read by its tag's reader)."""
    readers: dict[str, Callable[[Any], Any]] = {}
    nested: dict[type, Callable[[Any], Any]] = {tuple: _list_reader(readers)}
    for cls in (Override, Effect):
        nested[cls] = _generate(cls, nested)
    readers.update({tag: _generate(cls, nested) for tag, cls in EVENT_TYPES.items() if cls is not Entry})
    readers[Entry.tag] = _entry_reader(nested[tuple], operations)
    reader: Callable[[Any], tuple[Event, ...]] = nested[tuple]
    return reader
