"""What a team's ledger says about its seasons, read back: the season it plays, its results (:class:`Result`),
the matches whose post-match sequence ended, the season a player joined. Each is read from the structured tags
of the entries that wrote it (``season``, ``result``, ``closed``), never from a reason.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence

import attrs

from progression import Sheet
from progression.errors import InvalidInput, UnknownName
from progression.events import Adjusted, Event, Joined, Member, Step
from progression.ledger import LedgerIndex

from ..data.access import sheet_of
from ..data.matched_play import BUDGET_TAG
from ..data.reading import natural

__all__ = [
    "CLOSED_TAG",
    "KINDS",
    "MATCH_NUMBERS",
    "RESULT_TAG",
    "Result",
    "SeasonMatches",
    "check_season",
    "check_team",
    "closed_matches",
    "joined_in",
    "match_number",
    "numbers",
    "read_result",
    "result_of",
    "results",
    "season_matches",
    "season_of",
    "season_reached",
]

#: The kinds of match a record may be: a league fixture (of the regular season), a friendly game, a fixture left
#: unplayed by the deadline, a play-off game (a knockout game after the regular season: no league points).
KINDS = ("league", "friendly", "unplayed", "playoff")
#: The tag of the ledger entry that records a result; its value is written by
#: :func:`~progression_bloodbowl.match.record.result_tag`.
RESULT_TAG = "result"
#: The tag of the ledger entry that ends a match's post-match sequence (Expensive Mistakes): the match number.
CLOSED_TAG = "closed"
#: The numbers a team's matches may have in a season: its fixtures are numbered from 1.
MATCH_NUMBERS = range(1, 10_000)
_OUTCOMES = ("win", "draw", "loss")
_CONCEDED = {"-": "", "us": "us", "them": "them"}
_FORMAT = "'<number> <win|draw|loss> <scored>-<against> <casualties> <kind> <-|us|them> <opponent>'"


def season_of(team: Sheet) -> int:
    """The season the team plays (1 until its first new season).

    Raises:
        InvalidInput: a ``season`` tag that is not a whole number >= 1 (a hand-edited file), named.
    """
    tag = team.tags.get("season", "1")
    season = _read_season_tag(tag)  # every step of every match reads it: its sentence is written only to refuse
    return _season_number(tag, f"the season tag of {team.name}") if season is None else season


@functools.lru_cache(maxsize=256)
def _read_season_tag(tag: str) -> int | None:
    """The season a ``season`` tag holds, or None when it holds none (:func:`_season_number` then says why)."""
    return int(tag) if isinstance(tag, str) and tag.isascii() and tag.isdigit() and int(tag) >= 1 else None


def match_number(value: object, what: str) -> int:
    """``value`` when it is a match's number (one of :data:`MATCH_NUMBERS`); a refusal naming ``what`` otherwise."""
    return natural(value, what, least=MATCH_NUMBERS.start, most=MATCH_NUMBERS.stop - 1)


def _season_number(tag: str, where: str, least: int = 1) -> int:
    """The whole number a tag holds (a season, a match number), or a refusal naming ``where`` it was found."""
    if not (isinstance(tag, str) and tag.isascii() and tag.isdigit() and int(tag) >= least):
        msg = f"{where} is a whole number >= {least} such as '2', got {tag!r}"
        raise InvalidInput(msg)
    return int(tag)


def check_team(team: object, where: str) -> Sheet:
    """The league team ``team`` is, or a refusal saying it was expected as the sheet for ``where``
    (``standings``): a team sheet of the pack (:func:`~progression_bloodbowl.data.access.sheet_of`) that is not
    a Matched Play team (which plays no league and has no seasons)."""
    checked = sheet_of(team, "team", f"the sheet for {where}")
    if BUDGET_TAG in checked.tags:
        msg = (
            f"expected a league team as the sheet for {where}, got {checked.name!r}, a Matched Play team "
            "(which plays no league fixtures and has no seasons)"
        )
        raise InvalidInput(msg)
    return checked


def check_season(team: object, season: object, where: str) -> int:
    """The season asked of a league team: its current one for None, else one it has reached
    (``season_reached``); a sheet that is not a league team is refused naming ``where`` it was given."""
    checked = check_team(team, where)
    if season is None:
        return season_of(checked)
    return season_reached(season, season_of(checked), f"{checked.name} has")


def season_reached(season: object, latest: int, holder: str, *, every: bool = False) -> int:
    """``season`` when it is a season reached: a whole number from 1 to ``latest`` (0 too when ``every``: every
    season at once, as a league's leaders read it). The one rule of a season asked, by a team's points and results,
    a table over team files and a league's store alike: a season not reached is refused rather than read, as its
    table of zeros would read as a season played.

    Args:
        season: What the caller asked (not a text, not a bool).
        latest: The season reached: a team's current one, the latest of several teams', a league's.
        holder: Who has the seasons, with its verb, for the refusal: ``"Altdorf Anvils has"``,
            ``"league 'Old World Cup' has"``.

    Raises:
        InvalidInput: anything else: ``the season asked is one reached: Altdorf Anvils has season 1 only, got 9``.
    """
    lowest = 0 if every else 1
    whole = not isinstance(season, bool) and isinstance(season, int)
    if not whole or not lowest <= season <= latest:  # type: ignore[operator]
        has = "season 1 only" if latest == 1 else f"seasons 1 to {latest}"
        also = ", and 0 for every season" if every else ""
        kind = "" if whole else "; a season is a whole number"  # '1' is no season 1: said, not left to be guessed
        msg = f"the season asked is one reached: {holder} {has}{also}{kind}, got {season!r:.60}"
        raise InvalidInput(msg)
    return season  # type: ignore[return-value]


def _walk(entries: Iterable[Event]) -> Iterator[Event]:
    """The team's own events in order, steps opened; what happened to members is left out. (A stack of
    iterators rather than nested generators: the ledger is walked at every match.)"""
    stack = [iter(entries)]
    while stack:
        for event in stack[-1]:
            if isinstance(event, Step):
                stack.append(iter(event.events))
                break
            yield event
        else:
            stack.pop()


def results(team: Sheet, *, season: int | None = None) -> tuple[Result, ...]:
    """Every result recorded on the team's ledger in ``season`` (the current one by default), in order.

    Raises:
        InvalidInput: a sheet that is not a league team, a season it has not reached (``season_reached``), or a
            ``result`` tag on the ledger that is not in the format results are written in.
    """
    wanted = check_season(team, season, "results")
    return tuple(
        read_result(event.effect.tags[RESULT_TAG], wanted, f"the ledger entry {event.reason!r}")
        for event in _tagged(team, wanted, RESULT_TAG)
    )


def result_of(team: Sheet, number: int) -> Result | None:
    """The result of match ``number`` in the team's current season, read from the end of the ledger (the last
    recorded match is found at once), or None when it was not recorded."""
    season = season_of(team)
    for entry in reversed(team.ledger):
        for event in reversed(_marked(entry)):
            tags = event.effect.tags
            if "season" in tags:
                return None
            if RESULT_TAG in tags and str(tags[RESULT_TAG]).split(" ", 1)[0] == str(number):
                return read_result(tags[RESULT_TAG], season, f"the ledger entry {event.reason!r}")
    return None


def numbers(team: Sheet, *, season: int | None = None) -> tuple[frozenset[int], frozenset[int]]:
    """The numbers of the matches recorded in ``season`` (the current one by default), and of those whose
    post-match sequence ended: the current season's as its ledger keeps them (:func:`season_matches`), an earlier
    season's from one walk of the ledger, reading only the numbers."""
    wanted = check_season(team, season, "match numbers")
    if str(wanted) == team.tags.get("season", "1"):
        now = season_matches(team)
    else:
        now = _counted(SeasonMatches(season=str(wanted)), _tagged(team, wanted, RESULT_TAG, CLOSED_TAG))
    return _numbers(now.recorded), _numbers(now.ended)


@attrs.frozen
class SeasonMatches:
    """The match numbers of a team's current season, as its ledger tells them: match ``n`` is bit ``n`` of a whole
    number, so that a match recorded adds one bit, never copying a set of the season's matches."""

    #: The season, as the tag that started it is written (``"1"`` before any).
    season: str
    #: The matches recorded this season.
    recorded: int = 0
    #: The matches whose post-match sequence ended (Expensive Mistakes) this season.
    ended: int = 0

    def was_recorded(self, number: int) -> bool:
        """Whether match ``number`` was recorded this season."""
        return number >= 0 and bool(self.recorded >> number & 1)

    def has_ended(self, number: int) -> bool:
        """Whether the post-match sequence of match ``number`` ended this season."""
        return number >= 0 and bool(self.ended >> number & 1)


def season_matches(team: Sheet) -> SeasonMatches:
    """The match numbers of the team's current season, kept beside its ledger
    (:class:`~progression.ledger.LedgerIndex`): a team that records a match reads only the entries the operations
    since added, at any length of season or history. (A sheet read from a store reads its season back once.)

    Raises:
        InvalidInput: a ``result`` or ``closed`` tag on the ledger whose match number is not a whole number from 0
            to 9,999 (a hand-edited file), named with its entry.
    """
    return team.ledger.indexed(_SEASON_MATCHES)


def _numbers(bits: int) -> frozenset[int]:
    """The match numbers whose bits are set."""
    return frozenset(n for n in range(bits.bit_length()) if bits >> n & 1)


def _counted(now: SeasonMatches, events: Iterable[Adjusted]) -> SeasonMatches:
    """``now`` after ``events`` (marked entries, in order): a ``season`` tag starts a season with no match, a
    ``result`` tag records its match, a ``closed`` tag ends its sequence."""
    season, recorded, ended = now.season, now.recorded, now.ended
    for event in events:
        tags = event.effect.tags
        if "season" in tags:
            season, recorded, ended = str(tags["season"]), 0, 0
            continue
        if RESULT_TAG in tags:
            recorded |= 1 << _match_bit(str(tags[RESULT_TAG]).split(" ", 1)[0], "the result number", event)
        if CLOSED_TAG in tags:
            ended |= 1 << _match_bit(tags[CLOSED_TAG], "the closed tag", event)
    if (season, recorded, ended) == (now.season, now.recorded, now.ended):
        return now
    return SeasonMatches(season=season, recorded=recorded, ended=ended)


def _match_bit(tag: str, what: str, event: Adjusted) -> int:
    """The match number a tag holds, checked before it becomes a bit (a hand-edited ``99999999999`` would be a
    number of ten billion bits); a refusal names ``what`` it is and the entry that holds it."""
    if not (isinstance(tag, str) and tag.isascii() and tag.isdigit() and int(tag) < MATCH_NUMBERS.stop):
        msg = (
            f"{what} of the ledger entry {event.reason!r} is a whole number from 0 to {MATCH_NUMBERS.stop - 1:,} "
            f"such as '2', got {tag!r}"
        )
        raise InvalidInput(msg)
    return int(tag)


def _read_season(ledger: Sequence[Event]) -> SeasonMatches:
    """The current season's numbers, read back from the end of ``ledger`` to the season's start."""
    season, events = _current_season(ledger)
    return _counted(SeasonMatches(season=season), events)


def _extend_season(now: SeasonMatches, entries: Sequence[Event]) -> SeasonMatches:
    """``now`` after ``entries``, appended to the ledger in this order."""
    return _counted(now, (event for entry in entries for event in _marked(entry)))


#: The current season's match numbers, kept beside each team's ledger.
_SEASON_MATCHES: LedgerIndex[SeasonMatches] = LedgerIndex(
    name="match numbers of the season", read=_read_season, extend=_extend_season
)


def closed_matches(team: Sheet, *, season: int | None = None) -> tuple[int, ...]:
    """The numbers of the matches whose post-match sequence ended (Expensive Mistakes) in ``season`` (the
    current one by default), in order, read from the ``closed`` tag of the entries that ended them."""
    wanted = check_season(team, season, "closed matches")
    return tuple(
        _season_number(event.effect.tags[CLOSED_TAG], f"the closed tag of the ledger entry {event.reason!r}", 0)
        for event in _tagged(team, wanted, CLOSED_TAG)
    )


def joined_in(team: Sheet, member: str) -> int:
    """The season ``member`` last joined the team's roster in, read from the team's ledger (a re-drafted
    player stays on the roster: he joined in the season he was first hired, as a journeyman too).

    Raises:
        UnknownName: a member not on the roster.
    """
    if member not in team.members:
        raise UnknownName("member", member, team.members, f"team {team.name!r}")
    current, joined = 1, 1
    for event in _walk(team.ledger):
        if isinstance(event, Joined) and event.member == member:
            joined = current
        elif isinstance(event, Adjusted) and "season" in event.effect.tags:
            current = _season_number(
                event.effect.tags["season"], f"the season tag of the ledger entry {event.reason!r}"
            )
    return joined


def lasting_injury_in(team: Sheet, member: str, number: int) -> bool:
    """Whether ``member`` suffered a Lasting Injury in match ``number`` of the team's season: read from the entry
    that recorded its outcome, the last one back from the end of the ledger (a match's sequence is its last few
    entries, so no long history is walked)."""
    for entry in reversed(team.ledger):
        if any(str(e.effect.tags.get(RESULT_TAG, "")).split(" ", 1)[0] == str(number) for e in _marked(entry)):
            events = entry.events if isinstance(entry, Step) else (entry,)
            return any(type(e) is Member and e.member == member and _lasting(e.event) for e in _walk(events))
        if any("season" in e.effect.tags for e in _marked(entry)):
            return False  # the season started after it: not this season's match
    return False


def _lasting(event: Event) -> bool:
    """Whether an event on a player (his injury step) gave him a Lasting Injury."""
    if isinstance(event, Step):
        return any(_lasting(inner) for inner in event.events)
    return isinstance(event, Adjusted) and event.effect.stats.get("lasting_injuries", 0) > 0


#: The tags :func:`_tagged` looks for: a season's start, a result, the end of a post-match sequence.
_MARKS = frozenset({"season", RESULT_TAG, CLOSED_TAG})


def _marked(entry: Event) -> tuple[Adjusted, ...]:
    """The entries of one top-level ledger entry (a step opened) that carry a season, result or closed tag."""
    if not isinstance(entry, Step):
        return (entry,) if isinstance(entry, Adjusted) and not _MARKS.isdisjoint(entry.effect.tags) else ()
    return tuple(e for e in _walk(entry.events) if isinstance(e, Adjusted) and not _MARKS.isdisjoint(e.effect.tags))


def _current_season(ledger: Sequence[Event]) -> tuple[str, list[Adjusted]]:
    """The current season's tag as written (``"1"`` before any), and its entries that carry a result or closed tag,
    in order: read backwards from the end to the season's start, so that a long history is not walked."""
    found: list[Adjusted] = []
    for entry in reversed(ledger):
        for event in reversed(_marked(entry)):
            if "season" in event.effect.tags:
                return str(event.effect.tags["season"]), found[::-1]
            found.append(event)
    return "1", found[::-1]


def _tagged(team: Sheet, season: int, *tags: str) -> Iterator[Adjusted]:
    """The team's entries in ``season`` that carry one of ``tags``, in order (a ``season`` tag starts a season).

    The current season is read backwards from the end to its start, so a team's long history is not walked at
    every match; an earlier season is read from the start.
    """
    # The current season, compared as written: a tag that is not a number is named below, with its entry.
    if str(season) == team.tags.get("season", "1"):
        _, events = _current_season(team.ledger)
        yield from (event for event in events if any(tag in event.effect.tags for tag in tags))
        return
    current = 1
    for event in (marked for entry in team.ledger for marked in _marked(entry)):
        if "season" in event.effect.tags:
            current = _season_number(
                event.effect.tags["season"], f"the season tag of the ledger entry {event.reason!r}"
            )
        elif current == season and any(tag in event.effect.tags for tag in tags):
            yield event


@attrs.frozen(kw_only=True)
class Result:
    """One recorded result of a team, as its ledger tells it."""

    season: int
    number: int
    opponent: str
    #: ``win``, ``draw`` or ``loss``.
    outcome: str
    scored: int
    against: int
    #: SPP-earning casualties the team caused.
    casualties: int
    #: ``league``, ``friendly``, ``unplayed`` or ``playoff``.
    kind: str = "league"
    #: ``""``, ``"us"`` (this team conceded) or ``"them"``.
    conceded: str = ""


def read_result(value: str, season: int, where: str) -> Result:
    """The result a ``result`` tag holds (see :func:`result_tag`).

    Raises:
        InvalidInput: a value not in that format, naming ``where`` (the ledger entry) it was found.
    """
    parts = value.split(" ", 6) if isinstance(value, str) else []
    if len(parts) == 7:
        number, outcome, score, cas, kind, conceded, opponent = parts
        scored, _, against = score.partition("-")
        numbers = (number, scored, against, cas)
        if (
            all(n.isdigit() and n.isascii() for n in numbers)
            and outcome in _OUTCOMES
            and kind in KINDS
            and conceded in _CONCEDED
            and opponent.strip()
        ):
            return Result(
                season=season,
                number=int(number),
                opponent=opponent,
                outcome=outcome,
                scored=int(scored),
                against=int(against),
                casualties=int(cas),
                kind=kind,
                conceded=_CONCEDED[conceded],
            )
    msg = f"the result recorded by {where} is {_FORMAT}, got {value!r}"
    raise InvalidInput(msg)
