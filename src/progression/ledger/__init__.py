"""The ledger and the sheets folded from it: the events (``events``), the sheet, its state and the fold that
applies events without checking a rule (``sheet``), and the ledger as a value (``ledger``).
"""

from progression._moved import moved
from progression.ledger.ledger import Ledger, LedgerIndex
from progression.ledger.sheet import Account, PendingDecision, Sheet, replay

__all__ = ["Account", "Ledger", "LedgerIndex", "PendingDecision", "Sheet", "replay"]

#: The name of before, for one release (beside ``errors.PendingState``, the refusal of a sheet that waits).
__getattr__ = moved(__name__, {"Pending": ":PendingDecision"})
