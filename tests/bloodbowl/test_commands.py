"""The command-line contract: the team factory, actions with text options, the demo."""

from __future__ import annotations

import pytest

from progression import RulePack, ScriptedDice, Sheet
from progression.errors import InvalidInput, RequirementNotMet
from progression_bloodbowl._commands import parse_events
from progression_bloodbowl._options import flag


class TestParseEvents:
    def test_members_events_and_counts(self) -> None:
        """``member:event,event*N;...``"""
        assert {"1": {"touchdown": 1, "casualty": 1}, "3": {"completion": 2}} == parse_events(
            "1:touchdown,casualty;3:completion*2"
        )

    def test_missing_member(self) -> None:
        """An entry without ``member:`` is refused."""
        with pytest.raises(InvalidInput, match="expected member:event"):
            parse_events("touchdown")


class TestActions:
    def test_new_team(self, pack: RulePack) -> None:
        """roster, name and treasury as text."""
        team = pack.function("new.team")(pack, roster="orc", name="Da Boyz", treasury="900000")
        assert (900_000, "badlands_brawl") == (team.pools["treasury"], team.tags["league"])

    def test_a_match_then_an_advancement(self, pack: RulePack, team: Sheet) -> None:
        """Each action is one ledger entry."""
        after = pack.function("action.match")(
            pack,
            team,
            ScriptedDice([2, 6]),
            number="1",
            opponent="Orcs",
            score="1-0",
            events="1:touchdown",
            nominees="1,2",
            attendance="6",
        )
        assert (len(team.ledger) + 1, 3) == (len(after.ledger), after.member("1").pools["spp"])
        after = pack.function("action.advance")(
            pack, after, ScriptedDice([2, 2, 2, 2]), member="1", type="random_primary", choice="G"
        )
        assert after.member("1").has("dauntless")

    def test_end_draft(self, pack: RulePack) -> None:
        """A team built with hire actions ends its draft with end_draft: the next re-roll costs double."""
        team = pack.function("new.team")(pack, roster="human", name="Reikland")
        for n in range(11):
            team = pack.function("action.hire")(pack, team, ScriptedDice([]), position="human_lineman", name=f"L{n}")
        team = pack.function("action.end_draft")(pack, team, ScriptedDice([]))
        assert 100_000 == pack.quote(team, "team_reroll").price

    def test_step_four_waits_for_forced_advancements(self, pack: RulePack, team: Sheet) -> None:
        """A player holding 14 SPP must advance before hiring or closing the sequence, unless the league says no."""
        rich = pack.award(team, "spp", 14, reason="test", member="1")
        for action, options in (("hire", {"position": "human_lineman"}), ("close", {"number": "1"})):
            with pytest.raises(RequirementNotMet, match="Griselda holds 14 SPP, at least the 14"):
                pack.function(f"action.{action}")(pack, rich, ScriptedDice([]), **options)
        closed = pack.function("action.close")(pack, rich, ScriptedDice([6]), number="1", must_advance="no")
        assert len(rich.ledger) + 1 == len(closed.ledger)

    def test_required_option(self, pack: RulePack, team: Sheet) -> None:
        """A missing option is named."""
        with pytest.raises(InvalidInput, match=r"hire: the option position=\.\.\. is required"):
            pack.function("action.hire")(pack, team, ScriptedDice([]))

    def test_every_function_has_a_docstring(self, pack: RulePack) -> None:
        """``progression show`` prints the first line of each."""
        contract = [n for n in pack.functions if n.split(".")[0] in ("demo", "new", "action", "simulate", "exact")]
        assert all((pack.function(n).__doc__ or "").strip() for n in contract)


def test_demo_tells_the_story(pack: RulePack) -> None:
    """The demo runs with scripted dice and says each step."""
    lines: list[str] = []
    pack.function("demo")(pack, lines.append)
    assert any("hired for good; loses Loner (4+)" in line for line in lines)
    assert lines[-1].startswith("  TV ")


class TestFlags:
    def test_yes_and_no(self) -> None:
        """``yes`` and ``no`` are the two words; an absent option takes the default."""
        assert (True, False, True) == (
            flag({"apothecary": "yes"}, "apothecary"),
            flag({"apothecary": "no"}, "apothecary", default=True),
            flag({}, "must_advance", default=True),
        )

    @pytest.mark.parametrize("word", ["maybe", "Yes", "true", "1"])
    def test_any_other_word_is_refused(self, pack: RulePack, word: str) -> None:
        """``journeyman=maybe`` is refused rather than read as "no"."""
        with pytest.raises(InvalidInput, match=f"journeyman= takes yes or no, got {word!r}"):
            pack.function("new.player")(pack, team="human", position="human_lineman", journeyman=word)

    def test_matched_play_reads_the_same_flag(self, pack: RulePack) -> None:
        """The Matched Play factory refuses the same way, before it checks the list."""
        with pytest.raises(InvalidInput, match="apothecary= takes yes or no"):
            pack.function("new.matched_play_team")(pack, roster="human", apothecary="maybe")


class TestUnknownOptions:
    def test_a_misspelt_option_is_refused(self, pack: RulePack, team: Sheet) -> None:
        """``must_advnce=no`` would otherwise pass unseen and leave the rule on: it is refused, naming the right ones."""
        hire = pack.function("action.hire")
        with pytest.raises(
            InvalidInput, match="hire: unknown option must_advnce; it takes: position, name, must_advance"
        ):
            hire(pack, team, ScriptedDice([]), position="human_lineman", must_advnce="no")

    @pytest.mark.parametrize("name", ["action.end_draft", "action.lose_trophy"])
    def test_an_action_that_takes_none(self, pack: RulePack, team: Sheet, name: str) -> None:
        """An action without options says so."""
        with pytest.raises(InvalidInput, match="takes: no option"):
            pack.function(name)(pack, team, ScriptedDice([]), colour="red")

    def test_every_command_checks(self, pack: RulePack, team: Sheet) -> None:
        """Every factory and action of the pack refuses an option it does not read."""
        for name, function in pack.functions.items():
            before = (pack,) if name.startswith("new.") else (pack, team, ScriptedDice([]))
            if name.startswith(("new.", "action.")):
                with pytest.raises(InvalidInput, match="unknown option bogus"):
                    function(*before, bogus="1")
