"""The end of a season in a league kept in one store: play-off prizes and the League Trophy, each team's re-draft
kept before the season ends, the new season for every team at once (each with its re-draft or the plain
off-season), and the fixtures of a play-off; every refusal leaves the store as it was."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import attrs
import pytest

import progression_bloodbowl as bb
from progression import RulePack, SeededDice
from progression.errors import InsufficientPoints, InvalidInput, OutOfOrder, RulesChanged, StoreError, UnknownName
from progression_bloodbowl.types import Redraft
from support.stores import raw

from ..conftest import HUMANS, version_3
from .test_league_store import league_of, play_season

ELEVEN = tuple(str(n) for n in range(1, 12))


def ended(league: bb.types.League) -> bb.types.League:
    """The league's season played, every team's last sequence closed."""
    league.schedule()
    play_season(league, SeededDice(5))
    last = max(f.round for f in league.fixtures())
    for team in league.teams():
        league.close_match(team, last, SeededDice(1), must_advance=False)
    return league


def rows(league: bb.types.League) -> list[tuple[object, ...]]:
    """Every row of the store's tables that a change writes: the sheets' entries and the records."""
    where = league.store.where
    return raw(where, "SELECT * FROM entries ORDER BY sheet, version") + raw(
        where, "SELECT * FROM records ORDER BY name"
    )


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def season(tmp_path: Path, pack: RulePack):
    with league_of(tmp_path / "league.sqlite", pack) as opened:
        yield ended(opened)


def played(home: int, away: int) -> bb.types.Played:
    """A match played with the given score: its attendance, and each side's Blitzer its only MVP nominee."""
    nominee = bb.types.Side(mvp_nominees=("1",))
    return bb.types.Played(score=(home, away), home=nominee, away=nominee, fan_attendance=10)


class TestPrizes:
    def test_three_places_and_the_trophy(self, season: bb.types.League) -> None:
        """Each place's prize goes into its team's treasury; the winner takes the League Trophy and its free
        re-roll; the season's places are recorded."""
        before = {t: season.team(t).pools["treasury"] for t in season.teams()}
        changed = season.award_prizes(["counts", "anvils", "dukes"])
        assert ["counts", "anvils", "dukes"] == list(changed)
        gained = {t: season.team(t).pools["treasury"] - before[t] for t in season.teams()}
        assert {"anvils": 60_000, "barons": 0, "counts": 100_000, "dukes": 30_000} == gained
        counts = season.team("counts")
        assert ("1", 1) == (counts.tags["league_trophy"], counts.stats["rerolls"])
        assert ["play-off prize: 1st place", "play-off prize: 2nd place"] == [
            season.team(t).ledger[-1].label for t in ("counts", "anvils")
        ]

    def test_the_trophy_passes_on_next_season(self, season: bb.types.League) -> None:
        """Next season's winner takes the trophy from its holder, whose free re-roll goes with it."""
        season.award_prizes(["anvils"])
        season.new_season()
        ended(season)
        changed = season.award_prizes(["barons", "anvils"])
        assert ["anvils", "barons"] == list(changed)
        anvils, barons = season.team("anvils"), season.team("barons")
        assert ("league_trophy" in anvils.tags, anvils.stats["rerolls"]) == (False, 0)
        assert (barons.tags["league_trophy"], barons.stats["rerolls"]) == ("2", 1)
        assert "bloodbowl.lose_trophy" == anvils.ledger[-2].operation.tag

    def test_the_holder_wins_again(self, season: bb.types.League) -> None:
        """A holder who wins again keeps the trophy and its one free re-roll."""
        season.award_prizes(["anvils"])
        season.new_season()
        ended(season)
        entries = len(season.team("anvils").ledger)
        season.award_prizes(["anvils"])
        anvils = season.team("anvils")
        assert (anvils.tags["league_trophy"], anvils.stats["rerolls"], len(anvils.ledger)) == ("2", 1, entries + 1)

    def test_once_a_season(self, season: bb.types.League) -> None:
        """A season's prizes are given once; the second award changes nothing."""
        season.award_prizes(["anvils", "barons", "counts"])
        before = rows(season)
        with pytest.raises(InvalidInput) as refused:
            season.award_prizes(["dukes"])
        assert (
            "the play-off prizes of season 1 of league 'Old World Cup' were given already (first anvils, second "
            "barons, third counts); a season's prizes are given once"
        ) == str(refused.value)
        assert before == rows(season)

    @pytest.mark.parametrize(
        ("places", "error", "message"),
        [
            (["anvils", "nobody"], UnknownName, "team 'nobody' is not defined in league 'Old World Cup'"),
            (
                ["anvils", "barons", "anvils"],
                InvalidInput,
                "a team takes one play-off place, got 'anvils' in 2 places: anvils, barons, anvils",
            ),
            ([], InvalidInput, "the play-off places are the teams placed first to third (1 to 3 teams, in order)"),
            ("anvils", InvalidInput, "the play-off places are the teams placed first to third"),
            (["anvils", "barons", "counts", "dukes"], InvalidInput, "the play-off places are the teams placed"),
        ],
    )
    def test_wrong_places_change_nothing(
        self, season: bb.types.League, places: object, error: type[Exception], message: str
    ) -> None:
        """An unknown team, a team placed twice, no place or too many: refused, naming what came (the places as
        text, where they read as a Python list)."""
        before = rows(season)
        with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
            season.award_prizes(places)  # type: ignore[arg-type]
        assert before == rows(season)

    def test_not_while_a_sequence_is_open(self, tmp_path: Path, pack: RulePack) -> None:
        """A placed team whose last match's sequence is open is refused, and no team is given anything (the
        trophy's holder loses nothing either)."""
        with league_of(tmp_path / "open.sqlite", pack, count=2) as league:
            league.add_fixture("anvils", "barons")
            league.record(1, played(1, 0), SeededDice(1))
            league.close_match("anvils", 1, SeededDice(1), must_advance=False)
            before = rows(league)
            with pytest.raises(OutOfOrder, match=r"^team 'barons': the post-match sequence of match 1 is still open"):
                league.award_prizes(["anvils", "barons"])
            assert before == rows(league)

    def test_the_team_whose_sequence_is_open_is_named(self, tmp_path: Path, pack: RulePack) -> None:
        """The season's end, the prizes and the next match refused while one team's sequence is open name that
        team (the rules' refusal names only the match, which both teams played), and write nothing."""
        with league_of(tmp_path / "open.sqlite", pack, count=2) as league:
            league.add_fixture("anvils", "barons")
            league.add_fixture("barons", "anvils")
            league.record(1, played(1, 0), SeededDice(1))
            league.close_match("anvils", 1, SeededDice(1), must_advance=False)
            before = rows(league)
            named = r"^team 'barons': the post-match sequence of match 1 is still open, at step 2"
            with pytest.raises(OutOfOrder, match=named + r".* before recording match 2$"):
                league.record(2, played(0, 0), SeededDice(2))
            assert before == rows(league)
            league.close_match("barons", 1, SeededDice(1), must_advance=False)
            league.record(2, played(0, 0), SeededDice(2))
            league.close_match("anvils", 2, SeededDice(1), must_advance=False)
            before = rows(league)
            named = named.replace("match 1", "match 2")
            with pytest.raises(OutOfOrder, match=named + r".* before a play-off prize$"):
                league.award_prizes(["anvils", "barons"])
            with pytest.raises(
                OutOfOrder, match=named + r".* before a new season \(season 1 of the league did not end\)$"
            ):
                league.new_season()
            assert before == rows(league)

    def test_every_team_whose_sequence_is_open_is_named(self, tmp_path: Path, pack: RulePack) -> None:
        """The prizes and the season's end refused while several teams' sequences are open name every such team
        at once, in the league's order, each with the command that closes it (each named one team, the prizes
        in the order of the places, the season's end in the league's: two different teams for the same store)."""
        with league_of(tmp_path / "open.sqlite", pack) as league:
            league.add_fixture("anvils", "barons")
            league.add_fixture("dukes", "counts")
            for number in (1, 2):
                league.record(number, played(1, 0), SeededDice(number))
            for team in ("anvils", "barons"):
                league.close_match(team, 1, SeededDice(1), must_advance=False)
            before = rows(league)
            said = (
                "teams 'counts' and 'dukes': the post-match sequences of their last matches are still open (counts: "
                "match 1, at step 2 (Dedicated Fans updated); dukes: match 1, at step 2 (Dedicated Fans updated)): end "
                "each with Expensive Mistakes (step 5: League.act('counts', 'close', number=1), "
                "League.act('dukes', 'close', number=1)) before "
            )
            with pytest.raises(OutOfOrder) as refused:
                league.award_prizes(["dukes", "anvils", "counts"])
            assert said + "a play-off prize" == str(refused.value)
            with pytest.raises(OutOfOrder) as refused:
                league.new_season()
            assert said + "a new season (season 1 of the league did not end)" == str(refused.value)
            assert before == rows(league)

    def test_a_match_names_both_teams_whose_sequences_are_open(self, tmp_path: Path, pack: RulePack) -> None:
        """A fixture whose two teams both left their last sequence open is refused in one message naming both, home
        first, each with the command that closes it (the home team's rules refused it, naming only the home team);
        with one closed, the other alone; the store's file is unchanged by each refusal."""
        path = tmp_path / "open.sqlite"
        with league_of(path, pack, count=2) as league:
            league.add_fixture("anvils", "barons")
            league.add_fixture("barons", "anvils")
            league.record(1, played(1, 0), SeededDice(1))
            before = digest(path)
            with pytest.raises(OutOfOrder) as refused:
                league.record(2, played(0, 0), SeededDice(2))
            assert (
                "teams 'barons' and 'anvils': the post-match sequences of their last matches are still open (barons: "
                "match 1, at step 2 (Dedicated Fans updated); anvils: match 1, at step 2 (Dedicated Fans updated)): end "
                "each with Expensive Mistakes (step 5: League.act('barons', 'close', number=1), "
                "League.act('anvils', 'close', number=1)) before recording match 2"
            ) == str(refused.value)
            assert before == digest(path)
            league.close_match("barons", 1, SeededDice(1), must_advance=False)
            before = digest(path)
            with pytest.raises(OutOfOrder) as refused:
                league.record(2, played(0, 0), SeededDice(2))
            assert (
                "team 'anvils': the post-match sequence of match 1 is still open, at step 2 (Dedicated Fans updated): "
                "end it with Expensive Mistakes (step 5: League.act('anvils', 'close', number=1)) before recording "
                "match 2"
            ) == str(refused.value)
            assert before == digest(path)


class TestRedraft:
    def test_positions_by_their_names(self, season: bb.types.League) -> None:
        """A re-draft's positions by their names (``Lineman``, ``Trois-quarts humain``) are kept and run as ids,
        whether kept before the season's end or given to it: they were refused as no position at the end."""
        season.plan_redraft("barons", Redraft(keep=ELEVEN[:10], players=[("Lineman", "Rookie")]))
        kept = season.redrafts()["barons"].players
        given = {"counts": Redraft(keep=ELEVEN[:10], players=[("Trois-quarts humain", "Recrue")])}
        season.plan_redraft("barons", None)  # the re-drafts kept, or those given: one or the other
        season.new_season(SeededDice(3), redrafts=given)
        hired = season.team("counts").ledger[-1].operation.players
        assert ((("human_lineman", "Rookie"),), (("human_lineman", "Recrue"),)) == (kept, hired)

    def test_kept_and_run_at_the_season_s_end(self, season: bb.types.League) -> None:
        """A re-draft kept for one team runs at the season's end; the others have the plain off-season."""
        tried = season.plan_redraft("barons", Redraft(keep=ELEVEN[:10], players=[("human_lineman", "Rookie")]))
        assert tried is not None
        assert "Rookie" in {p.name for p in tried.members.values()}
        assert {"barons"} == set(season.redrafts())
        assert 2 == season.new_season(SeededDice(3))
        tags = {t: season.team(t).ledger[-1].operation.tag for t in season.teams()}
        assert {"anvils": "bloodbowl.new_season", "barons": "bloodbowl.redraft"} == {
            t: tags[t] for t in ("anvils", "barons")
        }
        assert ["2"] * 4 == [season.team(t).tags["season"] for t in season.teams()]
        assert "Rookie" in {p.name for p in season.team("barons").members.values()}
        assert {} == season.redrafts()

    def test_given_in_python(self, season: bb.types.League) -> None:
        """Re-drafts given to new_season run as kept ones do."""
        season.new_season(redrafts={"dukes": Redraft(keep=ELEVEN, rerolls=1)})
        assert (1, "bloodbowl.redraft") == (
            season.team("dukes").stats["rerolls"],
            season.team("dukes").ledger[-1].operation.tag,
        )

    def test_withdrawn(self, season: bb.types.League) -> None:
        """A withdrawn re-draft leaves the team the plain off-season."""
        season.plan_redraft("barons", Redraft(keep=ELEVEN))
        assert season.plan_redraft("barons", None) is None
        assert {} == season.redrafts()
        season.new_season()
        assert "bloodbowl.new_season" == season.team("barons").ledger[-1].operation.tag

    def test_nothing_to_withdraw(self, season: bb.types.League) -> None:
        """A withdrawal where no re-draft is kept (none given, or withdrawn already) is refused, naming the teams
        whose are kept, and writes nothing (it wrote a record and said it withdrew one)."""
        season.plan_redraft("barons", Redraft(keep=ELEVEN))
        season.plan_redraft("counts", Redraft(keep=ELEVEN))
        season.plan_redraft("counts", None)
        before = rows(season)
        for team in ("anvils", "counts"):
            with pytest.raises(InvalidInput) as refused:
                season.plan_redraft(team, None)
            assert str(refused.value) == (
                f"team {team!r} has no re-draft kept for the end of season 1 of league 'Old World Cup', so none is "
                "withdrawn (kept: barons)"
            )
        assert (before, ["barons"]) == (rows(season), list(season.redrafts()))

    def test_over_budget_is_refused_when_given(self, season: bb.types.League, tmp_path: Path) -> None:
        """A re-draft the budget cannot pay is refused when it is given, naming the team; nothing is kept."""
        before = rows(season)
        with pytest.raises(InsufficientPoints) as refused:
            season.plan_redraft("counts", Redraft(keep=ELEVEN, rerolls=8))
        assert "team 'counts', its re-draft: nothing was kept" in refused.value.__notes__
        assert before == rows(season)

    def test_a_refused_season_end_changes_no_team(self, season: bb.types.League) -> None:
        """A re-draft the rules refuse at the season's end (given in Python, not tried first) leaves every
        team, and the season, as they were; the refusal notes the team."""
        path = Path(season.store.where)
        before = digest(path)
        with pytest.raises(InsufficientPoints) as refused:
            season.new_season(redrafts={"dukes": Redraft(keep=ELEVEN, rerolls=8)})
        assert "team 'dukes', its re-draft: season 1 of the league did not end" in refused.value.__notes__
        assert (1, before) == (season.season, digest(path))

    def test_refusals(self, season: bb.types.League) -> None:
        """An unknown team, not a Redraft, and re-drafts given while some are kept: refused, nothing changed."""
        before = rows(season)
        with pytest.raises(UnknownName, match="team 'nobody' is not defined in league 'Old World Cup'"):
            season.new_season(redrafts={"nobody": Redraft(keep=ELEVEN)})
        with pytest.raises(InvalidInput, match=r"^redrafts maps teams of the league to their re-drafts"):
            season.new_season(redrafts=[Redraft(keep=ELEVEN)])  # type: ignore[arg-type]
        assert before == rows(season)
        season.plan_redraft("barons", Redraft(keep=ELEVEN))
        before = rows(season)
        with pytest.raises(UnknownName, match="team 'nobody' is not defined in league 'Old World Cup'"):
            season.plan_redraft("nobody", Redraft(keep=ELEVEN))
        with pytest.raises(InvalidInput, match=r"^the re-draft of team 'anvils' is a Redraft .* got \{'keep'"):
            season.plan_redraft("anvils", {"keep": ELEVEN})  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match=r"^season 1 of league 'Old World Cup' keeps the re-drafts of barons"):
            season.new_season(redrafts={"anvils": Redraft(keep=ELEVEN)})
        assert before == rows(season)

    @pytest.mark.parametrize(
        ("choices", "said"),
        [
            ({"keep": "1,2"}, "keep is a list of the member ids to re-hire, such as ['1', '2'], got '1,2'"),
            ({"keep": [1, 2]}, "keep is a list of the member ids to re-hire, such as ['1', '2'], got [1, 2]"),
            ({"keep": None}, "keep is a list of the member ids to re-hire, such as ['1', '2'], got None"),
            ({"players": 5}, "players is a list of (position, name) pairs, got 5"),
            (
                {"players": "human_lineman:Rookie"},
                "players is a list of (position, name) pairs, got 'human_lineman:Rookie'",
            ),
            ({"players": [["human_lineman"]]}, "players[0] is a (position, name) pair of texts, got ['human_lineman']"),
            ({"rerolls": "1"}, "rerolls is a whole number >= 0, got '1'"),
            ({"assistant_coaches": None}, "assistant_coaches is a whole number >= 0, got None"),
            ({"cheerleaders": 2.0}, "cheerleaders is a whole number >= 0, got 2.0"),
            ({"dedicated_fans": True}, "dedicated_fans is a whole number >= 0, got True"),
            ({"dedicated_fans": -1}, "dedicated_fans is a whole number >= 0, got -1"),
            ({"apothecary": "yes"}, "apothecary is True or False, got 'yes'"),
            ({"apothecary": 1}, "apothecary is True or False, got 1"),
            (
                {"cap": "1300000"},
                "cap is None (the recommended cap) or a whole number of gold pieces >= 0, got '1300000'",
            ),
            ({"cap": False}, "cap is None (the recommended cap) or a whole number of gold pieces >= 0, got False"),
            ({"capped": "no"}, "capped is True or False (False: the budget has no cap), got 'no'"),
            ({"capped": None}, "capped is True or False (False: the budget has no cap), got None"),
        ],
    )
    def test_a_choice_of_the_wrong_kind_is_refused_when_made(self, choices: dict[str, object], said: str) -> None:
        """Every field of a Redraft given a value of the wrong kind is refused as the Redraft is made (it was taken,
        and refused only when tried, or broke Redraft.data with a TypeError), by a ProgressionError naming the
        field, what it is and what came, as given; so is the same value given by attrs.evolve."""
        with pytest.raises(InvalidInput) as refused:
            Redraft(**{"keep": ELEVEN, **choices})  # type: ignore[arg-type]
        assert f"the re-draft's {said}" == str(refused.value)
        with pytest.raises(InvalidInput) as evolved:
            attrs.evolve(Redraft(keep=ELEVEN), **choices)
        assert str(refused.value) == str(evolved.value)

    def test_choices_of_their_kinds_are_kept(self) -> None:
        """Lists (as a store's record keeps them) are kept as tuples; every kind each field takes is taken."""
        made = Redraft(
            keep=list(ELEVEN), players=[["human_lineman", "Rookie"]], rerolls=1, apothecary=True, cap=0, capped=False
        )
        assert (ELEVEN, (("human_lineman", "Rookie"),), None) == (made.keep, made.players, Redraft(keep=()).cap)
        assert made == Redraft(**made.data())

    def test_not_before_the_season_s_matches_end(self, tmp_path: Path, pack: RulePack) -> None:
        """A re-draft of a team whose last sequence is open is refused when given, and so is the season's end."""
        with league_of(tmp_path / "open.sqlite", pack, count=2) as league:
            league.add_fixture("anvils", "barons")
            league.record(1, played(1, 0), SeededDice(1))
            before = rows(league)
            with pytest.raises(OutOfOrder, match="before a re-draft") as refused:
                league.plan_redraft("anvils", Redraft(keep=ELEVEN))
            # the league's own way to close it, the team named (it said League.act(TEAM, ...), and `sheet do`
            # to the command line, which no league store takes)
            assert "League.act('anvils', 'close', number=1)" in str(refused.value)
            assert refused.value.worded is not None
            assert "`progression league do FILE anvils close number=1`" in refused.value.worded.on_command_line(None)
            with pytest.raises(OutOfOrder, match="before a new season"):
                league.new_season()
            assert before == rows(league)

    def test_a_record_edited_into_no_redraft(self, season: bb.types.League) -> None:
        """A kept re-draft edited in the database into something else is refused, naming the record."""
        season.plan_redraft("barons", Redraft(keep=ELEVEN))
        raw(season.store.where, "UPDATE records SET value = '[1]' WHERE name = 'bloodbowl.redraft/1/barons'")
        with pytest.raises(StoreError, match=r"record 'bloodbowl\.redraft/1/barons' is not a team's re-draft"):
            season.new_season()

    @pytest.mark.parametrize(
        ("old", "new", "said"),
        [
            ('"apothecary":false', '"apothecary":"maybe"', "its apothecary is yes or no, got 'maybe'"),
            ('"rerolls":0', '"rerolls":-2', "its rerolls is a whole number >= 0, got -2"),
            ('"rerolls":0', '"rerolls":"2"', "its rerolls is a whole number >= 0, got '2'"),
            ('"capped":true', '"capped":1', "its capped is yes or no, got 1"),
            ('"cap":null', '"cap":"none"', "its cap is none or a whole number of gold pieces >= 0, got 'none'"),
            ('"keep":["1",', '"keep":[1,', 'its keep is the ids of different players, got [1, "2", "3", "4", "5"'),
            ('"keep":["1","2"', '"keep":["1","1"', "its keep is the ids of different players, got 1, 1, 3, 4, 5"),
            ('"players":[]', '"players":[["human_lineman"]]', "its players are pairs of a position and a name, got"),
        ],
    )
    def test_a_record_edited_into_wrong_values(self, season: bb.types.League, old: str, new: str, said: str) -> None:
        """A kept re-draft whose keys are right but a value of the wrong type or out of range (edited in the
        database) is refused by every reader, naming the store and the record, in words (it was listed as
        ``apothecary yes``, passed ``verify``, and ``new_season`` refused it in Python's words, naming neither);
        nothing is written."""
        season.plan_redraft("barons", Redraft(keep=ELEVEN))
        where = season.store.where
        raw(where, f"UPDATE records SET value = replace(value, '{old}', '{new}') WHERE name LIKE 'bloodbowl.redraft%'")
        before = rows(season)
        start = f"store {where}: record 'bloodbowl.redraft/1/barons' is not a team's re-draft: {said}"
        for reader in (season.redrafts, season.new_season):
            with pytest.raises(StoreError) as refused:
                reader()
            assert str(refused.value).startswith(start)
        check = season.verify()
        assert (False, True) == (check.ok, any(line.startswith(start) for line in check.lines()))
        assert before == rows(season)

    def test_prizes_edited_are_refused_not_trusted(self, season: bb.types.League) -> None:
        """A season's prizes record edited in the database (as ``verify`` lists it) is refused by ``award_prizes``,
        ``add_fixture`` and ``new_season``, naming it, never read as the prizes given (it said "given already (first
        ghosts)", and the season ended on it); nothing is written."""
        season.award_prizes(["anvils"])
        raw(season.store.where, """UPDATE records SET value = '["ghosts"]' WHERE name = 'bloodbowl.prizes/1'""")
        before = rows(season)
        said = (
            f"store {season.store.where}: record 'bloodbowl.prizes/1' is not a season's prizes (1 to 3 different "
            "teams of the league, in order): it holds ghosts"
        )
        for change in (
            lambda: season.award_prizes(["barons"]),
            lambda: season.add_fixture("anvils", "barons"),
            season.new_season,
        ):
            with pytest.raises(StoreError) as refused:
                change()
            assert said == str(refused.value)
        assert (before, 1) == (rows(season), season.season)

    def test_verify_lists_the_season_s_end_records_edited(self, season: bb.types.League) -> None:
        """``verify`` lists a kept re-draft and a season's prizes edited in the database (it said all was well while
        ``new-season`` and ``prizes`` refused the same records), naming each."""
        season.plan_redraft("barons", Redraft(keep=ELEVEN))
        season.plan_redraft("counts", Redraft(keep=ELEVEN))
        season.award_prizes(["anvils"])
        assert season.verify().ok
        where = season.store.where
        raw(where, "UPDATE records SET value = '[1]' WHERE name = 'bloodbowl.redraft/1/barons'")
        raw(where, "UPDATE records SET value = 'nope' WHERE name = 'bloodbowl.redraft/1/counts'")
        raw(where, """UPDATE records SET value = '["ghosts"]' WHERE name = 'bloodbowl.prizes/1'""")
        check = season.verify()
        found = [line for line in check.lines() if "record" in line]
        assert (False, 3) == (check.ok, len(found)), found
        assert "record 'bloodbowl.redraft/1/barons' is not a team's re-draft" in found[0]
        assert "bloodbowl.redraft/1/counts" in found[1]
        assert "record 'bloodbowl.prizes/1' is not a season's prizes" in found[2]


class TestPlayOffFixtures:
    def test_a_final_after_the_round_robin(self, season: bb.types.League) -> None:
        """A fixture added after the schedule plays in the round after both teams' last, and is recorded."""
        final = season.add_fixture("anvils", "counts")
        assert (7, 4) == (final.number, final.round)
        season.record(7, played(2, 0), SeededDice(2))
        assert "2-0" in season.fixture(7).label()

    def test_a_playoff_is_in_no_table(self, season: bb.types.League) -> None:
        """The final recorded as a play-off (``kind="playoff"``) is played for both teams (its result is on each)
        but the league table stays the regular season's: a league match added after the schedule counted in it."""
        table = bb.queries.standings_lines(season.standings())
        final = season.add_fixture("anvils", "counts")
        home, away = season.record(final.number, attrs.evolve(played(0, 3), kind="playoff"), SeededDice(2))
        assert [("loss", "playoff"), ("win", "playoff")] == [
            (bb.queries.results(team)[-1].outcome, bb.queries.results(team)[-1].kind) for team in (home, away)
        ]
        assert table == bb.queries.standings_lines(season.standings())
        assert season.verify().ok

    def test_a_final_decided_on_penalties(self, season: bb.types.League) -> None:
        """A final level after Extra Time names the side that won the Penalty Shoot-out (home or away); without
        it, it is refused before either team records it, saying what to give."""
        final = season.add_fixture("anvils", "counts")
        before = rows(season)
        with pytest.raises(InvalidInput) as refused:
            season.record(final.number, attrs.evolve(played(1, 1), kind="playoff"), SeededDice(2))
        assert (
            "match 4 is a play-off level at 1-1: a play-off has a winner, so a level score after Extra Time goes to a "
            "Penalty Shoot-out; say which side won it (shootout='home' or 'away'; shootout=home on the command line)"
        ) == str(refused.value)
        with pytest.raises(InvalidInput, match=r"^match 4 is no play-off \(its kind is 'league'\): only a play-off"):
            season.record(final.number, attrs.evolve(played(1, 1), shootout="away"), SeededDice(2))
        assert before == rows(season)
        home, away = season.record(
            final.number, attrs.evolve(played(1, 1), kind="playoff", shootout="away"), SeededDice(2)
        )
        assert ["loss", "win"] == [bb.queries.results(team)[-1].outcome for team in (home, away)]
        assert attrs.evolve(played(1, 1), kind="playoff", shootout="away") == season.fixture(final.number).played

    def test_none_after_the_prizes(self, season: bb.types.League) -> None:
        """Once the season's prizes are given its matches are over: a fixture added then could be played but never
        change them, so it is refused, saying where it goes, and nothing is written."""
        season.award_prizes(["anvils", "barons", "counts"])
        before = rows(season)
        with pytest.raises(
            OutOfOrder, match=r"prizes of season 1 of league 'Old World Cup' were given, so its matches"
        ):
            season.add_fixture("anvils", "counts")
        assert before == rows(season)

    def test_a_season_without_fixtures_does_not_end(self, season: bb.types.League) -> None:
        """A second season's end in a row would skip a season nobody played: refused, and so are its prizes."""
        season.new_season()
        before = rows(season)
        with pytest.raises(OutOfOrder, match=r"^season 2 of league 'Old World Cup' has no fixtures yet: make them"):
            season.new_season()
        with pytest.raises(OutOfOrder, match="has no fixtures yet"):
            season.award_prizes(["anvils"])
        assert before == rows(season)

    def test_the_next_season_s_schedule(self, season: bb.types.League) -> None:
        """After the season's end, the new season is scheduled and played."""
        season.new_season()
        made = season.schedule()
        assert {2} == {f.season for f in made}
        season.record(1, played(1, 1), SeededDice(1))
        assert 2 == bb.queries.results(season.team(made[0].home))[-1].season


class TestUnrecordedFixtures:
    def test_the_season_ends_once_every_fixture_is_recorded(self, tmp_path: Path, pack: RulePack) -> None:
        """A season with a fixture not recorded (the final added after the schedule) has neither its prizes nor
        its end; both refusals name the fixture and the command that records it, and change nothing."""
        with league_of(tmp_path / "league.sqlite", pack) as league:
            ended(league)
            league.add_fixture("anvils", "counts")
            before = rows(league)
            expected = (
                "season 1 of league 'Old World Cup' has fixtures not recorded yet: 7 (anvils v counts); record it "
                "(League.record(7, ...), kind=unplayed if it was not played by the deadline) before "
            )
            with pytest.raises(OutOfOrder) as refused:
                league.award_prizes(["anvils"])
            assert expected + "its play-off prizes are given" == str(refused.value)
            with pytest.raises(OutOfOrder) as refused:
                league.new_season()
            assert expected + "season 2 begins" == str(refused.value)
            assert before == rows(league)


class TestOtherRulesFirst:
    """A team made under other rules (a league made under version 3 of the data, opened under version 4) is refused
    before anything the rules would say of it: nothing can be done on it until the league is rebased."""

    @pytest.fixture
    def old(self, tmp_path: Path, pack: RulePack) -> Path:
        """Two teams made under version 3, their one fixture recorded: the season's matches are over, and both
        teams' post-match sequences are still open."""
        path = tmp_path / "old.sqlite"
        with league_of(path, version_3(pack), count=2) as league:
            league.add_fixture("anvils", "barons")
            league.record(1, played(1, 0), SeededDice(1))
        return path

    @pytest.mark.parametrize(
        "change",
        [
            lambda league: league.new_season(SeededDice(1)),
            lambda league: league.award_prizes(["anvils", "barons"]),
            lambda league: league.plan_redraft("anvils", Redraft(keep=ELEVEN)),
        ],
        ids=["new_season", "award_prizes", "plan_redraft"],
    )
    def test_rebase_the_league_before_closing_the_sequences(self, old: Path, pack: RulePack, change: Any) -> None:
        """At the season's end, the season's end, its prizes and a re-draft first say to rebase the league, as a
        match does (they said to close the teams' open sequences, which the rules would refuse to close for their
        rules); once it is rebased, they say to close the sequences. The store's file is unchanged by each."""
        before = digest(old)
        with bb.open_league(old) as league, pytest.raises(RulesChanged) as refused:
            change(league)
        assert (
            f"Altdorf Anvils was made under the rules {version_3(pack).rules!r}, not under {pack.rules!r}; rebase its "
            "history onto these rules first (League.rebase)"
        ) == str(refused.value)
        assert before == digest(old)
        with bb.open_league(old) as league:
            league.rebase()
        assert before != digest(old)  # a change is seen in the file once the store is closed
        before = digest(old)
        with bb.open_league(old) as league, pytest.raises(OutOfOrder, match=r"post-match sequences? .*still open"):
            change(league)
        assert before == digest(old)

    @pytest.mark.parametrize(
        "change",
        [lambda league: league.new_season(SeededDice(1)), lambda league: league.award_prizes(["anvils"])],
        ids=["new_season", "award_prizes"],
    )
    def test_rebase_the_league_before_recording_its_fixtures(self, old: Path, pack: RulePack, change: Any) -> None:
        """With a fixture not recorded, the season's end and its prizes first say to rebase the league (they said
        to record the fixture, which the record refuses until the league is rebased: a circle); once it is
        rebased, they say to record it. The store's file is unchanged by each."""
        with bb.open_league(old) as league:
            league.add_fixture("anvils", "barons")
        before = digest(old)
        with bb.open_league(old) as league, pytest.raises(RulesChanged, match="rebase its history onto these rules"):
            change(league)
        assert before == digest(old)
        with bb.open_league(old) as league:
            league.rebase()
        before = digest(old)
        with bb.open_league(old) as league, pytest.raises(OutOfOrder, match=r"has fixtures not recorded yet: 2 "):
            change(league)
        assert before == digest(old)

    def test_a_match_with_a_team_of_other_rules(self, tmp_path: Path, pack: RulePack) -> None:
        """A fixture whose home team, of these rules, left its last sequence open, against a team of other rules:
        the record says to rebase the league (the home team ran first, and its rules refused its open sequence),
        and once it is rebased, both teams' open sequences; the store's file is unchanged by each."""
        path = tmp_path / "mixed.sqlite"
        with league_of(path, version_3(pack), count=2) as league:
            league.add_fixture("anvils", "barons")
            league.record(1, played(1, 0), SeededDice(1))
        with bb.open_league(path) as league:
            league.add_teams({t: bb.draft(pack, "human", t.title(), HUMANS) for t in ("counts", "dukes")})
            league.add_fixture("counts", "dukes")
            league.record(2, played(1, 0), SeededDice(2))
            league.add_fixture("counts", "anvils")
        before = digest(path)
        with bb.open_league(path) as league, pytest.raises(RulesChanged) as refused:
            league.record(3, played(0, 0), SeededDice(3))
        assert str(refused.value).startswith(f"Altdorf Anvils was made under the rules {version_3(pack).rules!r}")
        assert before == digest(path)
        with bb.open_league(path) as league:
            league.rebase()
        before = digest(path)
        with bb.open_league(path) as league, pytest.raises(OutOfOrder) as refused:
            league.record(3, played(0, 0), SeededDice(3))
        assert str(refused.value).startswith(
            "teams 'counts' and 'anvils': the post-match sequences of their last matches are still open"
        )
        assert before == digest(path)
