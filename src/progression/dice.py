"""Dice, injected into every operation that rolls: seeded, scripted, asking a person
(:class:`CallbackDice`, for physical dice) or replaying the rolls an entry recorded
(:class:`RecordedDice`, what ``verify`` and ``amend`` run with).
"""

from progression.engine.dice import CallbackDice, Dice, RecordedDice, ScriptedDice, SeededDice

__all__ = ["CallbackDice", "Dice", "RecordedDice", "ScriptedDice", "SeededDice"]
