"""The data-only D&D 5e pack: experience thresholds, point buy and ability score improvements, in TOML alone."""

from __future__ import annotations

import bisect
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import progression
from progression import RulePack, Sheet
from progression.errors import LimitReached, RequirementNotMet

PACK = Path(__file__).parents[2] / "examples" / "dnd5e" / "pack.toml"
#: Player's Handbook, "Character Advancement": the experience needed for levels 1 to 20.
THRESHOLDS = (0, 300, 900, 2700, 6500, 14000, 23000, 34000, 48000, 64000, 85000, 100000, 120000, 140000, 165000,
              195000, 225000, 265000, 305000, 355000)  # fmt: skip
#: Player's Handbook, point buy: the total cost of each score.
POINT_COST = {8: 0, 9: 1, 10: 2, 11: 3, 12: 4, 13: 5, 14: 7, 15: 9}
ABILITIES = ("strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma")


@pytest.fixture(scope="module")
def pack() -> RulePack:
    return progression.load_file(PACK)


def fresh(pack: RulePack) -> Sheet:
    return pack.new_sheet("character", "Ana", pools={"ability_points": 27})


def buy(pack: RulePack, sheet: Sheet, ability: str, points: int) -> Sheet:
    for _ in range(points):
        sheet = pack.purchase(sheet, f"buy_{ability}")
    return sheet


class TestDataOnly:
    def test_needs_no_python(self, pack: RulePack) -> None:
        """The pack loads from its file alone and registers no function."""
        assert {} == dict(pack.functions)

    def test_passes_the_conformance_check(self, pack: RulePack) -> None:
        """The same conformance check the installed packs run finds nothing wrong."""
        from progression.testing import check_pack

        report = check_pack(pack, examples=10)
        assert [] == list(report.findings)

    def test_every_name_in_two_languages(self, pack: RulePack) -> None:
        """Every upgrade, stat, pool and band has an English and a French name, and they are not blank."""
        labels = [u.label for u in pack.upgrades.values()] + [s.label for s in pack.stats.values()]
        labels += [b.label for ladder in pack.ladders.values() for b in ladder.bands]
        assert [] == [label for label in labels if not (label.en.strip() and label.fr.strip())]


class TestLevels:
    def test_levels_start_at_the_thresholds(self, pack: RulePack) -> None:
        """The level ladder's bands start at the twenty thresholds of the Player's Handbook."""
        assert THRESHOLDS == tuple(band.low for band in pack.ladder("level").bands)

    def test_level_up_when_the_threshold_is_reached(self, pack: RulePack) -> None:
        """299 experience is level 1, 300 is level 2: an award that reaches a threshold is a level."""
        sheet = pack.award(fresh(pack), "xp", 299, reason="goblins")
        assert "level_1" == pack.ladder("level").band_of(sheet.pools["xp"]).id
        sheet = pack.award(sheet, "xp", 1, reason="a kind word")
        assert "level_2" == pack.ladder("level").band_of(sheet.pools["xp"]).id

    @settings(max_examples=60, deadline=None)
    @given(xp=st.integers(0, 1_000_000))
    def test_level_is_the_count_of_thresholds_reached(self, xp: int) -> None:
        """For any experience, the level is the number of thresholds at or below it."""
        ladder = progression.load_file(PACK).ladder("level")
        assert f"level_{bisect.bisect_right(THRESHOLDS, xp)}" == ladder.band_of(xp).id

    @pytest.mark.parametrize(
        ("xp", "tier"),
        [(6499, "local_heroes"), (6500, "heroes_of_the_realm"), (85000, "masters_of_the_realm"),
         (265000, "masters_of_the_world")],
    )  # fmt: skip
    def test_tiers_of_play(self, pack: RulePack, xp: int, tier: str) -> None:
        """Tiers change at levels 5, 11 and 17."""
        assert tier == pack.ladder("tier").band_of(xp).id


class TestPointBuy:
    @pytest.mark.parametrize("score", sorted(POINT_COST))
    def test_each_score_costs_what_the_table_says(self, pack: RulePack, score: int) -> None:
        """Raising an 8 to each score from 8 to 15 spends the Player's Handbook price."""
        sheet = buy(pack, fresh(pack), "strength", score - 8)
        assert (score, POINT_COST[score]) == (sheet.stats["strength"], sheet.account("ability_points").spent)

    def test_no_score_above_15(self, pack: RulePack) -> None:
        """A score bought to 15 cannot be bought higher."""
        sheet = buy(pack, fresh(pack), "strength", 7)
        with pytest.raises(LimitReached, match="at most 7 times"):
            pack.purchase(sheet, "buy_strength")

    def test_27_points_buy_15_15_15(self, pack: RulePack) -> None:
        """27 points make three 15s, and not a point more."""
        sheet = fresh(pack)
        for ability in ("strength", "dexterity", "constitution"):
            sheet = buy(pack, sheet, ability, 7)
        assert 0 == sheet.pools["ability_points"]
        assert not pack.quote(sheet, "buy_wisdom").affordable

    def test_only_before_any_experience(self, pack: RulePack) -> None:
        """Point buy is for character creation: once experience is earned it is refused, with the reason."""
        sheet = pack.award(fresh(pack), "xp", 10, reason="first fight")
        with pytest.raises(RequirementNotMet) as refused:
            pack.purchase(sheet, "buy_charisma")
        assert ["point buy happens at character creation, before any experience"] == list(refused.value.missing)


class TestImprovements:
    @pytest.mark.parametrize(("level", "taken"), [(4, 0), (8, 2), (12, 4), (16, 6), (19, 8)])
    def test_each_improvement_waits_for_its_level(self, pack: RulePack, level: int, taken: int) -> None:
        """The improvement of a level is refused one experience point short of it, and allowed at it."""
        sheet = pack.new_sheet("character", stats={"improvements": taken}, pools={"xp": THRESHOLDS[level - 1] - 1})
        assert [f"to reach Improvement of level {level}: needs character level {level} "
                f"({THRESHOLDS[level - 1]:,} experience points)"] == list(pack.quote(sheet, "improve_wisdom").unmet)  # fmt: skip
        sheet = pack.award(sheet, "xp", 1, reason="the last point")
        assert pack.quote(sheet, "improve_wisdom").ok

    def test_two_increases_per_improvement(self, pack: RulePack) -> None:
        """An improvement is two +1 increases, to one score or two; a third waits for the next one."""
        sheet = pack.award(fresh(pack), "xp", 2700, reason="level 4")
        sheet = pack.purchase(sheet, "improve_strength")
        sheet = pack.purchase(sheet, "improve_charisma")
        assert (9, 9) == (sheet.stats["strength"], sheet.stats["charisma"])
        assert not pack.quote(sheet, "improve_strength").ok

    def test_no_score_above_20(self, pack: RulePack) -> None:
        """An ability score improvement cannot raise a score above 20."""
        sheet = pack.new_sheet("character", stats={"strength": 20}, pools={"xp": 2700})
        with pytest.raises(LimitReached, match="past its maximum of 20"):
            pack.purchase(sheet, "improve_strength")

    def test_history_replays(self, pack: RulePack) -> None:
        """A whole advancement, from point buy to level 8, replays from its ledger."""
        sheet = buy(pack, fresh(pack), "dexterity", 7)
        sheet = pack.award(sheet, "xp", 34000, reason="a campaign")
        for ability in ABILITIES[:4]:
            sheet = pack.purchase(sheet, f"improve_{ability}")
        assert progression.replay(sheet.ledger) == sheet
