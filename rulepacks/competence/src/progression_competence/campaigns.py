"""A campaign and its settings, and the pack built from them: the example campaign, a campaign or settings
from TOML (a file, :func:`~progression_competence.load_campaign` and :func:`~progression_competence.load_settings`;
or a parsed table, :func:`structure_campaign` and :func:`structure_settings`), the rules' own numbers (:func:`~progression_competence.default_settings`,
``DEGREES``, ``POLICIES``), :func:`~progression_competence.build`, and the pack a saved character was made
with (:func:`pack_for`).
"""

from progression.authoring import moved

from ._build import build, pack_for
from ._campaign import example_campaign, load_campaign, structure_campaign
from ._settings import DEGREES, POLICIES, default_settings, load_settings, structure_settings

__all__ = [
    "DEGREES",
    "POLICIES",
    "build",
    "default_settings",
    "example_campaign",
    "load_campaign",
    "load_settings",
    "pack_for",
    "structure_campaign",
    "structure_settings",
]

#: The names of before, for one release: ``read_`` now means a file read from disk, as in the core.
__getattr__ = moved(__name__, {"read_campaign": ":structure_campaign", "read_settings": ":structure_settings"})
