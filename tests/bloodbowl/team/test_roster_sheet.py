"""The printed roster sheet of a team: the book's notation, the players' states, the team's staff and values."""

from __future__ import annotations

import pytest

import progression_bloodbowl as bb
from progression import RulePack, ScriptedDice
from progression.errors import InvalidInput
from progression_bloodbowl.team.roster_sheet import COLUMNS, roster_sheet


def test_a_deathroller_has_no_passing_and_the_dead_and_journeymen_say_so(pack: RulePack) -> None:
    """PA is "-" for a position without one; a player killed in the match reads "dead" until the roster is
    cleared; a journeyman is marked on his position, with his Loner (4+)."""
    players = [("deathroller", "Grinder"), *[("dwarf_lineman", f"Longbeard {n}") for n in range(1, 11)]]
    team = bb.draft(pack, "dwarf", "Grudgebearers", players)
    match = bb.MatchRecord(number=1, opponent="Orcs", score=(0, 1), injuries={"2": "dead"})
    played = bb.record_match(pack, team, match, ScriptedDice([1]))
    closed = bb.operations.expensive_mistakes(pack, played, ScriptedDice([6]), number=1)
    after = roster_sheet(pack, bb.operations.add_journeymen(pack, closed, ["Stand-in"]))
    rows = {row[0]: dict(zip(COLUMNS, row, strict=True)) for row in roster_sheet(pack, played).rows}
    journeyman = next(dict(zip(COLUMNS, row, strict=True)) for row in after.rows if row[1] == "Stand-in")
    assert ("-", "dead", "Dwarf Lineman (journeyman)") == (rows["1"]["PA"], rows["2"]["MNG"], journeyman["Position"])
    assert "Loner (4+)" in journeyman["Skills and traits"]


def test_a_sheet_that_is_not_a_team(pack: RulePack) -> None:
    """A player sheet on its own is no team of a roster: refused, naming what it is."""
    player = bb.operations.new_player(pack, "human", "human_lineman", "Lone")
    with pytest.raises(
        InvalidInput,
        match=r"expected a team sheet of pack 'bloodbowl' as the team of a roster sheet, got a player sheet 'Lone'$",
    ):
        roster_sheet(pack, player)
