"""The operations of a pack on sheets: award, caps and surplus, quote, purchase, override."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

import attrs
import hypothesis
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import progression
import progression.files
from progression import Effect, Entry, RulePack, Sheet
from progression.authoring import FunctionCost, Limit, Override
from progression.errors import (
    CapExceeded,
    DecisionError,
    InsufficientPoints,
    InvalidInput,
    LimitReached,
    PendingState,
    ProgressionError,
    PurchaseError,
    RequirementNotMet,
    UnknownName,
)
from progression.events import Awarded, Lost, Purchased, Step
from progression.operations import Award, Create, Purchase, start_sheet
from progression.requirements import Context
from support.builders import FEW, UPGRADES, ana, histories, market

#: A free upgrade, for every kind, that raises the raiders' level; a band holds none of the raiders' stats or pools.
RALLY = """\
format = 1
[pack]
name = "raid"
title = { en = "Raid" }
languages = ["en"]
[currencies.xp]
label = { en = "Experience" }
[pools.xp]
label = { en = "Experience" }
currency = "xp"
[stats.level]
label = { en = "Level" }
[upgrades.rally]
label = { en = "Rally" }
pool = "xp"
cost = 0
effect = { stats = { level = 1 } }
[kinds.raider]
label = { en = "Raider" }
pools = ["xp"]
stats = ["level"]
[kinds.band]
label = { en = "Band" }
members = ["raider"]
"""


def at_level(level: int, **pools: int) -> Sheet:
    """A market adventurer at ``level`` who owns the badge that opens the Adept gate, holding ``pools``."""
    return market().new_sheet("adventurer", "Ana", pools=pools, stats={"level": level}, owned={"badge": 1})


class TestAward:
    def test_award_adds_points_with_a_reason(self) -> None:
        """An award is one ledger entry: the operation asked, and the award with its reason."""
        sheet = market().award(ana(), "purse", 7, reason="found a chest")
        expected = Entry(
            label="award 7 to purse",
            number=2,
            events=(Awarded(pool="purse", amount=7, reason="found a chest"),),
            operation=Award(pool="purse", amount=7, reason="found a chest"),
        )
        assert (7, expected) == (sheet.pools["purse"], sheet.ledger[-1])

    @pytest.mark.parametrize(
        ("amount", "message"),
        [
            (1.5, r"^expected a whole number of points as the amount of the award to 'purse', got 1\.5 \(float\)$"),
            ("3", r"^expected a whole number of points as the amount of the award to 'purse', got '3' \(str\)$"),
            (True, r"^expected a whole number of points as the amount of the award to 'purse', got True \(bool\)$"),
            (None, r"^expected a whole number of points as the amount of the award to 'purse', got None \(NoneType\)$"),
            (0, "^expected a positive whole number of points as the amount of the award to 'purse', got 0$"),
            (-4, "^expected a positive whole number of points as the amount of the award to 'purse', got -4$"),
        ],
    )
    def test_bad_points(self, amount: object, message: str) -> None:
        """Points are positive whole numbers; anything else is named with its type."""
        with pytest.raises(InvalidInput, match=message):
            market().award(ana(), "purse", amount, reason="x")  # type: ignore[arg-type]

    def test_unknown_pool(self) -> None:
        """An unknown pool lists the pools the sheet holds."""
        with pytest.raises(
            UnknownName,
            match="pool 'wallet' is not defined in sheet 'Ana'; expected one of: bag, chest, gems, purse, savings, xp",
        ):
            market().award(ana(), "wallet", 1, reason="x")

    def test_unknown_pool_of_a_sheet_without_a_name(self) -> None:
        """A sheet with no name is called by its kind ("the adventurer sheet"), never as though its kind were its
        name; the closest pool is found by its displayed name too (``Experiance`` for ``xp``, named Experience)."""
        sheet = market().new_sheet("adventurer")
        with pytest.raises(UnknownName) as caught:
            market().award(sheet, "Experiance", 1, reason="x")
        assert (
            "pool 'Experiance' is not defined in the adventurer sheet; expected one of: bag, chest, gems, purse, "
            "savings, xp; the closest: xp"
        ) == str(caught.value)

    def test_pool_that_is_not_a_text(self) -> None:
        """A list where a pool id belongs is named, not an unhashable-type TypeError."""
        with pytest.raises(InvalidInput, match=r"^expected a text pool id in award, got list \['purse'\]$"):
            market().award(ana(), ["purse"], 1, reason="x")  # type: ignore[arg-type]

    def test_reason_is_required(self) -> None:
        """Every award says why."""
        with pytest.raises(
            InvalidInput, match=r"^expected a non-empty text as the reason of the award to 'purse', got ' '$"
        ):
            market().award(ana(), "purse", 1, reason=" ")

    def test_not_a_sheet(self) -> None:
        """Passing something else than a sheet says what came."""
        with pytest.raises(InvalidInput, match="expected a Sheet, got dict"):
            market().award({}, "purse", 1, reason="x")  # type: ignore[arg-type]


class TestCaps:
    def test_cap_as_a_number_refuses(self) -> None:
        """``refuse``: an award past the cap is refused whole, saying by how much."""
        sheet = market().award(ana(), "chest", 8, reason="x")
        with pytest.raises(
            CapExceeded, match=r"^Chest holds 8 of a cap of 10; the award of 3 more would put it 1 over$"
        ):
            market().award(sheet, "chest", 3, reason="x")

    def test_cap_as_a_number_loses(self) -> None:
        """``lose``: the surplus is lost at once, as a Lost event in the same ledger entry."""
        sheet = market().award(ana(), "bag", 15, reason="loot")
        expected = (
            Awarded(pool="bag", amount=15, reason="loot"),
            Lost(pool="bag", amount=5, reason="over the cap of 10"),
        )
        assert (10, expected) == (sheet.pools["bag"], sheet.ledger[-1].events)

    def test_cap_as_a_quantity_name(self) -> None:
        """A cap named after a stat follows the stat."""
        pack = market()
        raised = pack.adjust(ana(), Effect(stats={"xp_cap": 3}), reason="trained")
        assert (5, 8) == (pack.cap(ana(), "xp"), pack.cap(raised, "xp"))

    def test_settle_holds_the_surplus(self) -> None:
        """``settle``: points over the cap wait, and are not lost."""
        sheet = market().award(ana(), "xp", 8, reason="quest")
        assert ({"xp": 3}, 8) == (dict(market().surplus(sheet)), sheet.pools["xp"])

    def test_settle_blocks_other_operations(self) -> None:
        """Until the surplus is spent or discarded, adjustments and other purchases wait; awards do not (a
        session's awards come before its spending), and the surplus still waits after them."""
        pack = market()
        sheet = pack.award(ana(purse=20), "xp", 8, reason="quest")
        message = "Experience holds 3 points over its cap; spend them on what Experience pays for, or discard them (a discard of xp), first"
        for attempt in (
            lambda: pack.adjust(sheet, Effect(stats={"shine": 1}), reason="x"),
            lambda: pack.purchase(sheet, "lesson"),
        ):
            with pytest.raises(PendingState, match=re.escape(message)):
                attempt()
        more = pack.award(pack.award(sheet, "purse", 1, reason="x"), "xp", 2, reason="y")
        assert (["state"], 21, {"xp": 5}) == (
            [v.key for v in pack.quote(sheet, "lesson").violations],
            more.pools["purse"],
            dict(pack.surplus(more)),
        )

    def test_settle_by_spending(self) -> None:
        """Spending from the pool that holds the surplus is allowed, and settles it."""
        pack = market()
        sheet = pack.award(ana(), "xp", 8, reason="quest")
        sheet = pack.purchase(sheet, "level_up")  # level 1 costs 1: 7 held, still 2 over
        sheet = pack.purchase(sheet, "level_up", override="trained by the GM", bypass=["gate"])  # level 2 costs 2
        assert ({}, 5, 2) == (dict(pack.surplus(sheet)), sheet.pools["xp"], sheet.stats["level"])

    def test_settle_by_discarding(self) -> None:
        """Discarding loses exactly the surplus, as a Lost event with its reason."""
        pack = market()
        sheet = pack.discard(pack.award(ana(), "xp", 8, reason="quest"), "xp", reason="too much at once")
        assert ((Lost(pool="xp", amount=3, reason="too much at once"),), 5) == (
            sheet.ledger[-1].events,
            sheet.pools["xp"],
        )

    def test_discard_with_nothing_over(self) -> None:
        """There is nothing to discard under the cap."""
        with pytest.raises(InvalidInput, match="Experience holds nothing over its cap; there is nothing to discard"):
            market().discard(ana(), "xp")

    def test_discard_from_a_pool_with_no_cap(self) -> None:
        """A pool with no cap is said to have none (so nothing is ever over it), not to hold nothing over its cap."""
        with pytest.raises(InvalidInput) as caught:
            market().discard(ana(purse=5), "purse")
        assert "Purse has no cap, so it never holds points over one; there is nothing to discard" == str(caught.value)

    def test_auto_buys_the_cheapest_then_loses_the_rest(self) -> None:
        """``auto``: surplus buys the cheapest allowed ``auto_spend`` upgrade, again and again; the rest is lost."""
        sheet = market().award(ana(), "gems", 20, reason="mine")
        step = sheet.ledger[-1]
        assert isinstance(step, Step)
        bought = [e.upgrade for e in step.events if isinstance(e, Purchased)]
        lost = [e.amount for e in step.events if isinstance(e, Lost)]
        assert (["cut", "polish", "polish"], [2], 10, 4) == (bought, lost, sheet.pools["gems"], sheet.stats["shine"])

    def test_auto_buys_only_what_the_pool_pays_for(self) -> None:
        """A pack made in Python (no file's checks at load) whose ``auto_spend`` names an upgrade paid from another
        pool (the lesson, from the purse): the surplus never buys it with gems; it buys what gems pay for."""
        pack = market()
        gems = attrs.evolve(pack.pool("gems"), auto_spend=("lesson", "polish", "cut"))
        spending = attrs.evolve(pack, pools={**pack.pools, "gems": gems})
        sheet = spending.award(spending.new_sheet("adventurer", "Ana"), "gems", 20, reason="mine")
        bought = [e.upgrade for e in sheet.ledger[-1].events if isinstance(e, Purchased)]  # type: ignore[attr-defined]
        assert (["cut", "polish", "polish"], 0) == (bought, sheet.bought.get("lesson", 0))

    def test_auto_buys_at_most_so_many_upgrades_an_award(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """An award the ``auto`` policy would spend on more than ``AUTO_MOST`` upgrades is refused whole (one of
        10**14 points on upgrades of a few points each never ended, and would have been an entry as large); one
        that buys exactly that many is taken. Polish made unlimited: the cut (2), then polishes (3 each)."""
        import progression.engine.changes as changes

        monkeypatch.setattr(changes, "AUTO_MOST", 50)
        pack = market()
        polish = attrs.evolve(pack.upgrade("polish"), limit=attrs.evolve(pack.upgrade("polish").limit, times=None))
        unlimited = attrs.evolve(pack, upgrades={**pack.upgrades, "polish": polish})
        most = 10 + 2 + 3 * 49  # the cap, the cut, 49 polishes: 50 upgrades leave the pool at its cap
        sheet = unlimited.award(unlimited.new_sheet("adventurer", "Ana"), "gems", most, reason="mine")
        bought = [e for e in sheet.ledger[-1].events if isinstance(e, Purchased)]  # type: ignore[attr-defined]
        assert (50, 10) == (len(bought), sheet.pools["gems"])
        with pytest.raises(CapExceeded) as refused:
            unlimited.award(unlimited.new_sheet("adventurer", "Ana"), "gems", most + 1, reason="mine")
        assert str(refused.value) == (
            "the award of 160 Gems would buy more than 50 upgrades at once under the pool's auto policy (after 50, it "
            "held 11 of a cap of 10); award it in smaller parts"
        )

    @FEW
    @given(histories())
    def test_every_point_is_accounted_for(self, sheet: Sheet) -> None:
        """``awarded == held + spent + lost`` for every pool, whatever happened."""
        for pool in sheet.pools:
            account = sheet.account(pool)
            assert account.balanced, (pool, account)


class TestRequirementsAndLimits:
    def test_requirements_explain_themselves(self) -> None:
        """The quote lists each unmet requirement in a sentence; the purchase raises with them."""
        pack = market()
        sheet = ana(purse=10)
        assert ("needs Level at least 3 (it is 0)",) == pack.quote(sheet, "crown").unmet
        with pytest.raises(RequirementNotMet, match=r"Crown cannot be bought: needs Level at least 3 \(it is 0\)"):
            pack.purchase(sheet, "crown")

    def test_not_requirement(self) -> None:
        """The crown cannot be bought twice: its ``not owns`` explains itself."""
        pack = market()
        sheet = pack.purchase(at_level(3, purse=10), "crown")
        assert ("must not have Crown",) == pack.quote(sheet, "crown").unmet

    def test_times(self) -> None:
        """Once only, and at most N times, each in its words."""
        pack = market()
        sheet = pack.purchase(pack.purchase(pack.purchase(ana(purse=10), "badge"), "medal"), "medal")
        assert (
            ("Badge can be bought once only, and it was",),
            ("Medal can be bought at most 2 times, and it was",),
        ) == (
            pack.quote(sheet, "badge").unmet,
            pack.quote(sheet, "medal").unmet,
        )
        with pytest.raises(LimitReached, match="Medal cannot be bought: Medal can be bought at most 2 times"):
            pack.purchase(sheet, "medal")

    def test_maxima(self) -> None:
        """An upgrade's own maximum on a quantity."""
        pack = market()
        sheet = ana(purse=10)
        for _ in range(3):
            sheet = pack.purchase(sheet, "ring")
        assert ("Ring would be 4, past its maximum of 3",) == pack.quote(sheet, "ring").unmet

    def test_stat_maximum(self) -> None:
        """A stat's maximum holds for every upgrade that raises it."""
        sheet = market().new_sheet("adventurer", "Ana", pools={"xp": 5}, stats={"level": 5, "xp_cap": 10})
        assert ("Level would be 6, past its maximum of 5",) == market().quote(
            market().award(sheet, "xp", 1, reason="x"), "level_up"
        ).unmet

    def test_curve_past_its_end(self) -> None:
        """A curve that ends limits how far its upgrade is bought, and the quote has no price: it says where the curve
        ends and where the sheet stands (it said "at most 2 times", wrong for a quantity that does not start at 0)."""
        pack = market()
        sheet = pack.purchase(pack.purchase(ana(purse=10), "tutor"), "tutor")
        quote = pack.quote(sheet, "tutor")
        assert (
            None,
            ("Tutor has no price past Tutor 2: its curve 'lessons' prices steps 1 to 2, and Tutor is 2",),
        ) == (
            quote.price,
            quote.unmet,
        )

    def test_a_quantity_below_the_curve(self) -> None:
        """A stat whose minimum is below 0, priced on a curve from step 1, has no price there: the quote says so,
        where it raised the curve's own refusal ("step must be >= 0") and lost ``sheet options`` whole."""
        from support.builders import PACKS

        text = (PACKS / "skirmish.toml").read_text(encoding="utf-8")
        text = text.replace("initial = 0\nmaximum = 30", "initial = 0\nminimum = -3\nmaximum = 30")
        pack = progression.load_text(text.replace("from = 0, to = 4", "from = -3, to = 4"), "negative.toml")
        low = pack.award(pack.new_sheet("hero", "Ana", stats={"level": -3}), "xp", 5, reason="a lesson")
        quote = pack.quote(low, "level_up")
        assert (None, ("Level up has no price at Level -3: its curve 'level' prices steps from 1",)) == (
            quote.price,
            quote.unmet,
        )

    def test_ladder_gate(self) -> None:
        """Entering a band from below checks its gate, with the band's name."""
        pack = market()
        sheet = market().new_sheet("adventurer", "Ana", pools={"xp": 5}, stats={"level": 1})
        quote = pack.quote(sheet, "level_up")
        assert (["gate:rank"], ("to reach Adept: needs Badge",)) == ([v.key for v in quote.violations], quote.unmet)

    def test_kind(self) -> None:
        """An upgrade for another kind of sheet says who may buy it."""
        assert ("Banner can be bought by: Guild; not by Adventurer",) == market().quote(ana(purse=5), "banner").unmet

    def test_a_stat_the_buyer_does_not_hold(self, tmp_path: Path) -> None:
        """A rally, free, names no kinds: a band of raiders may buy it, though it holds no level (nor the
        experience that pays, so the pack loads). Bought, the band's level would appear from nothing at 0: the
        quote refuses it, saying why, and the purchase is refused, the band unchanged."""
        file = tmp_path / "raid.toml"
        file.write_text(RALLY, encoding="utf-8")
        pack = progression.load_file(file)
        band = pack.new_sheet("band", "The Crows")
        quote = pack.quote(band, "rally")
        assert (["kind"], ("it changes Level, which a Band does not hold",)) == (
            [v.key for v in quote.violations],
            quote.unmet,
        )
        with pytest.raises(RequirementNotMet, match=r"^Rally cannot be bought: it changes Level, which a Band does"):
            pack.purchase(band, "rally")
        assert 1 == pack.purchase(pack.new_sheet("raider", "Ana"), "rally").stats["level"]


class TestPayment:
    def test_given_split(self) -> None:
        """The buyer may say how much each pool pays; the ledger records that split."""
        sheet = market().purchase(ana(purse=7, savings=6), "lesson", pay={"purse": 4, "savings": 6})
        (event,) = sheet.ledger[-1].events
        assert isinstance(event, Purchased)
        assert ({"purse": 4, "savings": 6}, 3, 0) == (dict(event.price), sheet.pools["purse"], sheet.pools["savings"])

    def test_default_split_takes_from_the_fuller_pool_first(self) -> None:
        """Without a split, the pool with more points pays first, then the next."""
        pack = market()
        quote = pack.quote(ana(purse=7, savings=5), "lesson")
        sheet = pack.purchase(ana(purse=7, savings=5), "lesson")
        assert ({"purse": 7, "savings": 3}, {"purse": 7, "savings": 3}) == (
            dict(quote.split),
            dict(sheet.ledger[-1].events[0].price),  # type: ignore[attr-defined]
        )

    def test_split_that_does_not_add_up(self) -> None:
        """A split must add up to the price."""
        with pytest.raises(InvalidInput, match="pay adds up to 9 but 'lesson' costs 10"):
            market().purchase(ana(purse=7, savings=5), "lesson", pay={"purse": 4, "savings": 5})

    def test_split_asking_a_pool_for_more_than_it_holds(self) -> None:
        """Enough points in all, but not where the split looks for them."""
        with pytest.raises(
            InvalidInput,
            match=r"^the split asked of the pools \(pay\) cannot pay for .*: Purse holds 7, not the 9 asked of it$",
        ):
            market().purchase(ana(purse=7, savings=5), "lesson", pay={"purse": 9, "savings": 1})

    def test_pool_not_allowed(self) -> None:
        """A pool that may not pay is named, with those that may."""
        pack = market()
        sheet = ana(purse=7, savings=5, chest=10)
        expected = "Lesson cannot be paid from Chest; it can be paid from: Purse, Savings"
        assert (expected,) == pack.quote(sheet, "lesson", pay={"chest": 10}).unmet[:1]
        with pytest.raises(RequirementNotMet, match=expected):
            pack.purchase(sheet, "lesson", pay={"chest": 10})

    def test_pool_by_its_displayed_name(self) -> None:
        """A split may name a pool by its displayed name, in any case, as a choice may be named: the quote's split
        and the ledger's operation and price keep the pool's id."""
        pack = market()
        sheet = pack.purchase(ana(purse=7, savings=6), "lesson", pay={"PURSE": 4, "Savings": 6})
        (event,) = sheet.ledger[-1].events
        assert isinstance(event, Purchased)
        assert ({"purse": 4, "savings": 6}, {"purse": 4, "savings": 6}, {"purse": 4, "savings": 6}) == (
            dict(pack.quote(ana(purse=7, savings=6), "lesson", pay={"PURSE": 4, "Savings": 6}).split),
            dict(sheet.ledger[-1].operation.pay or {}),  # type: ignore[attr-defined]
            dict(event.price),
        )

    def test_pool_the_pack_does_not_know(self) -> None:
        """A split naming no pool of the pack is a typo, refused as one with the closest pool, not a rule: the
        quote refuses it too."""
        pack = market()
        expected = "pool 'savngs' is not defined in rule pack 'market'; expected one of: "
        for ask in (pack.quote, pack.purchase):
            with pytest.raises(UnknownName) as caught:
                ask(ana(purse=7, savings=6), "lesson", pay={"purse": 4, "savngs": 6})
            assert (expected, ("savings",)) == (str(caught.value)[: len(expected)], caught.value.closest)

    def test_pool_named_twice(self) -> None:
        """A pool named by its id and by its displayed name in one split is refused, not added up."""
        with pytest.raises(
            InvalidInput, match=r"^the split names the pool 'purse' twice, as 'purse' and 'Purse'; give its part once$"
        ):
            market().quote(ana(purse=20), "lesson", pay={"purse": 4, "Purse": 6})

    def test_insufficient_points(self) -> None:
        """Too few points in all the paying pools: needed and available are carried on the error."""
        with pytest.raises(InsufficientPoints, match="Lesson costs 10 Coin but only 6 are available") as caught:
            market().purchase(ana(purse=3, savings=3), "lesson")
        assert (10, 6, "coin") == (caught.value.needed, caught.value.available, caught.value.currency)

    def test_negative_split(self) -> None:
        """A split gives whole numbers of points >= 0."""
        with pytest.raises(
            InvalidInput, match=r"^expected a whole number of points >= 0 as the part of 'purse' in pay, got -1$"
        ):
            market().quote(ana(purse=20), "lesson", pay={"purse": -1, "savings": 11})


class TestOverride:
    def test_override_with_a_reason_is_recorded(self) -> None:
        """A GM waives the requirement; the ledger keeps what was waived and why."""
        sheet = market().purchase(ana(purse=5), "crown", override="the king's favour", bypass=["requires"])
        (event,) = sheet.ledger[-1].events
        assert isinstance(event, Purchased)
        assert Override(bypassed=("needs Level at least 3 (it is 0)",), reason="the king's favour") == event.override

    def test_bypass_as_one_text(self) -> None:
        """``bypass="requires"`` means the one key, not its letters."""
        sheet = market().purchase(ana(purse=5), "crown", override="favour", bypass="requires")
        assert sheet.has("crown")

    def test_gate_and_limit(self) -> None:
        """``gate`` waives every ladder's gate; ``limit`` a limit."""
        pack = market()
        sheet = pack.purchase(
            market().new_sheet("adventurer", "A", pools={"xp": 5}, stats={"level": 1}),
            "level_up",
            override="trained abroad",
            bypass=["gate"],
        )
        again = pack.purchase(pack.purchase(ana(purse=9), "badge"), "badge", override="lost it", bypass=["limit"])
        assert (2, 2) == (sheet.stats["level"], again.bought["badge"])

    def test_limit_waived_past_the_end_of_the_curve(self) -> None:
        """``--bypass limit`` waives a limit, never a price the curve does not give: past the curve's end the
        purchase is refused, naming why (issue 19 item 2: it was an ``assert``, and a free purchase under -O)."""
        pack = market()
        sheet = pack.purchase(pack.purchase(ana(purse=10), "tutor"), "tutor")
        with pytest.raises(LimitReached, match="Tutor has no price at this level"):
            pack.purchase(sheet, "tutor", override="a GM's gift", bypass=["limit"])

    def test_needs_a_reason(self) -> None:
        """No reason, no bypass."""
        with pytest.raises(InvalidInput, match="a bypass needs a written reason"):
            market().purchase(ana(purse=5), "crown", bypass=["requires"])
        with pytest.raises(
            InvalidInput, match=r"^expected a non-empty text as the override reason of purchase, got ''$"
        ):
            market().purchase(ana(purse=5), "crown", override="", bypass=["requires"])

    def test_a_bypass_of_what_is_not_broken_is_refused(self) -> None:
        """An override naming what the purchase does not break is refused, not recorded as a waiver of nothing (a
        review found ``waived: `` kept in the history for good); it says what the purchase does break, if anything."""
        pack = market()
        sheet = pack.new_sheet("adventurer", "A", pools={"xp": 5}, stats={"level": 0})
        with pytest.raises(InvalidInput) as nothing:
            pack.purchase(sheet, "level_up", override="trained abroad", bypass=["gate"])
        with pytest.raises(InvalidInput) as other:
            pack.purchase(ana(purse=5), "crown", override="favour", bypass=["requires", "limit"])
        assert (
            "Level up does not break what the override bypasses (gate), so it would waive nothing; buy it without "
            "an override",
            "Crown does not break what the override bypasses (limit), so it would waive nothing; what it breaks that "
            "an override may waive: requires (needs Level at least 3 (it is 0)); bypass only that",
        ) == (str(nothing.value), str(other.value))

    def test_must_name_what_it_bypasses(self) -> None:
        """A reason alone waives nothing: it must name what."""
        with pytest.raises(InvalidInput, match="an override must name what it bypasses"):
            market().purchase(ana(purse=5), "crown", override="because")

    def test_cannot_waive_points(self) -> None:
        """Points, pools, choices and a pending state are never waived."""
        with pytest.raises(InvalidInput, match="an override cannot bypass points: only requirements, gates and limits"):
            market().purchase(ana(), "crown", override="rich uncle", bypass=["requires", "points"])

    def test_still_needs_the_points(self) -> None:
        """Waiving the requirement does not pay the price."""
        with pytest.raises(InsufficientPoints):
            market().purchase(ana(purse=1), "crown", override="favour", bypass=["requires"])

    def test_unknown_key(self) -> None:
        """A misspelt key is refused with the keys that exist."""
        with pytest.raises(
            InvalidInput, match="an override bypasses gate, limit, requires or 'gate:<ladder>', got requirements"
        ):
            market().purchase(ana(purse=5), "crown", override="favour", bypass=["requirements"])


def with_an_idle_override(sheet: Sheet, bypass: list[str], override: str = "trained abroad") -> Sheet:
    """``sheet`` as 0.1.0 saved it when its purchase #3 was asked with an override naming ``bypass``, keys the
    purchase did not all break: 0.1.0 took it, and recorded a waiver of those it broke only
    (``[GM override: trained abroad; waived: ]`` when none)."""
    data = progression.files.unstructure_sheet(sheet)
    entry = data["ledger"][2]
    (event,) = entry["events"]
    entry["operation"].update(override=override, bypass=bypass)
    event["override"] = {"bypassed": (event["override"] or {}).get("bypassed", []), "reason": override}
    return progression.files.structure_sheet(data, "ana.json", tampered="read")


def level_up_of_010() -> Sheet:
    """Ana given 5 Experience, Level up bought with ``--bypass gate`` though it crosses no gate, 6 coins after:
    the history 0.1.0 wrote."""
    pack = market()
    sheet = pack.purchase(pack.award(ana(), "xp", 5, reason="training"), "level_up")
    return pack.award(with_an_idle_override(sheet, ["gate"]), "purse", 6, reason="bounty")


class TestAnOverrideThatWaivedNothing:
    """An override naming what the purchase does not break is refused when asked, but 0.1.0 recorded it (a waiver
    of nothing): such an entry, run again from the ledger, is given as recorded, so a history the library wrote still
    verifies, amends and rebases; only an override asked anew must waive something."""

    def test_the_history_verifies(self) -> None:
        """The entry is what the rules give it; so is one whose override broke one of its two keys."""
        pack = market()
        crown = pack.purchase(
            pack.award(ana(), "purse", 5, reason="wages"), "crown", override="favour", bypass="requires"
        )
        partly = with_an_idle_override(crown, ["requires", "limit"], "favour")
        old = level_up_of_010()
        assert (Override(bypassed=(), reason="trained abroad"), ("requires", "limit")) == (
            old.ledger[2].events[0].override,  # type: ignore[attr-defined]
            partly.ledger[2].operation.bypass,  # type: ignore[attr-defined]
        )
        assert (True, True) == (progression.verify(old, pack).ok, progression.verify(partly, pack).ok)

    def test_an_entry_before_it_amended(self) -> None:
        """Amending the award before it runs the purchase again from the ledger: it holds, override and all."""
        old = level_up_of_010()
        sheet, report = progression.amend(old, 2, Award(pool="xp", amount=4, reason="training"), pack=market())
        assert ["amended", "holds", "holds"] == [o.status for o in report.outcomes]
        assert (old.ledger[2].events, True) == (sheet.ledger[2].events, progression.verify(sheet, market()).ok)  # type: ignore[attr-defined]

    def test_an_entry_after_it_amended(self) -> None:
        """Amending the award after it checks the history before it first: it holds."""
        sheet, _ = progression.amend(
            level_up_of_010(), 4, Award(pool="purse", amount=7, reason="bounty"), pack=market()
        )
        assert 7 == sheet.pools["purse"]

    def test_the_history_rebases(self) -> None:
        """A rebase runs every entry again, the purchase with its override as recorded."""
        old = level_up_of_010()
        sheet, report = progression.rebase(old, market())
        assert (["holds"] * 4, old.ledger) == ([o.status for o in report.outcomes], sheet.ledger)

    def test_a_store_takes_it(self, tmp_path: object) -> None:
        """A store continuing a sheet with the entries 0.1.0 wrote runs them again as recorded, and takes them."""
        old = level_up_of_010()
        with progression.open_store(f"{tmp_path}/s.db", market()) as store:
            store.add("ana", old.at(2))
            assert old.ledger == store.extend("ana", old).ledger

    def test_an_amendment_asks_anew(self) -> None:
        """The operation an amendment puts in its place is asked anew: an idle override is refused there, as in a
        new purchase, and the purchase without it (the way to clear the waiver of nothing) is taken."""
        old = level_up_of_010()
        idle = Purchase(upgrade="level_up", override="trained abroad", bypass=("gate",))
        with pytest.raises(InvalidInput, match=r"^Level up does not break what the override bypasses \(gate\)"):
            progression.amend(old, 3, idle, pack=market())
        sheet, _ = progression.amend(old, 3, Purchase(upgrade="level_up"), pack=market())
        assert None is sheet.ledger[2].events[0].override  # type: ignore[attr-defined]


class TestAdjust:
    def test_taking_every_copy_away_removes_the_item(self) -> None:
        """An effect that takes back what was granted leaves the item out of ``owned``, not there at 0."""
        pack = market()
        sheet = pack.adjust(ana(), Effect(grants={"badge": 2}), reason="two gifts")
        once = pack.adjust(sheet, Effect(grants={"badge": -1}), reason="lost one")
        gone = pack.adjust(once, Effect(grants={"badge": -1}), reason="lost the other")
        assert ({"badge": 1}, {}, False) == (dict(once.owned), dict(gone.owned), gone.has("badge"))


def every_refusal(test: Callable[..., None]) -> Callable[..., None]:
    """Explicit cases for the kinds of refusal that generated histories reach rarely (seen with
    ``--hypothesis-show-statistics``): a pending surplus, a limit, a gate, one point short; and a purchase that
    goes through."""
    pack = market()
    cases = [
        (pack.award(ana(purse=20), "xp", 8, reason="quest"), "lesson"),
        (pack.purchase(ana(purse=5), "badge"), "badge"),
        (market().new_sheet("adventurer", "Ana", pools={"xp": 5}, stats={"level": 1}), "level_up"),
        (ana(purse=9), "lesson"),
        (ana(purse=10), "lesson"),
    ]
    for sheet, upgrade in reversed(cases):
        test = example(sheet, upgrade)(test)
    return test


class TestQuoteAgreesWithPurchase:
    @FEW
    @given(histories(), st.sampled_from(UPGRADES))
    @every_refusal
    def test_ok_exactly_when_purchase_succeeds_at_that_price(self, sheet: Sheet, upgrade: str) -> None:
        """A quote is ok exactly when the purchase goes through, and then at the quoted price and split."""
        pack = market()
        quote = pack.quote(sheet, upgrade)
        try:
            after = pack.purchase(sheet, upgrade)
        except ProgressionError as refused:
            hypothesis.event(f"refused: {type(refused).__name__}")
            assert not quote.ok
            return
        hypothesis.event("bought")
        (event,) = after.ledger[-1].events
        assert isinstance(event, Purchased)
        assert (True, quote.price, dict(quote.split)) == (quote.ok, sum(event.price.values()), dict(event.price))

    @FEW
    @given(histories(), st.sampled_from(UPGRADES))
    @every_refusal
    def test_refused_purchase_changes_nothing(self, sheet: Sheet, upgrade: str) -> None:
        """A refused purchase leaves the sheet, its state and its ledger as they were."""
        ledger, pools, owned = sheet.ledger, dict(sheet.pools), dict(sheet.owned)
        try:
            market().purchase(sheet, upgrade)
        except (PurchaseError, PendingState, InvalidInput) as refused:
            hypothesis.event(f"refused: {type(refused).__name__}")
            assert (ledger, pools, owned, progression.replay(ledger)) == (
                sheet.ledger,
                dict(sheet.pools),
                dict(sheet.owned),
                sheet,
            )


class TestBadInput:
    def test_unknown_upgrade(self) -> None:
        """An unknown upgrade lists those the pack defines."""
        with pytest.raises(
            UnknownName, match="upgrade 'sword' is not defined in rule pack 'market'; expected one of: badge, banner"
        ):
            market().purchase(ana(), "sword")

    def test_unknown_kind(self) -> None:
        """A new sheet of an unknown kind lists the kinds."""
        with pytest.raises(
            UnknownName,
            match="kind of sheet 'dragon' is not defined in rule pack 'market'; expected one of: adventurer, guild",
        ):
            market().new_sheet("dragon")

    @pytest.mark.parametrize(
        ("kwargs", "message"),
        [
            (
                {"pools": {"purse": -1}},
                "^expected a positive whole number of points as the starting points of pool 'purse' of a new adventurer sheet, "
                "got -1$",
            ),
            (
                {"pools": {"purse": False}},
                r"^expected a whole number of points as the starting points of pool 'purse' .* got False \(bool\)$",
            ),
            ({"pools": {"wallet": 1}}, "pool 'wallet' is not defined in kind 'adventurer'"),
            (
                {"pools": [1]},
                "^expected a mapping of names to values as the pools of a new adventurer sheet, got list$",
            ),
            ({"stats": {"level": "3"}}, "^expected an integer as stat 'level' of a new adventurer sheet, got '3'$"),
            ({"owned": {"badge": 0}}, "^expected a positive count as owned 'badge' of a new adventurer sheet, got 0$"),
            (
                {"tags": {"status": 1}},
                "^expected texts mapped to texts as the tags of a new adventurer sheet, got 'status' = 1$",
            ),
            ({"pools": {"chest": 11}}, "^pool 'chest' of a new adventurer sheet holds at most its cap of 10, got 11$"),
            (  # a cap read on the sheet's own stat, as given
                {"pools": {"xp": 4}, "stats": {"xp_cap": 3}},
                r"^pool 'xp' of a new adventurer sheet holds at most its cap of 3 \(its Experience cap\), got 4",
            ),
        ],
    )
    def test_bad_new_sheet(self, kwargs: dict[str, object], message: str) -> None:
        """A new sheet's starting values are checked, so that it saves and loads."""
        with pytest.raises(ProgressionError, match=message):
            market().new_sheet("adventurer", "Ana", **kwargs)  # type: ignore[arg-type]

    @pytest.mark.parametrize("name", ["  ", "\t", " \n "])
    def test_a_blank_name_is_refused(self, name: str) -> None:
        """A name of spaces alone names nothing, and is refused as a blank reason is; no name at all (``""``, the
        default) makes a sheet without one."""
        with pytest.raises(InvalidInput) as refused:
            market().new_sheet("adventurer", name)
        assert (
            f"expected a name that is not blank as the name of a new adventurer sheet, got {name!r}; "
            "give none (name='') for a sheet without a name"
        ) == str(refused.value)
        assert "" == market().new_sheet("adventurer").name

    def test_a_new_sheet_at_its_caps(self) -> None:
        """A pool at its cap (a number, or a stat given with it) makes a sheet; so does a stat at its maximum."""
        sheet = market().new_sheet("adventurer", "Ana", stats={"level": 5, "xp_cap": 3}, pools={"chest": 10, "xp": 3})
        assert (5, 10, 3) == (sheet.stats["level"], sheet.pools["chest"], sheet.pools["xp"])

    @pytest.mark.parametrize(
        ("stats", "message"),
        [
            ({"level": 6}, "stat 'level' of a new adventurer sheet is at most its maximum of 5, got 6"),
            ({"level": -1}, "stat 'level' of a new adventurer sheet is at least its minimum of 0, got -1"),
        ],
    )
    def test_a_new_sheet_outside_a_stat_range(self, stats: dict[str, int], message: str) -> None:
        """A stat given past its maximum or below its minimum is refused, as a pool over its cap: the sheet could
        not mean what the pack says of it."""
        pack = market()
        bounded = attrs.evolve(pack.stats["level"], minimum=0)
        pack = attrs.evolve(pack, stats=[bounded, *(s for s in pack.stats.values() if s.id != "level")])
        with pytest.raises(InvalidInput, match=re.escape(message)):
            pack.new_sheet("adventurer", "Ana", stats=stats)

    def test_the_creation_itself_is_not_bounded(self) -> None:
        """The creation operation starts a sheet outside a stat's range (a pack's own code may, as a Matched Play
        team with no Dedicated Fans), and such a sheet, saved before the bounds were checked, still verifies:
        ``verify`` runs the creation again, and the bounds are new_sheet's, where a caller's values come in."""
        pack = market()
        sheet = start_sheet(pack, Create(kind="adventurer", name="Ana", stats={"level": 6}))
        assert (6, True) == (sheet.stats["level"], progression.verify(sheet, pack).ok)

    def test_name_must_be_a_text(self) -> None:
        """A name that is not a text would not survive a save."""
        with pytest.raises(InvalidInput, match=r"^expected a text as the name of a new adventurer sheet, got 5$"):
            market().new_sheet("adventurer", 5)  # type: ignore[arg-type]

    def test_choice_for_an_upgrade_without_options(self) -> None:
        """A choice given where none is taken is refused."""
        with pytest.raises(InvalidInput, match="'badge' takes no choice, got 'gold'"):
            market().purchase(ana(purse=1), "badge", choice="gold")

    def test_decisions_for_an_upgrade_without_procedure(self) -> None:
        """Decisions given to an upgrade that asks none are refused, not ignored."""
        with pytest.raises(
            DecisionError, match=r"'badge' has no procedure, so it asks for no decision; got \['keep'\]"
        ):
            market().purchase(ana(purse=1), "badge", decisions=["keep"])

    def test_adjust_needs_an_effect(self) -> None:
        """An adjustment is an Effect with a reason."""
        with pytest.raises(InvalidInput, match=r"^expected an Effect as the effect to adjust, got dict \{"):
            market().adjust(ana(), {"stats": {"level": 1}}, reason="x")  # type: ignore[arg-type]

    def test_negative_price_from_a_function(self) -> None:
        """A pack function that prices at less than zero is a pack bug, named with the upgrade."""
        import attrs

        from progression.authoring import FunctionCost

        pack = market()
        broken = attrs.evolve(
            pack,
            upgrades=[
                *pack.upgrades.values(),
                attrs.evolve(pack.upgrade("badge"), id="gift", cost=FunctionCost(function="gift")),
            ],
            functions={"gift": lambda context: -3},
        )
        with pytest.raises(
            InvalidInput,
            match=r"^cost function 'gift' gave upgrade 'gift' the price -3; a price is a whole number >= 0$",
        ):
            broken.quote(broken.new_sheet("adventurer", "Ana"), "gift")


class TestTrials:
    def test_a_capped_award_continues_the_members_history_where_it_ends(self) -> None:
        """An award to a pool with a cap is tried before it is recorded (the cap is read after it); the trial runs on
        a scratch segment, so the recorded award is appended where the member's ledger ends, not on a branch."""
        pack = market()
        guild = progression.join(pack.new_sheet("guild", "Guild"), "ana", ana())
        before = guild.member("ana").ledger
        after = pack.award(guild, "xp", 3, reason="a lesson", member="ana").member("ana")
        assert (3, len(before) + 1, True) == (
            after.pools["xp"],
            len(after.ledger),
            after.ledger._segment is before._segment,
        )


class TestQuoteKept:
    """The last quote asked is kept: a sheet and a pack are immutable, so the same question has the same answer, and
    a purchase asks what its caller has just asked. It is never the answer for another sheet."""

    @staticmethod
    def counted() -> tuple[RulePack, list[str]]:
        """The market with a gift whose price is asked of a function that writes down each sheet it prices."""
        asked: list[str] = []

        def price(context: Context) -> int:
            asked.append(context.sheet.name)
            return 3

        pack = market()
        gift = attrs.evolve(pack.upgrade("badge"), id="gift", cost=FunctionCost(function="price"), limit=Limit())
        return attrs.evolve(pack, upgrades=[*pack.upgrades.values(), gift], functions={"price": price}), asked

    def test_a_purchase_after_its_quote_prices_once(self) -> None:
        """Quoting, then buying on the quoted sheet, prices it once; the next purchase is another sheet, priced anew."""
        pack, asked = self.counted()
        sheet = pack.new_sheet("adventurer", "Ana", pools={"purse": 7})
        assert pack.quote(sheet, "gift") is pack.quote(sheet, "gift")
        after = pack.purchase(sheet, "gift")
        again = pack.purchase(after, "gift")
        assert (["Ana", "Ana"], 1) == (asked, again.pools["purse"])

    def test_another_sheet_is_quoted_on_its_own_state(self) -> None:
        """A sheet with the same ledger but other points (made by hand), or after a change, has its own quote."""
        pack, _ = self.counted()
        poor = pack.new_sheet("adventurer", "Ana", pools={"purse": 1})
        assert not pack.quote(poor, "gift").ok
        rich = attrs.evolve(poor, pools={**poor.pools, "purse": 9})
        assert (True, False) == (pack.quote(rich, "gift").ok, pack.quote(poor, "gift").ok)
        assert pack.quote(pack.award(poor, "purse", 2, reason="found"), "gift").ok

    def test_a_payment_given_is_always_checked(self) -> None:
        """A payment, even an empty one, is never answered by the quote kept for the question without it: an empty
        payment is refused (it adds up to nothing), whatever was asked before (a review found it answered)."""
        pack = market()
        sheet = ana(purse=20, savings=10)
        assert pack.quote(sheet, "lesson").ok
        for pay in ({}, {"purse": 10}, {"purse": 4, "savings": 6}):
            with pytest.raises(InvalidInput, match="pay adds up to") if not pay else contextlib.nullcontext():
                pack.purchase(sheet, "lesson", pay=pay)
            with pytest.raises(InvalidInput, match="pay adds up to 0") if not pay else contextlib.nullcontext():
                pack.quote(sheet, "lesson", pay=pay)

    def test_another_pack_or_question_is_answered_anew(self) -> None:
        """The same sheet quoted by another pack object, for another member or upgrade, is not given the last answer."""
        pack, asked = self.counted()
        other, asked_other = self.counted()
        sheet = pack.new_sheet("adventurer", "Ana", pools={"purse": 7})
        first, second = pack.quote(sheet, "gift"), other.quote(sheet, "gift")
        assert (first, first is second, len(asked), len(asked_other)) == (second, False, 1, 1)
        assert pack.quote(sheet, "lesson").price == 10


SURPLUS_PACK = """
format = 1
[pack]
name = "dojo"
title = { en = "Dojo", fr = "Dojo" }
[currencies.pp]
label = { en = "PP", fr = "PP" }
[stats.rank]
label = { en = "Rank", fr = "Rang" }
[pools.pp]
label = { en = "PP", fr = "PP" }
currency = "pp"
cap = "rank"
overflow = "settle"
surplus_buys = ["rank_up"]
[upgrades.rank_up]
label = { en = "Rank up", fr = "Monter" }
pools = ["pp"]
cost = { amount = 1 }
effect = { stats = { rank = 1 } }
[upgrades.kata]
label = { en = "Kata", fr = "Kata" }
pools = ["pp"]
cost = { amount = 3 }
[kinds.student]
label = { en = "Student", fr = "Élève" }
pools = ["pp"]
stats = ["rank"]
"""


class TestSurplusBuys:
    def test_points_over_the_cap_pay_only_what_the_pool_names(self) -> None:
        """Rank 2 holding 2, awarded 3: the kata (3) sees the 2 under the cap and is refused; a rank up is paid."""
        pack = progression.load_text(SURPLUS_PACK, "dojo.toml")
        student = pack.award(pack.new_sheet("student", "Kenji", stats={"rank": 2}), "pp", 5, reason="training")
        quote = pack.quote(student, "kata")
        assert (False, 2, "3 more are over a cap and may pay only Rank up") == (
            quote.ok,
            quote.available,
            quote.over_cap,
        )
        assert 3 == pack.purchase(student, "rank_up").stats["rank"]

    def test_an_unknown_upgrade_is_refused_when_the_pack_loads(self) -> None:
        """``surplus_buys`` names upgrades of the pack."""
        with pytest.raises(progression.errors.RulePackError, match=r"surplus_buys"):
            progression.load_text(SURPLUS_PACK.replace('["rank_up"]', '["rank_upp"]'), "dojo.toml")


class TestWritableText:
    def test_a_reason_or_a_name_that_cannot_be_saved_is_refused(self) -> None:
        """A lone surrogate (a stray byte of another encoding from a command line) is refused at the edge."""
        with pytest.raises(InvalidInput, match=r"^expected text that can be written as UTF-8 as the reason of "):
            market().award(ana(), "purse", 1, reason="bad\udc80")
        with pytest.raises(InvalidInput, match=r"^expected text that can be written as UTF-8 as the name of "):
            market().new_sheet("adventurer", "A\ud800")


class TestLargestAward:
    def test_an_award_past_a_quadrillion_is_refused(self) -> None:
        """The bound of a file is the bound of an award; the message counts the digits (even past 4,300)."""
        with pytest.raises(
            InvalidInput,
            match=r"^expected at most 1,000,000,000,000,000 points as the amount of the award to 'purse', got a number of 5001 digits$",
        ):
            market().award(ana(), "purse", 10**5000, reason="x")


class TestLargestNumbers:
    """A number a sheet holds is at most 1,000,000,000,000,000 either way, what a sheet file holds: one past it is
    refused where it comes in (a start, an adjustment, an award), not found later in a file no command reads."""

    LIMIT: ClassVar[str] = "must be at most 1,000,000,000,000,000 either way"

    @pytest.mark.parametrize(
        ("kwargs", "message"),
        [
            (
                {"stats": {"shine": 10**30}},
                "^stat 'shine' must be at most .* in a new adventurer sheet, got a number of 31 digits$",
            ),
            (
                {"stats": {"shine": -(10**16)}},
                "^stat 'shine' must be at most .* in a new adventurer sheet, got -10,000,",
            ),
            (
                {"owned": {"badge": 10**30}},
                "^owned 'badge' must be at most .* in a new adventurer sheet, got a number of 31 digits$",
            ),
        ],
    )
    def test_a_start_past_the_limit(self, kwargs: dict[str, object], message: str) -> None:
        """A stat or an owned count given to a new sheet, by ``new_sheet`` or by the creation operation itself."""
        with pytest.raises(InvalidInput, match=message):
            market().new_sheet("adventurer", "Ana", **kwargs)  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match=message):
            start_sheet(market(), Create(kind="adventurer", name="Ana", **kwargs))  # type: ignore[arg-type]

    def test_a_store_refuses_it_too(self, tmp_path: object) -> None:
        """``Store.start_sheet`` runs the same creation: nothing is stored."""
        store = progression.open_store(f"{tmp_path}/s.db", market())
        with pytest.raises(InvalidInput, match="stat 'shine' " + self.LIMIT):
            store.start_sheet("ana", Create(kind="adventurer", name="Ana", stats={"shine": 10**30}))
        assert () == store.ids()

    @pytest.mark.parametrize(
        ("effect", "message"),
        [
            (
                Effect(stats={"shine": 10**20}),
                "^the change to stat 'shine' must be at most .* in the effect to adjust, got 100,000,",
            ),
            (
                Effect(grants={"badge": 10**20}),
                "^the change to owned 'badge' must be at most .* in the effect to adjust, got",
            ),
            (Effect(stats={"shine": 10**15}), None),  # the change fits, the sum does not: the sheet holds 10**15
        ],
    )
    def test_an_adjustment_past_the_limit(self, effect: Effect, message: str | None) -> None:
        """An effect's numbers, and what they leave on the sheet; nothing is changed."""
        pack = market()
        sheet = pack.adjust(ana(), Effect(stats={"shine": 10**15}), reason="as bright as it gets")
        with pytest.raises(InvalidInput, match=message or "stat 'shine' after the change " + self.LIMIT):
            pack.adjust(sheet, effect, reason="more")

    def test_awards_that_add_up_past_the_limit(self) -> None:
        """Each award is within the limit; the balance they make is checked too."""
        pack = market()
        sheet = pack.award(ana(), "purse", 10**15, reason="a fortune")
        with pytest.raises(
            InvalidInput, match="^Purse after the award " + self.LIMIT + r" .* in the award to 'purse', got"
        ):
            pack.award(sheet, "purse", 1, reason="one more")

    def test_a_sheet_at_the_limit_saves_and_loads(self) -> None:
        """The limit itself is a number a sheet file holds."""
        sheet = market().new_sheet("adventurer", "Ana", stats={"shine": 10**15}, owned={"badge": 10**15})
        assert sheet == progression.load_sheet(progression.dump_sheet(sheet), pack=market())


class TestArgumentsOfTheWrongType:
    """What a public method cannot read is refused as such, saying what was expected and what came."""

    @pytest.mark.parametrize(
        ("call", "message"),
        [
            (lambda pack: pack.surplus(None), "expected a Sheet as the sheet whose surplus is read, got NoneType None"),
            (
                lambda pack: pack.cap(None, "chest"),
                "expected a Sheet as the sheet whose cap is read, got NoneType None",
            ),
            (lambda pack: pack.cap(ana(), None), "^expected a text pool id in cap, got NoneType None$"),
            (lambda pack: pack.quote(None, "badge"), "expected a Sheet as the sheet to quote for, got NoneType None"),
            (
                lambda pack: pack.options(None, "badge"),
                "expected a Sheet as the sheet whose options are listed, got NoneType",
            ),
            (lambda pack: pack.options(ana(), None), "^expected a text upgrade id in options, got NoneType None$"),
            (
                lambda pack: pack.available("Ana"),
                "expected a Sheet as the sheet whose purchases are quoted, got str 'Ana'",
            ),
            (lambda pack: pack.quote(ana(), None), "^expected a text upgrade id in quote, got NoneType None$"),
            (lambda pack: pack.quote(ana(), 5), "^expected a text upgrade id in quote, got int 5$"),
            (lambda pack: pack.purchase(ana(), None), "^expected a text upgrade id in purchase, got NoneType None$"),
            (lambda pack: pack.name_of(None), "^expected a text id in rule pack 'market', got NoneType None$"),
            (
                lambda pack: pack.name_of("level", 5),
                "^expected a language code of rule pack 'market', one of en, fr; got int 5$",
            ),
        ],
    )
    def test_refused(self, call: Callable[[RulePack], object], message: str) -> None:
        with pytest.raises(InvalidInput, match=message):
            call(market())

    @pytest.mark.parametrize(
        ("call", "where"),
        [
            (lambda pack, sheet: pack.options(sheet, "badge"), "the sheet whose options are listed"),
            (lambda pack, sheet: pack.available(sheet), "the sheet whose purchases are quoted"),
            (lambda pack, sheet: pack.surplus(sheet), "the sheet whose surplus is read"),
            (lambda pack, sheet: pack.cap(sheet, "purse"), "the sheet whose cap is read"),
        ],
    )
    def test_a_sheet_of_another_pack(self, call: Callable[[RulePack, Sheet], object], where: str) -> None:
        """A sheet of another pack is refused naming its pack, where it was listed or read as holding nothing."""
        other = attrs.evolve(market(), name="other")
        expected = rf"expected a sheet of pack 'other' as {where}, got an adventurer sheet 'Ana' of pack 'market'$"
        with pytest.raises(InvalidInput, match=expected):
            call(other, ana())

    @pytest.mark.parametrize(
        ("lookup", "named"),
        [
            ("curve", "curve id"),
            ("ladder", "ladder id"),
            ("upgrade", "upgrade id"),
            ("kind", "kind of sheet id"),
            ("pool", "pool id"),
            ("function", "function id"),
            ("label_of", "id"),
        ],
    )
    @pytest.mark.parametrize(
        ("given", "came"), [(5, "int 5"), (None, "NoneType None"), (["level"], r"list \['level'\]")]
    )
    def test_a_lookup_by_an_id_that_is_no_text(self, lookup: str, named: str, given: object, came: str) -> None:
        """An id that is no text is refused as such, not as an id the pack does not define (``upgrade 5 is not
        defined``), nor with an AttributeError or a TypeError."""
        with pytest.raises(InvalidInput, match=rf"^expected a text {named} in rule pack 'market', got {came}$"):
            getattr(market(), lookup)(given)

    def test_a_lookup_by_an_unknown_text_is_unknown(self) -> None:
        """A text id the pack does not define is still an unknown name, listing those it does."""
        with pytest.raises(UnknownName, match=r"^upgrade 'badg' is not defined in rule pack 'market'; expected"):
            market().upgrade("badg")

    @pytest.mark.parametrize(
        "call",
        [
            lambda pack: pack.name_of("level", 5),
            lambda pack: pack.quote(ana(), "badge", language=5),
        ],
    )
    def test_a_language_that_is_no_text(self, call: Callable[[RulePack], object]) -> None:
        """A language that is no text is refused as not a language code, by ``name_of`` as by ``quote``."""
        with pytest.raises(
            InvalidInput, match=r"^expected a language code of rule pack 'market', one of en, fr; got int 5$"
        ):
            call(market())

    @pytest.mark.parametrize(
        "call",
        [
            lambda pack: pack.name_of("level", "de"),
            lambda pack: pack.quote(ana(), "badge", language="de"),
        ],
    )
    def test_a_language_the_pack_does_not_declare(self, call: Callable[[RulePack], object]) -> None:
        """A language the pack does not declare is refused alike by ``name_of`` and ``quote``, listing those it
        declares, not read as English by one of them."""
        with pytest.raises(
            UnknownName, match=r"^language 'de' is not defined in rule pack 'market'; expected one of: en, fr$"
        ):
            call(market())

    def test_dice_that_are_not_dice(self) -> None:
        """Dice are refused when they are not dice, whether or not the operation rolls: a purchase without a roll,
        an award, an amendment."""
        pack = market()
        sheet = ana(purse=5)
        expected = r"expected dice for purchase \(SeededDice, ScriptedDice, CallbackDice, .*\) or None, got int 5"
        with pytest.raises(InvalidInput, match=expected):
            pack.purchase(sheet, "badge", dice=5)  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match=r"expected dice for award .* got str '6'"):
            progression.run(pack, sheet, Award(pool="purse", amount=1, reason="r"), "6")  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match="expected dice for amend"):
            progression.amend(sheet, 1, sheet.ledger[0].operation, pack=pack, dice=[6])  # type: ignore[arg-type, union-attr]

    def test_dice_that_roll_are_taken(self) -> None:
        """Anything with ``roll(sides, count, label)`` is dice, the library's or not."""

        class Sixes:
            def roll(self, sides: int, count: int = 1, label: str = "") -> tuple[int, ...]:
                return (6,) * count

        assert market().purchase(ana(purse=5), "badge", dice=Sixes()).has("badge")
