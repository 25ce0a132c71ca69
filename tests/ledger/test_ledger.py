"""The ledger as a value: appending shares every entry, and no ledger ever changes, whoever appends."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import progression
from progression import Ledger, Sheet
from progression.errors import InvalidInput, ProgressionError, SheetError
from progression.events import Marked
from progression.ledger import LedgerIndex
from support.builders import FEW, histories, market


def marks(*labels: str) -> list[Marked]:
    return [Marked(label=label) for label in labels]


class TestLedger:
    def test_append_leaves_the_ledger_as_it_was(self) -> None:
        """Appending to a ledger, then again to the first one, gives three ledgers that each keep their entries."""
        first = Ledger(marks("a", "b"))
        second = first.append(Marked(label="c"))
        third = first.append(Marked(label="d"))
        assert (marks("a", "b"), marks("a", "b", "c"), marks("a", "b", "d")) == (list(first), list(second), list(third))

    def test_sequence_behaviour(self) -> None:
        """Indexing, slicing, reversing and comparing work as on a tuple; a beginning is a ledger."""
        ledger = (
            Ledger(marks("a")).append(Marked(label="b")).prefix(1).append(Marked(label="c")).append(Marked(label="d"))
        )
        as_tuple = tuple(marks("a", "c", "d"))
        assert (as_tuple, as_tuple[-1], as_tuple[1:], as_tuple[::-1]) == (
            tuple(ledger),
            ledger[-1],
            ledger[1:],
            tuple(reversed(ledger)),
        )
        assert (True, True, Ledger) == (ledger == as_tuple, ledger[:2] == as_tuple[:2], type(ledger[:2]))
        with pytest.raises(IndexError):
            ledger[3]

    @FEW
    @given(st.lists(st.tuples(st.integers(0, 30), st.text(max_size=3)), max_size=40))
    def test_any_appends_keep_every_ledger(self, steps: list[tuple[int, str]]) -> None:
        """Appends to any earlier ledger, in any order, and fresh segments (``scratch``, what a store's ledger
        starts with): each ledger equals the list it was made as, its first entry too (read without walking back)."""
        ledgers: list[tuple[Ledger, list[Marked]]] = [(Ledger(), [])]
        for pick, text in steps:
            ledger, entries = ledgers[pick % len(ledgers)]
            entry = Marked(label=text)
            ledgers.append((ledger.append(entry), [*entries, entry]) if text else (ledger.scratch(), entries))
        assert [entries for _, entries in ledgers] == [list(ledger) for ledger, _ in ledgers]
        assert [len(entries) for _, entries in ledgers] == [len(ledger) for ledger, _ in ledgers]
        assert [entries[:1] for _, entries in ledgers] == [[ledger[0]] if ledger else [] for ledger, _ in ledgers]


def _labels(ledger: Ledger) -> tuple[str, ...]:
    """An index's whole read: every mark's label, in order."""
    return tuple(entry.label for entry in ledger if isinstance(entry, Marked))


def _more(value: tuple[str, ...], entries: object) -> tuple[str, ...]:
    return value + tuple(entry.label for entry in entries if isinstance(entry, Marked))  # type: ignore[attr-defined]


LABELS = LedgerIndex(name="labels", read=_labels, extend=_more)


class TestIndexes:
    @FEW
    @given(st.lists(st.tuples(st.integers(0, 30), st.text(max_size=2), st.booleans()), max_size=40))
    def test_an_index_is_what_reading_the_whole_ledger_gives(self, steps: list[tuple[int, str, bool]]) -> None:
        """Appends to any earlier ledger, prefixes, an index read now and then: each ledger's value is what
        ``read`` gives of its whole ledger, however it was kept."""
        ledgers = [Ledger()]
        for pick, text, read in steps:
            ledger = ledgers[pick % len(ledgers)]
            grown = ledger.append(Marked(label=text)) if text else ledger.prefix(len(ledger) // 2)
            if read:
                grown.indexed(LABELS)
            ledgers.append(grown)
        assert [_labels(ledger) for ledger in ledgers] == [ledger.indexed(LABELS) for ledger in ledgers]

    def test_a_ledger_grown_from_one_read_reads_only_its_new_entries(self) -> None:
        """Once read, each append is extended by its own entry (two appends, by both), and a branch (an append to a
        beginning, after an undo) by the entries after the first length read on its segment: the whole ledger is
        never read again, so an index costs the same at any length of history. Another ledger of the same entries
        reads its own once."""
        calls: list[object] = []
        index = LedgerIndex(
            name="counted",
            read=lambda ledger: calls.append(("read", len(ledger))) or _labels(ledger),
            extend=lambda value, entries: calls.append(("extend", len(entries))) or _more(value, entries),
        )
        ledger = Ledger(marks("a", "b"))
        assert ("a", "b") == ledger.indexed(index)
        for label in "cde":
            ledger = ledger.append(Marked(label=label))
            ledger.indexed(index)
        branch = ledger.prefix(3).append(Marked(label="x"))
        twice = ledger.append(Marked(label="f")).append(Marked(label="g"))
        assert (("a", "b", "c", "d", "e"), ("a", "b", "c", "x"), tuple("abcdefg")) == (
            ledger.indexed(index),
            branch.indexed(index),
            twice.indexed(index),
        )
        assert tuple("abcde") == Ledger(ledger).indexed(index)
        # the branch from 3 extends what was read at 2, the first length read on its segment
        assert [("read", 2), *[("extend", 1)] * 3, ("extend", 2), ("extend", 2), ("read", 5)] == calls
        calls.clear()
        stored = Ledger(marks("a", "b"))  # a sheet read from a store holds a new, empty segment after the entries:
        assert (("a", "b"), [("read", 2)]) == (stored.scratch().indexed(index), calls)  # read there, it is kept
        assert (("a", "b", "y"), [("read", 2), ("extend", 1)]) == (  # for the next one read
            stored.scratch().append(Marked(label="y")).indexed(index),
            calls,
        )

    def test_a_beginning_extends_from_a_mark(self) -> None:
        """The beginnings of a long ledger read entry by entry (what an undo or ``as_of`` leaves) extend the value
        kept at the last multiple of 32 entries before them: at most 32 entries each, at any length of history."""
        calls: list[tuple[str, int]] = []
        index = LedgerIndex(
            name="counted",
            read=lambda ledger: calls.append(("read", len(ledger))) or _labels(ledger),
            extend=lambda value, entries: calls.append(("extend", len(entries))) or _more(value, entries),
        )
        ledger = Ledger(marks("a"))
        ledger.indexed(index)
        for n in range(1000):
            ledger = ledger.append(Marked(label=str(n)))
            ledger.indexed(index)
        calls.clear()
        cuts = (1000, 999, 640, 639, 33, 5)
        assert [_labels(ledger.prefix(cut)) for cut in cuts] == [ledger.prefix(cut).indexed(index) for cut in cuts]
        assert [("extend", 8), ("extend", 7), ("extend", 31), ("extend", 1), ("extend", 4)] == calls  # 640 is a mark

    def test_indexes_made_at_every_call_do_not_pile_up(self) -> None:
        """An index made anew at every call (against the rule: one per module) is kept among the last eight of a
        segment, not forever."""
        ledger = Ledger(marks("a", "b"))
        for n in range(20):
            assert ("a", "b") == ledger.indexed(LedgerIndex(name=str(n), read=_labels, extend=_more))
        assert 8 == len(ledger._home().indexes)


class TestLookingBack:
    @FEW
    @given(histories(), st.data())
    def test_the_sheet_at_any_length_is_the_fold_of_that_beginning(self, sheet: Sheet, data: st.DataObject) -> None:
        """``at`` (and so ``undo`` and ``as_of``) folds from a snapshot, and gives what folding from the start gives."""
        length = data.draw(st.integers(1, len(sheet.ledger)))
        assert progression.replay(tuple(sheet.ledger)[:length]) == sheet.at(length)

    def test_a_long_history_looks_back_from_snapshots(self) -> None:
        """Two hundred awards: each undo gives the sheet one award poorer, as far back as asked."""
        pack = market()
        sheet = pack.new_sheet("adventurer", "Ana")
        for _ in range(200):
            sheet = pack.award(sheet, "purse", 1, reason="wages")
        assert (199, 137, 0) == (
            progression.undo(sheet).pools["purse"],
            progression.undo(sheet, 63).pools["purse"],
            sheet.at(1).pools["purse"],
        )


class TestDeferred:
    """A ledger kept elsewhere (a store): its length and creation known, its other entries read when first needed."""

    def deferred(self, labels: list[str], reads: list[int]) -> Ledger:
        entries = marks(*labels)

        def load() -> list[Marked]:
            reads.append(1)
            return entries

        return Ledger.deferred(len(entries), load, {0: entries[0]})

    def test_length_known_entries_and_appends_read_nothing(self) -> None:
        """The length, the known first entry, appending and the appended entries come without a read."""
        reads: list[int] = []
        ledger = self.deferred(["a", "b", "c"], reads)
        longer = ledger.append(Marked(label="d")).append(Marked(label="e"))
        assert (3, 5, marks("a")[0], longer[-2:], longer[3], False) == (
            len(ledger),
            len(longer),
            ledger[0],
            tuple(marks("d", "e")),
            marks("d")[0],
            longer.loaded,
        )
        assert [] == reads

    def test_the_rest_is_read_once(self) -> None:
        """Iterating reads the entries, once; after that the ledger is as any other."""
        reads: list[int] = []
        ledger = self.deferred(["a", "b", "c"], reads).append(Marked(label="d"))
        assert (marks("a", "b", "c", "d"), marks("b")[0], True) == (list(ledger), ledger[1], ledger.loaded)
        assert (tuple(marks("d", "c", "b", "a")), [1]) == (tuple(reversed(ledger)), reads)

    def test_equal_to_the_ledger_it_stands_for(self) -> None:
        """A deferred ledger equals the ledger of the same entries, and a sheet folded on it equals the sheet."""
        sheet = progression.mark(progression.mark(market().new_sheet("adventurer", "Ana"), "one"), "two")
        deferred = Ledger.deferred(len(sheet.ledger), lambda: tuple(sheet.ledger), {0: sheet.ledger[0]})
        assert (sheet.ledger, sheet) == (deferred, progression.replay(deferred))

    def test_a_read_of_another_length_is_refused(self) -> None:
        """Entries read that are not as many as the ledger said (deleted where they are kept) are not taken: a
        library error says so (a SheetError, never a bare RuntimeError), and the ledger is still unread."""
        ledger = Ledger.deferred(3, lambda: marks("a", "b"), {})
        with pytest.raises(SheetError, match="3 entries were asked of the place its ledger is kept and 2 were read"):
            list(ledger)
        assert (3, False) == (len(ledger), ledger.loaded)

    def test_the_place_that_keeps_it_says_what_changed(self) -> None:
        """The error of the place that keeps the entries (a store naming its file and the sheet) is raised, told
        how many were asked and how many came: for the whole ledger, and for a stretch read back from the end."""

        class Moved(ProgressionError):
            pass

        def changed(expected: int, found: int) -> Exception:
            return Moved(f"asked {expected}, found {found}")

        entries = marks(*(f"m{n}" for n in range(40)))
        whole = Ledger.deferred(41, lambda: entries, {0: entries[0]}, changed=changed)
        with pytest.raises(Moved, match="asked 41, found 40"):
            list(whole)
        backwards = Ledger.deferred(
            40, lambda: entries, {0: entries[0]}, lambda a, b: entries[a : b - 1], changed=changed
        )
        with pytest.raises(Moved, match="asked 16, found 15"):
            backwards[-1]

    def test_entries_are_never_replaced(self) -> None:
        """The deferred entries can only be read and appended to (as a ledger's list)."""
        ledger = self.deferred(["a", "b"], [])
        items = ledger.prefix(1)._segment.items
        with pytest.raises(TypeError, match="never replaced"):
            items[0] = Marked(label="x")

    def test_a_stretch_at_the_end_reads_only_the_end(self) -> None:
        """What an operation added (a slice from a position) is taken from the end, without reading the start."""
        reads: list[int] = []
        ledger = self.deferred(["a", "b"], reads).append(Marked(label="c")).append(Marked(label="d"))
        assert (tuple(marks("c", "d")), tuple(marks("d")), []) == (ledger[2:], ledger[3:], reads)
        assert (tuple(marks("b", "c")), [1]) == (ledger[1:3], reads)

    def test_reading_back_reads_stretches(self) -> None:
        """Looked at from its end, a deferred ledger with a way to read stretches reads the last entries, and
        each later stretch as long as all those read before it; a whole read still happens once."""
        entries = marks(*(f"m{n}" for n in range(300)))
        stretches: list[tuple[int, int]] = []

        def stretch(start: int, stop: int) -> list[Marked]:
            stretches.append((start, stop))
            return entries[start:stop]

        ledger = Ledger.deferred(300, lambda: entries, {0: entries[0]}, stretch)
        backwards = reversed(ledger)
        last_ten = [next(backwards) for _ in range(10)]
        assert (entries[-10:][::-1], [(284, 300)], False) == (last_ten, stretches, ledger.loaded)
        assert (entries[100], [(284, 300), (84, 101)]) == (ledger[100], stretches)
        assert (entries, True) == (list(ledger), ledger.loaded)


def _texts(entries: object) -> list[str]:
    """How the settled tests write a mark: its label."""
    return [entry.label for entry in entries]  # type: ignore[attr-defined]


class TestSettled:
    """A ledger whose entries past the first are kept as texts, read back each time one is looked at."""

    @staticmethod
    def settled(ledger: Ledger, reads: list[int]) -> Ledger:
        def read(texts: object) -> list[Marked]:
            reads.append(len(texts))  # type: ignore[arg-type]
            return marks(*texts)  # type: ignore[misc]

        return ledger.settled(_texts, read)

    @FEW
    @given(st.lists(st.text(min_size=1, max_size=3), min_size=1, max_size=12), st.data())
    def test_equal_entry_for_entry_and_growing_as_before(self, labels: list[str], data: st.DataObject) -> None:
        """A settled ledger equals the one it was made from, item, slice, reversed and prefix alike, grows by
        appends, and settled again after more entries still equals the ledger of all of them."""
        ledger = Ledger(marks(*labels))
        settled = self.settled(ledger, [])
        more = data.draw(st.lists(st.text(min_size=1, max_size=3), max_size=5))
        grown = ledger
        for label in more:
            grown, settled = grown.append(Marked(label=label)), settled.append(Marked(label=label))
        cut = data.draw(st.integers(0, len(grown)))
        again = self.settled(settled, [])
        assert (list(grown), tuple(reversed(grown)), grown[cut:], list(grown.prefix(cut))) == (
            list(again),
            tuple(reversed(again)),
            again[cut:],
            list(again.prefix(cut)),
        )
        assert (grown, grown) == (settled, again)

    def test_only_what_was_added_is_written_and_nothing_read(self) -> None:
        """Settling again writes only the entries added since, into the last settled segment while they fit; the
        creation and what an operation appends stay objects, and nothing settled is read to append or settle."""
        reads: list[int] = []
        first = self.settled(Ledger(marks("a", "b", "c")), reads)
        second = self.settled(first.append(Marked(label="d")), reads)
        assert ([], ("b", "c", "d"), marks("a")[0], 4) == (
            reads,
            second._home().items.packed,  # type: ignore[attr-defined]
            second[0],
            len(second),
        )
        assert second.append(Marked(label="e"))[-1] == Marked(label="e")
        assert [] == reads

    def test_a_settled_segment_holds_at_most_a_chunk(self) -> None:
        """Past ``SETTLED_CHUNK`` entries, settling starts a new settled segment rather than rewriting the last."""
        from progression.ledger.ledger import SETTLED_CHUNK

        ledger = self.settled(Ledger(marks(*(f"m{n}" for n in range(SETTLED_CHUNK + 1)))), [])
        longer = self.settled(ledger.append(Marked(label="last")), [])
        segment = longer._home()
        assert (("last",), SETTLED_CHUNK + 1) == (segment.items.packed, len(segment.before))  # type: ignore[attr-defined,arg-type]

    def test_the_indexes_are_kept_for_the_settled_ledger(self) -> None:
        """An index read on the ledger is brought to its length and kept for the settled one: reading it again
        reads no settled entry."""
        reads: list[int] = []
        ledger = Ledger(marks("a", "b"))
        ledger.indexed(LABELS)
        settled = self.settled(ledger.append(Marked(label="c")), reads)
        after = settled.append(Marked(label="d"))
        assert (("a", "b", "c", "d"), []) == (after.indexed(LABELS), reads)

    def test_a_ledger_kept_elsewhere_is_left_there(self) -> None:
        """The entries of a store's ledger, read only when looked at, are not read to settle what came after them."""
        loads: list[int] = []
        longer = TestDeferred().deferred(["a", "b", "c"], loads).append(Marked(label="d"))
        settled = self.settled(longer, [])
        assert ([], ("d",)) == (loads, settled._home().items.packed)  # type: ignore[attr-defined]
        assert (marks("a", "b", "c", "d"), [1]) == (list(settled), loads)

    def test_a_store_ledger_once_read_is_packed_as_the_rest(self) -> None:
        """A store's entries, once read (an export, a verify), are objects like any others: settling packs them."""
        loads: list[int] = []
        ledger = TestDeferred().deferred(["a", "b", "c"], loads)
        assert marks("a", "b", "c") == list(ledger)
        settled = self.settled(ledger, [])
        assert (("b", "c"), marks("a", "b", "c"), [1]) == (settled._home().items.packed, list(settled), loads)  # type: ignore[attr-defined]

    def test_a_long_history_settled_at_once_is_cut_in_chunks(self) -> None:
        """Settled at once, a history longer than ``SETTLED_CHUNK`` entries is held in segments of at most that."""
        from progression.ledger.ledger import SETTLED_CHUNK

        ledger = Ledger(marks(*(f"m{n}" for n in range(2 * SETTLED_CHUNK + 6))))
        settled = self.settled(ledger, [])
        sizes, segment = [], settled._home()
        while segment.before is not None:
            sizes.append(len(segment.items))
            segment = segment.before._segment
        assert ([5, SETTLED_CHUNK, SETTLED_CHUNK], list(ledger)) == (sizes, list(settled))

    def test_an_index_refusing_an_entry_is_left_to_say_so(self) -> None:
        """An index that refuses an entry (a hand-edited tag) does not stop the ledger from settling: it refuses
        it when it is read next, as it would have."""

        def refuse(value: tuple[str, ...], entries: object) -> tuple[str, ...]:
            if any(entry.label == "bad" for entry in entries):  # type: ignore[attr-defined]
                raise InvalidInput("a bad label")
            return _more(value, entries)

        picky = LedgerIndex(name="picky", read=lambda whole: refuse((), list(whole)), extend=refuse)
        ledger = Ledger(marks("a", "b"))
        ledger.indexed(picky)
        settled = self.settled(ledger.append(Marked(label="bad")), [])
        with pytest.raises(InvalidInput, match="a bad label"):
            settled.indexed(picky)

    def test_a_writer_that_loses_entries_is_refused(self) -> None:
        """Texts written for fewer entries than were given would drop entries: refused, the ledger unchanged."""
        ledger = Ledger(marks("a", "b", "c"))
        with pytest.raises(RuntimeError, match="settling a ledger wrote 1 items for 2 entries"):
            ledger.settled(lambda entries: ["only one"], lambda texts: marks(*texts))
        assert marks("a", "b", "c") == list(ledger)
