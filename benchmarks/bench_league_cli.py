"""Issue 15's command-line number: one ``progression league record`` against ``progression --help``, each in a
fresh interpreter (what a commissioner waits for at the prompt).

A league of drafted Human teams is made in a temporary SQLite file, two teams for each run and one pair more,
its round robin scheduled; each measured command records another fixture of the first round (1-0, seeded dice),
so every run does a real match, both teams' post-match sequences in one transaction, on a league as new.

Each measured command is followed by one with the cache of parsed TOML turned off (``PROGRESSION_CACHE_DIR=``),
on another fixture, so that the note gives what the cache gains in the same run; the CPU times of the commands
(which a busy machine disturbs less than their wall times) are in the note too.
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


def _timed(arguments: list[str], environment: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(arguments, check=True, capture_output=True, env=environment or ENVIRONMENT)
    return time.perf_counter() - start


def _cpu() -> float:
    """The CPU time (user and system) of the children that ended, in seconds (0 where it is not known)."""
    try:
        import resource
    except ImportError:  # not on POSIX
        return 0.0
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _both(arguments: list[str], environment: dict[str, str] | None = None) -> tuple[float, float]:
    """The wall time and the CPU time of one command."""
    before = _cpu()
    wall = _timed(arguments, environment)
    return wall, _cpu() - before


def run(runs: int = 15) -> list[Row]:
    """One row: the median ``league record`` against the median ``--help``."""
    name = "league record (one match, both teams) / progression --help"
    if "bloodbowl" not in progression.packs():
        return [Row(name, 0.0, 0.0, 3, skipped="the bloodbowl pack is not installed")]
    import progression_bloodbowl as bb

    pack = progression.load("bloodbowl")
    uncached = {**ENVIRONMENT, "PROGRESSION_CACHE_DIR": ""}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "league.sqlite"
        league = bb.new_league(path, "Benchmark Cup", pack=pack)
        for n in range(4 * (runs + 1)):
            league.add_team(f"team{n}", bb.draft(pack, "human", f"Team {n}", HUMANS))
        fixtures = [fixture.number for fixture in league.schedule() if fixture.round == 1]
        league.close()
        record = [*_command(), "league", "record", str(path)]
        results = ["home.score=1", "away.score=0", "--seed", "1"]
        cached, plain, helped = [], [], []
        for count in range(runs + 1):  # the first of each warms the bytecode and the cache
            took = (
                _both([*record, str(fixtures[2 * count]), *results]),
                _both([*record, str(fixtures[2 * count + 1]), *results], uncached),
                _both([*_command(), "--help"]),
            )
            if count:
                for times, measured in zip((cached, plain, helped), took, strict=True):
                    times.append(measured)
    measured, baseline = (statistics.median(wall for wall, _ in times) for times in (cached, helped))
    off = statistics.median(wall for wall, _ in plain)
    cpu = {
        name: statistics.median(c for _, c in times)
        for name, times in (("on", cached), ("off", plain), ("help", helped))
    }
    note = (
        f"{human(measured)} vs {human(baseline)}; median of {runs} fresh interpreters each; with the parse cache "
        f"off: {human(off)}; CPU {human(cpu['on'])} (cache off {human(cpu['off'])}) vs {human(cpu['help'])}"
    )
    return [Row(name, measured, baseline, 3, note=note)]
