"""The conformance check of a rule pack: every problem found, in one report.

Call :func:`check_pack` from a pack's tests (or use the ``pack_conformance`` pytest
fixture). It looks at the pack's data (ids, references, reachability, requirement cycles,
curves, JSON round trips of fresh sheets), then drives random operations through the
pack's state machine (:class:`~progression.testing.PackMachine`), from fresh sheets and from
sheets the author prepared, then runs steered by the pack's strategy of sensible play (``[play]``,
:class:`~progression.authoring.Play`), which buy toward the deep states a random run seldom reaches, and
reports what the runs reached (:class:`Coverage`): a pack may require a share of its upgrades bought
(``min_coverage``), so that an untested path fails.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from progression.curves.curve import Curve
from progression.errors import InvalidInput, ProgressionError, UnknownName
from progression.files.sheets import dump_sheet, load_sheet
from progression.ledger.sheet import Sheet, replay
from progression.rulepacks.rulepack import RulePack
from progression.rules.play import Play

from ._actions import checked_pack, checked_prepared, starting_sheets
from ._curves import check_additive, check_monotonic, check_non_negative, compare_to_table
from ._machine import Reached, run_machine, state_of, walk
from ._reachable import reachability
from ._static import Finding, check_curve_ends, check_ids, check_refs

__all__ = [
    "DEFAULT_EXAMPLES",
    "DEFAULT_STEPS",
    "OPERATIONS",
    "ConformanceReport",
    "Coverage",
    "assert_pack_conforms",
    "check_pack",
]

#: How many random runs the state machine makes by default: few, so a pack's suite stays quick.
DEFAULT_EXAMPLES = 15
#: How many operations each run makes at most by default.
DEFAULT_STEPS = 20
#: How many steps of each curve are examined one by one.
CURVE_STEPS = 500
#: Far steps sampled on unending curves: what a scan of the first steps cannot see.
FAR_STEPS = tuple(2**k for k in range(10, 41))

#: The operations the state machine makes, as :attr:`Coverage.ran` names them.
OPERATIONS = ("award", "purchase", "decide", "discard", "join", "undo")

CHECKS = ("ids", "references", "reachable", "cycle", "curves", "round trip", "published", "machine", "play")
#: The checks every report runs; ``published``, ``machine`` and ``play`` run when there is something to run.
_ALWAYS = CHECKS[:6]


@attrs.frozen(kw_only=True)
class Coverage:
    """What the state machine's runs reached of a pack."""

    #: The upgrades bought at least once, sorted.
    bought: tuple[str, ...]
    #: The upgrades never bought, sorted: paths no run tested.
    never: tuple[str, ...]
    #: The deepest band reached on each ladder (its label, in the pack's first language), by ladder id.
    deepest: Mapping[str, str] = attrs.field(factory=dict)
    #: The deepest band the runs steered by the pack's play reached on each ladder (its label), by ladder
    #: id; empty when none was made.
    played: Mapping[str, str] = attrs.field(factory=dict)
    #: The operations the runs made go through at least once: ``award``, ``purchase``, ``decide``, ``discard``,
    #: ``join``, ``undo``, in that order.
    ran: tuple[str, ...] = ()
    #: The operations the pack gives the runs something to make (a purchase when it has upgrades, a decision
    #: when one has a procedure, a discard when a pool keeps a surplus, a join when a kind has members, an undo
    #: in random runs) that never went through: paths no run tested.
    not_run: tuple[str, ...] = ()

    @property
    def share(self) -> float:
        """The share of the pack's upgrades bought, from 0 to 1 (1 for a pack with none)."""
        total = len(self.bought) + len(self.never)
        return len(self.bought) / total if total else 1.0

    def __str__(self) -> str:
        bands = ", ".join(f"{ladder} {band}" for ladder, band in sorted(self.deepest.items()))
        line = f"bought {len(self.bought)} of {len(self.bought) + len(self.never)} upgrades ({self.share:.0%})"
        line += f"; never: {', '.join(self.never)}" if self.never else ""
        line += f"; deepest bands: {bands}" if bands else ""
        played = ", ".join(f"{ladder} {band}" for ladder, band in sorted(self.played.items()))
        line += f"; steered play reached: {played}" if played else ""
        line += f"; ran: {', '.join(self.ran)}" if self.ran else ""
        return line + (f"; never ran: {', '.join(self.not_run)}" if self.not_run else "")


@attrs.frozen(kw_only=True)
class ConformanceReport:
    """What :func:`check_pack` found: every problem, each with the check that found it."""

    #: The name of the pack checked.
    pack: str
    #: Every problem found, in the order the checks ran.
    findings: tuple[Finding, ...]
    #: The checks that ran.
    checks: tuple[str, ...]
    #: How many random runs the state machine made (0 when it did not run).
    examples: int
    #: How many runs steered by the pack's play the state machine made (0 when none).
    steered: int = 0
    #: Kinds of sheet no fresh sheet could be made of (their factory needs options), and why.
    skipped: Mapping[str, str] = attrs.field(factory=dict)
    #: What the state machine's runs reached (None when it did not run).
    coverage: Coverage | None = None

    @property
    def ok(self) -> bool:
        """Whether no problem was found."""
        return not self.findings

    def by_check(self, check: str) -> tuple[Finding, ...]:
        """The findings of one check."""
        return tuple(f for f in self.findings if f.check == check)

    @property
    def sensible(self) -> tuple[Finding, ...]:
        """What the runs steered by the pack's play found (the findings of the check ``play``)."""
        return self.by_check("play")

    def __str__(self) -> str:
        if self.ok:
            lines = [f"pack {self.pack!r} passes {', '.join(self.checks)}"]
        else:
            count = len(self.findings)
            lines = [f"pack {self.pack!r} has {count} {'problem' if count == 1 else 'problems'}:"]
            lines += [f"  - {finding}" for finding in self.findings]
        lines += [
            f"  (kind {kind!r} was not driven: {why}; pass setup={{{kind!r}: {{...}}}})"
            for kind, why in self.skipped.items()
        ]
        if self.coverage is not None and "coverage" in self.checks:  # asked for: what it measured
            lines.append(f"  coverage: {self.coverage}")
        return "\n".join(lines)

    def raise_for_problems(self) -> ConformanceReport:
        """Raise an :class:`AssertionError` listing every problem; return the report when there is none."""
        if not self.ok:
            raise AssertionError(str(self))
        return self


def check_curve(curve: Curve) -> list[Finding]:
    """A curve keeps what it declares, far past its first steps, and its totals agree with its steps."""
    last = curve.last_step
    end = CURVE_STEPS if last is None else min(last, CURVE_STEPS)
    sentences: list[str | None] = []
    try:
        if curve.non_negative:
            sentences.append(check_non_negative(curve, end))
        if curve.non_decreasing:
            sentences.append(check_monotonic(curve, end))
        sentences.append(check_additive(curve, min(end, 100)))
        if last is None:
            sentences += _far_steps(curve, end)
    except ProgressionError as error:
        sentences.append(f"curve {curve.name!r} refused a step: {error}")
    where = f"curve {curve.name!r}"
    return [Finding("curves", where, s.removeprefix(where + ": ")) for s in dict.fromkeys(sentences) if s]


def _far_steps(curve: Curve, scanned: int) -> list[str]:
    """What a scan of the first steps cannot see: steps far out, each with the step after it."""
    found = []
    previous, before = scanned, curve.cost(scanned)
    for step in FAR_STEPS:
        for n in (step, step + 1):
            price = curve.cost(n)
            if curve.non_negative and price < 0:
                found.append(f"curve {curve.name!r}: step {n} costs {price}, less than zero")
            if curve.non_decreasing and price < before:
                found.append(f"curve {curve.name!r}: step {n} costs {price}, less than step {previous} ({before})")
            previous, before = n, price
        if curve.closed_form and curve.total(step + 1) - curve.total(step) != curve.cost(step + 1):
            found.append(f"curve {curve.name!r}: total({step + 1}) - total({step}) is not cost({step + 1})")
    return found[:2]


def check_round_trips(starts: Mapping[str, Sheet]) -> list[Finding]:
    """A fresh sheet of each kind survives replay and a JSON round trip unchanged."""
    found = []
    for kind, sheet in sorted(starts.items()):
        where = f"a fresh {kind!r}"
        try:
            loaded = load_sheet(dump_sheet(sheet), f"<fresh {kind}>")
        except ProgressionError as error:
            found.append(Finding("round trip", where, f"does not load back from its JSON: {error}"))
            continue
        if loaded.ledger != sheet.ledger or state_of(loaded) != state_of(sheet):
            found.append(Finding("round trip", where, "comes back different from its JSON"))
        if state_of(replay(sheet.ledger)) != state_of(sheet):
            found.append(Finding("round trip", where, "replay(sheet.ledger) does not rebuild it"))
        for place, subject in walk(sheet, where):
            negative = {pool: held for pool, held in subject.pools.items() if held < 0}
            if negative:
                found.append(Finding("round trip", place, f"starts with pools below zero: {negative}"))
    return found


def check_pack(
    pack: RulePack,
    *,
    examples: int = DEFAULT_EXAMPLES,
    steps: int = DEFAULT_STEPS,
    setup: Mapping[str, Mapping[str, str]] | None = None,
    prepared: Iterable[Sheet] = (),
    min_coverage: float | None = None,
    derandomize: bool = False,
    sensible: int | None = None,
    published: Mapping[str, Sequence[int] | Mapping[str, Any]] | None = None,
    shrink: bool | None = None,
) -> ConformanceReport:
    """Check a rule pack; a :class:`ConformanceReport` listing every problem found.

    Args:
        pack: the pack to check.
        examples: how many random runs the state machine makes (0 skips it). Raise it for a
            thorough check; the default keeps a pack's suite quick.
        steps: how many operations each run makes at most.
        setup: options for the pack's factories (its contract's), by kind, for kinds whose
            factory needs some.
        prepared: sheets of the pack the runs may start from too (a completed tier, a full
            career): the deep states a run from a fresh sheet seldom reaches in ``steps``.
        min_coverage: the share of the pack's upgrades the runs must buy (0.8: four in five);
            under it, the report has a ``coverage`` problem naming those never bought.
        derandomize: make the same random runs every time (a pack's suite that asks for coverage
            then passes or fails the same way on every machine); by default each check draws anew.
        sensible: how many runs steered by the pack's strategy of sensible play (:attr:`RulePack.play
            <progression.RulePack.play>`) the state machine makes besides the random ones: each buys what
            the sheet may buy, by the strategy's weights, earning first what it lacks, so a few runs reach
            a completed tier or a full career. By default as many as ``examples`` when the pack has a
            strategy, none when it has not; a count given for a pack without one steers by
            ``Play()`` (every upgrade alike). 0 makes none. Steered runs that try to buy and buy nothing
            (the strategy favours only what needs an upgrade it weighs 0) are a problem of the check ``play``.
        published: the tables a rulebook publishes for some of the pack's curves, by curve id: the price
            of each step from step 1 (``{"xp": [10, 20, 30]}``), or the keywords of
            :func:`~progression.testing.compare_to_table` (``{"level": {"table": [10, 30, 60],
            "cumulative": True, "start": 10, "every": 10}}``). A curve that gives another number is a
            problem of the check ``published``.
        shrink: whether a failing run is shrunk by Hypothesis to the fewest steps that still fail before it is
            reported. By default (None) a random run is and a steered run is not: a steered run's steps are
            seeds of weighted draws, and shrinking them took a minute and more for a failure found in a second;
            it is reported as found, each steered step saying what it bought or why it was refused. True
            shrinks both, False neither.

    Raises:
        InvalidInput: ``pack`` is not a rule pack, a count is not a whole number >= 0, ``setup`` is no mapping
            of the pack's kinds to mappings of options, ``prepared`` is no list of the pack's sheets,
            ``min_coverage`` is not between 0 and 1, ``shrink`` is no bool, or ``published`` gives no table of
            integers, or an empty one (it would compare nothing).
        UnknownName: ``published`` names a curve the pack does not have.
    """
    checked_pack(pack, "the pack to check")
    for name, value in (("examples", examples), ("steps", steps), ("sensible", sensible)):
        if name == "sensible" and value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            msg = f"expected a whole number >= 0 as {name} of the check, got {value!r}"
            raise InvalidInput(msg)
    if shrink is not None and not isinstance(shrink, bool):
        msg = (
            f"expected True, False or None (random runs shrunk, steered runs not) as shrink of the check, "
            f"got {shrink!r}"
        )
        raise InvalidInput(msg)
    if min_coverage is not None and (
        isinstance(min_coverage, bool) or not isinstance(min_coverage, int | float) or not 0 <= min_coverage <= 1
    ):
        msg = (
            f"expected a share from 0 to 1 (0.8 for four upgrades in five) as min_coverage of the check, "
            f"got {min_coverage!r}"
        )
        raise InvalidInput(msg)
    compared = _published(pack, published)
    ready = checked_prepared(pack, prepared)
    starts, failed = starting_sheets(pack, setup=setup)
    findings = [
        Finding("round trip", f"kind {kind!r}", f"no sheet of it can be made to check: {why}")
        for kind, why in failed.items()
        if setup and kind in setup
    ]
    every = {**starts, **{f"prepared {i}": sheet for i, sheet in enumerate(ready)}}
    findings += check_ids(pack)
    findings += check_refs(pack, every)
    unreachable, stuck = reachability(pack, starts)
    findings += unreachable
    for curve in pack.curves.values():
        findings += check_curve(curve)
    findings += check_curve_ends(pack)
    findings += [Finding("published", f"curve {name!r}", said) for name, said in compared if said is not None]
    findings += check_round_trips(every)
    steered = (examples if pack.play is not None else 0) if sensible is None else sensible
    drives = bool(steps and (starts or ready))
    ran = (
        _ALWAYS
        + (("published",) if compared else ())
        + (("machine",) if examples and drives else ())
        + (("play",) if steered and drives else ())
    )
    coverage = None
    if "machine" in ran or "play" in ran:
        reached, played = None, None
        if "machine" in ran:
            broken, reached = run_machine(
                pack,
                examples=examples,
                steps=steps,
                setup=setup,
                prepared=ready,
                derandomize=derandomize,
                shrink=shrink is not False,
            )
            if broken is not None:
                findings.append(Finding("machine", f"pack {pack.name!r}", broken))
        if "play" in ran:
            broken, played = run_machine(
                pack,
                examples=steered,
                steps=steps,
                setup=setup,
                prepared=ready,
                derandomize=derandomize,
                play=pack.play if pack.play is not None else Play(),
                shrink=shrink is True,
            )
            if broken is not None:
                findings.append(Finding("play", f"pack {pack.name!r}", broken))
            elif played.tried and not played.bought:
                findings.append(Finding("play", f"pack {pack.name!r}", _bought_nothing(pack, steered, played)))
        coverage = _coverage(pack, reached, played)
        if min_coverage is not None and coverage.share < min_coverage:
            findings.append(Finding("coverage", f"pack {pack.name!r}", _short_of(coverage, min_coverage, stuck)))
    return ConformanceReport(
        pack=pack.name,
        findings=tuple(findings),
        checks=ran if min_coverage is None or coverage is None else (*ran, "coverage"),
        examples=examples if "machine" in ran else 0,
        steered=steered if "play" in ran else 0,
        skipped={kind: why for kind, why in failed.items() if not (setup and kind in setup)},
        coverage=coverage,
    )


def _short_of(coverage: Coverage, min_coverage: float, stuck: frozenset[str]) -> str:
    """The coverage finding: what the runs bought, and what to do about those never bought; an upgrade the
    static checks find no sheet can buy is the pack's to fix, not the runs'."""
    total = len(coverage.bought) + len(coverage.never)
    message = (
        f"the runs bought {len(coverage.bought)} of {total} upgrades ({coverage.share:.0%}), under the "
        f"{min_coverage:.0%} asked; never bought: {', '.join(coverage.never)}"
    )
    runs = "raise examples or steps, steer the runs with the pack's [play], or prepare sheets that reach them"
    never = [ident for ident in coverage.never if ident in stuck]
    if not never:
        return f"{message} ({runs})"
    fix = f"no sheet can ever buy {', '.join(never)}, as the reachable check says: fix the pack, not the runs"
    if len(never) == len(coverage.never):
        return f"{message} ({fix})"
    return f"{message} ({fix}; for the others, {runs})"


def _bought_nothing(pack: RulePack, runs: int, played: Reached) -> str:
    """What to say of steered runs that tried to buy and bought nothing: what the play favours, and why each
    upgrade drawn was refused."""
    play = pack.play if pack.play is not None else Play()
    favoured = sorted(ident for ident in pack.upgrades if play.weight(ident) > 0)
    why = "; ".join(f"{ident}: {sentence}" for ident, sentence in sorted(played.refused.items()))
    return (
        f"the steered runs tried to buy and bought nothing in {runs} {'run' if runs == 1 else 'runs'}: no upgrade "
        f"the pack's [play] weighs above 0 ({', '.join(favoured)}) could be bought"
        + (f"; refused: {why}" if why else "")
        + "; weigh above 0 what they need, or prepare sheets that reach them"
    )


def _published(
    pack: RulePack, published: Mapping[str, Sequence[int] | Mapping[str, Any]] | None
) -> list[tuple[str, str | None]]:
    """Each published table compared to its curve: (curve id, the first difference or None)."""
    if published is None:
        return []
    if not isinstance(published, Mapping):
        msg = f"expected a mapping of curve ids to their published tables as published of the check, got {published!r:.60}"
        raise InvalidInput(msg)
    compared = []
    for name, table in published.items():
        if name not in pack.curves:
            raise UnknownName("curve", name, pack.curves, f"rule pack {pack.name!r} (check_pack published=)")
        given = dict(table) if isinstance(table, Mapping) else {"table": table}
        if "table" not in given or not set(given) <= {"table", "cumulative", "start", "every"}:
            msg = (
                f"expected a list of step prices or a mapping of table, cumulative, start and every as "
                f"published[{name!r}] of the check, got {table!r:.60}"
            )
            raise InvalidInput(msg)
        values = given.pop("table")
        compared.append((name, compare_to_table(pack.curves[name], values, **given)))
    return compared


def _coverage(pack: RulePack, reached: Reached | None, played: Reached | None) -> Coverage:
    """What the random runs and the steered ones reached, together; and the deepest bands of the steered ones."""
    bought = set().union(*(r.bought for r in (reached, played) if r is not None))
    deepest: dict[str, int] = {}
    for runs in (reached, played):
        for ladder, index in (runs.deepest if runs is not None else {}).items():
            deepest[ladder] = max(index, deepest.get(ladder, -1))

    def labels(bands: Mapping[str, int]) -> dict[str, str]:
        first = pack.languages[0]
        return {
            ladder: pack.ladder(ladder).bands[index].label.in_language(first) for ladder, index in sorted(bands.items())
        }

    ran = set().union(*(r.ran for r in (reached, played) if r is not None))
    possible = {
        "award": bool(pack.pools),
        "purchase": bool(pack.upgrades),
        "decide": any(upgrade.procedure for upgrade in pack.upgrades.values()),
        "discard": any(pool.overflow == "settle" for pool in pack.pools.values()),
        "join": any(kind.members for kind in pack.kinds.values()),
        "undo": reached is not None,
    }
    return Coverage(
        bought=tuple(sorted(bought)),
        never=tuple(sorted(set(pack.upgrades) - bought)),
        deepest=labels(deepest),
        played=labels(played.deepest) if played is not None else {},
        ran=tuple(op for op in OPERATIONS if op in ran),
        not_run=tuple(op for op in OPERATIONS if possible[op] and op not in ran),
    )


def assert_pack_conforms(
    pack: RulePack,
    *,
    examples: int = DEFAULT_EXAMPLES,
    steps: int = DEFAULT_STEPS,
    setup: Mapping[str, Mapping[str, str]] | None = None,
    prepared: Iterable[Sheet] = (),
    min_coverage: float | None = None,
    sensible: int | None = None,
    published: Mapping[str, Sequence[int] | Mapping[str, Any]] | None = None,
    shrink: bool | None = None,
) -> ConformanceReport:
    """Like :func:`check_pack`, but raise an :class:`AssertionError` listing every problem.

    Returns:
        The report, when there is no problem.
    """
    report = check_pack(
        pack,
        examples=examples,
        steps=steps,
        setup=setup,
        prepared=prepared,
        min_coverage=min_coverage,
        sensible=sensible,
        published=published,
        shrink=shrink,
    )
    return report.raise_for_problems()
