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


def _amount_problem(value: int, what: str) -> str | None:
    if value <= 0:
        return f"{what} must be a positive number of points, got {value}"
    return None


def _event_problems(event: Event, pools: Mapping[str, object], path: str) -> Iterable[tuple[str, str]]:
    if isinstance(event, Awarded | Lost):
        if event.pool not in pools:
            yield (
                path,
                f"{event.tag} points for pool {event.pool!r}, which the sheet does not have ({', '.join(pools) or 'none'})",
            )
        problem = _amount_problem(event.amount, f"an {event.tag} amount" if event.tag == "awarded" else "a lost amount")
        if problem:
            yield f"{path}.amount", problem
    elif isinstance(event, Purchased | Started):
        for pool, amount in event.price.items():
            if pool not in pools:
                yield f"{path}.price", f"a price paid from pool {pool!r}, which the sheet does not have"
            elif amount < 0:
                yield f"{path}.price.{pool}", f"a price must be >= 0, got {amount}"
    elif isinstance(event, Rolled):
        yield from _roll_problems(event, path)
    elif isinstance(event, Step):
        yield from _entry_roll_problems(event, path)
        for index, inner in enumerate(event.events):
            yield from _event_problems(inner, pools, f"{path}.events[{index}]")


def _entry_roll_problems(step: Step, path: str) -> Iterable[tuple[str, str]]:
    if isinstance(step, Entry):
        for index, roll in enumerate(step.rolls):
            yield from _roll_problems(roll, f"{path}.rolls[{index}]")


def _roll_problems(roll: Rolled, path: str) -> Iterable[tuple[str, str]]:
    if roll.sides < 2:
        yield f"{path}.sides", f"a die has at least 2 sides, got {roll.sides}"
    elif not roll.results:
        yield f"{path}.results", "a roll shows at least one die, got none"
    for index, result in enumerate(roll.results):
        if not 1 <= result <= roll.sides:
            yield f"{path}.results[{index}]", f"a D{roll.sides} shows 1 to {roll.sides}, got {result}"


def _roster_problems(events: Sequence[Event], path: str) -> Iterable[tuple[str, str]]:
    first = creation(events[0])
    pools = first.pools if first is not None else {}
    members: dict[str, Mapping[str, object]] = {}
    for index, event in enumerate(events[1:], start=1):
        where = f"{path}[{index}]"
        yield from _nested_problems(event, pools, members, where)


def _nested_problems(
    event: Event, pools: Mapping[str, object], members: dict[str, Mapping[str, object]], where: str
) -> Iterable[tuple[str, str]]:
    if isinstance(event, Joined):
        yield from _roster_problems(event.ledger, f"{where}.ledger")
        first = creation(event.ledger[0])
        members[event.member] = first.pools if first is not None else {}
    elif isinstance(event, Member) and event.member in members:
        yield from _event_problems(event.event, members[event.member], f"{where}.entry")
    elif isinstance(event, Step):
        yield from _entry_roll_problems(event, where)
        for index, inner in enumerate(event.events):
            yield from _nested_problems(inner, pools, members, f"{where}.events[{index}]")
    else:
        yield from _event_problems(event, pools, where)


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
    problems = list(_roster_problems(sheet.ledger, "$.ledger"))
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
