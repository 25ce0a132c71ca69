"""One value of a saved history edited, as a hand-edited file would be: for the properties of ``verify``."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

import progression
import progression.files
from progression import Entry, RulePack, Sheet
from progression.errors import SheetError

__all__ = ["assert_found"]


def _edit(value: Any) -> Any:
    """A number one more, a text changed, a truth flipped."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    return value + "x"


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every number, text and truth value under ``data``, but the tags naming events and operations."""
    if isinstance(data, dict):
        return [
            leaf for key, value in data.items() if key not in ("event", "op") for leaf in _leaves(value, (*path, key))
        ]
    if isinstance(data, list):
        return [leaf for index, value in enumerate(data) for leaf in _leaves(value, (*path, index))]
    return [path] if isinstance(data, bool | int | str) else []


def assert_found(sheet: Sheet, pack: RulePack, data: st.DataObject) -> None:
    """Edit one value, drawn from ``data``, of one entry of ``sheet``'s file: the file is refused, or ``verify``
    reports that entry first, or the edit changed nothing the rules produce (verify is ok, every entry's events
    and rolls as they were)."""
    saved = progression.files.unstructure_sheet(sheet)
    position = data.draw(st.integers(0, len(saved["ledger"]) - 1), label="entry")
    leaves = _leaves(saved["ledger"][position])
    if not leaves:
        return
    path = data.draw(st.sampled_from(leaves), label="value")
    holder = saved["ledger"][position]
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = _edit(holder[path[-1]])
    try:
        changed = progression.files.structure_sheet(saved, "edited.json", pack=pack)
    except SheetError:
        return
    report = progression.verify(changed, pack)
    if report.ok:  # what was asked changed, and nothing the rules produce (a flag the history never needed)
        assert _outcomes(sheet) == _outcomes(changed)
        return
    assert position + 1 == report.divergences[0].position


def _outcomes(sheet: Sheet) -> list[object]:
    """What the rules produced: every entry's events and rolls, without the operations that asked for them."""
    return [(e.number, e.events, e.rolls) if isinstance(e, Entry) else e for e in sheet.ledger]
