"""Every benchmark's code path at a tiny size: no timing is asserted, only that each runs and checks its work."""

from __future__ import annotations

import importlib
import math
import os
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

    def test_context(self, bench) -> None:
        """A row without a target gives its ratio for context: no target, neither passed nor failed."""
        row = bench("timing").Row("r", measured=5.0, baseline=2.0, limit=None)
        assert (2.5, False, "-", "context", True) == (row.ratio, row.passed, row.target, row.result, row.context)

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

    def test_match_growth_row(self, bench) -> None:
        """A season of matches played through the pack, checked to hold them, and one row with its target of 1.5x;
        without the pack the row is skipped, saying why."""
        module = bench("bench_growth")
        (row,) = module.match_rows(short=2, long=5, calls=1)
        assert ("one match at 5 matches in a season / at 2", 1.5, "") == (row.name, row.limit, row.skipped)
        assert "after 5 matches vs" in row.note

    def test_match_growth_row_without_the_pack(self, bench, monkeypatch) -> None:
        """Without the Blood Bowl pack the match row is skipped, saying why."""
        import progression

        monkeypatch.setattr(progression, "packs", lambda: ["competence"])
        (row,) = bench("bench_growth").match_rows(short=2, long=5, calls=1)
        assert ("skip", "the bloodbowl pack is not installed") == (row.result, row.skipped)

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
        """Four rows: with memory per player in their figures, the guarded floor with its target of 2x and the
        plain dicts for context (no target); the garbage collector's share of the season with each team compacted
        after each match, at most 5 %, and of the season kept as objects, for context."""
        rows = bench("bench_league").run(teams=2, matches=2, sampled=1)
        assert [
            ("league: 2 teams x 2 matches / guarded floor", 2, ""),
            ("league: 2 teams x 2 matches / plain dicts", None, ""),
            ("league: 2 teams x 2 matches, compacted: garbage collection / the season", 0.05, ""),
            ("league: 2 teams x 2 matches: garbage collection / the season", None, ""),
        ] == [(row.name, row.limit, row.skipped) for row in rows]
        assert all("B per player" in row.note for row in rows[:3])
        assert all(row.measured < row.baseline and "of the season's" in row.note for row in rows[2:])

    def test_the_compacted_season_is_the_season(self, bench) -> None:
        """A team compacted after each match ends the season as the team kept as objects, history and all."""
        module = bench("bench_league")
        pack = module.progression.load("bloodbowl")
        season = module.schedule(2, 3)
        kept, compacted = module.with_bloodbowl(pack, season), module.with_bloodbowl(pack, season, compact=True)
        assert (kept, [module._state(t) for t in kept]) == (compacted, [module._state(t) for t in compacted])

    def test_collections_are_timed(self, bench) -> None:
        """The collector's runs are counted by generation and their time added while watched, and no longer."""
        import gc

        module = bench("bench_league")
        with module.collections() as collected:
            gc.collect()
            gc.collect(0)
        gc.collect()
        assert ([1, 0, 1], True) == (collected.runs, collected.seconds > 0)

    def test_rows_without_the_pack(self, bench, monkeypatch) -> None:
        """Without the Blood Bowl pack the guarded floor is skipped, saying why, the plain dicts stay for context, and
        the garbage collector's share is taken of the shaped pack's season."""
        import progression

        monkeypatch.setattr(progression, "packs", lambda: ["competence"])
        rows = bench("bench_league").run(teams=2, matches=2, sampled=1)
        assert [("skip", "the bloodbowl pack is not installed"), ("context", ""), (0.05, ""), ("context", "")] == [
            (row.result if row.limit != 0.05 else row.limit, row.skipped.partition("; ")[2]) for row in rows
        ]


class TestGuardedLeague:
    """The guarded floor: the season written by hand with the library's promises."""

    @pytest.fixture
    def guarded(self, bench):  # type: ignore[no-untyped-def]
        """The module, the rules read from the pack and the drafted team, and the league benchmark."""
        import progression

        module, league = bench("guarded_league"), bench("bench_league")
        pack = progression.load("bloodbowl")
        return module, module.read_rules(pack), module.drafted(pack, league.HUMANS), league, pack

    def opened(self, guarded):  # type: ignore[no-untyped-def]
        """A team with match 1 recorded and its Dedicated Fans updated, and its ledger and dice."""
        module, rules, team, _, _ = guarded
        dice = module.Dice(7)
        team, ledger = module.start(team)
        record = module.MatchRecord(
            number=1, opponent="Orcs", score=(2, 0), events=(("3", "touchdown", 2),), fan_attendance=6
        )
        team, ledger = module.execute(rules, team, ledger, module.RecordOutcome(record), dice)
        team, ledger = module.execute(rules, team, ledger, module.UpdateFans(1), dice)
        return team, ledger, dice

    def test_replay_equals_state_and_the_library(self, guarded) -> None:
        """Every ledger of a season replays to its team, and every team ends as through the library."""
        module, rules, team, league, pack = guarded
        season = league.schedule(3, 5)
        kept = module.with_guarded(rules, team, season, league.CROWD)
        assert [team for team, _ in kept] == [module.replay(ledger) for _, ledger in kept]
        league.agree(league.with_bloodbowl(pack, season), kept)  # raises on any difference

    def test_every_die_is_in_its_entry(self, guarded) -> None:
        """The rolls recorded in the entries are the dice drawn, in order."""
        module, rules, team, league, _ = guarded
        ((_, ledger),) = module.with_guarded(rules, team, league.schedule(1, 6), league.CROWD)
        recorded = [(rolled.sides, r) for entry in ledger.entries() for rolled in entry.rolls for r in rolled.results]
        drawn = module.random.Random(2025)
        assert [(sides, drawn.randint(1, sides)) for sides, _ in recorded] == recorded

    @pytest.mark.parametrize(
        ("changes", "words"),
        [
            ({"number": 0}, "the match number: expected a whole number from 1 to 9999, got 0"),
            ({"opponent": "Orcs\nand more"}, "a team's name on one line"),
            ({"score": (-1, 0)}, "the score of match 1 (ours): expected a whole number from 0, got -1"),
            ({"score": (2,)}, "two whole numbers"),
            ({"score": (20, 13)}, "at most 32 touchdowns"),
            ({"events": (("12", "touchdown", 1),)}, "#12 is not a member of team"),
            ({"events": (("3", "goal", 1),)}, "'goal' is not a match event"),
            ({"events": (("3", "casualty", -1),)}, "#3 casualty: expected a whole number from 0 to 32, got -1"),
            ({"events": (("3", "touchdown", 3),)}, "3 touchdowns recorded as events, but the score is 2-0"),
            ({"mvp_nominees": ("3", "3")}, "up to 6 different players"),
            ({"mvp_nominees": ("99",)}, "MVP nominee '99' is not a player"),
            ({"fan_attendance": 21}, "is 4 to 14 for team, or 0 when not recorded; got 21"),
            ({"fan_attendance": -3}, "expected a whole number from 0, got -3"),
            ({"stalling": "no"}, "stalling is True or False"),
        ],
    )
    def test_refuses_a_bad_record(self, guarded, changes, words) -> None:
        """A record the pack would refuse is refused, saying why; the team and its ledger are as they were."""
        module, rules, team, _, _ = guarded
        team, ledger = module.start(team)
        fields = {"number": 1, "opponent": "Orcs", "score": (2, 0), "events": (("3", "touchdown", 2),)}
        record = module.MatchRecord(**{**fields, **changes})
        with pytest.raises(module.Refused) as refused:
            module.execute(rules, team, ledger, module.RecordOutcome(record), module.Dice(1))
        assert words in str(refused.value)
        assert (team, 1) == (module.replay(ledger), len(list(ledger.entries())))

    def test_refuses_a_match_recorded_twice_and_one_before_the_sequence_ends(self, guarded) -> None:
        """A new match waits for the last one's sequence to end; a number is recorded once a season."""
        module, rules, _, _, _ = guarded
        team, ledger, dice = self.opened(guarded)
        again = module.RecordOutcome(module.MatchRecord(number=1, opponent="Orcs", score=(0, 0)))
        with pytest.raises(module.Refused, match="the post-match sequence of match 1 is still open"):
            module.execute(rules, team, ledger, again, dice)
        team, ledger = module.execute(rules, team, ledger, module.ExpensiveMistakes(1), dice)
        team, ledger = module.execute(rules, team, ledger, module.Prepare(1), dice)
        with pytest.raises(module.Refused, match="match 1 is already recorded for team this season"):
            module.execute(rules, team, ledger, again, dice)

    def test_quote_then_a_paused_choice(self, guarded) -> None:
        """A quote says nothing when the skill may be bought; the purchase pauses with two skills offered, the
        sequence waits for the decision, a skill not offered is refused, and the decision keeps one."""
        module, rules, _, _, _ = guarded
        team, ledger, dice = self.opened(guarded)
        assert (3, ()) == (module.quote(rules, team, "3", "G").price, module.quote(rules, team, "3", "G").refused)
        team, ledger = module.execute(rules, team, ledger, module.Advance("3", "G"), dice)
        offered = team.players["3"].offered
        assert offered is not None
        assert ("Hans waits to keep",) == tuple(r[:18] for r in module.quote(rules, team, "3", "G").refused[:1])
        with pytest.raises(module.Refused, match="waits for a decision"):
            module.execute(rules, team, ledger, module.ExpensiveMistakes(1), dice)
        with pytest.raises(module.Refused, match="keeps"):
            module.execute(rules, team, ledger, module.Decide("3", "dodge"), dice)
        team, ledger = module.execute(rules, team, ledger, module.Decide("3", offered[1]), dice)
        player = team.players["3"]
        assert (3, 1, True, None) == (player.spp, player.advancements, offered[1] in player.skills, player.offered)
        assert team == module.replay(ledger)

    def test_a_refused_quote_says_why(self, guarded) -> None:
        """Each unmet condition of a random primary skill is named."""
        module, rules, _, _, _ = guarded
        team, _, _ = self.opened(guarded)
        assert ["Otto holds 0 SPP, 3 needed", "P is not a primary category of Otto (G, S)"] == list(
            module.quote(rules, team, "2", "P").refused
        )
        with pytest.raises(module.Refused, match="cannot be bought: Otto holds 0 SPP, 3 needed"):
            module.execute(rules, team, None, module.Advance("2", "G"), module.Dice(1))


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
        """Two rows, measured: real ``league record`` commands on a league made for it, through a server (the bench
        checks it served them) and cold, against ``--help``; the cold row is given for context."""
        rows = bench("bench_league_cli").run(runs=1)
        assert [("", True, True, 3), ("", True, True, None)] == [
            (row.skipped, row.measured > 0, row.baseline > 0, row.limit) for row in rows
        ]


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
            timing.Row("beside", 4.0, 1.0, None),
        ]
        lines = run.table(rows).splitlines()
        assert 6 == len(lines)
        assert [["pass"], ["FAIL"], ["skip"], ["context"]] == [
            [w for w in ("pass", "FAIL", "skip", "context") if w in line] for line in lines[2:]
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
        seen.clear()
        assert 0 == run.main(["--in-process"])  # the full sizes, here
        assert [{"n": 100}, {"n": 200}] == seen

    def test_a_benchmark_runs_alone_in_a_fresh_interpreter(self, bench) -> None:
        """At full size each benchmark runs in an interpreter of its own, whose rows come back whole."""
        run, curves = bench("run"), bench("bench_curves")
        assert os.getpid() != run.alone(os.getpid, {})
        sizes = {"far": 10**3, "looped": 50}
        assert [r.name for r in curves.run(**sizes)] == [r.name for r in run.alone(curves.run, sizes)]

    def test_main_counts_no_context_line_as_a_target(self, bench, monkeypatch, capsys) -> None:
        """A line without a target is printed but counted apart: neither met nor missed."""
        timing, run = bench("timing"), bench("run")

        def fake() -> list[object]:
            return [timing.Row("aimed", 1.0, 1.0, 2), timing.Row("beside", 9.0, 1.0, None)]

        monkeypatch.setattr(run, "SUITE", ((fake, {}, {}),))
        assert 0 == run.main(["--tiny"])
        assert "1 of 1 targets met, 0 skipped, 1 for context" in capsys.readouterr().out

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
