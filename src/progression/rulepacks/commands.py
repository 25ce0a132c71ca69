"""The commands a pack declares for the command line: an action, an explanation, a report, a factory, a
simulation, an exact computation, a computed table, a tuner, ``pack_for``, a demo and a printable roster,
each naming its function (or, for an action, its operation), with its options read from it once, when the
pack loads."""

from __future__ import annotations

import functools
import inspect
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

import attrs

from progression.errors import InvalidInput, PackFunctionError, UnknownOption
from progression.rulepacks.options import REQUIRED, Option, OptionType, docs_of, hint_of, option_type
from progression.spelling import closest, the_closest

__all__ = [
    "Action",
    "Command",
    "ComputedTable",
    "Demo",
    "Exact",
    "Explanation",
    "Factory",
    "PackFor",
    "Page",
    "Report",
    "Roster",
    "Signature",
    "Simulation",
    "Tuner",
]


@attrs.frozen(kw_only=True)
class Signature:
    """What the contract reads of a command: its options, and how its function takes them."""

    options: tuple[Option, ...]
    #: The function reads its options as text itself (``**options: str``): it is given each as written.
    text: bool = False
    #: Options not declared are taken too, as values of this type (a catch-all ``**params`` of old packs).
    others: OptionType | None = None


def _option_tuple(value: Iterable[Option] | None) -> tuple[Option, ...] | None:
    return None if value is None else tuple(value)


def _first_line(doc: str | None) -> str:
    """The summary of a docstring: its first paragraph, on one line."""
    paragraph = inspect.cleandoc(doc or "").split("\n\n", 1)[0]
    return " ".join(line.strip() for line in paragraph.splitlines())


@attrs.frozen(kw_only=True)
class Command:
    """A command a pack offers: its name, its function, its one-line doc and its options.

    The options are read from the function's parameters after the ones every command of the kind takes
    (``pack, sheet, dice`` for an action), each a keyword with a type annotation; a function that takes
    ``**options`` instead lists them in ``options``. A function taking ``**options: str`` reads each
    option as text itself: it is given each value written as the command line writes it.
    """

    #: What the command is called in messages (``action``, ``report``, ...).
    role: ClassVar[str] = "command"
    #: The leading parameters every command of the kind takes, in order.
    fixed: ClassVar[tuple[str, ...]] = ("pack",)
    #: Whether a command of the kind takes options at all.
    takes_options: ClassVar[bool] = True

    #: Its name on the command line (``match``, ``standings``).
    name: str
    #: The function it calls.
    function: Callable[..., Any] | None = None
    #: The options, when the function cannot say them (it takes ``**options``); read from it otherwise.
    options: tuple[Option, ...] | None = attrs.field(default=None, converter=_option_tuple)
    #: The one-line doc; the first line of the function's docstring when not given.
    doc: str | None = None
    #: Options it does not declare are taken too, of its ``**options``' type: for a function that reads
    #: keys only it knows (a starting level per competence of a campaign file given as an option).
    open: bool = False

    @property
    def what(self) -> str:
        """``action 'match'``, for messages."""
        return f"{self.role} {self.name!r}"

    @property
    def summary(self) -> str:
        """The one-line doc: as given, or the first line of the function's (or operation's) docstring."""
        return self.doc if self.doc is not None else _first_line(self._source_doc())

    def _source_doc(self) -> str | None:
        return None if self.function is None else self.function.__doc__

    # -- the signature, read once -----------------------------------------------------------

    @functools.cached_property
    def signature(self) -> Signature:
        """The options and how the function takes them.

        Raises:
            InvalidInput: a function of the wrong shape, an option without a type or of a type that
                cannot be read, two options of one name.
        """
        found = self._read()
        names = [o.name for o in found.options]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            msg = f"the option {twice[0]!r} of {self.what} is declared twice"
            raise InvalidInput(msg)
        if found.options and not self.takes_options:
            msg = f"a {self.role} takes no options, got {', '.join(names)} for {self.what}"
            raise InvalidInput(msg)
        for option in found.options:
            try:
                option.kind  # noqa: B018 - read now, so a type that cannot be read is found at load
            except InvalidInput as error:
                msg = f"option {option.name!r} of {self.what} cannot be read ({error})"
                raise InvalidInput(msg) from None
        return found

    def _read(self) -> Signature:
        function = self.function
        if not callable(function):
            msg = f"expected a function as {self.what}, got {function!r}"
            raise InvalidInput(msg)
        try:
            parameters = list(inspect.signature(function).parameters.values())
        except (TypeError, ValueError):
            msg = f"the signature of {function!r}, {self.what}, cannot be read"
            raise InvalidInput(msg) from None
        shape = f"({', '.join(self.fixed)}, ...)"
        named = getattr(function, "__qualname__", repr(function))
        lead = parameters[: len(self.fixed)]
        positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
        if len(lead) < len(self.fixed) or any(p.kind not in positional for p in lead):
            msg = f"{named} ({self.what}) must take {shape} first, got ({', '.join(str(p) for p in parameters)})"
            raise InvalidInput(msg)
        docs = docs_of(inspect.getdoc(function))
        options, text, others = [], False, None
        for parameter in parameters[len(self.fixed) :]:
            if parameter.kind is inspect.Parameter.VAR_POSITIONAL:
                msg = f"{named} ({self.what}) takes *{parameter.name}; options are named, as keywords"
                raise InvalidInput(msg)
            if parameter.kind is inspect.Parameter.POSITIONAL_ONLY:
                msg = f"option {parameter.name!r} of {named} ({self.what}) is positional-only; options are keywords"
                raise InvalidInput(msg)
            if parameter.kind is inspect.Parameter.VAR_KEYWORD:
                hint = hint_of(function, parameter) if parameter.annotation is not inspect.Parameter.empty else str
                text = hint is str
                if self.open:
                    others = option_type(hint)
                elif self.options is None:
                    msg = (
                        f"{named} ({self.what}) takes **{parameter.name}, so its options cannot be read "
                        f"from it: name them as parameters with types, or list them (options=[Option(...)])"
                    )
                    raise InvalidInput(msg)
                continue
            if parameter.annotation is inspect.Parameter.empty:
                msg = (
                    f"option {parameter.name!r} of {named} ({self.what}) has no type annotation; "
                    f"annotate it ({parameter.name}: str, int, bool, ...)"
                )
                raise InvalidInput(msg)
            default = REQUIRED if parameter.default is inspect.Parameter.empty else parameter.default
            options.append(
                Option(
                    name=parameter.name,
                    type=hint_of(function, parameter),
                    default=default,
                    doc=docs.get(parameter.name, ""),
                )
            )
        if self.options is not None:
            if options:
                msg = (
                    f"options of {self.what} are listed, but {named} names its own "
                    f"({', '.join(o.name for o in options)})"
                )
                raise InvalidInput(msg)
            if not text and others is None and not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
                msg = f"options of {self.what} are listed, but {named} takes no **options to receive them"
                raise InvalidInput(msg)
            options = [o if o.doc else attrs.evolve(o, doc=docs.get(o.name, "")) for o in self.options]
        return Signature(options=tuple(options), text=text, others=others)

    # -- options from the command line and from programs ------------------------------------------

    def option(self, name: str, *, called: str | None = None) -> Option:
        """The option ``name``.

        Args:
            called: The command as it was run, for the message (``league amend``); :attr:`what` by default.

        Raises:
            UnknownOption: the command has no such option; the message lists those it has, and the closest.
        """
        for option in self.signature.options:
            if option.name == name:
                return option
        raise UnknownOption(called or self.what, [name], [o.name for o in self.signature.options])

    def read(self, texts: Mapping[str, str], *, complete: bool = True, called: str | None = None) -> dict[str, object]:
        """The values ``key=value`` words give, each read by the type its option declares.

        To a function that reads its options as text, an empty value (``treasury=``) is no value, as
        such functions have always read it: the option is left out.

        Args:
            called: The command as it was run, named by a refusal (``league amend``, where the options of a
                league's match are declared once for ``league record`` and ``league amend``); :attr:`what` by
                default.

        Raises:
            InvalidInput: an unknown option (:class:`~progression.errors.UnknownOption`), a value that is not of
                the option's type, a required option missing; the message names the option, what was expected
                and what came.
        """
        what = called or self.what
        values: dict[str, object] = {}
        others = self.signature.others
        declared = [o.name for o in self.signature.options]
        unknown = [name for name in texts if others is None and name not in declared]
        if unknown:  # every word it does not take at once, each with its closest
            raise UnknownOption(what, unknown, declared)
        for name, text in texts.items():
            if others is not None and name not in {o.name for o in self.signature.options}:
                kind = others
            else:
                kind = self.option(name, called=what).kind
            if self.signature.text and not text.strip():
                continue
            try:
                values[name] = kind.read(text)
            except ValueError:
                close = closest(text, kind.words)
                msg = f"option {name!r} of {what} expects {kind.shown}, got {text!r}{the_closest(close)}"
                raise InvalidInput(msg) from None
        if complete:
            self._missing(values, what)
        return values

    def _missing(self, values: Mapping[str, object], what: str | None = None) -> None:
        missing = [o.name for o in self.signature.options if o.required and o.name not in values]
        if missing:
            option = self.option(missing[0])
            msg = f"the option {option.name!r} ({option.kind.shown}) of {what or self.what} is required; none was given"
            raise InvalidInput(msg)

    def coerce(self, values: Mapping[str, object]) -> dict[str, object]:
        """``values`` with each text read by its option's type (a program may give ``{"levels": "5"}``
        as the command line would, or ``{"levels": 5}``); other values are kept for :meth:`bind` to check."""
        found: dict[str, object] = {}
        for name, value in values.items():
            if isinstance(value, str):
                found.update(self.read({name: value}, complete=False))
            else:
                found[name] = value
        return found

    def bind(self, values: Mapping[str, object]) -> dict[str, object]:
        """What the function is given for ``values`` (from a program, typed), checked against the options.

        Raises:
            InvalidInput: an unknown option, a value not of its option's type, a required option missing.
        """
        signature = self.signature
        given: dict[str, object] = {}
        for name, value in values.items():
            if signature.others is not None and name not in {o.name for o in signature.options}:
                kind = signature.others
            else:
                kind = self.option(name).kind
            if not kind.accepts(value):
                msg = f"option {name!r} of {self.what} expects {kind.shown}, got {value!r}"
                raise InvalidInput(msg)
            given[name] = kind.write(value) if signature.text else value
        self._missing(values)
        return given

    def __call__(self, *fixed: Any, **values: Any) -> Any:
        """Call the function with the leading arguments and the options, both checked.

        Raises:
            InvalidInput: wrong options (see :meth:`bind`), or a result that is not what the kind returns.
        """
        if len(fixed) != len(self.fixed):
            msg = f"{self.what} is called with ({', '.join(self.fixed)}), got {len(fixed)} arguments"
            raise InvalidInput(msg)
        return self.result(self._call(fixed, self.bind(values)))

    def _call(self, fixed: Sequence[Any], options: Mapping[str, object]) -> Any:
        if self.function is None:
            msg = f"{self.what} names no function to call"
            raise InvalidInput(msg)
        return self.function(*fixed, **options)

    def result(self, value: Any) -> Any:
        """``value`` when it is what a command of the kind returns."""
        return value

    def _refuse(self, value: object, expected: str) -> typing.NoReturn:
        """The pack's function broke its contract: the pack's bug, not the caller's input."""
        msg = f"{self.what} must return {expected}, got {type(value).__name__}"
        raise PackFunctionError(msg)

    def data(self) -> dict[str, object]:
        """The command as JSON data: its doc and options."""
        return {"doc": self.summary, "options": [o.data() for o in self.signature.options]}


def _rows(command: Command, value: object) -> list[dict[str, object]]:
    if not isinstance(value, Sequence) or isinstance(value, str) or not all(isinstance(r, Mapping) for r in value):
        command._refuse(value, "a list of rows (mappings)")
    return [dict(row) for row in value]


def _operation_options(cls: type[Any]) -> tuple[Option, ...]:
    from progression.engine.declared import resolved  # the engine's reading of an operation's field types

    docs = docs_of(cls.__doc__)
    found = []
    for field in attrs.fields(resolved(cls)):
        if not field.init:
            continue
        if field.default is attrs.NOTHING:
            default = REQUIRED
        elif isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]  # a class at run time
            made: Any = field.default
            default = made.factory() if not made.takes_self else REQUIRED
        else:
            default = field.default
        doc = field.metadata.get("doc", docs.get(field.name, ""))
        found.append(Option(name=field.alias or field.name, type=field.type, default=default, doc=doc))
    return tuple(found)


@attrs.frozen(kw_only=True)
class Action(Command):
    """A change to a sheet file: ``function(pack, sheet, dice, **options) -> Sheet``, or an operation.

    Bound to an :class:`~progression.Operation` class (``operation=Hire``, or a function declared with
    :func:`progression.operation`), its options are the operation's fields, and running it runs the
    operation through the engine.
    """

    role: ClassVar[str] = "action"
    fixed: ClassVar[tuple[str, ...]] = ("pack", "sheet", "dice")

    #: The operation the action runs, when it is bound to one (its fields are the options).
    operation: type[Any] | None = None

    def __attrs_post_init__(self) -> None:
        # A function declared with ``progression.operation`` stands for its operation class.
        bound = getattr(self.function, "operation", None)
        if self.operation is None and isinstance(bound, type):
            object.__setattr__(self, "operation", bound)
            object.__setattr__(self, "function", None)

    def _source_doc(self) -> str | None:
        return self.operation.__doc__ if self.operation is not None else super()._source_doc()

    def _read(self) -> Signature:
        if self.operation is None:
            return super()._read()
        from progression.ledger.events import Operation

        if not (
            isinstance(self.operation, type) and issubclass(self.operation, Operation) and attrs.has(self.operation)
        ):
            msg = f"expected an attrs Operation class as {self.what}, got {self.operation!r}"
            raise InvalidInput(msg)
        try:
            return Signature(options=_operation_options(self.operation))
        except InvalidInput as error:
            msg = f"{error} (in {self.what})"
            raise InvalidInput(msg) from None

    def _call(self, fixed: Sequence[Any], options: Mapping[str, object]) -> Any:
        if self.operation is None:
            return super()._call(fixed, options)
        from progression.engine.run import run

        pack, sheet, dice = fixed
        try:
            operation = self.operation(**options)
        except (TypeError, ValueError) as error:  # the operation's own validators refuse a value
            if isinstance(error, InvalidInput):
                raise
            msg = f"{error} (in {self.what})"
            raise InvalidInput(msg) from None
        return run(pack, sheet, operation, dice)[0]

    def result(self, value: Any) -> Any:
        from progression.ledger.sheet import Sheet

        if not isinstance(value, Sheet):
            self._refuse(value, "the sheet it changed")
        return value


@attrs.frozen(kw_only=True)
class Explanation(Command):
    """How a figure of a sheet was reached: ``function(pack, sheet, **options)``, returning an object with
    ``what``, ``total`` and ``items`` (each with ``label``, ``amount`` and ``rule``)."""

    role: ClassVar[str] = "explanation"
    fixed: ClassVar[tuple[str, ...]] = ("pack", "sheet")

    def result(self, value: Any) -> Any:
        if not all(hasattr(value, a) for a in ("what", "total", "items")):
            self._refuse(value, "an explanation (what, total and items)")
        return value


@attrs.frozen(kw_only=True)
class Report(Command):
    """A table over several sheets (a league's standings): ``function(pack, sheets, **options) -> rows``."""

    role: ClassVar[str] = "report"
    fixed: ClassVar[tuple[str, ...]] = ("pack", "sheets")

    def result(self, value: Any) -> Any:
        return _rows(self, value)


@attrs.frozen(kw_only=True)
class Factory(Command):
    """A new sheet (a team drafted from a roster): ``function(pack, **options) -> Sheet``.

    Its ``name`` (``kind=`` when declared) is what ``progression sheet new --kind`` takes: a kind of
    sheet of the pack, or a variant of one (Blood Bowl's ``matched_play_team`` makes a team).
    """

    role: ClassVar[str] = "factory"
    fixed: ClassVar[tuple[str, ...]] = ("pack",)

    name: str = attrs.field(alias="kind")

    @property
    def what(self) -> str:
        return f"factory of {self.name!r}"

    @property
    def kind(self) -> str:
        """The kind of sheet it makes."""
        return self.name

    def result(self, value: Any) -> Any:
        from progression.ledger.sheet import Sheet

        if not isinstance(value, Sheet):
            self._refuse(value, "a Sheet")
        return value


@attrs.frozen(kw_only=True)
class Simulation(Command):
    """One Monte Carlo trial: ``function(pack, dice, **options) -> int``, a count >= 0."""

    role: ClassVar[str] = "simulation"
    fixed: ClassVar[tuple[str, ...]] = ("pack", "dice")

    def result(self, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            msg = f"{self.what} must return a count >= 0, got {value!r}"
            raise PackFunctionError(msg)
        return value


@attrs.frozen(kw_only=True)
class Exact(Command):
    """Exact probabilities: ``function(pack, **options) -> {outcome: Fraction}``."""

    role: ClassVar[str] = "exact computation"
    fixed: ClassVar[tuple[str, ...]] = ("pack",)

    def result(self, value: Any) -> Any:
        if not isinstance(value, Mapping):
            msg = f"{self.what} must return a mapping of outcomes to fractions, got {value!r:.60}"
            raise InvalidInput(msg)
        checked = {}
        for outcome, probability in value.items():
            if isinstance(probability, bool) or not isinstance(probability, Fraction | int):
                msg = f"the probability of {outcome!r} from {self.what} must be a Fraction, got {probability!r}"
                raise InvalidInput(msg)
            checked[str(outcome)] = Fraction(probability)
        return checked


@attrs.frozen(kw_only=True)
class ComputedTable(Command):
    """A table the pack computes (``progression table PACK NAME``): ``function(pack, language) -> rows``."""

    role: ClassVar[str] = "table"
    fixed: ClassVar[tuple[str, ...]] = ("pack", "language")
    takes_options: ClassVar[bool] = False

    def result(self, value: Any) -> Any:
        return _rows(self, value)


@attrs.frozen(kw_only=True)
class Tuner(Command):
    """The pack rebuilt with other settings (``plot --tune``): ``function(pack, **settings) -> RulePack``."""

    role: ClassVar[str] = "tuner"
    fixed: ClassVar[tuple[str, ...]] = ("pack",)

    name: str = "tune"

    def result(self, value: Any) -> Any:
        from progression.engine.run import Rules

        if not isinstance(value, Rules):
            self._refuse(value, "a RulePack")
        return value


@attrs.frozen(kw_only=True)
class PackFor(Command):
    """The pack a sheet was made with, when its sheets carry their own variant (a campaign file):
    ``function(pack, sheet) -> RulePack``."""

    role: ClassVar[str] = "pack_for"
    fixed: ClassVar[tuple[str, ...]] = ("pack", "sheet")
    takes_options: ClassVar[bool] = False

    name: str = "pack_for"

    def result(self, value: Any) -> Any:
        from progression.engine.run import Rules

        if not isinstance(value, Rules):
            self._refuse(value, "a RulePack")
        return value


@attrs.frozen(kw_only=True)
class Demo(Command):
    """The pack's demonstration (``progression demo``): ``function(pack, say)``, saying each step."""

    role: ClassVar[str] = "demo"
    fixed: ClassVar[tuple[str, ...]] = ("pack", "say")
    takes_options: ClassVar[bool] = False

    name: str = "demo"


def _texts(texts: Iterable[str]) -> tuple[str, ...]:
    return tuple(texts)


def _lines(lines: Iterable[Iterable[Any]]) -> tuple[tuple[Any, ...], ...]:
    """Rows or facts as tuples, so that a page cannot change once made."""
    return tuple(tuple(line) for line in lines)


@attrs.frozen(kw_only=True)
class Page:
    """A page to print: a title, facts above a table (``("Roster", "Human")``), the table, facts below it.

    What a :class:`Roster` function returns; the command line prints it as a table, plain text, JSON or a
    standalone HTML page. Every cell is a text, as it is to be printed (``"3+"``, ``"60,000"``).
    """

    title: str
    columns: tuple[str, ...] = attrs.field(converter=_texts)
    rows: tuple[tuple[str, ...], ...] = attrs.field(converter=_lines)
    #: Label and value of each fact printed above the table.
    heading: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_lines)
    #: Label and value of each fact printed below the table (the totals).
    footing: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_lines)

    def problems(self) -> list[str]:
        """What keeps the page from printing as it says: a cell that is not text, a row of another width."""
        found = []
        texts = [self.title, *self.columns, *(c for row in self.rows for c in row)]
        texts += [t for pair in (*self.heading, *self.footing) for t in pair]
        if not all(isinstance(text, str) for text in texts):
            found.append("every title, column, cell and fact is a text")
        found += [
            f"row {i} has {len(row)} cells for {len(self.columns)} columns"
            for i, row in enumerate(self.rows)
            if len(row) != len(self.columns)
        ]
        found += [
            f"a fact is a label and a value, got {pair!r}" for pair in (*self.heading, *self.footing) if len(pair) != 2
        ]
        return found


@attrs.frozen(kw_only=True)
class Roster(Command):
    """The page a roster sheet prints (a team's roster sheet, with its players and its staff):
    ``function(pack, sheet) -> Page``, for ``progression sheet roster FILE``."""

    role: ClassVar[str] = "roster"
    fixed: ClassVar[tuple[str, ...]] = ("pack", "sheet")
    takes_options: ClassVar[bool] = False

    name: str = "roster"

    def result(self, value: Any) -> Any:
        if not isinstance(value, Page) or value.problems():
            self._refuse(value, "a Page (" + "; ".join(value.problems()) + ")" if isinstance(value, Page) else "a Page")
        return value
