"""Target 5: ``import progression`` against ``import attrs``, each in a fresh interpreter; ``progression --help``.

Each command runs once unmeasured first, with bytecode caching allowed, so both sides
start from compiled files, as they do after ``pip install``.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from timing import Row, human

#: How long a command may take and still feel instant (the usual 0.1 s limit of response times).
BUDGET = 0.1
#: The environment of the measured interpreters: bytecode may be cached.
ENVIRONMENT = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def median_run(arguments: list[str], runs: int) -> float:
    """The median wall time of ``runs`` runs of a command, in seconds."""
    subprocess.run(arguments, check=True, capture_output=True, env=ENVIRONMENT)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(arguments, check=True, capture_output=True, env=ENVIRONMENT)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run(runs: int = 15) -> list[Row]:
    """Two rows: the import against attrs' import, and ``progression --help`` against the budget."""
    python = sys.executable
    bare = median_run([python, "-c", "pass"], runs)
    attrs = median_run([python, "-c", "import attrs"], runs)
    ours = median_run([python, "-c", "import progression"], runs)
    command = Path(python).with_name("progression")
    helped = median_run([str(command), "--help"] if command.exists() else [python, "-m", "progression", "--help"], runs)
    return [
        Row(
            "start-up: import progression / import attrs",
            ours,
            attrs,
            1.5,
            note=f"{human(ours)} vs {human(attrs)} (a bare interpreter: {human(bare)}); median of {runs}",
        ),
        Row(
            "start-up: progression --help / a 100 ms budget",
            helped,
            BUDGET,
            1,
            note=f"{human(helped)}; 100 ms is where a response stops feeling instant; median of {runs}",
        ),
    ]
