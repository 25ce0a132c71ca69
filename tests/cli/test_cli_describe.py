"""The sentences the command prints for ledger entries."""

from __future__ import annotations

from cli_support import SKIRMISH

import progression
from progression import Effect
from progression.cli.describe import Describer
from progression.events import Purchased


class TestPurchaseSentence:
    def test_purchase_with_an_effect_says_what_it_changed(self) -> None:
        """A purchase names its price and then what its effect changed."""
        words = Describer(progression.load_file(SKIRMISH))
        event = Purchased(upgrade="level_up", price={"xp": 1}, effect=Effect(stats={"level": 1}))
        assert "bought Level up for 1 Experience: Level +1" == words.event(event)

    def test_purchase_without_an_effect_stops_at_its_price(self) -> None:
        """A purchase whose effect changes nothing on the sheet (a hire: the player joins in the next entry)
        says what was paid, and no "no change"."""
        words = Describer(progression.load_file(SKIRMISH))
        event = Purchased(upgrade="sword", price={"purse": 15})
        assert "bought Sword for 15 Purse" == words.event(event)
