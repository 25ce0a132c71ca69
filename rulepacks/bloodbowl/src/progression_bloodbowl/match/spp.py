"""The Star Player Points a match earns: each recorded event's value (Brawlin' Brutes, Prayers to Nuffle and
Violent Innovator included), the SPP-earning casualties, and the MVP rolled among the nominees.

Each award and roll is made through the work of the match's operation, which checks and records it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from progression import RulePack, Sheet, Work

from ..data.access import data_of, team_roster
from ..inducements.prayers import event_values, member_values
from .record import EVENTS, MatchRecord, penalised

if TYPE_CHECKING:
    from progression.ledger.events import Rolled

__all__ = [
    "award_mvps",
    "award_spp",
    "casualties_caused",
    "mvp_label",
    "mvp_reason",
    "mvps_rolled",
    "spp_casualties",
    "spp_earned",
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


def award_spp(work: Work, match: MatchRecord, earned_by: dict[str, dict[str, tuple[int, str]]]) -> None:
    """Each member's SPP for his events of ``match``, with what each event earned (none to a player who may earn none)."""
    members = work.sheet.members
    for member, counts in sorted(match.events.items()):
        parts, total = [], 0
        earned = earned_by[member]
        for event, count in counts.items():
            value, why = earned.get(event, (0, ""))
            if count and value:
                parts.append(f"{count} {event.replace('_', ' ')} x {value}" + (f" ({why})" if why else ""))
                total += count * value
        if total and "no_spp" not in members[member].tags:
            work.award("spp", total, f"match {match.number}: {', '.join(parts)}", member=member)


def mvps_due(pack: RulePack, match: MatchRecord) -> int:
    """How many MVPs ``match`` gives this team: one, two when the opponent conceded, none when this team conceded
    with penalty (and as the league's rules set them for unplayed fixtures and friendlies)."""
    league = data_of(pack).rules.league
    if match.kind == "unplayed":
        return league.unplayed_concede_mvps if match.conceded == "them" else league.unplayed_mvps
    if match.kind == "friendly" and not league.friendly_spp:
        return 0
    concession = league.concession
    return (
        concession.conceding_mvps if penalised(match) else concession.opponent_mvps if match.conceded == "them" else 1
    )


def award_mvps(work: Work, match: MatchRecord) -> None:
    """One MVP (two when the opponent conceded, none when this team conceded with penalty): a D6, rolled again
    on a number no player holds; a single nominee is MVP without a roll (pack version 3 on)."""
    count = mvps_due(work.pack, match)
    if not match.mvp_nominees or not count:
        return
    mvp = data_of(work.pack).rules.spp["mvp"]
    for n in range(count):
        roll, again = 1, ""
        while len(match.mvp_nominees) > 1:
            (roll,) = work.roll(6, label="MVP", shown=mvp_label(n), again=again)
            if roll <= len(match.mvp_nominees):
                break
            again = f"{roll} names no nominee"  # as the history says it
        work.award("spp", mvp, mvp_reason(match, roll), member=match.mvp_nominees[roll - 1])


def mvp_reason(match: MatchRecord, roll: int) -> str:
    """What an MVP award of ``match`` says: the number the D6 showed, or that the player was the only nominee."""
    nominee = "the only nominee" if len(match.mvp_nominees) == 1 else f"nominee {roll}"
    return f"match {match.number}: MVP ({nominee})"


def mvp_label(n: int) -> str:
    """The label of the rolls of the ``n``-th MVP (from 0) on the ledger: ``MVP 1``, ``MVP 2``."""
    return f"MVP {n + 1}"


def mvps_rolled(match: MatchRecord, rolls: Sequence[Rolled], reasons: Sequence[str] = ()) -> tuple[str, ...]:
    """The members :func:`award_mvps` made MVP, read back from the rolls it recorded for ``match`` (each MVP's
    last roll under its label names the nominee), in order; a single nominee's awards are read from the
    ``reasons`` of the SPP awarded to him (his MVPs are rolled no more: a history of pack version 2 or older
    still shows his rolls)."""
    last: dict[str, int] = {}
    for rolled in rolls:
        if rolled.label.startswith("MVP ") and rolled.results:
            last[rolled.label] = rolled.results[-1]
    chosen = []
    for n in range(len(last)):
        roll = last.get(mvp_label(n), 0)
        if 1 <= roll <= len(match.mvp_nominees):
            chosen.append(match.mvp_nominees[roll - 1])
    if not last and len(match.mvp_nominees) == 1:
        unrolled = mvp_reason(match, 1)
        chosen = [match.mvp_nominees[0] for reason in reasons if reason == unrolled]
    return tuple(chosen)
