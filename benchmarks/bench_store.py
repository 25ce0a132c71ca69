"""Costs that do not grow with history, in a store: reading a sheet and appending an entry to it at
100,000 entries against the same at 100, on a SQLite file.

Both histories are built with the pack in memory (the growth benchmark's hero: awards, every fourth
entry a purchase) and added to the store in one transaction each. Reading decodes the snapshot and
the creation; appending runs the operation through the engine and writes one entry and the
snapshot. For scale, the note gives what reading the whole long history costs (what every read
would cost without the snapshot).
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench_growth import history, pack
from timing import Row, human, seconds

import progression
from progression.operations import Award


def alternately(
    one: Callable[[], object], other: Callable[[], object], calls: int, rounds: int = 7
) -> tuple[float, float]:
    """The best time per call of each, measured in turns: a WAL checkpoint or a busy moment of the machine
    falls on either side, not always on the one measured second."""
    firsts, seconds_ = [], []
    for _ in range(rounds):
        firsts.append(seconds(one, number=calls, repeat=1))
        seconds_.append(seconds(other, number=calls, repeat=1))
    return min(firsts), min(seconds_)


def run(short: int = 100, long: int = 100_000, calls: int = 200) -> list[Row]:
    """Two rows: one read and one append at ``long`` entries against ``short``."""
    rules = pack()
    small, large = history(rules, short), history(rules, long)
    with tempfile.TemporaryDirectory() as folder, progression.open_store(Path(folder) / "bench.sqlite", rules) as store:
        start = time.perf_counter()
        store.add("short", small, verify=False)  # the entries come from the engine: verified below, once, by eye
        store.add("long", large, verify=False)
        added = time.perf_counter() - start
        if store.sheet("long") != large or store.sheet("short") != small:
            msg = "a sheet read from the store is not the sheet stored"
            raise AssertionError(msg)
        rows = []
        read_long, read_short = alternately(lambda: store.sheet("long"), lambda: store.sheet("short"), calls)
        note = f"{human(read_long)} at {long:,} entries vs {human(read_short)} at {short:,}"
        rows.append(
            Row(f"store: read a sheet at {long:,} entries / at {short:,}", read_long, read_short, 1.5, note=note)
        )
        award = Award(pool="xp", amount=1, reason="work")
        append_long, append_short = alternately(
            lambda: store.run("long", award), lambda: store.run("short", award), calls
        )
        whole = seconds(lambda: list(store.sheet("long").ledger), repeat=1)
        note = (
            f"{human(append_long)} at {long:,} entries vs {human(append_short)} at {short:,}; "
            f"reading the whole long history: {human(whole)}; adding both sheets: {human(added)}"
        )
        rows.append(Row(f"store: append at {long:,} entries / at {short:,}", append_long, append_short, 1.5, note=note))
        appended = (store.version("long") - long, store.version("short") - short)
        last_short, last_long = store.sheet("short").ledger[-1], store.sheet("long").ledger[-1]
        if appended[0] != appended[1] or last_short.events != last_long.events:  # numbered by their places
            msg = f"the appends were not all stored: {appended[0]} at {long:,} entries, {appended[1]} at {short:,}"
            raise AssertionError(msg)
    return rows
