"""Prayers to Nuffle and Violent Innovator: the SPP they change, the reasons that name them, the refusals."""

from __future__ import annotations

from importlib.resources import files
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import progression
import progression_bloodbowl as bb
from progression import Effect, RulePack, ScriptedDice, Sheet, replay, undo
from progression.errors import InvalidInput, RulePackError, UnknownName
from progression.events import Awarded, Member
from progression_bloodbowl.data.access import data_of
from progression_bloodbowl.data.model import FILES, read_data

#: The four prayers of the reference that change SPP.
ALL = ("perfect_passing", "dazzling_catching", "fan_interaction", "fouling_frenzy")
#: Three of them: as many as a team may have in a match.
THREE = ALL[:3]
#: Every event a prayer or Violent Innovator changes, for one player each: Hans the Thrower, Lena the Catcher,
#: Kurt the Catcher (crowd and foul), Lineman 1 (a Special Action).
EVENTS = {
    "3": {"completion": 3},
    "4": {"catch": 2, "touchdown": 1},
    "5": {"casualty_crowd": 2, "casualty_foul": 1},
    "6": {"casualty_special": 1},
}
RICH = 2_000_000


def _record(events: dict[str, dict[str, int]] = EVENTS, prayers: Any = (), **kw: Any) -> bb.MatchRecord:
    return bb.MatchRecord(
        **{"number": 1, "opponent": "Skaven", "score": (1, 0), "events": events, "prayers": prayers, **kw}
    )


def _spp(pack: RulePack, team: Sheet, record: bb.MatchRecord) -> dict[str, int]:
    """Each player's SPP after the outcome is recorded (no MVP nominees: no die is rolled)."""
    after = bb.operations.record_outcome(pack, team, record, ScriptedDice([]))
    return {member: after.member(member).pools["spp"] for member in record.events}


def _innovator(pack: RulePack, team: Sheet, member: str) -> Sheet:
    return pack.adjust(team, Effect(grants={"violent_innovator": 1}), reason="a Devious skill", member=member)


@pytest.fixture
def orcs(pack: RulePack) -> Sheet:
    """Eleven Orc Linemen: a Brawlin' Brutes team (casualty 3, touchdown 2)."""
    return bb.draft(pack, "orc", "Gutrippers", [("orc_lineman", f"Orc {n}") for n in range(1, 12)])


class TestPrayers:
    def test_none_in_effect(self, pack: RulePack, team: Sheet) -> None:
        """Without a prayer: completions 1 each, the catches, crowd, foul and Special Action casualties nothing."""
        assert {"3": 3, "4": 3, "5": 0, "6": 0} == _spp(pack, team, _record())

    def test_perfect_passing(self, pack: RulePack, team: Sheet) -> None:
        """Perfect Passing: three completions earn 2 each, 6; nothing else changes."""
        assert {"3": 6, "4": 3, "5": 0, "6": 0} == _spp(pack, team, _record(prayers=("perfect_passing",)))

    def test_dazzling_catching(self, pack: RulePack, team: Sheet) -> None:
        """Dazzling Catching: two catches from a Pass Action earn 1 each beside the touchdown's 3: 5."""
        assert {"3": 3, "4": 5, "5": 0, "6": 0} == _spp(pack, team, _record(prayers=("dazzling_catching",)))

    def test_fan_interaction(self, pack: RulePack, team: Sheet) -> None:
        """Fan Interaction: two casualties by pushing into the crowd earn 2 each; the foul's earns nothing."""
        assert {"3": 3, "4": 3, "5": 4, "6": 0} == _spp(pack, team, _record(prayers=("fan_interaction",)))

    def test_fouling_frenzy(self, pack: RulePack, team: Sheet) -> None:
        """Fouling Frenzy: a casualty from a Foul Action earns 2; the crowd's earn nothing."""
        assert {"3": 3, "4": 3, "5": 2, "6": 0} == _spp(pack, team, _record(prayers=("fouling_frenzy",)))

    def test_three_at_once(self, pack: RulePack, team: Sheet) -> None:
        """Three at once, in any order: 6, 3 + 2, 4 for the crowd (not the foul), nothing for a Special Action."""
        expected = {"3": 6, "4": 5, "5": 4, "6": 0}
        assert expected == _spp(pack, team, _record(prayers=THREE))
        assert expected == _spp(pack, team, _record(prayers=tuple(reversed(THREE))))

    def test_a_list_is_taken(self, pack: RulePack, team: Sheet) -> None:
        """A list of prayer ids is kept as a tuple."""
        assert ("perfect_passing",) == _record(prayers=["perfect_passing"]).prayers

    def test_brawlin_brutes_keep_the_prayers_numbers(self, pack: RulePack, orcs: Sheet) -> None:
        """An Orc team's crowd and foul casualties earn the prayers' 2, not the Brutes' casualty 3."""
        events = {"1": {"casualty_crowd": 1, "casualty_foul": 1}, "2": {"casualty": 1}}
        assert {"1": 4, "2": 3} == _spp(pack, orcs, _record(events, ("fan_interaction", "fouling_frenzy")))

    def test_reason_names_the_prayer(self, pack: RulePack, team: Sheet) -> None:
        """The award's reason, and so the player's SPP account, names the prayer and its D16 number."""
        after = bb.operations.record_outcome(pack, team, _record(prayers=ALL[1:]), ScriptedDice([]))
        lines = [str(item) for item in pack.contract.explanation("spp").function(pack, after, "4").items]
        expected = [
            "+5 match 1: 2 catch x 1 (Dazzling Catching, Prayer to Nuffle 11), 1 touchdown x 3 (SPP for match events)"
        ]
        assert expected == lines
        kurt = str(bb.queries.spp_account(pack, after, "5"))
        assert "2 casualty crowd x 2 (Fan Interaction, Prayer to Nuffle 12)" in kurt
        assert "1 casualty foul x 2 (Fouling Frenzy, Prayer to Nuffle 13)" in kurt

    def test_replay_and_undo(self, pack: RulePack, team: Sheet) -> None:
        """The outcome is one ledger entry: replaying it gives the same team, undoing it the team before."""
        after = bb.operations.record_outcome(pack, team, _record(prayers=THREE), ScriptedDice([]))
        assert after == replay(after.ledger)
        assert team == undo(after)

    def test_a_prayer_through_the_post_match_sequence(self, pack: RulePack, team: Sheet) -> None:
        """The sequence records the prayer's SPP in step 1 and takes them back with it."""
        post = bb.PostMatch.start(pack, team, _record(prayers=("perfect_passing",)))
        recorded = post.record_outcome(ScriptedDice([]))
        assert 6 == recorded.sheet.member("3").pools["spp"]
        assert team == recorded.undo().sheet


class TestViolentInnovator:
    def test_with_the_skill(self, pack: RulePack, team: Sheet) -> None:
        """A Special Action casualty by a player with Violent Innovator earns the casualty value, 2, and says why."""
        after = bb.operations.record_outcome(pack, _innovator(pack, team, "6"), _record(), ScriptedDice([]))
        assert 2 == after.member("6").pools["spp"]
        assert "1 casualty special x 2 (Violent Innovator)" in str(bb.queries.spp_account(pack, after, "6"))

    def test_without_the_skill(self, pack: RulePack, team: Sheet) -> None:
        """Another player's Special Action casualty still earns nothing, beside a team-mate who has the skill."""
        events = {"6": {"casualty_special": 1}, "7": {"casualty_special": 2}}
        assert {"6": 2, "7": 0} == _spp(pack, _innovator(pack, team, "6"), _record(events))

    def test_brawlin_brutes(self, pack: RulePack, orcs: Sheet) -> None:
        """An Orc with Violent Innovator earns the Brutes' casualty value: 3 for each."""
        events = {"1": {"casualty_special": 2}}
        assert {"1": 6} == _spp(pack, _innovator(pack, orcs, "1"), _record(events))

    def test_only_special_action_casualties(self, pack: RulePack, team: Sheet) -> None:
        """The skill changes no other event: crowd and foul casualties still earn nothing without their prayers."""
        events = {"6": {"casualty_crowd": 1, "casualty_foul": 1}}
        assert {"6": 0} == _spp(pack, _innovator(pack, team, "6"), _record(events))


class TestWhoEarnsNothing:
    def test_conceding_team(self, pack: RulePack, team: Sheet) -> None:
        """A team that concedes loses the game's SPP, prayers and skill included."""
        record = _record(prayers=ALL[1:], conceded="us")
        assert {"3": 0, "4": 0, "5": 0, "6": 0} == _spp(pack, _innovator(pack, team, "6"), record)

    def test_friendly(self, pack: RulePack, team: Sheet) -> None:
        """A friendly game earns no SPP, whatever the prayers."""
        assert {"3": 0, "4": 0, "5": 0, "6": 0} == _spp(pack, team, _record(prayers=THREE, kind="friendly"))

    def test_star_player(self, pack: RulePack, team: Sheet) -> None:
        """A Star Player's completions earn nothing under Perfect Passing; a team-mate's earn 2."""
        team = bb.operations.induce(
            pack,
            team,
            bb.types.Order(stars=("griff_oberwald",)),
            bb.queries.inducement_budget(pack, team, RICH),
            match=1,
        )
        events = {"griff_oberwald": {"completion": 2, "catch": 1}, "3": {"completion": 1}}
        record = _record(events, ("perfect_passing", "dazzling_catching"))
        after = bb.operations.record_outcome(pack, team, record, ScriptedDice([]))
        awards = [
            (event.member, event.event.amount)
            for event in after.ledger[-1].events  # the outcome's one entry: the star left in it, with nothing earned
            if isinstance(event, Member) and isinstance(event.event, Awarded)
        ]
        assert [("3", 2)] == awards


class TestRefusals:
    def test_unknown_prayer(self, pack: RulePack, team: Sheet) -> None:
        """A prayer that changes no SPP (or no prayer at all) is refused with the known ones listed."""
        with pytest.raises(UnknownName, match=r"'treacherous_trapdoor' .* expected one of: dazzling_catching, "):
            bb.operations.record_outcome(pack, team, _record(prayers=("treacherous_trapdoor",)), ScriptedDice([]))

    def test_duplicate(self, pack: RulePack, team: Sheet) -> None:
        """The same prayer twice is refused: the D16 table gives no duplicates."""
        record = _record(prayers=("fan_interaction", "perfect_passing", "fan_interaction"))
        with pytest.raises(
            InvalidInput, match=r"without duplicates, got 'fan_interaction' \(Fan Interaction, D16 12\) more than once"
        ):
            bb.operations.record_outcome(pack, team, record, ScriptedDice([]))

    @pytest.mark.parametrize("given", ["perfect_passing", ("perfect_passing", 10), {"perfect_passing": 1}])
    def test_not_a_tuple_of_ids(self, pack: RulePack, team: Sheet, given: object) -> None:
        """A single text, a number or a mapping is refused, with what came."""
        with pytest.raises(InvalidInput, match="prayers are a tuple of prayer ids such as"):
            bb.operations.record_outcome(pack, team, _record(prayers=given), ScriptedDice([]))

    def test_unplayed_fixture(self, pack: RulePack, team: Sheet) -> None:
        """A fixture nobody played had no prayers in effect."""
        record = bb.MatchRecord(number=2, opponent="Skaven", score=(0, 0), kind="unplayed", prayers=ALL[:1])
        with pytest.raises(InvalidInput, match="unplayed fixture, so no Prayers to Nuffle were in effect"):
            bb.operations.record_outcome(pack, team, record, ScriptedDice([]))

    def test_refused_in_the_post_match_sequence(self, pack: RulePack, team: Sheet) -> None:
        """The sequence refuses the record before it starts, so nothing is applied."""
        with pytest.raises(UnknownName, match="Prayer to Nuffle that changes SPP 'nope'"):
            bb.PostMatch.start(pack, team, _record(prayers=("nope",))).record_outcome(ScriptedDice([]))

    def test_a_fourth_prayer(self, pack: RulePack, team: Sheet) -> None:
        """Four prayers are refused: a team induces at most three, and the message says where that limit comes from."""
        expected = (
            "the record of match 1: a team has at most 3 Prayers to Nuffle in a match (the inducement "
            "prayers_to_nuffle, inducements.toml), got 4: perfect_passing, dazzling_catching, fan_interaction, "
            "fouling_frenzy"
        )
        with pytest.raises(InvalidInput) as error:
            bb.operations.record_outcome(pack, team, _record(prayers=ALL), ScriptedDice([]))
        assert expected == str(error.value)

    def test_the_limit_is_the_data_s(self, pack: RulePack, team: Sheet) -> None:
        """With the inducement's maximum at 2 in the data, three prayers are refused and two are taken."""
        two = attrs.evolve(data_of(pack), max_prayers=2)
        smaller = attrs.evolve(pack, data=two)
        team, _ = progression.rebase(team, smaller)  # other data are other rules: the team moves onto them
        with pytest.raises(InvalidInput, match="at most 2 Prayers to Nuffle in a match"):
            bb.operations.record_outcome(smaller, team, _record(prayers=THREE), ScriptedDice([]))
        assert {"3": 6, "4": 5, "5": 0, "6": 0} == _spp(smaller, team, _record(prayers=THREE[:2]))


def _texts(**changes: tuple[str, str]) -> dict[str, str]:
    """The installed data files as text, with ``file=(old, new)`` replaced once in a file."""
    folder = files("progression_bloodbowl").joinpath("data")
    found = {name: folder.joinpath(name).read_text(encoding="utf-8") for name in FILES}
    for name, (old, new) in changes.items():
        text = found[f"{name}.toml"]
        assert old in text
        found[f"{name}.toml"] = text.replace(old, new, 1)
    return found


def _problems(texts: dict[str, str]) -> list[str]:
    with pytest.raises(RulePackError) as error:
        read_data(texts)
    return [str(p) for p in error.value.problems]


class TestReadWhenThePackLoads:
    def test_typed_data(self, pack: RulePack) -> None:
        """The prayers, the limit and Violent Innovator's value are in the typed data, read once with the pack."""
        data = data_of(pack)
        assert (ALL, 3, "casualty") == (tuple(data.rules.prayers), data.max_prayers, data.rules.violent_innovator)
        assert {"catch": (1, True)} == data.rules.prayers["dazzling_catching"].changes

    def test_damaged_prayer_table(self) -> None:
        """A prayer without its D16 number or with an unknown key, and one that changes nothing: every problem named."""
        texts = _texts(
            tables=(
                "d16 = 10\ncompletion = 2\n",
                'completion = 2\nextra = 1\n\n[spp.prayers.x]\nlabel = { en = "X", fr = "X" }\nd16 = 3\n',
            )
        )
        expected = [
            "tables.toml: unknown key 'extra'; expected one of: label, d16, completion, catch_from_pass_bonus, "
            "casualty_pushed_into_crowd, casualty_from_foul @ $.spp.prayers.perfect_passing.extra",
            "tables.toml: required key 'd16' is missing @ $.spp.prayers.perfect_passing.d16",
            "tables.toml: a prayer that changes SPP names at least one of: completion, catch_from_pass_bonus, "
            "casualty_pushed_into_crowd, casualty_from_foul @ $.spp.prayers.x",
        ]
        assert expected == _problems(texts)

    @pytest.mark.parametrize(
        ("new", "expected"),
        [
            ("", "required key 'violent_innovator_special_action_casualty' is missing"),
            (
                'violent_innovator_special_action_casualty = "casualties"',
                "expected the key of a number of [spp] such as 'casualty', got the text \"casualties\"",
            ),
            ("violent_innovator_special_action_casualty = 2", "expected a text, got 2"),
        ],
    )
    def test_violent_innovator_s_value(self, new: str, expected: str) -> None:
        """Violent Innovator's value is a key of a number of [spp]; missing or wrong, it is refused when the data load."""
        texts = _texts(tables=('violent_innovator_special_action_casualty = "casualty"', new))
        assert [f"tables.toml: {expected} @ $.spp.violent_innovator_special_action_casualty"] == _problems(texts)

    def test_the_prayer_inducement_is_required(self) -> None:
        """Without the Prayers to Nuffle inducement the data have no limit on prayers: refused when they load."""
        renamed = ("[inducements.prayers_to_nuffle]", "[inducements.prayers_to_nuffle_x]")
        texts = _texts(inducements=renamed)
        expected = [  # the keys of how prayers are drawn mean nothing on another inducement
            *(
                f"inducements.toml: unknown key {key!r}; expected one of: label, max, cost, cost_basis, "
                "special_rule_overrides, team_overrides, requires, requires_team_apothecary, excludes_star "
                f"@ $.inducements.prayers_to_nuffle_x.{key}"
                for key in ("die", "duplicates_allowed")
            ),
            "inducements.toml: required: its max is the most Prayers to Nuffle a team has in a match "
            "@ $.inducements.prayers_to_nuffle",
        ]
        assert expected == _problems(texts)

    def test_the_limit_follows_the_data(self) -> None:
        """The inducement's max is the limit: 2 in the data, 2 in the typed data."""
        texts = _texts(inducements=('max = 3\ncost = 10000\ndie = "D16"', 'max = 2\ncost = 10000\ndie = "D16"'))
        assert 2 == read_data(texts).max_prayers

    def test_violent_innovator_must_be_a_skill(self) -> None:
        """The skill whose value [spp] gives must exist."""
        texts = _texts(skills=("[skills.violent_innovator]", "[skills.violent_innovatorx]"))
        assert (
            "skills.toml: the skill 'violent_innovator' is required: [spp] says what its Special Action casualty "
            "earns @ $.skills" in _problems(texts)
        )


counts = st.integers(min_value=0, max_value=4)


class TestProperties:
    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(
        completions=counts,
        catches=counts,
        crowd=counts,
        fouls=counts,
        chosen=st.lists(st.sampled_from(ALL), unique=True, max_size=len(ALL)),
    )
    def test_prayers_add_what_the_reference_says(
        self, pack: RulePack, team: Sheet, completions: int, catches: int, crowd: int, fouls: int, chosen: list[str]
    ) -> None:
        """Each prayer adds its events' SPP on top of the usual ones, whatever else is in effect:
        completion 2 instead of 1, catch +1, crowd and foul casualty 2 instead of 0 (reference section 1);
        more prayers than a team may have are refused, with nothing changed."""
        events = {"3": {"completion": completions, "catch": catches, "casualty_crowd": crowd, "casualty_foul": fouls}}
        without = _spp(pack, team, _record(events))["3"]
        added = {
            "perfect_passing": completions,
            "dazzling_catching": catches,
            "fan_interaction": 2 * crowd,
            "fouling_frenzy": 2 * fouls,
        }
        if len(chosen) > data_of(pack).max_prayers:
            with pytest.raises(InvalidInput, match="Prayers to Nuffle in a match"):
                _spp(pack, team, _record(events, tuple(chosen)))
            return
        assert without + sum(added[p] for p in chosen) == _spp(pack, team, _record(events, tuple(chosen)))["3"]
