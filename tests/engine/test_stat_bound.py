"""A stat's bound (``StatSpec.bound``): the highest value a purchase asked now may take it to, where the rules name
no maximum. It is no rule: out of the rules' fingerprint, waived by no override, and set aside when a recorded
operation runs again. (The competence pack's levels are bounded so: ``tests/competence/test_highest_level.py``
follows each route.)"""

from __future__ import annotations

import attrs
import pytest

import progression
from progression import RulePack, Sheet
from progression.authoring import Label, StatSpec
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
