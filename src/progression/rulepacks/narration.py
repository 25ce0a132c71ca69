"""One narrator: ledger entries told in sentences, for the command line and for a pack alike.

:class:`Narrator` tells the core's events (an award, a purchase, a roll, a member who joins) in
the words of a pack's names; a pack tells its own operations' events in its own words through
one hook, :attr:`RulePack.narration <progression.RulePack.narration>`: a function
``(narrator, event) -> str | None`` asked first for every event. It answers with the sentence,
``""`` for an event that is bookkeeping and not told, or None to leave the event to the core.
``progression sheet history``, what ``progression sheet do`` prints, and a pack's own story
(Blood Bowl's ``PostMatch.report``) all tell through it, so one entry reads the same everywhere.

Members of a roster are named from the sheets the narrator is told about (:meth:`Narrator.within`):
``Otto (2)`` rather than ``2``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Self

import attrs

from progression.errors import InvalidInput
from progression.ledger.events import (
    Adjusted,
    Asked,
    Awarded,
    Created,
    Decided,
    Entry,
    Event,
    Finished,
    Joined,
    Left,
    Lost,
    Marked,
    Member,
    Purchased,
    Rolled,
    Started,
    Step,
)
from progression.ledger.sheet import Sheet, creation
from progression.rules.parts import Effect, Override

if TYPE_CHECKING:
    from progression.rulepacks.rulepack import RulePack

__all__ = ["Narration", "Narrator", "names_in"]

#: A pack's hook: the sentence for an event, ``""`` to leave it untold, None to let the core tell it.
Narration = Callable[["Narrator", Event], "str | None"]


def names_in(*sheets: Sheet, events: Iterable[Event] = ()) -> dict[str, str]:
    """The name of every member the sheets hold, and of every member who joins in ``events`` (so that one who
    left since is still named): the sheets' members only, so naming costs nothing more on a long history."""
    names: dict[str, str] = {}
    for event in _walk(events):
        if isinstance(event, Joined) and event.ledger:
            first = creation(event.ledger[0])
            if first is not None and first.name:
                names[event.member] = first.name
    for sheet in sheets:
        names.update((member, sub.name) for member, sub in sheet.members.items() if sub.name)
    return names


def _walk(events: Iterable[Event]) -> Iterator[Event]:
    for event in events:
        yield event
        if isinstance(event, Step):
            yield from _walk(event.events)


class Narrator:
    """Words for a pack's ledger entries, in one language.

    Args:
        pack: the rules whose names (and whose :attr:`~progression.RulePack.narration`) are used.
        language: the language of the names (``"en"``, ``"fr"``), one the pack declares; by default its first
            (``[pack] languages``: English for the shipped packs).
        names: the members' names, by member id (see :meth:`within`).

    Amounts are written with thousands separators, in the currency's unit when it has one (``+50,000 gp``).
    """

    def __init__(self, pack: RulePack, language: str | None = None, *, names: Mapping[str, str] | None = None) -> None:
        self.pack = pack
        self.language = pack.languages[0] if language is None else language
        #: Members' names by id, to say ``Otto (2)``.
        self.names: Mapping[str, str] = dict(names or {})
        #: While a step is told, its events that come before the one being told (a pack's hook may read them:
        #: a roll made again says why); empty outside a step.
        self.earlier: tuple[Event, ...] = ()
        #: The sheet as it stood before the entries told, when a command tells what it just added (see
        #: :meth:`starting`); None otherwise. A pack's hook may read a balance from it to explain an event.
        self.before: Sheet | None = None

    def within(self, *sheets: Sheet, events: Iterable[Event] = ()) -> Self:
        """This narrator, naming the members of ``sheets`` and those who join in ``events`` (the entries to be
        told: a member who left since is named too)."""
        told = type(self).__new__(type(self))
        told.__dict__.update(self.__dict__)
        told.names = {**self.names, **names_in(*sheets, events=events)}
        return told

    def starting(self, before: Sheet) -> Self:
        """This narrator, telling the entries added to ``before`` (the first of them made on ``before`` as it
        stands): a pack's hook may say what an event of the first entry added did to a balance (a re-draft's
        budget and the treasury it topped up), which the event alone does not hold. The members of ``before`` are
        named too: one who leaves in the entries told (a player not re-hired) is ``Lineman 6 (11)``, not ``11``."""
        told = type(self).__new__(type(self))
        told.__dict__.update(self.__dict__)
        told.names = {**names_in(before), **self.names}
        told.before = before
        return told

    # -- words -----------------------------------------------------------------------

    def name(self, ident: str) -> str:
        """The displayed name of ``ident``."""
        return self.pack.name_of(ident, self.language)

    def who(self, member: str) -> str:
        """A member as a sentence names him: ``Otto (2)`` when his name is known, else his id."""
        name = self.names.get(member)
        return f"{name} ({member})" if name else member

    def unit(self, pool: str) -> str | None:
        """The unit amounts of ``pool`` are written in (its currency's, such as ``gp``), or None."""
        spec = self.pack.pools.get(pool)
        currency = self.pack.currencies.get(spec.currency) if spec is not None else None
        return currency.unit if currency is not None else None

    def written(self, stat: str, value: int) -> str:
        """A value of ``stat`` as the pack writes it (``3+``, ``50,000 gp``): its ``display``, else the number."""
        spec = self.pack.stats.get(stat)
        return str(value) if spec is None else spec.written(value)

    def amount(self, pool: str, amount: int) -> str:
        """``3 Experience``; ``60,000 gp`` when the pool's currency has a unit (``60,000 gp (Purse)`` when other
        pools hold that currency too)."""
        unit = self.unit(pool)
        if unit is None:
            return f"{amount:,} {self.name(pool)}"
        currency = self.pack.pools[pool].currency
        shared = sum(1 for other in self.pack.pools.values() if other.currency == currency) > 1
        return f"{amount:,} {unit}" + (f" ({self.name(pool)})" if shared else "")

    def price(self, price: Mapping[str, int]) -> str:
        """``3 Experience``, ``85,000 gp``, or ``20 from Fencing + 30 from Dance``."""
        paid = {pool: amount for pool, amount in price.items() if amount}
        if not paid:
            return "nothing"
        if len(paid) == 1:
            ((pool, amount),) = paid.items()
            return self.amount(pool, amount)
        return " + ".join(f"{amount:,} from {self.name(pool)}" for pool, amount in paid.items())

    def effect(self, effect: Effect) -> str:
        """``Level +1, gains Toughness`` — what an effect changes."""
        return ", ".join(self.changes(effect)) or "no change"

    def changes(self, effect: Effect) -> list[str]:
        """Each change an effect makes, in words: ``["Level +1", "gains Toughness"]``."""
        parts = [f"{self.name(stat)} {delta:+d}" for stat, delta in effect.stats.items() if delta]
        for item, count in effect.grants.items():
            times = "" if abs(count) == 1 else f" ×{abs(count)}"
            parts.append(f"{'gains' if count > 0 else 'loses'} {self.name(item)}{times}")
        parts.extend(f"{key} = {value}" for key, value in effect.tags.items())
        parts.extend(f"no longer {key}" for key in effect.untag)
        return parts

    def override(self, override: Override | None) -> str:
        """`` [GM override: reason; waived: ...]`` after a purchase made against the rules, else nothing."""
        if override is None:
            return ""
        return f" [GM override: {override.reason}; waived: {'; '.join(override.bypassed)}]"

    def choice(self, choice: str | None, upgrade: str | None = None) -> str:
        """`` (Block)`` after a purchase's name, or nothing; an option of ``upgrade`` is named as the upgrade names
        its options (:meth:`RulePack.option_name <progression.RulePack.option_name>`: ``(General)``)."""
        if choice is None:
            return ""
        if upgrade is not None and upgrade in self.pack.upgrades:
            return f" ({self.pack.option_name(upgrade, choice, self.language)})"
        return f" ({self.name(choice)})"

    # -- sentences -------------------------------------------------------------------

    def event(self, event: Event) -> str:
        """One sentence for a ledger entry or event (an entry of one event is told as that event)."""
        if isinstance(event, Entry) and len(event.events) == 1:
            event = event.events[0]
        said = self._pack_says(event)
        if said is not None:
            return said
        if isinstance(event, Step):
            told = [sentence for inner in event.events if (sentence := self.event(inner))]
            return f"{event.label}: " + "; ".join(told)
        if isinstance(event, Member):
            inner = self.event(event.event)
            return f"{self.who(event.member)}: {inner}" if inner else ""
        return self.core(event)

    def core(self, event: Event) -> str:
        """The core's sentence for one event (what :meth:`event` says when the pack leaves it to the core)."""
        match event:
            case Created():
                # What the subject starts with beyond the pack's defaults: pools at 0, stats at their initial value.
                stats = {
                    k: v for k, v in event.stats.items() if k not in self.pack.stats or v != self.pack.stats[k].initial
                }
                pools = [
                    self.amount(p, v) if self.unit(p) else f"{self.name(p)} {v}" for p, v in event.pools.items() if v
                ]
                owned = [self.name(i) if n == 1 else f"{self.name(i)} x{n}" for i, n in event.owned.items()]
                shown = ", ".join([*pools, *(f"{self.name(k)} {self.written(k, v)}" for k, v in stats.items()), *owned])
                named = f" {event.name!r}" if event.name else ""
                return f"created {self.name(event.kind)}{named}" + (f" with {shown}" if shown else "")
            case Awarded():
                return f"+{self.amount(event.pool, event.amount)}" + (f": {event.reason}" if event.reason else "")
            case Lost():
                return f"lost {self.amount(event.pool, event.amount)}" + (f": {event.reason}" if event.reason else "")
            case Purchased():
                changes = self.changes(event.effect)
                changed = f": {', '.join(changes)}" if changes else ""
                return (
                    f"bought {self.name(event.upgrade)}{self.choice(event.choice, event.upgrade)} for {self.price(event.price)}"
                    f"{changed}{self.override(event.override)}"
                )
            case Started():
                return (
                    f"started {self.name(event.upgrade)}{self.choice(event.choice, event.upgrade)}, paid {self.price(event.price)}"
                    f"{self.override(event.override)}"
                )
            case Rolled():
                dice = f"{len(event.results)}D{event.sides}"
                shown = ", ".join(str(r) for r in event.results)
                return f"rolled {dice}" + (f" for {event.label}" if event.label else "") + f": {shown}"
            case Asked():
                options = ", ".join(self.name(o) for o in event.options)
                return f"waits for a decision, {event.label}: {options}"
            case Decided():
                return f"chose {self.name(event.choice)} for {event.label}"
            case Finished():
                return f"finished: {self.effect(event.effect)}"
            case Adjusted():
                return f"adjusted: {self.effect(event.effect)} ({event.reason})"
            case Marked():
                return f"mark {event.label!r}"
            case Joined():
                first = creation(event.ledger[0]) if event.ledger else None
                who = self.core(first).removeprefix("created ") if first is not None else "a member"
                return f"{event.member} joined: {who}"
            case Left():
                return f"{self.who(event.member)} left" + (f": {event.reason}" if event.reason else "")
            case Member() | Step():
                return self.event(event)
        return event.tag  # pragma: no cover - every event type is matched above

    def outline(self, event: Event, indent: str = "") -> list[str]:
        """An entry as lines of text: a step's label, then each of its events indented under it (an event
        the pack leaves untold makes no line)."""
        if isinstance(event, Entry):
            event = self._told_entry(event)
        if isinstance(event, Entry) and len(event.events) == 1:
            return self.outline(event.events[0], indent)
        said = self._pack_says(event)
        if said is not None:
            return [indent + said] if said else []
        if isinstance(event, Step):
            lines = [f"{indent}{event.label}:"]
            for index, inner in enumerate(event.events):
                lines.extend(self._after(event.events[:index]).outline(inner, indent + "  "))
            return lines
        if isinstance(event, Member) and isinstance(event.event, Step):
            told = self.outline(event.event, indent)
            if len(told) == 2:  # a step of one event for a member: told as that event
                told = told[1:]
            if not told:
                return []
            first, *rest = told
            return [f"{indent}{self.who(event.member)}: {first.lstrip()}", *rest]
        sentence = self.event(event)
        return [indent + sentence] if sentence else []

    def _told_entry(self, entry: Entry) -> Entry:
        """``entry`` with its operation's label as people read it (``buy Block``, not ``buy block``), on the
        entry and on the step of its events that bears it; the ledger keeps the label it recorded."""
        operation = entry.operation
        if operation is None:
            return entry
        recorded, told = operation.label, operation.told(self.name)
        if told == recorded:
            return entry

        def relabel(event: Event) -> Event:
            if isinstance(event, Step) and event.label == recorded:
                return attrs.evolve(event, label=told)
            if isinstance(event, Member) and isinstance(event.event, Step) and event.event.label == recorded:
                return attrs.evolve(event, event=attrs.evolve(event.event, label=told))
            return event

        label = told if entry.label == recorded else entry.label
        return attrs.evolve(entry, label=label, events=tuple(relabel(e) for e in entry.events))

    def since(self, before: Sheet, after: Sheet) -> list[str]:
        """The entries ``after`` added to ``before``, each outlined."""
        added = after.ledger[len(before.ledger) :]
        told = self.within(before, after, events=added).starting(before)
        return [line for entry in added for line in told.outline(entry)]

    def _after(self, earlier: tuple[Event, ...]) -> Self:
        """This narrator, telling an event of a step that comes after ``earlier``."""
        told = type(self).__new__(type(self))
        told.__dict__.update(self.__dict__)
        told.earlier = earlier
        return told

    def _pack_says(self, event: Event) -> str | None:
        hook: Any = getattr(self.pack, "narration", None)
        if hook is None:
            return None
        said = hook(self, event)
        if said is not None and not isinstance(said, str):
            msg = f"pack {self.pack.name!r}: its narration returned {type(said).__name__} for a {event.tag!r} event, not a sentence"
            raise InvalidInput(msg)
        return said
