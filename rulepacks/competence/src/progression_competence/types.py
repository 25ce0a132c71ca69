"""The pack's data types: a campaign (:class:`Campaign`, its :class:`Competence`, :class:`Quality` and
:class:`Specialization`), its :class:`Settings` and each :class:`Degree`, and what the pack answers
(:class:`Completion`, :class:`CompetenceRoll`, :class:`LevelRow`, :class:`Reach`).
"""

from ._campaign import Campaign, Competence, Quality, Specialization
from ._character import Completion
from ._costs import LevelRow, Reach
from ._rolls import CompetenceRoll
from ._settings import Degree, Settings

__all__ = [
    "Campaign",
    "Competence",
    "CompetenceRoll",
    "Completion",
    "Degree",
    "LevelRow",
    "Quality",
    "Reach",
    "Settings",
    "Specialization",
]
