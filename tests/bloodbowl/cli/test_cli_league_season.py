"""A league's season played to its end from the command line, on a real SQLite file: every fixture recorded and
closed, a final added, the play-off prizes, one team's re-draft, the new season, and a match of it; every refusal
exits with its status and leaves the store's bytes as they were."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from progression import RulePack
from progression_bloodbowl.store.league import open_league
from progression_bloodbowl.store.season_end import redraft_name
from progression_bloodbowl.types import Redraft

from .test_cli_league import TEAMS, completed, league, run  # noqa: F401  (the fixture)

ELEVEN = "keep=1,2,3,4,5,6,7,8,9,10,11"


def heads(out: str) -> list[str]:
    """The lines of what a command printed that head an entry (its number as ``#N``) or say what was done."""
    return [re.sub(r"#\d+ ", "#N ", line) for line in out.splitlines() if not line.startswith(" ")]


def digest(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def ok(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    status, out, err = run(capsys, *words)
    assert (0, "") == (status, err), (words, err)
    return out


#: What a played fixture gives beyond its score: the attendance and each side's MVP nominee.
FULL = ("home.nominees=1", "away.nominees=1", "attendance=10")


def play_season(path: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Every fixture of the round robin recorded from the command line, each team's sequence closed after it."""
    with open_league(path) as kept:
        fixtures = [(f.number, f.round, f.home, f.away) for f in kept.fixtures()]
    for number, round_number, home, away in fixtures:
        ok(capsys, "league", "record", path, str(number), "home.score=1", "away.score=0", *FULL, "--seed", str(number))
        for team in (home, away):
            ok(capsys, "league", "do", path, team, "close", f"number={round_number}", "must_advance=no", "--dice", "6")


@pytest.fixture
def played(league: str, capsys: pytest.CaptureFixture[str]) -> str:  # noqa: F811
    play_season(league, capsys)
    return league


class TestSeasonToItsEnd:
    def test_a_league_played_into_season_2(self, played: str, capsys: pytest.CaptureFixture[str]) -> None:
        """A final after the round robin, the prizes, one team's re-draft and the others' off-season, season 2
        scheduled and a match of it recorded; the league verifies."""
        out = ok(capsys, "league", "fixtures", played, "--add", "anvils", "counts", "--json")
        assert {"#": 7, "round": 4, "home": "anvils", "away": "counts", "score": ""} == json.loads(out)["fixtures"][-1]
        ok(capsys, "league", "record", played, "7", "home.score=2", "away.score=1", *FULL, "--seed", "7")
        ok(capsys, "league", "do", played, "anvils", "close", "number=4", "must_advance=no", "--dice", "6")
        ok(capsys, "league", "do", played, "counts", "close", "number=4", "must_advance=no", "--dice", "6")

        out = ok(capsys, "league", "prizes", played, "first=anvils", "second=counts", "third=barons")
        assert [
            "anvils #N play-off prize: 1st place:",
            "counts #N play-off prize: 2nd place:",
            "barons #N play-off prize: 3rd place:",
        ] == heads(out)
        assert (
            "    play-off prize: 1st place in season 1; the League Trophy: a free extra team re-roll while held" in out
        )

        out = ok(capsys, "league", "redraft", played, "dukes", ELEVEN, "rerolls=2", "cheerleaders=1")
        assert out.startswith(
            "kept the re-draft of dukes for the end of season 1; `progression league new-season "
            f"{played}` runs it with every other team's season's end\n"
            "tried on the team as it stands (without dice), it would be:\n"
        )
        rows = json.loads(ok(capsys, "league", "redraft", played, "--json"))["redrafts"]
        assert [("dukes", "1,2,3,4,5,6,7,8,9,10,11", 2, 1)] == [
            (r["team"], r["keep"], r["rerolls"], r["cheerleaders"]) for r in rows
        ]

        out = ok(capsys, "league", "new-season", played, "--seed", "3")
        assert [
            "anvils #N season 2 begins",
            "barons #N season 2 begins",
            "counts #N season 2 begins",
            "dukes #N re-draft:",
            "season 2 begins for anvils, barons, counts, dukes",
        ] == heads(out)
        with open_league(played) as kept:
            dukes = kept.team("dukes")
            assert (2, 2, 1) == (kept.season, dukes.stats["rerolls"], dukes.stats["cheerleaders"])
            assert {} == kept.redrafts()

        ok(capsys, "league", "fixtures", played, "--schedule", "round-robin")
        out = ok(capsys, "league", "record", played, "1", "home.score=0", "away.score=0", *FULL)
        assert "match 1 against Delberz Dukes: draw 0-0" in out
        history = json.loads(ok(capsys, "league", "history", played, "dukes", "--json"))["results"]
        assert [1, 1, 1, 2] == [r["season"] for r in history]
        status, out, _ = run(capsys, "league", "verify", played)
        assert 0 == status

    def test_dice_asked_name_the_team(self, played: str, capsys: pytest.CaptureFixture[str]) -> None:
        """Every team rolls its off-season in one `league new-season`: the die asked for names the team."""
        ok(capsys, "league", "amend", played, "1", "away.injuries=2:serious_injury")
        out = ok(capsys, "league", "new-season", played, "--dice", "?")
        assert "the next roll is for dukes: 1D6 for '#2 Niggling Injury 1'" == out.split(";")[0]

    def test_a_player_not_re_hired_is_named(self, played: str, capsys: pytest.CaptureFixture[str]) -> None:
        """The re-draft tried at once, and then run, names the player who leaves (``4 left`` read as four
        players)."""
        keep = ("keep=1,2,3,4,5,6,7,8,9,10", "players=human_lineman:Rookie")
        out = ok(capsys, "league", "redraft", played, "barons", *keep)
        assert ["Lineman 6 (11) left: not re-hired at the re-draft after season 1"] == [
            line.strip() for line in out.splitlines() if " left: " in line
        ]

    def test_the_trial_says_what_it_did_not_roll(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
        """A re-draft is tried without dice: the Niggling Injury a player took is neither rolled nor healed in the
        trial, and the command says the season's end rolls it (it showed the trial alone, as if nothing were
        rolled); ``--json`` lists it as ``unrolled``."""
        with open_league(league) as kept:
            fixtures = [(f.number, f.round, f.home, f.away) for f in kept.fixtures()]
        for number, round_number, home, away in fixtures:
            hurt = ("home.injuries=7:serious_injury",) if number == 1 else ()
            words = ("home.score=1", "away.score=0", *FULL, *hurt, "--seed", str(number))
            ok(capsys, "league", "record", league, str(number), *words)
            for team in (home, away):
                ok(
                    capsys,
                    "league",
                    "do",
                    league,
                    team,
                    "close",
                    f"number={round_number}",
                    "must_advance=no",
                    "--dice",
                    "6",
                )
        injured = fixtures[0][2]
        out = ok(capsys, "league", "redraft", league, injured, ELEVEN)
        said = f"the trial rolled no dice; the season's end (`progression league new-season {league}`) rolls:"
        assert [said, "    #7 Lineman 2: 1 Niggling Injury to heal: a D6 each, 4+"] == out.splitlines()[-2:]
        told = json.loads(ok(capsys, "league", "redraft", league, injured, ELEVEN, "--json"))
        assert ["#7 Lineman 2: 1 Niggling Injury to heal: a D6 each, 4+"] == told["unrolled"]
        assert not ok(capsys, "league", "redraft", league, fixtures[0][3], ELEVEN).splitlines()[-1].startswith("    #")

    def test_json_of_the_season_s_end(self, played: str, capsys: pytest.CaptureFixture[str]) -> None:
        """Each new command's --json is one document with what it prints."""
        prizes = json.loads(ok(capsys, "league", "prizes", played, "first=barons", "--json"))
        assert ({"file", "teams"}, ["barons"]) == (set(prizes), list(prizes["teams"]))
        kept = json.loads(ok(capsys, "league", "redraft", played, "anvils", ELEVEN, "--json"))
        assert ({"file", "team", "season", "kept", "trial", "unrolled"}, True) == (set(kept), kept["kept"])
        gone = json.loads(ok(capsys, "league", "redraft", played, "anvils", "--withdraw", "--json"))
        assert (False, None) == (gone["kept"], gone["trial"])
        season = json.loads(ok(capsys, "league", "new-season", played, "--json", "--seed", "1"))
        assert ({"file", "season", "teams"}, 2, list(TEAMS)) == (set(season), season["season"], list(season["teams"]))

    def test_withdrawn(self, played: str, capsys: pytest.CaptureFixture[str]) -> None:
        """A re-draft withdrawn leaves the team the plain off-season."""
        ok(capsys, "league", "redraft", played, "barons", ELEVEN)
        out = ok(capsys, "league", "redraft", played, "barons", "--withdraw")
        assert "withdrew the re-draft of barons: it has the plain off-season at the end of season 1\n" == out
        assert "no redrafts yet\n" == ok(capsys, "league", "redraft", played)

    def test_help(self, played: str, capsys: pytest.CaptureFixture[str]) -> None:
        """Each command has its --help; a team's re-draft's lists its words."""
        for words in (["prizes"], ["new-season"], ["redraft"], ["fixtures"]):
            status, out, _ = run(capsys, "league", *words, "--help")
            assert (0, True) == (status, out.startswith("usage: progression league")), words
        out = ok(capsys, "league", "redraft", played, "barons", "--help")
        assert out.startswith("usage: progression league redraft FILE TEAM [KEY=VALUE ...]\n")
        assert "  keep " in out
        assert "retirement" not in out


class TestAmendAfterThePrizes:
    def test_a_dry_run_writes_nothing(self, played: str, capsys: pytest.CaptureFixture[str]) -> None:
        """``league amend --dry-run`` prints what the amendment does on both teams, as it would, says nothing was
        written, and leaves the store's bytes."""
        before = digest(played)
        shown = ok(capsys, "league", "amend", played, "1", "home.score=0", "away.score=1", "--dry-run")
        assert shown.endswith("nothing written\n")
        assert before == digest(played)
        done = ok(capsys, "league", "amend", played, "1", "home.score=0", "away.score=1")
        assert shown.removesuffix("nothing written\n") == done
        assert before != digest(played)

    def test_a_table_the_prizes_no_longer_follow(self, played: str, capsys: pytest.CaptureFixture[str]) -> None:
        """Once a season's prizes are given, an amendment that changes its table (the winner now second) is
        refused (exit 1), nothing written, even as a dry run; ``--keep-prizes`` amends it, and says the prizes
        stand as given. One that leaves the table as it was is not refused."""
        ok(capsys, "league", "prizes", played, "first=counts", "second=anvils")
        words = ("league", "amend", played, "1", "--season", "1", "home.score=0", "away.score=3")
        before = digest(played)
        for more in ((), ("--dry-run",)):
            status, out, err = run(capsys, *words, *more)
            assert (1, "") == (status, out)
            assert (
                "progression: the play-off prizes of season 1 of league 'Old World Cup' were given (first counts, "
                "second anvils), and this amendment changes its table ("
            ) in err
            assert f"nothing was amended: amend it with `progression league amend {played} 1 ... --keep-prizes`" in err
        assert before == digest(played)
        out = ok(capsys, *words, "--keep-prizes")
        assert out.splitlines()[-1].startswith("note: the play-off prizes of season 1 of league 'Old World Cup' were")
        assert out.splitlines()[-1].endswith(": they stand as given, the League Trophy with them")
        out = ok(capsys, "league", "amend", played, "1", "away.events=1:touchdown")
        assert "note:" not in out
        data = json.loads(ok(capsys, *words[:-2], "home.score=1", "away.score=3", "--keep-prizes", "--json"))
        assert ["the play-off prizes of season 1"] == [note[:31] for note in data["notes"]]


class TestRefusals:
    @pytest.mark.parametrize(
        ("words", "status", "message"),
        [
            (["prizes", "first=nobody"], 2, "team 'nobody' is not defined in league 'Old World Cup'"),
            (["prizes", "first=anvils", "second=anvils"], 2, "a team takes one play-off place, got 'anvils'"),
            (["prizes", "second=anvils"], 2, "league prizes takes the places in order from first; first="),
            (
                ["prizes", "fourth=anvils"],
                2,
                "unknown option 'fourth' for league prizes; it takes: first, second, third",
            ),
            (
                ["prizes", "first=anvils", "thrid=barons"],
                2,
                "unknown option 'thrid' for league prizes; it takes: first, second, third; the closest: third",
            ),
            (["redraft", "{file}", "nobody", ELEVEN], 2, "team 'nobody' is not defined in league 'Old World Cup'"),
            (["redraft", "{file}", "dukes", ELEVEN, "rerolls=8"], 1, "Team Re-roll costs 50,000 gp but only "),
            (["redraft", "{file}", "dukes", ELEVEN, "retirement=roll"], 2, "unknown option 'retirement'"),
            (["redraft", "{file}", "dukes", "--withdraw", ELEVEN], 2, "--withdraw takes no KEY=VALUE words"),
            (
                ["redraft", "{file}", "dukes", "--withdraw"],
                2,
                "team 'dukes' has no re-draft kept for the end of season 1 of league 'Old World Cup', so none is "
                "withdrawn (none is kept)",
            ),
            (["redraft", "{file}", "dukes", "keep=1,2"], 2, "a re-drafted team has 11 to 16 players, got 2"),
            (["new-season", "{file}", "--retirement", "heal"], 2, "retirement rule 'heal' is not defined"),
            (["fixtures", "{file}", "--add", "anvils", "nobody"], 2, "team 'nobody' is not defined in league"),
            (["fixtures", "{file}", "--add", "anvils", "anvils"], 2, "a fixture is between two teams"),
            (["fixtures", "{file}", "--round", "5"], 2, "--round 5: the round of the fixture --add adds"),
            (
                ["fixtures", "{file}", "--add", "anvils", "barons", "--season", "2"],
                2,
                "--season 2: --add adds a fixture to the current season, 1, alone",
            ),
            (["fixtures", "{file}", "--add", "anvils", "barons", "--round", "1"], 2, "'anvils' already plays a"),
            (
                ["fixtures", "{file}", "--add", "anvils", "barons", "--add", "counts", "dukes"],
                2,
                "--add adds one fixture a command (its --round is that fixture's), got 2: anvils v barons; counts v dukes",
            ),
        ],
    )
    def test_refusals_write_nothing(
        self, played: str, capsys: pytest.CaptureFixture[str], words: list[str], status: int, message: str
    ) -> None:
        """Each refusal exits with its status and its sentence, prints nothing, and leaves the store's bytes."""
        if words[0] == "prizes":
            words = ["prizes", "{file}", *words[1:]]
        before = digest(played)
        found, out, err = run(capsys, "league", *(w.format(file=played) for w in words))
        assert (status, "", True) == (found, out, message in err), err
        assert before == digest(played)

    def test_the_same_fixture_twice(self, played: str, capsys: pytest.CaptureFixture[str]) -> None:
        """A fixture added twice could never be taken back, and the season would not end until both were recorded:
        the second is refused while the first is not recorded; the return leg is a fixture of its own."""
        ok(capsys, "league", "fixtures", played, "--add", "anvils", "counts")
        before = digest(played)
        status, out, err = run(capsys, "league", "fixtures", played, "--add", "anvils", "counts")
        assert (2, "") == (status, out)
        assert (
            f"fixture 7 (round 4): anvils v counts is not recorded yet: record it (`progression league record {played} "
            "7 ...`) before another fixture"
        ) in err
        assert before == digest(played)
        assert 0 == run(capsys, "league", "fixtures", played, "--add", "counts", "anvils")[0]

    def test_twice_given_prizes(self, played: str, capsys: pytest.CaptureFixture[str]) -> None:
        """A season's prizes are given once: the second is refused (exit 2), and the store is unchanged."""
        ok(capsys, "league", "prizes", played, "first=anvils")
        before = digest(played)
        status, out, err = run(capsys, "league", "prizes", played, "first=barons")
        assert (2, "") == (status, out)
        assert (
            "progression: the play-off prizes of season 1 of league 'Old World Cup' were given already (first "
            "anvils); a season's prizes are given once\n"
        ) == err
        assert before == digest(played)

    def test_an_unfinished_season(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
        """Neither the prizes nor the season's end while a fixture is not recorded (exit 1), nothing written."""
        before = digest(league)
        for words in (["prizes", league, "first=anvils"], ["new-season", league, "--seed", "1"]):
            status, out, err = run(capsys, "league", *words)
            assert (1, "") == (status, out)
            assert "has fixtures not recorded yet: 1 (anvils v dukes), 2 (counts v barons)" in err
        assert before == digest(league)

    def test_a_retirement_rule_is_the_league_s(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
        """A retirement rule the pack does not know is the league's option, for every team: refused before the
        season's fixtures or any team are looked at (it was said of the first team's re-draft, once the season
        ended), naming no team (exit 2); nothing written."""
        before = digest(league)
        status, out, err = run(capsys, "league", "new-season", league, "--retirement", "rol", "--seed", "1")
        assert (2, "") == (status, out)
        assert (
            "progression: retirement rule 'rol' is not defined in the end of season 1 of league 'Old World Cup'; "
            "expected one of: fit, roll; the closest: roll\n"
        ) == err
        assert before == digest(league)

    def test_a_refused_season_s_end_names_the_team(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
        """A re-draft the rules refuse at the season's end (kept over budget: written beside the library, as a
        team's treasury spent after its re-draft was tried would leave it) names its team; no team moves on."""
        play_season(league, capsys)
        with open_league(league) as kept, kept.store.transaction() as tx:
            tx.put(redraft_name(1, "counts"), Redraft(keep=ELEVEN.removeprefix("keep=").split(","), rerolls=8).data())
        before = digest(league)
        status, out, err = run(capsys, "league", "new-season", league, "--seed", "1")
        assert (1, "") == (status, out)
        assert err.endswith("are available (team 'counts', its re-draft: season 1 of the league did not end)\n"), err
        assert before == digest(league)


class TestSeasonCompletion:
    def test_the_new_commands(self, league: str, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
        """The new commands, their teams, a re-draft's words, the prizes' places and the fixture's teams."""
        assert ["new", "new-season"] == completed(capsys, "progression league n")
        assert list(TEAMS) == completed(capsys, f"progression league redraft {league} ")
        assert ["apothecary="] == completed(capsys, f"progression league redraft {league} dukes apo")
        assert ["yes", "no"] == completed(capsys, f"progression league redraft {league} dukes apothecary=")
        assert ["first=", "second=", "third="] == completed(capsys, f"progression league prizes {league} ")
        assert ["second=", "third="] == completed(capsys, f"progression league prizes {league} first=anvils ")
        assert ["barons"] == completed(capsys, f"progression league prizes {league} second=b")
        assert list(TEAMS) == completed(capsys, f"progression league fixtures {league} --add ")
        assert ["counts"] == completed(capsys, f"progression league fixtures {league} --add anvils c")
        assert [] == completed(capsys, f"progression league fixtures {league} --add anvils counts --round ")


class TestContract:
    def test_a_league_class_without_a_season_s_end(self, pack: RulePack) -> None:
        """The methods of a season's end are optional: a league class without them loads, and the command says
        it ends no season; one of the wrong shape is refused when the declaration is read."""
        from progression.cli.args import UsageError
        from progression.cli.league import _season_end
        from progression.contract import League
        from progression.errors import InvalidInput
        from progression_bloodbowl.cli.league import DECLARATION, LeagueCommands

        methods = {"redraft_action", "plan_redraft", "redrafts", "award_prizes", "add_fixture", "new_season"}
        bare = type("Bare", (), {k: v for k, v in vars(LeagueCommands).items() if k not in methods})
        League(book=bare, leaders=DECLARATION.leaders).signature  # noqa: B018 - read: it loads
        with pytest.raises(
            UsageError, match=r"its class declares no new_season \(LeagueBook\), so `league new-season`"
        ):
            _season_end(pack, bare(None), "new_season", "new-season")
        wrong = type("Wrong", (bare,), {"award_prizes": lambda self: None})
        with pytest.raises(InvalidInput, match=r"Wrong\.award_prizes must take \(places\) first"):
            League(book=wrong, leaders=DECLARATION.leaders).signature  # noqa: B018
