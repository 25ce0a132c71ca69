"""Many sheets' ledgers in one database (``store``): SQLite by default, PostgreSQL when a league outgrows one
machine (``backends``), the tables and their migrations (``schema``), each sheet's snapshot (``snapshots``),
and what a pack's league or party kept in a store has in common (``books``).
"""

from progression.store.books import Book
from progression.store.store import Record, Store, Transaction, open_store

__all__ = ["Book", "Record", "Store", "Transaction", "open_store"]
