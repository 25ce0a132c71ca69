"""Studies run the command line's fake pack (``tests/cli/cli_fakepack.py``), installed by a monkeypatched entry point."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

CLI = Path(__file__).parents[1] / "cli"
if str(CLI) not in sys.path:
    sys.path.insert(0, str(CLI))

from cli_support import install  # noqa: E402


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fake pack is the only installed pack."""
    install(monkeypatch, {"fake": "cli_fakepack:pack"})
