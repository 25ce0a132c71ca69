"""A pack's named functions: called with a documented context, their signatures checked when the pack loads,
and what they return checked when they are called (issue 17, item 6)."""

from __future__ import annotations

import pickle
from collections.abc import Callable, Generator
from typing import Any

import pytest

import progression
from progression import Effect
from progression.authoring import ProcedureContext, Roll
from progression.errors import (
    InvalidInput,
    PackFunctionError,
    RequirementNotMet,
    RulePackError,
    UnknownChoice,
)
from progression.requirements import Context

PACK = """
format = 1
[pack]
name = "smithy"
title = { en = "Smithy", fr = "Forge" }
[currencies.gold]
label = { en = "Gold", fr = "Or" }
[pools.gold]
label = { en = "Gold", fr = "Or" }
currency = "gold"
[stats.strength]
label = { en = "Strength", fr = "Force" }
[stats.agility]
label = { en = "Agility", fr = "Agilité" }
[curves.forge]
kind = "function"
function = "forge_curve"
[upgrades.sword]
label = { en = "Sword", fr = "Épée" }
pool = "gold"
cost = { function = "sword_price" }
requires = { predicate = "sober", args = { drinks = 2 } }
[upgrades.train]
label = { en = "Train", fr = "Entraîner" }
pool = "gold"
cost = 1
options = "trainable"
effect = { stats = { "{choice}" = 1 } }
[upgrades.temper]
label = { en = "Temper", fr = "Tremper" }
pool = "gold"
cost = { curve = "forge", axis = "strength" }
procedure = "tempering"
[kinds.smith]
label = { en = "Smith", fr = "Forgeron" }
pools = ["gold"]
stats = ["strength", "agility"]
"""


def sword_price(context: Context) -> int:
    return 10


def sober(context: Context, drinks: int) -> list[str]:
    return []


def trainable(context: ProcedureContext) -> tuple[str, ...]:
    return ("strength", "agility")


def tempering(context: ProcedureContext) -> Generator[Roll, object, Effect]:
    yield Roll(sides=6)
    return Effect(stats={"strength": 1})


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "forge_curve": lambda step: 2 * step,
    "sword_price": sword_price,
    "sober": sober,
    "trainable": trainable,
    "tempering": tempering,
}


def smithy(**replaced: Callable[..., Any]) -> progression.RulePack:
    return progression.load_text(PACK, "smithy.toml", {**FUNCTIONS, **replaced})


def problems(**replaced: Any) -> list[str]:
    with pytest.raises(RulePackError) as caught:
        smithy(**replaced)
    return [str(problem) for problem in caught.value.problems]


class TestSignatures:
    def test_the_functions_as_the_calls_will_give(self) -> None:
        """Each kind of function loads when it takes what its call gives: the context (and a predicate's args),
        a curve's step."""
        assert "smithy" == smithy().name

    def test_a_cost_function_that_takes_nothing(self) -> None:
        """A cost function is called with the context: one that cannot take it is refused where it is named."""
        assert [
            "smithy.toml: function 'sword_price' cannot be called as sword_price(context): too many positional "
            "arguments @ $.upgrades.sword.cost.function"
        ] == problems(sword_price=lambda: 10)

    def test_a_required_parameter_the_call_does_not_give(self) -> None:
        """An options function wanting a second argument would fail at the first quote: refused at load."""
        assert [
            "smithy.toml: function 'trainable' cannot be called as trainable(context): missing a required "
            "argument: 'level' @ $.upgrades.train.options"
        ] == problems(trainable=lambda context, level: ())

    def test_a_predicate_and_its_args(self) -> None:
        """A predicate is called with the context and its ``args`` as keywords: each must be a parameter."""
        assert [
            "smithy.toml: function 'sober' cannot be called as sober(context, drinks=...): got an unexpected "
            "keyword argument 'drinks' @ $.upgrades.sword.requires.predicate"
        ] == problems(sober=lambda context: [])

    def test_a_curve_function_takes_the_step(self) -> None:
        """A function curve is called with the step's number; the curve is then not made, which is the one
        problem: what prices on it is not said to name a curve the file does not define."""
        assert [
            "smithy.toml: function 'forge_curve' cannot be called as forge_curve(step): too many positional "
            "arguments @ $.curves.forge.function",
        ] == problems(forge_curve=lambda: 1)

    def test_not_callable(self) -> None:
        """A value that is no function is refused with what it is."""
        assert [
            "smithy.toml: function 'tempering' is not callable, got 'tempering' @ $.upgrades.temper.procedure"
        ] == problems(tempering="tempering")

    def test_defaults_and_catch_alls_are_fine(self) -> None:
        """Optional parameters and ``**kwargs`` take what the call gives."""
        pack = smithy(sober=lambda context, **args: [], trainable=lambda context, extra=1: ("agility",))
        assert ("agility",) == pack.options(pack.new_sheet("smith"), "train")


class TestReturns:
    @pytest.mark.parametrize("price", [None, -5, "100", 2.5, True])
    def test_a_cost_function_returns_a_price(self, price: object) -> None:
        """A price is a whole number >= 0: anything else names the function and the upgrade."""
        pack = smithy(sword_price=lambda context: price)
        expected = (
            f"cost function 'sword_price' gave upgrade 'sword' the price {price!r}; a price is a whole number >= 0"
        )
        with pytest.raises(InvalidInput) as caught:
            pack.quote(pack.new_sheet("smith"), "sword")
        assert expected == str(caught.value)
        # the pack's bug: a RulePackError too, whose one problem is the message
        assert isinstance(caught.value, RulePackError)
        assert [expected] == [problem.reason for problem in caught.value.problems]
        assert expected == str(pickle.loads(pickle.dumps(caught.value)))

    def test_a_cost_function_before_a_choice(self) -> None:
        """A cost function is called with ``context.choice`` None when the quote is asked without a choice."""
        seen: list[object] = []

        def price(context: Context) -> int:
            seen.append((context.choice, context.pack is not None, dict(context.args)))
            return 3

        pack = smithy(sword_price=price)
        assert 3 == pack.quote(pack.new_sheet("smith"), "sword").price
        assert [(None, True, {})] == seen

    @pytest.mark.parametrize(
        ("offered", "expected"),
        [
            ("strength", "must return a list of option ids (texts), got 'strength'"),
            (None, "must return a list of option ids (texts), got None"),
            ({"strength": 1}, "must return a list of option ids (texts), got {'strength': 1}"),
            (["strength", 3], "must return a list of option ids (texts), got 3 among them"),
            (
                ["strength", "wisdom"],
                "offered 'wisdom', which is not a stat of the pack, but the effect changes the chosen stat; "
                "stats: agility, strength",
            ),
        ],
    )
    def test_an_options_function_returns_ids(self, offered: object, expected: str) -> None:
        """The options are texts, never a text read letter by letter; where the effect changes the chosen stat,
        each is a stat of the pack."""
        pack = smithy(trainable=lambda context: offered)
        with pytest.raises(InvalidInput) as caught:
            pack.options(pack.new_sheet("smith"), "train")
        assert f"options function 'trainable' of upgrade 'train' {expected}" == str(caught.value)

    def test_an_options_function_offers_stats_the_buyer_holds(self) -> None:
        """A smith who holds no agility (his kind lists strength alone) is offered it by the options function, and
        the effect changes the chosen stat: it would appear from nothing at 0. The function's answer is refused as
        the pack's bug, naming the stat and what the smith holds."""
        pack = progression.load_text(
            PACK.replace('stats = ["strength", "agility"]', 'stats = ["strength"]'), "smithy.toml", FUNCTIONS
        )
        with pytest.raises(PackFunctionError) as caught:
            pack.options(pack.new_sheet("smith"), "train")
        assert (
            "options function 'trainable' of upgrade 'train' offered 'agility', a stat a sheet of kind 'smith' does "
            "not hold, but the effect changes the chosen stat; it holds: strength"
        ) == str(caught.value)

    def test_a_choice_is_tested_without_listing_every_option(self) -> None:
        """A quote (and a purchase) with a choice asks the options function about that choice alone
        (``context.choice``); the options are listed, with ``choice`` None, only when it is none of them: to read
        it as an option's name, or to say why it is refused."""
        asked: list[str | None] = []

        def trainable(context: ProcedureContext) -> tuple[str, ...]:
            asked.append(context.choice)
            every = ("strength", "agility")
            return every if context.choice is None else tuple(c for c in every if c == context.choice)

        pack = smithy(trainable=trainable)
        sheet = pack.new_sheet("smith", pools={"gold": 5})
        assert pack.quote(sheet, "train", choice="agility").ok
        assert 1 == pack.purchase(sheet, "train", choice="agility").stats["agility"]
        # the quote asks once whether 'agility' is an option; the purchase, given the sheet just quoted, reads the
        # answer from that quote (kept) rather than asking again, to record the option a name means
        assert ["agility"] == asked
        # on a sheet not just quoted, the purchase asks twice: for the option a name means, and in its own quote
        asked.clear()
        other = pack.new_sheet("smith", pools={"gold": 5})
        assert 1 == pack.purchase(other, "train", choice="agility").stats["agility"]
        assert ["agility"] * 2 == asked
        asked.clear()
        refused = pack.quote(sheet, "train", choice="wisdom")
        assert ("'wisdom' is not an option for Train; options: strength, agility",) == refused.unmet
        assert ["wisdom", None] == asked  # listed once, to read it as a name, then to say what may be chosen

    def test_a_function_that_lists_whatever_the_choice_still_answers(self) -> None:
        """An options function that ignores ``context.choice`` and lists every option is as right as before."""
        pack = smithy()
        sheet = pack.new_sheet("smith", pools={"gold": 5})
        assert (True, False) == (
            pack.quote(sheet, "train", choice="strength").ok,
            pack.quote(sheet, "train", choice="wisdom").ok,
        )

    def test_a_quote_checks_the_options_too(self) -> None:
        """A quote with a choice lists the options first, checked the same way."""
        pack = smithy(trainable=lambda context: "strength")
        with pytest.raises(
            InvalidInput, match=r"^options function 'trainable' of upgrade 'train' must return a list of option ids"
        ):
            pack.quote(pack.new_sheet("smith"), "train", choice="strength")

    @pytest.mark.parametrize(
        ("returned", "expected"),
        [
            ("too drunk", "predicate 'sober' must return the unmet sentences, got 'too drunk'"),
            (None, "predicate 'sober' must return the unmet sentences, got None"),
            (False, "predicate 'sober' must return the unmet sentences, got False"),
            ([1], "predicate 'sober' must return the unmet sentences (texts), got [1]"),
        ],
    )
    def test_a_predicate_returns_sentences(self, returned: object, expected: str) -> None:
        """A predicate returns a list of texts, empty when met."""
        pack = smithy(sober=lambda context, drinks: returned)
        with pytest.raises(InvalidInput) as caught:
            pack.quote(pack.new_sheet("smith"), "sword")
        assert expected == str(caught.value)

    def test_a_procedure_returns_an_effect(self) -> None:
        """A procedure that returns neither an Effect nor a generator is named, not a crash inside the engine."""
        pack = smithy(tempering=lambda context: None)
        sheet = pack.award(pack.new_sheet("smith"), "gold", 10, reason="sale")
        with pytest.raises(InvalidInput) as caught:
            pack.purchase(sheet, "temper")
        assert "the procedure of Temper must return an Effect, or be a generator of Roll and Choose, got None" == str(
            caught.value
        )


def broken(*args: object, **kwargs: object) -> Any:
    """A pack function with a bug."""
    return {}["missing"]


def tempering_then_broken(context: ProcedureContext) -> Generator[Roll, object, Effect]:
    yield Roll(sides=6)
    return broken()  # type: ignore[no-any-return]


def refusing(*args: object, **kwargs: object) -> Any:
    """A pack function that refuses, as a pack's rule may."""
    raise InvalidInput("the smithy is closed")


class TestRaises:
    @pytest.mark.parametrize(
        ("replaced", "ask", "expected"),
        [
            ({"sword_price": broken}, "quote sword", "cost function 'sword_price' of upgrade 'sword'"),
            ({"sober": broken}, "quote sword", "predicate 'sober'"),
            ({"trainable": broken}, "options train", "options function 'trainable' of upgrade 'train'"),
            ({"tempering": broken}, "buy temper", "the procedure of Temper"),
            ({"tempering": tempering_then_broken}, "buy temper", "the procedure of Temper"),
        ],
    )
    def test_a_function_that_raises_is_named(self, replaced: dict[str, Any], ask: str, expected: str) -> None:
        """An exception a pack's function raises (its bug) is a PackFunctionError naming the function and what
        asked it, its cause kept; nothing is recorded."""
        pack = smithy(**replaced)
        sheet = pack.award(pack.new_sheet("smith"), "gold", 10, reason="sale")
        verb, upgrade = ask.split()
        act = {"quote": pack.quote, "options": pack.options, "buy": pack.purchase}[verb]
        with pytest.raises(PackFunctionError) as caught:
            act(sheet, upgrade, dice=progression.ScriptedDice([4])) if verb == "buy" else act(sheet, upgrade)
        assert f"{expected} raised KeyError: 'missing'" == str(caught.value)
        assert isinstance(caught.value.__cause__, KeyError)
        assert 10 == sheet.pools["gold"]

    def test_a_refusal_of_the_pack_passes_as_it_is(self) -> None:
        """A ProgressionError a pack's function raises is the pack's refusal, given to the caller unchanged."""
        pack = smithy(sober=refusing)
        with pytest.raises(InvalidInput) as caught:
            pack.quote(pack.new_sheet("smith"), "sword")
        assert ("the smithy is closed", False) == (str(caught.value), isinstance(caught.value, PackFunctionError))

    def test_a_curve_function_that_raises_is_a_problem_of_the_pack(self) -> None:
        """A function curve is priced when the pack loads: an exception there is a problem at the curve."""
        assert (
            "smithy.toml: curve 'forge': function 'forge_curve' at step 1 raised KeyError: 'missing' @ $.curves.forge"
            == problems(forge_curve=broken)[0]
        )


class TestUnknownChoice:
    def test_a_name_the_pack_knows_is_refused_by_the_rules(self) -> None:
        """An options function offering this sheet strength alone: agility, a stat of the pack, is a known option
        refused now (RequirementNotMet); 'agilty' names nothing the pack knows, an UnknownChoice (bad usage),
        naming what is offered. The quote answers both with the same sentence, and says which is which."""
        pack = smithy(trainable=lambda context: ("strength",))
        sheet = pack.new_sheet("smith", pools={"gold": 5})
        with pytest.raises(RequirementNotMet) as refused:
            pack.purchase(sheet, "train", choice="agility")
        with pytest.raises(UnknownChoice) as unknown:
            pack.purchase(sheet, "train", choice="agilty")
        assert (False, ("strength",), "agilty") == (
            isinstance(refused.value, UnknownChoice),
            unknown.value.known,
            unknown.value.name,
        )
        assert (False, True) == (
            pack.quote(sheet, "train", choice="Agility").unknown_choice,
            pack.quote(sheet, "train", choice="agilty").unknown_choice,
        )
