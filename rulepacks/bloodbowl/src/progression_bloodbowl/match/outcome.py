"""A match and what it earns: SPP from recorded events, the MVP, injuries, winnings, Dedicated Fans.

A :class:`MatchRecord` is what a coach writes down during a game. :func:`record_outcome`
turns it into one ledger entry on the team (step 1 of the post-match sequence) and
:func:`update_fans` is step 2. Every die is rolled through the given dice and recorded
on the ledger as a :class:`~progression.Rolled` event.
"""

from __future__ import annotations

import functools
import sys

from progression import (
    Adjusted,
    Awarded,
    Dice,
    Effect,
    Event,
    Left,
    Member,
    Rolled,
    RulePack,
    Sheet,
    Step,
    combine,
    operation,
)
from progression.errors import InvalidInput, UnknownName

from ..data.access import data_of, team_roster
from ..data.matched_play import BUDGET_TAG
from ..inducements.order import release
from ..inducements.prayers import event_values, member_values
from ..players.injuries import injury_effect, lasting_row
from ..players.player import YES, available
from ..team.results import KINDS, RESULT_TAG, check_team, numbers, result_of, results, season_of
from ..team.sequence import enter, moved
from .record import EVENTS, NO_SPP, MatchRecord, check_record, final_score, penalised, result_reason, result_tag
from .winnings import winnings

__all__ = [
    "EVENTS",
    "KINDS",
    "NO_SPP",
    "MatchRecord",
    "casualties_caused",
    "check_match",
    "outcome",
    "record_outcome",
    "result_reason",
    "spp_values",
    "update_fans",
    "winnings",
]


def outcome(match: MatchRecord) -> str:
    """``win``, ``draw`` or ``loss``; a concession decides it whatever the score, and an unplayed fixture
    nobody conceded is a loss for both teams."""
    if match.kind == "unplayed" and not match.conceded:
        return "loss"
    if match.conceded:
        return "loss" if match.conceded == "us" else "win"
    scored, against = match.score
    return "win" if scored > against else "loss" if scored < against else "draw"


def check_match(pack: RulePack, team: Sheet, match: MatchRecord) -> None:
    """Refuse a record that does not fit the team: every problem named, nothing changed.

    Beyond the record's shape (:func:`~progression_bloodbowl.match.record.check_record`): a league team, a match
    number not yet recorded this season, players who took part, no more touchdowns recorded as events than the
    team has in the score that counts, and MVP nominees who may earn SPP.
    """
    check_record(pack, match)
    if isinstance(team, Sheet) and BUDGET_TAG in team.tags:
        msg = (
            f"{team.name} is a Matched Play team: its games earn no SPP and have no post-match sequence "
            "(players recover after each game); record league matches on a league team"
        )
        raise InvalidInput(msg)
    check_team(team, f"the record of match {match.number}")
    _check_new_number(team, match)
    played = {m for m, p in team.members.items() if available(p)}
    for member in match.events:
        if member not in team.members:
            raise UnknownName("member", member, team.members, f"team {team.name!r}")
        if member not in played:
            msg = f"#{member} {team.members[member].name} did not take part (missing the match, retired or dead)"
            raise InvalidInput(msg)
    _check_touchdowns(pack, team, match)
    _check_attendance(pack, team, match)
    most = data_of(pack).rules.spp["mvp_nominees"]
    if len(match.mvp_nominees) > most or len(set(match.mvp_nominees)) != len(match.mvp_nominees):
        msg = f"the MVP nominees are up to {most} different players, got {list(match.mvp_nominees)}"
        raise InvalidInput(msg)
    for member in match.mvp_nominees:
        if member in played and "star" in team.members[member].tags:
            msg = f"MVP nominee {member!r} is {team.members[member].name}, a Star Player: Star Players cannot be MVP"
            raise InvalidInput(msg)
        if member not in played or "no_spp" in team.members[member].tags:
            msg = f"MVP nominee {member!r} is not a player of {team.name!r} who took part and may earn SPP"
            raise InvalidInput(msg)
    for member in match.injuries:
        if member not in played:
            msg = f"injury of {member!r}: not a player of {team.name!r} who took part"
            raise InvalidInput(msg)


def _check_new_number(team: Sheet, match: MatchRecord) -> None:
    """Refuse a match number already recorded for the team this season (it would count twice in the table)."""
    if match.number not in numbers(team)[0]:
        return
    for result in results(team):
        if result.number == match.number:
            msg = (
                f"match {match.number} is already recorded for {team.name} in season {season_of(team)} "
                f"(against {result.opponent}: {result.outcome} {result.scored}-{result.against}); "
                "give the fixture's own number, or undo the record to make it again"
            )
            raise InvalidInput(msg)


def _check_touchdowns(pack: RulePack, team: Sheet, match: MatchRecord) -> None:
    """Refuse more touchdowns recorded as events than count for the team: those it scored, or after the
    opponent conceded the awarded score (2-0 or X-0), whose touchdowns the coach gives to players of his
    choice. A conceding team's players may still record those they scored before it conceded. Fewer is
    allowed: a Star Player's touchdown earns no SPP and need not be recorded."""
    recorded = sum(counts.get("touchdown", 0) for counts in match.events.values())
    scored, against = final_score(pack, match)
    allowed = max(scored, match.score[0])
    if recorded > allowed:
        counted = f"the score that counts is {scored}-{against}" + (
            f" (awarded for the concession; {match.score[0]}-{match.score[1]} on the pitch)" if match.conceded else ""
        )
        msg = (
            f"match {match.number}: {recorded} touchdown(s) recorded as events for {team.name}, but {counted}: "
            f"at most {allowed} touchdown(s) may be given to players"
        )
        raise InvalidInput(msg)


def _check_attendance(pack: RulePack, team: Sheet, match: MatchRecord) -> None:
    """Refuse a Fan Attendance this team's Fan Factor cannot be part of: its own Dedicated Fans + the die, added to
    an opponent's lowest or highest Fan Factor (0, not recorded, is left alone)."""
    attendance = match.fan_attendance
    limits = data_of(pack).rules.match_limits
    count, sides = limits.fan_die
    fans = team.stats["dedicated_fans"]
    low, high = fans + count + limits.fan_factor[0], fans + count * sides + limits.fan_factor[1]
    if attendance and not low <= attendance <= high:
        msg = (
            f"the fan attendance of match {match.number} is both teams' Fan Factors added: the "
            f"{fans} Dedicated Fans of {team.name} + {count if count > 1 else ''}D{sides} and the opponent's "
            f"{limits.fan_factor[0]} to {limits.fan_factor[1]}, make {low} to {high}; got {attendance}"
        )
        raise InvalidInput(msg)


def spp_values(pack: RulePack, team: Sheet) -> dict[str, int]:
    """The SPP each event earns this team (Brawlin' Brutes: casualty 3, touchdown 2)."""
    data = data_of(pack)
    values = {event: data.rules.spp[key] for event, key in EVENTS.items()}
    if "brawlin_brutes" in team_roster(data, team).special_rules:
        values.update(data.rules.brawlin_brutes)
    return values


def _earned(pack: RulePack, team: Sheet, match: MatchRecord) -> dict[str, dict[str, tuple[int, str]]]:
    """For each member with events: what each of his events earns in this match, and what changed its value."""
    values = event_values(pack, match, spp_values(pack, team))
    return {
        member: member_values(pack, team.members[member], counts, values, EVENTS)
        for member, counts in match.events.items()
    }


def casualties_caused(pack: RulePack, team: Sheet, match: MatchRecord) -> int:
    """The casualties this team caused that earn SPP, whoever caused them: every Block Action ``casualty``, and a
    crowd, foul or Special Action one that a Prayer to Nuffle or Violent Innovator made worth SPP."""
    return _casualties(match, _earned(pack, team, match))


def _casualties(match: MatchRecord, earned: dict[str, dict[str, tuple[int, str]]]) -> int:
    return sum(
        count
        for member, counts in match.events.items()
        for event, count in counts.items()
        if event.startswith("casualty") and earned[member].get(event, (0, ""))[0]
    )


def _spp_events(team: Sheet, match: MatchRecord, earned_by: dict[str, dict[str, tuple[int, str]]]) -> list[Event]:
    events: list[Event] = []
    for member, counts in sorted(match.events.items()):
        parts, total = [], 0
        earned = earned_by[member]
        for event, count in counts.items():
            value, why = earned.get(event, (0, ""))
            if count and value:
                parts.append(f"{count} {event.replace('_', ' ')} x {value}" + (f" ({why})" if why else ""))
                total += count * value
        if total and "no_spp" not in team.members[member].tags:
            events.append(_member_awarded(member, "spp", total, f"match {match.number}: {', '.join(parts)}"))
    return events


@functools.cache
def _rolled(label: str, sides: int, results: tuple[int, ...]) -> Rolled:
    """A roll as a ledger event, made once per label and result and shared (events are immutable):
    a season's ledgers hold thousands of equal MVP and Dedicated Fans rolls."""
    return Rolled(label=label, sides=sides, results=results)


@functools.lru_cache(maxsize=8192)
def _member_awarded(member: str, pool: str, amount: int, reason: str) -> Member:
    """Points awarded to a member, made once per member, amount and reason and shared (events are
    immutable): every team of a league awards the same SPP for the same match."""
    return Member(member=sys.intern(member), event=_awarded(pool, amount, reason))


@functools.lru_cache(maxsize=8192)
def _awarded(pool: str, amount: int, reason: str) -> Awarded:
    """Points awarded to a pool, made once per amount and reason and shared."""
    return Awarded(pool=pool, amount=amount, reason=reason)


@functools.lru_cache(maxsize=4096)
def _adjusted(stats: tuple[tuple[str, int], ...], reason: str) -> Adjusted:
    """A change of stats with its reason, made once and shared (every team moves its Dedicated Fans)."""
    return Adjusted(effect=_stats_effect(stats), reason=reason)


def _result_entry(match: MatchRecord, outcome: str, score: tuple[int, int], casualties: int) -> Adjusted:
    """The entry that counts a result: the team's record (matches played on the pitch), the result as the
    tag the league table reads back, and the sentence for people."""
    # Friendlies and unplayed fixtures are not on the team's record: only in the tag and the sentence.
    result_stat = {"win": "wins", "draw": "draws", "loss": "losses"}[outcome]
    counted = (("played", 1), (result_stat, 1)) if match.kind == "league" else ()
    tag, reason = result_tag(match, outcome, score, casualties), result_reason(match, outcome, score, casualties)
    return _result_event(counted, tag, reason)


@functools.lru_cache(maxsize=4096)
def _result_event(stats: tuple[tuple[str, int], ...], tag: str, reason: str) -> Adjusted:
    """A result's entry, made once per result and shared (the teams of a simulated league repeat theirs)."""
    return Adjusted(effect=Effect(stats=dict(stats), tags={RESULT_TAG: tag}), reason=reason)


@functools.lru_cache(maxsize=4096)
def _fans_step(sides: int, roll: int, change: int, reason: str) -> Step:
    """The Dedicated Fans' step (their roll and its change), made once per result and shared."""
    events = (_rolled("Dedicated Fans", sides, (roll,)), _adjusted((("dedicated_fans", change),), reason))
    return Step(label="update Dedicated Fans", events=events)


@functools.cache
def _stats_effect(stats: tuple[tuple[str, int], ...]) -> Effect:
    """An effect that changes only stats, made once per change and shared (effects are immutable):
    every match of every team counts its result and moves its Dedicated Fans."""
    return Effect(stats=dict(stats))


def _mvp_count(pack: RulePack, match: MatchRecord) -> int:
    league = data_of(pack).rules.league
    if match.kind == "unplayed":
        return league.unplayed_concede_mvps if match.conceded == "them" else league.unplayed_mvps
    if match.kind == "friendly" and not league.friendly_spp:
        return 0
    concession = league.concession
    return (
        concession.conceding_mvps if penalised(match) else concession.opponent_mvps if match.conceded == "them" else 1
    )


def _mvp_events(pack: RulePack, match: MatchRecord, dice: Dice) -> list[Event]:
    """One MVP (two when the opponent conceded, none when this team conceded with penalty): a D6, rolled again
    on a number no player holds."""
    count = _mvp_count(pack, match)
    if not match.mvp_nominees or not count:
        return []
    mvp = data_of(pack).rules.spp["mvp"]
    events: list[Event] = []
    for n in range(count):
        while True:
            (roll,) = dice.roll(6, 1, "MVP")
            events.append(_rolled(f"MVP {n + 1}", 6, (roll,)))
            if roll <= len(match.mvp_nominees):
                break
        member = match.mvp_nominees[roll - 1]
        events.append(_member_awarded(member, "spp", mvp, f"match {match.number}: MVP (nominee {roll})"))
    return events


@operation("bloodbowl.record_outcome", kind="team", label=lambda op: f"match {op.match.number}: outcome and winnings")
def record_outcome(pack: RulePack, team: Sheet, match: MatchRecord, dice: Dice) -> Sheet:
    """Post-match step 1, as one ledger entry: players who missed this match are back, SPP and MVP awarded,
    injuries recorded, winnings paid into the treasury, the result counted."""
    check_match(pack, team, match)
    data = data_of(pack)
    after = team
    if "drafted" not in team.tags:  # a team built hire by hire: its first match ends the draft
        after = after.apply(Adjusted(effect=Effect(tags={"drafted": YES}), reason="the first match ends the draft"))
    # A friendly is not a fixture: who must miss the next match still does.
    missed = [m for m, p in sorted(team.members.items()) if "miss_next" in p.tags and match.kind != "friendly"]
    for member in missed:
        after = after.apply(
            Member(
                member=member,
                event=Adjusted(effect=Effect(untag=("miss_next",)), reason=f"missed match {match.number}"),
            )
        )
    league = data.rules.league
    earned = _earned(pack, team, match)
    loses_spp = penalised(match) and league.concession.loses_spp
    if not loses_spp and (match.kind != "friendly" or league.friendly_spp):
        for event in _spp_events(team, match, earned):
            after = after.apply(event)
    for event in _mvp_events(pack, match, dice):
        after = after.apply(event)
    for member, result in sorted(match.injuries.items()):
        if "star" in after.members[member].tags:  # issue 5: a star's casualty ends with the match
            sentence = (
                f"match {match.number}: {result.replace('_', ' ')}, no consequence for a Star Player after the match"
            )
            after = after.apply(Member(member=member, event=Adjusted(effect=Effect(), reason=sentence)))
            continue
        events: list[Event] = []
        if match.kind == "friendly" and result != league.friendly_casualty:
            sentence = f"match {match.number}: friendly game, {result.replace('_', ' ').split(':')[0]} counts as {pack.name_of(league.friendly_casualty)}"
            events.append(Adjusted(effect=Effect(), reason=sentence))
            result = league.friendly_casualty
        if result == "lasting_injury":
            (d6,) = dice.roll(6, 1, "lasting injury")
            events.append(Rolled(label="lasting injury", sides=6, results=(d6,)))
            result = f"lasting_injury:{lasting_row(data, d6)[1]}"
        effect, sentence = injury_effect(data, dict(after.members[member].stats), result)
        events.append(Adjusted(effect=effect, reason=f"match {match.number}: {sentence}"))
        after = after.apply(Member(member=member, event=Step(label="injury", events=tuple(events))))
    if match.kind == "unplayed" and match.conceded == "them":
        count, sides = league.unplayed_concede_dice
        rolls = dice.roll(sides, count, "unplayed fixture winnings")
        after = after.apply(_rolled("unplayed fixture winnings", sides, rolls))
        money = winnings(pack, team, match, rolled=sum(rolls)).total
        reason = f"match {match.number}: unplayed fixture conceded by {match.opponent}, D{sides} {sum(rolls)} x {league.unplayed_concede_multiplier:,}"
        after = after.apply(_awarded("treasury", money, reason))
    else:
        money = winnings(pack, team, match).total
        if money:
            after = after.apply(_awarded("treasury", money, f"winnings of match {match.number}"))
    score = final_score(pack, match)
    after = after.apply(_result_entry(match, outcome(match), score, _casualties(match, earned)))
    if penalised(match):
        after = _quit_after_concession(pack, after, dice)
    after = release(after, match.number, pack)  # issue 5: hired stars leave, inducements end
    after = after.apply(moved(season_of(team), match.number, "outcome"))  # the sequence of this match opens
    return combine(team, after, f"match {match.number}: outcome and winnings")


def _quit_after_concession(pack: RulePack, team: Sheet, dice: Dice) -> Sheet:
    """Each player of a team that conceded with penalty and has 3+ advancements leaves on a D6 of 1-3
    (``[concede].quit_check``); the dead (killed in this match too) and the temporarily retired make no roll."""
    rules = data_of(pack).rules.league.concession
    for member, player in sorted(team.members.items()):
        if "dead" in player.tags or "retired" in player.tags:
            continue
        if player.stats["advancements"] >= rules.quit_advancements:
            (roll,) = dice.roll(rules.quit_die, 1, f"{player.name} stays after the concession")
            team = team.apply(Rolled(label=f"#{member} stays", sides=rules.quit_die, results=(roll,)))
            if roll in rules.quit_on:
                team = team.apply(Left(member=member, reason=f"left after the concession (D{rules.quit_die} {roll})"))
    return team


def _check_recorded_as(pack: RulePack, team: Sheet, match: MatchRecord) -> None:
    """Refuse Dedicated Fans updated from a record other than the one whose outcome was recorded (an amended
    outcome whose Dedicated Fans would still follow the old score)."""
    result = result_of(team, match.number)
    if result is not None:
        scored, against = final_score(pack, match)
        given = (outcome(match), scored, against, match.opponent, match.kind, match.conceded)
        if given != (result.outcome, result.scored, result.against, result.opponent, result.kind, result.conceded):
            msg = (
                f"the Dedicated Fans of match {match.number} follow its recorded outcome ({result.outcome} "
                f"{result.scored}-{result.against} against {result.opponent}), got a record of a {given[0]} "
                f"{scored}-{against} against {match.opponent}; amend both steps, or record the match as one entry"
            )
            raise InvalidInput(msg)


@operation("bloodbowl.update_fans", kind="team", label=lambda op: f"match {op.match.number}: Dedicated Fans")
def update_fans(pack: RulePack, team: Sheet, match: MatchRecord, dice: Dice) -> Sheet:
    """Post-match step 2: a win adds one on a D6 >= Dedicated Fans, a loss takes one on a D6 below them,
    a draw changes nothing; a team that conceded with penalty loses D3 instead (never below 1, never above 7).
    A friendly game and an unplayed fixture, conceded or not, change nothing."""
    check_record(pack, match)
    check_team(team, f"the Dedicated Fans of match {match.number}")
    _check_recorded_as(pack, team, match)
    team = enter(pack, team, "fans", number=match.number)
    rules = data_of(pack).rules
    fans = team.stats["dedicated_fans"]
    result = outcome(match)
    if match.kind in ("friendly", "unplayed"):
        why = "a friendly game" if match.kind == "friendly" else "an unplayed fixture"
        why += " conceded without penalty" if match.conceded == "us" else ""
        return team.apply(
            Adjusted(effect=_stats_effect(()), reason=f"match {match.number}: {why}, Dedicated Fans stay {fans}")
        )
    if result == "draw":
        return team.apply(
            Adjusted(effect=_stats_effect(()), reason=f"match {match.number}: a draw, Dedicated Fans stay {fans}")
        )
    sides = rules.league.concession.fans_die if penalised(match) else 6
    (roll,) = dice.roll(sides, 1, "Dedicated Fans")
    if penalised(match):
        change, why = -roll, f"conceded: lose D{sides} = {roll}"
    elif result == "win":
        change, why = (1 if roll >= fans else 0), f"win: D6 {roll} {'>=' if roll >= fans else '<'} {fans}"
    else:
        change, why = (-1 if roll < fans else 0), f"loss: D6 {roll} {'<' if roll < fans else '>='} {fans}"
    new = min(rules.fans["max"], max(rules.fans["min"], fans + change))
    step = _fans_step(sides, roll, new - fans, f"match {match.number}: {why}; Dedicated Fans {fans} -> {new}")
    for event in step.events:  # the roll and its change, beside the sequence's move: one flat entry
        team = team.apply(event)
    return team


@operation(
    "bloodbowl.match", kind="team", label=lambda op: f"match {op.match.number}: outcome, winnings, Dedicated Fans"
)
def record_match(pack: RulePack, team: Sheet, match: MatchRecord, dice: Dice) -> Sheet:
    """Post-match steps 1 and 2 as one entry (the command line's ``match``): the outcome, then Dedicated Fans."""
    return update_fans(pack, record_outcome(pack, team, match, dice), match, dice)
