"""``progression sheet ...`` in-process: every action on a sheet file, its output, exit status and JSON."""

from __future__ import annotations

import io
import shlex
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_support import ROOT, SKIRMISH, Result, install

import progression
import progression.files
from progression.cli.main import main

Run = Callable[..., Result]
PACKS = ROOT / "tests" / "support" / "packs"


def sheet_of(path: Path) -> progression.Sheet:
    return progression.load_sheet(path.read_bytes())


class TestNew:
    def test_new_writes_a_loadable_sheet(self, run: Run, tmp_path: Path) -> None:
        """`sheet new` writes a sheet file with the kind, name and --set starting values."""
        path = tmp_path / "ana.json"
        result = run(
            "sheet", "new", str(path), "--pack", SKIRMISH, "--kind", "hero", "--name", "Ana", "--set", "purse=30"
        )
        assert 0 == result.status
        sheet = sheet_of(path)
        assert ("hero", "Ana", 30) == (sheet.kind, sheet.name, sheet.pools["purse"])
        assert f"wrote {path}: created Hero 'Ana'" in result.out

    def test_new_refuses_a_blank_name(self, run: Run, tmp_path: Path, fake: None) -> None:
        """`--name "  "` is refused as a blank reason is (exit 2, nothing written), also for a kind a pack's factory
        makes; `--name` left out makes a sheet without a name."""
        path = tmp_path / "x.json"
        plain = run("sheet", "new", str(path), "--pack", SKIRMISH, "--kind", "hero", "--name", "  ")
        made = run("sheet", "new", str(path), "--pack", "fake", "--kind", "band", "--name", " ")
        expected = "progression: --name: expected a name that is not blank, got {!r}; leave --name out for a sheet without a name\n"
        assert [(2, expected.format("  ")), (2, expected.format(" "))] == [
            (plain.status, plain.err),
            (made.status, made.err),
        ]
        assert not path.exists()

    def test_new_without_kind_makes_the_pack_s_one_kind(self, run: Run, tmp_path: Path) -> None:
        """--kind left out: a pack with one kind of sheet makes that one, and the line written says which."""
        path = tmp_path / "tom.json"
        result = run("sheet", "new", str(path), "--pack", str(PACKS / "english_only.toml"), "--name", "Tom")
        assert (0, "bard") == (result.status, sheet_of(path).kind)
        assert (
            f"wrote {path}: created Bard 'Tom' (--kind bard: the pack's one kind of sheet)"
            == result.out.splitlines()[0]
        )

    def test_new_without_kind_among_several_is_refused(self, run: Run, tmp_path: Path) -> None:
        """--kind left out of a pack with several kinds: exit 2 listing them, nothing written; so for none."""
        path = tmp_path / "x.json"
        several = run("sheet", "new", str(path), "--pack", SKIRMISH)
        none = tmp_path / "none.toml"
        text = (PACKS / "english_only.toml").read_text(encoding="utf-8")
        none.write_text(text[: text.index("[kinds.bard]")], encoding="utf-8")
        kindless = run("sheet", "new", str(path), "--pack", str(none))
        assert [
            (2, "progression: --kind is needed: pack 'skirmish' makes sheets of several kinds: hero, party\n"),
            (2, "progression: pack 'tavern' defines no kind of sheet ([kinds.ID]), so no sheet can be made of it\n"),
        ] == [(several.status, several.err), (kindless.status, kindless.err)]
        assert not path.exists()

    def test_new_from_a_pack_file_says_later_commands_need_it(self, run: Run, tmp_path: Path, no_packs: None) -> None:
        """A sheet made with --pack FILE records the pack's name, not the file: `sheet new` says once that later
        commands need the same --pack (or the file in a folder of PROGRESSION_PACK_PATH), and one made without
        it is refused saying both ways to give it; the command it shows runs as written."""
        path = tmp_path / "ana.json"
        made = run("sheet", "new", str(path), "--pack", SKIRMISH, "--kind", "hero", "--name", "Ana")
        show = f"progression sheet show {path} --pack {SKIRMISH}"
        assert [
            f"wrote {path}: created Hero 'Ana'",
            f"note: {path} records pack 'skirmish' by its name, not by this file: give later commands on it the same "
            f"--pack ({show}), or keep the file as skirmish.toml in a folder named in PROGRESSION_PACK_PATH and "
            "leave --pack out",
        ] == made.out.splitlines()
        refused = run("sheet", "award", str(path), "xp", "5", "--reason", "a duel")
        assert (
            2,
            "progression: no rule pack named 'skirmish' is installed; installed packs: none; "
            "PROGRESSION_PACK_PATH names no folder to look for a pack file skirmish.toml in; a sheet file names its "
            "pack, not the pack's file: give the file with --pack (--pack path/to/skirmish.toml), or keep it as "
            "skirmish.toml in a folder named in PROGRESSION_PACK_PATH and leave --pack out, or install the pack\n",
        ) == (refused.status, refused.err)
        assert 0 == run(*shlex.split(show)[1:]).status

    def test_new_from_the_pack_file_its_name_finds_says_nothing_more(
        self, run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The file given is the one its pack's name finds (NAME.toml in a folder of PROGRESSION_PACK_PATH): later
        commands find it without --pack, and `sheet new` has nothing to add; of a pack given by its name neither.
        Another file of that pack, or of an installed pack's name, is not the one found: the note says which is
        (--json: ``"note"``)."""
        install(monkeypatch, {"fake": "cli_fakepack:pack"})
        folder = tmp_path / "packs"
        folder.mkdir()
        text = Path(SKIRMISH).read_text(encoding="utf-8")
        (folder / "skirmish.toml").write_text(text, encoding="utf-8")
        (tmp_path / "fake.toml").write_text(text.replace('name = "skirmish"', 'name = "fake"'), encoding="utf-8")
        monkeypatch.setenv("PROGRESSION_PACK_PATH", str(folder))
        path = tmp_path / "ana.json"

        def note(*words: str) -> object:
            made = run("sheet", "new", str(path), *words, "--kind", "hero", "--force", "--json")
            assert 0 == made.status, made.err
            return made.json()["note"]

        show = f"progression sheet show {path} --pack"
        assert [
            None,
            None,
            f"{path} records pack 'skirmish' by its name, which later commands on it find as "
            f"{folder / 'skirmish.toml'} (in PROGRESSION_PACK_PATH), not this file: give them the same --pack "
            f"({show} {SKIRMISH})",
            f"{path} records pack 'fake' by its name, which later commands on it find installed, not this file: "
            f"give them the same --pack ({show} {tmp_path / 'fake.toml'})",
        ] == [
            note("--pack", str(folder / "skirmish.toml")),
            note("--pack", "skirmish"),
            note("--pack", SKIRMISH),
            note("--pack", str(tmp_path / "fake.toml")),
        ]
        plain = run("sheet", "new", str(path), "--pack", str(folder / "skirmish.toml"), "--kind", "hero", "--force")
        assert ([f"wrote {path}: created Hero"], 0) == (plain.out.splitlines(), run("sheet", "show", str(path)).status)

    def test_new_refuses_to_replace_without_force(self, run: Run, sheet_file: Path) -> None:
        """An existing file is kept (exit 2) unless --force is given."""
        before = sheet_file.read_bytes()
        result = run("sheet", "new", str(sheet_file), "--pack", SKIRMISH, "--kind", "hero")
        assert (2, before) == (result.status, sheet_file.read_bytes())
        assert "already exists; pass --force" in result.err
        assert 0 == run("sheet", "new", str(sheet_file), "--pack", SKIRMISH, "--kind", "hero", "--force").status
        assert 1 == len(sheet_of(sheet_file).ledger)

    def test_new_unknown_setting_is_bad_usage(self, run: Run, tmp_path: Path) -> None:
        """A --set key that is no pool or stat of the kind is refused with the keys it may be."""
        result = run("sheet", "new", str(tmp_path / "x.json"), "--pack", SKIRMISH, "--kind", "hero", "--set", "mana=3")
        assert 2 == result.status
        assert "expected one of: xp, purse, level, level_cap, feats" in result.err
        assert not (tmp_path / "x.json").exists()

    def test_new_setting_by_its_displayed_name(self, run: Run, tmp_path: Path) -> None:
        """A --set key is a pool or stat by its id or its displayed name in any case or language (``Bourse``);
        a misspelt one is refused naming the closest, by its id or its name (``purce``, ``Levle``); two names of
        one pool are refused."""
        path = tmp_path / "x.json"
        made = run("sheet", "new", str(path), "--pack", SKIRMISH, "--kind", "hero", "--set", "Bourse=3")
        assert (0, 3) == (made.status, sheet_of(path).pools["purse"])
        said = [
            run("sheet", "new", str(tmp_path / "y.json"), "--pack", SKIRMISH, "--kind", "hero", *words).err
            for words in (["--set", "purce=3"], ["--set", "Levle=3"], ["--set", "purse=3", "--set", "Purse=4"])
        ]
        known = "expected one of: xp, purse, level, level_cap, feats"
        assert [
            f"progression: --set purce: kind 'hero' has no pool or stat 'purce'; {known}; the closest: purse\n",
            f"progression: --set Levle: kind 'hero' has no pool or stat 'Levle'; {known}; the closest: level\n",
            "progression: --set Purse: pool or stat 'purse' is given twice\n",
        ] == said
        assert not (tmp_path / "y.json").exists()

    def test_new_outside_a_stat_range_is_bad_usage(self, run: Run, tmp_path: Path) -> None:
        """A --set stat past its maximum is refused as a pool over its cap is, exit 2, and nothing is written."""
        path = tmp_path / "x.json"
        result = run("sheet", "new", str(path), "--pack", SKIRMISH, "--kind", "hero", "--set", "level=31")
        assert (2, "progression: stat 'level' of a new hero sheet is at most its maximum of 30, got 31\n") == (
            result.status,
            result.err,
        )
        assert not path.exists()

    def test_new_uses_the_pack_factory(self, run: Run, tmp_path: Path, fake: None) -> None:
        """A pack's new.<kind> factory receives --name and --set options as texts."""
        path = tmp_path / "band.json"
        result = run(
            "sheet",
            "new",
            str(path),
            "--pack",
            "fake",
            "--kind",
            "band",
            "--name",
            "Rats",
            "--set",
            "heroes=2",
            "--json",
        )
        assert 0 == result.status
        assert {"h1", "h2"} == set(result.json()["sheet"]["members"])
        assert ["h1", "h2"] == sorted(sheet_of(path).members)

    def test_new_factory_with_an_unknown_option(self, run: Run, tmp_path: Path, fake: None) -> None:
        """An option the factory does not take is bad usage, naming the options it takes."""
        result = run("sheet", "new", str(tmp_path / "b.json"), "--pack", "fake", "--kind", "band", "--set", "size=2")
        assert 2 == result.status
        assert "it takes: name, heroes" in result.err


class TestAward:
    def test_award_adds_points_and_reports_the_entry(self, run: Run, tmp_path: Path) -> None:
        """`sheet award` appends one entry and prints it."""
        path = tmp_path / "a.json"
        run("sheet", "new", str(path), "--pack", SKIRMISH, "--kind", "hero")
        result = run("sheet", "award", str(path), "xp", "7", "-r", "a duel", "--pack", SKIRMISH)
        assert (0, "#2 +7 Experience: a duel\n") == (result.status, result.out)
        assert 7 == sheet_of(path).pools["xp"]

    def test_award_reads_a_pool_by_its_displayed_name(self, run: Run, tmp_path: Path) -> None:
        """`sheet award` and `sheet discard` read a pool by its id or its displayed name in any case or language
        (``Experience``, ``bourse``), as --set does; the ledger keeps the id. A misspelt one names the sheet's pools
        and the closest, and a sheet with no name is called by its kind, not as though the kind were its name."""
        path = tmp_path / "a.json"
        run("sheet", "new", str(path), "--pack", SKIRMISH, "--kind", "hero")
        named = run("sheet", "award", str(path), "Experience", "7", "-r", "a duel", "--pack", SKIRMISH)
        french = run("sheet", "award", str(path), "bourse", "2", "-r", "a purse", "--pack", SKIRMISH)
        typo = run("sheet", "award", str(path), "Experiance", "1", "-r", "x", "--pack", SKIRMISH)
        assert (0, "#2 +7 Experience: a duel\n", 0, {"xp": 7, "purse": 2}) == (
            named.status,
            named.out,
            french.status,
            dict(sheet_of(path).pools),
        )
        assert (
            2,
            "progression: pool 'Experiance' is not defined in the hero sheet; expected one of: purse, xp; the closest: xp",
        ) == (
            typo.status,
            typo.err.strip(),
        )
        assert "xp" == sheet_of(path).ledger[1].operation.pool  # type: ignore[attr-defined]

    def test_refused_award_leaves_the_bytes(self, run: Run, sheet_file: Path) -> None:
        """A change refused by the rules (a purchase while a surplus waits) exits 1 and leaves the file byte
        for byte."""
        before = sheet_file.read_bytes()
        result = run("sheet", "buy", str(sheet_file), "sword", "--pack", SKIRMISH)
        assert 1 == result.status
        assert before == sheet_file.read_bytes()
        assert "progression: Experience holds 5 points over its cap" in result.err
        assert 1 == len(result.err.splitlines())

    def test_award_json(self, run: Run, tmp_path: Path) -> None:
        """--json gives the file, the entries added (each as saved: the operation and its events) and the sheet after."""
        path = tmp_path / "a.json"
        run("sheet", "new", str(path), "--pack", SKIRMISH, "--kind", "hero")
        data = run("sheet", "award", str(path), "xp", "3", "-r", "x", "--pack", SKIRMISH, "--json").json()
        assert (str(path), [], 3) == (data["file"], data["removed"], data["sheet"]["pools"]["xp"]["balance"])
        assert [
            {
                "index": 2,
                "text": "+3 Experience: x",
                "event": {
                    "event": "entry",
                    "number": 2,
                    "operation": {"op": "award", "pool": "xp", "amount": 3, "reason": "x", "member": None},
                    "events": [{"event": "awarded", "pool": "xp", "amount": 3, "reason": "x"}],
                },
            }
        ] == data["added"]


class TestBuyAndQuote:
    def test_buy_and_refusal(self, run: Run, sheet_file: Path) -> None:
        """A purchase goes through (0); one blocked by a requirement is refused (1) with the reason."""
        assert 0 == run("sheet", "buy", str(sheet_file), "level_up", "--pack", SKIRMISH).status
        before = sheet_file.read_bytes()
        result = run("sheet", "buy", str(sheet_file), "speed", "--pack", SKIRMISH)
        assert (1, before) == (result.status, sheet_file.read_bytes())
        assert "Speed cannot be bought: needs Level at least 2 (it is 1)" in result.err

    def test_quote_answers_without_writing(self, run: Run, sheet_file: Path) -> None:
        """`sheet quote` prints the price and every unmet rule, exit 0, file untouched."""
        before = sheet_file.read_bytes()
        result = run("sheet", "quote", str(sheet_file), "speed", "--pack", SKIRMISH, "--json")
        data = result.json()
        assert (0, before) == (result.status, sheet_file.read_bytes())
        assert (5, False) == (data["price"], data["ok"])
        assert ["requires"] == [u["key"] for u in data["unmet"]]

    def test_a_price_not_paid_is_not_told_as_paid(self, run: Run, tmp_path: Path) -> None:
        """A quote the pools cannot pay says what they hold, never "paid with" the part they could give."""
        path = tmp_path / "ana.json"
        run("sheet", "new", str(path), "--pack", SKIRMISH, "--kind", "hero", "--set", "purse=6")
        out = run("sheet", "quote", str(path), "sword", "--pack", SKIRMISH).out
        assert (True, False) == ("cannot be bought:" in out, "paid with" in out), out
        run("sheet", "award", str(path), "purse", "20", "-r", "loot", "--pack", SKIRMISH)
        assert "paid with" in run("sheet", "quote", str(path), "sword", "--pack", SKIRMISH).out

    def test_no_choice_at_all_is_bad_usage(self, run: Run, tmp_path: Path, fake: None) -> None:
        """A purchase without ``--choice`` of an upgrade that takes one exited 1, where a misspelt choice exits 2:
        the choice is input the buyer must give, so its absence is bad usage too (2), saying the options; a quote
        without one is still an answer (0). The file stays as it was."""
        import progression
        from progression.errors import ChoiceNeeded, RequirementNotMet

        path = tmp_path / "h.json"
        run("sheet", "new", str(path), "--pack", "fake", "--kind", "hero", "--set", "xp=10")
        before = path.read_bytes()
        bought = run("sheet", "buy", str(path), "charm")
        said = (
            "progression: Charm cannot be bought without a choice; the options open now: amulet, ring; give one "
            f"with --choice ITEM (progression sheet options {path} charm lists them)\n"
        )
        assert (2, said, 0) == (bought.status, bought.err, run("sheet", "quote", str(path), "charm").status)
        assert before == path.read_bytes()
        pack = progression.load("fake")
        with pytest.raises(ChoiceNeeded) as caught:
            pack.purchase(progression.load_sheet(before), "charm")
        assert (
            ("amulet", "ring"),
            True,
            "Charm cannot be bought without a choice; the options open now: amulet, ring",
            ("Charm needs a choice among: amulet, ring",),
        ) == (
            caught.value.options,
            isinstance(caught.value, RequirementNotMet),
            str(caught.value),
            caught.value.missing,
        )

    def test_a_choice_that_names_nothing_is_bad_usage(self, run: Run, tmp_path: Path, fake: None) -> None:
        """A misspelt choice names no option: bad usage (2), as an unknown upgrade is, for a purchase and for a
        quote; a known option the rules refuse now (a charm already owned is offered no more) is a refusal (1)
        of the purchase, and an answer (0) of the quote. The file stays as it was."""
        path = tmp_path / "h.json"
        run("sheet", "new", str(path), "--pack", "fake", "--kind", "hero", "--set", "xp=10")
        run("sheet", "buy", str(path), "charm", "--choice", "ring")
        before = path.read_bytes()
        typo = "Charm cannot be bought: 'rnig' is not an option for Charm; options: amulet\n"
        statuses = [
            (run(*command, "--choice", choice).status, run(*command, "--choice", choice).err)
            for command in (("sheet", "buy", str(path), "charm"), ("sheet", "quote", str(path), "charm"))
            for choice in ("rnig", "ring")
        ]
        assert [
            (2, f"progression: {typo}"),
            (1, "progression: Charm cannot be bought: 'ring' is not an option for Charm now; options: amulet\n"),
            (2, f"progression: {typo}"),
            (0, ""),
        ] == statuses
        assert before == path.read_bytes()

    def test_options_lists_every_upgrade(self, run: Run, sheet_file: Path) -> None:
        """`sheet options` quotes every upgrade the kind may buy."""
        data = run("sheet", "options", str(sheet_file), "--pack", SKIRMISH, "--json").json()
        assert ["level_up", "toughness", "speed", "sword"] == [row["upgrade"] for row in data]
        assert [True, True, False, False] == [row["ok"] for row in data]

    def test_options_says_how_to_list_the_choices(self, run: Run, tmp_path: Path, fake: None) -> None:
        """An upgrade that takes a choice counts its options and names the command that lists them."""
        path = tmp_path / "h.json"
        run("sheet", "new", str(path), "--pack", "fake", "--kind", "hero", "--set", "xp=10")
        run("sheet", "buy", str(path), "charm", "--choice", "ring")
        line = next(row for row in run("sheet", "options", str(path)).out.splitlines() if row.startswith("charm"))
        assert line.endswith(f"takes a choice (1 option): progression sheet options {path} charm")

    def test_options_of_an_upgrade_lists_its_choices(self, run: Run, tmp_path: Path, fake: None) -> None:
        """With UPGRADE, each choice is priced; buying one with --choice grants it."""
        path = tmp_path / "h.json"
        run("sheet", "new", str(path), "--pack", "fake", "--kind", "hero", "--set", "xp=10")
        rows = run("sheet", "options", str(path), "charm", "--json").json()
        assert ["amulet", "ring"] == [row["choice"] for row in rows]
        result = run("sheet", "buy", str(path), "charm", "--choice", "ring")
        assert "bought Charm (Ring) for 3 Experience: gains Ring" in result.out
        assert ["amulet"] == [row["choice"] for row in run("sheet", "options", str(path), "charm", "--json").json()]

    def test_pay_split_must_add_up(self, run: Run, sheet_file: Path) -> None:
        """A --pay that does not add up to the price is bad usage (2)."""
        result = run("sheet", "buy", str(sheet_file), "level_up", "--pay", "xp=3", "--pack", SKIRMISH)
        assert 2 == result.status
        assert "pay adds up to 3 but 'level_up' costs 1" in result.err

    def test_pay_reads_a_pool_by_its_displayed_name(self, run: Run, tmp_path: Path) -> None:
        """A --pay pool is read by its id or its displayed name, in any case or language (as --set reads one): the
        ledger keeps the id. A pool the pack does not know is bad input (2) naming the closest; one it knows that
        does not pay for the upgrade is the rules' refusal (1), said with the names."""
        path = tmp_path / "bo.json"
        run("sheet", "new", str(path), "--pack", SKIRMISH, "--kind", "hero", "--set", "xp=5", "--set", "purse=30")
        typo = run("sheet", "quote", str(path), "level_up", "--pay", "expereince=1", "--pack", SKIRMISH)
        other = run("sheet", "buy", str(path), "level_up", "--pay", "Bourse=1", "--pack", SKIRMISH)
        bought = run("sheet", "buy", str(path), "level_up", "--pay", "Experience=1", "--pack", SKIRMISH)
        assert (2, True, True) == (
            typo.status,
            "pool 'expereince' is not defined in rule pack 'skirmish'" in typo.err,
            typo.err.rstrip().endswith("the closest: xp"),
        )
        assert (1, True) == (
            other.status,
            "Level up cannot be paid from Purse; it can be paid from: Experience" in other.err,
        )
        assert (0, {"xp": 1}) == (bought.status, dict(sheet_of(path).ledger[-1].operation.pay or {}))  # type: ignore[attr-defined]


class TestOverride:
    def test_a_bypass_says_how_to_give_its_reason_in_command_words(self, run: Run, tmp_path: Path) -> None:
        """A bypass without a reason tells the command that gives one, on the file given (``--override "..."``),
        not the Python keyword; an override naming nothing to bypass tells the option that names it. Each keeps the
        ``--pack`` given, a pack file found by no other way."""
        path = tmp_path / "bo.json"
        run("sheet", "new", str(path), "--pack", SKIRMISH, "--kind", "hero", "--set", "xp=5")
        bare = run("sheet", "buy", str(path), "level_up", "--bypass", "limit", "--pack", SKIRMISH)
        alone = run("sheet", "buy", str(path), "level_up", "--override", "GM", "--pack", SKIRMISH)
        assert (
            2,
            f"progression: a bypass needs a written reason: `progression sheet buy {path} --pack {SKIRMISH} level_up "
            f'--bypass limit --override "why the GM allows it"`',
        ) == (bare.status, bare.err.strip())
        assert (
            2,
            "progression: an override must name what it bypasses (requires, limit, gate or gate:<ladder>): "
            f"`progression sheet buy {path} --pack {SKIRMISH} level_up --override GM --bypass KEY ...`",
        ) == (alone.status, alone.err.strip())

    def test_an_override_that_waives_nothing_is_refused(self, run: Run, tmp_path: Path) -> None:
        """``--bypass gate`` on a purchase that crosses no gate is bad input (2), and the history is left as it was:
        no ``[GM override: ...; waived: ]`` kept for good."""
        path = tmp_path / "bo.json"
        run("sheet", "new", str(path), "--pack", SKIRMISH, "--kind", "hero", "--set", "xp=5")
        before = path.read_bytes()
        result = run("sheet", "buy", str(path), "level_up", "--override", "GM", "--bypass", "gate", "--pack", SKIRMISH)
        assert (2, before) == (result.status, path.read_bytes())
        assert "Level up does not break what the override bypasses (gate), so it would waive nothing" in result.err

    def test_a_file_0_1_0_wrote_with_one_still_verifies(self, run: Run, tmp_path: Path) -> None:
        """0.1.0 took ``--bypass gate`` on a purchase crossing no gate and wrote ``waived: ``: that file still
        verifies, amends and rebases (0), as it did before the upgrade; only a new override must waive something."""
        path = tmp_path / "bo.json"
        run("sheet", "new", str(path), "--pack", SKIRMISH, "--kind", "hero", "--set", "xp=5")
        run("sheet", "buy", str(path), "level_up", "--pack", SKIRMISH)
        data = progression.files.unstructure_sheet(sheet_of(path))
        data["ledger"][1]["operation"].update(override="GM", bypass=["gate"])
        data["ledger"][1]["events"][0]["override"] = {"bypassed": [], "reason": "GM"}
        path.write_text(progression.dump_sheet(progression.files.structure_sheet(data, str(path), tampered="read")))
        run("sheet", "award", str(path), "xp", "3", "--reason", "the dragon", "--pack", SKIRMISH)
        history = run("sheet", "history", str(path), "--pack", SKIRMISH)
        verified = run("sheet", "verify", str(path), "--pack", SKIRMISH)
        amended = run("sheet", "amend", str(path), "3", "amount=4", "--pack", SKIRMISH)
        rebased = run("sheet", "rebase", str(path), "--pack", SKIRMISH)
        assert "[GM override: GM; waived: ]" in history.out
        assert (0, 0, 0) == (verified.status, amended.status, rebased.status), verified.out + amended.err
        assert "hero: all 3 entries verified" in verified.out


class TestDice:
    @pytest.fixture
    def hero(self, run: Run, tmp_path: Path, fake: None) -> Path:
        path = tmp_path / "h.json"
        run("sheet", "new", str(path), "--pack", "fake", "--kind", "hero", "--set", "xp=20")
        return path

    def test_scripted_dice_then_decide(self, run: Run, hero: Path) -> None:
        """--dice feeds the rolls; the purchase waits for a decision, and `sheet decide` answers it."""
        result = run("sheet", "buy", str(hero), "lucky", "--dice", "1,3")
        assert 0 == result.status
        assert "rolled 1D6 for first find: 1" in result.out
        assert "waits for a decision (keep one: sword, amulet)" in result.out
        assert "answer with: progression sheet decide" in result.out
        decided = run("sheet", "decide", str(hero), "amulet")
        assert "chose Amulet for keep one" in decided.out
        assert {"amulet": 1} == dict(sheet_of(hero).owned)

    def test_options_while_a_decision_waits_say_it_once(self, run: Run, hero: Path) -> None:
        """While a decision waits, ``sheet options`` says so once, above the table, with the command that answers
        it; a row it alone refuses says "not now (see above)"; --json
        keeps each row's refusals whole."""
        run("sheet", "buy", str(hero), "lucky", "--dice", "1,3")
        out = run("sheet", "options", str(hero)).out.splitlines()
        waits = "Lucky find waits for a decision (keep one: sword, amulet); decide or undo first"
        assert (f"Nothing can be bought now: {waits} (`progression sheet decide {hero} OPTION`)", "") == (
            out[0],
            out[1],
        )
        rows = {line.split()[0]: line for line in out[5:]}
        assert rows["level_up"].endswith("not now (see above)")
        assert all(waits not in line for line in out[2:])
        data = run("sheet", "options", str(hero), "--json").json()
        assert all(waits in [u["text"] for u in row["unmet"]] for row in data if "unmet" in row)

    def test_wrong_decision_is_refused(self, run: Run, hero: Path) -> None:
        """An answer that names none of the options is bad usage (2), whatever the word, as a misspelt choice of a
        purchase is (it was a refusal, 1, where a misspelt skill of ``advance`` was 2); the file stays as it was.
        Deciding when no decision waits stays a refusal (1)."""
        run("sheet", "buy", str(hero), "lucky", "--dice", "1,3")
        before = hero.read_bytes()
        result = run("sheet", "decide", str(hero), "ring")
        assert (2, before) == (result.status, hero.read_bytes())
        assert "'ring' is not an option for 'keep one'" in result.err
        misspelt = run("sheet", "decide", str(hero), "swrod")
        assert (2, before) == (misspelt.status, hero.read_bytes())
        assert run("sheet", "decide", str(hero), "sword").status == 0
        assert run("sheet", "decide", str(hero), "sword").status == 1

    def test_unused_dice_are_refused(self, run: Run, hero: Path) -> None:
        """Typed-in dice that were not all rolled are bad usage: nothing is written."""
        before = hero.read_bytes()
        result = run("sheet", "buy", str(hero), "lucky", "--dice", "1,3,5", "--decide", "sword")
        assert (2, before) == (result.status, hero.read_bytes())
        assert "--dice gave 3 results but only 2 were rolled; unused: 5; nothing was written" in result.err

    @pytest.mark.parametrize(
        ("given", "rolls", "said"),
        [
            ("4", 0, "--dice gave 1 result but none was rolled; unused: 4"),
            ("2,3", 1, "--dice gave 2 results but only 1 was rolled; unused: 3"),
            ("2,3,4", 2, "--dice gave 3 results but only 2 were rolled; unused: 4"),
        ],
    )
    def test_unused_dice_are_counted_in_words(self, given: str, rolls: int, said: str) -> None:
        """The count of dice given and rolled reads in the singular where it is one (it said 'only 1 were
        rolled', '1 results')."""
        import argparse

        from progression.cli.args import DiceChoice, UsageError

        chosen = DiceChoice(argparse.Namespace(dice=given, seed=None))
        if rolls:
            chosen.dice.roll(6, rolls)
        with pytest.raises(UsageError) as error:
            chosen.check_used()
        assert f"{said}; nothing was written" == str(error.value)

    def test_seeded_dice_repeat(self, run: Run, hero: Path, tmp_path: Path) -> None:
        """The same --seed gives the same rolls."""
        other = tmp_path / "copy.json"
        other.write_bytes(hero.read_bytes())
        first = run("sheet", "buy", str(hero), "lucky", "--seed", "7").out
        second = run("sheet", "buy", str(other), "lucky", "--seed", "7").out
        assert first.replace(str(hero), "F") == second.replace(str(other), "F")

    def test_prompted_dice_read_stdin(self, run: Run, hero: Path) -> None:
        """With neither --seed nor --dice, each die is asked for on stderr and read from stdin."""
        result = run("sheet", "buy", str(hero), "lucky", "--decide", "shield", stdin="2\n6\n")
        assert 0 == result.status
        assert "roll a D6 for first find: roll a D6 for second find: " == result.err
        assert {"shield": 1} == dict(sheet_of(hero).owned)

    def test_prompt_asks_again_on_a_terminal(
        self, hero: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """At a terminal, an answer that no die shows is refused and asked again, instead of losing the
        results already typed."""

        class Terminal(io.StringIO):
            def isatty(self) -> bool:
                return True

        monkeypatch.setattr(sys, "stdin", Terminal("seven\n9\n2\n6\n"))
        status = main(["sheet", "buy", str(hero), "lucky", "--decide", "shield"])
        err = capsys.readouterr().err
        assert (0, {"shield": 1}) == (status, dict(sheet_of(hero).owned))
        assert [
            "roll a D6 for first find: the D6 for first find must be a whole number from 1 to 6, got 'seven'; again",
            "roll a D6 for first find: the D6 for first find must be a whole number from 1 to 6, got '9'; again",
            "roll a D6 for first find: roll a D6 for second find: ",
        ] == err.splitlines()

    def test_prompt_piped_refuses_a_wrong_answer(self, run: Run, hero: Path) -> None:
        """Piped in, an answer that no die shows stops the command (2): there is nobody to ask again."""
        before = hero.read_bytes()
        result = run("sheet", "buy", str(hero), "lucky", stdin="7\n")
        assert (2, before) == (result.status, hero.read_bytes())
        assert "the D6 for first find must be a whole number from 1 to 6, got '7'" in result.err

    def test_prompt_at_end_of_input(self, run: Run, hero: Path) -> None:
        """When stdin ends before a die is given, the command stops (2) and writes nothing."""
        before = hero.read_bytes()
        result = run("sheet", "buy", str(hero), "lucky", stdin="2\n")
        assert (2, before) == (result.status, hero.read_bytes())
        assert "stdin ended; give the results with --dice or roll with --seed" in result.err
        assert result.err.splitlines()[-1].startswith("progression: "), "the error starts its own line"


class TestUndoHistoryShowMark:
    def test_history_lists_every_entry(self, run: Run, sheet_file: Path) -> None:
        """`sheet history` numbers the ledger from 1."""
        data = run("sheet", "history", str(sheet_file), "--pack", SKIRMISH, "--json").json()
        assert [1, 2] == [e["index"] for e in data]
        assert "+25 Experience: the crypt" == data[1]["text"]

    def test_undo_takes_back_the_last_entry(self, run: Run, sheet_file: Path) -> None:
        """`sheet undo` removes the last entry and says which."""
        result = run("sheet", "undo", str(sheet_file), "--pack", SKIRMISH)
        assert "undone #2: +25 Experience: the crypt\n" == result.out
        assert 1 == len(sheet_of(sheet_file).ledger)
        assert 2 == run("sheet", "undo", str(sheet_file), "--pack", SKIRMISH).status

    def test_undo_of_several_entries_names_the_latest_first(self, run: Run, sheet_file: Path) -> None:
        """`sheet undo -n 2` says what it took back in the order it took it: the latest entry first."""
        run("sheet", "mark", str(sheet_file), "session 1", "--pack", SKIRMISH)
        result = run("sheet", "undo", str(sheet_file), "-n", "2", "--pack", SKIRMISH)
        assert "undone #3: mark 'session 1'\nundone #2: +25 Experience: the crypt\n" == result.out

    def test_show_says_one_entry_in_the_singular(self, run: Run, sheet_file: Path) -> None:
        """A sheet with only its creation holds "1 ledger entry", not "1 ledger entries"."""
        run("sheet", "undo", str(sheet_file), "--pack", SKIRMISH)
        out = run("sheet", "show", str(sheet_file), "--pack", SKIRMISH).out
        assert "Ana — Hero (skirmish), 1 ledger entry" == out.splitlines()[0]

    def test_show_as_of_a_mark(self, run: Run, sheet_file: Path) -> None:
        """`sheet mark` then `sheet show --as-of` looks back without changing the file."""
        run("sheet", "mark", str(sheet_file), "session 1", "--pack", SKIRMISH)
        run("sheet", "buy", str(sheet_file), "level_up", "--pack", SKIRMISH)
        now = run("sheet", "show", str(sheet_file), "--pack", SKIRMISH, "--json").json()
        then = run("sheet", "show", str(sheet_file), "--pack", SKIRMISH, "--as-of", "session 1", "--json").json()
        assert (1, 0) == (now["stats"]["level"]["value"], then["stats"]["level"]["value"])
        assert (1, 0) == (now["bands"]["rank"]["value"], then["bands"]["rank"]["value"])

    def test_show_text(self, run: Run, sheet_file: Path) -> None:
        """`sheet show` prints pools with caps and surplus, and stats with their band."""
        out = run("sheet", "show", str(sheet_file), "--pack", SKIRMISH).out
        assert out.startswith("Ana — Hero (skirmish), 2 ledger entries\n")
        assert "Experience       25   20         5" in out
        assert "Level               0  Rank: Novice" in out

    def test_discard_settles_the_surplus(self, run: Run, sheet_file: Path) -> None:
        """`sheet discard` loses what a pool holds over its cap."""
        result = run("sheet", "discard", str(sheet_file), "xp", "--pack", SKIRMISH)
        assert "#3 lost 5 Experience: surplus discarded\n" == result.out

    def test_a_refusal_for_surplus_names_the_discard_command(self, run: Run, sheet_file: Path) -> None:
        """A change refused because points wait over a cap names the command that loses them; it runs as
        written, even on a file whose name holds a space, and keeps the --pack given."""
        spaced = sheet_file.with_name("ana the brave.json")
        sheet_file.rename(spaced)
        refused = run("sheet", "buy", str(spaced), "sword", "--pack", SKIRMISH)
        assert 1 == refused.status
        command = refused.err.rstrip().partition("(to lose the points over a cap: ")[2].removesuffix(")")
        assert ["progression", "sheet", "discard", str(spaced), "xp", "--pack", SKIRMISH] == shlex.split(command)
        assert 0 == run(*shlex.split(command)[1:]).status
        assert "#4 bought Sword" in run("sheet", "buy", str(spaced), "sword", "--pack", SKIRMISH).out


class TestMembersAndActions:
    @pytest.fixture
    def band(self, run: Run, tmp_path: Path, fake: None) -> Path:
        path = tmp_path / "band.json"
        run("sheet", "new", str(path), "--pack", "fake", "--kind", "band", "--set", "heroes=2")
        return path

    def test_member_award_and_show(self, run: Run, band: Path) -> None:
        """--member acts on one member of a roster; the roster's ledger records it."""
        result = run("sheet", "award", str(band), "xp", "5", "-r", "a fight", "--member", "h2")
        assert "#4 Hero 2 (h2): +5 Experience: a fight\n" == result.out
        assert 15 == run("sheet", "show", str(band), "--member", "h2", "--json").json()["pools"]["xp"]["balance"]
        assert 2 == run("sheet", "show", str(band), "--member", "h9").status

    def test_do_runs_a_pack_action_with_dice(self, run: Run, band: Path, tmp_path: Path) -> None:
        """`sheet do` runs action.<name> with key=value options and the chosen dice."""
        hero = tmp_path / "hero.json"
        run("sheet", "new", str(hero), "--pack", "fake", "--kind", "hero")
        result = run("sheet", "do", str(hero), "train", "days=2", "--dice", "4,5")
        assert "#2 +9 Experience: trained 2 days\n" == result.out

    def test_do_says_how_to_answer_a_member_waiting(self, run: Run, band: Path) -> None:
        """An action that leaves a member waiting for a decision says so, with the command that answers it."""
        result = run("sheet", "do", str(band), "quest", "member=h2", "--dice", "1,3")
        assert (
            f"waits for a decision (keep one: sword, amulet); answer with: progression sheet decide {band} "
            "--member h2 OPTION, OPTION one of them"
        ) == result.out.splitlines()[-1]
        assert 0 == run("sheet", "decide", str(band), "--member", "h2", "amulet").status

    def test_the_answer_keeps_pack_and_lang(self, run: Run, band: Path) -> None:
        """The command that answers keeps the --pack and --lang given (it dropped both), and runs as written."""
        result = run("sheet", "do", str(band), "quest", "member=h2", "--dice", "1,3", "--pack", "fake", "--lang", "en")
        answer = f"progression sheet decide {band} --member h2 OPTION --pack fake --lang en"
        assert result.out.splitlines()[-1].endswith(f"; answer with: {answer}, OPTION one of them"), result.out
        assert 0 == run(*shlex.split(answer.replace("OPTION", "amulet"))[1:]).status

    def test_do_unknown_action_lists_actions(self, run: Run, band: Path) -> None:
        """An unknown action is bad usage naming the pack's actions."""
        result = run("sheet", "do", str(band), "fly")
        assert 2 == result.status
        assert "pack 'fake' has no action 'fly'; its actions: quest, train" in result.err

    def test_sheet_of_an_uninstalled_pack_needs_pack(self, run: Run, sheet_file: Path, no_packs: None) -> None:
        """A sheet whose pack is not installed asks for --pack."""
        result = run("sheet", "show", str(sheet_file))
        assert 2 == result.status
        assert result.err.endswith(
            "; a sheet file names its pack, not the pack's file: give the file with --pack (--pack path/to/skirmish.toml), "
            "or keep it as skirmish.toml in a folder named in PROGRESSION_PACK_PATH and leave --pack out, or install "
            "the pack\n"
        )

    def test_pack_that_is_not_the_sheets(self, run: Run, sheet_file: Path, fake: None) -> None:
        """--pack naming another pack than the sheet's is bad usage."""
        result = run("sheet", "show", str(sheet_file), "--pack", "fake")
        assert 2 == result.status
        assert "the sheet was made with pack 'skirmish', but --pack fake is pack 'fake'" in result.err


class TestReport:
    @pytest.fixture
    def bands(self, run: Run, tmp_path: Path, fake: None) -> list[str]:
        paths = []
        for name, heroes in (("Reds", "2"), ("Blues", "3")):
            path = tmp_path / f"{name}.json"
            run(
                "sheet",
                "new",
                str(path),
                "--pack",
                "fake",
                "--kind",
                "band",
                "--name",
                name,
                "--set",
                f"heroes={heroes}",
            )
            paths.append(str(path))
        return paths

    def test_rows_over_several_files(self, run: Run, bands: list[str]) -> None:
        """`sheet report NAME FILE...` passes every sheet, in the order given, to the pack's report.NAME."""
        result = run("sheet", "report", "members", *bands, "--json")
        assert (0, [{"sheet": "Reds", "members": 2}, {"sheet": "Blues", "members": 3}]) == (
            result.status,
            result.json()["rows"],
        )

    def test_a_report_that_breaks_its_contract(self, run: Run, bands: list[str]) -> None:
        """A pack function that returns no rows is named, not printed."""
        result = run("sheet", "report", "no_rows", *bands)
        assert (2, "progression: report 'no_rows' must return a list of rows (mappings), got str\n") == (
            result.status,
            result.err,
        )
