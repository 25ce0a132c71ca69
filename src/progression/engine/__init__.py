"""The engine: the one way a sheet changes. Input checks (``checks``), awards and adjustments
(``changes``), quotes (``quotes``) and payment (``payment``), purchases (``purchases``) and their
random procedures (``procedures``), dice (``dice``), rosters (``rosters``) and history (``history``).
"""

from progression.engine.dice import CallbackDice, Dice, ScriptedDice, SeededDice
from progression.engine.history import combine, mark, undo
from progression.engine.procedures import Choose, ProcedureContext, Roll
from progression.engine.quotes import Quote
from progression.engine.rosters import join, leave

__all__ = [
    "CallbackDice",
    "Choose",
    "Dice",
    "ProcedureContext",
    "Quote",
    "Roll",
    "ScriptedDice",
    "SeededDice",
    "combine",
    "join",
    "leave",
    "mark",
    "undo",
]
