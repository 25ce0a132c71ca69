"""The user's files, read and written safely: only a regular file read, and only up to a size (``read``); a file
replaced in one step, under its directory's lock, never over someone else's change nor over a read-only file
(``write``). Sheet files, pack files and a store's exports are all read and written through here.
"""

from progression.disk.read import read_regular
from progression.disk.write import current, fingerprint, replace_file

__all__ = ["current", "fingerprint", "read_regular", "replace_file"]
