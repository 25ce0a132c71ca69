"""The how-to ``docs/how-to/bloodbowl-league-store.rst`` is run as written: its script makes the team files, and
each ``progression league`` command of its transcripts prints what the page shows, with its exit status."""

from __future__ import annotations

import io
import runpy
import sys
from pathlib import Path

import pytest

from support.transcripts import check, files, in_process, transcript

PAGE = Path(__file__).parents[3] / "docs" / "how-to" / "bloodbowl-league-store.rst"


def test_the_page_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The teams are made by the page's scripts (and two leagues under the rules of version 3); every command then
    prints what the page shows."""
    text = PAGE.read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # no die is asked for at a terminal here
    scripts = files(text)
    assert ["make_teams.py", "old_league.py"] == list(scripts)
    for name, body in scripts.items():
        (tmp_path / name).write_text(body, encoding="utf-8")
        runpy.run_path(str(tmp_path / name), run_name="__main__")

    steps = list(transcript(text))
    used = {words.split()[2] for words, _ in steps}
    assert {"new", "team", "fixtures", "record", "standings", "leaders", "player", "history", "roster"} <= used
    assert {"amend", "verify", "do", "rebase"} <= used
    assert {"prizes", "redraft", "new-season"} <= used
    check(in_process(capsys), steps, str(PAGE))
