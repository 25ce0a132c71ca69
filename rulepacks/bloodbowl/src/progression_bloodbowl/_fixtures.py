"""The kinds of match a record may be (a league fixture, a friendly game, a fixture left unplayed) and the
sentence that writes a result on the team's ledger, which the league table reads back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from progression import RulePack
from progression.errors import InvalidInput, UnknownName

from ._players import data_of
from ._values import Item

if TYPE_CHECKING:
    from ._match import MatchRecord

__all__ = ["KINDS", "check_kind", "fixture_winnings", "result_reason"]

#: The kinds of match a record may be: a league fixture, a friendly game, a fixture left unplayed by the deadline.
KINDS = ("league", "friendly", "unplayed")


def check_kind(pack: RulePack, match: MatchRecord) -> None:
    """Refuse a kind the pack does not know, and what a friendly or an unplayed fixture cannot hold."""
    if match.kind not in KINDS:
        raise UnknownName("match kind", match.kind, KINDS, f"the record of match {match.number}")
    if match.kind == "unplayed":
        _check_unplayed(match)
    elif match.kind == "friendly":
        _check_friendly(pack, match)


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


def fixture_winnings(pack: RulePack, match: MatchRecord, rolled: int | None) -> list[Item] | None:
    """The winnings of a friendly or an unplayed fixture as items; None for a league fixture (the usual formula).

    Raises:
        InvalidInput: an unplayed fixture the opponent conceded, without the D6 it was rolled with (``rolled``).
    """
    league = data_of(pack).rules.league
    if match.kind == "friendly" and not league.friendly_winnings:
        return [Item(label="friendly game", amount=0, rule="a friendly game earns no winnings")]
    if match.kind == "unplayed" and match.conceded != "them":
        rule = "an unplayed fixture earns no winnings" + (", and a conceding team none" if match.conceded else "")
        return [Item(label="unplayed fixture", amount=league.unplayed_winnings, rule=rule)]
    if match.kind == "unplayed":
        count, sides = league.unplayed_concede_dice
        unit = league.unplayed_concede_multiplier
        if rolled is None or not count <= rolled <= count * sides:
            msg = (
                f"the winnings of an unplayed fixture the opponent conceded are {count}D{sides} x {unit:,}: "
                f"pass the roll ({count} to {count * sides}), got {rolled!r}"
            )
            raise InvalidInput(msg)
        rule = "unplayed fixture conceded by the opponent"
        return [Item(label=f"D{sides} {rolled} x {unit:,}", amount=rolled * unit, rule=rule)]
    return None


def result_reason(match: MatchRecord, outcome: str, casualties: int) -> str:
    """The sentence that records a result (``outcome``: win, draw, loss) on the ledger; the league table reads it back.

    ``match 3 against Orcs: win 3-1, 2 casualties`` with ``(friendly)``, ``(unplayed)``, ``(conceded)`` or
    ``(opponent conceded)`` after it when they apply; ``casualties`` are those that earned SPP.
    """
    scored, against = match.score
    cas = casualties
    notes = [match.kind] if match.kind != "league" else []
    notes += {"us": ["conceded"], "them": ["opponent conceded"]}.get(match.conceded, [])
    text = f"match {match.number} against {match.opponent}: {outcome} {scored}-{against}"
    text += f", {cas} casualt{'y' if cas == 1 else 'ies'}"
    return text + (f" ({', '.join(notes)})" if notes else "")
