"""The dojo rule pack: the example of docs/how-to/write-a-rule-pack.rst.

Its data is in ``dojo.toml``; this module adds what the data cannot say, as named
functions, and builds the pack for the ``progression.rulepacks`` entry point.
"""

from __future__ import annotations

from collections.abc import Generator
from importlib.resources import files

import progression
from progression import Effect, RulePack
from progression.authoring import ProcedureContext, Roll

__all__ = ["FUNCTIONS", "grading", "open_techniques", "pack"]

#: A grading passes when two dice plus the techniques learned reach this.
PASS_MARK = 10


def open_techniques(context: ProcedureContext) -> list[str]:
    """The techniques the student has not learned yet."""
    assert isinstance(context.pack, RulePack)
    return [t for t in context.pack.tables["techniques"] if not context.sheet.has(t)]


def grading(context: ProcedureContext) -> Generator[Roll, tuple[int, ...], Effect]:
    """Roll 2D6 and add the techniques learned: 10 or more passes the grading."""
    dice = yield Roll(sides=6, count=2, label="grading")
    if sum(dice) + context.sheet.stats["techniques"] >= PASS_MARK:
        return Effect(grants={"grade": 1})
    return Effect()


#: The names the TOML refers to.
FUNCTIONS = {"open_techniques": open_techniques, "grading": grading}


def pack() -> RulePack:
    """The dojo pack, read from the TOML file shipped inside this package."""
    text = files(__package__).joinpath("dojo.toml").read_text(encoding="utf-8")
    return progression.load_text(text, source="progression_dojo/dojo.toml", functions=FUNCTIONS)
