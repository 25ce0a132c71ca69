"""The core's operations: every change a sheet can undergo without a pack's own code.

Each is a frozen value naming what was asked, with its inputs as typed fields; the engine
(:func:`~progression.run`) executes it and records it in the one entry it appends. The
methods of :class:`~progression.RulePack` (``award``, ``purchase``, ...) build these and run
them; build them yourself to record, verify or amend a history by its operations.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

import attrs

import progression.engine.changes as changes
import progression.engine.purchases as purchases
from progression._frozen import as_tuple, freeze
from progression.engine.checks import check_sheet, check_text
from progression.engine.work import Work
from progression.errors import InvalidInput
from progression.ledger.events import Event, Joined, Operation
from progression.ledger.sheet import Sheet
from progression.rules.parts import Effect

__all__ = [
    "CORE_OPERATIONS",
    "Adjust",
    "Award",
    "Batch",
    "Create",
    "Decide",
    "Discard",
    "Join",
    "Leave",
    "Mark",
    "Purchase",
]


def _optional_map(value: Mapping[str, int] | None) -> Mapping[str, int] | None:
    return None if value is None else freeze(value)


@attrs.frozen(kw_only=True)
class Create(Operation):
    """A new sheet of ``kind``: every pool of the kind at 0, stats at their initial values, overridden."""

    tag: ClassVar[str] = "create"
    kind: str
    name: str = ""
    pools: Mapping[str, int] = attrs.field(factory=dict, converter=freeze)
    stats: Mapping[str, int] = attrs.field(factory=dict, converter=freeze)
    owned: Mapping[str, int] = attrs.field(factory=dict, converter=freeze)
    tags: Mapping[str, str] = attrs.field(factory=dict, converter=freeze)

    @property
    def label(self) -> str:
        return f"create {self.kind} {self.name}".rstrip()

    def run(self, work: Work) -> None:
        msg = (
            "a creation starts a sheet: run it with progression.operations.start_sheet(pack, operation), not on a sheet"
        )
        raise InvalidInput(msg)


@attrs.frozen(kw_only=True)
class Award(Operation):
    """Put ``amount`` points into ``pool``, applying its cap and overflow policy."""

    tag: ClassVar[str] = "award"
    pool: str
    amount: int
    reason: str
    member: str | None = None

    @property
    def label(self) -> str:
        return f"award {self.amount} to {self.pool}"

    def told(self, name: Callable[[str], str]) -> str:
        return f"award {self.amount} to {name(self.pool)}"

    def run(self, work: Work) -> None:
        changes.award(work, self.pool, self.amount, reason=self.reason, member=self.member)


@attrs.frozen(kw_only=True)
class Purchase(Operation):
    """Buy ``upgrade`` (with ``choice`` when it takes one), or refuse with every reason."""

    tag: ClassVar[str] = "purchase"
    upgrade: str
    choice: str | None = None
    #: How the price is split across pools (None: the engine splits it).
    pay: Mapping[str, int] | None = attrs.field(default=None, converter=_optional_map)
    member: str | None = None
    #: Decisions given up front to the upgrade's procedure, in order.
    decisions: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    #: A GM's written reason for waiving what ``bypass`` names.
    override: str | None = None
    bypass: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    #: Extra arguments for the upgrade's procedure.
    args: Mapping[str, str | int | bool] = attrs.field(factory=dict, converter=freeze)

    @property
    def label(self) -> str:
        return f"buy {self.upgrade}"

    def told(self, name: Callable[[str], str]) -> str:
        chosen = name(self.choice) if self.choice else None  # a choice with a displayed name; never a bare id
        return f"buy {name(self.upgrade)}" + (f" ({chosen})" if chosen and chosen != self.choice else "")

    def run(self, work: Work) -> Purchase | None:
        decided = purchases.purchase(
            work,
            self.upgrade,
            choice=self.choice,
            pay=self.pay,
            member=self.member,
            decisions=self.decisions,
            override=self.override,
            bypass=self.bypass,
            args=self.args or None,
        )
        # the ledger keeps the decisions as the ids the procedure took, as its Decided events hold them
        return attrs.evolve(self, decisions=decided) if decided != self.decisions else None


@attrs.frozen(kw_only=True)
class Decide(Operation):
    """Answer the question a paused procedure asked, and let it run on."""

    tag: ClassVar[str] = "decide"
    choice: str
    member: str | None = None

    @property
    def label(self) -> str:
        return f"decide {self.choice}"

    def told(self, name: Callable[[str], str]) -> str:
        return f"decide {name(self.choice)}"

    def run(self, work: Work) -> Decide | None:
        decided = purchases.decide(work, self.choice, member=self.member)
        return attrs.evolve(self, choice=decided) if decided != self.choice else None  # kept as the option's id


@attrs.frozen(kw_only=True)
class Discard(Operation):
    """Lose the surplus a pool holds over its cap (the ``settle`` policy's way out)."""

    tag: ClassVar[str] = "discard"
    pool: str
    reason: str = "surplus discarded"
    member: str | None = None

    @property
    def label(self) -> str:
        return f"discard {self.pool}"

    def told(self, name: Callable[[str], str]) -> str:
        return f"discard {name(self.pool)}"

    def run(self, work: Work) -> None:
        changes.discard(work, self.pool, reason=self.reason, member=self.member)


@attrs.frozen(kw_only=True)
class Adjust(Operation):
    """Apply an effect that is not a purchase (an injury, a status, a correction), with its reason."""

    tag: ClassVar[str] = "adjust"
    effect: Effect
    reason: str
    member: str | None = None

    @property
    def label(self) -> str:
        return "adjust"

    def run(self, work: Work) -> None:
        changes.adjust(work, self.effect, reason=self.reason, member=self.member)


@attrs.frozen(kw_only=True)
class Mark(Operation):
    """A milestone in the history ("match 3"), to look back to with ``sheet.as_of(label)``."""

    tag: ClassVar[str] = "mark"
    #: The milestone's name.
    name: str

    @property
    def label(self) -> str:
        return f"mark {self.name}"

    def run(self, work: Work) -> None:
        work.mark(self.name)


@attrs.frozen(kw_only=True)
class Join(Operation):
    """Add a member, a sheet with its own ledger, to a roster."""

    tag: ClassVar[str] = "join"
    member: str
    #: The member's whole ledger, as its sheet holds it.
    ledger: tuple[Event, ...] = attrs.field(converter=as_tuple)

    @property
    def label(self) -> str:
        return f"join {self.member}"

    def run(self, work: Work) -> None:
        roster = work.sheet
        check_text(self.member, "member id", "join")
        if self.member in roster.members:
            msg = f"roster {roster.name!r} already has a member {self.member!r}; a member joins under an id none holds"
            raise InvalidInput(msg)
        work._record([Joined(member=self.member, ledger=self.ledger)])


@attrs.frozen(kw_only=True)
class Leave(Operation):
    """Remove a member from a roster, with the reason."""

    tag: ClassVar[str] = "leave"
    member: str
    reason: str

    @property
    def label(self) -> str:
        return f"{self.member} leaves"

    def run(self, work: Work) -> None:
        changes.leave(work, self.member, self.reason)


@attrs.frozen(kw_only=True)
class Batch(Operation):
    """Several operations recorded as one entry (a post-match sequence), undone together."""

    tag: ClassVar[str] = "batch"
    #: What the operations make together ("post-match sequence of match 3").
    title: str
    operations: tuple[Operation, ...] = attrs.field(converter=as_tuple)

    @property
    def label(self) -> str:
        return self.title

    def run(self, work: Work) -> None:
        check_text(self.title, "label", "a batch of operations")
        for operation in self.operations:
            work.run(operation)


#: The core's operations, by tag.
CORE_OPERATIONS: Mapping[str, type[Operation]] = freeze(
    {cls.tag: cls for cls in (Create, Award, Purchase, Decide, Discard, Adjust, Mark, Join, Leave, Batch)}
)


def check_member_sheet(member: object, member_id: str) -> Sheet:
    """A member given to join: a sheet (its ledger joins with it)."""
    return check_sheet(member, f"the sheet of member {member_id!r} to join")
