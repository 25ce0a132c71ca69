"""The public surface changes only on purpose: the face of :mod:`progression`, each family's ``__all__``,
and the old names that moved, still importable for one release with a warning naming their new home."""

from __future__ import annotations

import importlib
import re
import types
import warnings
from pathlib import Path

import pytest

import progression
from support.faces import ROOT, python_files, python_uses

EXPECTED = [
    "Dice", "Effect", "Entry", "Ledger", "Operation", "ProgressionError", "Quote", "RulePack", "ScriptedDice",
    "SeededDice", "Sheet", "Work", "amend", "compact", "dump_sheet", "join", "leave", "load", "load_file",
    "load_sheet",
    "load_text", "mark", "open_store", "operation", "packs", "rebase", "replay", "run", "undo", "verify",
]  # fmt: skip

#: Each public submodule (a family) and its names, in the order of its ``__all__``.
FAMILIES = {
    "events": [
        "Adjusted", "Asked", "Awarded", "Created", "Decided", "Entry", "Event", "Finished", "Joined", "Left", "Lost",
        "Marked", "Member", "Operation", "Purchased", "Rolled", "Started", "Step",
    ],
    "dice": [
        "CallbackDice", "Dice", "RecordedDice", "ScriptedDice", "SeededDice", "roll_in_words", "rolling_again", "rolling_for",
        "who_rolls", "why_again",
    ],
    "curves": [
        "BandedCurve", "Curve", "FunctionCurve", "LinearCurve", "PolynomialCurve", "ScaledCurve", "SteppedCurve",
        "TableCurve",
    ],
    "requirements": [
        "AllOf", "AnyOf", "AtLeast", "AtMost", "Band", "Context", "GivenArg", "HasTag", "Ladder", "Not", "Owns",
        "OwnsAmong", "Predicate", "Requirement", "Violation", "atoms",
    ],
    "authoring": [
        "CHOICE", "LARGEST_PACK", "PACK_PATH", "Choose", "CostRule", "Currency", "CurveCost", "FixedCost", "FunctionCost", "Kind", "Label", "Limit",
        "Narrator", "Override", "PackEntry", "Play", "PoolSpec", "ProcedureContext", "Reader", "Roll", "StatSpec", "Upgrade",
        "misnamed_pack_files", "moved", "pack_entries", "pack_files", "public_dir", "structure_pack",
    ],
    "operations": [
        "AMEND_WORDS", "Adjust", "Award", "Batch", "Create", "Decide", "Discard", "Join", "Leave", "Mark", "Purchase",
        "check_id", "check_kind", "check_number", "check_rules", "combine", "start_sheet",
    ],
    "history": [
        "Amendment", "AmendmentRefused", "Divergence", "EntryOutcome", "Verification", "amend", "rebase", "undo",
        "verify",
    ],
    "ledger": ["Account", "Ledger", "LedgerIndex", "PendingDecision", "Sheet", "compact", "replay"],
    "files": [
        "LARGEST_FILE", "SheetFile", "Tampered", "converter", "create_sheet_file", "dump_sheet", "load_sheet", "operations_of",
        "read_sheet_file", "structure_operation", "structure_sheet", "unstructure_operation", "unstructure_sheet",
    ],
    "store": ["Book", "Record", "Store", "Transaction", "open_store"],
    "disk": ["current", "fingerprint", "read_regular", "replace_file"],
    "spelling": ["closest", "command_line", "plain_name", "the_closest"],
    "studies": ["PERCENTILES", "Trials", "exact", "run_trials"],
    "contract": [
        "REQUIRED", "Action", "Campaign", "CampaignBook", "Command", "ComputedTable", "Contract", "Demo", "Exact",
        "Explanation", "Factory",
        "League", "LeagueBook", "LeagueVerification", "Option", "OptionType", "PackFor", "Page", "Report", "Roster",
        "Simulation", "Tuner", "option_type",
    ],
}  # fmt: skip

#: The names that left the face in this release, and the family each is imported from now.
MOVED = {
    **dict.fromkeys(
        ("Adjusted", "Asked", "Awarded", "Created", "Decided", "Event", "Finished", "Joined", "Left", "Lost"), "events"
    ),
    **dict.fromkeys(("Marked", "Member", "Purchased", "Rolled", "Started", "Step"), "events"),
    **dict.fromkeys(("CallbackDice", "RecordedDice"), "dice"),
    **dict.fromkeys(
        ("Curve", "FunctionCurve", "LinearCurve", "PolynomialCurve", "SteppedCurve", "TableCurve"), "curves"
    ),
    **dict.fromkeys(
        ("AllOf", "AnyOf", "AtLeast", "AtMost", "Band", "Context", "Ladder", "Not", "Owns", "OwnsAmong"),
        "requirements",
    ),
    **dict.fromkeys(("Predicate", "Requirement", "Violation"), "requirements"),
    **dict.fromkeys(
        ("Choose", "CostRule", "Currency", "CurveCost", "FixedCost", "FunctionCost", "Kind", "Label", "Limit"),
        "authoring",
    ),
    **dict.fromkeys(
        ("Narrator", "Override", "PackEntry", "PoolSpec", "ProcedureContext", "Reader", "Roll", "StatSpec"),
        "authoring",
    ),
    **dict.fromkeys(("Upgrade",), "authoring"),
    **dict.fromkeys(("combine",), "operations"),
    **dict.fromkeys(("Amendment", "AmendmentRefused", "Divergence", "Verification"), "history"),
    **dict.fromkeys(("Account",), "ledger"),
    **dict.fromkeys(("converter",), "files"),
    **dict.fromkeys(("Store", "Transaction"), "store"),
    **dict.fromkeys(("Trials", "run_trials"), "studies"),
}

#: The names renamed in this release, old -> (family, new name): importable under the old name from the face
#: and from the family, for one release, with a warning naming the new one.
RENAMED = {
    "Pending": ("ledger", "PendingDecision"),
    "create": ("operations", "start_sheet"),
    "dumps": ("files", "unstructure_sheet"),
    "entries": ("authoring", "pack_entries"),
    "loads": ("files", "structure_sheet"),
    "read_pack": ("authoring", "structure_pack"),
}

#: The names renamed in their family, that were never on the face: old -> (family, new name).
RENAMED_IN_FAMILY = {"Outcome": ("history", "EntryOutcome")}

#: The names that left the API because another name does their work, from the face and from their family: old ->
#: (family, what the warning says to use instead, the private module that still holds the very same object).
WITHDRAWN = {
    "execute": ("operations", "progression.run (the new sheet is its first item)", "progression.engine.run"),
}


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

    def test_star_import_gives_the_face(self) -> None:
        """``from progression import *`` gives the face and no moved name (so it warns about nothing)."""
        namespace: dict[str, object] = {}
        exec("from progression import *", namespace)
        assert set(EXPECTED) == set(namespace) - {"__builtins__"}

    @pytest.mark.parametrize(
        "package", ["progression", "progression.testing", "progression_bloodbowl", "progression_competence"]
    )
    def test_dir_shows_the_face_not_the_helpers(self, package: str) -> None:
        """``dir()`` of a package lists its public names and public submodules, never what it imports to work."""
        module = importlib.import_module(package)
        shown = {name for name in dir(module) if not name.startswith("__")}
        submodules = {name for name in shown if isinstance(getattr(module, name), types.ModuleType)}
        assert (set(module.__all__), set()) == (shown - submodules, {n for n in submodules if n.startswith("_")})


class TestFamilies:
    @pytest.mark.parametrize("family", sorted(FAMILIES))
    def test_a_family_s_names_are_pinned(self, family: str) -> None:
        """Each public submodule's ``__all__`` changes only on purpose, is sorted, and every name in it exists."""
        module = importlib.import_module(f"progression.{family}")
        assert FAMILIES[family] == module.__all__
        assert sorted(module.__all__, key=lambda name: (not name.isupper(), name)) == module.__all__
        for name in module.__all__:
            assert hasattr(module, name), name
        assert module.__doc__

    def test_a_name_of_the_face_is_its_family_s(self) -> None:
        """A name both on the face and in a family (``Entry``, ``Dice``, ``replay``) is the same object in both."""
        for family, names in FAMILIES.items():
            module = importlib.import_module(f"progression.{family}")
            for name in set(names) & set(EXPECTED):
                assert getattr(progression, name) is getattr(module, name), (family, name)

    def test_every_moved_name_has_a_family(self) -> None:
        """Each name that left the face is in its family's ``__all__``, and none is still on the face."""
        assert [] == [name for name, family in MOVED.items() if name not in FAMILIES[family]]
        assert set() == set(MOVED) & set(EXPECTED)


class TestDeprecatedNames:
    @pytest.mark.parametrize("name", sorted(MOVED))
    def test_an_old_name_warns_and_names_its_new_home(self, name: str) -> None:
        """A name that moved still resolves from :mod:`progression`, to the very same object, with a
        ``DeprecationWarning`` that names the module to import it from."""
        family = MOVED[name]
        message = f"progression.{name} is deprecated: import it from progression.{family}"
        with pytest.warns(DeprecationWarning, match=f"^{re.escape(message)}$"):
            old = getattr(progression, name)
        assert getattr(importlib.import_module(f"progression.{family}"), name) is old

    @pytest.mark.parametrize("name", sorted(RENAMED))
    def test_a_renamed_name_warns_and_names_the_new_one(self, name: str) -> None:
        """A renamed name still resolves, from the face and from its family, to the new one, with a
        ``DeprecationWarning`` naming it."""
        family, new = RENAMED[name]
        module = importlib.import_module(f"progression.{family}")
        found = []
        for owner, where in ((progression, "progression"), (module, f"progression.{family}")):
            message = f"{where}.{name} is deprecated: use progression.{family}.{new}"
            with pytest.warns(DeprecationWarning, match=f"^{re.escape(message)}$"):
                found.append(getattr(owner, name))
        assert [getattr(module, new)] * 2 == found
        assert name not in module.__all__

    @pytest.mark.parametrize("name", sorted(RENAMED_IN_FAMILY))
    def test_a_name_renamed_in_its_family_warns_and_names_the_new_one(self, name: str) -> None:
        """``history.Outcome``, named as a Blood Bowl spell's outcome is, still resolves from its family to the
        new class, with a ``DeprecationWarning`` naming it; the face never had it."""
        family, new = RENAMED_IN_FAMILY[name]
        module = importlib.import_module(f"progression.{family}")
        message = f"progression.{family}.{name} is deprecated: use progression.{family}.{new}"
        with pytest.warns(DeprecationWarning, match=f"^{re.escape(message)}$"):
            found = getattr(module, name)
        assert (getattr(module, new), False) == (found, name in module.__all__)
        with pytest.raises(AttributeError, match=f"^module 'progression' has no attribute '{name}'$"):
            getattr(progression, name)

    @pytest.mark.parametrize("name", sorted(WITHDRAWN))
    def test_a_withdrawn_name_warns_and_gives_the_same_object(self, name: str) -> None:
        """``execute`` (``run`` under another verb, giving the sheet alone) still gives the very function it gave,
        from the face and from its family, with a ``DeprecationWarning`` saying what to use instead."""
        family, instead, holder = WITHDRAWN[name]
        module = importlib.import_module(f"progression.{family}")
        found = []
        for owner in (progression, module):
            message = f"{owner.__name__}.{name} is deprecated: use {instead}"
            with pytest.warns(DeprecationWarning, match=f"^{re.escape(message)}$"):
                found.append(getattr(owner, name))
        assert ([getattr(importlib.import_module(holder), name)] * 2, False) == (found, name in module.__all__)

    def test_the_warning_is_blamed_on_the_line_that_asks(self) -> None:
        """Python shows a ``DeprecationWarning`` by default only when it is blamed on the user's own code: every old
        name of the core, asked from the face, from its family or from ``progression.testing``, blames the line
        that asked for it (this file), never the library's ``__getattr__``."""
        import progression.testing

        def family(name: str, table: dict[str, tuple[str, ...]]) -> types.ModuleType:
            return importlib.import_module(f"progression.{table[name][0]}")

        asked = [
            *((progression, name) for name in (*MOVED, *RENAMED, *WITHDRAWN)),
            *((family(name, RENAMED), name) for name in RENAMED),
            *((family(name, RENAMED_IN_FAMILY), name) for name in RENAMED_IN_FAMILY),
            *((family(name, WITHDRAWN), name) for name in WITHDRAWN),
            (progression.testing, "Action"),
            (progression.testing, "Report"),
        ]
        blamed = []
        for owner, name in asked:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                getattr(owner, name)
            blamed.append((f"{owner.__name__}.{name}", [(w.category, w.filename) for w in caught]))
        assert [] == [(name, files) for name, files in blamed if files != [(DeprecationWarning, __file__)]]

    @pytest.mark.parametrize("kind", ["Store", "Transaction"])
    def test_a_store_s_execute_warns_and_does_what_run_does(self, kind: str, tmp_path: Path) -> None:
        """``Store.execute`` and ``Transaction.execute`` still run the operation, with a ``DeprecationWarning``
        naming ``run``; the sheet they give is the first item of what ``run`` gives."""
        from progression.operations import Award, Create

        pack = progression.load_file(ROOT / "examples" / "skirmish" / "pack.toml")
        with progression.open_store(tmp_path / "s.db", pack) as store:
            store.start_sheet("ana", Create(kind="adventurer", name="Ana"))
            award = Award(pool="xp", amount=3, reason="a rat")
            message = f"{kind}.execute is deprecated: use {kind}.run (the new sheet is its first item)"
            if kind == "Store":
                with pytest.warns(DeprecationWarning, match=f"^{re.escape(message)}$"):
                    after = store.execute("ana", award)
            else:
                with store.transaction() as tx, pytest.warns(DeprecationWarning, match=f"^{re.escape(message)}$"):
                    after = tx.execute("ana", award)
            assert (store.sheet("ana"), 3) == (after, after.pools["xp"])

    @pytest.mark.parametrize("kind", ["Store", "Transaction"])
    def test_a_store_s_create_warns_and_starts_the_sheet(self, kind: str, tmp_path: Path) -> None:
        """``Store.create`` and ``Transaction.create`` (a name alike to the ``Create`` they take) still store a new
        sheet, with a ``DeprecationWarning`` naming ``start_sheet``, blamed on the caller's line."""
        from progression.operations import Create

        pack = progression.load_file(ROOT / "examples" / "skirmish" / "pack.toml")
        message = f"{kind}.create is deprecated: use {kind}.start_sheet"
        ana = Create(kind="adventurer", name="Ana")
        with progression.open_store(tmp_path / "s.db", pack) as store:
            if kind == "Store":
                with pytest.warns(DeprecationWarning, match=f"^{re.escape(message)}$") as caught:
                    made = store.create("ana", ana)
            else:
                with (
                    store.transaction() as tx,
                    pytest.warns(DeprecationWarning, match=f"^{re.escape(message)}$") as caught,
                ):
                    made = tx.create("ana", ana)
            assert (store.sheet("ana"), "Ana", __file__) == (made, made.name, caught[0].filename)

    def test_a_book_s_read_file_warns_and_loads_the_sheet(self, tmp_path: Path) -> None:
        """``Book.read_file`` (``read_`` is for what is saved back) still gives the sheet of a file, with a
        ``DeprecationWarning`` naming ``load_sheet_file``."""
        import progression_competence as pc

        path = tmp_path / "aline.json"
        progression.files.create_sheet_file(path, pc.new_character(pc.pack(), "Aline", levels={"escrime": 3}))
        with pc.party.new_party(tmp_path / "party.sqlite", "The Company") as party:
            with pytest.warns(DeprecationWarning, match="^Book.read_file is deprecated: use Book.load_sheet_file$"):
                old = party.read_file(path)
            assert (party.load_sheet_file(path), "Aline") == (old, old.name)

    def test_an_old_name_warns_each_time(self) -> None:
        """The old name is never cached on the module, so that every import of it warns, not the first only."""
        for _ in range(2):
            with pytest.warns(DeprecationWarning, match="progression.Awarded is deprecated"):
                from progression import Awarded  # noqa: F401

    def test_the_face_and_the_families_do_not_warn(self) -> None:
        """The names that stay, and the families as attributes, load without a warning (the suite turns
        warnings into errors)."""
        for name in [*EXPECTED, *FAMILIES]:
            getattr(progression, name)

    def test_nothing_in_the_repository_uses_an_old_name(self) -> None:
        """No module of the core, the packs, the tests, the examples, the benchmarks or the docs' extensions
        imports a moved name from :mod:`progression` or reads it as ``progression.<name>``, not even under
        ``TYPE_CHECKING`` where no warning would say so."""
        skipped = (ROOT / "src" / "progression" / "__init__.py", Path(__file__))
        assert [] == python_uses("progression", {*MOVED, *RENAMED, *WITHDRAWN}, python_files(*skipped))
        renamed = {**RENAMED, **RENAMED_IN_FAMILY, **{name: (family, "") for name, (family, *_) in WITHDRAWN.items()}}
        for family in {family for family, _ in renamed.values()}:
            old = {name for name, (home, _) in renamed.items() if home == family}
            home = ROOT / "src" / "progression" / family
            mine = (home / "__init__.py", home.with_suffix(".py"), Path(__file__))
            assert [] == python_uses(f"progression.{family}", old, python_files(*mine))
