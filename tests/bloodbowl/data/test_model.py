"""The data files: loaded, complete, and every problem of a broken file reported at once."""

from __future__ import annotations

import contextlib
import copy
import functools
import json
import tomllib
from importlib.resources import files
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import progression_bloodbowl as bb
from progression import RulePack, SeededDice
from progression.errors import ProgressionError, RulePackError
from progression_bloodbowl import _build
from progression_bloodbowl._pack import FUNCTIONS
from progression_bloodbowl.data.model import FILES, Data, read_data

from ..conftest import HUMANS


def texts() -> dict[str, str]:
    """The installed data files as text."""
    folder = files("progression_bloodbowl").joinpath("data")
    return {name: folder.joinpath(name).read_text(encoding="utf-8") for name in FILES}


class TestLoaded:
    def test_seventy_two_skills_in_six_categories(self, pack: RulePack) -> None:
        """Twelve skills in each of A, D, G, M, P, S; four elite skills."""
        data = pack.data
        assert dict.fromkeys("ADGMPS", 12) == {c: len(data.table_of(c)) for c in data.categories}
        assert ("block", "dodge", "guard", "mighty_blow") == data.rules.value.elite

    def test_thirty_rosters(self, pack: RulePack) -> None:
        """All 30 teams, each with a Lineman-keyword position."""
        data = pack.data
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

    @pytest.mark.parametrize(
        ("name", "old", "new", "expected"),
        [
            (
                "teams.toml",
                '["always_hungry", "loner:4"',
                '["always_hungry", "loner:²"',
                'teams.toml: the X of loner (X+) must be 2..6, got the text "loner:²" '
                "@ $.teams.chaos_chosen.positions[2].skills[1]",
            ),
            (
                "tables.toml",
                'rows = { 1 = ["av"],',
                'rows = { "²" = ["av"],',
                'tables.toml: expected a D8 result from 1 to 8 as a row\'s key, got the text "²" '
                "@ $.characteristic_improvement.rows.²",
            ),
            (
                "tables.toml",
                'dedicated_fans_loss_dice = "D3"',
                'dedicated_fans_loss_dice = "D³"',
                "tables.toml: expected dice such as 'D3' or '2D6', got 'D³' @ $.concede.dedicated_fans_loss_dice",
            ),
        ],
    )
    def test_a_digit_that_is_not_ascii(self, name: str, old: str, new: str, expected: str) -> None:
        """``²`` is a digit to ``str.isdigit`` but not to ``int``: in the data it is a problem at its key, not a bare
        ValueError."""
        text = texts()[name]
        assert old in text
        with pytest.raises(RulePackError) as caught:
            read_data({**texts(), name: text.replace(old, new, 1)})
        assert expected in [str(p) for p in caught.value.problems]

    def test_wrong_type(self) -> None:
        """A cost written as text is refused where it stands."""
        broken = texts()
        broken["tables.toml"] = broken["tables.toml"].replace("primary_skill = 20000", 'primary_skill = "20k"', 1)
        with pytest.raises(RulePackError, match=r"expected an integer, got '20k' @ \$.value_increase.primary_skill"):
            read_data(broken)


# -- data broken in its shapes: a value of another type anywhere -----------------------------


def toml_text(data: dict[str, Any]) -> str:
    """Parsed TOML written back as TOML (inline tables), so that any shape can be fed to the reader as text."""

    def value(item: Any) -> str:
        if isinstance(item, bool):
            return "true" if item else "false"
        if isinstance(item, int | float):
            return repr(item)
        if isinstance(item, str):
            return json.dumps(item)
        if isinstance(item, list):
            return "[" + ", ".join(value(i) for i in item) + "]"
        return "{" + ", ".join(f"{json.dumps(k)} = {value(v)}" for k, v in item.items()) + "}"

    return "".join(f"{json.dumps(key)} = {value(item)}\n" for key, item in data.items())


def key_paths(node: Any, at: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every key path under ``node``: table keys and list indexes."""
    if isinstance(node, dict):
        items: list[tuple[str | int, Any]] = list(node.items())
    elif isinstance(node, list):
        items = list(enumerate(node))
    else:
        return []
    return [path for key, child in items for path in [(*at, key), *key_paths(child, (*at, key))]]


PARSED = {name: tomllib.loads(text) for name, text in texts().items()}
PATHS = {name: key_paths(data) for name, data in PARSED.items()}
#: Values of every TOML type, plus the shapes the files nest (a table of texts, a list of tables).
ODD_VALUES = st.one_of(
    st.integers(-3, 300_000),
    st.booleans(),
    st.floats(-10, 10),
    st.text(max_size=4),
    st.lists(st.integers(0, 9) | st.text(max_size=3), max_size=2),
    st.dictionaries(st.sampled_from(["en", "fr", "from", "to", "id", "x"]), st.integers(0, 9) | st.text(max_size=3)),
    st.just([{}]),
)


@st.composite
def reshaped(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """One data file, parsed, with one value at any depth replaced by a value of another shape."""
    name = draw(st.sampled_from(FILES))
    *parents, last = draw(st.sampled_from(PATHS[name]))
    data = copy.deepcopy(PARSED[name])
    node: Any = data
    for key in parents:
        node = node[key]
    node[last] = draw(ODD_VALUES)
    return name, data


def with_file(name: str, text: str) -> dict[str, str]:
    broken = texts()
    broken[name] = text
    return broken


def problems_of(broken: dict[str, str]) -> list[str]:
    with pytest.raises(RulePackError) as caught:
        read_data(broken)
    return [str(p) for p in caught.value.problems]


class TestBrokenShapes:
    @pytest.mark.parametrize(
        ("name", "appended", "expected"),
        [
            (
                "skills.toml",
                "[skills]\nbogus = 3",
                "skills.toml: expected a skill's table, got the number 3 @ $.skills.bogus",
            ),
            (
                "skills.toml",
                "[traits]\nbogus = true",
                "skills.toml: expected a trait's table, got the boolean true @ $.traits.bogus",
            ),
            (
                "teams.toml",
                "[teams]\nbogus = 1.5",
                "teams.toml: expected a team's table, got the number 1.5 @ $.teams.bogus",
            ),
            (
                "stars.toml",
                '[stars]\nbogus = "x"',
                'stars.toml: expected a Star Player\'s table, got the text "x" @ $.stars.bogus',
            ),
            (
                "inducements.toml",
                "[inducements]\nbogus = 2",
                "inducements.toml: expected an inducement's table, got the number 2 @ $.inducements.bogus",
            ),
            (
                "inducements.toml",
                "[wizards.list]\nbogus = []",
                "inducements.toml: expected a wizard's table, got an empty list @ $.wizards.list.bogus",
            ),
        ],
    )
    def test_an_entry_that_is_not_a_table(self, name: str, appended: str, expected: str) -> None:
        """An entry of a section that is a number, a text or a list where a table is expected is a problem at its key."""
        assert expected in problems_of(with_file(name, texts()[name] + "\n" + appended + "\n"))

    @pytest.mark.parametrize(
        ("name", "path", "value", "expected"),
        [
            (
                "teams.toml",
                ("teams", "human"),
                True,
                "teams.toml: expected a team's table, got the boolean true @ $.teams.human",
            ),
            (
                "teams.toml",
                ("teams", "amazon", "positions", 0),
                3,
                "teams.toml: expected a position's table, got the number 3 @ $.teams.amazon.positions[0]",
            ),
            (
                "teams.toml",
                ("staff", "apothecary"),
                [1],
                "teams.toml: expected a staff entry's table, got the list [1] @ $.staff.apothecary",
            ),
            (
                "teams.toml",
                ("leagues", "chaos_clash"),
                1.5,
                "teams.toml: expected a league's table, got the number 1.5 @ $.leagues.chaos_clash",
            ),
            (
                "teams.toml",
                ("special_rules", "brawlin_brutes"),
                "x",
                'teams.toml: expected a special rule\'s table, got the text "x" @ $.special_rules.brawlin_brutes',
            ),
            (
                "skills.toml",
                ("categories", "A"),
                False,
                "skills.toml: expected a skill category's table, got the boolean false @ $.categories.A",
            ),
            (
                "tables.toml",
                ("results", "ko"),
                "KO",
                'tables.toml: expected a result\'s table, got the text "KO" @ $.results.ko',
            ),
            (
                "tables.toml",
                ("advancement", "levels", 0),
                "star",
                'tables.toml: expected a level\'s table, got the text "star" @ $.advancement.levels[0]',
            ),
        ],
    )
    def test_a_value_where_a_table_is_expected(
        self, name: str, path: tuple[str | int, ...], value: Any, expected: str
    ) -> None:
        """A value put where the file has an entry's table is refused at its key, naming the entry's table and the
        value in TOML's words (``the boolean true``, not Python's ``True``), and nothing else is said of it (not
        every key such a table should hold, reported missing)."""
        data = copy.deepcopy(PARSED[name])
        node: Any = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        problems = problems_of(with_file(name, toml_text(data)))
        assert expected in problems
        assert [] == [p for p in problems if "required key" in p]

    @pytest.mark.parametrize(
        ("old", "new", "expected"),
        [
            ("tier = 2\n", 'tier = "two"\n', ["expected an integer, got 'two' @ $.teams.bretonnian.tier"]),
            ('[[teams.amazon.positions]]\nid = "eagle_warrior"\n', "[[teams.amazon.positions]]\n", [
                "required key 'id' is missing @ $.teams.amazon.positions[0].id"
            ]),
        ],
    )  # fmt: skip
    def test_a_value_refused_is_not_refused_again_as_what_it_reads_as(
        self, old: str, new: str, expected: list[str]
    ) -> None:
        """A tier or a position id of the wrong type, or missing, is one problem: the stand-in it reads as (0, an
        empty text) is not refused a second time as a tier or an id the file never held."""
        assert [f"teams.toml: {e}" for e in expected] == problems_of(changed("teams.toml", old, new))

    def test_league_special_rules_that_are_not_lists(self) -> None:
        """A league's special rules given as a number (not a list of texts) are refused at their key."""
        text = texts()["teams.toml"].replace(
            "[teams.amazon]\n", "[teams.amazon]\nleague_special_rules = { lustrian = 3 }\n", 1
        )
        expected = "teams.toml: expected a list, got 3 @ $.teams.amazon.league_special_rules.lustrian"
        assert [expected] == problems_of(with_file("teams.toml", text))

    @pytest.mark.parametrize(
        ("old", "new", "expected"),
        [
            (
                'rows = { 1 = ["av"],',
                "rows = { 1 = 5,",
                [
                    "expected a list of the characteristics the result improves (ma, st, ag, pa, av), got the number 5 "
                    "@ $.characteristic_improvement.rows.1",
                    "expected one row for each D8 result 1..8 @ $.characteristic_improvement.rows",
                ],
            ),
            (
                'rows = [\n  ["minor_incident",',
                'rows = [\n  7, ["minor_incident",',
                [
                    "expected a list of result ids (averted, minor_incident, major_incident or catastrophe), got the number 7 "
                    "@ $.expensive_mistakes.rows[0]"
                ],
            ),
        ],
    )
    def test_a_row_that_is_not_a_list(self, old: str, new: str, expected: list[str]) -> None:
        """A row that is a number where a list is expected is named with its key path, not a builtin error."""
        text = texts()["tables.toml"]
        assert old in text
        problems = problems_of(with_file("tables.toml", text.replace(old, new, 1)))
        assert [f"tables.toml: {e}" for e in expected] == problems

    @settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(reshaped())
    def test_any_value_of_another_shape_is_a_progression_error(self, broken: tuple[str, dict[str, Any]]) -> None:
        """Whatever value of whatever type replaces a value of a data file, reading answers with the data or a
        ProgressionError whose problems name the pack's files."""
        name, data = broken
        try:
            read_data(with_file(name, toml_text(data)))
        except RulePackError as error:
            sources = {p.source for p in error.problems}
        else:
            sources = set()
        assert sources <= set(FILES)

    def test_the_writer_of_the_property_test_round_trips(self) -> None:
        """The TOML written back from each shipped file parses to the same data, and reads as the shipped data does."""
        assert PARSED == {name: tomllib.loads(toml_text(data)) for name, data in PARSED.items()}
        assert (
            read_data({name: toml_text(data) for name, data in PARSED.items()}).teams.keys()
            == read_data(texts()).teams.keys()
        )


class TestJourneymanTrait:
    @pytest.mark.parametrize(
        ("trait", "reason"),
        [
            ("lonr:4", "skill or trait 'lonr' is not defined in skills.toml"),
            ("loner", "trait 'loner' needs a parameter (target), written loner:<value>"),
            ("loner:9", 'the X of loner (X+) must be 2..6, got the text "loner:9"'),
        ],
    )
    def test_checked_like_a_profile(self, trait: str, reason: str) -> None:
        """The trait a journeyman gains is checked against the traits, as any profile's are."""
        text = texts()["teams.toml"].replace('trait = "loner:4"', f'trait = "{trait}"', 1)
        assert [f"teams.toml: {reason} @ $.roster_rules.journeymen.trait"] == problems_of(with_file("teams.toml", text))


# -- every number within its range -----------------------------------------------------------


def changed(name: str, old: str, new: str) -> dict[str, str]:
    """The shipped files with ``old`` replaced once by ``new`` in ``name`` (``old`` must be there)."""
    text = texts()[name]
    assert old in text, old
    return with_file(name, text.replace(old, new, 1))


class TestRanges:
    @pytest.mark.parametrize(
        ("old", "new", "expected"),
        [
            (
                "opponent_winnings = { fan_attendance_divisor = 1,",
                "opponent_winnings = { fan_attendance_divisor = 0,",
                ["expected an integer >= 1, got 0 @ $.concede.opponent_winnings.fan_attendance_divisor"],
            ),
            (
                "winner_score = 2",
                "winner_score = -2",
                ["expected a score above loser_score (0), got -2 @ $.concede.winner_score"],
            ),
            (
                "leaves_on = [1, 2, 3]",
                "leaves_on = [7, 9]",
                [
                    "expected a face of the D6, 1 to 6, got 7 @ $.concede.quit_check.leaves_on[0]",
                    "expected a face of the D6, 1 to 6, got 9 @ $.concede.quit_check.leaves_on[1]",
                ],
            ),
            (
                "opponent_mvps = 2",
                "opponent_mvps = -1",
                ["expected a number of MVPs from 0 to 6 ([spp].mvp_nominees), got -1 @ $.concede.opponent_mvps"],
            ),
        ],
    )
    def test_the_reviewers_concessions(self, old: str, new: str, expected: list[str]) -> None:
        """A divisor of 0, a winning score below the losing one, faces off the D6 and negative MVPs are refused
        when the pack loads, each at its key (they once gave a ZeroDivisionError, a 0-0 or passed silently)."""
        assert [f"tables.toml: {e}" for e in expected] == problems_of(changed("tables.toml", old, new))

    @pytest.mark.parametrize(
        ("old", "new", "expected"),
        [
            (
                "fan_attendance_divisor = 2",
                "fan_attendance_divisor = 0",
                ["expected an integer >= 1, got 0 @ $.winnings.fan_attendance_divisor"],
            ),
            (
                "lose_fraction_divisor = 2",
                "lose_fraction_divisor = -2",
                ["expected an integer >= 1, got -2 @ $.expensive_mistakes.major_incident.lose_fraction_divisor"],
            ),
            (
                'keep_dice = "2D6"',
                'keep_dice = "0D6"',
                [
                    "expected at least one die of at least 2 sides, got '0D6' @ $.expensive_mistakes.catastrophe.keep_dice"
                ],
            ),
            (
                "{ from = 300000, to = 395000 }",
                "{ from = 150000, to = 395000 }",
                [
                    "expected gold pieces above the band before (>= 200,001), got 150000 @ $.expensive_mistakes.bands[2].from"
                ],
            ),
            (
                "{ from = 9, to = 10, result",
                "{ from = 10, to = 10, result",
                ["expected 9 (rows cover 1 to 16 in order, once each), got 10 @ $.casualty.ranges[1].from"],
            ),
            (
                "{ from = 6, to = 6, result",
                "{ from = 6, to = 7, result",
                [
                    "expected a result from 6 to 6 (D6), got 7 @ $.lasting_injury.rows[4].to",
                    "expected rows covering 1 to 6 (D6), got rows up to 5 @ $.lasting_injury.rows",
                ],
            ),
            (
                'characteristic = "st" }',
                'characteristic = "str" }',
                ['expected one of ma, st, ag, pa, av, got the text "str" @ $.lasting_injury.rows[4].characteristic'],
            ),
            (
                'niggling_injury_removal = { die = "D6", target = 4',
                'niggling_injury_removal = { die = "D6", target = 7',
                ["expected a target on the D6, 1 to 6, got 7 @ $.off_season.niggling_injury_removal.target"],
            ),
            (
                "recommended_cap = 1300000",
                "recommended_cap = 900000",
                ["expected a cap >= base_budget (1,000,000), got 900000 @ $.redraft.recommended_cap"],
            ),
            (
                "chosen_primary = [6, 8, 12,",
                "chosen_primary = [6, 8, 5,",
                [
                    "expected SPP >= 8 (an advancement costs no less than the one before), got 5 "
                    "@ $.advancement.cost.chosen_primary[2]"
                ],
            ),
            (
                "pa_none_improves_to = 6",
                "pa_none_improves_to = 7",
                ["expected an integer from 1 to 6, got 7 @ $.characteristic_improvement.pa_none_improves_to"],
            ),
            (
                "d16 = 10",
                "d16 = 17",
                ["expected a result of the D16, 1 to 16, got 17 @ $.spp.prayers.perfect_passing.d16"],
            ),
            (
                "mvp_nominees = 6",
                "mvp_nominees = 7",
                ["expected 1 to 6 nominees (a D6 picks one), got 7 @ $.spp.mvp_nominees"],
            ),
            (
                "draw = 1\n",
                "draw = 4\n",
                ["expected points from 0 to win (3), got 4 @ $.league_points.draw"],
            ),
            (
                "conceded_0_touchdowns = 1,",
                "conceded_0_touchdowns = -1,",
                [
                    "expected a number of points >= 0, got the number -1 @ $.league_points.optional_bonus.conceded_0_touchdowns"
                ],
            ),
            (
                "ag = { best = 1, worst = 6 }",
                "ag = { best = 1, worst = 7 }",
                ["expected a target from best (1) to 6, got 7 @ $.characteristic_limits.ag.worst"],
            ),
            (
                "max = 7\n",
                "max = 0\n",
                ["expected an integer >= min (1), got 0 @ $.dedicated_fans.max"],
            ),
            (
                "turns_per_team = 16",
                "turns_per_team = 0",
                ["expected an integer >= 1, got 0 @ $.match_limits.turns_per_team"],
            ),
            (
                "max_at_draft = 3 ",
                "max_at_draft = 0 ",
                ["expected an integer from 1 to 7, got 0 @ $.dedicated_fans.max_at_draft"],
            ),
            (
                "max_at_draft = 3 ",
                "max_at_draft = 8 ",
                ["expected an integer from 1 to 7, got 8 @ $.dedicated_fans.max_at_draft"],
            ),
        ],
    )
    def test_other_tables(self, old: str, new: str, expected: list[str]) -> None:
        """Divisors, dice, bands, ranged tables, targets, caps, costs, prayers, nominees, points, limits and fans:
        each number out of its range is one problem at its key (no second one caused by the first)."""
        assert [f"tables.toml: {e}" for e in expected] == problems_of(changed("tables.toml", old, new))

    @pytest.mark.parametrize(
        ("old", "new", "expected"),
        [
            (
                "max_players = 16",
                "max_players = 10",
                ["expected an integer >= min_players_after_firing (11), got 10 @ $.roster_rules.max_players"],
            ),
            (
                "fill_to = 11",
                "fill_to = 17",
                ["expected an integer from 1 to 16, got 17 @ $.roster_rules.journeymen.fill_to"],
            ),
            (
                "cost = 10000\nmax = 6",
                "cost = -10000\nmax = 6",
                ["expected an integer >= 0, got -10000 @ $.staff.assistant_coach.cost"],
            ),
            (
                "price_multiplier_after_draft = 2",
                "price_multiplier_after_draft = 0",
                ["expected an integer >= 1, got 0 @ $.staff.reroll.price_multiplier_after_draft"],
            ),
        ],
    )
    def test_roster_rules_and_staff(self, old: str, new: str, expected: list[str]) -> None:
        """The roster's size, the journeymen's fill and the staff's prices in teams.toml are checked the same way."""
        assert [f"teams.toml: {e}" for e in expected] == problems_of(changed("teams.toml", old, new))


# -- any number of the rule tables out of range: refused when the pack loads, or played without a builtin error ----

#: The tables of tables.toml no code reads (the armour roll and the ball are rules text for now): not fuzzed.
_UNREAD = ("format", "armour", "ball")
#: Every integer of the data files but those of :data:`_UNREAD` (and ``format``), by file and key path.
NUMBERS = [
    (name, path)
    for name in FILES
    for path in PATHS[name]
    if path[0] not in (_UNREAD if name == "tables.toml" else ("format",))
    and type(functools.reduce(lambda node, key: node[key], path, PARSED[name])) is int
]
#: The three matches played on a pack that loads: won, conceded by the opponent, conceded by the team.
MATCHES = (
    bb.MatchRecord(
        number=1,
        opponent="Orcs",
        score=(2, 1),
        events={"1": {"touchdown": 1, "casualty": 1}, "3": {"completion": 1}},
        mvp_nominees=("1", "2", "3"),
        fan_attendance=9,
    ),
    bb.MatchRecord(number=1, opponent="Orcs", score=(1, 0), mvp_nominees=("3", "4"), conceded="them", fan_attendance=7),
    bb.MatchRecord(number=1, opponent="Orcs", score=(0, 1), conceded="us", fan_attendance=7),
)


@st.composite
def out_of_range(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """One data file, parsed, with one of its integers replaced by 0, a negative or a huge number."""
    name, (*parents, last) = draw(st.sampled_from(NUMBERS))
    data = copy.deepcopy(PARSED[name])
    node: Any = data
    for key in parents:
        node = node[key]
    node[last] = draw(st.sampled_from([0, -1, -100]) | st.integers(2**31, 2**62))
    return name, data


def play(data: Data) -> list[int]:
    """The pack built on ``data``: a Human team drafted, then each of :data:`MATCHES` and its whole post-match
    sequence (seeded dice); the treasury after each, or an error of the library's own when the data refuse it."""
    with mock.patch.object(_build, "shipped_data", return_value=data):
        pack = _build.build(FUNCTIONS)
    team = bb.draft(pack, "human", "Anvils", HUMANS, rerolls=2, apothecary=True, dedicated_fans=1, captain=0)
    treasuries = []
    for match in MATCHES:
        dice = SeededDice(1)
        post = bb.PostMatch.start(pack, team, match).record_outcome(dice).update_fans(dice)
        treasuries.append(post.expensive_mistakes(dice).prepare_next().commit().pools["treasury"])
    return treasuries


#: The files that repeat a number of a file (``stars.toml [rules]`` repeats the roster's maximum of teams.toml and
#: the Mercenaries' prices of inducements.toml): a number changed in one is a disagreement the other reports.
REPEATS = {"teams.toml": ("stars.toml",), "inducements.toml": ("stars.toml",)}


class TestOutOfRange:
    def test_the_shipped_data_play_the_three_matches(self) -> None:
        """The matches the property test plays are played through on the shipped data: a win (winnings then the
        Expensive Mistakes of 150,000 + 50,000), the opponent's concession, the team's own."""
        assert 3 == len(play(read_data(texts())))

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(out_of_range())
    def test_refused_when_loading_or_played(self, broken: tuple[str, dict[str, Any]]) -> None:
        """A number of the rule tables made 0, negative or huge: the pack refuses to load with a RulePackError
        naming the file, or it loads and the matches end in their results or in a refusal of the library's own,
        never a bare builtin error (ZeroDivisionError, IndexError...)."""
        name, data = broken
        loaded: Data | None = None
        try:
            loaded = read_data(with_file(name, toml_text(data)))
        except RulePackError as error:
            sources = {p.source for p in error.problems}
        else:
            sources = set()
        assert sources <= {name, *REPEATS.get(name, ())}
        if loaded is not None:
            with contextlib.suppress(ProgressionError):  # a refusal of the library's own: the data allow it
                play(loaded)


class TestRawRanges:
    @pytest.mark.parametrize(
        ("name", "old", "new", "expected"),
        [
            ("tables.toml", "width = 15", "width = 0", "tables.toml: expected an integer >= 1, got 0 @ $.pitch.width"),
            (
                "tables.toml",
                "3 = [1, -1]",
                "3 = [2, -1]",
                "tables.toml: expected a step [dx, dy] of -1, 0 or 1 each, got the list [2, -1] @ $.directions.d8.3",
            ),
            (
                "tables.toml",
                '{ from = 8, to = 9, result = "ko" }',
                '{ from = 9, to = 9, result = "ko" }',
                "tables.toml: expected 8 (rows cover 2 to 12 in order, once each), got 9 @ $.injury.standard[1].from",
            ),
            (
                "tables.toml",
                "hit_on = 4",
                "hit_on = 7",
                "tables.toml: expected a target on the D6, 1 to 6, got 7 @ $.spells.fireball.hit_on",
            ),
            (
                "inducements.toml",
                "treasury_top_up_max = 50000",
                "treasury_top_up_max = -50000",
                "inducements.toml: expected an integer >= 0, got -50000 @ $.petty_cash.treasury_top_up_max",
            ),
            (
                "stars.toml",
                "max_per_team = 2",
                "max_per_team = -1",
                "stars.toml: expected an integer >= 0, got -1 @ $.rules.max_per_team",
            ),
            (
                "stars.toml",
                "ag = 2\nav = 6",
                "ag = 2\nav = 12",
                "stars.toml: av 12 is outside the limits 3..11 @ $.stars.akhorne_the_squirrel.av",
            ),
            (
                "teams.toml",
                "pa = 4\nav = 8",
                "pa = 7\nav = 8",
                "teams.toml: pa 7 is outside the limits 6..1 @ $.teams.amazon.positions[0].pa",
            ),
        ],
    )
    def test_values_read_where_they_are_used(self, name: str, old: str, new: str, expected: str) -> None:
        """The pitch, the D8 directions, the 2D6 Injury tables, Fireball, petty cash, the Star Players a team
        induces, and every profile's characteristics (PA and Star Players included) are checked when the pack
        loads, though the code reads them raw or later."""
        assert [expected] == problems_of(changed(name, old, new))


class TestRollTablesNamed:
    @pytest.mark.parametrize(
        ("old", "new", "expected"),
        [
            ("ranges = [", "rangez = [", "required key 'ranges' is missing"),
            (
                '{ from = 1, to = 2, result = "head_injury"',
                '{ from = 1, to = 2, result = "headache"',
                'got the text "headache"',
            ),
            ('result = "stunned" }', 'result = "stunnd" }', "expected one of stunned, ko, badly_hurt, casualty"),
        ],
    )
    def test_refused_when_the_pack_loads(self, old: str, new: str, expected: str) -> None:
        """A Casualty table without its rows, an unknown Lasting Injury or Injury result: each was loaded and failed
        in a match with a builtin error; each is now a problem of the data, named."""
        text = texts()["tables.toml"]
        assert old in text
        problems = problems_of(with_file("tables.toml", text.replace(old, new, 1)))
        assert not any("not valid TOML" in problem for problem in problems)
        assert any(expected in problem for problem in problems), problems

    def test_no_band_of_treasury(self) -> None:
        """Expensive Mistakes with no band (and six empty rows) crashed at the first roll: refused at load."""
        text = texts()["tables.toml"]
        start = text.index("bands = [{ from = 100000")
        end = text.index("\n", start)
        rows_start = text.index('rows = [\n  ["minor_incident"')
        rows_end = text.index("\n]\n", rows_start) + 2
        broken = (
            text[:start] + "bands = []" + text[end:rows_start] + "rows = [[], [], [], [], [], []]" + text[rows_end:]
        )
        assert ["tables.toml: expected at least one band of treasury @ $.expensive_mistakes.bands"] == problems_of(
            with_file("tables.toml", broken)
        )
