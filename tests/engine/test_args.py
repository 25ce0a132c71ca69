"""Purchase arguments declared per upgrade, price factors, and requirements that read tags: a skill out of
career at double cost and career tiers gated on advances, in TOML alone (``examples/skirmish/pack.toml``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import progression
from progression import RulePack, Sheet
from progression.errors import InvalidInput, RequirementNotMet, RulePackError
from progression.operations import Purchase

PACK = Path(__file__).parents[2] / "examples" / "skirmish" / "pack.toml"


@pytest.fixture(scope="module")
def pack() -> RulePack:
    return progression.load_file(PACK)


def ana(pack: RulePack, xp: int = 2000) -> Sheet:
    return pack.award(pack.new_sheet("adventurer", "Ana"), "xp", xp, reason="a campaign")


def refused(text: str) -> list[str]:
    """The problems of the skirmish pack with ``text`` put in for the skill upgrade's ``args`` and cost."""
    source = PACK.read_text(encoding="utf-8")
    start = source.index("args = { out_of_career")
    end = source.index("limit = { maxima", start)
    with pytest.raises(RulePackError) as caught:
        progression.load_text(source[:start] + text + "\n" + source[end:], "skirmish.toml")
    return [str(p).removeprefix("skirmish.toml: ") for p in caught.value.problems]


class TestArguments:
    def test_a_flag_doubles_the_price(self, pack: RulePack) -> None:
        """Out of career, a skill's first advance costs 20, not 10; the flag not given is its default, false."""
        sheet = ana(pack)
        assert (10, 20, 10) == (
            pack.quote(sheet, "skill", choice="swim").price,
            pack.quote(sheet, "skill", choice="swim", args={"out_of_career": True}).price,
            pack.quote(sheet, "skill", choice="swim", args={"out_of_career": False}).price,
        )

    def test_the_purchase_records_its_arguments(self, pack: RulePack) -> None:
        """The doubled price is paid; the entry holds the argument, so the history verifies, and amending the
        flag away gives the 10 back."""
        sheet = pack.purchase(ana(pack), "skill", choice="swim", args={"out_of_career": True})
        fixed, _ = progression.amend(sheet, 3, Purchase(upgrade="skill", choice="swim"), pack=pack)
        assert (2000 - 20, True, 2000 - 10) == (
            sheet.pools["xp"],
            progression.verify(sheet, pack).ok,
            fixed.pools["xp"],
        )

    def test_an_argument_not_declared_or_not_of_its_type(self, pack: RulePack) -> None:
        """A misspelt argument is refused, naming those the upgrade takes and the closest; so is a flag given as
        text."""
        with pytest.raises(InvalidInput) as misspelt:
            pack.quote(ana(pack), "skill", choice="swim", args={"out_of_carrer": True})
        with pytest.raises(InvalidInput) as text:
            pack.purchase(ana(pack), "skill", choice="swim", args={"out_of_career": "yes"})
        assert (
            "'skill' takes the arguments out_of_career (bool); got 'out_of_carrer'; the closest: out_of_career",
            "argument 'out_of_career' of the purchase of 'skill' is a bool, got 'yes' (str)",
        ) == (str(misspelt.value), str(text.value))

    def test_an_argument_not_named_by_a_text(self, pack: RulePack) -> None:
        """An argument named by a number is refused by the quote and the purchase, saying arguments are named by
        texts: it raised a bare AttributeError from the closest-word search."""
        message = "the arguments of 'skill' are named by texts (out_of_career), got 1"
        for asked in (pack.quote, pack.purchase):
            with pytest.raises(InvalidInput, match=re.escape(message)):
                asked(ana(pack), "skill", choice="swim", args={1: True})

    def test_an_argument_to_an_upgrade_that_reads_none(self, pack: RulePack) -> None:
        """An upgrade with no arguments and no procedure reads none: one given is refused, not ignored, by the quote
        and by the purchase; none given, or an empty mapping, is no argument."""
        message = "'talent' takes no arguments (it declares none and has no procedure); got 'out_of_career'"
        with pytest.raises(InvalidInput, match=re.escape(message)):
            pack.quote(ana(pack), "talent", choice="hardy", args={"out_of_career": True})
        with pytest.raises(InvalidInput, match=re.escape(message)):
            pack.purchase(ana(pack), "talent", choice="hardy", args={"out_of_career": True})
        assert pack.quote(ana(pack), "talent", choice="hardy", args={}).ok


class TestTags:
    def test_a_choice_names_a_tag_value(self, pack: RulePack) -> None:
        """``tags = { career = "{choice}" }`` records the career chosen; a second career is refused."""
        soldier = pack.purchase(ana(pack), "take_career", choice="soldier")
        with pytest.raises(RequirementNotMet, match="a career is chosen once"):
            pack.purchase(soldier, "take_career", choice="rogue")
        assert ("soldier", "apprentice") == (soldier.tags["career"], soldier.tags["tier"])

    def test_career_tiers_are_gated_on_advances(self, pack: RulePack) -> None:
        """Five advances are an apprentice's; the sixth waits for the journeyman tier, which needs a career and
        the five advances, each unmet part said with what the sheet holds."""
        sheet = ana(pack)
        assert (
            "needs a career (it has none)",
            "needs tier Apprentice (it has none)",
            "needs Advances at least 5 (it is 0)",
        ) == pack.quote(sheet, "rise_to_journeyman").unmet
        sheet = pack.purchase(sheet, "take_career", choice="soldier")
        for skill in ("swim", "climb", "stealth", "perception", "ride"):
            sheet = pack.purchase(sheet, "skill", choice=skill)
        sixth = pack.quote(sheet, "skill", choice="dodge")
        sheet = pack.purchase(sheet, "rise_to_journeyman")
        assert (("to reach Journeyman: needs tier Journeyman or Master (it has Apprentice)",), True) == (
            sixth.unmet,
            pack.quote(sheet, "skill", choice="dodge").ok,
        )


class TestRefusedAtLoad:
    def test_an_argument_no_upgrade_declares(self) -> None:
        """A factor reading an argument the upgrade does not declare would never apply: refused at its path."""
        problems = refused(
            'cost = { curve = "skill_advance", axis = "{choice}", multiply = [{ by = 2, when = { arg = "rush" } }] }'
        )
        assert [
            "argument 'rush' is not declared by upgrade 'skill' (its args: none) "
            "@ $.upgrades.skill.cost.multiply[0].when"
        ] == problems

    def test_a_value_not_of_the_arguments_type(self) -> None:
        problems = refused(
            'args = { out_of_career = "bool" }\n'
            'cost = { curve = "skill_advance", axis = "{choice}", multiply = [{ by = 2, when = { arg = "out_of_career", is = "yes" } }] }'
        )
        assert [
            "argument 'out_of_career' is a bool, got 'yes' (str) @ $.upgrades.skill.cost.multiply[0].when"
        ] == problems

    def test_a_type_the_format_does_not_know_and_a_negative_factor(self) -> None:
        problems = refused(
            'args = { out_of_career = "float" }\n'
            'cost = { curve = "skill_advance", axis = "{choice}", multiply = [{ by = -2, when = { tag = "career" } }, { by = 3 }] }'
        )
        assert [
            "expected one of bool, int, text, got 'float' @ $.upgrades.skill.args.out_of_career.type",
            "a factor is a whole number >= 0, got -2 @ $.upgrades.skill.cost.multiply[0].by",
            "required key 'when' is missing (the requirement under which it applies) @ $.upgrades.skill.cost.multiply[1].when",
        ] == problems

    def test_factors_and_arguments_are_part_of_the_rules(self, pack: RulePack) -> None:
        """Triple instead of double is other rules: a sheet made under one notices the other."""
        text = PACK.read_text(encoding="utf-8").replace("by = 2, when", "by = 3, when")
        assert pack.rules != progression.load_text(text, str(PACK)).rules


class TestCommandLine:
    def test_an_argument_on_the_command_line(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """``--arg out_of_career=yes`` reads the flag by its declared type; a misspelt one is a usage error
        listing the upgrade's arguments, and a flag given as a number is refused."""
        from progression.cli.main import main

        path, source = str(tmp_path / "ana.json"), str(PACK)
        main(["sheet", "new", path, "--pack", source, "--kind", "adventurer", "--set", "xp=100"])
        capsys.readouterr()
        quoted = main(
            ["sheet", "quote", path, "skill", "--choice", "swim", "--arg", "out_of_career=yes", "--pack", source]
        )
        shown = capsys.readouterr().out.splitlines()[0]
        bought = main(
            ["sheet", "buy", path, "skill", "--choice", "swim", "--arg", "out_of_career=yes", "--pack", source]
        )
        capsys.readouterr()
        misspelt = main(["sheet", "buy", path, "skill", "--choice", "swim", "--arg", "rush=yes", "--pack", source])
        said = capsys.readouterr().err
        number = main(["sheet", "buy", path, "skill", "--choice", "swim", "--arg", "out_of_career=1", "--pack", source])
        assert (0, "Advance a skill (Swim): 20 Experience", 0, 80) == (
            quoted,
            shown,
            bought,
            progression.load_sheet(Path(path).read_bytes()).pools["xp"],
        )
        assert (2, True, 2) == (
            misspelt,
            "skill takes no argument 'rush'; its arguments: out_of_career (bool)" in said,
            number,
        )

    def test_a_misspelt_argument_or_value_names_the_closest(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """A misspelt ``--arg`` name is refused naming the closest argument the upgrade takes, a flag's misspelt
        value the closest of yes and no; an argument's displayed name, in any case or language, is its id."""
        from progression.cli.main import main

        path, source = str(tmp_path / "ana.json"), str(PACK)
        main(["sheet", "new", path, "--pack", source, "--kind", "adventurer", "--set", "xp=100"])
        said = []
        for arg in ("out_of_carer=yes", "out_of_career=yse", "Out of Career=yes", "hors carrière=yes"):
            capsys.readouterr()
            status = main(["sheet", "quote", path, "skill", "--choice", "swim", "--arg", arg, "--pack", source])
            captured = capsys.readouterr()
            said.append((status, captured.err or captured.out.splitlines()[0]))
        assert [
            (
                2,
                "progression: --arg out_of_carer: skill takes no argument 'out_of_carer'; its arguments: "
                "out_of_career (bool); the closest: out_of_career\n",
            ),
            (2, "progression: --arg out_of_career: expected yes|no, got 'yse'; the closest: yes\n"),
            (0, "Advance a skill (Swim): 20 Experience"),
            (0, "Advance a skill (Swim): 20 Experience"),
        ] == said


class TestConformance:
    def test_the_example_passes_with_full_coverage(self, pack: RulePack) -> None:
        """The skirmish example, TOML alone, passes the conformance check with every upgrade bought and the master
        tier reached, from fresh sheets alone, in the default budget: its [play] steers half the runs through a
        career (drawn the same way every time). The random runs alone never become masters."""
        from progression.testing import check_pack

        report = check_pack(pack, min_coverage=1.0, derandomize=True)
        random = check_pack(pack, sensible=0, min_coverage=1.0, derandomize=True)
        assert (True, (), "Master", 15) == (
            report.ok,
            report.coverage.never,  # type: ignore[union-attr]
            report.coverage.played["career_tier"],  # type: ignore[union-attr]
            report.steered,
        )
        assert (["coverage"], ("rise_to_master",)) == ([f.check for f in random.findings], random.coverage.never)  # type: ignore[union-attr]
