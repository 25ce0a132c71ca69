"""A recorded match corrected in a league (:meth:`League.amend <progression_bloodbowl.types.League.amend>`): which
later entries of its teams the correction may leave out, the fixtures kept naming the right entries, and the
refusal when it may not.

Both teams' entries of the match are replaced and every later entry of each runs again. An entry that the
corrected history refuses is refused (``invalid="refuse"``), or left out (``"drop"``; ``"stop"`` leaves out
every entry from the first refused on). A league may leave out of a team only what the team ran on itself
(:data:`~.team_actions.TEAM_OPERATIONS`: an advancement, a hire, Expensive Mistakes): a match is on both teams
and its fixture, a season's end on every team and the league's settings, a prize on the prizes' record, and
left out of one team they would leave the others naming what is gone. Each fixture names the entry that
recorded its match on each team by its number, so an entry left out moves every later one: the fixtures that
name them are renumbered (:func:`renumbered`), in the same transaction.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping, Sequence

import attrs

from progression import Entry, Sheet
from progression.errors import ProgressionError, Sentence, Way
from progression.history import Amendment, AmendmentRefused, EntryOutcome, Verification

from ..match.corrections import operations_in
from .fixtures import Fixture
from .team_actions import TEAM_OPERATIONS, in_league

__all__ = [
    "LeagueAmendmentRefused",
    "LeftOut",
    "checks_reworded",
    "entries_refused",
    "in_league_words",
    "left_out",
    "refusal",
    "renumbered",
    "reworded",
]


class LeagueAmendmentRefused(AmendmentRefused):
    """A league's amendment (:meth:`League.amend <progression_bloodbowl.types.League.amend>`) refused, and
    nothing changed: a later entry of either team became invalid (``invalid="refuse"``), or what ``"drop"`` or
    ``"stop"`` would leave out is an entry the league wrote on more than one team (a match, a season's end, a
    prize). Its ``reports`` say what became of every entry of both teams; ``report`` is the first team's whose
    entries were refused (an :class:`~progression.history.AmendmentRefused`'s, for a caller that catches that)."""

    def __init__(self, summary: str, message: Sentence, reports: Mapping[str, Amendment]) -> None:
        #: team id -> the report of its history run again (refused or dropped entries included), home team first.
        self.reports = dict(reports)
        self.report = next((r for r in self.reports.values() if r.refused), next(iter(self.reports.values())))
        #: What was refused, without what to do instead.
        self.summary = summary
        ProgressionError.__init__(self, message)


@attrs.frozen(kw_only=True)
class LeftOut:
    """An entry a league's amendment would leave out of one team while the league wrote it on several."""

    team: str
    outcome: EntryOutcome
    #: The fixture that names it, when it is a match of the league.
    fixture: Fixture | None = None

    def said(self) -> str:
        """The entry in words: its team, number and label, and the fixture that names it
        (``rats #14 (match 5: outcome, winnings, Dedicated Fans; fixture 9 of season 1)``)."""
        fixture = self.fixture
        named = "" if fixture is None else f"; fixture {fixture.number} of season {fixture.season}"
        return f"{self.team} #{self.outcome.position} ({self.outcome.label}{named})"


def reworded(report: Amendment, reword: Callable[[Sentence], Sentence]) -> Amendment:
    """``report`` with the sentence of each refusal it holds (:attr:`EntryOutcome.worded
    <progression.history.EntryOutcome.worded>`) reworded by ``reword``; its words in a program kept."""
    return attrs.evolve(
        report,
        outcomes=tuple(o if o.worded is None else attrs.evolve(o, worded=reword(o.worded)) for o in report.outcomes),
    )


def checks_reworded(report: Verification, reword: Callable[[Sentence], Sentence]) -> Verification:
    """``report`` with the sentence of each divergence that holds one reworded by ``reword``, as :func:`reworded`."""
    return attrs.evolve(
        report,
        divergences=tuple(
            d if d.worded is None else attrs.evolve(d, worded=reword(d.worded)) for d in report.divergences
        ),
    )


def in_league_words(team: str, report: Amendment) -> Amendment:
    """``report``, of ``team``'s history run again in the league, each refusal it holds said as the league says it
    (:func:`~.team_actions.in_league`: ``league do FILE TEAM ...`` where the rules name ``sheet do FILE ...``)."""
    return reworded(report, functools.partial(in_league, team))


def own(entry: object) -> bool:
    """Whether ``entry`` is one the team ran on itself (every operation of it, a batch's looked into, one of
    :data:`~.team_actions.TEAM_OPERATIONS`), which a league may leave out of the team alone."""
    return isinstance(entry, Entry) and all(op.tag in TEAM_OPERATIONS for op in operations_in(entry.operation))


def left_out(
    before: Mapping[str, Sheet], reports: Mapping[str, Amendment], named: Mapping[tuple[str, int], Fixture]
) -> list[LeftOut]:
    """The entries of each team that its report refuses or drops (what ``"drop"`` leaves out) and that the team
    did not run on itself; ``before`` holds each team as it was, ``named`` the fixture naming each team's entry."""
    found = []
    for team, report in reports.items():
        for outcome in report.refused:
            if not own(before[team].ledger[outcome.position - 1]):
                found.append(LeftOut(team=team, outcome=outcome, fixture=named.get((team, outcome.position))))
    return found


def _stopped(before: Mapping[str, Sheet], reports: Mapping[str, Amendment]) -> bool:
    """Whether ``"stop"`` would leave out only entries the teams ran on themselves: every entry of each team from
    its first refused on is its own."""
    for team, report in reports.items():
        if report.refused:
            first = report.refused[0].position
            if not all(own(entry) for entry in before[team].ledger[first - 1 :]):
                return False
    return True


def renumbered(
    fixtures: Sequence[Fixture], reports: Mapping[str, Amendment]
) -> Iterator[tuple[Fixture, dict[str, int]]]:
    """Each fixture of ``fixtures`` that names an entry moved by the entries the amendment left out (``reports``,
    each team's), with the entries it names now: an entry keeps its place less the number of entries left out
    before it."""
    dropped = {team: [o.position for o in report.outcomes if o.status == "dropped"] for team, report in reports.items()}
    for fixture in fixtures:
        entries = {
            team: position - sum(1 for gone in dropped.get(team, ()) if gone < position)
            for team, position in fixture.entries.items()
        }
        if entries != dict(fixture.entries):
            yield fixture, entries


def refusal(
    where: str,
    number: int,
    season: int,
    current: int,
    reports: Mapping[str, Amendment],
    before: Mapping[str, Sheet],
    leaving: Sequence[LeftOut],
    invalid: str,
) -> LeagueAmendmentRefused:
    """Why an amendment of fixture ``number`` of ``season`` was refused, and what to do instead, in the words of
    each interface: the entries it makes invalid, each with its reason; then, when the teams ran every one on
    themselves, the way to go on without them (``invalid='drop'`` in a program, ``--invalid drop`` on the command
    line; ``stop`` when it too leaves out only their own); else the entries the league wrote on several teams
    that it may not leave out of one. ``where``: the fixture, as the sentence names it; ``invalid``: what the
    amendment was asked to do with an invalid entry (``"refuse"``, ``"drop"``, ``"stop"``)."""
    refused = [(team, outcome) for team, report in reports.items() for outcome in report.refused]
    count = f"{len(refused)} later entr{'y' if len(refused) == 1 else 'ies'} of its teams"
    makes = f"makes {count} invalid" if invalid == "refuse" else f"would leave out {count}"
    # each entry's reason in the words of each interface (a program's in ``said``, the summary)
    said = Sentence(
        (f"{where} was not amended, and nothing was changed: the amendment {makes} (", *entries_refused(refused), ")")
    )
    if leaving:
        kept = ", ".join(entry.said() for entry in leaving)
        run = "it still runs" if len(leaving) == 1 else "they still run"
        return LeagueAmendmentRefused(
            str(said),
            Sentence(
                (
                    said,
                    f"; the league wrote {kept} on more than one team at once (a match on both teams and its "
                    "fixture, a season's end on every team, a prize with the season's prizes), and never leaves such an "
                    f"entry out of one team, as it may leave out a team's own: amend the fixture otherwise, so that {run}, "
                    "or keep it as it was recorded",
                )
            ),
            reports,
        )
    on = "" if season == current else f"--season {season} "
    python = "" if season == current else f"season={season}, "
    drop = Way(
        python=f"League.amend({number}, {python}..., invalid='drop')",
        command="league amend",
        args=f"{number} {on}... --invalid drop",
    )
    one = len(refused) == 1
    run, them = ("it still runs", "it") if one else ("they still run", "them")
    parts: list[str | Way | Sentence] = [
        said,
        f": amend the fixture otherwise, so that {run}, or go on without {them}: ",
        drop,
    ]
    parts.append(f" leaves {them} out (the fixtures naming later entries renumbered)")
    if _stopped(before, reports):
        stop = Way(
            python=f"League.amend({number}, {python}..., invalid='stop')",
            command="league amend",
            args=f"{number} {on}... --invalid stop",
        )
        parts += ["; ", stop, " ends each team's history before its first"]
    return LeagueAmendmentRefused(str(said), Sentence(tuple(parts)), reports)


def entries_refused(refused: Sequence[tuple[str, EntryOutcome]]) -> Iterator[str | Sentence]:
    """The entries of ``refused`` (each with its team) as a refusal lists them, ``team #N label: reason``, separated
    by semicolons, each reason with the ways it tells to run kept apart (said in each interface's words)."""
    for index, (team, outcome) in enumerate(refused):
        yield f"{'; ' if index else ''}{team} #{outcome.position} {outcome.label}: "
        yield outcome.worded or outcome.reason
