"""The shell transcripts of the docs: their ``console`` blocks read into commands and the lines each prints,
and run to compare what they print and the exit status their comment gives."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Iterator

import pytest

__all__ = ["check", "commands_of", "files", "in_process", "transcript"]


def files(text: str) -> dict[str, str]:
    """The ``code-block`` bodies of a page that carry a ``:caption:`` naming a file."""
    found = {}
    for match in re.finditer(r"\.\. code-block:: \w+\n   :caption: (\S+)\n\n((?:   .*\n|\n)+)", text):
        found[match.group(1)] = "".join(line[3:] + "\n" for line in match.group(2).rstrip().splitlines())
    return found


def commands_of(body: list[str]) -> Iterator[tuple[str, list[str]]]:
    """The commands of a console block's lines, each with the lines printed under it."""
    command: str | None = None
    output: list[str] = []
    for line in body:
        if line.startswith("$ "):
            if command is not None:
                yield command, _trimmed(output)
            command, output = line[2:], []
        else:
            output.append(line)
    if command is not None:
        yield command, _trimmed(output)


def _trimmed(lines: list[str]) -> list[str]:
    """The lines a command printed, without the blank lines a page puts after them."""
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def transcript(text: str) -> Iterator[tuple[str, list[str]]]:
    """Each ``$ progression ...`` line of a reST page's ``console`` blocks, with the lines printed under it."""
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
        while body and not body[0].strip():
            body.pop(0)
        yield from commands_of(body)


#: Runs a command's words (without ``progression``): its exit status and what it printed (stdout, stderr).
Runner = Callable[[list[str]], tuple[int, str, str]]


def in_process(capsys: pytest.CaptureFixture[str]) -> Runner:
    """A runner of ``progression`` in this process: its exit status and what it printed, captured by pytest."""
    from progression.cli.main import main

    def run(words: list[str]) -> tuple[int, str, str]:
        capsys.readouterr()
        status = main(words)
        captured = capsys.readouterr()
        return status, captured.out, captured.err

    return run


def check(run: Runner, steps: list[tuple[str, list[str]]], page: str) -> None:
    """Run each command of a transcript; compare its output and exit status with the page's."""
    assert steps, f"{page} has no transcript"
    for command, expected in steps:
        words = shlex.split(command, comments=True)
        assert "progression" == words[0], command
        wanted = re.search(r"#\s*exit status (\d+)", command)
        status, out, err = run(words[1:])
        printed = (out + err).rstrip("\n").split("\n") if out + err else []
        assert ([line.rstrip() for line in expected], int(wanted.group(1)) if wanted else 0) == (
            [line.rstrip() for line in printed],
            status,
        ), command
