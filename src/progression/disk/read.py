"""Reading a file that a user named: only a regular file, and only up to a size.

A path given on the command line or written in a sheet can name anything: a directory, a FIFO that
never ends (the read would hang), ``/dev/zero`` (it would fill the memory). :func:`read_regular`
opens without blocking, looks at what it opened, and reads at most ``limit`` bytes, so none of those
can stall or exhaust a process.
"""

from __future__ import annotations

import os
import stat

from progression.errors import InvalidInput, UnreadableFile

__all__ = ["checked_path", "read_regular"]


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file at ``path`` (symbolic links followed), at most ``limit`` of them.

    Raises:
        FileNotFoundError: nothing is at ``path``.
        UnreadableFile: not a regular file, larger than ``limit``, or the system refused to read it; its
            ``reason`` says which.
    """
    where = checked_path(path, "read_regular")
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        msg = f"read_regular: limit is a number of bytes, 0 or more, got {limit!r}"
        raise InvalidInput(msg)
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise
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
        msg = f"{who}: expected a file path (a str or a pathlib.Path), got {path!r:.80}"
        raise InvalidInput(msg)
    return path
