"""The public surface of progression.testing changes only on purpose."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

import progression.testing

EXPECTED = [
    "AwardAction", "ConformanceReport", "Coverage", "DecideAction", "DiscardAction", "DrawnAction", "DrawnDice",
    "Finding", "PackMachine", "PurchaseAction", "QuoteAction", "Reached", "UndoAction", "actions", "assert_pack_conforms",
    "check_additive", "check_monotonic", "check_non_negative", "check_pack", "compare_to_table", "curves",
    "dice_scripts", "fresh_sheet", "from_pack", "labels", "ladders", "linear_curves", "machine_for",
    "polynomial_curves", "run_actions", "slugs", "state_of", "stepped_curves", "table_curves", "upgrades",
]  # fmt: skip


class TestExports:
    def test_all_is_pinned(self) -> None:
        """Adding or removing a public name is a deliberate change to this list."""
        assert EXPECTED == progression.testing.__all__

    def test_every_name_resolves(self) -> None:
        """Every name of ``__all__`` is importable, and ``dir`` lists it."""
        for name in progression.testing.__all__:
            assert getattr(progression.testing, name) is not None, name
            assert name in dir(progression.testing)

    def test_unknown_name(self) -> None:
        """An unknown name is an AttributeError, as for any module."""
        with pytest.raises(AttributeError, match=r"module 'progression\.testing' has no attribute 'nothing_here'"):
            progression.testing.nothing_here  # noqa: B018

    @pytest.mark.parametrize(("old", "new"), [("Action", "DrawnAction"), ("Report", "ConformanceReport")])
    def test_a_renamed_name_warns_and_gives_the_new_one(self, old: str, new: str) -> None:
        """``Action`` and ``Report``, named as :mod:`progression.contract`'s declarations are, still resolve for a
        release, to the very same class, with a ``DeprecationWarning`` naming the new name; neither is in
        ``__all__``."""
        message = f"progression.testing.{old} is deprecated: use progression.testing.{new}"
        with pytest.warns(DeprecationWarning, match=f"^{re.escape(message)}$"):
            found = getattr(progression.testing, old)
        assert (getattr(progression.testing, new), False) == (found, old in progression.testing.__all__)

    def test_plugin_does_not_import_hypothesis(self) -> None:
        """The pytest plugin module (loaded by every pytest run) imports neither Hypothesis nor the kit."""
        code = (
            "import sys, progression.testing._plugin; "
            "print(sorted(m for m in sys.modules if m.startswith('hypothesis') or m.startswith('progression.testing.')))"
        )
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        assert "['progression.testing._plugin']" == result.stdout.strip()
