"""A wizard's spells played out on a small pitch: the pitch and its pieces (:class:`Pitch`, :class:`Piece`,
:class:`Profile`), players placed on it (:func:`set_up`), the spells and what they did (:func:`fireball`,
:func:`zap`, :func:`apothecary`, :func:`end_of_drive`, each an :class:`Outcome`), and the dice an entry recorded
(:func:`rolls_in`). Nothing here changes a team: :func:`progression_bloodbowl.operations.cast_spell` records an outcome
on the team's ledger.
"""

from .inducements.pitch import Outcome, Piece, Pitch, Profile
from .inducements.spells import apothecary, end_of_drive, fireball, frog_profile, rolls_in, set_up, zap

__all__ = [
    "Outcome",
    "Piece",
    "Pitch",
    "Profile",
    "apothecary",
    "end_of_drive",
    "fireball",
    "frog_profile",
    "rolls_in",
    "set_up",
    "zap",
]
