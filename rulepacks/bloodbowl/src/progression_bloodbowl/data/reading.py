"""The reader of the pack's data files: :class:`progression.authoring.Reader`, tuned to files that are complete.

The readers of the files trust the shapes the reader hands back (an empty table after a problem,
never None), and check every value before they look inside it, so bad data is a
:class:`~progression.errors.RulePackError` listing every problem with its file and key path (a
property test puts values of every other shape in every place of every file).

:func:`natural` checks a number a Python caller passes (an ``int`` >= 0, never a bool), for every facet.
"""

from __future__ import annotations

import datetime
import json
import math
from collections.abc import Callable, Mapping
from typing import Any

import progression
import progression.authoring
from progression.authoring import Label
from progression.errors import InvalidInput

__all__ = ["Reader", "ascii_number", "in_toml_words", "natural", "not_blank", "parse_dice"]

#: The empty value each type reads as after a problem, so that reading goes on without None checks.
_EMPTY: dict[type | tuple[type, ...], Callable[[], Any]] = {
    int: int,
    str: str,
    dict: dict,
    list: list,
    bool: bool,
    tuple: tuple,
}


def _toml_key(key: object) -> str:
    """A key as TOML writes it: bare when it may be (``max``), quoted otherwise (``"a key"``)."""
    text = str(key)
    bare = bool(text) and all(c.isascii() and (c.isalnum() or c in "-_") for c in text)
    return text if bare else json.dumps(text, ensure_ascii=False)


def _toml(value: object) -> str:
    """A value as a TOML file writes it: ``true``, ``3``, ``"x"``, ``[1, "x"]``, ``{ max = 6 }``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else "inf" if value > 0 else "-inf"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_toml_key(key)} = {_toml(item)}" for key, item in value.items()) + " }"
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    return str(value)


#: What :func:`in_toml_words` calls a value of each TOML type, the most precise type first (a datetime is a date).
_TOML_KINDS: tuple[tuple[type | tuple[type, ...], str], ...] = (
    (bool, "the boolean"),
    ((int, float), "the number"),
    (str, "the text"),
    (list, "the list"),
    (dict, "the table"),
    (datetime.datetime, "the date and time"),
    (datetime.date, "the date"),
    (datetime.time, "the time"),
)


def in_toml_words(value: object) -> str:
    """A value of a data file as a message says what came, in the words of TOML rather than Python's: its kind and
    how the file writes it, cut at 60 characters.

    >>> in_toml_words(True), in_toml_words(3), in_toml_words("x"), in_toml_words([1, "a"])
    ('the boolean true', 'the number 3', 'the text "x"', 'the list [1, "a"]')
    >>> in_toml_words({"max": 6}), in_toml_words({}), in_toml_words([])
    ('the table { max = 6 }', 'an empty table', 'an empty list')
    """
    if isinstance(value, dict | list) and not value:
        return f"an empty {'table' if isinstance(value, dict) else 'list'}"
    written = _toml(value)
    if len(written) > 60:
        written = written[:57] + "..."
    kind = next((word for types, word in _TOML_KINDS if isinstance(value, types)), "the value")
    return f"{kind} {written}"


def ascii_number(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits (``str.isdigit`` also takes ``²``, which ``int`` refuses)."""
    return text.isascii() and text.isdigit()


class Reader(progression.authoring.Reader):
    """Reads the pack's data files, whose every table and key is required.

    A misfit reads as an empty value of its type (``0``, ``""``, ``{}``), so the readers of
    the files go on to the end and every problem is reported at once.
    """

    def __init__(self, source: str) -> None:
        super().__init__(source)
        #: The key paths read, or held to the value a rule plays (:meth:`fixed`): see :meth:`unread`.
        self.keys_read: set[str] = set()

    def get(
        self, table: Mapping[str, Any], key: str, kind: type | tuple[type, ...], path: str, *args: Any, **kw: Any
    ) -> Any:
        """As :meth:`progression.authoring.Reader.get`; the key path is recorded as read, present or not."""
        self.keys_read.add(f"{path}.{key}")
        return super().get(table, key, kind, path, *args, **kw)

    def fixed(self, table: Mapping[str, Any], path: str, played: Mapping[str, object], *args: Any, **kw: Any) -> None:
        """As :meth:`progression.authoring.Reader.fixed`; the keys are recorded as read."""
        self.keys_read.update(f"{path}.{key}" for key in played)
        super().fixed(table, path, played, *args, **kw)

    def unread(self, document: Mapping[str, Any]) -> None:
        """A problem for every key of ``document`` that nothing read: a key no rule reads cannot mean what it says.

        A table read whole (whose keys were not read one by one) counts as read; where a problem was found
        already, at a key or above it, nothing more is said.
        """
        inner: set[str] = set()  # the paths above a path read
        for path in self.keys_read:
            while (cut := max(path.rfind("."), path.rfind("["))) > 0 and (path := path[:cut]) not in inner:
                inner.add(path)
        troubled = {problem.path for problem in self.problems}

        def walk(value: Any, path: str) -> None:
            if path in troubled:
                return
            if path not in self.keys_read and path not in inner:
                key = path.rpartition(".")[2] if not path.endswith("]") else path
                self.problem(path, f"unknown key {key!r}: no rule of the pack reads it")
            elif path in inner and isinstance(value, dict):
                for key, item in value.items():
                    walk(item, f"{path}.{key}")
            elif path in inner and isinstance(value, list):
                for n, item in enumerate(value):
                    walk(item, f"{path}[{n}]")

        for key, value in document.items():
            if key != "format":
                walk(value, f"$.{key}")

    def fallback(self, kind: type | tuple[type, ...]) -> Any:
        """An empty value of ``kind``."""
        empty = _EMPTY.get(kind)
        return None if empty is None else empty()

    def table(self, parent: Mapping[str, Any], key: str, path: str, *, required: bool = True) -> dict[str, Any]:
        """A sub-table, required unless told otherwise: the pack's files name every table they have."""
        return super().table(parent, key, path, required=required)

    def tables(
        self, parent: Mapping[str, Any], key: str, path: str, what: str, *, required: bool = True
    ) -> list[tuple[str, dict[str, Any], str]]:
        """The entries of the table ``key``, each a table: ``(id, table, key path)``.

        An entry that is not a table (``block = 3`` where ``[skills.block]`` is expected) is a problem saying
        ``what`` was expected (``"a skill's table"``) and what came, and is left out, so what reads the entries may
        look inside each one.
        """
        out = []
        for ident, body in self.table(parent, key, path, required=required).items():
            where = f"{path}.{key}.{ident}"
            if isinstance(body, dict):
                out.append((ident, body, where))
            else:
                self.problem(where, f"expected {what}, got {in_toml_words(body)}")
        return out

    def labels(
        self, parent: Mapping[str, Any], key: str, path: str, what: str, *, required: bool = True
    ) -> dict[str, Label]:
        """The label of each entry of the table ``key`` (``[leagues.<id>] label = ...``), by id.

        An entry that is not a table is a problem as in :meth:`tables`; it keeps its id, named ``?``, so that
        what names it (a skill's category) is not refused a second time.
        """
        labels = {}
        for ident, body in self.table(parent, key, path, required=required).items():
            where = f"{path}.{key}.{ident}"
            if isinstance(body, dict):
                labels[ident] = self.label(body, where)
            else:
                self.problem(where, f"expected {what}, got {in_toml_words(body)}")
                labels[ident] = Label.same("?")
        return labels

    def rows(self, parent: Mapping[str, Any], key: str, path: str, what: str) -> list[tuple[dict[str, Any], str]]:
        """The items of the required list ``key``, each a table: ``(table, key path)``.

        An item that is not a table (``positions = [3]``) is a problem saying ``what`` was expected
        (``"a position's table"``) and what came, and is left out.
        """
        out = []
        for index, body in enumerate(self.get(parent, key, list, path)):
            where = f"{path}.{key}[{index}]"
            if isinstance(body, dict):
                out.append((body, where))
            else:
                self.problem(where, f"expected {what}, got {in_toml_words(body)}")
        return out

    def label(self, table: Mapping[str, Any], path: str, key: str = "label") -> Label:
        """A displayed name with ``en`` and ``fr``; a label that is not a table (a single text) is refused as such."""
        raw = table.get(key) if isinstance(table, Mapping) else None
        if not isinstance(raw, dict):
            self.get(table, key, dict, path)  # the problem: missing, or not a table
            return Label.same("?")
        for stray in [k for k in raw if k not in ("en", "fr")]:
            self.problem(f"{path}.{key}.{stray}", f"unknown key {stray!r}; a label has only 'en' and 'fr'")
        return super().label({key: {k: v for k, v in raw.items() if k in ("en", "fr")}}, path, key)


def natural(value: object, what: str, *, least: int = 0, most: int | None = None) -> int:
    """``value`` when it is a whole number (an ``int``, not a bool) from ``least`` (0) to ``most`` (no bound);
    what it is named ``what`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least or (most is not None and value > most):
        expected = f"a whole number >= {least}" if most is None else f"a whole number from {least:,} to {most:,}"
        msg = f"{what}: expected {expected}, got {value!r}"
        raise InvalidInput(msg)
    return value


def not_blank(value: object, what: str) -> str:
    """``value`` when it is a name to read: a text that is not blank (a team or a player named ``""`` or ``"  "``
    is named nothing); else a refusal saying what it names (``what``: ``"a team's name"``) and what came."""
    if isinstance(value, str) and value.strip():
        return value
    shown = f"{value!r:.60}" if isinstance(value, str) else f"{value!r:.60} ({type(value).__name__})"
    msg = f"{what} is a text that is not blank, got {shown}"
    raise InvalidInput(msg)


#: ``"2D6"`` -> ``(2, 6)``: :meth:`progression.authoring.Reader.parse_dice`.
parse_dice = Reader.parse_dice
