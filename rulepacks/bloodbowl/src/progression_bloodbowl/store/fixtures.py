"""A league's fixtures: who plays whom in which round of a season, a round-robin schedule made by the circle
method (a bye each round for an odd number of teams), and the match both sides played (:class:`Played`),
from which each team's :class:`~progression_bloodbowl.MatchRecord` is made.

A match is written once, from the home side's point of view: the score is (home, away), and each side's
players are in its :class:`Side`. :meth:`Played.records` makes the two records, the away one mirrored
(its score the other way round, the concession seen from its side, each naming the other as opponent), so
the two teams' records of one match cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from progression.errors import InvalidInput

from ..match.record import MatchRecord
from ..team.results import MATCH_NUMBERS

__all__ = ["SIDES", "Fixture", "Played", "Side", "round_robin"]

#: Who may have conceded a fixture: nobody, the home side, the away side.
SIDES = ("", "home", "away")


def _copied(value: object) -> object:
    if isinstance(value, Mapping):
        return {key: _copied(inner) for key, inner in value.items()}
    return tuple(value) if isinstance(value, list) else value


@attrs.frozen(kw_only=True)
class Side:
    """What one team's players did in a match (the :class:`~progression_bloodbowl.MatchRecord` fields of one side)."""

    #: member id -> {event: count}, as in :attr:`MatchRecord.events <progression_bloodbowl.MatchRecord.events>`.
    events: Mapping[str, Mapping[str, int]] = attrs.field(factory=dict, converter=_copied)
    #: Up to six members who took part, in the order of the MVP roll.
    mvp_nominees: tuple[str, ...] = attrs.field(default=(), converter=_copied)
    #: member id -> casualty result (``badly_hurt``, ``lasting_injury:av``, ``dead``, ...).
    injuries: Mapping[str, str] = attrs.field(factory=dict, converter=_copied)
    #: A player of this side was Stalling.
    stalling: bool = False
    #: The Prayers to Nuffle in effect for this side that change SPP.
    prayers: tuple[str, ...] = attrs.field(default=(), converter=_copied)
    #: Free notes of this side's inducements (Star Players, Wizards used).
    extra: Mapping[str, str] = attrs.field(factory=dict, converter=_copied)


@attrs.frozen(kw_only=True)
class Played:
    """A fixture as it was played, both sides in one record."""

    #: Touchdowns of the home side, then of the away side.
    score: tuple[int, int] = attrs.field(converter=_copied)
    home: Side = attrs.field(factory=Side)
    away: Side = attrs.field(factory=Side)
    #: Both teams' Fan Factors added (0: not recorded).
    fan_attendance: int = 0
    #: ``""``, ``"home"`` or ``"away"``: the side that conceded.
    conceded: str = ""
    #: The side that conceded could not set up three players on the Line of Scrimmage.
    without_penalty: bool = False
    #: ``"league"`` (a fixture of the regular season, played), ``"unplayed"`` (not played by the deadline) or
    #: ``"playoff"`` (a play-off game: played as a league fixture, but not in the league table).
    kind: str = "league"
    #: ``""``, ``"home"`` or ``"away"``: the side that won the Penalty Shoot-out of a play-off level after Extra Time.
    shootout: str = ""

    def records(self, number: int, home: str, away: str) -> tuple[MatchRecord, MatchRecord]:
        """The home team's record and the away team's, of match ``number``, each naming the other by name.

        Raises:
            InvalidInput: a concession or a shoot-out's winner that is not one of ``SIDES``, or a score that is
                not two numbers (every other field is checked by each team's ``record_match``).
        """
        for field, value in (("conceded", self.conceded), ("shootout", self.shootout)):
            if value not in SIDES:
                msg = f"{field} is 'home', 'away' or '' (nobody), got {value!r}"
                raise InvalidInput(msg)
        if self.without_penalty and not self.conceded:  # it says why a side conceded: with none, it means nothing
            msg = "without_penalty says why a side conceded: give conceded='home' or 'away' with it"
            raise InvalidInput(msg)
        if not isinstance(self.score, tuple) or len(self.score) != 2:
            msg = f"the score of a fixture is two whole numbers (home, away) such as (2, 1), got {self.score!r}"
            raise InvalidInput(msg)
        if self.kind == "friendly":
            msg = (
                "a fixture is a league match (kind='league'), one not played (kind='unplayed') or a play-off game "
                "(kind='playoff'), not a friendly"
            )
            raise InvalidInput(msg)
        self._check_shootout(number)
        records = []
        for side, us, them, opponent in (("home", 0, 1, away), ("away", 1, 0, home)):
            mine: Side = getattr(self, side)
            conceded = "" if not self.conceded else "us" if self.conceded == side else "them"
            shootout = "" if not self.shootout else "us" if self.shootout == side else "them"
            records.append(
                MatchRecord(
                    number=number,
                    opponent=opponent,
                    score=(self.score[us], self.score[them]),
                    events=mine.events,
                    mvp_nominees=mine.mvp_nominees,
                    injuries=mine.injuries,
                    fan_attendance=self.fan_attendance,
                    stalling=mine.stalling,
                    conceded=conceded,
                    without_penalty=self.without_penalty and conceded == "us",
                    extra=mine.extra,
                    prayers=mine.prayers,
                    kind=self.kind,
                    shootout=shootout,
                )
            )
        return records[0], records[1]

    def _check_shootout(self, number: int) -> None:
        """A play-off has a winner: level after Extra Time (and not conceded), the side that won the Penalty
        Shoot-out is named, as ``home`` or ``away`` (each team's record checks it again, as ``us`` or ``them``)."""
        home, away = self.score
        level = home == away and not self.conceded
        if self.kind == "playoff" and level and not self.shootout:
            msg = (
                f"match {number} is a play-off level at {home}-{away}: a play-off has a winner, so a level score "
                "after Extra Time goes to a Penalty Shoot-out; say which side won it (shootout='home' or 'away'; "
                "shootout=home on the command line)"
            )
            raise InvalidInput(msg)
        if self.shootout and (self.kind != "playoff" or not level):
            if self.kind != "playoff":
                why = f"is no play-off (its kind is {self.kind!r})"
            else:
                why = "was conceded" if self.conceded else f"ended {home}-{away}"
            msg = (
                f"match {number} {why}: only a play-off level after Extra Time (kind='playoff', the score level, "
                f"nobody conceded) is decided by a Penalty Shoot-out; leave shootout out, got {self.shootout!r}"
            )
            raise InvalidInput(msg)

    def data(self) -> dict[str, Any]:
        """The record as plain JSON data (as the league's store keeps it)."""
        data: dict[str, Any] = _plain(attrs.asdict(self, recurse=True))
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Played:
        """The record :meth:`data` wrote."""
        sides = {side: Side(**data[side]) for side in ("home", "away")}
        return cls(**{**data, **sides})


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(key): _plain(inner) for key, inner in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(inner) for inner in value]
    return value


@attrs.frozen(kw_only=True)
class Fixture:
    """One fixture of a season: its number in the season, its round, the home and away teams (store ids)."""

    season: int
    #: The fixture's number in the season (1, 2, ... in schedule order).
    number: int
    #: The round: the match's number for both teams (their ``MatchRecord.number``).
    round: int
    home: str
    away: str
    #: The match as played, once recorded.
    played: Played | None = None
    #: The version of each team's entry that recorded it (team id -> version), once recorded.
    entries: Mapping[str, int] = attrs.field(factory=dict)

    def label(self) -> str:
        """``fixture 3 (round 2): anvils v barons``, with the score once played."""
        score = "" if self.played is None else f" {self.played.score[0]}-{self.played.score[1]}"
        return f"fixture {self.number} (round {self.round}): {self.home} v {self.away}{score}"


def round_robin(teams: Sequence[str], *, legs: int = 1) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The rounds of a round robin of ``teams`` (the circle method), each a tuple of (home, away) pairs.

    Every team meets every other once per leg; with an odd number of teams, one team sits out each round
    (a bye). The first team stays in place and the others turn around it; home and away alternate from
    round to round, and a second leg plays each pairing the other way round.

    Raises:
        InvalidInput: teams that are not a list of names (a text alone would be read letter by letter), fewer
            than two teams, a team named twice, or legs that is not 1 or more, or so many that a
            round would be past the last match number a team records (``MATCH_NUMBERS``: each round is the
            match's number for both teams).
    """
    names = list(teams) if isinstance(teams, Iterable) and not isinstance(teams, str) else None
    if names is None or not all(isinstance(name, str) for name in names):
        msg = f"the teams of a round robin are a list of their names, such as ['Anvils', 'Barons'], got {teams!r:.60}"
        raise InvalidInput(msg)
    if len(names) < 2 or len(set(names)) != len(names):
        msg = f"a round robin needs two or more different teams, got {names!r}"
        raise InvalidInput(msg)
    if isinstance(legs, bool) or not isinstance(legs, int) or legs < 1:
        msg = f"a round robin has 1 or more legs, got {legs!r}"
        raise InvalidInput(msg)
    circle: list[str | None] = [*names, None] if len(names) % 2 else list(names)
    count = len(circle)
    most = (MATCH_NUMBERS.stop - 1) // (count - 1)
    if legs > most:  # checked before a round is made: 100,000 legs would be 100,000 fixtures no one can record
        msg = (
            f"a round robin of {len(names)} teams plays {count - 1} round{'s' if count > 2 else ''} a leg, and a "
            f"round is the match's number for both teams, at most {MATCH_NUMBERS.stop - 1:,}: it has 1 to "
            f"{most:,} legs, got {legs:,}"
        )
        raise InvalidInput(msg)
    rounds: list[tuple[tuple[str, str], ...]] = []
    for turn in range(count - 1):
        pairs = []
        for index in range(count // 2):
            first, second = circle[index], circle[count - 1 - index]
            if first is None or second is None:
                continue  # a bye
            pairs.append((first, second) if (turn + index) % 2 == 0 else (second, first))
        rounds.append(tuple(pairs))
        circle = [circle[0], circle[-1], *circle[1:-1]]
    for _ in range(1, legs):
        rounds += [tuple((away, home) for home, away in pairs) for pairs in rounds[: count - 1]]
    return tuple(rounds)
