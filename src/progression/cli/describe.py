"""Sentences and plain data for the command line: what a ledger entry did, what a sheet holds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from progression.engine.quotes import Quote
from progression.files.sheets import converter
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
from progression.ledger.fold import creation
from progression.ledger.sheet import Sheet
from progression.rulepacks.rulepack import RulePack
from progression.rules.parts import Effect, Override

__all__ = ["Describer", "quote_data"]


class Describer:
    """Words for a pack's ids, in one language."""

    def __init__(self, pack: RulePack, language: str = "en") -> None:
        self.pack = pack
        self.language = language

    def name(self, ident: str) -> str:
        """The displayed name of ``ident``."""
        return self.pack.name_of(ident, self.language)

    def price(self, price: Mapping[str, int]) -> str:
        """``3 Experience`` or ``20 from Fencing + 30 from Dance``."""
        paid = {pool: amount for pool, amount in price.items() if amount}
        if not paid:
            return "nothing"
        if len(paid) == 1:
            ((pool, amount),) = paid.items()
            return f"{amount} {self.name(pool)}"
        return " + ".join(f"{amount} from {self.name(pool)}" for pool, amount in paid.items())

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
        if override is None:
            return ""
        return f" [GM override: {override.reason}; waived: {'; '.join(override.bypassed)}]"

    def choice(self, choice: str | None) -> str:
        return "" if choice is None else f" ({self.name(choice)})"

    def event(self, event: Event) -> str:
        """One sentence for a ledger entry (an entry of one event is told as that event)."""
        if isinstance(event, Entry) and len(event.events) == 1:
            event = event.events[0]
        match event:
            case Created():
                # What the subject starts with beyond the pack's defaults: pools at 0, stats at their initial value.
                stats = {
                    k: v for k, v in event.stats.items() if k not in self.pack.stats or v != self.pack.stats[k].initial
                }
                start = {**{p: v for p, v in event.pools.items() if v}, **stats}
                shown = ", ".join(f"{self.name(k)} {v}" for k, v in start.items())
                named = f" {event.name!r}" if event.name else ""
                return f"created {self.name(event.kind)}{named}" + (f" with {shown}" if shown else "")
            case Awarded():
                return f"+{event.amount} {self.name(event.pool)}" + (f": {event.reason}" if event.reason else "")
            case Lost():
                return f"lost {event.amount} {self.name(event.pool)}" + (f": {event.reason}" if event.reason else "")
            case Purchased():
                changes = self.changes(event.effect)
                changed = f": {', '.join(changes)}" if changes else ""
                return (
                    f"bought {self.name(event.upgrade)}{self.choice(event.choice)} for {self.price(event.price)}"
                    f"{changed}{self.override(event.override)}"
                )
            case Started():
                return (
                    f"started {self.name(event.upgrade)}{self.choice(event.choice)}, paid {self.price(event.price)}"
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
                who = self.event(first).removeprefix("created ") if first is not None else "a member"
                return f"{event.member} joined: {who}"
            case Left():
                return f"{event.member} left" + (f": {event.reason}" if event.reason else "")
            case Member():
                return f"{event.member}: {self.event(event.event)}"
            case Step():
                return f"{event.label}: " + "; ".join(self.event(inner) for inner in event.events)
        return event.tag  # pragma: no cover - every event type is matched above

    def outline(self, event: Event, indent: str = "") -> list[str]:
        """An entry as lines of text: a step's label, then each of its events indented under it."""
        if isinstance(event, Entry) and len(event.events) == 1:
            return self.outline(event.events[0], indent)
        if isinstance(event, Step):
            lines = [f"{indent}{event.label}:"]
            for inner in event.events:
                lines.extend(self.outline(inner, indent + "  "))
            return lines
        if isinstance(event, Member) and isinstance(event.event, Step):
            first, *rest = self.outline(event.event, indent)
            return [f"{indent}{event.member}: {first.lstrip()}", *rest]
        return [indent + self.event(event)]

    def entry(self, index: int, event: Event) -> dict[str, Any]:
        """A ledger entry as JSON data: its position, its sentence and the entry as saved (operation and events)."""
        return {"index": index, "text": self.event(event), "event": converter.unstructure(event, Event)}

    def bands(self, sheet: Sheet) -> dict[str, dict[str, Any]]:
        """The band of every ladder whose axis the sheet has."""
        found = {}
        for ladder in self.pack.ladders.values():
            if ladder.axis not in sheet.stats and ladder.axis not in sheet.pools:
                continue
            value = sheet.quantity(ladder.axis)
            band = next((b for b in ladder.bands if b.contains(value)), None)
            found[ladder.id] = {
                "ladder": ladder.label.in_language(self.language),
                "axis": ladder.axis,
                "value": value,
                "band": None if band is None else band.id,
                "label": "" if band is None else band.label.in_language(self.language),
                "complete": band is not None and ladder.completes(value),
            }
        return found

    def sheet(self, sheet: Sheet) -> dict[str, Any]:
        """Everything a sheet holds, as JSON data."""
        pack = self.pack
        pending = sheet.pending
        return {
            "name": sheet.name,
            "kind": sheet.kind,
            "pack": sheet.pack,
            "pools": {
                pool: {"label": self.name(pool), "balance": balance, "cap": pack.cap(sheet, pool)}
                for pool, balance in sheet.pools.items()
            },
            "stats": {stat: {"label": self.name(stat), "value": value} for stat, value in sheet.stats.items()},
            "owned": {item: {"label": self.name(item), "count": count} for item, count in sheet.owned.items()},
            "tags": dict(sheet.tags),
            "bands": self.bands(sheet),
            "surplus": dict(pack.surplus(sheet)),
            "pending": None
            if pending is None
            else {
                "upgrade": pending.upgrade,
                "choice": pending.choice,
                "question": None if pending.question is None else pending.question[0],
                "options": [] if pending.question is None else list(pending.question[1]),
            },
            "members": {
                member_id: {"name": member.name, "kind": member.kind} for member_id, member in sheet.members.items()
            },
            "entries": len(sheet.ledger),
        }


def quote_data(quote: Quote) -> dict[str, Any]:
    """A quote as JSON data."""
    return {
        "upgrade": quote.upgrade,
        "label": quote.label,
        "choice": quote.choice,
        "price": quote.price,
        "currency": quote.currency,
        "split": dict(quote.split),
        "available": quote.available,
        "ok": quote.ok,
        "unmet": [{"key": v.key, "text": v.sentence} for v in quote.violations],
    }
