"""Reading the pack's TOML files: typed values out of parsed tables, every misfit collected at once."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib.resources import files
from pathlib import Path
from typing import Any

from progression import Label
from progression.errors import Problem, RulePackError

__all__ = ["FORMAT", "Reader", "is_slug", "parse_file", "parse_resource", "parse_text"]

#: The version of the campaign and settings file format this pack reads.
FORMAT = 1

_MISSING: Any = object()
_TYPE_NAMES = {int: "an integer", str: "a text", dict: "a table", list: "a list", bool: "true or false"}


def is_slug(ident: object) -> bool:
    """Whether ``ident`` is a campaign id: lowercase ASCII letters, digits, ``-`` and ``_``.

    Dots are kept out because the pack joins ids with them (``pp.escrime``).
    """
    return (
        isinstance(ident, str)
        and bool(ident)
        and ident.isascii()
        and all(c.islower() or c.isdigit() or c in "-_" for c in ident)
    )


class Reader:
    """Reads typed values out of parsed TOML, collecting a :class:`~progression.errors.Problem` per misfit."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[Problem] = []

    def problem(self, path: str, reason: str) -> None:
        """Record that the value at ``path`` is wrong, and why."""
        self.problems.append(Problem(self.source, path, reason))

    def get(
        self, table: Mapping[str, Any], key: str, kind: type | tuple[type, ...], path: str, default: Any = _MISSING
    ) -> Any:
        """``table[key]`` when it has the right type; otherwise a problem and ``default`` (None when required)."""
        where = f"{path}.{key}"
        if key not in table:
            if default is _MISSING:
                self.problem(where, f"required key {key!r} is missing")
                return None
            return default
        value = table[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            names = " or ".join(_TYPE_NAMES.get(k, k.__name__) for k in kinds)
            self.problem(where, f"expected {names}, got {value!r:.60}")
            return None if default is _MISSING else default
        return value

    def count(self, table: Mapping[str, Any], key: str, path: str, default: Any = _MISSING, minimum: int = 0) -> Any:
        """An integer of at least ``minimum``."""
        value = self.get(table, key, int, path, default)
        if isinstance(value, int) and value < minimum:
            self.problem(f"{path}.{key}", f"expected an integer >= {minimum}, got {value}")
            return None if default is _MISSING else default
        return value

    def table(self, parent: Mapping[str, Any], key: str, path: str) -> dict[str, Any]:
        """An optional sub-table: empty when it is missing or wrong (a problem is recorded when wrong)."""
        value = self.get(parent, key, dict, path, default={})
        return value if isinstance(value, dict) else {}

    def label(self, table: Mapping[str, Any], path: str, key: str = "label") -> Label:
        """A displayed name: a table with ``en`` and ``fr``."""
        raw = self.get(table, key, (dict, str), path)
        if isinstance(raw, str):
            self.problem(f"{path}.{key}", f"expected a table with 'en' and 'fr' names, got a single text {raw!r}")
            return Label.same(raw)
        if not isinstance(raw, dict):
            return Label.same("?")
        en = self.get(raw, "en", str, f"{path}.{key}")
        fr = self.get(raw, "fr", str, f"{path}.{key}")
        self.extra(raw, ("en", "fr"), f"{path}.{key}")
        return Label(en=en or "?", fr=fr or "?")

    def slugs(self, table: Mapping[str, Any], key: str, path: str) -> tuple[str, ...]:
        """A list of ids."""
        value = self.get(table, key, list, path)
        if not isinstance(value, list):
            return ()
        good = []
        for index, item in enumerate(value):
            if is_slug(item):
                good.append(item)
            else:
                self.problem(f"{path}.{key}[{index}]", f"expected an id (lowercase a-z, 0-9, - or _), got {item!r}")
        return tuple(good)

    def entries(self, data: Mapping[str, Any], section: str, path: str = "$") -> list[tuple[str, dict[str, Any], str]]:
        """The ``[section.<id>]`` tables, each with its id and key path."""
        out = []
        for ident, body in self.table(data, section, path).items():
            where = f"{path}.{section}.{ident}"
            if not is_slug(ident):
                self.problem(where, f"ids are lowercase ASCII (a-z, 0-9, - or _), got {ident!r}")
                continue
            if not isinstance(body, dict):
                self.problem(where, f"expected a table, got {body!r:.60}")
                continue
            out.append((ident, body, where))
        return out

    def extra(self, table: Mapping[str, Any], allowed: tuple[str, ...], path: str) -> None:
        """A problem for every key of ``table`` that is not ``allowed``."""
        for key in table:
            if key not in allowed:
                self.problem(f"{path}.{key}", f"unknown key {key!r}; expected one of: {', '.join(allowed)}")

    def check_format(self, data: Mapping[str, Any]) -> bool:
        """Whether the document declares ``format = 1``; a problem otherwise."""
        version = data.get("format")
        if version != FORMAT or isinstance(version, bool):
            self.problem("$.format", f"expected format = {FORMAT}, got {version!r}")
            return False
        return True

    def done(self) -> None:
        """Raise :class:`~progression.errors.RulePackError` listing every problem, if there is any."""
        if self.problems:
            raise RulePackError(self.source, self.problems)


def parse_text(text: str, source: str) -> dict[str, Any]:
    """Parsed TOML, or :class:`~progression.errors.RulePackError` saying where it is not TOML."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulePackError(source, [Problem(source, "$", f"not valid TOML: {error}")]) from None


def parse_file(path: str | Path) -> tuple[dict[str, Any], str]:
    """A TOML file, parsed, and its name for error messages."""
    if not isinstance(path, str | Path):
        msg = f"expected a file path, got {path!r} ({type(path).__name__})"
        raise RulePackError("<argument>", [Problem("<argument>", "$", msg)])
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RulePackError(str(file), [Problem(str(file), "$", f"cannot read the file: {error}")]) from None
    return parse_text(text, str(file)), str(file)


def parse_resource(name: str) -> tuple[str, str]:
    """The text of a data file shipped with the pack, and its name for error messages."""
    resource = files("progression_competence").joinpath("data", name)
    return resource.read_text(encoding="utf-8"), f"progression_competence/data/{name}"
