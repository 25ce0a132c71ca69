"""The user's files read and written safely (``progression.disk``), through its public names."""

from __future__ import annotations

import os
import pickle
import stat
from pathlib import Path

import pytest

from progression.disk import current, fingerprint, read_regular, replace_file
from progression.errors import (
    FileChanged,
    InvalidInput,
    MissingFile,
    ProgressionError,
    UnreadableFile,
    UnwritableFile,
)


class TestRead:
    def test_a_regular_file_is_read_whole(self, tmp_path: Path) -> None:
        (tmp_path / "a.toml").write_bytes(b"x = 1\n")
        assert b"x = 1\n" == read_regular(tmp_path / "a.toml", 100)

    def test_a_file_over_the_limit_is_refused_unread(self, tmp_path: Path) -> None:
        (tmp_path / "big").write_bytes(b"x" * 101)
        with pytest.raises(UnreadableFile) as refused:
            read_regular(tmp_path / "big", 100)
        assert ("it is larger than the 100 bytes a file may hold", str(tmp_path / "big")) == (
            refused.value.reason,
            refused.value.path,
        )
        assert str(refused.value) == f"cannot read {str(tmp_path / 'big')!r}: {refused.value.reason}"

    def test_a_directory_and_a_pipe_are_refused_without_blocking(self, tmp_path: Path) -> None:
        os.mkfifo(tmp_path / "pipe")
        reasons = []
        for path in (tmp_path, tmp_path / "pipe"):
            with pytest.raises(UnreadableFile) as refused:
                read_regular(path, 100)
            reasons.append(refused.value.reason)
        assert ["it is a directory", "it is not a regular file (a device, a pipe or a socket)"] == reasons

    def test_nothing_there_is_a_missing_file(self, tmp_path: Path) -> None:
        """A ``MissingFile``, which is a ``FileNotFoundError`` too (a dangling link as well)."""
        (tmp_path / "link").symlink_to(tmp_path / "gone")
        for path in (tmp_path / "none", tmp_path / "link"):
            with pytest.raises(MissingFile) as refused:
                read_regular(path, 100)
            assert isinstance(refused.value, FileNotFoundError)
            assert f"cannot read {str(path)!r}: expected a file there, found nothing" == str(refused.value)

    @pytest.mark.parametrize(
        ("path", "limit"), [(None, 10), ("", 10), ("a\0b", 10), ("a", -1), ("a", True), ("a", 10**30), ("a", 1.5)]
    )
    def test_what_is_no_path_or_no_limit_is_refused(self, path: object, limit: object) -> None:
        with pytest.raises(InvalidInput, match=r"^expected .* given to read_regular, got "):
            read_regular(path, limit)  # type: ignore[arg-type]


class TestWrite:
    def test_a_new_file_is_written_and_then_replaced_when_unchanged(self, tmp_path: Path) -> None:
        target = tmp_path / "s.json"
        replace_file(target, b"one", expected=None)
        replace_file(target, b"two", expected=fingerprint(b"one"))
        assert (b"two", fingerprint(b"two")) == (target.read_bytes(), current(target))

    @pytest.mark.parametrize(
        ("now", "expected", "how"),
        [(b"theirs", fingerprint(b"mine"), "changed"), (None, fingerprint(b"mine"), "deleted")],
    )
    def test_a_file_changed_meanwhile_is_never_overwritten(
        self, tmp_path: Path, now: bytes | None, expected: str, how: str
    ) -> None:
        target = tmp_path / "s.json"
        if now is not None:
            target.write_bytes(now)
        with pytest.raises(FileChanged) as refused:
            replace_file(target, b"new", expected=expected)
        assert (how, now) == (refused.value.how, target.read_bytes() if target.exists() else None)
        assert "by someone else since it was read; nothing was written" in str(refused.value)

    def test_a_file_created_meanwhile_is_kept(self, tmp_path: Path) -> None:
        target = tmp_path / "s.json"
        target.write_bytes(b"theirs")
        with pytest.raises(FileChanged, match="was created by someone else"):
            replace_file(target, b"new", expected=None)
        assert b"theirs" == target.read_bytes()

    def test_a_read_only_file_is_refused_naming_the_permission(self, tmp_path: Path) -> None:
        target = tmp_path / "s.json"
        target.write_bytes(b"old")
        target.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
        try:
            with pytest.raises(UnwritableFile, match=r"is read-only \(mode 0444\); nothing was written"):
                replace_file(target, b"new", expected=fingerprint(b"old"))
        finally:
            target.chmod(0o644)
        assert b"old" == target.read_bytes()

    @pytest.mark.parametrize(
        ("path", "data", "expected", "says"),
        [
            (None, b"x", None, "expected a file path"),
            ("s.json", "text", None, "expected the bytes to write"),
            ("s.json", b"x", 3, "expected= is the fingerprint read"),
        ],
    )
    def test_bad_arguments_are_refused_before_anything_is_written(
        self, tmp_path: Path, path: object, data: object, expected: object, says: str
    ) -> None:
        where = tmp_path / path if isinstance(path, str) else path
        with pytest.raises(InvalidInput, match=says):
            replace_file(where, data, expected=expected)  # type: ignore[arg-type]
        assert [] == list(tmp_path.iterdir())

    def test_a_limit_or_a_check_that_cannot_mean_anything_is_refused_naming_the_function(self, tmp_path: Path) -> None:
        target = tmp_path / "s.json"
        with pytest.raises(
            InvalidInput, match=r"^expected a number of bytes from 0 to .* as the limit given to current, got"
        ):
            current(target, -5)
        with pytest.raises(
            InvalidInput, match=r"^expected a number of bytes from 0 to .* as the limit given to replace_file, got"
        ):
            replace_file(target, b"x", expected=None, limit=-1)
        with pytest.raises(
            InvalidInput, match=r"^check= \(whether .* is compared with expected= first\) is True or False, got 'no'"
        ):
            replace_file(target, b"x", expected=None, check="no")  # type: ignore[arg-type]
        assert [] == list(tmp_path.iterdir())

    @pytest.mark.parametrize("folder", ["nowhere", "file"])
    def test_a_file_in_no_folder_is_refused(self, tmp_path: Path, folder: str) -> None:
        (tmp_path / "file").write_bytes(b"a file, not a folder")
        with pytest.raises(UnwritableFile, match="does not exist; nothing was written"):
            replace_file(tmp_path / folder / "s.json", b"x", expected=None)

    def test_a_fingerprint_is_of_bytes(self) -> None:
        with pytest.raises(InvalidInput, match=r"^expected bytes to fingerprint, got str 'text'"):
            fingerprint("text")  # type: ignore[arg-type]


def test_the_refusals_are_the_librarys_and_the_systems() -> None:
    """Caught as a ProgressionError, and, where the system's meaning is shared, as an OSError."""
    found = {kind.__name__: (issubclass(kind, ProgressionError), issubclass(kind, OSError)) for kind in KINDS}
    assert {"UnreadableFile": (True, True), "UnwritableFile": (True, True), "FileChanged": (True, False)} == found


KINDS = (UnreadableFile, UnwritableFile, FileChanged)


def test_the_refusals_cross_processes_whole() -> None:
    """Pickled (a study's worker sends its error back), each comes back with its message and its fields."""
    refusals = [
        UnreadableFile("a.json", "it is a directory"),
        MissingFile("b.json"),
        UnwritableFile("c.json", "'c.json' is read-only (mode 0444); nothing was written"),
        FileChanged("d.json", "deleted"),
    ]
    back = [pickle.loads(pickle.dumps(refusal)) for refusal in refusals]
    assert [(type(r), str(r), r.path) for r in refusals] == [(type(r), str(r), r.path) for r in back]
