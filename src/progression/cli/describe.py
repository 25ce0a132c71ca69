"""Sentences and plain data for the command line: what a ledger entry did (told by the one
:class:`~progression.authoring.Narrator`), what a sheet holds."""

from __future__ import annotations

from typing import Any

from progression import Quote
from progression.authoring import Narrator
from progression.events import Event
from progression.files import converter
from progression.ledger import Sheet

__all__ = ["Describer", "quote_data"]


class Describer(Narrator):
    """Words for a pack's ids, in one language: the :class:`~progression.authoring.Narrator`'s sentences, and plain data
    for the command line's ``--json`` (an entry, a sheet, its bands)."""

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
                pool: {
                    "label": self.name(pool),
                    "balance": balance,
                    "cap": pack.cap(sheet, pool),
                    "unit": self.unit(pool),
                }
                for pool, balance in sheet.pools.items()
            },
            "stats": {
                stat: {"label": self.name(stat), "value": value, "shown": self.written(stat, value)}
                for stat, value in sheet.stats.items()
            },
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
