"""Ledger entries told in sentences: what a step did, roll by roll, point by point."""

from __future__ import annotations

from collections.abc import Iterable

from progression import (
    Adjusted,
    Asked,
    Awarded,
    Decided,
    Event,
    Finished,
    Joined,
    Left,
    Lost,
    Marked,
    Member,
    Purchased,
    Rolled,
    RulePack,
    Sheet,
    Started,
    Step,
)

from ._sequence import SEQUENCE_TAG

__all__ = ["tell", "told_since"]


def _who(team: Sheet | None, member: str) -> str:
    player = team.members.get(member) if team is not None else None
    return f"#{member} {player.name}" if player is not None else f"#{member}"


def _choice(pack: RulePack, team: Sheet | None, choice: str) -> str:
    """The name of a purchase's choice: a skill, a category letter, a position, a member."""
    roster = team.tags.get("team", "") if team is not None else ""
    for key in (choice, f"category.{choice.lower()}", f"position.{roster}.{choice}"):
        if key in pack.names:
            return pack.names[key].en
    return _who(team, choice) if team is not None and choice in team.members else choice


def tell(pack: RulePack, events: Iterable[Event], team: Sheet | None = None, who: str = "") -> list[str]:
    """One line per event that changed something or rolled a die."""
    lines: list[str] = []
    prefix = f"{who}: " if who else ""
    for event in events:
        if isinstance(event, Step):
            lines.extend(tell(pack, event.events, team, who))
        elif isinstance(event, Member):
            lines.extend(tell(pack, (event.event,), team, _who(team, event.member)))
        elif isinstance(event, Awarded):
            unit = "SPP" if event.pool == "spp" else "gp"
            lines.append(f"{prefix}+{event.amount:,} {unit} ({event.reason})")
        elif isinstance(event, Lost):
            lines.append(f"{prefix}-{event.amount:,} {'SPP' if event.pool == 'spp' else 'gp'} ({event.reason})")
        elif isinstance(event, Rolled):
            lines.append(
                f"{prefix}rolled {'+'.join(map(str, event.results))} on {len(event.results)}D{event.sides} ({event.label})"
            )
        elif isinstance(event, Purchased | Started):
            paid = ", ".join(f"{amount:,} {'SPP' if pool == 'spp' else 'gp'}" for pool, amount in event.price.items())
            choice = f" ({_choice(pack, team, event.choice)})" if event.choice else ""
            lines.append(f"{prefix}{pack.name_of(event.upgrade)}{choice} for {paid or 'nothing'}")
        elif isinstance(event, Decided):
            lines.append(f"{prefix}chose {pack.name_of(event.choice)} ({event.label})")
        elif isinstance(event, Asked):
            lines.append(f"{prefix}waits: {event.label} ({', '.join(event.options)})")
        elif isinstance(event, Finished):
            got = [pack.name_of(k) for k, v in event.effect.grants.items() if v > 0]
            got += [f"{k.upper()} {v:+d}" for k, v in event.effect.stats.items() if k in ("ma", "st", "ag", "pa", "av")]
            lines.append(f"{prefix}gains {', '.join(got)}")
        elif isinstance(event, Adjusted):
            if set(event.effect.tags) != {SEQUENCE_TAG} or event.effect.stats:  # the sequence's own bookkeeping
                lines.append(f"{prefix}{event.reason}")
        elif isinstance(event, Joined):
            name = getattr(event.ledger[0], "name", "")
            lines.append(f"#{event.member} {name} joins")
        elif isinstance(event, Left):
            lines.append(f"{_who(team, event.member)} leaves: {event.reason}")
        elif isinstance(event, Marked):
            lines.append(f"{prefix}{event.label}")
    return lines


def told_since(pack: RulePack, before: Sheet, after: Sheet) -> list[str]:
    """The entries ``after`` added to ``before``, told."""
    return tell(pack, after.ledger[len(before.ledger) :], before)
