"""The engine: the one way a sheet changes. Input checks (``checks``), awards and adjustments
(``changes``), quotes (``quotes``) and payment (``payment``), purchases (``purchases``) and their
random procedures (``procedures``), dice (``dice``), rosters (``rosters``), milestones and combined steps (``steps``); the operations themselves
(``operations``), the work they run in (``work``) and the gate that runs them (``run``).
"""

from progression.engine.dice import CallbackDice, Dice, ScriptedDice, SeededDice
from progression.engine.procedures import Choose, ProcedureContext, Roll
from progression.engine.quotes import Quote
from progression.engine.rosters import join, leave
from progression.engine.steps import combine, mark

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
]
