"""What a team's ledger says about its seasons: the match numbers of the current season, kept beside the ledger."""

from __future__ import annotations

import pytest

import progression
import progression_bloodbowl as bb
from progression import Effect, RulePack, ScriptedDice, Sheet
from progression.errors import InvalidInput
from progression_bloodbowl.team.results import closed_matches, numbers, results, season_matches

from ..conftest import ended


def record(pack: RulePack, team: Sheet, number: int, *, close: bool = True) -> Sheet:
    """``team`` after match ``number`` (a 1-0 win), its sequence ended with a 6 for Expensive Mistakes or left open."""
    match = bb.MatchRecord(number=number, opponent="Orcs", score=(1, 0))
    if not close:
        return bb.operations.record_match(pack, team, match, ScriptedDice([6]))
    post = bb.PostMatch.start(pack, team, match).record_outcome(ScriptedDice([])).update_fans(ScriptedDice([6]))
    return post.expensive_mistakes(ScriptedDice([6])).prepare_next().commit()


def walked(team: Sheet) -> tuple[frozenset[int], frozenset[int]]:
    """The season's numbers as its results and closed matches read them: each a walk of the ledger."""
    return frozenset(result.number for result in results(team)), frozenset(closed_matches(team))


class TestSeasonMatches:
    def test_the_numbers_kept_are_those_the_ledger_holds(self, pack: RulePack, team: Sheet) -> None:
        """Matches recorded out of order, one left open, a new season, an undo and a file read back: at each step
        the numbers kept beside the ledger are those a walk of it reads, and a new season starts from none."""
        steps = [team]
        for number in (3, 1, 7):
            steps.append(record(pack, steps[-1], number))
        steps.append(record(pack, steps[-1], 2, close=False))
        steps.append(ended(pack, steps[-1]))
        steps.append(bb.new_season(pack, steps[-1]))
        steps.append(record(pack, steps[-1], 1, close=False))
        steps.append(progression.undo(steps[-1]))
        steps.append(record(pack, steps[-1], 4))
        steps.append(progression.load_sheet(progression.dump_sheet(steps[-1])))
        assert [walked(step) for step in steps] == [numbers(step) for step in steps]
        assert (frozenset({1, 2, 3, 7}), frozenset({1, 3, 7})) == numbers(steps[4])
        assert (frozenset({4}), frozenset({4})) == numbers(steps[-1])
        assert (frozenset({1, 2, 3, 7}),) * 2 == numbers(steps[-1], season=1)

    def test_a_match_recorded_twice_is_refused_from_the_numbers_kept(self, pack: RulePack, team: Sheet) -> None:
        """Match 3 recorded, then recorded again: refused with the first result, as a walk of the ledger finds it."""
        played_3 = record(pack, team, 3)
        assert (True, False, True) == (
            season_matches(played_3).was_recorded(3),
            season_matches(played_3).was_recorded(4),
            season_matches(played_3).has_ended(3),
        )
        with pytest.raises(InvalidInput, match="match 3 is already recorded for Altdorf Anvils in season 1"):
            record(pack, played_3, 3)

    @pytest.mark.parametrize(
        ("tags", "expected"),
        [
            (
                {"result": "12345 win 1-0 0 league - Orcs"},
                "the result number of the ledger entry 'edited by hand' is a whole number from 0 to 9,999 such as '2', "
                "got '12345'",
            ),
            ({"closed": "x"}, "the closed tag of the ledger entry 'edited by hand' is a whole number from 0 to 9,999"),
        ],
    )
    def test_a_number_no_match_can_have_is_refused(
        self, pack: RulePack, team: Sheet, tags: dict[str, str], expected: str
    ) -> None:
        """A result or closed tag edited to a number no match has is named with its entry, not kept as a bit."""
        edited = pack.adjust(team, Effect(tags=tags), reason="edited by hand")
        with pytest.raises(InvalidInput, match=expected):
            numbers(edited)
