"""Character progression for games: points earned and spent, costs that climb, tiers that gate.

The core models pools of points, cost curves, ladders of named bands, upgrades
with requirements and random procedures, and the ledger every sheet is folded
from. Rule packs plug into it through the ``progression.rulepacks`` entry points.

This module holds what a user of packs needs; the families live in public submodules:
:mod:`progression.events`, :mod:`progression.operations`, :mod:`progression.dice`,
:mod:`progression.curves`, :mod:`progression.requirements`, :mod:`progression.ledger`,
:mod:`progression.history`, :mod:`progression.files`, :mod:`progression.store`,
:mod:`progression.studies`, :mod:`progression.errors`; for pack authors
:mod:`progression.authoring`, :mod:`progression.contract` and :mod:`progression.testing`.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from progression._moved import moved, public_dir

if TYPE_CHECKING:  # what readers and type checkers see; at run time each module loads on first use
    from progression.engine.declared import operation
    from progression.engine.dice import Dice, ScriptedDice, SeededDice
    from progression.engine.quotes import Quote
    from progression.engine.rosters import join, leave
    from progression.engine.run import run
    from progression.engine.steps import mark
    from progression.engine.work import Work
    from progression.errors import ProgressionError
    from progression.files.sheets import dump_sheet, load_sheet
    from progression.history.amend import amend, rebase
    from progression.history.undo import undo
    from progression.history.verify import verify
    from progression.ledger.events import Entry, Operation
    from progression.ledger.ledger import Ledger
    from progression.ledger.sheet import Sheet, compact, replay
    from progression.rulepacks.discovery import load, packs
    from progression.rulepacks.loading import load_file, load_text
    from progression.rulepacks.rulepack import RulePack
    from progression.rules.parts import Effect
    from progression.store.store import open_store

    __version__: str

#: The module each public name lives in. ``import progression`` imports none of them: a
#: name's module is imported the first time the name is used, so that starting a script or
#: the command stays fast (building the core's sixty-odd attrs classes, cattrs and the
#: installed metadata would cost several times the import of attrs itself).
_HOMES = {
    "Dice": "engine.dice",
    "Effect": "rules.parts",
    "Entry": "ledger.events",
    "Ledger": "ledger.ledger",
    "Operation": "ledger.events",
    "ProgressionError": "errors",
    "Quote": "engine.quotes",
    "RulePack": "rulepacks.rulepack",
    "ScriptedDice": "engine.dice",
    "SeededDice": "engine.dice",
    "Sheet": "ledger.sheet",
    "Work": "engine.work",
    "amend": "history.amend",
    "compact": "ledger.sheet",
    "dump_sheet": "files.sheets",
    "join": "engine.rosters",
    "leave": "engine.rosters",
    "load": "rulepacks.discovery",
    "load_file": "rulepacks.loading",
    "load_sheet": "files.sheets",
    "load_text": "rulepacks.loading",
    "mark": "engine.steps",
    "open_store": "store.store",
    "operation": "engine.declared",
    "packs": "rulepacks.discovery",
    "rebase": "history.amend",
    "replay": "ledger.sheet",
    "run": "engine.run",
    "undo": "history.undo",
    "verify": "history.verify",
}

#: The names that moved to a public submodule, and that submodule: importable from here until the next
#: release, with a ``DeprecationWarning`` naming their new home.
_MOVED = {
    "Account": "ledger",
    "Adjusted": "events",
    "AllOf": "requirements",
    "Amendment": "history",
    "AmendmentRefused": "history",
    "AnyOf": "requirements",
    "Asked": "events",
    "AtLeast": "requirements",
    "AtMost": "requirements",
    "Awarded": "events",
    "Band": "requirements",
    "CallbackDice": "dice",
    "Choose": "authoring",
    "Context": "requirements",
    "CostRule": "authoring",
    "Created": "events",
    "Currency": "authoring",
    "Curve": "curves",
    "CurveCost": "authoring",
    "Decided": "events",
    "Divergence": "history",
    "Event": "events",
    "Finished": "events",
    "FixedCost": "authoring",
    "FunctionCost": "authoring",
    "FunctionCurve": "curves",
    "Joined": "events",
    "Kind": "authoring",
    "Label": "authoring",
    "Ladder": "requirements",
    "Left": "events",
    "Limit": "authoring",
    "LinearCurve": "curves",
    "Lost": "events",
    "Marked": "events",
    "Member": "events",
    "Narrator": "authoring",
    "Not": "requirements",
    "Override": "authoring",
    "Owns": "requirements",
    "OwnsAmong": "requirements",
    "PackEntry": "authoring",
    "Pending": "ledger:PendingDecision",
    "PolynomialCurve": "curves",
    "PoolSpec": "authoring",
    "Predicate": "requirements",
    "ProcedureContext": "authoring",
    "Purchased": "events",
    "Reader": "authoring",
    "RecordedDice": "dice",
    "Requirement": "requirements",
    "Roll": "authoring",
    "Rolled": "events",
    "Started": "events",
    "StatSpec": "authoring",
    "Step": "events",
    "SteppedCurve": "curves",
    "Store": "store",
    "TableCurve": "curves",
    "Transaction": "store",
    "Trials": "studies",
    "Upgrade": "authoring",
    "Verification": "history",
    "Violation": "requirements",
    "combine": "operations",
    "converter": "files",
    "create": "operations:start_sheet",
    "dumps": "files:unstructure_sheet",
    "entries": "authoring:pack_entries",
    "loads": "files:structure_sheet",
    "read_pack": "authoring:structure_pack",
    "run_trials": "studies",
}


#: The names that left the API because another name does their work: what to use instead, and the module that
#: still holds each for this release.
_WITHDRAWN = {"execute": ("progression.run (the new sheet is its first item)", "progression.engine.run")}

_old_name = moved(__name__, _MOVED, withdrawn=_WITHDRAWN, wrapped=True)


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
    if name in _MOVED or name in _WITHDRAWN:  # not cached, so that every use warns
        return _old_name(name)
    try:  # a submodule used as an attribute, as in ``progression.errors.SheetError``
        return import_module(f".{name}", __name__)
    except ModuleNotFoundError as error:
        if error.name != f"{__name__}.{name}":
            raise
    msg = f"module {__name__!r} has no attribute {name!r}"
    raise AttributeError(msg)


def __dir__() -> list[str]:
    return public_dir(globals(), __all__)


__all__ = [
    "Dice",
    "Effect",
    "Entry",
    "Ledger",
    "Operation",
    "ProgressionError",
    "Quote",
    "RulePack",
    "ScriptedDice",
    "SeededDice",
    "Sheet",
    "Work",
    "amend",
    "compact",
    "dump_sheet",
    "join",
    "leave",
    "load",
    "load_file",
    "load_sheet",
    "load_text",
    "mark",
    "open_store",
    "operation",
    "packs",
    "rebase",
    "replay",
    "run",
    "undo",
    "verify",
]
