"""What a ledger read from a file must satisfy, whatever the pack: the engine never writes otherwise.

A saved sheet is only its ledger, so a hand-edited file could claim a negative award, pay from a
pool the sheet does not have, or spend more than a pool holds. The fold would accept such events
(it trusts what the engine made); :func:`ledger_problems` refuses them when a file is read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from progression.engine.operations import Batch, Join
from progression.ledger.events import (
    Awarded,
    Entry,
    Event,
    Joined,
    Lost,
    Member,
    Operation,
    Purchased,
    Rolled,
    Started,
    Step,
)
from progression.ledger.sheet import Sheet, creation

__all__ = ["DEEPEST", "ledger_problems", "nesting_problem"]

#: How deep events may nest in a saved ledger (a step in an entry in a member's ledger...): a
#: league's deepest is about 6; past this a file is refused, so that whatever loads can be saved.
DEEPEST = 32


# Each walker appends ``(path, reason)`` to ``found`` rather than yielding it, and writes a sentence only for a
# problem: they run on every event of every file read, where a generator made (or a sentence written) for each
# event cost more than the checks themselves.


def _event_problems(event: Event, pools: Mapping[str, object], path: str, found: list[tuple[str, str]]) -> None:
    if isinstance(event, Awarded | Lost):
        if event.pool not in pools:
            have = ", ".join(pools) or "none"
            found.append((path, f"{event.tag} points for pool {event.pool!r}, which the sheet does not have ({have})"))
        if event.amount <= 0:
            what = "an awarded amount" if event.tag == "awarded" else "a lost amount"
            found.append((f"{path}.amount", f"{what} must be a positive number of points, got {event.amount}"))
    elif isinstance(event, Purchased | Started):
        for pool, amount in event.price.items():
            if pool not in pools:
                found.append((f"{path}.price", f"a price paid from pool {pool!r}, which the sheet does not have"))
            elif amount < 0:
                found.append((f"{path}.price.{pool}", f"a price must be >= 0, got {amount}"))
    elif isinstance(event, Rolled):
        _roll_problems(event, path, found)
    elif isinstance(event, Step):
        _entry_roll_problems(event, path, found)
        for index, inner in enumerate(event.events):
            _event_problems(inner, pools, f"{path}.events[{index}]", found)


def _entry_roll_problems(step: Step, path: str, found: list[tuple[str, str]]) -> None:
    if isinstance(step, Entry):
        for index, roll in enumerate(step.rolls):
            _roll_problems(roll, f"{path}.rolls[{index}]", found)


def _roll_problems(roll: Rolled, path: str, found: list[tuple[str, str]]) -> None:
    if roll.sides < 2:
        found.append((f"{path}.sides", f"a die has at least 2 sides, got {roll.sides}"))
    elif not roll.results:
        found.append((f"{path}.results", "a roll shows at least one die, got none"))
    for index, result in enumerate(roll.results):
        if not 1 <= result <= roll.sides:
            found.append((f"{path}.results[{index}]", f"a D{roll.sides} shows 1 to {roll.sides}, got {result}"))


def _roster_problems(events: Sequence[Event], path: str, found: list[tuple[str, str]]) -> None:
    first = creation(events[0])
    pools = first.pools if first is not None else {}
    members: dict[str, Mapping[str, object]] = {}
    for index, event in enumerate(events[1:], start=1):
        _nested_problems(event, pools, members, f"{path}[{index}]", found)


def _nested_problems(
    event: Event,
    pools: Mapping[str, object],
    members: dict[str, Mapping[str, object]],
    where: str,
    found: list[tuple[str, str]],
) -> None:
    if isinstance(event, Joined):
        _roster_problems(event.ledger, f"{where}.ledger", found)
        first = creation(event.ledger[0])
        members[event.member] = first.pools if first is not None else {}
    elif isinstance(event, Member) and event.member in members:
        _event_problems(event.event, members[event.member], f"{where}.entry", found)
    elif isinstance(event, Step):
        _entry_roll_problems(event, where, found)
        for index, inner in enumerate(event.events):
            _nested_problems(inner, pools, members, f"{where}.events[{index}]", found)
    else:
        _event_problems(event, pools, where, found)


def _negative_balances(sheet: Sheet, path: str) -> Iterable[tuple[str, str]]:
    for pool, balance in sheet.pools.items():
        if balance < 0:
            yield (
                path,
                f"pool {pool!r} of {sheet.name or sheet.kind!r} ends at {balance}; no operation spends more than a pool holds",
            )
    for member_id, member in sheet.members.items():
        yield from _negative_balances(member, f"{path} (member {member_id!r})")


def ledger_problems(sheet: Sheet) -> list[tuple[str, str]]:
    """``(path, reason)`` for each event no operation of the engine could have written."""
    problems: list[tuple[str, str]] = []
    _roster_problems(sheet.ledger, "$.ledger", problems)
    if not problems:
        problems.extend(_negative_balances(sheet, "$.ledger"))
    return problems


def nesting_problem(events: Sequence[Event]) -> tuple[str, str] | None:
    """``(path, reason)`` of the first event nested deeper than :data:`DEEPEST`, or None.

    Walked without recursion, so that no depth of nesting can exhaust the stack here, and without
    naming where each node is (it runs on every file read): only a file that is too deep is walked
    again to say where.
    """
    stack: list[tuple[Event | Operation, int]] = [(event, 1) for event in events]
    while stack:
        node, depth = stack.pop()
        if depth > DEEPEST:
            return _deepest_path(events), f"events nest at most {DEEPEST} deep; this one is deeper"
        inner = _inner(node)
        if inner:
            stack.extend([(child, depth + 1) for _, child in inner])
    return None


def _deepest_path(events: Sequence[Event]) -> str:
    """Where the first node past :data:`DEEPEST` is, in the same order :func:`nesting_problem` walks."""
    stack: list[tuple[Event | Operation, int, str]] = [(e, 1, f"$.ledger[{i}]") for i, e in enumerate(events)]
    while stack:
        node, depth, path = stack.pop()
        if depth > DEEPEST:
            return path
        stack.extend([(child, depth + 1, f"{path}.{where}") for where, child in _inner(node)])
    return "$.ledger"


def _inner(node: Event | Operation) -> list[tuple[str, Event | Operation]]:
    """What an event or an operation holds that can nest, each with its key as a file saves it."""
    if isinstance(node, Step):
        found: list[tuple[str, Event | Operation]] = [(f"events[{i}]", e) for i, e in enumerate(node.events)]
        if isinstance(node, Entry):
            found.append(("operation", node.operation))
        return found
    if isinstance(node, Member):
        return [("entry", node.event)]
    if isinstance(node, Joined | Join):
        return [(f"ledger[{i}]", e) for i, e in enumerate(node.ledger)]
    if isinstance(node, Batch):
        return [(f"operations[{i}]", o) for i, o in enumerate(node.operations)]
    return []
