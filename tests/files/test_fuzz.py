"""Fuzzing the edges: garbage into the pack loader (TOML text, parsed data) and the sheet loader (JSON).

Whatever comes in, the loaders answer with a ``ProgressionError`` or a result: never another
exception, never a hang. The suite runs a few examples; ``make fuzz`` sets
``PROGRESSION_FUZZ_EXAMPLES`` and runs the ``slow`` variants far longer.
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import progression
from progression import Sheet
from progression.errors import ProgressionError
from support.ledgers import damaged

PACK_FILE = Path(__file__).parents[1] / "support" / "packs" / "skirmish.toml"
PACK_TEXT = PACK_FILE.read_text(encoding="utf-8")
PACK_DATA = tomllib.loads(PACK_TEXT)

#: Examples per fuzz test in the normal suite, and in ``make fuzz``.
QUICK = 30
LONG = int(os.environ.get("PROGRESSION_FUZZ_EXAMPLES", "2000"))
#: Any single example slower than this is a hang.
DEADLINE = timedelta(seconds=5)


def fuzz(examples: int) -> settings:
    """Settings for a fuzz run: ``examples`` examples, each under the deadline."""
    return settings(
        max_examples=examples,
        deadline=DEADLINE,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def a_sheet() -> Sheet:
    """A sheet with every kind of ledger entry the skirmish pack makes."""
    pack = progression.load_file(PACK_FILE)
    hero = pack.new_sheet("hero", "Ana")
    hero = pack.award(hero, "xp", 25, reason="crypt")
    hero = pack.purchase(hero, "level_up")
    hero = pack.purchase(hero, "toughness")
    hero = progression.mark(hero, "session 1")
    party = progression.join(pack.new_sheet("party", "Party"), "ana", hero)
    return pack.award(party, "purse", 30, reason="loot", member=None)


SHEET_DATA = progression.dumps(a_sheet())
SHEET_TEXT = json.dumps(SHEET_DATA)

# -- garbage ------------------------------------------------------------------------

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(["format", "pack", "event", "created", "awarded", "xp", "level", "hero", "{choice}", ""]),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


def mutated(data: Any) -> st.SearchStrategy[Any]:
    """``data`` with some nodes replaced by garbage, deleted or added under any key: mostly right, wrong somewhere."""
    return damaged(data, replacements=values, new_keys=st.text(max_size=8), one_in=6)


@st.composite
def edited(draw: st.DrawFn, text: str) -> str:
    """``text`` with a few characters cut, repeated or inserted."""
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 20))
        insert = draw(st.text(alphabet='[]{}=",.\n #\\01aé-', max_size=10))
        text = text[:at] + insert + text[at + cut :]
    return text


def only_progression_errors(load: Callable[[], object]) -> None:
    """Run a loader: a result or a ProgressionError are fine; anything else fails the test."""
    try:
        load()
    except ProgressionError:
        return


def load_pack_text(text: str) -> None:
    only_progression_errors(lambda: progression.load_text(text, "<fuzz>"))


def load_pack_data(data: Any) -> None:
    only_progression_errors(lambda: progression.read_pack(data, "<fuzz>", {}))


def load_sheet_text(text: str) -> None:
    only_progression_errors(lambda: progression.load_sheet(text, "<fuzz>"))


def load_sheet_data(data: Any) -> None:
    only_progression_errors(lambda: progression.loads(data, "<fuzz>"))


pack_texts = st.one_of(st.text(max_size=200), edited(PACK_TEXT))
pack_data = st.one_of(values, mutated(PACK_DATA))
sheet_texts = st.one_of(st.text(max_size=200), edited(SHEET_TEXT))
sheet_data = st.one_of(values, mutated(SHEET_DATA))


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

    def test_deep_nesting(self) -> None:
        """JSON nested deeper than the parser can follow is refused as a SheetError."""
        with pytest.raises(progression.errors.SheetError, match="nested too deeply"):
            progression.load_sheet("[" * 100_000)

    def test_the_undamaged_sheet_loads(self) -> None:
        """The data every mutation starts from is a valid sheet."""
        assert a_sheet() == progression.loads(SHEET_DATA)


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
