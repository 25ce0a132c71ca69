"""What the pack reads from a character or its rules, changing nothing: a competence's level and degree, the
competences and quality lists of the campaign, the degrees completed, the price and split of a quality before it is
bought, a test's total, and the cost tables a campaign is tuned with (:func:`level_table`, :func:`quality_table`,
:func:`cost_to_reach`, :func:`specialization_costs`).
"""

from ._character import (
    competences,
    completed,
    completion_history,
    completions,
    default_split,
    degree,
    level,
    listing,
    qualities_of,
    quote_quality,
)
from ._costs import cost_to_reach, level_table, quality_table, specialization_costs
from ._rolls import roll_total

__all__ = [
    "competences",
    "completed",
    "completion_history",
    "completions",
    "cost_to_reach",
    "default_split",
    "degree",
    "level",
    "level_table",
    "listing",
    "qualities_of",
    "quality_table",
    "quote_quality",
    "roll_total",
    "specialization_costs",
]
