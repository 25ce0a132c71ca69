"""The work of one operation: what its rule code reads and does, and what the engine records of it.

:func:`~progression.engine.run.run` gives an operation a :class:`Work` and calls its ``run``.
Rule code reads the sheet as it stands (``work.sheet``), rolls through the work, and says what
should happen through the work's changes (``award``, ``lose``, ``spend``, ``adjust``, ``note``,
``join``, ``leave``, ``mark``, ``roll``, a nested operation with ``run``), each checked against
the sheet before the engine records it: no rule code builds a ledger event. The engine then
appends one :class:`~progression.Entry`: the operation, every roll, every event.

While an operation runs, its sheet's ledger is a scratch continuation of the real one, so that
what the work appends never touches the ledger the finished entry is appended to.
"""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

import progression.engine.changes as changes
from progression.engine.checks import check_id, check_text, member_named, sheet_called
from progression.engine.dice import Dice, rolling_again, rolling_for
from progression.engine.shared import rolled
from progression.errors import InvalidInput
from progression.ledger.events import Entry, Event, Marked, Member, Operation, Rolled, Step
from progression.ledger.sheet import Sheet, applied, build

if TYPE_CHECKING:
    from progression.rulepacks.rulepack import RulePack
    from progression.rules.parts import Effect

__all__ = ["RecordingDice", "Work"]


class RecordingDice:
    """Dice that write down every roll they make, for the entry (``verify`` feeds them back)."""

    def __init__(self, dice: Dice | None) -> None:
        self._dice = dice
        #: Every roll made, in order.
        self.rolls: list[Rolled] = []

    @property
    def given(self) -> bool:
        """Whether real dice stand behind these (None was given otherwise)."""
        return self._dice is not None

    def roll(self, sides: int, count: int = 1, label: str = "") -> tuple[int, ...]:
        """Roll through the dice given, and write the roll down."""
        if self._dice is None:
            msg = f"{label or 'a roll'} needs {count}D{sides}, but no dice were given; pass dice= (SeededDice, ScriptedDice or CallbackDice)"
            raise InvalidInput(msg)
        results = tuple(self._dice.roll(sides, count, label))
        self.rolls.append(rolled(label, sides, results))
        return results


class Work:
    """One operation being executed: the pack, the sheet as it stands, the dice, and what was done.

    Rule code changes the sheet only through the work's methods; each checks the change against the
    sheet as it stands (the pool is held, the points are there, the member exists, the cap holds)
    and refuses it with a :class:`~progression.errors.ProgressionError` before anything is recorded.
    ``member=`` makes a change on one member of a roster; inside :meth:`step` for a member, on that
    member (``member=`` then names one of its own members).
    """

    def __init__(
        self,
        pack: RulePack | None,
        sheet: Sheet,
        dice: RecordingDice,
        *,
        nested: Callable[[RulePack | None, Sheet, Operation, Dice | None], tuple[Sheet, Entry]],
    ) -> None:
        self._pack = pack
        #: How a nested operation runs (:func:`progression.engine.run.execute_in`), given by who runs this one.
        self._nested = nested
        #: The sheet the operation started from.
        self.before = sheet
        self._sheet = build(sheet, sheet.ledger.scratch(), sheet.pools, sheet.members, sheet.pending)
        #: The dice: every roll goes into the entry (roll through :meth:`roll` to show it in the history too).
        self.dice = dice
        self._events: list[Event] = []
        self._open: list[_Open] = []

    @property
    def pack(self) -> RulePack:
        """The rules the operation runs under."""
        if self._pack is None:
            msg = f"this operation needs the rules of pack {self.before.pack!r}: run it with progression.run(pack, ...)"
            raise InvalidInput(msg)
        return self._pack

    @property
    def sheet(self) -> Sheet:
        """The sheet as it stands, with what the operation did so far."""
        return self._sheet

    @property
    def events(self) -> tuple[Event, ...]:
        """What the operation did so far (a step still open is not among them yet)."""
        return tuple(self._events)

    def subject(self, member: str | None = None) -> Sheet:
        """The sheet a change acts on: the sheet as it stands, or its member ``member`` (inside a
        :meth:`step` for a member, that member, or one of its own).

        Raises:
            UnknownName: no such member.
        """
        subject = self._sheet
        for ident in self._path(member):
            subject = subject.member(check_id(ident, "member", f"the roster of {sheet_called(subject, bare=True)}"))
        return subject

    # -- the changes rule code makes --------------------------------------------------

    def award(self, pool: str, amount: int, reason: str, *, member: str | None = None) -> None:
        """``amount`` points into ``pool``, under its cap and overflow policy (refused, lost, spent)."""
        changes.award(self, pool, amount, reason=reason, member=member)

    def lose(self, pool: str, amount: int, reason: str, *, member: str | None = None) -> None:
        """``amount`` points out of ``pool``, which must hold them."""
        changes.lose(self, pool, amount, reason=reason, member=member)

    def spend(
        self,
        price: Mapping[str, int],
        *,
        upgrade: str,
        choice: str = "",
        effect: Effect | None = None,
        member: str | None = None,
    ) -> None:
        """Pay ``price`` (points by pool, priced by the rule code) for ``upgrade``, counted as bought once,
        with ``effect`` when the purchase changes the sheet (its stats must be the subject's).

        Raises:
            InsufficientPoints: a pool holds less than its part of the price.
        """
        changes.spend(self, price, upgrade=upgrade, choice=choice, effect=effect, member=member)

    def adjust(self, effect: Effect, reason: str, *, member: str | None = None) -> None:
        """Apply ``effect`` (stats, items, tags) for ``reason``: the stats must be the subject's."""
        changes.adjust(self, effect, reason=reason, member=member)

    def note(self, reason: str, *, member: str | None = None) -> None:
        """Write ``reason`` in the history, changing nothing (a consequence the rules name but that has none)."""
        changes.note(self, reason, member=member)

    def join(self, member: str, sheet: Sheet) -> None:
        """``sheet`` joins the roster as member ``member``, with its whole ledger."""
        changes.join(self, member, sheet)

    def leave(self, member: str, reason: str) -> None:
        """Member ``member`` leaves the roster, for ``reason``."""
        changes.leave(self, member, reason)

    def mark(self, label: str) -> None:
        """A milestone, to look back to with ``sheet.as_of(label)``."""
        check_text(label, "label", "mark")
        self._record([Marked(label=label)])

    def roll(
        self,
        sides: int,
        count: int = 1,
        *,
        label: str,
        shown: str | None = None,
        member: str | None = None,
        again: str = "",
    ) -> tuple[int, ...]:
        """Roll ``count`` dice of ``sides`` through the operation's dice, and show the roll in the history
        under ``shown`` (``label`` when not given; on ``member`` when named). ``work.dice.roll`` rolls
        without showing it; either way the roll is in the entry, for ``verify`` to feed back. ``again`` says
        why a roll is made again, to the person rolling (:func:`progression.dice.rolling_again`)."""
        with (
            contextlib.nullcontext() if member is None else rolling_for(member_named(self.subject(member), member)),
            rolling_again(again) if again else contextlib.nullcontext(),
        ):
            results = self.dice.roll(sides, count, label)
        self._record([rolled(label if shown is None else shown, sides, results)], member=member)
        return results

    def show_roll(self, label: str, sides: int, results: Sequence[int], *, member: str | None = None) -> None:
        """Show in the history a roll already made (through ``work.dice.roll``, or given to the operation as
        its input), when its label depends on what it gave."""
        check_text(label, "label", "a roll shown")
        self._record([rolled(label, sides, tuple(results))], member=member)

    @contextlib.contextmanager
    def step(self, label: str, *, member: str | None = None) -> Iterator[None]:
        """Group the changes made inside into one step of the history, labelled ``label`` (on ``member``
        when named: the changes inside then act on it). A step where nothing changed records nothing;
        a nested operation (:meth:`run`) may run inside a step that names no member."""
        check_text(label, "label", "a step")
        subject = self.subject(member)  # the member exists
        started = self._sheet
        self._open.append(_Open(label, member))
        try:
            with contextlib.nullcontext() if member is None else rolling_for(member_named(subject, member)):
                yield
        finally:
            done = self._open.pop()
        if not done.events:
            self._sheet = started
            return
        step: Event = Step(label=done.label, events=tuple(done.events))
        event = step if done.member is None else Member(member=done.member, event=step)
        # The step becomes one event of the sheet as it stands (and of its member's history), as a replay
        # of the entry will apply it, rather than the changes one by one as they were made.
        self._sheet = started
        self._apply(event)
        self._recorded(event)

    def run(self, operation: Operation) -> Sheet:
        """Run a nested operation on the sheet as it stands; its entry becomes one of this work's events
        (or of the step open, which names no member)."""
        if any(step.member is not None for step in self._open):
            opened = next(step for step in reversed(self._open) if step.member is not None)
            msg = (
                f"a nested operation ({operation.tag}) runs on the whole sheet, not inside step "
                f"{opened.label!r} of member {opened.member!r}"
            )
            raise InvalidInput(msg)
        sheet, entry = self._nested(self._pack, self._sheet, operation, self.dice)
        self._recorded(entry)
        self._sheet = sheet
        return sheet

    def follow(self, after: Sheet) -> Sheet:
        """Take ``after``, a sheet that rule code made from :attr:`sheet` by applying events, as the
        sheet as it stands: what it appended becomes this work's events.

        Deprecated: rule code says what should happen through the work's changes, which check it; this
        takes events applied unchecked. It goes in the next release."""
        warnings.warn(
            "Work.follow is deprecated: change the sheet through the work (work.award, work.adjust, ...)",
            DeprecationWarning,
            stacklevel=2,
        )
        return self._follow(after)

    def record(self, events: Sequence[Event], *, member: str | None = None, label: str = "") -> None:
        """Record events as they are. Deprecated: rule code changes the sheet through the work's changes,
        which check each one; this records events unchecked. It goes in the next release."""
        warnings.warn(
            "Work.record is deprecated: change the sheet through the work (work.award, work.adjust, ...)",
            DeprecationWarning,
            stacklevel=2,
        )
        self._record(events, member=member, label=label)

    def _follow(self, after: Sheet) -> Sheet:
        if not isinstance(after, Sheet):
            msg = f"the rule code of {sheet_called(self.before, bare=True)} returned {type(after).__name__}, not the sheet it made"
            raise InvalidInput(msg)
        size = len(self._sheet.ledger)
        if len(after.ledger) < size or after.ledger.prefix(size) != self._sheet.ledger:
            msg = "the rule code returned a sheet that does not continue the one it was given; nothing was recorded"
            raise InvalidInput(msg)
        added = after.ledger[size:]
        if len(added) == 1 and type(added[0]) is Step:  # the events it combined into one step are the entry's
            added = added[0].events
        self._events.extend(added)
        self._sheet = after
        return after

    # -- what the engine records ------------------------------------------------------

    def _record(self, events: Sequence[Event], *, member: str | None = None, label: str = "") -> None:
        """Record events the core checked, on the subject (``member``, inside the open steps): each
        event, or one entry for a member (the event, or a step of them under ``label``)."""
        if member is None:
            for event in events:
                self._apply(event)
                self._recorded(event)
            return
        inner: Event = events[0] if len(events) == 1 else Step(label=label, events=tuple(events))
        event = Member(member=member, event=inner)
        self._apply(event)
        self._recorded(event)

    def _apply(self, event: Event) -> None:
        """The sheet as it stands after ``event``, an event on the subject of the innermost open step."""
        for step in reversed(self._open):
            if step.member is not None:
                event = Member(member=step.member, event=event)
        self._sheet = applied(self._sheet, event)

    def _recorded(self, event: Event) -> None:
        (self._open[-1].events if self._open else self._events).append(event)

    def _path(self, member: str | None) -> list[str]:
        path = [step.member for step in self._open if step.member is not None]
        return path if member is None else [*path, member]

    def finish(self, operation: Operation) -> tuple[Sheet, Entry]:
        """The sheet with the operation's one entry appended to the real ledger, and that entry."""
        if self._open:
            msg = f"operation {operation.tag!r} ended with step {self._open[-1].label!r} still open"
            raise InvalidInput(msg)
        entry = Entry(
            label=operation.label,
            number=len(self.before.ledger) + 1,
            events=tuple(self._events),
            operation=operation,
            rolls=self.dice.rolls,
        )
        done = self._sheet
        return build(done, self.before.ledger.append(entry), done.pools, done.members, done.pending), entry


class _Open:
    """A step being recorded: its label, its member, its events so far."""

    __slots__ = ("events", "label", "member")

    def __init__(self, label: str, member: str | None) -> None:
        self.label = label
        self.member = member
        self.events: list[Event] = []
