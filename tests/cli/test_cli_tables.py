"""``progression table``: cost tables with totals and bands, grouped views, data tables."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from cli_support import ROOT, SKIRMISH, Result

import progression
from progression.authoring import Label
from progression.cli.tables import Reach, Stop, curve_reach, curve_rows, data_rows

SKIRMISH_TEXT = Path(SKIRMISH).read_text(encoding="utf-8")
#: The example pack whose skills are each priced by their own count (``axis = "{choice}"``), at most 5 of each.
ITEMS = str(ROOT / "examples" / "skirmish" / "pack.toml")
ITEMS_TEXT = Path(ITEMS).read_text(encoding="utf-8")
#: The D&D 5e example, whose six abilities are each bought at most 7 times on one point-buy curve.
DND = str(ROOT / "examples" / "dnd5e" / "pack.toml")
DND_TEXT = Path(DND).read_text(encoding="utf-8")
#: The skill upgrade's lines that a test changes.
SKILL_LIMIT = 'limit = { maxima = { "{choice}" = 5 } }\n'
SKILL_EFFECT = 'effect = { grants = { "{choice}" = 1 }, stats = { advances = 1 } }'
#: Another upgrade priced on the skills' curve, each weapon by its own count, at most 8 of each.
WEAPON = """
[upgrades.weapon]
label = { en = "Train a weapon", fr = "S'entraîner à une arme" }
pool = "xp"
items = ["sword", "axe"]
cost = { curve = "skill_advance", axis = "{choice}" }
limit = { maxima = { "{choice}" = 8 } }
effect = { grants = { "{choice}" = 1 } }
kinds = ["adventurer"]
"""

Run = Callable[..., Result]


class TestCurveRows:
    def test_rows_match_the_curve(self) -> None:
        """Each row holds the step's cost and the total from the level the table starts at, as the curve computes
        them."""
        pack = progression.load_file(SKIRMISH)
        curve = pack.curve("level")
        rows = curve_rows(pack, curve, 8, 12)
        assert [(n, curve.cost(n), curve.between(8, n)) for n in range(9, 13)] == [
            (r["level"], r["cost"], r["total"]) for r in rows
        ]
        assert [["veteran"], ["hero"], ["hero"], ["hero"]] == [r["bands"]["rank"] for r in rows]

    def test_groups_sum_to_the_totals(self) -> None:
        """Grouped rows: each group's cost is the difference of the totals at its ends."""
        pack = progression.load_file(SKIRMISH)
        curve = pack.curve("level")
        rows = curve_rows(pack, curve, 0, 25, by=10)
        assert [(0, 10), (10, 20), (20, 25)] == [(r["from"], r["to"]) for r in rows]
        assert [curve.between(r["from"], r["to"]) for r in rows] == [r["group"] for r in rows]
        assert [1, 2, 3] == [r["cost"] for r in rows]
        assert [["novice", "veteran", "hero"], ["hero"], ["hero"]] == [r["bands"]["rank"] for r in rows]

    def test_a_curve_no_ladder_reads_has_no_bands(self) -> None:
        """A curve that prices no laddered quantity has no band column."""
        pack = progression.load_file(SKIRMISH)
        assert {} == curve_rows(pack, pack.curve("feat"), 0, 1)[0]["bands"]


class TestCurveReach:
    def test_a_curve_read_on_items_stops_at_their_cap(self) -> None:
        """A curve priced on each item's own count (axis "{choice}") reaches the upgrade's maximum of each item:
        the skills of the example pack, at most 5 each, stop at level 5; a curve no upgrade caps goes on."""
        pack = progression.load_file(ITEMS)
        rule = Label(en="at most 5 of each item", fr="au plus 5 de chaque élément")
        assert Reach(highest=5, stops=(Stop(upgrade="skill", level=5, rule=rule),), uncapped=()) == curve_reach(
            pack, "skill_advance"
        )
        assert Reach(highest=None, stops=(), uncapped=("characteristic",)) == curve_reach(
            pack, "characteristic_advance"
        )

    @pytest.mark.parametrize(("most", "rise"), [(5, 1), (10, 2), (7, 3)])
    def test_the_last_level_the_engine_prices(self, most: int, rise: int, tmp_path: Path) -> None:
        """The last level is the last the engine prices a purchase at: Swim bought until the engine refuses it
        (its maximum), each purchase priced at the curve's level after the count, the last at ``highest``. (The
        advances a purchase counts are left out: the career's tiers would stop it first.)"""
        text = ITEMS_TEXT.replace(SKILL_LIMIT, SKILL_LIMIT.replace("5", str(most)))
        text = text.replace(SKILL_EFFECT, f'effect = {{ grants = {{ "{{choice}}" = {rise} }} }}')
        path = tmp_path / "rising.toml"
        path.write_text(text, encoding="utf-8")
        pack = progression.load_file(path)
        sheet = pack.award(pack.new_sheet("adventurer", "Ana"), "xp", 10_000, reason="a campaign")
        priced = []
        while (quote := pack.quote(sheet, "skill", choice="swim")).ok:
            priced.append(quote.price)
            sheet = pack.purchase(sheet, "skill", choice="swim")
        curve = pack.curve("skill_advance")
        reach = curve_reach(pack, "skill_advance")
        assert ["limit"] == [v.key for v in quote.violations]
        assert (priced[-1], reach.highest) == (curve.cost(sheet.quantity("swim") - rise + 1), most - rise + 1)

    def test_a_limit_of_purchases(self) -> None:
        """The point buy's abilities, each bought at most 7 times: the curve stops at level 7, the level the engine
        prices the seventh purchase at (it refuses the eighth), each ability said to stop there."""
        pack = progression.load_file(DND)
        sheet = pack.new_sheet("character", "Ana", pools={"ability_points": 27})
        levels = []
        while pack.quote(sheet, "buy_strength").ok:
            levels.append(sheet.quantity("strength_bought") + 1)
            sheet = pack.purchase(sheet, "buy_strength")
        reach = curve_reach(pack, "point_buy")
        assert (7, 7, {"bought at most 7 times"}, 6) == (
            reach.highest,
            levels[-1],
            {s.rule.en for s in reach.stops},
            len(reach.stops),
        )

    def test_a_limit_of_purchases_is_no_bound_when_another_raises_the_quantity(self, tmp_path: Path) -> None:
        """Another upgrade that grants the count a purchase is priced on can take it past 7: the count of purchases
        no longer bounds the level, and the curve goes on for that ability; bought once only, from 0, the price is
        that of level 1 alone."""
        gift = '\n[upgrades.gift]\nlabel = { en = "Gift", fr = "Don" }\npool = "ability_points"\ncost = 1\n'
        path = tmp_path / "gift.toml"
        path.write_text(
            DND_TEXT + gift + 'effect = { grants = { strength_bought = 2 } }\n[names.gift]\nen = "Gift"\nfr = "Don"\n',
            encoding="utf-8",
        )
        reach = curve_reach(progression.load_file(path), "point_buy")
        assert (None, ("buy_strength",)) == (reach.highest, reach.uncapped)
        path.write_text(DND_TEXT.replace("limit = { times = 7 }", "limit = { times = 1 }"), encoding="utf-8")
        reach = curve_reach(progression.load_file(path), "point_buy")
        assert (1, "bought once only", "acheté une seule fois") == (
            reach.highest,
            reach.stops[0].rule.en,
            reach.stops[0].rule.fr,
        )

    def test_several_upgrades_priced_on_a_curve(self, tmp_path: Path) -> None:
        """Two upgrades with different caps priced on one curve: the curve reaches the higher (a level one of them
        reaches has a price), each named with its own; with one of them uncapped, the curve goes on."""
        path = tmp_path / "two.toml"
        path.write_text(ITEMS_TEXT + WEAPON, encoding="utf-8")
        reach = curve_reach(progression.load_file(path), "skill_advance")
        assert (8, [("skill", 5), ("weapon", 8)], ()) == (
            reach.highest,
            [(s.upgrade, s.level) for s in reach.stops],
            reach.uncapped,
        )
        path.write_text(ITEMS_TEXT + WEAPON.replace('limit = { maxima = { "{choice}" = 8 } }\n', ""), encoding="utf-8")
        reach = curve_reach(progression.load_file(path), "skill_advance")
        assert (None, [("skill", 5)], ("weapon",)) == (
            reach.highest,
            [(s.upgrade, s.level) for s in reach.stops],
            reach.uncapped,
        )

    def test_a_stat_maximum(self, tmp_path: Path) -> None:
        """A curve priced on a stat stops at the stat's maximum; priced on items that are stats, at the highest of
        their maxima."""
        reach = curve_reach(progression.load_file(SKIRMISH), "level")
        assert (30, "Level at most 30") == (reach.highest, reach.stops[0].rule.en)
        text = ITEMS_TEXT.replace('axis = "{choice}_advances" }', 'axis = "{choice}" }')
        path = tmp_path / "stats.toml"
        path.write_text(text.replace("maximum = 60", "maximum = 50", 1), encoding="utf-8")
        reach = curve_reach(progression.load_file(path), "characteristic_advance")
        # Weapon Skill at most 50, the others at most 60: each advance adds 5, so the rule stops at level 56; the
        # curve's 5 steps end first, and no level past them is priced (``highest`` said 56).
        assert (5, 56, "each item's stat at most its maximum, 60") == (
            reach.highest,
            reach.stops[0].level,
            reach.stops[0].rule.en,
        )

    def test_rows_past_the_cap_have_no_price(self) -> None:
        """Rows of levels no purchase is priced at have no cost and no total; a group running past the cap is cut
        there, the rest a group without a price."""
        pack = progression.load_file(ITEMS)
        curve = pack.curve("skill_advance")
        rows = curve_rows(pack, curve, 3, 7)
        assert [(4, 25, 25), (5, 30, 55), (6, None, None), (7, None, None)] == [
            (r["level"], r["cost"], r["total"]) for r in rows
        ]
        rows = curve_rows(pack, curve, 0, 9, by=3)
        assert [(0, 3, 45), (3, 5, 55), (5, 6, None), (6, 9, None)] == [(r["from"], r["to"], r["group"]) for r in rows]
        assert [curve.total(3), curve.total(5), None, None] == [r["total"] for r in rows]


class TestDataRows:
    def test_shapes(self) -> None:
        """Mappings of scalars, of lists and of records, and lists of records, become rows."""
        assert [{"key": "a", "value": 1}] == data_rows({"a": 1}, "t", "en")
        assert [{"key": "a", "1": 1, "2": 2}] == data_rows({"a": [1, 2]}, "t", "en")
        assert [{"key": "a", "x": 1, "label": "Un"}] == data_rows(
            {"a": {"x": 1, "label": {"en": "One", "fr": "Un"}}}, "t", "fr"
        )
        assert [{"x": 1}, {"y": 2}] == data_rows([{"x": 1}, {"y": 2}], "t", "en")


class TestTableCommand:
    def test_plain_table(self, run: Run) -> None:
        """The default view: the curve's label, then band, level, cost, total from --from (as the header says);
        numbers right-aligned."""
        result = run("table", SKIRMISH, "level", "--from", "8", "--to", "11")
        expected = [
            "Level cost",
            "Rank     level  cost  total from 8",
            "-------  -----  ----  ------------",
            "Veteran      9     1             1",
            "Hero        10     1             2",
            "Hero        11     2             4",
        ]
        assert (0, expected) == (result.status, result.out.splitlines())

    def test_it_starts_where_a_new_sheet_starts(self, run: Run, tmp_path: Path) -> None:
        """A stat a new sheet holds at 8 (its minimum 3): the table starts at 8 by default and its totals count
        from there, the price of a build from a new sheet; ``--from 3`` shows the levels below, counted from 3,
        and ``--from 10`` counts from 10; ``plot`` draws from 8 too."""
        path = tmp_path / "from8.toml"
        path.write_text(SKIRMISH_TEXT.replace("initial = 0\nmaximum = 30", "initial = 8\nminimum = 3\nmaximum = 30"))
        curve = progression.load_file(str(path)).curve("level")
        shown = run("table", str(path), "level", "--to", "11").out.splitlines()
        assert ["Rank     level  cost  total from 8", ["9", "10", "11"], [1, 2, 4]] == [
            shown[1],
            [row.split()[1] for row in shown[3:]],
            [int(row.split()[-1]) for row in shown[3:]],
        ]
        (low,) = run("table", str(path), "level", "--from", "3", "--to", "5", "--json").json()
        (high,) = run("table", str(path), "level", "--from", "10", "--to", "12", "--json").json()
        assert [(3, [curve.between(3, n) for n in (4, 5)]), (10, [curve.between(10, n) for n in (11, 12)])] == [
            (low["from"], [r["total"] for r in low["rows"]]),
            (high["from"], [r["total"] for r in high["rows"]]),
        ]
        from progression.cli.plot import series

        (line,) = series(progression.load_file(str(path)), ["level"], None, 11, [])
        assert ([9, 10, 11], [1, 2, 4]) == (line["levels"], line["totals"])
        reach = curve_reach(progression.load_file(str(path)), "level")
        assert (3, 8) == (reach.lowest, reach.initial)

    def test_totals_from_is_deprecated(self) -> None:
        """``totals_from`` still gives the level totals counted from before, with a DeprecationWarning."""
        from progression.cli.tables import totals_from

        with pytest.warns(DeprecationWarning, match="count from its first level"):
            assert 1 == totals_from(Reach(highest=None, stops=(), uncapped=(), lowest=1, initial=8), 4)

    def test_a_stat_that_starts_at_1(self, run: Run, tmp_path: Path) -> None:
        """A level of minimum 1 is never bought to 1: the table starts at level 2 and its totals count from 1 (they
        counted from 0, the first step's 1 that nobody pays in each); ``--from 0`` still shows level 1, counted from
        0, and ``plot`` draws from 1."""
        path = tmp_path / "from1.toml"
        path.write_text(SKIRMISH_TEXT.replace("initial = 0\nmaximum = 30", "initial = 1\nminimum = 1\nmaximum = 30"))
        shown = run("table", str(path), "level", "--to", "4").out.splitlines()
        assert [
            "Rank    level  cost  total from 1",
            "Novice      2     1             1",
            "Novice      3     1             2",
            "Novice      4     1             3",
        ] == [shown[1], *shown[3:]]
        (data,) = run("table", str(path), "level", "--to", "4", "--json").json()
        assert (1, [2, 3, 4], [1, 2, 3]) == (
            data["from"],
            [r["level"] for r in data["rows"]],
            [r["total"] for r in data["rows"]],
        )
        asked = run("table", str(path), "level", "--from", "0", "--to", "2").out.splitlines()
        assert ("total from 0", ["1", "2"]) == (asked[1].split("  ")[-1].strip(), [r.split()[-1] for r in asked[3:]])
        from progression.cli.plot import series

        (line,) = series(progression.load_file(str(path)), ["level"], None, 4, [])
        assert ([2, 3, 4], [1, 2, 3]) == (line["levels"], line["totals"])

    def test_grouped_in_french(self, run: Run) -> None:
        """--by 10 --lang fr reads like the competence seed's table: levels by tens, cost of the ten, cumulative."""
        out = run("table", SKIRMISH, "level", "--by", "10", "--to", "30", "--lang", "fr").out.splitlines()
        assert "Rang                  niveaux     coût  coût de la dizaine  coût cumulé depuis 0" == out[1]
        assert "Novice/Vétéran/Héros  de 0 à 10      1                  10                    10" == out[3]
        assert "Héros                 de 20 à 30     3                  30                    60" == out[5]

    def test_json(self, run: Run) -> None:
        """--json gives one document per curve with its rows."""
        data = run("table", SKIRMISH, "gear", "--json").json()
        assert [{"curve": "gear", "by": 1, "rows": [
            {"level": 1, "cost": 10, "total": 10, "bands": {}},
            {"level": 2, "cost": 20, "total": 30, "bands": {}},
            {"level": 3, "cost": 40, "total": 70, "bands": {}},
        ], "highest": None, "stops": [], "from": 0}] == data  # fmt: skip

    def test_every_curve_by_default(self, run: Run) -> None:
        """Without CURVE, every curve of the pack is printed."""
        data = run("table", SKIRMISH, "--json").json()
        assert ["level", "feat", "gear"] == [d["curve"] for d in data]

    def test_help_says_the_default_reach(self, run: Run) -> None:
        """``--help`` says what --to is by default: 20 levels past --from (here 25), fewer where the purchases
        stop (skirmish's level, at most 30: --from 15 stops at 30)."""
        result = run("table", "--help")
        said = " ".join(result.out.split())
        assert (
            "--to N last level (default: 20 levels past --from, or 10 groups with --by; fewer when the rules stop the "
            "curve's purchases first, at the last level one is priced at, or the curve ends first)"
        ) in said
        assert [25, 30] == [
            run("table", SKIRMISH, "feat", "--from", "5", "--json").json()[0]["rows"][-1]["level"],
            run("table", SKIRMISH, "level", "--from", "15", "--json").json()[0]["rows"][-1]["level"],
        ]

    def test_stops_at_the_highest_level_the_rules_allow(self, run: Run, tmp_path: Path) -> None:
        """Without --to, a curve pricing a stat with a maximum of 12 is listed up to 12, not 20."""
        text = SKIRMISH_TEXT.replace("maximum = 30", "maximum = 12")
        pack = tmp_path / "capped.toml"
        pack.write_text(text, encoding="utf-8")
        result = run("table", str(pack), "level", "--json")
        assert (0, 12) == (result.status, result.json()[0]["rows"][-1]["level"])

    def test_a_curve_read_on_items_stops_at_their_cap(self, run: Run) -> None:
        """A curve priced on each skill's own count, at most 5 of each: 5 levels, not 20, and the sentence under the
        table says why."""
        result = run("table", ITEMS, "skill_advance")
        expected = [
            "Skill advance",
            "level  cost  total from 0",
            "-----  ----  ------------",
            *(f"{n:>5}  {10 + 5 * (n - 1):>4}  {sum(10 + 5 * k for k in range(n)):>12}" for n in range(1, 6)),
            "No purchase is priced past level 5: Advance a skill stops there (at most 5 of each item).",
        ]
        assert (0, expected) == (result.status, result.out.splitlines())

    def test_a_limit_of_purchases_ends_the_table(self, run: Run) -> None:
        """The point buy's table lists the 7 levels its purchases reach, not 20, and says once why its six
        upgrades stop there, in English and in French."""
        out = run("table", DND, "point_buy").out.splitlines()
        fr = run("table", DND, "point_buy", "--lang", "fr").out.splitlines()
        assert (["1", "7"], 11) == ([out[3].split()[0], out[9].split()[0]], len(out))
        assert out[-1].startswith("No purchase is priced past level 7: Buy a point of Strength, Buy a point of ")
        assert out[-1].endswith("Wisdom and Buy a point of Charisma stop there (bought at most 7 times).")
        assert fr[-1].endswith("Sagesse et Acheter un point de Charisme s'y arrêtent (acheté au plus 7 fois).")

    def test_past_the_cap_no_price(self, run: Run) -> None:
        """--to past the cap lists the levels after it without a price, and says why; --json gives them a null
        cost and total, the last level priced and each upgrade's stop."""
        out = run("table", ITEMS, "skill_advance", "--from", "4", "--to", "7").out.splitlines()
        assert ["    5    30            30", "    6", "    7"] == out[3:6]
        assert "No purchase is priced past level 5" in out[6]
        (data,) = run("table", ITEMS, "skill_advance", "--from", "4", "--to", "7", "--json").json()
        assert [30, None, None] == [row["cost"] for row in data["rows"]]
        assert (5, [{"upgrade": "skill", "level": 5, "rule": "at most 5 of each item"}]) == (
            data["highest"],
            data["stops"],
        )

    @pytest.mark.parametrize("to", [[], ["--to", "9"]], ids=["no --to", "a --to"])
    def test_from_at_the_cap_shows_nothing_priced(self, run: Run, to: list[str]) -> None:
        """A --from at or past the last level a purchase is priced at leaves not one priced level: bad usage, in the
        words plot uses, with or without a --to (it listed 20 levels without a price)."""
        result = run("table", ITEMS, "skill_advance", "--from", "5", *to)
        assert (
            2,
            "progression: curve 'skill_advance' has no price past level 5, where the rules stop its purchases "
            "(Advance a skill at level 5: at most 5 of each item); --from 5 leaves nothing to show: give a --from "
            "below 5\n",
        ) == (result.status, result.err)

    def test_the_cap_in_french(self, run: Run) -> None:
        """--lang fr says it in French, with the names the pack gives."""
        out = run("table", ITEMS, "skill_advance", "--lang", "fr").out.splitlines()
        assert (
            "Aucun achat n'est payé au-delà du niveau 5 : Progresser dans une compétence s'y arrête (au plus 5 de "
            "chaque élément)."
        ) == out[-1]

    def test_several_caps_are_named(self, run: Run, tmp_path: Path) -> None:
        """A curve two upgrades are priced on with caps of 5 and 8 is listed to 8, each upgrade named with its
        stop; with the second uncapped, to 20, saying so."""
        path = tmp_path / "two.toml"
        path.write_text(ITEMS_TEXT + WEAPON, encoding="utf-8")
        out = run("table", str(path), "skill_advance").out.splitlines()
        assert ("    8    45           220", "No purchase is priced past level 8: Advance a skill stops at level 5 "
                "(at most 5 of each item), Train a weapon stops at level 8 (at most 8 of each item).") == (
            out[-2], out[-1])  # fmt: skip
        path.write_text(ITEMS_TEXT + WEAPON.replace('limit = { maxima = { "{choice}" = 8 } }\n', ""), encoding="utf-8")
        out = run("table", str(path), "skill_advance").out.splitlines()
        assert (
            "   20   105          1150",
            "Advance a skill stops at level 5 (at most 5 of each item); Train a weapon has no cap.",
        ) == (out[-2], out[-1])

    def test_past_the_end_of_a_table_curve(self, run: Run) -> None:
        """Asking past a table curve's last step shows every step it defines, and stops there."""
        result = run("table", SKIRMISH, "gear", "--to", "5", "--json")
        assert (0, [1, 2, 3]) == (result.status, [row["level"] for row in result.json()[0]["rows"]])

    @pytest.mark.parametrize(("start", "where"), [("3", "its last level"), ("7", "past it")])
    def test_from_at_or_past_the_end_of_a_table_curve(self, run: Run, start: str, where: str) -> None:
        """A --from at or past a table curve's last step leaves no level: bad usage naming where the curve ends and
        what is wrong with --from, with or without a --to (one typed past the end is not blamed, nor one not
        typed)."""
        said = (
            f"progression: curve 'gear' ends at level 3, and --from {start} is {where}: no level of it follows; "
            "give a --from below 3\n"
        )
        for to in ([], ["--to", "9"]):
            result = run("table", SKIRMISH, "gear", "--from", start, *to)
            assert (2, said) == (result.status, result.err)

    @pytest.mark.parametrize(
        ("words", "said"),
        [
            (["--from", "-1"], "--from must be at least 0, got -1"),
            (["--from", "2", "--to", "2"], "--to must be above --from, got --from 2 --to 2"),
        ],
    )
    def test_levels_that_leave_nothing(self, run: Run, words: list[str], said: str) -> None:
        """A negative --from, or a --to not above it, is refused naming the option that is wrong."""
        result = run("table", SKIRMISH, "level", *words)
        assert (2, f"progression: {said}\n") == (result.status, result.err)

    def test_unknown_name_lists_curves_and_tables(self, run: Run, fake: None) -> None:
        """An unknown name lists the curves, computed tables and data tables."""
        result = run("table", "fake", "nothing")
        assert 2 == result.status
        assert "expected one of: level, level_costs, loot, prices" in result.err

    def test_data_and_computed_tables(self, run: Run, fake: None) -> None:
        """A data table and a table.<name> function print as rows."""
        assert [{"key": "sword", "value": 3}, {"key": "shield", "value": 2}] == run(
            "table", "fake", "loot", "--json"
        ).json()[0]["rows"]
        rows = run("table", "fake", "level_costs", "--json").json()[0]["rows"]
        assert [{"level": 1, "cost": 10}, {"level": 2, "cost": 15}, {"level": 3, "cost": 20}] == rows
        assert "shield  2  4" in run("table", "fake", "prices").out
