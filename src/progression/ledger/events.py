"""The events of a ledger. Each carries what it did as data, so replaying needs no rule."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import attrs

from progression._frozen import as_tuple, freeze
from progression.rules.parts import Effect, Override

__all__ = [
    "Adjusted",
    "Asked",
    "Awarded",
    "Created",
    "Decided",
    "Entry",
    "Event",
    "Finished",
    "Joined",
    "Left",
    "Lost",
    "Marked",
    "Member",
    "Operation",
    "Purchased",
    "Rolled",
    "Started",
    "Step",
]


@attrs.frozen(kw_only=True)
class Event:
    """Base of every ledger event. ``tag`` names the event in saved files."""

    tag: ClassVar[str] = "event"


@attrs.frozen(kw_only=True)
class Created(Event):
    """The first event of every ledger: what the subject started with."""

    tag: ClassVar[str] = "created"
    pack: str
    kind: str
    name: str = ""
    #: The rules the sheet was made under: the pack's name, version and data fingerprint
    #: (:attr:`RulePack.rules <progression.RulePack.rules>`); empty in a file written before it was recorded.
    rules: str = ""
    pools: Mapping[str, int] = attrs.field(factory=dict, converter=freeze)
    stats: Mapping[str, int] = attrs.field(factory=dict, converter=freeze)
    owned: Mapping[str, int] = attrs.field(factory=dict, converter=freeze)
    tags: Mapping[str, str] = attrs.field(factory=dict, converter=freeze)


@attrs.frozen(kw_only=True)
class Awarded(Event):
    """Points put into a pool, with the reason they were given."""

    tag: ClassVar[str] = "awarded"
    pool: str
    amount: int
    reason: str = ""


@attrs.frozen(kw_only=True)
class Lost(Event):
    """Points taken out of a pool unspent (surplus over a cap, a discarded balance)."""

    tag: ClassVar[str] = "lost"
    pool: str
    amount: int
    reason: str = ""


@attrs.frozen(kw_only=True)
class Purchased(Event):
    """An upgrade bought in one go: the price paid from each pool and the effect."""

    tag: ClassVar[str] = "purchased"
    upgrade: str
    choice: str | None = None
    price: Mapping[str, int] = attrs.field(factory=dict, converter=freeze)
    effect: Effect = attrs.field(factory=Effect)
    override: Override | None = None


@attrs.frozen(kw_only=True)
class Started(Event):
    """An upgrade with a procedure: paid, its dice and decisions follow, then :class:`Finished`."""

    tag: ClassVar[str] = "started"
    upgrade: str
    choice: str | None = None
    price: Mapping[str, int] = attrs.field(factory=dict, converter=freeze)
    override: Override | None = None
    #: Extra arguments the buyer passed to the procedure (texts, integers, booleans), kept to resume it.
    args: Mapping[str, str | int | bool] = attrs.field(factory=dict, converter=freeze)


@attrs.frozen(kw_only=True)
class Rolled(Event):
    """Dice rolled, and what they showed."""

    tag: ClassVar[str] = "rolled"
    label: str
    sides: int
    results: tuple[int, ...] = attrs.field(converter=as_tuple)


@attrs.frozen(kw_only=True)
class Asked(Event):
    """A procedure waiting for a person to choose among ``options``."""

    tag: ClassVar[str] = "asked"
    label: str
    options: tuple[str, ...] = attrs.field(converter=as_tuple)


@attrs.frozen(kw_only=True)
class Decided(Event):
    """A person's choice among the options a procedure offered."""

    tag: ClassVar[str] = "decided"
    label: str
    options: tuple[str, ...] = attrs.field(converter=as_tuple)
    choice: str


@attrs.frozen(kw_only=True)
class Finished(Event):
    """The end of a procedure: the effect it had."""

    tag: ClassVar[str] = "finished"
    effect: Effect = attrs.field(factory=Effect)


@attrs.frozen(kw_only=True)
class Adjusted(Event):
    """A change that is not a purchase (an injury, a status, a GM correction), with its reason."""

    tag: ClassVar[str] = "adjusted"
    effect: Effect
    reason: str


@attrs.frozen(kw_only=True)
class Marked(Event):
    """A milestone in the history ("match 3", "session 12"), to look back to."""

    tag: ClassVar[str] = "marked"
    label: str


@attrs.frozen(kw_only=True)
class Joined(Event):
    """A member added to a roster, with its own ledger."""

    tag: ClassVar[str] = "joined"
    member: str
    ledger: tuple[Event, ...] = attrs.field(converter=as_tuple)


@attrs.frozen(kw_only=True)
class Left(Event):
    """A member removed from a roster, and why."""

    tag: ClassVar[str] = "left"
    member: str
    reason: str = ""


@attrs.frozen(kw_only=True)
class Member(Event):
    """An event that happened to one member of a roster."""

    tag: ClassVar[str] = "member"
    member: str
    event: Event


@attrs.frozen(kw_only=True)
class Step(Event):
    """Several events recorded as one entry (a post-match step): undone together."""

    tag: ClassVar[str] = "step"
    label: str
    events: tuple[Event, ...] = attrs.field(converter=as_tuple)


@attrs.frozen(kw_only=True)
class Operation:
    """What was asked of a sheet, with its inputs as typed fields: the unit of change, undo, verify and amend.

    The engine (:func:`progression.run`) executes an operation: it calls :meth:`run` with a
    :class:`~progression.Work` context, and records one :class:`Entry` holding the operation, every
    roll it made and the events it caused. ``tag`` names the class in saved files; a pack's
    operations carry the pack's name in theirs (``"bloodbowl.record_match"``).
    """

    tag: ClassVar[str] = "operation"

    @property
    def label(self) -> str:
        """A short description of what was asked, for histories (``"award 6 to spp"``)."""
        return self.tag

    def told(self, name: Callable[[str], str]) -> str:
        """:attr:`label` as people read it, the ids it holds given by ``name`` (``"buy Block"`` for ``"buy
        block"``). Only words: the ledger keeps :attr:`label`."""
        return self.label

    def run(self, work: Any) -> Operation | None:
        """Do what was asked through ``work``; raise a :class:`~progression.errors.ProgressionError` to refuse.

        Returns:
            None, or the operation as the ledger keeps it when a word given named an id (a decision typed
            ``DAUNTLESS`` kept as ``dauntless``): the entry holds what was done, as its events do.
        """
        msg = f"operation {type(self).__name__} does not say how it runs: it must define run(work)"
        raise NotImplementedError(msg)


@attrs.frozen(kw_only=True)
class Entry(Step):
    """One operation as the ledger keeps it: the operation, every die it rolled, the events it caused.

    An entry is a :class:`~progression.events.Step` of its events (its ``label`` is the operation's), so whatever reads a
    ledger's steps reads its entries. ``verify`` runs the operation again with the recorded rolls and
    compares the entry it gives with this one.
    """

    tag: ClassVar[str] = "entry"
    #: The entry's place in its ledger (the creation is 1), so that an entry deleted or moved is
    #: found where it was: ``verify`` compares it with where the entry stands.
    number: int
    operation: Operation
    #: Every roll made while the operation ran, in order (nested operations' rolls included).
    rolls: tuple[Rolled, ...] = attrs.field(default=(), converter=as_tuple)


#: Every event class, by its tag.
EVENT_TYPES: dict[str, type[Event]] = {
    cls.tag: cls
    for cls in (
        Created,
        Awarded,
        Lost,
        Purchased,
        Started,
        Rolled,
        Asked,
        Decided,
        Finished,
        Adjusted,
        Marked,
        Joined,
        Left,
        Member,
        Step,
        Entry,
    )
}
