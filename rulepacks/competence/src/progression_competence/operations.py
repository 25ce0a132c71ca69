"""Everything that makes a character or changes one: each function takes the pack first and returns the new
sheet, its change recorded as one entry on the character's ledger (:func:`~progression_competence.new_character`
makes one). Points awarded (:func:`~progression_competence.award`), levels raised
(:func:`~progression_competence.raise_level`, :func:`~progression_competence.settle`), qualities and specializations
bought, and a competence test rolled and recorded (:func:`~progression_competence.roll_competence`, which gives the
new sheet and the test's total). What is read without changing anything is in :mod:`progression_competence.queries`.
"""

from progression.authoring import moved

from ._character import award, buy_quality, buy_specialization, new_character, raise_level, settle
from ._rolls import roll_competence

#: What ``competence_test`` warns: the name to use, and the private module that holds it for this release.
_WITHDRAWN = (
    "progression_competence.roll_competence(pack, sheet, competence, dice, specializations)[0] (the same test: it "
    "gives the sheet and the roll, and takes the dice before the specializations)",
    f"{__package__}._rolls",
)

__all__ = [
    "award",
    "buy_quality",
    "buy_specialization",
    "new_character",
    "raise_level",
    "roll_competence",
    "settle",
]

#: What left for one release: ``competence_test`` rolled and recorded a test as :func:`roll_competence` does,
#: without the total (it is the pack's operation, kept private as Blood Bowl keeps its own).
__getattr__ = moved(__name__, {}, withdrawn={"competence_test": _WITHDRAWN})
