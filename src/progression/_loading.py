"""Reading rule packs from TOML: every problem in a file reported at once, with its key path."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ._curves import Curve, LinearCurve, PolynomialCurve, SteppedCurve, TableCurve
from ._function_curve import FunctionCurve
from ._ladders import Band, Ladder
from ._model import (
    OVERFLOWS,
    CostRule,
    Currency,
    CurveCost,
    Effect,
    FixedCost,
    FunctionCost,
    Kind,
    Limit,
    PoolSpec,
    StatSpec,
    Upgrade,
)
from ._packs import RulePack
from ._reader import Reader, type_name
from ._references import check_references
from ._requirements import AllOf, AnyOf, AtLeast, AtMost, Not, Owns, OwnsAmong, Predicate, Requirement
from .errors import Problem, ProgressionError, RulePackError

__all__ = ["FORMAT", "load_file", "load_text", "read_pack"]

#: The version of the pack file format this library reads.
FORMAT = 1
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
)

#: The forms of a requirement table, each named by its key.
_REQUIREMENT_FORMS = ("all", "any", "not", "at_least", "at_most", "owns", "owns_among", "predicate")


def _slug_ok(ident: str) -> bool:
    return Reader.is_slug(ident, _PUNCTUATION)


class PackReader(Reader):
    """Reads the sections of a pack file into model objects."""

    def __init__(self, source: str, functions: Mapping[str, Callable[..., Any]]) -> None:
        super().__init__(source)
        self.functions = functions

    def entries(
        self, data: Mapping[str, Any], section: str, path: str = "$", *, punctuation: str = _PUNCTUATION
    ) -> list[tuple[str, dict[str, Any], str]]:
        """As :meth:`Reader.entries`, worded for pack files; an entry under a misnamed id is still
        read, so that what refers to it resolves and its own problems are reported too."""
        out = []
        for ident, body in self.table(data, section, path).items():
            where = f"{path}.{section}.{ident}"
            if not self.is_slug(ident, punctuation):
                allowed = ", ".join(("a-z", "0-9", " ".join(punctuation)))
                self.problem(where, f"ids are lowercase ASCII slugs ({allowed}), got {ident!r}")
            if not isinstance(body, dict):
                self.problem(where, f"expected a table, got {body!r:.60}")
                continue
            out.append((ident, body, where))
        return out

    def function_ref(self, body: Mapping[str, Any], key: str, path: str) -> str | None:
        name = self.get(body, key, str, path, default=None)
        if name is not None and name not in self.functions:
            if self.functions:
                hint = f"provided: {', '.join(sorted(self.functions))}"
            else:  # a file read on its own, or a pack() that forgot to pass them
                hint = (
                    "no functions were given: pass functions= to load_file/read_pack, "
                    "or validate the installed pack by its name"
                )
            self.problem(f"{path}.{key}", f"function {name!r} is not provided by the pack; {hint}")
        return name  # type: ignore[no-any-return]

    def curve(self, ident: str, body: dict[str, Any], path: str) -> Curve | None:
        kind = self.get(body, "kind", str, path)
        common: dict[str, Any] = {
            "name": ident,
            "non_negative": self.get(body, "non_negative", bool, path, default=True),
            "non_decreasing": self.get(body, "non_decreasing", bool, path, default=True),
        }
        allowed: tuple[str, ...] = ("kind", "label", "non_negative", "non_decreasing", "description")
        if "label" in body:
            common["label"] = self.label(body, path)
        build: Callable[[], Curve] | None = None
        if kind == "table":
            allowed += ("values", "beyond")
            values = self.ints(body, "values", path)
            beyond = self.get(body, "beyond", str, path, default="error")
            if values is not None:
                build = lambda: TableCurve(values=values, beyond=beyond, **common)  # noqa: E731
        elif kind == "linear":
            allowed += ("base", "step")
            base, step = self.get(body, "base", int, path), self.get(body, "step", int, path, default=0)
            if base is not None:
                build = lambda: LinearCurve(base=base, step=step, **common)  # noqa: E731
        elif kind == "stepped":
            allowed += ("width", "unit")
            width, unit = self.get(body, "width", int, path), self.get(body, "unit", int, path, default=1)
            if width is not None:
                build = lambda: SteppedCurve(width=width, unit=unit, **common)  # noqa: E731
        elif kind == "polynomial":
            allowed += ("coefficients",)
            coefficients = self.ints(body, "coefficients", path)
            if coefficients is not None:
                build = lambda: PolynomialCurve(coefficients=coefficients, **common)  # noqa: E731
        elif kind == "function":
            allowed += ("function",)
            name = self.function_ref(body, "function", path)
            if name is not None and name in self.functions:
                compute = self.functions[name]
                build = lambda: FunctionCurve(function=name, compute=compute, **common)  # noqa: E731
        elif kind is not None:
            self.problem(
                f"{path}.kind", f"unknown curve kind {kind!r}; expected table, linear, stepped, polynomial or function"
            )
        self.extra(body, allowed, path)
        if build is None:
            return None
        try:
            return build()
        except ProgressionError as error:
            self.problem(path, str(error))
            return None

    def requirement(self, raw: Any, path: str) -> Requirement | None:
        if isinstance(raw, list):
            items = [self.requirement(item, f"{path}[{i}]") for i, item in enumerate(raw)]
            return AllOf(items=[i for i in items if i is not None])
        if not isinstance(raw, dict):
            self.problem(path, f"expected a requirement table or a list of them, got {raw!r:.60}")
            return None
        message = self.get(raw, "message", str, path, default=None)
        forms = [k for k in _REQUIREMENT_FORMS if k in raw]
        if len(forms) != 1:
            self.problem(path, f"a requirement needs exactly one of {', '.join(_REQUIREMENT_FORMS)}; got {sorted(raw)}")
            return None
        form = forms[0]
        if form in ("all", "any"):
            items = self.get(raw, form, list, path)
            parts = [self.requirement(item, f"{path}.{form}[{i}]") for i, item in enumerate(items or [])]
            self.extra(raw, (form, "message"), path)
            cls = AllOf if form == "all" else AnyOf
            return cls(items=[p for p in parts if p is not None], message=message)
        if form == "not":
            inner = self.requirement(raw["not"], f"{path}.not")
            self.extra(raw, ("not", "message"), path)
            return Not(item=inner, message=message) if inner else None
        if form in ("at_least", "at_most"):
            quantity = self.get(raw, "quantity", str, path)
            value = self.get(raw, form, int, path)
            self.extra(raw, (form, "quantity", "message"), path)
            if quantity is None or value is None:
                return None
            return (AtLeast if form == "at_least" else AtMost)(quantity=quantity, value=value, message=message)
        if form == "owns":
            item = self.get(raw, "owns", str, path)
            count = self.get(raw, "count", int, path, default=1)
            self.extra(raw, ("owns", "count", "message"), path)
            return Owns(item=item, count=count, message=message) if item else None
        if form == "owns_among":
            among = self.strings(raw, "owns_among", path, default=())
            count = self.get(raw, "count", int, path, default=1)
            what = self.get(raw, "what", str, path, default="items")
            self.extra(raw, ("owns_among", "count", "what", "message"), path)
            return OwnsAmong(among=among, count=count, what=what, message=message)
        name = self.function_ref(raw, "predicate", path)
        args = self.get(raw, "args", dict, path, default={})
        self.extra(raw, ("predicate", "args", "message"), path)
        return Predicate(function=name, args=args, message=message) if name else None

    def cost(self, raw: Any, path: str) -> CostRule | None:
        if isinstance(raw, int) and not isinstance(raw, bool):
            if raw < 0:
                self.problem(path, f"a price is a whole number >= 0, got {raw}")
            return FixedCost(amount=raw)
        if not isinstance(raw, dict):
            self.problem(path, f"expected an amount or a table with amount, curve+axis or function; got {raw!r:.60}")
            return None
        if "amount" in raw:
            self.extra(raw, ("amount",), path)
            amount = self.get(raw, "amount", int, path)
            if amount is not None and amount < 0:
                self.problem(f"{path}.amount", f"a price is a whole number >= 0, got {amount}")
            return FixedCost(amount=amount) if amount is not None else None
        if "curve" in raw:
            self.extra(raw, ("curve", "axis"), path)
            curve, axis = self.get(raw, "curve", str, path), self.get(raw, "axis", str, path)
            return CurveCost(curve=curve, axis=axis) if curve and axis else None
        if "function" in raw:
            self.extra(raw, ("function",), path)
            name = self.function_ref(raw, "function", path)
            return FunctionCost(function=name) if name else None
        self.problem(path, "a cost needs one of: amount, curve (with axis), function")
        return None

    def limit(self, body: Mapping[str, Any], path: str) -> Limit:
        raw = self.get(body, "limit", dict, path, default={})
        self.extra(raw, ("times", "maxima"), f"{path}.limit")
        times = self.get(raw, "times", int, f"{path}.limit", default=None)
        if times is not None and times < 1:
            self.problem(f"{path}.limit.times", f"expected a number of purchases >= 1, got {times}")
        maxima = self.get(raw, "maxima", dict, f"{path}.limit", default={})
        for quantity, value in maxima.items():
            if isinstance(value, bool) or not isinstance(value, int):
                self.problem(f"{path}.limit.maxima.{quantity}", f"expected an integer, got {value!r:.60}")
        return Limit(times=times, maxima=maxima)

    def effect(self, raw: Any, path: str) -> Effect:
        if not isinstance(raw, dict):
            self.problem(path, f"expected an effect table, got {raw!r:.60}")
            return Effect()
        self.extra(raw, ("stats", "grants", "tags", "untag"), path)
        parts = {}
        for key, kind in (("stats", int), ("grants", int), ("tags", str)):
            table = self.get(raw, key, dict, path, default={})
            for name, value in table.items():
                if isinstance(value, bool) or not isinstance(value, kind):
                    self.problem(f"{path}.{key}.{name}", f"expected {type_name(kind)}, got {value!r}")
            parts[key] = table
        return Effect(untag=self.strings(raw, "untag", path, default=()), **parts)

    def pools(self, data: Mapping[str, Any]) -> list[PoolSpec]:
        pools = []
        for ident, body, path in self.entries(data, "pools"):
            self.extra(body, ("label", "currency", "cap", "overflow", "auto_spend"), path)
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
                    auto_spend=self.strings(body, "auto_spend", path, default=()),
                )
            )
        return pools

    def stats(self, data: Mapping[str, Any]) -> list[StatSpec]:
        stats = []
        for ident, body, path in self.entries(data, "stats"):
            self.extra(body, ("label", "initial", "minimum", "maximum"), path)
            initial = self.get(body, "initial", int, path, default=0)
            minimum = self.get(body, "minimum", int, path, default=None)
            maximum = self.get(body, "maximum", int, path, default=None)
            if minimum is not None and maximum is not None and minimum > maximum:
                self.problem(path, f"minimum {minimum} is above maximum {maximum}")
            elif minimum is not None and initial < minimum:
                self.problem(f"{path}.initial", f"initial {initial} is below the minimum {minimum}")
            elif maximum is not None and initial > maximum:
                self.problem(f"{path}.initial", f"initial {initial} is above the maximum {maximum}")
            stats.append(
                StatSpec(id=ident, label=self.label(body, path), initial=initial, minimum=minimum, maximum=maximum)
            )
        return stats

    def currencies(self, data: Mapping[str, Any]) -> list[Currency]:
        currencies = []
        for ident, body, path in self.entries(data, "currencies"):
            self.extra(body, ("label",), path)
            currencies.append(Currency(id=ident, label=self.label(body, path)))
        return currencies

    def ladders(self, data: Mapping[str, Any]) -> list[Ladder]:
        ladders = []
        for ident, body, path in self.entries(data, "ladders"):
            self.extra(body, ("label", "axis", "bands"), path)
            bands = [
                self.band(band, f"{path}.bands[{i}]")
                for i, band in enumerate(self.get(body, "bands", list, path) or [])
            ]
            try:
                ladders.append(
                    Ladder(
                        id=ident,
                        label=self.label(body, path),
                        axis=self.get(body, "axis", str, path) or "?",
                        bands=[b for b in bands if b is not None],
                    )
                )
            except ProgressionError as error:
                self.problem(path, str(error))
        return ladders

    def band(self, band: Any, path: str) -> Band | None:
        if not isinstance(band, dict):
            self.problem(path, f"expected a band table, got {band!r:.60}")
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
                    "kinds",
                    "description",
                ),
                path,
            )
            if "pool" in body and "pools" in body:
                self.problem(path, "give 'pool' (one paying pool) or 'pools' (several), not both")
            paying = (
                self.strings(body, "pools", path, default=())
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
                    kinds=self.strings(body, "kinds", path, default=()),
                    description=self.label(body, path, "description") if "description" in body else None,
                )
            )
        return upgrades

    def kinds(self, data: Mapping[str, Any]) -> list[Kind]:
        kinds = []
        for ident, body, path in self.entries(data, "kinds"):
            self.extra(body, ("label", "pools", "stats", "members"), path)
            kinds.append(
                Kind(
                    id=ident,
                    label=self.label(body, path),
                    pools=self.strings(body, "pools", path, default=()),
                    stats=self.strings(body, "stats", path, default=()),
                    members=self.strings(body, "members", path, default=()),
                )
            )
        return kinds


def read_pack(
    data: Mapping[str, Any], source: str, functions: Mapping[str, Callable[..., Any]] | None = None
) -> RulePack:
    """Build a :class:`RulePack` from parsed TOML, or raise :class:`RulePackError` listing every problem."""
    functions = dict(functions or {})
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
    name = r.get(head, "name", str, "$.pack")
    title = r.label(head, "$.pack", "title")
    version_text = r.get(head, "version", str, "$.pack", default="0")
    r.extra(head, ("name", "title", "version", "description"), "$.pack")
    if name is not None and not _slug_ok(name):
        r.problem("$.pack.name", f"a pack name is a lowercase ASCII slug, got {name!r}")
    currencies, pools, stats = r.currencies(data), r.pools(data), r.stats(data)
    curves = [c for i, b, p in r.entries(data, "curves") if (c := r.curve(i, b, p)) is not None]
    ladders, upgrades, kinds = r.ladders(data), r.upgrades(data), r.kinds(data)
    names = {ident: r.label({"label": body}, path) for ident, body, path in r.entries(data, "names")}
    tables = r.table(data, "tables", "$")
    # References are checked on whatever did parse, so a file with both kinds of problem
    # reports them all at once; ids that failed to parse ("?") are not reported twice.
    try:
        pack = RulePack(
            name=name or "?",
            title=title,
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
        )
    except ProgressionError as error:  # a value so wrong the model refuses it: already reported
        if not r.problems:
            r.problem("$", str(error))
        raise r.error() from None
    r.problems.extend(p for p in check_references(pack) if "'?'" not in p.reason)
    r.raise_if_problems()
    return pack


def load_text(text: str, source: str = "<text>", functions: Mapping[str, Callable[..., Any]] | None = None) -> RulePack:
    """A pack from TOML text."""
    reader = Reader(source)
    data = reader.parse(text)
    reader.raise_if_problems()
    return read_pack(data, source, functions)


def load_file(path: str | Path, functions: Mapping[str, Callable[..., Any]] | None = None) -> RulePack:
    """A pack that is not installed, from its TOML file.

    Raises:
        RulePackError: the file is missing, unreadable, not TOML, or breaks the format;
            every problem is listed.
    """
    if not isinstance(path, str | Path):
        shown = repr(path)
        raise RulePackError(shown, [Problem(shown, "$", f"expected a file path, got {type(path).__name__}")])
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RulePackError(str(file), [Problem(str(file), "$", f"cannot read the file: {error}")]) from None
    return load_text(text, str(file), functions)
