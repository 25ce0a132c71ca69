"""Ledger entries packed as bytes, and read back (:func:`progression.compact`).

Python's garbage collector follows every object that may hold others (every event, its tuples and mappings) at
each of its full passes, and no bytes. An entry packed here is the ``marshal`` text of a tuple of texts and
numbers: each attrs object (an event, an operation, an effect) as its class's number and its fields in order, each
tuple, mapping, list, set or ledger as a marker and its items. Reading it back builds objects equal to those
packed, field for field, without their constructors (the values are those the constructors made). Class numbers
hold for this process only: a packed entry is never written anywhere.
"""

from __future__ import annotations

import marshal
import threading
from collections.abc import Callable, Sequence
from types import MappingProxyType
from typing import Any

import attrs

from progression.ledger.ledger import Ledger

__all__ = ["pack_entries", "unpack_entries"]

#: The markers that open a packed tuple: an attrs object, a tuple, a read-only mapping, a dict, a list, a frozenset,
#: a ledger (a member's, held by the event of its joining).
_OBJECT, _TUPLE, _PROXY, _DICT = "\x00o", "\x00t", "\x00p", "\x00d"
_LIST, _FROZENSET, _LEDGER = "\x00l", "\x00f", "\x00L"
#: The values kept as they are (the garbage collector follows none of them).
_ATOMS = frozenset({str, int, float, bool, bytes, type(None)})

#: Each attrs class packed, by its number, and its number and field names by class (kept for the process, so
#: that a number is never another class's).
_CLASSES: list[type] = []
_NUMBERS: dict[type, tuple[int, tuple[str, ...]]] = {}


def pack_entries(entries: Sequence[Any], memo: dict[int, tuple[Any, Any]] | None = None) -> tuple[bytes, ...] | None:
    """``entries`` packed, one tuple each, written by ``marshal`` (bytes, which the garbage collector does not
    follow, where a tuple is followed until it looks at it); None when one holds a value of a kind that is not
    packed (the entries then stay objects). ``memo`` holds what was packed already, by identity: given for several
    ledgers, the events they share (a team's and its players') are packed once."""
    if memo is None:
        memo = {}
    try:
        return tuple(marshal.dumps(_pack(entry, memo)) for entry in entries)
    except _Unpackable:
        return None


def unpack_entries(packed: Sequence[Any]) -> list[Any]:
    """The entries ``packed`` holds, built anew."""
    return [_unpack(marshal.loads(item)) for item in packed]


class _Unpackable(Exception):
    """A value of a kind that is not packed."""


def _pack(value: Any, memo: dict[int, tuple[Any, Any]]) -> Any:
    kind = type(value)
    if kind in _ATOMS:
        return value
    seen = memo.get(id(value))
    if seen is not None:  # an object shared within the entries (a roll, an effect) is packed once
        return seen[1]
    packer = _PACKERS.get(kind)
    if packer is not None:
        packed = packer(value, memo)
    elif kind is tuple:
        packed = (_TUPLE, *[item if type(item) in _ATOMS else _pack(item, memo) for item in value])
    elif kind is MappingProxyType or kind is dict:
        pairs = [part for key, item in value.items() for part in (_pack(key, memo), _pack(item, memo))]
        packed = (_PROXY if kind is MappingProxyType else _DICT, *pairs)
    elif kind is list:
        packed = (_LIST, *[_pack(item, memo) for item in value])
    elif kind is frozenset:
        packed = (_FROZENSET, *[_pack(item, memo) for item in value])
    elif kind is Ledger:
        packed = (_LEDGER, *[_pack(item, memo) for item in value])
    elif attrs.has(kind) and _rebuilt_from_fields(kind):
        packed = _packer(kind)(value, memo)
    else:
        raise _Unpackable
    memo[id(value)] = (value, packed)  # the value kept alive, so that its id is its own while packing
    return packed


#: Each attrs class's packer, generated from its fields on first use: with a generic one, reading the fields by
#: name and testing each value's kind, and a record per ledger, a 400-team Blood Bowl season compacted after each
#: match took 6.9 s instead of 6.6 s (a team's match packs about 420 values).
_PACKERS: dict[type, Callable[[Any, dict[int, tuple[Any, Any]]], Any]] = {}


def _packer(kind: type) -> Callable[[Any, dict[int, tuple[Any, Any]]], Any]:
    number, names = _number(kind)
    lines = ["def pack(value, memo):"]
    for place, name in enumerate(names):
        lines.append(f"    v{place} = value.{name}")
        lines.append(f"    if type(v{place}) not in ATOMS: v{place} = PACK(v{place}, memo)")
    lines.append(f"    return (OBJECT, {number}{''.join(f', v{place}' for place in range(len(names)))})")
    namespace: dict[str, Any] = {"ATOMS": _ATOMS, "PACK": _pack, "OBJECT": _OBJECT}
    exec("\n".join(lines), namespace)  # code made from the class's own field names only
    packer: Callable[[Any, dict[int, tuple[Any, Any]]], Any] = namespace["pack"]
    _PACKERS[kind] = packer
    return packer


def _rebuilt_from_fields(kind: type) -> bool:
    """Whether an object of the attrs class ``kind`` is its fields and nothing else, so that setting them builds it
    back equal: its own attrs class (not a plain subclass adding what attrs does not know), made by the constructor
    attrs wrote, with no ``__attrs_post_init__`` (which may set more), no cached hash, compared by its fields, and
    no slot that is not a field."""
    init = getattr(kind.__dict__.get("__init__"), "__code__", None)
    slots = {name for base in kind.__mro__ for name in getattr(base, "__slots__", ())} - {"__weakref__", "__dict__"}
    return (
        "__attrs_attrs__" in kind.__dict__
        and init is not None
        and init.co_filename.startswith("<attrs generated")
        and not hasattr(kind, "__attrs_post_init__")
        and not hasattr(kind, "_attrs_cached_hash")
        and kind.__dict__.get("__eq__") is not None
        and slots <= {field.name for field in attrs.fields(kind)}
    )


def _number(kind: type) -> tuple[int, tuple[str, ...]]:
    found = _NUMBERS.get(kind)
    if found is None:
        with _NUMBERING:  # two classes numbered at once by two threads must not get one number
            found = _NUMBERS.get(kind)
            if found is None:
                _CLASSES.append(kind)
                found = _NUMBERS[kind] = (len(_CLASSES) - 1, tuple(field.name for field in attrs.fields(kind)))
    return found


_NUMBERING = threading.Lock()


def _unpack(value: Any) -> Any:
    if type(value) is not tuple:
        return value
    marker = value[0]
    if marker == _OBJECT:
        kind = _CLASSES[value[1]]
        made: Any = object.__new__(kind)
        for name, item in zip(_NUMBERS[kind][1], value[2:], strict=True):
            object.__setattr__(made, name, _unpack(item))
        return made
    if marker == _TUPLE:
        return tuple(_unpack(item) for item in value[1:])
    if marker in (_PROXY, _DICT):
        items = value[1:]
        mapping = {_unpack(items[i]): _unpack(items[i + 1]) for i in range(0, len(items), 2)}
        return MappingProxyType(mapping) if marker == _PROXY else mapping
    if marker == _LIST:
        return [_unpack(item) for item in value[1:]]
    if marker == _LEDGER:
        return Ledger(_unpack(item) for item in value[1:])
    return frozenset(_unpack(item) for item in value[1:])
