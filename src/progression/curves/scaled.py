"""A curve that is a whole multiple of another: "a Talent costs twice a Skill" said once, in data."""

from __future__ import annotations

import attrs

from progression.curves.curve import Curve
from progression.errors import InvalidInput

__all__ = ["ScaledCurve"]


@attrs.frozen(kw_only=True)
class ScaledCurve(Curve):
    """``scale`` times the price of each step of the curve ``of``; totals and ``reach`` as the base gives them.

    The base's steps are the scaled curve's steps: it ends where the base ends, and it has a closed form
    when the base has one.
    """

    #: The curve multiplied.
    of: Curve
    #: The whole number each price is multiplied by (>= 0).
    scale: int

    def _check_types(self) -> None:
        super()._check_types()
        if not isinstance(self.of, Curve):
            msg = f"curve {self.name!r}: a scaled curve is a multiple of a curve, got {self.of!r:.60}"
            raise InvalidInput(msg)
        if isinstance(self.scale, bool) or not isinstance(self.scale, int):
            msg = f"curve {self.name!r}: scale must be a whole number, got {self.scale!r}"
            raise InvalidInput(msg)

    def _check_shape(self) -> None:
        if self.scale < 0:
            msg = f"curve {self.name!r}: scale must be >= 0, got {self.scale}"
            raise InvalidInput(msg)

    @property
    def last_step(self) -> int | None:
        return self.of.last_step

    @property
    def closed_form(self) -> bool:
        return self.of.closed_form

    def _cost(self, n: int) -> int:
        return self.scale * self.of._cost(n)

    def _total(self, n: int) -> int:
        return self.scale * self.of._total(n)

    def _is_free_from(self, n: int) -> bool:
        return self.scale == 0 or self.of._is_free_from(n)
