"""The shell transcripts in the docs are run as written: each command's output and exit status."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from cli_support import ROOT, SKIRMISH, Result

from support.transcripts import Runner, check, commands_of, files, transcript

Run = Callable[..., Result]

#: Pages whose ``console`` blocks are transcripts of the ``progression`` command.
PAGES = ["docs/how-to/cli-sheets.rst", "docs/reference/cli.rst", "docs/how-to/bloodbowl-league.rst"]


def readme_transcript(page: Path) -> Iterator[tuple[str, list[str]]]:
    """Each ``$ progression ...`` line of a Markdown page's ```` ```console ```` blocks, with its output."""
    for block in re.findall(r"```console\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.DOTALL):
        yield from commands_of(block.splitlines())


@pytest.mark.parametrize("page", PAGES)
def test_transcript(page: str, run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command of the page prints what the page shows and exits with the status its comment gives."""
    shutil.copy(SKIRMISH, tmp_path / "skirmish.toml")
    text = (ROOT / page).read_text(encoding="utf-8")
    for name, body in files(text).items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    check(runner(run), list(transcript(text)), page)


def test_readme_transcript(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's shell tour prints what it shows, with the installed competence pack."""
    monkeypatch.chdir(tmp_path)
    check(runner(run), list(readme_transcript(ROOT / "README.md")), "README.md")


def runner(run: Run) -> Runner:
    """The ``run`` fixture as a transcript's runner."""

    def command(words: list[str]) -> tuple[int, str, str]:
        result = run(*words)
        return result.status, result.out, result.err

    return command


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


def test_the_commands_marked_dice_are_those_taking_dice() -> None:
    """The reference marks *(dice)* exactly the commands whose parser takes ``--dice`` (``sheet act`` is ``sheet
    do``), its Dice section lists them, and names of those the ones rolling for several teams: ``league prizes``
    was listed there, and takes none."""
    import argparse

    from progression.cli.main import parser

    text = (ROOT / "docs" / "reference" / "cli.rst").read_text(encoding="utf-8")
    taking: set[str] = set()

    def walk(node: argparse.ArgumentParser, path: tuple[str, ...]) -> None:
        for action in node._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, child in action.choices.items():
                    walk(child, (*path, name))
            elif "--dice" in action.option_strings:
                taking.add(" ".join(path))

    walk(parser(), ())
    marked = {
        m.group(1)
        for m in re.finditer(r"``((?:sheet|league|campaign)(?: [a-z-]+)+)[^`]*`` \((?:\*member\*, )?dice\)", text)
    }
    section = text.split("\nDice\n", 1)[1].split("\n\n", 1)[0]
    several = set(re.findall(r"``(league [a-z-]+)``", section.split("rolls for several teams", 1)[1].split(")")[0]))
    listed = set(re.findall(r"``((?:sheet|league|campaign) [a-z-]+)``", section.split("rolls no die", 1)[0]))
    listed -= {"league prizes"}  # named as the one that rolls none
    assert (taking - {"sheet act"}, taking - {"sheet act"}, set()) == (marked, listed, several - taking)


def test_every_argument_says_what_it_is() -> None:
    """Every argument of every command, positional or option, has a line of help (``--help`` shows no bare
    ``POOL`` or ``KEY=VALUE``)."""
    import argparse

    from progression.cli.main import parser

    bare: list[str] = []

    def walk(node: argparse.ArgumentParser, path: tuple[str, ...]) -> None:
        for action in node._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, child in action.choices.items():
                    walk(child, (*path, name))
            elif not action.help:
                bare.append(" ".join((*path, str(action.metavar or action.dest))))

    walk(parser(), ("progression",))
    assert [] == bare


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_path_says_where_the_command_is() -> None:
    """After ``make``, ``progression`` is in the project's virtual environment: ``make path`` prints the line
    that puts it on the PATH, and the folder it names holds the command (the README, the documentation's
    front page and the command line's reference say so)."""
    import subprocess

    done = subprocess.run(["make", "-s", "path"], cwd=ROOT, capture_output=True, text=True, check=True)
    folder = re.search(r'export PATH="([^:"]+):\$PATH"', done.stdout)
    assert folder is not None, done.stdout
    assert (Path(folder.group(1)) / "progression").is_file()
    for page in ("README.md", "docs/index.rst", "docs/reference/cli.rst"):
        assert "make path" in (ROOT / page).read_text(encoding="utf-8"), page
