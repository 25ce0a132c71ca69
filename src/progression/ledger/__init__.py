"""The ledger and the sheets folded from it: the events (``events``), the sheet, its state and the fold that
applies events without checking a rule (``sheet``), and the ledger as a value (``ledger``).
"""

from progression.ledger.ledger import Ledger
from progression.ledger.sheet import Account, Pending, Sheet, replay

__all__ = ["Account", "Ledger", "Pending", "Sheet", "replay"]
