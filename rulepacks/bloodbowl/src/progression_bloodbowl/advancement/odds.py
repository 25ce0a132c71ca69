"""Odds: the exact chance of each skill from a random skill roll, and a Monte Carlo trial to Legend."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from progression import Dice, RulePack
from progression.errors import InvalidInput, UnknownName

from ..data.access import data_of

__all__ = ["matches_to_legend", "random_skill_odds"]

POLICIES = ("first", "prefer", "either")
#: The parameters of one matches-to-Legend trial.
_TRIAL_PARAMETERS = ("touchdowns", "casualties", "completions", "interceptions", "nominees", "limit")


def random_skill_odds(pack: RulePack, **params: str) -> Mapping[str, Fraction]:
    """Exact chance of each skill from a random skill roll in a category (two rolls, keep one).

    Params:
        category: the category letter (``G``).
        owned: skills the player has, comma-separated; they are rolled again when they come up.
        policy: ``first`` keeps the first roll, ``either`` keeps one of the two at even odds,
            ``prefer`` keeps the one earlier in ``prefer`` (a comma-separated list; others rank last).
        prefer: the coach's order of preference for ``policy=prefer``.

    Every roll is uniform over the 12 places of the table (1/12 each); a re-rolled owned
    skill makes each roll uniform over the skills not owned. The same skill twice is imposed.
    """
    data = data_of(pack)
    category = params.get("category", "")
    if not category:
        msg = f"exact.random_skill needs category=..., one of {', '.join(data.categories)}"
        raise InvalidInput(msg)
    if category not in data.categories:
        raise UnknownName("skill category", category, data.categories, "exact.random_skill")
    owned = {s for s in params.get("owned", "").split(",") if s}
    unknown = sorted(owned - set(data.skills) - set(data.traits))
    if unknown:
        raise UnknownName("skill", unknown[0], data.skills, "the owned list of exact.random_skill")
    policy = params.get("policy", "first")
    if policy not in POLICIES:
        raise UnknownName("keeping policy", policy, POLICIES, "exact.random_skill")
    order = [s for s in params.get("prefer", "").split(",") if s]
    open_skills = [s.id for s in data.table_of(category) if s.id not in owned]
    if not open_skills:
        msg = f"every skill of category {category} is owned: there is nothing to roll"
        raise InvalidInput(msg)

    def rank(skill: str) -> int:
        return order.index(skill) if skill in order else len(order)

    each = Fraction(1, len(open_skills))
    odds = dict.fromkeys(open_skills, Fraction(0))
    for first in open_skills:
        for second in open_skills:
            pair = each * each
            if first == second or policy == "first":
                odds[first] += pair
            elif policy == "either":
                odds[first] += pair / 2
                odds[second] += pair / 2
            else:
                odds[min((first, second), key=lambda s: (rank(s), s != first))] += pair
    return odds


def _events(dice: Dice, per_hundred: int) -> int:
    whole, part = divmod(per_hundred, 100)
    return whole + (1 if part and dice.roll(100, 1, "event")[0] <= part else 0)


def matches_to_legend(pack: RulePack, dice: Dice, **params: int) -> int:
    """One trial: matches until a player takes his sixth advancement (Legend).

    Params (each per hundred matches unless said): ``touchdowns``, ``casualties``,
    ``completions``, ``interceptions``; ``nominees`` (1-6, the MVP goes to him one time in
    that many); ``limit`` (give up after this many matches, default 500). The player buys a
    random primary skill as soon as he can afford one.
    """
    for name in params:
        if name not in _TRIAL_PARAMETERS:
            raise UnknownName("parameter", name, _TRIAL_PARAMETERS, "simulate.matches_to_legend")
    rules = data_of(pack).rules
    spp_of = rules.spp
    rates = {key: params.get(f"{key}s", 0) for key in ("touchdown", "casualty", "completion", "interception")}
    nominees = params.get("nominees", 6)
    limit = params.get("limit", 500)
    if not 1 <= nominees <= 6 or any(r < 0 for r in rates.values()) or limit < 1:
        msg = f"the trials to a legend take rates >= 0, nominees from 1 to 6 and a limit >= 1, got {params!r}"
        raise InvalidInput(msg)
    costs = rules.advancement.costs["random_primary"]
    held = taken = 0
    for match in range(1, limit + 1):
        held += sum(_events(dice, rate) * spp_of[key] for key, rate in rates.items())
        if nominees == 1 or dice.roll(nominees, 1, "MVP")[0] == 1:
            held += spp_of["mvp"]
        while taken < rules.advancement.maximum and held >= costs[taken]:
            held -= costs[taken]
            taken += 1
        if taken == rules.advancement.maximum:
            return match
    return limit
