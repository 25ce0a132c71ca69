"""The generated ledger writers: the converter's data and json's text, without the converter."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given

import progression
import progression.files
from progression import Effect
from progression.events import Awarded, Created, Event, Purchased, Started, Step
from progression.files.ledger_write import encode, event_lines, write_ledger
from support.builders import FEW
from support.ledgers import ledgers


def converted(ledger: tuple[Event, ...]) -> list[object]:
    """The ledger as the cattrs converter writes it."""
    return [progression.files.converter.unstructure(event, Event) for event in ledger]


def json_lines(ledger: tuple[Event, ...]) -> list[str]:
    """Each entry as ``json.dumps`` writes the converter's data for it."""
    return [json.dumps(entry, ensure_ascii=False) for entry in converted(ledger)]


class TestData:
    @FEW
    @given(ledgers)
    def test_same_data_as_the_converter(self, ledger: tuple[Event, ...]) -> None:
        """Every event, nested or not, is written as the converter writes it: same keys, same order."""
        written = write_ledger(ledger)
        assert (converted(ledger), [list(entry) for entry in converted(ledger)]) == (
            written,
            [list(entry) for entry in written],
        )

    def test_values_of_other_types_go_through_the_converter(self) -> None:
        """A mapping value that is not a plain value is written by the converter, as before."""
        ledger = (Created(pack="p", kind="k", stats={"share": Fraction(1, 3)}),)  # type: ignore[dict-item]
        assert converted(ledger) == write_ledger(ledger)


class TestText:
    @FEW
    @given(ledgers)
    def test_same_text_as_json(self, ledger: tuple[Event, ...]) -> None:
        """Each line is what ``json.dumps(..., ensure_ascii=False)`` gives for the converter's data."""
        assert json_lines(ledger) == event_lines(ledger)

    def test_values_json_writes_its_own_way(self) -> None:
        """Booleans, floats, non-text keys, non-ASCII and escaped texts are written as json writes them."""
        ledger = (
            Created(pack="pé", kind='k"\\\n\x00', pools={1: 2}, stats={"x": True, "y": 1.5}),  # type: ignore[dict-item]
            Awarded(pool="spp", amount=True, reason="🎲"),
            Started(upgrade="u", args={"flag": False, "n": 2, "t": "x"}),
            Purchased(upgrade="u", choice="c", effect=Effect(untag=("a", "b"))),
            Step(label="s", events=()),
        )
        assert json_lines(ledger) == event_lines(ledger)

    def test_sheet_file_layout(self) -> None:
        """A sheet file is its format, pack, one ledger entry per line, and its seal."""
        sheet = progression.replay([Created(pack="pack", kind="k"), Awarded(pool="spp", amount=2)])
        expected = (
            '{\n "format": 4,\n "pack": "pack",\n "ledger": [\n'
            '  {"event": "created", "pack": "pack", "kind": "k", "name": "", "rules": "", "pools": {}, "stats": {}, '
            '"owned": {}, "tags": {}},\n'
            '  {"event": "awarded", "pool": "spp", "amount": 2, "reason": ""}\n ],\n'
            f' "seal": "{progression.files.sheets.seal(sheet)}"\n}}'
        )
        assert expected == progression.dump_sheet(sheet)

    def test_encode_is_json_dumps(self) -> None:
        """The shared encoder gives ``json.dumps(value, ensure_ascii=False)``, and refuses what json refuses."""
        value = {"a": ["é", 1.5, None, True, float("inf")], "b": {"c": -(2**70)}}
        assert json.dumps(value, ensure_ascii=False) == encode(value)
        with pytest.raises(TypeError, match="is not JSON serializable"):
            encode({"a": object()})
