"""The reader of the pack's data files: :class:`progression.authoring.Reader`, tuned to files that are complete.

The readers of the files trust the shapes the reader hands back (an empty table after a problem,
never None), and check every value before they look inside it, so bad data is a
:class:`~progression.errors.RulePackError` listing every problem with its file and key path (a
property test puts values of every other shape in every place of every file).

:func:`natural` checks a number a Python caller passes (an ``int`` >= 0, never a bool), for every facet.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import progression
import progression.authoring
from progression.authoring import Label
from progression.errors import InvalidInput

__all__ = ["Reader", "ascii_number", "natural", "parse_dice"]

#: The empty value each type reads as after a problem, so that reading goes on without None checks.
_EMPTY: dict[type | tuple[type, ...], Callable[[], Any]] = {
    int: int,
    str: str,
    dict: dict,
    list: list,
    bool: bool,
    tuple: tuple,
}
#: ``count`` called without a default: the key is required.
_NO_DEFAULT: Any = object()


def ascii_number(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits (``str.isdigit`` also takes ``²``, which ``int`` refuses)."""
    return text.isascii() and text.isdigit()


def parse_dice(text: object) -> tuple[int, int] | None:
    """``"2D6"`` -> ``(2, 6)``, ``"D3"`` -> ``(1, 3)``; None when it is not dice."""
    if not isinstance(text, str) or "D" not in text:
        return None
    count, _, sides = text.partition("D")
    if not ascii_number(sides) or not (count == "" or ascii_number(count)):
        return None
    return int(count or 1), int(sides)


class Reader(progression.authoring.Reader):
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

    def count(
        self,
        table: Mapping[str, Any],
        key: str,
        path: str,
        default: Any = _NO_DEFAULT,
        *,
        minimum: int = 0,
        maximum: int | None = None,
        expected: str | None = None,
    ) -> Any:
        """An integer from ``minimum`` to ``maximum`` (no upper bound when None); as :meth:`get` otherwise.

        A value out of range is a problem saying ``expected`` (by default the range, such as
        ``an integer from 1 to 6``) and what came; it then reads as ``default`` (0 when required).
        """
        value = self.get(table, key, int, path) if default is _NO_DEFAULT else self.get(table, key, int, path, default)
        present = isinstance(table, Mapping) and isinstance(table.get(key), int) and not isinstance(table[key], bool)
        if present and not self.within(f"{path}.{key}", value, minimum, maximum, expected):
            return self.fallback(int) if default is _NO_DEFAULT else default
        return value

    def within(
        self, where: str, value: int, minimum: int, maximum: int | None = None, expected: str | None = None
    ) -> bool:
        """Whether ``minimum <= value <= maximum``; a problem at ``where`` otherwise (see :meth:`count`)."""
        if minimum <= value and (maximum is None or value <= maximum):
            return True
        if expected is None:
            expected = f"an integer >= {minimum}" if maximum is None else f"an integer from {minimum} to {maximum}"
        self.problem(where, f"expected {expected}, got {value}")
        return False

    def fine(self, where: str) -> bool:
        """Whether no problem was recorded at ``where``: a bound taken from a value read there is worth checking."""
        return all(problem.path != where for problem in self.problems)

    def faces(self, table: Mapping[str, Any], key: str, path: str, sides: int) -> tuple[int, ...]:
        """A list of results of a D``sides``, each from 1 to ``sides``; ``()`` after a problem."""
        faces: tuple[int, ...] = self.ints(table, key, path)
        fits = [
            self.within(f"{path}.{key}[{n}]", face, 1, sides, f"a face of the D{sides}, 1 to {sides}")
            for n, face in enumerate(faces)
        ]
        return faces if all(fits) else ()

    def dice(self, table: Mapping[str, Any], key: str, path: str) -> tuple[int, int]:
        """Dice written ``"D6"`` or ``"2D6"`` (at least one die of at least 2 sides), as (count, sides); ``(1, 6)``
        after a problem."""
        raw = self.get(table, key, str, path)
        dice = parse_dice(raw)
        if dice is None or dice[0] < 1 or dice[1] < 2:
            if raw:
                what = "dice such as 'D3' or '2D6'" if dice is None else "at least one die of at least 2 sides"
                self.problem(f"{path}.{key}", f"expected {what}, got {raw!r}")
            return (1, 6)
        return dice

    def roll_target(self, table: Mapping[str, Any], key: str, path: str, sides: int) -> int:
        """The N of a D``sides`` roll of "N+": a face from 1 to ``sides``."""
        return int(
            self.count(table, key, path, minimum=1, maximum=sides, expected=f"a target on the D{sides}, 1 to {sides}")
        )

    def fixed(self, table: Mapping[str, Any], path: str, played: Mapping[str, object]) -> None:
        """Keys that describe a rule the code plays one way (``die = "D16"``): each may be left out or written as
        the code plays it (``played``); any other value would read as a setting it is not, and is a problem."""
        if not isinstance(table, Mapping):
            return
        for key, value in played.items():
            if key in table and (type(table[key]) is not type(value) or table[key] != value):
                shown = json.dumps(value)
                reason = f"expected {shown} (the pack plays this rule so, and no data changes it), got {table[key]!r}"
                self.problem(f"{path}.{key}", reason)

    def label(self, table: Mapping[str, Any], path: str, key: str = "label") -> Label:
        """A displayed name with ``en`` and ``fr``; a label that is not a table (a single text) is refused as such."""
        raw = table.get(key) if isinstance(table, Mapping) else None
        if not isinstance(raw, dict):
            self.get(table, key, dict, path)  # the problem: missing, or not a table
            return Label.same("?")
        for stray in [k for k in raw if k not in ("en", "fr")]:
            self.problem(f"{path}.{key}.{stray}", f"unknown key {stray!r}; a label has only 'en' and 'fr'")
        return super().label({key: {k: v for k, v in raw.items() if k in ("en", "fr")}}, path, key)


def natural(value: object, what: str) -> int:
    """``value`` when it is a whole number >= 0 (an ``int``, not a bool); what it is named ``what`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        msg = f"{what}: expected a whole number >= 0, got {value!r}"
        raise InvalidInput(msg)
    return value
