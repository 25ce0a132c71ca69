"""Packs for the tests of progression.testing: skirmish (the core's), duel (with functions), broken, and career
(broken deep in a career)."""

from __future__ import annotations

from collections.abc import Generator, Mapping
from pathlib import Path

import attrs

import progression
from progression import Effect, RulePack, Sheet
from progression.authoring import Choose, ProcedureContext, Roll
from progression.contract import Contract, Factory
from progression.requirements import Context, Owns

HERE = Path(__file__).parent
SKILLS = ("parry", "riposte", "lunge")


def train(context: ProcedureContext) -> Generator[Roll | Choose, object, Effect]:
    """Roll a D6: 1-2 parry, 3-4 riposte, 5 lunge; on a 6 the fighter chooses any skill not owned."""
    (roll,) = yield Roll(sides=6, label="training")
    assert isinstance(roll, int)
    missing = [s for s in SKILLS if not context.sheet.has(s)] or list(SKILLS)
    if roll == 6:
        picked = yield Choose(label="skill learnt", options=missing)
        return Effect(stats={"skills": 1}, grants={str(picked): 1})
    return Effect(stats={"skills": 1}, grants={SKILLS[min(roll - 1, 4) // 2]: 1})


def unknown_skills(context: ProcedureContext) -> tuple[str, ...]:
    """The skills a fighter does not have yet."""
    return tuple(s for s in SKILLS if not context.sheet.has(s))


def new_band(pack: RulePack, size: int = 2, name: str = "the band") -> Sheet:
    """A band of ``size`` fighters, with 10 gold."""
    band = pack.new_sheet("band", name, pools={"purse": 10})
    for index in range(size):
        band = progression.join(band, f"f{index}", pack.new_sheet("fighter", f"fighter {index}"))
    return band


FUNCTIONS = {"train": train, "unknown_skills": unknown_skills}
CONTRACT = Contract(factories=[Factory(kind="band", function=new_band)])


def load_skirmish() -> RulePack:
    """The core's small test pack."""
    return progression.load_file(HERE.parent / "support" / "packs" / "skirmish.toml")


def load_duel() -> RulePack:
    """The duel test pack, with its functions."""
    return progression.load_file(HERE / "packs" / "duel.toml", FUNCTIONS, contract=CONTRACT)


def gamble(context: ProcedureContext) -> Effect:
    """Win twenty levels at once, past the maximum of ten."""
    return Effect(stats={"level": 20})


def wobble(step: int) -> int:
    """10 a step up to step 1200, then -5."""
    return 10 if step <= 1200 else -5


def load_broken() -> RulePack:
    """The broken test pack, with its functions; its dragon requires an egg nothing grants, which the loader refuses
    in a file, so it is given here as a pack built in Python would give it (the check's reference finding)."""
    pack = progression.load_file(HERE / "packs" / "broken.toml", {"gamble": gamble, "wobble": wobble})
    dragon = attrs.evolve(pack.upgrades["dragon"], requires=Owns(item="dragon_egg"))
    return attrs.evolve(pack, upgrades=[dragon if u.id == "dragon" else u for u in pack.upgrades.values()])


def promotion_price(context: Context) -> int:
    """The price of the next promotion, from the pack's ``promotion_price`` table by the tier held (0 at the top
    tier, where the tier's maximum refuses any promotion)."""
    assert context.pack is not None
    tier, top = context.sheet.stats["tier"], context.pack.stats["tier"].maximum
    prices: Mapping[str, int] = context.pack.tables["promotion_price"]
    return 0 if tier == top else prices[str(tier)]


def drilled_enough(context: Context) -> list[str]:
    """A promotion needs as many drills as the tier it leads to."""
    tier, drills = context.sheet.stats["tier"], context.sheet.stats["drills"]
    return [] if drills > tier else [f"the promotion to tier {tier + 1} needs {tier + 1} drills, {drills} done"]


def load_career() -> RulePack:
    """The career test pack, broken deep in the career (the price of the fifth promotion), with its functions."""
    functions = {"promotion_price": promotion_price, "drilled_enough": drilled_enough}
    return progression.load_file(HERE / "packs" / "career.toml", functions)
