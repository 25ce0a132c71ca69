"""Fixtures for the command line's tests: packs installed by monkeypatched entry points, and a runner."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

import attrs
import pytest

from progression._cli import main
from progression._discovery import GROUP

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
#: The core's small test pack, loaded from its file.
SKIRMISH = str(ROOT / "tests" / "core" / "packs" / "skirmish.toml")


@attrs.frozen
class Result:
    """What a command did: its exit status and what it printed."""

    status: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


def install(monkeypatch: pytest.MonkeyPatch, packs: dict[str, str]) -> None:
    """Make ``packs`` (name → ``module:function``) the only installed packs, through entry points."""
    points = [metadata.EntryPoint(name=name, value=value, group=GROUP) for name, value in packs.items()]
    real = metadata.entry_points

    def entry_points(**selection: Any) -> Any:
        if selection.get("group") != GROUP:
            return real(**selection)
        found = [p for p in points if all(getattr(p, k) == v for k, v in selection.items())]
        return metadata.EntryPoints(found)

    monkeypatch.setattr(metadata, "entry_points", entry_points)


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
        import io

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
