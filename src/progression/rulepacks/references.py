"""Reference checks of a rule pack: every id it refers to is defined, quantities do not share an id, and a ladder
covers its axis from where it starts to where it ends.

An id a requirement, a price's axis or a maximum reads may be a stat, a pool or an owned count: it must be a stat,
a pool, an upgrade, an id of ``[names]`` or an item an upgrade grants (:func:`known_ids`), or it is a typo that
would never hold (a maximum never reached, a price that never rises). An item only a pack's code gives is so
named in ``[names]``, which also gives it its displayed name.

They run on a built pack, after its sections were read, so a file with both broken sections and
broken references reports all of them at once; ``progression.testing`` runs them on any pack.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from progression.errors import Problem
from progression.requirements.ladders import Ladder
from progression.requirements.predicates import AtLeast, AtMost, GivenArg, HasTag, Predicate, Requirement, atoms
from progression.rules.parts import CHOICE, CurveCost, Upgrade, granted
from progression.spelling import closest, the_closest

if TYPE_CHECKING:
    from progression.rulepacks.rulepack import RulePack

__all__ = ["check_references", "granted", "known_ids"]


def check_references(
    pack: RulePack,
    *,
    unread: Collection[str] = (),
    owned: Collection[str] | None = None,
    misread: Collection[str] = (),
) -> list[Problem]:
    """Every id a pack refers to resolves; ids do not clash between stats, pools and upgrades; a ladder's first band
    starts no higher than its axis.

    Args:
        pack: the pack.
        unread: curves the file declares that did not read (their own problems are reported where they are),
            which a reference to is no second problem.
        owned: the items the sheets of the pack start with (the conformance check's sheets), which a requirement
            may name; None when they are not known (a pack being loaded): then a pack whose factories make its
            sheets (``Contract.factories``) may start one with any item, and the ids its requirements, prices
            and maxima read are left to the conformance check, which makes the sheets.
        misread: the key paths of the entries the file gives an unknown key (``$.kinds.pilot``), whose values a
            check across entries does not read: the key meant reads as its default, which the file never wrote.
    """
    found = _References(pack, unread, misread)
    found.clashes()
    found.pools()
    found.upgrades()
    found.ladders_and_kinds()
    found.held()
    found.choices()
    if owned is not None or not pack.contract.factories:
        found.named(owned or ())
    return found.problems


def known_ids(pack: RulePack) -> set[str]:
    """The ids a requirement, a price's axis or a maximum may read: the stats, pools, upgrades, ids of
    ``[names]`` and items the upgrades grant."""
    return {
        *pack.stats,
        *pack.pools,
        *pack.upgrades,
        *pack.names,
        *(i for u in pack.upgrades.values() for i in granted(u)),
    }


#: What an effect does to the stats it names (:meth:`_References.held`): a change, where others read.
_CHANGES = "the effect changes"


def _quantities(path: str, required: Requirement | None) -> list[tuple[str, str, str]]:
    """The quantities ``required`` reads on the sheet (``at_least``, ``at_most``), each with ``path`` and a role."""
    found = atoms(required) if required is not None else ()
    return [(path, "the requirement reads", atom.quantity) for atom in found if isinstance(atom, AtLeast | AtMost)]


def _each_item(upgrade: Upgrade, ident: str) -> tuple[str, ...]:
    """``ident``, or the ids it composes with ``{choice}`` for each of the upgrade's items (none for an options
    function's, not known before a sheet asks)."""
    if CHOICE not in ident:
        return (ident,)
    return tuple(ident.replace(CHOICE, item) for item in upgrade.items or ())


class _References:
    """The problems found in one pack's references so far."""

    def __init__(self, pack: RulePack, unread: Collection[str] = (), misread: Collection[str] = ()) -> None:
        self.pack = pack
        self.unread = frozenset(unread)
        self.misread = frozenset(misread)
        self.problems: list[Problem] = []
        self.quantities = {*pack.stats, *pack.pools}
        #: The ids a sheet may own a count of: the upgrades, the named ids and the items granted.
        self.owned = {*pack.upgrades, *pack.names, *(i for u in pack.upgrades.values() for i in granted(u))}

    def add(self, path: str, reason: str) -> None:
        self.problems.append(Problem(self.pack.source, path, reason))

    def need(self, kind: str, ident: str, defined: Collection[str], path: str) -> None:
        """A problem when ``ident`` is not among the ``defined`` ids of its ``kind``, with the closest of them."""
        if ident not in defined:
            listed = sorted(defined)
            self.add(
                path,
                f"{kind} {ident!r} is not defined; defined: {', '.join(listed) or 'none'}"
                + the_closest(closest(ident, listed)),
            )

    def clashes(self) -> None:
        for clash in sorted(set(self.pack.stats) & set(self.pack.pools)):
            self.add(f"$.stats.{clash}", f"{clash!r} is both a stat and a pool; quantities need distinct ids")
        for clash in sorted(set(self.pack.stats) & set(self.pack.upgrades)):
            stat, upgrade = self.pack.stats[clash].label, self.pack.upgrades[clash].label
            if stat != upgrade:  # an id is shown by one name: two different names would show one wrongly
                self.add(
                    f"$.stats.{clash}",
                    f"{clash!r} is both a stat ({stat.en!r}) and an upgrade ({upgrade.en!r}) with another name; "
                    "give them distinct ids or one name",
                )

    def pools(self) -> None:
        pack = self.pack
        for pool in pack.pools.values():
            self.need("currency", pool.currency, pack.currencies, f"$.pools.{pool.id}.currency")
            if isinstance(pool.cap, str):
                self.need("stat or pool", pool.cap, self.quantities, f"$.pools.{pool.id}.cap")
            if pool.cap == pool.id:
                self.add(
                    f"$.pools.{pool.id}.cap", "a pool capped by its own balance has no cap; name a stat or a number"
                )
            for key, policy in (("auto_spend", "auto"), ("surplus_buys", "settle")):
                if getattr(pool, key) and pool.overflow != policy and f"$.pools.{pool.id}" not in self.misread:
                    self.add(
                        f"$.pools.{pool.id}.{key}",
                        f"{key} is read under overflow = {policy!r} only; this pool's overflow is {pool.overflow!r}",
                    )
            for spend in pool.auto_spend:
                self.need("upgrade", spend, pack.upgrades, f"$.pools.{pool.id}.auto_spend")
                if spend in pack.upgrades:
                    self.auto_spent(pool.id, pack.upgrades[spend])
            for buys in pool.surplus_buys:
                self.need("upgrade", buys, pack.upgrades, f"$.pools.{pool.id}.surplus_buys")

    def auto_spent(self, pool: str, upgrade: Upgrade) -> None:
        """A problem for each reason ``pool`` cannot spend its surplus on ``upgrade`` by itself: auto spending
        quotes the upgrade with no choice and pays it from ``pool`` alone, so one the pool does not pay for, one
        that takes a choice, or one with a procedure would never be bought, and the surplus would be lost."""
        path = f"$.pools.{pool}.auto_spend"
        if pool not in upgrade.pools:
            self.add(
                path,
                f"{upgrade.id!r} is paid from {', '.join(upgrade.pools)}, not from {pool!r}; auto spending buys "
                "only upgrades the pool pays for",
            )
        if upgrade.takes_choice:
            given = "items" if upgrade.items is not None else "an options function"
            self.add(
                path,
                f"{upgrade.id!r} takes a choice ({given}); auto spending buys only upgrades that take none, "
                "as nobody is asked",
            )
        if upgrade.procedure is not None:
            self.add(path, f"{upgrade.id!r} has a procedure; auto spending buys only upgrades without one")

    def upgrades(self) -> None:
        pack = self.pack
        for upgrade in pack.upgrades.values():
            path = f"$.upgrades.{upgrade.id}"
            currencies = set()
            for payer in upgrade.pools:
                self.need("pool", payer, pack.pools, f"{path}.pools")
                if payer in pack.pools:
                    currencies.add(pack.pools[payer].currency)
            if len(currencies) > 1:
                self.add(
                    f"{path}.pools",
                    f"the paying pools hold different currencies ({', '.join(sorted(currencies))}); a price is paid in one",
                )
            if isinstance(upgrade.cost, CurveCost):
                self.need("curve", upgrade.cost.curve, {*pack.curves, *self.unread}, f"{path}.cost.curve")
            for buyer in upgrade.kinds:
                self.need("kind", buyer, pack.kinds, f"{path}.kinds")
            self.args(upgrade, path)
            for stat in upgrade.effect.stats:
                if CHOICE not in stat:
                    self.need("stat", stat, pack.stats, f"{path}.effect.stats.{stat}")
                else:  # each item then names a stat; a function's options are known only when it runs
                    for item in upgrade.items or ():
                        chosen = stat.replace(CHOICE, item)
                        if chosen not in pack.stats:
                            self.add(
                                f"{path}.effect.stats.{stat}",
                                f"for item {item!r} it changes stat {chosen!r}, which is not defined; "
                                f"defined: {', '.join(sorted(pack.stats)) or 'none'}",
                            )

    def held(self) -> None:
        """Every stat and pool a sheet reads or changes is one its kind holds. A sheet holds only its kind's
        (:class:`~progression.authoring.Kind`): any other reads as 0, and an effect would make it from nothing,
        past its initial value and its minimum.

        So each kind that may buy an upgrade holds what its effect changes and what its price's axis, its
        requirements, its price's factors and its maxima read; each kind that holds a pool, what its cap and its
        award's requirement read; each kind that holds a ladder's axis, what its gates read. The kinds that may buy
        an upgrade are its ``kinds``, or, when it names none, every kind holding one of its paying pools: a kind
        holding none (a roster, often) has no points to pay with, and what it still buys at a price of 0 is
        refused when quoted (:func:`~progression.engine.quotes.effect_problems`). An owned count (a skill) is no
        stat: a sheet owns none until one is granted. Said once for each kind and id, where the entry first names
        it; an id ``{choice}`` composes is read for each item (an options function's choices are checked when it
        lists them).
        """
        pack = self.pack
        for upgrade in pack.upgrades.values():
            path = f"$.upgrades.{upgrade.id}"
            if path in self.misread:  # its kinds may be the key misspelt
                continue
            read = [(f"{path}.effect.stats.{stat}", _CHANGES, stat) for stat in upgrade.effect.stats]
            if isinstance(upgrade.cost, CurveCost):
                read.append((f"{path}.cost.axis", "the cost is read on", upgrade.cost.axis))
            read += _quantities(f"{path}.requires", upgrade.requires)
            for index, factor in enumerate(upgrade.multiply):
                read += _quantities(f"{path}.cost.multiply[{index}].when", factor.when)
            read += [(f"{path}.limit.maxima.{name}", "the limit caps", name) for name in upgrade.limit.maxima]
            read = [(where, role, i) for where, role, ident in read for i in _each_item(upgrade, ident)]
            if upgrade.kinds:
                buyers, who = [k for k in upgrade.kinds if k in pack.kinds], "may buy this upgrade"
            else:  # a kind that holds none of the paying pools has no points to pay with (a roster, often)
                buyers = [k.id for k in pack.kinds.values() if any(p in k.pools for p in upgrade.pools)]
                who = "may buy this upgrade (it names no kinds: every kind that holds a paying pool may)"
            self.holding(read, buyers, who, upgrade)
        for pool in pack.pools.values():
            read = [(f"$.pools.{pool.id}.cap", "the cap is read on", pool.cap)] if isinstance(pool.cap, str) else []
            read += _quantities(f"$.pools.{pool.id}.requires", pool.requires)
            holders = [k.id for k in pack.kinds.values() if pool.id in k.pools]
            self.holding(read, holders, f"holds pool {pool.id!r}")
        for ladder in pack.ladders.values():
            read = []
            for index, band in enumerate(ladder.bands):
                read += _quantities(f"$.ladders.{ladder.id}.bands[{index}].requires", band.requires)
            holders = [k.id for k in pack.kinds.values() if ladder.axis in (*k.stats, *k.pools)]
            self.holding(read, holders, f"holds the ladder's axis {ladder.axis!r}")

    def holding(
        self, read: list[tuple[str, str, str]], kinds: list[str], who: str, upgrade: Upgrade | None = None
    ) -> None:
        """A problem for each stat or pool of ``read`` (where, what reads it, its id) one of ``kinds`` does not
        hold, once for each kind and id; ``who`` says why the kind reads it. The fix offered for an ``upgrade``'s
        buyer names the kinds that may buy it too."""
        pack = self.pack
        said: set[tuple[str, str]] = set()
        for where, role, ident in read:
            if ident in pack.stats:
                what, key = "stat", "stats"
            elif ident in pack.pools:
                what, key = "pool", "pools"
            else:
                continue  # an owned count: a sheet owns none until one is granted
            if role != _CHANGES and ident in self.owned:
                continue  # a sheet without the stat reads the count it owns (the conformance check's "ids")
            holders = [k.id for k in pack.kinds.values() if ident in (k.stats if key == "stats" else k.pools)]
            for kind in kinds:
                if kind in holders or (kind, ident) in said or f"$.kinds.{kind}" in self.misread:
                    continue
                said.add((kind, ident))
                fix = f"add {ident!r} to kinds.{kind}.{key}"
                if upgrade is not None and upgrade.kinds:
                    fix += f", or take {kind!r} out of the upgrade's kinds"
                elif upgrade is not None and holders:
                    listed = ", ".join(f'"{k}"' for k in holders)
                    fix += f", or name the kinds that may buy it: kinds = [{listed}]"
                self.add(where, f"{role} {what} {ident!r}, but kind {kind!r}, which {who}, does not hold it; {fix}")

    def args(self, upgrade: Upgrade, path: str) -> None:
        """Each argument a requirement of ``upgrade`` (or of a factor of its price) reads is one it declares,
        compared with a value of its type: any other would never hold, silently."""
        read = [(f"{path}.requires", upgrade.requires)] if upgrade.requires is not None else []
        read += [(f"{path}.cost.multiply[{i}].when", f.when) for i, f in enumerate(upgrade.multiply)]
        for where, requirement in read:
            for atom in atoms(requirement):
                if not isinstance(atom, GivenArg):
                    continue
                declared = upgrade.args.get(atom.arg)
                if declared is None:
                    takes = ", ".join(upgrade.args) or "none"
                    self.add(
                        where, f"argument {atom.arg!r} is not declared by upgrade {upgrade.id!r} (its args: {takes})"
                    )
                    continue
                wrong = declared.mismatch(atom.value)
                if wrong is not None:
                    self.add(where, f"argument {atom.arg!r} is {wrong}")

    def choices(self) -> None:
        """``{choice}`` where a built pack (a file's loader reports these at the key, so it leaves them
        out) reads it literally: in an upgrade that takes no choice, in a requirement, a tag, a ladder."""
        pack = self.pack
        for upgrade in pack.upgrades.values():
            path = f"$.upgrades.{upgrade.id}"
            read = {
                f"{path}.cost.axis": isinstance(upgrade.cost, CurveCost) and CHOICE in upgrade.cost.axis,
                f"{path}.limit.maxima": any(CHOICE in k for k in upgrade.limit.maxima),
                f"{path}.effect": any(
                    CHOICE in k for k in (*upgrade.effect.stats, *upgrade.effect.grants, *upgrade.effect.tags.values())
                ),
            }
            for where in (w for w, uses in read.items() if uses and not upgrade.takes_choice):
                self.add(where, f"{CHOICE!r} stands for the buyer's choice, but upgrade {upgrade.id!r} takes none")
            tags = (*upgrade.effect.tags, *upgrade.effect.untag)
            if any(CHOICE in t for t in tags):
                self.add(
                    f"{path}.effect.tags",
                    f"{CHOICE!r} is replaced in tag values only; a tag's name keeps it as written",
                )
            named = upgrade.requires.references() if upgrade.requires is not None else ()
            if any(CHOICE in n for n in named):
                self.add(f"{path}.requires", f"{CHOICE!r} is not replaced in requirements; use a predicate function")
        for pool in pack.pools.values():
            if pool.requires is None:
                continue
            where = f"$.pools.{pool.id}.requires"
            compared = [
                t for a in atoms(pool.requires) if isinstance(a, HasTag) for t in (a.tag, a.value or "", *a.among)
            ]
            if any(CHOICE in text for text in (*pool.requires.references(), *compared)):
                self.add(where, f"{CHOICE!r} means nothing in what an award requires: an award takes no choice")
            if any(isinstance(atom, GivenArg) for atom in atoms(pool.requires)):
                self.add(where, "an award takes no arguments: what it requires reads the sheet")
        for ladder in pack.ladders.values():
            if CHOICE in ladder.axis:
                self.add(f"$.ladders.{ladder.id}.axis", f"{CHOICE!r} means nothing in a ladder's axis")

    def named(self, owned: Collection[str]) -> None:
        """Every id a requirement (of an upgrade, a factor of its price, a pool, a band), a price's axis or a
        maximum reads is one of :func:`known_ids` or ``owned``: any other is a typo, whose requirement would never
        hold, whose price would never rise, whose maximum would never be reached. A ``{choice}`` is read when
        the buyer chooses, and a predicate is checked where it is read (the loader, :meth:`RuleReader.function_ref`)."""
        pack = self.pack
        known = {*known_ids(pack), *owned}

        def need(path: str, name: str, role: str) -> None:
            if "{" not in name and name not in known:
                self.add(
                    path,
                    f"{role} {name!r}, which is not a stat, pool, upgrade, named id or granted item of the pack"
                    + the_closest(closest(name, sorted(known))),
                )

        def requirement(path: str, required: Requirement | None) -> None:
            for atom in atoms(required) if required is not None else ():
                if not isinstance(atom, Predicate):
                    for name in atom.references():
                        need(path, name, "the requirement names")

        for upgrade in pack.upgrades.values():
            path = f"$.upgrades.{upgrade.id}"
            if isinstance(upgrade.cost, CurveCost):
                need(f"{path}.cost.axis", upgrade.cost.axis, "the cost is read on")
            requirement(f"{path}.requires", upgrade.requires)
            for index, factor in enumerate(upgrade.multiply):
                requirement(f"{path}.cost.multiply[{index}].when", factor.when)
            for name in upgrade.limit.maxima:
                need(f"{path}.limit.maxima.{name}", name, "the limit caps")
        for pool in pack.pools.values():
            requirement(f"$.pools.{pool.id}.requires", pool.requires)
        for ladder in pack.ladders.values():
            for index, band in enumerate(ladder.bands):
                requirement(f"$.ladders.{ladder.id}.bands[{index}].requires", band.requires)

    def covered(self, ladder: Ladder) -> None:
        """A problem when the ladder's first band starts above where its axis starts (a stat's minimum, else its
        initial value; 0 for a pool), or its last band ends below where its axis ends (a stat's maximum, a pool's
        fixed cap): the values between would have no band, and a sheet there no degree."""
        stat = self.pack.stats.get(ladder.axis)
        if stat is None and ladder.axis not in self.pack.pools:
            return  # not a quantity: reported above
        if f"$.stats.{ladder.axis}" in self.misread or f"$.pools.{ladder.axis}" in self.misread:
            return  # its range may be the key misspelt
        if stat is None:
            start, what = 0, f"pool {ladder.axis!r}, which starts empty"
        elif stat.minimum is not None:
            start, what = stat.minimum, f"stat {ladder.axis!r}, whose minimum is {stat.minimum}"
        else:
            start, what = stat.initial, f"stat {ladder.axis!r}, which starts at {stat.initial} and has no minimum"
        first = ladder.bands[0]
        if first.low > start:
            gap = str(start) if first.low == start + 1 else f"{start} to {first.low - 1}"
            self.add(
                f"$.ladders.{ladder.id}.bands[0].from",
                f"the first band ({first.id!r}) must start where its axis does or below: at {start} for {what}; got "
                f"{first.low!r}, which leaves {gap} in no band",
            )
        # The top: only where the axis declares one (a stat's maximum, a pool's fixed cap). An axis without one may
        # still be bounded by what raises it (an upgrade's limit), so a last band with a top is not read as a gap.
        if stat is None:
            cap = self.pack.pools[ladder.axis].cap
            end, what = (cap, f"pool {ladder.axis!r}, whose cap is {cap}") if isinstance(cap, int) else (None, "")
        else:
            end, what = stat.maximum, f"stat {ladder.axis!r}, whose maximum is {stat.maximum}"
        last = ladder.bands[-1]
        if end is not None and last.high is not None and last.high < end:
            gap = str(end) if last.high == end - 1 else f"{last.high + 1} to {end}"
            self.add(
                f"$.ladders.{ladder.id}.bands[{len(ladder.bands) - 1}].to",
                f"the last band ({last.id!r}) must reach where its axis ends, or have no top: at {end} for {what}; "
                f"got to {last.high!r}, which leaves {gap} in no band",
            )

    def ladders_and_kinds(self) -> None:
        pack = self.pack
        for ladder in pack.ladders.values():
            if ladder.axis not in self.quantities and ladder.axis in known_ids(pack):
                # Purchases cross a band's gate by the stats their effects change, and a sheet shows the band of
                # a stat or pool it holds: the bands of an owned count would never be entered, nor shown.
                self.add(
                    f"$.ladders.{ladder.id}.axis",
                    f"a ladder's axis is a stat or a pool, got {ladder.axis!r}, an owned count; count it in a stat "
                    f"the upgrades raise (defined: {', '.join(sorted(self.quantities)) or 'none'})",
                )
            else:
                self.need("stat or pool", ladder.axis, self.quantities, f"$.ladders.{ladder.id}.axis")
            self.covered(ladder)
        for kind in pack.kinds.values():
            for held in kind.pools:
                self.need("pool", held, pack.pools, f"$.kinds.{kind.id}.pools")
            for stat in kind.stats:
                self.need("stat", stat, pack.stats, f"$.kinds.{kind.id}.stats")
            for member in kind.members:
                self.need("kind", member, pack.kinds, f"$.kinds.{kind.id}.members")
