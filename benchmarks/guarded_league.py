"""The guarded floor of the league benchmark: the Blood Bowl season written by hand, keeping the library's promises.

``bench_league.with_dicts_bloodbowl`` does the season's arithmetic on plain dicts and keeps none of the library's
promises. This module does the same season with them, written plainly, so that the league's row measures what the
library costs beyond what its promises cost:

- **Immutable state.** A team and its players are frozen dataclasses; every change makes a new team.
- **A typed ledger.** Every change is one :class:`Entry`: the operation asked, every die rolled for it, and the
  events it caused. The ledger is a chain of entries (appending copies nothing, so it costs the same at any length).
- **Replay.** :func:`replay` folds the events of a ledger into a team, with the same :func:`apply` the operations
  use; the benchmark checks it equal to the team at the end of the season.
- **Quote before you buy.** :func:`quote` prices an advancement and checks that it may be bought (the sequence at
  step 3, no choice waiting, the advancement limit, the SPP, a primary category, a skill left to take); its
  sentences are written only when something is refused, and a purchase is refused with them.
- **The same input checks** as the pack makes on a match record: the match number, the opponent, the score, every
  event known, of a member of the team and counted in range, the touchdowns against the score, the MVP nominees
  (members, distinct, at most six), the Fan Attendance against the limits and the team's Dedicated Fans, Stalling;
  and the sequence's order (a new match only after the last one's Expensive Mistakes, the must-advance rule
  before them).
- **A paused choice.** A random primary skill rolls two skills and, when they differ, pauses with both offered
  (:attr:`Player.offered`); a separate :class:`Decide` keeps one, as the library's ``post.advance`` then
  ``post.decide`` do.

The dice are ``random.Random(2025).randint``, drawn in the order the library's ``SeededDice(2025)`` is, so the season
ends in the library's state (the benchmark checks SPP, advancements, skills, treasury and Dedicated Fans).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

#: The steps of the post-match sequence the season goes through (4, hiring and firing, is never asked).
OUTCOME, FANS, ADVANCEMENT, MISTAKES, PREPARED = 1, 2, 3, 5, 6
#: The match numbers a record may give.
NUMBERS = range(1, 10_000)


class Refused(ValueError):
    """An operation the rules refuse, with the sentence that says why; nothing was changed."""


# -- the rules, read once from the pack ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rules:
    """The numbers of the rules the season uses, read from the Blood Bowl pack's data."""

    #: What each match event earns (the events that earn none are there with 0).
    spp: Mapping[str, int]
    mvp: int
    most_nominees: int
    #: The price of a random primary skill, by advancements taken, and of a characteristic (the must-advance rule).
    costs: tuple[int, ...]
    characteristic_costs: tuple[int, ...]
    most_advancements: int
    #: Each skill category's table, in the order 2D6 reads it.
    tables: Mapping[str, tuple[str, ...]]
    touchdowns: int
    per_player: int
    attendance: tuple[int, int]
    fan_die: tuple[int, int]
    fan_factor: tuple[int, int]
    fans: tuple[int, int]
    winnings: Mapping[str, int]
    mistakes_threshold: int
    mistakes_bands: tuple[int, ...]
    mistakes_rows: tuple[tuple[str, ...], ...]
    minor_incident: tuple[int, int, int]
    major_incident: tuple[int, int]
    catastrophe: tuple[int, int, int]


# -- the state -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    #: The skill categories the player's position has as primary.
    primary: tuple[str, ...]
    skills: frozenset[str]
    spp: int = 0
    advancements: int = 0
    #: The two skills a random primary skill rolled, waiting for the coach to keep one.
    offered: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True)
class Sequence:
    """Where the team stands in its season: the match numbers recorded, the match whose post-match sequence is
    open and its last step done, that match's outcome (``win``, ``draw``, ``loss``) and the season's counts."""

    recorded: frozenset[int] = frozenset()
    match: int = 0
    step: int = PREPARED
    outcome: str = ""
    wins: int = 0
    draws: int = 0
    losses: int = 0


@dataclass(frozen=True, slots=True)
class Team:
    name: str
    treasury: int
    fans: int
    #: member id -> player (a read-only mapping).
    players: Mapping[str, Player]
    sequence: Sequence = Sequence()

    def with_player(self, member: str, player: Player) -> Team:
        """The team with ``member`` replaced."""
        return Team(
            self.name, self.treasury, self.fans, MappingProxyType({**self.players, member: player}), self.sequence
        )


# -- the operations: what is asked -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """What a coach writes down for one match, from one team's side."""

    number: int
    opponent: str
    score: tuple[int, int]
    #: (member id, event, count), in member order.
    events: tuple[tuple[str, str, int], ...] = ()
    mvp_nominees: tuple[str, ...] = ()
    fan_attendance: int = 0
    stalling: bool = False


@dataclass(frozen=True, slots=True)
class Draft:
    team: Team


@dataclass(frozen=True, slots=True)
class RecordOutcome:
    match: MatchRecord


@dataclass(frozen=True, slots=True)
class UpdateFans:
    number: int


@dataclass(frozen=True, slots=True)
class Advance:
    member: str
    category: str


@dataclass(frozen=True, slots=True)
class Decide:
    member: str
    skill: str


@dataclass(frozen=True, slots=True)
class ExpensiveMistakes:
    number: int


@dataclass(frozen=True, slots=True)
class Prepare:
    number: int


Operation = Draft | RecordOutcome | UpdateFans | Advance | Decide | ExpensiveMistakes | Prepare


# -- the events: what changed ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Created:
    team: Team


@dataclass(frozen=True, slots=True)
class Counted:
    """A match's result counted: its sequence opens at step 1."""

    number: int
    outcome: str


@dataclass(frozen=True, slots=True)
class Reached:
    step: int


#: Reaching a step, one event per step: events are immutable, so every team shares them.
REACHED = {step: Reached(step) for step in (OUTCOME, FANS, ADVANCEMENT, MISTAKES, PREPARED)}


@dataclass(frozen=True, slots=True)
class Awarded:
    member: str
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class Paid:
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class Lost:
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class FansChanged:
    change: int
    reason: str


@dataclass(frozen=True, slots=True)
class Spent:
    member: str
    amount: int


@dataclass(frozen=True, slots=True)
class Offered:
    member: str
    skills: tuple[str, str]


@dataclass(frozen=True, slots=True)
class Gained:
    member: str
    skill: str


@dataclass(frozen=True, slots=True)
class Marked:
    name: str


Event = Created | Counted | Reached | Awarded | Paid | Lost | FansChanged | Spent | Offered | Gained | Marked


@dataclass(frozen=True, slots=True)
class Rolled:
    label: str
    sides: int
    results: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Entry:
    """One operation as the ledger keeps it: what was asked, every die rolled for it, what it changed; and the entry
    before it. A ledger is its last entry: appending shares the whole past, so it costs the same at any length."""

    operation: Operation
    rolls: tuple[Rolled, ...]
    events: tuple[Event, ...]
    #: The ledger before this entry (not compared: two entries are equal when they record the same).
    before: Entry | None = field(default=None, repr=False, compare=False)

    def entries(self) -> Iterator[Entry]:
        """The ledger's entries, oldest first."""
        chain: list[Entry] = []
        link: Entry | None = self
        while link is not None:
            chain.append(link)
            link = link.before
        return reversed(chain)


#: A ledger: its last entry.
Ledger = Entry


# -- applying an event (the one fold, for execution and replay) ------------------------------------------------------


def apply(team: Team, event: Event) -> Team:
    """The team after ``event``.

    The new values are built with their constructors: ``dataclasses.replace`` costs a microsecond or two a call
    (it reads the fields' list and passes keywords), which was half of this floor's time.
    """
    match event:
        case Awarded(member, amount, _):
            p = team.players[member]
            return team.with_player(
                member, Player(p.name, p.primary, p.skills, p.spp + amount, p.advancements, p.offered)
            )
        case Spent(member, amount):
            p = team.players[member]
            return team.with_player(
                member, Player(p.name, p.primary, p.skills, p.spp - amount, p.advancements, p.offered)
            )
        case Offered(member, skills):
            p = team.players[member]
            return team.with_player(member, Player(p.name, p.primary, p.skills, p.spp, p.advancements, skills))
        case Gained(member, skill):
            p = team.players[member]
            return team.with_player(member, Player(p.name, p.primary, p.skills | {skill}, p.spp, p.advancements + 1))
        case Paid(amount, _):
            return Team(team.name, team.treasury + amount, team.fans, team.players, team.sequence)
        case Lost(amount, _):
            return Team(team.name, team.treasury - amount, team.fans, team.players, team.sequence)
        case FansChanged(change, _):
            return Team(team.name, team.treasury, team.fans + change, team.players, team.sequence)
        case Counted(number, outcome):
            s = team.sequence
            counted = Sequence(
                recorded=s.recorded | {number},
                match=number,
                step=OUTCOME,
                outcome=outcome,
                wins=s.wins + (outcome == "win"),
                draws=s.draws + (outcome == "draw"),
                losses=s.losses + (outcome == "loss"),
            )
            return Team(team.name, team.treasury, team.fans, team.players, counted)
        case Reached(step):
            s = team.sequence
            at = Sequence(s.recorded, s.match, step, s.outcome, s.wins, s.draws, s.losses)
            return Team(team.name, team.treasury, team.fans, team.players, at)
        case Marked():
            return team
        case Created(created):
            return created
    msg = f"not an event: {event!r}"
    raise TypeError(msg)


def replay(ledger: Ledger) -> Team:
    """The team a ledger records, folded from its events (the first entry creates it)."""
    team: Team | None = None
    for entry in ledger.entries():
        for event in entry.events:
            team = apply(team, event)  # type: ignore[arg-type]  # only Created reads no team
    if team is None:
        msg = "an empty ledger records no team"
        raise Refused(msg)
    return team


# -- the dice, recorded ----------------------------------------------------------------------------------------------


class Dice:
    """Seeded dice that keep every roll of the operation running, for its entry."""

    def __init__(self, seed: int) -> None:
        self.randint = random.Random(seed).randint
        self.rolled: list[Rolled] = []

    def roll(self, label: str, sides: int, count: int = 1) -> tuple[int, ...]:
        results = tuple(self.randint(1, sides) for _ in range(count))
        self.rolled.append(Rolled(label, sides, results))
        return results


# -- the checks ------------------------------------------------------------------------------------------------------


def _natural(value: object, what: str, least: int = 0, most: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least or (most is not None and value > most):
        msg = f"{what}: expected a whole number from {least}" + (f" to {most}" if most is not None else "")
        raise Refused(f"{msg}, got {value!r}")
    return value


def check_match(rules: Rules, team: Team, match: MatchRecord) -> None:
    """Refuse a record that is not of its shape or does not fit the team (the pack's checks of a league match)."""
    number = _natural(match.number, "the match number", NUMBERS.start, NUMBERS.stop - 1)
    if team.sequence.step < MISTAKES:
        msg = f"the post-match sequence of match {team.sequence.match} is still open: end it before recording match {number}"
        raise Refused(msg)
    if number in team.sequence.recorded:
        msg = f"match {number} is already recorded for {team.name} this season"
        raise Refused(msg)
    opponent = match.opponent
    if not isinstance(opponent, str) or not opponent.strip() or opponent.splitlines() != [opponent]:
        msg = f"the opponent of match {number} is a team's name on one line, got {opponent!r}"
        raise Refused(msg)
    score = match.score
    if not isinstance(score, tuple) or len(score) != 2:
        msg = f"the score of match {number} is two whole numbers (ours, theirs), got {score!r}"
        raise Refused(msg)
    for side, touchdowns in zip(("ours", "theirs"), score, strict=True):
        _natural(touchdowns, f"the score of match {number} ({side})")
    if sum(score) > rules.touchdowns:
        msg = f"the score of match {number} is at most {rules.touchdowns} touchdowns in all, got {score[0]}-{score[1]}"
        raise Refused(msg)
    recorded = 0
    for member, event, count in match.events:
        if member not in team.players:
            msg = f"match {number}: #{member} is not a member of {team.name}"
            raise Refused(msg)
        if event not in rules.spp:
            msg = f"match {number}: #{member} {event!r} is not a match event ({', '.join(rules.spp)})"
            raise Refused(msg)
        _natural(count, f"match {number}: #{member} {event}", 0, rules.per_player)
        recorded += count if event == "touchdown" else 0
    if recorded > score[0]:
        msg = f"match {number}: {recorded} touchdowns recorded as events, but the score is {score[0]}-{score[1]}"
        raise Refused(msg)
    nominees = match.mvp_nominees
    if not isinstance(nominees, tuple) or len(nominees) > rules.most_nominees or len(set(nominees)) != len(nominees):
        msg = f"the MVP nominees are up to {rules.most_nominees} different players, got {nominees!r}"
        raise Refused(msg)
    for member in nominees:
        if member not in team.players:
            msg = f"MVP nominee {member!r} is not a player of {team.name!r}"
            raise Refused(msg)
    attendance = _natural(match.fan_attendance, f"the fan attendance of match {number}")
    (count, sides), (least, most) = rules.fan_die, rules.fan_factor
    low, high = (
        max(rules.attendance[0], team.fans + count + least),
        min(rules.attendance[1], team.fans + count * sides + most),
    )
    if attendance and not low <= attendance <= high:
        msg = f"the fan attendance of match {number} is {low} to {high} for {team.name}, or 0 when not recorded; got {attendance}"
        raise Refused(msg)
    if not isinstance(match.stalling, bool):
        msg = f"match {number}: stalling is True or False, got {match.stalling!r}"
        raise Refused(msg)


def _check_step(team: Team, number: int, before: int, step: str) -> None:
    """Refuse a step of match ``number``'s sequence unless the last step done is ``before``."""
    if team.sequence.match != number or team.sequence.step != before:
        msg = (
            f"{step} of match {number}: {team.name} stands at step {team.sequence.step} of match {team.sequence.match}"
        )
        raise Refused(msg)


@dataclass(frozen=True, slots=True)
class Quote:
    """What an advancement costs, and why it cannot be bought (empty when it can)."""

    price: int
    refused: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.refused


def quote(rules: Rules, team: Team, member: str, category: str) -> Quote:
    """The price of ``member``'s next random primary skill in ``category``, and whether he may buy it."""
    player = team.players.get(member)
    if player is None:
        return Quote(0, (f"#{member} is not a member of {team.name}",))
    taken = player.advancements
    price = rules.costs[taken] if taken < rules.most_advancements else 0
    if (
        team.sequence.step in (FANS, ADVANCEMENT)
        and player.offered is None
        and taken < rules.most_advancements
        and player.spp >= price
        and category in player.primary
        and any(skill not in player.skills for skill in rules.tables[category])
    ):
        return Quote(price)
    return Quote(price, _refusals(rules, team, player, category, price))


def _refusals(rules: Rules, team: Team, player: Player, category: str, price: int) -> tuple[str, ...]:
    """Every reason ``player`` cannot buy a random primary skill: written only for a refused quote."""
    reasons = []
    if team.sequence.step not in (FANS, ADVANCEMENT):
        reasons.append(f"{team.name} is not at step 3 of a post-match sequence (at step {team.sequence.step})")
    if player.offered is not None:
        reasons.append(f"{player.name} waits to keep {player.offered[0]} or {player.offered[1]}")
    if player.advancements >= rules.most_advancements:
        reasons.append(f"{player.name} has taken all {rules.most_advancements} advancements")
    elif player.spp < price:
        reasons.append(f"{player.name} holds {player.spp} SPP, {price} needed")
    if category not in player.primary:
        reasons.append(f"{category} is not a primary category of {player.name} ({', '.join(player.primary)})")
    elif all(skill in player.skills for skill in rules.tables[category]):
        reasons.append(f"{player.name} has every skill of {category}")
    return tuple(reasons)


# -- the operations' rules: each checks, rolls, and says what changes ------------------------------------------------


def outcome(match: MatchRecord) -> str:
    scored, against = match.score
    return "win" if scored > against else "loss" if scored < against else "draw"


def record_outcome(rules: Rules, team: Team, op: RecordOutcome, dice: Dice) -> list[Event]:
    """Step 1: the result counted, SPP and the MVP awarded, the winnings paid."""
    match = op.match
    check_match(rules, team, match)
    number = match.number
    events: list[Event] = [Counted(number, outcome(match))]
    earned: dict[str, int] = {}
    for member, event, count in match.events:
        earned[member] = earned.get(member, 0) + count * rules.spp[event]
    events += [Awarded(m, spp, f"match {number}: events") for m, spp in sorted(earned.items()) if spp]
    nominees = match.mvp_nominees
    if nominees:
        roll = 1
        while len(nominees) > 1:  # a D6, rolled again on a number no nominee holds; one nominee is MVP unrolled
            (roll,) = dice.roll("MVP", 6)
            if roll <= len(nominees):
                break
        events.append(Awarded(nominees[roll - 1], rules.mvp, f"match {number}: MVP"))
    win = rules.winnings
    crowd, bonus = (
        match.fan_attendance // win["fan_attendance_divisor"],
        0 if match.stalling else win["no_stalling_bonus"],
    )
    money = (crowd + match.score[0] * win["per_own_touchdown"] + bonus) * win["multiplier"]
    if money:
        events.append(Paid(money, f"winnings of match {number}"))
    return events


def update_fans(rules: Rules, team: Team, op: UpdateFans, dice: Dice) -> list[Event]:
    """Step 2: a win adds one on a D6 at least the Dedicated Fans, a loss takes one on a D6 below them."""
    _check_step(team, op.number, OUTCOME, "Dedicated Fans")
    events: list[Event] = [REACHED[FANS]]
    if team.sequence.outcome == "draw":
        return events
    (roll,) = dice.roll("Dedicated Fans", 6)
    fans = team.fans
    change = (1 if roll >= fans else 0) if team.sequence.outcome == "win" else (-1 if roll < fans else 0)
    new = min(rules.fans[1], max(rules.fans[0], fans + change))
    if new != fans:
        events.append(FansChanged(new - fans, f"match {op.number}: D6 {roll}, Dedicated Fans {fans} -> {new}"))
    return events


def advance(rules: Rules, team: Team, op: Advance, dice: Dice) -> list[Event]:
    """Step 3: a random primary skill, quoted first; two skills on 2D6, the coach keeps one (a pause)."""
    priced = quote(rules, team, op.member, op.category)
    if not priced.ok:
        msg = f"a random primary skill for #{op.member} cannot be bought: {'; '.join(priced.refused)}"
        raise Refused(msg)
    player, table = team.players[op.member], rules.tables[op.category]
    kept: list[str] = []
    for which in ("first", "second"):
        while True:  # each skill on 2D6, rolled again while the player has it
            first, second = dice.roll(f"{which} skill", 6, 2)
            skill = table[(second if first <= 3 else 6 + second) - 1]
            if skill not in player.skills:
                kept.append(skill)
                break
    events: list[Event] = [REACHED[ADVANCEMENT], Spent(op.member, priced.price)]
    if kept[0] == kept[1]:  # the same skill twice is imposed
        events.append(Gained(op.member, kept[0]))
    else:
        events.append(Offered(op.member, (kept[0], kept[1])))
    return events


def decide(rules: Rules, team: Team, op: Decide, dice: Dice) -> list[Event]:
    """Step 3: keep one of the two skills a random primary skill offered."""
    player = team.players.get(op.member)
    if player is None or player.offered is None:
        msg = f"#{op.member} of {team.name} waits for no decision"
        raise Refused(msg)
    if op.skill not in player.offered:
        msg = f"#{op.member} keeps {player.offered[0]} or {player.offered[1]}, got {op.skill!r}"
        raise Refused(msg)
    return [Gained(op.member, op.skill)]


def expensive_mistakes(rules: Rules, team: Team, op: ExpensiveMistakes, dice: Dice) -> list[Event]:
    """Step 5, once step 3 is done: with 100,000 or more in the treasury a D6 on the treasury's band decides a loss."""
    if team.sequence.match != op.number or team.sequence.step not in (FANS, ADVANCEMENT):
        msg = f"Expensive Mistakes of match {op.number}: {team.name} stands at step {team.sequence.step} of match {team.sequence.match}"
        raise Refused(msg)
    for member, player in team.players.items():
        if player.offered is not None:
            msg = f"{player.name} (#{member}) waits for a decision; the post-match sequence goes on once it is made"
            raise Refused(msg)
        taken = player.advancements
        if taken < rules.most_advancements and player.spp >= rules.characteristic_costs[taken]:
            msg = f"{player.name} (#{member}) holds {player.spp} SPP: an advancement must be taken"
            raise Refused(msg)
    events: list[Event] = [REACHED[MISTAKES]]
    held = team.treasury
    if held < rules.mistakes_threshold:
        return events
    column = max(i for i, low in enumerate(rules.mistakes_bands) if held >= low)
    (roll,) = dice.roll("Expensive Mistakes", 6)
    result = rules.mistakes_rows[roll - 1][column]
    loss = 0
    if result == "minor_incident":
        count, sides, unit = rules.minor_incident
        loss = min(held, sum(dice.roll("Minor Incident", sides, count)) * unit)
    elif result == "major_incident":
        divisor, step = rules.major_incident
        loss = held // divisor // step * step
    elif result == "catastrophe":
        count, sides, unit = rules.catastrophe
        loss = max(0, held - sum(dice.roll("Catastrophe", sides, count)) * unit)
    events.append(Lost(loss, f"match {op.number}: {result} (D6 {roll})") if loss else Marked(result))
    return events


def prepare(rules: Rules, team: Team, op: Prepare, dice: Dice) -> list[Event]:
    """Step 6: the team is ready for the next fixture."""
    _check_step(team, op.number, MISTAKES, "preparing for the next fixture")
    return [REACHED[PREPARED], Marked(f"after match {op.number}")]


def draft(rules: Rules, team: Team, op: Draft, dice: Dice) -> list[Event]:
    """The ledger's first entry: the team as drafted."""
    return [Created(op.team)]


RULES: Mapping[type, Any] = {
    Draft: draft,
    RecordOutcome: record_outcome,
    UpdateFans: update_fans,
    Advance: advance,
    Decide: decide,
    ExpensiveMistakes: expensive_mistakes,
    Prepare: prepare,
}


def execute(rules: Rules, team: Team, ledger: Ledger | None, operation: Operation, dice: Dice) -> tuple[Team, Ledger]:
    """Run ``operation``: its rule checks it and rolls, its events are applied, one entry is appended.

    Raises:
        Refused: the rules refuse the operation (the team and the ledger are the caller's, unchanged).
    """
    dice.rolled = []
    events = RULES[type(operation)](rules, team, operation, dice)
    for event in events:
        team = apply(team, event)
    return team, Entry(operation, tuple(dice.rolled), tuple(events), ledger)


def start(team: Team) -> tuple[Team, Ledger]:
    """A new ledger whose first entry creates ``team``."""
    return team, Entry(Draft(team), (), (Created(team),))


# -- the season ------------------------------------------------------------------------------------------------------


def read_rules(pack: Any) -> Rules:
    """The rules' numbers from the Blood Bowl pack's data, read once."""
    from progression_bloodbowl.match.record import EVENTS, NO_SPP

    data = pack.data
    rules, limits = data.rules, data.rules.match_limits
    return Rules(
        spp=MappingProxyType({**{e: rules.spp[key] for e, key in EVENTS.items()}, **dict.fromkeys(NO_SPP, 0)}),
        mvp=rules.spp["mvp"],
        most_nominees=rules.spp["mvp_nominees"],
        costs=tuple(rules.advancement.costs["random_primary"]),
        characteristic_costs=tuple(rules.advancement.costs["characteristic"]),
        most_advancements=rules.advancement.maximum,
        tables=MappingProxyType({c: tuple(s.id for s in data.table_of(c)) for c in data.categories}),
        touchdowns=limits.touchdowns,
        per_player=limits.per_player,
        attendance=tuple(limits.attendance),
        fan_die=tuple(limits.fan_die),
        fan_factor=tuple(limits.fan_factor),
        fans=(rules.fans["min"], rules.fans["max"]),
        winnings=MappingProxyType(dict(rules.winnings)),
        mistakes_threshold=rules.mistakes_threshold,
        mistakes_bands=tuple(rules.mistakes_bands),
        mistakes_rows=tuple(tuple(row) for row in rules.mistakes_rows),
        minor_incident=tuple(rules.minor_incident),
        major_incident=tuple(rules.major_incident),
        catastrophe=tuple(rules.catastrophe),
    )


def drafted(pack: Any, roster: list[tuple[str, str]]) -> Team:
    """The team the library drafts from ``roster`` (positions and names), as a guarded team: its treasury, its
    Dedicated Fans, each player's skills and primary categories. Read once, as the plain floor's start is."""
    import progression_bloodbowl as bb

    team = bb.draft(pack, "human", "team", roster, rerolls=2, apothecary=True)
    data, players = pack.data, {}
    for member, sheet in team.members.items():
        position = data.teams[sheet.tags["team"]].position(sheet.tags["position"])
        skills = frozenset(owned.partition(":")[0] for owned in sheet.owned)
        players[member] = Player(name=sheet.name, primary=tuple(position.primary), skills=skills)
    return Team(
        name=team.name,
        treasury=team.pools["treasury"],
        fans=team.stats["dedicated_fans"],
        players=MappingProxyType(dict(sorted(players.items(), key=lambda item: int(item[0])))),
    )


def with_guarded(
    rules: Rules, drafted_team: Team, season: list[list[list[tuple[int, str, int]]]], crowd: int
) -> list[tuple[Team, Ledger]]:
    """The season of ``bench_league.with_bloodbowl`` with the library's promises kept by hand: each match recorded
    and checked, its post-match sequence step by step, each random primary skill quoted, rolled, and kept by a
    separate decision (the first of the two offered), every change an entry of the team's ledger.

    Args:
        season: for each team, each match's scorers (``bench_league.schedule``); the last of a match is the MVP.
        crowd: the Fan Attendance beyond the team's Dedicated Fans.
    """
    dice = Dice(2025)  # one generator for the whole season, as the library's SeededDice(2025)
    teams = []
    for number, games in enumerate(season):
        team, ledger = start(replace(drafted_team, name=f"team {number}"))
        for match, game in enumerate(games, start=1):
            counts: dict[tuple[str, str], int] = {}
            for index, reason, _ in game[:-1]:
                key = (str(index + 1), reason)
                counts[key] = counts.get(key, 0) + 1
            record = MatchRecord(
                number=match,
                opponent="Orcs",
                score=(sum(count for (_, reason), count in counts.items() if reason == "touchdown"), 1),
                events=tuple((member, reason, count) for (member, reason), count in sorted(counts.items())),
                mvp_nominees=(str(game[-1][0] + 1),),
                fan_attendance=team.fans + crowd,
            )
            team, ledger = execute(rules, team, ledger, RecordOutcome(record), dice)
            team, ledger = execute(rules, team, ledger, UpdateFans(match), dice)
            for index in sorted({index for index, _, _ in game}):
                member = str(index + 1)
                while quote(rules, team, member, "G").ok:
                    team, ledger = execute(rules, team, ledger, Advance(member, "G"), dice)
                    offered = team.players[member].offered
                    if offered is not None:
                        team, ledger = execute(rules, team, ledger, Decide(member, offered[0]), dice)
            team, ledger = execute(rules, team, ledger, ExpensiveMistakes(match), dice)
            team, ledger = execute(rules, team, ledger, Prepare(match), dice)
        teams.append((team, ledger))
    return teams
