"""Studies: many independent trials of a pack's simulation, on any executor (``trials``)."""

from progression.studies.trials import Trials, run_trials

__all__ = ["Trials", "run_trials"]
