"""Amend: the past corrected. An old entry's operation is replaced, and every later one runs again.

Each later operation runs on the corrected state, with the rolls it recorded where the same
roll is asked again (by label and dice); a roll the new history needs and the old one never
made is rolled by the dice given, or refused. The report says, for each later entry, whether
it holds as recorded, changed (and what it now does otherwise), or is now refused by the rules.

:func:`rebase` runs a whole history again under new rules (an errata: a price, a table cell),
from the creation, and reports the same way.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

import attrs

from progression.engine.checks import check_rules, check_sheet, sheet_called
from progression.engine.dice import Dice, RecordedDice, check_dice
from progression.engine.operations import Create
from progression.engine.rerun import rerunning
from progression.engine.run import execute_in, start_sheet
from progression.errors import InvalidInput, ProgressionError, Sentence
from progression.history.verify import rules_of, verify
from progression.ledger.events import Created, Entry, Event, Joined, Marked, Member, Operation, Rolled, Step
from progression.ledger.sheet import Sheet, applied, creation

if TYPE_CHECKING:
    from progression.rulepacks.rulepack import RulePack

__all__ = ["INVALID", "Amendment", "AmendmentRefused", "EntryOutcome", "amend", "rebase"]

#: What to do with later entries the amended history makes invalid: refuse the amendment (and change
#: nothing), drop them and go on, or stop the history before the first of them.
INVALID = ("refuse", "drop", "stop")


@attrs.frozen(kw_only=True)
class EntryOutcome:
    """What became of one entry when the history ran again."""

    #: The entry's number in the old history.
    position: int
    label: str
    #: ``"amended"`` (the entry replaced), ``"holds"`` (the same entry), ``"changed"``, ``"refused"``,
    #: ``"dropped"`` (refused and left out), ``"kept"`` (recorded before operations: kept as it is).
    status: str
    #: What it now does otherwise, one sentence a change (``"treasury: +70,000 (was +50,000)"``).
    changes: tuple[str, ...] = ()
    #: Why the rules refuse it, for a refused or dropped entry, in a program's words.
    reason: str = ""
    #: The refusal with the ways it tells to run kept apart (its error's ``worded``), when it names any: the
    #: command line says it in its own words (:meth:`Sentence.on_command_line <progression.errors.Sentence.on_command_line>`),
    #: where ``reason`` names the Python call. None: ``reason`` reads the same in every interface.
    worded: Sentence | None = None

    def line(self) -> str:
        """The outcome in one line, ``reason`` in a program's words (the command line puts its own in its place)."""
        text = f"#{self.position} {self.label}: {self.status}"
        if self.changes:
            text += " (" + "; ".join(self.changes) + ")"
        if self.reason:
            text += f": {self.reason}"
        return text


@attrs.frozen(kw_only=True)
class Amendment:
    """The report of :func:`~progression.amend` or :func:`~progression.rebase`: an outcome per entry from the first changed."""

    outcomes: tuple[EntryOutcome, ...]

    @property
    def refused(self) -> tuple[EntryOutcome, ...]:
        """The entries the new history makes invalid."""
        return tuple(o for o in self.outcomes if o.status in ("refused", "dropped"))

    @property
    def changed(self) -> tuple[EntryOutcome, ...]:
        """The entries that now do something else."""
        return tuple(o for o in self.outcomes if o.status in ("amended", "changed"))

    def lines(self) -> Iterator[str]:
        """Each outcome in a line."""
        for outcome in self.outcomes:
            yield outcome.line()


class AmendmentRefused(ProgressionError, ValueError):
    """An amendment that would make later entries invalid, or a rebase that would make entries invalid under the
    rules it runs the history under (with ``invalid="refuse"``): nothing changed.

    Args:
        report: what became of each entry.
        rebase: for a rebase, the rules it ran the history under (:attr:`RulePack.rules
            <progression.RulePack.rules>`): the message then speaks of the rebase; None for an amendment.
    """

    def __init__(self, report: Amendment, *, rebase: str | None = None) -> None:
        self.report = report
        self.rebase = rebase
        count = len(report.refused)
        refused = "; ".join(f"#{o.position} {o.label}: {o.reason}" for o in report.refused)
        entries = f"entr{'y' if count == 1 else 'ies'}"
        made = (
            f"the amendment makes {count} later {entries} invalid"
            if rebase is None
            else f"the rebase makes {count} {entries} invalid under the rules {rebase!r}"
        )
        #: What was refused, without the hint of how to go on (each caller words it: an argument, an option).
        self.summary = f"{made}, so nothing was changed: {refused}"
        super().__init__(f"{self.summary} (pass invalid='drop' or 'stop' to go on without them)")


def amend(
    sheet: Sheet,
    position: int,
    operation: Operation,
    *,
    pack: RulePack | None = None,
    dice: Dice | None = None,
    invalid: str = "refuse",
) -> tuple[Sheet, Amendment]:
    """Replace the operation of entry ``position`` (numbered as ``history`` numbers them) and run every
    later entry again.

    Args:
        sheet: the sheet whose history is corrected.
        position: the entry to replace; 1 is the creation (a :class:`~progression.operations.Create`).
        operation: what should have been recorded there.
        pack: the rules; the installed pack the sheet names when None.
        dice: rolls a later entry now needs and never made; without them such an entry is refused.
        invalid: ``"refuse"`` (the default: change nothing when a later entry becomes invalid),
            ``"drop"`` (leave such entries out) or ``"stop"`` (end the history before the first).

    Returns:
        The corrected sheet, and the report of what became of every entry from ``position`` on.

    Raises:
        AmendmentRefused: a later entry becomes invalid and ``invalid`` is ``"refuse"``.
        RulesChanged: the sheet was made under other rules than ``pack``'s: :func:`rebase` it first.
        ProgressionError: the rules refuse the new operation itself.
    """
    check_sheet(sheet, "the sheet to amend")
    check_dice(dice, "amend")
    rules = rules_of(sheet, pack, "the sheet to amend")
    if isinstance(position, bool) or not isinstance(position, int) or not 1 <= position <= len(sheet.ledger):
        msg = f"the entry to amend of {sheet_called(sheet)} must be a number from 1 to {len(sheet.ledger)}, got {position!r}"
        raise InvalidInput(msg)
    if not isinstance(operation, Operation):
        msg = f"expected an operation to record at #{position} of {sheet_called(sheet)}, got {type(operation).__name__}"
        raise InvalidInput(msg)
    # A history made under other rules is rebased whole first: amended, its later entries would run under these
    # rules and its earlier ones stay under its own, a history no rules give.
    check_rules(rules, sheet)
    _check_before(rules, sheet, position)
    return _run_again(rules, sheet, position, operation, dice, invalid)


def _check_before(rules: RulePack, sheet: Sheet, position: int) -> None:
    """Refuse to build an amendment on entries before it that the rules do not give (a file edited by hand):
    the corrected history would carry the edit on, and the report would blame the amendment for it.

    Raises:
        InvalidInput: an entry before ``position`` diverges (an entry recorded before operations were,
            which cannot be checked, is not counted against it).
    """
    if position < 2:
        return
    wrong = [d for d in verify(sheet.at(position - 1), rules).divergences if d.kind in ("edited", "refused", "state")]
    if wrong:
        first = wrong[0]
        msg = Sentence(
            (
                f"amend #{position}: the history before it is not what the rules give (#{first.position} "
                f"{first.label}: ",
                first.worded or first.sentence,
                f"); amend #{first.position} first, or rebase the sheet",
            )
        )
        raise InvalidInput(msg)


def rebase(
    sheet: Sheet, pack: RulePack, *, dice: Dice | None = None, invalid: str = "refuse"
) -> tuple[Sheet, Amendment]:
    """Run a whole history again under ``pack``'s rules (new data: an errata, a new version), from its
    creation, and report what changed for each entry.

    Raises:
        AmendmentRefused: an entry the new rules refuse, with ``invalid="refuse"`` (its message speaks of the
            rebase, and its ``rebase`` names the rules).
    """
    check_sheet(sheet, "the sheet to rebase")
    check_dice(dice, "rebase")
    rules = rules_of(sheet, pack, "the sheet to rebase")
    first = sheet.ledger[0]
    if not isinstance(first, Entry):
        msg = f"the history of {sheet_called(sheet)} was recorded before operations were, so it cannot run again under other rules"
        raise InvalidInput(msg)
    return _run_again(rules, sheet, 1, first.operation, dice, invalid, rebased=True)


def _run_again(
    pack: RulePack,
    sheet: Sheet,
    position: int,
    operation: Operation,
    dice: Dice | None,
    invalid: str,
    *,
    rebased: bool = False,
) -> tuple[Sheet, Amendment]:
    if invalid not in INVALID:
        msg = f"invalid must be one of {', '.join(INVALID)}, got {invalid!r}"
        raise InvalidInput(msg)
    old = sheet.ledger[position - 1]
    old_rolls = old.rolls if isinstance(old, Entry) else ()
    state = _first(pack, sheet, position, operation, RecordedDice(old_rolls, by_place=True, fallback=dice))
    if rebased:  # the creation run again, not replaced: it holds, or says what it now makes otherwise
        outcomes = [_created_again(old, state)]
    else:
        outcomes = [EntryOutcome(position=position, label=operation.label, status="amended")]
    old_before = sheet.at(position)
    for index in range(position, len(sheet.ledger)):
        number, recorded = index + 1, sheet.ledger[index]
        old_after = sheet.at(number)
        outcome, after = _again(pack, state, recorded, number, dice)
        if outcome.status == "refused" and invalid != "refuse":
            outcome = attrs.evolve(outcome, status="dropped")
            if invalid == "stop":
                outcomes.append(outcome)
                outcomes.extend(
                    EntryOutcome(
                        position=n, label=_label(sheet.ledger[n - 1]), status="dropped", reason="after the stop"
                    )
                    for n in range(number + 1, len(sheet.ledger) + 1)
                )
                break
        if outcome.status == "changed":  # what it does to the sheet, else what it says otherwise
            outcome = attrs.evolve(outcome, changes=changes(old_before, old_after, state, after) or outcome.changes)
        outcomes.append(outcome)
        state, old_before = after, old_after
    report = Amendment(outcomes=tuple(outcomes))
    if invalid == "refuse" and report.refused:
        raise AmendmentRefused(report, rebase=pack.rules if rebased else None)
    return state, report


def _created_again(recorded: Event, state: Sheet) -> EntryOutcome:
    """What became of a creation run again under the rules of now (``state`` the sheet it makes): it holds, or
    each start it gives otherwise, and the rules it was made under."""
    label = _label(recorded)
    now = state.ledger[0]
    if isinstance(now, Entry) and isinstance(recorded, Entry) and now.events == recorded.events:
        return EntryOutcome(position=1, label=label, status="holds")
    was, made = creation(recorded), creation(now)
    told: list[str] = []
    if was is not None and made is not None:
        told += _starts("", was, made)
        if was.rules != made.rules:
            told.append(f"made under {made.rules or 'no rules named'} (was {was.rules or 'no rules named'})")
    return EntryOutcome(position=1, label=label, status="changed", changes=tuple(told))


def _starts(name: str, was: Created, made: Created) -> Iterator[str]:
    """Each start a creation now gives otherwise (``ma: starts at 7 (was 6)``), ``name`` before it (a member's)."""
    for part in ("pools", "stats", "owned", "tags"):
        old, new = getattr(was, part), getattr(made, part)
        for key in sorted(set(old) | set(new)):
            if old.get(key) != new.get(key):
                yield f"{name}{key}: starts at {new.get(key, 'nothing')} (was {old.get(key, 'nothing')})"


def _unstamped(events: tuple[Event, ...]) -> tuple[Event, ...]:
    """``events`` with the rules of every sheet they create left blank: a member is made under its roster's rules,
    which the roster's own creation tells (a rebase changes them all, and says so once)."""
    return tuple(_unstamp(event) for event in events)


def _unstamp(event: Event) -> Event:
    if isinstance(event, Created):
        return attrs.evolve(event, rules="")
    if isinstance(event, Joined):
        return attrs.evolve(event, ledger=_unstamped(event.ledger))
    if isinstance(event, Member):
        return attrs.evolve(event, event=_unstamp(event.event))
    if isinstance(event, Step):  # an entry too
        return attrs.evolve(event, events=_unstamped(event.events))
    return event


def _first(pack: RulePack, sheet: Sheet, position: int, operation: Operation, dice: RecordedDice) -> Sheet:
    """The history up to the amended entry, that entry run anew."""
    if position == 1:
        if not isinstance(operation, Create):
            msg = f"the first entry is the creation: amend it with a Create operation, not {operation.label!r}"
            raise InvalidInput(msg)
        return start_sheet(pack, operation)
    if isinstance(operation, Create):
        msg = f"a creation can only be the first entry, not #{position}"
        raise InvalidInput(msg)
    return execute_in(pack, sheet.at(position - 1), operation, dice)[0]


def _again(pack: RulePack, state: Sheet, recorded: Event, number: int, dice: Dice | None) -> tuple[EntryOutcome, Sheet]:
    """One later entry on the new state: the outcome, and the state after it (unchanged when refused)."""
    label = _label(recorded)
    if not isinstance(recorded, Entry):
        try:
            return EntryOutcome(position=number, label=label, status="kept"), applied(state, recorded)
        except ProgressionError as error:
            return _refused(number, label, error), state
    try:
        with rerunning():  # the operation recorded, not asked anew (as the amended entry's is)
            after, entry = execute_in(
                pack, state, recorded.operation, RecordedDice(recorded.rolls, by_place=True, fallback=dice)
            )
    except ProgressionError as error:
        return _refused(number, label, error), state
    if entry.events == recorded.events or _unstamped(entry.events) == _unstamped(recorded.events):
        return EntryOutcome(position=number, label=label, status="holds"), after
    return EntryOutcome(position=number, label=label, status="changed", changes=_told(recorded, entry)), after


def _refused(number: int, label: str, error: ProgressionError) -> EntryOutcome:
    """Entry ``number`` refused by the rules with ``error``: its words in a program's, and its sentence kept for
    the command line's."""
    return EntryOutcome(position=number, label=label, status="refused", reason=str(error), worded=error.worded)


def _told(recorded: Entry, now: Entry) -> tuple[str, ...]:
    """What an entry now says otherwise, for an entry whose changes to the sheet are the same: each sentence of
    it (a mark, a roll's label, an event's reason) or roll that differs, as it is now and as it was."""
    was, said = list(_said(recorded.events)), list(_said(now.events))
    told = []
    for (old, old_dice), (new, new_dice) in zip(was, said, strict=False):
        if old != new:
            told.append(f"now {new!r} (was {old!r})")
        elif old_dice != new_dice:
            told.append(f"{new!r} now rolls {_dice(new_dice)} (was {_dice(old_dice)})")
    told += [f"now also {new!r}" for new, _ in said[len(was) :]]
    return (*told, *(f"no longer {old!r}" for old, _ in was[len(said) :]))


def _said(events: tuple[Event, ...]) -> Iterator[tuple[str, tuple[int, ...]]]:
    """The sentences of an entry, in order, each with the dice it rolled: a mark's or a roll's label, an event's
    reason."""
    for event in events:
        if isinstance(event, Step):
            yield from _said(event.events)
        elif isinstance(event, Rolled):
            yield event.label, event.results
        elif isinstance(event, Marked):
            yield event.label, ()
        elif isinstance(getattr(event, "reason", None), str):
            yield str(getattr(event, "reason")), ()  # noqa: B009 - not every event has one


def _dice(results: tuple[int, ...]) -> str:
    return ", ".join(map(str, results))


def _label(entry: Event) -> str:
    return entry.label if isinstance(entry, Entry) else entry.tag


def changes(old_before: Sheet, old_after: Sheet, new_before: Sheet, new_after: Sheet) -> tuple[str, ...]:
    """What an entry now does otherwise: each quantity whose change by the entry differs, on the sheet and its members."""
    found = list(_deltas("", old_before, old_after, new_before, new_after))
    for member in sorted(set(old_after.members) | set(new_after.members)):
        sheets = (old_before.members.get(member), old_after.members.get(member))
        new = (new_before.members.get(member), new_after.members.get(member))
        if (sheets[1] is None) != (new[1] is None):
            found.append(f"member {member}: {'now leaves' if new[1] is None else 'now stays'}")
            continue
        if sheets[1] is not None and new[1] is not None:
            name = f"#{member} {new[1].name}".rstrip() + " "
            if sheets[0] is None and new[0] is None:  # joined in this entry: how he starts, then what it did to him
                found.extend(_joined(name, sheets[1], new[1]))
            else:
                found.extend(_deltas(name, sheets[0] or sheets[1], sheets[1], new[0] or new[1], new[1]))
    return tuple(found)


def _joined(name: str, old: Sheet, new: Sheet) -> Iterator[str]:
    """What an entry now does otherwise to a member it makes (a player hired, a Star Player who joins): each start
    his creation gives otherwise, and each change it then makes to him that differs."""
    was, made = creation(old.ledger[0]), creation(new.ledger[0])
    if was is not None and made is not None:
        yield from _starts(name, was, made)
    yield from _deltas(name, old.at(1), old, new.at(1), new)


def _deltas(name: str, old_before: Sheet, old_after: Sheet, new_before: Sheet, new_after: Sheet) -> Iterator[str]:
    for part in ("pools", "stats", "owned"):
        old = _delta(getattr(old_before, part), getattr(old_after, part))
        new = _delta(getattr(new_before, part), getattr(new_after, part))
        for key in sorted(set(old) | set(new)):
            if old.get(key, 0) != new.get(key, 0):
                yield f"{name}{key}: {new.get(key, 0):+,} (was {old.get(key, 0):+,})"
    old_tags = _tag_delta(old_before.tags, old_after.tags)
    new_tags = _tag_delta(new_before.tags, new_after.tags)
    for key in sorted(set(old_tags) | set(new_tags)):
        if old_tags.get(key) != new_tags.get(key):
            yield f"{name}tag {key}: {new_tags.get(key)!r} (was {old_tags.get(key)!r})"


def _delta(before: Mapping[str, int], after: Mapping[str, int]) -> dict[str, int]:
    return {
        key: after.get(key, 0) - before.get(key, 0)
        for key in set(before) | set(after)
        if after.get(key, 0) != before.get(key, 0)
    }


def _tag_delta(before: Mapping[str, str], after: Mapping[str, str]) -> dict[str, str | None]:
    return {key: after.get(key) for key in set(before) | set(after) if after.get(key) != before.get(key)}
