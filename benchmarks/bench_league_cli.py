"""Issue 15's command-line number: one ``progression league record`` against ``progression --help``, each in a
fresh interpreter (what a commissioner waits for at the prompt).

A league of drafted Human teams is made in a temporary SQLite file, two teams for each run and one pair more,
its round robin scheduled; each measured command records another fixture of the first round (1-0, seeded dice),
so every run does a real match, both teams' post-match sequences in one transaction, on a league as new.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_league import HUMANS
from bench_startup import ENVIRONMENT
from timing import Row, human

import progression


def _command() -> list[str]:
    command = Path(sys.executable).with_name("progression")
    return [str(command)] if command.exists() else [sys.executable, "-m", "progression"]


def _timed(arguments: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(arguments, check=True, capture_output=True, env=ENVIRONMENT)
    return time.perf_counter() - start


def run(runs: int = 15) -> list[Row]:
    """One row: the median ``league record`` against the median ``--help``."""
    name = "league record (one match, both teams) / progression --help"
    if "bloodbowl" not in progression.packs():
        return [Row(name, 0.0, 0.0, 3, skipped="the bloodbowl pack is not installed")]
    import progression_bloodbowl as bb

    pack = progression.load("bloodbowl")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "league.sqlite"
        league = bb.new_league(path, "Benchmark Cup", pack=pack)
        for n in range(2 * (runs + 1)):
            league.add_team(f"team{n}", bb.draft(pack, "human", f"Team {n}", HUMANS))
        fixtures = [fixture.number for fixture in league.schedule() if fixture.round == 1]
        league.close()
        record = [*_command(), "league", "record", str(path)]
        results = ["home.score=1", "away.score=0", "--seed", "1"]
        recorded = [_timed([*record, str(number), *results]) for number in fixtures[: runs + 1]][1:]
        helped = [_timed([*_command(), "--help"]) for _ in range(runs + 1)][1:]
    measured, baseline = statistics.median(recorded), statistics.median(helped)
    note = f"{human(measured)} vs {human(baseline)}; median of {runs} fresh interpreters each"
    return [Row(name, measured, baseline, 3, note=note)]
