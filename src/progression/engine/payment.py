"""Paying from pools: caps and the surplus held over them, and how a price is split across the paying pools.

A pool whose overflow policy is ``settle`` may hold points over its cap; until they are spent on
that pool or discarded, the sheet is not settled and other operations are refused.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

from progression._frozen import freeze
from progression.engine.checks import came
from progression.errors import InvalidInput, PendingState, UnknownName
from progression.requirements.violations import Violation

if TYPE_CHECKING:
    from progression.ledger.sheet import Sheet
    from progression.rulepacks.rulepack import RulePack
    from progression.rules.parts import Upgrade

__all__ = [
    "cap_of",
    "currency_of",
    "ensure_settled",
    "payment",
    "pools_paying",
    "spendable",
    "state_problems",
    "surplus",
    "unit_of",
    "written",
]


def cap_of(pack: RulePack, sheet: Sheet, pool: str) -> int | None:
    """The cap of ``pool`` on ``sheet`` now: a number, a quantity read on the sheet, or None."""
    cap = pack.pool(pool).cap
    if isinstance(cap, str):
        return sheet.quantity(cap)
    return cap


def surplus(pack: RulePack, sheet: Sheet) -> Mapping[str, int]:
    """Points held over a cap, by pool (only pools whose policy lets surplus wait)."""
    over = {}
    for pool, balance in sheet.pools.items():
        spec = pack.pools.get(pool)
        if spec is None or spec.overflow != "settle":
            continue
        cap = cap_of(pack, sheet, pool)
        if cap is not None and balance > cap:
            over[pool] = balance - cap
    return freeze(over)


def state_problems(
    pack: RulePack, sheet: Sheet, paying: Collection[str] = (), over: Mapping[str, int] | None = None
) -> list[Violation]:
    """What keeps ``sheet`` from being changed: a decision awaited, or surplus on a pool other than ``paying``
    (``over``: the sheet's surplus, when the caller has it already)."""
    waiting = _waiting(pack, sheet)
    problems = [] if waiting is None else [waiting]
    for pool, extra in (surplus(pack, sheet) if over is None else over).items():
        if pool not in paying:
            buys = pack.pool(pool).surplus_buys
            them = "it" if extra == 1 else "them"
            spend = " or ".join(pack.name_of(u) for u in buys) if buys else f"what {pack.name_of(pool)} pays for"
            problems.append(
                Violation(
                    "state",
                    f"{pack.name_of(pool)} holds {extra} point{'' if extra == 1 else 's'} over its cap; spend {them} "
                    f"on {spend}, or discard {them} (a discard of {pool}), first",
                )
            )
    return problems


def _waiting(pack: RulePack, sheet: Sheet) -> Violation | None:
    """A decision the sheet's procedure waits for, as a refusal's sentence."""
    if sheet.pending is None:
        return None
    question = sheet.pending.question
    asked = f" ({question[0]}: {', '.join(question[1])})" if question else ""
    return Violation(
        "state", f"{pack.name_of(sheet.pending.upgrade)} waits for a decision{asked}; decide or undo first"
    )


def ensure_decided(pack: RulePack, sheet: Sheet) -> None:
    """Raise :class:`PendingState` when a decision waits (points over a cap may wait: they are spent later)."""
    waiting = _waiting(pack, sheet)
    if waiting is not None:
        raise PendingState(waiting.sentence)


def ensure_settled(pack: RulePack, sheet: Sheet) -> None:
    """Raise :class:`PendingState` when a decision or a surplus waits."""
    problems = state_problems(pack, sheet)
    if problems:
        raise PendingState("; ".join(p.sentence for p in problems))


def currency_of(pack: RulePack, upgrade: Upgrade) -> str:
    """The currency ``upgrade`` is paid in (its paying pools share one)."""
    return pack.pool(upgrade.pools[0]).currency if upgrade.pools else "points"


def unit_of(pack: RulePack, currency: str) -> str | None:
    """The unit amounts of ``currency`` are written in (``gp``), or None."""
    spec = pack.currencies.get(currency)
    return spec.unit if spec is not None else None


def written(pack: RulePack, currency: str, amount: int) -> str:
    """``amount`` of ``currency`` as a sentence writes it: ``60,000 gp`` in the currency's unit, else the
    number and the currency's name (``20 Progression points``)."""
    unit = unit_of(pack, currency)
    return f"{amount} {pack.name_of(currency)}" if unit is None else f"{amount:,} {unit}"


def spendable(pack: RulePack, subject: Sheet, pool: str, upgrade_id: str) -> int:
    """What ``pool`` may pay towards ``upgrade_id``: its balance, or, when the points over its cap may pay only
    some upgrades (``surplus_buys``) and this is not one of them, no more than its cap."""
    balance = max(0, subject.pools[pool])
    spec = pack.pools.get(pool)
    if spec is None or spec.overflow != "settle" or not spec.surplus_buys or upgrade_id in spec.surplus_buys:
        return balance
    cap = cap_of(pack, subject, pool)
    return balance if cap is None else min(balance, max(0, cap))


def payment(
    pack: RulePack, subject: Sheet, upgrade: Upgrade, price: int | None, pay: Mapping[str, int] | None
) -> tuple[dict[str, int], int, list[Violation], str]:
    """How ``price`` would be paid (the buyer's ``pay``, or the default split), what the paying pools
    may give together, every problem with it, and why points they hold may not pay (or ``""``)."""
    may: dict[str, int] = {}  # what each paying pool the sheet holds may give
    held = 0  # what they hold
    for pool in upgrade.pools:
        if pool in subject.pools:
            held += max(0, subject.pools[pool])
            may[pool] = spendable(pack, subject, pool, upgrade.id)
    allowed = list(may)
    available = sum(may.values())
    problems: list[Violation]
    if pay is None:
        split, problems = _split(pack, subject, allowed, price or 0, may), []
    else:
        split, problems = _buyers_split(pack, subject, upgrade.id, allowed, pay, may)
        if price is not None and sum(pay.values()) != price:
            msg = f"pay adds up to {sum(pay.values())} but {upgrade.id!r} costs {price}"
            raise InvalidInput(msg)
    over = ""
    if held > available:  # written only then: a quote builds its sentences when something is refused
        kept = [p for p in allowed if max(0, subject.pools[p]) > may[p]]  # pools whose surplus may not pay this
        over = f"{held - available} more are over a cap and may pay only {_surplus_buys(pack, kept)}"
    if price is not None and available < price and not any(v.key == "points" for v in problems):
        currency = currency_of(pack, upgrade)
        unit = unit_of(pack, currency)
        shown = f"{available}" if unit is None else f"{available:,} {unit}"
        shown = f"{shown} ({over})" if over else shown
        problems.append(Violation("points", f"costs {written(pack, currency, price)}; the paying pools hold {shown}"))
    return split, available, problems, over


def _surplus_buys(pack: RulePack, pools: Sequence[str]) -> str:
    """The upgrades the points over the caps of ``pools`` may pay, named."""
    names = [pack.name_of(u) for p in pools for u in pack.pool(p).surplus_buys]
    return ", ".join(dict.fromkeys(names)) or "nothing"


def _split(
    pack: RulePack, subject: Sheet, allowed: Sequence[str], price: int, may: Mapping[str, int]
) -> dict[str, int]:
    """The default split: surplus over a cap first, then the pools with least headroom under their cap,
    each giving no more than it ``may``."""
    if len(allowed) == 1:  # one pool pays: there is no order to find
        take = min(price, may[allowed[0]])
        return {allowed[0]: take} if take else {}
    over = surplus(pack, subject)

    def order(pool: str) -> tuple[int, float, int]:
        cap = cap_of(pack, subject, pool)
        headroom = float("inf") if cap is None else cap - subject.pools[pool]
        return (-over.get(pool, 0), headroom, -subject.pools[pool])

    split, left = {}, price
    for pool in sorted(allowed, key=order):
        take = min(left, may[pool])
        if take:
            split[pool] = take
            left -= take
    return split


def pools_paying(pack: RulePack, pay: Mapping[str, int]) -> dict[str, int]:
    """The buyer's split ``pay`` keyed by pool ids: each key a pool's id, or its displayed name in any language
    of the pack and in any case (``"Bonus XP"`` for ``bonus``), as a purchase's choice is read. A pool the pack
    knows that does not pay for the upgrade is left for the quote to refuse by the rules.

    Raises:
        InvalidInput: ``pay`` is no mapping, a key is no text, or two keys name one pool.
        UnknownName: a key names no pool of the pack (a typo), with the closest pools.
    """
    if not isinstance(pay, Mapping):
        msg = f"pay must map pools to points, got {type(pay).__name__}"
        raise InvalidInput(msg)
    ids: dict[str, int] = {}
    given_as: dict[str, str] = {}
    for given, amount in pay.items():
        if not isinstance(given, str):
            msg = f"expected a pool's id or displayed name as a key of pay, got {came(given)}"
            raise InvalidInput(msg)
        pool = given if given in pack.pools else pack.resolve(given, tuple(pack.pools))
        if pool not in pack.pools:
            near = pack.closest(given, tuple(pack.pools))
            raise UnknownName("pool", given, pack.pools, f"rule pack {pack.name!r}", closest=near)
        if pool in ids:
            msg = f"the split names the pool {pool!r} twice, as {given_as[pool]!r} and {given!r}; give its part once"
            raise InvalidInput(msg)
        ids[pool], given_as[pool] = amount, given
    return ids


def _buyers_split(
    pack: RulePack,
    subject: Sheet,
    upgrade_id: str,
    allowed: Sequence[str],
    pay: Mapping[str, int],
    may: Mapping[str, int],
) -> tuple[dict[str, int], list[Violation]]:
    """The split a buyer asked for, checked: a pool that may not pay, or is asked more than it holds, is a problem
    (a name that is no pool of the pack is refused: :func:`pools_paying`)."""
    pay = pools_paying(pack, pay)
    split: dict[str, int] = {}
    problems: list[Violation] = []
    for pool, amount in pay.items():
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            msg = f"expected a whole number of points >= 0 as the part of {pool!r} in pay, got {amount!r}"
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
            elif amount > may[pool]:
                problems.append(
                    Violation(
                        "points",
                        f"{pack.name_of(pool)} holds {subject.pools[pool]}, but only {may[pool]} under its cap may pay "
                        f"{pack.name_of(upgrade_id)} (the points over the cap pay only "
                        f"{_surplus_buys(pack, [pool])}), not the {amount} asked of it",
                    )
                )
    return split, problems
