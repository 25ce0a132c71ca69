"""Exact random-skill odds and the matches-to-Legend trial."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from progression import RulePack, SeededDice
from progression.errors import InvalidInput, UnknownName

GENERAL = [
    "block",
    "dauntless",
    "fend",
    "frenzy",
    "kick",
    "pro",
    "steady_footing",
    "strip_ball",
    "sure_hands",
    "tackle",
    "taunt",
    "wrestle",
]


class TestRandomSkillOdds:
    def test_owned_skills_spread_their_share(self, pack: RulePack) -> None:
        """Block and Tackle owned: each of the 10 others has 1/10 when the first roll is kept."""
        odds = pack.contract.exact("random_skill").function(pack, category="G", owned="block,tackle", policy="first")
        assert {s: Fraction(1, 10) for s in GENERAL if s not in ("block", "tackle")} == dict(odds)

    def test_preferred_skill(self, pack: RulePack) -> None:
        """Preferring Block: kept unless neither roll is Block, 1 - (11/12)^2 = 23/144."""
        odds = pack.contract.exact("random_skill").function(pack, category="G", policy="prefer", prefer="block")
        assert Fraction(23, 144) == odds["block"]
        assert Fraction(1) == sum(odds.values())

    def test_unknown_category(self, pack: RulePack) -> None:
        """A category letter that does not exist is named."""
        with pytest.raises(UnknownName, match="skill category 'Z'"):
            pack.contract.exact("random_skill").function(pack, category="Z")

    def test_everything_owned(self, pack: RulePack) -> None:
        """Nothing left to roll."""
        with pytest.raises(InvalidInput, match="nothing to roll"):
            pack.contract.exact("random_skill").function(pack, category="G", owned=",".join(GENERAL))

    @settings(max_examples=30, deadline=None)
    @given(owned=st.sets(st.sampled_from(GENERAL), max_size=11), policy=st.sampled_from(["first", "either", "prefer"]))
    def test_odds_add_up_to_one(self, pack: RulePack, owned: set[str], policy: str) -> None:
        """Whatever is owned and however the coach keeps, the odds of the skills not owned add up to 1."""
        odds = pack.contract.exact("random_skill").function(
            pack, category="G", owned=",".join(owned), policy=policy, prefer="wrestle,kick"
        )
        assert Fraction(1) == sum(odds.values())
        assert not owned & set(odds)


class TestMatchesToLegend:
    def test_a_touchdown_every_match(self, pack: RulePack) -> None:
        """3 SPP a match (plus MVPs one time in six): 46 SPP buy six random skills, so 7 to 16 matches."""
        trial = pack.contract.simulation("matches_to_legend").function
        assert all(7 <= trial(pack, SeededDice(seed), touchdowns=100, nominees=6) <= 16 for seed in range(20))

    def test_sure_mvp_and_touchdown(self, pack: RulePack) -> None:
        """7 SPP a match: 3, 4, 6, 8, 10, 15 (46 SPP) are all bought after the seventh match."""
        trial = pack.contract.simulation("matches_to_legend").function
        assert 7 == trial(pack, SeededDice(1), touchdowns=100, nominees=1)

    def test_gives_up_at_the_limit(self, pack: RulePack) -> None:
        """At most 4 SPP a match (MVPs only) cannot buy 46 SPP of skills in 5 matches: the trial stops at 5."""
        assert 5 == pack.contract.simulation("matches_to_legend").function(pack, SeededDice(1), nominees=6, limit=5)

    def test_an_unknown_parameter_is_refused(self, pack: RulePack) -> None:
        """A misspelt rate (``touchdown`` for ``touchdowns``) is named with the known ones, not silently ignored."""
        trial = pack.contract.simulation("matches_to_legend").function
        with pytest.raises(UnknownName, match=r"parameter 'touchdown' is not defined in simulate\.matches_to_legend"):
            trial(pack, SeededDice(1), touchdown=100)

    def test_a_parameter_out_of_range_is_refused(self, pack: RulePack) -> None:
        """Seven nominees cannot be: the message says what each parameter takes and what came."""
        trial = pack.contract.simulation("matches_to_legend").function
        said = r"^the trials to a legend take rates >= 0, nominees from 1 to 6 and a limit >= 1, got \{'nominees': 7\}$"
        with pytest.raises(InvalidInput, match=said):
            trial(pack, SeededDice(1), nominees=7)


class TestRequiredCategory:
    def test_the_category_is_required(self, pack: RulePack) -> None:
        """Without a category the odds say which parameter to give."""
        with pytest.raises(InvalidInput, match=r"exact.random_skill needs category=\.\.\., one of A, D, G, M, P, S"):
            pack.contract.exact("random_skill").function(pack)
