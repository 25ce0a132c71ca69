"""The reader of the pack's data files: :class:`progression.Reader`, tuned to files that are complete.

The readers of the files trust the shapes the reader hands back (an empty table after a problem,
never None). A file broken in a way they did not foresee (a number where a table of tables is
expected, a text where a list of lists is) would still make them trip on a builtin error;
:func:`guarded` turns such a trip into a :class:`~progression.errors.RulePackError` naming the
file and the key path the readers last looked at, so bad data never escapes as a bare
``TypeError`` or ``KeyError``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from typing import Any, ParamSpec, TypeVar

import progression
from progression import Label
from progression.errors import Problem, ProgressionError, RulePackError

__all__ = ["Reader", "guarded"]

_P = ParamSpec("_P")
_T = TypeVar("_T")

#: The empty value each type reads as after a problem, so that reading goes on without None checks.
_EMPTY: dict[type | tuple[type, ...], Callable[[], Any]] = {
    int: int,
    str: str,
    dict: dict,
    list: list,
    bool: bool,
    tuple: tuple,
}
#: While a :func:`guarded` function runs: ``[(file, key path)]`` its readers last looked at.
_LAST_LOOK: ContextVar[list[tuple[str, str]] | None] = ContextVar("bloodbowl_last_look", default=None)
#: ``get`` called without a default: the key is required (the core reader's own default then applies).
_NO_DEFAULT: Any = object()
#: The builtin errors a reader trips on when a value has a shape it did not foresee.
_TRIPS = (TypeError, KeyError, IndexError, AttributeError, ValueError)


class Reader(progression.Reader):
    """Reads the pack's data files, whose every table and key is required.

    A misfit reads as an empty value of its type (``0``, ``""``, ``{}``), so the readers of
    the files go on to the end and every problem is reported at once.
    """

    def fallback(self, kind: type | tuple[type, ...]) -> Any:
        """An empty value of ``kind``."""
        empty = _EMPTY.get(kind)
        return None if empty is None else empty()

    def get(
        self, table: Mapping[str, Any], key: str, kind: type | tuple[type, ...], path: str, default: Any = _NO_DEFAULT
    ) -> Any:
        """As :meth:`progression.Reader.get`; under :func:`guarded`, remembers where it looked."""
        self._looked(f"{path}.{key}")
        if default is _NO_DEFAULT:
            return super().get(table, key, kind, path)
        return super().get(table, key, kind, path, default)

    def extra(self, table: Mapping[str, Any], allowed: tuple[str, ...], path: str) -> None:
        """As :meth:`progression.Reader.extra`; under :func:`guarded`, remembers where it looked."""
        self._looked(path)
        super().extra(table, allowed, path)

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

    def _looked(self, path: str) -> None:
        look = _LAST_LOOK.get()
        if look is not None:
            look[0] = (self.source, path)


def guarded(read: Callable[_P, _T]) -> Callable[_P, _T]:
    """``read``, with a builtin error raised while it reads turned into a :class:`RulePackError`.

    The error names the file and key path its readers last looked at: the value whose shape
    tripped them, or the one just before it.
    """

    @functools.wraps(read)
    def reading(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        look = [("progression_bloodbowl/data", "$")]
        token = _LAST_LOOK.set(look)
        try:
            return read(*args, **kwargs)
        except ProgressionError:
            raise
        except _TRIPS as error:
            source, path = look[0]
            reason = (
                f"a value here or just after has a shape the pack cannot read "
                f"({type(error).__name__}: {error}); compare it with the shipped file"
            )
            raise RulePackError(source, [Problem(source, path, reason)]) from error
        finally:
            _LAST_LOOK.reset(token)

    return reading
