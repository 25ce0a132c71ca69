# ruff: noqa: F811  (the fixture league, imported, is a parameter of the tests)
"""``league fixtures`` refusing what could never be recorded (a round past the last match number, a schedule of
more legs than there are match numbers), and ``--remove`` taking back a fixture not recorded yet."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from progression_bloodbowl.store.league import open_league

from .test_cli_league import league, run  # noqa: F401  (the fixture)
from .test_cli_league_season import FULL, digest


class TestWhatCouldNeverBeRecorded:
    @pytest.mark.parametrize(
        ("words", "message"),
        [
            (
                ["--add", "barons", "anvils", "--round", "20000"],
                "a fixture's round is the match's number for both teams, a whole number from 1 to 9,999, got 20000",
            ),
            (
                ["--add", "barons", "anvils", "--round", "10000"],
                "a fixture's round is the match's number for both teams, a whole number from 1 to 9,999, got 10000",
            ),
        ],
    )
    def test_a_round_past_the_last_match_number(
        self,
        league: str,
        capsys: pytest.CaptureFixture[str],
        words: list[str],
        message: str,
    ) -> None:
        """A fixture `league record` would refuse (its match number) is refused as it is added (exit 2), and
        nothing is written; round 9,999 is the last that is taken."""
        before = digest(league)
        status, out, err = run(capsys, "league", "fixtures", league, *words)
        assert (2, "", f"progression: {message}\n") == (status, out, err)
        assert before == digest(league)
        assert 0 == run(capsys, "league", "fixtures", league, "--add", "barons", "anvils", "--round", "9999")[0]

    def test_no_round_given_past_the_last_match_number(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """With no --round, the default (the round after both teams' last fixture) is said to be the default, not
        blamed as a round the user gave, and the refusal gives a whole command with the first round free for both,
        which runs as written (it said "got 10000", a round nobody typed)."""
        for home, away in (("barons", "anvils"), ("counts", "dukes")):
            assert 0 == run(capsys, "league", "fixtures", league, "--add", home, away, "--round", "9999")[0]
        before = digest(league)
        status, out, err = run(capsys, "league", "fixtures", league, "--add", "dukes", "anvils")
        assert (2, "") == (status, out)
        assert (
            "progression: no round was given, and the default, the round after both teams' last fixture, would be "
            "round 10,000 ('dukes' and 'anvils' already play in round 9,999), past the last match number: give a "
            "round in which neither plays, such as the first free for both "
            f"(`progression league fixtures {shlex.quote(league)} --add dukes anvils --round 4`)\n"
        ) == err
        assert "got 10000" not in err
        assert before == digest(league)
        suggested = err.rpartition("(`")[2].rpartition("`)")[0]
        assert 0 == run(capsys, *shlex.split(suggested)[1:])[0]
        with open_league(league) as kept:
            assert (4, "dukes", "anvils") == next((f.round, f.home, f.away) for f in kept.fixtures()[::-1])

    def test_no_round_given_in_python_names_the_call(self, league: str) -> None:
        """From Python the same refusal names the call to make, and only the team that plays in round 9,999."""
        from progression.errors import InvalidInput

        with open_league(league) as kept:
            kept.add_fixture("barons", "anvils", round=9999)
            with pytest.raises(InvalidInput) as refused:
                kept.add_fixture("barons", "counts")
        assert (
            "no round was given, and the default, the round after both teams' last fixture, would be round 10,000 "
            "('barons' already plays in round 9,999), past the last match number: give a round in which neither "
            "plays, such as the first free for both (League.add_fixture('barons', 'counts', round=4))"
        ) == str(refused.value)

    def test_a_schedule_of_more_legs_than_match_numbers(
        self, tmp_path, pack, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """4 teams play 3 rounds a leg: 3,333 legs are the most, and 100,000 are refused before any fixture is
        written (it made 100,000 fixtures, none recordable past round 9,999)."""
        from .test_cli_league import TEAMS, team_files

        path = str(tmp_path / "legs.sqlite")
        assert 0 == run(capsys, "league", "new", path, "--pack", "bloodbowl", "--name", "Legs")[0]
        assert 0 == run(capsys, "league", "team", "add", path, *team_files(pack, tmp_path, TEAMS))[0]
        before = digest(path)
        status, out, err = run(capsys, "league", "fixtures", path, "--schedule", "round-robin", "--legs", "100000")
        assert (2, "") == (status, out)
        assert (
            "progression: a round robin of 4 teams plays 3 rounds a leg, and a round is the match's number for both "
            "teams, at most 9,999: it has 1 to 3,333 legs, got 100,000\n"
        ) == err
        assert before == digest(path)
        with open_league(path) as kept:
            assert () == kept.fixtures()


class TestRemove:
    def test_a_fixture_not_recorded_is_removed(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """``--remove N`` takes back a fixture not recorded yet; the others keep their numbers, and a fixture
        added after takes the number after the last."""
        status, out, err = run(capsys, "league", "fixtures", league, "--remove", "3", "--json")
        assert (0, "") == (status, err)
        assert [1, 2, 4, 5, 6] == [row["#"] for row in json.loads(out)["fixtures"]]
        out = json.loads(run(capsys, "league", "fixtures", league, "--add", "anvils", "counts", "--json")[1])
        assert {"#": 7, "round": 4, "home": "anvils", "away": "counts", "score": ""} == out["fixtures"][-1]
        assert 0 == run(capsys, "league", "verify", league)[0]

    def test_the_season_ends_without_it(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """A fixture added by mistake no longer holds the season's end once removed: the prizes wait only for
        the fixtures that are left."""
        for number in ("2", "3", "4", "5", "6"):
            assert 0 == run(capsys, "league", "fixtures", league, "--remove", number)[0]
        words = ("home.score=1", "away.score=0", *FULL, "--seed", "1")
        assert 0 == run(capsys, "league", "record", league, "1", *words)[0]
        for team in ("anvils", "dukes"):
            assert 0 == run(capsys, "league", "do", league, team, "close", "number=1", "--dice", "6")[0]
        status, _, err = run(capsys, "league", "prizes", league, "first=anvils")
        assert (0, "") == (status, err)

    def test_the_current_season_said_again(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """``--season`` naming the current season, with ``--add`` or ``--remove``, says what they do anyway: taken
        (it was refused, "give --season in another command", though it named the season they change)."""
        status, out, err = run(capsys, "league", "fixtures", league, "--add", "anvils", "counts", "--season", "1")
        assert (0, "", "7      4  anvils  counts") == (status, err, out.splitlines()[-1])
        status, out, err = run(capsys, "league", "fixtures", league, "--remove", "7", "--season", "1")
        assert (0, "", "6      3  dukes   counts") == (status, err, out.splitlines()[-1])

    @pytest.mark.parametrize(
        ("words", "message"),
        [
            (
                ["--remove", "1"],
                "fixture 1 (round 1): anvils v dukes 1-0 of season 1 was recorded, so its match is on both teams: a "
                "recorded fixture is not removed; amend it to correct it (`progression league amend {file} 1 ...`)",
            ),
            (["--remove", "9"], "fixture 9 is not defined in season 1 of league 'Old World Cup'; expected one of: "),
            (["--remove", "2", "--add", "anvils", "barons"], "--remove: a fixture of the current season is removed"),
            (
                ["--remove", "2", "--season", "2"],
                "--season 2: --remove removes a fixture of the current season, 1, alone; leave --season out, or list "
                "season 2 in another command",
            ),
            (
                ["--add", "anvils", "barons", "--season", "3"],
                "--season 3: --add adds a fixture to the current season, 1, alone",
            ),
        ],
    )
    def test_refusals_write_nothing(
        self,
        league: str,
        capsys: pytest.CaptureFixture[str],
        words: list[str],
        message: str,
    ) -> None:
        """A recorded fixture is not removed (its match is on both teams), nor one that is not there, nor one of
        another season than the current one (exit 2)."""
        words_ = ("home.score=1", "away.score=0", *FULL, "--seed", "1")
        assert 0 == run(capsys, "league", "record", league, "1", *words_)[0]
        before = digest(league)
        status, out, err = run(capsys, "league", "fixtures", league, *words)
        assert (2, "") == (status, out)
        assert message.format(file=league) in err
        assert before == digest(league)


class TestQuotedCommands:
    def test_an_id_with_a_space_is_quoted(self, tmp_path, pack, capsys: pytest.CaptureFixture[str]) -> None:
        """A team id from a file name may hold a space (``my anvils.json``): every command a refusal suggests
        quotes it (and the file), so that it runs as written, where it read ``league do FILE my anvils close``."""
        from .test_cli_league import team_files

        (anvils, barons) = team_files(pack, tmp_path, {"anvils": "Altdorf Anvils", "barons": "Bogenhafen Barons"})
        spaced = tmp_path / "my anvils.json"
        spaced.write_text(Path(anvils).read_text(encoding="utf-8"), encoding="utf-8")
        path = str(tmp_path / "my league.sqlite")
        assert 0 == run(capsys, "league", "new", path, "--pack", "bloodbowl", "--name", "Spaced")[0]
        assert 0 == run(capsys, "league", "team", "add", path, str(spaced), barons)[0]
        status, _, err = run(capsys, "league", "team", "import", path, "again", str(spaced))
        assert 2 == status
        assert f"(`progression league team import {shlex.quote(path)} 'my anvils' TEAMFILE`)" in err
        assert 0 == run(capsys, "league", "fixtures", path, "--add", "my anvils", "barons")[0]
        assert 0 == run(capsys, "league", "record", path, "1", "home.score=1", "away.score=0", *FULL, "--seed", "1")[0]
        assert 0 == run(capsys, "league", "fixtures", path, "--add", "barons", "my anvils")[0]
        status, _, err = run(capsys, "league", "record", path, "2", "home.score=1", "away.score=0", *FULL)
        assert 1 == status
        assert f"`progression league do {shlex.quote(path)} 'my anvils' close number=1`" in err
        words = shlex.split(err.split("`")[3])
        assert ["progression", "league", "do", path, "my anvils", "close", "number=1"] == words


class TestConcurrentActions:
    def test_each_command_prints_its_own_entries(
        self,
        league: str,
        capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch,
    ) -> None:
        """Another command's hire stored after `league do` began and before its transaction: the command prints
        (and --json adds) only the entry its own transaction appended, where it printed the other's as its own."""
        from progression import SeededDice
        from progression_bloodbowl.store.league import League

        asked = League.team_action
        calls: list[str] = []

        def meanwhile(self: League, team: str, action: str):  # type: ignore[no-untyped-def]
            calls.append(action)
            if len(calls) == 2:  # the command is under way: another one hires first
                with open_league(league) as other:
                    other.act(
                        "counts",
                        "hire",
                        SeededDice(1),
                        position="human_lineman",
                        name=f"Other {len(other.team('counts').ledger)}",
                    )
            return asked(self, team, action)

        monkeypatch.setattr(League, "team_action", meanwhile)
        words = ("league", "do", league, "counts", "hire", "position=human_lineman", "name=Mine")
        status, out, err = run(capsys, *words)
        assert (0, "") == (status, err)
        assert ["counts #4 hire Mine (Human Lineman):"] == [line for line in out.splitlines() if "#" in line]
        calls.clear()
        status, out, err = run(capsys, *words[:-1], "name=Mine again", "--json")
        assert (0, "") == (status, err)
        assert [(6, "Mine again")] == [(a["index"], a["event"]["operation"]["name"]) for a in json.loads(out)["added"]]


class TestPlayOff:
    def test_a_playoff_decided_on_penalties(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """``kind=playoff`` records a play-off game, in no league table; level after Extra Time, ``shootout=away``
        names the side that won the Penalty Shoot-out (without it the record is refused, exit 2, nothing
        written), and the away side wins the game on a level score."""
        assert 0 == run(capsys, "league", "fixtures", league, "--add", "barons", "anvils")[0]  # fixture 7, round 4
        table = run(capsys, "league", "standings", league)
        words = ["home.score=1", "away.score=1", "home.nominees=1", "away.nominees=1", "attendance=6"]
        before = digest(league)
        status, out, err = run(capsys, "league", "record", league, "7", "kind=playoff", *words, "--seed", "1")
        assert (2, "") == (status, out)
        assert "say which side won it (shootout='home' or 'away'; shootout=home on the command line)" in err
        assert before == digest(league)
        status, out, _ = run(
            capsys, "league", "record", league, "7", "kind=playoff", "shootout=away", *words, "--seed", "1"
        )
        assert 0 == status
        assert "match 4 against Altdorf Anvils: loss 1-1, 0 casualties (play-off, lost the Penalty Shoot-out)" in out
        assert "match 4 against Bogenhafen Barons: win 1-1, 0 casualties (play-off, won the Penalty Shoot-out)" in out
        assert table == run(capsys, "league", "standings", league)
