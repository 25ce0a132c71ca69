"""A command handed to this Python's server (:mod:`progression.cli.server`), when one answers.

Imported by every command before anything else, it imports nothing beyond :mod:`os` and :mod:`sys` until a socket
is found: without a server, asking costs one ``stat``.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import socket

__all__ = ["ENVIRONMENT", "ask", "forwarded", "reply", "socket_path", "status_at", "unsafe_folder"]

#: The environment variable naming the socket; ``off`` (or the empty text) never uses a server.
ENVIRONMENT = "PROGRESSION_SERVER"


def socket_path() -> str | None:
    """The socket of this Python's server, or None when servers are turned off."""
    configured = os.environ.get(ENVIRONMENT)
    if configured is not None:
        return None if configured in ("", "off") else os.path.abspath(configured)
    import zlib

    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    base = runtime if os.path.isabs(runtime) else os.environ.get("TMPDIR", "/tmp")
    python = zlib.crc32(f"{sys.executable}\0{sys.prefix}\0{sys.version}".encode())
    return os.path.join(base, f"progression-{os.getuid()}", f"python-{python:08x}.sock")


def unsafe_folder(folder: str) -> str | None:
    """Why ``folder`` may not hold a server's socket, or None when it may: it must be this user's, closed to others."""
    try:
        found = os.stat(folder)
    except OSError as error:
        return f"cannot use folder {folder}: {error.strerror}"
    if found.st_uid != os.getuid() or found.st_mode & 0o077:
        return f"folder {folder} must belong to you and be closed to others (mode 700), it has mode {found.st_mode & 0o777:o}"
    return None


def forwarded(argv: list[str]) -> int | None:
    """Run the command ``argv`` through this Python's server: its exit status, or None to run it here (no server,
    turned off, declined, or a ``server`` command)."""
    if argv[:1] == ["server"] or not hasattr(os, "fork"):
        return None
    path = socket_path()
    if path is None or not os.path.exists(path) or unsafe_folder(os.path.dirname(path)):
        return None
    import signal

    request = {
        "argv": argv,
        "cwd": os.getcwd(),
        "env": dict(os.environ),
        "umask": _umask(),
        "executable": sys.executable,
        "path": sys.path[1:],  # the first is the script's folder, or the working folder under `python -m`
        "streams": [[stream.encoding, stream.errors] for stream in (sys.stdin, sys.stdout, sys.stderr)],
    }
    try:
        connection = ask(path, request, (0, 1, 2))
    except (OSError, ValueError):  # gone meanwhile, or another program's socket: run here
        return None
    with connection:
        replies = connection.makefile("rb")
        first = reply(replies)
        if first is None or "pid" not in first:  # declined: stale, another Python, stopping
            return None
        pid = first["pid"]

        def relay(signum: int, _: object) -> None:  # Ctrl-C goes to this process; the command is the fork
            os.kill(pid, signum)

        for name in ("SIGINT", "SIGTERM", "SIGHUP"):
            signal.signal(getattr(signal, name), relay)
        last = reply(replies)
    if last is None or not isinstance(last.get("status"), int):
        sys.stderr.write(f"progression: the server's process for this command (pid {pid}) ended without a status\n")
        return 3
    status: int = last["status"]
    return status


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def ask(path: str, request: dict[str, Any], descriptors: tuple[int, ...] = ()) -> socket.socket:
    """A connection to the server at ``path`` that has been sent ``request`` (and ``descriptors``)."""
    import json
    import socket

    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        connection.connect(path)
        socket.send_fds(connection, [b"R"], list(descriptors))
        connection.sendall(json.dumps(request).encode() + b"\n")
    except BaseException:
        connection.close()
        raise
    return connection


def reply(lines: Any) -> dict[str, Any] | None:
    """The next reply line read as JSON, or None at the end or for anything else."""
    import json

    try:
        line = lines.readline()
        found = json.loads(line) if line else None
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) else None


def status_at(path: str) -> dict[str, Any] | None:
    """What the server at ``path`` says of itself, or None when none answers there."""
    try:
        with ask(path, {"ask": "status"}) as connection:
            return reply(connection.makefile("rb"))
    except (OSError, ValueError):
        return None
