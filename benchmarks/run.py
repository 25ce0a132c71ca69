"""Run the performance suite and print one table: each line a ratio against a baseline of the same run.

``python benchmarks/run.py`` runs the full sizes; ``--tiny`` runs every code path at a
tiny size (what the test suite does), where the ratios mean nothing. A line without a target (``context``)
gives a ratio for comparison only: it is neither passed nor failed, and not counted among the targets. ``python benchmarks/run.py league_cli startup``
runs only the benchmarks whose module names contain one of the words.

At full size each benchmark runs in a fresh interpreter of its own, one after the other, so that none is measured
on the heap another left (a league of a million objects slowed the sheet files' library side and sped up their
floor: 2.42x in the whole run, 1.75x alone); ``--in-process`` runs them all here, as ``--tiny`` does.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import bench_cluster
import bench_curves
import bench_growth
import bench_json
import bench_league
import bench_league_cli
import bench_league_history
import bench_random_skill
import bench_replay
import bench_startup
import bench_store
from timing import Row, human

#: Each benchmark with its sizes: full, then tiny.
SUITE: tuple[tuple[Callable[..., list[Row]], dict[str, int], dict[str, int]], ...] = (
    (bench_curves.run, {}, {"far": 10**3, "looped": 50}),
    (bench_replay.run, {}, {"size": 200}),
    (bench_growth.run, {}, {"short": 40, "long": 200, "calls": 64}),
    (bench_growth.match_rows, {}, {"short": 3, "long": 6, "calls": 2}),
    (bench_store.run, {}, {"short": 20, "long": 200, "calls": 4}),
    (bench_league.run, {}, {"teams": 3, "matches": 2, "sampled": 2}),
    (bench_league_cli.run, {}, {"runs": 1}),
    (bench_league_history.run, {}, {"seasons": 1, "legs": 1, "calls": 1, "runs": 1}),
    (bench_json.run, {}, {"count": 20, "events": 8}),
    (bench_startup.run, {}, {"runs": 1}),
    (bench_random_skill.run, {}, {"trials": 200}),
    (bench_cluster.run, {}, {"trials": 40}),
)


def alone(bench: Callable[..., list[Row]], sizes: dict[str, int]) -> list[Row]:
    """The rows of ``bench`` at ``sizes``, run in a fresh interpreter (started by ``spawn``, not forked from this
    one, so that it starts from an empty heap)."""
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(bench, **sizes).result()


def machine() -> str:
    """The machine the figures were taken on: CPU model, cores, memory, Python."""
    model = "unknown CPU"
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    memory = "unknown memory"
    meminfo = Path("/proc/meminfo")
    if meminfo.exists():
        kib = int(meminfo.read_text().split()[1])
        memory = f"{kib / 1024**2:.1f} GiB"
    return f"{model}, {os.cpu_count()} cores, {memory}, Python {platform.python_version()} on {platform.system()}"


def table(rows: Sequence[Row]) -> str:
    """The rows as an aligned text table."""
    lines = [("benchmark", "ratio", "target", "result", "figures (measured vs baseline)")]
    lines += [
        (r.name, "-", r.target, r.result, r.skipped)
        if r.skipped
        else (r.name, f"{r.ratio:,.2f}x", r.target, r.result, r.note)
        for r in rows
    ]
    widths = [max(len(line[i]) for line in lines) for i in range(4)]
    out = []
    for number, line in enumerate(lines):
        out.append("  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=False)) + "  " + line[4])
        if number == 0:
            out.append("-" * len(out[0]))
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the suite and print the table; the exit status is 0 whatever the ratios (a missed target is a FAIL line
    of the table for the performance page, not a broken build)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiny", action="store_true", help="run every path at a tiny size (ratios meaningless)")
    parser.add_argument(
        "only", nargs="*", metavar="NAME", help="run only the benchmarks whose module names contain NAME (league_cli)"
    )
    parser.add_argument(
        "--in-process", action="store_true", help="run every benchmark in this process rather than each in its own"
    )
    args = parser.parse_args(argv)
    start = time.perf_counter()
    rows = []
    for bench, full, tiny in SUITE:
        if args.only and not any(name in bench.__module__ for name in args.only):
            continue
        if args.tiny or args.in_process:
            rows += bench(**(tiny if args.tiny else full))
        else:
            rows += alone(bench, full)
    print(f"progression benchmarks on {machine()}")
    print(table(rows))
    targets = [row for row in rows if not row.context]
    met = sum(row.passed for row in targets)
    skipped = sum(bool(row.skipped) for row in targets)
    context = len(rows) - len(targets)
    print(
        f"{met} of {len(targets)} targets met, {skipped} skipped, {context} for context, "
        f"in {human(time.perf_counter() - start)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
