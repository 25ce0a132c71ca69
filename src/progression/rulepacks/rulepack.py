"""Rule packs: everything a ruleset defines, and the operations that apply it to sheets."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from progression._frozen import as_tuple, freeze
from progression._labels import LANGUAGES, Label, spoken
from progression.curves.curve import Curve
from progression.engine import payment as _payment
from progression.engine import quotes as _quotes
from progression.engine.checks import came, check_id, check_sheet, wrong_sheet
from progression.engine.declared import resolved
from progression.engine.operations import CORE_OPERATIONS, Adjust, Award, Create, Decide, Discard, Purchase
from progression.engine.run import Rules, run, start_sheet
from progression.errors import InvalidInput, Problem, ProgressionError, RulePackError, UnknownName
from progression.ledger.events import Event, Operation
from progression.ledger.sheet import Sheet
from progression.requirements.ladders import Ladder
from progression.rulepacks.contract import Contract, is_contract_name, warn_deprecated
from progression.rulepacks.narration import Narrator
from progression.rules.parts import Currency, Effect, Kind, PoolSpec, StatSpec, Upgrade
from progression.rules.play import Play, play_problems

if TYPE_CHECKING:
    from progression.engine.dice import Dice
    from progression.engine.quotes import Quote

__all__ = ["RulePack"]


def _by_id(items: Iterable[Any] | Mapping[str, Any]) -> Mapping[str, Any]:
    # A mapping is already keyed (``attrs.evolve`` passes the pack's own tables back in).
    values: Iterable[Any] = items.values() if isinstance(items, Mapping) else items
    return freeze({item.id: item for item in values})


def _by_name(curves: Iterable[Curve] | Mapping[str, Curve]) -> Mapping[str, Curve]:
    values: Iterable[Curve] = curves.values() if isinstance(curves, Mapping) else curves
    return freeze({curve.name: curve for curve in values})


def _operations(
    classes: Iterable[type[Operation] | Callable[..., Any]] | Mapping[str, type[Operation]],
) -> Mapping[str, type[Operation]]:
    """Operation classes by tag; a function declared with ``progression.operation`` stands for its class."""
    values = classes.values() if isinstance(classes, Mapping) else classes
    found = [getattr(item, "operation", item) for item in values]
    return freeze({getattr(cls, "tag", repr(cls)): cls for cls in found})


def _check_operations(pack: RulePack, _: attrs.Attribute[Any], value: Mapping[str, type[Operation]]) -> None:
    """A pack's operations are declared when the pack is made: each an Operation class with a tag of its own."""
    problems = []
    for tag, cls in value.items():
        where = f"$.operations.{tag}"
        if not (isinstance(cls, type) and issubclass(cls, Operation) and attrs.has(cls)):
            problems.append(Problem(pack.source, where, f"expected an attrs Operation class, got {cls!r}"))
        elif tag in CORE_OPERATIONS or not tag.startswith(f"{pack.name}."):
            reason = f"a pack's operation tags start with {pack.name + '.'!r} and are not the core's, got {tag!r}"
            problems.append(Problem(pack.source, where, reason))
        elif cls.run is Operation.run:  # type: ignore[attr-defined]  # narrowed to attrs by attrs.has
            problems.append(Problem(pack.source, where, f"{cls.__name__} does not define run(work)"))
        else:
            try:
                resolved(cls)  # type: ignore[arg-type]  # an Operation, checked above
            except InvalidInput as error:
                problems.append(Problem(pack.source, where, str(error)))
    if problems:
        raise RulePackError(pack.source, problems)


def _contract(value: Contract | None) -> Contract:
    return Contract() if value is None else value


def _is_contract_key(name: str) -> bool:
    """Whether a function's name is one of the old string contract's (``action.match``, ``demo``)."""
    return is_contract_name(name)


@attrs.frozen(kw_only=True)
class RulePack(Rules):
    """A ruleset: currencies, pools, stats, curves, ladders, upgrades, kinds of sheet and data tables.

    Every operation takes a sheet and returns a new one; a refused operation raises
    a :class:`~progression.errors.ProgressionError` and changes nothing.
    """

    name: str
    title: Label
    version: str = "0"
    #: Where the pack was read from (a file, a distribution).
    source: str = "<memory>"
    currencies: Mapping[str, Currency] = attrs.field(factory=dict, converter=_by_id)
    pools: Mapping[str, PoolSpec] = attrs.field(factory=dict, converter=_by_id)
    stats: Mapping[str, StatSpec] = attrs.field(factory=dict, converter=_by_id)
    curves: Mapping[str, Curve] = attrs.field(factory=dict, converter=_by_name)
    ladders: Mapping[str, Ladder] = attrs.field(factory=dict, converter=_by_id)
    upgrades: Mapping[str, Upgrade] = attrs.field(factory=dict, converter=_by_id)
    kinds: Mapping[str, Kind] = attrs.field(factory=dict, converter=_by_id)
    #: Displayed names of other ids (skills, qualities, results of tables).
    names: Mapping[str, Label] = attrs.field(factory=dict, converter=freeze)
    #: Data the pack's own code reads (rosters, skill tables), as loaded from TOML.
    tables: Mapping[str, Any] = attrs.field(factory=dict, converter=freeze)
    #: The pack's named functions its TOML refers to (curves, costs, requirements, procedures, options).
    functions: Mapping[str, Callable[..., Any]] = attrs.field(factory=dict, converter=freeze, repr=False)
    #: The pack's own typed data, for its code to read (Blood Bowl's rosters, skills and tables, typed);
    #: part of the rules' fingerprint like every table.
    data: Any = attrs.field(default=None, repr=False)
    #: The pack's own operations, by tag (each tag starts with the pack's name and a dot). Given as
    #: operation classes, or as the functions declared with :func:`progression.operation`.
    operations: Mapping[str, type[Operation]] = attrs.field(
        factory=dict, converter=_operations, validator=_check_operations, repr=False
    )
    #: The pack's one hook into the narrator (:class:`~progression.authoring.Narrator`): ``(narrator, event) -> str | None``,
    #: the pack's sentence for an event of its operations, ``""`` to leave it untold, None to let the core tell it.
    narration: Callable[[Narrator, Event], str | None] | None = attrs.field(default=None, repr=False)
    #: The pack's words for a sheet's tags (``(narrator, sheet) -> [(label, text), ...]``): what ``progression
    #: sheet show`` prints instead of the tags as stored (a team's league and last result, not ``result=1 win
    #: 2-1 ...``); bookkeeping is left out. None prints the tags as they are.
    facts: Callable[[Narrator, Sheet], Sequence[tuple[str, str]]] | None = attrs.field(default=None, repr=False)
    #: The languages the pack gives every displayed name in (``[pack] languages``), its first the one a name
    #: not given in another language reads in.
    languages: tuple[str, ...] = attrs.field(default=LANGUAGES, converter=as_tuple, repr=False)
    #: What the pack offers the command line: actions, explanations, reports, factories, simulations,
    #: exact computations, computed tables, a tuner, ``pack_for`` and a demo, each declared with its
    #: options (:class:`progression.contract.Contract`), checked when the pack is made.
    contract: Contract = attrs.field(factory=Contract, converter=_contract, repr=False)
    #: How a sensible player spends (``[play]``, :class:`~progression.authoring.Play`): what the conformance
    #: check's steered runs favour, to reach deep states. None when the pack says nothing; no rule reads it.
    play: Play | None = attrs.field(default=None, repr=False)

    def __attrs_post_init__(self) -> None:
        # Functions registered under the old string names (``"action.match"``) become declarations.
        legacy = [key for key in self.functions if _is_contract_key(key)]
        if legacy:
            warn_deprecated(legacy, self.name)
            converted, rest = Contract.from_functions(self.functions)
            object.__setattr__(self, "functions", freeze(rest))
            object.__setattr__(self, "contract", converted.merged(self.contract))
        if not isinstance(self.contract, Contract):
            found = [Problem(self.source, "$.contract", f"expected a Contract, got {self.contract!r:.60}")]
            raise RulePackError(self.source, found)
        if self.play is not None:
            if not isinstance(self.play, Play):
                found = [Problem(self.source, "$.play", f"expected a Play, got {self.play!r:.60}")]
                raise RulePackError(self.source, found)
            wrong = play_problems(self.play, self.upgrades)
            if wrong:
                raise RulePackError(self.source, [Problem(self.source, where, why) for where, why in wrong])
        problems = self.contract.problems()
        if problems:
            raise RulePackError(
                self.source,
                [Problem(self.source, where, f"pack {self.name!r}: {reason}") for where, reason in problems],
            )

    @functools.cached_property
    def rules(self) -> str:
        """Which rules these are: the pack's name, its version and a fingerprint of its data.

        A sheet records the rules it was made under; ``verify`` tells a history that the rules
        no longer give from one edited by hand, and the engine refuses to go on with a sheet
        of other rules until it is rebased (:func:`progression.rebase`). The fingerprint digests
        every table, curve, upgrade and name of the pack, and the names of its functions and operations
        (not where it was read from, nor the commands it offers the command line).
        """
        data = repr(attrs.evolve(self, source="", functions={}, operations={})) + repr(self.data)
        items = {u.id: u.items for u in self.upgrades.values() if u.items is not None}
        if items:  # only then: the fingerprints of packs without items stay what they were
            data += repr(items)
        # The same for the arguments and price factors (fields left out of an upgrade's repr).
        extras = {u.id: (dict(u.args), u.multiply) for u in self.upgrades.values() if u.args or u.multiply}
        if extras:
            data += repr(extras)
        awarded = {p.id: p.requires for p in self.pools.values() if p.requires is not None}
        if awarded:  # only then, as above: what a pool's awards require
            data += repr(awarded)
        if self.languages != LANGUAGES:  # only then, as above
            data += repr(self.languages)
        # The functions and operations the rules name; not the command line's declarations (a new command,
        # such as a printable roster, changes no rule and must not make every saved sheet "of other rules").
        names = ",".join(sorted(self.functions)) + ";" + ",".join(sorted(self.operations))
        digest = hashlib.sha256(f"{data}\n{names}".encode()).hexdigest()[:12]
        return f"{self.name} {self.version} {digest}"

    # -- lookups -------------------------------------------------------------------

    def _get(self, kind: str, table: Mapping[str, Any], ident: str) -> Any:
        """``table[ident]``; a refusal otherwise: :class:`InvalidInput` for an id that is no text (a None, a
        number: no id at all), :class:`UnknownName` for a text the pack does not define."""
        try:
            return table[ident]
        except (KeyError, TypeError):
            check_id(ident, kind, f"rule pack {self.name!r}")
            raise UnknownName(kind, ident, table, f"rule pack {self.name!r}") from None

    def _check_language(self, language: object) -> str:
        """``language`` when the pack declares it (``[pack] languages``); else :class:`InvalidInput` for one that
        is no text, :class:`UnknownName` for a code the pack does not declare, each listing those it does."""
        if not isinstance(language, str):
            msg = (
                f"expected a language code of rule pack {self.name!r}, one of {', '.join(self.languages)}; "
                f"got {came(language)}"
            )
            raise InvalidInput(msg)
        if language not in self.languages:
            raise UnknownName("language", language, self.languages, f"rule pack {self.name!r}")
        return language

    def curve(self, curve_id: str) -> Curve:
        """The curve ``curve_id``."""
        return self._get("curve", self.curves, curve_id)  # type: ignore[no-any-return]

    def ladder(self, ladder_id: str) -> Ladder:
        """The ladder ``ladder_id``."""
        return self._get("ladder", self.ladders, ladder_id)  # type: ignore[no-any-return]

    def upgrade(self, upgrade_id: str) -> Upgrade:
        """The upgrade ``upgrade_id``."""
        return self._get("upgrade", self.upgrades, upgrade_id)  # type: ignore[no-any-return]

    def kind(self, kind_id: str) -> Kind:
        """The kind of sheet ``kind_id``."""
        return self._get("kind of sheet", self.kinds, kind_id)  # type: ignore[no-any-return]

    def pool(self, pool_id: str) -> PoolSpec:
        """The pool ``pool_id``."""
        return self._get("pool", self.pools, pool_id)  # type: ignore[no-any-return]

    def function(self, name: str) -> Callable[..., Any]:
        """The pack's function registered as ``name``.

        A name of the old string contract (``"action.match"``) still finds its command's function, with a
        :class:`DeprecationWarning`: use :attr:`contract` (``pack.contract.get("actions", "match")``).
        """
        if type(name) is not str:
            check_id(name, "function", f"rule pack {self.name!r}")
        if name not in self.functions and _is_contract_key(name):
            found = dict(self.contract.entries()).get(name)
            if found is not None:
                import warnings

                warnings.warn(
                    f"RulePack.function({name!r}) is deprecated: the command-line functions are declared in "
                    f"RulePack.contract; use pack.contract.get(...) and call the declaration",
                    DeprecationWarning,
                    stacklevel=2,
                )
                return found.function if found.function is not None else found
        return self._get("function", self.functions, name)  # type: ignore[no-any-return]

    def label_of(self, ident: str) -> Label:
        """The displayed name of any id the pack defines; the id itself when it has none.

        Raises:
            InvalidInput: ``ident`` is not a text.
        """
        if type(ident) is not str:
            check_id(ident, "", f"rule pack {self.name!r}")
        label = self._labels.get(ident)
        return Label.same(ident) if label is None else label

    @functools.cached_property
    def _labels(self) -> Mapping[str, Label]:
        """Every id's displayed name, looked up once (a quote names its currency, and a refusal what it refuses):
        an upgrade's, a stat's, a pool's, a currency's, a ladder's or a kind's label, else the pack's name for it."""
        labels: dict[str, Label] = dict(self.names)
        for table in (self.kinds, self.ladders, self.currencies, self.pools, self.stats, self.upgrades):
            labels.update((ident, spec.label) for ident, spec in table.items())  # the first table above wins
        return labels

    def name_of(self, ident: str, language: str | None = None) -> str:
        """The displayed name of ``ident`` in ``language``; by default English, or the language a sentence being
        shown is written in (a quote asked with ``language=``).

        Raises:
            InvalidInput: ``ident`` or ``language`` is not a text.
            UnknownName: a language the pack does not declare (as :meth:`quote` refuses it).
        """
        if language is not None and language not in self.languages:  # a tuple of a few codes: the hot path
            self._check_language(language)
        return self.label_of(ident).in_language(language or spoken())

    def resolve(
        self, given: str, among: Sequence[str] | Mapping[str, str | Sequence[str]], *, last_words: bool = False
    ) -> str:
        """The id of ``among`` that ``given`` means: itself, or the one whose id or displayed name it is when
        written in another case or with spaces (``"Sneaky Git"`` for ``sneaky_git``), or, with ``last_words``,
        the one whose displayed name ends with the words given (``"lineman"`` for ``Human Lineman``); ``given``
        as it is when none or several fit. ``among`` may map ids to the name, or the names (one a language), to
        read them by, where the pack's names do not hold them."""
        return _quotes.resolve_choice(self, among, given, last_words=last_words)

    def closest(self, given: str, among: Sequence[str] | Mapping[str, str | Sequence[str]]) -> list[str]:
        """The ids of ``among`` whose id or displayed name is closest to ``given`` (at most three); ``among`` may
        map ids to their names as :meth:`resolve`'s does."""
        return _quotes.closest(self, among, given)

    def option_name(self, upgrade: str, option: str, language: str | None = None) -> str:
        """The displayed name of ``option``, a choice of ``upgrade``, in ``language`` (as :meth:`name_of`): the
        name the upgrade's ``options_named`` gives it (``General`` for Blood Bowl's category ``G``), else the
        option's own.

        Raises:
            UnknownName: ``upgrade`` is not one of the pack's.
            InvalidInput: ``option`` or ``language`` is not a text.
        """
        spec = self.upgrade(upgrade)
        if type(option) is not str:
            msg = f"expected a text as an option of {upgrade!r}, got {type(option).__name__} {option!r}"
            raise InvalidInput(msg)
        return _quotes.option_name(self, spec, option, language)

    # -- operations ----------------------------------------------------------------

    def new_sheet(
        self,
        kind: str,
        name: str = "",
        *,
        pools: Mapping[str, int] | None = None,
        stats: Mapping[str, int] | None = None,
        owned: Mapping[str, int] | None = None,
        tags: Mapping[str, str] | None = None,
    ) -> Sheet:
        """A new sheet of ``kind``: every pool of the kind at 0 and stats at their initial values,
        overridden by the arguments (the :class:`~progression.operations.Create` operation).

        A stat given here must be within its declared ``minimum`` and ``maximum``: a sheet that starts outside
        them cannot mean what its pack says. The bounds are checked here, where a caller's values come in,
        not by the creation operation, which ``verify`` runs again on every saved sheet: a sheet made before
        still verifies, and a pack's own code that starts a sheet outside a bound on purpose runs the creation
        itself (:func:`progression.operations.start_sheet`).

        Raises:
            InvalidInput: a pool or stat the kind does not have, a value of the wrong type, a pool over its cap
                (read on the new sheet's own stats and pools), a stat outside its minimum and maximum, a blank
                ``name`` (spaces alone; ``""`` is no name).
        """
        if isinstance(name, str) and name and not name.strip():  # a caller's name, as a reason is: blank names nothing
            msg = (
                f"expected a name that is not blank as the name of a new {kind} sheet, got {name!r}; "
                "give none (name='') for a sheet without a name"
            )
            raise InvalidInput(msg)
        given = {"pools": pools, "stats": stats, "owned": owned, "tags": tags}
        for what, value in given.items():
            if value is not None and not isinstance(value, Mapping):
                msg = f"expected a mapping of names to values as the {what} of a new {kind} sheet, got {type(value).__name__}"
                raise InvalidInput(msg)
        sheet = start_sheet(self, Create(kind=kind, name=name, **{k: v for k, v in given.items() if v is not None}))
        for stat in stats or ():  # each a stat of the kind, an integer: the creation checked them
            spec, start = self.stats[stat], sheet.stats[stat]
            if spec.maximum is not None and start > spec.maximum:
                msg = f"stat {stat!r} of a new {kind} sheet is at most its maximum of {spec.maximum}, got {start}"
                raise InvalidInput(msg)
            if spec.minimum is not None and start < spec.minimum:
                msg = f"stat {stat!r} of a new {kind} sheet is at least its minimum of {spec.minimum}, got {start}"
                raise InvalidInput(msg)
        return sheet

    def award(self, sheet: Sheet, pool: str, amount: int, *, reason: str, member: str | None = None) -> Sheet:
        """Put ``amount`` points into ``pool``, applying its cap and overflow policy."""
        return run(self, sheet, Award(pool=pool, amount=amount, reason=reason, member=member))[0]

    def quote(
        self,
        sheet: Sheet,
        upgrade: str,
        *,
        choice: str | None = None,
        pay: Mapping[str, int] | None = None,
        member: str | None = None,
        args: Mapping[str, object] | None = None,
        language: str | None = None,
    ) -> Quote:
        """The price of a purchase, how it would be paid, and every reason it would be refused; ``args``
        are the purchase's arguments, as the upgrade declares them (``{"out_of_career": True}``). A choice
        may be an option's displayed name, or its id in another case (:meth:`resolve`); so may each pool of
        ``pay`` (``{"Bonus XP": 50, "xp": 30}``), the split the buyer asks for. ``language``, one the
        pack declares, is the one the quote's label and sentences name things in (English by default).

        Raises:
            InvalidInput: a language that is not a text; a ``pay`` naming one pool twice.
            UnknownName: a language the pack does not declare; a pool of ``pay`` the pack does not define (a pool
                it defines that does not pay for the upgrade is a violation of the quote, not a refusal).
        """
        if type(sheet) is not Sheet or type(upgrade) is not str:  # what every quote of a league's season gives
            check_sheet(sheet, "the sheet to quote for")
            check_id(upgrade, "upgrade", "quote")
        if args is not None and not isinstance(args, Mapping):
            msg = f"args must map names to values, got {type(args).__name__}"
            raise InvalidInput(msg)
        if language is not None and language not in self.languages:
            self._check_language(language)
        return _quotes.quote(
            self, sheet, upgrade, choice=choice, pay=pay, member=member, args=args, resolve=True, language=language
        )

    def _choice(self, sheet: Sheet, upgrade: str, choice: str | None, member: str | None) -> str | None:
        """The option a choice means (an id written as its displayed name), for a purchase to record the id."""
        spec = self.upgrades.get(upgrade) if isinstance(upgrade, str) else None
        if not isinstance(choice, str) or spec is None or not spec.takes_choice or choice in (spec.items or ()):
            return choice
        if _quotes.quoted_option(self, sheet, upgrade, choice, member):  # the caller has just quoted this option
            return choice
        try:
            if _quotes.offers(self, sheet, upgrade, choice, member=member):
                return choice
            offered = _quotes.options(self, sheet, upgrade, member=member)
        except ProgressionError:  # the quote refuses what cannot be listed, with its reason
            return choice
        return _quotes.resolve_choice(self, _quotes.named_options(self, spec, offered), choice)

    def purchase(
        self,
        sheet: Sheet,
        upgrade: str,
        *,
        choice: str | None = None,
        pay: Mapping[str, int] | None = None,
        member: str | None = None,
        dice: Dice | None = None,
        decisions: Sequence[str] = (),
        override: str | None = None,
        bypass: Collection[str] = (),
        args: Mapping[str, object] | None = None,
    ) -> Sheet:
        """Buy ``upgrade``: a new sheet, or an error with nothing changed.

        A procedure that asks a question with no decision given pauses; answer it
        with :meth:`decide`. ``override`` (the reason, written down) with ``bypass``
        (violation keys such as ``"requires"``) lets a GM waive named requirements; each key must name something
        the purchase breaks (:class:`~progression.errors.InvalidInput` otherwise: a waiver of nothing is not
        recorded; one that 0.1.0 recorded still verifies, amends and rebases). ``pay`` splits the price
        between pools, each by its id or displayed name as :meth:`quote` reads them; the ledger keeps their ids.

        Raises:
            InvalidInput: an upgrade id that is not a text, dice that are not dice (used or not).
            UnknownName: a pool of ``pay`` the pack does not define.
            PurchaseError: the rules refuse the purchase; nothing changed.
        """
        if type(upgrade) is not str:
            check_id(upgrade, "upgrade", "purchase")
        if isinstance(decisions, str):
            msg = f"decisions must be a list of texts, got the text {decisions!r}; pass [{decisions!r}]"
            raise InvalidInput(msg)
        if args is not None and not isinstance(args, Mapping):
            msg = f"args must map names to values, got {type(args).__name__}"
            raise InvalidInput(msg)
        operation = Purchase(
            upgrade=upgrade,
            choice=self._choice(sheet, upgrade, choice, member),
            pay=None if pay is None else _payment.pools_paying(self, pay),  # recorded by the pools' ids
            member=member,
            decisions=decisions,
            override=override,
            bypass=(bypass,) if isinstance(bypass, str) else tuple(bypass),
            args=args or {},
        )
        return run(self, sheet, operation, dice)[0]

    def decide(self, sheet: Sheet, choice: str, *, member: str | None = None, dice: Dice | None = None) -> Sheet:
        """Answer the question a paused procedure asked (by an option's id, or its displayed name in any case),
        and let it run on."""
        waiting = (sheet if member is None or member not in sheet.members else sheet.members[member]).pending
        if isinstance(choice, str) and waiting is not None and waiting.question is not None:
            choice = self.resolve(choice, waiting.question[1])  # the entry records the option's id
        return run(self, sheet, Decide(choice=choice, member=member), dice)[0]

    def discard(
        self, sheet: Sheet, pool: str, *, reason: str = "surplus discarded", member: str | None = None
    ) -> Sheet:
        """Lose the surplus a pool holds over its cap (the ``settle`` policy's way out)."""
        return run(self, sheet, Discard(pool=pool, reason=reason, member=member))[0]

    def adjust(self, sheet: Sheet, effect: Effect, *, reason: str, member: str | None = None) -> Sheet:
        """Apply an effect that is not a purchase (an injury, a status, a correction), with its reason."""
        if not isinstance(effect, Effect):
            msg = f"expected an Effect as the effect to adjust, got {came(effect)}"
            raise InvalidInput(msg)
        return run(self, sheet, Adjust(effect=effect, reason=reason, member=member))[0]

    def surplus(self, sheet: Sheet) -> Mapping[str, int]:
        """Points held over a cap, by pool (only pools whose policy lets surplus wait).

        Raises:
            InvalidInput: ``sheet`` is not a sheet of this pack.
        """
        return _payment.surplus(self, self._own(sheet, "the sheet whose surplus is read"))

    def cap(self, sheet: Sheet, pool: str) -> int | None:
        """The cap of ``pool`` on this sheet now, or None.

        Raises:
            InvalidInput: ``sheet`` is not a sheet of this pack, ``pool`` not a text.
            UnknownName: a pool the pack does not define.
        """
        checked = self._own(sheet, "the sheet whose cap is read")
        return _payment.cap_of(self, checked, check_id(pool, "pool", "cap"))

    def options(self, sheet: Sheet, upgrade: str, *, member: str | None = None) -> tuple[str, ...]:
        """The choices a buyer may give for ``upgrade`` (empty when it takes none).

        Raises:
            InvalidInput: ``sheet`` is not a sheet of this pack, ``upgrade`` not a text.
            UnknownName: an upgrade the pack does not define.
        """
        checked = self._own(sheet, "the sheet whose options are listed")
        return _quotes.options(self, checked, check_id(upgrade, "upgrade", "options"), member=member)

    def available(self, sheet: Sheet, *, member: str | None = None) -> tuple[Quote, ...]:
        """A quote for every upgrade the sheet's kind may buy that takes no choice.

        Raises:
            InvalidInput: ``sheet`` is not a sheet of this pack.
        """
        return _quotes.available(self, self._own(sheet, "the sheet whose purchases are quoted"), member=member)

    def _own(self, sheet: object, where: str) -> Sheet:
        """``sheet`` when it is a sheet of this pack; else a refusal saying what it was given as and what came (a
        sheet of another pack named with its pack: what this pack would list or price for it means nothing)."""
        checked = check_sheet(sheet, where)
        if checked.pack == self.name:
            return checked
        raise InvalidInput(wrong_sheet(checked, where, pack=self.name))
