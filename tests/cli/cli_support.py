"""Helpers the command line's tests share: paths, a result type, and packs installed through entry points.

Imported by name (``from cli_support import ...``): ``conftest.py`` puts this folder on
``sys.path``, since pytest's importlib mode does not.
"""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path
from typing import Any

import attrs
import pytest

from progression.rulepacks.discovery import GROUP

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
#: The core's small test pack, loaded from its file.
SKIRMISH = str(ROOT / "tests" / "support" / "packs" / "skirmish.toml")


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
