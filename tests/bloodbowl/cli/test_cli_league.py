"""``progression league ...`` on real SQLite files: a league made, its teams, fixtures and matches from the command
line, what is read back equal to the Python league's, every wrong input refused, and concurrent recorders."""

from __future__ import annotations

import hashlib
import json
import shlex
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import progression
import progression_bloodbowl
from progression import RulePack, SeededDice
from progression.cli.complete import candidates
from progression.cli.main import main
from progression.contract import LeagueVerification
from progression.errors import InvalidInput, ProgressionError
from progression_bloodbowl.cli.actions import standing_rows
from progression_bloodbowl.cli.league import LeagueCommands
from progression_bloodbowl.store.fixtures import Played, Side
from progression_bloodbowl.store.league import new_league, open_league
from progression_bloodbowl.team.roster import draft
from support.stores import forge, raw

from ..conftest import version_3

HUMANS = [("human_blitzer", "Griselda"), ("human_blitzer", "Otto"), ("human_thrower", "Hans")]
HUMANS += [("human_catcher", "Lena"), ("human_catcher", "Kurt")]
HUMANS += [("human_lineman", f"Lineman {n}") for n in range(1, 7)]
TEAMS = {
    "anvils": "Altdorf Anvils",
    "barons": "Bogenhafen Barons",
    "counts": "Carroburg Counts",
    "dukes": "Delberz Dukes",
}


def run(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    """The command run in this process: its status, stdout and stderr."""
    capsys.readouterr()
    status = main(list(words))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def team_files(pack: RulePack, folder: Path, teams: dict[str, str]) -> list[str]:
    paths = []
    for ident, name in teams.items():
        path = folder / f"{ident}.json"
        path.write_text(progression.dump_sheet(draft(pack, "human", name, HUMANS)), encoding="utf-8")
        paths.append(str(path))
    return paths


@pytest.fixture
def league(pack: RulePack, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """A 4-team league with its round robin, made from the command line."""
    path = str(tmp_path / "league.sqlite")
    assert 0 == run(capsys, "league", "new", path, "--pack", "bloodbowl", "--name", "Old World Cup")[0]
    assert 0 == run(capsys, "league", "team", "add", path, *team_files(pack, tmp_path, TEAMS))[0]
    assert 0 == run(capsys, "league", "fixtures", path, "--schedule", "round-robin")[0]
    return path


#: Round 1 of the round robin, each fixture with both sides' words.
ROUND_1 = {
    "1": [
        *("home.score=2", "away.score=1", "home.events=1:touchdown*2;3:completion*2", "home.nominees=1,3"),
        *("away.events=3:touchdown;2:casualty", "away.nominees=3", "away.injuries=4:badly_hurt", "attendance=6"),
    ],
    "2": [
        *("home.score=0", "away.score=0", "home.injuries=4:lasting_injury:av", "home.nominees=2", "away.nominees=2"),
        "attendance=5",
    ],
}


class TestLeague:
    def test_a_round_recorded_from_the_command_line(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """Every fixture of round 1 recorded from the command line; the standings printed are the Python
        league's, and every team and fixture verifies."""
        for fixture, words in ROUND_1.items():
            status, out, err = run(capsys, "league", "record", league, fixture, *words, "--seed", fixture)
            assert (0, "") == (status, err)
        status, out, _ = run(capsys, "league", "standings", league, "--json")
        with open_league(league) as kept:
            expected = standing_rows(kept.standings())
            assert [2, 2, 2, 2] == [len(kept.team(t).ledger) - 1 for t in TEAMS]
        assert (0, expected) == (status, json.loads(out)["standings"])
        status, out, _ = run(capsys, "league", "verify", league)
        assert (0, [f"{t}: all 3 entries verified" for t in TEAMS]) == (status, out.splitlines())

    def test_leaders_of_every_season(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """`league leaders --season 0` lists the leaders of every season, as League.leaders(season=0) does (the
        command line refused 0 while Python read it as every season); the title and JSON say so."""
        for fixture, words in ROUND_1.items():
            assert 0 == run(capsys, "league", "record", league, fixture, *words, "--seed", fixture)[0]
        with open_league(league) as kept:
            every = [list(row) for row in kept.leaders("spp", season=0, top=3)]
        status, out, _ = run(capsys, "league", "leaders", league, "--what", "spp", "--season", "0", "--top", "3")
        assert (0, "spp, every season") == (status, out.splitlines()[0])
        status, out, _ = run(
            capsys, "league", "leaders", league, "--what", "spp", "--season", "0", "--top", "3", "--json"
        )
        told = json.loads(out)
        assert (0, 0, every) == (
            status,
            told["season"],
            [[r["team"], r["player"], r["name"], r["spp"]] for r in told["leaders"]],
        )

    def test_a_kind_in_another_case(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """`kind=Unplayed` and `conceded=Home` are read as the choices they name, as the command line reads every
        choice in any case (`sheet do FILE match kind=Unplayed` too): it was refused as a match played without its
        score. A kind of no case is refused as one, naming the kinds, and writes nothing."""
        before = hashlib.sha256(Path(league).read_bytes()).hexdigest()
        status, _, err = run(capsys, "league", "record", league, "1", "kind=unplyed")
        assert (
            2,
            "progression: option 'kind' of league record expects league|unplayed|playoff, got 'unplyed'; the closest: unplayed\n",
        ) == (
            status,
            err,
        )
        assert before == hashlib.sha256(Path(league).read_bytes()).hexdigest()
        status, _, err = run(
            capsys, "league", "record", league, "1", "kind=Unplayed", "conceded=Home", "away.nominees=1", "--seed", "1"
        )
        assert (0, "") == (status, err)
        with open_league(league) as kept:
            played = kept.fixture(1).played
        assert played is not None
        assert ("unplayed", "home") == (played.kind, played.conceded)
        with open_league(league) as kept, pytest.raises(InvalidInput) as refused:
            LeagueCommands(kept).record(2, SeededDice(1), check=lambda: None, kind="unplyed")
        assert (
            "option 'kind' of league record expects league|unplayed|playoff, got 'unplyed'; the closest: unplayed"
            == str(refused.value)
        )

    def test_what_a_record_prints(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """A record tells the entry it made on each team, home first; --json gives each as data."""
        status, out, _ = run(capsys, "league", "record", league, "1", *ROUND_1["1"], "--dice", "2,5,3")
        assert 0 == status
        heads = [line for line in out.splitlines() if not line.startswith(" ")]
        assert [
            "anvils #3 match 1: outcome, winnings, Dedicated Fans:",
            "dukes #3 match 1: outcome, winnings, Dedicated Fans:",
        ] == heads
        assert "      Lena (4): match 1: Badly Hurt" in out
        status, out, _ = run(capsys, "league", "record", league, "2", *ROUND_1["2"], "--seed", "1", "--json")
        data = json.loads(out)
        assert (0, 2, ["counts", "barons"], 3) == (
            status,
            data["fixture"],
            list(data["teams"]),
            data["teams"]["counts"]["index"],
        )

    def test_json_shapes(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """Each command's --json is one document, with the data it prints."""
        run(capsys, "league", "record", league, "1", *ROUND_1["1"], "--seed", "1")
        shapes = {
            ("fixtures",): {"file", "season", "fixtures"},
            ("standings",): {"file", "season", "standings"},
            ("leaders", "--what", "spp"): {"file", "season", "what", "leaders"},
            ("player", "anvils", "1"): {"file", "team", "player", "seasons"},
            ("history", "anvils"): {"file", "team", "results"},
            ("roster", "anvils"): {"title", "heading", "columns", "rows", "footing"},
            ("verify",): {"file", "ok", "teams", "fixtures", "settings"},
            ("team", "export"): {"file", "team", "written", "entries"},
        }
        for words, keys in shapes.items():
            if words == ("team", "export"):
                argv = ["league", "team", "export", league, "anvils", str(Path(league).with_name("out.json"))]
            else:
                argv = ["league", words[0], league, *words[1:]]
            status, out, _ = run(capsys, *argv, "--json")
            assert (0, keys) == (status, set(json.loads(out))), words
        status, out, _ = run(capsys, "league", "fixtures", league, "--json")
        assert {"#": 1, "round": 1, "home": "anvils", "away": "dukes", "score": "2-1"} == json.loads(out)["fixtures"][0]

    def test_a_player_of_no_match_yet(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """A player on the team whom no match's record names has a career of zeros; one injured in a match
        took part in it, with no figure."""
        run(capsys, "league", "record", league, "1", *ROUND_1["1"], "--seed", "1")
        status, out, _ = run(capsys, "league", "player", league, "anvils", "5", "--json")
        zeros = {"touchdowns": 0, "casualties": 0, "completions": 0, "mvps": 0, "spp": 0}
        assert (0, [{"season": "total", "matches": 0, **zeros}]) == (status, json.loads(out)["seasons"])
        status, out, _ = run(capsys, "league", "player", league, "dukes", "4")
        assert (0, ["Lena (dukes #4)", "total         1           0           0            0     0    0"]) == (
            status,
            [out.splitlines()[0], out.splitlines()[-1]],
        )

    def test_a_refused_amendment_prints_each_entry_and_names_the_flag(
        self, league: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Fixture 1 corrected so that Griselda's touchdowns are gone, her advancement bought with them becomes
        invalid: the amendment (and its dry run) prints what became of each entry of both teams, marked as `sheet
        amend` marks them, says nothing was written, then the refusal with the flags that go on without it, in the
        command line's words (exit 1); `--json` says the same as data. `--invalid drop` then leaves it out."""
        assert 0 == run(capsys, "league", "record", league, "1", *ROUND_1["1"], "--seed", "1")[0]
        advance = ("league", "do", league, "anvils", "advance", "member=1", "type=chosen_primary", "choice=sure_hands")
        assert 0 == run(capsys, *advance)[0]
        words = ("league", "amend", league, "1", "home.score=0", "home.events=3:completion*2")
        before = hashlib.sha256(Path(league).read_bytes()).hexdigest()
        for more in ((), ("--dry-run",)):
            status, out, err = run(capsys, *words, *more)
            assert (1, "anvils:", "nothing written") == (status, out.splitlines()[0], out.splitlines()[-1])
            assert (
                "! #4 buy chosen_primary: refused: Chosen primary skill costs 6 Star Player Points but none are "
                "available"
            ) in out.splitlines()
            assert "dukes:" in out.splitlines()
            assert err == (
                "progression: fixture 1 of season 1 was not amended, and nothing was changed: the amendment makes 1 "
                "later entry of its teams invalid (anvils #4 buy chosen_primary: Chosen primary skill costs 6 Star "
                "Player Points but none are available): amend the fixture otherwise, so that it still runs, or go on "
                f"without it: `progression league amend {league} 1 ... --invalid drop` leaves it out (the fixtures "
                f"naming later entries renumbered); `progression league amend {league} 1 ... --invalid stop` ends each "
                "team's history before its first\n"
            )
        status, out, _ = run(capsys, *words, "--json")
        told = json.loads(out)
        assert (1, False, "refused") == (status, told["written"], told["teams"]["anvils"][1]["status"])
        assert before == hashlib.sha256(Path(league).read_bytes()).hexdigest()
        status, out, _ = run(capsys, *words, "--invalid", "drop")
        assert (0, True) == (status, "- #4 buy chosen_primary: dropped: Chosen primary skill costs 6 Star Player "
                             "Points but none are available" in out.splitlines())  # fmt: skip
        assert 0 == run(capsys, "league", "verify", league)[0]

    def test_a_refusal_names_the_league_s_command(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """Fixture 1 corrected so that Griselda holds 16 SPP, which she must spend: anvils' Expensive Mistakes of
        match 1 are refused, and match 2 with them, its sequence still open. The report, the refusal and
        ``--json`` say the league's command that closes it, on the league's file (they said the Python call,
        ``League.act(TEAM, 'close', number=1) in a league's store``; said as on a team file, it would be
        ``sheet do``, which runs on no league)."""
        played = ("home.score=1", "away.score=0", "home.nominees=2", "away.nominees=2", "attendance=5")
        for fixture in ("1", "2"):
            assert 0 == run(capsys, "league", "record", league, fixture, *played, "--seed", "1")[0]
        for team in TEAMS:
            assert 0 == run(capsys, "league", "do", league, team, "close", "number=1", "--dice", "6")[0]
        assert 0 == run(capsys, "league", "record", league, "3", *played, "--seed", "1")[0]
        words = ("league", "amend", league, "1", "home.score=4", "home.events=1:touchdown*4", "home.nominees=1")
        status, out, err = run(capsys, *words)
        still_open = (
            "the post-match sequence of match 1 is still open, at step 2 (Dedicated Fans updated): end it with "
            f"Expensive Mistakes (step 5: `progression league do {league} anvils close number=1`) before recording "
            "match 2"
        )
        assert (1, f"! #5 match 2: outcome, winnings, Dedicated Fans: refused: {still_open}") == (
            status,
            out.splitlines()[3],
        )
        assert (True, False) == (f"anvils #5 match 2: outcome, winnings, Dedicated Fans: {still_open})" in err,
                                 "League.act" in out + err)  # fmt: skip
        status, out, _ = run(capsys, *words, "--json")
        assert (1, still_open) == (status, json.loads(out)["teams"]["anvils"][2]["reason"])

    def test_a_league_refusing_as_the_core_does_is_told_the_flag(
        self, league: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A pack's league class that refuses an amendment as ``progression.amend`` does (one report, its hint in a
        program's words) is printed as ``sheet amend`` prints one, and told ``--invalid drop`` (exit 1)."""
        from progression.history import Amendment, AmendmentRefused, EntryOutcome

        report = Amendment(
            outcomes=(
                EntryOutcome(position=3, label="match 1", status="amended"),
                EntryOutcome(position=4, label="buy skill", status="refused", reason="too dear"),
            )
        )

        def refuse(*_: object, **__: object) -> None:
            raise AmendmentRefused(report)

        monkeypatch.setattr(LeagueCommands, "amend", refuse)
        status, out, err = run(capsys, "league", "amend", league, "1", "home.score=1")
        assert (1, ["+ #3 match 1: amended", "! #4 buy skill: refused: too dear", "nothing written"]) == (
            status,
            out.splitlines(),
        )
        assert err == (
            "progression: the amendment makes 1 later entry invalid, so nothing was changed: #4 buy skill: too dear "
            "(pass --invalid drop or --invalid stop to go on without them)\n"
        )

    def test_a_player_by_his_name(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """``league player`` and ``league do``'s ``member=`` take a player by his name, in any case, as by his id
        (``member=Skritt`` and ``league player rats Queek`` were refused, listing ids alone); the title and JSON
        give his id. A word naming none is refused listing each id with his name, and the closest."""
        run(capsys, "league", "record", league, "1", *ROUND_1["1"], "--seed", "1")
        status, out, _ = run(capsys, "league", "player", league, "dukes", "LENA", "--json")
        assert (0, "4") == (status, json.loads(out)["player"])
        status, out, _ = run(capsys, "league", "player", league, "dukes", "lena")
        assert (0, "Lena (dukes #4)") == (status, out.splitlines()[0])
        status, _, err = run(capsys, "league", "player", league, "dukes", "Lenna")
        assert (2, True) == (status, err.rstrip().endswith("11 (Lineman 6); the closest: 4 (Lena)"))
        assert "expected one of: 1 (Griselda), 2 (Otto), 3 (Hans), 4 (Lena)" in err
        status, out, err = run(
            capsys, "league", "do", league, "anvils", "advance", "member=griselda", "type=random_primary", "choice=G",
            "--dice", "2,5,5,2",
        )  # fmt: skip
        assert (0, "", "anvils #4 Griselda (1): buy Random primary skill:") == (status, err, out.splitlines()[0])
        status, _, err = run(capsys, "league", "do", league, "anvils", "decide", "member=Griselde", "choice=kick")
        assert (2, True) == (status, "expected one of: 1 (Griselda), 2 (Otto)" in err)
        assert 0 == run(capsys, "league", "do", league, "anvils", "decide", "member=Griselda", "choice=kick")[0]

    def test_amend_both_teams(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """An amendment changes only the words given, on both teams, and the table follows."""
        run(capsys, "league", "record", league, "1", *ROUND_1["1"], "--seed", "1")
        words = ["home.score=1", "home.events=1:touchdown;3:completion*2"]
        status, out, _ = run(capsys, "league", "amend", league, "1", *words)
        assert 0 == status
        assert ["anvils:", "+ #3 match 1: outcome, winnings, Dedicated Fans: amended"] == out.splitlines()[:2]
        with open_league(league) as kept:
            played = kept.fixture(1).played
            assert played is not None
            assert ((1, 1), {"4": "badly_hurt"}) == (played.score, dict(played.away.injuries))

    def test_injuries_by_their_displayed_names(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """``league record`` reads an injury by its displayed name (``Badly Hurt``, ``Lasting Injury:AV``) as
        ``match injuries=`` does, and records its id; a misspelt one is refused with the closest."""
        words = [w for w in ROUND_1["2"] if not w.startswith("home.injuries")]
        misspelt = run(capsys, "league", "record", league, "2", *words, "home.injuries=4:Lasting Injuri:AV")
        named = run(capsys, "league", "record", league, "2", *words, "home.injuries=4:Lasting Injury:AV", "--seed", "1")
        assert (2, 0) == (misspelt[0], named[0])
        assert "the closest: lasting_injury" in misspelt[2]
        with open_league(league) as kept:
            played = kept.fixture(2).played
            assert played is not None
            assert {"4": "lasting_injury:av"} == dict(played.home.injuries)

    def test_events_by_their_displayed_names(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """``league record`` reads an event by its name (``Touchdown``, ``Élimination``) and records its id; a
        misspelt one is refused where it was typed (``home.events``), with the closest."""
        named = ["home.events=1:Touchdown*2;3:Completion*2", "away.events=3:touchdown;2:Élimination"]
        words = [w for w in ROUND_1["1"] if ".events=" not in w]
        misspelt = run(capsys, "league", "record", league, "1", *words, "home.events=1:touchdwn*2", named[1])
        status, _, _ = run(capsys, "league", "record", league, "1", *words, *named, "--seed", "1")
        assert (2, 0) == (misspelt[0], status)
        assert (
            misspelt[2]
            .splitlines()[-1]
            .startswith("progression: match event 'touchdwn' is not defined in the events of player #1 in home.events")
        )
        with open_league(league) as kept:
            played = kept.fixture(1).played
            assert played is not None
            assert {"2": {"casualty": 1}, "3": {"touchdown": 1}} == {
                member: dict(counts) for member, counts in played.away.events.items()
            }

    def test_a_piped_die_out_of_range_names_the_team(
        self, league: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Dice piped in are not prompted for where one reads them: a 9 for a D6 says whose roll it was."""
        import io

        monkeypatch.setattr("sys.stdin", io.StringIO("9\n"))
        status, _, err = run(capsys, "league", "record", league, "1", *ROUND_1["1"])
        assert (2, "progression: the D6 for MVP (rolled by anvils) must be a whole number from 1 to 6, got '9'") == (
            status,
            err.splitlines()[-1],
        )

    @pytest.mark.parametrize(
        ("piped", "said"),
        [
            (
                "3\nx\n",
                "the D6 for MVP (rolled by counts, again because 3 names no nominee) must be a whole number "
                "from 1 to 6, got 'x'",
            ),
            (
                "3\n",
                "a D6 for MVP (rolled by counts, again because 3 names no nominee) is needed but stdin ended; "
                "give the results with --dice or roll with --seed",
            ),
        ],
    )
    def test_a_piped_die_rolled_again_reads_as_a_sentence(
        self, league: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, piped: str, said: str
    ) -> None:
        """A die rolled again (a 3 names no nominee of two), answered wrongly or not at all, is said in a sentence
        naming whose roll it is and why it is made again: the label was spliced into the sentence ("counts: a D6
        for MVP, rolled again: 3 names no nominee must be ...") and stdin's end named no team."""
        import io

        monkeypatch.setattr("sys.stdin", io.StringIO(piped))
        record = ("home.score=1", "away.score=0", "home.nominees=1,2", "away.nominees=2", "attendance=5")
        status, _, err = run(capsys, "league", "record", league, "2", *record)
        assert (2, f"progression: {said}") == (status, err.splitlines()[-1])

    def test_a_typed_die_out_of_range_names_the_team(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """``--dice 7`` for a team's D6 says whose roll it is (it said "scripted die 1 is 7, but 1D6 for MVP ...": whose, and not "die 1")."""
        status, _, err = run(capsys, "league", "record", league, "1", *ROUND_1["1"], "--dice", "7")
        assert (
            2,
            "progression: the first die given is 7, but the 1D6 for MVP (rolled by anvils) needs results from 1 to 6",
        ) == (
            status,
            err.splitlines()[-1],
        )

    def test_a_question_mark_comes_last(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """``--dice '?,3'`` said "expected a whole number, got '?'": the ``?`` is said to come last."""
        status, _, err = run(capsys, "league", "record", league, "1", *ROUND_1["1"], "--dice", "?,3")
        assert (2, "progression: --dice: '?' (which roll comes next) may only come last, after the results rolled so "
                "far, got '?,3'\n") == (status, err)  # fmt: skip

    def test_amended_as_unplayed(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """A match recorded played and amended as unplayed keeps none of what was played (its score, events,
        injuries and attendance); a word the unplayed fixture would drop is refused, naming the command run."""
        run(capsys, "league", "record", league, "1", *ROUND_1["1"], "--seed", "1")
        status, _, err = run(capsys, "league", "amend", league, "1", "kind=unplayed", "home.score=1")
        assert (2, "progression: kind=unplayed (league amend) records") == (status, err[:49])
        assert 0 == run(capsys, "league", "amend", league, "1", "kind=unplayed")[0]
        with open_league(league) as kept:
            played = kept.fixture(1).played
            assert played is not None
            assert ((0, 0), {}, {}, 0) == (
                played.score,
                dict(played.home.events),
                dict(played.away.injuries),
                played.fan_attendance,
            )


class TestRefusals:
    @pytest.mark.parametrize(
        ("words", "status", "message"),
        [
            *[
                (
                    [command, "{file}", "--season", "9"],
                    2,
                    "the season asked is one reached: league 'Old World Cup' has season 1 only, got 9",
                )
                for command in ("standings", "fixtures")
            ],
            *[
                (
                    [command, "{file}", "--season", "0"],
                    2,
                    "the season asked is one reached: league 'Old World Cup' has season 1 only, got 0",
                )
                for command in ("standings", "fixtures")
            ],
            (
                ["leaders", "{file}", "--season", "9"],
                2,
                "the season asked is one reached: league 'Old World Cup' has season 1 only, and 0 for every season, got 9",
            ),
            (
                ["amend", "{file}", "1", "home.score=1", "--season", "-1"],
                2,
                "the season asked is one reached: league 'Old World Cup' has season 1 only, got -1",
            ),
            (["record", "{file}", "9", "home.score=1", "away.score=0"], 2, "fixture 9 is not defined in season 1"),
            (
                ["record", "{file}", "1", "home.scor=1"],
                2,
                "unknown option 'home.scor' for league record; it takes: home.score",
            ),
            (
                ["amend", "{file}", "1", "home.scor=8"],
                2,
                "progression: unknown option 'home.scor' for league amend; it takes: home.score, home.events, "
                "home.nominees, home.injuries, home.stalling, home.prayers, away.score, away.events, away.nominees, "
                "away.injuries, away.stalling, away.prayers, attendance, conceded, without_penalty, kind, shootout; the closest: "
                "home.score",
            ),
            (
                ["record", "{file}", "1", "home.score=two", "away.score=0"],
                2,
                "option 'home.score' of league record expects whole number",
            ),
            (["record", "{file}", "1", "home.score=1"], 2, "a match played needs home.score=N and away.score=N"),
            (
                ["record", "{file}", "1", "kind=unplayed", "home.score=2"],
                2,
                "kind=unplayed (league record) records a fixture not played by the deadline, which takes only kind, "
                "conceded, home.nominees, away.nominees; got home.score: leave it out",
            ),
            (
                ["record", "{file}", "1", "kind=unplayed", "attendance=6", "away.injuries=4:dead"],
                2,
                "; got attendance, away.injuries: leave them out, or record the match played without kind=unplayed",
            ),
            (
                ["record", "{file}", "1", "away.injuries=4:badly_hurt,5:dead", "home.score=0", "away.score=0"],
                2,
                "are separated with ';'",
            ),
            (
                ["record", "{file}", "1", "home.score=1", "away.score=0", "--bonus"],
                2,
                "unknown option '--bonus'",
            ),
            (
                ["record", "{file}", "１", "home.score=1", "away.score=0"],
                2,
                "expected a whole number for FIXTURE, got '１'",
            ),
            (
                ["record", "{file}", "1", "home.score=1", "away.score=0", "home.nominees=1,,2"],
                2,
                "option 'home.nominees' of league record expects text,..., got '1,,2'",
            ),
            (["record", "{file}", "1", "home.score=1", "away.score=0", "--seed", "٣"], 2, "invalid integer value: '٣'"),
            (["standings", "{file}", "--what", "spp"], 2, "unknown option '--what'"),
            (
                ["leaders", "{file}", "--what", "goals"],
                2,
                "ranks players by touchdowns, casualties, completions, mvps, spp, got 'goals'",
            ),
            (["fixtures", "{file}", "--schedule", "swiss"], 2, "this league makes round-robin, got 'swiss'"),
            (
                ["fixtures", "{file}", "--schedule", "round-robn"],
                2,
                "this league makes round-robin, got 'round-robn'; the closest: round-robin",
            ),
            (
                ["leaders", "{file}", "--what", "tuchdowns"],
                2,
                "ranks players by touchdowns, casualties, completions, mvps, spp, got 'tuchdowns'; the closest: "
                "touchdowns",
            ),
            (
                ["fixtures", "{file}", "--legs", "2"],
                2,
                "--legs 2: the meetings of each pair in the fixtures --schedule",
            ),
            (
                ["fixtures", "{file}", "--schedule", "round-robin"],
                2,
                "season 1 of league 'Old World Cup' already has fixtures",
            ),
            (["roster", "{file}", "nobody"], 2, "team 'nobody' is not defined in league 'Old World Cup'"),
            (
                ["player", "{file}", "anvils", "12"],
                2,
                "player '12' is not defined in team 'anvils' (its players, past and present); expected one of: "
                "1 (Griselda), 2 (Otto),",
            ),
            (["amend", "{file}", "3", "home.score=1"], 2, "fixture 3 of season 1 was not played yet"),
            (["standings", "{missing}"], 2, "does not exist; make one with `progression league new"),
            (
                ["new", "", "--pack", "bloodbowl", "--name", "Cup"],
                2,
                "FILE: expected the path of the new league's store",
            ),
            (
                ["new", "{file}", "--pack", "bloodbowl", "--name", "Again"],
                2,
                "exists: a new league is made in a new file",
            ),
        ],
    )
    def test_wrong_input(
        self, league: str, capsys: pytest.CaptureFixture[str], words: list[str], status: int, message: str
    ) -> None:
        """Each wrong input is refused with its exit status and a sentence saying what was wrong; nothing changes."""
        filled = [w.format(file=league, missing=league + ".nope") for w in words]
        before = Path(league).read_bytes()
        found, out, err = run(capsys, "league", *filled)
        assert (status, True) == (found, message in err), err
        assert "" == out
        with open_league(league) as kept:
            assert all(f.played is None for f in kept.fixtures())
        assert len(before) <= len(Path(league).read_bytes())

    def test_a_fixture_already_played(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """A fixture is recorded once: the second record is refused, saying how to correct it: the command that
        amends the fixture typed."""
        assert 0 == run(capsys, "league", "record", league, "2", *ROUND_1["2"], "--seed", "1")[0]
        status, _, err = run(capsys, "league", "record", league, "2", *ROUND_1["2"], "--seed", "1")
        assert (2, f"was already played (0-0); amend it to correct it (`progression league amend {league} 2 ...`)") == (
            status,
            err.split("(counts v barons) ")[1].strip(),
        )

    def test_a_fixture_not_played_is_recorded_not_amended(
        self, league: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """A fixture not played yet has nothing to amend: the refusal names the command that records the fixture
        typed, by its number, on the file given."""
        status, _, err = run(capsys, "league", "amend", league, "2", "home.score=1")
        assert (
            2,
            f"progression: fixture 2 of season 1 was not played yet: record it (`progression league record {league} 2 "
            "...`); there is nothing to amend\n",
        ) == (status, err)

    def test_a_pack_without_leagues(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """A pack that declares no league is refused before any file is made."""
        path = tmp_path / "party.sqlite"
        status, out, err = run(capsys, "league", "new", str(path), "--pack", "competence", "--name", "Party", "--json")
        assert (2, False) == (status, path.exists())
        assert "pack 'competence' keeps no league: its contract declares none" in err
        assert "UsageError" == json.loads(out)["error"]["kind"]

    def test_team_add_stores_every_team_or_none(
        self, pack: RulePack, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """A refused file among those of `league team add` leaves the league as it was: the files before it are
        not stored either, and the same command, once mended, adds them all."""
        path = str(tmp_path / "cup.sqlite")
        assert 0 == run(capsys, "league", "new", path, "--pack", "bloodbowl", "--name", "Cup")[0]
        good = team_files(pack, tmp_path, {"anvils": "Altdorf Anvils", "barons": "Bogenhafen Barons"})
        (tmp_path / "again").mkdir()
        again = team_files(pack, tmp_path / "again", {"copy": "Altdorf Anvils"})  # the same draft: the same team
        status, _, err = run(capsys, "league", "team", "add", path, *good, *again)
        assert (2, True) == (
            status,
            "team 'Altdorf Anvils' is in league 'Cup' already, under the id 'anvils'" in err,
        ), err
        with open_league(path) as kept:
            assert [] == list(kept.teams())
        status, out, _ = run(capsys, "league", "team", "add", path, *good)
        assert 0 == status
        assert ["added anvils: Altdorf Anvils", "added barons: Bogenhafen Barons"] == [
            line.split(" (")[0] for line in out.splitlines()
        ]

    def test_team_add_refuses_a_team_given_gifts_by_hand(
        self, pack: RulePack, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """A team file whose GM gave it gold and SPP by hand is refused by `league team add` as `league team import`
        refuses it (exit 2), naming the entry and its operation; the league holds no team, and `league verify`
        finds nothing stored."""
        path = str(tmp_path / "cup.sqlite")
        assert 0 == run(capsys, "league", "new", path, "--pack", "bloodbowl", "--name", "Cup")[0]
        gifted = pack.award(draft(pack, "human", "Gifted Griffons", HUMANS), "treasury", 3_000_000, reason="sponsor")
        gifted = pack.award(gifted, "spp", 60, member="1", reason="a gift")
        file = tmp_path / "gifted.json"
        file.write_text(progression.dump_sheet(gifted), encoding="utf-8")
        for words in (("add", path, str(file)), ("import", path, "gifted", str(file))):
            status, out, err = run(capsys, "league", "team", *words)
            assert (2, "") == (status, out)
            assert err.startswith(
                "progression: entry 3 of the sheet of Gifted Griffons (award 3000000 to treasury): league 'Cup' does "
                "not let a team run the operation 'award' (award 3000000 to treasury) on itself"
            ), err
            assert err.rstrip().endswith("; nothing was stored"), err
        with open_league(path) as kept:
            assert () == kept.teams()

    def test_two_files_of_one_id_are_told_a_whole_command(
        self, pack: RulePack, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Two files named alike give one id: the refusal names both and gives the whole command that stores the
        second under another id (it said `league team import FILE ID TEAMFILE`, without the store or the file),
        which runs once TEAM is filled in."""
        path = str(tmp_path / "cup.sqlite")
        assert 0 == run(capsys, "league", "new", path, "--pack", "bloodbowl", "--name", "Cup")[0]
        (first,) = team_files(pack, tmp_path, {"anvils": "Altdorf Anvils"})
        (tmp_path / "again").mkdir()
        (second,) = team_files(pack, tmp_path / "again", {"anvils": "Altdorf Anvils II"})
        status, _, err = run(capsys, "league", "team", "add", path, first, second)
        importing = f"progression league team import {path} TEAM {second}"
        assert (
            2,
            f"progression: two team files give the id 'anvils' ({first}, {second}); add the files without {second}, "
            f"then store it under another id with `{importing}`, TEAM an id no other team of the league holds\n",
        ) == (status, err)
        assert 0 == run(capsys, "league", "team", "add", path, first)[0]
        assert 0 == run(capsys, *shlex.split(importing.replace("TEAM", "anvils2"))[1:])[0]

    def test_a_team_file_brought_back(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """`league team import` over a team of the league stores what its exported file adds (the coach's
        post-match sequence); a file edited by hand, one that holds a match, and the file under a new id are
        refused, saying why."""
        assert 0 == run(capsys, "league", "record", league, "1", *ROUND_1["1"], "--seed", "1")[0]
        team_file = str(Path(league).with_name("anvils-now.json"))
        assert 0 == run(capsys, "league", "team", "export", league, "anvils", team_file)[0]
        assert 0 == run(capsys, "sheet", "do", team_file, "close", "number=1", "--dice", "6")[0]
        status, out, err = run(capsys, "league", "team", "import", league, "anvils", team_file)
        assert (
            0,
            "",
            ["updated anvils: Altdorf Anvils (1 new entry verified, 4 in all)", "  #4 match 1: expensive mistakes"],
        ) == (
            status,
            err,
            out.splitlines(),
        )
        status, out, _ = run(capsys, "league", "team", "import", league, "anvils", team_file)
        assert (0, "anvils: Altdorf Anvils holds the file's 4 entries already; nothing written\n") == (status, out)
        status, _, err = run(capsys, "league", "team", "import", league, "again", team_file)
        assert (2, True) == (status, "is in league 'Old World Cup' already, under the id 'anvils'" in err), err
        match = ["number=2", "opponent=Carroburg Counts", "score=1-0", "nominees=2", "attendance=6", "--seed", "1"]
        assert 0 == run(capsys, "sheet", "do", team_file, "match", *match)[0]
        before = held(league)
        status, _, err = run(capsys, "league", "team", "import", league, "anvils", team_file)
        assert (2, True) == (status, "a match is recorded on both teams and its fixture at once" in err), err
        text = Path(team_file).read_text(encoding="utf-8")
        Path(team_file).write_text(text.replace("Griselda", "Grizelda"), encoding="utf-8")
        status, _, err = run(capsys, "league", "team", "import", league, "anvils", team_file)
        assert (2, True) == (status, "the file was changed outside the library" in err), err
        assert before == held(league)

    def test_a_refused_new_league_leaves_no_file(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """`league new` with a name the league refuses makes no file: the command can be given again at once."""
        path = tmp_path / "cup.sqlite"
        status, _, err = run(capsys, "league", "new", str(path), "--pack", "bloodbowl", "--name", " ")
        assert (2, []) == (status, sorted(p.name for p in tmp_path.iterdir())), err
        assert 0 == run(capsys, "league", "new", str(path), "--pack", "bloodbowl", "--name", "Cup")[0]

    def test_a_team_is_never_exported_over_its_store(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """`league team export` to the league's own file is refused, even with --force; the store is unchanged."""
        before = Path(league).read_bytes()
        status, _, err = run(capsys, "league", "team", "export", league, "anvils", league, "--force")
        assert (2, True) == (status, "is this store's own database" in err), err
        assert before == Path(league).read_bytes()
        with open_league(league) as kept:
            assert "anvils" in kept.teams()

    def test_dice_asked_write_nothing(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """`--dice ?` says which roll comes next and records nothing."""
        status, out, _ = run(capsys, "league", "record", league, "1", *ROUND_1["1"], "--dice", "?")
        assert (0, "the next roll is for anvils: 1D6 for 'MVP'") == (status, out.split(";")[0].strip())
        with open_league(league) as kept:
            assert kept.fixture(1).played is None

    def test_dice_asked_name_the_team(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """Both teams roll Dedicated Fans in one `league record`: the die asked for names whose it is (the home
        side's after its MVP and its fans, the away side's then), and a player's die names him too; so does
        `league amend` for a die the correction adds."""
        words = ["league", "record", league, "1", *ROUND_1["1"]]
        assert (
            "the next roll after 2 is for anvils: 1D6 for 'Dedicated Fans'"
            == (run(capsys, *words, "--dice", "2,?")[1].split(";")[0])
        )
        assert (
            "the next roll after 2, 5 is for dukes: 1D6 for 'Dedicated Fans'"
            == (run(capsys, *words, "--dice", "2,5,?")[1].split(";")[0])
        )
        assert 0 == run(capsys, *words, "--dice", "2,5,3")[0]
        amend = ["league", "amend", league, "1", "away.injuries=4:lasting_injury"]
        assert (
            "the next roll is for dukes, Lena (4): 1D6 for 'lasting injury'"
            == (run(capsys, *amend, "--dice", "?")[1].split(";")[0])
        )


class TestBrokenStores:
    @pytest.mark.parametrize("words", [["standings"], ["fixtures"], ["new-season"], ["verify"]], ids=lambda w: w[0])
    def test_a_store_without_its_league_names_the_command(
        self, league: str, capsys: pytest.CaptureFixture[str], words: list[str]
    ) -> None:
        """A store whose league record was deleted in the database names the command that makes a league (in a
        new file: `league new` refuses this one), not the pack's Python function; nothing is written."""
        raw(league, "DELETE FROM records WHERE name = 'bloodbowl.league'")
        before = hashlib.sha256(Path(league).read_bytes()).hexdigest()
        said = (
            f"progression: store {league}: it holds no league; make one in a new store with `progression league new "
            "NEWFILE --pack bloodbowl --name NAME`\n"
        )
        assert (2, said, before) == (
            *run(capsys, "league", words[0], league)[::2],
            hashlib.sha256(Path(league).read_bytes()).hexdigest(),
        )

    @pytest.mark.parametrize(
        "words",
        [["standings"], ["fixtures"], ["leaders"], ["fixtures", "--schedule", "round-robin"], ["new-season"]],
        ids=lambda words: " ".join(words),
    )
    def test_a_season_edited_is_named_where_it_is_read(
        self, league: str, capsys: pytest.CaptureFixture[str], words: list[str]
    ) -> None:
        """The league's season edited in the database (1 made 2, its teams playing season 1) is refused wherever
        a season is read (exit 2), naming the record and both seasons, and the command that lists it in the
        command line's words; nothing is written. `league verify` lists it (exit 1)."""
        raw(
            league,
            "UPDATE records SET value = replace(value, '\"season\":1', '\"season\":2') WHERE name = 'bloodbowl.league'",
        )
        before = hashlib.sha256(Path(league).read_bytes()).hexdigest()
        status, out, err = run(capsys, "league", words[0], league, *words[1:])
        assert (2, "") == (status, out)
        assert err == (
            f"progression: store {league}: record 'bloodbowl.league' does not hold: it gives season 2 as the season "
            "the league plays, where its teams play season 1 (anvils, barons, counts, dukes): a league and its teams "
            "play one season and move on together, so the record or a team was changed in the database outside the "
            f"library (`progression league verify {league}` lists it); nothing was read or written\n"
        )
        status, out, _ = run(capsys, "league", "verify", league)
        assert (1, True) == (
            status,
            f"store {league}: record 'bloodbowl.league' does not hold: it gives season 2" in out,
        )
        assert before == hashlib.sha256(Path(league).read_bytes()).hexdigest()

    def test_a_refusal_names_the_file_given(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """A refusal that names a league command to run next names it on the file given, not on ``FILE``, and on the
        first fixture not recorded, not on ``N``."""
        status, _, err = run(capsys, "league", "prizes", league, "first=anvils")
        assert (1, True) == (
            status,
            f"record each, from fixture 1 (`progression league record {league} 1 ...`" in err,
        ), err

    @pytest.mark.parametrize(
        "words",
        [
            ["standings", "{file}"],
            ["fixtures", "{file}"],
            ["player", "{file}", "anvils", "1"],
            ["record", "{file}", "1", "home.score=1", "away.score=0", "--seed", "1"],
            ["team", "export", "{file}", "anvils", "{out}"],
            ["verify", "{file}"],
        ],
        ids=lambda words: words[0],
    )
    @pytest.mark.parametrize("record", ["bloodbowl.league", "bloodbowl.fixture/1/0001"])
    def test_a_record_that_is_not_json(
        self, league: str, capsys: pytest.CaptureFixture[str], words: list[str], record: str
    ) -> None:
        """A record of the league edited in the database into text that is not JSON is a broken file: exit 2,
        naming the store and the record, wherever it is read (a command that reads no fixture runs); `league
        verify` lists it and exits 1."""
        raw(league, "UPDATE records SET value = '{bad' WHERE name = ?", (record,))
        out = str(Path(league).with_name("out.json"))
        status, printed, err = run(capsys, "league", *(w.format(file=league, out=out) for w in words))
        if record.startswith("bloodbowl.fixture") and words[0] in ("standings", "player", "team"):
            assert (0, "") == (status, err)
        elif words[0] == "verify":  # listed, as every record edited in the database
            assert (1, "", f"store {league}: record {record!r} is not JSON: ") == (
                status,
                err,
                printed.splitlines()[-1][: printed.splitlines()[-1].index("JSON: ") + 6],
            )
        else:
            assert (2, f"progression: store {league}: record {record!r} is not JSON: ") == (
                status,
                err[: err.index("JSON: ") + 6],
            )

    def test_verify_lists_a_team_the_store_does_not_hold(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """The league's record edited to list a team the store does not hold: `league verify` verifies the others,
        lists the record, naming it, and exits 1, as the how-to says."""
        ids = '"anvils", "barons", "counts", "dukes", "ghosts"'
        teams = f'{{"bonus": null, "format": 1, "name": "Old World Cup", "season": 1, "teams": [{ids}]}}'
        raw(league, "UPDATE records SET value = ? WHERE name = 'bloodbowl.league'", (teams,))
        status, out, err = run(capsys, "league", "verify", league)
        assert (1, "") == (status, err)
        assert [
            *(f"{team}: all 2 entries verified" for team in TEAMS),
            f"store {league}: record 'bloodbowl.league' lists the team 'ghosts', which the store does not hold",
        ] == out.splitlines()
        status, out, _ = run(capsys, "league", "verify", league, "--json")
        told = json.loads(out)
        assert (
            1,
            False,
            [],
            [f"store {league}: record 'bloodbowl.league' lists the team 'ghosts', which the store does not hold"],
        ) == (
            status,
            told["ok"],
            told["fixtures"],
            told["settings"],
        )

    def test_an_entry_edited_in_place_is_named(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """A player renamed in the draft entry's row (its operation and events alike, so the rules still give it):
        `league verify` names that entry as changed in the database, counts one entry, says the stored state
        differs as the state's problem (not as the last entry's), and leaves the file as it was."""
        raw(
            league,
            "UPDATE entries SET entry = replace(entry, 'Griselda', 'Grizelda') WHERE sheet = 'anvils' AND version = 2",
        )
        before = hashlib.sha256(Path(league).read_bytes()).hexdigest()
        status, out, err = run(capsys, "league", "verify", league)
        lines = out.splitlines()
        assert (1, "") == (status, err)
        assert lines[0].startswith("anvils: 1 of 2 entries diverge from the rules bloodbowl "), lines
        assert (
            "  #2 draft of Altdorf Anvils: changed in the database outside the store (its row in the entries table "
            "was updated in place); the rules give it as it now reads"
        ) == lines[1]
        assert (
            "  the stored state differs from what the history gives: members.1.name: held 'Griselda', its history "
            "gives 'Grizelda'"
        ) == lines[2]
        assert "barons: all 2 entries verified" == lines[3]
        status, out, _ = run(capsys, "league", "verify", league, "--json")
        told = json.loads(out)["teams"]["anvils"]
        assert (1, [(2, "edited"), (2, "state")]) == (status, [(d["entry"], d["kind"]) for d in told["divergences"]])
        assert before == hashlib.sha256(Path(league).read_bytes()).hexdigest()

    def test_an_edited_snapshot_is_no_entry_s_divergence(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """Only the stored state edited: no entry diverges, and the heading says so rather than counting one."""
        raw(league, "UPDATE sheets SET state = replace(state, 'Griselda', 'Grizelda') WHERE id = 'anvils'")
        status, out, _ = run(capsys, "league", "verify", league)
        lines = out.splitlines()
        assert 1 == status
        assert lines[0].startswith("anvils: all 2 entries verified under bloodbowl "), lines
        assert lines[0].endswith(", but not the stored state"), lines
        assert lines[1].startswith("  the stored state differs from what the history gives: members.1.name: held "), (
            lines
        )

    @pytest.mark.parametrize(
        ("damage", "said"),
        [
            (
                "DELETE FROM entries WHERE sheet = 'dukes' AND version = 2",
                "dukes: not verified: the entries table lacks entry #2 (its row in the sheets table counts 2 entries)",
            ),
            (
                "DELETE FROM entries WHERE sheet = 'dukes' AND version = 2; UPDATE sheets SET version = 1 WHERE id = 'dukes'",
                "dukes: not verified: its snapshot was written with 2 entries, its row in the sheets table says 1",
            ),
            (
                "UPDATE entries SET entry = 'garbage' WHERE sheet = 'dukes' AND version = 2",
                "dukes: not verified: its history does not read: entry #2 (the entries table): not valid JSON: ",
            ),
            (
                "UPDATE sheets SET state = 'garbage' WHERE id = 'dukes'",
                "dukes: not verified: the stored state is not JSON: ",
            ),
            (
                'UPDATE entries SET entry = replace(entry, \'"op": "bloodbowl.hire"\', \'"op": "bloodbowl.nothing"\') '
                "WHERE sheet = 'dukes' AND version = 2",
                "dukes: not verified: its history does not read: entry #2 (the entries table) at operation.operations[0]",
            ),
        ],
        ids=["deleted", "deleted and uncounted", "garbage entry", "garbage state", "unknown op"],
    )
    def test_a_team_that_does_not_read_is_listed(
        self, league: str, damage: str, said: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """A team whose history or state no longer reads is listed as that team's problem, saying what and where;
        the other teams are verified as usual; exit 1, text and JSON; the file is not changed."""
        for statement in damage.split("; "):
            raw(league, statement)
        before = hashlib.sha256(Path(league).read_bytes()).hexdigest()
        status, out, err = run(capsys, "league", "verify", league)
        lines = out.splitlines()
        assert (1, "") == (status, err)
        assert ["anvils: all 2 entries verified", "barons: all 2 entries verified"] == lines[:2]
        assert "counts: all 2 entries verified" == lines[2]
        assert lines[3].startswith(said), lines
        assert "  its fixtures were not checked against it" == lines[4]
        status, out, _ = run(capsys, "league", "verify", league, "--json")
        told = json.loads(out)
        assert (1, False, True, True) == (
            status,
            told["teams"]["dukes"]["ok"],
            told["teams"]["anvils"]["ok"],
            told["teams"]["counts"]["ok"],
        )
        assert told["teams"]["dukes"]["problems"][0].startswith(said[len("dukes: ") :])
        assert before == hashlib.sha256(Path(league).read_bytes()).hexdigest()

    def test_a_team_whose_entries_and_row_were_cut_is_refused_not_crashed(
        self, league: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """A team's last entry deleted and its version lowered by hand (its snapshot left counting the entry): each
        command that reads the team refuses it with the store's error, naming the file, the team and the counts
        that disagree (exit 2); none crashes (exit 3, "internal error"), and the file is not changed."""
        raw(league, "DELETE FROM entries WHERE sheet = 'dukes' AND version = 2")
        raw(league, "UPDATE sheets SET version = 1 WHERE id = 'dukes'")
        before = hashlib.sha256(Path(league).read_bytes()).hexdigest()
        said = (
            f"progression: store {league}: sheet 'dukes' was changed in the database outside the store: its snapshot "
            "was written with 2 entries, its row in the sheets table says 1; "
        )
        for command in (
            ("roster", league, "dukes"),
            ("team", "export", league, "dukes", str(Path(league).with_name("dukes-now.json"))),
            ("do", league, "dukes", "hire", "position=human_lineman", "name=Otto"),
        ):
            status, _, err = run(capsys, "league", *command)
            assert (2, said) == (status, err[: len(said)]), command
        assert before == hashlib.sha256(Path(league).read_bytes()).hexdigest()

    def test_a_treasury_forged_with_a_plain_digest_is_refused_by_every_command(
        self, league: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """A team's treasury edited in its snapshot and its digest made again as the SHA-256 of the new text (the
        review's forgery): `league roster` does not print it and `league do` does not spend it (exit 2, naming the
        team), `league verify` finds it (exit 1); the file is not changed."""
        (state,) = raw(league, "SELECT state FROM sheets WHERE id = 'anvils'")[0]
        held = int(json.loads(state)["pools"]["treasury"])
        edited = state.replace(f'"treasury":{held}', '"treasury":925000', 1)
        plain = hashlib.sha256(edited.encode("utf-8")).hexdigest()
        raw(league, "UPDATE sheets SET state = ?, state_digest = ? WHERE id = 'anvils'", (edited, plain))
        before = hashlib.sha256(Path(league).read_bytes()).hexdigest()
        said = (
            f"progression: store {league}: sheet 'anvils' was changed in the database outside the store: its "
            "snapshot (the state it holds) is not the one the store wrote with entry #2"
        )
        for command in (("roster", league, "anvils"), ("do", league, "anvils", "staff", "item=team_reroll")):
            status, out, err = run(capsys, "league", *command)
            assert (2, "", said) == (status, out, err[: len(said)]), command
        status, out, _ = run(capsys, "league", "verify", league)
        assert (1, True) == (
            status,
            out.splitlines()[1].endswith(f"pools.treasury: held 925000, its history gives {held}"),
        )
        assert before == hashlib.sha256(Path(league).read_bytes()).hexdigest()

    def test_a_snapshot_forged_with_its_digest_is_not_exported_or_amended(
        self, league: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """A team's treasury forged in its snapshot, the digest made again as the store makes it: the roster shows
        it (a read trusts the digest), verify finds it, and neither `league team export` (which would write the
        treasury of the entries), `league amend` (which would run the entries again) nor `league team import` of
        the team's own file (whose entries would run on the forged treasury) writes anything else than the roster
        showed: each refuses it, exit 2, naming the team and the two treasuries."""
        for fixture, words in ROUND_1.items():
            assert 0 == run(capsys, "league", "record", league, fixture, *words, "--seed", fixture)[0]
        carried = tmp_path / "anvils-carried.json"
        assert 0 == run(capsys, "league", "team", "export", league, "anvils", str(carried))[0]
        assert 0 == run(capsys, "sheet", "do", str(carried), "close", "number=1", "--dice", "6")[0]
        (state,) = raw(league, "SELECT state FROM sheets WHERE id = 'anvils'")[0]
        held = int(json.loads(state)["pools"]["treasury"])
        forge(league, "anvils", state.replace(f'"treasury":{held}', '"treasury":925000', 1))
        before = hashlib.sha256(Path(league).read_bytes()).hexdigest()
        assert "Treasury: 925,000 gp" in run(capsys, "league", "roster", league, "anvils")[1]
        assert 1 == run(capsys, "league", "verify", league)[0]
        said = (
            f"progression: store {league}: sheet 'anvils' was changed in the database outside the store: its "
            f"snapshot (what reads show) is not what its entries add up to: pools.treasury: held 925000, its history "
            f"gives {held}; nothing was "
        )
        target = tmp_path / "anvils-now.json"
        for command, refused in (
            (("team", "export", league, "anvils", str(target)), "exported"),
            (("amend", league, "1", "attendance=5"), "amended"),
            (("team", "import", league, "anvils", str(carried)), "stored"),
        ):
            status, _, err = run(capsys, "league", *command)
            assert (2, said + refused) == (status, err[: len(said + refused)]), command
        assert (False, before) == (target.exists(), hashlib.sha256(Path(league).read_bytes()).hexdigest())

    def test_a_team_s_edited_sheet_is_said_with_the_team(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """A team whose snapshot was edited in the database: `league verify` says so on the team's lines (headed by
        its id, as the others are) and under the team in JSON, worded for verify's own output; it was a sentence
        among the fixtures telling the reader to verify the store."""
        for fixture, words in ROUND_1.items():
            assert 0 == run(capsys, "league", "record", league, fixture, *words, "--seed", fixture)[0]
        raw(league, """UPDATE sheets SET state = replace(state, '"treasury":', '"treasury":9') WHERE id = 'anvils'""")
        said = (
            "its sheet was changed in the database outside the store: its snapshot (the state it holds) is not the one "
            "the store wrote with entry #3; it is not read as the team, so its fixtures were not checked against it"
        )
        status, out, err = run(capsys, "league", "verify", league)
        lines = out.splitlines()
        heading = "anvils: all 3 entries verified under bloodbowl"
        state = "  the stored state differs from what the history gives: pools.treasury: held 9"
        assert (1, "", heading, ", but not the stored state", state, f"  {said}", "barons: all 3 entries verified") == (
            status,
            err,
            lines[0][: len(heading)],
            lines[0][-len(", but not the stored state") :],
            lines[1][: len(state)],
            lines[2],
            lines[3],
        ), lines
        status, out, _ = run(capsys, "league", "verify", league, "--json")
        told = json.loads(out)
        assert (1, False, [], False, [said], []) == (
            status,
            told["ok"],
            told["fixtures"],
            told["teams"]["anvils"]["ok"],
            told["teams"]["anvils"]["problems"],
            told["teams"]["barons"]["problems"],
        )

    def test_files_that_cannot_be_written(
        self, league: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """A new store or an exported team in a folder that does not exist, or over a directory, is bad usage:
        exit 2, saying what cannot be written, and nothing is made."""
        missing = tmp_path / "nowhere"
        said = {
            ("league", "new", str(missing / "cup.sqlite"), "--pack", "bloodbowl", "--name", "Cup"): (
                f"cannot make {str(missing / 'cup.sqlite')!r}: the directory {str(missing)!r} does not exist"
            ),
            ("league", "team", "export", league, "anvils", str(missing / "anvils.json")): "does not exist",
            ("league", "team", "export", league, "anvils", str(tmp_path), "--force"): "is a directory",
        }
        for words, message in said.items():
            status, _, err = run(capsys, *words)
            assert (2, True) == (status, message in err), err
        assert not missing.exists()


class LooksVerified:
    """What has a Verification's ``ok`` and ``lines`` without being one."""

    ok = True

    def lines(self, subject: str, *, rules: bool = True) -> Iterator[str]:
        return iter(())

    def __repr__(self) -> str:
        return "LooksVerified()"


class TestVerifyContract:
    """``league verify`` reads what a pack's league class returns: a ``LeagueVerification``, or for this release the
    tuple of before, of 2, 3 or 4 items, with a DeprecationWarning naming the class that replaces it."""

    @pytest.fixture
    def wrong(self, league: str) -> str:
        """The league with something wrong in each part: its settings list a team the store does not hold, and
        the Anvils' snapshot is edited in the database (a divergence, and a sheet not read)."""
        ids = '"anvils", "barons", "counts", "dukes", "ghosts"'
        teams = f'{{"bonus": null, "format": 1, "name": "Old World Cup", "season": 1, "teams": [{ids}]}}'
        raw(league, "UPDATE records SET value = ? WHERE name = 'bloodbowl.league'", (teams,))
        raw(league, """UPDATE sheets SET state = replace(state, '"treasury":', '"treasury":9') WHERE id = 'anvils'""")
        return league

    def verified(self, capsys: pytest.CaptureFixture[str], league: str) -> tuple[int, list[str], dict[str, Any]]:
        """``league verify``'s status, its lines, and what ``--json`` gives."""
        status, out, err = run(capsys, "league", "verify", league)
        assert "" == err
        told = json.loads(run(capsys, "league", "verify", league, "--json")[1])
        return status, out.splitlines(), told

    @pytest.mark.parametrize("items", [2, 3, 4])
    def test_the_tuple_of_before(
        self, wrong: str, items: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A class returning the tuple of before is read as the contract read it, with a DeprecationWarning naming
        progression.contract.LeagueVerification: four items print what a LeagueVerification prints, three leave
        each team's own problems unsaid, and two give the settings' sentences among the fixtures'."""
        status, lines, told = self.verified(capsys, wrong)
        unread = told["teams"]["anvils"]["problems"][0]
        ghosts = told["settings"][0]
        assert (1, 1, "its sheet was changed in the database outside the store") == (
            status,
            len(told["settings"]),
            unread[:55],
        )

        def older(book: LeagueCommands) -> tuple[object, ...]:
            check = book.league.verify()
            if items == 2:
                return check.teams, (*check.settings, *check.fixtures)
            return (check.teams, check.fixtures, check.settings, check.sheets)[:items]

        monkeypatch.setattr(LeagueCommands, "verify", older)
        with pytest.warns(DeprecationWarning, match=r"return a progression\.contract\.LeagueVerification\(") as warned:
            old_status, old_lines, old_told = self.verified(capsys, wrong)
        said = f"the league's LeagueCommands.verify() returned a tuple of {items} items, which is deprecated: return a "
        said += "progression.contract.LeagueVerification("
        assert [said] * 2 == [str(w.message)[: len(said)] for w in warned]
        if items < 4:  # each team's own problems unsaid (the Anvils still diverge)
            lines.remove(f"  {unread}")
            told["teams"]["anvils"]["problems"] = []
        if items == 2:
            told["fixtures"], told["settings"] = [ghosts], []
        assert (status, lines, told) == (old_status, old_lines, old_told)

    @pytest.mark.parametrize(
        ("returned", "said"),
        [
            ({}, "expected a progression.contract.LeagueVerification from the league's {verify}, got {{}}"),
            (((),), "expected a progression.contract.LeagueVerification from the league's {verify}, got ((),)"),
            (
                ({}, "fixture 1 is not JSON"),
                "the league's {verify} returned a tuple that is no league verification: expected a sequence of "
                "sentences (texts) as the fixtures of a league verification, got 'fixture 1 is not JSON'",
            ),
            (
                LeagueVerification(teams={"anvils": LooksVerified()}),  # type: ignore[dict-item]
                "expected a progression.history.Verification as the report of team 'anvils' from the league's "
                "{verify}, got LooksVerified() (LooksVerified)",
            ),
            (
                ({"anvils": "fine"}, ()),
                "the league's {verify} returned a tuple that is no league verification: expected a Verification "
                "(progression.history.Verification) as the report of team 'anvils' among the teams of a league "
                "verification, got 'fine'",
            ),
        ],
        ids=["no tuple", "one item", "a lone text", "no Verification", "no Verification in a tuple"],
    )
    def test_what_is_neither_is_refused(
        self,
        league: str,
        returned: object,
        said: str,
        capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch,
    ) -> None:
        """A class whose verify returns neither is the pack's bug, refused naming the class's method, what it
        returned and what was expected: exit 2, nothing on stdout."""
        monkeypatch.setattr(LeagueCommands, "verify", lambda book: returned)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # the tuple's, before it is found wrong
            status, out, err = run(capsys, "league", "verify", league)
        said = said.format(verify="LeagueCommands.verify()")
        assert (2, "", f"progression: {said}\n") == (status, out, err)


def test_twenty_concurrent_records(pack: RulePack, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """20 `league record` processes at once on 20 fixtures of one file: all 20 exit 0, all 20 are recorded."""
    path = str(tmp_path / "league.sqlite")
    teams = {f"t{n:02d}": f"Team {n:02d}" for n in range(40)}
    assert 0 == run(capsys, "league", "new", path, "--pack", "bloodbowl", "--name", "Big League")[0]
    assert 0 == run(capsys, "league", "team", "add", path, *team_files(pack, tmp_path, teams))[0]
    assert 0 == run(capsys, "league", "fixtures", path, "--schedule", "round-robin")[0]
    words = ["home.score=1", "away.score=0", "home.events=1:touchdown", "home.nominees=1", "away.nominees=1"]
    words += ["attendance=6", "--seed", "1"]
    started = [
        subprocess.Popen(
            [sys.executable, "-m", "progression", "league", "record", path, str(n), *words],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for n in range(1, 21)
    ]
    errors = []
    for process in started:
        _, err = process.communicate(timeout=300)
        errors.append((process.returncode, err.decode()))
    assert [(0, "")] * 20 == errors
    with open_league(path) as kept:
        assert 20 == sum(f.played is not None for f in kept.fixtures())
        assert kept.verify().ok


def test_unused_dice_write_nothing(league: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Typed-in dice not all rolled refuse the record inside its transaction: neither team is changed."""
    status, _, err = run(capsys, "league", "record", league, "2", *ROUND_1["2"], "--dice", "4")
    assert (2, True) == (status, "--dice gave 1 result but none was rolled; unused: 4; nothing was written" in err)
    with open_league(league) as kept:
        assert (None, 2, 2) == (
            kept.fixture(2).played,
            len(kept.team("counts").ledger),
            len(kept.team("barons").ledger),
        )


#: The optional extras and the heavy libraries a command that does not use them must not import.
UNUSED = ("rich", "matplotlib", "hypothesis", "psycopg", "dask", "distributed", "concurrent.futures.process")


class TestFreshCommand:
    def test_record_imports_no_extra(self, league: str) -> None:
        """``league record`` in a fresh interpreter, piped (so plain text): the match is recorded, and none of the
        extras (rich, matplotlib, Hypothesis, psycopg, Dask) nor the process pool was imported."""
        code = (
            "import io, json, sys, contextlib\n"
            "from progression.cli.main import main\n"
            "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
            f"    status = main(['league', 'record', {league!r}, '1', 'home.score=1', 'away.score=0', 'home.nominees=1',"
            " 'away.nominees=1', 'attendance=6', '--seed', '1'])\n"
            f"print(json.dumps([status, 'match 1' in out.getvalue(), sorted(m for m in sys.modules if m in {UNUSED!r} or m.split('.')[0] in {UNUSED!r})]))\n"
        )
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        assert [0, True, []] == json.loads(done.stdout)
        assert (1, 0) == open_league(league).fixture(1).played.score  # type: ignore[union-attr]


def held(path: str) -> tuple[dict[str, str], dict[str, object]]:
    """What the league's store holds: every team as its export writes it, and every record."""
    with open_league(path) as kept:
        return {t: kept.store.export(t) for t in kept.teams()}, {r.name: r.value for r in kept.store.records()}


class TestTeamActions:
    def test_round_2_from_the_command_line(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """Round 1 recorded, an advancement whose random skill waits for the coach, the decision, round 2's first
        fixture refused while both its teams' sequences are open (one message naming both, nothing written), each
        team's sequence closed, then that fixture: all from the command line, and the league verifies."""
        for fixture, words in ROUND_1.items():
            assert 0 == run(capsys, "league", "record", league, fixture, *words, "--seed", fixture)[0]
        advance = ["member=1", "type=random_primary", "choice=general", "--dice", "2,5,5,2"]
        status, out, err = run(capsys, "league", "do", league, "anvils", "advance", *advance)
        assert (0, "") == (status, err)
        assert [
            "anvils #4 Griselda (1): buy Random primary skill:",
            "waits for a decision (keep one of the two skills: kick, strip_ball); answer with: "
            f"progression league do {league} anvils decide member=1 choice=OPTION, OPTION one of them",
        ] == [line for line in out.splitlines() if not line.startswith(" ")]
        status, out, _ = run(capsys, "league", "do", league, "anvils", "decide", "member=1", "choice=kick")
        assert (0, "anvils #5 Griselda (1): decide Kick:") == (status, out.splitlines()[0])
        round_2 = ["home.score=1", "away.score=0", "home.events=2:touchdown", "home.nominees=2", "away.nominees=2"]
        round_2 += ["attendance=6", "--seed", "3"]
        before = hashlib.sha256(Path(league).read_bytes()).hexdigest()
        status, _, err = run(capsys, "league", "record", league, "3", *round_2)
        both = (
            "progression: teams 'counts' and 'anvils': the post-match sequences of their last matches are still open "
            "(counts: match 1, at step 2 (Dedicated Fans updated); anvils: match 1, at step 2 (Dedicated Fans "
            f"updated)): end each with Expensive Mistakes (step 5: `progression league do {league} counts close "
            f"number=1`, `progression league do {league} anvils close number=1`) before recording match 2\n"
        )
        assert (1, both, before) == (status, err, hashlib.sha256(Path(league).read_bytes()).hexdigest())
        for team in TEAMS:
            status, out, _ = run(capsys, "league", "do", league, team, "close", "number=1", "--dice", "6", "--json")
            done = json.loads(out)
            assert (0, team, True) == (status, done["team"], done["added"][0]["text"].startswith("match 1: expensive"))
        status, out, err = run(capsys, "league", "record", league, "3", *round_2)
        heads = [line.split(":")[0] for line in out.splitlines() if not line.startswith(" ")]
        assert (0, "", ["counts #5 match 2", "anvils #7 match 2"]) == (status, err, heads)
        status, out, _ = run(capsys, "league", "verify", league)
        counts = {"anvils": 7, "barons": 4, "counts": 5, "dukes": 4}
        assert (0, [f"{t}: all {n} entries verified" for t, n in counts.items()]) == (status, out.splitlines())

    def test_a_team_of_three_plays_no_fixture(
        self, league: str, pack: RulePack, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """A team added mid-draft, three players, cannot play its first fixture: recording it would end its draft,
        which ``end_draft`` refuses, and the record is refused the same (it was recorded, a win, and the league
        verified); nothing is written. Hired up to eleven in the league, it plays."""
        from progression_bloodbowl.team.roster import create_team, hire

        team = create_team(pack, "human", "Tiny Titans")
        for n in range(3):
            team = hire(pack, team, "human_lineman", f"T{n}")
        path = tmp_path / "tiny.json"
        path.write_text(progression.dump_sheet(team), encoding="utf-8")
        assert 0 == run(capsys, "league", "team", "add", league, str(path))[0]
        assert 0 == run(capsys, "league", "fixtures", league, "--add", "tiny", "anvils")[0]
        words = ["home.score=1", "away.score=0", "home.nominees=1", "away.nominees=1", "attendance=6", "--seed", "1"]
        before = held(league)
        status, _, err = run(capsys, "league", "record", league, "7", *words)
        assert (2, before) == (status, held(league))
        assert (
            "progression: match 4 would end the draft of Tiny Titans (a team's first match ends its draft), but a "
            "drafted team has 11 to 16 players and Tiny Titans has 3: hire 8 more before its first match\n"
        ) == err
        for n in range(8):
            assert 0 == run(capsys, "league", "do", league, "tiny", "hire", "position=Lineman", f"name=U{n}")[0]
        assert 0 == run(capsys, "league", "record", league, "7", *words)[0]

    def test_the_way_back_is_the_league_s(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """An advancement after a hire is refused naming the way back a league's team has: none on the command
        line, which keeps the league's teams' entries, and League.store.amend in Python (it said "undo to go back",
        and `league do ... undo` is no action); a program told the same refusal by League.act is told
        League.store.amend too. The way named works: the hire replaced by the advancement, the league verifies."""
        from progression.errors import OutOfOrder
        from progression.operations import Purchase

        assert 0 == run(capsys, "league", "record", league, "1", *ROUND_1["1"], "--seed", "1")[0]
        assert 0 == run(capsys, "league", "do", league, "anvils", "hire", "position=Lineman", "name=Willi")[0]
        advance = ["advance", "member=1", "type=chosen_primary", "choice=dauntless"]
        status, _, err = run(capsys, "league", "do", league, "anvils", *advance)
        assert (
            1,
            "progression: the post-match sequence of match 1: player advancement (step 3) comes before "
            "hiring (step 4), already done: the way back is League.store.amend(TEAM, N, operation), in Python, which "
            "replaces entry N of the team: the league's command line takes no entry back\n",
        ) == (status, err)
        with open_league(league) as kept:
            with pytest.raises(
                OutOfOrder, match=r"the way back is progression\.undo, or League\.store\.amend in a league"
            ):
                kept.act("anvils", "advance", member="1", type="chosen_primary", choice="dauntless")
            hire = len(kept.team("anvils").ledger)
            kept.store.amend("anvils", hire, Purchase(upgrade="chosen_primary", choice="dauntless", member="1"))
        assert 0 == run(capsys, "league", "do", league, "anvils", "hire", "position=Lineman", "name=Willi")[0]
        assert 0 == run(capsys, "league", "verify", league)[0]

    def test_help_lists_the_action_s_options_as_sheet_do(
        self, league: str, pack: RulePack, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """`league do FILE TEAM ACTION --help` is `sheet do FILE ACTION --help` but for its usage line and the team
        it names where it lists what an option names there (both Human teams); an action the league runs
        otherwise has no help here, but the refusal."""
        (team_file,) = team_files(pack, tmp_path / "..", {"solo": "Solo"})
        for action in ("advance", "close", "hire"):
            status, out, _ = run(capsys, "league", "do", league, "anvils", action, "--help")
            _, sheet, _ = run(capsys, "sheet", "do", team_file, action, "--help")
            sheet = sheet.replace("; on Solo: ", "; on Altdorf Anvils: ")
            assert (0, f"usage: progression league do FILE TEAM {action} [KEY=VALUE ...]", sheet.splitlines()[1:]) == (
                status,
                out.splitlines()[0],
                out.splitlines()[1:],
            )

    def test_help_lists_the_team_s_own_positions(
        self, league: str, pack: RulePack, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """`--help` on a team lists that team's positions for `position=` (a Dwarf team's, its Linemen for
        journeymen), not a Human example; `sheet new --kind team --help`, which knows no team yet, names none."""
        path = str(tmp_path / "dwarfs.json")
        assert (
            0 == run(capsys, "sheet", "new", path, "--pack", "bloodbowl", "--kind", "team", "--set", "roster=dwarf")[0]
        )
        assert 0 == run(capsys, "league", "team", "add", league, path)[0]
        _, hire, _ = run(capsys, "sheet", "do", path, "hire", "--help")
        _, journeymen, _ = run(capsys, "league", "do", league, "dwarfs", "journeymen", "--help")
        _, new, _ = run(capsys, "sheet", "new", path, "--pack", "bloodbowl", "--kind", "team", "--help")
        assert (
            "  position      text, required — a position of the team's roster, by id or name; on Dwarf: dwarf_lineman, "
            "dwarf_runner, dwarf_blitzer, troll_slayer, deathroller"
        ) in hire.splitlines()
        assert (
            "  position  text, optional — a 0-16 Lineman position of the team's roster (its first by default); on Dwarf: "
            "dwarf_lineman"
        ) in journeymen.splitlines()
        assert [] == [line for line in (hire + journeymen + new).splitlines() if "human" in line]
        status, out, err = run(capsys, "league", "do", league, "anvils", "match", "--help")
        assert (2, "", True) == (status, out, "a match is recorded on both teams" in err)

    @pytest.mark.parametrize(
        ("words", "status", "message"),
        [
            (
                ["anvils", "match", "number=2", "opponent=Barons", "score=1-0"],
                2,
                "league 'Old World Cup' does not let a team run the action 'match' on itself: a match is recorded on "
                "both teams and its fixture at once, with `progression league record {file} 3 ...` (fixture 3: counts "
                "v anvils, round 2, the next 'anvils' plays); a team runs on itself: advance, decide, hire, fire, staff, retire, "
                "hire_journeyman, close, journeymen, end_draft",
            ),
            (["anvils", "match"], 2, "does not let a team run the action 'match' on itself"),
            (["barons", "new_season"], 2, "a season ends for every team of the league at once"),
            (  # the team that asked is named in the command it is told to run (it said TEAM)
                ["barons", "redraft", "keep=1"],
                2,
                "each team's re-draft given first with `progression league redraft {file} barons ...`",
            ),
            (
                ["anvils", "prize", "place=1"],
                2,
                "season, with `progression league prizes {file} first=TEAM second=TEAM third=TEAM` (the teams the "
                "play-offs placed first, second and third, by their ids)",
            ),
            (  # the team's side of the fixture it plays next: barons play away at counts
                ["barons", "zap"],
                2,
                "with `progression league record {file} 2 ... away.events=... away.injuries=...` (fixture 2: counts v "
                "barons, round 1, the next 'barons' plays)",
            ),
            (
                ["nobody", "close", "number=1"],
                2,
                "team 'nobody' is not defined in league 'Old World Cup'; expected one of: anvils, barons, counts, dukes",
            ),
            (
                ["anvils", "fly"],
                2,
                "team action 'fly' is not defined in league 'Old World Cup'; expected one of: advance, close, decide",
            ),
            (
                ["anvils", "close", "number=one"],
                2,
                "option 'number' of action 'close' expects whole number, got 'one' (see `progression league do {file} "
                "anvils close --help`)",
            ),
            (["anvils", "close", "numbr=1"], 2, "unknown option 'numbr'"),
            (["anvils", "close", "number=1", "--dice", "6,6"], 2, "--dice gave 2 results but only 1 was rolled"),
            (["anvils", "close", "number=2", "--dice", "6"], 2, "has no result of match 2 in season 1"),
            (["anvils", "decide", "member=1", "choice=kick"], 1, "there is no decision to make"),
            (["anvils", "hire", "position=troll"], 2, "troll"),
        ],
    )
    def test_refusals_write_nothing(
        self, league: str, capsys: pytest.CaptureFixture[str], words: list[str], status: int, message: str
    ) -> None:
        """Each refusal has its exit status and its sentence (what was asked, what is allowed or expected, what
        to use), prints nothing on stdout, and leaves what the store holds as it was."""
        assert 0 == run(capsys, "league", "record", league, "1", *ROUND_1["1"], "--seed", "1")[0]
        before = held(league)
        found, out, err = run(capsys, "league", "do", league, *words)
        assert (status, "", True) == (found, out, message.format(file=league) in err), err
        assert before == held(league)

    def test_a_league_class_without_team_actions(self, pack: RulePack) -> None:
        """A pack's league class that has no team_action and do (they are optional) is told so by `league do`."""
        from progression.cli.args import UsageError
        from progression.cli.league import team_action

        with pytest.raises(UsageError, match="the league of pack 'bloodbowl' runs no team's actions"):
            team_action(pack, object(), "anvils", "close")  # type: ignore[arg-type]


class TestRebase:
    @pytest.fixture
    def old(self, pack: RulePack, tmp_path: Path) -> str:
        """A league made under version 3 of the rules, in Python (this version of the pack makes version 4): two
        teams, the first fixture played; the Anvils' Star Player was given 6 SPP by hand when ``gift``."""
        path = str(tmp_path / "cup.sqlite")
        older = version_3(pack)
        with new_league(path, "Old World Cup", pack=older) as made:
            made.add_teams({ident: draft(older, "human", name, HUMANS) for ident, name in list(TEAMS.items())[:2]})
            made.add_fixture("anvils", "barons")
            home, away = Side(events={"1": {"touchdown": 1}}, mvp_nominees=("1",)), Side(mvp_nominees=("1",))
            made.record(1, Played(score=(1, 0), home=home, away=away, fan_attendance=6), progression.SeededDice(1))
        return path

    def test_a_league_of_the_old_rules_from_the_command_line(
        self, old: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Its next change is refused, naming ``league rebase``; ``--dry-run`` prints the report and writes nothing;
        ``league rebase`` writes it (``--json``: each team's outcomes); then the change is taken and the league
        verifies."""
        close = ("league", "do", old, "anvils", "close", "number=1", "--seed", "1")
        status, out, err = run(capsys, *close)
        assert (1, "") == (status, out)
        assert f"rebase its history onto these rules first (progression league rebase {old})" in err
        before = held(old)
        status, out, err = run(capsys, "league", "amend", old, "1", "attendance=7", "--seed", "1")
        assert (1, "", True) == (status, out, f"(progression league rebase {old})" in err), err
        assert before == held(old)  # an amendment would have run match 1 again under the new rules alone
        status, out, err = run(capsys, "league", "rebase", old, "--dry-run")
        rules = progression.load("bloodbowl").rules
        assert (0, "") == (status, err)
        assert [
            "anvils:",
            f"~ #1 create team Altdorf Anvils: changed (made under {rules} (was {version_3(progression.load('bloodbowl')).rules}))",
            "  #2 draft of Altdorf Anvils: holds",
            "  #3 match 1: outcome, winnings, Dedicated Fans: holds",
            "barons:",
        ] == out.splitlines()[:5]
        assert ("nothing written", before) == (out.splitlines()[-1], held(old))
        status, out, err = run(capsys, "league", "rebase", old, "--json")
        told = json.loads(out)
        assert (0, "", True, ["anvils", "barons"]) == (status, err, told["written"], list(told["teams"]))
        assert ["changed", "holds", "holds"] == [o["status"] for o in told["teams"]["barons"]]
        assert 0 == run(capsys, *close)[0]
        assert (0, ["anvils: all 4 entries verified", "barons: all 3 entries verified"]) == (
            run(capsys, "league", "verify", old)[0],
            run(capsys, "league", "verify", old)[1].splitlines(),
        )
        assert run(capsys, "league", "rebase", old)[1].splitlines()[-1] == "nothing written"  # every entry holds

    def test_the_season_s_end_says_to_rebase_first(
        self, old: str, pack: RulePack, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Its season's matches recorded, both teams' sequences open: ``new-season``, ``prizes`` and ``redraft``
        say to rebase the league, as ``record`` and ``do`` do (they said to close the sequences first), exit 1,
        the store's file unchanged; once it is rebased, they say to close the sequences."""
        commands = [
            ("league", "new-season", old, "--seed", "1"),
            ("league", "prizes", old, "first=anvils", "second=barons"),
            ("league", "redraft", old, "anvils", "keep=" + ",".join(str(n) for n in range(1, 12))),
        ]
        rebase = (
            f"progression: Altdorf Anvils was made under the rules {version_3(pack).rules!r}, not under "
            f"{pack.rules!r}; rebase its history onto these rules first (progression league rebase {old})\n"
        )
        for words in commands:
            before = hashlib.sha256(Path(old).read_bytes()).hexdigest()
            assert (1, "", rebase, before) == (
                *run(capsys, *words),
                hashlib.sha256(Path(old).read_bytes()).hexdigest(),
            ), words[1]
        assert 0 == run(capsys, "league", "rebase", old)[0]
        for words in commands:
            before = hashlib.sha256(Path(old).read_bytes()).hexdigest()
            status, _, err = run(capsys, *words)
            assert (1, True, before) == (
                status,
                "still open" in err,
                hashlib.sha256(Path(old).read_bytes()).hexdigest(),
            ), words[1]

    def test_an_entry_the_new_rules_refuse(
        self, pack: RulePack, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """A team whose Star Player was given SPP by hand: the report marks the entry refused (``!``), the refusal
        says what to do, exit 1, and the store holds what it held (with ``--json`` too: one document, not
        written)."""
        older = version_3(pack)
        anvils = draft(older, "human", "Altdorf Anvils", HUMANS)
        path = str(tmp_path / "cup.sqlite")
        with new_league(path, "Old World Cup", pack=older) as made:
            made.add_teams({"anvils": anvils, "barons": draft(older, "human", "Bogenhafen Barons", HUMANS)})
            budget = progression_bloodbowl.queries.inducement_budget(older, anvils, 1_000_000)
            anvils = progression_bloodbowl.operations.induce(
                older, anvils, progression_bloodbowl.types.Order(stars=("griff_oberwald",)), budget, match=1
            )
            anvils = older.award(anvils, "spp", 6, reason="a gift", member="griff_oberwald")
            made.store.extend("anvils", anvils)  # as an old store may hold it: a league takes no gift
        before = held(path)
        status, out, err = run(capsys, "league", "rebase", path)
        assert (1, "nothing written") == (status, out.splitlines()[-1])
        assert (
            "! #4 award 6 to spp: refused: Griff Oberwald cannot be awarded Star Player Points: a Star Player earns "
            "no Star Player Points"
        ) in out.splitlines()
        assert err.startswith(f"progression: league 'Old World Cup' of {path} was not rebased onto the rules ")
        assert "amend those entries first" in err
        status, out, _ = run(capsys, "league", "rebase", path, "--json")
        told = json.loads(out)
        assert (1, False, "refused") == (status, told["written"], told["teams"]["anvils"][3]["status"])
        assert before == held(path)

    def test_a_league_class_without_rebase(self, old: str, capsys: pytest.CaptureFixture[str], monkeypatch) -> None:
        """A pack's league class that has no rebase (it is optional) is told so by ``league rebase`` (exit 2), and
        a team of other rules is then refused as the league's class says it: the command line names no rebase
        command of its own."""
        from progression_bloodbowl.cli.league import LeagueCommands

        monkeypatch.delattr(LeagueCommands, "rebase")
        status, _, err = run(capsys, "league", "rebase", old)
        assert (2, True) == (
            status,
            "the league of pack 'bloodbowl' cannot be rebased: its class declares no rebase" in err,
        )
        status, _, err = run(capsys, "league", "do", old, "anvils", "close", "number=1", "--seed", "1")
        assert (1, True, False) == (status, "was made under the rules" in err, f"league rebase {old}" in err)


def completed(capsys: pytest.CaptureFixture[str], line: str) -> list[str]:
    """What ``progression complete LINE`` prints, one candidate a line (exit 0, nothing on stderr)."""
    status, out, err = run(capsys, "complete", line)
    assert (0, "") == (status, err)
    return out.splitlines()


class TestCompletion:
    def test_the_league_s_actions(self, capsys: pytest.CaptureFixture[str]) -> None:
        """The actions of ``league`` and of ``league team``, as the command's parser has them."""
        assert ["new", "team", "fixtures", "record", "do", "amend", "standings", "leaders", "roster", "player"] == (
            completed(capsys, "progression league ")[:10]
        )
        assert ["add", "import", "export"] == completed(capsys, "progression league team ")
        assert ["record", "roster", "redraft", "rebase"] == completed(capsys, "progression league r")

    def test_what_the_store_holds(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """After FILE: the league's teams, a team's players, the season's fixtures, read from the store."""
        assert list(TEAMS) == completed(capsys, f"progression league roster {league} ")
        assert list(TEAMS) == completed(capsys, f"progression league roster {league} --json ")
        assert [] == completed(capsys, f"progression league record {league} --seed ")
        assert ["barons"] == completed(capsys, f"progression league team export {league} b")
        assert [str(n) for n in range(1, 12)] == completed(capsys, f"progression league player {league} anvils ")
        assert ["1", "2", "3", "4", "5", "6"] == completed(capsys, f"progression league record {league} ")
        assert ["1", "2", "3", "4", "5", "6"] == completed(capsys, f"progression league amend {league} --season 1 ")
        assert [] == completed(capsys, f"progression league amend {league} --season 2 ")
        assert ["1", "2", "3", "4", "5", "6"] == candidates(["league", "amend", league, "--season", "abc"], "")

    def test_a_team_s_own_actions_and_their_options(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """``league do FILE TEAM``: the actions the league lets a team run on itself (never ``match``), then an
        action's options and the values of a choice, as ``sheet do FILE`` completes them."""
        actions = completed(capsys, f"progression league do {league} anvils ")
        assert {"advance", "hire", "close", "end_draft"} <= set(actions)
        assert not {"match", "new_season", "prize"} & set(actions)
        assert ["position=", "name=", "must_advance=", "captain="] == (
            completed(capsys, f"progression league do {league} anvils hire ")
        )
        assert ["yes", "no"] == completed(capsys, f"progression league do {league} anvils hire must_advance=")

    def test_a_match_s_options_and_the_declared_values(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:
        """A match's options not given yet, and the values of ``--what`` and ``--schedule``, from the pack's
        declaration of its league."""
        assert ["home.events=", "home.nominees=", "home.injuries=", "home.stalling=", "home.prayers="] == (
            completed(capsys, f"progression league record {league} 1 home.score=1 home.")
        )
        assert ["league", "unplayed", "playoff"] == completed(capsys, f"progression league amend {league} 1 kind=")
        assert ["casualties", "completions"] == completed(capsys, f"progression league leaders {league} --what c")
        assert ["round-robin"] == completed(capsys, f"progression league fixtures {league} --schedule ")

    def test_quiet_when_the_store_does_not_open(
        self, league: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """A store that is not there, a directory, a text file, another pack's store, a connection string, an
        unknown team or a record edited into bad JSON: nothing printed, exit 0, and no file made."""
        text = tmp_path / "notes.txt"
        text.write_text("notes", encoding="utf-8")
        party = tmp_path / "party.sqlite"
        run(capsys, "campaign", "new", str(party), "--pack", "competence", "--name", "P")
        before = sorted(tmp_path.iterdir())
        for where in (tmp_path / "none.sqlite", tmp_path, text, party, "postgresql://nobody@localhost/none"):
            assert [] == completed(capsys, f"progression league roster {where} ")
        assert [] == completed(capsys, f"progression league player {league} nobody ")
        assert [] == completed(capsys, f"progression league do {league} nobody ")
        assert [] == completed(capsys, f"progression league do {league} anvils no_such_action ")
        raw(league, "UPDATE records SET value = '{bad' WHERE name = 'bloodbowl.league'")
        assert [] == completed(capsys, f"progression league roster {league} ")
        assert before == sorted(tmp_path.iterdir())

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(
        words=st.lists(
            st.sampled_from(
                [
                    *("league", "team", "export", "do", "record", "amend", "player", "roster", "fixtures", "leaders"),
                    *("{file}", "nope.sqlite", "anvils", "nobody", "hire", "advance", "1", "0", "-1", "99", "abc"),
                    *("--season", "--what", "--schedule", "--seed", "--json", "home.score=", "kind=", "=", "x=y"),
                ]
            ),
            max_size=7,
        ),
        current=st.sampled_from(["", "a", "1", "home.", "kind=", "--"]),
    )
    def test_never_an_unexpected_error(self, league: str, words: list[str], current: str) -> None:
        """Whatever words come, completion gives candidates or refuses with a library error (which
        ``complete`` keeps quiet): never another exception."""
        try:
            found = candidates([word.format(file=league) for word in words], current)
        except ProgressionError:
            found = []
        assert all(isinstance(word, str) for word in found)
