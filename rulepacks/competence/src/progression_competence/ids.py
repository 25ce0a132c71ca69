"""The ids the pack gives a competence's pool, level, degree ladder, upgrades and specializations in a sheet
(``pp.<competence>``, ``level.<competence>``, ...): what to read a sheet's pools, stats and owned items by.
"""

from ._ids import degree_id, level_id, open_id, pool_id, quality_id, raise_id, specialization_id

__all__ = [
    "degree_id",
    "level_id",
    "open_id",
    "pool_id",
    "quality_id",
    "raise_id",
    "specialization_id",
]
