"""Reading packs from TOML: every problem of a file at once, with file, key path and reason."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

import progression
import progression.authoring
from progression import Effect
from progression.authoring import FixedCost, PoolSpec
from progression.curves import FunctionCurve, LinearCurve, SteppedCurve, TableCurve
from progression.errors import InvalidInput, RequirementNotMet, RulePackError
from support.builders import PACKS, skirmish

INVALID = PACKS / "invalid"
FIXTURES = sorted(INVALID.glob("*.toml"))


class TestInvalidFiles:
    def test_every_fixture_has_its_expected_text(self) -> None:
        """Each invalid pack file sits next to the exact error it must produce."""
        assert [f.with_suffix(".expected").name for f in FIXTURES] == sorted(p.name for p in INVALID.glob("*.expected"))

    @pytest.mark.parametrize("fixture", FIXTURES, ids=[f.stem for f in FIXTURES])
    def test_error_text(self, fixture: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """Loading the file raises RulePackError whose text is exactly the expected one: every problem on the
        error, the first ten in its text (then "and N more")."""
        monkeypatch.chdir(INVALID)  # the source in the message is the file name as given
        with pytest.raises(RulePackError) as caught:
            progression.load_file(fixture.name)
        expected = fixture.with_suffix(".expected").read_text(encoding="utf-8")
        assert expected.rstrip("\n") == str(caught.value)
        assert all(p.source == fixture.name for p in caught.value.problems)


HERO = """
format = 1
[pack]
name = "tiny"
title = { en = "Tiny", fr = "Minuscule" }
[currencies.xp]
label = { en = "XP", fr = "XP" }
[pools.xp]
label = { en = "XP", fr = "XP" }
currency = "xp"
[stats.level]
label = { en = "Level", fr = "Niveau" }
[upgrades.level]
label = %s
pool = "xp"
cost = 1
%s
[kinds.hero]
label = { en = "Hero", fr = "Héros" }
pools = ["xp"]
stats = ["level"]
"""


class TestConsistency:
    def test_effect_beside_a_procedure_is_refused(self) -> None:
        """An upgrade's effect comes from its procedure when it has one: giving both is a mistake, named."""
        text = HERO % ('{ en = "Level", fr = "Niveau" }', 'procedure = "roll"\neffect = { stats = { level = 1 } }')
        with pytest.raises(RulePackError) as caught:
            progression.load_text(text, "tiny.toml", functions={"roll": lambda context: None})
        expected = (
            "tiny.toml: an upgrade with a procedure takes its effect from the procedure; "
            "remove 'effect' or 'procedure' @ $.upgrades.level.effect"
        )
        assert [expected] == [str(p) for p in caught.value.problems]

    def test_an_effect_value_of_the_wrong_type_is_a_problem_named_not_a_crash(self) -> None:
        """A tag's value that is no text (a number, a bool), or a stat's that is no integer, is reported at its key
        with every other problem; the checks that read the effect after it never see it."""
        effect = 'effect = { stats = { level = true }, tags = { rank = 3, sworn = true, title = "Sir" } }'
        with pytest.raises(RulePackError) as caught:
            progression.load_text(HERO % ('{ en = "Level", fr = "Niveau" }', effect), "tiny.toml")
        assert [
            "tiny.toml: expected an integer, got true @ $.upgrades.level.effect.stats.level",
            "tiny.toml: expected a text, got 3 @ $.upgrades.level.effect.tags.rank",
            "tiny.toml: expected a text, got true @ $.upgrades.level.effect.tags.sworn",
        ] == [str(p) for p in caught.value.problems]

    def test_problems_are_at_the_key_the_file_wrote(self) -> None:
        """A pool misspelt in ``pool = "..."`` is at ``pool`` (at ``pools`` when the file lists them), each band's
        problem at the band and key it is about, not at the ladder, and a boolean is echoed as TOML writes it."""
        ladder = (
            '[ladders.tier]\nlabel = { en = "Tier", fr = "Palier" }\naxis = "level"\nbands = [\n'
            '    { id = "low", label = { en = "Low", fr = "Bas" }, from = 0, to = 3 },\n'
            '    { id = "mid", label = { en = "Mid", fr = "Moyen" }, from = 5, to = 6 },\n'
            '    { id = "top", label = { en = "Top", fr = "Haut" }, from = 9, to = 8 },\n'
            '    { id = "top", label = { en = "Top", fr = "Haut" }, from = 10 },\n]\n'
        )
        text = (HERO % ('{ en = "Level", fr = "Niveau" }', "")).replace('pool = "xp"', 'pool = "xpp"')
        text = text.replace('currency = "xp"\n', 'currency = "xp"\ncap = true\n', 1) + ladder
        with pytest.raises(RulePackError) as caught:
            progression.load_text(text, "tiny.toml")
        assert [
            ("$.pools.xp.cap", "expected an integer or a text, got true"),
            ("$.ladders.tier.bands[2].to", "ladder 'tier': band 'top' ends at 8, before it starts at 9"),
            ("$.ladders.tier.bands[3].id", "ladder 'tier': band id 'top' is used twice"),
            ("$.upgrades.level.pool", "pool 'xpp' is not defined; defined: xp; the closest: xp"),
        ] == [(p.path, p.reason) for p in caught.value.problems]
        listed = text.replace('pool = "xpp"', 'pools = ["xpp"]').replace("from = 9, to = 8", "from = 7, to = 8")
        listed = listed.replace(
            '"top", label = { en = "Top", fr = "Haut" }, from = 10',
            '"end", label = { en = "End", fr = "Fin" }, from = 9',
        )
        with pytest.raises(RulePackError) as caught:
            progression.load_text(listed, "tiny.toml")
        assert [
            ("$.pools.xp.cap", "expected an integer or a text, got true"),
            ("$.ladders.tier.bands[1].from", "ladder 'tier': band 'mid' must start at 4, got 5"),
            ("$.upgrades.level.pools", "pool 'xpp' is not defined; defined: xp; the closest: xp"),
        ] == [(p.path, p.reason) for p in caught.value.problems]

    def test_data_that_could_never_mean_what_it_says_is_refused(self) -> None:
        """A pool capped by itself, spending lists its overflow never reads, a count of 0 or more than listed, an empty
        list of a tag's values: each would load and silently never (or always) apply, so each is a problem."""
        text = HERO % (
            '{ en = "Level", fr = "Niveau" }',
            'requires = [{ owns = "badge", count = 0 }, { owns_among = ["a", "b"], count = 3 }, { tag = "t", among = [] }]',
        )
        text = text.replace(
            'currency = "xp"\n[stats', 'currency = "xp"\ncap = "xp"\nsurplus_buys = ["level"]\n[stats', 1
        )
        with pytest.raises(RulePackError) as caught:
            progression.load_text(text, "tiny.toml")
        assert [
            "tiny.toml: expected a count >= 1 (not = { owns = ... } for none), got 0 @ $.upgrades.level.requires[0].count",
            "tiny.toml: expected a count from 1 to the 2 listed, got 3 @ $.upgrades.level.requires[1].count",
            "tiny.toml: expected the values the tag may hold (one or more), got none @ $.upgrades.level.requires[2].among",
            "tiny.toml: a pool capped by its own balance has no cap; name a stat or a number @ $.pools.xp.cap",
            "tiny.toml: surplus_buys is read under overflow = 'settle' only; this pool's overflow is 'refuse' "
            "@ $.pools.xp.surplus_buys",
            *(
                f"tiny.toml: the requirement names {item!r}, which is not a stat, pool, upgrade, named id or granted "
                "item of the pack @ $.upgrades.level.requires"
                for item in ("badge", "a", "b")
            ),
        ] == [str(p) for p in caught.value.problems]

    def test_stat_and_upgrade_of_one_id_need_one_name(self) -> None:
        """A stat and an upgrade may share an id only under one displayed name."""
        text = HERO % ('{ en = "Level up", fr = "Montée" }', "effect = { stats = { level = 1 } }")
        with pytest.raises(RulePackError) as caught:
            progression.load_text(text, "tiny.toml")
        expected = (
            "tiny.toml: 'level' is both a stat ('Level') and an upgrade ('Level up') with another name; "
            "give them distinct ids or one name @ $.stats.level"
        )
        assert [expected] == [str(p) for p in caught.value.problems]
        same_name = HERO % ('{ en = "Level", fr = "Niveau" }', "effect = { stats = { level = 1 } }")
        assert "tiny" == progression.load_text(same_name, "tiny.toml").name


class TestValidFile:
    def test_skirmish_loads(self) -> None:
        """The test pack loads, with each part built from its table."""
        pack = skirmish()
        assert (
            "skirmish",
            SteppedCurve(name="level", width=10, unit=1),
            LinearCurve(name="feat", base=5, step=2),
            TableCurve(name="gear", values=[10, 20, 40]),
            FixedCost(amount=15),
            PoolSpec(id="xp", label=pack.label_of("xp"), currency="xp", cap="level_cap", overflow="settle"),
        ) == (
            pack.name,
            pack.curve("level"),
            pack.curve("feat"),
            pack.curve("gear"),
            pack.upgrade("sword").cost,
            pack.pool("xp"),
        )

    def test_labels_in_both_languages(self) -> None:
        """Every displayed name has English and French."""
        assert ("Experience", "Expérience") == (skirmish().name_of("xp"), skirmish().name_of("xp", "fr"))

    def test_functions_named_in_toml(self) -> None:
        """A curve or cost that a table cannot say names a function the caller provides."""
        text = """
format = 1
[pack]
name = "fn"
title = { en = "Fn", fr = "Fn" }
[curves.squares]
kind = "function"
function = "square"
"""
        pack = progression.load_text(text, "fn.toml", functions={"square": lambda n: n * n})
        curve = pack.curve("squares")
        assert (True, 1 + 4 + 9) == (isinstance(curve, FunctionCurve), curve.total(3))

    def test_load_text_equals_load_file(self) -> None:
        """The same text gives the same pack, wherever it comes from."""
        text = (PACKS / "skirmish.toml").read_text(encoding="utf-8")
        from_text = progression.load_text(text, str(PACKS / "skirmish.toml"))
        assert (from_text, Effect(grants={"sword": 1})) == (skirmish(), skirmish().upgrade("sword").effect)


class TestBadArguments:
    def test_missing_file(self, tmp_path: Path) -> None:
        """A file that is not there is a RulePackError naming it."""
        missing = tmp_path / "nowhere.toml"
        with pytest.raises(
            RulePackError, match=r"nowhere\.toml: cannot read the file: expected a file there, found nothing"
        ):
            progression.load_file(missing)

    def test_path_of_the_wrong_type(self) -> None:
        """A number where a path belongs says what came."""
        with pytest.raises(RulePackError, match=r"5: expected a file path, got int @ \$"):
            progression.load_file(5)  # type: ignore[arg-type]

    def test_text_of_the_wrong_type(self) -> None:
        """``load_text`` wants the TOML text itself."""
        with pytest.raises(RulePackError, match=r"<text>: expected TOML text, got bytes @ \$"):
            progression.load_text(b"format = 1")  # type: ignore[arg-type]

    @pytest.mark.parametrize(
        ("functions", "message"),
        [
            (
                [1],
                r"^expected a mapping of the names the pack's TOML gives them to functions .* as the functions of <text>, "
                r"got \[1\] \(list\)$",
            ),
            ({1: len}, r"^expected texts as the names of the functions of <text>, got the name 1 \(int\)$"),
        ],
    )
    def test_functions_that_are_not_named(self, functions: object, message: str) -> None:
        """The pack's functions are a mapping of names to functions."""
        with pytest.raises(InvalidInput, match=message):
            progression.load_text((PACKS / "skirmish.toml").read_text(), functions=functions)  # type: ignore[arg-type]

    def test_read_pack_of_something_else(self) -> None:
        """``structure_pack`` wants parsed TOML: a table."""
        with pytest.raises(RulePackError, match=r"x\.toml: expected a table of pack sections, got list @ \$"):
            progression.authoring.structure_pack([], "x.toml")  # type: ignore[arg-type]

    def test_format_given_as_true(self) -> None:
        """``format = true`` is not version 1, although ``True == 1`` in Python."""
        with pytest.raises(
            RulePackError, match=r"unknown format version True; this library reads format = 1 @ \$\.format"
        ):
            progression.authoring.structure_pack({"format": True}, "x.toml")


CURVES = """
format = 1
[pack]
name = "curvy"
title = { en = "Curvy", fr = "Courbes" }
[curves.talent]
kind = "scaled"
of = "skill"
scale = 2
[curves.skill]
kind = "table"
runs = [[6, 25], [5, 30]]
"""


class TestCurvesFromCurves:
    def test_runs_are_a_table(self) -> None:
        """``runs = [[6, 25], [5, 30]]`` is the table of six 25s and five 30s."""
        skill = progression.load_text(CURVES).curve("skill")
        assert TableCurve(name="skill", values=[25] * 6 + [30] * 5) == skill

    def test_a_multiple_of_a_curve_written_later(self) -> None:
        """A scaled curve may name a curve written after it; each of its steps is the multiple."""
        pack = progression.load_text(CURVES)
        assert [2 * pack.curve("skill").cost(n) for n in range(1, 12)] == [
            pack.curve("talent").cost(n) for n in range(1, 12)
        ]


class TestCommandLineNames:
    def test_a_rule_naming_a_command_line_hook_is_refused(self) -> None:
        """A cost written as ``{ function = "demo" }`` named the command line's demo, which a quote then called
        with a rule's context (a TypeError deep in a quote): refused when the pack loads, with its path."""
        import warnings

        from support.builders import PACKS

        text = (
            (PACKS / "skirmish.toml")
            .read_text(encoding="utf-8")
            .replace("cost = 15", 'cost = { function = "demo" }', 1)
        )

        def demo(pack: object, say: object) -> None:
            """A demo."""

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # the old string name converts, with a warning
            with pytest.raises(
                RulePackError,
                match=r"function 'demo' is a name of the command line's hooks .* @ \$\.upgrades\.\w+\.cost\.function",
            ):
                progression.load_text(text, "x.toml", {"demo": demo})


class TestTableSchema:
    """A pack's own ``[tables]`` checked against its ``[schema.tables]``: the example's skills table."""

    EXAMPLE = Path(__file__).parents[2] / "examples" / "skirmish" / "pack.toml"

    def text(self) -> str:
        return self.EXAMPLE.read_text(encoding="utf-8")

    def test_the_example_loads_with_its_schema(self) -> None:
        """The schema changes nothing in what loads: the table is kept as written."""
        pack = progression.load_file(self.EXAMPLE)
        assert {"basic": True} == dict(pack.tables["skills"]["swim"])

    def test_a_wrong_row_is_refused(self) -> None:
        """A misspelt key and a text for a flag are each a problem at their key path."""
        broken = self.text().replace("swim = { basic = true }", 'swim = { basic = "yes", basik = true }')
        with pytest.raises(RulePackError) as caught:
            progression.load_text(broken, "skirmish.toml")
        assert [
            "skirmish.toml: unknown key 'basik'; expected one of: basic @ $.tables.skills.swim.basik",
            "skirmish.toml: expected true or false, got 'yes' @ $.tables.skills.swim.basic",
        ] == [str(p) for p in caught.value.problems]

    def test_a_table_without_a_schema_is_the_packs_own(self) -> None:
        """Without its schema, the table is free data for the pack's code: anything in it loads."""
        free = self.text().replace('[schema.tables.skills]\nkeys = "id"\nvalues = { basic = "bool" }\n', "")
        free = free.replace("swim = { basic = true }", 'swim = { basic = "maybe" }')
        assert "maybe" == progression.load_text(free, "skirmish.toml").tables["skills"]["swim"]["basic"]


class TestWhatAnAwardRequires:
    """``[pools.<id>] requires``: what a sheet must meet to be awarded the pool's points."""

    GHOSTS = HERO.replace(
        'currency = "xp"\n[stats',
        'currency = "xp"\nrequires = { not = { tag = "ghost" }, message = "a ghost earns no XP" }\n[stats',
        1,
    ) % ('{ en = "Level", fr = "Niveau" }', "")

    def test_an_award_to_a_sheet_that_does_not_meet_it_is_refused(self) -> None:
        """A ghost is refused the award, with the pack's sentence; anyone else is awarded, by Python and by the
        operation alike."""
        pack = progression.load_text(self.GHOSTS, "tiny.toml")
        ghost = pack.new_sheet("hero", "Casper", tags={"ghost": "yes"})
        with pytest.raises(RequirementNotMet, match=r"^Casper cannot be awarded XP: a ghost earns no XP$"):
            pack.award(ghost, "xp", 3, reason="a haunting")
        assert 3 == pack.award(pack.new_sheet("hero", "Ana"), "xp", 3, reason="a quest").pools["xp"]

    def test_it_is_part_of_the_rules_and_only_when_given(self) -> None:
        """The requirement is in the pack's fingerprint (a sheet of the pack without it is of other rules); a pack
        whose pools require nothing keeps the fingerprint it had, and a pool's repr does not show it."""
        plain = progression.load_text(HERO % ('{ en = "Level", fr = "Niveau" }', ""), "tiny.toml")
        ghosts = progression.load_text(self.GHOSTS, "tiny.toml")
        assert (True, False) == (plain.rules != ghosts.rules, "requires" in repr(ghosts.pools["xp"]))

    def test_an_argument_or_a_choice_is_refused(self) -> None:
        """An award has no arguments and no choice: a requirement reading either could never mean anything."""
        text = HERO.replace(
            'currency = "xp"\n[stats',
            'currency = "xp"\nrequires = [{ arg = "blessed" }, { tag = "{choice}" }]\n[stats',
            1,
        ) % ('{ en = "Level", fr = "Niveau" }', "")
        with pytest.raises(RulePackError) as caught:
            progression.load_text(text, "tiny.toml")
        said = [str(p) for p in caught.value.problems]
        assert [
            "tiny.toml: '{choice}' means nothing here; it stands for the buyer's choice only in an upgrade's cost.axis, "
            "the keys of its limit.maxima, effect.stats and effect.grants, and the values of its effect.tags "
            "@ $.pools.xp.requires[1].tag",
            "tiny.toml: an award takes no arguments: what it requires reads the sheet @ $.pools.xp.requires",
        ] == [p for p in said if "$.pools.xp.requires" in p]

    def test_a_choice_in_a_pack_built_in_python_is_reported(self) -> None:
        """Built in Python (no file's loader to read it at its key), the pack's check of references says it."""
        from progression.authoring import Currency, Kind, Label
        from progression.requirements import HasTag
        from progression.rulepacks.references import check_references

        same = Label.same
        pack = progression.RulePack(
            name="t",
            title=same("T"),
            currencies=[Currency(id="xp", label=same("XP"))],
            pools=[PoolSpec(id="xp", label=same("XP"), currency="xp", requires=HasTag(tag="{choice}"))],
            kinds=[Kind(id="hero", label=same("Hero"), pools=("xp",))],
        )
        assert ["'{choice}' means nothing in what an award requires: an award takes no choice"] == [
            p.reason for p in check_references(pack) if p.path == "$.pools.xp.requires"
        ]
        worded = attrs.evolve(pack.pools["xp"], requires=HasTag(tag="ghost", message="no {choice} here"))
        assert [] == [p for p in check_references(attrs.evolve(pack, pools=[worded])) if "pools" in p.path]

    def test_what_it_does_not_know_is_refused_and_checked(self) -> None:
        """A requirement naming a stat the pack does not have is refused when the file loads, at the pool's
        requirement, with the closest id, as an upgrade's is; ``check`` says it of a pack built in Python."""
        from progression.requirements import AtLeast
        from progression.testing import check_pack

        text = HERO.replace(
            'currency = "xp"\n[stats',
            'currency = "xp"\nrequires = { at_least = 3, quantity = "levle" }\n[stats',
            1,
        ) % ('{ en = "Level", fr = "Niveau" }', "")
        with pytest.raises(RulePackError) as caught:
            progression.load_text(text, "tiny.toml")
        assert [
            "tiny.toml: the requirement names 'levle', which is not a stat, pool, upgrade, named id or granted item "
            "of the pack; the closest: level @ $.pools.xp.requires"
        ] == [str(p) for p in caught.value.problems]
        pack = progression.load_text(HERO % ('{ en = "Level", fr = "Niveau" }', ""), "tiny.toml")
        built = attrs.evolve(pack, pools=[attrs.evolve(pack.pools["xp"], requires=AtLeast(quantity="levle", value=3))])
        report = check_pack(built, examples=5)
        assert ["$.pools.xp.requires"] == [f.where for f in report.by_check("references")]


#: A designer's small pack, with a number in each place a sheet may take one from.
RAIDERS = """\
format = 1
[pack]
name = "raiders"
title = { en = "Raiders", fr = "Pillards" }
[currencies.xp]
label = { en = "Experience", fr = "Expérience" }
[pools.xp]
label = { en = "Experience", fr = "Expérience" }
currency = "xp"
cap = 500
[stats.marks]
label = { en = "Marks", fr = "Marques" }
initial = 1
maximum = 50
[curves.mark]
kind = "table"
values = [10, 20, 40]
[upgrades.brand]
label = { en = "Brand", fr = "Marque" }
pool = "xp"
cost = { curve = "mark", axis = "marks" }
effect = { stats = { marks = 2 } }
limit = { maxima = { marks = 40 } }
[upgrades.trophy]
label = { en = "Trophy", fr = "Trophée" }
pool = "xp"
cost = 25
[kinds.raider]
label = { en = "Raider", fr = "Pillard" }
pools = ["xp"]
stats = ["marks"]
"""


class TestNumbers:
    """A number a sheet may take from the pack is at most what a sheet file holds."""

    def test_the_limit_is_the_sheet_files(self) -> None:
        """The loader refuses past the very number a sheet file is refused past."""
        from progression.engine.checks import LARGEST
        from progression.files.sheets import LARGEST as SHEET_LARGEST

        assert 10**15 == LARGEST == SHEET_LARGEST

    @pytest.mark.parametrize(
        ("written", "huge", "path"),
        [
            ("marks = 2 }", "marks = 9000000000000000000 }", "$.upgrades.brand.effect.stats.marks"),
            ("initial = 1", "initial = -9000000000000000000", "$.stats.marks.initial"),
            ("maximum = 50", "maximum = 9000000000000000000", "$.stats.marks.maximum"),
            ("cap = 500", "cap = 9000000000000000000", "$.pools.xp.cap"),
            ("cost = 25", "cost = 9000000000000000000", "$.upgrades.trophy.cost"),
            ("values = [10, 20, 40]", "values = [10, 20, 9000000000000000000]", "$.curves.mark.values[2]"),
            ("marks = 40 }", "marks = 9000000000000000000 }", "$.upgrades.brand.limit.maxima.marks"),
        ],
    )
    def test_a_number_past_it_is_refused(self, tmp_path: Path, written: str, huge: str, path: str) -> None:
        """9,000,000,000,000,000,000 marks loaded, and the sheet that bought them could not be read again: each
        such number is refused when the pack loads, at its key, either sign."""
        assert written in RAIDERS
        file = tmp_path / "raiders.toml"
        file.write_text(RAIDERS.replace(written, huge), encoding="utf-8")
        with pytest.raises(RulePackError) as caught:
            progression.load_file(file)
        expected = (
            "a number must be at most 1,000,000,000,000,000 either way (the most a sheet file holds), "
            "got one of 19 digits"
        )
        assert [(path, expected)] == [(p.path, p.reason) for p in caught.value.problems]

    def test_the_limit_itself_loads(self, tmp_path: Path) -> None:
        """A price of exactly a quadrillion is one a sheet file holds."""
        text = RAIDERS.replace("cost = 25", "cost = 1_000_000_000_000_000").replace(
            "cap = 500", "cap = 1000000000000000"
        )
        assert 10**15 == progression.load_text(text).upgrade("trophy").cost.amount  # type: ignore[union-attr]


class TestNamesAndSets:
    """A name is some text, and a set of ids lists each once."""

    @pytest.mark.parametrize(
        ("label", "expected"),
        [
            ('{ en = "", fr = "Marques" }', "expected a name, got an empty text '' @ $.stats.marks.label.en"),
            ('{ en = "Marks", fr = "  " }', "expected a name, got a blank text '  ' @ $.stats.marks.label.fr"),
        ],
    )
    def test_an_empty_name_is_refused(self, tmp_path: Path, label: str, expected: str) -> None:
        """An empty or blank name loaded, and ``show`` named the stat ``?``: refused at its language's key, as a
        label missing the language is."""
        file = tmp_path / "raiders.toml"
        file.write_text(RAIDERS.replace('{ en = "Marks", fr = "Marques" }', label), encoding="utf-8")
        with pytest.raises(RulePackError) as caught:
            progression.load_file(file)
        assert [expected] == [f"{p.reason} @ {p.path}" for p in caught.value.problems]

    @pytest.mark.parametrize(
        ("written", "twice", "path"),
        [
            ('pools = ["xp"]\nstats', 'pools = ["xp", "xp"]\nstats', "$.kinds.raider.pools"),
            ('stats = ["marks"]', 'stats = ["marks", "marks"]', "$.kinds.raider.stats"),
            ('pool = "xp"\ncost = 25', 'pools = ["xp", "xp"]\ncost = 25', "$.upgrades.trophy.pools"),
            ("cost = 25", 'cost = 25\nkinds = ["raider", "raider"]', "$.upgrades.trophy.kinds"),
            (
                "cost = 25",
                'cost = 25\nrequires = { owns_among = ["brand", "brand"], count = 1 }',
                "$.upgrades.trophy.requires.owns_among",
            ),
            (
                "cost = 25",
                'cost = 25\nrequires = { tag = "t", among = ["a", "a"] }',
                "$.upgrades.trophy.requires.among",
            ),
            ("cost = 25", 'cost = 25\neffect = { untag = ["t", "t"] }', "$.upgrades.trophy.effect.untag"),
        ],
    )
    def test_an_id_listed_twice_in_a_set_is_refused(self, tmp_path: Path, written: str, twice: str, path: str) -> None:
        """A list that is a set of ids (a kind's pools, an upgrade's paying pools or buyers, the items a
        requirement counts among) lists each once: one listed twice is refused, named."""
        assert written in RAIDERS
        file = tmp_path / "raiders.toml"
        file.write_text(RAIDERS.replace(written, twice, 1), encoding="utf-8")
        with pytest.raises(RulePackError) as caught:
            progression.load_file(file)
        repeated = next(word for word in ("xp", "marks", "raider", "brand", "a", "t") if f'"{word}", "{word}"' in twice)
        assert [f"ids are listed once each; listed twice: {repeated} @ {path}"] == [
            f"{p.reason} @ {p.path}" for p in caught.value.problems
        ]


class TestAsWritten:
    """A file is read as it is written: what an editor adds around the TOML is no problem, and what could be
    read two ways is refused."""

    def test_an_empty_list_of_kinds_is_refused(self, tmp_path: Path) -> None:
        """``kinds = []`` read as every kind, where it seems to say no kind: refused, with the two ways to say it."""
        file = tmp_path / "raiders.toml"
        file.write_text(RAIDERS.replace("cost = 25", "cost = 25\nkinds = []"), encoding="utf-8")
        with pytest.raises(RulePackError) as caught:
            progression.load_file(file)
        assert [
            "expected the kinds that may buy it, got an empty list; leave 'kinds' out for every kind to buy it, or "
            "name at least one @ $.upgrades.trophy.kinds"
        ] == [f"{p.reason} @ {p.path}" for p in caught.value.problems]

    @pytest.mark.parametrize(
        "encoded",
        [b"\xef\xbb\xbf" + RAIDERS.encode(), RAIDERS.replace("\n", "\r\n").encode()],
        ids=["byte order mark", "windows line endings"],
    )
    def test_what_an_editor_adds_is_read_through(self, tmp_path: Path, encoded: bytes) -> None:
        """A file an editor began with a byte order mark (refused as "not valid TOML" at line 1, column 1), or
        whose lines end as Windows ends them, is the same pack: the same rules, so the same fingerprint."""
        file = tmp_path / "raiders.toml"
        file.write_bytes(encoded)
        assert progression.load_text(RAIDERS).rules == progression.load_file(file).rules


class TestRootProblems:
    """One slip is said once, where it is: not again as the consequences a stand-in for it would have."""

    @pytest.mark.parametrize(
        ("right", "slip", "expected"),
        [
            (
                "initial = 1\nmaximum = 50",
                "intial = 1\nminimum = 1\nmaximum = 50",
                "unknown key 'intial'; expected one of: label, initial, minimum, maximum, display, display_zero "
                "@ $.stats.marks.intial",
            ),
            (
                "cap = 500",
                'cap = 500\noverflw = "auto"\nauto_spend = ["trophy"]',
                "unknown key 'overflw'; expected one of: label, currency, cap, overflow, auto_spend, surplus_buys, "
                "requires @ $.pools.xp.overflw",
            ),
            (
                "cost = 25",
                'cost = 25\nitmes = ["cup", "horn"]\neffect = { grants = { "{choice}" = 1 } }',
                "unknown key 'itmes'; expected one of: label, pool, pools, cost, requires, effect, limit, procedure, "
                "options, options_named, items, args, kinds, description @ $.upgrades.trophy.itmes",
            ),
            (
                "initial = 1\nmaximum = 50",
                "initial = 1\nminimun = 2\nmaximum = 50\n"
                '[ladders.rank]\nlabel = { en = "Rank", fr = "Rang" }\naxis = "marks"\n'
                'bands = [{ id = "marked", label = { en = "Marked", fr = "Marqué" }, from = 2 }]',
                "unknown key 'minimun'; expected one of: label, initial, minimum, maximum, display, display_zero "
                "@ $.stats.marks.minimun",
            ),
        ],
        ids=["initial", "overflow", "items", "minimum under a ladder"],
    )
    def test_a_misspelt_key_is_said_alone(self, tmp_path: Path, right: str, slip: str, expected: str) -> None:
        """A misspelt key leaves the one meant at its default, which the file never wrote: the initial value 0
        below the minimum, an overflow that spends nothing, an upgrade taking no choice, a ladder starting above
        its axis. None of these is said: the unknown key is, alone."""
        assert right in RAIDERS
        file = tmp_path / "raiders.toml"
        file.write_text(RAIDERS.replace(right, slip, 1), encoding="utf-8")
        with pytest.raises(RulePackError) as caught:
            progression.load_file(file)
        assert [expected] == [f"{p.reason} @ {p.path}" for p in caught.value.problems]

    def test_a_language_refused_is_said_once(self, tmp_path: Path) -> None:
        """``languages = ["EN"]``: which languages the labels owe is not known, so none of them is said to lack
        one (there were more than 20 such lines, burying this one); the closest code is given."""
        english = re.sub(r', fr = "[^"]*"', "", RAIDERS)  # every label in English alone
        file = tmp_path / "raiders.toml"
        file.write_text(english.replace('name = "raiders"', 'name = "raiders"\nlanguages = ["EN"]'), encoding="utf-8")
        with pytest.raises(RulePackError) as caught:
            progression.load_file(file)
        assert [
            "a language is a lowercase code of 2 or 3 letters (en, fr), got 'EN'; the closest: en @ $.pack.languages[0]"
        ] == [f"{p.reason} @ {p.path}" for p in caught.value.problems]

    @pytest.mark.parametrize("section", ["stats.marks", "curves.mark"])
    def test_an_id_in_capitals_is_said_once(self, tmp_path: Path, section: str) -> None:
        """``[stats.Marks]``: refused for its case, with the id meant, and what names ``marks`` finds it (it was
        said not defined, "defined: Marks", with no hint); a curve's, read twice, is said once."""
        kind, ident = section.split(".")
        file = tmp_path / "raiders.toml"
        file.write_text(RAIDERS.replace(f"[{section}]", f"[{kind}.{ident.title()}]"), encoding="utf-8")
        with pytest.raises(RulePackError) as caught:
            progression.load_file(file)
        assert [
            f"ids are lowercase ASCII slugs (a-z, 0-9, _ . -), got {ident.title()!r}; the closest: {ident} "
            f"@ $.{kind}.{ident.title()}"
        ] == [f"{p.reason} @ {p.path}" for p in caught.value.problems]
