"""Fuzzing the command line: damaged sheet files and pack files given to the commands that read them.

Whatever a file holds, a command answers with an exit status of 0 (done), 1 (refused by the rules) or 2 (bad
usage or a file that does not load): never 3, the status of a crash. The suite runs a few examples; ``make fuzz``
runs the ``slow`` variants with ``PROGRESSION_FUZZ_EXAMPLES`` examples each. Each command runs in this process
(``progression.cli.main.main``), as the ``progression`` script runs it.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from progression.cli.main import main
from support.fuzzing import LONG, PACK_FILE, QUICK, fuzz, pack_texts, sheet_bytes, sheet_texts

#: A sheet's text as a file holds it: UTF-8, a lone surrogate written as the bytes it would be.
sheet_files = st.one_of(sheet_bytes, sheet_texts.map(lambda text: text.encode("utf-8", "surrogatepass")))
pack_files = pack_texts.map(lambda text: text.encode("utf-8", "surrogatepass"))


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def run(*argv: str) -> tuple[int, str]:
    """The exit status of ``progression ARGV``, and what it wrote on stderr."""
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, err.getvalue()


def sheet_commands(path: Path) -> Iterator[tuple[str, ...]]:
    yield ("sheet", "show", str(path))
    yield ("sheet", "award", str(path), "xp", "1", "--reason", "fuzz", "--pack", str(PACK_FILE))


def pack_commands(path: Path) -> Iterator[tuple[str, ...]]:
    yield ("show", str(path))


def never_crashes(path: Path, data: bytes, commands: Iterator[tuple[str, ...]]) -> None:
    path.write_bytes(data)
    for argv in commands:
        status, err = run(*argv)
        assert status in (0, 1, 2), (argv, status, err)


class TestQuick:
    @fuzz(QUICK)
    @given(sheet_files)
    def test_a_damaged_sheet_file(self, folder: Path, data: bytes) -> None:
        """A sheet file cut, edited, given odd values or bytes that are not UTF-8: shown and changed, or
        refused."""
        never_crashes(folder / "sheet.json", data, sheet_commands(folder / "sheet.json"))

    @fuzz(QUICK)
    @given(pack_files)
    def test_a_damaged_pack_file(self, folder: Path, data: bytes) -> None:
        """A pack file edited or made of garbage: shown, or refused."""
        never_crashes(folder / "pack.toml", data, pack_commands(folder / "pack.toml"))

    def test_a_crash_is_caught(self, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """What the fuzz looks for is seen: a command that crashes exits 3, and the check fails on it."""
        import progression.files.sheets

        def crash(*args: object, **kwargs: object) -> None:
            raise KeyError("boom")

        monkeypatch.setattr(progression.files.sheets, "structured", crash)
        monkeypatch.delenv("PROGRESSION_DEBUG", raising=False)
        (folder / "good.json").write_bytes(b'{"format": 2, "pack": "skirmish", "ledger": []}')
        assert 3 == run("sheet", "show", str(folder / "good.json"))[0]
        with pytest.raises(AssertionError):
            never_crashes(
                folder / "good.json", (folder / "good.json").read_bytes(), sheet_commands(folder / "good.json")
            )


@pytest.mark.slow
class TestLongFuzz:
    """The same, ``PROGRESSION_FUZZ_EXAMPLES`` examples each (``make fuzz``): twice that many sheet files (cut
    bytes, and edited text) and twice that many pack files."""

    @fuzz(LONG)
    @given(sheet_bytes)
    def test_a_sheet_file_of_cut_bytes(self, folder: Path, data: bytes) -> None:
        never_crashes(folder / "sheet.json", data, sheet_commands(folder / "sheet.json"))

    @fuzz(LONG)
    @given(sheet_texts.map(lambda text: text.encode("utf-8", "surrogatepass")))
    def test_a_sheet_file_of_edited_text(self, folder: Path, data: bytes) -> None:
        never_crashes(folder / "sheet.json", data, sheet_commands(folder / "sheet.json"))

    @fuzz(2 * LONG)
    @given(pack_files)
    def test_a_pack_file(self, folder: Path, data: bytes) -> None:
        never_crashes(folder / "pack.toml", data, pack_commands(folder / "pack.toml"))
