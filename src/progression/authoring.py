"""For pack authors: the parts a rule pack is made of (currencies, pools, stats, kinds of sheet,
upgrades, their costs and limits, GM overrides, displayed labels, the strategy of sensible play the
conformance check is steered by, :class:`Play`), the requests a random procedure
yields (:class:`Roll`, :class:`Choose`) and the context it reads, reading a pack's own TOML
(:class:`Reader`, :func:`structure_pack`), telling its entries (:class:`Narrator`) and the installed
packs' entry points (:func:`pack_entries`, :class:`PackEntry`) and the pack files of ``PROGRESSION_PACK_PATH``
(:func:`pack_files`, :data:`PACK_PATH`; those no name finds, :func:`misnamed_pack_files`), and a package's face: :func:`moved`, its old
names kept for a release with a warning, and :func:`public_dir`, what ``dir()`` shows of it.

A user of packs needs none of this: :func:`progression.load` gives a pack, and its methods and the
operations of :mod:`progression.operations` change sheets.
"""

from progression._labels import Label
from progression._moved import moved, public_dir
from progression.engine.procedures import Choose, ProcedureContext, Roll
from progression.rulepacks.discovery import PACK_PATH, PackEntry, misnamed_pack_files, pack_entries, pack_files
from progression.rulepacks.loading import structure_pack
from progression.rulepacks.narration import Narrator
from progression.rulepacks.reader import LARGEST_PACK, Reader
from progression.rules.parts import (
    CHOICE,
    CostRule,
    Currency,
    CurveCost,
    FixedCost,
    FunctionCost,
    Kind,
    Limit,
    Override,
    PoolSpec,
    StatSpec,
    Upgrade,
)
from progression.rules.play import Play

__all__ = [
    "CHOICE",
    "LARGEST_PACK",
    "PACK_PATH",
    "Choose",
    "CostRule",
    "Currency",
    "CurveCost",
    "FixedCost",
    "FunctionCost",
    "Kind",
    "Label",
    "Limit",
    "Narrator",
    "Override",
    "PackEntry",
    "Play",
    "PoolSpec",
    "ProcedureContext",
    "Reader",
    "Roll",
    "StatSpec",
    "Upgrade",
    "misnamed_pack_files",
    "moved",
    "pack_entries",
    "pack_files",
    "public_dir",
    "structure_pack",
]

#: The names of before, for one release: ``read_pack`` built a pack from parsed data, where ``read_`` now
#: means a file read from disk (:func:`progression.files.read_sheet_file`).
__getattr__ = moved(__name__, {"entries": ":pack_entries", "read_pack": ":structure_pack"})
