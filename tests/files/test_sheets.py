"""Sheets to and from JSON: exact round trips, and files that do not load."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given

import progression
import progression.operations
from progression import ScriptedDice, Sheet, dump_sheet, load_sheet
from progression.errors import InvalidInput, SheetError, SheetTampered
from progression.files import structure_sheet, unstructure_sheet
from support.builders import FEW, histories, market, skirmish, trainer


def roster() -> Sheet:
    """A guild with two members, operations on each, a combined step and a member who left."""
    pack = market()
    guild = market().new_sheet("guild", "Lions", pools={"purse": 4})
    guild = progression.join(guild, "ana", market().new_sheet("adventurer", "Ana", pools={"purse": 5}))
    guild = progression.join(guild, "bo", market().new_sheet("adventurer", "Bo"))
    before = guild
    guild = pack.award(guild, "bag", 14, reason="loot", member="ana")
    guild = pack.purchase(guild, "medal", member="ana")
    guild = progression.operations.combine(before, guild, "match 1")
    return progression.leave(progression.mark(guild, "after match 1"), "bo", reason="retired")


class TestRoundTrip:
    @FEW
    @given(histories())
    def test_json_round_trip_is_identity(self, sheet: Sheet) -> None:
        """``load_sheet(dump_sheet(x)) == x`` for generated histories, state included."""
        again = load_sheet(dump_sheet(sheet))
        assert (sheet, dict(sheet.pools), dict(sheet.owned)) == (again, dict(again.pools), dict(again.owned))

    def test_roster_with_members_and_steps(self) -> None:
        """Members, their wrapped events, a combined Step and a departure survive a save."""
        sheet = roster()
        again = load_sheet(dump_sheet(sheet))
        assert (sheet, again.member("ana"), list(again.members)) == (again, sheet.member("ana"), ["ana"])

    def test_paused_procedure(self) -> None:
        """A sheet waiting for a decision saves with its rolls and its question."""
        sheet = trainer().purchase(
            trainer().new_sheet("player", "Bo", pools={"spp": 6}), "random_skill", dice=ScriptedDice([2, 4])
        )
        again = load_sheet(dump_sheet(sheet))
        assert (sheet, sheet.pending) == (again, again.pending)

    def test_override_survives(self) -> None:
        """A GM override and its reason are in the file."""
        sheet = market().purchase(
            market().new_sheet("adventurer", "A", pools={"purse": 5}), "crown", override="favour", bypass=["requires"]
        )
        assert sheet == load_sheet(dump_sheet(sheet))

    def test_file_shape(self) -> None:
        """A file holds its format, its pack, its ledger and its seal: an entry per operation holding the operation
        (by ``op``) and its events, each event naming itself under ``event``."""
        data = unstructure_sheet(roster())
        batch = data["ledger"][3]  # the combined step: a batch of two entries
        member = next(e for entry in batch["events"] for e in entry["events"] if e["event"] == "member")
        first = data["ledger"][0]
        assert (["format", "pack", "ledger", "seal"], 4, "market", ["event", "number", "operation", "events"]) == (
            list(data),
            data["format"],
            data["pack"],
            list(first),
        )
        assert ("entry", "create", "created", ["event", "member", "entry"]) == (
            first["event"],
            first["operation"]["op"],
            first["events"][0]["event"],
            list(member),
        )


def saved(**changes: Any) -> dict[str, Any]:
    data = unstructure_sheet(market().award(market().new_sheet("adventurer", "Ana"), "purse", 3, reason="x"))
    data.update(changes)
    return data


class TestBadFiles:
    def test_truncated(self) -> None:
        """A file cut short says where the JSON broke."""
        text = dump_sheet(market().new_sheet("adventurer", "Ana"))
        with pytest.raises(SheetError, match=r"sheet ana.json does not load: not valid JSON: .* @ line \d+ column \d+"):
            load_sheet(text[: len(text) // 2], "ana.json")

    @pytest.mark.parametrize(
        ("changes", "message"),
        [
            ({"format": 5}, r"unknown format version 5; this library reads formats 1, 2, 3, 4 @ \$\.format"),
            ({"format": True}, r"unknown format version True; this library reads formats 1, 2, 3, 4 @ \$\.format"),
            ({"format": "1"}, r"unknown format version '1'; this library reads formats 1, 2, 3, 4 @ \$\.format"),
            ({"ledger": []}, r"expected a non-empty list of events, got \[\] @ \$\.ledger"),
            ({"pack": "other"}, r"the file says pack 'other' but its ledger was made with 'market' @ \$\.pack"),
            (
                {"notes": "hi"},
                r"unknown key 'notes'; a sheet file of format 4 holds: format, pack, ledger, seal @ \$\.notes",
            ),
            ({"format": 2}, r"unknown key 'seal'; a sheet file of format 2 holds: format, pack, ledger @ \$\.seal"),
            ({"seal": None}, r"its seal is not one the library writes \(64 lowercase hexadecimal digits\), got None;"),
            (
                {"seal": "0" * 63},
                r"its seal is not one .* got '0{63}'; verify it .*\(progression sheet verify ana\.json\)",
            ),
            (
                {"seal": "A" * 64},
                r"its seal is not one the library writes \(64 lowercase hexadecimal digits\), got 'A{64}'",
            ),
        ],
    )
    def test_bad_top_level(self, changes: dict[str, Any], message: str) -> None:
        """Versions, ledgers, packs and stray keys are checked, each with its key path."""
        with pytest.raises(SheetError, match="sheet ana.json does not load: " + message):
            structure_sheet(saved(**changes), "ana.json")

    def test_missing_format(self) -> None:
        """A file without a format is refused, saying which it expects."""
        data = saved()
        del data["format"]
        with pytest.raises(SheetError, match=r"required key 'format' is missing; expected 4 @ \$\.format"):
            structure_sheet(data, "ana.json")

    def test_every_bad_event_at_once(self) -> None:
        """Wrong types inside events are all reported, each with its path in the ledger."""
        data = saved()
        data["ledger"][1]["events"][0].update(amount="3", pool=7)
        data["ledger"].append({"event": "exploded"})
        with pytest.raises(SheetError) as caught:
            structure_sheet(data, "ana.json")
        assert [
            ("$.ledger[1].events[0].pool", "expected a text, got 7"),
            ("$.ledger[1].events[0].amount", "expected an integer, got '3'"),
            (
                "$.ledger[2]",
                "unknown event 'exploded'; expected one of: created, awarded, lost, purchased, started, rolled, asked, "
                "decided, finished, adjusted, marked, joined, left, member, step, entry",
            ),
        ] == [(p.path, p.reason) for p in caught.value.problems]

    def test_unknown_field_in_an_event(self) -> None:
        """A key an event does not have is refused, not dropped."""
        data = saved()
        data["ledger"][1]["bonus"] = 2
        with pytest.raises(SheetError, match=r"\$\.ledger\[1\]"):
            structure_sheet(data, "ana.json")

    def test_ledger_that_does_not_fold(self) -> None:
        """A ledger that parses but does not fold names the file and the event."""
        data = saved()
        data["ledger"].append({"event": "member", "member": "ghost", "entry": {"event": "marked", "label": "x"}})
        with pytest.raises(
            SheetError,
            match=r"sheet ana.json does not load: event 2 \(member\) refers to 'ghost', which is not on the sheet @ \$\.ledger\[2\]",
        ):
            structure_sheet(data, "ana.json")

    def test_not_an_object(self) -> None:
        """A JSON list is not a sheet."""
        with pytest.raises(SheetError, match=r"expected an object, got list @ \$"):
            load_sheet(json.dumps([1, 2]), "ana.json")

    def test_not_text(self) -> None:
        """``load_sheet`` reads text; parsed data goes to ``loads``."""
        with pytest.raises(
            InvalidInput,
            match=r"load_sheet reads JSON text \(str or bytes\), got dict; use structure_sheet\(\) for parsed data",
        ):
            load_sheet(saved())  # type: ignore[arg-type]

    def test_dump_something_else(self) -> None:
        """Only sheets are saved."""
        with pytest.raises(InvalidInput, match="expected a Sheet to save, got dict"):
            dump_sheet(saved())  # type: ignore[arg-type]


class TestThePackReadUnder:
    def test_a_sheet_of_another_pack_is_refused_naming_both(self) -> None:
        """A market sheet read under the skirmish pack is refused by both loaders, naming the pack of each, before
        its ledger is read (a review found ``pack=`` of another name ignored: the sheet loaded as its own pack's)."""
        text = dump_sheet(market().new_sheet("adventurer", "Ana"))
        said = (
            "sheet ana.json does not load: expected a sheet of pack 'skirmish', the pack it is read under, got one of "
            "pack 'market'; read it under pack 'market' (or with no pack: the installed pack of that name) @ $.pack"
        )
        with pytest.raises(SheetError) as loaded:
            load_sheet(text, "ana.json", pack=skirmish())
        with pytest.raises(SheetError) as structured:
            structure_sheet(json.loads(text), "ana.json", pack=skirmish())
        assert (said, said) == (str(loaded.value), str(structured.value))
        assert market().new_sheet("adventurer", "Ana") == load_sheet(text, pack=market())

    def test_a_team_read_under_competence_is_refused_by_its_pack_once(self) -> None:
        """A Blood Bowl team read under the competence pack: refused by the packs' names, in one sentence said once,
        where the reader refused each of the team's own operations, with the same sentence said again and again (it
        does not know 'bloodbowl.hire')."""
        import progression_bloodbowl

        bloodbowl, competence = progression.load("bloodbowl"), progression.load("competence")
        team = progression_bloodbowl.draft(
            bloodbowl, "human", "Anvils", [("human_lineman", f"L{n}") for n in range(11)]
        )
        with pytest.raises(SheetError) as refused:
            load_sheet(dump_sheet(team), "anvils.json", pack=competence)
        assert (
            "sheet anvils.json does not load: expected a sheet of pack 'competence', the pack it is read under, got "
            "one of pack 'bloodbowl'; read it under pack 'bloodbowl' (or with no pack: the installed pack of that "
            "name) @ $.pack"
        ) == str(refused.value)

    def test_what_is_no_pack_nor_flag_is_refused(self) -> None:
        """A pack's name where the pack is meant, and a ``verify`` that is no flag (``"no"`` would verify), are
        refused as input, not met with an AttributeError."""
        text = dump_sheet(market().new_sheet("adventurer", "Ana"))
        with pytest.raises(
            InvalidInput,
            match=r"^expected a RulePack \(or None\) as the pack <text> is read under, got str 'market'; load it first",
        ):
            load_sheet(text, pack="market")  # type: ignore[arg-type]
        with pytest.raises(
            InvalidInput,
            match=r"^verify= \(whether the history of <text> is run again under the rules\) is True or False, got 'no'",
        ):
            load_sheet(text, verify="no")  # type: ignore[arg-type]


class TestTextThatCannotBeWritten:
    def test_a_lone_surrogate_in_a_file_is_refused(self) -> None:
        """A JSON escape of half a UTF-16 pair parses, but no save could write it back: refused with its path."""
        text = dump_sheet(market().new_sheet("adventurer", "Ana")).replace('"name": "Ana"', '"name": "A\\ud800"', 1)
        with pytest.raises(SheetError, match=r"a lone surrogate\): 'A\\ud800' @ \$\.ledger\[0\]\.operation\.name"):
            load_sheet(text, "ana.json")

    def test_an_encoded_surrogate_in_bytes_is_refused(self) -> None:
        """Bytes holding half a UTF-16 pair encoded as UTF-8 (which json reads from bytes) are not UTF-8 text: refused
        as such, where the digest of the seal would have failed on them."""
        saved_bytes = dump_sheet(market().new_sheet("adventurer", "Ana")).encode()
        broken = saved_bytes.replace(b'"name": "Ana"', b'"name": "A\xed\xa0\x80"', 1)
        with pytest.raises(
            SheetError, match=r"sheet ana\.json does not load: .*not UTF-8 text: 'utf-8' codec can't decode"
        ):
            load_sheet(broken, "ana.json")
        assert "Ana" == load_sheet(saved_bytes, "ana.json").name

    def test_a_whole_pair_is_text(self) -> None:
        """An escaped pair (an emoji) is one character, and loads."""
        text = dump_sheet(market().new_sheet("adventurer", "Ana")).replace('"name": "Ana"', '"name": "\\ud83c\\udfc8"')
        assert "🏈" == load_sheet(text, "ana.json", tampered="read").name


class TestSeal:
    """A file carries the digest of the state its ledger folds to: an edit by hand that changes what the sheet
    holds is refused at every read, whatever the length of the history, and read only to be verified or run again."""

    def test_an_edited_event_is_refused(self) -> None:
        """An award of 3 made 30: refused, naming the file and what to do; read with ``tampered="read"``, as it is."""
        data = saved()
        data["ledger"][1]["events"][0]["amount"] = 30
        with pytest.raises(
            SheetTampered, match=r"sheet ana\.json does not load: the file was changed outside the library"
        ):
            structure_sheet(data, "ana.json")
        assert 30 == structure_sheet(data, "ana.json", tampered="read").pools["purse"]

    def test_an_edit_the_rules_give_is_refused(self) -> None:
        """The award and its operation made 30 together: every entry verifies, and the seal refuses the file."""
        data = saved()
        data["ledger"][1]["events"][0]["amount"] = 30
        data["ledger"][1]["operation"]["amount"] = 30
        read = structure_sheet(data, "ana.json", tampered="read")
        assert progression.verify(read, market()).ok
        with pytest.raises(SheetTampered):
            structure_sheet(data, "ana.json")

    def test_a_member_edited_is_refused(self) -> None:
        """The medal a member bought made free: the roster's file is refused."""
        data = unstructure_sheet(roster())
        text = json.dumps(data).replace('"price": {"purse": 2}', '"price": {"purse": 0}')
        assert text != json.dumps(data)
        with pytest.raises(SheetTampered):
            load_sheet(text, "lions.json")

    def test_any_edit_of_an_entry_is_refused(self) -> None:
        """A reason made another, which changes no figure: refused too (the seal is of the entries)."""
        data = saved()
        data["ledger"][1]["events"][0]["reason"] = "a gift"
        with pytest.raises(SheetTampered):
            structure_sheet(data, "ana.json")

    def test_a_file_laid_out_otherwise_loads(self) -> None:
        """The same entries indented by an editor, or their keys in another order: the file loads, its entries
        compared as the library writes them; an edit in such a file is still refused."""
        sheet = market().award(market().new_sheet("adventurer", "Ana"), "purse", 3, reason="x")
        data = unstructure_sheet(sheet)
        data["ledger"][1] = dict(reversed(data["ledger"][1].items()))
        assert sheet == load_sheet(json.dumps(data, indent=2), "ana.json")
        data["ledger"][1]["events"][0]["amount"] = 30
        with pytest.raises(SheetTampered):
            load_sheet(json.dumps(data, indent=2), "ana.json")

    def test_a_file_without_a_seal_is_read_only_to_be_checked(self) -> None:
        """A file of format 2, written before seals: nothing shows it was not edited (the award made 30, and its
        operation), so it is refused as an edited file is, saying so; read as it is, saved, it is sealed."""
        data = saved()
        data["format"] = 2
        del data["seal"]
        data["ledger"][1]["events"][0]["amount"] = data["ledger"][1]["operation"]["amount"] = 30
        with pytest.raises(SheetTampered, match=r"the file was written before seals \(format 2\), so nothing shows"):
            structure_sheet(data, "ana.json")
        sheet = structure_sheet(data, "ana.json", tampered="read")
        assert (30, 30) == (sheet.pools["purse"], structure_sheet(unstructure_sheet(sheet), "ana.json").pools["purse"])

    def test_what_tampered_takes(self) -> None:
        """``tampered`` is "refuse" or "read"; anything else is refused before the file is read."""
        with pytest.raises(InvalidInput, match=r"tampered is 'refuse' or 'read', got 'ignore'"):
            structure_sheet(saved(), "ana.json", tampered="ignore")  # type: ignore[arg-type]


class TestNumbersTooLarge:
    @pytest.mark.parametrize(
        ("digits", "reason"),
        [(16, "got one of 16 digits"), (20, "got one of 20 digits"), (5000, "a number too long to read")],
    )
    def test_a_huge_number_in_a_file_is_refused(self, digits: int, reason: str) -> None:
        """Past a quadrillion (or past what Python reads at all) a number is refused, with its key path when known."""
        text = dump_sheet(market().award(market().new_sheet("adventurer", "Ana"), "purse", 5, reason="x"))
        with pytest.raises(SheetError, match=reason):
            load_sheet(text.replace('"amount": 5', '"amount": ' + "9" * digits), "ana.json")

    def test_the_largest_number_loads(self) -> None:
        """A quadrillion itself is a number a file may hold."""
        pack = market()
        sheet = pack.award(pack.new_sheet("adventurer", "Ana"), "purse", 10**15, reason="a dragon's hoard")
        assert 10**15 == load_sheet(dump_sheet(sheet), "ana.json").pools["purse"]
