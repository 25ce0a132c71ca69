"""How the command line reads a number: in ASCII digits, as every option and argument that takes one writes it.

A module of its own, importing nothing: the parser is built with it before anything else is imported.
"""

from __future__ import annotations

__all__ = ["integer"]


def integer(text: str) -> int:
    """``text`` as an integer written in ASCII digits, with an optional ``-``: the type of the command line's
    numbers (``int`` also reads ``'１'``, ``'٣'`` and ``'1_000'``, which no option means). ValueError otherwise."""
    stripped = text.strip()
    digits = stripped.removeprefix("-")
    if not digits or not digits.isascii() or not digits.isdigit():
        raise ValueError(text)
    return int(stripped)
