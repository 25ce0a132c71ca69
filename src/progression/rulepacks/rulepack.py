"""Rule packs: everything a ruleset defines, and the operations that apply it to sheets."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from progression._frozen import freeze
from progression._labels import Label
from progression.curves.curve import Curve
from progression.engine import changes as _awards
from progression.engine import payment as _payment
from progression.engine import purchases as _purchases
from progression.engine import quotes as _quotes
from progression.errors import UnknownName
from progression.requirements.ladders import Ladder
from progression.rules.parts import Currency, Effect, Kind, PoolSpec, StatSpec, Upgrade

if TYPE_CHECKING:
    from progression.engine.dice import Dice
    from progression.engine.quotes import Quote
    from progression.ledger.sheet import Sheet

__all__ = ["RulePack"]


def _by_id(items: Iterable[Any] | Mapping[str, Any]) -> Mapping[str, Any]:
    # A mapping is already keyed (``attrs.evolve`` passes the pack's own tables back in).
    values: Iterable[Any] = items.values() if isinstance(items, Mapping) else items
    return freeze({item.id: item for item in values})


def _by_name(curves: Iterable[Curve] | Mapping[str, Curve]) -> Mapping[str, Curve]:
    values: Iterable[Curve] = curves.values() if isinstance(curves, Mapping) else curves
    return freeze({curve.name: curve for curve in values})


@attrs.frozen(kw_only=True)
class RulePack:
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
    #: The pack's named functions (curves, costs, requirements, procedures, options).
    functions: Mapping[str, Callable[..., Any]] = attrs.field(factory=dict, converter=freeze, repr=False)

    # -- lookups -------------------------------------------------------------------

    def _get(self, kind: str, table: Mapping[str, Any], ident: str) -> Any:
        try:
            return table[ident]
        except (KeyError, TypeError):
            raise UnknownName(kind, ident, table, f"rule pack {self.name!r}") from None

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
        """The pack's function registered as ``name``."""
        return self._get("function", self.functions, name)  # type: ignore[no-any-return]

    def label_of(self, ident: str) -> Label:
        """The displayed name of any id the pack defines; the id itself when it has none."""
        for table in (self.upgrades, self.stats, self.pools, self.currencies, self.ladders, self.kinds):
            if ident in table:
                label: Label = table[ident].label
                return label
        if ident in self.names:
            return self.names[ident]
        return Label.same(ident)

    def name_of(self, ident: str, language: str = "en") -> str:
        """The displayed name of ``ident`` in ``language``."""
        return self.label_of(ident).in_language(language)

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
        overridden by the arguments."""
        return _awards.new_sheet(self, kind, name, pools=pools, stats=stats, owned=owned, tags=tags)

    def award(self, sheet: Sheet, pool: str, amount: int, *, reason: str, member: str | None = None) -> Sheet:
        """Put ``amount`` points into ``pool``, applying its cap and overflow policy."""
        return _awards.award(self, sheet, pool, amount, reason=reason, member=member)

    def quote(
        self,
        sheet: Sheet,
        upgrade: str,
        *,
        choice: str | None = None,
        pay: Mapping[str, int] | None = None,
        member: str | None = None,
    ) -> Quote:
        """The price of a purchase, how it would be paid, and every reason it would be refused."""
        return _quotes.quote(self, sheet, upgrade, choice=choice, pay=pay, member=member)

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
        (violation keys such as ``"requires"``) lets a GM waive named requirements.
        """
        return _purchases.purchase(
            self,
            sheet,
            upgrade,
            choice=choice,
            pay=pay,
            member=member,
            dice=dice,
            decisions=decisions,
            override=override,
            bypass=bypass,
            args=args,
        )

    def decide(self, sheet: Sheet, choice: str, *, member: str | None = None, dice: Dice | None = None) -> Sheet:
        """Answer the question a paused procedure asked, and let it run on."""
        return _purchases.decide(self, sheet, choice, member=member, dice=dice)

    def discard(
        self, sheet: Sheet, pool: str, *, reason: str = "surplus discarded", member: str | None = None
    ) -> Sheet:
        """Lose the surplus a pool holds over its cap (the ``settle`` policy's way out)."""
        return _awards.discard(self, sheet, pool, reason=reason, member=member)

    def adjust(self, sheet: Sheet, effect: Effect, *, reason: str, member: str | None = None) -> Sheet:
        """Apply an effect that is not a purchase (an injury, a status, a correction), with its reason."""
        return _awards.adjust(self, sheet, effect, reason=reason, member=member)

    def surplus(self, sheet: Sheet) -> Mapping[str, int]:
        """Points held over a cap, by pool (only pools whose policy lets surplus wait)."""
        return _payment.surplus(self, sheet)

    def cap(self, sheet: Sheet, pool: str) -> int | None:
        """The cap of ``pool`` on this sheet now, or None."""
        return _payment.cap_of(self, sheet, pool)

    def options(self, sheet: Sheet, upgrade: str, *, member: str | None = None) -> tuple[str, ...]:
        """The choices a buyer may give for ``upgrade`` (empty when it takes none)."""
        return _quotes.options(self, sheet, upgrade, member=member)

    def available(self, sheet: Sheet, *, member: str | None = None) -> tuple[Quote, ...]:
        """A quote for every upgrade the sheet's kind may buy that takes no choice."""
        return _quotes.available(self, sheet, member=member)
