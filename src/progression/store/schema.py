"""The store's tables, and the migrations that bring a database of any earlier layout to this one.

Version 1 is the first layout:

``schema_version``
    one row per migration applied (the highest is the database's version).
``settings``
    what the store was made with: the name of its pack.
``sheets``
    one row per sheet: its id, its version (how many entries its ledger holds) and its state
    (the snapshot: JSON text, see :mod:`progression.store.snapshots`).
``entries``
    one row per ledger entry, never changed once written: the sheet's id, the entry's version
    (its position, the creation is 1) and the entry as the JSON text a sheet file holds.

Version 2 adds:

``records``
    named JSON documents that are not sheets (a pack keeps there what is not a sheet's history: a
    league's settings and fixtures), each with a version that a writer may check, written in the
    same transactions as the sheets.

Version 3 adds to ``sheets``:

``entry_digest``, ``state_digest``
    the SHA-256 (hex) of the sheet's last entry as written and of its state: before a change, the store
    checks that both are still what it wrote (a few rows read, whatever the length of the history), so a
    snapshot or a last entry edited in the database by hand is refused, not built upon. NULL for a sheet
    last written by a version without them (it is not checked until its next write).

Every statement is SQL that SQLite and PostgreSQL both accept. A migration is a tuple of
statements, run in one transaction with the row that records it, so a database is at one
version or the next, never between.
"""

from __future__ import annotations

from progression.errors import StoreError
from progression.store.backends import Backend

__all__ = ["MIGRATIONS", "VERSION", "migrate", "version_of"]

#: Each version's statements, from version 1 on.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        "CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE TABLE sheets (id TEXT PRIMARY KEY, version INTEGER NOT NULL, state TEXT NOT NULL)",
        "CREATE TABLE entries ("
        "sheet TEXT NOT NULL REFERENCES sheets (id), version INTEGER NOT NULL, entry TEXT NOT NULL, "
        "PRIMARY KEY (sheet, version))",
    ),
    ("CREATE TABLE records (name TEXT PRIMARY KEY, version INTEGER NOT NULL, value TEXT NOT NULL)",),
    ("ALTER TABLE sheets ADD COLUMN entry_digest TEXT", "ALTER TABLE sheets ADD COLUMN state_digest TEXT"),
)
#: The version this library writes.
VERSION = len(MIGRATIONS)


def version_of(backend: Backend) -> int:
    """The database's schema version: 0 for a database without the store's tables."""
    rows = backend.query("SELECT MAX(version) FROM schema_version")
    return int(rows[0][0] or 0)


def migrate(backend: Backend, migrations: tuple[tuple[str, ...], ...] = MIGRATIONS) -> int:
    """Bring the database to the latest version in one transaction; the version it was at.

    Raises:
        StoreError: the database is of a newer version than this library knows.
    """
    backend.begin()
    try:
        backend.change("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        found = version_of(backend)
        if found > len(migrations):
            reason = (
                f"the database is of schema version {found}, newer than this library's {len(migrations)}; "
                "upgrade progression to open it"
            )
            raise StoreError(backend.where, reason)
        for version in range(found + 1, len(migrations) + 1):
            for statement in migrations[version - 1]:
                backend.change(statement)
            backend.change("INSERT INTO schema_version (version) VALUES (?)", (version,))
        backend.commit()
    except BaseException:
        backend.rollback()
        raise
    return found
