"""A Blood Bowl team's history is made of operations: it verifies, it finds each edit of its file, and it amends."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import progression
import progression_bloodbowl as bb
from progression import RulePack, ScriptedDice, SeededDice, Sheet
from progression.history.amend import AmendmentRefused

LINEMEN = [("human_lineman", f"L{n}") for n in range(1, 12)]


def _match(number: int, score: tuple[int, int] = (2, 1), **extra: Any) -> bb.MatchRecord:
    return bb.MatchRecord(number=number, opponent="Orcs", score=score, **extra)


def _season(pack: RulePack) -> Sheet:
    """A drafted team, a post-match sequence with an advancement and a hire, two more matches, a new season."""
    dice = SeededDice(7)
    team = bb.draft(pack, "human", "Reikland", LINEMEN, rerolls=2)
    first = _match(1, events={"1": {"touchdown": 2}, "2": {"casualty": 1}}, injuries={"4": "badly_hurt"})
    sequence = bb.PostMatch.start(pack, team, first).record_outcome(dice).update_fans(dice)
    sequence = sequence.advance("1", "chosen_primary", choice="block").hire("human_blitzer", "Bruno")
    team = sequence.expensive_mistakes(dice).prepare_next().commit()
    for number in (2, 3):
        team = bb.operations.update_fans(
            pack, bb.operations.record_outcome(pack, team, _match(number), dice), _match(number), dice
        )
        team = bb.operations.expensive_mistakes(pack, team, dice, number=number)
    return bb.new_season(pack, team, dice)


def _reloaded(pack: RulePack, sheet: Sheet) -> Sheet:
    return progression.load_sheet(progression.dump_sheet(sheet), pack=pack, verify=True)


def _edited(pack: RulePack, sheet: Sheet, edit: Any) -> Sheet:
    """The sheet after ``edit`` changed its file's data (read as it is, to be verified)."""
    data = json.loads(progression.dump_sheet(sheet))
    edit(data["ledger"])
    return progression.load_sheet(json.dumps(data), pack=pack, tampered="read")


def _walk(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def _find(entry: Any, **wanted: Any) -> dict[str, Any]:
    return next(n for n in _walk(entry) if all(n.get(k) == v for k, v in wanted.items()))


def _position(sheet: Sheet, label: str) -> int:
    return next(n for n, e in enumerate(sheet.ledger, 1) if e.label.startswith(label))


def _reported(pack: RulePack, sheet: Sheet) -> list[tuple[int, str]]:
    return [(d.position, d.kind) for d in progression.verify(sheet, pack).divergences]


@pytest.fixture(scope="module")
def season(pack: RulePack) -> Sheet:
    return _season(pack)


class TestVerified:
    def test_a_season_verifies(self, pack: RulePack, season: Sheet) -> None:
        """Every entry of a season made through the public API is an operation the rules give again."""
        report = progression.verify(season, pack)
        assert (True, ()) == (report.ok, report.divergences)

    def test_after_a_round_trip(self, pack: RulePack, season: Sheet) -> None:
        """The saved file loads, verified, as the same team."""
        assert season == _reloaded(pack, season)

    def test_a_matched_play_team(self, pack: RulePack) -> None:
        """A Matched Play draft is a creation and one operation on it, both verified, also after a round trip."""
        team = bb.operations.draft_matched_play(pack, "human", "Tourists", LINEMEN)
        assert (["create", "bloodbowl.matched_play_draft"], True) == (
            [e.operation.tag for e in team.ledger],
            progression.verify(team, pack).ok,
        )
        assert team == _reloaded(pack, team)

    def test_journeymen_seasons_and_prizes(self, pack: RulePack) -> None:
        """Journeymen, the dead, a retirement, a prize, the trophy and a re-draft verify too."""
        dice = SeededDice(3)
        team = bb.draft(pack, "human", "Reikland", LINEMEN)
        team = bb.fire(pack, bb.hire(pack, team, "human_lineman", "Extra"), "11")
        record = _match(1, injuries={"2": "dead", "3": "lasting_injury"})
        team = bb.operations.update_fans(pack, bb.operations.record_outcome(pack, team, record, dice), record, dice)
        team = bb.operations.retire(pack, bb.operations.remove_dead(pack, team), "3")
        team = bb.operations.add_journeymen(pack, team, ["Jo"])
        team = bb.operations.hire_journeyman(
            pack, team, next(m for m, p in team.members.items() if "journeyman" in p.tags)
        )
        team = bb.operations.lose_trophy(
            pack, bb.operations.award_prize(pack, bb.operations.expensive_mistakes(pack, team, dice, number=1), 1)
        )
        team = bb.operations.redraft(pack, team, dice, keep=sorted(bb.team.roster.permanent(team))[:11])
        assert (True, team) == (progression.verify(team, pack).ok, _reloaded(pack, team))

    def test_the_old_call_warns(self, pack: RulePack, season: Sheet) -> None:
        """remove_dead(team), without the pack, still works for one release, with a DeprecationWarning."""
        with pytest.warns(DeprecationWarning, match="pass the pack first"):
            assert season == bb.operations.remove_dead(season)


class TestTampering:
    def test_an_spp_award_of_6_made_60(self, pack: RulePack, season: Sheet) -> None:
        """The 6 SPP of two touchdowns changed to 60 in the file: found at match 1's entry."""
        at = _position(season, "post-match sequence of match 1")

        def edit(ledger: list[Any]) -> None:
            _find(ledger[at - 1], event="awarded", pool="spp", amount=6)["amount"] = 60

        edited = _edited(pack, season, edit)
        report = progression.verify(edited, pack)
        assert [(at, "edited")] == _reported(pack, edited)
        assert "recorded 60, the rules give 6" in report.divergences[0].sentence

    def test_the_draft_treasury(self, pack: RulePack, season: Sheet) -> None:
        """The created treasury changed to 5,000,000: found at the creation."""

        def edit(ledger: list[Any]) -> None:
            _find(ledger[0], event="created")["pools"]["treasury"] = 5_000_000

        edited = _edited(pack, season, edit)
        assert (1, "edited") == _reported(pack, edited)[0]
        assert "recorded 5000000, the rules give 1000000" in progression.verify(edited, pack).divergences[0].sentence

    def test_a_hire_for_1_gp(self, pack: RulePack, season: Sheet) -> None:
        """A hire's price lowered to 1 gold piece: found at the draft that holds it."""

        def edit(ledger: list[Any]) -> None:
            _find(ledger[1], event="purchased", upgrade="hire")["price"]["treasury"] = 1

        edited = _edited(pack, season, edit)
        assert [(2, "edited")] == _reported(pack, edited)

    def test_a_score_of_9_0(self, pack: RulePack, season: Sheet) -> None:
        """Match 2's score changed from 2-1 to 9-0 in its recorded result: the table shows it, and verify says
        which entry of the team it comes from."""
        at = _position(season, "match 2: outcome")

        def edit(ledger: list[Any]) -> None:
            result = _find(ledger[at - 1], event="adjusted")
            for node in _walk(ledger[at - 1]):
                if "result" in node.get("tags", {}):
                    result = node
            result["tags"]["result"] = result["tags"]["result"].replace("2-1", "9-0")

        edited = _edited(pack, season, edit)
        table = bb.standings(pack, [edited], season=1)
        assert ((13, 2), [(at, "edited")]) == ((table[0].scored, table[0].against), _reported(pack, edited))

    def test_a_skill_the_player_could_not_take(self, pack: RulePack, season: Sheet) -> None:
        """The advancement's chosen skill changed to a Mutation, which a Human Lineman cannot take: refused."""
        at = _position(season, "post-match sequence of match 1")

        def edit(ledger: list[Any]) -> None:
            for node in _walk(ledger[at - 1]):
                if node.get("choice") == "block":
                    node["choice"] = "claws"

        edited = _edited(pack, season, edit)
        report = progression.verify(edited, pack)
        assert [(at, "refused")] == _reported(pack, edited)
        assert "'claws' is not an option for Chosen primary skill" in report.divergences[0].sentence

    def test_an_entry_deleted(self, pack: RulePack, season: Sheet) -> None:
        """Match 1's post-match sequence deleted: the gap is found where it is, and what it changes later
        (the Dedicated Fans roll of match 2 needs another number) is found too."""
        at = _position(season, "post-match sequence of match 1")

        def edit(ledger: list[Any]) -> None:
            del ledger[at - 1]

        report = progression.verify(_edited(pack, season, edit), pack)
        first = report.divergences[0]
        assert (at, "edited") == (first.position, first.kind)
        assert first.sentence.startswith(
            f"recorded as entry {at + 1}, it stands at {at}: an entry before it was deleted"
        )

    def test_two_entries_swapped(self, pack: RulePack, season: Sheet) -> None:
        """Match 1's post-match sequence moved after match 2's outcome: both entries are reported where they stand."""
        at = _position(season, "post-match sequence of match 1")

        def edit(ledger: list[Any]) -> None:
            ledger[at - 1], ledger[at] = ledger[at], ledger[at - 1]

        assert [at, at + 1] == [position for position, _ in _reported(pack, _edited(pack, season, edit))][:2]

    def test_a_die_changed(self, pack: RulePack, season: Sheet) -> None:
        """Match 1's Dedicated Fans roll changed from 3 to 6: found at the entry that rolled it."""
        at = _position(season, "post-match sequence of match 1")

        def edit(ledger: list[Any]) -> None:
            roll = _find(ledger[at - 1]["rolls"], label="Dedicated Fans")
            roll["results"] = [6 if roll["results"][0] != 6 else 1]

        edited = _edited(pack, season, edit)
        report = progression.verify(edited, pack)
        assert (at, "edited") == (report.divergences[0].position, report.divergences[0].kind)
        assert (
            "the rules give 6" in report.divergences[0].sentence or "the rules give 1" in report.divergences[0].sentence
        )

    def test_a_die_no_die_shows(self, pack: RulePack, season: Sheet) -> None:
        """A D3 of the Minor Incident recorded as a 6: the file is refused at that roll."""
        at = _position(season, "post-match sequence of match 1")

        def edit(ledger: list[Any]) -> None:
            _find(ledger[at - 1]["rolls"], label="Minor Incident")["results"] = [6]

        with pytest.raises(progression.errors.SheetError, match=r"a D3 shows 1 to 3, got 6 @ \$\.ledger\[2\]\.rolls"):
            _edited(pack, season, edit)

    def test_an_advancement_price_lowered(self, pack: RulePack, season: Sheet) -> None:
        """The 6 SPP of the first chosen primary skill lowered to 1: found at the post-match sequence that paid it."""
        at = _position(season, "post-match sequence of match 1")

        def edit(ledger: list[Any]) -> None:
            _find(ledger[at - 1], event="started", upgrade="chosen_primary")["price"]["spp"] = 1

        edited = _edited(pack, season, edit)
        report = progression.verify(edited, pack)
        assert [(at, "edited")] == _reported(pack, edited)
        assert "price.spp: recorded 1, the rules give 6" in report.divergences[0].sentence


@pytest.fixture(scope="module")
def played(pack: RulePack) -> Sheet:
    """Three matches recorded by the command line's operation, one entry each, each sequence closed."""
    team = bb.draft(pack, "human", "Reikland", LINEMEN)
    dice = SeededDice(11)
    for number in (1, 2, 3):
        team = bb.match.outcome.record_match(pack, team, _match(number, injuries={"4": "badly_hurt"}), dice)
        team = bb.operations.expensive_mistakes(pack, team, dice, number=number)
    return team


class TestAmend:
    def test_an_injury_moved(self, pack: RulePack, played: Sheet) -> None:
        """Match 1's injury was #5's, not #4's: #4 is fit again, #5 misses match 2."""
        at = _position(played, "match 1")
        wrong = played.ledger[at - 1].operation
        moved = attrs.evolve(wrong, match=attrs.evolve(wrong.match, injuries={"5": "badly_hurt"}))
        after, report = progression.amend(played, at, moved, pack=pack)
        assert ("amended", True) == (report.outcomes[0].status, progression.verify(after, pack).ok)
        assert "miss_next" not in after.members["5"].tags or "miss_next" in after.members["4"].tags

    def test_a_later_advancement_unaffordable(self, pack: RulePack) -> None:
        """Two touchdowns of match 1 were one: the advancement bought after it is refused, and dropped on asking."""
        team = bb.draft(pack, "human", "Reikland", LINEMEN)
        dice = ScriptedDice([1, 3] * 3)
        record = _match(1, events={"1": {"touchdown": 2}})
        team = bb.match.outcome.record_match(pack, team, record, dice)
        team = bb.advance(pack, team, "1", "chosen_primary", choice="block")
        at = _position(team, "match 1")
        fewer = attrs.evolve(record, events={"1": {"touchdown": 1}})
        amended = attrs.evolve(team.ledger[at - 1].operation, match=fewer)
        with pytest.raises(AmendmentRefused, match="makes 1 later entry invalid"):
            progression.amend(team, at, amended, pack=pack)
        after, report = progression.amend(team, at, amended, pack=pack, invalid="drop")
        assert (["amended", "dropped"], 3) == ([o.status for o in report.outcomes], after.members["1"].pools["spp"])

    def test_a_refusal_keeps_its_sentence_for_the_command_line(self, pack: RulePack) -> None:
        """Match 1 amended so that #1 must spend his 16 SPP: its Expensive Mistakes are refused, and match 2 with
        them, its sequence still open. The report keeps each reason in a program's words (the Python call that
        closes the sequence) and, where it names a way to run, the sentence (``worded``) the command line says in
        its own; ``verify`` of the history without Expensive Mistakes keeps it the same way."""
        team = bb.draft(pack, "human", "Reikland", LINEMEN)
        first = _match(1, score=(1, 0), events={"1": {"touchdown": 1}}, mvp_nominees=("2",))
        team = bb.operations.expensive_mistakes(
            pack, bb.record_match(pack, team, first, ScriptedDice([3])), ScriptedDice([6]), number=1
        )
        team = bb.record_match(pack, team, _match(2, score=(0, 0), mvp_nominees=("2",)), ScriptedDice([]))
        more = attrs.evolve(first, score=(4, 0), events={"1": {"touchdown": 4}}, mvp_nominees=("1",))
        with pytest.raises(AmendmentRefused) as refused:
            progression.amend(team, 3, attrs.evolve(team.ledger[2].operation, match=more), pack=pack)
        still_open = refused.value.report.outcomes[-1]
        python = "progression_bloodbowl.operations.expensive_mistakes(pack, team, dice, number=1), or League.act("
        closes = "(step 5: `progression sheet do team.json close number=1`) before recording match 2"
        assert (True, True, True) == (
            python in still_open.reason,
            still_open.worded is not None and str(still_open.worded) == still_open.reason,
            still_open.worded is not None and closes in still_open.worded.on_command_line("team.json"),
        )
        data = json.loads(progression.dump_sheet(team))
        del data["ledger"][3]
        (divergence,) = progression.verify(progression.load_sheet(json.dumps(data), tampered="read"), pack).divergences
        assert (True, True) == (
            python in divergence.sentence,
            divergence.worded is not None and closes in divergence.worded.on_command_line("team.json"),
        )
