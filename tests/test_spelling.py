"""The closest words to a misspelt one, found one way and said one way wherever a word is refused."""

from __future__ import annotations

import subprocess
import sys

import pytest

import progression
from progression import RulePack, errors, spelling
from progression.spelling import closest, plain_name, the_closest

SKILLS = ["block", "dodge", "mighty_blow", "sure_hands", "sure_feet", "sneaky_git"]


class TestClosest:
    def test_in_any_case_with_spaces_or_hyphens(self) -> None:
        """An id is read as a person writes it: ``Sneaky git`` and ``sneaky-gti`` are ``sneaky_git``."""
        assert [("sneaky_git",), ("sneaky_git",)] == [closest("Sneaky git", SKILLS), closest("sneaky-gti", SKILLS)]

    def test_the_closest_first_at_most_three(self) -> None:
        """Several close ids come closest first, and no more than three are named."""
        assert ("dodge", "dog") == closest("dodg", ["block", "dog", "dodge"])
        assert 3 == len(closest("aaaa", ["aaab", "aaac", "aaad", "aaae"]))

    def test_by_its_last_words_only_when_nothing_whole_is_close(self) -> None:
        """``Blitzr`` is ``orc_blitzer`` by its last word; ``Blok`` is ``block`` alone, not also ``mighty_blow``
        for its last word ``blow``, which is as close to it as a word read whole would be."""
        assert ("orc_blitzer",) == closest("Blitzr", ["orc_blitzer", "orc_lineman", "troll"])
        assert ("block",) == closest("Blok", SKILLS)
        assert ("mighty_blow",) == closest("blwo", ["mighty_blow", "block_dodge"])

    def test_by_a_displayed_name(self) -> None:
        """An id is found by any name it goes by (a pack's displayed names, in each of its languages), and named
        by its id."""
        names = {"dodge": ["Dodge", "Esquive"], "block": ["Block", "Blocage"]}
        assert [("dodge",), ("block",), ()] == [
            closest("esquiev", SKILLS, names=names),
            closest("Blocag", SKILLS, names=names),
            closest("esquiev", SKILLS),
        ]

    def test_a_number_has_none(self) -> None:
        """A number is not misspelt: 13 is not close to 3, nor to 12."""
        assert () == closest("13", [str(n) for n in range(1, 13)])

    def test_nothing_known(self) -> None:
        """Nothing to choose from: nothing is close."""
        assert () == closest("show", [])

    def test_the_errors_module_gives_the_same(self) -> None:
        """``progression.errors.closest`` is this function: one way of matching, wherever it is imported from."""
        assert spelling.closest is errors.closest


#: The skills a Human Blitzer may take as a chosen primary (those of his categories he has not: Block is his).
BLITZER_PRIMARY = (
    "dauntless", "fend", "frenzy", "kick", "pro", "steady_footing", "strip_ball", "sure_hands", "taunt", "wrestle",
    "arm_bar", "brawler", "break_tackle", "bullseye", "grab", "guard", "juggernaut", "mighty_blow", "multiple_block",
    "stand_firm", "strong_arm", "thick_skull",
)  # fmt: skip


class TestOnThePacksData:
    """The closest words among the shipped packs' ids, each read by its id and its English and French names, as
    :meth:`progression.RulePack.closest` reads them: a word far behind the closest one is not named beside it."""

    @pytest.fixture(scope="class")
    @classmethod
    def bloodbowl(cls) -> RulePack:
        return progression.load("bloodbowl")

    @pytest.fixture(scope="class")
    @classmethod
    def competence(cls) -> RulePack:
        return progression.load("competence")

    def test_blok_among_a_blitzer_s_skills(self, bloodbowl: RulePack) -> None:
        """``Blok`` is Multiple Block (0.89, by its last word) and Mighty Blow (0.75), no longer also Strip Ball,
        0.60 only by the last word of its French name, *Arracher le Ballon*."""
        assert ["multiple_block", "mighty_blow"] == bloodbowl.closest("Blok", BLITZER_PRIMARY)

    @pytest.mark.parametrize(
        ("given", "meant"),
        [
            ("Récepion", "catch"),  # Réception: not also foul_appearance nor accurate
            ("ctach", "catch"),  # not also tackle
            ("dving_catch", "diving_catch"),  # not also diving_tackle nor catch
        ],
    )
    def test_a_bloodbowl_skill_in_either_language(self, bloodbowl: RulePack, given: str, meant: str) -> None:
        """A Blood Bowl skill misspelt in English or in French is named alone, where a word far behind it was named
        too."""
        assert [meant] == bloodbowl.closest(given, tuple(bloodbowl.tables["skills"]["skills"]))

    def test_a_position_of_a_roster(self, bloodbowl: RulePack) -> None:
        """A Wood Elf position misspelt by its id, or by its French name, is that position alone (the Thrower and
        the Catcher were named beside the Lineman); one named by its last word alone is found still."""
        roster = bloodbowl.tables["teams"]["teams"]["wood_elf"]["positions"]
        ids = [position["id"] for position in roster]
        names = {p["id"]: [p["label"]["en"], p["label"]["fr"]] for p in roster}
        assert [("wood_elf_lineman",), ("wood_elf_lineman",), ("wood_elf_catcher",)] == [
            closest("wood_elf_lienman", ids, names=names),
            closest(f"{names['wood_elf_lineman'][1]}x", ids, names=names),
            closest("Catchr", ids, names=names),
        ]

    @pytest.mark.parametrize(
        ("given", "meant"),
        [("equitatin", ("equitation",)), ("Ridng", ("equitation",)), ("Escrme", ("escrime",)),
         ("Scholarshp", ("erudition",)), ("Erudiction", ("erudition",))],
    )  # fmt: skip
    def test_a_competence_in_either_language(self, competence: RulePack, given: str, meant: tuple[str, ...]) -> None:
        """A competence misspelt by its id (French), its English or its French name is that competence alone
        (``equitatin`` named Érudition beside Équitation, ``Erudiction`` Équitation and Discrétion beside
        Érudition)."""
        assert list(meant) == competence.closest(given, tuple(competence.tables["competences"]))

    def test_the_qualities(self, competence: RulePack) -> None:
        """A quality misspelt is that quality alone (``soplesse`` named Vitesse beside Souplesse)."""
        qualities = tuple(competence.tables["qualities"])
        assert (["souplesse"], ["vitesse"]) == (
            competence.closest("soplesse", qualities),
            competence.closest("Vitess", qualities),
        )


class TestTheClosest:
    def test_the_end_of_a_refusal(self) -> None:
        """The words found end the sentence after a semicolon; an aside before a long list, in brackets; nothing
        when none is close."""
        assert ["; the closest: show, shop", " (the closest: show)", "", ""] == [
            the_closest(("show", "shop")),
            the_closest(["show"], aside=True),
            the_closest(()),
            the_closest((), aside=True),
        ]

    def test_every_refusal_ends_so(self) -> None:
        """The refusals of the library's own errors end as this function writes the closest."""
        assert [
            "pool 'purs' is not defined in sheet 'Ana'; expected one of: bag, purse; the closest: purse",
            "unknown option 'scor' for league record; it takes: score; the closest: score",
        ] == [
            str(errors.UnknownName("pool", "purs", ["purse", "bag"], "sheet 'Ana'")),
            str(errors.UnknownOption("league record", ["scor"], ["score"])),
        ]


class TestLight:
    def test_imports_nothing_of_the_library(self) -> None:
        """The command line's usage errors match through this module: it loads neither the errors (and attrs)
        nor any other module of the library, and :mod:`difflib` only once a word is matched."""
        code = (
            "import sys\n"
            "from progression.spelling import closest\n"
            "before = 'difflib' in sys.modules\n"
            "closest('shwo', ['show'])\n"
            "loaded = sorted(m for m in sys.modules if m.startswith('progression') or m in ('attrs', 'difflib'))\n"
            "print(before, loaded)\n"
        )
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        assert "False ['difflib', 'progression', 'progression._moved', 'progression.spelling']\n" == done.stdout

    def test_plain_name(self) -> None:
        """The plain form two spellings of a name share."""
        assert "sneaky git" == plain_name("  Sneaky_GIT ") == plain_name("sneaky-git")
