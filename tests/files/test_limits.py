"""The bounds of a sheet file: its size, how deep it nests, and how long a refusal's message may be."""

from __future__ import annotations

import copy
import json
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

import progression
import progression.files
from progression.errors import SHOWN, InvalidInput, SheetError
from progression.files import create_sheet_file, read_sheet_file
from progression.files.checks import DEEPEST
from progression.files.sheets import LARGEST_FILE
from support.builders import market


def ana() -> dict[str, Any]:
    pack = market()
    return progression.files.unstructure_sheet(
        pack.award(pack.new_sheet("adventurer", "Ana"), "purse", 10, reason="wages")
    )


def nested(depth: int) -> dict[str, Any]:
    """Ana's file with her award wrapped in ``depth - 1`` steps, one inside the other (written by hand, so without
    a seal: format 2, read as it is)."""
    data = ana()
    inner: dict[str, Any] = data["ledger"][1]["events"][0]
    for _ in range(depth - 1):
        inner = {"event": "step", "label": "deeper", "events": [inner]}
    data["ledger"][1]["events"][0] = inner
    data["format"] = 2
    del data["seal"]
    return data


def wrapped(depth: int, wrap: str) -> dict[str, Any]:
    """Ana's file with her award ``depth`` deep, each level a member's event or a member's own ledger (by hand,
    so format 2, read as it is)."""
    data = nested(1)
    created, inner = data["ledger"][0], data["ledger"][1]
    for _ in range(depth - 1):
        if wrap == "member":
            inner = {"event": "member", "member": "ana", "entry": inner}
        else:
            inner = {"event": "joined", "member": "ana", "ledger": [created, inner]}
    data["ledger"][1] = inner
    return data


class TestSize:
    def test_a_file_past_the_limit_is_refused_before_it_is_parsed(self) -> None:
        text = json.dumps(ana()) + " " * LARGEST_FILE
        with pytest.raises(SheetError, match=f"a sheet file holds at most {LARGEST_FILE:,} bytes"):
            progression.load_sheet(text)


def long_history(pack: progression.RulePack, entries: int, size: int) -> progression.Sheet:
    """Ana, with ``entries`` milestones of ``size`` characters each (each written twice in her file, as the
    operation's label and the event's): a history as long as wanted, made quickly."""
    sheet = pack.new_sheet("adventurer", "Ana")
    for number in range(entries):
        sheet = progression.mark(sheet, f"{number} " + "x" * size)
    return sheet


class TestNoFileNoLoaderReads:
    def test_a_sheet_past_the_limit_is_not_written(self, tmp_path: Path) -> None:
        """A sheet whose file would hold more than ``LARGEST_FILE`` bytes is refused by ``dump_sheet``, so no
        writer writes it (a competence character settled to level 44,718 was written as a file of 25 MB that
        ``read_sheet_file`` then refused): ``create_sheet_file`` writes nothing, ``SheetFile.save`` leaves the file
        as it was, a store's ``export_file`` writes nothing."""
        pack = market()
        long = long_history(pack, 9, 2**20)
        expected = (
            r"^Sheet 'Ana' would be a file of [\d,]+ bytes \(10 entries\), past the 16,777,216 bytes a sheet file may "
            r"hold: no loader would read it back, so it is not written; keep a history that long in a store "
            r"\(progression\.open_store\)$"
        )
        with pytest.raises(InvalidInput, match=expected):
            progression.dump_sheet(long)
        with pytest.raises(InvalidInput, match=expected):
            create_sheet_file(tmp_path / "ana.json", long)
        saved = create_sheet_file(tmp_path / "kept.json", pack.new_sheet("adventurer", "Ana"))
        with pytest.raises(InvalidInput, match=expected):
            saved.save(long)
        with progression.open_store(tmp_path / "s.sqlite", pack) as store:
            store.add("ana", long)
            with pytest.raises(InvalidInput, match=expected):
                store.export_file("ana", tmp_path / "exported.json")
        assert (["kept.json", "s.sqlite"], saved.sheet) == (
            sorted(p.name for p in tmp_path.iterdir()),
            read_sheet_file(tmp_path / "kept.json").sheet,
        )

    def test_the_largest_that_reads_is_written(self, tmp_path: Path) -> None:
        """A sheet whose file holds up to the limit is written, and reads back whole."""
        pack = market()
        sheet = long_history(pack, 7, 2**20)
        assert sheet == read_sheet_file(create_sheet_file(tmp_path / "ana.json", sheet).path).sheet
        assert LARGEST_FILE - 2**22 < (tmp_path / "ana.json").stat().st_size <= LARGEST_FILE


class TestNesting:
    def test_what_loads_at_the_deepest_saves(self) -> None:
        """Events nested as deep as allowed load, and save again as they were."""
        sheet = progression.files.structure_sheet(nested(DEEPEST - 1), tampered="read")
        assert sheet == progression.load_sheet(progression.dump_sheet(sheet))

    @pytest.mark.parametrize("depth", [DEEPEST + 1, 300])
    def test_deeper_is_refused_at_load(self, depth: int) -> None:
        """300 nested steps once loaded and could never be saved again; now refused, with where."""
        with pytest.raises(SheetError, match=f"nest at most {DEEPEST} deep"):
            progression.load_sheet(json.dumps(nested(depth)), tampered="read")

    @pytest.mark.parametrize("wrap", ["member", "joined"])
    def test_deeper_through_members_is_refused(self, wrap: str) -> None:
        """Members' events and the ledgers members join with nest as steps do, and are counted the same."""
        with pytest.raises(SheetError, match=f"nest at most {DEEPEST} deep"):
            progression.load_sheet(json.dumps(wrapped(DEEPEST + 1, wrap)), tampered="read")

    def test_json_too_deep_for_any_reader(self) -> None:
        """100,000 nested lists: refused as nested too deeply, not a RecursionError."""
        text = '{"format": 2, "pack": "market", "ledger": [' + "[" * 100_000 + "]" * 100_000 + "]}"
        with pytest.raises(SheetError, match="nested too deeply"):
            progression.load_sheet(text)


class TestRefusals:
    def bad_ledger(self, count: int, *, alike: bool = True) -> str:
        """A ledger of ``count`` bad entries after the creation and an award, each refused for the same reason
        (``alike``) or each for its own."""
        data = ana()
        bad = copy.deepcopy(data["ledger"][1])
        for number in range(count):
            bad["events"][0]["amount"] = "many" if alike else f"many {number}"
            data["ledger"].append(copy.deepcopy(bad))
        return json.dumps(data)

    def test_the_message_shows_the_first_problems_and_counts_the_rest(self) -> None:
        """1,000 entries each bad its own way: every problem is kept, the message shows the first ones and
        'and N more'."""
        with pytest.raises(SheetError) as refused:
            progression.load_sheet(self.bad_ledger(1000, alike=False))
        message = str(refused.value)
        assert (1000, True, True) == (
            len(refused.value.problems),
            message.endswith(f"; and {1000 - SHOWN} more"),
            len(message) < 2000,
        )

    def test_a_reason_found_at_many_places_is_said_once(self) -> None:
        """1,000 entries bad the same way: the reason is said once, at its first three places and how many more
        (a review found the same sentence said again and again); every problem is kept."""
        with pytest.raises(SheetError) as refused:
            progression.load_sheet(self.bad_ledger(1000))
        places = ", ".join(f"$.ledger[{n}].events[0].amount" for n in (2, 3, 4))
        assert (
            1000,
            f"sheet <text> does not load: expected an integer, got 'many' @ {places} and 997 more places",
        ) == (
            len(refused.value.problems),
            str(refused.value),
        )

    def test_memory_stays_proportional_to_the_file(self) -> None:
        """Refusing a ledger of a few MB of bad entries takes memory of the order of the file, not of GB."""
        text = self.bad_ledger(5000)
        tracemalloc.start()
        try:
            with pytest.raises(SheetError):
                progression.load_sheet(text)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < 20 * len(text)
