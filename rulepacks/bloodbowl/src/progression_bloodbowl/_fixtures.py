"""The kinds of match a record may be (a league fixture, a friendly game, a fixture left unplayed), who pays
for a concession, and the result a match writes on the team's ledger, which the league table reads back.

A result is written twice on the same ledger entry: as a sentence for people (the entry's reason) and
as the tag ``result`` of the entry's effect, in a compact machine format (:func:`result_tag`). Only
the tag is ever read back (:func:`read_result`): a reason is prose, and prose is never parsed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from progression import RulePack
from progression.errors import InvalidInput, UnknownName

from ._players import data_of

if TYPE_CHECKING:
    from ._match import MatchRecord

__all__ = [
    "KINDS",
    "RESULT_TAG",
    "Result",
    "check_kind",
    "check_opponent",
    "final_score",
    "penalised",
    "read_result",
    "result_reason",
    "result_tag",
]

#: The kinds of match a record may be: a league fixture, a friendly game, a fixture left unplayed by the deadline.
KINDS = ("league", "friendly", "unplayed")
#: The tag of the ledger entry that records a result; its value is written by :func:`result_tag`.
RESULT_TAG = "result"
_OUTCOMES = ("win", "draw", "loss")
_CONCEDED = {"-": "", "us": "us", "them": "them"}
_FORMAT = "'<number> <win|draw|loss> <scored>-<against> <casualties> <kind> <-|us|them> <opponent>'"


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
    #: ``league``, ``friendly`` or ``unplayed``.
    kind: str = "league"
    #: ``""``, ``"us"`` (this team conceded) or ``"them"``.
    conceded: str = ""


def check_opponent(match: MatchRecord) -> None:
    """Refuse an opponent that is not a name on one line: the result's tag ends with it."""
    opponent = match.opponent
    if not isinstance(opponent, str) or not opponent.strip() or opponent.splitlines() != [opponent]:
        msg = f"the opponent of match {match.number} is a team's name on one line, got {opponent!r}"
        raise InvalidInput(msg)


def check_kind(pack: RulePack, match: MatchRecord) -> None:
    """Refuse a kind the pack does not know, and what a friendly or an unplayed fixture cannot hold."""
    if match.kind not in KINDS:
        raise UnknownName("match kind", match.kind, KINDS, f"the record of match {match.number}")
    if not isinstance(match.without_penalty, bool) or (match.without_penalty and match.conceded != "us"):
        msg = (
            f"match {match.number}: without_penalty is True only for a team that conceded (conceded='us'), "
            f"got without_penalty={match.without_penalty!r} with conceded={match.conceded!r}"
        )
        raise InvalidInput(msg)
    if match.kind == "unplayed":
        _check_unplayed(match)
    elif match.kind == "friendly":
        _check_friendly(pack, match)


def penalised(match: MatchRecord) -> bool:
    """Whether this team pays the concession's penalties: it conceded a fixture that was played, and not
    because it could not set up three players on the Line of Scrimmage (``without_penalty``). Conceding an
    unplayed fixture is always Conceding Without Penalty."""
    return match.conceded == "us" and match.kind == "league" and not match.without_penalty


def _check_unplayed(match: MatchRecord) -> None:
    """An unplayed fixture has no score, events, injuries, crowd or Stalling; MVPs only for the side the other conceded to."""
    wrong = [
        what
        for what, bad in (
            (f"score {match.score[0]}-{match.score[1]}", match.score != (0, 0)),
            ("match events", bool(match.events)),
            ("injuries", bool(match.injuries)),
            (f"fan attendance {match.fan_attendance}", bool(match.fan_attendance)),
            ("Stalling", match.stalling),
            ("MVP nominees", bool(match.mvp_nominees) and match.conceded != "them"),
        )
        if bad
    ]
    if wrong:
        msg = f"match {match.number} is an unplayed fixture, so it has no {', '.join(wrong)}" + (
            "; MVP nominees are given only when the opponent conceded it" if "MVP nominees" in wrong else ""
        )
        raise InvalidInput(msg)


def _check_friendly(pack: RulePack, match: MatchRecord) -> None:
    """Nothing is at stake in a friendly: no concession to record, and no MVP when it awards no SPP."""
    if match.conceded:
        msg = f"match {match.number} is a friendly game: nothing is at stake, so no concession is recorded; record the score"
        raise InvalidInput(msg)
    if match.mvp_nominees and not data_of(pack).rules.league.friendly_spp:
        msg = f"match {match.number} is a friendly game, which awards no SPP: no MVP nominees, got {list(match.mvp_nominees)}"
        raise InvalidInput(msg)


def final_score(pack: RulePack, match: MatchRecord) -> tuple[int, int]:
    """The score that counts (touchdowns for, against). After a concession, with or without penalty and on
    an unplayed fixture too, the side conceded to wins 2-0, or X-0 when it had already scored X > 2
    (``[concede]`` winner_score, loser_score)."""
    if not match.conceded:
        return match.score
    rules = data_of(pack).rules.league.concession
    scored, against = match.score
    if match.conceded == "us":
        return rules.loser, max(rules.winner, against)
    return max(rules.winner, scored), rules.loser


def result_reason(match: MatchRecord, outcome: str, score: tuple[int, int], casualties: int) -> str:
    """The sentence that records a result (``outcome``: win, draw, loss) on the ledger, for people to read.

    ``match 3 against Orcs: win 3-1, 2 casualties`` with ``(friendly)``, ``(unplayed)``, ``(conceded)``,
    ``(conceded without penalty)`` or ``(opponent conceded)`` after it when they apply; ``score`` is the
    one that counts (:func:`final_score`), ``casualties`` those that earned SPP.
    """
    scored, against = score
    cas = casualties
    notes = [match.kind] if match.kind != "league" else []
    if match.conceded == "us":
        notes.append("conceded" if penalised(match) else "conceded without penalty")
    elif match.conceded == "them":
        notes.append("opponent conceded")
    text = f"match {match.number} against {match.opponent}: {outcome} {scored}-{against}"
    text += f", {cas} casualt{'y' if cas == 1 else 'ies'}"
    return text + (f" ({', '.join(notes)})" if notes else "")


def result_tag(match: MatchRecord, outcome: str, score: tuple[int, int], casualties: int) -> str:
    """The result in the machine format the league table reads back (:func:`read_result`), the opponent last:
    ``3 win 3-1 2 league - Orcs`` (number, outcome, score, SPP-earning casualties, kind, who conceded)."""
    scored, against = score
    conceded = match.conceded or "-"
    return f"{match.number} {outcome} {scored}-{against} {casualties} {match.kind} {conceded} {match.opponent}"


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
