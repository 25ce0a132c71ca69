"""A sheet's state as JSON text (the store's snapshot), and the sheet rebuilt from it on a deferred ledger.

The snapshot holds what a sheet is besides its ledger: pools, stats, owned items, tags, purchases,
the pending procedure and each member's state, with the length of each ledger. Reading a sheet
decodes the snapshot (its size is the state's, whatever the history) and gives the sheet a
:meth:`deferred <progression.Ledger.deferred>` ledger: its creation is known, and the other
entries are read from the store the first time something looks at them (``verify``, equality,
``account``). A member's ledger is the entries its roster recorded for it, so it is taken from
the roster's ledger when first needed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from progression._frozen import freeze
from progression.errors import Problem, SheetError
from progression.files.sheets import converter
from progression.ledger.events import Event, Joined, Member, Step
from progression.ledger.ledger import Ledger
from progression.ledger.sheet import PendingDecision, Sheet

__all__ = ["FORMAT", "decode_state", "digest", "encode_state", "member_ledger", "read_state", "snapshot_digest"]

#: The version of the snapshot's layout: a snapshot of another version is rebuilt from the ledger.
FORMAT = 1
#: What a ledger of a snapshot not as long as the snapshot says raises: ``changed(member, expected, found)``, the
#: member given as the ids from the roster down to it (empty for the sheet itself).
Changed = Callable[[tuple[str, ...], int, int], Exception]
#: The keys of a sheet's state, in the order they are written.
_COUNTS = ("pools", "stats", "owned", "bought")


def digest(text: str) -> str:
    """The SHA-256 (hex) of ``text`` as UTF-8: what the store keeps of a sheet's last entry as it wrote it."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def snapshot_digest(sheet_id: str, version: int, entry_digest: str, state: str) -> str:
    """The digest the store keeps beside a sheet's snapshot ``state``: of the snapshot bound to the sheet's id, its
    version and the digest of its last entry, so that it holds only for the snapshot of this sheet after that
    entry. A snapshot moved from another sheet, or kept from before an amendment, does not hold, and neither does
    a digest made again over the snapshot's text alone. It costs what hashing the snapshot costs (its size is the
    state's, whatever the history); it is no secret: whoever reads this can make one, and only what reads the
    whole history (``verify``, and an export, an amendment or a rebase) finds that."""
    # The id's length before it: no id and version can read as another's.
    return digest(f"{_BOUND}\n{len(sheet_id)}:{sheet_id}\n{version}\n{entry_digest}\n{state}")


#: What a snapshot's digest is of, first: the recipe's name and version (another recipe gives other digests).
_BOUND = "progression.store snapshot digest 1"


def state_data(sheet: Sheet) -> dict[str, Any]:
    """A sheet's state as plain data: everything but the ledger, whose length stands for it."""
    data: dict[str, Any] = {"pack": sheet.pack, "kind": sheet.kind, "name": sheet.name}
    for key in _COUNTS:
        data[key] = dict(getattr(sheet, key))
    data["tags"] = dict(sheet.tags)
    data["pending"] = None if sheet.pending is None else converter.unstructure(sheet.pending, PendingDecision)
    data["members"] = {ident: state_data(member) for ident, member in sheet.members.items()}
    data["length"] = len(sheet.ledger)
    return data


def encode_state(sheet: Sheet) -> str:
    """The snapshot of ``sheet`` as JSON text."""
    return json.dumps({"snapshot": FORMAT, **state_data(sheet)}, ensure_ascii=False, separators=(",", ":"))


def read_state(text: str, source: str) -> dict[str, Any] | None:
    """The snapshot ``text`` as data, for :func:`decode_state`; None when it is of another layout (then the
    caller folds the ledger instead).

    Raises:
        SheetError: the text is not JSON.
    """
    try:
        data = json.loads(text)
    except ValueError as error:
        raise SheetError(source, [Problem(source, "$", f"the stored state is not JSON: {error}")]) from None
    if not isinstance(data, dict) or data.get("snapshot") != FORMAT:
        return None
    return data


def decode_state(
    data: Mapping[str, Any],
    load: Callable[[], Sequence[Event]],
    first: Event,
    source: str,
    stretch: Callable[[int, int], Sequence[Event]] | None = None,
    changed: Changed | None = None,
) -> Sheet:
    """The sheet a snapshot describes (its data, :func:`read_state`), its ledger deferred to ``load`` (every
    entry) and ``stretch`` (the entries from one position to another) with its creation ``first`` known.

    ``changed(member, expected, found)`` is the error raised when a ledger read later is not as long as the
    snapshot says: the sheet's own (``member`` empty), or a member's, taken from the roster's entries (``member``
    the ids from the roster down to it). A snapshot that disagrees with its entries is never read past that.

    Raises:
        SheetError: the data is not a snapshot this library wrote.
    """
    told = changed or _changed
    try:
        ledger = Ledger.deferred(data["length"], load, {0: first}, stretch, changed=_telling(told, ()))
        return _sheet(data, ledger, told, ())
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        reason = f"the stored state does not fit a sheet: {type(error).__name__}: {error}"
        raise SheetError(source, [Problem(source, "$", reason)]) from None


def _sheet(data: Mapping[str, Any], ledger: Ledger, changed: Changed, path: tuple[str, ...]) -> Sheet:
    members = {}
    for ident, member in data["members"].items():
        here = (*path, str(ident))
        kept = Ledger.deferred(member["length"], _member_loader(ledger, ident), changed=_telling(changed, here))
        members[ident] = _sheet(member, kept, changed, here)
    pending = data["pending"]
    return Sheet(
        pack=data["pack"],
        kind=data["kind"],
        name=data["name"],
        pools=_counts(data["pools"]),
        stats=_counts(data["stats"]),
        owned=_counts(data["owned"]),
        tags=freeze({str(k): str(v) for k, v in data["tags"].items()}),
        bought=_counts(data["bought"]),
        members=freeze(members),
        pending=None if pending is None else converter.structure(pending, PendingDecision),
        ledger=ledger,
    )


def _counts(data: Mapping[str, Any]) -> Mapping[str, int]:
    for key, value in data.items():
        if type(value) is not int:
            msg = f"{key!r} holds {value!r}, not a whole number"
            raise TypeError(msg)
    return freeze(data)


def _member_loader(roster: Ledger, ident: str) -> Callable[[], Sequence[Event]]:
    return lambda: member_ledger(roster, ident)


def _telling(changed: Changed, path: tuple[str, ...]) -> Callable[[int, int], Exception]:
    return lambda expected, found: changed(path, expected, found)


def _changed(path: tuple[str, ...], expected: int, found: int) -> Exception:
    """What a ledger read from a snapshot raises, unless told otherwise, when it is not as long as the snapshot
    says (the deferred ledger's own error)."""
    whose = f"member {'.'.join(path)!r} of the sheet" if path else "the sheet"
    source = "kept elsewhere"
    reason = f"the snapshot gives {whose} {expected} entries, its history read {found}"
    return SheetError(source, [Problem(source, "$.ledger", reason)])


def member_ledger(roster: Iterable[Event], ident: str) -> list[Event]:
    """The ledger of member ``ident`` as the roster's ledger made it (what the fold gives it): the ledger it
    joined with, then each event the roster recorded for it, steps and entries read through."""
    entries: list[Event] = []
    stack = [iter(roster)]
    while stack:
        event = next(stack[-1], None)
        if event is None:
            stack.pop()
        elif type(event) is Member:
            if event.member == ident:
                entries.append(event.event)
        elif type(event) is Joined:
            if event.member == ident:
                entries = list(event.ledger)
        elif isinstance(event, Step):
            stack.append(iter(event.events))
    return entries
