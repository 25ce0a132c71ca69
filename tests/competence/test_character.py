"""A character's competences: awards under each policy, pooled qualities, specializations,
completed degrees, refusals that change nothing, and the climb from nothing to Proficient."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import progression
import progression_competence as pc
from progression import RulePack, Sheet
from progression.errors import (
    InsufficientPoints,
    InvalidInput,
    LimitReached,
    PendingState,
    ProgressionError,
    RequirementNotMet,
    UnknownName,
)

from .test_levels import at


def policy(name: str) -> RulePack:
    return pc.build(settings=pc.default_settings().changed(overflow=name))


class TestAward:
    def test_settle_leaves_surplus_pending(self, pack: RulePack) -> None:
        """Under ``settle`` points over the cap wait, and nothing else may be bought for the character; the
        session's other awards may still be entered (issue 16), and settling comes after them."""
        sheet = pc.award(pack, at(pack, "escrime", 5, held=0), "escrime", 8, reason="a duel")
        assert {"pp.escrime": 3} == dict(pack.surplus(sheet))
        with pytest.raises(PendingState, match="Fencing PP holds 3 points over its cap"):
            pack.purchase(sheet, "raise.danse")
        session = pc.award(pack, sheet, "danse", 4, reason="a ball")
        settled = pc.settle(pack, pc.settle(pack, session, "escrime"), "danse")
        assert ({"pp.escrime": 3, "pp.danse": 4}, {}) == (dict(pack.surplus(session)), dict(pack.surplus(settled)))

    def test_settle_spends_or_discards(self, pack: RulePack) -> None:
        """``settle`` spends the surplus on raises; with ``discard`` what a gate blocks is lost and recorded."""
        sheet = pc.award(pack, at(pack, "escrime", 29), "escrime", 20, reason="a tournament")
        sheet = pc.settle(pack, sheet, "escrime", discard=True)
        assert (30, 30, 16) == (
            pc.level(pack, sheet, "escrime"),
            sheet.pools["pp.escrime"],
            sheet.account("pp.escrime").lost,
        )

    def test_settle_says_why_it_could_not(self, pack: RulePack) -> None:
        """At a degree gate that wants a quality, ``settle`` spends nothing: it says what the raise needs and that
        ``discard`` would lose the points, where it changed nothing and said nothing."""
        sheet = pc.award(pack, at(pack, "escrime", 30), "escrime", 20, reason="a tournament")
        with pytest.raises(PendingState) as refused:
            pc.settle(pack, sheet, "escrime")
        assert refused.value.worded is not None
        assert (True, True, True, True) == (
            str(refused.value).startswith("Fencing holds 20 PP over its cap and no raise can take them: "),
            "needs one or more qualities from the list of Fencing" in str(refused.value),
            str(refused.value).endswith("or settle with discard=True to lose them"),
            refused.value.worded.on_command_line("aline.json").endswith(
                "or settle with `progression sheet do aline.json settle competence=escrime discard=yes` to lose them"
            ),
        )

    @pytest.mark.parametrize("discard", ["no", "yes", "", None, 0, 1])
    def test_discard_is_true_or_false(self, pack: RulePack, discard: object) -> None:
        """``discard`` is True or False: ``"no"`` (a form's field passed on) threw the points away, 0 or None kept
        them, without a word. Anything else is refused, and nothing is lost."""
        sheet = pc.award(pack, at(pack, "escrime", 30), "escrime", 20, reason="a tournament")
        with pytest.raises(
            InvalidInput,
            match=rf"^discard \(whether the points of Fencing over its cap are lost\) is True or False, got {discard!r}$",
        ):
            pc.settle(pack, sheet, "escrime", discard=discard)  # type: ignore[arg-type]

    def test_auto_raises_cheapest_first_then_loses(self) -> None:
        """Under ``auto`` the surplus buys raises until the points fit under the new level; a gate makes the rest lost."""
        built = policy("auto")
        sheet = pc.award(built, at(built, "escrime", 29), "escrime", 20, reason="a tournament")
        assert (30, 30, 16) == (
            pc.level(built, sheet, "escrime"),
            sheet.pools["pp.escrime"],
            sheet.account("pp.escrime").lost,
        )

    def test_lose(self) -> None:
        """Under ``lose`` the surplus is lost at once, and recorded."""
        built = policy("lose")
        sheet = pc.award(built, at(built, "escrime", 5, held=0), "escrime", 8, reason="a duel")
        assert (5, 5, 3) == (
            pc.level(built, sheet, "escrime"),
            sheet.pools["pp.escrime"],
            sheet.account("pp.escrime").lost,
        )

    def test_lose_still_opens_a_competence(self) -> None:
        """Under ``lose`` an award at level 0 first buys 0 -> 1 (the level-0 ruling), then loses what is over."""
        built = policy("lose")
        sheet = pc.award(built, pc.new_character(built), "escrime", 4, reason="a first lesson")
        assert (1, 1, 1, 2) == (
            pc.level(built, sheet, "escrime"),
            sheet.pools["pp.escrime"],
            sheet.account("pp.escrime").spent,
            sheet.account("pp.escrime").lost,
        )

    def test_settle_at_level_zero(self, pack: RulePack) -> None:
        """At level 0 the whole award is surplus; spent on raises it lands under the new cap."""
        sheet = pc.settle(pack, pc.award(pack, pc.new_character(pack), "escrime", 10, reason="lessons"), "escrime")
        assert (5, 5, {}) == (pc.level(pack, sheet, "escrime"), sheet.pools["pp.escrime"], dict(pack.surplus(sheet)))


def pooled(pack: RulePack) -> Sheet:
    """Fencing at 30 holding 30, Dance at 20 holding 20: together 50, the price of a first quality."""
    sheet = pc.new_character(pack, "Aline", levels={"escrime": 30, "danse": 20})
    sheet = pc.award(pack, sheet, "escrime", 30, reason="practice")
    return pc.award(pack, sheet, "danse", 20, reason="balls")


class TestQualities:
    def test_first_quality_pooled(self, pack: RulePack) -> None:
        """A first quality (50) is more than Fencing at 30 may hold: paid 30 + 20 with Dance, which lists it too."""
        sheet = pc.buy_quality(pack, pooled(pack), "souplesse", pay={"escrime": 30, "danse": 20})
        assert (True, 0, 0, 1) == (
            sheet.has("souplesse"),
            sheet.pools["pp.escrime"],
            sheet.pools["pp.danse"],
            sheet.stats["qualities"],
        )

    def test_default_split(self, pack: RulePack) -> None:
        """Without a split, the fullest pools pay first; here both are full, so both pay all they hold."""
        assert {"escrime": 30, "danse": 20} == pc.queries.default_split(pack, pooled(pack), "souplesse")

    def test_default_split_prefers_full_pools(self, pack: RulePack) -> None:
        """Dance at its cap pays before Fencing, which still has room under its cap."""
        sheet = pc.new_character(pack, "Aline", levels={"escrime": 60, "danse": 40})
        sheet = pc.award(pack, pc.award(pack, sheet, "escrime", 45, reason="x"), "danse", 40, reason="y")
        assert {"danse": 40, "escrime": 10} == pc.queries.default_split(pack, sheet, "souplesse")

    @pytest.mark.parametrize(("owned", "price"), [(0, 50), (1, 60), (2, 70)])
    def test_escalation(self, pack: RulePack, owned: int, price: int) -> None:
        """The next quality costs 50 + 10 per quality owned."""
        taken = ("vitesse", "coordination")[:owned]
        sheet = at(pack, "escrime", 90, qualities=taken)
        assert price == pc.quote_quality(pack, sheet, "souplesse").price

    def test_escalation_counts_every_quality(self, pack: RulePack) -> None:
        """Qualities of other lists count too: the price follows what the character owns."""
        sheet = at(pack, "escrime", 90, qualities=("memoire", "patience"))
        assert 70 == pc.quote_quality(pack, sheet, "souplesse").price

    def test_refused_from_a_competence_not_listing_it(self, pack: RulePack) -> None:
        """Riding does not list Suppleness: the refusal names the competences that do."""
        sheet = pc.award(
            pack, pc.new_character(pack, "A", levels={"escrime": 30, "equitation": 20}), "escrime", 30, reason="x"
        )
        sheet = pc.award(pack, sheet, "equitation", 20, reason="y")
        with pytest.raises(
            RequirementNotMet,
            match="Suppleness is not in the quality list of Riding; it can be paid from: Fencing, Dance",
        ):
            pc.buy_quality(pack, sheet, "souplesse", pay={"escrime": 30, "equitation": 20})

    def test_quote_reports_a_contributor_not_listing_it(self, pack: RulePack) -> None:
        """The quote answers with the same sentence the purchase refuses with, and raises nothing."""
        sheet = pc.award(
            pack, pc.new_character(pack, "A", levels={"escrime": 30, "equitation": 20}), "escrime", 30, reason="x"
        )
        sheet = pc.award(pack, sheet, "equitation", 20, reason="y")
        pay = {"escrime": 30, "equitation": 20}
        quote = pc.quote_quality(pack, sheet, "souplesse", pay=pay)
        with pytest.raises(RequirementNotMet) as refused:
            pc.buy_quality(pack, sheet, "souplesse", pay=pay)
        sentence = (
            "Suppleness is not in the quality list of Riding; it can be paid from: Fencing, Dance, Athletics, Stealth"
        )
        assert (False, [sentence], (sentence,)) == (
            quote.ok,
            [s for s in quote.unmet if "Riding" in s or "pp.equitation" in s],
            refused.value.missing,
        )

    def test_a_quote_in_french(self, pack: RulePack) -> None:
        """``language="fr"``: the quote's label and every sentence name things in French; the
        same question asked in English after it is answered in English (a quote in French is never kept for it)."""
        sheet = pc.award(
            pack, pc.new_character(pack, "A", levels={"escrime": 30, "equitation": 20}), "escrime", 30, reason="x"
        )
        sheet = pc.award(pack, sheet, "equitation", 20, reason="y")
        pay = {"pp.escrime": 30, "pp.equitation": 20}
        french = pack.quote(sheet, "quality.souplesse", pay=pay, language="fr")
        sentence = (
            "Souplesse cannot be paid from PP d'Équitation; it can be paid from: PP d'Escrime, PP de Danse, "
            "PP d'Athlétisme, PP de Discrétion"
        )
        assert ("Souplesse", "Points de progression", True) == (
            french.label,
            french.currency_name,
            sentence in french.unmet,
        )
        poor = pc.new_character(pack, "B")
        assert (
            "costs 50 Points de progression; the paying pools hold 0"
            in pack.quote(poor, "quality.force", language="fr").unmet
        )
        assert ("Strength", "costs 50 Progression points; the paying pools hold 0") == (
            pack.quote(poor, "quality.force").label,
            pack.quote(poor, "quality.force").unmet[-1],
        )
        with pytest.raises(UnknownName, match="language 'de'"):
            pack.quote(poor, "quality.force", language="de")

    def test_split_that_does_not_add_up(self, pack: RulePack) -> None:
        """A split of 40 for a price of 50 is refused, saying both numbers."""
        with pytest.raises(InvalidInput, match=r"pay adds up to 40 but 'quality\.souplesse' costs 50"):
            pc.buy_quality(pack, pooled(pack), "souplesse", pay={"escrime": 30, "danse": 10})

    def test_split_asking_more_than_held(self, pack: RulePack) -> None:
        """A contributor asked for more than it holds is refused, saying what it holds."""
        with pytest.raises(InvalidInput, match="Dance PP holds 20, not the 25 asked of it"):
            pc.buy_quality(pack, pooled(pack), "souplesse", pay={"escrime": 25, "danse": 25})

    def test_total_short(self, pack: RulePack) -> None:
        """Memory is listed by Dance alone here (20 held): 50 is short."""
        with pytest.raises(InsufficientPoints, match="costs 50 Progression points but only 20 are available"):
            pc.buy_quality(pack, pooled(pack), "memoire")

    def test_already_owned(self, pack: RulePack) -> None:
        """A quality is bought once."""
        sheet = pc.buy_quality(pack, pooled(pack), "souplesse")
        sheet = pc.award(pack, sheet, "escrime", 30, reason="x")
        with pytest.raises(LimitReached, match="once only"):
            pc.buy_quality(pack, pc.award(pack, sheet, "danse", 20, reason="y"), "souplesse")


class TestSpecializations:
    def test_bought_at_its_degree(self, pack: RulePack) -> None:
        """A Beginner specialization costs 20 from the competence's points, once it is a Beginner."""
        sheet = pc.buy_specialization(pack, at(pack, "escrime", 25), "escrime", "feinte")
        assert (True, 5) == (sheet.has("spec.escrime.feinte"), sheet.pools["pp.escrime"])

    def test_degree_not_reached(self, pack: RulePack) -> None:
        """A Proficient specialization at level 30 is refused, saying the degree and the level."""
        with pytest.raises(
            RequirementNotMet, match=r"needs Fencing at Proficient \(level 31 or more\); it is at level 30 \(Beginner\)"
        ):
            pc.buy_specialization(pack, at(pack, "escrime", 30), "escrime", "rapiere")

    def test_once_only(self, pack: RulePack) -> None:
        """A specialization is never bought twice."""
        sheet = pc.buy_specialization(pack, at(pack, "escrime", 30), "escrime", "feinte")
        with pytest.raises(LimitReached, match="once only"):
            pc.buy_specialization(pack, pc.award(pack, sheet, "escrime", 20, reason="x"), "escrime", "feinte")

    def test_master_at_its_own_price(self, pack: RulePack) -> None:
        """A Master specialization costs what the campaign says (120 for Double strike)."""
        sheet = at(pack, "escrime", 120, qualities=("souplesse", "vitesse", "coordination"))
        after = pc.buy_specialization(pack, sheet, "escrime", "coup-double")
        assert 0 == after.pools["pp.escrime"]

    def test_of_another_competence(self, pack: RulePack) -> None:
        """Specializations belong to one competence: Feint is not one of Dance's."""
        with pytest.raises(UnknownName, match="specialization 'feinte' is not defined in competence 'danse'"):
            pc.buy_specialization(pack, at(pack, "danse", 25), "danse", "feinte")


class TestCompletion:
    def test_completed_degrees(self, pack: RulePack) -> None:
        """At 30 Beginner is complete; at 61 Beginner and Proficient; Master never is."""
        assert [(), ("debutant",), ("debutant", "confirme"), ("debutant", "confirme", "expert")] == [
            pc.queries.completed_degrees(pack, pc.new_character(pack, levels={"escrime": n}), "escrime")
            for n in (29, 30, 61, 500)
        ]

    def test_hook_between_two_states(self, pack: RulePack) -> None:
        """The completion hook reports the degree completed by a raise, and nothing for the next."""
        sheet = at(pack, "escrime", 29)
        after = pc.raise_level(pack, sheet, "escrime")
        assert (
            (pc.types.Completion(competence="escrime", degree="debutant", level=30),),
            (),
        ) == (pc.queries.completions_between(pack, sheet, after), pc.queries.completions_between(pack, after, after))

    def test_history(self, pack: RulePack) -> None:
        """Completions are found in the ledger, with the position after which they happened."""
        sheet = pc.raise_level(pack, at(pack, "escrime", 28), "escrime", 2)
        ((position, completion),) = pc.queries.completion_history(pack, sheet)
        assert (30, 30) == (completion.level, pc.level(pack, sheet.as_of(position), "escrime"))


#: Each bad call, the error it raises and what its message must say (expected, got, where).
BAD: dict[str, tuple[Callable[[RulePack, Sheet], object], type[ProgressionError], str]] = {
    "unknown competence": (
        lambda p, s: pc.award(p, s, "alchimie", 3, reason="x"),
        UnknownName,
        "competence 'alchimie' is not defined in campaign 'example'; expected one of: athletisme, danse",
    ),
    "unknown quality": (
        lambda p, s: pc.buy_quality(p, s, "chance"),
        UnknownName,
        "quality 'chance' is not defined in campaign 'example'; expected one of: coordination",
    ),
    "negative award": (
        lambda p, s: pc.award(p, s, "escrime", -3, reason="x"),
        InvalidInput,
        "expected a positive whole number of points as the amount of the award to 'pp.escrime', got -3",
    ),
    "zero award": (
        lambda p, s: pc.award(p, s, "escrime", 0, reason="x"),
        InvalidInput,
        "expected a positive whole number of points as the amount of the award to 'pp.escrime', got 0",
    ),
    "bad split": (
        lambda p, s: pc.buy_quality(p, s, "souplesse", pay={"escrime": 30, "danse": 30}),
        InvalidInput,
        r"pay adds up to 60 but 'quality\.souplesse' costs 50",
    ),
    "split from a stranger": (
        lambda p, s: pc.buy_quality(p, s, "souplesse", pay={"erudition": 50}),
        RequirementNotMet,
        "Suppleness is not in the quality list of Scholarship; it can be paid from: Fencing, Dance",
    ),
    "split not a mapping": (
        lambda p, s: pc.buy_quality(p, s, "souplesse", pay=[30, 20]),  # type: ignore[arg-type]
        InvalidInput,
        "pay must map competences to points, got list",
    ),
    "unreached degree": (
        lambda p, s: pc.buy_specialization(p, s, "escrime", "riposte"),
        RequirementNotMet,
        r"needs Fencing at Expert \(level 61 or more\); it is at level 30 \(Beginner\)",
    ),
    "unknown specialization": (
        lambda p, s: pc.buy_specialization(p, s, "escrime", "sabre"),
        UnknownName,
        "specialization 'sabre' is not defined in competence 'escrime'; expected one of: botte-secrete",
    ),
    "zero levels": (
        lambda p, s: pc.raise_level(p, s, "escrime", 0),
        InvalidInput,
        "levels must be a whole number >= 1 in the raise of 'escrime', got 0",
    ),
    "gate": (
        lambda p, s: pc.raise_level(p, s, "escrime", 2),
        RequirementNotMet,
        r"to reach Proficient: needs one or more qualities from the list of Fencing \(has none\)",
    ),
    "bad starting level": (
        lambda p, s: pc.new_character(p, levels={"escrime": -1}),
        InvalidInput,
        "the starting level of 'escrime' must be a whole number from 0 to 1,000, got -1",
    ),
}


class TestBadInput:
    @pytest.mark.parametrize("case", sorted(BAD))
    def test_clear_error_and_nothing_changed(self, pack: RulePack, case: str) -> None:
        """Each bad call raises its ProgressionError saying what was expected and what came, and the sheet given
        is as it was."""
        call, error, message = BAD[case]
        sheet = pooled(pack)
        before = (sheet.ledger, dict(sheet.pools), dict(sheet.stats), dict(sheet.owned))
        with pytest.raises(error, match=message):
            call(pack, sheet)
        assert before == (sheet.ledger, dict(sheet.pools), dict(sheet.stats), dict(sheet.owned))

    def test_unknown_competence_names_the_known(self, pack: RulePack) -> None:
        """An unknown competence lists the campaign's."""
        with pytest.raises(
            UnknownName, match="competence 'alchimie' is not defined in campaign 'example'; expected one of: athletisme"
        ):
            pc.level(pack, pc.new_character(pack), "alchimie")

    def test_levels_that_are_not_a_mapping(self, pack: RulePack) -> None:
        """A new character's levels map competences to levels; a list says so."""
        with pytest.raises(
            InvalidInput,
            match=r"a new character's levels map competences to their starting levels, .* got \[1\] \(list\)",
        ):
            pc.new_character(pack, "Ana", levels=[1])  # type: ignore[arg-type]

    @pytest.mark.parametrize("read", [pc.level, pc.degree])
    def test_what_is_no_character(self, pack: RulePack, read: Callable[..., object]) -> None:
        """A level or a degree is read on a character's sheet; anything else is refused as such."""
        expected = rf"expected a character sheet of pack 'competence' as the character whose {read.__name__} is read, got NoneType None"
        with pytest.raises(InvalidInput, match=expected):
            read(pack, None, "danse")

    @pytest.mark.parametrize(
        "read",
        [
            lambda pack, sheet: pc.level(pack, sheet, "danse"),
            lambda pack, sheet: pc.degree(pack, sheet, "danse"),
            lambda pack, sheet: pc.queries.completion_history(pack, sheet),
            lambda pack, sheet: pc.queries.roll_total(pack, sheet, "danse", 50),
        ],
    )
    def test_a_sheet_of_the_other_pack(self, pack: RulePack, read: Callable[..., object]) -> None:
        """A Blood Bowl team given as a character is refused naming its pack; completion_history raised an
        AttributeError on None."""
        team = progression.load("bloodbowl").new_sheet("team", "Anvils")
        with pytest.raises(InvalidInput, match=r"got a team sheet 'Anvils' of pack 'bloodbowl'$"):
            read(pack, team)
        with pytest.raises(
            InvalidInput, match=r"expected a character sheet of pack 'competence' as .*, got NoneType None$"
        ):
            read(pack, None)

    @pytest.mark.parametrize("given", [None, 3])
    def test_specializations_that_are_no_list(self, pack: RulePack, given: object) -> None:
        """A test's specializations are a list of ids: None or a number is refused as such (a TypeError before)."""
        sheet = pc.new_character(pack, "Ana")
        with pytest.raises(InvalidInput, match=rf"are a list of their ids, such as \['feinte'\], got {given!r}"):
            pc.queries.roll_total(pack, sheet, "escrime", 50, given)  # type: ignore[arg-type]

    @pytest.mark.parametrize("competence", ["dans", "Dans"])
    def test_degree_names_the_competence_as_level_does(self, pack: RulePack, competence: object) -> None:
        """An unknown competence is named as the campaign's, not as a ladder's internal id (``degree.dans``)."""
        ana = pc.new_character(pack, "Ana")
        with pytest.raises(UnknownName) as level_error:
            pc.level(pack, ana, competence)  # type: ignore[arg-type]
        with pytest.raises(
            UnknownName, match=rf"competence {competence!r} is not defined in campaign 'example'"
        ) as error:
            pc.degree(pack, ana, competence)  # type: ignore[arg-type]
        assert str(level_error.value) == str(error.value)
        assert "degree." not in str(error.value)

    @pytest.mark.parametrize(("given", "came"), [(None, "NoneType None"), (5, "int 5"), (True, "bool True")])
    @pytest.mark.parametrize(
        ("call", "what"),
        [
            (lambda pack, sheet, given: pc.level(pack, sheet, given), "competence"),
            (lambda pack, sheet, given: pc.degree(pack, sheet, given), "competence"),
            (lambda pack, sheet, given: pc.queries.qualities_of(pack, given), "competence"),
            (lambda pack, sheet, given: pc.queries.completed_degrees(pack, sheet, given), "competence"),
            (lambda pack, sheet, given: pc.queries.roll_total(pack, sheet, given, 50), "competence"),
            (lambda pack, sheet, given: pc.award(pack, sheet, given, 3, reason="r"), "competence"),
            (lambda pack, sheet, given: pc.raise_level(pack, sheet, given), "competence"),
            (lambda pack, sheet, given: pc.settle(pack, sheet, given), "competence"),
            (lambda pack, sheet, given: pc.queries.competences_listing(pack, given), "quality"),
            (lambda pack, sheet, given: pc.quote_quality(pack, sheet, given), "quality"),
            (lambda pack, sheet, given: pc.buy_quality(pack, sheet, given), "quality"),
        ],
    )
    def test_an_id_that_is_no_text(
        self, pack: RulePack, call: Callable[..., object], what: str, given: object, came: str
    ) -> None:
        """A competence or quality that is no text is refused as such, not as one the campaign does not have
        (``competence None is not defined``)."""
        ana = pc.new_character(pack, "Ana")
        with pytest.raises(InvalidInput, match=rf"^expected a text {what} id in campaign 'example', got {came}$"):
            call(pack, ana, given)

    @pytest.mark.parametrize(("given", "came"), [(None, "NoneType None"), (5, "int 5")])
    def test_a_specialization_that_is_no_text(self, pack: RulePack, given: object, came: str) -> None:
        """A specialization that is no text is refused as such, by a purchase as by a test's total."""
        ana = pc.new_character(pack, "Ana")
        expected = rf"^expected a text specialization id in competence 'escrime', got {came}$"
        with pytest.raises(InvalidInput, match=expected):
            pc.buy_specialization(pack, ana, "escrime", given)  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match=expected):
            pc.queries.roll_total(pack, ana, "escrime", 50, [given])  # type: ignore[list-item]

    @pytest.mark.parametrize(
        "make", [pc.ids.pool_id, pc.ids.level_id, pc.ids.raise_id, pc.ids.open_id, pc.ids.degree_id]
    )
    @pytest.mark.parametrize(("given", "came"), [(None, "NoneType None"), (5, "int 5"), (False, "bool False")])
    def test_ids_of_no_text(self, make: Callable[[object], str], given: object, came: str) -> None:
        """The ids the pack makes are not made of a None or a number (``pp.None``, which names nothing)."""
        with pytest.raises(InvalidInput, match=rf"^expected a text competence id in \w+\.<competence>, got {came}$"):
            make(given)

    def test_ids_of_a_quality_and_a_specialization_of_no_text(self) -> None:
        """A quality's and a specialization's ids are refused alike."""
        with pytest.raises(
            InvalidInput, match=r"^expected a text quality id in quality\.<quality>, got NoneType None$"
        ):
            pc.ids.quality_id(None)  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match=r"^expected a text specialization id in spec\.<competence>\."):
            pc.ids.specialization_id("escrime", 5)  # type: ignore[arg-type]
        assert ("pp.escrime", "spec.escrime.feinte") == (
            pc.ids.pool_id("escrime"),
            pc.ids.specialization_id("escrime", "feinte"),
        )

    def test_raise_by_more_levels_than_a_sheet_holds(self, pack: RulePack) -> None:
        """A raise by more levels than a sheet can hold is refused as one past the highest level, before any
        purchase."""
        ana = pc.new_character(pack, "Ana")
        with pytest.raises(
            LimitReached,
            match=r"^Raise Fencing cannot be bought: Fencing level would be 100,000,000,000,000,000,000, past its "
            r"maximum of 1,000 \(at most 1,000 more: levels=1000\)$",
        ):
            pc.raise_level(pack, ana, "escrime", 10**20)

    def test_not_a_competence_pack(self) -> None:
        """The helpers refuse a pack that is not a competence pack."""
        other = progression.load_file("tests/support/packs/skirmish.toml")
        with pytest.raises(InvalidInput, match=r"^expected the competence RulePack, progression\.load"):
            pc.queries.competences(other)


class TestFromNothingToProficient:
    def test_climb_with_a_pooled_quality(self, pack: RulePack) -> None:
        """Ignorant to Proficient in Fencing, the first quality paid with Dance: every PP accounted for."""
        sheet = pc.new_character(pack, "Aline")
        for amount in (1, 40, 49):  # 1 + 40 + 49 = 60 for the levels 0 -> 30, and 30 held
            sheet = pc.settle(pack, pc.award(pack, sheet, "escrime", amount, reason="training"), "escrime")
        for amount in (1, 49):  # 30 for the levels 0 -> 20, and 20 held
            sheet = pc.settle(pack, pc.award(pack, sheet, "danse", amount, reason="balls"), "danse")
        assert ((30, 30), (20, 20)) == (
            (pc.level(pack, sheet, "escrime"), sheet.pools["pp.escrime"]),
            (pc.level(pack, sheet, "danse"), sheet.pools["pp.danse"]),
        )
        sheet = pc.buy_quality(pack, sheet, "souplesse")
        sheet = pc.raise_level(pack, pc.award(pack, sheet, "escrime", 4, reason="a lesson"), "escrime")
        fencing, dance = sheet.account("pp.escrime"), sheet.account("pp.danse")
        assert ("confirme", (94, 0, 94, 0), (50, 0, 50, 0), True, True) == (
            pc.degree(pack, sheet, "escrime"),
            (fencing.awarded, fencing.held, fencing.spent, fencing.lost),
            (dance.awarded, dance.held, dance.spent, dance.lost),
            fencing.balanced and dance.balanced,
            progression.replay(sheet.ledger) == sheet,
        )
        # what was spent: the levels, and each pool's share of the quality
        assert 60 + 30 + 4 == fencing.spent
        assert 30 + 20 == dance.spent


class TestSurplusRaisesOnly:
    """Points over a competence's level may only raise it (or be lost); everything else sees the points under it."""

    def test_a_specialization_is_not_paid_from_the_surplus(self, pack: RulePack) -> None:
        """Level 15 holding 15, awarded 20: a 20-PP Beginner specialization sees only the 15 under the cap."""
        sheet = pc.award(pack, at(pack, "escrime", 15), "escrime", 20, reason="a duel")
        with pytest.raises(
            InsufficientPoints,
            match=r"Feint costs 20 Progression points but only 15 are available "
            r"\(20 more are over a cap and may pay only Raise Fencing\)",
        ):
            pc.buy_specialization(pack, sheet, "escrime", "feinte")

    def test_at_the_cap_it_is(self, pack: RulePack) -> None:
        """Level 20 holding 20, with 5 more pending: the 20 under the cap pay the specialization; 5 stay."""
        sheet = pc.award(pack, at(pack, "escrime", 20), "escrime", 5, reason="a duel")
        after = pc.buy_specialization(pack, sheet, "escrime", "feinte")
        assert (True, 5) == (after.has(pc.ids.specialization_id("escrime", "feinte")), after.pools["pp.escrime"])

    def test_one_award_at_level_one(self, pack: RulePack) -> None:
        """Level 1 awarded 20 at once: 1 point under the cap, so no specialization."""
        sheet = pc.award(pack, at(pack, "escrime", 1, held=0), "escrime", 20, reason="a duel")
        with pytest.raises(InsufficientPoints, match="Feint costs 20 Progression points but only 1 is available"):
            pc.buy_specialization(pack, sheet, "escrime", "feinte")

    def test_a_quality_is_not_paid_from_the_surplus(self, pack: RulePack) -> None:
        """Level 30 holding 30, awarded 20 more: a 50-PP quality sees 30; at level 50 holding 50 it is paid alone."""
        sheet = pc.award(pack, at(pack, "escrime", 30), "escrime", 20, reason="a duel")
        with pytest.raises(InsufficientPoints, match="Speed costs 50 Progression points but only 30 are available"):
            pc.buy_quality(pack, sheet, "vitesse")
        assert 0 == pc.buy_quality(pack, at(pack, "escrime", 50), "vitesse").pools["pp.escrime"]

    def test_a_split_asking_the_surplus_is_refused(self, pack: RulePack) -> None:
        """A split may not ask a competence for points over its cap either: the quote says which, and why."""
        sheet = pc.award(pack, at(pack, "escrime", 30), "escrime", 20, reason="a duel")
        quote = pc.quote_quality(pack, sheet, "vitesse", pay={"escrime": 50})
        assert [
            "Fencing PP holds 50, but only 30 under its cap may pay Speed (the points over the cap pay only "
            "Raise Fencing), not the 50 asked of it"
        ] == [v.sentence for v in quote.violations]
        with pytest.raises(InsufficientPoints):
            pc.buy_quality(pack, sheet, "vitesse", pay={"escrime": 50})

    def test_the_surplus_still_raises(self, pack: RulePack) -> None:
        """Raises spend the surplus as before."""
        sheet = pc.award(pack, at(pack, "escrime", 15), "escrime", 20, reason="a duel")
        assert 16 == pc.level(pack, pc.raise_level(pack, sheet, "escrime"), "escrime")


class TestRaiseShortOfPoints:
    def test_a_raise_of_several_levels_says_what_they_cost_and_how_far_the_points_go(self, pack: RulePack) -> None:
        """Forty PP do not pay 25 levels (45 PP): refused, saying the whole price and that 23 levels can be
        raised now, rather than the price of the one level where the points ran out; nothing is changed."""
        aline = pc.award(pack, pc.new_character(pack, "Aline"), "escrime", 40, reason="a season")
        with pytest.raises(InsufficientPoints) as refused:
            pc.raise_level(pack, aline, "escrime", 25)
        assert (
            "Raising Fencing 0 -> 25 costs 45 Fencing PP but only 40 are available "
            "(23 levels can be raised now: levels=23)"
        ) == str(refused.value)
        assert 23 == pc.level(pack, pc.raise_level(pack, aline, "escrime", 23), "escrime")


class TestDegreeReached:
    def test_a_raise_into_a_new_degree_says_so(self, pack: RulePack) -> None:
        """Fencing raised 0 -> 3 enters Beginner: the entry ends with the milestone, told as itself by the history;
        a raise that stays in its degree adds nothing."""
        from progression.authoring import Narrator

        aline = pc.award(pack, pc.new_character(pack, "Aline"), "escrime", 3, reason="lessons")
        raised = pc.raise_level(pack, aline, "escrime", 3)
        told = Narrator(pack).since(aline, raised)
        again = pc.raise_level(pack, pc.award(pack, raised, "escrime", 3, reason="more"), "escrime", 1)
        assert ("  Fencing 3: now Beginner (Débutant)", 3) == (
            told[-1],
            pc.level(pack, raised, "escrime"),
        )
        assert "now" not in " ".join(Narrator(pack).since(raised, again))
