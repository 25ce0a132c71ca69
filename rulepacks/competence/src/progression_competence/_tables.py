"""The campaign data a competence pack carries (:attr:`RulePack.tables <progression.RulePack.tables>`), reached
by every module that reads a pack: its campaign, settings, competences and qualities."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from progression import RulePack
from progression.errors import InvalidInput

__all__ = ["tables_of"]


def tables_of(pack: RulePack) -> Mapping[str, Any]:
    """The campaign data of a competence pack, or an error when ``pack`` is not one."""
    if not isinstance(pack, RulePack) or "competences" not in pack.tables or "settings" not in pack.tables:
        shown = pack.name if isinstance(pack, RulePack) else type(pack).__name__
        msg = f"expected a competence rule pack (from progression_competence.build), got {shown!r}"
        raise InvalidInput(msg)
    return pack.tables
