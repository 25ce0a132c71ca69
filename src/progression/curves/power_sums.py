"""Sums of a polynomial over the steps ``1..n`` in closed form, in integers (Faulhaber's formula).

A polynomial curve's total is such a sum; worked out once when the curve is built, each total
is then one Horner evaluation, however far the level.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

__all__ = ["sum_polynomial"]


def sum_polynomial(coefficients: tuple[int, ...]) -> Callable[[int], int]:
    """``n -> sum of c0 + c1·m + c2·m² + ... for m in 1..n``, as one integer polynomial over a common denominator.

    Faulhaber's formula gives each power sum as a polynomial with rational coefficients;
    adding them up once, when the curve is built, leaves a Horner evaluation in integers per total.
    """
    powers = [Fraction(0)] * (len(coefficients) + 1)
    for k, c in enumerate(coefficients):
        if not c:
            continue
        # 1**k + ... + n**k == sum over j of comb(k+1, j)·B_j·n**(k+1-j) / (k+1)
        for j, bernoulli in enumerate(_bernoulli(k)):
            powers[k + 1 - j] += c * math.comb(k + 1, j) * bernoulli / (k + 1)
    denominator = math.lcm(*(p.denominator for p in powers))
    numerators = tuple(int(p * denominator) for p in reversed(powers))

    def total(n: int) -> int:
        acc = 0
        for a in numerators:
            acc = acc * n + a
        return acc // denominator

    return total


def _bernoulli(k: int) -> list[Fraction]:
    """B_0..B_k with the convention B_1 = +1/2 (so the power sum formula runs to n)."""
    numbers: list[Fraction] = [Fraction(1)]
    for m in range(1, k + 1):
        acc = sum((math.comb(m + 1, j) * numbers[j] for j in range(m)), Fraction(0))
        numbers.append(-acc / (m + 1))
    if k >= 1:
        numbers[1] = Fraction(1, 2)
    return numbers
