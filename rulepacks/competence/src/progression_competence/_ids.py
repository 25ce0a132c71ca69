"""The ids the pack generates from a campaign's ids, in one place."""

from __future__ import annotations

from progression.operations import check_id

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
    return f"pp.{_text(competence, 'competence', 'pp.<competence>')}"


def level_id(competence: str) -> str:
    """The stat holding the level of ``competence`` (also its pool's cap): ``level.<competence>``."""
    return f"level.{_text(competence, 'competence', 'level.<competence>')}"


def raise_id(competence: str) -> str:
    """The upgrade that raises ``competence`` by one level: ``raise.<competence>``."""
    return f"raise.{_text(competence, 'competence', 'raise.<competence>')}"


def open_id(competence: str) -> str:
    """The upgrade that opens ``competence`` (0 → 1) from an award under the ``lose`` policy."""
    return f"open.{_text(competence, 'competence', 'open.<competence>')}"


def degree_id(competence: str) -> str:
    """The ladder of degrees over the level of ``competence``: ``degree.<competence>``."""
    return f"degree.{_text(competence, 'competence', 'degree.<competence>')}"


def quality_id(quality: str) -> str:
    """The upgrade that buys ``quality``: ``quality.<quality>``. The sheet then owns ``quality``."""
    return f"quality.{_text(quality, 'quality', 'quality.<quality>')}"


def specialization_id(competence: str, specialization: str) -> str:
    """The upgrade (and owned item) of a specialization: ``spec.<competence>.<specialization>``."""
    made = "spec.<competence>.<specialization>"
    return f"spec.{_text(competence, 'competence', made)}.{_text(specialization, 'specialization', made)}"


def _text(ident: str, what: str, made: str) -> str:
    """``ident`` when it is a text; else :class:`~progression.errors.InvalidInput` saying which id it was to make
    (``made``): an id made of a None or a number (``pp.None``) names nothing the pack has, and would be refused
    later as one it does not define. A type test when it fits: the pack makes these ids on every operation."""
    return ident if type(ident) is str else check_id(ident, what, made)
