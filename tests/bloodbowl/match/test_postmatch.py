"""The post-match sequence: order, undo, the must-advance rule, commit, and the match record."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

import progression
import progression_bloodbowl as bb
from progression import RulePack, ScriptedDice, Sheet, replay, undo
from progression.errors import InvalidInput, OutOfOrder, RequirementNotMet, UnknownName
from progression.events import Lost, Step
from progression_bloodbowl.data.access import data_of
from progression_bloodbowl.team.results import closed_matches
from progression_bloodbowl.team.sequence import standing

WIN = bb.MatchRecord(
    number=1, opponent="Orcs", score=(1, 0), events={"1": {"touchdown": 1}}, mvp_nominees=("1", "2"), fan_attendance=7
)


def started(pack: RulePack, team: Sheet, match: bb.MatchRecord = WIN, **kw: bool) -> bb.PostMatch:
    """The sequence after steps 1 and 2 (MVP D6 1, fans D6 6)."""
    return bb.PostMatch.start(pack, team, match, **kw).record_outcome(ScriptedDice([1])).update_fans(ScriptedDice([6]))


def recorded(pack: RulePack, team: Sheet, number: int = 1) -> Sheet:
    """The team with match ``number`` recorded (steps 1 and 2), a 0-0 draw that pays nothing (no crowd, a player
    Stalling) and moves no Dedicated Fans."""
    record = bb.MatchRecord(number=number, opponent="Orcs", score=(0, 0), stalling=True)
    return bb.record_match(pack, team, record, ScriptedDice([]))


class TestOrder:
    def test_steps_in_order(self, pack: RulePack, team: Sheet) -> None:
        """Nothing before the outcome; no advancement after hiring; the whole commits as one entry."""
        post = bb.PostMatch.start(pack, team, WIN)
        with pytest.raises(InvalidInput, match="record the outcome of match 1 first"):
            post.hire("human_lineman", "X")
        post = started(pack, team).hire("human_lineman", "X")
        with pytest.raises(InvalidInput, match=r"player advancement \(step 3\) comes before hiring \(step 4\)"):
            post.advance("1", "random_primary", choice="G", dice=ScriptedDice([2, 2, 2, 2]))
        with pytest.raises(InvalidInput, match="the sequence ends with 'prepare'"):
            post.commit()
        committed = post.expensive_mistakes(ScriptedDice([6])).prepare_next().commit()
        assert len(team.ledger) + 1 == len(committed.ledger)
        assert team == undo(committed)

    def test_removing_the_dead_is_step_four(self, pack: RulePack, team: Sheet) -> None:
        """The dead leave and the sequence stands at step 4: no advancement after it, and the whole commits and
        replays (it raised: the sequence's move was applied outside any operation)."""
        match = bb.MatchRecord(number=1, opponent="Orcs", score=(1, 0), injuries={"8": "dead"})
        post = bb.PostMatch.start(pack, team, match).record_outcome(ScriptedDice([])).update_fans(ScriptedDice([6]))
        post = post.remove_dead()
        with pytest.raises(
            InvalidInput, match=r"player advancement \(step 3\) comes before removing the dead \(step 4\)"
        ):
            post.advance("1", "random_primary", choice="G", dice=ScriptedDice([2, 2, 2, 2]))
        committed = post.hire("human_lineman", "X").expensive_mistakes(ScriptedDice([6])).prepare_next().commit()
        assert ("8" not in post.sheet.members, "1:1:dead", committed) == (
            True,
            post.sheet.tags["postmatch"],
            replay(committed.ledger),
        )

    def test_each_step_undoes(self, pack: RulePack, team: Sheet) -> None:
        """Undo takes back one operation at a time."""
        post = started(pack, team)
        hired = post.hire("human_lineman", "X")
        assert post.sheet == hired.undo().sheet
        assert ("outcome and winnings", "Dedicated Fans") == hired.undo().history


class TestMustAdvance:
    def test_obliged_player_blocks_step_four(self, pack: RulePack, team: Sheet) -> None:
        """14 SPP oblige an advancement before hiring; with the league switch off they may be banked."""
        team = pack.award(team, "spp", 10, reason="earlier matches", member="1")
        post = started(pack, team)  # +3 touchdown, +4 MVP (D6 1): 17 SPP
        assert 17 == post.sheet.member("1").pools["spp"]
        with pytest.raises(RequirementNotMet, match="Griselda holds 17 SPP"):
            post.hire("human_lineman", "X")
        assert started(pack, team, must_advance=False).hire("human_lineman", "X").stage == 5
        post = post.advance("1", "chosen_primary", choice="dauntless")
        assert post.hire("human_lineman", "X").sheet.member("12").name == "X"


class TestMatchRecord:
    def test_spp_by_event(self, pack: RulePack, team: Sheet) -> None:
        """Each event to its own player: completion 1, landing 1, superb throw 1, interception 2, casualty 2,
        touchdown 3 (reference section 1); two crowd casualties 0."""
        events = ("completion", "landing", "superb_throw", "interception", "casualty", "touchdown", "casualty_crowd")
        match = bb.MatchRecord(
            number=1,
            opponent="X",
            score=(1, 0),
            events={str(n): {event: 2 if event == "casualty_crowd" else 1} for n, event in enumerate(events, 1)},
        )
        after = bb.operations.record_outcome(pack, team, match, ScriptedDice([]))
        assert (1, 1, 1, 2, 2, 3, 0) == tuple(after.member(str(n)).pools["spp"] for n in range(1, 8))

    def test_brawlin_brutes(self, pack: RulePack) -> None:
        """An Orc team (Brawlin' Brutes): casualty 3, touchdown 2, so two casualties and a touchdown earn
        3 + 3 + 2 = 8 (the standard values would give 2 + 2 + 3 = 7); a completion still earns 1."""
        team = bb.draft(pack, "orc", "T", [("orc_lineman", f"L{n}") for n in range(11)])
        match = bb.MatchRecord(
            number=1, opponent="X", score=(1, 0), events={"1": {"casualty": 2, "touchdown": 1}, "2": {"completion": 1}}
        )
        after = bb.operations.record_outcome(pack, team, match, ScriptedDice([]))
        assert (8, 1) == (after.member("1").pools["spp"], after.member("2").pools["spp"])

    def test_conceding_team_loses_the_game_spp(self, pack: RulePack, team: Sheet) -> None:
        """SPP of a game the team conceded are not awarded (the events stay on the record); no winnings."""
        match = bb.MatchRecord(
            number=1,
            opponent="X",
            score=(1, 2),
            events={"1": {"touchdown": 1}, "3": {"completion": 2, "casualty": 1}},
            conceded="us",
            fan_attendance=9,
        )
        after = bb.operations.record_outcome(pack, team, match, ScriptedDice([]))
        assert (0, 0, team.pools["treasury"]) == (
            after.member("1").pools["spp"],
            after.member("3").pools["spp"],
            after.pools["treasury"],
        )

    def test_a_conceding_team_names_no_mvp_nominees(self, pack: RulePack, team: Sheet) -> None:
        """A team that concedes makes no MVP award: its nominees are refused, saying why (they were dropped without
        a word); conceded without penalty, the award is made."""
        match = bb.MatchRecord(number=1, opponent="X", score=(0, 2), mvp_nominees=("1", "3"), conceded="us")
        with pytest.raises(InvalidInput) as refused:
            bb.operations.record_outcome(pack, team, match, ScriptedDice([]))
        assert (
            "match 1 was conceded by this team, which makes no MVP award (its opponent makes two): no MVP nominees, "
            "got 1, 3; a team that could not set up three players on the Line of Scrimmage concedes without penalty "
            "and makes its award (without_penalty=yes on the command line, without_penalty=True in Python)"
        ) == str(refused.value)
        kept = attrs.evolve(match, without_penalty=True)
        assert 4 == bb.operations.record_outcome(pack, team, kept, ScriptedDice([1])).member("1").pools["spp"]

    def test_mvp_number_without_a_player_is_rolled_again(self, pack: RulePack, team: Sheet) -> None:
        """Two nominees: a 5 names nobody, the die is rolled again until it names one; every roll recorded."""
        match = bb.MatchRecord(number=1, opponent="X", score=(0, 0), mvp_nominees=("3", "4"))
        after = bb.operations.record_outcome(pack, team, match, ScriptedDice([5, 6, 2]))
        assert 4 == after.member("4").pools["spp"]

    def test_the_only_nominee_is_mvp_without_a_roll(self, pack: RulePack, team: Sheet) -> None:
        """One nominee: the MVP is his, no die is asked for or recorded; the award and its rule say why."""
        match = bb.MatchRecord(number=1, opponent="X", score=(0, 0), mvp_nominees=("3",))
        after = bb.operations.record_outcome(pack, team, match, ScriptedDice([]))
        assert (4, ()) == (after.member("3").pools["spp"], after.ledger[-1].rolls)
        item = bb.queries.spp_account(pack, after, "3").items[-1]
        assert ("match 1: MVP (the only nominee)", "MVP: 4 SPP to the only nominee") == (item.label, item.rule)

    def test_an_only_nominee_rolled_for_by_version_2(self, pack: RulePack) -> None:
        """A team file of pack version 2 (``data/anvils-version-2.json``, made by that version) rolled 4, 2, 1 for
        its only nominee: ``verify`` says the rules changed, and where the new ones part from the record; rebased,
        the MVP is his still and the rolls are gone."""
        old = progression.load_sheet(
            (Path(__file__).parent / "data" / "anvils-version-2.json").read_text(), pack=pack, tampered="read"
        )
        assert old.rules.startswith("bloodbowl 2 ")
        sentences = [d.sentence for d in progression.verify(old, pack).divergences if d.kind == "rules"]
        assert "the rules ask for 1D6 for 'Dedicated Fans' where the entry recorded 1D6 for 'MVP'" in sentences[-1]
        rebased, _ = progression.rebase(old, pack)
        assert (True, 4, ["Dedicated Fans"]) == (
            progression.verify(rebased, pack).ok,
            rebased.member("2").pools["spp"],
            [roll.label for roll in rebased.ledger[-1].rolls],
        )

    def test_opponent_conceding_gives_two_mvps_and_whole_attendance(self, pack: RulePack, team: Sheet) -> None:
        """Two MVP rolls; winnings (attendance 7 + 1 TD) x 10,000."""
        match = bb.MatchRecord(
            number=1, opponent="X", score=(1, 0), mvp_nominees=("3", "4"), conceded="them", fan_attendance=7
        )
        after = bb.operations.record_outcome(pack, team, match, ScriptedDice([1, 2]))
        assert (4, 4) == (after.member("3").pools["spp"], after.member("4").pools["spp"])
        assert 80_000 == after.pools["treasury"] - team.pools["treasury"]

    def test_a_concession_at_nil_pays_no_awarded_touchdown(self, pack: RulePack, team: Sheet) -> None:
        """Conceded at 0-0: a 2-0 win whose two awarded touchdowns give their SPP to the players named, and the
        winnings are the whole attendance alone, the explanation saying the awarded touchdowns are not paid."""
        match = bb.MatchRecord(
            number=1, opponent="X", score=(0, 0), events={"1": {"touchdown": 2}}, mvp_nominees=("3",), conceded="them",
            fan_attendance=6,
        )  # fmt: skip
        after = bb.operations.record_outcome(pack, team, match, ScriptedDice([]))
        assert (60_000, 6 + 8) == (
            after.pools["treasury"] - team.pools["treasury"],
            after.member("1").pools["spp"] + after.member("3").pools["spp"],
        )
        told = bb.queries.winnings(pack, team, match).items
        assert [
            ("whole fan attendance 6 x 10,000", 60_000, "opponent conceded"),
            (
                "0 touchdown(s) scored on the pitch x 10,000",
                0,
                "opponent conceded: the touchdowns scored on the pitch; the 2 awarded for the concession are not paid",
            ),
        ] == [(item.label, item.amount, item.rule) for item in told]

    def test_winnings_explained(self, pack: RulePack, team: Sheet) -> None:
        """Attendance 7: 3 (rounded down) + 1 TD + 1 no Stalling = 50,000."""
        assert [30_000, 10_000, 10_000] == [i.amount for i in bb.queries.winnings(pack, team, WIN).items]

    def test_unknown_event_is_refused(self, pack: RulePack, team: Sheet) -> None:
        """A misspelt event names the known ones."""
        match = bb.MatchRecord(number=1, opponent="X", score=(0, 0), events={"1": {"touchdowns": 1}})
        with pytest.raises(UnknownName, match="match event 'touchdowns'"):
            bb.operations.record_outcome(pack, team, match, ScriptedDice([]))

    def test_more_than_six_nominees(self, pack: RulePack, team: Sheet) -> None:
        """Up to six players are nominated."""
        match = bb.MatchRecord(number=1, opponent="X", score=(0, 0), mvp_nominees=tuple(str(n) for n in range(1, 8)))
        with pytest.raises(InvalidInput, match="up to 6 different players"):
            bb.operations.record_outcome(pack, team, match, ScriptedDice([]))

    def test_lasting_injury_at_its_worst_only_misses_a_match(self, pack: RulePack, team: Sheet) -> None:
        """A Lasting Injury to a characteristic already at its worst reduces nothing."""
        from progression import Effect

        team = pack.adjust(team, Effect(stats={"av": -6}), reason="test: AV 3+", member="6")
        match = bb.MatchRecord(number=1, opponent="X", score=(0, 0), injuries={"6": "lasting_injury:av"})
        player = bb.operations.record_outcome(pack, team, match, ScriptedDice([])).member("6")
        assert (3, 0, "yes") == (player.stats["av"], player.stats["lasting_injuries"], player.tags["miss_next"])


class TestExpensiveMistakes:
    def test_major_incident(self, pack: RulePack, team: Sheet) -> None:
        """Treasury 455,000 (band 400-495k), D6 2: Major Incident, lose half rounded down to 5,000: 225,000."""
        team = pack.award(recorded(pack, team), "treasury", 305_000, reason="test")
        after = bb.operations.expensive_mistakes(pack, team, ScriptedDice([2]), number=1)
        assert 455_000 - 225_000 == after.pools["treasury"]

    def test_catastrophe_keeps_2d6_times_10000(self, pack: RulePack, team: Sheet) -> None:
        """Treasury 650,000, D6 1: Catastrophe; 2D6 = 7 keeps 70,000."""
        team = pack.award(recorded(pack, team), "treasury", 500_000, reason="test")
        assert (
            70_000 == bb.operations.expensive_mistakes(pack, team, ScriptedDice([1, 3, 4]), number=1).pools["treasury"]
        )


class TestExpensiveMistakesTable:
    @pytest.mark.parametrize(
        ("held", "roll", "result"),
        [
            # the six cells the early transcription had wrong, each at the edges of its band
            (600_000, 2, "Catastrophe"),
            (595_000, 2, "Major Incident"),
            (500_000, 3, "Major Incident"),
            (595_000, 3, "Major Incident"),
            (495_000, 3, "Minor Incident"),
            (400_000, 4, "Minor Incident"),
            (495_000, 4, "Minor Incident"),
            (395_000, 4, "Crisis Averted"),
            (600_000, 4, "Major Incident"),
            (595_000, 4, "Minor Incident"),
            (500_000, 5, "Minor Incident"),
            (595_000, 5, "Minor Incident"),
            (495_000, 5, "Crisis Averted"),
            (600_000, 5, "Minor Incident"),
            # rows 1 and 6, unchanged
            (195_000, 1, "Minor Incident"),
            (600_000, 1, "Catastrophe"),
            (595_000, 6, "Crisis Averted"),
            (600_000, 6, "Minor Incident"),
            (200_000, 2, "Minor Incident"),
        ],
    )
    def test_the_bb2025_matrix(self, pack: RulePack, team: Sheet, held: int, roll: int, result: str) -> None:
        """The corrected BB2025 table (its rows 2-6 as issue 16 gives them), read by the treasury band and the D6."""
        rich = pack.award(recorded(pack, team), "treasury", held - team.pools["treasury"], reason="test")
        step = bb.operations.expensive_mistakes(pack, rich, ScriptedDice([roll, 2, 3, 4]), number=1).ledger[-1]
        assert isinstance(step, Step)
        last = step.events[-1]
        said = last.reason if isinstance(last, Lost) else getattr(last, "label", "")
        assert f"match 1: Expensive Mistakes, {result} (D6 {roll})" == said

    def test_the_whole_matrix(self, pack: RulePack) -> None:
        """Rows D6 1-6, columns the treasury bands in order (A averted, m minor, M major, C catastrophe)."""
        letters = {"averted": "A", "minor_incident": "m", "major_incident": "M", "catastrophe": "C"}
        rows = data_of(pack).raw["tables.toml"]["expensive_mistakes"]["rows"]
        expected = ["m m M M C C", "A m m M M C", "A A m m M M", "A A A m m M", "A A A A m m", "A A A A A m"]
        assert expected == [" ".join(letters[cell] for cell in row) for row in rows]


class TestClosing:
    def test_the_sequence_closes_its_match(self, pack: RulePack, team: Sheet) -> None:
        """A committed post-match sequence is closed: Expensive Mistakes for its number again are refused."""
        committed = started(pack, team).expensive_mistakes(ScriptedDice([6])).prepare_next().commit()
        assert (1,) == closed_matches(committed)
        with pytest.raises(InvalidInput, match="the post-match sequence of match 1 of Altdorf Anvils already ended"):
            bb.operations.expensive_mistakes(pack, committed, ScriptedDice([6]), number=1)

    def test_undo_opens_it_again(self, pack: RulePack, team: Sheet) -> None:
        """Undoing the closing step takes its tag away: the match may close again."""
        rich = recorded(pack, team)
        done = bb.operations.expensive_mistakes(pack, rich, ScriptedDice([6]), number=1)
        assert ((1,), ()) == (closed_matches(done), closed_matches(undo(done)))

    @pytest.mark.parametrize("number", [-1, 0, 10_000, True, "1"])
    def test_a_number_that_is_not_one(self, pack: RulePack, team: Sheet, number: object) -> None:
        """A match number is a whole number from 1 to 9,999."""
        with pytest.raises(InvalidInput) as error:
            bb.operations.expensive_mistakes(pack, recorded(pack, team), ScriptedDice([6]), number=number)  # type: ignore[arg-type]
        assert (
            f"the match number of Expensive Mistakes: expected a whole number from 1 to 9,999, got {number!r}"
            == str(error.value)
        )


class TestStepSix:
    """Preparing for the next fixture (step 6) is recorded where the team stands, as the other steps that close the
    way back are: it left the team at step 5, so a team saved then and taken up again was prepared a second time."""

    def test_the_team_stands_at_step_six(self, pack: RulePack, team: Sheet, tmp_path: Path) -> None:
        """After ``prepare_next`` the team stands at step 6; saved and taken up again, its sequence is not prepared
        twice nor stepped back into (each refusal saying where it stands), and the next match is recorded."""
        post = started(pack, team).expensive_mistakes(ScriptedDice([6])).prepare_next()
        assert ("1:1:prepare", 10) == (post.sheet.tags["postmatch"], standing(post.sheet).place)
        path = tmp_path / "anvils.json"
        path.write_text(progression.dump_sheet(post.sheet), encoding="utf-8")
        saved = progression.load_sheet(path.read_text(encoding="utf-8"), pack=pack, verify=True)
        again = bb.PostMatch.start(pack, saved, WIN)
        with pytest.raises(OutOfOrder) as refused:
            again.prepare_next()
        assert (
            "the post-match sequence of match 1: the next fixture is already prepared (step 6); the next match "
            "opens the next sequence"
        ) == str(refused.value)
        with pytest.raises(OutOfOrder, match=r"has ended, at step 6 \(ready for the next fixture\): hiring \(step 4\)"):
            again.hire("human_lineman", "X")
        second = attrs.evolve(WIN, number=2)
        after = bb.record_match(pack, saved, second, ScriptedDice([1, 6]))
        assert "1:2:fans" == after.tags["postmatch"]

    def test_undo_steps_back_to_step_five(self, pack: RulePack, team: Sheet) -> None:
        """``PostMatch.undo`` and ``progression.undo`` take step 6 back: the team stands at step 5 again, and may be
        prepared."""
        closed = started(pack, team).expensive_mistakes(ScriptedDice([6]))
        post = closed.prepare_next()
        assert closed.sheet == post.undo().sheet
        taken_back = undo(undo(post.sheet))  # the mark, then the standing
        assert ("1:1:mistakes", taken_back) == (taken_back.tags["postmatch"], closed.sheet)
        assert "1:1:prepare" == bb.PostMatch.start(pack, taken_back, WIN).prepare_next().sheet.tags["postmatch"]

    def test_a_team_saved_before(self, pack: RulePack, team: Sheet) -> None:
        """A team saved by an earlier version, prepared with only the mark (its standing left at step 5), loads,
        verifies and goes on: the next match is recorded and its sequence runs to step 6."""
        closed = started(pack, team).expensive_mistakes(ScriptedDice([6])).sheet
        old = progression.mark(closed, "after match 1")  # what prepare_next did
        saved = progression.load_sheet(progression.dump_sheet(old), pack=pack, verify=True)
        assert "1:1:mistakes" == saved.tags["postmatch"]
        second = attrs.evolve(WIN, number=2)
        post = bb.PostMatch.start(pack, saved, second, must_advance=False)
        post = post.record_outcome(ScriptedDice([1])).update_fans(ScriptedDice([6]))
        committed = post.expensive_mistakes(ScriptedDice([6])).prepare_next().commit()
        assert ("1:2:prepare", True) == (committed.tags["postmatch"], progression.verify(committed, pack).ok)
