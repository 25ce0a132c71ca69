"""Finding and parsing the pack's TOML files; their values are read with :class:`progression.authoring.Reader`."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from typing import Any

from progression.authoring import Reader
from progression.errors import Problem, RulePackError

__all__ = ["parse_file", "parse_resource", "parse_text", "read_file"]


def parse_text(text: str, source: str) -> dict[str, Any]:
    """Parsed TOML, or :class:`~progression.errors.RulePackError` saying where it is not TOML."""
    reader = Reader(source)
    data = reader.parse(text)
    reader.raise_if_problems()
    return data


def parse_file(path: str | Path) -> tuple[dict[str, Any], str]:
    """A TOML file, parsed, and its name for error messages."""
    text, source = read_file(path)
    return parse_text(text, source), source


def read_file(path: str | Path) -> tuple[str, str]:
    """The text of a TOML file (a regular file, of a bounded size: never a device or a pipe), and its name
    for error messages."""
    if not isinstance(path, str | Path):
        msg = f"expected a file path, got {path!r} ({type(path).__name__})"
        raise RulePackError("<argument>", [Problem("<argument>", "$", msg)])
    reader = Reader(str(path))
    text = reader.read(path)
    reader.raise_if_problems()
    return text, str(path)


def parse_resource(name: str) -> tuple[str, str]:
    """The text of a data file shipped with the pack, and its name for error messages."""
    resource = files("progression_competence").joinpath("data", name)
    return resource.read_text(encoding="utf-8"), f"progression_competence/data/{name}"
