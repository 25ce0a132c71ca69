"""The one narrator: the core tells its events, a pack's one hook tells its own, members are named."""

from __future__ import annotations

import attrs
import pytest

import progression
from progression.authoring import Narrator
from progression.errors import InvalidInput, RulePackError
from progression.events import Awarded, Event, Lost, Marked, Member, Step
from support.builders import skirmish


def _hook(narrator: Narrator, event: Event) -> str | None:
    """A pack's hook: its own words for a mark, nothing for a bookkeeping mark, the core for the rest."""
    if isinstance(event, Marked):
        return "" if event.label == "bookkeeping" else f"milestone: {event.label}"
    return None


class TestNarrator:
    def test_the_core_tells_its_events(self) -> None:
        """Without a hook, an award is the core's sentence, its amount with thousands separators."""
        narrator = Narrator(skirmish())
        assert "+1,200 Experience: a dragon" == narrator.event(Awarded(pool="xp", amount=1200, reason="a dragon"))

    def test_the_hook_is_asked_first(self) -> None:
        """The hook's sentence wins; ``""`` leaves an event untold (no line in an outline); None is the core's."""
        narrator = Narrator(attrs.evolve(skirmish(), narration=_hook))
        step = Step(
            label="session 1", events=(Marked(label="level 2"), Marked(label="bookkeeping"), Lost(pool="xp", amount=2))
        )
        assert ["session 1:", "  milestone: level 2", "  lost 2 Experience"] == narrator.outline(step)
        assert "session 1: milestone: level 2; lost 2 Experience" == narrator.event(step)

    def test_members_are_named(self) -> None:
        """A member the narrator knows is told by name and id."""
        narrator = Narrator(skirmish(), names={"h2": "Hero 2"})
        event = Member(member="h2", event=Awarded(pool="xp", amount=5, reason="a fight"))
        assert ("Hero 2 (h2): +5 Experience: a fight", "x: +5 Experience: a fight") == (
            narrator.event(event),
            narrator.event(attrs.evolve(event, member="x")),
        )

    def test_a_hook_that_answers_no_sentence(self) -> None:
        """A hook returning something else than a text is a pack's error, named."""
        narrator = Narrator(attrs.evolve(skirmish(), narration=lambda narrator, event: 3))
        with pytest.raises(InvalidInput, match="its narration returned int for a 'marked' event, not a sentence"):
            narrator.event(Marked(label="x"))


class TestUnits:
    PACK = """format = 1
[pack]
name = "shop"
title = { en = "Shop", fr = "Boutique" }
[currencies.coin]
label = { en = "Coin", fr = "Pièce" }
unit = "cp"
[currencies.xp]
label = { en = "Experience", fr = "Expérience" }
[pools.purse]
label = { en = "Purse", fr = "Bourse" }
currency = "coin"
[pools.xp]
label = { en = "Experience", fr = "Expérience" }
currency = "xp"
[kinds.buyer]
label = { en = "Buyer", fr = "Acheteur" }
pools = ["purse", "xp"]
"""

    def test_an_amount_in_its_currency_s_unit(self) -> None:
        """``1,200 cp`` for a pool of a currency with a unit, ``3 Experience`` for one without."""
        words = Narrator(progression.load_text(self.PACK, "shop.toml"))
        assert (words.amount("purse", 1200), words.amount("xp", 3)) == ("1,200 cp", "3 Experience")
        assert words.event(Awarded(pool="purse", amount=5, reason="found")) == "+5 cp: found"

    def test_the_pool_named_when_others_hold_the_currency(self) -> None:
        """When two pools hold coins, the amount says which: ``5 cp (Chest)``."""
        text = self.PACK + '[pools.chest]\nlabel = { en = "Chest", fr = "Coffre" }\ncurrency = "coin"\n'
        words = Narrator(progression.load_text(text, "shop.toml"))
        assert words.amount("chest", 5) == "5 cp (Chest)"

    @pytest.mark.parametrize("unit", ['""', '" cp"', '"a very long unit name"', "3"])
    def test_a_unit_that_is_no_short_word_is_refused(self, unit: str) -> None:
        with pytest.raises(RulePackError, match=r"@ \$\.currencies\.coin\.unit"):
            progression.load_text(self.PACK.replace('unit = "cp"', f"unit = {unit}"), "shop.toml")

    def test_a_unit_is_no_rule(self) -> None:
        """Words only: the pack's fingerprint is the same with or without one."""
        bare = self.PACK.replace('unit = "cp"\n', "")
        assert progression.load_text(self.PACK, "shop.toml").rules == progression.load_text(bare, "shop.toml").rules


class TestStatDisplay:
    PACK = """format = 1
[pack]
name = "arena"
title = { en = "Arena", fr = "Arène" }
[stats.agility]
label = { en = "Agility", fr = "Agilité" }
display = "{}+"
display_zero = "-"
[stats.fee]
label = { en = "Fee", fr = "Prix" }
display = "{:,} gp"
[stats.level]
label = { en = "Level", fr = "Niveau" }
[kinds.fighter]
label = { en = "Fighter", fr = "Combattant" }
stats = ["agility", "fee", "level"]
"""

    def test_a_stat_written_as_the_pack_says(self) -> None:
        """``3+`` and ``-`` for 0, ``50,000 gp``, and the number alone for a stat without a display."""
        words = Narrator(progression.load_text(self.PACK, "arena.toml"))
        shown = [words.written(s, v) for s, v in (("agility", 3), ("agility", 0), ("fee", 50_000), ("level", 12))]
        assert ["3+", "-", "50,000 gp", "12"] == shown

    def test_a_creation_writes_its_stats_and_names_what_it_owns(self) -> None:
        """A new fighter is told ``Agility 3+, Fee 50,000 gp`` (it said ``Agility 3, Fee 50000``), with what he owns."""
        pack = progression.load_text(self.PACK, "arena.toml")
        made = pack.new_sheet("fighter", "Ulla", stats={"agility": 3, "fee": 50_000}, owned={"net": 1, "dagger": 2})
        assert "created Fighter 'Ulla' with Agility 3+, Fee 50,000 gp, net, dagger x2" == Narrator(pack).event(
            made.ledger[0]
        )

    @pytest.mark.parametrize(
        "display", ['"+"', '"{}{}"', '"{0.__class__}"', '"{:>10}"', '"{value}"', '"a very long prefix {}"', "3"]
    )
    def test_a_display_that_is_not_one_value_is_refused(self, display: str) -> None:
        """A display holds the value once, as ``{}`` or ``{:,}``: no field, no attribute, no other format."""
        with pytest.raises(RulePackError, match=r"@ \$\.stats\.agility\.display"):
            progression.load_text(self.PACK.replace('display = "{}+"', f"display = {display}"), "arena.toml")

    def test_a_display_is_no_rule(self) -> None:
        """Words only: the pack's fingerprint is the same with or without one."""
        bare = self.PACK.replace('display = "{}+"\ndisplay_zero = "-"\n', "").replace('display = "{:,} gp"\n', "")
        assert progression.load_text(self.PACK, "arena.toml").rules == progression.load_text(bare, "arena.toml").rules


class TestToldLabels:
    def test_a_purchase_and_a_decision_are_told_by_name(self) -> None:
        """An entry's header names what was bought and decided (``buy Sword``, ``decide Shield``), a choice only
        when it has a displayed name; the operation's recorded label keeps the ids."""
        from progression.operations import Decide, Purchase

        names = {"sword": "Sword", "shield": "Shield", "block": "Block"}.get
        bought, chose = Purchase(upgrade="sword", choice="block"), Decide(choice="shield")
        assert ("buy Sword (Block)", "buy Sword", "decide Shield", "buy sword") == (
            bought.told(lambda i: names(i, i)),
            Purchase(upgrade="sword", choice="G").told(lambda i: names(i, i)),
            chose.told(lambda i: names(i, i)),
            bought.label,
        )

    def test_an_award_and_a_discard_are_told_by_the_pool_s_name(self) -> None:
        """``award 10 to Fencing PP`` and ``discard Fencing PP`` (as ``sheet amend`` prints them), where the
        recorded labels say ``award 10 to pp.escrime`` and ``discard pp.escrime``."""
        from progression.operations import Award, Discard

        name = {"pp.escrime": "Fencing PP"}.get
        award, discard = Award(pool="pp.escrime", amount=10, reason="a duel"), Discard(pool="pp.escrime")
        assert ("award 10 to Fencing PP", "discard Fencing PP", "award 10 to pp.escrime") == (
            award.told(lambda i: name(i, i)),
            discard.told(lambda i: name(i, i)),
            award.label,
        )

    def test_a_declared_operation_told_in_words(self) -> None:
        """``progression.operation(told=)`` gives a pack's operation its words (``Sword drill``), its label kept
        for the ledger (``sword drill``); without it the label is told as it is; a told that is no function is
        refused at the declaration."""

        @progression.operation(
            "dojo.drill", label=lambda op: f"{op.weapon} drill", told=lambda op, n: f"{n(op.weapon)} drill"
        )
        def drill(work: progression.Work, weapon: str) -> None:
            """A drill."""

        @progression.operation("dojo.rest")
        def rest(work: progression.Work) -> None:
            """A rest."""

        told = drill.operation(weapon="sword")  # type: ignore[attr-defined]
        assert ("Sword drill", "sword drill", "rest") == (
            told.told(lambda i: {"sword": "Sword"}.get(i, i)),
            told.label,
            rest.operation().told(str),  # type: ignore[attr-defined]
        )
        with pytest.raises(
            InvalidInput,
            match=r"^expected a function \(operation, name\) -> text as told of operation 'dojo.nap', got 'x'$",
        ):
            progression.operation("dojo.nap", told="x")  # type: ignore[arg-type]
