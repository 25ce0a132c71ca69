"""The command line's way in: a team factory and actions on a team sheet file, all options as text.

``progression sheet do team.json match number=1 opponent=Orcs score=2-1 events="1:touchdown,casualty;3:completion*2"``
"""

from __future__ import annotations

from collections.abc import Mapping

from progression import Dice, RulePack, Sheet, combine
from progression.errors import InvalidInput, RequirementNotMet

from . import _team
from ._advancement import advance, must_advance
from ._match import MatchRecord, record_outcome, update_fans
from ._players import new_player as make_player
from ._postmatch import expensive_mistakes

__all__ = ["ACTIONS", "new_player", "new_team", "parse_events"]


def _need(options: Mapping[str, str], key: str, action: str) -> str:
    if not options.get(key):
        msg = f"{action}: the option {key}=... is required"
        raise InvalidInput(msg)
    return options[key]


def _int(text: str, what: str) -> int:
    if not text.strip().lstrip("-").isdigit():
        msg = f"{what} must be a whole number, got {text!r}"
        raise InvalidInput(msg)
    return int(text)


def _list(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]


def parse_events(text: str) -> dict[str, dict[str, int]]:
    """``"1:touchdown,casualty;3:completion*2"`` -> ``{"1": {"touchdown": 1, "casualty": 1}, "3": {"completion": 2}}``."""
    events: dict[str, dict[str, int]] = {}
    for chunk in filter(None, (c.strip() for c in text.split(";"))):
        member, sep, listed = chunk.partition(":")
        if not sep:
            msg = f"events: expected member:event,event*N;..., got {chunk!r}"
            raise InvalidInput(msg)
        counts = events.setdefault(member.strip(), {})
        for item in _list(listed):
            name, _, times = item.partition("*")
            counts[name] = counts.get(name, 0) + (_int(times, f"the count of {name}") if times else 1)
    return events


def new_team(pack: RulePack, **options: str) -> Sheet:
    """A new, empty team: roster, name, treasury (the draft budget by default), league, favoured."""
    treasury = options.get("treasury")
    return _team.create_team(
        pack,
        _need(options, "roster", "new team"),
        options.get("name", "") or options["roster"],
        treasury=_int(treasury, "treasury") if treasury else None,
        league=options.get("league") or None,
        favoured=options.get("favoured") or None,
    )


def new_player(pack: RulePack, **options: str) -> Sheet:
    """A new player: team (roster), position, name; journeyman=yes for a journeyman."""
    return make_player(
        pack,
        _need(options, "team", "new player"),
        _need(options, "position", "new player"),
        options.get("name", "") or "Player",
        journeyman=options.get("journeyman") == "yes",
    )


def match(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Record a match: post-match steps 1 (outcome, SPP, MVP, injuries, winnings) and 2 (Dedicated Fans)."""
    scored, _, against = options.get("score", "0-0").partition("-")
    record = MatchRecord(
        number=_int(_need(options, "number", "match"), "number"),
        opponent=options.get("opponent", "?"),
        score=(_int(scored, "score"), _int(against or "0", "score")),
        events=parse_events(options.get("events", "")),
        mvp_nominees=tuple(_list(options.get("nominees"))),
        injuries=dict(part.split(":", 1) for part in _list(options.get("injuries")) if ":" in part),
        fan_attendance=_int(options.get("attendance", "0"), "attendance"),
        stalling=options.get("stalling", "no") == "yes",
        conceded=options.get("conceded", ""),
    )
    after = update_fans(pack, record_outcome(pack, sheet, record, dice), record, dice)
    return combine(sheet, after, f"match {record.number}: outcome, winnings, Dedicated Fans")


def advance_action(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Buy an advancement: member, type (random_primary ...), choice, decisions (comma-separated)."""
    return advance(
        pack,
        sheet,
        _need(options, "member", "advance"),
        _need(options, "type", "advance"),
        choice=options.get("choice") or None,
        dice=dice,
        decisions=_list(options.get("decisions")),
    )


def decide(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Answer a paused advancement: member, choice."""
    return pack.decide(sheet, _need(options, "choice", "decide"), member=_need(options, "member", "decide"), dice=dice)


def _advanced(pack: RulePack, sheet: Sheet, options: Mapping[str, str]) -> None:
    """Step 4 of the post-match sequence waits while a player must still advance (``must_advance=no`` turns it off)."""
    if options.get("must_advance", "yes") == "no":
        return
    obliged = [reason for player in sheet.members.values() if (reason := must_advance(pack, player))]
    if obliged:
        raise RequirementNotMet(
            upgrade="player advancement", missing=obliged, head="The post-match sequence waits for an advancement"
        )


def hire(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Hire a player: position, name."""
    _advanced(pack, sheet, options)
    return _team.hire(pack, sheet, _need(options, "position", "hire"), options.get("name", "") or "New player")


def fire(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Fire a player: member (refused below 11 able to play)."""
    _advanced(pack, sheet, options)
    return _team.fire(pack, sheet, _need(options, "member", "fire"))


def staff(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Buy staff (item=team_reroll|assistant_coach|cheerleader|apothecary), or let it go with fire=yes."""
    item = _need(options, "item", "staff")
    _advanced(pack, sheet, options)
    if options.get("fire") == "yes":
        return _team.fire_staff(pack, sheet, item)
    return _team.buy_staff(pack, sheet, item)


def journeymen(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Before a match: journeymen up to 11 able to play (names comma-separated, position optional)."""
    return _team.add_journeymen(pack, sheet, _list(options.get("names")), position=options.get("position") or None)


def hire_journeyman(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Hire a journeyman who played for good: member."""
    _advanced(pack, sheet, options)
    return _team.hire_journeyman(pack, sheet, _need(options, "member", "hire_journeyman"))


def retire(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Temporarily retire a player with a Lasting Injury: member."""
    _advanced(pack, sheet, options)
    return _team.retire(pack, sheet, _need(options, "member", "retire"))


def close(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """End the post-match sequence: the dead leave, unhired journeymen go, Expensive Mistakes (number).

    Like every step-4 action (hire, fire, staff, retire, hire_journeyman) it waits while a player must still
    advance; ``must_advance=no`` is the league switch that turns the rule off.
    """
    _advanced(pack, sheet, options)
    after = _team.release_journeymen(_team.remove_dead(sheet))
    after = expensive_mistakes(pack, after, dice, number=_int(options.get("number", "0"), "number"))
    return combine(sheet, after, "close the post-match sequence")


def end_draft(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """End the draft (11 to 16 players): re-rolls cost double from now on (the first match ends it too)."""
    return _team.end_draft(pack, sheet)


def new_season(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """A new season: temporarily retired players come back."""
    return _team.new_season(pack, sheet)


#: Actions by the name the command line uses.
ACTIONS = {
    "match": match,
    "advance": advance_action,
    "decide": decide,
    "hire": hire,
    "fire": fire,
    "staff": staff,
    "journeymen": journeymen,
    "hire_journeyman": hire_journeyman,
    "retire": retire,
    "close": close,
    "end_draft": end_draft,
    "new_season": new_season,
}
