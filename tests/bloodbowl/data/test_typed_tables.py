"""The inducements, stars and pitch tables, typed: every key read, what the code plays written only as it plays it,
what repeats another file agreeing with it, every reference resolving, and the rules following the data."""

from __future__ import annotations

import ast
import copy
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import progression
import progression_bloodbowl as bb
from progression import RulePack, ScriptedDice, Sheet
from progression.errors import LimitReached, RulePackError
from progression.events import Marked
from progression_bloodbowl.data.model import FILES, read_data
from progression_bloodbowl.spells import Pitch, Profile

from ..conftest import HUMANS
from .test_model import PARSED, PATHS, changed, problems_of, texts, toml_text

PACK_SOURCE = Path(bb.__file__).parent
LINEMAN = Profile(ma=6, st=3, ag=3, pa=4, av=9)


def _loaded(name: str, old: str, new: str) -> RulePack:
    """The pack built on the shipped data with one change."""
    return attrs.evolve(progression.load("bloodbowl"), data=read_data(changed(name, old, new)))


class TestPlayedOneWay:
    @pytest.mark.parametrize(
        ("name", "old", "new", "expected"),
        [
            (
                "inducements.toml",
                'die = "D16"',
                'die = "D8"',
                'inducements.toml: expected "D16" (the pack plays this rule so, and no data changes it), got "D8" '
                "@ $.inducements.prayers_to_nuffle.die",
            ),
            (
                "inducements.toml",
                'casualty_result = "badly_hurt"',
                'casualty_result = "dead"',
                'inducements.toml: expected "badly_hurt" (the pack plays this rule so, and no data changes it), '
                'got "dead" @ $.frog.casualty_result',
            ),
            (
                "inducements.toml",
                'receiver = "lower_ctv_team"',
                'receiver = "both_teams"',
                'inducements.toml: expected "lower_ctv_team" (the pack plays this rule so, and no data changes it), '
                'got "both_teams" @ $.petty_cash.receiver',
            ),
            (
                "stars.toml",
                "earn_spp = false",
                "earn_spp = true",
                "stars.toml: expected false (the pack plays this rule so, and no data changes it), got true "
                "@ $.rules.earn_spp",
            ),
            (
                "tables.toml",
                'hit_die = "D6"',
                'hit_die = "D8"',
                'tables.toml: expected "D6" (the pack plays this rule so, and no data changes it), got "D8" '
                "@ $.spells.fireball.hit_die",
            ),
            (
                "inducements.toml",
                "spells_per_game = 1",
                "spells_per_game = 2",
                "inducements.toml: expected 1 (the pack plays this rule so, and no data changes it), got 2 "
                "@ $.wizards.list.sports_wizard.spells_per_game",
            ),
            (
                "inducements.toml",
                'edition = "BB2020 Death Zone"\nconfirmed_bb2025 = false',
                'edition = "BB2020 Death Zone"\nconfirmed_bb2025 = true',
                "inducements.toml: expected false (the pack plays this rule so, and no data changes it), got true "
                "@ $.wizards.list.chaos_sorcerer.confirmed_bb2025",
            ),
        ],
    )
    def test_a_rule_written_another_way_is_refused(self, name: str, old: str, new: str, expected: str) -> None:
        """A key that says how a rule works, written otherwise than the code plays it, would read as a setting it is
        not: refused at its key."""
        assert [expected] == problems_of(changed(name, old, new))

    @pytest.mark.parametrize(
        ("old", "new", "got", "path"),
        [
            ('dice = "D16"', 'dice = "D20"', '"D20"', "$.casualty.dice"),
            ("value_change = 0", "value_change = -10000", "-10000", "$.lasting_injury.value_change"),
            ("star_players_earn = false", "star_players_earn = true", "true", "$.spp.star_players_earn"),
            ('die = "D8"', 'die = "D6"', '"D6"', "$.characteristic_improvement.die"),
            (
                "win = { change = 1, if_roll_at_least_current = true }",
                "win = { change = 2, if_roll_at_least_current = true }",
                "{ change = 2, if_roll_at_least_current = true }",
                "$.dedicated_fans.win",
            ),
            ('100000\ndie = "D6"', '100000\ndie = "D3"', '"D3"', "$.expensive_mistakes.die"),
            ("natural_auto_break = false", "natural_auto_break = true", "true", "$.armour.natural_auto_break"),
            ("[spells]\nper_game = 1", "[spells]\nper_game = 2", "2", "$.spells.per_game"),
            ('natural_6 = "success"', 'natural_6 = "fail"', '"fail"', "$.spells.zap.natural_6"),
            ("random_skill_rolls = 2", "random_skill_rolls = 3", "3", "$.advancement.random_skill_rolls"),
            (
                "after_max_advancements = false",
                "after_max_advancements = true",
                "true",
                "$.advancement.compulsory.after_max_advancements",
            ),
            (
                "random_equals_chosen = true",
                "random_equals_chosen = false",
                "false",
                "$.value_increase.random_equals_chosen",
            ),
            (
                "ctv_includes_journeymen = true",
                "ctv_includes_journeymen = 1",
                "1",
                "$.team_value.ctv_includes_journeymen",
            ),
            (
                "no_penalty_if_los_players_below = 3",
                "no_penalty_if_los_players_below = 2",
                "2",
                "$.concede.no_penalty_if_los_players_below",
            ),
            ('keep = "either"', 'keep = "first"', '"first"', "$.casualty.apothecary.keep"),
            ("in_ctv = false", "in_ctv = true", "true", "$.casualty.temporary_retirement.in_ctv"),
            (
                "spp_still_awarded = true",
                "spp_still_awarded = false",
                "false",
                "$.casualty.regeneration.spp_still_awarded",
            ),
            (
                'rolled_by = "opposing_coach"\nreroll_allowed = false\nclamp = true  # below',
                'rolled_by = "own_coach"\nreroll_allowed = false\nclamp = true  # below',
                '"own_coach"',
                "$.injury.rolled_by",
            ),
            ('"stunned_in_place"', '"reserves"', '"reserves"', "$.injury.ko_recovery.apothecary_on_ko"),
            ("neighbours = 8", "neighbours = 4", "4", "$.pitch.neighbours"),
            ("bounce_squares = 1", "bounce_squares = 2", "2", "$.ball.bounce_squares"),
            (
                "bounced = -1, thrown_in = -1",
                "bounced = 0, thrown_in = -1",
                "{ bounced = 0, thrown_in = -1, per_marking_opponent = -1 }",
                "$.ball.catch_modifiers",
            ),
        ],
    )
    def test_a_played_rule_of_the_tables_written_another_way_is_refused(
        self, old: str, new: str, got: str, path: str
    ) -> None:
        """The tables.toml keys that describe how the match, the post-match sequence and the spells are played: each
        written otherwise than the code plays it is refused at its key (one key of each such table)."""
        (problem,) = problems_of(changed("tables.toml", old, new))
        assert problem.startswith("tables.toml: expected ")
        assert problem.endswith(f"(the pack plays this rule so, and no data changes it), got {got} @ {path}")

    @pytest.mark.parametrize(
        ("old", "new", "got", "path"),
        [
            ("hired_keeps_spp = true", "hired_keeps_spp = false", "false", "$.roster_rules.journeymen.hired_keeps_spp"),
            (
                "eligible_position_max = 16",
                "eligible_position_max = 12",
                "12",
                "$.roster_rules.journeymen.eligible_position_max",
            ),
            ("value_multiplier = 1", "value_multiplier = 2", "2", "$.staff.reroll.value_multiplier"),
            (
                "requires_team_apothecary = true",
                "requires_team_apothecary = false",
                "false",
                "$.staff.apothecary.requires_team_apothecary",
            ),
            ('free_skill = "pro"', 'free_skill = "block"', '"block"', "$.special_rules.team_captain.free_skill"),
            ('god = "khorne"', 'god = "nurgle"', '"nurgle"', "$.special_rules.favoured_of_khorne.god"),
            (
                "lineman_cost_in_ctv = 0",
                "lineman_cost_in_ctv = 10000",
                "10000",
                "$.special_rules.low_cost_linemen.lineman_cost_in_ctv",
            ),
        ],
    )
    def test_a_played_rule_of_the_teams_written_another_way_is_refused(
        self, old: str, new: str, got: str, path: str
    ) -> None:
        """The same for the teams.toml keys of the journeymen, the staff and the team special rules."""
        (problem,) = problems_of(changed("teams.toml", old, new))
        assert problem.startswith("teams.toml: expected ")
        assert problem.endswith(f"(the pack plays this rule so, and no data changes it), got {got} @ {path}")

    def test_journeymen_join_up_to_the_number_they_fill(self) -> None:
        """``max_available`` says again what ``fill_to`` sets: the two must agree."""
        (problem,) = problems_of(changed("teams.toml", "max_available = 11", "max_available = 12"))
        assert problem == (
            "teams.toml: expected 11, as fill_to (journeymen join until 11 players can play, never more), got 12 "
            "@ $.roster_rules.journeymen.max_available"
        )

    def test_the_draft_and_firing_have_their_own_minimum(self) -> None:
        """``min_players`` is the fewest players of a drafted team, ``min_players_after_firing`` the fewest that
        firing may leave able to play (a league may draft 12 and still let a coach fire down to 11)."""
        pack = _loaded("teams.toml", "min_players = 11  # at draft", "min_players = 12  # at draft")
        assert (pack.data.rules.min_players, pack.data.rules.min_after_firing) == (12, 11)
        with pytest.raises(progression.errors.InvalidInput, match="a drafted team has 12 to 16 players, got 11"):
            bb.draft(pack, "human", "Short Bench", HUMANS)
        assert len(bb.draft(pack, "human", "Full Bench", [*HUMANS, ("human_lineman", "Lineman 7")]).members) == 12

    def test_the_key_left_out_is_the_rule_as_played(self) -> None:
        """Such a key may be left out: the data still load."""
        assert read_data(changed("inducements.toml", 'die = "D16"\n', "")).max_prayers == 3


class TestTheBooksTablesNoRulePlays:
    def test_a_value_the_pack_does_not_play_is_refused_with_the_books(self) -> None:
        """A table of the rulebook that no rule plays (Mighty Blow's armour modifier) cannot be changed: the change
        would change nothing. The message gives the book's value."""
        old = 'mighty_blow = { value = 1, applies_to = ["armour", "injury"]'
        (problem,) = problems_of(changed("tables.toml", old, old.replace("value = 1", "value = 2")))
        assert problem.startswith(
            'tables.toml: expected { value = 1, applies_to = ["armour", "injury"], choose_after_roll = true, '
            'trigger = "block_action_knock_down" } (the rulebook\'s, kept for readers: no rule of the pack plays it'
        )
        assert problem.endswith(
            'got { value = 2, applies_to = ["armour", "injury"], choose_after_roll = true, '
            'trigger = "block_action_knock_down" } @ $.armour.modifiers.mighty_blow'
        )

    @pytest.mark.parametrize(
        ("name", "old", "new", "path"),
        [
            (
                "tables.toml",
                "[armour.foul]\n",
                "[armour.foul]\nsent_off_on_any_double = true\n",
                "$.armour.foul.sent_off_on_any_double",
            ),
            ("tables.toml", "trapdoors_per_half = 1", "trapdoors_per_half = 2", "$.pitch.trapdoors_per_half"),
            (
                "tables.toml",
                "[casualty.getting_even]\n",
                "[casualty.getting_even]\nrepeat = true\n",
                "$.casualty.getting_even.repeat",
            ),
            (
                "tables.toml",
                "reduction = 10000",
                "reduction = 5000",
                "$.value_increase.hoeth_dedicated_option.reduction",
            ),
            (
                "teams.toml",
                "raised_max_st = 4",
                "raised_max_st = 5",
                "$.special_rules.masters_of_undeath.raised_max_st",
            ),
        ],
    )
    def test_each_such_key_and_table(self, name: str, old: str, new: str, path: str) -> None:
        """Each key kept for readers, changed or added to, is refused at its path."""
        (problem,) = problems_of(changed(name, old, new))
        assert problem.startswith(f"{name}: ")
        assert problem.endswith(f"@ {path}")

    def test_such_a_table_may_be_left_out(self) -> None:
        """What no rule plays may be left out of the files: the rules are the same."""
        table = "[casualty.getting_even]\n"
        text = texts()["tables.toml"]
        start = text.index(table)
        end = text.index("\n[", start + len(table))
        data = read_data({**texts(), "tables.toml": text[:start] + text[end + 1 :]})
        assert data.rules == progression.load("bloodbowl").data.rules


def _tables_of(name: str) -> list[tuple[str | int, ...]]:
    """The key path of every table of a shipped file (inline ones and those in lists too), the root's included."""
    return [(), *(path for path in PATHS[name] if isinstance(_at(PARSED[name], path), dict))]


def _at(node: Any, path: tuple[str | int, ...]) -> Any:
    for key in path:
        node = node[key]
    return node


def _dotted(path: tuple[str | int, ...]) -> str:
    return "$" + "".join(f"[{key}]" if isinstance(key, int) else f".{key}" for key in path)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FILES).flatmap(lambda name: st.tuples(st.just(name), st.sampled_from(_tables_of(name)))))
def test_a_key_added_to_any_table_is_refused(where: tuple[str, tuple[str | int, ...]]) -> None:
    """Whatever table of whatever file a key is added to, the data are refused at that key: nothing in the files
    is ignored (a key no rule reads could only be misread)."""
    name, path = where
    data = copy.deepcopy(PARSED[name])
    _at(data, path)["zz_added"] = 1
    problems = problems_of({**texts(), name: toml_text(data)})
    added = _dotted((*path, "zz_added"))
    at = [problem.rpartition(" @ ")[2] for problem in problems]
    # at the key, inside it, or at a key above it that holds a whole value (a rule's fixed table)
    assert any(_within(where, added) or _within(added, where) for where in at), problems


def _within(inner: str, outer: str) -> bool:
    """Whether the key path ``inner`` is ``outer`` or lies inside it."""
    return inner == outer or inner.startswith((f"{outer}.", f"{outer}[", f"{outer} "))


class TestEveryKeyRead:
    @pytest.mark.parametrize(
        ("name", "old", "new", "path"),
        [
            (
                "inducements.toml",
                "max = 8\ncost = 100000",
                "max = 8\ncost = 100000\nmaximum = 9",
                "$.inducements.extra_team_training.maximum",
            ),
            ("inducements.toml", "[frog]\n", "[frog]\nmv = 5\n", "$.frog.mv"),
            ("inducements.toml", "[petty_cash]\n", "[petty_cash]\ntop_up = 1\n", "$.petty_cash.top_up"),
            ("inducements.toml", "[wizards]\n", "[wizards]\nper_team = 2\n", "$.wizards.per_team"),
            ("stars.toml", "[rules]\n", "[rules]\nstars_per_team = 3\n", "$.rules.stars_per_team"),
            ("tables.toml", "hit_on = 4", "hit_on = 4\nhits_on = 3", "$.spells.fireball.hits_on"),
        ],
    )
    def test_an_unknown_key_is_refused(self, name: str, old: str, new: str, path: str) -> None:
        """A key no rule reads (a misspelling, a setting the pack does not have) is refused, never ignored."""
        (problem,) = problems_of(changed(name, old, new))
        assert problem.startswith(f"{name}: unknown key")
        assert problem.endswith(f"@ {path}")

    def test_only_three_inducements_are_priced_by_what_is_hired(self) -> None:
        """``cost_basis`` on a plain inducement is refused, naming the three it belongs to."""
        old = '[inducements.team_mascot]\nlabel = { en = "Team Mascot", fr = "Team Mascot" }\nmax = 1\ncost = 25000'
        new = old.replace("cost = 25000", 'cost_basis = "position"')
        assert [
            "inducements.toml: only mercenary_players (position), star_players (star), wizard (wizard) are priced by "
            "what is hired; give team_mascot a cost @ $.inducements.team_mascot.cost_basis",
            "inducements.toml: required key 'cost' is missing @ $.inducements.team_mascot.cost",
        ] == problems_of(changed("inducements.toml", old, new))

    def test_a_pair_needs_its_name(self) -> None:
        """A star hired as a pair without ``pair_label`` is refused (the pair's name is what a bill shows)."""
        broken = changed("stars.toml", 'pair_label = { en = "Dribl and Drull", fr = "Dribl and Drull" }\n', "")
        (problem,) = problems_of(broken)
        assert problem.endswith(".pair_label")
        assert "required for a star hired as a pair: the pair's name" in problem


class TestAgreement:
    @pytest.mark.parametrize(
        ("old", "new", "expected"),
        [
            (
                "roster_max = 16",
                "roster_max = 18",
                "stars.toml: expected 16, the roster's maximum (teams.toml), got 18 @ $.rules.roster_max",
            ),
            (
                "surcharge = 30000  # roster",
                "surcharge = 40000  # roster",
                "stars.toml: expected 30000, as inducements.toml [inducements.mercenary_players] surcharge says, "
                "got 40000 @ $.rules.mercenaries.surcharge",
            ),
            (
                'also_inducement = "infamous_coaching_staff_josef_bugman"',
                'also_inducement = "bribe"',
                "stars.toml: expected an inducement 'bribe' whose excludes_star is 'josef_bugman' "
                "@ $.rules.josef_bugman",
            ),
        ],
    )
    def test_a_number_kept_twice_agrees(self, old: str, new: str, expected: str) -> None:
        """What ``stars.toml [rules]`` repeats from another file must say the same, or the data do not load."""
        assert [expected] == problems_of(changed("stars.toml", old, new))

    def test_the_star_of_an_inducement_exists(self) -> None:
        """Josef Bugman misspelt in the inducement: not a star, and no longer the one ``[rules.josef_bugman]`` names."""
        assert [
            "stars.toml: expected an inducement 'infamous_coaching_staff_josef_bugman' whose excludes_star is "
            "'josef_bugman' @ $.rules.josef_bugman",
            "inducements.toml: 'josef_bugmann' is not a star of stars.toml "
            "@ $.inducements.infamous_coaching_staff_josef_bugman.excludes_star",
        ] == problems_of(
            changed("inducements.toml", 'excludes_star = "josef_bugman"', 'excludes_star = "josef_bugmann"')
        )

    @pytest.mark.parametrize(
        ("old", "new", "expected"),
        [
            (
                'requires = "masters_of_undeath"',
                'requires = "masters_of_undeth"',
                "inducements.toml: special rule 'masters_of_undeth' is not defined in teams.toml "
                "@ $.inducements.mortuary_assistant.requires",
            ),
            (
                "team_overrides = { halfling = { cost = 100000 } }",
                "team_overrides = { halflings = { cost = 100000 } }",
                "inducements.toml: roster 'halflings' is not a team of teams.toml "
                "@ $.inducements.halfling_master_chef.team_overrides.halflings",
            ),
            (
                'available_to = ["lustrian_superleague"]',
                'available_to = ["lustria"]',
                "inducements.toml: 'lustria' is not 'any', 'favoured_of', a league or a special rule "
                "@ $.wizards.list.slann_mage_priest.available_to[0]",
            ),
            (
                'skills = ["dodge", "leap", "no_ball", "stunty", "titchy", "very_long_legs"]',
                'skills = ["dodge", "hop"]',
                "inducements.toml: skill or trait 'hop' is not defined in skills.toml @ $.frog.skills[1]",
            ),
        ],
    )
    def test_every_reference_resolves(self, old: str, new: str, expected: str) -> None:
        """An inducement's special rule, roster and star, a wizard's leagues, the Frog's skills: each must exist."""
        problems = problems_of(changed("inducements.toml", old, new))
        assert [expected] == problems


class TestTheRulesFollowTheData:
    def test_the_petty_cash_top_up(self, team: Sheet) -> None:
        """The lower-CTV team adds from its treasury what ``treasury_top_up_max`` says."""
        pack = _loaded("inducements.toml", "treasury_top_up_max = 50000", "treasury_top_up_max = 20000")
        assert 20_000 == bb.queries.inducement_budget(pack, team, 2_000_000).treasury

    def test_an_override_of_a_roster_changes_the_maximum_too(self, pack: RulePack) -> None:
        """A roster's override may raise an inducement's maximum as a special rule's does."""
        changed_pack = _loaded(
            "inducements.toml",
            "team_overrides = { halfling = { cost = 100000 } }",
            "team_overrides = { halfling = { cost = 100000, max = 2 } }",
        )
        halflings = bb.create_team(pack, "halfling", "Greenfield Grasshuggers", treasury=2_000_000)
        order = bb.types.Order(items={"halfling_master_chef": 2})
        assert 200_000 == bb.queries.price_inducements(changed_pack, halflings, order).total
        with pytest.raises(LimitReached, match="at most 1 Halfling Master Chef"):
            bb.queries.price_inducements(pack, halflings, order)

    def test_stars_per_team(self, pack: RulePack, team: Sheet) -> None:
        """``max_per_team = 1`` lets a team hire one Star Player, not two."""
        one = _loaded("stars.toml", "max_per_team = 2", "max_per_team = 1")
        order = bb.types.Order(stars=("griff_oberwald", "the_mighty_zug"))
        assert 2 == len([i for i in bb.queries.price_inducements(pack, team, order).items if "Star" in i.rule])
        with pytest.raises(LimitReached, match="at most 1 Star Players"):
            bb.queries.price_inducements(one, team, order)

    def test_the_pitch_and_fireball(self) -> None:
        """The pitch's size and Fireball's target number are the data's: a 5 hits on 4+, not on 6+."""
        narrow = _loaded("tables.toml", "width = 15", "width = 11")
        assert (26, 11) == (Pitch.empty(narrow).length, Pitch.empty(narrow).width)
        hard = _loaded("tables.toml", "hit_on = 4", "hit_on = 6")
        pitch = Pitch.empty(hard).place(("home", "1"), "Hans", LINEMAN, (10, 7))
        said = [
            e.label for e in bb.spells.fireball(hard, pitch, (10, 7), ScriptedDice([5])).events if isinstance(e, Marked)
        ]
        assert ["Hans (home #1) is unaffected"] == said[1:]

    def test_the_frog(self) -> None:
        """The Frog's profile is the data's."""
        pack = _loaded("inducements.toml", "ma = 5\nst = 1", "ma = 4\nst = 1")
        assert 4 == bb.spells.frog_profile(pack).ma


def test_no_rule_reads_the_files_as_parsed() -> None:
    """``Data.raw`` is the files as shown (``RulePack.tables``): only the pack's builder reads it, never a rule."""
    readers = []
    for path in sorted(PACK_SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(n, ast.Attribute) and n.attr == "raw" for n in ast.walk(tree)):
            readers.append(path.relative_to(PACK_SOURCE).as_posix())
    assert ["_build.py"] == readers


class TestTheFilesGiven:
    def test_a_file_that_is_not_toml_is_its_only_problem(self) -> None:
        """A TOML syntax error is the one problem reported: the keys of the file are not then listed as missing."""
        assert ["stars.toml: not valid TOML: Invalid value (at line 7, column 16) @ $"] == problems_of(
            changed("stars.toml", "max_per_team = 2", "max_per_team = = 2")
        )

    def test_files_missing_unknown_or_not_text(self) -> None:
        """Each file missing is named once; a file the pack does not have, or no text, is refused as such."""
        given = {name: text for name, text in texts().items() if name != "teams.toml"}
        assert [
            "extra.toml: not a file of the pack's data; its files are skills.toml, teams.toml, stars.toml, "
            "inducements.toml, tables.toml @ $",
            "teams.toml: the file is missing @ $",
            "stars.toml: expected the TOML text of each data file, by file name, got bytes @ $",
        ] == problems_of({**given, "extra.toml": "x = 1", "stars.toml": b"[rules]"})  # type: ignore[dict-item]
        with pytest.raises(RulePackError, match="expected the TOML text of each data file, by file name, got None"):
            read_data(None)  # type: ignore[arg-type]

    def test_the_frog_within_the_characteristic_limits(self) -> None:
        """The Frog's profile is held to the limits every roster's and star's is."""
        assert ["inducements.toml: ma 99 is outside the limits 1..9 @ $.frog.ma"] == problems_of(
            changed("inducements.toml", "ma = 5\nst = 1", "ma = 99\nst = 1")
        )


class TestMoreOfEachRefusal:
    @pytest.mark.parametrize(
        ("name", "old", "new", "expected"),
        [
            (
                "inducements.toml",
                'cost_basis = "position"',
                'cost_basis = "star"',
                "inducements.toml: expected 'position': mercenary_players is priced by the position hired "
                "@ $.inducements.mercenary_players.cost_basis",
            ),
            (
                "inducements.toml",
                'spells = ["fireball", "zap"]',
                'spells = ["fireball", "lightning"]',
                'inducements.toml: expected a spell the pack models (fireball, zap), got the text "lightning" '
                "@ $.wizards.list.sports_wizard.spells[1]",
            ),
            (
                "inducements.toml",
                "team_overrides = { halfling = { cost = 100000 } }",
                "team_overrides = { halfling = 100000 }",
                "inducements.toml: expected a table of max and cost, got the number 100000 "
                "@ $.inducements.halfling_master_chef.team_overrides.halfling",
            ),
            (
                "stars.toml",
                'excludes = ["sylvanian_spotlight"]',
                'excludes = ["sylvania"]',
                "stars.toml: 'sylvania' is neither a league nor a special rule @ $.stars.morg_n_thorg.excludes[0]",
            ),
            (
                "stars.toml",
                "max_stars = { tier1 = 1,",
                "max_stars = { tier5 = 1, tier1 = 1,",
                "stars.toml: unknown key 'tier5'; expected one of: tier1, tier2, tier3, tier4 "
                "@ $.rules.matched_play.max_stars.tier5",
            ),
        ],
    )
    def test_refused_at_its_key(self, name: str, old: str, new: str, expected: str) -> None:
        """A priced inducement given another basis, a spell the pack does not model, an override that is no table,
        a star barred from what does not exist, a tier that is not one: each refused at its key, saying what was
        expected."""
        assert [expected] == problems_of(changed(name, old, new))
