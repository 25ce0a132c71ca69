"""Read-only mappings for frozen model objects."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any


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
