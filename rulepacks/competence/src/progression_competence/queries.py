"""What the pack reads from a character or its rules, changing nothing: a competence's level and degree, the
competences and quality lists of the campaign (:func:`qualities_of` a competence, :func:`competences_listing` a
quality), the degrees completed (:func:`completed_degrees`, :func:`completions_between` two states of a character,
:func:`completion_history`), the price and split of a quality before it is
bought, a test's total, and the cost tables a campaign is tuned with (:func:`level_table`, :func:`quality_table`,
:func:`cost_to_reach`, :func:`specialization_costs`).
"""

from progression.authoring import moved

from ._character import (
    competences,
    competences_listing,
    completed_degrees,
    completion_history,
    completions_between,
    default_split,
    degree,
    level,
    qualities_of,
    quote_quality,
)
from ._costs import cost_to_reach, level_table, quality_table, specialization_costs
from ._rolls import roll_total

__all__ = [
    "competences",
    "competences_listing",
    "completed_degrees",
    "completion_history",
    "completions_between",
    "cost_to_reach",
    "default_split",
    "degree",
    "level",
    "level_table",
    "qualities_of",
    "quality_table",
    "quote_quality",
    "roll_total",
    "specialization_costs",
]

#: The names of before, for one release: ``listing``, ``completed`` and ``completions`` said neither what they list
#: nor of what.
__getattr__ = moved(
    __name__,
    {"completed": ":completed_degrees", "completions": ":completions_between", "listing": ":competences_listing"},
)
