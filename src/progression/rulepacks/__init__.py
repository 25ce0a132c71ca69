"""Rule packs: the pack itself (``rulepack``), reading one from TOML (``loading``, with ``reader``
and ``rule_reader``), the checks of its references (``references``), finding installed packs
through their entry points (``discovery``), and what a pack offers the command line (``contract``,
its declared ``commands`` and their ``options``).
"""

from progression.rulepacks.discovery import PackEntry, load, pack_entries, packs
from progression.rulepacks.loading import load_file, load_text, structure_pack
from progression.rulepacks.reader import Reader
from progression.rulepacks.rulepack import RulePack

__all__ = [
    "PackEntry",
    "Reader",
    "RulePack",
    "load",
    "load_file",
    "load_text",
    "pack_entries",
    "packs",
    "structure_pack",
]
