"""Sheet files on disk from Python: read with their fingerprint, saved back never over someone else's change."""

from __future__ import annotations

import json
import os
from pathlib import Path

import attrs
import pytest

import progression
from progression import Sheet
from progression.authoring import FixedCost
from progression.disk import fingerprint
from progression.errors import (
    AnotherSheet,
    FileChanged,
    InvalidInput,
    MissingFile,
    SheetError,
    SheetTampered,
    UnreadableFile,
    UnwritableFile,
)
from progression.files import LARGEST_FILE, create_sheet_file, read_sheet_file
from progression.operations import Award
from support.builders import market, skirmish


def ana() -> Sheet:
    """Ana: 10 in her purse, then a medal."""
    pack = market()
    return pack.purchase(pack.award(pack.new_sheet("adventurer", "Ana"), "purse", 10, reason="wages"), "medal")


class TestReadAndWrite:
    def test_created_then_read_back(self, tmp_path: Path) -> None:
        """A sheet written to a new file reads back equal, with the fingerprint of the bytes on disk."""
        path = tmp_path / "ana.json"
        made = create_sheet_file(path, ana())
        read = read_sheet_file(path)
        assert (ana(), fingerprint(path.read_bytes()), made) == (read.sheet, read.digest, read)

    def test_a_save_over_a_stale_read_is_refused(self, tmp_path: Path) -> None:
        """Two programs read the file; the first saves; the second's save is refused and the first's stays."""
        pack, path = market(), tmp_path / "ana.json"
        create_sheet_file(path, ana())
        first, second = read_sheet_file(path), read_sheet_file(path)
        saved = first.save(pack.award(first.sheet, "purse", 5, reason="bounty"))
        with pytest.raises(FileChanged) as refused:
            second.save(pack.award(second.sheet, "purse", 1, reason="tip"))
        assert ("changed", saved.sheet) == (refused.value.how, read_sheet_file(path).sheet)
        again = saved.save(pack.award(saved.sheet, "purse", 1, reason="tip"))  # the file as written reads on
        assert 14 == again.sheet.pools["purse"] == read_sheet_file(path).sheet.pools["purse"]

    def test_a_file_is_created_once(self, tmp_path: Path) -> None:
        """A file already there is replaced only when asked."""
        path = tmp_path / "ana.json"
        path.write_text("kept", encoding="utf-8")
        with pytest.raises(UnwritableFile, match="already exists; nothing was written"):
            create_sheet_file(path, ana())
        assert "kept" == path.read_text(encoding="utf-8")
        assert ana() == create_sheet_file(path, ana(), replace=True).sheet == read_sheet_file(path).sheet

    def test_verified_on_reading(self, tmp_path: Path) -> None:
        """With the pack and ``verify=True``, a hand-edited file is refused, naming it and the entry; without,
        refused by its seal, or read as it is with ``tampered="read"``, saying so."""
        path = tmp_path / "ana.json"
        data = progression.files.unstructure_sheet(ana())
        data["ledger"][1]["events"][0]["amount"] = 60
        path.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(SheetTampered, match=r"ana\.json does not load: the file was changed outside the library"):
            read_sheet_file(path)
        read = read_sheet_file(path, tampered="read")
        assert (60, False) == (read.sheet.ledger[1].events[0].amount, read.sealed)
        with pytest.raises(SheetError, match=r"ana\.json.*recorded 60, the rules give 10"):
            read_sheet_file(path, pack=market(), verify=True, tampered="read")
        saved = create_sheet_file(path.with_name("saved.json"), ana())
        assert (True, ana()) == (read_sheet_file(saved.path).sealed, read_sheet_file(saved.path).sheet)


class TestAnotherSheet:
    """A file read holds one sheet's history: a save that does not continue it is refused, unless asked."""

    def test_another_pack_s_sheet_is_refused(self, tmp_path: Path) -> None:
        """A skirmish hero saved over Ana's file: refused, saying what the file holds, what came and how to write
        it all the same; the file is untouched (a review found Ana's file silently made a Blood Bowl team's)."""
        path = tmp_path / "ana.json"
        read = create_sheet_file(path, ana())
        before = path.read_bytes()
        with pytest.raises(AnotherSheet) as refused:
            read.save(skirmish().new_sheet("hero", "Ana"))
        assert (
            f"{str(path)!r} holds the history of an adventurer sheet 'Ana' of pack 'market'; the sheet given to save "
            "over it is a hero sheet 'Ana' of pack 'skirmish', which does not continue that history; nothing was "
            "written: write it to a new file with create_sheet_file(path, sheet), or over this one with "
            "SheetFile.save(sheet, replace=True)",
            before,
        ) == (str(refused.value), path.read_bytes())

    def test_another_character_is_refused(self, tmp_path: Path) -> None:
        """Bob saved over Ana's file is refused; so is another Ana (another creation), saying how her creation
        differs, since her words are the same."""
        path = tmp_path / "ana.json"
        read = create_sheet_file(path, ana())
        with pytest.raises(AnotherSheet, match=r"is an adventurer sheet 'Bob' of pack 'market', which does not"):
            read.save(market().new_sheet("adventurer", "Bob"))
        with pytest.raises(AnotherSheet) as refused:
            read.save(market().new_sheet("adventurer", "Ana", pools={"purse": 3}))
        assert (
            "an adventurer sheet 'Ana' of pack 'market' created otherwise (pools {'purse': 3} where the file's is {})",
            ana(),
        ) == (refused.value.given, read_sheet_file(path).sheet)

    def test_replace_writes_it_all_the_same_but_never_over_a_change(self, tmp_path: Path) -> None:
        """``replace=True`` writes Bob over Ana's file; a ``replace`` that is no flag is refused, and a replace
        over a file changed since it was read is refused as any save is."""
        path = tmp_path / "ana.json"
        read, stale = create_sheet_file(path, ana()), read_sheet_file(path)
        bob = market().new_sheet("adventurer", "Bob")
        with pytest.raises(InvalidInput, match=r"^replace= \(whether a sheet that does not continue .* got 'yes'$"):
            read.save(bob, replace="yes")  # type: ignore[arg-type]
        assert bob == read.save(bob, replace=True).sheet == read_sheet_file(path).sheet
        with pytest.raises(FileChanged):
            stale.save(ana(), replace=True)

    def test_what_continues_the_history_is_saved(self, tmp_path: Path) -> None:
        """An entry added, an entry undone, a later entry amended, the history rebased onto new rules: each
        continues the file's history, and is saved."""
        pack, path = market(), tmp_path / "ana.json"
        read = create_sheet_file(path, ana())
        read = read.save(pack.award(read.sheet, "purse", 5, reason="bounty"))
        read = read.save(progression.undo(read.sheet))
        read = read.save(progression.amend(read.sheet, 2, Award(pool="purse", amount=12, reason="wages"), pack=pack)[0])
        medal = attrs.evolve(pack.upgrade("medal"), cost=FixedCost(amount=3))
        dearer = attrs.evolve(pack, upgrades={**pack.upgrades, "medal": medal})
        read = read.save(progression.rebase(read.sheet, dearer)[0])
        assert (9, dearer.rules) == (read_sheet_file(path).sheet.pools["purse"], read_sheet_file(path).sheet.rules)


class TestRefusals:
    def test_what_is_no_sheet_file(self, tmp_path: Path) -> None:
        """Nothing there, a folder, a file too large, a damaged file: each refused as a library error."""
        with pytest.raises(MissingFile) as missing:
            read_sheet_file(tmp_path / "nobody.json")
        assert isinstance(missing.value, FileNotFoundError)
        with pytest.raises(UnreadableFile, match="it is a directory"):
            read_sheet_file(tmp_path)
        large = tmp_path / "large.json"
        with large.open("wb") as out:
            out.truncate(LARGEST_FILE + 1)
        with pytest.raises(UnreadableFile, match="larger than the 16,777,216 bytes"):
            read_sheet_file(large)
        damaged = tmp_path / "damaged.json"
        damaged.write_bytes(progression.dump_sheet(ana()).encode()[:-20])
        with pytest.raises(SheetError, match=r"damaged\.json"):
            read_sheet_file(damaged)

    def test_what_is_no_path_or_no_sheet(self, tmp_path: Path) -> None:
        """A path that is no path, a sheet that is no sheet, a flag that is no flag: said, nothing written."""
        with pytest.raises(InvalidInput, match=r"^expected a file path .* as the path given to read_sheet_file, got"):
            read_sheet_file(3)  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match="expected the Sheet to write"):
            create_sheet_file(tmp_path / "x.json", {"pools": {}})  # type: ignore[arg-type]
        with pytest.raises(
            InvalidInput, match=r"^replace= \(whether a file already at .* is replaced\) is True or False"
        ):
            create_sheet_file(tmp_path / "x.json", ana(), replace="yes")  # type: ignore[arg-type]
        assert [] == os.listdir(tmp_path)

    def test_a_read_only_file_is_not_replaced(self, tmp_path: Path) -> None:
        """A save over a read-only file is refused; the file is untouched."""
        path = tmp_path / "ana.json"
        read = create_sheet_file(path, ana())
        path.chmod(0o444)
        try:
            with pytest.raises(UnwritableFile):
                read.save(market().award(read.sheet, "purse", 1, reason="tip"))
        finally:
            path.chmod(0o644)
        assert ana() == read_sheet_file(path).sheet
