"""Sheet files: a sheet to and from JSON (``sheets``), the ledger's readers and writers
(``ledger_read``, ``ledger_write``), and what a ledger read from a file must satisfy (``checks``).
"""

from progression.files.sheets import converter, dump_sheet, dumps, load_sheet, loads

__all__ = ["converter", "dump_sheet", "dumps", "load_sheet", "loads"]
