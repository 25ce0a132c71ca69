"""Competence tests: the die, the level and the bonuses of applicable specializations."""

from __future__ import annotations

import pytest

import progression
import progression_competence as pc
from progression import RulePack, ScriptedDice, Sheet
from progression.errors import DiceError, InvalidInput, PendingState, UnknownName

from .test_levels import at


def fencer(pack: RulePack) -> Sheet:
    """Fencing 50 with Feint (+10), Disarm (described) and Rapier school (+20); its points never over its level."""
    sheet = at(pack, "escrime", 50, qualities=("vitesse",))
    for spec in ("feinte", "desarmer"):
        sheet = pc.award(pack, pc.buy_specialization(pack, sheet, "escrime", spec), "escrime", 20, reason="x")
    return pc.buy_specialization(pack, sheet, "escrime", "rapiere")


class TestTotal:
    def test_roll_plus_level(self, pack: RulePack) -> None:
        """Without a specialization the total is the die plus the level."""
        assert 57 + 50 == pc.queries.roll_total(pack, fencer(pack), "escrime", 57).total

    def test_with_a_bonus(self, pack: RulePack) -> None:
        """An applicable specialization adds its bonus."""
        result = pc.queries.roll_total(pack, fencer(pack), "escrime", 57, ["feinte"])
        assert (57 + 50 + 10, "Fencing test: 57 (D100) + level 50 + Feint +10 = 117") == (
            result.total,
            result.describe(pack),
        )

    def test_circumstances_stack(self, pack: RulePack) -> None:
        """Two specializations that both apply add up."""
        assert (
            57 + 50 + 10 + 20 == pc.queries.roll_total(pack, fencer(pack), "escrime", 57, ["feinte", "rapiere"]).total
        )

    def test_die_size_is_a_setting(self) -> None:
        """A campaign on a D20 refuses a roll of 21."""
        built = pc.build(settings=pc.default_settings().changed(die_size=20))
        with pytest.raises(InvalidInput, match="rolls a D20: expected 1 to 20, got 21"):
            pc.queries.roll_total(built, pc.new_character(built), "escrime", 21)

    @pytest.mark.parametrize(
        ("specs", "message"),
        [
            (["riposte"], "does not have the specialization Perfect riposte"),
            (["desarmer"], "Disarm gives no bonus to add; its effect is: May try"),
            (["feinte", "feinte"], "Feint is named twice"),
        ],
    )
    def test_refused_bonuses(self, pack: RulePack, specs: list[str], message: str) -> None:
        """Not owned, no number to add, or named twice: each refused with a sentence."""
        with pytest.raises(InvalidInput, match=message):
            pc.queries.roll_total(pack, fencer(pack), "escrime", 50, specs)

    def test_unknown_competence(self, pack: RulePack) -> None:
        """An unknown competence names the campaign's."""
        with pytest.raises(UnknownName, match="competence 'magie'"):
            pc.queries.roll_total(pack, fencer(pack), "magie", 50)


class TestRoll:
    def test_recorded_in_the_ledger(self, pack: RulePack) -> None:
        """The die is rolled once and recorded with the sum in words, in the entry of the test's operation;
        replay does not roll again, verify runs the test again on the recorded die."""
        sheet = fencer(pack)
        after, result = pc.roll_competence(pack, sheet, "escrime", ScriptedDice([33]), ["rapiere"])
        entry = after.ledger[-1]
        assert (103, len(sheet.ledger) + 1, (33,), after, True) == (
            result.total,
            len(after.ledger),
            entry.events[0].results,  # type: ignore[attr-defined]
            progression.replay(after.ledger),
            progression.verify(after, pack).ok,
        )
        assert ("competence.test", {"competence": "escrime", "specializations": ("rapiere",)}) == (
            entry.operation.tag,
            {"competence": entry.operation.competence, "specializations": entry.operation.specializations},  # type: ignore[attr-defined]
        )

    def test_checks_before_rolling(self, pack: RulePack) -> None:
        """A refused test rolls no die: the scripted dice are untouched."""
        dice = ScriptedDice([33])
        with pytest.raises(InvalidInput, match="Test does not have the specialization Perfect riposte of Fencing"):
            pc.roll_competence(pack, fencer(pack), "escrime", dice, ["riposte"])
        assert (33,) == dice.remaining

    def test_waits_for_surplus(self, pack: RulePack) -> None:
        """Under ``settle`` points over a cap are dealt with first."""
        sheet = pc.award(pack, pc.new_character(pack), "escrime", 2, reason="x")
        with pytest.raises(PendingState, match="Fencing PP \\(2 over\\)"):
            pc.roll_competence(pack, sheet, "escrime", ScriptedDice([5]))

    def test_dice_out_of_range(self, pack: RulePack) -> None:
        """Scripted dice that cannot show the result asked for raise a DiceError."""
        with pytest.raises(
            DiceError, match="the first die given is 101, but the 1D100 for Fencing test needs results from 1 to 100"
        ):
            pc.roll_competence(pack, fencer(pack), "escrime", ScriptedDice([101]))
