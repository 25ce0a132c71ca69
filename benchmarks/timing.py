"""The shared timing helper and the row every benchmark reports.

A row is a ratio against a baseline measured in the same run, so a slow or busy machine
moves both figures together and the ratio stays meaningful.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


def seconds(work: Callable[[], Any], *, number: int = 1, repeat: int = 5) -> float:
    """The best time of ``repeat`` runs of ``number`` calls of ``work``, per call, in seconds.

    The minimum is the run least disturbed by the rest of the machine. Garbage is
    collected before each run so one run's litter is not charged to the next.
    """
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        for _ in range(number):
            work()
        best = min(best, (time.perf_counter() - start) / number)
    return best


@dataclass(frozen=True)
class Row:
    """One line of the table: a measured path against its baseline, and the target."""

    name: str
    measured: float
    baseline: float
    #: The bound on the ratio: at most ``limit`` times the baseline, or, when ``faster``,
    #: at least ``limit`` times faster than the baseline. None: a line given for context, with no target
    #: (neither passed nor failed, and not counted among the targets).
    limit: float | None
    faster: bool = False
    #: Absolute figures and sizes, for context.
    note: str = ""
    #: Why the benchmark could not run (its ratio and result are then not shown).
    skipped: str = ""

    @property
    def ratio(self) -> float:
        """measured / baseline, or baseline / measured for an "at least N times faster" target."""
        if self.skipped:
            return float("nan")
        return self.baseline / self.measured if self.faster else self.measured / self.baseline

    @property
    def context(self) -> bool:
        """Whether the row is given for context only: it has no target."""
        return self.limit is None

    @property
    def passed(self) -> bool:
        """Whether the ratio meets the target (a skipped benchmark meets nothing, nor does a row without a target)."""
        if self.skipped or self.limit is None:
            return False
        return self.ratio >= self.limit if self.faster else self.ratio <= self.limit

    @property
    def target(self) -> str:
        """The target in words (``-`` for a row without one)."""
        if self.limit is None:
            return "-"
        return f">= {self.limit:g}x faster" if self.faster else f"<= {self.limit:g}x"

    @property
    def result(self) -> str:
        """What the table says of the row: ``pass``, ``FAIL``, ``skip``, or ``context`` for a row without a target."""
        if self.skipped:
            return "skip"
        if self.limit is None:
            return "context"
        return "pass" if self.passed else "FAIL"


def human(value: float) -> str:
    """A duration with a readable unit."""
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6)):
        if value >= scale:
            return f"{value / scale:.3g} {unit}"
    return f"{value / 1e-9:.3g} ns"
