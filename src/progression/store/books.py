"""What a league and a campaign kept in one store have in common: a :class:`Book`.

A pack keeps its league (Blood Bowl) or its party (competence) in a store: the sheets are the store's, and
what is not a sheet's history (the league's name and its teams, the party's characters and its campaign's
tuning) is one record of the store, the book's settings. A :class:`Book` is made in a store that holds none
(:meth:`Book.start`), found in one that holds one (:meth:`Book.found`), reads its settings inside or outside
a transaction, names its members (the sheets it holds, in the order they joined), reads a sheet file for
import, and closes its store. The pack's class adds what its game does with them.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Self

from progression.errors import InvalidInput, NotAStore, Sentence, StoreError, UnknownName, Way
from progression.files import sheets as files
from progression.ledger.sheet import Sheet
from progression.store.store import sheet_bytes

if TYPE_CHECKING:
    from progression.store.store import Store, Transaction

__all__ = ["Book"]


class Book:
    """A pack's book in one store: its settings record, its members, its store.

    A subclass names its record (``book_record``), what messages call it (``noun``), the functions that
    make and open it (``makes``, ``opens``), and the key of its settings that lists its members
    (``members_key``) and what a member is called (``member``).
    """

    #: The store record of the book's settings.
    book_record: ClassVar[str]
    #: What messages call the book: ``"league"``, ``"party"``.
    noun: ClassVar[str]
    #: The functions that make and open one, as messages name them: ``"new_league"``, ``"open_league"``.
    makes: ClassVar[str]
    opens: ClassVar[str]
    #: The key of the settings that lists the members' ids, and what a member is called: ``"teams"``, ``"team"``.
    members_key: ClassVar[str]
    member: ClassVar[str]
    #: The ``progression`` command that keeps the book, whose ``new`` makes one: ``"league"``, ``"campaign"``
    #: (None: a book the command line does not keep; messages name the function alone).
    command: ClassVar[str | None] = None

    def __init__(self, store: Store) -> None:
        #: The store the book is kept in.
        self.store = store
        #: The rules its sheets are played under.
        self.pack = store.pack

    @classmethod
    def start(cls, store: Store, settings: Mapping[str, Any]) -> Self:
        """Write the book's settings in an open store that holds no book, in one transaction; the book.

        Raises:
            StoreError: the store already holds one.
        """
        with store.transaction() as tx:
            if tx.record(cls.book_record) is not None:
                raise StoreError(store.where, f"it already holds a {cls.noun}; open it with {cls.opens}")
            tx.put(cls.book_record, dict(settings), expected=0)
        return cls(store)

    @classmethod
    def found(cls, store: Store) -> Self:
        """The book an open store holds (its settings are read when asked for: a record edited in the database
        into what is not JSON is refused then, naming it, and a check can list it; a book that seals its record,
        as the competence party does, refuses there any edit of it, overriding :meth:`settings`).

        Raises:
            NotAStore: the store holds none.
        """
        if cls.book_record not in store.record_names(cls.book_record):  # found, even edited into what is not JSON
            raise NotAStore(store.where, cls._none_held(store))
        return cls(store)

    @classmethod
    def _none_held(cls, store: Store) -> Sentence:
        """Why a store holds no book, and what makes one: its function, or its command on the command line."""
        makes: str | Way = cls.makes
        if cls.command is not None:
            told = f"NEWFILE --pack {store.pack.name} --name NAME"
            makes = Way(python=cls.makes, command=f"{cls.command} new", args=told, on_file=False)
        return Sentence((f"it holds no {cls.noun}; make one in a new store with ", makes))

    def settings(self, tx: Transaction | None = None) -> tuple[dict[str, Any], int]:
        """The book's settings (a copy) and the version of their record, as ``tx`` has them when given."""
        found = (tx or self.store).record(self.book_record)
        if found is None:
            raise StoreError(self.store.where, self._none_held(self.store))
        return dict(found.value), found.version

    @property
    def name(self) -> str:
        """The book's name."""
        return str(self.settings()[0]["name"])

    def members(self) -> tuple[str, ...]:
        """The ids of the book's sheets, in the order they joined."""
        return tuple(self.settings()[0][self.members_key])

    def check_member(self, who: object, known: Sequence[str]) -> str:
        """``who`` when it is one of ``known``; :class:`~progression.errors.UnknownName` naming them otherwise."""
        if not isinstance(who, str) or who not in known:
            raise UnknownName(self.member, who, known, f"{self.noun} {self.name!r}")
        return who

    def read_file(self, path: str | os.PathLike[str]) -> Sheet:
        """Deprecated: :meth:`load_sheet_file` (a sheet from a file is ``load_``, as :func:`progression.load_sheet`;
        ``read_`` gives what is saved back, as :func:`progression.files.read_sheet_file`)."""
        warnings.warn("Book.read_file is deprecated: use Book.load_sheet_file", DeprecationWarning, 2)
        return self.load_sheet_file(path)

    def load_sheet_file(self, path: str | os.PathLike[str]) -> Sheet:
        """The sheet of a sheet file, read under the book's pack (a file edited by hand, or written before seals, is
        refused: :class:`~progression.errors.SheetTampered`).

        Raises:
            InvalidInput: ``path`` is not a path.
            StoreError: the file cannot be read.
            SheetError: it is not a sheet file.
        """
        if not isinstance(path, str | os.PathLike) or (isinstance(path, str) and not path.strip()):
            msg = f"expected the path of a sheet file to read into the {self.noun}, got {path!r}"
            raise InvalidInput(msg)
        target = Path(path)
        if not target.exists():
            raise StoreError(self.store.where, f"cannot read the sheet file {str(target)!r}: it does not exist")
        return files.load_sheet(sheet_bytes(target, self.store.where), str(target), pack=self.pack)

    def close(self) -> None:
        """Close the book's store."""
        self.store.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
