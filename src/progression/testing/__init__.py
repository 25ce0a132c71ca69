"""Property testing for cost curves and rule packs: Hypothesis strategies and a pack conformance check.

Install the ``testing`` extra (``pip install 'progression[testing]'``) for Hypothesis.

Names are imported on first use (:pep:`562`) rather than here: the pytest plugin of this
package is loaded by every pytest run in an environment where ``progression`` is
installed, and must not need Hypothesis when nobody uses the kit.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from progression._moved import moved, public_dir

if TYPE_CHECKING:
    from ._actions import (
        AwardAction,
        DecideAction,
        DiscardAction,
        DrawnAction,
        PurchaseAction,
        QuoteAction,
        UndoAction,
        actions,
        fresh_sheet,
        from_pack,
        run_actions,
    )
    from ._conformance import ConformanceReport, Coverage, assert_pack_conforms, check_pack
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
    "AwardAction",
    "ConformanceReport",
    "Coverage",
    "DecideAction",
    "DiscardAction",
    "DrawnAction",
    "DrawnDice",
    "Finding",
    "PackMachine",
    "PurchaseAction",
    "QuoteAction",
    "Reached",
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
            "AwardAction",
            "DecideAction",
            "DiscardAction",
            "DrawnAction",
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
    **dict.fromkeys(("ConformanceReport", "Coverage", "assert_pack_conforms", "check_pack"), "_conformance"),
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


#: The names of before, for one release: each was also the name of a declaration of
#: :mod:`progression.contract` (``Action``, a command that runs an operation; ``Report``, a report command).
_old_name = moved(__name__, {"Action": ":DrawnAction", "Report": ":ConformanceReport"}, wrapped=True)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        return _old_name(name)  # not cached, so that every use warns
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return public_dir(globals(), __all__)
