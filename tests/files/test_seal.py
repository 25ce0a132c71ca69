"""A sheet file's seal is of what its ledger means, not of the order its mappings were filled in or written:
equal sheets have one seal, and a file whose keys were put in another order by hand still holds it (format 4).
A file of format 3, sealed by the digest of its text as written, is read as before."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given

from progression import Effect, Sheet, dump_sheet, load_sheet
from progression.errors import SheetTampered
from progression.files.ledger_write import event_lines, event_texts
from progression.files.sheets import seal
from support.builders import FEW, histories, market


def filled(first: dict[str, str], owned: dict[str, int], stats: dict[str, int]) -> Sheet:
    """An adventurer whose tags and owned items are given in the order of the mappings given, then adjusted by an
    effect whose stats are in the order given."""
    pack = market()
    sheet = pack.new_sheet("adventurer", "Ana", pools={"purse": 5, "savings": 2}, owned=owned, tags=first)
    return pack.adjust(sheet, Effect(stats=stats), reason="trained")


def format_3(sheet: Sheet) -> str:
    """The file of ``sheet`` as the library wrote it in format 3: the same layout, sealed by the SHA-256 of the
    entries' text as written (spelled out here, so the old seal is pinned apart from the library's code)."""
    text = dump_sheet(sheet)
    head, _, rest = text.partition('"ledger": [\n  ')
    entries = rest.rpartition('\n ],\n "seal": ')[0]
    old = hashlib.sha256(entries.encode("utf-8")).hexdigest()
    head = head.replace('"format": 4', '"format": 3')
    return f'{head}"ledger": [\n  {entries}\n ],\n "seal": "{old}"\n}}'


class TestTheSealIsOfTheMeaning:
    def test_equal_sheets_filled_in_another_order_have_one_seal(self) -> None:
        """Two equal sheets whose tags, owned items and effect were filled in another order: one seal, though
        each file keeps its sheet's order (which its words follow)."""
        one = filled({"a": "1", "b": "2"}, {"badge": 1, "amulet": 2}, {"level": 1, "shine": 3})
        other = filled({"b": "2", "a": "1"}, {"amulet": 2, "badge": 1}, {"shine": 3, "level": 1})
        assert (True, False, seal(one)) == (one == other, dump_sheet(one) == dump_sheet(other), seal(other))

    def test_a_file_whose_keys_were_put_in_another_order_holds_its_seal(self) -> None:
        """The keys of a mapping swapped by hand, and those of an event: the file means the same, and loads
        sealed, the sheet it holds the one saved."""
        sheet = filled({"a": "1", "b": "2"}, {"badge": 1}, {"level": 1, "shine": 3})
        text = dump_sheet(sheet)
        swapped = text.replace('"tags": {"a": "1", "b": "2"}', '"tags": {"b": "2", "a": "1"}')
        swapped = swapped.replace('"stats": {"level": 1, "shine": 3}', '"stats": {"shine": 3, "level": 1}')
        swapped = swapped.replace('"kind": "adventurer", "name": "Ana"', '"name": "Ana", "kind": "adventurer"')
        assert ('"tags": {"b": "2", "a": "1"}', '"stats": {"shine": 3, "level": 1}', '"name": "Ana", "kind"') == tuple(
            part
            for part in ('"tags": {"b": "2", "a": "1"}', '"stats": {"shine": 3, "level": 1}', '"name": "Ana", "kind"')
            if part in swapped
        )
        assert sheet == load_sheet(swapped, "ana.json")

    def test_a_file_laid_out_otherwise_holds_its_seal(self) -> None:
        """The same data written by another program, keys sorted and indented: it holds its seal."""
        sheet = filled({"a": "1", "b": "2"}, {"badge": 1}, {"shine": 3, "level": 1})
        rewritten = json.dumps(json.loads(dump_sheet(sheet)), indent=2, sort_keys=True)
        assert sheet == load_sheet(rewritten, "ana.json")

    def test_an_edit_is_still_found(self) -> None:
        """A value changed by hand is an edit, whatever the order: refused, as before."""
        text = dump_sheet(filled({"a": "1", "b": "2"}, {"badge": 1}, {"level": 1, "shine": 3}))
        edited = text.replace('"tags": {"a": "1", "b": "2"}', '"tags": {"b": "3", "a": "1"}')
        with pytest.raises(SheetTampered, match="its ledger is not the one it was written with"):
            load_sheet(edited, "ana.json")


class TestFormatThree:
    def test_a_file_of_format_3_holds_its_seal(self) -> None:
        """A file written in format 3 loads sealed; saved again, it is written in format 4."""
        sheet = filled({"b": "2", "a": "1"}, {"badge": 1}, {"shine": 3, "level": 1})
        old = format_3(sheet)
        assert '"format": 3' in old
        again = load_sheet(old, "ana.json")
        assert (sheet, '"format": 4') == (again, dump_sheet(again).splitlines()[1].strip().rstrip(","))

    def test_a_file_of_format_3_laid_out_otherwise_holds_its_seal(self) -> None:
        """Re-indented, its entries are written again as format 3 wrote them: it holds its seal."""
        sheet = filled({"b": "2", "a": "1"}, {"badge": 1}, {"shine": 3, "level": 1})
        assert sheet == load_sheet(json.dumps(json.loads(format_3(sheet)), indent=2), "ana.json")

    def test_a_file_of_format_3_whose_keys_were_swapped_is_refused(self) -> None:
        """Its seal is of its text as written: the order of its keys is part of it, and nothing shows another
        order means the same (``tampered="read"`` reads it, and a save seals it in format 4)."""
        sheet = filled({"b": "2", "a": "1"}, {"badge": 1}, {"shine": 3, "level": 1})
        swapped = format_3(sheet).replace('"tags": {"b": "2", "a": "1"}', '"tags": {"a": "1", "b": "2"}')
        with pytest.raises(SheetTampered):
            load_sheet(swapped, "ana.json")
        resealed = dump_sheet(load_sheet(swapped, "ana.json", tampered="read"))
        assert sheet == load_sheet(resealed, "ana.json")


class TestTheTwoTexts:
    @FEW
    @given(histories())
    def test_the_text_is_the_file_s_and_the_seal_survives_a_round_trip(self, sheet: Sheet) -> None:
        """The text beside the canonical one is what a file holds; a sheet read back has the seal it was saved
        with, and the file holds it."""
        texts, canonical = event_texts(sheet.ledger)
        again = load_sheet(dump_sheet(sheet))
        assert (event_lines(sheet.ledger), len(texts), seal(sheet)) == (texts, len(canonical), seal(again))
