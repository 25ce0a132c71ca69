"""Concurrent writers of one sheet file: each is serialised or refused, and no update that exited 0 is lost."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from cli_support import SKIRMISH

import progression.disk.write as _writing
from progression.cli import files
from progression.disk import fingerprint

WRITERS = 4
ROUNDS = 4


def command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "progression", *argv]


class TestConcurrentWriters:
    def test_every_award_that_exited_0_is_in_the_file(self, tmp_path: Path) -> None:
        """Rounds of writers started together on one file: the awards in the file are exactly those whose
        command exited 0 (the others exit 1, refused as changed by someone else), never fewer."""
        rounds_of_writers(tmp_path, ROUNDS)

    @pytest.mark.slow
    def test_many_rounds(self, tmp_path: Path) -> None:
        """The same, for as many rounds as ``make fuzz`` asks (``PROGRESSION_FUZZ_ROUNDS``, 100 by default)."""
        rounds_of_writers(tmp_path, int(os.environ.get("PROGRESSION_FUZZ_ROUNDS", "100")))


def rounds_of_writers(tmp_path: Path, rounds: int) -> None:
    """``rounds`` rounds of :data:`WRITERS` award commands started together on one file: every one that
    exited 0 is in the file, and every other was refused as changed by someone else."""
    path = tmp_path / "ana.json"
    created = subprocess.run(
        command("sheet", "new", str(path), "--pack", SKIRMISH, "--kind", "hero", "--name", "Ana"),
        capture_output=True,
        check=False,
    )
    assert 0 == created.returncode
    succeeded = 0
    for round_ in range(rounds):
        started = [
            subprocess.Popen(
                command("sheet", "award", str(path), "purse", "1", "-r", f"r{round_}w{n}", "--pack", SKIRMISH),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
            for n in range(WRITERS)
        ]
        for process in started:
            _, err = process.communicate(timeout=120)
            assert process.returncode in (0, 1), err
            if process.returncode == 1:
                assert b"by someone else since this command read it" in err
            succeeded += process.returncode == 0
    awards = [e for e in json.loads(path.read_text(encoding="utf-8"))["ledger"] if e["operation"]["op"] == "award"]
    assert (succeeded, True) == (len(awards), succeeded >= rounds)


class TestTheLock:
    def test_two_writers_of_the_same_reading_one_is_refused(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Two writes that both read the same file, the check slowed down so they overlap: one replaces the
        file, the other is refused as a conflict (without the lock, both would pass the check and one be lost)."""
        path = tmp_path / "sheet.json"
        path.write_bytes(b"old")
        digest = fingerprint(b"old")
        slow = _writing.current

        def current(target: Path, limit: int) -> str | None:
            seen = slow(target, limit)
            time.sleep(0.2)  # the window between the check and the rename, made wide
            return seen

        monkeypatch.setattr(_writing, "current", current)
        outcomes: dict[bytes, str] = {}

        def write(data: bytes) -> None:
            try:
                files.atomic_write(path, data, expected=digest)
                outcomes[data] = "written"
            except files.Conflict:
                outcomes[data] = "refused"

        threads = [threading.Thread(target=write, args=(data,)) for data in (b"first", b"second")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        written = [data for data, outcome in outcomes.items() if outcome == "written"]
        assert (["refused", "written"], written) == (sorted(outcomes.values()), [path.read_bytes()])
