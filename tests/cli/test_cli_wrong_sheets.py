"""Every pack command on every kind of sheet file it was not made for: a refusal (exit 1 or 2), never a crash (exit 3).

Issue 19 found Blood Bowl actions ending in a ``KeyError`` on sheets that load (``explain tv`` on a sheet without
the team tag, ``sheet do player.json hire``). Here each action, explanation and report of both shipped packs is
run, with plausible options, on a Blood Bowl player, a team of no roster, a competence character and a skirmish
hero.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from cli_support import SKIRMISH, Result

import progression

Run = Callable[..., Result]

#: Options that let each command get past its own parsing, so that what is tried is the sheet it is given.
OPTIONS = {
    "advance": ["member=1", "type=chosen_primary", "choice=block"],
    "close": ["number=1"],
    "decide": ["member=1", "choice=block"],
    "fire": ["member=1"],
    "fireball": ["square=5,5", "players=us:1@5,5"],
    "hire": ["position=human_lineman", "name=Al"],
    "hire_journeyman": ["member=1"],
    "induce": ["match=1", "items=bribe*1"],
    "journeymen": ["names=Jo"],
    "match": ["number=1", "opponent=Orcs", "score=1-0"],
    "prize": ["place=1"],
    "redraft": ["keep=1"],
    "retire": ["member=1"],
    "staff": ["item=team_reroll"],
    "zap": ["target=us:1", "players=us:1@5,5"],
    "raise": ["competence=escrime"],
    "settle": ["competence=escrime"],
    "test": ["competence=escrime"],
    "spp": ["member=1"],
    "value": ["member=1"],
}


def _write(path: Path, sheet: progression.Sheet) -> str:
    path.write_text(progression.dump_sheet(sheet), encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def wrong_sheets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A sheet file of each kind that a pack's command may be handed by mistake."""
    folder = tmp_path_factory.mktemp("wrong")
    bowl, competence = progression.load("bloodbowl"), progression.load("competence")
    skirmish = progression.load_file(SKIRMISH)
    return {
        "player": _write(folder / "player.json", bowl.new_sheet("player", "Bo")),
        "bare team": _write(folder / "bare.json", bowl.new_sheet("team", "Nobody")),
        "character": _write(folder / "character.json", competence.new_sheet("character", "Ana")),
        "hero": _write(folder / "hero.json", skirmish.new_sheet("hero", "Ana")),
    }


def _commands(pack: str, family: str) -> list[str]:
    return sorted(
        key.split(".", 1)[1] for key, _ in progression.load(pack).contract.entries() if key.startswith(f"{family}.")
    )


CASES = [
    (pack, verb, name)
    for pack in ("bloodbowl", "competence")
    for family, verb in (("action", "do"), ("explain", "explain"))
    for name in _commands(pack, family)
]


@pytest.mark.parametrize(("pack", "verb", "name"), CASES, ids=[f"{p}-{v}-{n}" for p, v, n in CASES])
def test_a_command_on_the_wrong_sheet_is_refused(
    run: Run, wrong_sheets: dict[str, str], pack: str, verb: str, name: str
) -> None:
    """On each wrong sheet, the command exits 1 or 2 with a one-line reason, and the file is left as it was."""
    for kind, path in wrong_sheets.items():
        before = Path(path).read_bytes()
        dice = ["--dice", "3,3,3,3,3,3"] if verb == "do" else []
        result = run("sheet", verb, path, name, *OPTIONS.get(name, []), "--pack", pack, *dice)
        assert "unrecognized arguments" not in result.err, result.err  # the command itself was reached
        assert "unknown option" not in result.err, result.err
        assert result.status in (0, 1, 2), f"{pack} {verb} {name} on the {kind}: {result.err}"
        assert "internal error" not in result.err, f"{pack} {verb} {name} on the {kind}: {result.err}"
        if result.status:
            assert before == Path(path).read_bytes()
