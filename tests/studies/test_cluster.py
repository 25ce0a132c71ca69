"""Studies on a real Dask ``distributed`` cluster (the ``cluster`` extra): a local cluster of worker processes
runs ``run_trials`` through its executor, with the same counts as in one process for the same seed."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor

import pytest
from distributed import Client, LocalCluster

from progression.errors import InvalidInput
from progression.studies import run_trials

PARAMS = {"touchdowns": 30, "casualties": 10, "completions": 40}


@pytest.fixture(scope="module")
def executor() -> Iterator[Executor]:
    """The executor of a local cluster of two single-threaded worker processes."""
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0") as cluster,
        Client(cluster) as client,
    ):
        yield client.get_executor()


def test_the_same_seed_gives_the_same_counts_on_the_cluster(executor: Executor) -> None:
    """Trials travel as chunks of seeds and each worker loads the pack by name: the counts are the process's."""
    here = run_trials("bloodbowl", "matches_to_legend", 120, seed=11, params=PARAMS)
    there = run_trials("bloodbowl", "matches_to_legend", 120, seed=11, params=PARAMS, executor=executor, chunk=7)
    assert here.counts == there.counts
    assert 120 == len(there.counts)


def test_progress_comes_back_from_the_workers(executor: Executor) -> None:
    """The progress callback hears of every chunk the workers finish, ending with all the trials."""
    seen: list[int] = []
    run_trials(
        "bloodbowl", "matches_to_legend", 50, seed=3, params=PARAMS, executor=executor, chunk=10, progress=seen.append
    )
    assert ([10, 20, 30, 40, 50], 50) == (sorted(seen), seen[-1])


def test_a_refusal_is_raised_before_any_chunk_is_sent(executor: Executor) -> None:
    """Parameters the simulation does not take are refused in the calling process, naming what it takes."""
    with pytest.raises(InvalidInput, match="unknown option 'speed'"):
        run_trials("bloodbowl", "matches_to_legend", 10, seed=1, params={"speed": 2}, executor=executor)
