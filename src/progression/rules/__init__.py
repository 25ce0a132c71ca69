"""The parts a rule pack is made of: currencies, pools, stats, costs, effects, limits, upgrades and
kinds of sheet (``parts``).
"""

from progression.rules.parts import (
    CHOICE,
    CostRule,
    Currency,
    CurveCost,
    Effect,
    FixedCost,
    FunctionCost,
    Kind,
    Limit,
    Override,
    PoolSpec,
    StatSpec,
    Upgrade,
)

__all__ = [
    "CHOICE",
    "CostRule",
    "Currency",
    "CurveCost",
    "Effect",
    "FixedCost",
    "FunctionCost",
    "Kind",
    "Limit",
    "Override",
    "PoolSpec",
    "StatSpec",
    "Upgrade",
]
