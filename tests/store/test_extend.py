"""What a pack's function made of a stored sheet, stored entry by entry through the engine
(:meth:`progression.store.Transaction.extend`), and a store viewed under another build of its pack
(:meth:`progression.store.Store.under`)."""

from __future__ import annotations

import attrs
import pytest

import progression
import progression.store
from progression.errors import InvalidInput, StoreConflict, StoreError
from progression.operations import Award, Create


def hero(store: progression.store.Store) -> progression.Sheet:
    store.start_sheet("ana", Create(kind="hero", name="Ana"))
    return store.run("ana", Award(pool="xp", amount=30, reason="the crypt"))[0]


class TestExtend:
    def test_entries_made_elsewhere_are_stored(self, store, pack) -> None:
        """Two entries a function made on the stored sheet are stored, and the sheet reads back equal and verifies."""
        before = hero(store)
        after = pack.purchase(pack.award(before, "xp", 5, reason="a rat"), "level_up")
        stored = store.extend("ana", after)
        assert (after, after, 4) == (stored, store.sheet("ana"), store.version("ana"))
        assert store.verify("ana").ok

    def test_an_entry_the_engine_would_not_make_is_refused(self, store, pack) -> None:
        """An entry edited after it was made (more points than its operation gives) is refused; nothing is stored."""
        before = hero(store)
        after = pack.award(before, "xp", 5, reason="a rat")
        entry = after.ledger[-1]
        forged = attrs.evolve(entry, operation=attrs.evolve(entry.operation, amount=50))
        tampered = progression.replay((*before.ledger, forged))
        with pytest.raises(StoreError, match=r"entry 3 \(award 5 to xp\) is not what the engine gives"):
            store.extend("ana", tampered)
        assert (before, 2) == (store.sheet("ana"), store.version("ana"))

    def test_a_sheet_that_does_not_continue_the_stored_one(self, store, pack) -> None:
        """A sheet of another history is refused with what was expected; one whose every entry is stored already
        (an older read, or a new sheet made just as the stored one was) adds nothing and writes nothing."""
        before = hero(store)
        other = pack.award(pack.new_sheet("hero", "Bo"), "xp", 1, reason="elsewhere")
        with pytest.raises(InvalidInput, match="expected sheet 'ana' continued from its 2 stored entries"):
            store.extend("ana", pack.award(other, "xp", 1, reason="again"))
        with pytest.raises(InvalidInput, match="got a sheet of 2 entries that does not continue them"):
            store.extend("ana", pack.award(pack.new_sheet("hero", "Bo"), "xp", 30, reason="the crypt"))
        assert store.extend("ana", pack.new_sheet("hero", "Ana")) == before
        assert (before, 2) == (store.sheet("ana"), store.version("ana"))

    def test_a_function_that_changed_nothing_stores_nothing(self, store) -> None:
        """The stored sheet itself (a settle with nothing over the cap) is no change: nothing is written."""
        before = hero(store)
        assert (before, 2) == (store.extend("ana", before), store.version("ana"))

    def test_a_sheet_built_on_a_stale_read_is_a_conflict(self, store, pack) -> None:
        """Two writers read the sheet, each made a different change: the second, built on the version the first
        changed, is a conflict naming what was stored meanwhile (read again and retry), and nothing of it is
        written."""
        seen = hero(store)
        first = store.extend("ana", pack.award(seen, "xp", 5, reason="the first game master"))
        late = pack.award(seen, "xp", 7, reason="the second game master")
        with pytest.raises(StoreConflict) as refused:
            store.extend("ana", late)
        said = (
            "sheet 'ana' was changed from version 2 but is at version 3: another writer stored entry #3 "
            "(award 5 to xp) meanwhile; nothing was written: read the sheet again and redo the change on it"
        )
        assert said in str(refused.value)
        assert (refused.value.expected, refused.value.found) == (2, 3)
        assert (first, 3) == (store.sheet("ana"), store.version("ana"))
        again = store.extend("ana", pack.award(store.sheet("ana"), "xp", 7, reason="the second game master"))
        assert (again.pools["xp"], store.version("ana")) == (42, 4)

    def test_a_retry_of_a_stored_change_writes_it_once(self, store, pack) -> None:
        """The same sheet given again (a retry after a lost answer) is stored already: nothing is written twice,
        even after another entry was stored since."""
        made = pack.award(hero(store), "xp", 5, reason="a rat")
        store.extend("ana", made)
        assert store.extend("ana", made) == made
        store.run("ana", Award(pool="xp", amount=1, reason="meanwhile"))
        assert store.extend("ana", made).pools["xp"] == 36
        assert store.version("ana") == 4

    def test_expected_version(self, store, pack) -> None:
        """With the version read, a sheet changed since is a conflict."""
        before = hero(store)
        store.run("ana", Award(pool="xp", amount=1, reason="meanwhile"))[0]
        with pytest.raises(StoreConflict):
            store.extend("ana", pack.award(before, "xp", 5, reason="late"), expected=2)


class TestUnder:
    def test_a_view_under_another_build(self, where, pack) -> None:
        """A view under another build of the same pack runs its operations under that build's rules."""
        with progression.open_store(where, pack) as store:
            hero(store)
            view = store.under(pack)
            assert (view.pack, view.ids()) == (pack, ("ana",))

    def test_another_pack_is_refused(self, store) -> None:
        """A view under another pack is refused: the sheets were made under this one."""
        with pytest.raises(StoreError, match="it keeps sheets of pack 'skirmish', not 'competence'"):
            store.under(progression.load("competence"))
        with pytest.raises(
            InvalidInput, match=r"the rules a view of store .* plays its sheets under must be a RulePack, got str"
        ):
            store.under("skirmish")
