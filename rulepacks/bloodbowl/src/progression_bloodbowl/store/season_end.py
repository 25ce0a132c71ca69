"""The end of a season in a league kept in a store: each team's re-draft, chosen before the season ends, and the
play-off prizes.

A season ends for every team at once (:meth:`League.new_season <progression_bloodbowl.types.League.new_season>`):
each team runs the plain off-season (``bloodbowl.new_season``) or its re-draft (``bloodbowl.redraft``), with
the choices its coach made (a :class:`Redraft`). A coach's choices are long (the players kept, those hired, the
staff bought), so a league lets each team's be given on its own before the season ends
(:meth:`League.plan_redraft <progression_bloodbowl.types.League.plan_redraft>`), tried at once on the team as it
stands, and kept as a record of the store, ``bloodbowl.redraft/<season>/<team>``, until the season ends.

The play-off prizes of a season are given once (``bloodbowl.prizes/<season>`` records to whom): the places'
prizes (``bloodbowl.prize``), and the League Trophy taken from last season's holder (``bloodbowl.lose_trophy``)
when another team wins it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from progression import Operation, RulePack
from progression.errors import InvalidInput, StoreError

from ..data.access import data_of
from ..league.season import _redraft, _season_turns
from ..league.standings import _lose_trophy, _prize

__all__ = ["PRIZES_RECORD", "REDRAFT_RECORD", "Redraft"]

#: The start of the record of a team's re-draft: ``bloodbowl.redraft/<season>/<team>``.
REDRAFT_RECORD = "bloodbowl.redraft/"
#: The start of the record of a season's play-off prizes: ``bloodbowl.prizes/<season>``.
PRIZES_RECORD = "bloodbowl.prizes/"
#: The places a play-off prize goes to, in order.
PLACES = ("first", "second", "third")


def _tupled(value: object) -> object:
    """A list (as JSON keeps it) as a tuple, each item too; anything else as given, for the checks to see."""
    return tuple(_tupled(v) for v in value) if isinstance(value, list | tuple) else value


@attrs.frozen(kw_only=True)
class Redraft:
    """One team's choices at a re-draft: what :func:`~progression_bloodbowl.operations.redraft` takes besides the
    team, the dice and the rule for temporarily retired players (the league's, for every team at once)."""

    #: The ids of the players re-hired (at Current Value plus the agent fee).
    keep: tuple[str, ...] = attrs.field(converter=_tupled)
    #: The players hired, as ``(position, name)``.
    players: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_tupled)
    rerolls: int = 0
    assistant_coaches: int = 0
    cheerleaders: int = 0
    apothecary: bool = False
    dedicated_fans: int = 0
    #: The budget's cap (None: the recommended one); ``capped=False`` for a league without a cap.
    cap: int | None = None
    capped: bool = True

    def data(self) -> dict[str, Any]:
        """The choices as JSON data (as the league's store keeps them)."""
        data: dict[str, Any] = attrs.asdict(self)
        data["keep"] = list(self.keep)
        data["players"] = [list(pair) for pair in self.players]
        return data

    def operation(self, *, retirement: str, rolled: bool) -> Operation:
        """The operation that ends a team's season with these choices (``bloodbowl.redraft``)."""
        fields = {field.name: getattr(self, field.name) for field in attrs.fields(Redraft)}
        return _redraft.operation(**fields, retirement=retirement, rolled=rolled)  # type: ignore[attr-defined, no-any-return]


def season_operation(redraft: Redraft | None, *, retirement: str, rolled: bool) -> Operation:
    """The operation that ends a team's season: its re-draft, or the plain off-season."""
    if redraft is not None:
        return redraft.operation(retirement=retirement, rolled=rolled)
    return _season_turns.operation(retirement=retirement, rolled=rolled)  # type: ignore[attr-defined, no-any-return]


def redraft_name(season: int, team: str) -> str:
    return f"{REDRAFT_RECORD}{season}/{team}"


def redraft_of(value: object, name: str, where: str) -> Redraft | None:
    """The re-draft a record holds (None: withdrawn); a record edited into anything else is refused, naming it."""
    if value is None:
        return None
    fields = {field.name for field in attrs.fields(Redraft)}
    if not isinstance(value, dict) or set(value) != fields:
        raise StoreError(where, f"record {name!r} is not a team's re-draft: it holds {value!r:.80}")
    return Redraft(**value)


def check_redrafts(redrafts: object, teams: Sequence[str], check_team: Any) -> dict[str, Redraft]:
    """``redrafts`` as a mapping of teams of the league to their :class:`Redraft`, or a refusal naming what came."""
    if not isinstance(redrafts, Mapping):
        msg = f"redrafts maps teams of the league to their re-drafts ({{'anvils': Redraft(...)}}), got {redrafts!r:.60}"
        raise InvalidInput(msg)
    for team, redraft in redrafts.items():
        check_team(team, teams)
        if not isinstance(redraft, Redraft):
            msg = f"the re-draft of team {team!r} is a Redraft (keep=..., players=...), got {redraft!r:.60}"
            raise InvalidInput(msg)
    return dict(redrafts)


def check_places(places: object, teams: Sequence[str], check_team: Any, prizes: int) -> tuple[str, ...]:
    """``places``: the teams placed first, second, third... (at most one per prize), each of the league, once."""
    if isinstance(places, str) or not isinstance(places, Sequence) or not 1 <= len(places) <= prizes:
        msg = f"the play-off places are the teams placed first to {PLACES[prizes - 1]} (1 to {prizes} teams, in order), got {places!r:.60}"
        raise InvalidInput(msg)
    for team in places:
        check_team(team, teams)
    twice = sorted({team for team in places if places.count(team) > 1})
    if twice:
        msg = f"a team takes one play-off place, got {twice[0]!r} in places {list(places)!r}"
        raise InvalidInput(msg)
    return tuple(places)


def prizes_of(pack: RulePack) -> int:
    """How many play-off places the pack's rules give a prize to."""
    return len(data_of(pack).rules.league.prizes)


def prize_operation(place: int) -> Operation:
    """The operation that gives the prize of ``place`` (1: first) to a team (``bloodbowl.prize``)."""
    return _prize.operation(place=place)  # type: ignore[attr-defined, no-any-return]


def trophy_lost() -> Operation:
    """The operation that takes the League Trophy from the team that holds it (``bloodbowl.lose_trophy``)."""
    return _lose_trophy.operation()  # type: ignore[attr-defined, no-any-return]
