"""``progression sheet roster FILE``: a Blood Bowl team's roster sheet as the pack lays it out, any other roster's
members with their pools and stats; plain text when piped, JSON, and a standalone HTML page to print."""

from __future__ import annotations

import json
import shlex
from html.parser import HTMLParser
from pathlib import Path

import pytest

import progression
import progression_bloodbowl as bb
from progression import ScriptedDice, Sheet
from progression.cli.main import main

SKIRMISH = str(Path(__file__).parents[1] / "support" / "packs" / "skirmish.toml")


def anvils(tmp_path: Path, name: str = "Altdorf Anvils") -> Path:
    """Eleven Humans after one match: Griselda scored twice and took Dauntless, #3 misses the next game."""
    pack = progression.load("bloodbowl")
    players = [("human_blitzer", "Griselda"), ("human_thrower", "Hans")]
    players += [("human_lineman", f"Lineman {n}") for n in range(1, 10)]
    team = bb.draft(pack, "human", name, players, rerolls=2, apothecary=True, captain=0)
    match = bb.MatchRecord(
        number=1, opponent="Orcs", score=(2, 0), events={"1": {"touchdown": 2}}, injuries={"3": "seriously_hurt"}
    )
    team = bb.record_match(pack, team, match, ScriptedDice([6]))
    team = bb.advance(pack, team, "1", "chosen_primary", choice="dauntless")
    path = tmp_path / "anvils.json"
    path.write_text(progression.dump_sheet(team), encoding="utf-8")
    return path


def printed(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main(list(words))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


class TestABloodBowlTeam:
    def test_the_roster_sheet_as_text(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """The team's name, its roster and league, a line per player in the book's notation (AG 3+, AV 9+),
        SPP unspent / earned, level and value, who misses the next game; then the staff and the values."""
        status, out, _ = printed(capsys, "sheet", "roster", str(anvils(tmp_path)))
        lines = out.splitlines()
        griselda = next(line for line in lines if "Griselda" in line).split()
        assert (0, "Altdorf Anvils", "Roster: Human", "League: Old World Classic") == (status, *lines[:3])
        assert ["1", "Griselda", "Human", "Blitzer", "7", "3", "3+", "4+", "9+", "Block,", "Tackle,", "Pro,",
                "Dauntless", "0", "/", "6", "Experienced", "105,000"] == griselda  # fmt: skip
        assert next(line for line in lines if line.startswith("3 ")).split()[-1] == "yes"  # misses the next game
        assert [
            "Team re-rolls: 2 (each 50,000 gp)",
            "Dedicated Fans: 2",
            "Assistant coaches: 0",
            "Cheerleaders: 0",
            "Apothecary: yes",
            "Treasury: 270,000 gp",
            "Team Value: 780,000 gp",
            "Current Team Value: 730,000 gp",
        ] == lines[-8:]

    def test_the_roster_sheet_as_json(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """Each player a mapping of the columns to their printed values; the facts above and below as mappings."""
        status, out, _ = printed(capsys, "sheet", "roster", str(anvils(tmp_path)), "--json")
        page = json.loads(out)
        first = page["rows"][0]
        assert (0, "Altdorf Anvils", "Human", "270,000 gp") == (
            status,
            page["title"],
            page["heading"]["Roster"],
            page["footing"]["Treasury"],
        )
        assert {"#": "1", "Player": "Griselda", "AG": "3+", "PA": "4+", "SPP": "0 / 6", "Level": "Experienced"} == {
            k: first[k] for k in ("#", "Player", "AG", "PA", "SPP", "Level")
        }

    def test_a_printable_page(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """``--format html`` is a standalone page: one table with a header cell per column and a row per player,
        every text escaped (a team named with markup prints it as text)."""
        path = anvils(tmp_path, name="<b>Anvils</b> & Co")
        status, out, _ = printed(capsys, "sheet", "roster", str(path), "--format", "html")
        cells = _Cells()
        cells.feed(out)
        assert (0, True, "<b>Anvils</b> & Co") == (status, out.startswith("<!DOCTYPE html>"), cells.title)
        assert (len(bb.team.roster_sheet.COLUMNS), 11, []) == (cells.headers, cells.rows, cells.markup_inside)


class _Cells(HTMLParser):
    """What a page holds: its title text, its header cells, its body rows, and any tag inside a cell."""

    def __init__(self) -> None:
        super().__init__()
        self.title, self.headers, self.rows = "", 0, 0
        self.markup_inside: list[str] = []
        self._at: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._at and self._at[-1] in ("td", "th", "title", "h1"):
            self.markup_inside.append(tag)
        self.headers += tag == "th"
        self.rows += tag == "tr" and "tbody" in self._at
        self._at.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self._at and self._at[-1] == tag:
            self._at.pop()

    def handle_data(self, data: str) -> None:
        if self._at and self._at[-1] == "title":
            self.title += data


class TestAnyRoster:
    def test_members_with_their_pools_and_stats(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """A pack that declares no roster page: each member by id with its pools and stats, the roster's pools
        below; a sheet with no members is refused, saying where a sheet is shown."""
        pack = progression.load_file(SKIRMISH)
        hero: Sheet = pack.award(pack.new_sheet("hero", "Ana"), "xp", 12, reason="a quest")
        party = progression.join(pack.new_sheet("party", "Lions"), "ana", hero)
        path, alone = tmp_path / "party.json", tmp_path / "hero.json"
        path.write_text(progression.dump_sheet(party), encoding="utf-8")
        alone.write_text(progression.dump_sheet(hero), encoding="utf-8")
        status, out, _ = printed(capsys, "sheet", "roster", str(path), "--pack", SKIRMISH, "--json")
        refused, _, said = printed(capsys, "sheet", "roster", str(alone), "--pack", SKIRMISH)
        row = json.loads(out)["rows"][0]
        assert (0, "ana", "Ana", "12") == (status, row["#"], row["name"], row[pack.name_of("xp")])
        shown = f"progression sheet show {alone} --pack {SKIRMISH}"
        assert (2, True) == (refused, f"'Ana' has no members: a roster page lists a roster's; `{shown}` shows" in said)
        assert 0 == printed(capsys, *shlex.split(shown)[1:])[0]  # a whole command, not `sheet show`


class TestADeclaredPage:
    def test_a_page_that_cannot_print_as_it_says(self) -> None:
        """A roster function giving a row of another width (or anything but a Page) is refused, saying why."""
        from progression.contract import Page, Roster
        from progression.errors import ProgressionError

        roster = Roster(function=lambda pack, sheet: Page(title="T", columns=("a", "b"), rows=[("1",)]))
        with pytest.raises(ProgressionError, match=r"row 0 has 1 cells for 2 columns"):
            roster(progression.load_file(SKIRMISH), progression.load_file(SKIRMISH).new_sheet("party", "P"))
