"""The Python API reads the pack's things as the command line does: a roster, a position, a member of staff, an
injury, a match event and a skill by its id or by its displayed name in any of the pack's languages, read once
where the function is called, so that the ledger keeps the ids; a word that names none is refused with the
closest (:mod:`progression_bloodbowl.data.words`)."""

from __future__ import annotations

from pathlib import Path

import pytest

import progression_bloodbowl as bb
from progression import RulePack, ScriptedDice, SeededDice, Sheet
from progression.errors import InvalidInput, UnknownName

from ..conftest import HUMANS

#: The draft of the conftest's team, each position by a displayed name (English, French, the last word).
HUMANS_BY_NAME = [
    ("Blitzer humain", "Griselda"),
    ("HUMAN BLITZER", "Otto"),
    ("Thrower", "Hans"),
    ("Receveur humain", "Lena"),
    ("human catcher", "Kurt"),
    *[("Lineman", f"Lineman {n}") for n in range(1, 7)],
]


def _empty(pack: RulePack) -> Sheet:
    return bb.create_team(pack, "human", "Reikland")


def _record(**given: object) -> bb.MatchRecord:
    """Match 1, won 1-0 before 10 fans, #1 the MVP nominee, with the events and injuries given."""
    return bb.MatchRecord(
        number=1,
        opponent="Orcs",
        score=(1, 0),
        fan_attendance=10,
        mvp_nominees=("1",),
        **given,
    )


class TestTeam:
    def test_a_team_drafted_by_names_is_the_team_drafted_by_ids(self, pack: RulePack) -> None:
        """``draft(pack, "Humains", ..., [("Blitzer humain", ...), ("Lineman", ...)])`` is the very team the ids
        draft, ledger and all: the names were refused as no roster and no position."""
        by_ids = bb.draft(pack, "human", "Anvils", HUMANS, rerolls=2, captain=0)
        assert by_ids == bb.draft(pack, "Humains", "Anvils", HUMANS_BY_NAME, rerolls=2, captain=0)

    def test_hire_records_the_position_id(self, pack: RulePack) -> None:
        """``hire(..., "Human Lineman", ...)`` hires a Lineman, and its ledger entry holds ``human_lineman``."""
        hired = bb.hire(pack, _empty(pack), "Trois-quarts humain", "Jo")
        assert ("human_lineman", "human_lineman") == (
            hired.member("1").tags["position"],
            hired.ledger[-1].operation.position,
        )

    def test_a_misspelt_position_is_refused_with_the_closest_by_name(self, pack: RulePack) -> None:
        """A position misspelt in French is refused, naming the one its name is closest to."""
        with pytest.raises(UnknownName) as refused:
            bb.hire(pack, _empty(pack), "Trois-quart humian", "Jo")
        assert str(refused.value).startswith("position 'Trois-quart humian' is not defined in the Human roster")
        assert ("human_lineman",) == refused.value.closest

    def test_what_is_no_text_is_refused_by_the_operation(self, pack: RulePack) -> None:
        """A position that is no text is left to the operation, which refuses it as before."""
        with pytest.raises(UnknownName, match="position 5 is not defined in the Human roster"):
            bb.hire(pack, _empty(pack), 5, "Jo")

    def test_extra_skills_by_name(self, pack: RulePack) -> None:
        """A Team Captain's Pro given by its name is the skill ``pro`` on the player and in the ledger."""
        hired = bb.hire(pack, _empty(pack), "Blitzer", "Cap", extra_skills=["Pro"])
        assert (("pro",), 1) == (
            hired.ledger[-1].operation.extra_skills,
            hired.member("1").owned["pro"],
        )

    @pytest.mark.parametrize(
        ("given", "stat"),
        [("Team Re-roll", "rerolls"), ("Apothicaire", "apothecary"), ("pom-pom girl", "cheerleaders")],
    )
    def test_staff_by_name(self, pack: RulePack, given: str, stat: str) -> None:
        """``buy_staff(..., "Team Re-roll")`` buys a re-roll and records ``team_reroll``."""
        bought = bb.operations.buy_staff(pack, _empty(pack), given)
        assert 1 == bought.stats[stat]
        assert bought.ledger[-1].operation == bb.operations.buy_staff.operation(item=bought.ledger[-1].operation.item)
        assert " " not in bought.ledger[-1].operation.item

    def test_staff_let_go_by_name(self, pack: RulePack, team: Sheet) -> None:
        """``fire_staff(..., "Apothicaire")`` lets the Apothecary go."""
        assert 0 == bb.operations.fire_staff(pack, team, "Apothicaire").stats["apothecary"]

    def test_misspelt_staff_is_refused_with_the_closest(self, pack: RulePack) -> None:
        """A member of staff misspelt in French is refused with the one it is closest to by name."""
        with pytest.raises(UnknownName) as refused:
            bb.operations.buy_staff(pack, _empty(pack), "Apotiquaire")
        assert ("apothecary",) == refused.value.closest

    def test_a_player_and_journeymen_by_names(self, pack: RulePack) -> None:
        """``new_player`` and ``add_journeymen`` read the roster and the position as ``hire`` does."""
        player = bb.operations.new_player(pack, "Humains", "Lineman", "Jo")
        joined = bb.operations.add_journeymen(pack, _empty(pack), ["Jo"], position="Trois-quarts humain")
        assert ("human", "human_lineman", "human_lineman") == (
            player.tags["team"],
            player.tags["position"],
            joined.ledger[-1].operation.position,
        )


class TestMatch:
    def test_a_match_recorded_by_names_is_the_match_recorded_by_ids(self, pack: RulePack, team: Sheet) -> None:
        """Events and injuries by their names (``Touchdown``, ``Élimination``, ``Badly Hurt``) record the very
        entry the ids record: they were refused as no event and no result."""
        named = _record(events={"1": {"Touchdown": 1, "Élimination": 1}}, injuries={"2": "Commotion"})
        ids = _record(events={"1": {"touchdown": 1, "casualty": 1}}, injuries={"2": "badly_hurt"})
        after = bb.record_match(pack, team, named, SeededDice(3))
        assert bb.record_match(pack, team, ids, SeededDice(3)) == after
        assert ids == after.ledger[-1].operation.match

    def test_a_misspelt_event_is_refused_with_the_closest(self, pack: RulePack, team: Sheet) -> None:
        """An event no name fits is refused where it was given, with the closest."""
        with pytest.raises(UnknownName) as refused:
            bb.record_match(pack, team, _record(events={"1": {"Touchdwn": 1}}), SeededDice(3))
        assert str(refused.value).startswith(
            "match event 'Touchdwn' is not defined in the events of player #1 in match 1"
        )
        assert ("touchdown",) == refused.value.closest

    def test_one_event_named_twice_is_refused(self, pack: RulePack, team: Sheet) -> None:
        """``touchdown`` and ``Touchdown`` for one player are one event: refused rather than one count dropped."""
        with pytest.raises(InvalidInput) as refused:
            bb.record_match(pack, team, _record(events={"1": {"touchdown": 1, "Touchdown": 1}}), SeededDice(3))
        assert (
            "the events of player #1 in match 1 name the match event touchdown twice ('touchdown' and 'Touchdown'); "
            "give its count once"
        ) == str(refused.value)

    def test_the_steps_and_the_check_read_names(self, pack: RulePack, team: Sheet) -> None:
        """``check_match``, ``record_outcome`` and ``PostMatch`` read the record as ``record_match`` does."""
        named = _record(events={"1": {"Touchdown": 1}}, injuries={"2": "Seriously Hurt"})
        bb.queries.check_match(pack, team, named)
        outcome = bb.operations.record_outcome(pack, team, named, ScriptedDice([1]))
        post = bb.PostMatch.start(pack, team, named).record_outcome(ScriptedDice([1])).update_fans(ScriptedDice([6]))
        post = post.hire("Trois-quarts humain", "Jo").buy_staff("Pom-pom girl")
        assert (7, 7, "human_lineman", 1) == (  # a touchdown (3) and the MVP (4)
            outcome.member("1").pools["spp"],
            post.sheet.member("1").pools["spp"],
            post.sheet.member("12").tags["position"],
            post.sheet.stats["cheerleaders"],
        )
        assert {"2": "seriously_hurt"} == outcome.ledger[-1].operation.match.injuries

    def test_an_amendment_reads_names(self, pack: RulePack, team: Sheet) -> None:
        """``amend_match(..., injuries={"2": "Seriously Hurt"})`` keeps ``seriously_hurt`` in the ledger."""
        recorded = bb.record_match(pack, team, _record(), SeededDice(3))
        amended, _ = bb.operations.amend_match(pack, recorded, 1, injuries={"2": "Seriously Hurt"})
        assert {"2": "seriously_hurt"} == amended.ledger[-1].operation.match.injuries


class TestSeasonAndMatchedPlay:
    def test_a_redraft_reads_positions(self, pack: RulePack, team: Sheet) -> None:
        """``redraft(players=[("Lineman", "Jo")])`` hires a Human Lineman."""
        kept = [str(n) for n in range(1, 12)]
        after = bb.operations.redraft(pack, team, keep=kept, players=[("Lineman", "Jo")], cap=None)
        assert "human_lineman" == after.member("12").tags["position"]

    def test_a_matched_play_list_by_names(self, pack: RulePack) -> None:
        """A Matched Play list of positions and skills by their names (``Wardancer``, ``Parade``) is the list of
        ids: the quote and the team drafted are the same; the names were refused as no position and no skill."""
        linemen = [("wood_elf_lineman", f"L{n}") for n in range(10)]
        named = [("Wardancer", "Eli", "Parade"), *linemen]
        ids = [("wardancer", "Eli", "fend"), *linemen]
        quote = bb.queries.quote_matched_play(pack, "Wood Elf", named)
        assert bb.queries.quote_matched_play(pack, "wood_elf", ids) == quote
        assert bb.operations.draft_matched_play(pack, "wood_elf", "W", ids) == bb.operations.draft_matched_play(
            pack, "Wood Elf", "W", named
        )

    def test_a_misspelt_skill_is_refused_with_the_closest(self, pack: RulePack) -> None:
        """A skill misspelt in French is refused, with the one whose name it is closest to."""
        with pytest.raises(UnknownName) as refused:
            bb.operations.draft_matched_play(pack, "wood_elf", "W", [("wardancer", "Eli", "Sournoi")])
        assert ("sneaky_git",) == refused.value.closest

    def test_a_trait_by_name_is_refused_as_a_trait(self, pack: RulePack) -> None:
        """``Loner`` is read as the trait it names, and refused as a trait (never bought), not as no skill."""
        with pytest.raises(UnknownName, match=r"traits are never bought"):
            bb.operations.draft_matched_play(pack, "wood_elf", "W", [("wardancer", "Eli", "Loner")])


class TestLeague:
    def test_a_fixture_recorded_and_amended_by_names(self, pack: RulePack, tmp_path: Path) -> None:
        """``League.record`` and ``League.amend`` read each side's events and injuries by name; the fixture and
        both teams keep the ids."""
        with bb.new_league(tmp_path / "league.sqlite", "Cup", pack=pack) as league:
            for ident in ("reds", "blues"):
                league.add_team(ident, bb.draft(pack, "human", ident, HUMANS))
            league.schedule()
            home = bb.types.Side(events={"1": {"Touchdown": 1}}, mvp_nominees=("1",), injuries={"2": "Commotion"})
            away = bb.types.Side(mvp_nominees=("1",))
            played = bb.types.Played(score=(1, 0), home=home, away=away, fan_attendance=10)
            reds, _ = league.record(1, played, SeededDice(1))
            recorded = league.fixture(1).played
            league.amend(
                1, home=bb.types.Side(events=home.events, mvp_nominees=("1",), injuries={"2": "seriously hurt"})
            )
            amended = league.fixture(1).played
        assert recorded is not None
        assert amended is not None
        assert ({"1": {"touchdown": 1}}, {"2": "badly_hurt"}, {"2": "seriously_hurt"}) == (
            {member: dict(counts) for member, counts in recorded.home.events.items()},
            dict(recorded.home.injuries),
            dict(amended.home.injuries),
        )
        assert {"2": "badly_hurt"} == reds.ledger[-1].operation.match.injuries


class TestReadsACall:
    """``reads`` finds each argument it reads however the call gives it, and leaves a call that does not fit the
    function to the function, as ``inspect.Signature.bind`` would."""

    @staticmethod
    def _upper(pack: RulePack, arguments: object, given: object) -> object:
        return given.upper() if isinstance(given, str) else given

    def _echo(self) -> object:
        from progression_bloodbowl.data.words import reads

        @reads(word=self._upper)
        def echo(pack: RulePack, first: str, word: str = "none", *, last: str = "") -> tuple[str, str, str]:
            return first, word, last

        return echo

    def test_by_position_and_by_keyword(self, pack: RulePack) -> None:
        echo = self._echo()
        assert echo(pack, "a", "b", last="c") == ("a", "B", "c")
        assert echo(pack, first="a", word="b") == ("a", "B", "")
        assert echo(pack, "a", last="c") == ("a", "none", "c")  # a default is not read: it is the function's own

    def test_a_call_that_does_not_fit_is_the_functions_to_refuse(self, pack: RulePack) -> None:
        echo = self._echo()
        for args, kwargs in [
            ((pack, "a", "b", "c"), {}),  # too many by position
            ((pack, "a"), {"first": "b"}),  # given twice
            ((pack, "a"), {"lats": "c"}),  # no such parameter
            ((pack,), {}),  # one missing
        ]:
            with pytest.raises(TypeError):
                echo(*args, **kwargs)

    def test_no_pack_reads_nothing(self) -> None:
        assert self._echo()("not a pack", "a", "b") == ("a", "b", "")

    def test_a_signature_with_star_arguments_is_bound(self, pack: RulePack) -> None:
        from progression_bloodbowl.data.words import reads

        @reads(word=self._upper)
        def starred(pack: RulePack, word: str, *rest: str, **more: str) -> tuple[object, ...]:
            return word, rest, more

        assert starred(pack, "b", "c", d="e") == ("B", ("c",), {"d": "e"})


def test_a_record_of_ids_is_read_once(pack: RulePack, team: Sheet, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each step of a post-match sequence reads its record: one that holds ids only is not read again, and one that
    holds words is read each time into a record of ids (which is then not read again)."""
    import progression_bloodbowl.match.record as record

    read: list[object] = []
    events_named = record.events_named

    def counted(*args: object, **kwargs: object) -> object:
        read.append(args[1])
        return events_named(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(record, "events_named", counted)
    of_ids = _record(events={"1": {"touchdown": 1}})
    assert record.record_named(pack, of_ids) is of_ids
    assert record.record_named(pack, of_ids) is of_ids
    assert len(read) == 1
    of_words = _record(events={"1": {"Touchdown": 1}})
    first, second = record.record_named(pack, of_words), record.record_named(pack, of_words)
    assert first == second == of_ids
    assert len(read) == 3
