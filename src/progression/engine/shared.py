"""Events made again and again, shared by their fields: the same skill rolls, Dedicated Fans rolls and awards fill
every ledger of a league, and events are immutable, so equal ones may be one object (``==`` sees no difference).
Fewer objects is less memory and less for the garbage collector to walk."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from progression.ledger.events import Awarded, Event, Rolled

__all__ = ["awarded", "rolled", "shared"]

#: The events shared so far, by their class and fields; emptied when it grows past its bound.
_SHARED: dict[tuple[object, ...], Event] = {}
_SHARED_BOUND = 4096


def shared(key: tuple[object, ...], make: Callable[[], Event]) -> Event:
    """The event ``make`` builds, shared with every one made before under ``key`` (texts and integers only)."""
    event = _SHARED.get(key)
    if event is None:
        if len(_SHARED) >= _SHARED_BOUND:
            _SHARED.clear()
        event = _SHARED[key] = make()
    return event


def rolled(label: str, sides: int, results: tuple[int, ...]) -> Rolled:
    """The roll event of ``results`` (shared when its fields are a text, an integer and a tuple of integers, as
    dice give: only what equals itself alone)."""
    if type(label) is not str or type(sides) is not int or type(results) is not tuple:
        return Rolled(label=label, sides=sides, results=results)
    if not all(type(r) is int for r in results):
        return Rolled(label=label, sides=sides, results=results)
    return cast(
        Rolled, shared((Rolled, label, sides, results), lambda: Rolled(label=label, sides=sides, results=results))
    )


def awarded(pool: str, amount: int, reason: str) -> Awarded:
    """The award event (shared: a league awards the same SPP for the same reasons again and again)."""
    if type(pool) is not str or type(amount) is not int or type(reason) is not str:
        return Awarded(pool=pool, amount=amount, reason=reason)
    return cast(
        Awarded, shared((Awarded, pool, amount, reason), lambda: Awarded(pool=pool, amount=amount, reason=reason))
    )
