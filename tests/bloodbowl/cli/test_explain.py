"""The figures a team file can explain from the command line, through the pack's ``explain.*`` functions."""

from __future__ import annotations

import pytest

import progression_bloodbowl as bb
from progression import RulePack, Sheet
from progression.errors import InvalidInput


class TestExplain:
    def test_each_figure_is_the_python_one(self, pack: RulePack, team: Sheet) -> None:
        """The functions give exactly the explanations of the pack's Python API."""
        assert [
            bb.queries.current_value(pack, team.member("1")),
            bb.team_value(pack, team),
            bb.current_team_value(pack, team),
            bb.queries.spp_account(pack, team, "1"),
            bb.queries.treasury_account(pack, team),
        ] == [
            pack.contract.explanation("value").function(pack, team, member="1"),
            pack.contract.explanation("tv").function(pack, team),
            pack.contract.explanation("ctv").function(pack, team),
            pack.contract.explanation("spp").function(pack, team, member="1"),
            pack.contract.explanation("treasury").function(pack, team),
        ]

    def test_team_value_adds_up(self, pack: RulePack, team: Sheet) -> None:
        """Every item names the rule it applies, and the items add up to the total."""
        explained = pack.contract.explanation("tv").function(pack, team)
        assert (explained.total, True) == (sum(i.amount for i in explained.items), all(i.rule for i in explained.items))

    def test_value_needs_a_member_on_a_team(self, pack: RulePack, team: Sheet) -> None:
        """A team has many players: asking for "the" value says which argument is missing."""
        with pytest.raises(InvalidInput, match="which player\\? pass member=ID"):
            pack.contract.explanation("value").function(pack, team)

    def test_team_figures_refuse_a_player_sheet(self, pack: RulePack, team: Sheet) -> None:
        """Team Value of a single player's sheet is refused, naming what the sheet is."""
        with pytest.raises(
            InvalidInput,
            match=r"expected a team sheet of pack 'bloodbowl' as the sheet for Team Value, got a player sheet",
        ):
            pack.contract.explanation("tv").function(pack, team.member("1"))
