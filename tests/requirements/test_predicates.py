"""Requirements: predicates over a sheet that explain themselves in a sentence when unmet."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from progression import Sheet
from progression.errors import InvalidInput, UnknownName
from progression.requirements import (
    AllOf,
    AnyOf,
    AtLeast,
    AtMost,
    Context,
    GivenArg,
    HasTag,
    Not,
    Owns,
    OwnsAmong,
    Predicate,
    Requirement,
)
from support.builders import FEW, market


def sheet(level: int = 0, owned: dict[str, int] | None = None, tags: dict[str, str] | None = None) -> Sheet:
    return market().new_sheet("adventurer", "Ana", stats={"level": level}, owned=owned, tags=tags)


def context(subject: Sheet, args: dict[str, object] | None = None, **functions: Callable[..., object]) -> Context:
    return Context(sheet=subject, names=market(), functions=functions, args=args or {})


class TestLeaves:
    def test_at_least(self) -> None:
        """Unmet, it names the quantity, the bound and the value now."""
        req = AtLeast(quantity="level", value=3)
        assert (("needs Level at least 3 (it is 1)",), ()) == (
            req.unmet(context(sheet(1))),
            req.unmet(context(sheet(3))),
        )

    def test_at_most(self) -> None:
        """The same for an upper bound."""
        req = AtMost(quantity="level", value=1)
        assert ("needs Level at most 1 (it is 2)",) == req.unmet(context(sheet(2)))

    def test_owns(self) -> None:
        """Owning counts: once, or a number of times."""
        once, twice = Owns(item="badge"), Owns(item="medal", count=2)
        met = context(sheet(owned={"badge": 1, "medal": 1}))
        assert ((), ("needs Medal 2 times",)) == (once.unmet(met), twice.unmet(met))

    def test_owns_among(self) -> None:
        """It says how many are held, how many miss, and which would count."""
        req = OwnsAmong(among=["badge", "medal", "ring"], count=2, what="trinkets")
        assert (
            "needs at least 2 trinkets (has 1: Medal); 1 missing, any of these would count: Badge, Ring",
        ) == req.unmet(context(sheet(owned={"medal": 1})))

    def test_owns_one_among(self) -> None:
        """One of them needed: the words for the items (a plural, as ``"items"`` is) read right after "one or
        more", where "at least 1 trinkets" did not; what is said, and what is asked, the same whether the words
        are ``what`` or ``items_said``."""
        said = OwnsAmong(among=["badge", "medal"], count=1, what="trinkets")
        worded = OwnsAmong(among=["badge", "medal"], count=1, what="kept", items_said="trinkets")
        plain = OwnsAmong(among=["badge", "medal"], count=1)
        bare = context(sheet())
        expected = "needs one or more trinkets (has none); any of these would count: Badge, Medal"
        assert (
            (expected,),
            (expected,),
            "have one or more trinkets",
            "have one or more items",
            "must not have one or more trinkets",
        ) == (
            said.unmet(bare),
            worded.unmet(bare),
            said.describe(bare),
            plain.describe(bare),
            Not(item=said).unmet(context(sheet(owned={"medal": 1})))[0],
        )

    def test_message_replaces_the_sentence(self) -> None:
        """A pack may word the sentence itself."""
        req = AtLeast(quantity="level", value=3, message="only seasoned adventurers")
        assert ("only seasoned adventurers",) == req.unmet(context(sheet()))

    def test_words_only_stay_out_of_the_fingerprint(self) -> None:
        """``said`` and ``items_said`` are the sentence shown, in place of ``message`` and ``what``; they are
        words only: out of the repr the rules' fingerprint digests, and of equality, where ``message`` and
        ``what`` are in both."""
        gate = OwnsAmong(among=["badge", "medal"], count=1, what="kept", items_said="trinkets of the guild")
        reworded = OwnsAmong(among=["badge", "medal"], count=1, what="kept", items_said="guild trinkets")
        worded = AtLeast(quantity="level", value=3, message="kept", said="only seasoned adventurers")
        assert (
            ("needs one or more trinkets of the guild (has none); any of these would count: Badge, Medal",),
            ("only seasoned adventurers",),
            repr(gate),
            gate,
            repr(AtLeast(quantity="level", value=3, message="kept")),
        ) == (
            gate.unmet(context(sheet())),
            worded.unmet(context(sheet())),
            repr(reworded),
            reworded,
            repr(worded),
        )
        assert repr(gate) != repr(OwnsAmong(among=["badge", "medal"], count=1, what="other"))

    def test_describe_uses_displayed_names(self) -> None:
        """Sentences use the pack's displayed names, not ids, when a label exists."""
        assert "have Level at least 3" == AtLeast(quantity="level", value=3).describe(context(sheet()))


class TestComposition:
    def test_all_lists_every_unmet_part(self) -> None:
        """``all``: each failing part gives its own sentence."""
        req = AllOf(items=[AtLeast(quantity="level", value=3), Owns(item="badge")])
        assert ("needs Level at least 3 (it is 0)", "needs Badge") == req.unmet(context(sheet()))

    def test_any_says_what_each_alternative_lacks(self) -> None:
        """``any``: one sentence saying what each alternative still lacks, with the values the sheet has (of an
        alternative made of several, only the parts that fail), not every alternative's whole condition."""
        req = AnyOf(
            items=[
                AllOf(items=[AtLeast(quantity="level", value=3), Owns(item="ring")]),
                Owns(item="badge"),
            ]
        )
        assert (("needs one of: needs Level at least 3 (it is 1); or needs Badge",), ()) == (
            req.unmet(context(sheet(1, owned={"ring": 1}))),
            req.unmet(context(sheet(owned={"badge": 1}))),
        )

    def test_a_tag_set_to_a_value_or_to_one_of_several(self) -> None:
        """``tag``: set at all, to one value, or to one of several; unmet, it says what the sheet holds."""
        scholar = sheet(tags={"career": "scholar"})
        anyone, soldier = HasTag(tag="career"), HasTag(tag="career", value="soldier")
        either = HasTag(tag="career", among=["soldier", "rogue"])
        assert (
            (),
            ("needs career soldier (it has scholar)",),
            ("needs career soldier or rogue (it has scholar)",),
        ) == (
            anyone.unmet(context(scholar)),
            soldier.unmet(context(scholar)),
            either.unmet(context(scholar)),
        )
        assert ("needs a career (it has none)",) == anyone.unmet(context(sheet()))

    def test_an_argument_of_the_purchase(self) -> None:
        """``arg``: the purchase was given the flag (or the value); said when it was not."""
        flag = GivenArg(arg="rush")
        given, not_given = context(sheet(), args={"rush": True}), context(sheet(), args={"rush": False})
        assert ((), ("needs to be bought with rush (not given)",)) == (flag.unmet(given), flag.unmet(not_given))

    def test_not_explains_itself(self) -> None:
        """``not``: what must not be so."""
        req = Not(item=Owns(item="crown"))
        assert ("must not have Crown",) == req.unmet(context(sheet(owned={"crown": 1})))

    def test_references(self) -> None:
        """A requirement lists the ids it refers to, so a loader can check them."""
        req = AllOf(items=[Not(item=Owns(item="crown")), AnyOf(items=[AtLeast(quantity="level", value=1)])])
        assert ("crown", "level") == req.references()

    @FEW
    @given(st.integers(0, 5), st.booleans(), st.integers(0, 5))
    def test_unmet_is_empty_exactly_when_it_holds(self, level: int, badge: bool, bound: int) -> None:
        """For every form, ``unmet()`` is empty exactly when ``holds()``, and ``not`` flips it."""
        ctx = context(sheet(level, {"badge": 1} if badge else None))
        leaves: list[Requirement] = [AtLeast(quantity="level", value=bound), Owns(item="badge")]
        for req in [*leaves, AllOf(items=leaves), AnyOf(items=leaves), Not(item=leaves[0])]:
            assert req.holds(ctx) == (req.unmet(ctx) == ())
        assert Not(item=leaves[0]).holds(ctx) != leaves[0].holds(ctx)


class TestPredicate:
    def test_predicate_returns_its_sentences(self) -> None:
        """A pack function returns the unmet sentences, given its arguments."""

        def rich(ctx: Context, amount: int) -> list[str]:
            held = ctx.sheet.pools["purse"]
            return [] if held >= amount else [f"needs {amount} coins in the purse (has {held})"]

        req = Predicate(function="rich", args={"amount": 5})
        assert ("needs 5 coins in the purse (has 0)",) == req.unmet(context(sheet(), rich=rich))

    def test_unknown_function(self) -> None:
        """A predicate naming a function the pack does not have says which it has."""
        with pytest.raises(
            UnknownName, match="predicate function 'rich' is not defined in the rule pack; expected one of: poor"
        ):
            Predicate(function="rich").unmet(context(sheet(), poor=lambda ctx: []))

    def test_function_returning_a_text(self) -> None:
        """A bare text would be read letter by letter: refused, asking for a list."""
        with pytest.raises(InvalidInput, match="predicate 'rich' must return the unmet sentences, got 'no'"):
            Predicate(function="rich").unmet(context(sheet(), rich=lambda ctx: "no"))
