"""Everything that makes a character or changes one: each function takes the pack first and returns the new
sheet, its change recorded as one entry on the character's ledger (:func:`~progression_competence.new_character`
makes one). Points awarded (:func:`~progression_competence.award`), levels raised
(:func:`~progression_competence.raise_level`, :func:`~progression_competence.settle`), qualities and specializations
bought, and a competence test rolled and recorded (:func:`~progression_competence.roll_competence`, whose operation
is :func:`competence_test`). What is read without changing anything is in :mod:`progression_competence.queries`.
"""

from ._character import award, buy_quality, buy_specialization, new_character, raise_level, settle
from ._rolls import competence_test, roll_competence

__all__ = [
    "award",
    "buy_quality",
    "buy_specialization",
    "competence_test",
    "new_character",
    "raise_level",
    "roll_competence",
    "settle",
]
