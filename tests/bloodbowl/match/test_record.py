"""What a match writes and who pays for a concession: the result tag the league table reads back, the opponent's
name, and Conceding Without Penalty (a played match, or an unplayed fixture)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import progression
import progression_bloodbowl as bb
from progression import Effect, RulePack, ScriptedDice, Sheet
from progression.errors import InvalidInput, UnknownName
from progression.events import Adjusted, Left, Rolled, Step
from progression_bloodbowl.data.access import data_of
from progression_bloodbowl.match.record import check_record, result_tag
from progression_bloodbowl.team.results import KINDS, read_result

from ..conftest import ended


def play(pack: RulePack, team: Sheet, match: bb.MatchRecord, *rolls: int) -> Sheet:
    """Post-match steps 1 and 2 with scripted dice (an unused die is harmless)."""
    dice = ScriptedDice([*rolls, 3, 3, 3])
    return bb.operations.update_fans(pack, bb.operations.record_outcome(pack, team, match, dice), match, dice)


def veteran(pack: RulePack, team: Sheet) -> Sheet:
    """Lineman 1 (#6) with three advancements: a conceding team's quit check concerns him."""
    return pack.adjust(team, Effect(stats={"advancements": 3}), reason="test: three advancements", member="6")


def entries(team: Sheet) -> list[object]:
    """Every event of the team's own ledger and of its members' entries, steps opened."""
    found: list[object] = []
    stack = list(reversed(team.ledger))
    while stack:
        event = stack.pop()
        found.append(event)
        if isinstance(event, Step):
            stack.extend(reversed(event.events))
        inner = getattr(event, "event", None)
        if inner is not None:
            stack.append(inner)
    return found


class TestResultTag:
    def test_prose_is_not_a_result(self, pack: RulePack, team: Sheet) -> None:
        """A hand adjustment whose reason reads like a result adds nothing to the table."""
        noted = pack.adjust(team, Effect(), reason="match 9 against Nobody: win 5-0, 3 casualties")
        assert () == bb.queries.results(noted)
        assert 0 == bb.queries.league_points(pack, noted).total

    def test_the_reason_stays_a_sentence(self, pack: RulePack, team: Sheet) -> None:
        """The entry that counts a result keeps its sentence for people, and holds the result as its tag."""
        after = play(pack, team, bb.MatchRecord(number=1, opponent="Reikland Reavers", score=(2, 1)), 6)
        entry = next(e for e in entries(after) if isinstance(e, Adjusted) and "result" in e.effect.tags)
        assert ("match 1 against Reikland Reavers: win 2-1, 0 casualties", "1 win 2-1 0 league - Reikland Reavers") == (
            entry.reason,
            entry.effect.tags["result"],
        )

    @pytest.mark.parametrize("opponent", ["Orcs\nB", "Orcs\r", "", "   ", "\u2028Orcs"])
    def test_an_opponent_on_more_than_one_line(self, pack: RulePack, team: Sheet, opponent: str) -> None:
        """A name with a line break, or no name, is refused before anything is recorded."""
        record = bb.MatchRecord(number=1, opponent=opponent, score=(1, 0))
        with pytest.raises(InvalidInput, match="the opponent of match 1 is a team's name on one line, got "):
            bb.operations.record_outcome(pack, team, record, ScriptedDice([]))

    def test_a_malformed_tag(self, pack: RulePack, team: Sheet) -> None:
        """A result tag set by hand that is not in the format is named with its entry, not skipped."""
        odd = pack.adjust(team, Effect(tags={"result": "win 5-0"}), reason="by hand")
        with pytest.raises(
            InvalidInput, match=r"the result recorded by the ledger entry 'by hand' is '<number> .*got 'win 5-0'"
        ):
            bb.queries.results(odd)

    @settings(max_examples=40, deadline=None)
    @given(
        number=st.integers(0, 99),
        outcome=st.sampled_from(["win", "draw", "loss"]),
        score=st.tuples(st.integers(0, 20), st.integers(0, 20)),
        casualties=st.integers(0, 30),
        kind=st.sampled_from(KINDS),
        conceded=st.sampled_from(["", "us", "them"]),
        opponent=st.text(min_size=1, max_size=30).filter(lambda s: s.strip() and s.splitlines() == [s]),
    )
    def test_round_trip(
        self,
        number: int,
        outcome: str,
        score: tuple[int, int],
        casualties: int,
        kind: str,
        conceded: str,
        opponent: str,
    ) -> None:
        """Whatever one-line name the opponent has, the tag reads back the result it was written from."""
        record = bb.MatchRecord(number=number, opponent=opponent, score=score, kind=kind, conceded=conceded)
        read = read_result(result_tag(record, outcome, score, casualties), 2, "a test")
        assert (2, number, opponent, outcome, score, casualties, kind, conceded) == (
            read.season,
            read.number,
            read.opponent,
            read.outcome,
            (read.scored, read.against),
            read.casualties,
            read.kind,
            read.conceded,
        )


class TestConcession:
    def test_with_penalty(self, pack: RulePack, team: Sheet) -> None:
        """A played match conceded: no SPP, no MVP, no winnings, D3 Dedicated Fans lost, and the veteran
        leaves on the quit check's 1."""
        record = bb.MatchRecord(number=1, opponent="Orcs", score=(1, 2), events={"1": {"touchdown": 1}}, conceded="us")
        after = play(pack, veteran(pack, team), record, 1, 1)
        assert (0, 150_000, 1, False) == (
            after.member("1").pools["spp"],
            after.pools["treasury"],
            after.stats["dedicated_fans"],
            "6" in after.members,
        )

    def test_without_penalty(self, pack: RulePack, team: Sheet) -> None:
        """Conceded without penalty: a loss that keeps its SPP, its MVP and the usual winnings, rolls the usual
        loss D6 for Dedicated Fans (4 >= 2: none lost) and makes no quit check."""
        record = bb.MatchRecord(
            number=1,
            opponent="Orcs",
            score=(1, 2),
            events={"1": {"touchdown": 1}},
            mvp_nominees=("1",),
            fan_attendance=5,
            conceded="us",
            without_penalty=True,
        )
        after = play(pack, veteran(pack, team), record, 4)
        assert (3 + 4, 150_000 + 40_000, 2, True) == (
            after.member("1").pools["spp"],
            after.pools["treasury"],
            after.stats["dedicated_fans"],
            "6" in after.members,
        )
        assert [("loss", "us")] == [(r.outcome, r.conceded) for r in bb.queries.results(after)]
        assert any(isinstance(e, Adjusted) and "(conceded without penalty)" in e.reason for e in entries(after))

    def test_unplayed_conceded_by_us(self, pack: RulePack, team: Sheet) -> None:
        """Conceding an unplayed fixture is Conceding Without Penalty: a loss, no winnings, Dedicated Fans
        unchanged (no D3), no quit check (the veteran stays, no die is rolled for him)."""
        after = play(
            pack,
            veteran(pack, team),
            bb.MatchRecord(number=1, opponent="Orcs", score=(0, 0), kind="unplayed", conceded="us"),
            1,
        )
        assert (2, 150_000, True, 0) == (
            after.stats["dedicated_fans"],
            after.pools["treasury"],
            "6" in after.members,
            after.stats["played"],
        )
        assert [("loss", "unplayed", "us")] == [(r.outcome, r.kind, r.conceded) for r in bb.queries.results(after)]
        assert not [e for e in entries(after) if isinstance(e, (Rolled, Left))]
        assert 0 == bb.queries.league_points(pack, after).total

    @pytest.mark.parametrize("conceded", ["", "them"])
    def test_without_penalty_needs_our_concession(self, pack: RulePack, team: Sheet, conceded: str) -> None:
        """Only a team that conceded concedes without penalty."""
        record = bb.MatchRecord(number=1, opponent="Orcs", score=(0, 0), conceded=conceded, without_penalty=True)
        with pytest.raises(
            InvalidInput, match=f"only a team that conceded may concede without penalty .*conceded={conceded!r}"
        ):
            bb.operations.record_outcome(pack, team, record, ScriptedDice([]))

    def test_without_penalty_is_a_bool(self, pack: RulePack, team: Sheet) -> None:
        """A text is not a flag."""
        record = bb.MatchRecord(number=1, opponent="Orcs", score=(0, 0), conceded="us", without_penalty="no")  # type: ignore[arg-type]
        with pytest.raises(
            InvalidInput,
            match=r"without_penalty is True or False \(without_penalty=yes or without_penalty=no on the command line\), got 'no'",
        ):
            bb.operations.record_outcome(pack, team, record, ScriptedDice([]))


class TestFinalScore:
    @pytest.mark.parametrize(
        ("score", "conceded", "counted"),
        [
            ((1, 0), "us", (0, 2)),  # leading when conceding: still a 0-2 loss
            ((0, 3), "us", (0, 3)),  # the other side had scored more than 2: 0-X
            ((0, 1), "them", (2, 0)),  # trailing when the opponent conceded: a 2-0 win
            ((3, 1), "them", (3, 0)),
            ((2, 2), "", (2, 2)),  # no concession: the score as played
        ],
    )
    def test_a_concession_counts_two_nil(
        self, pack: RulePack, team: Sheet, score: tuple[int, int], conceded: str, counted: tuple[int, int]
    ) -> None:
        """The side conceded to wins 2-0, or X-0 when it had scored X > 2; the league table reads that score."""
        nominees = ("1",) if conceded == "them" else ()
        record = bb.MatchRecord(number=1, opponent="Orcs", score=score, conceded=conceded, mvp_nominees=nominees)
        after = play(pack, team, record, 1, 1)
        result = bb.queries.results(after)[0]
        assert counted == (result.scored, result.against)

    def test_an_unplayed_fixture_conceded(self, pack: RulePack, team: Sheet) -> None:
        """Conceded without penalty, an unplayed fixture is still a 2-0 win for the other side."""
        record = bb.MatchRecord(number=1, opponent="Orcs", score=(0, 0), kind="unplayed", conceded="them")
        result = bb.queries.results(play(pack, team, record, 4))[0]
        assert ("win", 2, 0) == (result.outcome, result.scored, result.against)


def record(**fields: object) -> bb.MatchRecord:
    """A 1-0 win against the Orcs, changed by ``fields``."""
    values: dict[str, object] = {"number": 1, "opponent": "Orcs", "score": (1, 0), **fields}
    return bb.MatchRecord(**values)  # type: ignore[arg-type]


class TestRecordShape:
    @pytest.mark.parametrize(
        ("fields", "expected"),
        [
            ({"number": 0}, "match number: expected a whole number from 1 to 9,999, got 0"),
            ({"number": 10**23}, f"match number: expected a whole number from 1 to 9,999, got {10**23}"),
            ({"score": (1,)}, "the score of match 1 is two whole numbers (ours, theirs) such as (2, 1), got (1,)"),
            ({"score": (1, -1)}, "the score of match 1 (theirs): expected a whole number >= 0, got -1"),
            ({"score": "1-0"}, "the score of match 1 is two whole numbers (ours, theirs) such as (2, 1), got '1-0'"),
            (
                {"events": ["1", "touchdown"]},
                "the events of match 1 map member ids to {event: count} such as {'1': {'touchdown': 1}}, "
                "got ['1', 'touchdown']",
            ),
            (
                {"events": {"1": 1}},
                "the events of match 1 map member ids to {event: count} such as {'1': {'touchdown': 1}}, got {'1': 1}",
            ),
            ({"events": {"1": {"touchdown": -1}}}, "match 1: #1 touchdown: expected a whole number >= 0, got -1"),
            (  # as it was written, not as the record keeps it (mappingproxy({1: mappingproxy({...})}))
                {"events": {1: {"touchdown": 1}}},
                "the events of match 1 map member ids to {event: count} such as {'1': {'touchdown': 1}}, "
                "got {1: {'touchdown': 1}}",
            ),
            (
                {"injuries": {2: "dead"}},
                "the injuries of match 1 map member ids to results such as {'3': 'badly_hurt'}, got {2: 'dead'}",
            ),
            (
                {"injuries": [("2", "dead")]},
                "the injuries of match 1 map member ids to results such as {'3': 'badly_hurt'}, got [('2', 'dead')]",
            ),
            (
                {"stalling": "no"},
                "match 1: stalling is True or False (stalling=yes or stalling=no on the command line), got 'no'",
            ),
            ({"fan_attendance": -3}, "the fan attendance of match 1: expected a whole number >= 0, got -3"),
            (
                {"conceded": "yes"},
                "match 1: conceded is 'us' (this team conceded), 'them' (the opponent did) or '' (nobody; on the "
                "command line, leave conceded= out), got 'yes'",
            ),
            ({"mvp_nominees": (1, 2)}, "the MVP nominees of match 1 are member ids such as ('1', '3'), got (1, 2)"),
        ],
    )
    def test_refused_with_its_field(
        self, pack: RulePack, team: Sheet, fields: dict[str, object], expected: str
    ) -> None:
        """A field not of its shape is named with what it takes, by record_outcome, winnings and update_fans alike
        (a bare ValueError, or ``stalling="no"`` counted as Stalling, before)."""
        bad = record(**fields)
        for check in (
            lambda: bb.operations.record_outcome(pack, team, bad, ScriptedDice([])),
            lambda: bb.queries.winnings(pack, team, bad),
            lambda: bb.operations.update_fans(pack, team, bad, ScriptedDice([])),
        ):
            with pytest.raises(InvalidInput) as error:
                check()
            assert expected == str(error.value)

    def test_a_record_cannot_change_once_made(self, pack: RulePack, team: Sheet) -> None:
        """Its mappings are read-only copies: the dictionaries given may change afterwards, the record does not, and
        the record a ledger entry keeps is the one its operation ran with (it could be changed through the entry)."""
        events, injuries, extra = {"1": {"touchdown": 1}}, {"3": "badly_hurt"}, {"note": "rain"}
        made = record(events=events, injuries=injuries, extra=extra)
        events["1"]["touchdown"], injuries["3"], extra["note"] = 5, "dead", "sun"
        assert ({"1": {"touchdown": 1}}, {"3": "badly_hurt"}, {"note": "rain"}) == (
            made.events,
            made.injuries,
            made.extra,
        )
        after = bb.operations.record_outcome(pack, team, made, ScriptedDice([]))
        kept = after.ledger[-1].operation.match  # type: ignore[attr-defined]
        with pytest.raises(TypeError):
            kept.events["1"]["touchdown"] = 1
        with pytest.raises(TypeError):
            kept.events["2"] = {"touchdown": 1}
        with pytest.raises(TypeError):
            made.injuries["4"] = "dead"  # type: ignore[index]
        assert progression.verify(after, pack).ok

    def test_a_record_accepted_is_checked_again_when_another_or_under_other_rules(
        self, pack: RulePack, team: Sheet
    ) -> None:
        """The last record accepted is remembered (the steps of one post-match sequence check one record), by the
        record itself and the pack: another record with a field wrong, or the same record under rules that refuse
        it, is refused."""
        good = record(score=(3, 3))
        assert 40_000 == bb.queries.winnings(pack, team, good).total
        with pytest.raises(InvalidInput, match="match number"):
            bb.queries.winnings(pack, team, attrs.evolve(good, number=0))
        limits = attrs.evolve(data_of(pack).rules.match_limits, turns_per_team=2)
        stricter = attrs.evolve(
            pack, data=attrs.evolve(data_of(pack), rules=attrs.evolve(data_of(pack).rules, match_limits=limits))
        )
        assert 40_000 == bb.queries.winnings(pack, team, good).total
        with pytest.raises(InvalidInput, match="at most 4 touchdowns for both teams together"):
            bb.queries.winnings(stricter, team, good)

    def test_an_unknown_kind(self, pack: RulePack, team: Sheet) -> None:
        """``update_fans`` took ``kind="bogus"`` as a league fixture; it is refused, naming the kinds."""
        with pytest.raises(UnknownName) as error:
            bb.operations.update_fans(pack, team, record(kind="bogus"), ScriptedDice([6]))
        expected = "match kind 'bogus' is not defined in the record of match 1; expected one of: friendly, league, playoff, unplayed"
        assert expected == str(error.value)

    def test_a_misspelt_event(self, pack: RulePack, team: Sheet) -> None:
        """A misspelt event names the player whose events hold it, the match, and the closest event."""
        with pytest.raises(UnknownName) as error:
            bb.queries.winnings(pack, team, record(events={"1": {"touchdwn": 1}}))
        assert str(error.value).startswith(
            "match event 'touchdwn' is not defined in the events of player #1 in match 1;"
        )
        assert str(error.value).endswith("; the closest: touchdown")

    def test_a_misspelt_injury(self, pack: RulePack, team: Sheet) -> None:
        """A misspelt injury names the player it was given to, the match, the results there are and the closest."""
        with pytest.raises(InvalidInput) as error:
            bb.queries.winnings(pack, team, record(injuries={"4": "bady_hurt"}))
        expected = (
            "the injury of player #4 in match 1 is one of badly_hurt, seriously_hurt, serious_injury, "
            "lasting_injury, dead or lasting_injury:<ma|st|ag|pa|av>, got 'bady_hurt'; the closest: badly_hurt"
        )
        assert expected == str(error.value)

    def test_a_list_is_a_tuple(self, pack: RulePack, team: Sheet) -> None:
        """A score or nominees written as lists (read from JSON) are taken as tuples."""
        written = record(score=[1, 0], mvp_nominees=["1"])
        assert ((1, 0), ("1",)) == (written.score, written.mvp_nominees)

    @settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(
        st.one_of(
            st.integers(),
            st.text(max_size=3),
            st.none(),
            st.tuples(st.integers(min_value=-2, max_value=9)),
            st.tuples(st.integers(min_value=-2, max_value=9), st.integers(min_value=-2, max_value=9)),
        )
    )
    def test_any_score_is_checked(self, pack: RulePack, team: Sheet, score: object) -> None:
        """Whatever the score holds, the record is taken (two whole numbers) or refused with an InvalidInput
        naming the score, never another error."""
        if isinstance(score, tuple) and len(score) == 2 and min(score) >= 0:
            assert 10_000 * (1 + score[0]) == bb.queries.winnings(pack, team, record(score=score)).total
        else:
            with pytest.raises(InvalidInput, match="score of match 1"):
                bb.queries.winnings(pack, team, record(score=score))


class TestNumberOnce:
    def test_a_second_record_of_a_number(self, pack: RulePack, team: Sheet) -> None:
        """The library refuses the number already in this season's results, naming the first record."""
        once = play(pack, team, record())
        with pytest.raises(InvalidInput) as error:
            bb.operations.record_outcome(pack, once, record(opponent="Elves", score=(0, 0)), ScriptedDice([]))
        expected = (
            "match 1 is already recorded for Altdorf Anvils in season 1 (against Orcs: win 1-0); "
            "give the fixture's own number, or take the record back to make it again (the way back is "
            "progression.undo, or League.store.amend in a league's store)"
        )
        assert expected == str(error.value)

    def test_a_new_season_starts_the_numbers_again(self, pack: RulePack, team: Sheet) -> None:
        """Match 1 of season 2 is not match 1 of season 1."""
        after = play(pack, bb.new_season(pack, ended(pack, play(pack, team, record()))), record(opponent="Elves"))
        assert [("Elves", 2)] == [(r.opponent, r.season) for r in bb.queries.results(after)]


class TestTouchdowns:
    def test_more_than_scored(self, pack: RulePack, team: Sheet) -> None:
        """Three touchdowns given to players of a 1-0 win are refused, naming both numbers."""
        with pytest.raises(InvalidInput) as error:
            bb.operations.record_outcome(
                pack, team, record(events={"1": {"touchdown": 2}, "2": {"touchdown": 1}}), ScriptedDice([])
            )
        expected = (
            "match 1: 3 touchdown(s) recorded as events for Altdorf Anvils, but the score that counts is 1-0: "
            "at most 1 touchdown(s) may be given to players"
        )
        assert expected == str(error.value)

    def test_awarded_by_a_concession(self, pack: RulePack, team: Sheet) -> None:
        """The opponent conceded at 0-0: the 2-0 awarded gives two touchdowns to players of the coach's choice,
        not three."""
        awarded = record(score=(0, 0), conceded="them", events={"1": {"touchdown": 2}})
        assert 6 == bb.operations.record_outcome(pack, team, awarded, ScriptedDice([])).member("1").pools["spp"]
        with pytest.raises(InvalidInput) as error:
            bb.operations.record_outcome(
                pack, team, record(score=(0, 0), conceded="them", events={"1": {"touchdown": 3}}), ScriptedDice([])
            )
        assert "is 2-0 (awarded for the concession; 0-0 on the pitch): at most 2 touchdown(s)" in str(error.value)

    def test_fewer_is_allowed(self, pack: RulePack, team: Sheet) -> None:
        """A 2-0 win with one touchdown recorded (a Star Player scored the other)."""
        after = bb.operations.record_outcome(
            pack, team, record(score=(2, 0), events={"1": {"touchdown": 1}}), ScriptedDice([])
        )
        assert 3 == after.member("1").pools["spp"]


class TestQuitCheck:
    def test_the_dead_and_the_retired_make_no_roll(self, pack: RulePack, team: Sheet) -> None:
        """Three veterans of a conceding team: #6 killed in the match and #7 temporarily retired roll nothing and the
        dead leaves as the dead; only #8 rolls (a 1: he leaves)."""
        team = veteran(pack, team)
        for member in ("7", "8"):
            team = pack.adjust(
                team, Effect(stats={"advancements": 3}), reason="test: three advancements", member=member
            )
        team = pack.adjust(
            team, Effect(stats={"lasting_injuries": 1}, tags={"retired": "season"}), reason="test", member="7"
        )
        conceded = record(score=(0, 2), conceded="us", injuries={"6": "dead"})
        after = bb.operations.record_outcome(pack, team, conceded, ScriptedDice([1]))
        rolls = [e.label for e in entries(after) if isinstance(e, Rolled)]
        left = [(e.member, e.reason) for e in entries(after) if isinstance(e, Left)]
        assert (["#8 stays"], [("8", "left after the concession (D6 1)")]) == (rolls, left)
        assert "dead" in after.member("6").tags

    def test_the_touchdowns_an_unplayed_fixture_awards(self, pack: RulePack, team: Sheet) -> None:
        """The 2-0 an opponent's concession of an unplayed fixture awards may be given to players as touchdown events
        (the SPP of awarded touchdowns go to players of the coach's choice); nothing else happened on a pitch."""
        events = {"1": {"touchdown": 2}}
        record = bb.MatchRecord(
            number=1, opponent="Orcs", score=(0, 0), kind="unplayed", conceded="them", events=events
        )
        assert 6 == play(pack, team, record, 4).member("1").pools["spp"]
        with pytest.raises(
            InvalidInput, match="an unplayed fixture, so it has no match events other than the touchdowns"
        ):
            bb.operations.record_outcome(
                pack,
                team,
                bb.MatchRecord(
                    number=1,
                    opponent="Orcs",
                    score=(0, 0),
                    kind="unplayed",
                    conceded="them",
                    events={"1": {"casualty": 1}},
                ),
                ScriptedDice([4]),
            )


def _record(**fields: object) -> bb.MatchRecord:
    """A league fixture against Orcs, 1-0 unless ``fields`` say otherwise."""
    return bb.MatchRecord(**{"number": 1, "opponent": "Orcs", "score": (1, 0), **fields})  # type: ignore[arg-type]


class TestWhatAGameCanProduce:
    def test_an_absurd_attendance(self, pack: RulePack, team: Sheet) -> None:
        """``attendance=20000`` paid 100,030,000 gp: no game has more than 20 fans (two Fan Factors of 7 + D3). The
        0 of a record that did not note it is said as what the command line refuses (it said "or 0", and
        ``attendance=0`` was refused)."""
        with pytest.raises(InvalidInput) as error:
            bb.operations.record_outcome(pack, team, _record(fan_attendance=20_000), ScriptedDice([]))
        assert (
            "the fan attendance of match 1 is both teams' Fan Factors added (Dedicated Fans 1 to 7 + D3 each): 4 to 20 "
            "(a league match played needs it; 0 means not recorded); got 20000"
        ) == str(error.value)

    @pytest.mark.parametrize(("attendance", "ok"), [(3, False), (4, True), (20, True), (21, False), (0, True)])
    def test_attendance_without_the_team(self, pack: RulePack, team: Sheet, attendance: int, ok: bool) -> None:
        """Without a team (``winnings``) the Fan Attendance is 4 to 20, or 0 when it was not recorded."""
        record = _record(fan_attendance=attendance)
        if ok:
            assert (attendance // 2 + 1 + 1) * 10_000 == bb.queries.winnings(pack, team, record).total
        else:
            with pytest.raises(
                InvalidInput,
                match=rf"4 to 20 \(a league match played needs it; 0 means not recorded\); got {attendance}$",
            ):
                bb.queries.winnings(pack, team, record)

    @pytest.mark.parametrize(("attendance", "ok"), [(4, False), (5, True), (15, True), (16, False)])
    def test_attendance_with_the_team(self, pack: RulePack, team: Sheet, attendance: int, ok: bool) -> None:
        """The Anvils' 2 Dedicated Fans + D3 (3 to 5) and an opponent's 2 to 10 make 5 to 15."""
        record = _record(fan_attendance=attendance)
        if ok:
            after = bb.operations.record_outcome(pack, team, record, ScriptedDice([]))
            assert team.pools["treasury"] + (attendance // 2 + 2) * 10_000 == after.pools["treasury"]
        else:
            with pytest.raises(InvalidInput) as error:
                bb.operations.record_outcome(pack, team, record, ScriptedDice([]))
            assert (
                "the fan attendance of match 1 is both teams' Fan Factors added: the 2 Dedicated Fans of Altdorf Anvils "
                f"+ D3 and the opponent's 2 to 10, make 5 to 15; got {attendance}"
            ) == str(error.value)

    @pytest.mark.parametrize(("score", "ok"), [((16, 16), True), ((32, 0), True), ((17, 16), False), ((0, 33), False)])
    def test_the_score(self, pack: RulePack, team: Sheet, score: tuple[int, int], ok: bool) -> None:
        """At most one touchdown a turn and 16 turns a team: 32 touchdowns for both teams together."""
        record = _record(score=score)
        if ok:
            assert record is check_record(pack, record)
        else:
            with pytest.raises(InvalidInput) as error:
                check_record(pack, record)
            assert (
                "the score of match 1 is at most 32 touchdowns for both teams together (one a turn at most, "
                f"16 turns a team), got {score[0]}-{score[1]}"
            ) == str(error.value)

    @pytest.mark.parametrize("event", ["casualty", "completion", "interception", "casualty_foul", "catch"])
    def test_a_players_events(self, pack: RulePack, event: str) -> None:
        """A player records at most 32 of one event in a game (two a turn, 16 turns): 32 pass, 33 are refused."""
        assert 32 == check_record(pack, _record(events={"3": {event: 32}})).events["3"][event]
        with pytest.raises(InvalidInput) as error:
            check_record(pack, _record(events={"3": {event: 33}}))
        assert f"match 1: #3 {event} is 0 to 32 in a game (at most 2 a turn, 16 turns a team), got 33" == str(
            error.value
        )


class TestDiceOfTheWrongType:
    def test_refused_before_the_match_runs(self, pack: RulePack, team: Sheet) -> None:
        """Dice are dice (``roll(sides, count, label)``), refused as such, not an AttributeError halfway."""
        match = bb.MatchRecord(number=1, opponent="Orcs", score=(1, 1))
        with pytest.raises(InvalidInput, match=r"expected dice for bloodbowl\.record_outcome .* got int 5"):
            bb.operations.record_outcome(pack, team, match, 5)  # type: ignore[arg-type]
