"""The scripted season of examples/bloodbowl_season.py, checked against numbers worked out by hand."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

import progression_bloodbowl as bb
from progression import RulePack, Sheet, replay

EXAMPLE = Path(__file__).parents[2] / "examples" / "bloodbowl_season.py"


@pytest.fixture(scope="module")
def season() -> dict[str, Sheet]:
    """The team at each checkpoint of the example's season (its output is collected, not printed)."""
    lines: list[str] = []
    result: dict[str, Sheet] = runpy.run_path(str(EXAMPLE))["season"](lines.append)
    assert lines  # the example tells its story
    return result


class TestSeason:
    def test_draft(self, pack: RulePack, season: dict[str, Sheet]) -> None:
        """Players 2x85k + 75k + 2x75k + 6x50k = 695k; re-rolls 2x50k; Apothecary 50k; one fan 5k: 850k spent."""
        team = season["draft"]
        assert 150_000 == team.pools["treasury"]
        assert 695_000 + 100_000 + 50_000 == bb.team_value(pack, team).total
        assert 845_000 == bb.current_team_value(pack, team).total
        assert 2 == team.stats["dedicated_fans"]
        assert team.member("1").has("pro")  # Team Captain

    def test_after_match_one(self, pack: RulePack, season: dict[str, Sheet]) -> None:
        """Griselda +20k (Wrestle), Lena +20k (Sure Feet), Lineman 7 50k, 3 re-rolls at 50k: TV 985k;
        Lineman 1 misses match 2: CTV 935k. Treasury 150k + 70k winnings - 50k - 100k (re-roll at double) = 70k."""
        team = season["match 1"]
        assert 985_000 == bb.team_value(pack, team).total
        assert 935_000 == bb.current_team_value(pack, team).total
        assert 70_000 == team.pools["treasury"]
        assert 3 == team.stats["dedicated_fans"]
        assert (5 - 3, 2, 3 + 4 - 6) == tuple(team.member(m).pools["spp"] for m in ("1", "3", "4"))
        assert 105_000 == bb.current_value(pack, team.member("1")).total

    def test_after_match_two(self, pack: RulePack, season: dict[str, Sheet]) -> None:
        """Lineman 3 died (-50k), Hans +20k (Accurate, imposed): TV 955k. Otto retired (85k) and
        Lineman 2 missing (50k) leave CTV: 820k. Treasury 70k + 40k - 20k (Minor Incident) = 90k."""
        team = season["match 2"]
        assert "8" not in team.members
        assert 955_000 == bb.team_value(pack, team).total
        assert 820_000 == bb.current_team_value(pack, team).total
        assert 90_000 == team.pools["treasury"]
        otto = team.member("2")
        assert ("season", 8, 1) == (otto.tags["retired"], otto.stats["av"], otto.stats["lasting_injuries"])
        assert 1 == team.member("7").stats["niggling"]

    def test_journeymen_count_in_ctv_only(self, pack: RulePack, season: dict[str, Sheet]) -> None:
        """Two journeymen at 50k: CTV 820k + 100k = 920k, TV unchanged at 955k."""
        team = season["before match 3"]
        assert 955_000 == bb.team_value(pack, team).total
        assert 920_000 == bb.current_team_value(pack, team).total

    def test_after_match_three(self, pack: RulePack, season: dict[str, Sheet]) -> None:
        """Jonas hired for 50k + 20k (Kick) keeps 4 SPP and loses Loner; Jakob leaves.
        TV 955k + 70k = 1,025k; CTV without Otto 940k; treasury 90k + 60k - 70k = 80k."""
        team = season["match 3"]
        jonas = team.member("8")
        assert (4, False, True) == (jonas.pools["spp"], jonas.has("loner:4"), jonas.has("kick"))
        assert "journeyman" not in jonas.tags
        assert 12 == len(team.members)
        assert 1_025_000 == bb.team_value(pack, team).total
        assert 940_000 == bb.current_team_value(pack, team).total
        assert 80_000 == team.pools["treasury"]
        assert (3, 1, 1, 1) == tuple(team.stats[k] for k in ("played", "wins", "draws", "losses"))

    def test_the_season_replays_from_its_ledger(self, season: dict[str, Sheet]) -> None:
        """The ledger is the truth: replaying it rebuilds the team, and each post-match sequence is one entry."""
        team = season["match 3"]
        assert replay(team.ledger) == team
        assert len(season["match 2"].ledger) + 2 == len(team.ledger)  # journeymen, then match 3

    def test_treasury_explains_itself(self, pack: RulePack, season: dict[str, Sheet]) -> None:
        """Every gold piece of the treasury is an item of its explanation."""
        account = bb.treasury_account(pack, season["match 3"])
        assert 80_000 == account.total
        assert ["winnings of match 1", "winnings of match 2", "winnings of match 3"] == [
            i.label for i in account.items if i.label.startswith("winnings")
        ]


class TestAccountsNameTheirRules:
    def test_spp_items_name_the_rule(self, pack: RulePack, season: dict[str, Sheet]) -> None:
        """Jonas's SPP: a touchdown and the MVP from match 3, then his first advancement from the advancement table."""
        account = bb.spp_account(pack, season["match 3"], "8")
        assert [
            ("match 3: 1 touchdown x 3", 3, "SPP for match events"),
            ("match 3: MVP (nominee 4)", 4, "MVP: 4 SPP to the nominee the D6 picks"),
            ("advancement 1: Random primary skill (General)", -3, "advancement table: advancement 1 costs 3 SPP"),
        ] == [(i.label, i.amount, i.rule) for i in account.items]

    def test_treasury_items_name_the_rule(self, pack: RulePack, season: dict[str, Sheet]) -> None:
        """Hires at the roster cost, a re-roll at the draft and one at double price, winnings, a mistake, a journeyman."""
        items = {(i.label, i.amount, i.rule) for i in bb.treasury_account(pack, season["match 3"]).items}
        assert {
            ("draft budget", 1_000_000, "team creation"),
            ("hire a Human Blitzer", -85_000, "hiring fee (roster cost)"),
            ("Team Re-roll", -50_000, "re-roll at the roster price during the draft"),
            ("Team Re-roll", -100_000, "re-roll after the draft: double the roster price of 50,000"),
            ("Apothecary", -50_000, "sideline staff price"),
            ("Dedicated Fan (at the draft)", -5_000, "extra Dedicated Fan at the draft"),
            (
                "winnings of match 1",
                70_000,
                "winnings: (fan attendance / 2 + own touchdowns + 1 without Stalling) x 10,000",
            ),
            ("match 2: Expensive Mistakes, Minor Incident (D6 1)", -20_000, "Expensive Mistakes table"),
            ("hire journeyman #8 Jonas", -70_000, "a journeyman hired for good: hiring fee + value increases"),
        } <= items
