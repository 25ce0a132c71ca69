"""Verify: a history checked against the rules, entry by entry.

Each entry holds the operation that made it and the rolls it made. :func:`verify` runs every
operation again on the state before it, under the pack's rules, feeding back the recorded
rolls, and compares the entry this gives with the recorded one. A file edited by hand (an award
of 6 changed to 60, a price lowered, a die result changed, an entry deleted or moved) is found
at the entry that differs, with what was recorded and what the rules give. After a divergent
entry the check goes on from what the rules give there (or from the record, when the rules
refuse it), so one edit is reported where it was made, not again at every later entry. A sheet made under
other rules is said so once, on its creation, and its later entries are checked under the rules given, as a rebase
would run them: what is reported after it is what those rules change.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, cast

import attrs

from progression.engine.checks import check_sheet, wrong_sheet
from progression.engine.dice import RecordedDice
from progression.engine.operations import Create
from progression.engine.rerun import rerunning
from progression.engine.run import as_recorded, execute_in, holds, start_sheet
from progression.errors import InvalidInput, ProgressionError, Sentence
from progression.ledger.events import Entry, Event, Operation
from progression.ledger.sheet import Sheet, applied, creation, replay

if TYPE_CHECKING:
    from progression.rulepacks.rulepack import RulePack

__all__ = ["STATE_DIFFERS", "Divergence", "Verification", "difference", "rules_of", "state_difference", "verify"]


@attrs.frozen(kw_only=True)
class Divergence:
    """An entry the rules do not give as it was recorded."""

    #: The entry's number, as ``history`` numbers them (the creation is 1).
    position: int
    #: What the entry says it did ("award 6 to spp").
    label: str
    #: ``"edited"`` (the rules give another entry), ``"refused"`` (the rules refuse its operation),
    #: ``"rules"`` (either, on a sheet made under other rules: the rules changed, nobody need have
    #: edited anything), ``"unverifiable"`` (recorded before operations were: nothing to run again),
    #: or ``"state"`` (the sheet holds a state its history does not add up to: a stored snapshot edited, say).
    kind: str
    #: What was recorded and what the rules give, in a sentence (in a program's words).
    sentence: str
    #: The sentence with the ways it tells to run kept apart (those of the rules' refusal), when it names any: the
    #: command line says it in its own words (:meth:`Sentence.on_command_line <progression.errors.Sentence.on_command_line>`).
    #: None: ``sentence`` reads the same in every interface.
    worded: Sentence | None = None
    #: The entry as the ledger holds it.
    recorded: Event = attrs.field(repr=False)
    #: The entry the rules give, when they give one.
    produced: Entry | None = attrs.field(default=None, repr=False)

    def line(self) -> str:
        """The divergence as a report says it: ``#N label: sentence`` for an entry; for the state a sheet holds
        (``kind == "state"``), a problem of that state, not of its last entry."""
        if self.kind == "state":
            return f"{STATE_DIFFERS}: {self.sentence}"
        return f"#{self.position} {self.label}: {self.sentence}"


#: How a report says that the state a sheet holds is not the one its history adds up to.
STATE_DIFFERS = "the stored state differs from what the history gives"


@attrs.frozen(kw_only=True)
class Verification:
    """What :func:`~progression.verify` found: every divergent entry, or none."""

    #: The sheet's name (or kind).
    subject: str
    #: How many entries the history holds.
    entries: int
    #: The rules the sheet was made under, and those it was checked against.
    recorded_rules: str
    rules: str
    divergences: tuple[Divergence, ...] = ()
    #: Why the history was not run again at all, with where (a store's sheet edited in the database into what
    #: does not read: an entry that is not JSON, a missing entry, an unknown operation); empty when it was.
    unread: str = ""

    @property
    def ok(self) -> bool:
        """Whether the history was read and the rules give every entry as recorded (an unverifiable entry is not
        verified), and the state held is the one the entries add up to."""
        return not self.divergences and not self.unread

    @property
    def diverging(self) -> int:
        """How many entries diverge (a problem of the state held, ``kind == "state"``, is no entry's)."""
        return len({d.position for d in self.divergences if d.kind != "state"})

    @property
    def rules_changed(self) -> bool:
        """Whether the sheet was made under other rules (then a divergence may be the rules' change, not an edit)."""
        return bool(self.recorded_rules) and self.recorded_rules != self.rules

    def lines(self, subject: str | None = None, *, rules: bool = True) -> Iterator[str]:
        """The report as sentences, one per divergence after a heading naming ``subject`` (the sheet's name by
        default; a store names its sheets by id); ``rules=False`` leaves the rules' fingerprint out when every
        entry holds (it matters only when one does not)."""
        named = self.subject if subject is None else subject
        if self.unread:
            yield f"{named}: not verified: {self.unread}"
            return
        count = self.diverging
        if not count:
            verified = "its 1 entry" if self.entries == 1 else f"all {self.entries:,} entries"
            under = f" under {self.rules}" if rules or not self.ok else ""
            yield f"{named}: {verified} verified{under}" + ("" if self.ok else ", but not the stored state")
        else:
            yield f"{named}: {count:,} of {self.entries:,} entries diverge from the rules {self.rules}"
        if self.rules_changed and count:
            yield "  (the rules changed since the sheet was made: rebase it onto these rules to go on)"
        for divergence in self.divergences:
            yield f"  {divergence.line()}"


def rules_of(sheet: Sheet, pack: RulePack | None, where: str = "the sheet to verify") -> RulePack:
    """``pack``, or the installed pack the sheet names; a sheet of another pack than ``pack`` is refused as
    ``where``."""
    from progression.rulepacks.discovery import load
    from progression.rulepacks.rulepack import RulePack

    if pack is None:
        return load(sheet.pack)
    if not isinstance(pack, RulePack):
        msg = f"expected a RulePack to check the history against, got {type(pack).__name__}"
        raise InvalidInput(msg)
    if pack.name != sheet.pack:
        raise InvalidInput(wrong_sheet(sheet, where, pack=pack.name))
    return pack


def verify(sheet: Sheet, pack: RulePack | None = None) -> Verification:
    """Run every recorded operation again under ``pack``'s rules (the installed pack the sheet names
    when None) with its recorded rolls, and report each entry that comes out otherwise.

    Raises:
        UnknownPackError: no pack given and none installed under the sheet's pack name.
    """
    check_sheet(sheet, "the sheet to verify")
    rules = rules_of(sheet, pack)
    divergences: list[Divergence] = []
    before: Sheet | None = None
    changed = bool(sheet.rules) and sheet.rules != rules.rules
    if changed:
        sentence = f"made under the rules {sheet.rules!r}, checked under {rules.rules!r}: the rules changed since"
        divergences.append(
            Divergence(
                position=1, label=_label(sheet.ledger[0]), kind="rules", sentence=sentence, recorded=sheet.ledger[0]
            )
        )
    shift = 0  # how far the entries stand from the places they were recorded at
    folded_as_recorded = True  # whether ``before`` folds the recorded entries (no produced one put in their place)
    for position, recorded in enumerate(sheet.ledger, start=1):
        here = recorded
        moved = None
        if isinstance(recorded, Entry):
            moved = _moved(recorded, position, shift)
            shift = recorded.number - position
            here = attrs.evolve(recorded, number=position) if shift else recorded
        found = _check(rules, before, here, position, sheet.rules)
        if moved is not None:
            sentence = moved if found is None else f"{moved}; and {found.sentence}"
            worded = None if found is None or found.worded is None else Sentence((f"{moved}; and ", found.worded))
            found = Divergence(
                position=position,
                label=_label(recorded),
                kind="edited" if found is None else found.kind,
                sentence=sentence,
                worded=worded,
                recorded=recorded,
                produced=None if found is None else found.produced,
            )
        if found is not None:
            found = attrs.evolve(found, recorded=recorded)
            divergences.append(attrs.evolve(found, kind="rules") if changed and found.kind != "unverifiable" else found)
        entry = here if found is None or found.produced is None else found.produced
        if before is None and changed:  # the later entries run under these rules, as a rebase would run them
            entry = _made_under(entry, rules.rules)
        folded_as_recorded = folded_as_recorded and entry is here
        before = replay((entry,)) if before is None else applied(before, entry)
    # The state the recorded entries add up to: the fold just made, unless it went on from what the rules give.
    folded = before if folded_as_recorded and before is not None else replay(tuple(sheet.ledger))
    held = state_difference(sheet, folded)
    if held is not None:  # a sheet built otherwise than by folding its ledger: a stored snapshot, say
        divergences.append(
            Divergence(
                position=len(sheet.ledger),
                label="the state held",
                kind="state",
                sentence=held,
                recorded=sheet.ledger[-1],
            )
        )
    return Verification(
        subject=sheet.name or sheet.kind,
        entries=len(sheet.ledger),
        recorded_rules=sheet.rules,
        rules=rules.rules,
        divergences=tuple(divergences),
    )


#: The parts of a sheet's state, in the order a difference is looked for.
_STATE = ("pack", "kind", "name", "pools", "stats", "owned", "tags", "bought", "pending", "members")


def state_difference(held: Sheet, folded: Sheet, where: str = "") -> str | None:
    """The first place ``held``'s state differs from ``folded``'s (the fold of its ledger), as
    ``where: held ..., its history gives ...``; None when they hold the same state (each member's counted
    entries included)."""
    for name in _STATE:
        mine, theirs = getattr(held, name), getattr(folded, name)
        if mine == theirs:
            continue
        path = f"{where}{name}"
        if name == "members":
            for member in sorted(set(mine) | set(theirs)):
                if member not in mine or member not in theirs:
                    return f"{path}.{member}: held {'a member' if member in mine else 'none'}, its history gives {'a member' if member in theirs else 'none'}"
                found = state_difference(mine[member], theirs[member], f"{path}.{member}.")
                if found is not None:
                    return found
                counted, given = len(mine[member].ledger), len(theirs[member].ledger)
                if counted != given:  # a snapshot that counts a member's entries otherwise than the history does
                    return f"{path}.{member}: held with {counted} entries, its history gives it {given}"
            continue
        if isinstance(mine, Mapping) and isinstance(theirs, Mapping):
            key = next(k for k in sorted(set(mine) | set(theirs)) if mine.get(k) != theirs.get(k))
            return f"{path}.{key}: held {_show(mine.get(key))}, its history gives {_show(theirs.get(key))}"
        return f"{path}: held {_show(mine)}, its history gives {_show(theirs)}"
    return None


def _moved(entry: Entry, position: int, shift: int) -> str | None:
    """What a number other than the entry's place says, when the entry before did not say it already."""
    offset = entry.number - position
    if offset in (0, shift):
        return None
    if offset > 0:
        why = "an entry before it was deleted, or entries were moved"
    else:
        why = "an entry was added before it, or entries were moved"
    return f"recorded as entry {entry.number}, it stands at {position}: {why}"


def _made_under(entry: Event, rules: str) -> Event:
    """The creation ``entry`` stamped with ``rules``: a sheet made under other rules is checked entry by entry
    under these, so that what is reported after the change of rules (said once, on the creation) is what they
    change, not every operation refused for the sheet's rules (each is, outside :func:`verify`)."""
    if not isinstance(entry, Entry) or (created := creation(entry)) is None:
        return entry
    return attrs.evolve(entry, events=(attrs.evolve(created, rules=rules),))


def _label(entry: Event) -> str:
    return entry.label if isinstance(entry, Entry) else entry.tag


def _check(pack: RulePack, before: Sheet | None, recorded: Event, position: int, made_under: str) -> Divergence | None:
    """The divergence of one entry from what the rules give on ``before``, or None."""
    label = _label(recorded)
    if not isinstance(recorded, Entry):
        sentence = "recorded before operations were (or outside the engine): nothing to run again, not verifiable"
        return Divergence(position=position, label=label, kind="unverifiable", sentence=sentence, recorded=recorded)
    dice = RecordedDice(recorded.rolls)
    try:
        produced = _produce(pack, before, recorded.operation, dice, made_under)
    except ProgressionError as error:
        worded = None if error.worded is None else Sentence(("the rules refuse it: ", error.worded))
        return Divergence(
            position=position,
            label=label,
            kind="refused",
            sentence=f"the rules refuse it: {error}",
            worded=worded,
            recorded=recorded,
        )
    if dice.left:
        left = ", ".join(f"{len(r.results)}D{r.sides} for {r.label!r}" for r in dice.left)
        sentence = f"the entry recorded rolls the rules never ask for: {left}"
        return Divergence(
            position=position, label=label, kind="edited", sentence=sentence, recorded=recorded, produced=produced
        )
    if holds(recorded, produced):
        return None
    # what differs beyond the operation's words (kept as ids now, perhaps as typed then): the operation ran is the
    # one recorded, so its words say nothing of what was edited
    sentence = difference(recorded, as_recorded(produced, recorded)) or "the rules give another entry"
    return Divergence(
        position=position, label=label, kind="edited", sentence=sentence, recorded=recorded, produced=produced
    )


def _produce(pack: RulePack, before: Sheet | None, operation: Operation, dice: RecordedDice, made_under: str) -> Entry:
    """The entry ``operation`` gives on ``before`` (the creation when there is none)."""
    if before is None:
        if not isinstance(operation, Create):
            msg = f"a history starts with a creation, not {operation.label!r}"
            raise InvalidInput(msg)
        first = cast(Entry, start_sheet(pack, operation).ledger[0])  # a creation's one entry
        created = creation(first)
        if made_under and created is not None:  # the rules changing is reported once, on its own
            first = attrs.evolve(first, events=(attrs.evolve(created, rules=made_under),))
        return first
    if isinstance(operation, Create):
        msg = "a creation can only start a history"
        raise InvalidInput(msg)
    with rerunning():  # the operation recorded, not asked anew
        return execute_in(pack, before, operation, dice)[1]


def difference(recorded: Any, produced: Any, path: str = "") -> str | None:
    """The first place two entries differ, as ``where: recorded ..., the rules give ...``; None when equal."""
    where = path or "the entry"
    if recorded == produced:
        return None
    if type(recorded) is not type(produced):
        return f"{where}: recorded {_show(recorded)}, the rules give {_show(produced)}"
    if attrs.has(type(recorded)):
        for field in attrs.fields(type(recorded)):
            found = difference(getattr(recorded, field.name), getattr(produced, field.name), _join(path, field.name))
            if found is not None:
                return found
    elif isinstance(recorded, tuple):
        for index, (a, b) in enumerate(zip(recorded, produced, strict=False)):
            found = difference(a, b, f"{path}[{index}]")
            if found is not None:
                return found
        return f"{where}: recorded {len(recorded)} item(s), the rules give {len(produced)}"
    elif isinstance(recorded, Mapping):
        for key in sorted(set(recorded) | set(produced)):
            if recorded.get(key) != produced.get(key):
                return f"{_join(path, key)}: recorded {_show(recorded.get(key))}, the rules give {_show(produced.get(key))}"
    return f"{where}: recorded {_show(recorded)}, the rules give {_show(produced)}"


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."
