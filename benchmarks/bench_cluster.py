"""A Monte Carlo study on a Dask ``distributed`` local cluster against the same study in one process.

The study is the Blood Bowl pack's ``matches_to_legend``: the same seed gives the same counts in both (checked).
The cluster has one single-threaded worker process per core, started and warmed before the clock starts: what
is measured is the study, not the cluster's start-up.
"""

from __future__ import annotations

import os
import time

from timing import Row, human

import progression
from progression.studies import run_trials

#: The study's parameters: a scorer who also blocks and passes.
PARAMS = {"touchdowns": 30, "casualties": 10, "completions": 40}


def run(trials: int = 6000) -> list[Row]:
    """One row: the speed-up of a local cluster of one worker per core over one process."""
    name = f"study of {trials:,} trials: Dask cluster of {os.cpu_count()} workers vs one process"
    if "bloodbowl" not in progression.packs():
        return [Row(name, 0.0, 0.0, 1.5, faster=True, skipped="the bloodbowl pack is not installed")]
    from distributed import Client, LocalCluster

    workers = os.cpu_count() or 1
    start = time.perf_counter()
    here = run_trials("bloodbowl", "matches_to_legend", trials, seed=2025, params=PARAMS)
    alone = time.perf_counter() - start
    with (
        LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=":0") as cluster,
        Client(cluster) as client,
    ):
        executor = client.get_executor()
        run_trials("bloodbowl", "matches_to_legend", workers * 4, seed=1, params=PARAMS, executor=executor)
        start = time.perf_counter()
        there = run_trials("bloodbowl", "matches_to_legend", trials, seed=2025, params=PARAMS, executor=executor)
        spread = time.perf_counter() - start
    if here.counts != there.counts:
        msg = "the cluster and the process disagree on the counts of the same seed"
        raise AssertionError(msg)
    note = f"{human(spread)} on the cluster vs {human(alone)} in one process; mean {here.mean:.1f} matches"
    return [Row(name, spread, alone, 1.5, faster=True, note=note)]
