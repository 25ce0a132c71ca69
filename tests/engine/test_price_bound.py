"""A price is at most what a pool holds (a quadrillion): a curve, a cost function or the factors of an upgrade
that give more are the pack's bug, refused where the price is asked, naming the upgrade, what priced it and the
step, never a figure no sheet can pay nor one too long to write."""

from __future__ import annotations

import pytest

import progression
from progression import Effect, RulePack
from progression.authoring import Currency, CurveCost, Kind, Label, PoolSpec, StatSpec, Upgrade
from progression.curves import Curve, LinearCurve, PolynomialCurve
from progression.errors import PackFunctionError

LABEL = Label(en="x", fr="x")


def climbing(curve: Curve) -> RulePack:
    """A pack built in Python whose one upgrade, a level, is priced on ``curve``; the level goes to a million."""
    return RulePack(
        name="climb",
        title=LABEL,
        currencies=[Currency(id="xp", label=LABEL)],
        pools=[PoolSpec(id="xp", label=LABEL, currency="xp")],
        stats=[StatSpec(id="level", label=LABEL, maximum=10**6)],
        curves=[curve],
        upgrades=[
            Upgrade(
                id="level_up",
                label=Label(en="Level up", fr="Niveau"),
                pools=("xp",),
                cost=CurveCost(curve=curve.name, axis="level"),
                effect=Effect(stats={"level": 1}),
            )
        ],
        kinds=[Kind(id="hero", label=LABEL, pools=("xp",), stats=("level",))],
    )


def at_level(pack: RulePack, level: int) -> progression.Sheet:
    """A hero of ``pack`` at ``level`` with a full purse (the most a pool holds)."""
    return pack.new_sheet("hero", "Ana", stats={"level": level}, pools={"xp": 10**15})


class TestACurvePastTheBound:
    def test_the_last_step_within_it_is_priced(self) -> None:
        """Step 10 of a curve climbing by 10**14 costs 10**15, the most a pool holds: it is priced, and bought."""
        pack = climbing(LinearCurve(name="steep", base=10**14, step=10**14))
        sheet = at_level(pack, 9)
        assert 10**15 == pack.quote(sheet, "level_up").price
        assert 10 == pack.purchase(sheet, "level_up").stats["level"]

    def test_the_step_past_it_is_refused_naming_the_upgrade_the_curve_and_the_step(self) -> None:
        """Step 11 would cost 1.1 quadrillion: the quote and the purchase are refused as the pack's bug."""
        pack = climbing(LinearCurve(name="steep", base=10**14, step=10**14))
        sheet = at_level(pack, 10)
        expected = (
            "curve 'steep' at step 11 gave upgrade 'level_up' the price 1,100,000,000,000,000, past the most a pool "
            "holds (1,000,000,000,000,000): no sheet could pay it; the pack's curve or cost must stop below it, or "
            "the upgrade's stat end before it"
        )
        with pytest.raises(PackFunctionError) as quoted:
            pack.quote(sheet, "level_up")
        with pytest.raises(PackFunctionError) as bought:
            pack.purchase(sheet, "level_up")
        assert (expected, expected, 1) == (str(quoted.value), str(bought.value), len(sheet.ledger))

    def test_a_long_price_is_refused_by_its_digits(self) -> None:
        """A polynomial of 40 terms at the step after 999,999 gives a price of 250 digits: refused, saying how
        long rather than writing it out."""
        pack = climbing(PolynomialCurve(name="wild", coefficients=[10**15] * 40))
        with pytest.raises(PackFunctionError) as refused:
            pack.quote(at_level(pack, 999_999), "level_up")
        assert str(refused.value).startswith(
            "curve 'wild' at step 1000000 gave upgrade 'level_up' the price a number of 250 digits, past the most a "
            "pool holds"
        )


POOR = """
format = 1
[pack]
name = "poor"
title = { en = "Poor", fr = "Pauvre" }
[currencies.gold]
label = { en = "Gold", fr = "Or" }
[pools.gold]
label = { en = "Gold", fr = "Or" }
currency = "gold"
[stats.rank]
label = { en = "Rank", fr = "Grade" }
[curves.rank]
kind = "table"
values = [100, 1000]
beyond = "extrapolate"
[upgrades.promotion]
label = { en = "Promotion", fr = "Promotion" }
pool = "gold"
cost = { curve = "rank", axis = "rank", multiply = [{ by = 1000000000000000, when = { tag = "noble" } }] }
effect = { stats = { rank = 1 } }
[upgrades.bribe]
label = { en = "Bribe", fr = "Pot-de-vin" }
pool = "gold"
cost = { function = "bribe" }
[kinds.knight]
label = { en = "Knight", fr = "Chevalier" }
pools = ["gold"]
stats = ["rank"]
"""


class TestAPackFile:
    def pack(self) -> RulePack:
        """The pack file above, its bribe priced by a function asking 10**20."""
        return progression.load_text(POOR, source="poor.toml", functions={"bribe": lambda context: 10**20})

    def test_a_table_extrapolated_past_the_bound(self) -> None:
        """A table extrapolated by its last difference (900 a step) reaches a quadrillion exactly at step
        1,111,111,111,112, which is priced; the step after is refused."""
        pack = self.pack()
        assert 10**15 == pack.quote(pack.new_sheet("knight", stats={"rank": 1_111_111_111_111}), "promotion").price
        far = pack.new_sheet("knight", stats={"rank": 1_111_111_111_112})
        with pytest.raises(PackFunctionError, match=r"^curve 'rank' at step 1111111111113 gave upgrade 'promotion'"):
            pack.quote(far, "promotion")

    def test_the_factors_past_the_bound(self) -> None:
        """A price of 100 times a factor of a quadrillion is refused, naming the factors, the curve and the step."""
        pack = self.pack()
        noble = pack.new_sheet("knight", tags={"noble": "yes"})
        assert 100 == pack.quote(pack.new_sheet("knight"), "promotion").price
        with pytest.raises(PackFunctionError) as refused:
            pack.quote(noble, "promotion")
        assert str(refused.value).startswith(
            "curve 'rank' at step 1, times its factors (multiply), gave upgrade 'promotion' the price "
            "100,000,000,000,000,000, past the most a pool holds (1,000,000,000,000,000)"
        )

    def test_a_cost_function_past_the_bound(self) -> None:
        """A cost function's price past a quadrillion is refused as its negative prices are."""
        pack = self.pack()
        with pytest.raises(PackFunctionError, match=r"^cost function 'bribe' gave upgrade 'bribe' the price 100,000,"):
            pack.quote(pack.new_sheet("knight"), "bribe")

    def test_a_price_too_long_to_write(self) -> None:
        """A price of 5,001 digits is refused by its length: writing it out failed (``str`` refuses an integer
        past 4,300 digits), and a bare ValueError came out of the quote's sentence."""
        pack = progression.load_text(POOR, source="poor.toml", functions={"bribe": lambda context: 10**5000})
        with pytest.raises(PackFunctionError, match=r"the price a number of 5,001 digits, past the most a pool holds"):
            pack.quote(pack.new_sheet("knight"), "bribe")
