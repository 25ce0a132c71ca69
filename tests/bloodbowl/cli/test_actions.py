"""The command-line contract: the team factory, actions with text options, the demo."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import progression
import progression_bloodbowl as bb
from progression import RulePack, ScriptedDice, Sheet
from progression.cli.main import main
from progression.errors import InvalidInput, PendingState, ProgressionError, RequirementNotMet, UnknownName
from progression.events import Joined
from progression.ledger.sheet import applied
from progression_bloodbowl.cli.actions import parse_events
from progression_bloodbowl.cli.inducements import parse_pitch
from progression_bloodbowl.cli.options import count, flag, pairs, tallies, whole
from progression_bloodbowl.data.access import data_of
from progression_bloodbowl.data.reading import natural
from progression_bloodbowl.team.results import closed_matches
from progression_bloodbowl.team.values import roster_order

from ..conftest import HUMANS, ended


class TestParseEvents:
    def test_members_events_and_counts(self) -> None:
        """``member:event,event*N;...``"""
        assert {"1": {"touchdown": 1, "casualty": 1}, "3": {"completion": 2}} == parse_events(
            "1:touchdown,casualty;3:completion*2"
        )

    def test_missing_member(self) -> None:
        """An entry without ``member:`` is refused."""
        with pytest.raises(InvalidInput, match="written member:event"):
            parse_events("touchdown")

    @pytest.mark.parametrize("chunk", ["1:", ":touchdown", " 1 : , "])
    def test_a_member_or_events_left_out(self, chunk: str) -> None:
        """A member without events, or events without their member, is refused rather than dropped."""
        with pytest.raises(InvalidInput) as error:
            parse_events(f"3:completion;{chunk}")
        assert (
            f"the events are written member:event,event*N;... (1:touchdown;3:completion*2), got {chunk.strip()!r}"
            == str(error.value)
        )

    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ("1:completion*", "the count of completion must be a whole number, got ''"),
            ("1:completion*²", "the count of completion must be a whole number, got '²'"),
            ("1:*2", "events of 1 are written name or name*N, got '*2'"),
        ],
    )
    def test_a_count_without_its_name_or_number(self, text: str, expected: str) -> None:
        """``completion*`` is not one completion, and ``*2`` is not two of nothing: both refused."""
        with pytest.raises(InvalidInput) as error:
            parse_events(text)
        assert expected == str(error.value)

    def test_the_same_member_twice_adds_up(self) -> None:
        """Two chunks for one member, and one event named twice, add their counts."""
        assert {"1": {"touchdown": 2, "casualty": 1}} == parse_events("1:touchdown;1:casualty,touchdown")


class TestOptions:
    @pytest.mark.parametrize("text", ["²", "٣", "1²", "", " ", "1.5", "+2", "-"])
    def test_whole_takes_ascii_digits_only(self, text: str) -> None:
        """A superscript or an Arabic-Indic digit is a digit to Python but not a number here: refused, not a
        bare ValueError."""
        with pytest.raises(InvalidInput) as error:
            whole(text, "attendance")
        assert f"attendance must be a whole number, got {text!r}" == str(error.value)

    @pytest.mark.parametrize("text", ["-1", " -3 "])
    def test_a_negative_number_says_what_is_wrong(self, text: str) -> None:
        """-1 is a whole number; what is wrong with it is its sign, and the message says so."""
        with pytest.raises(InvalidInput) as error:
            whole(text, "attendance")
        assert f"attendance must be 0 or more, got {text!r}" == str(error.value)

    @settings(max_examples=50)
    @given(st.integers(min_value=0, max_value=10**12), st.sampled_from(["", " "]))
    def test_whole_reads_what_it_is_written_from(self, number: int, space: str) -> None:
        """Any whole number written in digits, spaces around or not, reads back as itself."""
        assert number == whole(f"{space}{number}{space}", "n")

    @settings(max_examples=50)
    @given(st.text(max_size=6))
    @example("0\x1f")
    def test_whole_answers_any_text(self, text: str) -> None:
        """Any text is a number or an InvalidInput, never another error."""
        try:
            value = whole(text, "n")
        except InvalidInput:
            return
        # str.strip drops more than int() does (U+001F is whitespace to one, not the other): compare stripped
        assert (True, int(text.strip())) == (text.strip().isascii(), value)

    def test_count(self) -> None:
        """An absent or empty option counts 0; a present one is read as whole."""
        assert (0, 0, 3) == (
            count({}, "rerolls"),
            count({"rerolls": ""}, "rerolls"),
            count({"rerolls": "3"}, "rerolls"),
        )

    @pytest.mark.parametrize("value", [True, -1, 2.0, "2", None])
    def test_natural_refuses_what_is_not_a_whole_number(self, value: object) -> None:
        """A bool, a negative number, a float, a text or None is refused, naming what came."""
        with pytest.raises(InvalidInput) as error:
            natural(value, "match number")
        assert f"match number: expected a whole number >= 0, got {value!r}" == str(error.value)

    def test_tallies(self) -> None:
        """``name*N`` counts N, a bare name 1, and a name given twice adds up."""
        assert {"bribe": 3, "riotous_rookies": 1} == tallies("bribe*2, riotous_rookies, bribe", "items")
        for times in ("0", "-1"):  # both refused alike, with what a count may be
            with pytest.raises(InvalidInput) as error:
                tallies(f"bribe*{times}", "items")
            assert (
                f"the count of bribe in items is at least 1 (leave out what is not taken), got 'bribe*{times}'"
                == str(error.value)
            )

    def test_pairs(self) -> None:
        """Parts split at their first colon; a part without its colon or either side is refused."""
        assert [("2", "lasting_injury:av"), ("3", "dead")] == pairs("2:lasting_injury:av;3:dead", "injuries", "m:r")
        for part in ("2", "2:", ":dead"):
            with pytest.raises(InvalidInput) as error:
                pairs(f"3:dead;{part}", "injuries", "member:result")
            assert f"injuries= takes member:result items separated by ';', got {part!r}" == str(error.value)

    def test_roster_order_reads_ascii_numbers_only(self, pack: RulePack, team: Sheet) -> None:
        """Members numbered in ASCII digits come first in number order; a member id ``²`` is a name, not a bare
        ValueError."""
        odd = applied(team, Joined(member="²", ledger=team.member("3").ledger))
        assert [*(str(n) for n in range(1, 12)), "²"] == [member for member, _ in roster_order(odd)]


class TestMatchOptions:
    def _match(self, pack: RulePack, team: Sheet, **options: str) -> Sheet:
        options = {"score": "0-0", "attendance": "6", "nominees": "11", **options}
        sheet: Sheet = pack.contract.action("match").function(
            pack, team, ScriptedDice([]), number="1", opponent="Orcs", **options
        )
        return sheet

    def test_an_injury_without_its_member(self, pack: RulePack, team: Sheet) -> None:
        """``injuries=2`` was dropped without a word; it is refused, saying how an injury is written."""
        with pytest.raises(InvalidInput) as error:
            self._match(pack, team, injuries="2")
        assert "injuries= takes member:result items separated by ';', got '2'" == str(error.value)

    def test_one_injury_per_member(self, pack: RulePack, team: Sheet) -> None:
        """Two injuries for one member were one dropped; refused, naming both."""
        with pytest.raises(InvalidInput) as error:
            self._match(pack, team, injuries="2:badly_hurt;2:dead")
        assert "injuries: one injury per member, got 2:badly_hurt and 2:dead" == str(error.value)

    def test_injuries_are_separated_as_events_are(self, pack: RulePack, team: Sheet) -> None:
        """Players' injuries are separated by ';', as their events are; the commas of the old form are refused,
        saying so, rather than read as one player's strange result."""
        after = self._match(pack, team, injuries="2:badly_hurt;3:lasting_injury:av")
        with pytest.raises(InvalidInput) as error:
            self._match(pack, team, injuries="2:badly_hurt,3:dead")
        assert (
            "the items of injuries= are separated with ';' (as in events=), not ',': got '2:badly_hurt,3:dead'",
            1,
        ) == (
            str(error.value),
            after.member("3").stats["lasting_injuries"],
        )

    def test_a_misspelt_injury_is_named_as_typed(self, pack: RulePack, team: Sheet) -> None:
        """A misspelt injury is named by the player and the word it was typed in (``injuries``), as ``league record``
        names ``home.injuries``, with what was typed and the closest by name: it said "in match 1", which the
        user typed nowhere in that word."""
        with pytest.raises(InvalidInput) as error:
            self._match(pack, team, injuries="4:Badly Hrut")
        assert (
            "the injury of player #4 in injuries is one of badly_hurt, seriously_hurt, serious_injury, lasting_injury, "
            "dead or lasting_injury:<ma|st|ag|pa|av>, got 'Badly Hrut'; the closest: badly_hurt"
        ) == str(error.value)

    def test_an_injury_is_recorded(self, pack: RulePack, team: Sheet) -> None:
        """A Lasting Injury written with its characteristic keeps its second colon."""
        after = self._match(pack, team, injuries="2:lasting_injury:av")
        assert (team.member("2").stats["av"] - 1, 1) == (
            after.member("2").stats["av"],
            after.member("2").stats["lasting_injuries"],
        )

    def test_a_playoff_won_on_penalties(self, pack: RulePack, team: Sheet) -> None:
        """``kind=playoff shootout=us`` records a play-off level after Extra Time won on penalties: a win, on the
        team's record, in no league table."""
        after = pack.contract.action("match").function(
            pack,
            team,
            ScriptedDice([6]),
            number="1",
            opponent="Orcs",
            score="1-1",
            attendance="6",
            nominees="11",
            kind="playoff",
            shootout="us",
        )
        assert (("win", "playoff"), 1, 0) == (
            (bb.queries.results(after)[-1].outcome, bb.queries.results(after)[-1].kind),
            after.stats["wins"],
            bb.queries.league_points(pack, after).total,
        )

    @pytest.mark.parametrize("score", ["2", "2:1", "²-1"])
    def test_a_score_is_both_sides(self, pack: RulePack, team: Sheet, score: str) -> None:
        """``score=2`` was read as 2-0; a score without both sides, or with a digit that is not ASCII, is refused."""
        with pytest.raises(InvalidInput, match="score"):
            self._match(pack, team, score=score)

    @pytest.mark.parametrize("score", ["-1-0", "1-", "-", "2-1-3", "a-1", "2-b"])
    def test_a_side_left_out_is_named(self, pack: RulePack, team: Sheet, score: str) -> None:
        """``score=-1-0`` said "must be a whole number, got ''", and ``2-1-3`` "score must be a whole number, got
        '1-3'"; each says how a score is written."""
        with pytest.raises(InvalidInput) as error:
            self._match(pack, team, score=score)
        assert f"the score is ours-theirs, two whole numbers such as 2-1, got {score!r}" == str(error.value)

    @pytest.mark.parametrize(
        ("options", "expected"),
        [
            (
                {"events": "1:touchdown,3:completion"},
                "the events of each player are separated with ';' (1:touchdown;3:completion), not ',': "
                "got '1:touchdown,3:completion'",
            ),
            ({"nominees": "1;3"}, "the MVP nominees are separated with ',' (nominees=1,3), not ';': got '1;3'"),
        ],
    )
    def test_the_wrong_separator_is_named(
        self, pack: RulePack, team: Sheet, options: dict[str, str], expected: str
    ) -> None:
        """Players written with the other option's separator are refused, saying which separator it takes
        (they were "no match event '3:completion'" and "no nominee '1;3'")."""
        with pytest.raises(InvalidInput) as error:
            self._match(pack, team, **options)
        assert expected == str(error.value)


class TestPitchText:
    @pytest.mark.parametrize(
        ("players", "ball", "expected"),
        [
            ("them:Orc@²,3", "", "a square is written x,y (two whole numbers), got '²,3'"),
            ("them:Orc@5,5", "²,3", "a square is written x,y (two whole numbers), got '²,3'"),
            ("them:Orc@5,5 st²", "", "Orc: 'st²' is not a characteristic (st3), a skill (+stunty) or a state"),
        ],
    )
    def test_digits_that_are_not_ascii(
        self, pack: RulePack, team: Sheet, players: str, ball: str, expected: str
    ) -> None:
        """A superscript digit in a square or a characteristic is refused with the way to write it, not a bare
        ValueError."""
        with pytest.raises(InvalidInput) as error:
            parse_pitch(pack, team, players, ball)
        assert str(error.value).startswith(expected)

    @pytest.mark.parametrize(
        ("players", "expected"),
        [
            (
                "us:1@5,5 st4",
                "us:1: a member's profile is read from the sheet; only a state (standing, prone, stunned) "
                "is written after him, got st4",
            ),
            ("us:1@5,5 prone stunned", "us:1: one state of standing, prone, stunned, got prone, stunned"),
            ("them:Orc@5,5 stunned prone", "Orc: one state of standing, prone, stunned, got stunned, prone"),
        ],
    )
    def test_words_that_would_be_dropped(self, pack: RulePack, team: Sheet, players: str, expected: str) -> None:
        """A member's characteristic (his profile is the sheet's) and a second state were ignored: both refused."""
        with pytest.raises(InvalidInput) as error:
            parse_pitch(pack, team, players)
        assert expected == str(error.value)

    def test_one_state_each(self, pack: RulePack, team: Sheet) -> None:
        """A member and an opponent each take the one state written after them."""
        pitch = parse_pitch(pack, team, "us:1@5,5 prone; them:Orc@5,6 st4 stunned")
        assert ("prone", "stunned") == (pitch.piece(("us", "1")).state, pitch.piece(("them", "Orc")).state)


class TestActions:
    def test_new_team(self, pack: RulePack) -> None:
        """roster, name and treasury as text."""
        team = pack.contract.factory("team").function(pack, roster="orc", name="Da Boyz", treasury="900000")
        assert (900_000, "badlands_brawl") == (team.pools["treasury"], team.tags["league"])

    @pytest.mark.parametrize("given", ["orc", "ORC", "Orc"])
    def test_a_new_team_without_a_name_takes_the_roster_s(self, pack: RulePack, given: str) -> None:
        """Without ``name``, a team is named as its roster is (``Orc``), not as the roster was typed (``orc``)."""
        assert "Orc" == pack.contract.factory("team").function(pack, roster=given).name

    def test_a_match_then_an_advancement(self, pack: RulePack, team: Sheet) -> None:
        """Each action is one ledger entry."""
        after = pack.contract.action("match").function(
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
        after = pack.contract.action("advance").function(
            pack, after, ScriptedDice([2, 2, 2, 2]), member="1", type="random_primary", choice="G"
        )
        assert after.member("1").has("dauntless")

    def test_an_absurd_attendance(self, pack: RulePack, team: Sheet) -> None:
        """``sheet do FILE match ... attendance=20000`` paid 100,030,000 gp: refused, with the range."""
        with pytest.raises(InvalidInput, match=r"\(Dedicated Fans 1 to 7 \+ D3 each\): 4 to 20 .*got 20000$"):
            pack.contract.action("match").function(
                pack, team, ScriptedDice([]), number="1", opponent="Orcs", score="1-0", attendance="20000"
            )

    @pytest.mark.parametrize(
        ("options", "expected"),
        [
            ({"nominees": "1"}, "the winnings come from the Fan Attendance, both teams' Fan Factors added (4 to 20)"),
            (
                {"nominees": "1", "attendance": "0"},
                "fan_attendance in Python): a league match played needs it; 0 means not recorded",
            ),
            ({"attendance": "6"}, "the team earns an MVP, drawn among up to 6 players who took part; name them"),
            ({"attendance": "6", "conceded": "them"}, "the team earns an MVP"),
        ],
    )
    def test_what_a_played_match_cannot_leave_out(
        self, pack: RulePack, team: Sheet, options: dict[str, str], expected: str
    ) -> None:
        """Without the attendance, a match paid winnings as if nobody came; without nominees, it gave no MVP."""
        with pytest.raises(InvalidInput, match=re.escape(expected)):
            pack.contract.action("match").function(
                pack, team, ScriptedDice([]), number="1", opponent="Orcs", score="1-0", **options
            )

    @pytest.mark.parametrize(
        "options",
        [
            {"kind": "friendly"},  # no winnings and, by default, no SPP
            {"kind": "unplayed"},  # no crowd, and no MVP when nobody conceded
            {"attendance": "6", "conceded": "us"},  # the conceding team earns no MVP
        ],
    )
    def test_what_a_match_may_leave_out(self, pack: RulePack, team: Sheet, options: dict[str, str]) -> None:
        """A friendly pays no winnings, an unplayed fixture has no crowd, and a team that conceded earns no MVP."""
        score = {} if options.get("kind") == "unplayed" else {"score": "0-1"}
        after = pack.contract.action("match").function(
            pack, team, ScriptedDice([3, 3]), number="1", opponent="Orcs", **score, **options
        )
        assert len(team.ledger) + 1 == len(after.ledger)

    @pytest.mark.parametrize(
        ("options", "got"),
        [
            ({"score": "2-0"}, "score: leave it out"),
            (
                {"attendance": "6", "events": "1:touchdown", "stalling": "yes"},
                "attendance, events, stalling: leave them",
            ),
        ],
    )
    def test_what_an_unplayed_fixture_would_drop(
        self, pack: RulePack, team: Sheet, options: dict[str, str], got: str
    ) -> None:
        """``kind=unplayed score=2-0`` was recorded as a 0-0 loss: a word the unplayed fixture drops is refused."""
        with pytest.raises(
            InvalidInput, match=re.escape(f"takes only number, opponent, kind, conceded, nominees; got {got}")
        ):
            pack.contract.action("match").function(
                pack, team, ScriptedDice([]), number="1", opponent="Orcs", kind="unplayed", **options
            )

    def test_a_player_named_twice_is_said_in_words(self, pack: RulePack, team: Sheet) -> None:
        """``nominees=1,1`` and ``keep=1,1,...`` said ``got ['1', '1']``, a Python list: the player named twice is
        said as the command line writes him."""
        with pytest.raises(InvalidInput, match=re.escape("different players, got #1 named twice (1, 1)")):
            pack.contract.action("match").function(
                pack, team, ScriptedDice([]), number="1", opponent="Orcs", score="1-0", nominees="1,1", attendance="6"
            )
        keep = "1,1,2,2,3,4,5,6,7,8,9,10,11"
        with pytest.raises(InvalidInput, match=re.escape(f"re-hired once, got #1 and #2 twice (keep={keep})")):
            pack.contract.action("redraft").function(pack, ended(pack, team), ScriptedDice([]), keep=keep)

    def test_end_draft(self, pack: RulePack) -> None:
        """A team built with hire actions ends its draft with end_draft: the next re-roll costs double."""
        team = pack.contract.factory("team").function(pack, roster="human", name="Reikland")
        for n in range(11):
            team = pack.contract.action("hire").function(
                pack, team, ScriptedDice([]), position="human_lineman", name=f"L{n}"
            )
        team = pack.contract.action("end_draft").function(pack, team, ScriptedDice([]))
        assert 100_000 == pack.quote(team, "team_reroll").price

    @pytest.mark.parametrize(("given", "roster"), [("Black Orc", "black_orc"), ("orques noirs", "black_orc"),
                                                   ("Élus du Chaos", "chaos_chosen"), ("HUMAN", "human")])  # fmt: skip
    def test_a_roster_by_its_name_in_either_language(self, pack: RulePack, given: str, roster: str) -> None:
        """``roster=`` takes a roster's id, or its name in any case, in English or in French (what ``--lang fr``
        shows)."""
        favoured = {"favoured": "khorne"} if roster == "chaos_chosen" else {}
        assert roster == pack.contract.factory("team").function(pack, roster=given, **favoured).tags["team"]

    def test_an_unknown_roster_without_a_name_is_refused(self, pack: RulePack) -> None:
        """``sheet new --kind team --set roster=nope`` without a name exited 3 (a KeyError reading the roster's name
        for the team's): refused, with the closest rosters, as with a name."""
        for options in ({"roster": "nope"}, {"roster": "nope", "name": "Da Boyz"}):
            with pytest.raises(
                ProgressionError, match=r"team roster 'nope' is not defined .*the closest: norse, gnome"
            ):
                pack.contract.factory("team").function(pack, **options)

    def test_a_position_by_the_last_words_of_its_name(self, pack: RulePack) -> None:
        """``position=Blitzer`` hires an Orc Blitzer; ``position=Lineman`` fits the Orc and the Goblin Lineman and is
        refused with both (it hired whichever came first), while the whole name, in any case, picks one."""
        orcs = pack.contract.factory("team").function(pack, roster="orc", name="Da Boyz")
        hire = pack.contract.action("hire").function
        blitzer = hire(pack, orcs, ScriptedDice([]), position="Blitzer")
        assert "orc_blitzer" == blitzer.member("1").tags["position"]
        message = (
            "position 'Lineman' fits several positions of the Orc roster: "
            "Orc Lineman (orc_lineman) or Goblin Lineman (goblin_lineman); name one"
        )
        with pytest.raises(InvalidInput) as refused:
            hire(pack, orcs, ScriptedDice([]), position="Lineman")
        assert message == str(refused.value)
        goblin = hire(pack, orcs, ScriptedDice([]), position="goblin LINEMAN")
        assert "goblin_lineman" == goblin.member("1").tags["position"]

    def test_step_four_waits_for_forced_advancements(self, pack: RulePack, team: Sheet) -> None:
        """A player holding 14 SPP must advance before hiring or closing the sequence, unless the league says no."""
        played = pack.contract.action("match").function(
            pack, team, ScriptedDice([]), number="1", opponent="Orcs", score="0-0", attendance="6", nominees="11"
        )
        rich = pack.award(played, "spp", 14, reason="test", member="1")
        for action, options in (("hire", {"position": "human_lineman"}), ("close", {"number": "1"})):
            with pytest.raises(RequirementNotMet, match="Griselda holds 14 SPP, at least the 14"):
                pack.contract.action(action).function(pack, rich, ScriptedDice([]), **options)
        closed = pack.contract.action("close").function(pack, rich, ScriptedDice([6]), number="1", must_advance="no")
        assert len(rich.ledger) + 1 == len(closed.ledger)

    def test_required_option(self, pack: RulePack, team: Sheet) -> None:
        """A missing option is named."""
        with pytest.raises(InvalidInput, match=r"the hire command needs the option position=\.\.\.; none came"):
            pack.contract.action("hire").function(pack, team, ScriptedDice([]))

    def test_every_command_has_a_doc(self, pack: RulePack) -> None:
        """``progression show`` prints the first line of each command's docstring."""
        assert all(command.summary for _, command in pack.contract.entries())


class TestShowListsRosters:
    """``progression show bloodbowl`` lists the ids ``roster=`` takes (``sheet new --kind team --set roster=...``)."""

    TITLE = (
        "Values of roster= (sheet new --kind matched_play_team), team= (sheet new --kind player),"
        " roster= (sheet new --kind team)"
    )

    def test_the_text_lists_every_roster_once(self, pack: RulePack, capsys: pytest.CaptureFixture[str]) -> None:
        """One table for the three options that name a roster: each id with its name, by id."""
        assert 0 == main(["show", "bloodbowl"])
        out = capsys.readouterr().out
        assert 1 == out.count("Values of ")
        lines = out.split(f"{self.TITLE}\n", 1)[1].split("\n\n", 1)[0].splitlines()
        expected = sorted((t.id, t.label.en) for t in data_of(pack).teams.values())
        assert (["id", "name"], 30, expected) == (
            lines[0].split(),
            len(lines[2:]),
            [tuple(line.strip().split(None, 1)) for line in lines[2:]],
        )

    def test_the_json_gives_the_values_of_each_option(self, pack: RulePack, capsys: pytest.CaptureFixture[str]) -> None:
        """``--json`` gives each option its ``values``: the rosters for the options naming one, empty for others."""
        assert 0 == main(["show", "bloodbowl", "--json"])
        new = json.loads(capsys.readouterr().out)["contract"]["new"]
        rosters = {t.id: t.label.en for t in data_of(pack).teams.values()}
        named = {
            (kind, o["name"]): o["values"] for kind, command in new.items() for o in command["options"] if o["values"]
        }
        assert {("team", "roster"): rosters, ("player", "team"): rosters, ("matched_play_team", "roster"): rosters} == (
            named
        )

    def test_a_listed_id_makes_a_team(self, pack: RulePack) -> None:
        """Each id listed is one ``roster=`` takes."""
        new_team = pack.contract.factory("team").function
        for roster in ("amazon", "wood_elf"):
            assert roster == new_team(pack, roster=roster).tags["team"]


def test_demo_tells_the_story(pack: RulePack) -> None:
    """The demo runs with scripted dice and says each step."""
    lines: list[str] = []
    pack.contract.demo.function(pack, lines.append)
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
            pack.contract.factory("player").function(pack, team="human", position="human_lineman", journeyman=word)

    def test_matched_play_reads_the_same_flag(self, pack: RulePack) -> None:
        """The Matched Play factory refuses the same way, before it checks the list."""
        with pytest.raises(InvalidInput, match="apothecary= takes yes or no"):
            pack.contract.factory("matched_play_team").function(pack, roster="human", apothecary="maybe")


class TestUnknownOptions:
    def test_a_misspelt_option_is_refused(self, pack: RulePack, team: Sheet) -> None:
        """``must_advnce=no`` would otherwise pass unseen and leave the rule on: it is refused, naming the right ones."""
        hire = pack.contract.action("hire").function
        with pytest.raises(
            InvalidInput,
            match=r"unknown option 'must_advnce' for hire; it takes: position, name, must_advance, captain; the closest: must_advance$",
        ):
            hire(pack, team, ScriptedDice([]), position="human_lineman", must_advnce="no")

    @pytest.mark.parametrize("name", ["end_draft", "lose_trophy"])
    def test_an_action_that_takes_none(self, pack: RulePack, team: Sheet, name: str) -> None:
        """An action without options says so, and so does its declaration."""
        with pytest.raises(InvalidInput, match="takes: no option"):
            pack.contract.action(name).function(pack, team, ScriptedDice([]), colour="red")
        with pytest.raises(InvalidInput, match=f"unknown option 'colour' for action '{name}'; it takes: no options"):
            pack.contract.action(name)(pack, team, ScriptedDice([]), colour="red")

    def test_every_command_checks(self, pack: RulePack, team: Sheet) -> None:
        """Every factory and action of the pack refuses an option it does not read: its function, and its
        declaration, which names the ones it takes."""
        for command in (*pack.contract.factories, *pack.contract.actions):
            before = (pack,) if command in pack.contract.factories else (pack, team, ScriptedDice([]))
            assert command.function is not None
            with pytest.raises(InvalidInput, match="unknown option 'bogus'"):
                command.function(*before, bogus="1")
            with pytest.raises(InvalidInput, match=f"^unknown option 'bogus' for {command.what}; it takes: "):
                command(*before, bogus="1")

    def test_every_option_has_its_type_declared(self) -> None:
        """Each option a command reads has its type and meaning declared, so none is taken as a bare text unseen."""
        from progression_bloodbowl import _pack

        commands = [*_pack.CONTRACT.actions, *_pack.CONTRACT.factories]
        names = {n for c in commands for n in getattr(c.function, "options", ())}
        assert set() == names - set(_pack._TYPES)

    def test_the_declared_options_are_those_the_function_reads(self, pack: RulePack) -> None:
        """Each action's declared options are the ones its function says it reads, in order."""
        for command in pack.contract.actions:
            assert getattr(command.function, "options", None) == tuple(o.name for o in command.signature.options)


class TestWithoutPenalty:
    def test_conceded_without_penalty(self, pack: RulePack, team: Sheet) -> None:
        """``conceded=us without_penalty=yes``: a 0-2 loss, no D3 off the Dedicated Fans, the SPP and the MVP kept."""
        after = pack.contract.action("match").function(
            pack,
            team,
            ScriptedDice([6]),  # the only nominee is MVP unrolled; the loss's D6 6 keeps the 2 Dedicated Fans
            number="1",
            opponent="Orcs",
            score="1-0",
            events="1:touchdown",
            conceded="us",
            without_penalty="yes",
            nominees="2",
            attendance="6",
        )
        assert (2, 3, 4) == (
            after.stats["dedicated_fans"],
            after.member("1").pools["spp"],
            after.member("2").pools["spp"],
        )
        assert [(0, 2)] == [(r.scored, r.against) for r in bb.queries.results(after)]


class TestConcededWithPenalty:
    def test_what_does_not_count_is_refused_or_said(
        self, team: Sheet, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """``conceded=us nominees=1,3 events=1:touchdown``: the nominees vanished without a line. They are refused
        (exit 2, the file unchanged, saying why); without them the match is recorded, the touchdown on the record."""
        path = tmp_path / "anvils.json"
        saved = progression.dump_sheet(team)
        path.write_text(saved, encoding="utf-8")
        match = ["sheet", "do", str(path), "match", "number=1", "opponent=Orcs", "score=1-0", "conceded=us"]
        capsys.readouterr()
        status = main([*match, "nominees=1,3", "events=1:touchdown", "attendance=6", "--dice", "3"])
        refused = capsys.readouterr().err
        assert (2, saved) == (status, path.read_text(encoding="utf-8"))
        assert "which makes no MVP award (its opponent makes two): no MVP nominees, got 1, 3" in refused
        assert 0 == main([*match, "events=1:touchdown", "attendance=6", "--dice", "3"])


class TestJourneymenNames:
    def test_names_left_over_are_refused(
        self, pack: RulePack, team: Sheet, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """``journeymen names=Jonas,Jakob,Jens`` when one journeyman joins hired Jonas and said nothing of the other
        two: refused, exit 2, the file unchanged, saying how many join and why."""
        path = tmp_path / "anvils.json"
        injured = pack.adjust(team, progression.Effect(tags={"miss_next": "yes"}), reason="test", member="1")
        saved = progression.dump_sheet(injured)
        path.write_text(saved, encoding="utf-8")
        capsys.readouterr()
        status = main(["sheet", "do", str(path), "journeymen", "names=Jonas,Jakob,Jens"])
        assert (2, saved) == (status, path.read_text(encoding="utf-8"))
        assert "1 journeyman joins to reach 11, but 3 names were given (Jonas, Jakob, Jens)" in capsys.readouterr().err


def _match(pack: RulePack, team: Sheet, number: str = "1", **options: str) -> Sheet:
    """The match action with its required options (a 0-0 draw against the Orcs unless told otherwise)."""
    options = {"opponent": "Orcs", "score": "0-0", "attendance": "6", "nominees": "11", **options}
    sheet: Sheet = pack.contract.action("match").function(pack, team, ScriptedDice([3, 3]), number=number, **options)
    return sheet


class TestMatchRequires:
    @pytest.mark.parametrize(
        ("options", "expected"),
        [
            ({"score": "1-0"}, "the match command needs the option opponent=...; none came"),
            (
                {"opponent": "Orcs"},
                "a league match needs the option score=ours-theirs (such as score=2-1)",
            ),
            (
                {"opponent": "Orcs", "kind": "friendly"},
                "a friendly match needs the option score=ours-theirs (such as score=2-1)",
            ),
        ],
    )
    def test_opponent_and_score(self, pack: RulePack, team: Sheet, options: dict[str, str], expected: str) -> None:
        """``match number=1`` alone recorded a 0-0 draw against "?": the opponent and a played match's score are required."""
        with pytest.raises(InvalidInput) as error:
            pack.contract.action("match").function(pack, team, ScriptedDice([]), number="1", **options)
        assert str(error.value).startswith(expected)

    def test_an_unplayed_fixture_needs_no_score(self, pack: RulePack, team: Sheet) -> None:
        """A fixture left unplayed has no score to give: a loss, 0-0."""
        after = pack.contract.action("match").function(
            pack, team, ScriptedDice([]), number="4", opponent="Orcs", kind="unplayed"
        )
        assert [(4, "loss", 0, 0)] == [(r.number, r.outcome, r.scored, r.against) for r in bb.queries.results(after)]

    def test_a_number_recorded_twice(self, pack: RulePack, team: Sheet) -> None:
        """The same match number twice would count two results in the standings: the second is refused."""
        once = _match(pack, team, score="1-0", events="1:touchdown")
        with pytest.raises(InvalidInput) as error:
            _match(pack, once, score="2-0", opponent="Elves")
        expected = (
            "match 1 is already recorded for Altdorf Anvils in season 1 (against Orcs: win 1-0); "
            "give the fixture's own number, or take the record back to make it again (the way back is "
            "progression.undo, or League.store.amend in a league's store)"
        )
        assert expected == str(error.value)
        worded = error.value.worded  # on a team file's command line, the command that takes it back
        assert worded is not None
        assert worded.on_command_line("anvils.json").endswith("(the way back is `progression sheet undo anvils.json`)")
        closed = bb.operations.expensive_mistakes(pack, once, ScriptedDice([6]), number=1)
        assert [1, 2] == [r.number for r in bb.queries.results(_match(pack, closed, "2", opponent="Elves"))]

    def test_the_next_match_waits_for_the_sequence_to_end(self, pack: RulePack, team: Sheet) -> None:
        """Recording match 2 while match 1's sequence is open would skip its advancements and its Expensive
        Mistakes: refused, naming the step that ends it."""
        once = _match(pack, team, score="1-0", events="1:touchdown")
        with pytest.raises(
            InvalidInput,
            match=r"the post-match sequence of match 1 is still open, at step 2 \(Dedicated Fans updated\)",
        ):
            _match(pack, once, "2", opponent="Elves")


class TestClose:
    def test_number_is_required(self, pack: RulePack, team: Sheet) -> None:
        """``close`` without a number rolled Expensive Mistakes for a match 0: the number is required."""
        with pytest.raises(InvalidInput) as error:
            pack.contract.action("close").function(pack, _match(pack, team), ScriptedDice([6]))
        assert "the close command needs the option number=...; none came" == str(error.value)

    def test_a_match_not_recorded(self, pack: RulePack, team: Sheet) -> None:
        """A number with no result this season is refused, naming the matches recorded."""
        with pytest.raises(InvalidInput) as error:
            pack.contract.action("close").function(pack, _match(pack, team), ScriptedDice([6]), number="2")
        expected = (
            "Expensive Mistakes end the post-match sequence of a recorded match: Altdorf Anvils has no result of "
            "match 2 in season 1 (matches recorded: 1); record the match first"
        )
        assert expected == str(error.value)

    def test_closed_once(self, pack: RulePack, team: Sheet) -> None:
        """Closing a match twice rolled Expensive Mistakes twice: the second close is refused; the next match closes."""
        rich = pack.award(_match(pack, team), "treasury", 300_000, reason="test")
        done = pack.contract.action("close").function(pack, rich, ScriptedDice([6]), number="1")
        assert (1,) == closed_matches(done)
        with pytest.raises(InvalidInput) as error:
            pack.contract.action("close").function(pack, done, ScriptedDice([1, 3, 4]), number="1")
        expected = (
            "the post-match sequence of match 1 of Altdorf Anvils already ended in season 1: "
            "Expensive Mistakes are rolled once per match"
        )
        assert expected == str(error.value)
        again = pack.contract.action("close").function(pack, _match(pack, done, "2"), ScriptedDice([6]), number="2")
        assert (1, 2) == closed_matches(again)

    def test_a_decision_still_waiting(self, pack: RulePack, team: Sheet) -> None:
        """A player who waits to keep one of two rolled skills holds the sequence: ``close`` is refused, naming him."""
        played = pack.award(_match(pack, team), "spp", 3, reason="test", member="6")
        # General table: 1-3 then 5 -> Kick; 4-6 then 2 -> Strip Ball: two skills to keep one of.
        paused = pack.contract.action("advance").function(
            pack, played, ScriptedDice([2, 5, 5, 2]), member="6", type="random_primary", choice="G"
        )
        with pytest.raises(PendingState) as error:
            pack.contract.action("close").function(pack, paused, ScriptedDice([6]), number="1")
        expected = (
            "Lineman 1 (#6) waits for a decision: keep one of the two skills; "
            "the post-match sequence goes on once it is made"
        )
        assert expected == str(error.value)


class TestStandingsReport:
    def test_teams_in_different_seasons(self, pack: RulePack, team: Sheet) -> None:
        """Without season=N, teams in different seasons are refused, naming who plays which; season=N chooses."""
        later = bb.new_season(pack, bb.draft(pack, "human", "Later", HUMANS))
        report = pack.contract.report("standings").function
        with pytest.raises(InvalidInput) as error:
            report(pack, [team, later])
        expected = (
            "the teams play different seasons (season 1: Altdorf Anvils; season 2: Later); say which "
            "season the table counts with season=N (--set season=N on the command line)"
        )
        assert expected == str(error.value)
        assert [("Altdorf Anvils", 0), ("Later", 0)] == [
            (r["team"], r["P"]) for r in report(pack, [team, later], season="1")
        ]

    @pytest.mark.parametrize(
        ("word", "closest"), [("yse", "; the closest: yes"), ("nop", "; the closest: no"), ("true", "")]
    )
    def test_a_misspelt_bonus(self, pack: RulePack, team: Sheet, word: str, closest: str) -> None:
        """``bonus=yse`` is refused with the words expected and the closest (it said only "takes yes or no")."""
        report = pack.contract.report("standings").function
        with pytest.raises(InvalidInput) as error:
            report(pack, [team], bonus=word)
        assert f"the option bonus= takes yes or no, got {word!r}{closest}" == str(error.value)


class TestCommandLineWords:
    def test_without_penalty_alone(self, pack: RulePack, team: Sheet) -> None:
        """``without_penalty=yes`` without ``conceded=us`` is refused in the words of both Python and the command line."""
        with pytest.raises(InvalidInput) as error:
            _match(pack, team, without_penalty="yes")
        expected = (
            "match 1: only a team that conceded may concede without penalty (without_penalty=True with "
            "conceded='us'; on the command line without_penalty=yes with conceded=us), got conceded=''"
        )
        assert expected == str(error.value)


class TestCategoriesByName:
    def test_sheet_options_and_buy_name_a_category(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """``sheet options`` names a random primary skill's categories (``General``, ``Générale`` with ``--lang
        fr``), where it showed the letter twice, and ``sheet buy --choice general`` buys the category ``G``."""
        path = str(tmp_path / "lena.json")
        main(
            [
                "sheet",
                "new",
                path,
                "--pack",
                "bloodbowl",
                "--kind",
                "player",
                "--set",
                "team=human",
                "--set",
                "position=catcher",
            ]
        )
        main(["sheet", "award", path, "spp", "6", "-r", "a touchdown"])
        capsys.readouterr()
        main(["sheet", "options", path, "random_primary"])
        shown = capsys.readouterr().out.splitlines()[3:]
        main(["sheet", "options", path, "random_primary", "--lang", "fr", "--json"])
        french = [row["choice_label"] for row in json.loads(capsys.readouterr().out)]
        main(["sheet", "quote", path, "random_primary", "--choice", "g"])
        header = capsys.readouterr().out.splitlines()[0]
        main(["sheet", "quote", path, "random_primary", "--choice", "a", "--json", "--lang", "fr"])
        labelled = json.loads(capsys.readouterr().out)
        assert ("Random primary skill (General): 3 Star Player Points", "A", "Agilité") == (
            header,
            labelled["choice"],
            labelled["choice_label"],
        )
        assert 0 == main(["sheet", "buy", path, "random_primary", "--choice", "general", "--dice", "1,2,3,4"])
        bought = json.loads(Path(path).read_text(encoding="utf-8"))["ledger"][-1]
        assert ([["A", "Agility"], ["G", "General"]], ["Agilité", "Générale"]) == (
            [row.split()[:2] for row in shown],
            french,
        )
        assert "G" == bought["operation"]["choice"]


class TestThingsByTheirNames:
    """A position, a member of staff, an injury, a match event, a skill and a roster are read by id or by displayed
    name, in any of the pack's languages and in any case, in every command that takes one; a misspelt one is
    refused with the closest (``progression_bloodbowl.data.words``, which the Python API reads them with too)."""

    def test_a_position_by_its_french_name(self, pack: RulePack, tmp_path: Path) -> None:
        """``Trois-quarts humain`` is the Human Lineman when a player is made, hired, a journeyman or drafted for
        Matched Play, as ``Human Lineman`` and ``lineman`` already were; it was refused as no position."""
        path = str(tmp_path / "lena.json")
        made = ["sheet", "new", path, "--pack", "bloodbowl", "--kind", "player", "--set", "team=Humains"]
        assert 0 == main([*made, "--set", "position=Trois-quarts humain"])
        player = progression.load_sheet(Path(path).read_text(encoding="utf-8"), pack=pack)
        empty = pack.contract.factory("team").function(pack, roster="human", name="Reikland")
        hired = pack.contract.action("hire").function(pack, empty, ScriptedDice([]), position="TROIS-QUARTS HUMAIN")
        journeymen = pack.contract.action("journeymen").function(
            pack, empty, ScriptedDice([]), names="Jo", position="trois-quarts humain"
        )
        lines = ";".join(f"Trois-quarts humain:P{n}" for n in range(11))
        drafted = pack.contract.factory("matched_play_team").function(pack, roster="Humains", players=lines)
        assert ["human_lineman"] * 4 == [
            player.tags["position"],
            hired.member("1").tags["position"],
            journeymen.member("1").tags["position"],
            drafted.member("11").tags["position"],
        ]

    def test_a_misspelt_position_is_refused_with_the_closest(self, pack: RulePack) -> None:
        """A position misspelt in French is named by its id, the closest by its name."""
        empty = pack.contract.factory("team").function(pack, roster="human", name="Reikland")
        with pytest.raises(UnknownName) as refused:
            pack.contract.action("hire").function(pack, empty, ScriptedDice([]), position="Trois-quart humian")
        assert str(refused.value).startswith("position 'Trois-quart humian' is not defined in the Human roster")
        assert ("human_lineman",) == refused.value.closest

    @pytest.mark.parametrize(
        ("given", "stat"),
        [("Team Re-roll", "rerolls"), ("relance d'équipe", "rerolls"), ("Apothicaire", "apothecary"),
         ("ASSISTANT COACH", "assistant_coaches")],
    )  # fmt: skip
    def test_staff_by_its_name(self, pack: RulePack, tmp_path: Path, given: str, stat: str) -> None:
        """``staff item=Team Re-roll`` buys a team re-roll (the command line refused every name but the id)."""
        path = str(tmp_path / "team.json")
        assert 0 == main(["sheet", "new", path, "--pack", "bloodbowl", "--kind", "team", "--set", "roster=human"])
        assert 0 == main(["sheet", "do", path, "staff", f"item={given}"])
        team = progression.load_sheet(Path(path).read_text(encoding="utf-8"), pack=pack)
        assert 1 == team.stats[stat]

    def test_misspelt_staff_is_refused_with_the_closest(self, pack: RulePack) -> None:
        """A member of staff misspelt in French is refused with the one it is closest to by name."""
        empty = pack.contract.factory("team").function(pack, roster="human", name="Reikland")
        with pytest.raises(UnknownName) as refused:
            pack.contract.action("staff").function(pack, empty, ScriptedDice([]), item="Apotiquaire")
        assert ("apothecary",) == refused.value.closest

    @pytest.mark.parametrize(
        ("given", "tag", "lasting"),
        [("Badly Hurt", "", 0), ("Commotion", "", 0), ("seriously hurt", "miss_next", 0),
         ("Séquelle:AV", "miss_next", 1), ("Lasting Injury:ma", "miss_next", 1)],
    )  # fmt: skip
    def test_an_injury_by_its_name(self, pack: RulePack, team: Sheet, given: str, tag: str, lasting: int) -> None:
        """``injuries=2:Badly Hurt`` (or its French name) records a Badly Hurt; it was refused as no result."""
        after = TestMatchOptions()._match(pack, team, injuries=f"2:{given}")
        player = after.member("2")
        assert (bool(tag), lasting) == (tag in player.tags, player.stats["lasting_injuries"])

    def test_events_by_their_names(self, pack: RulePack, team: Sheet) -> None:
        """``events=1:Touchdown,Élimination`` records a touchdown and a casualty, as their ids do: the names were
        refused as no event."""
        named = _match(pack, team, score="1-0", events="1:Touchdown,Élimination;3:Superb Throw")
        ids = _match(pack, team, score="1-0", events="1:touchdown,casualty;3:superb_throw")
        assert ids == named

    def test_a_matched_play_skill_by_its_name(self, pack: RulePack) -> None:
        """``players=wardancer:Eli:Parade`` gives Eli Fend, as ``wardancer:Eli:fend`` does."""
        linemen = ";".join(f"wood_elf_lineman:L{n}" for n in range(10))
        draft = pack.contract.factory("matched_play_team").function
        named = draft(pack, roster="Wood Elf", players=f"Wardancer:Eli:Parade;{linemen}")
        assert draft(pack, roster="wood_elf", players=f"wardancer:Eli:fend;{linemen}") == named

    def test_a_misspelt_injury_is_refused_with_the_closest(self, pack: RulePack, team: Sheet) -> None:
        """A French name misspelt is refused as it was typed, with the closest result by name."""
        with pytest.raises(InvalidInput) as refused:
            TestMatchOptions()._match(pack, team, injuries="2:Comotion")
        assert str(refused.value).endswith("got 'Comotion'; the closest: badly_hurt")
