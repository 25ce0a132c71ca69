"""A small pack for the command line's tests: it declares every kind of command the CLI calls.

It is installed in tests through monkeypatched entry points (in-process) or a
throwaway ``*.dist-info`` on ``PYTHONPATH`` (subprocesses), so the CLI's tests do
not depend on the real packs.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from fractions import Fraction

import attrs

import progression
from progression import Effect, RulePack, Sheet
from progression.authoring import Choose, ProcedureContext, Roll
from progression.contract import Action, ComputedTable, Contract, Exact, Factory, Report, Simulation
from progression.operations import Award

TOML = """
format = 1

[pack]
name = "fake"
title = { en = "Fake (CLI test pack)", fr = "Factice (pack de test)" }
version = "2"

[currencies.xp]
label = { en = "Experience", fr = "Expérience" }

[pools.xp]
label = { en = "Experience", fr = "Expérience" }
currency = "xp"

[stats.level]
label = { en = "Level", fr = "Niveau" }
maximum = 40

[curves.level]
kind = "linear"
base = 10
step = 5

[ladders.grade]
label = { en = "Grade", fr = "Grade" }
axis = "level"
bands = [
    { id = "green", label = { en = "Green", fr = "Vert" }, from = 0, to = 2 },
    { id = "seasoned", label = { en = "Seasoned", fr = "Aguerri" }, from = 3 },
]

[upgrades.level_up]
label = { en = "Level up", fr = "Montée de niveau" }
pool = "xp"
cost = { curve = "level", axis = "level" }
effect = { stats = { level = 1 } }

[upgrades.lucky]
label = { en = "Lucky find", fr = "Trouvaille" }
pool = "xp"
cost = 5
procedure = "find"

[upgrades.charm]
label = { en = "Charm", fr = "Charme" }
pool = "xp"
cost = 3
options = "charms"
effect = { grants = { "{choice}" = 1 } }

[kinds.hero]
label = { en = "Hero", fr = "Héros" }
pools = ["xp"]
stats = ["level"]

[kinds.band]
label = { en = "Band", fr = "Bande" }
members = ["hero"]

[names]
sword = { en = "Sword", fr = "Épée" }
shield = { en = "Shield", fr = "Bouclier" }
amulet = { en = "Amulet", fr = "Amulette" }
ring = { en = "Ring", fr = "Anneau" }

[tables.loot]
sword = 3
shield = 2

[tables.prices]
sword = [1, 2, 3]
shield = [2, 4]
"""

LOOT = ("sword", "shield", "amulet", "ring", "sword", "shield")


def find(context: ProcedureContext) -> Generator[Roll | Choose, object, Effect]:
    """Roll 1D6 twice and keep one of the two finds."""
    first = yield Roll(sides=6, label="first find")
    second = yield Roll(sides=6, label="second find")
    assert isinstance(first, tuple)
    assert isinstance(second, tuple)
    options = tuple(dict.fromkeys((LOOT[first[0] - 1], LOOT[second[0] - 1])))
    kept = yield Choose(label="keep one", options=options)
    assert isinstance(kept, str)
    return Effect(grants={kept: 1})


def charms(context: ProcedureContext) -> tuple[str, ...]:
    """The charms a hero may pick: those not owned yet."""
    return tuple(c for c in ("amulet", "ring") if not context.sheet.has(c))


def new_band(pack: RulePack, name: str = "", heroes: int = 1) -> Sheet:
    """A band of N heroes, each starting with 10 experience.

    Args:
        name: the band's name.
        heroes: how many heroes.
    """
    band = pack.new_sheet("band", name)
    for index in range(1, heroes + 1):
        band = progression.join(band, f"h{index}", pack.new_sheet("hero", f"Hero {index}", pools={"xp": 10}))
    return band


def train(pack: RulePack, sheet: Sheet, dice: progression.Dice, days: int = 1) -> Sheet:
    """Train for some days: each day gives 1D6 experience.

    Args:
        days: how many days of training.
    """
    total = sum(dice.roll(6, 1, f"day {day}")[0] for day in range(1, days + 1))
    return pack.award(sheet, "xp", total, reason=f"trained {days} days")


def quest(pack: RulePack, sheet: Sheet, dice: progression.Dice, member: str = "h1") -> Sheet:
    """A member of a band goes on a quest: buys a lucky find, which may wait for a decision."""
    return pack.purchase(sheet, "lucky", member=member, dice=dice)


def climb(pack: RulePack, dice: progression.Dice, goal: int = 10) -> int:
    """Days of 1D6 experience until the goal is reached."""
    days = total = 0
    while total < goal:
        total += dice.roll(6)[0]
        days += 1
    return days


def two_dice(pack: RulePack, sides: int = 6) -> dict[str, Fraction]:
    """The sum of two dice, exactly."""
    faces = sides
    counts: dict[str, int] = {}
    for a in range(1, faces + 1):
        for b in range(1, faces + 1):
            counts[str(a + b)] = counts.get(str(a + b), 0) + 1
    return {total: Fraction(n, faces * faces) for total, n in counts.items()}


def demo(pack: RulePack, say: Callable[[str], None]) -> None:
    """A hero levels up twice."""
    hero = pack.new_sheet("hero", "Demo")
    hero = pack.award(hero, "xp", 25, reason="a quest")
    say("Demo earns 25 experience for a quest")
    for _ in range(2):
        price = pack.quote(hero, "level_up").price
        hero = pack.purchase(hero, "level_up")
        say(f"Demo buys a level for {price} experience: level {hero.stats['level']}")


def tune(pack: RulePack, base: int = 10, step: int = 5) -> RulePack:
    """The pack with another level curve: base + step per level taken."""
    text = TOML.replace("base = 10\nstep = 5", f"base = {base}\nstep = {step}")
    return progression.load_text(text, "cli_fakepack", pack.functions, contract=pack.contract)


def level_costs(pack: RulePack, language: str) -> list[dict[str, object]]:
    """The first three levels, priced."""
    return [{"level": n, "cost": pack.curve("level").cost(n)} for n in (1, 2, 3)]


def members(pack: RulePack, sheets: list[Sheet]) -> list[dict[str, object]]:
    """Each sheet and how many members it holds."""
    return [{"sheet": sheet.name, "members": len(sheet.members)} for sheet in sheets]


def no_rows(pack: RulePack, sheets: list[Sheet]) -> object:
    """A report that breaks its contract: a text, not rows."""
    return "nothing"


#: The functions the pack's TOML names.
FUNCTIONS: dict[str, Callable[..., object]] = {"find": find, "charms": charms}

#: What the pack offers the command line.
CONTRACT = Contract(
    actions=[Action(name="train", function=train), Action(name="quest", function=quest)],
    factories=[Factory(kind="band", function=new_band)],
    simulations=[Simulation(name="climb", function=climb)],
    exacts=[Exact(name="two_dice", function=two_dice)],
    tables=[ComputedTable(name="level_costs", function=level_costs)],
    reports=[Report(name="members", function=members), Report(name="no_rows", function=no_rows)],
    tune=tune,
    demo=demo,
)

#: The same commands, registered as the old string contract did (converted, with a DeprecationWarning).
LEGACY: dict[str, Callable[..., object]] = {
    "new.band": new_band,
    "action.train": train,
    "action.quest": quest,
    "simulate.climb": climb,
    "exact.two_dice": two_dice,
    "demo": demo,
    "tune": tune,
    "table.level_costs": level_costs,
    "report.members": members,
    "report.no_rows": no_rows,
}


def pack() -> RulePack:
    """The fake pack (the entry point's target)."""
    return progression.load_text(TOML, "cli_fakepack", FUNCTIONS, contract=CONTRACT)


def huge_pack() -> RulePack:
    """The same pack under another name, whose climb counts days past 64 bits (a count is any whole number)."""

    def huge_climb(pack: RulePack, dice: progression.Dice, goal: int = 10) -> int:
        return 2**70 + climb(pack, dice, goal)

    simulations = [Simulation(name="climb", function=huge_climb)]
    return attrs.evolve(pack(), name="huge", contract=attrs.evolve(CONTRACT, simulations=simulations))


def refusing_climb(pack: RulePack, dice: progression.Dice, goal: int = 10) -> int:
    """A trial that meets a refusal of the rules: a charm bought without saying which."""
    pack.purchase(pack.new_sheet("hero"), "charm")
    return climb(pack, dice, goal)


def refusing_pack() -> RulePack:
    """The same pack under another name, whose climb meets a refusal of the rules (``ChoiceNeeded``)."""
    simulations = [Simulation(name="climb", function=refusing_climb)]
    return attrs.evolve(pack(), name="refusing", contract=attrs.evolve(CONTRACT, simulations=simulations))


def quiet_pack() -> RulePack:
    """The same pack under another name, without a demo."""
    return attrs.evolve(pack(), name="quiet", contract=attrs.evolve(CONTRACT, demo=None))


def rest(pack: RulePack, sheet: Sheet, dice: progression.Dice, days=1) -> Sheet:  # type: ignore[no-untyped-def]
    """Rest for some days (its option has no type: the pack does not load)."""
    return sheet


def badly_declared() -> RulePack:
    """The fake pack with an action whose option has no type."""
    return attrs.evolve(pack(), contract=attrs.evolve(CONTRACT, actions=[Action(name="rest", function=rest)]))


def legacy_pack() -> RulePack:
    """The fake pack as packs registered their commands before the contract: strings in ``functions``."""
    return progression.load_text(TOML, "cli_fakepack", {**FUNCTIONS, **LEGACY})


@attrs.frozen(kw_only=True)
class Gift(progression.Operation):
    """A gift of experience.

    Attributes:
        amount: how many points.
    """

    tag = "fake.gift"
    amount: int = 1

    @property
    def label(self) -> str:
        return f"gift of {self.amount}"

    def run(self, work: progression.Work) -> None:
        work.run(Award(pool="xp", amount=self.amount, reason="a gift"))


def gifted_pack() -> RulePack:
    """The fake pack with an action bound to its operation ``fake.gift``."""
    actions = [*CONTRACT.actions, Action(name="gift", operation=Gift)]
    return attrs.evolve(pack(), operations=[Gift], contract=attrs.evolve(CONTRACT, actions=actions))
