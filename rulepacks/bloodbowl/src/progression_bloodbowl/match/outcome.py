"""A match's outcome and what it earns: the SPP and MVP (:mod:`.spp`), injuries, winnings, Dedicated Fans.

A :class:`MatchRecord` is what a coach writes down during a game. :func:`record_outcome`
turns it into one ledger entry on the team (step 1 of the post-match sequence) and
:func:`update_fans` is step 2. Every die is rolled through the given dice and recorded
on the ledger as a :class:`~progression.events.Rolled` event.
"""

from __future__ import annotations

from progression import Dice, Effect, RulePack, Sheet, Work, operation
from progression.errors import InvalidInput, Sentence, UnknownName

from ..data.access import data_of
from ..data.matched_play import BUDGET_TAG
from ..data.words import reads
from ..inducements.order import release
from ..players.injuries import injury_effect, lasting_row
from ..players.player import YES, available
from ..team.results import KINDS, RESULT_TAG, check_team, result_of, results, season_matches, season_of
from ..team.roster import check_draft_end
from ..team.sequence import WAY_BACK, check_closed, enter, reached
from .record import (
    EVENTS,
    NO_SPP,
    PLAYED_KINDS,
    MatchRecord,
    check_record,
    final_score,
    penalised,
    reads_record,
    record_named,
    result_reason,
    result_tag,
)
from .spp import award_mvps, award_spp, mvps_due, spp_casualties, spp_earned, spp_values
from .winnings import winnings

__all__ = [
    "EVENTS",
    "KINDS",
    "NO_SPP",
    "MatchRecord",
    "check_match",
    "check_reported",
    "outcome",
    "record_outcome",
    "result_reason",
    "spp_values",
    "update_fans",
    "winnings",
]


def outcome(match: MatchRecord) -> str:
    """``win``, ``draw`` or ``loss``; a concession decides it whatever the score, an unplayed fixture
    nobody conceded is a loss for both teams, and a play-off level after Extra Time is won by the side that won the
    Penalty Shoot-out."""
    if match.kind == "unplayed" and not match.conceded:
        return "loss"
    if match.conceded:
        return "loss" if match.conceded == "us" else "win"
    if match.shootout:
        return "win" if match.shootout == "us" else "loss"
    scored, against = match.score
    return "win" if scored > against else "loss" if scored < against else "draw"


def check_reported(pack: RulePack, match: MatchRecord, *, side: str = "") -> None:
    """Refuse a new record that leaves out what its rules count on: the Fan Attendance of a played league match
    (its winnings come from it) and MVP nominees when the team earns an MVP. Left out, both read as nothing: no
    winnings for the crowd and no MVP, which no game gives.

    The command line and a league check a record as it is typed in. The operations do not: a ledger written
    before this check may hold records without them (``fan_attendance=0``, "not recorded"), and runs again as
    it was.

    Args:
        side: how the command line names this side's options (``home.`` in a league), for the message.

    Raises:
        InvalidInput: the record is refused by :func:`~progression_bloodbowl.match.record.check_record`, or the
            attendance or the nominees are missing.
    """
    check_record(pack, match, side=side)  # what the record says is wrong first, then what it leaves out
    where = f"match {match.number} against {match.opponent}"
    if match.kind in PLAYED_KINDS and not match.fan_attendance:
        low, high = data_of(pack).rules.match_limits.attendance
        msg = (
            f"{where}: the winnings come from the Fan Attendance, both teams' Fan Factors added ({low} to {high}); "
            "give it (attendance=N on the command line, fan_attendance in Python): a "
            f"{'play-off' if match.kind == 'playoff' else 'league match'} played needs it; 0 means not recorded"
        )
        raise InvalidInput(msg)
    if mvps_due(pack, match) and not match.mvp_nominees:
        most = data_of(pack).rules.spp["mvp_nominees"]
        msg = (
            f"{where}: the team earns an MVP, drawn among up to {most} players who took part; name them "
            f"({side}nominees=1,4,7 on the command line, mvp_nominees in Python)"
        )
        raise InvalidInput(msg)


def check_match(pack: RulePack, team: Sheet, match: MatchRecord) -> None:
    """Refuse a record that does not fit the team: every problem named, nothing changed.

    Beyond the record's shape (:func:`~progression_bloodbowl.match.record.check_record`): a league team, a match
    number not yet recorded this season, players who took part, no more touchdowns recorded as events than the
    team has in the score that counts, and MVP nominees who may earn SPP. Its events and injuries are read as
    :func:`~progression_bloodbowl.match.record.record_named` reads them (``Touchdown``, ``Badly Hurt``).
    """
    match = record_named(pack, match)
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
            raise UnknownName(
                "member", member, team.members, f"team {team.name!r} (the events of match {match.number})"
            )
        if member not in played:
            msg = (
                f"the events of match {match.number} name #{member} {team.members[member].name} of {team.name}, who "
                "did not take part (missing the match, retired or dead)"
            )
            raise InvalidInput(msg)
    _check_touchdowns(pack, team, match)
    _check_attendance(pack, team, match)
    most = data_of(pack).rules.spp["mvp_nominees"]
    if len(match.mvp_nominees) > most or len(set(match.mvp_nominees)) != len(match.mvp_nominees):
        twice = sorted({m for m in match.mvp_nominees if match.mvp_nominees.count(m) > 1}, key=str)
        got = f"#{' and #'.join(twice)} named twice" if twice else f"{len(match.mvp_nominees)}"
        msg = f"the MVP nominees are up to {most} different players, got {got} ({', '.join(match.mvp_nominees)})"
        raise InvalidInput(msg)
    for member in match.mvp_nominees:
        if member in played and "star" in team.members[member].tags:
            msg = f"MVP nominee {member!r} is {team.members[member].name}, a Star Player: Star Players cannot be MVP"
            raise InvalidInput(msg)
        if member not in played or "no_spp" in team.members[member].tags:
            msg = (
                f"MVP nominee {member!r} of match {match.number} is not a player of {team.name!r} who took part and "
                "may earn SPP"
            )
            raise InvalidInput(msg)
    for member in match.injuries:
        if member not in played:
            msg = f"the injuries of match {match.number} name {member!r}, not a player of {team.name!r} who took part"
            raise InvalidInput(msg)


def _check_new_number(team: Sheet, match: MatchRecord) -> None:
    """Refuse a match number already recorded for the team this season (it would count twice in the table)."""
    if not season_matches(team).was_recorded(match.number):
        return
    for result in results(team):
        if result.number == match.number:
            said = Sentence(
                (
                    f"match {match.number} is already recorded for {team.name} in season {season_of(team)} "
                    f"(against {result.opponent}: {result.outcome} {result.scored}-{result.against}); "
                    "give the fixture's own number, or take the record back to make it again (the way back is ",
                    WAY_BACK,
                    ")",
                )
            )
            raise InvalidInput(said)


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


def _result(match: MatchRecord, outcome: str, score: tuple[int, int], casualties: int) -> tuple[Effect, str]:
    """What counts a result: the team's record (matches played on the pitch), the result as the tag the
    league table reads back, and the sentence for people."""
    # Friendlies and unplayed fixtures are not on the team's record (play-offs are): only in the tag and the sentence.
    result_stat = {"win": "wins", "draw": "draws", "loss": "losses"}[outcome]
    counted = {"played": 1, result_stat: 1} if match.kind in PLAYED_KINDS else {}
    tag, reason = result_tag(match, outcome, score, casualties), result_reason(match, outcome, score, casualties)
    return Effect(stats=counted, tags={RESULT_TAG: tag}), reason


@reads(match=reads_record)
@operation("bloodbowl.record_outcome", kind="team", label=lambda op: f"match {op.match.number}: outcome and winnings")
def record_outcome(work: Work, match: MatchRecord, dice: Dice) -> None:
    """Post-match step 1, as one ledger entry: players who missed this match are back, SPP and MVP awarded,
    injuries recorded, winnings paid into the treasury, the result counted."""
    pack, team = work.pack, work.sheet
    check_match(pack, team, match)
    check_closed(team, match.number)
    data = data_of(pack)
    if "drafted" not in team.tags:  # a team built hire by hire: its first match ends the draft, as end_draft would
        check_draft_end(pack, team, ending=f"match {match.number}")
        work.adjust(Effect(tags={"drafted": YES}), "the first match ends the draft")
    # A friendly is not a fixture: who must miss the next match still does.
    missed = [m for m, p in sorted(team.members.items()) if "miss_next" in p.tags and match.kind != "friendly"]
    for member in missed:
        work.adjust(_BACK, f"missed match {match.number}", member=member)
    league = data.rules.league
    earned = spp_earned(pack, team, match)
    loses_spp = penalised(match) and league.concession.loses_spp
    if not loses_spp and (match.kind != "friendly" or league.friendly_spp):
        award_spp(work, match, earned)
    award_mvps(work, match)
    for member, result in sorted(match.injuries.items()):
        _injury(work, match, member, result)
    if match.kind == "unplayed" and match.conceded == "them":
        count, sides = league.unplayed_concede_dice
        rolls = work.roll(sides, count, label="unplayed fixture winnings")
        money = winnings(pack, team, match, rolled=sum(rolls)).total
        reason = f"match {match.number}: unplayed fixture conceded by {match.opponent}, D{sides} {sum(rolls)} x {league.unplayed_concede_multiplier:,}"
        work.award("treasury", money, reason)
    else:
        money = winnings(pack, team, match).total
        if money:
            work.award("treasury", money, f"winnings of match {match.number}")
    score = final_score(pack, match)
    work.adjust(*_result(match, outcome(match), score, spp_casualties(match, earned)))
    if penalised(match):
        _quit_after_concession(work)
    release(work, match.number)  # issue 5: hired stars leave, inducements end
    work.adjust(*reached(season_of(team), match.number, "outcome"))  # the sequence of this match opens


#: What a player who missed a match has done with it: he may play again.
_BACK = Effect(untag=("miss_next",))


def _injury(work: Work, match: MatchRecord, member: str, result: str) -> None:
    """A casualty's consequence for ``member``: his injury step (a friendly's casualty counted as the league
    says, a Lasting Injury's D6), or a sentence for a Star Player, whose casualty ends with the match."""
    pack = work.pack
    data, league = data_of(pack), data_of(pack).rules.league
    if "star" in work.sheet.members[member].tags:  # issue 5: a star's casualty ends with the match
        sentence = f"match {match.number}: {result.replace('_', ' ')}, no consequence for a Star Player after the match"
        work.note(sentence, member=member)
        return
    with work.step("injury", member=member):
        if match.kind == "friendly" and result != league.friendly_casualty:
            kind = result.replace("_", " ").split(":")[0]
            work.note(f"match {match.number}: friendly game, {kind} counts as {pack.name_of(league.friendly_casualty)}")
            result = league.friendly_casualty
        if result == "lasting_injury":
            (d6,) = work.roll(6, label="lasting injury")
            result = f"lasting_injury:{lasting_row(data, d6)[1]}"
        effect, sentence = injury_effect(data, dict(work.subject().stats), result)
        work.adjust(effect, f"match {match.number}: {sentence}")


def _quit_after_concession(work: Work) -> None:
    """Each player of a team that conceded with penalty and has 3+ advancements leaves on a D6 of 1-3
    (``[concede].quit_check``); the dead (killed in this match too) and the temporarily retired make no roll."""
    rules = data_of(work.pack).rules.league.concession
    for member, player in sorted(work.sheet.members.items()):
        if "dead" in player.tags or "retired" in player.tags:
            continue
        if player.stats["advancements"] >= rules.quit_advancements:
            label = f"{player.name} stays after the concession"
            (roll,) = work.roll(rules.quit_die, label=label, shown=f"#{member} stays")
            if roll in rules.quit_on:
                work.leave(member, f"left after the concession (D{rules.quit_die} {roll})")


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


@reads(match=reads_record)
@operation("bloodbowl.update_fans", kind="team", label=lambda op: f"match {op.match.number}: Dedicated Fans")
def update_fans(work: Work, match: MatchRecord, dice: Dice) -> None:
    """Post-match step 2: a win adds one on a D6 >= Dedicated Fans, a loss takes one on a D6 below them,
    a draw changes nothing; a team that conceded with penalty loses D3 instead (never below 1, never above 7).
    A friendly game and an unplayed fixture, conceded or not, change nothing."""
    pack = work.pack
    check_record(pack, match)
    check_team(work.sheet, f"the Dedicated Fans of match {match.number}")
    _check_recorded_as(pack, work.sheet, match)
    enter(work, "fans", number=match.number)
    rules = data_of(pack).rules
    fans = work.sheet.stats["dedicated_fans"]
    result = outcome(match)
    if match.kind in ("friendly", "unplayed"):
        why = "a friendly game" if match.kind == "friendly" else "an unplayed fixture"
        why += " conceded without penalty" if match.conceded == "us" else ""
        work.note(f"match {match.number}: {why}, Dedicated Fans stay {fans}")
        return
    if result == "draw":
        work.note(f"match {match.number}: a draw, Dedicated Fans stay {fans}")
        return
    sides = rules.league.concession.fans_die if penalised(match) else 6
    (roll,) = work.roll(sides, label="Dedicated Fans")
    if penalised(match):
        change, why = -roll, f"conceded: lose D{sides} = {roll}"
    elif result == "win":
        change, why = (1 if roll >= fans else 0), f"win: D6 {roll} {'>=' if roll >= fans else '<'} {fans}"
    else:
        change, why = (-1 if roll < fans else 0), f"loss: D6 {roll} {'<' if roll < fans else '>='} {fans}"
    new = min(rules.fans["max"], max(rules.fans["min"], fans + change))
    reason = f"match {match.number}: {why}; Dedicated Fans {fans} -> {new}"
    work.adjust(Effect(stats={"dedicated_fans": new - fans}), reason)


@reads(match=reads_record)
@operation(
    "bloodbowl.match", kind="team", label=lambda op: f"match {op.match.number}: outcome, winnings, Dedicated Fans"
)
def record_match(work: Work, match: MatchRecord, dice: Dice) -> None:
    """Post-match steps 1 and 2 as one entry (the command line's ``match``): the outcome, then Dedicated Fans.

    The record's events and injuries may be written by their displayed names (``{"1": {"Touchdown": 1}}``,
    ``{"3": "Badly Hurt"}``): they are read once (:func:`~progression_bloodbowl.match.record.record_named`), and
    the ledger keeps the ids."""
    work.run(record_outcome.operation(match=match))  # type: ignore[attr-defined]
    work.run(update_fans.operation(match=match))  # type: ignore[attr-defined]
