"""Parsed TOML kept between processes, found by the text's content: a pack's data parsed once, not at every command.

``tomllib`` is written in Python: parsing the Blood Bowl pack's data files (about 0.2 MB of TOML) took 65-90 ms of
every command, where ``json`` reads the same values back in 2-3 ms. :func:`parse` gives exactly what
``tomllib.loads(text)`` gives, and keeps it as a JSON document in the cache folder, named by the SHA-256 of the
text (and the Python that parsed it), so that the next process with the same text reads the document instead.

What the cache can and cannot do:

* It holds the **parse** only. Every check a pack makes of its values (types, ranges, references, cross-checks)
  runs on what it returns, every time, so a cached document can never load data the checks would refuse.
* It is found by the **content** of the text, never by a time stamp or a path: an edited file is a new text,
  parsed anew; the same text in two places is one document.
* A document is used only when it says it is this cache's, in this format, of this Python's parse, of a text with
  this very digest, and when every value in it is of a type TOML parses to (a table with text keys, an array, a
  text, an integer, a float, a boolean). Anything else (a truncated or corrupt file, a directory, a document of
  another text or another Python, a ``null``) is ignored and the text parsed again; the document is then
  written anew.
* Writing never fails a read: a folder that cannot be made or written to (a read-only home) leaves the cache
  empty. Documents are written to a temporary file and renamed into place, so a reader never sees half of one.
* Values TOML has and JSON has not (dates and times) are not cached: such a text is parsed each time.

The folder is ``$PROGRESSION_CACHE_DIR`` when that is set (an empty value turns the cache off), else
``$XDG_CACHE_HOME/progression``, else ``~/.cache/progression``; the documents live in its ``toml`` folder and may
be deleted at any time.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tomllib
from pathlib import Path
from typing import Any

from progression.disk import read_regular

__all__ = ["ENVIRONMENT", "FORMAT", "folder", "parse"]

#: The environment variable naming the cache folder; set to the empty text, it turns the cache off.
ENVIRONMENT = "PROGRESSION_CACHE_DIR"
#: The layout of a cached document; a document of another format is ignored.
FORMAT = 1
#: What a cached document says it is.
_KIND = "progression: parsed TOML"
#: The Python whose ``tomllib`` made the parse (another version may parse differently).
_PYTHON = f"{sys.implementation.name}-{'.'.join(map(str, sys.version_info[:3]))}"
#: The largest cached document read (JSON of a TOML file of at most 16 MiB stays well under it).
_LARGEST = 64 * 2**20


def folder() -> Path | None:
    """The cache folder, or None when the cache is turned off (``PROGRESSION_CACHE_DIR=""``, or no home folder to
    keep it in)."""
    configured = os.environ.get(ENVIRONMENT)
    if configured is not None:
        return Path(configured) if configured else None
    base = os.environ.get("XDG_CACHE_HOME") or os.environ.get("LOCALAPPDATA")
    where = Path(base) if base else Path(os.path.expanduser("~")) / ".cache"
    # a home that cannot be found ("~" left as it is) or a relative setting: no cache, never one in the working folder
    return where / "progression" if where.is_absolute() else None


def parse(text: str) -> dict[str, Any]:
    """``tomllib.loads(text)``, read from the cache when it holds this text's parse.

    Raises:
        tomllib.TOMLDecodeError: the text is not TOML (nothing is cached).
        RecursionError: the text nests too deeply for ``tomllib``.
    """
    where = folder()
    if where is None:
        return tomllib.loads(text)
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    path = where / "toml" / f"{digest}.{_PYTHON}.json"
    found = _cached(path, digest)
    if found is not None:
        return found
    parsed = tomllib.loads(text)
    if _plain(parsed):
        _store(path, {"kind": _KIND, "format": FORMAT, "python": _PYTHON, "sha256": digest, "data": parsed})
    return parsed


def _cached(path: Path, digest: str) -> dict[str, Any] | None:
    """The parse kept at ``path`` for the text of ``digest``, or None when there is none this cache can trust."""
    try:
        document = json.loads(read_regular(path, _LARGEST))
    except (OSError, ValueError, RecursionError):  # missing, a directory, too large, not JSON
        return None
    if (
        not isinstance(document, dict)
        or document.get("kind") != _KIND
        or document.get("format") != FORMAT
        or isinstance(document.get("format"), bool)
        or document.get("python") != _PYTHON
        or document.get("sha256") != digest
    ):
        return None
    data = document.get("data")
    return data if isinstance(data, dict) and _plain(data) else None


def _plain(value: object) -> bool:
    """Whether every value in ``value`` is of a type both TOML and JSON hold: tables with text keys, arrays,
    texts, integers, floats and booleans (no dates or times, which JSON cannot keep, and no ``null``, which
    TOML has not)."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            if not all(type(key) is str for key in item):
                return False
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
        elif type(item) not in (str, int, float, bool):
            return False
    return True


def _store(path: Path, document: dict[str, Any]) -> None:
    """Write ``document`` at ``path`` through a temporary file renamed into place; a failure leaves no cache."""
    import tempfile  # only when a document is written: most commands only read

    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                json.dump(document, stream, ensure_ascii=False, separators=(",", ":"))
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except (OSError, ValueError):
        return
