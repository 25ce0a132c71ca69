"""A character's competences: awards, raises, qualities, specializations, degrees.

Everything here goes through the pack's generic operations (``award``, ``quote``,
``purchase``); these helpers take a competence, a quality or a specialization by its id or its displayed name
in any case and language (read by :mod:`._given`, as a party reads them), record ids in the ledger, and word
their refusals in the game's terms.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

import progression
import progression.operations
from progression import Quote, RulePack, Sheet
from progression.authoring import CurveCost
from progression.errors import (
    InsufficientPoints,
    InvalidInput,
    LimitReached,
    PendingState,
    RequirementNotMet,
    Sentence,
    Way,
)
from progression.operations import check_kind
from progression.requirements import Violation

from ._given import (
    check_competence,
    check_line,
    check_quality,
    check_specialization,
    check_yes_no,
    named_competences,
)
from ._ids import degree_id, level_id, pool_id, quality_id, raise_id, specialization_id
from ._kept import kept_tags
from ._settings import LEVEL_MAX
from ._tables import tables_of

__all__ = [
    "Completion",
    "award",
    "buy_quality",
    "buy_specialization",
    "competences",
    "competences_listing",
    "completed_degrees",
    "completion_history",
    "completions_between",
    "default_split",
    "degree",
    "level",
    "new_character",
    "qualities_of",
    "quote_quality",
    "raise_level",
    "settle",
]


# -- what the campaign holds -----------------------------------------------------------


def competences(pack: RulePack) -> tuple[str, ...]:
    """The competence ids of the pack's campaign, in campaign order."""
    return tuple(tables_of(pack)["competences"])


def qualities_of(pack: RulePack, competence: str) -> tuple[str, ...]:
    """The quality list of ``competence``: what counts for its degree gates."""
    return tuple(tables_of(pack)["competences"][check_competence(pack, competence)]["qualities"])


def competences_listing(pack: RulePack, quality: str) -> tuple[str, ...]:
    """The competences whose list holds ``quality``: those whose points may pay for it."""
    return tuple(tables_of(pack)["qualities"][check_quality(pack, quality)]["competences"])


def specialization_data(pack: RulePack, competence: str, specialization: str) -> Mapping[str, Any]:
    """The data of the specialization ``specialization`` of ``competence`` (both ids, checked)."""
    data: Mapping[str, Any] = tables_of(pack)["competences"][competence]["specializations"][specialization]
    return data


# -- a character ---------------------------------------------------------------------


def new_character(pack: RulePack, name: str = "", *, levels: Mapping[str, int] | None = None) -> Sheet:
    """A new character: every competence of the campaign at ``levels`` (Ignorant, 0, by default).

    A starting level counts as having been reached at creation: it costs no points and passes no
    gate (a game master sets up a character). Each competence's points start at 0.

    The character keeps its campaign in its creation's tags: the campaign's name, the settings that differ from the
    campaign's own, and, for a campaign read from a file, the file's absolute path and SHA-256
    (:func:`~progression_competence.campaigns.pack_for` reads them back).

    Args:
        name: the character's name, a text on one line of at most 200 characters (``LONGEST_LINE``), or none.
        levels: competence -> starting level, each competence by its id or its displayed name.

    Raises:
        UnknownName: a level for a competence the campaign does not have.
        InvalidInput: a level that is not a whole number from 0 to ``LEVEL_MAX`` (1,000); two names of one
            competence; a name that is not a text on one line; ``pack`` is not the competence pack.
    """
    tables_of(pack)
    check_line(name, "the name of a new character", empty=True)
    if levels is not None and not isinstance(levels, Mapping):
        msg = (
            "a new character's levels map competences to their starting levels, such as {'escrime': 3}, "
            f"got {levels!r:.60} ({type(levels).__name__})"
        )
        raise InvalidInput(msg)
    stats = {}
    for named, value in named_competences(pack, levels or {}, "new character").items():
        competence = check_competence(pack, named)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= LEVEL_MAX:
            msg = f"the starting level of {competence!r} must be a whole number from 0 to {LEVEL_MAX:,}, got {value!r}"
            raise InvalidInput(msg)
        stats[level_id(competence)] = value
    # the character keeps its campaign and settings, so that any later command prices it the same
    return pack.new_sheet("character", name, stats=stats, tags=kept_tags(pack))


def _character(pack: RulePack, sheet: object, where: str) -> Sheet:
    """``sheet`` when it is a character's sheet of ``pack``, else :class:`~progression.errors.InvalidInput` saying
    what came, and the pack of a sheet of another pack (:func:`progression.operations.check_kind`)."""
    return check_kind(sheet, "character", where, pack=pack.name)


def level(pack: RulePack, sheet: Sheet, competence: str) -> int:
    """The level of ``competence`` (its id or its displayed name): what a competence test adds to the die.

    Raises:
        InvalidInput: ``sheet`` is not a character's.
        UnknownName: a competence the campaign does not have.
    """
    checked = check_competence(pack, competence)
    return _character(pack, sheet, "the character whose level is read").quantity(level_id(checked))


def degree(pack: RulePack, sheet: Sheet, competence: str) -> str:
    """The id of the degree ``competence`` is at (``ignorant`` ... ``maitre``); its name is
    ``pack.name_of(id)``.

    Raises:
        InvalidInput: ``sheet`` is not a character's.
        UnknownName: a competence the campaign does not have (named as :func:`level` names it).
    """
    checked = check_competence(pack, competence)
    reached = _character(pack, sheet, "the character whose degree is read").quantity(level_id(checked))
    return pack.ladder(degree_id(checked)).band_of(reached).id


def award(pack: RulePack, sheet: Sheet, competence: str, amount: int, *, reason: str) -> Sheet:
    """Award ``amount`` progression points to ``competence``, for ``reason`` (a text on one line: the session).

    Points over the cap (the level) follow the campaign's policy: pending until spent on the
    competence or discarded (``settle``), spent on raises then lost (``auto``), lost (``lose``).

    Raises:
        LimitReached: under ``auto``, an award the policy would spend on raises past ``LEVEL_MAX`` (1,000); the
            message says how many points can be awarded.
    """
    competence = check_competence(pack, competence)
    reason = check_line(reason, "the reason of an award")
    if spends_on_raises(pack, competence):
        check_auto_spending(pack, _character(pack, sheet, "the character awarded"), competence, amount)
    return pack.award(sheet, pool_id(competence), amount, reason=reason)


def spends_on_raises(pack: RulePack, competence: str) -> bool:
    """Whether the campaign's policy spends the points awarded to ``competence`` over its cap on its raises
    (``auto``), so that an award may raise it (:func:`check_auto_spending`)."""
    return raise_id(competence) in pack.pool(pool_id(competence)).auto_spend


def check_auto_spending(pack: RulePack, sheet: Sheet, competence: str, amount: object) -> None:
    """Refuse an award that the ``auto`` policy would spend on raises of ``competence`` past ``LEVEL_MAX``.

    The engine spends a surplus on raises one level at a time, for as long as the points stay over the cap, and
    refuses such an award itself where the level's bound stops it (``pack.award``, ``sheet award``), in its words
    and after climbing there. This refuses the same awards, saying the same most, before the engine runs and in the
    campaign's words. It is worked out in a few steps, not one per level: the points climb until a gate wants a
    quality the character does not own, or else while what is left of them stays over the level reached; past
    ``LEVEL_MAX`` it would climb only if all the gates on the way are open and the points left at ``LEVEL_MAX``
    are still over it. (An amount that is no whole number is left for the engine to refuse.)

    Raises:
        LimitReached: the award would be spent past ``LEVEL_MAX``; the message says how many points may be.
    """
    if isinstance(amount, bool) or not isinstance(amount, int):
        return
    start, held = sheet.quantity(level_id(competence)), sheet.pools[pool_id(competence)]
    owned = sum(1 for quality in qualities_of(pack, competence) if sheet.has(quality))
    gates = tables_of(pack)["settings"]["degrees"]
    if any(start < gate["from"] <= LEVEL_MAX and owned < gate["qualities"] for gate in gates):
        return  # the climb stops at a gate shut before the highest level: the rest is lost there
    top = max(start, LEVEL_MAX)  # a level reached before levels had a maximum is not climbed further
    room = pack.curve("level").between(start, top) + top - held  # what leaves at most a full pool at the top
    if amount > room:
        name = pack.name_of(competence)
        most = f"at most {room:,} can be" if room > 0 else "none can be"
        reason = (
            f"the campaign's policy (auto) would spend it on raises past the maximum level of {name}, "
            f"{LEVEL_MAX:,}; {most} awarded now"
        )
        head = f"The award of {amount:,} PP to {name} is refused"
        raise LimitReached(upgrade=raise_id(competence), reason=reason, head=head)


def raise_level(pack: RulePack, sheet: Sheet, competence: str, levels: int = 1) -> Sheet:
    """Raise ``competence`` by ``levels``, each level paid from its points: one ledger entry.

    A level stops at ``LEVEL_MAX`` (1,000): a raise past it is refused, saying how many levels can still be
    raised.

    Raises:
        InvalidInput: ``levels`` is not a whole number >= 1.
        LimitReached: the raise would take the level past ``LEVEL_MAX``; nothing is changed.
        PurchaseError: a raise is refused (too few points, a degree gate); nothing is changed.
    """
    competence = check_competence(pack, competence)
    if isinstance(levels, bool) or not isinstance(levels, int) or levels < 1:
        msg = f"levels must be a whole number >= 1 in the raise of {competence!r}, got {levels!r}"
        raise InvalidInput(msg)
    start = level(pack, sheet, competence)
    past = past_maximum(pack, competence, start, levels)
    if past is not None:
        room = LEVEL_MAX - start
        can = f" (at most {room:,} more: levels={room})" if room > 0 else ""
        head = f"{pack.name_of(raise_id(competence))} cannot be bought"
        raise LimitReached(upgrade=raise_id(competence), reason=past + can, head=head)
    after = sheet
    for done in range(levels):
        try:
            after = pack.purchase(after, raise_id(competence))
        except InsufficientPoints as short:
            if done == 0:
                raise
            _short_of(pack, sheet, competence, start, levels, done, short)
    after = _reached(pack, sheet, after, competence)
    if len(after.ledger) - len(sheet.ledger) == 1:
        return after
    # the entry's title names the competence as people read it (the ledger keeps it as written)
    return progression.operations.combine(sheet, after, f"raise {pack.name_of(competence)} {start} -> {start + levels}")


def past_maximum(pack: RulePack, competence: str, start: int, levels: int = 1) -> str | None:
    """Why ``levels`` more levels of ``competence`` from ``start`` would pass ``LEVEL_MAX``, in the words the
    engine says a stat's maximum in (``Fencing level would be 1,001, past its maximum of 1,000``); None when
    they would not."""
    if start + levels <= LEVEL_MAX:
        return None
    return f"{pack.name_of(level_id(competence))} would be {start + levels:,}, past its maximum of {LEVEL_MAX:,}"


def _short_of(
    pack: RulePack, sheet: Sheet, competence: str, start: int, levels: int, done: int, short: InsufficientPoints
) -> None:
    """Refuse a raise of several levels the points do not cover, saying what they cost and how far they go."""
    pool = pool_id(competence)
    cost = pack.upgrade(raise_id(competence)).cost
    needed = pack.curve(cost.curve).between(start, start + levels) if isinstance(cost, CurveCost) else short.needed
    name = pack.name_of(competence)
    why = f"{done} level{'s' if done > 1 else ''} can be raised now: levels={done}"
    raise InsufficientPoints(
        upgrade=raise_id(competence),
        needed=needed,
        available=sheet.pools[pool],
        currency="pp",
        names=(f"Raising {name} {start} -> {start + levels}", pack.name_of(pool)),
        why=why,
    )


def settle(pack: RulePack, sheet: Sheet, competence: str, *, discard: bool = False) -> Sheet:
    """Spend the points ``competence`` holds over its cap on raises, as far as they go: one ledger entry.

    This is what the ``auto`` policy does by itself, asked for under ``settle``. Raises stop at
    a degree gate, at the highest level (``LEVEL_MAX``, 1,000) or when the points run short; with ``discard``,
    what is still over the cap is then discarded (and recorded as lost). Under ``auto`` and ``lose`` nothing
    waits, so nothing changes. However large the surplus, a settle makes at most ``LEVEL_MAX`` raises, one event
    each (each level is priced by its own number, and the history shows each).

    Args:
        discard: True or False (anything else is refused: a ``"no"`` would read as yes).

    Raises:
        PendingState: points are over the cap and not one raise can take them (a degree gate that wants a
            quality, the highest level reached): the message says why, and that ``discard`` loses them (in a
            program's words, ``discard=True``; on the command line, the command that settles with ``discard=yes``).
        InvalidInput: ``discard`` is not True or False.
    """
    competence = check_competence(pack, competence)
    check_yes_no(discard, f"discard (whether the points of {pack.name_of(competence)} over its cap are lost)")
    pool = pool_id(competence)
    after = sheet
    reached = level(pack, sheet, competence)
    while reached < LEVEL_MAX and pack.surplus(after).get(pool, 0) and pack.quote(after, raise_id(competence)).ok:
        after, reached = pack.purchase(after, raise_id(competence)), reached + 1
    left = pack.surplus(after).get(pool, 0)
    if discard and left:
        after = pack.discard(after, pool, reason="over the cap, and no raise left to spend it on")
    elif left and after is sheet:  # nothing could be spent: say why, and what would
        why = past_maximum(pack, competence, reached)
        then = "Settle with "  # at the highest level, nothing bought makes room: the points can only be lost
        if why is None:
            blocked = pack.quote(after, raise_id(competence))
            why = "; ".join(v.sentence for v in blocked.violations) or "no raise can be bought"
            then = "Buy what the rules ask for first (a quality of its list), or settle with "
        # the keyword a program passes, the command a person types (``discard=yes`` is the command line's)
        losing = Way(python="discard=True", command="sheet do", args=f"settle competence={competence} discard=yes")
        held = f"{pack.name_of(competence)} holds {left:,} PP over its cap and no raise can take them: {why}. "
        raise PendingState(Sentence((held, then, losing, " to lose them")))
    after = _reached(pack, sheet, after, competence)
    if len(after.ledger) - len(sheet.ledger) <= 1:
        return after
    return progression.operations.combine(sheet, after, f"settle {pack.name_of(competence)}")


def _reached(pack: RulePack, before: Sheet, after: Sheet, competence: str) -> Sheet:
    """``after`` with a milestone saying the degree ``competence`` reached, when its raises changed it
    ("Fencing 31: now Proficient (Confirmé)"), as the history tells it."""
    if degree(pack, before, competence) == degree(pack, after, competence):
        return after
    reached = level(pack, after, competence)
    label = pack.ladder(degree_id(competence)).band_of(reached).label
    named = label.en if label.fr == label.en else f"{label.en} ({label.fr})"
    return progression.mark(after, f"{pack.name_of(competence)} {reached}: now {named}")


def _strangers(pack: RulePack, quality: str, pay: Mapping[str, int]) -> list[str]:
    """A sentence for each contributor of ``pay`` (by competence id) whose list does not hold ``quality``."""
    allowed = competences_listing(pack, quality)
    return [
        f"{pack.name_of(quality)} is not in the quality list of {pack.name_of(competence)}; "
        f"it can be paid from: {', '.join(pack.name_of(c) for c in allowed)}"
        for competence in pay
        if competence not in allowed
    ]


def _split(pack: RulePack, pay: Mapping[str, int] | None) -> dict[str, int] | None:
    """A split by competence, each read by its id or its displayed name, by competence id (unknown competences
    refused, and one named twice)."""
    if pay is None:
        return None
    if not isinstance(pay, Mapping):
        msg = f"pay must map competences to points, got {type(pay).__name__}"
        raise InvalidInput(msg)
    named = named_competences(pack, pay, "pay")
    return {check_competence(pack, competence): amount for competence, amount in named.items()}


def _pools(split: Mapping[str, int] | None) -> dict[str, int] | None:
    """A split by competence id as a split by pool."""
    return None if split is None else {pool_id(competence): amount for competence, amount in split.items()}


def quote_quality(pack: RulePack, sheet: Sheet, quality: str, pay: Mapping[str, int] | None = None) -> Quote:
    """The price of ``quality``, the split it would be paid with, and every reason it would be refused.

    ``pay`` maps competences to points; without it, the default split (see :func:`~progression_competence.queries.default_split`).
    A contributor whose list does not hold the quality is one of the reasons, in the words
    :func:`buy_quality` refuses with.

    Raises:
        UnknownName: an unknown quality or competence.
        InvalidInput: a split that does not add up to the price.
    """
    quality = check_quality(pack, quality)
    split = _split(pack, pay)
    quote = pack.quote(sheet, quality_id(quality), pay=_pools(split))
    wrong = _strangers(pack, quality, split) if split is not None else []
    if not wrong:
        return quote
    kept = [v for v in quote.violations if v.key != "pools"]
    return attrs.evolve(quote, violations=(*kept, *(Violation("pools", sentence) for sentence in wrong)))


def default_split(pack: RulePack, sheet: Sheet, quality: str) -> dict[str, int]:
    """How ``quality`` is paid when the buyer gives no split, by competence.

    The points come first from a competence holding surplus over its cap (points that would be
    lost), then from the competences with the least room left under their cap, the fuller first:
    each point taken from a full pool is room for the next award instead of a point lost to the
    cap. When the listing competences hold less than the price together, the split takes all they
    hold and the quote says what is short.
    """
    split = quote_quality(pack, sheet, check_quality(pack, quality)).split
    return {pool.removeprefix("pp."): amount for pool, amount in split.items()}


def buy_quality(pack: RulePack, sheet: Sheet, quality: str, pay: Mapping[str, int] | None = None) -> Sheet:
    """Buy ``quality``, paid from the points of competences that list it.

    Args:
        pay: points by competence, adding up to the price; without it, :func:`~progression_competence.queries.default_split`.

    Raises:
        UnknownName: an unknown quality or competence.
        RequirementNotMet: a contributor does not list the quality (the message names those that do).
        InvalidInput: a split that does not add up to the price.
        InsufficientPoints: the listing competences hold less than the price.
        LimitReached: the character already owns the quality.
    """
    quality = check_quality(pack, quality)
    split = _split(pack, pay)
    wrong = _strangers(pack, quality, split) if split is not None else []
    if wrong:
        head = f"{pack.name_of(quality_id(quality))} cannot be bought"
        raise RequirementNotMet(upgrade=quality_id(quality), missing=wrong, head=head)
    return pack.purchase(sheet, quality_id(quality), pay=_pools(split))


def buy_specialization(pack: RulePack, sheet: Sheet, competence: str, specialization: str) -> Sheet:
    """Buy a specialization of ``competence``, paid from its points, once its degree is reached (each by its id
    or its displayed name: ``"Fencing", "Feint"``).

    Raises:
        UnknownName: an unknown competence or specialization.
        RequirementNotMet: the competence has not reached the specialization's degree.
        LimitReached: it was bought already.
        InsufficientPoints: the competence holds too few points.
    """
    competence = check_competence(pack, competence)
    specialization = check_specialization(pack, competence, specialization)
    return pack.purchase(sheet, specialization_id(competence, specialization))


# -- completed degrees ---------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Completion:
    """A degree completed: the competence reached the top level of the degree."""

    competence: str
    degree: str
    #: The top level of the degree (30, 60, 90 by the rules).
    level: int


def completed_degrees(pack: RulePack, sheet: Sheet, competence: str) -> tuple[str, ...]:
    """The degrees of ``competence`` whose top level has been reached, lowest first.

    A degree is complete at its top level (Beginner at 30); one that was left upward was
    completed on the way. Master has no top, so it is never complete.
    """
    competence = check_competence(pack, competence)
    value = level(pack, sheet, competence)
    ladder = pack.ladder(degree_id(competence))
    return tuple(b.id for b in ladder.bands if b.high is not None and b.low > 0 and b.high <= value)


def completions_between(pack: RulePack, before: Sheet, after: Sheet) -> tuple[Completion, ...]:
    """The degrees completed between two states of a character: the completion hook.

    Call it after any operation (``completions_between(pack, sheet, new_sheet)``) and grant whatever the
    campaign gives for a completed degree; the rules leave those advantages to the game master.
    """
    found = []
    for competence in competences(pack):
        old, new = level(pack, before, competence), level(pack, after, competence)
        for band in pack.ladder(degree_id(competence)).bands:
            if band.high is not None and band.low > 0 and old < band.high <= new:
                found.append(Completion(competence=competence, degree=band.id, level=band.high))
    return tuple(found)


def completion_history(pack: RulePack, sheet: Sheet) -> tuple[tuple[int, Completion], ...]:
    """Every completion in the ledger, with the ledger position after which it happened
    (``sheet.as_of(position)`` is the sheet right after it).

    Raises:
        InvalidInput: ``sheet`` is not a character's sheet of ``pack``.
    """
    competences(pack)  # a competence pack, before its name is read
    state = _character(pack, sheet, "the character whose completions are listed").at(1)
    found: list[tuple[int, Completion]] = []
    for position in range(2, len(sheet.ledger) + 1):
        following = sheet.at(position)  # from the nearest snapshot: a few entries folded, never the history
        found.extend((position, c) for c in completions_between(pack, state, following))
        state = following
    return tuple(found)
