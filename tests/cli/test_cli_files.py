"""Sheet files: atomic writes that survive a crash, and no silent overwrite of someone else's change."""

from __future__ import annotations

import os
import shlex
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

import pytest
from cli_support import SKIRMISH, Result

import progression
import progression.disk.write as _writing
from progression.cli import files as _cli_files
from progression.cli.files import Conflict, atomic_write, read_sheet, write_sheet
from progression.disk import fingerprint

Run = Callable[..., Result]


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


class TestCrash:
    def test_crash_in_the_middle_of_the_write(
        self, run: Run, sheet_file: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A write that dies halfway leaves the old file whole and no temporary file behind."""
        before = sheet_file.read_bytes()

        def half_then_crash(stream: BinaryIO, data: bytes) -> None:
            stream.write(data[: len(data) // 2])
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(_writing, "_write_all", half_then_crash)
        result = run("sheet", "buy", str(sheet_file), "level_up", "--pack", SKIRMISH)
        assert 2 == result.status
        assert "No space left on device" in result.err
        assert before == sheet_file.read_bytes()
        assert [] == leftovers(sheet_file.parent)
        assert 2 == len(progression.load_sheet(sheet_file.read_bytes()).ledger)

    def test_crash_at_the_rename(self, run: Run, sheet_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """If the final rename fails, the old content stays whole and the temporary file is removed."""
        before = sheet_file.read_bytes()

        def fail(source: str, target: str) -> None:
            raise OSError(5, "Input/output error")

        monkeypatch.setattr(os, "replace", fail)
        result = run("sheet", "mark", str(sheet_file), "session 2", "--pack", SKIRMISH)
        assert 2 == result.status
        assert before == sheet_file.read_bytes()
        assert [] == leftovers(sheet_file.parent)

    def test_interrupted_write(self, sheet_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """Even an interruption (not an error) between write and rename leaves the old file and no temp file."""
        before = sheet_file.read_bytes()

        def interrupted(handle: int) -> None:
            raise KeyboardInterrupt

        monkeypatch.setattr(os, "fsync", interrupted)
        with pytest.raises(KeyboardInterrupt):
            atomic_write(sheet_file, b"{}", expected=fingerprint(before))
        assert before == sheet_file.read_bytes()
        assert [] == leftovers(sheet_file.parent)


class TestConflict:
    def test_change_by_someone_else_is_not_overwritten(self, sheet_file: Path) -> None:
        """A file changed after it was read is refused with Conflict; the other change stays."""
        opened = read_sheet(sheet_file)
        theirs = sheet_file.read_bytes().replace(b"the crypt", b"the tomb!")
        sheet_file.write_bytes(theirs)
        with pytest.raises(Conflict, match="was changed by someone else since this command read it"):
            write_sheet(opened, progression.mark(opened.sheet, "mine"))
        assert theirs == sheet_file.read_bytes()
        assert [] == leftovers(sheet_file.parent)

    def test_conflict_exits_1(self, run: Run, sheet_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """Through the command, a concurrent change is a refusal (exit 1) and the file keeps the other change."""
        real = _cli_files.read_sheet

        def read_then_someone_writes(path: str | Path, **read: Any) -> _cli_files.SheetFile:
            opened = real(path, **read)
            Path(path).write_bytes(Path(path).read_bytes() + b" ")
            return opened

        monkeypatch.setattr("progression.cli.sheet.read_sheet", read_then_someone_writes)
        result = run("sheet", "mark", str(sheet_file), "m", "--pack", SKIRMISH)
        assert 1 == result.status
        assert "nothing was written: run the command again" in result.err
        assert sheet_file.read_bytes().endswith(b"\n ")

    def test_deleted_meanwhile(self, sheet_file: Path) -> None:
        """A file deleted after it was read is not recreated."""
        opened = read_sheet(sheet_file)
        sheet_file.unlink()
        with pytest.raises(Conflict, match="was deleted by someone else"):
            write_sheet(opened, opened.sheet)
        assert not sheet_file.exists()


class TestReadAndWrite:
    def test_write_keeps_the_file_mode(self, sheet_file: Path) -> None:
        """Replacing a file keeps its permissions (the temporary file starts private)."""
        sheet_file.chmod(0o640)
        opened = read_sheet(sheet_file)
        write_sheet(opened, progression.mark(opened.sheet, "m"))
        assert 0o640 == stat.S_IMODE(sheet_file.stat().st_mode)

    def test_missing_file(self, run: Run, tmp_path: Path) -> None:
        """A missing sheet file is bad usage, with how to create one: with the pack given (it said PACK), the kind
        left to choose said in words with the pack's kinds."""
        result = run("sheet", "show", str(tmp_path / "nope.json"), "--pack", SKIRMISH)
        assert 2 == result.status
        made = f"progression sheet new {tmp_path / 'nope.json'} --pack {SKIRMISH} --kind KIND"
        assert result.err.endswith(  # a whole command, not `sheet new`
            f"does not exist; create it with `{made}`, KIND the kind of sheet the pack makes: hero, party\n"
        )

    def test_missing_file_of_a_pack_of_one_kind(self, run: Run, tmp_path: Path) -> None:
        """A pack that makes sheets of one kind gives the kind too: the command runs as written."""
        result = run("sheet", "show", str(tmp_path / "nope.json"), "--pack", "competence")
        made = f"progression sheet new {tmp_path / 'nope.json'} --pack competence --kind character"
        assert result.err.endswith(f"create it with `{made}`\n")
        assert 0 == run(*shlex.split(made)[1:]).status

    def test_missing_file_without_a_pack(self, run: Run, tmp_path: Path) -> None:
        """Without --pack, the pack and the kind are placeholders, each said in words with where to find it."""
        result = run("sheet", "show", str(tmp_path / "nope.json"))
        made = f"progression sheet new {tmp_path / 'nope.json'} --pack PACK --kind KIND"
        assert result.err.endswith(
            f"create it with `{made}`, PACK a rule pack (`progression packs` lists them) and KIND the kind of "
            "sheet it makes (`progression show PACK` lists them)\n"
        )

    def test_broken_file(self, run: Run, tmp_path: Path) -> None:
        """A file that is not a sheet is bad usage, saying where it breaks."""
        path = tmp_path / "bad.json"
        path.write_text('{"format": 1, "pack": "skirmish", "ledger": [', encoding="utf-8")
        result = run("sheet", "show", str(path), "--pack", SKIRMISH)
        assert 2 == result.status
        assert result.err.startswith(f"progression: sheet {path} does not load: not valid JSON")

    def test_round_trip(self, sheet_file: Path) -> None:
        """What is written reads back as the same sheet."""
        opened = read_sheet(sheet_file)
        after = progression.mark(opened.sheet, "m")
        write_sheet(opened, after)
        assert after == read_sheet(sheet_file).sheet
