"""``progression.studies.trials``: trials on any executor, reproducible by seed, summarized."""

from __future__ import annotations

import multiprocessing
import re
import statistics
from array import array
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction

import cli_fakepack
import pytest
from cli_support import install
from hypothesis import given, settings
from hypothesis import strategies as st

from progression import SeededDice, load
from progression.errors import ChoiceNeeded, InvalidInput, UnknownName
from progression.studies.trials import Trials, exact, run_chunk, run_trials


@pytest.mark.usefixtures("fake")
class TestRunTrials:
    def test_same_seed_same_counts_whatever_the_executor(self) -> None:
        """The counts depend on the seed only: in-process, on a thread pool, in other chunk sizes."""
        here = run_trials("fake", "climb", 60, seed=5, params={"goal": 12})
        with ThreadPoolExecutor(max_workers=3) as pool:
            there = run_trials("fake", "climb", 60, seed=5, params={"goal": 12}, executor=pool, chunk=7)
        assert here.counts == there.counts
        assert 60 == len(here.counts)
        assert all(2 <= c <= 12 for c in here.counts)

    @staticmethod
    def shipped(monkeypatch: pytest.MonkeyPatch, trials: int, **sizing: float) -> tuple[list[object], list[int]]:
        """The seeds each chunk sent to a thread pool carried, and the progress told, for a study of ``trials``
        of the fake pack's ``climb``, the default chunks sized under ``sizing`` (``PROBE_SECONDS=0``: the probe
        runs one trial), after checking the counts are those of one process."""
        for constant, value in sizing.items():
            monkeypatch.setattr(f"progression.studies.trials.{constant}", value)
        sent: list[object] = []
        told: list[int] = []

        class Recording(ThreadPoolExecutor):
            def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
                sent.append(args[2])
                return super().submit(fn, *args, **kwargs)

        with Recording(max_workers=2) as pool:
            shipped = run_trials("fake", "climb", trials, seed=1, executor=pool, progress=told.append)
        assert shipped.counts == run_trials("fake", "climb", trials, seed=1).counts
        return sent, told

    def test_an_executor_is_sent_at_most_a_32nd_of_the_seeds_at_a_time_as_arrays(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Past the one trial the probe runs here, a study of cheap trials travels in 32 chunks (a cluster's workers
        share its end), each chunk's seeds one array of 64-bit integers (one buffer for a cluster to send, where a
        list is sent item by item); the progress counts the probe, then each chunk."""
        sent, told = self.shipped(monkeypatch, 1201, PROBE_SECONDS=0, LEAST_CHUNK_SECONDS=0)
        assert ({array}, {"Q"}, [38] * 31 + [22]) == (
            {type(s) for s in sent},
            {s.typecode for s in sent},  # type: ignore[attr-defined]
            [len(s) for s in sent],  # type: ignore[arg-type]
        )
        assert (1, 1201, 33) == (told[0], told[-1], len(told))

    def test_a_chunk_holds_what_the_probe_says_takes_chunk_seconds(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """The chunks hold at most CHUNK_SECONDS and at least LEAST_CHUNK_SECONDS of work at what the probe's trials
        cost: when a trial costs more than the most, each chunk holds one; when a 32nd of the study is less than the
        least, the chunks hold more; a study the probe finishes is not sent at all."""
        sent, _ = self.shipped(monkeypatch, 40, PROBE_SECONDS=0, CHUNK_SECONDS=1e-12, LEAST_CHUNK_SECONDS=0)
        assert [1] * 39 == [len(s) for s in sent]  # type: ignore[arg-type]
        sent, _ = self.shipped(monkeypatch, 1201, PROBE_SECONDS=0, LEAST_CHUNK_SECONDS=60)
        assert [1200] == [len(s) for s in sent]  # type: ignore[arg-type]
        sent, told = self.shipped(monkeypatch, 40, PROBE_SECONDS=60)
        assert ([], [40]) == (sent, told)

    def test_counts_come_back_as_one_array_or_whole(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A chunk's counts come back as one array of 64-bit integers (a cluster sends it as one buffer, not item
        by item); counts past 64 bits come back whole, and a study of them is counted as in one process."""
        install(monkeypatch, {"fake": "cli_fakepack:pack", "huge": "cli_fakepack:huge_pack"})
        seeds = [1, 2, 3]
        expected = [cli_fakepack.climb(load("fake"), SeededDice(seed), goal=12) for seed in seeds]
        small, big = run_chunk("fake", "climb", seeds, {"goal": 12}), run_chunk("huge", "climb", seeds, {"goal": 12})
        assert (array, expected) == (type(small), list(small))
        assert [2**70 + count for count in expected] == big
        with ThreadPoolExecutor(max_workers=2) as pool:
            shipped = run_trials("huge", "climb", 30, seed=4, executor=pool, chunk=7)
        assert shipped.counts == run_trials("huge", "climb", 30, seed=4).counts

    def test_a_refusal_in_a_worker_process_comes_back_as_it_was(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A simulation that meets a refusal of the rules in a worker process reports that refusal, its message and
        its attributes, as in this process: the worker sends it back pickled (it came back a TypeError)."""
        install(monkeypatch, {"refusing": "cli_fakepack:refusing_pack"})
        with pytest.raises(ChoiceNeeded) as here:
            run_trials("refusing", "climb", 4, seed=1)
        # Forked, the workers see the pack installed by the monkeypatched entry points.
        forked = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=1, mp_context=forked) as pool, pytest.raises(ChoiceNeeded) as there:
            run_trials("refusing", "climb", 4, seed=1, executor=pool, chunk=2)
        assert (str(here.value), ("amulet", "ring"), "charm") == (
            str(there.value),
            there.value.options,
            there.value.upgrade,
        )

    def test_progress_reaches_the_total(self) -> None:
        """The progress callback is told how many trials are done, ending with all of them."""
        seen: list[int] = []
        run_trials("fake", "climb", 250, seed=1, progress=seen.append)
        assert (250, sorted(seen)) == (seen[-1], seen)

    def test_seed_is_recorded_when_drawn(self) -> None:
        """Without a seed, one is drawn and recorded, and it reproduces the counts."""
        first = run_trials("fake", "climb", 20)
        assert first.counts == run_trials("fake", "climb", 20, seed=first.seed).counts

    def test_unknown_simulation_lists_those_there(self) -> None:
        """An unknown simulation names the pack's simulations."""
        with pytest.raises(
            UnknownName, match="simulation 'fly' is not defined in rule pack 'fake'; expected one of: climb"
        ):
            run_trials("fake", "fly", 10)

    def test_bad_parameters(self) -> None:
        """Parameters the simulation does not take, and bad trial counts, are InvalidInput."""
        with pytest.raises(InvalidInput, match=r"^unknown option 'speed' for simulation 'climb'; it takes: goal"):
            run_trials("fake", "climb", 10, params={"speed": 2})
        with pytest.raises(InvalidInput, match="trials must be a whole number >= 1, got 0"):
            run_trials("fake", "climb", 0)

    @pytest.mark.parametrize(
        ("given", "expected"),
        [
            ({"chunk": -1}, "chunk must be a whole number of trials >= 1 or None"),
            ({"chunk": 0}, "chunk must be a whole number of trials >= 1 or None (sized by what a trial costs), got 0"),
            ({"chunk": 2.5}, "chunk must be a whole number of trials >= 1 or None"),
            ({"seed": 1.5}, "seed must be a whole number or None, got 1.5"),
            ({"seed": "a"}, "seed must be a whole number or None, got 'a'"),
            ({"seed": True}, "seed must be a whole number or None, got True"),
        ],
    )
    def test_bad_seed_or_chunk(self, given: dict[str, object], expected: str) -> None:
        """A seed that is no whole number, or a chunk of fewer than one trial, is refused before any trial runs."""
        with pytest.raises(InvalidInput, match=re.escape(expected)):
            run_trials("fake", "climb", 10, **given)  # type: ignore[arg-type]


class TestTrials:
    @settings(max_examples=50)
    @given(st.lists(st.integers(0, 200), min_size=1, max_size=80))
    def test_summary_agrees_with_statistics(self, counts: list[int]) -> None:
        """Mean and median are the statistics module's; percentiles are counts; the histogram counts every trial."""
        trials = Trials(pack="p", name="n", seed=0, params={}, counts=tuple(counts))
        assert statistics.fmean(counts) == trials.mean
        assert statistics.median(counts) == trials.median
        assert (min(counts), max(counts)) == (trials.percentile(0), trials.percentile(100))
        assert len(counts) == sum(n for _, _, n in trials.histogram())
        assert all(p in counts for p in (trials.percentile(q) for q in (5, 50, 95)))
        ordered = sorted(counts)
        assert sum(c <= trials.percentile(50) for c in ordered) >= len(counts) / 2

    def test_histogram_one_bin_per_value_when_few(self) -> None:
        """Few distinct values get one bin each."""
        trials = Trials(pack="p", name="n", seed=0, params={}, counts=(3, 5, 5))
        assert [(3, 3, 1), (4, 4, 0), (5, 5, 2)] == trials.histogram()


class TestExact:
    def test_fractions(self) -> None:
        """exact.<name> results are checked and given as fractions."""
        probabilities = exact(cli_fakepack.pack(), "two_dice", {"sides": "4"})
        assert Fraction(1, 4) == probabilities["5"]
        assert 1 == sum(probabilities.values())
