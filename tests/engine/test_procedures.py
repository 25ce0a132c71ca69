"""Random procedures: dice rolled and recorded, pauses for a person's decision, resumed later."""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path

import attrs
import pytest

import progression
from progression import Effect, Entry, ScriptedDice, Sheet
from progression.authoring import Choose, Label, ProcedureContext, Roll, StatSpec
from progression.errors import (
    DecisionError,
    DiceError,
    InvalidInput,
    LimitReached,
    PackFunctionError,
    PendingState,
    UnknownName,
)
from progression.events import Asked, Decided, Finished, Rolled, Started, Step
from progression.ledger.sheet import applied
from progression.operations import Decide, Purchase
from support.builders import NoDice, trainer


def bo(spp: int = 6) -> Sheet:
    return trainer().new_sheet("player", "Bo", pools={"spp": spp})


def paused() -> Sheet:
    """Bo bought a random skill: the dice showed 1 (Block) and 2 (Dodge), and he has not chosen yet."""
    return trainer().purchase(bo(), "random_skill", dice=ScriptedDice([1, 2]))


class TestPause:
    def test_pause_records_the_rolls_and_the_question(self) -> None:
        """The purchase pays, rolls, asks, and stops: one ledger entry."""
        sheet = paused()
        assert sheet.pending is not None
        rolls = (
            Rolled(label="first skill", sides=6, results=(1,)),
            Rolled(label="second skill", sides=6, results=(2,)),
        )
        expected = Entry(
            label="buy random_skill",
            number=len(sheet.ledger),
            events=(
                Started(upgrade="random_skill", price={"spp": 6}),
                *rolls,
                Asked(label="keep one", options=("block", "dodge")),
            ),
            operation=Purchase(upgrade="random_skill"),
            rolls=rolls,
        )
        assert (expected, ("keep one", ("block", "dodge")), 0) == (
            sheet.ledger[-1],
            sheet.pending.question,
            sheet.pools["spp"],
        )

    def test_save_load_decide(self) -> None:
        """A paused sheet is saved, loaded elsewhere, and decided without rolling again."""
        loaded = progression.load_sheet(progression.dump_sheet(paused()))
        sheet = trainer().decide(loaded, "dodge", dice=NoDice())
        assert (None, {"dodge": 1}, 1) == (sheet.pending, dict(sheet.owned), sheet.stats["skills"])
        assert Decided(label="keep one", options=("block", "dodge"), choice="dodge") == sheet.ledger[-1].events[0]  # type: ignore[attr-defined]
        assert Finished(effect=Effect(grants={"dodge": 1}, stats={"skills": 1})) == sheet.ledger[-1].events[1]  # type: ignore[attr-defined]

    def test_arguments_survive_a_pause(self) -> None:
        """The purchase's arguments are recorded, so the procedure resumes as it started, even from a file."""
        shifted = trainer().purchase(bo(), "random_skill", dice=ScriptedDice([1, 2]), args={"shift": 1})
        assert ("keep one", ("dodge", "tackle")) == shifted.pending.question  # type: ignore[union-attr]
        loaded = progression.load_sheet(progression.dump_sheet(shifted))
        sheet = trainer().decide(loaded, "tackle", dice=NoDice())
        assert {"tackle": 1} == dict(sheet.owned)

    def test_arguments_must_be_plain_values(self) -> None:
        """Arguments go into the ledger, so only texts, integers and booleans are taken."""
        with pytest.raises(
            InvalidInput,
            match=r"^expected a text name with a text, integer or boolean value in args, got .shift. = 1\.5$",
        ):
            trainer().purchase(bo(), "random_skill", dice=ScriptedDice([1, 2]), args={"shift": 1.5})

    def test_decision_given_up_front(self) -> None:
        """With the decision given, the purchase runs to the end in one go."""
        sheet = trainer().purchase(bo(), "random_skill", dice=ScriptedDice([3, 4]), decisions=["guard"])
        assert (None, {"guard": 1}) == (sheet.pending, dict(sheet.owned))

    def test_replay_never_rolls(self) -> None:
        """Replaying a finished procedure folds its recorded events; it needs no dice at all."""
        sheet = trainer().decide(paused(), "block", dice=NoDice())
        assert (sheet, {"block": 1}) == (progression.replay(sheet.ledger), dict(progression.replay(sheet.ledger).owned))

    def test_pending_blocks_other_operations(self) -> None:
        """While a decision waits, nothing else happens to the sheet."""
        with pytest.raises(
            PendingState, match=r"Random skill waits for a decision \(keep one: block, dodge\); decide or undo first"
        ):
            trainer().award(paused(), "spp", 1, reason="touchdown")

    def test_undo_a_paused_purchase(self) -> None:
        """Undo takes back the whole paused purchase, price included."""
        assert bo() == progression.undo(paused())

    def test_procedure_without_a_pause(self) -> None:
        """A procedure may return its effect at once."""
        sheet = trainer().purchase(bo(12), "chosen_skill")
        assert (Finished(effect=Effect(grants={"block": 1}, stats={"skills": 1})), {"block": 1}) == (
            sheet.ledger[-1].events[-1],  # type: ignore[attr-defined]
            dict(sheet.owned),
        )

    def test_limits_checked_on_the_outcome(self) -> None:
        """A procedure's effect still respects a stat's maximum."""
        pack = trainer()
        sheet = pack.purchase(pack.purchase(bo(36), "chosen_skill"), "chosen_skill")
        with pytest.raises(LimitReached, match="Skills would be 3, past its maximum of 2"):
            pack.purchase(sheet, "chosen_skill")

    def test_limits_checked_on_a_decided_outcome(self) -> None:
        """A stat's maximum holds for an outcome decided after a pause too: the decision is refused, and the
        sheet still waits for one."""
        pack = trainer()
        sheet = pack.purchase(pack.purchase(bo(30), "chosen_skill"), "chosen_skill")
        paused = pack.purchase(sheet, "random_skill", dice=ScriptedDice([1, 2]))
        expected = (
            "Random skill cannot finish with this decision (another may; undo takes the purchase back): "
            "Skills would be 3, past its maximum of 2"
        )
        with pytest.raises(LimitReached) as caught:
            pack.decide(paused, "block", dice=NoDice())
        assert (expected, ("keep one", ("block", "dodge"))) == (str(caught.value), paused.pending.question)  # type: ignore[union-attr]

    def test_outcome_changing_an_undefined_stat(self) -> None:
        """A procedure that returns a stat the pack lacks (a misspelling) is the pack's bug, not the buyer's: refused
        as such, naming the procedure, its upgrade, the stat and the closest one."""
        pack = attrs.evolve(
            trainer(), functions={**trainer().functions, "fixed_skill": lambda context: Effect(stats={"skils": 1})}
        )
        expected = (
            "the procedure 'fixed_skill' of Chosen skill (upgrade 'chosen_skill') changed a stat the pack does not "
            "define: 'skils' (the closest: skills)"
        )
        with pytest.raises(PackFunctionError) as caught:
            pack.purchase(bo(12), "chosen_skill")
        assert expected == str(caught.value)

    def test_outcome_changing_a_stat_the_sheet_does_not_hold(self) -> None:
        """A procedure that changes a stat of the pack a player does not hold (his kind does not list it) would
        make it from nothing at 0: refused as the pack's bug, naming the stat and what the player holds."""
        fame = StatSpec(id="fame", label=Label(en="Fame", fr="Renommée"))
        pack = attrs.evolve(
            trainer(),
            stats=[*trainer().stats.values(), fame],
            functions={**trainer().functions, "fixed_skill": lambda context: Effect(stats={"fame": 1})},
        )
        expected = (
            "the procedure 'fixed_skill' of Chosen skill (upgrade 'chosen_skill') changed a stat a sheet of kind "
            "'player' does not hold: 'fame' (it holds: skills)"
        )
        with pytest.raises(PackFunctionError) as caught:
            pack.purchase(pack.new_sheet("player", "Bo", pools={"spp": 12}), "chosen_skill")
        assert expected == str(caught.value)

    def test_outcome_granting_an_unknown_id(self) -> None:
        """A procedure granting an id the pack does not know (a misspelt skill) is refused as the pack's bug, with
        the closest id, rather than leaving the sheet owning an item no rule reads."""
        pack = attrs.evolve(
            trainer(), functions={**trainer().functions, "fixed_skill": lambda context: Effect(grants={"blcok": 1})}
        )
        expected = (
            "the procedure 'fixed_skill' of Chosen skill (upgrade 'chosen_skill') granted an id the pack does not "
            "know: 'blcok' (the closest: block); an item only the pack's code gives is named in its [names]"
        )
        with pytest.raises(PackFunctionError) as caught:
            pack.purchase(bo(12), "chosen_skill")
        assert expected == str(caught.value)

    def test_a_decided_outcome_granting_an_unknown_id(self) -> None:
        """The grant of an outcome decided after a pause is checked too: the decision is refused, and the sheet
        still waits for one."""

        def misspelt(context: ProcedureContext) -> Generator[Roll | Choose, object, Effect]:
            kept = yield Choose(label="keep one", options=("block", "dodge"))
            return Effect(grants={f"{kept}z": 1})

        pack = attrs.evolve(trainer(), functions={**trainer().functions, "random_skill": misspelt})
        paused = pack.purchase(bo(), "random_skill", dice=NoDice())
        with pytest.raises(
            PackFunctionError, match=r"granted an id the pack does not know: 'dodgez' \(the closest: dodge\)"
        ):
            pack.decide(paused, "dodge", dice=NoDice())
        assert ("keep one", ("block", "dodge")) == paused.pending.question  # type: ignore[union-attr]

    def test_outcome_granting_an_item_the_sheet_owns(self) -> None:
        """An item the pack does not name but the sheet already owns (a sheet made with it) is known: granting
        more of it is no typo."""
        pack = attrs.evolve(
            trainer(), functions={**trainer().functions, "fixed_skill": lambda context: Effect(grants={"mascot": 1})}
        )
        sheet = attrs.evolve(bo(12), owned={"mascot": 1})
        assert {"mascot": 2} == dict(pack.purchase(sheet, "chosen_skill").owned)

    def test_options_must_be_texts(self) -> None:
        """A procedure offering numbers to choose from is refused at once: decisions are saved as texts."""

        def numbers(context: ProcedureContext) -> Generator[Choose, object, Effect]:
            yield Choose(label="pick", options=(1, 2))  # type: ignore[arg-type]
            return Effect()

        pack = attrs.evolve(trainer(), functions={**trainer().functions, "fixed_skill": numbers})
        with pytest.raises(
            InvalidInput, match=r"the procedure of Chosen skill must offer texts to choose from, got \[1, 2\]"
        ):
            pack.purchase(bo(12), "chosen_skill")

    def test_events_applied_one_by_one_give_the_folded_state(self) -> None:
        """The fold of a paused purchase's events, one at a time, gives the state its one step gives:
        the rolls and the question are remembered while the procedure waits."""
        sheet = paused()
        step = sheet.ledger[-1]
        assert isinstance(step, Step)
        one_by_one = bo()
        for event in step.events:
            one_by_one = applied(one_by_one, event)
        assert (sheet.pending, dict(sheet.pools)) == (one_by_one.pending, dict(one_by_one.pools))

    def test_member_pauses_on_a_roster(self) -> None:
        """A member's paused procedure saves with the roster and is decided through it."""
        pack = trainer()
        team = progression.join(pack.new_sheet("team", "Lions"), "bo", bo())
        team = pack.purchase(team, "random_skill", member="bo", dice=ScriptedDice([5, 6]))
        team = progression.load_sheet(progression.dump_sheet(team))
        team = pack.decide(team, "catch", member="bo", dice=NoDice())
        assert {"catch": 1} == dict(team.member("bo").owned)


class TestSharedEvents:
    def test_equal_purchases_share_their_events(self) -> None:
        """Two players who roll the same dice record equal entries, and the rolls and question are one object each
        (the start is not shared: sharing it measured no gain)."""
        first, second = paused(), paused()
        one, two = first.ledger[-1], second.ledger[-1]
        assert isinstance(one, Step)
        assert isinstance(two, Step)
        assert (one, [True] * 3) == (two, [a is b for a, b in zip(one.events[1:], two.events[1:], strict=True)])

    def test_a_roll_of_other_values_is_not_shared(self) -> None:
        """Dice that answer True rather than 1 keep their own roll event: sharing never swaps what was rolled."""

        class TrueDice:
            def roll(self, sides: int, count: int = 1, label: str = "") -> tuple[int, ...]:
                return (True,) * count

        paused()  # a roll of (1,) for "first skill" is known
        sheet = trainer().purchase(bo(), "random_skill", dice=TrueDice())
        entry = sheet.ledger[-1]
        assert isinstance(entry, Step)
        rolled = entry.events[1]
        assert isinstance(rolled, Rolled)
        assert (True, bool) == (rolled.results[0], type(rolled.results[0]))

    def test_decisions_on_equal_pauses_are_equal(self) -> None:
        """Deciding the same way on two equal pauses records equal entries and sheets; the decision is one object."""
        one = trainer().decide(paused(), "dodge").ledger[-1]
        two = trainer().decide(paused(), "dodge").ledger[-1]
        assert isinstance(one, Step)
        assert isinstance(two, Step)
        assert (one, True) == (two, one.events[0] is two.events[0])


class TestBadDice:
    def test_scripted_dice_run_out(self) -> None:
        """Too few scripted results is a DiceError saying what was needed; nothing is recorded."""
        with pytest.raises(
            DiceError,
            match="the scripted dice ran out: the 1 result given was rolled, and the next roll is 1D6 for 'second skill'; "
            "give 1 more result",
        ):
            trainer().purchase(bo(), "random_skill", dice=ScriptedDice([1]))

    def test_no_dice(self) -> None:
        """A procedure that must roll, given no dice, says which roll."""
        with pytest.raises(
            InvalidInput,
            match=r"^first skill in the procedure of Random skill needs 1D6, but no dice were given; pass dice=",
        ):
            trainer().purchase(bo(), "random_skill")


class TestBadDecisions:
    def test_decision_not_an_option(self) -> None:
        """A decision outside the options is refused, listing them."""
        with pytest.raises(
            DecisionError, match="'catch' is not an option for 'keep one'; the options are: block, dodge"
        ):
            trainer().decide(paused(), "catch", dice=NoDice())

    def test_decision_up_front_not_an_option(self) -> None:
        """The same when given with the purchase."""
        with pytest.raises(
            DecisionError, match="'catch' is not an option for 'keep one'; the options are: block, dodge"
        ):
            trainer().purchase(bo(), "random_skill", dice=ScriptedDice([1, 2]), decisions=["catch"])

    def test_a_misspelt_decision_names_the_closest(self) -> None:
        """A misspelt answer, now or given with the purchase, is refused with the options and the closest."""
        with pytest.raises(DecisionError) as now:
            trainer().decide(paused(), "dodg", dice=NoDice())
        with pytest.raises(DecisionError) as up_front:
            trainer().purchase(bo(), "random_skill", dice=ScriptedDice([1, 2]), decisions=["blok"])
        assert [
            "'dodg' is not an option for 'keep one'; the options are: block, dodge; the closest: dodge",
            "'blok' is not an option for 'keep one'; the options are: block, dodge; the closest: block",
        ] == [str(now.value), str(up_front.value)]
        # bad usage whatever the word, as a misspelt choice is: an UnknownName too, with its attributes
        assert (True, "answer", "dodg", ("block", "dodge"), ("dodge",)) == (
            isinstance(now.value, UnknownName),
            now.value.kind,  # type: ignore[attr-defined]
            now.value.name,  # type: ignore[attr-defined]
            now.value.known,  # type: ignore[attr-defined]
            now.value.closest,  # type: ignore[attr-defined]
        )

    def test_no_decision_waiting(self) -> None:
        """Deciding when nothing is asked is refused."""
        with pytest.raises(DecisionError, match="there is no decision to make: no procedure is waiting"):
            trainer().decide(bo(), "block")

    def test_too_many_decisions(self) -> None:
        """Decisions the procedure never asked for are refused, not dropped."""
        with pytest.raises(
            DecisionError, match=r"1 decision\(s\) were given that the procedure never asked for: \['dodge'\]"
        ):
            trainer().purchase(bo(), "random_skill", dice=ScriptedDice([1, 2]), decisions=["block", "dodge"])

    def test_decisions_as_a_text(self) -> None:
        """``decisions="block"`` would be read letter by letter: refused with the fix."""
        with pytest.raises(
            InvalidInput, match=r"decisions must be a list of texts, got the text 'block'; pass \['block'\]"
        ):
            trainer().purchase(bo(), "random_skill", dice=ScriptedDice([1, 2]), decisions="block")


def _as_typed(sheet: Sheet, **fields: object) -> Sheet:
    """``sheet`` as an earlier version saved it: its last entry's operation holding ``fields`` as they were typed
    (the engine kept a decision as it came, where its Decided event holds the option's id)."""
    data = progression.files.unstructure_sheet(sheet)
    data["ledger"][-1]["operation"].update(fields)
    return progression.files.structure_sheet(data, "bo.json", tampered="read")  # the sheet that version made


class TestDecisionsKeptAsIds:
    """A decision given by another case or by an option's displayed name is kept in the entry's operation as the id
    the procedure took, as its Decided event holds it: it was kept as typed, so a history, verify and replay showed
    ``GUARD`` beside ``guard``."""

    def test_a_decision_given_up_front(self) -> None:
        """``decisions=["GUARD"]`` is kept as ``("guard",)``; the file keeps the id, and the history verifies."""
        sheet = trainer().purchase(bo(), "random_skill", dice=ScriptedDice([3, 4]), decisions=["GUARD"])
        entry = sheet.ledger[-1]
        assert isinstance(entry, Entry)
        decided = next(e for e in entry.events if isinstance(e, Decided))
        assert (Purchase(upgrade="random_skill", decisions=("guard",)), "guard") == (entry.operation, decided.choice)
        loaded = progression.load_sheet(progression.dump_sheet(sheet))
        assert (("guard",), True) == (loaded.ledger[-1].operation.decisions, progression.verify(loaded, trainer()).ok)  # type: ignore[attr-defined]

    def test_a_decision_made_later(self) -> None:
        """``Decide(choice="DODGE")`` run as it is (``RulePack.decide`` resolves it first) is kept as
        ``Decide(choice="dodge")``, labelled with the id."""
        sheet, _ = progression.run(trainer(), paused(), Decide(choice="DODGE"), NoDice())
        entry = sheet.ledger[-1]
        assert isinstance(entry, Entry)
        assert (Decide(choice="dodge"), "decide dodge") == (entry.operation, entry.label)

    def test_a_ledger_written_before_verifies(self) -> None:
        """A file of an earlier version, its operation holding the decision as typed, verifies, loads with verify
        and is stored as it is; the same entry with an event edited is still found, and the sentence names the
        event, not the decision's spelling."""
        pack = trainer()
        typed = _as_typed(
            pack.purchase(bo(), "random_skill", dice=ScriptedDice([3, 4]), decisions=["GUARD"]), decisions=["GUARD"]
        )
        assert ("GUARD",) == typed.ledger[-1].operation.decisions  # type: ignore[attr-defined]
        assert progression.verify(typed, pack).ok
        assert typed == progression.load_sheet(progression.dump_sheet(typed), pack=pack, verify=True)
        data = progression.files.unstructure_sheet(typed)
        data["ledger"][-1]["events"][0]["price"] = {"spp": 1}
        edited = progression.files.structure_sheet(data, "bo.json", tampered="read")
        (divergence,) = progression.verify(edited, pack).divergences
        assert divergence.sentence.startswith("events[0].price.spp: recorded 1, the rules give 6"), divergence.sentence

    def test_a_decide_written_before_verifies(self) -> None:
        """The same for a decision made later: ``Decide(choice="DODGE")`` of an earlier version verifies."""
        pack = trainer()
        typed = _as_typed(pack.decide(paused(), "DODGE", dice=NoDice()), choice="DODGE")
        assert ("DODGE", True) == (typed.ledger[-1].operation.choice, progression.verify(typed, pack).ok)  # type: ignore[attr-defined]

    def test_a_store_takes_a_ledger_written_before(self, tmp_path: Path) -> None:
        """A sheet of an earlier version whose last entry holds a decision as typed continues a stored sheet: the
        entry is what the engine gives, so the store takes it, and stores the entry the engine gives (the id)."""
        pack = trainer()
        typed = _as_typed(
            pack.purchase(bo(), "random_skill", dice=ScriptedDice([3, 4]), decisions=["GUARD"]), decisions=["GUARD"]
        )
        with progression.open_store(tmp_path / "bo.sqlite", pack) as store:
            store.add("bo", bo())
            stored = store.extend("bo", typed)
        assert (typed.owned, typed.pools, ("guard",)) == (
            stored.owned,
            stored.pools,
            stored.ledger[-1].operation.decisions,
        )  # type: ignore[attr-defined]
