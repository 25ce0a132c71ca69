"""The command line's way to a Matched Play team: ``progression new matched_play_team``, all options as text."""

from __future__ import annotations

from collections.abc import Sequence

from progression import RulePack, Sheet
from progression.errors import InvalidInput

from ..inducements.order import Order
from ..inducements.stars import star_ids
from ..inducements.wizards import wizard_ids
from ..matched_play.draft import draft_matched_play
from .options import count, flag, listed, need, takes, tallies, whole
from .words import position_named, roster_named

__all__ = ["OPTIONS", "new_matched_play_team"]
#: The options :func:`new_matched_play_team` takes.
OPTIONS = (
    "roster",  # the team roster (wood_elf)
    "name",
    "budget",  # the Team Draft Budget in gold pieces (1100000 by default)
    "players",  # position:name or position:name:skill, separated by ';'
    "stars",  # Star Players by id or name, separated by ','
    "rerolls",
    "assistant_coaches",
    "cheerleaders",
    "apothecary",  # yes for an Apothecary
    "dedicated_fans",  # extra Dedicated Fans (from 0)
    "inducements",  # other inducements as id*count, separated by ','
    "wizard",  # a Wizard, by his id or his name
    "league",  # one of the roster's leagues
    "favoured",  # the god of a Favoured of... roster
    "captain",  # the number in the list (1, 2, ...) of a Team Captain roster's captain
)


def _players(text: str | None) -> list[tuple[str, ...]]:
    """``"wood_elf_lineman:Ash;wardancer:Eli:dodge"`` -> ``[("wood_elf_lineman", "Ash"), ("wardancer", "Eli", "dodge")]``."""
    players = []
    for entry in listed(text, ";"):
        parts = tuple(part.strip() for part in entry.split(":"))
        if len(parts) < 2 or not all(parts):
            msg = f"a player of the list is written position:name or position:name:skill, got {entry!r}"
            raise InvalidInput(msg)
        players.append(parts)
    return players


def _captain(text: str, players: Sequence[object]) -> int | None:
    """The option ``captain`` (1, 2, ... in the list) as an index of ``players``, or None when absent."""
    if not text:
        return None
    number = whole(text, "captain")
    if not 1 <= number <= len(players):
        msg = f"captain is the number of a player in the list (1 to {len(players)}), got {text!r}"
        raise InvalidInput(msg)
    return number - 1


@takes("new matched_play_team", *OPTIONS)
def new_matched_play_team(pack: RulePack, **options: str) -> Sheet:
    """A Matched Play team drafted from a list: roster, players=position:name[:skill];..., stars, budget, staff."""
    roster = roster_named(pack, need(options, "roster", "new matched_play_team").strip())
    players = [(position_named(pack, roster, position), *rest) for position, *rest in _players(options.get("players"))]
    return draft_matched_play(
        pack,
        roster,
        options.get("name", "") or roster,
        players,
        budget=count(options, "budget") if options.get("budget") else None,
        stars=star_ids(pack, listed(options.get("stars"))),
        rerolls=count(options, "rerolls"),
        assistant_coaches=count(options, "assistant_coaches"),
        cheerleaders=count(options, "cheerleaders"),
        apothecary=flag(options, "apothecary"),
        dedicated_fans=count(options, "dedicated_fans"),
        inducements=Order(
            items=tallies(options.get("inducements"), "inducements"),
            wizards=wizard_ids(pack, listed(options.get("wizard"))),
        ),
        league=options.get("league") or None,
        favoured=options.get("favoured") or None,
        captain=_captain(options.get("captain", ""), players),
    )
