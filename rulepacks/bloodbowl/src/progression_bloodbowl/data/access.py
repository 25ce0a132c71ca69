"""The pack's data as the code reaches it: the typed :class:`~progression_bloodbowl.types.Data` of a pack or of a
requirement's context, the data as shipped, a team's roster, a star's label."""

from __future__ import annotations

import functools
from collections.abc import Mapping

from progression import RulePack, Sheet
from progression.errors import InvalidInput, UnknownName
from progression.operations import check_kind
from progression.requirements import Context

from .model import Data, Team, load_data

__all__ = [
    "NAME",
    "choice_label",
    "context_data",
    "data_of",
    "known_id",
    "roster_called",
    "sheet_of",
    "shipped_data",
    "team_roster",
]


def context_data(context: Context) -> Data:
    """The typed data of the pack a requirement is read under (``Context.pack``)."""
    if context.pack is None:
        msg = "this requirement reads the Blood Bowl pack's data: check it through the pack (a quote, a purchase)"
        raise InvalidInput(msg)
    return data_of(context.pack)


def data_of(pack: RulePack) -> Data:
    """The typed data of the Blood Bowl pack, or a refusal of another pack, or of what is no pack (None)."""
    try:
        data = pack.data
    except AttributeError:  # not a pack at all: asked only then, so the common case stays one attribute read
        msg = f"expected the Blood Bowl rule pack (progression.load('bloodbowl')) as the pack, got {pack!r:.60} ({type(pack).__name__})"
        raise InvalidInput(msg) from None
    if not isinstance(data, Data):
        msg = f"pack {pack.name!r} holds no Blood Bowl data: these functions work on the bloodbowl pack's sheets"
        raise InvalidInput(msg)
    return data


#: The name of the pack (its ``pack.toml``): the pack a sheet read without the pack at hand is expected of.
NAME = "bloodbowl"


def sheet_of(sheet: object, kind: str, where: str, pack: RulePack | None = None) -> Sheet:
    """``sheet`` when it is a sheet of ``kind`` (``team``, ``player``) of ``pack`` (of the pack named
    :data:`NAME` when none is given); else the one refusal of a sheet of the wrong kind or pack, saying it was
    expected as ``where`` (``"the team to value"``) and what came, its pack when it is another's: what reads a
    team's figures reads no other thing as one (:func:`progression.operations.check_kind`).
    """
    if pack is not None:
        data_of(pack)  # a pack at all, and Blood Bowl's, before its name is read
    return check_kind(sheet, kind, where, pack=NAME if pack is None else pack.name)


def known_id(given: object, known: Mapping[str, object], kind: str, example: str) -> str:
    """``given`` when it is the id of one of ``known`` (``kind``: ``"Star Player"``), or a refusal: an id that is no
    text (None) is refused as such, not looked up as a name; an unknown one with the closest ids
    (:class:`~progression.errors.UnknownName`)."""
    if not isinstance(given, str):
        msg = f"expected a {kind}'s id (a text such as {example!r}), got {given!r:.60} ({type(given).__name__})"
        raise InvalidInput(msg)
    if given not in known:
        raise UnknownName(kind, given, known, "the bloodbowl pack")
    return given


def roster_called(data: Data, roster: object) -> Team:
    """The roster whose id is ``roster`` (``"human"``), or a refusal (:func:`known_id`)."""
    return data.teams[known_id(roster, data.teams, "team roster", "human")]


def team_roster(data: Data, team: Sheet) -> Team:
    """The roster a team sheet was drafted from, or a refusal: a sheet that names no roster of the pack
    (not a team, or a file edited by hand) is never read as one."""
    roster = team.tags.get("team")
    if roster is None or roster not in data.teams:
        what = f"names the roster {roster!r}" if roster is not None else "names no roster (its 'team' tag)"
        msg = f"{team.kind} sheet {team.name!r} {what}; expected a team of one of the pack's rosters ({', '.join(sorted(data.teams))})"
        raise InvalidInput(msg)
    return data.teams[roster]


def choice_label(data: Data, group: tuple[str, ...]) -> str:
    star = data.stars[group[0]]
    return (star.pair_label or star.label).en


@functools.cache
def shipped_data() -> Data:
    """The data of the pack as shipped (its TOML files), read once: the pack is built on it, and what is told
    without a pack at hand (an operation's label) reads it."""
    return load_data()
