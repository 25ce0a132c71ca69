"""``progression server``: a process that keeps the command line warm, forked for each command.

A command run cold spends most of its time before its first line of work: starting Python, importing
progression, attrs, cattrs and the pack, building the pack from its data. With a server running, the
``progression`` command does none of it. It hands the server its arguments, working folder, environment,
umask and its three standard streams (the descriptors themselves, over a Unix socket), and waits. The server
forks; the fork runs the command in the caller's folder, writing to the caller's own terminal or pipes and
reading its keyboard, and sends back the exit status, which the caller exits with.

What it promises:

* **The same command.** A fork starts from the server's state after the imports and the packs' builds, never
  from what an earlier command did (each command is a fresh fork), and runs the very code a cold command runs.
  Output, files written and exit status are those of the command run cold.
* **Never stale.** Warming up, the server notes every file it read: each module's source by size and time of
  change (as Python judges its own bytecode) and every other file (a pack's data) by the digest of its content.
  Before each command it checks them all; if one changed, it declines the command, which then runs cold in the
  caller, and stops.
* **Only for its user and its Python.** The socket lives in a folder only its user may enter (checked by the
  caller and the server), the server checks the caller's user id where the system tells it (Linux), and it
  declines a caller of another Python or another module path.
* **Nothing depends on it.** No server, a stopped one, a declined command: the command runs cold, as it would
  without. ``PROGRESSION_SERVER=off`` never asks.

The socket is ``$PROGRESSION_SERVER`` when that is a path, else ``progression-<uid>/<python>.sock`` in
``$XDG_RUNTIME_DIR`` (or the temporary folder), one per Python installation. The server needs ``fork`` and
descriptor passing: Linux and the BSDs, macOS; elsewhere ``server start`` says so and commands run cold.

The caller's side is :mod:`progression.cli.forward`.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

from progression.cli.forward import ENVIRONMENT, ask, reply, socket_path, status_at, unsafe_folder

if TYPE_CHECKING:
    import argparse
    import socket

    from progression.cli.output import Output

__all__ = ["Fingerprint", "run_server", "serve", "warm_up"]

#: Minutes without a command after which a server stops, by default.
IDLE_MINUTES = 60
#: Seconds ``server start`` waits for the server to be ready.
_READY_WITHIN = 60.0
#: Seconds the server waits for a caller's request once it has connected.
_READ_WITHIN = 5.0


class Fingerprint:
    """What the files a process read to warm up were: each module's source by size and time of change, every
    other file by the SHA-256 of its content. :meth:`changed` names the first one that is no longer so."""

    def __init__(self, sources: list[str], data: list[str]) -> None:
        self._sources = {path: self._stat(path) for path in sorted(set(sources))}
        self._data = {path: self._digest(path) for path in sorted(set(data) - set(sources))}

    @staticmethod
    def _stat(path: str) -> tuple[int, int] | None:
        try:
            found = os.stat(path)
        except OSError:
            return None
        return found.st_size, found.st_mtime_ns

    @staticmethod
    def _digest(path: str) -> str | None:
        import hashlib

        try:
            with open(path, "rb") as file:
                return hashlib.file_digest(file, "sha256").hexdigest()
        except OSError:
            return None

    def __len__(self) -> int:
        return len(self._sources) + len(self._data)

    def changed(self) -> str | None:
        """The first file that changed (or went) since, or None when none did."""
        for path, seen in self._sources.items():
            if self._stat(path) != seen:
                return path
        for path, digest in self._data.items():
            if self._digest(path) != digest:
                return path
        return None


def _module_sources() -> list[str]:
    """The source files of every module imported (the files Python checks its bytecode against)."""
    found = []
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and os.path.isfile(path):
            found.append(os.path.abspath(path))
    return found


class _Reads:
    """The files opened for reading while it records (an audit hook: Python tells of every ``open``)."""

    def __init__(self) -> None:
        self.paths: list[str] = []
        self.recording = False
        sys.addaudithook(self._heard)

    def _heard(self, event: str, args: tuple[Any, ...]) -> None:
        if not self.recording or event != "open":
            return
        path, mode, flags = args
        reading = "r" in mode if isinstance(mode, str) else (flags or 0) & os.O_ACCMODE == os.O_RDONLY
        if isinstance(path, str) and reading and not path.endswith(".pyc") and os.path.isfile(path):
            self.paths.append(os.path.abspath(path))


def warm_up() -> tuple[list[str], Fingerprint]:
    """Import the command line and every installed pack and build each pack, noting what was read: the packs
    built, and the fingerprint of every file read."""
    from importlib import import_module

    reads = _Reads()
    reads.recording = True
    try:
        for module in _COMMAND_MODULES:
            import_module(f"progression.cli.{module}")
        import progression
        from progression.cli.parser import parser
        from progression.errors import ProgressionError
        from progression.files import operations_of, structure_operation, unstructure_operation
        from progression.operations import Award

        parser()
        built = []
        for name in progression.packs():
            try:
                pack = progression.load(name)  # the pack's own factory keeps what it built
            except ProgressionError:  # a pack that does not load is loaded, and refused, by each command
                continue
            # the converter of its sheets' entries, generated on first use, generated here once for every command
            structure_operation(unstructure_operation(Award(pool="-", amount=1, reason="-")), operations_of(pack))
            built.append(name)
    finally:
        reads.recording = False
    return built, Fingerprint(_module_sources(), reads.paths)


#: The modules of the command line's commands (the parser names each command's function by its module).
_COMMAND_MODULES = (
    "main",
    "args",
    "output",
    "books",
    "campaign",
    "check",
    "contract",
    "demo",
    "describe",
    "files",
    "history",
    "league",
    "packs",
    "roster",
    "sheet",
    "sheet_change",
    "simulate",
    "tables",
    "validate",
)


def serve(path: str, *, idle_minutes: float = IDLE_MINUTES, log: Any = None) -> None:
    """Warm up, then serve the commands sent to the socket at ``path`` until stopped, idle for ``idle_minutes``
    (0: never) or stale. The socket is removed when it stops.

    Raises:
        OSError: the socket cannot be made there (its folder not private, another server answering there).
    """
    import contextlib
    import gc
    import signal
    import socket
    import time

    log = log or sys.stderr
    started = time.monotonic()
    folder = os.path.dirname(path)
    os.makedirs(folder, mode=0o700, exist_ok=True)
    refused = unsafe_folder(folder)
    if refused:
        raise OSError(refused)
    running = status_at(path)
    if running is not None:
        msg = f"a server (pid {running.get('pid')}) already answers at {path}"
        raise OSError(msg)
    built, fingerprint = warm_up()
    gc.freeze()  # what warming made is kept by every fork: not walked by the collector, not copied on write
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)  # a socket left by a server that died
    listener.bind(path)
    os.chmod(path, 0o600)
    listener.listen(64)
    listener.settimeout(idle_minutes * 60 or None)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # forks are reaped by the system
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    about = {
        "pid": os.getpid(),
        "socket": path,
        "python": sys.executable,
        "packs": built,
        "files": len(fingerprint),
        "warm_seconds": round(time.monotonic() - started, 3),
    }
    log.write(
        f"progression server (pid {about['pid']}) at {path}: packs {', '.join(built) or 'none'} built, "
        f"{len(fingerprint)} files watched, warm in {about['warm_seconds']:.2f} s\n"
    )
    log.flush()
    served = 0
    try:
        while True:
            try:
                connection, _ = listener.accept()
            except TimeoutError:
                log.write(f"progression server: idle for {idle_minutes:g} minutes, stopping\n")
                return
            with connection:
                reason = _serve_one(connection, listener, about | {"served": served}, fingerprint)
            if reason == "served":
                served += 1
            elif reason is not None:
                log.write(f"progression server: {reason}, stopping\n")
                return
    finally:
        listener.close()
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        log.flush()


def _serve_one(
    connection: socket.socket, listener: socket.socket, about: dict[str, Any], fingerprint: Fingerprint
) -> str | None:
    """Answer one connection: "served" when a command was forked, a reason to stop, or None. A caller that
    goes away meanwhile, or sends what is not a request, is dropped."""
    import json
    import socket

    def answer(said: dict[str, Any]) -> None:
        connection.sendall(json.dumps(said).encode() + b"\n")

    descriptors: list[int] = []
    connection.settimeout(_READ_WITHIN)  # a caller that connects and says nothing does not hold the server
    try:
        credentials = getattr(socket, "SO_PEERCRED", None)
        if credentials is not None:
            import struct

            _, uid, _ = struct.unpack("3i", connection.getsockopt(socket.SOL_SOCKET, credentials, 12))
            if uid != os.getuid():
                return None
        _, descriptors, _, _ = socket.recv_fds(connection, 1, 3)
        request = json.loads(connection.makefile("rb").readline() or b"null")
        connection.settimeout(None)
        if not isinstance(request, dict):
            return None
        asked = request.get("ask")
        if asked == "status":
            answer(about)
            return None
        if asked == "stop":
            answer({"stopped": about["pid"]})
            return "asked to stop"
        if len(descriptors) != 3:
            return None
        if request.get("executable") != sys.executable or request.get("path") != sys.path[1:]:
            answer({"declined": "another Python or module path"})
            return None
        changed = fingerprint.changed()
        if changed is not None:
            answer({"declined": f"{changed} changed"})
            return f"{changed} changed since it was read"
        if os.fork() == 0:  # pragma: no cover - the fork; its coverage is not gathered
            listener.close()
            _run_forked(connection, descriptors, request)
        return "served"
    except (OSError, ValueError):
        return None
    finally:
        for descriptor in descriptors:
            os.close(descriptor)


def _run_forked(connection: socket.socket, descriptors: list[int], request: dict[str, Any]) -> None:  # pragma: no cover
    """In the fork: become the caller's command (its streams, folder, environment, umask), run it, send the
    exit status back, and end."""
    import contextlib
    import io
    import json
    import signal

    status = 3
    try:
        for name in ("SIGCHLD", "SIGTERM", "SIGHUP"):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        for target, descriptor in enumerate(descriptors):
            os.dup2(descriptor, target)
        os.chdir(request["cwd"])
        os.umask(request["umask"])
        os.environ.clear()
        os.environ.update(request["env"])
        unbuffered = bool(os.environ.get("PYTHONUNBUFFERED"))
        streams = []
        for number, (encoding, errors) in enumerate(request["streams"]):
            mode, buffering = ("rb", -1) if number == 0 else ("wb", 0 if unbuffered else -1)
            raw = open(number, mode, buffering=buffering, closefd=False)  # noqa: SIM115 - the command's stream
            streams.append(
                io.TextIOWrapper(
                    raw,
                    encoding=encoding,
                    errors=errors,
                    line_buffering=os.isatty(number) or number == 2,
                    write_through=unbuffered,
                )
            )
        sys.stdin, sys.stdout, sys.stderr = streams
        sys.argv = ["progression", *request["argv"]]
        connection.sendall(json.dumps({"pid": os.getpid()}).encode() + b"\n")
        from progression.cli.main import main

        status = main(request["argv"])
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 1
    except KeyboardInterrupt:
        status = 130
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
        try:
            connection.sendall(json.dumps({"status": status}).encode() + b"\n")
        finally:
            os._exit(status)


# -- the command ------------------------------------------------------------------------------


def run_server(args: argparse.Namespace, out: Output) -> int:
    """``progression server start|stop|status``."""
    from progression.cli.args import UsageError

    path = socket_path()
    if path is None:
        msg = f"servers are turned off here ({ENVIRONMENT}={os.environ.get(ENVIRONMENT)!r}); unset it to use one"
        raise UsageError(msg)
    if not hasattr(os, "fork") or not hasattr(__import__("socket"), "send_fds"):
        msg = "a server needs fork and Unix sockets that pass descriptors (Linux, macOS, the BSDs); commands run without one here"
        raise UsageError(msg)
    running = status_at(path)
    if args.action == "status":
        report = {"running": running is not None, "socket": path, **(running or {})}
        if out.json_mode:
            out.json(report)
        elif running is None:
            out.line(f"no server answers at {path}")
        else:
            out.line(
                f"server pid {running['pid']} at {path}: packs {', '.join(running['packs']) or 'none'}, "
                f"{running['files']} files watched, {running['served']} command{'' if running['served'] == 1 else 's'} served"
            )
        return 0
    if args.action == "stop":
        if running is None:
            _say(out, {"stopped": None, "socket": path}, f"no server answers at {path}")
            return 0
        with ask(path, {"ask": "stop"}) as connection:
            reply(connection.makefile("rb"))
        _say(out, {"stopped": running["pid"], "socket": path}, f"stopped server pid {running['pid']} at {path}")
        return 0
    if running is not None:
        _say(out, {"started": False, **running}, f"a server (pid {running['pid']}) already answers at {path}")
        return 0
    if args.foreground:
        try:
            serve(path, idle_minutes=args.idle)
        except OSError as error:
            raise UsageError(str(error)) from error
        return 0
    return _start(path, args.idle, out)


def _start(path: str, idle: float, out: Output) -> int:
    """Start a server in the background (its own session, its log beside the socket); wait until it answers."""
    import subprocess
    import time

    from progression.cli.args import UsageError

    folder = os.path.dirname(path)
    os.makedirs(folder, mode=0o700, exist_ok=True)
    refused = unsafe_folder(folder)
    if refused:
        raise UsageError(refused)
    log = os.path.splitext(path)[0] + ".log"
    arguments = [sys.executable, "-m", "progression", "server", "start", "--foreground", "--idle", f"{idle:g}"]
    with open(log, "ab") as written, open(os.devnull, "rb") as nothing:
        process = subprocess.Popen(
            arguments, stdin=nothing, stdout=written, stderr=written, start_new_session=True, close_fds=True
        )
    deadline = time.monotonic() + _READY_WITHIN
    while time.monotonic() < deadline:
        running = status_at(path)
        if running is not None:
            _say(
                out,
                {"started": True, **running},
                f"started server pid {running['pid']} at {path}: packs {', '.join(running['packs']) or 'none'} "
                f"built in {running['warm_seconds']:.2f} s; it stops after {idle:g} idle minutes (log: {log})",
            )
            return 0
        if process.poll() is not None:
            break
        time.sleep(0.05)
    with open(log, encoding="utf-8", errors="replace") as text:
        last = text.read().strip().splitlines()[-1:] or ["(nothing)"]
    msg = f"the server did not start (exit status {process.poll()}); its log {log} ends with: {last[0]}"
    raise UsageError(msg)


def _say(out: Output, data: dict[str, Any], text: str) -> None:
    out.json(data) if out.json_mode else out.line(text)
