"""The conformance check: reports, the broken pack's exact findings, and the pytest fixture."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import attrs
import pytest

import progression
from progression import Effect, Quote, RulePack, Sheet, load_sheet, mark, replay
from progression.authoring import (
    Currency,
    FixedCost,
    FunctionCost,
    Kind,
    Label,
    PoolSpec,
    ProcedureContext,
    StatSpec,
    Upgrade,
)
from progression.contract import Contract, Factory
from progression.errors import InvalidInput, RulePackError, UnknownName
from progression.ledger import Account
from progression.requirements import AtLeast, Owns, Predicate, Violation
from progression.testing import ConformanceReport, Finding, _machine, assert_pack_conforms, check_pack

PACKS = Path(__file__).parent / "packs"


def tiny(
    *upgrades: Upgrade,
    stats: tuple[StatSpec, ...] = (),
    functions: dict[str, Callable[..., object]] | None = None,
    contract: Contract | None = None,
) -> RulePack:
    """A one-kind pack built in Python around the given upgrades."""
    label = Label(en="x", fr="x")
    return RulePack(
        name="tiny",
        title=label,
        currencies=[Currency(id="xp", label=label)],
        pools=[PoolSpec(id="xp", label=label, currency="xp")],
        stats=[StatSpec(id="level", label=label, maximum=3), *stats],
        upgrades=list(upgrades),
        kinds=[Kind(id="hero", label=label, pools=("xp",), stats=("level", *(s.id for s in stats)))],
        functions=functions or {},
        contract=contract,
    )


def upgrade(ident: str, **fields: object) -> Upgrade:
    """An upgrade paid 1 xp, with the given fields."""
    return Upgrade(id=ident, label=Label(en=ident, fr=ident), pools=("xp",), cost=FixedCost(amount=1), **fields)  # type: ignore[arg-type]


class TestShippedTestPacks:
    def test_skirmish_passes(self, skirmish: RulePack) -> None:
        """The core's test pack passes every check."""
        report = check_pack(skirmish)
        assert report.ok, str(report)
        assert ("ids", "references", "reachable", "cycle", "curves", "round trip", "machine") == report.checks

    def test_duel_passes(self, duel: RulePack) -> None:
        """A pack with a procedure, options, a factory and a roster passes every check."""
        report = check_pack(duel, examples=25)
        assert report.ok, str(report)
        assert 25 == report.examples


class TestBrokenPack:
    def test_static_findings_are_exact(self, broken: RulePack) -> None:
        """The broken pack's findings name each problem, word for word as in broken.expected."""
        expected = (PACKS / "broken.expected").read_text(encoding="utf-8").splitlines()
        report = check_pack(broken, examples=0)
        assert expected == [str(finding) for finding in report.findings]
        assert "machine" not in report.checks

    def test_machine_finds_the_lying_quote(self, broken: RulePack) -> None:
        """The state machine finds the upgrade whose quote says yes and whose purchase refuses (the same runs
        every time: a random draw may miss it)."""
        report = check_pack(broken, examples=30, derandomize=True)
        (machine,) = report.by_check("machine")
        assert "the quote of 'gamble' said yes, but the purchase was refused" in machine.message
        assert "Level would be 20, past its maximum of 10" in machine.message
        assert "state.buy" in machine.message  # the steps that lead there

    def test_assertion_lists_every_problem(self, broken: RulePack) -> None:
        """The convenience raises one AssertionError naming every problem."""
        with pytest.raises(AssertionError) as raised:
            assert_pack_conforms(broken, examples=0)
        text = str(raised.value)
        assert text.startswith("pack 'broken' has 8 problems:")
        for line in (PACKS / "broken.expected").read_text(encoding="utf-8").splitlines():
            assert f"  - {line}" in text


class TestTagsNeverSet:
    def test_each_tag_a_requirement_tests_is_set_by_something(self) -> None:
        """A tag an upgrade's requirement, a pool's or a band's gate tests, and that no effect sets nor any sheet the
        check starts from has, is a typo: each is named with the tags the pack does set, word for word as in
        tags.expected (a tag set by an effect, 'career', is not)."""
        expected = (PACKS / "tags.expected").read_text(encoding="utf-8").splitlines()
        report = check_pack(progression.load_file(PACKS / "tags.toml"), examples=0)
        assert expected == [str(finding) for finding in report.findings]

    def test_a_sheet_the_check_starts_from_sets_it(self) -> None:
        """A tag a prepared sheet has (made with it by the pack's user) is set: not reported."""
        pack = progression.load_file(PACKS / "tags.toml")
        tagged = pack.new_sheet("hero", "Exile", tags={"banished": "yes", "carreer": "x", "carrer": "x"})
        assert () == check_pack(pack, examples=0, prepared=[tagged]).by_check("references")

    def test_not_for_a_pack_that_runs_rule_code(self) -> None:
        """A pack with a procedure (or operations) of its own may set any tag from Python (Blood Bowl tags a Star
        Player ``no_spp``): no tag is reported."""
        pack = progression.load_file(PACKS / "tags.toml")
        rolled = attrs.evolve(pack.upgrade("level_up"), procedure="rise")
        coded = attrs.evolve(
            pack, upgrades={**pack.upgrades, "level_up": rolled}, functions={"rise": lambda context: Effect()}
        )
        assert [] == [f for f in check_pack(coded, examples=0).findings if "tests the tag" in f.message]


class TestStaticChecks:
    def test_unreachable_through_a_stat_maximum(self) -> None:
        """A requirement past a stat's maximum can never be met."""
        train = upgrade("train", effect=Effect(stats={"level": 1}))
        report = check_pack(tiny(train, upgrade("up", requires=AtLeast(quantity="level", value=5))), examples=0)
        expected = [
            "[reachable] upgrade 'up': can never be bought: as a sheet of kind 'hero': its requirement can never be met: "
            "'level' at least 5, but its maximum is 3"
        ]
        assert expected == [str(f) for f in report.findings]

    def test_reachable_through_another_upgrade(self) -> None:
        """What one upgrade raises, another may require: nothing is reported."""
        pack = tiny(
            upgrade("train", effect=Effect(stats={"level": 1})),
            upgrade("master", requires=AtLeast(quantity="level", value=3), effect=Effect(grants={"master": 1})),
        )
        assert check_pack(pack, examples=0).ok

    def test_auto_spend_pays_from_an_award(self) -> None:
        """A pool capped by a stat at 0 still pays its ``auto`` upgrades: an award's surplus buys them.

        Under the ``auto`` policy an award over the cap is spent on the pool's ``auto_spend``
        upgrades, however little the pool may hold; what they raise opens the rest.
        """
        label = Label(en="x", fr="x")
        train = upgrade("train", effect=Effect(stats={"level": 1}))
        master = Upgrade(
            id="master", label=label, pools=("xp",), cost=FixedCost(amount=3), effect=Effect(grants={"master": 1})
        )

        def capped(overflow: Literal["auto", "lose"], spend: tuple[str, ...]) -> RulePack:
            return RulePack(
                name="capped",
                title=label,
                currencies=[Currency(id="xp", label=label)],
                pools=[PoolSpec(id="xp", label=label, currency="xp", cap="level", overflow=overflow, auto_spend=spend)],
                stats=[StatSpec(id="level", label=label, maximum=3)],
                upgrades=[train, master],
                kinds=[Kind(id="hero", label=label, pools=("xp",), stats=("level",))],
            )

        assert [] == [str(f) for f in check_pack(capped("auto", ("train",)), examples=5).findings]
        stuck = check_pack(capped("lose", ()), examples=0).by_check("reachable")
        assert ["upgrade 'master'", "upgrade 'train'"] == [f.where for f in stuck]

    def test_self_cycle(self) -> None:
        """An upgrade that needs what only it gives is a cycle of one."""
        pack = tiny(upgrade("seed", requires=Owns(item="seed"), effect=Effect(grants={"seed": 1})))
        (finding,) = check_pack(pack, examples=0).findings
        expected = Finding(
            "cycle",
            "upgrade 'seed'",
            "requirement cycle seed → seed: each needs what the next one gives, so none can be bought first",
        )
        assert expected == finding

    def test_missing_label(self) -> None:
        """Every displayed name needs a text in each language of the pack (English and French by default)."""
        pack = tiny(Upgrade(id="up", label=Label(en="Up", fr=" "), pools=("xp",), cost=FixedCost(amount=1)))
        (finding,) = check_pack(pack, examples=0).by_check("ids")
        assert "upgrade 'up'" == finding.where

    def test_an_item_without_a_displayed_name(self) -> None:
        """An item an upgrade offers or grants with no ``[names]`` entry (nor a label of that id) is an ``ids``
        finding naming the entry to write, each item once; an item granted under its upgrade's id is named by it."""
        text = """
format = 1
[pack]
name = "spells"
title = { en = "Spells" }
languages = ["en"]
[currencies.xp]
label = { en = "Experience" }
[pools.xp]
label = { en = "Experience" }
currency = "xp"
[upgrades.spell]
label = { en = "Learn a spell" }
pool = "xp"
items = ["fireball", "frost", "light"]
cost = 10
effect = { grants = { "{choice}" = 1, wand = 1 } }
[upgrades.again]
label = { en = "Learn it again" }
pool = "xp"
items = ["fireball"]
cost = 10
effect = { grants = { "{choice}" = 1, again = 1 } }
[kinds.mage]
label = { en = "Mage" }
pools = ["xp"]
[names.light]
en = "Light"
"""
        found = check_pack(progression.load_text(text), examples=0).by_check("ids")
        assert [
            Finding(
                "ids",
                "upgrade 'spell'",
                "items 'fireball', 'frost', 'wand' have no displayed name: they show as their ids on every sheet, "
                "quote and option list; give each a name in [names.fireball], [names.frost], [names.wand] (en)",
            )
        ] == list(found)
        named = text + '[names.fireball]\nen = "Fireball"\n[names.frost]\nen = "Frost"\n'
        (finding,) = check_pack(progression.load_text(named), examples=0).by_check("ids")
        assert (
            "item 'wand' has no displayed name: it shows as its id on every sheet, quote and option list; give it a "
            "name in [names.wand] (en)"
        ) == finding.message

    def test_stat_starting_outside_its_range(self) -> None:
        """A stat whose initial value is outside its range is reported."""
        pack = tiny(stats=(StatSpec(id="luck", label=Label(en="Luck", fr="Chance"), initial=9, maximum=5),))
        (finding,) = check_pack(pack, examples=0).by_check("references")
        assert "starts at 9, outside -inf..5" == finding.message

    def test_an_item_granted_through_a_choice_is_known(self) -> None:
        """A requirement on an item granted as ``"{choice}"`` of an upgrade over ``items`` names a granted item: no
        reference finding; a misspelt item still is one (refused when the pack loads, as the check finds it)."""
        text = """
format = 1
[pack]
name = "street"
title = { en = "Street" }
languages = ["en"]
[currencies.ip]
label = { en = "Improvement Points" }
[pools.ip]
label = { en = "Improvement Points" }
currency = "ip"
[upgrades.skill]
label = { en = "Improve a skill" }
pool = "ip"
items = ["brawling", "handgun"]
cost = 10
limit = { maxima = { "{choice}" = 10 } }
effect = { grants = { "{choice}" = 1 } }
[upgrades.quickdraw]
label = { en = "Quickdraw" }
pool = "ip"
cost = 100
requires = { at_least = 6, quantity = "handgun" }
limit = { times = 1 }
[kinds.edgerunner]
label = { en = "Edgerunner" }
pools = ["ip"]
[names.brawling]
en = "Brawling"
[names.handgun]
en = "Handgun"
"""
        assert () == check_pack(progression.load_text(text), examples=0).by_check("references")
        with pytest.raises(RulePackError, match=r"names 'handgnu'.*the closest: handgun @ \$\.upgrades\.quickdraw\."):
            progression.load_text(text.replace('quantity = "handgun"', 'quantity = "handgnu"'))
        shadowing = text.replace(
            "[kinds.edgerunner]", '[stats.handgun]\nlabel = { en = "Handgun" }\n[kinds.edgerunner]'
        )
        (finding,) = check_pack(progression.load_text(shadowing), examples=0).by_check("ids")
        assert ("upgrade 'skill'", True) == (finding.where, "grants 'handgun', which is also a stat" in finding.message)


#: A designer's pack: a level to 12 bought on a table of prices, and a skill priced by the level.
SHORT = """\
format = 1
[pack]
name = "short"
title = { en = "Short", fr = "Court" }
[currencies.xp]
label = { en = "Experience", fr = "Expérience" }
[pools.xp]
label = { en = "Experience", fr = "Expérience" }
currency = "xp"
[stats.level]
label = { en = "Level", fr = "Niveau" }
maximum = 12
[curves.level]
kind = "table"
values = [10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65]
[upgrades.level_up]
label = { en = "Level up", fr = "Montée de niveau" }
pool = "xp"
cost = { curve = "level", axis = "level" }
effect = { stats = { level = 1 } }
[kinds.hero]
label = { en = "Hero", fr = "Héros" }
pools = ["xp"]
stats = ["level"]
"""


class TestCurveEnds:
    def test_a_curve_as_long_as_the_stat_is_no_finding(self) -> None:
        """12 prices for a level from 0 to 12: every purchase has one."""
        assert () == check_pack(progression.load_text(SHORT), examples=0).by_check("curves")

    def test_a_curve_shorter_than_the_stat_is_a_finding(self) -> None:
        """11 prices for a level whose maximum is 12: level 12 is never bought, and ``validate`` cannot know the
        designer did not mean it (a stat may go past what purchases reach); ``check`` says so."""
        pack = progression.load_text(SHORT.replace(", 65]", "]"))
        assert [
            "[curves] upgrade 'level_up': its price is read on 'level' from curve 'level', which prices steps 1 "
            "to 11: at 'level' 11 it has no price (step 12 is past the curve's end), though the maximum of stat "
            "'level' (12) lets it be bought there; a purchase at 'level' n is charged step n + 1: from 'level' 0, "
            "where it starts, to 11, steps 1 to 12; give the curve 1 more step, or lower the maximum"
        ] == [str(f) for f in check_pack(pack, examples=0).findings]

    def test_a_stat_that_starts_at_1_is_never_charged_step_1(self, tmp_path: Path) -> None:
        """9 prices for a stat from 1 to 10 look like one per purchase, but a purchase at 1 is charged step 2: the
        finding says which steps are charged, so the author sees that the first value is never charged."""
        path = tmp_path / "short.toml"
        path.write_text(
            SHORT.replace("maximum = 12", "initial = 1\nminimum = 1\nmaximum = 10").replace(", 55, 60, 65]", "]"),
            encoding="utf-8",
        )
        (finding,) = check_pack(progression.load_file(path), examples=0).findings
        assert (
            "its price is read on 'level' from curve 'level', which prices steps 1 to 9: at 'level' 9 it has no price "
            "(step 10 is past the curve's end), though the maximum of stat 'level' (10) lets it be bought there; a "
            "purchase at 'level' n is charged step n + 1: from 'level' 1, where it starts, to 9, steps 2 to 10, never "
            "step 1; give the curve 1 more step, or lower the maximum"
        ) == finding.message

    def test_the_upgrade_s_own_maximum_and_step_count(self) -> None:
        """The upgrade's ``limit.maxima`` bounds it too, and an effect of +2 needs no price past ``top - 1`` (11 prices for 12); an
        axis the upgrade does not raise is priced at the top too (a skill bought at level 12 costs step 13)."""
        capped = SHORT.replace(
            "effect = { stats = { level = 1 } }",
            "effect = { stats = { level = 1 } }\nlimit = { maxima = { level = 11 } }",
        )
        assert () == check_pack(progression.load_text(capped.replace(", 65]", "]")), examples=0).by_check("curves")
        twice = SHORT.replace("level = 1 }", "level = 2 }").replace(", 65]", "]")
        assert () == check_pack(progression.load_text(twice), examples=0).by_check("curves")
        skill = SHORT.replace(
            "[kinds.hero]",
            (
                '[upgrades.skill]\nlabel = { en = "Skill", fr = "Compétence" }\npool = "xp"\n'
                'cost = { curve = "level", axis = "level" }\neffect = { grants = { skill = 1 } }\n[kinds.hero]'
            ),
        )
        (finding,) = check_pack(progression.load_text(skill), examples=0).by_check("curves")
        assert ("upgrade 'skill'", True) == (finding.where, "at 'level' 12 it has no price (step 13" in finding.message)

    def test_a_price_read_on_the_chosen_item_is_said_in_words(self) -> None:
        """A price read on each item's own count (``axis = "{choice}"``), capped by ``limit.maxima`` at 3, on a
        curve of 2 steps: the finding says "a chosen item's count", not the placeholder the file writes."""
        skills = SHORT.replace(
            "[kinds.hero]",
            (
                '[upgrades.skill]\nlabel = { en = "Skill", fr = "Compétence" }\npool = "xp"\n'
                'items = ["swim", "climb"]\ncost = { curve = "rank", axis = "{choice}" }\n'
                'limit = { maxima = { "{choice}" = 3 } }\neffect = { grants = { "{choice}" = 1 } }\n'
                '[curves.rank]\nkind = "table"\nvalues = [20, 30]\n'
                '[names.swim]\nen = "Swim"\nfr = "Nage"\n[names.climb]\nen = "Climb"\nfr = "Escalade"\n[kinds.hero]'
            ),
        )
        (finding,) = check_pack(progression.load_text(skills), examples=0).by_check("curves")
        assert (
            "its price is read on a chosen item's count from curve 'rank', which prices steps 1 to 2: at a count of "
            "2 it has no price (step 3 is past the curve's end), though the upgrade's limit.maxima on each item (3) "
            "lets it be bought there; a purchase at a count of n is charged step n + 1: from a count of 0, where it "
            "starts, to 2, steps 1 to 3; give the curve 1 more step, or lower the maximum"
        ) == finding.message


CAPPED = (PACKS / "capped.toml").read_text(encoding="utf-8")


class TestStepsNoPoolCanPay:
    def test_the_findings_are_exact(self) -> None:
        """A pool capped at 50 never pays a step of 60: the upgrade priced on it says where the rank stops and
        what that makes unreachable, and the medal that needs the rank says why, word for word as in
        capped.expected."""
        expected = (PACKS / "capped.expected").read_text(encoding="utf-8").splitlines()
        report = check_pack(progression.load_text(CAPPED, source="capped.toml"), examples=0)
        assert expected == [str(finding) for finding in report.findings]

    def test_a_choice_among_items_is_each_item(self) -> None:
        """An upgrade over items, priced on the chosen item's own count, stops each item alike."""
        text = CAPPED.replace(
            'cost = { curve = "promotion", axis = "rank" }\neffect = { stats = { rank = 1 } }',
            'items = ["rank"]\ncost = { curve = "promotion", axis = "{choice}" }\neffect = { stats = { "{choice}" = 1 } }',
        )
        report = check_pack(progression.load_text(text, source="capped.toml"), examples=0)
        assert ["upgrade 'promote'", "upgrade 'medal'"] == [f.where for f in report.by_check("reachable")]

    @pytest.mark.parametrize(
        ("old", "new"),
        [
            ("cap = 50\n", ""),  # no cap: any step can be saved for
            ('overflow = "lose"', 'overflow = "settle"'),  # the surplus waits to be spent
            ("maximum = 6", "maximum = 5"),  # the rank stops at its maximum first, and nothing needs more
            ("base = 10", "base = 0"),  # step 6 costs 50, which the pool holds
        ],
    )
    def test_a_step_the_pools_can_pay_is_no_finding(self, old: str, new: str) -> None:
        """Nothing is said when the pools can hold the price, or when the stop is where the stat ends anyway
        (the medal then needs more than the maximum, which is said as before)."""
        report = check_pack(progression.load_text(CAPPED.replace(old, new), source="capped.toml"), examples=0)
        assert [] == [f.message for f in report.findings if "can ever hold" in f.message]

    def test_another_way_up_lifts_the_stop(self) -> None:
        """A quantity something else raises at a price the pool can pay does not stop: the medal can be bought."""
        text = CAPPED + (
            '[upgrades.knighthood]\nlabel = { en = "Knighthood", fr = "Adoubement" }\npool = "favour"\ncost = 50\n'
            "effect = { stats = { rank = 1 } }\n"
        )
        assert check_pack(progression.load_text(text, source="capped.toml"), examples=0).ok

    def test_coverage_names_the_pack_as_the_fix(self) -> None:
        """The coverage asked for is missed: the advice for an upgrade no sheet can buy is to fix the pack, not
        to raise the runs."""
        report = check_pack(progression.load_text(CAPPED, source="capped.toml"), min_coverage=1, derandomize=True)
        (coverage,) = report.by_check("coverage")
        assert coverage.message.endswith(
            "never bought: medal (no sheet can ever buy medal, as the reachable check says: fix the pack, not the runs)"
        )


class TestReport:
    def test_passing_report_reads_well(self, skirmish: RulePack) -> None:
        """A passing report says which checks ran."""
        expected = "pack 'skirmish' passes ids, references, reachable, cycle, curves, round trip"
        assert expected == str(check_pack(skirmish, examples=0))

    def test_raise_for_problems_returns_a_passing_report(self, skirmish: RulePack) -> None:
        """A report without problems is returned as it is."""
        report = check_pack(skirmish, examples=0)
        assert report is report.raise_for_problems()

    def test_skipped_kinds_are_said(self) -> None:
        """A kind whose factory needs options is not driven, and the report says so."""

        def new_hero(pack: RulePack, name: str) -> Sheet:
            return pack.new_sheet("hero", name)

        pack = tiny(contract=Contract(factories=[Factory(kind="hero", function=new_hero)]))
        report = check_pack(pack, examples=0)
        needs = "the option 'name' (text) of factory of 'hero' is required; none was given"
        assert {"hero": needs} == dict(report.skipped)
        assert f"(kind 'hero' was not driven: {needs}; pass setup={{'hero': {{...}}}})" in str(report)
        assert check_pack(pack, examples=3, setup={"hero": {"name": "Ana"}}).ok

    @pytest.mark.parametrize(("arguments", "message"), [
        ({"pack": "skirmish"}, "expected a RulePack as the pack to check, got str 'skirmish'; a pack's name names "
                               "it: pass progression.load('skirmish'), or progression.load_file(path) for a pack file"),
        ({"examples": -1}, "expected a whole number >= 0 as examples of the check, got -1"),
        ({"steps": True}, "expected a whole number >= 0 as steps of the check, got True"),
        ({"setup": ["team"]}, "pack 'skirmish': setup maps kinds of sheet to their factory's options "
                              "({'team': {'roster': 'human'}}), got ['team']"),
        ({"setup": {"hero": "human"}}, "pack 'skirmish': setup maps kinds of sheet to their factory's options "
                                       "({'team': {'roster': 'human'}}), got 'human' for kind 'hero'"),
        ({"setup": {"heroes": {}}}, "pack 'skirmish': setup names the kind 'heroes', which it does not define; "
                                    "its kinds: hero, party"),
        ({"prepared": 3}, "pack 'skirmish': prepared is a list of the pack's sheets, got int"),
    ])  # fmt: skip
    def test_bad_arguments(self, skirmish: RulePack, arguments: dict[str, object], message: str) -> None:
        """Arguments of the wrong kind are refused with what came, a ProgressionError (not the ValueError or
        TypeError of a ``dict()`` or ``tuple()`` deep inside), and a kind of ``setup`` the pack does not define is
        refused rather than left out of the runs unsaid."""
        with pytest.raises(InvalidInput) as caught:
            check_pack(**{"pack": skirmish, **arguments})  # type: ignore[arg-type]
        assert message == str(caught.value)


def deep() -> RulePack:
    """Three upgrades: training (a level each, to 3), a medal, and mastery, which needs level 3 and whose
    procedure is broken (a bare KeyError, where a refusal must be a ProgressionError)."""

    def mastery(context: object) -> Effect:
        raise KeyError("master")

    return tiny(
        upgrade("train", effect=Effect(stats={"level": 1})),
        upgrade("medal", effect=Effect(grants={"medal": 1})),
        upgrade("master", requires=AtLeast(quantity="level", value=3), procedure="mastery"),
        functions={"mastery": mastery},
    )


def veteran(pack: RulePack) -> Sheet:
    """A hero prepared at level 3 with points to spend: where mastery is in reach."""
    return pack.new_sheet("hero", "Vet", stats={"level": 3}, pools={"xp": 100})


#: A pool that keeps its surplus over a cap no award of the runs reaches: nothing is ever discarded.
SETTLE = """
format = 1
[pack]
name = "settle"
title = { en = "Settle", fr = "Solde" }
[currencies.xp]
label = { en = "XP", fr = "XP" }
[pools.xp]
label = { en = "XP", fr = "XP" }
currency = "xp"
cap = 100000
overflow = "settle"
[upgrades.rest]
label = { en = "Rest", fr = "Repos" }
pool = "xp"
cost = 2
[kinds.hero]
label = { en = "Hero", fr = "Héros" }
pools = ["xp"]
"""


class TestCoverage:
    def test_the_report_says_what_the_runs_bought(self) -> None:
        """One run of one step buys one upgrade at most: the coverage names those never bought, and a
        ``min_coverage`` the runs fall short of is a problem saying so."""
        report = check_pack(deep(), examples=1, steps=1, min_coverage=0.9)
        assert report.coverage is not None
        assert (True, ["coverage"], "never bought:") == (
            len(report.coverage.never) >= 2,
            [f.check for f in report.findings],
            report.findings[0].message.split("; ")[1][:13],
        )
        assert f"coverage: {report.coverage}" in str(report)
        assert "coverage" not in str(check_pack(deep(), examples=1, steps=1))  # measured, said when asked for

    def test_a_broken_deep_rule_is_found_from_a_prepared_sheet(self) -> None:
        """From fresh sheets, two steps never reach level 3, so mastery's broken procedure is never run and the
        check passes; started from a prepared veteran too, the runs buy it and the machine reports the bug."""
        pack = deep()
        fresh = check_pack(pack, examples=20, steps=2)
        prepared = check_pack(pack, examples=60, steps=2, prepared=[veteran(pack)], derandomize=True)
        assert (True, "master" in (fresh.coverage.never if fresh.coverage else ())) == (fresh.ok, True)
        assert ["machine"] == [f.check for f in prepared.findings]
        assert "raised KeyError" in prepared.findings[0].message

    def test_the_deepest_band_of_each_ladder(self, skirmish: RulePack) -> None:
        """The coverage names the deepest band a run stood in, for each ladder."""
        report = check_pack(skirmish, examples=10)
        assert report.coverage is not None
        assert set(report.coverage.deepest) == set(skirmish.ladders)

    def test_the_operations_run_and_never_run(self, duel: RulePack) -> None:
        """The coverage names the operations that went through, and those the pack gives the runs something to
        make that never did: a pool that keeps its surplus under a cap no award reaches is never discarded from;
        a roster's member joins; without random runs there is no undo to expect."""
        report = check_pack(duel, derandomize=True)
        assert report.coverage is not None
        assert {"award", "purchase", "join", "undo"} <= set(report.coverage.ran)
        assert "discard" not in (*report.coverage.ran, *report.coverage.not_run)  # no pool keeps a surplus
        settle = progression.load_text(SETTLE, "settle.toml")
        coverage = check_pack(settle, examples=5, derandomize=True).coverage
        assert coverage is not None
        assert (("award", "purchase", "undo"), ("discard",)) == (coverage.ran, coverage.not_run)
        assert str(coverage).endswith("; ran: award, purchase, undo; never ran: discard")
        played = check_pack(settle, examples=0, sensible=3, derandomize=True).coverage
        assert played is not None
        assert (("award", "purchase"), ("discard",)) == (played.ran, played.not_run)

    @pytest.mark.parametrize(("arguments", "message"), [
        ({"min_coverage": 1.5}, "expected a share from 0 to 1 .* as min_coverage of the check, got 1.5"),
        ({"prepared": ["sheet"]}, "as a prepared sheet, got str"),
    ])  # fmt: skip
    def test_bad_coverage_arguments(self, skirmish: RulePack, arguments: dict[str, object], message: str) -> None:
        with pytest.raises(InvalidInput, match=message):
            check_pack(skirmish, examples=1, **arguments)  # type: ignore[arg-type]


class TestFixture:
    def test_fixture_passes_a_good_pack(
        self, pack_conformance: Callable[..., ConformanceReport], skirmish: RulePack
    ) -> None:
        """The pytest fixture returns the report of a pack that passes."""
        assert pack_conformance(skirmish, examples=5).ok

    def test_fixture_fails_a_broken_pack(
        self, pack_conformance: Callable[..., ConformanceReport], broken: RulePack
    ) -> None:
        """The pytest fixture fails the test, listing every problem."""
        with pytest.raises(pytest.fail.Exception, match="pack 'broken' has 8 problems"):
            pack_conformance(broken, examples=0)


class TestMachineCatchesEachFault:
    """Each invariant of the state machine, seen to fire: a fault is put into what the machine calls (or into a
    pack), and the report must name it. Without these, an invariant that checked nothing would pass unseen."""

    @staticmethod
    def machine_message(pack: RulePack) -> str:
        """The machine's finding on ``pack`` (the test fails if there is none)."""
        (finding,) = check_pack(pack, examples=20).by_check("machine")
        return finding.message

    def test_points_not_conserved(self, skirmish: RulePack, monkeypatch: pytest.MonkeyPatch) -> None:
        """An account that loses track of a point is reported as awarded, held, spent and lost."""
        real = Sheet.account

        def off_by_one(sheet: Sheet, pool: str) -> Account:
            account = real(sheet, pool)
            return attrs.evolve(account, awarded=account.awarded + 1)

        monkeypatch.setattr(Sheet, "account", off_by_one)
        assert re.search(
            r"pool '\w+' was awarded \d+ but holds \d+, spent \d+ and lost \d+", self.machine_message(skirmish)
        )

    def test_a_balance_below_zero(self, skirmish: RulePack, monkeypatch: pytest.MonkeyPatch) -> None:
        """A pool below zero is reported with its balance."""
        real = _machine.walk

        def sunk(sheet: Sheet, where: str = "the sheet") -> Iterator[tuple[str, Sheet]]:
            for name, subject in real(sheet, where):
                yield name, attrs.evolve(subject, pools=dict.fromkeys(subject.pools, -1))

        monkeypatch.setattr(_machine, "walk", sunk)
        assert re.search(r"the sheet: pool '\w+' holds -1, below zero", self.machine_message(skirmish))

    def test_replay_that_does_not_rebuild(self, skirmish: RulePack, monkeypatch: pytest.MonkeyPatch) -> None:
        """A fold that drops the last entry is caught by the replay invariant."""
        monkeypatch.setattr(_machine, "replay", lambda ledger: replay(ledger[:-1] if len(ledger) > 1 else ledger))
        assert "replay(sheet.ledger) does not rebuild the sheet" in self.machine_message(skirmish)

    def test_json_round_trip_that_loses_an_entry(self, skirmish: RulePack, monkeypatch: pytest.MonkeyPatch) -> None:
        """A loader that drops the last entry is caught by the round-trip invariant."""

        def lossy(text: str, source: str = "<sheet>") -> Sheet:
            ledger = load_sheet(text, source).ledger
            return replay(ledger[:-1] if len(ledger) > 1 else ledger)

        monkeypatch.setattr(_machine, "load_sheet", lossy)
        assert "a JSON round trip changed the ledger" in self.machine_message(skirmish)

    def test_quote_says_no_but_the_purchase_goes_through(
        self, skirmish: RulePack, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A quote that refuses what the purchase allows is reported with what it said."""
        real = RulePack.quote

        def refusing(pack: RulePack, sheet: Sheet, upgrade: str, **options: Any) -> Quote:
            quote = real(pack, sheet, upgrade, **options)
            return attrs.evolve(quote, violations=(*quote.violations, Violation("requires", "never on a Tuesday")))

        monkeypatch.setattr(RulePack, "quote", refusing)
        assert re.search(
            r"the quote of '\w+' said no \(.*never on a Tuesday\), but the purchase went through",
            self.machine_message(skirmish),
        )

    def test_quote_at_another_price(self, skirmish: RulePack, monkeypatch: pytest.MonkeyPatch) -> None:
        """A quote whose price is not what the purchase pays is reported with both."""
        real = RulePack.quote

        def dearer(pack: RulePack, sheet: Sheet, upgrade: str, **options: Any) -> Quote:
            quote = real(pack, sheet, upgrade, **options)
            return quote if quote.price is None else attrs.evolve(quote, price=quote.price + 1)

        monkeypatch.setattr(RulePack, "quote", dearer)
        assert re.search(
            r"the quote of '\w+' said \d+ paid as \{.*\}, but the purchase paid \{", self.machine_message(skirmish)
        )

    def test_an_operation_that_adds_two_entries(self, skirmish: RulePack, monkeypatch: pytest.MonkeyPatch) -> None:
        """An award recorded as two ledger entries breaks "one operation, one entry"."""
        real = RulePack.award
        monkeypatch.setattr(RulePack, "award", lambda *args, **kw: mark(real(*args, **kw), "and one more"))
        assert re.search(
            r"award \d+ to '\w+' added 2 ledger entries; an operation appends exactly one",
            self.machine_message(skirmish),
        )

    def test_a_pack_function_raising_another_error(self) -> None:
        """A procedure that raises a KeyError is a pack bug: reported as such, not taken for a refusal."""

        def boom(context: object) -> Effect:
            raise KeyError("boom")

        pack = tiny(upgrade("gamble", procedure="boom"), functions={"boom": boom})
        assert (
            "purchase of 'gamble' met a pack function breaking its contract: the procedure of gamble raised KeyError"
            in (self.machine_message(pack))
        )

    def test_a_procedure_granting_an_id_the_pack_does_not_know(self) -> None:
        """A procedure granting a misspelt id is the pack's bug, reported as such with the closest id, not taken for
        a refusal of the rules (a review found the grant kept on the sheet, and a misspelt stat said as bad input)."""

        def lucky(context: object) -> Effect:
            return Effect(grants={"gmable": 1})

        pack = tiny(upgrade("gamble", procedure="lucky"), functions={"lucky": lucky})
        assert (
            "purchase of 'gamble' met a pack function breaking its contract: the procedure 'lucky' of gamble (upgrade "
            "'gamble') granted an id the pack does not know: 'gmable' (the closest: gamble)"
        ) in self.machine_message(pack)

    @pytest.mark.parametrize(("returned", "said"), [
        (-5, "cost function 'price' gave upgrade 'up' the price -5; a price is a whole number >= 0"),
        (None, "cost function 'price' gave upgrade 'up' the price None; a price is a whole number >= 0"),
        ("100", "cost function 'price' gave upgrade 'up' the price '100'; a price is a whole number >= 0"),
    ])  # fmt: skip
    def test_a_cost_function_returning_no_price(self, returned: object, said: str) -> None:
        """A cost function giving no price is the pack's bug, reported as such: the quote and the purchase both
        refuse, and without the contract's own error that agreement would pass for a rule."""

        def price(context: object) -> object:
            return returned

        label = Label(en="up", fr="up")
        cost = FunctionCost(function="price")
        pack = tiny(Upgrade(id="up", label=label, pools=("xp",), cost=cost), functions={"price": price})
        assert f"quote of 'up' met a pack function breaking its contract: {said}" in (self.machine_message(pack))

    def test_an_options_function_returning_no_list(self) -> None:
        """An options function returning one text instead of a list is reported, naming the function."""

        def offered(context: object) -> str:
            return "swim"

        pack = tiny(
            upgrade("skill", options="offered", effect=Effect(grants={"{choice}": 1})), functions={"offered": offered}
        )
        assert "options function 'offered' of upgrade 'skill' must return a list of option ids (texts), got 'swim'" in (
            self.machine_message(pack)
        )

    def test_an_options_function_that_drops_the_choice_asked(self) -> None:
        """An options function that answers a quote's choice (``context.choice``) without it, though its list holds
        it, would refuse every purchase of that option: reported, naming the upgrade and the option."""

        def offered(context: ProcedureContext) -> tuple[str, ...]:
            return ("swim",) if context.choice is None else ()

        pack = tiny(
            upgrade("skill", options="offered", effect=Effect(grants={"{choice}": 1})), functions={"offered": offered}
        )
        assert (
            "the options of 'skill' list 'swim', but asked about 'swim' alone (context.choice) its options function "
            "leaves it out: a quote would refuse it"
        ) in self.machine_message(pack)

    def test_an_options_function_that_takes_any_choice_asked(self) -> None:
        """An options function that answers any choice with itself (``(context.choice,)``) would let a quote take a
        choice its list does not hold: reported."""

        def offered(context: ProcedureContext) -> tuple[str, ...]:
            return ("swim",) if context.choice is None else (context.choice,)

        pack = tiny(
            upgrade("skill", options="offered", effect=Effect(grants={"{choice}": 1})), functions={"offered": offered}
        )
        assert re.search(
            r"the options of 'skill' do not list '[^']+', but asked about '[^']+' alone \(context.choice\) its "
            r"options function offers it: a quote would take it",
            self.machine_message(pack),
        )

    def test_a_predicate_returning_no_sentences(self) -> None:
        """A predicate returning a text instead of a list of sentences is reported, naming it."""

        def ready(context: object) -> str:
            return "not yet"

        pack = tiny(upgrade("up", requires=Predicate(function="ready")), functions={"ready": ready})
        assert "predicate 'ready' must return the unmet sentences, got 'not yet'" in self.machine_message(pack)


class TestPublished:
    """A curve checked against the table a rulebook prints for it (``check_pack(published=...)``)."""

    PRINTED = (10, 30, 60, 100, 150, 210, 290, 370, 450, 550)  # the seed's column, with its two slips of addition

    def test_a_curve_that_differs_from_its_table_fails(self) -> None:
        """The competence pack's level curve against the seed's printed totals: the first difference is named."""
        pack = progression.load("competence")
        table = {"table": self.PRINTED, "cumulative": True, "start": 10, "every": 10}
        report = check_pack(pack, examples=0, published={"level": table})
        assert [
            (
                "published",
                "curve 'level'",
                "reaching level 70 costs 280 in all by curve 'level' but 290 by the table (the table's steps 61 to "
                "70 cost 80, the curve's 70)",
            )
        ] == [(f.check, f.where, f.message) for f in report.findings]
        assert "published" in report.checks

    def test_a_curve_that_agrees_passes(self) -> None:
        """The column corrected (280, 360) and the price of each ten: no problem, and the check is listed as run."""
        pack = progression.load("competence")
        corrected = [10, 30, 60, 100, 150, 210, 280, 360, 450, 550]
        report = check_pack(
            pack,
            examples=0,
            published={
                "level": {"table": corrected, "cumulative": True, "start": 10, "every": 10},
            },
        )
        assert ((), True) == (report.findings, "published" in report.checks)

    def test_what_published_may_name(self) -> None:
        """An unknown curve names the pack's curves; a table that is no list of integers is refused."""
        pack = progression.load("competence")
        with pytest.raises(UnknownName, match="curve 'levle' is not defined in rule pack 'competence'"):
            check_pack(pack, examples=0, published={"levle": [1, 2]})
        with pytest.raises(
            InvalidInput, match=r"^expected a list of step prices or a mapping .* as published\['level'\] of the check"
        ):
            check_pack(pack, examples=0, published={"level": {"values": [1]}})
        with pytest.raises(InvalidInput, match="entry 1 of the published table is 'x', not an integer"):
            check_pack(pack, examples=0, published={"level": [1, "x"]})

    def test_an_empty_table_is_refused(self, tmp_path: Path) -> None:
        """``published={"skill": []}`` compares nothing: refused, where the report listed ``published`` among the
        checks passed."""
        path = tmp_path / "short.toml"
        path.write_text(SHORT, encoding="utf-8")
        pack = progression.load_file(path)
        with pytest.raises(InvalidInput) as caught:
            check_pack(pack, examples=0, published={"level": []})
        assert (
            "curve 'level': the published table is empty, so it compares nothing; give the price of each step from "
            "step 1"
        ) == str(caught.value)
        with pytest.raises(InvalidInput, match=r"give the total to each level from level 10$"):
            check_pack(pack, examples=0, published={"level": {"table": [], "cumulative": True, "start": 10}})
