"""Events made again and again, shared by their fields: the same skill rolls, Dedicated Fans rolls and awards fill
every ledger of a league, and events are immutable, so equal ones may be one object (``==`` sees no difference).
Fewer objects is less memory and less for the garbage collector to walk."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from progression.ledger.events import Awarded, Event, Rolled

__all__ = ["awarded", "rolled", "shared"]

#: The events shared so far, by their class and fields; emptied when it grows past its bound.
_SHARED: dict[tuple[object, ...], Event] = {}
_SHARED_BOUND = 4096
E = TypeVar("E", bound=Event)


def shared(key: tuple[object, ...], make: Callable[[], Event]) -> Event:
    """The event ``make`` builds, shared with every one made before under ``key`` (texts and integers only)."""
    event = _SHARED.get(key)
    return _kept(key, make()) if event is None else event


def _kept(key: tuple[object, ...], event: E) -> E:
    """``event``, kept to be shared under ``key``."""
    if len(_SHARED) >= _SHARED_BOUND:
        _SHARED.clear()
    _SHARED[key] = event
    return event


def rolled(label: str, sides: int, results: tuple[int, ...]) -> Rolled:
    """The roll event of ``results`` (shared when its fields are a text, an integer and a tuple of integers, as
    dice give: only what equals itself alone)."""
    if type(label) is not str or type(sides) is not int or type(results) is not tuple:
        return Rolled(label=label, sides=sides, results=results)
    for result in results:  # a loop rather than all(...): a roll is one or two dice, and rolls are many
        if type(result) is not int:
            return Rolled(label=label, sides=sides, results=results)
    key = (Rolled, label, sides, results)
    event = _SHARED.get(key)
    return _kept(key, Rolled(label=label, sides=sides, results=results)) if event is None else event  # type: ignore[return-value]


def awarded(pool: str, amount: int, reason: str) -> Awarded:
    """The award event (shared: a league awards the same SPP for the same reasons again and again)."""
    if type(pool) is not str or type(amount) is not int or type(reason) is not str:
        return Awarded(pool=pool, amount=amount, reason=reason)
    key = (Awarded, pool, amount, reason)
    event = _SHARED.get(key)
    return _kept(key, Awarded(pool=pool, amount=amount, reason=reason)) if event is None else event  # type: ignore[return-value]
