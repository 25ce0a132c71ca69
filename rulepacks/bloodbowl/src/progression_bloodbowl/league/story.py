"""The league's words for its entries: a re-draft's budget told with what it adds, beside the team's story.

A re-draft tops the treasury up (or cuts it) to its budget, and the ledger keeps that change with the reason
``re-draft budget after season N``, which ``verify`` compares: it cannot say more without making the files
written before fail. What it adds is told instead: when the narrator tells the re-draft just made on the team as
it stood (:meth:`Narrator.starting <progression.authoring.Narrator.starting>`), the sentence gives the budget,
whether the cap cut it, and what the treasury held. Everything else is the team's story
(:func:`~progression_bloodbowl.team.story.narration`).
"""

from __future__ import annotations

from progression.authoring import Narrator
from progression.events import Awarded, Event, Lost

from ..team.results import season_of
from ..team.story import narration as team_narration
from .season import REDRAFT_BUDGET, redraft_budget

__all__ = ["narration"]


def narration(narrator: Narrator, event: Event) -> str | None:
    """The pack's sentence for ``event`` (its narration hook): a re-draft's budget as :func:`redraft_told` says it,
    anything else as the team's story does."""
    if isinstance(event, Awarded | Lost) and event.reason.startswith(REDRAFT_BUDGET):
        told = redraft_told(narrator, event)
        if told is not None:
            return told
    return team_narration(narrator, event)


def redraft_told(narrator: Narrator, event: Awarded | Lost) -> str | None:
    """``+755,000 gp: re-draft budget after season 1 (1,300,000, capped from 1,435,000; the treasury held
    545,000)``, when the narrator tells the re-draft it just made on the team as it stood (``narrator.before``, the
    budget's event the first of the entry); None otherwise (the core's sentence)."""
    before = narrator.before
    season = event.reason.removeprefix(REDRAFT_BUDGET)
    if before is None or narrator.earlier or event.pool != "treasury" or season != str(season_of(before)):
        return None
    held = before.pools["treasury"]
    budget = held + (event.amount if isinstance(event, Awarded) else -event.amount)
    uncapped = redraft_budget(narrator.pack, before, capped=False).total
    capped = f", capped from {uncapped:,}" if budget < uncapped else ""
    return f"{narrator.core(event)} ({budget:,}{capped}; the treasury held {held:,})"
