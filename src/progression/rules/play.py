"""A pack's strategy of sensible play: how much the conformance check's steered runs favour each upgrade.

The random runs of :func:`progression.testing.check_pack` spread their purchases evenly over a pack's
upgrades, so a path deep in the game (a completed tier, a full career) is seldom walked in a few steps.
A pack says how a sensible player spends instead (``[play]`` in its TOML, or ``RulePack(play=Play(...))``):
each upgrade's weight, and the weight of every upgrade it does not list. A strategy is no rule: it
changes no price and no sheet, and is not part of the rules' fingerprint.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

import attrs

from progression._frozen import freeze
from progression.errors import InvalidInput
from progression.spelling import closest, the_closest

__all__ = ["Play", "play_problems", "weight_problem"]


def weight_problem(value: object) -> str | None:
    """Why ``value`` is no weight (a number >= 0), or None."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return f"expected a weight (a number >= 0), got {value!r:.60}"
    if not value >= 0 or value == float("inf"):  # NaN compares false
        return f"a weight is a finite number >= 0, got {value!r}"
    return None


def _favour(value: object) -> Mapping[str, int | float]:
    """An attrs converter: the weights as a read-only mapping; anything but a mapping is refused."""
    if not isinstance(value, Mapping):
        msg = f"expected a mapping of upgrade ids to weights as the favour of a Play, got {type(value).__name__}"
        raise InvalidInput(msg)
    return freeze(value)


def _check_favour(_: Play, __: attrs.Attribute[Any], value: Mapping[str, Any]) -> None:
    for ident, weight in value.items():
        if not isinstance(ident, str):
            msg = f"expected upgrade ids (texts) as the keys of the favour of a Play, got {ident!r:.60}"
            raise InvalidInput(msg)
        reason = weight_problem(weight)
        if reason is not None:
            msg = f"the weight of {ident!r} in the favour of a Play is refused: {reason}"
            raise InvalidInput(msg)


def _check_otherwise(_: Play, __: attrs.Attribute[Any], value: Any) -> None:
    reason = weight_problem(value)
    if reason is not None:
        msg = f"the otherwise of a Play is refused: {reason}"
        raise InvalidInput(msg)


@attrs.frozen(kw_only=True)
class Play:
    """How a sensible player of the pack spends: a weight per upgrade, the steered runs' odds of buying it.

    An upgrade of weight 3 is bought three times as often as one of weight 1 among those a sheet can buy;
    weight 0 is never bought by a steered run (the random runs still buy it).
    """

    #: The weight of each upgrade listed, by upgrade id.
    favour: Mapping[str, int | float] = attrs.field(factory=dict, converter=_favour, validator=_check_favour)
    #: The weight of every upgrade ``favour`` does not list.
    otherwise: int | float = attrs.field(default=1, validator=_check_otherwise)

    def weight(self, upgrade: str) -> int | float:
        """The weight of ``upgrade``."""
        return self.favour.get(upgrade, self.otherwise)


def play_problems(play: Play, upgrades: Collection[str]) -> list[tuple[str, str]]:
    """What is wrong with ``play`` for a pack of these upgrades, each as ``(key path, reason)``: an id the pack
    does not define (with the closest ids), or weights that leave nothing to buy."""
    problems = []
    defined = sorted(upgrades)
    for ident in play.favour:
        if ident in upgrades:
            continue
        hint = the_closest(closest(ident, defined)) or f"; defined: {', '.join(defined) or 'none'}"
        problems.append((f"$.play.favour.{ident}", f"upgrade {ident!r} is not defined{hint}"))
    if defined and not any(play.weight(ident) > 0 for ident in defined):
        problems.append(("$.play", "every upgrade weighs 0: the steered runs would buy nothing"))
    return problems
