"""Quotes: "may I buy this, and at what price?" answered with the price, its split and every violation.

A purchase goes through exactly when its quote has no violation, so a quote runs every check
a purchase makes: the buyer's kind, the choice, the price, the limits, the requirements, the
ladder gates an effect crosses, the payment and the sheet's state.
"""

from __future__ import annotations

import weakref
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

from progression import spelling
from progression._frozen import EMPTY, freeze
from progression._labels import plain_name, speaking, spoken
from progression.engine.checks import LARGEST, check_rules, digits, subject_of
from progression.engine.payment import currency_of, payment, state_problems, surplus
from progression.engine.procedures import ProcedureContext
from progression.errors import InvalidInput, PackFunctionError, ProgressionError
from progression.requirements.predicates import Context
from progression.requirements.violations import Violation
from progression.rules.parts import CHOICE, CurveCost, Effect, FixedCost, FunctionCost, chosen

if TYPE_CHECKING:
    from progression.ledger.sheet import Sheet
    from progression.rulepacks.rulepack import RulePack
    from progression.rules.parts import Upgrade

__all__ = ["Quote", "available", "context", "effect_problems", "offers", "options", "quote", "resolved"]


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
    #: Why points the paying pools hold may not pay (they are over a cap that keeps them for other
    #: upgrades), or ``""``.
    over_cap: str = ""
    #: The violations that hold whatever the choice (a decision awaited, the buyer's kind, how many times the
    #: upgrade may be bought, the end of a curve read on a quantity that is not the chosen item's): when there
    #: is one, no other option of the upgrade would be bought either. Left out of equality, as it is read
    #: from ``violations``.
    whatever_choice: tuple[Violation, ...] = attrs.field(default=(), eq=False)
    #: Whether the choice names nothing the upgrade ranges over (an item it does not list; for an options
    #: function, an id the pack does not know): a purchase of it raises
    #: :class:`~progression.errors.UnknownChoice`, bad usage, not a refusal by the rules. Read from
    #: ``violations`` (its ``choice`` one), so left out of equality.
    unknown_choice: bool = attrs.field(default=False, eq=False, repr=False)

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


def quote(
    pack: RulePack,
    sheet: Sheet,
    upgrade_id: str,
    *,
    choice: str | None,
    pay: Mapping[str, int] | None,
    member: str | None,
    paying: Collection[str] | None = None,
    args: Mapping[str, object] | None = None,
    resolve: bool = False,
    language: str | None = None,
) -> Quote:
    """The quote for buying ``upgrade_id``; ``paying`` (spending a surplus automatically) names the only
    pools that pay, whose surplus then does not block the purchase; ``args`` are the purchase's arguments;
    ``resolve`` reads a choice that is no option as the option it names (:func:`resolve_choice`), which the
    quote then gives as its choice (a purchase records the option it resolved first, never the name given);
    ``language`` is the one its label and sentences name things in (None: English).

    Raises:
        RulesChanged: ``sheet`` was made under other rules than ``pack``'s: its price would be another pack's.
    """
    check_rules(pack, sheet, "the sheet to quote")
    # A payment, paying pools or arguments: asked rarely, and not always with what a key can hold. (No arguments,
    # as an empty mapping, are none: a purchase passes one.)
    if language is not None:  # asked to be shown: its sentences name things in that language
        with speaking(language):
            return _quote(pack, sheet, upgrade_id, choice, pay, member, paying, args, resolve)
    if pay is not None or paying is not None or (args is not None and not (isinstance(args, Mapping) and not args)):
        return _quote(pack, sheet, upgrade_id, choice, pay, member, paying, args, resolve)
    global _last  # one slot, replaced whole: a thread reading it sees one quote or another
    key = (upgrade_id, choice, member)
    last = _last
    if last is not None and last[0] == key and last[1]() is sheet and last[2]() is pack:
        return last[3]
    made = _quote(pack, sheet, upgrade_id, choice, pay, member, paying, args, resolve)
    if made.choice == choice and not any(v.key == "choice" for v in made.violations):  # ``resolve`` changed nothing
        _last = (key, weakref.ref(sheet), weakref.ref(pack), made)
    return made


def quoted_option(pack: RulePack, sheet: Sheet, upgrade_id: str, choice: str, member: str | None) -> bool:
    """Whether the last quote given (see :data:`_last`) was of ``choice`` for ``upgrade_id`` on this very sheet and
    pack, which took it as an option: a purchase then knows its choice is an option without asking the options
    function again."""
    last = _last
    return last is not None and last[0] == (upgrade_id, choice, member) and last[1]() is sheet and last[2]() is pack


#: The last quote given in English without a payment, a paying pool or arguments: its upgrade, choice and member, weak
#: references to its sheet and pack, and the quote. A sheet and a pack are immutable (and a pack's functions answer
#: from their context alone), so the same question has the same answer; and a purchase asks the question its caller
#: has just asked: the caller's quote, the pack's own check (Blood Bowl's advancements), the purchase's. It saves
#: two quotes of three in a league's season.
_last: tuple[tuple[object, ...], weakref.ref[Sheet], weakref.ref[RulePack], Quote] | None = None


def _quote(
    pack: RulePack,
    sheet: Sheet,
    upgrade_id: str,
    choice: str | None,
    pay: Mapping[str, int] | None,
    member: str | None,
    paying: Collection[str] | None,
    args: Mapping[str, object] | None,
    resolve: bool = False,
) -> Quote:
    if choice is not None and not isinstance(choice, str):
        msg = f"expected the text of an option as the choice of the quote of {upgrade_id!r}, got {choice!r}"
        raise InvalidInput(msg)
    subject, roster = subject_of(sheet, member)
    upgrade = pack.upgrade(upgrade_id)
    named = upgrade.label.in_language(spoken())
    checked = context(pack, subject, choice, purchase_args(upgrade, args), roster)
    violations: list[Violation] = []
    unknown = False  # the choice names nothing the upgrade ranges over
    offered = True  # the choice is one of the upgrade's options (or it takes none)
    fixed: list[Violation] = []  # the violations no other choice would escape
    if upgrade.kinds and subject.kind not in upgrade.kinds:
        buyers = ", ".join(pack.name_of(k) for k in upgrade.kinds)
        fixed.append(Violation("kind", f"{named} can be bought by: {buyers}; not by {pack.name_of(subject.kind)}"))
        violations.extend(fixed)
    if upgrade.takes_choice:
        if choice is None:
            choices = _choices(pack, subject, roster, upgrade)
            if choices:
                violations.append(
                    Violation("choice", f"{named} needs a choice among: {_listed(pack, upgrade, choices)}")
                )
            else:  # nothing to choose: the rules refuse it now, whatever the buyer would give
                whom = pack.name_of(subject.kind)
                violations.append(Violation("choice", f"no option is open now (the rules offer none to this {whom})"))
        elif not _offers(pack, subject, roster, upgrade, choice):
            choices = _choices(pack, subject, roster, upgrade)  # listed only to read a name, or say what may be chosen
            meant = resolve_choice(pack, named_options(pack, upgrade, choices), choice) if resolve else choice
            if meant in choices:  # an option's displayed name, or its id in another case
                choice = meant
                checked = context(pack, subject, choice, checked.args, roster)
            else:
                offered = False
                shown = _listed(pack, upgrade, choices) or "none now"
                unknown = upgrade.items is not None or not _known(pack, subject, upgrade, choice)
                # A word the pack knows (a skill the buyer has, or of another category) is no misspelling: it is
                # said to be no option now, without the options whose names look like it.
                close = closest(pack, named_options(pack, upgrade, choices), choice)
                if upgrade.options_named is not None:  # each said by its form nearest what was typed (General
                    forms = _names(pack, named_options(pack, upgrade, close))  # for Genral, G for Gx)
                    close = [next(iter(spelling.closest(choice, (c, *forms[c]))), c) for c in close]
                hint = spelling.the_closest(close, aside=True) if unknown else " now"
                violations.append(
                    Violation("choice", f"{choice!r} is not an option for {named}{hint}; options: {shown}")
                )
    elif choice is not None:
        msg = f"{upgrade_id!r} takes no choice, got {choice!r}"
        raise InvalidInput(msg)
    price, priced = _price(pack, subject, upgrade, checked)
    violations.extend(priced)
    if isinstance(upgrade.cost, CurveCost) and CHOICE not in upgrade.cost.axis:
        fixed.extend(priced)  # the curve's end, on a quantity no choice changes
    times = upgrade.limit.times
    if times is not None and subject.bought.get(upgrade_id, 0) >= times:
        how = "once only" if times == 1 else f"at most {times} times"
        fixed.append(Violation("limit", f"{named} can be bought {how}, and it was"))
        violations.append(fixed[-1])
    if upgrade.requires is not None:
        violations.extend(Violation("requires", s) for s in upgrade.requires.unmet(checked))
    if upgrade.procedure is None:
        found = effect_problems(pack, subject, upgrade, resolved(upgrade.effect, choice), checked)
        # a stat no option names is not held, of course: the choice was refused above
        violations.extend(found if offered else (v for v in found if v.key != "kind"))
    split, held, unpaid, over_cap = payment(pack, subject, upgrade, price, pay if paying is None else None)
    violations.extend(unpaid)
    waived = tuple(split) if paying is None else tuple(paying)
    over = surplus(pack, subject)
    if any(pool in over for pool in waived):  # it spends a surplus: other pools' surpluses wait their turn
        waived = (*waived, *over)
    state = state_problems(pack, subject, paying=waived, over=over)
    currency = currency_of(pack, upgrade)
    return Quote(
        upgrade=upgrade_id,
        label=named,
        choice=choice,
        price=price,
        currency=currency,
        split=split,
        available=held,
        violations=(*state, *violations),
        currency_name=pack.name_of(currency),
        over_cap=over_cap,
        # a decision awaited (state_problems' first) refuses any choice; a pool's surplus may be waived by a
        # price that the chosen item changes, so it is not counted here
        whatever_choice=(*state[: subject.pending is not None], *fixed),
        unknown_choice=unknown,
    )


def _known(pack: RulePack, subject: Sheet, upgrade: Upgrade, choice: str) -> bool:
    """Whether ``choice`` names an id the pack knows (by its id or its displayed name): what an options function
    may offer another sheet, or this one later (an option the upgrade names, ``S`` for ``category.s``). Read
    only when the function does not offer it now."""
    if _option_key(pack, upgrade, choice) is not None:
        return True
    ids = {*pack.names, *pack.stats, *pack.pools, *pack.upgrades, *subject.owned}
    for upgrade in pack.upgrades.values():
        ids.update(upgrade.items or ())
        ids.update(item for item in upgrade.effect.grants if "{" not in item)
    return resolve_choice(pack, sorted(ids), choice) in ids


def context(
    pack: RulePack,
    subject: Sheet,
    choice: str | None,
    args: Mapping[str, object] = EMPTY,
    roster: Sheet | None = None,
) -> Context:
    """What the requirements of a purchase by ``subject`` (a member of ``roster``) are checked against."""
    return Context(
        sheet=subject, names=pack, choice=choice, functions=pack.functions, pack=pack, args=args, roster=roster
    )


def purchase_args(upgrade: Upgrade, given: Mapping[str, object] | None) -> Mapping[str, object]:
    """The arguments of a purchase of ``upgrade``: each it declares, as given or at its default. An upgrade
    that declares none passes what it is given to its procedure unread; one with no procedure either takes none.

    Raises:
        InvalidInput: an argument the upgrade does not declare, or a value not of its type.
    """
    if not upgrade.args:
        if given and upgrade.procedure is None:  # nothing would read them: an argument given would mean nothing
            msg = f"{upgrade.id!r} takes no arguments (it declares none and has no procedure); got {', '.join(map(repr, given))}"
            raise InvalidInput(msg)
        return given or EMPTY
    given = given or EMPTY
    named = [name for name in given if type(name) is not str]
    if named:
        msg = f"the arguments of {upgrade.id!r} are named by texts ({', '.join(upgrade.args)}), got {named[0]!r}"
        raise InvalidInput(msg)
    unknown = sorted(name for name in given if name not in upgrade.args)
    if unknown:
        takes = ", ".join(f"{a.id} ({a.type})" for a in upgrade.args.values())
        close = (c for name in unknown for c in spelling.closest(name, upgrade.args, names=upgrade.arg_names))
        msg = f"{upgrade.id!r} takes the arguments {takes}; got {', '.join(map(repr, unknown))}"
        msg += spelling.the_closest(dict.fromkeys(close))
        raise InvalidInput(msg)
    where = f"the purchase of {upgrade.id!r}"
    return {
        name: spec.read(given[name], where) if name in given else spec.default for name, spec in upgrade.args.items()
    }


def options(pack: RulePack, sheet: Sheet, upgrade_id: str, *, member: str | None) -> tuple[str, ...]:
    """The choices a buyer may give for ``upgrade_id`` (empty when it takes none)."""
    subject, roster = subject_of(sheet, member)
    upgrade = pack.upgrade(upgrade_id)
    return _choices(pack, subject, roster, upgrade)


def _choices(pack: RulePack, subject: Sheet, roster: Sheet | None, upgrade: Upgrade) -> tuple[str, ...]:
    """The items of ``upgrade``, or what its options function lists now (empty when it takes no choice)."""
    if upgrade.items is not None:
        return upgrade.items
    if upgrade.options is None:
        return ()
    listed = ProcedureContext(sheet=subject, choice=None, pack=pack, roster=roster, args=EMPTY)
    return checked_options(pack, upgrade, _options(pack, upgrade, listed), subject)


def offers(pack: RulePack, sheet: Sheet, upgrade_id: str, choice: str, *, member: str | None) -> bool:
    """Whether ``choice`` is one of the choices a buyer may give for ``upgrade_id`` now (False when it takes
    none), tested without listing every option."""
    subject, roster = subject_of(sheet, member)
    return _offers(pack, subject, roster, pack.upgrade(upgrade_id), choice)


def _offers(pack: RulePack, subject: Sheet, roster: Sheet | None, upgrade: Upgrade, choice: str) -> bool:
    """Whether ``choice`` is an option of ``upgrade`` now: an options function is called with the choice in its
    context, and may answer with that option alone (or none) instead of listing every option."""
    if upgrade.items is not None:
        return choice in upgrade.items
    if upgrade.options is None:
        return False
    asked = ProcedureContext(sheet=subject, choice=choice, pack=pack, roster=roster, args=EMPTY)
    return choice in checked_options(pack, upgrade, _options(pack, upgrade, asked), subject)


def _options(pack: RulePack, upgrade: Upgrade, context: ProcedureContext) -> object:
    """What the options function of ``upgrade`` returns in ``context``, unchecked."""
    try:
        return pack.function(upgrade.options)(context)  # type: ignore[arg-type]
    except ProgressionError:
        raise
    except Exception as error:
        raise PackFunctionError.raised(_function_of(upgrade), error) from error


def checked_options(pack: RulePack, upgrade: Upgrade, offered: object, sheet: Sheet) -> tuple[str, ...]:
    """What an options function returned for ``sheet``, as the choices: a list of texts, each a stat of the pack,
    and of the sheet, when the upgrade's effect changes the chosen stat (``effect.stats = { "{choice}" = 1 }``).

    Raises:
        PackFunctionError: anything else, naming the function and the upgrade.
    """
    if type(offered) is tuple or type(offered) is list:  # the common answers, read without the abstract checks
        choices = tuple(offered)
    elif isinstance(offered, str | bytes | Mapping) or not isinstance(offered, Iterable):
        msg = f"{_function_of(upgrade)} must return a list of option ids (texts), got {offered!r:.80}"
        raise PackFunctionError(msg)
    else:
        choices = tuple(offered)
    wrong = [c for c in choices if not isinstance(c, str)]
    if wrong:
        msg = f"{_function_of(upgrade)} must return a list of option ids (texts), got {wrong[0]!r:.60} among them"
        raise PackFunctionError(msg)
    if CHOICE in upgrade.effect.stats and upgrade.procedure is None:
        unknown = [c for c in choices if c not in pack.stats]
        if unknown:
            msg = (
                f"{_function_of(upgrade)} offered {unknown[0]!r}, which is not a stat of the pack, but the effect "
                f"changes the chosen stat; stats: {', '.join(sorted(pack.stats)) or 'none'}"
            )
            raise PackFunctionError(msg)
        unheld = [c for c in choices if c not in sheet.stats]
        if unheld:
            msg = (
                f"{_function_of(upgrade)} offered {unheld[0]!r}, a stat a sheet of kind {sheet.kind!r} does not "
                f"hold, but the effect changes the chosen stat; it holds: {', '.join(sheet.stats) or 'none'}"
            )
            raise PackFunctionError(msg)
    return choices


def _function_of(upgrade: Upgrade) -> str:
    """Where an options function's answer is refused: the upgrade and its function."""
    return f"options function {upgrade.options!r} of upgrade {upgrade.id!r}"


def resolve_choice(
    pack: RulePack, choices: Sequence[str] | Mapping[str, str | Sequence[str]], given: str, *, last_words: bool = False
) -> str:
    """The option ``given`` means: itself when it is one, else the one option whose id or displayed name, in any
    language the pack declares, it is when written in another case or with spaces (``Sneaky Git`` for
    ``sneaky_git``, ``Pêche`` for ``peche``), else, with ``last_words``, the one whose displayed name ends with
    the words given (``lineman`` for ``Human Lineman``); ``given`` as it is when none, or several, fit (the quote
    then says it is no option, with the closest). ``choices`` maps each id to its displayed name where the
    pack's names do not hold it (a roster's positions), or to its names in several languages."""
    if given in choices:
        return given
    plain = plain_name(given)
    named = {c: set(map(plain_name, names)) for c, names in _names(pack, choices).items()}
    fits = [c for c, names in named.items() if plain == plain_name(c) or plain in names]
    if not fits and last_words and plain:
        fits = [c for c, names in named.items() if any(f" {name}".endswith(f" {plain}") for name in names)]
    return fits[0] if len(fits) == 1 else given


def named_options(
    pack: RulePack, upgrade: Upgrade, choices: Sequence[str]
) -> Sequence[str] | Mapping[str, Sequence[str]]:
    """``choices`` as :func:`resolve_choice` and :func:`closest` read them: the options themselves, or, for an
    upgrade whose options are named under a word of the pack's names (``options_named``), each with its names."""
    if upgrade.options_named is None:
        return choices
    return {c: [option_name(pack, upgrade, c, code) for code in pack.languages] for c in choices}


def option_name(pack: RulePack, upgrade: Upgrade, option: str, language: str | None = None) -> str:
    """The displayed name of ``option`` of ``upgrade`` in ``language`` (see :meth:`RulePack.name_of
    <progression.RulePack.name_of>`): the pack's name under the word its options are named by, or the
    option's own (as any id is named) when the pack has no name for it."""
    return pack.name_of(_option_key(pack, upgrade, option) or option, language)


def _option_key(pack: RulePack, upgrade: Upgrade, option: str) -> str | None:
    """The pack's name that names ``option`` of ``upgrade`` (``category.g``), or None: its options are not named,
    or the pack has no name for this one."""
    if upgrade.options_named is None:
        return None
    key = f"{upgrade.options_named}.{option.lower()}"
    return key if key in pack.names else None


def _listed(pack: RulePack, upgrade: Upgrade, choices: Sequence[str]) -> str:
    """Options as a refusal lists them: their ids, each with its name when the upgrade's options are named (``A
    (Agility), G (General)``)."""
    if upgrade.options_named is None:
        return ", ".join(choices)
    return ", ".join(f"{c} ({option_name(pack, upgrade, c)})" for c in choices)


def closest(pack: RulePack, choices: Sequence[str] | Mapping[str, str | Sequence[str]], given: str) -> list[str]:
    """The options whose id or displayed name (in any language the pack declares, or as ``choices`` maps them) is
    closest to ``given`` (at most three), matched as every refusal of the library matches a misspelt word
    (:func:`progression.spelling.closest`)."""
    return list(spelling.closest(given, choices, names=_names(pack, choices)))


def _names(pack: RulePack, choices: Sequence[str] | Mapping[str, str | Sequence[str]]) -> dict[str, Sequence[str]]:
    """Each option's displayed names: as ``choices`` maps them (one name, or several), else the pack's."""
    if isinstance(choices, Mapping):
        return {c: (names,) if isinstance(names, str) else names for c, names in choices.items()}
    return {c: [pack.name_of(c, code) for code in pack.languages] for c in choices}


def available(pack: RulePack, sheet: Sheet, *, member: str | None) -> tuple[Quote, ...]:
    """A quote for every upgrade the sheet's kind may buy that takes no choice."""
    subject, _ = subject_of(sheet, member)
    return tuple(
        quote(pack, sheet, u.id, choice=None, pay=None, member=member)
        for u in pack.upgrades.values()
        if (not u.kinds or subject.kind in u.kinds) and not u.takes_choice
    )


def _price(pack: RulePack, subject: Sheet, upgrade: Upgrade, checked: Context) -> tuple[int | None, list[Violation]]:
    """The price of ``upgrade`` by its cost rule, times each of its factors whose requirement holds.

    Raises:
        PackFunctionError: the price is past :data:`~progression.engine.checks.LARGEST` (a quadrillion), what a
            pool holds: a curve that climbs past it before its stat's maximum (or a table extrapolated), a cost
            function, or the factors that multiply the price. No pool could pay it, and a figure that large
            could not even be written (an integer of more than 4,300 digits is refused by ``str``).
    """
    price, violations = _base_price(pack, subject, upgrade, checked)
    if price is not None:
        for factor in upgrade.multiply:
            if factor.when.holds(checked):
                price *= factor.by
        if price > LARGEST:
            source = f"{_source_of(subject, upgrade, checked)}, times its factors (multiply),"
            raise PackFunctionError(_past_the_largest(upgrade.id, price, source))
    return price, violations


def _source_of(subject: Sheet, upgrade: Upgrade, checked: Context) -> str:
    """What gave ``upgrade`` its price, as the refusal of a price past the largest names it: its fixed cost, its
    curve at the step priced, or its cost function."""
    cost = upgrade.cost
    if isinstance(cost, CurveCost):
        axis = chosen(cost.axis, checked.choice)
        step = "" if axis is None else f" at step {subject.quantity(axis) + 1}"
        return f"curve {cost.curve!r}{step}"
    if isinstance(cost, FunctionCost):
        return f"cost function {cost.function!r}"
    return "its fixed cost"


def _past_the_largest(upgrade_id: str, price: int, source: str) -> str:
    """The refusal of a price past :data:`~progression.engine.checks.LARGEST`, the price written out when it is
    short enough to read, else by its number of digits."""
    shown = f"{price:,}" if price < 10**30 else f"a number of {digits(price):,} digits"
    return (
        f"{source} gave upgrade {upgrade_id!r} the price {shown}, past the most a pool holds ({LARGEST:,}): no sheet "
        "could pay it; the pack's curve or cost must stop below it, or the upgrade's stat end before it"
    )


def _base_price(
    pack: RulePack, subject: Sheet, upgrade: Upgrade, checked: Context
) -> tuple[int | None, list[Violation]]:
    cost = upgrade.cost
    if isinstance(cost, FixedCost):
        return _checked_price(upgrade.id, cost.amount, "its fixed cost"), []
    if isinstance(cost, CurveCost):
        curve = pack.curve(cost.curve)
        axis = chosen(cost.axis, checked.choice)
        if axis is None:  # read on the chosen item, and none is chosen yet: the choice violation says so
            return None, []
        step = subject.quantity(axis) + 1
        if step < 0:  # a quantity below zero: the curve prices no step there (it raised the curve's own refusal)
            sentence = (
                f"{pack.name_of(upgrade.id)} has no price at {pack.name_of(axis)} {step - 1}: its curve "
                f"{cost.curve!r} prices steps from 1"
            )
            return None, [Violation("limit", sentence)]
        if curve.last_step is not None and step > curve.last_step:
            sentence = (
                f"{pack.name_of(upgrade.id)} has no price past {pack.name_of(axis)} {curve.last_step}: its curve "
                f"{cost.curve!r} prices steps 1 to {curve.last_step}, and {pack.name_of(axis)} is {step - 1}"
            )
            return None, [Violation("limit", sentence)]
        return _checked_price(upgrade.id, curve.cost(step), f"curve {cost.curve!r} at step {step}"), []
    if isinstance(cost, FunctionCost):
        try:
            value = pack.function(cost.function)(checked)
        except ProgressionError:
            raise
        except Exception as error:
            raise PackFunctionError.raised(
                f"cost function {cost.function!r} of upgrade {upgrade.id!r}", error
            ) from error
        return _checked_price(upgrade.id, value, f"cost function {cost.function!r}"), []
    msg = f"upgrade {upgrade.id!r} has a cost rule of unknown type {type(cost).__name__}"
    raise InvalidInput(msg)


def _checked_price(upgrade_id: str, value: object, source: str) -> int:
    """A price is a whole number of points, never negative (a purchase never pays the buyer), and at most
    :data:`~progression.engine.checks.LARGEST`, what a pool holds."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        shown = f"a number of {digits(value):,} digits" if isinstance(value, int) and value < -(10**30) else repr(value)
        msg = f"{source} gave upgrade {upgrade_id!r} the price {shown}; a price is a whole number >= 0"
        raise PackFunctionError(msg)
    if value > LARGEST:
        raise PackFunctionError(_past_the_largest(upgrade_id, value, source))
    return value


def resolved(effect: Effect, choice: str | None) -> Effect:
    """``effect`` with ``{choice}`` in its stat and grant names and its tag values replaced by the choice made."""
    if choice is None or not any(CHOICE in k for k in (*effect.stats, *effect.grants, *effect.tags.values())):
        return effect
    return Effect(
        stats={k.replace(CHOICE, choice): v for k, v in effect.stats.items()},
        grants={k.replace(CHOICE, choice): v for k, v in effect.grants.items()},
        tags={k: v.replace(CHOICE, choice) for k, v in effect.tags.items()},
        untag=effect.untag,
    )


def effect_problems(
    pack: RulePack, subject: Sheet, upgrade: Upgrade, effect: Effect, checked: Context
) -> list[Violation]:
    """Limits, stats' bounds and ladder gates an effect would break, and the stats it changes that ``subject`` does
    not hold."""
    problems = []
    for written, maximum in upgrade.limit.maxima.items():
        quantity = chosen(written, checked.choice)
        if quantity is None:  # a maximum of the chosen item, and none is chosen yet
            continue
        after = subject.quantity(quantity) + effect.stats.get(quantity, 0) + effect.grants.get(quantity, 0)
        if after > maximum:
            problems.append(
                Violation("limit", f"{pack.name_of(quantity)} would be {after}, past its maximum of {maximum}")
            )
    held = subject.stats
    for stat, delta in effect.stats.items():
        if stat not in held:  # it would be made from nothing, at 0: the pack's kinds or the upgrade's are wrong
            kind = pack.name_of(subject.kind)
            problems.append(Violation("kind", f"it changes {pack.name_of(stat)}, which a {kind} does not hold"))
            continue
        spec = pack.stats.get(stat)
        after = held[stat] + delta
        if spec is not None and spec.maximum is not None and after > spec.maximum:
            problems.append(
                Violation("limit", f"{pack.name_of(stat)} would be {after}, past its maximum of {spec.maximum}")
            )
        if spec is not None and spec.minimum is not None and after < spec.minimum:
            problems.append(
                Violation("limit", f"{pack.name_of(stat)} would be {after}, below its minimum of {spec.minimum}")
            )
        if spec is not None and spec.bound is not None and delta > 0 and after > spec.bound:
            # said as the maximum it is to a player; its own key, as no override waives it and a rerun sets it aside
            problems.append(
                Violation("bound", f"{pack.name_of(stat)} would be {after:,}, past its maximum of {spec.bound:,}")
            )
    for ladder in pack.ladders.values():
        delta = effect.stats.get(ladder.axis, 0)
        if delta <= 0:
            continue
        before = subject.quantity(ladder.axis)
        for band in ladder.gates_crossed(before, before + delta):
            if band.requires is None:
                continue
            for sentence in band.requires.unmet(checked):
                problems.append(
                    Violation(f"gate:{ladder.id}", f"to reach {band.label.in_language(spoken())}: {sentence}")
                )
    return problems
