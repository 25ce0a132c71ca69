"""Competence tests: the die, plus the level, plus the bonus of each specialization that applies."""

from __future__ import annotations

from collections.abc import Sequence, Set

import attrs

from progression import Dice, RulePack, Sheet, Work, operation
from progression.errors import InvalidInput, PendingState

from ._character import level, specialization_data
from ._given import check_competence, check_specialization
from ._ids import specialization_id
from ._tables import tables_of

__all__ = ["CompetenceRoll", "competence_test", "roll_competence", "roll_total"]


@attrs.frozen(kw_only=True)
class CompetenceRoll:
    """The total of a competence test and what it is made of."""

    competence: str
    #: The sides of the die rolled.
    die: int
    #: What the die showed.
    roll: int
    #: The competence's level.
    level: int
    #: The bonus of each specialization counted, as ``(specialization, bonus)``.
    bonuses: tuple[tuple[str, int], ...] = ()

    @property
    def total(self) -> int:
        """The die, plus the level, plus every bonus."""
        return self.roll + self.level + sum(bonus for _, bonus in self.bonuses)

    def describe(self, pack: RulePack) -> str:
        """The sum in words: ``Fencing test: 57 (D100) + level 34 + Feint +10 = 101``."""
        parts = [f"{self.roll} (D{self.die})", f"level {self.level}"]
        parts += [f"{pack.name_of(specialization_id(self.competence, s))} +{b}" for s, b in self.bonuses]
        return f"{pack.name_of(self.competence)} test: {' + '.join(parts)} = {self.total}"


def die_size(pack: RulePack) -> int:
    """The die of the campaign's competence tests."""
    size: int = tables_of(pack)["settings"]["die_size"]
    return size


def roll_total(
    pack: RulePack, sheet: Sheet, competence: str, roll: int, specializations: Sequence[str] = ()
) -> CompetenceRoll:
    """The total of a competence test whose die showed ``roll``.

    Args:
        competence: its id or its displayed name.
        specializations: the character's specializations of ``competence`` that apply to the
            circumstances (each by its id or its displayed name); their bonuses add up (the rules let
            circumstances stack them).

    Raises:
        InvalidInput: a roll off the die, a specialization not owned, one with no bonus
            (its effect is described, not a number), or one named twice.
        UnknownName: an unknown competence or specialization.
    """
    competence = check_competence(pack, competence)
    size = die_size(pack)
    if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= size:
        msg = f"a {pack.name_of(competence)} test rolls a D{size}: expected 1 to {size}, got {roll!r}"
        raise InvalidInput(msg)
    if isinstance(specializations, str):
        specializations = (specializations,)
    elif not isinstance(specializations, Sequence | Set):
        msg = (
            f"the specializations of a {pack.name_of(competence)} test are a list of their ids, such as ['feinte'], "
            f"got {specializations!r:.60} ({type(specializations).__name__})"
        )
        raise InvalidInput(msg)
    bonuses: list[tuple[str, int]] = []
    for given in specializations:
        spec = check_specialization(pack, competence, given)
        data = specialization_data(pack, competence, spec)
        name = pack.name_of(specialization_id(competence, spec))
        if spec in (s for s, _ in bonuses):
            msg = f"{name} is named twice; a specialization counts once in a test"
            raise InvalidInput(msg)
        if not sheet.has(specialization_id(competence, spec)):
            msg = (
                f"{sheet.name or 'the character'} does not have the specialization {name} of {pack.name_of(competence)}"
            )
            raise InvalidInput(msg)
        if "bonus" not in data:
            msg = f"{name} gives no bonus to add; its effect is: {data['effect']['en']}"
            raise InvalidInput(msg)
        bonuses.append((spec, int(data["bonus"])))
    return CompetenceRoll(
        competence=competence, die=size, roll=roll, level=level(pack, sheet, competence), bonuses=tuple(bonuses)
    )


def roll_competence(
    pack: RulePack, sheet: Sheet, competence: str, dice: Dice, specializations: Sequence[str] = ()
) -> tuple[Sheet, CompetenceRoll]:
    """Roll a competence test: the die is recorded in the ledger (one entry, the operation
    ``competence.test``) with the total in words.

    The competence and the specializations are taken by their ids or their displayed names; the ledger keeps
    their ids.

    Raises:
        PendingState: points over a cap wait to be spent or discarded first.
        InvalidInput, UnknownName: as :func:`~progression_competence.queries.roll_total`, checked before the die is rolled.
    """
    competence = check_competence(pack, competence)
    if isinstance(specializations, str) or not isinstance(specializations, Sequence):
        msg = f"specializations must be a list of ids, got {specializations!r}"
        raise InvalidInput(msg)
    specializations = tuple(check_specialization(pack, competence, given) for given in specializations)
    after = competence_test(pack, sheet, competence, specializations, dice=dice)
    (shown,) = after.ledger[-1].rolls[0].results  # type: ignore[attr-defined]  # the entry the test appended
    return after, roll_total(pack, sheet, competence, shown, specializations)


@operation(
    "competence.test",
    kind="character",
    label=lambda op: f"{op.competence} test",
    told=lambda op, name: f"{name(op.competence)} test",
)
def competence_test(work: Work, competence: str, specializations: tuple[str, ...] = (), *, dice: Dice) -> None:
    """A competence test: the die rolled and recorded with the total in words."""
    pack, sheet = work.pack, work.sheet
    roll_total(pack, sheet, competence, 1, specializations)  # every check before the die is rolled
    waiting = pack.surplus(sheet)
    if waiting:
        pools = ", ".join(f"{pack.name_of(p)} ({n} over)" for p, n in waiting.items())
        msg = f"points over a cap wait to be spent or discarded first: {pools}"
        raise PendingState(msg)
    (shown,) = dice.roll(die_size(pack), 1, f"{pack.name_of(competence)} test")
    result = roll_total(pack, sheet, competence, shown, specializations)
    work.show_roll(result.describe(pack), result.die, (shown,))
