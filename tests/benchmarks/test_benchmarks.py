"""Every benchmark's code path at a tiny size: no timing is asserted, only that each runs and checks its work."""

from __future__ import annotations

import importlib
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def once(work: Callable[[], object], *, number: int = 1, repeat: int = 5) -> float:
    """``timing.seconds`` at the smoke size: the work runs once, timed once. The benchmarks' own counts
    (2,000 calls, five runs, a garbage collection before each) took 6 s of the suite for figures nobody reads
    here; ``seconds`` itself is tested by ``TestSeconds``."""
    start = time.perf_counter()
    work()
    return max(time.perf_counter() - start, 1e-9)


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> object:
    """A loader of the benchmark modules, which import each other as top-level modules; each module's
    ``seconds`` (but the ``timing`` module's own) runs its work once."""
    monkeypatch.syspath_prepend(str(BENCHMARKS))

    def load(name: str) -> ModuleType:
        module = importlib.import_module(name)
        if name != "timing" and hasattr(module, "seconds"):
            monkeypatch.setattr(module, "seconds", once)
        return module

    return load


class TestRow:
    def test_at_most_target(self, bench) -> None:
        """A "no slower than" row divides measured by baseline and passes at or under its limit."""
        row = bench("timing").Row("r", measured=3.0, baseline=2.0, limit=2)
        assert (1.5, True, "<= 2x") == (row.ratio, row.passed, row.target)

    def test_at_most_target_missed(self, bench) -> None:
        """A "no slower than" row over its limit fails."""
        assert not bench("timing").Row("r", measured=5.0, baseline=2.0, limit=2).passed

    def test_faster_target(self, bench) -> None:
        """An "at least N times faster" row divides baseline by measured."""
        row = bench("timing").Row("r", measured=0.01, baseline=2.0, limit=100, faster=True)
        assert (200.0, True, ">= 100x faster") == (row.ratio, row.passed, row.target)

    def test_skipped(self, bench) -> None:
        """A skipped row has no ratio and meets nothing."""
        row = bench("timing").Row("r", 0.0, 0.0, 1, skipped="not installed")
        assert math.isnan(row.ratio)
        assert not row.passed


class TestSeconds:
    def test_calls_and_measures(self, bench) -> None:
        """``seconds`` calls the work number x repeat times and gives a positive duration per call."""
        calls = []
        best = bench("timing").seconds(lambda: calls.append(1), number=3, repeat=2)
        assert 6 == len(calls)
        assert best > 0

    def test_human(self, bench) -> None:
        """Durations are written with a readable unit."""
        human = bench("timing").human
        assert ["1.5 s", "2 ms", "3 us", "40 ns"] == [human(1.5), human(0.002), human(3e-6), human(4e-8)]


class TestCurves:
    def test_rows(self, bench) -> None:
        """Two rows per closed-form curve: far against near, and the total against the loop."""
        module = bench("bench_curves")
        rows = module.run(far=1000, looped=50)
        assert 2 * len(module.CURVES) == len(rows)
        assert all(row.measured > 0 and row.baseline > 0 for row in rows)

    def test_baseline_sums_the_steps(self, bench) -> None:
        """The loop baseline adds the steps' prices one by one."""
        module = bench("bench_curves")
        linear = next(c for c in module.CURVES if c.name == "linear")
        assert 5 + 7 + 9 == module.summed(linear, 3)


class TestReplay:
    def test_floor_agrees_with_replay(self, bench) -> None:
        """The plain-dict fold reaches the state replay does (run raises otherwise)."""
        rows = bench("bench_replay").run(size=60)
        assert ["replay of 60 events / plain-dict fold"] == [row.name for row in rows]

    def test_growth_rows(self, bench) -> None:
        """The growth benchmark builds both histories, checks one continues the other, and gives four rows."""
        rows = bench("bench_growth").run(short=40, long=120, calls=32)
        assert (4, True) == (len(rows), all(r.measured > 0 and r.baseline > 0 for r in rows))

    def test_ledger_size(self, bench) -> None:
        """The ledger has exactly the size asked, starting with its creation."""
        events = bench("bench_replay").ledger(10)
        assert (10, "created") == (len(events), events[0].tag)


class TestStore:
    def test_rows(self, bench) -> None:
        """Both histories go into a store and read back equal (run raises otherwise), giving a read and an append row."""
        rows = bench("bench_store").run(short=20, long=120, calls=2)
        assert ["store: read a sheet at 120 entries / at 20", "store: append at 120 entries / at 20"] == [
            row.name for row in rows
        ]


class TestLeague:
    def test_library_and_floor_agree(self, bench) -> None:
        """The season run through the library leaves every player as the plain-dict floor does."""
        module = bench("bench_league")
        pack, season = module.shaped_pack(), module.schedule(2, 3)
        teams, plain = module.with_library(pack, season), module.with_dicts(season)
        got = [
            [(t.member(f"p{i}").pools["spp"], t.member(f"p{i}").stats["advancements"]) for i in range(11)]
            for t in teams
        ]
        assert [[(p["spp"], p["advancements"]) for p in team] for team in plain] == got

    def test_bloodbowl_and_floor_agree(self, bench) -> None:
        """Through the Blood Bowl pack's post-match sequences, every player ends as on the floor."""
        import progression

        module = bench("bench_league")
        season = module.schedule(2, 4)
        teams, plain = module.with_bloodbowl(progression.load("bloodbowl"), season), module.with_dicts(season)
        got = [
            [(t.member(str(i + 1)).pools["spp"], t.member(str(i + 1)).stats["advancements"]) for i in range(11)]
            for t in teams
        ]
        assert [[(p["spp"], p["advancements"]) for p in team] for team in plain] == got

    def test_rows(self, bench) -> None:
        """One row, with memory per player in its figures."""
        rows = bench("bench_league").run(teams=2, matches=2, sampled=1)
        assert 1 == len(rows)
        assert "B per player" in rows[0].note


class TestJson:
    def test_rows(self, bench) -> None:
        """Sheets survive the round trip (run raises otherwise), giving one row."""
        rows = bench("bench_json").run(count=3, events=6)
        assert ["JSON dump+load of 3 sheets / plain json"] == [row.name for row in rows]


class TestStartup:
    def test_rows(self, bench) -> None:
        """Both start-up rows run their commands in fresh interpreters."""
        rows = bench("bench_startup").run(runs=1)
        assert 2 == len(rows)
        assert all(row.measured > 0 for row in rows)


class TestRandomSkill:
    def test_row(self, bench) -> None:
        """One row, measured: ``make test`` installs the Blood Bowl pack, so a skipped row here is a failure."""
        rows = bench("bench_random_skill").run(trials=200)
        assert [("", True)] == [(row.skipped, row.measured > 0) for row in rows]


class TestLeagueCommand:
    def test_row(self, bench) -> None:
        """One row, measured: real ``league record`` commands on a league made for it, against ``--help``."""
        rows = bench("bench_league_cli").run(runs=1)
        assert [("", True, True)] == [(row.skipped, row.measured > 0, row.baseline > 0) for row in rows]


class TestLeagueHistory:
    def test_rows(self, bench) -> None:
        """Two rows, measured: a match recorded at a season of history against a new league, in the process and
        as real ``league record`` commands."""
        rows = bench("bench_league_history").run(seasons=1, legs=1, calls=1, runs=1)
        assert [("", True, True)] * 2 == [(row.skipped, row.measured > 0, row.baseline > 0) for row in rows]
        assert "1 seasons of history" in rows[0].name


class TestCluster:
    def test_row(self, bench) -> None:
        """One row, measured on a real local Dask cluster (``make test`` installs the ``cluster`` extra)."""
        rows = bench("bench_cluster").run(trials=40)
        assert [("", True, True)] == [(row.skipped, row.measured > 0, row.baseline > 0) for row in rows]


class TestRun:
    def test_table(self, bench) -> None:
        """The table has a header, a rule and one line per row, each with its result."""
        timing, run = bench("timing"), bench("run")
        rows = [
            timing.Row("fast", 1.0, 2.0, 2),
            timing.Row("slow", 5.0, 1.0, 2),
            timing.Row("gone", 0, 0, 1, skipped="why"),
        ]
        lines = run.table(rows).splitlines()
        assert 5 == len(lines)
        assert [["pass"], ["FAIL"], ["skip"]] == [
            [w for w in ("pass", "FAIL", "skip") if w in line] for line in lines[2:]
        ]

    def test_machine(self, bench) -> None:
        """The machine is described by its cores and Python version."""
        description = bench("run").machine()
        assert f"Python {sys.version_info.major}.{sys.version_info.minor}" in description
        assert "cores" in description

    def test_main_prints_one_table(self, bench, monkeypatch, capsys) -> None:
        """``main`` runs each benchmark of the suite with its tiny sizes and prints one table."""
        timing, run = bench("timing"), bench("run")
        seen = []

        def fake(**sizes: int) -> list[object]:
            seen.append(sizes)
            return [timing.Row(f"fake {len(seen)}", 1.0, 1.0, 2)]

        monkeypatch.setattr(run, "SUITE", ((fake, {"n": 100}, {"n": 1}), (fake, {"n": 200}, {"n": 2})))
        assert 0 == run.main(["--tiny"])
        out = capsys.readouterr().out
        assert [{"n": 1}, {"n": 2}] == seen
        assert ["fake 1", "fake 2"] == [line.split()[0] + " " + line.split()[1] for line in out.splitlines()[3:5]]
        assert "2 of 2 targets met" in out

    def test_main_runs_only_the_benchmarks_named(self, bench, monkeypatch, capsys) -> None:
        """Words after the options keep the benchmarks whose module names contain one of them."""
        timing, run = bench("timing"), bench("run")
        seen = []

        def benchmark(module: str):  # type: ignore[no-untyped-def]
            def fake(**sizes: int) -> list[object]:
                seen.append(module)
                return [timing.Row(module, 1.0, 1.0, 2)]

            fake.__module__ = module
            return fake

        suite = tuple((benchmark(m), {}, {}) for m in ("bench_store", "bench_league_cli", "bench_league_history"))
        monkeypatch.setattr(run, "SUITE", suite)
        assert 0 == run.main(["--tiny", "league"])
        assert ["bench_league_cli", "bench_league_history"] == seen
        assert "2 of 2 targets met" in capsys.readouterr().out
