"""The post-match sequence, step by step, each step undoable until the whole is committed.

A :class:`PostMatch` holds the team as it was before the match and every operation done
since, in order. The steps must come in the rules' order::

    1 outcome and winnings   2 Dedicated Fans   3 player advancement
    4 hiring, firing and temporary retirement: remove the dead, hire, fire, staff, journeymen
    5 expensive mistakes     6 prepare for the next fixture

Moving past step 3 is refused while a player must still advance (unless the league turned
the rule off); moving into step 4 removes the dead, and leaving it lets unhired journeymen
go. :meth:`PostMatch.commit` records the whole sequence on the team as one
:class:`~progression.Step` (with :func:`progression.combine`), undone at once.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs

import progression
from progression import (
    Adjusted,
    Dice,
    Effect,
    Event,
    Lost,
    Marked,
    Rolled,
    RulePack,
    Sheet,
    Step,
    combine,
    execute,
    operation,
)
from progression.errors import InvalidInput, PendingState, RequirementNotMet

from . import _journeymen, _team
from ._advancement import advance, must_advance
from ._fixtures import CLOSED_TAG
from ._match import MatchRecord, _rolled, record_outcome, update_fans
from ._options import natural
from ._players import data_of
from ._results import check_team, numbers, season_of
from ._story import told_since

__all__ = ["STAGES", "PostMatch", "check_advancement_done", "expensive_mistakes"]

#: The operations of the sequence, in the order the rules impose.
STAGES = ("outcome", "fans", "advancement", "dead", "hire", "fire", "staff", "journeymen", "mistakes", "prepare")
#: Each stage's index in :data:`STAGES`.
_INDEX = {stage: index for index, stage in enumerate(STAGES)}


@functools.lru_cache(maxsize=4096)
def _marked(label: str) -> Marked:
    """A mark, made once per label and shared (events are immutable): every team of a league marks
    the same matches."""
    return Marked(label=label)


@operation("bloodbowl.expensive_mistakes", kind="team", label=lambda op: "expensive mistakes")
def expensive_mistakes(pack: RulePack, team: Sheet, dice: Dice, *, number: int) -> Sheet:
    """Post-match step 5, which ends the sequence of match ``number``: with 100,000 or more in the treasury, a D6
    on the treasury's band decides the loss. One ledger step, tagged ``closed`` with the match number.

    Raises:
        InvalidInput: a ``number`` that is not a whole number, a match with no result recorded this season, or
            one whose sequence already ended (Expensive Mistakes are rolled once per match).
    """
    _check_open(team, number)
    closing = _closed(number)
    rules = data_of(pack).rules
    held = team.pools["treasury"]
    if held < rules.mistakes_threshold:
        sentence = f"match {number}: treasury {held:,} under {rules.mistakes_threshold:,}, no Expensive Mistakes roll"
        return team.apply(Step(label="expensive mistakes", events=(closing, _marked(sentence))))
    column = max(i for i, low in enumerate(rules.mistakes_bands) if held >= low)
    (roll,) = dice.roll(6, 1, "Expensive Mistakes")
    result = rules.mistakes_rows[roll - 1][column]
    events: list[Event] = [closing, _rolled("Expensive Mistakes", 6, (roll,))]
    loss = 0
    if result == "minor_incident":
        count, sides, unit = rules.minor_incident
        rolls = dice.roll(sides, count, "Minor Incident")
        events.append(Rolled(label="Minor Incident", sides=sides, results=rolls))
        loss = min(held, sum(rolls) * unit)
    elif result == "major_incident":
        divisor, step = rules.major_incident
        loss = held // divisor // step * step
    elif result == "catastrophe":
        count, sides, unit = rules.catastrophe
        rolls = dice.roll(sides, count, "Catastrophe")
        events.append(Rolled(label="Catastrophe", sides=sides, results=rolls))
        loss = max(0, held - sum(rolls) * unit)
    name = pack.name_of(result)
    if loss:
        events.append(
            Lost(pool="treasury", amount=loss, reason=f"match {number}: Expensive Mistakes, {name} (D6 {roll})")
        )
    else:
        events.append(_marked(f"match {number}: Expensive Mistakes, {name} (D6 {roll})"))
    return team.apply(Step(label="expensive mistakes", events=tuple(events)))


def check_advancement_done(pack: RulePack, team: Sheet, *, obliged: bool = True) -> None:
    """Step 3 of the post-match sequence is done: no player waits for a decision, and (unless the league turned
    the rule off with ``obliged=False``) none holds so many SPP that he must advance.

    Raises:
        PendingState: a player waits to keep one of two rolled skills.
        RequirementNotMet: a player must still advance; each one named.
    """
    waiting = [
        f"{p.name} (#{m}) waits for a decision" + (f": {p.pending.question[0]}" if p.pending.question else "")
        for m, p in sorted(team.members.items())
        if p.pending is not None
    ]
    if waiting:
        raise PendingState("; ".join(waiting) + "; the post-match sequence goes on once it is made")
    if obliged:
        must = [s for p in team.members.values() if (s := must_advance(pack, p))]
        if must:
            raise RequirementNotMet(
                upgrade="player advancement", missing=must, head="The post-match sequence waits for an advancement"
            )


@functools.lru_cache(maxsize=4096)
def _closed(number: int) -> Adjusted:
    """The entry that ends the sequence of match ``number``, read back by :func:`~progression_bloodbowl._results.closed`."""
    return Adjusted(
        effect=Effect(tags={CLOSED_TAG: str(number)}), reason=f"match {number}: the post-match sequence ends"
    )


def _check_open(team: Sheet, number: object) -> None:
    """Refuse to end the sequence of a match not recorded this season, or one already ended."""
    natural(number, "the match number of Expensive Mistakes")
    season = season_of(check_team(team, "Expensive Mistakes"))
    recorded, ended = numbers(team)
    if number not in recorded:
        known = f"matches recorded: {', '.join(map(str, sorted(recorded)))}" if recorded else "no match recorded yet"
        msg = (
            f"Expensive Mistakes end the post-match sequence of a recorded match: {team.name} has no result of "
            f"match {number} in season {season} ({known}); record the match first"
        )
        raise InvalidInput(msg)
    if number in ended:
        msg = (
            f"the post-match sequence of match {number} of {team.name} already ended in season {season}: "
            "Expensive Mistakes are rolled once per match"
        )
        raise InvalidInput(msg)


@attrs.frozen(kw_only=True)
class PostMatch:
    """The post-match sequence of one match, in progress. Every method returns a new one."""

    pack: RulePack = attrs.field(repr=False, eq=False)
    match: MatchRecord
    #: The team before the sequence began.
    before: Sheet
    #: Every operation done: (label, stage index, team after it).
    done: tuple[tuple[str, int, Sheet], ...] = ()
    #: The league's switch for the must-advance rule.
    must_advance: bool = True

    @classmethod
    def start(cls, pack: RulePack, team: Sheet, match: MatchRecord, *, must_advance: bool | None = None) -> PostMatch:
        """Begin the sequence for ``match`` (``must_advance`` defaults to the pack's rule)."""
        default = data_of(pack).rules.advancement.must_advance
        return cls(pack=pack, match=match, before=team, must_advance=default if must_advance is None else must_advance)

    @property
    def sheet(self) -> Sheet:
        """The team as it stands now."""
        return self.done[-1][2] if self.done else self.before

    @property
    def stage(self) -> int:
        """How far the sequence went: 0 before anything, else the index of the last operation's stage + 1."""
        return self.done[-1][1] + 1 if self.done else 0

    @property
    def history(self) -> tuple[str, ...]:
        """The labels of the operations done, in order."""
        return tuple(label for label, _, _ in self.done)

    def report(self) -> list[str]:
        """Every operation done, with what it did, roll by roll."""
        lines, before = [], self.before
        for label, _, after in self.done:
            lines.append(f"{label}:")
            lines.extend(f"    {line}" for line in told_since(self.pack, before, after))
            before = after
        return lines

    def undo(self) -> PostMatch:
        """Take back the last operation."""
        if not self.done:
            msg = "the post-match sequence has nothing to undo"
            raise InvalidInput(msg)
        return attrs.evolve(self, done=self.done[:-1])

    # -- order -----------------------------------------------------------------------

    def _enter(self, stage: str) -> Sheet:
        target = _INDEX[stage] + 1
        now = self.stage
        if target < now:
            msg = f"step {stage!r} comes before {STAGES[now - 1]!r}, already done; undo to go back"
            raise InvalidInput(msg)
        if target > 1 and now == 0:
            msg = f"record the outcome of match {self.match.number} first"
            raise InvalidInput(msg)
        if target > 2 and now < 2:
            msg = "update the Dedicated Fans (step 2) before going on"
            raise InvalidInput(msg)
        team = self.sheet
        if now <= 3 < target:
            check_advancement_done(self.pack, team, obliged=self.must_advance)
        if now < 4 <= target:
            team = _journeymen.remove_dead(self.pack, team)
        if now < 9 <= target:
            team = _journeymen.release_journeymen(self.pack, team)
        return team

    def _did(self, stage: str, label: str, team: Sheet) -> PostMatch:
        done = (*self.done, (label, _INDEX[stage], team))
        return type(self)(
            pack=self.pack, match=self.match, before=self.before, done=done, must_advance=self.must_advance
        )

    # -- the steps -------------------------------------------------------------------

    def record_outcome(self, dice: Dice) -> PostMatch:
        """Step 1: SPP, MVP, injuries, winnings."""
        if self.done:
            msg = "the outcome is already recorded"
            raise InvalidInput(msg)
        team = record_outcome(self.pack, self.before, self.match, dice)
        return self._did("outcome", "outcome and winnings", team)

    def update_fans(self, dice: Dice) -> PostMatch:
        """Step 2: Dedicated Fans."""
        if self.stage != 1:
            msg = "Dedicated Fans are updated once, right after the outcome is recorded"
            raise InvalidInput(msg)
        return self._did("fans", "Dedicated Fans", update_fans(self.pack, self.sheet, self.match, dice))

    def advance(
        self,
        member: str,
        upgrade: str,
        *,
        choice: str | None = None,
        dice: Dice | None = None,
        decisions: Sequence[str] = (),
    ) -> PostMatch:
        """Step 3: an advancement for one player (see :func:`progression_bloodbowl.advance`)."""
        team = self._enter("advancement")
        team = advance(self.pack, team, member, upgrade, choice=choice, dice=dice, decisions=decisions)
        return self._did("advancement", f"#{member} {upgrade}", team)

    def decide(self, member: str, choice: str) -> PostMatch:
        """Step 3: answer the question a paused advancement asks."""
        team = self.pack.decide(self._enter("advancement"), choice, member=member)
        return self._did("advancement", f"#{member} keeps {choice}", team)

    def remove_dead(self) -> PostMatch:
        """Step 4.1: dead players leave the roster (also done on moving past it)."""
        return self._did("dead", "remove the dead", self._enter("dead"))

    def hire(self, position: str, name: str) -> PostMatch:
        """Step 4.2: hire a player from the treasury."""
        return self._did("hire", f"hire {name}", _team.hire(self.pack, self._enter("hire"), position, name))

    def fire(self, member: str) -> PostMatch:
        """Step 4.3: fire a player (not below 11 able to play)."""
        return self._did("fire", f"fire #{member}", _team.fire(self.pack, self._enter("fire"), member))

    def retire(self, member: str) -> PostMatch:
        """Step 4: temporarily retire a player with a Lasting Injury."""
        stage = STAGES[max(self.stage, STAGES.index("dead") + 1) - 1]
        return self._did(stage, f"retire #{member}", _journeymen.retire(self.pack, self._enter(stage), member))

    def buy_staff(self, item: str) -> PostMatch:
        """Step 4.4: a team re-roll (double price), coach, cheerleader or Apothecary."""
        return self._did("staff", f"buy {item}", _team.buy_staff(self.pack, self._enter("staff"), item))

    def fire_staff(self, item: str) -> PostMatch:
        """Step 4.4: let a member of staff go (never a re-roll)."""
        return self._did("staff", f"let {item} go", _team.fire_staff(self.pack, self._enter("staff"), item))

    def hire_journeyman(self, member: str) -> PostMatch:
        """Step 4.5: hire a journeyman who played, for his Current Value."""
        return self._did(
            "journeymen",
            f"hire journeyman #{member}",
            _journeymen.hire_journeyman(self.pack, self._enter("journeymen"), member),
        )

    def expensive_mistakes(self, dice: Dice) -> PostMatch:
        """Step 5."""
        team = expensive_mistakes(self.pack, self._enter("mistakes"), dice, number=self.match.number)
        return self._did("mistakes", "expensive mistakes", team)

    def prepare_next(self) -> PostMatch:
        """Step 6: the team is ready for the next fixture (a mark on its ledger)."""
        team = execute(
            self.pack, self._enter("prepare"), progression.operations.Mark(name=f"after match {self.match.number}")
        )
        return self._did("prepare", "prepare for the next fixture", team)

    def commit(self) -> Sheet:
        """The team with the whole sequence recorded as one step."""
        if self.stage < len(STAGES):
            msg = f"the sequence ends with 'prepare'; it stands at {STAGES[self.stage - 1] if self.stage else 'nothing done'!r}"
            raise InvalidInput(msg)
        return combine(self.before, self.sheet, f"post-match sequence of match {self.match.number}")
