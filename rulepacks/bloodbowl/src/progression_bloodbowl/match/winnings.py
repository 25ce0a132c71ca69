"""What a match pays into the treasury: the winnings formula, a concession's, a friendly's and an unplayed fixture's."""

from __future__ import annotations

from progression import RulePack, Sheet
from progression.errors import InvalidInput

from ..data.access import data_of
from ..team.values import Explanation, Item
from .record import MatchRecord, check_record, final_score, penalised

__all__ = ["fixture_winnings", "winnings"]


def winnings(pack: RulePack, team: Sheet, match: MatchRecord, *, rolled: int | None = None) -> Explanation:
    """(Fan Attendance / 2, rounded down, + own touchdowns + 1 if no Stalling) x 10,000; a concession changes it.

    A team that conceded earns nothing, unless it conceded without penalty; the side it conceded to earns
    (whole Fan Attendance + the touchdowns it scored on the pitch) x 10,000: the touchdowns the concession
    awards (its 2-0) are the score's and their players' SPP, not paid (the reading of the rulings page, said in
    the item). A friendly game earns nothing; an unplayed fixture
    earns nothing, unless the opponent conceded it: then ``rolled`` (the D6 thrown when the outcome is
    recorded) x 10,000.

    Raises:
        InvalidInput: a record not of its shape (see :func:`~progression_bloodbowl.match.record.check_record`).
    """
    check_record(pack, match)
    rules = data_of(pack).rules.winnings
    unit = rules["multiplier"]
    scored = match.score[0]
    special = fixture_winnings(pack, match, rolled)
    if special is not None:
        items = special
    elif penalised(match):
        items = [Item(label="conceded", amount=0, rule="a conceding team earns no winnings")]
    elif match.conceded == "them":
        divisor, per_touchdown, paid = data_of(pack).rules.league.concession.opponent_winnings
        crowd = match.fan_attendance // divisor
        whole = "whole " if divisor == 1 else ""
        items = [
            Item(
                label=f"{whole}fan attendance {match.fan_attendance} x {paid:,}",
                amount=crowd * paid,
                rule="opponent conceded",
            ),
            Item(
                label=f"{scored} touchdown(s) scored on the pitch x {paid:,}",
                amount=scored * per_touchdown * paid,
                rule=_awarded_unpaid(pack, match),
            ),
        ]
    else:
        half = match.fan_attendance // rules["fan_attendance_divisor"]
        items = [
            Item(
                label=f"fan attendance {match.fan_attendance} / 2 = {half}, x {unit:,}",
                amount=half * unit,
                rule="winnings, rounded down",
            ),
            Item(
                label=f"{scored} touchdown(s) x {unit:,}",
                amount=scored * rules["per_own_touchdown"] * unit,
                rule="winnings",
            ),
        ]
        bonus = 0 if match.stalling else rules["no_stalling_bonus"] * unit
        items.append(
            Item(label="no player Stalling" if bonus else "a player was Stalling", amount=bonus, rule="winnings")
        )
    return Explanation(what=f"winnings of match {match.number}", items=tuple(items))


def _awarded_unpaid(pack: RulePack, match: MatchRecord) -> str:
    """The rule of the touchdowns a side conceded to is paid for: those scored, and the awarded ones it is not."""
    awarded = final_score(pack, match)[0] - match.score[0]
    unpaid = f"; the {awarded} awarded for the concession are not paid" if awarded else ""
    return f"opponent conceded: the touchdowns scored on the pitch{unpaid}"


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
        if isinstance(rolled, bool) or not isinstance(rolled, int) or not count <= rolled <= count * sides:
            msg = (
                f"the winnings of an unplayed fixture the opponent conceded are {count}D{sides} x {unit:,}: "
                f"pass the roll ({count} to {count * sides}), got {rolled!r}"
            )
            raise InvalidInput(msg)
        rule = "unplayed fixture conceded by the opponent"
        return [Item(label=f"D{sides} {rolled} x {unit:,}", amount=rolled * unit, rule=rule)]
    return None
