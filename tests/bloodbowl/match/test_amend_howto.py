"""The how-to ``docs/how-to/bloodbowl-amend.rst`` is run as written: its script makes the team file, and each
``progression`` command of its transcripts prints what the page shows (its Python is run by the doctests)."""

from __future__ import annotations

import re
import runpy
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest

import progression_bloodbowl as bb
from progression import ScriptedDice, Sheet
from progression.cli.main import main
from progression.errors import InvalidInput

PAGE = Path(__file__).parents[3] / "docs" / "how-to" / "bloodbowl-amend.rst"


def files(text: str) -> dict[str, str]:
    """The ``code-block`` bodies of the page that carry a ``:caption:`` naming a file."""
    found = {}
    for match in re.finditer(r"\.\. code-block:: \w+\n   :caption: (\S+)\n\n((?:   .*\n|\n)+)", text):
        found[match.group(1)] = "".join(line[3:] + "\n" for line in match.group(2).rstrip().splitlines())
    return found


def transcript(text: str) -> Iterator[tuple[str, list[str]]]:
    """Each ``$ progression ...`` line of the page's console blocks, with the lines printed under it."""
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        if lines[index].strip() != ".. code-block:: console":
            index += 1
            continue
        index += 1
        body: list[str] = []
        while index < len(lines) and (not lines[index].strip() or lines[index].startswith("   ")):
            body.append(lines[index][3:])
            index += 1
        command: str | None = None
        output: list[str] = []
        for line in [line for line in body if line.strip()] + ["$ end"]:
            if line.startswith("$ "):
                if command is not None:
                    yield command, output
                command, output = line[2:], []
            else:
                output.append(line)


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
    for command, expected in steps:
        words = shlex.split(command, comments=True)
        assert "progression" == words[0], command
        wanted = re.search(r"#\s*exit status (\d+)", command)
        capsys.readouterr()
        status = main(words[1:])
        captured = capsys.readouterr()
        printed = (captured.out + captured.err).rstrip("\n").split("\n") if captured.out + captured.err else []
        assert ([line.rstrip() for line in expected], int(wanted.group(1)) if wanted else 0) == (
            [line.rstrip() for line in printed],
            status,
        ), command


class TestAmendMatch:
    def test_a_match_recorded_in_two_entries(self, pack: object, team: Sheet) -> None:
        """Outcome and Dedicated Fans recorded apart cannot be amended together: said, with the way round it."""
        record = bb.MatchRecord(number=1, opponent="Orcs", score=(1, 0), events={"1": {"touchdown": 1}})
        played = bb.update_fans(
            pack, bb.record_outcome(pack, team, record, ScriptedDice([])), record, ScriptedDice([6])
        )  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match=r"match 1 of Altdorf Anvils is recorded in 2 entries \(#\d+, #\d+"):
            bb.amend_match(pack, played, 1, score=(1, 1))  # type: ignore[arg-type]

    def test_a_field_a_record_has_not(self, pack: object, team: Sheet) -> None:
        """A misspelt field is named with the record's fields."""
        with pytest.raises(InvalidInput, match="a match record has no field 'scores'; its fields: number, opponent"):
            bb.amend_match(pack, team, 1, scores=(1, 1))  # type: ignore[arg-type]
