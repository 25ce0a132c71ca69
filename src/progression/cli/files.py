"""Sheet files on disk: read with a fingerprint, written atomically, never over someone else's change.

A write goes to a temporary file in the same directory, is flushed to disk, and
replaces the sheet file in one ``os.replace``: a crash at any moment leaves either
the old file or the new one, whole (and the next write removes the temporary file
a killed one left). Just before replacing, the file is read again and compared
with the fingerprint taken when the command read it; if another program changed
it meanwhile, nothing is written and the command is refused. The write, the check
and the replacement happen under an exclusive lock of the directory (``flock``),
so two writers never both pass the check: one waits for the other, then finds the
file changed and is refused. No update is lost. Only regular files are read, up to
:data:`~progression.files.sheets.LARGEST_FILE` bytes; through a symbolic link, the
file it names is written; a read-only file is never replaced, nor anything that is not a regular file.
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

import attrs

from progression._reading import Unreadable, read_regular
from progression.cli.args import UsageError
from progression.errors import ProgressionError
from progression.files.sheets import LARGEST_FILE, dump_sheet, load_sheet
from progression.ledger.sheet import Sheet

__all__ = ["Conflict", "SheetFile", "create_sheet", "read_sheet", "write_sheet"]


class Conflict(ProgressionError):
    """The sheet file changed on disk after the command read it: nothing was written (exit status 1)."""


@attrs.frozen(kw_only=True)
class SheetFile:
    """A sheet as read from a file, with the fingerprint of the bytes it came from."""

    path: Path
    #: SHA-256 of the bytes read, or None when the file did not exist.
    digest: str | None
    sheet: Sheet


def fingerprint(data: bytes) -> str:
    """The SHA-256 of ``data``, in hex."""
    return hashlib.sha256(data).hexdigest()


def _current(path: Path) -> str | None:
    try:
        return fingerprint(read_regular(path, LARGEST_FILE))
    except FileNotFoundError:
        return None
    except Unreadable as error:
        msg = f"{str(path)!r} cannot be replaced: {error}; nothing was written"
        raise Conflict(msg) from None


def read_sheet(path: str | Path) -> SheetFile:
    """Read and check a sheet file.

    Raises:
        UsageError: the file is missing or unreadable.
        SheetError: the file is not a valid sheet.
    """
    file = Path(path)
    try:
        data = read_regular(file, LARGEST_FILE)
    except FileNotFoundError:
        msg = f"sheet file {str(file)!r} does not exist; create it with `progression sheet new`"
        raise UsageError(msg) from None
    except Unreadable as error:
        msg = f"cannot read sheet file {str(file)!r}: {error}"
        raise UsageError(msg) from None
    return SheetFile(path=file, digest=fingerprint(data), sheet=load_sheet(data, str(file)))


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


def atomic_write(path: Path, data: bytes, *, expected: str | None, check: bool = True) -> None:
    """Replace ``path`` by ``data`` in one step, if it still has the fingerprint ``expected``.

    ``expected`` None means the file must not exist. With ``check`` False the file is
    replaced whatever it holds. Through a symbolic link, the file the link names is replaced
    (the link stays). Temporary files a killed writer left behind are removed first.

    Raises:
        Conflict: the file is not what the caller read; nothing was written.
        UsageError: the file is read-only; nothing was written.
        OSError: the write failed; the old file is untouched and no temporary file is left.
    """
    target = Path(os.path.realpath(path))
    directory = target.parent
    _check_replaceable(path, target)
    with _locked(directory):
        prefix = _temporary_prefix(target.name)
        _remove_left_behind(directory, prefix)
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=prefix, suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as stream:
                _write_all(stream, data)
                stream.flush()
                os.fsync(stream.fileno())
            os.chmod(temporary, _mode_for(target))
            if check:
                now = _current(target)
                if now != expected:
                    if expected is None:
                        msg = f"{str(path)!r} was created by someone else meanwhile; nothing was written"
                    else:
                        what = "deleted" if now is None else "changed"
                        msg = (
                            f"sheet file {str(path)!r} was {what} by someone else since this command read it; "
                            "nothing was written: run the command again on the new content"
                        )
                    raise Conflict(msg)
            os.replace(temporary, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
    _sync_directory(directory)


def _check_replaceable(path: Path, target: Path) -> None:
    """Refuse to replace what is no regular file (a device such as ``/dev/null``, a pipe: ``sheet new --force``
    would put a sheet in its place) or a file its permissions protect (replacing it would ignore them)."""
    try:
        found = target.stat().st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(found):
        what = "a directory" if stat.S_ISDIR(found) else "not a regular file (a device, a pipe or a socket)"
        msg = f"{str(path)!r} is {what}; nothing was written: give the name of a sheet file"
        raise UsageError(msg)
    mode = stat.S_IMODE(found)
    if not mode & 0o222 or not os.access(target, os.W_OK):
        msg = (
            f"sheet file {str(path)!r} is read-only (mode {mode:04o}); nothing was written: "
            f"make it writable (chmod u+w) to change it"
        )
        raise UsageError(msg)


def _temporary_prefix(name: str) -> str:
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


def encode(sheet: Sheet) -> bytes:
    """The bytes of a sheet file."""
    return (dump_sheet(sheet) + "\n").encode("utf-8")


def write_sheet(file: SheetFile, sheet: Sheet) -> None:
    """Save ``sheet`` over the file it was read from, refusing if the file changed since."""
    atomic_write(file.path, encode(sheet), expected=file.digest)


def create_sheet(path: str | Path, sheet: Sheet, *, force: bool = False) -> Path:
    """Save a new sheet; an existing file is replaced only with ``force``."""
    file = Path(path)
    if file.is_dir():
        msg = f"{str(file)!r} is a directory; give the name of the sheet file to create"
        raise UsageError(msg)
    if not file.parent.is_dir() and str(file.parent):
        msg = f"cannot create {str(file)!r}: the directory {str(file.parent)!r} does not exist"
        raise UsageError(msg)
    if file.exists() and not force:
        msg = f"{str(file)!r} already exists; pass --force to replace it"
        raise UsageError(msg)
    atomic_write(file, encode(sheet), expected=None, check=not force)
    return file
