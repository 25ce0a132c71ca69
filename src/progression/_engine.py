"""The operations of a rule pack on sheets: award, quote, purchase, decide, discard, adjust.

Each public operation appends exactly one entry to the ledger (one event, or a
:class:`~progression.Step` of several), so ``undo`` takes back one operation.
Rules are checked here, at the edge; the fold in ``_sheet`` trusts the events.
"""

from __future__ import annotations

import sys
import weakref
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

from ._events import Adjusted, Awarded, Created, Event, Joined, Left, Lost, Marked, Member, Purchased, Started, Step
from ._frozen import EMPTY, freeze
from ._model import CurveCost, Effect, FixedCost, FunctionCost, Override
from ._procedures import ProcedureContext, drive
from ._requirements import Context
from ._sheet import Sheet, _build, replay
from .errors import (
    CapExceeded,
    DecisionError,
    InsufficientPoints,
    InvalidInput,
    LimitReached,
    PendingState,
    RequirementNotMet,
    UnknownName,
)

if TYPE_CHECKING:
    from ._dice import Dice
    from ._packs import RulePack

__all__ = ["Quote", "Violation"]

#: Violation keys a GM override can never waive.
UNWAIVABLE = frozenset({"state", "kind", "choice", "pools", "points"})
#: Violation keys a GM override may waive (``gate`` waives every ladder's gate, ``gate:<ladder>`` one).
WAIVABLE = frozenset({"requires", "limit", "gate"})


@attrs.frozen
class Violation:
    """One reason a purchase is refused: a key (what kind of rule) and a sentence."""

    key: str
    sentence: str


@attrs.frozen(kw_only=True)
class Quote:
    """The answer to "may I buy this, and at what price?"."""

    upgrade: str
    label: str
    choice: str | None
    #: The price, or None when it cannot be priced (a curve past its end).
    price: int | None
    currency: str
    #: How the price would be paid, by pool.
    split: Mapping[str, int] = attrs.field(converter=freeze)
    #: The points the paying pools hold together.
    available: int
    violations: tuple[Violation, ...] = ()
    #: The currency's displayed name ("Star Player Points").
    currency_name: str = ""

    @property
    def ok(self) -> bool:
        """Whether a purchase would go through."""
        return not self.violations

    @property
    def affordable(self) -> bool:
        """Whether the paying pools hold enough."""
        return self.price is not None and self.available >= self.price

    @property
    def unmet(self) -> tuple[str, ...]:
        """Every reason it would be refused, in sentences."""
        return tuple(v.sentence for v in self.violations)


# -- checking input ----------------------------------------------------------------


def check_amount(amount: object, where: str) -> int:
    """A positive integer amount of points, or :class:`InvalidInput` saying what came."""
    if isinstance(amount, bool) or not isinstance(amount, int):
        msg = f"{where}: points must be a whole number, got {amount!r} ({type(amount).__name__})"
        raise InvalidInput(msg)
    if amount <= 0:
        msg = f"{where}: points must be a positive whole number, got {amount!r}"
        raise InvalidInput(msg)
    return amount


def check_text(text: object, what: str, where: str) -> str:
    if not isinstance(text, str) or not text.strip():
        msg = f"{where}: a {what} must be a non-empty text, got {text!r}"
        raise InvalidInput(msg)
    return text


def check_sheet(sheet: object, where: str) -> Sheet:
    """``sheet`` itself when it is a :class:`Sheet`, else :class:`InvalidInput` saying what came."""
    if not isinstance(sheet, Sheet):
        msg = f"{where}: expected a Sheet, got {type(sheet).__name__}"
        raise InvalidInput(msg)
    return sheet


def check_id(ident: object, what: str, where: str) -> str:
    """An id given by a caller: a text (anything else could not even be looked up)."""
    if not isinstance(ident, str):
        msg = f"{where}: a {what} id must be a text, got {ident!r} ({type(ident).__name__})"
        raise InvalidInput(msg)
    return ident


def _check_mapping(value: object, what: str, where: str) -> Mapping[object, object]:
    if not isinstance(value, Mapping):
        msg = f"{where}: {what} must map names to values, got {type(value).__name__}"
        raise InvalidInput(msg)
    return value


# -- locating the subject -----------------------------------------------------------


def _subject(sheet: Sheet, member: str | None) -> tuple[Sheet, Sheet | None]:
    """The sheet an operation acts on, and the roster above it (or None)."""
    if not isinstance(sheet, Sheet):
        msg = f"expected a Sheet, got {type(sheet).__name__}"
        raise InvalidInput(msg)
    if member is None:
        return sheet, None
    return sheet.member(check_id(member, "member", "roster")), sheet


def _record(sheet: Sheet, member: str | None, events: Sequence[Event], label: str) -> Sheet:
    # Labels and member ids recur on every entry: interned, each is held once, not once per entry.
    entry: Event = events[0] if len(events) == 1 else Step(label=sys.intern(label), events=tuple(events))
    if member is not None:
        entry = Member(member=sys.intern(member), event=entry)
    return sheet.apply(entry)


def _context(pack: RulePack, subject: Sheet, choice: str | None) -> Context:
    return Context(sheet=subject, names=pack, choice=choice, functions=pack.functions)


# -- caps and surplus ---------------------------------------------------------------


def cap_of(pack: RulePack, sheet: Sheet, pool: str) -> int | None:
    cap = pack.pool(pool).cap
    if isinstance(cap, str):
        return sheet.quantity(cap)
    return cap


def surplus(pack: RulePack, sheet: Sheet) -> Mapping[str, int]:
    over = {}
    for pool, balance in sheet.pools.items():
        spec = pack.pools.get(pool)
        if spec is None or spec.overflow != "settle":
            continue
        cap = cap_of(pack, sheet, pool)
        if cap is not None and balance > cap:
            over[pool] = balance - cap
    return freeze(over)


def _state_problems(pack: RulePack, sheet: Sheet, paying: Collection[str] = ()) -> list[Violation]:
    problems = []
    if sheet.pending is not None:
        question = sheet.pending.question
        asked = f" ({question[0]}: {', '.join(question[1])})" if question else ""
        problems.append(
            Violation(
                "state", f"{pack.name_of(sheet.pending.upgrade)} waits for a decision{asked}; decide or undo first"
            )
        )
    for pool, extra in surplus(pack, sheet).items():
        if pool not in paying:
            problems.append(
                Violation(
                    "state",
                    f"{pack.name_of(pool)} holds {extra} point{'' if extra == 1 else 's'} over its cap; spend them on "
                    f"{pack.name_of(pool)} or discard them first",
                )
            )
    return problems


def _ensure_settled(pack: RulePack, sheet: Sheet) -> None:
    problems = _state_problems(pack, sheet)
    if problems:
        raise PendingState("; ".join(p.sentence for p in problems))


# -- new sheets, awards, adjustments -------------------------------------------------


def new_sheet(
    pack: RulePack,
    kind: str,
    name: str,
    *,
    pools: Mapping[str, int] | None,
    stats: Mapping[str, int] | None,
    owned: Mapping[str, int] | None,
    tags: Mapping[str, str] | None,
) -> Sheet:
    spec = pack.kind(check_id(kind, "kind", "new sheet"))
    where = f"new {kind} sheet"
    if not isinstance(name, str):
        msg = f"{where}: a name must be a text, got {name!r}"
        raise InvalidInput(msg)
    for given, what in ((pools, "pools"), (stats, "stats"), (owned, "owned"), (tags, "tags")):
        if given is not None:
            _check_mapping(given, what, where)
    start_pools = dict.fromkeys(spec.pools, 0)
    for pool, amount in (pools or {}).items():
        if pool not in start_pools:
            raise UnknownName("pool", pool, start_pools, f"kind {kind!r}")
        if not (isinstance(amount, int) and not isinstance(amount, bool) and amount == 0):
            check_amount(amount, f"{where}, pool {pool!r}")
        start_pools[pool] = amount
    start_stats = {s: pack.stats[s].initial for s in spec.stats}
    for stat, value in (stats or {}).items():
        if stat not in start_stats:
            raise UnknownName("stat", stat, start_stats, f"kind {kind!r}")
        if isinstance(value, bool) or not isinstance(value, int):
            msg = f"{where}: stat {stat!r} must be an integer, got {value!r}"
            raise InvalidInput(msg)
        start_stats[stat] = value
    for item, count in (owned or {}).items():
        check_id(item, "owned item", where)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            msg = f"{where}: owned {item!r} must be a positive count, got {count!r}"
            raise InvalidInput(msg)
    for key, text in (tags or {}).items():
        if not isinstance(key, str) or not isinstance(text, str):
            msg = f"{where}: tags map texts to texts, got {key!r} = {text!r}"
            raise InvalidInput(msg)
    created = Created(
        pack=pack.name, kind=kind, name=name, pools=start_pools, stats=start_stats, owned=owned or {}, tags=tags or {}
    )
    return replay((created,))


def award(pack: RulePack, sheet: Sheet, pool: str, amount: int, *, reason: str, member: str | None) -> Sheet:
    subject, _ = _subject(sheet, member)
    where = f"award to {pool!r}"
    check_id(pool, "pool", "award")
    check_amount(amount, where)
    check_text(reason, "reason", where)
    if pool not in subject.pools:
        raise UnknownName("pool", pool, subject.pools, f"sheet {subject.name or subject.kind!r}")
    _ensure_settled(pack, subject)
    spec = pack.pool(pool)
    events: list[Event] = [Awarded(pool=pool, amount=amount, reason=reason)]
    if spec.cap is None:  # nothing to settle: skip folding the award twice (here, then into the roster)
        return _record(sheet, member, events, f"award {amount} to {pool}")
    after = subject.apply(events[0])
    cap = cap_of(pack, after, pool)
    if cap is not None and after.pools[pool] > cap:
        extra = after.pools[pool] - cap
        if spec.overflow == "refuse":
            msg = (
                f"{where}: {pack.name_of(pool)} holds {subject.pools[pool]} of a cap of {cap}; "
                f"{amount} more would put it {extra} over"
            )
            raise CapExceeded(msg, pool=pool, cap=cap)
        if spec.overflow == "auto":
            after, bought = _auto_spend(pack, after, pool)
            events.extend(bought)
            cap = cap_of(pack, after, pool)
            extra = max(0, after.pools[pool] - (cap or 0))
        if spec.overflow in ("lose", "auto") and extra > 0:
            events.append(Lost(pool=pool, amount=extra, reason=f"over the cap of {cap}"))
    return _record(sheet, member, events, f"award {amount} to {pool}")


def _auto_spend(pack: RulePack, sheet: Sheet, pool: str) -> tuple[Sheet, list[Event]]:
    """Spend a pool's surplus on its ``auto_spend`` upgrades, cheapest first."""
    events: list[Event] = []
    spec = pack.pool(pool)
    while (cap := cap_of(pack, sheet, pool)) is not None and sheet.pools[pool] > cap:
        quotes = [quote(pack, sheet, u, pay=None, member=None, choice=None, _paying=(pool,)) for u in spec.auto_spend]
        priced = [q for q in quotes if q.price is not None]
        affordable = [q for q in priced if _quote_ok_for(q, pool, sheet)]
        if not affordable:
            break
        best = min(affordable, key=lambda q: q.price or 0)
        upgrade = pack.upgrade(best.upgrade)
        event = Purchased(upgrade=upgrade.id, price={pool: best.price or 0}, effect=upgrade.effect)
        events.append(event)
        sheet = sheet.apply(event)
    return sheet, events


def _quote_ok_for(q: Quote, pool: str, sheet: Sheet) -> bool:
    blocking = [v for v in q.violations if v.key not in ("points", "pools")]
    return not blocking and q.price is not None and sheet.pools[pool] >= q.price


def discard(pack: RulePack, sheet: Sheet, pool: str, *, reason: str, member: str | None) -> Sheet:
    subject, _ = _subject(sheet, member)
    check_id(pool, "pool", "discard")
    check_text(reason, "reason", f"discard from {pool!r}")
    extra = surplus(pack, subject).get(pool, 0)
    if pool not in subject.pools:
        raise UnknownName("pool", pool, subject.pools, f"sheet {subject.name or subject.kind!r}")
    if extra == 0:
        msg = f"{pack.name_of(pool)} holds nothing over its cap; there is nothing to discard"
        raise InvalidInput(msg)
    return _record(sheet, member, [Lost(pool=pool, amount=extra, reason=reason)], f"discard {pool}")


def adjust(pack: RulePack, sheet: Sheet, effect: Effect, *, reason: str, member: str | None) -> Sheet:
    subject, _ = _subject(sheet, member)
    check_text(reason, "reason", "adjustment")
    if not isinstance(effect, Effect):
        msg = f"adjustment: expected an Effect, got {type(effect).__name__}"
        raise InvalidInput(msg)
    _ensure_settled(pack, subject)
    return _record(sheet, member, [Adjusted(effect=effect, reason=reason)], "adjust")


# -- quotes -----------------------------------------------------------------------


def _price(pack: RulePack, subject: Sheet, upgrade_id: str, context: Context) -> tuple[int | None, list[Violation]]:
    cost = pack.upgrade(upgrade_id).cost
    if isinstance(cost, FixedCost):
        return _checked_price(upgrade_id, cost.amount, "its fixed cost"), []
    if isinstance(cost, CurveCost):
        curve = pack.curve(cost.curve)
        step = subject.quantity(cost.axis) + 1
        if curve.last_step is not None and step > curve.last_step:
            sentence = (
                f"{pack.name_of(upgrade_id)} can be bought at most {curve.last_step} times by {pack.name_of(cost.axis)}"
            )
            return None, [Violation("limit", sentence)]
        return _checked_price(upgrade_id, curve.cost(step), f"curve {cost.curve!r} at step {step}"), []
    if isinstance(cost, FunctionCost):
        value = pack.function(cost.function)(context)
        return _checked_price(upgrade_id, value, f"cost function {cost.function!r}"), []
    msg = f"upgrade {upgrade_id!r} has a cost rule of unknown type {type(cost).__name__}"
    raise InvalidInput(msg)


def _checked_price(upgrade_id: str, value: object, source: str) -> int:
    """A price is a whole number of points, never negative: a purchase never pays the buyer."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        msg = f"upgrade {upgrade_id!r}: {source} gave the price {value!r}; a price is a whole number >= 0"
        raise InvalidInput(msg)
    return value


def _resolved(effect: Effect, choice: str | None) -> Effect:
    if choice is None or not any("{choice}" in k for k in (*effect.stats, *effect.grants)):
        return effect
    return Effect(
        stats={k.replace("{choice}", choice): v for k, v in effect.stats.items()},
        grants={k.replace("{choice}", choice): v for k, v in effect.grants.items()},
        tags=effect.tags,
        untag=effect.untag,
    )


def _effect_problems(
    pack: RulePack, subject: Sheet, upgrade_id: str, effect: Effect, context: Context
) -> list[Violation]:
    """Limits and ladder gates an effect would break."""
    upgrade = pack.upgrade(upgrade_id)
    problems = []
    for quantity, maximum in upgrade.limit.maxima.items():
        after = subject.quantity(quantity) + effect.stats.get(quantity, 0) + effect.grants.get(quantity, 0)
        if after > maximum:
            problems.append(
                Violation("limit", f"{pack.name_of(quantity)} would be {after}, past its maximum of {maximum}")
            )
    for stat, delta in effect.stats.items():
        spec = pack.stats.get(stat)
        after = subject.quantity(stat) + delta
        if spec is not None and spec.maximum is not None and after > spec.maximum:
            problems.append(
                Violation("limit", f"{pack.name_of(stat)} would be {after}, past its maximum of {spec.maximum}")
            )
        if spec is not None and spec.minimum is not None and after < spec.minimum:
            problems.append(
                Violation("limit", f"{pack.name_of(stat)} would be {after}, below its minimum of {spec.minimum}")
            )
    for ladder in pack.ladders.values():
        delta = effect.stats.get(ladder.axis, 0)
        if delta <= 0:
            continue
        before = subject.quantity(ladder.axis)
        for band in ladder.gates_crossed(before, before + delta):
            if band.requires is None:
                continue
            for sentence in band.requires.unmet(context):
                problems.append(Violation(f"gate:{ladder.id}", f"to reach {band.label.en}: {sentence}"))
    return problems


def _split(pack: RulePack, subject: Sheet, allowed: Sequence[str], price: int) -> dict[str, int]:
    """The default split: surplus over a cap first, then the pools with least headroom under their cap."""
    if len(allowed) == 1:  # one pool pays: there is no order to find
        take = min(price, max(0, subject.pools[allowed[0]]))
        return {allowed[0]: take} if take else {}
    over = surplus(pack, subject)

    def order(pool: str) -> tuple[int, float, int]:
        cap = cap_of(pack, subject, pool)
        headroom = float("inf") if cap is None else cap - subject.pools[pool]
        return (-over.get(pool, 0), headroom, -subject.pools[pool])

    split, left = {}, price
    for pool in sorted(allowed, key=order):
        take = min(left, max(0, subject.pools[pool]))
        if take:
            split[pool] = take
            left -= take
    return split


def _payment(
    pack: RulePack, subject: Sheet, upgrade_id: str, price: int | None, pay: Mapping[str, int] | None
) -> tuple[dict[str, int], int, list[Violation]]:
    upgrade = pack.upgrade(upgrade_id)
    allowed = [p for p in upgrade.pools if p in subject.pools]
    available = sum(max(0, subject.pools[p]) for p in allowed)
    problems: list[Violation] = []
    if pay is None:
        split = _split(pack, subject, allowed, price or 0)
    else:
        if not isinstance(pay, Mapping):
            msg = f"pay must map pools to points, got {type(pay).__name__}"
            raise InvalidInput(msg)
        split = {}
        for pool, amount in pay.items():
            if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
                msg = f"pay: {pool!r} must give a whole number of points >= 0, got {amount!r}"
                raise InvalidInput(msg)
            if pool not in allowed:
                names = ", ".join(pack.name_of(p) for p in allowed) or "nothing on this sheet"
                problems.append(
                    Violation(
                        "pools",
                        f"{pack.name_of(upgrade_id)} cannot be paid from {pack.name_of(pool)}; it can be paid from: {names}",
                    )
                )
            elif amount:
                split[pool] = amount
                if amount > subject.pools[pool]:
                    problems.append(
                        Violation(
                            "points", f"{pack.name_of(pool)} holds {subject.pools[pool]}, not the {amount} asked of it"
                        )
                    )
        if price is not None and sum(pay.values()) != price:
            msg = f"pay adds up to {sum(pay.values())} but {upgrade_id!r} costs {price}"
            raise InvalidInput(msg)
    if price is not None and available < price and not any(v.key == "points" for v in problems):
        currency = pack.pool(upgrade.pools[0]).currency if upgrade.pools else "points"
        problems.append(
            Violation("points", f"costs {price} {pack.name_of(currency)}; the paying pools hold {available}")
        )
    return split, available, problems


class _LastQuote:
    """The last quote made with the default split, by the pack and sheet it was made for (held weakly).

    A purchase quotes what its caller has often just quoted (``if quote(...).ok: purchase(...)``):
    sheets are immutable and a pack's functions depend only on what they are given, so the same
    question about the same sheet object has the same answer, and it is given again.
    """

    __slots__ = ("entry",)

    def __init__(self) -> None:
        #: (pack, sheet, question, answer), replaced in one assignment so that threads see a whole entry.
        self.entry: tuple[weakref.ref[RulePack], weakref.ref[Sheet], tuple[str, str | None, str | None], Quote] | None
        self.entry = None

    def get(self, pack: RulePack, sheet: Sheet, question: tuple[str, str | None, str | None]) -> Quote | None:
        entry = self.entry
        if entry is None or entry[0]() is not pack or entry[1]() is not sheet or entry[2] != question:
            return None
        return entry[3]

    def keep(self, pack: RulePack, sheet: Sheet, question: tuple[str, str | None, str | None], answer: Quote) -> None:
        self.entry = (weakref.ref(pack), weakref.ref(sheet), question, answer)


_last_quote = _LastQuote()


def quote(
    pack: RulePack,
    sheet: Sheet,
    upgrade_id: str,
    *,
    choice: str | None,
    pay: Mapping[str, int] | None,
    member: str | None,
    _paying: Collection[str] | None = None,
) -> Quote:
    if pay is not None or _paying is not None:
        return _quote(pack, sheet, upgrade_id, choice=choice, pay=pay, member=member, _paying=_paying)
    question = (upgrade_id, choice, member)
    known = _last_quote.get(pack, sheet, question)
    if known is None:
        known = _quote(pack, sheet, upgrade_id, choice=choice, pay=None, member=member, _paying=None)
        _last_quote.keep(pack, sheet, question, known)
    return known


def _quote(
    pack: RulePack,
    sheet: Sheet,
    upgrade_id: str,
    *,
    choice: str | None,
    pay: Mapping[str, int] | None,
    member: str | None,
    _paying: Collection[str] | None,
) -> Quote:
    subject, roster = _subject(sheet, member)
    upgrade = pack.upgrade(upgrade_id)
    context = _context(pack, subject, choice)
    violations: list[Violation] = []
    if upgrade.kinds and subject.kind not in upgrade.kinds:
        buyers = ", ".join(pack.name_of(k) for k in upgrade.kinds)
        violations.append(
            Violation("kind", f"{upgrade.label.en} can be bought by: {buyers}; not by {pack.name_of(subject.kind)}")
        )
    if upgrade.options is not None:
        choices = _options(pack, subject, roster, upgrade.options)
        if choice is None:
            violations.append(Violation("choice", f"{upgrade.label.en} needs a choice among: {', '.join(choices)}"))
        elif choice not in choices:
            shown = ", ".join(choices) or "none now"
            violations.append(
                Violation("choice", f"{choice!r} is not an option for {upgrade.label.en}; options: {shown}")
            )
    elif choice is not None:
        msg = f"{upgrade_id!r} takes no choice, got {choice!r}"
        raise InvalidInput(msg)
    price, priced = _price(pack, subject, upgrade_id, context)
    violations.extend(priced)
    times = upgrade.limit.times
    if times is not None and subject.bought.get(upgrade_id, 0) >= times:
        how = "once only" if times == 1 else f"at most {times} times"
        violations.append(Violation("limit", f"{upgrade.label.en} can be bought {how}, and it was"))
    if upgrade.requires is not None:
        violations.extend(Violation("requires", s) for s in upgrade.requires.unmet(context))
    if upgrade.procedure is None:
        violations.extend(_effect_problems(pack, subject, upgrade_id, _resolved(upgrade.effect, choice), context))
    split, available, paying = _payment(pack, subject, upgrade_id, price, pay if _paying is None else None)
    violations.extend(paying)
    state = _state_problems(pack, subject, paying=tuple(split) if _paying is None else _paying)
    currency = pack.pool(upgrade.pools[0]).currency if upgrade.pools else "points"
    return Quote(
        upgrade=upgrade_id,
        label=upgrade.label.en,
        choice=choice,
        price=price,
        currency=currency,
        split=split,
        available=available,
        violations=(*state, *violations),
        currency_name=pack.name_of(currency),
    )


def options(pack: RulePack, sheet: Sheet, upgrade_id: str, *, member: str | None) -> tuple[str, ...]:
    subject, roster = _subject(sheet, member)
    upgrade = pack.upgrade(upgrade_id)
    if upgrade.options is None:
        return ()
    return _options(pack, subject, roster, upgrade.options)


def _options(pack: RulePack, subject: Sheet, roster: Sheet | None, listing: str) -> tuple[str, ...]:
    context = ProcedureContext(sheet=subject, choice=None, pack=pack, roster=roster, args=EMPTY)
    return tuple(pack.function(listing)(context))


def available(pack: RulePack, sheet: Sheet, *, member: str | None) -> tuple[Quote, ...]:
    subject, _ = _subject(sheet, member)
    return tuple(
        quote(pack, sheet, u.id, choice=None, pay=None, member=member)
        for u in pack.upgrades.values()
        if (not u.kinds or subject.kind in u.kinds) and u.options is None
    )


# -- purchases --------------------------------------------------------------------


def _refuse(upgrade: str, q: Quote, waived: Collection[str]) -> None:
    left = [v for v in q.violations if v.key not in waived]
    if not left:
        return
    keys = {v.key for v in left}
    if "state" in keys:
        raise PendingState("; ".join(v.sentence for v in left if v.key == "state"))
    sentences = [v.sentence for v in left]
    if keys <= {"points"} and q.price is not None and q.available < q.price:
        raise InsufficientPoints(
            upgrade=upgrade,
            needed=q.price,
            available=q.available,
            currency=q.currency,
            names=(q.label, q.currency_name or q.currency),
        )
    if keys <= {"points"}:  # enough points in all, but the split asks a pool for more than it holds
        raise InvalidInput("pay: " + "; ".join(sentences))
    if keys <= {"limit", "points"}:
        raise LimitReached(upgrade=upgrade, reason="; ".join(sentences))
    raise RequirementNotMet(upgrade=upgrade, missing=sentences)


def _override(q: Quote, override: str | None, bypass: Collection[str]) -> tuple[Override | None, set[str]]:
    if override is None:
        if bypass:
            msg = "a bypass needs a written reason: pass override='why the GM allows it'"
            raise InvalidInput(msg)
        return None, set()
    check_text(override, "override reason", "purchase")
    names = {bypass} if isinstance(bypass, str) else set(bypass)
    unknown = sorted(str(n) for n in names if not (n in WAIVABLE or (isinstance(n, str) and n.startswith("gate:"))))
    if unknown and not set(unknown) & UNWAIVABLE:
        msg = f"an override bypasses {', '.join(sorted(WAIVABLE))} or 'gate:<ladder>', got {', '.join(unknown)}"
        raise InvalidInput(msg)
    if not names:
        msg = "an override must name what it bypasses, e.g. bypass=['requires'] or ['gate:<ladder>', 'limit']"
        raise InvalidInput(msg)
    forbidden = names & UNWAIVABLE
    if forbidden:
        msg = f"an override cannot bypass {', '.join(sorted(forbidden))}: only requirements, gates and limits"
        raise InvalidInput(msg)
    waived = {v.key for v in q.violations if v.key in names or any(v.key.startswith(n + ":") for n in names)}
    bypassed = tuple(v.sentence for v in q.violations if v.key in waived)
    return Override(bypassed=bypassed, reason=override), waived


def purchase(
    pack: RulePack,
    sheet: Sheet,
    upgrade_id: str,
    *,
    choice: str | None,
    pay: Mapping[str, int] | None,
    member: str | None,
    dice: Dice | None,
    decisions: Sequence[str],
    override: str | None,
    bypass: Collection[str],
    args: Mapping[str, object] | None,
) -> Sheet:
    q = quote(pack, sheet, upgrade_id, choice=choice, pay=pay, member=member)
    recorded_override, waived = _override(q, override, bypass)
    _refuse(upgrade_id, q, waived)
    assert q.price is not None  # a quote with no price carries a violation
    upgrade = pack.upgrade(upgrade_id)
    subject, roster = _subject(sheet, member)
    if isinstance(decisions, str):
        msg = f"decisions must be a list of texts, got the text {decisions!r}; pass [{decisions!r}]"
        raise InvalidInput(msg)
    if upgrade.procedure is None and decisions:
        msg = f"{upgrade_id!r} has no procedure, so it asks for no decision; got {list(decisions)!r}"
        raise DecisionError(msg)
    if upgrade.procedure is None:
        effect = _resolved(upgrade.effect, choice)
        event = Purchased(upgrade=upgrade_id, choice=choice, price=q.split, effect=effect, override=recorded_override)
        return _record(sheet, member, [event], f"buy {upgrade_id}")
    extra = _check_args(args)
    started = Started(upgrade=upgrade_id, choice=choice, price=q.split, override=recorded_override, args=extra)
    paid = subject.apply(started)
    context = ProcedureContext(sheet=paid, choice=choice, pack=pack, roster=roster, args=extra)
    outcome = drive(pack.function(upgrade.procedure), context, decisions=decisions, dice=dice)
    if outcome.effect is not None:
        _check_outcome(pack, paid, upgrade_id, outcome.effect, choice)
    return _record(sheet, member, [started, *outcome.events], f"buy {upgrade_id}")


def _check_args(args: Mapping[str, object] | None) -> dict[str, str | int | bool]:
    """Procedure arguments are recorded in the ledger, so they must be plain texts, integers or booleans."""
    if args is None:
        return {}
    if not isinstance(args, Mapping):
        msg = f"args must map names to values, got {type(args).__name__}"
        raise InvalidInput(msg)
    checked: dict[str, str | int | bool] = {}
    for key, value in args.items():
        if not isinstance(key, str) or not isinstance(value, str | int | bool):
            msg = f"args: {key!r} must be a text name with a text, integer or boolean value, got {value!r}"
            raise InvalidInput(msg)
        checked[key] = value
    return checked


def _check_outcome(pack: RulePack, subject: Sheet, upgrade_id: str, effect: Effect, choice: str | None) -> None:
    problems = [
        v
        for v in _effect_problems(pack, subject, upgrade_id, effect, _context(pack, subject, choice))
        if v.key == "limit"
    ]
    if problems:
        raise LimitReached(upgrade=upgrade_id, reason="; ".join(v.sentence for v in problems))


def decide(pack: RulePack, sheet: Sheet, choice: str, *, member: str | None, dice: Dice | None) -> Sheet:
    subject, roster = _subject(sheet, member)
    pending = subject.pending
    if pending is None or pending.question is None:
        msg = "there is no decision to make: no procedure is waiting"
        raise DecisionError(msg)
    label, offered = pending.question
    if choice not in offered:
        msg = f"{choice!r} is not an option for {label!r}; the options are: {', '.join(offered)}"
        raise DecisionError(msg)
    upgrade = pack.upgrade(pending.upgrade)
    assert upgrade.procedure is not None
    context = ProcedureContext(sheet=subject, choice=pending.choice, pack=pack, roster=roster, args=pending.args)
    outcome = drive(
        pack.function(upgrade.procedure),
        context,
        recorded_rolls=pending.rolls,
        recorded_decisions=pending.decisions,
        decisions=[choice],
        dice=dice,
    )
    if outcome.effect is not None:
        _check_outcome(pack, subject, pending.upgrade, outcome.effect, pending.choice)
    return _record(sheet, member, list(outcome.events), f"decide {choice}")


def undo(sheet: Sheet, steps: int = 1) -> Sheet:
    """Take back the last ``steps`` operations (ledger entries). The creation cannot be undone."""
    if not isinstance(sheet, Sheet):
        msg = f"expected a Sheet, got {type(sheet).__name__}"
        raise InvalidInput(msg)
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
        msg = f"undo: steps must be a positive integer, got {steps!r}"
        raise InvalidInput(msg)
    if steps >= len(sheet.ledger):
        msg = f"undo: the ledger holds {len(sheet.ledger) - 1} operations after its creation; cannot undo {steps}"
        raise InvalidInput(msg)
    return replay(sheet.ledger[:-steps])


def mark(sheet: Sheet, label: str) -> Sheet:
    """Add a milestone to the ledger ("match 3"), to look back to with ``sheet.as_of(label)``."""
    check_sheet(sheet, "mark")
    check_text(label, "label", "mark")
    return sheet.apply(Marked(label=label))


def join(roster: Sheet, member_id: str, member: Sheet) -> Sheet:
    """Add ``member`` (a sheet with its own ledger) to ``roster`` under ``member_id``."""
    check_sheet(roster, "join")
    check_text(member_id, "member id", "join")
    if not isinstance(member, Sheet):
        msg = f"join: expected a Sheet for member {member_id!r}, got {type(member).__name__}"
        raise InvalidInput(msg)
    if member_id in roster.members:
        msg = f"join: roster {roster.name!r} already has a member {member_id!r}"
        raise InvalidInput(msg)
    return roster.apply(Joined(member=member_id, ledger=member.ledger))


def leave(roster: Sheet, member_id: str, *, reason: str) -> Sheet:
    """Remove a member from ``roster``, with the reason."""
    check_sheet(roster, "leave")
    roster.member(check_id(member_id, "member", "leave"))
    check_text(reason, "reason", f"removing {member_id!r}")
    return roster.apply(Left(member=member_id, reason=reason))


def combine(before: Sheet, after: Sheet, label: str) -> Sheet:
    """Record every entry ``after`` added to ``before`` as one :class:`Step`, undone together.

    Use it for a team-level step (a post-match sequence) made of many operations.
    """
    check_sheet(before, "combine")
    check_sheet(after, "combine")
    check_text(label, "label", "combine")
    size = len(before.ledger)
    if after.ledger[:size] != before.ledger:
        msg = "combine: the second sheet does not continue the first one's ledger"
        raise InvalidInput(msg)
    added = after.ledger[size:]
    if not added:
        return before
    # ``after`` is ``before`` with the added entries folded one by one, which is exactly what
    # folding them as one step gives: keep its state rather than fold every entry again.
    return _build(
        after, (*before.ledger, Step(label=sys.intern(label), events=added)), after.pools, after.members, after.pending
    )
