"""Cost curves: what the n-th step costs, the total of a run of steps, and how far a budget goes.

``curve`` holds the base class, ``closed`` the families with a closed form (linear, stepped,
banded, table, polynomial, with ``power_sums`` for their sums), ``function`` a curve priced by a pack's
named function, ``scaled`` a whole multiple of another curve.
"""

from progression.curves.closed import BandedCurve, LinearCurve, PolynomialCurve, SteppedCurve, TableCurve
from progression.curves.curve import Curve
from progression.curves.function import FunctionCurve
from progression.curves.scaled import ScaledCurve

__all__ = [
    "BandedCurve",
    "Curve",
    "FunctionCurve",
    "LinearCurve",
    "PolynomialCurve",
    "ScaledCurve",
    "SteppedCurve",
    "TableCurve",
]
