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

Version 5 binds each snapshot to the sheet's history:

``state_digest``
    is the digest of the snapshot together with the sheet's id, its version and its last entry's digest
    (:func:`~progression.store.snapshots.snapshot_digest`), where it was the SHA-256 of the snapshot's text alone:
    a snapshot moved from another sheet, kept from before an amendment, or edited with its digest made again as a
    plain SHA-256, no longer holds. The migration binds each row whose snapshot still holds its old digest (and
    gives the digests to a row written before they were kept); a row whose snapshot did not hold still does not.
    From this version on, a row without digests is one edited in the database.

Version 6 widens what ``edited`` records (the store never deletes an entry but to rewrite a history):

``edited``
    also gets a row for each entry deleted (a ``DELETE`` of ``entries``), and for each entry inserted at a version
    its sheet's row already counts: one written again after a delete, or over an existing row by SQLite's
    ``INSERT OR REPLACE`` (whose removal fires no delete trigger). The store appends an entry before it raises the
    sheet's version, so an append is past what the row counts and is not recorded; an amendment or a rebase,
    which deletes and writes entries anew, clears the marks of the entries it wrote in its transaction, once the
    marks found before it started were acted upon (the history run again, or the change refused).

Every statement is SQL that SQLite and PostgreSQL both accept, but for the triggers, whose
statements each backend gives (:meth:`~progression.store.backends.Backend.edit_trigger`,
:meth:`~progression.store.backends.Backend.guard_triggers`), and for the
digests of version 5, computed from each sheet's row. A migration is a tuple
of statements, run in one transaction with the row that records it, so a database is at one
version or the next, never between.

Once brought to this version, a database is checked for its triggers (:func:`check_triggers`): each one the
schema makes must be there as it was made (and enabled), and no other may be on the store's tables; a database
whose triggers were dropped, replaced or added by hand is refused, since edits made then would go unmarked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from progression.errors import StoreError, StoreTampered
from progression.store.backends import Backend
from progression.store.snapshots import digest, snapshot_digest

__all__ = ["MIGRATIONS", "TABLES", "VERSION", "check_triggers", "migrate", "version_of"]

#: A statement of a migration: SQL both engines accept, or what is made from the database (a backend's own SQL for
#: a trigger; statements with their parameters, computed from its rows).
Statement = str | Callable[[Backend], Sequence[str | tuple[str, tuple[Any, ...]]]]


def _edit_trigger(backend: Backend) -> Sequence[str]:
    return backend.edit_trigger()


def _guard_triggers(backend: Backend) -> Sequence[str]:
    return backend.guard_triggers()


def _bind_snapshots(backend: Backend) -> list[tuple[str, tuple[Any, ...]]]:
    """The statements that give each sheet's row the digests of version 5: its snapshot's bound to the sheet, its
    version and its last entry's digest, for a row whose snapshot holds the digest it had (the SHA-256 of its text),
    or had none (written before digests were kept). A snapshot that did not hold its digest keeps it, and so is
    still found; a row whose last entry is not in the table is left as it is (reads refuse it for that)."""
    statements = []
    rows = backend.query("SELECT id, version, state, entry_digest, state_digest FROM sheets")
    for sheet_id, version, state, entry_digest, state_digest in rows:
        if state_digest is not None and state_digest != digest(str(state)):
            continue
        if entry_digest is None:
            last = backend.query("SELECT entry FROM entries WHERE sheet = ? AND version = ?", (sheet_id, version))
            if not last:
                continue
            entry_digest = digest(str(last[0][0]))
        bound = snapshot_digest(str(sheet_id), int(version), str(entry_digest), str(state))
        statements.append(
            ("UPDATE sheets SET entry_digest = ?, state_digest = ? WHERE id = ?", (entry_digest, bound, sheet_id))
        )
    return statements


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
    (_bind_snapshots,),
    (_guard_triggers,),
)
#: The version this library writes.
VERSION = len(MIGRATIONS)
#: The store's tables: no trigger but those the schema makes may be on them.
TABLES = ("schema_version", "settings", "sheets", "entries", "records", "edited")
#: What a store whose triggers are not those it made can do: their marks of edits made meanwhile are lost.
_RESTORE = (
    "without the store's triggers, entries changed, deleted or written again in the database go unnoticed, so the "
    "store is not opened: put back a copy of the database from before the change (a backup), or import the sheets' "
    "exported files into a new store"
)


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
                for made in (statement,) if isinstance(statement, str) else statement(backend):
                    if isinstance(made, str):
                        backend.change(made)
                    else:
                        backend.change(*made)
            backend.change("INSERT INTO schema_version (version) VALUES (?)", (version,))
        backend.commit()
    except BaseException:
        backend.rollback()
        raise
    return found


def check_triggers(backend: Backend) -> None:
    """Refuse a database (brought to this version) whose triggers are not those the schema makes: one of them
    missing (``DROP TRIGGER``), made otherwise or disabled, or another one on the store's tables (which could undo
    their marks). One query of the database's catalog.

    Raises:
        StoreTampered: naming each trigger that is not as the store made it, and what to do.
    """
    made = backend.defined((*backend.edit_trigger(), *backend.guard_triggers()))
    found = backend.triggers(TABLES)
    problems = []
    for name, (table, definition) in made.items():
        there = found.get(name)
        if there is None:
            problems.append(f"its trigger {name} on the {table} table is missing")
        elif there[:2] != (table, definition):
            problems.append(f"its trigger {name} on the {table} table is not the one the store made")
        elif not there[2]:
            problems.append(f"its trigger {name} on the {table} table is disabled")
    for name in sorted(found.keys() - made.keys()):
        problems.append(f"a trigger {name} on the {found[name][0]} table is not one the store makes")
    if problems:
        raise StoreTampered(backend.where, None, "; ".join(problems), refused=_RESTORE)
