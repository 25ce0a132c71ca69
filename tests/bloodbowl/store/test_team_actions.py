"""What a team of a league runs on itself: every action of the pack is either a team's own or the league's, said
where it goes instead; ``League.run`` and ``League.act`` run a team's own operations and refuse the others, writing
nothing; the prizes and inducements ``League.run`` ran before still run for one release, with a warning."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

import progression_bloodbowl as bb
from progression import Effect, RulePack, ScriptedDice, SeededDice
from progression.errors import DecisionError, InvalidInput, PendingState, UnknownName
from progression.operations import Award, Decide
from progression_bloodbowl.league.season import _season_turns
from progression_bloodbowl.store.team_actions import ELSEWHERE, TEAM_ACTIONS, TEAM_OPERATIONS
from progression_bloodbowl.team.results import season_of

from ..conftest import HUMANS
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


#: Gifts a GM may give a team file by hand, none of which a team of a league gives itself: gold, SPP, a skill, a
#: characteristic; each with the label its refusal names.
GIFTS = [
    (lambda pack, team: pack.award(team, "treasury", 3_000_000, reason="sponsor"), "award 3000000 to treasury"),
    (lambda pack, team: pack.award(team, "spp", 60, member="1", reason="gift"), "award 60 to spp"),
    (
        lambda pack, team: pack.adjust(team, Effect(grants={"mighty_blow": 1}), member="1", reason="gift"),
        "adjust",
    ),
    (lambda pack, team: pack.adjust(team, Effect(stats={"st": 3}), member="1", reason="gift"), "adjust"),
]


class TestJoining:
    """A team joins a league (``League.add_teams``, ``league team add``) held to the rule that a file brought back
    is held to (``league team import``): only what a team runs on itself, the one check of both."""

    @pytest.mark.parametrize(("gift", "label"), GIFTS)
    def test_a_gift_by_hand_is_refused(self, league: bb.types.League, pack: RulePack, gift: Any, label: str) -> None:
        """Gold, SPP, a skill or a characteristic given by hand is refused, naming the entry and its operation;
        no team is stored, not even the one given with it."""
        gifted = gift(pack, bb.draft(pack, "human", "Gifted Griffons", HUMANS))
        before = held(league)
        with pytest.raises(InvalidInput) as refused:
            league.add_teams({"plain": bb.draft(pack, "human", "Plain Pikes", HUMANS), "gifted": gifted})
        assert str(refused.value).startswith(f"entry 3 of the sheet of Gifted Griffons ({label}"), str(refused.value)
        assert "on itself: a team runs on itself only its post-match sequence and its draft" in str(refused.value)
        assert (before, ("anvils", "barons", "counts", "dukes")) == (held(league), league.teams())

    def test_the_same_check_as_a_file_brought_back(self, league: bb.types.League, pack: RulePack) -> None:
        """Added or brought back, the same gift is refused in the same words (one check, not two)."""
        stored = league.team("barons")
        gift = pack.award(stored, "treasury", 3_000_000, reason="sponsor")
        with pytest.raises(InvalidInput) as imported:
            league.update_team("barons", gift)
        joining = pack.award(
            bb.draft(pack, "human", "Bogenhafen Barons", HUMANS), "treasury", 3_000_000, reason="sponsor"
        )
        other = attrs.evolve(joining, name="Gifted Griffons")
        with pytest.raises(InvalidInput) as added:
            league.add_team("gifted", other)
        assert str(imported.value).split(": ", 1)[1] == str(added.value).split(": ", 1)[1]

    def test_a_match_played_outside_the_league_is_refused(self, tmp_path: Path, pack: RulePack) -> None:
        """A team that played a match elsewhere brings a result no fixture of the league holds: refused."""
        team = bb.draft(pack, "human", "Wandering Wolves", HUMANS)
        record = bb.MatchRecord(number=1, opponent="Somebody", score=(1, 0), fan_attendance=6, mvp_nominees=("1",))
        played = bb.operations.record_match(pack, team, record, SeededDice(1))
        with bb.new_league(tmp_path / "l.sqlite", "Cup", pack=pack) as league:
            with pytest.raises(InvalidInput, match=r"entry 3 .* a match is recorded on both teams and its fixture"):
                league.add_team("wolves", played)
            assert () == league.teams()

    def test_a_drafted_team_joins_as_drafted(self, tmp_path: Path, pack: RulePack) -> None:
        """A team drafted on its own, hiring and buying re-rolls step by step, joins (its creation, its draft's
        operations)."""
        team = bb.draft(pack, "human", "Plain Pikes", HUMANS)
        team = bb.operations.hire(pack, team, "human_lineman", "Extra")
        with bb.new_league(tmp_path / "l.sqlite", "Cup", pack=pack) as league:
            assert team == league.add_team("pikes", team)

    def test_a_team_still_drafting_joins_and_drafts_in_the_league(
        self, league: bb.types.League, pack: RulePack
    ) -> None:
        """A team still being drafted joins with three players and drafts in the league: its draft cannot end with
        three (``end_draft`` says how many to hire), and ends once it hired eight more there."""
        from progression_bloodbowl.team.roster import create_team

        three = create_team(pack, "human", "Tiny Titans")
        for n in range(3):
            three = bb.operations.hire(pack, three, "human_lineman", f"T{n}")
        assert three == league.add_team("tiny", three)
        with pytest.raises(InvalidInput, match="Tiny Titans has 3: hire 8 more first"):
            league.act("tiny", "end_draft")
        for n in range(8):
            league.act("tiny", "hire", position="human_lineman", name=f"U{n}")
        assert "yes" == league.act("tiny", "end_draft").tags["drafted"]

    def test_a_team_created_over_the_budget_is_refused_as_it_joins(
        self, league: bb.types.League, pack: RulePack
    ) -> None:
        """A team created with 5,000,000 gp could never end its draft (the Team Draft Budget is 1,000,000), whatever
        it hires: refused as it joins, saying what to do with its creation. Nothing is stored with the refusal, not
        even the team given beside it."""
        from progression_bloodbowl.team.roster import create_team

        rich = create_team(pack, "human", "Rich Rats", treasury=5_000_000)
        before = held(league)
        with pytest.raises(InvalidInput) as refused:
            league.add_teams({"plain": bb.draft(pack, "human", "Plain Pikes", HUMANS), "rats": rich})
        assert (
            "Rich Rats does not join league 'Old World Cup': its draft could never end: a team is drafted on the Team "
            "Draft Budget, 1,000,000 gp at most, and Rich Rats was created with 5,000,000 gp: create it again without "
            "a treasury (the budget is the default), or amend its creation, entry 1, to pools treasury:1000000; "
            "nothing was stored"
        ) == str(refused.value)
        assert (before, ("anvils", "barons", "counts", "dukes")) == (held(league), league.teams())

    def test_a_later_season_is_reached_with_the_plain_off_season(self, tmp_path: Path, pack: RulePack) -> None:
        """A team drafted for a league in its second season is told how to reach it, and joins once it ran its
        plain off-season; a re-draft (which pays a season's budget) is the league's, and refused."""
        with league_of(tmp_path / "l.sqlite", pack, count=2) as league:
            league.add_fixture("anvils", "barons")
            league.record(1, WIN, SeededDice(1))
            for team in league.teams():
                league.close_match(team, 1, SeededDice(6), must_advance=False)
            assert 2 == league.new_season(SeededDice(1))
            late = bb.draft(pack, "human", "Late Larks", HUMANS)
            with pytest.raises(InvalidInput) as refused:
                league.add_team("larks", late)
            assert str(refused.value) == (
                "Late Larks plays season 1 and league 'Old World Cup' season 2; a team joins the league in the season "
                "it plays: a team that never played reaches it with the plain off-season, once a season "
                "(progression_bloodbowl.operations.new_season(pack, team))"
            )
            redrafted = bb.operations.redraft(pack, late, keep=[str(n) for n in range(1, 12)])
            with pytest.raises(InvalidInput, match=r"entry 3 of the sheet of Late Larks \(re-draft\)"):
                league.add_team("larks", redrafted)
            rested = bb.operations.new_season(pack, late)
            assert (rested, ("anvils", "barons", "larks")) == (league.add_team("larks", rested), league.teams())
