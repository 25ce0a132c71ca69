"""Packs and helpers shared by the core's tests.

``market()`` is a pack built in Python that has one pool for each overflow policy,
upgrades paid from several pools, limits of every kind, a gated ladder and a roster
kind. ``trainer()`` is a pack whose upgrade rolls two dice and asks which result
to keep. Both are built with ``RulePack(...)`` directly, as a pack author may.
"""

from __future__ import annotations

from collections.abc import Generator
from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from progression import Effect, RulePack, Sheet, load_file, mark
from progression.authoring import (
    Choose,
    Currency,
    CurveCost,
    FixedCost,
    Kind,
    Label,
    Limit,
    PoolSpec,
    ProcedureContext,
    Roll,
    StatSpec,
    Upgrade,
)
from progression.curves import LinearCurve, TableCurve
from progression.errors import ProgressionError
from progression.requirements import AllOf, AtLeast, Band, Ladder, Not, Owns

PACKS = Path(__file__).parent / "packs"

#: Hypothesis settings for the suite: few examples, so ``make test`` stays fast.
FEW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def label(text: str) -> Label:
    """A label with an English name and a French one that differs, to catch mixed-up languages."""
    return Label(en=text, fr=f"{text} (fr)")


@cache
def skirmish() -> RulePack:
    """The small TOML test pack."""
    return load_file(PACKS / "skirmish.toml")


@cache
def market() -> RulePack:
    """A pack built in Python: every overflow policy, pooled payment, limits, a gate, a roster."""
    return RulePack(
        name="market",
        title=label("Market"),
        currencies=[Currency(id="coin", label=label("Coin")), Currency(id="xp", label=label("Experience"))],
        pools=[
            PoolSpec(id="purse", label=label("Purse"), currency="coin"),
            PoolSpec(id="savings", label=label("Savings"), currency="coin"),
            PoolSpec(id="chest", label=label("Chest"), currency="coin", cap=10, overflow="refuse"),
            PoolSpec(id="bag", label=label("Bag"), currency="coin", cap=10, overflow="lose"),
            PoolSpec(
                id="gems", label=label("Gems"), currency="coin", cap=10, overflow="auto", auto_spend=["polish", "cut"]
            ),
            PoolSpec(id="xp", label=label("Experience"), currency="xp", cap="xp_cap", overflow="settle"),
        ],
        stats=[
            StatSpec(id="level", label=label("Level"), maximum=5),
            StatSpec(id="xp_cap", label=label("Experience cap"), initial=5),
            StatSpec(id="shine", label=label("Shine")),
        ],
        curves=[LinearCurve(name="levels", base=1, step=1), TableCurve(name="lessons", values=[2, 4])],
        ladders=[
            Ladder(
                id="rank",
                label=label("Rank"),
                axis="level",
                bands=[
                    Band(id="novice", label=label("Novice"), low=0, high=1),
                    Band(id="adept", label=label("Adept"), low=2, high=3, requires=Owns(item="badge")),
                    Band(id="master", label=label("Master"), low=4),
                ],
            )
        ],
        upgrades=[
            Upgrade(
                id="level_up",
                label=label("Level up"),
                pools=["xp"],
                cost=CurveCost(curve="levels", axis="level"),
                effect=Effect(stats={"level": 1}),
            ),
            Upgrade(id="lesson", label=label("Lesson"), pools=["purse", "savings"], cost=FixedCost(amount=10)),
            Upgrade(
                id="tutor",
                label=label("Tutor"),
                pools=["purse"],
                cost=CurveCost(curve="lessons", axis="tutor"),
                effect=Effect(grants={"tutor": 1}),
            ),
            Upgrade(
                id="badge",
                label=label("Badge"),
                pools=["purse"],
                cost=FixedCost(amount=1),
                effect=Effect(grants={"badge": 1}),
                limit=Limit(times=1),
            ),
            Upgrade(
                id="medal",
                label=label("Medal"),
                pools=["purse"],
                cost=FixedCost(amount=2),
                effect=Effect(grants={"medal": 1}),
                limit=Limit(times=2),
            ),
            Upgrade(
                id="ring",
                label=label("Ring"),
                pools=["purse"],
                cost=FixedCost(amount=1),
                effect=Effect(grants={"ring": 1}),
                limit=Limit(maxima={"ring": 3}),
            ),
            Upgrade(
                id="crown",
                label=label("Crown"),
                pools=["purse"],
                cost=FixedCost(amount=5),
                requires=AllOf(items=[AtLeast(quantity="level", value=3), Not(item=Owns(item="crown"))]),
                effect=Effect(grants={"crown": 1}),
            ),
            Upgrade(
                id="cut",
                label=label("Cut"),
                pools=["gems"],
                cost=FixedCost(amount=2),
                effect=Effect(stats={"shine": 2}),
                limit=Limit(times=1),
            ),
            Upgrade(
                id="polish",
                label=label("Polish"),
                pools=["gems"],
                cost=FixedCost(amount=3),
                effect=Effect(stats={"shine": 1}),
                limit=Limit(times=2),
            ),
            Upgrade(id="banner", label=label("Banner"), pools=["purse"], cost=FixedCost(amount=3), kinds=["guild"]),
        ],
        kinds=[
            Kind(
                id="adventurer",
                label=label("Adventurer"),
                pools=["purse", "savings", "chest", "bag", "gems", "xp"],
                stats=["level", "xp_cap", "shine"],
            ),
            Kind(id="guild", label=label("Guild"), pools=["purse"], members=["adventurer"]),
        ],
    )


def ana(**pools: int) -> Sheet:
    """A market adventurer holding ``pools``."""
    return market().new_sheet("adventurer", "Ana", pools=pools)


#: The results of a 1D6 on the trainer's skill table.
SKILLS = {1: "block", 2: "dodge", 3: "tackle", 4: "guard", 5: "sprint", 6: "catch"}


def random_skill(context: ProcedureContext) -> Generator[Roll | Choose, object, Effect]:
    """Roll two skills and keep one of them: the decision a person makes."""
    first = yield Roll(sides=6, label="first skill")
    second = yield Roll(sides=6, label="second skill")
    assert isinstance(first, tuple)
    assert isinstance(second, tuple)
    shift = context.args.get("shift", 0)  # a purchase argument: read again when the procedure resumes
    assert isinstance(shift, int)
    options = tuple(dict.fromkeys(SKILLS[(die[0] - 1 + shift) % 6 + 1] for die in (first, second)))
    kept = yield Choose(label="keep one", options=options)
    assert isinstance(kept, str)
    return Effect(grants={kept: 1}, stats={"skills": 1})


def fixed_skill(context: ProcedureContext) -> Effect:
    """A procedure that needs no dice: it returns its effect at once."""
    return Effect(grants={"block": 1}, stats={"skills": 1})


@cache
def trainer() -> RulePack:
    """A pack whose upgrade rolls dice and pauses for a decision."""
    return RulePack(
        name="trainer",
        title=label("Trainer"),
        currencies=[Currency(id="spp", label=label("Star Player Points"))],
        pools=[PoolSpec(id="spp", label=label("Star Player Points"), currency="spp")],
        stats=[StatSpec(id="skills", label=label("Skills"), maximum=2)],
        upgrades=[
            Upgrade(
                id="random_skill",
                label=label("Random skill"),
                pools=["spp"],
                cost=FixedCost(amount=6),
                procedure="random_skill",
            ),
            Upgrade(
                id="chosen_skill",
                label=label("Chosen skill"),
                pools=["spp"],
                cost=FixedCost(amount=12),
                procedure="fixed_skill",
            ),
        ],
        kinds=[
            Kind(id="player", label=label("Player"), pools=["spp"], stats=["skills"]),
            Kind(id="team", label=label("Team"), members=["player"]),
        ],
        functions={"random_skill": random_skill, "fixed_skill": fixed_skill},
        names={skill: label(skill.capitalize()) for skill in SKILLS.values()},  # what the procedures grant
    )


class NoDice:
    """Dice that fail the test if anything rolls them: replay and resume must not."""

    def roll(self, sides: int, count: int = 1, label: str = "") -> tuple[int, ...]:
        raise AssertionError(f"rolled {count}D{sides} for {label!r}; recorded results must be reused")


# -- generated histories -------------------------------------------------------------------------

#: The operations a generated history draws from, on a ``market()`` adventurer.
AWARD_POOLS = ("purse", "savings", "chest", "bag", "gems", "xp")
UPGRADES = ("level_up", "lesson", "tutor", "badge", "medal", "ring", "crown", "banner")


def operations() -> st.SearchStrategy[tuple[str, str, int]]:
    """One operation: ``("award", pool, points)``, ``("buy", upgrade, 0)``, ``("discard", "xp", 0)``, ``("mark", label, 0)``."""
    return st.one_of(
        st.tuples(st.just("award"), st.sampled_from(AWARD_POOLS), st.integers(1, 12)),
        st.tuples(st.just("buy"), st.sampled_from(UPGRADES), st.just(0)),
        st.tuples(st.just("discard"), st.just("xp"), st.just(0)),
        st.tuples(st.just("mark"), st.sampled_from(["match 1", "match 2"]), st.just(0)),
    )


def run(sheet: Sheet, operation: tuple[str, str, int]) -> Sheet:
    """Apply one operation; a refused one raises a ProgressionError."""
    pack = market()
    verb, name, amount = operation
    if verb == "award":
        return pack.award(sheet, name, amount, reason="generated")
    if verb == "buy":
        return pack.purchase(sheet, name)
    if verb == "discard":
        return pack.discard(sheet, name)
    return mark(sheet, name)


def history(operations: list[tuple[str, str, int]]) -> Sheet:
    """A market adventurer after every operation that the rules allow (refused ones are skipped)."""
    sheet = market().new_sheet("adventurer", "Ana")
    for operation in operations:
        try:
            sheet = run(sheet, operation)
        except ProgressionError:
            continue
    return sheet


def histories() -> st.SearchStrategy[Sheet]:
    """Sheets built by generated histories of awards, purchases, discards and marks."""
    return st.lists(operations(), max_size=25).map(history)
