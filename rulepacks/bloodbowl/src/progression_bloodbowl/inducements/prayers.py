"""What changes the SPP of a match event: the Prayers to Nuffle in effect and the skill Violent Innovator.

Four of the sixteen Prayers to Nuffle (the D16 table a team rolls on for each prayer it induces)
change Star Player Points; ``tables.toml`` ``[spp.prayers]`` holds them with their D16 number:

* Perfect Passing: each completion earns 2 instead of 1;
* Dazzling Catching: a player who catches the ball from a Pass Action earns 1 more (``catch``);
* Fan Interaction: a casualty caused by pushing a player into the crowd earns 2 (``casualty_crowd``);
* Fouling Frenzy: a casualty from a Foul Action earns 2 (``casualty_foul``).

Without its prayer such an event earns nothing; it is recorded for the history all the same.
A player with Violent Innovator earns the casualty value (2, or 3 for Brawlin' Brutes) for a
casualty from a Special Action (``casualty_special``). The other prayers act during the game
(a trapdoor, a friendly referee) and change no SPP: they are out of the pack's scope, and a
match record refuses their names. A record names each prayer once, and no more than the
Prayers to Nuffle inducement allows a team (its ``max`` in ``inducements.toml``, 3).

The prayers and Violent Innovator's value are read and checked with the other rule tables
when the pack loads (``Data.rules.prayers``, ``Data.max_prayers``), so a
match only looks them up.

Each changed value carries the name of what changed it, which the award's reason repeats,
so a player's SPP account says why a completion earned 2.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from progression import RulePack, Sheet
from progression.errors import InvalidInput, UnknownName

from ..data.access import data_of
from ..data.inducements import PRAYERS as PRAYERS_INDUCEMENT
from ..data.rules import VIOLENT_INNOVATOR, Prayer
from ..players.player import owns_skill

if TYPE_CHECKING:
    from ..match.outcome import MatchRecord

__all__ = [
    "VIOLENT_INNOVATOR",
    "Prayer",
    "as_prayers",
    "check_prayers",
    "event_values",
    "member_values",
    "spp_prayers",
]


def spp_prayers(pack: RulePack) -> dict[str, Prayer]:
    """The prayers of ``tables.toml`` ``[spp.prayers]`` that change SPP, by id (read when the pack loads)."""
    return dict(data_of(pack).rules.prayers)


def as_prayers(value: object) -> Any:
    """The converter of ``MatchRecord.prayers``: a list becomes a tuple; anything else is left for the check."""
    return tuple(value) if isinstance(value, list) else value


def check_prayers(pack: RulePack, match: MatchRecord) -> None:
    """Refuse prayers a record cannot hold: not a tuple of ids, an id the pack does not know, one named twice,
    or prayers for a fixture nobody played."""
    named = match.prayers
    where = f"the record of match {match.number}"
    if not isinstance(named, tuple) or not all(isinstance(ident, str) for ident in named):
        msg = f"{where}: prayers are a tuple of prayer ids such as ('perfect_passing',), got {named!r}"
        raise InvalidInput(msg)
    if not named:
        return
    if match.kind == "unplayed":
        msg = f"match {match.number} is an unplayed fixture, so no Prayers to Nuffle were in effect, got {', '.join(named)}"
        raise InvalidInput(msg)
    data = data_of(pack)
    known = data.rules.prayers
    for ident in named:
        if ident not in known:
            raise UnknownName("Prayer to Nuffle that changes SPP", ident, known, where)
    twice = sorted({ident for ident in named if named.count(ident) > 1})
    if twice:
        msg = (
            f"{where}: the Prayers to Nuffle are rolled on a D16 without duplicates, got "
            f"{', '.join(f'{i!r} ({known[i].label.en}, D16 {known[i].d16})' for i in twice)} more than once"
        )
        raise InvalidInput(msg)
    if len(named) > data.max_prayers:
        msg = (
            f"{where}: a team has at most {data.max_prayers} Prayers to Nuffle in a match (the inducement "
            f"{PRAYERS_INDUCEMENT}, inducements.toml), got {len(named)}: {', '.join(named)}"
        )
        raise InvalidInput(msg)


def event_values(pack: RulePack, match: MatchRecord, usual: Mapping[str, int]) -> dict[str, tuple[int, str]]:
    """The SPP each event earns in this match, and the prayer that changed it (``""`` when none did).

    Args:
        usual: The team's values without prayers (Brawlin' Brutes applied); events not in it earn 0.
    """
    values = {event: (value, "") for event, value in usual.items()}
    if not match.prayers:
        return values
    known = data_of(pack).rules.prayers
    for ident in match.prayers:
        prayer = known[ident]
        for event, (value, added) in prayer.changes.items():
            before = values.get(event, (0, ""))[0]
            values[event] = (before + value if added else value, prayer.name)
    return values


def member_values(
    pack: RulePack,
    player: Sheet,
    counts: Mapping[str, int],
    values: dict[str, tuple[int, str]],
    keys: Mapping[str, str],
) -> dict[str, tuple[int, str]]:
    """``values`` for one player: with Violent Innovator, a casualty from a Special Action earns the casualty value.

    Args:
        counts: The player's events in the match.
        values: What each event earns this team in this match (:func:`event_values`).
        keys: Match event -> its key in ``[spp]`` (``match.record.EVENTS``).

    Returns:
        ``values`` itself when nothing changes for this player (most players), a changed copy otherwise.
    """
    if not counts.get("casualty_special") or not owns_skill(player, VIOLENT_INNOVATOR):
        return values
    data = data_of(pack)
    key = data.rules.violent_innovator  # "casualty": the casualty value of this team
    event = next((e for e, k in keys.items() if k == key), key)
    return {**values, "casualty_special": (values.get(event, (0, ""))[0], data.skills[VIOLENT_INNOVATOR].label.en)}
