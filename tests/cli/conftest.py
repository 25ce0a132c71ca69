"""Fixtures for the command line's tests: packs installed by monkeypatched entry points, and a runner."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

# The fake pack and the shared helpers are imported by name, from this folder.
if str(Path(__file__).parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).parent))

from cli_support import HERE, SKIRMISH, Result, install

from progression.cli.main import main
from progression.rulepacks.discovery import GROUP


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fake pack is the only installed pack."""
    install(monkeypatch, {"fake": "cli_fakepack:pack"})


@pytest.fixture
def no_packs(monkeypatch: pytest.MonkeyPatch) -> None:
    """No pack is installed."""
    install(monkeypatch, {})


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Callable[..., Result]:
    """Run the command in this process: ``run("sheet", "show", path, stdin="...")``."""

    def runner(*argv: str, stdin: str = "") -> Result:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        capsys.readouterr()
        status = main(list(argv))
        captured = capsys.readouterr()
        return Result(status, captured.out, captured.err)

    return runner


@pytest.fixture(scope="session")
def fake_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder that, on PYTHONPATH, installs the fake pack for a subprocess (a dist-info with its entry point)."""
    site = tmp_path_factory.mktemp("site")
    info = site / "progression_fake-2.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: progression-fake\nVersion: 2\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{GROUP}]\nfake = cli_fakepack:pack\n", encoding="utf-8")
    return site


@pytest.fixture
def shell(fake_site: Path, tmp_path: Path) -> Callable[..., Result]:
    """Run ``python -m progression ...`` in a real subprocess, in ``tmp_path``, with the fake pack installed."""

    def runner(*argv: str, stdin: str = "") -> Result:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(fake_site), str(HERE), env.get("PYTHONPATH", "")])
        env.pop("PROGRESSION_DEBUG", None)
        done = subprocess.run(
            [sys.executable, "-m", "progression", *argv],
            input=stdin,
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env=env,
            timeout=120,
            check=False,
        )
        return Result(done.returncode, done.stdout, done.stderr)

    return runner


@pytest.fixture
def sheet_file(tmp_path: Path, run: Callable[..., Result]) -> Path:
    """A skirmish hero's sheet file, Ana, with 25 experience (5 over her cap) and 30 gold."""
    path = tmp_path / "ana.json"
    assert (
        run(
            "sheet", "new", str(path), "--pack", SKIRMISH, "--kind", "hero", "--name", "Ana", "--set", "purse=30"
        ).status
        == 0
    )
    assert run("sheet", "award", str(path), "xp", "25", "-r", "the crypt", "--pack", SKIRMISH).status == 0
    return path
