"""A stat's bound (``StatSpec.bound``): the highest value a purchase asked now may take it to, where the rules name
no maximum. It is no rule: out of the rules' fingerprint, waived by no override, and set aside when a recorded
operation runs again. (The competence pack's levels are bounded so: ``tests/competence/test_highest_level.py``
follows each route.)"""

from __future__ import annotations

import attrs
import pytest

import progression
from progression import Effect, RulePack, Sheet
from progression.authoring import Currency, FixedCost, Kind, Label, PoolSpec, StatSpec, Upgrade
from progression.errors import InvalidInput, LimitReached
from progression.operations import Purchase
from support.builders import trainer


def bounded(pack: RulePack, bound: int | None) -> RulePack:
    """The trainer with no maximum of skills, and ``bound`` as their bound."""
    skills = attrs.evolve(pack.stats["skills"], maximum=None, bound=bound)
    return attrs.evolve(pack, stats=[skills])


def bo(pack: RulePack, skills: int) -> Sheet:
    """Bo, with ``skills`` skills and the points for two more chosen ones."""
    return pack.new_sheet("player", "Bo", pools={"spp": 24}, stats={"skills": skills})


def climber(bound: int | None) -> RulePack:
    """A pack whose points are capped by the level and spent on raises of 50 points each under ``auto``, the level
    bounded by ``bound``."""
    return RulePack(
        name="climber",
        title=Label(en="Climber", fr="Grimpeur"),
        currencies=[Currency(id="xp", label=Label(en="XP", fr="PX"))],
        pools=[
            PoolSpec(
                id="xp", label=Label(en="XP", fr="PX"), currency="xp", cap="level", overflow="auto", auto_spend=["up"]
            )
        ],
        stats=[StatSpec(id="level", label=Label(en="Level", fr="Niveau"), bound=bound)],
        upgrades=[
            Upgrade(
                id="up",
                label=Label(en="Climb", fr="Monter"),
                pools=["xp"],
                cost=FixedCost(amount=50),
                effect=Effect(stats={"level": 1}),
            )
        ],
        kinds=[Kind(id="climber", label=Label(en="Climber", fr="Grimpeur"), pools=["xp"], stats=["level"])],
    )


class TestTheBound:
    def test_it_is_no_rule(self) -> None:
        """A pack with a bound is of the rules it was without one: no saved sheet becomes one "of other rules"."""
        assert bounded(trainer(), None).rules == bounded(trainer(), 2).rules

    def test_a_procedure_s_outcome(self) -> None:
        """A procedure's effect past the bound is refused, nothing bought; up to it, it goes through."""
        pack = bounded(trainer(), 2)
        with pytest.raises(LimitReached) as refused:
            pack.purchase(bo(pack, 2), "chosen_skill")
        assert ("Chosen skill cannot be bought: Skills would be 3, past its maximum of 2", 2) == (
            str(refused.value),
            pack.purchase(bo(pack, 1), "chosen_skill").stats["skills"],
        )

    def test_an_outcome_recorded_past_it(self) -> None:
        """A procedure's effect recorded past the bound before it was set verifies under the pack that sets it."""
        before = bounded(trainer(), None)
        old, _ = progression.run(before, bo(before, 2), Purchase(upgrade="chosen_skill"))
        assert (3, True) == (old.stats["skills"], progression.verify(old, bounded(trainer(), 2)).ok)

    @pytest.mark.parametrize("bound", ["2", 2.0, True])
    def test_a_bound_is_a_whole_number(self, bound: object) -> None:
        """A bound that is not a whole number is refused when the stat is declared, saying what came."""
        with pytest.raises(InvalidInput, match=r"^expected a whole number or None as the bound of a StatSpec, got "):
            StatSpec(id="skills", label=Label(en="Skills", fr="Compétences"), bound=bound)  # type: ignore[arg-type]


class TestAnAutoAward:
    def test_past_the_bound(self) -> None:
        """At its bound, an award the ``auto`` policy would spend on a climb is refused, saying how much may be
        awarded; that much is taken."""
        pack = climber(3)
        sheet = pack.new_sheet("climber", "Ana", stats={"level": 3}, pools={"xp": 1})
        with pytest.raises(LimitReached) as refused:
            pack.award(sheet, "xp", 60, reason="a climb")
        assert (
            "The award of 60 XP is refused: its policy (auto) would spend it on Climb, and Level would be 4, past its "
            "maximum of 3; at most 2 can be awarded now",
            3,
        ) == (str(refused.value), pack.award(sheet, "xp", 2, reason="a climb").pools["xp"])

    def test_recorded_past_the_bound(self) -> None:
        """An award that climbed past the bound before it was set, its last points lost short of the next climb's
        price, verifies under the pack that sets it: run again, it climbs as it did, and is not refused where it
        stops."""
        before = climber(None)
        old = before.award(before.new_sheet("climber", "Ana", stats={"level": 3}), "xp", 63, reason="a climb")
        assert ((4, 4), True) == (
            (old.stats["level"], old.pools["xp"]),
            progression.verify(old, climber(3)).ok,
        )
