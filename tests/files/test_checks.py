"""A hand-edited sheet file whose ledger no operation could have written is refused when read."""

from __future__ import annotations

import json
from typing import Any

import pytest

import progression
import progression.files
from progression.errors import SheetError
from support.builders import market


def saved_ana() -> dict[str, Any]:
    """Ana's file: 10 points in her purse, then a medal bought with 2 of them."""
    pack = market()
    ana = pack.award(pack.new_sheet("adventurer", "Ana"), "purse", 10, reason="wages")
    data: dict[str, Any] = json.loads(progression.dump_sheet(pack.purchase(ana, "medal")))
    return data


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(SheetError) as caught:
        progression.files.structure_sheet(data, "ana.json")
    return str(caught.value)


class TestTamperedLedgers:
    def test_untouched_file_loads(self) -> None:
        """The check refuses nothing the engine wrote."""
        assert 8 == progression.files.structure_sheet(saved_ana(), "ana.json").pools["purse"]

    def test_negative_award(self) -> None:
        """An award of -5 points is no award: refused, naming the event."""
        data = saved_ana()
        data["ledger"][1]["events"][0]["amount"] = -5
        assert (
            "sheet ana.json does not load: an awarded amount must be a positive number of points, got -5 "
            "@ $.ledger[1].events[0].amount"
        ) == refused(data)

    def test_award_to_a_pool_the_sheet_lacks(self) -> None:
        """Points put in a pool the sheet was not created with are refused."""
        data = saved_ana()
        data["ledger"][1]["events"][0]["pool"] = "vault"
        assert "awarded points for pool 'vault', which the sheet does not have" in refused(data)

    def test_spending_more_than_held(self) -> None:
        """A price raised by hand past the balance leaves a negative pool: refused."""
        data = saved_ana()
        data["ledger"][2]["events"][0]["price"] = {"purse": 30}
        assert "pool 'purse' of 'Ana' ends at -20; no operation spends more than a pool holds" in refused(data)

    def test_negative_price(self) -> None:
        """A negative price would pay the buyer: refused."""
        data = saved_ana()
        data["ledger"][2]["events"][0]["price"] = {"purse": -3}
        assert "a price must be >= 0, got -3 @ $.ledger[2].events[0].price.purse" in refused(data)

    def test_member_award_checked_against_the_member(self) -> None:
        """A member's event is checked against the member's own pools."""
        pack = market()
        guild = progression.join(pack.new_sheet("guild", "Lions"), "ana", pack.new_sheet("adventurer", "Ana"))
        guild = pack.award(guild, "bag", 4, reason="loot", member="ana")
        data = json.loads(progression.dump_sheet(guild))
        data["ledger"][2]["events"][0]["entry"]["pool"] = "banner"
        assert "awarded points for pool 'banner', which the sheet does not have" in refused(data)


def saved_guild() -> dict[str, Any]:
    """The Lions' file: Ana joins with 10 points in her purse, then gets 4 in her bag."""
    pack = market()
    ana = pack.award(pack.new_sheet("adventurer", "Ana"), "purse", 10, reason="wages")
    guild = progression.join(pack.new_sheet("guild", "Lions"), "ana", ana)
    data: dict[str, Any] = json.loads(progression.dump_sheet(pack.award(guild, "bag", 4, reason="loot", member="ana")))
    return data


class TestWhereAProblemIs:
    """Each refusal names the event it found, however deep (a path is written only for a problem)."""

    def test_a_members_event(self) -> None:
        """An event of a member is found under its roster's entry."""
        data = saved_guild()
        data["ledger"][2]["events"][0]["entry"]["amount"] = 0
        assert (
            "an awarded amount must be a positive number of points, got 0 @ $.ledger[2].events[0].entry.amount"
        ) in refused(data)

    def test_an_event_of_a_members_own_ledger(self) -> None:
        """An event of the ledger a member joined with is found inside the joining entry."""
        data = saved_guild()
        data["ledger"][1]["events"][0]["ledger"][1]["events"][0]["pool"] = "vault"
        assert (
            "awarded points for pool 'vault', which the sheet does not have (purse, savings, chest, bag, gems, xp) "
            "@ $.ledger[1].events[0].ledger[1].events[0]"
        ) in refused(data)

    def test_a_price_from_a_pool_the_sheet_lacks(self) -> None:
        """A price paid from a pool the sheet does not have names the price."""
        data = saved_ana()
        data["ledger"][2]["events"][0]["price"] = {"vault": 2}
        assert "a price paid from pool 'vault', which the sheet does not have @ $.ledger[2].events[0].price" in (
            refused(data)
        )

    def test_an_entrys_roll(self) -> None:
        """A die of fewer than two sides among an entry's rolls names the roll."""
        data = saved_ana()
        data["ledger"][2]["rolls"] = [
            {"label": "medal", "sides": 6, "results": [3]},
            {"label": "x", "sides": 1, "results": [1]},
        ]
        assert "a die has at least 2 sides, got 1 @ $.ledger[2].rolls[1].sides" in refused(data)

    def test_a_rolled_event(self) -> None:
        """A rolled event showing more than its die has names the result."""
        data = saved_ana()
        data["ledger"][2]["events"].append({"event": "rolled", "label": "x", "sides": 6, "results": [7, 2]})
        assert "a D6 shows 1 to 6, got 7 @ $.ledger[2].events[1].results[0]" in refused(data)

    def test_a_roll_with_no_die(self) -> None:
        """A roll that shows no die at all is refused."""
        data = saved_ana()
        data["ledger"][2]["rolls"] = [{"label": "x", "sides": 6, "results": []}]
        assert "a roll shows at least one die, got none @ $.ledger[2].rolls[0].results" in refused(data)
