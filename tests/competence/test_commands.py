"""The pack's functions for the ``progression`` command: demo, new.character, action.test, simulate."""

from __future__ import annotations

from pathlib import Path

import pytest

import progression
import progression_competence as pc
from progression import RulePack, ScriptedDice, SeededDice
from progression.errors import InvalidInput, ProgressionError, RulesChanged, UnknownName

CAMPAIGN = Path(pc.__file__).parent / "data" / "example-campaign.toml"


class TestDemo:
    def test_story(self, pack: RulePack) -> None:
        """The demo takes a character to Proficient with a pooled quality, every PP accounted for."""
        lines: list[str] = []
        pack.contract.demo(pack, lines.append)
        text = "\n".join(lines)
        assert "Suppleness costs 50 PP" in text
        assert "Fencing PP 30, Dance PP 20" in text
        assert "Aline is now Proficient in Fencing" in text
        assert "Fencing: awarded 94 = held 0 + spent 94 + lost 0" in text
        assert "Fencing test: 57 (D100) + level 31 = 88" in text

    def test_deterministic(self, pack: RulePack) -> None:
        """Two runs say the same."""
        first: list[str] = []
        second: list[str] = []
        pack.contract.demo(pack, first.append)
        pack.contract.demo(pack, second.append)
        assert first == second


class TestNewCharacter:
    def test_name_and_levels(self, pack: RulePack) -> None:
        """Options give the name and starting levels."""
        sheet = pack.contract.factory("character")(pack, name="Aline", escrime=12)
        assert ("Aline", 12, 0) == (sheet.name, pc.level(pack, sheet, "escrime"), pc.level(pack, sheet, "danse"))

    def test_bad_level(self, pack: RulePack) -> None:
        """A level that is not a number is refused, saying what came: by the declaration (a competence's
        level is a whole number), and by the function for a competence only a campaign file names."""
        factory = pack.contract.factory("character")
        with pytest.raises(
            InvalidInput, match=r"^option 'escrime' of factory of 'character' expects whole number, got 'douze'$"
        ):
            factory.read({"escrime": "douze"})
        assert factory.function is not None
        with pytest.raises(InvalidInput, match="the level of 'escrime' must be a whole number, got 'douze'"):
            factory.function(pack, escrime="douze")

    def test_a_competence_by_its_displayed_name(self, pack: RulePack) -> None:
        """A starting level is given by the competence's id or its displayed name, in any case and language
        (``--set fencing=30``); a misspelt one is refused naming the closest, by its name too (``fencng``)."""
        factory = pack.contract.factory("character")
        sheet = factory(pack, name="Aline", fencing="30", Équitation="5")
        assert (30, 5) == (pc.level(pack, sheet, "escrime"), pc.level(pack, sheet, "equitation"))
        with pytest.raises(UnknownName) as refused:
            factory(pack, fencng="30")
        assert str(refused.value).endswith("; the closest: escrime")
        with pytest.raises(InvalidInput, match="'escrime' and 'Fencing' both name competence 'escrime'; give it once"):
            factory(pack, escrime=3, Fencing="4")

    def test_unknown_option(self, pack: RulePack) -> None:
        """An option that is no competence nor setting is refused, naming both."""
        with pytest.raises(UnknownName, match="competence or setting 'age'"):
            pack.contract.factory("character")(pack, age="30")


class TestActionTest:
    def test_records_the_roll(self, pack: RulePack) -> None:
        """``action.test`` rolls the campaign's die and records the sum in the ledger."""
        sheet = pc.new_character(pack, "Aline", levels={"escrime": 31})
        after = pack.contract.action("test")(pack, sheet, ScriptedDice([40]), competence="escrime")
        assert ("escrime test", "Fencing test: 40 (D100) + level 31 = 71") == (
            after.ledger[-1].label,
            after.ledger[-1].events[0].label,
        )

    def test_needs_a_competence(self, pack: RulePack) -> None:
        """Without competence=..., the declaration refuses it."""
        with pytest.raises(InvalidInput, match=r"^the option 'competence' \(text\) of action 'test' is required"):
            pack.contract.action("test")(pack, pc.new_character(pack), ScriptedDice([40]))


class TestSimulation:
    def test_reaches_expert(self, pack: RulePack) -> None:
        """A trial ends when Fencing is Expert, after a plausible number of sessions."""
        sessions = pack.contract.simulation("sessions_to_expert")(pack, SeededDice(7))
        # 327 PP at most 10 a session need at least 33 sessions; the gates' waits keep it under the limit.
        assert 33 <= sessions < 500

    def test_same_seed_same_count(self, pack: RulePack) -> None:
        """One trial is a function of its dice."""
        run = pack.contract.simulation("sessions_to_expert")
        assert run(pack, SeededDice(3), award=8) == run(pack, SeededDice(3), award=8)

    def test_out_of_reach(self) -> None:
        """Alone, a competence at cap 30 can never pay a quality of 50: the trial gives up at its limit."""
        campaign = pc.campaigns.example_campaign()
        built = pc.build(settings=campaign.settings.changed(quality_base=200))
        assert 40 == built.contract.simulation("sessions_to_expert")(built, SeededDice(1), limit=40)

    def test_bad_competence_position(self, pack: RulePack) -> None:
        """The competence is given by position; one out of range is refused."""
        with pytest.raises(InvalidInput, match="competence must be a position from 0 to 5, got 9"):
            pack.contract.simulation("sessions_to_expert")(pack, SeededDice(1), competence=9)

    def test_misspelt_parameter_is_refused(self, pack: RulePack) -> None:
        """A parameter the trial does not take is an error, not a silent default."""
        with pytest.raises(InvalidInput, match="unknown option 'awrd' for simulation 'sessions_to_expert'; it takes: "):
            pack.contract.simulation("sessions_to_expert")(pack, SeededDice(1), awrd=5)

    def test_picklable(self, pack: RulePack) -> None:
        """The trial is a module-level function, so workers can receive it."""
        import pickle

        function = pack.contract.simulation("sessions_to_expert").function
        assert pickle.loads(pickle.dumps(function)) is function


class TestTune:
    def test_quality_base_changes_the_quality_curve_only(self, pack: RulePack) -> None:
        """``tune`` rebuilds the same campaign with another quality base; levels cost the same."""
        tuned = pack.contract.tune(pack, quality_base=40)
        assert ([40, 50, 60], pack.curve("level").total(100)) == (
            [tuned.curve("quality").cost(n) for n in (1, 2, 3)],
            tuned.curve("level").total(100),
        )
        assert sorted(pack.upgrades) == sorted(tuned.upgrades)

    def test_a_tuned_character_under_the_plain_pack_names_pack_for(self, pack: RulePack) -> None:
        """A character of a tuned campaign used with the plain pack is refused, and the refusal names the way to
        its own rules (``pack.contract.pack_for``), which then prices it as its campaign does."""
        tuned = pack.contract.tune(pack, quality_base=40)
        character = pc.new_character(tuned, "Aline")
        with pytest.raises(RulesChanged, match=r"play it under its own with pack\.contract\.pack_for\(pack, sheet\)"):
            pack.award(character, "pp.escrime", 3, reason="the duel")
        assert tuned.rules == pack.contract.pack_for(pack, character).rules

    def test_unknown_setting_is_refused(self, pack: RulePack) -> None:
        """A setting the tuner does not take is named, with the ones it takes; one that does not fit is
        refused by the campaign's settings."""
        with pytest.raises(InvalidInput, match="unknown option 'bogus' for tuner 'tune'; it takes: quality_base, "):
            pack.contract.tune(pack, bogus=1)
        with pytest.raises(progression.errors.RulePackError, match="level_divisor"):
            pack.contract.tune(pack, level_divisor=0)


def test_installed_pack_is_found() -> None:
    """The pack is listed by the core without being imported."""
    assert "competence" in progression.packs()


class TestSheetActions:
    def test_settle_spends_a_surplus_in_one_entry(self, pack: RulePack) -> None:
        """``sheet do FILE settle competence=escrime`` spends what is over the cap on raises: one ledger entry."""
        sheet = pc.award(pack, pc.new_character(pack, levels={"escrime": 1}), "escrime", 40, reason="a season")
        after = pack.contract.action("settle")(pack, sheet, ScriptedDice([]), competence="escrime")
        assert (17, 17, len(sheet.ledger) + 1) == (
            pc.level(pack, after, "escrime"),
            after.pools["pp.escrime"],
            len(after.ledger),
        )

    def test_settle_and_discard(self, pack: RulePack) -> None:
        """``discard=yes`` loses what a gate leaves over the cap, recorded."""
        sheet = pc.award(pack, pc.new_character(pack, levels={"escrime": 29}), "escrime", 49, reason="x")
        after = pack.contract.action("settle")(pack, sheet, ScriptedDice([]), competence="escrime", discard=True)
        assert (30, 30, 16) == (
            pc.level(pack, after, "escrime"),
            after.pools["pp.escrime"],
            after.account("pp.escrime").lost,
        )

    def test_raise_several_levels(self, pack: RulePack) -> None:
        """``sheet do FILE raise competence=escrime levels=5``: five levels, one ledger entry."""
        sheet = pc.award(pack, pc.new_character(pack, levels={"escrime": 20}), "escrime", 20, reason="x")
        after = pack.contract.action("raise")(pack, sheet, ScriptedDice([]), competence="escrime", levels=5)
        assert (25, 5, len(sheet.ledger) + 1) == (
            pc.level(pack, after, "escrime"),
            after.pools["pp.escrime"],
            len(after.ledger),
        )

    @pytest.mark.parametrize(
        ("options", "message"),
        [
            (
                {"competence": "escrime", "levels": "cinq"},
                "^option 'levels' of action 'raise' expects whole number, got 'cinq'$",
            ),
            (
                {"competence": "escrime", "discard": "maybe"},
                "^option 'discard' of action 'settle' expects yes\\|no, got 'maybe'$",
            ),
            ({}, "^the option 'competence' \\(text\\) of action 'raise' is required"),
            ({"competence": "nage"}, "competence 'nage' is not defined"),
        ],
    )
    def test_bad_options(self, pack: RulePack, options: dict[str, str], message: str) -> None:
        """Options that do not fit are refused, saying what came: as the command line writes them."""
        action = pack.contract.action("settle" if "discard" in options else "raise")
        with pytest.raises(ProgressionError, match=message):
            action(pack, pc.new_character(pack), ScriptedDice([]), **action.read(options))
