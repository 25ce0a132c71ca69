"""Star Players: eligibility, two choices a match (a pair is one), 16 places, and a star in a match."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import progression_bloodbowl as bb
from progression import Effect, RulePack, ScriptedDice, Sheet, replay
from progression.errors import InvalidInput, LimitReached, RequirementNotMet, UnknownName
from progression.events import Adjusted, Awarded, Event, Member, Step
from progression_bloodbowl.inducements.stars import check_stars, places_free

from ..conftest import HUMANS

#: The opponent's CTV in these tests: well above a fresh team's, so petty cash pays for stars.
RICH = 2_000_000


def _induce(pack: RulePack, team: Sheet, *stars: str, match: int = 1) -> Sheet:
    return bb.operations.induce(
        pack, team, bb.types.Order(stars=stars), bb.queries.inducement_budget(pack, team, RICH), match=match
    )


def _with_players(pack: RulePack, count: int, missing: int = 0) -> Sheet:
    """A Human team of ``count`` players, the last ``missing`` of them missing the next match: drafted with the
    first eleven, the others hired after the draft, their fees given first (a draft spends 1,000,000 gp at most)."""
    extra = [("human_lineman", f"Extra {n}") for n in range(count - len(HUMANS))]
    team = bb.draft(pack, "human", "Anvils", HUMANS[:count])
    if extra:
        team = pack.award(team, "treasury", 50_000 * len(extra), reason="the extra players' fees")
    for position, name in extra:
        team = bb.hire(pack, team, position, name)
    for member in list(team.members)[count - missing :]:
        team = pack.adjust(team, Effect(tags={"miss_next": "yes"}), reason="test", member=member)
    return team


class TestProfiles:
    def test_the_black_gobbo_is_stunty(self, pack: RulePack) -> None:
        """The Black Gobbo has Stunty (the 2025 card, two of three transcriptions), beside his other skills."""
        expected = {"bombardier", "disturbing_presence", "dodge", "loner:3", "sidestep", "sneaky_git", "stab", "stunty"}
        assert expected == set(bb.operations.star_sheet(pack, "the_black_gobbo").owned)


class TestEligibility:
    def test_league_matches(self, pack: RulePack, team: Sheet) -> None:
        """A Human team plays in the Old World Classic: Griff Oberwald plays for it."""
        assert () == bb.queries.star_eligibility(pack, team, "griff_oberwald")

    def test_league_does_not_match(self, pack: RulePack, team: Sheet) -> None:
        """Anqi Panqi plays in the Lustrian Superleague only: refused, both sides named."""
        assert ("Anqi Panqi plays for Lustrian Superleague; Altdorf Anvils is Old World Classic, Team Captain",) == (
            bb.queries.star_eligibility(pack, team, "anqi_panqi")
        )

    def test_any_team_except(self, pack: RulePack, team: Sheet) -> None:
        """Morg 'n' Thorg plays for any team except the Sylvanian Spotlight's."""
        vampires = bb.create_team(pack, "vampire", "Drakenhof")
        assert () == bb.queries.star_eligibility(pack, team, "morg_n_thorg")
        assert ["Morg 'n' Thorg plays for any team except Sylvanian Spotlight"] == list(
            bb.queries.star_eligibility(pack, vampires, "morg_n_thorg")
        )

    def test_special_rule_of_a_chosen_god(self, pack: RulePack) -> None:
        """Chaos Chosen favoured of Nurgle may hire Bilerot Vomitflesh (Favoured of Nurgle); favoured of Khorne may not."""
        nurgle = bb.create_team(pack, "chaos_chosen", "Rot", favoured="nurgle")
        khorne = bb.create_team(pack, "chaos_chosen", "Blood", favoured="khorne")
        assert () == bb.queries.star_eligibility(pack, nurgle, "bilerot_vomitflesh")
        assert 1 == len(bb.queries.star_eligibility(pack, khorne, "bilerot_vomitflesh"))

    def test_special_rule_of_a_league(self, pack: RulePack) -> None:
        """Norse in the Chaos Clash are Favoured of Khorne (Max Spleenripper); in the Old World Classic they are not."""
        clash = bb.create_team(pack, "norse", "Raiders", league="chaos_clash")
        classic = bb.create_team(pack, "norse", "Traders", league="old_world_classic")
        assert () == bb.queries.star_eligibility(pack, clash, "max_spleenripper")
        assert 1 == len(bb.queries.star_eligibility(pack, classic, "max_spleenripper"))

    def test_unknown_star(self, pack: RulePack, team: Sheet) -> None:
        """A name that is no star is refused with the known ones."""
        with pytest.raises(UnknownName, match="Star Player 'griff'"):
            bb.queries.star_eligibility(pack, team, "griff")

    def test_ineligible_star_is_refused(self, pack: RulePack, team: Sheet) -> None:
        """Hiring a star who does not play for the team names why, and changes nothing."""
        with pytest.raises(RequirementNotMet, match="Anqi Panqi plays for Lustrian Superleague"):
            _induce(pack, team, "anqi_panqi")

    def test_hireable_lists_any_team_stars(self, pack: RulePack, team: Sheet) -> None:
        """Every star who plays for any team is hireable by Humans, and none of the Lustrian-only ones."""
        hireable = set(bb.queries.hireable(pack, team))
        assert {"akhorne_the_squirrel", "grak", "crumbleberry", "morg_n_thorg"} <= hireable
        assert "anqi_panqi" not in hireable


class TestTwoChoices:
    def test_a_third_star_is_refused(self, pack: RulePack, team: Sheet) -> None:
        """Two stars are allowed; a third is refused with the rule and the three names."""
        with pytest.raises(
            LimitReached,
            match=r"at most 2 Star Players for a match .a pair counts as one.; Altdorf Anvils would have 3",
        ):
            _induce(pack, team, "griff_oberwald", "helmut_wulf", "karla_von_kill")

    def test_a_pair_leaves_one_choice_but_takes_two_places(self, pack: RulePack, team: Sheet) -> None:
        """Grak and Crumbleberry are one choice: a single star may join them; three members join, one price for the pair."""
        after = _induce(pack, team, "grak", "griff_oberwald")
        assert {"grak", "crumbleberry", "griff_oberwald"} == set(after.members) - set(team.members)
        assert str(250_000 + 300_000) == after.tags["induced.total"]

    def test_a_pair_named_by_both_members_is_one_choice(self, pack: RulePack, team: Sheet) -> None:
        """Naming Grak and Crumbleberry both is still one choice."""
        assert [("crumbleberry", "grak")] == check_stars(pack, team, ["grak", "crumbleberry"])

    def test_a_pair_and_two_singles_are_three_choices(self, pack: RulePack, team: Sheet) -> None:
        """A pair plus two single stars is three choices: refused."""
        with pytest.raises(LimitReached, match="would have 3"):
            _induce(pack, team, "grak", "griff_oberwald", "helmut_wulf")

    def test_the_same_star_twice(self, pack: RulePack, team: Sheet) -> None:
        """A star named twice is refused."""
        with pytest.raises(InvalidInput, match="named twice"):
            check_stars(pack, team, ["griff_oberwald", "griff_oberwald"])


class TestSixteenPlaces:
    def test_a_full_roster_takes_no_star(self, pack: RulePack) -> None:
        """Sixteen players able to play: no place is left for a star."""
        with pytest.raises(
            LimitReached, match=r"Anvils has 16 able to play; Griff Oberwald would need 1 place.s., 0 left"
        ):
            _induce(pack, _with_players(pack, 16), "griff_oberwald")

    def test_fifteen_players_take_one_star_but_no_pair(self, pack: RulePack) -> None:
        """Fifteen able to play: one place, enough for a single star, not for a pair."""
        team = _with_players(pack, 15)
        assert "griff_oberwald" in _induce(pack, team, "griff_oberwald").members
        with pytest.raises(LimitReached, match="would need 2 place"):
            _induce(pack, team, "grak")

    def test_fifteen_with_one_missing_the_match_take_a_pair(self, pack: RulePack) -> None:
        """A roster of 15 with one player missing the next match counts 14: the pair fits (16 with it)."""
        team = _with_players(pack, 15, missing=1)
        after = _induce(pack, team, "grak")
        assert 17 == len(after.members)
        assert 0 == places_free(pack, after)

    @settings(max_examples=25, deadline=None)
    @given(count=st.integers(min_value=11, max_value=16), missing=st.integers(min_value=0, max_value=5))
    def test_a_pair_fits_when_able_players_leave_two_places(self, pack: RulePack, count: int, missing: int) -> None:
        """Whatever the roster, a pair is hired exactly when the players able to play number 14 or fewer."""
        team = _with_players(pack, count, missing=min(missing, count))
        able = count - min(missing, count)
        if able <= 14:
            assert {"grak", "crumbleberry"} <= set(_induce(pack, team, "grak").members)
        else:
            with pytest.raises(LimitReached, match=rf"would need 2 place\(s\), {16 - able} left"):
                _induce(pack, team, "grak")


class TestBothTeams:
    def test_both_teams_field_the_same_star(self, pack: RulePack, team: Sheet) -> None:
        """Two Old World Classic teams both hire Griff Oberwald; each fields him."""
        other = bb.draft(pack, "imperial_nobility", "Nuln", [("imperial_retainer", f"L{n}") for n in range(11)])
        ours = _induce(pack, team, "griff_oberwald")
        theirs = _induce(pack, other, "griff_oberwald")
        assert ("Griff Oberwald", "Griff Oberwald") == (
            ours.member("griff_oberwald").name,
            theirs.member("griff_oberwald").name,
        )


class TestStarInTheMatch:
    @pytest.fixture
    def hired(self, pack: RulePack, team: Sheet) -> Sheet:
        """Altdorf Anvils with Griff Oberwald for match 1."""
        return _induce(pack, team, "griff_oberwald")

    def test_no_spp(self, pack: RulePack, hired: Sheet) -> None:
        """A star's touchdowns earn him nothing; the match record accepts them."""
        match = bb.MatchRecord(number=1, opponent="Orcs", score=(2, 0), events={"griff_oberwald": {"touchdown": 2}})
        after = bb.operations.record_outcome(pack, hired, match, ScriptedDice([]))
        assert [] == [e for e in _member_events(after, "griff_oberwald") if isinstance(e, Awarded)]

    def test_cannot_be_mvp(self, pack: RulePack, hired: Sheet) -> None:
        """Nominating a star for MVP is refused, saying why."""
        match = bb.MatchRecord(number=1, opponent="Orcs", score=(1, 0), mvp_nominees=("1", "griff_oberwald"))
        with pytest.raises(
            InvalidInput, match="'griff_oberwald' is Griff Oberwald, a Star Player: Star Players cannot be MVP"
        ):
            bb.operations.record_outcome(pack, hired, match, ScriptedDice([1]))

    def test_no_spp_by_hand_either(self, pack: RulePack, hired: Sheet) -> None:
        """SPP given to a star by hand (``pack.award``, ``sheet award --member``) are refused too, saying why."""
        with pytest.raises(
            RequirementNotMet,
            match="Griff Oberwald cannot be awarded Star Player Points: a Star Player earns no Star Player Points",
        ):
            pack.award(hired, "spp", 50, reason="test", member="griff_oberwald")
        assert 6 == pack.award(hired, "spp", 6, reason="test", member="1").member("1").pools["spp"]

    def test_no_advancement(self, pack: RulePack, hired: Sheet) -> None:
        """A star receives no advancement."""
        with pytest.raises(
            RequirementNotMet, match="Griff Oberwald is a Star Player: Star Players receive no advancement"
        ):
            bb.advance(pack, hired, "griff_oberwald", "chosen_primary", choice="tackle")

    def test_the_quote_says_why_too(self, pack: RulePack, hired: Sheet) -> None:
        """Asked through the core (``sheet quote``, ``sheet buy``), an advancement for a star gives the same reason."""
        quote = pack.quote(hired, "chosen_primary", choice="tackle", member="griff_oberwald")
        assert any("Griff Oberwald is a Star Player: Star Players receive no advancement" in r for r in quote.unmet)

    def test_a_casualty_has_no_consequence_after_the_match(self, pack: RulePack, hired: Sheet) -> None:
        """Griff dies in the match: the record says it has no consequence, and he leaves with the other inducements."""
        match = bb.MatchRecord(number=1, opponent="Orcs", score=(0, 0), injuries={"griff_oberwald": "dead"})
        after = bb.operations.record_outcome(pack, hired, match, ScriptedDice([]))
        reasons = [e.reason for e in _member_events(after, "griff_oberwald") if isinstance(e, Adjusted)]
        assert ["match 1: dead, no consequence for a Star Player after the match"] == reasons
        assert "griff_oberwald" not in after.members
        assert {} == bb.queries.held_inducements(after)

    def test_stars_do_not_count_in_ctv_or_tv(self, pack: RulePack, team: Sheet, hired: Sheet) -> None:
        """A hired star is valued by the inducements, not in TV or CTV."""
        assert (bb.team_value(pack, team).total, bb.current_team_value(pack, team).total) == (
            bb.team_value(pack, hired).total,
            bb.current_team_value(pack, hired).total,
        )

    def test_the_hire_replays(self, pack: RulePack, hired: Sheet) -> None:
        """The hire is one ledger entry, and the ledger replays to the same team."""
        assert hired == replay(hired.ledger)
        assert hired.member("griff_oberwald").stats["st"] == 4


def _member_events(team: Sheet, member: str) -> list[Event]:
    """The events the last ledger entry of ``team`` recorded for ``member``."""
    entry = team.ledger[-1]
    assert isinstance(entry, Step)
    return [e.event for e in entry.events if isinstance(e, Member) and e.member == member]
