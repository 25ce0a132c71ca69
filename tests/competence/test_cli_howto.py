"""The how-to ``docs/how-to/competence-cli.rst`` is run as written: each ``progression`` command of its
transcripts prints what the page shows, with the exit status its comment gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.transcripts import check, in_process, transcript

PAGE = Path(__file__).parents[2] / "docs" / "how-to" / "competence-cli.rst"


def test_the_page_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A character made, two sessions entered and settled, a raise refused then bought, a quote, a test,
    the sheet, its history, its verification and a correction: each prints what the page shows."""
    monkeypatch.chdir(tmp_path)

    steps = list(transcript(PAGE.read_text(encoding="utf-8")))
    assert len(steps) == 14
    check(in_process(capsys), steps, str(PAGE))
