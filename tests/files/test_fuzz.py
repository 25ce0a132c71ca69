"""Fuzzing the edges: garbage into the pack loader (TOML text, parsed data) and the sheet loader (JSON).

Whatever comes in, the loaders answer with a ``ProgressionError`` or a result: never another
exception, never a hang. The suite runs a few examples; ``make fuzz`` sets
``PROGRESSION_FUZZ_EXAMPLES`` and runs the ``slow`` variants far longer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given

import progression
import progression.authoring
import progression.files
from progression import Sheet
from progression.errors import ProgressionError
from support.fuzzing import (
    LONG,
    PACK_TEXT,
    QUICK,
    SHEET_DATA,
    a_sheet,
    fuzz,
    pack_data,
    pack_texts,
    sheet_bytes,
    sheet_data,
    sheet_texts,
)


def only_progression_errors(load: Callable[[], object]) -> None:
    """Run a loader: a result or a ProgressionError are fine; anything else fails the test. A sheet that
    loads saves again, and reads back as itself."""
    try:
        loaded = load()
    except ProgressionError:
        return
    if isinstance(loaded, Sheet):
        assert loaded == progression.load_sheet(progression.dump_sheet(loaded))


def load_pack_text(text: str) -> None:
    only_progression_errors(lambda: progression.load_text(text, "<fuzz>"))


def load_pack_data(data: Any) -> None:
    only_progression_errors(lambda: progression.authoring.structure_pack(data, "<fuzz>", {}))


def load_sheet_text(text: str) -> None:
    only_progression_errors(lambda: progression.load_sheet(text, "<fuzz>"))


def load_sheet_data(data: Any) -> None:
    only_progression_errors(lambda: progression.files.structure_sheet(data, "<fuzz>"))


def load_sheet_bytes(data: bytes) -> None:
    only_progression_errors(lambda: progression.load_sheet(data, "<fuzz>"))


class TestPackLoader:
    @fuzz(QUICK)
    @given(pack_texts)
    def test_toml_text(self, text: str) -> None:
        """Garbage and damaged TOML text load or raise a ProgressionError."""
        load_pack_text(text)

    @fuzz(QUICK)
    @given(pack_data)
    def test_parsed_data(self, data: Any) -> None:
        """Garbage and damaged parsed data load or raise a ProgressionError."""
        load_pack_data(data)

    @pytest.mark.parametrize("text", ["a = " + "[" * 5000 + "]" * 5000, "a = " + "{b = " * 3000 + "1" + "}" * 3000])
    def test_deep_nesting(self, text: str) -> None:
        """TOML nested deeper than the parser can follow is refused as a RulePackError."""
        with pytest.raises(progression.errors.RulePackError, match="nested too deeply"):
            progression.load_text(text)

    def test_the_undamaged_pack_loads(self) -> None:
        """The text every mutation starts from is a valid pack, so mutations land near valid input."""
        assert "skirmish" == progression.load_text(PACK_TEXT).name


class TestSheetLoader:
    @fuzz(QUICK)
    @given(sheet_texts)
    def test_json_text(self, text: str) -> None:
        """Garbage and damaged JSON text load or raise a ProgressionError."""
        load_sheet_text(text)

    @fuzz(QUICK)
    @given(sheet_data)
    def test_json_data(self, data: Any) -> None:
        """Garbage and damaged sheet data load or raise a ProgressionError."""
        load_sheet_data(data)

    @fuzz(QUICK)
    @given(sheet_bytes)
    def test_bytes(self, data: bytes) -> None:
        """Bytes cut and inserted anywhere (not UTF-8, half a character) load or raise a ProgressionError."""
        load_sheet_bytes(data)

    def test_deep_nesting(self) -> None:
        """JSON nested deeper than the parser can follow is refused as a SheetError."""
        with pytest.raises(progression.errors.SheetError, match="nested too deeply"):
            progression.load_sheet("[" * 100_000)

    def test_the_undamaged_sheet_loads(self) -> None:
        """The data every mutation starts from is a valid sheet."""
        assert a_sheet() == progression.files.structure_sheet(SHEET_DATA)


@pytest.mark.slow
class TestLongFuzz:
    """The same fuzzing, ``PROGRESSION_FUZZ_EXAMPLES`` examples each (``make fuzz``)."""

    @fuzz(LONG)
    @given(pack_texts)
    def test_toml_text(self, text: str) -> None:
        """Garbage and damaged TOML text load or raise a ProgressionError."""
        load_pack_text(text)

    @fuzz(LONG)
    @given(pack_data)
    def test_parsed_data(self, data: Any) -> None:
        """Garbage and damaged parsed data load or raise a ProgressionError."""
        load_pack_data(data)

    @fuzz(LONG)
    @given(sheet_texts)
    def test_json_text(self, text: str) -> None:
        """Garbage and damaged JSON text load or raise a ProgressionError."""
        load_sheet_text(text)

    @fuzz(LONG)
    @given(sheet_data)
    def test_json_data(self, data: Any) -> None:
        """Garbage and damaged sheet data load or raise a ProgressionError."""
        load_sheet_data(data)

    @fuzz(LONG)
    @given(sheet_bytes)
    def test_bytes(self, data: bytes) -> None:
        """Bytes cut and inserted anywhere load or raise a ProgressionError."""
        load_sheet_bytes(data)
