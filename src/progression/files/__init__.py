"""Sheet files: read from disk and written back safely (``sheet_files``), a sheet to and from JSON
(``sheets``), the cattrs converter and the operations' codec (``codec``; ``converter`` is the converter
itself), the ledger's readers and writers (``ledger_read``, ``ledger_write``), and what a ledger read from a
file must satisfy (``checks``).
"""

from progression._moved import moved
from progression.files.codec import operations_of, structure_operation, unstructure_operation
from progression.files.sheet_files import SheetFile, create_sheet_file, read_sheet_file
from progression.files.sheets import (
    LARGEST_FILE,
    Tampered,
    converter,
    dump_sheet,
    load_sheet,
    structure_sheet,
    unstructure_sheet,
)

__all__ = [
    "LARGEST_FILE",
    "SheetFile",
    "Tampered",
    "converter",
    "create_sheet_file",
    "dump_sheet",
    "load_sheet",
    "operations_of",
    "read_sheet_file",
    "structure_operation",
    "structure_sheet",
    "unstructure_operation",
    "unstructure_sheet",
]

#: The names of before, for one release: ``dumps`` gave a dict, ``loads`` read one.
__getattr__ = moved(__name__, {"dumps": ":unstructure_sheet", "loads": ":structure_sheet"})
