"""Reading rule packs from TOML: every problem in a file reported at once, with its key path.

A file is checked for its format version, read section by section into model objects
(the values inside a rule, such as a cost or a requirement, by ``_rule_reader``), then
cross-checked by ``_references`` so that every id it names is defined.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs

from progression._labels import LANGUAGES
from progression.curves.curve import Curve
from progression.errors import InvalidInput, Problem, ProgressionError, RulePackError
from progression.ledger.events import Operation
from progression.requirements.ladders import Band, Ladder, band_problems
from progression.rulepacks.contract import Contract
from progression.rulepacks.reader import Reader, shown
from progression.rulepacks.references import check_references
from progression.rulepacks.rule_reader import RuleReader
from progression.rulepacks.rulepack import RulePack
from progression.rulepacks.table_schema import check_tables
from progression.rules.parts import OVERFLOWS, Currency, Effect, Factor, FixedCost, Kind, PoolSpec, StatSpec, Upgrade
from progression.rules.play import Play, play_problems, weight_problem
from progression.spelling import the_closest

__all__ = ["FORMAT", "load_file", "load_text", "structure_pack"]

#: The version of the pack file format this library reads.
FORMAT = 1
#: A stat's ``display``: up to 12 characters on each side of one ``{}`` or ``{:,}``, no other brace (a format
#: string reaching an attribute, ``{0.__class__}``, is never built).
_DISPLAY = re.compile(r"[^{}\n]{0,12}\{(?::,)?\}[^{}\n]{0,12}")
#: The characters besides a-z and 0-9 that ids of a pack file may hold.
_PUNCTUATION = "_.-"
_SECTIONS = (
    "format",
    "pack",
    "currencies",
    "pools",
    "stats",
    "curves",
    "ladders",
    "upgrades",
    "kinds",
    "names",
    "tables",
    "schema",
    "play",
)


def is_id(ident: str) -> bool:
    """Whether ``ident`` is written as a pack's ids are: a lowercase ASCII slug (``a-z``, ``0-9``, ``_ . -``)."""
    return Reader.is_slug(ident, _PUNCTUATION)


class PackReader(RuleReader):
    """Reads the sections of a pack file into model objects."""

    def entries(
        self, data: Mapping[str, Any], section: str, path: str = "$", *, punctuation: str = _PUNCTUATION
    ) -> list[tuple[str, dict[str, Any], str]]:
        """As :meth:`Reader.entries`, worded for pack files; an entry under a misnamed id is still
        read, so that what refers to it resolves and its own problems are reported too: under its id in
        lowercase when that is all that is wrong with it (``Advances``), as what refers to it means that one.
        Each entry's key path is the one the file wrote."""
        out = []
        table = self.table(data, section, path)
        for ident, body in table.items():
            where = f"{path}.{section}.{ident}"
            if not self.is_slug(ident, punctuation):
                lower = ident.lower()
                slip = self.is_slug(lower, punctuation) and lower not in table
                if self.fine(where):  # a section read twice (the curves) says it once
                    allowed = ", ".join(("a-z", "0-9", " ".join(punctuation)))
                    hint = the_closest((lower,)) if slip else ""
                    self.problem(where, f"ids are lowercase ASCII slugs ({allowed}), got {ident!r}{hint}")
                ident = lower if slip else ident
            if not isinstance(body, dict):
                self.problem(where, f"expected a table, got {shown(body)}")
                continue
            out.append((ident, body, where))
        return out

    def curves(self, data: Mapping[str, Any]) -> list[Curve]:
        """The curves, in the file's order; a ``scaled`` one is built after the curve it multiplies,
        wherever that one is written, and a cycle of them is refused."""
        bodies = {ident: (body, path) for ident, body, path in self.entries(data, "curves")}
        built: dict[str, Curve | None] = {}

        def build(ident: str, chain: tuple[str, ...]) -> Curve | None:
            if ident in built:
                return built[ident]
            body, path = bodies[ident]
            base = None
            of = body.get("of") if body.get("kind") == "scaled" else None
            if isinstance(of, str) and of in bodies:
                if of in (*chain, ident):
                    looped = (*chain, ident)[(*chain, ident).index(of) :]
                    cycle = " -> ".join((*looped, of))
                    self.problem(f"{path}.of", f"curves are multiples of each other in a cycle: {cycle}")
                else:
                    base = build(of, (*chain, ident))
            built[ident] = self.curve(ident, body, path, base=base, defined=bodies)
            return built[ident]

        return [c for ident in bodies if (c := build(ident, ())) is not None]

    def pools(self, data: Mapping[str, Any]) -> list[PoolSpec]:
        pools = []
        for ident, body, path in self.entries(data, "pools"):
            self.extra(body, ("label", "currency", "cap", "overflow", "auto_spend", "surplus_buys", "requires"), path)
            overflow = self.get(body, "overflow", str, path, default="refuse")
            if overflow not in OVERFLOWS:
                self.problem(f"{path}.overflow", f"expected one of {', '.join(OVERFLOWS)}, got {overflow!r}")
                overflow = "refuse"
            cap = self.get(body, "cap", (int, str), path, default=None)
            if isinstance(cap, int) and cap < 0:
                self.problem(f"{path}.cap", f"a cap is a number >= 0 or the id of a quantity, got {cap}")
            pools.append(
                PoolSpec(
                    id=ident,
                    label=self.label(body, path),
                    currency=self.get(body, "currency", str, path) or "?",
                    cap=cap,
                    overflow=overflow,
                    auto_spend=self.distinct(body, "auto_spend", path, default=()),
                    surplus_buys=self.distinct(body, "surplus_buys", path, default=()),
                    requires=self.requirement(body["requires"], f"{path}.requires") if "requires" in body else None,
                )
            )
        return pools

    def stats(self, data: Mapping[str, Any]) -> list[StatSpec]:
        stats = []
        for ident, body, path in self.entries(data, "stats"):
            self.extra(body, ("label", "initial", "minimum", "maximum", "display", "display_zero"), path)
            initial = self.get(body, "initial", int, path, default=0)
            display = self.get(body, "display", str, path, None)
            if display is not None and not (_DISPLAY.fullmatch(display) and display.isprintable()):
                self.problem(
                    f"{path}.display",
                    "expected a short text holding {} or {:,} once (the value), such as '{}+' or '{:,} gp', "
                    f"got {display!r:.60}",
                )
                display = None
            zero = self.get(body, "display_zero", str, path, None)
            if zero is not None and not (0 < len(zero) <= 12 and zero.isprintable()):
                self.problem(f"{path}.display_zero", f"expected a short text (1 to 12 characters), got {zero!r:.60}")
                zero = None
            minimum = self.get(body, "minimum", int, path, default=None)
            maximum = self.get(body, "maximum", int, path, default=None)
            if minimum is not None and maximum is not None and minimum > maximum:
                self.problem(path, f"minimum {minimum} is above maximum {maximum}")
            elif "initial" not in body and path in self.misread:  # an initial misspelt, not 0: said as the key
                pass
            elif minimum is not None and initial < minimum:
                self.problem(f"{path}.initial", f"initial {initial} is below the minimum {minimum}")
            elif maximum is not None and initial > maximum:
                self.problem(f"{path}.initial", f"initial {initial} is above the maximum {maximum}")
            stats.append(
                StatSpec(
                    id=ident,
                    label=self.label(body, path),
                    initial=initial,
                    minimum=minimum,
                    maximum=maximum,
                    display=display,
                    display_zero=zero,
                )
            )
        return stats

    def currencies(self, data: Mapping[str, Any]) -> list[Currency]:
        currencies = []
        for ident, body, path in self.entries(data, "currencies"):
            self.extra(body, ("label", "unit"), path)
            unit = self.get(body, "unit", str, path, None)
            if unit is not None and not (0 < len(unit) <= 12 and unit.isprintable() and unit.strip() == unit):
                self.problem(
                    f"{path}.unit", f"expected a short word such as 'gp' (1 to 12 characters), got {unit!r:.60}"
                )
                unit = None
            currencies.append(Currency(id=ident, label=self.label(body, path), unit=unit))
        return currencies

    def ladders(self, data: Mapping[str, Any]) -> list[Ladder]:
        ladders = []
        for ident, body, path in self.entries(data, "ladders"):
            self.extra(body, ("label", "axis", "bands"), path)
            read = [
                (i, self.band(band, f"{path}.bands[{i}]"))
                for i, band in enumerate(self.get(body, "bands", list, path) or [])
            ]
            bands = [(i, band) for i, band in read if band is not None]
            if len(bands) == len(read):  # each problem of the bands at the band and key it is about (bands[1].from)
                wrong = band_problems(ident, [band for _, band in bands])
                for index, key, message in wrong:
                    self.problem(
                        f"{path}.{key}" if index is None else f"{path}.bands[{bands[index][0]}].{key}", message
                    )
                if wrong:
                    continue
            try:
                ladders.append(
                    Ladder(
                        id=ident,
                        label=self.label(body, path),
                        axis=self.get(body, "axis", str, path) or "?",
                        bands=[band for _, band in bands],
                    )
                )
            except ProgressionError as error:
                self.problem(path, str(error))
        return ladders

    def band(self, band: Any, path: str) -> Band | None:
        if not isinstance(band, dict):
            self.problem(path, f"expected a band table, got {shown(band)}")
            return None
        self.extra(band, ("id", "label", "from", "to", "requires"), path)
        requires = self.requirement(band["requires"], f"{path}.requires") if "requires" in band else None
        return Band(
            id=self.get(band, "id", str, path) or "?",
            label=self.label(band, path),
            low=self.get(band, "from", int, path) or 0,
            high=self.get(band, "to", int, path, default=None),
            requires=requires,
        )

    def upgrades(self, data: Mapping[str, Any]) -> list[Upgrade]:
        upgrades = []
        for ident, body, path in self.entries(data, "upgrades"):
            self.extra(
                body,
                (
                    "label",
                    "pool",
                    "pools",
                    "cost",
                    "requires",
                    "effect",
                    "limit",
                    "procedure",
                    "options",
                    "options_named",
                    "items",
                    "args",
                    "kinds",
                    "description",
                ),
                path,
            )
            if "items" in body and "options" in body:
                self.problem(
                    path, "give 'items' (the choices, as data) or 'options' (a function listing them), not both"
                )
            if "pool" in body and "pools" in body:
                self.problem(path, "give 'pool' (one paying pool) or 'pools' (several), not both")
            paying = (
                self.distinct(body, "pools", path, default=())
                if "pools" in body
                else ((self.get(body, "pool", str, path) or "?"),)
            )
            if not paying:
                self.problem(f"{path}.pools", "an upgrade needs at least one paying pool")
            if "effect" in body and "procedure" in body:
                self.problem(
                    f"{path}.effect",
                    "an upgrade with a procedure takes its effect from the procedure; remove 'effect' or 'procedure'",
                )
            cost = self.cost(body["cost"], f"{path}.cost") if "cost" in body else None
            if "cost" not in body:
                self.problem(f"{path}.cost", "required key 'cost' is missing")
            upgrades.append(
                Upgrade(
                    id=ident,
                    label=self.label(body, path),
                    pools=paying,
                    cost=cost or FixedCost(amount=0),
                    requires=self.requirement(body["requires"], f"{path}.requires") if "requires" in body else None,
                    effect=self.effect(body["effect"], f"{path}.effect") if "effect" in body else Effect(),
                    limit=self.limit(body, path),
                    procedure=self.function_ref(body, "procedure", path),
                    options=self.function_ref(body, "options", path),
                    options_named=self.options_named(data, body, path),
                    items=self.items(data, body, path) if "items" in body else None,
                    args=self.args(body["args"], f"{path}.args") if "args" in body else {},
                    multiply=self.multiplied(body, path),
                    kinds=self.buyers(body, path),
                    description=self.label(body, path, "description") if "description" in body else None,
                )
            )
        return upgrades

    def buyers(self, body: Mapping[str, Any], path: str) -> tuple[str, ...]:
        """The kinds that may buy an upgrade (``kinds``): none given is every kind, and an empty list is refused,
        as it would read as every kind too, where it seems to say no kind."""
        kinds: tuple[str, ...] = self.distinct(body, "kinds", path, default=())
        if body.get("kinds") == []:
            self.problem(
                f"{path}.kinds",
                "expected the kinds that may buy it, got an empty list; leave 'kinds' out for every kind to buy it, "
                "or name at least one",
            )
        return kinds

    def options_named(self, data: Mapping[str, Any], body: Mapping[str, Any], path: str) -> str | None:
        """The first word of the names that name an upgrade's options (``options_named = "category"``): an
        upgrade with an options function, and names under it (``[names] "category.g"``)."""
        prefix: str | None = self.get(body, "options_named", str, path, None)
        if prefix is None:
            return None
        if not is_id(prefix) or prefix.startswith(".") or prefix.endswith("."):
            self.problem(
                f"{path}.options_named",
                f"expected the first word of names such as 'category.g' (a lowercase id, no dot at either end), "
                f"got {prefix!r}",
            )
        elif "options" not in body:
            self.problem(
                f"{path}.options_named",
                "names the options an options function lists, and this upgrade has none (items are named as any id is)",
            )
        elif not any(name.startswith(f"{prefix}.") for name in data.get("names") or ()):
            self.problem(f"{path}.options_named", f"no name starts with {prefix + '.'!r} in [names]")
        return prefix

    def multiplied(self, body: Mapping[str, Any], path: str) -> tuple[Factor, ...]:
        """The factors of an upgrade's price (``cost = { ..., multiply = [...] }``)."""
        cost = body.get("cost")
        if not isinstance(cost, dict) or "multiply" not in cost:
            return ()
        return self.factors(cost["multiply"], f"{path}.cost.multiply")

    def items(self, data: Mapping[str, Any], body: Mapping[str, Any], path: str) -> tuple[str, ...]:
        """The items an upgrade ranges over: ``items = ["swim", ...]``, or ``items = { table = "skills" }``
        for the keys of ``[tables.skills]``."""
        raw, where = body["items"], f"{path}.items"
        if isinstance(raw, dict):
            self.extra(raw, ("table",), where)
            name = self.get(raw, "table", str, where)
            if name is None:
                return ()
            tables = data.get("tables", {})
            table = tables.get(name) if isinstance(tables, dict) else None
            if not isinstance(table, dict):
                defined = (
                    sorted(k for k, v in tables.items() if isinstance(v, dict)) if isinstance(tables, dict) else []
                )
                self.problem(
                    f"{where}.table",
                    f"table {name!r} is not defined in [tables]; defined: {', '.join(defined) or 'none'}",
                )
                return ()
            found: tuple[str, ...] = tuple(table)
            for item in found:
                if not is_id(item):
                    self.problem(f"$.tables.{name}.{item}", f"an item's id is a lowercase ASCII slug, got {item!r}")
        elif isinstance(raw, list):
            found = self.slugs(body, "items", path, default=(), punctuation=_PUNCTUATION)
            if raw and not found:  # a misfit, reported
                return ()
        else:
            self.problem(where, f'expected a list of ids or {{ table = "<table>" }}, got {shown(raw)}')
            return ()
        if not found:
            self.problem(where, "an upgrade over items needs at least one item")
        twice = sorted({item for item in found if found.count(item) > 1})
        if twice:
            self.problem(where, f"items are listed once each; listed twice: {', '.join(twice)}")
        return found

    def play(self, data: Mapping[str, Any], upgrades: Iterable[str]) -> Play | None:
        """The strategy of sensible play (``[play]``): a weight per upgrade it favours, and ``otherwise``; None
        when the file has no ``[play]`` or it has a problem (reported)."""
        if "play" not in data:
            return None
        body = self.table(data, "play", "$")
        self.extra(body, ("favour", "otherwise"), "$.play")
        favour = self.table(body, "favour", "$.play")
        weights: dict[str, int | float] = {}
        wrong = False
        for ident, weight in favour.items():
            reason = weight_problem(weight)
            if reason is not None:
                self.problem(f"$.play.favour.{ident}", reason)
            weights[ident] = 1 if reason is not None else weight
            wrong = wrong or reason is not None
        otherwise = body.get("otherwise", 1)
        reason = weight_problem(otherwise)
        if reason is not None:
            self.problem("$.play.otherwise", reason)
        wrong = (
            wrong
            or reason is not None
            or not isinstance(data["play"], dict)
            or not isinstance(body.get("favour", {}), dict)
        )
        play = Play(favour=weights, otherwise=1 if reason is not None else otherwise)
        # Each id is looked up whatever its weight; that every weight is 0 is said only of weights that read.
        found = [(where, why) for where, why in play_problems(play, tuple(upgrades)) if not wrong or where != "$.play"]
        for where, why in found:
            self.problem(where, why)
        return None if wrong or found else play

    def kinds(self, data: Mapping[str, Any]) -> list[Kind]:
        kinds = []
        for ident, body, path in self.entries(data, "kinds"):
            self.extra(body, ("label", "pools", "stats", "members"), path)
            kinds.append(
                Kind(
                    id=ident,
                    label=self.label(body, path),
                    pools=self.distinct(body, "pools", path, default=()),
                    stats=self.distinct(body, "stats", path, default=()),
                    members=self.distinct(body, "members", path, default=()),
                )
            )
        return kinds


def languages(r: Reader, head: Mapping[str, Any]) -> tuple[str, ...]:
    """The languages ``[pack] languages`` declares (``["en", "fr"]`` when it declares none): each label is
    given in every one, and a name not given in a language reads in the first."""
    declared = r.strings(head, "languages", "$.pack", default=LANGUAGES)
    if not declared:
        r.problem("$.pack.languages", "a pack declares at least one language (its labels' first language)")
    for index, code in enumerate(declared):
        if not (code.isascii() and code.isalpha() and code.islower() and 2 <= len(code) <= 3):
            hint = the_closest((code.lower(),)) if code.isascii() and code.isalpha() and 2 <= len(code) <= 3 else ""
            r.problem(
                f"$.pack.languages[{index}]",
                f"a language is a lowercase code of 2 or 3 letters (en, fr), got {code!r}{hint}",
            )
            break
    twice = sorted({code for code in declared if declared.count(code) > 1})
    if twice:
        r.problem("$.pack.languages", f"languages are listed once each; listed twice: {', '.join(twice)}")
    if any(problem.path.startswith("$.pack.languages") for problem in r.problems):
        # which languages the labels owe is not known: each label would repeat this one refusal
        r.languages_refused = True
        return LANGUAGES
    return tuple(declared)


def _functions(functions: object, source: str) -> dict[str, Callable[..., Any]]:
    """The pack's named functions as given to the loader, or :class:`InvalidInput`: a mapping of names (texts) to
    functions, each looked up by the name its TOML gives it."""
    if functions is None:
        return {}
    if not isinstance(functions, Mapping):
        msg = (
            f"expected a mapping of the names the pack's TOML gives them to functions ({{'name': function}}) as "
            f"the functions of {source}, got {functions!r:.60} ({type(functions).__name__})"
        )
        raise InvalidInput(msg)
    for name in functions:
        if not isinstance(name, str):
            msg = (
                f"expected texts as the names of the functions of {source}, got the name {name!r:.60} "
                f"({type(name).__name__})"
            )
            raise InvalidInput(msg)
    return dict(functions)  # a value that is no function is reported where the TOML names it, with its key path


def structure_pack(
    data: Mapping[str, Any],
    source: str,
    functions: Mapping[str, Callable[..., Any]] | None = None,
    *,
    operations: Iterable[type[Operation] | Callable[..., Any]] = (),
    own: object = None,
    contract: Contract | None = None,
) -> RulePack:
    """Build a :class:`RulePack` from parsed TOML, or raise :class:`~progression.errors.RulePackError` listing every problem.

    Args:
        data: the parsed TOML.
        source: where it was read from, for messages.
        functions: the pack's named functions.
        operations: the pack's own operation classes (:attr:`RulePack.operations`).
        own: the pack's own typed data (:attr:`RulePack.data`), for its code to read.
        contract: what the pack offers the command line (:attr:`RulePack.contract`).
    """
    functions = _functions(functions, source)
    r = PackReader(source, functions)
    if not isinstance(data, Mapping):
        r.problem("$", f"expected a table of pack sections, got {type(data).__name__}")
        raise r.error()
    if "format" not in data:
        r.problem("$.format", f"required key 'format' is missing; expected format = {FORMAT}")
        raise r.error()
    version = data["format"]
    if isinstance(version, bool) or version != FORMAT:
        r.problem("$.format", f"unknown format version {version!r}; this library reads format = {FORMAT}")
        raise r.error()
    r.extra(data, _SECTIONS, "$")
    head = r.table(data, "pack", "$")
    r.languages = languages(r, head)
    name = r.get(head, "name", str, "$.pack")
    title = r.label(head, "$.pack", "title")
    version_text = r.get(head, "version", str, "$.pack", default="0")
    r.extra(head, ("name", "title", "version", "description", "languages"), "$.pack")
    if name is not None and not is_id(name):
        r.problem("$.pack.name", f"a pack name is a lowercase ASCII slug, got {name!r}")
    currencies, pools, stats = r.currencies(data), r.pools(data), r.stats(data)
    curves = r.curves(data)
    ladders, upgrades, kinds = r.ladders(data), r.upgrades(data), r.kinds(data)
    listed = r.table(data, "names", "$")  # each id's names at $.names.<id>.<lang>, as they are written
    names = {
        ident: r.label(listed, "$.names", at.removeprefix("$.names.")) for ident, _, at in r.entries(data, "names")
    }
    play = r.play(data, (upgrade.id for upgrade in upgrades))
    tables = r.table(data, "tables", "$")
    check_tables(r, data, _PUNCTUATION)
    r.placeholders(data)
    r.numbers(data)
    # References are checked on whatever did parse, so a file with both kinds of problem
    # reports them all at once; ids that failed to parse ("?") are not reported twice.
    try:
        pack = RulePack(
            name=name or "?",
            title=title,
            languages=r.languages,
            version=version_text,
            source=source,
            currencies=currencies,
            pools=pools,
            stats=stats,
            curves=curves,
            ladders=ladders,
            upgrades=upgrades,
            kinds=kinds,
            names=names,
            tables=tables,
            functions=functions,
            operations=tuple(operations),
            data=own,
            contract=contract,
            play=play,
        )
    except RulePackError as error:  # the pack's own declarations (its operations, its contract) do not hold
        r.problems.extend(error.problems)
        raise r.error() from None
    except ProgressionError as error:  # a value so wrong the model refuses it: already reported
        if not r.problems:
            r.problem("$", str(error))
        raise r.error() from None
    # A misplaced '{choice}' was reported where it stands; that it names nothing is not news.
    # A curve declared that did not read was reported where it stands; that an upgrade's cost names it is not news.
    unread = {ident for ident, _, _ in r.entries(data, "curves")} - {curve.name for curve in curves}
    found = check_references(pack, unread=unread, misread=r.misread)
    r.problems.extend(_as_written(p, data) for p in found if "'?'" not in p.reason and "'{choice}'" not in p.reason)
    r.raise_if_problems()
    return pack


def _as_written(problem: Problem, data: Mapping[str, Any]) -> Problem:
    """``problem`` at the key the file wrote: an upgrade's paying pools are checked as ``pools``, but a file that
    gives one writes ``pool = "..."``, and the problem is then at ``$.upgrades.<id>.pool``."""
    head, _, tail = problem.path.rpartition(".")
    upgrades = data.get("upgrades")
    if tail != "pools" or not head.startswith("$.upgrades.") or not isinstance(upgrades, Mapping):
        return problem
    body = upgrades.get(head.removeprefix("$.upgrades."))
    if isinstance(body, Mapping) and "pool" in body and "pools" not in body:
        return attrs.evolve(problem, path=f"{head}.pool")
    return problem


def load_text(
    text: str,
    source: str = "<text>",
    functions: Mapping[str, Callable[..., Any]] | None = None,
    *,
    contract: Contract | None = None,
    operations: Iterable[type[Operation] | Callable[..., Any]] = (),
) -> RulePack:
    """A pack from TOML text, with the functions its TOML names, its own operations (classes, or rule
    functions declared with :func:`progression.operation`) and what it offers the command line."""
    reader = Reader(source)
    data = reader.parse(text)
    reader.raise_if_problems()
    return structure_pack(data, source, functions, contract=contract, operations=operations)


def load_file(
    path: str | Path,
    functions: Mapping[str, Callable[..., Any]] | None = None,
    *,
    contract: Contract | None = None,
    operations: Iterable[type[Operation] | Callable[..., Any]] = (),
) -> RulePack:
    """A pack that is not installed, from its TOML file (the rest as :func:`load_text`).

    Raises:
        RulePackError: the file is missing, unreadable, not TOML, or breaks the format;
            every problem is listed.
    """
    if not isinstance(path, str | Path):
        shown = repr(path)
        raise RulePackError(shown, [Problem(shown, "$", f"expected a file path, got {type(path).__name__}")])
    file = Path(path)
    reader = Reader(str(file))
    text = reader.read(file)
    reader.raise_if_problems()
    return load_text(text, str(file), functions, contract=contract, operations=operations)
