"""The league's records in its store, and their format: the settings (``bloodbowl.league``) and each fixture
(``bloodbowl.fixture/<season>/<number>``), as the league writes them and reads them back. A record edited in
the database into anything the league never writes is refused with a
:class:`~progression.errors.StoreError` naming it, never shown or acted on as it reads; a played fixture's
record is held against the entries that recorded it on both teams (:func:`unheld`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from progression import Entry, Sheet
from progression.errors import InvalidInput, ProgressionError, StoreError

from ..match.corrections import match_records
from ..team.results import season_reached
from .fixtures import SIDES, Fixture, Played, Side

if TYPE_CHECKING:
    from progression.store import Record, Store

__all__ = ["FIXTURE_RECORD", "FORMAT", "LEAGUE_RECORD"]

#: The store record of the league's settings.
LEAGUE_RECORD = "bloodbowl.league"
#: The start of each fixture's record name.
FIXTURE_RECORD = "bloodbowl.fixture/"
#: The layout of the league's records.
FORMAT = 1


def settings_problem(settings: dict[str, Any]) -> str | None:
    """What in a league's settings record no league writes (None: nothing)."""
    keys = ("format", "name", "season", "teams", "bonus")
    if set(settings) != set(keys):
        return f"it holds {', '.join(sorted(settings)) or 'nothing'}, where a league's settings hold {', '.join(keys)}"
    name, season, teams = settings["name"], settings["season"], settings["teams"]
    if settings["format"] != FORMAT:
        return f"its format is {shown(settings['format'])}, where this library writes {FORMAT}"
    if not isinstance(name, str) or not name.strip() or name.splitlines() != [name]:
        return f"its name is a text on one line, got {shown(name)}"
    if type(season) is not int or season < 1:
        return f"its season is a whole number >= 1, got {shown(season)}"
    if not isinstance(teams, list) or not all(isinstance(t, str) and t for t in teams) or len(set(teams)) < len(teams):
        return f"its teams are the ids of different teams, got {shown(teams)}"
    if not (settings["bonus"] is None or type(settings["bonus"]) is bool):
        return f"its bonus is true, false or null, got {shown(settings['bonus'])}"
    return None


def season_problem(settings: Mapping[str, Any], seasons: Mapping[str, int], fixtures: Mapping[int, int]) -> str | None:
    """What of the season a league's settings give disagrees with its teams and its fixtures (None: nothing): a
    league and its teams play one season and move on together (:meth:`League.new_season
    <progression_bloodbowl.types.League.new_season>` runs every team's season's end and the settings' in one
    transaction), and a season's fixtures are made once it is played, so a team in another season or a fixture of
    a later season is a record (or a team) changed in the database outside the library.

    Args:
        seasons: the season each team plays, by id (a team whose sheet does not read left out).
        fixtures: the number of fixtures of each season past the settings' that the store holds.
    """
    season = settings["season"]
    others: dict[int, list[str]] = {}
    for team, played in seasons.items():
        if played != season:
            others.setdefault(played, []).append(team)
    said = []
    if others:
        playing = [team for team, played in seasons.items() if played == season]
        told = [f"season {n} ({', '.join(teams)})" for n, teams in sorted(others.items())]
        if playing:
            told.append(f"season {season} ({', '.join(playing)})")
        said.append(f"its teams play {' and '.join(told)}")
    for later, count in sorted(fixtures.items()):
        said.append(f"it holds {count} fixture{'' if count == 1 else 's'} of season {later}")
    if not said:
        return None
    return (
        f"it gives season {season} as the season the league plays, where {'; '.join(said)}: a league and its teams "
        "play one season and move on together, so the record or a team was changed in the database outside the "
        "library"
    )


def fixture_seasons(names: Iterable[str]) -> dict[int, int]:
    """The number of fixture records of each season, by the records' names (``bloodbowl.fixture/<season>/<number>``;
    a name of another shape left out: the record is listed where it is read)."""
    counted: dict[int, int] = {}
    for name in names:
        season = name.removeprefix(FIXTURE_RECORD).partition("/")[0]
        if season.isascii() and season.isdigit():
            counted[int(season)] = counted.get(int(season), 0) + 1
    return counted


def season_asked(season: object, settings: Mapping[str, Any], *, every: bool = False) -> int:
    """The season a caller names (None: the current one), checked against the league's ``settings`` by the pack's
    one rule of a season (:func:`~progression_bloodbowl.team.results.season_reached`): a whole number from 1 to the
    season being played (0 too when ``every``: every season).

    Raises:
        InvalidInput: anything else, naming the seasons the league has and what came.
    """
    current = settings["season"]
    if season is None:
        return int(current)
    return season_reached(season, current, f"league {settings['name']!r} has", every=every)


def shown(value: object) -> str:
    """A value read from a record, as text: a list of texts as its items (``ghosts, counts``), a text quoted
    (``'maybe'``), anything else as JSON writes it (``true``, ``null``, ``[1]``), cut at 80 characters; never a
    Python list or word."""
    if isinstance(value, list) and value and all(isinstance(item, str) for item in value):
        text = ", ".join(value)
    elif value == []:
        text = "an empty list"
    elif isinstance(value, str):
        text = repr(value)
    else:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    return text if len(text) <= 80 else f"{text[:77]}..."


def fixture_name(season: int, number: int) -> str:
    """The record of fixture ``number`` of ``season``; every fixture a caller names is found through it."""
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        msg = f"a fixture is named by its number, a whole number >= 1, got {number!r}"
        raise InvalidInput(msg)
    return f"{FIXTURE_RECORD}{season}/{number:04d}"


def fixture_data(fixture: Fixture) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "season": fixture.season,
        "number": fixture.number,
        "round": fixture.round,
        "home": fixture.home,
        "away": fixture.away,
        "played": None if fixture.played is None else fixture.played.data(),
        "entries": dict(fixture.entries),
    }


def fixture_of(found: Record, where: str) -> Fixture:
    """The fixture a store record holds, as :func:`fixture_data` wrote it; a record edited into anything else
    (a number of another type, a team playing itself, entries of a fixture not played, a key it does not write)
    is refused with a :class:`~progression.errors.StoreError` naming it, never shown or amended as it reads.
    """
    data = found.value
    try:
        if not isinstance(data, dict) or set(data) != set(_FIXTURE_KEYS):
            keys = ", ".join(sorted(data)) or "nothing" if isinstance(data, dict) else shown(data)
            raise ValueError(f"it holds {keys}, where a fixture holds {', '.join(_FIXTURE_KEYS)}")
        if data["format"] != FORMAT:
            raise ValueError(f"its format is {shown(data['format'])}, where this library writes {FORMAT}")
        for key in ("season", "number", "round"):
            if type(data[key]) is not int or data[key] < 1:
                raise ValueError(f"its {key} is a whole number >= 1, got {shown(data[key])}")
        if found.name != fixture_name(data["season"], data["number"]):
            raise ValueError(f"it says fixture {data['number']} of season {data['season']}, not what its name says")
        home, away = data["home"], data["away"]
        if not isinstance(home, str) or not isinstance(away, str) or not home or home == away:
            raise ValueError(f"home and away are two different teams, got {shown(home)} and {shown(away)}")
        entries = data["entries"]
        if not isinstance(entries, dict) or any(type(v) is not int or v < 1 for v in entries.values()):
            raise ValueError(f"its entries map teams to entry numbers, got {shown(entries)}")
        played = None if data["played"] is None else _played(data["played"])
        if set(entries) != (set() if played is None else {home, away}):
            state = "not played records no entry" if played is None else "played records both teams' entries"
            raise ValueError(f"a fixture {state}, got {shown(entries)}")
    except ValueError as wrong:
        raise StoreError(where, f"record {found.name!r} is not a fixture: {wrong}") from None
    return Fixture(
        season=data["season"],
        number=data["number"],
        round=data["round"],
        home=home,
        away=away,
        played=played,
        entries=entries,
    )


#: The keys of a fixture's record, as :func:`fixture_data` writes them.
_FIXTURE_KEYS = ("format", "season", "number", "round", "home", "away", "played", "entries")


def _played(data: object) -> Played:
    """The match a fixture's record holds (:meth:`Played.data`), its fields of their types; ValueError otherwise
    (each side's players are checked against its team when the match is recorded or amended)."""
    fields = tuple(field.name for field in attrs.fields(Played))
    if not isinstance(data, dict) or not set(data) <= set(fields) or "score" not in data:
        raise ValueError(f"its match holds the fields {', '.join(fields)}, got {shown(data)}")
    score = data["score"]
    if not isinstance(score, list) or len(score) != 2 or any(type(n) is not int or n < 0 for n in score):
        raise ValueError(f"its score is two whole numbers >= 0, got {shown(score)}")
    if type(data.get("fan_attendance", 0)) is not int or data.get("fan_attendance", 0) < 0:
        raise ValueError(f"its fan attendance is a whole number >= 0, got {shown(data['fan_attendance'])}")
    if data.get("conceded", "") not in SIDES or data.get("kind", "league") not in ("league", "unplayed", "playoff"):
        raise ValueError(f"it was conceded by {shown(data.get('conceded'))} and is of kind {shown(data.get('kind'))}")
    if data.get("shootout", "") not in SIDES:
        raise ValueError(f"its Penalty Shoot-out was won by 'home', 'away' or nobody, got {shown(data['shootout'])}")
    if type(data.get("without_penalty", False)) is not bool:
        raise ValueError(f"its without_penalty is true or false, got {shown(data['without_penalty'])}")
    sides = {}
    for side in ("home", "away"):
        told = data.get(side, {})
        if not isinstance(told, dict) or not set(told) <= set(_SIDE_TYPES):
            raise ValueError(f"its {side} side holds {', '.join(_SIDE_TYPES)}, got {shown(told)}")
        if any(type(value) is not _SIDE_TYPES[key] for key, value in told.items()):
            raise ValueError(f"its {side} side holds {', '.join(_SIDE_TYPES)} of their types, got {shown(told)}")
        sides[side] = Side(**told)
    return Played(**{**data, **sides})


#: The fields of a side of a played fixture's record (:meth:`Played.data`), and the JSON type of each.
_SIDE_TYPES = {"events": dict, "mvp_nominees": list, "injuries": dict, "stalling": bool, "prayers": list, "extra": dict}


def unheld(fixture: Fixture, sheet: Callable[[str], Sheet], teams: Sequence[str]) -> list[str]:
    """What of a fixture's record its teams' entries do not hold: a team not of the league, a played match
    that is not the one the entry it names recorded (empty: the record holds)."""
    where = f"fixture {fixture.number} of season {fixture.season}"
    strangers = [team for team in (fixture.home, fixture.away) if team not in teams]
    if strangers:
        return [f"{where}: {strangers[0]!r} is not a team of the league"]
    if fixture.played is None:
        return []
    names = (sheet(fixture.home).name, sheet(fixture.away).name)
    problems = []
    for team, record in zip((fixture.home, fixture.away), fixture.played.records(fixture.round, *names), strict=True):
        position = fixture.entries[team]
        ledger = sheet(team).ledger
        if not 1 <= position <= len(ledger):
            held = f"{len(ledger)} entr{'y' if len(ledger) == 1 else 'ies'}"
            problems.append(
                f"{where}: the ledger of {team!r} has no entry {position} (it has {held}, 1 to {len(ledger)})"
            )
            continue
        entry = ledger[position - 1]
        if (match_records(entry.operation) if isinstance(entry, Entry) else []) != [record]:
            problems.append(f"{where}: entry {position} of {team!r} does not hold the match the fixture records")
    return problems


def listed_records(store: Store, prefix: str) -> Iterator[Record | StoreError]:
    """Every record of ``store`` under ``prefix``, or the refusal of one that is not JSON, in the order of their
    names: what a check lists rather than raises."""
    try:
        yield from store.records(prefix)
    except StoreError:  # one is not JSON: read each on its own, to list them all
        for name in store.record_names(prefix):
            try:
                found = store.record(name)
            except StoreError as wrong:
                yield wrong
            else:
                if found is not None:
                    yield found


def record_problems(store: Store, prefix: str, read: Callable[[Record], Iterable[str]]) -> list[str]:
    """What is wrong with each record of ``store`` under ``prefix``, in the order of their names: one that is not
    JSON, one that ``read`` (reading it as the commands do) refuses with a
    :class:`~progression.errors.ProgressionError`, or what else ``read`` finds wrong with the record it read."""
    problems = []
    for found in listed_records(store, prefix):
        if isinstance(found, StoreError):  # a record edited into text that is not JSON
            problems.append(str(found))
            continue
        try:
            problems += read(found)
        except ProgressionError as wrong:  # a record edited into something the league never writes
            problems.append(str(wrong))
    return problems
