"""``verify``: every recorded operation run again under the rules, each divergent entry reported where it is."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import progression
import progression.authoring
import progression.events
import progression.files
from progression import ScriptedDice, Sheet, verify
from progression.errors import SheetError, UnknownPackError
from progression.operations import Award, Purchase
from support.builders import FEW, NoDice, histories, market, trainer
from support.edits import assert_found


def ana_history() -> Sheet:
    """Ana: 10 in her purse, a medal bought with 2, a milestone, 6 more."""
    pack = market()
    ana = pack.award(pack.new_sheet("adventurer", "Ana"), "purse", 10, reason="wages")
    ana = progression.mark(pack.purchase(ana, "medal"), "session 1")
    return pack.award(ana, "purse", 6, reason="bounty")


def edited(sheet: Sheet, edit: Any) -> Sheet:
    """The sheet saved, its file's data changed by ``edit``, and read back."""
    data = progression.files.unstructure_sheet(sheet)
    edit(data["ledger"])
    return progression.files.structure_sheet(data, "ana.json", tampered="read")


def found(sheet: Sheet, pack: progression.RulePack | None = None) -> list[tuple[int, str, str]]:
    """What verify reports: the position, kind and sentence of each divergence."""
    return [(d.position, d.kind, d.sentence) for d in verify(sheet, pack or market()).divergences]


class TestUntouched:
    def test_a_history_made_by_the_engine_verifies(self) -> None:
        """Every entry the engine wrote is what the rules give again."""
        report = verify(ana_history(), market())
        assert (True, 5, ()) == (report.ok, report.entries, report.divergences)
        assert ["Ana: all 5 entries verified under " + market().rules] == list(report.lines())

    @FEW
    @given(histories())
    def test_any_generated_history_verifies(self, sheet: Sheet) -> None:
        """Awards, purchases, discards and marks in any order: verify is ok, before and after a file."""
        assert (True, True) == (
            verify(sheet, market()).ok,
            verify(progression.load_sheet(progression.dump_sheet(sheet)), market()).ok,
        )

    def test_a_paused_and_decided_procedure_verifies_with_its_recorded_dice(self) -> None:
        """A purchase that rolled and paused, then the decision: both run again on their recorded rolls."""
        pack = trainer()
        player = pack.award(pack.new_sheet("player", "Ana"), "spp", 6, reason="a touchdown")
        player = pack.decide(pack.purchase(player, "random_skill", dice=ScriptedDice([1, 2])), "dodge", dice=NoDice())
        assert (True, "dodge") == (verify(player, pack).ok, next(iter(player.owned)))


class TestTampering:
    def test_an_award_changed(self) -> None:
        """An award of 10 edited to 60 in the file is found at its entry, with both numbers."""

        def edit(ledger: list[Any]) -> None:
            ledger[1]["events"][0]["amount"] = 60

        assert [(2, "edited", "events[0].amount: recorded 60, the rules give 10")] == found(edited(ana_history(), edit))

    def test_an_operation_changed_with_its_event(self) -> None:
        """Both the operation and its event edited to 60 still diverge: the start pools of the creation are the rules'."""

        def edit(ledger: list[Any]) -> None:
            ledger[0]["events"][0]["pools"]["purse"] = 500

        assert [(1, "edited", "events[0].pools.purse: recorded 500, the rules give 0")] == found(
            edited(ana_history(), edit)
        )

    def test_a_price_lowered(self) -> None:
        """A medal bought for 0 instead of 2: found at the purchase."""

        def edit(ledger: list[Any]) -> None:
            ledger[2]["events"][0]["price"]["purse"] = 0

        assert [(3, "edited", "events[0].price.purse: recorded 0, the rules give 2")] == found(
            edited(ana_history(), edit)
        )

    def test_an_entry_deleted(self) -> None:
        """With the wages deleted, the medal cannot have been paid: found at the purchase that follows."""

        def edit(ledger: list[Any]) -> None:
            del ledger[1]
            ledger[1]["events"][0]["price"]["purse"] = 0  # so the file still loads: no pool below 0

        (position, kind, sentence), *_ = found(edited(ana_history(), edit))
        assert (2, "refused") == (position, kind)
        assert (
            "recorded as entry 3, it stands at 2: an entry before it was deleted, or entries were moved;"
            " and the rules refuse it: Medal costs 2 Coin but none are available"
        ) == sentence

    def test_an_entry_deleted_that_changed_nothing_later(self) -> None:
        """The milestone deleted: the rules give every later entry as before, and the gap is found where it is."""

        def edit(ledger: list[Any]) -> None:
            del ledger[2]

        assert [
            (3, "edited", "recorded as entry 4, it stands at 3: an entry before it was deleted, or entries were moved")
        ] == found(edited(ana_history(), edit))

    def test_two_entries_swapped(self) -> None:
        """The medal bought before the wages were paid: the purchase, now first, is refused; both entries moved."""

        def edit(ledger: list[Any]) -> None:
            ledger[1], ledger[2] = ledger[2], ledger[1]
            ledger[1]["events"][0]["price"]["purse"] = 0

        reported = found(edited(ana_history(), edit))
        assert [(2, "refused"), (3, "edited")] == [(position, kind) for position, kind, _ in reported]
        assert reported[1][2].startswith("recorded as entry 2, it stands at 3: an entry was added before it")

    def test_two_entries_swapped_that_the_rules_allow_in_either_order(self) -> None:
        """The milestone and the bounty swapped: each is reported where it stands."""

        def edit(ledger: list[Any]) -> None:
            ledger[3], ledger[4] = ledger[4], ledger[3]

        assert [4, 5] == [position for position, _, _ in found(edited(ana_history(), edit))]

    @pytest.mark.parametrize(
        ("roll", "message"),
        [
            ({"sides": 1, "results": [1]}, r"a die has at least 2 sides, got 1 @ \$\.ledger\[2\]\.rolls\[1\]\.sides"),
            ({"results": []}, r"a roll shows at least one die, got none @ \$\.ledger\[2\]\.rolls\[1\]\.results"),
        ],
    )
    def test_a_roll_that_is_no_roll(self, roll: dict[str, Any], message: str) -> None:
        """A die of one side, or a roll of no die, recorded in an entry: the file is refused where it says so."""
        pack = trainer()
        player = pack.award(pack.new_sheet("player", "Ana"), "spp", 6, reason="a touchdown")
        player = pack.purchase(player, "random_skill", dice=ScriptedDice([1, 2]), decisions=["dodge"])
        data = progression.files.unstructure_sheet(player)
        data["ledger"][2]["rolls"][1].update(roll)
        with pytest.raises(SheetError, match=message):
            progression.files.structure_sheet(data, "ana.json")

    def test_a_die_that_no_die_shows(self) -> None:
        """A D6 recorded as showing 7 in an entry's rolls: the file is refused where it says so."""
        pack = trainer()
        player = pack.award(pack.new_sheet("player", "Ana"), "spp", 6, reason="a touchdown")
        player = pack.purchase(player, "random_skill", dice=ScriptedDice([1, 2]), decisions=["dodge"])
        data = progression.files.unstructure_sheet(player)
        data["ledger"][2]["rolls"][1]["results"] = [7]
        with pytest.raises(SheetError, match=r"a D6 shows 1 to 6, got 7 @ \$\.ledger\[2\]\.rolls\[1\]\.results\[0\]"):
            progression.files.structure_sheet(data, "ana.json")

    def test_a_purchase_the_sheet_could_not_make(self) -> None:
        """A crown (it needs level 3) written into the file: the rules refuse it, with their reason."""
        pack = market()
        rich = pack.award(pack.new_sheet("adventurer", "Ana"), "purse", 10, reason="wages")
        crowned = pack.purchase(rich, "crown", override="a test", bypass=["requires"])

        def edit(ledger: list[Any]) -> None:
            ledger[2]["operation"].update(override=None, bypass=[])
            ledger[2]["events"][0]["override"] = None

        [(position, kind, sentence)] = found(edited(crowned, edit))
        assert (3, "refused", "the rules refuse it: Crown cannot be bought: needs Level at least 3 (it is 0)") == (
            position,
            kind,
            sentence,
        )

    def test_a_die_changed(self) -> None:
        """A recorded roll changed from 2 to 5: the skill kept no longer comes from the dice."""
        pack = trainer()
        player = pack.award(pack.new_sheet("player", "Ana"), "spp", 6, reason="a touchdown")
        player = pack.purchase(player, "random_skill", dice=ScriptedDice([1, 2]), decisions=["dodge"])

        def edit(ledger: list[Any]) -> None:
            ledger[2]["rolls"][1]["results"] = [5]

        (position, kind, sentence), *_ = found(edited(player, edit), pack)
        assert (3, "refused") == (position, kind)
        assert "'dodge' is not an option for 'keep one'; the options are: block, sprint" in sentence

    def test_recorded_before_operations(self) -> None:
        """A ledger of events alone (a format-1 file) loads, and verify says it cannot be verified: never ok."""
        pack = market()
        old = progression.replay([progression.events.Created(pack="market", kind="adventurer", name="Ana")])
        report = verify(old, pack)
        assert (False, ["unverifiable"]) == (report.ok, [d.kind for d in report.divergences])

    def test_load_with_verify_refuses_an_edited_file(self) -> None:
        """``load_sheet(verify=True)`` refuses a history the rules do not give, naming the entry."""

        def edit(ledger: list[Any]) -> None:
            ledger[1]["events"][0]["amount"] = 60

        data = progression.files.unstructure_sheet(ana_history())
        edit(data["ledger"])
        with pytest.raises(SheetError, match=r"events\[0\]\.amount: recorded 60, the rules give 10 @ \$\.ledger\[1\]"):
            progression.load_sheet(json.dumps(data), "ana.json", pack=market(), verify=True)
        assert ana_history() == progression.load_sheet(
            progression.dump_sheet(ana_history()), pack=market(), verify=True
        )


class TestAnySingleEdit:
    @FEW
    @given(histories(), st.data())
    def test_one_edited_value_is_reported_or_refused(self, sheet: Sheet, data: st.DataObject) -> None:
        """Edit any one recorded value of any entry: the file is refused, or verify reports that entry (or the
        edit changed nothing, the file reading back as the same history)."""
        assert_found(sheet, market(), data)


class TestTheRules:
    def test_an_unknown_pack_is_said(self) -> None:
        """Without a pack, verify loads the installed one the sheet names; none is an UnknownPackError."""
        with pytest.raises(UnknownPackError):
            verify(ana_history())

    def test_changed_rules_are_said(self) -> None:
        """Checked against other data (the medal now costs 3), the report says the rules changed since."""
        pack = market()
        dearer = attrs.evolve(
            pack,
            upgrades={
                **pack.upgrades,
                "medal": attrs.evolve(pack.upgrade("medal"), cost=progression.authoring.FixedCost(amount=3)),
            },
        )
        report = verify(ana_history(), dearer)
        assert (True, [(1, "rules"), (3, "rules")]) == (
            report.rules_changed,
            [(d.position, d.kind) for d in report.divergences],
        )
        assert "the rules changed since the sheet was made: rebase it" in "\n".join(report.lines())

    def test_under_changed_rules_only_what_they_change_is_reported(self) -> None:
        """A sheet made under other rules is said so once, on its creation; each later entry is checked under the
        rules given, as a rebase would run it: a purchase the change leaves alone holds (every purchase was refused
        for the sheet's rules, "Ana was made under the rules ..."), the one it prices otherwise says how."""
        pack = market()
        ana = pack.purchase(pack.award(pack.new_sheet("adventurer", "Ana"), "purse", 30, reason="wages"), "lesson")
        ana = pack.purchase(ana, "medal")
        dearer = attrs.evolve(
            pack,
            upgrades={
                **pack.upgrades,
                "medal": attrs.evolve(pack.upgrade("medal"), cost=progression.authoring.FixedCost(amount=3)),
            },
        )
        report = verify(ana, dearer)
        assert [(1, "rules"), (4, "rules")] == [(d.position, d.kind) for d in report.divergences]
        assert "recorded 2, the rules give 3" in report.divergences[1].sentence
        assert next(report.lines()) == f"Ana: 2 of 4 entries diverge from the rules {dearer.rules}"


class TestEquality:
    def test_state_counts_in_equality(self) -> None:
        """A sheet whose state is not its ledger's fold is not equal to the fold: replay checks are real."""
        sheet = ana_history()
        wrong = attrs.evolve(sheet, pools={**sheet.pools, "purse": 99})
        assert (False, True) == (progression.replay(wrong.ledger) == wrong, progression.replay(sheet.ledger) == sheet)

    def test_award_and_purchase_operations_are_recorded(self) -> None:
        """The entries hold what was asked: the operation with its inputs."""
        sheet = ana_history()
        assert (Award(pool="purse", amount=10, reason="wages"), Purchase(upgrade="medal")) == (
            sheet.ledger[1].operation,
            sheet.ledger[2].operation,
        )
