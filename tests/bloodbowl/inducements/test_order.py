"""Inducements: one validation for all, petty cash and treasury, what was fielded, the command-line action."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import progression
import progression_bloodbowl as bb
from progression import Effect, RulePack, ScriptedDice, Sheet, replay, undo
from progression.cli.main import main
from progression.errors import (
    InsufficientPoints,
    InvalidInput,
    LimitReached,
    OutOfOrder,
    RequirementNotMet,
    UnknownName,
)
from progression.events import Lost
from progression.ledger.sheet import applied
from progression_bloodbowl.data.access import data_of
from progression_bloodbowl.inducements.order import GOLD_LIMIT
from progression_bloodbowl.team.story import told_since


def _ctv(pack: RulePack, team: Sheet) -> int:
    return bb.current_team_value(pack, team).total


def _induce(pack: RulePack, team: Sheet, order: bb.types.Order, opponent: int = 2_000_000) -> Sheet:
    return bb.operations.induce(pack, team, order, bb.queries.inducement_budget(pack, team, opponent), match=1)


class TestBudget:
    def test_the_lower_ctv_gets_petty_cash(self, pack: RulePack, team: Sheet) -> None:
        """Petty cash = CTV difference + what the higher-CTV team spent; the treasury adds at most 50,000."""
        money = bb.queries.inducement_budget(pack, team, _ctv(pack, team) + 100_000, opponent_spent=30_000)
        assert (130_000, 50_000) == (money.petty_cash, money.treasury)

    def test_the_top_up_is_never_more_than_the_treasury(self, pack: RulePack, team: Sheet) -> None:
        """With 20,000 in the treasury, 20,000 is all it can add."""
        poor = applied(team, Lost(pool="treasury", amount=team.pools["treasury"] - 20_000, reason="test"))
        assert 20_000 == bb.queries.inducement_budget(pack, poor, _ctv(pack, poor) + 1).treasury

    def test_the_higher_ctv_spends_its_treasury(self, pack: RulePack, team: Sheet) -> None:
        """The higher-CTV team gets no petty cash and may spend its whole treasury."""
        money = bb.queries.inducement_budget(pack, team, _ctv(pack, team) - 1)
        assert (0, team.pools["treasury"]) == (money.petty_cash, money.treasury)

    def test_equal_ctv_spends_nothing(self, pack: RulePack, team: Sheet) -> None:
        """At equal CTV neither team gets petty cash nor may spend its treasury."""
        money = bb.queries.inducement_budget(pack, team, _ctv(pack, team))
        assert (0, 0) == (money.petty_cash, money.treasury)

    def test_the_higher_team_chooses_first(self, pack: RulePack, team: Sheet) -> None:
        """Giving the higher-CTV team an opponent's treasury spending is refused."""
        with pytest.raises(InvalidInput, match="chooses first"):
            bb.queries.inducement_budget(pack, team, 0, opponent_spent=10_000)


class TestOneValidation:
    def test_maximum(self, pack: RulePack, team: Sheet) -> None:
        """Four Bribes are one too many."""
        with pytest.raises(LimitReached, match="at most 3 Bribe, asked for 4"):
            bb.queries.price_inducements(pack, team, bb.types.Order(items={"bribe": 4}))

    def test_a_special_rule_raises_the_maximum_and_lowers_the_cost(self, pack: RulePack) -> None:
        """Bribery and Corruption: six Bribes at 50,000; a seventh is refused."""
        goblins = bb.create_team(pack, "goblin", "Gobbos")
        assert 300_000 == bb.queries.price_inducements(pack, goblins, bb.types.Order(items={"bribe": 6})).total
        with pytest.raises(LimitReached, match=r"at most 6 Bribe \(Bribery and Corruption\)"):
            bb.queries.price_inducements(pack, goblins, bb.types.Order(items={"bribe": 7}))

    def test_a_roster_pays_less(self, pack: RulePack, team: Sheet) -> None:
        """The Halfling Master Chef costs Halflings 100,000 and Humans 300,000."""
        halflings = bb.create_team(pack, "halfling", "Hobbits")
        order = bb.types.Order(items={"halfling_master_chef": 1})
        assert (100_000, 300_000) == (
            bb.queries.price_inducements(pack, halflings, order).total,
            bb.queries.price_inducements(pack, team, order).total,
        )

    def test_required_special_rule(self, pack: RulePack, team: Sheet) -> None:
        """A Plague Doctor is for Favoured of Nurgle teams only."""
        nurgle = bb.create_team(pack, "nurgle", "Rotters")
        order = bb.types.Order(items={"plague_doctor": 1})
        assert 100_000 == bb.queries.price_inducements(pack, nurgle, order).total
        with pytest.raises(RequirementNotMet, match="Plague Doctor is for Favoured of Nurgle teams"):
            bb.queries.price_inducements(pack, team, order)

    def test_apothecary_rosters_only(self, pack: RulePack) -> None:
        """A Wandering Apothecary is refused to a roster that may not hire an Apothecary."""
        undead = bb.create_team(pack, "shambling_undead", "Zombies")
        with pytest.raises(RequirementNotMet, match="may not hire an Apothecary"):
            bb.queries.price_inducements(pack, undead, bb.types.Order(items={"wandering_apothecary": 1}))

    def test_bugman_is_staff_or_star(self, pack: RulePack, team: Sheet) -> None:
        """A team that hires Josef Bugman as coaching staff cannot also hire him as a star."""
        order = bb.types.Order(items={"infamous_coaching_staff_josef_bugman": 1}, stars=("josef_bugman",))
        with pytest.raises(RequirementNotMet, match="cannot also hire him as a Star Player"):
            bb.queries.price_inducements(pack, team, order)

    @pytest.mark.parametrize(
        ("stars", "name"), [(("grak", "grak"), "Grak"), (("crumbleberry", "grak", "crumbleberry"), "Crumbleberry")]
    )
    def test_a_member_of_a_pair_named_twice(
        self, pack: RulePack, team: Sheet, stars: tuple[str, ...], name: str
    ) -> None:
        """A pair is named by one member or both, each once: a member named twice is refused as any star is."""
        with pytest.raises(InvalidInput) as error:
            _induce(pack, team, bb.types.Order(stars=stars))
        assert f"{name} is named twice; a team fields each Star Player once" == str(error.value)

    def test_unknown_inducement(self, pack: RulePack, team: Sheet) -> None:
        """A name that is no inducement, or one with a field of its own, is refused with the list."""
        with pytest.raises(UnknownName, match="inducement 'wizard'"):
            bb.queries.price_inducements(pack, team, bb.types.Order(items={"wizard": 1}))

    def test_mercenaries(self, pack: RulePack, team: Sheet) -> None:
        """A Mercenary costs his position plus 30,000, and 50,000 more with a Primary skill."""
        bill = bb.queries.price_inducements(
            pack, team, bb.types.Order(mercenaries=("human_lineman", "human_blitzer:wrestle"))
        )
        assert [50_000 + 30_000, 85_000 + 30_000 + 50_000] == [i.amount for i in bill.items]

    def test_a_mercenary_skill_must_be_primary(self, pack: RulePack, team: Sheet) -> None:
        """A Lineman's Mercenary may not buy a Strength skill (secondary for him)."""
        with pytest.raises(RequirementNotMet, match="one Primary skill he lacks"):
            bb.queries.price_inducements(pack, team, bb.types.Order(mercenaries=("human_lineman:mighty_blow",)))

    def test_four_mercenaries(self, pack: RulePack, team: Sheet) -> None:
        """At most three Mercenaries."""
        with pytest.raises(LimitReached, match="at most 3 Mercenary Players"):
            bb.queries.price_inducements(pack, team, bb.types.Order(mercenaries=("human_lineman",) * 4))


class TestPayment:
    def test_the_treasury_pays_no_more_than_it_holds(self, pack: RulePack, team: Sheet) -> None:
        """A budget that allows more than the treasury holds (made before the treasury was spent) pays no more than
        it holds: a 100,000 Bribe on a treasury of 50,000 is refused (it left the treasury at -50,000)."""
        money = bb.queries.inducement_budget(pack, team, 0)
        poor = applied(team, Lost(pool="treasury", amount=team.pools["treasury"] - 50_000, reason="test"))
        with pytest.raises(InsufficientPoints, match="costs 100000 Treasury but only 50000 are available"):
            bb.operations.induce(pack, poor, bb.types.Order(items={"bribe": 1}), money, match=1)

    def test_petty_cash_first_then_the_treasury(self, pack: RulePack, team: Sheet) -> None:
        """A 300,000 star with 280,000 petty cash: 20,000 comes from the treasury."""
        money = bb.queries.inducement_budget(pack, team, _ctv(pack, team) + 280_000)
        after = bb.operations.induce(pack, team, bb.types.Order(stars=("griff_oberwald",)), money, match=2)
        assert 20_000 == team.pools["treasury"] - after.pools["treasury"]
        assert {"petty_cash": "280000", "treasury": "20000", "total": "300000"} == {
            k: bb.queries.held_inducements(after)[k] for k in ("petty_cash", "treasury", "total")
        }
        assert 20_000 == bb.queries.spent_from_treasury(after)

    def test_unspent_petty_cash_is_lost(self, pack: RulePack, team: Sheet) -> None:
        """Petty cash left over is said to be lost; the treasury is untouched."""
        after = _induce(pack, team, bb.types.Order(items={"bribe": 1}), opponent=_ctv(pack, team) + 150_000)
        assert team.pools["treasury"] == after.pools["treasury"]
        assert "50,000 petty cash unspent, lost" in after.ledger[-1].events[-1].reason  # type: ignore[attr-defined]

    def test_beyond_the_budget(self, pack: RulePack, team: Sheet) -> None:
        """100,000 petty cash and a 50,000 top-up do not pay a 300,000 star: refused, nothing changed."""
        with pytest.raises(
            InsufficientPoints, match="This order of inducements costs 300,000 gp but only 150,000 gp are available"
        ):
            _induce(pack, team, bb.types.Order(stars=("griff_oberwald",)), opponent=_ctv(pack, team) + 100_000)

    def test_one_ledger_entry_undone_whole(self, pack: RulePack, team: Sheet) -> None:
        """The hire is one entry: undo takes back the payment, the stars and the tags; replay gives the same team."""
        after = _induce(pack, team, bb.types.Order(stars=("grak", "griff_oberwald"), wizards=("sports_wizard",)))
        assert len(team.ledger) + 1 == len(after.ledger)
        assert team == undo(after)
        assert after == replay(after.ledger)

    def test_once_per_match(self, pack: RulePack, team: Sheet) -> None:
        """A team already holding inducements must record its match first."""
        after = _induce(pack, team, bb.types.Order(items={"bribe": 1}))
        with pytest.raises(InvalidInput, match="already holds inducements for match 1"):
            _induce(pack, after, bb.types.Order(items={"bribe": 1}))

    @pytest.mark.parametrize("order", [bb.types.Order(), bb.types.Order(items={"bribe": 0})])
    def test_an_order_of_nothing(self, pack: RulePack, team: Sheet, order: bb.types.Order) -> None:
        """Nothing ordered is refused, saying what can be: an entry would say nothing the rules need (petty cash not
        spent is lost without one) and would hold the match's one order, refusing the order meant."""
        with pytest.raises(InvalidInput) as error:
            _induce(pack, team, order, opponent=1_000_000)
        said = str(error.value)
        assert said.startswith(
            "an order of inducements for match 1 of Altdorf Anvils names nothing; name one or more of them: "
            "Order(items={ID: COUNT}, stars=(...), wizards=(...), mercenaries=(...)) (items: prayers_to_nuffle, "
        )
        assert "a Mercenary by a position of the Human roster); nothing is recorded" in said
        assert "wandering_apothecary" in said
        assert "1" == _induce(pack, team, bb.types.Order(items={"bribe": 1}), opponent=1_000_000).tags["induced.match"]

    def test_petty_cash_that_pays_all_is_named(self, pack: RulePack, team: Sheet) -> None:
        """The history says petty cash paid a bill it covers, not that it was bought "for nothing"; the treasury's
        part is said when it pays."""
        covered = _induce(pack, team, bb.types.Order(items={"bribe": 1}), opponent=_ctv(pack, team) + 150_000)
        assert "  inducements (match 1) paid from petty cash, nothing from the treasury" in told_since(
            pack, team, covered
        )
        topped = _induce(pack, team, bb.types.Order(items={"bribe": 2}), opponent=_ctv(pack, team) + 150_000)
        assert "  paid 50,000 gp from the treasury for inducements (match 1)" in told_since(pack, team, topped)

    @settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(bribes=st.integers(min_value=1, max_value=3), extra=st.integers(min_value=0, max_value=400_000))
    def test_the_treasury_pays_only_what_petty_cash_does_not(
        self, pack: RulePack, team: Sheet, bribes: int, extra: int
    ) -> None:
        """Whatever the bill and the petty cash, the treasury pays the rest, or the hire is refused whole."""
        money = bb.queries.inducement_budget(pack, team, _ctv(pack, team) + extra)
        bill = 100_000 * bribes
        if bill > money.petty_cash + money.treasury:
            with pytest.raises(InsufficientPoints):
                bb.operations.induce(pack, team, bb.types.Order(items={"bribe": bribes}), money, match=1)
        else:
            after = bb.operations.induce(pack, team, bb.types.Order(items={"bribe": bribes}), money, match=1)
            assert max(0, bill - money.petty_cash) == team.pools["treasury"] - after.pools["treasury"]


class TestAfterTheMatch:
    def test_recorded_on_the_match_and_released(self, pack: RulePack, team: Sheet) -> None:
        """The outcome of the match says what was fielded and what it cost; the inducements then end."""
        after = _induce(pack, team, bb.types.Order(stars=("griff_oberwald",), wizards=("sports_wizard",)))
        notes = bb.queries.match_notes(after)
        assert {"inducements.stars": "griff_oberwald", "inducements.wizard": "sports_wizard"}.items() <= notes.items()
        match = bb.MatchRecord(number=1, opponent="Orcs", score=(1, 1), extra=notes)
        done = bb.operations.record_outcome(pack, after, match, ScriptedDice([]))
        reasons = [getattr(e, "reason", "") for e in done.ledger[-1].events]  # type: ignore[attr-defined]
        assert (
            "match 1: fielded Griff Oberwald and the Sports-Wizard; "
            "inducements 450,000 gp = 450,000 petty cash + 0 from the treasury" in reasons
        )
        assert ({}, False) == (bb.queries.held_inducements(done), "griff_oberwald" in done.members)

    def test_the_record_names_items_mercenaries_and_the_spell(self, pack: RulePack, team: Sheet) -> None:
        """Items by count and name, mercenaries by position and skill, the spell the Wizard cast."""
        order = bb.types.Order(items={"bribe": 1}, wizards=("sports_wizard",), mercenaries=("human_lineman:wrestle",))
        after = _induce(pack, team, order)
        after = pack.adjust(after, Effect(tags={"induced.spell": "Zap! on Grotsnik"}), reason="test")
        done = bb.operations.record_outcome(
            pack, after, bb.MatchRecord(number=1, opponent="Orcs", score=(0, 0)), ScriptedDice([])
        )
        reasons = [getattr(e, "reason", "") for e in done.ledger[-1].events]  # type: ignore[attr-defined]
        assert (
            "match 1: fielded 1 x Bribe, the Sports-Wizard (cast Zap! on Grotsnik) and a Mercenary Human Lineman "
            "with Wrestle; inducements 380,000 gp = 380,000 petty cash + 0 from the treasury" in reasons
        )


class TestAPlayedMatch:
    def _played(self, pack: RulePack, team: Sheet, *, close: bool) -> Sheet:
        done = bb.record_match(pack, team, bb.MatchRecord(number=1, opponent="Orcs", score=(0, 0)), ScriptedDice([]))
        return bb.operations.expensive_mistakes(pack, done, ScriptedDice([6]), number=1) if close else done

    def test_a_closed_match_takes_no_inducements(self, pack: RulePack, team: Sheet) -> None:
        """Match 1 recorded and its sequence closed: inducements for match 1 are refused; for match 2 they are bought."""
        played = self._played(pack, team, close=True)
        with pytest.raises(InvalidInput) as error:
            bb.operations.induce(
                pack,
                played,
                bb.types.Order(items={"bribe": 1}),
                bb.queries.inducement_budget(pack, played, 2_000_000),
                match=1,
            )
        assert (
            "inducements are bought before their match: match 1 of Altdorf Anvils is already recorded in season 1 "
            "and its post-match sequence has ended; give the number of the match to come"
        ) == str(error.value)
        after = bb.operations.induce(
            pack,
            played,
            bb.types.Order(items={"bribe": 1}),
            bb.queries.inducement_budget(pack, played, 2_000_000),
            match=2,
        )
        assert "2" == after.tags["induced.match"]

    def test_a_recorded_match_takes_none_either(self, pack: RulePack, team: Sheet) -> None:
        """Recorded but not yet closed, the match was played all the same: refused."""
        played = self._played(pack, team, close=False)
        with pytest.raises(InvalidInput, match="match 1 of Altdorf Anvils is already recorded in season 1;"):
            bb.operations.induce(
                pack,
                played,
                bb.types.Order(items={"bribe": 1}),
                bb.queries.inducement_budget(pack, played, 2_000_000),
                match=1,
            )

    def test_an_open_sequence_takes_none_for_the_next_match(self, pack: RulePack, team: Sheet) -> None:
        """Match 1's post-match sequence still open: inducements for match 2 wait for its Expensive Mistakes,
        which read the treasury they would spend; once it has ended they are bought."""
        played = self._played(pack, team, close=False)
        with pytest.raises(OutOfOrder) as error:
            bb.operations.induce(
                pack,
                played,
                bb.types.Order(items={"bribe": 1}),
                bb.queries.inducement_budget(pack, played, 2_000_000),
                match=2,
            )
        assert (
            "the post-match sequence of match 1 is still open, at step 2 (Dedicated Fans updated): end it with "
            "Expensive Mistakes (step 5: progression_bloodbowl.operations.expensive_mistakes(pack, team, dice, "
            "number=1), or League.act(TEAM, 'close', number=1) in a league's store) before buying inducements for "
            "match 2"
        ) == str(error.value)
        closed = bb.operations.expensive_mistakes(pack, played, ScriptedDice([6]), number=1)
        after = bb.operations.induce(
            pack,
            closed,
            bb.types.Order(items={"bribe": 1}),
            bb.queries.inducement_budget(pack, closed, 2_000_000),
            match=2,
        )
        assert "2" == after.tags["induced.match"]


class TestCommandLine:
    def test_induce_action(self, pack: RulePack, team: Sheet) -> None:
        """``sheet do FILE induce`` takes its options as text."""
        action = pack.contract.action("induce").function
        after = action(
            pack,
            team,
            ScriptedDice([]),
            match="3",
            opponent_ctv=str(_ctv(pack, team) + 400_000),
            stars="griff_oberwald",
            items="bribe*1",
        )
        assert ("3", "400000") == (after.tags["induced.match"], after.tags["induced.total"])

    @pytest.mark.parametrize("given", ["Griff Oberwald", "griff oberwald", "GRIFF_OBERWALD"])
    def test_a_star_by_his_name(self, pack: RulePack, team: Sheet, given: str) -> None:
        """``stars="Griff Oberwald"`` is read as skills are, by the displayed name in any case: the entry records
        the id; a misspelt name is refused with the closest id."""
        action = pack.contract.action("induce").function
        ctv = str(_ctv(pack, team) + 400_000)
        after = action(pack, team, ScriptedDice([]), match="3", opponent_ctv=ctv, stars=given)
        assert "griff_oberwald" == after.tags["induced.stars"]
        with pytest.raises(
            UnknownName, match=r"^Star Player 'Griff Oberwld' is not defined .*; the closest: griff_oberwald$"
        ):
            action(pack, team, ScriptedDice([]), match="3", opponent_ctv=ctv, stars="Griff Oberwld")

    @pytest.mark.parametrize("given", ["Sports-Wizard", "sports-wizard", "sports_wizard"])
    def test_a_wizard_by_his_name(self, pack: RulePack, team: Sheet, given: str) -> None:
        """``wizard=Sports-Wizard``, the name the pack prints, is read as a Star Player's is, by the displayed name in
        any case: the entry records the id; a misspelt name is refused with the closest id."""
        action = pack.contract.action("induce").function
        ctv = str(_ctv(pack, team) + 400_000)
        after = action(pack, team, ScriptedDice([]), match="3", opponent_ctv=ctv, wizard=given)
        assert "sports_wizard" == after.tags["induced.wizard"]
        with pytest.raises(UnknownName, match=r"^wizard 'Sport-Wizard' is not defined .*; the closest: sports_wizard$"):
            action(pack, team, ScriptedDice([]), match="3", opponent_ctv=ctv, wizard="Sport-Wizard")

    def test_items_named_twice_add_up(self, pack: RulePack, team: Sheet) -> None:
        """``items=bribe,bribe*2`` is three Bribes."""
        action = pack.contract.action("induce").function
        after = action(
            pack, team, ScriptedDice([]), match="3", opponent_ctv=str(_ctv(pack, team) + 400_000), items="bribe,bribe*2"
        )
        assert "bribe*3" == after.tags["induced.items"]

    def test_a_count_left_out(self, pack: RulePack, team: Sheet) -> None:
        """``items=bribe*`` is refused rather than read as one Bribe."""
        with pytest.raises(InvalidInput, match="the count of bribe must be a whole number, got ''"):
            pack.contract.action("induce").function(
                pack, team, ScriptedDice([]), match="3", opponent_ctv="1", items="bribe*"
            )

    def test_a_count_of_none(self, pack: RulePack, team: Sheet) -> None:
        """``items=bribe*0`` is refused rather than bought as an order of nothing."""
        with pytest.raises(InvalidInput, match=r"the count of bribe in items is at least 1 .*, got 'bribe\*0'"):
            pack.contract.action("induce").function(
                pack, team, ScriptedDice([]), match="3", opponent_ctv="1", items="bribe*0"
            )

    @pytest.mark.parametrize(
        ("options", "message"),
        [
            ({"match": "10000", "opponent_ctv": "1"}, "match number: expected a whole number from 1 to 9,999"),
            ({"match": "1", "opponent_ctv": "20000001"}, "opponent CTV: expected a whole number from 0 to 20,000,000"),
            (
                {"match": "1", "opponent_ctv": "1", "opponent_spent": "99999999"},
                "gold the opponent spent from its treasury: expected a whole number from 0 to 20,000,000",
            ),
        ],
    )
    def test_a_match_number_or_a_sum_no_game_has(
        self, pack: RulePack, team: Sheet, options: dict[str, str], message: str
    ) -> None:
        """A match number past 9,999 or gold past the limit is refused with the range, not priced."""
        with pytest.raises(InvalidInput, match=message):
            pack.contract.action("induce").function(pack, team, ScriptedDice([]), **options)

    def test_the_gold_limit_is_above_any_team(self, pack: RulePack) -> None:
        """No team's value reaches the limit: 16 players at the dearest position with six of the dearest
        advancements each, eight of the dearest re-rolls, and the staff at their maximum."""
        data = data_of(pack)
        rules = data.rules
        dearest_advancement = max(*rules.value.characteristic.values(), rules.value.secondary + rules.value.elite_extra)
        dearest_player = max(p.cost for t in data.teams.values() for p in t.positions) + 6 * dearest_advancement
        rerolls = rules.staff["reroll"].max * max(t.reroll_cost for t in data.teams.values())
        staff = sum(item.cost * item.max for item in rules.staff.values() if item.cost is not None)
        assert rules.max_players * dearest_player + rerolls + staff < 10_000_000 < GOLD_LIMIT

    def test_a_required_option(self, pack: RulePack, team: Sheet) -> None:
        """Without the opponent's CTV the action says which option is missing."""
        with pytest.raises(InvalidInput, match=r"the induce command needs the option opponent_ctv=\.\.\.; none came"):
            pack.contract.action("induce").function(pack, team, ScriptedDice([]), match="1")


class TestOnATeamFile:
    """``progression sheet do FILE induce``, as a coach keeping one team file runs it."""

    def _run(self, capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
        capsys.readouterr()
        status = main(list(argv))
        return status, capsys.readouterr().err.strip()

    def test_an_open_sequence_refuses_and_names_the_close(
        self, pack: RulePack, team: Sheet, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """With match 1's sequence open, ``induce match=2`` is refused (exit 1), the file unchanged, naming the
        command that closes it; after ``close``, Expensive Mistakes roll on the whole treasury and the order goes in."""
        played = bb.record_match(pack, team, bb.MatchRecord(number=1, opponent="Orcs", score=(0, 0)), ScriptedDice([]))
        path = tmp_path / "em.json"
        path.write_text(progression.dump_sheet(played), encoding="utf-8")
        before = path.read_text(encoding="utf-8")
        induce = ["sheet", "do", str(path), "induce", "match=2", "opponent_ctv=2000000", "items=bribe"]
        assert (
            1,
            f"progression: the post-match sequence of match 1 is still open, at step 2 (Dedicated Fans "
            f"updated): end it with Expensive Mistakes (step 5: `progression sheet do {path} close number=1`) "
            "before buying inducements for match 2",
        ) == self._run(capsys, *induce)
        assert before == path.read_text(encoding="utf-8")
        assert 0 == self._run(capsys, "sheet", "do", str(path), "close", "number=1", "--dice", "6")[0]
        assert 0 == self._run(capsys, *induce)[0]

    def test_an_order_of_nothing_refuses_and_records_nothing(
        self, pack: RulePack, team: Sheet, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """``induce`` naming nothing exits 2 with the command to write and what it takes; the file is unchanged,
        so the order meant for the match is taken next."""
        path = tmp_path / "team.json"
        path.write_text(progression.dump_sheet(team), encoding="utf-8")
        before = path.read_text(encoding="utf-8")
        status, said = self._run(
            capsys, "sheet", "do", str(path), "induce", "match=6", "opponent_ctv=1000000", "opponent_spent=20000"
        )
        assert 2 == status
        assert said.startswith(
            "progression: an order of inducements for match 6 of Altdorf Anvils names nothing; name one or more of "
            f"them: `progression sheet do {path} induce match=6 opponent_ctv=1000000 opponent_spent=20000 "
            "items=ID*COUNT stars=... wizard=... mercenaries=...` (items: prayers_to_nuffle, "
        )
        assert before == path.read_text(encoding="utf-8")
        order = ["sheet", "do", str(path), "induce", "match=6", "opponent_ctv=1000000", "items=bribe"]
        assert 0 == self._run(capsys, *order)[0]
