"""Options as the command line gives them (``key=value`` texts), read and checked for the pack's commands.

Every command says which options it takes (:func:`takes`), so a misspelt ``must_advnce=no``
is refused with the list of the right ones instead of passing unseen. A number is written
with the ASCII digits 0-9 only (``²`` or ``٣`` are digits to Python, not to the command line).

:func:`~progression_bloodbowl.data.reading.natural` is the same check for a number a Python caller passes
(an ``int`` >= 0, never a bool); it lives with the reading of values, below the command line, because the
functions the commands call use it on their own arguments.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

from progression.errors import InvalidInput, UnknownOption
from progression.spelling import closest, the_closest

__all__ = [
    "count",
    "flag",
    "listed",
    "maybe_flag",
    "maybe_season",
    "maybe_whole",
    "need",
    "pairs",
    "takes",
    "tallies",
    "whole",
]

F = TypeVar("F", bound=Callable[..., Any])


def takes(command: str, *known: str) -> Callable[[F], F]:
    """Refuse an option ``command`` does not read, naming the ones it does and the closest (``UnknownOption``)."""

    def wrap(function: F) -> F:
        @functools.wraps(function)
        def checked(*args: Any, **options: str) -> Any:
            unknown = sorted(set(options) - set(known))
            if unknown:
                raise UnknownOption(command, unknown, known)
            return function(*args, **options)

        checked.options = known  # type: ignore[attr-defined]  # what `progression show` lists
        return cast(F, checked)

    return wrap


def need(options: Mapping[str, str], key: str, command: str) -> str:
    """The option ``key``, which ``command`` cannot do without."""
    if not options.get(key):
        msg = f"the {command} command needs the option {key}=...; none came"
        raise InvalidInput(msg)
    return options[key]


#: The words of a yes-or-no option.
_YES_NO = ("yes", "no")

#: The digits a whole number is written with on the command line.
_DIGITS = frozenset("0123456789")


def whole(text: str, what: str) -> int:
    """A whole number >= 0 written as text, in ASCII digits."""
    digits = text.strip()
    if not digits or not set(digits) <= _DIGITS:
        negative = digits.startswith("-") and digits[1:] and set(digits[1:]) <= _DIGITS
        msg = f"{what} must be 0 or more, got {text!r}" if negative else f"{what} must be a whole number, got {text!r}"
        raise InvalidInput(msg)
    return int(digits)


def count(options: Mapping[str, str], key: str) -> int:
    """The whole number of the option ``key``, 0 when it is absent or empty."""
    return whole(options.get(key) or "0", key)


def pairs(text: str | None, key: str, shape: str) -> list[tuple[str, str]]:
    """``"a:b;c:d"`` -> ``[("a", "b"), ("c", "d")]``: a mapping's items are separated by ``;`` (as those of
    ``events=``), so a value may hold commas; a part without its colon or either side is refused, and so are
    items separated by commas, saying so.

    Args:
        key: The option, for the message.
        shape: How a part is written (``member:result``), for the message.
    """
    out = []
    for part in listed(text, ";"):
        left, sep, right = part.partition(":")
        if not sep or not left.strip() or not right.strip():
            msg = f"{key}= takes {shape} items separated by ';', got {part!r}"
            raise InvalidInput(msg)
        if re.search(r",\s*[^,:]+:", right):
            msg = f"the items of {key}= are separated with ';' (as in events=), not ',': got {part!r}"
            raise InvalidInput(msg)
        out.append((left.strip(), right.strip()))
    return out


def listed(text: str | None, separator: str = ",") -> list[str]:
    """The non-empty parts of ``text`` between separators, stripped."""
    return [part.strip() for part in (text or "").split(separator) if part.strip()]


def tallies(text: str | None, what: str) -> dict[str, int]:
    """``"bribe*2,riotous_rookies"`` -> ``{"bribe": 2, "riotous_rookies": 1}``; a name given twice adds up.

    A count without its name (``*2``) or a ``*`` without its count (``bribe*``) is refused.

    Args:
        what: What the names are (``items``), for the message.
    """
    counts: dict[str, int] = {}
    for item in listed(text):
        name, star, times = (part.strip() for part in item.partition("*"))
        if not name:
            msg = f"{what} are written name or name*N, got {item!r}"
            raise InvalidInput(msg)
        negative = times.startswith("-") and times[1:].isascii() and times[1:].isdigit()
        count = 1 if not star else 0 if negative else whole(times, f"the count of {name}")
        if count < 1:  # 0 or below: what is not taken is left out
            msg = f"the count of {name} in {what} is at least 1 (leave out what is not taken), got {item!r}"
            raise InvalidInput(msg)
        counts[name] = counts.get(name, 0) + count
    return counts


def maybe_whole(text: str, what: str) -> int | None:
    """A whole number written as text, or None for an empty text (the default)."""
    return whole(text, what) if text else None


def maybe_season(text: str) -> int | None:
    """The season an option names, or None for an empty text (the default: the one being played). A number is
    read with its sign, so that the one rule of a season says what is wrong with ``-1`` or ``0`` as with ``99``
    (:func:`~progression_bloodbowl.team.results.season_reached`: the seasons reached, from 1)."""
    if not text:
        return None
    digits = text.strip()
    negative = digits.startswith("-")
    body = digits[1:] if negative else digits
    if not body or not set(body) <= _DIGITS:
        msg = f"season must be a whole number, got {text!r}"
        raise InvalidInput(msg)
    return -int(body) if negative else int(body)


def maybe_flag(text: str, key: str) -> bool | None:
    """``yes``, ``no``, or None for an empty text (the default); any other word is refused."""
    return flag({key: text}, key) if text else None


def flag(options: Mapping[str, str], key: str, *, default: bool = False) -> bool:
    """The option ``key=yes`` or ``key=no`` (``default`` when absent); any other word is refused, with the
    closest (``yse`` is ``yes``)."""
    text = options.get(key)
    if not text:
        return default
    if text not in _YES_NO:
        msg = f"the option {key}= takes yes or no, got {text!r}{the_closest(closest(text, _YES_NO))}"
        raise InvalidInput(msg)
    return text == "yes"
