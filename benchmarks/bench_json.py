"""Target 4: sheet files written and read back, against plain ``json`` on the same data.

The measured path is ``dump_sheet`` then ``load_sheet`` (which checks every field and
replays the ledger). The floor is plain ``json.dumps`` then ``json.loads`` of the dicts
``progression.files.unstructure_sheet`` gives.
"""

from __future__ import annotations

import json

from bench_replay import ledger
from timing import Row, human, seconds

import progression
import progression.files


def sheets(count: int, events: int) -> list[progression.Sheet]:
    """``count`` players, each with a ledger of ``events`` entries."""
    history = ledger(events)
    return [progression.replay(history) for _ in range(count)]


def run(count: int = 10_000, events: int = 20) -> list[Row]:
    """One row: dump + load of every sheet, against json.dumps + json.loads of the same data."""
    players = sheets(count, events)
    data = [progression.files.unstructure_sheet(sheet) for sheet in players]

    def library() -> list[progression.Sheet]:
        return [progression.load_sheet(progression.dump_sheet(sheet)) for sheet in players]

    def floor() -> list[object]:
        return [json.loads(json.dumps(item)) for item in data]

    if library() != players or floor() != data:
        msg = "a sheet did not survive its round trip"
        raise AssertionError(msg)
    measured, baseline = seconds(library, repeat=3), seconds(floor, repeat=3)
    note = f"{human(measured)} vs {human(baseline)} for {count:,} sheets of {events} events"
    return [Row(f"JSON dump+load of {count:,} sheets / plain json", measured, baseline, 2, note=note)]
