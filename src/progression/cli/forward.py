"""A command handed to this Python's server (:mod:`progression.cli.server`), when one answers.

Imported by every command before anything else, it imports nothing beyond :mod:`os` and :mod:`sys` until a socket
is found: without a server, asking costs one ``stat``.

The exchange, one connection per command: the caller sends its request as a line of JSON. The server answers a
line: ``{"declined": why}`` (the caller then runs the command itself) or ``{"pid": n}`` from the fork that will
run it. The caller then says ``go``, passing its three standard streams' descriptors with it; the fork answers
``{"running": true}`` before it does anything else, and from then on the caller is committed: the fork runs the
command and ends with ``{"status": n}``. A fork gone before saying it runs has run nothing: the caller runs the
command itself. A caller that never says ``go`` (it gave up
waiting) leaves the fork to end without running anything, so that a command never runs twice; and its streams are
never held by a server that does not answer (a pipe from the caller would not end while they were).
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import socket

__all__ = ["ENVIRONMENT", "GO", "RELAYED", "ask", "forwarded", "reply", "search_path", "socket_path", "unsafe_folder"]

#: The environment variable naming the socket; ``off`` (or the empty text) never uses a server.
ENVIRONMENT = "PROGRESSION_SERVER"
#: What the caller sends once it has the fork's pid: run the command.
GO = b"go\n"
#: Seconds a caller waits for the server's first answer before running the command itself.
ANSWER_WITHIN = 5.0
#: The signals a caller passes on to the fork running its command (a terminal sends them to the caller).
RELAYED = ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT")


def socket_path() -> str | None:
    """The socket of this Python's server, or None when servers are turned off."""
    configured = os.environ.get(ENVIRONMENT)
    if configured is not None:
        return None if configured in ("", "off") else configured
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
    if found.st_uid != os.getuid():
        return f"folder {folder} belongs to another user (uid {found.st_uid}); a server's folder must be yours"
    if found.st_mode & 0o077:
        return f"folder {folder} must be closed to others (mode 700), it has mode {found.st_mode & 0o777:o}"
    return None


def search_path() -> list[str]:
    """Where this Python finds modules, without the first entry it adds for a script or ``-m`` (the script's
    folder or the working folder: a server compares that one by what it holds)."""
    return sys.path[:] if sys.flags.safe_path else sys.path[1:]


def forwarded(argv: list[str]) -> int | None:
    """Run the command ``argv`` through this Python's server: its exit status, or None to run it here (no server,
    turned off, declined, a ``server`` command, or a caller the fork could not stand in for)."""
    if argv[:1] == ["server"] or not hasattr(os, "fork"):
        return None
    path = socket_path()
    if path is None or not os.path.isabs(path) or not os.path.exists(path) or unsafe_folder(os.path.dirname(path)):
        return None
    streams = (sys.stdin, sys.stdout, sys.stderr)
    if any(stream is None for stream in streams) or _in_background():
        return None  # a closed stream has no descriptor to pass; a background job must stop at the terminal
    try:
        folder = os.getcwd()
    except OSError:  # a working folder removed meanwhile: the command says so itself
        return None
    import signal

    ignored = [name for name in RELAYED if signal.getsignal(getattr(signal, name)) == signal.SIG_IGN]
    request = {
        "argv": argv,
        "cwd": folder,
        "env": dict(os.environ),
        "umask": _umask(),
        "executable": sys.executable,
        "path": search_path(),
        "first": None if sys.flags.safe_path else os.path.join(folder, sys.path[0]),
        "interpreter": interpreter(),
        "ignored": ignored,
        "streams": [[stream.encoding, stream.errors] for stream in streams],
    }
    try:
        connection = ask(path, request, timeout=ANSWER_WITHIN)
    except (OSError, ValueError):  # gone meanwhile, or another program's socket: run here
        return None
    with connection:
        replies = connection.makefile("rb")
        first = reply(replies)
        if first is None or not isinstance(first.get("pid"), int):  # declined, or no answer in time
            return None
        return _follow(connection, replies, first["pid"], ignored)


def interpreter() -> dict[str, Any]:
    """What this interpreter was started with that changes how code runs (its ``-X``, ``-W``, ``-O``, ``-E``,
    ``-I``... flags), but not ``-P``: a server is started with it, and compares the first path entry itself."""
    flags = {name: getattr(sys.flags, name, None) for name in _FLAGS}
    return {"flags": flags, "x": {str(k): str(v) for k, v in sys._xoptions.items()}, "w": list(sys.warnoptions)}


#: The flags of ``sys.flags`` compared between a caller and its server.
_FLAGS = (
    "debug",
    "inspect",
    "interactive",
    "optimize",
    "dont_write_bytecode",
    "no_user_site",
    "no_site",
    "ignore_environment",
    "verbose",
    "bytes_warning",
    "quiet",
    "hash_randomization",
    "isolated",
    "dev_mode",
    "utf8_mode",
    "warn_default_encoding",
    "int_max_str_digits",
)


def _follow(connection: socket.socket, replies: Any, pid: int, ignored: list[str]) -> int | None:
    """Let the fork ``pid`` run the command, passing it the signals the caller gets (but those it ignores); its
    exit status, or None when the fork could not be told to run it (the caller then runs it)."""
    import signal

    relayed: list[int] = []

    def relay(signum: int, _: object) -> None:  # a terminal signals this process; the command is the fork
        relayed.append(signum)
        _signal(pid, signum)

    def suspend(signum: int, _: object) -> None:  # Ctrl-Z: the fork stops with the caller, and goes on with it
        _signal(pid, signal.SIGSTOP)
        signal.signal(signal.SIGTSTP, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTSTP)
        while _in_background():  # resumed by `bg`: stop as a cold job does when it reads the terminal
            os.kill(os.getpid(), signal.SIGTTIN)
        signal.signal(signal.SIGTSTP, suspend)
        _signal(pid, signal.SIGCONT)

    handled = [getattr(signal, name) for name in RELAYED if name not in ignored]
    if signal.getsignal(signal.SIGTSTP) != signal.SIG_IGN:
        handled.append(signal.SIGTSTP)
    before = {signum: signal.getsignal(signum) for signum in handled}
    for signum in handled:
        signal.signal(signum, suspend if signum == signal.SIGTSTP else relay)
    import socket

    try:
        connection.settimeout(None)
        socket.send_fds(connection, [GO], [0, 1, 2])
        running = reply(replies)  # the fork says it has the streams before it does anything with them
    except OSError:
        running = None
    if running is None or running.get("running") is not True:  # gone before it ran anything: run it here, as it was
        for signum, handler in before.items():
            signal.signal(signum, handler)
        return None
    last = reply(replies)
    if last is not None and isinstance(last.get("status"), int):
        status: int = last["status"]
        return status
    if relayed:  # the fork ended by the signal the caller was sent: so does the caller, as it would cold
        signal.signal(relayed[-1], signal.SIG_DFL)
        os.kill(os.getpid(), relayed[-1])
        return 128 + relayed[-1]
    sys.stderr.write(f"progression: the server's process for this command (pid {pid}) ended without a status\n")
    return 3


def _signal(pid: int, signum: int) -> None:
    import contextlib

    with contextlib.suppress(ProcessLookupError):  # it has just ended
        os.kill(pid, signum)


def _in_background() -> bool:
    """Whether a standard stream is a terminal of which this process is not in the foreground (a job started
    with ``&``): run cold, the command is stopped when it reads the terminal, as a shell expects."""
    for descriptor in (0, 1, 2):
        try:
            if os.isatty(descriptor) and os.tcgetpgrp(descriptor) != os.getpgrp():
                return True
        except OSError:
            continue
    return False


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def ask(path: str, request: dict[str, Any], *, timeout: float | None = None) -> socket.socket:
    """A connection to the server at ``path`` that has been sent ``request``; each later read waits at most
    ``timeout`` seconds."""
    import json
    import socket

    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        connection.settimeout(timeout)
        connection.connect(path)
        connection.sendall(json.dumps(request).encode() + b"\n")
    except BaseException:
        connection.close()
        raise
    return connection


def reply(lines: Any) -> dict[str, Any] | None:
    """The next reply line read as JSON, or None at the end, after the connection's timeout, or for anything
    else."""
    import json

    try:
        line = lines.readline()
        found = json.loads(line) if line else None
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) else None
