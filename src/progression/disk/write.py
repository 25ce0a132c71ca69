"""Writing a file in one step, never over someone else's change: what every writer of the library shares.

A write goes to a temporary file in the same directory, is flushed to disk, and replaces the file in one
``os.replace``: a crash at any moment leaves either the old file or the new one, whole (and the next write
removes the temporary file a killed one left). Just before replacing, the file is read again and compared
with the fingerprint the caller took when it read it; if another program changed it meanwhile, nothing is
written. The write, the check and the replacement happen under an exclusive lock of the directory
(``flock``), so two writers never both pass the check. Through a symbolic link, the file it names is
written; a read-only file is never replaced, nor anything that is not a regular file.

The refusals say what happened (:class:`~progression.errors.UnwritableFile`,
:class:`~progression.errors.FileChanged`); a caller may word them as its own.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from progression.disk.read import checked_limit, checked_path, read_checked
from progression.errors import FileChanged, InvalidInput, UnwritableFile

__all__ = ["current", "fingerprint", "replace_file", "temporary_prefix"]

#: The most bytes a file is read back to be compared (a sheet file's own limit is smaller).
_LARGEST = 1 << 30


def fingerprint(data: bytes) -> str:
    """The SHA-256 of ``data``, in hex."""
    if not isinstance(data, bytes | bytearray | memoryview):
        msg = f"expected bytes to fingerprint, got {type(data).__name__} {data!r:.60}"
        raise InvalidInput(msg)
    return hashlib.sha256(data).hexdigest()


def current(path: str | os.PathLike[str], limit: int = _LARGEST) -> str | None:
    """The fingerprint of the file at ``path`` now, or None when there is none.

    Raises:
        UnreadableFile: what is there is no regular file, is larger than ``limit``, or cannot be read.
    """
    try:
        return fingerprint(read_checked(checked_path(path, "current"), checked_limit(limit, "current")))
    except FileNotFoundError:
        return None


def replace_file(
    path: str | os.PathLike[str], data: bytes, *, expected: str | None, check: bool = True, limit: int = _LARGEST
) -> None:
    """Replace ``path`` by ``data`` in one step, if it still has the fingerprint ``expected``.

    ``expected`` None means the file must not exist. With ``check`` False the file is
    replaced whatever it holds. Through a symbolic link, the file the link names is replaced
    (the link stays). Temporary files a killed writer left behind are removed first.

    Raises:
        FileChanged: the file is not what the caller read; nothing was written.
        UnwritableFile: the path names what may not be replaced; nothing was written.
        UnreadableFile: what is there cannot be read back to be compared; nothing was written.
        OSError: the write failed; the old file is untouched and no temporary file is left.
    """
    where = checked_path(path, "replace_file")
    if not isinstance(data, bytes | bytearray | memoryview):
        msg = f"expected the bytes to write to {where!r}, got {type(data).__name__} {data!r:.60}"
        raise InvalidInput(msg)
    if expected is not None and not isinstance(expected, str):
        msg = f"expected= is the fingerprint read of {where!r} (a str) or None, got {expected!r:.80}"
        raise InvalidInput(msg)
    if not isinstance(check, bool):
        msg = f"check= (whether {where!r} is compared with expected= first) is True or False, got {check!r}"
        raise InvalidInput(msg)
    checked_limit(limit, "replace_file")
    target = Path(os.path.realpath(where))
    directory = target.parent
    _check_replaceable(where, target)
    with _locked(directory):
        prefix = temporary_prefix(target.name)
        _remove_left_behind(directory, prefix)
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=prefix, suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as stream:
                _write_all(stream, data)
                stream.flush()
                os.fsync(stream.fileno())
            os.chmod(temporary, _mode_for(target))
            if check:
                now = current(target, limit)
                if now != expected:
                    how = "created" if expected is None else "deleted" if now is None else "changed"
                    raise FileChanged(where, how)
            os.replace(temporary, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
    _sync_directory(directory)


def _write_all(stream: BinaryIO, data: bytes) -> None:
    """Write every byte (a seam the crash tests cut in the middle)."""
    stream.write(data)


def _mode_for(path: Path) -> int:
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _check_replaceable(path: str, target: Path) -> None:
    """Refuse to replace what is no regular file (a device such as ``/dev/null``, a pipe: ``sheet new --force``
    would put a sheet in its place) or a file its permissions protect (replacing it would ignore them)."""
    try:
        found = target.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        if not target.parent.is_dir():
            msg = f"{path!r} cannot be written: its folder {str(target.parent)!r} does not exist; nothing was written"
            raise UnwritableFile(path, msg) from None
        return
    if not stat.S_ISREG(found):
        what = "a directory" if stat.S_ISDIR(found) else "not a regular file (a device, a pipe or a socket)"
        msg = f"{str(path)!r} is {what}; nothing was written: give the name of a regular file"
        raise UnwritableFile(path, msg)
    mode = stat.S_IMODE(found)
    if not mode & 0o222 or not os.access(target, os.W_OK):
        msg = (
            f"{str(path)!r} is read-only (mode {mode:04o}); nothing was written: "
            f"make it writable (chmod u+w) to change it"
        )
        raise UnwritableFile(path, msg)


def temporary_prefix(name: str) -> str:
    """The start of a temporary file's name for the file ``name``: short whatever the name's length (a file
    name of 255 bytes leaves no room for more), and the same for every write of that file."""
    return f".progression-{hashlib.sha256(name.encode('utf-8', 'surrogateescape')).hexdigest()[:16]}-"


def _remove_left_behind(directory: Path, prefix: str) -> None:
    """Remove the temporary files of writes that were killed. Every writer makes its temporary file while
    holding the directory's lock, so while this one holds it, any other is left over."""
    with contextlib.suppress(OSError), os.scandir(directory) as entries:
        for entry in entries:
            if entry.name.startswith(prefix) and entry.name.endswith(".tmp"):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


@contextlib.contextmanager
def _locked(directory: Path) -> Iterator[None]:
    """Hold an exclusive lock of ``directory`` (POSIX ``flock``) while writing, checking and replacing a file in it.

    Every writer of this library takes it, so a check and its rename are never interleaved with
    another's. Where ``fcntl`` does not exist (Windows) the write goes on unlocked, as before.
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    handle = os.open(directory, os.O_RDONLY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)  # closing releases the lock


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable (POSIX); harmless where directories cannot be opened."""
    try:
        handle = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover - Windows
        return
    try:
        os.fsync(handle)
    except OSError:  # pragma: no cover - file systems that refuse it
        pass
    finally:
        os.close(handle)
