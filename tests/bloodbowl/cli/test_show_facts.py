"""``progression sheet show`` speaks like the rules: a team's and a player's tags in words, bookkeeping left out."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

import progression
import progression_bloodbowl as bb
from progression import RulePack, ScriptedDice, Sheet
from progression.cli.main import main
from progression.cli.sheet import pack_facts
from progression.errors import InvalidInput
from progression_bloodbowl.operations import expensive_mistakes


def played(pack: RulePack, team: Sheet) -> Sheet:
    """Match 1 won 2-1 and closed; Griselda took Dauntless; #4 misses the next match."""
    match = bb.MatchRecord(
        number=1, opponent="Orcs", score=(2, 1), events={"1": {"touchdown": 2}}, injuries={"4": "seriously_hurt"}
    )
    team = bb.record_match(pack, team, match, ScriptedDice([6]))
    team = bb.advance(pack, team, "1", "chosen_primary", choice="dauntless")
    return expensive_mistakes(pack, team, ScriptedDice([6]), number=1)


def shown(capsys: pytest.CaptureFixture[str], path: Path, *words: str) -> list[str]:
    capsys.readouterr()
    assert 0 == main(["sheet", "show", str(path), *words])
    return capsys.readouterr().out.splitlines()


def test_a_team_and_a_player_in_words(
    pack: RulePack, team: Sheet, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The team's roster, league, season, last result and sequence; a player's position, advancement and state.
    No stored tag (``result=1 win 2-1 ...``, ``numbers.given``, ``postmatch``) is printed as stored, and
    ``--json`` still gives the tags as they are."""
    path = tmp_path / "anvils.json"
    path.write_text(progression.dump_sheet(played(pack, team)), encoding="utf-8")
    lines = shown(capsys, path)
    assert {
        "Roster: Human",
        "League: Old World Classic",
        "Season: 1",
        "Last result: match 1 against Orcs: win 2-1",
        "Post-match sequence: match 1: ended",
        "Draft: ended",
    } <= set(lines)
    assert not [line for line in lines if "=" in line or "numbers.given" in line]
    griselda, lena = shown(capsys, path, "--member", "1"), shown(capsys, path, "--member", "4")
    assert {"Position: Human Blitzer", "Advancement 1: Chosen primary skill: Dauntless"} <= set(griselda)
    assert "State: misses the next match" in lena
    capsys.readouterr()
    main(["sheet", "show", str(path), "--json"])
    assert json.loads(capsys.readouterr().out)["tags"]["result"] == "1 win 2-1 0 league - Orcs"


def test_facts_that_are_not_pairs_of_texts(pack: RulePack, team: Sheet) -> None:
    """A pack whose facts hook gives anything but (label, text) pairs is refused, naming the pack."""
    from progression.cli.describe import Describer

    broken = attrs.evolve(pack, facts=lambda narrator, sheet: [("Season", 1)])
    with pytest.raises(InvalidInput, match=r"pack 'bloodbowl': its facts are \(label, text\) pairs of texts"):
        pack_facts(broken, team, Describer(broken))


def test_an_open_sequence_is_told_in_the_rules_words(
    pack: RulePack, team: Sheet, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A sequence left open says which step of the rules it is at (``at step 2 (Dedicated Fans updated)``), never
    the stored id (``at step 'fans'``); every step has its words."""
    from progression_bloodbowl.team.sequence import STAGES, STANDING_WORDS

    match = bb.MatchRecord(number=1, opponent="Orcs", score=(1, 0), events={"1": {"touchdown": 1}})
    path = tmp_path / "anvils.json"
    path.write_text(progression.dump_sheet(bb.record_match(pack, team, match, ScriptedDice([6]))), encoding="utf-8")
    assert "Post-match sequence: match 1: at step 2 (Dedicated Fans updated)" in shown(capsys, path)
    assert set(STAGES) == set(STANDING_WORDS)
