"""The shell transcripts in the docs are run as written: each command's output and exit status."""

from __future__ import annotations

import re
import shlex
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from cli_support import ROOT, SKIRMISH, Result

Run = Callable[..., Result]

#: Pages whose ``console`` blocks are transcripts of the ``progression`` command.
PAGES = ["docs/how-to/cli-sheets.rst", "docs/reference/cli.rst"]


def files(page: Path) -> dict[str, str]:
    """The ``code-block`` bodies of the page that carry a ``:caption:`` naming a file."""
    found = {}
    for match in re.finditer(
        r"\.\. code-block:: \w+\n   :caption: (\S+)\n\n((?:   .*\n|\n)+)", page.read_text(encoding="utf-8")
    ):
        found[match.group(1)] = "".join(line[3:] + "\n" for line in match.group(2).rstrip().splitlines())
    return found


def readme_transcript(page: Path) -> Iterator[tuple[str, list[str]]]:
    """Each ``$ progression ...`` line of a Markdown page's ```` ```console ```` blocks, with its output."""
    for block in re.findall(r"```console\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.DOTALL):
        yield from commands_of(block.splitlines())


def commands_of(body: list[str]) -> Iterator[tuple[str, list[str]]]:
    """The commands of a console block's lines, each with the lines printed under it."""
    command: str | None = None
    output: list[str] = []
    for line in body:
        if line.startswith("$ "):
            if command is not None:
                yield command, output
            command, output = line[2:], []
        else:
            output.append(line)
    if command is not None:
        yield command, output


def transcript(page: Path) -> Iterator[tuple[str, list[str]]]:
    """Each ``$ progression ...`` line of the page's console blocks, with the output lines under it."""
    lines = page.read_text(encoding="utf-8").splitlines()
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
        while body and not body[-1].strip():
            body.pop()
        while body and not body[0].strip():
            body.pop(0)
        yield from commands_of(body)


@pytest.mark.parametrize("page", PAGES)
def test_transcript(page: str, run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command of the page prints what the page shows and exits with the status its comment gives."""
    shutil.copy(SKIRMISH, tmp_path / "skirmish.toml")
    for name, text in files(ROOT / page).items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    check(run, list(transcript(ROOT / page)), page)


def test_readme_transcript(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's shell tour prints what it shows, with the installed competence pack."""
    monkeypatch.chdir(tmp_path)
    check(run, list(readme_transcript(ROOT / "README.md")), "README.md")


def check(run: Run, steps: list[tuple[str, list[str]]], page: str) -> None:
    """Run each command of a transcript; compare its output and exit status with the page's."""
    assert steps, f"{page} has no transcript"
    for command, expected in steps:
        words = shlex.split(command, comments=True)
        assert "progression" == words[0], command
        wanted = re.search(r"#\s*exit status (\d+)", command)
        result = run(*words[1:])
        printed = (result.out + result.err).rstrip("\n").split("\n") if result.out + result.err else []
        assert ([line.rstrip() for line in expected], int(wanted.group(1)) if wanted else 0) == (
            [line.rstrip() for line in printed],
            result.status,
        ), command


def test_reference_names_every_command_and_option() -> None:
    """docs/reference/cli.rst names every command and every long option the parser has, so it cannot drift."""
    import argparse

    from progression.cli.main import parser

    text = (ROOT / "docs" / "reference" / "cli.rst").read_text(encoding="utf-8")
    missing = []

    def walk(node: argparse.ArgumentParser, path: tuple[str, ...]) -> None:
        for action in node._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, child in action.choices.items():
                    if f"{path[-1] + ' ' if path else ''}{name} " not in text:
                        missing.append(" ".join((*path, name)))
                    walk(child, (*path, name))
            else:
                missing.extend(
                    f"{' '.join(path)} {option}"
                    for option in action.option_strings
                    if option.startswith("--") and option != "--help" and option not in text
                )

    walk(parser(), ())
    assert [] == missing


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_path_says_where_the_command_is() -> None:
    """After ``make``, ``progression`` is in the project's virtual environment: ``make path`` prints the line
    that puts it on the PATH, and the folder it names holds the command (the README says so)."""
    import subprocess

    done = subprocess.run(["make", "-s", "path"], cwd=ROOT, capture_output=True, text=True, check=True)
    folder = re.search(r'export PATH="([^:"]+):\$PATH"', done.stdout)
    assert folder is not None, done.stdout
    assert (Path(folder.group(1)) / "progression").is_file()
    assert "make path" in (ROOT / "README.md").read_text(encoding="utf-8")
