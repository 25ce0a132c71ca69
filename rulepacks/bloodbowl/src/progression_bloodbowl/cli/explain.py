"""The figures the command line can explain on a team file (``progression sheet explain``)."""

from __future__ import annotations

from collections.abc import Callable

from progression import RulePack, Sheet
from progression.errors import InvalidInput

from ..data.access import sheet_of
from ..league.standings import league_points
from ..team.values import Explanation, current_team_value, current_value, spp_account, team_value, treasury_account
from .options import maybe_flag, maybe_season

__all__ = ["EXPLAIN"]


def _team(sheet: Sheet, what: str) -> Sheet:
    """``sheet`` when it is a team, else the one refusal of a sheet of the wrong kind, naming ``what`` was asked."""
    return sheet_of(sheet, "team", f"the sheet for {what}")


def value(pack: RulePack, sheet: Sheet, member: str | None = None) -> Explanation:
    """A player's Current Value: hiring fee plus every value increase (member=ID on a team)."""
    if member is None:
        if sheet.kind == "team":
            msg = "which player? pass member=ID"
            raise InvalidInput(msg)
        return current_value(pack, sheet)
    return current_value(pack, _team(sheet, "a member's value").member(member))


def tv(pack: RulePack, sheet: Sheet) -> Explanation:
    """Team Value: every player's Current Value, re-rolls and staff."""
    return team_value(pack, _team(sheet, "Team Value"))


def ctv(pack: RulePack, sheet: Sheet) -> Explanation:
    """Current Team Value: Team Value less players missing the next match and retired ones."""
    return current_team_value(pack, _team(sheet, "Current Team Value"))


def spp(pack: RulePack, sheet: Sheet, member: str) -> Explanation:
    """A player's Star Player Points: every award and every advancement paid (member=ID)."""
    return spp_account(pack, _team(sheet, "a player's SPP account"), member)


def treasury(pack: RulePack, sheet: Sheet) -> Explanation:
    """The treasury: every payment in and out since the draft."""
    return treasury_account(pack, _team(sheet, "the treasury"))


def points(pack: RulePack, sheet: Sheet, season: str = "", bonus: str = "") -> Explanation:
    """League points of a season: each result, and the bonus points with bonus=yes (season=N, the current by default)."""
    return league_points(
        pack, _team(sheet, "league points"), season=maybe_season(season), bonus=maybe_flag(bonus, "bonus")
    )


#: ``explain.<name>`` functions, as the pack registers them.
EXPLAIN: dict[str, Callable[..., Explanation]] = {
    "value": value,
    "tv": tv,
    "ctv": ctv,
    "spp": spp,
    "treasury": treasury,
    "points": points,
}
