"""Studies: many independent trials of a pack's simulation, on any executor (``trials``)."""

from progression.studies.trials import PERCENTILES, Trials, exact, run_trials

__all__ = ["PERCENTILES", "Trials", "exact", "run_trials"]
