"""``progression packs`` and ``progression show``."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_support import ROOT, SKIRMISH, Result, install

Run = Callable[..., Result]


class TestPacks:
    def test_lists_installed_packs(self, run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
        """Name, version, distribution and title of each installed pack; one that fails to load says so."""
        install(monkeypatch, {"fake": "cli_fakepack:pack", "broken": "cli_fakepack:missing"})
        rows = run("packs", "--json").json()
        assert ["broken", "fake"] == [r["name"] for r in rows]
        assert "Fake (CLI test pack)" == rows[1]["title"]
        assert rows[0]["title"].startswith("(does not load: ")
        assert "fake" in run("packs").out

    def test_no_packs(self, run: Run, no_packs: None) -> None:
        """With nothing installed, the listing says how to install the packs."""
        assert (0, []) == (run("packs").status, run("packs", "--json").json())
        assert "no rule pack is installed" in run("packs").out

    def test_a_pack_file_of_the_pack_path(
        self, run: Run, no_packs: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
    ) -> None:
        """A pack in TOML alone in a folder of PROGRESSION_PACK_PATH is listed with its file, and found by name:
        a sheet made with it is changed without --pack; without the folder, the refusal says how to name it."""
        folder = tmp_path / "packs"
        folder.mkdir()
        (folder / "skirmish.toml").write_text(Path(SKIRMISH).read_text(encoding="utf-8"), encoding="utf-8")
        monkeypatch.setenv("PROGRESSION_PACK_PATH", str(folder))
        (row,) = run("packs", "--json").json()
        assert ("skirmish", "", str(folder / "skirmish.toml")) == (row["name"], row["distribution"], row["file"])
        sheet = str(tmp_path / "ana.json")
        assert 0 == run("sheet", "new", sheet, "--pack", "skirmish", "--kind", "hero", "--name", "Ana").status
        assert 0 == run("sheet", "award", sheet, "xp", "25", "--reason", "the crypt").status
        monkeypatch.delenv("PROGRESSION_PACK_PATH")
        refused = run("sheet", "award", sheet, "xp", "5", "--reason", "again")
        assert (2, True) == (
            refused.status,
            "PROGRESSION_PACK_PATH names no folder to look for a pack file skirmish.toml in; a sheet file names its "
            "pack, not the pack's file: give the file with --pack (--pack path/to/skirmish.toml), or keep it as "
            "skirmish.toml in a folder named in PROGRESSION_PACK_PATH and leave --pack out" in refused.err,
        )

    def test_a_misnamed_pack_file_is_said(
        self, run: Run, no_packs: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
    ) -> None:
        """``Skirmish.toml`` in a folder of PROGRESSION_PACK_PATH is found by no name (a pack's name is lowercase):
        `packs` lists it with why in place of its title, and a sheet of pack 'skirmish' is refused naming it, where
        both said nothing of it."""
        folder = tmp_path / "packs"
        folder.mkdir()
        misnamed = folder / "Skirmish.toml"
        misnamed.write_text(Path(SKIRMISH).read_text(encoding="utf-8"), encoding="utf-8")
        sheet = str(tmp_path / "ana.json")
        assert 0 == run("sheet", "new", sheet, "--pack", SKIRMISH, "--kind", "hero").status
        monkeypatch.setenv("PROGRESSION_PACK_PATH", str(folder))
        why = "a pack file is named as its pack is, in lowercase (rename it skirmish.toml)"
        assert [
            {
                "name": "Skirmish",
                "version": "",
                "distribution": "",
                "file": str(misnamed),
                "title": f"(not read: {why})",
            }
        ] == run("packs", "--json").json()
        refused = run("sheet", "show", sheet)
        assert (2, True) == (
            refused.status,
            f"no folder of PROGRESSION_PACK_PATH ({folder}) holds skirmish.toml; {misnamed} is not read: {why}; a sheet"
            in refused.err,
        )


class TestShow:
    def test_show_a_pack_file(self, run: Run) -> None:
        """Every section of a pack, as data."""
        data = run("show", SKIRMISH, "--json").json()
        assert ("skirmish", ["xp", "gold"]) == (data["name"], list(data["currencies"]))
        assert {"family": "table", "first": [10, 20, 40], "last_step": 3} == data["curves"]["gear"]
        assert "have one or more feats" == data["ladders"]["rank"]["bands"][1]["gate"]
        assert "the next step of curve feat after Feats" == data["upgrades"]["speed"]["cost"]
        assert {} == data["functions"]

    def test_show_says_which_steps_a_curve_prices(self, run: Run) -> None:
        """The curves' table says what its numbers are: the cost of the first steps, and the steps the curve
        prices (``1 to 3`` for a table that ends), not a number alone that reads like a cost."""
        lines = run("show", SKIRMISH).out.splitlines()
        head = lines.index("Curves") + 1
        assert ["curve", "family", "cost", "of", "the", "first", "steps", "steps", "it", "prices"] == lines[
            head
        ].split()
        assert ["gear", "table", "10,", "20,", "40", "1", "to", "3"] == next(
            line.split() for line in lines[head:] if line.startswith("gear ")
        )

    def test_show_lists_contract_functions_with_their_docstring(self, run: Run, fake: None) -> None:
        """The functions the command line calls are listed with the first line of their docstring."""
        functions = run("show", "fake", "--json").json()["functions"]
        assert {
            "action.quest": "A member of a band goes on a quest: buys a lucky find, which may wait for a decision. "
            "Options: member.",
            "action.train": "Train for some days: each day gives 1D6 experience. Options: days.",
            "demo": "A hero levels up twice.",
            "exact.two_dice": "The sum of two dice, exactly. Options: sides.",
            "new.band": "A band of N heroes, each starting with 10 experience. Options: name, heroes.",
            "simulate.climb": "Days of 1D6 experience until the goal is reached. Options: goal.",
            "report.members": "Each sheet and how many members it holds.",
            "report.no_rows": "A report that breaks its contract: a text, not rows.",
            "table.level_costs": "The first three levels, priced.",
            "tune": "The pack with another level curve: base + step per level taken. Options: base, step.",
        } == functions

    def test_show_the_items_limits_and_arguments(self, run: Run) -> None:
        """An upgrade over items shows what is chosen among, its maximum of each item, the arguments a purchase
        takes and the factors of its price, in text and as data (issue 17, items 1 and 3)."""
        example = str(ROOT / "examples" / "skirmish" / "pack.toml")
        skill = run("show", example, "--json").json()["upgrades"]["skill"]
        assert (12, "athletics", {"{choice}": 5}, None) == (
            len(skill["items"]),
            skill["items"][0],
            skill["maxima"],
            skill["times"],
        )
        assert [{"by": 2, "when": "bought with out_of_career"}] == skill["factors"]
        assert {"out_of_career": {"label": "out of career", "type": "bool", "default": False}} == skill["args"]
        out = run("show", example).out
        upgrades = out[out.index("\nUpgrades\n") : out.index("\nChoices and arguments\n")]
        row = next(line for line in upgrades.splitlines() if line.startswith("skill "))
        assert "own count; x2 when bought with out_of_career" in row
        assert row.endswith("at most 5 of each item")
        choices = out[out.index("\nChoices and arguments\n") : out.index("\nKinds of sheet\n")].splitlines()
        assert choices[4].split()[:3] == ["skill", "Athletics,", "Climb,"]
        assert choices[4].endswith("out_of_career (out of career: bool, default no)")
        assert choices[6].split() == ["talent", "Hardy,", "Strike", "to", "Stun,", "Sixth", "Sense"]

    def test_show_the_play(self, run: Run) -> None:
        """The pack's [play] is shown, heaviest first then every other upgrade, in text and as data; a pack
        without one has ``"play": null`` and no such section."""
        example = str(ROOT / "examples" / "skirmish" / "pack.toml")
        play = run("show", example, "--json").json()["play"]
        assert ({"label": "Choose a career", "weight": 5}, 1) == (play["favour"]["take_career"], play["otherwise"])
        assert ["take_career", "skill", "characteristic", "rise_to_journeyman", "rise_to_master"] == list(
            play["favour"]
        )
        out = run("show", example).out
        section = out[out.index("Sensible play") :].splitlines()
        assert section[3].split() == ["rise_to_journeyman", "Become", "a", "journeyman", "10"]
        assert section[-1].split() == ["(every", "other", "upgrade)", "1"]
        assert (None, False) == (
            run("show", SKIRMISH, "--json").json()["play"],
            "Sensible play" in run("show", SKIRMISH).out,
        )

    def test_show_what_an_award_to_a_pool_requires(self, run: Run) -> None:
        """A pool's ``requires`` is shown as an upgrade's is, with the pack's own sentence: Blood Bowl's SPP are
        awarded to no Star Player; a pool without one shows nothing (``""`` in ``--json``)."""
        said = "not have a no_spp (a Star Player earns no Star Player Points)"
        pools = run("show", "bloodbowl", "--json").json()["pools"]
        assert (said, "") == (pools["spp"]["requires"], pools["treasury"]["requires"])
        out = run("show", "bloodbowl").out
        section = out[out.index("\nPools\n") : out.index("\nStats\n")].splitlines()
        assert section[2].endswith("overflow  an award requires")
        assert section[4].endswith(f"refuse    {said}")
        assert section[5].endswith("refuse")

    def test_show_a_requirement_with_the_pack_s_sentence(self, run: Run) -> None:
        """What an upgrade requires and a band's gate are followed by the message the pack gives them, as the pack's
        page shows it; a pack's function, described by its message, does not say it twice."""
        example = str(ROOT / "examples" / "skirmish" / "pack.toml")
        upgrades = run("show", example, "--json").json()["upgrades"]
        assert "not have a career (a career is chosen once)" == upgrades["take_career"]["requires"]
        gate = run("show", str(ROOT / "examples" / "dnd5e" / "pack.toml"), "--json").json()["ladders"]["improvement"]
        said = "have Experience points at least 2700 (needs character level 4 (2,700 experience points))"
        assert said == gate["bands"][1]["gate"]

    def test_show_text_in_french(self, run: Run) -> None:
        """Text output with French names."""
        out = run("show", SKIRMISH, "--lang", "fr").out
        assert out.startswith("Escarmouche (pack de test) — pack skirmish 1")
        assert "Vétéran" in out


def german(folder: Path, languages: str) -> str:
    """The English test pack given German names too (each the English one and " (de)"), declaring ``languages``."""
    source = (ROOT / "tests" / "support" / "packs" / "english_only.toml").read_text(encoding="utf-8")
    both = re.sub(r'\{ en = "([^"]*)"', r'{ en = "\1", de = "\1 (de)"', source)
    pack = folder / "tavern.toml"
    pack.write_text(both.replace('languages = ["en"]', f"languages = {languages}"), encoding="utf-8")
    return str(pack)


class TestLanguages:
    """``--lang`` takes any language a pack declares, and is checked once the pack is known."""

    def test_a_language_the_pack_declares(self, run: Run, tmp_path: Path) -> None:
        """A pack of German and English is shown in German: ``--lang`` is no longer held to en and fr."""
        shown = run("show", german(tmp_path, '["en", "de"]'), "--lang", "de")
        assert (0, True) == (shown.status, shown.out.startswith("The Tavern (de) — pack tavern"))

    def test_a_language_the_pack_does_not_declare(self, run: Run) -> None:
        """French asked of a pack of English alone is a usage error naming the pack's languages."""
        shown = run("show", str(ROOT / "tests" / "support" / "packs" / "english_only.toml"), "--lang", "fr")
        expected = "progression: --lang fr: pack 'tavern' declares no language 'fr'; its languages: en"
        assert (2, expected) == (shown.status, shown.err.strip())

    def test_no_language_code(self, run: Run) -> None:
        """What is no language code is refused before any pack is read."""
        shown = run("table", SKIRMISH, "--lang", "French")
        assert (2, True) == (
            shown.status,
            "expected a lowercase language code of 2 or 3 letters (en, fr, de), got 'French'" in shown.err,
        )

    def test_the_default_is_the_pack_s_first_language(self, run: Run, tmp_path: Path) -> None:
        """Without ``--lang``, names read in the pack's first language."""
        assert run("show", german(tmp_path, '["de", "en"]')).out.startswith("The Tavern (de) — pack tavern")
