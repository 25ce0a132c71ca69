"""The one gate: every change to a sheet is an operation, and only :func:`run` executes operations.

``run`` checks the operation and the sheet, gives the operation a :class:`~progression.Work`, and
appends one :class:`~progression.Entry`: the operation, every roll its dice made, and the events
it caused. A refused operation raises a :class:`~progression.errors.ProgressionError` and changes
nothing. ``start_sheet`` runs the one operation that starts a sheet rather than change one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

import attrs

import progression.engine.changes as changes
from progression.engine.checks import check_rules, check_sheet
from progression.engine.dice import KNOWN_DICE, Dice, check_dice
from progression.engine.operations import Create
from progression.engine.work import RecordingDice, Work
from progression.errors import InvalidInput
from progression.ledger.events import Entry, Event, Member, Operation, Purchased, Started, Step
from progression.ledger.ledger import Ledger
from progression.ledger.sheet import Sheet, replay, running

if TYPE_CHECKING:
    from progression.rulepacks.rulepack import RulePack

E = TypeVar("E", bound=Event)

__all__ = ["Rules", "as_recorded", "execute", "execute_in", "holds", "run", "start_sheet"]


class Rules:
    """The base of :class:`~progression.RulePack`, so that the engine can tell a pack from anything else
    without importing the layer above it."""

    __slots__ = ()


def run(pack: RulePack, sheet: Sheet, operation: Operation, dice: Dice | None = None) -> tuple[Sheet, Entry]:
    """Execute ``operation`` on ``sheet`` under ``pack``'s rules, rolling ``dice`` where it needs them.

    Returns:
        The new sheet and the entry appended to its ledger.

    Raises:
        ProgressionError: the rules refuse the operation; nothing changed.
        RulesChanged: ``sheet`` was made under other rules than ``pack``'s (rebase it first).
        InvalidInput: ``dice`` are not dice, whether or not the operation rolls.
    """
    check_gate(pack, sheet, operation)
    if dice is not None and type(dice) not in KNOWN_DICE:  # the library's own dice pass without a call
        check_dice(dice, getattr(operation, "tag", type(operation).__name__))
    return execute_in(pack, sheet, operation, dice)


def holds(recorded: Entry, produced: Entry) -> bool:
    """Whether ``produced``, the entry ``recorded``'s operation gives when it runs again, is ``recorded``: the same
    entry, or the same but for words that are not rules. Those are its operation's words kept as the ids they name
    (an entry written before the engine kept them so: a decision ``DAUNTLESS`` where it now keeps ``dauntless``),
    and the sentences of the requirements a GM's override bypassed, as they were said then: a pack may reword a
    requirement (its ``said``, out of the fingerprint) without its saved sheets' overrides ceasing to hold. The
    operation ran is the one recorded, so an operation that differs differs only by those words; its events,
    rolls and place must match, and an override bypasses as many requirements, for the same reason."""
    if produced == recorded:
        return True
    if produced.operation != recorded.operation:
        produced = as_recorded(produced, recorded)
        if produced == recorded:
            return True
    return _bypassed_as_recorded(produced, recorded) == recorded


def _bypassed_as_recorded(produced: E, recorded: Event) -> E:
    """``produced`` with each override of it saying the requirements it bypassed in ``recorded``'s words, where
    the two overrides differ only by those words (as many sentences, the same reason)."""
    if type(produced) is not type(recorded):
        return produced
    if isinstance(produced, (Purchased, Started)):
        now, then = produced.override, recorded.override  # type: ignore[attr-defined]
        if (
            now is not None
            and then is not None
            and now.reason == then.reason
            and len(now.bypassed) == len(then.bypassed)
        ):
            return attrs.evolve(produced, override=then)
        return produced
    if isinstance(produced, Member):
        return attrs.evolve(produced, event=_bypassed_as_recorded(produced.event, recorded.event))  # type: ignore[attr-defined]
    if isinstance(produced, (Entry, Step)) and len(produced.events) == len(recorded.events):  # type: ignore[attr-defined]
        events = tuple(map(_bypassed_as_recorded, produced.events, recorded.events))  # type: ignore[attr-defined]
        return attrs.evolve(produced, events=events)
    return produced


def as_recorded(produced: Entry, recorded: Entry) -> Entry:
    """``produced`` with ``recorded``'s operation, and the label it gives (an entry's label is its operation's)."""
    return attrs.evolve(produced, operation=recorded.operation, label=recorded.operation.label)


def execute(pack: RulePack, sheet: Sheet, operation: Operation, dice: Dice | None = None) -> Sheet:
    """:func:`~progression.run`, returning only the new sheet: deprecated (``progression.operations.execute``
    warns), for ``run(...)[0]``; ``run`` is the one verb that runs an operation."""
    return run(pack, sheet, operation, dice)[0]


def execute_in(pack: RulePack | None, sheet: Sheet, operation: Operation, dice: Dice | None) -> tuple[Sheet, Entry]:
    """Run ``operation`` with its own work (its own record of rolls, feeding those of ``dice`` when it records too)."""
    work = Work(pack, sheet, RecordingDice(dice), nested=execute_in)
    with running():
        kept = operation.run(work)  # the operation with the ids its words named, when it says them otherwise
    return work.finish(operation if kept is None else kept)


def start_sheet(pack: RulePack, operation: Create) -> Sheet:
    """A new sheet from its creation (a :class:`~progression.operations.Create`): the first entry of its ledger.

    Raises:
        InvalidInput: ``operation`` is not a creation.
    """
    if not isinstance(operation, Create):
        msg = f"a sheet starts with a Create operation, got {type(operation).__name__}"
        raise InvalidInput(msg)
    created = changes.created(
        pack,
        operation.kind,
        operation.name,
        pools=operation.pools,
        stats=operation.stats,
        owned=operation.owned,
        tags=operation.tags,
    )
    entry = Entry(label=operation.label, number=1, events=(created,), operation=operation)
    return replay(Ledger((entry,)))


def check_gate(pack: RulePack, sheet: Sheet, operation: Operation) -> None:
    """Refuse what no rule code should see: not a sheet, not an operation, or a sheet of other rules."""
    if not isinstance(pack, Rules):
        msg = f"operations run under a RulePack, got {type(pack).__name__}"
        raise InvalidInput(msg)
    check_sheet(sheet)
    if not isinstance(operation, Operation):
        msg = f"expected an operation (an Operation such as Award or Purchase), got {type(operation).__name__}"
        raise InvalidInput(msg)
    if isinstance(operation, Create):
        msg = (
            "a creation starts a sheet: run it with progression.operations.start_sheet(pack, operation), not on a sheet"
        )
        raise InvalidInput(msg)
    check_rules(pack, sheet)
