"""Character progression for games: points earned and spent, costs that climb, tiers that gate.

The core models pools of points, cost curves, ladders of named bands, upgrades
with requirements and random procedures, and the ledger every sheet is folded
from. Rule packs plug into it through the ``progression.rulepacks`` entry points.
"""

from importlib.metadata import PackageNotFoundError, version

from ._curves import Curve, FunctionCurve, LinearCurve, PolynomialCurve, SteppedCurve, TableCurve
from ._dice import CallbackDice, Dice, ScriptedDice, SeededDice
from ._discovery import PackEntry, entries, load, packs
from ._engine import Quote, Violation, combine, join, leave, mark, undo
from ._events import (
    Adjusted,
    Asked,
    Awarded,
    Created,
    Decided,
    Event,
    Finished,
    Joined,
    Left,
    Lost,
    Marked,
    Member,
    Purchased,
    Rolled,
    Started,
    Step,
)
from ._labels import Label
from ._ladders import Band, Ladder
from ._loading import load_file, load_text, read_pack
from ._model import (
    CostRule,
    Currency,
    CurveCost,
    Effect,
    FixedCost,
    FunctionCost,
    Kind,
    Limit,
    Override,
    PoolSpec,
    StatSpec,
    Upgrade,
)
from ._packs import RulePack
from ._procedures import Choose, ProcedureContext, Roll
from ._requirements import AllOf, AnyOf, AtLeast, AtMost, Context, Not, Owns, OwnsAmong, Predicate, Requirement
from ._serialize import converter, dump_sheet, dumps, load_sheet, loads
from ._sheet import Account, Pending, Sheet, replay
from .errors import ProgressionError

try:
    __version__ = version("progression")
except PackageNotFoundError:  # pragma: no cover - running from a source tree that is not installed
    __version__ = "0+unknown"

__all__ = [
    "Account",
    "Adjusted",
    "AllOf",
    "AnyOf",
    "Asked",
    "AtLeast",
    "AtMost",
    "Awarded",
    "Band",
    "CallbackDice",
    "Choose",
    "Context",
    "CostRule",
    "Created",
    "Currency",
    "Curve",
    "CurveCost",
    "Decided",
    "Dice",
    "Effect",
    "Event",
    "Finished",
    "FixedCost",
    "FunctionCost",
    "FunctionCurve",
    "Joined",
    "Kind",
    "Label",
    "Ladder",
    "Left",
    "Limit",
    "LinearCurve",
    "Lost",
    "Marked",
    "Member",
    "Not",
    "Override",
    "Owns",
    "OwnsAmong",
    "PackEntry",
    "Pending",
    "PolynomialCurve",
    "PoolSpec",
    "Predicate",
    "ProcedureContext",
    "ProgressionError",
    "Purchased",
    "Quote",
    "Requirement",
    "Roll",
    "Rolled",
    "RulePack",
    "ScriptedDice",
    "SeededDice",
    "Sheet",
    "Started",
    "StatSpec",
    "Step",
    "SteppedCurve",
    "TableCurve",
    "Upgrade",
    "Violation",
    "combine",
    "converter",
    "dump_sheet",
    "dumps",
    "entries",
    "join",
    "leave",
    "load",
    "load_file",
    "load_sheet",
    "load_text",
    "loads",
    "mark",
    "packs",
    "read_pack",
    "replay",
    "undo",
]
