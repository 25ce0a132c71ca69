"""Campaign settings: the rules' numbers as defaults, files that change them, every problem at once."""

from __future__ import annotations

from pathlib import Path

import pytest

import progression_competence as pc
from progression.errors import InvalidInput, RulePackError, UnknownName
from progression_competence._settings import RANGES

from .conftest import DATA


class TestDefaults:
    def test_the_rules_numbers(self) -> None:
        """Qualities 50 + 10 each, levels ceil(n / 10), settle, a D100."""
        settings = pc.default_settings()
        expected = (50, 10, 10, "settle", 100)
        assert expected == (
            settings.quality_base,
            settings.quality_step,
            settings.level_divisor,
            settings.overflow,
            settings.die_size,
        )

    def test_degree_bounds(self) -> None:
        """Ignorant 0, Beginner 1-30, Proficient 31-60, Expert 61-90, Master 91 and up."""
        expected = [
            ("ignorant", 0, 0),
            ("debutant", 1, 30),
            ("confirme", 31, 60),
            ("expert", 61, 90),
            ("maitre", 91, None),
        ]
        assert expected == [(d.id, d.low, d.high) for d in pc.default_settings().degrees]

    def test_gates_and_specialization_costs(self) -> None:
        """Gates ask 0, 0, 1, 2, 3 qualities; specializations cost 20, 50, 80 and Master has no price."""
        degrees = pc.default_settings().degrees
        assert [0, 0, 1, 2, 3] == [d.qualities for d in degrees]
        assert [None, 20, 50, 80, None] == [d.specialization_cost for d in degrees]

    def test_french_names(self) -> None:
        """The degrees keep the rules' French names beside the English ones."""
        assert ["Ignorant", "Débutant", "Confirmé", "Expert", "Maître"] == [
            d.label.fr for d in pc.default_settings().degrees
        ]

    def test_degree_at(self) -> None:
        """Levels 30, 31, 90, 91 and 250 fall in Beginner, Proficient, Expert, Master, Master."""
        settings = pc.default_settings()
        assert ["debutant", "confirme", "expert", "maitre", "maitre"] == [
            settings.degree_at(n).id for n in (30, 31, 90, 91, 250)
        ]

    def test_degree_at_refuses_a_negative_level(self) -> None:
        """A level below 0 is an error that says what came."""
        with pytest.raises(InvalidInput, match="got -1"):
            pc.default_settings().degree_at(-1)

    def test_unknown_degree(self) -> None:
        """An unknown degree id names the known ones."""
        with pytest.raises(UnknownName, match=r"degree 'legend' is not defined .* confirme"):
            pc.default_settings().degree("legend")


class TestChanged:
    def test_moves_degree_bounds(self) -> None:
        """Moving the start of Expert moves the top of Proficient with it."""
        settings = pc.default_settings().changed(degree_starts={"expert": 51})
        assert (31, 50, 51, 90) == (
            settings.degree("confirme").low,
            settings.degree("confirme").high,
            settings.degree("expert").low,
            settings.degree("expert").high,
        )

    def test_gives_master_a_price(self) -> None:
        """A campaign may price Master specializations; the rules leave it open."""
        assert (
            150
            == pc.default_settings().changed(specialization_costs={"maitre": 150}).degree("maitre").specialization_cost
        )

    def test_leaves_the_original(self) -> None:
        """Settings are values: changing gives new ones."""
        base = pc.default_settings()
        base.changed(quality_base=10)
        assert 50 == base.quality_base

    def test_round_trip_through_the_table(self) -> None:
        """``as_table`` spells every setting out; reading it back gives the same settings."""
        settings = pc.default_settings().changed(quality_step=0, degree_starts={"maitre": 100}, overflow="lose")
        assert settings == pc.campaigns.structure_settings(settings.as_table(), "<table>")

    def test_curves_follow(self) -> None:
        """The curves are made from the settings: divisor 5 makes level 6 cost 2."""
        settings = pc.default_settings().changed(level_divisor=5, quality_base=40, quality_step=20)
        assert (2, 80) == (settings.level_curve().cost(6), settings.quality_cost(2))


class TestFiles:
    def test_load(self) -> None:
        """A settings file changes only what it names."""
        settings = pc.load_settings(DATA / "fast-settings.toml")
        assert (30, 5, "auto", 20, 10) == (
            settings.quality_base,
            settings.quality_step,
            settings.overflow,
            settings.die_size,
            settings.level_divisor,
        )

    @pytest.mark.parametrize("name", ["bad-settings"])
    def test_every_problem_at_once(self, name: str) -> None:
        """A bad file is refused with every problem, each with its file and key path."""
        path = DATA / f"{name}.toml"
        expected = (DATA / f"{name}.txt").read_text(encoding="utf-8").strip().replace("{source}", str(path))
        with pytest.raises(RulePackError) as caught:
            pc.load_settings(path)
        assert expected == str(caught.value)

    def test_missing_file(self, tmp_path: Path) -> None:
        """A file that is not there is a RulePackError naming it."""
        with pytest.raises(RulePackError, match="cannot read the file"):
            pc.load_settings(tmp_path / "nothing.toml")

    def test_not_toml(self, tmp_path: Path) -> None:
        """A file that is not TOML says so."""
        path = tmp_path / "broken.toml"
        path.write_text("format = = 1", encoding="utf-8")
        with pytest.raises(RulePackError, match="not valid TOML"):
            pc.load_settings(path)

    def test_format_is_required(self, tmp_path: Path) -> None:
        """A file without ``format = 1`` is refused."""
        path = tmp_path / "old.toml"
        path.write_text("[settings]\nquality_base = 10\n", encoding="utf-8")
        with pytest.raises(RulePackError, match=r"expected format = 1, got None @ \$.format"):
            pc.load_settings(path)

    def test_wrong_types(self) -> None:
        """A divisor of 0, a text for a number and a die of one side are each reported."""
        with pytest.raises(RulePackError) as caught:
            pc.campaigns.structure_settings({"level_divisor": 0, "quality_step": "ten", "die_size": 1}, "<test>")
        assert {"$.level_divisor", "$.quality_step", "$.die_size"} == {p.path for p in caught.value.problems}


class TestRanges:
    @pytest.mark.parametrize(
        ("key", "value", "expected"),
        [
            ("quality_base", 10_001, "expected an integer from 0 to 10000, got 10001 @ $.quality_base"),
            ("quality_step", -1, "expected an integer from 0 to 10000, got -1 @ $.quality_step"),
            ("level_divisor", 1_001, "expected an integer from 1 to 1000, got 1001 @ $.level_divisor"),
            ("die_size", 100_000_000_000, "expected an integer from 2 to 1000, got 100000000000 @ $.die_size"),
            (
                "degree_starts",
                {"maitre": 9999},
                "expected an integer from 2 to 1000, got 9999 @ $.degree_starts.maitre",
            ),
            ("gate_qualities", {"expert": 101}, "expected an integer from 0 to 100, got 101 @ $.gate_qualities.expert"),
            (
                "specialization_costs",
                {"maitre": 10**6},
                "expected an integer from 0 to 10000, got 1000000 @ $.specialization_costs.maitre",
            ),
        ],
    )
    def test_a_setting_out_of_its_range(self, key: str, value: object, expected: str) -> None:
        """Each setting is refused outside its documented range, with its key and the range."""
        with pytest.raises(RulePackError) as caught:
            pc.default_settings().changed(**{key: value})
        assert [expected] == [f"{p.reason} @ {p.path}" for p in caught.value.problems]

    def test_the_edges_are_taken(self) -> None:
        """The ends of each range are settings a campaign may use."""
        low = {key: low for key, (low, _) in RANGES.items() if key in pc.party.TUNING}
        high = {key: high for key, (_, high) in RANGES.items() if key in pc.party.TUNING}
        assert (low, high) == (
            {k: getattr(pc.default_settings().changed(**low), k) for k in low},
            {k: getattr(pc.default_settings().changed(**high), k) for k in high},
        )

    def test_a_starting_level_out_of_range(self) -> None:
        """A starting level is a level from 0 to 1,000; 1,000 itself is taken."""
        pack = pc.pack()
        assert 1_000 == pc.level(pack, pc.new_character(pack, levels={"escrime": 1_000}), "escrime")
        with pytest.raises(
            InvalidInput, match="the starting level of 'escrime' must be a whole number from 0 to 1,000, got 9999"
        ):
            pc.new_character(pack, levels={"escrime": 9999})
