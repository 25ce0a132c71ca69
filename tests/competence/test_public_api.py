"""The competence pack's public surface changes only on purpose: the face of :mod:`progression_competence`, each
public submodule's ``__all__``, and the old names that moved, still importable for one release with a warning
naming their new home."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

import progression_competence as pc
from support.faces import ROOT, old_name_pattern, pages_using, python_files, python_uses

#: The face: what a player of the pack reaches for first.
EXPECTED = [
    "award", "build", "buy_quality", "buy_specialization", "default_settings", "degree", "level",
    "load_campaign", "load_settings", "new_character", "pack", "quote_quality", "raise_level",
    "roll_competence", "settle",
]  # fmt: skip

#: Each public submodule and its names, in the order of its ``__all__``.
MODULES = {
    "operations": [
        "award", "buy_quality", "buy_specialization", "new_character", "raise_level", "roll_competence", "settle",
    ],
    "queries": [
        "competences", "competences_listing", "completed_degrees", "completion_history", "completions_between",
        "cost_to_reach", "default_split", "degree", "level", "level_table", "qualities_of", "quality_table",
        "quote_quality", "roll_total", "specialization_costs",
    ],
    "campaigns": [
        "DEGREES", "POLICIES", "build", "default_settings", "example_campaign", "load_campaign",
        "load_settings", "pack_for", "structure_campaign", "structure_settings",
    ],
    "ids": [
        "degree_id", "level_id", "open_id", "pool_id", "quality_id", "raise_id", "specialization_id",
    ],
    "types": [
        "Campaign", "Competence", "CompetenceRoll", "Completion", "Degree", "LevelRow", "Quality", "Reach",
        "Settings", "Specialization",
    ],
}  # fmt: skip

#: The names renamed in this release, old -> (module, new name): importable under the old name from the face and
#: from the module, for one release, with a warning naming the new one.
RENAMED = {
    "completed": ("queries", "completed_degrees"),
    "completions": ("queries", "completions_between"),
    "listing": ("queries", "competences_listing"),
    "read_campaign": ("campaigns", "structure_campaign"),
    "read_settings": ("campaigns", "structure_settings"),
}

#: The names that left the API in this release, and what the warning says to use instead: ``competence_test``
#: rolled a test as :func:`progression_competence.roll_competence` does.
WITHDRAWN = {
    "competence_test": (
        "progression_competence.roll_competence(pack, sheet, competence, dice, specializations)[0] (the same test: "
        "it gives the sheet and the roll, and takes the dice before the specializations)"
    )
}

#: The names that left the face in this release, and the module each is imported from now: every name of a
#: submodule that is not on the face, and was not renamed on the way.
MOVED = {
    name: module
    for module, names in MODULES.items()
    for name in names
    if name not in EXPECTED and name not in {new for _, new in RENAMED.values()}
}


class TestFace:
    def test_all_is_pinned(self) -> None:
        """Adding or removing a public name is a deliberate change to this list."""
        assert EXPECTED == pc.__all__

    def test_all_is_sorted_and_importable(self) -> None:
        """``__all__`` is sorted (case-sensitive) and every name in it exists."""
        assert sorted(pc.__all__) == pc.__all__
        for name in pc.__all__:
            assert hasattr(pc, name), name

    def test_star_import_gives_the_face(self) -> None:
        """``from progression_competence import *`` gives the face and no moved name (so it warns about nothing)."""
        namespace: dict[str, object] = {}
        exec("from progression_competence import *", namespace)
        assert set(EXPECTED) == set(namespace) - {"__builtins__"}


class TestModules:
    @pytest.mark.parametrize("module", sorted(MODULES))
    def test_a_module_s_names_are_pinned(self, module: str) -> None:
        """Each public submodule's ``__all__`` changes only on purpose, is sorted, and every name in it exists."""
        loaded = importlib.import_module(f"progression_competence.{module}")
        assert MODULES[module] == loaded.__all__
        assert sorted(loaded.__all__) == loaded.__all__
        for name in loaded.__all__:
            assert hasattr(loaded, name), name
        assert loaded.__doc__
        assert getattr(pc, module) is loaded

    def test_a_name_of_the_face_is_its_module_s(self) -> None:
        """A name both on the face and in a submodule (``award``, ``level``) is the same object in both."""
        for module, names in MODULES.items():
            loaded = importlib.import_module(f"progression_competence.{module}")
            for name in set(names) & set(EXPECTED):
                assert getattr(pc, name) is getattr(loaded, name), (module, name)

    def test_every_name_has_one_home(self) -> None:
        """No name is in two submodules, and every name the face had before this release has a home: the face
        (``pack`` only there) or a submodule, under its name or a new one; or it left, for the name that does its
        work (``competence_test``)."""
        listed = [name for names in MODULES.values() for name in names]
        assert sorted(set(listed)) == sorted(listed)
        assert 51 == len(set(listed) | set(EXPECTED)) + len(WITHDRAWN)
        assert {"pack"} == set(EXPECTED) - set(listed)


class TestDeprecatedNames:
    @pytest.mark.parametrize("name", sorted(MOVED))
    def test_an_old_name_warns_and_names_its_new_home(self, name: str) -> None:
        """A name that moved still resolves from :mod:`progression_competence`, to the very same object, with a
        ``DeprecationWarning`` that names the module to import it from."""
        module = MOVED[name]
        message = f"progression_competence.{name} is deprecated: import it from progression_competence.{module}"
        with pytest.warns(DeprecationWarning, match=f"^{re.escape(message)}$"):
            old = getattr(pc, name)
        assert getattr(importlib.import_module(f"progression_competence.{module}"), name) is old

    @pytest.mark.parametrize("name", sorted(RENAMED))
    def test_a_renamed_name_warns_and_names_the_new_one(self, name: str) -> None:
        """A renamed name still resolves, from the face and from its module, to the new one, with a
        ``DeprecationWarning`` naming it; it is in no ``__all__``."""
        module_name, new = RENAMED[name]
        module = importlib.import_module(f"progression_competence.{module_name}")
        found = []
        for owner, where in ((pc, "progression_competence"), (module, module.__name__)):
            message = f"{where}.{name} is deprecated: use {module.__name__}.{new}"
            with pytest.warns(DeprecationWarning, match=f"^{re.escape(message)}$"):
                found.append(getattr(owner, name))
        assert ([getattr(module, new)] * 2, False) == (found, name in module.__all__)

    @pytest.mark.parametrize("name", sorted(WITHDRAWN))
    def test_a_withdrawn_name_warns_and_gives_the_same_object(self, name: str) -> None:
        """A name that left the API still gives, from the face and from ``operations``, the very object it gave,
        with a ``DeprecationWarning`` saying what to use instead."""
        found = []
        for owner in (pc, pc.operations):
            message = f"{owner.__name__}.{name} is deprecated: use {WITHDRAWN[name]}"
            with pytest.warns(DeprecationWarning, match=f"^{re.escape(message)}$"):
                found.append(getattr(owner, name))
        from progression_competence import _rolls

        assert [getattr(_rolls, name)] * 2 == found

    def test_an_old_name_warns_each_time(self) -> None:
        """The old name is never cached on the module, so that every import of it warns, not the first only."""
        for _ in range(2):
            with pytest.warns(DeprecationWarning, match="progression_competence.listing is deprecated"):
                from progression_competence import listing  # noqa: F401

    def test_an_unknown_name_is_an_attribute_error(self) -> None:
        """A name that never was on the face is refused as any module refuses it, without a warning."""
        with pytest.raises(AttributeError, match=r"^module 'progression_competence' has no attribute 'raise_levels'$"):
            pc.raise_levels  # noqa: B018

    def test_the_face_and_the_modules_do_not_warn(self) -> None:
        """The names that stay, and the submodules as attributes, load without a warning (the suite turns
        warnings into errors)."""
        for name in [*EXPECTED, *MODULES]:
            getattr(pc, name)


class TestNoOldNameInUse:
    def test_no_python_file_uses_an_old_name(self) -> None:
        """No module of the packs, the tests, the examples, the benchmarks or the docs' extensions imports a moved
        name from :mod:`progression_competence` or reads it as ``pc.<name>`` (whatever the module is imported as),
        not even under ``TYPE_CHECKING`` where no warning would say so."""
        assert [] == python_uses(
            "progression_competence",
            {*MOVED, *RENAMED, *WITHDRAWN},
            python_files(ROOT / "rulepacks/competence/src/progression_competence/__init__.py", Path(__file__)),
        )
        for module_name in {module for module, _ in RENAMED.values()} | {"operations"}:
            old = {name for name, (home, _) in RENAMED.items() if home == module_name} | (
                set(WITHDRAWN) if module_name == "operations" else set()
            )
            mine = (ROOT / f"rulepacks/competence/src/progression_competence/{module_name}.py", Path(__file__))
            assert [] == python_uses(f"progression_competence.{module_name}", old, python_files(*mine))

    def test_no_page_uses_an_old_name(self) -> None:
        """No page of the docs, nor the README, writes a moved name as ``pc.<name>``,
        ``progression_competence.<name>`` (a cross-reference too) or imports it from the face: the CHANGELOG
        alone, which lists the moves, names them."""
        assert [] == pages_using(old_name_pattern("progression_competence", "pc", {*MOVED, *RENAMED, *WITHDRAWN}))

    def test_the_page_scan_finds_an_old_name(self) -> None:
        """The pattern the page scan uses catches an old name, and leaves its new home and a name of the face."""
        old = old_name_pattern("progression_competence", "pc", MOVED, imports=False)
        assert ["pc.level_table"] == old.findall(
            "pc.level_table(pack, 'memory') pc.queries.level_table(pack, 'memory') pc.level(pack)"
        )
        assert [] == old.findall(
            ":func:`~progression_competence.queries.level_table` and ``progression_competence._costs``"
        )
