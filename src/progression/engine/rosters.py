"""Rosters: sheets with members, each member a sheet with its own ledger, joined and left by operations."""

from __future__ import annotations

from progression.engine.checks import check_sheet
from progression.engine.operations import Join, Leave, check_member_sheet
from progression.engine.run import execute_in
from progression.ledger.sheet import Sheet

__all__ = ["join", "leave"]


def join(roster: Sheet, member_id: str, member: Sheet) -> Sheet:
    """Add ``member`` (a sheet with its own ledger) to ``roster`` under ``member_id``."""
    check_sheet(roster, "the roster to join")
    check_member_sheet(member, member_id)
    return execute_in(None, roster, Join(member=member_id, ledger=tuple(member.ledger)), None)[0]


def leave(roster: Sheet, member_id: str, *, reason: str) -> Sheet:
    """Remove a member from ``roster``, with the reason."""
    check_sheet(roster, "the roster to leave")
    return execute_in(None, roster, Leave(member=member_id, reason=reason), None)[0]
