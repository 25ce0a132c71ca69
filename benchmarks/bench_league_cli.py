"""Issue 15's command-line number: one ``progression league record`` against ``progression --help`` (what a
commissioner waits for at the prompt), through this Python's server and cold.

A league of drafted Human teams is made in a temporary SQLite file, two teams for each run and one pair more,
its round robin scheduled; each measured command records another fixture of the first round (1-0, seeded dice),
so every run does a real match, both teams' post-match sequences in one transaction, on a league as new.

Each round runs the command three ways: through a server (``progression server``, started on a socket of its own
before the rounds and stopped after), cold in a fresh interpreter (``PROGRESSION_SERVER=off``), and cold with the
cache of parsed TOML turned off too (``PROGRESSION_CACHE_DIR=``), each on its own fixture; then ``progression
--help``, cold. The target row is the command through the server, the pack's data loaded once per process (the
server's); the cold command is a row for context. The CPU times of the cold commands (which a busy machine
disturbs less than their wall times) are in the note.
"""

from __future__ import annotations

import json
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
    """Two rows: the median ``league record`` through the server, and cold, each against the median ``--help``."""
    served_name = "league record (one match, both teams), through the server / progression --help"
    cold_name = "league record, cold (no server) / progression --help"
    if "bloodbowl" not in progression.packs():
        skipped = "the bloodbowl pack is not installed"
        return [Row(served_name, 0.0, 0.0, 3, skipped=skipped), Row(cold_name, 0.0, 0.0, None, skipped=skipped)]
    import progression_bloodbowl as bb

    pack = progression.load("bloodbowl")
    with tempfile.TemporaryDirectory() as folder:
        socket_folder = Path(folder) / "server"
        socket_folder.mkdir(mode=0o700)
        served = {**ENVIRONMENT, "PROGRESSION_SERVER": str(socket_folder / "server.sock")}
        cold = {**ENVIRONMENT, "PROGRESSION_SERVER": "off"}
        uncached = {**cold, "PROGRESSION_CACHE_DIR": ""}
        path = Path(folder) / "league.sqlite"
        league = bb.new_league(path, "Benchmark Cup", pack=pack)
        for n in range(6 * (runs + 1)):
            league.add_team(f"team{n}", bb.draft(pack, "human", f"Team {n}", HUMANS))
        fixtures = iter(fixture.number for fixture in league.schedule() if fixture.round == 1)
        league.close()
        record = [*_command(), "league", "record", str(path)]
        results = ["home.score=1", "away.score=0", "home.nominees=2", "away.nominees=2", "attendance=10", "--seed", "1"]
        subprocess.run([*_command(), "server", "start", "--idle", "10"], check=True, capture_output=True, env=served)
        times: dict[str, list[tuple[float, float]]] = {"served": [], "cold": [], "uncached": [], "help": []}
        try:
            for count in range(runs + 1):  # the first of each warms the bytecode, the cache and the server's fork
                took = {
                    "served": _both([*record, str(next(fixtures)), *results], served),
                    "cold": _both([*record, str(next(fixtures)), *results], cold),
                    "uncached": _both([*record, str(next(fixtures)), *results], uncached),
                    "help": _both([*_command(), "--help"], cold),
                }
                if count:
                    for key, measured in took.items():
                        times[key].append(measured)
            said = subprocess.run(
                [*_command(), "server", "status", "--json"], capture_output=True, env=served, check=True
            )
            if json.loads(said.stdout).get("served") != runs + 1:  # a declined command ran cold: not what is timed
                msg = f"the server served {json.loads(said.stdout).get('served')} of the {runs + 1} commands sent to it"
                raise RuntimeError(msg)
        finally:
            subprocess.run([*_command(), "server", "stop"], check=True, capture_output=True, env=served)
    wall = {key: statistics.median(w for w, _ in measured) for key, measured in times.items()}
    cpu = {key: statistics.median(c for _, c in measured) for key, measured in times.items()}
    served_note = (
        f"{human(wall['served'])} vs {human(wall['help'])}; median of {runs} commands handed to a server "
        f"(the caller's own CPU: {human(cpu['served'])})"
    )
    cold_note = (
        f"{human(wall['cold'])} vs {human(wall['help'])}; median of {runs} fresh interpreters each; with the parse "
        f"cache off: {human(wall['uncached'])}; CPU {human(cpu['cold'])} (cache off {human(cpu['uncached'])}) "
        f"vs {human(cpu['help'])}"
    )
    return [
        Row(served_name, wall["served"], wall["help"], 3, note=served_note),
        Row(cold_name, wall["cold"], wall["help"], None, note=cold_note),
    ]
