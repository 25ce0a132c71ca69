"""The ledger and the sheets folded from it: the events (``events``), the sheet, its state and the fold that
applies events without checking a rule (``sheet``), the ledger as a value (``ledger``), and its entries packed as
bytes for a compacted sheet (``packed``).
"""

from progression._moved import moved
from progression.ledger.ledger import Ledger, LedgerIndex
from progression.ledger.sheet import Account, PendingDecision, Sheet, compact, replay

__all__ = ["Account", "Ledger", "LedgerIndex", "PendingDecision", "Sheet", "compact", "replay"]

#: The name of before, for one release (beside ``errors.PendingState``, the refusal of a sheet that waits).
__getattr__ = moved(__name__, {"Pending": ":PendingDecision"})
