"""The players' figures a league reads back from a team's ledger (:mod:`progression_bloodbowl.store.careers`)."""

from __future__ import annotations

import progression_bloodbowl as bb
from progression import RulePack, ScriptedDice, Sheet
from progression.operations import combine
from progression_bloodbowl.store.careers import player_lines

FIRST = bb.MatchRecord(
    number=1, opponent="Orcs", score=(2, 1), events={"1": {"touchdown": 2}}, mvp_nominees=("3",), fan_attendance=10
)
SECOND = bb.MatchRecord(number=2, opponent="Elves", score=(1, 0), events={"2": {"touchdown": 1}}, fan_attendance=10)


def figures(team: Sheet) -> list[tuple[int, str, int, int, int]]:
    """Each line as (match, member, touchdowns, MVPs, SPP)."""
    return [(line.number, line.member, line.touchdowns, line.mvps, line.spp) for line in player_lines("anvils", team)]


class TestPlayerLines:
    def test_a_post_match_sequence_committed_as_one_entry(self, pack: RulePack, team: Sheet) -> None:
        """A sequence committed as one entry (PostMatch.commit) holds the match's record twice (its outcome and its
        Dedicated Fans): its players have one line each, not two, each with the SPP the team's sheet gives them."""
        post = bb.PostMatch.start(pack, team, FIRST).record_outcome(ScriptedDice([1])).update_fans(ScriptedDice([6]))
        committed = post.expensive_mistakes(ScriptedDice([6])).prepare_next().commit()
        assert [(1, "1", 2, 0, 6), (1, "3", 0, 1, 4)] == figures(committed)
        assert (6, 4) == (committed.member("1").pools["spp"], committed.member("3").pools["spp"])

    def test_two_matches_in_one_entry(self, pack: RulePack, team: Sheet) -> None:
        """An entry holding two matches (two records combined into one) gives each match's players the SPP of
        that match alone, not the whole entry's."""
        sheet = team
        for record in (FIRST, SECOND):
            post = (
                bb.PostMatch.start(pack, sheet, record).record_outcome(ScriptedDice([1])).update_fans(ScriptedDice([6]))
            )
            sheet = post.expensive_mistakes(ScriptedDice([6])).prepare_next().sheet
        both = combine(team, sheet, "two matches")
        assert len(team.ledger) + 1 == len(both.ledger)
        assert [(1, "1", 2, 0, 6), (1, "3", 0, 1, 4), (2, "2", 1, 0, 3)] == figures(both)
        assert [6, 3, 4] == [both.member(member).pools["spp"] for member in "123"]
