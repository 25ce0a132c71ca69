"""Dice: seeded for simulations, scripted for physical dice a person reads out."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from typing import Protocol, runtime_checkable

from progression.errors import DiceError, InvalidInput
from progression.ledger.events import Rolled

__all__ = [
    "CallbackDice",
    "Dice",
    "RecordedDice",
    "ScriptedDice",
    "SeededDice",
    "check_dice",
    "roll_in_words",
    "rolling_again",
    "rolling_for",
    "who_rolls",
    "why_again",
]

#: Whose rolls come now, outermost first: the team of a league's match, the player a step is for. A context
#: variable rather than an argument of ``Dice.roll``, so that every dice already written keeps working, and what
#: the ledger records (the roll's label) never depends on who asked.
_ROLLING_FOR: ContextVar[tuple[str, ...]] = ContextVar("rolling_for", default=())
#: Why the roll asked for now is made again (``Block is already owned``), or empty: a label stays the same when a
#: roll is made again (the ledger records it so), and the person rolling is told why.
_AGAIN: ContextVar[str] = ContextVar("rolling_again", default="")


class rolling_for:  # used as a function: ``with rolling_for(who):``
    """Say, for the dice, whose rolls come inside: a team when one command rolls for several (both sides of a
    league's match), a player when a roll of his team's entry is his. Nested, the names add up, outermost first.

    Dice that ask a person (a prompt, ``--dice ...,?``, a bot) read them with :func:`who_rolls` to name the
    roller; nothing recorded changes. A class rather than a generator: every purchase for a player enters one,
    and a generator's context manager costs twice as much.
    """

    __slots__ = ("_token", "_who")

    def __init__(self, who: str) -> None:
        self._who = who

    def __enter__(self) -> None:
        self._token = _ROLLING_FOR.set((*_ROLLING_FOR.get(), self._who))

    def __exit__(self, *_: object) -> None:
        _ROLLING_FOR.reset(self._token)


def who_rolls() -> tuple[str, ...]:
    """Whose roll the dice are asked for now, outermost first (``("anvils", "Lena (4)")``); empty when nobody
    said (:func:`rolling_for`)."""
    return _ROLLING_FOR.get()


class rolling_again:  # used as a function: ``with rolling_again(why):``
    """Say, for the dice, that the roll asked for inside is made again, and why (``Block is already owned``: a
    random skill the player has): its label is the first roll's, as the ledger records it."""

    __slots__ = ("_token", "_why")

    def __init__(self, why: str) -> None:
        self._why = why

    def __enter__(self) -> None:
        self._token = _AGAIN.set(self._why)

    def __exit__(self, *_: object) -> None:
        _AGAIN.reset(self._token)


def why_again() -> str:
    """Why the roll asked for now is made again (:func:`rolling_again`), or an empty text."""
    return _AGAIN.get()


def roll_in_words(dice: str, label: str) -> str:
    """A roll named in a sentence: its dice, its label, and in brackets whose it is and why it is made again
    (``D6 for MVP (rolled by counts, again because 3 names no nominee)``), as every refusal of its result says it
    (the scripted dice's here, the dice a person types on the command line)."""
    whose, again = ", ".join(_ROLLING_FOR.get()), _AGAIN.get()
    how = f"rolled by {whose}" if whose else ""
    how += (", again" if whose else "rolled again") + f" because {again}" if again else ""
    return dice + (f" for {label}" if label else "") + (f" ({how})" if how else "")


def _asked(sides: int, count: int, label: str) -> str:
    """A roll as a person is asked for it: whose it is, the dice, the label, and why it is made again
    (``for Griselda (1): 2D6 for 'first General skill', rolled again: Block is already owned``)."""
    whose, again = ", ".join(_ROLLING_FOR.get()), _AGAIN.get()
    what = f"{count}D{sides}" + (f" for {label!r}" if label else "") + (f", rolled again: {again}" if again else "")
    return f"for {whose}: {what}" if whose else what


@runtime_checkable
class Dice(Protocol):
    """Anything that rolls: ``roll(sides, count, label)`` returns ``count`` results in ``1..sides``."""

    def roll(self, sides: int, count: int = 1, label: str = "") -> tuple[int, ...]: ...


def check_dice(dice: object, where: str) -> Dice | None:
    """``dice`` itself when it is None or dice (anything with ``roll(sides, count, label)``), else
    :class:`InvalidInput` saying what came: refused when it is given, whether or not a roll then needs it, so that
    a mistake never waits for the one operation that rolls.

    Args:
        where: What the dice were given to, for the message (``run``, ``purchase of 'level_up'``).
    """
    if dice is None or type(dice) in KNOWN_DICE or isinstance(dice, Dice):  # the library's own dice without the
        return dice  # type: ignore[return-value]  # protocol's slower check
    from progression.engine.checks import came

    msg = (
        f"expected dice for {where} (SeededDice, ScriptedDice, CallbackDice, or anything with "
        f"roll(sides, count, label)) or None, got {came(dice)}"
    )
    raise InvalidInput(msg)


#: The first ten places in words; a refusal says "the first die given", where "die 1" reads as a die showing 1.
_PLACES = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def _ordinal(place: int) -> str:
    """The ``place``-th in words (``first`` to ``tenth``), then in figures (``11th``, ``22nd``, ``103rd``)."""
    if 1 <= place <= len(_PLACES):
        return _PLACES[place - 1]
    suffix = "th" if place % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place:,}{suffix}"


def _check_request(sides: int, count: int) -> None:
    if not isinstance(sides, int) or isinstance(sides, bool) or sides < 2:
        msg = f"a die needs at least 2 sides, got {sides!r}"
        raise InvalidInput(msg)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        msg = f"a roll needs at least 1 die, got {count!r}"
        raise InvalidInput(msg)


class SeededDice:
    """Pseudo-random dice from a seed: the same seed gives the same rolls."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._random = random.Random(seed)

    def roll(self, sides: int, count: int = 1, label: str = "") -> tuple[int, ...]:
        """Roll ``count`` dice of ``sides`` sides."""
        randint = self._random.randint
        if type(sides) is int and sides >= 2:  # the usual request, checked in two tests
            if count == 1 and type(count) is int:
                return (randint(1, sides),)
            if count == 2 and type(count) is int:
                return randint(1, sides), randint(1, sides)
        _check_request(sides, count)
        return tuple(randint(1, sides) for _ in range(count))

    def __repr__(self) -> str:
        return f"SeededDice(seed={self.seed!r})"


class ScriptedDice:
    """Results typed in by a person (physical dice), used in order.

    Raises:
        DiceError: when a result does not fit the die asked for, or the script runs out.
    """

    def __init__(self, results: Iterable[int]) -> None:
        if isinstance(results, str | bytes) or not isinstance(results, Iterable):
            msg = f"scripted dice are a list of results (whole numbers from 1), such as [3, 5], got {results!r:.60}"
            raise DiceError(msg)
        self.results = tuple(results)
        for position, result in enumerate(self.results, start=1):
            if not isinstance(result, int) or isinstance(result, bool) or result < 1:
                msg = (
                    f"the {_ordinal(position)} die given is {result!r:.60}, but a die shows a whole number from 1 to "
                    "its sides (1 to 6 on a D6)"
                )
                raise DiceError(msg)
        self.used = 0

    @property
    def remaining(self) -> tuple[int, ...]:
        """The results not used yet."""
        return self.results[self.used :]

    def roll(self, sides: int, count: int = 1, label: str = "") -> tuple[int, ...]:
        """Take the next ``count`` scripted results, checking each fits a die of ``sides``."""
        _check_request(sides, count)
        if self.used + count > len(self.results):
            given, short = len(self.results), count - len(self.results) + self.used
            if self.used < given:  # the roll needs more dice than are left
                rolled = f"{self.used} of the {given} results given were rolled"
            else:
                rolled = {0: "no result was given", 1: "the 1 result given was rolled"}.get(
                    given, f"the {given} results given were all rolled"
                )
            more = "1 more result" if short == 1 else f"{short} more results"
            msg = (
                f"the scripted dice ran out: {rolled}, and the next roll is {_asked(sides, count, label)}; give {more}"
            )
            raise DiceError(msg)
        results = self.results[self.used : self.used + count]
        for offset, result in enumerate(results):
            if result > sides:
                msg = (
                    f"the {_ordinal(self.used + offset + 1)} die given is {result}, but the "
                    f"{roll_in_words(f'{count}D{sides}', label)} needs results from 1 to {sides}"
                )
                raise DiceError(msg)
        self.used += count
        return results

    def __repr__(self) -> str:
        return f"ScriptedDice({list(self.results)!r}, used={self.used})"


class CallbackDice:
    """Dice that ask a function for each result (a prompt at a terminal, a bot command)."""

    def __init__(self, ask: Callable[[int, str], int]) -> None:
        self._ask = ask

    def roll(self, sides: int, count: int = 1, label: str = "") -> tuple[int, ...]:
        """Ask for each of ``count`` dice, checking each result fits."""
        _check_request(sides, count)
        results = []
        for _ in range(count):
            result = self._ask(sides, label)
            if not isinstance(result, int) or isinstance(result, bool) or not 1 <= result <= sides:
                msg = f"a D{sides} for {label or 'a roll'} must show 1 to {sides}, got {result!r}"
                raise DiceError(msg)
            results.append(result)
        return tuple(results)


def _fitting(roll: Rolled) -> tuple[int, ...]:
    """A recorded roll's results, refused when one cannot be on its die (a 6 on a D3)."""
    for result in roll.results:
        if not 1 <= result <= roll.sides:
            msg = f"the entry recorded a {result} on a D{roll.sides} for {roll.label!r}, which no die shows"
            raise DiceError(msg)
    return roll.results


class RecordedDice:
    """The rolls an entry recorded, given back when its operation runs again (``verify``, ``amend``).

    In order (``by_place=False``, what ``verify`` uses), each request must be the next recorded
    roll: the same label and the same dice. By place (``amend``), a request takes the next recorded
    roll with its label and dice, wherever it came in the old run; a request no recorded roll
    answers is rolled by ``fallback``, or refused when there is none.

    Raises:
        DiceError: a request the record does not answer.
    """

    def __init__(self, rolls: Iterable[Rolled], *, by_place: bool = False, fallback: Dice | None = None) -> None:
        self.rolls = tuple(rolls)
        self._by_place = by_place
        self._fallback = fallback
        self._next = 0
        self._unused: dict[tuple[str, int, int], list[Rolled]] = {}
        for roll in self.rolls:
            self._unused.setdefault((roll.label, roll.sides, len(roll.results)), []).append(roll)
        #: Rolls that ``fallback`` made, in order.
        self.new: list[Rolled] = []

    @property
    def left(self) -> tuple[Rolled, ...]:
        """The recorded rolls nothing asked for."""
        if self._by_place:
            return tuple(roll for rolls in self._unused.values() for roll in rolls)
        return self.rolls[self._next :]

    def roll(self, sides: int, count: int = 1, label: str = "") -> tuple[int, ...]:
        """The recorded result for this request."""
        _check_request(sides, count)
        what = f"{count}D{sides}" + (f" for {label!r}" if label else "")
        if self._by_place:
            waiting = self._unused.get((label, sides, count))
            if waiting:
                return _fitting(waiting.pop(0))
            if self._fallback is None:
                msg = f"the history now needs {what}, which it never rolled before; pass dice= to roll it"
                raise DiceError(msg)
            results = tuple(self._fallback.roll(sides, count, label))
            self.new.append(Rolled(label=label, sides=sides, results=results))
            return results
        if self._next >= len(self.rolls):
            msg = f"the rules ask for {what}, but the entry recorded only {len(self.rolls)} roll(s)"
            raise DiceError(msg)
        recorded = self.rolls[self._next]
        if (recorded.label, recorded.sides, len(recorded.results)) != (label, sides, count):
            msg = (
                f"the rules ask for {what} where the entry recorded "
                f"{len(recorded.results)}D{recorded.sides} for {recorded.label!r}"
            )
            raise DiceError(msg)
        self._next += 1
        return _fitting(recorded)


#: The library's own dice, found dice at once (the protocol's ``isinstance`` reads each attribute: slower).
KNOWN_DICE = frozenset({SeededDice, ScriptedDice, CallbackDice, RecordedDice})
