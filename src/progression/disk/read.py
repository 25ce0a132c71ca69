"""Reading a file that a user named: only a regular file, and only up to a size.

A path given on the command line or written in a sheet can name anything: a directory, a FIFO that
never ends (the read would hang), ``/dev/zero`` (it would fill the memory). :func:`read_regular`
opens without blocking, looks at what it opened, and reads at most ``limit`` bytes, so none of those
can stall or exhaust a process.
"""

from __future__ import annotations

import os
import stat

from progression.errors import InvalidInput, MissingFile, UnreadableFile

__all__ = ["LARGEST_LIMIT", "checked_limit", "checked_path", "read_checked", "read_regular"]

#: The largest ``limit`` a read takes (1 TiB): a file is read into memory, whole.
LARGEST_LIMIT = 1 << 40


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file at ``path`` (symbolic links followed), at most ``limit`` of them.

    Raises:
        MissingFile: nothing is at ``path`` (a ``FileNotFoundError`` too).
        UnreadableFile: not a regular file, larger than ``limit``, or the system refused to read it; its
            ``reason`` says which.
    """
    return read_checked(checked_path(path, "read_regular"), checked_limit(limit, "read_regular"))


def read_checked(where: str, limit: int) -> bytes:
    """:func:`read_regular` of a path and a limit already checked."""
    try:
        handle = os.open(where, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise MissingFile(where) from None
    except OSError as error:
        raise UnreadableFile(where, error.strerror or str(error)) from None
    mode = os.fstat(handle).st_mode
    if not stat.S_ISREG(mode):
        os.close(handle)
        what = "a directory" if stat.S_ISDIR(mode) else "not a regular file (a device, a pipe or a socket)"
        raise UnreadableFile(where, f"it is {what}")
    with os.fdopen(handle, "rb") as stream:
        try:
            data = stream.read(limit + 1)
        except OSError as error:
            raise UnreadableFile(where, error.strerror or str(error)) from None
    if len(data) > limit:
        raise UnreadableFile(where, f"it is larger than the {limit:,} bytes a file may hold")
    return data


def checked_path(path: object, who: str) -> str:
    """``path`` as text, when it is a path (a ``str`` or an ``os.PathLike``) that names something.

    Raises:
        InvalidInput: anything else, named by ``who`` (the function given it).
    """
    if isinstance(path, os.PathLike):
        path = os.fspath(path)
    if not isinstance(path, str) or not path.strip() or "\0" in path:
        msg = f"expected a file path (a str or a pathlib.Path) as the path given to {who}, got {path!r:.80}"
        raise InvalidInput(msg)
    return path


def checked_limit(limit: object, who: str) -> int:
    """``limit`` when it is a number of bytes from 0 to :data:`LARGEST_LIMIT`.

    Raises:
        InvalidInput: anything else, named by ``who`` (the function given it).
    """
    if isinstance(limit, bool) or not isinstance(limit, int) or not 0 <= limit <= LARGEST_LIMIT:
        msg = f"expected a number of bytes from 0 to {LARGEST_LIMIT:,} as the limit given to {who}, got {limit!r:.40}"
        raise InvalidInput(msg)
    return limit
