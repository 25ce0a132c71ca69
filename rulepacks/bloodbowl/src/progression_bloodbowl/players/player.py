"""Players: a sheet made from a roster position, its profile in Blood Bowl notation, its status."""

from __future__ import annotations

from typing import TYPE_CHECKING

from progression import RulePack, Sheet
from progression.authoring import Label
from progression.errors import InvalidInput, UnknownName

from ..data.access import data_of, roster_called, sheet_of
from ..data.model import CHARACTERISTICS, Data, Position, Team
from ..data.reading import not_blank
from ..data.words import position_named, roster_named, skills_named

if TYPE_CHECKING:
    from collections.abc import Iterable

__all__ = [
    "available",
    "base_of",
    "level_of",
    "must_advance",
    "new_player",
    "notation",
    "owns_skill",
    "position_of",
    "profile",
    "skill_bases",
]

#: Tag values a player sheet carries.
YES = "yes"


def base_of(ref: str) -> str:
    """The skill or trait id of a reference: ``loner:4`` -> ``loner``."""
    return ref.partition(":")[0]


def owns_skill(player: Sheet, skill: str) -> bool:
    """Whether the player has ``skill`` (a parametrised trait counts whatever its parameter)."""
    return base_of(skill) in skill_bases(player)


def skill_bases(player: Sheet) -> frozenset[str]:
    """The skill and trait ids the player owns, parameters dropped: build it once to test many skills."""
    return frozenset(owned.partition(":")[0] for owned in player.owned)


def notation(characteristic: str, value: int) -> str:
    """A characteristic as printed: ``MA 6``, ``AG 3+``, ``PA -`` (PA 0 stands for "-").

    Raises:
        UnknownName: ``characteristic`` is none of ``ma``, ``st``, ``ag``, ``pa``, ``av`` (with the closest).
        InvalidInput: ``value`` is not a whole number.
    """
    if characteristic not in CHARACTERISTICS:
        raise UnknownName("characteristic", characteristic, CHARACTERISTICS, "a player's profile")
    if isinstance(value, bool) or not isinstance(value, int):
        msg = f"the value of {characteristic.upper()} is a whole number, got {value!r:.60} ({type(value).__name__})"
        raise InvalidInput(msg)
    if characteristic in ("ma", "st"):
        return str(value)
    if characteristic == "pa" and value == 0:
        return "-"
    return f"{value}+"


def profile(player: Sheet) -> str:
    """The profile line of a player: ``MA 6 ST 3 AG 3+ PA 4+ AV 9+``.

    Raises:
        InvalidInput: ``player`` is not a player's sheet.
    """
    stats = sheet_of(player, "player", "the player whose profile is read").stats
    return " ".join(f"{c.upper()} {notation(c, stats[c])}" for c in CHARACTERISTICS)


def position_of(data: Data, player: Sheet) -> tuple[Team, Position]:
    """The roster and position a player was hired from."""
    team = data.teams.get(player.tags.get("team", ""))
    position = team.position(player.tags.get("position", "")) if team else None
    if team is None or position is None:
        msg = (
            f"player {player.name!r} carries no known roster position "
            f"(team {player.tags.get('team')!r}, position {player.tags.get('position')!r})"
        )
        raise InvalidInput(msg)
    return team, position


def level_of(pack: RulePack, player: Sheet) -> Label:
    """The experience level the player's advancements reach (Rookie for none).

    Raises:
        InvalidInput: ``player`` is not a player's sheet of ``pack``.
    """
    taken = sheet_of(player, "player", "the player whose level is read", pack).stats["advancements"]
    return pack.ladder("experience").band_of(taken).label


def available(player: Sheet) -> bool:
    """Whether the player may play the next match: not dead, not missing it, not temporarily retired."""
    tags = player.tags
    return not ("dead" in tags or "miss_next" in tags or "retired" in tags)


def new_player(
    pack: RulePack,
    team_id: str,
    position_id: str,
    name: str,
    *,
    journeyman: bool = False,
    extra_skills: Iterable[str] = (),
) -> Sheet:
    """A new player sheet with the profile, skills and hiring fee of a roster position.

    Args:
        team_id: The roster (``"human"``, or its displayed name: ``"Humains"``).
        position_id: The position of that roster (``"human_lineman"``, or its displayed name: ``"Lineman"``).
        name: The player's name.
        journeyman: A journeyman: tagged so, and given the journeyman trait (Loner (4+)).
        extra_skills: Skills the player starts with beyond the position's (a Team Captain's Pro), by id or name.

    Raises:
        UnknownName: no such roster or position.
        InvalidInput: a roster id that is no text, a blank name.
    """
    data = data_of(pack)
    team_id = roster_named(pack, team_id)
    team = roster_called(data, team_id)
    position_id = position_named(pack, team_id, position_id)
    extra_skills = skills_named(pack, extra_skills)  # type: ignore[assignment]  # texts read, anything else kept
    not_blank(name, "a player's name")
    position = team.position(position_id)
    if position is None:
        raise UnknownName("position", position_id, [p.id for p in team.positions], f"the {team.label.en} roster")
    skills = dict.fromkeys((*position.skills, *extra_skills), 1)
    tags = {"team": team_id, "position": position_id}
    if journeyman:
        skills[data.rules.journeyman_trait] = 1
        tags["journeyman"] = YES
    stats = {c: getattr(position, c) or 0 for c in CHARACTERISTICS}
    stats["hiring_fee"] = position.cost
    return pack.new_sheet("player", name, stats=stats, owned=skills, tags=tags)


def must_advance(pack: RulePack, player: Sheet) -> str | None:
    """Why the player must take an advancement now, or None.

    Unspent SPP at least the cost of the player's next characteristic improvement oblige
    an advancement of any type; a player with every advancement taken is never obliged.

    Raises:
        InvalidInput: ``player`` is not a player's sheet of ``pack``.
    """
    return obliged_to_advance(pack, sheet_of(player, "player", "the player who may have to advance", pack))


def obliged_to_advance(pack: RulePack, player: Sheet) -> str | None:
    """:func:`must_advance` of a player sheet already known to be one (a member of a team the sequence reads: its
    check would be asked for every player at every step)."""
    taken = player.stats["advancements"]
    data = data_of(pack)
    if taken >= data.rules.advancement.maximum or "dead" in player.tags:  # the dead take none: they leave at step 4
        return None
    threshold = data.rules.advancement.costs["characteristic"][taken]
    held = player.pools["spp"]
    if held < threshold:
        return None
    return (
        f"{player.name} holds {held} SPP, at least the {threshold} a characteristic improvement costs as "
        f"advancement {taken + 1}; an advancement must be taken"
    )
