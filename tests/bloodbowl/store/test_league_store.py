"""The league in one store, on a real SQLite file: fixtures, a match recorded once for both teams in one
transaction (or for neither, even when the process dies between the two), concurrent writers, verify,
standings that agree with the report over the same teams as files, amendments, leaders and careers."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

import progression
import progression_bloodbowl as bb
from progression import RulePack, SeededDice
from progression.errors import InvalidInput, RulesChanged, StoreError, StoreTampered, UnknownName
from progression.history import AmendmentRefused
from progression.operations import Mark
from progression_bloodbowl.store.team_files import divergence
from support.stores import forge, raw

from ..conftest import HUMANS, version_3

NAMES = ["Altdorf Anvils", "Bogenhafen Barons", "Carroburg Counts", "Delberz Dukes"]
IDS = ["anvils", "barons", "counts", "dukes"]
#: A 2-1 home win: the home Blitzer scores twice, the away Thrower once and causes a casualty.
WIN = bb.types.Played(
    score=(2, 1),
    home=bb.types.Side(events={"1": {"touchdown": 2}, "3": {"completion": 1}}, mvp_nominees=("1", "3")),
    away=bb.types.Side(events={"3": {"touchdown": 1, "casualty": 1}}, mvp_nominees=("3",), injuries={}),
    fan_attendance=10,
)
#: A 1-1 draw, each side's Blitzer its only MVP nominee.
DRAW = bb.types.Played(
    score=(1, 1), home=bb.types.Side(mvp_nominees=("1",)), away=bb.types.Side(mvp_nominees=("1",)), fan_attendance=10
)


def league_of(path: Path, pack: RulePack, count: int = 4) -> bb.types.League:
    league = bb.new_league(path, "Old World Cup", pack=pack)
    for index in range(count):
        ident = IDS[index] if index < len(IDS) else f"team{index}"
        name = NAMES[index] if index < len(NAMES) else f"Team {index}"
        league.add_team(ident, bb.draft(pack, "human", name, HUMANS))
    return league


@pytest.fixture
def league(tmp_path: Path, pack: RulePack):
    with league_of(tmp_path / "league.sqlite", pack) as opened:
        yield opened


def play_season(league: bb.types.League, dice: progression.Dice) -> None:
    """Every fixture of the season, each team's last sequence closed before its next match."""
    for fixture in league.fixtures():
        if fixture.round > 1:
            for team in (fixture.home, fixture.away):
                league.close_match(team, fixture.round - 1, dice, must_advance=False)
        league.record(fixture.number, WIN if fixture.number % 3 else DRAW, dice)


class TestSchedule:
    @pytest.mark.parametrize("count", range(2, 10))
    def test_every_pair_meets_once(self, count: int) -> None:
        """The circle method: each pair once, each team at most once a round, a bye a round for an odd count."""
        teams = [f"t{n}" for n in range(count)]
        rounds = bb.queries.round_robin(teams)
        pairs = [frozenset(pair) for fixtures in rounds for pair in fixtures]
        assert (count * (count - 1) // 2, len(pairs)) == (len(set(pairs)), len(pairs))
        assert len(rounds) == (count if count % 2 else count - 1)
        for fixtures in rounds:
            playing = [team for pair in fixtures for team in pair]
            assert len(playing) == len(set(playing)) == count - count % 2

    def test_a_second_leg_plays_each_pairing_the_other_way(self) -> None:
        """With two legs, each pairing is played once at each ground."""
        rounds = bb.queries.round_robin(["a", "b", "c", "d"], legs=2)
        played = [pair for fixtures in rounds for pair in fixtures]
        assert (6, 12) == (len(rounds), len(set(played)))

    def test_too_few_teams(self) -> None:
        """A round robin needs two different teams."""
        with pytest.raises(InvalidInput, match="two or more different teams"):
            bb.queries.round_robin(["a", "a"])

    def test_a_schedule_is_made_once(self, league: bb.types.League) -> None:
        """The season's fixtures are kept in the store; a second schedule is refused."""
        made = league.schedule()
        assert (6, made) == (len(made), league.fixtures())
        with pytest.raises(InvalidInput, match="season 1 of league 'Old World Cup' already has fixtures"):
            league.schedule()

    def test_fixtures_one_by_one(self, league: bb.types.League) -> None:
        """A fixture entered by hand goes in the first round neither team plays; a round taken is refused."""
        first = league.add_fixture("anvils", "barons")
        second = league.add_fixture("counts", "anvils")
        assert ((1, 1), (2, 2)) == ((first.number, first.round), (second.number, second.round))
        with pytest.raises(InvalidInput, match="'anvils' already plays a fixture in round 1 of season 1"):
            league.add_fixture("dukes", "anvils", round=1)
        with pytest.raises(InvalidInput, match="a fixture is between two teams, got 'dukes' against itself"):
            league.add_fixture("dukes", "dukes")

    def test_no_round_past_the_last_match_number(self, league: bb.types.League) -> None:
        """A round is the match's number for both teams: one past 9,999 could never be recorded, and would hold
        the season's end; a schedule of more legs than match numbers is refused before any fixture is made."""
        with pytest.raises(InvalidInput, match="a whole number from 1 to 9,999, got 10000"):
            league.add_fixture("anvils", "barons", round=10_000)
        with pytest.raises(InvalidInput, match=r"4 teams plays 3 rounds a leg, .* it has 1 to 3,333 legs, got 3,334"):
            league.schedule(legs=3_334)
        with pytest.raises(InvalidInput, match=r"2 teams plays 1 round a leg, .* it has 1 to 9,999 legs, got 10,000"):
            bb.queries.round_robin(["a", "b"], legs=10_000)
        assert () == league.fixtures()
        assert 9_999 == league.add_fixture("anvils", "barons", round=9_999).round

    def test_a_fixture_removed(self, league: bb.types.League) -> None:
        """A fixture not recorded is removed, the others keep their numbers; a recorded one is not (its match is
        on both teams), nor one that is not there."""
        league.schedule()
        removed = league.remove_fixture(3)
        assert ("counts", "anvils") == (removed.home, removed.away)
        assert [1, 2, 4, 5, 6] == [f.number for f in league.fixtures()]
        assert 7 == league.add_fixture("counts", "anvils").number
        league.record(1, WIN, progression.SeededDice(1))
        with pytest.raises(InvalidInput, match="a recorded fixture is not removed; amend it to correct it"):
            league.remove_fixture(1)
        with pytest.raises(UnknownName, match="fixture 3 is not defined in season 1"):
            league.remove_fixture(3)
        assert [1, 2, 4, 5, 6, 7] == [f.number for f in league.fixtures()]


class TestRecord:
    def test_one_record_makes_both(self, league: bb.types.League) -> None:
        """Both teams get the same match, the away one mirrored, in one entry each; the fixture is played."""
        league.add_fixture("anvils", "barons")
        home, away = league.record(1, WIN, SeededDice(3))
        assert list(bb.queries.results(home)) == [
            bb.types.Result(
                season=1, number=1, opponent="Bogenhafen Barons", outcome="win", scored=2, against=1, casualties=0
            )
        ]
        assert list(bb.queries.results(away)) == [
            bb.types.Result(
                season=1, number=1, opponent="Altdorf Anvils", outcome="loss", scored=1, against=2, casualties=1
            )
        ]
        fixture = league.fixture(1)
        assert (WIN, {"anvils": len(home.ledger), "barons": len(away.ledger)}) == (
            fixture.played,
            dict(fixture.entries),
        )
        assert (home, away) == (league.team("anvils"), league.team("barons"))

    def test_a_concession_is_seen_from_each_side(self) -> None:
        """The side that conceded records "us", the other "them"; without penalty only for the conceding side."""
        played = bb.types.Played(score=(0, 1), conceded="home", without_penalty=True)
        home, away = played.records(4, "Anvils", "Barons")
        assert (("us", True, (0, 1)), ("them", False, (1, 0))) == (
            (home.conceded, home.without_penalty, home.score),
            (away.conceded, away.without_penalty, away.score),
        )

    def test_without_penalty_needs_a_concession(self, league: bb.types.League) -> None:
        """``without_penalty`` says why a side conceded: given with no concession it means nothing, and is
        refused rather than dropped; nothing is recorded."""
        league.add_fixture("anvils", "barons")
        with pytest.raises(InvalidInput, match="without_penalty says why a side conceded: give conceded="):
            league.record(1, bb.types.Played(score=(0, 0), without_penalty=True), SeededDice(1))
        assert league.fixture(1).played is None

    @pytest.mark.parametrize("number", ["1", 0, True, 1.0])
    def test_a_fixture_named_by_no_number(self, league: bb.types.League, number: object) -> None:
        """A fixture is named by a whole number: "1" raised a ValueError from inside the name of its record."""
        league.schedule()
        with pytest.raises(
            InvalidInput, match=rf"^a fixture is named by its number, a whole number >= 1, got {number!r}$"
        ):
            league.record(number, WIN, SeededDice(1))  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match="a fixture is named by its number"):
            league.fixture(number)  # type: ignore[arg-type]

    def test_a_fixture_that_does_not_exist(self, league: bb.types.League) -> None:
        """Recording a fixture the season does not have is refused, naming those it has."""
        league.add_fixture("anvils", "barons")
        with pytest.raises(
            UnknownName, match="fixture 7 is not defined in season 1 of league 'Old World Cup'; expected one of: 1"
        ):
            league.record(7, WIN, SeededDice(1))

    def test_a_fixture_played_twice(self, league: bb.types.League) -> None:
        """A fixture is recorded once; the second time is refused and nothing changes."""
        league.add_fixture("anvils", "barons")
        league.record(1, WIN, SeededDice(1))
        versions = [league.store.version(t) for t in ("anvils", "barons")]
        with pytest.raises(
            InvalidInput, match=r"fixture 1 of season 1 \(anvils v barons\) was already played \(2-1\); amend it"
        ):
            league.record(1, WIN, SeededDice(1))
        assert versions == [league.store.version(t) for t in ("anvils", "barons")]

    def test_an_opponent_not_of_the_league(self, league: bb.types.League) -> None:
        """A fixture against a team the league does not have is refused, naming the league's teams."""
        with pytest.raises(
            UnknownName, match="team 'nobody' is not defined in league 'Old World Cup'; expected one of: anvils, barons"
        ):
            league.add_fixture("anvils", "nobody")

    def test_the_away_side_refused_leaves_neither(self, league: bb.types.League) -> None:
        """When the away team's record is refused (a player it does not have), the home team is not changed."""
        league.add_fixture("anvils", "barons")
        before = league.team("anvils")
        wrong = attrs.evolve(WIN, away=bb.types.Side(events={"99": {"casualty": 1}}, mvp_nominees=("3",)))
        with pytest.raises(UnknownName, match="member '99'"):
            league.record(1, wrong, SeededDice(1))
        assert (before, None) == (league.team("anvils"), league.fixture(1).played)

    @pytest.mark.parametrize(
        ("played", "said"),
        [
            (
                attrs.evolve(WIN, score=(2.0, 1)),
                "the score of match 1 (home.score): expected a whole number >= 0, got 2.0",
            ),
            (  # the away record's score is mirrored: its second number is the home side's
                attrs.evolve(WIN, score=(2, True)),
                "the score of match 1 (away.score): expected a whole number >= 0, got True",
            ),
            (
                attrs.evolve(WIN, away=bb.types.Side(events={3: {"touchdown": 1}}, mvp_nominees=("3",))),
                "the events of match 1 (away.events) map member ids to {event: count} such as "
                "{'1': {'touchdown': 1}}, got {3: {'touchdown': 1}}",
            ),
            (
                attrs.evolve(WIN, home=bb.types.Side(events={"1": {"touchdown": "2"}}, mvp_nominees=("1",))),
                "match 1: #1 touchdown in home.events: expected a whole number >= 0, got '2'",
            ),
            (
                attrs.evolve(WIN, home=bb.types.Side(mvp_nominees="13")),
                "the MVP nominees of match 1 (home.nominees) are member ids such as ('1', '3'), got '13'",
            ),
            (
                attrs.evolve(WIN, away=bb.types.Side(mvp_nominees=("3",), stalling="no")),
                "match 1: away.stalling is True or False (away.stalling=yes or away.stalling=no on the command line), "
                "got 'no'",
            ),
        ],
    )
    def test_a_side_s_field_is_named_as_the_side_s(
        self, league: bb.types.League, played: bb.types.Played, said: str
    ) -> None:
        """A field of one side not of its shape is named as the league names it, home or away (it said "the score
        of match 1 (ours)" of a fixture whose score is home-away), and what came as it was written (events said
        ``mappingproxy({3: mappingproxy(...)})``); nothing is recorded."""
        league.add_fixture("anvils", "barons")
        with pytest.raises(InvalidInput) as refused:
            league.record(1, played, SeededDice(1))
        assert (said, None) == (str(refused.value), league.fixture(1).played)

    def test_a_player_who_missed_the_match_is_named_with_his_team(self, league: bb.types.League) -> None:
        """Events of a player who could not take part name the match, the player and his team (it said "#3 Hans
        did not take part", of either team)."""
        league.add_fixture("anvils", "barons")
        hurt = attrs.evolve(WIN, away=bb.types.Side(mvp_nominees=("3",), injuries={"4": "seriously_hurt"}))
        league.record(1, hurt, SeededDice(1))
        for team in ("anvils", "barons"):
            league.close_match(team, 1, SeededDice(6), must_advance=False)
        league.add_fixture("barons", "anvils")
        again = attrs.evolve(WIN, home=bb.types.Side(events={"4": {"touchdown": 2}}, mvp_nominees=("1",)))
        with pytest.raises(InvalidInput) as refused:
            league.record(2, again, SeededDice(1))
        assert (
            "the events of match 2 name #4 Lena of Bogenhafen Barons, who did not take part (missing the match, "
            "retired or dead)"
        ) == str(refused.value)

    def test_a_team_named_twice(self, league: bb.types.League, pack: RulePack) -> None:
        """Opponents are named by name: two teams of one name are refused, saying to rename the new one."""
        with pytest.raises(
            InvalidInput,
            match=r"league 'Old World Cup' has a team named 'Altdorf Anvils' already \(the id 'anvils'\), whose "
            r"history is not this one's: .*; give this team another name",
        ):
            league.add_team("again", bb.draft(pack, "human", "Altdorf Anvils", ADVANCED))

    def test_an_older_copy_of_a_team_adds_nothing(self, league: bb.types.League) -> None:
        """A team's file exported before its last entries, added again, is the league's team: it adds nothing, and
        the refusal says how to write the team as the league holds it; nothing is stored."""
        older = league.team("anvils")
        league.add_fixture("anvils", "barons")
        league.record(1, WIN, SeededDice(1))
        held = league.team("anvils")
        with pytest.raises(
            InvalidInput,
            match=rf"team 'Altdorf Anvils' is in league 'Old World Cup' already, under the id 'anvils', and this file "
            rf"is an older copy of it \(it holds {len(older.ledger)} of the league's {len(held.ledger)} entries\): "
            r"it adds nothing; League\.export_team\('anvils', path\) writes the team as the league holds it$",
        ):
            league.add_team("again", older)
        assert (("anvils", "barons", "counts", "dukes"), held) == (league.teams(), league.team("anvils"))


#: The humans, the first a Blitzer who has Block: another draft than the league's teams'.
ADVANCED = [("human_blitzer", "Wolfgang"), *HUMANS[1:]]


class TestTeamFileBack:
    """A team exported, changed by its coach and brought back (League.update_team, League.import_team)."""

    @pytest.fixture
    def played(self, league: bb.types.League) -> bb.types.League:
        league.add_fixture("anvils", "barons")
        league.record(1, WIN, SeededDice(1))
        return league

    def test_the_entries_a_file_adds_are_stored(self, played: bb.types.League, pack: RulePack, tmp_path: Path) -> None:
        """The coach closes his sequence on the exported file; importing it under its id stores that entry alone,
        through the engine: the fixture still names its entries, and the league verifies."""
        path = played.export_team("anvils", tmp_path / "anvils.json")
        sheet = progression.load_sheet(Path(path).read_text(encoding="utf-8"), pack=pack)
        closed = bb.operations.expensive_mistakes(pack, sheet, SeededDice(6), number=1, must_advance=False)
        Path(path).write_text(progression.dump_sheet(closed), encoding="utf-8")
        stored = played.import_team("anvils", path)
        assert (closed, closed) == (stored, played.team("anvils"))
        assert (4, True) == (len(stored.ledger), played.verify().ok)
        assert played.team("anvils") == played.update_team("anvils", closed)  # nothing more to add: as it was

    def test_a_file_that_does_not_extend_the_team_is_refused(self, played: bb.types.League, pack: RulePack) -> None:
        """A file older than the league's team, one that went another way, or one holding a match outside the
        league is refused, naming the first entry that differs and why; nothing is stored."""
        exported = played.team("anvils")
        played.close_match("anvils", 1, SeededDice(6), must_advance=False)
        before = played.team("anvils")
        with pytest.raises(InvalidInput, match=r"entry 4 \(match 1: expensive mistakes\) the first it misses"):
            played.update_team("anvils", exported)
        hired = bb.operations.hire(pack, exported, "human_lineman", "Joe")
        with pytest.raises(
            InvalidInput,
            match=r"its entry 4 \(hire Joe \(Human Lineman\)\) is not the league's entry 4 \(match 1: expensive "
            r"mistakes\); the file and the league went different ways after entry 3",
        ):
            played.update_team("anvils", hired)
        record = bb.types.MatchRecord(
            number=2, opponent="Carroburg Counts", score=(1, 0), fan_attendance=6, mvp_nominees=("1",)
        )
        elsewhere = bb.operations.record_match(pack, before, record, SeededDice(1))
        with pytest.raises(
            InvalidInput, match=r"entry 5 of the sheet of Altdorf Anvils .*a match is recorded on both teams"
        ):
            played.update_team("anvils", elsewhere)
        assert before == played.team("anvils")

    def test_entries_of_one_label_say_what_differs(self, played: bb.types.League, pack: RulePack) -> None:
        """Two entries described alike (the same step of the same match) are told apart by what differs: the
        operation's fields, each with both values; a match amended in the file points at ``league amend``, never
        at ``league record`` (the match is the league's already). Nothing is stored."""
        exported = played.team("anvils")
        played.close_match("anvils", 1, SeededDice(6), must_advance=False)
        before = played.team("anvils")
        other = bb.operations.expensive_mistakes(pack, exported, SeededDice(6), number=1, must_advance=None)
        with pytest.raises(InvalidInput) as refused:
            played.update_team("anvils", other)
        assert (
            "its entry 4 (match 1: expensive mistakes) is not the league's entry 4 (match 1: expensive mistakes) "
            "(must_advance: null in the file, false in the league); the file and the league went different ways"
        ) in str(refused.value)
        amended, _ = bb.operations.amend_match(pack, before, 1, score=(3, 1))
        with pytest.raises(InvalidInput) as refused:
            played.update_team("anvils", amended)
        assert str(refused.value).endswith(
            "its entry 3 (match 1: outcome, winnings, Dedicated Fans) is not the league's entry 3 (match 1: outcome, "
            "winnings, Dedicated Fans) (match.score: [3, 1] in the file, [2, 1] in the league); a match the league "
            "holds is corrected in the league, on both teams and its fixture at once, with League.amend(1, ...) "
            "(fixture 1 of season 1: anvils v barons), not in a team's file: export the team again "
            "(League.export_team)"
        ), str(refused.value)
        assert before == played.team("anvils")

    def test_a_match_run_on_the_file_names_the_fixture_of_its_round(
        self, played: bb.types.League, pack: RulePack
    ) -> None:
        """A match recorded on the file where the league holds another entry names the ``league record`` of the
        fixture of its round, by number, and the export of the team itself; with no fixture of that round, where
        the fixtures are listed (``FIXTURE`` is the reader's to find, and the sentence says where)."""
        from progression.cli.output import in_command_words

        exported = played.close_match("anvils", 1, SeededDice(6), must_advance=False)
        played.run("anvils", Mark(name="after match 1"))  # the league's entry 5
        record = bb.types.MatchRecord(
            number=2, opponent="Bogenhafen Barons", score=(1, 0), fan_attendance=6, mvp_nominees=("1",)
        )
        elsewhere = bb.operations.record_match(pack, exported, record, SeededDice(1))  # the file's entry 5
        with pytest.raises(InvalidInput) as refused:
            played.update_team("anvils", elsewhere)
        assert str(refused.value).endswith(
            "a match of the league is recorded on both teams and its fixture at once, with League.record (the "
            "fixture by its number: League.fixtures() lists them), not in a team's file"
        ), str(refused.value)
        played.add_fixture("barons", "anvils")
        before = played.team("anvils")
        with pytest.raises(InvalidInput) as refused:
            played.update_team("anvils", elsewhere)
        assert str(in_command_words(refused.value, "cup.sqlite")).endswith(
            "with `progression league record cup.sqlite 2 ...` (fixture 2: barons v anvils, round 2), not in a "
            "team's file"
        ), str(refused.value)
        marked = progression.mark(exported, "before match 2")
        with pytest.raises(InvalidInput) as refused:
            played.update_team("anvils", marked)
        assert (
            "export the team again (`progression league team export cup.sqlite anvils TEAMFILE`) to run on it what "
            "the league does not hold yet; an entry the league holds is corrected in the league, not in a file: a "
            "match with `progression league amend cup.sqlite FIXTURE ...` (the fixture by its number: `progression "
            "league fixtures cup.sqlite` lists them)"
        ) in str(in_command_words(refused.value, "cup.sqlite"))
        assert before == played.team("anvils")

    def test_a_match_of_an_earlier_season_is_amended_in_its_season(
        self, played: bb.types.League, pack: RulePack
    ) -> None:
        """The league's match amended in the file names the ``league amend`` of the fixture that recorded it, with
        ``--season`` when that fixture is of a season before the current one."""
        before = played.team("anvils")
        amended, _ = bb.operations.amend_match(pack, before, 1, score=(3, 1))
        (fixture,) = played.fixtures()
        said = divergence(amended, before, team="anvils", fixtures=lambda: [fixture], season=2)
        assert said is not None
        assert (True, True) == (
            "with League.amend(1, ..., season=1) (fixture 1 of season 1: anvils v barons), not in" in str(said),
            "with `progression league amend cup.sqlite 1 ... --season 1` (fixture 1 of season 1: anvils v barons)"
            in said.on_command_line("cup.sqlite"),
        ), str(said)
        current = divergence(amended, before, team="anvils", fixtures=lambda: [fixture], season=1)
        assert "with `progression league amend cup.sqlite 1 ...` (fixture 1 of" in str(
            current and current.on_command_line("cup.sqlite")
        )

    def test_a_batch_says_the_operation_within_it_that_differs(self, played: bb.types.League, pack: RulePack) -> None:
        """A draft (one entry, a batch of a dozen operations) whose second hire was renamed in the file is told
        apart by that hire's name alone, both values in full, never both batches cut at the same prefix."""
        renamed = [(position, "Ottokar" if name == "Otto" else name) for position, name in HUMANS]
        other = bb.draft(pack, "human", "Altdorf Anvils", renamed)
        with pytest.raises(InvalidInput) as refused:
            played.update_team("anvils", other)
        assert (
            "its entry 2 (draft of Altdorf Anvils) is not the league's entry 2 (draft of Altdorf Anvils) "
            "(operations[1].name: 'Ottokar' in the file, 'Otto' in the league); the file and the league went "
            "different ways after entry 1"
        ) in str(refused.value)

    def test_an_older_file_of_one_entry_is_counted_in_words(self, played: bb.types.League) -> None:
        """A file holding the creation alone says it holds 1 entry, not "1 entries"."""
        with pytest.raises(InvalidInput, match=r"it holds 1 entry where the league holds 3, entry 2 "):
            played.update_team("anvils", played.team("anvils").at(1))

    def test_a_snapshot_forged_with_its_digest_is_not_built_on(
        self, played: bb.types.League, pack: RulePack, tmp_path: Path
    ) -> None:
        """The team's treasury forged in its snapshot in the SQLite file, its digest made again as the store makes
        it (nothing in the database is secret): the file its coach brings back, which extends the team entry for
        entry, is refused as an export is, naming both treasuries, and nothing is stored. (The file's entry was run
        on the forged treasury and stored with it, under the store's own digest.)"""
        path = played.export_team("anvils", tmp_path / "anvils.json")
        sheet = progression.load_sheet(Path(path).read_text(encoding="utf-8"), pack=pack)
        closed = bb.operations.expensive_mistakes(pack, sheet, SeededDice(6), number=1, must_advance=False)
        Path(path).write_text(progression.dump_sheet(closed), encoding="utf-8")
        where = played.store.where
        ((state,),) = raw(where, "SELECT state FROM sheets WHERE id = 'anvils'")
        held = json.loads(str(state))["pools"]["treasury"]
        forge(where, "anvils", str(state).replace(f'"treasury":{held}', f'"treasury":{held + 1000}', 1))
        before = (
            raw(where, "SELECT * FROM sheets ORDER BY id"),
            raw(where, "SELECT * FROM entries ORDER BY sheet, version"),
        )
        with pytest.raises(StoreTampered) as refused:
            played.import_team("anvils", path)
        assert (
            f"store {where}: sheet 'anvils' was changed in the database outside the store: its snapshot (what reads "
            f"show) is not what its entries add up to: pools.treasury: held {held + 1000}, its history gives {held}; "
            "nothing was stored (verify the store to find the entry that differs)"
        ) == str(refused.value)
        with pytest.raises(StoreTampered, match="nothing was stored"):
            played.update_team("anvils", closed)
        after = (
            raw(where, "SELECT * FROM sheets ORDER BY id"),
            raw(where, "SELECT * FROM entries ORDER BY sheet, version"),
        )
        assert before == after

    def test_a_team_of_the_league_under_a_new_id(self, played: bb.types.League, tmp_path: Path) -> None:
        """The file of a team of the league is refused under another id, saying the id it is there under."""
        path = played.export_team("anvils", tmp_path / "anvils.json")
        with pytest.raises(
            InvalidInput, match="team 'Altdorf Anvils' is in league 'Old World Cup' already, under the id 'anvils'"
        ):
            played.import_team("again", path)


#: A child process that records fixture 1 and dies between the home team's write and the away team's.
_DIES = """
import os, sys
import progression, progression_bloodbowl as bb
from progression.store import Transaction
original = Transaction.run
def run(self, sheet_id, *args, **kwargs):
    done = original(self, sheet_id, *args, **kwargs)
    if sheet_id == "anvils":
        os._exit(3)  # killed mid-transaction: the home team written, the away team not yet
    return done
Transaction.run = run
NAMED = bb.types.Side(mvp_nominees=("1",))
league = bb.open_league(sys.argv[1])
league.record(1, bb.types.Played(score=(2, 1), home=NAMED, away=NAMED, fan_attendance=6), progression.SeededDice(int(sys.argv[2])))
"""

#: A child process that records one fixture, as a coach's command would.
_RECORDS = """
import sys
import progression, progression_bloodbowl as bb
league = bb.open_league(sys.argv[1])
home = bb.types.Side(events={"1": {"touchdown": 1}}, mvp_nominees=("1",))
played = bb.types.Played(score=(1, 0), home=home, away=bb.types.Side(mvp_nominees=("1",)), fan_attendance=6)
league.record(int(sys.argv[2]), played, progression.SeededDice(int(sys.argv[2])))
"""


class TestOnDisk:
    def test_killed_between_the_two_teams(self, tmp_path: Path, pack: RulePack) -> None:
        """A process killed after writing the home team and before the away team leaves neither, every time."""
        path = tmp_path / "league.sqlite"
        league_of(path, pack, 2).close()
        with bb.open_league(path) as league:
            league.add_fixture("anvils", "barons")
            before = (league.store.version("anvils"), league.store.version("barons"))
        rows = raw(str(path), "SELECT sheet, version FROM entries ORDER BY sheet, version")
        for seed in range(8):
            child = subprocess.run(
                [sys.executable, "-c", _DIES, str(path), str(seed)], capture_output=True, check=False
            )
            assert 3 == child.returncode, child.stderr.decode()
            with bb.open_league(path) as league:
                assert before == (league.store.version("anvils"), league.store.version("barons"))
                assert league.fixture(1).played is None
                assert league.verify().ok
        assert rows == raw(str(path), "SELECT sheet, version FROM entries ORDER BY sheet, version")
        with bb.open_league(path) as league:
            league.record(1, WIN, SeededDice(1))
            assert (before[0] + 1, before[1] + 1) == (league.store.version("anvils"), league.store.version("barons"))

    def test_concurrent_writers_on_different_fixtures(self, tmp_path: Path, pack: RulePack) -> None:
        """Four processes record the four fixtures of a round at once: all four recorded, none lost."""
        path = tmp_path / "league.sqlite"
        with league_of(path, pack, 8) as league:
            league.schedule()
            numbers = [f.number for f in league.fixtures() if f.round == 1]
            before = league.store.version("anvils")
        children = [
            subprocess.Popen([sys.executable, "-c", _RECORDS, str(path), str(n)], stderr=subprocess.PIPE)
            for n in numbers
        ]
        for child in children:
            _, error = child.communicate(timeout=120)
            assert 0 == child.returncode, error.decode()
        with bb.open_league(path) as league:
            assert all(league.fixture(n).played is not None for n in numbers)
            assert [before + 1] * 8 == [league.store.version(t) for t in league.teams()]
            assert league.verify().ok

    def test_a_tampered_row_is_found(self, tmp_path: Path, pack: RulePack) -> None:
        """An entry edited in the database is found by the league's verify, at its team and entry."""
        path = tmp_path / "league.sqlite"
        with league_of(path, pack, 2) as league:
            league.add_fixture("anvils", "barons")
            league.record(1, WIN, SeededDice(2))
        row = raw(str(path), "SELECT entry FROM entries WHERE sheet = 'barons' AND version = 3")[0][0]
        edited = json.loads(str(row))
        edited["operation"]["match"]["score"] = [2, 1]
        raw(
            str(path),
            "UPDATE entries SET entry = ? WHERE sheet = 'barons' AND version = 3",
            (json.dumps(edited),),
        )
        with bb.open_league(path) as league:
            check = league.verify()
            assert not check.ok
            assert check.teams["anvils"].ok
            assert [3] == [d.position for d in check.teams["barons"].divergences]
            assert ["fixture 1 of season 1: entry 3 of 'barons' does not hold the match the fixture records"] == list(
                check.fixtures
            )

    def test_a_fixture_naming_an_entry_past_the_ledger(self, tmp_path: Path, pack: RulePack) -> None:
        """A fixture record edited to name entry 99 of a team of 3 entries says the team's ledger has no such
        entry, and how many it has, not that the entry "does not hold" the match."""
        path = tmp_path / "league.sqlite"
        with league_of(path, pack, 2) as league:
            league.add_fixture("anvils", "barons")
            league.record(1, WIN, SeededDice(2))
        ((name, value),) = raw(str(path), "SELECT name, value FROM records WHERE name LIKE 'bloodbowl.fixture/%'")
        edited = json.loads(str(value))
        edited["entries"]["anvils"] = 99
        raw(str(path), "UPDATE records SET value = ? WHERE name = ?", (json.dumps(edited), name))
        with bb.open_league(path) as league:
            assert ["fixture 1 of season 1: the ledger of 'anvils' has no entry 99 (it has 3 entries, 1 to 3)"] == list(
                league.verify().fixtures
            )

    def test_an_unknown_operation_is_named_with_the_known_ones(self, tmp_path: Path, pack: RulePack) -> None:
        """An entry whose stored operation name the reader does not know (``bloodbowl.mach``) is named, with the
        name, the operations it knows and the closest of them, not cattrs' "invalid value for type"."""
        path = tmp_path / "league.sqlite"
        with league_of(path, pack, 2) as league:
            league.add_fixture("anvils", "barons")
            league.record(1, WIN, SeededDice(2))
        row = raw(str(path), "SELECT entry FROM entries WHERE sheet = 'barons' AND version = 3")[0][0]
        edited = json.loads(str(row))
        edited["operation"]["op"] = "bloodbowl.mach"
        raw(str(path), "UPDATE entries SET entry = ? WHERE sheet = 'barons' AND version = 3", (json.dumps(edited),))
        with bb.open_league(path) as league:
            said = "\n".join(league.verify().lines())
        assert (True, True, True, False) == (
            "entry #3" in said,
            "expected an operation the reader knows as op, got 'bloodbowl.mach'; it knows: adjust, award" in said,
            "; the closest: bloodbowl.match" in said,
            "invalid value for type" in said,
        ), said

    def test_a_match_on_a_tampered_team_is_refused(self, tmp_path: Path, pack: RulePack) -> None:
        """A team whose match was edited in the database (the score, 1-0 made 2-1) takes no further match: the
        next match is refused for both teams, naming the team and the entry, and neither team nor the fixture
        is written."""
        path = tmp_path / "league.sqlite"
        with league_of(path, pack, 2) as league:
            league.add_fixture("anvils", "barons")
            league.add_fixture("barons", "anvils")
            league.record(1, WIN, SeededDice(2))
            versions = [league.store.version(t) for t in league.teams()]
        row = raw(str(path), "SELECT entry FROM entries WHERE sheet = 'barons' AND version = 3")[0][0]
        edited = json.loads(str(row))
        edited["operation"]["match"]["score"] = [2, 1]
        raw(str(path), "UPDATE entries SET entry = ? WHERE sheet = 'barons' AND version = 3", (json.dumps(edited),))
        with bb.open_league(path) as league:
            said = "sheet 'barons' was changed in the database outside the store: entry #3 was changed in place, and"
            with pytest.raises(StoreTampered, match=f"{said} its history no longer holds: #3 "):
                league.record(2, WIN, SeededDice(3))
            assert versions == [league.store.version(t) for t in league.teams()]
            assert league.fixture(2).played is None


def edit_record(path: Path, name: str, change: Callable[[dict[str, Any]], object]) -> None:
    """A record of the store changed in the database, beside the store (as a hand would)."""
    (row,) = raw(str(path), "SELECT value FROM records WHERE name = ?", (name,))
    value = json.loads(str(row[0]))
    change(value)
    raw(str(path), "UPDATE records SET value = ? WHERE name = ?", (json.dumps(value), name))


def two_played(path: Path, pack: RulePack) -> Path:
    """A league of two teams at ``path``, in season 1: fixture 1 played 2-1, fixture 2 not yet."""
    with league_of(path, pack, 2) as league:
        league.add_fixture("anvils", "barons")
        league.add_fixture("barons", "anvils")
        league.record(1, WIN, SeededDice(2))
    return path


class TestEditedRecords:
    @pytest.fixture
    def played(self, tmp_path: Path, pack: RulePack) -> Path:
        """A league of two teams, fixture 1 played 2-1, fixture 2 not yet."""
        return two_played(tmp_path / "league.sqlite", pack)

    @pytest.mark.parametrize(
        ("number", "change", "said"),
        [
            (2, lambda v: v.update(round="x"), "its round is a whole number >= 1, got 'x'"),
            (2, lambda v: v.update(home="anvils", away="anvils"), "home and away are two different teams"),
            (2, lambda v: v.update(entries={"anvils": 3}), "a fixture not played records no entry"),
            (2, lambda v: v.update(number=7), "it says fixture 7 of season 1, not what its name says"),
            (2, lambda v: v.update(goals=3), "where a fixture holds format, season"),
            (1, lambda v: v["played"].update(score=[1]), "its score is two whole numbers >= 0, got [1]"),
            (1, lambda v: v["played"].update(score=["a", 0]), "its score is two whole numbers >= 0"),
            (1, lambda v: v.pop("played") and v.update(played=None), "a fixture not played records no entry"),
            (1, lambda v: v["played"]["home"].update(stalling="yes"), "its home side holds events, mvp_nominees"),
            (1, lambda v: v["played"].update(kind="final"), "it was conceded by '' and is of kind 'final'"),
            (1, lambda v: v["played"].update(shootout="us"), "its Penalty Shoot-out was won by 'home', 'away' or"),
        ],
    )
    def test_a_fixture_edited_into_no_fixture_is_refused(
        self, played: Path, number: int, change: Callable[[dict[str, Any]], object], said: str
    ) -> None:
        """A fixture's record that no league writes is refused where it is read, naming the record and what is
        wrong; the league's verify lists it instead of stopping."""
        edit_record(played, f"bloodbowl.fixture/1/{number:04d}", change)
        with bb.open_league(played) as league:
            with pytest.raises(
                StoreError, match=f"record 'bloodbowl.fixture/1/{number:04d}' is not a fixture: .*{re.escape(said)}"
            ):
                league.fixtures()
            check = league.verify()
            assert (False, 1) == (check.ok, len(check.fixtures))
            assert said in check.fixtures[0]

    def test_a_played_match_edited_is_neither_amended_nor_recorded_over(self, played: Path) -> None:
        """Fixture 1's score edited (2-1 made 4-0): verify names both teams' entries; amending it is refused
        rather than writing the edited score into both teams, and nothing changes."""
        edit_record(played, "bloodbowl.fixture/1/0001", lambda v: v["played"].update(score=[4, 0]))
        with bb.open_league(played) as league:
            versions = [league.store.version(t) for t in league.teams()]
            assert [
                "fixture 1 of season 1: entry 3 of 'anvils' does not hold the match the fixture records",
                "fixture 1 of season 1: entry 3 of 'barons' does not hold the match the fixture records",
            ] == list(league.verify().fixtures)
            with pytest.raises(StoreError, match="entry 3 of 'anvils' does not hold the match the fixture records: the "
                               "store was changed outside the library"):  # fmt: skip
                league.amend(1, dice=SeededDice(3), score=(4, 1))
            assert versions == [league.store.version(t) for t in league.teams()]

    def test_a_fixture_of_a_team_not_in_the_league(self, played: Path) -> None:
        """A fixture edited to name a team the league does not have is refused before anything is recorded."""
        edit_record(played, "bloodbowl.fixture/1/0002", lambda v: v.update(home="nobody"))
        with bb.open_league(played) as league:
            with pytest.raises(StoreError, match="fixture 2 of season 1: 'nobody' is not a team of the league"):
                league.record(2, WIN, SeededDice(3))
            assert ["fixture 2 of season 1: 'nobody' is not a team of the league"] == list(league.verify().fixtures)

    @pytest.mark.parametrize(
        ("change", "said"),
        [
            (lambda v: v.update(season="abc"), "its season is a whole number >= 1, got 'abc'"),
            (lambda v: v.update(season=True), "its season is a whole number >= 1, got true"),
            (
                lambda v: v.update(teams=["anvils", "anvils"]),
                "its teams are the ids of different teams, got anvils, anvils",
            ),
            (lambda v: v.update(teams=["anvils", 3]), 'its teams are the ids of different teams, got ["anvils", 3]'),
            (lambda v: v.update(name=""), "its name is a text on one line, got ''"),
            (lambda v: v.update(format=99), "its format is 99, where this library writes 1"),
            (lambda v: v.update(bonus=1), "its bonus is true, false or null, got 1"),
            (
                lambda v: v.clear(),
                "it holds nothing, where a league's settings hold format, name, season, teams, bonus",
            ),
            (
                lambda v: v.pop("bonus"),
                "it holds format, name, season, teams, where a league's settings hold format, name, season, teams, bonus",
            ),
        ],
    )
    def test_settings_edited_into_no_league_are_refused(
        self, played: Path, change: Callable[[dict[str, Any]], object], said: str
    ) -> None:
        """The league's settings record, edited into what no league writes, is refused whatever reads it."""
        edit_record(played, "bloodbowl.league", change)
        with bb.open_league(played) as league:
            for read in (lambda: league.season, league.standings, league.teams):
                with pytest.raises(
                    StoreError, match=f"record 'bloodbowl.league' is not a league's settings: {re.escape(said)}"
                ):
                    read()
            check = league.verify()  # listed, every sheet of the store verified
            assert (False, ["anvils", "barons"], 1) == (check.ok, sorted(check.teams), len(check.settings))
            assert f"record 'bloodbowl.league' is not a league's settings: {said}" in check.settings[0]

    def test_verify_lists_every_record_edited(self, played: Path) -> None:
        """The settings listing a team the store does not hold, and leaving out one it holds, and fixtures that
        are not JSON: each is listed by verify, naming its record, where reading them is refused."""
        edit_record(played, "bloodbowl.league", lambda v: v.update(teams=["anvils", "ghosts"]))
        for number in (1, 2):
            raw(str(played), "UPDATE records SET value = '{bad' WHERE name = ?", (f"bloodbowl.fixture/1/000{number}",))
        with bb.open_league(played) as league:
            check = league.verify()
        where = str(played)
        assert (False, ["anvils"]) == (check.ok, list(check.teams))
        assert [
            f"store {where}: record 'bloodbowl.league' lists the team 'ghosts', which the store does not hold",
            f"store {where}: it holds the sheet 'barons', which record 'bloodbowl.league' does not list as a team of "
            "the league",
        ] == list(check.settings)
        assert [
            f"store {where}: record 'bloodbowl.fixture/1/0001' is not JSON",
            f"store {where}: record 'bloodbowl.fixture/1/0002' is not JSON",
        ] == [line.split(":")[0] + ":" + line.split(":")[1] for line in check.fixtures]


class TestEditedSeason:
    """The league's season edited in the database, into one its teams do not play (the record still reads as a
    league's): ``verify`` lists it, and whatever reads or writes a season refuses it, naming the record, rather
    than hide the season's fixtures, read a table no team has, or make fixtures for a season nobody plays."""

    @pytest.fixture
    def played(self, tmp_path: Path, pack: RulePack) -> Path:
        """A league of two teams in season 1, fixture 1 played 2-1, fixture 2 not yet."""
        return two_played(tmp_path / "league.sqlite", pack)

    #: Each way a season is read or written.
    READS: ClassVar[list[tuple[str, Callable[[bb.types.League], object]]]] = [
        ("season", lambda league: league.season),
        ("fixtures", lambda league: league.fixtures()),
        ("fixture", lambda league: league.fixture(2)),
        ("standings", lambda league: league.standings()),
        ("leaders", lambda league: league.leaders("touchdowns")),
        ("schedule", lambda league: league.schedule()),
        ("add_fixture", lambda league: league.add_fixture("anvils", "barons", round=7)),
        ("remove_fixture", lambda league: league.remove_fixture(2)),
        ("record", lambda league: league.record(2, DRAW, SeededDice(1))),
        ("amend", lambda league: league.amend(1, dice=SeededDice(1), score=(1, 1))),
        ("new_season", lambda league: league.new_season(SeededDice(1))),
        ("award_prizes", lambda league: league.award_prizes(["anvils"])),
        ("plan_redraft", lambda league: league.plan_redraft("anvils", None)),
        ("redrafts", lambda league: league.redrafts()),
        ("add_team", lambda league: league.add_team("counts", bb.draft(league.pack, "human", "Counts", HUMANS))),
    ]

    @pytest.mark.parametrize(("read", "how"), READS, ids=[read for read, _ in READS])
    def test_a_season_ahead_of_the_teams_is_refused(
        self, played: Path, read: str, how: Callable[[bb.types.League], object]
    ) -> None:
        """Season 1 edited into season 2: refused wherever the season is read, naming the record, both seasons
        and the teams, and what lists it; nothing is written."""
        edit_record(played, "bloodbowl.league", lambda v: v.update(season=2))
        before = rows(played)
        with bb.open_league(played) as league, pytest.raises(StoreError) as refused:
            how(league)
        assert str(refused.value) == (
            f"store {played}: record 'bloodbowl.league' does not hold: it gives season 2 as the season the league "
            "plays, where its teams play season 1 (anvils, barons): a league and its teams play one season and move "
            "on together, so the record or a team was changed in the database outside the library (League.verify() "
            "lists it); nothing was read or written"
        ), read
        assert before == rows(played)

    def test_verify_lists_a_season_ahead(self, played: Path) -> None:
        """``verify`` lists the season ahead of the teams with the settings' problems, every team verified."""
        edit_record(played, "bloodbowl.league", lambda v: v.update(season=2))
        with bb.open_league(played) as league:
            check = league.verify()
        assert (False, ["anvils", "barons"]) == (check.ok, list(check.teams))
        assert [
            f"store {played}: record 'bloodbowl.league' does not hold: it gives season 2 as the season the league "
            "plays, where its teams play season 1 (anvils, barons): a league and its teams play one season and move "
            "on together, so the record or a team was changed in the database outside the library"
        ] == list(check.settings)

    def test_a_season_behind_the_teams_and_their_fixtures(self, played: Path) -> None:
        """A league moved on to season 2 (its first fixture made), its season edited back into 1: ``verify`` says
        the teams' season and the fixtures of season 2 it holds; reading the season is refused."""
        with bb.open_league(played) as league:
            for team in league.teams():
                league.close_match(team, 1, SeededDice(6), must_advance=False)
            league.record(2, DRAW, SeededDice(1))
            for team in league.teams():
                league.close_match(team, 2, SeededDice(6), must_advance=False)
            league.new_season(SeededDice(1))
            league.add_fixture("anvils", "barons")
        edit_record(played, "bloodbowl.league", lambda v: v.update(season=1))
        told = (
            "it gives season 1 as the season the league plays, where its teams play season 2 (anvils, barons); it "
            "holds 1 fixture of season 2"
        )
        with bb.open_league(played) as league:
            assert [f"store {played}: record 'bloodbowl.league' does not hold: {told}"] == [
                line.split(": a league")[0] for line in league.verify().settings
            ]
            with pytest.raises(StoreError, match=re.escape(told)):
                league.fixtures()

    def test_a_fixture_of_a_later_season(self, played: Path) -> None:
        """A fixture record of season 2 written beside a league in season 1 (whose teams play season 1) is listed
        by ``verify``, and refused where the season is read: it would be made the next season's fixture."""
        (row,) = raw(str(played), "SELECT value FROM records WHERE name = ?", ("bloodbowl.fixture/1/0002",))
        value = json.loads(str(row[0]))
        value.update(season=2, number=1)
        raw(str(played), "INSERT INTO records VALUES (?, 1, ?)", ("bloodbowl.fixture/2/0001", json.dumps(value)))
        with bb.open_league(played) as league:
            assert [
                f"store {played}: record 'bloodbowl.league' does not hold: it gives season 1 as the season the league "
                "plays, where it holds 1 fixture of season 2: a league and its teams play one season and move on "
                "together, so the record or a team was changed in the database outside the library"
            ] == list(league.verify().settings)
            with pytest.raises(StoreError, match="where it holds 1 fixture of season 2"):
                league.standings()


class TestEditedSnapshot:
    @pytest.fixture
    def edited(self, league: bb.types.League) -> bb.types.League:
        """A season played, then the Anvils' snapshot (the state the store keeps) edited in the database."""
        league.schedule()
        play_season(league, SeededDice(3))
        where = league.store.where
        state = raw(where, "SELECT state FROM sheets WHERE id = 'anvils'")[0][0]
        raw(
            where, "UPDATE sheets SET state = ? WHERE id = 'anvils'", (state.replace('"treasury":', '"treasury":9', 1),)
        )
        return league

    def test_a_team_s_snapshot_edited_is_said_once(self, edited: bb.types.League) -> None:
        """A team's snapshot edited in the database is found by its verification, and said once more as the sheet
        that does not read: not again at each of its played fixtures (it was said at each of the three)."""
        check = edited.verify()
        unread = [line for line in check.lines() if "its sheet was changed in the database" in line]
        assert (False, False, 1) == (check.ok, check.teams["anvils"].ok, len(unread)), list(check.lines())
        assert all(check.teams[team].ok for team in ("barons", "counts", "dukes"))

    def test_a_team_s_unread_sheet_is_said_with_the_team(self, edited: bb.types.League) -> None:
        """A team whose sheet does not read (its snapshot edited in the database) is said with that team, under
        its verification and in its words: not among the fixtures' problems, and not telling the reader to verify
        the store (it was in ``fixtures``, saying "verify the store to find the entry that differs")."""
        league, where = edited, edited.store.where
        check = league.verify()
        last = raw(where, "SELECT version FROM sheets WHERE id = 'anvils'")[0][0]
        said = (
            "its sheet was changed in the database outside the store: its snapshot (the state it holds) is not the "
            f"one the store wrote with entry #{last}; it is not read as the team, so its fixtures were not checked "
            "against it"
        )
        assert (False, (), {"anvils": (said,)}) == (check.ok, check.fixtures, dict(check.sheets))
        lines = list(check.lines())
        barons = next(n for n, line in enumerate(lines) if line.startswith("Bogenhafen Barons: "))
        assert (lines[0].startswith("Altdorf Anvils: "), f"  {said}") == (True, lines[barons - 1])


class TestSeasonAsked:
    """A season the league has not reached, or no season at all, is refused by every method taking ``season=``
    (a table of zeros for season 9 of a league in its first reads as a season played), as ``--season`` is."""

    @pytest.mark.parametrize(
        "ask",
        [
            lambda league, season: league.standings(season=season),
            lambda league, season: league.leaders("spp", season=season),
            lambda league, season: league.fixtures(season),
            lambda league, season: league.fixture(1, season),
            lambda league, season: league.amend(1, season=season, score=(1, 1)),
        ],
        ids=["standings", "leaders", "fixtures", "fixture", "amend"],
    )
    @pytest.mark.parametrize(
        ("season", "told"),
        [(9, "got 9"), ("x", "got 'x'"), (True, "got True"), (-1, "got -1")],
        ids=["not reached", "text", "bool", "negative"],
    )
    def test_a_season_not_reached(self, league: bb.types.League, ask: Any, season: object, told: str) -> None:
        """The refusal says what a season is, the seasons the league has and what came."""
        league.add_fixture("anvils", "barons")
        league.record(1, WIN, SeededDice(1))
        with pytest.raises(InvalidInput) as refused:
            ask(league, season)
        assert str(refused.value).startswith(
            "the season asked is one reached: league 'Old World Cup' has season 1 only"
        ), refused.value
        assert str(refused.value).endswith(told), refused.value

    def test_every_season_and_the_current_one(self, league: bb.types.League) -> None:
        """The leaders of season 0 are those of every season; a season reached is read as before."""
        league.add_fixture("anvils", "barons")
        league.record(1, WIN, SeededDice(1))
        assert league.leaders("spp", season=0) == league.leaders("spp", season=1) == league.leaders("spp")
        assert league.standings(season=1) == league.standings()
        with pytest.raises(InvalidInput, match=r"has season 1 only, and 0 for every season, got 2$"):
            league.leaders("spp", season=2)
        with pytest.raises(InvalidInput, match=r"has season 1 only, got 0$"):
            league.standings(season=0)

    @pytest.mark.parametrize("top", [-1, 0, True, 2.5, "3"])
    def test_leaders_top_is_one_or_more(self, league: bb.types.League, top: object) -> None:
        """``top`` below 1, or not a whole number, is refused, saying what it is and what came: -1 returned all but
        the last row (a slice), 0 nothing, as if no player had scored."""
        league.add_fixture("anvils", "barons")
        league.record(1, WIN, SeededDice(1))
        with pytest.raises(InvalidInput) as refused:
            league.leaders("spp", top=top)  # type: ignore[arg-type]
        assert f"top is how many players the leaders list, a whole number >= 1, got {top!r}" == str(refused.value)


class TestSeason:
    def test_a_season_agrees_with_the_files(self, league: bb.types.League, pack: RulePack, tmp_path: Path) -> None:
        """Four teams, a full round robin: the table read from the store is the one the existing standings
        report gives over the same teams carried as files, and the command line's report agrees."""
        league.schedule()
        play_season(league, SeededDice(11))
        files = [league.export_team(team, tmp_path / f"{team}.json") for team in league.teams()]
        carried = [progression.load_sheet(Path(f).read_text(encoding="utf-8")) for f in files]
        assert bb.standings(pack, carried) == league.standings()
        assert all(row.played == 3 for row in league.standings())
        report = subprocess.run(
            [sys.executable, "-m", "progression", "sheet", "report", "standings", *map(str, files), "--json"],
            capture_output=True,
            text=True,
            check=True,
        )
        rows = [
            (r["team"], r["P"], r["W"], r["D"], r["L"], r["CAS"], r["points"])
            for r in json.loads(report.stdout)["rows"]
        ]
        table = [(s.team, s.played, s.won, s.drawn, s.lost, s.casualties, s.points) for s in league.standings()]
        assert table == rows

    def test_leaders_careers_and_history(self, league: bb.types.League) -> None:
        """Leaders, a career and a team's history are read from the teams' ledgers in the store."""
        league.schedule()
        play_season(league, SeededDice(11))
        touchdowns = {(t, m): v for t, m, _, v in league.leaders("touchdowns", top=20)}
        expected: dict[tuple[str, str], int] = {}
        for fixture in league.fixtures():
            assert fixture.played is not None
            for team, side in ((fixture.home, fixture.played.home), (fixture.away, fixture.played.away)):
                for member, counts in side.events.items():
                    if counts.get("touchdown"):
                        expected[(team, member)] = expected.get((team, member), 0) + counts["touchdown"]
        assert expected == touchdowns
        spp = {(t, m): v for t, m, _, v in league.leaders("spp", top=50)}
        for team in league.teams():
            sheet = league.team(team)
            for member, player in sheet.members.items():
                assert spp.get((team, member), 0) == player.pools["spp"]
        mvps = sum(v for *_, v in league.leaders("mvps", top=50))
        assert mvps == sum(1 for f in league.fixtures() for side in (f.played.home, f.played.away) if side.mvp_nominees)
        career = league.career("anvils", "1")
        assert (career.total("spp"), career.seasons()) == (league.team("anvils").member("1").pools["spp"], (1,))
        assert 3 == len(league.history("anvils"))
        with pytest.raises(UnknownName, match="leaders' figure 'goals'"):
            league.leaders("goals")

    def test_a_career_of_every_player_the_team_has_or_had(self, league: bb.types.League) -> None:
        """A player whom no match's record names yet (hired, or on the team since the draft) has a career of no
        match; so has one who left; an id the team never gave is refused, listing those it did."""
        hired = league.act("barons", "hire", SeededDice(1), position="human_lineman", name="Newbie")
        league.act("barons", "fire", SeededDice(1), member="5")
        assert ("12", False) == (list(hired.members)[-1], "5" in league.team("barons").members)
        careers = {member: league.career("barons", member) for member in ("1", "5", "12")}
        assert {"1": ("Griselda", ()), "5": ("Kurt", ()), "12": ("Newbie", ())} == {
            member: (career.name, career.matches) for member, career in careers.items()
        }
        assert ["Newbie (barons #12)", " season  M  TD CAS CMP MVP SPP", "  total  0   0   0   0   0   0"] == list(
            careers["12"].lines()
        )
        with pytest.raises(UnknownName) as refused:
            league.career("barons", "13")
        assert (
            "player '13' is not defined in team 'barons' (its players, past and present); expected one of: "
            "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12"
        ) == str(refused.value)

    def test_a_match_counts_every_player_its_record_names(self, league: bb.types.League) -> None:
        """A player nominated for the MVP and not chosen, and one injured, took part: the match is in their
        careers with no figure; a player the record does not name has none (the league keeps no line-up)."""
        league.schedule()
        played = bb.types.Played(
            score=(1, 0),
            home=bb.types.Side(events={"1": {"touchdown": 1}}, mvp_nominees=("3",), injuries={"4": "badly_hurt"}),
            away=bb.types.Side(mvp_nominees=("2",)),
            fan_attendance=10,
        )
        league.record(1, played, SeededDice(1))
        lines = {
            m: [(line.number, line.touchdowns, line.spp) for line in league.career("anvils", m).matches]
            for m in "12345"
        }
        assert {"1": [(1, 1, 3)], "2": [], "3": [(1, 0, 4)], "4": [(1, 0, 0)], "5": []} == lines
        assert [("anvils", "3", "Hans", 4), ("dukes", "2", "Otto", 4), ("anvils", "1", "Griselda", 3)] == list(
            league.leaders("spp")
        )

    def test_a_new_season_for_every_team(self, league: bb.types.League) -> None:
        """The league's next season starts for every team at once; last season's career stays."""
        league.schedule()
        play_season(league, SeededDice(5))
        for team in league.teams():
            league.close_match(team, 3, SeededDice(1), must_advance=False)
        assert 2 == league.new_season()
        assert ["2"] * 4 == [league.team(t).tags["season"] for t in league.teams()]
        assert () == league.fixtures()
        assert 6 == len(league.fixtures(1))
        assert (1,) == league.career("anvils", "1").seasons()


class TestAmend:
    def test_both_teams_are_amended(self, league: bb.types.League) -> None:
        """Amending a match re-executes both teams in one transaction, reports each, and the table follows."""
        league.schedule()
        play_season(league, SeededDice(11))
        first = league.fixture(1)
        amended = league.amend(
            1, score=(1, 1), home=bb.types.Side(events={"1": {"touchdown": 1}}, mvp_nominees=("1",)), dice=SeededDice(4)
        )
        assert set(amended.reports) == {first.home, first.away}
        assert all(report.outcomes[0].status == "amended" for report in amended.reports.values())
        assert league.fixture(1).played.score == (1, 1)
        assert league.verify().ok
        home = next(r for r in bb.queries.results(league.team(first.home)) if r.number == 1)
        assert ("draw", 1, 1) == (home.outcome, home.scored, home.against)

    def test_an_unplayed_fixture_is_not_amended(self, league: bb.types.League) -> None:
        """There is nothing to amend before the record, and a field a played fixture lacks is refused."""
        league.add_fixture("anvils", "barons")
        with pytest.raises(
            InvalidInput,
            match=r"^fixture 1 of season 1 was not played yet: record it \(League\.record\(1, \.\.\.\)\); there is "
            r"nothing to amend$",
        ):
            league.amend(1, score=(1, 1))
        with pytest.raises(
            InvalidInput, match=r"^fixture 1: a played fixture has no field 'goals'; its fields: score, "
        ):
            league.amend(1, goals=3)
        with pytest.raises(InvalidInput, match=r"^fixture 1: expected both sides of the match \(a Played\), got dict$"):
            league.record(1, {"score": (1, 0)})

    def test_a_fixture_that_does_not_exist(self, league: bb.types.League) -> None:
        """Amending a fixture the season does not have names those it has, as recording and reading one do (it
        said "expected one of: none")."""
        league.schedule()
        expected = "^fixture 9 is not defined in season 1 of league 'Old World Cup'; expected one of: 1, 2, 3, 4, 5, 6$"
        with pytest.raises(UnknownName, match=expected):
            league.amend(9, score=(1, 1))
        with pytest.raises(UnknownName, match=expected):
            league.fixture(9)


#: Fixture 1 corrected: the Anvils' Blitzer (#1) scored nothing and died, the away side unchanged: his advancement,
#: bought with the SPP of his touchdowns, and match 2, which names him among the nominees, become invalid.
DIED = {
    "score": (0, 1),
    "home": bb.types.Side(events={"3": {"completion": 1}}, mvp_nominees=("3",), injuries={"1": "dead"}),
}
#: Fixture 1 corrected: the Anvils' Blitzer scored nothing: his advancement becomes invalid, match 2 still runs.
SCORELESS = {"score": (0, 1), "home": bb.types.Side(events={"3": {"completion": 1}}, mvp_nominees=("3",))}


class TestAmendLeavesOut:
    """What an amendment may leave out of a team (``invalid="drop"``, ``"stop"``): the team's own entries, the
    fixtures renumbered with the entries that move; never what the league wrote on several teams (a match, a
    season's end, a prize), which would leave a fixture naming an entry that is gone or moved."""

    @pytest.fixture
    def advanced(self, tmp_path: Path, pack: RulePack) -> bb.types.League:
        """Two teams, fixture 1 (anvils 2-1 barons: Griselda's two touchdowns) played, Griselda's advancement
        bought with their SPP (anvils #4), both sequences closed; fixture 2 (barons v anvils) not yet played."""
        with league_of(tmp_path / "league.sqlite", pack, 2) as league:
            league.add_fixture("anvils", "barons")
            league.add_fixture("barons", "anvils")
            league.record(1, WIN, SeededDice(1))
            league.act("anvils", "advance", member="1", type="chosen_primary", choice="sure_hands")
            for team in league.teams():
                league.close_match(team, 1, SeededDice(6), must_advance=False)
            yield league

    @pytest.fixture
    def played(self, advanced: bb.types.League) -> bb.types.League:
        """``advanced`` with fixture 2 played: it names the Anvils' entry 6 and the Barons' entry 5."""
        advanced.record(2, DRAW, SeededDice(2))
        assert {"anvils": 6, "barons": 5} == advanced.fixture(2).entries
        return advanced

    def test_a_team_s_own_entry_dropped_renumbers_the_fixtures(self, played: bb.types.League) -> None:
        """The advancement dropped, match 2 moves from the Anvils' entry 6 to 5: its fixture names 5, and the
        league verifies."""
        report = played.amend(1, invalid="drop", **SCORELESS)
        assert ["amended", "dropped", "holds", "changed"] == [o.status for o in report.reports["anvils"].outcomes]
        assert ({"anvils": 5, "barons": 5}, 5) == (played.fixture(2).entries, len(played.team("anvils").ledger))
        assert (True, ()) == (played.verify().ok, played.verify().fixtures)
        assert 2 == next(r for r in bb.queries.results(played.team("anvils")) if r.number == 2).number

    def test_the_store_s_own_amendment_knows_no_fixture(self, played: bb.types.League) -> None:
        """The limit the how-to and ``League.amend`` document: the league's store itself (the core's, which knows no
        league) amends the Anvils' match 1 with ``invalid="drop"`` on that team alone, dropping its advancement as
        ``League.amend`` would, but renumbering no fixture and leaving the Barons as they were; ``League.verify``
        finds both fixtures that no longer hold."""
        fixture = played.fixture(1)
        home, _ = attrs.evolve(fixture.played, **SCORELESS).records(1, "Altdorf Anvils", "Bogenhafen Barons")
        _, report = played.store.amend("anvils", 3, bb.operations.record_match.operation(match=home), invalid="drop")
        assert ["amended", "dropped", "holds", "changed"] == [o.status for o in report.outcomes]
        assert (False, ({"anvils": 3, "barons": 3}, {"anvils": 6, "barons": 5})) == (
            played.verify().ok,
            (played.fixture(1).entries, played.fixture(2).entries),
        )
        assert (
            "fixture 1 of season 1: entry 3 of 'anvils' does not hold the match the fixture records",
            "fixture 2 of season 1: the ledger of 'anvils' has no entry 6 (it has 5 entries, 1 to 5)",
        ) == played.verify().fixtures

    def test_refused_by_default_saying_the_keyword_that_goes_on(self, played: bb.types.League) -> None:
        """Refused, with both teams' reports and the way to go on in a program's words (the keyword, not the
        command line's flag); nothing changed, and it is still an AmendmentRefused."""
        before = rows(Path(played.store.where))
        with pytest.raises(bb.types.LeagueAmendmentRefused) as refused:
            played.amend(1, **SCORELESS)
        assert str(refused.value) == (
            "fixture 1 of season 1 was not amended, and nothing was changed: the amendment makes 1 later entry of its "
            "teams invalid (anvils #4 buy chosen_primary: Chosen primary skill costs 6 Star Player Points but none "
            "are available): amend the fixture otherwise, so that it still runs, or go on without it: "
            "League.amend(1, ..., invalid='drop') leaves it out (the fixtures naming later entries renumbered)"
        )
        assert isinstance(refused.value, AmendmentRefused)
        assert (["anvils", "barons"], [4]) == (
            list(refused.value.reports),
            [o.position for o in refused.value.report.refused],
        )
        assert before == rows(Path(played.store.where))

    def test_stop_is_offered_when_it_leaves_out_only_the_team_s_own(self, advanced: bb.types.League) -> None:
        """Before match 2, every entry from the advancement on is the Anvils' own: ``stop`` is offered too, and
        ends their history before it."""
        with pytest.raises(bb.types.LeagueAmendmentRefused, match=r"; League\.amend\(1, \.\.\., invalid='stop'\) ends "
                           "each team's history before its first$"):  # fmt: skip
            advanced.amend(1, **SCORELESS)
        report = advanced.amend(1, invalid="stop", **SCORELESS)
        assert ["amended", "dropped", "dropped"] == [o.status for o in report.reports["anvils"].outcomes]
        assert (3, True) == (len(advanced.team("anvils").ledger), advanced.verify().ok)

    @pytest.mark.parametrize("invalid", ["refuse", "drop", "stop"])
    def test_a_match_is_never_left_out_of_one_team(self, played: bb.types.League, invalid: str) -> None:
        """Match 2 becomes invalid for the Anvils (it names their dead Blitzer): whatever ``invalid`` says, the
        amendment is refused, naming the entry and its fixture, and what to do instead; nothing changed, and the
        league verifies."""
        before = rows(Path(played.store.where))
        with pytest.raises(bb.types.LeagueAmendmentRefused) as refused:
            played.amend(1, invalid=invalid, **DIED)
        said = str(refused.value)
        assert (
            "; the league wrote anvils #6 (match 2: outcome, winnings, Dedicated Fans; fixture 2 of season 1) on "
            "more than one team at once (a match on both teams and its fixture, a season's end on every team, a prize "
            "with the season's prizes), and never leaves such an entry out of one team, as it may leave out a team's "
            "own: amend the fixture otherwise, so that it still runs, or keep it as it was recorded"
        ) in said, said
        assert ("invalid='drop'" in said, refused.value.reports["anvils"].refused[-1].position) == (False, 6)
        assert (before, True) == (rows(Path(played.store.where)), played.verify().ok)

    def test_a_later_season_s_fixtures_are_renumbered(self, played: bb.types.League) -> None:
        """A match of season 2 named by its fixture moves with the entry dropped in season 1 (the refusal's way to
        go on names season 1, not the current one)."""
        for team in played.teams():
            played.close_match(team, 2, SeededDice(6), must_advance=False)
        played.new_season(SeededDice(1))
        played.add_fixture("anvils", "barons")
        played.record(1, DRAW, SeededDice(3))
        moved = played.fixture(1).entries["anvils"]
        with pytest.raises(
            bb.types.LeagueAmendmentRefused, match=re.escape("League.amend(1, season=1, ..., invalid='drop')")
        ):
            played.amend(1, season=1, **SCORELESS)  # the way to go on names the season: it is not the current one
        played.amend(1, season=1, invalid="drop", **SCORELESS)
        assert (moved - 1, True) == (played.fixture(1).entries["anvils"], played.verify().ok)


#: Every row of a league's store that a change could write: its sheets, their entries and its records.
ROWS = (
    "SELECT id, version, state, entry_digest, state_digest FROM sheets ORDER BY id",
    "SELECT sheet, version, entry FROM entries ORDER BY sheet, version",
    "SELECT name, version, value FROM records ORDER BY name",
)


def rows(path: Path) -> list[list[tuple[object, ...]]]:
    return [raw(str(path), statement) for statement in ROWS]


class TestRebase:
    @pytest.fixture
    def old(self, tmp_path: Path, pack: RulePack) -> Path:
        """A league of four teams made under version 3 of the rules, its first round played, kept in a file."""
        with league_of(tmp_path / "league.sqlite", version_3(pack)) as league:
            league.schedule()
            for fixture in league.fixtures()[:2]:
                league.record(fixture.number, WIN, SeededDice(fixture.number))
        return tmp_path / "league.sqlite"

    def test_a_league_of_the_old_rules_is_rebased_in_place(self, old: Path, pack: RulePack) -> None:
        """Under version 4 the league is refused its next change (a team's Expensive Mistakes) until ``rebase``
        runs every team again under the new rules: then each team is of them, its entries keep their numbers (the
        fixtures name them), the change is taken and the league verifies."""
        with bb.open_league(old) as league:
            entries = {f.number: f.entries for f in league.fixtures()}
            with pytest.raises(RulesChanged, match="was made under the rules 'bloodbowl 3 "):
                league.close_match("anvils", 1, SeededDice(6), must_advance=False)
            reports = league.rebase()
            assert list(IDS) == list(reports)
            for team, report in reports.items():
                created = report.outcomes[0]
                assert ("changed", f"made under {pack.rules} (was {version_3(pack).rules})") == (
                    created.status,
                    created.changes[-1],
                ), team
                assert () == report.refused
                assert (pack.rules, len(report.outcomes)) == (league.team(team).rules, len(league.team(team).ledger))
            assert entries == {f.number: f.entries for f in league.fixtures()}
            league.close_match("anvils", 1, SeededDice(6), must_advance=False)
            assert league.verify().ok

    @pytest.mark.parametrize(
        "change",
        [
            lambda league: league.close_match("anvils", 1, SeededDice(6), must_advance=False),
            lambda league: league.record(3, WIN, SeededDice(3)),
            lambda league: league.amend(1, score=(1, 1)),
            lambda league: league.act("anvils", "close", SeededDice(6), number=1),
        ],
        ids=["close_match", "record", "amend", "act"],
    )
    def test_the_refusal_names_the_league_s_rebase(self, old: Path, pack: RulePack, change: Any) -> None:
        """A league's team made under other rules is rebased with the league (``League.rebase``, ``league rebase
        FILE``), never as a file: each League method's refusal says so, as the command line's does."""
        with bb.open_league(old) as league, pytest.raises(RulesChanged) as refused:
            change(league)
        told = str(refused.value).split(" was made under ", 1)[1]
        assert told == (
            f"the rules {version_3(pack).rules!r}, not under {pack.rules!r}; rebase its history onto these rules "
            "first (League.rebase)"
        )

    def test_the_refusal_keeps_the_pack_s_own_rules(self, league: bb.types.League) -> None:
        """A pack that plays each sheet under its own rules (its contract's ``pack_for``) still offers them once the
        refusal names the league's rebase: the rewording keeps what the engine's refusal said."""

        @bb.store.league._rebased_with_the_league
        def refused(league: bb.types.League) -> None:
            raise RulesChanged("team 'Anvils'", "a1", "b2", own_rules="pack.contract.pack_for")

        with pytest.raises(RulesChanged) as told:
            refused(league)
        assert (
            "team 'Anvils' was made under the rules 'a1', not under 'b2'; play it under its own with "
            "pack.contract.pack_for(pack, sheet), or rebase its history onto these rules first (League.rebase)"
        ) == str(told.value)
        assert "pack.contract.pack_for" == told.value.own_rules

    def test_a_dry_run_reports_and_keeps_nothing(self, old: Path) -> None:
        """``dry_run=True`` gives the reports a rebase gives and leaves every row of the store as it was."""
        before = rows(old)
        with bb.open_league(old) as league:
            shown = league.rebase(dry_run=True)
            assert before == rows(old)
            assert shown == league.rebase()
        assert before != rows(old)

    def test_an_entry_the_new_rules_refuse_leaves_the_store_unchanged(self, tmp_path: Path, pack: RulePack) -> None:
        """The Anvils' Star Player was given 6 SPP by hand, which version 4 refuses: the rebase is refused, saying
        which entry of which team and what to do, with every team's report, and no row of the store changed
        (the Barons, rebased before the refusal, included)."""
        older = version_3(pack)
        anvils = bb.draft(older, "human", "Altdorf Anvils", HUMANS)
        path = tmp_path / "league.sqlite"
        with bb.new_league(path, "Old World Cup", pack=older) as league:
            league.add_teams({"barons": bb.draft(older, "human", "Bogenhafen Barons", HUMANS), "anvils": anvils})
            budget = bb.queries.inducement_budget(older, anvils, 1_000_000)
            anvils = bb.operations.induce(older, anvils, bb.types.Order(stars=("griff_oberwald",)), budget, match=1)
            anvils = older.award(anvils, "spp", 6, reason="a gift", member="griff_oberwald")
            league.store.extend("anvils", anvils)  # as an old store may hold it: a league takes no gift
            league.add_fixture("anvils", "barons")
            league.record(1, WIN, SeededDice(1))
        before = rows(path)
        with bb.open_league(path) as league, pytest.raises(bb.types.LeagueRebaseRefused) as refused:
            league.rebase()
        assert str(refused.value) == (
            f"league 'Old World Cup' of {path} was not rebased onto the rules {pack.rules!r}, and nothing was "
            "changed: they refuse 1 entry of its teams (anvils #4 award 6 to spp: Griff Oberwald cannot be awarded "
            "Star Player Points: a Star Player earns no Star Player Points); its fixtures name their teams' entries "
            "by number, so a league is rebased only when every entry runs again: amend those entries first (a match "
            "with League.amend, any entry with Store.amend, in Python), or play the league on under the rules it was "
            "made under"
        )
        reports = refused.value.reports
        assert (["barons", "anvils"], [], [4]) == (
            list(reports),
            [o.position for o in reports["barons"].refused],
            [o.position for o in reports["anvils"].refused],
        )
        assert before == rows(path)
