"""What every operation's rule code shares: its input checked at the edge, and the sheet it acts on.

Rules are checked before an operation's entry is made (by :mod:`progression.engine.run`); the fold trusts
the events.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from progression.errors import InvalidInput, RulesChanged
from progression.ledger.sheet import Sheet

if TYPE_CHECKING:
    from progression.rulepacks.rulepack import RulePack

__all__ = [
    "LARGEST",
    "came",
    "check_amount",
    "check_id",
    "check_kind",
    "check_mapping",
    "check_number",
    "check_rules",
    "check_sheet",
    "check_text",
    "check_writable",
    "member_named",
    "sheet_called",
    "sheet_came",
    "subject_of",
    "wrong_sheet",
]


def came(value: object) -> str:
    """What came where something else was expected, as a refusal says it: its type, and its value when that is
    short (``str 'Ana'``; a rule pack's long repr is left out, and a number too long to write out)."""
    try:
        shown = repr(value)
    except ValueError:  # an integer past the digits Python writes out (4,300)
        return type(value).__name__
    return type(value).__name__ if len(shown) > 60 else f"{type(value).__name__} {shown}"


def check_amount(amount: object, where: str) -> int:
    """A positive integer amount of points, or :class:`InvalidInput` saying what was expected as ``where`` (a
    phrase: ``"the amount of the award to 'purse'"``) and what came."""
    if isinstance(amount, bool) or not isinstance(amount, int):
        msg = f"expected a whole number of points as {where}, got {amount!r} ({type(amount).__name__})"
        raise InvalidInput(msg)
    if amount <= 0:
        msg = f"expected a positive whole number of points as {where}, got {amount!r}"
        raise InvalidInput(msg)
    if amount > LARGEST:
        msg = f"expected at most {LARGEST:,} points as {where}, got a number of {digits(amount)} digits"
        raise InvalidInput(msg)
    return amount


#: The largest number a sheet may hold, either sign (a quadrillion), and so the most points one operation may
#: give: far past any game's points or prices, and small enough for every figure to print and add up exactly
#: everywhere. A sheet file holding a larger number is refused (``files.sheets``, which reads this one), so the
#: engine refuses one where it would come in (a start, an award, an effect), before it is written.
LARGEST = 10**15


def check_number(value: int, what: str, where: str) -> int:
    """``value`` (an integer) when a sheet can hold it: at most ``LARGEST`` (a quadrillion) either way; else
    :class:`~progression.errors.InvalidInput` saying what came (its number of digits: a huge one is not written
    out).

    Args:
        what: What the number is (``"stat 'level'"``, ``"levels"``).
        where: Where it came, as a phrase the sentence ends with (``"the raise of 'escrime'"``,
            ``"a new hero sheet"``): ``stat 'level' must be at most 1,000,000,000,000,000 either way (what a
            sheet file holds) in a new hero sheet, got ...``.
    """
    if -LARGEST <= value <= LARGEST:
        return value
    shown = f"{value:,}" if abs(value) < 10**30 else f"a number of {digits(value)} digits"
    msg = f"{what} must be at most {LARGEST:,} either way (what a sheet file holds) in {where}, got {shown}"
    raise InvalidInput(msg)


def digits(number: int) -> int:
    """How many decimal digits ``number`` has, without writing it out (Python refuses past 4,300)."""
    size = abs(number)
    estimate = max(1, int(size.bit_length() * 0.30102999566398120))  # log10(2)
    return estimate + 1 if size >= 10**estimate else estimate


def check_text(text: object, what: str, where: str) -> str:
    """A text with something in it (a reason, a label), or :class:`InvalidInput` saying what came."""
    if not isinstance(text, str) or not text.strip():
        msg = f"expected a non-empty text as the {what} of {where}, got {text!r}"
        raise InvalidInput(msg)
    return check_writable(text, what, where)


def check_writable(text: str, what: str, where: str) -> str:
    """``text`` when it can be written to a file (UTF-8): a lone surrogate, such as a byte of another encoding
    read from a command line, cannot be, and every later save would fail."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        msg = (
            f"expected text that can be written as UTF-8 as the {what} of {where}, got {text!r} "
            f"({error.reason} at {error.start})"
        )
        raise InvalidInput(msg) from None
    return text


def check_sheet(sheet: object, where: str | None = None) -> Sheet:
    """``sheet`` itself when it is a :class:`Sheet`, else :class:`InvalidInput` saying what came and, by ``where``,
    what it was given as (``"the sheet to verify"``)."""
    if not isinstance(sheet, Sheet):
        given = f" as {where}" if where else ""
        msg = f"expected a Sheet{given}, got {came(sheet)}"
        raise InvalidInput(msg)
    return sheet


def check_kind(sheet: object, kind: str, where: str, *, pack: str | None = None) -> Sheet:
    """``sheet`` itself when it is a :class:`~progression.Sheet` of ``kind`` (``team``, ``character``), and of the pack
    named ``pack`` when one is given; else :class:`~progression.errors.InvalidInput` saying what was expected as
    ``where`` (``"the team to value"``) and what came, as every refusal of a sheet of the wrong kind or pack says
    it: a sheet by its kind and name, and by its pack when it is not the one expected.

    A type test and two comparisons when the sheet fits: a pack's queries call it on every call, its hot ones
    included.
    """
    if isinstance(sheet, Sheet) and sheet.kind == kind and (pack is None or sheet.pack == pack):
        return sheet
    raise InvalidInput(wrong_sheet(sheet, where, kind=kind, pack=pack))


def wrong_sheet(sheet: object, where: str, *, kind: str | None = None, pack: str | None = None) -> str:
    """The one sentence refusing what is not the sheet expected as ``where``, wherever a sheet of the wrong kind or
    pack comes: ``expected a team sheet of pack 'bloodbowl' as the team to value, got a player sheet 'Lena'``, or
    ``..., got a character sheet 'Ana' of pack 'competence'``: a sheet by its kind and name, and by its pack when
    it is not the one expected; anything else as :func:`came` says it.

    Args:
        where: What the sheet was given as (``"the team to value"``, ``"the sheet for standings"``).
        kind: The kind expected, if one is.
        pack: The name of the pack expected, if one is.
    """
    expected = f"{_a(kind)} {kind} sheet" if kind else "a sheet"
    if pack is not None:
        expected += f" of pack {pack!r}"
    return f"expected {expected} as {where}, got {sheet_came(sheet, pack)}"


def sheet_called(sheet: Sheet, *, bare: bool = False) -> str:
    """How a refusal names ``sheet``: by its name (``sheet 'Sam'``, or with ``bare`` only ``'Sam'``), or, when it
    has none, by its kind (``the hero sheet``), never the kind as though it were the sheet's name."""
    if sheet.name:
        return repr(sheet.name) if bare else f"sheet {sheet.name!r}"
    return f"the {sheet.kind} sheet"


def sheet_came(value: object, pack: str | None = None) -> str:
    """What came where a sheet was expected, as a refusal says it: a sheet by its kind and its name, and by its pack
    when it is not the ``pack`` expected (``a character sheet 'Ana' of pack 'competence'``); anything else as :func:`came`
    says it."""
    if not isinstance(value, Sheet):
        return came(value)
    named = f" {value.name!r}" if value.name else ""
    other = f" of pack {value.pack!r}" if pack is not None and value.pack != pack else ""
    return f"{_a(value.kind)} {value.kind} sheet{named}{other}"


def _a(word: str) -> str:
    """The article before ``word``."""
    return "an" if word[:1] in "aeiou" else "a"


def check_rules(pack: RulePack, sheet: Sheet, where: str = "the sheet to run on") -> None:
    """Refuse a sheet of another pack, or made under other rules than ``pack``'s (another version of its data, a
    campaign tuned otherwise): what ``pack`` would do or price for it is not what its own rules give. ``run`` makes
    this refusal first, before any operation; a pack makes it itself before running on several sheets, to say it
    before what its rules would say of any of them.

    Args:
        where: What the sheet was given as, for the refusal (``"the sheet to quote"``).

    Raises:
        InvalidInput: the sheet is another pack's.
        RulesChanged: it was made under other rules (:func:`progression.rebase` runs its history again).
    """
    if sheet.pack != pack.name:
        raise InvalidInput(wrong_sheet(sheet, where, pack=pack.name))
    rules = sheet.rules
    if rules and rules != pack.rules:
        # a pack that keeps each sheet's own rules (a tuned campaign) gives them by its contract's pack_for
        named = "pack.contract.pack_for" if pack.contract.pack_for is not None else None
        raise RulesChanged(sheet.name or sheet_called(sheet), rules, pack.rules, own_rules=named)


def check_id(ident: object, what: str, where: str) -> str:
    """An id given by a caller: a text (anything else could not even be looked up, and a None or a number would
    be refused as an id that is not defined, when it is no id at all); else
    :class:`~progression.errors.InvalidInput` saying what it names (``what``: ``"upgrade"``, or ``""`` for any
    id) and where it was given (``where``: ``"quote"``, ``"rule pack 'bloodbowl'"``)."""
    if not isinstance(ident, str):
        named = f"{what} id" if what else "id"
        msg = f"expected a text {named} in {where}, got {came(ident)}"
        raise InvalidInput(msg)
    return ident


def check_mapping(value: object, what: str, where: str) -> Mapping[object, object]:
    """``value`` itself when it is a mapping, else :class:`InvalidInput` saying what was expected as the ``what``
    (``"pools"``) of ``where`` (``"a new hero sheet"``) and what came."""
    if not isinstance(value, Mapping):
        msg = f"expected a mapping of names to values as the {what} of {where}, got {type(value).__name__}"
        raise InvalidInput(msg)
    return value


def member_named(subject: Sheet, member: str) -> str:
    """A member as the history names him (``Lena (4)``, or his id), for dice asking whose roll it is."""
    return f"{subject.name} ({member})" if subject.name else member


def subject_of(sheet: Sheet, member: str | None) -> tuple[Sheet, Sheet | None]:
    """The sheet an operation acts on, and the roster above it (or None)."""
    check_sheet(sheet)
    if member is None:
        return sheet, None
    return sheet.member(check_id(member, "member", "roster")), sheet
