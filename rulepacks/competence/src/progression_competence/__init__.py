"""The competence rule pack: levels, degrees, specializations and qualities with escalating cost.

A campaign (the shipped one is a made-up example) names competences, their quality lists and
their specializations; :func:`build` turns it, with the campaign's settings, into a
:class:`~progression.RulePack`. :func:`pack` is the entry point ``progression`` loads.
"""

from ._build import build, pack
from ._campaign import Campaign, Competence, Quality, Specialization, example_campaign, load_campaign, read_campaign
from ._character import (
    Completion,
    award,
    buy_quality,
    buy_specialization,
    competences,
    completed,
    completion_history,
    completions,
    default_split,
    degree,
    level,
    listing,
    new_character,
    qualities_of,
    quote_quality,
    raise_level,
    settle,
)
from ._cli import pack_for
from ._costs import LevelRow, Reach, cost_to_reach, level_table, quality_table, specialization_costs
from ._ids import degree_id, level_id, open_id, pool_id, quality_id, raise_id, specialization_id
from ._rolls import CompetenceRoll, competence_test, roll_competence, roll_total
from ._settings import DEGREES, POLICIES, Degree, Settings, default_settings, load_settings, read_settings

__all__ = [
    "DEGREES",
    "POLICIES",
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
    "award",
    "build",
    "buy_quality",
    "buy_specialization",
    "competence_test",
    "competences",
    "completed",
    "completion_history",
    "completions",
    "cost_to_reach",
    "default_settings",
    "default_split",
    "degree",
    "degree_id",
    "example_campaign",
    "level",
    "level_id",
    "level_table",
    "listing",
    "load_campaign",
    "load_settings",
    "new_character",
    "open_id",
    "pack",
    "pack_for",
    "pool_id",
    "qualities_of",
    "quality_id",
    "quality_table",
    "quote_quality",
    "raise_id",
    "raise_level",
    "read_campaign",
    "read_settings",
    "roll_competence",
    "roll_total",
    "settle",
    "specialization_costs",
    "specialization_id",
]
