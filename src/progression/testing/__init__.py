"""Property testing for cost curves and rule packs: Hypothesis strategies and a pack conformance check.

Install the ``testing`` extra (``pip install 'progression[testing]'``) for Hypothesis.

Names are imported on first use (:pep:`562`) rather than here: the pytest plugin of this
package is loaded by every pytest run in an environment where ``progression`` is
installed, and must not need Hypothesis when nobody uses the kit.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from progression._moved import public_dir

if TYPE_CHECKING:
    from ._actions import (
        Action,
        AwardAction,
        DecideAction,
        DiscardAction,
        PurchaseAction,
        QuoteAction,
        UndoAction,
        actions,
        fresh_sheet,
        from_pack,
        run_actions,
    )
    from ._conformance import Coverage, Report, assert_pack_conforms, check_pack
    from ._curves import check_additive, check_monotonic, check_non_negative, compare_to_table
    from ._machine import DrawnDice, PackMachine, Reached, machine_for, state_of
    from ._static import Finding
    from ._strategies import (
        curves,
        dice_scripts,
        labels,
        ladders,
        linear_curves,
        polynomial_curves,
        slugs,
        stepped_curves,
        table_curves,
        upgrades,
    )

__all__ = [
    "Action",
    "AwardAction",
    "Coverage",
    "DecideAction",
    "DiscardAction",
    "DrawnDice",
    "Finding",
    "PackMachine",
    "PurchaseAction",
    "QuoteAction",
    "Reached",
    "Report",
    "UndoAction",
    "actions",
    "assert_pack_conforms",
    "check_additive",
    "check_monotonic",
    "check_non_negative",
    "check_pack",
    "compare_to_table",
    "curves",
    "dice_scripts",
    "fresh_sheet",
    "from_pack",
    "labels",
    "ladders",
    "linear_curves",
    "machine_for",
    "polynomial_curves",
    "run_actions",
    "slugs",
    "state_of",
    "stepped_curves",
    "table_curves",
    "upgrades",
]

#: The private module each public name lives in.
_HOMES = {
    **dict.fromkeys(
        (
            "Action",
            "AwardAction",
            "DecideAction",
            "DiscardAction",
            "PurchaseAction",
            "QuoteAction",
            "UndoAction",
            "actions",
            "fresh_sheet",
            "from_pack",
            "run_actions",
        ),
        "_actions",
    ),
    **dict.fromkeys(("Coverage", "Report", "assert_pack_conforms", "check_pack"), "_conformance"),
    **dict.fromkeys(("check_additive", "check_monotonic", "check_non_negative", "compare_to_table"), "_curves"),
    **dict.fromkeys(("DrawnDice", "PackMachine", "Reached", "machine_for", "state_of"), "_machine"),
    "Finding": "_static",
    **dict.fromkeys(
        (
            "curves",
            "dice_scripts",
            "labels",
            "ladders",
            "linear_curves",
            "polynomial_curves",
            "slugs",
            "stepped_curves",
            "table_curves",
            "upgrades",
        ),
        "_strategies",
    ),
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        msg = f"module {__name__!r} has no attribute {name!r}"
        raise AttributeError(msg)
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return public_dir(globals(), __all__)
