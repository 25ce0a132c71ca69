"""The competence pack's party in one store, on a real database: characters in and out, a session's awards to
several characters in one transaction (all or none, even when the process is killed), concurrent writers, a
tampered row found by verify, and the campaign's tuning kept in the store."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

import progression
import progression_competence as pc
from progression.errors import (
    InsufficientPoints,
    InvalidInput,
    RulePackError,
    StoreError,
    StoreTampered,
    UnknownName,
)
from progression.history import AmendmentRefused
from progression.operations import Award
from progression_competence import party
from progression_competence.party import Party, new_party, open_party
from support.stores import forge, raw


def harbour(folder: Path) -> Path:
    """A campaign file of its own: the example's competences under another name, with its own quality price."""
    text = resources.files("progression_competence").joinpath("data/example-campaign.toml").read_text("utf-8")
    text = text.replace('name = "example"', 'name = "harbour"').replace("example = true", "example = false")
    text = text.replace("# No [settings] table", "[settings]\nquality_step = 5\n# A [settings] table")
    path = folder / "harbour.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def riders(where: str) -> Party:
    made = new_party(where, "The Riders")
    made.add_character("ana", "Ana", levels={"escrime": 20})
    made.add_character("bea", "Bea", levels={"danse": 5})
    yield made
    made.close()


class TestSurface:
    def test_the_module_is_pinned(self) -> None:
        """The party's public names change only on purpose."""
        assert ["PARTY_RECORD", "TUNING", "Party", "PartyCheck", "new_party", "open_party"] == party.__all__

    def test_the_pack_declares_its_campaign(self) -> None:
        """``progression campaign`` finds the party through the pack's contract."""
        declared = pc.pack().contract.campaign
        assert declared is not None
        assert (Party, "competence") == (declared.book, declared.awarded)
        assert ["campaign", "settings", "quality_base", "quality_step", "level_divisor", "die_size"] == [
            o.name for o in declared.signature.options
        ]


class TestCharacters:
    def test_characters_join_with_their_starting_levels(self, riders: Party) -> None:
        """Each character is a sheet of the store, at its starting levels, listed in the order it joined."""
        assert ("ana", "bea") == riders.characters()
        assert (20, 5) == (
            pc.level(riders.pack, riders.character("ana"), "escrime"),
            pc.level(riders.pack, riders.character("bea"), "danse"),
        )
        assert {
            "character": "ana",
            "name": "Ana",
            "escrime": "20 debutant",
            "danse": "0 ignorant",
        }.items() <= riders.party()[0].items()

    def test_the_party_in_a_language(self, riders: Party) -> None:
        """In a language, the rows name competences and degrees as the pack displays them; a language the pack
        does not declare is refused, naming those it does."""
        assert {"Escrime": "20 Débutant", "Danse": "0 Ignorant"}.items() <= riders.party("fr")[0].items()
        assert {"Fencing": "20 Beginner"}.items() <= riders.party("en")[0].items()
        with pytest.raises(
            UnknownName, match="language 'de' is not defined in pack 'competence'; expected one of: en, fr"
        ):
            riders.party("de")

    def test_no_column_hides_another(self, where: str, tmp_path: Path) -> None:
        """Two competences displayed alike, or one displayed as the name column's header, each keep their column:
        the name is followed by the competence's id; nothing is lost, and the ids' rows are as they were."""
        text = harbour(tmp_path).read_text(encoding="utf-8")
        text = text.replace('label = { en = "Dance", fr = "Danse" }', 'label = { en = "Fencing", fr = "name" }')
        (tmp_path / "harbour.toml").write_text(text, encoding="utf-8")
        with new_party(where, "Twins", campaign=tmp_path / "harbour.toml") as twins:
            twins.add_character("ana", "Ana", levels={"escrime": 20, "danse": 5})
            english, french, ids = twins.party("en")[0], twins.party("fr")[0], twins.party()[0]
        assert ("20 Beginner", "5 Beginner", "Ana") == (
            english["Fencing (escrime)"],
            english["Fencing (danse)"],
            english["name"],
        )
        assert ("Ana", "5 Débutant", "20 Débutant") == (french["name"], french["name (danse)"], french["Escrime"])
        assert len(english) == len(french) == len(ids)

    def test_a_level_given_as_text(self, riders: Party) -> None:
        """The command line gives the levels as text; a word that is no number is refused, naming it."""
        riders.add_character("cid", "Cid", equitation="12")
        assert 12 == pc.level(riders.pack, riders.character("cid"), "equitation")
        with pytest.raises(
            InvalidInput, match="the starting level of 'danse' for character 'dan' must be a whole number, got 'many'"
        ):
            riders.add_character("dan", "Dan", danse="many")
        with pytest.raises(UnknownName, match="competence 'voile' is not defined in campaign 'example'"):
            riders.add_character("dan", "Dan", voile="3")
        assert ("ana", "bea", "cid") == riders.characters()

    def test_a_competence_by_its_displayed_name(self, riders: Party) -> None:
        """A starting level and a session's points are given by the competence's id or its displayed name, in any
        case and language (``Fencing``, ``Équitation``); a misspelt one is refused naming the closest, by its
        name too (``Fencng``), and nothing is awarded."""
        riders.add_character("cid", "Cid", fencing="12")
        riders.award({"cid": {"Fencing": 3, "Équitation": 2}}, reason="session 1")
        cid = riders.character("cid")
        assert (12, 3, 2) == (
            pc.level(riders.pack, cid, "escrime"),
            cid.pools["pp.escrime"],
            cid.pools["pp.equitation"],
        )
        with pytest.raises(UnknownName) as refused:
            riders.award({"cid": {"Fencng": 3}}, reason="session 2")
        assert (str(refused.value).endswith("; the closest: escrime"), 3) == (
            True,
            len(riders.character("cid").ledger),
        )

    def test_an_id_taken_is_refused(self, riders: Party) -> None:
        """Two characters cannot share an id, and the party's list is not changed."""
        with pytest.raises(StoreError, match="a sheet 'ana' is already stored; choose another id"):
            riders.add_character("ana", "Another Ana")
        assert ("ana", "bea") == riders.characters()

    def test_an_unknown_character(self, riders: Party) -> None:
        """A character not of the party is named, with those that are."""
        with pytest.raises(
            UnknownName, match="character 'zed' is not defined in party 'The Riders'; expected one of: ana, bea"
        ):
            riders.character("zed")

    def test_export_and_import(self, riders: Party, tmp_path: Path, where: str) -> None:
        """A character exported to a file comes back into another party of the same tuning, verified; into a
        party of other settings it is refused, saying which."""
        riders.award({"ana": {"escrime": 8}}, reason="session 1")
        (written,) = riders.export_character("ana", tmp_path / "ana.json")
        other = new_party(str(tmp_path / "other.sqlite"), "Others")
        try:
            again = other.import_character("ana", written)
            assert riders.character("ana") == again
            assert other.verify().ok
        finally:
            other.close()
        tuned = new_party(str(tmp_path / "tuned.sqlite"), "Tuned", quality_base=30)
        try:
            with pytest.raises(
                InvalidInput, match="'Ana' plays settings '' and party 'Tuned' settings 'quality_base=30'"
            ):
                tuned.import_character("ana", written)
            assert () == tuned.characters()
        finally:
            tuned.close()

    @pytest.mark.parametrize("own", [False, True], ids=["example campaign", "campaign of its own"])
    def test_an_export_past_what_a_file_holds_writes_nothing(self, tmp_path: Path, own: bool) -> None:
        """A character whose sheet file would be past what a sheet file holds (16 MiB) is not exported: neither the
        sheet (``import_character`` would refuse it) nor, for a campaign of its own, the campaign file beside it."""
        campaign = harbour(tmp_path) if own else None
        with new_party(tmp_path / "p.sqlite", "P", campaign=campaign) as made:
            made.add_character("ana", "Ana")
            for number in range(9):  # nine milestones of a megabyte, each written twice in the file
                made.change("ana", lambda _pack, sheet, n=number: progression.mark(sheet, f"{n} " + "x" * 2**20))
            before = sorted(p.name for p in tmp_path.iterdir())
            with pytest.raises(InvalidInput, match=r"past the 16,777,216 bytes a sheet file may hold"):
                made.export_character("ana", tmp_path / "ana.json")
            assert before == sorted(p.name for p in tmp_path.iterdir())


class TestAward:
    def test_a_session_to_several_characters(self, riders: Party) -> None:
        """One call awards each character its points, one entry per competence, through the engine."""
        done = riders.award({"ana": {"escrime": 5, "danse": 3}, "bea": {"danse": 4}}, reason="session 1")
        assert {"ana", "bea"} == set(done)
        assert (3, 2) == (riders.store.version("ana"), riders.store.version("bea"))
        ana, bea = riders.character("ana"), riders.character("bea")
        assert (5, 3, 4) == (ana.pools["pp.escrime"], ana.pools["pp.danse"], bea.pools["pp.danse"])
        assert Award(pool="pp.danse", amount=4, reason="session 1") == bea.ledger[-1].operation
        assert riders.verify().ok

    @pytest.mark.parametrize(
        ("awards", "error", "message"),
        [
            ({"ana": {"escrime": 5}, "zed": {"danse": 1}}, UnknownName, "character 'zed' is not defined in party"),
            ({"ana": {"escrime": 5}, "bea": {"voile": 1}}, UnknownName, "competence 'voile' is not defined"),
            ({"ana": {"escrime": 5}, "bea": {"danse": 0}}, InvalidInput, "for 'danse' are a whole number >= 1, got 0"),
            (
                {"ana": {"escrime": 5}, "bea": {}},
                InvalidInput,
                "the points awarded to character 'bea' map competences to points, got {}",
            ),
            ({}, InvalidInput, "for one character or more, got {}"),
        ],
    )
    def test_one_wrong_award_records_none(self, riders: Party, awards, error, message) -> None:
        """When one award of the session is wrong, none is recorded: the others' characters are unchanged."""
        before = (riders.character("ana"), riders.character("bea"))
        with pytest.raises(error, match=message):
            riders.award(awards, reason="session 2")
        assert before == (riders.character("ana"), riders.character("bea"))

    def test_a_failure_inside_the_transaction_records_none(self, riders: Party, monkeypatch) -> None:
        """A failure after the first character's entry was written (the database's, say) keeps neither."""
        original = progression.store.Transaction.run

        def run(self, sheet_id, *args, **kwargs):
            if sheet_id == "bea":
                raise StoreError(self._store.where, "the disk is full")
            return original(self, sheet_id, *args, **kwargs)

        monkeypatch.setattr(progression.store.Transaction, "run", run)
        with pytest.raises(StoreError, match="the disk is full"):
            riders.award({"ana": {"escrime": 5}, "bea": {"danse": 1}}, reason="session 2")
        monkeypatch.undo()
        assert (1, 1) == (riders.store.version("ana"), riders.store.version("bea"))

    def test_a_reason_on_one_line(self, riders: Party) -> None:
        """The reason is the session, on one line."""
        with pytest.raises(InvalidInput, match=r"the reason of an award is a text on one line, got 'one\\ntwo'"):
            riders.award({"ana": {"escrime": 1}}, reason="one\ntwo")


class TestChanges:
    def test_a_raise_and_a_purchase_are_stored(self, riders: Party) -> None:
        """A raise and a quality bought on a stored character are stored, entry by entry, and verify."""
        riders.add_character("cid", "Cid", levels={"escrime": 60})
        riders.award({"ana": {"danse": 2}, "cid": {"escrime": 50}}, reason="a long session")
        raised = riders.raise_level("ana", "danse", 2)
        assert 2 == pc.level(riders.pack, raised, "danse")
        bought = riders.buy_quality("cid", "souplesse", {"escrime": 50})
        assert 1 == bought.owned["souplesse"]
        assert raised == riders.character("ana")
        assert (bought, True) == (riders.character("cid"), riders.verify().ok)

    def test_a_refused_change_writes_nothing(self, riders: Party) -> None:
        """A raise the points do not cover is refused by the rules, and the character is unchanged."""
        before = riders.character("bea")
        with pytest.raises(InsufficientPoints):
            riders.raise_level("bea", "danse", 3)
        assert before == riders.character("bea")

    def test_amend_runs_the_later_entries_again(self, riders: Party) -> None:
        """An award corrected downwards leaves a later raise without its points: refused, nothing changed; with
        ``invalid="drop"`` the raise is dropped and the store holds the corrected history."""
        riders.award({"bea": {"danse": 6}}, reason="session 1")
        riders.raise_level("bea", "danse", 2)
        with pytest.raises(AmendmentRefused):
            riders.amend("bea", 2, Award(pool="pp.danse", amount=1, reason="session 1"))
        assert 7 == pc.level(riders.pack, riders.character("bea"), "danse")
        report = riders.amend("bea", 2, Award(pool="pp.danse", amount=1, reason="session 1"), invalid="drop")
        assert ["amended", "dropped"] == [o.status for o in report.outcomes]
        assert (5, 2, True) == (
            pc.level(riders.pack, riders.character("bea"), "danse"),
            riders.store.version("bea"),
            riders.verify().ok,
        )


class TestTuning:
    def test_the_campaign_travels_in_the_store(self, tmp_path: Path, monkeypatch) -> None:
        """A party of a campaign file of its own, tuned further, keeps both in the store: opened from another
        folder after the file is gone, its characters are priced as the party was made."""
        file = harbour(tmp_path)
        where = tmp_path / "harbour.sqlite"
        with new_party(where, "Harbour", campaign=file, quality_base=30) as made:
            made.add_character("ana", "Ana")
        file.unlink()
        elsewhere = tmp_path / "elsewhere"
        elsewhere.mkdir()
        monkeypatch.chdir(elsewhere)
        with open_party(where) as again:
            assert ("harbour", "quality_base=30") == (again.about()["campaign"], again.about()["settings"])
            ana = again.character("ana")
            assert [30, 35] == [price for _, price in pc.queries.quality_table(again.pack, 2)]
            assert "campaign_file" not in ana.tags
            assert again.verify().ok

    def test_an_exported_character_plays_on_its_own(self, tmp_path: Path) -> None:
        """Exported, a character of the party's own campaign is written with the campaign beside it, and the
        ``progression sheet`` commands price it as the party does."""
        where = tmp_path / "harbour.sqlite"
        with new_party(where, "Harbour", campaign=harbour(tmp_path), quality_base=30) as made:
            made.add_character("ana", "Ana", levels={"escrime": 10})
            made.award({"ana": {"escrime": 40}}, reason="session 1")
            out = tmp_path / "carried"
            out.mkdir()
            sheet, beside = made.export_character("ana", out / "ana.json")
            assert out / "ana.campaign.toml" == beside
            with pytest.raises(StoreError, match="already exists; pass force=True"):
                made.export_character("ana", out / "ana.json")
        quote = subprocess.run(
            [sys.executable, "-m", "progression", "sheet", "quote", str(sheet), "quality.souplesse", "--json"],
            capture_output=True, text=True, check=True, cwd=tmp_path,
        )  # fmt: skip
        assert 30 == json.loads(quote.stdout)["price"]
        carried = progression.load_sheet(sheet.read_text(encoding="utf-8"))
        assert str(beside.resolve()) == carried.tags["campaign_file"]
        assert pc.campaigns.pack_for(pc.pack(), carried).quote(carried, "quality.souplesse").price == 30
        verified = subprocess.run(
            [sys.executable, "-m", "progression", "sheet", "verify", str(sheet)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert (0, "Ana: all 2 entries verified under") == (verified.returncode, verified.stdout[:33])
        with new_party(tmp_path / "back.sqlite", "Back", campaign=harbour(tmp_path), quality_base=30) as back:
            returned = back.import_character("ana", sheet)
            assert (2, True) == (len(returned.ledger), back.verify().ok)
        with (
            new_party(tmp_path / "plain.sqlite", "Plain", quality_base=30) as plain,
            pytest.raises(InvalidInput, match="'Ana' plays campaign 'harbour' and party 'Plain' campaign 'example'"),
        ):
            plain.import_character("ana", sheet)

    def test_a_forged_character_is_not_exported(self, tmp_path: Path) -> None:
        """A character of the party's own campaign whose snapshot was forged in the SQLite file (escrime at level 30
        where its entries give 10, with the digest the store would keep): reads show 30, but the export, which
        writes the file from the entries, refuses it as the store's own export does, from Python and from the
        command line, and writes no file."""
        where = tmp_path / "harbour.sqlite"
        with new_party(where, "Harbour", campaign=harbour(tmp_path), quality_base=30) as made:
            made.add_character("ana", "Ana", levels={"escrime": 10})
            made.award({"ana": {"escrime": 40}}, reason="session 1")
            (state,) = raw(str(where), "SELECT state FROM sheets WHERE id = 'ana'")[0]
            forge(str(where), "ana", str(state).replace('"level.escrime":10', '"level.escrime":30'))
            assert 30 == pc.level(made.pack, made.character("ana"), "escrime")
            with pytest.raises(StoreTampered) as caught:
                made.export_character("ana", tmp_path / "ana.json")
        said = (
            f"store {where}: sheet 'ana' was changed in the database outside the store: its snapshot (what reads "
            "show) is not what its entries add up to: stats.level.escrime: held 30, its history gives 10; it is not "
            "read as the sheet (verify the store to find the entry that differs)"
        )
        assert said == str(caught.value)
        command = [sys.executable, "-m", "progression", "campaign", "export", str(where), "ana", "ana.json"]
        refused = subprocess.run(command, capture_output=True, text=True, check=False, cwd=tmp_path)
        assert (2, True) == (refused.returncode, said in refused.stderr)
        assert [] == sorted(path.name for path in tmp_path.glob("ana*"))

    def test_a_campaign_that_does_not_load_makes_no_store(self, tmp_path: Path) -> None:
        """A wrong tuning is refused before any file is made."""
        with pytest.raises(RulePackError, match="quality_base"):
            new_party(tmp_path / "p.sqlite", "P", quality_base=-1)
        with pytest.raises(InvalidInput, match="'overflow' is not a setting tuned one by one"):
            new_party(tmp_path / "p.sqlite", "P", overflow=1)
        assert not (tmp_path / "p.sqlite").exists()

    def test_a_record_of_another_format_is_refused(self, tmp_path: Path) -> None:
        """A party record of a layout this version does not read is refused, saying which it reads."""
        where = tmp_path / "p.sqlite"
        new_party(where, "P").close()
        record = {"format": 2, "name": "P", "campaign": None, "settings": {}, "characters": []}
        raw(str(where), "UPDATE records SET value = ? WHERE name = 'competence.party'", (json.dumps(record),))
        with pytest.raises(StoreError, match=r"'competence\.party' is of format 2; this version reads format 1"):
            open_party(where)

    def test_a_tampered_tuning_is_refused(self, tmp_path: Path) -> None:
        """A party record whose settings were edited so that they no longer read is refused when opened."""
        where = tmp_path / "p.sqlite"
        new_party(where, "P").close()
        raw(str(where), "UPDATE records SET value = ? WHERE name = 'competence.party'",
            (json.dumps({"format": 1, "name": "P", "campaign": None, "settings": {"quality_base": -5}, "characters": []}),))  # fmt: skip
        with pytest.raises(RulePackError, match="expected an integer from 0 to 10000, got -5"):
            open_party(where)


def edit_record(where: Path, change) -> None:
    """The party's record changed in the database by hand, as a game master with a SQLite shell would: read,
    changed by ``change`` (a function of the record), written back."""
    (value,) = raw(str(where), "SELECT value FROM records WHERE name = 'competence.party'")[0]
    record = json.loads(str(value))
    change(record)
    raw(str(where), "UPDATE records SET value = ? WHERE name = 'competence.party'", (json.dumps(record),))


#: What a party's record is changed into by hand, each refused.
EDITS = {
    "a quality's price lowered": lambda r: r["settings"].update(quality_base=1),
    "the name": lambda r: r.update(name="Q"),
    "a character's id added": lambda r: r["characters"].append("eve"),
    "the campaign": lambda r: r.update(campaign='format = 1\n[campaign]\nname = "x"\n'),
}

#: How a refused record is named.
CHANGED = (
    r"the party's record 'competence\.party' \(its name, characters, campaign and settings\) was changed in the "
    r"database outside the party: it is not what the party wrote there \(its seal does not hold\); nothing is read "
    r"from it: put it back as it was \(from a copy of the store\)$"
)


class TestTheRecord:
    @pytest.mark.parametrize("edit", sorted(EDITS))
    def test_an_edited_record_is_refused_when_opened(self, tmp_path: Path, edit: str) -> None:
        """A party's record changed in the database is refused when the party is opened, naming the record, as
        ``Book.found`` says: a quality priced 1 in place of 50 was played, new characters bought qualities at that
        price, and the old ones were told to rebase onto it."""
        where = tmp_path / "p.sqlite"
        with new_party(where, "P") as made:
            made.add_character("ana", "Ana", levels={"escrime": 20})
        edit_record(where, EDITS[edit])
        with pytest.raises(StoreError, match=CHANGED) as refused:
            open_party(where)
        assert "rebase" not in str(refused.value)

    def test_an_edit_while_open_is_refused_at_the_next_use(self, tmp_path: Path) -> None:
        """A record changed while the party is open is refused the next time the party reads it; nothing is
        written."""
        where = tmp_path / "p.sqlite"
        with new_party(where, "P") as party:
            party.add_character("ana", "Ana", levels={"escrime": 30})
            edit_record(where, EDITS["a quality's price lowered"])
            for use in (
                lambda: party.add_character("eve", "Eve"),
                lambda: party.award({"ana": {"escrime": 1}}, reason="a duel"),
                lambda: party.buy_quality("ana", "vitesse"),
                party.characters,
                party.verify,
            ):
                with pytest.raises(StoreError, match=CHANGED):
                    use()
            assert 1 == party.store.version("ana")
        assert ["ana"] == [r[0] for r in raw(str(where), "SELECT id FROM sheets")]

    def test_a_record_of_before_the_seal(self, tmp_path: Path) -> None:
        """A record written before records were sealed (0.1.0) is read and played as it is, and sealed the next time
        the party writes it; one whose campaign or settings are not those its characters were made under is
        refused when opened, naming the record, without a word of rebasing onto what it gives."""
        where = tmp_path / "p.sqlite"
        with new_party(where, "P") as made:
            made.add_character("ana", "Ana", levels={"escrime": 20})
        edit_record(where, lambda r: r.pop("seal"))
        with open_party(where) as party:
            party.award({"ana": {"escrime": 5}}, reason="a duel")
            party.add_character("bea", "Bea")
        edit_record(where, EDITS["a quality's price lowered"])
        with pytest.raises(StoreError, match=CHANGED):
            open_party(where)  # sealed when bea joined
        edit_record(where, lambda r: r.pop("seal"))
        with pytest.raises(StoreError) as refused:
            open_party(where)
        assert str(refused.value).startswith(
            f"store {where}: the party's record 'competence.party' (written before records were sealed) gives the "
            "rules 'competence 1 "
        )
        assert "but its character 'ana' was made under 'competence 1 " in str(refused.value)
        assert "rebase" not in str(refused.value)


#: Each public entry point given a wrong input: what it is called with, and the message it refuses with.
WRONG = [
    (lambda p: p.character(7), "character 7 is not defined in party 'The Riders'"),
    (lambda p: p.add_character("cid", None), "the name of character 'cid' is a text on one line, got None"),
    (lambda p: p.add_character("cid", "Cid", levels="escrime=3"), "the starting levels of character 'cid' map competences to levels, got 'escrime=3'"),
    (lambda p: p.add_character("cid", "Cid", escrime="x"), "the starting level of 'escrime' for character 'cid' must be a whole number, got 'x'"),
    (lambda p: p.add_character(" cid", "Cid"), "a character's id is a text without spaces, ':', ',' or '='"),
    (lambda p: p.add_character("x:y", "XY"), "a character's id is a text without spaces, ':', ',' or '=', got 'x:y'"),
    (lambda p: p.add_character("p,q=r", "PQ"), "a character's id is a text without spaces, ':', ',' or '='"),
    (lambda p: p.add_character("cid", ""), "the name of character 'cid' is a text on one line, got ''"),
    (lambda p: p.add_sheet("cid", "ana.json"), "expected a character sheet as the sheet to store as 'cid', got str"),
    (lambda p: p.import_character("cid", 3), "expected the path of a sheet file to read into the party, got 3"),
    (lambda p: p.import_character("cid", "/nowhere/ana.json"), "cannot read the sheet file '/nowhere/ana.json': it does not exist"),
    (lambda p: p.export_character("ana", None), "expected a file path to export character 'ana' to, got None"),
    (lambda p: p.export_character("ana", "a.json", force="yes"), "force (whether the files character 'ana' is exported to are replaced) is True or False, got 'yes'"),
    (lambda p: p.award({"ana": {"escrime": 1}}, reason=None), "the reason of an award is a text on one line, got None"),
    (lambda p: p.award([("ana", 1)], reason="s"), "expected awards as character -> competence -> points, for one character or more, got [('ana', 1)]"),
    (lambda p: p.award({"ana": 3}, reason="s"), "the points awarded to character 'ana' map competences to points, got 3"),
    (lambda p: p.award({"ana": {"escrime": True}}, reason="s"), "the points awarded to character 'ana' for 'escrime' are a whole number >= 1, got True"),
    (lambda p: p.change("ana", "raise"), "the change of character 'ana' is a function of (pack, sheet), got 'raise'"),
    (lambda p: p.change("ana", lambda pack, sheet: None), "the change of character 'ana' returned NoneType, not a Sheet"),
    (lambda p: p.raise_level("ana", "escrime", "2"), "levels must be a whole number >= 1 in the raise of 'escrime', got '2'"),
    (lambda p: p.settle("ana", "escrime", discard="no"), "discard (whether the points of 'escrime' over the cap of character 'ana' are lost) is True or False, got 'no'"),
    (lambda p: p.buy_quality("ana", "voltige"), "quality 'voltige' is not defined"),
    (lambda p: p.buy_specialization("ana", "escrime", "vol"), "specialization 'vol' is not defined"),
    (lambda p: p.amend("ana", 9, Award(pool="pp.escrime", amount=1, reason="s")), "the entry to amend of sheet 'Ana' must be a number from 1 to 1, got 9"),
    (lambda p: p.amend("ana", 1, Award(pool="pp.escrime", amount=1, reason="s")), "the first entry is the creation"),
]  # fmt: skip


class TestWrongInput:
    @pytest.mark.parametrize(("call", "message"), WRONG, ids=[m[:40] for _, m in WRONG])
    def test_refused_as_a_progression_error(self, riders: Party, call, message: str) -> None:
        """Every public entry point refuses a wrong input with a ProgressionError saying what was expected and what
        came, and nothing is written."""
        before = (riders.character("ana"), riders.characters())
        with pytest.raises(progression.errors.ProgressionError) as refused:
            call(riders)
        assert message in str(refused.value)
        assert before == (riders.character("ana"), riders.characters())

    def test_new_party(self, tmp_path: Path) -> None:
        """new_party refuses a store that is no path, a campaign that is no file, settings of another type."""
        with pytest.raises(InvalidInput, match="a store is a SQLite file path"):
            new_party(None, "P")
        with pytest.raises(InvalidInput, match="campaign is a campaign TOML file's path"):
            new_party(tmp_path / "p.sqlite", "P", campaign=3)
        with pytest.raises(RulePackError, match=r"missing\.toml"):
            new_party(tmp_path / "p.sqlite", "P", campaign=tmp_path / "missing.toml")
        with pytest.raises(InvalidInput, match="settings are Settings or a settings TOML file's path, got int"):
            new_party(tmp_path / "p.sqlite", "P", settings=3)
        assert not (tmp_path / "p.sqlite").exists()


class TestStores:
    def test_one_party_per_store(self, riders: Party, where: str) -> None:
        """A store holds one party; a store of no party is said so."""
        with pytest.raises(StoreError, match="it already holds a party; open it with open_party"):
            Party.start(
                riders.store, {"format": 1, "name": "Again", "campaign": None, "settings": {}, "characters": []}
            )
        with pytest.raises(InvalidInput, match="a party's name is a text on one line"):
            new_party(where + "-2", "two\nlines")

    def test_a_store_without_a_party(self, tmp_path: Path) -> None:
        """A competence store holding no party is refused by open_party, saying how to make one."""
        progression.open_store(tmp_path / "bare.sqlite", pc.pack()).close()
        with pytest.raises(StoreError, match=r"it holds no party; make one in a new store with new_party$"):
            open_party(tmp_path / "bare.sqlite")


#: A child process that awards a session to ana and bea and dies between ana's entry and bea's.
_DIES = """
import os, sys
from progression.store import Transaction
from progression_competence.party import open_party
original = Transaction.run
def run(self, sheet_id, *args, **kwargs):
    done = original(self, sheet_id, *args, **kwargs)
    if sheet_id == "ana":
        os._exit(3)  # killed mid-transaction: ana's entry written, bea's not yet
    return done
Transaction.run = run
party = open_party(sys.argv[1])
party.award({"ana": {"escrime": 5}, "bea": {"danse": int(sys.argv[2]) + 1}}, reason="the killed session")
"""

#: A child process that awards one session to both characters, as a game master's command would.
_AWARDS = """
import sys
from progression_competence.party import open_party
with open_party(sys.argv[1]) as party:
    party.award({"ana": {"escrime": 1}, "bea": {"danse": 1}}, reason=f"session {sys.argv[2]}")
"""


class TestOnDisk:
    def test_killed_between_two_characters(self, tmp_path: Path) -> None:
        """A process killed after writing one character's award and before the other's leaves neither, every time."""
        path = tmp_path / "party.sqlite"
        with new_party(path, "The Riders") as made:
            made.add_character("ana", "Ana")
            made.add_character("bea", "Bea")
        rows = raw(str(path), "SELECT sheet, version, entry FROM entries ORDER BY sheet, version")
        for seed in range(6):
            child = subprocess.run(
                [sys.executable, "-c", _DIES, str(path), str(seed)], capture_output=True, check=False
            )
            assert 3 == child.returncode, child.stderr.decode()
            with open_party(path) as again:
                assert (1, 1) == (again.store.version("ana"), again.store.version("bea"))
                assert again.verify().ok
        assert rows == raw(str(path), "SELECT sheet, version, entry FROM entries ORDER BY sheet, version")

    def test_concurrent_game_masters(self, tmp_path: Path) -> None:
        """Four processes award a session to both characters at once: all four recorded on both, none lost."""
        path = tmp_path / "party.sqlite"
        with new_party(path, "The Riders") as made:
            made.add_character("ana", "Ana")
            made.add_character("bea", "Bea")
        children = [
            subprocess.Popen([sys.executable, "-c", _AWARDS, str(path), str(n)], stderr=subprocess.PIPE)
            for n in range(4)
        ]
        for child in children:
            _, error = child.communicate(timeout=120)
            assert 0 == child.returncode, error.decode()
        with open_party(path) as again:
            ana, bea = again.character("ana"), again.character("bea")
            assert (5, 5) == (len(ana.ledger), len(bea.ledger))
            assert (4, 4) == (ana.pools["pp.escrime"], bea.pools["pp.danse"])
            assert {f"session {n}" for n in range(4)} == {e.operation.reason for e in ana.ledger[1:]}
            assert again.verify().ok

    def test_a_tampered_row_is_found(self, where: str) -> None:
        """An award edited in the database is found by the party's verify, at its character and entry."""
        with new_party(where, "The Riders") as made:
            made.add_character("ana", "Ana")
            made.add_character("bea", "Bea")
            made.award({"ana": {"escrime": 5}, "bea": {"danse": 3}}, reason="session 1")
        row = raw(where, "SELECT entry FROM entries WHERE sheet = 'bea' AND version = 2")[0][0]
        edited = json.loads(str(row))
        edited["operation"]["amount"] = 30
        raw(where, "UPDATE entries SET entry = ? WHERE sheet = 'bea' AND version = 2", (json.dumps(edited),))
        with open_party(where) as again:
            check = again.verify()
            assert not check.ok
            assert check.characters["ana"].ok
            assert [2] == [d.position for d in check.characters["bea"].divergences]


def test_an_export_leaves_no_temporary_file(tmp_path: Path) -> None:
    """An export leaves no temporary file beside the sheet."""
    with new_party(tmp_path / "p.sqlite", "P") as made:
        made.add_character("ana", "Ana")
        made.export_character("ana", tmp_path / "ana.json")
    assert ["ana.json", "p.sqlite"] == sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("p.sqlite-"))
    assert not list(tmp_path.glob(f".*{os.getpid()}*"))


def test_a_change_worked_out_on_an_older_version_is_refused(tmp_path: Path) -> None:
    """``Party.change(expected=)``: a change worked out on version 1 is not stored over version 2."""
    from progression.errors import StoreConflict

    with new_party(tmp_path / "p.sqlite", "P") as made:
        made.add_character("ana", "Ana", levels={"escrime": 20})
        seen = made.character("ana")
        made.award({"ana": {"escrime": 3}}, reason="meanwhile")
        raised = pc.raise_level(made.pack, made.award({"ana": {"escrime": 1}}, reason="x")["ana"], "escrime")
        with pytest.raises(StoreConflict, match="sheet 'ana' was expected at version 1 but is at version 3"):
            made.change("ana", lambda pack, sheet: raised, expected=len(seen.ledger))
        assert 3 == made.store.version("ana")
