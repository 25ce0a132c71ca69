"""The work of one operation: what its rule code reads and does, and what the engine records of it.

:func:`~progression.engine.run.run` gives an operation a :class:`Work` and calls its ``run``.
Rule code reads the sheet as it stands (``work.sheet``), rolls through ``work.dice`` and changes
the sheet only through the work: the core's operations record the events they checked, a nested
operation runs through :meth:`Work.run`, and code written before operations existed hands the
sheet it made to :meth:`Work.follow`. The engine then appends one :class:`~progression.Entry`: the
operation, every roll, every event.

While an operation runs, its sheet's ledger is a scratch continuation of the real one, so that
what the work appends never touches the ledger the finished entry is appended to.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from progression.engine.dice import Dice
from progression.errors import InvalidInput
from progression.ledger.events import Entry, Event, Member, Operation, Rolled, Step
from progression.ledger.sheet import Sheet, applied, build

if TYPE_CHECKING:
    from progression.rulepacks.rulepack import RulePack

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
        self.rolls.append(Rolled(label=label, sides=sides, results=results))
        return results


class Work:
    """One operation being executed: the pack, the sheet as it stands, the dice, and what was done."""

    def __init__(self, pack: RulePack | None, sheet: Sheet, dice: RecordingDice) -> None:
        self._pack = pack
        #: The sheet the operation started from.
        self.before = sheet
        self._sheet = build(sheet, sheet.ledger.scratch(), sheet.pools, sheet.members, sheet.pending)
        #: The dice: every roll goes into the entry.
        self.dice = dice
        self._events: list[Event] = []

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
        """What the operation did so far."""
        return tuple(self._events)

    def record(self, events: Sequence[Event], *, member: str | None = None, label: str = "") -> None:
        """Record events the core's rule code checked; on ``member`` (one entry for it: the event, or a
        step of them under ``label``) when one is named."""
        if member is None:
            for event in events:
                self._append(event)
            return
        inner: Event = events[0] if len(events) == 1 else Step(label=label, events=tuple(events))
        self._append(Member(member=member, event=inner))

    def run(self, operation: Operation) -> Sheet:
        """Run a nested operation on the sheet as it stands; its entry becomes one of this work's events."""
        from progression.engine.run import execute_in

        sheet, entry = execute_in(self._pack, self._sheet, operation, self.dice)
        self._events.append(entry)
        self._sheet = sheet
        return sheet

    def follow(self, after: Sheet) -> Sheet:
        """Take ``after``, a sheet that rule code made from :attr:`sheet` by applying events, as the
        sheet as it stands: what it appended becomes this work's events."""
        if not isinstance(after, Sheet):
            msg = f"the rule code of {self.before.name or self.before.kind!r} returned {type(after).__name__}, not the sheet it made"
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

    def _append(self, event: Event) -> None:
        self._sheet = applied(self._sheet, event)
        self._events.append(event)

    def finish(self, operation: Operation) -> tuple[Sheet, Entry]:
        """The sheet with the operation's one entry appended to the real ledger, and that entry."""
        entry = Entry(
            label=operation.label,
            number=len(self.before.ledger) + 1,
            events=tuple(self._events),
            operation=operation,
            rolls=self.dice.rolls,
        )
        done = self._sheet
        return build(done, self.before.ledger.append(entry), done.pools, done.members, done.pending), entry
