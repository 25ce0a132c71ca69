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
    checks that both are still what it wrote (a few rows read, whatever the length of the history); a
    snapshot or a last entry edited in the database by hand makes it run the sheet's history again before
    it builds on it. NULL for a sheet last written by a version without them (not checked until its next
    write).

Version 4 adds:

``edited``
    one row (the sheet, the entry's version) for each entry changed in place (an ``UPDATE`` of ``entries``,
    which the store never makes: an entry is written once, and ``amend`` deletes and writes anew), recorded by
    a trigger on ``entries``. Before a change, the store looks for the sheet's rows there (one indexed lookup)
    and, when it finds some, runs the sheet's history again before it builds on it.

Every statement is SQL that SQLite and PostgreSQL both accept, but for a trigger, whose
statements each backend gives (:meth:`~progression.store.backends.Backend.edit_trigger`). A migration is a tuple
of statements, run in one transaction with the row that records it, so a database is at one
version or the next, never between.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from progression.errors import StoreError
from progression.store.backends import Backend

__all__ = ["MIGRATIONS", "VERSION", "migrate", "version_of"]

#: A statement of a migration: SQL both engines accept, or what a backend gives (its own SQL for a trigger).
Statement = str | Callable[[Backend], Sequence[str]]


def _edit_trigger(backend: Backend) -> Sequence[str]:
    return backend.edit_trigger()


#: Each version's statements, from version 1 on.
MIGRATIONS: tuple[tuple[Statement, ...], ...] = (
    (
        "CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE TABLE sheets (id TEXT PRIMARY KEY, version INTEGER NOT NULL, state TEXT NOT NULL)",
        "CREATE TABLE entries ("
        "sheet TEXT NOT NULL REFERENCES sheets (id), version INTEGER NOT NULL, entry TEXT NOT NULL, "
        "PRIMARY KEY (sheet, version))",
    ),
    ("CREATE TABLE records (name TEXT PRIMARY KEY, version INTEGER NOT NULL, value TEXT NOT NULL)",),
    ("ALTER TABLE sheets ADD COLUMN entry_digest TEXT", "ALTER TABLE sheets ADD COLUMN state_digest TEXT"),
    (
        "CREATE TABLE edited (sheet TEXT NOT NULL, version INTEGER NOT NULL)",
        "CREATE INDEX edited_sheet ON edited (sheet)",
        _edit_trigger,
    ),
)
#: The version this library writes.
VERSION = len(MIGRATIONS)


def version_of(backend: Backend) -> int:
    """The database's schema version: 0 for a database without the store's tables."""
    rows = backend.query("SELECT MAX(version) FROM schema_version")
    return int(rows[0][0] or 0)


def migrate(backend: Backend, migrations: tuple[tuple[Statement, ...], ...] = MIGRATIONS) -> int:
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
                for text in (statement,) if isinstance(statement, str) else statement(backend):
                    backend.change(text)
            backend.change("INSERT INTO schema_version (version) VALUES (?)", (version,))
        backend.commit()
    except BaseException:
        backend.rollback()
        raise
    return found
