"""The cattrs converter of sheet files, one per set of operations: the reference that reads and writes every model
object, event and operation, checking every field and reporting every problem with its key path.

The generated readers and writers (:mod:`.ledger_read`, :mod:`.ledger_write`) are faster and hand it what they do
not take; :mod:`.sheets` judges a ledger with it when they refuse. It is built on first use: importing cattrs and
generating its functions is most of what ``import progression`` would otherwise cost.
"""

from __future__ import annotations

from collections import abc
from collections.abc import Callable, Mapping
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, get_origin

import attrs

from progression.engine.declared import resolved
from progression.engine.operations import CORE_OPERATIONS
from progression.ledger.events import EVENT_TYPES, Entry, Event, Member, Operation, Rolled
from progression.spelling import closest, the_closest

if TYPE_CHECKING:
    import cattrs

    from progression.rulepacks.rulepack import RulePack

    #: The converter for every model object, event and core operation (built on first use).
    converter: cattrs.Converter

__all__ = [
    "CORE",
    "Operations",
    "converter",
    "converter_of",
    "operations_of",
    "structure_operation",
    "unstructure_operation",
]

#: The operation classes a ledger may hold, as ``(tag, class)`` pairs (hashable, so readers are made once per set).
Operations = tuple[tuple[str, type[Operation]], ...]
#: The core's operations alone.
CORE: Operations = tuple(sorted(CORE_OPERATIONS.items()))


def _strict_int(value: Any, _: type) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        msg = f"expected an integer, got {value!r}"
        raise TypeError(msg)
    return value


def _strict_bool(value: Any, _: type) -> bool:
    if not isinstance(value, bool):
        msg = f"expected true or false, got {value!r}"
        raise TypeError(msg)
    return value


def _strict_str(value: Any, _: type) -> str:
    if not isinstance(value, str):
        msg = f"expected a text, got {value!r}"
        raise TypeError(msg)
    return value


#: Values saved as they are, without asking the converter.
_PLAIN = frozenset({int, str, bool, float, type(None)})


def _make_converter(operations: Operations) -> cattrs.Converter:
    import cattrs
    from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

    conv = cattrs.Converter(detailed_validation=True, forbid_extra_keys=True)
    conv.register_structure_hook(int, _strict_int)
    conv.register_structure_hook(str, _strict_str)
    conv.register_structure_hook(bool, _strict_bool)  # bool is an int: without its own hook it would take int's
    # Model mappings are read-only proxies; saved files hold plain objects.
    conv.register_unstructure_hook_func(
        lambda t: bool(t is MappingProxyType or get_origin(t) is abc.Mapping),  # type: ignore[comparison-overlap]
        lambda m: {key: value if type(value) in _PLAIN else conv.unstructure(value) for key, value in m.items()},
    )

    # Events are a tagged union: each is saved with its tag under "event". The hooks are
    # registered before the per-class functions are generated, so that fields typed
    # ``Event`` (a member's entry, a step's events, a joined member's ledger) use them.
    dump_event: dict[type[Event], Callable[[Any], dict[str, Any]]] = {}
    load_event: dict[str, Callable[[Any, type], Event]] = {}

    def unstructure_event(event: Event) -> dict[str, Any]:
        return {"event": event.tag, **dump_event[type(event)](event)}

    def structure_event(data: Any, _: type) -> Event:
        if not isinstance(data, Mapping):
            msg = f"expected an event object, got {data!r:.60}"
            raise TypeError(msg)
        tag = data.get("event")
        if not isinstance(tag, str) or tag not in load_event:
            msg = f"unknown event {tag!r}; expected one of: {', '.join(EVENT_TYPES)}"
            raise ValueError(msg)
        body = {k: v for k, v in data.items() if k != "event"}
        return load_event[tag](body, EVENT_TYPES[tag])

    conv.register_unstructure_hook_func(lambda t: isinstance(t, type) and issubclass(t, Event), unstructure_event)
    conv.register_structure_hook(Event, structure_event)

    # Operations are a tagged union too, by "op"; a ledger may hold the core's and one pack's.
    by_tag = dict(operations)
    dump_operation: dict[type[Operation], Callable[[Any], dict[str, Any]]] = {}
    load_operation: dict[str, Callable[[Any, type], Operation]] = {}

    def unstructure_op(operation: Operation) -> dict[str, Any]:
        cls = type(operation)
        if cls not in dump_operation:
            dump_operation[cls] = make_dict_unstructure_fn(resolved(cls), conv)
        return {"op": operation.tag, **dump_operation[cls](operation)}

    def structure_op(data: Any, _: type) -> Operation:
        if not isinstance(data, Mapping):
            msg = f"expected an operation object, got {data!r:.60}"
            raise TypeError(msg)
        tag = data.get("op")
        if not isinstance(tag, str) or tag not in by_tag:
            near = the_closest(closest(tag, tuple(by_tag))) if isinstance(tag, str) else ""
            msg = f"expected an operation the reader knows as op, got {tag!r}; it knows: {', '.join(by_tag)}{near}"
            raise ValueError(msg)
        if tag not in load_operation:
            load_operation[tag] = make_dict_structure_fn(resolved(by_tag[tag]), conv, _cattrs_forbid_extra_keys=True)
        return load_operation[tag]({k: v for k, v in data.items() if k != "op"}, by_tag[tag])

    conv.register_unstructure_hook_func(lambda t: isinstance(t, type) and issubclass(t, Operation), unstructure_op)
    conv.register_structure_hook(Operation, structure_op)
    for tag, cls in EVENT_TYPES.items():
        # ``event`` is the tag's key, so a member's wrapped event is saved as ``entry``.
        if cls is Entry:
            load_saved = make_dict_structure_fn(_SavedEntry, conv, _cattrs_forbid_extra_keys=True)

            def dump_entry(entry: Entry) -> dict[str, Any]:
                return _saved_entry_data(conv, entry)

            def load_entry(body: Any, _: type, load_saved: Callable[..., _SavedEntry] = load_saved) -> Event:
                return load_saved(body, _SavedEntry).entry()

            dump_event[cls] = dump_entry
            load_event[tag] = load_entry
        elif cls is Member:
            entry = override(rename="entry")
            dump_event[cls] = make_dict_unstructure_fn(cls, conv, event=entry)
            load_event[tag] = make_dict_structure_fn(cls, conv, _cattrs_forbid_extra_keys=True, event=entry)
        else:
            dump_event[cls] = make_dict_unstructure_fn(cls, conv)
            load_event[tag] = make_dict_structure_fn(cls, conv, _cattrs_forbid_extra_keys=True)
    return conv


@attrs.frozen(kw_only=True)
class _SavedRoll:
    """A roll as an entry saves it (the event's fields, without its tag)."""

    label: str
    sides: int
    results: tuple[int, ...]


@attrs.frozen(kw_only=True)
class _SavedEntry:
    """An entry as a file holds it: its label is its operation's, so it is not saved."""

    number: int = attrs.field(validator=attrs.validators.ge(1))
    operation: Operation
    rolls: tuple[_SavedRoll, ...] = ()
    events: tuple[Event, ...]

    def entry(self) -> Entry:
        rolls = tuple(Rolled(label=r.label, sides=r.sides, results=r.results) for r in self.rolls)
        return Entry(
            label=self.operation.label, number=self.number, events=self.events, operation=self.operation, rolls=rolls
        )


def _saved_entry_data(conv: cattrs.Converter, entry: Entry) -> dict[str, Any]:
    data: dict[str, Any] = {"number": entry.number, "operation": conv.unstructure(entry.operation, Operation)}
    if entry.rolls:
        data["rolls"] = [{"label": r.label, "sides": r.sides, "results": list(r.results)} for r in entry.rolls]
    data["events"] = conv.unstructure(entry.events, tuple[Event, ...])
    return data


@cache
def converter_of(operations: Operations = CORE) -> cattrs.Converter:
    """The converter for the model, the events and ``operations`` (the core's by default), made once per set."""
    return _make_converter(operations)


def structure_operation(data: Any, operations: Operations = CORE) -> Operation:
    """An operation from plain data (its ``op`` tag names its class among ``operations``)."""
    operation: Operation = converter_of(operations).structure(data, Operation)
    return operation


def unstructure_operation(operation: Operation) -> dict[str, Any]:
    """An operation as plain data, tagged with ``op``."""
    data: dict[str, Any] = converter_of().unstructure(operation, Operation)
    return data


def operations_of(pack: RulePack | None) -> tuple[tuple[str, type[Operation]], ...]:
    """The operations a ledger of ``pack`` may hold: the core's and the pack's own."""
    if pack is None or not pack.operations:
        return CORE
    return tuple(sorted({**CORE_OPERATIONS, **pack.operations}.items()))


def __getattr__(name: str) -> Any:
    if name == "converter":
        return converter_of()
    msg = f"module {__name__!r} has no attribute {name!r}"
    raise AttributeError(msg)
