"""Many sheets' ledgers in one database (``store``): SQLite by default, PostgreSQL when a league outgrows one
machine (``backends``), the tables and their migrations (``schema``), and each sheet's snapshot (``snapshots``).
"""

from progression.store.store import Record, Store, Transaction, open_store

__all__ = ["Record", "Store", "Transaction", "open_store"]
