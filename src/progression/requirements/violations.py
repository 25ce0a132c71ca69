"""Why an operation is refused: a :class:`Violation` names the kind of rule broken and says it in a sentence.

Its key is also what a GM's override names to waive it: requirements, gates and limits may be
waived with a written reason; the sheet's state, the buyer's kind, a choice, the paying pools,
the points and a stat's bound (``bound``: :attr:`~progression.authoring.StatSpec.bound`, which is
no rule) never are.
"""

from __future__ import annotations

import attrs

__all__ = ["UNWAIVABLE", "WAIVABLE", "Violation"]

#: Violation keys a GM override can never waive.
UNWAIVABLE = frozenset({"state", "kind", "choice", "pools", "points", "bound"})
#: Violation keys a GM override may waive (``gate`` waives every ladder's gate, ``gate:<ladder>`` one).
WAIVABLE = frozenset({"requires", "limit", "gate"})


@attrs.frozen
class Violation:
    """One reason a purchase is refused: a key (what kind of rule) and a sentence."""

    key: str
    sentence: str
