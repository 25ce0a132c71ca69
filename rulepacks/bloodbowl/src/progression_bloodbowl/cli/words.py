"""The pack's things as a person types them on the command line: a roster, a position, a member of staff, an
injury, a match event, a skill, each by its id or by its displayed name in any of the pack's languages, in any
case (``Trois-quarts humain`` for ``human_lineman``, ``Team Re-roll``, ``Commotion`` for ``badly_hurt``).

The command line reads them as the Python API does, through the same functions: the pack's own
(:mod:`progression_bloodbowl.data.words`, and each facet's for its own things), gathered here for the commands.
"""

from __future__ import annotations

from ..data.words import named, position_named, roster_named, skill_named
from ..match.record import event_named, record_named
from ..players.injuries import injury_named
from ..team.roster import staff_named

__all__ = [
    "event_named",
    "injury_named",
    "named",
    "position_named",
    "record_named",
    "roster_named",
    "skill_named",
    "staff_named",
]
