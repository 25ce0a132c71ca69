"""The public surface changes only on purpose."""

import progression

EXPECTED = [
    "Account", "Adjusted", "AllOf", "Amendment", "AmendmentRefused", "AnyOf", "Asked", "AtLeast", "AtMost",
    "Awarded", "Band", "CallbackDice", "Choose", "Context", "CostRule", "Created", "Currency", "Curve", "CurveCost",
    "Decided", "Dice", "Divergence", "Effect", "Entry", "Event", "Finished", "FixedCost", "FunctionCost",
    "FunctionCurve", "Joined", "Kind", "Label", "Ladder", "Ledger", "Left", "Limit", "LinearCurve", "Lost",
    "Marked", "Member", "Narrator", "Not", "Operation", "Override", "Owns", "OwnsAmong", "PackEntry", "Pending",
    "PolynomialCurve", "PoolSpec", "Predicate", "ProcedureContext", "ProgressionError", "Purchased", "Quote",
    "Reader", "RecordedDice", "Requirement", "Roll", "Rolled", "RulePack", "ScriptedDice", "SeededDice", "Sheet",
    "Started", "StatSpec", "Step", "SteppedCurve", "Store", "TableCurve", "Transaction", "Trials", "Upgrade", "Verification", "Violation",
    "Work", "amend", "combine", "converter", "create", "dump_sheet", "dumps", "entries", "execute", "join", "leave",
    "load", "load_file", "load_sheet", "load_text", "loads", "mark", "open_store", "operation", "packs", "read_pack", "rebase", "replay",
    "run", "run_trials", "undo", "verify",
]  # fmt: skip


class TestExports:
    def test_all_is_pinned(self) -> None:
        """Adding or removing a public name is a deliberate change to this list."""
        assert EXPECTED == progression.__all__

    def test_all_is_sorted_and_importable(self) -> None:
        """``__all__`` is sorted (case-sensitive) and every name in it exists."""
        assert sorted(progression.__all__) == progression.__all__
        for name in progression.__all__:
            assert hasattr(progression, name), name

    def test_version_comes_from_metadata(self) -> None:
        """The version is read from the installed distribution, never typed twice."""
        from importlib.metadata import version

        assert version("progression") == progression.__version__


class TestContractFamily:
    def test_the_contract_s_names_are_pinned(self) -> None:
        """``progression.contract``, the declarations a pack author writes, changes only on purpose."""
        import progression.contract

        assert [
            "REQUIRED", "Action", "Command", "ComputedTable", "Contract", "Demo", "Exact", "Explanation", "Factory",
            "Option", "OptionType", "PackFor", "Page", "Report", "Roster", "Simulation", "Tuner", "option_type",
        ] == progression.contract.__all__  # fmt: skip
        for name in progression.contract.__all__:
            assert hasattr(progression.contract, name), name
