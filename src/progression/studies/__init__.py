"""Studies: many independent trials of a pack's simulation, on any executor (``trials``)."""

from progression.studies.trials import PERCENTILES, SHIPPED_CHUNK, Trials, exact, run_trials

__all__ = ["PERCENTILES", "SHIPPED_CHUNK", "Trials", "exact", "run_trials"]
