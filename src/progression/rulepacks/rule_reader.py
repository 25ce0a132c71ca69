"""Reading the values a pack's rules are made of: curves, requirements, costs, limits and effects.

Each is read from its TOML table (or the shorthand the format allows, such as a bare price
or a list of requirements) into a model object, every misfit a problem with its key path;
the sections that hold them are read by ``_loading``.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Collection, Mapping
from typing import Any

from progression._labels import Label
from progression.curves.closed import BandedCurve, LinearCurve, PolynomialCurve, SteppedCurve, TableCurve
from progression.curves.curve import Curve
from progression.curves.function import FunctionCurve
from progression.curves.scaled import ScaledCurve
from progression.engine.checks import LARGEST, digits
from progression.errors import ProgressionError
from progression.requirements.predicates import (
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
from progression.rulepacks.contract import is_contract_name
from progression.rulepacks.reader import Reader, shown, type_name
from progression.rules.parts import (
    ARG_TYPES,
    CHOICE,
    Arg,
    CostRule,
    CurveCost,
    Effect,
    Factor,
    FixedCost,
    FunctionCost,
    Limit,
)
from progression.spelling import closest, the_closest

__all__ = ["RuleReader"]

#: The forms of a requirement table, each named by its key.
_REQUIREMENT_FORMS = ("all", "any", "not", "at_least", "at_most", "owns", "owns_among", "tag", "arg", "predicate")
#: Where an upgrade's ``{choice}`` means something: keys of these tables under ``$.upgrades.<id>``...
_CHOICE_KEYS = (("limit", "maxima"), ("effect", "stats"), ("effect", "grants"))
#: ... the value of this key ...
_CHOICE_VALUES = (("cost", "axis"),)
#: ... and the values of this table.
_CHOICE_TABLES = (("effect", "tags"),)
_CHOICE_PLACES = (
    "an upgrade's cost.axis, the keys of its limit.maxima, effect.stats and effect.grants, "
    "and the values of its effect.tags"
)
#: The most steps a table written as runs may hold (a rulebook's table is a few dozen).
LONGEST_RUNS = 100_000
#: A ``{name}`` placeholder, the format's own or a misspelt one.
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
#: The keys whose texts are displayed, not read as ids: a brace there is the author's own text.
_DISPLAYED = frozenset(("label", "title", "description", "message", "names", "display"))


class RuleReader(Reader):
    """Reads the values rules are made of, resolving the names of the pack's Python functions."""

    def __init__(self, source: str, functions: Mapping[str, Callable[..., Any]]) -> None:
        super().__init__(source)
        self.functions = functions
        #: The key paths of the tables holding an unknown key (``$.stats.level`` for ``intial = 1``). A check
        #: comparing their values with others waits until it is fixed: the key meant reads as its default, which
        #: the file never wrote, and what the check would find is not what the file says.
        self.misread: set[str] = set()

    def extra(self, table: Mapping[str, Any], allowed: tuple[str, ...], path: str) -> None:
        found = len(self.problems)
        super().extra(table, allowed, path)
        if len(self.problems) > found:
            self.misread.add(path)

    def function_ref(
        self, body: Mapping[str, Any], key: str, path: str, *, takes: str = "context", keywords: Collection[str] = ()
    ) -> str | None:
        """The name of the pack's function under ``key``; a problem at ``path.key`` when the pack does not provide
        it, or when it cannot be called as it will be: with one argument (``takes``: the context, or a curve's
        step) and the ``keywords`` the file gives it (a predicate's ``args``)."""
        name = self.get(body, key, str, path, default=None)
        if name is not None and is_contract_name(name):
            self.problem(
                f"{path}.{key}",
                f"function {name!r} is a name of the command line's hooks (demo, tune, pack_for, action.<name>, ...), "
                "not a rule's function; give the rule a function of its own name",
            )
            return None
        if name is not None and name not in self.functions:
            if self.functions:
                hint = f"provided: {', '.join(sorted(self.functions))}"
            else:  # a file read on its own, or a pack() that forgot to pass them
                hint = (
                    "no functions were given: pass functions= to load_file/structure_pack, "
                    "or validate the installed pack by its name"
                )
            self.problem(f"{path}.{key}", f"function {name!r} is not provided by the pack; {hint}")
        elif name is not None:
            self.signature(name, f"{path}.{key}", takes, keywords)
        return name  # type: ignore[no-any-return]

    def signature(self, name: str, where: str, takes: str, keywords: Collection[str]) -> None:
        """A problem at ``where`` when the function ``name`` cannot be called as ``name(takes, **keywords)``:
        found when the pack loads, not in the middle of a quote."""
        function = self.functions[name]
        if not callable(function):
            self.problem(where, f"function {name!r} is not callable, got {function!r:.60}")
            return
        try:
            signature = inspect.signature(function)
        except (TypeError, ValueError):  # a builtin that tells no signature: it is called as it is
            return
        try:
            signature.bind(None, **dict.fromkeys(keywords))
        except TypeError as error:
            call = ", ".join((takes, *(f"{k}=..." for k in keywords)))
            self.problem(where, f"function {name!r} cannot be called as {name}({call}): {error}")

    def placeholders(self, data: Mapping[str, Any]) -> None:
        """Refuse ``{choice}`` wherever it would be read literally, and any other placeholder in an id.

        ``{choice}`` stands for the buyer's choice only in the places of ``_CHOICE_PLACES``, and only in an
        upgrade that takes a choice; anywhere else it would be an id nobody has (a maximum never reached,
        a price that never rises), so the file is refused. The pack's own ``[tables]`` are its own to read.
        """
        for section, value in data.items():
            if section != "tables":
                self._placeholders(value, f"$.{section}", (str(section),), data)

    def _placeholders(self, node: Any, path: str, parts: tuple[str, ...], data: Mapping[str, Any]) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                where = f"{path}.{key}"
                self._placeholder(str(key), where, (*parts, str(key)), data, key=True)
                self._placeholders(value, where, (*parts, str(key)), data)
        elif isinstance(node, list):
            for i, item in enumerate(node):
                self._placeholders(item, f"{path}[{i}]", (*parts, "[]"), data)
        elif isinstance(node, str):
            self._placeholder(node, path, parts, data, key=False)

    def _placeholder(self, text: str, path: str, parts: tuple[str, ...], data: Mapping[str, Any], *, key: bool) -> None:
        if "{" not in text or any(p.path == path for p in self.problems):  # reported already
            return
        displayed = bool(_DISPLAYED.intersection(parts))
        unknown = [p for p in _PLACEHOLDER.findall(text) if p != CHOICE]
        if unknown and not displayed:
            self.problem(
                path, f"unknown placeholder {unknown[0]!r}; the format knows only {CHOICE!r} (the buyer's choice)"
            )
            return
        if CHOICE not in text:
            return
        below = parts[2:4]
        meant = parts[0] == "upgrades" and (
            (key and len(parts) == 5 and below in _CHOICE_KEYS)
            or (not key and len(parts) == 4 and below in _CHOICE_VALUES)
            or (not key and len(parts) == 5 and below in _CHOICE_TABLES)
        )
        if not meant:
            self.problem(
                path, f"{CHOICE!r} means nothing here; it stands for the buyer's choice only in {_CHOICE_PLACES}"
            )
            return
        body = data["upgrades"][parts[1]]
        if "options" not in body and "items" not in body and f"$.upgrades.{parts[1]}" not in self.misread:
            self.problem(
                path,
                f"{CHOICE!r} stands for the buyer's choice, but upgrade {parts[1]!r} takes none; "
                "give it items or an options function",
            )

    def numbers(self, data: Mapping[str, Any]) -> None:
        """Refuse every number past :data:`~progression.engine.checks.LARGEST` either way (a quadrillion, the
        most a sheet file holds): an effect, a start, a maximum, a price or a curve's value past it would write
        a sheet no command reads again. The pack's own ``[tables]`` are its own to read."""
        for section, value in data.items():
            if section != "tables":
                self._numbers(value, f"$.{section}")

    def _numbers(self, node: Any, path: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                self._numbers(value, f"{path}.{key}")
        elif isinstance(node, list):
            for index, item in enumerate(node):
                self._numbers(item, f"{path}[{index}]")
        elif isinstance(node, int) and not isinstance(node, bool) and abs(node) > LARGEST:
            self.problem(
                path,
                f"a number must be at most {LARGEST:,} either way (the most a sheet file holds), "
                f"got one of {digits(node)} digits",
            )

    def curve(
        self,
        ident: str,
        body: dict[str, Any],
        path: str,
        *,
        base: Curve | None = None,
        defined: Collection[str] = (),
    ) -> Curve | None:
        """The curve of ``[curves.<ident>]``; a ``scaled`` one is a multiple of ``base``, the curve its
        ``of`` names among the ``defined`` ones (None when that one did not read)."""
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
            allowed += ("values", "runs", "beyond")
            build = self._table(body, path, common)
        elif kind == "linear":
            allowed += ("base", "step")
            first, step = self.get(body, "base", int, path), self.get(body, "step", int, path, default=0)
            if first is not None:
                build = lambda: LinearCurve(base=first, step=step, **common)  # noqa: E731
        elif kind == "stepped":
            allowed += ("width", "widths", "unit")
            build = self._stepped(body, path, common)
        elif kind == "polynomial":
            allowed += ("coefficients",)
            coefficients = self.ints(body, "coefficients", path)
            if coefficients is not None:
                build = lambda: PolynomialCurve(coefficients=coefficients, **common)  # noqa: E731
        elif kind == "function":
            allowed += ("function",)
            before = len(self.problems)
            name = self.function_ref(body, "function", path, takes="step")
            if name is not None and len(self.problems) == before:  # provided, and callable with a step
                compute = self.functions[name]
                build = lambda: FunctionCurve(function=name, compute=compute, **common)  # noqa: E731
        elif kind == "scaled":
            allowed += ("of", "scale")
            build = self._scaled(body, path, common, base, defined)
        elif kind is not None:
            kinds = ("table", "linear", "stepped", "polynomial", "scaled", "function")
            self.problem(
                f"{path}.kind",
                f"unknown curve kind {kind!r}; expected {', '.join(kinds[:-1])} or {kinds[-1]}"
                + the_closest(closest(kind, kinds)),
            )
            return None  # which keys the curve may have depends on its kind: an unknown one says nothing of them
        self.extra(body, allowed, path)
        if build is None:
            return None
        try:
            return build()
        except ProgressionError as error:
            self.problem(path, str(error))
            return None

    def _table(self, body: Mapping[str, Any], path: str, common: dict[str, Any]) -> Callable[[], Curve] | None:
        if "values" in body and "runs" in body:
            self.problem(path, "give 'values' (one price a step) or 'runs' ([steps, price] pairs), not both")
        values = self.runs(body, path) if "runs" in body else self.ints(body, "values", path)
        beyond = self.get(body, "beyond", str, path, default="error")
        if values is None:
            return None
        return lambda: TableCurve(values=values, beyond=beyond, **common)

    def _stepped(self, body: Mapping[str, Any], path: str, common: dict[str, Any]) -> Callable[[], Curve] | None:
        unit = self.get(body, "unit", int, path, default=1)
        if "widths" not in body:
            width = self.get(body, "width", int, path)
            return None if width is None else lambda: SteppedCurve(width=width, unit=unit, **common)
        if "width" in body:  # bands of unequal width
            self.problem(path, "give 'width' (bands of one width) or 'widths' (one width a band), not both")
        widths = self.ints(body, "widths", path)
        return None if widths is None else lambda: BandedCurve(widths=widths, unit=unit, **common)

    def _scaled(
        self, body: Mapping[str, Any], path: str, common: dict[str, Any], base: Curve | None, defined: Collection[str]
    ) -> Callable[[], Curve] | None:
        of, scale = self.get(body, "of", str, path), self.get(body, "scale", int, path)
        if scale is not None and scale < 0:
            self.problem(f"{path}.scale", f"a scale is a whole number >= 0, got {scale}")
            scale = None
        if of is not None and of not in defined:
            self.problem(f"{path}.of", f"curve {of!r} is not defined; defined: {', '.join(sorted(defined)) or 'none'}")
        if base is None or scale is None:
            return None
        factor = scale
        return lambda: ScaledCurve(of=base, scale=factor, **common)

    def runs(self, body: Mapping[str, Any], path: str) -> tuple[int, ...] | None:
        """A table's prices written as runs, ``[[6, 25], [5, 30]]``: 6 steps at 25, then 5 at 30."""
        raw = self.get(body, "runs", list, path)
        if raw is None:
            return None
        values: list[int] = []
        fits = True
        for i, run in enumerate(raw):
            where = f"{path}.runs[{i}]"
            pair = isinstance(run, list) and len(run) == 2
            if not pair or any(isinstance(x, bool) or not isinstance(x, int) for x in run):
                self.problem(where, f"a run is [steps, price], two whole numbers, got {shown(run)}")
                fits = False
                continue
            steps, price = run
            if steps < 1:
                self.problem(where, f"a run covers at least 1 step, got {steps}")
                fits = False
            elif len(values) + steps > LONGEST_RUNS:
                self.problem(where, f"the runs reach past {LONGEST_RUNS} steps; a table holds at most that many")
                return None
            else:
                values.extend([price] * steps)
        return tuple(values) if fits else None

    def requirement(self, raw: Any, path: str) -> Requirement | None:
        if isinstance(raw, list):
            items = [self.requirement(item, f"{path}[{i}]") for i, item in enumerate(raw)]
            return AllOf(items=[i for i in items if i is not None])
        if not isinstance(raw, dict):
            self.problem(path, f"expected a requirement table or a list of them, got {shown(raw)}")
            return None
        message = self.get(raw, "message", str, path, default=None)
        forms = [k for k in _REQUIREMENT_FORMS if k in raw]
        if len(forms) != 1:
            self.problem(path, f"a requirement needs exactly one of {', '.join(_REQUIREMENT_FORMS)}; got {sorted(raw)}")
            return None
        form = forms[0]
        if form in ("all", "any"):
            items = self.get(raw, form, list, path)
            if form == "any" and items == []:  # an empty `all` always holds; an empty `any` never does
                self.problem(
                    f"{path}.any",
                    "expected one or more requirements, of which one must hold; an empty 'any' never holds",
                )
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
            if count is not None and count < 1:  # owning it 0 times always holds: `not = { owns = ... }` says "not"
                self.problem(f"{path}.count", f"expected a count >= 1 (not = {{ owns = ... }} for none), got {count}")
            return Owns(item=item, count=count, message=message) if item else None
        if form == "owns_among":
            among = self.distinct(raw, "owns_among", path, default=())
            count = self.get(raw, "count", int, path, default=1)
            what = self.get(raw, "what", str, path, default="items")
            self.extra(raw, ("owns_among", "count", "what", "message"), path)
            if count is not None and not 1 <= count <= len(among):  # 0 always holds; more than listed, never
                self.problem(f"{path}.count", f"expected a count from 1 to the {len(among)} listed, got {count}")
            return OwnsAmong(among=among, count=count, what=what, message=message)
        if form == "tag":
            return self._tag(raw, path, message)
        if form == "arg":
            arg = self.get(raw, "arg", str, path)
            value = self.get(raw, "is", (bool, int, str), path, default=True)
            self.extra(raw, ("arg", "is", "message"), path)
            return GivenArg(arg=arg, value=value, message=message) if arg else None
        args = self.get(raw, "args", dict, path, default={})
        name = self.function_ref(raw, "predicate", path, keywords=tuple(args))
        self.extra(raw, ("predicate", "args", "message"), path)
        return Predicate(function=name, args=args, message=message) if name else None

    def _tag(self, raw: Mapping[str, Any], path: str, message: str | None) -> HasTag | None:
        """``{ tag = "career" }`` (set), ``{ tag = "career", is = "soldier" }``, or ``among = [...]``."""
        tag = self.get(raw, "tag", str, path)
        value = self.get(raw, "is", str, path, default=None)
        among = self.distinct(raw, "among", path, default=())
        self.extra(raw, ("tag", "is", "among", "message"), path)
        if value is not None and among:
            self.problem(path, "a tag requirement gives 'is' (one value) or 'among' (several), not both")
        if "among" in raw and not among:  # read as "the tag is set", which an empty list cannot mean
            self.problem(f"{path}.among", "expected the values the tag may hold (one or more), got none")
        return HasTag(tag=tag, value=value, among=among, message=message) if tag else None

    def args(self, raw: Any, path: str) -> dict[str, Arg]:
        """An upgrade's ``args``: ``{ out_of_career = "bool" }``, or ``{ type = ..., label = ..., default = ... }``."""
        if not isinstance(raw, dict):
            self.problem(path, f"expected a table of arguments (name = type), got {shown(raw)}")
            return {}
        declared = {}
        for name, body in raw.items():
            where = f"{path}.{name}"
            spec = {"type": body} if isinstance(body, str) else body
            if not isinstance(spec, dict):
                self.problem(where, f"expected a type ({', '.join(ARG_TYPES)}) or a table with type, got {shown(body)}")
                continue
            self.extra(spec, ("type", "label", "default"), where)
            kind = self.get(spec, "type", str, where)
            if kind not in ARG_TYPES:
                if kind is not None:
                    self.problem(f"{where}.type", f"expected one of {', '.join(ARG_TYPES)}, got {kind!r}")
                continue
            label = self.label(spec, where) if "label" in spec else Label.same(name)
            arg = Arg(id=name, label=label, type=kind, default=ARG_TYPES[kind])
            if "default" in spec:
                wrong = arg.mismatch(spec["default"])
                if wrong is None:
                    arg = Arg(id=name, label=label, type=kind, default=spec["default"])
                else:
                    self.problem(f"{where}.default", f"argument {name!r} is {wrong}")
            declared[name] = arg
        return declared

    def factors(self, raw: Any, path: str) -> tuple[Factor, ...]:
        """A cost's ``multiply``: ``[{ by = 2, when = <requirement> }, ...]``, each applied when its requirement holds."""
        if not isinstance(raw, list):
            self.problem(path, f"expected a list of factors ({{ by = 2, when = ... }}), got {shown(raw)}")
            return ()
        found = []
        for index, item in enumerate(raw):
            where = f"{path}[{index}]"
            if not isinstance(item, dict):
                self.problem(where, f"expected a factor table ({{ by = 2, when = ... }}), got {shown(item)}")
                continue
            self.extra(item, ("by", "when"), where)
            by = self.get(item, "by", int, where)
            if by is not None and by < 0:
                self.problem(f"{where}.by", f"a factor is a whole number >= 0, got {by}")
            when = self.requirement(item["when"], f"{where}.when") if "when" in item else None
            if "when" not in item:
                self.problem(f"{where}.when", "required key 'when' is missing (the requirement under which it applies)")
            if by is not None and by >= 0 and when is not None:
                found.append(Factor(by=by, when=when))
        return tuple(found)

    def cost(self, raw: Any, path: str) -> CostRule | None:
        if isinstance(raw, int) and not isinstance(raw, bool):
            if raw < 0:
                self.problem(path, f"a price is a whole number >= 0, got {raw}")
            return FixedCost(amount=raw)
        if not isinstance(raw, dict):
            self.problem(path, f"expected an amount or a table with amount, curve+axis or function; got {shown(raw)}")
            return None
        if "amount" in raw:
            self.extra(raw, ("amount", "multiply"), path)
            amount = self.get(raw, "amount", int, path)
            if amount is not None and amount < 0:
                self.problem(f"{path}.amount", f"a price is a whole number >= 0, got {amount}")
            return FixedCost(amount=amount) if amount is not None else None
        if "curve" in raw:
            self.extra(raw, ("curve", "axis", "multiply"), path)
            curve, axis = self.get(raw, "curve", str, path), self.get(raw, "axis", str, path)
            return CurveCost(curve=curve, axis=axis) if curve and axis else None
        if "function" in raw:
            self.extra(raw, ("function", "multiply"), path)
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
                self.problem(f"{path}.limit.maxima.{quantity}", f"expected an integer, got {shown(value)}")
        return Limit(times=times, maxima=maxima)

    def effect(self, raw: Any, path: str) -> Effect:
        if not isinstance(raw, dict):
            self.problem(path, f"expected an effect table, got {shown(raw)}")
            return Effect()
        self.extra(raw, ("stats", "grants", "tags", "untag"), path)
        parts = {}
        for key, kind in (("stats", int), ("grants", int), ("tags", str)):
            table = self.get(raw, key, dict, path, default={})
            kept = {}
            for name, value in table.items():
                if isinstance(value, bool) or not isinstance(value, kind):
                    self.problem(f"{path}.{key}.{name}", f"expected {type_name(kind)}, got {shown(value)}")
                elif key == "grants" and isinstance(value, int) and value < 1:  # taking items away is rule code's
                    self.problem(
                        f"{path}.grants.{name}", f"expected a count of items >= 1 (a grant adds them), got {value!r}"
                    )
                else:
                    kept[name] = value
            # what was refused is left out: the checks that read the effect next see only what it can mean
            parts[key] = kept
        return Effect(untag=self.distinct(raw, "untag", path, default=()), **parts)
