"""Helpers of the store's tests: a statement run on a store's database beside the store."""

from __future__ import annotations


def raw(where: str, statement: str, parameters: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """A statement run on the database directly, beside the store (to tamper with it, or to look)."""
    if where.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(where, autocommit=True) as connection:
            cursor = connection.execute(statement.replace("?", "%s"), parameters)
            return cursor.fetchall() if cursor.description else []
    import sqlite3

    connection = sqlite3.connect(where, isolation_level=None)
    try:
        return connection.execute(statement, parameters).fetchall()
    finally:
        connection.close()


def forge(where: str, sheet: str, state: str) -> None:
    """Write ``state`` as the sheet's snapshot with the digest the store would keep for it: an edit by someone who
    knows how the store keeps its digests (nothing in the database is secret), which a read cannot tell from the
    store's own."""
    from progression.store.snapshots import snapshot_digest

    ((version, entry_digest),) = raw(where, "SELECT version, entry_digest FROM sheets WHERE id = ?", (sheet,))
    bound = snapshot_digest(sheet, int(str(version)), str(entry_digest), state)
    raw(where, "UPDATE sheets SET state = ?, state_digest = ? WHERE id = ?", (state, bound, sheet))
