"""The ledger's entries and events: one :class:`~progression.Entry` per operation, holding the
:class:`~progression.Operation`, its rolls and the events it made, each event carrying what it did
as data.

A sheet is the fold of these events (:func:`progression.replay`); a pack's rule code never builds
one, the engine does, from what the rule code asked of its :class:`~progression.Work`.
"""

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
    Operation,
    Purchased,
    Rolled,
    Started,
    Step,
)

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
