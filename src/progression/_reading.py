"""Reading a file that a user named: only a regular file, and only up to a size.

A path given on the command line or written in a sheet can name anything: a directory, a FIFO that
never ends (the read would hang), ``/dev/zero`` (it would fill the memory). :func:`read_regular`
opens without blocking, looks at what it opened, and reads at most ``limit`` bytes, so none of those
can stall or exhaust a process.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

__all__ = ["Unreadable", "read_regular"]


class Unreadable(Exception):
    """Why a file was not read (each caller words it as its own refusal)."""


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path`` (symbolic links followed), at most ``limit`` of them.

    Raises:
        FileNotFoundError: nothing is at ``path``.
        Unreadable: not a regular file, larger than ``limit``, or the system refused to read it.
    """
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise
    except OSError as error:
        raise Unreadable(error.strerror or str(error)) from None
    mode = os.fstat(handle).st_mode
    if not stat.S_ISREG(mode):
        os.close(handle)
        what = "a directory" if stat.S_ISDIR(mode) else "not a regular file (a device, a pipe or a socket)"
        raise Unreadable(f"it is {what}")
    with os.fdopen(handle, "rb") as stream:
        try:
            data = stream.read(limit + 1)
        except OSError as error:
            raise Unreadable(error.strerror or str(error)) from None
    if len(data) > limit:
        raise Unreadable(f"it is larger than the {limit:,} bytes a file may hold")
    return data
