"""Character progression for games: points earned and spent, costs that climb, tiers that gate.

The core models pools of points, cost curves, ladders of named bands, upgrades
with requirements and random procedures, and the ledger every sheet is folded
from. Rule packs plug into it through the ``progression.rulepacks`` entry points.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what readers and type checkers see; at run time each module loads on first use
    from progression._labels import Label
    from progression.curves.closed import LinearCurve, PolynomialCurve, SteppedCurve, TableCurve
    from progression.curves.curve import Curve
    from progression.curves.function import FunctionCurve
    from progression.engine.declared import operation
    from progression.engine.dice import CallbackDice, Dice, RecordedDice, ScriptedDice, SeededDice
    from progression.engine.procedures import Choose, ProcedureContext, Roll
    from progression.engine.quotes import Quote
    from progression.engine.rosters import join, leave
    from progression.engine.run import create, execute, run
    from progression.engine.steps import combine, mark
    from progression.engine.work import Work
    from progression.errors import ProgressionError
    from progression.files.sheets import converter, dump_sheet, dumps, load_sheet, loads
    from progression.history import Amendment, AmendmentRefused, Divergence, Verification, amend, rebase, verify
    from progression.history.undo import undo
    from progression.ledger.events import (
        Adjusted,
        Asked,
        Awarded,
        Created,
        Decided,
        Entry,
        Event,
        Finished,
        Joined,
        Left,
        Lost,
        Marked,
        Member,
        Operation,
        Purchased,
        Rolled,
        Started,
        Step,
    )
    from progression.ledger.ledger import Ledger
    from progression.ledger.sheet import Account, Pending, Sheet, replay
    from progression.requirements.ladders import Band, Ladder
    from progression.requirements.predicates import (
        AllOf,
        AnyOf,
        AtLeast,
        AtMost,
        Context,
        Not,
        Owns,
        OwnsAmong,
        Predicate,
        Requirement,
    )
    from progression.requirements.violations import Violation
    from progression.rulepacks.discovery import PackEntry, entries, load, packs
    from progression.rulepacks.loading import load_file, load_text, read_pack
    from progression.rulepacks.narration import Narrator
    from progression.rulepacks.reader import Reader
    from progression.rulepacks.rulepack import RulePack
    from progression.rules.parts import (
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
    from progression.store import Store, Transaction, open_store
    from progression.studies.trials import Trials, run_trials

    __version__: str

#: The module each public name lives in. ``import progression`` imports none of them: a
#: name's module is imported the first time the name is used, so that starting a script or
#: the command stays fast (building the core's sixty-odd attrs classes, cattrs and the
#: installed metadata would cost several times the import of attrs itself).
_HOMES = {
    "Account": "ledger.sheet",
    "Adjusted": "ledger.events",
    "AllOf": "requirements.predicates",
    "Amendment": "history.amend",
    "AmendmentRefused": "history.amend",
    "AnyOf": "requirements.predicates",
    "Asked": "ledger.events",
    "AtLeast": "requirements.predicates",
    "AtMost": "requirements.predicates",
    "Awarded": "ledger.events",
    "Band": "requirements.ladders",
    "CallbackDice": "engine.dice",
    "Choose": "engine.procedures",
    "Context": "requirements.predicates",
    "CostRule": "rules.parts",
    "Created": "ledger.events",
    "Currency": "rules.parts",
    "Curve": "curves.curve",
    "CurveCost": "rules.parts",
    "Decided": "ledger.events",
    "Dice": "engine.dice",
    "Divergence": "history.verify",
    "Effect": "rules.parts",
    "Entry": "ledger.events",
    "Event": "ledger.events",
    "Finished": "ledger.events",
    "FixedCost": "rules.parts",
    "FunctionCost": "rules.parts",
    "FunctionCurve": "curves.function",
    "Joined": "ledger.events",
    "Kind": "rules.parts",
    "Label": "_labels",
    "Ladder": "requirements.ladders",
    "Ledger": "ledger.ledger",
    "Left": "ledger.events",
    "Limit": "rules.parts",
    "LinearCurve": "curves.closed",
    "Lost": "ledger.events",
    "Marked": "ledger.events",
    "Member": "ledger.events",
    "Narrator": "rulepacks.narration",
    "Not": "requirements.predicates",
    "Operation": "ledger.events",
    "Override": "rules.parts",
    "Owns": "requirements.predicates",
    "OwnsAmong": "requirements.predicates",
    "PackEntry": "rulepacks.discovery",
    "Pending": "ledger.sheet",
    "PolynomialCurve": "curves.closed",
    "PoolSpec": "rules.parts",
    "Predicate": "requirements.predicates",
    "ProcedureContext": "engine.procedures",
    "ProgressionError": "errors",
    "Purchased": "ledger.events",
    "Quote": "engine.quotes",
    "Reader": "rulepacks.reader",
    "RecordedDice": "engine.dice",
    "Requirement": "requirements.predicates",
    "Roll": "engine.procedures",
    "Rolled": "ledger.events",
    "RulePack": "rulepacks.rulepack",
    "ScriptedDice": "engine.dice",
    "SeededDice": "engine.dice",
    "Sheet": "ledger.sheet",
    "Started": "ledger.events",
    "StatSpec": "rules.parts",
    "Step": "ledger.events",
    "Store": "store.store",
    "SteppedCurve": "curves.closed",
    "TableCurve": "curves.closed",
    "Trials": "studies.trials",
    "Transaction": "store.store",
    "Upgrade": "rules.parts",
    "Verification": "history.verify",
    "Violation": "requirements.violations",
    "Work": "engine.work",
    "amend": "history.amend",
    "combine": "engine.steps",
    "converter": "files.sheets",
    "create": "engine.run",
    "dump_sheet": "files.sheets",
    "dumps": "files.sheets",
    "entries": "rulepacks.discovery",
    "execute": "engine.run",
    "join": "engine.rosters",
    "leave": "engine.rosters",
    "load": "rulepacks.discovery",
    "load_file": "rulepacks.loading",
    "load_sheet": "files.sheets",
    "load_text": "rulepacks.loading",
    "loads": "files.sheets",
    "mark": "engine.steps",
    "open_store": "store.store",
    "operation": "engine.declared",
    "packs": "rulepacks.discovery",
    "read_pack": "rulepacks.loading",
    "rebase": "history.amend",
    "replay": "ledger.sheet",
    "run": "engine.run",
    "run_trials": "studies.trials",
    "undo": "history.undo",
    "verify": "history.verify",
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
    "Amendment",
    "AmendmentRefused",
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
    "Divergence",
    "Effect",
    "Entry",
    "Event",
    "Finished",
    "FixedCost",
    "FunctionCost",
    "FunctionCurve",
    "Joined",
    "Kind",
    "Label",
    "Ladder",
    "Ledger",
    "Left",
    "Limit",
    "LinearCurve",
    "Lost",
    "Marked",
    "Member",
    "Narrator",
    "Not",
    "Operation",
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
    "RecordedDice",
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
    "Store",
    "TableCurve",
    "Transaction",
    "Trials",
    "Upgrade",
    "Verification",
    "Violation",
    "Work",
    "amend",
    "combine",
    "converter",
    "create",
    "dump_sheet",
    "dumps",
    "entries",
    "execute",
    "join",
    "leave",
    "load",
    "load_file",
    "load_sheet",
    "load_text",
    "loads",
    "mark",
    "open_store",
    "operation",
    "packs",
    "read_pack",
    "rebase",
    "replay",
    "run",
    "run_trials",
    "undo",
    "verify",
]
