"""Sheet files: a sheet to and from JSON (``sheets``), the cattrs converter and the operations' codec
(``converter``), the ledger's readers and writers (``ledger_read``, ``ledger_write``), and what a ledger read from
a file must satisfy (``checks``).
"""

from progression.files.converter import operations_of, structure_operation, unstructure_operation
from progression.files.sheets import LARGEST_FILE, converter, dump_sheet, dumps, load_sheet, loads

__all__ = [
    "LARGEST_FILE",
    "converter",
    "dump_sheet",
    "dumps",
    "load_sheet",
    "loads",
    "operations_of",
    "structure_operation",
    "unstructure_operation",
]
