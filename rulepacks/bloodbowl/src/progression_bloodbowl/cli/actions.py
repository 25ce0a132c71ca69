"""The command line's way in: a team factory and actions on a team sheet file, all options as text.

``progression sheet do team.json match number=1 opponent=Orcs score=2-1 events="1:touchdown,casualty;3:completion*2"``
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from progression import Dice, RulePack, Sheet
from progression.errors import InvalidInput

from ..advancement.advance import ADVANCEMENTS, advance
from ..data.access import data_of
from ..league import season as _season
from ..league import standings as _standings
from ..match.outcome import MatchRecord, check_reported, record_match
from ..match.postmatch import expensive_mistakes
from ..players.player import new_player as make_player
from ..team import journeymen as _journeymen
from ..team import roster as _roster
from .options import count, flag, listed, maybe_flag, maybe_season, need, pairs, takes, tallies, whole
from .words import injury_named, position_named, record_named, roster_named, staff_named

__all__ = [
    "ACTIONS",
    "REPORTS",
    "new_player",
    "new_team",
    "parse_events",
    "redraft_choices",
    "refuse_unplayed",
    "roster_names",
    "standing_rows",
]


def parse_events(text: str) -> dict[str, dict[str, int]]:
    """``"1:touchdown,casualty;3:completion*2"`` -> ``{"1": {"touchdown": 1, "casualty": 1}, "3": {"completion": 2}}``."""
    events: dict[str, dict[str, int]] = {}
    for chunk in filter(None, (c.strip() for c in text.split(";"))):
        member, sep, names = (part.strip() for part in chunk.partition(":"))
        if not sep or not member or not listed(names):
            msg = f"the events are written member:event,event*N;... (1:touchdown;3:completion*2), got {chunk!r}"
            raise InvalidInput(msg)
        counts = events.setdefault(member, {})
        if ":" in names:  # "1:touchdown,3:completion": a second player written after a comma
            msg = f"the events of each player are separated with ';' (1:touchdown;3:completion), not ',': got {chunk!r}"
            raise InvalidInput(msg)
        for name, times in tallies(names, f"events of {member}").items():
            counts[name] = counts.get(name, 0) + times
    return events


def _score(text: str) -> tuple[int, int]:
    """``"2-1"`` -> ``(2, 1)``: both sides, ours first; anything else (``2:1``, ``2-1-3``, ``a-1``) is refused as a
    whole, with the shape it should have."""
    parts = [part.strip() for part in text.split("-")]
    if len(parts) != 2 or not all(part.isascii() and part.isdigit() for part in parts):
        msg = f"the score is ours-theirs, two whole numbers such as 2-1, got {text!r}"
        raise InvalidInput(msg)
    return whole(parts[0], "score"), whole(parts[1], "score")


def _nominees(text: str | None) -> tuple[str, ...]:
    """``"1,3"`` -> ``("1", "3")``; nominees separated by ``;`` (as players are in ``events=``) are refused, saying so."""
    if text and ";" in text:
        msg = f"the MVP nominees are separated with ',' (nominees=1,3), not ';': got {text!r}"
        raise InvalidInput(msg)
    return tuple(listed(text))


#: What a fixture not played by the deadline is recorded with: the match's number and opponent, who conceded it,
#: and the MVP nominees of a side the rules give MVPs (its opponent conceded). Every other word says what happened
#: on a pitch it never reached, and would be dropped.
UNPLAYED_WORDS = ("number", "opponent", "kind", "conceded", "nominees")


#: What a league's fixture not played by the deadline is recorded with (``league record``): the words of
#: :data:`UNPLAYED_WORDS` a fixture takes, each side's nominees prefixed ``home.`` or ``away.``.
UNPLAYED_LEAGUE_WORDS = ("kind", "conceded", "home.nominees", "away.nominees")


def refuse_unplayed(options: Mapping[str, str], command: str, *, taken: Sequence[str] = UNPLAYED_WORDS) -> None:
    """Refuse the words ``kind=unplayed`` would drop (a score, events, the attendance, ...), naming those it takes.

    Args:
        taken: the words it takes (a league's: :data:`UNPLAYED_LEAGUE_WORDS`).
    """
    ignored = [w for w in options if w not in taken]
    if ignored:
        msg = (
            f"kind=unplayed ({command}) records a fixture not played by the deadline, which takes only "
            f"{', '.join(taken)}; got {', '.join(ignored)}: leave {'it' if len(ignored) == 1 else 'them'} out, "
            "or record the match played without kind=unplayed"
        )
        raise InvalidInput(msg)


def _once(parts: list[tuple[str, str]], key: str, what: str) -> dict[str, str]:
    """``[(member, value)]`` as a mapping; a member given twice is refused rather than one value dropped."""
    found: dict[str, str] = {}
    for member, value in parts:
        if member in found:
            msg = f"{key}: one {what} per member, got {member}:{found[member]} and {member}:{value}"
            raise InvalidInput(msg)
        found[member] = value
    return found


def roster_names(pack: RulePack) -> dict[str, str]:
    """Every roster of the pack's data, its id with its name, by id: what ``roster=`` takes (``progression show``
    lists them)."""
    return {t.id: t.label.en for t in sorted(data_of(pack).teams.values(), key=lambda t: t.id)}


def team_positions(pack: RulePack, team: Sheet) -> dict[str, str]:
    """The positions of a team's roster, each id with its name: what ``hire position=`` takes on that team (its
    ``--help`` lists them); none for a sheet that is no team of a roster the pack has."""
    roster = data_of(pack).teams.get(team.tags.get("team", "")) if team.kind == "team" else None
    return {p.id: p.label.en for p in roster.positions} if roster is not None else {}


def journeyman_positions(pack: RulePack, team: Sheet) -> dict[str, str]:
    """The positions of a team's roster a journeyman comes from (0-16 Linemen), each id with its name."""
    roster = data_of(pack).teams.get(team.tags.get("team", "")) if team.kind == "team" else None
    if roster is None:
        return {}
    return {p.id: p.label.en for p in roster.positions if "lineman" in p.keywords and p.max >= 16}


@takes("new team", "roster", "name", "treasury", "league", "favoured")
def new_team(pack: RulePack, **options: str) -> Sheet:
    """A new, empty team: roster, name, treasury (the draft budget by default, and at most: a treasury past it
    could not end its draft), league, favoured."""
    treasury = whole(options["treasury"], "treasury") if options.get("treasury") else None
    if treasury is not None:
        _roster.check_budget(
            pack,
            treasury,
            f", so a team is created with that at most; got treasury={treasury:,}",
            "leave treasury out (the budget is the default), or give less",
        )
    roster = roster_named(pack, need(options, "roster", "new team"))
    return _roster.create_team(
        pack,
        roster,
        options.get("name", "") or (team.label.en if (team := data_of(pack).teams.get(roster)) else roster),
        treasury=treasury,
        league=options.get("league") or None,
        favoured=options.get("favoured") or None,
    )


@takes("new player", "team", "position", "name", "journeyman")
def new_player(pack: RulePack, **options: str) -> Sheet:
    """A new player: team (roster), position, name; journeyman=yes for a journeyman."""
    roster = roster_named(pack, need(options, "team", "new player"))
    return make_player(
        pack,
        roster,
        position_named(pack, roster, need(options, "position", "new player")),
        options.get("name", "") or "Player",
        journeyman=flag(options, "journeyman"),
    )


@takes(
    "match",
    "number",
    "opponent",
    "score",
    "events",
    "nominees",
    "injuries",
    "attendance",
    "stalling",
    "conceded",
    "kind",
    "prayers",
    "without_penalty",
    "shootout",
)
def match(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Record a match: post-match steps 1 (outcome, SPP, MVP, injuries, winnings) and 2 (Dedicated Fans); the
    match's post-match sequence goes on with ``advance``, the step-4 actions and ``close``, in that order.

    ``number`` and ``opponent`` are required; for a league match played, ``score`` (ours-theirs) and
    ``attendance`` (both teams' Fan Factors added, which the winnings count) too, and ``nominees`` when the team
    earns an MVP (not when it conceded). A number already recorded this season is refused.

    ``kind=friendly``, ``kind=unplayed`` or ``kind=playoff`` records a friendly game, a fixture left unplayed or a
    play-off game (in no league table), ``shootout=us`` or ``shootout=them`` who won the Penalty Shoot-out of a
    play-off level after Extra Time;
    ``prayers=perfect_passing,fan_interaction`` names the Prayers to Nuffle in effect that change SPP;
    ``conceded=us without_penalty=yes`` a concession without penalty (3 players could not be set up).
    """
    injuries = pairs(options.get("injuries"), "injuries", "member:result")
    kind, opponent = options.get("kind", "league"), need(options, "opponent", "match")
    if kind == "unplayed":
        refuse_unplayed(options, "match")
    if kind != "unplayed" and not options.get("score"):
        msg = f"a {kind} match needs the option score=ours-theirs (such as score=2-1); only kind=unplayed has none"
        raise InvalidInput(msg)
    number = whole(need(options, "number", "match"), "number")
    # an injury misspelt is named by the word it was typed in (injuries=), as league record names home.injuries
    injured = {
        member: injury_named(pack, result, f"the injury of player #{member} in injuries")
        for member, result in _once(injuries, "injuries", "injury").items()
    }
    record = MatchRecord(
        number=number,
        opponent=opponent,
        score=_score(options.get("score") or "0-0"),
        events=parse_events(options.get("events", "")),
        mvp_nominees=_nominees(options.get("nominees")),
        injuries=injured,
        fan_attendance=whole(options.get("attendance", "0"), "attendance"),
        stalling=flag(options, "stalling"),
        conceded=options.get("conceded", ""),
        kind=kind,
        prayers=tuple(listed(options.get("prayers"))),
        without_penalty=flag(options, "without_penalty"),
        shootout=options.get("shootout", ""),
    )
    record = record_named(pack, record)  # events and injuries by id or displayed name, as record_match reads them
    check_reported(pack, record)
    return record_match(pack, sheet, record, dice)


@takes("advance", "member", "type", "choice", "decisions")
def advance_action(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Buy an advancement: member, type (random_primary ...), choice, decisions (comma-separated)."""
    return advance(
        pack,
        sheet,
        _roster.team_member(sheet, need(options, "member", "advance")),
        pack.resolve(need(options, "type", "advance"), ADVANCEMENTS),
        choice=options.get("choice") or None,
        dice=dice,
        decisions=listed(options.get("decisions")),
    )


@takes("decide", "member", "choice")
def decide(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Answer a paused advancement: member, choice."""
    member = _roster.team_member(sheet, need(options, "member", "decide"))
    return pack.decide(sheet, need(options, "choice", "decide"), member=member, dice=dice)


def _switch(options: Mapping[str, str]) -> bool | None:
    """The league's switch for the must-advance rule (``must_advance=no`` turns it off; the pack's rule otherwise).
    The order of the post-match sequence is each operation's own check, as in ``PostMatch``."""
    return maybe_flag(options.get("must_advance", ""), "must_advance")


@takes("hire", "position", "name", "must_advance", "captain")
def hire(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Hire a player: position, name; captain=yes for a Team Captain roster's captain, at the draft (he gains Pro).

    Step 4 of the post-match sequence (refused once the sequence is past it, as in ``PostMatch``), or a draft
    before the season's first match.
    """
    name = options.get("name", "") or f"Player {_roster.next_id(sheet)}"  # a name of his own, his number
    extra = ("pro",) if flag(options, "captain") else ()
    position = position_named(pack, sheet.tags.get("team", ""), need(options, "position", "hire"))
    return _roster.hire(pack, sheet, position, name, extra_skills=extra, must_advance=_switch(options))


@takes("fire", "member", "must_advance")
def fire(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Fire a player: member (refused below 11 able to play)."""
    member = _roster.team_member(sheet, need(options, "member", "fire"))
    return _roster.fire(pack, sheet, member, must_advance=_switch(options))


@takes("staff", "item", "fire", "must_advance")
def staff(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Buy staff (item=team_reroll|assistant_coach|cheerleader|apothecary), or let it go with fire=yes."""
    item = staff_named(pack, need(options, "item", "staff"))
    if flag(options, "fire"):
        return _roster.fire_staff(pack, sheet, item, must_advance=_switch(options))
    return _roster.buy_staff(pack, sheet, item, must_advance=_switch(options))


@takes("journeymen", "names", "position")
def journeymen(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Before a match: journeymen up to 11 able to play (names comma-separated, no more than join; position optional)."""
    position = options.get("position")
    roster = sheet.tags.get("team", "")
    return _journeymen.add_journeymen(
        pack, sheet, listed(options.get("names")), position=position_named(pack, roster, position) if position else None
    )


@takes("hire_journeyman", "member", "must_advance")
def hire_journeyman(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Hire a journeyman who played for good: member."""
    member = _roster.team_member(sheet, need(options, "member", "hire_journeyman"))
    return _journeymen.hire_journeyman(pack, sheet, member, must_advance=_switch(options))


@takes("retire", "member", "must_advance")
def retire(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Temporarily retire a player who suffered a Lasting Injury in the match whose sequence is open: member."""
    member = _roster.team_member(sheet, need(options, "member", "retire"))
    return _journeymen.retire(pack, sheet, member, must_advance=_switch(options))


@takes("close", "number", "must_advance")
def close(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """End the post-match sequence of match number (required): the dead leave, unhired journeymen go, Expensive Mistakes.

    Refused for a match with no result recorded this season, or one already closed. Like every step-4 action
    (hire, fire, staff, retire, hire_journeyman) it waits while a player must still advance; ``must_advance=no``
    is the league switch that turns the rule off.
    """
    number = whole(need(options, "number", "close"), "number")
    return expensive_mistakes(pack, sheet, dice, number=number, must_advance=_switch(options))


@takes("end_draft")
def end_draft(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """End the draft (11 to 16 players): re-rolls cost double from now on (the first match ends it too)."""
    return _roster.end_draft(pack, sheet)


@takes("new_season", "retirement")
def new_season(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """A new season: off-season rolls for Niggling Injuries, retired players back (retirement=fit|roll)."""
    return _season.new_season(pack, sheet, dice, retirement=options.get("retirement", "fit"))


def _players(text: str) -> list[tuple[str, str]]:
    """``"human_lineman:Anna;human_catcher:Bruno"`` -> ``[("human_lineman", "Anna"), ("human_catcher", "Bruno")]``."""
    hires = []
    for chunk in filter(None, (c.strip() for c in text.split(";"))):
        position, sep, name = chunk.partition(":")
        if not sep or not position.strip():
            msg = f"the players are written position:name;... (human_lineman:Anna;human_catcher:Bruno), got {chunk!r}"
            raise InvalidInput(msg)
        hires.append((position.strip(), name.strip() or "New player"))
    return hires


@takes(
    "redraft",
    "keep",
    "players",
    "rerolls",
    "assistant_coaches",
    "cheerleaders",
    "apothecary",
    "dedicated_fans",
    "cap",
    "retirement",
)
def redraft(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """End the season with a re-draft: keep=IDS, players=POSITION:NAME;..., staff to buy, cap=GOLD|none.

    Staff: rerolls, assistant_coaches, cheerleaders, dedicated_fans (counts), apothecary=yes;
    retirement=fit|roll for temporarily retired players.
    """
    choices = redraft_choices(options)
    roster = sheet.tags.get("team", "")
    choices["players"] = [(position_named(pack, roster, position), name) for position, name in choices["players"]]
    return _season.redraft(pack, sheet, dice, **choices, retirement=options.get("retirement", "fit"))


def redraft_choices(options: Mapping[str, str]) -> dict[str, Any]:
    """A team's re-draft choices from the words of ``redraft`` (all but ``retirement``), as
    :func:`~progression_bloodbowl.operations.redraft` takes them: keep=IDS, players=POSITION:NAME;..., the staff
    counts, apothecary=yes, cap=GOLD|none."""
    cap = options.get("cap", "")
    return {
        "keep": listed(options.get("keep")),
        "players": _players(options.get("players", "")),
        "rerolls": count(options, "rerolls"),
        "assistant_coaches": count(options, "assistant_coaches"),
        "cheerleaders": count(options, "cheerleaders"),
        "apothecary": flag(options, "apothecary"),
        "dedicated_fans": count(options, "dedicated_fans"),
        "cap": whole(cap, "cap") if cap and cap != "none" else None,
        "capped": cap != "none",
    }


@takes("prize", "place")
def prize(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """A play-off prize: place=1 (100,000 and the League Trophy), 2 (60,000) or 3 (30,000)."""
    return _standings.award_prize(pack, sheet, whole(need(options, "place", "prize"), "place"))


@takes("lose_trophy")
def lose_trophy(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """The League Trophy passes to another team, with its free re-roll."""
    return _standings.lose_trophy(pack, sheet)


def standings_report(
    pack: RulePack, sheets: Sequence[Sheet], season: str = "", bonus: str = ""
) -> list[dict[str, object]]:
    """The league table of the teams given (season=N when they play different seasons; bonus=yes|no): played, won,
    drawn, lost, touchdowns, SPP-earning casualties caused, bonus, points."""
    table = _standings.standings(pack, sheets, season=maybe_season(season), bonus=maybe_flag(bonus, "bonus"))
    return standing_rows(table)


def standing_rows(table: Sequence[_standings.Standing]) -> list[dict[str, object]]:
    """The league table as rows: season, place, team, played, won, drawn, lost, touchdowns, casualties, bonus, points."""
    return [
        {
            "season": row.season,
            "#": place,
            "team": row.team,
            "P": row.played,
            "W": row.won,
            "D": row.drawn,
            "L": row.lost,
            "TD": f"{row.scored}-{row.against}",
            "CAS": row.casualties,
            "bonus": row.bonus,
            "points": row.points,
        }
        for place, row in enumerate(table, 1)
    ]


#: Reports over several team files, by the name the command line uses.
REPORTS = {"standings": standings_report}

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
    "redraft": redraft,
    "prize": prize,
    "lose_trophy": lose_trophy,
}
