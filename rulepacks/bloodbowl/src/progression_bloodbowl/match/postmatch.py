"""The post-match sequence, step by step, each step undoable until the whole is committed.

A :class:`PostMatch` holds the team as it was before the match and every operation done
since, in order. The steps must come in the rules' order::

    1 outcome and winnings   2 Dedicated Fans   3 player advancement
    4 hiring, firing and temporary retirement: remove the dead, hire, fire, staff, journeymen
    5 expensive mistakes     6 prepare for the next fixture

The order and its checks live in :mod:`~progression_bloodbowl.team.sequence`, which every operation of
the sequence calls: ``PostMatch`` refuses what the command line's actions refuse, in the same words.
Moving past step 3 is refused while a player must still advance (unless the league turned
the rule off); moving into step 4 removes the dead, and leaving it lets unhired journeymen
go. :meth:`PostMatch.commit` records the whole sequence on the team as one
:class:`~progression.events.Step` (with :func:`progression.operations.combine`), undone at once.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

import progression
import progression.operations
from progression import Dice, Effect, RulePack, Sheet, Work, operation, run
from progression.errors import InvalidInput, OutOfOrder
from progression.operations import combine

from ..advancement.advance import advance
from ..data.access import data_of, sheet_of
from ..team import journeymen, roster, sequence
from ..team.results import CLOSED_TAG, check_team, match_number, numbers, season_matches, season_of
from ..team.sequence import STAGES, Standing, check, check_advancement_done, enter, retire_stage
from ..team.story import told_since
from .outcome import MatchRecord, record_outcome, update_fans

__all__ = ["STAGES", "PostMatch", "check_advancement_done", "expensive_mistakes"]

#: Each stage's index in :data:`STAGES`.
_INDEX = {stage: index for index, stage in enumerate(STAGES)}


@operation("bloodbowl.expensive_mistakes", kind="team", label=lambda op: f"match {op.number}: expensive mistakes")
def expensive_mistakes(work: Work, dice: Dice, *, number: int, must_advance: bool | None = None) -> None:
    """Post-match step 5, which ends the sequence of match ``number``: the dead leave and unhired journeymen go
    (when step 4 did not see them out), then with 100,000 or more in the treasury a D6 on the treasury's band
    decides the loss. One ledger step, tagged ``closed`` with the match number.

    Raises:
        InvalidInput: a ``number`` that is not a whole number, a match with no result recorded this season, or
            one whose sequence already ended (Expensive Mistakes are rolled once per match).
        RequirementNotMet: a player must still advance (``must_advance=False``: the league's switch is off).
    """
    _check_open(work.sheet, number)
    enter(work, "mistakes", number=number, must_advance=must_advance)
    work.adjust(*_closed(number))
    rules = data_of(work.pack).rules
    held = work.sheet.pools["treasury"]
    if held < rules.mistakes_threshold:
        work.mark(f"match {number}: treasury {held:,} under {rules.mistakes_threshold:,}, no Expensive Mistakes roll")
        return
    column = max(i for i, low in enumerate(rules.mistakes_bands) if held >= low)
    (roll,) = work.roll(6, label="Expensive Mistakes")
    result = rules.mistakes_rows[roll - 1][column]
    loss = 0
    if result == "minor_incident":
        count, sides, unit = rules.minor_incident
        rolls = work.roll(sides, count, label="Minor Incident")
        loss = min(held, sum(rolls) * unit)
    elif result == "major_incident":
        divisor, step = rules.major_incident
        loss = held // divisor // step * step
    elif result == "catastrophe":
        count, sides, unit = rules.catastrophe
        rolls = work.roll(sides, count, label="Catastrophe")
        loss = max(0, held - sum(rolls) * unit)
    sentence = f"match {number}: Expensive Mistakes, {work.pack.name_of(result)} (D6 {roll})"
    if loss:
        work.lose("treasury", loss, sentence)
    else:
        work.mark(sentence)


def _closed(number: int) -> tuple[Effect, str]:
    """What ends the sequence of match ``number`` (read back by
    :func:`~progression_bloodbowl.team.results.closed`): the effect on the team and its reason."""
    return Effect(tags={CLOSED_TAG: str(number)}), f"match {number}: the post-match sequence ends"


def _check_open(team: Sheet, number: object) -> None:
    """Refuse to end the sequence of a match not recorded this season, or one already ended."""
    number = match_number(number, "the match number of Expensive Mistakes")
    season = season_of(check_team(team, "Expensive Mistakes"))
    now = season_matches(team)
    if not now.was_recorded(number):
        recorded = sorted(numbers(team)[0])
        known = f"matches recorded: {', '.join(map(str, recorded))}" if recorded else "no match recorded yet"
        msg = (
            f"Expensive Mistakes end the post-match sequence of a recorded match: {team.name} has no result of "
            f"match {number} in season {season} ({known}); record the match first"
        )
        raise InvalidInput(msg)
    if now.has_ended(number):
        msg = (
            f"the post-match sequence of match {number} of {team.name} already ended in season {season}: "
            "Expensive Mistakes are rolled once per match"
        )
        raise OutOfOrder(msg)


def _check_before(team: object) -> None:
    """Refuse what is not a team sheet as the team a post-match sequence begins with."""
    sheet_of(team, "team", "the team of a post-match sequence")


@attrs.frozen(kw_only=True)
class PostMatch:
    """The post-match sequence of one match, in progress. Every method returns a new one."""

    pack: RulePack = attrs.field(repr=False, eq=False)
    match: MatchRecord
    #: The team before the sequence began: a team sheet, refused otherwise when the sequence is made (a type test:
    #: each step makes a new sequence).
    before: Sheet = attrs.field(
        validator=lambda _, __, team: None if type(team) is Sheet and team.kind == "team" else _check_before(team)
    )
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
        """Every operation done, with what it did, roll by roll: each entry as ``progression sheet history``
        tells it (the one narrator)."""
        lines, before = [], self.before
        for _, _, after in self.done:
            lines.extend(told_since(self.pack, before, after))
            before = after
        return lines

    def undo(self) -> PostMatch:
        """Take back the last operation."""
        if not self.done:
            msg = "the post-match sequence has nothing to undo"
            raise InvalidInput(msg)
        return attrs.evolve(self, done=self.done[:-1])

    # -- order -----------------------------------------------------------------------

    def _check(self, stage: str) -> Standing | None:
        """The sequence's own check (:func:`~progression_bloodbowl.team.sequence.check`), for this match: where the
        team stands, as the check reads it."""
        if stage == "prepare" and self.stage == len(STAGES):
            msg = f"the post-match sequence of match {self.match.number}: the next fixture is already prepared"
            raise InvalidInput(msg)
        return check(self.pack, self.sheet, stage, number=self.match.number, must_advance=self.must_advance)

    def _did(self, stage: str, label: str, team: Sheet) -> PostMatch:
        done = (*self.done, (label, _INDEX[stage], team))
        return type(self)(
            pack=self.pack, match=self.match, before=self.before, done=done, must_advance=self.must_advance
        )

    # -- the steps -------------------------------------------------------------------

    def record_outcome(self, dice: Dice) -> PostMatch:
        """Step 1: SPP, MVP, injuries, winnings."""
        if self.done:
            msg = f"the post-match sequence of match {self.match.number}: the outcome is already recorded"
            raise InvalidInput(msg)
        team = record_outcome(self.pack, self.before, self.match, dice)
        return self._did("outcome", "outcome and winnings", team)

    def update_fans(self, dice: Dice) -> PostMatch:
        """Step 2: Dedicated Fans."""
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
        self._check("advancement")
        team = advance(self.pack, self.sheet, member, upgrade, choice=choice, dice=dice, decisions=decisions)
        return self._did("advancement", f"#{member} {upgrade}", team)

    def decide(self, member: str, choice: str) -> PostMatch:
        """Step 3: answer the question a paused advancement asks."""
        self._check("advancement")
        team = self.pack.decide(self.sheet, choice, member=member)
        return self._did("advancement", f"#{member} keeps {choice}", team)

    def remove_dead(self) -> PostMatch:
        """Step 4.1: dead players leave the roster (also done on moving past it)."""
        now = check(self.pack, self.sheet, "dead", number=self.match.number, must_advance=self.must_advance)
        team = sequence.remove_dead(self.pack, self.sheet)  # one entry; none when nobody died
        if now is not None and now.place < sequence.PLACE["dead"]:  # the step closes the way back to step 3
            effect, reason = sequence.reached(now.season, now.number, "dead")
            team = self.pack.adjust(team, effect, reason=reason)
        return self._did("dead", "remove the dead", team)

    def hire(self, position: str, name: str) -> PostMatch:
        """Step 4.2: hire a player from the treasury."""
        self._check("hire")
        team = roster.hire(self.pack, self.sheet, position, name, must_advance=self.must_advance)
        return self._did("hire", f"hire {name}", team)

    def fire(self, member: str) -> PostMatch:
        """Step 4.3: fire a player (not below 11 able to play)."""
        self._check("fire")
        return self._did(
            "fire", f"fire #{member}", roster.fire(self.pack, self.sheet, member, must_advance=self.must_advance)
        )

    def retire(self, member: str) -> PostMatch:
        """Step 4: temporarily retire a player with a Lasting Injury."""
        journeymen.refuse_retiring_too_late(self.sheet, member)  # before the order's check, in its own words
        stage = retire_stage(self.sheet)
        self._check(stage)
        team = journeymen.retire(self.pack, self.sheet, member, must_advance=self.must_advance)
        return self._did(stage, f"retire #{member}", team)

    def buy_staff(self, item: str) -> PostMatch:
        """Step 4.4: a team re-roll (double price), coach, cheerleader or Apothecary."""
        self._check("staff")
        team = roster.buy_staff(self.pack, self.sheet, item, must_advance=self.must_advance)
        return self._did("staff", f"buy {item}", team)

    def fire_staff(self, item: str) -> PostMatch:
        """Step 4.4: let a member of staff go (never a re-roll)."""
        self._check("staff")
        team = roster.fire_staff(self.pack, self.sheet, item, must_advance=self.must_advance)
        return self._did("staff", f"let {item} go", team)

    def hire_journeyman(self, member: str) -> PostMatch:
        """Step 4.5: hire a journeyman who played, for his Current Value."""
        self._check("journeymen")
        team = journeymen.hire_journeyman(self.pack, self.sheet, member, must_advance=self.must_advance)
        return self._did("journeymen", f"hire journeyman #{member}", team)

    def expensive_mistakes(self, dice: Dice) -> PostMatch:
        """Step 5."""
        team = expensive_mistakes(self.pack, self.sheet, dice, number=self.match.number, must_advance=self.must_advance)
        return self._did("mistakes", "expensive mistakes", team)

    def prepare_next(self) -> PostMatch:
        """Step 6: the team is ready for the next fixture. Its standing moves to step 6 (the ``postmatch`` tag, as
        :meth:`remove_dead` records step 4), so that a team saved now and taken up again is not prepared twice,
        and the milestone ``after match N`` is marked on its ledger (``sheet.as_of("after match N")``)."""
        now = self._check("prepare")
        team = self.sheet
        if now is not None:  # always, once Expensive Mistakes ended the sequence: the check says so otherwise
            effect, reason = sequence.reached(now.season, now.number, "prepare")
            team = self.pack.adjust(team, effect, reason=reason)
        team, _ = run(self.pack, team, progression.operations.Mark(name=f"after match {self.match.number}"))
        return self._did("prepare", "prepare for the next fixture", team)

    def commit(self) -> Sheet:
        """The team with the whole sequence recorded as one step."""
        if self.stage < len(STAGES):
            msg = f"the sequence ends with 'prepare'; it stands at {STAGES[self.stage - 1] if self.stage else 'nothing done'!r}"
            raise InvalidInput(msg)
        return combine(self.before, self.sheet, f"post-match sequence of match {self.match.number}")
