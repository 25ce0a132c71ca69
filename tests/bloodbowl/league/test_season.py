"""The end of a season: the scripted season of examples/bloodbowl_season.py checked against numbers worked out by
hand, then what new_season and redraft refuse and what becomes of retired players."""

from __future__ import annotations

import itertools
import runpy
from pathlib import Path

import pytest

import progression
import progression_bloodbowl as bb
from progression import Effect, Entry, RulePack, ScriptedDice, Sheet, replay
from progression.errors import InvalidInput, OutOfOrder, UnknownName
from progression.events import Lost, Step
from progression_bloodbowl.league.season import seasons_played
from progression_bloodbowl.team.results import season_of

from ..conftest import ended

EXAMPLE = Path(__file__).parents[3] / "examples" / "bloodbowl_season.py"


@pytest.fixture(scope="module")
def season() -> dict[str, Sheet]:
    """The team at each checkpoint of the example's season (its output is collected, not printed)."""
    lines: list[str] = []
    result: dict[str, Sheet] = runpy.run_path(str(EXAMPLE))["season"](lines.append)
    assert lines  # the example tells its story
    return result


class TestSeason:
    def test_draft(self, pack: RulePack, season: dict[str, Sheet]) -> None:
        """Players 2x85k + 75k + 2x75k + 6x50k = 695k; re-rolls 2x50k; Apothecary 50k; one fan 5k: 850k spent."""
        team = season["draft"]
        assert 150_000 == team.pools["treasury"]
        assert 695_000 + 100_000 + 50_000 == bb.team_value(pack, team).total
        assert 845_000 == bb.current_team_value(pack, team).total
        assert 2 == team.stats["dedicated_fans"]
        assert team.member("1").has("pro")  # Team Captain

    def test_after_match_one(self, pack: RulePack, season: dict[str, Sheet]) -> None:
        """Griselda +20k (Wrestle), Lena +20k (Sure Feet), Lineman 7 50k, 3 re-rolls at 50k: TV 985k;
        Lineman 1 misses match 2: CTV 935k. Treasury 150k + 70k winnings - 50k - 100k (re-roll at double) = 70k."""
        team = season["match 1"]
        assert 985_000 == bb.team_value(pack, team).total
        assert 935_000 == bb.current_team_value(pack, team).total
        assert 70_000 == team.pools["treasury"]
        assert 3 == team.stats["dedicated_fans"]
        assert (5 - 3, 2, 3 + 4 - 6) == tuple(team.member(m).pools["spp"] for m in ("1", "3", "4"))
        assert 105_000 == bb.queries.current_value(pack, team.member("1")).total

    def test_after_match_two(self, pack: RulePack, season: dict[str, Sheet]) -> None:
        """Lineman 3 died (-50k), Hans +20k (Accurate, imposed): TV 955k. Otto retired (85k) and
        Lineman 2 missing (50k) leave CTV: 820k. Treasury 70k + 40k - 20k (Minor Incident) = 90k."""
        team = season["match 2"]
        assert "8" not in team.members
        assert 955_000 == bb.team_value(pack, team).total
        assert 820_000 == bb.current_team_value(pack, team).total
        assert 90_000 == team.pools["treasury"]
        otto = team.member("2")
        assert ("season", 8, 1) == (otto.tags["retired"], otto.stats["av"], otto.stats["lasting_injuries"])
        assert 1 == team.member("7").stats["niggling"]

    def test_journeymen_count_in_ctv_only(self, pack: RulePack, season: dict[str, Sheet]) -> None:
        """Two journeymen at 50k: CTV 820k + 100k = 920k, TV unchanged at 955k."""
        team = season["before match 3"]
        assert 955_000 == bb.team_value(pack, team).total
        assert 920_000 == bb.current_team_value(pack, team).total

    def test_after_match_three(self, pack: RulePack, season: dict[str, Sheet]) -> None:
        """Jonas hired for 50k + 20k (Kick) keeps 4 SPP and loses Loner; Jakob leaves.
        TV 955k + 70k = 1,025k; CTV without Otto 940k; treasury 90k + 60k - 70k = 80k."""
        team = season["match 3"]
        jonas = team.member("13")
        assert (4, False, True) == (jonas.pools["spp"], jonas.has("loner:4"), jonas.has("kick"))
        assert "journeyman" not in jonas.tags
        assert 12 == len(team.members)
        assert 1_025_000 == bb.team_value(pack, team).total
        assert 940_000 == bb.current_team_value(pack, team).total
        assert 80_000 == team.pools["treasury"]
        assert (3, 1, 1, 1) == tuple(team.stats[k] for k in ("played", "wins", "draws", "losses"))

    def test_the_season_replays_from_its_ledger(self, season: dict[str, Sheet]) -> None:
        """The ledger is the truth: replaying it rebuilds the team, and each post-match sequence is one entry."""
        team = season["match 3"]
        assert replay(team.ledger) == team
        assert len(season["match 2"].ledger) + 2 == len(team.ledger)  # journeymen, then match 3

    def test_treasury_explains_itself(self, pack: RulePack, season: dict[str, Sheet]) -> None:
        """Every gold piece of the treasury is an item of its explanation."""
        account = bb.queries.treasury_account(pack, season["match 3"])
        assert 80_000 == account.total
        assert ["winnings of match 1", "winnings of match 2", "winnings of match 3"] == [
            i.label for i in account.items if i.label.startswith("winnings")
        ]


class TestAccountsNameTheirRules:
    def test_spp_items_name_the_rule(self, pack: RulePack, season: dict[str, Sheet]) -> None:
        """Jonas's SPP: a touchdown and the MVP from match 3, then his first advancement from the advancement table."""
        account = bb.queries.spp_account(pack, season["match 3"], "13")
        assert [
            ("match 3: 1 touchdown x 3", 3, "SPP for match events"),
            ("match 3: MVP (nominee 4)", 4, "MVP: 4 SPP to the nominee the D6 picks"),
            ("advancement 1: Random primary skill (General)", -3, "advancement table: advancement 1 costs 3 SPP"),
        ] == [(i.label, i.amount, i.rule) for i in account.items]

    def test_treasury_items_name_the_rule(self, pack: RulePack, season: dict[str, Sheet]) -> None:
        """Hires at the roster cost, a re-roll at the draft and one at double price, winnings, a mistake, a journeyman."""
        items = {(i.label, i.amount, i.rule) for i in bb.queries.treasury_account(pack, season["match 3"]).items}
        assert {
            ("draft budget", 1_000_000, "team creation"),
            ("hire a Human Blitzer", -85_000, "hiring fee (roster cost)"),
            ("Team Re-roll", -50_000, "re-roll at the roster price during the draft"),
            ("Team Re-roll", -100_000, "re-roll after the draft: double the roster price of 50,000"),
            ("Apothecary", -50_000, "sideline staff price"),
            ("Dedicated Fan (at the draft)", -5_000, "extra Dedicated Fan at the draft"),
            (
                "winnings of match 1",
                70_000,
                "winnings: (fan attendance / 2 + own touchdowns + 1 without Stalling) x 10,000",
            ),
            ("match 2: Expensive Mistakes, Minor Incident (D6 1)", -20_000, "Expensive Mistakes table"),
            ("hire journeyman #13 Jonas", -70_000, "a journeyman hired for good: hiring fee + value increases"),
        } <= items


KEEP = [str(n) for n in range(1, 12)]


def retired_otto(pack: RulePack, team: Sheet) -> Sheet:
    """Otto (#2) took an AV Lasting Injury in match 1 and was temporarily retired."""
    record = bb.MatchRecord(number=1, opponent="Orcs", score=(0, 0), injuries={"2": "lasting_injury:av"})
    dice = ScriptedDice([3, 3, 3])
    return bb.operations.retire(
        pack, bb.operations.update_fans(pack, bb.operations.record_outcome(pack, team, record, dice), record, dice), "2"
    )


class TestRedraftArguments:
    @pytest.mark.parametrize(
        ("options", "message"),
        [
            ({"keep": "12"}, "keep is a list of the member ids to re-hire, such as \\['1', '2'\\], got '12'"),
            ({"keep": [1, 2]}, "keep is a list of the member ids to re-hire, such as \\['1', '2'\\], got \\[1, 2\\]"),
            (
                {"players": "human_lineman:Rookie"},
                "players is a list of \\(position, name\\) pairs, got 'human_lineman",
            ),
            (
                {"players": [("human_lineman",)]},
                "players\\[0\\] is a \\(position, name\\) pair of texts, got \\('human_lineman',\\)",
            ),
            ({"players": ["ab"]}, "players\\[0\\] is a \\(position, name\\) pair of texts, got 'ab'"),
            ({"rerolls": "2"}, "rerolls is a whole number >= 0, got '2'"),
            ({"cheerleaders": 2.5}, "cheerleaders is a whole number >= 0, got 2.5"),
            ({"assistant_coaches": -3}, "assistant_coaches is a whole number >= 0, got -3"),
            ({"dedicated_fans": True}, "dedicated_fans is a whole number >= 0, got True"),
            ({"apothecary": "no"}, "apothecary is True or False, got 'no'"),
            ({"capped": "no"}, "capped is True or False \\(False: the budget has no cap\\), got 'no'"),
            (
                {"cap": "1300000"},
                "cap is None \\(the recommended cap\\) or a whole number of gold pieces >= 0, got '1300000'",
            ),
        ],
    )
    def test_refused_up_front(self, pack: RulePack, team: Sheet, options: dict[str, object], message: str) -> None:
        """Each argument of the wrong kind is named, with what came, before anything is bought."""
        arguments: dict[str, object] = {"keep": KEEP, **options}
        with pytest.raises(InvalidInput, match=f"^the re-draft's {message}"):
            bb.operations.redraft(pack, team, **arguments)  # type: ignore[arg-type]

    def test_a_retired_player_not_kept_leaves(self, pack: RulePack, team: Sheet) -> None:
        """BB2025: a temporarily retired player who is not re-hired retires; the one re-hired comes back fit."""
        hurt = ended(pack, bb.hire(pack, retired_otto(pack, team), "human_lineman", "Rookie"))
        gone = bb.operations.redraft(pack, hurt, keep=[m for m in KEEP if m != "2"] + ["12"], capped=False)
        back = bb.operations.redraft(pack, hurt, keep=KEEP, capped=False)
        assert ("2" not in gone.members, 9) == (True, back.member("2").stats["av"])

    def test_what_a_trial_without_dice_does_not_roll(self, pack: RulePack, team: Sheet) -> None:
        """A re-draft tried without dice rolls nothing: Otto's AV reduction comes back fit, Lineman 2's Niggling
        Injury stays, and nothing says the season's end rolls both; ``season_end_rolls`` says it, by each rule."""
        record = bb.MatchRecord(number=2, opponent="Orcs", score=(0, 0), injuries={"7": "serious_injury"})
        hurt = bb.record_match(pack, ended(pack, retired_otto(pack, team)), record, ScriptedDice([3, 3]))
        hurt = ended(pack, hurt)
        tried = bb.operations.redraft(pack, hurt, keep=KEEP, capped=False)  # what `league redraft` shows
        assert (9, 1) == (tried.member("2").stats["av"], tried.member("7").stats["niggling"])
        niggling = "#7 Lineman 2: 1 Niggling Injury to heal: a D6 each, 4+ (+1 with the Apothecary)"
        assert (
            "#2 Otto: back fit (retirement fit), or with retirement roll the reduction of AV to remove: a D6 each, 4+ "
            "(+1 with the Apothecary)",
            niggling,
        ) == bb.queries.season_end_rolls(pack, hurt)
        assert (niggling,) == bb.queries.season_end_rolls(pack, hurt, retirement="fit")
        assert (
            "#2 Otto: the reduction of AV to remove: a D6 each, 4+ (+1 with the Apothecary)",
            niggling,
        ) == bb.queries.season_end_rolls(pack, hurt, retirement="roll")
        assert () == bb.queries.season_end_rolls(pack, team)

    def test_journeymen_leave_inside_the_new_season(self, pack: RulePack, season: dict[str, Sheet]) -> None:
        """Journeymen still on the roster leave as the first operation of the re-draft's new season, which is one
        step of the entry; what is hired after it is numbered as the sheet stood, and the team replays and verifies."""
        team = season["before match 3"]
        keep = [m for m in KEEP if m != "8"] + ["12"]
        after = bb.operations.redraft(
            pack, team, ScriptedDice([6]), keep=keep, players=[("human_lineman", "Rookie")], capped=False
        )
        step = next(e for e in after.ledger[-1].events if isinstance(e, Step))
        events = after.ledger[-1].events
        at = next(n for n, e in enumerate(events) if isinstance(e, Entry) and e.operation.tag == "bloodbowl.hire")
        assert ("new season 2", "bloodbowl.release_journeymen") == (step.label, step.events[0].operation.tag)
        assert (len(team.ledger) + at + 1, True) == (events[at].number, progression.verify(after, pack).ok)
        assert replay(after.ledger) == after


class TestSeasonEnd:
    def test_not_while_a_match_s_sequence_is_open(self, pack: RulePack, team: Sheet) -> None:
        """A prize, a new season and a re-draft wait for the last match's Expensive Mistakes (it could be skipped
        by ending the season); once they are rolled, each goes on."""
        recorded = bb.record_match(
            pack, team, bb.MatchRecord(number=1, opponent="Orcs", score=(1, 0)), ScriptedDice([3])
        )
        calls = {
            "a play-off prize": lambda t: bb.operations.award_prize(pack, t, 1),
            "a new season": lambda t: bb.new_season(pack, t),
            "a re-draft": lambda t: bb.operations.redraft(pack, t, keep=KEEP),
        }
        for what, call in calls.items():
            with pytest.raises(
                OutOfOrder,
                match=f"match 1 is still open, at step 2 \\(Dedicated Fans updated\\): end it .* before {what}$",
            ):
                call(recorded)
        assert all(call(ended(pack, recorded)).ledger for call in calls.values())

    def test_an_open_sequence_names_the_way_to_close_it(
        self, pack: RulePack, team: Sheet, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """The refusal of a prize while a sequence is open names what closes it in the words of the caller: the
        Python function to a program, the command on the team's file (not ``FILE``) on the command line."""
        from progression.cli.main import main

        recorded = bb.record_match(
            pack, team, bb.MatchRecord(number=1, opponent="Orcs", score=(1, 0)), ScriptedDice([3])
        )
        with pytest.raises(OutOfOrder) as refused:
            bb.operations.award_prize(pack, recorded, 1)
        assert (True, False) == (
            "(step 5: progression_bloodbowl.operations.expensive_mistakes(pack, team, dice, number=1), or "
            "League.act(TEAM, 'close', number=1) in a league's store) before a play-off prize" in str(refused.value),
            "sheet do" in str(refused.value),
        )
        path = tmp_path / "my team.json"
        path.write_text(progression.dump_sheet(recorded), encoding="utf-8")
        capsys.readouterr()
        status = main(["sheet", "do", str(path), "prize", "place=1"])
        err = capsys.readouterr().err
        assert (1, True, False) == (
            status,
            f"(step 5: `progression sheet do '{path}' close number=1`) before a play-off prize" in err,
            "FILE" in err,
        ), err

    def test_not_a_team(self, pack: RulePack, team: Sheet) -> None:
        """A player sheet is named as what it is, for each end-of-season function."""
        player = team.member("1")
        with pytest.raises(
            InvalidInput,
            match=r"expected a team sheet of pack 'bloodbowl' as the sheet for a new season, got a player sheet 'Griselda'$",
        ):
            bb.new_season(pack, player)
        with pytest.raises(InvalidInput, match="as the sheet for the re-draft budget, got a player sheet"):
            bb.queries.redraft_budget(pack, player)
        with pytest.raises(InvalidInput, match="as the sheet for a re-draft, got a player sheet"):
            bb.operations.redraft(pack, player, keep=KEEP)
        with pytest.raises(InvalidInput, match="as the sheet for league points, got a player sheet"):
            bb.queries.league_points(pack, player)
        with pytest.raises(
            InvalidInput, match=r"expected a team sheet of pack 'bloodbowl' as the sheet for results, got str"
        ):
            bb.queries.results("team")  # type: ignore[arg-type]

    def test_a_matched_play_team(self, pack: RulePack) -> None:
        """A Matched Play team has no seasons."""
        matched = bb.operations.draft_matched_play(
            pack, "human", "Tourists", [("human_lineman", f"L{n}") for n in range(11)]
        )
        with pytest.raises(
            InvalidInput,
            match=r"expected a league team as the sheet for a new season, got 'Tourists', a Matched Play team \(which",
        ):
            bb.new_season(pack, matched)

    @pytest.mark.parametrize("season", ["1", 0, -1, True, 1.0, 2, 99])
    def test_a_season_is_one_the_team_reached(self, pack: RulePack, team: Sheet, season: object) -> None:
        """A season that is not a whole number from 1 to the one the team plays is refused, not read as an empty
        season (season 99 of a team in its first answered 0 points), in the words of a league's store."""
        whole = isinstance(season, int) and not isinstance(season, bool)
        told = f"the season asked is one reached: Altdorf Anvils has season 1 only{'' if whole else '; a season is a whole number'}, got {season!r}"
        with pytest.raises(InvalidInput) as points:
            bb.queries.league_points(pack, team, season=season)  # type: ignore[arg-type]
        with pytest.raises(InvalidInput) as found:
            bb.queries.results(team, season=season)  # type: ignore[arg-type]
        assert [told, told] == [str(points.value), str(found.value)]

    def test_an_earlier_season_is_read(self, pack: RulePack, team: Sheet) -> None:
        """A team in its second season is asked seasons 1 and 2; 3 is refused, naming both."""
        later = bb.new_season(pack, team)
        assert ["league points of Altdorf Anvils in season 1", "league points of Altdorf Anvils in season 2"] == [
            bb.queries.league_points(pack, later, season=season).what for season in (1, 2)
        ]
        with pytest.raises(
            InvalidInput, match=r"^the season asked is one reached: Altdorf Anvils has seasons 1 to 2, got 3$"
        ):
            bb.queries.league_points(pack, later, season=3)

    def test_bonus_is_a_bool(self, pack: RulePack, team: Sheet) -> None:
        """A text is not a flag: bonus='no' would be true."""
        with pytest.raises(
            InvalidInput,
            match="bonus is whether bonus points count: True, False or None \\(the league's default\\), got 'no'",
        ):
            bb.queries.league_points(pack, team, bonus="no")  # type: ignore[arg-type]

    def test_inducements_still_held(self, pack: RulePack, team: Sheet) -> None:
        """A star and a bribe induced for match 1 whose outcome was never recorded: the season cannot end,
        and recording the match (ending the inducements) lets it."""
        star = bb.queries.hireable(pack, team)[0]
        order = bb.types.Order(stars=(star,), items={"bribe": 1})
        induced = bb.operations.induce(pack, team, order, bb.queries.inducement_budget(pack, team, 2_000_000), match=1)
        name = induced.member(star).name
        for call in (lambda: bb.new_season(pack, induced), lambda: bb.operations.redraft(pack, induced, keep=KEEP)):
            with pytest.raises(
                InvalidInput, match=f"still holds Star Players #{star} {name} for match 1; inducements are"
            ):
                call()
        drawn = bb.MatchRecord(number=1, opponent="Orcs", score=(0, 0))
        played = bb.operations.record_outcome(pack, induced, drawn, ScriptedDice([]))
        later = bb.new_season(pack, ended(pack, bb.operations.update_fans(pack, played, drawn, ScriptedDice([]))))
        assert (star in later.members, [k for k in later.tags if k.startswith("induced.")]) == (False, [])

    def test_induced_items_without_a_star(self, pack: RulePack, team: Sheet) -> None:
        """Inducements without a star are named by what they are."""
        induced = bb.operations.induce(
            pack, team, bb.types.Order(items={"bribe": 1}), bb.queries.inducement_budget(pack, team, 2_000_000), match=1
        )
        with pytest.raises(InvalidInput, match=r"still holds inducements \(items bribe\*1\) for match 1"):
            bb.new_season(pack, induced)

    def test_an_order_of_nothing_is_named_by_its_price(self, pack: RulePack, team: Sheet) -> None:
        """An order that fielded nothing, as a file holds it from before such an order was refused, is named by what
        it holds ("inducements (items )" before)."""
        held = {"induced.match": "1", "induced.total": "0", "induced.petty_cash": "0", "induced.treasury": "0"}
        induced = pack.adjust(team, Effect(tags=held), reason="match 1: inducements nothing; total 0")
        with pytest.raises(InvalidInput) as error:
            bb.new_season(pack, induced)
        assert ("items )" not in str(error.value), "inducements (match 1; " in str(error.value)) == (True, True)


ENDINGS = [(), ("new_season",), ("redraft",), *itertools.product(("new_season", "redraft"), repeat=2)]


def _end(pack: RulePack, team: Sheet, how: str) -> Sheet:
    """End the team's season with ``new_season`` alone, or with an uncapped re-draft keeping everyone."""
    if how == "new_season":
        return bb.new_season(pack, team)
    return bb.operations.redraft(pack, team, keep=[str(n) for n in range(1, 12)], capped=False)


class TestAgentFee:
    @pytest.mark.parametrize("endings", ENDINGS)
    def test_every_season_on_the_roster(self, pack: RulePack, team: Sheet, endings: tuple[str, ...]) -> None:
        """A player drafted in season 1 pays 20,000 per season on the roster, the current one included, whether the
        seasons before ended with new_season alone or with a re-draft (new_season then a re-draft paid 20,000)."""
        for how in endings:
            team = _end(pack, team, how)
        assert (len(endings) + 1, 20_000 * (len(endings) + 1)) == (
            seasons_played(team, "1"),
            bb.queries.agent_fee(pack, team, "1"),
        )

    def test_new_season_then_redraft_charges_two_seasons(self, pack: RulePack, team: Sheet) -> None:
        """The re-draft at the end of season 2 takes Current Value + 40,000 for a player of season 1 (it took 20,000)."""
        second = bb.new_season(pack, team)
        after = bb.operations.redraft(pack, second, keep=[str(n) for n in range(1, 12)], capped=False)
        entry = after.ledger[-1]
        assert isinstance(entry, Step)
        paid = [e for e in entry.events if isinstance(e, Lost) and e.reason.startswith("re-hire #1 ")]
        assert ["re-hire #1 Griselda: Current Value 85,000 + agent fee 2 season(s) x 20,000"] == [
            e.reason for e in paid
        ]
        assert 85_000 + 40_000 == paid[0].amount

    def test_a_player_hired_in_season_two(self, pack: RulePack, team: Sheet) -> None:
        """A player hired after the first new season has one season on the roster."""
        hired = bb.hire(pack, bb.new_season(pack, team), "human_lineman", "Rookie")
        rookie = next(m for m, p in hired.members.items() if p.name == "Rookie")
        assert (1, 20_000) == (seasons_played(hired, rookie), bb.queries.agent_fee(pack, hired, rookie))

    def test_not_on_the_roster(self, pack: RulePack, team: Sheet) -> None:
        """A member the team does not have is named."""
        with pytest.raises(UnknownName, match="'99'"):
            bb.queries.agent_fee(pack, team, "99")


class TestSeasonTag:
    def test_a_season_tag_that_is_not_a_number(self, pack: RulePack, team: Sheet) -> None:
        """A hand-edited ``season`` tag ("two") was an internal ValueError; it is refused, naming the tag."""
        edited = pack.adjust(team, Effect(tags={"season": "two"}), reason="edited by hand")
        with pytest.raises(InvalidInput) as error:
            season_of(edited)
        assert "the season tag of Altdorf Anvils is a whole number >= 1 such as '2', got 'two'" == str(error.value)
        with pytest.raises(InvalidInput, match="the season tag of Altdorf Anvils is a whole number >= 1"):
            bb.queries.results(edited, season=1)
