"""``progression campaign ...`` on real SQLite files: a party made from the command line, its characters, a
session's awards to several characters at once (all or none), actions and purchases, what is read back equal to
the Python party's, every wrong input refused with its exit status, and concurrent game masters."""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from progression.cli.main import main
from progression_competence.party import open_party


def run(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    """The command run in this process: its status, stdout and stderr."""
    capsys.readouterr()
    status = main(list(words))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def party(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """A party of two characters, made from the command line."""
    path = str(tmp_path / "riders.sqlite")
    assert 0 == run(capsys, "campaign", "new", path, "--pack", "competence", "--name", "The Riders")[0]
    assert 0 == run(capsys, "campaign", "character", "add", path, "ana", "--name", "Ana", "--set", "escrime=20")[0]
    assert 0 == run(capsys, "campaign", "character", "add", path, "bea", "--name", "Bea", "--set", "danse=5")[0]
    return path


class TestMade:
    def test_new_says_what_it_made(self, tmp_path: Path, capsys) -> None:
        """A new party names its campaign and the settings that differ from the campaign's own."""
        path = str(tmp_path / "p.sqlite")
        status, out, _ = run(
            capsys, "campaign", "new", path, "--pack", "competence", "--name", "P", "--set", "quality_base=40"
        )
        assert (
            0,
            f"made party 'P' of pack competence in {path}: campaign example, settings quality_base=40, no characters yet\n",
        ) == (status, out)
        with open_party(path) as made:
            assert 40 == made.pack.quote(made.pack.new_sheet("character", "x"), "quality.souplesse").price

    def test_an_empty_party_tells_a_whole_command(self, tmp_path: Path, capsys) -> None:
        """A party with no characters says the whole command that adds one, with the store and the --lang given (it
        said `progression campaign character add`), which runs once CHARACTER is filled in."""
        path = str(tmp_path / "p.sqlite")
        assert 0 == run(capsys, "campaign", "new", path, "--pack", "competence", "--name", "P")[0]
        status, out, _ = run(capsys, "campaign", "party", path, "--lang", "fr")
        add = f"progression campaign character add {path} CHARACTER --lang fr"
        assert (0, f"no characters yet in 'P'; add one with `{add}`, CHARACTER the new character's id\n") == (
            status,
            out,
        )
        assert 0 == run(capsys, *shlex.split(add.replace("CHARACTER", "ana"))[1:])[0]

    def test_a_refused_tuning_leaves_no_file(self, tmp_path: Path, capsys) -> None:
        """A tuning the pack refuses (exit 2) makes no store; an unknown word is refused before the pack reads it."""
        path = tmp_path / "p.sqlite"
        status, _, err = run(
            capsys, "campaign", "new", str(path), "--pack", "competence", "--name", "P", "--set", "quality_base=-1"
        )
        assert (2, False) == (status, path.exists())
        assert "expected an integer from 0 to 10000, got -1 @ $.quality_base" in err
        status, _, err = run(
            capsys, "campaign", "new", str(path), "--pack", "competence", "--name", "P", "--set", "overflow=auto"
        )
        assert (2, False) == (status, path.exists())
        assert "overflow" in err

    def test_a_pack_without_a_campaign(self, tmp_path: Path, capsys) -> None:
        """A pack that declares no campaign is refused, exit 2, saying so."""
        status, _, err = run(
            capsys, "campaign", "new", str(tmp_path / "p.sqlite"), "--pack", "bloodbowl", "--name", "P"
        )
        assert 2 == status
        assert "pack 'bloodbowl' keeps no campaign: its contract declares none (Contract.campaign)" in err

    def test_a_missing_store(self, tmp_path: Path, capsys) -> None:
        """A store that does not exist is named, with the command that makes one."""
        status, _, err = run(capsys, "campaign", "party", str(tmp_path / "none.sqlite"))
        made = f"progression campaign new {tmp_path / 'none.sqlite'} --pack PACK --name NAME"
        assert 2 == status
        assert err.endswith(  # its --name too, without which it is refused; each placeholder said in words
            f"does not exist; make one with `{made}`, PACK a pack that keeps a party of characters (such as "
            "competence) and NAME the party's name\n"
        )

    def test_an_existing_file_is_not_replaced(self, party: str, capsys) -> None:
        """`campaign new` never writes over a file."""
        status, _, err = run(capsys, "campaign", "new", party, "--pack", "competence", "--name", "Again")
        assert (2, True) == (status, "exists: a new party is made in a new file" in err)

    def test_a_name_is_not_a_level(self, party: str, capsys) -> None:
        """--set gives levels only: a name given there is refused, exit 2, pointing at --name."""
        status, _, err = run(capsys, "campaign", "character", "add", party, "cid", "--set", "name=Cid")
        assert (2, True) == (status, "the name is given with --name NAME" in err)

    def test_the_help_documents_the_starting_levels(self, capsys) -> None:
        """`campaign character add --help` says how starting levels are given."""
        status, out, _ = run(capsys, "campaign", "character", "add", "--help")
        assert 0 == status
        assert "--set COMPETENCE=LEVEL" in out
        assert "escrime=20" in " ".join(out.split())


class TestAward:
    def test_several_characters_in_one_command(self, party: str, capsys) -> None:
        """One command awards both characters; each competence's points are one entry, told."""
        status, out, _ = run(
            capsys,
            "campaign",
            "award",
            party,
            "--to",
            "ana:escrime=5,danse=3",
            "--to",
            "bea:danse=4",
            "--reason",
            "session 1",
        )
        assert 0 == status
        assert [
            "ana #2 +5 Fencing PP: session 1",
            "ana #3 +3 Dance PP: session 1",
            "bea #2 +4 Dance PP: session 1",
        ] == out.splitlines()
        with open_party(party) as again:
            assert (3, 2) == (again.store.version("ana"), again.store.version("bea"))

    @pytest.mark.parametrize(
        ("to", "message"),
        [
            (["ana:escrime=5", "zed:danse=1"], "character 'zed' is not defined in party 'The Riders'"),
            (["ana:escrime=5", "bea:voile=1"], "competence 'voile' is not defined"),
            (["ana:escrime=5", "bea:danse=many"], "expected a whole number for --to bea danse, got 'many'"),
            (["ana:escrime=5", "bea"], "--to: expected CHARACTER:COMPETENCE=POINTS[,COMPETENCE=POINTS...], got 'bea'"),
            (["ana:escrime=5", "ana:danse=1"], "character 'ana' is given twice"),
        ],
    )
    def test_one_wrong_word_awards_none(self, party: str, capsys, to: list[str], message: str) -> None:
        """A wrong --to word refuses the whole session (exit 2), and no character changed."""
        words = [w for item in to for w in ("--to", item)]
        status, _, err = run(capsys, "campaign", "award", party, *words, "--reason", "session 2")
        assert (2, True) == (status, message in err), err
        with open_party(party) as again:
            assert (1, 1) == (again.store.version("ana"), again.store.version("bea"))

    def test_json(self, party: str, capsys) -> None:
        """--json gives each character's new entries."""
        status, out, _ = run(capsys, "campaign", "award", party, "--to", "ana:escrime=5", "--reason", "s", "--json")
        data = json.loads(out)
        assert (0, ["ana"], 2) == (status, list(data["characters"]), data["characters"]["ana"][0]["index"])


class TestChanges:
    def test_do_buy_and_what_is_read_back(self, party: str, capsys) -> None:
        """An action and a refused purchase: the action stored through the engine, the refusal exit 1 and nothing
        written; show, history and party read the store."""
        run(capsys, "campaign", "award", party, "--to", "ana:danse=3", "--reason", "session 1")
        status, out, _ = run(capsys, "campaign", "do", party, "ana", "raise", "competence=danse", "levels=2")
        assert (0, "ana #3 raise Dance 0 -> 2:") == (status, out.splitlines()[0])
        status, _, err = run(capsys, "campaign", "buy", party, "ana", "quality.souplesse")
        assert (1, "progression: Suppleness costs 50 Progression points but only 1 is available\n") == (status, err)
        status, out, _ = run(capsys, "campaign", "do", party, "ana", "test", "competence=escrime", "--seed", "3")
        assert (0, "ana #4 rolled Fencing test: 31 (D100) + level 20 = 51\n") == (status, out)
        status, out, _ = run(capsys, "campaign", "history", party, "ana", "--json")
        assert [1, 2, 3, 4] == [e["index"] for e in json.loads(out)]
        status, out, _ = run(capsys, "campaign", "show", party, "ana", "--json")
        assert (2, 4) == (json.loads(out)["stats"]["level.danse"]["value"], json.loads(out)["entries"])
        status, out, _ = run(capsys, "campaign", "party", party, "--json")
        with open_party(party) as again:
            assert again.party() == json.loads(out)["party"]

    @pytest.mark.parametrize(
        ("lang", "header", "ana"),
        [
            ((), "Fencing", "20 Beginner"),
            (("--lang", "fr"), "Escrime", "20 Débutant"),
        ],
    )
    def test_the_party_table_speaks_the_language_asked(
        self, party: str, capsys, lang: tuple[str, ...], header: str, ana: str
    ) -> None:
        """The table names the competences and degrees in the language asked (the pack's first by default), as
        ``show`` and ``history`` do; ``--json`` keeps the ids."""
        status, out, _ = run(capsys, "campaign", "party", party, *lang)
        lines = out.splitlines()
        assert (0, header, ana) == (status, lines[1].split()[2], " ".join(lines[3].split()[2:4]))
        assert "debutant" not in out
        status, out, _ = run(capsys, "campaign", "party", party, "--json", *lang)
        assert (0, "20 debutant") == (status, json.loads(out)["party"][0]["escrime"])

    def test_help_lists_the_action_s_options_as_sheet_do(self, party: str, tmp_path: Path, capsys) -> None:
        """`campaign do FILE CHARACTER ACTION --help` is `sheet do FILE ACTION --help` on the character's file but
        for its usage line; a character the party does not have is refused (exit 2), as running the action is."""
        sheet_file = str(tmp_path / "ana.json")
        assert 0 == run(capsys, "campaign", "export", party, "ana", sheet_file)[0]
        for action in ("raise", "test", "settle"):
            status, out, _ = run(capsys, "campaign", "do", party, "ana", action, "--help")
            _, alone, _ = run(capsys, "sheet", "do", sheet_file, action, "--help")
            assert (0, f"usage: progression campaign do FILE CHARACTER {action} [KEY=VALUE ...]") == (
                status,
                out.splitlines()[0],
            )
            assert alone.splitlines()[1:] == out.splitlines()[1:]
            assert "options (KEY=VALUE):" in out
        status, out, err = run(capsys, "campaign", "do", party, "zed", "raise", "--help")
        assert (2, "", True) == (status, out, "character 'zed' is not defined in party 'The Riders'" in err)

    def test_a_refused_option_points_at_the_action_s_help(self, party: str, capsys) -> None:
        """An option the action does not take is refused with the command that prints the action's help, as
        ``sheet do`` and ``league do`` refuse it (it said none); run, that command prints it."""
        status, _, err = run(capsys, "campaign", "do", party, "ana", "test", "competense=escrime")
        helped = f"progression campaign do {party} ana test --help"
        assert (2, True) == (status, err.endswith(f"; the closest: competence (see `{helped}`)\n"))
        assert 0 == run(capsys, *shlex.split(helped)[1:])[0]

    def test_a_refusal_tells_the_command_on_the_character(self, party: str, capsys) -> None:
        """A refusal of an action that tells to run it again (``settle`` at a gate: with ``discard=yes``) says the
        ``campaign do`` command on the store and the character, not ``sheet do`` on the store as if it were a sheet
        file; run, that command settles."""
        run(capsys, "campaign", "award", party, "--to", "ana:escrime=80", "--reason", "a tournament")
        run(capsys, "campaign", "do", party, "ana", "settle", "competence=escrime")
        status, _, err = run(capsys, "campaign", "do", party, "ana", "settle", "competence=Fencing")
        settles = f"progression campaign do {party} ana settle competence=escrime discard=yes"
        assert (1, True) == (status, err.endswith(f"or settle with `{settles}` to lose them\n"))
        assert 0 == run(capsys, *shlex.split(settles)[1:])[0]

    def test_unused_dice_write_nothing(self, party: str, capsys) -> None:
        """Typed-in dice left unused refuse the action inside its transaction: nothing stored."""
        status, _, err = run(capsys, "campaign", "do", party, "ana", "test", "competence=escrime", "--dice", "31,40")
        assert (2, True) == (status, "unused: 40; nothing was written" in err)
        with open_party(party) as again:
            assert 1 == again.store.version("ana")

    def test_amend_and_verify(self, party: str, capsys) -> None:
        """An amendment that leaves a later entry invalid is refused (exit 1, nothing written); verify is 0."""
        run(capsys, "campaign", "award", party, "--to", "bea:danse=6", "--reason", "session 1")
        run(capsys, "campaign", "do", party, "bea", "raise", "competence=danse", "levels=2")
        status, out, err = run(capsys, "campaign", "amend", party, "bea", "2", "amount=1")
        assert (1, "nothing written") == (status, out.splitlines()[-1])
        assert "a later entry became invalid" in err
        status, out, _ = run(capsys, "campaign", "amend", party, "bea", "2", "amount=1", "--invalid", "drop")
        assert (0, f"wrote bea in {party}") == (status, out.splitlines()[-1])
        status, out, _ = run(capsys, "campaign", "verify", party)
        assert (0, ["ana: its 1 entry verified", "bea: all 2 entries verified"]) == (status, out.splitlines())

    def test_a_tampered_row_exits_1(self, party: str, capsys) -> None:
        """verify finds an entry edited in the database, exit 1."""
        import sqlite3

        run(capsys, "campaign", "award", party, "--to", "bea:danse=6", "--reason", "session 1")
        connection = sqlite3.connect(party, isolation_level=None)
        row = connection.execute("SELECT entry FROM entries WHERE sheet = 'bea' AND version = 2").fetchone()[0]
        connection.execute(
            "UPDATE entries SET entry = ? WHERE sheet = 'bea' AND version = 2",
            (row.replace('"amount": 6,', '"amount": 60,', 1),),
        )
        connection.close()
        status, out, _ = run(capsys, "campaign", "verify", party, "--json")
        data = json.loads(out)
        assert (1, False, True) == (status, data["ok"], data["characters"]["ana"]["ok"])
        assert [2] == [d["entry"] for d in data["characters"]["bea"]["divergences"]]

    def test_a_change_on_a_tampered_character_is_refused(self, party: str, capsys) -> None:
        """An award, a raise and a purchase on a character whose entry was edited in the database are refused
        with exit 2 (a store edited outside the library, as a sheet file edited by hand), naming the character,
        the entry and what disagrees; the store is left as it was."""
        import sqlite3

        run(capsys, "campaign", "award", party, "--to", "bea:danse=6", "--reason", "session 1")
        connection = sqlite3.connect(party, isolation_level=None)
        connection.execute(
            "UPDATE entries SET entry = replace(entry, '\"amount\": 6,', '\"amount\": 60,') "
            "WHERE sheet = 'bea' AND version = 2"
        )
        connection.close()
        said = (
            f"progression: store {party}: sheet 'bea' was changed in the database outside the store: entry #2 was "
            "changed in place, and its history no longer holds: the stored state differs from what the history gives: pools.pp.danse: held 6, its history "
            "gives 60; nothing was written (verify the store to find the entry that differs)\n"
        )
        for command in (
            ("award", party, "--to", "ana:escrime=1", "--to", "bea:danse=1", "--reason", "session 2"),
            ("do", party, "bea", "raise", "competence=danse"),
            ("buy", party, "bea", "raise.danse"),
        ):
            assert (2, "", said) == run(capsys, "campaign", *command)
        _, out, _ = run(capsys, "campaign", "history", party, "ana", "--json")
        assert 1 == len(json.loads(out))

    def test_a_character_cut_in_the_database_is_refused_not_crashed(self, party: str, capsys) -> None:
        """A character's last entry deleted and its version lowered by hand (its snapshot still counting the entry):
        reading it (show, history) exits 2 with the store's error naming the file, the character and the counts
        that disagree, verify exits 1 saying the same; nothing crashes (exit 3) and nothing is shown."""
        run(capsys, "campaign", "award", party, "--to", "bea:danse=6", "--reason", "session 1")
        connection = sqlite3.connect(party, isolation_level=None)
        connection.execute("DELETE FROM entries WHERE sheet = 'bea' AND version = 2")
        connection.execute("UPDATE sheets SET version = 1 WHERE id = 'bea'")
        connection.close()
        what = "its snapshot was written with 2 entries, its row in the sheets table says 1"
        said = f"progression: store {party}: sheet 'bea' was changed in the database outside the store: {what}; "
        for command in (("show", party, "bea"), ("history", party, "bea")):
            status, out, err = run(capsys, "campaign", *command)
            assert (2, "", said) == (status, out, err[: len(said)]), command
        assert (1, f"bea: not verified: {what}") == (
            run(capsys, "campaign", "verify", party)[0],
            run(capsys, "campaign", "verify", party)[1].splitlines()[-1],
        )

    def test_a_party_record_that_is_not_json(self, party: str, capsys) -> None:
        """The party's record edited in the database into text that is not JSON is a broken file: every command
        exits 2, naming the store and the record."""
        with contextlib.closing(sqlite3.connect(party, isolation_level=None)) as connection:
            connection.execute("UPDATE records SET value = '{bad' WHERE name = 'competence.party'")
        said = f"progression: store {party}: record 'competence.party' is not JSON: "
        for command in (
            ("party", party),
            ("show", party, "ana"),
            ("award", party, "--to", "ana:escrime=1", "--reason", "s"),
        ):
            status, _, err = run(capsys, "campaign", *command)
            assert (2, said) == (status, err[: len(said)]), command


class TestFiles:
    def test_export_then_import(self, party: str, tmp_path: Path, capsys) -> None:
        """A character exported plays with `progression sheet`, and imports into another party of the campaign."""
        out_file = tmp_path / "ana.json"
        status, out, _ = run(capsys, "campaign", "export", party, "ana", str(out_file))
        assert (0, f"wrote {out_file}: Ana (1 entry)\n") == (status, out)
        assert 0 == run(capsys, "sheet", "verify", str(out_file))[0]
        other = str(tmp_path / "other.sqlite")
        run(capsys, "campaign", "new", other, "--pack", "competence", "--name", "Other")
        status, out, _ = run(capsys, "campaign", "import", other, "ana", str(out_file))
        assert (0, "imported ana: Ana (1 entry)\n") == (status, out)
        status, _, err = run(capsys, "campaign", "import", other, "ana", str(out_file))
        assert (2, True) == (status, "a sheet 'ana' is already stored" in err)


_AWARDS = """
import sys
from progression.cli.main import main
sys.exit(main(["campaign", "award", sys.argv[1], "--to", "ana:escrime=1", "--to", "bea:danse=1", "--reason", f"session {sys.argv[2]}"]))
"""


def test_concurrent_award_commands(party: str) -> None:
    """Six `campaign award` commands at once: all six recorded on both characters, none refused, none lost."""
    children = [
        subprocess.Popen(
            [sys.executable, "-c", _AWARDS, party, str(n)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        for n in range(6)
    ]
    for child in children:
        _, error = child.communicate(timeout=120)
        assert 0 == child.returncode, error.decode()
    with open_party(party) as again:
        assert (7, 7) == (again.store.version("ana"), again.store.version("bea"))
        assert again.verify().ok


class TestRefusedBeforeWriting:
    def test_a_store_without_a_party_names_the_command(self, tmp_path: Path, capsys) -> None:
        """A competence store that holds no party names the command that makes one (in a new file), not the pack's
        Python function (``new_party``); exit 2."""
        import progression

        path = str(tmp_path / "bare.sqlite")
        progression.open_store(path, progression.load("competence")).close()
        said = (
            f"progression: store {path}: it holds no party; make one in a new store with `progression campaign new "
            "NEWFILE --pack competence --name NAME`\n"
        )
        assert (2, said) == run(capsys, "campaign", "party", path)[::2]

    @pytest.mark.parametrize(
        "words",
        [
            ("award", "--to", "ana:escrime=1", "--reason", "a lesson"),
            ("do", "ana", "settle", "competence=escrime"),
            ("buy", "ana", "raise.escrime"),
            ("character", "add", "{party}", "cid", "--set", "escrime=3"),
            ("party",),
            ("show", "ana"),
            ("history", "ana"),
            ("verify",),
            ("amend", "ana", "1", "name=Anna"),
            ("import", "cid", "{sheet}"),
            ("export", "ana", "{out}"),
        ],
        ids=lambda words: "-".join(w for w in words if not w.startswith("{"))[:30],
    )
    def test_a_language_the_pack_lacks(self, party: str, capsys, tmp_path: Path, words: tuple[str, ...]) -> None:
        """Every campaign command takes ``--lang``; one the pack does not declare is bad usage, said before
        anything is written: a user who runs the command again after the error changes the party once, not twice."""
        sheet = tmp_path / "cid.json"
        run(capsys, "sheet", "new", str(sheet), "--pack", "competence", "--kind", "character", "--name", "Cid")
        before = run(capsys, "campaign", "party", party, "--json")[1]
        given = [w.format(party=party, sheet=sheet, out=tmp_path / "out.json") for w in words]
        head = given[:2] if given[0] == "character" else given[:1]
        tail = given[3:] if given[0] == "character" else given[1:]
        status, _, err = run(capsys, "campaign", *head, party, *tail, "--lang", "de")
        assert (2, "--lang de: pack 'competence' declares no language 'de'; its languages: en, fr") == (
            status,
            err.strip().removeprefix("progression: "),
        )
        assert before == run(capsys, "campaign", "party", party, "--json")[1]
        assert not (tmp_path / "out.json").exists()

    def test_every_command_takes_a_language_it_knows(self, party: str, capsys) -> None:
        """``--lang fr`` is taken by the commands that took none before (party, verify, character add, new)."""
        for words in (
            ("party", party),
            ("verify", party),
            ("character", "add", party, "cid", "--name", "Cid"),
            ("new", f"{party}.new", "--pack", "competence", "--name", "Autre"),
        ):
            assert 0 == run(capsys, "campaign", *words, "--lang", "fr")[0], words

    def test_a_new_party_in_a_language_the_pack_lacks_makes_no_file(self, tmp_path: Path, capsys) -> None:
        """``campaign new --lang de`` is refused before the store is made."""
        where = tmp_path / "new.sqlite"
        status, _, err = run(
            capsys, "campaign", "new", str(where), "--pack", "competence", "--name", "N", "--lang", "de"
        )
        assert (2, True, []) == (status, "declares no language 'de'" in err, list(tmp_path.iterdir()))

    def test_a_file_that_is_no_store_is_left_as_it_was(self, tmp_path: Path, capsys) -> None:
        """A SQLite database of something else, or an empty file, is refused as bad usage (exit 2, as any file
        that is not what the command reads) and left byte for byte, by `campaign` and `league` alike."""
        other, empty = tmp_path / "other.db", tmp_path / "empty.db"
        with contextlib.closing(sqlite3.connect(other)) as db:
            db.execute("CREATE TABLE t (x)")
            db.commit()
        empty.write_bytes(b"")
        for path in (other, empty):
            before = path.read_bytes()
            for command in (("campaign", "party"), ("league", "standings")):
                status, _, err = run(capsys, *command, str(path))
                assert (2, True, before) == (status, "holds no store of this library" in err, path.read_bytes())

    def test_a_text_file_is_no_store(self, tmp_path: Path, capsys) -> None:
        """A text file given as the store: exit 2, saying it is no SQLite database of a store."""
        notes = tmp_path / "notes.txt"
        notes.write_text("not a database, " * 100, encoding="utf-8")
        status, _, err = run(capsys, "campaign", "award", str(notes), "--to", "ana:escrime=1", "--reason", "s")
        said = f"progression: store {notes}: it is no SQLite database of a store (file is not a database); nothing"
        assert (2, True) == (status, err.startswith(said))

    def test_a_settle_with_nothing_to_settle(self, party: str, capsys) -> None:
        """Settling a competence with nothing over its cap changes nothing and says no error."""
        before = run(capsys, "campaign", "history", party, "bea", "--json")[1]
        assert 0 == run(capsys, "campaign", "do", party, "bea", "settle", "competence=danse")[0]
        assert before == run(capsys, "campaign", "history", party, "bea", "--json")[1]

    def test_an_export_over_a_file_asks_for_force(self, party: str, tmp_path: Path, capsys) -> None:
        """Exporting over a file that is there is bad usage naming the command line's ``--force``; with it, done."""
        there = tmp_path / "ana.json"
        there.write_text("my notes", encoding="utf-8")
        status, _, err = run(capsys, "campaign", "export", party, "ana", str(there))
        assert (2, f"progression: {str(there)!r} already exists; pass --force to replace it", "my notes") == (
            status,
            err.strip(),
            there.read_text(encoding="utf-8"),
        )
        assert 0 == run(capsys, "campaign", "export", party, "ana", str(there), "--force")[0]


def test_an_amendment_says_what_a_later_entry_now_says(tmp_path: Path, capsys) -> None:
    """A test that changes no number of the sheet but its total (a raise before it dropped) is shown with its
    sentence as it is now and as it was."""
    path = str(tmp_path / "tests.sqlite")
    for words in (
        ("new", path, "--pack", "competence", "--name", "Tests"),
        ("character", "add", path, "tom", "--name", "Tom", "--set", "escrime=20"),
        ("award", path, "--to", "tom:escrime=21", "--reason", "a lesson"),
        ("do", path, "tom", "raise", "competence=escrime"),
        ("do", path, "tom", "test", "competence=escrime", "--dice", "7"),
    ):
        assert 0 == run(capsys, "campaign", *words)[0], words
    status, out, _ = run(capsys, "campaign", "amend", path, "tom", "2", "amount=1", "--invalid", "drop")
    assert (
        0,
        "~ #4 Fencing test: changed (now 'Fencing test: 7 (D100) + level 20 = 27' (was 'Fencing test: 7 "
        "(D100) + level 21 = 28'))",
    ) == (status, out.splitlines()[3])


def test_a_store_that_is_a_pipe_is_named_so(tmp_path: Path, capsys) -> None:
    """A store's path that names a pipe is no store file: said so (it exists), not "does not exist"."""
    pipe = tmp_path / "party.sqlite"
    os.mkfifo(pipe)
    status, _, err = run(capsys, "campaign", "party", str(pipe))
    assert (
        2,
        f"progression: campaign file {str(pipe)!r} is not a regular file (a device, a pipe or a socket); "
        "give the store's file",
    ) == (status, err.strip())


class TestDiceTypedWithoutTheLock:
    """`campaign do` and `buy` ask for dice typed at a terminal holding no lock, then store the change only if the
    character did not change meanwhile."""

    @staticmethod
    def award_elsewhere(party: str, character: str, competence: str) -> None:
        """Another game master's award, through a connection of its own that gives up at once if the database is
        locked."""
        from progression import open_store
        from progression_competence.party import Party

        with Party.of(open_store(party, timeout=0)) as other:
            other.award({character: {competence: 1}}, reason="meanwhile")

    def test_another_writer_goes_on_while_the_dice_are_typed(
        self, party: str, capsys, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """While Ana's test waits for its D100, an award to Bea is stored (no lock is held); Ana's test is then
        stored too."""
        import progression.cli.args

        def typed(sides: int, label: str) -> int:
            self.award_elsewhere(party, "bea", "danse")
            return 42

        monkeypatch.setattr(progression.cli.args, "_prompt", typed)
        status, out, err = run(capsys, "campaign", "do", party, "ana", "test", "competence=escrime")
        assert (0, "ana #2 rolled Fencing test: 42 (D100) + level 20 = 62\n", "") == (status, out, err)
        with open_party(party) as again:
            assert (2, 2, True) == (again.store.version("ana"), again.store.version("bea"), again.verify().ok)

    def test_the_character_changed_while_the_dice_were_typed(
        self, party: str, capsys, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Ana awarded while her test's die is typed: the test is refused (exit 1, a conflict), nothing of it is
        written, and the other award is kept."""
        import progression.cli.args

        def typed(sides: int, label: str) -> int:
            self.award_elsewhere(party, "ana", "escrime")
            return 42

        monkeypatch.setattr(progression.cli.args, "_prompt", typed)
        status, _, err = run(capsys, "campaign", "do", party, "ana", "test", "competence=escrime")
        said = f"progression: store {party}: sheet 'ana' was expected at version 1 but is at version 2: it changed"
        assert (1, True) == (status, err.startswith(said))
        with open_party(party) as again:
            assert ["meanwhile"] == [e.operation.reason for e in again.character("ana").ledger[1:]]

    def test_seeded_dice_are_rolled_again_on_the_new_state(
        self, party: str, capsys, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """With --seed, a change made meanwhile to the character is no refusal: the test is worked out again on
        the new state, with the same roll."""
        import progression.cli.campaign as campaign

        worked_out = campaign._worked_out
        calls: list[int] = []

        def meanwhile(after):
            calls.append(len(after.ledger))
            if len(calls) == 1:
                self.award_elsewhere(party, "ana", "escrime")
            return worked_out(after)

        monkeypatch.setattr(campaign, "_worked_out", meanwhile)
        status, out, _ = run(capsys, "campaign", "do", party, "ana", "test", "competence=escrime", "--seed", "7")
        assert (0, [2, 3]) == (status, calls)
        assert out.startswith("ana #3 rolled Fencing test: 42 (D100) + level 20 = 62")
        with open_party(party) as again:
            assert (3, True) == (again.store.version("ana"), again.verify().ok)
