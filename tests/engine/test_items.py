"""Upgrades over a set of items: each item priced by its own count on a curve, and limited per item."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import progression
from progression import RulePack, Sheet
from progression.authoring import Label
from progression.errors import (
    LimitReached,
    ProgressionError,
    RequirementNotMet,
    RulePackError,
    UnknownChoice,
    UnknownName,
)
from progression.operations import Purchase
from support.builders import FEW

PACK = Path(__file__).parents[2] / "examples" / "skirmish" / "pack.toml"
SKILLS = ("athletics", "climb", "swim", "stealth", "perception", "ride", "heal", "intimidate", "charm",
          "navigation", "lore", "dodge")  # fmt: skip


@pytest.fixture(scope="module")
def pack() -> RulePack:
    return progression.load_file(PACK)


def rich(pack: RulePack, xp: int = 5000) -> Sheet:
    """An adventurer with ``xp`` to spend, a master of her career (no tier gates her advances)."""
    ana = pack.new_sheet("adventurer", "Ana", tags={"career": "soldier", "tier": "master"})
    return pack.award(ana, "xp", xp, reason="a long campaign")


def advance(pack: RulePack, sheet: Sheet, item: str, times: int = 1) -> Sheet:
    for _ in range(times):
        sheet = pack.purchase(sheet, "skill", choice=item)
    return sheet


class TestItems:
    def test_items_from_a_table(self, pack: RulePack) -> None:
        """``items = { table = "skills" }`` ranges over the table's keys, in the file's order."""
        assert SKILLS == pack.upgrade("skill").items

    def test_options_list_the_items(self, pack: RulePack) -> None:
        """The options of an upgrade over items are its items, whatever the sheet holds."""
        assert ("hardy", "strike_to_stun", "sixth_sense") == pack.options(rich(pack), "talent")

    def test_an_item_that_is_not_listed_is_refused(self, pack: RulePack) -> None:
        """A choice outside the items names nothing the upgrade ranges over: an UnknownChoice, with the items it
        could be; a RequirementNotMet as the refusal was, and an UnknownName (bad usage on the command line)."""
        with pytest.raises(UnknownChoice) as caught:
            pack.purchase(rich(pack), "talent", choice="luck")
        assert (
            "Take a talent cannot be bought: 'luck' is not an option for Take a talent; options: hardy, "
            "strike_to_stun, sixth_sense",
            ("hardy", "strike_to_stun", "sixth_sense"),
            "luck",
            True,
        ) == (
            str(caught.value),
            caught.value.known,
            caught.value.name,
            isinstance(caught.value, RequirementNotMet) and isinstance(caught.value, UnknownName),
        )

    def test_an_unknown_item_names_the_closest_as_its_message_does(self, pack: RulePack) -> None:
        """``error.closest`` (an UnknownName's) holds the items the message names as closest, matched by their
        displayed names too (``Robust`` is close to Hardy's French name, ``Robuste``), and none when none is."""
        found = []
        for word in ("Robust", "luck"):
            with pytest.raises(UnknownChoice) as caught:
                pack.purchase(rich(pack), "talent", choice=word)
            found.append((caught.value.closest, caught.value.choice, "(the closest: hardy)" in str(caught.value)))
        assert [(("hardy",), "Robust", True), ((), "luck", False)] == found

    def test_no_choice_is_no_price(self, pack: RulePack) -> None:
        """Read on the chosen item, the price is unknown until an item is chosen, and the quote says why."""
        quoted = pack.quote(rich(pack), "skill")
        assert (None, False) == (quoted.price, quoted.ok)
        assert quoted.unmet[0].startswith("Advance a skill needs a choice among: athletics, climb, swim")

    def test_a_quote_per_item(self, pack: RulePack) -> None:
        """Each item is quoted at its own next step: Swim at its third advance, the others at their first."""
        sheet = advance(pack, rich(pack), "swim", 2)
        prices = {item: pack.quote(sheet, "skill", choice=item).price for item in pack.options(sheet, "skill")}
        assert {**dict.fromkeys(SKILLS, 10), "swim": 20} == prices


class TestOwnCount:
    def test_the_nth_advance_is_priced_by_its_own_count(self, pack: RulePack) -> None:
        """The n-th advance of Swim costs step n of the curve (10, 15, 20 ...), and each is paid as quoted."""
        sheet = rich(pack)
        paid = []
        for _ in range(5):
            before = sheet.pools["xp"]
            sheet = advance(pack, sheet, "swim")
            paid.append(before - sheet.pools["xp"])
        assert ([10, 15, 20, 25, 30], 5) == (paid, sheet.owned["swim"])

    def test_other_items_do_not_move_the_price(self, pack: RulePack) -> None:
        """Advancing Climb four times leaves Swim's next advance at its first price."""
        sheet = advance(pack, rich(pack), "climb", 4)
        assert (10, 30) == (
            pack.quote(sheet, "skill", choice="swim").price,
            pack.quote(sheet, "skill", choice="climb").price,
        )

    def test_a_composed_axis(self, pack: RulePack) -> None:
        """``axis = "{choice}_advances"`` reads the chosen characteristic's own count of advances."""
        sheet = rich(pack)
        for _ in range(3):
            sheet = pack.purchase(sheet, "characteristic", choice="toughness")
        assert (35, 25, 45) == (
            pack.quote(sheet, "characteristic", choice="toughness").price - 5,
            pack.quote(sheet, "characteristic", choice="willpower").price,
            sheet.stats["toughness"],
        )

    @FEW
    @given(st.lists(st.sampled_from(SKILLS), max_size=25), st.sampled_from(SKILLS))
    def test_a_price_depends_only_on_its_own_count(self, pack: RulePack, bought: list[str], item: str) -> None:
        """Whatever else was advanced, an item's price is the curve's step after its own count."""
        sheet = rich(pack, 100_000)
        for other in bought:
            if sheet.owned.get(other, 0) < 5:
                sheet = advance(pack, sheet, other)
        count = sheet.owned.get(item, 0)
        quoted = pack.quote(sheet, "skill", choice=item)
        expected = pack.curve("skill_advance").cost(count + 1)
        assert (expected, count < 5) == (quoted.price, quoted.ok)


class TestPerItemLimit:
    def test_the_maximum_is_per_item(self, pack: RulePack) -> None:
        """A sixth advance of Swim is refused, naming the item and its maximum; Climb may still advance."""
        sheet = advance(pack, rich(pack), "swim", 5)
        with pytest.raises(LimitReached) as caught:
            advance(pack, sheet, "swim")
        assert "Advance a skill cannot be bought: Swim would be 6, past its maximum of 5" == str(caught.value)
        assert 1 == advance(pack, sheet, "climb").owned["climb"]

    def test_a_talent_twice_each(self, pack: RulePack) -> None:
        """Each talent is taken at most twice; the limit of one does not touch another."""
        sheet = rich(pack)
        for _ in range(2):
            sheet = pack.purchase(sheet, "talent", choice="hardy")
        assert (False, True) == (
            pack.quote(sheet, "talent", choice="hardy").ok,
            pack.quote(sheet, "talent", choice="sixth_sense").ok,
        )


class TestHistory:
    def test_verify_amend_and_undo(self, pack: RulePack) -> None:
        """A per-item advance is a normal purchase: it verifies, can be amended to another item, and undone."""
        sheet = advance(pack, advance(pack, rich(pack), "swim"), "swim")
        assert progression.verify(sheet, pack).ok
        amended, _ = progression.amend(sheet, 3, Purchase(upgrade="skill", choice="climb"), pack=pack)
        assert ({"climb": 1, "swim": 1}, 5000 - 20) == (dict(amended.owned), amended.pools["xp"])
        assert {"swim": 1} == dict(progression.undo(sheet).owned)

    def test_the_conformance_check_passes(self, pack: RulePack) -> None:
        """The example pack, TOML alone, passes the conformance check."""
        from progression.testing import check_pack

        assert [] == list(check_pack(pack, examples=10).findings)


class TestChoiceInTOML:
    def test_choice_is_refused_where_it_means_nothing(self) -> None:
        """A ``{choice}`` in a requirement is refused at load, naming its key path, instead of being read
        literally (an item nobody owns)."""
        text = PACK.read_text(encoding="utf-8").replace(
            'kinds = ["adventurer"]\n', 'kinds = ["adventurer"]\nrequires = { owns = "{choice}" }\n', 1
        )
        with pytest.raises(RulePackError) as caught:
            progression.load_text(text, "skirmish.toml")
        expected = (
            "skirmish.toml: '{choice}' means nothing here; it stands for the buyer's choice only in an upgrade's "
            "cost.axis, the keys of its limit.maxima, effect.stats and effect.grants, and the values of its effect.tags"
            " @ $.upgrades.skill.requires.owns"
        )
        assert [expected] == [str(p) for p in caught.value.problems]

    def test_a_wrong_choice_is_a_progression_error(self, pack: RulePack) -> None:
        """Bad input at the public entry points is a ProgressionError."""
        with pytest.raises(ProgressionError):
            pack.quote(rich(pack), "skill", choice=3)  # type: ignore[arg-type]


class TestFingerprint:
    def test_items_are_part_of_the_rules(self, pack: RulePack) -> None:
        """Two packs that differ only in an upgrade's items are different rules (a sheet notices)."""
        text = PACK.read_text(encoding="utf-8")
        other = progression.load_text(text.replace('"sixth_sense"]', '"sixth_sense", "luck"]'), str(PACK))
        assert pack.rules != other.rules


class TestChoiceInPython:
    def test_the_conformance_check_finds_a_literal_choice(self, pack: RulePack) -> None:
        """A pack built in Python whose upgrade with no choice reads ``{choice}`` fails the conformance
        check, naming the upgrade, where the file's loader would have refused it."""
        import attrs

        from progression.testing import check_pack

        talent = pack.upgrade("talent")
        broken = attrs.evolve(pack, upgrades={**pack.upgrades, "talent": attrs.evolve(talent, items=None)})
        found = [(f.where, f.message) for f in check_pack(broken, examples=0).findings if f.check == "references"]
        expected = "'{choice}' stands for the buyer's choice, but upgrade 'talent' takes none"
        assert [("$.upgrades.talent.limit.maxima", expected), ("$.upgrades.talent.effect", expected)] == found


class TestCommandLine:
    def test_sheet_options_count_and_price_the_items(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """`progression sheet options` says an upgrade over items takes a choice, and prices each item."""
        from progression.cli.main import main

        path, pack = str(tmp_path / "ana.json"), str(PACK)
        main(["sheet", "new", path, "--pack", pack, "--kind", "adventurer", "--set", "xp=100"])
        main(["sheet", "buy", path, "skill", "--choice", "swim", "--pack", pack])
        capsys.readouterr()
        main(["sheet", "options", path, "--pack", pack])
        listed = next(row for row in capsys.readouterr().out.splitlines() if row.startswith("talent"))
        main(["sheet", "options", path, "skill", "--pack", pack, "--json"])
        prices = {row["choice"]: row["price"] for row in json.loads(capsys.readouterr().out)}
        assert listed.endswith(f"takes a choice (3 options): progression sheet options {path} talent --pack {pack}")
        assert {**dict.fromkeys(SKILLS, 10), "swim": 15} == prices


class TestDisplayedText:
    def test_braces_in_displayed_text_are_the_authors(self) -> None:
        """A brace in a requirement's message (displayed text, not an id) is kept as written."""
        text = PACK.read_text(encoding="utf-8").replace(
            'kinds = ["adventurer"]\n',
            'kinds = ["adventurer"]\nrequires = { at_most = 60, quantity = "toughness", message = "{tough} enough" }\n',
            1,
        )
        assert "{tough} enough" == progression.load_text(text).upgrade("skill").requires.message  # type: ignore[union-attr]


class TestChoicesAsWritten:
    def test_an_option_by_its_name_or_its_id_in_any_case(self, pack: RulePack) -> None:
        """``Swim``, ``SWIM`` and the displayed name ``Weapon Skill`` are the options they name: the purchase
        records the id, so the history reads the same whichever was typed."""
        ana = rich(pack)
        swum = pack.purchase(ana, "skill", choice="SWIM")
        trained = pack.purchase(ana, "characteristic", choice="Weapon Skill")
        assert ("swim", "weapon_skill", 10) == (
            swum.ledger[-1].operation.choice,
            trained.ledger[-1].operation.choice,
            pack.quote(ana, "skill", choice="Swim").price,
        )

    def test_a_choice_read_as_an_option_is_not_the_answer_for_it_as_written(self, pack: RulePack) -> None:
        """The quote that read ``Weapon Skill`` as ``weapon_skill`` is not kept for the same question asked of the
        same sheet by a quote taking the choice as written (the engine's own, once the purchase has resolved it)."""
        from progression.engine.quotes import quote

        ana = rich(pack)
        assert pack.quote(ana, "characteristic", choice="Weapon Skill").choice == "weapon_skill"
        written = quote(pack, ana, "characteristic", choice="Weapon Skill", pay=None, member=None)
        assert ["choice"] == [v.key for v in written.violations]

    def test_a_name_no_option_has_says_the_closest(self, pack: RulePack) -> None:
        """A misspelt option is refused, naming the closest options before listing them all."""
        unmet = pack.quote(rich(pack), "skill", choice="swimm").unmet
        assert unmet[0].startswith("'swimm' is not an option for Advance a skill (the closest: swim); options: ")

    def test_a_name_two_options_share_is_left_as_written(self, pack: RulePack) -> None:
        """Where a name fits two options it is no option: left as written, so the quote refuses it."""
        assert ("climb", "x y") == (pack.resolve("Climb", ["climb", "swim"]), pack.resolve("x y", ["x_y", "X-Y"]))

    def test_a_name_in_any_language_the_pack_declares(self) -> None:
        """A displayed name in any of the pack's languages names its id (``Pêche``, ``Fishing``); a name that two
        ids have, in two languages, is left as written (the quote then refuses it)."""
        competence = progression.load("competence")
        competences = ("escrime", "danse", "equitation")
        found = [competence.resolve(given, competences) for given in ("Équitation", "riding", "ESCRIME", "Fencing")]
        assert ["equitation", "equitation", "escrime", "escrime"] == found
        crossed = attrs.evolve(
            competence,
            names={**competence.names, "danse": Label(en="Dance", fr="Escrime")},  # fr "Escrime" is both
        )
        assert "Escrime" == crossed.resolve("Escrime", ("escrime", "danse"))

    def test_names_given_several_to_an_id(self, pack: RulePack) -> None:
        """An id may be given several names (one a language) where the pack's names do not hold it: ``resolve``
        reads it by any of them, and ``closest`` matches a misspelt word against them all."""
        categories = {"G": ("General", "Générale"), "S": ("Strength", "Force")}
        found = [pack.resolve(given, categories) for given in ("générale", "FORCE", "g", "Genral")]
        assert ["G", "S", "G", "Genral"] == found
        assert (["G"], ["S"]) == (pack.closest("Genral", categories), pack.closest("Forse", categories))

    def test_a_name_by_its_last_words_where_asked(self, pack: RulePack) -> None:
        """With ``last_words``, ``lineman`` is the one name ending with it; a whole name comes first (``Ogre``
        over ``Rat Ogre``); words two names end with, or only part of a word, are left as written."""
        roster = {"human_lineman": "Human Lineman", "ogre": "Ogre", "rat_ogre": "Rat Ogre", "orc_blitzer": "Blitzer"}
        found = [
            pack.resolve(given, roster, last_words=True)
            for given in ("lineman", "ogre", "human  LINEMAN", "man", "Dwarf Blitzer")
        ]
        assert ["human_lineman", "ogre", "human_lineman", "man", "Dwarf Blitzer"] == found
        assert "lineman" == pack.resolve("lineman", roster)
        assert "Lineman" == pack.resolve(
            "Lineman", {"orc_lineman": "Orc Lineman", "gob": "Goblin Lineman"}, last_words=True
        )


#: Forty lores, each learnt once, three studies in all (the curve's end); an oath sworn once, by a scholar only.
LORES = """
format = 1
[pack]
name = "lores"
title = { en = "Lores", fr = "Savoirs" }
[currencies.xp]
label = { en = "Experience", fr = "Expérience" }
[pools.xp]
label = { en = "Experience", fr = "Expérience" }
currency = "xp"
[stats.studies]
label = { en = "Studies", fr = "Études" }
[curves.study]
kind = "table"
label = { en = "Study", fr = "Étude" }
values = [1, 2, 3]
[upgrades.learn]
label = { en = "Learn a lore", fr = "Apprendre un savoir" }
pool = "xp"
items = [ITEMS]
cost = { curve = "study", axis = "studies" }
limit = { maxima = { "{choice}" = 1 } }
effect = { grants = { "{choice}" = 1 }, stats = { studies = 1 } }
[upgrades.oath]
label = { en = "Swear an oath", fr = "Prêter serment" }
pool = "xp"
items = ["silence", "poverty"]
cost = 1
limit = { times = 1 }
effect = { grants = { "{choice}" = 1 } }
kinds = ["scholar"]
[kinds.scholar]
label = { en = "Scholar", fr = "Érudit" }
pools = ["xp"]
stats = ["studies"]
[kinds.student]
label = { en = "Student", fr = "Étudiant" }
pools = ["xp"]
stats = ["studies"]
""".replace("ITEMS", ", ".join(f'"lore{n}"' for n in range(40)))


class TestRefusedWhateverTheChoice:
    """``Quote.whatever_choice``: the refusals no other option would escape, so a caller need not quote them all."""

    @pytest.fixture
    def lores(self) -> RulePack:
        return progression.load_text(LORES, "lores.toml")

    def scholar(self, lores: RulePack, learnt: int = 0, kind: str = "scholar") -> Sheet:
        sheet = lores.award(lores.new_sheet(kind, "Ada"), "xp", 100, reason="a grant")
        for n in range(learnt):
            sheet = lores.purchase(sheet, "learn", choice=f"lore{n}")
        return sheet

    def test_the_end_of_a_curve_on_a_fixed_quantity(self, lores: RulePack) -> None:
        """Three studies done, the curve read on the studies ends: any lore is refused, and the quote says so."""
        quoted = lores.quote(self.scholar(lores, 3), "learn", choice="lore7")
        expected = (
            "Learn a lore has no price past Studies 3: its curve 'study' prices steps 1 to 3, and Studies is 3",
        )
        assert (False, expected) == (quoted.ok, tuple(v.sentence for v in quoted.whatever_choice))

    def test_a_limit_of_the_chosen_item_is_not(self, lores: RulePack) -> None:
        """A lore learnt is refused by its own maximum: another lore may be learnt, so nothing holds whatever the
        choice."""
        quoted = lores.quote(self.scholar(lores, 1), "learn", choice="lore0")
        assert (False, ()) == (quoted.ok, quoted.whatever_choice)
        assert lores.quote(self.scholar(lores, 1), "learn", choice="lore1").ok

    def test_how_many_times_and_the_buyers_kind(self, lores: RulePack) -> None:
        """An oath sworn once refuses every oath; a student may swear none."""
        sworn = lores.purchase(self.scholar(lores), "oath", choice="silence")
        once = lores.quote(sworn, "oath", choice="poverty")
        student = lores.quote(self.scholar(lores, kind="student"), "oath", choice="poverty")
        assert ["Swear an oath can be bought once only, and it was"] == [v.sentence for v in once.whatever_choice]
        assert ["kind"] == [v.key for v in student.whatever_choice]

    def test_a_quote_that_may_be_bought_has_none(self, lores: RulePack) -> None:
        """A purchase that goes through has nothing refusing it, whatever the choice: the field is empty, and left
        out of equality (it is read from the violations)."""
        quoted = lores.quote(self.scholar(lores), "learn", choice="lore0")
        assert (True, ()) == (quoted.ok, quoted.whatever_choice)
        assert attrs.evolve(quoted, whatever_choice=quoted.violations) == quoted
