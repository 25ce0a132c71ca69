"""What a coach writes down for a match (:class:`MatchRecord`) and the shape it must have, the kinds of match a
record may be (a league fixture, a friendly game, a fixture left unplayed), who pays for a concession, and the
result a match writes on the team's ledger, which the league table reads back.

A result is written twice on the same ledger entry: as a sentence for people (the entry's reason) and
as the tag ``result`` of the entry's effect, in a compact machine format (:func:`result_tag`). Only
the tag is ever read back (:func:`read_result`): a reason is prose, and prose is never parsed. The end
of a match's post-match sequence is written the same way, as the tag ``closed`` (:data:`CLOSED_TAG`).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping
from types import MappingProxyType

import attrs

from progression import RulePack
from progression.errors import InvalidInput, UnknownName
from progression.operations import AMEND_WORDS

from ..data.access import data_of
from ..data.reading import natural
from ..data.rules import MatchLimits
from ..data.words import named, pack_names
from ..inducements.prayers import as_prayers, check_prayers
from ..players.injuries import check_injury, injury_named
from ..team.results import KINDS, match_number

__all__ = [
    "CONCEDED",
    "EVENTS",
    "NO_SPP",
    "PLAYED_KINDS",
    "MatchRecord",
    "check_kind",
    "check_opponent",
    "check_record",
    "event_named",
    "events_named",
    "final_score",
    "injuries_named",
    "penalised",
    "reads_record",
    "record_named",
    "result_reason",
    "result_tag",
]

#: Who conceded: nobody, this team, the opponent (and who won a play-off's Penalty Shoot-out).
CONCEDED = ("", "us", "them")
#: The kinds of match played for something at stake on a pitch: a league fixture, a play-off game. Each has the
#: whole post-match sequence (SPP, winnings, Dedicated Fans) and a concession's penalties.
PLAYED_KINDS = ("league", "playoff")

#: Match events that earn SPP -> the key of their value in tables.toml [spp].
EVENTS = {
    "completion": "completion",
    "superb_throw": "throw_team_mate_superb_and_landed",
    "landing": "thrown_player_landing",
    "interception": "interception",
    "casualty": "casualty",
    "touchdown": "touchdown",
}
#: Match events recorded for the history that earn no SPP, unless a prayer or a skill says so
#: (see ``inducements.prayers``).
NO_SPP = {
    "casualty_special": "a casualty from a Special Action (Violent Innovator: the casualty value)",
    "casualty_crowd": "a casualty caused by the crowd (Fan Interaction: 2)",
    "casualty_foul": "a casualty from a Foul Action (Fouling Frenzy: 2)",
    "catch": "a catch from a Pass Action (Dazzling Catching: 1)",
}


def _frozen_events(value: object) -> Mapping[str, Mapping[str, int]]:
    """A read-only copy of the events, each member's counts a read-only copy too; anything not of that shape is left
    for the check."""
    if isinstance(value, Mapping) and all(isinstance(counts, Mapping) for counts in value.values()):
        return MappingProxyType({member: MappingProxyType(dict(counts)) for member, counts in value.items()})
    return value  # type: ignore[return-value]  # refused by check_record


def _read_only(value: object) -> Mapping[str, str]:
    """A read-only copy of a mapping; anything else is left for the check."""
    return MappingProxyType(dict(value)) if isinstance(value, Mapping) else value  # type: ignore[return-value]


def _as_tuple(value: object) -> object:
    """A list becomes a tuple (the score, the MVP nominees); anything else is left for the check."""
    return tuple(value) if isinstance(value, list) else value


@attrs.frozen(kw_only=True)
class MatchRecord:
    """What happened in one match, from one team's side. Extend with ``extra`` (inducements, issue 5).

    A record cannot change once made: its mappings are read-only copies of those given, so that the record a
    ledger entry keeps is the one its operation ran with.
    """

    #: The fixture number (1 for the first match of the team).
    number: int
    opponent: str
    #: Touchdowns scored and conceded.
    score: tuple[int, int] = attrs.field(converter=_as_tuple)
    #: member id -> {event: count}; events are the keys of ``EVENTS`` and ``NO_SPP`` (their SPP in
    #: ``progression_bloodbowl.match.outcome``). The operations that take a record read an event by its name too
    #: (``Touchdown``, :func:`~progression_bloodbowl.match.record.record_named`) and record its id.
    events: Mapping[str, Mapping[str, int]] = attrs.field(factory=dict, converter=_frozen_events)
    #: Up to six members who took part, numbered 1..6 in this order for the MVP roll.
    mvp_nominees: tuple[str, ...] = attrs.field(default=(), converter=_as_tuple, metadata={AMEND_WORDS: ("nominees",)})
    #: member id -> casualty result (see ``players.injuries.INJURIES``), or its displayed name (``Badly Hurt``), read
    #: as the events are.
    injuries: Mapping[str, str] = attrs.field(factory=dict, converter=_read_only)
    #: Both teams' Fan Factors added (4 to 20 by the league's fans; 0, the default: not recorded).
    fan_attendance: int = attrs.field(default=0, metadata={AMEND_WORDS: ("attendance",)})
    #: Whether a player of this team was Stalling (no winnings bonus).
    stalling: bool = False
    #: ``""``, ``"us"`` (this team conceded) or ``"them"``.
    conceded: str = ""
    #: This team conceded without penalty (it could not set up three players on the Line of Scrimmage):
    #: a plain loss, without the concession's penalties. Only with ``conceded="us"``.
    without_penalty: bool = False
    #: Free notes other rules add (Star Players and Wizards used).
    extra: Mapping[str, str] = attrs.field(factory=dict, converter=_read_only)
    #: The Prayers to Nuffle in effect for this team that change SPP, by id (``perfect_passing``,
    #: ``dazzling_catching``, ``fan_interaction``, ``fouling_frenzy``), each once.
    prayers: tuple[str, ...] = attrs.field(default=(), converter=as_prayers)
    #: ``"league"`` (a fixture of the regular season), ``"friendly"`` (no SPP, no league points, no winnings, every
    #: casualty Badly Hurt), ``"unplayed"`` (a fixture not played by the deadline: a loss for both, unless one side
    #: conceded it) or ``"playoff"`` (a knockout game after the regular season: SPP, winnings, Dedicated Fans and
    #: the post-match sequence as a league fixture, but no league points: the league table is the regular season's).
    kind: str = "league"
    #: Who won the Penalty Shoot-out of a play-off level after Extra Time: ``"us"`` or ``"them"`` (``""``: none was
    #: needed). The score stays level; the shoot-out's winner wins the game.
    shootout: str = ""


def event_named(pack: RulePack, given: str, where: str) -> str:
    """The match event ``given`` names (``Touchdown``, ``Superb Throw``, ``Élimination`` for ``casualty``);
    anything but a text as it came, for the record's check to refuse.

    Raises:
        UnknownName: a text that names no match event (given ``where``), with the closest.
    """
    if type(given) is not str or given in EVENTS or given in NO_SPP:
        return given
    return named(pack, given, pack_names(pack, (*EVENTS, *NO_SPP)), "match event", where)


def events_named(pack: RulePack, events: object, where: Callable[[str], str]) -> object:
    """A record's events (member id -> {event: count}) with each event read by :func:`event_named` (``where``
    says where a member's events were given); ``events`` itself when each is an id already, or when they are
    not of that shape (the record's check refuses them).

    Raises:
        UnknownName: an event that names none.
        InvalidInput: two words of one member that name the same event (``touchdown`` and ``Touchdown``).
    """
    if not isinstance(events, Mapping) or not all(isinstance(counts, Mapping) for counts in events.values()):
        return events
    if all(event in EVENTS or event in NO_SPP for counts in events.values() for event in counts):
        return events
    read: dict[object, dict[object, object]] = {}
    for member, counts in events.items():
        read[member] = {}
        typed: dict[object, object] = {}
        for event, count in counts.items():
            found = event_named(pack, event, where(str(member)))
            if found in read[member]:
                msg = (
                    f"{where(str(member))} name the match event {found} twice ({typed[found]!r} and {event!r}); "
                    "give its count once"
                )
                raise InvalidInput(msg)
            read[member][found], typed[found] = count, event
    return read


def injuries_named(pack: RulePack, injuries: object, where: Callable[[str], str]) -> object:
    """A record's injuries (member id -> casualty result) with each result read by
    :func:`~progression_bloodbowl.players.injuries.injury_named` (``where`` says which member's injury it is);
    ``injuries`` itself when each is an id already, or when they are not of that shape (the record's check
    refuses them).

    Raises:
        InvalidInput: a result that names none.
    """
    if not isinstance(injuries, Mapping):
        return injuries
    read = {member: injury_named(pack, result, where(str(member))) for member, result in injuries.items()}
    return injuries if read == dict(injuries) else read


def record_named(pack: RulePack, match: MatchRecord) -> MatchRecord:
    """``match`` with its events and its injuries read from the words a person types (``{"1": {"Touchdown": 1}}``,
    ``{"3": "Badly Hurt"}``) as the ids the ledger keeps; ``match`` itself when it holds ids only, or when it is
    not a :class:`MatchRecord` (:func:`check_record` refuses it).

    Raises:
        UnknownName: a match event that names none.
        InvalidInput: an injury that names no casualty result, or one event named twice for one member.
    """
    if not isinstance(match, MatchRecord):
        return match
    global _of_ids  # one slot, replaced whole
    if _of_ids is not None and _of_ids() is match:  # each step of a post-match sequence reads the same record
        return match
    number = match.number
    events = events_named(pack, match.events, lambda member: f"the events of player #{member} in match {number}")
    injuries = injuries_named(pack, match.injuries, lambda member: f"the injury of player #{member} in match {number}")
    if events is match.events and injuries is match.injuries:
        _of_ids = weakref.ref(match)
        return match
    return attrs.evolve(match, events=events, injuries=injuries)


#: The last record :func:`record_named` found holding ids only (a weak reference): a record cannot change, and
#: whether its words are ids depends on no pack.
_of_ids: weakref.ref[MatchRecord] | None = None


def reads_record(pack: RulePack, arguments: Mapping[str, object], given: MatchRecord) -> MatchRecord:
    """A :data:`~progression_bloodbowl.data.words.Reader` of an operation's match record (:func:`record_named`)."""
    return record_named(pack, given)


def check_opponent(match: MatchRecord) -> None:
    """Refuse an opponent that is not a name on one line: the result's tag ends with it."""
    opponent = match.opponent
    if not isinstance(opponent, str) or not opponent.strip() or opponent.splitlines() != [opponent]:
        msg = f"the opponent of match {match.number} is a team's name on one line, got {opponent!r}"
        raise InvalidInput(msg)


def _words(what: str, value: object) -> str:
    """How a yes-or-no field is written, in Python and on the command line, and what came."""
    return f"{what} is True or False ({what}=yes or {what}=no on the command line), got {_shown(value)}"


def _shown(value: object) -> str:
    """What came, as a refusal shows it: as it was written, a mapping as a ``dict`` (the record keeps read-only
    copies, whose Python repr, ``mappingproxy({...})``, nobody wrote), cut at 200 characters."""

    def plain(inner: object) -> object:
        if isinstance(inner, MappingProxyType):
            return {key: plain(item) for key, item in inner.items()}
        return inner

    text = repr(plain(value))
    return text if len(text) <= 200 else f"{text[:197]}..."


def _named(what: str, number: int, option: str, side: str) -> str:
    """A field of the record of match ``number`` in a sentence (``the events of match 2``), with the option that
    gives it where a league names each side's (``the events of match 2 (home.events)``)."""
    return f"the {what} of match {number}" + (f" ({side}{option})" if side else "")


def check_record(pack: RulePack, match: object, *, side: str = "") -> MatchRecord:
    """``match`` when it is a :class:`MatchRecord` whose every field has its shape and whose words are known
    (a record checked without its team: :func:`~progression_bloodbowl.match.outcome.check_match` checks it against one).

    Args:
        side: How a league's command line names the options of this record's side (``home.``), for the messages;
            empty for a team's own record, whose score is ours-theirs.

    Raises:
        InvalidInput: the first field that is not of its shape, named with what it takes and what came.
        UnknownName: a kind of match, a match event or a prayer the pack does not know.
    """
    if not isinstance(match, MatchRecord):
        msg = f"expected a MatchRecord, got {type(match).__name__}"
        raise InvalidInput(msg)
    global _accepted  # one slot, replaced whole
    accepted = _accepted
    if accepted is not None and accepted[0]() is match and accepted[1]() is pack:
        return match
    number = match_number(match.number, "match number")
    check_opponent(match)
    score = match.score
    if not isinstance(score, tuple) or len(score) != 2:
        msg = f"the score of match {number} is two whole numbers (ours, theirs) such as (2, 1), got {_shown(score)}"
        raise InvalidInput(msg)
    # a league's record mirrors the away side's score: each number named as the option that gave it
    other = {"home.": "away.", "away.": "home."}.get(side, "")
    words = (f"{side}score", f"{other}score") if side else ("ours", "theirs")
    for word, touchdowns in zip(words, score, strict=True):
        natural(touchdowns, f"the score of match {number} ({word})")
    limits = data_of(pack).rules.match_limits
    if sum(score) > limits.touchdowns:
        msg = (
            f"the score of match {number} is at most {limits.touchdowns} touchdowns for both teams together "
            f"(one a turn at most, {limits.turns_per_team} turns a team), got {score[0]}-{score[1]}"
        )
        raise InvalidInput(msg)
    _check_events(match, limits, side)
    nominees = match.mvp_nominees
    if not isinstance(nominees, tuple) or not all(isinstance(member, str) for member in nominees):
        msg = f"{_named('MVP nominees', number, 'nominees', side)} are member ids such as ('1', '3'), got {_shown(nominees)}"
        raise InvalidInput(msg)
    injuries = match.injuries
    if not isinstance(injuries, Mapping) or not all(isinstance(m, str) for m in injuries):
        msg = (
            f"{_named('injuries', number, 'injuries', side)} map member ids to results such as "
            f"{{'3': 'badly_hurt'}}, got {_shown(injuries)}"
        )
        raise InvalidInput(msg)
    for member, result in injuries.items():
        check_injury(result, f"the injury of player #{member} in " + (f"{side}injuries" if side else f"match {number}"))
    _check_attendance(pack, match)
    for what, value in ((f"{side}stalling", match.stalling), ("without_penalty", match.without_penalty)):
        if not isinstance(value, bool):
            msg = f"match {number}: {_words(what, value)}"
            raise InvalidInput(msg)
    if not isinstance(match.extra, Mapping):
        msg = f"{_named('extra notes', number, 'extra', side)} map names to texts, got {_shown(match.extra)}"
        raise InvalidInput(msg)
    check_kind(pack, match)
    check_prayers(pack, match)
    _accepted = (weakref.ref(match), weakref.ref(pack))
    return match


#: The last record accepted, and the pack it was checked under (weak references): a record cannot change and
#: neither can a pack, and the steps of one post-match sequence check the same record three times.
_accepted: tuple[weakref.ref[MatchRecord], weakref.ref[RulePack]] | None = None


def _check_attendance(pack: RulePack, match: MatchRecord) -> None:
    """The Fan Attendance: 0 when it was not recorded, else both teams' Fan Factors added, which no game makes
    lower or higher than :attr:`MatchLimits.attendance` (a team's own Dedicated Fans are checked with the team)."""
    attendance = natural(match.fan_attendance, f"the fan attendance of match {match.number}")
    rules = data_of(pack).rules
    low, high = rules.match_limits.attendance
    if attendance and not low <= attendance <= high:
        count, sides = rules.match_limits.fan_die
        msg = (
            f"the fan attendance of match {match.number} is both teams' Fan Factors added (Dedicated Fans "
            f"{rules.fans['min']} to {rules.fans['max']} + {count if count > 1 else ''}D{sides} each): {low} to {high} "
            f"(a league match played needs it; 0 means not recorded); got {attendance}"
        )
        raise InvalidInput(msg)


def _check_events(match: MatchRecord, limits: MatchLimits, side: str = "") -> None:
    """The events: member id -> {event: count}, each event known, each count a whole number no game exceeds
    (``side``: how a league names this side's options, ``home.``)."""
    events, number = match.events, match.number
    if not isinstance(events, Mapping) or not all(
        isinstance(member, str) and isinstance(counts, Mapping) for member, counts in events.items()
    ):
        msg = (
            f"{_named('events', number, 'events', side)} map member ids to {{event: count}} such as "
            f"{{'1': {{'touchdown': 1}}}}, got {_shown(events)}"
        )
        raise InvalidInput(msg)
    given = f" in {side}events" if side else ""
    for member, counts in events.items():
        for event, count in counts.items():
            if event not in EVENTS and event not in NO_SPP:
                where = f"the events of player #{member} in " + (f"{side}events" if side else f"match {number}")
                raise UnknownName("match event", str(event), [*EVENTS, *NO_SPP], where)
            if natural(count, f"match {number}: #{member} {event}{given}") > limits.per_player:
                msg = (
                    f"match {number}: #{member} {event}{given} is 0 to {limits.per_player} in a game (at most "
                    f"{limits.most_per_turn} a turn, {limits.turns_per_team} turns a team), got {count}"
                )
                raise InvalidInput(msg)


def check_kind(pack: RulePack, match: MatchRecord) -> None:
    """Refuse a kind or a concession the pack does not know, and what a friendly or an unplayed fixture cannot hold."""
    if match.kind not in KINDS:
        raise UnknownName("match kind", str(match.kind), KINDS, f"the record of match {match.number}")
    if match.conceded not in CONCEDED:
        msg = (
            f"match {match.number}: conceded is 'us' (this team conceded), 'them' (the opponent did) or '' "
            f"(nobody; on the command line, leave conceded= out), got {match.conceded!r}"
        )
        raise InvalidInput(msg)
    if match.without_penalty and match.conceded != "us":
        msg = (
            f"match {match.number}: only a team that conceded may concede without penalty "
            f"(without_penalty=True with conceded='us'; on the command line without_penalty=yes with conceded=us), "
            f"got conceded={match.conceded!r}"
        )
        raise InvalidInput(msg)
    if match.mvp_nominees and penalised(match) and not data_of(pack).rules.league.concession.conceding_mvps:
        msg = (
            f"match {match.number} was conceded by this team, which makes no MVP award (its opponent makes two): "
            f"no MVP nominees, got {', '.join(match.mvp_nominees)}; a team that could not set up three players on "
            "the Line of Scrimmage concedes without penalty and makes its award (without_penalty=yes on the command "
            "line, without_penalty=True in Python)"
        )
        raise InvalidInput(msg)
    if match.kind == "unplayed":
        _check_unplayed(match)
    elif match.kind == "friendly":
        _check_friendly(pack, match)
    _check_shootout(match)


def _check_shootout(match: MatchRecord) -> None:
    """A play-off has a winner: level after Extra Time (and not conceded), it is decided by the Penalty Shoot-out,
    whose winner is recorded; no other match has one."""
    number, shootout = match.number, match.shootout
    if shootout not in CONCEDED:
        msg = (
            f"match {number}: shootout is 'us' (this team won the Penalty Shoot-out), 'them' (the opponent did) or "
            f"'' (none was played; on the command line, leave shootout= out), got {shootout!r}"
        )
        raise InvalidInput(msg)
    level = match.score[0] == match.score[1] and not match.conceded
    if shootout and (match.kind != "playoff" or not level):
        if match.kind != "playoff":
            why = f"match {number} is no play-off (its kind is {match.kind!r})"
        elif match.conceded:
            why = f"match {number} was conceded"
        else:
            why = f"match {number} ended {match.score[0]}-{match.score[1]}"
        msg = (
            f"{why}: only a play-off level after Extra Time (kind=playoff, the score level, nobody conceded) is "
            f"decided by a Penalty Shoot-out; leave shootout out, got shootout={shootout!r}"
        )
        raise InvalidInput(msg)
    if match.kind == "playoff" and level and not shootout:
        msg = (
            f"match {number} is a play-off level at {match.score[0]}-{match.score[1]}: a play-off has a winner, so "
            "a level score after Extra Time goes to a Penalty Shoot-out; say who won it (shootout=us or "
            "shootout=them)"
        )
        raise InvalidInput(msg)


def penalised(match: MatchRecord) -> bool:
    """Whether this team pays the concession's penalties: it conceded a fixture that was played, and not
    because it could not set up three players on the Line of Scrimmage (``without_penalty``). Conceding an
    unplayed fixture is always Conceding Without Penalty."""
    return match.conceded == "us" and match.kind in PLAYED_KINDS and not match.without_penalty


def _check_unplayed(match: MatchRecord) -> None:
    """An unplayed fixture has no score, events, injuries, crowd or Stalling; MVPs, and the touchdowns the
    concession awards (given to players as ``touchdown`` events), only for the side the other conceded to."""
    awarded = match.conceded == "them"
    other_events = any(event != "touchdown" for counts in match.events.values() for event in counts)
    wrong = [
        what
        for what, bad in (
            (f"score {match.score[0]}-{match.score[1]}", match.score != (0, 0)),
            (
                "match events" + (" other than the touchdowns awarded" if awarded else ""),
                other_events or (bool(match.events) and not awarded),
            ),
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
        msg = f"match {match.number} is a friendly game, which awards no SPP: no MVP nominees, got {', '.join(match.mvp_nominees)}"
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


#: How a result's sentence names a kind of match that is not a league fixture, when not by its id.
_KIND_NOTES = {"playoff": "play-off"}


def result_reason(match: MatchRecord, outcome: str, score: tuple[int, int], casualties: int) -> str:
    """The sentence that records a result (``outcome``: win, draw, loss) on the ledger, for people to read.

    ``match 3 against Orcs: win 3-1, 2 casualties`` with ``(friendly)``, ``(unplayed)``, ``(conceded)``,
    ``(conceded without penalty)`` or ``(opponent conceded)`` after it when they apply; ``score`` is the
    one that counts (:func:`final_score`), ``casualties`` those that earned SPP.
    """
    scored, against = score
    cas = casualties
    notes = [_KIND_NOTES.get(match.kind, match.kind)] if match.kind != "league" else []
    if match.shootout:
        notes.append("won the Penalty Shoot-out" if match.shootout == "us" else "lost the Penalty Shoot-out")
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
