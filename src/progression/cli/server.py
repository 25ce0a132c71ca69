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
  declines a caller of another Python, another module path, other ``PYTHON*`` settings (read by an interpreter
  when it starts), or whose first module folder (its working folder under ``python -m``) holds a module the
  server imported. A server started from such a folder refuses to start.
* **Nothing depends on it.** No server, a stopped or suspended one (after 5 seconds), a declined command: the
  command runs cold, as it would without. ``PROGRESSION_SERVER=off`` never asks. A command runs once: the fork
  waits for the caller's ``go`` (:mod:`progression.cli.forward`), and ends if its caller goes away.

The socket is ``$PROGRESSION_SERVER`` when that is a path, else ``progression-<uid>/<python>.sock`` in
``$XDG_RUNTIME_DIR`` (or the temporary folder), one per Python installation. The server needs ``fork`` and
descriptor passing: Linux and the BSDs, macOS; elsewhere ``server start`` says so and commands run cold.

The caller's side is :mod:`progression.cli.forward`.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

from progression.cli.forward import (
    ENVIRONMENT,
    GO,
    RELAYED,
    ask,
    interpreter,
    reply,
    search_path,
    socket_path,
    unsafe_folder,
)

if TYPE_CHECKING:
    import argparse
    import socket

    from progression.cli.output import Output

__all__ = ["Fingerprint", "run_server", "serve", "warm_up"]

#: Minutes without a command after which a server stops, by default.
IDLE_MINUTES = 60
#: Seconds ``server start`` waits for the server to be ready.
_READY_WITHIN = 60.0
#: Seconds the server waits for a caller's whole request once it has connected.
_READ_WITHIN = 2.0
#: The longest request read (the caller's environment is most of it).
_LARGEST_REQUEST = 1 << 20


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
        from progression.disk import current

        try:
            return current(path)
        except OSError:  # no longer a file that can be read: unlike what was read
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
    """The files opened for reading while it records (an audit hook: Python tells of every ``open``). A hook
    cannot be removed: after the warm-up it returns at its first test, about 0.6 µs an audited event (a fork's
    ``league record`` raises about 2,000 of them: about 1 ms of its 86)."""

    def __init__(self) -> None:
        self.paths: list[str] = []
        self.imports: set[str] = set()
        self.recording = False
        sys.addaudithook(self._heard)

    def _heard(self, event: str, args: tuple[Any, ...]) -> None:
        if not self.recording:
            return
        if event == "import":  # found or not: a module of that name in a caller's first folder would be
            self.imports.add(str(args[0]).partition(".")[0])
        if event != "open":
            return
        path, mode, flags = args
        reading = "r" in mode if isinstance(mode, str) else (flags or 0) & os.O_ACCMODE == os.O_RDONLY
        if isinstance(path, str) and reading and not path.endswith(".pyc") and os.path.isfile(path):
            self.paths.append(os.path.abspath(path))


def warm_up() -> tuple[list[str], Fingerprint, frozenset[str]]:
    """Import the command line, every command's module and every installed pack, build each pack, the parser
    and the converter of each pack's sheets, noting what was read: the packs built, the fingerprint of every
    file read, and the top-level names of every module imported or looked for."""
    from importlib import import_module

    reads = _Reads()
    reads.recording = True
    try:
        import progression
        from progression.cli.parser import commands
        from progression.errors import ProgressionError
        from progression.files import operations_of, structure_operation, unstructure_operation
        from progression.operations import Award

        for module in commands():
            import_module(module)
        built = []
        for name in progression.packs():
            try:
                pack = progression.load(name)  # the pack's own factory keeps what it built
            except ProgressionError:  # a pack that does not load is loaded, and refused, by each command
                continue
            # the converter of its sheets' entries, generated on first use: generated here once for every command
            structure_operation(unstructure_operation(Award(pool="-", amount=1, reason="-")), operations_of(pack))
            built.append(name)
    finally:
        reads.recording = False
    modules = frozenset(reads.imports | {name.partition(".")[0] for name in sys.modules})
    return built, Fingerprint(_module_sources(), reads.paths), modules


def shadowed(folder: str, names: frozenset[str]) -> list[str]:
    """Which of the top-level modules ``names`` a module in ``folder`` would stand in for, were ``folder`` first
    where Python looks (a ``.py`` file, a compiled module, a package with its ``__init__.py``)."""
    try:
        entries = os.listdir(folder)
    except OSError:
        return []
    found = set()
    for entry in entries:
        name, dot, suffix = entry.partition(".")
        if name not in names:
            continue
        if (dot and suffix.rpartition(".")[2] in ("py", "pyc", "so", "pyd")) or (
            not dot and os.path.isfile(os.path.join(folder, entry, "__init__.py"))
        ):
            found.add(name)
    return sorted(found)


class _Server:
    """What a running server knows: its socket, what it built and watches, what it has served."""

    def __init__(self, path: str, idle_minutes: float) -> None:
        import time

        self.path = path
        self.idle_minutes = idle_minutes
        started = time.monotonic()
        self.built, self.fingerprint, self.modules = warm_up()
        first = None if sys.flags.safe_path else os.path.abspath(sys.path[0])
        shadows = shadowed(first, self.modules) if first else []
        if shadows:
            msg = f"started from {first}, which holds modules a command would import from elsewhere ({', '.join(shadows)}); start the server from another folder"
            raise OSError(msg)
        self.python = _python_settings(dict(os.environ))
        self.served = 0
        self.warm_seconds = round(time.monotonic() - started, 3)

    def about(self) -> dict[str, Any]:
        return {
            "pid": os.getpid(),
            "socket": self.path,
            "python": sys.executable,
            "packs": self.built,
            "files": len(self.fingerprint),
            "served": self.served,
            "warm_seconds": self.warm_seconds,
        }

    def declined(self, request: dict[str, Any]) -> str | None:
        """Why the fork could not stand in for this caller, or None."""
        if not _shaped(request):
            return "not a command's request"
        if request.get("executable") != sys.executable or request.get("path") != search_path():
            return "another Python or module path"
        environment = request.get("env")
        if not isinstance(environment, dict) or _python_settings(environment) != self.python:
            return "other PYTHON* settings"
        if request.get("interpreter") != interpreter():
            return "another interpreter's flags (-X, -W, -O, -E, -I...)"
        first = request.get("first")
        if isinstance(first, str) and shadowed(first, self.modules):
            return f"{first} holds modules of the same names as the server's"
        return None


def _shaped(request: dict[str, Any]) -> bool:
    """Whether ``request`` holds what a fork reads, of the types it reads (what :func:`forwarded` sends)."""
    texts = request.get("argv"), request.get("ignored")
    streams = request.get("streams")
    return (
        all(isinstance(words, list) and all(isinstance(w, str) for w in words) for words in texts)
        and set(request.get("ignored", ())) <= set(RELAYED)
        and isinstance(request.get("cwd"), str)
        and isinstance(request.get("umask"), int)
        and isinstance(request.get("env"), dict)
        and all(isinstance(k, str) and isinstance(v, str) for k, v in request["env"].items())
        and isinstance(streams, list)
        and len(streams) == 3
        and all(isinstance(stream, list) and len(stream) == 2 for stream in streams)
    )


def _python_settings(environment: dict[str, Any]) -> dict[str, Any]:
    """The settings an interpreter reads when it starts (``PYTHONHASHSEED``, ``PYTHONWARNINGS``...)."""
    return {key: value for key, value in environment.items() if key.startswith("PYTHON")}


def serve(path: str, *, idle_minutes: float = IDLE_MINUTES, log: Any = None) -> None:
    """Warm up, then serve the commands sent to the socket at ``path`` until stopped, idle for ``idle_minutes``
    (0: never) or stale. The socket is removed when it stops. One server at a time holds a socket: a lock file
    beside it says which.

    Raises:
        OSError: the socket cannot be made there (its folder not private, another server holding it, a start
            from a folder of modules).
    """
    import contextlib
    import fcntl
    import gc
    import signal
    import socket

    log = log or sys.stderr
    _private_folder(os.path.dirname(path))
    lock = os.open(path + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(lock)
        msg = f"another server holds {path}"
        raise OSError(msg) from None
    try:
        server = _Server(path, idle_minutes)
        gc.freeze()  # what warming made is kept by every fork: not walked by the collector, not copied on write
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)  # a socket left by a server that died: the lock says none holds it
        listener.bind(path)
        os.chmod(path, 0o600)
        listener.listen(64)
        listener.settimeout(idle_minutes * 60 or None)
        signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # forks are reaped by the system
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        about = server.about()
        log.write(
            f"progression server (pid {about['pid']}) at {path}: packs {', '.join(server.built) or 'none'} built, "
            f"{about['files']} files watched, warm in {about['warm_seconds']:.2f} s\n"
        )
        log.flush()
        try:
            reason = _serve(server, listener, lock)
            log.write(f"progression server: {reason}, stopping\n")
        finally:
            listener.close()
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
    finally:
        os.close(lock)
        log.flush()


def _serve(server: _Server, listener: socket.socket, lock: int) -> str:
    """Answer each connection until a reason to stop, which it gives."""
    while True:
        try:
            connection, _ = listener.accept()
        except TimeoutError:
            return f"idle for {server.idle_minutes:g} minutes"
        with connection:
            reason = _serve_one(server, connection, listener, lock)
        if reason is not None:
            return reason


def _serve_one(server: _Server, connection: socket.socket, listener: socket.socket, lock: int) -> str | None:
    """Answer one connection (a command forked, a status, a refusal), or give a reason to stop. A caller that
    goes away meanwhile, takes too long to ask or asks what is not a request is dropped."""
    import json

    def answer(said: dict[str, Any]) -> None:
        connection.sendall(json.dumps(said).encode() + b"\n")

    try:
        if not _same_user(connection):
            return None
        request = _request(connection)
        if request.get("ask") == "status":
            answer(server.about())
            return None
        if request.get("ask") == "stop":
            answer({"stopped": os.getpid()})
            return "asked to stop"
        declined = server.declined(request)
        if declined is not None:
            answer({"declined": declined})
            return None
        changed = server.fingerprint.changed()
        if changed is not None:
            answer({"declined": f"{changed} changed"})
            return f"{changed} changed since it was read"
        if os.fork() == 0:  # pragma: no cover - the fork; its coverage is not gathered
            try:
                listener.close()
                os.close(lock)  # the lock is the server's alone: a fork running on does not hold the socket
                _run_forked(connection, request)
            finally:
                os._exit(1)  # whatever happens, a fork never goes back to the server's loop
        server.served += 1
    except (OSError, ValueError):
        pass
    return None


def _same_user(connection: socket.socket) -> bool:
    """Whether the caller is this server's user, where the system says who it is (Linux); True elsewhere,
    where the folder's mode is the guard."""
    import socket
    import struct

    credentials = getattr(socket, "SO_PEERCRED", None)
    if credentials is None:
        return True
    _, uid, _ = struct.unpack("3i", connection.getsockopt(socket.SOL_SOCKET, credentials, 12))
    return bool(uid == os.getuid())


def _request(connection: socket.socket) -> dict[str, Any]:
    """The request a caller sent, read within :data:`_READ_WITHIN` seconds in all.

    Raises:
        ValueError: not a request, or too long.
        OSError: not whole in time (``TimeoutError``), or the caller gone.
    """
    import json
    import time

    deadline = time.monotonic() + _READ_WITHIN
    text = b""
    while not text.endswith(b"\n"):
        connection.settimeout(max(deadline - time.monotonic(), 0.001))
        chunk = connection.recv(65536)
        text += chunk
        if not chunk or len(text) > _LARGEST_REQUEST:
            msg = "not a whole request"
            raise ValueError(msg)
    connection.settimeout(None)
    request = json.loads(text)
    if not isinstance(request, dict):
        msg = "a request is an object"
        raise ValueError(msg)
    return request


def _run_forked(connection: socket.socket, request: dict[str, Any]) -> None:  # pragma: no cover
    """In the fork: tell the caller its pid and wait for its ``go`` with its streams, become its command (its
    streams, folder, environment, umask), run it, send the exit status back, and end. A caller gone before ``go``
    runs nothing; one gone after ends the fork, as it would have ended its own command."""
    import contextlib
    import io
    import json
    import signal
    import socket
    import threading

    # the signals as a cold command has them: Python's own, and those the caller ignores ignored
    for name in ("SIGCHLD", "SIGTERM", "SIGHUP", "SIGQUIT"):
        signal.signal(getattr(signal, name), signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    for name in request["ignored"]:
        signal.signal(getattr(signal, name), signal.SIG_IGN)
    descriptors: list[int] = []
    try:  # no time limit: a caller that gives up closes its end, and a suspended one may go on later
        connection.sendall(json.dumps({"pid": os.getpid()}).encode() + b"\n")
        heard, descriptors, _, _ = socket.recv_fds(connection, len(GO), 3)
    except OSError:
        heard = b""
    try:
        if heard != GO or len(descriptors) != 3:  # the caller gave up waiting and runs the command itself
            os._exit(0)
        connection.sendall(json.dumps({"running": True}).encode() + b"\n")
    except OSError:  # gone meanwhile: it runs the command itself
        os._exit(0)
    # The watcher takes no signal: one sent to the process is then the command's thread's, where Python runs its
    # handlers; taken by the watcher, it would leave the command waiting on its stdin, never interrupted.
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
    threading.Thread(target=_end_with_caller, args=(connection,), daemon=True).start()
    signal.pthread_sigmask(signal.SIG_SETMASK, mask)
    status = 3
    try:
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
            line_buffering = os.isatty(number) or number == 2
            streams.append(  # newline="\n": as the interpreter makes its own, no \r translated
                io.TextIOWrapper(
                    raw,
                    encoding=encoding,
                    errors=errors,
                    newline="\n",
                    line_buffering=line_buffering,
                    write_through=unbuffered,
                )
            )
        sys.stdin, sys.stdout, sys.stderr = streams
        sys.argv = ["progression", *request["argv"]]
        from progression.cli.main import main

        status = main(request["argv"])
    except SystemExit as stop:  # as the interpreter ends on it
        status = _interpreter_status(stop)
    except BaseException:  # as the interpreter ends on an uncaught exception (PROGRESSION_DEBUG=1 raises)
        import traceback

        traceback.print_exc()
        status = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
        try:
            connection.sendall(json.dumps({"status": status}).encode() + b"\n")
        finally:
            os._exit(status)


def _end_with_caller(connection: socket.socket) -> None:  # pragma: no cover - in the fork
    """Wait until the caller closes its end (it has the status, or it was killed); then end at once, as a
    killed caller's command would have."""
    import contextlib
    import signal

    with contextlib.suppress(OSError):
        connection.recv(1)
    os.kill(os.getpid(), signal.SIGKILL)


def _interpreter_status(stop: SystemExit) -> int:
    """The exit status the interpreter gives a ``SystemExit``: its number, 0 for none, else 1 (the text printed)."""
    if stop.code is None:
        return 0
    if isinstance(stop.code, int):
        return stop.code
    sys.stderr.write(f"{stop.code}\n")
    return 1


# -- the command ------------------------------------------------------------------------------


def status_at(path: str) -> dict[str, Any] | None:
    """What the server at ``path`` says of itself, or None when none answers there."""
    try:
        with ask(path, {"ask": "status"}, timeout=_READ_WITHIN) as connection:
            return reply(connection.makefile("rb"))
    except (OSError, ValueError):
        return None


def run_server(args: argparse.Namespace, out: Output) -> int:
    """``progression server start|stop|status``."""
    from progression.cli.args import UsageError

    path = socket_path()
    if path is None:
        msg = f"servers are turned off here ({ENVIRONMENT}={os.environ.get(ENVIRONMENT)!r}); unset it to use one"
        raise UsageError(msg)
    if not os.path.isabs(path):
        msg = f"{ENVIRONMENT} must be an absolute path to a socket, got {path!r}"
        raise UsageError(msg)
    if not hasattr(os, "fork") or not hasattr(__import__("socket"), "send_fds"):
        msg = "a server needs fork and Unix sockets that pass descriptors (Linux, macOS, the BSDs); commands run without one here"
        raise UsageError(msg)
    try:
        _private_folder(os.path.dirname(path))
    except OSError as error:
        raise UsageError(str(error)) from None
    running = status_at(path)
    log = os.path.splitext(path)[0] + ".log"
    if args.action == "status":
        report = {"running": running is not None, "socket": path, **(running or {})}
        if out.json_mode:
            out.json(report)
        elif running is None and _held(path):
            out.line(f"a server holds {path} but does not answer: suspended, or still warming up")
        elif running is None:
            out.line(f"no server answers at {path}{_last_words(log)}")
        else:
            served = running["served"]
            out.line(
                f"server pid {running['pid']} at {path}: packs {', '.join(running['packs']) or 'none'}, "
                f"{running['files']} files watched, {served} command{'' if served == 1 else 's'} served"
            )
        return 0
    if args.action == "stop":
        if running is None and _held(path):
            _say(out, {"stopped": None, "socket": path}, f"a server holds {path} but does not answer: not stopped")
            return 1
        if running is None:
            _say(out, {"stopped": None, "socket": path}, f"no server answers at {path}")
            return 0
        with ask(path, {"ask": "stop"}, timeout=_READ_WITHIN) as connection:
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
    return _start(path, log, args.idle, out)


def _private_folder(folder: str) -> None:
    """Make ``folder`` (mode 700) if it is not there.

    Raises:
        OSError: it is not this user's alone.
    """
    os.makedirs(folder, mode=0o700, exist_ok=True)
    refused = unsafe_folder(folder)
    if refused:
        raise OSError(refused)


def _last_words(log: str) -> str:
    """What the last server at a socket said last, from its log, when there is one."""
    try:
        with open(log, encoding="utf-8", errors="replace") as text:
            lines = text.read().strip().splitlines()
    except OSError:
        return ""
    return f" (the last one's log, {log}, ends: {lines[-1]})" if lines else ""


def _start(path: str, log: str, idle: float, out: Output) -> int:
    """Start a server in the background (its own session, its log beside the socket, begun anew); wait until it
    answers."""
    import subprocess
    import time

    from progression.cli.args import UsageError

    process = None
    if not _held(path):  # else another start is warming one up: wait for it
        # -P: the server's modules come from this Python's path alone, never from the folder it was started in
        arguments = [
            sys.executable,
            "-P",
            "-m",
            "progression",
            "server",
            "start",
            "--foreground",
            "--idle",
            f"{idle:g}",
        ]
        with open(log, "wb") as written, open(os.devnull, "rb") as nothing:
            process = subprocess.Popen(
                arguments, stdin=nothing, stdout=written, stderr=written, start_new_session=True, close_fds=True
            )
    deadline = time.monotonic() + _READY_WITHIN
    while time.monotonic() < deadline:
        running = status_at(path)
        if running is not None and (process is None or running["pid"] != process.pid):
            _say(out, {"started": False, **running}, f"a server (pid {running['pid']}) already answers at {path}")
            return 0
        if running is not None:
            _say(
                out,
                {"started": True, **running},
                f"started server pid {running['pid']} at {path}: packs {', '.join(running['packs']) or 'none'} "
                f"built in {running['warm_seconds']:.2f} s; it stops after {idle:g} idle minutes (log: {log})",
            )
            return 0
        if (process is None or process.poll() is not None) and not _held(path):
            break  # none starts any more
        time.sleep(0.05)
    ended = "" if process is None else f" (exit status {process.poll()})"
    msg = f"the server did not start{ended}{_last_words(log)}"
    raise UsageError(msg)


def _held(path: str) -> bool:
    """Whether a server holds the socket at ``path`` (or is warming up to): its lock is taken."""
    import fcntl

    try:
        lock = os.open(path + ".lock", os.O_RDWR)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(lock)  # closing releases a lock taken here
    return False


def _say(out: Output, data: dict[str, Any], text: str) -> None:
    out.json(data) if out.json_mode else out.line(text)
