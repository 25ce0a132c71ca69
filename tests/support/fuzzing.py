"""What the fuzz tests share: the inputs they damage (a pack's TOML, a sheet's JSON), the damage (garbage values,
edits, byte cuts, odd values), and the settings of a quick run (``make test``) and a long one (``make fuzz``)."""

from __future__ import annotations

import json
import os
import tomllib
from datetime import timedelta
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import progression
import progression.files
from progression import Sheet
from support.ledgers import damaged

PACK_FILE = Path(__file__).parent / "packs" / "skirmish.toml"
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


SHEET_DATA = progression.files.unstructure_sheet(a_sheet())
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


@st.composite
def cut_bytes(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` with a few byte runs cut, and any bytes put in (a non-UTF-8 byte, half a character, a surrogate
    written as UTF-8), as a disk or a transfer could leave it."""
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        cut = draw(st.integers(0, 40))
        insert = draw(st.one_of(st.binary(max_size=6), st.sampled_from([b"\xff", b"\xed\xa0\x80", b"\xc3", b"\x00"])))
        data = data[:at] + insert + data[at + cut :]
    return data


#: Values no game holds, put where a value goes: huge numbers, escapes of lone surrogates, deep nesting.
ODD_JSON = st.one_of(
    st.integers(16, 5000).map(lambda n: "9" * n),
    st.sampled_from(['"\\ud800"', '"a\\udfff"', '"\\u0000"', "1e400", "-0", "1.5"]),
    st.integers(30, 3000).map(lambda n: "[" * n + "]" * n),
    st.integers(30, 400).map(lambda n: '{"event": "step", "label": "x", "events": [' * n + "]}" * n),
)


@st.composite
def odd_values(draw: st.DrawFn, text: str) -> str:
    """``text`` with one number or text replaced by an odd value (:data:`ODD_JSON`)."""
    spots = [i for i, c in enumerate(text) if c in '0123456789"' and text[i - 1] in " [:"]
    at = draw(st.sampled_from(spots))
    end = at + 1
    if text[at] == '"':
        end = text.index('"', at + 1) + 1
    else:
        while text[end].isdigit():
            end += 1
    return text[:at] + draw(ODD_JSON) + text[end:]


pack_texts = st.one_of(st.text(max_size=200), edited(PACK_TEXT))
pack_data = st.one_of(values, mutated(PACK_DATA))
sheet_texts = st.one_of(st.text(max_size=200), edited(SHEET_TEXT), odd_values(SHEET_TEXT))
sheet_data = st.one_of(values, mutated(SHEET_DATA))
sheet_bytes = cut_bytes(SHEET_TEXT.encode("utf-8"))
