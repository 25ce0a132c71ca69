"""Target 2: ``progression.replay`` of a long ledger, against a hand-written fold over plain dicts."""

from __future__ import annotations

from typing import Any

from timing import Row, human, seconds

import progression
import progression.files
from progression import Effect
from progression.events import Awarded, Created, Event, Marked, Purchased

SKILLS = ("block", "dodge", "guard", "tackle", "wrestle", "sure-hands", "pro", "kick")


def ledger(size: int) -> tuple[Event, ...]:
    """A player's history: awards, purchases and match marks, ``size`` events in all."""
    events: list[Event] = [Created(pack="bench", kind="player", name="Grim", pools={"spp": 0}, stats={"advances": 0})]
    n = 0
    while len(events) < size:
        n += 1
        events.append(Awarded(pool="spp", amount=3, reason="touchdown"))
        events.append(Awarded(pool="spp", amount=2, reason="casualty"))
        effect = Effect(stats={"advances": 1, "value": 20}, grants={SKILLS[n % len(SKILLS)]: 1})
        events.append(Purchased(upgrade="random_primary", price={"spp": 4}, effect=effect))
        events.append(Marked(label=f"match {n}"))
    return tuple(events[:size])


def fold(data: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    """The floor: the same arithmetic on plain dicts, dispatching on each event's tag."""
    created = data[0]
    pools, stats, owned = dict(created["pools"]), dict(created["stats"]), dict(created["owned"])
    bought: dict[str, int] = {}
    for event in data[1:]:
        tag = event["event"]
        if tag == "awarded":
            pools[event["pool"]] = pools.get(event["pool"], 0) + event["amount"]
        elif tag == "purchased":
            for pool, amount in event["price"].items():
                pools[pool] = pools.get(pool, 0) - amount
            effect = event["effect"]
            for key, delta in effect["stats"].items():
                stats[key] = stats.get(key, 0) + delta
            for key, delta in effect["grants"].items():
                owned[key] = owned.get(key, 0) + delta
            bought[event["upgrade"]] = bought.get(event["upgrade"], 0) + 1
    return {"pools": pools, "stats": stats, "owned": owned, "bought": bought}


def run(size: int = 100_000) -> list[Row]:
    """One row: replay against the plain fold of the same events, as plain data."""
    events = ledger(size)
    data = progression.files.unstructure_sheet(progression.replay(events[:1]))["ledger"]
    data += [progression.files.converter.unstructure(event, Event) for event in events[1:]]
    sheet, floor = progression.replay(events), fold(data)
    mine = {"pools": dict(sheet.pools), "stats": dict(sheet.stats), "owned": dict(sheet.owned)}
    if mine | {"bought": dict(sheet.bought)} != floor:
        msg = f"replay and the plain fold disagree: {mine} != {floor}"
        raise AssertionError(msg)
    measured = seconds(lambda: progression.replay(events), repeat=5)
    baseline = seconds(lambda: fold(data), repeat=5)
    note = f"{human(measured)} vs {human(baseline)} for {size:,} events ({human(measured / size)}/event)"
    return [Row(f"replay of {size:,} events / plain-dict fold", measured, baseline, 3, note=note)]
