"""Purchases: buying an upgrade when its quote allows it (or a GM waives what it may), running its
procedure, and resuming a paused procedure with a decision."""

from __future__ import annotations

import contextlib
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

from progression.engine.checks import check_text, member_named, subject_of
from progression.engine.dice import rolling_for
from progression.engine.payment import unit_of
from progression.engine.procedures import ProcedureContext, answered, drive
from progression.engine.quotes import Quote, context, effect_problems, options, quote, resolved
from progression.engine.rerun import is_rerun
from progression.errors import (
    ChoiceNeeded,
    DecisionError,
    InsufficientPoints,
    InvalidInput,
    LimitReached,
    PackFunctionError,
    PendingState,
    RequirementNotMet,
    Sentence,
    UnknownChoice,
    Way,
)
from progression.ledger.events import Decided, Purchased, Started
from progression.ledger.sheet import tried
from progression.requirements.violations import UNWAIVABLE, WAIVABLE
from progression.rules.parts import Effect, Override, granted
from progression.spelling import closest, command_line, the_closest

if TYPE_CHECKING:
    from progression.engine.work import Work
    from progression.ledger.sheet import Sheet
    from progression.rulepacks.rulepack import RulePack

__all__ = ["decide", "purchase"]


def purchase(
    work: Work,
    upgrade_id: str,
    *,
    choice: str | None,
    pay: Mapping[str, int] | None,
    member: str | None,
    decisions: Sequence[str],
    override: str | None,
    bypass: Collection[str],
    args: Mapping[str, object] | None,
) -> tuple[str, ...]:
    """Buy ``upgrade_id``, or raise with nothing changed; a procedure asking a question with no decision pauses.

    Returns:
        The decisions as the procedure took them: each the id of the option it names (``dauntless`` for
        ``DAUNTLESS`` or ``Dauntless``), which the ledger keeps in the operation as the Decided events do.
    """
    pack, sheet = work.pack, work.sheet
    # Nothing done yet (the purchase is the operation): the quote of the sheet given, as its caller just asked it.
    asked = work.before if len(sheet.ledger) == len(work.before.ledger) else sheet
    q = quote(pack, asked, upgrade_id, choice=choice, pay=pay, member=member, args=args)
    recorded_override, waived = _override(q, override, bypass, member=member)
    if q.unknown_choice:  # a typo, not a refusal: said alone, before what the rules would say of no option
        (sentence,) = (v.sentence for v in q.violations if v.key == "choice")
        offered = options(pack, asked, upgrade_id, member=member)
        raise UnknownChoice(
            upgrade=upgrade_id,
            choice=str(q.choice),
            options=offered,
            sentence=sentence,
            head=f"{q.label} cannot be bought",
            closest=pack.closest(str(q.choice), offered),
        )
    open_now = options(pack, asked, upgrade_id, member=member) if q.choice is None else ()
    if open_now:  # what the buyer left out, said alone too (with no option open, the rules refuse it below)
        (sentence,) = (v.sentence for v in q.violations if v.key == "choice")
        raise ChoiceNeeded(upgrade=upgrade_id, options=open_now, sentence=sentence, head=f"{q.label} cannot be bought")
    if recorded_override is not None and not is_rerun():  # a recorded one stands as 0.1.0 wrote it
        _waives_something(q, bypass)
    if is_rerun():  # a stat's bound is no rule: a purchase recorded past it, before it was set, stands
        waived.add("bound")
    _refuse(upgrade_id, q, waived, unit=unit_of(pack, q.currency))
    if q.price is None:  # a price no curve gives cannot be waived, whatever the override says
        head = f"{q.label} cannot be bought"
        raise LimitReached(upgrade=upgrade_id, reason=f"{q.label} has no price at this level", head=head)
    upgrade = pack.upgrade(upgrade_id)
    subject, roster = subject_of(sheet, member)
    if isinstance(decisions, str):
        msg = f"decisions must be a list of texts, got the text {decisions!r}; pass [{decisions!r}]"
        raise InvalidInput(msg)
    if upgrade.procedure is None and decisions:
        msg = f"{upgrade_id!r} has no procedure, so it asks for no decision; got {list(decisions)!r}"
        raise DecisionError(msg)
    if upgrade.procedure is None:
        effect = resolved(upgrade.effect, choice)
        event = Purchased(upgrade=upgrade_id, choice=choice, price=q.split, effect=effect, override=recorded_override)
        work._record([event], member=member)
        return ()
    extra = _check_args(args)
    if recorded_override is None and not extra:
        started = Started(upgrade=upgrade_id, choice=choice, price=q.split)
    else:
        started = Started(upgrade=upgrade_id, choice=choice, price=q.split, override=recorded_override, args=extra)
    paid = tried(subject, started)
    running = ProcedureContext(sheet=paid, choice=choice, pack=pack, roster=roster, args=extra)
    with contextlib.nullcontext() if member is None else rolling_for(member_named(subject, member)):
        outcome = drive(
            pack.function(upgrade.procedure), running, decisions=decisions, dice=work.dice, name=upgrade.label.en
        )
    if outcome.effect is not None:
        _check_outcome(pack, paid, upgrade_id, outcome.effect, choice, deciding=bool(decisions))
    work._record([started, *outcome.events], member=member, label=f"buy {upgrade_id}")
    return tuple(event.choice for event in outcome.events if isinstance(event, Decided))  # one per decision given


def _override(
    q: Quote, override: str | None, bypass: Collection[str], *, member: str | None
) -> tuple[Override | None, set[str]]:
    """The override to record and the violation keys it waives; a GM waives only what may be waived, in writing."""
    if override is None:
        if bypass:
            raise InvalidInput(Sentence(("a bypass needs a written reason: ", _with_a_reason(q, bypass, member))))
        return None, set()
    check_text(override, "override reason", "purchase")
    names = set(_bypassed(bypass))
    unknown = sorted(str(n) for n in names if not (n in WAIVABLE or (isinstance(n, str) and n.startswith("gate:"))))
    if unknown and not set(unknown) & UNWAIVABLE:
        msg = f"an override bypasses {', '.join(sorted(WAIVABLE))} or 'gate:<ladder>', got {', '.join(unknown)}"
        raise InvalidInput(msg)
    if not names:
        raise InvalidInput(
            Sentence(
                (
                    "an override must name what it bypasses (requires, limit, gate or gate:<ladder>): ",
                    Way(
                        python="pass bypass=['requires'] or ['gate:<ladder>', 'limit']",
                        command="sheet buy",
                        args=_buying(q, member, ("--override", override), "--bypass KEY ..."),
                    ),
                )
            )
        )
    forbidden = names & UNWAIVABLE
    if forbidden:
        msg = f"an override cannot bypass {', '.join(sorted(forbidden))}: only requirements, gates and limits"
        raise InvalidInput(msg)
    waived = {v.key for v in q.violations if v.key in names or any(v.key.startswith(n + ":") for n in names)}
    bypassed = tuple(v.sentence for v in q.violations if v.key in waived)
    return Override(bypassed=bypassed, reason=override), waived


def _bypassed(bypass: Collection[str]) -> list[str]:
    """What an override names as bypassed, in the order given, each once (one key may be given as a text)."""
    return [bypass] if isinstance(bypass, str) else list(dict.fromkeys(bypass))


def _buying(q: Quote, member: str | None, given: Sequence[str], tail: str = "") -> str:
    """The words of ``sheet buy FILE`` that buy ``q``'s upgrade (its choice, its member) with the options
    ``given``, then ``tail`` as it is (words for the reader to fill in)."""
    words = [q.upgrade, *(("--choice", q.choice) if q.choice else ()), *(("--member", member) if member else ())]
    return " ".join(w for w in (command_line(*words, *given), tail) if w)


def _with_a_reason(q: Quote, bypass: Collection[str], member: str | None) -> Way:
    """What gives a bypass its written reason: ``override=`` in a program, ``--override`` on the command line."""
    flags = [word for name in _bypassed(bypass) for word in ("--bypass", str(name))]
    return Way(
        python="pass override='why the GM allows it'",
        command="sheet buy",
        args=_buying(q, member, flags, '--override "why the GM allows it"'),
    )


def _waives_something(q: Quote, bypass: Collection[str]) -> None:
    """Refuse an override naming something the purchase does not break: recorded, it would claim a waiver that
    waived nothing, in the history for good. Says what the purchase does break that an override may waive, if
    anything."""
    idle = [n for n in _bypassed(bypass) if not any(v.key == n or v.key.startswith(n + ":") for v in q.violations)]
    if not idle:
        return
    breaks = [v for v in q.violations if v.key in WAIVABLE or v.key.startswith("gate:")]
    msg = f"{q.label} does not break what the override bypasses ({', '.join(idle)}), so it would waive nothing"
    if breaks:
        msg += f"; what it breaks that an override may waive: {'; '.join(f'{v.key} ({v.sentence})' for v in breaks)}"
        msg += "; bypass only that"
    elif q.violations:  # refused all the same, for what no override waives (the points, a stat's bound)
        msg += f"; no override waives what stops it: {'; '.join(v.sentence for v in q.violations)}"
    else:
        msg += "; buy it without an override"
    raise InvalidInput(msg)


def _refuse(upgrade: str, q: Quote, waived: Collection[str], *, unit: str | None) -> None:
    """Raise the error that fits the violations left once ``waived`` ones are set aside, if any are left."""
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
            why=q.over_cap,
            unit=unit,
        )
    if keys <= {"points"}:  # enough points in all, but the split asks a pool for more than it holds
        raise InvalidInput(f"the split asked of the pools (pay) cannot pay for {q.label}: " + "; ".join(sentences))
    head = f"{q.label} cannot be bought"
    if keys <= {"limit", "bound", "points"}:
        raise LimitReached(upgrade=upgrade, reason="; ".join(sentences), head=head)
    raise RequirementNotMet(upgrade=upgrade, missing=sentences, head=head)


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
            msg = f"expected a text name with a text, integer or boolean value in args, got {key!r} = {value!r}"
            raise InvalidInput(msg)
        checked[key] = value
    return checked


def _check_outcome(
    pack: RulePack, subject: Sheet, upgrade_id: str, effect: Effect, choice: str | None, *, deciding: bool
) -> None:
    """A procedure's effect may not change a stat the pack or the sheet lacks, nor grant an id it does not know, nor break a
    limit or a gate: its price was paid before its effect was known, so only the outcome can be checked.

    Raises:
        PackFunctionError: a stat or a granted id the pack does not know, or a stat the sheet does not hold: the
            procedure's bug (a misspelt id),
            not the buyer's, so said as the pack's, naming the upgrade, its procedure and the closest ids.
        LimitReached: the outcome breaks a limit or a gate.
    """
    upgrade = pack.upgrade(upgrade_id)
    unknown = _unknown_ids(pack, subject, effect)
    if unknown:
        where = f"the procedure {upgrade.procedure!r} of {upgrade.label.en} (upgrade {upgrade_id!r})"
        raise PackFunctionError(f"{where} {unknown}")
    problems = effect_problems(pack, subject, upgrade, effect, context(pack, subject, choice))
    kept = ("limit",) if is_rerun() else ("limit", "bound")  # a bound judges no outcome recorded before it was set
    broken = [v.sentence for v in problems if v.key in kept or v.key.startswith("gate:")]
    if not broken:
        return
    if deciding:  # the price is paid and the dice are rolled: only this decision is refused
        head = f"{upgrade.label.en} cannot finish with this decision (another may; undo takes the purchase back)"
    else:
        head = f"{upgrade.label.en} cannot be bought"
    raise LimitReached(upgrade=upgrade_id, reason="; ".join(broken), head=head)


def _unknown_ids(pack: RulePack, subject: Sheet, effect: Effect) -> str:
    """What is wrong with the ids a procedure's ``effect`` names, each said with the closest ids (empty: nothing):
    a stat the pack does not define, or ``subject``'s kind does not hold; an item granted that the pack does not know (a stat, pool, upgrade, named id
    or item an upgrade grants, as the loader reads a requirement's ids) and ``subject`` does not already own."""
    said = []
    stats = sorted(stat for stat in effect.stats if stat not in pack.stats)
    if stats:
        near = dict.fromkeys(c for stat in stats for c in closest(stat, sorted(pack.stats)))
        noun = "a stat" if len(stats) == 1 else "stats"
        said.append(
            f"changed {noun} the pack does not define: {', '.join(map(repr, stats))}{the_closest(near, aside=True)}"
        )
    unheld = sorted(stat for stat in effect.stats if stat in pack.stats and stat not in subject.stats)
    if unheld:  # it would be made from nothing, at 0
        noun = "a stat" if len(unheld) == 1 else "stats"
        said.append(
            f"changed {noun} a sheet of kind {subject.kind!r} does not hold: {', '.join(map(repr, unheld))} "
            f"(it holds: {', '.join(subject.stats) or 'none'})"
        )
    items = [i for i in effect.grants if not (i in subject.owned or i in pack.names or i in pack.upgrades)]
    if items:  # only then every id the pack knows, which reads every upgrade's grants
        known = {*pack.stats, *pack.pools, *pack.upgrades, *(i for u in pack.upgrades.values() for i in granted(u))}
        items = sorted(i for i in items if i not in known)
        if items:
            near = dict.fromkeys(c for item in items for c in closest(item, sorted({*known, *pack.names})))
            noun = "an id" if len(items) == 1 else "ids"
            said.append(
                f"granted {noun} the pack does not know: {', '.join(map(repr, items))}{the_closest(near, aside=True)}"
            )
    if not said:
        return ""
    hint = "; an item only the pack's code gives is named in its [names]" if "granted" in said[-1] else ""
    return ", and ".join(said) + hint


def decide(work: Work, choice: str, *, member: str | None) -> str:
    """Answer the question a paused procedure asked (with one of its options, by id or by displayed name), and run
    it on from its recorded rolls and decisions. The option's id, as the ledger keeps it."""
    pack = work.pack
    subject, roster = subject_of(work.sheet, member)
    pending = subject.pending
    if pending is None or pending.question is None:
        msg = "there is no decision to make: no procedure is waiting"
        raise DecisionError(msg)
    label, offered = pending.question
    choice = answered(pack, choice, label, offered)  # an option named in another case, or by its displayed name
    upgrade = pack.upgrade(pending.upgrade)
    if upgrade.procedure is None:
        msg = f"{upgrade.label.en} waits for a decision but has no procedure in pack {pack.name!r}: the rules changed"
        raise DecisionError(msg)
    running = ProcedureContext(sheet=subject, choice=pending.choice, pack=pack, roster=roster, args=pending.args)
    with contextlib.nullcontext() if member is None else rolling_for(member_named(subject, member)):
        outcome = drive(
            pack.function(upgrade.procedure),
            running,
            recorded_rolls=pending.rolls,
            recorded_decisions=pending.decisions,
            decisions=[choice],
            dice=work.dice,
            name=upgrade.label.en,
        )
    if outcome.effect is not None:
        _check_outcome(pack, subject, pending.upgrade, outcome.effect, pending.choice, deciding=True)
    work._record(outcome.events, member=member, label=f"decide {choice}")
    return choice
