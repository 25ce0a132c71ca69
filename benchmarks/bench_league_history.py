"""Issue 15's and issue 18's history numbers: recording a match in a league store whose teams have ten seasons
of history, against the same on a new league; in the process, then as a ``progression league record`` command
in a fresh interpreter.

Two leagues of the same drafted Human teams are made in temporary SQLite files. The old one plays ``seasons``
whole seasons through :class:`progression_bloodbowl.League` (a round robin of ``legs`` legs each season: every
match recorded for both teams, each team's post-match sequence closed, then the next season); then both leagues
schedule their current season, and each measured record takes the next fixture of each league in turn (1-0,
seeded dice), each team's post-match sequence closed outside the clock. The old teams are in their eleventh
season when the new ones are in their first, so both have played the same matches of the season they are in.
"""

from __future__ import annotations

import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from bench_league import HUMANS
from bench_league_cli import _command
from bench_startup import ENVIRONMENT
from timing import Row, human

import progression

if TYPE_CHECKING:
    from progression_bloodbowl.types import League


def _league(pack: progression.RulePack, path: Path, teams: int) -> League:
    import progression_bloodbowl as bb

    league = bb.new_league(path, path.stem, pack=pack)
    for n in range(teams):
        league.add_team(f"team{n}", bb.draft(pack, "human", f"Team {n}", HUMANS))
    return league


def _close(league: League, number: int, dice: progression.Dice) -> None:
    """End both teams' post-match sequences of fixture ``number`` (Expensive Mistakes)."""
    fixture = league.fixture(number)
    for team in (fixture.home, fixture.away):
        league.close_match(team, fixture.round, dice, must_advance=False)


def _timed(arguments: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(arguments, check=True, capture_output=True, env=ENVIRONMENT)
    return time.perf_counter() - start


def run(teams: int = 4, legs: int = 3, seasons: int = 10, calls: int = 7, runs: int = 9) -> list[Row]:
    """Two rows: a match recorded in the process at ``seasons`` seasons of history against a new league, and
    the ``league record`` command the same way, median of ``runs`` fresh interpreters each."""
    names = (
        f"league store: record a match at {seasons} seasons of history / on a new league",
        f"league record command at {seasons} seasons of history / on a new league",
    )
    if "bloodbowl" not in progression.packs():
        return [Row(name, 0.0, 0.0, 1.5, skipped="the bloodbowl pack is not installed") for name in names]
    import progression_bloodbowl as bb
    from progression_bloodbowl.types import Played, Side

    pack = progression.load("bloodbowl")
    dice = progression.SeededDice(2025)
    scored = Played(
        score=(1, 0),
        home=Side(events={"1": {"touchdown": 1}}, mvp_nominees=("2",)),
        away=Side(mvp_nominees=("2",)),
        # Both teams' Fan Factors added: 10 fits any two teams' Dedicated Fans (1 to 7) and D3s.
        fan_attendance=10,
    )
    with tempfile.TemporaryDirectory() as folder:
        old, new = _league(pack, Path(folder) / "old.sqlite", teams), _league(pack, Path(folder) / "new.sqlite", teams)
        start = time.perf_counter()
        for _ in range(seasons):
            for fixture in old.schedule(legs=legs):
                old.record(fixture.number, scored, dice)
                _close(old, fixture.number, dice)
            old.new_season(dice)
        built = time.perf_counter() - start
        history = len(old.team("team0").ledger)
        fixtures = [f.number for f in old.schedule(legs=legs)]
        if [f.number for f in new.schedule(legs=legs)] != fixtures or len(fixtures) < calls + runs + 1:
            msg = f"the leagues' seasons have {len(fixtures)} fixtures: too few for {calls} calls and {runs} runs"
            raise AssertionError(msg)
        timed: dict[str, list[float]] = {"old": [], "new": []}
        for number in fixtures[:calls]:
            for side, league in (("old", old), ("new", new)):
                start = time.perf_counter()
                league.record(number, scored, dice)
                timed[side].append(time.perf_counter() - start)
                _close(league, number, dice)
        at_old, at_new = min(timed["old"]), min(timed["new"])
        note = (
            f"{human(at_old)} at {history} entries per team vs {human(at_new)}; best of {calls}; "
            f"{seasons} seasons of {teams} teams x {legs} legs built in {human(built)}"
        )
        rows = [Row(names[0], at_old, at_new, 1.5, note=note)]
        old.close()
        new.close()
        commands: dict[str, list[float]] = {"old": [], "new": []}
        results = ["home.score=1", "away.score=0", "home.nominees=2", "away.nominees=2", "attendance=10", "--seed", "1"]
        for count, number in enumerate(fixtures[calls : calls + runs + 1]):
            for side in ("old", "new"):
                path = Path(folder) / f"{side}.sqlite"
                took = _timed([*_command(), "league", "record", str(path), str(number), *results])
                if count:  # the first of each warms the bytecode and the pack's cache
                    commands[side].append(took)
                league = bb.open_league(path, pack=pack)
                _close(league, number, dice)
                league.close()
    cli_old, cli_new = statistics.median(commands["old"]), statistics.median(commands["new"])
    note = f"{human(cli_old)} vs {human(cli_new)}; median of {runs} fresh interpreters each"
    rows.append(Row(names[1], cli_old, cli_new, 1.5, note=note))
    return rows
