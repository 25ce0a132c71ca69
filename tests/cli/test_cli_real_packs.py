"""The command on the shipped packs: the competence level table reads like the seed's, and the demo runs."""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable

import pytest
from cli_support import Result

from progression.cli.tables import shared_name

Run = Callable[..., Result]


class TestSharedName:
    def test_common_words(self) -> None:
        """Ladders named per competence share one column, named by the words they have in common."""
        assert "Degré" == shared_name(["Degré d'Escrime", "Degré de Danse"])
        assert "Degree" == shared_name(["Fencing degree", "Dance degree"])
        assert "Rank" == shared_name(["Rank"])
        assert "Alpha …" == shared_name(["Alpha", "Beta"])


class TestCompetence:
    def test_level_table_reads_like_the_seed(self, run: Run) -> None:
        """`table competence level --by 10 --lang fr`: degree, levels by tens, cost per level, cost of the ten, total.

        The seed's table: Débutant 0-30, Confirmé 30-60, Expert 60-90, Maître 90-100; a level costs its
        tens rounded up (1 to 10) and a ten costs ten times that. Its cumulative column reads 290 and 370
        at levels 70 and 80, where the running sum of its own ten-costs is 280 and 360: the command
        prints the running sum.
        """
        lines = run("table", "competence", "level", "--by", "10", "--lang", "fr").out.splitlines()
        assert ["Degré", "niveaux", "coût", "coût", "de", "la", "dizaine", "coût", "cumulé", "depuis", "0"] == lines[
            1
        ].split()
        rows = [line.split() for line in lines[3:]]
        degrees = ["Débutant"] * 3 + ["Confirmé"] * 3 + ["Expert"] * 3 + ["Maître"]
        assert degrees == [row[0] for row in rows]
        assert [f"de {10 * i} à {10 * i + 10}" for i in range(10)] == [" ".join(row[1:5]) for row in rows]
        assert [str(i) for i in range(1, 11)] == [row[5] for row in rows]
        assert [str(10 * i) for i in range(1, 11)] == [row[6] for row in rows]
        assert ["10", "30", "60", "100", "150", "210", "280", "360", "450", "550"] == [row[7] for row in rows]

    def test_sheet_of_a_character(self, run: Run, tmp_path: object) -> None:
        """A competence character is created through the pack's factory and shown."""
        from pathlib import Path

        path = Path(str(tmp_path)) / "aline.json"
        assert (
            0 == run("sheet", "new", str(path), "--pack", "competence", "--kind", "character", "--name", "Aline").status
        )
        assert "Aline" == run("sheet", "show", str(path), "--json").json()["name"]

    def test_a_degree_is_complete_at_its_top_only(self, run: Run, tmp_path: object) -> None:
        """Level 30 completes Débutant ("complet" in French); Ignorant, a degree of one level, is never complete."""
        path = str(tmp_path) + "/aline.json"  # type: ignore[operator]
        run("sheet", "new", path, "--pack", "competence", "--kind", "character", "--set", "escrime=30")
        shown = run("sheet", "show", path, "--lang", "fr").out
        assert (True, True) == (
            "Degré d'Escrime: Débutant (complet)" in shown,
            "Degré de Danse: Ignorant\n" in shown,
        )

    def test_a_quote_in_french_names_everything_in_french(self, run: Run, tmp_path: object) -> None:
        """``--lang fr``: a quote's refusals, ``sheet options`` and the requirements ``show`` lists name the
        currency, the upgrade, the competence and its degrees in French, where they mixed in the English names
        (``Progresser en Escrime: 1 Points de progression`` then ``costs 1 Progression points``)."""
        path = str(tmp_path) + "/aline.json"  # type: ignore[operator]
        run("sheet", "new", path, "--pack", "competence", "--kind", "character", "--set", "escrime=1")
        assert [
            "Riposte parfaite: 80 Points de progression",
            "cannot be bought:",
            "  - needs Escrime at Expert (level 61 or more); it is at level 1 (Débutant)",
            "  - costs 80 Points de progression; the paying pools hold 0",
        ] == run("sheet", "quote", path, "spec.escrime.riposte", "--lang", "fr").out.splitlines()
        english = run("sheet", "quote", path, "spec.escrime.riposte").out
        assert "needs Fencing at Expert (level 61 or more); it is at level 1 (Beginner)" in english
        options = run("sheet", "options", path, "--lang", "fr").out
        assert "costs 1 Points de progression" in options
        assert "Progression points" not in options
        unmet = run("sheet", "quote", path, "spec.escrime.riposte", "--lang", "fr", "--json").json()["unmet"]
        assert "needs Escrime at Expert (level 61 or more); it is at level 1 (Débutant)" == unmet[0]["text"]
        shown = run("show", "competence", "--lang", "fr").out
        assert "have Escrime at Confirmé (level 31 or more)" in shown

    def test_a_new_character_s_overflow_and_a_misspelt_setting(self, run: Run, tmp_path: object) -> None:
        """``--set overflow=auto`` tunes the policy (it was "competence 'overflow' is not defined"); a misspelt
        setting is refused with the closest one."""
        from pathlib import Path

        path = Path(str(tmp_path)) / "aline.json"
        assert (
            0
            == run(
                "sheet", "new", str(path), "--pack", "competence", "--kind", "character", "--set", "overflow=auto"
            ).status
        )
        award = run("sheet", "award", str(path), "pp.escrime", "5", "--reason", "the duel")
        assert (0, 3) == (award.status, award.out.count("bought Raise Fencing"))  # auto: raised to 3, 2 PP kept
        typo = run(
            "sheet",
            "new",
            str(Path(str(tmp_path)) / "b.json"),
            "--pack",
            "competence",
            "--kind",
            "character",
            "--set",
            "overflw=lose",
        )
        assert (2, True) == (typo.status, typo.err.rstrip().endswith("the closest: overflow"))

    def test_a_pack_that_explains_no_figure_says_so(self, run: Run, tmp_path: object) -> None:
        """``sheet explain`` on a pack with no explanation says it in a sentence (it said "it explains: nothing")."""
        path = str(tmp_path) + "/aline.json"  # type: ignore[operator]
        run("sheet", "new", path, "--pack", "competence", "--kind", "character")
        result = run("sheet", "explain", path, "tv")
        assert (2, "progression: pack 'competence' explains nothing called 'tv'; it explains no figure\n") == (
            result.status,
            result.err,
        )

    def test_a_purchase_that_moves_a_degree_says_so(self, run: Run, tmp_path: object) -> None:
        """``sheet buy raise.escrime`` from 30 to 31 says ``now Proficient`` (it said only ``Fencing level +1``),
        and its undo the degree left; a raise within a degree says nothing more; the pack's ``raise`` says it
        once, in the language shown (``--lang fr``: ``Escrime 31: maintenant Confirmé``, where it said the recorded
        ``Fencing 31: now Proficient (Confirmé)``)."""
        path = str(tmp_path) + "/aline.json"  # type: ignore[operator]
        run(
            "sheet",
            "new",
            path,
            "--pack",
            "competence",
            "--kind",
            "character",
            "--set",
            "escrime=30",
            "--set",
            "danse=30",
        )
        for pool in ("pp.escrime", "pp.danse", "pp.escrime"):
            run("sheet", "award", path, pool, "30", "--reason", "the duel")
            if pool == "pp.danse":
                run("sheet", "buy", path, "quality.souplesse")
        lines = [
            run("sheet", command, path, *rest).out.splitlines()
            for command, *rest in (
                ("buy", "raise.escrime"),
                ("undo",),
                ("buy", "raise.escrime"),
                ("buy", "raise.escrime"),
            )
        ]
        assert [line[-1] for line in lines] == [
            "Fencing degree: now Proficient",
            "Fencing degree: now Beginner",
            "Fencing degree: now Proficient",
            "#7 bought Raise Fencing for 4 Fencing PP: Fencing level +1",
        ]
        run("sheet", "undo", path, "--steps", "2")
        raised = run("sheet", "do", path, "raise", "competence=escrime", "levels=1", "--lang", "fr").out
        assert "    Escrime 31: maintenant Confirmé\n" == raised.splitlines(keepends=True)[-1]  # said once, in French
        assert (
            "Degré d'Escrime: maintenant Débutant\n"
            == run("sheet", "undo", path, "--lang", "fr").out.splitlines(keepends=True)[-1]
        )

    def test_a_settle_with_nothing_over_the_cap_says_so(self, run: Run, tmp_path: object) -> None:
        """`settle` with no surplus changes nothing, says so, and leaves the file untouched."""
        from pathlib import Path

        path = Path(str(tmp_path)) / "aline.json"
        run("sheet", "new", str(path), "--pack", "competence", "--kind", "character", "--name", "Aline")
        before = path.stat().st_mtime_ns, path.read_bytes()
        result = run("sheet", "do", str(path), "settle", "competence=danse")
        assert (0, f"{path}: nothing to do, the sheet is unchanged\n") == (result.status, result.out)
        assert before == (path.stat().st_mtime_ns, path.read_bytes())


class TestDemo:
    def test_the_demo_tells_both_stories(self, run: Run) -> None:
        """`progression demo` runs the Blood Bowl season and the character's climb, each step said."""
        data = run("demo", "--json").json()
        assert ["bloodbowl", "competence"] == [story["pack"] for story in data["packs"]]
        assert all(len(story["steps"]) > 5 for story in data["packs"])


class TestExplain:
    def test_team_value_item_by_item(self, run: Run, tmp_path: object) -> None:
        """A team file's Team Value is listed item by item, each with its rule, and totalled."""
        path = str(tmp_path) + "/team.json"  # type: ignore[operator]
        new = (
            "sheet",
            "new",
            path,
            "--pack",
            "bloodbowl",
            "--kind",
            "team",
            "--name",
            "Anvils",
            "--set",
            "roster=human",
        )
        assert 0 == run(*new).status
        assert 0 == run("sheet", "do", path, "hire", "position=human_blitzer", "name=Gris").status
        result = run("sheet", "explain", path, "tv", "--json")
        expected = {
            "what": "Team Value of Anvils",
            "total": 85000,
            "items": [{"label": "#1 Gris", "amount": 85000, "rule": "player's Current Value"}],
        }
        assert (0, expected) == (result.status, result.json())

    def test_unknown_figure_lists_the_known_ones(self, run: Run, tmp_path: object) -> None:
        """A figure the pack does not explain is a usage error naming those it does."""
        path = str(tmp_path) + "/team.json"  # type: ignore[operator]
        run("sheet", "new", path, "--pack", "bloodbowl", "--kind", "team", "--set", "roster=human")
        result = run("sheet", "explain", path, "bogus")
        expected = "progression: pack 'bloodbowl' explains nothing called 'bogus'; it explains: ctv, points, skill_points, spp, treasury, tv, value\n"
        assert (2, expected) == (result.status, result.err)


class TestWaitingDecision:
    def test_a_waiting_decision_shows_names_and_ids(self, run: Run, tmp_path: object) -> None:
        """A player waiting to keep one of two rolled skills is shown with each skill's name and the id to type."""
        path = str(tmp_path) + "/team.json"  # type: ignore[operator]
        run("sheet", "new", path, "--pack", "bloodbowl", "--kind", "team", "--set", "roster=human")
        run("sheet", "do", path, "hire", "position=human_lineman", "name=Lars")
        run("sheet", "award", path, "spp", "3", "--member", "1", "--reason", "a touchdown")
        # General table: 1-3 then 5 -> Kick (5); 4-6 then 2 -> Strip Ball (8).
        assert (
            0
            == run("sheet", "buy", path, "random_primary", "--member", "1", "--choice", "G", "--dice", "2,5,5,2").status
        )
        shown = run("sheet", "show", path, "--member", "1").out
        expected = "Waiting for a decision on Random primary skill — keep one of the two skills: Kick (kick), Strip Ball (strip_ball)"
        assert expected in shown.splitlines()


class TestReport:
    @staticmethod
    def _teams(tmp_path: object) -> list[str]:
        """Two Human teams after one match: the Anvils won 2-0 with two casualties, the Barons lost 0-1."""
        from pathlib import Path

        import progression
        import progression_bloodbowl as bb

        pack = progression.load("bloodbowl")
        paths = []
        for name, score, events in (("Anvils", (2, 0), {"1": {"casualty": 2}}), ("Barons", (0, 1), {})):
            team = bb.draft(pack, "human", name, [("human_lineman", f"L{n}") for n in range(11)])
            record = bb.MatchRecord(number=1, opponent="Orcs", score=score, events=events, fan_attendance=6)
            team = bb.operations.record_outcome(pack, team, record, progression.ScriptedDice([]))
            path = Path(str(tmp_path)) / f"{name}.json"
            path.write_text(progression.dump_sheet(team), encoding="utf-8")
            paths.append(str(path))
        return paths

    def test_standings_of_several_files(self, run: Run, tmp_path: object) -> None:
        """`sheet report standings A B`: one row per team, in table order, as JSON too."""
        anvils, barons = self._teams(tmp_path)
        result = run("sheet", "report", "standings", barons, anvils, "--json")
        rows = [(r["#"], r["team"], r["W"], r["L"], r["TD"], r["CAS"], r["points"]) for r in result.json()["rows"]]
        assert (0, [(1, "Anvils", 1, 0, "2-0", 2, 3), (2, "Barons", 0, 1, "0-1", 0, 0)]) == (result.status, rows)

    def test_a_misspelt_bonus(self, run: Run, tmp_path: object) -> None:
        """`--set bonus=yse` is refused, saying what the option takes and the closest word."""
        anvils, barons = self._teams(tmp_path)
        refused = run("sheet", "report", "standings", anvils, barons, "--set", "bonus=yse")
        assert (2, "", "progression: the option bonus= takes yes or no, got 'yse'; the closest: yes\n") == (
            refused.status,
            refused.out,
            refused.err,
        )

    def test_options_and_title(self, run: Run, tmp_path: object) -> None:
        """`--set bonus=yes` adds the bonus points (0 conceded): the Anvils have 4; the table is titled."""
        anvils, barons = self._teams(tmp_path)
        lines = run("sheet", "report", "standings", anvils, barons, "--set", "bonus=yes").out.splitlines()
        assert ("League standings", ["1", "1", "Anvils", "1", "1", "0", "0", "2-0", "2", "1", "4"]) == (
            lines[0],
            lines[3].split(),
        )

    @staticmethod
    def _played(tmp_path: object, *teams: tuple[str, str, tuple[int, int]]) -> list[str]:
        """Team files named after their teams, each with match 1 against ``opponent``, its score as given."""
        from pathlib import Path

        import progression
        import progression_bloodbowl as bb

        pack = progression.load("bloodbowl")
        paths = []
        for name, opponent, score in teams:
            team = bb.draft(pack, "human", name, [("human_lineman", f"L{n}") for n in range(11)])
            record = bb.MatchRecord(number=1, opponent=opponent, score=score, fan_attendance=6)
            team = bb.operations.record_outcome(pack, team, record, progression.ScriptedDice([]))
            path = Path(str(tmp_path)) / f"{name.split()[-1].lower()}.json"
            path.write_text(progression.dump_sheet(team), encoding="utf-8")
            paths.append(str(path))
        return paths

    def test_results_that_disagree(self, run: Run, tmp_path: object) -> None:
        """Both teams won match 1 against each other, and a third names a misspelt one: refused (exit 1, the table
        was printed with both wins), naming the match, what each recorded and the files that hold the teams."""
        paths = self._played(
            tmp_path,
            ("Altdorf Anvils", "Delberz Dukes", (2, 1)),
            ("Delberz Dukes", "Altdorf Anvils", (3, 0)),
            ("Reikland Reavers", "Altdorf Anvil", (1, 1)),
        )
        anvils, dukes, reavers = paths
        refused = run("sheet", "report", "standings", *paths)
        assert (1, "") == (refused.status, refused.out)
        assert refused.err.startswith(
            "progression: the teams' results of season 1 disagree (match 1: Altdorf Anvils recorded a win "
            "2-1 against Delberz Dukes, Delberz Dukes a win 3-0 against Altdorf Anvils): "
        ), refused.err
        assert "; and Reikland Reavers recorded match 1 of season 1 against 'Altdorf Anvil'" in refused.err
        assert refused.err.endswith(
            f" (the files: Altdorf Anvils in {anvils}, Delberz Dukes in {dukes}, Reikland Reavers in {reavers})\n"
        ), refused.err

    def test_results_that_disagree_name_their_files_as_data(self, run: Run, tmp_path: object) -> None:
        """With --json the refusal names the teams and the files that hold them as data (it had only the message,
        the files being found by matching team names in the text); the text says the same files, from the same
        data: a team whose name is inside another's ("Delberz" in "Delberz Dukes"), which the disagreement does not
        name, is not said (it was)."""
        paths = self._played(
            tmp_path,
            ("Altdorf Anvils", "Delberz Dukes", (2, 1)),
            ("Delberz Dukes", "Altdorf Anvils", (3, 0)),
            ("Delberz", "Orcs", (1, 1)),
        )
        anvils, dukes, _ = paths
        data = run("sheet", "report", "standings", *paths, "--json").json()["error"]
        assert ("ResultsDisagree", ["Altdorf Anvils", "Delberz Dukes"]) == (data["kind"], data["sheets"])
        assert [{"sheet": "Altdorf Anvils", "file": anvils}, {"sheet": "Delberz Dukes", "file": dukes}] == data["files"]
        refused = run("sheet", "report", "standings", *paths)
        assert refused.err.endswith(f" (the files: Altdorf Anvils in {anvils}, Delberz Dukes in {dukes})\n"), (
            refused.err
        )

    def test_a_misspelt_opponent_is_noted_under_the_table(self, run: Run, tmp_path: object) -> None:
        """A name close to a team of the table is said under it, with the files (and in ``--json``'s notes)."""
        anvils, reavers = self._played(
            tmp_path, ("Altdorf Anvils", "Orcs", (2, 1)), ("Reikland Reavers", "Altdorf Anvil", (1, 1))
        )
        shown = run("sheet", "report", "standings", anvils, reavers)
        note = (
            "note: Reikland Reavers recorded match 1 of season 1 against 'Altdorf Anvil', no team of the table but "
            "close to Altdorf Anvils; if it means that team, amend the opponent's name, so that the match is checked "
            f"against its results (the files: Altdorf Anvils in {anvils}, Reikland Reavers in {reavers})"
        )
        assert (0, note) == (shown.status, shown.out.splitlines()[-1])
        data = run("sheet", "report", "standings", anvils, reavers, "--json").json()
        assert [note.removeprefix("note: ").split(" (the files")[0]] == data["notes"]
        held = [{"sheet": "Altdorf Anvils", "file": anvils}, {"sheet": "Reikland Reavers", "file": reavers}]
        assert [held] == data["note_files"]

    @pytest.mark.parametrize("season", ["-1", "0", "2", "99"])
    def test_a_season_in_the_same_words(self, run: Run, tmp_path: object, season: str) -> None:
        """A season below 1 or not reached is refused by one rule, in the same words, whether the table or a team's
        points are asked: ``-1`` was "season must be 0 or more", ``0`` "a season is a whole number >= 1", and the
        points of season 99 were 0."""
        anvils, barons = self._teams(tmp_path)
        expected = [
            (2, f"progression: the season asked is one reached: Anvils has season 1 only, got {season}\n"),
            (
                2,
                f"progression: the season asked is one reached: the teams (season 1: Anvils, Barons) have season 1 only, got {season} (the",
            ),
            (2, f"progression: the season asked is one reached: Anvils has season 1 only, got {season}\n"),
        ]
        asked = [
            run("sheet", "report", "standings", anvils, "--set", f"season={season}"),
            run("sheet", "report", "standings", anvils, barons, "--set", f"season={season}"),
            run("sheet", "explain", anvils, "points", f"season={season}"),
        ]
        assert expected == [
            (result.status, result.err[: len(told)]) for result, (_, told) in zip(asked, expected, strict=True)
        ]

    def test_refusals(self, run: Run, tmp_path: object) -> None:
        """An unknown report, an unknown option, sheets of two packs and a season no file has reached (it printed a
        table of zeros) are usage errors that say why."""
        anvils, _ = self._teams(tmp_path)
        character = str(tmp_path) + "/aline.json"  # type: ignore[operator]
        run("sheet", "new", character, "--pack", "competence", "--kind", "character", "--name", "Aline")
        unknown = run("sheet", "report", "table", anvils)
        option = run("sheet", "report", "standings", anvils, "--set", "colour=red")
        mixed = run("sheet", "report", "standings", anvils, character)
        unreached = run("sheet", "report", "standings", anvils, "--set", "season=9")
        assert [2, 2, 2, 2, ""] == [unknown.status, option.status, mixed.status, unreached.status, unreached.out]
        assert "the season asked is one reached: Anvils has season 1 only, got 9" in unreached.err
        assert "pack 'bloodbowl' has no report called 'table'; its reports: standings" in unknown.err
        assert "unknown option 'colour' for report 'standings'; it takes: season, bonus" in option.err
        assert "a report reads sheets of one pack; these were made with bloodbowl, competence" in mixed.err


class TestShowOptions:
    def test_an_action_lists_the_options_it_takes(self, run: Run) -> None:
        """`show` adds the options a pack's command declares to its one-line doc."""
        functions = run("show", "bloodbowl", "--json").json()["functions"]
        assert functions["action.hire"] == (
            "Hire a player: position, name; captain=yes for a Team Captain roster's captain, at the draft "
            "(he gains Pro). Options: position, name, must_advance, captain."
        )
        assert functions["action.end_draft"].endswith("(the first match ends it too).")


class TestStepsInLines:
    def test_a_match_prints_one_event_per_line(self, run: Run, tmp_path: object) -> None:
        """A post-match step is printed as its label, then each of its events indented under it, as in history."""
        import progression
        import progression_bloodbowl as bb

        pack = progression.load("bloodbowl")
        path = str(tmp_path) + "/team.json"  # type: ignore[operator]
        team = bb.draft(pack, "human", "Anvils", [("human_lineman", f"L{n}") for n in range(11)])
        with open(path, "w", encoding="utf-8") as file:
            file.write(progression.dump_sheet(team))
        lines = run(
            "sheet",
            "do",
            path,
            "match",
            "number=1",
            "opponent=Orcs",
            "score=1-0",
            "attendance=6",
            "nominees=2",
            "--dice",
            "3",
        ).out.splitlines()
        assert "#3 match 1: outcome, winnings, Dedicated Fans:" == lines[0]
        assert ["    match 1: outcome and winnings:", "    match 1: Dedicated Fans:"] == [
            line for line in lines if line.startswith("    ") and not line.startswith("     ")
        ]
        assert "      +50,000 gp: winnings of match 1" in lines
        assert all(line.startswith("    ") for line in lines[1:])
        history = run("sheet", "history", path).out.splitlines()
        assert any(line.startswith("3  match 1: outcome, winnings, Dedicated Fans:") for line in history)
        assert any(line.startswith("     match 1: outcome and winnings:") for line in history)

    def test_the_options_may_follow_the_dice(self, run: Run, tmp_path: object) -> None:
        """``sheet do FILE match --dice 3 number=1 ...`` (the options after ``--dice``) records the same match."""
        import progression
        import progression_bloodbowl as bb

        pack = progression.load("bloodbowl")
        team = bb.draft(pack, "human", "Anvils", [("human_lineman", f"L{n}") for n in range(11)])
        first, second = (str(tmp_path) + f"/{name}.json" for name in ("first", "second"))  # type: ignore[operator]
        for path in (first, second):
            with open(path, "w", encoding="utf-8") as file:
                file.write(progression.dump_sheet(team))
        words = ["number=1", "opponent=Orcs", "score=1-0", "attendance=6", "nominees=2"]
        assert 0 == run("sheet", "do", first, "match", *words, "--dice", "3").status
        assert 0 == run("sheet", "do", second, "match", "--dice", "3", *words).status
        with open(first, encoding="utf-8") as a, open(second, encoding="utf-8") as b:
            assert a.read() == b.read()

    def test_which_die_comes_next(self, run: Run, tmp_path: object) -> None:
        """``--dice ?`` says the first roll a match needs, ``--dice 3,?`` that no more are needed; nothing is
        written either way, and the same match with ``--dice 3`` then runs."""
        import progression
        import progression_bloodbowl as bb

        pack = progression.load("bloodbowl")
        team = bb.draft(pack, "human", "Anvils", [("human_lineman", f"L{n}") for n in range(11)])
        path = str(tmp_path) + "/team.json"  # type: ignore[operator]
        with open(path, "w", encoding="utf-8") as file:
            file.write(progression.dump_sheet(team))
        words = ["sheet", "do", path, "match", "number=1", "opponent=Orcs", "score=1-0", "attendance=6", "nominees=2"]
        first, after = run(*words, "--dice", "?"), run(*words, "--dice", "3,?")
        assert (
            0,
            "the next roll is 1D6 for 'Dedicated Fans'; add its result before the '?' (nothing was written)",
        ) == (
            first.status,
            first.out.strip(),
        )
        assert (0, True) == (after.status, after.out.startswith("no more dice are needed after 3"))
        with open(path, encoding="utf-8") as file:
            assert team == progression.load_sheet(file.read())
        assert 0 == run(*words, "--dice", "3").status

    def test_a_player_s_die_names_him(self, run: Run, tmp_path: object) -> None:
        """On one team's file the team is not named, but a die rolled for one of its players names him: the
        Lasting Injury of Lena (4), the skills of Griselda's advancement; the ledger's labels are the same."""
        import progression
        import progression_bloodbowl as bb

        pack = progression.load("bloodbowl")
        players = [("human_blitzer", "Griselda"), ("human_lineman", "Otto"), ("human_lineman", "Hans")]
        players += [("human_lineman", "Lena"), *[("human_lineman", f"L{n}") for n in range(7)]]
        team = bb.draft(pack, "human", "Anvils", players)
        path = str(tmp_path) + "/team.json"  # type: ignore[operator]
        with open(path, "w", encoding="utf-8") as file:
            file.write(progression.dump_sheet(team))
        words = ["sheet", "do", path, "match", "number=1", "opponent=Orcs", "score=2-0", "attendance=6"]
        words += ["events=1:touchdown*2", "nominees=1", "injuries=4:lasting_injury"]
        asked = run(*words, "--dice", "?")
        assert (0, "the next roll is for Lena (4): 1D6 for 'lasting injury'") == (
            asked.status,
            asked.out.split(";")[0],
        )
        assert "the next roll after 2 is 1D6 for 'Dedicated Fans'" == run(*words, "--dice", "2,?").out.split(";")[0]
        assert 0 == run(*words, "--dice", "2,3").status
        advance = ["sheet", "do", path, "advance", "member=1", "type=random_primary", "choice=G"]
        assert (
            "the next roll is for Griselda (1): 2D6 for 'first General skill'"
            == (run(*advance, "--dice", "?").out.split(";")[0])
        )

    def test_a_skill_rolled_again_says_why(self, run: Run, tmp_path: object) -> None:
        """Griselda, a Blitzer, has Block: a random General skill showing 1, 1 (Block) is rolled again, which the
        die asked for says, and four results for two skills are refused naming the roll that needed more."""

        path, before = _after_first_match(
            run, tmp_path, [("human_blitzer", "Griselda"), *[("human_lineman", f"L{n}") for n in range(10)]]
        )
        advance = ["sheet", "do", path, "advance", "member=1", "type=random_primary", "choice=G"]
        asked = run(*advance, "--dice", "1,1,?")
        assert (
            0,
            "the next roll after 1, 1 is for Griselda (1): 2D6 for 'first General skill', rolled again: Block is "
            "already owned; add its result before the '?' (nothing was written)",
        ) == (asked.status, asked.out.strip())
        short = run(*advance, "--dice", "1,1,1,1")
        assert (
            2,
            "progression: --dice gave 4 results, all rolled, but the command needs 2 more: the next roll is for "
            "Griselda (1): 2D6 for 'first General skill', rolled again: Block is already owned (`--dice 1,1,1,1,?` "
            "says which roll comes next); nothing was written",
        ) == (short.status, short.err.strip())
        with open(path, encoding="utf-8") as file:
            assert before == file.read()
        assert 0 == run(*advance, "--dice", "1,1,2,2,3,3").status

    def test_part_of_a_roll_before_the_question_mark(self, run: Run, tmp_path: object) -> None:
        """A die typed before the '?' that is only part of the next roll (one of a 2D6) is said as its first die,
        never dropped (``--dice 3,?`` said the 2D6 as though nothing was typed; ``--dice 3,4,5,?`` the roll after
        3, 4, the 5 gone); a die no roll shows is refused naming its place, as the option's (``--dice 0`` said
        "scripted die 1 must be a positive integer"), and so is a die past the next roll's sides. Nothing is
        written, and the dice said then run the advancement."""

        path, before = _after_first_match(run, tmp_path, [("human_lineman", f"L{n}") for n in range(11)])
        advance = ["sheet", "do", path, "advance", "member=1", "type=random_primary", "choice=G"]
        said = {dice: run(*advance, "--dice", dice) for dice in ("3,?", "3,4,5,?", "0", "3,0", "7,?")}
        assert {
            "3,?": (
                0,
                "the next roll is for L0 (1): 2D6 for 'first General skill', whose first die is 3: add its last die's "
                "result before the '?' (nothing was written)",
            ),
            "3,4,5,?": (
                0,
                "the next roll after 3, 4 is for L0 (1): 2D6 for 'second General skill', whose first die is 5: add "
                "its last die's result before the '?' (nothing was written)",
            ),
            "0": (
                2,
                "progression: --dice: the first die given is 0, but a die shows a whole number from 1 to its sides "
                "(1 to 6 on a D6)",
            ),
            "3,0": (
                2,
                "progression: --dice: the second die given is 0, but a die shows a whole number from 1 to its sides "
                "(1 to 6 on a D6)",
            ),
            "7,?": (
                2,
                "progression: --dice: 7, typed as a die of the next roll, is no result of the 2D6 for first General "
                "skill (rolled by L0 (1)), which needs results from 1 to 6",
            ),
        } == {dice: (done.status, (done.out or done.err).strip()) for dice, done in said.items()}
        with open(path, encoding="utf-8") as file:
            assert before == file.read()
        assert 0 == run(*advance, "--dice", "3,4,5,6").status


class TestDeclaredOptions:
    def test_advance_help_lists_its_typed_options(self, run: Run, tmp_path: object) -> None:
        """`sheet act FILE advance --help` lists the Blood Bowl action's options with the types it declares."""
        path = str(tmp_path) + "/team.json"  # type: ignore[operator]
        assert 0 == run("sheet", "new", path, "--pack", "bloodbowl", "--kind", "team", "--set", "roster=human").status
        result = run("sheet", "act", path, "advance", "--help")
        assert 0 == result.status
        assert result.out.startswith("usage: progression sheet do FILE advance [KEY=VALUE ...]\n\nBuy an advancement")
        assert "  type       random_primary|chosen_primary|chosen_secondary|characteristic, required" in result.out
        assert "  decisions  text,..., optional — answers to the questions the advancement asks, in order" in result.out

    def test_a_mistyped_flag_is_refused_before_the_action_runs(self, run: Run, tmp_path: object) -> None:
        """``must_advance=maybe`` names the option, the words it takes and what came."""
        path = str(tmp_path) + "/team.json"  # type: ignore[operator]
        run("sheet", "new", path, "--pack", "bloodbowl", "--kind", "team", "--set", "roster=human")
        result = run("sheet", "do", path, "hire", "position=human_lineman", "must_advance=maybe")
        helped = f" (see `progression sheet do {path} hire --help`)"
        assert (2, f"progression: option 'must_advance' of action 'hire' expects yes|no, got 'maybe'{helped}\n") == (
            result.status,
            result.err,
        )

    def test_suggestions_keep_the_language(self, run: Run, tmp_path: object) -> None:
        """A user who gave --lang fr is suggested commands with --lang fr (as --member and --pack are kept; it was
        dropped), each running as written: the help of an action, of a factory, the choices of an upgrade."""
        path = str(tmp_path) + "/team.json"  # type: ignore[operator]
        made = run("sheet", "new", path, "--pack", "bloodbowl", "--kind", "team", "--lang", "fr")
        assert f"(see `progression sheet new {path} --pack bloodbowl --kind team --lang fr --help`)\n" in made.err
        run("sheet", "new", path, "--pack", "bloodbowl", "--kind", "team", "--set", "roster=human")
        run("sheet", "do", path, "hire", "position=human_blitzer", "name=Griselda")
        hired = run("sheet", "do", path, "hire", "position=human_lineman", "must_advance=maybe", "--lang", "fr")
        assert hired.err.endswith(f" (see `progression sheet do {path} hire --help --lang fr`)\n"), hired.err
        assert 0 == run("sheet", "do", path, "hire", "--help", "--lang", "fr").status
        listed = run("sheet", "options", path, "--member", "1", "--lang", "fr").out
        line = next(line for line in listed.splitlines() if "random_primary" in line)
        suggested = f"progression sheet options {path} --member 1 random_primary --lang fr"
        assert line.endswith(suggested), line
        assert 0 == run(*shlex.split(suggested)[1:]).status

    def test_a_misspelt_flag_names_the_closest(self, run: Run, tmp_path: object) -> None:
        """``must_advance=yse`` names the closest of the words a flag takes, as a choice's misspelt value does."""
        path = str(tmp_path) + "/team.json"  # type: ignore[operator]
        run("sheet", "new", path, "--pack", "bloodbowl", "--kind", "team", "--set", "roster=human")
        result = run("sheet", "do", path, "hire", "position=human_lineman", "must_advance=yse")
        helped = f" (see `progression sheet do {path} hire --help`)"
        expected = (
            f"progression: option 'must_advance' of action 'hire' expects yes|no, got 'yse'; the closest: yes{helped}\n"
        )
        assert (2, expected) == (result.status, result.err)

    def test_a_new_sheet_s_missing_setting_points_at_its_help(self, run: Run, tmp_path: object) -> None:
        """``sheet new ... --kind team`` without ``roster``: the option, and the command line that prints what the
        factory takes; run, that line prints it."""
        path = str(tmp_path) + "/team.json"  # type: ignore[operator]
        result = run("sheet", "new", path, "--pack", "bloodbowl", "--kind", "team")
        helped = f"progression sheet new {path} --pack bloodbowl --kind team --help"
        assert (
            2,
            f"progression: the option 'roster' (text) of factory of 'team' is required; none was given (see `{helped}`)\n",
        ) == (
            result.status,
            result.err,
        )
        assert run(*helped.split()[1:]).out.startswith("usage: progression sheet new FILE --pack PACK --kind team")

    def test_competence_actions_take_typed_options(self, run: Run, tmp_path: object) -> None:
        """The competence pack's actions name their options as typed parameters: ``levels`` is a whole number."""
        path = str(tmp_path) + "/aline.json"  # type: ignore[operator]
        run("sheet", "new", path, "--pack", "competence", "--kind", "character", "--set", "escrime=20")
        result = run("sheet", "do", path, "raise", "competence=escrime", "levels=five")
        helped = f" (see `progression sheet do {path} raise --help`)"
        assert (2, f"progression: option 'levels' of action 'raise' expects whole number, got 'five'{helped}\n") == (
            result.status,
            result.err,
        )


class TestOptionsRefusedPointAtTheHelp:
    """Every command that reads a pack command's ``KEY=VALUE`` options names, when it refuses one, the command line
    that prints that command's help, as ``sheet do`` always did (``sheet explain`` and ``sheet report`` said none)."""

    def test_explain_and_report(self, run: Run, tmp_path: object) -> None:
        """``sheet explain FILE tv foo=1`` and ``sheet report standings FILE --set bonsu=yes``: each refusal ends
        with the help of its command, which runs as written."""
        path = str(tmp_path) + "/team.json"  # type: ignore[operator]
        run("sheet", "new", path, "--pack", "bloodbowl", "--kind", "team", "--set", "roster=human")
        explained = run("sheet", "explain", path, "tv", "foo=1")
        reported = run("sheet", "report", "standings", path, "--set", "bonsu=yes")
        explain_help = f"progression sheet explain {path} tv --help"
        report_help = f"progression sheet report standings {path} --help"
        assert (2, 2) == (explained.status, reported.status)
        assert explained.err.endswith(f"it takes: no options (see `{explain_help}`)\n"), explained.err
        assert reported.err.endswith(f"the closest: bonus (see `{report_help}`)\n"), reported.err
        assert [0, 0] == [run(*shlex.split(helped)[1:]).status for helped in (explain_help, report_help)]

    def test_a_simulation(self, run: Run) -> None:
        """``simulate PACK NAME --param foo=1`` names ``simulate PACK NAME --help``."""
        result = run("simulate", "bloodbowl", "matches_to_legend", "--param", "foo=1")
        assert result.err.endswith(" (see `progression simulate bloodbowl matches_to_legend --help`)\n")


class TestSkillsByTheirNames:
    def test_a_skill_by_its_book_name_and_a_misspelt_one(self, run: Run, tmp_path: object) -> None:
        """``advance ... choice="Sneaky Git"`` buys Sneaky Git (the book's name, in any case), and ``choice=Blok`` is
        refused with the closest skill, as an unknown member is with the closest members."""
        import progression

        path = str(tmp_path) + "/anvils.json"  # type: ignore[operator]
        run("sheet", "new", path, "--pack", "bloodbowl", "--kind", "team", "--set", "roster=human")
        for n in range(11):
            run("sheet", "do", path, "hire", "position=Lineman", f"name=L{n + 1}")
        run(
            "sheet",
            "do",
            path,
            "match",
            "number=1",
            "opponent=Orcs",
            "score=4-0",
            "events=1:touchdown*4",
            "attendance=6",
            "nominees=2",
            "--dice",
            "4",
        )
        bought = run("sheet", "do", path, "advance", "member=1", "type=chosen_secondary", "choice=sneaky GIT")
        misspelt = run("sheet", "do", path, "advance", "member=1", "type=chosen_primary", "choice=Blok")
        with open(path, encoding="utf-8") as file:
            owned = progression.load_sheet(file.read()).member("1").owned
        assert (0, True, 2) == (bought.status, "sneaky_git" in owned, misspelt.status)
        assert "progression: chosen primary: 'Blok' is not a skill of the pack (the closest: block)\n" == misspelt.err

    def test_a_quote_names_no_skill_far_behind_the_closest(self, run: Run, tmp_path: object) -> None:
        """A Blitzer's quote of ``Blok`` (Block is his already) names Multiple Block and Mighty Blow, the closest of
        his options by their last words, not also Strip Ball, far behind them by the last word of its French name
        (*Arracher le Ballon*)."""
        path = str(tmp_path) + "/blitzer.json"  # type: ignore[operator]
        made = ["--pack", "bloodbowl", "--kind", "player", "--set", "team=human", "--set", "position=blitzer"]
        run("sheet", "new", path, *made)
        quoted = run("sheet", "quote", path, "chosen_primary", "--choice", "Blok")
        assert (2, "(the closest: multiple_block, mighty_blow); options: dauntless,") == (
            quoted.status,
            quoted.err.partition("for Chosen primary skill ")[2][:63],
        )


class TestTeamCaptainFromTheCommandLine:
    def test_hire_with_captain(self, run: Run, tmp_path: object) -> None:
        """``hire ... captain=yes`` names a Human team's captain at the draft (Pro), and the hire says so; a second
        is refused, exit 2."""
        import progression

        path = str(tmp_path) + "/team.json"  # type: ignore[operator]
        assert 0 == run("sheet", "new", path, "--pack", "bloodbowl", "--kind", "team", "--set", "roster=human").status
        hired = run("sheet", "do", path, "hire", "position=human_blitzer", "name=Gris", "captain=yes")
        assert "    Gris (1) joins as Team Captain (gains Pro)\n" == hired.out.splitlines(keepends=True)[-1]
        assert "    Otto (2) joins\n" == run("sheet", "do", path, "hire", "position=blitzer", "name=Otto").out[-19:]
        second = run("sheet", "do", path, "hire", "position=human_catcher", "name=Ulf", "captain=yes")
        with open(path, encoding="utf-8") as file:
            team = progression.load_sheet(file.read())
        assert ("pro" in team.member("1").owned, 2, True) == (
            True,
            second.status,
            "has its Team Captain already" in second.err,
        )

    def test_a_troll_is_not_the_captain(self, run: Run, tmp_path: object) -> None:
        """``hire position=Troll captain=yes`` on an Orc team is refused (a Big Guy is never the Team Captain),
        exit 2, and the file keeps no Troll."""
        path = str(tmp_path) + "/orcs.json"  # type: ignore[operator]
        assert 0 == run("sheet", "new", path, "--pack", "bloodbowl", "--kind", "team", "--set", "roster=orc").status
        refused = run("sheet", "do", path, "hire", "position=Troll", "name=Big", "captain=yes")
        assert (2, "progression: a Team Captain is not a Big Guy (Troll is one): name another player as captain\n") == (
            refused.status,
            refused.err,
        )


class TestAmountsInTheirUnit:
    def test_gold_is_written_in_gp(self, run: Run, tmp_path: object) -> None:
        """The Blood Bowl pack's gold has the unit ``gp``: a hire, an award and the sheet's Pools table say
        ``85,000 gp``, and ``--json`` gives the pool's unit (its balance stays a number)."""
        path = str(tmp_path) + "/team.json"  # type: ignore[operator]
        made = run(
            "sheet", "new", path, "--pack", "bloodbowl", "--kind", "team", "--name", "Anvils", "--set", "roster=human"
        )
        assert made.out.endswith("created Team 'Anvils' with 1,000,000 gp\n")
        hired = run("sheet", "do", path, "hire", "position=human_blitzer", "name=Griselda").out
        assert "hired a Human Blitzer for 85,000 gp" in hired
        assert run("sheet", "award", path, "treasury", "60000", "--reason", "sponsor").out == "#3 +60,000 gp: sponsor\n"
        shown = run("sheet", "show", path).out.splitlines()
        assert any(line.split() == ["Treasury", "975,000", "gp"] for line in shown), shown
        pool = run("sheet", "show", path, "--json").json()["pools"]["treasury"]
        assert (pool["balance"], pool["unit"]) == (975_000, "gp")

    def test_prices_are_written_in_gp(self, run: Run, tmp_path: object) -> None:
        """``sheet quote``, ``sheet options`` and a purchase the treasury cannot pay write gold as the rules do
        (``60,000 gp``), where they wrote ``60000 Gold pieces`` and ``the paying pools hold 990000``; ``--json``
        keeps the numbers."""
        path = str(tmp_path) + "/orcs.json"  # type: ignore[operator]
        made = ("sheet", "new", path, "--pack", "bloodbowl", "--kind", "team", "--set", "roster=orc")
        assert 0 == run(*made, "--set", "treasury=70000").status
        assert [
            "Team Re-roll: 60,000 gp",
            "paid with 60,000 gp (the paying pools hold 70,000 gp)",
            "can be bought",
        ] == run("sheet", "quote", path, "team_reroll").out.splitlines()
        assert "team_reroll      Team Re-roll                  60,000 gp  yes" in run("sheet", "options", path).out
        assert 60000 == json.loads(run("sheet", "quote", path, "team_reroll", "--json").out)["price"]
        assert 0 == run("sheet", "do", path, "staff", "item=apothecary").status
        refused = run("sheet", "buy", path, "team_reroll")
        assert (1, "progression: Team Re-roll costs 60,000 gp but only 20,000 gp are available\n") == (
            refused.status,
            refused.err,
        )
        assert "  - costs 60,000 gp; the paying pools hold 20,000 gp" in run("sheet", "quote", path, "team_reroll").out

    def test_a_player_s_profile_is_written_as_the_book_writes_it(self, run: Run, tmp_path: object) -> None:
        """A player's AG, PA and AV read ``3+``, ``4+``, ``9+`` (a PA of none ``-``), his fee ``50,000 gp``; names
        are read in any case (``roster=Human``, ``position="Human Lineman"``, ``item=Apothecary``), a position also
        by its last words (``position=Catcher``); ``--json``
        keeps the numbers."""

        def profile(path: str, member: str) -> dict[str, str]:
            lines = run("sheet", "show", path, "--member", member).out.splitlines()
            return {line[:25].strip(): line[25:36].strip() for line in lines if line[:25].strip() in wanted}

        wanted = ("Agility (AG)", "Passing Ability (PA)", "Armour Value (AV)", "Hiring fee")
        humans, goblins = (str(tmp_path) + f"/{name}.json" for name in ("humans", "goblins"))  # type: ignore[operator]
        run(
            "sheet", "new", humans, "--pack", "bloodbowl", "--kind", "team", "--name", "Anvils", "--set", "roster=Human"
        )
        assert 0 == run("sheet", "do", humans, "hire", "position=Human Lineman", "name=Anna").status
        assert "bought Apothecary" in run("sheet", "do", humans, "staff", "item=Apothecary").out
        assert dict(zip(wanted, ("3+", "4+", "9+", "50,000 gp"), strict=True)) == profile(humans, "1")
        run(
            "sheet", "new", goblins, "--pack", "bloodbowl", "--kind", "team", "--name", "Gobs", "--set", "roster=goblin"
        )
        assert 0 == run("sheet", "do", goblins, "hire", "position=looney", "name=Zik").status
        assert "hired a Human Catcher" in run("sheet", "do", humans, "hire", "position=Catcher", "name=Kurt").out
        assert "-" == profile(goblins, "1")["Passing Ability (PA)"]
        stat = run("sheet", "show", humans, "--member", "1", "--json").json()["stats"]["ag"]
        assert (stat["value"], stat["shown"]) == (3, "3+")

    def test_a_pool_without_one_is_written_by_its_name(self, run: Run, tmp_path: object) -> None:
        """Star Player Points have no unit: an award says the pool's name, as before."""
        import progression
        import progression_bloodbowl as bb

        pack = progression.load("bloodbowl")
        path = str(tmp_path) + "/team.json"  # type: ignore[operator]
        team = bb.draft(pack, "human", "Anvils", [("human_lineman", f"L{n}") for n in range(11)])
        with open(path, "w", encoding="utf-8") as file:
            file.write(progression.dump_sheet(team))
        out = run("sheet", "award", path, "spp", "2", "--member", "1", "--reason", "test").out
        assert out.endswith("+2 Star Player Points: test\n")


def _after_first_match(run: Run, tmp_path: object, players: list[tuple[str, str]]) -> tuple[str, str]:
    """A Human team of ``players`` drafted into a sheet file, its first match won 2-0 (two touchdowns of its
    player 1, who is then owed an advancement): the file's path, and its text then."""
    import progression
    import progression_bloodbowl as bb

    team = bb.draft(progression.load("bloodbowl"), "human", "Anvils", players)
    path = str(tmp_path) + "/team.json"  # type: ignore[operator]
    with open(path, "w", encoding="utf-8") as file:
        file.write(progression.dump_sheet(team))
    match = ["number=1", "opponent=Orcs", "score=2-0", "attendance=6", "events=1:touchdown*2", "nominees=1"]
    assert 0 == run("sheet", "do", path, "match", *match, "--dice", "3").status
    with open(path, encoding="utf-8") as file:
        return path, file.read()
