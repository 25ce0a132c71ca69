"""Read-only mappings for frozen model objects."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, TypeVar

import attrs
from attrs import AttrsInstance

T = TypeVar("T", bound=AttrsInstance)


def as_tuple(items: Iterable[Any]) -> tuple[Any, ...]:
    """An attrs converter: any iterable as a tuple."""
    return tuple(items)


#: The read-only empty mapping every empty field shares (most effects leave most of their fields empty).
EMPTY: Mapping[Any, Any] = MappingProxyType({})


#: Small mappings of texts to texts or integers, frozen once and shared: a ledger repeats the same
#: prices (``{"spp": 3}``) and effects (``{"advancements": 1}``) thousands of times.
_SHARED: dict[tuple[tuple[str, str | int], ...], Mapping[Any, Any]] = {}
#: How many small mappings are kept for sharing (the rest are frozen one by one).
_SHARED_MAX = 4096


def freeze(mapping: Mapping[Any, Any] | None = None) -> Mapping[Any, Any]:
    """Return a read-only copy of ``mapping``: later changes to the argument do not leak in.

    Always a copy, even of a read-only view: a caller may hold the dictionary behind a
    ``MappingProxyType`` it passes, and change it later. Only :data:`EMPTY` and the small shared
    mappings this function made itself are returned as they are (nobody else holds what is behind them).
    """
    if mapping is None or not mapping:
        return EMPTY
    if len(mapping) > 2:
        return MappingProxyType(dict(mapping))
    key = tuple(mapping.items())
    if type(mapping) is MappingProxyType and _shared(key) is mapping:
        return mapping
    for k, v in key:  # texts to texts or integers only: equal keys then mean equal mappings
        if type(k) is not str or (type(v) is not int and type(v) is not str):
            return MappingProxyType(dict(mapping))
    shared = _SHARED.get(key)
    if shared is None:
        shared = MappingProxyType(dict(key))
        if len(_SHARED) < _SHARED_MAX:
            _SHARED[key] = shared
    return shared


def _shared(key: tuple[tuple[Any, Any], ...]) -> Mapping[Any, Any] | None:
    try:
        return _SHARED.get(key)
    except TypeError:  # an unhashable value: never shared
        return None


def maker(cls: type[T]) -> Callable[..., T]:
    """A function making an instance of ``cls``, a frozen slotted attrs class, from the values of all its fields (each
    given by name), run through no converter: for the engine's copies of objects whose values were converted when first
    made (a sheet after a change, a pending decision after a roll). It sets each slot through its descriptor, where
    the class's own ``__init__`` calls ``object.__setattr__`` by name: half the time, and the engine makes such a copy
    for every change it records (the performance page gives the gain).

    Raises:
        TypeError: ``cls`` has a field with a validator, or runs code after its ``__init__``: only its own
            ``__init__`` may make it.
    """
    fields = attrs.fields(cls)
    if hasattr(cls, "__attrs_post_init__") or any(f.validator is not None for f in fields):
        msg = f"{cls.__name__} checks what it is made of: make it with its own __init__"
        raise TypeError(msg)
    names = [field.name for field in fields]
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls}
    scope.update((f"set_{name}", getattr(cls, name).__set__) for name in names)
    lines = [f"def make(*, {', '.join(names)}):", "    made = new(cls)"]
    lines += [f"    set_{name}(made, {name})" for name in names]
    exec("\n".join([*lines, "    return made"]), scope)  # code written above from the field names
    made: Callable[..., T] = scope["make"]
    made.__qualname__ = f"maker({cls.__name__})"
    return made
