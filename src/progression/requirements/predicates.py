"""Requirements: predicates over a sheet that explain themselves when unmet.

A requirement answers :meth:`Requirement.unmet` with one sentence per unmet
condition, an empty tuple when it is met. Requirements compose with
:class:`AllOf`, :class:`AnyOf` and :class:`Not`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Protocol

import attrs

from progression._frozen import as_tuple, freeze
from progression.errors import PackFunctionError, ProgressionError, UnknownName

if TYPE_CHECKING:
    from progression.ledger.sheet import Sheet
    from progression.rulepacks.rulepack import RulePack

__all__ = [
    "AllOf",
    "AnyOf",
    "AtLeast",
    "AtMost",
    "Context",
    "GivenArg",
    "HasTag",
    "Not",
    "Owns",
    "OwnsAmong",
    "Predicate",
    "Requirement",
    "atoms",
]


class Names(Protocol):
    """What a requirement needs to word its sentences: displayed names of ids."""

    def name_of(self, ident: str) -> str: ...


@attrs.frozen(kw_only=True)
class Context:
    """What a requirement is checked against."""

    #: The sheet the purchase would change.
    sheet: Sheet
    #: Displayed names (the rule pack).
    names: Names
    #: The option the buyer chose (a skill, a competence), if the upgrade takes one.
    choice: str | None = None
    #: The pack's named functions, for :class:`Predicate`.
    functions: Mapping[str, Callable[..., object]] = attrs.field(factory=dict)
    #: The rule pack, for a pack's function that reads its data (:attr:`RulePack.data
    #: <progression.RulePack.data>`); None when the requirement is read without one.
    pack: RulePack | None = None
    #: The roster the sheet is a member of, when the purchase is made for a member of it (a team's
    #: player): for a rule that depends on where the roster stands.
    roster: Sheet | None = None
    #: The arguments of the purchase (``out_of_career=True``), as the upgrade declares them
    #: (:attr:`Upgrade.args <progression.authoring.Upgrade.args>`), each at its default when not given.
    args: Mapping[str, object] = attrs.field(factory=dict, converter=freeze)


@attrs.frozen(kw_only=True)
class Requirement:
    """Base of every requirement."""

    #: A sentence that replaces the generated one when the requirement is unmet. It is part of the rules'
    #: fingerprint, as it always was: a pack whose sentence is only words gives it as :attr:`said`.
    message: str | None = None
    #: A sentence shown in place of :attr:`message` and of the generated one when the requirement is unmet: words
    #: only, out of the repr and so of the rules' fingerprint (:attr:`RulePack.rules
    #: <progression.RulePack.rules>`): a pack rewords it without making every saved sheet one "of other rules".
    said: str | None = attrs.field(default=None, repr=False, eq=False, kw_only=True)

    def unmet(self, context: Context) -> tuple[str, ...]:
        """One sentence for each unmet condition; empty when the requirement holds."""
        if self.holds(context):
            return ()
        return (self.said or self.message or self.explain(context),)

    def holds(self, context: Context) -> bool:
        """Whether the requirement is met."""
        raise NotImplementedError

    def explain(self, context: Context) -> str:
        """Why it is unmet, in a sentence a player understands."""
        return "must " + self.describe(context)

    def describe(self, context: Context) -> str:
        """What the requirement asks, in the positive ("have Block")."""
        raise NotImplementedError

    def references(self) -> tuple[str, ...]:
        """The ids (quantities, upgrades, functions) the requirement refers to."""
        return ()


@attrs.frozen(kw_only=True)
class AtLeast(Requirement):
    """A quantity (stat, pool balance or owned count) is at least ``value``."""

    quantity: str
    value: int

    def holds(self, context: Context) -> bool:
        return context.sheet.quantity(self.quantity) >= self.value

    def describe(self, context: Context) -> str:
        return f"have {context.names.name_of(self.quantity)} at least {self.value}"

    def explain(self, context: Context) -> str:
        has = context.sheet.quantity(self.quantity)
        return f"needs {context.names.name_of(self.quantity)} at least {self.value} (it is {has})"

    def references(self) -> tuple[str, ...]:
        return (self.quantity,)


@attrs.frozen(kw_only=True)
class AtMost(Requirement):
    """A quantity is at most ``value``."""

    quantity: str
    value: int

    def holds(self, context: Context) -> bool:
        return context.sheet.quantity(self.quantity) <= self.value

    def describe(self, context: Context) -> str:
        return f"have {context.names.name_of(self.quantity)} at most {self.value}"

    def explain(self, context: Context) -> str:
        has = context.sheet.quantity(self.quantity)
        return f"needs {context.names.name_of(self.quantity)} at most {self.value} (it is {has})"

    def references(self) -> tuple[str, ...]:
        return (self.quantity,)


@attrs.frozen(kw_only=True)
class Owns(Requirement):
    """The sheet owns ``item`` (an upgrade or anything an effect grants) ``count`` times."""

    item: str
    count: int = 1

    def holds(self, context: Context) -> bool:
        return context.sheet.owned.get(self.item, 0) >= self.count

    def describe(self, context: Context) -> str:
        times = "" if self.count == 1 else f" {self.count} times"
        return f"have {context.names.name_of(self.item)}{times}"

    def explain(self, context: Context) -> str:
        return "needs " + self.describe(context).removeprefix("have ")

    def references(self) -> tuple[str, ...]:
        return (self.item,)


@attrs.frozen(kw_only=True)
class OwnsAmong(Requirement):
    """The sheet owns at least ``count`` distinct items of ``among``."""

    among: tuple[str, ...] = attrs.field(converter=as_tuple)
    count: int
    #: What the items are called, for the sentence, in the plural ("qualities of Fencing"). Part of the rules'
    #: fingerprint, as it always was: a pack whose name for them is only words gives it as :attr:`items_said`.
    what: str = "items"
    #: What the items are called in the sentence, in place of :attr:`what` (a plural too): words only, out of the
    #: repr and so of the rules' fingerprint, as :attr:`Requirement.said` is.
    items_said: str | None = attrs.field(default=None, repr=False, eq=False)

    def owned_items(self, context: Context) -> tuple[str, ...]:
        return tuple(i for i in self.among if context.sheet.owned.get(i, 0) > 0)

    def holds(self, context: Context) -> bool:
        return len(self.owned_items(context)) >= self.count

    def _wanted(self) -> str:
        """``at least 2 trinkets``; for one, ``one or more trinkets``: the words are a plural (as ``items`` is),
        which "1" would not agree with, and a pack gives no singular (its labels have one form)."""
        words = self.items_said or self.what
        return f"one or more {words}" if self.count == 1 else f"at least {self.count} {words}"

    def describe(self, context: Context) -> str:
        return f"have {self._wanted()}"

    def explain(self, context: Context) -> str:
        have = self.owned_items(context)
        names = context.names.name_of
        candidates = ", ".join(names(i) for i in self.among if i not in have)
        had = f"has {len(have)}: {', '.join(names(i) for i in have)}" if have else "has none"
        missing = "" if self.count == 1 else f"{self.count - len(have)} missing, "  # of one: "1 missing" says it again
        return f"needs {self._wanted()} ({had}); {missing}any of these would count: {candidates}"

    def references(self) -> tuple[str, ...]:
        return self.among


@attrs.frozen(kw_only=True)
class Predicate(Requirement):
    """A named function of the pack: ``function(context, **args)`` returns the unmet sentences."""

    function: str
    args: Mapping[str, object] = attrs.field(factory=dict, converter=freeze)

    def unmet(self, context: Context) -> tuple[str, ...]:
        sentences = self._call(context)
        if sentences and self.message:
            return (self.message,)
        return sentences

    def _call(self, context: Context) -> tuple[str, ...]:
        check = context.functions.get(self.function)
        if check is None:
            raise UnknownName("predicate function", self.function, context.functions, "the rule pack")
        try:
            result = check(context, **self.args) if self.args else check(context)
        except ProgressionError:
            raise
        except Exception as error:
            raise PackFunctionError.raised(f"predicate {self.function!r}", error) from error
        if result == ():  # met: the common answer, with nothing to check or convert
            return ()
        if isinstance(result, str | bytes | Mapping) or not isinstance(result, Iterable):
            msg = f"predicate {self.function!r} must return the unmet sentences, got {result!r:.80}"
            raise PackFunctionError(msg)
        sentences = tuple(result)
        if not all(isinstance(sentence, str) for sentence in sentences):
            msg = f"predicate {self.function!r} must return the unmet sentences (texts), got {list(sentences)!r:.80}"
            raise PackFunctionError(msg)
        return sentences

    def holds(self, context: Context) -> bool:
        return not self._call(context)

    def describe(self, context: Context) -> str:
        return self.message or f"satisfy {self.function}"

    def references(self) -> tuple[str, ...]:
        return (self.function,)


@attrs.frozen(kw_only=True)
class AllOf(Requirement):
    """Every one of ``items`` holds; unmet lists every failing item."""

    items: tuple[Requirement, ...] = attrs.field(converter=as_tuple)

    def unmet(self, context: Context) -> tuple[str, ...]:
        sentences = tuple(s for item in self.items for s in item.unmet(context))
        if sentences and self.message:
            return (self.message,)
        return sentences

    def holds(self, context: Context) -> bool:
        return all(item.holds(context) for item in self.items)

    def describe(self, context: Context) -> str:
        return " and ".join(item.describe(context) for item in self.items)

    def references(self) -> tuple[str, ...]:
        return tuple(r for item in self.items for r in item.references())


@attrs.frozen(kw_only=True)
class AnyOf(Requirement):
    """At least one of ``items`` holds; unmet says what each alternative still lacks."""

    items: tuple[Requirement, ...] = attrs.field(converter=as_tuple)

    def holds(self, context: Context) -> bool:
        return any(item.holds(context) for item in self.items)

    def describe(self, context: Context) -> str:
        return " or ".join(item.describe(context) for item in self.items)

    def explain(self, context: Context) -> str:
        # Each alternative by what it lacks (with the values the sheet has), not its whole condition.
        return "needs one of: " + "; or ".join(" and ".join(item.unmet(context)) for item in self.items)

    def references(self) -> tuple[str, ...]:
        return tuple(r for item in self.items for r in item.references())


@attrs.frozen(kw_only=True)
class HasTag(Requirement):
    """The sheet's tag ``tag`` is set: to ``value``, to one of ``among``, or (neither given) to anything."""

    tag: str
    value: str | None = None
    among: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)

    def holds(self, context: Context) -> bool:
        found = context.sheet.tags.get(self.tag)
        if found is None:
            return False
        if self.value is not None:
            return found == self.value
        return not self.among or found in self.among

    def _wanted(self, context: Context) -> str:
        names = context.names.name_of
        if self.value is not None:
            return f"{names(self.tag)} {names(self.value)}"
        if self.among:
            return f"{names(self.tag)} {' or '.join(names(v) for v in self.among)}"
        return f"a {names(self.tag)}"

    def describe(self, context: Context) -> str:
        return "have " + self._wanted(context)

    def explain(self, context: Context) -> str:
        found = context.sheet.tags.get(self.tag)
        has = "none" if found is None else context.names.name_of(found)
        return f"needs {self._wanted(context)} (it has {has})"


@attrs.frozen(kw_only=True)
class GivenArg(Requirement):
    """The purchase was given the argument ``arg``: true (a flag), or equal to ``value``."""

    arg: str
    value: object = True

    def holds(self, context: Context) -> bool:
        return context.args.get(self.arg) == self.value

    def describe(self, context: Context) -> str:
        name = context.names.name_of(self.arg)
        return f"bought with {name}" if self.value is True else f"bought with {name} {self.value}"

    def explain(self, context: Context) -> str:
        given = context.args.get(self.arg)
        told = "not given" if given in (None, False) else f"given {given}"
        return f"needs to be {self.describe(context)} ({told})"


@attrs.frozen(kw_only=True)
class Not(Requirement):
    """``item`` does not hold."""

    item: Requirement

    def holds(self, context: Context) -> bool:
        return not self.item.holds(context)

    def describe(self, context: Context) -> str:
        return "not " + self.item.describe(context)

    def explain(self, context: Context) -> str:
        return "must not " + self.item.describe(context)

    def references(self) -> tuple[str, ...]:
        return self.item.references()


def atoms(requirement: Requirement) -> Iterator[Requirement]:
    """Every requirement inside ``requirement`` that composes none (``all``, ``any`` and ``not`` opened)."""
    if isinstance(requirement, AllOf | AnyOf):
        for item in requirement.items:
            yield from atoms(item)
    elif isinstance(requirement, Not):
        yield from atoms(requirement.item)
    else:
        yield requirement
