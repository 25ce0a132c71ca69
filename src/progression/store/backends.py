"""The databases a store keeps its tables in: SQLite through the standard library, PostgreSQL through psycopg 3.

Each backend is a connection that runs the store's statements, which are written once, in SQL that
both engines accept, with ``?`` for a parameter (PostgreSQL's driver spells it ``%s``). What differs
is said here and nowhere else: how a connection is opened, how a writing transaction starts, the
triggers that record an entry changed in place, deleted or written again, and which of the driver's errors mean "another writer
got there first".

* **SQLite**: WAL mode (readers never wait for a writer, a writer never for readers), foreign keys
  on, ``synchronous = NORMAL`` (a commit survives its process being killed; a power cut may lose the
  last commits, never leave one half-written), and a busy timeout, so that concurrent writers wait for each other and go one after the other
  instead of failing. A writing transaction starts with ``BEGIN IMMEDIATE``: it takes the write lock
  at once, so the state it reads is the state it writes after.
* **PostgreSQL**: autocommit outside the store's transactions (a read never leaves one open); a
  writing transaction is ``BEGIN`` then, for each sheet it changes, a row lock taken by the store's
  first statement on that sheet, so writers of one sheet go one after the other.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from progression.errors import StoreError

__all__ = ["BUSY_TIMEOUT", "Backend", "PostgresBackend", "SQLiteBackend", "connect"]

#: How long a writer waits for another to finish before giving up, in seconds.
BUSY_TIMEOUT = 60.0


class Backend:
    """A connection to one database, used by one :class:`~progression.store.Store` (from any of its threads)."""

    #: The backend's name, as messages say it.
    name = "database"
    #: The statement that starts a writing transaction.
    begin_statement = "BEGIN"

    def __init__(self, where: str, connection: Any, timeout: float | None = None) -> None:
        #: What was opened (a path, or a connection string without its password).
        self.where = where
        #: How long, in seconds, a writer waits for another before giving up (None: the driver's own wait).
        self.timeout = timeout
        self._connection = connection
        #: One statement at a time on the connection, and a transaction's statements together.
        self.lock = threading.RLock()
        self.closed = False

    def sql(self, statement: str) -> str:
        """The statement as the driver spells its parameters."""
        return statement

    def owns(self, path: Path) -> bool:
        """Whether ``path`` is one of the database's own files, which writing over would destroy."""
        return False

    def query(self, statement: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """The rows a query gives."""
        with self.lock:
            self._check_open()
            cursor = self._connection.execute(self.sql(statement), tuple(parameters))
            rows: list[tuple[Any, ...]] = cursor.fetchall()
            return rows

    def change(self, statement: str, parameters: Sequence[Any] = ()) -> int:
        """Run a statement that changes rows; how many it changed."""
        with self.lock:
            self._check_open()
            cursor = self._connection.execute(self.sql(statement), tuple(parameters))
            count: int = cursor.rowcount
            return count

    def edit_trigger(self) -> tuple[str, ...]:
        """The statements that make the trigger recording, in ``edited``, each entry changed in place."""
        raise NotImplementedError

    def guard_triggers(self) -> tuple[str, ...]:
        """The statements that make the triggers recording, in ``edited``, each entry deleted, and each entry
        inserted at a version its sheet's row already counts (written again after a delete, or over the row by a
        replace). The store appends an entry before it raises the row's version, so its own appends are not
        recorded; an amendment's rewrite is, and the store clears those marks in the same transaction."""
        raise NotImplementedError

    def triggers(self, tables: Sequence[str]) -> dict[str, tuple[str, str, bool]]:
        """Each trigger on one of ``tables`` as the database keeps it, by name: its table, its definition (in the
        form :meth:`defined` gives) and whether it is enabled. One query of the database's catalog."""
        raise NotImplementedError

    def defined(self, statements: Sequence[str]) -> dict[str, tuple[str, str]]:
        """Each trigger that ``statements`` make (:meth:`edit_trigger`, :meth:`guard_triggers`), by name: its table
        and the definition :meth:`triggers` reads back for it."""
        return {_named(made): (_table(made), made) for made in statements if made.startswith("CREATE TRIGGER ")}

    def begin(self) -> None:
        """Start a writing transaction (waiting for another writer to finish)."""
        self.change(self.begin_statement)

    def commit(self) -> None:
        self.change("COMMIT")

    def rollback(self) -> None:
        if not self.closed:
            self.change("ROLLBACK")

    def taken(self, error: BaseException) -> bool:
        """Whether ``error`` is a key already taken (another writer stored that row first)."""
        return False

    def busy(self, error: BaseException) -> bool:
        """Whether ``error`` is the database still locked by another writer after the timeout."""
        return False

    def failure(self, error: BaseException) -> bool:
        """Whether ``error`` is the driver's (to be reported as a :class:`~progression.errors.StoreError`)."""
        return False

    def close(self) -> None:
        with self.lock:
            if not self.closed:
                self.closed = True
                self._connection.close()

    def _check_open(self) -> None:
        if self.closed:
            raise StoreError(self.where, "the store is closed; open it again to read or write")


class SQLiteBackend(Backend):
    """A SQLite file, through the standard library's ``sqlite3``."""

    name = "SQLite"
    begin_statement = "BEGIN IMMEDIATE"

    @classmethod
    def open(cls, path: str | Path, timeout: float = BUSY_TIMEOUT) -> SQLiteBackend:
        where = str(path)
        try:
            connection = sqlite3.connect(where, timeout=timeout, isolation_level=None, check_same_thread=False)
            connection.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            connection.execute("PRAGMA foreign_keys = ON")
            connection.execute("PRAGMA synchronous = NORMAL")  # durable at each checkpoint; WAL keeps it consistent
        except sqlite3.Error as error:
            raise StoreError(where, f"cannot be opened as a SQLite database: {error}") from None
        if str(mode).lower() != "wal":
            connection.close()
            raise StoreError(
                where, f"SQLite refused WAL mode (journal mode {mode!r}); a store needs a file on a local disk"
            )
        return cls(where, connection, timeout)

    def owns(self, path: Path) -> bool:
        own = (Path(self.where + suffix) for suffix in ("", "-wal", "-shm", "-journal"))
        return path.exists() and any(file.exists() and os.path.samefile(path, file) for file in own)

    def edit_trigger(self) -> tuple[str, ...]:
        return (
            "CREATE TRIGGER entries_edited AFTER UPDATE ON entries FOR EACH ROW BEGIN "
            "INSERT INTO edited (sheet, version) VALUES (OLD.sheet, OLD.version); END",
        )

    def guard_triggers(self) -> tuple[str, ...]:
        # SQLite fires no DELETE trigger for the row an INSERT OR REPLACE removes (unless recursive_triggers is on):
        # the INSERT trigger records that replace.
        return (
            "CREATE TRIGGER entries_deleted AFTER DELETE ON entries FOR EACH ROW BEGIN "
            "INSERT INTO edited (sheet, version) VALUES (OLD.sheet, OLD.version); END",
            "CREATE TRIGGER entries_rewritten AFTER INSERT ON entries FOR EACH ROW "
            "WHEN NEW.version <= (SELECT version FROM sheets WHERE id = NEW.sheet) BEGIN "
            "INSERT INTO edited (sheet, version) VALUES (NEW.sheet, NEW.version); END",
        )

    def triggers(self, tables: Sequence[str]) -> dict[str, tuple[str, str, bool]]:
        # SQLite keeps a trigger's statement as it was made (its table named in any case); a trigger cannot be
        # disabled in the file.
        marks = ", ".join("?" for _ in tables)
        statement = (
            "SELECT name, lower(tbl_name), sql FROM sqlite_master WHERE type = 'trigger' "
            f"AND lower(tbl_name) IN ({marks})"
        )
        return {str(name): (str(table), str(sql), True) for name, table, sql in self.query(statement, tables)}

    def taken(self, error: BaseException) -> bool:
        return isinstance(error, sqlite3.IntegrityError)

    def busy(self, error: BaseException) -> bool:
        return isinstance(error, sqlite3.OperationalError) and "locked" in str(error)

    def failure(self, error: BaseException) -> bool:
        return isinstance(error, sqlite3.Error)


class PostgresBackend(Backend):
    """A PostgreSQL database, through psycopg 3 (``pip install 'progression[postgres]'``)."""

    name = "PostgreSQL"

    @classmethod
    def open(cls, dsn: str, timeout: float = BUSY_TIMEOUT) -> PostgresBackend:
        try:
            import psycopg
        except ImportError:
            msg = "a PostgreSQL store needs psycopg 3: pip install 'progression[postgres]'"
            raise StoreError(_shown(dsn), msg) from None
        try:
            connection = psycopg.connect(dsn, autocommit=True)
            connection.execute(f"SET lock_timeout = {int(timeout * 1000)}")
        except psycopg.Error as error:
            raise StoreError(_shown(dsn), f"cannot connect to PostgreSQL: {str(error).strip()}") from None
        return cls(_shown(dsn), connection, timeout)

    def sql(self, statement: str) -> str:
        return statement.replace("?", "%s")

    def edit_trigger(self) -> tuple[str, ...]:
        return (
            "CREATE FUNCTION progression_entries_edited() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            "INSERT INTO edited (sheet, version) VALUES (OLD.sheet, OLD.version); RETURN NULL; END $$",
            "CREATE TRIGGER entries_edited AFTER UPDATE ON entries FOR EACH ROW "
            "EXECUTE FUNCTION progression_entries_edited()",
        )

    def guard_triggers(self) -> tuple[str, ...]:
        return (
            "CREATE TRIGGER entries_deleted AFTER DELETE ON entries FOR EACH ROW "
            "EXECUTE FUNCTION progression_entries_edited()",
            "CREATE FUNCTION progression_entries_rewritten() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            "IF NEW.version <= (SELECT version FROM sheets WHERE id = NEW.sheet) THEN "
            "INSERT INTO edited (sheet, version) VALUES (NEW.sheet, NEW.version); END IF; RETURN NULL; END $$",
            "CREATE TRIGGER entries_rewritten AFTER INSERT ON entries FOR EACH ROW "
            "EXECUTE FUNCTION progression_entries_rewritten()",
        )

    def triggers(self, tables: Sequence[str]) -> dict[str, tuple[str, str, bool]]:
        # A trigger as PostgreSQL spells it back (as the store makes it: the table's schema is on the search path),
        # with the body of the function it runs, which can be replaced without touching the trigger.
        rows = self.query(
            "SELECT t.tgname, c.relname, pg_get_triggerdef(t.oid, true), p.prosrc, t.tgenabled FROM pg_trigger t "
            "JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid "
            "WHERE NOT t.tgisinternal AND pg_table_is_visible(c.oid) AND c.relname = ANY(?)",
            (list(tables),),
        )
        return {
            str(name): (str(table), f"{made} AS $${body}$$", enabled == "O")
            for name, table, made, body, enabled in rows
        }

    def defined(self, statements: Sequence[str]) -> dict[str, tuple[str, str]]:
        bodies = {_named(made): made.split("$$")[1] for made in statements if made.startswith("CREATE FUNCTION ")}
        return {
            name: (table, f"{made} AS $${bodies[made.rpartition('EXECUTE FUNCTION ')[2]]}$$")
            for name, (table, made) in super().defined(statements).items()
        }

    def taken(self, error: BaseException) -> bool:
        import psycopg

        return isinstance(error, psycopg.errors.UniqueViolation)

    def busy(self, error: BaseException) -> bool:
        import psycopg

        return isinstance(error, psycopg.errors.LockNotAvailable | psycopg.errors.DeadlockDetected)

    def failure(self, error: BaseException) -> bool:
        import psycopg

        return isinstance(error, psycopg.Error)


def _named(statement: str) -> str:
    """The name a ``CREATE TRIGGER`` or ``CREATE FUNCTION`` statement gives (a function's with its ``()``)."""
    return statement.split()[2]


def _table(statement: str) -> str:
    """The table a ``CREATE TRIGGER`` statement puts its trigger on."""
    words = statement.split()
    return words[words.index("ON") + 1]


def _shown(dsn: str) -> str:
    """A connection string as messages show it: without its password."""
    import re

    return re.sub(
        r"(password\s*=\s*)\S+|(://[^:/@]+:)[^@]+@",
        lambda m: (m.group(1) or m.group(2)) + "***" + ("" if m.group(1) else "@"),
        dsn,
    )


def connect(where: str | Path, timeout: float = BUSY_TIMEOUT) -> Backend:
    """The backend of ``where``: a ``postgresql://`` (or ``postgres://``) connection string, else a SQLite file."""
    if isinstance(where, str) and where.startswith(("postgresql://", "postgres://")):
        return PostgresBackend.open(where, timeout)
    if not isinstance(where, str | Path):
        msg = f"a store is a SQLite file path or a postgresql:// connection string, got {type(where).__name__}"
        raise StoreError(repr(where), msg)
    return SQLiteBackend.open(where, timeout)
