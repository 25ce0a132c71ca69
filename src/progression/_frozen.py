"""Read-only mappings for frozen model objects."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any


def as_tuple(items: Iterable[Any]) -> tuple[Any, ...]:
    """An attrs converter: any iterable as a tuple."""
    return tuple(items)


def freeze(mapping: Mapping[Any, Any] | None = None) -> Mapping[Any, Any]:
    """Return a read-only copy of ``mapping``: later changes to the argument do not leak in."""
    if mapping is None:
        return MappingProxyType({})
    if isinstance(mapping, MappingProxyType):
        return mapping
    return MappingProxyType(dict(mapping))
