"""``progression server``: commands handed to a warm process give what they give cold, and the server declines what
it cannot run as a cold command would (a file it read changed, another module path), letting the command run cold.

Every test starts a real server (``server start``, in the background, on a socket in a private temporary folder)
and runs real ``progression`` processes against it; ``server status`` counts the commands it served, which tells a
served command from one run cold.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import progression
from progression.cli.server import Fingerprint
from support.transcripts import transcript

PAGE = Path(__file__).parents[2] / "docs" / "how-to" / "server.rst"

pytestmark = pytest.mark.skipif(
    not hasattr(os, "fork") or not Path("/proc/self/stat").exists(), reason="a server needs fork; the tests read /proc"
)

HUMANS = [("human_blitzer", "Griselda"), ("human_thrower", "Hans"), ("human_catcher", "Lena")]
HUMANS += [("human_lineman", f"Lineman {n}") for n in range(1, 9)]
#: What a played fixture must give beyond its score: the attendance and each side's MVP nominees.
FULL = ("home.nominees=2", "away.nominees=2", "attendance=6")


def progression_command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "progression", *argv]


class Server:
    """A server on a socket of its own, and the environment of the commands that reach it."""

    def __init__(self, folder: Path, extra: dict[str, str] | None = None) -> None:
        folder.mkdir(mode=0o700, exist_ok=True)
        self.socket = folder / "server.sock"
        self.env = {**os.environ, "PROGRESSION_SERVER": str(self.socket), **(extra or {})}

    def run(
        self, *argv: str, stdin: str | None = None, env: dict[str, str] | None = None, cwd: Path | None = None
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            progression_command(*argv),
            input=stdin,
            capture_output=True,
            text=True,
            env=env or self.env,
            cwd=cwd,
            check=False,
            stdin=None if stdin is not None else subprocess.DEVNULL,
        )

    def shell(self, line: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
        """``line`` run by ``sh``, its ``progression`` the command under test (``umask 077 && progression ...``)."""
        command = " ".join(progression_command())
        return subprocess.run(
            ["sh", "-c", line.replace("progression", f"exec {command}", 1)],
            cwd=cwd,
            env=self.env,
            capture_output=True,
            text=True,
            check=False,
        )

    def cold(self, *argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        return self.run(*argv, stdin=stdin, env={**self.env, "PROGRESSION_SERVER": "off"})

    def status(self) -> dict[str, object]:
        found: dict[str, object] = json.loads(self.run("server", "status", "--json").stdout)
        return found

    def served(self) -> int:
        count = self.status().get("served")
        assert isinstance(count, int), "no server answers"
        return count


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A running server, stopped at the end."""
    started = Server(tmp_path / "run")
    result = started.run("server", "start", "--idle", "5")
    assert 0 == result.returncode, result.stderr
    assert result.stdout.startswith("started server pid "), result.stdout
    yield started
    started.run("server", "stop")


@pytest.fixture
def league(tmp_path: Path) -> Path:
    """A league of four Human teams, its round robin scheduled."""
    import progression_bloodbowl as bb

    pack = progression.load("bloodbowl")
    path = tmp_path / "league.sqlite"
    made = bb.new_league(path, "Test Cup", pack=pack)
    for n in range(4):
        made.add_team(f"team{n}", bb.draft(pack, "human", f"Team {n}", HUMANS))
    made.schedule()
    made.close()
    return path


def copied(path: Path, name: str) -> str:
    target = path.with_name(name)
    shutil.copyfile(path, target)
    return str(target)


def processes(*, parent: int | None = None, serving: Path | None = None) -> list[int]:
    """The live processes (read from ``/proc``) whose parent is ``parent``, or that serve the socket ``serving``
    (started as ``server start`` with ``PROGRESSION_SERVER`` naming it)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            environment = (entry / "environ").read_bytes().split(b"\0") if serving is not None else []
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:  # ended meanwhile, or another user's
            continue
        state, ppid = stat.rpartition(")")[2].split()[:2]
        if state == "Z":
            continue
        if parent is not None and int(ppid) == parent:
            found.append(int(entry.name))
        if serving is not None and f"PROGRESSION_SERVER={serving}".encode() in environment and b"start" in command:
            found.append(int(entry.name))
    return found


def gone(**which: object) -> bool:
    """Whether the processes :func:`processes` finds for ``which`` are all gone within 10 seconds."""
    deadline = time.monotonic() + 10
    while processes(**which) and time.monotonic() < deadline:  # type: ignore[arg-type]
        time.sleep(0.1)
    return not processes(**which)  # type: ignore[arg-type]


def threads_blocking(pid: int) -> dict[int, set[signal.Signals]]:
    """The signals each thread of ``pid`` blocks (read from ``/proc``), its main thread first."""
    blocked = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        mask = int((task / "status").read_text().partition("\nSigBlk:")[2].split()[0], 16)
        blocked[int(task.name)] = {s for s in signal.Signals if mask >> (s - 1) & 1}
    return dict(sorted(blocked.items(), key=lambda item: item[0] != pid))


def prompted(server: Server, league: Path, fixture: int, **options: object) -> subprocess.Popen[str]:
    """``league record`` of ``fixture`` (a 1-0 win: dice for the fans) through ``server``, once its fork asks for a
    die on the caller's stdin."""
    waiting = subprocess.Popen(
        progression_command("league", "record", str(league), str(fixture), "home.score=1", "away.score=0", *FULL),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=server.env,
        **options,  # type: ignore[call-overload]
    )
    assert waiting.stderr is not None
    said = ""  # the team whose die it is (both teams roll in one league record), then the die
    while not said.endswith("roll a D") and len(said) < 100:
        said += waiting.stderr.read(1)
    assert said.endswith(": roll a D"), said
    return waiting


class TestSameCommand:
    def test_a_match_recorded_through_the_server_is_the_match_recorded_cold(self, server: Server, league: Path) -> None:
        """The same seeded match on two copies of a league: the same output, status, standings and verification,
        and the server counts the one it served."""
        warm, cold = copied(league, "warm.sqlite"), copied(league, "cold.sqlite")
        record = ("league", "record", "{}", "1", "home.score=2", "away.score=1", *FULL, "--seed", "7")
        results = [
            (server.run if where == warm else server.cold)(*[where if word == "{}" else word for word in record])
            for where in (warm, cold)
        ]
        assert (0, 0) == (results[0].returncode, results[1].returncode), results[1].stderr
        assert (results[1].stdout.replace(cold, warm), results[1].stderr) == (results[0].stdout, results[0].stderr)
        assert "match 1" in results[0].stdout
        standings = [json.loads(server.cold("league", "standings", where, "--json").stdout) for where in (warm, cold)]
        assert standings[0]["standings"] == standings[1]["standings"]
        assert 0 == server.run("league", "verify", warm).returncode
        assert 2 == server.served()

    def test_refusals_keep_their_status_and_words(self, server: Server, league: Path) -> None:
        """A usage error (exit 2) and a rules refusal (exit 1) say the same through the server."""
        for argv in (
            ("league", "record", str(league), "99", "home.score=1", "away.score=0", "--seed", "1"),
            ("league", "record", str(league), "1", "home.score=x", "--seed", "1"),
            ("sheet", "show", str(league.with_name("missing.json"))),
            ("nonsense",),
        ):
            served, cold = server.run(*argv), server.cold(*argv)
            assert (cold.returncode, cold.stdout, cold.stderr) == (served.returncode, served.stdout, served.stderr)
            assert served.returncode in (1, 2)

    def test_dice_typed_on_stdin_reach_the_forked_command(self, server: Server, league: Path) -> None:
        """The fork reads the caller's own stdin: dice piped in are rolled, and too few stop the command."""
        record = ("league", "record", str(league), "2", "home.score=1", "away.score=0", *FULL)
        short = server.run(*record, stdin="")
        assert 2 == short.returncode
        assert "stdin ended" in short.stderr
        done = server.run(*record, stdin="3\n4\n2\n5\n1\n6\n2\n3\n")
        assert 0 == done.returncode, done.stderr
        assert "roll a D6" in done.stderr
        assert 2 == server.served()

    def test_files_are_made_with_the_callers_folder_and_umask(self, server: Server, tmp_path: Path) -> None:
        """A relative path is the caller's; the file gets the caller's umask, not the server's."""
        folder = tmp_path / "work"
        folder.mkdir()
        made = server.shell("umask 077 && progression league new cup.sqlite --pack bloodbowl --name Cup", cwd=folder)
        assert 0 == made.returncode, made.stderr
        assert 0o600 == (folder / "cup.sqlite").stat().st_mode & 0o777
        assert 1 == server.served()

    def test_ctrl_c_reaches_the_command(self, server: Server, league: Path) -> None:
        """SIGINT to the caller is relayed to the fork, which stops as a command stopped by Ctrl-C does (130)."""
        waiting = prompted(server, league, 3)  # the fork asks: it is waiting on the caller's stdin
        (fork,) = processes(parent=int(str(server.status()["pid"])))
        assert [signal.SIGINT in blocked for blocked in threads_blocking(fork).values()] == [False, True], (
            "only the command's thread takes the signal: the thread watching the caller blocks it"
        )
        waiting.send_signal(signal.SIGINT)
        waiting.wait(timeout=30)  # stdin kept open: the command ends by the signal, not by an ended stdin
        _, err = waiting.communicate()
        assert 130 == waiting.returncode, err
        assert "interrupted" in err

    def test_a_terminated_caller_ends_as_it_would_cold(self, server: Server, league: Path) -> None:
        """SIGTERM to a caller waiting on its command: the fork ends by it, and the caller ends by it too (as a cold
        command does, killed by the signal); SIGKILL to a caller: its fork ends, and leaves the server no child."""
        pid = int(str(server.status()["pid"]))
        for signum in (signal.SIGTERM, signal.SIGKILL):
            waiting = prompted(server, league, 4)
            waiting.send_signal(signum)
            waiting.wait(timeout=30)
            assert -signum == waiting.returncode
            assert gone(parent=pid), "a fork is left"  # while its stdin is still open: not ended by its end
            waiting.communicate()

    def test_a_signal_the_caller_ignores_does_not_end_the_command(self, server: Server, league: Path) -> None:
        """``nohup``: a caller that ignores SIGHUP is sent one at its dice prompt; its command goes on and records
        the match, as it would cold."""

        def ignore_hangups() -> None:
            signal.signal(signal.SIGHUP, signal.SIG_IGN)

        waiting = prompted(server, league, 5, preexec_fn=ignore_hangups)
        waiting.send_signal(signal.SIGHUP)
        out, err = waiting.communicate("4\n5\n3\n2\n6\n1\n", timeout=30)
        assert 0 == waiting.returncode, err
        assert "rolled 1D6 for Dedicated Fans: 4" in out
        assert 1 == server.served()

    def test_stdin_keeps_its_carriage_returns(self, server: Server, league: Path) -> None:
        """Dice typed with ``\\r`` line ends are refused, through the server as cold (no newline translated)."""
        record = ("league", "record", str(league), "6", "home.score=1", "away.score=0", *FULL)
        served, cold = server.run(*record, stdin="4\r3\r"), server.cold(*record, stdin="4\r3\r")
        assert (cold.returncode, cold.stderr) == (served.returncode, served.stderr)
        assert 2 == served.returncode

    def test_twenty_commands_at_once_are_all_recorded(self, server: Server, tmp_path: Path) -> None:
        """Twenty ``league record`` on twenty fixtures, started together through the server: all recorded."""
        import progression_bloodbowl as bb

        pack = progression.load("bloodbowl")
        path = tmp_path / "big.sqlite"
        made = bb.new_league(path, "Big Cup", pack=pack)
        for n in range(40):
            made.add_team(f"team{n}", bb.draft(pack, "human", f"Team {n}", HUMANS))
        fixtures = [fixture.number for fixture in made.schedule() if fixture.round == 1]
        made.close()
        started = [
            subprocess.Popen(
                progression_command(
                    "league", "record", str(path), str(number), "home.score=1", "away.score=0", *FULL, "--seed", "1"
                ),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                stdin=subprocess.DEVNULL,
                env=server.env,
                text=True,
            )
            for number in fixtures
        ]
        said = [process.communicate(timeout=120)[1] for process in started]
        assert ([0] * 20, [""] * 20) == ([process.returncode for process in started], said)
        played = json.loads(server.run("league", "fixtures", str(path), "--json").stdout)
        assert 20 == sum(1 for fixture in played["fixtures"] if fixture["score"] == "1-0")
        assert 21 == server.served()


class TestDeclined:
    def test_a_changed_data_file_is_declined_and_the_server_stops(self, tmp_path: Path, league: Path) -> None:
        """A pack whose data file changed after the server read it (same size, same time stamp): the command runs
        cold, on the new data, and the server stops and says why in its log."""
        import progression_bloodbowl

        packages = tmp_path / "packages"
        source = Path(progression_bloodbowl.__file__).parent
        shutil.copytree(source, packages / "progression_bloodbowl", ignore=shutil.ignore_patterns("__pycache__"))
        server = Server(tmp_path / "run", {"PYTHONPATH": str(packages)})
        assert 0 == server.run("server", "start", "--idle", "5").returncode
        try:
            data = packages / "progression_bloodbowl" / "data" / "pack.toml"
            text = data.read_text(encoding="utf-8")
            assert 'en = "Blood Bowl, Third Season Edition (BB2025)"' in text
            stamp = data.stat()
            data.write_text(text.replace("(BB2025)", "(BB2099)"), encoding="utf-8")
            os.utime(data, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
            shown = server.run("packs")
            assert 0 == shown.returncode, shown.stderr
            assert "BB2099" in shown.stdout
            assert {"running": False} == {"running": server.status()["running"]}
            assert "pack.toml changed since it was read" in (tmp_path / "run" / "server.log").read_text()
            said = server.run("server", "status").stdout
            assert "the last one's log" in said
            assert said.rstrip().endswith("pack.toml changed since it was read, stopping)")
        finally:
            server.run("server", "stop")

    def test_another_module_path_runs_cold(self, server: Server, tmp_path: Path) -> None:
        """A caller whose modules come from elsewhere (PYTHONPATH) is declined and runs cold."""
        elsewhere = {**server.env, "PYTHONPATH": str(tmp_path)}
        assert 0 == server.run("packs", env=elsewhere).returncode
        assert 0 == server.served()
        assert 0 == server.run("packs").returncode
        assert 1 == server.served()

    def test_other_python_settings_run_cold(self, server: Server) -> None:
        """``PYTHON*`` settings are read by an interpreter as it starts: a caller with others runs cold."""
        assert 0 == server.run("packs", env={**server.env, "PYTHONWARNINGS": "ignore"}).returncode
        assert 0 == server.served()

    def test_other_interpreter_flags_run_cold(self, server: Server) -> None:
        """``-X int_max_str_digits=0`` changes what a command accepts: a caller started with it runs cold."""
        flagged = subprocess.run(
            [sys.executable, "-X", "int_max_str_digits=0", "-m", "progression", "packs"],
            env=server.env,
            capture_output=True,
            check=False,
        )
        assert 0 == flagged.returncode
        assert 0 == server.served()

    def test_a_working_folder_holding_a_pack_runs_cold(self, server: Server, tmp_path: Path) -> None:
        """Under ``python -m`` the working folder comes first where Python looks: a copy of a pack there is what a
        cold command loads, so the server declines, and the command shows the copy."""
        import progression_competence

        shadow = tmp_path / "shadow"
        shutil.copytree(
            Path(progression_competence.__file__).parent,
            shadow / "progression_competence",
            ignore=shutil.ignore_patterns("__pycache__"),
        )
        data = shadow / "progression_competence" / "data" / "pack.toml"
        if not data.exists():
            data = next((shadow / "progression_competence").rglob("*.toml"))
        text = data.read_text(encoding="utf-8")
        assert 'en = "Competences"' in text
        data.write_text(text.replace('en = "Competences"', 'en = "Shadowed"'), encoding="utf-8")
        shown = server.run("packs", cwd=shadow)
        assert (0, True) == (shown.returncode, "Shadowed" in shown.stdout), shown.stderr
        assert 0 == server.served()
        elsewhere = {**server.env, "PROGRESSION_SERVER": str(tmp_path / "run2" / "s.sock")}
        refused = server.run("server", "start", "--foreground", cwd=shadow, env=elsewhere)
        assert 2 == refused.returncode
        assert "holds modules a command would import from elsewhere (progression_competence)" in refused.stderr

    def test_a_closed_stream_runs_cold(self, server: Server) -> None:
        """A caller whose stdin is closed has no descriptor to pass: it runs cold, as it would anyway."""
        closed = server.shell("progression packs <&-")
        assert (0, "") == (closed.returncode, closed.stderr)
        assert 0 == server.served()

    def test_a_suspended_server_is_waited_for_a_while_then_run_without(self, server: Server, tmp_path: Path) -> None:
        """A server that does not answer (stopped with SIGSTOP) holds a command about 5 seconds, then the command
        runs cold; once the server goes on, the fork it makes for that command runs nothing: the award is once
        in the file."""
        from cli_support import SKIRMISH

        sheet = tmp_path / "ana.json"
        assert 0 == server.cold("sheet", "new", str(sheet), "--pack", SKIRMISH, "--kind", "hero").returncode
        pid = int(str(server.status()["pid"]))
        os.kill(pid, signal.SIGSTOP)
        try:
            started = time.monotonic()
            awarded = server.run("sheet", "award", str(sheet), "purse", "1", "-r", "once", "--pack", SKIRMISH)
            waited = time.monotonic() - started
        finally:
            os.kill(pid, signal.SIGCONT)
        assert (0, True) == (awarded.returncode, 4 < waited < 30), awarded.stderr
        assert 1 == server.served()  # the server forked for it once it went on
        time.sleep(1)
        history = json.loads(server.cold("sheet", "history", str(sheet), "--pack", SKIRMISH, "--json").stdout)
        assert ["+1 Purse: once"] == [entry["text"] for entry in history if "once" in entry["text"]]
        assert 0 == server.run("packs").returncode
        assert 2 == server.served()

    def test_a_request_not_shaped_as_a_command_is_declined(self, server: Server) -> None:
        """A client of the same user sending a request of the wrong shape is declined; the server serves on."""
        import socket

        declined = b'{"declined": "not a command\'s request"}\n'
        for request, expected in (({"argv": "packs"}, declined), ({"argv": ["packs"], "cwd": 3}, declined), ([1], b"")):
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
                client.settimeout(10)
                client.connect(str(server.socket))
                client.sendall(json.dumps(request).encode() + b"\n")
                assert expected == client.makefile("rb").readline()
        assert 0 == server.run("packs").returncode
        assert 1 == server.served()

    def test_a_fork_gone_before_go_leaves_the_caller_to_run_the_command(self, tmp_path: Path, league: Path) -> None:
        """A server whose fork answers and is gone before the caller's ``go``: the caller runs the command itself,
        as it was, its own Ctrl-C included (stopped by it at a dice prompt: 130, "interrupted")."""
        import socket
        import threading

        folder = tmp_path / "run"
        server = Server(folder)
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listener:
            listener.bind(str(server.socket))
            listener.listen(1)

            def answer_and_vanish() -> None:
                connection, _ = listener.accept()
                with connection:
                    connection.makefile("rb").readline()
                    connection.sendall(b'{"pid": 999999999}\n')

            threading.Thread(target=answer_and_vanish, daemon=True).start()
            waiting = prompted(server, league, 1)
            waiting.send_signal(signal.SIGINT)
            waiting.wait(timeout=30)
            _, err = waiting.communicate()
        assert 130 == waiting.returncode, err
        assert "interrupted" in err

    def test_a_socket_in_a_folder_open_to_others_is_not_used(self, tmp_path: Path) -> None:
        """``server start`` refuses a folder others may enter; a command there runs cold."""
        folder = tmp_path / "open"
        folder.mkdir(mode=0o755)
        folder.chmod(0o755)
        server = Server(folder)
        folder.chmod(0o755)
        started = server.run("server", "start")
        assert 2 == started.returncode
        assert "must be closed to others (mode 700), it has mode 755" in started.stderr
        assert 2 == server.run("server", "status").returncode
        assert 0 == server.run("packs").returncode

    def test_turned_off(self, tmp_path: Path) -> None:
        """``PROGRESSION_SERVER=off``: ``server`` commands say servers are off (exit 2)."""
        server = Server(tmp_path / "run")
        result = server.run("server", "status", env={**server.env, "PROGRESSION_SERVER": "off"})
        assert 2 == result.returncode
        assert "servers are turned off here" in result.stderr


class TestLifecycle:
    def test_status_start_twice_stop(self, tmp_path: Path) -> None:
        """No server; one started (twice: the second says it runs); stopped; none again."""
        server = Server(tmp_path / "run")
        assert f"no server answers at {server.socket}\n" == server.run("server", "status").stdout
        first = server.run("server", "start", "--json")
        assert 0 == first.returncode, first.stderr
        started = json.loads(first.stdout)
        assert (True, ["bloodbowl", "competence"]) == (started["started"], started["packs"])
        again = json.loads(server.run("server", "start", "--json").stdout)
        assert (False, started["pid"]) == (again["started"], again["pid"])
        stopped = server.run("server", "stop")
        assert f"stopped server pid {started['pid']} at {server.socket}\n" == stopped.stdout
        deadline = time.monotonic() + 10
        while server.socket.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not server.socket.exists()
        assert f"no server answers at {server.socket}\n" == server.run("server", "stop").stdout

    def test_two_starts_at_once_make_one_server(self, tmp_path: Path) -> None:
        """Two ``server start`` at the same moment: one server, which ``stop`` stops; no other is left."""
        server = Server(tmp_path / "run")
        starts = [
            subprocess.Popen(
                progression_command("server", "start", "--json"),
                env=server.env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(2)
        ]
        said = [json.loads(process.communicate(timeout=60)[0]) for process in starts]
        assert [False, True] == sorted(answer["started"] for answer in said)
        assert said[0]["pid"] == said[1]["pid"]
        deadline = time.monotonic() + 10  # a second server, if one was started, ends as soon as it meets the lock
        while processes(serving=server.socket) != [said[0]["pid"]] and time.monotonic() < deadline:
            time.sleep(0.1)
        assert [said[0]["pid"]] == processes(serving=server.socket)
        assert 0 == server.run("server", "stop").returncode
        assert gone(serving=server.socket)

    def test_bad_settings_are_refused_before_warming(self, tmp_path: Path) -> None:
        """``--idle`` below 0 or not a number, and a relative ``PROGRESSION_SERVER``, exit 2 saying what was expected."""
        server = Server(tmp_path / "run")
        for idle in ("-1", "nan", "soon", "1e15"):
            refused = server.run("server", "start", "--idle", idle)
            assert 2 == refused.returncode
            assert f"expected a number of minutes from 0 to 10,000,000, got '{idle}'" in refused.stderr
        relative = server.run("server", "status", env={**server.env, "PROGRESSION_SERVER": "run/server.sock"})
        assert 2 == relative.returncode
        assert "PROGRESSION_SERVER must be an absolute path to a socket, got 'run/server.sock'" in relative.stderr

    def test_a_socket_held_by_a_server_that_does_not_answer(self, tmp_path: Path) -> None:
        """Its lock taken (a server warming up, or suspended): ``status`` says so, ``stop`` exits 1 saying it did not
        stop it, and ``start --foreground`` refuses to serve beside it (exit 2)."""
        import fcntl

        server = Server(tmp_path / "run")
        with open(str(server.socket) + ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            said = f"a server holds {server.socket} but does not answer"
            status, stop = server.run("server", "status"), server.run("server", "stop")
            assert (0, f"{said}: suspended, or still warming up\n") == (status.returncode, status.stdout)
            assert (1, f"{said}: not stopped\n") == (stop.returncode, stop.stdout)
            beside = server.run("server", "start", "--foreground")
            assert (2, f"progression: another server holds {server.socket}\n") == (beside.returncode, beside.stderr)

    @pytest.mark.skipif(os.getuid() != 0, reason="giving a folder to another user takes root")
    def test_a_folder_of_another_user_is_refused(self, tmp_path: Path) -> None:
        """A socket folder that is closed to others but belongs to someone else: refused, saying whose it is."""
        folder = tmp_path / "theirs"
        folder.mkdir(mode=0o700)
        os.chown(folder, 65534, 65534)
        refused = Server(folder).run("server", "start")
        assert 2 == refused.returncode
        assert f"folder {folder} belongs to another user (uid 65534); a server's folder must be yours" in refused.stderr

    def test_idle_server_stops(self, tmp_path: Path) -> None:
        """A server given a fraction of a minute of idleness stops by itself, and removes its socket."""
        server = Server(tmp_path / "run")
        assert 0 == server.run("server", "start", "--idle", "0.02").returncode
        deadline = time.monotonic() + 30
        while server.socket.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not server.socket.exists()
        assert "idle for 0.02 minutes, stopping" in (tmp_path / "run" / "server.log").read_text()


class TestFingerprint:
    def test_each_kind_of_change_is_named(self, tmp_path: Path) -> None:
        """A source by size and time stamp; data by content, even at the same size and time stamp; a file gone."""
        source, data = tmp_path / "module.py", tmp_path / "data.toml"
        source.write_text("x = 1\n")
        data.write_text("a = 1\n")
        print_ = Fingerprint([str(source)], [str(data)])
        assert (2, None) == (len(print_), print_.changed())
        stamp = data.stat()
        data.write_text("a = 2\n")
        os.utime(data, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
        assert str(data) == print_.changed()
        data.write_text("a = 1\n")
        assert print_.changed() is None
        source.write_text("x = 22\n")
        assert str(source) == print_.changed()
        source.unlink()
        assert str(source) == print_.changed()
        later = tmp_path / "later.toml"
        awaited = Fingerprint([], [str(later)])
        later.write_text("b = 1\n")
        assert str(later) == awaited.changed()


class TestHowTo:
    def test_the_page_runs_as_written(self, tmp_path: Path) -> None:
        """Each command of the how-to prints what the page shows, with its exit status; only the server's pid,
        socket, counts of files and seconds differ from the page's run."""
        server = Server(tmp_path / "run")
        steps = list(transcript(PAGE.read_text(encoding="utf-8")))
        assert ["server start", "league new", "server status", "server stop"] == [
            " ".join(command.split()[1:3]) for command, _ in steps
        ]
        socket = re.search(r"at (/\S+\.sock)", "\n".join(steps[0][1]))
        assert socket is not None

        def masked(text: str, path: str) -> str:
            text = text.replace(path, "SOCKET").replace(path.removesuffix(".sock"), "SOCKET")
            return re.sub(r"\d+ files", "N files", re.sub(r"\b(pid|in) \d+(\.\d+ s)?", r"\1 N", text))

        try:
            for command, expected in steps:
                words = shlex.split(command, comments=True)
                done = server.run(*words[1:], cwd=tmp_path)
                assert 0 == done.returncode, done.stderr
                assert masked("\n".join(expected), socket.group(1)) == masked(
                    done.stdout.rstrip("\n"), str(server.socket)
                )
        finally:
            server.run("server", "stop")
