"""Wizards: one a team a match, who works for whom, the named wizards of older publications."""

from __future__ import annotations

import pytest

import progression_bloodbowl as bb
from progression import RulePack, Sheet
from progression.errors import LimitReached, RequirementNotMet, UnknownName


def _hire(pack: RulePack, team: Sheet, *wizards: str) -> Sheet:
    return bb.operations.induce(
        pack, team, bb.types.Order(wizards=wizards), bb.queries.inducement_budget(pack, team, 2_000_000), match=1
    )


class TestData:
    def test_the_sports_wizard(self, pack: RulePack) -> None:
        """The BB2025 Sports-Wizard: 150,000, any team, Fireball or Zap!, one spell a match."""
        wizard = bb.queries.wizards(pack)["sports_wizard"]
        assert (150_000, ("any",), ("fireball", "zap"), 1, False) == (
            wizard.cost,
            wizard.available_to,
            wizard.spells,
            wizard.spells_per_game,
            wizard.older,
        )

    def test_older_publications_are_marked(self, pack: RulePack) -> None:
        """Every wizard but the Sports-Wizard comes from the BB2020 Death Zone, and says so."""
        older = {w.id for w in bb.queries.wizards(pack).values() if w.older}
        assert set(bb.queries.wizards(pack)) - {"sports_wizard"} == older
        assert {"BB2020 Death Zone"} == {bb.queries.wizards(pack)[w].edition for w in older}

    def test_a_named_wizard_keeps_his_cost(self, pack: RulePack) -> None:
        """Horatio X. Schottenheim costs 80,000; the Slann Mage-Priest 200,000."""
        known = bb.queries.wizards(pack)
        assert (80_000, 200_000) == (known["horatio_x_schottenheim"].cost, known["slann_mage_priest"].cost)


class TestOnePerTeam:
    def test_one_wizard(self, pack: RulePack, team: Sheet) -> None:
        """One Sports-Wizard is hired for 150,000 and recorded as fielded."""
        after = _hire(pack, team, "sports_wizard")
        assert ("sports_wizard", "150000") == (after.tags["induced.wizard"], after.tags["induced.total"])

    def test_a_second_wizard_is_refused(self, pack: RulePack, team: Sheet) -> None:
        """Two wizards for one match are refused, both named."""
        with pytest.raises(
            LimitReached, match="at most 1 Wizard for a match; Altdorf Anvils would have Sports-Wizard, Horatio"
        ):
            _hire(pack, team, "sports_wizard", "horatio_x_schottenheim")

    def test_both_teams_may_hire_the_same_named_wizard(self, pack: RulePack, team: Sheet) -> None:
        """Humans and Orcs both hire Horatio X. Schottenheim for their match."""
        orcs = bb.create_team(pack, "orc", "Da Boyz")
        assert ["horatio_x_schottenheim"] * 2 == [
            _hire(pack, t, "horatio_x_schottenheim").tags["induced.wizard"] for t in (team, orcs)
        ]


class TestEligibility:
    def test_by_league(self, pack: RulePack, team: Sheet) -> None:
        """The Slann Mage-Priest works for the Lustrian Superleague: Lizardmen yes, Humans no."""
        lizards = bb.create_team(pack, "lizardmen", "Itza")
        assert () == bb.queries.wizard_eligibility(pack, lizards, "slann_mage_priest")
        with pytest.raises(RequirementNotMet, match="Slann Mage-Priest works for lustrian_superleague"):
            _hire(pack, team, "slann_mage_priest")

    def test_any_favoured_of(self, pack: RulePack) -> None:
        """The Chaos Sorcerer works for any Favoured of... team, whatever the god."""
        chosen = bb.create_team(pack, "chaos_chosen", "Blades", favoured="tzeentch")
        assert () == bb.queries.wizard_eligibility(pack, chosen, "chaos_sorcerer")

    def test_unknown_wizard(self, pack: RulePack, team: Sheet) -> None:
        """A wizard the pack does not know is named with the known ones."""
        with pytest.raises(UnknownName, match="wizard 'merlin'"):
            _hire(pack, team, "merlin")
