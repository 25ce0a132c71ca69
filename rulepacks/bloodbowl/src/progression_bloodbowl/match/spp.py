"""The Star Player Points a match earns: each recorded event's value (Brawlin' Brutes, Prayers to Nuffle and
Violent Innovator included), the SPP-earning casualties, and the MVP rolled among the nominees.

The events are made once and shared (events are immutable): every team of a league awards the same SPP
for the same match, and a season's ledgers hold thousands of equal MVP rolls.
"""

from __future__ import annotations

import functools
import sys

from progression import Awarded, Dice, Event, Member, Rolled, RulePack, Sheet

from ..data.access import data_of, team_roster
from ..inducements.prayers import event_values, member_values
from .record import EVENTS, MatchRecord, penalised

__all__ = [
    "awarded",
    "casualties_caused",
    "member_awarded",
    "mvp_events",
    "rolled",
    "spp_casualties",
    "spp_earned",
    "spp_events",
    "spp_values",
]


def spp_values(pack: RulePack, team: Sheet) -> dict[str, int]:
    """The SPP each event earns this team (Brawlin' Brutes: casualty 3, touchdown 2)."""
    data = data_of(pack)
    values = {event: data.rules.spp[key] for event, key in EVENTS.items()}
    if "brawlin_brutes" in team_roster(data, team).special_rules:
        values.update(data.rules.brawlin_brutes)
    return values


def spp_earned(pack: RulePack, team: Sheet, match: MatchRecord) -> dict[str, dict[str, tuple[int, str]]]:
    """For each member with events: what each of his events earns in this match, and what changed its value."""
    values = event_values(pack, match, spp_values(pack, team))
    return {
        member: member_values(pack, team.members[member], counts, values, EVENTS)
        for member, counts in match.events.items()
    }


def casualties_caused(pack: RulePack, team: Sheet, match: MatchRecord) -> int:
    """The casualties this team caused that earn SPP, whoever caused them: every Block Action ``casualty``, and a
    crowd, foul or Special Action one that a Prayer to Nuffle or Violent Innovator made worth SPP."""
    return spp_casualties(match, spp_earned(pack, team, match))


def spp_casualties(match: MatchRecord, earned: dict[str, dict[str, tuple[int, str]]]) -> int:
    return sum(
        count
        for member, counts in match.events.items()
        for event, count in counts.items()
        if event.startswith("casualty") and earned[member].get(event, (0, ""))[0]
    )


def spp_events(team: Sheet, match: MatchRecord, earned_by: dict[str, dict[str, tuple[int, str]]]) -> list[Event]:
    events: list[Event] = []
    for member, counts in sorted(match.events.items()):
        parts, total = [], 0
        earned = earned_by[member]
        for event, count in counts.items():
            value, why = earned.get(event, (0, ""))
            if count and value:
                parts.append(f"{count} {event.replace('_', ' ')} x {value}" + (f" ({why})" if why else ""))
                total += count * value
        if total and "no_spp" not in team.members[member].tags:
            events.append(member_awarded(member, "spp", total, f"match {match.number}: {', '.join(parts)}"))
    return events


@functools.cache
def rolled(label: str, sides: int, results: tuple[int, ...]) -> Rolled:
    """A roll as a ledger event, made once per label and result and shared (events are immutable):
    a season's ledgers hold thousands of equal MVP and Dedicated Fans rolls."""
    return Rolled(label=label, sides=sides, results=results)


@functools.lru_cache(maxsize=8192)
def member_awarded(member: str, pool: str, amount: int, reason: str) -> Member:
    """Points awarded to a member, made once per member, amount and reason and shared (events are
    immutable): every team of a league awards the same SPP for the same match."""
    return Member(member=sys.intern(member), event=awarded(pool, amount, reason))


@functools.lru_cache(maxsize=8192)
def awarded(pool: str, amount: int, reason: str) -> Awarded:
    """Points awarded to a pool, made once per amount and reason and shared."""
    return Awarded(pool=pool, amount=amount, reason=reason)


def _mvp_count(pack: RulePack, match: MatchRecord) -> int:
    league = data_of(pack).rules.league
    if match.kind == "unplayed":
        return league.unplayed_concede_mvps if match.conceded == "them" else league.unplayed_mvps
    if match.kind == "friendly" and not league.friendly_spp:
        return 0
    concession = league.concession
    return (
        concession.conceding_mvps if penalised(match) else concession.opponent_mvps if match.conceded == "them" else 1
    )


def mvp_events(pack: RulePack, match: MatchRecord, dice: Dice) -> list[Event]:
    """One MVP (two when the opponent conceded, none when this team conceded with penalty): a D6, rolled again
    on a number no player holds."""
    count = _mvp_count(pack, match)
    if not match.mvp_nominees or not count:
        return []
    mvp = data_of(pack).rules.spp["mvp"]
    events: list[Event] = []
    for n in range(count):
        while True:
            (roll,) = dice.roll(6, 1, "MVP")
            events.append(rolled(f"MVP {n + 1}", 6, (roll,)))
            if roll <= len(match.mvp_nominees):
                break
        member = match.mvp_nominees[roll - 1]
        events.append(member_awarded(member, "spp", mvp, f"match {match.number}: MVP (nominee {roll})"))
    return events
