"""The work an operation's rule code is given: every change it makes is checked before it is recorded."""

from __future__ import annotations

import inspect
from collections.abc import Mapping

import attrs
import pytest

import progression
from progression import Effect, RulePack, ScriptedDice, Sheet, Work
from progression.errors import CapExceeded, InsufficientPoints, InvalidInput, ProgressionError, UnknownName
from progression.events import Adjusted, Awarded, Lost, Member, Purchased, Rolled, Step
from progression.operations import Award
from support.builders import market


@progression.operation("market.fine", kind="guild")
def fine(work: Work, member: str, amount: int) -> None:
    """A member pays a fine out of his purse."""
    work.lose("purse", amount, "a fine", member=member)


@progression.operation("market.dues", kind="guild")
def dues(work: Work, amount: int) -> None:
    """The guild pays its dues, priced here, counted as a banner bought."""
    work.spend({"purse": amount}, upgrade="dues", choice=f"{amount} coins")


@progression.operation("market.pin", kind="adventurer")
def pin(work: Work, price: int, stat: str = "shine") -> None:
    """A pin bought at a price the rule code sets: a badge owned, and a stat raised."""
    work.spend({"purse": price}, upgrade="badge", effect=Effect(grants={"badge": 1}, stats={stat: 1}))


@progression.operation("market.polish", kind="adventurer")
def polish(work: Work, stat: str) -> None:
    """Shine goes up by one, or any stat named."""
    work.adjust(Effect(stats={stat: 1}), "polished")


@progression.operation("market.recruit", kind="guild")
def recruit(work: Work, member: str, *, leaving: str = "") -> None:
    """A new adventurer joins; another may leave."""
    work.join(member, market().new_sheet("adventurer", member.title()))
    if leaving:
        work.leave(leaving, "recruited away")


@progression.operation("market.quest", kind="guild")
def quest(work: Work, member: str, *, dice: progression.Dice) -> None:
    """A member goes on a quest: a D6 shown as his luck, paid to his purse, and a tale told of it."""
    with work.step("quest", member=member):
        (luck,) = work.roll(6, label="quest", shown=f"{member}'s luck")
        work.award("purse", luck, f"quest: D6 {luck}")
        work.note(f"{work.subject().name} came back")


@progression.operation("market.hoard", kind="adventurer")
def hoard(work: Work, amount: int, *, nested: bool = False) -> None:
    """Coins into the chest (capped at 10, refused past it); nested, an award run inside a step."""
    if nested:
        with work.step("hoarding"):
            work.run(Award(pool="chest", amount=amount, reason="hoard"))
            work.note("hoarded")
    else:
        work.award("chest", amount, "hoard")


@progression.operation("market.tithe", kind="guild")
def tithe(work: Work, member: str, rolled: int) -> None:
    """A member's tithe, from a die rolled at the table (given): shown, then paid; a nested award is refused
    inside his step."""
    with work.step("tithe", member=member):
        work.show_roll(f"tithe of {rolled}", 6, (rolled,))
        work.lose("purse", rolled, "tithe")
        if rolled == 6:
            work.run(Award(pool="purse", amount=1, reason="blessing"))


@progression.operation("market.levy", kind="guild")
def levy(work: Work, price: Mapping[str, int]) -> None:
    """The guild pays a levy the rule code prices."""
    work.spend(price, upgrade="levy")


def pack() -> RulePack:
    return attrs.evolve(market(), operations=[fine, dues, pin, polish, recruit, quest, hoard, tithe, levy])


def guild(**pools: int) -> Sheet:
    rules = pack()
    ana = rules.new_sheet("adventurer", "Ana", pools=pools)
    return progression.join(rules.new_sheet("guild", "Lions", pools={"purse": 5}), "ana", ana)


class TestChanges:
    def test_a_loss_takes_what_the_pool_holds_and_no_more(self) -> None:
        """Three of Ana's four coins go; five are refused, saying what she holds, and nothing is recorded."""
        lions = guild(purse=4)
        after = fine(pack(), lions, "ana", 3)
        with pytest.raises(InvalidInput, match=r"Purse of 'Ana' holds 4, so 5 cannot be lost"):
            fine(pack(), lions, "ana", 5)
        assert (1, (Member(member="ana", event=Lost(pool="purse", amount=3, reason="a fine")),)) == (
            after.member("ana").pools["purse"],
            after.ledger[-1].events,
        )

    def test_a_price_the_rule_code_set_is_paid_from_what_is_held(self) -> None:
        """The dues of 5 are paid and counted as bought; dues of 6 are more than the purse holds."""
        after = dues(pack(), guild(), 5)
        with pytest.raises(InsufficientPoints, match=r"dues \(6 coins\) costs 6 Purse but only 5 are available"):
            dues(pack(), guild(), 6)
        assert ((Purchased(upgrade="dues", choice="5 coins", price={"purse": 5}),), 0, 1) == (
            after.ledger[-1].events,
            after.pools["purse"],
            after.bought["dues"],
        )

    def test_a_price_set_by_rule_code_may_have_an_effect(self) -> None:
        """The pin is paid, owned and shines; a pin raising a stat Ana has not is refused by name."""
        ana = pack().new_sheet("adventurer", "Ana", pools={"purse": 3})
        after = pin(pack(), ana, 2)
        with pytest.raises(UnknownName, match="luck"):
            pin(pack(), ana, 2, "luck")
        assert (1, 1, 1, after) == (
            after.pools["purse"],
            after.owned["badge"],
            after.stats["shine"],
            progression.replay(after.ledger),
        )

    def test_an_adjustment_changes_only_stats_the_sheet_has(self) -> None:
        """Shine is Ana's; luck is no stat of hers, and is refused by name."""
        ana = pack().new_sheet("adventurer", "Ana")
        assert polish(pack(), ana, "shine").stats["shine"] == 1
        with pytest.raises(UnknownName, match="luck"):
            polish(pack(), ana, "luck")

    def test_members_join_under_a_new_id_and_leave_under_their_own(self) -> None:
        """Bo joins while Ana leaves; a second Bo, or the departure of someone who is not there, is refused."""
        after = recruit(pack(), guild(), "bo", leaving="ana")
        with pytest.raises(InvalidInput, match="already has a member 'bo'"):
            recruit(pack(), after, "bo")
        with pytest.raises(UnknownName, match="cy"):
            recruit(pack(), after, "di", leaving="cy")
        assert ["bo"] == list(after.members)

    def test_an_award_keeps_to_the_cap(self) -> None:
        """The chest holds 10: eight go in, eleven are refused by the pool's own policy."""
        ana = pack().new_sheet("adventurer", "Ana")
        assert hoard(pack(), ana, 8).pools["chest"] == 8
        with pytest.raises(CapExceeded):
            hoard(pack(), ana, 11)


class TestSteps:
    def test_a_step_for_a_member_groups_its_changes_on_him(self) -> None:
        """The roll shown under its own label, the award and the note: one step on Ana, the roll in the entry."""
        after = quest(pack(), guild(), "ana", dice=ScriptedDice([4]))
        entry = after.ledger[-1]
        step = Step(
            label="quest",
            events=(
                Rolled(label="ana's luck", sides=6, results=(4,)),
                Awarded(pool="purse", amount=4, reason="quest: D6 4"),
                Adjusted(effect=Effect(), reason="Ana came back"),
            ),
        )
        assert ((Member(member="ana", event=step),), 4, ("quest", (4,)), after) == (
            entry.events,
            after.member("ana").pools["purse"],
            (entry.rolls[0].label, entry.rolls[0].results),
            progression.replay(after.ledger),  # the member's own history holds the step as one event, too
        )

    def test_a_roll_made_before_is_shown(self) -> None:
        """A die given to the operation is shown in the member's step, with a label that names it."""
        after = tithe(pack(), guild(purse=5), "ana", 3)
        (event,) = after.ledger[-1].events
        assert (Rolled(label="tithe of 3", sides=6, results=(3,)), 2, after) == (
            event.event.events[0],  # type: ignore[attr-defined]
            after.member("ana").pools["purse"],
            progression.replay(after.ledger),
        )

    def test_a_step_names_a_member_the_roster_has(self) -> None:
        with pytest.raises(UnknownName, match="cy"):
            quest(pack(), guild(), "cy", dice=ScriptedDice([4]))

    def test_a_nested_operation_runs_in_a_step_of_the_whole_sheet(self) -> None:
        """An award nested in a step of the sheet is one of its events; in a member's step it is refused."""
        after = hoard(pack(), pack().new_sheet("adventurer", "Ana"), 2, nested=True)
        (step,) = after.ledger[-1].events
        with pytest.raises(
            InvalidInput, match=r"a nested operation \(award\) runs on the whole sheet, not inside step"
        ):
            tithe(pack(), guild(purse=6), "ana", 6)
        assert (["award 2 to chest", "hoarded"], 2, after) == (
            [getattr(e, "label", getattr(e, "reason", "")) for e in step.events],  # type: ignore[attr-defined]
            after.pools["chest"],
            progression.replay(after.ledger),
        )


class TestDeclaredCall:
    def test_the_rule_function_is_called_with_the_pack_and_the_sheet(self) -> None:
        """What a reader of ``help(quest)`` sees: the pack and the sheet first, then the inputs."""
        assert "(pack: 'RulePack', sheet: 'Sheet', member: 'str', *, dice: 'progression.Dice') -> 'Sheet'" == str(
            inspect.signature(quest)
        )


class TestPricesTheRuleCodeSets:
    @pytest.mark.parametrize(("price", "message"), [
        ({"gold": 1}, "gold"),
        ({"purse": -1}, r"^expected a positive whole number of points as the part of pool 'purse' in the payment for 'levy', got -1$"),
    ])  # fmt: skip
    def test_a_price_of_a_pool_not_held_or_below_zero(self, price: dict[str, int], message: str) -> None:
        """A price from a pool the guild has not, or of points below zero, is refused naming the pool."""
        with pytest.raises(ProgressionError, match=message):
            levy(pack(), guild(), price)
