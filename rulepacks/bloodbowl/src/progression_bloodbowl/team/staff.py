"""The team's staff as the pack's TOML prices and gates them: the re-roll's price, the Apothecary a roster may
not hire, the Dedicated Fans bought only at the draft (functions named in ``pack.toml``'s upgrades)."""

from __future__ import annotations

from progression.errors import InvalidInput
from progression.requirements import Context

from ..data.access import context_data
from ..data.model import Data, Team
from ..data.words import a_or_an

__all__ = ["apothecary_allowed", "drafting", "reroll_price"]


def _roster_in(context: Context) -> tuple[Data, Team | None]:
    data = context_data(context)
    return data, data.teams.get(context.sheet.tags.get("team", ""))


def reroll_price(context: Context) -> int:
    """A team re-roll costs the roster price at the draft, double once the team is drafted."""
    team = context.sheet
    data, roster = _roster_in(context)
    if roster is None:
        msg = f"{team.kind} {team.name!r} has no roster, so no re-roll price; make teams with new.team (create_team)"
        raise InvalidInput(msg)
    cost = roster.reroll_cost
    return cost * data.rules.staff["reroll"].after_draft if "drafted" in team.tags else cost


def apothecary_allowed(context: Context) -> tuple[str, ...]:
    """Unmet when the roster may not hire an Apothecary."""
    _, roster = _roster_in(context)
    if roster is None:
        return (f"{context.sheet.name!r} has no team roster",)
    return () if roster.apothecary else (f"{a_or_an(roster.label.en)} team may not hire an Apothecary",)


def drafting(context: Context) -> tuple[str, ...]:
    """Unmet once the team is drafted (extra Dedicated Fans are bought at the draft only)."""
    return ("only while the team is being drafted",) if "drafted" in context.sheet.tags else ()
