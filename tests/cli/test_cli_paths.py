"""The paths a command is given: links written through, read-only files kept, only regular files read, any name."""

from __future__ import annotations

import os
import stat
import threading
from collections.abc import Callable
from pathlib import Path

from cli_support import SKIRMISH, Result

import progression
from progression.files.sheets import LARGEST_FILE

Run = Callable[..., Result]


def entries(path: Path) -> int:
    return len(progression.load_sheet(path.read_bytes()).ledger)


class TestLinks:
    def test_a_write_through_a_link_changes_the_file_it_names(self, run: Run, sheet_file: Path) -> None:
        """``mark link.json`` changes the real file, and the link stays a link."""
        link = sheet_file.parent / "link.json"
        link.symlink_to(sheet_file.name)
        before = entries(sheet_file)
        assert 0 == run("sheet", "mark", str(link), "session 2", "--pack", SKIRMISH).status
        assert (True, before + 1) == (link.is_symlink(), entries(sheet_file))


class TestPermissions:
    def test_a_read_only_sheet_is_not_replaced(self, run: Run, sheet_file: Path) -> None:
        """A sheet made read-only (0444) is refused, naming the permission; the file is unchanged."""
        before = sheet_file.read_bytes()
        sheet_file.chmod(0o444)
        result = run("sheet", "mark", str(sheet_file), "session 2", "--pack", SKIRMISH)
        assert (2, True, before) == (result.status, "is read-only (mode 0444)" in result.err, sheet_file.read_bytes())


class TestWhatIsReplaced:
    def test_new_force_does_not_replace_a_pipe(self, run: Run, tmp_path: Path) -> None:
        """``sheet new --force`` over a FIFO (as over ``/dev/null``) is refused, naming what is there: it replaced
        the pipe, or the device, with a sheet file (found attacking item 8 of issue 19)."""
        fifo = tmp_path / "team.json"
        os.mkfifo(fifo)
        result = run("sheet", "new", str(fifo), "--force", "--pack", SKIRMISH, "--kind", "hero", "--name", "Ana")
        assert (2, True, True) == (
            result.status,
            "is not a regular file (a device, a pipe or a socket); nothing was written" in result.err,
            stat.S_ISFIFO(fifo.stat().st_mode),
        )


class TestWhatIsRead:
    def test_a_directory(self, run: Run, tmp_path: Path) -> None:
        result = run("sheet", "show", str(tmp_path))
        assert (2, True) == (result.status, "it is a directory" in result.err)

    def test_a_device_is_not_read(self, run: Run) -> None:
        """``/dev/zero`` would fill the memory: it is refused as not a regular file."""
        result = run("sheet", "show", "/dev/zero")
        assert (2, True) == (result.status, "not a regular file" in result.err)

    def test_a_pipe_does_not_hang(self, run: Run, tmp_path: Path) -> None:
        """A FIFO with no writer is refused at once (reading it would wait forever)."""
        fifo = tmp_path / "team.json"
        os.mkfifo(fifo)
        outcome: list[Result] = []
        reader = threading.Thread(target=lambda: outcome.append(run("sheet", "show", str(fifo))), daemon=True)
        reader.start()
        reader.join(timeout=20)
        assert (False, 2, True) == (reader.is_alive(), outcome[0].status, "not a regular file" in outcome[0].err)

    def test_a_file_past_the_size_limit(self, run: Run, tmp_path: Path) -> None:
        """A file larger than a sheet may be is refused before it is parsed, with the limit."""
        big = tmp_path / "big.json"
        with big.open("wb") as stream:
            stream.truncate(LARGEST_FILE + 1)
        result = run("sheet", "show", str(big))
        assert (2, True) == (result.status, f"larger than the {LARGEST_FILE:,} bytes" in result.err)

    def test_a_pack_file_that_is_a_device(self) -> None:
        with __import__("pytest").raises(progression.errors.RulePackError, match="not a regular file"):
            progression.load_file("/dev/zero")


class TestTemporaryFiles:
    def test_a_killed_writes_temporary_file_is_removed_by_the_next_write(self, run: Run, sheet_file: Path) -> None:
        """A temporary file a killed write left (same name pattern) is gone after the next write."""
        assert 0 == run("sheet", "mark", str(sheet_file), "one", "--pack", SKIRMISH).status
        from progression.disk.write import temporary_prefix

        left = sheet_file.parent / f"{temporary_prefix(sheet_file.name)}killed.tmp"
        left.write_bytes(b"half a sheet")
        assert 0 == run("sheet", "mark", str(sheet_file), "two", "--pack", SKIRMISH).status
        assert [] == [p.name for p in sheet_file.parent.iterdir() if p.name.endswith(".tmp")]

    def test_a_name_of_255_bytes(self, run: Run, tmp_path: Path) -> None:
        """The longest file name a file system allows can be created and written (the temporary name fits)."""
        path = tmp_path / ("a" * 250 + ".json")
        assert 0 == run("sheet", "new", str(path), "--pack", SKIRMISH, "--kind", "hero", "--name", "Ana").status
        assert 0 == run("sheet", "mark", str(path), "one", "--pack", SKIRMISH).status
        assert 2 == len(progression.load_sheet(path.read_bytes()).ledger)
