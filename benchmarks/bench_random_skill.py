"""Target 6: the exact chance of a random-skill advancement, against a Monte Carlo estimate.

The Blood Bowl pack declares the exact computation ``random_skill`` in its contract. The estimate is written
here: the same procedure (2D6 on the category's table, owned skills rolled again, two
rolls, the coach keeps his preferred one) played ``trials`` times with :class:`random.Random`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction

from timing import Row, human, seconds

import progression

PACK = "bloodbowl"
#: The query: a General skill for a player who has Block and prefers Tackle, then Wrestle, then Dauntless.
QUERY = {"category": "G", "owned": "block", "policy": "prefer", "prefer": "tackle,wrestle,dauntless"}


def table(pack: progression.RulePack, category: str) -> list[str]:
    """The category's skills in table order (place 1 to 12), from the pack's data."""
    skills = pack.tables["skills"]["skills"]
    placed = sorted((body["index"], ident) for ident, body in skills.items() if body["category"] == category)
    return [ident for _, ident in placed]


def estimate(skills: list[str], owned: set[str], prefer: list[str], trials: int, seed: int = 1) -> dict[str, float]:
    """The share of ``trials`` plays of the procedure that end with each skill."""
    dice = random.Random(seed)

    def roll() -> str:
        while True:
            first, second = dice.randint(1, 6), dice.randint(1, 6)
            skill = skills[second - 1 if first <= 3 else 5 + second]
            if skill not in owned:
                return skill

    def rank(skill: str) -> int:
        return prefer.index(skill) if skill in prefer else len(prefer)

    kept: Counter[str] = Counter()
    for _ in range(trials):
        one, two = roll(), roll()
        kept[two if rank(two) < rank(one) else one] += 1
    return {skill: count / trials for skill, count in kept.items()}


def skipped(name: str, why: str) -> list[Row]:
    """The row of a benchmark that cannot run here, saying why."""
    return [Row(name, 0.0, 0.0, 100, faster=True, skipped=why)]


def run(trials: int = 10**5) -> list[Row]:
    """One row: one exact query against a ``trials``-sample estimate of the same chances."""
    name = f"random skill: exact vs a {trials:,}-trial estimate"
    if PACK not in progression.packs():
        return skipped(name, f"the {PACK} pack is not installed")
    try:
        pack = progression.load(PACK)
    except progression.ProgressionError as error:
        return skipped(name, f"the {PACK} pack does not load: {str(error).splitlines()[0]}")
    if pack.contract.find("exacts", "random_skill") is None:
        return skipped(name, f"the {PACK} pack has no exact computation random_skill")
    exact = pack.contract.exact("random_skill").function
    skills, owned, prefer = table(pack, QUERY["category"]), {QUERY["owned"]}, QUERY["prefer"].split(",")
    odds: Mapping[str, Fraction] = exact(pack, **QUERY)
    shares = estimate(skills, owned, prefer, trials)
    gap = max(abs(float(odds.get(s, 0)) - shares.get(s, 0.0)) for s in {*odds, *shares})
    if sum(odds.values()) != 1 or gap > 5 / trials**0.5:
        msg = f"the exact chances and the estimate disagree by {gap:.3f}"
        raise AssertionError(msg)
    measured = seconds(lambda: exact(pack, **QUERY), number=20)
    baseline = seconds(lambda: estimate(skills, owned, prefer, trials), repeat=3)
    note = f"{human(measured)} vs {human(baseline)}; largest gap between them {gap:.4f}"
    return [Row(name, measured, baseline, 100, faster=True, note=note)]
