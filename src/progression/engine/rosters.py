"""Rosters: sheets with members, each member a sheet with its own ledger, joined and left by events."""

from __future__ import annotations

from progression.engine.checks import check_id, check_sheet, check_text
from progression.errors import InvalidInput
from progression.ledger.events import Joined, Left
from progression.ledger.sheet import Sheet

__all__ = ["join", "leave"]


def join(roster: Sheet, member_id: str, member: Sheet) -> Sheet:
    """Add ``member`` (a sheet with its own ledger) to ``roster`` under ``member_id``."""
    check_sheet(roster, "join")
    check_text(member_id, "member id", "join")
    if not isinstance(member, Sheet):
        msg = f"join: expected a Sheet for member {member_id!r}, got {type(member).__name__}"
        raise InvalidInput(msg)
    if member_id in roster.members:
        msg = f"join: roster {roster.name!r} already has a member {member_id!r}"
        raise InvalidInput(msg)
    return roster.apply(Joined(member=member_id, ledger=member.ledger))


def leave(roster: Sheet, member_id: str, *, reason: str) -> Sheet:
    """Remove a member from ``roster``, with the reason."""
    check_sheet(roster, "leave")
    roster.member(check_id(member_id, "member", "leave"))
    check_text(reason, "reason", f"removing {member_id!r}")
    return roster.apply(Left(member=member_id, reason=reason))
