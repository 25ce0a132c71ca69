"""The results of a table's teams checked against each other: a match between two teams of the table is recorded
by each, so each result that names another team of the table must be mirrored in that team's results (the same
match number, this team as its opponent, the score reversed, the same kind of match and concession).

Team files are kept by their coaches, each on his own: two files may tell the same match differently (both won
match 1 against each other), or one may not have it yet. A table that counted both would be wrong without a
word, so :func:`~progression_bloodbowl.league.standings.standings` refuses it (:class:`ResultsDisagree`,
naming each match, each team and what each recorded). A result against a team that is none of the table's is
normal (a league's teams play outside it), but one whose name is close to a team of the table is likely that team
misspelt, whose match then counts for nobody: it is said (:class:`UnmatchedOpponent`, a warning), not refused,
since another team may really have a close name.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence

import attrs

from progression.errors import ProgressionError
from progression.spelling import closest

from ..team.results import Result

__all__ = ["Disagreement", "ResultsDisagree", "UnmatchedOpponent", "cross_check"]

#: Who conceded, as the other team records it.
_MIRRORED_CONCESSION = {"": "", "us": "them", "them": "us"}
_MIRRORED_OUTCOME = {"win": "loss", "draw": "draw", "loss": "win"}


@attrs.frozen(kw_only=True)
class Disagreement:
    """One match two teams of a table recorded differently, or one of them not at all."""

    #: The team whose result names the other.
    team: str
    #: What ``team`` recorded.
    recorded: Result
    #: The team of the table it names as its opponent.
    opponent: str
    #: What ``opponent`` recorded as the match of the same number in the season (None: nothing).
    mirrored: Result | None

    @property
    def number(self) -> int:
        """The match's number."""
        return self.recorded.number

    def __str__(self) -> str:
        said = f"match {self.number}: {self.team} recorded {_said(self.recorded)}, {self.opponent} "
        return said + (f"has no match {self.number}" if self.mirrored is None else _said(self.mirrored))


class ResultsDisagree(ProgressionError, ValueError):
    """The teams of a table recorded the same matches differently: the table would count both.

    Attributes:
        season: The season of the table.
        disagreements: Each match they disagree on, once, in the order of the teams given and their matches.
        unmatched: What :class:`UnmatchedOpponent` would have said of the results against a team that is none of
            the table's, whose name is close to one's: said with the refusal, so that all is amended at once.
        sheets: The teams it names, by name, in the order given (each disagreement's two teams, and each
            unmatched result's team and the teams its opponent is close to): the command line says their files.
    """

    def __init__(
        self,
        season: int,
        disagreements: Sequence[Disagreement],
        unmatched: Sequence[str] = (),
        *,
        sheets: Sequence[str] = (),
    ) -> None:
        self.season = season
        self.disagreements = tuple(disagreements)
        self.unmatched = tuple(unmatched)
        named = (name for d in self.disagreements for name in (d.team, d.opponent))
        self.sheets = tuple(sheets) if sheets else tuple(dict.fromkeys(named))
        told = "; ".join(str(d) for d in self.disagreements)
        also = "".join(f"; and {said}" for said in self.unmatched)
        super().__init__(
            f"the teams' results of season {season} disagree ({told}): a match between two teams is "
            f"recorded by both, the score reversed; amend the result that is wrong, or record the missing one{also}"
        )


class UnmatchedOpponent(UserWarning):
    """A result names an opponent that is none of the table's teams but is close to one's name: likely that team
    misspelt, whose match then counts for nobody. Said, not refused: another team may have a close name.

    Attributes:
        sheets: The team that recorded the result, then the teams of the table its opponent is close to, by name
            (the command line says their files).
    """

    def __init__(self, message: str, *, sheets: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.sheets = tuple(sheets)


def cross_check(results: Mapping[str, Sequence[Result]], season: int) -> None:
    """Check the results of a table's teams against each other (see the module).

    Args:
        results: Each team of the table, by name, and its results in ``season``.
        season: The table's season.

    Raises:
        ResultsDisagree: a result against a team of the table that this team does not mirror, every one at once
            (and the opponents :class:`UnmatchedOpponent` would warn of).

    Warns:
        UnmatchedOpponent: a result against a team that is none of the table's, whose name is close to one's.
    """
    by_number = {team: {result.number: result for result in found} for team, found in results.items()}
    found: dict[tuple[int, frozenset[str]], Disagreement] = {}
    unmatched: list[UnmatchedOpponent] = []
    for team, recorded in results.items():
        for result in recorded:
            if result.opponent not in by_number:
                near = closest(result.opponent, by_number)
                unmatched.extend([_unmatched(team, result, season, near)] if near else [])
                continue
            mirrored = by_number[result.opponent].get(result.number)
            if not _mirrors(team, result, mirrored):
                key = (result.number, frozenset((team, result.opponent)))  # a pair's match said once, not twice
                found.setdefault(
                    key, Disagreement(team=team, recorded=result, opponent=result.opponent, mirrored=mirrored)
                )
    if found:
        named = {name for d in found.values() for name in (d.team, d.opponent)}
        named.update(name for said in unmatched for name in said.sheets)
        sheets = [team for team in results if team in named]  # in the order given
        raise ResultsDisagree(season, list(found.values()), [str(said) for said in unmatched], sheets=sheets)
    for said in unmatched:
        warnings.warn(said, stacklevel=3)  # the caller of standings


def _mirrors(team: str, result: Result, other: Result | None) -> bool:
    """Whether ``other`` is ``result`` as its opponent recorded it."""
    return (
        other is not None
        and other.opponent == team
        and (other.scored, other.against) == (result.against, result.scored)
        and other.kind == result.kind
        and other.conceded == _MIRRORED_CONCESSION.get(result.conceded, result.conceded)
        # the score and the concession decide every other outcome; a play-off's Penalty Shoot-out does not show in
        # the score, so its winner is compared: both teams cannot have won it
        and (result.kind != "playoff" or other.outcome == _MIRRORED_OUTCOME[result.outcome])
    )


def _unmatched(team: str, result: Result, season: int, near: Sequence[str]) -> UnmatchedOpponent:
    """What is said of an opponent that is none of the table's teams, close to ``near``
    (:func:`progression.spelling.closest`)."""
    said = (
        f"{team} recorded match {result.number} of season {season} against {result.opponent!r}, no team of the "
        f"table but close to {', '.join(near)}; if it means that team, amend the opponent's name, so that the match "
        "is checked against its results"
    )
    return UnmatchedOpponent(said, sheets=(team, *near))


def _said(result: Result) -> str:
    """A result as the disagreement tells it: ``a win 2-1 against Delberz Dukes (friendly)``."""
    notes = [{"playoff": "play-off"}.get(result.kind, result.kind)] if result.kind != "league" else []
    if result.conceded:
        notes.append("conceded" if result.conceded == "us" else "opponent conceded")
    told = f"a {result.outcome} {result.scored}-{result.against} against {result.opponent}"
    return told + (f" ({', '.join(notes)})" if notes else "")
