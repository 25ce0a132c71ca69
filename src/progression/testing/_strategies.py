"""Hypothesis strategies for the parts of a rule pack: curves, ladders, upgrades and dice scripts.

Written by hand rather than with ``st.builds``: ``st.builds`` ignores attrs validators
and the checks curves make of themselves, so it would build curves that the library refuses
or, worse, curves that break what they declare. Every value drawn here is valid and keeps
every promise it makes.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st

from progression._labels import Label
from progression.curves.closed import Beyond, LinearCurve, PolynomialCurve, SteppedCurve, TableCurve
from progression.curves.curve import Curve
from progression.engine.dice import ScriptedDice
from progression.errors import InvalidInput
from progression.requirements.ladders import Band, Ladder
from progression.requirements.predicates import AtLeast, AtMost, Not, Owns, Requirement
from progression.rules.parts import CostRule, CurveCost, Effect, FixedCost, Limit, Upgrade

__all__ = [
    "curves",
    "dice_scripts",
    "labels",
    "ladders",
    "linear_curves",
    "polynomial_curves",
    "slugs",
    "stepped_curves",
    "table_curves",
    "upgrades",
]

_FIRST = "abcdefghijklmnopqrstuvwxyz"
_REST = _FIRST + "0123456789_"
_BEYONDS: tuple[Beyond, ...] = ("error", "clamp", "extrapolate")


def _whole(value: object, what: str, least: int) -> None:
    """Refuse a size or bound of a strategy that is no whole number, or less than ``least``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        msg = f"expected a whole number >= {least} as {what}, got {value!r:.60}"
        raise InvalidInput(msg)


def slugs(max_size: int = 12) -> st.SearchStrategy[str]:
    """Ids as packs write them: a lowercase letter, then letters, digits and underscores.

    Raises:
        InvalidInput: ``max_size`` is no whole number >= 1.
    """
    _whole(max_size, "the max_size of the ids drawn", 1)
    return st.builds(lambda head, tail: head + tail, st.sampled_from(_FIRST), st.text(_REST, max_size=max_size - 1))


def labels() -> st.SearchStrategy[Label]:
    """Displayed names with a non-empty English and French text."""
    text = st.text(st.characters(codec="utf-8", categories=("L", "N", "Zs")), min_size=1, max_size=20)
    return st.builds(Label, en=text, fr=text)


def _flag(draw: st.DrawFn, declared: bool | None) -> bool:
    return draw(st.booleans()) if declared is None else declared


def _name(draw: st.DrawFn, name: str | None) -> str:
    return draw(slugs()) if name is None else name


@st.composite
def linear_curves(
    draw: st.DrawFn,
    *,
    name: str | None = None,
    non_negative: bool | None = True,
    non_decreasing: bool | None = True,
    max_value: int = 1000,
) -> LinearCurve:
    """Linear curves (``base + step·(n − 1)``) that keep what they declare.

    Args:
        name: the curve's name; drawn when None.
        non_negative, non_decreasing: what the curve declares; None draws it.
        max_value: the largest magnitude of ``base`` and ``step``.
    """
    nn, nd = _flag(draw, non_negative), _flag(draw, non_decreasing)
    base = draw(st.integers(0 if nn else -max_value, max_value))
    step = draw(st.integers(0 if nn or nd else -max_value, max_value))
    return LinearCurve(name=_name(draw, name), base=base, step=step, non_negative=nn, non_decreasing=nd)


@st.composite
def stepped_curves(
    draw: st.DrawFn,
    *,
    name: str | None = None,
    non_negative: bool | None = True,
    non_decreasing: bool | None = True,
    max_value: int = 1000,
    max_width: int = 50,
) -> SteppedCurve:
    """Stepped curves (``ceil(n / width)·unit``) that keep what they declare."""
    nn, nd = _flag(draw, non_negative), _flag(draw, non_decreasing)
    width = draw(st.integers(1, max_width))
    unit = draw(st.integers(0 if nn or nd else -max_value, max_value))
    return SteppedCurve(name=_name(draw, name), width=width, unit=unit, non_negative=nn, non_decreasing=nd)


@st.composite
def table_curves(
    draw: st.DrawFn,
    *,
    name: str | None = None,
    beyond: Beyond | None = None,
    non_negative: bool | None = True,
    non_decreasing: bool | None = True,
    max_value: int = 1000,
    max_size: int = 20,
) -> TableCurve:
    """Table curves, with each ``beyond`` policy, that keep what they declare for ever.

    A table that extrapolates keeps its last difference past its end, so a table declared
    non-negative here never ends on a falling step (it would go below zero further on).
    """
    nn, nd = _flag(draw, non_negative), _flag(draw, non_decreasing)
    past = draw(st.sampled_from(_BEYONDS)) if beyond is None else beyond
    values = draw(st.lists(st.integers(0 if nn else -max_value, max_value), min_size=1, max_size=max_size))
    if nd:
        values.sort()
    if nn and past == "extrapolate" and len(values) >= 2 and values[-1] < values[-2]:
        values[-2], values[-1] = values[-1], values[-2]
    return TableCurve(name=_name(draw, name), values=values, beyond=past, non_negative=nn, non_decreasing=nd)


@st.composite
def polynomial_curves(
    draw: st.DrawFn,
    *,
    name: str | None = None,
    non_negative: bool | None = True,
    non_decreasing: bool | None = True,
    max_value: int = 100,
    max_degree: int = 3,
) -> PolynomialCurve:
    """Polynomial curves (``Σ cᵢ·nⁱ``) that keep what they declare at every step.

    A declared property is kept by the signs of the coefficients: all of them >= 0 for a
    non-negative curve, all but the constant one >= 0 for a non-decreasing one.
    """
    nn, nd = _flag(draw, non_negative), _flag(draw, non_decreasing)
    size = draw(st.integers(1, max_degree + 1))
    low = 0 if nn else -max_value
    constant = draw(st.integers(low, max_value))
    rest = draw(st.lists(st.integers(0 if nn or nd else -max_value, max_value), min_size=size - 1, max_size=size - 1))
    return PolynomialCurve(name=_name(draw, name), coefficients=(constant, *rest), non_negative=nn, non_decreasing=nd)


def curves(
    *,
    name: str | None = None,
    non_negative: bool | None = True,
    non_decreasing: bool | None = True,
) -> st.SearchStrategy[Curve]:
    """A curve of any closed-form family: table (each ``beyond``), linear, stepped, polynomial.

    Args:
        name: the curve's name; drawn when None.
        non_negative, non_decreasing: what the curve declares (and keeps); None draws it.
    """
    nn, nd = non_negative, non_decreasing
    families: list[st.SearchStrategy[Curve]] = [
        *(table_curves(name=name, beyond=past, non_negative=nn, non_decreasing=nd) for past in _BEYONDS),
        linear_curves(name=name, non_negative=nn, non_decreasing=nd),
        stepped_curves(name=name, non_negative=nn, non_decreasing=nd),
        polynomial_curves(name=name, non_negative=nn, non_decreasing=nd),
    ]
    return st.one_of(families)


def ladders(
    *,
    axis: str = "level",
    min_bands: int = 1,
    max_bands: int = 5,
    max_width: int = 20,
    open_top: bool | None = None,
) -> st.SearchStrategy[Ladder]:
    """Ladders of bands that touch, from a drawn lowest value, with or without an open top.

    Args:
        axis: the quantity the bands are read on.
        min_bands, max_bands: how many bands.
        max_width: the widest a closed band may be.
        open_top: whether the last band has no top; None draws it.

    Raises:
        InvalidInput: a count or width that is no whole number >= 1, or ``max_bands`` below ``min_bands``.
    """
    _whole(min_bands, "the min_bands of the ladders drawn", 1)
    _whole(max_bands, "the max_bands of the ladders drawn", 1)
    _whole(max_width, "the max_width of the ladders drawn", 1)
    if max_bands < min_bands:
        msg = f"expected 1 <= min_bands <= max_bands of the ladders drawn, got {min_bands} and {max_bands}"
        raise InvalidInput(msg)
    return _ladders(axis=axis, min_bands=min_bands, max_bands=max_bands, max_width=max_width, open_top=open_top)


@st.composite
def _ladders(
    draw: st.DrawFn, *, axis: str, min_bands: int, max_bands: int, max_width: int, open_top: bool | None
) -> Ladder:
    ids = draw(st.lists(slugs(), min_size=min_bands, max_size=max_bands, unique=True))
    low = draw(st.integers(0, 10))
    top_open = draw(st.booleans()) if open_top is None else open_top
    bands = []
    for index, ident in enumerate(ids):
        last = index == len(ids) - 1
        high = None if last and top_open else low + draw(st.integers(0, max_width - 1))
        bands.append(Band(id=ident, label=draw(labels()), low=low, high=high))
        low = (high or low) + 1
    return Ladder(id=draw(slugs()), label=draw(labels()), axis=axis, bands=bands)


def _requirements(quantities: Sequence[str]) -> st.SearchStrategy[Requirement]:
    names = st.sampled_from(quantities)
    small = st.integers(0, 10)
    atoms: st.SearchStrategy[Requirement] = st.one_of(
        st.builds(AtLeast, quantity=names, value=small),
        st.builds(AtMost, quantity=names, value=small),
        st.builds(Owns, item=names, count=st.integers(1, 3)),
    )
    return st.one_of(atoms, st.builds(Not, item=atoms))


def upgrades(
    *,
    pools: Sequence[str],
    quantities: Sequence[str] = (),
    curves: Sequence[str] = (),
    kinds: Sequence[str] = (),
    max_price: int = 100,
) -> st.SearchStrategy[Upgrade]:
    """Upgrades paid from some of ``pools``, priced by a fixed amount or one of ``curves``.

    Args:
        pools: the pools an upgrade may be paid from (at least one).
        quantities: stats and items its requirement, effect and curve axis may name.
        curves: curve names a price may follow (read on one of ``quantities``).
        kinds: the kinds of sheet it may be restricted to.
        max_price: the largest fixed price.

    Raises:
        InvalidInput: no pool, one id where a list of them goes (``pools="xp"``), or a ``max_price`` that is no
            whole number >= 0.
    """
    for keyword, ids in (("pools", pools), ("quantities", quantities), ("curves", curves), ("kinds", kinds)):
        if isinstance(ids, str):  # read letter by letter, it would name ids no pack has
            msg = f"expected a list of ids as {keyword} of the upgrades drawn, got str {ids!r}; pass [{ids!r}]"
            raise InvalidInput(msg)
    if not pools:
        msg = "expected at least one pool for the upgrades drawn to pay from, got none"
        raise InvalidInput(msg)
    _whole(max_price, "the max_price of the upgrades drawn", 0)
    return _upgrades(
        pools=tuple(pools), quantities=tuple(quantities), curves=tuple(curves), kinds=tuple(kinds), max_price=max_price
    )


@st.composite
def _upgrades(
    draw: st.DrawFn,
    *,
    pools: tuple[str, ...],
    quantities: tuple[str, ...],
    curves: tuple[str, ...],
    kinds: tuple[str, ...],
    max_price: int,
) -> Upgrade:
    ident = draw(slugs())
    paying = draw(st.lists(st.sampled_from(pools), min_size=1, max_size=len(pools), unique=True))
    cost: CostRule = FixedCost(amount=draw(st.integers(0, max_price)))
    follows_curve = draw(st.booleans())
    if curves and quantities and follows_curve:
        cost = CurveCost(curve=draw(st.sampled_from(curves)), axis=draw(st.sampled_from(quantities)))
    requires = draw(st.none() | _requirements(quantities)) if quantities else None
    stats = draw(st.dictionaries(st.sampled_from(quantities), st.integers(-3, 3), max_size=3)) if quantities else {}
    effect = Effect(stats=stats, grants={ident: 1})
    times = draw(st.none() | st.integers(1, 5))
    restricted = draw(st.lists(st.sampled_from(kinds), unique=True, max_size=len(kinds))) if kinds else []
    return Upgrade(
        id=ident,
        label=draw(labels()),
        pools=paying,
        cost=cost,
        requires=requires,
        effect=effect,
        limit=Limit(times=times),
        kinds=restricted,
    )


def dice_scripts(sides: int = 6, *, min_size: int = 0, max_size: int = 30) -> st.SearchStrategy[ScriptedDice]:
    """Fresh :class:`~progression.ScriptedDice` whose results all fit a die of ``sides`` sides.

    Raises:
        InvalidInput: fewer than 2 sides, or a size that is no whole number (``max_size`` at least ``min_size``).
    """
    if isinstance(sides, bool) or not isinstance(sides, int) or sides < 2:
        msg = f"expected at least 2 sides of the die of the dice scripts drawn, got {sides!r}"
        raise InvalidInput(msg)
    _whole(min_size, "the min_size of the dice scripts drawn", 0)
    _whole(max_size, f"the max_size of the dice scripts drawn (at least their min_size, {min_size})", min_size)
    return st.lists(st.integers(1, sides), min_size=min_size, max_size=max_size).map(ScriptedDice)
