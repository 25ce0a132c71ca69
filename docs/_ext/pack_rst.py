"""Render a rule pack as a reStructuredText reference page.

Everything on the page is read from the loaded :class:`progression.RulePack`, so the
page cannot drift from the pack's TOML. Names are shown in English and French. Free
data tables are rendered generically: a mapping of records becomes one table, a record
holding a list of records becomes its fields followed by a table of the list.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import progression
import progression.curves
from progression import RulePack
from progression.authoring import CurveCost
from progression.curves import FunctionCurve, LinearCurve, PolynomialCurve, SteppedCurve, TableCurve
from progression.errors import ProgressionError
from progression.requirements import (
    AllOf,
    AnyOf,
    AtLeast,
    AtMost,
    GivenArg,
    HasTag,
    Not,
    Owns,
    OwnsAmong,
    Predicate,
    Requirement,
)

__all__ = ["CURVE_ROWS", "HEADINGS", "describe_requirement", "escape", "render_pack"]

#: Section underline characters, outermost first.
HEADINGS = "=-~^\"'`"
#: How many steps of each curve the page lists.
CURVE_ROWS = 10

#: A function that gives the image (relative to the page) of a curve's plot, or None.
PlotFor = Callable[[str], str | None]


def escape(text: object) -> str:
    r"""Text made safe for a reST paragraph or table cell.

    >>> escape("a*b_|c")
    'a\\*b\\_\\|c'
    >>> escape(">>> 1")
    '>\\>> 1'
    """
    out = str(text).replace("\\", "\\\\")
    for char in "*`_|":
        out = out.replace(char, "\\" + char)
    # A line starting with ">>>" would be a doctest to pytest, which collects these pages.
    return " ".join(out.replace(">>>", ">\\>>").split())


class Page:
    """Lines of reST being written, with headings that nest."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def heading(self, text: str, level: int, *, literal: bool = False) -> None:
        title = f"``{text}``" if literal else escape(text)
        if level >= len(HEADINGS):
            self.lines += [f".. rubric:: {title}", ""]
            return
        self.lines += [title, HEADINGS[level] * max(len(title), 1), ""]

    def para(self, text: str) -> None:
        self.lines += [text, ""]

    def table(self, header: Sequence[str], rows: Iterable[Sequence[str]]) -> None:
        """A list-table; cells are already escaped."""
        body = [list(row) for row in rows]
        if not body:
            return
        self.lines += [".. list-table::", "   :header-rows: 1", ""]
        for row in [list(header), *body]:
            for index, cell in enumerate(row):
                lead = "   * - " if index == 0 else "     - "
                self.lines.append(lead + (cell or ""))
        self.lines.append("")

    def text(self) -> str:
        while self.lines and not self.lines[-1]:
            self.lines.pop()
        return "\n".join(line.rstrip() for line in self.lines) + "\n"


# -- small helpers ------------------------------------------------------------------


def _lit(ident: object) -> str:
    return f"``{ident}``" if str(ident) else ""


def _names(pack: RulePack, ident: str) -> tuple[str, str]:
    label = pack.label_of(ident)
    return escape(label.en), escape(label.fr)


def _is_label(value: object) -> bool:
    return isinstance(value, Mapping) and set(value) == {"en", "fr"}


def _name(pack: RulePack, ident: str) -> str:
    return pack.name_of(ident)


def describe_requirement(pack: RulePack, requirement: Requirement) -> str:
    """What a requirement asks, in plain words, with its custom message if it has one."""
    text = _structure(pack, requirement)
    if requirement.message:
        text += f" (message: “{requirement.message}”)"
    return text


def _requires(pack: RulePack, requirement: Requirement | None) -> str:
    """A table cell of what a requirement asks (:func:`describe_requirement`, escaped); empty for none."""
    return "" if requirement is None else escape(describe_requirement(pack, requirement))


def _structure(pack: RulePack, req: Requirement) -> str:
    if isinstance(req, AtLeast):
        return f"{_name(pack, req.quantity)} ≥ {req.value}"
    if isinstance(req, AtMost):
        return f"{_name(pack, req.quantity)} ≤ {req.value}"
    if isinstance(req, Owns):
        return f"owns {_name(pack, req.item)}" + (f" ×{req.count}" if req.count != 1 else "")
    if isinstance(req, OwnsAmong):
        return f"owns {req.count} {req.what} among {', '.join(_name(pack, i) for i in req.among)}"
    if isinstance(req, AllOf):
        return "; ".join(_structure(pack, item) for item in req.items) or "nothing"
    if isinstance(req, AnyOf):
        return "one of: " + " | ".join(_structure(pack, item) for item in req.items)
    if isinstance(req, Not):
        return f"not ({_structure(pack, req.item)})"
    if isinstance(req, Predicate):
        args = ", ".join(f"{k}={v!r}" for k, v in req.args.items())
        return f"function {req.function}({args})"
    if isinstance(req, HasTag):
        if req.value is not None:
            return f"{_name(pack, req.tag)} = {_name(pack, req.value)}"
        if req.among:
            return f"{_name(pack, req.tag)} among {', '.join(_name(pack, v) for v in req.among)}"
        return f"a {_name(pack, req.tag)}"
    if isinstance(req, GivenArg):
        return f"bought with {req.arg}" + ("" if req.value is True else f" = {req.value!r}")
    return type(req).__name__


def _first_line(function: Callable[..., Any]) -> str:
    doc = inspect.getdoc(function) or ""
    return doc.strip().splitlines()[0] if doc.strip() else ""


# -- the sections of the core vocabulary ---------------------------------------------


def _currencies(page: Page, pack: RulePack) -> None:
    page.heading("Currencies", 1)
    page.table(["id", "English", "French"], ([_lit(i), *_names(pack, i)] for i in pack.currencies))


def _pools(page: Page, pack: RulePack) -> None:
    page.heading("Pools", 1)
    rows = []
    for ident, pool in pack.pools.items():
        cap = escape(_name(pack, pool.cap)) if isinstance(pool.cap, str) else _opt(pool.cap) or "none"
        spend = ", ".join(escape(_name(pack, u)) for u in pool.auto_spend)
        requires = _requires(pack, pool.requires)
        rows.append([_lit(ident), *_names(pack, ident), _lit(pool.currency), cap, pool.overflow, spend, requires])
    page.table(["id", "English", "French", "currency", "cap", "overflow", "auto spend", "an award requires"], rows)


def _stats(page: Page, pack: RulePack) -> None:
    """Each stat with its bounds, written as the pack writes the stat (``3+``, ``-``, ``50,000 gp``)."""
    page.heading("Stats", 1)
    page.para(
        "A new sheet starts each stat at *initial*, unless what makes it gives another value (such as a "
        "position's profile); no change takes it below *minimum* or past *maximum*."
    )
    rows = [
        [
            _lit(i),
            *_names(pack, i),
            *(escape(s.written(v)) if v is not None else "" for v in (s.initial, s.minimum, s.maximum)),
        ]
        for i, s in pack.stats.items()
    ]
    page.table(["id", "English", "French", "initial", "minimum", "maximum"], rows)


def _opt(value: object) -> str:
    return "" if value is None else escape(value)


def curve_formula(curve: progression.curves.Curve) -> str:
    """The family of a curve and its parameters, as a sentence."""
    if isinstance(curve, TableCurve):
        return f"table of {len(curve.values)} prices; past the end: {curve.beyond}"
    if isinstance(curve, LinearCurve):
        return f"linear: step *n* costs {curve.base} + {curve.step}·(*n* − 1)"
    if isinstance(curve, SteppedCurve):
        # ``⌈`` is no punctuation that may open inline markup: escaped spaces (which vanish) let *n* be italic.
        return f"stepped: step *n* costs ⌈\\ *n* / {curve.width}⌉ · {curve.unit}"
    if isinstance(curve, PolynomialCurve):
        terms = [f"{c}·n^{i}" if i > 1 else f"{c}·n" if i == 1 else f"{c}" for i, c in enumerate(curve.coefficients)]
        return "polynomial: step *n* costs " + escape(" + ".join(terms))
    if isinstance(curve, FunctionCurve):
        return f"the pack's function ``{curve.function}``"
    return type(curve).__name__


def shown_steps(curve: progression.curves.Curve, count: int = CURVE_ROWS) -> list[int]:
    """The steps a page lists: the first ``count``, or for a stepped curve whose price holds for
    several steps, the first step and the two sides of each of the first ``count // 2`` price changes."""
    if isinstance(curve, SteppedCurve) and curve.width * 2 > count:
        edges = {1} | {k * curve.width + d for k in range(1, count // 2) for d in (0, 1)}
        return sorted(edges)
    last = curve.last_step
    return list(range(1, (count if last is None else min(count, last)) + 1))


def curve_rows(
    curve: progression.curves.Curve, count: int = CURVE_ROWS
) -> tuple[list[tuple[int, int, int]], str | None]:
    """Rows ``(step, cost, total)`` of the steps a page lists, and why they stopped early (or None)."""
    rows = []
    for step in shown_steps(curve, count):
        try:
            rows.append((step, curve.cost(step), curve.total(step)))
        except ProgressionError as error:
            return rows, str(error)
    return rows, None


def _curves(page: Page, pack: RulePack, plot_for: PlotFor) -> None:
    page.heading("Curves", 1)
    for ident, curve in pack.curves.items():
        page.heading(ident, 2, literal=True)
        if curve.label is not None:
            page.para(f"{escape(curve.label.en)} / {escape(curve.label.fr)}")
        facts = [curve_formula(curve)]
        facts.append("defined for every step" if curve.last_step is None else f"steps 1 to {curve.last_step}")
        if not curve.non_negative:
            facts.append("may cost less than zero")
        if not curve.non_decreasing:
            facts.append("not declared non-decreasing")
        users = [u for u in pack.upgrades.values() if isinstance(u.cost, CurveCost) and u.cost.curve == ident]
        if users:
            facts.append("prices " + ", ".join(escape(u.label.en) for u in users))
        page.para("; ".join(facts) + ".")
        rows, stopped = curve_rows(curve)
        page.table(["step", "cost", "total from 0"], ([str(n), str(c), str(t)] for n, c, t in rows))
        if stopped:
            page.para(f"Further steps: {escape(stopped)}.")
        image = plot_for(ident)
        if image:
            page.lines += [f".. image:: {image}", f"   :alt: cost and total of the curve {ident}", ""]


def _ladders(page: Page, pack: RulePack) -> None:
    page.heading("Ladders", 1)
    for ident, ladder in pack.ladders.items():
        label = ladder.label
        page.heading(f"{label.en} / {label.fr}", 2)
        page.para(f"Id {_lit(ident)}, read on {escape(_name(pack, ladder.axis))} ({_lit(ladder.axis)}).")
        rows = [
            [
                _lit(b.id),
                escape(b.label.en),
                escape(b.label.fr),
                str(b.low),
                "" if b.high is None else str(b.high),
                _requires(pack, b.requires),
            ]
            for b in ladder.bands
        ]
        page.table(["band", "English", "French", "from", "to", "to enter from below"], rows)


def _effect(pack: RulePack, effect: progression.Effect) -> str:
    parts = [f"{escape(_name(pack, k))} {v:+d}" for k, v in effect.stats.items()]
    parts += [f"gains {escape(_name(pack, k))}" + (f" ×{v}" if v != 1 else "") for k, v in effect.grants.items()]
    parts += [f"tag {escape(k)} = {escape(v)}" for k, v in effect.tags.items()]
    parts += [f"removes tag {escape(t)}" for t in effect.untag]
    return "; ".join(parts)


def _upgrades(page: Page, pack: RulePack) -> None:
    page.heading("Upgrades", 1)
    rows = []
    for ident, upgrade in pack.upgrades.items():
        limit = []
        if upgrade.limit.times is not None:
            limit.append("once" if upgrade.limit.times == 1 else f"at most {upgrade.limit.times} times")
        limit += [
            f"at most {v} of each item" if q == "{choice}" else f"{escape(_name(pack, q))} ≤ {v}"
            for q, v in upgrade.limit.maxima.items()
        ]
        rules = []
        if upgrade.procedure:
            rules.append(f"procedure {_lit(upgrade.procedure)}")
        if upgrade.options:
            rules.append(f"choice from {_lit(upgrade.options)}")
        elif upgrade.items is not None:
            rules.append("chosen among " + ", ".join(escape(_name(pack, item)) for item in upgrade.items))
        for arg in upgrade.args.values():
            rules.append(f"argument {_lit(arg.id)} ({escape(arg.label.en)}, {arg.type})")
        if upgrade.kinds:
            rules.append("for " + ", ".join(escape(_name(pack, k)) for k in upgrade.kinds))
        for ladder in pack.ladders.values():
            if upgrade.effect.stats.get(ladder.axis, 0) > 0 and any(b.requires for b in ladder.bands):
                rules.append(f"gated by the ladder {escape(ladder.label.en)}")
        if upgrade.description:
            rules.append(escape(upgrade.description.en))
        rows.append(
            [
                _lit(ident),
                *_names(pack, ident),
                ", ".join(_lit(p) for p in upgrade.pools),
                escape(upgrade.cost.describe(lambda ident: _name(pack, ident)))
                + "".join(f"; ×{f.by} when {escape(describe_requirement(pack, f.when))}" for f in upgrade.multiply),
                _requires(pack, upgrade.requires),
                _effect(pack, upgrade.effect),
                "; ".join(limit),
                "; ".join(rules),
            ]
        )
    header = ["id", "English", "French", "paid from", "cost", "requires", "effect", "limit", "notes"]
    page.table(header, rows)


def _kinds(page: Page, pack: RulePack) -> None:
    page.heading("Kinds of sheet", 1)
    rows = [
        [
            _lit(i),
            *_names(pack, i),
            ", ".join(_lit(p) for p in k.pools),
            ", ".join(_lit(s) for s in k.stats),
            ", ".join(_lit(m) for m in k.members),
        ]
        for i, k in pack.kinds.items()
    ]
    page.table(["id", "English", "French", "pools", "stats", "members"], rows)


def _play(page: Page, pack: RulePack) -> None:
    play = pack.play
    if play is None:
        return
    page.heading("Sensible play", 1)
    page.para(
        "The pack's ``[play]``: the weight of each upgrade in the purchases of the conformance check's steered "
        "runs (:func:`progression.testing.check_pack`, ``sensible``). It is no rule, and not in the fingerprint."
    )
    weights: dict[float, list[str]] = {}
    for ident in pack.upgrades:
        if ident in play.favour:
            weights.setdefault(play.favour[ident], []).append(_lit(ident))
    rows = [[escape(weight), ", ".join(idents)] for weight, idents in sorted(weights.items(), reverse=True)]
    if set(pack.upgrades) - set(play.favour):
        rows.append([escape(play.otherwise), "every other upgrade"])
    page.table(["weight", "upgrades"], rows)


def _named(page: Page, pack: RulePack) -> None:
    page.heading("Other names", 1)
    page.para("Displayed names of the other ids the pack uses.")
    page.table(["id", "English", "French"], ([_lit(i), escape(lb.en), escape(lb.fr)] for i, lb in pack.names.items()))


def _functions(page: Page, pack: RulePack) -> None:
    page.heading("Functions", 1)
    page.para("The named Python functions the pack provides, which its TOML refers to.")
    page.table(["name", "what it does"], ([_lit(n), escape(_first_line(f))] for n, f in sorted(pack.functions.items())))


def _commands(page: Page, pack: RulePack) -> None:
    page.heading("Commands", 1)
    page.para(
        "What the pack offers the command line, as its contract declares it (:attr:`progression.RulePack.contract`): "
        "each command with its options, their types and defaults (* required)."
    )

    def options(command: Any) -> str:
        return ", ".join(
            f"``{o.name}{'*' if o.required else ''}`` ({escape(o.kind.shown)})" for o in command.signature.options
        )

    rows = ([_lit(key), escape(command.summary), options(command)] for key, command in sorted(pack.contract.entries()))
    page.table(["command", "what it does", "options"], rows)


# -- free data tables ---------------------------------------------------------------


def inline(pack: RulePack, value: Any) -> str:
    """A value small enough for one table cell, escaped."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if _is_label(value):
        en, fr = value["en"], value["fr"]
        return escape(en if en == fr else f"{en} / {fr}")
    if isinstance(value, str):
        known = value in pack.names or pack.label_of(value).en != value
        return escape(pack.label_of(value).en if known else value)
    if isinstance(value, Mapping):
        return "; ".join(f"{escape(k)}: {inline(pack, v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(inline(pack, v) for v in value)
    return escape(value)


def _is_inline(value: Any) -> bool:
    if _is_label(value) or not isinstance(value, Mapping | list | tuple):
        return True
    if isinstance(value, Mapping):
        return all(not isinstance(v, Mapping | list | tuple) or _is_label(v) for v in value.values())
    return all(not isinstance(v, Mapping | list | tuple) or _is_label(v) for v in value)


def _is_record(value: Any) -> bool:
    return isinstance(value, Mapping) and not _is_label(value) and all(_is_inline(v) for v in value.values())


def _columns(records: Iterable[Mapping[str, Any]]) -> list[str]:
    return list(dict.fromkeys(key for record in records for key in record))


def _record_table(page: Page, pack: RulePack, records: Mapping[str, Mapping[str, Any]] | None, rows: Any) -> None:
    """A table of records: keyed (first column the key) or a plain list."""
    if records is not None:
        columns = [c for c in _columns(records.values()) if c != "id"]
        page.table(
            ["id", *columns],
            ([_lit(k), *(inline(pack, r.get(c, "")) for c in columns)] for k, r in records.items()),
        )
        return
    columns = _columns(rows)
    if "id" in columns:
        columns.remove("id")
        page.table(
            ["id", *columns], ([_lit(r.get("id", "")), *(inline(pack, r.get(c, "")) for c in columns)] for r in rows)
        )
        return
    page.table(columns, ([inline(pack, r.get(c, "")) for c in columns] for r in rows))


def render_data(page: Page, pack: RulePack, value: Any, level: int) -> None:
    """A free data value: fields as a table, lists of records as tables, nested parts as subsections."""
    if isinstance(value, list | tuple):
        if value and all(_is_record(v) for v in value):
            _record_table(page, pack, None, value)
        else:
            page.para(inline(pack, value) or "(empty)")
        return
    if not isinstance(value, Mapping) or _is_label(value):
        page.para(inline(pack, value))
        return
    if value and all(_is_record(v) for v in value.values()):
        _record_table(page, pack, value, None)
        return
    simple = {k: v for k, v in value.items() if _is_inline(v)}
    if simple:
        page.table(["key", "value"], ([_lit(k), inline(pack, v)] for k, v in simple.items()))
    for key, child in value.items():
        if key in simple:
            continue
        known = pack.label_of(key).en
        if known == key and not (isinstance(child, Mapping) and _is_label(child.get("label"))):
            page.heading(key, level, literal=True)
        else:
            page.heading(_title(child, known), level)
        render_data(page, pack, child, level + 1)


def _title(child: Any, fallback: str) -> str:
    if isinstance(child, Mapping) and _is_label(child.get("label")):
        label = child["label"]
        return label["en"] if label["en"] == label["fr"] else f"{label['en']} / {label['fr']}"
    return fallback


def _tables(page: Page, pack: RulePack) -> None:
    page.heading("Data tables", 1)
    page.para(
        "The pack's own data, as loaded from its TOML (``RulePack.tables``). "
        "Ids that have a displayed name are shown by their English name; the French names are listed "
        "under *Other names*."
    )
    for key, value in pack.tables.items():
        page.heading(key, 2, literal=True)
        render_data(page, pack, value, 3)


# -- the page -------------------------------------------------------------------------


def render_pack(
    pack: RulePack,
    *,
    origin: str,
    plot_for: PlotFor = lambda _curve: None,
    data: Callable[[Page, RulePack], None] | None = None,
) -> str:
    """The reference page of ``pack``.

    Args:
        pack: the loaded pack.
        origin: where it comes from, in a sentence ("installed from the distribution ...").
        plot_for: gives the image path for a curve id, or None for no image.
        data: writes the pack's own data (its tables as its readers know them, such as a rulebook's team
            pages) first, before the vocabulary every pack shares, instead of the generic rendering of
            ``RulePack.tables``.
    """
    page = Page()
    page.lines += [
        ".. This page is generated from the pack's TOML at build time by docs/_ext/packpages.py; do not edit.",
        "",
    ]
    page.heading(f"{pack.title.en} ({pack.name})", 0)
    page.para(f"*{escape(pack.title.fr)}* — pack ``{pack.name}``, version {escape(pack.version)}, {origin}.")
    if data is not None:  # what the players read first, as their book prints it; how the pack is built after
        page.para(
            "The pack's data come first, as the players' book prints them; the sections after them (from "
            "*Currencies* on) show how the pack builds its rules in the vocabulary every pack shares."
        )
        data(page, pack)
    sections: list[tuple[object, Callable[[Page, RulePack], None]]] = [
        (pack.currencies, _currencies),
        (pack.pools, _pools),
        (pack.stats, _stats),
        (pack.curves, lambda p, k: _curves(p, k, plot_for)),
        (pack.ladders, _ladders),
        (pack.upgrades, _upgrades),
        (pack.kinds, _kinds),
        (pack.play, _play),
        (pack.names, _named),
        (pack.tables if data is None else None, _tables),
        (pack.functions, _functions),
        (pack.contract, _commands),
    ]
    for present, write in sections:
        if present:
            write(page, pack)
    return page.text()
