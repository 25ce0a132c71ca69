"""``progression sheet verify``, ``amend`` and ``rebase``: a sheet file's history checked and corrected."""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from pathlib import Path

from cli_support import SKIRMISH, Result

Run = Callable[..., Result]


def hero(tmp_path: Path, run: Run) -> Path:
    """A skirmish hero: 12 experience, a level bought with 1, then 3 more."""
    path = tmp_path / "ana.json"
    run("sheet", "new", str(path), "--pack", SKIRMISH, "--kind", "hero", "--name", "Ana")
    run("sheet", "award", str(path), "xp", "12", "-r", "the crypt", "--pack", SKIRMISH)
    run("sheet", "buy", str(path), "level_up", "--pack", SKIRMISH)
    run("sheet", "award", str(path), "xp", "3", "-r", "rats", "--pack", SKIRMISH)
    return path


def edit(path: Path, entry: int, **values: object) -> None:
    """Change values of the first event of an entry in the file, as a hand would."""
    data = json.loads(path.read_text(encoding="utf-8"))
    data["ledger"][entry]["events"][0].update(values)
    path.write_text(json.dumps(data), encoding="utf-8")


class TestVerify:
    def test_a_file_made_by_the_commands_verifies(self, run: Run, tmp_path: Path) -> None:
        """Exit 0, and the report says every entry was verified."""
        result = run("sheet", "verify", str(hero(tmp_path, run)), "--pack", SKIRMISH)
        assert (0, "Ana: all 4 entries verified under skirmish 1") == (result.status, result.out.rsplit(" ", 1)[0])

    def test_an_edited_file_is_found_at_its_entry(self, run: Run, tmp_path: Path) -> None:
        """The award of 3 edited to 30: exit 1, the entry, what was recorded and what the rules give."""
        path = hero(tmp_path, run)
        edit(path, 3, amount=30)
        result = run("sheet", "verify", str(path), "--pack", SKIRMISH)
        assert (1, "  #4 award 3 to xp: events[0].amount: recorded 30, the rules give 3") == (
            result.status,
            result.out.splitlines()[1],
        )

    def test_json(self, run: Run, tmp_path: Path) -> None:
        """``--json``: ok, the number of entries, each divergence with its entry, kind and sentence."""
        path = hero(tmp_path, run)
        edit(path, 3, amount=30)
        data = run("sheet", "verify", str(path), "--pack", SKIRMISH, "--json").json()
        assert (False, 4, [{"entry": 4, "label": "award 3 to xp", "kind": "edited"}]) == (
            data["ok"],
            data["entries"],
            [{k: d[k] for k in ("entry", "label", "kind")} for d in data["divergences"]],
        )


class TestEditedByHand:
    """A file whose seal its ledger no longer gives: read by ``verify`` and ``rebase`` alone."""

    def test_other_commands_refuse_it_and_write_nothing(self, run: Run, tmp_path: Path) -> None:
        """``award``, ``show`` and ``amend`` on the award of 3 made 30: exit 2, the file named, what to run."""
        path = hero(tmp_path, run)
        edit(path, 3, amount=30)
        before = path.read_bytes()
        for command in (("award", "xp", "1", "-r", "more"), ("show",), ("amend", "2", "amount=5")):
            result = run("sheet", command[0], str(path), *command[1:], "--pack", SKIRMISH)
            assert (2, True, before) == (
                result.status,
                f"sheet {path} does not load: the file was changed outside the library" in result.err,
                path.read_bytes(),
            ), command

    def test_verify_says_so_when_every_entry_holds(self, run: Run, tmp_path: Path) -> None:
        """The award and its operation made 30 together: every entry holds, and verify exits 1 saying the file was
        edited (``sealed`` false in ``--json``)."""
        path = hero(tmp_path, run)
        data = json.loads(path.read_text(encoding="utf-8"))
        data["ledger"][3]["operation"]["amount"] = data["ledger"][3]["events"][0]["amount"] = 30
        path.write_text(json.dumps(data), encoding="utf-8")
        result = run("sheet", "verify", str(path), "--pack", SKIRMISH)
        said = run("sheet", "verify", str(path), "--pack", SKIRMISH, "--json").json()
        assert (1, "the file was changed outside the library", (False, False, [])) == (
            result.status,
            result.out.splitlines()[1].split(":")[0],
            (said["ok"], said["sealed"], said["divergences"]),
        )

    def test_rebase_runs_it_again_and_seals_it(self, run: Run, tmp_path: Path) -> None:
        """``rebase`` puts the award the operation asked back (3, not 30) and writes the file sealed: it verifies,
        and takes changes again."""
        path = hero(tmp_path, run)
        edit(path, 3, amount=30)
        rebased = run("sheet", "rebase", str(path), "--pack", SKIRMISH)
        assert (0, "~ #4 award 3 to Experience: changed (xp: +3 (was +30))", True) == (
            rebased.status,
            rebased.out.splitlines()[3],
            "its operations were run again as they are written, and stand" in rebased.out,
        )
        assert (0, 0) == (
            run("sheet", "verify", str(path), "--pack", SKIRMISH).status,
            run("sheet", "award", str(path), "xp", "1", "-r", "more", "--pack", SKIRMISH).status,
        )

    def test_a_rebase_refused_speaks_of_the_rebase(self, run: Run, tmp_path: Path) -> None:
        """The first award's operation edited onto the purse: run again, the level cannot be paid, so the rebase is
        refused (exit 1, nothing written), in words of the rebase and of the file's edit, not of an amendment's
        later entries (a review found "the amendment makes 1 later entry invalid" after ``sheet rebase``)."""
        path = hero(tmp_path, run)
        data = json.loads(path.read_text(encoding="utf-8"))
        data["ledger"][1]["operation"]["pool"] = "purse"
        path.write_text(json.dumps(data), encoding="utf-8")
        before = path.read_bytes()
        refused = run("sheet", "rebase", str(path), "--pack", SKIRMISH)
        rules = run("sheet", "verify", str(path), "--pack", SKIRMISH, "--json").json()["rules"]
        assert (1, before, True) == (
            refused.status,
            path.read_bytes(),
            refused.out.splitlines()[2].startswith("! #3 buy Level up: refused: "),
        )
        assert refused.out.splitlines()[-2:] == [
            "the file was changed outside the library: its ledger is not the one it was written with: its operations "
            "were run again as they are written",
            "nothing written",
        ]
        assert refused.err.startswith(
            f"progression: the rebase makes 1 entry invalid under the rules {rules!r}, so nothing was changed: "
            "#3 buy Level up: "
        )
        assert refused.err.rstrip().endswith("(pass --invalid drop or --invalid stop to go on without them)")

    def test_an_action_s_help_reads_it_for_its_pack(self, run: Run, tmp_path: Path) -> None:
        """``sheet do FILE ACTION --help`` names the action's options (the file read for its pack only); the
        action itself is refused."""
        path = tmp_path / "aline.json"
        run("sheet", "new", str(path), "--pack", "competence", "--kind", "character", "--name", "Aline")
        run("sheet", "award", str(path), "pp.escrime", "3", "-r", "a lesson")
        edit(path, 1, amount=30)
        helped, done = (
            run("sheet", "do", str(path), "test", "--help"),
            run("sheet", "do", str(path), "test", "--seed", "1"),
        )
        assert (0, True, 2) == (helped.status, "usage: progression sheet do FILE test" in helped.out, done.status)

    def test_a_file_written_before_seals(self, run: Run, tmp_path: Path) -> None:
        """Format 2, no seal: refused by ``award``; ``verify`` says it was written before seals (exit 1); ``rebase``
        seals it, after which it takes changes."""
        path = hero(tmp_path, run)
        data = json.loads(path.read_text(encoding="utf-8"))
        data["format"] = 2
        del data["seal"]
        path.write_text(json.dumps(data), encoding="utf-8")
        award = ("award", str(path), "xp", "1", "-r", "more", "--pack", SKIRMISH)
        refused, verified = run("sheet", *award), run("sheet", "verify", str(path), "--pack", SKIRMISH, "--json")
        assert (2, 1, "the file was written before seals (format 2), so nothing shows it was not changed by hand") == (
            refused.status,
            verified.status,
            verified.json()["unsealed"],
        )
        assert (0, 0) == (run("sheet", "rebase", str(path), "--pack", SKIRMISH).status, run("sheet", *award).status)

    def test_a_seal_that_is_no_seal_is_read_to_be_run_again(self, run: Run, tmp_path: Path) -> None:
        """A seal in capitals: refused, but ``verify`` and ``rebase`` read the file, and rebase seals it."""
        path = hero(tmp_path, run)
        data = json.loads(path.read_text(encoding="utf-8"))
        data["seal"] = data["seal"].upper()
        path.write_text(json.dumps(data), encoding="utf-8")
        assert (2, 1, 0, 0) == (
            run("sheet", "show", str(path), "--pack", SKIRMISH).status,
            run("sheet", "verify", str(path), "--pack", SKIRMISH).status,
            run("sheet", "rebase", str(path), "--pack", SKIRMISH).status,
            run("sheet", "show", str(path), "--pack", SKIRMISH).status,
        )


class TestRulesChanged:
    """A file made under rules the pack no longer has (a maximum changed in its data)."""

    def test_show_says_so_and_what_to_run(self, run: Run, tmp_path: Path) -> None:
        """``show`` shows the sheet, exit 0, and says under it, in one line, that the pack's rules changed and which
        command rebases the file (``rules_changed`` in ``--json``, null when they did not); after the rebase the
        note is gone."""
        path = hero(tmp_path, run)
        assert None is run("sheet", "show", str(path), "--pack", SKIRMISH, "--json").json()["rules_changed"]
        changed = tmp_path / "skirmish.toml"
        changed.write_text(Path(SKIRMISH).read_text(encoding="utf-8").replace("maximum = 30", "maximum = 31", 1))
        shown = run("sheet", "show", str(path), "--pack", str(changed))
        said = run("sheet", "show", str(path), "--pack", str(changed), "--json").json()["rules_changed"]
        rebase = f"progression sheet rebase {path} --pack {changed}"
        assert (0, "Ana — Hero (skirmish), 4 ledger entries", "") == (
            shown.status,
            shown.out.splitlines()[0],
            shown.out.splitlines()[-2],
        )
        assert shown.out.splitlines()[-1] == (
            f"note: the rules of pack 'skirmish' changed since this sheet was made ({said['recorded']!r}, now "
            f"{said['present']!r}): changes are refused until `{rebase}` runs its history again under them "
            "(--dry-run: what would change)"
        )
        assert (rebase, True) == (said["rebase"], said["recorded"] != said["present"])
        assert 0 == run("sheet", "rebase", str(path), "--pack", str(changed)).status
        assert "note:" not in run("sheet", "show", str(path), "--pack", str(changed)).out

    def test_a_change_refused_says_the_rebase_of_this_file(self, run: Run, tmp_path: Path) -> None:
        """Every sheet command refused on a file of changed rules (``buy``, ``award``, ``discard``, ``amend``, and
        ``quote`` and ``options``, which change nothing) names the command that rebases this very file with the pack
        given, as ``show`` names it: none prints a literal ``FILE``, none leaves out the ``--pack`` of a pack given
        by its path (without which the command it names fails), and the command it names runs."""
        path = hero(tmp_path, run)
        changed = tmp_path / "skirmish.toml"
        changed.write_text(Path(SKIRMISH).read_text(encoding="utf-8").replace("maximum = 30", "maximum = 31", 1))
        commands = (
            ("buy", str(path), "level_up"),
            ("award", str(path), "xp", "1", "-r", "x"),
            ("discard", str(path), "xp"),
            ("amend", str(path), "2", "amount=5"),
            ("quote", str(path), "level_up"),
            ("options", str(path)),
        )
        said = [run("sheet", *words, "--pack", str(changed)) for words in commands]
        rebase = f"progression sheet rebase {path} --pack {changed}"
        assert [(words[0], 1, True) for words in commands] == [
            (words[0], result.status, result.err.rstrip().endswith(f"(`{rebase}`)"))
            for words, result in zip(commands, said, strict=True)
        ]
        assert 0 == run(*shlex.split(rebase)[1:]).status
        assert 0 == run("sheet", "quote", str(path), "level_up", "--pack", str(changed)).status


class TestAmend:
    def test_dry_run_prints_the_diff_and_writes_nothing(self, run: Run, tmp_path: Path) -> None:
        """The first award was 5: the diff shows the old and new entry, the later ones holding, each told in words
        (``award 12 to Experience``, ``buy Level up``, not the ledger's ``award 12 to xp``, ``buy level_up``); the
        file stays."""
        path = hero(tmp_path, run)
        before = path.read_text(encoding="utf-8")
        result = run("sheet", "amend", str(path), "2", "amount=5", "--pack", SKIRMISH, "--dry-run")
        assert (0, before) == (result.status, path.read_text(encoding="utf-8"))
        assert [
            "- #2 award 12 to Experience",
            "+ #2 award 5 to Experience: amended",
            "  #3 buy Level up: holds",
            "  #4 award 3 to Experience: holds",
            "nothing written",
        ] == result.out.splitlines()

    def test_amend_writes_and_the_file_verifies(self, run: Run, tmp_path: Path) -> None:
        """Written, the amended file verifies, and shows the new balance."""
        path = hero(tmp_path, run)
        assert 0 == run("sheet", "amend", str(path), "2", "amount=5", "--pack", SKIRMISH).status
        assert 0 == run("sheet", "verify", str(path), "--pack", SKIRMISH).status
        shown = run("sheet", "show", str(path), "--pack", SKIRMISH, "--json").json()
        assert 7 == shown["pools"]["xp"]["balance"]

    def test_a_later_entry_made_invalid_refuses_the_change(self, run: Run, tmp_path: Path) -> None:
        """The award amended into one that leaves no point for the level: exit 1, nothing written;
        with ``--invalid drop`` the purchase is dropped."""
        path = hero(tmp_path, run)
        before = path.read_text(encoding="utf-8")
        refused = run("sheet", "amend", str(path), "2", "pool=purse", "--pack", SKIRMISH)
        assert (1, before, True) == (
            refused.status,
            path.read_text(encoding="utf-8"),
            refused.out.splitlines()[2].startswith("! #3 buy Level up: refused: "),
        )
        assert "the amendment makes 1 later entry invalid, so nothing was changed" in refused.err
        dropped = run("sheet", "amend", str(path), "2", "pool=purse", "--pack", SKIRMISH, "--invalid", "drop")
        assert (0, True) == (dropped.status, dropped.out.splitlines()[2].startswith("- #3 buy Level up: dropped: "))

    def test_the_creation_amended_is_written(self, run: Run, tmp_path: Path) -> None:
        """Ana renamed Bo by amending her creation: the file's own history corrected, written over it (a save of
        another creation is refused only from a program that did not ask for it)."""
        path = hero(tmp_path, run)
        amended = run("sheet", "amend", str(path), "1", "name=Bo", "--pack", SKIRMISH)
        shown = run("sheet", "show", str(path), "--pack", SKIRMISH, "--json").json()
        assert (0, "Bo", 14) == (amended.status, shown["name"], shown["pools"]["xp"]["balance"])

    def test_the_hint_names_the_option(self, run: Run, tmp_path: Path) -> None:
        """On the command line, the refusal says how to go on in the command's own words (``--invalid drop``)."""
        refused = run("sheet", "amend", str(hero(tmp_path, run)), "2", "pool=purse", "--pack", SKIRMISH)
        assert (True, False) == (
            "(pass --invalid drop or --invalid stop" in refused.err,
            "invalid='drop'" in refused.err,
        )

    def test_an_operation_inside_a_batch(self, run: Run, tmp_path: Path) -> None:
        """Entries combined into one (a batch) are amended by naming the operation's place: ``operations[1].amount``;
        the list named without a place lists its operations."""
        import progression
        import progression.operations

        pack = progression.load_file(SKIRMISH)
        ana = pack.new_sheet("hero", "Ana")
        both = pack.award(pack.award(ana, "xp", 2, reason="rats"), "xp", 3, reason="bats")
        path = tmp_path / "ana.json"
        path.write_text(
            progression.dump_sheet(progression.operations.combine(ana, both, "a night's work")), encoding="utf-8"
        )
        listed = run("sheet", "amend", str(path), "2", "operations.amount=4", "--pack", SKIRMISH)
        assert (2, True) == (listed.status, "name one of its items by its place: [0] award, [1] award" in listed.err)
        beyond = run("sheet", "amend", str(path), "2", "operations[2].amount=4", "--pack", SKIRMISH)
        assert (2, True) == (beyond.status, "'operations' holds 2 item(s) (0 to 1), not [2]" in beyond.err)
        assert 0 == run("sheet", "amend", str(path), "2", "operations[1].amount=4", "--pack", SKIRMISH).status
        after = progression.load_sheet(path.read_bytes(), pack=pack, verify=True)
        assert 6 == after.pools["xp"]

    def test_a_field_the_operation_lacks(self, run: Run, tmp_path: Path) -> None:
        """A key the operation has no field for is a usage error naming its fields."""
        result = run("sheet", "amend", str(hero(tmp_path, run)), "2", "points=5", "--pack", SKIRMISH)
        assert 2 == result.status
        assert (
            "the operation 'award 12 to xp' has no field 'points' (in points=); its fields: pool, amount, reason, member"
            in result.err
        )

    def test_a_misspelt_field_names_the_closest(self, run: Run, tmp_path: Path) -> None:
        """``amount`` misspelt ``amout`` is answered with the field meant."""
        result = run("sheet", "amend", str(hero(tmp_path, run)), "2", "amout=5", "--pack", SKIRMISH)
        assert (2, "its fields: pool, amount, reason, member; the closest: amount\n") == (
            result.status,
            result.err.split("; ", 1)[1],
        )


class TestABloodBowlMatch:
    def test_a_misspelt_word_of_the_record_names_the_closest(self, run: Run, tmp_path: Path) -> None:
        """``nomineez`` (for the record's ``nominees``) names the field meant, written with or without
        ``match.``."""
        import progression
        import progression_bloodbowl as bb

        pack = progression.load("bloodbowl")
        team = bb.draft(pack, "human", "Anvils", [("human_lineman", f"L{n}") for n in range(11)])
        path = tmp_path / "team.json"
        path.write_text(progression.dump_sheet(team), encoding="utf-8")
        words = ["number=1", "opponent=Orcs", "score=2-1", "attendance=6", "nominees=2"]
        assert 0 == run("sheet", "do", str(path), "match", *words, "--dice", "3").status
        for key in ("nomineez", "match.nomineez"):
            result = run("sheet", "amend", str(path), "3", f"{key}=1")
            assert (2, "; the closest: mvp_nominees\n") == (result.status, result.err[-28:])

    def test_two_events_of_one_player(self, run: Run, tmp_path: Path) -> None:
        """Events are amended as ``sheet do match`` writes them: ``match.events=1:touchdown,casualty`` (or player 1
        named twice, his events adding up) gives player 1 both; the old ``name:count`` form and a plain name given
        twice are refused, saying how to write them."""
        import progression
        import progression_bloodbowl as bb

        pack = progression.load("bloodbowl")
        team = bb.draft(pack, "human", "Anvils", [("human_lineman", f"L{n}") for n in range(11)])
        path = tmp_path / "team.json"
        path.write_text(progression.dump_sheet(team), encoding="utf-8")
        words = ["number=1", "opponent=Orcs", "score=1-0", "events=1:touchdown", "attendance=6", "nominees=2"]
        words += ["--dice", "3"]
        assert 0 == run("sheet", "do", str(path), "match", *words, "--dice", "3").status
        old = run("sheet", "amend", str(path), "3", "match.events=1:touchdown:1")
        assert (2, True) == (
            old.status,
            "expected name or name*N separated by ',' for match.events=, got 'touchdown:1'" in old.err,
        )
        both = run("sheet", "amend", str(path), "3", "match.events=1:touchdown,casualty", "--dry-run")
        assert 0 == both.status, both.err
        again = run("sheet", "amend", str(path), "3", "match.events=1:touchdown;1:casualty")
        assert (0, both.out.splitlines()[:2]) == (again.status, again.out.splitlines()[:2])
        spp = progression.load_sheet(path.read_bytes()).member("1").pools["spp"]
        assert 5 == spp  # a touchdown (3) and a casualty (2)
        twice = run("sheet", "amend", str(path), "3", "match.score=1,0", "match.opponent=Orcs", "match.extra=a:x;a:y")
        assert (2, True) == (twice.status, "'a' is given twice" in twice.err)
        commas = run("sheet", "amend", str(path), "3", "match.injuries=1:badly_hurt,2:dead")
        assert (2, True) == (commas.status, "the items of a mapping are separated with ';', not ','" in commas.err)
        for score in ("1", "1-0-0", "1,0,0"):  # a score is two values: said so, rather than cattrs' exception groups
            short = run("sheet", "amend", str(path), "3", f"match.score={score}")
            expected = (
                "progression: expected 2 values separated by ',' or '-' (such as 1,0 or 1-0) for match.score=, "
                f"got {score!r}\n"
            )
            assert (2, expected) == (short.status, short.err)

    def test_the_words_of_sheet_do_match(self, run: Run, tmp_path: Path) -> None:
        """A match is amended in the words `sheet do match` recorded it with (score=1-1, nominees=, attendance=,
        events=, with or without `match.`), as by its record's fields (match.score=1,1, match.mvp_nominees=,
        match.fan_attendance=): the same operation; one field given by two words is refused."""
        import progression
        import progression_bloodbowl as bb
        from progression.cli.history import changed_operation

        pack = progression.load("bloodbowl")
        team = bb.draft(pack, "human", "Anvils", [("human_lineman", f"L{n}") for n in range(11)])
        path = tmp_path / "team.json"
        path.write_text(progression.dump_sheet(team), encoding="utf-8")
        words = ["number=1", "opponent=Orcs", "score=2-1", "events=1:touchdown*2", "attendance=6", "nominees=2"]
        assert 0 == run("sheet", "do", str(path), "match", *words, "--dice", "3").status
        recorded = progression.load_sheet(path.read_bytes()).ledger[2].operation
        fields = {"match.score": "1,1", "match.mvp_nominees": "1,2", "match.fan_attendance": "9"}
        fields["match.events"] = "1:touchdown;2:touchdown"
        expected = changed_operation(recorded, fields, pack)
        assert (1, 1) == expected.match.score
        said = {"score": "1-1", "nominees": "1,2", "attendance": "9", "events": "1:touchdown;2:touchdown"}
        assert expected == changed_operation(recorded, said, pack)
        assert expected == changed_operation(recorded, {f"match.{key}": text for key, text in said.items()}, pack)
        amended = run(
            "sheet", "amend", str(path), "3", "score=1-1", "match.nominees=1", "attendance=9", "events=1:touchdown"
        )
        assert (0, "") == (amended.status, amended.err)
        assert (1, 1) == progression.load_sheet(path.read_bytes()).ledger[2].operation.match.score
        twice = run("sheet", "amend", str(path), "3", "match.nominees=1", "match.mvp_nominees=2")
        assert (2, "progression: the field match.mvp_nominees is changed by match.nominees= already, and again by "
                "match.mvp_nominees=; give one word for it\n") == (twice.status, twice.err)  # fmt: skip

    def test_the_score_and_an_injury_of_a_match_amended(self, run: Run, tmp_path: Path) -> None:
        """Match 1 recorded 2-1 with #3 hurt; it was 1-2 with #4 hurt: amended by its record's fields, the team
        now counts a loss, the injury is #4's, and the file verifies."""
        import progression
        import progression_bloodbowl as bb

        pack = progression.load("bloodbowl")
        path = tmp_path / "team.json"
        team = bb.draft(pack, "human", "Anvils", [("human_lineman", f"L{n}") for n in range(11)])
        path.write_text(progression.dump_sheet(team), encoding="utf-8")
        match = ("number=1", "opponent=Orcs", "score=2-1", "injuries=3:badly_hurt", "attendance=6", "nominees=2")
        match += ("--seed", "3")
        assert 0 == run("sheet", "do", str(path), "match", *match).status
        entry = str(len(progression.load_sheet(path.read_text(encoding="utf-8")).ledger))
        changes = ("match.score=1,2", "match.injuries=4:badly_hurt")
        amended = run("sheet", "amend", str(path), entry, *changes, "--seed", "3")
        after = progression.load_sheet(path.read_text(encoding="utf-8"))
        assert (0, (0, 1), True) == (
            amended.status,
            (after.stats["wins"], after.stats["losses"]),
            progression.verify(after, pack).ok,
        )


def two_matches(tmp_path: Path, run: Run) -> Path:
    """A team file that played match 1 (1-0, #1's touchdown, #2 the MVP), closed its sequence, then played match 2."""
    import progression
    import progression_bloodbowl as bb

    pack = progression.load("bloodbowl")
    path = tmp_path / "team.json"
    team = bb.draft(pack, "human", "Anvils", [("human_lineman", f"L{n}") for n in range(11)])
    path.write_text(progression.dump_sheet(team), encoding="utf-8")
    first = ("number=1", "opponent=Orcs", "score=1-0", "events=1:touchdown", "attendance=6", "nominees=2")
    assert 0 == run("sheet", "do", str(path), "match", *first, "--dice", "3").status
    assert 0 == run("sheet", "do", str(path), "close", "number=1", "--dice", "6").status
    second = ("number=2", "opponent=Elves", "score=0-0", "attendance=6", "nominees=2")
    assert 0 == run("sheet", "do", str(path), "match", *second).status
    return path


#: Why match 2 is refused once match 1's sequence stays open, up to the command that closes it.
STILL_OPEN = (
    "the post-match sequence of match 1 is still open, at step 2 (Dedicated Fans updated): end it with Expensive "
    "Mistakes (step 5: "
)


class TestTheCommandLineWords:
    """A reason the rules give for refusing an entry names what to run as the command line runs it, on the file
    given: ``progression sheet do FILE close number=1``, where a program is told the Python call
    (``progression_bloodbowl.operations.expensive_mistakes(pack, team, dice, number=1), or League.act(...)``)."""

    def test_an_amendment_s_report(self, run: Run, tmp_path: Path) -> None:
        """Match 1 amended so that #1 holds 16 SPP, which he must spend: match 1's Expensive Mistakes are refused,
        and match 2 with them, its sequence still open; the report, the refusal and ``--json`` say the command that
        closes it on this file (``--pack`` kept after the file, as the file was read with it)."""
        path = two_matches(tmp_path, run)
        changes = ("score=4-0", "events=1:touchdown*4", "nominees=1")
        refused = run("sheet", "amend", str(path), "3", *changes)
        closes = f"`progression sheet do {path} close number=1`"
        assert (1, f"! #5 match 2: outcome, winnings, Dedicated Fans: refused: {STILL_OPEN}{closes}) before "
                "recording match 2") == (refused.status, refused.out.splitlines()[-2])  # fmt: skip
        assert (True, False) == (f"{STILL_OPEN}{closes}) before recording match 2 (pass" in refused.err,
                                 "League.act" in refused.out + refused.err)  # fmt: skip
        told = run("sheet", "amend", str(path), "3", *changes, "--pack", "bloodbowl", "--json")
        reasons = [o["reason"] for o in json.loads(told.out)["outcomes"]]
        with_pack = f"`progression sheet do {path} --pack bloodbowl close number=1`"
        assert f"{STILL_OPEN}{with_pack}) before recording match 2" == reasons[-1]

    def test_a_verification(self, run: Run, tmp_path: Path) -> None:
        """The file with match 1's Expensive Mistakes taken out by hand: match 2 is refused, and ``sheet verify``
        (and its ``--json``) says the command that closes match 1's sequence on this file."""
        path = two_matches(tmp_path, run)
        data = json.loads(path.read_text(encoding="utf-8"))
        del data["ledger"][3]
        path.write_text(json.dumps(data), encoding="utf-8")
        closes = f"`progression sheet do {path} close number=1`"
        checked = run("sheet", "verify", str(path))
        assert (1, True) == (checked.status, f"and the rules refuse it: {STILL_OPEN}{closes})" in checked.out)
        (divergence,) = run("sheet", "verify", str(path), "--json").json()["divergences"]
        assert (
            f"{STILL_OPEN}{closes}) before recording match 2"
            == divergence["sentence"].split("the rules refuse it: ")[1]
        )
