"""Spending SPP: random and chosen skills, characteristic improvements, limits, bad input."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import progression
import progression_bloodbowl as bb
from progression import Effect, Entry, RulePack, ScriptedDice, SeededDice, Sheet, verify
from progression.cli.main import main
from progression.errors import (
    DecisionError,
    DiceError,
    InsufficientPoints,
    InvalidInput,
    LimitReached,
    RequirementNotMet,
)
from progression.events import Rolled
from progression_bloodbowl.data.access import data_of

#: The D8 table of the reference (section 4): the characteristics each roll lets a player improve.
D8 = {
    1: {"av"},
    2: {"av", "pa"},
    3: {"av", "ma", "pa"},
    4: {"av", "ma", "pa"},
    5: {"ma", "pa"},
    6: {"ag", "ma"},
    7: {"ag", "st"},
    8: {"ma", "st", "ag", "pa", "av"},
}


def with_spp(pack: RulePack, team: Sheet, member: str, amount: int) -> Sheet:
    """``team`` after ``amount`` SPP awarded to ``member``."""
    return pack.award(team, "spp", amount, reason="test award", member=member)


class TestRandomPrimary:
    def test_owned_skill_is_rolled_again(self, pack: RulePack, team: Sheet) -> None:
        """Block (General 1-1) is owned by a Blitzer: the roll is recorded and rolled again."""
        team = with_spp(pack, team, "1", 3)
        after = bb.advance(
            pack, team, "1", "random_primary", choice="G", dice=ScriptedDice([1, 1, 4, 2, 2, 3]), decisions=["fend"]
        )
        player = after.member("1")
        assert ((1, 1), (4, 2), (2, 3)) == tuple(
            e.results for e in after.ledger[-1].events[0].event.events if hasattr(e, "results")
        )
        assert player.has("fend")
        assert not player.has("strip_ball")
        assert "random_primary:fend" == player.tags["advancement.1"]

    def test_a_decision_typed_in_another_case_is_kept_as_its_id(self, pack: RulePack, team: Sheet) -> None:
        """``decisions=("FEND",)`` or by its name (``"Fend"``) keeps ``("fend",)`` in the operation, as its Decided
        event does: the entry's operation held the words as typed, so a history showed them."""
        team = with_spp(pack, team, "1", 3)
        for typed in ("FEND", "Fend"):
            dice = ScriptedDice([1, 1, 4, 2, 2, 3])
            after = bb.advance(pack, team, "1", "random_primary", choice="G", dice=dice, decisions=[typed])
            entry = after.ledger[-1]
            assert isinstance(entry, Entry)
            assert ("fend",) == entry.operation.decisions  # type: ignore[attr-defined]
            assert verify(after, pack).ok

    def test_the_purchase_continues_the_players_history_where_it_ends(self, pack: RulePack, team: Sheet) -> None:
        """The advancement's entry is appended where the player's ledger ends: the procedure ran on a trial of the
        payment (a scratch segment), so a league's histories do not branch at every advancement (a branch is a
        segment kept as long as the history)."""
        team = with_spp(pack, team, "1", 3)
        before = team.member("1").ledger
        dice = ScriptedDice([1, 2, 1, 3])
        grown = (
            bb.advance(pack, team, "1", "random_primary", choice="G", dice=dice, decisions=["fend"]).member("1").ledger
        )
        assert (len(before) + 1, True) == (len(grown), grown._segment is before._segment)

    def test_without_a_decision_the_purchase_waits(self, pack: RulePack, team: Sheet) -> None:
        """The coach keeps one of two skills: with no decision given the procedure pauses, then resumes."""
        team = with_spp(pack, team, "1", 3)
        paused = bb.advance(pack, team, "1", "random_primary", choice="G", dice=ScriptedDice([1, 2, 1, 3]))
        assert ("keep one of the two skills", ("dauntless", "fend")) == paused.member("1").pending.question
        done = pack.decide(paused, "dauntless", member="1")
        assert done.member("1").has("dauntless")
        assert 0 == done.member("1").pools["spp"]

    def test_same_skill_twice_is_imposed(self, pack: RulePack, team: Sheet) -> None:
        """Rolling Dauntless twice gives Dauntless with no question asked."""
        team = with_spp(pack, team, "1", 3)
        after = bb.advance(pack, team, "1", "random_primary", choice="G", dice=ScriptedDice([2, 2, 3, 2]))
        assert after.member("1").pending is None
        assert after.member("1").has("dauntless")

    def test_keeping_a_skill_not_rolled_is_refused(self, pack: RulePack, team: Sheet) -> None:
        """Only the two rolled skills may be kept."""
        team = with_spp(pack, team, "1", 3)
        with pytest.raises(DecisionError, match="the options are: dauntless, fend"):
            bb.advance(
                pack, team, "1", "random_primary", choice="G", dice=ScriptedDice([1, 2, 1, 3]), decisions=["wrestle"]
            )

    @settings(max_examples=25, deadline=None)
    @given(seed=st.integers(min_value=0, max_value=10_000), category=st.sampled_from(["G", "S"]))
    def test_random_skill_is_new_and_from_the_category(self, pack: RulePack, seed: int, category: str) -> None:
        """Whatever the dice, a random primary skill is one the Blitzer lacked, from the chosen category."""
        team = bb.draft(pack, "human", "T", [("human_blitzer", "B")] + [("human_lineman", f"L{n}") for n in range(10)])
        team = pack.award(team, "spp", 3, reason="test", member="1")
        before = set(team.member("1").owned)
        after = bb.advance(pack, team, "1", "random_primary", choice=category, dice=SeededDice(seed))
        rolls = [e for e in after.ledger[-1].events[0].event.events if isinstance(e, Rolled)]  # type: ignore[attr-defined]
        event(f"{category}: an owned skill rolled again" if len(rolls) > 2 else f"{category}: no roll again")
        player = after.member("1")
        if player.pending is not None:
            after = pack.decide(after, player.pending.question[1][0], member="1")
            player = after.member("1")
        (gained,) = set(player.owned) - before
        assert category == pack.data.skills[gained].category


class TestLimits:
    def test_sixth_advancement_then_a_seventh_is_refused(self, pack: RulePack, team: Sheet) -> None:
        """Six advancements reach Legend; a seventh cannot be priced and is refused with nothing changed."""
        team = with_spp(pack, team, "6", 6 + 8 + 12 + 16 + 20 + 30 + 15)
        for skill in ("dauntless", "fend", "kick", "pro", "steady_footing", "strip_ball"):
            team = bb.advance(pack, team, "6", "chosen_primary", choice=skill)
        player = team.member("6")
        assert 6 == player.stats["advancements"]
        assert 15 == player.pools["spp"]
        assert "Legend" == bb.queries.level_of(pack, player).en
        with pytest.raises(
            LimitReached,
            match=r"has no price past Advancements 6: its curve .random_primary. prices steps 1 to 6, and Advancements is 6",
        ):
            bb.advance(pack, team, "6", "random_primary", choice="G", dice=ScriptedDice([1, 1, 1, 1]))

    def test_experience_levels_follow_the_advancements(self, pack: RulePack, team: Sheet) -> None:
        """Rookie, then Experienced, Veteran, Emerging Star, Star, Superstar, Legend."""
        team = with_spp(pack, team, "6", 100)
        levels = [bb.queries.level_of(pack, team.member("6")).en]
        for skill in ("dauntless", "fend", "kick", "pro", "steady_footing", "strip_ball"):
            team = bb.advance(pack, team, "6", "chosen_primary", choice=skill)
            levels.append(bb.queries.level_of(pack, team.member("6")).en)
        assert ["Rookie", "Experienced", "Veteran", "Emerging Star", "Star", "Superstar", "Legend"] == levels

    def test_third_improvement_of_a_characteristic_is_not_offered(self, pack: RulePack, team: Sheet) -> None:
        """MA 6 improved twice is MA 8, still under its limit of 9: yet a third MA improvement is refused, since a
        characteristic improves at most twice. A D8 of 5 (MA or PA) then offers PA only, and deciding MA is refused."""
        team = with_spp(pack, team, "6", 14 + 16 + 20)
        team = bb.advance(pack, team, "6", "characteristic", dice=ScriptedDice([5]), decisions=["ma"])
        team = bb.advance(pack, team, "6", "characteristic", dice=ScriptedDice([6]), decisions=["ma"])
        assert (8, 2) == (team.member("6").stats["ma"], team.member("6").stats["ma_up"])
        paused = bb.advance(pack, team, "6", "characteristic", dice=ScriptedDice([5]))
        label, options = paused.member("6").pending.question
        assert ("D8 5: improve PA, or take a skill instead", {"pa"}) == (label, set(options) & D8[8])
        with pytest.raises(
            DecisionError, match="'ma' is not an option for 'D8 5: improve PA, or take a skill instead'"
        ):
            pack.decide(paused, "ma", member="6")

    def test_a_characteristic_at_its_limit_after_two_improvements(self, pack: RulePack, team: Sheet) -> None:
        """AV 9+ improved twice is AV 11+, its limit: a D8 of 1 (AV only) offers no characteristic, only skills."""
        team = with_spp(pack, team, "6", 14 + 16 + 20)
        team = bb.advance(pack, team, "6", "characteristic", dice=ScriptedDice([1]), decisions=["av"])
        team = bb.advance(pack, team, "6", "characteristic", dice=ScriptedDice([2]), decisions=["av"])
        assert (11, 2) == (team.member("6").stats["av"], team.member("6").stats["av_up"])
        paused = bb.advance(pack, team, "6", "characteristic", dice=ScriptedDice([1]))
        label, options = paused.member("6").pending.question
        assert ("D8 1: improve no characteristic, or take a skill instead", set()) == (label, set(options) & D8[8])

    @pytest.mark.parametrize(
        ("characteristic", "best"), [("ma", "9"), ("st", "8"), ("ag", "1+"), ("pa", "1+"), ("av", "11+")]
    )
    def test_characteristic_at_its_limit_is_not_offered(
        self, pack: RulePack, team: Sheet, characteristic: str, best: str
    ) -> None:
        """The limits of the reference (section 4): MA 9, ST 8, AG 1+, PA 1+, AV 11+. A Lineman set one step
        short improves once to the limit (D8 8, any), and on the next D8 8 that characteristic is no longer offered."""
        start = {"ma": 8, "st": 7, "ag": 2, "pa": 2, "av": 10}[characteristic]  # one step short of the limit
        change = start - team.member("6").stats[characteristic]
        team = pack.adjust(team, Effect(stats={characteristic: change}), reason="test: one short", member="6")
        team = with_spp(pack, team, "6", 14 + 16)
        team = bb.advance(pack, team, "6", "characteristic", dice=ScriptedDice([8]), decisions=[characteristic])
        player = team.member("6")
        assert (best, 1) == (
            bb.queries.notation(characteristic, player.stats[characteristic]),
            player.stats[f"{characteristic}_up"],
        )
        paused = bb.advance(pack, team, "6", "characteristic", dice=ScriptedDice([8]))
        assert {"ma", "st", "ag", "pa", "av"} - {characteristic} == set(paused.member("6").pending.question[1]) & D8[8]

    @pytest.mark.parametrize("roll", range(1, 9))
    def test_d8_table(self, pack: RulePack, team: Sheet, roll: int) -> None:
        """A Lineman, who may still improve everything, is offered exactly the characteristics of the D8's row."""
        paused = bb.advance(pack, with_spp(pack, team, "6", 14), "6", "characteristic", dice=ScriptedDice([roll]))
        assert D8[roll] == set(paused.member("6").pending.question[1]) & D8[8]

    def test_pa_dash_improves_to_six_plus(self, pack: RulePack) -> None:
        """A player with PA "-" who improves PA gets PA 6+ (the rulings page)."""
        team = bb.draft(
            pack, "goblin", "Gutbusters", [("looney", "Loony")] + [("goblin_lineman", f"G{n}") for n in range(1, 11)]
        )
        looney = "1"
        assert "-" == bb.queries.notation("pa", team.member(looney).stats["pa"])
        team = with_spp(pack, team, looney, 14)
        team = bb.advance(pack, team, looney, "characteristic", dice=ScriptedDice([2]), decisions=["pa"])
        assert "6+" == bb.queries.notation("pa", team.member(looney).stats["pa"])

    def test_skill_instead_of_characteristic_keeps_the_spp_spent(self, pack: RulePack, team: Sheet) -> None:
        """Taking a secondary skill instead of the rolled characteristic: 14 SPP gone, Dodge gained, valued as secondary."""
        team = with_spp(pack, team, "6", 14)
        team = bb.advance(pack, team, "6", "characteristic", dice=ScriptedDice([1]), decisions=["dodge"])
        player = team.member("6")
        assert (0, True) == (player.pools["spp"], player.has("dodge"))
        assert 50_000 + 40_000 + 10_000 == bb.queries.current_value(pack, player).total


class TestSecondaryAccess:
    def test_the_loren_forest_treeman_takes_passing_skills(self, pack: RulePack) -> None:
        """The Loren Forest Treeman's secondary categories are A, G and P (the printed roster's transcription):
        Accurate (P) may be his chosen secondary skill, as Dodge (A) may."""
        players = [("loren_forest_treeman", "Oakheart")] + [("wood_elf_lineman", f"L{n}") for n in range(10)]
        team = bb.draft(pack, "wood_elf", "Athelorn Avengers", players)
        team = pack.award(team, "spp", 10, reason="test", member="1")
        quotes = [pack.quote(team, "chosen_secondary", choice=skill, member="1").ok for skill in ("accurate", "dodge")]
        assert ([True, True], ("A", "G", "P")) == (
            quotes,
            data_of(pack).teams["wood_elf"].position("loren_forest_treeman").secondary,
        )


class TestPrices:
    @pytest.mark.parametrize("taken", range(6))
    def test_price_follows_the_advancements_taken(self, pack: RulePack, team: Sheet, taken: int) -> None:
        """A player with ``taken`` advancements pays the next row of the reference's table for each type."""
        table = {
            "random_primary": (3, 4, 6, 8, 10, 15),
            "chosen_primary": (6, 8, 12, 16, 20, 30),
            "chosen_secondary": (10, 12, 16, 20, 24, 34),
            "characteristic": (14, 16, 20, 24, 28, 38),
        }
        if taken:
            team = pack.adjust(
                team, Effect(stats={"advancements": taken}), reason="test: earlier advancements", member="6"
            )
        choices = {"random_primary": "G", "chosen_primary": "dauntless", "chosen_secondary": "guard"}
        assert {kind: row[taken] for kind, row in table.items()} == {
            kind: pack.quote(team, kind, choice=choices.get(kind), member="6").price for kind in table
        }


class TestImprovements:
    @pytest.mark.parametrize(
        ("characteristic", "change", "value"),
        [("ma", +1, 20_000), ("st", +1, 60_000), ("ag", -1, 30_000), ("pa", -1, 20_000), ("av", +1, 10_000)],
    )
    def test_each_characteristic_one_better_and_its_value(
        self, pack: RulePack, team: Sheet, characteristic: str, change: int, value: int
    ) -> None:
        """D8 8 allows any: MA and ST +1, AG 3+ -> 2+ and PA 4+ -> 3+ (the number goes down), AV 9+ -> 10+;
        the Current Value grows by MA 20k, ST 60k, AG 30k, PA 20k, AV 10k."""
        before = team.member("6")
        team = bb.advance(
            pack,
            with_spp(pack, team, "6", 14),
            "6",
            "characteristic",
            dice=ScriptedDice([8]),
            decisions=[characteristic],
        )
        after = team.member("6")
        assert (change, 1) == (
            after.stats[characteristic] - before.stats[characteristic],
            after.stats[f"{characteristic}_up"],
        )
        assert value == bb.queries.current_value(pack, after).total - bb.queries.current_value(pack, before).total

    @pytest.mark.parametrize(
        ("member", "skill", "value"),
        [
            ("6", "block", 30_000),
            ("6", "wrestle", 20_000),
            ("6", "guard", 50_000),
            ("6", "mighty_blow", 50_000),
            ("6", "dodge", 50_000),
            ("6", "brawler", 40_000),
            ("6", "sure_feet", 40_000),
        ],
    )
    def test_skill_values_with_the_elite_surcharge(
        self, pack: RulePack, team: Sheet, member: str, skill: str, value: int
    ) -> None:
        """A Lineman (G primary, A D S secondary): primary 20k, secondary 40k, and 10k more for an elite skill
        (Block, Dodge, Guard, Mighty Blow)."""
        kind = "chosen_primary" if skill in ("block", "wrestle") else "chosen_secondary"
        before = bb.queries.current_value(pack, team.member(member)).total
        team = bb.advance(pack, with_spp(pack, team, member, 10), member, kind, choice=skill)
        assert value == bb.queries.current_value(pack, team.member(member)).total - before


class TestOptionsAsked:
    @pytest.mark.parametrize("upgrade", ["random_primary", "chosen_primary", "chosen_secondary"])
    def test_a_choice_asked_alone_is_answered_as_the_list_would(
        self, pack: RulePack, team: Sheet, upgrade: str
    ) -> None:
        """Asked about one choice (a quote's), each advancement's options function answers that choice alone
        exactly when the whole list holds it, for every player of the team and every skill and category (owned,
        primary, secondary, of no access), and for what is no option at all."""
        from progression.authoring import ProcedureContext

        options = pack.functions[str(pack.upgrade(upgrade).options)]
        names = sorted({*data_of(pack).skills, *data_of(pack).categories, "", "block ", "G:", "zz"})
        for member, player in sorted(team.members.items()):

            def listed(choice: str | None, player: Sheet = player) -> tuple[str, ...]:
                return tuple(options(ProcedureContext(sheet=player, choice=choice, pack=pack, roster=team)))

            every = listed(None)
            assert every, f"{upgrade} offers nothing to #{member}"
            for asked in names:
                assert ((asked,) if asked in every else ()) == listed(asked), (member, asked)

    def test_a_quote_asks_about_its_choice_alone(self, pack: RulePack, team: Sheet) -> None:
        """A Lineman's chosen primary skill is quoted by testing that skill, not by listing the General table."""
        rich = with_spp(pack, team, "6", 6)
        assert (True, False) == (
            pack.quote(rich, "chosen_primary", choice="dauntless", member="6").ok,
            pack.quote(rich, "chosen_primary", choice="guard", member="6").ok,
        )


class TestBadInput:
    def test_missing_choice(self, pack: RulePack, team: Sheet) -> None:
        """A random skill without its category says what to give, not that None is not a category."""
        team = with_spp(pack, team, "1", 10)
        with pytest.raises(
            InvalidInput,
            match=r"random primary for Griselda \(Human Blitzer\) needs a choice: a primary skill category",
        ):
            bb.advance(pack, team, "1", "random_primary")

    def test_unknown_skill(self, pack: RulePack, team: Sheet) -> None:
        """A skill that does not exist is refused by name."""
        team = with_spp(pack, team, "1", 10)
        with pytest.raises(InvalidInput, match="'blok' is not a skill of the pack"):
            bb.advance(pack, team, "1", "chosen_primary", choice="blok")

    def test_trait_cannot_be_learned(self, pack: RulePack, team: Sheet) -> None:
        """A trait is not a skill one can take."""
        team = with_spp(pack, team, "1", 10)
        with pytest.raises(InvalidInput, match="a trait, which cannot be learned"):
            bb.advance(pack, team, "1", "chosen_primary", choice="regeneration")

    def test_category_not_primary(self, pack: RulePack, team: Sheet) -> None:
        """A Lineman's primary category is General only."""
        team = with_spp(pack, team, "6", 10)
        with pytest.raises(
            RequirementNotMet,
            match=r"Strength \(S\) is not primary for Lineman 1 \(Human Lineman\); primary: General \(G\)",
        ):
            bb.advance(pack, team, "6", "random_primary", choice="S", dice=ScriptedDice([1, 1, 1, 1]))

    def test_secondary_skill_as_primary(self, pack: RulePack, team: Sheet) -> None:
        """Guard is a Strength skill: secondary for a Lineman, so not a chosen primary."""
        team = with_spp(pack, team, "6", 10)
        with pytest.raises(RequirementNotMet, match="Guard is in the Strength category, not primary"):
            bb.advance(pack, team, "6", "chosen_primary", choice="guard")

    def test_not_enough_spp(self, pack: RulePack, team: Sheet) -> None:
        """A chosen secondary skill costs 10 SPP as a first advancement."""
        team = with_spp(pack, team, "6", 9)
        with pytest.raises(
            InsufficientPoints, match="Chosen secondary skill costs 10 Star Player Points but only 9 are available"
        ):
            bb.advance(pack, team, "6", "chosen_secondary", choice="guard")

    def test_dice_out_of_range(self, pack: RulePack, team: Sheet) -> None:
        """A 9 typed in for a D8 is refused; the team is unchanged and keeps its SPP."""
        team = with_spp(pack, team, "6", 14)
        with pytest.raises(DiceError, match="needs results from 1 to 8"):
            bb.advance(pack, team, "6", "characteristic", dice=ScriptedDice([9]))
        assert 14 == team.member("6").pools["spp"]

    def test_already_owned(self, pack: RulePack, team: Sheet) -> None:
        """A skill the player has cannot be chosen again."""
        team = with_spp(pack, team, "1", 10)
        with pytest.raises(RequirementNotMet, match="Griselda \\(Human Blitzer\\) already has Block"):
            bb.advance(pack, team, "1", "chosen_primary", choice="block")


class TestTheDead:
    DEAD = (
        "Lineman 4 is dead: a dead player takes no advancement, and leaves the roster when the post-match sequence "
        "removes the dead (step 4)"
    )

    @staticmethod
    def killed(pack: RulePack, team: Sheet) -> Sheet:
        """Match 1 recorded: Lineman 4 (#9) scores, is the only nominee (MVP) and dies: 7 SPP, dead."""
        record = bb.MatchRecord(
            number=1,
            opponent="Orcs",
            score=(1, 0),
            events={"9": {"touchdown": 1}},
            mvp_nominees=("9",),
            injuries={"9": "dead"},
        )
        return bb.record_match(pack, team, record, ScriptedDice([6]))

    def test_a_dead_player_takes_no_advancement(self, pack: RulePack, team: Sheet) -> None:
        """``injuries=9:dead`` then an advancement for #9 was bought (an Experienced dead Lineman valued 70,000 until
        the dead left): refused, saying he is dead and when he leaves; the quote says the same."""
        team = self.killed(pack, team)
        assert (7, "yes") == (team.member("9").pools["spp"], team.member("9").tags["dead"])
        with pytest.raises(RequirementNotMet) as refused:
            bb.advance(pack, team, "9", "chosen_primary", choice="dauntless")
        quote = pack.quote(team, "chosen_primary", choice="dauntless", member="9")
        assert ([self.DEAD], [self.DEAD]) == (list(refused.value.missing), [v.sentence for v in quote.violations])
        with pytest.raises(RequirementNotMet, match="Lineman 4 is dead"):
            pack.purchase(team, "characteristic", member="9", dice=ScriptedDice([3]))

    def test_a_dead_player_does_not_hold_the_sequence(self, pack: RulePack, team: Sheet) -> None:
        """A dead player with SPP enough to oblige an advancement (the must-advance rule) no longer holds the
        sequence at step 3: the dead leave at step 4, and they may not advance."""
        team = with_spp(pack, team, "9", 10)
        team = bb.operations.expensive_mistakes(pack, self.killed(pack, team), ScriptedDice([6]), number=1)
        assert "9" not in team.members

    def test_the_command_line_refuses_as_a_rule(self, pack: RulePack, team: Sheet, tmp_path: Path) -> None:
        """``sheet do FILE advance member=9 ...`` and ``sheet quote --member 9``: exit 1, the file unchanged."""
        path = tmp_path / "anvils.json"
        saved = progression.dump_sheet(self.killed(pack, team))
        path.write_text(saved, encoding="utf-8")
        status = main(["sheet", "do", str(path), "advance", "member=9", "type=chosen_primary", "choice=dauntless"])
        assert (1, saved) == (status, path.read_text(encoding="utf-8"))
        assert 1 == main(["sheet", "buy", str(path), "chosen_primary", "--member", "9", "--choice", "dauntless"])


class TestSkillsAsWritten:
    def test_a_skill_and_a_category_as_the_book_writes_them(self, pack: RulePack, team: Sheet) -> None:
        """``Dauntless`` (the book's name) and ``general`` (a category's name) are the ids they name; a
        misspelt skill is refused with the closest skills."""
        rich = pack.award(team, "spp", 20, reason="earlier matches", member="1")
        chosen = bb.advance(pack, rich, "1", "chosen_primary", choice="Dauntless")
        rolled = bb.advance(pack, rich, "1", "random_primary", choice="general", dice=ScriptedDice([1, 2, 3, 4]))
        with pytest.raises(InvalidInput, match=r"'Dauntles' is not a skill of the pack \(the closest: dauntless"):
            bb.advance(pack, rich, "1", "chosen_primary", choice="Dauntles")
        assert ("dauntless", "G") == (chosen.ledger[-1].operation.choice, rolled.ledger[-1].operation.choice)

    def test_a_misspelt_skill_by_its_french_name_or_its_last_word(self, pack: RulePack, team: Sheet) -> None:
        """A skill misspelt as its French name is written (``Esquve``), or close only to the last word of its name
        (``Sukll``), is refused naming it, as every misspelt id is named (``Blok`` is Block alone, not also
        Mighty Blow for its last word)."""
        rich = pack.award(team, "spp", 20, reason="earlier matches", member="1")
        said = []
        for word in ("Esquve", "Sukll", "Blok"):
            with pytest.raises(InvalidInput) as refused:
                bb.advance(pack, rich, "1", "chosen_primary", choice=word)
            said.append(str(refused.value))
        assert [
            "chosen primary: 'Esquve' is not a skill of the pack (the closest: dodge)",
            "chosen primary: 'Sukll' is not a skill of the pack (the closest: thick_skull)",
            "chosen primary: 'Blok' is not a skill of the pack (the closest: block)",
        ] == said

    def test_a_category_by_its_french_name_or_misspelt(self, pack: RulePack, team: Sheet) -> None:
        """A category is read by its letter or its name in any of the pack's languages (``Générale``), as a skill
        is; a misspelt one is refused with the player, the categories by letter and name, and the closest as the
        coach was writing it: the name for a name (it said the letter G for ``genral``), the letter for a letter."""
        rich = pack.award(team, "spp", 20, reason="earlier matches", member="1")
        rolled = bb.advance(pack, rich, "1", "random_primary", choice="Générale", dice=ScriptedDice([1, 2, 3, 4]))
        assert "G" == rolled.ledger[-1].operation.choice
        with pytest.raises(InvalidInput) as refused:
            bb.advance(pack, rich, "1", "random_primary", choice="genral")
        expected = (
            "random primary skill for Griselda (Human Blitzer): expected a skill category, one of A (Agility), "
            "D (Devious), G (General), M (Mutation), P (Passing), S (Strength); got 'genral'; the closest: General"
        )
        assert expected == str(refused.value)
        for typed, said in (("Généra", "Générale"), ("Gx", "G")):
            with pytest.raises(InvalidInput) as refused:
                bb.advance(pack, rich, "1", "random_primary", choice=typed)
            assert str(refused.value).endswith(f"; got {typed!r}; the closest: {said}"), typed

    def test_the_engine_reads_and_names_a_category_as_the_pack_does(self, pack: RulePack, team: Sheet) -> None:
        """The engine's quote and purchase (what ``sheet quote``/``buy`` ask) read a category by its name in any
        language, as ``bb.advance`` does, and record its letter; ``option_name`` shows it; a misspelt one is
        refused listing the categories with their names, suggesting the name when a name was typed (it said G for
        ``Generol``) and the letter when a letter was."""
        rich = pack.award(team, "spp", 20, reason="earlier matches", member="1")
        quoted = pack.quote(rich, "random_primary", choice="general", member="1")
        bought = pack.purchase(rich, "random_primary", choice="Générale", member="1", dice=ScriptedDice([1, 2, 3, 4]))
        misspelt = pack.quote(rich, "random_primary", choice="Generol", member="1")
        assert ("G", True, "G") == (quoted.choice, quoted.ok, bought.ledger[-1].operation.choice)
        assert ["General", "Générale", "Dodge"] == [
            pack.option_name("random_primary", "G"),
            pack.option_name("random_primary", "G", "fr"),
            pack.option_name("chosen_primary", "dodge"),
        ]
        assert (
            "'Generol' is not an option for Random primary skill (the closest: General); options: G (General), "
            "S (Strength)"
        ) == misspelt.violations[0].sentence
        assert "'Gx' is not an option for Random primary skill (the closest: G); " in (
            pack.quote(rich, "random_primary", choice="Gx", member="1").violations[0].sentence
        )

    def test_a_category_not_primary_is_no_misspelling(self, pack: RulePack, team: Sheet) -> None:
        """A category that is no option of this player (Strength for a Catcher), by its letter or its name, is said
        to be no option now, not a misspelling; a quote with no choice lists the options with their names; an
        option the pack has no name for is named by itself."""
        rich = pack.award(team, "spp", 20, reason="earlier matches", member="4")
        said = [
            pack.quote(rich, "random_primary", choice=word, member="4").violations[0].sentence
            for word in ("S", "Strength", None)
        ]
        assert [
            "'S' is not an option for Random primary skill now; options: A (Agility), G (General)",
            "'Strength' is not an option for Random primary skill now; options: A (Agility), G (General)",
            "Random primary skill needs a choice among: A (Agility), G (General)",
        ] == said
        assert "Z" == pack.option_name("random_primary", "Z")

    def test_how_options_are_named_is_no_rule(self, pack: RulePack) -> None:
        """``options_named`` changes how an option is shown, not the rules: the fingerprint a sheet records is the
        same without it (a team saved before it still goes on)."""
        upgrade = pack.upgrades["random_primary"]
        plain = attrs.evolve(
            pack, upgrades={**pack.upgrades, "random_primary": attrs.evolve(upgrade, options_named=None)}
        )
        assert ("category", "G") == (upgrade.options_named, plain.option_name("random_primary", "G"))
        assert pack.rules == plain.rules

    def test_a_decision_by_its_displayed_name_or_misspelt(self, pack: RulePack, team: Sheet) -> None:
        """The skill kept, given with the purchase, is read by its displayed name (``Kick``) as an answer given
        later is; a misspelt one is refused with the options and the closest."""
        rich = pack.award(team, "spp", 20, reason="earlier matches", member="1")
        dice = [1, 2, 3, 4]
        paused = bb.advance(pack, rich, "1", "random_primary", choice="G", dice=ScriptedDice(dice))
        first, second = paused.member("1").pending.question[1]
        kept = bb.advance(
            pack, rich, "1", "random_primary", choice="G", dice=ScriptedDice(dice), decisions=[pack.name_of(first)]
        )
        assert first in kept.member("1").owned
        with pytest.raises(DecisionError) as refused:
            bb.advance(pack, rich, "1", "random_primary", choice="G", dice=ScriptedDice(dice), decisions=[first[:-1]])
        assert str(refused.value).endswith(f"the options are: {first}, {second}; the closest: {first}")
