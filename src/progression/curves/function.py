"""A curve priced by a named Python function of a pack: for what the closed-form families cannot say."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from progression.curves.curve import Curve
from progression.errors import InvalidInput, PackFunctionError, ProgressionError

__all__ = ["FunctionCurve"]


@attrs.frozen(kw_only=True)
class FunctionCurve(Curve):
    """Prices from a named Python function of a pack; totals by a cached running sum.

    Use this only for what the closed-form families cannot say: totals cost O(n) the
    first time a level is reached.
    """

    #: The registered name of the function, as the pack's TOML refers to it.
    function: str
    #: The function itself, ``step -> price``.
    compute: Callable[[int], int] = attrs.field(eq=False, repr=False)
    _sums: list[int] = attrs.field(factory=lambda: [0], eq=False, repr=False, init=False)

    def _check_types(self) -> None:
        super()._check_types()
        if not isinstance(self.function, str) or not callable(self.compute):
            msg = f"curve {self.name!r}: a function curve needs a function name and a callable, got {self.function!r}, {self.compute!r}"
            raise InvalidInput(msg)

    @property
    def closed_form(self) -> bool:
        return False

    def _cost(self, n: int) -> int:
        try:
            value = self.compute(n)
        except ProgressionError:
            raise
        except Exception as error:
            raise PackFunctionError.raised(
                f"curve {self.name!r}: function {self.function!r} at step {n}", error
            ) from error
        if not isinstance(value, int) or isinstance(value, bool):
            msg = f"curve {self.name!r}: function {self.function!r} returned {value!r} for step {n}, not an integer"
            raise InvalidInput(msg)
        return value

    def _total(self, n: int) -> int:
        sums = self._sums
        while len(sums) <= n:
            sums.append(sums[-1] + self._cost(len(sums)))
        return sums[n]
