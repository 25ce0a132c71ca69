"""A team's roster sheet as a commissioner prints it: each player's profile in the book's notation, his skills,
SPP, level and value, then the staff, the treasury and the team's values (``progression sheet roster FILE``)."""

from __future__ import annotations

from progression import RulePack, Sheet
from progression.contract import Page

from ..data.access import data_of, sheet_of, team_roster
from ..data.model import CHARACTERISTICS
from ..players.player import level_of, notation
from .values import current_team_value, current_value, spp_account, team_value

__all__ = ["COLUMNS", "roster_sheet"]

#: The columns of a player's line, as the printed roster sheet has them.
COLUMNS = (
    "#",
    "Player",
    "Position",
    *(c.upper() for c in CHARACTERISTICS),
    "Skills and traits",
    "SPP",
    "Level",
    "Value",
    "MNG",
    "NI",
)


def roster_sheet(pack: RulePack, team: Sheet) -> Page:
    """The roster sheet of ``team``, players by number.

    A player's SPP read ``unspent / earned``; MNG says he misses the next game (or is dead, or retired);
    NI counts his Niggling Injuries. Star Players hired for a match are listed as such.

    Raises:
        InvalidInput: the sheet is not a team, or names no roster of the pack.
    """
    sheet_of(team, "team", "the team of a roster sheet", pack)
    data = data_of(pack)
    roster = team_roster(data, team)
    heading = [("Roster", roster.label.en)]
    if "league" in team.tags:
        league = team.tags["league"]
        heading.append(("League", data.leagues[league].en if league in data.leagues else league))
    if "coach" in team.tags:
        heading.append(("Coach", team.tags["coach"]))
    rows = [_line(pack, team, member) for member in sorted(team.members, key=_number)]
    stats = team.stats
    footing = [
        ("Team re-rolls", f"{stats['rerolls']} (each {roster.reroll_cost:,} gp)"),
        ("Dedicated Fans", str(stats["dedicated_fans"])),
        ("Assistant coaches", str(stats["assistant_coaches"])),
        ("Cheerleaders", str(stats["cheerleaders"])),
        ("Apothecary", "yes" if stats["apothecary"] else "no"),
        ("Treasury", f"{team.pools['treasury']:,} gp"),
        ("Team Value", f"{team_value(pack, team).total:,} gp"),
        ("Current Team Value", f"{current_team_value(pack, team).total:,} gp"),
    ]
    return Page(title=team.name, columns=COLUMNS, rows=rows, heading=heading, footing=footing)


def _number(member: str) -> tuple[int, str]:
    """Players by their number; an id that is no number (a Star Player) after them."""
    return (int(member), "") if member.isascii() and member.isdigit() else (10**9, member)


def _line(pack: RulePack, team: Sheet, member: str) -> tuple[str, ...]:
    data = data_of(pack)
    player = team.members[member]
    tags = player.tags
    if "star" in tags:
        position = "Star Player"
    else:
        found = data.teams[tags["team"]].position(tags.get("position", "")) if tags.get("team") in data.teams else None
        position = found.label.en if found is not None else tags.get("position", "")
        position += " (journeyman)" if "journeyman" in tags else ""
    profile = [notation(c, player.stats.get(c, 0)) for c in CHARACTERISTICS]
    skills = ", ".join(data.name(owned).en for owned in player.owned)
    earned = sum(item.amount for item in spp_account(pack, team, member).items if item.amount > 0)
    spp = f"{player.pools.get('spp', 0)} / {earned}"
    value = "" if "star" in tags else f"{current_value(pack, player).total:,}"
    level = "" if "star" in tags else level_of(pack, player).en
    missing = next((word for word in ("dead", "retired") if word in tags), "yes" if "miss_next" in tags else "")
    niggling = player.stats.get("niggling", 0)
    return (member, player.name, position, *profile, skills, spp, level, value, missing, str(niggling or ""))
