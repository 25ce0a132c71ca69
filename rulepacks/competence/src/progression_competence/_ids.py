"""The ids the pack generates from a campaign's ids, in one place."""

from __future__ import annotations

__all__ = [
    "degree_id",
    "level_id",
    "open_id",
    "pool_id",
    "quality_id",
    "raise_id",
    "specialization_id",
]


def pool_id(competence: str) -> str:
    """The pool of progression points of ``competence``: ``pp.<competence>``."""
    return f"pp.{competence}"


def level_id(competence: str) -> str:
    """The stat holding the level of ``competence`` (also its pool's cap): ``level.<competence>``."""
    return f"level.{competence}"


def raise_id(competence: str) -> str:
    """The upgrade that raises ``competence`` by one level: ``raise.<competence>``."""
    return f"raise.{competence}"


def open_id(competence: str) -> str:
    """The upgrade that opens ``competence`` (0 → 1) from an award under the ``lose`` policy."""
    return f"open.{competence}"


def degree_id(competence: str) -> str:
    """The ladder of degrees over the level of ``competence``: ``degree.<competence>``."""
    return f"degree.{competence}"


def quality_id(quality: str) -> str:
    """The upgrade that buys ``quality``: ``quality.<quality>``. The sheet then owns ``quality``."""
    return f"quality.{quality}"


def specialization_id(competence: str, specialization: str) -> str:
    """The upgrade (and owned item) of a specialization: ``spec.<competence>.<specialization>``."""
    return f"spec.{competence}.{specialization}"
