"""What the declarations of a pack's books have in common: a league (:mod:`progression.rulepacks.leagues`)
and a campaign (:mod:`progression.rulepacks.campaigns`) each name the pack's class that keeps it in a store,
and the command line calls that class's methods. :func:`check_book` checks, when the pack is made, that the
class has each method the command line calls, taking what it is given first.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping

from progression.errors import InvalidInput

__all__ = ["check_book"]

#: The methods that are class methods (given the store, no instance).
MADE = ("new", "open")


def check_book(role: str, book: object, methods: Mapping[str, tuple[str, ...]]) -> type:
    """``book`` when it is a class with each of ``methods`` (name -> the parameters it takes first).

    Raises:
        InvalidInput: not a class, a method missing, or one that takes fewer parameters than it is given;
            the message names the declaration (``role``), the class and the method.
    """
    if not isinstance(book, type):
        msg = f"expected the pack's {role} class as the book of its {role}, got {book!r:.60}"
        raise InvalidInput(msg)
    for method, lead in methods.items():
        found = getattr(book, method, None)
        if not callable(found):
            msg = f"the {role} class {book.__qualname__} has no method {method!r}; a {role} class has: {', '.join(methods)}"
            raise InvalidInput(msg)
        parameters = list(inspect.signature(found).parameters.values())
        if method not in MADE:
            parameters = parameters[1:]  # self
        positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        if len(positional) < len(lead):
            msg = (
                f"{book.__qualname__}.{method} must take ({', '.join(lead)}) first, as a method of the pack's "
                f"{role} class; got ({', '.join(map(str, parameters))})"
            )
            raise InvalidInput(msg)
    return book
