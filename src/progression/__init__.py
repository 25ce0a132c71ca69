"""Character progression for games: points earned and spent, costs that climb, tiers that gate.

The core models pools of points, cost curves, ladders of named bands, upgrades
with requirements and random procedures, and the ledger every sheet is folded
from. Rule packs plug into it through the ``progression.rulepacks`` entry points.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what readers and type checkers see; at run time each module loads on first use
    from ._closed_curves import LinearCurve, PolynomialCurve, SteppedCurve, TableCurve
    from ._curves import Curve
    from ._dice import CallbackDice, Dice, ScriptedDice, SeededDice
    from ._discovery import PackEntry, entries, load, packs
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
    from ._function_curve import FunctionCurve
    from ._history import combine, mark, undo
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
    from ._quotes import Quote
    from ._reader import Reader
    from ._requirements import AllOf, AnyOf, AtLeast, AtMost, Context, Not, Owns, OwnsAmong, Predicate, Requirement
    from ._rosters import join, leave
    from ._serialize import converter, dump_sheet, dumps, load_sheet, loads
    from ._sheet import Account, Pending, Sheet, replay
    from ._simulate import Trials, run_trials
    from ._violations import Violation
    from .errors import ProgressionError

    __version__: str

#: The module each public name lives in. ``import progression`` imports none of them: a
#: name's module is imported the first time the name is used, so that starting a script or
#: the command stays fast (building the core's sixty-odd attrs classes, cattrs and the
#: installed metadata would cost several times the import of attrs itself).
_HOMES = {
    "Account": "_sheet",
    "Adjusted": "_events",
    "AllOf": "_requirements",
    "AnyOf": "_requirements",
    "Asked": "_events",
    "AtLeast": "_requirements",
    "AtMost": "_requirements",
    "Awarded": "_events",
    "Band": "_ladders",
    "CallbackDice": "_dice",
    "Choose": "_procedures",
    "Context": "_requirements",
    "CostRule": "_model",
    "Created": "_events",
    "Currency": "_model",
    "Curve": "_curves",
    "CurveCost": "_model",
    "Decided": "_events",
    "Dice": "_dice",
    "Effect": "_model",
    "Event": "_events",
    "Finished": "_events",
    "FixedCost": "_model",
    "FunctionCost": "_model",
    "FunctionCurve": "_function_curve",
    "Joined": "_events",
    "Kind": "_model",
    "Label": "_labels",
    "Ladder": "_ladders",
    "Left": "_events",
    "Limit": "_model",
    "LinearCurve": "_closed_curves",
    "Lost": "_events",
    "Marked": "_events",
    "Member": "_events",
    "Not": "_requirements",
    "Override": "_model",
    "Owns": "_requirements",
    "OwnsAmong": "_requirements",
    "PackEntry": "_discovery",
    "Pending": "_sheet",
    "PolynomialCurve": "_closed_curves",
    "PoolSpec": "_model",
    "Predicate": "_requirements",
    "ProcedureContext": "_procedures",
    "ProgressionError": "errors",
    "Purchased": "_events",
    "Quote": "_quotes",
    "Reader": "_reader",
    "Requirement": "_requirements",
    "Roll": "_procedures",
    "Rolled": "_events",
    "RulePack": "_packs",
    "ScriptedDice": "_dice",
    "SeededDice": "_dice",
    "Sheet": "_sheet",
    "Started": "_events",
    "StatSpec": "_model",
    "Step": "_events",
    "SteppedCurve": "_closed_curves",
    "TableCurve": "_closed_curves",
    "Trials": "_simulate",
    "Upgrade": "_model",
    "Violation": "_violations",
    "combine": "_history",
    "converter": "_serialize",
    "dump_sheet": "_serialize",
    "dumps": "_serialize",
    "entries": "_discovery",
    "join": "_rosters",
    "leave": "_rosters",
    "load": "_discovery",
    "load_file": "_loading",
    "load_sheet": "_serialize",
    "load_text": "_loading",
    "loads": "_serialize",
    "mark": "_history",
    "packs": "_discovery",
    "read_pack": "_loading",
    "replay": "_sheet",
    "run_trials": "_simulate",
    "undo": "_history",
}


def __getattr__(name: str) -> Any:
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("progression")
        except PackageNotFoundError:  # pragma: no cover - running from a source tree that is not installed
            return "0+unknown"
    home = _HOMES.get(name)
    if home is not None:
        value = getattr(import_module(f".{home}", __name__), name)
        globals()[name] = value
        return value
    try:  # a submodule used as an attribute, as in ``progression.errors.SheetError``
        return import_module(f".{name}", __name__)
    except ModuleNotFoundError as error:
        if error.name != f"{__name__}.{name}":
            raise
    msg = f"module {__name__!r} has no attribute {name!r}"
    raise AttributeError(msg)


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


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
    "Reader",
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
    "Trials",
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
    "run_trials",
    "undo",
]
