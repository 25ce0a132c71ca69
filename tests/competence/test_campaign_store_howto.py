"""The how-to ``docs/how-to/competence-campaign-store.rst`` is run as written: its campaign file is written where
the commands run, and each ``progression`` command of its transcripts prints what the page shows, with its exit
status."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from support.transcripts import check, files, in_process, transcript

PAGE = Path(__file__).parents[2] / "docs" / "how-to" / "competence-campaign-store.rst"


def test_the_page_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The campaign file is the page's; every command then prints what the page shows."""
    text = PAGE.read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # no die is asked for at a terminal here
    written = files(text)
    assert ["harbour.toml"] == list(written)
    for name, body in written.items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    steps = list(transcript(text))
    used = {words.split()[2] for words, _ in steps if words.split()[1] == "campaign"}
    assert {"new", "character", "award", "do", "buy", "party", "show", "history"} <= used
    assert {"amend", "verify", "export", "import"} <= used
    assert any("--json" in words for words, _ in steps)
    check(in_process(capsys), steps, str(PAGE))
