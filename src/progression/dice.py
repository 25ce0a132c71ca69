"""Dice, injected into every operation that rolls: seeded, scripted, asking a person
(:class:`CallbackDice`, for physical dice) or replaying the rolls an entry recorded
(:class:`RecordedDice`, what ``verify`` and ``amend`` run with); whose roll it is, for dice that ask a person
(:func:`rolling_for`, :func:`who_rolls`), why a roll is made again (:func:`rolling_again`, :func:`why_again`), and
a roll named in a sentence as a refusal of its result says it (:func:`roll_in_words`).
"""

from progression.engine.dice import (
    CallbackDice,
    Dice,
    RecordedDice,
    ScriptedDice,
    SeededDice,
    roll_in_words,
    rolling_again,
    rolling_for,
    who_rolls,
    why_again,
)

__all__ = [
    "CallbackDice",
    "Dice",
    "RecordedDice",
    "ScriptedDice",
    "SeededDice",
    "roll_in_words",
    "rolling_again",
    "rolling_for",
    "who_rolls",
    "why_again",
]
