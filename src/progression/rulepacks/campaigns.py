"""A pack's campaign kept in a store (a party of characters), declared for ``progression campaign ...``.

The command line knows no pack and no campaign: it knows that a pack may declare one
(:attr:`Contract.campaign <progression.contract.Contract.campaign>`), a :class:`Campaign` naming the pack's class
that keeps a party in a store, and that this class has the methods of :class:`CampaignBook`. The command line
opens the store (:func:`progression.open_store`), makes or opens the pack's party in it, calls one method, and
prints what it returns: plain rows, sheets, and the core's own reports. What tunes a campaign (its competences,
its prices) and what a starting character is given are the pack's: :attr:`Campaign.options` declares the
``KEY=VALUE`` words of ``campaign new``, which the command line checks before the pack reads them as text.

The declaration is checked when the pack is made: a class without one of the methods, or a method of the
wrong shape, is refused (:func:`~progression.rulepacks.books.check_book`, as a league's).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import attrs

from progression.errors import InvalidInput
from progression.rulepacks.books import check_book
from progression.rulepacks.commands import Command, Signature
from progression.rulepacks.options import Option

if TYPE_CHECKING:
    from progression.history.amend import Amendment
    from progression.history.verify import Verification
    from progression.ledger.events import Operation
    from progression.ledger.sheet import Sheet
    from progression.rulepacks.rulepack import RulePack
    from progression.store.store import Store

__all__ = ["METHODS", "Campaign", "CampaignBook"]

#: A table as the command line prints it: one mapping per row, its keys the columns.
Rows = Sequence[Mapping[str, object]]


class CampaignBook(Protocol):
    """What ``progression campaign ...`` asks of a pack's party in a store (``Campaign.book``).

    Its ``new`` and ``open`` are class methods given the open store; the store is the command line's to close.
    A refusal is a :class:`~progression.errors.ProgressionError`, as everywhere.
    """

    @classmethod
    def new(cls, store: Store, name: str, **tuning: str) -> CampaignBook:
        """Make a party called ``name`` in a new store, its campaign tuned by ``tuning`` (``Campaign.options``)."""

    @classmethod
    def open(cls, store: Store) -> CampaignBook:
        """The party a store holds."""

    @property
    def pack(self) -> RulePack:
        """The rules its characters are played under (the campaign as the store keeps it)."""

    def about(self) -> Mapping[str, object]:
        """The party's ``name``, its ``campaign`` and ``characters`` (their ids)."""

    def character(self, character: str) -> Sheet:
        """The character's sheet as stored."""

    def add_character(self, character: str, name: str, **levels: str) -> Sheet:
        """A new character stored under the id ``character``, with its starting values as text."""

    def add_sheet(self, character: str, sheet: Sheet) -> Sheet:
        """Store a character sheet (read from a file) under ``character``, verified first."""

    def export_character(
        self, character: str, path: str | os.PathLike[str], *, force: bool
    ) -> tuple[os.PathLike[str], ...]:
        """Write the character to a sheet file usable on its own; every file written, the sheet first."""

    def award(self, awards: Mapping[str, Mapping[str, int]], *, reason: str) -> Mapping[str, Sheet]:
        """Award points to several characters (character -> what -> points) in one transaction: all or none."""

    def change(
        self, character: str, change: Callable[[RulePack, Sheet], Sheet], *, expected: int | None = None
    ) -> Sheet:
        """Store what ``change`` (an action, a purchase) makes of the stored character, each entry through
        the engine, in one transaction; with ``expected``, refused (``StoreConflict``) unless the character is
        still at that version (the command line asks for typed-in dice before, holding no lock)."""

    def amend(self, character: str, position: int, operation: Operation, *, invalid: str) -> Amendment:
        """Replace the operation of a character's entry and run the later ones again, reusing the recorded
        rolls, in one transaction (``invalid`` as :func:`progression.amend` takes it)."""

    def party(self, language: str | None = None) -> Rows:
        """One row per character, the first column its id: the pack's ids (as ``--json`` prints them), or, with
        a ``language``, what the pack displays in that language (as the table prints them)."""

    def verify(self) -> Mapping[str, Verification]:
        """Every character verified."""


#: The methods a pack's campaign class must have, and what each is given first.
METHODS: dict[str, tuple[str, ...]] = {
    "new": ("store", "name"),
    "open": ("store",),
    "about": (),
    "character": ("character",),
    "add_character": ("character", "name"),
    "add_sheet": ("character", "sheet"),
    "export_character": ("character", "path"),
    "award": ("awards",),
    "change": ("character", "change"),
    "amend": ("character", "position", "operation"),
    "party": (),
    "verify": (),
}


@attrs.frozen(kw_only=True)
class Campaign(Command):
    """A campaign the pack keeps in a store (``progression campaign ...``): its class, and the ``KEY=VALUE``
    options that tune a new one (``campaign new``), each read as text by the class.

    ::

        Campaign(book=Party, options=[Option(name="campaign", type=str, default="", doc="a campaign file")])
    """

    role: ClassVar[str] = "campaign"
    fixed: ClassVar[tuple[str, ...]] = ()

    name: str = "campaign"
    #: The pack's party class, with the methods of :class:`CampaignBook`.
    book: type[Any]
    #: What ``campaign award --to CHARACTER:WHAT=N`` awards points to, in words (``competence``).
    awarded: str = "pool"

    @property
    def what(self) -> str:
        return "campaign new"

    def _source_doc(self) -> str | None:
        return self.book.__doc__ if isinstance(self.book, type) else None

    def _read(self) -> Signature:
        check_book("campaign", self.book, METHODS)
        if not isinstance(self.awarded, str) or not self.awarded.strip():
            msg = f"expected what points are awarded to, in words, as the awarded of a campaign, got {self.awarded!r}"
            raise InvalidInput(msg)
        options: tuple[Option, ...] = self.options or ()
        return Signature(options=options, text=True)

    def data(self) -> dict[str, object]:
        return {**super().data(), "awarded": self.awarded}
