"""The core's operations, the values every change to a sheet is made of, and the functions of the engine
beside :func:`progression.run`: :func:`create` (a new sheet), :func:`execute` (an operation run without
appending its entry) and :func:`combine` (many operations as one entry).

Build one and run it with :func:`progression.run` (or let a pack's methods build them: ``pack.award``
runs an :class:`Award`). A pack declares its own operations as subclasses of
:class:`~progression.Operation` in :attr:`RulePack.operations <progression.RulePack.operations>`.
"""

from progression.engine.operations import (
    Adjust,
    Award,
    Batch,
    Create,
    Decide,
    Discard,
    Join,
    Leave,
    Mark,
    Purchase,
)
from progression.engine.run import create, execute
from progression.engine.steps import combine

__all__ = [
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
    "combine",
    "create",
    "execute",
]
