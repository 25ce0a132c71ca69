"""Target 6: the exact chance of a random-skill advancement, against a Monte Carlo estimate.

The Blood Bowl pack gives ``functions["exact.random_skill"]``; the estimate is written
here: the same procedure played ``trials`` times with :class:`random.Random`.
"""

from __future__ import annotations

from timing import Row

import progression

PACK = "bloodbowl"


def run(trials: int = 10**5) -> list[Row]:
    """One row: one exact query against a ``trials``-sample estimate of the same probability."""
    name = f"random skill: exact / {trials:.0e}-trial estimate"
    if PACK not in progression.packs():
        return [Row(name, 0.0, 0.0, 100, faster=True, skipped=f"the {PACK} pack is not installed")]
    try:
        pack = progression.load(PACK)
    except progression.ProgressionError as error:
        return [Row(name, 0.0, 0.0, 100, faster=True, skipped=f"the {PACK} pack does not load: {error}")]
    if "exact.random_skill" not in pack.functions:
        return [Row(name, 0.0, 0.0, 100, faster=True, skipped=f"the {PACK} pack has no exact.random_skill")]
    msg = "the exact.random_skill benchmark is written against the installed pack"  # replaced once the pack lands
    raise NotImplementedError(msg)
