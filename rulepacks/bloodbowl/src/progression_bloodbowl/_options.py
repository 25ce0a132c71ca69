"""Options as the command line gives them (``key=value`` texts), read and checked for the pack's commands.

Every command says which options it takes (:func:`takes`), so a misspelt ``must_advnce=no``
is refused with the list of the right ones instead of passing unseen.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

from progression.errors import InvalidInput

__all__ = ["flag", "listed", "maybe_flag", "maybe_whole", "need", "takes", "whole"]

F = TypeVar("F", bound=Callable[..., Any])


def takes(command: str, *known: str) -> Callable[[F], F]:
    """Refuse an option ``command`` does not read, naming the ones it does."""

    def wrap(function: F) -> F:
        @functools.wraps(function)
        def checked(*args: Any, **options: str) -> Any:
            unknown = sorted(set(options) - set(known))
            if unknown:
                wanted = ", ".join(known) if known else "no option"
                msg = f"{command}: unknown option {', '.join(unknown)}; it takes: {wanted}"
                raise InvalidInput(msg)
            return function(*args, **options)

        return cast(F, checked)

    return wrap


def need(options: Mapping[str, str], key: str, command: str) -> str:
    """The option ``key``, which ``command`` cannot do without."""
    if not options.get(key):
        msg = f"{command}: the option {key}=... is required"
        raise InvalidInput(msg)
    return options[key]


def whole(text: str, what: str) -> int:
    """A whole number >= 0 written as text."""
    if not text.strip().isdigit():
        msg = f"{what} must be a whole number, got {text!r}"
        raise InvalidInput(msg)
    return int(text)


def listed(text: str | None, separator: str = ",") -> list[str]:
    """The non-empty parts of ``text`` between separators, stripped."""
    return [part.strip() for part in (text or "").split(separator) if part.strip()]


def maybe_whole(text: str, what: str) -> int | None:
    """A whole number written as text, or None for an empty text (the default)."""
    return whole(text, what) if text else None


def maybe_flag(text: str, key: str) -> bool | None:
    """``yes``, ``no``, or None for an empty text (the default); any other word is refused."""
    return flag({key: text}, key) if text else None


def flag(options: Mapping[str, str], key: str, *, default: bool = False) -> bool:
    """The option ``key=yes`` or ``key=no`` (``default`` when absent); any other word is refused."""
    text = options.get(key)
    if not text:
        return default
    if text not in ("yes", "no"):
        msg = f"the option {key}= takes yes or no, got {text!r}"
        raise InvalidInput(msg)
    return text == "yes"
