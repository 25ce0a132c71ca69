"""The Blood Bowl pack's public surface changes only on purpose: the face of :mod:`progression_bloodbowl`, each
public submodule's ``__all__``, and the old names that moved, still importable for one release with a warning
naming their new home."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

import progression_bloodbowl as bb
from support.faces import ROOT, old_name_pattern, pages_using, python_files, python_uses

#: The face: what a coach reaches for first.
EXPECTED = [
    "MatchRecord", "PostMatch", "advance", "create_team", "current_team_value", "draft", "fire", "hire",
    "new_league", "new_season", "open_league", "pack", "record_match", "standings", "team_value",
]  # fmt: skip

#: Each public submodule and its names, in the order of its ``__all__``.
MODULES = {
    "operations": [
        "PostMatch", "add_journeymen", "advance", "amend_match", "award_prize", "buy_staff", "cast_spell",
        "create_team", "draft", "draft_matched_play", "end_draft", "expensive_mistakes", "fire", "fire_staff",
        "hire", "hire_journeyman", "induce", "lose_trophy", "new_player", "new_season", "record_match",
        "record_outcome", "redraft", "release_journeymen", "remove_dead", "retire", "star_sheet",
        "update_fans",
    ],
    "queries": [
        "agent_fee", "check_match", "closed_matches", "current_team_value", "current_value", "held_inducements",
        "hireable", "inducement_budget", "league_points", "level_of", "match_entry", "match_notes",
        "must_advance", "notation", "price_inducements", "profile", "quote_matched_play", "redraft_budget",
        "results", "round_robin", "season_end_rolls", "seasons_played", "skill_points", "spent_from_treasury", "spp_account",
        "spp_prayers", "standings", "standings_lines", "star_eligibility", "team_value", "treasury_account",
        "winnings", "wizard_eligibility", "wizards",
    ],
    "spells": [
        "Outcome", "Piece", "Pitch", "Profile", "apothecary", "end_of_drive", "fireball", "frog_profile",
        "rolls_in", "set_up", "zap",
    ],
    "types": [
        "Budget", "Career", "Data", "Disagreement", "Explanation", "Fixture", "Item", "League", "LeagueAmendment",
        "LeagueAmendmentRefused", "LeagueCheck", "LeagueRebaseRefused", "MatchRecord", "MatchedPlayQuote", "Order", "Played", "PlayerLine",
        "Position", "Prayer", "Redraft", "Result", "ResultsDisagree", "Side", "Skill", "Standing", "Star", "Team",
        "Trait", "UnmatchedOpponent", "Wizard",
    ],
}  # fmt: skip

#: The names that left the face in this release, and the module each is imported from now: every name of a
#: submodule that is not on the face.
MOVED = {name: module for module, names in MODULES.items() for name in names if name not in EXPECTED}

#: The names renamed in this release, old -> (module, new name): vague out of context, they say what they do
#: now; the old name still resolves from the face and from the module, for one release, with a warning.
RENAMED = {
    "budget": ("queries", "inducement_budget"),
    "cast": ("operations", "cast_spell"),
    "closed": ("queries", "closed_matches"),
    "eligibility": ("queries", "star_eligibility"),
    "fielded": ("queries", "held_inducements"),
    "prayers": ("queries", "spp_prayers"),
    "price": ("queries", "price_inducements"),
    "prize": ("operations", "award_prize"),
}
for _, new in RENAMED.values():  # a new name was never on the face: not a moved one
    del MOVED[new]
#: The names new in this release, each in its submodule: never on the face, so not moved ones either.
NEW = {
    "Disagreement": "types",
    "LeagueAmendmentRefused": "types",
    "LeagueRebaseRefused": "types",
    "Redraft": "types",
    "ResultsDisagree": "types",
    "UnmatchedOpponent": "types",
    "season_end_rolls": "queries",
}
for name in NEW:
    del MOVED[name]


class TestFace:
    def test_all_is_pinned(self) -> None:
        """Adding or removing a public name is a deliberate change to this list."""
        assert EXPECTED == bb.__all__

    def test_all_is_sorted_and_importable(self) -> None:
        """``__all__`` is sorted (case-sensitive) and every name in it exists."""
        assert sorted(bb.__all__) == bb.__all__
        for name in bb.__all__:
            assert hasattr(bb, name), name

    def test_star_import_gives_the_face(self) -> None:
        """``from progression_bloodbowl import *`` gives the face and no moved name (so it warns about nothing)."""
        namespace: dict[str, object] = {}
        exec("from progression_bloodbowl import *", namespace)
        assert set(EXPECTED) == set(namespace) - {"__builtins__"}


class TestModules:
    @pytest.mark.parametrize("module", sorted(MODULES))
    def test_a_module_s_names_are_pinned(self, module: str) -> None:
        """Each public submodule's ``__all__`` changes only on purpose, is sorted, and every name in it exists."""
        loaded = importlib.import_module(f"progression_bloodbowl.{module}")
        assert MODULES[module] == loaded.__all__
        assert sorted(loaded.__all__) == loaded.__all__
        for name in loaded.__all__:
            assert hasattr(loaded, name), name
        assert loaded.__doc__
        assert getattr(bb, module) is loaded

    def test_a_name_of_the_face_is_its_module_s(self) -> None:
        """A name both on the face and in a submodule (``hire``, ``MatchRecord``) is the same object in both."""
        for module, names in MODULES.items():
            loaded = importlib.import_module(f"progression_bloodbowl.{module}")
            for name in set(names) & set(EXPECTED):
                assert getattr(bb, name) is getattr(loaded, name), (module, name)

    def test_every_name_has_one_home(self) -> None:
        """No name is in two submodules, and every name the face had before this release has a home: the face
        (``pack``, ``new_league`` and ``open_league`` only there) or a submodule."""
        listed = [name for names in MODULES.values() for name in names]
        assert sorted(set(listed)) == sorted(listed)
        assert 99 + len(NEW) == len(set(listed) | set(EXPECTED))
        assert {"new_league", "open_league", "pack"} == set(EXPECTED) - set(listed)


class TestDeprecatedNames:
    @pytest.mark.parametrize("name", sorted(MOVED))
    def test_an_old_name_warns_and_names_its_new_home(self, name: str) -> None:
        """A name that moved still resolves from :mod:`progression_bloodbowl`, to the very same object, with a
        ``DeprecationWarning`` that names the module to import it from."""
        module = MOVED[name]
        message = f"progression_bloodbowl.{name} is deprecated: import it from progression_bloodbowl.{module}"
        with pytest.warns(DeprecationWarning, match=f"^{re.escape(message)}$"):
            old = getattr(bb, name)
        assert getattr(importlib.import_module(f"progression_bloodbowl.{module}"), name) is old

    @pytest.mark.parametrize("name", sorted(RENAMED))
    def test_a_renamed_name_warns_and_names_the_new_one(self, name: str) -> None:
        """A renamed name still resolves, from the face and from its module, to the new one, with a
        ``DeprecationWarning`` naming it."""
        module, new = RENAMED[name]
        loaded = importlib.import_module(f"progression_bloodbowl.{module}")
        found = []
        for owner, where in ((bb, "progression_bloodbowl"), (loaded, f"progression_bloodbowl.{module}")):
            message = f"{where}.{name} is deprecated: use progression_bloodbowl.{module}.{new}"
            with pytest.warns(DeprecationWarning, match=f"^{re.escape(message)}$"):
                found.append(getattr(owner, name))
        assert [getattr(loaded, new)] * 2 == found
        assert name not in loaded.__all__

    def test_an_old_name_warns_each_time(self) -> None:
        """The old name is never cached on the module, so that every import of it warns, not the first only."""
        for _ in range(2):
            with pytest.warns(DeprecationWarning, match="progression_bloodbowl.induce is deprecated"):
                from progression_bloodbowl import induce  # noqa: F401

    def test_an_unknown_name_is_an_attribute_error(self) -> None:
        """A name that never was on the face is refused as any module refuses it, without a warning."""
        with pytest.raises(AttributeError, match=r"^module 'progression_bloodbowl' has no attribute 'hire_star'$"):
            bb.hire_star  # noqa: B018

    def test_the_face_and_the_modules_do_not_warn(self) -> None:
        """The names that stay, and the submodules as attributes, load without a warning (the suite turns
        warnings into errors)."""
        for name in [*EXPECTED, *MODULES]:
            getattr(bb, name)


class TestNoOldNameInUse:
    def test_no_python_file_uses_an_old_name(self) -> None:
        """No module of the packs, the tests, the examples, the benchmarks or the docs' extensions imports a moved
        name from :mod:`progression_bloodbowl` or reads it as ``bb.<name>`` (whatever the module is imported as),
        not even under ``TYPE_CHECKING`` where no warning would say so."""
        face = ROOT / "rulepacks/bloodbowl/src/progression_bloodbowl/__init__.py"
        assert [] == python_uses("progression_bloodbowl", {*MOVED, *RENAMED}, python_files(face, Path(__file__)))
        for module in {module for module, _ in RENAMED.values()}:
            old = {name for name, (home, _) in RENAMED.items() if home == module}
            own = face.with_name(f"{module}.py")
            assert [] == python_uses(f"progression_bloodbowl.{module}", old, python_files(face, own, Path(__file__)))

    def test_no_page_uses_an_old_name(self) -> None:
        """No page of the docs, nor the README, writes a moved name as ``bb.<name>``,
        ``progression_bloodbowl.<name>`` (a cross-reference too) or imports it from the face: the CHANGELOG
        alone, which lists the moves, names them."""
        assert [] == pages_using(old_name_pattern("progression_bloodbowl", "bb", {*MOVED, *RENAMED}))
        for module in {module for module, _ in RENAMED.values()}:
            old = {name for name, (home, _) in RENAMED.items() if home == module}
            assert [] == pages_using(old_name_pattern(f"progression_bloodbowl.{module}", f"bb.{module}", old))

    def test_the_page_scan_finds_an_old_name(self) -> None:
        """The pattern the page scan uses catches an old name, and leaves its new home and a name of the face."""
        old = old_name_pattern("progression_bloodbowl", "bb", MOVED, imports=False)
        assert ["bb.induce"] == old.findall("bb.induce(pack, team) bb.operations.induce(pack, team) bb.hire(pack)")
        assert [] == old.findall(
            ":func:`~progression_bloodbowl.queries.price_inducements` and ``progression_bloodbowl.team``"
        )
