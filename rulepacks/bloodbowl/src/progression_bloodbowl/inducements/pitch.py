"""A small pitch for the Sports-Wizard's spells: squares, players and their states, the ball.

The pitch is 26 squares long (x 0..25) and 15 wide (y 0..14), as ``tables.toml [pitch]``
says. A player is a :class:`Piece` known by a :data:`Who` (side, member id); he is on the
pitch (``box == "pitch"``) standing, prone or stunned, or in a dugout box (reserves,
knocked-out, casualty). The ball lies on a square or is held by a standing player.

Moving the ball rolls dice: a bounce is one square in the direction of a D8 (the
Random Direction Template as printed: 1 2 3 / 4 . 5 / 6 7 8); a ball leaving the pitch
is thrown in by the crowd. Every die and every consequence is logged, in order, as
:class:`~progression.events.Rolled` and :class:`~progression.events.Marked` events in a :class:`Log`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from progression import Dice, RulePack
from progression.errors import InvalidInput, UnknownName
from progression.events import Event, Marked, Rolled

from ..data.access import data_of
from ..data.reading import ascii_number

__all__ = ["STATES", "Log", "Outcome", "Piece", "Pitch", "Profile", "Square", "Who", "square_of", "told"]

#: (x, y): x along the length, y across.
Square = tuple[int, int]
#: (side, member id): a player, whichever team he plays for.
Who = tuple[str, str]
#: The states of a player on the pitch.
STATES = ("standing", "prone", "stunned")
#: Where a player off the pitch is.
BOXES = ("reserves", "ko", "casualty")
#: Bounces in a row after which a ball is refused: only a broken die would go so far.
_MAX_MOVES = 100


def square_of(text: str) -> Square:
    """``"3,7"`` -> ``(3, 7)``."""
    x, sep, y = text.partition(",")
    if not sep or not ascii_number(x.strip()) or not ascii_number(y.strip()):
        msg = f"a square is written x,y (two whole numbers), got {text!r}"
        raise InvalidInput(msg)
    return int(x), int(y)


@attrs.frozen(kw_only=True)
class Profile:
    """The characteristics that matter on the pitch; AG and AV hold the N of "N+", PA None is "-"."""

    ma: int
    st: int
    ag: int
    pa: int | None
    av: int
    #: Skill and trait ids, without parameters (``loner``, ``stunty``).
    skills: frozenset[str] = frozenset()


@attrs.frozen(kw_only=True)
class Piece:
    """A player on the pitch or in a box beside it."""

    name: str
    profile: Profile
    #: Where he stands, or stood last before going to a box.
    square: Square | None
    state: str = "standing"
    box: str = "pitch"
    #: Niggling Injuries (+1 each to a Casualty roll).
    niggling: int = 0
    #: His own profile while he is a Frog, else None.
    normal: Profile | None = None
    #: In the casualty box: the result he suffered.
    injury: str | None = None

    @property
    def frog(self) -> bool:
        """Whether a Zap! turned him into a Frog."""
        return self.normal is not None


@attrs.frozen(kw_only=True)
class Pitch:
    """The pitch at one moment: every player, where the ball is."""

    length: int
    width: int
    #: D8 result -> (dx, dy).
    directions: Mapping[int, tuple[int, int]]
    players: Mapping[Who, Piece] = attrs.field(factory=dict)
    #: The square the ball lies on, when nobody holds it.
    ball: Square | None = None
    carrier: Who | None = None

    @classmethod
    def empty(cls, pack: RulePack) -> Pitch:
        """The pack's pitch with nobody on it and no ball."""
        rules = data_of(pack).pitch
        return cls(length=rules.length, width=rules.width, directions=rules.directions)

    # -- questions -------------------------------------------------------------------

    def inside(self, square: Square) -> bool:
        """Whether ``square`` is on the pitch."""
        return 0 <= square[0] < self.length and 0 <= square[1] < self.width

    def check(self, square: Square) -> Square:
        """``square`` if it is on the pitch, else ``InvalidInput``."""
        if not (isinstance(square, tuple) and len(square) == 2 and all(isinstance(c, int) for c in square)):
            msg = f"a square is (x, y), got {square!r}"
            raise InvalidInput(msg)
        if not self.inside(square):
            msg = f"square {square} is off the pitch: x runs 0..{self.length - 1}, y 0..{self.width - 1}"
            raise InvalidInput(msg)
        return square

    def neighbours(self, square: Square) -> tuple[Square, ...]:
        """The squares next to ``square`` on the pitch (8 in the open, 5 on an edge, 3 in a corner)."""
        x, y = square
        return tuple(
            (x + dx, y + dy)
            for dx, dy in (self.directions[n] for n in sorted(self.directions))
            if self.inside((x + dx, y + dy))
        )

    def area(self, square: Square) -> tuple[Square, ...]:
        """``square`` and its neighbours, row by row (the order dice are rolled in)."""
        return tuple(sorted((square, *self.neighbours(square)), key=lambda s: (s[1], s[0])))

    def at(self, square: Square) -> Who | None:
        """The player on ``square``, or None."""
        return next((w for w, p in self.players.items() if p.box == "pitch" and p.square == square), None)

    def piece(self, who: Who) -> Piece:
        """The player ``who``."""
        if who not in self.players:
            raise UnknownName("player", f"{who[0]}:{who[1]}", [f"{s}:{m}" for s, m in self.players], "the pitch")
        return self.players[who]

    def marking(self, who: Who) -> int:
        """Standing opponents next to ``who`` (each marks him)."""
        piece = self.piece(who)
        if piece.square is None:
            return 0
        count = 0
        for square in self.neighbours(piece.square):
            other = self.at(square)
            if other is not None and other[0] != who[0] and self.players[other].state == "standing":
                count += 1
        return count

    def name(self, who: Who) -> str:
        """How the log names a player: ``Griselda (home #1)``."""
        return f"{self.players[who].name} ({who[0]} #{who[1]})"

    # -- changes ---------------------------------------------------------------------

    def place(
        self, who: Who, name: str, profile: Profile, square: Square, *, state: str = "standing", niggling: int = 0
    ) -> Pitch:
        """The pitch with ``who`` set up on ``square`` in ``state``."""
        self.check(square)
        if state not in STATES:
            msg = f"a player on the pitch is one of {', '.join(STATES)}, got {state!r}"
            raise InvalidInput(msg)
        taken = self.at(square)
        if taken is not None and taken != who:
            msg = f"square {square} is taken by {self.name(taken)}"
            raise InvalidInput(msg)
        piece = Piece(name=name, profile=profile, square=square, state=state, niggling=niggling)
        return attrs.evolve(self, players={**self.players, who: piece})

    def with_ball(self, holder: Who | Square) -> Pitch:
        """The pitch with the ball held by a standing player, or lying on a square."""
        if isinstance(holder[0], int):
            square = self.check((int(holder[0]), int(holder[1])))
            return attrs.evolve(self, ball=square, carrier=None)
        who = (str(holder[0]), str(holder[1]))
        piece = self.piece(who)
        if piece.box != "pitch" or piece.state != "standing":
            msg = f"only a standing player holds the ball; {self.name(who)} is {piece.state if piece.box == 'pitch' else 'off the pitch'}"
            raise InvalidInput(msg)
        return attrs.evolve(self, ball=None, carrier=who)

    def changed(self, who: Who, **changes: Any) -> Pitch:
        """The pitch with ``who``'s piece changed."""
        return attrs.evolve(self, players={**self.players, who: attrs.evolve(self.players[who], **changes)})


@attrs.frozen(kw_only=True)
class Outcome:
    """What a spell (or a ball's movement) did: every die and consequence in order, and the pitch after."""

    what: str
    #: The spell cast (``fireball``, ``zap``), or empty for anything else.
    spell: str = ""
    #: :class:`~progression.events.Rolled` and :class:`~progression.events.Marked` events, in order.
    events: tuple[Event, ...]
    pitch: Pitch
    #: Casualty results that outlast the match, by player (for each team's match record).
    injuries: Mapping[Who, str] = attrs.field(factory=dict)

    @property
    def lines(self) -> tuple[str, ...]:
        """The outcome told, one line per die and per consequence."""
        return told(self.events)

    @property
    def dice(self) -> tuple[int, ...]:
        """Every die rolled, in order: given back as scripted dice, they give the same outcome."""
        return tuple(r for e in self.events if isinstance(e, Rolled) for r in e.results)

    def injuries_of(self, side: str) -> dict[str, str]:
        """The injuries of one side's players, by member id, as a match record takes them."""
        return {member: result for (s, member), result in self.injuries.items() if s == side}


def told(events: tuple[Event, ...]) -> tuple[str, ...]:
    """Rolled and Marked events as sentences."""
    lines = []
    for event in events:
        if isinstance(event, Rolled):
            shown = "+".join(map(str, event.results))
            lines.append(
                f"{event.label}: {len(event.results) if len(event.results) > 1 else ''}D{event.sides} = {shown}"
            )
        elif isinstance(event, Marked):
            lines.append(event.label)
    return tuple(lines)


class Log:
    """Collects the dice and consequences of one outcome, in order, while the pitch changes."""

    def __init__(self, pitch: Pitch, dice: Dice) -> None:
        self.pitch = pitch
        self.dice = dice
        self.events: list[Event] = []
        self.injuries: dict[Who, str] = {}

    def roll(self, sides: int, count: int, label: str) -> tuple[int, ...]:
        """Roll and record."""
        results = self.dice.roll(sides, count, label)
        self.events.append(Rolled(label=label, sides=sides, results=results))
        return results

    def say(self, sentence: str) -> None:
        """Record a consequence."""
        self.events.append(Marked(label=sentence))

    def outcome(self, what: str, spell: str = "") -> Outcome:
        """Everything logged, as an :class:`Outcome`."""
        return Outcome(
            what=what, spell=spell, events=tuple(self.events), pitch=self.pitch, injuries=dict(self.injuries)
        )

    # -- the ball ----------------------------------------------------------------------

    def bounce(self, start: Square) -> None:
        """The ball bounces from ``start``: one square per D8, caught, at rest, or thrown in."""
        modifier_reason = "bounced"
        for _ in range(_MAX_MOVES):
            (d8,) = self.roll(8, 1, f"bounce from {start}")
            dx, dy = self.pitch.directions[d8]
            target = (start[0] + dx, start[1] + dy)
            if not self.pitch.inside(target):
                self.say(f"the ball leaves the pitch past {start}")
                self.throw_in(start)
                return
            if self._lands(target, modifier_reason):
                return
            start = target
        msg = f"the ball moved {_MAX_MOVES} times without stopping"
        raise InvalidInput(msg)

    def _lands(self, square: Square, why: str) -> bool:
        """The ball comes down on ``square``; False when it must bounce again from there."""
        who = self.pitch.at(square)
        if who is None:
            self.pitch = attrs.evolve(self.pitch, ball=square, carrier=None)
            self.say(f"the ball comes to rest on {square}")
            return True
        piece = self.pitch.players[who]
        if piece.state != "standing":
            self.say(f"the ball lands on {self.pitch.name(who)}, who is {piece.state}: it bounces again")
            return False
        if "no_ball" in piece.profile.skills:
            self.say(f"the ball lands on {self.pitch.name(who)}, who may not catch it (No Ball): it bounces again")
            return False
        marked = self.pitch.marking(who)
        modifier = -1 - marked
        (roll,) = self.roll(6, 1, f"{self.pitch.name(who)} tries to catch (AG {piece.profile.ag}+, {modifier:+d})")
        caught = roll == 6 or (roll != 1 and roll + modifier >= piece.profile.ag)
        why_text = f"-1 {why}" + (f", -{marked} marked" if marked else "")
        if caught:
            self.pitch = attrs.evolve(self.pitch, ball=None, carrier=who)
            self.say(f"{self.pitch.name(who)} catches the ball ({why_text})")
            return True
        self.say(f"{self.pitch.name(who)} fails to catch ({why_text}): the ball bounces again")
        return False

    def throw_in(self, last: Square) -> None:
        """The crowd throws the ball in from ``last``, the last square it crossed on the pitch.

        On an edge a D6 picks a direction on the Throw-in Template (1-2 one diagonal, 3-4 straight
        in, 5-6 the other diagonal); in a corner a D3 picks one of the three directions into the
        pitch. The ball then goes 2D6 squares, counting ``last`` as the first.
        """
        for _ in range(_MAX_MOVES):
            inward = [d for n, d in sorted(self.pitch.directions.items()) if self.pitch.inside(_add(last, d))]
            if len(inward) == 3:
                (pick,) = self.roll(3, 1, f"throw-in direction from the corner {last}")
                direction = inward[pick - 1]
            else:
                straight = next(d for d in inward if _is_normal(self.pitch, last, d))
                diagonals = [d for d in inward if 0 not in d]
                (pick,) = self.roll(6, 1, f"throw-in direction from {last}")
                direction = diagonals[0] if pick <= 2 else straight if pick <= 4 else diagonals[-1]
            distance = sum(self.roll(6, 2, "throw-in distance"))
            end = (last[0] + direction[0] * (distance - 1), last[1] + direction[1] * (distance - 1))
            if self.pitch.inside(end):
                self.say(f"thrown in {distance} squares to {end}")
                if not self._lands(end, "thrown in"):
                    self.bounce(end)
                return
            steps = [(last[0] + direction[0] * k, last[1] + direction[1] * k) for k in range(distance)]
            last = [s for s in steps if self.pitch.inside(s)][-1]
            self.say(f"thrown in {distance} squares: the ball leaves the pitch again past {last}")
        msg = f"the ball was thrown in {_MAX_MOVES} times without staying on the pitch"
        raise InvalidInput(msg)


def _add(square: Square, direction: tuple[int, int]) -> Square:
    return square[0] + direction[0], square[1] + direction[1]


def _is_normal(pitch: Pitch, square: Square, direction: tuple[int, int]) -> bool:
    """Whether ``direction`` points straight away from the edge ``square`` lies on."""
    x, y = square
    dx, dy = direction
    if dx == 0:
        return (y == 0 and dy == 1) or (y == pitch.width - 1 and dy == -1)
    if dy == 0:
        return (x == 0 and dx == 1) or (x == pitch.length - 1 and dx == -1)
    return False
