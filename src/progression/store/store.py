"""The store: many sheets' ledgers in one database, changed only through the engine, several at once or none.

A :class:`Store` keeps, for each sheet, its entries (append-only rows, each the JSON text of one
ledger entry exactly as a sheet file holds it) and a snapshot of its state with its version (the
number of entries). Reading a sheet decodes the snapshot and gives it a deferred ledger, so it
costs the same at any length of history; appending runs the operation through the engine
(:func:`progression.run`) on the stored sheet and writes one entry and the new snapshot.

Every change happens in a :class:`Transaction`: what it wrote is committed together, or, when
anything in it fails, not at all. A writing transaction takes the database's write lock (SQLite)
or each changed sheet's row lock (PostgreSQL) before it reads the sheet it changes, so concurrent
writers wait for each other and none loses another's entry. A caller that read a sheet earlier and
acts on what it saw passes the version it read (``expected=``): if the sheet changed since, the
change is refused with :class:`~progression.errors.StoreConflict`.
"""

from __future__ import annotations

import contextlib
import json
import os
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

import attrs

import progression.store.schema as schema
from progression.disk import read_regular, replace_file
from progression.engine.checks import check_sheet, wrong_sheet
from progression.engine.dice import Dice, RecordedDice
from progression.engine.operations import Create
from progression.engine.rerun import rerunning
from progression.engine.run import holds, start_sheet
from progression.engine.run import run as run_operation
from progression.errors import (
    FileChanged,
    InvalidInput,
    NotAStore,
    Problem,
    ProgressionError,
    SheetError,
    StoreBusy,
    StoreConflict,
    StoreError,
    StoreTampered,
    UnknownName,
    UnreadableFile,
    UnwritableFile,
)
from progression.files import sheets as files
from progression.files.ledger_read import Operations, Unsure, read_ledger
from progression.files.ledger_write import event_lines
from progression.history.amend import Amendment
from progression.history.amend import amend as amend_history
from progression.history.amend import rebase as rebase_history
from progression.history.verify import Divergence, Verification, state_difference
from progression.history.verify import verify as verify_history
from progression.ledger.events import Entry, Event, Operation
from progression.ledger.sheet import Sheet, replay
from progression.rulepacks.rulepack import RulePack
from progression.store.backends import BUSY_TIMEOUT, Backend, connect
from progression.store.snapshots import decode_state, encode_state, read_state, snapshot_digest
from progression.store.snapshots import digest as _digest

__all__ = ["Record", "Store", "Transaction", "open_store"]


@attrs.frozen
class _Seen:
    """A sheet's row as it was read, which the entries read later for it must hold to."""

    #: Its version: how many entries.
    version: int
    #: The digest of its last entry as the store wrote it (None in a row whose digests were removed, read to be
    #: verified or run again).
    digest: str | None


@attrs.frozen(kw_only=True)
class Record:
    """A named JSON document kept beside the sheets (:meth:`progression.store.Transaction.put`), with its version."""

    #: The record's name, unique in the store.
    name: str
    #: How many times it was written (1 after the first).
    version: int
    #: The document: what was put, read back from JSON (lists, dicts, texts, numbers, booleans, None).
    value: Any


def open_store(where: str | os.PathLike[str], pack: RulePack | None = None, *, timeout: float = BUSY_TIMEOUT) -> Store:
    """Open the store at ``where`` (a SQLite file, made when missing, or a ``postgresql://`` connection string),
    bringing its tables to this library's schema.

    Args:
        where: the database.
        pack: the rules the store's sheets are played under. A new store records its name; an existing
            one refuses another pack. When None, the installed pack the store names.
        timeout: how long, in seconds, a writer waits for another before giving up.

    Raises:
        StoreError: the database cannot be opened, is of a newer schema, or belongs to another pack.
        StoreTampered: a trigger the store relies on to notice edits by hand was dropped, altered or disabled in
            the database, or another was added on its tables.
        InvalidInput: ``where`` or ``pack`` is not what is expected.
    """
    if not isinstance(where, str | os.PathLike) or (isinstance(where, str) and not where.strip()):
        msg = f"a store is a SQLite file path or a postgresql:// connection string, got {where!r}"
        raise InvalidInput(msg)
    if pack is not None and not isinstance(pack, RulePack):
        msg = f"the pack of store {str(where)!r} must be a RulePack (progression.load(name)), got {type(pack).__name__}"
        raise InvalidInput(msg)
    if isinstance(timeout, bool) or not isinstance(timeout, int | float) or timeout < 0:
        msg = f"the timeout of store {str(where)!r} must be a number of seconds >= 0, got {timeout!r}"
        raise InvalidInput(msg)
    location = where if isinstance(where, str) else Path(where)
    if pack is None and not str(location).startswith(("postgresql://", "postgres://")):
        _check_store_file(Path(location))
    backend = connect(location, timeout)
    try:
        if pack is None and not _holds_a_store(backend):
            reason = "a new store needs its pack: open_store(where, pack); it holds no store of this library yet"
            raise NotAStore(backend.where, reason)
        schema.migrate(backend)
        schema.check_triggers(backend)  # after the migration: a store of an older schema has just been given them
        named = _pack_of(backend, pack)
        rules = pack
        if rules is None:
            from progression.rulepacks.discovery import load

            rules = load(named)
        elif rules.name != named:
            msg = f"it keeps sheets of pack {named!r}, not {rules.name!r}"
            raise StoreError(backend.where, msg)
    except BaseException as error:
        backend.close()
        if backend.failure(error):
            raise StoreError(backend.where, f"the {backend.name} database refused: {error}") from None
        raise
    return Store(backend, rules, where)


def _check_store_file(path: Path) -> None:
    """Refuse, touching nothing, a file that holds no store: opened without its pack, a store is never made,
    and a database of something else is never changed (not even its journal mode)."""
    import sqlite3

    if not path.exists():
        raise NotAStore(str(path), "a new store needs its pack: open_store(where, pack); no file was made")
    try:
        with contextlib.closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as reading:
            found = reading.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'")
            is_store = found.fetchone() is not None
    except sqlite3.Error as error:
        raise NotAStore(str(path), f"it is no SQLite database of a store ({error}); nothing was changed") from None
    if not is_store:
        reason = "it holds no store of this library (no schema_version table); nothing was changed"
        raise NotAStore(str(path), reason)


def _holds_a_store(backend: Backend) -> bool:
    """Whether the database already holds a store's tables: opened without its pack, nothing is made in it."""
    try:
        backend.query("SELECT version FROM schema_version")
    except Exception as error:
        if not backend.failure(error):
            raise
        return False
    return True


def _pack_of(backend: Backend, pack: RulePack | None) -> str:
    """The name of the store's pack, recorded from ``pack`` when the store is new."""
    rows = backend.query("SELECT value FROM settings WHERE name = ?", ("pack",))
    if rows:
        return str(rows[0][0])
    if pack is None:
        raise NotAStore(backend.where, "a new store needs its pack: open_store(where, pack)")
    backend.begin()
    try:
        if not backend.query("SELECT value FROM settings WHERE name = ?", ("pack",)):
            backend.change("INSERT INTO settings (name, value) VALUES (?, ?)", ("pack", pack.name))
        rows = backend.query("SELECT value FROM settings WHERE name = ?", ("pack",))
        backend.commit()
    except BaseException:
        backend.rollback()
        raise
    return str(rows[0][0])


class Store:
    """Sheets' ledgers in one database: read them, run operations on them, one or several at once.

    Open one with :func:`~progression.open_store`; close it with :meth:`close` (or use it in a ``with`` block).
    One store may be used from several threads; each process opens its own.
    """

    def __init__(self, backend: Backend, pack: RulePack, target: str | os.PathLike[str] | None = None) -> None:
        self._backend = backend
        #: What was opened, to read a ledger again after the store is closed.
        self._target = backend.where if target is None else target
        #: The rules every sheet of the store is played under.
        self.pack = pack
        self._operations: Operations = files.operations_of(pack)
        #: Each sheet's creation as committed, with its text: read with every row (a few hundred bytes), and
        #: structured again only when the text is not the one kept (the creation amended or rebased since).
        self._creations: dict[str, tuple[str, Event]] = {}
        #: The transaction open on the connection, if any (one at a time: other threads wait for it).
        self._open: Transaction | None = None

    @property
    def where(self) -> str:
        """The database, as messages name it."""
        return self._backend.where

    def __repr__(self) -> str:
        return f"<Store {self.where} ({self._backend.name}, pack {self.pack.name!r})>"

    # -- reading -------------------------------------------------------------------

    def ids(self) -> tuple[str, ...]:
        """The ids of the store's sheets, sorted."""
        return tuple(row[0] for row in self._query("SELECT id FROM sheets ORDER BY id"))

    def __contains__(self, sheet_id: object) -> bool:
        return isinstance(sheet_id, str) and bool(self._query("SELECT 1 FROM sheets WHERE id = ?", (sheet_id,)))

    def version(self, sheet_id: str) -> int:
        """How many entries the sheet's ledger holds (its creation is version 1)."""
        return self._row(sheet_id)[0]

    def sheet(self, sheet_id: str, *, whole: bool = False) -> Sheet:
        """The sheet as stored: its state from the snapshot, its ledger read from the store when first needed.

        Args:
            whole: read the whole history now, as :meth:`export` reads it, for a caller that hands the history out
                or builds on all of it (a pack's own export): an entry the database marked as edited is run again
                under the rules first, and the snapshot must be what the entries add up to. Costs the length of
                the history, where a read costs the same at any length.

        Raises:
            StoreTampered: the snapshot is not the one the store wrote (edited in the database), or the sheet's
                row, its snapshot and its entries do not count the same entries (entries deleted or added there):
                it is not shown as the sheet; :meth:`verify` says what differs. Raised later, when the ledger is
                first read, if its entries are then not those the row was written with (deleted or changed in the
                database since). With ``whole``, also: an entry edited in the database after which the history no
                longer holds, or a snapshot that is not what the entries add up to (:meth:`export` refuses them).
            StoreConflict: raised when the ledger is first read, if another writer rewrote the sheet's entries
                since it was read (an amendment): read it again.
            InvalidInput: ``whole`` is not True or False.
        """
        if not isinstance(whole, bool):  # "no" would read as True
            msg = f"whole (whether sheet {sheet_id!r} is read with its whole history) is True or False, got {whole!r}"
            raise InvalidInput(msg)
        if whole:
            return self._whole(sheet_id, "it is not read as the sheet")
        version, state, entry_digest, creation = self._row(sheet_id, checked=True)
        # Read inside this thread's open transaction, the row may not be committed: its creation is not kept.
        return self._rebuild(sheet_id, version, state, entry_digest, creation, committed=self._open is None)

    def record(self, name: str) -> Record | None:
        """The record of that name, or None when none was put."""
        rows = self._query("SELECT name, version, value FROM records WHERE name = ?", (_check_name(name),))
        return _record_of(rows, self.where)

    def records(self, prefix: str = "") -> tuple[Record, ...]:
        """The records whose name starts with ``prefix``, sorted by name.

        Raises:
            StoreError: one of them is not JSON (edited in the database); :meth:`record_names` lists them without
                reading them, to read each on its own.
        """
        return _records_of(self._query(*_prefixed(prefix)), self.where)

    def record_names(self, prefix: str = "") -> tuple[str, ...]:
        """The names of the records whose name starts with ``prefix``, sorted, their values not read (a check that
        lists every record edited into what is not JSON reads each with :meth:`record`)."""
        return tuple(str(row[0]) for row in self._query(*_prefixed(prefix, "name")))

    def verify(self, sheet_id: str) -> Verification:
        """:func:`progression.verify` of the stored sheet under the store's pack, and a check that the stored
        state is the fold of the stored entries (a ``state`` divergence when it is not). An entry changed in place
        in the database (the ``edited`` table's trigger saw it) is named as such, whether or not the rules still
        give it; a sheet whose history or state does not read (edited in the database into what no store writes)
        is not verified: its report says why and where (:attr:`Verification.unread
        <progression.history.Verification.unread>`), nothing is raised. Nothing is written.

        Raises:
            UnknownName: the store holds no sheet ``sheet_id``.
        """
        # An edited snapshot, or last entry, is read as it is: the check reports it.
        version, state, entry_digest, creation = self._row(sheet_id)
        try:
            sheet = self._rebuild(sheet_id, version, state, entry_digest, creation, committed=self._open is None)
            report = verify_history(sheet, self.pack)
        except (SheetError, StoreTampered) as error:
            return Verification(
                subject=sheet_id,
                entries=version,
                recorded_rules="",
                rules=self.pack.rules,
                unread=_unread(error) if isinstance(error, SheetError) else error.what,
            )
        edited = sorted({int(row[0]) for row in self._query("SELECT version FROM edited WHERE sheet = ?", (sheet_id,))})
        return _with_edits(report, sheet, edited) if edited else report

    def export(self, sheet_id: str) -> str:
        """The sheet as a sheet file's text (sealed, :func:`progression.dump_sheet`).

        Raises:
            StoreTampered: the sheet was changed in the database outside the store and its history no longer
                holds: a file sealed from it would carry the edit on, as no change does; or its snapshot (what
                reads show) is not what its entries add up to (what the file would hold).
        """
        return files.dump_sheet(self._whole(sheet_id, "nothing was exported"))

    def export_file(self, sheet_id: str, path: str | os.PathLike[str], *, force: bool = False) -> Path:
        """Write the sheet to a new sheet file (sealed, as :func:`progression.dump_sheet` writes it); the path
        written. A file already there is replaced only with ``force=True`` (as ``progression sheet new`` asks
        ``--force``).

        Raises:
            StoreError: the file exists (without ``force``), or cannot be written.
            StoreTampered: the sheet was changed in the database and its history no longer holds (:meth:`export`).
        """
        target = _check_path(path, f"the file to export sheet {sheet_id!r} to")
        if not isinstance(force, bool):
            msg = f"force (whether the file sheet {sheet_id!r} is exported to is replaced) is True or False, got {force!r}"
            raise InvalidInput(msg)
        if self._backend.owns(target):
            raise StoreError(self.where, f"{target} is this store's own database; export sheet {sheet_id!r} elsewhere")
        if target.exists() and not force:
            raise StoreError(
                self.where, f"{target} already exists; pass force=True to replace it with sheet {sheet_id!r}"
            )
        text = self.export(sheet_id)
        try:  # as a sheet file is written: in one step, under the directory's lock, never over a read-only file
            replace_file(target, text.encode("utf-8"), expected=None, check=not force)
        except UnwritableFile as refused:
            raise StoreError(self.where, f"sheet {sheet_id!r} was not exported: {refused}") from None
        except FileChanged:
            raise StoreError(
                self.where, f"sheet {sheet_id!r} was not exported: {target} was created by someone else meanwhile"
            ) from None
        except UnreadableFile as error:
            raise StoreError(self.where, f"cannot write {target}: {error.reason}") from None
        except OSError as error:
            reason = error.strerror or error
            raise StoreError(self.where, f"cannot write {target}: {reason}") from None
        return target

    # -- writing -------------------------------------------------------------------

    def transaction(self) -> Transaction:
        """A transaction over any number of sheets: ``with store.transaction() as tx: tx.run(...)``.

        Everything it wrote is committed when the block ends, or nothing when it ends with an exception.
        """
        return Transaction(self)

    def start_sheet(self, sheet_id: str, operation: Create) -> Sheet:
        """A new sheet from its creation (run by :func:`progression.operations.start_sheet`), stored under ``sheet_id``.

        The creation is checked as the engine checks it for a pack's own code: ids, types, pools within their
        caps, numbers a sheet can hold; not a stat's ``minimum`` and ``maximum``, which bound purchases (a pack may
        start a sheet past them on purpose). For a start given by a person, make the sheet with
        :meth:`RulePack.new_sheet <progression.RulePack.new_sheet>`, which checks them too, and :meth:`add` it.
        """
        with self.transaction() as tx:
            return tx.start_sheet(sheet_id, operation)

    def create(self, sheet_id: str, operation: Create) -> Sheet:
        """Deprecated: :meth:`start_sheet` (``create`` beside the ``Create`` it takes named two things alike)."""
        warnings.warn("Store.create is deprecated: use Store.start_sheet", DeprecationWarning, 2)
        return self.start_sheet(sheet_id, operation)

    def add(self, sheet_id: str, sheet: Sheet, *, verify: bool = True) -> Sheet:
        """Store a sheet made elsewhere (a pack's ``new_sheet``, a drafted team, a file) under ``sheet_id``.

        Its history must verify under the store's pack (every entry the engine would make), unless
        ``verify=False``; the sheet is then taken as it is, and :meth:`verify` reports what diverges.
        """
        with self.transaction() as tx:
            return tx.add(sheet_id, sheet, verify=verify)

    def import_file(self, sheet_id: str, path: str | os.PathLike[str], *, verify: bool = True) -> Sheet:
        """Store the sheet of a sheet file under ``sheet_id``; as :meth:`add`. A file edited by hand, or written
        before seals (format 1 or 2), is refused, ``verify`` or not (:class:`~progression.errors.SheetTampered`):
        ``progression sheet rebase FILE`` writes it sealed."""
        target = _check_path(path, f"the sheet file to import as {sheet_id!r}")
        text = sheet_bytes(target, self.where)
        return self.add(sheet_id, files.load_sheet(text, str(target), pack=self.pack), verify=verify)

    def run(
        self,
        sheet_id: str,
        operation: Operation,
        dice: Dice | None = None,
        *,
        expected: int | None = None,
    ) -> tuple[Sheet, Entry]:
        """Run ``operation`` on the stored sheet under the store's pack and store its entry; the new sheet and
        the entry. With ``expected``, refused unless the sheet is still at that version."""
        with self.transaction() as tx:
            return tx.run(sheet_id, operation, dice, expected=expected)

    def execute(
        self, sheet_id: str, operation: Operation, dice: Dice | None = None, *, expected: int | None = None
    ) -> Sheet:
        """Deprecated: :meth:`run`, whose first item is the new sheet (``run`` is the one verb that runs an
        operation)."""
        warnings.warn(
            "Store.execute is deprecated: use Store.run (the new sheet is its first item)", DeprecationWarning, 2
        )
        return self.run(sheet_id, operation, dice, expected=expected)[0]

    def amend(
        self,
        sheet_id: str,
        position: int,
        operation: Operation,
        *,
        dice: Dice | None = None,
        invalid: str = "refuse",
        expected: int | None = None,
    ) -> tuple[Sheet, Amendment]:
        """:func:`progression.amend` of the stored sheet, stored (see :meth:`Transaction.amend`)."""
        with self.transaction() as tx:
            return tx.amend(sheet_id, position, operation, dice=dice, invalid=invalid, expected=expected)

    def rebase(
        self, sheet_id: str, *, dice: Dice | None = None, invalid: str = "refuse", expected: int | None = None
    ) -> tuple[Sheet, Amendment]:
        """:func:`progression.rebase` of the stored sheet onto the store's pack, stored (see
        :meth:`Transaction.rebase`)."""
        with self.transaction() as tx:
            return tx.rebase(sheet_id, dice=dice, invalid=invalid, expected=expected)

    def extend(self, sheet_id: str, sheet: Sheet, *, expected: int | None = None) -> Sheet:
        """Store what a function of the pack did to the stored sheet (see :meth:`Transaction.extend`)."""
        with self.transaction() as tx:
            return tx.extend(sheet_id, sheet, expected=expected)

    def put(self, name: str, value: Any, *, expected: int | None = None) -> int:
        """Write a record (see :meth:`Transaction.put`); its new version."""
        with self.transaction() as tx:
            return tx.put(name, value, expected=expected)

    def delete(self, name: str, *, expected: int | None = None) -> None:
        """Remove a record (see :meth:`Transaction.delete`)."""
        with self.transaction() as tx:
            tx.delete(name, expected=expected)

    def under(self, pack: RulePack) -> Store:
        """The same database with its sheets played under ``pack``, another build of the store's pack (a
        campaign's competences under its own settings, built from what a record of the store keeps).

        The view shares the store's connection: use it instead of the store it came from, and close one of
        them (closing either closes both).

        Raises:
            InvalidInput: ``pack`` is not a rule pack.
            StoreError: ``pack`` is another pack than the one the store keeps.
        """
        if not isinstance(pack, RulePack):
            msg = f"the rules a view of store {self.where} plays its sheets under must be a RulePack, got {type(pack).__name__}"
            raise InvalidInput(msg)
        if pack.name != self.pack.name:
            raise StoreError(self.where, f"it keeps sheets of pack {self.pack.name!r}, not {pack.name!r}")
        if self._open is not None:
            raise StoreError(
                self.where, "a transaction is open on the store; end it before playing its sheets under other rules"
            )
        return Store(self._backend, pack, self._target)

    def close(self) -> None:
        """Close the connection. Sheets read before stay whole: a ledger not read yet is read through a
        connection of its own (the entries never change once written)."""
        self._backend.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- inside -------------------------------------------------------------------

    def _query(self, statement: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._backend.query(statement, parameters)
        except Exception as error:
            if self._backend.failure(error):
                raise StoreError(self.where, f"the {self._backend.name} database refused: {error}") from None
            raise

    def _whole(self, sheet_id: str, refused: str) -> Sheet:
        """The sheet with its whole history read and checked (:meth:`sheet` with ``whole``, :meth:`export`);
        ``refused`` says what was not done when it does not hold."""
        with self.transaction() as tx:  # a change's read: an entry edited in place is found, as a change finds it
            sheet = tx.sheet(sheet_id)
        _check_fold(self.where, sheet_id, sheet, refused)
        return sheet

    def _row(self, sheet_id: str, *, checked: bool = False) -> tuple[int, str, str | None, str | None]:
        """The sheet's version, snapshot, last entry's digest and its creation's text (None when the entries
        table lacks it); ``checked``, refused when the entries table does not end at that version, or the snapshot
        is not the one the store wrote after its last entry (its digest): one statement of indexed lookups,
        whatever the length of the history."""
        _check_id(sheet_id)
        rows = self._query(_ROW, (sheet_id, sheet_id, sheet_id))
        if not rows:
            raise UnknownName("sheet", sheet_id, self.ids(), f"store {self.where}")
        version, state, entry_digest, digest = int(rows[0][0]), str(rows[0][1]), rows[0][2], rows[0][3]
        if checked:
            what = _miscounted(version, rows[0][4])
            unstamped = None if what is not None else _unstamped(sheet_id, version, state, (entry_digest, digest))
            if unstamped is not None:  # the digest binds the version: one lowered by hand is said as the counts
                what = _miscounted_snapshot(version, state) or unstamped
            if what is not None:
                raise StoreTampered(self.where, sheet_id, what, refused="it is not read as the sheet")
        creation = rows[0][5]
        return version, state, None if entry_digest is None else str(entry_digest), _text(creation)

    def _rebuild(
        self,
        sheet_id: str,
        version: int,
        state: str,
        entry_digest: str | None,
        creation: str | None,
        *,
        committed: bool = False,
    ) -> Sheet:
        """The sheet of a stored row (its version, snapshot, last entry's digest and its creation's text, as read
        together); ``committed`` when the row was read outside a transaction (its creation may then be kept for
        later reads). Its ledger, read later, is checked against the row as read here (:meth:`_entries`).

        Raises:
            StoreTampered: the snapshot does not count the entries the row does.
        """
        source = f"{self.where}:{sheet_id}"
        seen = _Seen(version, entry_digest)
        data = read_state(state, source)
        if data is None:  # a snapshot of another layout: fold the entries
            return replay(self._entries(sheet_id, 1, version, seen))
        length = data.get("length")
        if type(length) is int and length != version:  # said before any entry is read, as what it is
            what = _snapshot_counts(length, version)
            raise StoreTampered(self.where, sheet_id, what, refused="it is not read as the sheet")
        kept = self._creations.get(sheet_id)
        if kept is not None and kept[0] == creation:
            first = kept[1]
        elif creation is None:  # the entries table lacks it: said as the entries read say it
            (first,) = self._entries(sheet_id, 1, 1, seen)
        else:
            (first,) = self._structured(source, 1, [(1, creation)])
            if committed:
                self._creations[sheet_id] = (creation, first)
        return decode_state(
            data,
            lambda: self._entries(sheet_id, 1, version, seen),
            first,
            source,
            lambda start, stop: self._entries(sheet_id, start + 1, stop, seen),
            lambda member, expected, found: self._miscounted_member(sheet_id, member, expected, found),
        )

    def _miscounted_member(self, sheet_id: str, member: tuple[str, ...], expected: int, found: int) -> Exception:
        """What a member's ledger (or the sheet's) raises when its history does not give the entries its
        snapshot counts: a snapshot edited in the database, its digest made again."""
        whose = f"member {'.'.join(member)!r}" if member else "the sheet"
        what = f"its snapshot gives {whose} {expected} entries, its history gives {found}"
        return StoreTampered(self.where, sheet_id, what, refused="its history is not read")

    def _read(self, statement: str, parameters: Sequence[Any]) -> list[tuple[Any, ...]]:
        """A query, also for a sheet read before the store was closed: its entries are still there."""
        if not self._backend.closed:
            return self._query(statement, parameters)
        backend = connect(self._target if isinstance(self._target, str) else Path(self._target))
        try:
            return backend.query(statement, parameters)
        finally:
            backend.close()

    def _entries(self, sheet_id: str, start: int, stop: int, seen: _Seen) -> tuple[Event, ...]:
        """The sheet's entries of versions ``start`` to ``stop``, read from their JSON text, for a sheet whose row
        was ``seen``: the entries table must hold each, and the last (when read) must be the one the row was
        written with, unless the row is as it was (then the entry was edited in the database, and is read as it
        is, as any entry edited there is).

        Raises:
            StoreConflict: the entries are not those of the row as read, and the row changed since: another
                writer rewrote the sheet's history (an amendment) after it was read.
            StoreTampered: the entries table lacks some, and the row is as it was: entries deleted in the
                database.
            SheetError: an entry does not read.
        """
        source = f"{self.where}:{sheet_id}"
        statement = (
            "SELECT version, entry FROM entries WHERE sheet = ? AND version >= ? AND version <= ? ORDER BY version"
        )
        rows = self._read(statement, (sheet_id, start, stop))
        got = [int(row[0]) for row in rows]
        if got != list(range(start, stop + 1)):
            missing = sorted(set(range(start, stop + 1)) - set(got))
            what = (
                f"the entries table lacks {_numbered(missing)} (its row in the sheets table counts {seen.version} "
                "entries)"
            )
            raise self._moved(sheet_id, seen, what)
        entries = self._structured(source, start, rows)
        # The entry the row counted last is no longer the one it was written with: when the row changed too,
        # another writer rewrote the history since it was read. When the row is as it was, the entry was edited
        # in the database: read as it is, as any entry edited there is (a change, an export and verify find it).
        if stop == seen.version and seen.digest is not None and _digest(str(rows[-1][1])) != seen.digest:
            rewritten = self._rewritten(sheet_id, seen)
            if rewritten is not None:
                raise rewritten
        return entries

    def _structured(self, source: str, start: int, rows: list[tuple[Any, ...]]) -> tuple[Event, ...]:
        """The entries of ``rows`` (their versions and texts, from ``start``) as events.

        Raises:
            SheetError: an entry does not read, said at its place in the ledger.
        """
        try:  # one document of every entry: json reads it several times faster than entry by entry
            data = json.loads("[" + ",".join(str(row[1]) for row in rows) + "]")
        except ValueError:
            data = None
        if not isinstance(data, list) or len(data) != len(rows):  # find the entry that does not read
            data = []
            for version, text in rows:
                try:
                    data.append(json.loads(text))
                except ValueError as error:
                    problem = Problem(source, f"$.ledger[{version - 1}]", f"not valid JSON: {error}")
                    raise SheetError(source, [problem]) from None
        try:
            return read_ledger(data, self._operations)
        except (Unsure, RecursionError):
            pass
        try:
            return files._structure(data, source, self._operations)
        except SheetError as error:  # the paths count from the first entry read
            problems = [Problem(source, _shift(p.path, start - 1), p.reason) for p in error.problems]
            raise SheetError(source, problems) from None

    def _moved(self, sheet_id: str, seen: _Seen, what: str) -> ProgressionError:
        """Why the entries table does not hold the entries of a sheet's row as read (``seen``): another writer
        rewrote its history since (the row changed too: a conflict, read it again), or the database was edited
        (the row is as it was)."""
        rewritten = self._rewritten(sheet_id, seen)
        return rewritten or StoreTampered(self.where, sheet_id, what, refused="its history is not read")

    def _rewritten(self, sheet_id: str, seen: _Seen) -> StoreConflict | None:
        """The conflict of a sheet whose row is no longer as it was read (``seen``): another writer changed it
        since; None when it is as it was."""
        rows = self._read("SELECT version, entry_digest FROM sheets WHERE id = ?", (sheet_id,))
        if rows and (int(rows[0][0]), rows[0][1]) != (seen.version, seen.digest):
            return StoreConflict(self.where, sheet_id, seen.version, int(rows[0][0]), reading=True)
        return None


class Transaction:
    """Changes to several sheets, committed together or not at all (see :meth:`Store.transaction`).

    Inside it, :meth:`sheet` gives each sheet as the transaction left it. When anything raises out of the
    ``with`` block, nothing it wrote is kept. An operation the rules refuse writes nothing, so a caller may
    catch that refusal and go on; any other failure (the database's) ends the transaction, which then
    refuses to go on and is rolled back.
    """

    def __init__(self, store: Store) -> None:
        self._store = store
        self._backend = store._backend
        self._open = False
        self._broken: str | None = None
        #: Each sheet changed or read for a change, as the transaction leaves it.
        self._sheets: dict[str, Sheet] = {}

    def __enter__(self) -> Transaction:
        if self._open:
            raise StoreError(self._store.where, "this transaction is already open")
        self._broken = None
        self._backend.lock.acquire()
        if self._store._open is not None:  # the lock is reentrant: this thread already has a transaction open
            self._backend.lock.release()
            msg = "a transaction is already open on this store in this thread; make the changes through it"
            raise StoreError(self._store.where, msg)
        try:
            self._backend.begin()
        except BaseException as error:
            self._backend.lock.release()
            if self._backend.busy(error):
                raise _busy(self._store.where, self._backend, error, "starting the transaction") from None
            if self._backend.failure(error):
                raise StoreError(self._store.where, f"the {self._backend.name} database refused: {error}") from None
            raise
        self._open = True
        self._store._open = self
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        try:
            if kind is None and self._broken is None:
                try:
                    self._backend.commit()
                except Exception as failure:
                    self._rollback()
                    self._raise(failure, "the commit failed, nothing was written")
            else:
                self._rollback()
                if kind is None:
                    raise StoreError(self._store.where, f"the transaction was rolled back: {self._broken}")
        finally:
            self._open = False
            self._store._open = None
            self._sheets.clear()
            self._backend.lock.release()

    def _rollback(self) -> None:
        try:
            self._backend.rollback()
        except Exception as failure:
            if not self._backend.failure(failure):
                raise

    # -- what a transaction does ----------------------------------------------------

    def sheet(self, sheet_id: str) -> Sheet:
        """The sheet as this transaction has it (what it changed included)."""
        self._check()
        return self._current(sheet_id)

    def version(self, sheet_id: str) -> int:
        """The sheet's version as this transaction has it."""
        return len(self.sheet(sheet_id).ledger)

    def create(self, sheet_id: str, operation: Create) -> Sheet:
        """Deprecated: :meth:`start_sheet` (``create`` beside the ``Create`` it takes named two things alike)."""
        warnings.warn("Transaction.create is deprecated: use Transaction.start_sheet", DeprecationWarning, 2)
        return self.start_sheet(sheet_id, operation)

    def start_sheet(self, sheet_id: str, operation: Create) -> Sheet:
        """A new sheet from its creation, stored under ``sheet_id``."""
        self._check()
        _check_id(sheet_id)
        if not isinstance(operation, Create):
            msg = f"sheet {sheet_id!r} must start with a Create operation, got {type(operation).__name__}"
            raise InvalidInput(msg)
        return self._insert(sheet_id, start_sheet(self._store.pack, operation))

    def add(self, sheet_id: str, sheet: Sheet, *, verify: bool = True) -> Sheet:
        """Store a sheet made elsewhere under ``sheet_id`` (see :meth:`Store.add`)."""
        self._check()
        _check_id(sheet_id)
        check_sheet(sheet, f"sheet {sheet_id!r}")
        if not isinstance(verify, bool):  # "no" would read as True
            msg = (
                f"verify (whether sheet {sheet_id!r} is run again before it is stored) is True or False, got {verify!r}"
            )
            raise InvalidInput(msg)
        pack = self._store.pack
        if sheet.pack != pack.name:
            raise StoreError(self._store.where, wrong_sheet(sheet, f"sheet {sheet_id!r} of this store", pack=pack.name))
        if verify:
            report = verify_history(sheet, pack)
            if not report.ok:
                lines = "; ".join(f"#{d.position} {d.label}: {d.sentence}" for d in report.divergences)
                msg = (
                    f"sheet {sheet_id!r} does not verify under {pack.rules} and was not stored: {lines} "
                    "(add it with verify=False to keep it as it is)"
                )
                raise StoreError(self._store.where, msg)
        return self._insert(sheet_id, sheet)

    def run(
        self, sheet_id: str, operation: Operation, dice: Dice | None = None, *, expected: int | None = None
    ) -> tuple[Sheet, Entry]:
        """Run ``operation`` on the sheet as this transaction has it, and store its entry (see :meth:`Store.run`).

        Raises:
            StoreConflict: ``expected`` is not the sheet's version.
            ProgressionError: the rules refuse the operation; nothing was written.
        """
        before, version = self._for_change(sheet_id, expected)
        after, entry = run_operation(self._store.pack, before, operation, dice)
        line = event_lines((entry,))[0]
        self._write(
            sheet_id,
            [
                ("INSERT INTO entries (sheet, version, entry) VALUES (?, ?, ?)", (sheet_id, version + 1, line)),
                (_UPDATE, (version + 1, *_stamped(sheet_id, after, line), sheet_id, version)),
            ],
            version,
        )
        self._sheets[sheet_id] = after
        return after, entry

    def execute(
        self, sheet_id: str, operation: Operation, dice: Dice | None = None, *, expected: int | None = None
    ) -> Sheet:
        """Deprecated: :meth:`run`, whose first item is the new sheet (``run`` is the one verb that runs an
        operation)."""
        warnings.warn(
            "Transaction.execute is deprecated: use Transaction.run (the new sheet is its first item)",
            DeprecationWarning,
            2,
        )
        return self.run(sheet_id, operation, dice, expected=expected)[0]

    def extend(self, sheet_id: str, sheet: Sheet, *, expected: int | None = None) -> Sheet:
        """Store the entries ``sheet`` holds past the stored sheet: what a pack's function (an action that
        raises a level, buys and records a milestone) made of the sheet as this transaction has it.

        Each new entry goes through the engine again (:func:`progression.run` on the sheet before it, with
        the entry's recorded rolls), and the entry the engine gives is stored: one that differs from it is
        refused, so nothing enters the store that the rules would not make.

        A sheet made on an older read (another writer stored entries since) is a
        :class:`~progression.errors.StoreConflict` that names what was stored meanwhile: read the sheet again and
        redo the change on it. A sheet whose entries are all stored already adds nothing and writes nothing, so a
        retry of a change that was stored (its answer lost) never stores it twice. Two writers who made the very
        same change on the same read (the same entries, rolls included) therefore cannot be told from one writer
        and its retry: the second is not stored. A writer that means its change to be counted on its own passes
        the version it built on (``expected=``, the sheet's version when it was read): the second is then refused
        with a :class:`~progression.errors.StoreConflict`, and is made again on the sheet as it is.

        Returns:
            The stored sheet (the same state as ``sheet``); the stored sheet as it is when ``sheet`` adds no entry
            to it (nothing is written).

        Raises:
            InvalidInput: ``sheet`` is not of the stored sheet's history (another creation).
            StoreError: an entry is not what the engine gives; nothing was written.
            StoreConflict: ``expected`` is not the sheet's version, or ``sheet`` was made on an older version and
                adds entries the stored sheet does not hold; nothing was written.
        """
        check_sheet(sheet, f"sheet {sheet_id!r}")
        before, version = self._for_change(sheet_id, expected)
        continues = (
            len(sheet.ledger) >= version
            and sheet.ledger[version - 1] == before.ledger[version - 1]
            and sheet.ledger[0] == before.ledger[0]
        )
        if continues and len(sheet.ledger) == version:
            return before  # the function changed nothing (a settle with nothing over the cap): nothing to store
        if not continues:
            built = _built_on(sheet, before)
            if built == len(sheet.ledger):  # all it holds is stored already: a retry of a change that was stored
                return before
            if built:  # read before another writer stored entries: what it adds was built on an older version
                stored = [before.ledger[index] for index in range(built, version)]
                meanwhile = _numbered(list(range(built + 1, version + 1))) + " (" + _labels(stored) + ")"
                raise StoreConflict(self._store.where, sheet_id, built, version, meanwhile=meanwhile)
            msg = (
                f"expected sheet {sheet_id!r} continued from its {version} stored entries, got a sheet "
                f"of {len(sheet.ledger)} entries that does not continue them; read the sheet from the store and "
                "change that"
            )
            raise InvalidInput(msg)
        after = before
        lines = []
        for position in range(version + 1, len(sheet.ledger) + 1):
            recorded = sheet.ledger[position - 1]
            if not isinstance(recorded, Entry):
                msg = f"sheet {sheet_id!r}: entry {position} ({recorded.tag}) was not made by the engine; not stored"
                raise StoreError(self._store.where, msg)
            rolled = RecordedDice(recorded.rolls)
            with rerunning():  # recorded (by a pack's function, or an earlier version), not asked anew
                after, produced = run_operation(self._store.pack, after, recorded.operation, rolled)
            if not holds(recorded, produced) or rolled.left:
                msg = (
                    f"sheet {sheet_id!r}: entry {position} ({recorded.label}) is not what the engine gives under "
                    f"{self._store.pack.rules}; nothing was stored"
                )
                raise StoreError(self._store.where, msg)
            lines.append(event_lines((produced,))[0])  # its operation's words as ids, were they typed otherwise
        statements: list[tuple[str, tuple[Any, ...]]] = [
            ("INSERT INTO entries (sheet, version, entry) VALUES (?, ?, ?)", (sheet_id, number, line))
            for number, line in enumerate(lines, start=version + 1)
        ]
        statements.append((_UPDATE, (len(after.ledger), *_stamped(sheet_id, after, lines[-1]), sheet_id, version)))
        self._write(sheet_id, statements, version)
        self._sheets[sheet_id] = after
        return after

    def amend(
        self,
        sheet_id: str,
        position: int,
        operation: Operation,
        *,
        dice: Dice | None = None,
        invalid: str = "refuse",
        expected: int | None = None,
    ) -> tuple[Sheet, Amendment]:
        """Replace the operation of the sheet's entry ``position`` and run every later entry again
        (:func:`progression.amend` under the store's pack), then store the corrected history: the entries
        from ``position`` on are replaced by those the engine made, the others are kept as they are.

        This is the one change that rewrites stored entries, as :func:`progression.amend` rewrites a
        ledger: the engine re-executed each one, and the store keeps what it gave.

        The store knows sheets and records, not what a pack's records say of a sheet: a record that names a
        sheet's entries by their number (a league's fixture names the entry of its match on each team) is not kept
        in step, and nothing here refuses what would break it. ``invalid="drop"`` or ``"stop"`` moves every entry
        after the first one left out, and an entry another sheet or a record shares is changed here alone: change
        such a sheet through what keeps those records (the pack's league or party), whose methods keep them in step.

        Raises:
            StoreConflict: ``expected`` is not the sheet's version.
            StoreTampered: the sheet's snapshot (what reads showed) is not what its entries add up to (edited in
                the database): the amendment, run from the entries, would silently replace it; nothing was written.
            AmendmentRefused: a later entry becomes invalid (``invalid="refuse"``); nothing was written.
            ProgressionError: the rules refuse the new operation itself; nothing was written.
        """
        before, version = self._for_change(sheet_id, expected)
        _check_fold(self._store.where, sheet_id, before, "nothing was amended")
        after, report = amend_history(before, position, operation, pack=self._store.pack, dice=dice, invalid=invalid)
        self._rewrite(sheet_id, version, position, after)
        return after, report

    def rebase(
        self, sheet_id: str, *, dice: Dice | None = None, invalid: str = "refuse", expected: int | None = None
    ) -> tuple[Sheet, Amendment]:
        """Run the sheet's whole history again under the store's pack as it is now (:func:`progression.rebase`:
        a sheet made under another version of the pack's data, which every other change refuses), then store
        it as :meth:`amend` stores a corrected history, every entry replaced by the one the engine made.

        A sheet already under the store's rules, whose history runs again as it is recorded, is left as it is
        (nothing is written); the report then says that each entry holds.

        Args:
            dice: rolls the new rules ask for that the history never made; without them such an entry is refused.
            invalid: ``"refuse"`` (change nothing when the new rules refuse an entry), ``"drop"`` or ``"stop"``,
                as :func:`progression.rebase` takes it (these move the later entries, which a record naming them
                by number does not follow: :meth:`amend` says it).
            expected: the version read; the rebase is refused unless the sheet is still at it.

        Returns:
            The sheet as stored, and the report of what became of every entry.

        Raises:
            StoreConflict: ``expected`` is not the sheet's version.
            StoreTampered: the sheet's snapshot (what reads showed) is not what its entries add up to (edited in
                the database): the rebase, run from the entries, would silently replace it; nothing was written.
            AmendmentRefused: the new rules refuse an entry (``invalid="refuse"``); nothing was written.
            InvalidInput: a history recorded before operations were, which cannot run again.
        """
        before, version = self._for_change(sheet_id, expected)
        _check_fold(self._store.where, sheet_id, before, "nothing was rebased")
        after, report = rebase_history(before, self._store.pack, dice=dice, invalid=invalid)
        if after == before:  # the same history under the same rules: a write would change nothing
            return before, report
        self._rewrite(sheet_id, version, 1, after)
        return after, report

    def record(self, name: str) -> Record | None:
        """The record of that name as this transaction has it, or None."""
        self._check()
        try:
            rows = self._backend.query("SELECT name, version, value FROM records WHERE name = ?", (_check_name(name),))
        except Exception as error:
            self._raise(error, f"reading record {name!r}")
        return _record_of(rows, self._store.where)

    def records(self, prefix: str = "") -> tuple[Record, ...]:
        """The records whose name starts with ``prefix``, as this transaction has them, sorted by name."""
        self._check()
        try:
            rows = self._backend.query(*_prefixed(prefix))
        except Exception as error:
            self._raise(error, f"reading the records {prefix!r}")
        return _records_of(rows, self._store.where)

    def put(self, name: str, value: Any, *, expected: int | None = None) -> int:
        """Write the record ``name`` (made when missing) with ``value``, any JSON document; its new version.

        A record is not a sheet: no rule checks it, and it holds what a pack keeps beside the sheets (a
        league's fixtures). Written in the transaction, it is kept with the sheets' changes or not at all.

        Args:
            expected: the version read (0: the record must not exist yet); None writes whatever is there.

        Raises:
            StoreConflict: ``expected`` is not the record's version (another writer changed it).
            InvalidInput: a name that is not a text, or a value JSON cannot hold.
        """
        self._check()
        _check_name(name)
        _check_expected(expected, name, "record")
        try:
            text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False, sort_keys=True)
        except (TypeError, ValueError) as error:
            msg = f"record {name!r} must be a JSON document (dicts, lists, texts, numbers, booleans, None): {error}"
            raise InvalidInput(msg) from None
        try:
            found = self._backend.query("SELECT version FROM records WHERE name = ?", (name,))
        except Exception as error:
            self._raise(error, f"reading record {name!r}")
        version = int(found[0][0]) if found else 0
        if expected is not None and expected != version:
            raise StoreConflict(self._store.where, name, expected, version, kind="record")
        try:
            if found:
                changed = self._backend.change(
                    "UPDATE records SET version = ?, value = ? WHERE name = ? AND version = ?",
                    (version + 1, text, name, version),
                )
                if changed != 1:
                    self._broken = f"record {name!r} changed under the transaction"
                    raise StoreConflict(self._store.where, name, version, version + 1, kind="record")
            else:
                self._backend.change("INSERT INTO records (name, version, value) VALUES (?, ?, ?)", (name, 1, text))
        except ProgressionError:
            raise
        except Exception as error:
            if self._backend.taken(error):
                self._broken = f"record {name!r} was written by another writer"
                raise StoreConflict(self._store.where, name, 0, 1, kind="record") from None
            self._raise(error, f"writing record {name!r}")
        return version + 1

    def delete(self, name: str, *, expected: int | None = None) -> None:
        """Remove the record ``name``, in the transaction (kept with its other changes, or not at all).

        Args:
            expected: the version read; None removes whatever is there.

        Raises:
            UnknownName: no record of that name.
            StoreConflict: ``expected`` is not the record's version (another writer changed it).
        """
        self._check()
        _check_name(name)
        _check_expected(expected, name, "record")
        try:
            found = self._backend.query("SELECT version FROM records WHERE name = ?", (name,))
        except Exception as error:
            self._raise(error, f"reading record {name!r}")
        if not found:
            raise UnknownName("record", name, (), f"store {self._store.where}")
        version = int(found[0][0])
        if expected is not None and expected != version:
            raise StoreConflict(self._store.where, name, expected, version, kind="record")
        try:
            changed = self._backend.change("DELETE FROM records WHERE name = ? AND version = ?", (name, version))
        except Exception as error:
            self._raise(error, f"removing record {name!r}")
        if changed != 1:
            self._broken = f"record {name!r} changed under the transaction"
            raise StoreConflict(self._store.where, name, version, version + 1, kind="record")

    # -- inside -------------------------------------------------------------------

    def _check(self) -> None:
        if not self._open:
            raise StoreError(self._store.where, "the transaction is not open: use it in a `with` block")
        if self._broken is not None:
            raise StoreError(self._store.where, f"the transaction failed and will be rolled back: {self._broken}")

    def _current(self, sheet_id: str) -> Sheet:
        """The sheet, locked for this transaction's changes (read once, then kept as the transaction changes it)."""
        kept = self._sheets.get(sheet_id)
        if kept is not None:
            return kept
        try:
            # The first statement on the sheet changes its row without changing it: PostgreSQL locks the row
            # until the end of the transaction (SQLite holds the whole database since BEGIN IMMEDIATE).
            found = self._backend.change("UPDATE sheets SET version = version WHERE id = ?", (sheet_id,))
            rows = self._backend.query(_ROW, (sheet_id, sheet_id, sheet_id))
            last = self._backend.query(
                "SELECT version, entry FROM entries WHERE sheet = ? ORDER BY version DESC LIMIT 1", (sheet_id,)
            )
            edited = self._backend.query(
                "SELECT version FROM edited WHERE sheet = ? ORDER BY version LIMIT 1", (sheet_id,)
            )
        except Exception as error:
            self._raise(error, f"reading sheet {sheet_id!r}")
        if not found or not rows:
            raise UnknownName("sheet", sheet_id, self._store.ids(), f"store {self._store.where}")
        version, state, entry_digest, state_digest, _, creation = rows[0]
        suspect = _suspect(
            self._store.where, sheet_id, int(version), str(state), (entry_digest, state_digest), last, edited
        )
        sheet = self._store._rebuild(sheet_id, int(version), str(state), entry_digest, _text(creation))
        if suspect is not None:
            self._check_history(sheet_id, sheet, suspect)
        self._sheets[sheet_id] = sheet
        return sheet

    def _for_change(self, sheet_id: str, expected: int | None) -> tuple[Sheet, int]:
        """The sheet a change builds on, locked for this transaction, and its version.

        Raises:
            StoreConflict: ``expected`` is not the sheet's version.
        """
        self._check()
        _check_id(sheet_id)
        _check_expected(expected, sheet_id)
        before = self._current(sheet_id)
        version = len(before.ledger)
        if expected is not None and expected != version:
            raise StoreConflict(self._store.where, sheet_id, expected, version)
        return before, version

    def _rewrite(self, sheet_id: str, version: int, position: int, after: Sheet) -> None:
        """Store a history run again from entry ``position`` (an amendment, a rebase): the stored entries from
        there on are deleted and those of ``after`` written in their place, with its snapshot and digests, only
        if the sheet is still at ``version``. Deleted and written anew, never changed in place: the ``edited``
        table's trigger marks an ``UPDATE`` of an entry as an edit by hand; the marks the other triggers leave
        for the entries deleted and written again here are cleared with them."""
        lines = event_lines([after.ledger[index] for index in range(position - 1, len(after.ledger))])
        statements: list[tuple[str, tuple[Any, ...]]] = [
            ("DELETE FROM entries WHERE sheet = ? AND version >= ?", (sheet_id, position)),
        ]
        statements += [
            ("INSERT INTO entries (sheet, version, entry) VALUES (?, ?, ?)", (sheet_id, number, line))
            for number, line in enumerate(lines, start=position)
        ]
        last = lines[-1] if lines else event_lines((after.ledger[-1],))[0]
        statements.append((_UPDATE, (len(after.ledger), *_stamped(sheet_id, after, last), sheet_id, version)))
        # The triggers marked the entries deleted and written again here; the marks found before (entries edited
        # by hand) were acted upon when the sheet was read for this change (its history run again, or refused).
        statements.append(("DELETE FROM edited WHERE sheet = ? AND version >= ?", (sheet_id, position)))
        self._write(sheet_id, statements, version)
        if position == 1:  # the creation kept for reads is no longer the stored one
            self._store._creations.pop(sheet_id, None)
        self._sheets[sheet_id] = after

    def _check_history(self, sheet_id: str, sheet: Sheet, suspect: str) -> None:
        """Run the history of a sheet changed in the database outside the store again (``verify``), before a
        change is built on it: refused when it no longer holds; when it does (an edit that changed nothing the
        rules see), the marks of its edited entries are cleared with the change.

        Raises:
            StoreTampered: the history does not verify, or no longer reads.
        """
        where = self._store.where
        try:
            report = verify_history(sheet, self._store.pack)
        except SheetError as error:
            first = error.problems[0] if error.problems else None
            reason = f"{first.reason} @ {first.path}" if first is not None else str(error)
            raise StoreTampered(where, sheet_id, f"{suspect}, and its history no longer reads: {reason}") from None
        if not report.ok:
            found, more = report.divergences[0], len(report.divergences) - 1
            others = f" (and {more} more)" if more else ""
            what = f"{suspect}, and its history no longer holds: {found.line()}"
            raise StoreTampered(where, sheet_id, what + others)
        try:
            self._backend.change("DELETE FROM edited WHERE sheet = ?", (sheet_id,))
        except Exception as error:
            self._raise(error, f"clearing the edits of sheet {sheet_id!r}")

    def _insert(self, sheet_id: str, sheet: Sheet) -> Sheet:
        if sheet_id in self._sheets or sheet_id in self._store:
            raise StoreError(self._store.where, f"a sheet {sheet_id!r} is already stored; choose another id")
        lines = event_lines(sheet.ledger)
        stamped = _stamped(sheet_id, sheet, lines[-1])
        # The row first (the entries refer to it) at version 0, its version raised once its entries are in: an
        # entry inserted at a version the row counts already is one written again (the trigger marks it).
        statements: list[tuple[str, tuple[Any, ...]]] = [
            (
                "INSERT INTO sheets (id, version, state, entry_digest, state_digest) VALUES (?, ?, ?, ?, ?)",
                (sheet_id, 0, *stamped),
            )
        ]
        statements += [
            ("INSERT INTO entries (sheet, version, entry) VALUES (?, ?, ?)", (sheet_id, number, line))
            for number, line in enumerate(lines, start=1)
        ]
        statements.append(("UPDATE sheets SET version = ? WHERE id = ?", (len(lines), sheet_id)))
        self._write(sheet_id, statements, None)
        stored = sheet if sheet.ledger.loaded else self._store._rebuild(sheet_id, len(lines), *stamped[:2], lines[0])
        self._sheets[sheet_id] = stored
        return stored

    def _write(self, sheet_id: str, statements: list[tuple[str, tuple[Any, ...]]], version: int | None) -> None:
        """Run the statements of one change; a version check that fails is a conflict, any failure ends the transaction."""
        try:
            for statement, parameters in statements:
                changed = self._backend.change(statement, parameters)
                if statement.startswith("UPDATE") and changed != 1 and version is not None:
                    found = self._store._row(sheet_id)[0]
                    self._broken = f"sheet {sheet_id!r} changed under the transaction"
                    raise StoreConflict(self._store.where, sheet_id, version, found)
        except ProgressionError:
            raise
        except Exception as error:
            if self._backend.taken(error):
                self._broken = f"sheet {sheet_id!r} was written by another writer"
                if version is None:
                    raise StoreError(
                        self._store.where, f"a sheet {sheet_id!r} is already stored; choose another id"
                    ) from None
                raise StoreConflict(self._store.where, sheet_id, version, self._store._row(sheet_id)[0]) from None
            self._raise(error, f"writing sheet {sheet_id!r}")

    def _raise(self, error: Exception, doing: str) -> Any:
        """End the transaction on a database failure, as a :class:`StoreError`; other errors go on as they are."""
        self._broken = f"{doing}: {error}"
        if self._backend.busy(error):
            raise _busy(self._store.where, self._backend, error, doing) from None
        if self._backend.failure(error):
            raise StoreError(
                self._store.where, f"the {self._backend.name} database refused ({doing}): {error}"
            ) from None
        raise error


#: How a sheet's row is read: its version, snapshot and digests, the version of its last entry and the text of
#: its first (the entries' key leads to each in one lookup, as to the row's).
_ROW = (
    "SELECT version, state, entry_digest, state_digest, (SELECT MAX(version) FROM entries WHERE sheet = ?), "
    "(SELECT entry FROM entries WHERE sheet = ? AND version = 1) FROM sheets WHERE id = ?"
)


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


#: How a change writes a sheet's row: its new version and state with the digests of its last entry and state,
#: only if it is still at the version the change read.
_UPDATE = "UPDATE sheets SET version = ?, state = ?, entry_digest = ?, state_digest = ? WHERE id = ? AND version = ?"


def _stamped(sheet_id: str, sheet: Sheet, last: str) -> tuple[str, str, str]:
    """The state of ``sheet`` as stored under ``sheet_id``, the digest of its last entry's text ``last`` and that
    of the state (:func:`~progression.store.snapshots.snapshot_digest`)."""
    state = encode_state(sheet)
    entry = _digest(last)
    return state, entry, snapshot_digest(sheet_id, len(sheet.ledger), entry, state)


def _suspect(
    where: str,
    sheet_id: str,
    version: int,
    state: str,
    digests: tuple[Any, Any],
    last: list[tuple[Any, ...]],
    edited: list[tuple[Any, ...]],
) -> str | None:
    """What shows that a sheet was changed in the database outside the store (an edit by hand), or None: an
    entry changed in place (the ``edited`` table's trigger saw it), a last entry or a snapshot that is not what
    the store wrote (their digests). Costs the few rows read, whatever the length of the history.

    Raises:
        StoreTampered: the entries table does not end where the snapshot says (entries added or removed).
    """
    miscounted = _miscounted(version, last[0][0] if last else None)
    if miscounted is not None:
        raise StoreTampered(where, sheet_id, miscounted)
    if edited:
        return f"entry #{int(edited[0][0])} was changed in place"
    if digests[0] is not None and _digest(str(last[0][1])) != digests[0]:
        return f"entry #{version}, its last, is not the entry the store wrote"
    return _unstamped(sheet_id, version, state, digests)


def _unstamped(sheet_id: str, version: int, state: str, digests: tuple[Any, Any]) -> str | None:
    """What is wrong with a sheet's row whose snapshot is not the one the store wrote after its last entry (its
    digest, of the snapshot bound to the sheet, its version and its last entry's digest), or that keeps no digests
    (removed in the database: every row has them since the schema's version 5); None when it holds."""
    entry_digest, state_digest = digests
    if entry_digest is None or state_digest is None:
        return "its row keeps no digest of its snapshot and last entry (the store writes them with every change)"
    if snapshot_digest(sheet_id, version, str(entry_digest), state) != state_digest:
        return f"its snapshot (the state it holds) is not the one the store wrote with entry #{version}"
    return None


def _check_fold(where: str, sheet_id: str, sheet: Sheet, refused: str) -> None:
    """Refuse, before anything reads a stored sheet's whole history to write it or hand it out, a snapshot that
    is not what the entries add up to: what reads showed (the snapshot) would silently become something else
    (the history run again, or sealed into a file). A read trusts the snapshot (its digest) to cost the same at
    any length of history; whatever reads the whole history anyway checks the fold too.

    Raises:
        StoreTampered: the snapshot is not the fold of the entries; ``refused`` says what was not done.
    """
    found = state_difference(sheet, replay(sheet.ledger))
    if found is not None:
        what = f"its snapshot (what reads show) is not what its entries add up to: {found}"
        raise StoreTampered(where, sheet_id, what, refused=refused)


def _miscounted_snapshot(version: int, state: str) -> str | None:
    """What is wrong when the snapshot counts other entries than the sheet's version (the version changed in the
    database); None when it counts as many, or cannot be read (reading it says why)."""
    try:
        length = json.loads(state).get("length")
    except (ValueError, AttributeError):
        return None
    return _snapshot_counts(length, version) if type(length) is int and length != version else None


def _snapshot_counts(length: int, version: int) -> str:
    """How a refusal says that a sheet's snapshot counts ``length`` entries where its row says ``version``."""
    return f"its snapshot was written with {length} entries, its row in the sheets table says {version}"


def _miscounted(version: int, top: Any) -> str | None:
    """What is wrong when the entries table does not end at the sheet's version (``top``: the version of its last
    entry, None when it holds none): entries added or removed in the database; None when it ends there."""
    top = 0 if top is None else int(top)
    if top == version:
        return None
    return f"its snapshot was written with {version} entries, the entries table holds them up to #{top}"


#: How :meth:`Store.verify` says that an entry's row was changed in the database (the ``edited`` table's trigger).
CHANGED_IN_PLACE = "changed in the database outside the store (its row in the entries table was updated in place)"


def _with_edits(report: Verification, sheet: Sheet, edited: Sequence[int]) -> Verification:
    """``report`` with each entry of ``edited`` (versions the ``edited`` table holds) named as changed in place: a
    divergence the rules found there says so first, an entry the rules still give is one more divergence (the edit
    the rules do not see, a name changed in an operation and its events, shows only in the state otherwise)."""
    found = {d.position: d for d in report.divergences if d.kind != "state"}
    for version in edited:
        if not 1 <= version <= len(sheet.ledger):
            continue  # a mark left for a row deleted since: the entries table's count says that
        had = found.get(version)
        if had is None:
            entry = sheet.ledger[version - 1]
            label = entry.label if isinstance(entry, Entry) else entry.tag
            sentence = f"{CHANGED_IN_PLACE}; the rules give it as it now reads"
            found[version] = Divergence(position=version, label=label, kind="edited", sentence=sentence, recorded=entry)
        else:
            found[version] = attrs.evolve(had, sentence=f"{CHANGED_IN_PLACE}; {had.sentence}")
    state = tuple(d for d in report.divergences if d.kind == "state")
    return attrs.evolve(report, divergences=(*(found[p] for p in sorted(found)), *state))


def _unread(error: SheetError) -> str:
    """What a :class:`SheetError` of a stored sheet says, worded for a report: where (the entry's number, or the
    stored state) and what."""
    problem = error.problems[0] if error.problems else None
    if problem is None:
        return f"its history does not read: {error}"
    more = len(error.problems) - 1
    others = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
    path = problem.path
    if path.startswith("$.ledger["):
        index, _, rest = path[len("$.ledger[") :].partition("]")
        where = f"entry #{int(index) + 1} (the entries table)" + (f" at {rest.lstrip('.')}" if rest else "")
        return f"its history does not read: {where}: {problem.reason}{others}"
    if path == "$.ledger":
        return f"its history does not read: the entries table: {problem.reason}{others}"
    at = "" if path == "$" else f" @ {path}"
    return f"{problem.reason} (the sheets table){at}{others}"


def _built_on(sheet: Sheet, stored: Sheet) -> int:
    """The version of ``stored`` that ``sheet`` was built on: the last of its entries that is the stored entry at
    its place, looked for from the end (a stale read is a few versions behind, and the entries before it are not
    read: a change never reads a whole history to be stored); 0 when its creation is not the stored one (another
    sheet's history, whose later entries may be alike)."""
    if not sheet.ledger or sheet.ledger[0] != stored.ledger[0]:
        return 0
    for version in range(min(len(sheet.ledger), len(stored.ledger)), 0, -1):
        if sheet.ledger[version - 1] == stored.ledger[version - 1]:
            return version
    return 0


def _labels(entries: Sequence[Event]) -> str:
    """Entries as a sentence names them: their labels, the first few."""
    shown = [entry.label if isinstance(entry, Entry) else entry.tag for entry in entries[:3]]
    return "; ".join(shown) + (f"; and {len(entries) - 3} more" if len(entries) > 3 else "")


def _busy(where: str, backend: Backend, error: BaseException, doing: str) -> StoreBusy:
    """What a change that waited too long for another writer raises: that nothing was written, that it may be run
    again, and how long it waited (when the store knows)."""
    gave_up = "too long" if backend.timeout is None else f"and this store gave up waiting after {backend.timeout:g} s"
    reason = (
        f"another writer held the database {gave_up} ({doing}: {error}); nothing was written: run the change "
        "again (or open the store with a longer timeout)"
    )
    return StoreBusy(where, reason)


def _check_expected(expected: object, name: str, kind: str = "sheet") -> None:
    """Refuse an ``expected`` that is not a version: a whole number from 1 on for a sheet (its creation is version
    1), from 0 on for a record (0: it must not exist yet); None checks nothing."""
    lowest = 1 if kind == "sheet" else 0
    if expected is not None and (isinstance(expected, bool) or not isinstance(expected, int) or expected < lowest):
        msg = (
            f"expected (the version of {kind} {name!r} read) must be a whole number >= {lowest} or None, "
            f"got {expected!r}"
        )
        raise InvalidInput(msg)


def _check_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip() or name != name.strip():
        msg = f"a record's name must be a non-empty text without surrounding spaces, got {name!r}"
        raise InvalidInput(msg)
    return name


def _prefixed(prefix: object, columns: str = "name, version, value") -> tuple[str, tuple[Any, ...]]:
    """The query of ``columns`` of the records whose name starts with ``prefix`` (compared as text, not as a LIKE
    pattern)."""
    if not isinstance(prefix, str):
        msg = f"the start of the records' names looked for is a text, got {prefix!r}"
        raise InvalidInput(msg)
    return (
        f"SELECT {columns} FROM records WHERE substr(name, 1, ?) = ? ORDER BY name",  # columns: this module's own
        (len(prefix), prefix),
    )


def _record_of(rows: list[tuple[Any, ...]], where: str) -> Record | None:
    return _records_of(rows, where)[0] if rows else None


def _records_of(rows: list[tuple[Any, ...]], where: str) -> tuple[Record, ...]:
    found = []
    for name, version, text in rows:
        try:
            value = json.loads(str(text))
        except ValueError as error:
            raise StoreError(where, f"record {name!r} is not JSON: {error}") from None
        found.append(Record(name=str(name), version=int(version), value=value))
    return tuple(sorted(found, key=lambda record: record.name))


def _check_id(sheet_id: object) -> str:
    if not isinstance(sheet_id, str) or not sheet_id.strip() or sheet_id != sheet_id.strip():
        msg = f"a sheet id must be a non-empty text without surrounding spaces, got {sheet_id!r}"
        raise InvalidInput(msg)
    try:
        sheet_id.encode("utf-8")
    except UnicodeEncodeError:
        msg = f"a sheet id must be text that can be written as UTF-8, got {sheet_id!r}"
        raise InvalidInput(msg) from None
    return sheet_id


def sheet_bytes(path: Path, where: str) -> bytes:
    """The bytes of the sheet file at ``path``: a regular file of at most ``LARGEST_FILE`` bytes, read without
    blocking (a pipe or a device is never read, and no more than the limit is ever held in memory).

    Raises:
        StoreError: no such file, not a regular file, larger than the limit, or unreadable.
    """
    try:
        return read_regular(path, files.LARGEST_FILE)
    except FileNotFoundError:
        raise StoreError(where, f"cannot read {path}: No such file or directory") from None
    except UnreadableFile as error:
        raise StoreError(where, f"cannot read the sheet file {str(path)!r}: {error.reason}") from None


def _check_path(path: object, what: str) -> Path:
    if not isinstance(path, str | os.PathLike) or (isinstance(path, str) and not path.strip()):
        msg = f"expected a file path for {what}, got {path!r}"
        raise InvalidInput(msg)
    return Path(path)


def _numbered(numbers: Sequence[int]) -> str:
    """Entries by number, as a sentence says them: ``entry #2``, ``entries #2 to #4``, ``entries #2, #5``."""
    if len(numbers) == 1:
        return f"entry #{numbers[0]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"entries #{numbers[0]} to #{numbers[-1]}"
    shown = ", ".join(f"#{n}" for n in numbers[:5])
    return f"entries {shown}" + (f" and {len(numbers) - 5} more" if len(numbers) > 5 else "")


def _shift(path: str, by: int) -> str:
    """A path ``$.ledger[i]...`` of a stretch read from position ``by`` as a path in the whole ledger."""
    head, bracket, rest = path.partition("$.ledger[")
    if not bracket:
        return path
    index, close, tail = rest.partition("]")
    return f"{head}$.ledger[{int(index) + by}]{tail}" if index.isdigit() and close else path
