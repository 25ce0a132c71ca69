"""Cost tables, and what reaching a degree costs under several tunings."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import progression_competence as pc
from progression import RulePack
from progression.errors import InvalidInput


class TestTables:
    def test_quality_table(self, pack: RulePack) -> None:
        """Qualities cost 50, 60, 70, 80, 90, 100 by how many are owned."""
        assert [50, 60, 70, 80, 90, 100] == [price for _, price in pc.queries.quality_table(pack)]

    def test_specialization_costs(self, pack: RulePack) -> None:
        """Beginner 20, Proficient 50, Expert 80; Master has no fixed price."""
        assert {"debutant": 20, "confirme": 50, "expert": 80} == pc.queries.specialization_costs(pack)

    def test_bad_table_arguments(self, pack: RulePack) -> None:
        """A run of 0 levels is refused."""
        with pytest.raises(InvalidInput, match=r"^by must be a whole number >= 1 in the level table, got 0$"):
            pc.queries.level_table(pack, by=0)

    @pytest.mark.parametrize(
        ("call", "message"),
        [
            (
                lambda pack: pc.queries.level_table(pack, end=None),
                "end must be a whole number >= 0 in the level table, got None \\(NoneType\\)",
            ),
            (
                lambda pack: pc.queries.level_table(pack, start="3"),
                "start must be a whole number >= 0 in the level table, got '3' \\(str\\)",
            ),
            (
                lambda pack: pc.queries.level_table(pack, by=True),
                "by must be a whole number >= 1 in the level table, got True \\(bool\\)",
            ),
            (
                lambda pack: pc.queries.level_table(pack, start=-1),
                "start must be a whole number >= 0 in the level table, got -1",
            ),
            (
                lambda pack: pc.queries.quality_table(pack, None),
                "count must be a whole number >= 0 in the quality table, got None \\(NoneType\\)",
            ),
            (
                lambda pack: pc.queries.quality_table(pack, -1),
                "count must be a whole number >= 0 in the quality table, got -1",
            ),
            (
                lambda pack: pc.queries.cost_to_reach(pack, "expert", owned=None),
                "owned must be a whole number >= 0 in the cost to reach 'expert', got None \\(NoneType\\)",
            ),
            (
                lambda pack: pc.queries.cost_to_reach(pack, "expert", owned=-1),
                "owned must be a whole number >= 0 in the cost to reach 'expert', got -1",
            ),
        ],
    )
    def test_arguments_of_the_wrong_type(
        self, pack: RulePack, call: Callable[[RulePack], object], message: str
    ) -> None:
        """What is no whole number, or below the least, is refused saying what came and where."""
        with pytest.raises(InvalidInput, match=f"^{message}$"):
            call(pack)

    @pytest.mark.parametrize(
        ("call", "message"),
        [
            (
                lambda pack: pc.queries.level_table(pack, end=10**20),
                "end must be at most 1,000,000,000,000,000 either way .* in the level table, got 100,000,000,000,000,000,000",
            ),
            (
                lambda pack: pc.queries.level_table(pack, start=-(10**5000)),
                "start must be at most .* in the level table, got a number of 5001 digits",
            ),
            (
                lambda pack: pc.queries.level_table(pack, by=10**20),
                "by must be at most 1,000,000,000,000,000 .* in the level table, got",
            ),
            (
                lambda pack: pc.queries.level_table(pack, end=10**15),
                r"the level table lists at most 10,000 rows, got levels 0 to 1,000,000,000,000,000 by 10: 100,000,000,000,000 rows \(take a larger by\)",
            ),
            (
                lambda pack: pc.queries.quality_table(pack, 10**20),
                "count must be at most 1,000,000,000,000,000 .* in the quality table, got",
            ),
            (
                lambda pack: pc.queries.quality_table(pack, 10**15),
                "the quality table lists at most 10,000 rows, got count 1,000,000,000,000,000",
            ),
            (
                lambda pack: pc.queries.quality_table(pack, 10_001),
                "the quality table lists at most 10,000 rows, got count 10,001",
            ),
            (
                lambda pack: pc.queries.cost_to_reach(pack, "expert", owned=10**20),
                "owned must be at most 1,000,000,000,000,000 either way .* in the cost to reach 'expert', got",
            ),
        ],
    )
    def test_huge_arguments_are_refused_at_once(
        self, pack: RulePack, call: Callable[[RulePack], object], message: str
    ) -> None:
        """A table past what a sheet holds, or longer than a table lists, is refused at once (it listed rows
        for ever), as is a cost to reach from more qualities than a sheet holds."""
        with pytest.raises(InvalidInput, match=f"^{message}"):
            call(pack)

    def test_the_largest_tables(self, pack: RulePack) -> None:
        """A table of as many rows as it may list is listed, and ``owned`` may be as large as a sheet holds."""
        assert 10_000 == len(pc.queries.quality_table(pack, 10_000))
        assert 10_000 == len(pc.queries.level_table(pack, end=100_000, by=10))
        assert 2 * 10**16 + 110 == pc.queries.cost_to_reach(pack, "expert", owned=10**15).qualities


class TestCostToReach:
    @pytest.mark.parametrize(
        ("degree", "level", "levels", "qualities"),
        [("debutant", 1, 1, 0), ("confirme", 31, 64, 50), ("expert", 61, 217, 110), ("maitre", 91, 460, 180)],
    )
    def test_by_the_rules(self, pack: RulePack, degree: str, level: int, levels: int, qualities: int) -> None:
        """One competence from 0: levels by ceil(n/10), plus 50, 50+60, 50+60+70 for the gates."""
        reach = pc.queries.cost_to_reach(pack, degree)
        assert (level, levels, qualities, levels + qualities) == (
            reach.level,
            reach.levels,
            reach.qualities,
            reach.total,
        )

    def test_qualities_owned_elsewhere_raise_the_price(self, pack: RulePack) -> None:
        """With 4 qualities from other lists, Expert's two cost 90 + 100."""
        assert 190 == pc.queries.cost_to_reach(pack, "expert", owned=4).qualities

    @pytest.mark.parametrize(
        ("base", "step", "qualities"), [(30, 10, 70), (50, 10, 110), (70, 10, 150), (50, 0, 100), (50, 20, 120)]
    )
    def test_tunings(self, base: int, step: int, qualities: int) -> None:
        """The quality base moves every character's gates; the step only those of later qualities."""
        built = pc.build(settings=pc.default_settings().changed(quality_base=base, quality_step=step))
        assert qualities == pc.queries.cost_to_reach(built, "expert").qualities

    def test_unknown_degree(self, pack: RulePack) -> None:
        """An unknown degree names the five."""
        with pytest.raises(InvalidInput, match="expected a degree among ignorant, debutant"):
            pc.queries.cost_to_reach(pack, "legend")


class TestRulesTables:
    def test_quality_costs_in_french(self, pack: RulePack) -> None:
        """``table competence quality_costs --lang fr`` prints the rules' table of quality prices, their headings."""
        rows = pack.contract.table("quality_costs")(pack, "fr")
        heads = ("Nombre de qualités", "Coût d'acquisition d'une nouvelle qualité")
        assert [(0, 50), (1, 60), (2, 70), (3, 80), (4, 90), (5, 100)] == [(r[heads[0]], r[heads[1]]) for r in rows]

    def test_specialization_costs_in_french(self, pack: RulePack) -> None:
        """The rules' table of specializations: degree, cost and typical bonus, Master left out (no price)."""
        rows = pack.contract.table("specialization_costs")(pack, "fr")
        assert [
            {"Degré de la spécialisation": "Débutant", "Coût": 20, "Bonus moyen": "+10"},
            {"Degré de la spécialisation": "Confirmé", "Coût": 50, "Bonus moyen": "+20"},
            {"Degré de la spécialisation": "Expert", "Coût": 80, "Bonus moyen": "+30"},
        ] == rows

    def test_tables_follow_the_settings_in_english(self) -> None:
        """A tuned campaign's tables show its own prices, with English headings."""
        built = pc.build(settings=pc.default_settings().changed(quality_step=15, specialization_costs={"maitre": 120}))
        qualities = built.contract.table("quality_costs")(built, "en")
        specializations = built.contract.table("specialization_costs")(built, "en")
        assert ([50, 65, 80], ("Master", 120, "")) == (
            [r["Price of a new quality"] for r in qualities[:3]],
            tuple(specializations[-1].values()),
        )
