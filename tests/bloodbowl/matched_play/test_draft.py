"""Matched Play team building: gold and Skill Points by tier, every limit at its edge, stars, no value added, bad input.

The hand-worked lists: a Tier 1 Wood Elf team (the rulebook's own Skill Points example: four
Primary skills and Akhorne the Squirrel spend its 6 Skill Points) and a Tier 4 Goblin team
(two Secondary skills, two Primary skills and the Mega-star Morg 'n' Thorg spend its 10).
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib.resources import files

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import progression
import progression_bloodbowl as bb
from progression import RulePack, Sheet, replay
from progression.errors import (
    InsufficientPoints,
    InvalidInput,
    LimitReached,
    RequirementNotMet,
    RulePackError,
    UnknownName,
)
from progression.events import Lost, Purchased, Step
from progression_bloodbowl.cli.matched_play import new_matched_play_team
from progression_bloodbowl.data.model import FILES, read_data
from progression_bloodbowl.inducements.order import Order
from progression_bloodbowl.matched_play.draft import draft_matched_play, quote_matched_play, skill_points

#: The rulebook's example: Strip Ball, Sidestep, Grab and Leader as Primary skills, then Akhorne.
WOOD_ELVES = [
    ("wardancer", "Tarn", "strip_ball"),
    ("wardancer", "Eldra", "sidestep"),
    ("loren_forest_treeman", "Oakheart", "grab"),
    ("wood_elf_thrower", "Lirael", "leader"),
    *[("wood_elf_lineman", f"Lineman {n}") for n in range(1, 8)],
]

#: 785,000 of players; Block and Sure Hands are Secondary (G), Sprint (A) and Dirty Player (D) Primary.
GOBLINS = [
    ("looney", "Zogg"),
    ("bomma", "Boom"),
    ("ooligan", "Nizz"),
    ("doom_diver", "Splat"),
    ("fanatic", "Whirl"),
    ("pogoer", "Boing"),
    ("trained_troll", "Lump"),
    ("trained_troll", "Clump"),
    ("goblin_lineman", "Snik", "block"),
    ("goblin_lineman", "Grot", "sure_hands"),
    ("goblin_lineman", "Skab", "sprint"),
    ("goblin_lineman", "Nob", "dirty_player"),
    ("goblin_lineman", "Rat"),
]


def _humans(count: int = 11, skills: Sequence[str] = ()) -> list[tuple[str, ...]]:
    """``count`` Human Linemen, the first ones given ``skills`` (one each)."""
    return [("human_lineman", f"Lineman {n}", *((skills[n],) if n < len(skills) else ())) for n in range(count)]


def _linemen(position: str, skills: Sequence[str], count: int = 11) -> list[tuple[str, ...]]:
    """``count`` players of ``position``, the first ones given ``skills`` (one each)."""
    return [(position, f"Player {n}", *((skills[n],) if n < len(skills) else ())) for n in range(count)]


def _wood_elves(pack: RulePack) -> Sheet:
    return draft_matched_play(pack, "wood_elf", "Athel Loren", WOOD_ELVES, stars=["akhorne_the_squirrel"], rerolls=2)


def _goblins(pack: RulePack) -> Sheet:
    return draft_matched_play(
        pack,
        "goblin",
        "Snotball",
        GOBLINS,
        budget=1_150_000,
        stars=["morg_n_thorg"],
        cheerleaders=2,
        dedicated_fans=1,
    )


def _texts() -> dict[str, str]:
    folder = files("progression_bloodbowl").joinpath("data")
    return {name: folder.joinpath(name).read_text(encoding="utf-8") for name in FILES}


class TestData:
    def test_tiers_of_the_rosters(self, pack: RulePack) -> None:
        """The May 2026 tier list: Wood Elf Tier 1, Human Tier 2, Nurgle Tier 3, Goblin Tier 4."""
        data = pack.data
        assert {"wood_elf": 1, "human": 2, "nurgle": 3, "goblin": 4} == {
            t: data.teams[t].tier for t in ("wood_elf", "human", "nurgle", "goblin")
        }

    def test_numbers_of_the_reference(self, pack: RulePack) -> None:
        """Skill Points 6/8/9/10, Secondary skills 1/2/3/4, stars 1/2/2/2, a star 2 SP and a Mega-star 4."""
        mp = pack.data.matched_play
        assert ((6, 8, 9, 10), (1, 2, 3, 4), (1, 2, 2, 2)) == tuple(
            tuple(table[t] for t in (1, 2, 3, 4)) for table in (mp.skill_points, mp.max_secondary, mp.max_stars)
        )
        assert (1, 2, 2, 4, 1, 4, 0) == (
            mp.primary_cost,
            mp.secondary_cost,
            mp.star_cost,
            mp.mega_star_cost,
            mp.max_mega_stars,
            mp.max_each_elite,
            mp.dedicated_fans_start,
        )
        assert (1_100_000, 1_150_000, 1_200_000) == mp.common_budgets

    def test_tier_out_of_range(self) -> None:
        """A roster of tier 5 is refused with its file and key path."""
        broken = _texts()
        broken["teams.toml"] = broken["teams.toml"].replace("tier = 1", "tier = 5", 1)
        with pytest.raises(RulePackError) as caught:
            read_data(broken)
        assert ["teams.toml: expected a Matched Play tier from 1 to 4, got 5 @ $.teams.amazon.tier"] == [
            str(p) for p in caught.value.problems
        ]

    def test_tier_missing_from_a_table(self) -> None:
        """Skill Points without a Tier 4 entry, and a Mega-star cost as text: both problems, each where it stands."""
        broken = _texts()
        broken["tables.toml"] = broken["tables.toml"].replace(", tier4 = 10 }", " }", 1)
        broken["stars.toml"] = broken["stars.toml"].replace("mega_star = 4 }", 'mega_star = "4" }', 1)
        with pytest.raises(RulePackError) as caught:
            read_data(broken)
        assert [
            "stars.toml: expected an integer, got '4' @ $.rules.matched_play.skill_points.mega_star",
            "tables.toml: required key 'tier4' is missing @ $.matched_play.skill_points.tier4",
        ] == [str(p) for p in caught.value.problems]

    def test_mega_star_list_matches_the_marks(self) -> None:
        """Akhorne listed among the Mega-stars but not marked so, and Griff marked but not listed: both refused."""
        broken = _texts()
        broken["stars.toml"] = broken["stars.toml"].replace(
            'mega_stars = ["griff_oberwald"', 'mega_stars = ["akhorne_the_squirrel"', 1
        )
        with pytest.raises(RulePackError) as caught:
            read_data(broken)
        assert [
            "stars.toml: expected stars marked mega_star = true, got akhorne_the_squirrel (not marked) @ $.rules.mega_stars",
            "stars.toml: expected every star marked mega_star = true, griff_oberwald missing @ $.rules.mega_stars",
        ] == [str(p) for p in caught.value.problems]


class TestTierOne:
    def test_gold_of_the_list(self, pack: RulePack) -> None:
        """920,000 of players, two re-rolls at 50,000 and Akhorne at 80,000 spend 1,100,000 exactly."""
        quote = quote_matched_play(pack, "wood_elf", WOOD_ELVES, stars=["akhorne_the_squirrel"], rerolls=2)
        assert (1_100_000, 1_100_000, 0) == (quote.budget, quote.gold.total, quote.gold_left)

    def test_skill_points_of_the_list(self, pack: RulePack) -> None:
        """6 Skill Points: four Primary skills at 1 and a Star Player at 2 leave none."""
        quote = quote_matched_play(pack, "wood_elf", WOOD_ELVES, stars=["akhorne_the_squirrel"], rerolls=2)
        assert ([6, -1, -1, -1, -1, -2], 0, ()) == (
            [i.amount for i in quote.skill_points.items],
            quote.skill_points.total,
            quote.problems,
        )

    def test_the_team(self, pack: RulePack) -> None:
        """The team holds 11 players and Akhorne, the skills bought, 2 re-rolls, 0 Dedicated Fans and no gold."""
        team = _wood_elves(pack)
        assert (12, 0, 2, 0) == (
            len(team.members),
            team.stats["dedicated_fans"],
            team.stats["rerolls"],
            team.pools["treasury"],
        )
        assert ("strip_ball", "grab") == tuple(
            s for m in ("1", "3") for s in team.member(m).owned if s in ("strip_ball", "grab")
        )
        assert "star" in team.member("akhorne_the_squirrel").tags

    def test_skill_points_account_of_the_team(self, pack: RulePack) -> None:
        """The built team explains its Skill Points as the quote did."""
        team = _wood_elves(pack)
        lines = [(i.label, i.amount) for i in skill_points(pack, team).items]
        assert [
            ("Tier 1 team (Wood Elf)", 6),
            ("#1 Tarn: Strip Ball", -1),
            ("#2 Eldra: Sidestep", -1),
            ("#3 Oakheart: Grab", -1),
            ("#4 Lirael: Leader", -1),
            ("Akhorne The Squirrel", -2),
        ] == lines


class TestTierFour:
    def test_gold_of_the_list(self, pack: RulePack) -> None:
        """785,000 of players, Morg at 340,000, two Cheerleaders and a Dedicated Fan: 1,150,000."""
        team = _goblins(pack)
        spent = [-i.amount for i in bb.queries.treasury_account(pack, team).items[1:]]
        assert (1_150_000, 0) == (sum(spent), team.pools["treasury"])

    def test_skill_points_of_the_list(self, pack: RulePack) -> None:
        """10 Skill Points: Block and Sure Hands at 2, Sprint and Dirty Player at 1, the Mega-star at 4."""
        team = _goblins(pack)
        assert [10, -2, -2, -1, -1, -4] == [i.amount for i in skill_points(pack, team).items]

    def test_fans_start_at_zero(self, pack: RulePack) -> None:
        """One extra Dedicated Fan takes a Matched Play team from 0 to 1."""
        assert 1 == _goblins(pack).stats["dedicated_fans"]


class TestLedger:
    def test_one_entry_and_replay(self, pack: RulePack) -> None:
        """The draft is one ledger entry after the creation, and the ledger replays to the team."""
        team = _goblins(pack)
        assert (2, True) == (len(team.ledger), isinstance(team.ledger[1], Step))
        assert replay(team.ledger) == team

    def test_undo_takes_the_draft_back(self, pack: RulePack) -> None:
        """Undoing the draft leaves the empty team with its whole budget."""
        team = progression.undo(_goblins(pack))
        assert ({}, 1_150_000) == (dict(team.members), team.pools["treasury"])

    def test_gold_not_spent_is_lost(self, pack: RulePack) -> None:
        """On a 1,200,000 budget the Wood Elf list leaves 100,000, lost: the treasury is 0."""
        team = draft_matched_play(
            pack, "wood_elf", "Loren", WOOD_ELVES, budget=1_200_000, stars=["akhorne_the_squirrel"], rerolls=2
        )
        lost = [e.amount for e in team.ledger[1].events if isinstance(e, Lost)]
        assert ([100_000], 0) == (lost, team.pools["treasury"])

    def test_every_purchase_has_a_name(self, pack: RulePack) -> None:
        """The star and the inducements a draft buys show by name in a sheet's history, not as raw ids."""
        team = draft_matched_play(
            pack,
            "goblin",
            "Snotball",
            GOBLINS,
            budget=1_250_000,
            stars=["morg_n_thorg"],
            inducements=Order(items={"bribe": 2}),
        )
        bought = {e.upgrade for e in team.ledger[1].events if isinstance(e, Purchased)}
        assert {"Star Player (Matched Play)", "Inducements (Matched Play)"} <= {pack.name_of(u) for u in bought}


class TestNoValue:
    def test_skill_adds_nothing_to_current_value(self, pack: RulePack) -> None:
        """Tarn's Strip Ball is on his value sheet at 0: his value is his hiring fee."""
        player = _wood_elves(pack).member("1")
        explanation = bb.queries.current_value(pack, player)
        assert (130_000, 0) == (explanation.total, explanation.items[-1].amount)

    def test_team_value_is_fees_and_staff(self, pack: RulePack) -> None:
        """TV = 920,000 of hiring fees + 100,000 of re-rolls; Akhorne, an inducement, is not in it."""
        team = _wood_elves(pack)
        assert (1_020_000, 1_020_000) == (bb.team_value(pack, team).total, bb.current_team_value(pack, team).total)


class TestLimits:
    @pytest.mark.parametrize(
        ("roster", "position", "primary", "allowance"),
        [
            ("wood_elf", "wood_elf_lineman", "sprint", 6),
            ("human", "human_lineman", "wrestle", 8),
            ("nurgle", "rotter", "wrestle", 9),
            ("goblin", "goblin_lineman", "sprint", 10),
        ],
    )
    def test_skill_points_edge(self, pack: RulePack, roster: str, position: str, primary: str, allowance: int) -> None:
        """Tiers 1 to 4 have 6, 8, 9 and 10 Skill Points: that many Primary skills are bought, not one more."""
        ok = quote_matched_play(pack, roster, _linemen(position, [primary] * allowance))
        over = quote_matched_play(pack, roster, _linemen(position, [primary] * (allowance + 1)))
        tier = ok.tier
        expected = f"the list spends {allowance + 1} Skill Points; a Tier {tier} team has {allowance}"
        assert ((), (expected,)) == (ok.problems, over.problems)

    @pytest.mark.parametrize(
        ("roster", "position", "secondary", "most"),
        [
            ("wood_elf", "wood_elf_lineman", "grab", 1),
            ("human", "human_lineman", "sure_feet", 2),
            ("nurgle", "rotter", "sure_feet", 3),
            ("goblin", "goblin_lineman", "wrestle", 4),
        ],
    )
    def test_secondary_edge(self, pack: RulePack, roster: str, position: str, secondary: str, most: int) -> None:
        """Tiers 1 to 4 buy at most 1, 2, 3 and 4 Secondary skills: that many, not one more."""
        ok = quote_matched_play(pack, roster, _linemen(position, [secondary] * most))
        over = quote_matched_play(pack, roster, _linemen(position, [secondary] * (most + 1)))
        expected = f"a Tier {ok.tier} team buys at most {most} Secondary skill(s), got {most + 1}"
        assert ((), (expected,)) == (ok.problems, over.problems)

    @pytest.mark.parametrize(
        ("roster", "position", "stars"),
        [
            ("wood_elf", "wood_elf_lineman", ["akhorne_the_squirrel", "gloriel_summerbloom"]),
            ("human", "human_lineman", ["akhorne_the_squirrel", "barik_farblast", "grak"]),
            ("nurgle", "rotter", ["akhorne_the_squirrel", "bilerot_vomitflesh", "grak"]),
            ("goblin", "goblin_lineman", ["akhorne_the_squirrel", "bomber_dribblesnot", "grak"]),
        ],
    )
    def test_star_edge(self, pack: RulePack, roster: str, position: str, stars: list[str]) -> None:
        """A Tier 1 team takes 1 Star Player, the other tiers 2 (a pair is one): that many, not one more."""
        ok = quote_matched_play(pack, roster, _linemen(position, [], 11), stars=stars[:-1], budget=2_000_000)
        over = quote_matched_play(pack, roster, _linemen(position, [], 11), stars=stars, budget=2_000_000)
        expected = (
            f"a Tier {ok.tier} team takes at most {len(stars) - 1} Star Player(s) (a pair is one), got {len(stars)}"
        )
        assert ((), (expected,)) == (ok.problems, over.problems)

    def test_one_skill_per_player(self, pack: RulePack) -> None:
        """A player is given one skill; a second one is refused."""
        players = _humans(11)
        players[0] = ("human_lineman", "Kurt", "wrestle", "fend")
        with pytest.raises(LimitReached, match="#1 Kurt is given 2 skills; a player is given one extra skill at most"):
            draft_matched_play(pack, "human", "Reikland", players)

    def test_elite_skill_edge(self, pack: RulePack) -> None:
        """Block (Primary for Human Linemen) is bought 4 times in a team, not 5, whatever the Skill Points left."""
        four = quote_matched_play(pack, "human", _humans(11, ["block"] * 4))
        five = quote_matched_play(pack, "human", _humans(11, ["block"] * 5))
        assert ((), ("Block is an elite skill, bought at most 4 times in a team; got 5",)) == (
            four.problems,
            five.problems,
        )

    def test_one_mega_star(self, pack: RulePack) -> None:
        """Griff Oberwald and Morg 'n' Thorg are two Mega-stars: 8 Skill Points a Tier 2 team has, but one too many."""
        quote = quote_matched_play(pack, "human", _humans(), stars=["griff_oberwald", "morg_n_thorg"], budget=2_000_000)
        assert ("a team takes at most 1 Mega-star, got 2: Griff Oberwald, Morg 'n' Thorg",) == quote.problems

    def test_a_pair_is_one_choice_of_two_places(self, pack: RulePack) -> None:
        """Grak and Crumbleberry: one star for a Tier 1 team, 2 Skill Points, two places on the list."""
        quote = quote_matched_play(
            pack, "wood_elf", _linemen("wood_elf_lineman", [], 9), stars=["grak"], budget=1_000_000
        )
        assert ((), -2, 4) == (quote.problems, quote.skill_points.items[-1].amount, quote.skill_points.total)

    def test_eleven_players_with_stars(self, pack: RulePack) -> None:
        """10 players and a star make 11; 10 players alone are too few."""
        ok = quote_matched_play(pack, "human", _humans(10), stars=["akhorne_the_squirrel"])
        few = quote_matched_play(pack, "human", _humans(10))
        assert ((), ("a Matched Play team lists at least 11 players, Star Players included; got 10",)) == (
            ok.problems,
            few.problems,
        )

    def test_sixteen_places_with_stars(self, pack: RulePack) -> None:
        """15 players and a star fill 16 places; 16 players and a star are one too many."""
        ok = quote_matched_play(pack, "human", _humans(15), stars=["akhorne_the_squirrel"], budget=2_000_000)
        over = quote_matched_play(pack, "human", _humans(16), stars=["akhorne_the_squirrel"], budget=2_000_000)
        assert ((), ("a roster holds at most 16 players, Star Players included; got 17",)) == (
            ok.problems,
            over.problems,
        )

    def test_budget_edge(self, pack: RulePack) -> None:
        """11 Human Linemen cost 550,000: a budget of 550,000 drafts them, 545,000 is refused for gold alone."""
        team = draft_matched_play(pack, "human", "Poor", _humans(), budget=550_000)
        with pytest.raises(InsufficientPoints, match="costs 550,000 gp but only 545,000 gp are available"):
            draft_matched_play(pack, "human", "Poorer", _humans(), budget=545_000)
        assert 0 == team.pools["treasury"]

    def test_dedicated_fans_edge(self, pack: RulePack) -> None:
        """Three extra Dedicated Fans are bought at the draft, not four."""
        three = draft_matched_play(pack, "human", "Loud", _humans(), dedicated_fans=3)
        four = quote_matched_play(pack, "human", _humans(), dedicated_fans=4)
        assert (3, ("a team buys at most 3 extra Dedicated Fans at the draft, got 4",)) == (
            three.stats["dedicated_fans"],
            four.problems,
        )


class TestRequirements:
    def test_every_problem_at_once(self, pack: RulePack) -> None:
        """A skill out of the player's categories, one he has, a star who does not play for the team, a re-roll
        too many and the gold: all named together, requirements first, and nothing is built."""
        players = _humans(11)
        players[0] = ("human_lineman", "Kurt", "claws")
        players[1] = ("human_blitzer", "Otto", "block")
        with pytest.raises(RequirementNotMet) as caught:
            draft_matched_play(pack, "human", "Bad", players, stars=["anqi_panqi", "griff_oberwald"], rerolls=9)
        assert (
            "#1 Kurt (Human Lineman) may not take Claws, a Mutation skill (primary G, secondary ADS)",
            "#2 Otto has Block already",
            "Anqi Panqi plays for Lustrian Superleague; Bad is Old World Classic, Team Captain",
            "a team has at most 8 Team Re-roll, got 9",
            "the list costs 1,525,000 gold pieces; the budget is 1,100,000",
        ) == caught.value.missing

    def test_apothecary_of_a_roster_without_one(self, pack: RulePack) -> None:
        """A Nurgle team may not hire an Apothecary."""
        players = [("rotter", f"Rotter {n}") for n in range(11)]
        quote = quote_matched_play(pack, "nurgle", players, apothecary=True)
        assert ("a Nurgle team may not hire an Apothecary",) == quote.problems

    def test_captain_has_pro(self, pack: RulePack) -> None:
        """A Team Captain gains Pro free, so Pro is not bought for him; he may be given another skill."""
        players = _humans(11)
        players[0] = ("human_lineman", "Kurt", "pro")
        players[1] = ("human_lineman", "Otto", "wrestle")
        refused = quote_matched_play(pack, "human", players, captain=0)
        team = draft_matched_play(pack, "human", "Captains", [*players[1:], players[0][:2]], captain=0)
        assert (("#1 Kurt has Pro already",), {"pro", "wrestle"}) == (
            refused.problems,
            {s for s in team.member("1").owned if s in ("pro", "wrestle")},
        )

    def test_a_big_guy_captain_is_refused(self, pack: RulePack) -> None:
        """The Team Captain is not a Big Guy in Matched Play either: the Ogre named captain is refused by his
        place on the list."""
        players = [("ogre", "Big"), *_humans(10)]
        with pytest.raises(InvalidInput) as error:
            quote_matched_play(pack, "human", players, captain=0)
        assert (
            "player 1 of the list cannot be the captain: a Team Captain is not a Big Guy (Ogre is one): name another "
            "player as captain" == str(error.value)
        )

    def test_bugman_as_staff_and_star(self, pack: RulePack) -> None:
        """A team that takes Josef Bugman as coaching staff cannot take him as a Star Player too."""
        order = Order(items={"infamous_coaching_staff_josef_bugman": 1})
        quote = quote_matched_play(pack, "human", _humans(), stars=["josef_bugman"], inducements=order)
        assert (
            "a team that hires Josef Bugman as Infamous Coaching Staff: Josef Bugman cannot also take him as a Star Player",
        ) == quote.problems


class TestInducements:
    def test_bought_on_the_list(self, pack: RulePack) -> None:
        """Two Bribes on the list: 200,000 of the budget, recorded on the team."""
        order = Order(items={"bribe": 2})
        team = draft_matched_play(pack, "human", "Bribers", _humans(), inducements=order)
        assert ("bribe*2", "inducements bribe*2", -200_000) == (
            team.tags["matched_play.inducements"],
            bb.queries.treasury_account(pack, team).items[-2].label,
            bb.queries.treasury_account(pack, team).items[-2].amount,
        )

    def test_more_than_allowed(self, pack: RulePack) -> None:
        """Four Bribes are one more than any team may take."""
        quote = quote_matched_play(pack, "human", _humans(), inducements=Order(items={"bribe": 4}))
        assert ("a team induces at most 3 Bribe, asked for 4",) == quote.problems


class TestBadInput:
    @pytest.mark.parametrize(
        ("kwargs", "error", "text"),
        [
            ({"roster": "elves"}, UnknownName, "team roster 'elves'"),
            ({"players": [("human_lineman",)]}, InvalidInput, "player 1 of the list is"),
            ({"players": "human_lineman"}, InvalidInput, "the players of the list are a list"),
            ({"players": [("ogre_lineman", "X")]}, UnknownName, "position 'ogre_lineman'"),
            ({"players": [("human_lineman", "X", "blok")]}, UnknownName, "skill 'blok'"),
            ({"players": [("human_lineman", "X", "loner")]}, UnknownName, "traits are never bought"),
            ({"stars": ["griff"]}, UnknownName, "Star Player 'griff'"),
            ({"stars": "griff_oberwald"}, InvalidInput, "stars is a list of Star Player ids"),
            ({"stars": ["griff_oberwald", "griff_oberwald"]}, InvalidInput, "Griff Oberwald is named twice"),
            ({"stars": ["grak", "grak"]}, InvalidInput, "^Grak is named twice; a team fields each Star Player once$"),
            ({"stars": ["crumbleberry", "grak", "crumbleberry"]}, InvalidInput, "^Crumbleberry is named twice"),
            ({"budget": 0}, InvalidInput, "budget is a whole number of gold pieces > 0"),
            ({"budget": True}, InvalidInput, "got True"),
            ({"rerolls": -1}, InvalidInput, "team reroll: expected a whole number >= 0, got -1"),
            ({"captain": 11}, InvalidInput, "captain is the index of a player"),
            ({"inducements": Order(stars=("griff_oberwald",))}, InvalidInput, "Star Players are named with stars="),
            ({"inducements": {"bribe": 1}}, InvalidInput, "are an inducements Order, got dict"),
        ],
    )
    def test_refused_with_what_came(self, pack: RulePack, kwargs: dict[str, object], error: type, text: str) -> None:
        """Input of the wrong shape or an unknown name raises at once, saying what came."""
        arguments: dict[str, object] = {"roster": "human", "players": _humans()} | kwargs
        roster, players = arguments.pop("roster"), arguments.pop("players")
        with pytest.raises(error, match=text):
            quote_matched_play(pack, roster, players, **arguments)  # type: ignore[arg-type]

    def test_league_team_has_no_skill_points(self, pack: RulePack, team: Sheet) -> None:
        """A league team was not drafted for Matched Play: no Skill Points to explain."""
        with pytest.raises(InvalidInput, match="'Altdorf Anvils' was not drafted for Matched Play"):
            skill_points(pack, team)


class TestGames:
    def test_no_post_match_sequence(self, pack: RulePack) -> None:
        """A Matched Play game earns no SPP: recording one on the team is refused, the team unchanged."""
        team = _goblins(pack)
        record = bb.MatchRecord(number=1, opponent="Orcs", score=(1, 0), events={"9": {"touchdown": 1}})
        with pytest.raises(InvalidInput, match="Snotball is a Matched Play team: its games earn no SPP"):
            bb.PostMatch.start(pack, team, record).record_outcome(progression.ScriptedDice([1]))


class TestCommandLine:
    def test_new_team_from_options(self, pack: RulePack) -> None:
        """players=position:name:skill;..., stars, re-rolls, the captain by his number on the list."""
        players = ";".join(["human_blitzer:Griselda:guard", *(f"human_lineman:L{n}" for n in range(10))])
        team = new_matched_play_team(
            pack,
            roster="human",
            name="Altdorf",
            players=players,
            stars="akhorne_the_squirrel",
            rerolls="2",
            captain="1",
        )
        assert ({"guard", "pro"}, 12, 2) == (
            {s for s in team.member("1").owned if s in ("guard", "pro")},
            len(team.members),
            team.stats["rerolls"],
        )

    def test_sheet_file_round_trip(self, pack: RulePack) -> None:
        """A team made from options, with a pair, staff, fans and a Bribe, is written and read back unchanged."""
        players = ";".join(f"human_lineman:L{n}" for n in range(11))
        team = new_matched_play_team(
            pack,
            roster="human",
            players=players,
            stars="grak",
            apothecary="yes",
            dedicated_fans="2",
            inducements="bribe",
            budget="1200000",
        )
        assert progression.load_sheet(progression.dump_sheet(team)) == team
        assert ("human", 2, 1, "bribe*1") == (
            team.name,
            team.stats["dedicated_fans"],
            team.stats["apothecary"],
            team.tags["matched_play.inducements"],
        )

    def test_unknown_option(self, pack: RulePack) -> None:
        """An option the function does not take is refused with the ones it does."""
        with pytest.raises(
            InvalidInput,
            match=r"^unknown option 'reroll' for new matched_play_team; it takes: roster.*; the closest: rerolls$",
        ):
            new_matched_play_team(pack, roster="human", reroll="2")

    @pytest.mark.parametrize(("captain", "shown"), [("0", "'0'"), ("12", "'12'")])
    def test_the_captain_by_his_number(self, pack: RulePack, captain: str, shown: str) -> None:
        """The captain is named by his number on the list, 1 to 11: the refusal speaks in those terms."""
        players = ";".join(f"human_lineman:L{n}" for n in range(11))
        with pytest.raises(InvalidInput) as error:
            new_matched_play_team(pack, roster="human", players=players, captain=captain)
        assert f"captain is the number of a player in the list (1 to 11), got {shown}" == str(error.value)

    @pytest.mark.parametrize("entry", ["human_lineman", "human_lineman:", "human_lineman::block", ":Anna"])
    def test_a_player_with_a_part_left_out(self, pack: RulePack, entry: str) -> None:
        """An empty part was dropped (``position::skill`` took the skill for the name): refused, naming the entry."""
        with pytest.raises(InvalidInput) as error:
            new_matched_play_team(pack, roster="human", players=f"human_lineman:L1;{entry}")
        assert f"a player of the list is written position:name or position:name:skill, got {entry!r}" == str(
            error.value
        )

    def test_an_inducement_named_twice_adds_up(self, pack: RulePack) -> None:
        """``inducements=bribe,bribe`` is two Bribes, not one (the second used to replace the first)."""
        players = ";".join(f"human_lineman:L{n}" for n in range(11))
        team = new_matched_play_team(pack, roster="human", players=players, inducements="bribe,bribe")
        assert "bribe*2" == team.tags["matched_play.inducements"]

    def test_an_inducement_count_left_out(self, pack: RulePack) -> None:
        """``bribe*`` is refused rather than read as one Bribe."""
        with pytest.raises(InvalidInput, match="the count of bribe must be a whole number, got ''"):
            new_matched_play_team(pack, roster="human", players="human_lineman:L1", inducements="bribe*")

    def test_number_as_text(self, pack: RulePack) -> None:
        """A count must be a whole number."""
        with pytest.raises(InvalidInput, match="rerolls must be a whole number, got 'two'"):
            new_matched_play_team(pack, roster="human", rerolls="two")


#: Skills a Human Lineman lacks: Wrestle, Fend, Kick and Block are Primary (G); the others Secondary (A, D, S).
_HUMAN_SKILLS = ["wrestle", "fend", "guard", "sure_feet", "dirty_player", "kick", "block", "dodge"]
#: Stars who play for a Human team: two Mega-stars, a pair, and two others.
_HUMAN_STARS = ["griff_oberwald", "morg_n_thorg", "grak", "akhorne_the_squirrel", "barik_farblast"]


@st.composite
def _human_lists(draw: st.DrawFn) -> tuple[list[tuple[str, ...]], list[str], int]:
    """10 to 15 Human Linemen, up to four of them given a skill, up to two stars, a budget of 550,000 to 1,600,000."""
    count = draw(st.integers(min_value=10, max_value=15))
    skills = draw(st.lists(st.sampled_from(_HUMAN_SKILLS), max_size=4))
    players = _linemen("human_lineman", skills, count)
    stars = draw(st.lists(st.sampled_from(_HUMAN_STARS), max_size=2, unique=True))
    return players, stars, draw(st.integers(min_value=110, max_value=320)) * 5_000


class TestProperties:
    @settings(max_examples=40, deadline=None)
    @given(_human_lists())
    def test_accepted_lists_stay_in_bounds(
        self, pack: RulePack, drawn: tuple[list[tuple[str, ...]], list[str], int]
    ) -> None:
        """An accepted list spends at most its gold and Skill Points, has 11 to 16 players, 2 stars and 1 Mega-star at
        most, loses the rest of its gold and replays; a refused one raises naming every problem the quote found."""
        players, stars, budget = drawn
        quote = quote_matched_play(pack, "human", players, stars=stars, budget=budget)
        if not quote.ok:
            with pytest.raises((LimitReached, RequirementNotMet, InsufficientPoints)) as caught:
                draft_matched_play(pack, "human", "H", players, stars=stars, budget=budget)
            if isinstance(caught.value, InsufficientPoints):
                assert (quote.gold.total, budget) == (caught.value.needed, caught.value.available)
            else:
                assert [] == [p for p in quote.problems if p not in str(caught.value)]
            return
        team = draft_matched_play(pack, "human", "H", players, stars=stars, budget=budget)
        megas = sum(1 for s in stars if s in ("griff_oberwald", "morg_n_thorg"))
        assert (True, True, True, True, 0) == (
            quote.gold.total <= budget,
            quote.skill_points.total >= 0,
            11 <= len(team.members) <= 16,
            len(stars) <= 2 and megas <= 1,
            team.pools["treasury"],
        )
        assert replay(team.ledger) == team
        assert 50_000 * len(players) == bb.team_value(pack, team).total


class TestBlankNames:
    """A Matched Play list names its team and players: blank names are refused, as a league draft's are."""

    LINEMEN: tuple[tuple[str, str], ...] = tuple(("human_lineman", f"L{n}") for n in range(11))

    @pytest.mark.parametrize("name", ["", "  "])
    def test_a_blank_team_name_when_drafted(self, pack: RulePack, name: str) -> None:
        """A team drafted under no name is refused (it was named "this Human team"); a quote may leave it out."""
        with pytest.raises(InvalidInput, match=rf"^a team's name is a text that is not blank, got {name!r}$"):
            draft_matched_play(pack, "human", name, self.LINEMEN)
        assert quote_matched_play(pack, "human", self.LINEMEN).gold.total > 0

    def test_a_blank_player_name(self, pack: RulePack) -> None:
        """A player of the list named nothing is refused, naming which one."""
        players = [*self.LINEMEN[:10], ("human_blitzer", " ")]
        with pytest.raises(InvalidInput) as refused:
            quote_matched_play(pack, "human", players)
        assert "the name of player 11 of the list (human_blitzer) is a text that is not blank, got ' '" == str(
            refused.value
        )
