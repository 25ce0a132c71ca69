"""The checks of a pack that need no dice and no search: ids and references (every id a pack names resolves,
every tag a requirement tests is one something sets), and the ends of the curves prices are read on (a curve
that stops before what an upgrade may be bought at). :mod:`._reachable` follows what can be bought.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import attrs

from progression.ledger.sheet import Sheet
from progression.requirements.predicates import HasTag, Predicate, Requirement, atoms
from progression.rulepacks.loading import is_id
from progression.rulepacks.references import check_references, granted
from progression.rulepacks.rulepack import RulePack
from progression.rules.parts import CHOICE, CurveCost, FunctionCost

__all__ = ["Finding", "check_curve_ends", "check_ids", "check_refs", "sheets"]

INF = math.inf


@attrs.frozen
class Finding:
    """One problem found in a pack: which check found it, where, and what is wrong."""

    #: The check that found it, one of ``ids``, ``references``, ``cycle``, ``reachable``,
    #: ``curves``, ``round trip``, ``published``, ``machine``, ``play`` and ``coverage``.
    check: str
    #: What it is about (``upgrade 'speed'``, ``curve 'xp'``).
    where: str
    #: What is wrong, in a sentence.
    message: str

    def __str__(self) -> str:
        return f"[{self.check}] {self.where}: {self.message}"


# -- ids ----------------------------------------------------------------------------


def check_ids(pack: RulePack) -> list[Finding]:
    """Ids are slugs, band ids are unique in their ladder, no item shadows a quantity, labels are complete."""
    found: list[Finding] = []
    tables: dict[str, Mapping[str, object]] = {
        "currency": pack.currencies,
        "pool": pack.pools,
        "stat": pack.stats,
        "curve": pack.curves,
        "ladder": pack.ladders,
        "upgrade": pack.upgrades,
        "kind": pack.kinds,
        "name": pack.names,
    }
    for what, table in tables.items():
        for ident in table:
            if not is_id(ident):
                found.append(Finding("ids", f"{what} {ident!r}", "ids are lowercase ASCII slugs (a-z, 0-9, _ . -)"))
    for ladder in pack.ladders.values():
        seen: set[str] = set()
        for band in ladder.bands:
            if band.id in seen:
                found.append(Finding("ids", f"ladder {ladder.id!r}", f"band id {band.id!r} is used twice"))
            seen.add(band.id)
    quantities = {*pack.stats, *pack.pools}
    for upgrade in pack.upgrades.values():
        for item in granted(upgrade):
            if item in quantities:
                found.append(
                    Finding(
                        "ids",
                        f"upgrade {upgrade.id!r}",
                        f"grants {item!r}, which is also a stat or pool id; a requirement on {item!r} would read "
                        "the stat or pool, never the owned count",
                    )
                )
    labelled: dict[str, Mapping[str, Any]] = {
        "upgrade": pack.upgrades,
        "stat": pack.stats,
        "pool": pack.pools,
        "kind": pack.kinds,
    }
    for what, named in labelled.items():
        for ident, part in named.items():
            label = getattr(part, "label", None)
            if label is None or not all(label.in_language(code).strip() for code in pack.languages):
                wanted = ", ".join(pack.languages)
                found.append(Finding("ids", f"{what} {ident!r}", f"needs a label in each of {wanted}, got {label!r}"))
    found.extend(_unnamed_items(pack))
    return found


def _unnamed_items(pack: RulePack) -> Iterator[Finding]:
    """The items an upgrade offers (``items``) or grants that have no displayed name: no ``[names]`` entry, nor a
    label of another part of the pack under the same id (an item granted under its upgrade's id is named by it).
    Such an item shows as its id in every option list, quote and sheet. Items an options function lists, or a
    procedure grants, are not known here."""
    named = {
        *pack.names,
        *pack.kinds,
        *pack.ladders,
        *pack.currencies,
        *pack.pools,
        *pack.stats,
        *pack.upgrades,
    }
    said: set[str] = set()
    for upgrade in pack.upgrades.values():
        unnamed = [i for i in dict.fromkeys((*(upgrade.items or ()), *granted(upgrade))) if i not in named]
        fresh = [item for item in unnamed if item not in said]  # an item of several upgrades, said at the first
        said.update(fresh)
        if fresh:
            listed = ", ".join(repr(item) for item in fresh)
            entries = ", ".join(f"[names.{item}]" for item in fresh)
            one = len(fresh) == 1
            message = (
                f"{'item' if one else 'items'} {listed} {'has' if one else 'have'} no displayed name: "
                f"{'it shows as its id' if one else 'they show as their ids'} on every sheet, quote and option list; "
                f"give {'it' if one else 'each'} a name in {entries} ({', '.join(pack.languages)})"
            )
            yield Finding("ids", f"upgrade {upgrade.id!r}", message)


# -- references -----------------------------------------------------------------------


def check_refs(pack: RulePack, starts: Mapping[str, Sheet]) -> list[Finding]:
    """Every id the pack refers to resolves: the loader's checks (an id a requirement reads may be an item the
    sheets the check starts from own), and those of functions and effects; and every tag a requirement tests is
    one something sets (:func:`_tags_set`)."""
    owned = {item for sheet in starts.values() for subject in sheets(sheet) for item in subject.owned}
    found = [Finding("references", problem.path, problem.reason) for problem in check_references(pack, owned=owned)]
    tags = _tags_set(pack, starts)
    functions = pack.functions

    def need_function(where: str, name: str | None, role: str) -> None:
        if name is not None and name not in functions:
            found.append(Finding("references", where, f"{role} {name!r} is not among the pack's functions"))

    def requirement(where: str, required: Requirement | None) -> None:
        for atom in atoms(required) if required is not None else ():
            if isinstance(atom, Predicate):
                need_function(where, atom.function, "predicate")
            if isinstance(atom, HasTag) and tags is not None and atom.tag not in tags:
                found.append(
                    Finding(
                        "references",
                        where,
                        f"the requirement tests the tag {atom.tag!r}, which no upgrade's effect sets and no sheet "
                        f"the check starts from has; tags set: {', '.join(sorted(tags)) or 'none'}",
                    )
                )

    for upgrade in pack.upgrades.values():
        where = f"upgrade {upgrade.id!r}"
        if isinstance(upgrade.cost, FunctionCost):
            need_function(where, upgrade.cost.function, "cost function")
        need_function(where, upgrade.procedure, "procedure")
        need_function(where, upgrade.options, "options function")
        requirement(where, upgrade.requires)
        for stat in upgrade.effect.stats:
            if "{" not in stat and stat not in pack.stats:
                found.append(Finding("references", where, f"the effect changes {stat!r}, which is not a stat"))
    for pool in pack.pools.values():
        requirement(f"pool {pool.id!r}", pool.requires)
    _check_ladders_and_stats(pack, found, requirement)
    return found


def _tags_set(pack: RulePack, starts: Mapping[str, Sheet]) -> set[str] | None:
    """Every tag something of the pack sets: an upgrade's effect, or the sheets the check starts from (made by the
    pack's factories, or prepared); None when the pack runs rule code of its own, a procedure or an operation,
    which may set any tag (Blood Bowl's Star Player is tagged ``no_spp`` by Python): a tag it tests is then no
    typo the check can tell."""
    if pack.operations or any(upgrade.procedure is not None for upgrade in pack.upgrades.values()):
        return None
    found = {tag for upgrade in pack.upgrades.values() for tag in upgrade.effect.tags}
    for sheet in starts.values():
        for subject in sheets(sheet):
            found.update(subject.tags)
    return found


def _check_ladders_and_stats(
    pack: RulePack, found: list[Finding], requirement: Callable[[str, Requirement | None], None]
) -> None:
    for ladder in pack.ladders.values():
        where = f"ladder {ladder.id!r}"
        if ladder.axis not in pack.stats and ladder.axis not in pack.pools:
            found.append(Finding("references", where, f"its axis {ladder.axis!r} is not a stat or pool"))
        for band in ladder.bands:
            requirement(f"{where}, band {band.id!r}", band.requires)
    for spec in pack.stats.values():
        low = -INF if spec.minimum is None else spec.minimum
        high = INF if spec.maximum is None else spec.maximum
        if not low <= spec.initial <= high:
            found.append(Finding("references", f"stat {spec.id!r}", f"starts at {spec.initial}, outside {low}..{high}"))


# -- curve ends -----------------------------------------------------------------------


def check_curve_ends(pack: RulePack) -> list[Finding]:
    """Each upgrade priced on a curve that ends (a table of ``beyond = "error"``, a multiple of one) has a price
    wherever its limits let it be bought: up to a stat's ``maximum`` and the upgrade's ``limit.maxima`` on the
    quantity its price is read on. A purchase at ``q`` costs step ``q + 1``; one that raises ``q`` by ``d`` may be
    made up to ``q = top - d``. A curve of 11 steps for a level whose maximum is 12 leaves level 12 never bought.

    A finding of the check, not a refusal when the pack loads: a stat may go past what purchases reach (rule code
    adjusts it), and what was meant is the designer's to say. An upgrade with a procedure, whose effect is known
    after the dice, is left out.
    """
    found: list[Finding] = []
    for upgrade in pack.upgrades.values():
        cost = upgrade.cost
        if not isinstance(cost, CurveCost) or upgrade.procedure is not None or cost.curve not in pack.curves:
            continue
        last = pack.curves[cost.curve].last_step
        axis = cost.axis
        bounds = {}
        stat = pack.stats.get(axis)
        if stat is not None and stat.maximum is not None:
            bounds[f"the maximum of stat {axis!r}"] = stat.maximum
        read, at, on = _axis_words(axis)
        if axis in upgrade.limit.maxima:
            bounds[f"the upgrade's limit.maxima on {on}"] = upgrade.limit.maxima[axis]
        if last is None or not bounds:
            continue
        why, top = min(bounds.items(), key=lambda bound: bound[1])
        raised = upgrade.effect.stats.get(axis, 0) + upgrade.effect.grants.get(axis, 0)
        highest = top - raised if raised > 0 else top  # the highest value of the axis a purchase is allowed at
        if last <= highest:
            found.append(
                Finding(
                    "curves",
                    f"upgrade {upgrade.id!r}",
                    f"its price is read on {read} from curve {cost.curve!r}, which prices steps 1 to {last}: at "
                    f"{at} {last} it has no price (step {last + 1} is past the curve's end), though {why} "
                    f"({top}) lets it be bought there{_charged(at, stat.initial if stat else 0, highest)}; give the "
                    f"curve {highest + 1 - last} more {'step' if highest + 1 - last == 1 else 'steps'}, or lower the "
                    "maximum",
                )
            )
    return found


def _charged(at: str, start: int, highest: int) -> str:
    """Which steps the purchases are charged, from where the axis starts to the highest value they are allowed at:
    a stat that starts at 1 is never charged step 1, which a table's first value prices."""
    if start > highest:
        return ""
    never = "" if start <= 0 else ", never step 1" if start == 1 else f", never steps 1 to {start}"
    return (
        f"; a purchase at {at} n is charged step n + 1: from {at} {start}, where it starts, to {highest}, "
        f"steps {start + 1} to {highest + 1}{never}"
    )


def _axis_words(axis: str) -> tuple[str, str, str]:
    """How a finding names the quantity a price is read on: what it is read on, at (before a value), and what a
    maximum is on. A quantity read on the chosen item (``"{choice}"``, ``"{choice}_advances"``) is named in words,
    not by the placeholder the file writes: ``a chosen item's count``, at ``a count of``, on ``each item``."""
    if CHOICE not in axis:
        return repr(axis), repr(axis), repr(axis)
    if axis == CHOICE:
        return "a chosen item's count", "a count of", "each item"
    named = repr(axis.replace(CHOICE, "<item>"))
    return f"the chosen item's {named}", named, f"each item's {named}"


def sheets(sheet: Sheet) -> Iterator[Sheet]:
    """``sheet`` and every member of its roster, at any depth."""
    yield sheet
    for member in sheet.members.values():
        yield from sheets(member)
