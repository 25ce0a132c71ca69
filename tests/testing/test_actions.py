"""Actions as data, the strategies that draw them, and sheets reached by them."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from progression import RulePack, ScriptedDice, SeededDice, Sheet, replay
from progression.errors import InvalidInput, ProgressionError, UnknownName
from progression.testing import (
    AwardAction,
    DecideAction,
    DiscardAction,
    DrawnAction,
    PurchaseAction,
    QuoteAction,
    UndoAction,
    actions,
    fresh_sheet,
    from_pack,
    machine_for,
    run_actions,
    state_of,
)

from .helpers import load_skirmish

FEW = settings(max_examples=25, deadline=None)
SKIRMISH = load_skirmish()


class TestActions:
    def test_award_and_purchase(self, skirmish: RulePack) -> None:
        """An award then a purchase act on the sheet as the pack's operations do."""
        hero = fresh_sheet(skirmish, "hero")
        hero = AwardAction(pool="xp", amount=10).apply(skirmish, hero)
        hero = PurchaseAction(upgrade="level_up").apply(skirmish, hero)
        assert (1, 9) == (hero.stats["level"], hero.pools["xp"])

    def test_quote_changes_nothing(self, skirmish: RulePack) -> None:
        """A quote action gives back the very same sheet."""
        hero = fresh_sheet(skirmish, "hero")
        assert hero is QuoteAction(upgrade="sword").apply(skirmish, hero)

    def test_member_index_wraps(self, duel: RulePack) -> None:
        """A member index picks among the sorted member ids, modulo their number."""
        band = fresh_sheet(duel, "band")
        band = AwardAction(pool="xp", amount=5, member=3).apply(duel, band)
        assert 5 == band.member("f1").pools["xp"]

    def test_purchase_picks_an_option(self, duel: RulePack) -> None:
        """``pick`` chooses among the options the upgrade offers now."""
        fighter = AwardAction(pool="xp", amount=10).apply(duel, fresh_sheet(duel, "fighter"))
        fighter = PurchaseAction(upgrade="study", pick=4).apply(duel, fighter)
        assert {"riposte": 1} == dict(fighter.owned)

    def test_decide_answers_the_question(self, duel: RulePack) -> None:
        """A decide action answers the waiting question with its ``pick``-th option."""
        fighter = fresh_sheet(duel, "fighter")
        fighter = AwardAction(pool="xp", amount=20).apply(duel, fighter)
        fighter = PurchaseAction(upgrade="level_up").apply(duel, fighter)
        fighter = PurchaseAction(upgrade="train").apply(duel, fighter, ScriptedDice([6]))
        assert fighter.pending is not None
        fighter = DecideAction(pick=2).apply(duel, fighter)
        assert {"lunge": 1} == dict(fighter.owned)

    def test_refusals_raise_progression_errors(self, skirmish: RulePack) -> None:
        """Refused actions raise a ProgressionError: a discard with no surplus, an undo past the creation."""
        hero = fresh_sheet(skirmish, "hero")
        with pytest.raises(ProgressionError):
            DiscardAction(pool="xp").apply(skirmish, hero)
        with pytest.raises(InvalidInput):
            UndoAction(steps=1).apply(skirmish, hero)
        with pytest.raises(ProgressionError):
            DecideAction().apply(skirmish, hero)

    def test_base_action_is_abstract(self, skirmish: RulePack) -> None:
        """The base class does nothing by itself."""
        with pytest.raises(NotImplementedError):
            DrawnAction().apply(skirmish, fresh_sheet(skirmish, "hero"))


class TestFreshSheet:
    def test_factory_is_used(self, duel: RulePack) -> None:
        """A kind with a ``new.<kind>`` factory is made by it, with its options."""
        band = fresh_sheet(duel, "band", {"size": "3"})
        assert ["f0", "f1", "f2"] == sorted(band.members)

    def test_options_without_a_factory(self, skirmish: RulePack) -> None:
        """Options for a kind that has no factory are refused, naming the kind."""
        with pytest.raises(InvalidInput, match=r"kind 'hero' of pack 'skirmish' has no factory to take options"):
            fresh_sheet(skirmish, "hero", {"size": "3"})


class TestRunActions:
    @FEW
    @given(data=st.data())
    def test_refused_actions_are_skipped(self, data: st.DataObject, skirmish: RulePack) -> None:
        """Any sequence applies: each action either succeeds (one ledger entry) or is skipped."""
        steps = data.draw(actions(skirmish, kinds=["hero"]))
        start = fresh_sheet(skirmish, "hero")
        end = run_actions(skirmish, start, steps, SeededDice(1))
        assert state_of(replay(end.ledger)) == state_of(end)
        assert end.ledger[:1] == start.ledger

    @FEW
    @given(actions(SKIRMISH, max_size=8))
    def test_actions_name_only_pack_ids(self, steps: list[DrawnAction]) -> None:
        """Drawn actions name only the pack's pools and upgrades."""
        for step in steps:
            assert getattr(step, "pool", "xp") in SKIRMISH.pools
            assert getattr(step, "upgrade", "sword") in SKIRMISH.upgrades

    def test_other_exceptions_propagate(self, skirmish: RulePack) -> None:
        """An exception that is not a ProgressionError is a bug, and is not swallowed."""

        class Boom(DrawnAction):
            def apply(self, pack: RulePack, sheet: Sheet, dice: object = None) -> Sheet:
                raise KeyError("boom")

        with pytest.raises(KeyError):
            run_actions(skirmish, fresh_sheet(skirmish, "hero"), [Boom()])


class TestFromPack:
    @FEW
    @given(data=st.data())
    def test_sheets_of_every_kind(self, data: st.DataObject, duel: RulePack) -> None:
        """Sheets drawn from a pack are of its kinds and keep every point accounted for."""
        sheet = data.draw(from_pack(duel))
        assert sheet.kind in duel.kinds
        for subject in (sheet, *sheet.members.values()):
            for pool in subject.pools:
                assert subject.account(pool).balanced
                assert subject.pools[pool] >= 0

    def test_kinds_that_cannot_be_made(self, duel: RulePack) -> None:
        """Asking for a kind whose factory refuses is an error naming the kind and why."""
        expected = (
            "no sheet of pack 'duel' can be made to draw actions on: band: option 'size' of factory of 'band' expects "
            "whole number, got 'many'"
        )
        with pytest.raises(InvalidInput, match=re.escape(expected)):
            from_pack(duel, kinds=["band"], setup={"band": {"size": "many"}})


class TestWhatComes:
    """A pack's name where the pack goes, a sheet's name where the sheet goes, a kind's id where a list of them goes:
    each is answered with what was expected, what came and where, never a bare Python error or a silent pass."""

    @pytest.mark.parametrize(
        ("call", "where"),
        [
            (lambda: fresh_sheet("skirmish", "hero"), "the pack to make a fresh sheet of"),  # type: ignore[arg-type]
            (lambda: actions("skirmish"), "the pack whose actions are drawn"),  # type: ignore[arg-type]
            (lambda: from_pack("skirmish"), "the pack whose sheets are drawn"),  # type: ignore[arg-type]
            (lambda: machine_for("skirmish"), "the pack to drive"),  # type: ignore[arg-type]
            (
                lambda: run_actions("skirmish", SKIRMISH.new_sheet("hero", "Ana"), []),
                "the pack to run the actions under",
            ),  # type: ignore[arg-type]
        ],
    )
    def test_a_pack_s_name_for_the_pack(self, call: Callable[[], object], where: str) -> None:
        """The name ``"skirmish"`` (an AttributeError before, or a silent pass) says how to load the pack."""
        with pytest.raises(InvalidInput) as caught:
            call()
        expected = (
            f"expected a RulePack as {where}, got str 'skirmish'; a pack's name names it: pass "
            "progression.load('skirmish'), or progression.load_file(path) for a pack file"
        )
        assert expected == str(caught.value)

    def test_a_sheet_s_name_for_the_sheet(self) -> None:
        """``run_actions`` given a name for the sheet returned it unchanged, every action refused and skipped;
        ``state_of`` raised an AttributeError. Both refuse it."""
        steps = [AwardAction(pool="xp", amount=5)]
        with pytest.raises(InvalidInput, match=r"^expected a Sheet as the sheet to run the actions on, got str 'Ana'$"):
            run_actions(SKIRMISH, "Ana", steps)  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match=r"^expected a Sheet as the sheet to read the state of, got str 'Ana'$"):
            state_of("Ana")  # type: ignore[arg-type]

    def test_steps_that_are_no_actions(self) -> None:
        """Steps that are no drawn actions (a text, its letters) are refused, not an AttributeError."""
        sheet = SKIRMISH.new_sheet("hero", "Ana")
        with pytest.raises(InvalidInput) as caught:
            run_actions(SKIRMISH, sheet, "award")  # type: ignore[arg-type]
        assert (
            "expected a list of actions (AwardAction, PurchaseAction, ... of progression.testing) as the steps to "
            "run, got str 'award'"
        ) == str(caught.value)
        with pytest.raises(InvalidInput, match=r"as step 2 to run, got int 3$"):
            run_actions(SKIRMISH, sheet, [AwardAction(pool="xp", amount=5), 3])  # type: ignore[list-item]

    @pytest.mark.parametrize("draw", [actions, from_pack])
    def test_a_kind_s_id_for_the_list_of_kinds(self, draw: Callable[..., object]) -> None:
        """``kinds="hero"`` was read letter by letter (no kind at all, so no pool and no upgrade, unsaid); a kind the
        pack does not define is named with its kinds."""
        with pytest.raises(InvalidInput) as caught:
            draw(SKIRMISH, kinds="hero")
        assert "expected a list of kinds of pack 'skirmish' as kinds, got str 'hero'; pass ['hero']" == str(
            caught.value
        )
        with pytest.raises(UnknownName, match=r"^kind of sheet 'heros' is not defined in rule pack 'skirmish'"):
            draw(SKIRMISH, kinds=["heros"])
