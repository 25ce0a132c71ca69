"""The how-to ``docs/how-to/bloodbowl-amend.rst`` is run as written: its script makes the team file, and each
``progression`` command of its transcripts prints what the page shows (its Python is run by the doctests)."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

import progression_bloodbowl as bb
from progression import ScriptedDice, Sheet
from progression.errors import InvalidInput
from support.transcripts import check, files, in_process, transcript

PAGE = Path(__file__).parents[3] / "docs" / "how-to" / "bloodbowl-amend.rst"


def test_the_page_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The team is made by the page's script; every command then prints what the page shows, with its status."""
    text = PAGE.read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    scripts = files(text)
    assert ["make_anvils.py"] == list(scripts)
    for name, body in scripts.items():
        (tmp_path / name).write_text(body, encoding="utf-8")
        runpy.run_path(str(tmp_path / name), run_name="__main__")

    steps = list(transcript(text))
    assert len(steps) > 5
    check(in_process(capsys), steps, str(PAGE))


class TestAmendMatch:
    def test_a_match_recorded_in_two_entries(self, pack: object, team: Sheet) -> None:
        """Outcome and Dedicated Fans recorded apart cannot be amended together: said, with the way round it."""
        record = bb.MatchRecord(number=1, opponent="Orcs", score=(1, 0), events={"1": {"touchdown": 1}})
        played = bb.operations.update_fans(
            pack, bb.operations.record_outcome(pack, team, record, ScriptedDice([])), record, ScriptedDice([6])
        )  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match=r"match 1 of Altdorf Anvils is recorded in 2 entries \(#\d+, #\d+"):
            bb.operations.amend_match(pack, played, 1, score=(1, 1))  # type: ignore[arg-type]

    def test_a_field_a_record_has_not(self, pack: object, team: Sheet) -> None:
        """A misspelt field is named with the record's fields."""
        with pytest.raises(InvalidInput, match="a match record has no field 'scores'; its fields: number, opponent"):
            bb.operations.amend_match(pack, team, 1, scores=(1, 1))  # type: ignore[arg-type]
