"""A small reader for the pack's data files: typed values out of parsed TOML, every misfit collected."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from progression import Label
from progression.errors import Problem

__all__ = ["Reader", "slug_ok"]

_TYPE_NAMES = {int: "an integer", str: "a text", dict: "a table", list: "a list", bool: "true or false"}


def slug_ok(ident: object) -> bool:
    """Whether ``ident`` is a lowercase ASCII slug (a-z, 0-9, ``_``)."""
    return (
        isinstance(ident, str)
        and bool(ident)
        and ident.isascii()
        and all(c.islower() or c.isdigit() or c == "_" for c in ident)
    )


class Reader:
    """Collects a :class:`~progression.errors.Problem` for each value that does not fit, and goes on."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[Problem] = []

    def problem(self, path: str, reason: str) -> None:
        """Record one problem at ``path``."""
        self.problems.append(Problem(self.source, path, reason))

    def get(self, table: Mapping[str, Any], key: str, kind: type, path: str, default: Any = ...) -> Any:
        """``table[key]`` when it has type ``kind``; else a problem and ``default`` (required when omitted)."""
        where = f"{path}.{key}"
        if not isinstance(table, Mapping) or key not in table:
            if default is ...:
                self.problem(where, f"required key {key!r} is missing")
                return _EMPTY.get(kind)
            return default
        value = table[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            self.problem(where, f"expected {_TYPE_NAMES.get(kind, kind.__name__)}, got {value!r:.60}")
            return _EMPTY.get(kind) if default is ... else default
        return value

    def table(self, parent: Mapping[str, Any], key: str, path: str) -> dict[str, Any]:
        """A required sub-table (empty after a problem)."""
        value = self.get(parent, key, dict, path)
        return value if isinstance(value, dict) else {}

    def ints(self, table: Mapping[str, Any], key: str, path: str, length: int | None = None) -> tuple[int, ...]:
        """A list of integers, of ``length`` items when given."""
        raw = self.get(table, key, list, path)
        values = []
        for index, item in enumerate(raw or []):
            if isinstance(item, bool) or not isinstance(item, int):
                self.problem(f"{path}.{key}[{index}]", f"expected an integer, got {item!r}")
            else:
                values.append(item)
        if length is not None and raw is not None and len(raw) != length:
            self.problem(f"{path}.{key}", f"expected {length} values, got {len(raw)}")
        return tuple(values)

    def strings(self, table: Mapping[str, Any], key: str, path: str, default: Any = ...) -> tuple[str, ...]:
        """A list of texts."""
        raw = self.get(table, key, list, path, default=default)
        if not isinstance(raw, list):
            return tuple(raw) if isinstance(raw, tuple) else ()
        for index, item in enumerate(raw):
            if not isinstance(item, str):
                self.problem(f"{path}.{key}[{index}]", f"expected a text, got {item!r}")
                return ()
        return tuple(raw)

    def label(self, table: Mapping[str, Any], path: str, key: str = "label") -> Label:
        """A displayed name with ``en`` and ``fr``."""
        raw = self.get(table, key, dict, path)
        if not isinstance(raw, dict):
            return Label.same("?")
        en = self.get(raw, "en", str, f"{path}.{key}")
        fr = self.get(raw, "fr", str, f"{path}.{key}")
        for extra in set(raw) - {"en", "fr"}:
            self.problem(f"{path}.{key}.{extra}", f"unknown key {extra!r}; a label has only 'en' and 'fr'")
        return Label(en=en or "?", fr=fr or "?")

    def known(self, table: Mapping[str, Any], allowed: tuple[str, ...], path: str) -> None:
        """A problem for every key of ``table`` that is not in ``allowed``."""
        for key in table:
            if key not in allowed:
                self.problem(f"{path}.{key}", f"unknown key {key!r}; expected one of: {', '.join(allowed)}")

    def format(self, data: Mapping[str, Any]) -> None:
        """The file declares ``format = 1``."""
        if data.get("format") != 1:
            self.problem("$.format", f"expected format = 1, got {data.get('format')!r}")


_EMPTY: dict[type, Any] = {int: 0, str: "", dict: {}, list: [], bool: False}
