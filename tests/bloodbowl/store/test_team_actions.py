"""What a team of a league runs on itself: every action of the pack is either a team's own or the league's, said
where it goes instead; ``League.run`` and ``League.act`` run a team's own operations and refuse the others, writing
nothing; the prizes and inducements ``League.run`` ran before still run for one release, with a warning."""

from __future__ import annotations

from pathlib import Path

import pytest

import progression_bloodbowl as bb
from progression import RulePack, ScriptedDice, SeededDice
from progression.errors import DecisionError, InvalidInput, PendingState, UnknownName
from progression.operations import Award, Decide
from progression_bloodbowl.league.season import _season_turns
from progression_bloodbowl.store.team_actions import ELSEWHERE, TEAM_ACTIONS, TEAM_OPERATIONS
from progression_bloodbowl.team.results import season_of

from .test_league_store import WIN, league_of

#: The core's operations a team's own actions run.
CORE = {"purchase", "decide", "mark"}


@pytest.fixture
def league(tmp_path: Path, pack: RulePack):
    """The league of the store tests after fixture 1 (anvils 2-1 dukes): both teams' sequences are open."""
    with league_of(tmp_path / "league.sqlite", pack) as opened:
        opened.schedule()
        opened.record(1, WIN, SeededDice(1))
        yield opened


def held(league: bb.types.League) -> tuple[dict[str, str], dict[str, object]]:
    """What the store holds: every team as its export writes it, and every record."""
    store = league.store
    return {team: store.export(team) for team in league.teams()}, {r.name: r.value for r in store.records()}


class TestTheDeclaration:
    def test_every_action_of_the_pack_is_placed(self, pack: RulePack) -> None:
        """Each action of the pack is a team's own or one the league runs otherwise, never both."""
        elsewhere = [action for place in ELSEWHERE for action in place.actions]
        assert sorted(pack.contract.names("actions")) == sorted([*TEAM_ACTIONS, *elsewhere])
        assert set(TEAM_ACTIONS).isdisjoint(elsewhere)

    def test_every_operation_named_is_one_of_the_pack_or_the_core(self, pack: RulePack) -> None:
        """The operations named are the pack's (every one of them placed) or the core's purchase, decision
        and mark."""
        elsewhere = {tag for place in ELSEWHERE for tag in place.operations}
        assert set(pack.operations) == (TEAM_OPERATIONS | elsewhere) - CORE
        assert TEAM_OPERATIONS.isdisjoint(elsewhere)


class TestRun:
    def test_a_team_s_own_operation_runs(self, league: bb.types.League) -> None:
        """A decision, a team's own operation, is run on the stored team through the store."""
        paused = league.act(
            "anvils", "advance", ScriptedDice([2, 5, 5, 2]), member="1", type="random_primary", choice="G"
        )
        assert paused.members["1"].pending is not None
        decided = league.run("anvils", Decide(choice="kick", member="1"))
        assert (None, "decide", decided) == (
            decided.members["1"].pending,
            decided.ledger[-1].operation.tag,  # type: ignore[union-attr]
            league.team("anvils"),
        )

    @pytest.mark.parametrize(
        ("operation", "instead"),
        [
            (
                bb.operations.record_match.operation(
                    match=bb.MatchRecord(number=2, opponent="Carroburg Counts", score=(1, 0))
                ),
                "a match is recorded on both teams and its fixture at once, with League.record(3, ...) (fixture 3: "
                "counts v anvils, round 2: match 2 of 'anvils');",
            ),
            (
                bb.operations.record_outcome.operation(match=bb.MatchRecord(number=2, opponent="X", score=(0, 0))),
                "League.record(3, ...) (fixture 3: counts v anvils, round 2: match 2 of 'anvils')",
            ),
            (
                bb.operations.record_outcome.operation(match=bb.MatchRecord(number=9, opponent="X", score=(0, 0))),
                "League.record (the fixture by its number: League.fixtures() lists them)",
            ),
        ],
    )
    def test_a_match_is_refused_and_nothing_is_written(
        self, league: bb.types.League, operation: object, instead: str
    ) -> None:
        """A match run on one team is refused, saying what was asked, what a team runs and what to use, in a
        program's words (the command line's commands are its own): the fixture of the match's round, whose number
        the league knows, or where the fixtures are listed when it has none; the store holds what it held."""
        before = held(league)
        with pytest.raises(InvalidInput, match=r"does not let a team run the operation 'bloodbowl\.") as refused:
            league.run("anvils", operation, SeededDice(1))  # type: ignore[arg-type]
        assert (True, True, False, before) == (
            instead in str(refused.value),
            "a team runs on itself: bloodbowl.add_journeymen, " in str(refused.value),
            "progression league" in str(refused.value),
            held(league),
        )

    def test_a_new_season_is_refused(self, league: bb.types.League) -> None:
        """A season's end on one team is refused, naming the league's way."""
        operation = _season_turns.operation(retirement="fit", rolled=False)  # type: ignore[attr-defined]
        with pytest.raises(
            InvalidInput,
            match=r"a season ends for every team of the league at once, with League\.new_season, each team's re-draft "
            r"given first with League\.plan_redraft; a team runs on itself",
        ):
            league.run("barons", operation)
        assert 1 == season_of(league.team("barons"))

    def test_an_operation_run_before_still_runs_with_a_warning(self, league: bb.types.League) -> None:
        """An award (the core's) ran before: for this release it still runs, with a DeprecationWarning saying what
        will be refused."""
        with pytest.warns(DeprecationWarning, match=r"operation 'award' .* League.run runs it for this release only"):
            team = league.run("barons", Award(pool="treasury", amount=10_000, reason="sponsor"))
        assert team == league.team("barons")

    def test_not_an_operation(self, league: bb.types.League) -> None:
        """Something else than an operation is refused with its type, not an AttributeError."""
        with pytest.raises(InvalidInput, match=r"league\.run runs an operation on team 'anvils', got str"):
            league.run("anvils", "advance")  # type: ignore[arg-type]


class TestAct:
    def test_an_action_is_one_entry_through_the_store(self, league: bb.types.League) -> None:
        """``close`` is run on the stored team in one transaction: one entry, which verifies."""
        team = league.act("dukes", "close", SeededDice(6), number=1)
        assert (4, team, True) == (len(team.ledger), league.team("dukes"), league.verify().ok)

    @pytest.mark.parametrize(
        ("team", "action", "options", "error", "message"),
        [
            ("nobody", "close", {"number": 1}, UnknownName, "team 'nobody' is not defined in league 'Old World Cup'"),
            ("anvils", "fly", {}, UnknownName, "team action 'fly' is not defined in league 'Old World Cup'; expected"),
            ("anvils", "match", {}, InvalidInput, "run the action 'match' on itself: a match is recorded"),
            ("anvils", "new_season", {}, InvalidInput, "a season ends for every team of the league at once"),
            (
                "anvils",
                "prize",
                {"place": 1},
                InvalidInput,
                r"season, with League.award_prizes \(the teams the play-offs placed first, second and third, by their "
                r"ids\); a team runs",
            ),
            ("anvils", "zap", {}, InvalidInput, "inducements and spells belong to a match against another team"),
            ("anvils", "close", {"number": 2}, InvalidInput, "has no result of match 2 in season 1"),
            ("anvils", "advance", {"member": "1"}, InvalidInput, "type"),
            ("anvils", "decide", {"member": "1", "choice": "kick"}, DecisionError, "there is no decision to make"),
        ],
    )
    def test_refusals_write_nothing(
        self,
        league: bb.types.League,
        team: str,
        action: str,
        options: dict[str, str],
        error: type[Exception],
        message: str,
    ) -> None:
        """A team not of the league, an action the pack lacks, one the league runs otherwise, one the rules refuse:
        each refused with its sentence, and the store holds what it held."""
        before = held(league)
        with pytest.raises(error, match=message):
            league.act(team, action, SeededDice(1), **options)
        assert before == held(league)

    def test_every_entry_an_action_makes_is_checked(
        self, league: bb.types.League, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """An action let through by name is still refused when an entry it makes is not a team's own (the rule of
        ``run``), and nothing is written."""
        monkeypatch.setattr("progression_bloodbowl.store.league.check_action", lambda *_: None)
        before = held(league)
        with pytest.raises(InvalidInput, match=r"does not let a team run the operation 'bloodbowl\.match'"):
            league.act(
                "barons",
                "match",
                SeededDice(1),
                number=1,
                opponent="Carroburg Counts",
                score="1-0",
                attendance=6,
                nominees=("1",),
            )
        assert before == held(league)

    def test_unused_dice_write_nothing(self, league: bb.types.League) -> None:
        """``check`` refusing inside the transaction (dice typed in and not rolled) writes nothing."""
        before = held(league)

        def refuse() -> None:
            raise InvalidInput("unused dice")

        with pytest.raises(InvalidInput, match="unused dice"):
            league.act("anvils", "close", SeededDice(6), check=refuse, number=1)
        assert before == held(league)

    def test_a_pending_decision_stops_the_sequence(self, league: bb.types.League) -> None:
        """While a random skill waits, ``close`` is refused by the rules (a PendingState), nothing written."""
        league.act("anvils", "advance", ScriptedDice([2, 5, 5, 2]), member="1", type="random_primary", choice="G")
        before = held(league)
        with pytest.raises(PendingState):
            league.act("anvils", "close", SeededDice(6), number=1)
        assert before == held(league)
