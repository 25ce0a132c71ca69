"""The reader of the pack's data files: :class:`progression.Reader`, tuned to files that are complete."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import progression
from progression import Label

__all__ = ["Reader"]

#: The empty value each type reads as after a problem, so that reading goes on without None checks.
_EMPTY: dict[type | tuple[type, ...], Callable[[], Any]] = {
    int: int,
    str: str,
    dict: dict,
    list: list,
    bool: bool,
    tuple: tuple,
}


class Reader(progression.Reader):
    """Reads the pack's data files, whose every table and key is required.

    A misfit reads as an empty value of its type (``0``, ``""``, ``{}``), so the readers of
    the files go on to the end and every problem is reported at once.
    """

    def fallback(self, kind: type | tuple[type, ...]) -> Any:
        """An empty value of ``kind``."""
        empty = _EMPTY.get(kind)
        return None if empty is None else empty()

    def table(self, parent: Mapping[str, Any], key: str, path: str, *, required: bool = True) -> dict[str, Any]:
        """A sub-table, required unless told otherwise: the pack's files name every table they have."""
        return super().table(parent, key, path, required=required)

    def label(self, table: Mapping[str, Any], path: str, key: str = "label") -> Label:
        """A displayed name with ``en`` and ``fr``; a label that is not a table (a single text) is refused as such."""
        raw = table.get(key) if isinstance(table, Mapping) else None
        if not isinstance(raw, dict):
            self.get(table, key, dict, path)  # the problem: missing, or not a table
            return Label.same("?")
        for stray in [k for k in raw if k not in ("en", "fr")]:
            self.problem(f"{path}.{key}.{stray}", f"unknown key {stray!r}; a label has only 'en' and 'fr'")
        return super().label({key: {k: v for k, v in raw.items() if k in ("en", "fr")}}, path, key)
