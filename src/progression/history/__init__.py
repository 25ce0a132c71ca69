"""A sheet's history as a whole: undone (``undo``), checked against the rules (``verify``), and
corrected in the past (``amend``, and ``rebase`` onto new rules).
"""

from progression.history.amend import Amendment, AmendmentRefused, Outcome, amend, rebase
from progression.history.undo import undo
from progression.history.verify import Divergence, Verification, verify

__all__ = [
    "Amendment",
    "AmendmentRefused",
    "Divergence",
    "Outcome",
    "Verification",
    "amend",
    "rebase",
    "undo",
    "verify",
]
