"""What a pack's league found when verified (``LeagueBook.verify``): one named result, read by ``league verify``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import progression.files
from progression import Sheet, verify
from progression.contract import LeagueVerification
from progression.errors import InvalidInput, UnknownName
from progression.history import Verification
from support.builders import market


def ana() -> Sheet:
    """Ana: 10 in her purse, then 6 more."""
    pack = market()
    return pack.award(
        pack.award(pack.new_sheet("adventurer", "Ana"), "purse", 10, reason="wages"), "purse", 6, reason="bounty"
    )


def holding() -> Verification:
    return verify(ana(), market())


def diverging() -> Verification:
    """Ana's wages edited from 10 to 60 in her file."""
    data: dict[str, Any] = progression.files.unstructure_sheet(ana())
    data["ledger"][1]["events"][0]["amount"] = 60
    return verify(progression.files.structure_sheet(data, "ana.json", tampered="read"), market())


class TestLines:
    def test_lines_are_those_league_verify_prints(self) -> None:
        """Each team headed by its id, the rules' fingerprint only on a team whose entries do not hold, its own
        problems beneath it, then the settings' problems, then the fixtures'."""
        found = LeagueVerification(
            teams={"anvils": diverging(), "barons": holding()},
            fixtures=["fixture 2 of season 1: 'nobody' is not a team of the league"],
            settings=["record 'league' lists the team 'ghosts', which the store does not hold"],
            problems={"anvils": ["its sheet was changed in the database outside the store"]},
        )
        assert [
            f"anvils: 1 of 3 entries diverge from the rules {market().rules}",
            "  #2 award 10 to purse: events[0].amount: recorded 60, the rules give 10",
            "  its sheet was changed in the database outside the store",
            "barons: all 3 entries verified",
            "record 'league' lists the team 'ghosts', which the store does not hold",
            "fixture 2 of season 1: 'nobody' is not a team of the league",
        ] == list(found.lines())


class TestOk:
    def test_a_league_with_nothing_wrong_is_ok(self) -> None:
        """Every team holding and no problem anywhere: ok, and so is each team."""
        found = LeagueVerification(teams={"anvils": holding(), "barons": holding()})
        assert (True, True, True) == (found.ok, found.holds("anvils"), found.holds("barons"))

    @pytest.mark.parametrize(
        "wrong",
        [
            lambda: {"teams": {"anvils": diverging()}},
            lambda: {"teams": {"anvils": holding()}, "problems": {"anvils": ["its sheet is not read"]}},
            lambda: {"teams": {"anvils": holding()}, "settings": ["record 'league' is not JSON"]},
            lambda: {"teams": {"anvils": holding()}, "fixtures": ["fixture 1 of season 1 is not JSON"]},
        ],
        ids=["a team diverges", "a team's own problem", "the settings", "a fixture"],
    )
    def test_any_problem_is_not_ok(self, wrong: Callable[[], dict[str, Any]]) -> None:
        """A team whose entries diverge, a problem of a team as stored, of the settings or of a fixture: not ok."""
        assert not LeagueVerification(**wrong()).ok

    def test_a_team_not_verified_is_named(self) -> None:
        """Asked whether a team it did not verify holds: refused, naming the teams it verified."""
        with pytest.raises(
            UnknownName, match="team 'ghosts' is not defined in the league verification; expected one of: anvils"
        ):
            LeagueVerification(teams={"anvils": holding()}).holds("ghosts")

    def test_a_team_holds_only_with_no_problem_of_its_own(self) -> None:
        """A team whose entries hold but whose stored sheet is not read does not hold; the others do."""
        found = LeagueVerification(teams={"anvils": holding(), "barons": holding()}, problems={"anvils": ["unread"]})
        assert (False, True) == (found.holds("anvils"), found.holds("barons"))


class TestMade:
    def test_what_it_is_given_is_copied(self) -> None:
        """The mappings and lists given are copied, read-only: changing them later changes nothing, and a team
        with an empty list of problems is a team without."""
        teams, problems = {"anvils": holding()}, {"anvils": ["unread"]}
        found = LeagueVerification(teams=teams, problems=problems)
        teams["barons"], problems["anvils"][0] = diverging(), "changed"
        assert (["anvils"], ("unread",)) == (list(found.teams), found.problems["anvils"])
        with pytest.raises(TypeError):
            found.teams["barons"] = diverging()  # type: ignore[index]
        assert LeagueVerification(teams=teams) == LeagueVerification(teams=teams, problems={"anvils": ()})

    @pytest.mark.parametrize(
        ("given", "said"),
        [
            (
                lambda: {"teams": [holding()]},
                "expected a mapping of each team's id (a text) to its Verification as the teams of a league verification, "
                "got [Verification(",
            ),
            (
                lambda: {"teams": {1: holding()}},
                "expected a mapping of each team's id (a text) to its Verification as the teams of a league verification, "
                "got {1: Verification(",
            ),
            (
                lambda: {"teams": {"anvils": "verified"}},
                "expected a Verification (progression.history.Verification) as the report of team 'anvils' among the teams "
                "of a league verification, got 'verified'",
            ),
            (
                lambda: {"teams": {}, "fixtures": "fixture 1 is not JSON"},
                "expected a sequence of sentences (texts) as the fixtures of a league verification, got 'fixture 1 is not JSON'",
            ),
            (
                lambda: {"teams": {}, "settings": ["fine", 3]},
                "expected a sequence of sentences (texts) as the settings of a league verification, got 3 among them",
            ),
            (
                lambda: {"teams": {"anvils": holding()}, "problems": {"anvils": "unread"}},
                "expected a sequence of sentences (texts) as the problems of the team 'anvils' of a league verification, "
                "got 'unread'",
            ),
            (
                lambda: {"teams": {"anvils": holding()}, "problems": {"ghosts": ["unread"]}},
                "the problems of a league verification name the team 'ghosts', which is not among its teams ('anvils'): a "
                "team's problems are said with its verification",
            ),
        ],
        ids=[
            "teams no mapping",
            "a team's id no text",
            "a report no verification",
            "a lone text",
            "no text",
            "a team's lone text",
            "no such team",
        ],
    )
    def test_what_is_not_of_its_kind_is_refused(self, given: Callable[[], dict[str, Any]], said: str) -> None:
        """Teams that are no mapping of ids, sentences that are no texts (a lone text, which would be read
        letter by letter), problems of a team not verified: refused, saying what was expected and what came."""
        with pytest.raises(InvalidInput) as refused:
            LeagueVerification(**given())
        assert said == str(refused.value)[: len(said)]
