"""What a pack lets a sheet buy: the upgrades no sequence of awards and purchases reaches, the requirement cycles
behind them, and the steps of a curve no pool can pay.

Reachability is an over-approximation: for each kind of sheet it follows how low and how
high each quantity can go, buying every upgrade whose requirement could be met and whose
price could be paid (a pool's ``auto_spend`` upgrades from an award's surplus, however
little the pool may hold), until nothing changes. An upgrade it never buys can never be bought
by any sequence of awards and purchases. A ``{choice}`` in an effect stands for each of the
upgrade's ``items``; a procedure, or a ``{choice}`` among what an options function lists, can
grant anything, so a pack that buys one is assumed to reach any owned item and any stat.

A quantity raised only by upgrades priced on a curve of that quantity stops below the first
step whose price is more than the pools that pay it can ever hold (the sum of their caps):
a ``merit`` pool capped at 100 never pays a step of 111, so what needs that level is never met.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping

import attrs

from progression.errors import ProgressionError
from progression.ledger.sheet import Sheet
from progression.requirements.predicates import AllOf, AnyOf, AtLeast, AtMost, Not, Owns, OwnsAmong, Requirement
from progression.rulepacks.rulepack import RulePack
from progression.rules.parts import CHOICE, CurveCost, FixedCost, Upgrade

from ._static import Finding, sheets

__all__ = ["reachability"]

INF = math.inf
#: The farthest step the search for a step no pool can pay looks at.
_FARTHEST_STEP = 2**62


@attrs.frozen
class _Stop:
    """A step of a curve no pool can pay: the quantity priced on it stops below."""

    #: The upgrade priced on the curve.
    upgrade: str
    #: The quantity it raises and is priced on.
    quantity: str
    #: The first step whose price is more than the paying pools can hold, and that price.
    step: int
    price: int
    #: What the paying pools can hold at most, and which pools they are.
    most: int
    pools: tuple[str, ...]
    #: The highest value the quantity reaches through the upgrade.
    level: int

    def reason(self, *, named: bool = True) -> str:
        """Why the quantity stops, in words; ``named``: saying which upgrade prices the step."""
        together = " together" if len(self.pools) > 1 else ""
        priced = (
            f"{self.upgrade!r} prices step {self.step} of {self.quantity!r} at"
            if named
            else (f"step {self.step} of {self.quantity!r} costs")
        )
        return f"{priced} {self.price}, more than {' and '.join(self.pools)} can ever hold{together} ({self.most})"


def _first_step_over(pack: RulePack, curve_id: str, most: int) -> tuple[int, int] | None:
    """The first step of a non-decreasing curve that costs more than ``most``, and its price; None when none
    does (or the curve cannot tell)."""
    curve = pack.curves[curve_id]
    if not curve.non_decreasing:
        return None
    last = _FARTHEST_STEP if curve.last_step is None else min(curve.last_step, _FARTHEST_STEP)
    try:
        low, high = 0, 1  # step ``low`` is paid (0: none yet), step ``high`` is being looked at
        while curve.cost(high) <= most:
            if high >= last:
                return None
            low, high = high, min(2 * high, last)
        while high - low > 1:
            middle = (low + high) // 2
            low, high = (middle, high) if curve.cost(middle) <= most else (low, middle)
        return high, curve.cost(high)
    except ProgressionError:  # a function curve that refuses a step: nothing to say
        return None


def _effects(upgrade: Upgrade) -> Iterator[tuple[str | None, list[tuple[str, int]]]]:
    """The changes an upgrade's effect makes (stats, then grants), for each of its items when it has some:
    ``{choice}`` stands for each of them in turn."""
    changes = [*upgrade.effect.stats.items(), *upgrade.effect.grants.items()]
    if upgrade.items is None or upgrade.options is not None:
        yield None, changes
        return
    for item in upgrade.items:
        yield item, [(name.replace("{choice}", item), delta) for name, delta in changes]


class _Space:
    """How low and how high each quantity of one kind of sheet can go, given what is bought."""

    def __init__(self, pack: RulePack, kind: str, starts: list[Sheet]) -> None:
        self.pack = pack
        self.kind = pack.kinds[kind]
        self.unknown_start = not starts
        self.start_lo: dict[str, float] = {}
        self.start_hi: dict[str, float] = {}
        for stat in self.kind.stats:
            spec = pack.stats.get(stat)
            if not starts and spec is not None:
                self.start_lo[stat] = -INF if spec.minimum is None else spec.minimum
                self.start_hi[stat] = INF if spec.maximum is None else spec.maximum
        for sheet in starts:
            for name, value in (*sheet.stats.items(), *sheet.pools.items(), *sheet.owned.items()):
                self.start_lo[name] = min(self.start_lo.get(name, INF), value)
                self.start_hi[name] = max(self.start_hi.get(name, -INF), value)
            for name in self.start_lo:
                if name not in sheet.stats and name not in sheet.pools and name not in sheet.owned:
                    self.start_lo[name] = min(self.start_lo[name], 0)
        self.lo, self.hi = dict(self.start_lo), dict(self.start_hi)
        self.wild = self.unknown_start
        #: The quantities that stop below a step no pool can pay, by quantity.
        self.stops: dict[str, _Stop] = {}

    def low(self, name: str) -> float:
        if name in self.kind.pools:
            return 0
        return self.lo.get(name, 0)

    def high(self, name: str) -> float:
        if name in self.kind.pools:
            spec = self.pack.pools.get(name)
            if spec is None or spec.cap is None or spec.overflow == "settle":
                return INF
            if isinstance(spec.cap, int):
                return max(spec.cap, self.start_hi.get(name, 0))
            return INF if spec.cap in self.kind.pools else self.high(spec.cap)
        if self.wild and name not in self.pack.pools:
            spec_max = self.pack.stats[name].maximum if name in self.pack.stats else None
            return INF if spec_max is None else spec_max
        return self.hi.get(name, 0)

    def update(self, bought: set[str]) -> None:
        """Recompute the bounds from the start and the upgrades that can be bought."""
        up: dict[str, float] = {}
        down: dict[str, float] = {}
        for ident in bought:
            upgrade = self.pack.upgrades[ident]
            times = INF if upgrade.limit.times is None else upgrade.limit.times
            for _, changes in _effects(upgrade):
                if upgrade.procedure is not None or any("{" in name for name, _ in changes):
                    self.wild = True
                for name, delta in changes:
                    if delta > 0:
                        up[name] = up.get(name, 0) + delta * times
                    elif delta < 0:
                        down[name] = down.get(name, 0) + delta * times
        for name in {*self.start_lo, *up, *down}:
            spec = self.pack.stats.get(name)
            top = INF if spec is None or spec.maximum is None else spec.maximum
            bottom = (0 if spec is None else -INF) if spec is None or spec.minimum is None else spec.minimum
            self.hi[name] = min(top, self.start_hi.get(name, 0) + up.get(name, 0))
            self.lo[name] = max(bottom, self.start_lo.get(name, 0) + down.get(name, 0))
        self.stops = {}
        if not self.wild and not self.pack.operations:  # nothing but purchases raises a quantity
            self._stop_at_prices(bought)
        for ladder in self.pack.ladders.values():
            for band in ladder.bands:
                gated = band.requires is not None and band.low > self.start_hi.get(ladder.axis, 0)
                if gated and band.requires is not None and not self.possible(band.requires):
                    self.hi[ladder.axis] = min(self.hi.get(ladder.axis, 0), band.low - 1)
                    break

    def _stop_at_prices(self, bought: set[str]) -> None:
        """Lower the top of each quantity that only upgrades priced on its own curve raise, to below the first
        step of each that no pool can pay."""
        raised: dict[str, list[_Stop | None]] = {}
        for ident in sorted(bought):
            upgrade = self.pack.upgrades[ident]
            for choice, changes in _effects(upgrade):
                for name, delta in changes:
                    if delta > 0:
                        raised.setdefault(name, []).append(self._stop(upgrade, choice, name, delta))
        for name, stops in raised.items():
            known = [stop for stop in stops if stop is not None]
            if len(known) < len(stops) or name in self.kind.pools:
                continue  # something raises it without a price that stops it
            last = max(known, key=lambda stop: stop.level)
            top = max(self.start_hi.get(name, 0), last.level)
            if top < self.hi.get(name, 0):
                self.hi[name] = top
                self.stops[name] = last

    def _stop(self, upgrade: Upgrade, choice: str | None, name: str, delta: int) -> _Stop | None:
        """Where ``upgrade`` stops raising ``name``, when it is priced on a curve of ``name`` whose steps come to
        cost more than its pools can hold; None when it may raise it without end."""
        cost = upgrade.cost
        if not isinstance(cost, CurveCost) or cost.curve not in self.pack.curves:
            return None
        axis = cost.axis if choice is None else cost.axis.replace("{choice}", choice)
        if axis != name or any(factor.by == 0 for factor in upgrade.multiply):
            return None  # priced on something else, or maybe free
        paying = [p for p in upgrade.pools if p in self.kind.pools]
        most = sum(self.high(p) for p in paying)
        if not paying or most == INF or self.paid_by_surplus(upgrade, paying):
            return None
        over = _first_step_over(self.pack, cost.curve, int(most))
        if over is None:
            return None
        step, price = over
        # bought at a value below step - 1 (step - 1 itself would ask for that step), plus what it adds
        return _Stop(upgrade.id, name, step, price, int(most), tuple(paying), step - 2 + delta)

    def possible(self, requirement: Requirement, positive: bool = True, upgrade: Upgrade | None = None) -> bool:
        """Whether the requirement (or its negation) could hold, each condition taken on its own; as the requirement
        of ``upgrade``, also where its own limits let it be bought (:func:`_ceiling`)."""
        r = requirement
        if isinstance(r, AtLeast):
            if not positive:
                return self.low(r.quantity) < r.value
            ceiling = None if upgrade is None else _ceiling(self.pack, upgrade, r.quantity)
            return self.high(r.quantity) >= r.value and (ceiling is None or ceiling[0] >= r.value)
        if isinstance(r, AtMost):
            return self.low(r.quantity) <= r.value if positive else self.high(r.quantity) > r.value
        if isinstance(r, Owns):
            return self.high(r.item) >= r.count if positive else self.low(r.item) < r.count
        if isinstance(r, OwnsAmong):
            if positive:
                return sum(self.high(i) >= 1 for i in r.among) >= r.count
            return sum(self.low(i) >= 1 for i in r.among) < r.count
        if isinstance(r, Not):
            return self.possible(r.item, not positive, upgrade)
        if isinstance(r, AllOf | AnyOf):
            every = isinstance(r, AllOf) == positive
            results = (self.possible(item, positive, upgrade) for item in r.items)
            return all(results) if every else any(results)
        return True  # a predicate: its function cannot be read

    def price(self, upgrade: Upgrade) -> float | None:
        """The lowest price the upgrade could have, or None when it can never be priced."""
        cost = upgrade.cost
        if isinstance(cost, FixedCost):
            return cost.amount
        if isinstance(cost, CurveCost) and cost.curve in self.pack.curves:
            curve = self.pack.curves[cost.curve]
            low = self.low(cost.axis)
            step = 1 if low == -INF else max(0, int(low)) + 1
            if curve.last_step is not None and step > curve.last_step:
                return None
            try:
                return curve.cost(step)
            except ProgressionError:
                return None
        return 0

    def paid_by_surplus(self, upgrade: Upgrade, paying: list[str]) -> bool:
        """Whether an award's surplus can pay for the upgrade, however little its pools may hold.

        Under the ``auto`` policy an award over a pool's cap is spent on the pool's
        ``auto_spend`` upgrades: an award can be as large as their price.
        """
        for pool in paying:
            spec = self.pack.pools.get(pool)
            if spec is not None and spec.overflow == "auto" and upgrade.id in spec.auto_spend:
                return True
        return False

    def blockers(self, upgrade: Upgrade) -> list[str]:
        """Why the upgrade cannot be bought by a sheet of this kind; empty when it could."""
        if upgrade.kinds and self.kind.id not in upgrade.kinds:
            return [f"it is not for kind {self.kind.id!r}"]
        reasons = []
        if upgrade.limit.times == 0:
            reasons.append("its limit allows 0 purchases")
        reasons += self.past_limit(upgrade)
        if upgrade.requires is not None and not self.possible(upgrade.requires, upgrade=upgrade):
            reasons.append("its requirement can never be met: " + "; ".join(self.unmet(upgrade.requires, upgrade)))
        price = self.price(upgrade)
        if price is None:
            reasons.append("its price curve has no step left to buy")
        elif price > 0:
            paying = [p for p in upgrade.pools if p in self.kind.pools]
            if not paying:
                reasons.append(
                    f"a sheet of kind {self.kind.id!r} holds none of the pools that pay for it ({', '.join(upgrade.pools)})"
                )
            elif sum(self.high(p) for p in paying) < price and not self.paid_by_surplus(upgrade, paying):
                most = sum(self.high(p) for p in paying)
                reasons.append(f"it costs {price} but its pools can hold at most {most:g}")
        for name, delta in upgrade.effect.stats.items():
            spec = self.pack.stats.get(name)
            if delta > 0 and spec is not None and spec.maximum is not None and self.low(name) + delta > spec.maximum:
                reasons.append(f"it raises {name!r} past its maximum of {spec.maximum}")
        return reasons

    def past_limit(self, upgrade: Upgrade) -> list[str]:
        """The quantities of the upgrade's ``limit.maxima`` that every purchase would take past it, however low they
        go (for each item, when it has some): empty when a purchase could keep within them."""
        said: list[str] = []
        for choice, changes in _effects(upgrade):
            raised: dict[str, int] = {}
            for name, delta in changes:
                raised[name] = raised.get(name, 0) + delta
            reasons = []
            for key, most in upgrade.limit.maxima.items():
                name = key if choice is None else key.replace(CHOICE, choice)
                if CHOICE in name:  # an item an options function lists: not known here
                    continue
                low, delta = self.low(name), raised.get(name, 0)
                if low + delta > most:
                    starts = "starts at" if low == self.start_lo.get(name, 0) else "never drops below"
                    after = f", so buying it would take it to {low + delta:g}" if delta else ""
                    reasons.append(f"its limit.maxima caps {name!r} at {most}, but {name!r} {starts} {low:g}{after}")
            if not reasons:
                return []
            said += [reason for reason in reasons if reason not in said]
        return said

    def unmet(self, requirement: Requirement, upgrade: Upgrade | None = None, positive: bool = True) -> list[str]:
        """The conditions of a requirement (of ``upgrade``; or of its negation) that can never hold, in words."""
        r = requirement
        if isinstance(r, AllOf | AnyOf):
            if isinstance(r, AllOf) == positive:
                impossible = [item for item in r.items if not self.possible(item, positive, upgrade)]
                return [s for item in impossible for s in self.unmet(item, upgrade, positive)]
            if not r.items:
                return ["one of no requirement at all, which never holds"]
            return ["one of: " + "; or ".join("; ".join(self.unmet(item, upgrade, positive)) for item in r.items)]
        if isinstance(r, Not):
            return self.unmet(r.item, upgrade, not positive)
        if isinstance(r, AtLeast) and not positive:
            return [f"{r.quantity!r} below {r.value}, but it never drops below {self.low(r.quantity):g}"]
        if isinstance(r, AtMost) and not positive:
            return [f"{r.quantity!r} above {r.value}, but it reaches at most {self.high(r.quantity):g}"]
        if isinstance(r, AtLeast):
            return [self._short_of(r, upgrade)]
        if isinstance(r, AtMost):
            return [f"{r.quantity!r} at most {r.value}, but it never drops below {self.low(r.quantity):g}"]
        if isinstance(r, Owns) and positive:
            most = self.high(r.item)
            why = f": {self.stops[r.item].reason()}" if r.item in self.stops else ""
            return [
                f"owning {r.item!r}, but {'nothing grants it' if most == 0 else f'at most {most:g} can be had'}{why}"
            ]
        if isinstance(r, Owns):
            return [f"owning {r.item!r} fewer than {r.count} times, but every sheet owns it {self.low(r.item):g} times"]
        if isinstance(r, OwnsAmong) and positive:
            have = [i for i in r.among if self.high(i) >= 1]
            return [f"owning {r.count} of {', '.join(r.among)}, but only {len(have)} of them can be had"]
        if isinstance(r, OwnsAmong):
            kept = [i for i in r.among if self.low(i) >= 1]
            return [f"owning fewer than {r.count} of {', '.join(r.among)}, but every sheet owns {len(kept)} of them"]
        # possible() holds of every other form (a tag, an argument, a predicate): said in case, never as a repr
        return [r.said or r.message or "a condition that can never hold"]

    def _short_of(self, r: AtLeast, upgrade: Upgrade | None) -> str:
        """Why ``r`` never holds: the stat's maximum, where the upgrade's own limits let it be bought, or how high
        the quantity can go."""
        spec = self.pack.stats.get(r.quantity)
        if spec is not None and spec.maximum is not None and spec.maximum < r.value:
            return f"{r.quantity!r} at least {r.value}, but its maximum is {spec.maximum}"
        ceiling = None if upgrade is None else _ceiling(self.pack, upgrade, r.quantity)
        if ceiling is not None and ceiling[0] < r.value:
            most, why = ceiling
            bought = f"it can be bought only while {r.quantity!r} is at most {most}"
            return f"{r.quantity!r} at least {r.value}, but {bought}: {why}"
        why = f": {self.stops[r.quantity].reason()}" if r.quantity in self.stops else ""
        return f"{r.quantity!r} at least {r.value}, but it reaches at most {self.high(r.quantity):g}{why}"


def _ceiling(pack: RulePack, upgrade: Upgrade, quantity: str) -> tuple[int, str] | None:
    """The highest value of ``quantity`` at which ``upgrade`` may be bought, by what the pack declares (the stat's
    maximum, the upgrade's ``limit.maxima``, less what buying it adds), and why in words; None when nothing caps it.
    """
    spec = pack.stats.get(quantity)
    raised = upgrade.effect.stats.get(quantity, 0)
    added = raised + upgrade.effect.grants.get(quantity, 0)
    bounds = []
    if spec is not None and spec.maximum is not None:
        adds = f", and buying it adds {raised}" if raised > 0 else ""
        bounds.append((spec.maximum - max(raised, 0), f"its maximum is {spec.maximum}{adds}"))
    most = upgrade.limit.maxima.get(quantity)
    if most is not None:
        adds = f", and buying it adds {added}" if added > 0 else ""
        bounds.append((most - added, f"its limit.maxima caps {quantity!r} at {most}{adds}"))
    return min(bounds) if bounds else None


def _beyond(pack: RulePack, upgrade: Upgrade, requirement: Requirement | None) -> bool:
    """Whether the upgrade's requirement asks more of a quantity than its ceiling (:func:`_ceiling`) lets it be
    bought at: it never holds, whatever is bought first."""
    r = requirement
    if isinstance(r, AtLeast):
        ceiling = _ceiling(pack, upgrade, r.quantity)
        return ceiling is not None and ceiling[0] < r.value
    if isinstance(r, AllOf):
        return any(_beyond(pack, upgrade, item) for item in r.items)
    if isinstance(r, AnyOf):
        return all(_beyond(pack, upgrade, item) for item in r.items)
    return False


def reachability(pack: RulePack, starts: Mapping[str, Sheet]) -> tuple[list[Finding], frozenset[str]]:
    """Upgrades no sequence of awards and purchases can buy, the requirement cycles behind them, and the steps
    of a curve no pool can pay that stop a quantity short of its maximum or of what an upgrade needs; and the
    upgrades no sheet can ever buy."""
    by_kind: dict[str, list[Sheet]] = {kind: [] for kind in pack.kinds}
    for sheet in starts.values():
        for subject in sheets(sheet):
            if subject.kind in by_kind:
                by_kind[subject.kind].append(subject)
    spaces = {kind: _Space(pack, kind, sheets) for kind, sheets in by_kind.items()}
    reached: set[str] = set()
    for space in spaces.values():
        bought: set[str] = set()
        changed = True
        while changed:
            space.update(bought)
            fresh = {u.id for u in pack.upgrades.values() if u.id not in bought and not space.blockers(u)}
            bought |= fresh
            changed = bool(fresh)
        reached |= bought
    stuck = sorted(set(pack.upgrades) - reached)
    found = _unpaid_steps(pack, spaces, stuck)
    in_cycles: set[str] = set()
    # an upgrade whose requirement is past a maximum waits for no other: it is said with that maximum, below
    waiting = [ident for ident in stuck if not _beyond(pack, pack.upgrades[ident], pack.upgrades[ident].requires)]
    for cycle in _cycles(pack, waiting):
        in_cycles.update(cycle)
        path = " → ".join([*cycle, cycle[0]])
        found.append(
            Finding(
                "cycle",
                f"upgrade {cycle[0]!r}",
                f"requirement cycle {path}: each needs what the next one gives, so none can be bought first",
            )
        )
    for ident in stuck:
        if ident in in_cycles:
            continue
        upgrade = pack.upgrades[ident]
        # a/an would depend on the kind's id ("a 'officer'"): the kind is named as such
        reasons = [
            f"as a sheet of kind {kind!r}: {', '.join(s.blockers(upgrade))}" for kind, s in sorted(spaces.items())
        ]
        relevant = [r for r in reasons if "it is not for kind" not in r] or ["no kind of sheet may buy it"]
        found.append(Finding("reachable", f"upgrade {ident!r}", "can never be bought: " + "; ".join(relevant)))
    return found, frozenset(stuck)


def _unpaid_steps(pack: RulePack, spaces: Mapping[str, _Space], stuck: list[str]) -> list[Finding]:
    """The steps no pool can pay that matter: each stops a quantity below the maximum declared for it (the
    stat's, the upgrade's limit) or below what a stuck upgrade needs."""
    said: dict[str, list[str]] = {}
    for kind, space in sorted(spaces.items()):
        for name, stop in sorted(space.stops.items()):
            upgrade = pack.upgrades[stop.upgrade]
            spec = pack.stats.get(name)
            declared = [m for m in (spec.maximum if spec is not None else None, _limit(upgrade, name)) if m is not None]
            needing = [
                f"{ident!r} (it needs {name!r} at least {value})"
                for ident in stuck
                if (value := _wanted(pack.upgrades[ident].requires, name)) is not None and value > stop.level
                if not pack.upgrades[ident].kinds or kind in pack.upgrades[ident].kinds
            ]
            short = min(declared) if declared else None
            if not needing and (short is None or short <= stop.level):
                continue
            message = f"{stop.reason(named=False)}: {name!r} stops at {stop.level}"
            if short is not None and short > stop.level:
                message += f", short of its maximum of {short}"
            if needing:
                message += f"; so {', '.join(needing)} can never be bought"
            prefix = f"as a sheet of kind {kind!r}: " if len(spaces) > 1 else ""
            said.setdefault(stop.upgrade, []).append(prefix + message)
    return [Finding("reachable", f"upgrade {ident!r}", "; ".join(said[ident])) for ident in sorted(said)]


def _limit(upgrade: Upgrade, name: str) -> int | None:
    """The most the upgrade's limit lets ``name`` reach, directly or as its choice."""
    for key, most in upgrade.limit.maxima.items():
        if key == name or (
            "{choice}" in key and upgrade.items and name in {key.replace("{choice}", i) for i in upgrade.items}
        ):
            return most
    return None


def _wanted(requirement: Requirement | None, name: str) -> int | None:
    """The highest value of ``name`` a requirement's positive conditions ask for, or None when they ask none."""
    if requirement is None:
        return None
    if isinstance(requirement, AtLeast):
        return requirement.value if requirement.quantity == name else None
    if isinstance(requirement, Owns):
        return requirement.count if requirement.item == name else None
    if isinstance(requirement, AllOf | AnyOf):
        values = [v for item in requirement.items if (v := _wanted(item, name)) is not None]
        return max(values) if values else None
    return None


def _needs(requirement: Requirement | None) -> set[str]:
    """The quantities a requirement needs raised (its positive conditions)."""
    if requirement is None:
        return set()
    if isinstance(requirement, AtLeast):
        return {requirement.quantity}
    if isinstance(requirement, Owns):
        return {requirement.item}
    if isinstance(requirement, OwnsAmong):
        return set(requirement.among)
    if isinstance(requirement, AllOf | AnyOf):
        return {name for item in requirement.items for name in _needs(item)}
    return set()


def _cycles(pack: RulePack, stuck: list[str]) -> list[list[str]]:
    """Cycles among stuck upgrades, where each needs a quantity the next one raises."""
    gives = {
        ident: {
            n
            for n, d in (*pack.upgrades[ident].effect.stats.items(), *pack.upgrades[ident].effect.grants.items())
            if d > 0
        }
        for ident in stuck
    }
    edges = {a: sorted(b for b in stuck if _needs(pack.upgrades[a].requires) & gives[b]) for a in stuck}
    cycles: list[list[str]] = []
    seen: set[str] = set()
    for start in stuck:
        if start in seen:
            continue
        path = _find_cycle(start, edges)
        if path:
            cycles.append(path)
            seen.update(path)
    return cycles


def _find_cycle(start: str, edges: Mapping[str, list[str]]) -> list[str] | None:
    """The shortest cycle through ``start``, by breadth-first search."""
    parents: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in edges.get(node, []):
                if target == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(parents[path[-1]])
                    return list(reversed(path))
                if target not in parents:
                    parents[target] = node
                    following.append(target)
        frontier = following
    return None
