"""The reader of the pack's data files: :class:`progression.authoring.Reader`, tuned to files that are complete.

The readers of the files trust the shapes the reader hands back (an empty table after a problem,
never None), and check every value before they look inside it, so bad data is a
:class:`~progression.errors.RulePackError` listing every problem with its file and key path (a
property test puts values of every other shape in every place of every file).

:func:`natural` checks a number a Python caller passes (an ``int`` >= 0, never a bool), for every facet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import progression
import progression.authoring
from progression.authoring import Label
from progression.errors import InvalidInput

__all__ = ["Reader", "ascii_number", "natural", "not_blank", "parse_dice"]

#: The empty value each type reads as after a problem, so that reading goes on without None checks.
_EMPTY: dict[type | tuple[type, ...], Callable[[], Any]] = {
    int: int,
    str: str,
    dict: dict,
    list: list,
    bool: bool,
    tuple: tuple,
}


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

    def tables(self, parent: Mapping[str, Any], key: str, path: str) -> list[tuple[str, dict[str, Any], str]]:
        """The entries of the required table ``key``, each a table: ``(id, table, key path)``.

        An entry that is not a table (``block = 3`` where ``[skills.block]`` is expected) is a
        problem and is left out, so what reads the entries may look inside each one.
        """
        out = []
        for ident, body in self.table(parent, key, path).items():
            where = f"{path}.{key}.{ident}"
            if isinstance(body, dict):
                out.append((ident, body, where))
            else:
                self.problem(where, f"expected a table, got {body!r:.60}")
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
