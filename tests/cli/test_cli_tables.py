"""``progression table``: cost tables with totals and bands, grouped views, data tables."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cli_support import SKIRMISH, Result

import progression
from progression.cli.tables import curve_rows, data_rows

SKIRMISH_TEXT = Path(SKIRMISH).read_text(encoding="utf-8")

Run = Callable[..., Result]


class TestCurveRows:
    def test_rows_match_the_curve(self) -> None:
        """Each row holds the step's cost and the total from 0, as the curve computes them."""
        pack = progression.load_file(SKIRMISH)
        curve = pack.curve("level")
        rows = curve_rows(pack, curve, 8, 12)
        assert [(n, curve.cost(n), curve.total(n)) for n in range(9, 13)] == [
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
        """The default view: the curve's label, then band, level, cost, total; numbers right-aligned."""
        result = run("table", SKIRMISH, "level", "--from", "8", "--to", "11")
        expected = [
            "Level cost",
            "Rank     level  cost  total from 0",
            "-------  -----  ----  ------------",
            "Veteran      9     1             9",
            "Hero        10     1            10",
            "Hero        11     2            12",
        ]
        assert (0, expected) == (result.status, result.out.splitlines())

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
        ]}] == data  # fmt: skip

    def test_every_curve_by_default(self, run: Run) -> None:
        """Without CURVE, every curve of the pack is printed."""
        data = run("table", SKIRMISH, "--json").json()
        assert ["level", "feat", "gear"] == [d["curve"] for d in data]

    def test_stops_at_the_highest_level_the_rules_allow(self, run: Run, tmp_path: Path) -> None:
        """Without --to, a curve pricing a stat with a maximum of 12 is listed up to 12, not 20."""
        text = SKIRMISH_TEXT.replace("maximum = 30", "maximum = 12")
        pack = tmp_path / "capped.toml"
        pack.write_text(text, encoding="utf-8")
        result = run("table", str(pack), "level", "--json")
        assert (0, 12) == (result.status, result.json()[0]["rows"][-1]["level"])

    def test_past_the_end_of_a_table_curve(self, run: Run) -> None:
        """Asking past a table curve's last step shows every step it defines, and stops there."""
        result = run("table", SKIRMISH, "gear", "--to", "5", "--json")
        assert (0, [1, 2, 3]) == (result.status, [row["level"] for row in result.json()[0]["rows"]])

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
