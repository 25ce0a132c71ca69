"""Sheet files on disk for the command line: read and written by :mod:`progression.files.sheet_files`, their
refusals said as the command line says them.

A write goes through :func:`progression.disk.replace_file`: to a temporary file in the same
directory, flushed to disk, replacing the sheet file in one ``os.replace`` (a crash at any moment
leaves either the old file or the new one, whole). Just before replacing, the file is read again and
compared with the fingerprint taken when the command read it; if another program changed it
meanwhile, nothing is written and the command is refused (:class:`Conflict`). The write, the check and
the replacement happen under an exclusive lock of the directory (``flock``), so two writers never both
pass the check: one waits for the other, then finds the file changed and is refused. No update is lost.
Only regular files are read, up to :data:`~progression.files.sheets.LARGEST_FILE` bytes; through a
symbolic link, the file it names is written; a read-only file is never replaced, nor anything that is
not a regular file. The store's ``export_file`` writes the same way.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from progression.cli.args import UsageError, resolve_pack
from progression.disk import replace_file
from progression.errors import FileChanged, MissingFile, ProgressionError, UnreadableFile, UnwritableFile
from progression.files import LARGEST_FILE, SheetFile, Tampered, create_sheet_file, read_sheet_file
from progression.ledger import Sheet
from progression.spelling import command_line

__all__ = ["Conflict", "SheetFile", "atomic_write", "create_sheet", "read_sheet", "write_sheet"]


class Conflict(ProgressionError):
    """The sheet file changed on disk after the command read it: nothing was written (exit status 1)."""


def read_sheet(path: str | Path, *, tampered: Tampered = "refuse", pack: str | None = None) -> SheetFile:
    """Read and check a sheet file (:func:`progression.files.read_sheet_file`; a file edited by hand is read
    only with ``tampered="read"``, by the commands that verify it or run it again).

    Args:
        pack: the pack the command was given (``--pack``), which the command that makes a missing file names.

    Raises:
        UsageError: the file is missing or unreadable.
        SheetError: the file is not a valid sheet, or was edited by hand (:class:`~progression.errors.SheetTampered`).
    """
    try:
        return read_sheet_file(path, tampered=tampered)
    except MissingFile:
        msg = f"sheet file {str(path)!r} does not exist; create it with {_making(str(path), pack)}"
        raise UsageError(msg) from None
    except UnreadableFile as error:
        msg = f"cannot read sheet file {str(path)!r}: {error.reason}"
        raise UsageError(msg) from None


def _making(path: str, pack: str | None) -> str:
    """The command that makes the sheet file ``path``, with the pack when the command was given one (and its kind
    when the pack makes sheets of one kind); what it cannot know is a placeholder, said in words after it."""
    kinds: list[str] = []
    if pack is not None:
        with contextlib.suppress(ProgressionError):
            kinds = sorted(resolve_pack(pack).kinds)
    kind = kinds[0] if len(kinds) == 1 else "KIND"
    made = f"`{command_line('progression', 'sheet', 'new', path, '--pack', pack or 'PACK', '--kind', kind)}`"
    if pack is None:
        return (
            f"{made}, PACK a rule pack (`progression packs` lists them) and KIND the kind of sheet it makes "
            "(`progression show PACK` lists them)"
        )
    if kind == "KIND":
        among = f": {', '.join(kinds)}" if kinds else f" (`{command_line('progression', 'show', pack)}` lists them)"
        return f"{made}, KIND the kind of sheet the pack makes{among}"
    return made


@contextlib.contextmanager
def _refusals(path: Path, expected: str | None) -> Iterator[None]:
    """The refusals of a write as the command line's: a file someone else changed is a :class:`Conflict`, a
    file that may not be replaced a :class:`UsageError`."""
    try:
        yield
    except UnwritableFile as refused:
        raise UsageError(str(refused)) from None
    except UnreadableFile as error:  # what is there now cannot be read back to be compared
        msg = f"{str(path)!r} cannot be replaced: {error.reason}; nothing was written"
        raise Conflict(msg) from None
    except FileChanged as changed:
        if expected is None:
            msg = f"{str(path)!r} was created by someone else meanwhile; nothing was written"
        else:
            msg = (
                f"sheet file {str(path)!r} was {changed.how} by someone else since this command read it; "
                "nothing was written: run the command again on the new content"
            )
        raise Conflict(msg) from None


def atomic_write(path: Path, data: bytes, *, expected: str | None, check: bool = True) -> None:
    """Replace ``path`` by ``data`` in one step, if it still has the fingerprint ``expected``
    (:func:`progression.disk.replace_file`).

    Raises:
        Conflict: the file is not what the caller read; nothing was written.
        UsageError: the file is read-only, or no regular file; nothing was written.
        OSError: the write failed; the old file is untouched and no temporary file is left.
    """
    with _refusals(path, expected):
        replace_file(path, data, expected=expected, check=check, limit=LARGEST_FILE)


def write_sheet(file: SheetFile, sheet: Sheet, *, replace: bool = False) -> None:
    """Save ``sheet`` over the file it was read from, refusing if the file changed since, and (without ``replace``)
    if ``sheet`` does not continue the history the file holds (:meth:`SheetFile.save`)."""
    with _refusals(file.path, file.digest):
        file.save(sheet, replace=replace)


def create_sheet(path: str | Path, sheet: Sheet, *, force: bool = False) -> Path:
    """Save a new sheet; an existing file is replaced only with ``force``."""
    file = Path(path)
    if file.is_dir():
        msg = f"{str(file)!r} is a directory; give the name of the sheet file to create"
        raise UsageError(msg)
    if not file.parent.is_dir() and str(file.parent):
        msg = f"cannot create {str(file)!r}: the directory {str(file.parent)!r} does not exist"
        raise UsageError(msg)
    if file.exists() and not force:
        msg = f"{str(file)!r} already exists; pass --force to replace it"
        raise UsageError(msg)
    with _refusals(file, None):
        create_sheet_file(file, sheet, replace=force)
    return file
