"""What a league reads back of its players from their teams' ledgers: each player's figures in each match
whose record names him (:class:`PlayerLine`), his career season by season (:class:`Career`), and the figures
the leaders are ranked by (:data:`LEADERS`).

A league keeps no line-up: a match's record names a player when he did something (an event, SPP, the MVP),
was nominated for the MVP or was injured, and only those matches are his lines.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import attrs

from progression import Entry, Sheet

from ..match.corrections import match_records
from ..match.record import MatchRecord
from ..match.spp import mvps_rolled

__all__ = ["CASUALTIES", "LEADERS", "Career", "PlayerLine"]

#: The figures the leaders are ranked by.
LEADERS = ("touchdowns", "casualties", "completions", "mvps", "spp")
#: The match events counted as casualties a player caused, in the leaders and careers.
CASUALTIES = ("casualty", "casualty_special", "casualty_foul", "casualty_crowd")


@attrs.frozen(kw_only=True)
class PlayerLine:
    """A player's figures in one match whose record names him (an event, SPP, the MVP, an MVP nomination or an
    injury), read from his team's ledger."""

    team: str
    member: str
    name: str
    season: int
    #: The match's number in the season (the fixture's round).
    number: int
    opponent: str
    touchdowns: int = 0
    casualties: int = 0
    completions: int = 0
    mvps: int = 0
    #: The SPP the match gave him (events and MVP).
    spp: int = 0


@attrs.frozen(kw_only=True)
class Career:
    """A player's matches, season by season, and their totals. His matches are those whose record names him
    (:class:`PlayerLine`): a league keeps no line-up, so a match he took part in without an event, SPP, an MVP
    nomination or an injury is not among them, and ``M`` is at most the matches he played."""

    team: str
    member: str
    name: str
    matches: tuple[PlayerLine, ...]

    def total(self, figure: str, season: int | None = None) -> int:
        """The sum of one of ``LEADERS`` (touchdowns, casualties, completions, mvps, spp) over his matches (of ``season`` only, when given)."""
        return sum(getattr(line, figure) for line in self.matches if season is None or line.season == season)

    def seasons(self) -> tuple[int, ...]:
        return tuple(sorted({line.season for line in self.matches}))

    def lines(self) -> Iterator[str]:
        yield f"{self.name} ({self.team} #{self.member})"
        yield " season  M  TD CAS CMP MVP SPP"
        for season in self.seasons():
            played = sum(1 for line in self.matches if line.season == season)
            figures = "".join(f"{self.total(f, season):>4}" for f in LEADERS)
            yield f" {season:>6} {played:>2}{figures}"
        figures = "".join(f"{self.total(f):>4}" for f in LEADERS)
        yield f" {'total':>6} {len(self.matches):>2}{figures}"


def walk(events: Sequence[Any], member: str | None = None) -> Iterator[tuple[str | None, Any]]:
    """Each event of an entry with the member it happened to (None: the team), steps and members opened.
    Events are told apart by their tag (``member``, ``step``, ``entry``, ``rolled``, ``awarded``)."""
    for event in events:
        tag = getattr(event, "tag", "")
        if tag == "member":
            yield from walk((event.event,), event.member)
        elif tag in ("step", "entry"):
            yield from walk(event.events, member)
        else:
            yield member, event


def players_of(sheet: Sheet) -> dict[str, str]:
    """Every player the team has or had (his id, never given twice, and his name): its members, and each one
    who joined it and left."""
    names = {ident: member.name for ident, member in sheet.members.items()}
    for _, event in walk(sheet.ledger):
        if getattr(event, "tag", "") == "joined":
            names.setdefault(event.member, joined_name(event))
    return names


def joined_name(event: Any) -> str:
    """The name a member joined the team under: his ledger's creation's (his id when it has none)."""
    created = (inner for _, inner in walk(event.ledger) if getattr(inner, "tag", "") == "created")
    return str(getattr(next(created, None), "name", event.member))


def player_lines(team: str, sheet: Sheet) -> Iterator[PlayerLine]:
    """Every player's line of every match the team's ledger records (its ``bloodbowl.match`` entries and any
    other entry holding a match record), the season read from the ledger's season marks. A match's record
    names a player who took part when he did something (an event, SPP, the MVP), was nominated for the MVP or
    was injured: a line for each; it keeps no line-up, so a player who took part and did none of these has no
    line for that match."""
    names = players_of(sheet)
    season = 1
    for entry in sheet.ledger:
        for member, event in walk((entry,)):
            if getattr(event, "tag", "") == "adjusted" and member is None and "season" in event.effect.tags:
                season = int(event.effect.tags["season"])
        if isinstance(entry, Entry):
            for record, events in _matches(entry):
                yield from _lines(team, names, season, record, list(walk(events)))


def _matches(entry: Entry) -> list[tuple[MatchRecord, Sequence[Any]]]:
    """Each match an entry records, once, with the events that are its own: the whole entry's for one match
    (a post-match sequence committed as one entry holds its record twice, in its outcome and its Dedicated Fans);
    for a batch of several matches, those of the batch's entries that hold the match's record."""
    records: list[MatchRecord] = []
    for record in match_records(entry.operation):
        if record not in records:
            records.append(record)
    if len(records) == 1:
        return [(records[0], entry.events)]
    return [
        (record, [e for e in entry.events if isinstance(e, Entry) and record in match_records(e.operation)])
        for record in records
    ]


def _lines(
    team: str, names: Mapping[str, str], season: int, record: MatchRecord, happened: Sequence[tuple[str | None, Any]]
) -> Iterator[PlayerLine]:
    """The line of each player a match's record names, its figures read from ``happened`` (its events, each with
    the member it happened to)."""
    rolls = [event for who, event in happened if who is None and getattr(event, "tag", "") == "rolled"]
    reasons = [e.reason for who, e in happened if who is not None and getattr(e, "tag", "") == "awarded"]
    mvps = mvps_rolled(record, rolls, reasons)
    spp: dict[str, int] = {}
    for who, event in happened:
        if who is not None and getattr(event, "tag", "") == "awarded" and event.pool == "spp":
            spp[who] = spp.get(who, 0) + event.amount
    named = set(record.events) | set(record.mvp_nominees) | set(record.injuries) | set(spp) | set(mvps)
    for ident in sorted(named, key=lambda m: (len(m), m)):
        counts = record.events.get(ident, {})
        yield PlayerLine(
            team=team,
            member=ident,
            name=names.get(ident, ident),
            season=season,
            number=record.number,
            opponent=record.opponent,
            touchdowns=counts.get("touchdown", 0),
            casualties=sum(counts.get(kind, 0) for kind in CASUALTIES),
            completions=counts.get("completion", 0),
            mvps=mvps.count(ident),
            spp=spp.get(ident, 0),
        )
