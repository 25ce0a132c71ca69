"""What the pack's functions are given, read one way by all of them: the pack itself (anything else is refused
saying how to get it), a competence, quality or specialization by its id or its displayed name in any case or
language (the ledger keeps ids), and a text on one line (a character's name, an award's reason), checked alike
by the functions and by a party."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import progression
import progression_competence as pc
from progression import RulePack, ScriptedDice, Sheet
from progression.errors import InvalidInput, UnknownName
from progression_competence._given import LONGEST_LINE
from progression_competence.party import new_party


def trained(pack: RulePack) -> Sheet:
    """Ana, Fencing and Dance 25, with points enough for a raise, a quality and a specialization."""
    ana = pc.new_character(pack, "Ana", levels={"escrime": 25, "danse": 25})
    return pc.award(pack, pc.award(pack, ana, "escrime", 25, reason="a duel"), "danse", 25, reason="a ball")


#: Each function taking a competence (or a quality, a specialization), called with what names it.
CALLS: dict[str, Callable[[RulePack, Sheet, str, str, str], object]] = {
    "award": lambda p, s, c, q, sp: pc.award(p, s, c, 3, reason="a duel"),
    "level": lambda p, s, c, q, sp: pc.level(p, s, c),
    "degree": lambda p, s, c, q, sp: pc.degree(p, s, c),
    "raise_level": lambda p, s, c, q, sp: pc.raise_level(p, s, c, 2),
    "settle": lambda p, s, c, q, sp: pc.settle(p, pc.award(p, s, c, 10, reason="a duel"), c, discard=True),
    "buy_specialization": lambda p, s, c, q, sp: pc.buy_specialization(p, s, c, sp),
    "quote_quality": lambda p, s, c, q, sp: pc.quote_quality(p, s, q, pay={c: 25, "danse": 25}),
    "buy_quality": lambda p, s, c, q, sp: pc.buy_quality(p, s, q, pay={c: 25, "danse": 25}),
    "roll_competence": lambda p, s, c, q, sp: pc.roll_competence(
        p, pc.buy_specialization(p, s, c, sp), c, ScriptedDice([57]), [sp]
    ),
    "qualities_of": lambda p, s, c, q, sp: pc.queries.qualities_of(p, c),
    "competences_listing": lambda p, s, c, q, sp: pc.queries.competences_listing(p, q),
    "completed_degrees": lambda p, s, c, q, sp: pc.queries.completed_degrees(p, s, c),
    "default_split": lambda p, s, c, q, sp: pc.queries.default_split(p, s, q),
    "roll_total": lambda p, s, c, q, sp: (
        pc.queries.roll_total(p, pc.buy_specialization(p, s, c, sp), c, 57, [sp]).total
    ),
}


class TestNamesEverywhere:
    @pytest.mark.parametrize("name", sorted(CALLS))
    @pytest.mark.parametrize(
        ("competence", "quality", "specialization"),
        [("Fencing", "Suppleness", "Feint"), ("ESCRIME", "souplesse", "FEINTE"), ("Escrime", "Souplesse", "Feinte")],
    )
    def test_a_displayed_name_reads_as_the_id(
        self, pack: RulePack, name: str, competence: str, quality: str, specialization: str
    ) -> None:
        """Every function reads a competence, a quality and a specialization by its displayed name in any case or
        language as by its id, and gives what the id gives: the same sheet, so the ledger keeps the ids
        (``pc.award(pack, ana, "Fencing", 3)`` was refused: "competence 'Fencing' is not defined")."""
        ana = trained(pack)
        by_id = CALLS[name](pack, ana, "escrime", "souplesse", "feinte")
        assert by_id == CALLS[name](pack, ana, competence, quality, specialization)

    def test_the_ledger_keeps_ids(self, pack: RulePack) -> None:
        """What was asked by name is recorded by id: the award's pool, the raise, the specialization, the test."""
        ana = pc.award(pack, trained(pack), "Fencing", 3, reason="a duel")
        ana = pc.raise_level(pack, ana, "Fencing", 2)
        ana = pc.buy_specialization(pack, ana, "Fencing", "Feint")
        ana, _ = pc.roll_competence(pack, ana, "Fencing", ScriptedDice([57]), ["Feint"])
        labels = [entry.label for entry in ana.ledger[-4:]]
        assert [
            "award 3 to pp.escrime",
            "raise Fencing 25 -> 27",
            "buy spec.escrime.feinte",
            "escrime test",
        ] == labels
        assert ("escrime", ("feinte",)) == (
            ana.ledger[-1].operation.competence,
            ana.ledger[-1].operation.specializations,
        )

    def test_the_closest_of_an_unknown_one(self, pack: RulePack) -> None:
        """A competence, quality or specialization that names none is refused naming the closest, by its id or
        its displayed name."""
        ana = trained(pack)
        with pytest.raises(UnknownName, match=r"competence 'Fencng' is not defined .*; the closest: escrime$"):
            pc.raise_level(pack, ana, "Fencng")
        with pytest.raises(UnknownName, match=r"quality 'Supleness' is not defined .*; the closest: souplesse$"):
            pc.quote_quality(pack, ana, "Supleness")
        with pytest.raises(
            UnknownName, match=r"specialization 'Fient' is not defined in competence 'escrime'.*; the closest: feinte"
        ):
            pc.buy_specialization(pack, ana, "Fencing", "Fient")

    def test_one_competence_named_twice_in_a_split(self, pack: RulePack) -> None:
        """A split naming one competence by its id and by its name is refused, not added up or overwritten."""
        with pytest.raises(InvalidInput, match=r"^pay: 'escrime' and 'Fencing' both name competence 'escrime'"):
            pc.quote_quality(pack, trained(pack), "souplesse", pay={"escrime": 30, "Fencing": 20})

    def test_a_party_reads_them_alike(self, tmp_path: Path) -> None:
        """A party's methods read names as the functions do: a raise, a settle, a specialization by name."""
        with new_party(tmp_path / "p.sqlite", "P") as party:
            party.add_character("ana", "Ana", levels={"Fencing": 20})
            party.award({"ana": {"Fencing": 40}}, reason="a duel")
            party.raise_level("ana", "Fencing", 2)
            party.settle("ana", "Escrime")
            ana = party.buy_specialization("ana", "ESCRIME", "Feint")
        assert (25, True) == (pc.level(pc.pack(), ana, "escrime"), ana.has("spec.escrime.feinte"))


#: What is no text on one line, and the words of its refusal after ``is a text on one line``.
NOT_A_LINE = [
    ("two\nlines", r", got 'two\\nlines'$"),
    ("a\u2028b", r", got 'a\\u2028b'$"),
    ("x" * (LONGEST_LINE + 1), rf" of at most {LONGEST_LINE} characters, got one of {LONGEST_LINE + 1}$"),
    ("x" * 10**6, rf" of at most {LONGEST_LINE} characters, got one of 1,000,000$"),
    ("   ", r", got '   '$"),
    (None, ", got None$"),
    (5, ", got 5$"),
]


class TestTextsOnOneLine:
    @pytest.mark.parametrize(("text", "said"), NOT_A_LINE, ids=[repr(t)[:12] for t, _ in NOT_A_LINE])
    def test_a_name_and_a_reason(self, pack: RulePack, tmp_path: Path, text: object, said: str) -> None:
        """A character's name and an award's reason are a text on one line of at most 200 characters, for the
        functions as for a party, in the same words (``pc.new_character`` kept a name of a megabyte, ``pc.award``
        a reason on two lines, which a party refused)."""
        ana = pc.new_character(pack, "Ana")
        refusals = []
        with new_party(tmp_path / "p.sqlite", "P") as party:
            party.add_character("ana", "Ana")
            for call in (
                lambda: pc.new_character(pack, text),
                lambda: party.add_character("bea", text),
                lambda: pc.award(pack, ana, "escrime", 3, reason=text),
                lambda: party.award({"ana": {"escrime": 3}}, reason=text),
            ):
                with pytest.raises(InvalidInput) as refused:
                    call()
                refusals.append(str(refused.value))
        assert refusals[0].startswith("the name of a new character is a text on one line")
        assert refusals[1].startswith("the name of character 'bea' is a text on one line")
        assert refusals[2] == refusals[3]
        assert refusals[2].startswith("the reason of an award is a text on one line")
        assert all(re.search(" is a text on one line" + said, refusal) for refusal in refusals), refusals

    def test_a_character_may_have_no_name(self, pack: RulePack) -> None:
        """A character made without a name keeps none, as before; a name of 200 characters is kept whole."""
        assert ("", "é" * LONGEST_LINE) == (
            pc.new_character(pack).name,
            pc.new_character(pack, "é" * LONGEST_LINE).name,
        )


def _pack_functions() -> list[tuple[str, Callable[..., object]]]:
    """Every public function of the pack that takes the pack first, by where it is reached."""
    found: dict[object, str] = {}
    for module in (pc, pc.operations, pc.queries, pc.campaigns):
        for name in module.__all__:
            function = getattr(module, name)
            if inspect.isfunction(function) and next(iter(inspect.signature(function).parameters), "") == "pack":
                found.setdefault(function, f"{module.__name__}.{name}")
    return sorted(((where, function) for function, where in found.items()), key=lambda item: item[0])


#: What a function's other arguments are, by name, when they have no default.
ARGUMENTS = {
    "competence": "escrime",
    "quality": "souplesse",
    "specialization": "feinte",
    "amount": 3,
    "degree": "expert",
    "roll": 50,
    "dice": ScriptedDice([50]),
}


class TestNotAPack:
    @pytest.mark.parametrize(("where", "function"), _pack_functions(), ids=[w for w, _ in _pack_functions()])
    @pytest.mark.parametrize(
        ("given", "came"),
        [
            (None, "None"),
            ("competence", "the text 'competence' (a pack's name, not the pack)"),
            (3, "int 3"),
            (progression.load("bloodbowl"), "rule pack 'bloodbowl'"),
        ],
        ids=["None", "a name", "a number", "another pack"],
    )
    def test_refused_saying_how_to_get_one(
        self, pack: RulePack, where: str, function: Callable[..., object], given: object, came: str
    ) -> None:
        """Every function of the pack given what is not the competence pack refuses it as InvalidInput, saying
        how to get the pack (``pc.new_character(None, "A")`` raised an AttributeError: no attribute
        'new_sheet')."""
        ana = trained(pack)
        arguments: dict[str, object] = {}
        positional: list[object] = []
        for parameter in list(inspect.signature(function).parameters.values())[1:]:
            if parameter.default is not inspect.Parameter.empty:
                continue
            value = ARGUMENTS.get(parameter.name, ana)
            if parameter.name == "reason":
                value = "a duel"
            if parameter.kind is inspect.Parameter.KEYWORD_ONLY:
                arguments[parameter.name] = value
            else:
                positional.append(value)
        with pytest.raises(InvalidInput) as refused:
            function(given, *positional, **arguments)
        assert str(refused.value) == (
            'expected the competence RulePack, progression.load("competence") (or '
            f"progression_competence.build(campaign) for a campaign of your own), got {came}"
        )

    def test_every_function_is_checked(self) -> None:
        """The check above reaches the functions a user reaches for first (a function moved elsewhere is still
        found)."""
        names = {where.rpartition(".")[2] for where, _ in _pack_functions()}
        assert {"new_character", "award", "raise_level", "settle", "level", "degree", "level_table"} <= names


class TestYesOrNo:
    @pytest.mark.parametrize("given", ["no", "yes", None, 0, 1])
    def test_every_yes_or_no_is_true_or_false(self, pack: RulePack, tmp_path: Path, given: object) -> None:
        """Every yes or no of the pack's functions and of a party is True or False: anything else is refused, saying
        which yes or no it was, and nothing is done (``pc.settle(..., discard="no")`` threw the points away)."""
        ana = pc.award(pack, pc.new_character(pack, "Ana", levels={"escrime": 30}), "escrime", 40, reason="a duel")
        with new_party(tmp_path / "p.sqlite", "P") as party:
            party.add_character("ana", "Ana", levels={"escrime": 30})
            party.award({"ana": {"escrime": 40}}, reason="a duel")
            calls = {
                "discard (whether the points of Fencing over its cap are lost)": lambda: pc.settle(
                    pack, ana, "escrime", discard=given
                ),
                "discard (whether the points of 'escrime' over the cap of character 'ana' are lost)": lambda: (
                    party.settle("ana", "escrime", discard=given)
                ),
                "force (whether the files character 'ana' is exported to are replaced)": lambda: party.export_character(
                    "ana", tmp_path / "ana.json", force=given
                ),
                "verify (whether the sheet to store as 'bea' is run again first)": lambda: party.add_sheet(
                    "bea", ana, verify=given
                ),
                "verify (whether the sheet to store as 'cid' is run again first)": lambda: party.import_character(
                    "cid", tmp_path / "ana.json", verify=given
                ),
            }
            for what, call in calls.items():
                with pytest.raises(InvalidInput) as refused:
                    call()
                assert f"{what} is True or False, got {given!r}" == str(refused.value)
            assert (("ana",), 2, False) == (
                party.characters(),
                party.store.version("ana"),
                (tmp_path / "ana.json").exists(),
            )
