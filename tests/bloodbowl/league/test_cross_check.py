"""The results of a table's teams checked against each other: a match between two teams of the table is recorded by
both, the score reversed; a contradiction refuses the table, a misspelt team is said."""

from __future__ import annotations

import pickle
import warnings

import pytest

import progression_bloodbowl as bb
from progression import RulePack, ScriptedDice, Sheet

from ..conftest import HUMANS, ended

ANVILS, DUKES, REAVERS = "Altdorf Anvils", "Delberz Dukes", "Reikland Reavers"


def _team(pack: RulePack, name: str, *records: bb.MatchRecord) -> Sheet:
    """A Human team named ``name`` that recorded ``records`` (post-match steps 1 and 2, each sequence ended before
    the next match)."""
    team = bb.draft(pack, "human", name, HUMANS)
    for record in records:
        dice = ScriptedDice([3] * 6)
        team = bb.operations.record_outcome(pack, ended(pack, team), record, dice)
        team = bb.operations.update_fans(pack, team, record, dice)
    return team


def _match(number: int, opponent: str, score: tuple[int, int], **fields: object) -> bb.MatchRecord:
    return bb.MatchRecord(number=number, opponent=opponent, score=score, fan_attendance=6, **fields)  # type: ignore[arg-type]


def _table(pack: RulePack, *teams: Sheet) -> list[tuple[str, int]]:
    """The table's teams and points, refusing any warning (none is expected)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return [(row.team, row.points) for row in bb.standings(pack, teams)]


class TestMirrored:
    def test_both_sides_agree(self, pack: RulePack) -> None:
        """Each side recorded the match, the score reversed: the table counts it, without a word."""
        anvils = _team(pack, ANVILS, _match(1, DUKES, (2, 1)))
        dukes = _team(pack, DUKES, _match(1, ANVILS, (1, 2)))
        assert [(ANVILS, 3), (DUKES, 0)] == _table(pack, anvils, dukes)

    def test_a_concession_mirrored(self, pack: RulePack) -> None:
        """A fixture conceded: one side conceded (``us``), the other was conceded to (``them``), 2-0 either way."""
        anvils = _team(pack, ANVILS, _match(1, DUKES, (1, 0), conceded="them"))
        dukes = _team(pack, DUKES, _match(1, ANVILS, (0, 1), conceded="us"))
        assert [(ANVILS, 3), (DUKES, 0)] == _table(pack, anvils, dukes)

    def test_an_opponent_outside_the_table(self, pack: RulePack) -> None:
        """A result against a team the table does not hold (and whose name is close to none) is normal."""
        anvils = _team(pack, ANVILS, _match(1, "Orcs", (2, 1)))
        dukes = _team(pack, DUKES, _match(1, "Skaven", (0, 0)))
        assert [(ANVILS, 3), (DUKES, 1)] == _table(pack, anvils, dukes)


class TestContradictions:
    def test_both_won_against_each_other(self, pack: RulePack) -> None:
        """Both teams won match 1 against each other: refused, naming the match, both teams and what each
        recorded, once; the table counted both wins."""
        anvils = _team(pack, ANVILS, _match(1, DUKES, (2, 1)))
        dukes = _team(pack, DUKES, _match(1, ANVILS, (3, 0)))
        with pytest.raises(bb.types.ResultsDisagree) as refused:
            bb.standings(pack, [anvils, dukes])
        expected = (
            "the teams' results of season 1 disagree (match 1: Altdorf Anvils recorded a win 2-1 against "
            "Delberz Dukes, Delberz Dukes a win 3-0 against Altdorf Anvils): a match between two teams is recorded by "
            "both, the score reversed; amend the result that is wrong, or record the missing one"
        )
        assert expected == str(refused.value)
        (disagreement,) = refused.value.disagreements
        assert (1, ANVILS, DUKES, (3, 0)) == (
            disagreement.number,
            disagreement.team,
            disagreement.opponent,
            (disagreement.mirrored.scored, disagreement.mirrored.against) if disagreement.mirrored else None,
        )
        assert isinstance(refused.value, ValueError)

    def test_every_one_at_once(self, pack: RulePack) -> None:
        """A match the opponent has not recorded, one it recorded against another team and a friendly it
        recorded as a league match: each is named, in one refusal."""
        anvils = _team(pack, ANVILS, _match(1, DUKES, (2, 1)), _match(2, REAVERS, (1, 1)))
        dukes = _team(pack, DUKES, _match(1, ANVILS, (1, 2), kind="friendly"))
        reavers = _team(pack, REAVERS, _match(2, "Orcs", (1, 1)))
        with pytest.raises(bb.types.ResultsDisagree) as refused:
            bb.standings(pack, [anvils, dukes, reavers])
        assert [
            "match 1: Altdorf Anvils recorded a win 2-1 against Delberz Dukes, Delberz Dukes a loss 1-2 against "
            "Altdorf Anvils (friendly)",
            "match 2: Altdorf Anvils recorded a draw 1-1 against Reikland Reavers, Reikland Reavers a draw 1-1 "
            "against Orcs",
        ] == [str(d) for d in refused.value.disagreements]

    def test_a_match_not_recorded_by_the_opponent(self, pack: RulePack) -> None:
        """The opponent has no match of that number: said so."""
        anvils = _team(pack, ANVILS, _match(1, DUKES, (2, 1)))
        dukes = _team(pack, DUKES)
        with pytest.raises(bb.types.ResultsDisagree, match=r"Delberz Dukes has no match 1\)"):
            bb.standings(pack, [anvils, dukes])

    def test_both_won_the_same_shootout(self, pack: RulePack) -> None:
        """A play-off level 1-1 that each team recorded as won on penalties: the score mirrors, the winner cannot;
        refused, naming what each recorded (it was taken as agreeing, the score being all that was compared)."""
        anvils = _team(pack, ANVILS, _match(1, DUKES, (1, 1), kind="playoff", shootout="us"))
        dukes = _team(pack, DUKES, _match(1, ANVILS, (1, 1), kind="playoff", shootout="us"))
        with pytest.raises(bb.types.ResultsDisagree) as refused:
            bb.standings(pack, [anvils, dukes])
        assert [
            "match 1: Altdorf Anvils recorded a win 1-1 against Delberz Dukes (play-off), Delberz Dukes a win 1-1 "
            "against Altdorf Anvils (play-off)"
        ] == [str(d) for d in refused.value.disagreements]
        dukes = _team(pack, DUKES, _match(1, ANVILS, (1, 1), kind="playoff", shootout="them"))
        assert [(ANVILS, 0), (DUKES, 0)] == _table(pack, anvils, dukes)  # agreed: and in no table

    def test_the_refusal_pickles(self, pack: RulePack) -> None:
        """A study's worker sends its errors back pickled: the disagreements come back with it."""
        anvils = _team(pack, ANVILS, _match(1, DUKES, (2, 1)))
        with pytest.raises(bb.types.ResultsDisagree) as refused:
            bb.standings(pack, [anvils, _team(pack, DUKES)])
        again = pickle.loads(pickle.dumps(refused.value))
        assert (str(refused.value), refused.value.disagreements) == (str(again), again.disagreements)
        assert (ANVILS, DUKES) == again.sheets

    def test_the_teams_it_names_as_data(self, pack: RulePack) -> None:
        """The refusal names the teams it concerns as data (``sheets``, in the order given), so that the command
        line says their files without reading its text: both sides of each disagreement, the team of a misspelt
        opponent and the team it is close to; a team it does not name is left out."""
        reavers = _team(pack, REAVERS, _match(1, "Altdorf Anvil", (1, 1)))
        anvils = _team(pack, ANVILS, _match(1, DUKES, (2, 1)))
        orcs = _team(pack, "Orcs", _match(1, "Skaven", (0, 0)))
        dukes = _team(pack, DUKES, _match(1, ANVILS, (3, 0)))
        with pytest.raises(bb.types.ResultsDisagree) as refused:
            bb.standings(pack, [reavers, anvils, orcs, dukes])
        assert (REAVERS, ANVILS, DUKES) == refused.value.sheets


class TestMisspelt:
    def test_a_name_close_to_a_team_of_the_table(self, pack: RulePack) -> None:
        """'Altdorf Anvil' is none of the table's teams but close to one: the table is made, with a warning a
        program can turn into an error."""
        anvils = _team(pack, ANVILS, _match(1, "Orcs", (2, 1)))
        reavers = _team(pack, REAVERS, _match(1, "Altdorf Anvil", (1, 1)))
        with pytest.warns(bb.types.UnmatchedOpponent) as said:
            rows = bb.standings(pack, [anvils, reavers])
        assert [ANVILS, REAVERS] == [row.team for row in rows]
        assert [
            "Reikland Reavers recorded match 1 of season 1 against 'Altdorf Anvil', no team of the table but close to "
            "Altdorf Anvils; if it means that team, amend the opponent's name, so that the match is checked against "
            "its results"
        ] == [str(warning.message) for warning in said]
        assert [(REAVERS, ANVILS)] == [warning.message.sheets for warning in said]  # type: ignore[union-attr]

    def test_said_with_a_refusal(self, pack: RulePack) -> None:
        """With a contradiction, the refusal says it too (all amended at once), and nothing is warned."""
        anvils = _team(pack, ANVILS, _match(1, DUKES, (2, 1)))
        dukes = _team(pack, DUKES, _match(1, ANVILS, (3, 0)))
        reavers = _team(pack, REAVERS, _match(1, "Altdorf Anvil", (1, 1)))
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            with pytest.raises(bb.types.ResultsDisagree) as refused:
                bb.standings(pack, [anvils, dukes, reavers])
        assert str(refused.value).endswith(
            "; and Reikland Reavers recorded match 1 of season 1 against 'Altdorf Anvil', no team of the table but "
            "close to Altdorf Anvils; if it means that team, amend the opponent's name, so that the match is checked "
            "against its results"
        )
        assert 1 == len(refused.value.unmatched)
