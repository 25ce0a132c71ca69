"""Sheet files on disk: a sheet read from its file with the fingerprint of the bytes read, and written back
in one step, never over someone else's change.

What the command line does with a sheet file, for a program: :func:`read_sheet_file` reads a regular file of
at most :data:`~progression.files.LARGEST_FILE` bytes and checks the sheet it holds; :meth:`SheetFile.save`
replaces the file by a new sheet only if the file is still what was read (:func:`progression.disk.replace_file`:
under the directory's lock, in one ``os.replace``), so of two programs saving over the same read, one is refused
and no update is lost, and only by a sheet that continues the history the file holds (never by another character's,
unless asked); :func:`create_sheet_file` writes a new one.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from progression.disk import fingerprint, read_regular, replace_file
from progression.disk.read import checked_path
from progression.engine.checks import sheet_came
from progression.engine.operations import Create
from progression.errors import AnotherSheet, InvalidInput, UnwritableFile
from progression.files.sheets import LARGEST_FILE, Tampered, dump_sheet, loaded
from progression.ledger.events import Entry
from progression.ledger.sheet import Sheet, creation

if TYPE_CHECKING:
    from progression.rulepacks.rulepack import RulePack

__all__ = ["SheetFile", "create_sheet_file", "read_sheet_file"]


@attrs.frozen(kw_only=True)
class SheetFile:
    """A sheet as read from (or written to) its file, with the fingerprint of the file's bytes."""

    path: Path
    #: SHA-256 of the file's bytes (:func:`progression.disk.fingerprint`), or None for a file not there.
    digest: str | None
    sheet: Sheet
    #: Why the file's seal does not hold, read with ``tampered="read"`` (:func:`read_sheet_file`): edited by hand,
    #: or written before seals (format 1 or 2); None when it holds.
    unsealed: str | None = None

    @property
    def sealed(self) -> bool:
        """Whether the file holds the ledger the library sealed it with."""
        return self.unsealed is None

    def save(self, sheet: Sheet, *, replace: bool = False) -> SheetFile:
        """Write ``sheet`` over this file, if the file is still what was read; the file as now written.

        The file holds one sheet's history: ``sheet`` continues it (an entry added, one undone, a later entry
        amended, the whole history rebased), or it is refused: another pack's sheet, or one of another creation
        (another character), would silently take the place of the one the file holds. ``replace=True`` writes it
        over the file all the same (its creation amended on purpose: a character renamed), still only if the file
        is what was read.

        Raises:
            AnotherSheet: ``sheet`` does not continue the file's history (without ``replace``); nothing was written.
            FileChanged: someone else changed, deleted or created the file since; nothing was written.
            UnwritableFile: the file may not be replaced (read-only, no regular file); nothing was written.
            OSError: the write failed; the old file is untouched.
        """
        if not isinstance(replace, bool):
            msg = (
                f"replace= (whether a sheet that does not continue the history of {str(self.path)!r} is written over "
                f"it) is True or False, got {replace!r}"
            )
            raise InvalidInput(msg)
        if not replace and isinstance(sheet, Sheet):
            other = _another(self.sheet, sheet)
            if other is not None:
                raise AnotherSheet(str(self.path), *other)
        return _write(self.path, sheet, expected=self.digest, check=True)


def read_sheet_file(
    path: str | os.PathLike[str], *, pack: RulePack | None = None, verify: bool = False, tampered: Tampered = "refuse"
) -> SheetFile:
    """The sheet file at ``path``, read and checked (with ``pack``, ``verify`` and ``tampered`` as
    :func:`~progression.files.load_sheet` takes them).

    Raises:
        MissingFile: nothing is at ``path``.
        UnreadableFile: no regular file, larger than a sheet file may be, or refused by the system.
        SheetTampered: the file was edited by hand (its ledger is not the one it was sealed with), or written
            before seals (format 1 or 2).
        SheetError: the file holds no valid sheet, or one of another pack than ``pack``.
    """
    file = Path(checked_path(path, "read_sheet_file"))
    data = read_regular(file, LARGEST_FILE)
    sheet, unsealed = loaded(data, str(file), pack=pack, verify=verify, tampered=tampered)
    return SheetFile(path=file, digest=fingerprint(data), sheet=sheet, unsealed=unsealed)


def create_sheet_file(path: str | os.PathLike[str], sheet: Sheet, *, replace: bool = False) -> SheetFile:
    """Write ``sheet`` to a new file at ``path``; a file already there is replaced only with ``replace``.

    Raises:
        UnwritableFile: a file is there (without ``replace``), or what is there may not be replaced, or the
            folder does not exist; nothing was written.
        FileChanged: someone else created the file meanwhile; nothing was written.
    """
    file = Path(checked_path(path, "create_sheet_file"))
    if not isinstance(replace, bool):
        msg = f"replace= (whether a file already at {str(path)!r} is replaced) is True or False, got {replace!r}"
        raise InvalidInput(msg)
    if not replace and os.path.lexists(file):
        raise UnwritableFile(str(file), f"{str(file)!r} already exists; nothing was written (replace=True replaces it)")
    return _write(file, sheet, expected=None, check=not replace)


def _another(held: Sheet, given: Sheet) -> tuple[str, str] | None:
    """The sheet a file holds and the sheet given to save over it, in words, when the given one does not continue
    the file's history (another pack, another creation); None when it does."""
    if held.pack == given.pack and _origin(held) == _origin(given):
        return None
    words = [f"{sheet_came(sheet)} of pack {sheet.pack!r}" for sheet in (held, given)]
    if words[0] == words[1]:  # the same words: say how its creation differs
        words[1] += f" created otherwise{_differences(_origin(held), _origin(given))}"
    return words[0], words[1]


def _differences(was: object, made: object) -> str:
    """How the creation ``made`` differs from ``was``, field by field (``(stats {...} where the file's is {...})``),
    or nothing when either is no creation operation."""
    if not (isinstance(was, Create) and isinstance(made, Create)):
        return ""
    found = [
        f"{field.name} {_told(getattr(made, field.name))} where the file's is {_told(getattr(was, field.name))}"
        for field in attrs.fields(Create)
        if getattr(was, field.name) != getattr(made, field.name)
    ]
    return f" ({'; '.join(found)})" if found else ""


def _origin(sheet: Sheet) -> object:
    """What a history is known by beside its pack: what its creation asked (its operation), which an added entry,
    an undo and a rebase keep (a rebase may change what the creation gives, never what it asked); for a creation
    recorded before operations were, the kind and name it made."""
    first = sheet.ledger[0]
    if isinstance(first, Entry):
        return first.operation
    created = creation(first)
    return (created.kind, created.name) if created is not None else None


def _told(value: object) -> str:
    """A value of a creation in a message: a mapping as a dict, shortened."""
    return f"{dict(value) if isinstance(value, Mapping) else value!r:.80}"


def _write(path: Path, sheet: Sheet, *, expected: str | None, check: bool) -> SheetFile:
    if not isinstance(sheet, Sheet):
        msg = f"expected the Sheet to write to {str(path)!r}, got {type(sheet).__name__}"
        raise InvalidInput(msg)
    data = (dump_sheet(sheet) + "\n").encode("utf-8")
    replace_file(path, data, expected=expected, check=check, limit=LARGEST_FILE)
    return SheetFile(path=path, digest=fingerprint(data), sheet=sheet)
