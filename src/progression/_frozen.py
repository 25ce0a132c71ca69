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


def freeze(mapping: Mapping[Any, Any] | None = None) -> Mapping[Any, Any]:
    """Return a read-only copy of ``mapping``: later changes to the argument do not leak in."""
    if type(mapping) is MappingProxyType:
        return mapping
    if mapping is None or (type(mapping) is dict and not mapping):
        return EMPTY
    return MappingProxyType(dict(mapping))
