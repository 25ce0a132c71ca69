"""A campaign and its settings, and the pack built from them: the example campaign, a campaign or settings
read from TOML (a file, or a parsed table), the rules' own numbers (:func:`~progression_competence.default_settings`,
``DEGREES``, ``POLICIES``), :func:`~progression_competence.build`, and the pack a saved character was made
with (:func:`pack_for`).
"""

from ._build import build, pack_for
from ._campaign import example_campaign, load_campaign, read_campaign
from ._settings import DEGREES, POLICIES, default_settings, load_settings, read_settings

__all__ = [
    "DEGREES",
    "POLICIES",
    "build",
    "default_settings",
    "example_campaign",
    "load_campaign",
    "load_settings",
    "pack_for",
    "read_campaign",
    "read_settings",
]
