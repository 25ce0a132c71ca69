"""Several processes on one store: concurrent writers lose nothing, a stale write is refused, and a writer
killed in the middle of a transaction leaves the database whole (both sheets changed, or neither).

The writers are forked from the test (they share its loaded pack, not its connections: each opens its own
store), so that fifty of them start in a second rather than fifty interpreters' start-up.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

import pytest

import progression
from progression.errors import StoreConflict
from progression.operations import Award, Create
from support.stores import raw

FORK = multiprocessing.get_context("fork")


def start(target: Callable[..., None], *args: Any) -> tuple[Any, Connection]:
    """A forked process running ``target(pipe, *args)``, and the end of the pipe it reports on."""
    mine, theirs = FORK.Pipe(duplex=False)
    process = FORK.Process(target=target, args=(theirs, *args), daemon=True)
    process.start()
    theirs.close()
    return process, mine


def appender(pipe: Connection, where: str, pack: progression.RulePack, sheet: str, count: int, go: str) -> None:
    """Append ``count`` awards of 1 to ``sheet``, each in its own transaction, once ``go`` exists."""
    with progression.open_store(where, pack) as store:
        pipe.send("ready")
        while not os.path.exists(go):
            time.sleep(0.001)
        versions = []
        for n in range(count):
            after = store.run(sheet, Award(pool="purse", amount=1, reason=f"{os.getpid()} #{n}"))[0]
            versions.append(len(after.ledger))
        pipe.send(versions)


def stale(pipe: Connection, where: str, pack: progression.RulePack, sheet: str, go: str) -> None:
    """Read the sheet's version, wait for ``go``, then write acting on that version."""
    with progression.open_store(where, pack) as store:
        seen = store.version(sheet)
        pipe.send("ready")
        while not os.path.exists(go):
            time.sleep(0.001)
        try:
            store.run(sheet, Award(pool="purse", amount=1, reason=str(os.getpid())), expected=seen)
        except StoreConflict as error:
            pipe.send(("conflict", error.expected, error.found))
        else:
            pipe.send(("written", seen, seen + 1))


def pairs(pipe: Connection, where: str, pack: progression.RulePack, pause: float) -> None:
    """Forever: one transaction awarding 1 to "ana" then 1 to "bo", saying "in" between the two."""
    with progression.open_store(where, pack) as store:
        while True:
            with store.transaction() as tx:
                tx.run("ana", Award(pool="purse", amount=1, reason="the pair"))
                pipe.send("in")
                time.sleep(pause)
                tx.run("bo", Award(pool="purse", amount=1, reason="the pair"))
            pipe.send("out")


def collect(pipes: list[Connection], timeout: float = 60) -> list[Any]:
    found = []
    for pipe in pipes:
        if not pipe.poll(timeout):
            raise AssertionError("a writer said nothing in time")
        found.append(pipe.recv())
    return found


def heroes(where: str, pack: progression.RulePack, *names: str) -> None:
    with progression.open_store(where, pack) as store:
        for name in names:
            store.start_sheet(name, Create(kind="hero", name=name))


class TestConcurrentWriters:
    def test_every_append_is_kept(self, where, pack, tmp_path) -> None:
        """Four processes append at once, two to sheets of their own and two to one shared sheet: every append
        is stored, each at a version of its own, and the histories verify."""
        heroes(where, pack, "ana", "bo", "common")
        go, count = str(tmp_path / "go"), 15
        started = [start(appender, where, pack, sheet, count, go) for sheet in ("ana", "bo", "common", "common")]
        assert ["ready"] * 4 == collect([pipe for _, pipe in started])
        open(go, "w").close()
        versions = collect([pipe for _, pipe in started])
        for process, _ in started:
            process.join(30)
        assert [list(range(2, 2 + count))] * 2 == versions[:2]
        shared = sorted(versions[2] + versions[3])
        assert list(range(2, 2 + 2 * count)) == shared  # no version given twice, none skipped
        with progression.open_store(where, pack) as store:
            assert (1 + count, 1 + count, 1 + 2 * count) == tuple(store.version(s) for s in ("ana", "bo", "common"))
            common = store.sheet("common")
            reasons = [entry.operation.reason for entry in list(common.ledger)[1:]]
            assert (2 * count, 2 * count, 2 * count) == (common.pools["purse"], len(set(reasons)), len(reasons))
            assert all(store.verify(s).ok for s in store.ids())

    def test_of_writers_acting_on_one_version_one_wins(self, where, pack, tmp_path) -> None:
        """Four processes read version 1 of a sheet, then write at once, each acting on that version: one write
        is stored, the three others are refused as stale, saying the version they expected and the one found."""
        heroes(where, pack, "ana")
        go = str(tmp_path / "go")
        started = [start(stale, where, pack, "ana", go) for _ in range(4)]
        assert ["ready"] * 4 == collect([pipe for _, pipe in started])
        open(go, "w").close()
        outcomes = sorted(collect([pipe for _, pipe in started]))
        assert [("conflict", 1, 2)] * 3 + [("written", 1, 2)] == outcomes
        with progression.open_store(where, pack) as store:
            assert (2, 1) == (store.version("ana"), store.sheet("ana").pools["purse"])


class TestKilledWriters:
    KILLS = 50

    def test_a_killed_transaction_leaves_both_sheets_or_neither(self, where, pack) -> None:
        """A writer changing two sheets per transaction is killed (SIGKILL) fifty times, mostly between its two
        changes: each time, both sheets hold the same number of entries, the database is whole, and at the
        end both histories verify."""
        heroes(where, pack, "ana", "bo")
        dice = random.Random(15)
        committed = 0
        for kill in range(self.KILLS):
            process, pipe = start(pairs, where, pack, 0.005)
            # Mostly between the transaction's two changes ("in"); else a moment after, wherever it is then.
            wanted = dice.randint(1, 3)
            seen = 0
            while seen < wanted:
                assert pipe.poll(30), "the writer stopped writing"
                message = pipe.recv()
                seen += message == "in"
            if kill % 5 == 4:
                time.sleep(dice.uniform(0, 0.01))
            os.kill(process.pid, signal.SIGKILL)
            process.join(10)
            assert -signal.SIGKILL == process.exitcode
            with progression.open_store(where, pack) as store:
                versions = (store.version("ana"), store.version("bo"))
                assert versions[0] == versions[1], f"kill {kill}: half a transaction was kept: {versions}"
                assert versions[0] >= 1 + committed
                committed = versions[0] - 1
            rows = raw(where, "SELECT sheet, COUNT(*) FROM entries GROUP BY sheet ORDER BY sheet")
            assert [("ana", versions[0]), ("bo", versions[1])] == [(r[0], r[1]) for r in rows]
        if not where.startswith("postgresql://"):
            assert [("ok",)] == raw(where, "PRAGMA integrity_check")
        with progression.open_store(where, pack) as store:
            assert (True, True) == (store.verify("ana").ok, store.verify("bo").ok)
            assert store.sheet("ana").pools["purse"] == store.sheet("bo").pools["purse"] == committed
        assert committed >= self.KILLS // 2  # most writers committed something before they were killed


@pytest.fixture(autouse=True)
def _no_stray_writers() -> Any:
    """Every writer forked by a test is gone when it ends."""
    yield
    for child in FORK.active_children():
        child.kill()
        child.join(5)
