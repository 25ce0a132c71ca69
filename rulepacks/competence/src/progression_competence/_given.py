"""What the pack's functions are given, read the same way wherever it is given: the pack itself, a competence,
quality or specialization by its id or its displayed name, a text on one line (a character's name, an award's
reason, a party's name) and a yes or no.

Every function of the pack, and every method of a party, reads its arguments here, so that what one accepts
the others accept, and what one refuses the others refuse in the same words. The ledger keeps ids: a name is
read into its id before any operation is made of it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from progression import RulePack
from progression.errors import InvalidInput, UnknownName
from progression.operations import check_id

from ._tables import tables_of

__all__ = [
    "LONGEST_LINE",
    "check_competence",
    "check_line",
    "check_quality",
    "check_specialization",
    "check_yes_no",
    "named_competence",
    "named_competences",
]

#: The most characters a text on one line holds (a character's or a party's name, an award's reason): more than
#: any name or session a person writes, few enough to show on a line of a table or a history.
LONGEST_LINE = 200


def named_competence(pack: RulePack, given: str) -> str:
    """The competence ``given`` names: its id, or its displayed name in any case and language the pack declares
    (``Fencing``, ``ESCRIME`` for ``escrime``), read as every displayed name is
    (:meth:`RulePack.resolve <progression.RulePack.resolve>`); ``given`` as it is when it names none."""
    return pack.resolve(given, tuple(tables_of(pack)["competences"]))


def check_competence(pack: RulePack, competence: object) -> str:
    """The id of the competence ``competence`` names (:func:`named_competence`);
    :class:`~progression.errors.UnknownName` otherwise, naming the competences closest to it by their ids and
    displayed names (``Fencng``: escrime), :class:`~progression.errors.InvalidInput` for what is no text."""
    return _named(pack, "competence", tables_of(pack)["competences"], competence)


def check_quality(pack: RulePack, quality: object) -> str:
    """The id of the quality ``quality`` names, by its id or its displayed name (``Suppleness`` for
    ``souplesse``); refused as :func:`check_competence` refuses a competence."""
    return _named(pack, "quality", tables_of(pack)["qualities"], quality)


def check_specialization(pack: RulePack, competence: str, specialization: object) -> str:
    """The id of the specialization of ``competence`` (an id, checked) that ``specialization`` names, by its id
    or its displayed name (``Feint`` for ``feinte``); refused naming the competence's specializations."""
    table: Mapping[str, Any] = tables_of(pack)["competences"][competence]["specializations"]
    names = {ident: tuple(row["label"].values()) for ident, row in table.items()}
    return _named(pack, "specialization", table, specialization, f"competence {competence!r}", names)


def _named(
    pack: RulePack,
    kind: str,
    table: Mapping[str, Any],
    given: object,
    where: str | None = None,
    names: Mapping[str, Sequence[str]] | None = None,
) -> str:
    """The id of ``table`` that ``given`` is, or names by a displayed name (``names``: each id's names, where the
    pack's names do not hold them); the refusal otherwise."""
    among: Mapping[str, Sequence[str]] | tuple[str, ...] = tuple(table) if names is None else names
    if isinstance(given, str):
        if given in table:  # an id, as the pack's own calls give it
            return given
        found = pack.resolve(given, among)
        if found in table:
            return found
    where = where or f"campaign {tables_of(pack)['campaign']['name']!r}"
    named = check_id(given, kind, where)  # a None or a number is no id at all, not one the campaign lacks
    raise UnknownName(kind, named, table, where, closest=pack.closest(named, among))


def named_competences(pack: RulePack, given: Mapping[str, Any], what: str) -> dict[str, Any]:
    """``given`` (competence -> value) with each competence read by :func:`named_competence` (a key that names
    none, or is no text, kept as it is, for the caller to refuse).

    Raises:
        InvalidInput: two keys that name one competence (``escrime`` and ``Fencing``); ``what`` says of what.
    """
    found: dict[str, Any] = {}
    keys: dict[str, str] = {}
    for key, value in given.items():
        competence = named_competence(pack, key) if isinstance(key, str) else key
        if competence in found:
            msg = f"{what}: {keys[competence]!r} and {key!r} both name competence {competence!r}; give it once"
            raise InvalidInput(msg)
        found[competence], keys[competence] = value, key
    return found


def check_line(text: object, what: str, *, empty: bool = False) -> str:
    """``text`` when it is a text on one line of at most :data:`LONGEST_LINE` characters, with something in it (or
    nothing at all, with ``empty``: a character may have no name) that can be written to a file; else
    :class:`~progression.errors.InvalidInput` saying that ``what`` (``"the reason of an award"``) is one.

    A name or a reason is shown on one line of a history, a table or a party's listing: a line break would
    break it, and a megabyte would fill every sheet file that keeps it.
    """
    if isinstance(text, str) and ((empty and not text) or (text.strip() and text.splitlines() == [text])):
        if len(text) > LONGEST_LINE:
            msg = f"{what} is a text on one line of at most {LONGEST_LINE} characters, got one of {len(text):,}"
            raise InvalidInput(msg)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as error:  # a byte of another encoding: no file could keep it
            msg = f"{what} is a text that can be written as UTF-8, got {text!r:.60} ({error.reason} at {error.start})"
            raise InvalidInput(msg) from None
        return text
    shown = f"{text!r:.60}" if isinstance(text, str) else _came(text)
    msg = f"{what} is a text on one line, got {shown}"
    raise InvalidInput(msg)


def check_yes_no(value: object, what: str) -> bool:
    """``value`` when it is True or False; else :class:`~progression.errors.InvalidInput` saying what ``what``
    (``"discard (whether ... are lost)"``) is. A text such as ``"no"`` would read as yes, and a 0 or a None as no,
    without a word: a program passing on what a form or a query string gave is told at once."""
    if isinstance(value, bool):
        return value
    msg = f"{what} is True or False, got {_came(value)}"
    raise InvalidInput(msg)


def _came(value: object) -> str:
    """What came, as a refusal says it: its value when short, else its type."""
    shown = repr(value) if not isinstance(value, int) or abs(value) < 10**60 else ""
    return shown if shown and len(shown) <= 60 else type(value).__name__
