"""What a ledger read from a file must satisfy, whatever the pack: the engine never writes otherwise.

A saved sheet is only its ledger, so a hand-edited file could claim a negative award, pay from a
pool the sheet does not have, or spend more than a pool holds. The fold would accept such events
(it trusts what the engine made); :func:`ledger_problems` refuses them when a file is read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from progression.engine.checks import sheet_called
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


# Each walker appends ``(path, reason)`` to ``found`` and writes a sentence, or even the path, only for a problem:
# they run on every event of every file read, where a path written for each event (``$.ledger[12].entry``) cost
# about as much as the checks themselves. An event is ``parent[index]`` with a ``suffix`` (``.entry``); its path is
# written from them when it has a problem, or holds events of its own.


def _event_problems(
    event: Event, pools: Mapping[str, object], parent: str, index: int, suffix: str, found: list[tuple[str, str]]
) -> None:
    if type(event) is Awarded or type(event) is Lost:
        if event.pool not in pools or event.amount <= 0:
            _points_problems(event, pools, f"{parent}[{index}]{suffix}", found)
    elif type(event) is Purchased or type(event) is Started:
        for pool, amount in event.price.items():
            if pool not in pools:
                path = f"{parent}[{index}]{suffix}.price"
                found.append((path, f"a price paid from pool {pool!r}, which the sheet does not have"))
            elif amount < 0:
                found.append((f"{parent}[{index}]{suffix}.price.{pool}", f"a price must be >= 0, got {amount}"))
    elif type(event) is Rolled:
        _roll_problems(event, parent, index, suffix, found)
    elif type(event) is Step or type(event) is Entry:
        where = f"{parent}[{index}]{suffix}"
        _entry_roll_problems(event, where, found)
        inner = f"{where}.events"
        for position, child in enumerate(event.events):
            _event_problems(child, pools, inner, position, "", found)


def _points_problems(
    event: Awarded | Lost, pools: Mapping[str, object], path: str, found: list[tuple[str, str]]
) -> None:
    if event.pool not in pools:
        have = ", ".join(pools) or "none"
        found.append((path, f"{event.tag} points for pool {event.pool!r}, which the sheet does not have ({have})"))
    if event.amount <= 0:
        what = "an awarded amount" if event.tag == "awarded" else "a lost amount"
        found.append((f"{path}.amount", f"{what} must be a positive number of points, got {event.amount}"))


def _entry_roll_problems(step: Step, path: str, found: list[tuple[str, str]]) -> None:
    if type(step) is Entry:
        for index, roll in enumerate(step.rolls):
            _roll_problems(roll, f"{path}.rolls", index, "", found)


def _roll_problems(roll: Rolled, parent: str, index: int, suffix: str, found: list[tuple[str, str]]) -> None:
    sides, results = roll.sides, roll.results
    if sides >= 2 and results and min(results) >= 1 and max(results) <= sides:
        return
    path = f"{parent}[{index}]{suffix}"
    if sides < 2:
        found.append((f"{path}.sides", f"a die has at least 2 sides, got {sides}"))
    elif not results:
        found.append((f"{path}.results", "a roll shows at least one die, got none"))
    for position, result in enumerate(results):
        if not 1 <= result <= sides:
            found.append((f"{path}.results[{position}]", f"a D{sides} shows 1 to {sides}, got {result}"))


def _roster_problems(events: Sequence[Event], path: str, found: list[tuple[str, str]]) -> None:
    first = creation(events[0])
    pools = first.pools if first is not None else {}
    members: dict[str, Mapping[str, object]] = {}
    for index in range(1, len(events)):
        _nested_problems(events[index], pools, members, path, index, found)


def _nested_problems(
    event: Event,
    pools: Mapping[str, object],
    members: dict[str, Mapping[str, object]],
    parent: str,
    index: int,
    found: list[tuple[str, str]],
) -> None:
    if type(event) is Member:
        member = members.get(event.member)
        if member is not None:
            _event_problems(event.event, member, parent, index, ".entry", found)
    elif type(event) is Step or type(event) is Entry:
        where = f"{parent}[{index}]"
        _entry_roll_problems(event, where, found)
        inner = f"{where}.events"
        for position, child in enumerate(event.events):
            _nested_problems(child, pools, members, inner, position, found)
    elif type(event) is Joined:
        _roster_problems(event.ledger, f"{parent}[{index}].ledger", found)
        first = creation(event.ledger[0])
        members[event.member] = first.pools if first is not None else {}
    else:
        _event_problems(event, pools, parent, index, "", found)


def _negative_balances(sheet: Sheet, path: str) -> Iterable[tuple[str, str]]:
    for pool, balance in sheet.pools.items():
        if balance < 0:
            yield (
                path,
                f"pool {pool!r} of {sheet_called(sheet, bare=True)} ends at {balance}; no operation spends more than a pool holds",
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
    stack: list[tuple[Sequence[Event | Operation], int]] = [(events, 1)]
    while stack:
        nodes, depth = stack.pop()
        if depth > DEEPEST:
            return _deepest_path(events), f"events nest at most {DEEPEST} deep; this one is deeper"
        for node in nodes:
            inner = _children(node)
            if inner:
                stack.append((inner, depth + 1))
    return None


def _children(node: Event | Operation) -> Sequence[Event | Operation]:
    """What an event or an operation holds that can nest (:func:`_inner` without the keys)."""
    if type(node) is Entry:
        return (*node.events, node.operation)
    if type(node) is Step:
        return node.events
    if type(node) is Member:
        return (node.event,)
    if type(node) is Joined or isinstance(node, Join):
        return node.ledger
    if isinstance(node, Batch):
        return node.operations
    return ()


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
