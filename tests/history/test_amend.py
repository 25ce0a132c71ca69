"""``amend`` and ``rebase``: an old entry replaced, every later one run again, and a report of what became of each."""

from __future__ import annotations

import attrs
import pytest

import progression
import progression.authoring
import progression.files
from progression import ScriptedDice, Sheet, amend, rebase
from progression.errors import InvalidInput, RulesChanged
from progression.history import AmendmentRefused, EntryOutcome
from progression.operations import Award, Create, Mark, Purchase
from support.builders import NoDice, market, trainer


def ana_history() -> Sheet:
    """Ana: 10 in her purse, a medal bought with 2 of them, a milestone, 6 more."""
    pack = market()
    ana = pack.award(pack.new_sheet("adventurer", "Ana"), "purse", 10, reason="wages")
    ana = progression.mark(pack.purchase(ana, "medal"), "session 1")
    return pack.award(ana, "purse", 6, reason="bounty")


def statuses(outcomes: tuple[EntryOutcome, ...]) -> list[tuple[int, str]]:
    return [(o.position, o.status) for o in outcomes]


class TestAmend:
    def test_an_old_award_corrected(self) -> None:
        """The wages were 12, not 10: the later entries hold, the purse ends 2 higher."""
        sheet, report = amend(ana_history(), 2, Award(pool="purse", amount=12, reason="wages"), pack=market())
        assert ([(2, "amended"), (3, "holds"), (4, "holds"), (5, "holds")], 16, True) == (
            statuses(report.outcomes),
            sheet.pools["purse"],
            progression.verify(sheet, market()).ok,
        )
        assert "#2 award 12 to purse: amended" == report.outcomes[0].line()

    def test_the_amended_history_is_what_the_operations_give(self) -> None:
        """Amending is the same as making the history again with the new operation."""
        pack = market()
        again = pack.award(pack.new_sheet("adventurer", "Ana"), "purse", 12, reason="wages")
        again = pack.award(progression.mark(pack.purchase(again, "medal"), "session 1"), "purse", 6, reason="bounty")
        assert again == amend(ana_history(), 2, Award(pool="purse", amount=12, reason="wages"), pack=pack)[0]

    def test_a_later_purchase_becomes_unaffordable(self) -> None:
        """Wages of 1: the medal (2) cannot be paid. By default nothing changes and the error says why."""
        before = ana_history()
        with pytest.raises(
            AmendmentRefused, match=r"#3 buy medal: Medal costs 2 Coin but only 1 is available"
        ) as caught:
            amend(before, 2, Award(pool="purse", amount=1, reason="wages"), pack=market())
        assert [(3, "refused")] == [(o.position, o.status) for o in caught.value.report.refused]
        assert ana_history() == before

    def test_drop_the_entries_made_invalid(self) -> None:
        """``invalid="drop"`` leaves the medal out and goes on: the rest holds."""
        sheet, report = amend(
            ana_history(), 2, Award(pool="purse", amount=1, reason="wages"), pack=market(), invalid="drop"
        )
        assert ([(2, "amended"), (3, "dropped"), (4, "holds"), (5, "holds")], 7, 4) == (
            statuses(report.outcomes),
            sheet.pools["purse"],
            len(sheet.ledger),
        )

    def test_stop_before_the_first_invalid_entry(self) -> None:
        """``invalid="stop"`` ends the history before the medal."""
        sheet, report = amend(
            ana_history(), 2, Award(pool="purse", amount=1, reason="wages"), pack=market(), invalid="stop"
        )
        assert ([(2, "amended"), (3, "dropped"), (4, "dropped"), (5, "dropped")], 1, 2) == (
            statuses(report.outcomes),
            sheet.pools["purse"],
            len(sheet.ledger),
        )

    def test_a_change_is_said(self) -> None:
        """An entry that now does otherwise says what changed, against what it did."""
        pack = market()
        sheet = pack.award(pack.new_sheet("adventurer", "Ana"), "bag", 8, reason="loot")
        sheet = pack.award(sheet, "bag", 4, reason="loot")  # the bag holds 10: 2 of these are lost
        _, report = amend(sheet, 2, Award(pool="bag", amount=3, reason="loot"), pack=pack)
        assert [
            EntryOutcome(position=3, label="award 4 to bag", status="changed", changes=("bag: +4 (was +2)",))
        ] == list(report.outcomes[1:])

    def test_a_change_is_said_with_thousands_separators(self) -> None:
        """Amounts are written as the rest of the output writes them (``-305,000``, not ``-305000``)."""
        from progression.history.amend import _deltas

        pack = market()
        before = pack.new_sheet("adventurer", "Ana")
        was, now = (pack.award(before, "purse", n, reason="wages") for n in (295_000, 305_000))
        assert ["purse: +305,000 (was +295,000)"] == list(_deltas("", before, was, before, now))

    def test_the_creation_amended(self) -> None:
        """Entry 1 is the creation: amended by a Create, the whole history runs on the new start."""
        sheet, _ = amend(ana_history(), 1, Create(kind="adventurer", name="Ana", pools={"purse": 5}), pack=market())
        assert 19 == sheet.pools["purse"]

    def test_refusals(self) -> None:
        """A position out of range, something other than an operation, a creation elsewhere than at 1."""
        with pytest.raises(
            InvalidInput, match=r"the entry to amend of sheet 'Ana' must be a number from 1 to 5, got 9"
        ):
            amend(ana_history(), 9, Mark(name="x"), pack=market())
        with pytest.raises(InvalidInput, match=r"expected an operation to record at #2 of sheet 'Ana', got dict"):
            amend(ana_history(), 2, {"op": "award"}, pack=market())  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match="a creation can only be the first entry, not #3"):
            amend(ana_history(), 3, Create(kind="adventurer"), pack=market())
        with pytest.raises(InvalidInput, match="invalid must be one of refuse, drop, stop, got 'skip'"):
            amend(ana_history(), 2, Mark(name="x"), pack=market(), invalid="skip")


class TestRosters:
    def guild(self) -> Sheet:
        pack = market()
        guild = pack.new_sheet("guild", "Lions", pools={"purse": 10})
        guild = progression.join(guild, "ana", pack.new_sheet("adventurer", "Ana"))
        guild = progression.join(guild, "bo", pack.new_sheet("adventurer", "Bo"))
        guild = pack.award(guild, "purse", 3, reason="bounty", member="ana")
        return pack.purchase(guild, "medal", member="ana")

    def test_an_award_entered_on_the_wrong_member(self) -> None:
        """The bounty was Bo's: amended onto him, Ana's medal can no longer be paid; dropped, Bo has the 3."""
        with pytest.raises(AmendmentRefused, match="#5 buy medal"):
            amend(self.guild(), 4, Award(pool="purse", amount=3, reason="bounty", member="bo"), pack=market())
        sheet, report = amend(
            self.guild(), 4, Award(pool="purse", amount=3, reason="bounty", member="bo"), pack=market(), invalid="drop"
        )
        assert ([(4, "amended"), (5, "dropped")], 0, 3) == (
            statuses(report.outcomes),
            sheet.member("ana").pools["purse"],
            sheet.member("bo").pools["purse"],
        )

    def test_a_member_s_award_corrected(self) -> None:
        """Ana's bounty was 5: her medal still holds, and she keeps 3."""
        sheet, report = amend(
            self.guild(), 4, Award(pool="purse", amount=5, reason="bounty", member="ana"), pack=market()
        )
        assert ([(4, "amended"), (5, "holds")], 3) == (statuses(report.outcomes), sheet.member("ana").pools["purse"])


class TestDice:
    def player(self) -> Sheet:
        pack = trainer()
        player = pack.award(pack.new_sheet("player", "Ana"), "spp", 6, reason="a touchdown")
        player = pack.purchase(player, "random_skill", dice=ScriptedDice([1, 2]), decisions=["dodge"])
        return pack.award(player, "spp", 2, reason="an MVP")

    def test_recorded_rolls_are_reused(self) -> None:
        """A later entry that rolled rolls nothing again: its recorded dice answer the same requests."""
        sheet, report = amend(
            self.player(), 2, Award(pool="spp", amount=7, reason="a touchdown"), pack=trainer(), dice=NoDice()
        )
        assert ([(2, "amended"), (3, "holds"), (4, "holds")], 3) == (statuses(report.outcomes), sheet.pools["spp"])

    def test_a_roll_never_made_needs_dice(self) -> None:
        """An award amended into a purchase that rolls: without dice refused, with dice rolled."""
        pack = trainer()
        rich = pack.award(pack.award(pack.new_sheet("player", "Ana"), "spp", 6, reason="a"), "spp", 6, reason="b")
        with pytest.raises(
            progression.errors.DiceError,
            match="the history now needs 1D6 for 'first skill', which it never rolled before",
        ):
            amend(rich, 3, Purchase(upgrade="random_skill", decisions=("block",)), pack=pack)
        sheet, _ = amend(
            rich, 3, Purchase(upgrade="random_skill", decisions=("block",)), pack=pack, dice=ScriptedDice([1, 1])
        )
        assert ({"block": 1}, 0) == (dict(sheet.owned), sheet.pools["spp"])


class TestRebase:
    def dearer(self) -> progression.RulePack:
        pack = market()
        medal = attrs.evolve(pack.upgrade("medal"), cost=progression.authoring.FixedCost(amount=3))
        return attrs.evolve(pack, upgrades={**pack.upgrades, "medal": medal})

    def test_a_sheet_of_other_rules_is_not_continued(self) -> None:
        """The engine refuses to add to a history made under other rules until it is rebased."""
        with pytest.raises(RulesChanged, match="rebase its history onto these rules first"):
            self.dearer().award(ana_history(), "purse", 1, reason="x")

    def test_nor_amended(self) -> None:
        """Nor amended: its later entries would run under the new rules and the earlier ones stay under its own."""
        with pytest.raises(RulesChanged, match="rebase its history onto these rules first"):
            amend(ana_history(), 3, progression.operations.Mark(name="x"), pack=self.dearer())

    def test_nor_priced(self) -> None:
        """Nor is it priced: under the dearer rules the medal would be quoted at 3, not what its own rules ask."""
        with pytest.raises(RulesChanged, match=r"made under the rules 'market 0 [0-9a-f]{12}', not under"):
            self.dearer().quote(ana_history(), "medal")
        assert market().quote(ana_history(), "medal").price == 2

    def test_rebase_runs_the_history_under_the_new_rules(self) -> None:
        """The medal now costs 3: the rebased sheet paid 3, says so, and verifies under the new rules; its creation
        says it was made under other rules."""
        pack = self.dearer()
        sheet, report = rebase(ana_history(), pack)
        assert ([(1, "changed"), (2, "holds"), (3, "changed"), (4, "holds"), (5, "holds")], 13) == (
            statuses(report.outcomes),
            sheet.pools["purse"],
        )
        assert (f"made under {pack.rules} (was {market().rules})",) == report.outcomes[0].changes
        assert (("purse: -3 (was -2)",), True, pack.rules) == (
            report.outcomes[2].changes,
            progression.verify(sheet, pack).ok,
            sheet.rules,
        )

    def test_a_rebase_the_rules_refuse_speaks_of_the_rebase(self) -> None:
        """A medal of 11 Coin cannot be paid from 10: the rebase is refused, and its message speaks of the rebase
        and the rules it ran under, not of an amendment's later entries (a review found "the amendment makes 1
        later entry invalid" said to a user who asked for a rebase); an amendment still speaks of itself."""
        pack = market()
        medal = attrs.evolve(pack.upgrade("medal"), cost=progression.authoring.FixedCost(amount=11))
        pack = attrs.evolve(pack, upgrades={**pack.upgrades, "medal": medal})
        with pytest.raises(AmendmentRefused) as refused:
            rebase(ana_history(), pack)
        assert (
            f"the rebase makes 1 entry invalid under the rules {pack.rules!r}, so nothing was changed: #3 buy medal: "
            "Medal costs 11 Coin but only 10 are available (pass invalid='drop' or 'stop' to go on without them)",
            pack.rules,
        ) == (str(refused.value), refused.value.rebase)
        with pytest.raises(AmendmentRefused, match=r"^the amendment makes 1 later entry invalid") as amended:
            amend(ana_history(), 2, Award(pool="purse", amount=1, reason="wages"), pack=market())
        assert None is amended.value.rebase

    def test_a_creation_under_the_same_rules_holds(self) -> None:
        """Run again under the rules it was made under, the creation holds: nothing says it was amended."""
        _, report = rebase(ana_history(), market())
        assert {"holds"} == {status for _, status in statuses(report.outcomes)}

    def test_a_creation_that_starts_otherwise_says_so(self) -> None:
        """A sheet made with 5 in its purse, run again under rules that give the creation 0: changed, saying so."""
        ana = market().new_sheet("adventurer", "Ana", pools={"purse": 5})
        data = progression.files.unstructure_sheet(ana)
        data["ledger"][0]["events"][0]["pools"]["purse"] = 7  # as another version would have made it
        _, report = rebase(progression.files.structure_sheet(data, "ana.json", tampered="read"), market())
        assert ("changed", ("purse: starts at 5 (was 7)",)) == (report.outcomes[0].status, report.outcomes[0].changes)


class TestOnAnEditedHistory:
    def test_an_edit_before_the_amended_entry_refuses_it(self) -> None:
        """A file whose second entry was edited by hand (12 made 120): amending a later entry would carry the edit
        on and blame the amendment for it, so it is refused, naming the entry to amend first; amending the edited
        entry itself is how to put it right."""
        pack = market()
        ana = pack.award(pack.new_sheet("adventurer", "Ana"), "purse", 12, reason="wages")
        ana = pack.award(ana, "purse", 3, reason="tips")
        data = progression.files.unstructure_sheet(ana)
        data["ledger"][1]["events"][0]["amount"] = 120
        edited = progression.files.structure_sheet(data, "ana.json", tampered="read")
        with pytest.raises(InvalidInput, match=r"amend #3: the history before it is not what the rules give \(#2 "):
            amend(edited, 3, Award(pool="purse", amount=4, reason="tips"), pack=pack)
        fixed, _ = amend(edited, 2, Award(pool="purse", amount=12, reason="wages"), pack=pack)
        assert (15, True) == (fixed.pools["purse"], progression.verify(fixed, pack).ok)
