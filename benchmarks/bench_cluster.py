"""A Monte Carlo study on a Dask ``distributed`` local cluster against the same study in one process.

The study is the Blood Bowl pack's ``matches_to_legend``: the same seed gives the same counts in both (checked).
The cluster has one single-threaded worker process per core, started and warmed before the clock starts: what
is measured is the study, not the cluster's start-up. Each side is the best of three runs, after one run whose
counts are compared.
"""

from __future__ import annotations

import os
from itertools import pairwise

from timing import Row, human, seconds

import progression
from progression.studies import run_trials

#: The study's parameters: a scorer who also blocks and passes.
PARAMS = {"touchdowns": 30, "casualties": 10, "completions": 40}


def _chunk(told: list[int]) -> int:
    """The largest chunk a study's progress reports (the last chunk may be smaller; they finish in any order)."""
    return max((b - a for a, b in pairwise(told)), default=0)


def run(trials: int = 40000) -> list[Row]:
    """One row: the speed-up of a local cluster of one worker per core over one process."""
    name = f"study of {trials:,} trials: Dask cluster of {os.cpu_count()} workers vs one process"
    if "bloodbowl" not in progression.packs():
        return [Row(name, 0.0, 0.0, 1.5, faster=True, skipped="the bloodbowl pack is not installed")]
    from distributed import Client, LocalCluster

    workers = os.cpu_count() or 1
    here = run_trials("bloodbowl", "matches_to_legend", trials, seed=2025, params=PARAMS)
    alone = seconds(lambda: run_trials("bloodbowl", "matches_to_legend", trials, seed=2025, params=PARAMS), repeat=3)
    with (
        LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=":0") as cluster,
        Client(cluster) as client,
    ):
        executor = client.get_executor()
        # warm-up: a chunk of one trial for each worker, several times over, so that every worker has loaded the pack
        run_trials("bloodbowl", "matches_to_legend", workers * 4, seed=1, params=PARAMS, executor=executor, chunk=1)
        told: list[int] = []
        there = run_trials(
            "bloodbowl", "matches_to_legend", trials, seed=2025, params=PARAMS, executor=executor, progress=told.append
        )
        spread = seconds(
            lambda: run_trials("bloodbowl", "matches_to_legend", trials, seed=2025, params=PARAMS, executor=executor),
            repeat=3,
        )
    if here.counts != there.counts:
        msg = "the cluster and the process disagree on the counts of the same seed"
        raise AssertionError(msg)
    cut = (
        f"{told[0]:,} trials probed here, then chunks of {_chunk(told):,} (the default)"
        if len(told) > 1
        else f"all {trials:,} trials run here by the probe"
    )
    note = f"{human(spread)} on the cluster vs {human(alone)} in one process; best of 3 each; {cut}; mean {here.mean:.1f} matches"
    return [Row(name, spread, alone, 1.5, faster=True, note=note)]
