"""A team's file brought back into its league (:meth:`League.update_team
<progression_bloodbowl.types.League.update_team>`) compared with the team the league holds: whether the file's
history extends the league's, entry for entry, and when it does not, the first entry that differs and what to
do about it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, cast

import attrs

from progression import Entry, Operation, Sheet
from progression.errors import Sentence, Way
from progression.spelling import command_line

from ..match.corrections import match_records
from .records import shown

if TYPE_CHECKING:
    from .fixtures import Fixture

__all__ = ["difference", "divergence", "extends"]

#: Where the fixtures of the season are listed, by their numbers.
_FIXTURES = Way(python="League.fixtures()", command="league fixtures")


def extends(sheet: Sheet, stored: Sheet) -> bool:
    """Whether ``sheet``'s history is ``stored``'s, entry for entry, then perhaps more."""
    return divergence(sheet, stored) is None


def _export(team: str | None) -> Way:
    """What writes ``team`` of the league to a file, as the league holds it (``TEAM`` when it is not known); the
    file, ``TEAMFILE``, is the reader's to name."""
    said = "TEAM" if team is None else command_line(team)
    return Way(python="League.export_team", command="league team export", args=f"{said} TEAMFILE")


def _amending(fixture: Fixture | None, season: int | None) -> tuple[str | Way, ...]:
    """What amends the match ``fixture`` recorded: ``league amend FILE 3 ...`` (with ``--season`` for a fixture of
    an earlier season); ``FIXTURE``, and where the fixtures are listed, when the fixture is not known."""
    if fixture is None:
        way = Way(python="League.amend", command="league amend", args="FIXTURE ...")
        return (way, " (the fixture by its number: ", _FIXTURES, " lists them)")
    earlier = season is not None and fixture.season != season
    python = f"League.amend({fixture.number}, ...{f', season={fixture.season}' if earlier else ''})"
    args = f"{fixture.number} ...{f' --season {fixture.season}' if earlier else ''}"
    said = f" (fixture {fixture.number} of season {fixture.season}: {fixture.home} v {fixture.away})"
    return (Way(python=python, command="league amend", args=args), said)


def _recording(fixture: Fixture | None) -> tuple[str | Way, ...]:
    """What records ``fixture``'s match: ``league record FILE 3 ...``; ``FIXTURE``, and where the fixtures are
    listed, when the fixture is not known."""
    if fixture is None:
        way = Way(python="League.record", command="league record", args="FIXTURE ...")
        return (way, " (the fixture by its number: ", _FIXTURES, " lists them)")
    way = Way(python=f"League.record({fixture.number}, ...)", command="league record", args=f"{fixture.number} ...")
    return (way, f" (fixture {fixture.number}: {fixture.home} v {fixture.away}, round {fixture.round})")


def divergence(
    sheet: Sheet,
    stored: Sheet,
    *,
    team: str | None = None,
    fixtures: Callable[[], Iterable[Fixture]] = tuple,
    season: int | None = None,
) -> Sentence | None:
    """Why ``sheet``'s history does not extend ``stored``'s: its first entry that differs, or the entries it
    misses (None: every stored entry is in ``sheet``, unchanged, in its place).

    The commands it names run on ``team`` (the league's id of the team) and on the fixture a match is recorded on,
    which ``fixtures`` finds (the league's fixtures of every season, read only when there is something to say;
    ``season`` the current one): the fixture that recorded the league's entry, or the one of the current season
    whose round is the number of the file's match. What is not known is left to the reader, and said where to
    find."""
    ledger, kept = sheet.ledger, stored.ledger
    export = _export(team)
    for position, held in enumerate(kept, start=1):
        if position > len(ledger):
            return Sentence(
                (
                    f"it holds {_entries(len(ledger))} where the league holds {len(kept)}, entry {position} "
                    f"({label(held)}) the first it misses: it is older than the league's team; export the team "
                    "again (",
                    export,
                    ") and run its sequence on that file",
                )
            )
        found = ledger[position - 1]
        if found == held:
            continue
        matches = [isinstance(e, Entry) and bool(match_records(e.operation)) for e in (found, held)]
        why: tuple[str | Way, ...]
        if all(matches):  # the league's match, amended in the file
            recorded = next((f for f in fixtures() if team is not None and f.entries.get(team) == position), None)
            why = (
                "a match the league holds is corrected in the league, on both teams and its fixture at once, with ",
                *_amending(recorded, season),
                ", not in a team's file: export the team again (",
                export,
                ")",
            )
        elif matches[0]:
            rounds = [record.number for record in match_records(cast("Entry", found).operation)]
            playing = [f for f in fixtures() if f.season == season and team in (f.home, f.away)]
            why = (
                "a match of the league is recorded on both teams and its fixture at once, with ",
                *_recording(next((f for f in playing if f.round == rounds[0]), None)),
                ", not in a team's file",
            )
        elif matches[1]:
            why = ("the file misses the league's match: export the team again (", export, ")")
        else:
            why = (
                f"the file and the league went different ways after entry {position - 1}: export the team again (",
                export,
                ") to run on it what the league does not hold yet; an entry the league holds is corrected in the "
                "league, not in a file: a match with ",
                *_amending(None, season),
            )
        differs = difference(found, held) if label(found) == label(held) else ""
        return Sentence(
            (
                f"its entry {position} ({label(found)}) is not the league's entry {position} ({label(held)}){differs}; ",
                *why,
            )
        )
    return None


def difference(found: object, held: object) -> str:
    """What tells apart two entries described alike (the same step of the same match), in words: the operation's
    values that differ, each by its path in the operation (``match.score``, ``operations[1].name``: the second
    operation of a batch, such as a draft's second hire) with its value in the file and in the league, else their
    rolls, else their events; empty when they are not both entries."""
    if not isinstance(found, Entry) or not isinstance(held, Entry):
        return ""
    fields = _fields_differing(found.operation, held.operation, "")
    if fields:
        said = "; ".join(f"{name}: {mine} in the file, {theirs} in the league" for name, mine, theirs in fields[:3])
        more = f"; and {len(fields) - 3} more" if len(fields) > 3 else ""
        return f" ({said}{more})"
    if found.rolls != held.rolls:
        return f" (its rolls: {_rolls(found)} in the file, {_rolls(held)} in the league)"
    return " (its events are not the league's)"


#: A key one of two mappings holds and the other does not.
_ABSENT = object()


def _fields_differing(mine: object, theirs: object, path: str) -> list[tuple[str, str, str]]:
    """Where two values differ, each place by its path (``match.score``, ``operations[1].name``) with both values
    in words: a field of an attrs class, an item of two sequences, a key of two mappings looked into in turn, down
    to the values that differ, so that a batch of a dozen operations (a draft) names the one hire changed rather
    than showing both batches cut at the same prefix (a sequence of plain values, such as a score, is said whole).

    Not the core's walk (``progression.history.verify.difference``): that one says the first difference only,
    as what was recorded against what the rules give; here every place that differs is counted, file against
    league."""
    if mine == theirs:
        return []
    where = path or "operation"
    if type(mine) is type(theirs) and attrs.has(type(mine)):
        found = []
        for field in attrs.fields(cast("type[attrs.AttrsInstance]", type(mine))):
            inner = f"{path}.{field.name}" if path else field.name
            found += _fields_differing(getattr(mine, field.name), getattr(theirs, field.name), inner)
        return found
    if isinstance(mine, tuple | list) and isinstance(theirs, tuple | list) and _compound(mine, theirs):
        found = []
        for index, (a, b) in enumerate(zip(mine, theirs, strict=False)):
            found += _fields_differing(a, b, f"{where}[{index}]")
        if len(mine) != len(theirs):
            found.append((where, _items(len(mine)), _items(len(theirs))))
        return found
    if isinstance(mine, Mapping) and isinstance(theirs, Mapping):
        found = []
        for key in sorted(set(mine) | set(theirs), key=str):
            found += _fields_differing(mine.get(key, _ABSENT), theirs.get(key, _ABSENT), f"{where}[{str(key)!r}]")
        return found
    return [(where, _said(mine), _said(theirs))]


def _compound(*sequences: tuple[object, ...] | list[object]) -> bool:
    """Whether a sequence is looked into item by item: one of operations, records or mappings is; one of plain
    values (a score, nominees) is said whole, ``[3, 1]`` against ``[2, 1]``."""
    return any(attrs.has(type(item)) or isinstance(item, Mapping) for items in sequences for item in items)


def _entries(count: int) -> str:
    return f"{count} entr{'y' if count == 1 else 'ies'}"


def _items(count: int) -> str:
    return f"{count} item{'' if count == 1 else 's'}"


def _said(value: object) -> str:
    """A value of an operation in words: an operation by its label, a key one side lacks as ``nothing``, anything
    else as JSON data (:func:`.records.shown`), never as Python (``('3', '5')``, ``None``)."""
    if value is _ABSENT:
        return "nothing"
    if isinstance(value, Operation):
        return shown(value.label)
    return shown(_plain(value))


def _plain(value: object) -> object:
    """An operation's value as JSON data (a tuple as a list, a mapping as a dict), for :func:`.records.shown` to
    write as text, never as Python (``('3', '5')``, ``None``)."""
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    return value


def _rolls(entry: Entry) -> str:
    return ", ".join(f"{roll.label} {'/'.join(map(str, roll.results))}" for roll in entry.rolls) or "none"


def label(entry: object) -> str:
    return str(getattr(entry, "label", None) or getattr(entry, "tag", type(entry).__name__))
