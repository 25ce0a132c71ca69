"""The pitch: squares and neighbours, players and states, the ball bouncing and thrown in."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from progression import RulePack, ScriptedDice, SeededDice
from progression.errors import InvalidInput
from progression_bloodbowl.inducements.pitch import Log, square_of
from progression_bloodbowl.spells import Pitch, Profile

LINEMAN = Profile(ma=6, st=3, ag=3, pa=4, av=9)


@pytest.fixture
def pitch(pack: RulePack) -> Pitch:
    """The empty pitch."""
    return Pitch.empty(pack)


def _bounce(pitch: Pitch, start: tuple[int, int], dice: list[int]) -> Log:
    log = Log(pitch, ScriptedDice(dice))
    log.bounce(start)
    return log


class TestSquares:
    def test_size(self, pitch: Pitch) -> None:
        """26 squares long, 15 wide."""
        assert (26, 15) == (pitch.length, pitch.width)

    @pytest.mark.parametrize(
        ("square", "count"), [((10, 7), 8), ((0, 7), 5), ((10, 14), 5), ((0, 0), 3), ((25, 14), 3)]
    )
    def test_neighbours(self, pitch: Pitch, square: tuple[int, int], count: int) -> None:
        """Eight neighbours in the open, five on an edge, three in a corner."""
        assert count == len(pitch.neighbours(square))

    def test_area_row_by_row(self, pitch: Pitch) -> None:
        """A corner's area is the corner and its three neighbours, row by row."""
        assert ((0, 0), (1, 0), (0, 1), (1, 1)) == pitch.area((0, 0))

    def test_off_the_pitch(self, pitch: Pitch) -> None:
        """A square off the pitch is refused with the pitch's bounds."""
        with pytest.raises(InvalidInput, match=r"square \(26, 3\) is off the pitch: x runs 0..25, y 0..14"):
            pitch.place(("home", "1"), "A", LINEMAN, (26, 3))

    def test_one_player_a_square(self, pitch: Pitch) -> None:
        """Two players cannot stand on one square."""
        pitch = pitch.place(("home", "1"), "A", LINEMAN, (3, 3))
        with pytest.raises(InvalidInput, match=r"taken by A \(home #1\)"):
            pitch.place(("away", "1"), "B", LINEMAN, (3, 3))

    def test_states(self, pitch: Pitch) -> None:
        """A player is standing, prone or stunned; anything else is refused."""
        with pytest.raises(InvalidInput, match="one of standing, prone, stunned"):
            pitch.place(("home", "1"), "A", LINEMAN, (3, 3), state="asleep")

    def test_marking(self, pitch: Pitch) -> None:
        """Standing opponents next to a player mark him; prone ones and team-mates do not."""
        pitch = pitch.place(("home", "1"), "A", LINEMAN, (5, 5))
        pitch = pitch.place(("away", "1"), "B", LINEMAN, (6, 5))
        pitch = pitch.place(("away", "2"), "C", LINEMAN, (4, 4), state="prone")
        pitch = pitch.place(("home", "2"), "D", LINEMAN, (5, 6))
        assert 1 == pitch.marking(("home", "1"))

    def test_only_a_standing_player_holds_the_ball(self, pitch: Pitch) -> None:
        """A prone player cannot be given the ball."""
        pitch = pitch.place(("home", "1"), "A", LINEMAN, (5, 5), state="prone")
        with pytest.raises(InvalidInput, match="only a standing player holds the ball"):
            pitch.with_ball(("home", "1"))

    def test_square_text(self) -> None:
        """``"3,7"`` is (3, 7); anything else is refused."""
        assert (3, 7) == square_of("3,7")
        with pytest.raises(InvalidInput, match="x,y"):
            square_of("3;7")


class TestBounce:
    @pytest.mark.parametrize(
        ("d8", "square"),
        [(1, (9, 6)), (2, (10, 6)), (3, (11, 6)), (4, (9, 7)), (5, (11, 7)), (6, (9, 8)), (7, (10, 8)), (8, (11, 8))],
    )
    def test_the_template(self, pitch: Pitch, d8: int, square: tuple[int, int]) -> None:
        """The D8 moves the ball one square as the printed template says (1 2 3 / 4 . 5 / 6 7 8)."""
        assert square == _bounce(pitch, (10, 7), [d8]).pitch.ball

    def test_onto_a_prone_player(self, pitch: Pitch) -> None:
        """A ball landing on a prone player bounces again."""
        pitch = pitch.place(("home", "1"), "A", LINEMAN, (11, 7), state="prone")
        log = _bounce(pitch, (10, 7), [5, 5])
        assert (12, 7) == log.pitch.ball
        assert "the ball lands on A (home #1), who is prone: it bounces again" in [
            getattr(e, "label", "") for e in log.events
        ]

    def test_caught(self, pitch: Pitch) -> None:
        """A standing AG 3+ player catches a bounced ball on 4 (4 - 1 >= 3)."""
        pitch = pitch.place(("home", "1"), "A", LINEMAN, (11, 7))
        assert ("home", "1") == _bounce(pitch, (10, 7), [5, 4]).pitch.carrier

    def test_missed_then_at_rest(self, pitch: Pitch) -> None:
        """On 3 he misses (3 - 1 < 3), and the ball bounces on from his square."""
        pitch = pitch.place(("home", "1"), "A", LINEMAN, (11, 7))
        log = _bounce(pitch, (10, 7), [5, 3, 7])
        assert ((11, 8), None) == (log.pitch.ball, log.pitch.carrier)

    def test_marked_catcher(self, pitch: Pitch) -> None:
        """Marked by one opponent, 4 is not enough (4 - 1 - 1 < 3); a natural 6 always is."""
        pitch = pitch.place(("home", "1"), "A", LINEMAN, (11, 7)).place(("away", "1"), "B", LINEMAN, (12, 7))
        assert None is _bounce(pitch, (10, 7), [5, 4, 2]).pitch.carrier
        assert ("home", "1") == _bounce(pitch, (10, 7), [5, 6]).pitch.carrier

    def test_thrown_in_from_an_edge(self, pitch: Pitch) -> None:
        """Off the top edge from (3, 0): D6 3 is straight in, 2D6 = 5 counts (3, 0) as the first square: (3, 4)."""
        log = _bounce(pitch, (3, 0), [2, 3, 2, 3])
        assert (3, 4) == log.pitch.ball

    def test_thrown_in_on_a_diagonal(self, pitch: Pitch) -> None:
        """D6 1 takes the first diagonal of the template ((-1, +1) from the top edge)."""
        assert (0, 3) == _bounce(pitch, (3, 0), [2, 1, 2, 2]).pitch.ball

    def test_thrown_in_from_a_corner(self, pitch: Pitch) -> None:
        """From the corner (0, 0) a D3 picks one of the three directions into the pitch: 3 is (+1, +1)."""
        assert (2, 2) == _bounce(pitch, (0, 0), [1, 3, 1, 2]).pitch.ball

    def test_thrown_out_again(self, pitch: Pitch) -> None:
        """A throw-in that leaves the pitch again is thrown in from where it left."""
        log = _bounce(pitch, (3, 0), [2, 1, 6, 6, 3, 1, 1])
        assert (1, 3) == log.pitch.ball

    @settings(max_examples=40, deadline=None)
    @given(seed=st.integers(min_value=0, max_value=10_000), x=st.integers(0, 25), y=st.integers(0, 14))
    def test_a_bounce_always_ends_on_the_pitch(self, pack: RulePack, seed: int, x: int, y: int) -> None:
        """Whatever the dice, the ball ends on a square of the pitch or in a player's hands."""
        pitch = Pitch.empty(pack).place(("home", "1"), "A", LINEMAN, (12, 7))
        log = Log(pitch, SeededDice(seed))
        log.bounce((x, y))
        assert (log.pitch.ball is not None and pitch.inside(log.pitch.ball)) or log.pitch.carrier == ("home", "1")
