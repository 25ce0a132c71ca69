"""The campaign data a competence pack carries (:attr:`RulePack.tables <progression.RulePack.tables>`), reached
by every module that reads a pack: its campaign, settings, competences and qualities."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from progression import RulePack
from progression.errors import InvalidInput

__all__ = ["tables_of"]


def tables_of(pack: RulePack) -> Mapping[str, Any]:
    """The campaign data of a competence pack; :class:`~progression.errors.InvalidInput` when ``pack`` is not one,
    saying how to get one. Every function of the pack reads its pack here before anything else, so that a None, a
    pack's name or another pack is refused in these words, never met as a missing attribute."""
    if isinstance(pack, RulePack) and "competences" in pack.tables and "settings" in pack.tables:
        return pack.tables
    if isinstance(pack, RulePack):
        shown = f"rule pack {pack.name!r}"
    elif isinstance(pack, str):
        shown = f"the text {pack!r:.40} (a pack's name, not the pack)"
    else:
        shown = "None" if pack is None else f"{type(pack).__name__} {pack!r:.40}"
    msg = (
        'expected the competence RulePack, progression.load("competence") (or progression_competence.build(campaign) '
        f"for a campaign of your own), got {shown}"
    )
    raise InvalidInput(msg)
