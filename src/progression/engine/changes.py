"""The rule code of the changes that are not purchases: a new sheet's creation, awards (each pool's cap
and overflow policy applied), losses, prices a pack's rule code computed, discarded surplus, adjustments,
members joining and leaving. Each checks the change against the sheet and records through a :class:`Work`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from progression.engine.checks import (
    LARGEST,
    came,
    check_amount,
    check_id,
    check_mapping,
    check_number,
    check_sheet,
    check_text,
    check_writable,
    sheet_called,
)
from progression.engine.payment import cap_of, ensure_decided, ensure_settled, surplus
from progression.engine.quotes import Quote, context, quote
from progression.engine.rerun import is_rerun
from progression.engine.shared import awarded
from progression.errors import (
    CapExceeded,
    InsufficientPoints,
    InvalidInput,
    LimitReached,
    RequirementNotMet,
    UnknownName,
)
from progression.ledger.events import Adjusted, Created, Event, Joined, Left, Lost, Purchased
from progression.ledger.sheet import Sheet, tried
from progression.rules.parts import Effect

if TYPE_CHECKING:
    from progression.engine.work import Work
    from progression.rulepacks.rulepack import RulePack

__all__ = ["adjust", "award", "created", "discard", "join", "leave", "lose", "note", "spend"]


def created(
    pack: RulePack,
    kind: str,
    name: str,
    *,
    pools: Mapping[str, int] | None,
    stats: Mapping[str, int] | None,
    owned: Mapping[str, int] | None,
    tags: Mapping[str, str] | None,
) -> Created:
    """The creation of a sheet of ``kind``: every pool of the kind at 0 and stats at their initial values, overridden."""
    spec = pack.kind(check_id(kind, "kind", "new sheet"))
    where = f"a new {kind} sheet"
    if not isinstance(name, str):
        msg = f"expected a text as the name of {where}, got {name!r}"
        raise InvalidInput(msg)
    check_writable(name, "name", where)
    for given, what in ((pools, "pools"), (stats, "stats"), (owned, "owned"), (tags, "tags")):
        if given is not None:
            check_mapping(given, what, where)
    start_pools = dict.fromkeys(spec.pools, 0)
    for pool, amount in (pools or {}).items():
        if pool not in start_pools:
            raise UnknownName("pool", pool, start_pools, f"kind {kind!r}")
        if not (isinstance(amount, int) and not isinstance(amount, bool) and amount == 0):
            check_amount(amount, f"the starting points of pool {pool!r} of {where}")
        start_pools[pool] = amount
    start_stats = {s: pack.stats[s].initial for s in spec.stats}
    for stat, value in (stats or {}).items():
        if stat not in start_stats:
            raise UnknownName("stat", stat, start_stats, f"kind {kind!r}")
        if isinstance(value, bool) or not isinstance(value, int):
            msg = f"expected an integer as stat {stat!r} of {where}, got {value!r}"
            raise InvalidInput(msg)
        start_stats[stat] = check_number(
            value, f"stat {stat!r}", where
        )  # a stat's bounds are those of purchases: a start may be past them (no fans yet)
    for pool, amount in start_pools.items():  # a cap read on the start's own stats and pools
        cap = pack.pools[pool].cap
        most = start_stats.get(cap, start_pools.get(cap)) if isinstance(cap, str) else cap
        if most is not None and amount > most:
            of = f" (its {pack.name_of(cap)})" if isinstance(cap, str) else ""
            msg = f"pool {pool!r} of {where} holds at most its cap of {most}{of}, got {amount}"
            raise InvalidInput(msg)
    for item, count in (owned or {}).items():
        check_id(item, "owned item", where)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            msg = f"expected a positive count as owned {item!r} of {where}, got {count!r}"
            raise InvalidInput(msg)
        check_number(count, f"owned {item!r}", where)
    for key, text in (tags or {}).items():
        if not isinstance(key, str) or not isinstance(text, str):
            msg = f"expected texts mapped to texts as the tags of {where}, got {key!r} = {text!r}"
            raise InvalidInput(msg)
        check_writable(key + text, "tag", where)
    return Created(
        pack=pack.name,
        kind=kind,
        name=name,
        rules=pack.rules,
        pools=start_pools,
        stats=start_stats,
        owned=owned or {},
        tags=tags or {},
    )


def award(work: Work, pool: str, amount: int, *, reason: str, member: str | None) -> None:
    """``amount`` points into ``pool``; past its cap they are refused, lost, left to settle or spent."""
    pack = work.pack
    subject = work.subject(member)
    where = f"the award to {pool!r}"
    check_id(pool, "pool", "award")
    check_amount(amount, f"the amount of {where}")
    check_text(reason, "reason", where)
    _check_held(work.pack, subject, pool)
    ensure_decided(pack, subject)  # points over a cap may wait while more come: a session's awards, then settle
    spec = pack.pool(pool)
    if spec.requires is not None:
        unmet = spec.requires.unmet(context(pack, subject, None, roster=None if member is None else work.sheet))
        if unmet:
            who = subject.name or subject.kind
            head = f"{who} cannot be awarded {pack.name_of(pool)}"
            raise RequirementNotMet(upgrade=pool, missing=list(unmet), head=head)
    if subject.pools[pool] + amount > LARGEST:  # each award is at most LARGEST: the sum may not be
        check_number(subject.pools[pool] + amount, f"{pack.name_of(pool)} after the award", where)
    events: list[Event] = [awarded(pool, amount, reason)]
    if spec.cap is None:  # nothing to settle: skip folding the award twice (here, then into the roster)
        work._record(events, member=member)
        return
    after = tried(subject, events[0])
    cap = cap_of(pack, after, pool)
    if cap is not None and after.pools[pool] > cap:
        extra = after.pools[pool] - cap
        if spec.overflow == "refuse":
            msg = (
                f"{pack.name_of(pool)} holds {subject.pools[pool]} of a cap of {cap}; "
                f"the award of {amount} more would put it {extra} over"
            )
            raise CapExceeded(msg, pool=pool, cap=cap)
        if spec.overflow == "auto":
            after, bought = _auto_spend(pack, after, pool, amount)
            events.extend(bought)
            cap = cap_of(pack, after, pool)
            extra = max(0, after.pools[pool] - (cap or 0))
        if spec.overflow in ("lose", "auto") and extra > 0:
            events.append(Lost(pool=pool, amount=extra, reason=f"over the cap of {cap}"))
    work._record(events, member=member, label=f"award {amount} to {pool}")


#: The most upgrades one award may buy under an ``auto`` policy. Each is an event of the award's entry, so an
#: award past it would make an entry (and a sheet file) as large as the amount, and take as long: an award of
#: 10**14 points to a pool whose upgrades cost a few each never ended. Ten thousand fits any table climb (a
#: competence raised from 0 to its highest level, 1,000, is a thousand).
AUTO_MOST = 10_000


def _auto_spend(pack: RulePack, sheet: Sheet, pool: str, amount: int) -> tuple[Sheet, list[Event]]:
    """Spend a pool's surplus on its ``auto_spend`` upgrades that it pays for, cheapest first (a pack file naming
    one it does not pay for is refused at load; a pack made in Python is not, and the pool never pays for it).

    Raises:
        CapExceeded: the award of ``amount`` would buy more than :data:`AUTO_MOST` upgrades.
        LimitReached: points are left over the cap where only a stat's bound stops an upgrade
            (:attr:`~progression.authoring.StatSpec.bound`): the award would be spent past it, or lost because of
            it. The message says how many points may be awarded. An award a ledger recorded is run again as it
            was made, past the bound.
    """
    events: list[Event] = []
    payable = [u for u in pack.pool(pool).auto_spend if pool in pack.upgrade(u).pools]
    passing = ("points", "pools", "bound") if is_rerun() else ("points", "pools")
    while (cap := cap_of(pack, sheet, pool)) is not None and sheet.pools[pool] > cap:
        if len(events) == AUTO_MOST:
            msg = (
                f"the award of {amount:,} {pack.name_of(pool)} would buy more than {AUTO_MOST:,} upgrades at once "
                f"under the pool's auto policy (after {AUTO_MOST:,}, it held {sheet.pools[pool]:,} of a cap of {cap:,}); "
                "award it in smaller parts"
            )
            raise CapExceeded(msg, pool=pool, cap=cap)
        quotes = [quote(pack, sheet, u, pay=None, member=None, choice=None, paying=(pool,)) for u in payable]
        affordable = [q for q in quotes if _affordable_from(q, pool, sheet, passing)]
        if not affordable:
            _check_bounds(pack, quotes, pool, amount, sheet.pools[pool] - cap)
            break
        best = min(affordable, key=lambda q: q.price or 0)
        upgrade = pack.upgrade(best.upgrade)
        event = Purchased(upgrade=upgrade.id, price={pool: best.price or 0}, effect=upgrade.effect)
        events.append(event)
        sheet = tried(sheet, event)
    return sheet, events


def _affordable_from(q: Quote, pool: str, sheet: Sheet, passing: tuple[str, ...]) -> bool:
    """Whether ``pool`` alone pays for ``q`` and nothing but the violations ``passing`` stands in the way."""
    blocking = [v for v in q.violations if v.key not in passing]
    return not blocking and q.price is not None and sheet.pools[pool] >= q.price


def _check_bounds(pack: RulePack, quotes: list[Quote], pool: str, amount: int, over: int) -> None:
    """Refuse the award of ``amount`` when the ``over`` points it leaves over the cap stay there only because a
    stat's bound stops one of the upgrades ``quotes`` price (no other rule): it would be spent past the bound, or
    lost to it. Not when it is run again from a ledger (an award recorded before the bound was set)."""
    if is_rerun():
        return
    for q in quotes:
        bounds = [v.sentence for v in q.violations if v.key == "bound"]
        if bounds and all(v.key in ("points", "pools", "bound") for v in q.violations):
            room = amount - over  # what leaves the pool at most full where the bound stops the climb
            most = f"at most {room:,} can be" if room > 0 else "none can be"
            reason = f"its policy (auto) would spend it on {q.label}, and {'; '.join(bounds)}; {most} awarded now"
            head = f"The award of {amount:,} {pack.name_of(pool)} is refused"
            raise LimitReached(upgrade=q.upgrade, reason=reason, head=head)


def discard(work: Work, pool: str, *, reason: str, member: str | None) -> None:
    """Lose the surplus ``pool`` holds over its cap."""
    pack = work.pack
    subject = work.subject(member)
    check_id(pool, "pool", "discard")
    check_text(reason, "reason", f"discard from {pool!r}")
    _check_held(work.pack, subject, pool)
    extra = surplus(pack, subject).get(pool, 0)
    if extra == 0:
        spec = pack.pools.get(pool)
        if spec is None or spec.cap is None:  # no cap to be over: say so, not "nothing over its cap"
            msg = f"{pack.name_of(pool)} has no cap, so it never holds points over one; there is nothing to discard"
        else:
            msg = f"{pack.name_of(pool)} holds nothing over its cap; there is nothing to discard"
        raise InvalidInput(msg)
    work._record([Lost(pool=pool, amount=extra, reason=reason)], member=member)


def _check_held(pack: RulePack, subject: Sheet, pool: str) -> None:
    """``pool`` is one of ``subject``'s, or the refusal names the sheet and the pools closest by id or name."""
    if pool not in subject.pools:
        near = pack.closest(pool, tuple(subject.pools))
        raise UnknownName("pool", pool, subject.pools, sheet_called(subject), closest=near)


def adjust(work: Work, effect: Effect, *, reason: str, member: str | None) -> None:
    """Apply an effect that is not a purchase, with its reason: the stats it changes are the subject's."""
    subject = work.subject(member)
    check_text(reason, "reason", "adjustment")
    _check_effect(subject, effect, "the effect to adjust")
    ensure_settled(work.pack, subject)
    work._record([Adjusted(effect=effect, reason=reason)], member=member)


def _check_effect(subject: Sheet, effect: object, where: str) -> None:
    """An effect whose stats are the subject's, and whose numbers, and those it leaves, a sheet can hold
    (:data:`~progression.engine.checks.LARGEST` either way: a larger one would make the sheet's file unreadable)."""
    if not isinstance(effect, Effect):
        msg = f"expected an Effect as {where}, got {came(effect)}"
        raise InvalidInput(msg)
    stats, grants = effect.stats, effect.grants
    for stat in stats:
        if stat not in subject.stats:
            raise UnknownName("stat", stat, subject.stats, sheet_called(subject))
        if not -LARGEST <= subject.stats[stat] + stats[stat] <= LARGEST or not -LARGEST <= stats[stat] <= LARGEST:
            check_number(stats[stat], f"the change to stat {stat!r}", where)
            check_number(subject.stats[stat] + stats[stat], f"stat {stat!r} after the change", where)
    for item in grants:
        if (
            not -LARGEST <= subject.owned.get(item, 0) + grants[item] <= LARGEST
            or not -LARGEST <= grants[item] <= LARGEST
        ):
            check_number(grants[item], f"the change to owned {item!r}", where)
            check_number(subject.owned.get(item, 0) + grants[item], f"owned {item!r} after the change", where)


def note(work: Work, reason: str, *, member: str | None) -> None:
    """A sentence in the history, changing nothing."""
    work.subject(member)
    check_text(reason, "reason", "a note")
    work._record([Adjusted(effect=_NOTHING, reason=reason)], member=member)


_NOTHING = Effect()


def lose(work: Work, pool: str, amount: int, *, reason: str, member: str | None) -> None:
    """``amount`` points out of ``pool``, which holds at least that many."""
    subject = work.subject(member)
    where = f"the loss from {pool!r}"
    check_id(pool, "pool", "loss")
    check_amount(amount, f"the amount of {where}")
    check_text(reason, "reason", where)
    _check_held(work.pack, subject, pool)
    held = subject.pools[pool]
    if amount > held:
        msg = (
            f"{work.pack.name_of(pool)} of {sheet_called(subject, bare=True)} holds {held}, so {amount} cannot be lost"
        )
        raise InvalidInput(msg)
    work._record([Lost(pool=pool, amount=amount, reason=reason)], member=member)


def spend(
    work: Work, price: Mapping[str, int], *, upgrade: str, choice: str, effect: Effect | None, member: str | None
) -> None:
    """Pay ``price``, computed by a pack's rule code, for ``upgrade``: each pool holds its part."""
    pack = work.pack
    subject = work.subject(member)
    if effect is not None:
        _check_effect(subject, effect, f"the effect of {upgrade!r}")
    check_text(upgrade, "upgrade", "a payment")
    where = f"the payment for {upgrade!r}"
    if not isinstance(choice, str):
        msg = f"expected a text as the choice of {where}, got {choice!r}"
        raise InvalidInput(msg)
    check_writable(choice, "choice", where)
    check_mapping(price, "price", where)
    for pool, amount in price.items():
        _check_held(pack, subject, check_id(pool, "pool", where))
        if not (isinstance(amount, int) and not isinstance(amount, bool) and amount == 0):
            check_amount(amount, f"the part of pool {pool!r} in {where}")
        if amount > subject.pools[pool]:
            names = (upgrade if choice == "" else f"{upgrade} ({choice})", pack.name_of(pool))
            raise InsufficientPoints(
                upgrade=upgrade, needed=amount, available=subject.pools[pool], currency=pool, names=names
            )
    bought = Purchased(upgrade=upgrade, choice=choice, price=dict(price), effect=effect or _NOTHING)
    work._record([bought], member=member)


def join(work: Work, member: str, sheet: Sheet) -> None:
    """``sheet`` joins the roster as ``member``: an id no member holds."""
    roster = work.subject()
    check_text(member, "member id", "join")
    if member in roster.members:
        msg = f"roster {roster.name or roster.kind!r} already has a member {member!r}; a member joins under an id none holds"
        raise InvalidInput(msg)
    check_sheet(sheet, f"the sheet of member {member!r} to join")
    work._record([Joined(member=member, ledger=sheet.ledger)])


def leave(work: Work, member: str, reason: str) -> None:
    """Member ``member`` of the roster leaves, for ``reason``."""
    work.subject(check_id(member, "member", "leave"))
    check_text(reason, "reason", f"removing {member!r}")
    work._record([Left(member=member, reason=reason)])
