"""The data files: loaded, complete, and every problem of a broken file reported at once."""

from __future__ import annotations

from importlib.resources import files

import pytest

from progression import RulePack
from progression.errors import RulePackError
from progression_bloodbowl._data import FILES, read_data


def texts() -> dict[str, str]:
    """The installed data files as text."""
    folder = files("progression_bloodbowl").joinpath("data")
    return {name: folder.joinpath(name).read_text(encoding="utf-8") for name in FILES}


class TestLoaded:
    def test_seventy_two_skills_in_six_categories(self, pack: RulePack) -> None:
        """Twelve skills in each of A, D, G, M, P, S; four elite skills."""
        data = pack.function("bloodbowl.data")()
        assert dict.fromkeys("ADGMPS", 12) == {c: len(data.table_of(c)) for c in data.categories}
        assert ("block", "dodge", "guard", "mighty_blow") == data.rules.value.elite

    def test_thirty_rosters(self, pack: RulePack) -> None:
        """All 30 teams, each with a Lineman-keyword position."""
        data = pack.function("bloodbowl.data")()
        assert 30 == len(data.teams)

    def test_names_in_two_languages(self, pack: RulePack) -> None:
        """Skills, positions and results are named in English and French."""
        assert ("Block", "Blocage") == (pack.name_of("block"), pack.name_of("block", "fr"))
        assert "Human Lineman" == pack.name_of("position.human.human_lineman")
        assert "Sonné" == pack.name_of("stunned", "fr")

    def test_french_names_of_positions_results_and_staff(self, pack: RulePack) -> None:
        """The French rules' words (Trois-quarts, Lanceur, Receveur, Commotion, Séquelle, Relance d'équipe); a
        position with no established French name keeps its English one."""
        names = {
            "position.human.human_lineman": "Trois-quarts humain",
            "position.orc.orc_thrower": "Lanceur orque",
            "position.wood_elf.wood_elf_catcher": "Receveur elfe sylvain",
            "position.dwarf.troll_slayer": "Tueur de trolls",
            "position.amazon.eagle_warrior": "Eagle Warrior",
            "badly_hurt": "Commotion",
            "lasting_injury": "Séquelle",
            "team_reroll": "Relance d'équipe",
        }
        assert names == {ident: pack.name_of(ident, "fr") for ident in names}

    def test_tables_hold_every_file(self, pack: RulePack) -> None:
        """The raw data of each file is in the pack's tables (stars and inducements included)."""
        assert {"skills", "teams", "stars", "inducements", "tables"} == set(pack.tables)
        assert 150_000 == pack.tables["inducements"]["wizards"]["list"]["sports_wizard"]["cost"]

    @pytest.mark.parametrize(
        ("advancement", "costs"),
        [
            ("random_primary", [3, 4, 6, 8, 10, 15]),
            ("chosen_primary", [6, 8, 12, 16, 20, 30]),
            ("chosen_secondary", [10, 12, 16, 20, 24, 34]),
            ("characteristic", [14, 16, 20, 24, 28, 38]),
        ],
    )
    def test_advancement_costs(self, pack: RulePack, advancement: str, costs: list[int]) -> None:
        """The reference's advancement table (section 2), first to sixth advancement; a seventh is past the end."""
        curve = pack.curve(advancement)
        assert (costs, 6) == ([curve.cost(n) for n in range(1, 7)], curve.last_step)


class TestBroken:
    def test_every_problem_at_once(self) -> None:
        """An unknown skill on a roster and a bad category are both reported, with file and key path."""
        broken = texts()
        broken["teams.toml"] = broken["teams.toml"].replace(
            'skills = ["dodge"]\nprimary = ["G"]', 'skills = ["dodgy"]\nprimary = ["X"]', 1
        )
        with pytest.raises(RulePackError) as caught:
            read_data(broken)
        messages = [str(p) for p in caught.value.problems]
        assert [
            "teams.toml: skill category 'X' is not one of A, D, G, M, P, S @ $.teams.amazon.positions[0]",
            "teams.toml: skill or trait 'dodgy' is not defined in skills.toml @ $.teams.amazon.positions[0].skills[0]",
        ] == messages

    def test_missing_file_and_bad_toml(self) -> None:
        """A missing file and a file that is not TOML are two problems."""
        broken = texts()
        del broken["stars.toml"]
        broken["inducements.toml"] = "format = = 1"
        with pytest.raises(RulePackError) as caught:
            read_data(broken)
        sources = {p.source for p in caught.value.problems}
        assert {"stars.toml", "inducements.toml"} <= sources

    def test_wrong_type(self) -> None:
        """A cost written as text is refused where it stands."""
        broken = texts()
        broken["tables.toml"] = broken["tables.toml"].replace("primary_skill = 20000", 'primary_skill = "20k"', 1)
        with pytest.raises(RulePackError, match=r"expected an integer, got '20k' @ \$.value_increase.primary_skill"):
            read_data(broken)
