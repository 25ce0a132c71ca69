"""A sheet's history as a whole: undone (``undo``), checked against the rules (``verify``), and
corrected in the past (``amend``, and ``rebase`` onto new rules).
"""

from progression._moved import moved
from progression.history.amend import Amendment, AmendmentRefused, EntryOutcome, amend, rebase
from progression.history.undo import undo
from progression.history.verify import Divergence, Verification, verify

__all__ = [
    "Amendment",
    "AmendmentRefused",
    "Divergence",
    "EntryOutcome",
    "Verification",
    "amend",
    "rebase",
    "undo",
    "verify",
]

#: The name of before, for one release: ``Outcome`` was also the name of a Blood Bowl spell's outcome
#: (``progression_bloodbowl.spells.Outcome``).
__getattr__ = moved(__name__, {"Outcome": ":EntryOutcome"})
