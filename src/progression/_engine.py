"""The public names this module held before the operations were split by concept, where they live now.

The operations live in :mod:`._awards`, :mod:`._quotes`, :mod:`._purchases`, :mod:`._history` and
:mod:`._rosters`. The command line and :mod:`progression.testing` still import these names from here;
once they import them from their homes, this module can go.
"""

from ._history import combine, mark, undo
from ._quotes import Quote
from ._rosters import join, leave
from ._violations import Violation

__all__ = ["Quote", "Violation", "combine", "join", "leave", "mark", "undo"]
