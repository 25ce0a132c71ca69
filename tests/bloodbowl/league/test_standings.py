"""League play: standings from the ledgers, friendlies and unplayed fixtures, prizes, the off-season and the re-draft."""

from __future__ import annotations

import functools

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import progression
import progression_bloodbowl as bb
from progression import Effect, RulePack, ScriptedDice, Sheet, replay, undo
from progression.errors import InsufficientPoints, InvalidInput, RequirementNotMet, UnknownName
from progression.events import Rolled, Step
from progression_bloodbowl.data.access import data_of
from progression_bloodbowl.league.season import reductions
from progression_bloodbowl.team.results import numbers
from progression_bloodbowl.team.sequence import STAGES

from ..conftest import HUMANS, ended


def play(pack: RulePack, team: Sheet, match: bb.MatchRecord, *rolls: int) -> Sheet:
    """Post-match steps 1 and 2 with scripted dice (an unused die is harmless), the last match's sequence ended
    first (its Expensive Mistakes rolled a 6: averted below 600,000), as the rules want before the next match."""
    team = ended(pack, team)
    dice = ScriptedDice([*rolls, 3, 3, 3])
    return bb.operations.update_fans(pack, bb.operations.record_outcome(pack, team, match, dice), match, dice)


def match(number: int, score: tuple[int, int], **fields: object) -> bb.MatchRecord:
    """A record against the Orcs unless told otherwise."""
    return bb.MatchRecord(number=number, opponent=str(fields.pop("opponent", "Orcs")), score=score, **fields)  # type: ignore[arg-type]


@pytest.fixture
def season(pack: RulePack, team: Sheet) -> Sheet:
    """Win 3-0 (3 casualties, attendance 6), draw 1-1 (attendance 5), loss 0-2 (attendance 4): treasury 150k + 70k + 40k + 30k."""
    events = {"1": {"touchdown": 3}, "2": {"casualty": 2}, "6": {"casualty": 1}}
    team = play(pack, team, match(1, (3, 0), events=events, fan_attendance=6), 5)
    team = play(pack, team, match(2, (1, 1), fan_attendance=6, opponent="Dwarfs"))
    return play(pack, team, match(3, (0, 2), fan_attendance=7, opponent="Elves"), 6)


class TestResults:
    def test_read_back_from_the_ledger(self, season: Sheet) -> None:
        """Each recorded match is a result with its score and casualties, in order."""
        assert [("win", 3, 0, 3), ("draw", 1, 1, 0), ("loss", 0, 2, 0)] == [
            (r.outcome, r.scored, r.against, r.casualties) for r in bb.queries.results(season)
        ]

    def test_undo_takes_a_result_out(self, season: Sheet) -> None:
        """The ledger is the truth: undoing the last match's Dedicated Fans and outcome removes its result."""
        assert 2 == len(bb.queries.results(undo(undo(season))))

    def test_an_opponent_named_in_words(self, pack: RulePack, team: Sheet) -> None:
        """An opponent's name with spaces and punctuation comes back whole."""
        after = play(pack, team, match(1, (1, 0), opponent="Reikland Reavers: (the) 2nd, 3-1"), 1)
        assert [("Reikland Reavers: (the) 2nd, 3-1", "win", 1, 0)] == [
            (r.opponent, r.outcome, r.scored, r.against) for r in bb.queries.results(after)
        ]

    def test_another_season_starts_empty(self, pack: RulePack, season: Sheet) -> None:
        """After a new season, the results of season 1 are still asked for by number."""
        later = bb.new_season(pack, ended(pack, season))
        assert (0, 3) == (len(bb.queries.results(later)), len(bb.queries.results(later, season=1)))


class TestLeaguePoints:
    def test_without_bonus(self, pack: RulePack, season: Sheet) -> None:
        """Win 3 + draw 1 + loss 0 = 4: the bonus points are off by default."""
        assert 4 == bb.queries.league_points(pack, season).total

    def test_with_bonus(self, pack: RulePack, season: Sheet) -> None:
        """The 3-0 win with 3 casualties earns all three bonus points: 4 + 3 = 7."""
        explained = bb.queries.league_points(pack, season, bonus=True)
        assert 7 == explained.total
        assert [
            "bonus: 3+ touchdowns scored",
            "bonus: 0 touchdowns conceded",
            "bonus: 3+ SPP-earning casualties caused",
        ] == [i.rule for i in explained.items if i.rule.startswith("bonus")]

    def test_bonus_thresholds(self, pack: RulePack, team: Sheet) -> None:
        """2 touchdowns, 1 conceded and 2 casualties earn no bonus; a conceding team earns none either."""
        near = play(pack, team, match(1, (2, 1), events={"1": {"casualty": 2}}))
        assert 3 == bb.queries.league_points(pack, near, bonus=True).total
        conceding = play(pack, team, match(1, (3, 0), conceded="us"), 1)
        assert 0 == bb.queries.league_points(pack, conceding, bonus=True).total

    def test_casualties_a_prayer_makes_worth_spp(self, pack: RulePack, team: Sheet) -> None:
        """Under Fouling Frenzy two foul casualties earn SPP, so with one Block casualty they make the 3 of the bonus;
        without the prayer they earn nothing and do not count."""
        events = {"1": {"casualty": 1}, "2": {"casualty_foul": 2}}
        prayed = play(pack, team, match(1, (1, 2), events=events, prayers=("fouling_frenzy",)))
        plain = play(pack, team, match(1, (1, 2), events=events))
        assert [3, 1] == [bb.queries.results(t)[0].casualties for t in (prayed, plain)]
        assert [1, 0] == [bb.queries.league_points(pack, t, bonus=True).total for t in (prayed, plain)]


class TestStandings:
    def test_table_order_and_columns(self, pack: RulePack, team: Sheet, season: Sheet) -> None:
        """The season's team leads one that lost 0-1 its only match."""
        other = bb.draft(pack, "human", "Bögenhafen Barons", HUMANS)
        other = play(pack, other, match(1, (0, 1)), 1)
        rows = bb.standings(pack, [other, season], bonus=True)
        assert [("Altdorf Anvils", 3, 1, 1, 1, 4, 3, 3, 7), ("Bögenhafen Barons", 1, 0, 0, 1, 0, 1, 0, 0)] == [
            (r.team, r.played, r.won, r.drawn, r.lost, r.scored, r.against, r.bonus, r.points) for r in rows
        ]
        assert "season 1" == bb.queries.standings_lines(rows)[0]
        assert bb.queries.standings_lines(rows)[2].split() == [
            "1",
            "Altdorf",
            "Anvils",
            "3",
            "1",
            "1",
            "1",
            "4-3",
            "3",
            "3",
            "7",
        ]

    def test_tie_break_touchdown_difference(self, pack: RulePack, team: Sheet) -> None:
        """Equal points: the better touchdown difference goes first, whatever the name."""
        wide = play(pack, bb.draft(pack, "human", "Z Wide", HUMANS), match(1, (4, 0)), 1)
        narrow = play(pack, bb.draft(pack, "human", "A Narrow", HUMANS), match(1, (1, 0)), 1)
        assert ["Z Wide", "A Narrow"] == [r.team for r in bb.standings(pack, [narrow, wide])]

    def test_refuses_non_teams_and_twins(self, pack: RulePack, team: Sheet) -> None:
        """A player sheet or two teams of the same name cannot make a table."""
        with pytest.raises(
            InvalidInput,
            match=r"expected a team sheet of pack 'bloodbowl' as the sheet for standings, got a player sheet 'Griselda'$",
        ):
            bb.standings(pack, [team, team.member("1")])
        with pytest.raises(InvalidInput, match=r"^expected the league's team sheets \(a list\) to rank, got int$"):
            bb.standings(pack, 5)  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match="share a name: Altdorf Anvils"):
            bb.standings(pack, [team, team])

    def test_no_teams_make_a_table_without_rows(self, pack: RulePack) -> None:
        """A league without teams yet has a table without rows, of any season, as ``League.standings`` and
        ``league standings`` answer it; its lines say so in the command line's words (they were a header with no
        season, read as a season's table); a season that is no season is still refused."""
        assert ((), (), ["no standings yet"]) == (
            bb.standings(pack, []),
            bb.standings(pack, [], season=3, bonus=True),
            bb.queries.standings_lines(bb.standings(pack, [])),
        )
        with pytest.raises(InvalidInput) as refused:
            bb.standings(pack, [], season="1")  # type: ignore[arg-type]
        assert "the season asked is a whole number from 1 (there are no teams to rank), got '1'" == str(refused.value)
        with pytest.raises(InvalidInput, match=r"^bonus is whether bonus points count"):
            bb.standings(pack, [], bonus="yes")  # type: ignore[arg-type]


@functools.cache
def _fresh(name: str) -> Sheet:
    return bb.draft(progression.load("bloodbowl"), "human", name, HUMANS)


class TestStandingsRefusals:
    def test_a_matched_play_team(self, pack: RulePack, season: Sheet) -> None:
        """A Matched Play team plays no league fixture: it has no place in the table."""
        humans = [("human_lineman", f"L{n}") for n in range(11)]
        matched = bb.operations.draft_matched_play(pack, "human", "Tourists", humans)
        with pytest.raises(
            InvalidInput,
            match="expected a league team as the sheet for standings, got 'Tourists', a Matched Play team \\(which plays no",
        ):
            bb.standings(pack, [season, matched])
        with pytest.raises(
            InvalidInput,
            match="expected a league team as the sheet for a play-off prize, got 'Tourists', a Matched Play team",
        ):
            bb.operations.award_prize(pack, matched, 1)
        with pytest.raises(
            InvalidInput,
            match=r"expected a team sheet of pack 'bloodbowl' as the sheet for the League Trophy, got NoneType",
        ):
            bb.operations.lose_trophy(pack, None)  # type: ignore[arg-type]


class TestStandingsSeasons:
    def test_teams_in_different_seasons_are_refused(self, pack: RulePack, season: Sheet) -> None:
        """Each team's current season mixed seasons silently; without ``season`` the table is refused, naming who plays
        which and how to choose."""
        later = bb.new_season(pack, ended(pack, _fresh("Bögenhafen Barons")))
        with pytest.raises(InvalidInput) as error:
            bb.standings(pack, [season, later])
        expected = (
            "the teams play different seasons (season 1: Altdorf Anvils; season 2: Bögenhafen Barons); "
            "say which season the table counts with season=N (--set season=N on the command line)"
        )
        assert expected == str(error.value)

    def test_a_season_given_counts_that_season(self, pack: RulePack, season: Sheet) -> None:
        """``season=2`` counts season 2 of both teams: the Anvils, still in season 1, have played none of it."""
        later = bb.new_season(pack, ended(pack, _fresh("Bögenhafen Barons")))
        rows = bb.standings(pack, [season, later], season=2)
        assert [("Altdorf Anvils", 0, 2), ("Bögenhafen Barons", 0, 2)] == [(r.team, r.played, r.season) for r in rows]
        assert "season 2" == bb.queries.standings_lines(rows)[0]

    def test_a_season_no_team_has_reached(self, pack: RulePack, season: Sheet) -> None:
        """A season none of the teams has reached is refused, saying which seasons they have (a table of zeros for
        season 9 read as a season played, as ``league standings --season 9`` refuses); one reached by a team is
        counted."""
        later = bb.new_season(pack, ended(pack, _fresh("Bögenhafen Barons")))
        with pytest.raises(InvalidInput) as error:
            bb.standings(pack, [season, later], season=9)
        expected = "the season asked is one reached: the teams (season 1: Altdorf Anvils; season 2: Bögenhafen Barons) have seasons 1 to 2, got 9"
        assert expected == str(error.value)
        with pytest.raises(
            InvalidInput, match=r"^the season asked is one reached: Altdorf Anvils has season 1 only, got 2$"
        ):
            bb.standings(pack, [season], season=2)
        for below in (0, -1):
            with pytest.raises(
                InvalidInput, match=rf"^the season asked is one reached: Altdorf Anvils has season 1 only, got {below}$"
            ):
                bb.standings(pack, [season], season=below)
        for typed in ("1", True, 1.0):  # said "has season 1 only, got '1'", as if a season were not reached
            with pytest.raises(InvalidInput) as wrong:
                bb.standings(pack, [season], season=typed)
            expected = f"the season asked is one reached: Altdorf Anvils has season 1 only; a season is a whole number, got {typed!r}"
            assert expected == str(wrong.value)
        assert [2, 2] == [row.season for row in bb.standings(pack, [season, later], season=2)]

    def test_the_lines_name_the_season(self, pack: RulePack, season: Sheet) -> None:
        """The printed table starts with its season; rows of several seasons (made by hand) name them all."""
        (row,) = bb.standings(pack, [season])
        assert ["season 1", "seasons 1, 3"] == [
            bb.queries.standings_lines([row])[0],
            bb.queries.standings_lines([row, attrs.evolve(row, team="Z", season=3)])[0],
        ]


class TestMatchNumbers:
    def test_recorded_and_closed(self, pack: RulePack, season: Sheet) -> None:
        """The season's three matches are recorded; those closed are those ended (the first two before the next
        match, the third here); undo and a new season forget."""
        ended = bb.operations.expensive_mistakes(pack, season, ScriptedDice([6]), number=3)
        assert (frozenset({1, 2, 3}), frozenset({1, 2, 3})) == numbers(ended)
        assert (frozenset({1, 2, 3}), frozenset({1, 2})) == numbers(undo(ended))
        assert (frozenset(), frozenset()) == numbers(bb.new_season(pack, ended))
        assert (frozenset({1, 2, 3}), frozenset({1, 2, 3})) == numbers(bb.new_season(pack, ended), season=1)


class TestStandingsProperties:
    @settings(max_examples=15, deadline=None)
    @given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=1, max_size=4))
    def test_points_of_both_sides(self, scores: list[tuple[int, int]]) -> None:
        """Two teams playing each other: 3 points per decided match, 2 per draw, between them."""
        pack = progression.load("bloodbowl")
        home, away = _fresh("Home"), _fresh("Away")
        for number, (a, b) in enumerate(scores, 1):
            home = play(pack, home, match(number, (a, b), opponent="Away"), 1)
            away = play(pack, away, match(number, (b, a), opponent="Home"), 1)
        draws = sum(a == b for a, b in scores)
        assert 3 * (len(scores) - draws) + 2 * draws == sum(r.points for r in bb.standings(pack, [home, away]))


class TestFriendly:
    def test_nothing_at_stake(self, pack: RulePack, team: Sheet) -> None:
        """No SPP, no winnings, no record, Dedicated Fans unchanged, no league points."""
        after = play(pack, team, match(1, (2, 0), kind="friendly", events={"1": {"touchdown": 2}}, fan_attendance=6))
        assert (0, 150_000, 0, 2) == (
            after.member("1").pools["spp"],
            after.pools["treasury"],
            after.stats["played"],
            after.stats["dedicated_fans"],
        )
        assert 0 == bb.queries.league_points(pack, after).total
        assert replay(after.ledger) == after

    def test_every_casualty_is_badly_hurt(self, pack: RulePack, team: Sheet) -> None:
        """A Lasting Injury in a friendly reduces nothing and misses no match."""
        after = play(pack, team, match(1, (0, 0), kind="friendly", injuries={"2": "lasting_injury:av"}))
        otto = after.member("2")
        assert (9, 0, False) == (otto.stats["av"], otto.stats["lasting_injuries"], "miss_next" in otto.tags)

    def test_a_missed_match_is_not_served(self, pack: RulePack, team: Sheet) -> None:
        """A player who must miss the next fixture still does after a friendly."""
        team = play(pack, team, match(1, (0, 0), injuries={"2": "seriously_hurt"}))
        after = play(pack, team, match(2, (0, 0), kind="friendly"))
        assert "miss_next" in after.member("2").tags

    def test_refusals(self, pack: RulePack, team: Sheet) -> None:
        """A concession or MVP nominees in a friendly are refused; an unknown kind is named."""
        with pytest.raises(InvalidInput, match="friendly game: nothing is at stake"):
            bb.operations.record_outcome(pack, team, match(1, (0, 0), kind="friendly", conceded="us"), ScriptedDice([]))
        with pytest.raises(InvalidInput, match="awards no SPP: no MVP nominees"):
            bb.operations.record_outcome(
                pack, team, match(1, (0, 0), kind="friendly", mvp_nominees=("1",)), ScriptedDice([])
            )
        with pytest.raises(UnknownName, match="match kind 'exhibition'"):
            bb.operations.record_outcome(pack, team, match(1, (0, 0), kind="exhibition"), ScriptedDice([]))


class TestUnplayed:
    def test_a_loss_without_winnings(self, pack: RulePack, team: Sheet) -> None:
        """A loss for the standings, no winnings, no MVP, no Dedicated Fans roll, no match on the record."""
        after = play(pack, team, match(1, (0, 0), kind="unplayed"))
        assert [("loss", "unplayed")] == [(r.outcome, r.kind) for r in bb.queries.results(after)]
        assert (150_000, 0, 2) == (after.pools["treasury"], after.stats["played"], after.stats["dedicated_fans"])

    def test_conceded_by_the_opponent(self, pack: RulePack, team: Sheet) -> None:
        """Two MVPs and D6 x 10,000: rolls 1 and 2 pick nominees, 4 gives 40,000; a win, 3 points."""
        record = match(1, (0, 0), kind="unplayed", conceded="them", mvp_nominees=("1", "3"))
        after = play(pack, team, record, 1, 2, 4)
        assert (4, 4, 190_000) == (
            after.member("1").pools["spp"],
            after.member("3").pools["spp"],
            after.pools["treasury"],
        )
        assert 3 == bb.queries.league_points(pack, after).total
        outcome = after.ledger[-2]
        assert isinstance(outcome, Step)
        rolls = [e for e in outcome.events if isinstance(e, Rolled)]
        assert ["MVP 1", "MVP 2", "unplayed fixture winnings"] == [r.label for r in rolls]

    def test_conceded_by_us(self, pack: RulePack, team: Sheet) -> None:
        """Conceding Without Penalty: the conceding side keeps its Dedicated Fans (no D3) and earns nothing."""
        after = play(pack, team, match(1, (0, 0), kind="unplayed", conceded="us"), 1)
        assert (2, 150_000) == (after.stats["dedicated_fans"], after.pools["treasury"])

    def test_refusals(self, pack: RulePack, team: Sheet) -> None:
        """Scores, events and nominees have no place in a fixture nobody played."""
        bad = match(1, (1, 0), kind="unplayed", events={"1": {"touchdown": 1}}, mvp_nominees=("1",))
        with pytest.raises(
            InvalidInput, match="has no score 1-0, match events, MVP nominees; MVP nominees are given only"
        ):
            bb.operations.record_outcome(pack, team, bad, ScriptedDice([]))

    def test_winnings_need_the_roll(self, pack: RulePack, team: Sheet) -> None:
        """The explanation of conceded unplayed winnings asks for the D6 it was rolled with."""
        record = match(1, (0, 0), kind="unplayed", conceded="them")
        assert 30_000 == bb.queries.winnings(pack, team, record, rolled=3).total
        with pytest.raises(InvalidInput, match="pass the roll"):
            bb.queries.winnings(pack, team, record)
        with pytest.raises(InvalidInput, match="pass the roll \\(1 to 6\\), got '3'"):
            bb.queries.winnings(pack, team, record, rolled="3")  # type: ignore[arg-type]


class TestPlayOff:
    """A play-off game is played as a league fixture (SPP, winnings, Dedicated Fans, the post-match sequence) but
    is in no league table: the table is the regular season's, and the play-offs decide the prizes."""

    def test_played_but_not_in_the_table(self, pack: RulePack, season: Sheet) -> None:
        """After the regular season (4 points), a play-off won 2-1: its SPP and winnings are earned, it is on the
        team's record and in its results, and the table and the league points are the regular season's."""
        before = bb.standings(pack, [season])
        final = match(4, (2, 1), kind="playoff", events={"1": {"touchdown": 2}}, fan_attendance=6)
        after = play(pack, season, final, 6)
        assert (6, 4, "playoff") == (
            after.member("1").pools["spp"] - season.member("1").pools["spp"],
            after.stats["played"],
            bb.queries.results(after)[-1].kind,
        )
        assert 60_000 == after.pools["treasury"] - season.pools["treasury"]  # (6/2 + 2 + 1) x 10,000
        assert 4 == bb.queries.league_points(pack, after).total
        assert [(r.played, r.won, r.points, r.scored) for r in before] == [
            (r.played, r.won, r.points, r.scored) for r in bb.standings(pack, [after])
        ]
        step = after.ledger[-2]
        assert isinstance(step, Step)
        assert ["match 4 against Orcs: win 2-1, 0 casualties (play-off)"] == [
            e.reason for e in step.events if getattr(e, "reason", "").startswith("match 4 against")
        ]

    @pytest.mark.parametrize(("shootout", "roll", "fans"), [("us", 6, 3), ("them", 1, 1)])
    def test_the_penalty_shootout_decides(
        self, pack: RulePack, team: Sheet, shootout: str, roll: int, fans: int
    ) -> None:
        """Level after Extra Time, the Penalty Shoot-out's winner wins the game, the score staying level: its
        Dedicated Fans roll as a win's (6 >= 2: +1), the loser's as a loss's (1 < 2: -1)."""
        after = play(pack, team, match(1, (1, 1), kind="playoff", fan_attendance=6, shootout=shootout), roll)
        result = bb.queries.results(after)[-1]
        assert ("win" if shootout == "us" else "loss", 1, 1, fans) == (
            result.outcome,
            result.scored,
            result.against,
            after.stats["dedicated_fans"],
        )
        assert replay(after.ledger) == after

    @pytest.mark.parametrize(
        ("fields", "message"),
        [
            (
                {"kind": "playoff", "score": (2, 2)},
                "match 1 is a play-off level at 2-2: a play-off has a winner, so a level score after Extra Time goes "
                "to a Penalty Shoot-out; say who won it (shootout=us or shootout=them)",
            ),
            (
                {"score": (1, 1), "shootout": "us"},
                "match 1 is no play-off (its kind is 'league'): only a play-off level after Extra Time (kind=playoff, "
                "the score level, nobody conceded) is decided by a Penalty Shoot-out; leave shootout out, got "
                "shootout='us'",
            ),
            ({"kind": "playoff", "score": (2, 1), "shootout": "them"}, "match 1 ended 2-1: only a play-off level"),
            ({"kind": "playoff", "score": (0, 0), "conceded": "us", "shootout": "them"}, "match 1 was conceded: "),
            ({"kind": "playoff", "score": (1, 1), "shootout": "home"}, "match 1: shootout is 'us' (this team won"),
        ],
        ids=["level-without-winner", "not-a-playoff", "not-level", "conceded", "home"],
    )
    def test_refusals(self, pack: RulePack, team: Sheet, fields: dict[str, object], message: str) -> None:
        """A play-off level without the shoot-out's winner, and a shoot-out where none is played, are refused
        before anything is recorded."""
        score = fields.pop("score")
        record = match(1, score, fan_attendance=6, **fields)  # type: ignore[arg-type]
        with pytest.raises(InvalidInput) as refused:
            bb.operations.record_outcome(pack, team, record, ScriptedDice([]))
        assert str(refused.value).startswith(message)

    def test_not_a_fixture_of_the_redraft_budget(self, pack: RulePack, team: Sheet) -> None:
        """The re-draft budget counts the League Fixtures played, won and drawn: a play-off won adds nothing."""
        team = play(pack, team, match(1, (0, 0), fan_attendance=6))
        without = bb.queries.redraft_budget(pack, team, capped=False).total
        team = play(pack, team, match(2, (1, 0), kind="playoff", fan_attendance=6, mvp_nominees=("1",)), 1, 3)
        assert without + 50_000 == bb.queries.redraft_budget(pack, team, capped=False).total  # its winnings only


class TestPrizes:
    def test_first_place(self, pack: RulePack, team: Sheet) -> None:
        """100,000 and the League Trophy's re-roll, counted in TV at the roster price (50,000)."""
        after = bb.operations.award_prize(pack, ended(pack, team), 1)
        assert (250_000, 3) == (after.pools["treasury"], after.stats["rerolls"])
        assert 50_000 == bb.team_value(pack, after).total - bb.team_value(pack, team).total
        assert ended(pack, team) == undo(after)

    @pytest.mark.parametrize(("place", "money"), [(2, 60_000), (3, 30_000)])
    def test_other_places(self, pack: RulePack, team: Sheet, place: int, money: int) -> None:
        """2nd and 3rd: money only."""
        after = bb.operations.award_prize(pack, ended(pack, team), place)
        assert (150_000 + money, 2) == (after.pools["treasury"], after.stats["rerolls"])

    def test_refusals(self, pack: RulePack, team: Sheet) -> None:
        """Place 4 and a second prize in one season are refused."""
        with pytest.raises(InvalidInput, match="places 1 to 3, got 4"):
            bb.operations.award_prize(pack, ended(pack, team), 4)
        with pytest.raises(InvalidInput, match="already received a play-off prize in season 1"):
            bb.operations.award_prize(pack, bb.operations.award_prize(pack, ended(pack, team), 2), 1)

    def test_losing_the_trophy(self, pack: RulePack, team: Sheet) -> None:
        """The re-roll leaves with the trophy; a team without it cannot lose it."""
        after = bb.operations.lose_trophy(pack, bb.operations.award_prize(pack, ended(pack, team), 1))
        assert (2, False) == (after.stats["rerolls"], "league_trophy" in after.tags)
        with pytest.raises(RequirementNotMet, match="does not hold the League Trophy"):
            bb.operations.lose_trophy(pack, team)


class TestNewSeason:
    def test_niggling_injury_with_an_apothecary(self, pack: RulePack, team: Sheet) -> None:
        """D6 3 + 1 (Apothecary) = 4 removes it; without the Apothecary 3 does not."""
        injured = play(pack, team, match(1, (0, 0), injuries={"7": "serious_injury"}))
        healed = bb.new_season(pack, ended(pack, injured), ScriptedDice([3]))
        assert (0, False) == (healed.member("7").stats["niggling"], "miss_next" in healed.member("7").tags)
        alone = bb.operations.fire_staff(pack, injured, "apothecary")
        assert 1 == bb.new_season(pack, ended(pack, alone), ScriptedDice([3])).member("7").stats["niggling"]

    def test_without_dice_no_roll(self, pack: RulePack, team: Sheet) -> None:
        """Without dice the Niggling Injury stays, the season still moves on."""
        injured = play(pack, team, match(1, (0, 0), injuries={"7": "serious_injury"}))
        after = bb.new_season(pack, ended(pack, injured))
        assert (1, "2") == (after.member("7").stats["niggling"], after.tags["season"])

    def test_retired_back_fit_by_default(self, pack: RulePack, team: Sheet) -> None:
        """The seed's rule: a retired player is back fully fit, no die rolled: each reduction is removed (AV 8 -> 9,
        MA 6 -> 7), his Lasting Injuries counted off; a player who was not retired keeps his."""
        hurt = play(pack, team, match(1, (0, 0), injuries={"2": "lasting_injury:av", "3": "lasting_injury:ma"}))
        hurt = pack.adjust(hurt, Effect(stats={"lasting_injuries": 1, "ma": -1}), reason="a second one", member="2")
        back = bb.new_season(pack, ended(pack, bb.operations.retire(pack, hurt, "2")))
        otto, hans = back.member("2"), back.member("3")
        assert (9, 7, 0, False, []) == (
            otto.stats["av"],
            otto.stats["ma"],
            otto.stats["lasting_injuries"],
            "retired" in otto.tags,
            reductions(otto),
        )
        assert (5, [("ma", -1)]) == (hans.stats["ma"], reductions(hans))
        assert replay(back.ledger) == back

    @pytest.mark.parametrize(("roll", "av"), [(3, 9), (2, 8)])
    def test_retired_roll_option(self, pack: RulePack, team: Sheet, roll: int, av: int) -> None:
        """BB2025: D6 + 1 (Apothecary) of 4+ removes the AV reduction."""
        hurt = bb.operations.retire(pack, play(pack, team, match(1, (0, 0), injuries={"2": "lasting_injury:av"})), "2")
        back = bb.new_season(pack, ended(pack, hurt), ScriptedDice([roll]), retirement="roll")
        assert av == back.member("2").stats["av"]
        assert (av == 9) == (reductions(back.member("2")) == [])
        assert replay(back.ledger) == back

    def test_retirement_rule_refusals(self, pack: RulePack, team: Sheet) -> None:
        """An unknown rule is named; rolling needs dice."""
        with pytest.raises(UnknownName, match="retirement rule 'heal'"):
            bb.new_season(pack, ended(pack, team), retirement="heal")
        with pytest.raises(InvalidInput, match="pass dice"):
            bb.new_season(pack, ended(pack, team), retirement="roll")


KEEP = [str(n) for n in range(1, 12)]


class TestRedraft:
    def test_budget_capped(self, pack: RulePack, season: Sheet) -> None:
        """1,000,000 + 310,000 + 3 x 20,000 + 20,000 + 10,000 = 1,400,000, capped at 1,300,000."""
        assert 310_000 == season.pools["treasury"]
        assert 1_300_000 == bb.queries.redraft_budget(pack, season).total
        assert 1_400_000 == bb.queries.redraft_budget(pack, season, capped=False).total
        assert 1_350_000 == bb.queries.redraft_budget(pack, season, cap=1_350_000).total

    def test_rehire_everyone(self, pack: RulePack, season: Sheet) -> None:
        """Current Values 695,000 + 11 agent fees of 20,000 = 915,000; 2 re-rolls and an Apothecary at draft prices
        150,000: 1,300,000 - 1,065,000 = 235,000 left in the treasury."""
        after = bb.operations.redraft(
            pack, ended(pack, season), ScriptedDice([]), keep=KEEP, rerolls=2, apothecary=True
        )
        assert (235_000, 2, 1, 1) == (
            after.pools["treasury"],
            after.stats["rerolls"],
            after.stats["apothecary"],
            after.stats["dedicated_fans"],
        )
        assert 40_000 == bb.queries.agent_fee(pack, after, "1")  # two seasons now
        assert bb.queries.current_value(pack, after.member("1")) == bb.queries.current_value(pack, season.member("1"))
        assert "drafted" in after.tags
        assert replay(after.ledger) == after
        assert ended(pack, season) == undo(after)

    def test_the_budget_is_told_with_what_it_adds(self, pack: RulePack, season: Sheet) -> None:
        """The re-draft just made says its budget, capped, and what the treasury held, beside the amount it adds; the
        event keeps its reason (verify compares it), and a history told without the team before says that alone."""
        from progression.authoring import Narrator

        before = ended(pack, season)
        after = bb.operations.redraft(pack, before, ScriptedDice([]), keep=KEEP, rerolls=2, apothecary=True)
        held = before.pools["treasury"]
        assert (
            f"+{1_300_000 - held:,} gp: re-draft budget after season 1 (1,300,000, capped from 1,400,000; the "
            f"treasury held {held:,})"
        ) == Narrator(pack).since(before, after)[1].strip()
        assert f"+{1_300_000 - held:,} gp: re-draft budget after season 1" == next(
            line.strip() for line in Narrator(pack).within(after).outline(after.ledger[-1]) if "budget" in line
        )

    def test_players_not_kept_leave_and_new_ones_join(self, pack: RulePack, season: Sheet) -> None:
        """Ten kept and a rookie: the eleventh leaves, the rookie has played no season."""
        after = bb.operations.redraft(pack, ended(pack, season), keep=KEEP[:10], players=[("human_lineman", "Rookie")])
        assert "Lineman 6" not in [p.name for p in after.members.values()]
        rookie = next(m for m, p in after.members.items() if p.name == "Rookie")
        assert 20_000 == bb.queries.agent_fee(pack, after, rookie)

    def test_trophy_reroll_stays(self, pack: RulePack, season: Sheet) -> None:
        """The holder starts the re-draft with the trophy's re-roll and buys one more."""
        after = bb.operations.redraft(
            pack, bb.operations.award_prize(pack, ended(pack, season), 1), keep=KEEP, rerolls=1
        )
        assert 2 == after.stats["rerolls"]

    def test_over_budget(self, pack: RulePack, season: Sheet) -> None:
        """With a 900,000 cap the eleventh re-hire (70,000 on 845,000 spent) is refused, naming him."""
        with pytest.raises(InsufficientPoints, match="Re-hiring Lineman 6"):
            bb.operations.redraft(pack, ended(pack, season), keep=KEEP, cap=900_000)

    def test_too_few_players(self, pack: RulePack, season: Sheet) -> None:
        """Ten players are refused, counted."""
        with pytest.raises(InvalidInput, match="11 to 16 players, got 10 \\(10 re-hired, 0 new\\)"):
            bb.operations.redraft(pack, ended(pack, season), keep=KEEP[:10])

    def test_unknown_member(self, pack: RulePack, season: Sheet) -> None:
        """A player to keep who is not on the roster is named."""
        with pytest.raises(UnknownName, match="player to re-hire '99'"):
            bb.operations.redraft(pack, ended(pack, season), keep=[*KEEP, "99"])

    def test_fixtures_exclude_friendlies_and_unplayed(self, pack: RulePack, team: Sheet) -> None:
        """Only league matches played count: 1,000,000 + 160,000 (10,000 won without Stalling) + one draw 30,000."""
        team = play(pack, team, match(1, (0, 0)))
        team = play(pack, team, match(2, (1, 0), kind="friendly"))
        team = play(pack, team, match(3, (0, 0), kind="unplayed"))
        assert 1_190_000 == bb.queries.redraft_budget(pack, team).total


class TestTreasuryAccount:
    def test_every_league_payment_names_its_rule(self, pack: RulePack, season: Sheet) -> None:
        """A prize, the re-draft budget and each re-hire say which rule set them, never "awarded by hand"."""
        after = bb.operations.redraft(pack, bb.operations.award_prize(pack, ended(pack, season), 2), keep=KEEP)
        items = bb.queries.treasury_account(pack, after).items

        def rule(label: str) -> str:
            return next(item.rule for item in items if item.label.startswith(label))

        assert "play-off prizes: 100,000, 60,000, 30,000 for places 1 to 3" == rule("play-off prize")
        assert rule("re-draft budget").startswith("re-draft budget: 1,000,000 + treasury + 20,000 per fixture played")
        assert "a player re-hired at his Current Value + 20,000 agent fee per season played" == rule("re-hire #1")

    def test_conceded_unplayed_fixture(self, pack: RulePack, team: Sheet) -> None:
        """The D6 x 10,000 of an unplayed fixture the opponent conceded is not the winnings formula."""
        record = match(1, (0, 0), kind="unplayed", conceded="them", mvp_nominees=("1",))
        after = play(pack, team, record, 4)  # the only nominee is both MVPs unrolled
        last = bb.queries.treasury_account(pack, after).items[-1]
        assert (40_000, "an unplayed fixture the opponent conceded: D6 x 10,000") == (last.amount, last.rule)


class TestPostGameSequence:
    def test_data_sequence_agrees_with_stages(self, pack: RulePack) -> None:
        """[post_game].sequence names the six steps the ten stages of PostMatch fall in, in the same order."""
        step_of = {
            "outcome": "record_outcome_and_winnings",
            "fans": "update_dedicated_fans",
            "advancement": "player_advancement",
            "dead": "hiring_firing_and_retiring",
            "hire": "hiring_firing_and_retiring",
            "fire": "hiring_firing_and_retiring",
            "staff": "hiring_firing_and_retiring",
            "journeymen": "hiring_firing_and_retiring",
            "mistakes": "expensive_mistakes",
            "prepare": "prepare_next_fixture",
        }
        ordered = list(dict.fromkeys(step_of[stage] for stage in STAGES))
        assert list(data_of(pack).rules.league.post_game) == ordered


class TestCommands:
    def test_end_of_season_actions(self, pack: RulePack, season: Sheet) -> None:
        """prize, redraft and explain.points work on text options as the command line passes them."""
        dice = ScriptedDice([])
        team = pack.contract.action("prize").function(pack, ended(pack, season), dice, place="1")
        team = pack.contract.action("redraft").function(
            pack, team, dice, keep=",".join(KEEP), players="human_lineman:Rookie", rerolls="1", cap="none"
        )
        assert (12, 2) == (len(team.members), team.stats["rerolls"])
        explain_points = pack.contract.explanation("points").function
        assert 7 == explain_points(pack, season, bonus="yes").total
        with pytest.raises(InvalidInput, match="season must be a whole number, got 'two'"):
            explain_points(pack, season, season="two")


class TestReductions:
    def test_a_reduction_set_by_hand(self, pack: RulePack, team: Sheet) -> None:
        """A Lasting Injury adjusted by hand is a reduction the off-season roll can remove, like one from a match."""
        hurt = pack.adjust(team, Effect(stats={"lasting_injuries": 1, "ma": -1}), reason="by hand", member="6")
        assert [("ma", -1)] == reductions(hurt.member("6"))


@functools.cache
def _season_team() -> Sheet:
    pack = progression.load("bloodbowl")
    team = bb.draft(pack, "human", "Altdorf Anvils", HUMANS, rerolls=2, apothecary=True)
    events = {"1": {"touchdown": 2}, "2": {"casualty": 1}}
    return play(pack, play(pack, team, match(1, (2, 1), events=events, fan_attendance=6), 6), match(2, (0, 0)))


class TestRedraftProperties:
    @settings(max_examples=12, deadline=None)
    @given(st.sets(st.sampled_from(KEEP)), st.integers(0, 5))
    def test_every_gold_piece_accounted_for(self, kept: set[str], rookies: int) -> None:
        """Uncapped: the treasury left is the budget less each Current Value plus its 20,000 fee and 50,000 a rookie;
        fewer than 11 or more than 16 players are refused and nothing changes."""
        pack = progression.load("bloodbowl")
        team = _season_team()
        keep = sorted(kept, key=int)
        hires = [("human_lineman", f"Rookie {n}") for n in range(rookies)]
        budget = bb.queries.redraft_budget(pack, team, capped=False).total
        if not 11 <= len(keep) + rookies <= 16:
            with pytest.raises(InvalidInput, match="a re-drafted team has 11 to 16 players"):
                bb.operations.redraft(pack, ended(pack, team), keep=keep, players=hires, capped=False)
            return
        after = bb.operations.redraft(pack, ended(pack, team), keep=keep, players=hires, capped=False)
        spent = sum(bb.queries.current_value(pack, team.member(m)).total + 20_000 for m in keep) + 50_000 * rookies
        assert budget - spent == after.pools["treasury"]
        assert replay(after.ledger) == after
        assert ended(pack, team) == undo(after)


class TestCommandLine:
    def test_a_season_ends_on_a_team_file(self, tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
        """A team file plays an unplayed fixture and ends its sequence, takes the 2nd prize and is re-drafted, each
        by `sheet do`."""
        from progression.cli.main import main

        path = f"{tmp_path}/team.json"
        assert 0 == main(["sheet", "new", path, "--pack", "bloodbowl", "--kind", "team", "--set", "roster=human"])
        for n in range(11):
            assert 0 == main(["sheet", "do", path, "hire", "position=human_lineman", f"name=L{n}"])
        steps = [
            ["match", "number=1", "opponent=Orcs", "kind=unplayed", "--seed", "1"],
            ["close", "number=1", "--dice", "6"],  # Expensive Mistakes averted
            ["prize", "place=2"],
            ["redraft", f"keep={','.join(KEEP)}", "players=human_catcher:Cat", "cap=none", "--seed", "1"],
        ]
        for step in steps:
            assert 0 == main(["sheet", "do", path, *step]), capsys.readouterr().err
        with open(path, encoding="utf-8") as saved:
            team = progression.load_sheet(saved.read())
        # 450,000 left after the hires, + 60,000 prize; re-draft 1,000,000 + 510,000; 11 x 70,000 and a Catcher 75,000.
        assert (12, 1_510_000 - 770_000 - 75_000) == (len(team.members), team.pools["treasury"])
