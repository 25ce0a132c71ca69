"""The store on a real database: sheets in and out, operations through the engine, transactions, verify, errors."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import given

import progression
import progression.events
import progression.files
import progression.history
import progression.store
from progression import ScriptedDice
from progression.errors import (
    InsufficientPoints,
    InvalidInput,
    SheetError,
    SheetTampered,
    StoreBusy,
    StoreConflict,
    StoreError,
    StoreTampered,
    UnknownName,
)
from progression.files.sheets import LARGEST_FILE
from progression.operations import Award, Create, Decide, Join, Purchase
from progression.store import schema
from support.builders import FEW, histories, market, trainer
from support.stores import forge, raw


def hero(store: progression.store.Store, name: str = "ana") -> progression.Sheet:
    return store.start_sheet(name, Create(kind="hero", name=name.title()))


class TestRoundTrip:
    def test_a_sheet_reads_back_equal(self, store) -> None:
        """What the engine returned is what the store gives back: state and ledger, entry for entry."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        after = store.run("ana", Purchase(upgrade="level_up"))[0]
        again = store.sheet("ana")
        assert (after, 3, {"xp": 11, "purse": 0}) == (again, store.version("ana"), dict(again.pools))

    def test_the_store_outlives_its_connection(self, where, pack) -> None:
        """A sheet written, the store closed and opened again (without naming the pack: it is recorded) reads the same."""
        with progression.open_store(where, pack) as first:
            made = first.run(hero(first).name.lower(), Award(pool="xp", amount=5, reason="a rat"))[0]
        with progression.open_store(where, pack) as second:
            assert (made, ("ana",)) == (second.sheet("ana"), second.ids())

    def test_the_pack_is_recorded(self, where) -> None:
        """A store opened without a pack plays under the installed pack it was made with."""
        progression.open_store(where, progression.load("competence")).close()
        with progression.open_store(where) as again:
            assert "competence" == again.pack.name

    def test_entries_are_the_lines_of_a_sheet_file(self, where, store) -> None:
        """Each row of the entries table is the text of that entry in the sheet's file: one format, two places."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        rows = [row[0] for row in raw(where, "SELECT entry FROM entries WHERE sheet = ? ORDER BY version", ("ana",))]
        assert json.loads(store.export("ana"))["ledger"] == [json.loads(row) for row in rows]
        assert all(row in store.export("ana") for row in rows)

    def test_a_roster_and_its_members(self, store, pack) -> None:
        """A party's members come back with their state and their own ledgers, taken from the party's."""
        store.start_sheet("party", Create(kind="party", name="The Company"))
        ana = pack.award(pack.new_sheet("hero", "Ana"), "xp", 3, reason="before joining")
        store.run("party", Join(member="ana", ledger=tuple(ana.ledger)))
        store.run("party", Award(pool="xp", amount=9, reason="the crypt", member="ana"))
        made = store.run("party", Purchase(upgrade="level_up", member="ana"))[0]
        again = store.sheet("party")
        member = again.member("ana")
        assert (made, 9 + 3 - 1, 4) == (again, member.pools["xp"], len(member.ledger))
        assert made.member("ana").ledger == member.ledger

    def test_a_pending_procedure(self, where) -> None:
        """A purchase paused for a decision is stored paused, and decided later from the store."""
        pack = trainer()
        with progression.open_store(where, pack) as store:
            store.start_sheet("grim", Create(kind="player", name="Grim", pools={"spp": 6}))
            paused = store.run("grim", Purchase(upgrade="random_skill"), ScriptedDice([1, 2]))[0]
            read = store.sheet("grim")
            assert (paused, ("keep one", ("block", "dodge"))) == (read, read.pending.question)
            done = store.run("grim", Decide(choice="dodge"))[0]
            assert ({"dodge": 1}, None, True) == (dict(done.owned), done.pending, store.verify("grim").ok)


class TestAnyHistory:
    @FEW
    @given(histories())
    def test_any_sheet_reads_back_equal(self, sheet: progression.Sheet) -> None:
        """Any history the engine makes (awards, purchases, surplus pending, discards, marks) goes into a store
        and comes back equal, its snapshot equal to the fold of its entries, and verifies."""
        with (
            tempfile.TemporaryDirectory() as folder,
            progression.open_store(Path(folder) / "s.sqlite", market()) as store,
        ):
            store.add("one", sheet)
            again = store.sheet("one")
            assert (sheet, again, True) == (again, progression.replay(tuple(again.ledger)), store.verify("one").ok)


class TestSnapshots:
    def test_reading_does_not_read_the_history(self, store) -> None:
        """A sheet read from the store has its state and its creation, not its other entries (they are read when needed)."""
        hero(store)
        for n in range(5):
            store.run("ana", Award(pool="xp", amount=1, reason=f"rat {n}"))
        sheet = store.sheet("ana")
        assert (False, {"xp": 5, "purse": 0}) == (sheet.ledger.loaded, dict(sheet.pools))
        assert sheet.rules == store.pack.rules  # the creation is at hand
        assert not sheet.ledger.loaded

    def test_appending_does_not_read_the_history(self, store) -> None:
        """Running an operation on a stored sheet reads its snapshot, not its entries."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=1, reason="a rat"))
        after = store.run("ana", Award(pool="xp", amount=2, reason="a bat"))[0]
        assert (False, 3) == (after.ledger.loaded, len(after.ledger))
        assert after.ledger[-1].operation == Award(pool="xp", amount=2, reason="a bat")

    def test_the_last_entries_are_read_alone(self, store) -> None:
        """Looking at the last entries (a pack's rule code reading back to the start of a season) reads those,
        not the whole history."""
        hero(store)
        for n in range(100):
            store.run("ana", Award(pool="purse", amount=1, reason=f"coin {n}"))
        sheet = store.sheet("ana")
        last = [sheet.ledger[-1].operation.reason, sheet.ledger[-2].operation.reason]
        assert (["coin 99", "coin 98"], False) == (last, sheet.ledger.loaded)

    def test_the_history_is_read_when_looked_at(self, store) -> None:
        """Iterating, comparing, accounting: the entries are read from the store, once."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=4, reason="a rat"))
        sheet = store.sheet("ana")
        assert ["create hero Ana", "award 4 to xp"] == [entry.label for entry in sheet.ledger]
        assert (True, 4) == (sheet.ledger.loaded, sheet.account("xp").awarded)

    def test_a_snapshot_of_another_layout_is_folded_from_the_entries(self, where, store) -> None:
        """A snapshot this library cannot read as it is (an older layout) is not trusted: the entries are
        folded."""
        hero(store)
        made = store.run("ana", Award(pool="xp", amount=4, reason="a rat"))[0]
        forge(where, "ana", '{"snapshot": 0}')
        assert made == store.sheet("ana")


class TestTransactions:
    def test_two_sheets_at_once(self, store) -> None:
        """A transaction's changes to two sheets are both there once it ends."""
        hero(store, "ana")
        hero(store, "bo")
        with store.transaction() as tx:
            tx.run("ana", Award(pool="xp", amount=3, reason="the duel"))
            tx.run("bo", Award(pool="xp", amount=1, reason="the duel"))
            assert 3 == tx.sheet("ana").pools["xp"]  # the transaction sees what it did
        assert (2, 2) == (store.version("ana"), store.version("bo"))

    def test_the_second_refused_leaves_neither(self, store) -> None:
        """When the second sheet's operation is refused, the first sheet's entry is not kept either."""
        hero(store, "ana")
        hero(store, "bo")
        before = store.sheet("ana")

        def duel() -> None:
            with store.transaction() as tx:
                tx.run("ana", Award(pool="xp", amount=3, reason="the duel"))
                tx.run("bo", Purchase(upgrade="sword"))  # bo has no gold

        with pytest.raises(InsufficientPoints):
            duel()
        assert (1, 1, before) == (store.version("ana"), store.version("bo"), store.sheet("ana"))
        assert [(1,), (1,)] == [(r[0],) for r in raw_versions(store)]

    def test_an_error_of_the_caller_leaves_neither(self, store) -> None:
        """Any exception out of the block rolls back what the transaction wrote."""
        hero(store, "ana")

        def regret() -> None:
            with store.transaction() as tx:
                tx.run("ana", Award(pool="xp", amount=3, reason="the duel"))
                tx.start_sheet("bo", Create(kind="hero", name="Bo"))
                raise RuntimeError("the caller changed its mind")

        with pytest.raises(RuntimeError):
            regret()
        assert (("ana",), 1) == (store.ids(), store.version("ana"))

    def test_a_refusal_caught_inside_writes_nothing_and_the_rest_holds(self, store) -> None:
        """An operation the rules refuse writes nothing; a caller that catches it may go on."""
        hero(store, "ana")
        with store.transaction() as tx:
            tx.run("ana", Award(pool="xp", amount=3, reason="the duel"))
            with pytest.raises(InsufficientPoints):
                tx.run("ana", Purchase(upgrade="sword"))
            tx.run("ana", Award(pool="xp", amount=1, reason="the duel"))
        assert (3, {"xp": 4, "purse": 0}) == (store.version("ana"), dict(store.sheet("ana").pools))

    def test_one_transaction_at_a_time(self, store) -> None:
        """A change made beside an open transaction (not through it) is refused, and the transaction goes on."""
        hero(store)
        with store.transaction() as tx:
            with pytest.raises(StoreError, match="a transaction is already open on this store in this thread"):
                store.run("ana", Award(pool="xp", amount=1, reason="a rat"))
            tx.run("ana", Award(pool="xp", amount=2, reason="a bat"))
        assert (2, 2) == (store.version("ana"), store.sheet("ana").pools["xp"])

    def test_a_sheet_rolled_back_is_forgotten(self, store) -> None:
        """A sheet created in a transaction that was rolled back, read inside it, leaves nothing behind: the id
        is free, and a new sheet under it is the new one."""
        with pytest.raises(RuntimeError), store.transaction() as tx:  # noqa: PT012 - the read must be inside
            tx.start_sheet("bo", Create(kind="hero", name="Bo"))
            assert "Bo" == store.sheet("bo").name
            raise RuntimeError("changed our mind")
        store.start_sheet("bo", Create(kind="hero", name="Bob"))
        assert ("Bob", "Bob") == (store.sheet("bo").name, store.sheet("bo").ledger[0].operation.name)

    def test_threads_take_turns(self, store) -> None:
        """Threads sharing one store each run their transactions whole, one after the other."""
        import threading

        hero(store, "ana")
        hero(store, "bo")

        def pairs() -> None:
            for _ in range(10):
                with store.transaction() as tx:
                    tx.run("ana", Award(pool="purse", amount=1, reason="a pair"))
                    tx.run("bo", Award(pool="purse", amount=1, reason="a pair"))

        threads = [threading.Thread(target=pairs) for _ in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert (31, 31, 30) == (store.version("ana"), store.version("bo"), store.sheet("bo").pools["purse"])

    def test_a_transaction_only_works_open(self, store) -> None:
        """A transaction used outside its ``with`` block refuses, saying how to use it."""
        hero(store)
        tx = store.transaction()
        with pytest.raises(StoreError, match="use it in a `with` block"):
            tx.run("ana", Award(pool="xp", amount=1, reason="a rat"))


def back_to_schema_5(where: str) -> None:
    """The store's database as a library of schema 5 left it: without the triggers on deleted and rewritten
    entries."""
    raw(where, "DROP TRIGGER entries_deleted" + (" ON entries" if where.startswith("postgresql://") else ""))
    raw(where, "DROP TRIGGER entries_rewritten" + (" ON entries" if where.startswith("postgresql://") else ""))
    if where.startswith("postgresql://"):
        raw(where, "DROP FUNCTION progression_entries_rewritten()")
    raw(where, "DELETE FROM schema_version WHERE version = 6")


def raw_versions(store: progression.store.Store) -> list[tuple[int]]:
    return [(store.version(ident),) for ident in store.ids()]


class TestTamperedWrites:
    """A change is not built on a sheet edited in the database by hand: its history is run again first."""

    def test_an_entry_edited_in_place_refuses_the_next_change(self, where, store) -> None:
        """An entry edited in the table (the crypt's 12 xp recorded as 120, the award after it kept): the next
        award is refused, naming the sheet, the entry and what disagrees, and nothing is written."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        store.run("ana", Award(pool="xp", amount=1, reason="a rat"))
        edit(where, 2, '"awarded", "pool": "xp", "amount": 12', '"awarded", "pool": "xp", "amount": 120')
        said = (
            "store {}: sheet 'ana' was changed in the database outside the store: entry #2 was changed in place, "
            "and its history no longer holds: #2 award 12 to xp: events[0].amount: recorded 120, the rules give 12 "
            "(and 1 more); nothing was written (verify the store to find the entry that differs)"
        )
        with pytest.raises(StoreTampered) as caught:
            store.run("ana", Award(pool="xp", amount=1, reason="a bat"))
        assert (said.format(store.where), 3) == (str(caught.value), store.version("ana"))

    def test_an_edited_last_entry_is_found_by_its_digest(self, where, store) -> None:
        """The last entry edited by a tool that left no mark (the trigger bypassed): its digest is not the one
        the store wrote, and its history no longer holds."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        edit(where, 2, '"amount": 12', '"amount": 120')
        raw(where, "DELETE FROM edited")
        with pytest.raises(
            StoreTampered,
            match=r"entry #2, its last, is not the entry the store wrote, and its history no longer holds: "
            r"the stored state differs from what the history gives: pools\.xp: held 12, its history gives 120; nothing was written",
        ):
            store.run("ana", Award(pool="xp", amount=1, reason="a rat"))
        assert (2, [(1,), (2,)]) == (store.version("ana"), raw(where, "SELECT version FROM entries ORDER BY version"))

    def test_an_edited_snapshot_refuses_the_next_change(self, where, store) -> None:
        """The stored state edited (xp 12 to 99): an award, a purchase through extend and an amend are refused."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        bought = store.pack.purchase(store.sheet("ana"), "level_up")  # read before the edit: after it, refused
        (state,) = raw(where, "SELECT state FROM sheets WHERE id = ?", ("ana",))[0]
        raw(where, "UPDATE sheets SET state = ? WHERE id = ?", (state.replace('"xp":12', '"xp":99'), "ana"))
        said = (
            r"sheet 'ana' .* its snapshot \(the state it holds\) is not the one the store wrote with entry #2, and "
            r"its history no longer holds: the stored state differs from what the history gives: pools\.xp: held 99, its history gives 12"
        )
        for change in (
            lambda: store.run("ana", Award(pool="xp", amount=1, reason="a rat")),
            lambda: store.extend("ana", bought),
            lambda: store.amend("ana", 2, Award(pool="xp", amount=5, reason="the crypt")),
        ):
            with pytest.raises(StoreTampered, match=said):
                change()
        assert 2 == store.version("ana")

    def test_an_edit_the_rules_do_not_see_is_built_on(self, where, store) -> None:
        """An entry edited into what the rules give anyway (the reason of an award, in its operation and its
        event): the history holds, so the change is stored and the entry's mark cleared."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        store.run("ana", Award(pool="xp", amount=1, reason="a rat"))
        edit(where, 2, "the crypt", "the old crypt")
        assert [(2,)] == raw(where, "SELECT version FROM edited")  # one mark: the entry, edited once
        store.run("ana", Award(pool="xp", amount=1, reason="a bat"))
        assert (4, [], True) == (store.version("ana"), raw(where, "SELECT * FROM edited"), store.verify("ana").ok)
        assert "the old crypt" == store.sheet("ana").ledger[1].operation.reason

    def test_a_removed_entry_refuses_the_next_change(self, where, store) -> None:
        """The last entry deleted from the table: the snapshot counts one more entry than the table holds."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        raw(where, "DELETE FROM entries WHERE sheet = ? AND version = 2", ("ana",))
        with pytest.raises(
            StoreTampered, match="its snapshot was written with 2 entries, the entries table holds them up to #1"
        ):
            store.run("ana", Award(pool="xp", amount=1, reason="a rat"))

    def test_a_match_on_a_tampered_sheet_writes_neither(self, where, store) -> None:
        """In a transaction over two sheets, a tampered one refuses the whole change: the other is not written."""
        hero(store, "ana")
        hero(store, "bo")
        raw(where, "UPDATE sheets SET state = replace(state, '\"xp\":0', '\"xp\":5') WHERE id = ?", ("bo",))

        def duel() -> None:
            with store.transaction() as tx:
                tx.run("ana", Award(pool="xp", amount=3, reason="the duel"))
                tx.run("bo", Award(pool="xp", amount=3, reason="the duel"))

        with pytest.raises(StoreTampered, match="sheet 'bo'"):
            duel()
        assert (1, 1) == (store.version("ana"), store.version("bo"))

    def test_a_row_whose_digests_were_removed(self, where, store) -> None:
        """A sheet whose row lost its digests in the database (a way around them, since every row has them from
        the schema's version 5 on) is not read; a change runs its history again and, as it holds, writes it with
        its digests, after which it reads again."""
        hero(store)
        raw(where, "UPDATE sheets SET entry_digest = NULL, state_digest = NULL WHERE id = ?", ("ana",))
        with pytest.raises(StoreTampered, match="its row keeps no digest of its snapshot and last entry"):
            store.sheet("ana")
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        assert [(True, True)] == [
            (a is not None, b is not None) for a, b in raw(where, "SELECT entry_digest, state_digest FROM sheets")
        ]
        assert 12 == store.sheet("ana").pools["xp"]

    def test_the_edited_entry_is_refused_as_the_command_line_says(self, where, store) -> None:
        """A refusal of a tampered sheet is a StoreError (exit status 1 on the command line), not a conflict."""
        hero(store)
        raw(where, "UPDATE entries SET entry = replace(entry, 'Ana', 'Anna') WHERE sheet = ?", ("ana",))
        with pytest.raises(StoreTampered) as caught:
            store.run("ana", Award(pool="xp", amount=1, reason="a rat"))
        error = caught.value
        assert (isinstance(error, StoreError), isinstance(error, StoreConflict), "ana") == (True, False, error.sheet)


def rewrite(where: str, version: int, old: str, new: str, how: str = "delete") -> None:
    """Ana's entry ``version`` written anew in the table with ``old`` replaced by ``new``: deleted and inserted
    again (``how="delete"``), or, on SQLite, over its row by ``INSERT OR REPLACE`` (``how="replace"``)."""
    (text,) = raw(where, "SELECT entry FROM entries WHERE sheet = ? AND version = ?", ("ana", version))[0]
    assert old in str(text)
    if how == "replace":
        raw(where, "INSERT OR REPLACE INTO entries VALUES (?, ?, ?)", ("ana", version, str(text).replace(old, new)))
        return
    raw(where, "DELETE FROM entries WHERE sheet = ? AND version = ?", ("ana", version))
    raw(
        where,
        "INSERT INTO entries (sheet, version, entry) VALUES (?, ?, ?)",
        ("ana", version, str(text).replace(old, new)),
    )


class TestRewrittenEntries:
    """An entry deleted, or written again at a version the sheet's row counts (deleted then inserted, or replaced
    by SQLite's INSERT OR REPLACE), is marked in ``edited`` by the triggers of schema 6, as an update is: the next
    change runs the history again and refuses it. The store's own writes leave no mark."""

    CRYPT = ('"awarded", "pool": "xp", "amount": 12', '"awarded", "pool": "xp", "amount": 120')

    def three(self, store: progression.store.Store) -> None:
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        store.run("ana", Award(pool="xp", amount=1, reason="a rat"))

    def test_an_entry_replaced_in_a_sqlite_file_refuses_the_next_change(self, tmp_path: Path, pack) -> None:
        """INSERT OR REPLACE of entry #2 (its removal fires no delete trigger in SQLite): found at its entry by the
        next change, which writes nothing, and by verify."""
        where = str(tmp_path / "party.sqlite")
        with progression.open_store(where, pack) as store:
            self.three(store)
            rewrite(where, 2, *self.CRYPT, how="replace")
            assert [(2,)] == raw(where, "SELECT version FROM edited")
            with pytest.raises(StoreTampered, match=r"entry #2 was changed in place, and its history no longer holds"):
                store.run("ana", Award(pool="xp", amount=1, reason="a bat"))
            assert 3 == store.version("ana")
            lines = store.verify("ana").lines()
            assert "#2 award 12 to xp: changed in the database outside the store" in "\n".join(lines)

    def test_an_entry_deleted_and_inserted_again_refuses_the_next_change(self, where, store) -> None:
        """Entry #2 deleted, then inserted again edited (or as what is not JSON): marked, and the change refused."""
        self.three(store)
        rewrite(where, 2, *self.CRYPT)
        assert {(2,)} == set(raw(where, "SELECT version FROM edited"))
        with pytest.raises(StoreTampered, match=r"entry #2 was changed in place, and its history no longer holds"):
            store.run("ana", Award(pool="xp", amount=1, reason="a bat"))
        rewrite(where, 2, '"amount": 120', "not json")
        with pytest.raises(StoreTampered, match=r"its history no longer reads: not valid JSON"):
            store.run("ana", Award(pool="xp", amount=1, reason="a bat"))
        assert (3, 3) == (store.version("ana"), len(raw(where, "SELECT * FROM entries WHERE sheet = 'ana'")))

    def test_an_entry_deleted_refuses_the_next_change(self, where, store) -> None:
        """Entry #2 deleted (the last left where it was, so the counts agree): the next change is refused."""
        self.three(store)
        raw(where, "DELETE FROM entries WHERE sheet = 'ana' AND version = 2")
        with pytest.raises(StoreTampered, match=r"the entries table lacks entry #2"):
            store.run("ana", Award(pool="xp", amount=1, reason="a bat"))
        assert 3 == store.version("ana")

    def test_the_stores_own_writes_leave_no_mark(self, where, store, pack) -> None:
        """Starting, adding, running, extending, amending and rebasing a sheet mark nothing: the next change is
        not slowed by a history run again, and verify names no entry."""
        self.three(store)
        store.add("bo", pack.award(pack.award(pack.new_sheet("hero", "Bo"), "xp", 3, reason="a"), "xp", 1, reason="b"))
        store.extend("ana", pack.award(store.sheet("ana"), "xp", 2, reason="a ghost"))
        store.amend("ana", 2, Award(pool="xp", amount=10, reason="the crypt"))
        assert [] == raw(where, "SELECT * FROM edited")
        store.rebase("ana")
        assert [] == raw(where, "SELECT * FROM edited")
        assert (True, True) == (store.verify("ana").ok, store.verify("bo").ok)

    def test_a_mark_from_before_an_amendment_is_acted_upon(self, where, store) -> None:
        """Entry #3 rewritten by hand, then an amendment of entry #2 (which deletes and writes #2 on anew): the
        hand edit is found first and the amendment refused, its marks kept; an edit the rules do not see is
        built on, and the amendment leaves no mark."""
        self.three(store)
        rewrite(where, 3, '"amount": 1', '"amount": 100')
        with pytest.raises(StoreTampered, match=r"entry #3 was changed in place, and its history no longer holds"):
            store.amend("ana", 2, Award(pool="xp", amount=10, reason="the crypt"))
        assert ({(3,)}, 3) == (set(raw(where, "SELECT version FROM edited")), store.version("ana"))
        rewrite(where, 3, '"amount": 100', '"amount": 1')
        rewrite(where, 3, "a rat", "a big rat")
        after = store.amend("ana", 2, Award(pool="xp", amount=10, reason="the crypt"))[0]
        assert (11, [], "a big rat") == (
            after.pools["xp"],
            raw(where, "SELECT * FROM edited"),
            after.ledger[2].operation.reason,
        )

    def test_a_store_of_schema_5_gets_the_triggers_when_opened(self, where, store) -> None:
        """A store written before schema 6 is brought to it when opened: an entry rewritten after is found."""
        self.three(store)
        store.close()
        back_to_schema_5(where)
        rewrite(where, 2, "the crypt", "the old crypt")
        assert [] == raw(where, "SELECT * FROM edited")  # before schema 6, not seen
        with progression.open_store(where, store.pack) as again:
            assert [(6,)] == raw(where, "SELECT MAX(version) FROM schema_version")
            rewrite(where, 3, '"amount": 1', '"amount": 100')
            assert {(3,)} == set(raw(where, "SELECT version FROM edited"))
            with pytest.raises(StoreTampered, match=r"entry #3 was changed in place, and its history no longer holds"):
                again.run("ana", Award(pool="xp", amount=1, reason="a bat"))


def drop_trigger(where: str, name: str) -> None:
    """The store's trigger ``name`` dropped in the database (an edit by hand, before entries are changed unseen)."""
    raw(where, f"DROP TRIGGER {name}" + (" ON entries" if where.startswith("postgresql://") else ""))


#: What opening a store whose triggers are not those it made says after what it found.
UNTRIGGERED = (
    "without the store's triggers, entries changed, deleted or written again in the database go unnoticed, so the "
    "store is not opened: put back a copy of the database from before the change (a backup), or import the sheets' "
    "exported files into a new store"
)


class TestTriggers:
    """A store is opened only with the triggers its schema makes, as it made them: one dropped (so that entries are
    then deleted or written again unmarked), made otherwise, disabled, or another added on its tables is found at
    once, whatever edits followed, and the store is refused naming the trigger, the database and what to do."""

    def refused(self, where: str, pack: progression.RulePack) -> str:
        with pytest.raises(StoreTampered) as caught:
            progression.open_store(where, pack)
        assert caught.value.sheet is None
        return str(caught.value)

    def test_triggers_dropped_before_an_entry_is_rewritten_refuse_the_store(self, where, store, pack) -> None:
        """The two guards of schema 6 dropped, then Ana's entry #2 deleted and written again with 120 xp for 12:
        no mark was left, and her row still counts 3 entries, so a read would not notice; the store is not opened,
        naming each trigger missing."""
        TestRewrittenEntries().three(store)
        store.close()
        drop_trigger(where, "entries_deleted")
        drop_trigger(where, "entries_rewritten")
        rewrite(where, 2, *TestRewrittenEntries.CRYPT)
        assert [] == raw(where, "SELECT * FROM edited")
        assert (
            f"store {store.where}: the database was changed outside the store: its trigger entries_deleted on the "
            "entries table is missing; its trigger entries_rewritten on the entries table is missing; "
            f"{UNTRIGGERED}"
        ) == self.refused(where, pack)

    @pytest.mark.parametrize("trigger", ["entries_edited", "entries_deleted", "entries_rewritten"])
    def test_each_trigger_is_required(self, where, store, pack, trigger: str) -> None:
        """Each trigger of the schema, dropped alone, is named."""
        store.close()
        drop_trigger(where, trigger)
        assert f"its trigger {trigger} on the entries table is missing; " in self.refused(where, pack)

    def test_a_trigger_made_otherwise_or_disabled_refuses_the_store(self, where, store, pack) -> None:
        """A trigger made again to mark nothing (on SQLite, under the same name; on PostgreSQL, the function it
        runs replaced, which the trigger's own text does not show), or disabled (PostgreSQL), is named."""
        store.close()
        if where.startswith("postgresql://"):
            raw(
                where,
                "CREATE OR REPLACE FUNCTION progression_entries_rewritten() RETURNS trigger LANGUAGE plpgsql "
                "AS $$ BEGIN RETURN NULL; END $$",
            )
            raw(where, "ALTER TABLE entries DISABLE TRIGGER entries_deleted")
            found = (
                "its trigger entries_deleted on the entries table is disabled; its trigger entries_rewritten on the "
                "entries table is not the one the store made"
            )
        else:
            drop_trigger(where, "entries_rewritten")
            raw(
                where,
                "CREATE TRIGGER entries_rewritten AFTER INSERT ON entries FOR EACH ROW WHEN 0 BEGIN "
                "INSERT INTO edited (sheet, version) VALUES (NEW.sheet, NEW.version); END",
            )
            found = "its trigger entries_rewritten on the entries table is not the one the store made"
        assert f"store {store.where}: the database was changed outside the store: {found}; " in self.refused(
            where, pack
        )

    def test_a_trigger_added_on_its_tables_refuses_the_store(self, where, store, pack) -> None:
        """A trigger added on the ``edited`` table (one that clears every mark as it is made; on SQLite, the table
        named in capitals) is named."""
        store.close()
        if where.startswith("postgresql://"):
            raw(
                where,
                "CREATE FUNCTION forget() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DELETE FROM edited; "
                "RETURN NULL; END $$",
            )
            raw(where, "CREATE TRIGGER forget AFTER INSERT ON edited FOR EACH ROW EXECUTE FUNCTION forget()")
        else:
            raw(where, "CREATE TRIGGER forget AFTER INSERT ON EDITED FOR EACH ROW BEGIN DELETE FROM edited; END")
        said = self.refused(where, pack)
        assert "the store: a trigger forget on the edited table is not one the store makes; without" in said

    def test_a_store_of_schema_5_is_checked_once_migrated(self, where, store, pack) -> None:
        """A store of schema 5 lacks the guards it is about to get: it opens (they are made first). One whose
        trigger of schema 4 was dropped as well is refused for that one alone, once migrated."""
        store.close()
        back_to_schema_5(where)
        progression.open_store(where, pack).close()
        back_to_schema_5(where)
        drop_trigger(where, "entries_edited")
        said = self.refused(where, pack)
        assert ("the store: its trigger entries_edited on the entries table is missing; without", 1) == (
            said[said.index("the store: ") : said.index("without") + len("without")],
            said.count("is missing"),
        )


class TestTamperedReads:
    """A read never takes entries other than those the sheet's row was written with: a sheet whose row, snapshot
    and entries disagree is refused with the store's own error (naming the store, the sheet, what was expected and
    found), whether they disagree when it is read or when its ledger is first looked at, later."""

    def test_an_entry_deleted_with_the_version_lowered(self, where, store) -> None:
        """The last entry deleted and the sheet's version lowered to match (the snapshot left as it was): every
        read refuses it, as the store's error, not a crash; verify says what disagrees; a change writes nothing."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        store.run("ana", Award(pool="xp", amount=1, reason="a rat"))
        raw(where, "DELETE FROM entries WHERE sheet = 'ana' AND version = 3")
        raw(where, "UPDATE sheets SET version = 2 WHERE id = 'ana'")
        said = "its snapshot was written with 3 entries, its row in the sheets table says 2"
        with pytest.raises(StoreTampered) as caught:
            store.sheet("ana")
        assert (
            f"store {store.where}: sheet 'ana' was changed in the database outside the store: {said}; it is not read "
            "as the sheet (verify the store to find the entry that differs)"
        ) == str(caught.value)
        assert (False, said) == (store.verify("ana").ok, store.verify("ana").unread)
        for change in (
            lambda: store.run("ana", Award(pool="xp", amount=1, reason="a bat")),
            lambda: store.export("ana"),
            lambda: store.amend("ana", 2, Award(pool="xp", amount=5, reason="the crypt")),
        ):
            with pytest.raises(StoreTampered, match=re.escape(said)):
                change()
        assert [(1,), (2,)] == raw(where, "SELECT version FROM entries ORDER BY version")

    def test_entries_added_past_the_row(self, where, store) -> None:
        """An entry added to the table past the sheet's version: the sheet is not read."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        (text,) = raw(where, "SELECT entry FROM entries WHERE version = 2")[0]
        raw(where, "INSERT INTO entries (sheet, version, entry) VALUES ('ana', 3, ?)", (text,))
        with pytest.raises(StoreTampered, match="written with 2 entries, the entries table holds them up to #3"):
            store.sheet("ana")

    def test_an_entry_deleted_after_the_sheet_was_read(self, where, store) -> None:
        """An entry deleted from the table between reading the sheet and looking at its history: the history is
        not read around the gap, and the error says which entry is missing."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        store.run("ana", Award(pool="xp", amount=1, reason="a rat"))
        read = store.sheet("ana")
        raw(where, "DELETE FROM entries WHERE sheet = 'ana' AND version = 2")
        with pytest.raises(
            StoreTampered, match=r"the entries table lacks entry #2 \(its row in the sheets table counts 3"
        ):
            list(read.ledger)

    def test_the_last_entry_replaced_after_the_sheet_was_read(self, where, store) -> None:
        """The last entry deleted and written anew after the sheet was read, its row left as it was, and the
        triggers' marks removed: a read takes it as it is, as any entry edited in the database (only the row's
        counts are a read's to check); the next change finds it by its digest and refuses it."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        whole, backwards = store.sheet("ana"), store.sheet("ana")
        (text,) = raw(where, "SELECT entry FROM entries WHERE version = 2")[0]
        raw(where, "DELETE FROM entries WHERE sheet = 'ana' AND version = 2")
        raw(where, "INSERT INTO entries (sheet, version, entry) VALUES ('ana', 2, ?)", (text.replace("12", "120"),))
        assert (120, 120) == (list(whole.ledger)[1].events[0].amount, backwards.ledger[-1].events[0].amount)
        raw(where, "DELETE FROM edited")
        with pytest.raises(StoreTampered, match="entry #2, its last, is not the entry the store wrote"):
            store.run("ana", Award(pool="xp", amount=1, reason="a rat"))

    def test_a_history_amended_by_another_writer_after_the_read(self, where, pack) -> None:
        """Another writer amends the sheet (a legitimate rewrite of its entries) after this one read it: the
        entries stored now are not those of the state read, so its history is refused as a conflict (read it
        again), never mixed with the state read; what another writer only appended is read as it was."""
        with progression.open_store(where, pack) as one, progression.open_store(where, pack) as two:
            hero(one)
            one.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
            stale, appended, backwards = two.sheet("ana"), two.sheet("ana"), two.sheet("ana")
            one.run("ana", Award(pool="xp", amount=1, reason="a rat"))
            assert [1, 2] == [entry.number for entry in appended.ledger]  # appended to: what was read holds
            one.amend("ana", 2, Award(pool="xp", amount=5, reason="the crypt"))
            said = (
                "sheet 'ana' was read at version 2 and its history was rewritten since, now 3 entries, by another "
                "writer (an amendment): the entries stored now are not those of the state read; read it again"
            )
            with pytest.raises(StoreConflict, match=re.escape(said)):
                list(stale.ledger)
            with pytest.raises(StoreConflict, match=re.escape(said)):
                backwards.ledger[-1]
            assert 5 + 1 == two.sheet("ana").pools["xp"]

    def test_a_creation_amended_by_another_writer(self, where, pack) -> None:
        """A store that read a sheet (and kept its creation, read once for every later read) reads the creation
        another writer amended since: not the one it kept, which no longer is the sheet's."""
        with progression.open_store(where, pack) as one, progression.open_store(where, pack) as two:
            hero(one)
            one.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
            assert "Ana" == two.sheet("ana").ledger[0].operation.name
            one.amend("ana", 1, Create(kind="hero", name="Anna"))
            again = two.sheet("ana")
            assert ("Anna", "Anna", 12) == (again.name, again.ledger[0].operation.name, again.pools["xp"])

    def test_a_member_s_history_shorter_than_its_snapshot(self, where, store, pack) -> None:
        """A roster's snapshot edited to count more entries for a member than the roster's history gives it, its
        digest made again: the member's ledger, when looked at, is refused naming the sheet and the member; verify
        says it as a difference of the stored state."""
        store.start_sheet("party", Create(kind="party", name="The Company"))
        store.run("party", Join(member="ana", ledger=tuple(pack.new_sheet("hero", "Ana").ledger)))
        store.run("party", Award(pool="xp", amount=9, reason="the crypt", member="ana"))
        (state,) = raw(where, "SELECT state FROM sheets WHERE id = 'party'")[0]
        data = json.loads(state)
        data["members"]["ana"]["length"] += 1
        forge(where, "party", json.dumps(data, separators=(",", ":")))
        party = store.sheet("party")
        with pytest.raises(
            StoreTampered,
            match=r"sheet 'party' .*: its snapshot gives member 'ana' 3 entries, its history gives 2; its history is not read",
        ):
            list(party.member("ana").ledger)
        report = store.verify("party")
        assert ["members.ana: held with 3 entries, its history gives it 2"] == [d.sentence for d in report.divergences]


class TestSnapshotDigests:
    """The digest kept beside a snapshot binds it to the sheet, its version and its last entry: a snapshot is read
    only where and when the store wrote it, and a digest made again over its text alone does not hold."""

    @pytest.fixture
    def two(self, store) -> progression.store.Store:
        """Ana (13 xp) and Bo (2 xp), three entries each."""
        for name, amounts in (("ana", (12, 1)), ("bo", (1, 1))):
            hero(store, name)
            for amount in amounts:
                store.run(name, Award(pool="xp", amount=amount, reason="a fight"))
        return store

    def test_a_digest_made_again_over_the_text_alone(self, where, two) -> None:
        """The snapshot's xp edited and its digest made the plain SHA-256 of the new text: it is not read as the
        sheet, and no change is built on it."""
        (state,) = raw(where, "SELECT state FROM sheets WHERE id = 'ana'")[0]
        edited = state.replace('"xp":13', '"xp":99')
        plain = hashlib.sha256(edited.encode("utf-8")).hexdigest()
        raw(where, "UPDATE sheets SET state = ?, state_digest = ? WHERE id = 'ana'", (edited, plain))
        said = r"its snapshot \(the state it holds\) is not the one the store wrote with entry #3"
        with pytest.raises(StoreTampered, match=said + "; it is not read as the sheet"):
            two.sheet("ana")
        with pytest.raises(StoreTampered, match=said + ", and its history no longer holds"):
            two.run("ana", Award(pool="xp", amount=1, reason="a rat"))

    def test_a_snapshot_moved_from_another_sheet(self, where, two) -> None:
        """Bo's snapshot and digest copied onto Ana's row (the same version): not read as Ana."""
        ((state, digest),) = raw(where, "SELECT state, state_digest FROM sheets WHERE id = 'bo'")
        raw(where, "UPDATE sheets SET state = ?, state_digest = ? WHERE id = 'ana'", (state, digest))
        with pytest.raises(StoreTampered, match=r"sheet 'ana' .* is not the one the store wrote with entry #3"):
            two.sheet("ana")

    def test_a_snapshot_kept_from_before_an_amendment(self, where, two) -> None:
        """Ana's snapshot and digest from before her last entry was amended, put back after it: the last entry is
        not the one it was written after, so it is not read."""
        ((state, digest),) = raw(where, "SELECT state, state_digest FROM sheets WHERE id = 'ana'")
        two.amend("ana", 3, Award(pool="xp", amount=2, reason="a fight"))
        raw(where, "UPDATE sheets SET state = ?, state_digest = ? WHERE id = 'ana'", (state, digest))
        with pytest.raises(StoreTampered, match="is not the one the store wrote with entry #3"):
            two.sheet("ana")

    def test_a_store_of_schema_4_is_bound_when_opened(self, where, two) -> None:
        """A store written before the digests were bound (schema 4: each snapshot's digest the SHA-256 of its
        text; a row written before digests were kept has none) is brought to schema 5 when opened: a snapshot
        that held its digest is bound and read; one edited in the database (its old digest not holding) is still
        refused; a row without digests is given them."""
        two.close()
        for (sheet,) in raw(where, "SELECT id FROM sheets"):
            (state,) = raw(where, "SELECT state FROM sheets WHERE id = ?", (sheet,))[0]
            plain = hashlib.sha256(state.encode("utf-8")).hexdigest()
            raw(where, "UPDATE sheets SET state_digest = ? WHERE id = ?", (plain, sheet))
        raw(where, "UPDATE sheets SET state = replace(state, '\"xp\":13', '\"xp\":99') WHERE id = 'ana'")
        with progression.open_store(where, two.pack) as written:
            hero(written, "cy")
        raw(where, "UPDATE sheets SET entry_digest = NULL, state_digest = NULL WHERE id = 'cy'")
        back_to_schema_5(where)
        raw(where, "DELETE FROM schema_version WHERE version = 5")
        with progression.open_store(where, two.pack) as again:
            assert [(6,)] == raw(where, "SELECT MAX(version) FROM schema_version")
            assert (2, "Cy") == (again.sheet("bo").pools["xp"], again.sheet("cy").name)
            with pytest.raises(StoreTampered, match=r"sheet 'ana' .* is not the one the store wrote with entry #3"):
                again.sheet("ana")


class TestForgedSnapshots:
    """A snapshot edited with its digest made again as the store makes it: reads trust it (they cost the same at
    any length of history, so they check what a few rows say, which whoever writes the rows can make agree), but
    nothing that reads the whole history anyway writes or hands out something else than reads showed."""

    @pytest.fixture
    def forged(self, where, store) -> progression.store.Store:
        """Ana with 13 xp from her entries, her snapshot made to hold 99 with the digest the store would write."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        store.run("ana", Award(pool="xp", amount=1, reason="a rat"))
        (state,) = raw(where, "SELECT state FROM sheets WHERE id = 'ana'")[0]
        forge(where, "ana", state.replace('"xp":13', '"xp":99'))
        return store

    def test_reads_trust_it_and_verify_finds_it(self, forged) -> None:
        """The forged state is read as the sheet (the documented limit of a read); verify finds it as the stored
        state."""
        report = forged.verify("ana")
        assert (99, [(3, "state", "pools.xp: held 99, its history gives 13")]) == (
            forged.sheet("ana").pools["xp"],
            [(d.position, d.kind, d.sentence) for d in report.divergences],
        )

    @pytest.mark.parametrize(
        ("change", "refused"),
        [
            (lambda store: store.export("ana"), "nothing was exported"),
            (
                lambda store: store.amend("ana", 2, Award(pool="xp", amount=5, reason="the crypt")),
                "nothing was amended",
            ),
            (lambda store: store.rebase("ana"), "nothing was rebased"),
            (lambda store: store.sheet("ana", whole=True), "it is not read as the sheet"),
        ],
        ids=["export", "amend", "rebase", "whole read"],
    )
    def test_what_reads_the_whole_history_refuses_it(self, where, forged, change, refused) -> None:
        """Export (which would seal the entries' 13 xp into a file while reads showed 99), amend and rebase (which
        would run the entries again and silently put their state in place of the one reads showed) compare the
        snapshot with the fold of the entries, and refuse, naming the sheet and what differs; nothing is written."""
        rows = raw(where, "SELECT * FROM entries ORDER BY version")
        with pytest.raises(StoreTampered) as caught:
            change(forged)
        assert (
            f"store {forged.where}: sheet 'ana' was changed in the database outside the store: its snapshot (what "
            f"reads show) is not what its entries add up to: pools.xp: held 99, its history gives 13; {refused} "
            "(verify the store to find the entry that differs)"
        ) == str(caught.value)
        assert (rows, 99) == (raw(where, "SELECT * FROM entries ORDER BY version"), forged.sheet("ana").pools["xp"])

    def test_a_whole_read_holds_what_a_read_shows(self, where, store) -> None:
        """Read whole, a sheet that holds is the sheet a read gives, its ledger read; one whose entry #2 was edited
        in place is run again first, as an export is, and refused where a read shows it."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        store.run("ana", Award(pool="xp", amount=1, reason="a rat"))
        whole = store.sheet("ana", whole=True)
        assert (store.sheet("ana"), True) == (whole, whole.ledger.loaded)
        edit(where, 2, '"awarded", "pool": "xp", "amount": 12', '"awarded", "pool": "xp", "amount": 120')
        with pytest.raises(StoreTampered, match=r"entry #2 was changed in place, and its history no longer holds"):
            store.sheet("ana", whole=True)
        assert 13 == store.sheet("ana").pools["xp"]

    def test_a_file_is_not_exported(self, forged, tmp_path: Path) -> None:
        """No file is written for it."""
        with pytest.raises(StoreTampered, match="nothing was exported"):
            forged.export_file("ana", tmp_path / "ana.json")
        assert not (tmp_path / "ana.json").exists()


def edit(where: str, version: int, old: str, new: str) -> None:
    """Ana's entry ``version`` edited in the table, ``old`` replaced by ``new`` (it must be there)."""
    (text,) = raw(where, "SELECT entry FROM entries WHERE sheet = ? AND version = ?", ("ana", version))[0]
    assert old in str(text)
    raw(
        where,
        "UPDATE entries SET entry = ? WHERE sheet = ? AND version = ?",
        (str(text).replace(old, new), "ana", version),
    )


class TestConcurrency:
    def test_a_stale_version_is_refused(self, where, pack) -> None:
        """Two clients read version 2; the first writes; the second, acting on what it read, is refused."""
        with progression.open_store(where, pack) as one, progression.open_store(where, pack) as two:
            hero(one)
            one.run("ana", Award(pool="xp", amount=1, reason="a rat"))
            seen = two.version("ana")
            one.run("ana", Award(pool="xp", amount=5, reason="a bat"), expected=seen)
            with pytest.raises(StoreConflict) as caught:
                two.run("ana", Purchase(upgrade="level_up"), expected=seen)
            assert (2, 3) == (caught.value.expected, caught.value.found)
            assert str(caught.value).endswith(
                "sheet 'ana' was expected at version 2 but is at version 3: "
                "it changed since it was read; read it again and retry"
            )
            assert (3, 6) == (two.version("ana"), two.sheet("ana").pools["xp"])

    def test_a_writer_held_too_long_is_a_busy_store(self, tmp_path: Path, pack) -> None:
        """A change that waits past the store's timeout for another writer is refused with StoreBusy (a
        StoreError: the command line exits 1, run it again), and nothing is written."""
        where = str(tmp_path / "busy.sqlite")
        with progression.open_store(where, pack, timeout=0.05) as store:
            hero(store)
            with contextlib.closing(sqlite3.connect(where, isolation_level=None)) as other:
                other.execute("BEGIN IMMEDIATE")  # holds the database's write lock
                with pytest.raises(StoreBusy) as busy:
                    store.run("ana", Award(pool="xp", amount=1, reason="a rat"))
                said = (
                    "another writer held the database and this store gave up waiting after 0.05 s (starting the "
                    "transaction: database is locked); nothing was written: run the change again (or open the "
                    "store with a longer timeout)"
                )
                assert said in str(busy.value)
                other.execute("ROLLBACK")
            assert 1 == store.version("ana")

    @pytest.mark.parametrize("expected", [-1, 0, True, 2.0, "2"])
    def test_an_expected_version_that_is_no_version_is_refused(self, where, pack, expected) -> None:
        """A sheet's version is a whole number from 1 on (its creation): anything else given as the version read is
        refused as input, saying what was expected, not answered as a conflict with the stored sheet."""
        with progression.open_store(where, pack) as store:
            hero(store)
            said = f"expected (the version of sheet 'ana' read) must be a whole number >= 1 or None, got {expected!r}"
            for change in (
                lambda: store.run("ana", Award(pool="xp", amount=1, reason="a rat"), expected=expected),
                lambda: store.extend("ana", pack.award(store.sheet("ana"), "xp", 1, reason="a rat"), expected=expected),
            ):
                with pytest.raises(InvalidInput) as refused:
                    change()
                assert str(refused.value) == said
            with pytest.raises(InvalidInput, match=r"record 'r' read\) must be a whole number >= 0 or None, got -1"):
                store.put("r", 1, expected=-1)
            assert store.version("ana") == 1

    def test_without_a_version_the_latest_is_changed(self, where, pack) -> None:
        """A change that names no version runs on the sheet as stored when it runs: nothing is lost."""
        with progression.open_store(where, pack) as one, progression.open_store(where, pack) as two:
            hero(one)
            stale = two.sheet("ana")
            one.run("ana", Award(pool="xp", amount=5, reason="a bat"))
            after = two.run("ana", Award(pool="xp", amount=1, reason="a rat"))[0]
            assert (1, 3, 6) == (len(stale.ledger), len(after.ledger), after.pools["xp"])


class TestVerify:
    def test_a_clean_sheet_verifies(self, store) -> None:
        """Every entry the store holds is the one the rules give, and the stored state is their fold."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        report = store.verify("ana")
        assert (True, ["Ana: all 2 entries verified under " + store.pack.rules]) == (report.ok, list(report.lines()))
        assert progression.verify(store.sheet("ana"), store.pack).ok

    def test_a_tampered_entry_is_found(self, where, store) -> None:
        """An award edited in the table (12 to 120) is found at its entry, by the store and by progression.verify."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        store.run("ana", Award(pool="xp", amount=1, reason="a rat"))
        (text,) = raw(where, "SELECT entry FROM entries WHERE sheet = ? AND version = 2", ("ana",))[0]
        edited = text.replace('"awarded", "pool": "xp", "amount": 12', '"awarded", "pool": "xp", "amount": 120')
        assert edited != text
        raw(where, "UPDATE entries SET entry = ? WHERE sheet = ? AND version = 2", (edited, "ana"))
        report = store.verify("ana")
        # the entry is found where it was edited; the stored state (13 xp) is not what the edited entries give (121)
        assert [(2, "edited"), (3, "state")] == [(d.position, d.kind) for d in report.divergences]
        assert "recorded 120, the rules give 12" in report.divergences[0].sentence
        assert not progression.verify(store.sheet("ana"), store.pack).ok

    def test_a_tampered_entry_is_not_exported(self, where, store, tmp_path) -> None:
        """An entry edited in the table is not sealed into a file: export refuses it as a change does, and writes
        nothing (a file sealed from it would verify as the library's own)."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        (text,) = raw(where, "SELECT entry FROM entries WHERE sheet = ? AND version = 2", ("ana",))[0]
        edited = text.replace('"awarded", "pool": "xp", "amount": 12', '"awarded", "pool": "xp", "amount": 120')
        raw(where, "UPDATE entries SET entry = ? WHERE sheet = ? AND version = 2", (edited, "ana"))
        with pytest.raises(StoreTampered, match="changed in the database outside the store"):
            store.export_file("ana", tmp_path / "ana.json")
        assert not (tmp_path / "ana.json").exists()

    def test_a_tampered_state_is_found(self, where, store) -> None:
        """A snapshot edited in the table (xp 12 to 99) is found: the entries give another state; and it is not
        read as the sheet (its digest is not the one the store wrote)."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        (state,) = raw(where, "SELECT state FROM sheets WHERE id = ?", ("ana",))[0]
        raw(where, "UPDATE sheets SET state = ? WHERE id = ?", (state.replace('"xp":12', '"xp":99'), "ana"))
        report = store.verify("ana")
        assert [(2, "state")] == [(d.position, d.kind) for d in report.divergences]
        assert "pools.xp: held 99, its history gives 12" == report.divergences[0].sentence
        with pytest.raises(StoreTampered, match=r"its snapshot \(the state it holds\) is not the one the store wrote "
                           r"with entry #2; it is not read as the sheet"):  # fmt: skip
            store.sheet("ana")

    def test_an_entry_that_no_longer_reads(self, where, store) -> None:
        """An entry edited into something that is not an entry is not verified, and not raised: the report says
        why and where (its number); reading the ledger refuses it, with its place."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        raw(where, "UPDATE entries SET entry = ? WHERE sheet = ? AND version = 2", ('{"event": "nonsense"}', "ana"))
        report = store.verify("ana")
        assert (False, True) == (report.ok, report.unread.startswith("its history does not read: entry #2 ")), report
        assert "unknown event 'nonsense'" in report.unread
        assert [f"ana: not verified: {report.unread}"] == list(report.lines("ana"))
        with pytest.raises(SheetError, match=r"unknown event 'nonsense'.* @ \$\.ledger\[1\]"):
            list(store.sheet("ana").ledger)

    def test_an_entry_cut_short(self, where, store) -> None:
        """An entry whose JSON was cut is refused with its place in the ledger."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        raw(where, "UPDATE entries SET entry = ? WHERE sheet = ? AND version = 2", ('{"event": "entry", ', "ana"))
        with pytest.raises(SheetError, match=r"not valid JSON: .* @ \$\.ledger\[1\]"):
            list(store.sheet("ana").ledger)

    def test_a_missing_entry(self, where, store) -> None:
        """An entry deleted from the table is reported as a gap, not read around: the sheet is not read (the
        entries table ends before its row says), and its verification says which entry is missing."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        store.run("ana", Award(pool="xp", amount=1, reason="a rat"))
        raw(where, "DELETE FROM entries WHERE sheet = ? AND version = 2", ("ana",))
        report = store.verify("ana")
        said = "the entries table lacks entry #2 (its row in the sheets table counts 3 entries)"
        assert (False, said) == (report.ok, report.unread)
        with pytest.raises(StoreTampered, match=f"sheet 'ana' .*: {re.escape(said)}; its history is not read"):
            list(store.sheet("ana").ledger)


class TestFiles:
    def test_export_then_import(self, store, tmp_path: Path) -> None:
        """A sheet exported to a file (format 2) loads as the stored sheet, and imports as another, equal one."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        path = store.export_file("ana", tmp_path / "ana.json")
        assert store.sheet("ana") == progression.load_sheet(path.read_text(encoding="utf-8"))
        imported = store.import_file("ana-copy", path)
        assert (imported, 2) == (store.sheet("ana"), store.version("ana-copy"))

    def test_an_existing_file_is_not_overwritten(self, store, tmp_path: Path) -> None:
        """Exporting over a file that is there is refused, the file kept; ``force=True`` replaces it."""
        hero(store)
        notes = tmp_path / "notes.txt"
        notes.write_text("my notes", encoding="utf-8")
        with pytest.raises(StoreError, match="already exists; pass force=True to replace it"):
            store.export_file("ana", notes)
        assert "my notes" == notes.read_text(encoding="utf-8")
        store.export_file("ana", notes, force=True)
        assert store.sheet("ana") == progression.load_sheet(notes.read_text(encoding="utf-8"))

    def test_an_export_is_written_as_a_sheet_file_is(self, store, tmp_path: Path) -> None:
        """Through a symbolic link the file it names is written (the link stays); a read-only file, a pipe or a
        folder is never replaced, even with ``force=True``; no temporary file is left behind."""
        hero(store)
        real, link = tmp_path / "real.json", tmp_path / "link.json"
        real.write_text("old", encoding="utf-8")
        link.symlink_to(real)
        store.export_file("ana", link, force=True)
        assert (True, store.sheet("ana")) == (link.is_symlink(), progression.load_sheet(real.read_text("utf-8")))
        locked = tmp_path / "locked.json"
        locked.write_text("kept", encoding="utf-8")
        locked.chmod(0o444)
        with pytest.raises(
            StoreError, match=r"sheet 'ana' was not exported: .*locked\.json' is read-only \(mode 0444\)"
        ):
            store.export_file("ana", locked, force=True)
        pipe = tmp_path / "pipe"
        os.mkfifo(pipe)
        with pytest.raises(StoreError, match=r"sheet 'ana' was not exported: .*pipe' is not a regular file"):
            store.export_file("ana", pipe, force=True)
        with pytest.raises(StoreError, match=r"sheet 'ana' was not exported: .* is a directory"):
            store.export_file("ana", tmp_path, force=True)
        assert ("kept", []) == (
            locked.read_text(encoding="utf-8"),
            [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")],
        )

    def test_an_import_reads_only_a_regular_file_up_to_the_limit(self, store, tmp_path: Path) -> None:
        """A pipe is refused without being read (it would block), a file past the sheet-file limit without being
        held in memory, each saying why."""
        pipe = tmp_path / "pipe.json"
        os.mkfifo(pipe)
        with pytest.raises(StoreError, match=r"cannot read the sheet file .*pipe\.json': it is not a regular file"):
            store.import_file("bo", pipe)
        huge = tmp_path / "huge.json"
        with huge.open("wb") as stream:
            stream.truncate(LARGEST_FILE + 1)
        with pytest.raises(StoreError, match=r"huge\.json': it is larger than the 16,777,216 bytes a file may hold"):
            store.import_file("bo", huge)

    def test_a_file_that_does_not_verify_is_refused(self, store, pack, tmp_path: Path) -> None:
        """A file that does not verify (an award recorded without its operation, as before operations were) is
        refused at the entry that diverges; ``verify=False`` keeps it, and verify finds it."""
        made = pack.award(pack.new_sheet("hero", "Ana"), "xp", 12, reason="the crypt")
        path = tmp_path / "ana.json"
        progression.files.create_sheet_file(path, progression.replay([made.ledger[0], *made.ledger[1].events]))
        with pytest.raises(StoreError, match=r"sheet 'ana' does not verify .*: #2 .*recorded before operations"):
            store.import_file("ana", path)
        assert () == store.ids()
        store.import_file("ana", path, verify=False)
        assert [2] == [d.position for d in store.verify("ana").divergences]

    @pytest.mark.parametrize("verify", [True, False])
    def test_a_file_edited_by_hand_is_refused(self, store, pack, tmp_path: Path, verify: bool) -> None:
        """A sealed file edited by hand is refused, verified or not, even where the rules give the edit (the award
        and its operation made 120 together), and so is one written before seals (format 2): nothing is stored."""
        data = progression.files.unstructure_sheet(
            pack.award(pack.new_sheet("hero", "Ana"), "xp", 12, reason="the crypt")
        )
        data["ledger"][1]["events"][0]["amount"] = 120
        data["ledger"][1]["operation"]["amount"] = 120
        path = tmp_path / "ana.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(SheetTampered, match=r"ana\.json does not load: the file was changed outside the library"):
            store.import_file("ana", path, verify=verify)
        data["format"] = 2
        del data["seal"]
        path.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(SheetTampered, match=r"ana\.json does not load: the file was written before seals"):
            store.import_file("ana", path, verify=verify)
        assert () == store.ids()

    def test_a_sheet_made_through_the_pack(self, store, pack) -> None:
        """A sheet made with the pack's API (its entries from the engine) is added as it is."""
        made = pack.purchase(pack.award(pack.new_sheet("hero", "Ana"), "xp", 12, reason="the crypt"), "level_up")
        assert (made, 3) == (store.add("ana", made), store.version("ana"))
        assert made == store.sheet("ana")


class TestErrors:
    def test_unknown_sheet(self, store) -> None:
        """A sheet id the store does not hold names the ones it does."""
        hero(store)
        with pytest.raises(UnknownName, match=r"sheet 'bo' is not defined in store .*; expected one of: ana"):
            store.sheet("bo")
        with pytest.raises(UnknownName):
            store.run("bo", Award(pool="xp", amount=1, reason="a rat"))

    def test_an_id_is_stored_once(self, store) -> None:
        """Creating a sheet under an id already taken is refused, and nothing changes."""
        hero(store)
        with pytest.raises(StoreError, match="a sheet 'ana' is already stored; choose another id"):
            hero(store)
        assert 1 == store.version("ana")

    @pytest.mark.parametrize("ident", ["", "  ", " ana", 7, None])
    def test_bad_ids(self, store, ident) -> None:
        """A sheet id is a non-empty text without surrounding spaces."""
        with pytest.raises(InvalidInput, match="a sheet id must be a non-empty text"):
            store.start_sheet(ident, Create(kind="hero"))

    def test_only_operations_go_in(self, store) -> None:
        """Raw events are not operations: the engine refuses them, and nothing is written."""
        hero(store)
        with pytest.raises(InvalidInput, match="expected an operation"):
            store.run("ana", progression.events.Awarded(pool="xp", amount=99))
        with pytest.raises(InvalidInput, match="sheet 'bo' must start with a Create operation, got Award"):
            store.start_sheet("bo", Award(pool="xp", amount=1, reason="a rat"))
        with pytest.raises(
            InvalidInput,
            match=r"expected \(the version of sheet 'ana' read\) must be a whole number >= 1 or None, got '1'",
        ):
            store.run("ana", Award(pool="xp", amount=1, reason="a rat"), expected="1")
        assert (("ana",), 1) == (store.ids(), store.version("ana"))

    def test_a_sheet_of_another_pack(self, store) -> None:
        """A store keeps the sheets of its pack only."""
        other = trainer().new_sheet("player", "Grim")
        with pytest.raises(
            StoreError,
            match="expected a sheet of pack 'skirmish' as sheet 'grim' of this store, got a player sheet 'Grim' of pack 'trainer'",
        ):
            store.add("grim", other)

    def test_a_store_of_another_pack(self, where, pack) -> None:
        """Opening a store with another pack than its own is refused."""
        progression.open_store(where, pack).close()
        with pytest.raises(StoreError, match="it keeps sheets of pack 'skirmish', not 'trainer'"):
            progression.open_store(where, trainer())

    def test_a_new_store_needs_its_pack(self, where) -> None:
        """A new store records its pack: without one it cannot start."""
        with pytest.raises(StoreError, match=r"a new store needs its pack: open_store\(where, pack\)"):
            progression.open_store(where)
        if not str(where).startswith("postgres"):  # and no empty database is left behind
            assert not Path(where).exists()

    def test_verify_is_true_or_false(self, store) -> None:
        """``verify="no"`` would have read as True: refused."""
        with pytest.raises(
            InvalidInput,
            match=r"verify \(whether sheet 'x' is run again before it is stored\) is True or False, got 'no'",
        ):
            store.add("x", hero(store), verify="no")

    def test_whole_is_true_or_false(self, store) -> None:
        """``whole="no"`` would have read as True: refused."""
        hero(store)
        with pytest.raises(
            InvalidInput,
            match=r"whole \(whether sheet 'ana' is read with its whole history\) is True or False, got 'no'",
        ):
            store.sheet("ana", whole="no")

    @pytest.mark.parametrize("given", [3, "", None])
    def test_bad_places(self, given) -> None:
        """A store is opened from a path or a connection string."""
        with pytest.raises(InvalidInput, match="a store is a SQLite file path or a postgresql:// connection string"):
            progression.open_store(given)

    def test_files_that_cannot_be_read_or_written(self, store, tmp_path: Path) -> None:
        """A file to import that is not there, or an export to a folder that is not there, says which file."""
        hero(store)
        with pytest.raises(StoreError, match=r"cannot read .*missing\.json: No such file or directory"):
            store.import_file("bo", tmp_path / "missing.json")
        with pytest.raises(StoreError, match=r"ana\.json. cannot be written: its folder .*nowhere. does not exist"):
            store.export_file("ana", tmp_path / "nowhere" / "ana.json")
        with pytest.raises(InvalidInput, match=r"^expected a Sheet as sheet 'bo', got str 'ana.json'$"):
            store.add("bo", "ana.json")
        with pytest.raises(InvalidInput, match=r"^expected a file path for the file to export sheet 'ana' to, got 7$"):
            store.export_file("ana", 7)

    def test_a_file_that_is_no_store_is_left_as_it_was(self, tmp_path: Path) -> None:
        """Opened without its pack, a text file or another program's SQLite database is refused, byte for byte."""
        text = tmp_path / "notes.db"
        text.write_text("hello", encoding="utf-8")
        with pytest.raises(StoreError, match=r"it is no SQLite database of a store \(file is not a database\)"):
            progression.open_store(text)
        other = tmp_path / "other.db"
        with contextlib.closing(sqlite3.connect(other)) as db:
            db.execute("CREATE TABLE t (x)")
            db.commit()
        before = other.read_bytes()
        with pytest.raises(StoreError, match=r"it holds no store of this library \(no schema_version table\)"):
            progression.open_store(other)
        assert ("hello", before) == (text.read_text(encoding="utf-8"), other.read_bytes())

    def test_postgres_without_psycopg(self, pack, monkeypatch: pytest.MonkeyPatch) -> None:
        """A PostgreSQL store without psycopg installed says what to install."""
        import sys

        monkeypatch.setitem(sys.modules, "psycopg", None)
        with pytest.raises(
            StoreError, match=r"a PostgreSQL store needs psycopg 3: pip install 'progression\[postgres\]'"
        ):
            progression.open_store("postgresql://bob:secret@localhost/league", pack)

    def test_postgres_unreachable(self, pack, tmp_path: Path) -> None:
        """A server that is not there is a StoreError naming the database, without its password."""
        pytest.importorskip("psycopg")  # installed by make test (the postgres extra)
        where = f"postgresql://bob:secret@/league?host={tmp_path}&connect_timeout=2"
        with pytest.raises(StoreError, match="cannot connect to PostgreSQL") as caught:
            progression.open_store(where, pack)
        assert ("secret" not in str(caught.value), "bob:***@" in str(caught.value)) == (True, True)

    def test_not_a_database(self, tmp_path: Path, pack) -> None:
        """A file that is not a SQLite database is refused as a store, not overwritten."""
        path = tmp_path / "notes.txt"
        path.write_text("not a database, " * 100, encoding="utf-8")
        with pytest.raises(StoreError, match=r"notes\.txt: "):
            progression.open_store(path, pack)
        assert path.read_text(encoding="utf-8").startswith("not a database")

    def test_a_closed_store(self, where, pack) -> None:
        """A closed store says so; a sheet read before stays whole, its ledger read when first needed."""
        store = progression.open_store(where, pack)
        hero(store)
        store.run("ana", Award(pool="xp", amount=2, reason="a rat"))
        sheet = store.sheet("ana")
        store.close()
        with pytest.raises(StoreError, match="the store is closed; open it again"):
            store.sheet("ana")
        assert (2, ["create hero Ana", "award 2 to xp"]) == (sheet.pools["xp"], [e.label for e in sheet.ledger])


class TestSchema:
    def test_a_new_store_is_at_the_latest_version(self, where, store) -> None:
        """The schema version table records each migration applied, from version 1."""
        assert [(1,), (2,), (3,), (4,), (5,), (6,)] == raw(where, "SELECT version FROM schema_version ORDER BY version")
        assert schema.VERSION == 6

    def test_a_migration_is_applied_once(self, where, store, monkeypatch: pytest.MonkeyPatch) -> None:
        """A later version's migration runs when an older store is opened, and the store keeps its sheets."""
        hero(store)
        store.close()
        later = (*schema.MIGRATIONS, ("CREATE TABLE notes (sheet TEXT NOT NULL, note TEXT NOT NULL)",))
        monkeypatch.setattr(schema, "MIGRATIONS", later)
        monkeypatch.setattr(schema.migrate, "__defaults__", (later,))
        for _ in range(2):
            progression.open_store(where, store.pack).close()
        assert [(1,), (2,), (3,), (4,), (5,), (6,), (7,)] == raw(
            where, "SELECT version FROM schema_version ORDER BY version"
        )
        assert [] == raw(where, "SELECT note FROM notes")
        with progression.open_store(where, store.pack) as again:
            assert ("ana",) == again.ids()

    def test_a_newer_store_is_refused(self, where, store) -> None:
        """A database of a schema this library does not know is not opened (nor changed)."""
        store.close()
        raw(where, "INSERT INTO schema_version (version) VALUES (?)", (7,))
        with pytest.raises(StoreError, match="schema version 7, newer than this library's 6; upgrade progression"):
            progression.open_store(where)


class TestRecords:
    def test_a_record_reads_back(self, store) -> None:
        """A record put is read back as the JSON document it was, at version 1, then 2 once written again."""
        assert None is store.record("league")
        assert 1 == store.put("league", {"name": "Old World", "teams": ["a", "b"], "bonus": None})
        assert 2 == store.put("league", {"name": "New World"})
        found = store.record("league")
        assert ("league", 2, {"name": "New World"}) == (found.name, found.version, found.value)

    def test_records_by_prefix(self, store) -> None:
        """Records are listed by the start of their name, sorted, a LIKE wildcard taken as a plain character."""
        for name in ("fixture/1/2", "fixture/1/1", "fixture_x", "league"):
            store.put(name, name)
        assert ["fixture/1/1", "fixture/1/2"] == [r.name for r in store.records("fixture/")]
        assert ["fixture_x"] == [r.name for r in store.records("fixture_")]
        assert 4 == len(store.records())

    def test_a_stale_version_is_refused(self, store) -> None:
        """A writer that read version 1 cannot write over version 2; 0 means "not there yet"."""
        store.put("league", 1)
        store.put("league", 2, expected=1)
        with pytest.raises(StoreConflict, match="record 'league' was expected at version 1 but is at version 2"):
            store.put("league", 3, expected=1)
        with pytest.raises(StoreConflict, match="record 'new' was expected at version 1 but is at version 0"):
            store.put("new", 3, expected=1)
        assert 1 == store.put("new", 3, expected=0)
        assert 2 == store.record("league").value

    def test_a_record_removed(self, store) -> None:
        """A record deleted is gone (a fixture taken back), at the version read; one not there, or at another
        version, is refused and nothing is removed; a deletion in a transaction that fails is not kept."""
        store.put("fixture/1/1", 1)
        store.put("fixture/1/2", 2)
        with pytest.raises(StoreConflict, match="record 'fixture/1/2' was expected at version 2 but is at version 1"):
            store.delete("fixture/1/2", expected=2)
        with pytest.raises(UnknownName, match="record 'fixture/1/3' is not defined in store "):
            store.delete("fixture/1/3")

        def removed_then_failed() -> None:
            with store.transaction() as tx:
                tx.delete("fixture/1/1")
                raise RuntimeError

        with pytest.raises(RuntimeError):
            removed_then_failed()
        store.delete("fixture/1/2", expected=1)
        assert ["fixture/1/1"] == [r.name for r in store.records("fixture/")]

    def test_a_record_goes_with_the_sheets(self, store) -> None:
        """A record written in a transaction that fails is not kept, nor are the sheets' changes."""
        hero(store)

        def fails() -> None:
            with store.transaction() as tx:
                tx.put("fixture", {"played": True})
                tx.run("ana", Award(pool="xp", amount=1, reason="a rat"))
                assert {"played": True} == tx.record("fixture").value
                tx.run("ana", Purchase(upgrade="sword"))  # ana has no gold

        with pytest.raises(InsufficientPoints):
            fails()
        assert (None, 1) == (store.record("fixture"), store.version("ana"))

    @pytest.mark.parametrize("value", [{1, 2}, float("nan"), object()])
    def test_only_json_goes_in(self, store, value) -> None:
        """A value JSON cannot hold is refused, naming the record."""
        with pytest.raises(InvalidInput, match="record 'x' must be a JSON document"):
            store.put("x", value)

    @pytest.mark.parametrize("name", ["", " x", 3])
    def test_bad_names(self, store, name) -> None:
        """A record's name is a text without surrounding spaces."""
        with pytest.raises(InvalidInput, match="a record's name must be a non-empty text"):
            store.put(name, 1)


class TestAmend:
    def test_an_amended_entry_is_stored(self, where, store, pack) -> None:
        """Amending an entry runs the later ones again and stores the corrected history, verified."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        store.run("ana", Purchase(upgrade="level_up"))
        after, report = store.amend("ana", 2, Award(pool="xp", amount=20, reason="the crypt, counted again"))
        assert ["amended", "holds"] == [o.status for o in report.outcomes]
        assert (after, 3, 19) == (store.sheet("ana"), store.version("ana"), store.sheet("ana").pools["xp"])
        assert store.verify("ana").ok
        rows = raw(where, "SELECT version FROM entries WHERE sheet = ? ORDER BY version", ("ana",))
        assert [(1,), (2,), (3,)] == rows

    def test_a_dropped_entry_leaves_the_table(self, store) -> None:
        """An entry the amendment drops is no longer stored, and the version is the shorter history's."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        store.run("ana", Purchase(upgrade="level_up"))
        after, _ = store.amend("ana", 2, Award(pool="purse", amount=1, reason="a coin"), invalid="drop")
        assert (2, 0, after) == (store.version("ana"), store.sheet("ana").pools["xp"], store.sheet("ana"))
        assert store.verify("ana").ok

    def test_a_refused_amendment_writes_nothing(self, store) -> None:
        """With invalid="refuse", an amendment that makes a later entry invalid leaves the sheet as it was."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        before = store.run("ana", Purchase(upgrade="level_up"))[0]
        with pytest.raises(progression.history.AmendmentRefused):
            store.amend("ana", 2, Award(pool="purse", amount=1, reason="a coin"))
        assert (before, 3) == (store.sheet("ana"), store.version("ana"))

    def test_a_stale_version_is_refused(self, store) -> None:
        """An amendment made against a version read earlier is refused when the sheet moved on."""
        hero(store)
        store.run("ana", Award(pool="xp", amount=12, reason="the crypt"))
        with pytest.raises(StoreConflict, match="expected at version 1 but is at version 2"):
            store.amend("ana", 2, Award(pool="xp", amount=1, reason="a rat"), expected=1)


def dearer(pack: progression.RulePack) -> progression.RulePack:
    """The pack's next version: its sword costs 20 rather than 15 (other rules, as a new version of its data)."""
    import attrs

    sword = attrs.evolve(pack.upgrade("sword"), cost=progression.authoring.FixedCost(amount=20))
    return attrs.evolve(pack, upgrades={**pack.upgrades, "sword": sword})


def armed(store: progression.store.Store, gold: int) -> None:
    """Ana, given ``gold`` and a sword bought with it (15 under the rules she is made under)."""
    hero(store)
    store.run("ana", Award(pool="purse", amount=gold, reason="the crypt"))
    store.run("ana", Purchase(upgrade="sword"))


class TestRebase:
    def test_a_sheet_of_the_old_rules_is_rebased_in_place(self, where, store, pack) -> None:
        """Under the new rules the stored sheet is refused its next change until ``rebase`` runs its history again
        under them and stores it in place: the sword paid 20, the report says so, the entries keep their numbers,
        the sheet verifies and takes the change it was refused."""
        armed(store, 30)
        store.close()
        with progression.open_store(where, dearer(pack)) as newer:
            with pytest.raises(progression.errors.RulesChanged, match="rebase its history onto these rules first"):
                newer.run("ana", Award(pool="purse", amount=1, reason="a coin"))
            assert newer.sheet("ana").rules == pack.rules  # read before: its creation is kept for later reads
            after, report = newer.rebase("ana", expected=3)
            assert (["changed", "holds", "changed"], ("purse: -20 (was -15)",)) == (
                [o.status for o in report.outcomes],
                report.outcomes[2].changes,
            )
            assert (after, 3, 10, newer.pack.rules) == (
                newer.sheet("ana"),
                newer.version("ana"),
                after.pools["purse"],
                after.rules,
            )
            assert newer.verify("ana").ok
            rows = raw(where, "SELECT version FROM entries WHERE sheet = ? ORDER BY version", ("ana",))
            assert [(1,), (2,), (3,)] == rows
            assert 11 == newer.run("ana", Award(pool="purse", amount=1, reason="a coin"))[0].pools["purse"]

    def test_a_rebase_the_new_rules_refuse_writes_nothing(self, where, store, pack) -> None:
        """15 gold buys no sword at 20: the rebase is refused (``AmendmentRefused``, naming the entry) and the
        database holds the same rows as before, byte for byte."""
        armed(store, 15)
        store.close()
        statement = (
            "SELECT s.version, s.state, s.entry_digest, s.state_digest, e.version, e.entry "
            "FROM sheets s JOIN entries e ON e.sheet = s.id ORDER BY e.version"
        )
        before = raw(where, statement)
        refused = pytest.raises(progression.history.AmendmentRefused, match=r"#3 buy sword: .*20")
        with progression.open_store(where, dearer(pack)) as newer, refused:
            newer.rebase("ana")
        assert before == raw(where, statement)

    def test_a_sheet_of_the_present_rules_is_left_as_it_is(self, where, store) -> None:
        """Rebased onto the rules it is made under, every entry holds and nothing is written: its entries are the
        rows they were (SQLite's row ids; a rewrite deletes them and inserts new ones, after Bo's)."""
        if where.startswith("postgresql://"):
            pytest.skip("row ids are SQLite's")
        armed(store, 30)
        hero(store, "bo")
        rows = "SELECT rowid, version FROM entries WHERE sheet = 'ana' ORDER BY version"
        before = raw(where, rows)
        _, report = store.rebase("ana")
        assert ({"holds"}, before) == ({o.status for o in report.outcomes}, raw(where, rows))

    def test_a_stale_version_and_an_unknown_sheet(self, store) -> None:
        """A rebase made against a version read earlier is refused; so is a sheet the store does not hold."""
        armed(store, 30)
        with pytest.raises(StoreConflict, match="expected at version 2 but is at version 3"):
            store.rebase("ana", expected=2)
        with pytest.raises(UnknownName, match="sheet 'bo' is not defined in store"):
            store.rebase("bo")
