"""The Sports-Wizard's spells: Fireball, Zap!, the Frog, and every roll recorded and replayed."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import progression_bloodbowl as bb
from progression import RulePack, ScriptedDice, SeededDice, Sheet, replay
from progression.errors import InvalidInput, LimitReached, RequirementNotMet
from progression.events import Awarded, Marked
from progression_bloodbowl.spells import Pitch, Profile

LINEMAN = Profile(ma=6, st=3, ag=3, pa=4, av=9)
ORC = Profile(ma=5, st=3, ag=3, pa=4, av=10)
GOBLIN = Profile(ma=6, st=2, ag=3, pa=4, av=8, skills=frozenset({"stunty", "dodge"}))
HOME, AWAY = ("home", "1"), ("away", "1")


@pytest.fixture
def pitch(pack: RulePack) -> Pitch:
    """A Human Lineman (home #1) on (10, 7) holding the ball, an Orc (away #1) next to him on (11, 7)."""
    pitch = Pitch.empty(pack).place(HOME, "Hans", LINEMAN, (10, 7)).place(AWAY, "Grotsnik", ORC, (11, 7))
    return pitch.with_ball(HOME)


def _said(outcome: bb.spells.Outcome) -> list[str]:
    return [e.label for e in outcome.events if isinstance(e, Marked)]


class TestFireball:
    def test_a_corner_has_fewer_neighbours(self, pack: RulePack) -> None:
        """On the corner (0, 0) only the corner and its three neighbours are hit: (2, 2) rolls no die."""
        pitch = Pitch.empty(pack)
        for n, square in enumerate([(0, 0), (1, 0), (1, 1), (2, 2)]):
            pitch = pitch.place(("away", str(n)), f"P{n}", LINEMAN, square)
        outcome = bb.spells.fireball(pack, pitch, (0, 0), ScriptedDice([1, 2, 3]))
        assert (1, 2, 3) == outcome.dice
        assert "Fireball on (0, 0): 4 squares, 3 player(s)" == _said(outcome)[0]

    def test_a_miss_does_nothing(self, pack: RulePack, pitch: Pitch) -> None:
        """1-3: unaffected, no armour roll."""
        outcome = bb.spells.fireball(pack, pitch, (10, 7), ScriptedDice([3, 1]))
        assert (pitch.players, HOME) == (outcome.pitch.players, outcome.pitch.carrier)

    def test_a_standing_player_is_knocked_down_and_the_plus_one_breaks_armour(
        self, pack: RulePack, pitch: Pitch
    ) -> None:
        """Hit on 4: Knocked Down; armour 4+4 = 8, +1 = 9 breaks AV 9+; injury 3+3 Stunned; the ball bounces."""
        outcome = bb.spells.fireball(pack, pitch, (10, 7), ScriptedDice([4, 1, 4, 4, 3, 3, 4]))
        assert "stunned" == outcome.pitch.players[HOME].state
        assert ((9, 7), None) == (outcome.pitch.ball, outcome.pitch.carrier)
        assert [
            "Fireball on (10, 7): 9 squares, 2 player(s)",
            "Hans (home #1) is hit",
            "Grotsnik (away #1) is unaffected",
            "Hans (home #1) is Knocked Down",
            "Hans (home #1) drops the ball",
            "Hans (home #1): 9 breaks armour 9+",
            "Hans (home #1) is Stunned",
            "the ball comes to rest on (9, 7)",
        ] == _said(outcome)

    def test_armour_that_holds(self, pack: RulePack, pitch: Pitch) -> None:
        """Armour 4+3 = 7, +1 = 8 does not break AV 9+: he stays prone, no injury roll."""
        outcome = bb.spells.fireball(pack, pitch, (10, 7), ScriptedDice([4, 1, 4, 3, 7]))
        assert "prone" == outcome.pitch.players[HOME].state
        assert "Hans (home #1): 8 does not break armour 9+" in _said(outcome)

    @pytest.mark.parametrize("state", ["prone", "stunned"])
    def test_a_player_already_down_takes_the_armour_roll(self, pack: RulePack, state: str) -> None:
        """A prone or stunned player hit is not knocked down again: only the armour roll at +1."""
        pitch = Pitch.empty(pack).place(AWAY, "Grotsnik", ORC, (5, 5), state=state)
        outcome = bb.spells.fireball(pack, pitch, (5, 5), ScriptedDice([6, 2, 2]))
        assert [
            "Fireball on (5, 5): 9 squares, 1 player(s)",
            "Grotsnik (away #1) is hit",
            "Grotsnik (away #1): 5 does not break armour 10+",
        ] == _said(outcome)
        assert state == outcome.pitch.players[AWAY].state

    def test_a_casualty(self, pack: RulePack, pitch: Pitch) -> None:
        """Armour 6+6 breaks, injury 5+5 is a casualty, D16 11 Serious Injury: recorded for the Orcs' match record."""
        outcome = bb.spells.fireball(pack, pitch, (12, 7), ScriptedDice([5, 6, 6, 5, 5, 11]))
        assert {"1": "serious_injury"} == outcome.injuries_of("away")
        assert "casualty" == outcome.pitch.players[AWAY].box

    def test_a_lasting_injury_rolls_its_d6(self, pack: RulePack, pitch: Pitch) -> None:
        """D16 13 is a Lasting Injury; the D6 3 makes it MA."""
        outcome = bb.spells.fireball(pack, pitch, (12, 7), ScriptedDice([5, 6, 6, 5, 5, 13, 3]))
        assert {"1": "lasting_injury:ma"} == outcome.injuries_of("away")

    def test_stunty_injury_table(self, pack: RulePack) -> None:
        """A Stunty player's injury of 9 is Badly Hurt, with no Casualty roll."""
        pitch = Pitch.empty(pack).place(AWAY, "Snik", GOBLIN, (5, 5))
        outcome = bb.spells.fireball(pack, pitch, (5, 5), ScriptedDice([4, 4, 4, 4, 5]))
        assert {"1": "badly_hurt"} == outcome.injuries_of("away")
        assert 5 == len(outcome.dice)

    def test_off_the_pitch(self, pack: RulePack, pitch: Pitch) -> None:
        """A target square off the pitch is refused."""
        with pytest.raises(InvalidInput, match="off the pitch"):
            bb.spells.fireball(pack, pitch, (30, 2), ScriptedDice([]))


class TestZap:
    @pytest.mark.parametrize(
        ("strength", "roll", "frog"),
        [
            (1, 1, False),
            (1, 2, True),
            (6, 5, False),
            (6, 6, True),
            (6, 1, False),
            (1, 6, True),
            (3, 3, True),
            (3, 2, False),
            (7, 6, True),
        ],
    )
    def test_roll_against_strength(self, pack: RulePack, strength: int, roll: int, frog: bool) -> None:
        """ST or more, or a natural 6, makes a Frog; below ST, or a natural 1, does nothing."""
        profile = Profile(ma=6, st=strength, ag=3, pa=None, av=9)
        pitch = Pitch.empty(pack).place(AWAY, "Target", profile, (5, 5))
        assert frog == bb.spells.zap(pack, pitch, AWAY, ScriptedDice([roll])).pitch.players[AWAY].frog

    def test_the_frog_profile(self, pack: RulePack, pitch: Pitch) -> None:
        """A Frog is MA 5, ST 1, AG 2+, PA -, AV 5+ with Dodge, Leap, No Ball, Stunty, Titchy, Very Long Legs."""
        frog = bb.spells.zap(pack, pitch, AWAY, ScriptedDice([5])).pitch.players[AWAY]
        assert (
            Profile(
                ma=5,
                st=1,
                ag=2,
                pa=None,
                av=5,
                skills=frozenset({"dodge", "leap", "no_ball", "stunty", "titchy", "very_long_legs"}),
            )
            == frog.profile
        )
        assert ORC == frog.normal

    def test_the_ball_bounces_from_the_frog(self, pack: RulePack, pitch: Pitch) -> None:
        """Hans turned into a Frog drops the ball; it bounces (D8 7) to (10, 8)."""
        outcome = bb.spells.zap(pack, pitch, HOME, ScriptedDice([4, 7]))
        assert ((10, 8), None) == (outcome.pitch.ball, outcome.pitch.carrier)
        assert "Hans (home #1) drops the ball" in _said(outcome)

    def test_any_player_on_the_pitch_only(self, pack: RulePack, pitch: Pitch) -> None:
        """A player in a box beside the pitch cannot be zapped."""
        pitch = pitch.changed(AWAY, box="ko")
        with pytest.raises(InvalidInput, match="Zap! targets a player on the pitch"):
            bb.spells.zap(pack, pitch, AWAY, ScriptedDice([6]))


class TestFrog:
    @pytest.fixture
    def frogged(self, pack: RulePack, pitch: Pitch) -> Pitch:
        """Grotsnik the Orc is a Frog."""
        return bb.spells.zap(pack, pitch, AWAY, ScriptedDice([6])).pitch

    def test_a_frogs_casualty_is_badly_hurt(self, pack: RulePack, frogged: Pitch) -> None:
        """Armour 3+2+1 breaks AV 5+, injury 5+5 a casualty: Badly Hurt with no D16, and nothing for the match record."""
        outcome = bb.spells.fireball(pack, frogged, (12, 7), ScriptedDice([6, 3, 2, 5, 5]))
        assert "Grotsnik (away #1) is a Frog: no Casualty roll, Badly Hurt (to the casualty box)" == _said(outcome)[-1]
        assert (5, {}) == (len(outcome.dice), outcome.injuries)
        assert ("casualty", "badly_hurt") == (outcome.pitch.players[AWAY].box, outcome.pitch.players[AWAY].injury)

    def test_no_apothecary_for_a_frog(self, pack: RulePack, frogged: Pitch) -> None:
        """The Apothecary may not treat a Frog."""
        hurt = bb.spells.fireball(pack, frogged, (12, 7), ScriptedDice([6, 3, 2, 5, 5])).pitch
        with pytest.raises(RequirementNotMet, match=r"no Apothecary may treat a Frog \(Grotsnik \(away #1\)\)"):
            bb.spells.apothecary(pack, hurt, AWAY, ScriptedDice([1]))

    def test_back_to_normal_in_the_reserves(self, pack: RulePack, frogged: Pitch) -> None:
        """At the end of the drive the Frog, even Badly Hurt, is himself again, unharmed, in the Reserves box."""
        hurt = bb.spells.fireball(pack, frogged, (12, 7), ScriptedDice([6, 3, 2, 5, 5])).pitch
        piece = bb.spells.end_of_drive(hurt).pitch.players[AWAY]
        assert (ORC, False, "reserves", None) == (piece.profile, piece.frog, piece.box, piece.injury)

    def test_the_apothecary_treats_others(self, pack: RulePack, pitch: Pitch) -> None:
        """A Seriously Hurt Orc: the second D16 (3, Badly Hurt) is the better one; he goes to the Reserves box."""
        hurt = bb.spells.fireball(pack, pitch, (12, 7), ScriptedDice([5, 6, 6, 5, 5, 9])).pitch
        treated = bb.spells.apothecary(pack, hurt, AWAY, ScriptedDice([3]))
        assert ("reserves", {}) == (treated.pitch.players[AWAY].box, treated.injuries)


def _team_with_wizard(pack: RulePack, team: Sheet, wizard: str = "sports_wizard") -> Sheet:
    order = bb.types.Order(stars=("griff_oberwald",), wizards=(wizard,))
    return bb.operations.induce(pack, team, order, bb.queries.inducement_budget(pack, team, 2_000_000), match=1)


class TestRecorded:
    @settings(max_examples=30, deadline=None)
    @given(seed=st.integers(min_value=0, max_value=100_000), x=st.integers(8, 13), y=st.integers(5, 9))
    def test_scripted_dice_give_the_same_outcome(self, pack: RulePack, seed: int, x: int, y: int) -> None:
        """Whatever the dice, the dice an outcome recorded give the same outcome again."""
        pitch = Pitch.empty(pack).place(HOME, "Hans", LINEMAN, (10, 7)).place(AWAY, "Grotsnik", ORC, (11, 7))
        pitch = pitch.place(("away", "2"), "Snik", GOBLIN, (10, 8), state="prone").with_ball(HOME)
        for spell in (
            lambda d: bb.spells.fireball(pack, pitch, (x, y), d),
            lambda d: bb.spells.zap(pack, pitch, AWAY, d),
        ):
            outcome = spell(SeededDice(seed))
            assert outcome == spell(ScriptedDice(outcome.dice))

    def test_cast_is_one_entry_with_every_roll(self, pack: RulePack, team: Sheet, pitch: Pitch) -> None:
        """Casting records the outcome on the team: its rolls, in order, replay to the same team."""
        hired = _team_with_wizard(pack, team)
        outcome = bb.spells.fireball(pack, pitch, (12, 7), ScriptedDice([5, 6, 6, 5, 5, 11]))
        after = bb.operations.cast_spell(pack, hired, outcome)
        assert len(hired.ledger) + 1 == len(after.ledger)
        assert outcome.dice == bb.spells.rolls_in(after.ledger[-1])
        assert outcome == bb.spells.fireball(pack, pitch, (12, 7), ScriptedDice(bb.spells.rolls_in(after.ledger[-1])))
        assert after == replay(after.ledger)

    def test_a_cast_that_would_change_the_sheet_is_refused(self, pack: RulePack, team: Sheet, pitch: Pitch) -> None:
        """A spell's entry holds only its dice and what they did on the pitch: a cast carrying an award (as a
        file edited by hand could write it, and verify would run it again) is refused, the Fireball's own taken."""
        hired = _team_with_wizard(pack, team)
        outcome = bb.spells.fireball(pack, pitch, (12, 7), ScriptedDice([5, 6, 6, 5, 5, 11]))
        forged = attrs.evolve(outcome, events=(*outcome.events, Awarded(pool="treasury", amount=10**6)))
        with pytest.raises(InvalidInput, match=r"a spell records its dice .* \(Rolled, Marked\), got Awarded"):
            bb.operations.cast_spell(pack, hired, forged)
        assert len(hired.ledger) + 1 == len(bb.operations.cast_spell(pack, hired, outcome).ledger)

    def test_a_cast_needs_an_outcome(self, pack: RulePack, team: Sheet) -> None:
        """What is cast is a spell's Outcome; anything else is refused, naming the team."""
        hired = _team_with_wizard(pack, team)
        said = rf"^expected the Outcome of a spell \(fireball, zap\) cast by team {hired.name!r}, got str$"
        with pytest.raises(InvalidInput, match=said):
            bb.operations.cast_spell(pack, hired, "fireball")  # type: ignore[arg-type]

    def test_once_a_match(self, pack: RulePack, team: Sheet, pitch: Pitch) -> None:
        """One spell a match in total: a Zap! after a Fireball is refused."""
        after = bb.operations.cast_spell(
            pack, _team_with_wizard(pack, team), bb.spells.fireball(pack, pitch, (20, 2), ScriptedDice([]))
        )
        with pytest.raises(LimitReached, match="casts one spell a match"):
            bb.operations.cast_spell(pack, after, bb.spells.zap(pack, pitch, AWAY, ScriptedDice([1])))

    def test_no_wizard_no_spell(self, pack: RulePack, team: Sheet, pitch: Pitch) -> None:
        """A team without a Wizard casts nothing."""
        with pytest.raises(RequirementNotMet, match="hired no Wizard"):
            bb.operations.cast_spell(pack, team, bb.spells.zap(pack, pitch, AWAY, ScriptedDice([1])))

    def test_an_older_wizard_casts_no_modelled_spell(self, pack: RulePack, team: Sheet, pitch: Pitch) -> None:
        """Horatio X. Schottenheim's spells are not modelled: his Fireball is refused."""
        hired = _team_with_wizard(pack, team, "horatio_x_schottenheim")
        with pytest.raises(RequirementNotMet, match="casts none the pack models"):
            bb.operations.cast_spell(pack, hired, bb.spells.zap(pack, pitch, AWAY, ScriptedDice([1])))

    def test_the_match_ledger_replays(self, pack: RulePack, team: Sheet) -> None:
        """Hire Griff and the Sports-Wizard, Fireball two players, record the match: the ledger replays to the same team."""
        hired = _team_with_wizard(pack, team)
        pitch = bb.spells.set_up(Pitch.empty(pack), "home", hired, {"griff_oberwald": (10, 7), "3": (11, 7)})
        pitch = pitch.place(AWAY, "Grotsnik", ORC, (11, 8))
        outcome = bb.spells.fireball(pack, pitch, (11, 7), ScriptedDice([4, 6, 5, 6, 6, 5, 5, 16, 1, 1, 1, 1]))
        after = bb.operations.cast_spell(pack, hired, outcome)
        assert {"griff_oberwald": "dead"} == outcome.injuries_of("home")
        match = bb.MatchRecord(
            number=1,
            opponent="Orcs",
            score=(1, 0),
            injuries=outcome.injuries_of("home"),
            extra=bb.queries.match_notes(after),
        )
        done = bb.operations.record_outcome(pack, after, match, ScriptedDice([]))
        assert done == replay(done.ledger)
        assert "griff_oberwald" not in done.members
        assert done.member("3").tags == team.member("3").tags

    def test_fireball_action(self, pack: RulePack, team: Sheet) -> None:
        """``sheet do FILE fireball`` reads the pitch from text and records the spell."""
        hired = _team_with_wizard(pack, team)
        action = pack.contract.action("fireball").function
        after = action(
            pack,
            hired,
            ScriptedDice([4, 1, 4, 4, 3, 3, 7]),
            square="10,7",
            players="us:1@10,7;them:Orc@11,7 st3 av10 +thick_skull",
            ball="us:1",
        )
        assert "Fireball on (10, 7)" == after.tags["induced.spell"]

    def test_zap_action(self, pack: RulePack, team: Sheet) -> None:
        """``sheet do FILE zap`` names its target as them:<name>."""
        hired = _team_with_wizard(pack, team)
        after = pack.contract.action("zap").function(
            pack, hired, ScriptedDice([6]), target="them:Orc", players="them:Orc@11,7 st5 prone"
        )
        assert "Zap! on Orc (them #Orc)" == after.tags["induced.spell"]
