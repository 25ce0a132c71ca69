"""The how-to ``docs/how-to/competence-cli.rst`` is run as written: each ``progression`` command of its
transcripts prints what the page shows, with the exit status its comment gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from progression.cli.main import main
from support.transcripts import check, transcript

PAGE = Path(__file__).parents[2] / "docs" / "how-to" / "competence-cli.rst"


def test_the_page_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A character made, two sessions entered and settled, a raise refused then bought, a quote, a test,
    the sheet, its history, its verification and a correction: each prints what the page shows."""
    monkeypatch.chdir(tmp_path)

    def command(words: list[str]) -> tuple[int, str, str]:
        capsys.readouterr()
        status = main(words)
        captured = capsys.readouterr()
        return status, captured.out, captured.err

    steps = list(transcript(PAGE.read_text(encoding="utf-8")))
    assert len(steps) == 14
    check(command, steps, str(PAGE))
