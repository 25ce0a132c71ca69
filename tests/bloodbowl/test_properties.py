"""Any Blood Bowl history the public API makes verifies; any one value edited in its file is found, or changes nothing."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import progression
import progression_bloodbowl as bb
from progression import RulePack, SeededDice, Sheet
from progression.errors import ProgressionError
from support.edits import assert_found

LINEMEN = [("human_lineman", f"L{n}") for n in range(1, 12)]
INJURIES = ("badly_hurt", "seriously_hurt", "serious_injury", "lasting_injury", "dead")
SKILLS = ("block", "dodge", "sure_hands", "tackle", "wrestle", "claws")  # claws: not a Lineman's, refused

#: One step of a season: a function of the pack, the team, the dice and the next match number.
Step = Callable[[RulePack, Sheet, SeededDice, int], Sheet]


def _member(team: Sheet, index: int) -> str:
    members = sorted(team.members, key=int)
    return members[index % len(members)]


@st.composite
def _match(draw: st.DrawFn) -> Step:
    score = (draw(st.integers(0, 5)), draw(st.integers(0, 4)))
    scorers = draw(
        st.lists(st.integers(0, 1), min_size=score[0], max_size=score[0])
    )  # a few players score, so that they advance
    casualties = draw(st.lists(st.integers(0, 15), max_size=2))
    injured = draw(st.lists(st.tuples(st.integers(0, 15), st.sampled_from(INJURIES)), max_size=2))

    def step(pack: RulePack, team: Sheet, dice: SeededDice, number: int) -> Sheet:
        events: dict[str, dict[str, int]] = {}
        for index in scorers:
            counts = events.setdefault(_member(team, index), {})
            counts["touchdown"] = counts.get("touchdown", 0) + 1
        for index in casualties:
            counts = events.setdefault(_member(team, index), {})
            counts["casualty"] = counts.get("casualty", 0) + 1
        injuries = {_member(team, index): kind for index, kind in injured}
        record = bb.MatchRecord(number=number, opponent="Orcs", score=score, events=events, injuries=injuries)
        team = bb.operations.update_fans(pack, bb.operations.record_outcome(pack, team, record, dice), record, dice)
        return bb.operations.expensive_mistakes(pack, team, dice, number=number)

    step.match = True  # type: ignore[attr-defined]
    return step


def _advance(index: int, skill: str) -> Step:
    """An advancement for one of the two players with the most SPP."""

    def step(pack: RulePack, team: Sheet, dice: SeededDice, number: int) -> Sheet:
        richest = sorted(team.members, key=lambda m: (-team.members[m].pools.get("spp", 0), int(m)))
        return bb.advance(pack, team, richest[index], "chosen_primary", choice=skill)

    return step


def _hire(position: str) -> Step:
    return lambda pack, team, dice, number: bb.hire(pack, team, position, "Rookie")


def _fire(index: int) -> Step:
    return lambda pack, team, dice, number: bb.fire(pack, team, _member(team, index))


def _new_season(pack: RulePack, team: Sheet, dice: SeededDice, number: int) -> Sheet:
    return bb.new_season(pack, team, dice)


advances = st.builds(_advance, st.integers(0, 1), st.sampled_from(SKILLS))
steps = st.one_of(
    _match(),
    advances,
    _match(),
    advances,
    st.builds(_hire, st.sampled_from(("human_lineman", "human_blitzer", "human_catcher"))),
    st.builds(_fire, st.integers(0, 15)),
    st.just(_new_season),
)


@st.composite
def seasons(draw: st.DrawFn) -> tuple[RulePack, Sheet]:
    """A drafted Human team after a random run of matches, advancements, hires, firings and new seasons
    (a step the rules refuse is left out, as it would be at the table)."""
    pack = progression.load("bloodbowl")
    dice = SeededDice(draw(st.integers(0, 2**16)))
    team = bb.draft(pack, "human", "Reikland", LINEMEN, rerolls=draw(st.integers(0, 3)))
    number = 1
    for step in draw(st.lists(steps, min_size=2, max_size=10)):
        try:
            team = step(pack, team, dice, number)
        except ProgressionError:
            continue
        number = 1 if step is _new_season else number + 1 if getattr(step, "match", False) else number
    return pack, team


FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class TestRandomSeasons:
    @FEW
    @given(seasons())
    def test_every_history_verifies(self, made: tuple[RulePack, Sheet]) -> None:
        """Whatever the season, the rules give every entry again, before and after the team goes through a file."""
        pack, team = made
        again = progression.load_sheet(progression.dump_sheet(team), pack=pack)
        assert (True, True, team) == (progression.verify(team, pack).ok, progression.verify(again, pack).ok, again)

    @FEW
    @given(seasons(), st.data())
    def test_one_edited_value_is_found(self, made: tuple[RulePack, Sheet], data: st.DataObject) -> None:
        """Any one value of any entry edited in the file: the file is refused, or verify reports that entry, or
        the edit changed nothing the rules produce (the file reads back as the same team)."""
        pack, team = made
        assert_found(team, pack, data)
