"""Requirements: predicates over a sheet that explain themselves when unmet, the ladders whose band
edges gate purchases, and the violations a refusal is made of.
"""

from progression.requirements.ladders import Band, Ladder
from progression.requirements.predicates import (
    AllOf,
    AnyOf,
    AtLeast,
    AtMost,
    Context,
    GivenArg,
    HasTag,
    Not,
    Owns,
    OwnsAmong,
    Predicate,
    Requirement,
    atoms,
)
from progression.requirements.violations import Violation

__all__ = [
    "AllOf",
    "AnyOf",
    "AtLeast",
    "AtMost",
    "Band",
    "Context",
    "GivenArg",
    "HasTag",
    "Ladder",
    "Not",
    "Owns",
    "OwnsAmong",
    "Predicate",
    "Requirement",
    "Violation",
    "atoms",
]
