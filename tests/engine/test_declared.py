"""``@progression.operation``: a pack's function declared as an operation, verified and amended like the core's."""

from __future__ import annotations

import attrs
import pytest

import progression
from progression import Dice, RulePack, ScriptedDice, Sheet, Work
from progression.errors import InvalidInput, RulePackError
from support.builders import market


@progression.operation("market.bounty", kind="guild", label=lambda op: f"bounty of {op.targets} for {op.hunter}")
def bounty(work: Work, hunter: str, targets: int, *, dice: Dice) -> None:
    """A hunter brings in ``targets`` heads: a D6 each, paid into the hunter's purse."""
    rolls = work.roll(6, targets, label="bounty")
    work.award("purse", sum(rolls), f"{targets} heads", member=hunter)


def guild_pack() -> RulePack:
    return attrs.evolve(market(), operations=[bounty])


def guild() -> Sheet:
    pack = guild_pack()
    lions = pack.new_sheet("guild", "Lions")
    return progression.join(lions, "ana", pack.new_sheet("adventurer", "Ana"))


class TestDeclared:
    def test_a_call_is_one_entry_holding_the_operation(self) -> None:
        """Calling the function runs its operation: one entry, its inputs as fields, its rolls recorded."""
        after = bounty(guild_pack(), guild(), "ana", 2, dice=ScriptedDice([3, 4]))
        entry = after.ledger[-1]
        assert (7, bounty.operation(hunter="ana", targets=2), "bounty of 2 for ana", (3, 4)) == (
            after.member("ana").pools["purse"],
            entry.operation,
            entry.label,
            entry.rolls[0].results,
        )

    def test_it_verifies_saves_and_amends(self) -> None:
        """Saved with the pack's operations, read back, verified, amended to three heads (3D6 never rolled: asked for)."""
        pack = guild_pack()
        after = bounty(pack, guild(), "ana", 2, dice=ScriptedDice([3, 4]))
        again = progression.load_sheet(progression.dump_sheet(after), pack=pack, verify=True)
        fixed, report = progression.amend(
            again, 3, bounty.operation(hunter="ana", targets=3), pack=pack, dice=ScriptedDice([1, 2, 3])
        )
        assert (after, 6, ["amended"]) == (
            again,
            fixed.member("ana").pools["purse"],
            [o.status for o in report.outcomes],
        )

    def test_the_pack_checks_its_operations(self) -> None:
        """A pack's operation tags carry its name; anything else is refused when the pack is made."""

        @progression.operation("other.thing")
        def thing(work: Work) -> None:
            work.note("nothing")

        with pytest.raises(RulePackError, match=r"a pack's operation tags start with 'market\.'"):
            attrs.evolve(market(), operations=[thing])

    def test_the_kind_of_sheet_is_checked_before_the_function_sees_it(self) -> None:
        """A bounty is paid to a guild: on an adventurer's sheet it is refused, naming the kind it needs."""
        ana = guild_pack().new_sheet("adventurer", "Ana")
        with pytest.raises(
            InvalidInput,
            match=r"expected a guild sheet as the sheet market\.bounty runs on, got an adventurer sheet 'Ana'$",
        ):
            bounty(guild_pack(), ana, "ana", 1, dice=ScriptedDice([1]))

    def test_declaring_refuses_what_cannot_be_an_operation(self) -> None:
        """A tag without the pack's name, a function without pack and sheet, and calls on something not a sheet."""
        with pytest.raises(InvalidInput, match="an operation's tag is the pack's name, a dot and a name"):
            progression.operation("bounty")
        with pytest.raises(InvalidInput, match=r"takes the work first \(def f\(work, \.\.\.\)\)"):
            progression.operation("market.x")(lambda pack: pack)
        with pytest.raises(InvalidInput, match="bounty acts on a sheet, got dict"):
            bounty(guild_pack(), {}, "ana", 1, dice=ScriptedDice([1]))  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match=r"missing a required argument: 'targets' \(the operation bounty\)"):
            bounty(guild_pack(), guild(), "ana")  # type: ignore[call-arg]
        # Given by keyword (read without binding the signature): the same refusals.
        with pytest.raises(InvalidInput, match=r"missing a required argument: 'targets' \(the operation bounty\)"):
            bounty(guild_pack(), guild(), hunter="ana", dice=ScriptedDice([1]))  # type: ignore[call-arg]
        with pytest.raises(InvalidInput, match=r"missing a required argument: 'dice' \(the operation bounty\)"):
            bounty(guild_pack(), guild(), hunter="ana", targets=1)  # type: ignore[call-arg]
        with pytest.raises(InvalidInput, match=r"got an unexpected keyword argument 'heads' \(the operation bounty\)"):
            bounty(guild_pack(), guild(), hunter="ana", targets=1, heads=2, dice=ScriptedDice([1]))  # type: ignore[call-arg]
        with pytest.raises(InvalidInput, match=r"multiple values for argument 'hunter' \(the operation bounty\)"):
            bounty(guild_pack(), guild(), "ana", hunter="bo", targets=1, dice=ScriptedDice([1]))  # type: ignore[misc]
        with pytest.raises(InvalidInput, match=r"too many positional arguments \(the operation bounty\)"):
            bounty(guild_pack(), guild(), "ana", 1, ScriptedDice([1]))  # type: ignore[misc]

    def test_inputs_by_keyword_or_by_position_make_the_same_operation(self) -> None:
        """Inputs by keyword, by position or both (read without binding the signature) record the same operation."""
        by_keyword = bounty(guild_pack(), guild(), targets=2, hunter="ana", dice=ScriptedDice([3, 4]))
        by_position = bounty(guild_pack(), guild(), "ana", 2, dice=ScriptedDice([3, 4]))
        both = bounty(guild_pack(), guild(), "ana", targets=2, dice=ScriptedDice([3, 4]))
        assert by_keyword == by_position == both
        assert by_keyword.ledger[-1].operation == bounty.operation(hunter="ana", targets=2)  # type: ignore[attr-defined]
