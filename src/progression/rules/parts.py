"""The parts of a rule pack: currencies, pools, stats, costs, effects, limits, upgrades, kinds."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Literal

import attrs

from progression._frozen import EMPTY, as_tuple, freeze
from progression._labels import Label
from progression.errors import InvalidInput
from progression.requirements.predicates import Requirement

__all__ = [
    "ARG_TYPES",
    "CHOICE",
    "Arg",
    "CostRule",
    "Currency",
    "CurveCost",
    "Effect",
    "Factor",
    "FixedCost",
    "FunctionCost",
    "Kind",
    "Limit",
    "Overflow",
    "Override",
    "PoolSpec",
    "StatSpec",
    "Upgrade",
    "granted",
    "texts",
]

#: What happens to points awarded past a pool's cap.
#: ``refuse``: the award is refused; ``lose``: the surplus is lost at once;
#: ``settle``: the surplus is pending and must be spent or discarded before anything else;
#: ``auto``: the surplus is spent on the pool's ``auto_spend`` upgrades, cheapest first, the rest lost.
Overflow = Literal["refuse", "lose", "settle", "auto"]
OVERFLOWS: tuple[Overflow, ...] = ("refuse", "lose", "settle", "auto")

#: The placeholder that stands for the buyer's choice in the names an upgrade reads or changes
#: (its cost axis, its ``limit.maxima`` keys, its effect's stat and grant keys).
CHOICE = "{choice}"


def chosen(name: str, choice: str | None) -> str | None:
    """``name`` with ``CHOICE`` replaced by ``choice``; None when it needs a choice and none is given."""
    if CHOICE not in name:
        return name
    return None if choice is None else name.replace(CHOICE, choice)


@attrs.frozen(kw_only=True)
class Currency:
    """A kind of point (Star Player Points, progression points, gold)."""

    id: str
    label: Label
    #: How an amount is written (``gp``: ``60,000 gp``); None: by the pool's name (``3 Experience``). Only words,
    #: not rules: out of the repr, which fingerprints the pack.
    unit: str | None = attrs.field(default=None, repr=False)


@attrs.frozen(kw_only=True)
class PoolSpec:
    """A balance of one currency that a sheet holds."""

    id: str
    label: Label
    currency: str
    #: No cap (None), a fixed number, or the name of a quantity read on the sheet.
    cap: int | str | None = None
    overflow: Overflow = "refuse"
    #: Upgrades the ``auto`` policy spends surplus on, cheapest first.
    auto_spend: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    #: Under ``settle``: the only upgrades the points held over the cap may pay (empty: any). Every
    #: other purchase sees at most the cap's worth of this pool ("surplus must raise the competence").
    surplus_buys: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    #: What a sheet must meet to be awarded points of this pool (a Star Player earns no Star Player Points): an
    #: award to one that does not is refused with the requirement's sentences. Out of the repr (the fingerprint
    #: adds it when a pool has one, so that the packs without stay the rules they were).
    requires: Requirement | None = attrs.field(default=None, repr=False)


def _check_bound(_: object, __: attrs.Attribute[Any], value: object) -> None:
    """A stat's bound is a whole number, or None."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        msg = f"expected a whole number or None as the bound of a StatSpec, got {value!r:.60} ({type(value).__name__})"
        raise InvalidInput(msg)


@attrs.frozen(kw_only=True)
class StatSpec:
    """A numeric quantity of a sheet (a level, a characteristic, a count)."""

    id: str
    label: Label
    initial: int = 0
    minimum: int | None = None
    maximum: int | None = None
    #: How a value is written where people read it: ``{}`` stands for the number, ``{:,}`` for it with thousands
    #: separators (``"{}+"``: ``3+``; ``"{:,} gp"``: ``50,000 gp``); None: the number alone. Only words, not rules:
    #: out of the repr, which fingerprints the pack.
    display: str | None = attrs.field(default=None, repr=False)
    #: How 0 is written, when it stands for something else (a Passing Ability of ``-``); None: as any value.
    display_zero: str | None = attrs.field(default=None, repr=False)
    #: The highest value a purchase asked now may take the stat to, where the rules name no maximum: a bound a pack
    #: written in Python sets so that no input makes a sheet unbounded (a competence's level, 1,000). Not a rule:
    #: out of the repr, which fingerprints the pack, so that a pack that adds one keeps its saved sheets' rules; and
    #: an operation a ledger recorded past it (before it was set) is run again as it was made (verify, amend, a
    #: store), not refused. No override waives it. A quote says it (a violation ``bound``), a purchase is refused
    #: by it (:class:`~progression.errors.LimitReached`), and so is an award its pool's ``auto`` policy would spend
    #: past it. None: no bound.
    bound: int | None = attrs.field(default=None, repr=False, validator=_check_bound)

    def written(self, value: int) -> str:
        """``value`` as :attr:`display` (or :attr:`display_zero`) writes it."""
        if value == 0 and self.display_zero is not None:
            return self.display_zero
        return str(value) if self.display is None else self.display.format(value)


def _table(value: object, what: str, holds: type, example: str) -> Mapping[str, Any]:
    """``value`` as a read-only mapping of ids to ``holds``, or :class:`InvalidInput` saying what is wrong."""
    if type(value) is not dict and not isinstance(value, Mapping):
        msg = f"expected a mapping of ids to {example} as the {what} of an Effect, got {value!r:.60} ({type(value).__name__})"
        raise InvalidInput(msg)
    if not value:  # most of an effect's fields are left empty
        return EMPTY
    for key, item in value.items():
        if type(key) is not str or type(item) is not holds:  # the usual effect passes these alone
            if not isinstance(key, str):
                msg = f"expected ids (texts) as the keys of the {what} of an Effect, got {key!r:.60} ({type(key).__name__})"
                raise InvalidInput(msg)
            if isinstance(item, bool) or not isinstance(item, holds):
                msg = (
                    f"expected a mapping of ids to {example} as the {what} of an Effect, "
                    f"got {key!r} = {item!r:.60} ({type(item).__name__})"
                )
                raise InvalidInput(msg)
    return freeze(value)


def _stats(value: object) -> Mapping[str, int]:
    return _table(value, "stats", int, "whole numbers (such as {'level': 1})")


def _grants(value: object) -> Mapping[str, int]:
    return _table(value, "grants", int, "whole numbers (such as {'block': 1})")


def _tags(value: object) -> Mapping[str, str]:
    return _table(value, "tags", str, "texts (such as {'status': 'veteran'})")


def texts(value: object, whole: Callable[[object], str], item: Callable[[object], str]) -> tuple[str, ...]:
    """``value``, texts in any iterable, as a tuple (``value`` itself when it is one), or a refusal: of ``value``
    when it is a lone text (it would be read as its letters) or nothing to iterate, in the words ``whole`` gives it;
    of the first item that is not a text, in the words ``item`` gives that item. The words are the caller's: what
    the texts are (an effect's tags, a league's sentences) is said where they are read.

    Raises:
        InvalidInput: ``value`` is a text or no iterable, or one of its items is no text.
    """
    if type(value) is not tuple:
        if isinstance(value, str) or not isinstance(value, Iterable):
            raise InvalidInput(whole(value))
        value = tuple(value)
    for text in value:
        if not isinstance(text, str):
            raise InvalidInput(item(text))
    return value


def _not_tags(value: object) -> str:
    return f"expected a list of tag names, such as ('miss_next',), as the untag of an Effect, got {value!r:.60}"


def _not_a_tag(tag: object) -> str:
    return f"expected tag names (texts) in the untag of an Effect, got {tag!r:.60} ({type(tag).__name__})"


def _untag(value: object) -> tuple[str, ...]:
    """The tags an effect removes, as a tuple (:func:`texts`); a lone text is refused."""
    return texts(value, _not_tags, _not_a_tag)


# Each builds what ``freeze`` (``as_tuple``) builds from every value a sheet file's reader accepts, and only refuses
# more: the reader, which builds an effect without calling ``__init__``, reads ``reads_as`` to know it builds the same
# (:func:`progression.files.ledger_read.checked_fields`).
_stats.reads_as = _grants.reads_as = _tags.reads_as = freeze  # type: ignore[attr-defined]
_untag.reads_as = as_tuple  # type: ignore[attr-defined]


@attrs.frozen(kw_only=True)
class Effect:
    """What an event does to a sheet, as data: replaying it needs no rule.

    Its values are checked when it is made: whole numbers added to stats and owned counts, texts for tags, so
    that a wrong one is refused where it is written, not when a sheet adds it up. (How large a number may be
    is the engine's to say, where an effect is applied: what the sheet holds then matters.)

    Raises:
        InvalidInput: a table that is not a mapping, an id that is not a text, a value of the wrong type.
    """

    #: Added to stats (negative to lower them).
    stats: Mapping[str, int] = attrs.field(factory=dict, converter=_stats)
    #: Added to owned counts (skills, qualities, specializations); an item at 0 is dropped.
    grants: Mapping[str, int] = attrs.field(factory=dict, converter=_grants)
    #: Tags set (``key -> value``), such as a status.
    tags: Mapping[str, str] = attrs.field(factory=dict, converter=_tags)
    #: Tags removed.
    untag: tuple[str, ...] = attrs.field(default=(), converter=_untag)

    def __bool__(self) -> bool:
        return bool(self.stats or self.grants or self.tags or self.untag)

    def merged(self, other: Effect) -> Effect:
        """Both effects, one after the other."""
        stats = dict(self.stats)
        for key, delta in other.stats.items():
            stats[key] = stats.get(key, 0) + delta
        grants = dict(self.grants)
        for key, delta in other.grants.items():
            grants[key] = grants.get(key, 0) + delta
        tags = {k: v for k, v in self.tags.items() if k not in other.untag}
        tags.update(other.tags)
        untag = tuple(dict.fromkeys(t for t in (*self.untag, *other.untag) if t not in tags))
        return Effect(stats=stats, grants=grants, tags=tags, untag=untag)


@attrs.frozen(kw_only=True)
class Override:
    """A GM's decision to let a purchase bypass named requirements, with the reason written down."""

    #: The sentences of the requirements bypassed, as they were unmet.
    bypassed: tuple[str, ...] = attrs.field(converter=as_tuple)
    reason: str


@attrs.frozen(kw_only=True)
class CostRule:
    """Base of the ways an upgrade is priced."""

    def describe(self, name_of: Callable[[str], str] = str) -> str:
        """The rule in words ("the next step of curve level after Fencing level"); ``name_of`` names ids."""
        raise NotImplementedError


@attrs.frozen(kw_only=True)
class FixedCost(CostRule):
    """Always the same price."""

    amount: int

    def describe(self, name_of: Callable[[str], str] = str) -> str:
        return str(self.amount)


@attrs.frozen(kw_only=True)
class CurveCost(CostRule):
    """The next step of a curve, read on a quantity: ``curve.cost(quantity + 1)``."""

    curve: str
    #: The quantity that counts the steps already taken (a stat, or an owned count); ``"{choice}"``
    #: reads the chosen item's own count.
    axis: str

    def describe(self, name_of: Callable[[str], str] = str) -> str:
        if self.axis == CHOICE:
            after = "the chosen item's own count"
        elif CHOICE in self.axis:  # a composed id: "<item>_advances"
            after = self.axis.replace(CHOICE, "<item>") + " of the chosen item"
        else:
            after = name_of(self.axis)
        return f"the next step of curve {self.curve} after {after}"


@attrs.frozen(kw_only=True)
class FunctionCost(CostRule):
    """A named function of the pack: ``function(context) -> int``."""

    function: str

    def describe(self, name_of: Callable[[str], str] = str) -> str:
        return f"the pack's function {self.function}"


#: The types a purchase argument may have, with the value it takes when not given.
ARG_TYPES: Mapping[str, bool | int | str] = freeze({"bool": False, "int": 0, "text": ""})


@attrs.frozen(kw_only=True)
class Arg:
    """An argument a purchase of an upgrade takes (``out_of_career``: a flag), with its type and default.

    Its value reaches the upgrade's requirements and its price factors (``{ arg = "out_of_career" }``)
    through the requirement context's ``args``.
    """

    id: str
    label: Label
    #: ``bool``, ``int`` or ``text``.
    type: Literal["bool", "int", "text"]
    #: The value when the purchase does not give it (``False``, ``0``, ``""`` unless declared).
    default: bool | int | str

    def read(self, value: object, where: str) -> bool | int | str:
        """``value`` when it is of the argument's type; anything else is refused, saying what came and where
        (``where``: ``"the purchase of 'skill'"``)."""
        wrong = self.mismatch(value)
        if wrong is not None:
            msg = f"argument {self.id!r} of {where} is {wrong}"
            raise InvalidInput(msg)
        return value  # type: ignore[return-value]

    def mismatch(self, value: object) -> str | None:
        """None when ``value`` is of the argument's type, else what it should be and what came (``a bool, got
        'yes' (str)``): the loader reports it at a key path, a purchase with the purchase."""
        if type(value) is {"bool": bool, "int": int, "text": str}[self.type]:
            return None
        article = "an" if self.type == "int" else "a"
        return f"{article} {self.type}, got {value!r} ({type(value).__name__})"


@attrs.frozen(kw_only=True)
class Factor:
    """The price multiplied by ``by`` when ``when`` holds (``{ by = 2, when = { arg = "out_of_career" } }``)."""

    by: int
    when: Requirement


@attrs.frozen(kw_only=True)
class Limit:
    """How often, and how far, an upgrade may be bought."""

    #: At most this many purchases (1 for once only), or None for no limit.
    times: int | None = None
    #: Quantities the effect must not push past these values.
    maxima: Mapping[str, int] = attrs.field(factory=dict, converter=freeze)


@attrs.frozen(kw_only=True)
class Upgrade:
    """Something a sheet can buy."""

    id: str
    label: Label
    #: The pools that may pay, all of one currency; with several, the price may be split.
    pools: tuple[str, ...] = attrs.field(converter=as_tuple)
    cost: CostRule
    requires: Requirement | None = None
    #: The effect of a purchase with no procedure; ``grants`` may name ``"{choice}"``.
    effect: Effect = attrs.field(factory=Effect)
    limit: Limit = attrs.field(factory=Limit)
    #: A named procedure of the pack (rolls dice, asks for decisions, returns the effect).
    procedure: str | None = None
    #: A named function listing the options a buyer may choose, or None when it takes no choice.
    options: str | None = None
    #: The first word of the pack's names that name the options (``options_named`` in the TOML): ``"category"``
    #: shows option ``G`` as the name ``category.g``, and reads that name as the option. None: an option is named
    #: as any id is. How an option is named changes no rule: not in the repr, so not in the fingerprint.
    options_named: str | None = attrs.field(default=None, repr=False)
    #: The items a buyer chooses among (``items`` in the TOML, listed or a table's keys), or None;
    #: each is priced and limited by its own count through ``"{choice}"``.
    #: Not in the repr, so that the fingerprint of a pack without items (:attr:`RulePack.rules
    #: <progression.RulePack.rules>`, recorded on its sheets) is what it was before items existed;
    #: the fingerprint adds the items of the upgrades that have some.
    items: tuple[str, ...] | None = attrs.field(default=None, converter=attrs.converters.optional(as_tuple), repr=False)
    #: The arguments a purchase takes, by id (``args`` in the TOML); not in the repr, as ``items``.
    args: Mapping[str, Arg] = attrs.field(factory=dict, converter=freeze, repr=False)
    #: Factors of the price, each applied when its requirement holds (``cost.multiply`` in the TOML);
    #: not in the repr, as ``items``.
    multiply: tuple[Factor, ...] = attrs.field(default=(), converter=as_tuple, repr=False)
    #: The sheet kinds that may buy it (empty for every kind).
    kinds: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    #: What it is for, shown by ``progression show``.
    description: Label | None = None

    @property
    def arg_names(self) -> dict[str, tuple[str, ...]]:
        """Each argument's id and its displayed names, in every language given (``out_of_career``: out of career,
        hors carrière): what :meth:`RulePack.resolve <progression.RulePack.resolve>` reads a name by and
        :meth:`RulePack.closest <progression.RulePack.closest>` matches a misspelt one against."""
        return {a.id: tuple(map(a.label.in_language, a.label.languages)) for a in self.args.values()}

    @property
    def takes_choice(self) -> bool:
        """Whether a purchase names a choice (among ``items``, or what ``options`` lists)."""
        return self.options is not None or self.items is not None


def granted(upgrade: Upgrade) -> Iterator[str]:
    """The items ``upgrade``'s effect grants: ``"{choice}"`` stands for each of its ``items`` (an options function's
    choices are not known before a sheet asks). With the pack's stats, pools, upgrades and named ids, they are the
    ids the pack knows: what a requirement may read, and what a procedure may grant."""
    for item in upgrade.effect.grants:
        if CHOICE not in item:
            yield item
        elif upgrade.items is not None:
            yield from (item.replace(CHOICE, choice) for choice in upgrade.items)


@attrs.frozen(kw_only=True)
class Kind:
    """A kind of sheet the pack knows (a character, a player, a team)."""

    id: str
    label: Label
    pools: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    stats: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    #: The kinds of member a sheet of this kind holds (a team holds players).
    members: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
