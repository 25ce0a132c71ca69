"""Teams: drafting, hiring and firing, staff, journeymen, temporary retirement."""

from __future__ import annotations

from typing import ClassVar

import pytest

import progression_bloodbowl as bb
from progression import Effect, RulePack, ScriptedDice, Sheet, undo
from progression.errors import (
    InsufficientPoints,
    InvalidInput,
    LimitReached,
    OutOfOrder,
    RequirementNotMet,
    UnknownName,
)

from ..conftest import ended


class TestDraft:
    def test_over_budget_is_refused(self, pack: RulePack) -> None:
        """Sixteen Blitzers do not fit: the limit of two is hit first, with the roster's words."""
        with pytest.raises(LimitReached, match="at most 2 Human Blitzer"):
            bb.draft(pack, "human", "T", [("human_blitzer", f"B{n}") for n in range(11)])

    def test_budget_is_checked(self, pack: RulePack) -> None:
        """Eleven Linemen on 500,000: the ninth cannot be paid."""
        with pytest.raises(InsufficientPoints, match="costs 50,000 gp but none is available"):
            bb.draft(pack, "human", "T", [("human_lineman", f"L{n}") for n in range(11)], budget=400_000)

    def test_fewer_than_eleven_players(self, pack: RulePack) -> None:
        """A drafted team has 11 to 16 players."""
        with pytest.raises(InvalidInput, match="11 to 16 players, got 3"):
            bb.draft(pack, "human", "T", [("human_lineman", "A")] * 3)

    def test_unknown_roster(self, pack: RulePack) -> None:
        """A roster that does not exist is named with the known ones."""
        with pytest.raises(UnknownName, match="team roster 'humans'"):
            bb.create_team(pack, "humans", "T")

    def test_the_draft_is_one_ledger_entry(self, team: Sheet) -> None:
        """Creation, then the whole draft as one step."""
        assert 2 == len(team.ledger)


class TestDraftInput:
    """What ``draft`` would misread is refused where it comes in, saying what was expected and what came."""

    LINEMEN: ClassVar[list[tuple[str, str]]] = [("human_lineman", f"L{n}") for n in range(11)]

    @pytest.mark.parametrize(
        ("players", "message"),
        [
            (None, r"the players drafted are a list of \(position, name\) pairs, .* got None \(NoneType\)"),
            ("human_lineman", "the players drafted are a list of .* got 'human_lineman' \\(str\\)"),
            (
                [("human_lineman", "x", 3)] * 11,
                r"player 0 of the draft is a \(position, name\) pair of texts, .* got \('human_lineman', 'x', 3\)",
            ),
            ([("human_lineman", 7)] * 11, r"player 0 of the draft is a \(position, name\) pair of texts"),
        ],
    )
    def test_players(self, pack: RulePack, players: object, message: str) -> None:
        """Each sentence starts with what was expected, not with the function's name ("draft: ...")."""
        with pytest.raises(InvalidInput, match=f"^{message}"):
            bb.draft(pack, "human", "A", players)  # type: ignore[arg-type]

    @pytest.mark.parametrize(
        ("kwargs", "message"),
        [
            ({"rerolls": "2"}, r"rerolls is how many the draft buys, a whole number >= 0, got '2' \(str\)"),
            ({"cheerleaders": 1.0}, r"cheerleaders is how many the draft buys, a whole number >= 0, got 1.0 \(float\)"),
            (
                {"dedicated_fans": True},
                r"dedicated_fans is how many the draft buys, a whole number >= 0, got True \(bool\)",
            ),
            # a negative count bought nothing, silently (range() of a negative), as the command line refuses it
            ({"rerolls": -4}, "rerolls is how many the draft buys, a whole number >= 0, got -4"),
            ({"cheerleaders": -2}, "cheerleaders is how many the draft buys, a whole number >= 0, got -2"),
            ({"dedicated_fans": -1}, "dedicated_fans is how many the draft buys, a whole number >= 0, got -1"),
            ({"assistant_coaches": -1}, "assistant_coaches is how many the draft buys, a whole number >= 0, got -1"),
            ({"apothecary": "yes"}, r"apothecary is True or False \(whether the draft buys one\), got 'yes'"),
            ({"apothecary": 1}, "apothecary is True or False .* got 1"),
            ({"captain": 11}, r"captain is the index in players of the Team Captain, 0 to 10, or None; got 11"),
            ({"captain": "0"}, "captain is the index .* got '0'"),
        ],
    )
    def test_staff_and_captain(self, pack: RulePack, kwargs: dict[str, object], message: str) -> None:
        """Each sentence starts with what was expected, not with the function's name ("draft: ...")."""
        with pytest.raises(InvalidInput, match=f"^{message}"):
            bb.draft(pack, "human", "A", self.LINEMEN, **kwargs)  # type: ignore[arg-type]

    @pytest.mark.parametrize(
        ("roster", "message"),
        [
            (None, r"^expected a team roster's id \(a text such as 'human'\), got None \(NoneType\)$"),
            (3, r"^expected a team roster's id \(a text such as 'human'\), got 3 \(int\)$"),
        ],
    )
    def test_a_roster_that_is_no_id(self, pack: RulePack, roster: object, message: str) -> None:
        """A roster that is no text is refused as such: it was looked up as a name, and None was said to be close
        to 'norse'."""
        with pytest.raises(InvalidInput, match=message):
            bb.draft(pack, roster, "A", self.LINEMEN)  # type: ignore[arg-type]

    @pytest.mark.parametrize("name", ["", "   ", None])
    def test_a_blank_team_name(self, pack: RulePack, name: object) -> None:
        """A team named nothing (an empty or blank text) is refused, not drafted under no name."""
        with pytest.raises(InvalidInput, match=r"^a team's name is a text that is not blank, got "):
            bb.draft(pack, "human", name, self.LINEMEN)  # type: ignore[arg-type]

    @pytest.mark.parametrize("name", ["", "  "])
    def test_a_blank_player_name(self, pack: RulePack, name: str) -> None:
        """A player named nothing is refused, naming which player of the draft (it was hired nameless)."""
        players = [*self.LINEMEN[:3], ("human_catcher", name), *self.LINEMEN[3:]]
        with pytest.raises(InvalidInput) as refused:
            bb.draft(pack, "human", "A", players)
        assert f"the name of player 3 of the draft (human_catcher) is a text that is not blank, got {name!r}" == str(
            refused.value
        )

    def test_a_blank_name_hired_after_the_draft(self, pack: RulePack, team: Sheet) -> None:
        """Every way a player joins shares the check: a hire after the draft too."""
        with pytest.raises(InvalidInput, match=r"^a player's name is a text that is not blank, got ' '$"):
            bb.hire(pack, team, "human_lineman", " ")

    def test_favoured_given_to_a_roster_favoured_of_none(self, pack: RulePack) -> None:
        """A god given for a roster that is Favoured of none is refused (it was dropped, silently)."""
        with pytest.raises(InvalidInput) as refused:
            bb.draft(pack, "human", "A", self.LINEMEN, favoured="xx")
        assert (
            "the Human roster is Favoured of no god (only a \"Favoured of...\" roster is): leave favoured out, got 'xx'"
            == str(refused.value)
        )

    def test_no_god_for_a_favoured_roster(self, pack: RulePack) -> None:
        """A "Favoured of..." roster without its god is told the gods, not that None is unknown and close to Khorne."""
        with pytest.raises(InvalidInput) as refused:
            bb.create_team(pack, "chaos_chosen", "A")
        assert (
            "a Chaos Chosen team is Favoured of the god chosen at its draft: favoured is one of hashut, khorne, "
            "nurgle, slaanesh, tzeentch, undivided, got None"
        ) == str(refused.value)

    def test_an_unknown_god(self, pack: RulePack) -> None:
        """A misspelt god is unknown, with the closest."""
        with pytest.raises(UnknownName, match=r"god of Favoured of\.\.\. 'nurgel' .*; the closest: nurgle$"):
            bb.create_team(pack, "chaos_chosen", "A", favoured="nurgel")

    @pytest.mark.parametrize(
        ("kwargs", "message"),
        [
            (
                {"rerolls": 10**12},
                "Buying 1,000,000,000,000 Team Re-rolls at the draft is refused: a team holds at most 8 Team Re-rolls "
                "(0 now), so rerolls is 0 to 8",
            ),
            (
                {"rerolls": 10**5000},
                "Buying a number of more than 30 digits Team Re-rolls at the draft is refused: a team holds at most 8 "
                "Team Re-rolls (0 now), so rerolls is 0 to 8",
            ),
            (
                {"cheerleaders": 7},
                "Buying 7 Cheerleaders at the draft is refused: a team holds at most 6 Cheerleaders (0 now), so "
                "cheerleaders is 0 to 6",
            ),
        ],
    )
    def test_a_count_past_the_maximum(self, pack: RulePack, kwargs: dict[str, int], message: str) -> None:
        """A count no team may hold is refused before any is bought, naming the count asked (it bought up to the
        maximum, then said "Team Re-rolls would be 9" of a million asked)."""
        with pytest.raises(LimitReached) as refused:
            bb.draft(pack, "human", "A", self.LINEMEN, **kwargs)  # type: ignore[arg-type]
        assert message == str(refused.value)

    def test_a_tuple_of_lists_is_read(self, pack: RulePack) -> None:
        """Any sequence of pairs is taken (a list of lists, as JSON gives them)."""
        team = bb.draft(pack, "human", "A", tuple([p, n] for p, n in self.LINEMEN), rerolls=1)
        assert (11, 1) == (len(team.members), team.stats["rerolls"])


class TestValuesOfWhatIsNoTeam:
    @pytest.mark.parametrize(
        ("team", "message"),
        [(None, r"got NoneType None"), ("x", r"got str 'x'")],
    )
    def test_refused(self, pack: RulePack, team: object, message: str) -> None:
        """The team's figures read a team sheet; anything else is refused as such."""
        for function in (bb.team_value, bb.current_team_value, bb.queries.treasury_account):
            with pytest.raises(
                InvalidInput, match=f"expected a team sheet of pack 'bloodbowl' as the team .*, {message}"
            ):
                function(pack, team)  # type: ignore[arg-type]

    def test_a_player_is_no_team(self, pack: RulePack) -> None:
        """A player's sheet is refused where a team's is read, and a team's where a player's is."""
        player = pack.new_sheet("player", "Bo")
        with pytest.raises(InvalidInput, match=r"as the team to value, got a player sheet 'Bo'$"):
            bb.team_value(pack, player)
        with pytest.raises(
            InvalidInput, match=r"expected a player sheet of pack 'bloodbowl' as the player to value, got NoneType None"
        ):
            bb.queries.current_value(pack, None)  # type: ignore[arg-type]


class TestDedicatedFans:
    def test_two_bought_at_the_draft(self, pack: RulePack) -> None:
        """A league team starts with 1 Dedicated Fan and buys up to 2 more at the draft: 3, for 10,000."""
        team = bb.draft(pack, "human", "T", [("human_lineman", f"L{n}") for n in range(11)], dedicated_fans=2)
        assert (3, 1_000_000 - 550_000 - 10_000) == (team.stats["dedicated_fans"], team.pools["treasury"])

    def test_a_third_bought_is_refused(self, pack: RulePack) -> None:
        """At most 3 Dedicated Fans at a league draft: a third one bought (a fourth fan) is refused."""
        with pytest.raises(LimitReached) as error:
            bb.draft(pack, "human", "T", [("human_lineman", f"L{n}") for n in range(11)], dedicated_fans=3)
        assert (
            "Buying 3 Dedicated Fans at the draft is refused: a team holds at most 3 Dedicated Fans (1 now), so dedicated_fans is 0 to 2"
            == str(error.value)
        )

    def test_a_team_built_by_hand(self, pack: RulePack) -> None:
        """Bought one by one while the team is drafted, the same limit: 1 to 3."""
        team = bb.create_team(pack, "human", "By hand")
        team = pack.purchase(pack.purchase(team, "dedicated_fan"), "dedicated_fan")
        assert (3, False) == (team.stats["dedicated_fans"], pack.quote(team, "dedicated_fan").ok)


class TestEndOfDraft:
    def _built(self, pack: RulePack, count: int) -> Sheet:
        team = bb.create_team(pack, "human", "Built by hand")
        for n in range(count):
            team = bb.hire(pack, team, "human_lineman", f"L{n}")
        return team

    def test_ending_the_draft_doubles_the_reroll_price(self, pack: RulePack) -> None:
        """A team built hire by hire pays the roster price for a re-roll until its draft ends, then double."""
        team = self._built(pack, 11)
        assert 50_000 == pack.quote(team, "team_reroll").price
        team = bb.operations.end_draft(pack, team)
        assert (100_000, "yes") == (pack.quote(team, "team_reroll").price, team.tags["drafted"])

    def test_extra_dedicated_fans_only_before_the_end(self, pack: RulePack) -> None:
        """Dedicated Fans are bought at the draft only."""
        team = bb.operations.end_draft(pack, self._built(pack, 11))
        with pytest.raises(RequirementNotMet, match="only while the team is being drafted"):
            pack.purchase(team, "dedicated_fan")

    def test_ten_players_cannot_end_the_draft(self, pack: RulePack) -> None:
        """The draft needs 11 to 16 players; nothing changes when it is refused."""
        team = self._built(pack, 10)
        with pytest.raises(InvalidInput) as refused:
            bb.operations.end_draft(pack, team)
        assert "a drafted team has 11 to 16 players and Built by hand has 10: hire 1 more first" == str(refused.value)

    def test_twice(self, team: Sheet, pack: RulePack) -> None:
        """A drafted team's draft is over already."""
        with pytest.raises(InvalidInput, match="the draft of Altdorf Anvils is over already"):
            bb.operations.end_draft(pack, team)

    def test_the_first_match_ends_the_draft(self, pack: RulePack) -> None:
        """A team never closed by hand is drafted once its first match's outcome is recorded."""
        from progression import ScriptedDice

        team = self._built(pack, 11)
        match = bb.MatchRecord(number=1, opponent="Orcs", score=(0, 0))
        after = bb.operations.record_outcome(pack, team, match, ScriptedDice([]))
        assert ("yes", 100_000) == (after.tags["drafted"], pack.quote(after, "team_reroll").price)
        assert len(team.ledger) + 1 == len(after.ledger)


class TestTheFirstMatchEndsTheDraft:
    """The first match ends a draft built hire by hire only where ``end_draft`` would: one check,
    :func:`~progression_bloodbowl.team.roster.check_draft_end`, said from the match (it ended the draft of a team of
    one player, and recorded its win)."""

    MATCH = bb.MatchRecord(
        number=1, opponent="Orcs", score=(1, 0), events={"1": {"touchdown": 1}}, mvp_nominees=("1",), fan_attendance=6
    )

    def _built(self, pack: RulePack, count: int, treasury: int | None = None) -> Sheet:
        team = bb.create_team(pack, "human", "Tiny", treasury=treasury)
        for n in range(count):
            team = bb.hire(pack, team, "human_blitzer" if n < 2 else "human_lineman", f"P{n}")
        return team

    def test_one_player_plays_no_match(self, pack: RulePack) -> None:
        """A team of one player is refused its first match, as its end of the draft is, saying what to do; the
        match records nothing, through the operation, the whole match and ``PostMatch`` alike."""
        team = self._built(pack, 1)
        said = "a drafted team has 11 to 16 players and Tiny has 1: hire 10 more"
        with pytest.raises(InvalidInput) as refused:
            bb.operations.end_draft(pack, team)
        assert f"{said} first" == str(refused.value)
        expected = (
            f"match 1 would end the draft of Tiny (a team's first match ends its draft), but {said} before its first "
            "match"
        )
        with pytest.raises(InvalidInput) as refused:
            bb.operations.record_outcome(pack, team, self.MATCH, ScriptedDice([1]))
        assert expected == str(refused.value)
        with pytest.raises(InvalidInput, match=r"^match 1 would end the draft of Tiny"):
            bb.record_match(pack, team, self.MATCH, ScriptedDice([1, 1]))
        with pytest.raises(InvalidInput, match=r"^match 1 would end the draft of Tiny"):
            bb.PostMatch.start(pack, team, self.MATCH).record_outcome(ScriptedDice([1]))

    def test_eleven_play(self, pack: RulePack) -> None:
        """Eleven players: the first match ends the draft, as before."""
        after = bb.operations.record_outcome(pack, self._built(pack, 11), self.MATCH, ScriptedDice([1]))
        assert "yes" == after.tags["drafted"]

    def test_at_the_edges(self, pack: RulePack) -> None:
        """Ten players are refused the first match, eleven play; a team created with the budget itself plays, one
        created with a gold piece more is refused."""
        with pytest.raises(InvalidInput, match=r"Tiny has 10: hire 1 more before its first match$"):
            bb.operations.record_outcome(pack, self._built(pack, 10), self.MATCH, ScriptedDice([1]))
        at_budget = self._built(pack, 11, treasury=1_000_000)
        assert "yes" == bb.operations.record_outcome(pack, at_budget, self.MATCH, ScriptedDice([1])).tags["drafted"]
        with pytest.raises(InvalidInput, match=r"Tiny was created with 1,000,001 gp"):
            bb.operations.record_outcome(pack, self._built(pack, 11, treasury=1_000_001), self.MATCH, ScriptedDice([1]))

    def test_a_team_created_over_the_budget(self, pack: RulePack) -> None:
        """Created with 5,000,000 gp, eleven players hired from it: neither end_draft nor the first match ends its
        draft (the budget is 1,000,000); created with less, both do. ``draft`` refuses such a budget before it
        hires anyone."""
        rich = self._built(pack, 11, treasury=5_000_000)
        said = (
            "a team is drafted on the Team Draft Budget, 1,000,000 gp at most, and Tiny was created with 5,000,000 gp: "
            "create it again without a treasury (the budget is the default), or amend its creation, entry 1, to pools "
            "treasury:1000000"
        )
        with pytest.raises(InvalidInput) as refused:
            bb.operations.end_draft(pack, rich)
        assert said == str(refused.value)
        with pytest.raises(InvalidInput) as refused:
            bb.operations.record_outcome(pack, rich, self.MATCH, ScriptedDice([1]))
        assert f"match 1 would end the draft of Tiny (a team's first match ends its draft), but {said}" == str(
            refused.value
        )
        poor = self._built(pack, 11, treasury=900_000)
        assert "yes" == bb.operations.end_draft(pack, poor).tags["drafted"]
        with pytest.raises(InvalidInput) as refused:
            bb.draft(pack, "human", "T", [("human_lineman", f"L{n}") for n in range(11)], budget=1_000_001)
        assert (
            "a team is drafted on the Team Draft Budget, 1,000,000 gp at most, got budget=1,000,001: leave it out (the "
            "budget is the default), or give less"
        ) == str(refused.value)

    def test_amended_to_the_budget(self, pack: RulePack) -> None:
        """The way out the refusal names: the creation amended to the budget, the draft ends."""
        import attrs

        from progression import amend

        rich = self._built(pack, 11, treasury=5_000_000)
        fixed, _ = amend(rich, 1, attrs.evolve(rich.ledger[0].operation, pools={"treasury": 1_000_000}), pack=pack)
        assert (1_000_000 - 2 * 85_000 - 9 * 50_000, "yes") == (
            fixed.pools["treasury"],
            bb.operations.end_draft(pack, fixed).tags["drafted"],
        )

    def test_a_history_written_before_fails_verify(self, pack: RulePack, monkeypatch: pytest.MonkeyPatch) -> None:
        """A team of one player whose first match an earlier version recorded (it made no check) verified; it is
        now found at that match, which the rules refuse (the CHANGELOG says how to get out: undo it, hire, record
        it again)."""
        from progression import verify
        from progression_bloodbowl.match import outcome

        team = self._built(pack, 1)
        with monkeypatch.context() as earlier:
            earlier.setattr(outcome, "check_draft_end", lambda *args, **kwargs: None)
            played = bb.operations.record_outcome(pack, team, self.MATCH, ScriptedDice([1]))
            assert verify(played, pack).ok
        report = verify(played, pack)
        assert (False, 3) == (report.ok, report.divergences[0].position)
        assert "match 1 would end the draft of Tiny (a team" in report.divergences[0].sentence


class TestNames:
    def test_a_name_the_team_has_is_refused(self, pack: RulePack, team: Sheet) -> None:
        """A player named as one of the team is refused, in any case, naming the one who has it; nothing is hired
        (two "Clanrat 7" were hired, and a hire made twice passed unseen). A draft's list is read the same."""
        with pytest.raises(InvalidInput) as refused:
            bb.hire(pack, team, "human_lineman", "lineman 1")
        assert (
            "Altdorf Anvils has a player named 'Lineman 1' already (#6): give the new player another name, so that "
            "each name tells one player (a command takes a player by his name where it asks for his number)"
        ) == str(refused.value)
        with pytest.raises(InvalidInput, match=r"^T has a player named 'Ann' already \(#1\)"):
            bb.draft(pack, "human", "T", [("human_lineman", "Ann"), *[("human_lineman", "ann")] * 10])
        assert "Lineman 7" == bb.hire(pack, team, "human_lineman", "Lineman 7").member("12").name

    def test_a_history_with_two_of_one_name_still_verifies(self, pack: RulePack, team: Sheet) -> None:
        """The name is read where ``hire`` is called, not by the rules a history runs again: a team of two players
        of one name, written before, verifies."""
        from progression import run, verify

        twice, _ = run(pack, team, bb.operations.hire.operation(position="human_lineman", name="Lineman 1"))
        assert (True, ["Lineman 1", "Lineman 1"]) == (
            verify(twice, pack).ok,
            [p.name for p in twice.members.values() if p.name == "Lineman 1"],
        )

    def test_a_player_read_by_his_name(self, team: Sheet) -> None:
        """Where a command asks for a player, his id, ``#`` and his id, or his name in any case; a word that is
        none is left for the command to refuse; a name two players have is refused, naming both."""
        from progression_bloodbowl.team.roster import member_named, team_member

        assert ["1", "2", "2", "2", "Gretel"] == [
            team_member(team, word) for word in ("1", "#2", "Otto", " otto ", "Gretel")
        ]
        with pytest.raises(InvalidInput) as refused:
            member_named({"6": "Clanrat 7", "12": "Clanrat 7"}, "clanrat 7", "Skavenblight Scramblers")
        assert (
            "'clanrat 7' names 2 players of Skavenblight Scramblers: #6 and #12; give the number of the one meant"
        ) == str(refused.value)

    def test_a_and_an_and_the_possessive(self, pack: RulePack, team: Sheet) -> None:
        """An Ogre, an Orc team; Altdorf Anvils' Team Captain (it said "a Ogre", "Anvils's")."""
        ogre = bb.hire(pack, team, "ogre", "Og")
        with pytest.raises(LimitReached) as refused:
            bb.hire(pack, ogre, "ogre", "Og 2")
        assert "Hiring an Ogre is refused: a Human team may have at most 1 Ogre" == str(refused.value)
        orcs = bb.hire(pack, bb.create_team(pack, "orc", "Gouged Eye"), "troll", "Bonecrusher")
        with pytest.raises(LimitReached, match=r"^Hiring a Troll is refused: an Orc team may have at most 1 Troll$"):
            bb.hire(pack, orcs, "troll", "Other")
        with pytest.raises(InvalidInput) as refused:
            bb.hire(pack, team, "human_lineman", "Late", extra_skills=["pro"])
        assert "Altdorf Anvils' Team Captain is named when the team is drafted; the draft is over" == str(refused.value)


class TestFiring:
    def test_firing_down_to_eleven_then_refused(self, pack: RulePack, team: Sheet) -> None:
        """With 12 players, one may be fired (11 remain); the next firing would leave 10 and is refused."""
        team = bb.hire(pack, team, "human_lineman", "Lineman 7")
        team = bb.fire(pack, team, "12")
        assert 11 == len(team.members)
        with pytest.raises(RequirementNotMet, match="would leave 10 players able to play the next match; at least 11"):
            bb.fire(pack, team, "11")

    def test_a_player_missing_the_match_does_not_count(self, pack: RulePack, team: Sheet) -> None:
        """Twelve on the roster but one misses the next match: no eligible player may be fired."""
        from progression import Effect

        team = bb.hire(pack, team, "human_lineman", "Lineman 7")
        team = pack.adjust(team, Effect(tags={"miss_next": "yes"}), reason="test", member="6")
        with pytest.raises(
            RequirementNotMet, match="firing Lineman 2 would leave 10 players able to play the next match; at least 11"
        ):
            bb.fire(pack, team, "7")

    def test_journeymen_do_not_count(self, pack: RulePack, team: Sheet) -> None:
        """Journeymen leave after the match, so they are not players for the next one: with 11 regulars able to
        play and a journeyman, firing a regular would leave 10, and is refused."""
        from progression import Effect

        team = pack.adjust(team, Effect(tags={"miss_next": "yes"}), reason="test", member="6")
        team = bb.operations.add_journeymen(pack, team)  # 10 able to play: one journeyman joins
        team = bb.hire(pack, team, "human_lineman", "Lineman 7")
        assert ["12"] == [m for m, p in team.members.items() if "journeyman" in p.tags]
        with pytest.raises(
            RequirementNotMet, match="firing Lineman 2 would leave 10 players able to play the next match; at least 11"
        ):
            bb.fire(pack, team, "7")


class TestStaff:
    def test_rerolls_cost_double_after_the_draft(self, pack: RulePack, team: Sheet) -> None:
        """50,000 at the draft, 100,000 after; valued at 50,000."""
        team = pack.award(team, "treasury", 100_000, reason="test")
        after = bb.operations.buy_staff(pack, team, "team_reroll")
        assert 100_000 == team.pools["treasury"] - after.pools["treasury"]
        assert 50_000 == bb.team_value(pack, after).total - bb.team_value(pack, team).total

    def test_rerolls_are_never_removed(self, pack: RulePack, team: Sheet) -> None:
        """Team re-rolls cannot be let go."""
        with pytest.raises(RequirementNotMet, match="never removed"):
            bb.operations.fire_staff(pack, team, "team_reroll")

    def test_apothecary_only_where_allowed(self, pack: RulePack) -> None:
        """Shambling Undead may not hire an Apothecary."""
        team = bb.create_team(pack, "shambling_undead", "T")
        with pytest.raises(RequirementNotMet, match="may not hire an Apothecary"):
            bb.operations.buy_staff(pack, team, "apothecary")

    def test_treasury_never_goes_negative(self, pack: RulePack, team: Sheet) -> None:
        """150,000 left: a 100,000 re-roll is bought, a second one is refused."""
        team = bb.operations.buy_staff(pack, team, "team_reroll")
        with pytest.raises(InsufficientPoints, match="Team Re-roll costs 100,000 gp but only 50,000 gp are available"):
            bb.operations.buy_staff(pack, team, "team_reroll")
        assert 50_000 == team.pools["treasury"]


class TestHiring:
    def test_sixteen_at_most(self, pack: RulePack, team: Sheet) -> None:
        """Five more Linemen fill the roster to 16; a seventeenth is refused."""
        team = pack.award(team, "treasury", 500_000, reason="test")
        for n in range(5):
            team = bb.hire(pack, team, "human_lineman", f"New {n}")
        with pytest.raises(LimitReached, match="at most 16 players"):
            bb.hire(pack, team, "human_lineman", "One too many")

    def test_hiring_is_undone_whole(self, pack: RulePack, team: Sheet) -> None:
        """Payment and joining are one entry: undo takes both back."""
        after = bb.hire(pack, team, "human_lineman", "Lineman 7")
        assert team == undo(after)


def played(pack: RulePack, team: Sheet, record: bb.MatchRecord) -> Sheet:
    """``team`` after steps 1 and 2 of ``record``, the last match's sequence ended first (a Lasting Injury's D6
    rolls 1: -1 MA)."""
    dice = ScriptedDice([1, 3, 3, 3])
    team = ended(pack, team)
    return bb.operations.update_fans(pack, bb.operations.record_outcome(pack, team, record, dice), record, dice)


def lasting_injury(pack: RulePack, team: Sheet, number: int, member: str) -> Sheet:
    """``team`` after steps 1 and 2 of match ``number``, a draw in which ``member`` suffered a Lasting Injury."""
    return played(
        pack, team, bb.MatchRecord(number=number, opponent="Orcs", score=(0, 0), injuries={member: "lasting_injury"})
    )


#: A draw against the Dwarfs, no one hurt.
MATCH_2 = bb.MatchRecord(number=2, opponent="Dwarfs", score=(1, 1))


class TestRetirement:
    def test_only_after_a_lasting_injury(self, pack: RulePack, team: Sheet) -> None:
        """A fit player cannot be temporarily retired."""
        with pytest.raises(RequirementNotMet, match="has suffered no Lasting Injury"):
            bb.operations.retire(pack, team, "6")

    def test_retired_players_come_back_next_season(self, pack: RulePack, team: Sheet) -> None:
        """Retired after the match of his Lasting Injury: still on the roster (in Team Value), out of CTV for the
        rest of the season (in the next match's too, when a Lasting Injury's missed game is over); a new season
        brings him back."""
        retired = bb.operations.retire(pack, lasting_injury(pack, team, 1, "6"), "6")
        next_match = played(pack, retired, MATCH_2)
        assert ("season", bb.team_value(pack, team)) == (
            retired.member("6").tags["retired"],
            bb.team_value(pack, retired),
        )
        assert 50_000 == bb.current_team_value(pack, team).total - bb.current_team_value(pack, next_match).total
        back = bb.new_season(pack, ended(pack, next_match))
        assert bb.current_team_value(pack, team).total == bb.current_team_value(pack, back).total

    def test_only_in_the_sequence_of_the_match_of_the_injury(self, pack: RulePack, team: Sheet) -> None:
        """Injured in match 1 and not retired then: in match 2's sequence he may no longer be, and a player given a
        Lasting Injury outside any match (an adjustment) may not be either."""
        hurt = lasting_injury(pack, team, 1, "6")
        later = played(pack, hurt, MATCH_2)
        with pytest.raises(
            RequirementNotMet,
            match=r"Lineman 1 cannot be temporarily retired: he suffered none in match 2: a player is retired in ",
        ):
            bb.operations.retire(pack, later, "6")
        adjusted = pack.adjust(team, Effect(stats={"lasting_injuries": 1}), reason="test", member="6")
        with pytest.raises(
            RequirementNotMet,
            match=r"cannot be temporarily retired: no post-match sequence is open: a player is retired",
        ):
            bb.operations.retire(pack, adjusted, "6")

    def test_no_longer_once_the_sequence_has_moved_past_step_4(self, pack: RulePack, team: Sheet) -> None:
        """Injured in match 1 and not retired in step 4: once Expensive Mistakes (step 5) are done, the refusal
        says retiring him for that injury is no longer possible, through the operation and ``PostMatch`` alike, not
        that it waits for the next match's sequence (where it never comes). A player with no Lasting Injury keeps
        his sentence, and another step asked late keeps the sequence's."""
        closed = ended(pack, lasting_injury(pack, team, 1, "6"))
        too_late = (
            "Lineman 1 cannot be temporarily retired: the post-match sequence of match 1, in which he suffered his "
            "Lasting Injury, has ended, at step 5 (Expensive Mistakes): retiring him for that injury is no longer "
            "possible (a player is retired in step 4 of that sequence; the way back to it is progression.undo, or "
            "League.store.amend in a league's store)"
        )
        with pytest.raises(RequirementNotMet) as refused:
            bb.operations.retire(pack, closed, "6")
        assert too_late == str(refused.value)
        worded = refused.value.worded  # the way back in a team file's command line's words
        assert worded is not None
        assert worded.on_command_line("anvils.json").endswith(
            "(a player is retired in step 4 of that sequence; the way back to it is `progression sheet undo anvils.json`)"
        )
        dice = ScriptedDice([1, 3, 3, 3])
        record = bb.MatchRecord(number=1, opponent="Orcs", score=(0, 0), injuries={"6": "lasting_injury"})
        post = bb.PostMatch.start(pack, team, record).record_outcome(dice).update_fans(dice)
        with pytest.raises(RequirementNotMet) as refused:
            post.expensive_mistakes(ScriptedDice([6])).retire("6")
        assert too_late == str(refused.value)
        with pytest.raises(RequirementNotMet, match=r"^Lineman 2 cannot be temporarily retired: Lineman 2 has "):
            bb.operations.retire(pack, closed, "7")
        with pytest.raises(OutOfOrder, match=r"it waits for the next match's sequence \(the way back is progression"):
            bb.hire(pack, closed, "human_lineman", "Late")

    def test_once(self, pack: RulePack, team: Sheet) -> None:
        """Retired once in the sequence of his injury, he is not retired again: the refusal says he is."""
        retired = bb.operations.retire(pack, lasting_injury(pack, team, 1, "6"), "6")
        with pytest.raises(
            RequirementNotMet,
            match=r"^Lineman 1 cannot be temporarily retired: Lineman 1 is already temporarily retired$",
        ):
            bb.operations.retire(pack, retired, "6")

    def test_a_retired_player_counts_toward_sixteen(self, pack: RulePack, team: Sheet) -> None:
        """Sixteen on the roster, one of them temporarily retired: no seventeenth may be hired."""
        team = pack.award(team, "treasury", 300_000, reason="test")
        for n in range(5):
            team = bb.hire(pack, team, "human_lineman", f"Extra {n}")
        team = bb.operations.retire(pack, lasting_injury(pack, team, 1, "6"), "6")
        with pytest.raises(LimitReached, match="at most 16 players"):
            bb.hire(pack, team, "human_lineman", "Seventeenth")


class TestNumbers:
    def test_a_dead_players_number_is_not_given_again(self, pack: RulePack, team: Sheet) -> None:
        """#11 dies and leaves the roster: the next player hired is #12, and the ledger keeps #11's history."""
        dead = pack.adjust(team, Effect(tags={"dead": "yes"}), reason="test: killed", member="11")
        after = bb.hire(pack, bb.operations.remove_dead(pack, dead), "human_lineman", "New")
        assert (False, "New") == ("11" in after.members, after.member("12").name)

    def test_a_fired_players_number_is_not_given_again(self, pack: RulePack, team: Sheet) -> None:
        """#3 is fired (a gap in the numbers): the next player is #12, not #3."""
        team = bb.hire(pack, team, "human_lineman", "Twelfth")
        fired = bb.fire(pack, team, "3")
        assert ["13"] == [m for m in bb.hire(pack, fired, "human_lineman", "New").members if m not in team.members]

    def test_journeymen_take_new_numbers(self, pack: RulePack, team: Sheet) -> None:
        """A fired player's number is not given to a journeyman either."""
        fired = bb.fire(pack, bb.hire(pack, team, "human_lineman", "Twelfth"), "12")
        injured = pack.adjust(fired, Effect(tags={"miss_next": "yes"}), reason="test", member="1")
        assert {"13"} == set(bb.operations.add_journeymen(pack, injured).members) - set(injured.members)

    def test_an_old_number_asked_for(self, pack: RulePack, team: Sheet) -> None:
        """Asking for the number of a player who left is refused; a number above those given is taken."""
        fired = bb.fire(pack, bb.hire(pack, team, "human_lineman", "Twelfth"), "12")
        with pytest.raises(InvalidInput) as error:
            bb.hire(pack, fired, "human_lineman", "New", member="12")
        assert (
            "a player's number is never given twice: Altdorf Anvils has given #1 to #12 "
            "(a player who left keeps his number in the history), so a new player takes #13 or above, got '12'"
        ) == str(error.value)
        assert "New" == bb.hire(pack, fired, "human_lineman", "New", member="13").member("13").name

    def test_a_team_saved_without_the_tag(self, pack: RulePack, team: Sheet) -> None:
        """A team whose ledger was written before numbers were kept still never gives a departed player's number."""
        fired = bb.fire(pack, bb.hire(pack, team, "human_lineman", "Twelfth"), "12")
        untagged = pack.adjust(fired, Effect(untag=("numbers.given",)), reason="test: an older file")
        assert "13" in bb.hire(pack, untagged, "human_lineman", "New").members


class TestJourneymen:
    def test_only_to_reach_eleven(self, pack: RulePack, team: Sheet) -> None:
        """A team with 11 able players takes no journeyman."""
        with pytest.raises(InvalidInput, match="journeymen join only to reach 11"):
            bb.operations.add_journeymen(pack, team)

    def test_no_more_names_than_journeymen(self, pack: RulePack, team: Sheet) -> None:
        """One player misses the match: one journeyman joins, so three names are refused saying how many join and
        why (Jonas joined and Jakob and Jens were dropped without a word); as many names as journeymen are taken."""
        injured = pack.adjust(team, Effect(tags={"miss_next": "yes"}), reason="test", member="1")
        with pytest.raises(InvalidInput) as refused:
            bb.operations.add_journeymen(pack, injured, ["Jonas", "Jakob", "Jens"])
        assert (
            "Altdorf Anvils has 10 players able to play: 1 journeyman joins to reach 11, but 3 names were given "
            "(Jonas, Jakob, Jens); give at most 1"
        ) == str(refused.value)
        assert "Jonas" == bb.operations.add_journeymen(pack, injured, ["Jonas"]).member("12").name

    def test_low_cost_linemen_count_zero_in_ctv(self, pack: RulePack) -> None:
        """Snotlings: a Snotling Lineman's 15,000 fee counts 0 in CTV, not in TV."""
        team = bb.draft(pack, "snotling", "T", [("snotling_lineman", f"S{n}") for n in range(11)])
        assert 0 == bb.current_team_value(pack, team).total
        assert 11 * 15_000 == bb.team_value(pack, team).total


class TestWrongSheets:
    """Each operation says which kind of sheet it needs (issue 19, item 7), never a KeyError from deep inside."""

    def test_a_player_sheet(self, pack: RulePack) -> None:
        player = pack.new_sheet("player", "Bo")
        with pytest.raises(
            InvalidInput, match=r"expected a team sheet as the sheet bloodbowl\.hire runs on, got a player sheet 'Bo'$"
        ):
            bb.hire(pack, player, "human_lineman", "Al")

    def test_a_team_of_no_roster(self, pack: RulePack) -> None:
        """A team sheet made without a roster (or edited to name none) is refused by what reads its roster."""
        bare = pack.new_sheet("team", "Nobody")
        with pytest.raises(InvalidInput, match=r"team sheet 'Nobody' names no roster \(its 'team' tag\)"):
            bb.hire(pack, bare, "human_lineman", "Al")
        with pytest.raises(InvalidInput, match="names no roster"):
            bb.team_value(pack, bare)


class TestTeamCaptain:
    """A Team Captain roster's captain gains Pro at the draft; no other skill comes with a hire."""

    def test_the_captain_hired_at_the_draft(self, pack: RulePack) -> None:
        team = bb.create_team(pack, "human", "Caps")
        team = bb.hire(pack, team, "human_blitzer", "Gris", extra_skills=("pro",))
        assert ("pro" in team.member("1").owned, "pro" in team.member("1").tags.get("position", "")) == (True, False)

    @pytest.mark.parametrize(
        ("roster", "extra", "message"),
        [
            ("human", ("block",), "hired with his position's skills only"),
            ("dwarf", ("pro",), "the Dwarf roster has no Team Captain"),
        ],
    )
    def test_refused(self, pack: RulePack, roster: str, extra: tuple[str, ...], message: str) -> None:
        team = bb.create_team(pack, roster, "Caps")
        position = {"human": "human_blitzer", "dwarf": "dwarf_lineman"}[roster]
        with pytest.raises(InvalidInput, match=message):
            bb.hire(pack, team, position, "Gris", extra_skills=extra)

    @pytest.mark.parametrize(("roster", "position"), [("orc", "troll"), ("human", "ogre")])
    def test_a_big_guy_is_not_the_captain(self, pack: RulePack, roster: str, position: str) -> None:
        """The rule gives Pro to a starting player who is not a Big Guy: an Orc team's Troll or a Human team's
        Ogre named captain is refused, saying why and what to do."""
        team = bb.create_team(pack, roster, "Caps")
        label = {"troll": "Troll", "ogre": "Ogre"}[position]
        with pytest.raises(InvalidInput) as error:
            bb.hire(pack, team, position, "Big", extra_skills=("pro",))
        assert f"a Team Captain is not a Big Guy ({label} is one): name another player as captain" == str(error.value)

    def test_one_captain_and_only_at_the_draft(self, pack: RulePack, team: Sheet) -> None:
        """The conftest's team was drafted with its first Blitzer as captain: a second is refused, and so is one
        named after the draft."""
        with pytest.raises(InvalidInput, match=r"the draft is over|has its Team Captain already"):
            bb.hire(pack, team, "human_lineman", "Otto II", extra_skills=("pro",))
        fresh = bb.hire(pack, bb.create_team(pack, "human", "Caps"), "human_blitzer", "Gris", extra_skills=("pro",))
        with pytest.raises(InvalidInput, match=r"has its Team Captain already: #1 Gris"):
            bb.hire(pack, fresh, "human_blitzer", "Otto", extra_skills=("pro",))
