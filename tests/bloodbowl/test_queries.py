"""Bad input to the Blood Bowl queries and entry points: refused where it comes in, saying what was expected and
what came (the kind and pack of a sheet among them), never an AttributeError or a KeyError from inside."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import progression
import progression_bloodbowl as bb
import progression_competence as pc
from progression import RulePack, Sheet
from progression.errors import InvalidInput, UnknownName

#: Each query or entry point that reads a team, called on what it is given as the team.
ON_A_TEAM: dict[str, Callable[[RulePack, object], object]] = {
    "hireable": lambda pack, team: bb.queries.hireable(pack, team),  # type: ignore[arg-type]
    "star_eligibility": lambda pack, team: bb.queries.star_eligibility(pack, team, "griff_oberwald"),  # type: ignore[arg-type]
    "wizard_eligibility": lambda pack, team: bb.queries.wizard_eligibility(pack, team, "sports_wizard"),  # type: ignore[arg-type]
    "skill_points": lambda pack, team: bb.queries.skill_points(pack, team),  # type: ignore[arg-type]
    "held_inducements": lambda _, team: bb.queries.held_inducements(team),  # type: ignore[arg-type]
    "match_notes": lambda _, team: bb.queries.match_notes(team),  # type: ignore[arg-type]
    "spent_from_treasury": lambda _, team: bb.queries.spent_from_treasury(team),  # type: ignore[arg-type]
    "match_entry": lambda _, team: bb.queries.match_entry(team, 1),  # type: ignore[arg-type]
    "team_value": lambda pack, team: bb.team_value(pack, team),  # type: ignore[arg-type]
    "advance": lambda pack, team: bb.advance(pack, team, "1", "chosen_primary", choice="block"),  # type: ignore[arg-type]
    "PostMatch": lambda pack, team: bb.PostMatch(
        pack=pack,
        match=bb.MatchRecord(number=1, opponent="x", score=(1, 0)),
        before=team,  # type: ignore[arg-type]
    ),
}

#: Each query that reads a player, called on what it is given as the player.
ON_A_PLAYER: dict[str, Callable[[RulePack, object], object]] = {
    "level_of": lambda pack, player: bb.queries.level_of(pack, player),  # type: ignore[arg-type]
    "must_advance": lambda pack, player: bb.queries.must_advance(pack, player),  # type: ignore[arg-type]
    "profile": lambda _, player: bb.queries.profile(player),  # type: ignore[arg-type]
    "current_value": lambda pack, player: bb.queries.current_value(pack, player),  # type: ignore[arg-type]
}


@pytest.fixture(scope="module")
def character() -> Sheet:
    """A character of the competence pack: a sheet of another pack."""
    return pc.new_character(progression.load("competence"), "Ana")


class TestWhatIsNoTeam:
    @pytest.mark.parametrize("name", sorted(ON_A_TEAM))
    @pytest.mark.parametrize(("given", "came"), [(None, "NoneType None"), ("Anvils", "str 'Anvils'")])
    def test_what_is_no_sheet(self, pack: RulePack, name: str, given: object, came: str) -> None:
        """None or a text given as the team is refused as such, with what came."""
        with pytest.raises(InvalidInput, match=rf"expected a team sheet( of pack 'bloodbowl')? as the .*, got {came}$"):
            ON_A_TEAM[name](pack, given)

    @pytest.mark.parametrize("name", sorted(ON_A_TEAM))
    def test_a_sheet_of_the_other_pack(self, pack: RulePack, name: str, character: Sheet) -> None:
        """A competence character given as the team is refused, naming the pack it is of."""
        with pytest.raises(InvalidInput, match=r"got a character sheet 'Ana' of pack 'competence'$"):
            ON_A_TEAM[name](pack, character)

    @pytest.mark.parametrize("name", sorted(ON_A_TEAM))
    def test_a_player(self, pack: RulePack, name: str, team: Sheet) -> None:
        """A player's sheet given as the team is refused as a player's."""
        with pytest.raises(InvalidInput, match=r"expected a team sheet.*, got a player sheet 'Griselda'$"):
            ON_A_TEAM[name](pack, team.members["1"])


class TestOneWording:
    """A sheet of the wrong kind or pack is refused in one sentence, by the pack and by the core alike (it was
    "results takes a team sheet", "sheet 'Ana' belongs to pack 'competence', not 'bloodbowl'" and "... works on
    team sheets, not on player sheets"): what was expected as what, and what came."""

    def test_a_player_where_a_team_is_read(self, pack: RulePack, team: Sheet) -> None:
        """The pack's league reading, its team figures and a core operation say it the same way."""
        player = team.member("4")
        refusals = []
        for call in (
            lambda: bb.queries.results(player),  # type: ignore[arg-type]
            lambda: bb.team_value(pack, player),
            lambda: bb.hire(pack, player, "human_lineman", "Al"),
        ):
            with pytest.raises(InvalidInput) as refused:
                call()
            refusals.append(str(refused.value))
        assert [
            "expected a team sheet of pack 'bloodbowl' as the sheet for results, got a player sheet 'Lena'",
            "expected a team sheet of pack 'bloodbowl' as the team to value, got a player sheet 'Lena'",
            "expected a team sheet as the sheet bloodbowl.hire runs on, got a player sheet 'Lena'",
        ] == refusals

    def test_a_sheet_of_another_pack(self, pack: RulePack, character: Sheet) -> None:
        """A quote, a verification and a query of the pack name the pack expected and the pack that came."""
        refusals = []
        for call in (
            lambda: pack.quote(character, "team_reroll"),
            lambda: progression.verify(character, pack),
            lambda: bb.team_value(pack, character),
        ):
            with pytest.raises(InvalidInput) as refused:
                call()
            refusals.append(str(refused.value))
        came = "got a character sheet 'Ana' of pack 'competence'"
        assert [
            f"expected a sheet of pack 'bloodbowl' as the sheet to quote, {came}",
            f"expected a sheet of pack 'bloodbowl' as the sheet to verify, {came}",
            f"expected a team sheet of pack 'bloodbowl' as the team to value, {came}",
        ] == refusals


class TestWhatIsNoPlayer:
    @pytest.mark.parametrize("name", sorted(ON_A_PLAYER))
    @pytest.mark.parametrize(("given", "came"), [(None, "NoneType None"), ("Lena", "str 'Lena'")])
    def test_what_is_no_sheet(self, pack: RulePack, name: str, given: object, came: str) -> None:
        """None or a text given as the player is refused as such (not an AttributeError on ``.stats``)."""
        with pytest.raises(
            InvalidInput, match=rf"expected a player sheet( of pack 'bloodbowl')? as the .*, got {came}$"
        ):
            ON_A_PLAYER[name](pack, given)

    @pytest.mark.parametrize("name", sorted(ON_A_PLAYER))
    def test_a_sheet_of_the_other_pack(self, pack: RulePack, name: str, character: Sheet) -> None:
        """A competence character given as the player is refused naming its pack (not a KeyError)."""
        with pytest.raises(InvalidInput, match=r"got a character sheet 'Ana' of pack 'competence'$"):
            ON_A_PLAYER[name](pack, character)

    @pytest.mark.parametrize("name", sorted(ON_A_PLAYER))
    def test_a_team(self, pack: RulePack, name: str, team: Sheet) -> None:
        """The team given where one of its players is read is refused as a team."""
        with pytest.raises(InvalidInput, match=r"expected a player sheet.*, got a team sheet 'Altdorf Anvils'$"):
            ON_A_PLAYER[name](pack, team)


class TestIdsAndNumbers:
    def test_a_star_id_that_is_no_text(self, pack: RulePack, team: Sheet) -> None:
        """A star id that is not a text is said to be one expected, not an unknown star."""
        with pytest.raises(
            InvalidInput, match=r"expected a Star Player's id \(a text such as 'griff_oberwald'\), got None"
        ):
            bb.queries.star_eligibility(pack, team, None)  # type: ignore[arg-type]

    @pytest.mark.parametrize("number", ["1", None, 0])
    def test_a_match_number_that_is_no_match_number(self, team: Sheet, number: object) -> None:
        """match_entry reads a match's number, refused as such (a text '1' was read as no match recorded)."""
        with pytest.raises(
            InvalidInput, match=rf"the number of the match: expected a whole number from 1 to .*, got {number!r}"
        ):
            bb.queries.match_entry(team, number)  # type: ignore[arg-type]

    @pytest.mark.parametrize("given", [None, "bloodbowl"])
    def test_what_is_no_pack(self, given: object, team: Sheet) -> None:
        """None (or a pack's name) given as the pack is refused, naming what the pack is expected to be."""
        with pytest.raises(
            InvalidInput,
            match=r"expected the Blood Bowl rule pack \(progression.load\('bloodbowl'\)\) as the pack, got",
        ):
            bb.team_value(given, team)  # type: ignore[arg-type]


class TestSilentAnswers:
    """What a query cannot read as asked is refused, not answered with an empty list, a guess or a bare error."""

    @pytest.mark.parametrize(
        ("query", "given", "message"),
        [
            (
                bb.queries.wizard_eligibility,
                "sports_wizzard",
                r"^wizard 'sports_wizzard' is not defined in the bloodbowl pack; .*; the closest: sports_wizard$",
            ),
            (
                bb.queries.star_eligibility,
                "grif_oberwald",
                r"^Star Player 'grif_oberwald' is not defined in the bloodbowl pack; .*; the closest: griff_oberwald",
            ),
        ],
    )
    def test_a_misspelt_id(
        self, pack: RulePack, team: Sheet, query: Callable[..., object], given: str, message: str
    ) -> None:
        """A misspelt wizard or star is unknown, with the closest."""
        with pytest.raises(UnknownName, match=message):
            query(pack, team, given)

    def test_a_wizard_id_that_is_no_text(self, pack: RulePack, team: Sheet) -> None:
        """A wizard id that is not a text is said to be one expected, as a star's is."""
        with pytest.raises(InvalidInput, match=r"^expected a wizard's id \(a text such as 'sports_wizard'\), got None"):
            bb.queries.wizard_eligibility(pack, team, None)  # type: ignore[arg-type]

    @pytest.mark.parametrize(("given", "closest"), [("xx", ""), ("AG", "; the closest: ag")])
    def test_a_characteristic_not_in_a_profile(self, given: str, closest: str) -> None:
        """notation of a characteristic no profile has is refused, with the closest (it printed 'xx' as '3+')."""
        with pytest.raises(UnknownName) as refused:
            bb.queries.notation(given, 3)
        assert (
            f"characteristic {given!r} is not defined in a player's profile; expected one of: ag, av, ma, pa, st{closest}"
            == str(refused.value)
        )

    def test_a_characteristic_value_that_is_no_number(self) -> None:
        """notation of a value that is not a whole number is refused (it printed '3+' of the text '3')."""
        with pytest.raises(InvalidInput, match=r"^the value of AG is a whole number, got '3' \(str\)$"):
            bb.queries.notation("ag", "3")  # type: ignore[arg-type]

    @pytest.mark.parametrize("rows", [[1], 5, "table"])
    def test_standings_lines_of_what_is_no_table(self, rows: object) -> None:
        """standings_lines of what is not the rows of a table is refused (an AttributeError on '.season')."""
        with pytest.raises(
            InvalidInput, match=r"^expected the rows of a league table \(what standings\(\) returns\), got"
        ):
            bb.queries.standings_lines(rows)  # type: ignore[arg-type]

    @pytest.mark.parametrize("teams", ["abcd", ["anvils", None], 4])
    def test_a_round_robin_of_what_is_no_list_of_names(self, teams: object) -> None:
        """A text given as the teams is refused (it was a round robin of its letters), and so is a name that is
        not a text."""
        with pytest.raises(
            InvalidInput,
            match=r"^the teams of a round robin are a list of their names, such as \['Anvils', 'Barons'\], got",
        ):
            bb.queries.round_robin(teams)  # type: ignore[arg-type]

    def test_a_round_robin_of_a_generator(self) -> None:
        """Any iterable of names is read once (a generator is not used up by the check)."""
        assert 3 == len(bb.queries.round_robin(name for name in ("a", "b", "c", "d")))
