"""The competence rule pack: levels, degrees, specializations and qualities with escalating cost.

A campaign (the shipped one is a made-up example) names competences, their quality lists and
their specializations; :func:`build` turns it, with the campaign's settings, into a
:class:`~progression.RulePack`. :func:`pack` is the entry point ``progression`` loads.

This module holds what a player of the pack reaches for first: the pack and a campaign's pack built, a
character made, points awarded and spent, a quality quoted, a competence's level and degree, and a test rolled.
The rest lives in public submodules: :mod:`progression_competence.operations`, :mod:`progression_competence.queries`,
:mod:`progression_competence.campaigns`, :mod:`progression_competence.ids`, :mod:`progression_competence.types`, and
:mod:`progression_competence.party` (a campaign's characters kept in one store).
"""

from progression.authoring import moved, public_dir

# the public submodules, so that ``pc.queries.level_table`` works after ``import progression_competence as pc``
from . import campaigns as campaigns
from . import ids as ids
from . import operations as operations
from . import party as party
from . import queries as queries
from . import types as types
from ._build import pack
from .campaigns import build, default_settings, load_campaign, load_settings
from .operations import (
    _WITHDRAWN,
    award,
    buy_quality,
    buy_specialization,
    new_character,
    raise_level,
    roll_competence,
    settle,
)
from .queries import degree, level, quote_quality

#: The names that moved to a public submodule, and that submodule: importable from here until the next
#: release, with a ``DeprecationWarning`` naming their new home.
_MOVED = {
    "Campaign": "types",
    "Competence": "types",
    "CompetenceRoll": "types",
    "Completion": "types",
    "DEGREES": "campaigns",
    "Degree": "types",
    "LevelRow": "types",
    "POLICIES": "campaigns",
    "Quality": "types",
    "Reach": "types",
    "Settings": "types",
    "Specialization": "types",
    "competences": "queries",
    "completed": "queries:completed_degrees",
    "completion_history": "queries",
    "completions": "queries:completions_between",
    "cost_to_reach": "queries",
    "default_split": "queries",
    "degree_id": "ids",
    "example_campaign": "campaigns",
    "level_id": "ids",
    "level_table": "queries",
    "listing": "queries:competences_listing",
    "open_id": "ids",
    "pack_for": "campaigns",
    "pool_id": "ids",
    "qualities_of": "queries",
    "quality_id": "ids",
    "quality_table": "queries",
    "raise_id": "ids",
    "read_campaign": "campaigns:structure_campaign",
    "read_settings": "campaigns:structure_settings",
    "roll_total": "queries",
    "specialization_costs": "queries",
    "specialization_id": "ids",
}


__getattr__ = moved(__name__, _MOVED, withdrawn={"competence_test": _WITHDRAWN})


def __dir__() -> list[str]:
    return public_dir(globals(), __all__)


__all__ = [
    "award",
    "build",
    "buy_quality",
    "buy_specialization",
    "default_settings",
    "degree",
    "level",
    "load_campaign",
    "load_settings",
    "new_character",
    "pack",
    "quote_quality",
    "raise_level",
    "roll_competence",
    "settle",
]
