"""A pack's contract with the command line: its commands, declared, and checked when the pack loads.

A pack offers the command line (and any program) a few kinds of command: actions on a sheet file
(record a match, roll a test), explanations of a figure, reports over several sheets, factories of
new sheets, Monte Carlo simulations, exact probabilities, computed tables, a tuner, the pack a sheet
was made with, and a demo. Each is a small frozen declaration naming its function; its **options**
(name, type, default, doc, choices) are read from the function's signature, or from the fields of
the operation an action is bound to, so the command line parses, checks, documents and lists them
from the one declaration::

    def train(pack: RulePack, sheet: Sheet, dice: Dice, *, days: int = 1) -> Sheet:
        '''Train for some days: each day gives 1D6 experience.

        Args:
            days: how many days of training.
        '''

    contract = Contract(actions=[Action(name="train", function=train)], demo=demo)

The declarations are checked when the pack is made (:class:`~progression.RulePack` raises a
:class:`~progression.errors.RulePackError` naming the pack and the entry): a parameter without a
type, a type the command line cannot read, a function of the wrong shape, two entries of one name.
"""

from __future__ import annotations

import functools
import inspect
import types
import typing
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Literal

import attrs

from progression.errors import InvalidInput, UnknownName

__all__ = [
    "REQUIRED",
    "Action",
    "Command",
    "ComputedTable",
    "Contract",
    "Demo",
    "Exact",
    "Explanation",
    "Factory",
    "Option",
    "OptionType",
    "PackFor",
    "Report",
    "Simulation",
    "Tuner",
    "option_type",
]


class _Required:
    """The default of an option that must be given."""

    _instance: ClassVar[_Required | None] = None

    def __new__(cls) -> _Required:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "REQUIRED"


#: The default of an option that has none: the option must be given.
REQUIRED: Any = _Required()

#: The digits a whole number is written with (``²`` and ``٣`` are digits to Python, not to a command line).
_DIGITS = frozenset("0123456789")


# -- option types --------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class OptionType:
    """How an option's value is written as text, read back, and checked when a program gives it.

    Made from an annotation by :func:`option_type`: ``str``, ``int``, ``bool``, a ``Literal`` of texts,
    a tuple (or list, or sequence) of one of these, or one of these ``| None``.
    """

    #: What is expected, in words: ``text``, ``whole number``, ``yes|no``, ``block|dodge``, ``text,...``.
    shown: str
    #: ``text``, ``int``, ``bool``, ``choice``, ``list`` or ``optional``.
    family: str
    #: The texts a choice takes.
    choices: tuple[str, ...] = ()
    #: The type of the items of a list, or of the value of an optional.
    item: OptionType | None = None

    def read(self, text: str) -> object:
        """The value ``text`` writes, or :class:`ValueError` when it writes none of this type."""
        if self.family == "text":
            return text
        if self.family == "int":
            digits = text.strip().removeprefix("-")
            if not digits or not set(digits) <= _DIGITS:
                raise ValueError(text)
            return int(text.strip())
        if self.family == "bool":
            word = text.strip().lower()
            if word not in ("yes", "no", "true", "false"):
                raise ValueError(text)
            return word in ("yes", "true")
        if self.family == "choice":
            if text.strip() not in self.choices:
                raise ValueError(text)
            return text.strip()
        assert self.item is not None
        if self.family == "optional":
            return None if text.strip().lower() in ("", "none") else self.item.read(text)
        return tuple(self.item.read(part.strip()) for part in text.split(",") if part.strip())

    def accepts(self, value: object) -> bool:
        """Whether ``value``, given by a program, is of this type."""
        if self.family == "text":
            return isinstance(value, str)
        if self.family == "int":
            return isinstance(value, int) and not isinstance(value, bool)
        if self.family == "bool":
            return isinstance(value, bool)
        if self.family == "choice":
            return value in self.choices
        assert self.item is not None
        if self.family == "optional":
            return value is None or self.item.accepts(value)
        return isinstance(value, list | tuple) and all(self.item.accepts(v) for v in value)

    def write(self, value: object) -> str:
        """``value`` as the command line writes it (what :meth:`read` reads back)."""
        if self.family == "bool":
            return "yes" if value else "no"
        if self.family == "optional":
            return "" if value is None else self.item.write(value)  # type: ignore[union-attr]
        if self.family == "list":
            return ",".join(self.item.write(v) for v in value)  # type: ignore[union-attr, attr-defined]
        return str(value)


_TEXT = OptionType(shown="text", family="text")
_WHOLE = OptionType(shown="whole number", family="int")
_FLAG = OptionType(shown="yes|no", family="bool")
_SEQUENCES = (tuple, list, Sequence, frozenset)


def option_type(annotation: object, choices: Sequence[str] = ()) -> OptionType:
    """The option type an annotation names.

    Raises:
        InvalidInput: a type the command line cannot read (a float, a mapping, a class of the pack).
    """
    if choices:
        if annotation is not str:
            msg = f"choices are texts: an option with choices is of type str, got {annotation!r}"
            raise InvalidInput(msg)
        return OptionType(shown="|".join(choices), family="choice", choices=tuple(choices))
    if annotation is str:
        return _TEXT
    if annotation is bool:
        return _FLAG
    if annotation is int:
        return _WHOLE
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is Literal and args and all(isinstance(a, str) for a in args):
        return OptionType(shown="|".join(args), family="choice", choices=args)
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1:
            inner = option_type(rest[0])
            return OptionType(shown=f"{inner.shown} or none", family="optional", item=inner)
    if origin in _SEQUENCES and args and (origin is not tuple or (len(args) == 2 and args[1] is Ellipsis)):
        inner = option_type(args[0])
        if inner.family in ("text", "int", "choice"):
            return OptionType(shown=f"{inner.shown},...", family="list", item=inner)
    msg = (
        f"an option's type is str, int, bool, a Literal of texts, a tuple of texts or numbers, or one of "
        f"these | None; got {getattr(annotation, '__name__', None) or annotation!r}"
    )
    raise InvalidInput(msg)


# -- options -------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Option:
    """One option of a command: read from a parameter of its function or a field of its operation."""

    name: str
    #: The annotation (``int``, ``str``, ``Literal["fit", "roll"]``, ``tuple[str, ...]``, ``int | None``).
    type: Any = str
    #: Its default; :data:`~progression.contract.REQUIRED` when it must be given.
    default: Any = REQUIRED
    #: What it means, in one sentence (from the function's ``Args:`` section, or given).
    doc: str = ""
    #: The texts it may take, for an option of type ``str`` that takes only some.
    choices: tuple[str, ...] = attrs.field(default=(), converter=tuple)

    @functools.cached_property
    def kind(self) -> OptionType:
        """How the option is written and read (:class:`InvalidInput` for a type that cannot be)."""
        return option_type(self.type, self.choices)

    @property
    def required(self) -> bool:
        """Whether the option must be given."""
        return self.default is REQUIRED

    def describe(self) -> str:
        """``number (whole number, required): the match's number``."""
        given = "required" if self.required else f"default {self.shown_default()}"
        return f"{self.name} ({self.kind.shown}, {given})" + (f": {self.doc}" if self.doc else "")

    def shown_default(self) -> str:
        """The default as the command line writes it (``yes``, ``1``, ``none``, ``empty``)."""
        if self.default is None:
            return "none"
        if self.default in ("", ()):
            return "empty"
        return self.kind.write(self.default) if self.kind.accepts(self.default) else repr(self.default)

    def data(self) -> dict[str, object]:
        """The option as JSON data."""
        default = None if self.required or not self.kind.accepts(self.default) else self.default
        return {
            "name": self.name,
            "type": self.kind.shown,
            "required": self.required,
            "default": list(default) if isinstance(default, tuple) else default,
            "choices": list(self.kind.choices),
            "doc": self.doc,
        }


def _docs(doc: str | None) -> dict[str, str]:
    """The ``name: text`` lines of a docstring's ``Args:`` (``Options:``, ``Params:``, ``Attributes:``) sections."""
    found: dict[str, str] = {}
    current: str | None = None
    section = False
    for line in inspect.cleandoc(doc or "").splitlines():
        stripped = line.strip()
        if not line.startswith(" ") and stripped:
            section = stripped.rstrip(":").split(" (")[0] in ("Args", "Options", "Params", "Parameters", "Attributes")
            current = None
            continue
        if not section or not stripped:
            current = None if not stripped else current
            continue
        indent = len(line) - len(line.lstrip())
        name, sep, text = stripped.partition(":")
        if sep and indent <= 4 and name.replace("_", "").isalnum():
            current = name
            found[name] = text.strip()
        elif current is not None:
            found[current] = f"{found[current]} {stripped}".strip()
    return found


def _hint(function: Callable[..., Any], parameter: inspect.Parameter) -> object:
    """The parameter's annotation, read in the module of the function when it is written as text."""
    annotation = parameter.annotation
    if not isinstance(annotation, str):
        return annotation
    holder = types.SimpleNamespace(__annotations__={parameter.name: annotation})
    namespace = getattr(inspect.unwrap(function), "__globals__", {})
    try:
        return typing.get_type_hints(holder, globalns=dict(namespace))[parameter.name]
    except Exception as error:  # NameError, SyntaxError, TypeError: what was written does not name a type
        msg = f"the type {annotation!r} of option {parameter.name!r} cannot be read in its module: {error}"
        raise InvalidInput(msg) from None


# -- commands ------------------------------------------------------------------------------


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
            msg = f"{self.what}: the option {twice[0]!r} is declared twice"
            raise InvalidInput(msg)
        if found.options and not self.takes_options:
            msg = f"{self.what}: a {self.role} takes no options, got {', '.join(names)}"
            raise InvalidInput(msg)
        for option in found.options:
            try:
                option.kind  # noqa: B018 - read now, so a type that cannot be read is found at load
            except InvalidInput as error:
                msg = f"{self.what}: option {option.name!r}: {error}"
                raise InvalidInput(msg) from None
        return found

    def _read(self) -> Signature:
        function = self.function
        if not callable(function):
            msg = f"{self.what}: expected a function, got {function!r}"
            raise InvalidInput(msg)
        try:
            parameters = list(inspect.signature(function).parameters.values())
        except (TypeError, ValueError):
            msg = f"{self.what}: the signature of {function!r} cannot be read"
            raise InvalidInput(msg) from None
        shape = f"({', '.join(self.fixed)}, ...)"
        named = getattr(function, "__qualname__", repr(function))
        lead = parameters[: len(self.fixed)]
        positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
        if len(lead) < len(self.fixed) or any(p.kind not in positional for p in lead):
            msg = f"{self.what}: {named} must take {shape} first, got ({', '.join(str(p) for p in parameters)})"
            raise InvalidInput(msg)
        docs = _docs(inspect.getdoc(function))
        options, text, others = [], False, None
        for parameter in parameters[len(self.fixed) :]:
            if parameter.kind is inspect.Parameter.VAR_POSITIONAL:
                msg = f"{self.what}: {named} takes *{parameter.name}; options are named, as keywords"
                raise InvalidInput(msg)
            if parameter.kind is inspect.Parameter.POSITIONAL_ONLY:
                msg = f"{self.what}: {named}: option {parameter.name!r} is positional-only; options are keywords"
                raise InvalidInput(msg)
            if parameter.kind is inspect.Parameter.VAR_KEYWORD:
                hint = _hint(function, parameter) if parameter.annotation is not inspect.Parameter.empty else str
                text = hint is str
                if self.open:
                    others = option_type(hint)
                elif self.options is None:
                    msg = (
                        f"{self.what}: {named} takes **{parameter.name}, so its options cannot be read "
                        f"from it: name them as parameters with types, or list them (options=[Option(...)])"
                    )
                    raise InvalidInput(msg)
                continue
            if parameter.annotation is inspect.Parameter.empty:
                msg = (
                    f"{self.what}: option {parameter.name!r} of {named} has no type annotation; "
                    f"annotate it ({parameter.name}: str, int, bool, ...)"
                )
                raise InvalidInput(msg)
            default = REQUIRED if parameter.default is inspect.Parameter.empty else parameter.default
            options.append(
                Option(
                    name=parameter.name,
                    type=_hint(function, parameter),
                    default=default,
                    doc=docs.get(parameter.name, ""),
                )
            )
        if self.options is not None:
            if options:
                msg = (
                    f"{self.what}: options are listed, but {named} names its own ({', '.join(o.name for o in options)})"
                )
                raise InvalidInput(msg)
            if not text and others is None and not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
                msg = f"{self.what}: options are listed, but {named} takes no **options to receive them"
                raise InvalidInput(msg)
            options = [o if o.doc else attrs.evolve(o, doc=docs.get(o.name, "")) for o in self.options]
        return Signature(options=tuple(options), text=text, others=others)

    # -- options from the command line and from programs ------------------------------------------

    def option(self, name: str) -> Option:
        """The option ``name``.

        Raises:
            InvalidInput: the command has no such option; the message lists those it has.
        """
        for option in self.signature.options:
            if option.name == name:
                return option
        takes = ", ".join(o.name for o in self.signature.options) or "no options"
        msg = f"{self.what}: unknown option {name!r}; it takes: {takes}"
        raise InvalidInput(msg)

    def read(self, texts: Mapping[str, str], *, complete: bool = True) -> dict[str, object]:
        """The values ``key=value`` words give, each read by the type its option declares.

        Raises:
            InvalidInput: an unknown option, a value that is not of the option's type, a required
                option missing; the message names the option, what was expected and what came.
        """
        values: dict[str, object] = {}
        others = self.signature.others
        for name, text in texts.items():
            if others is not None and name not in {o.name for o in self.signature.options}:
                kind = others
            else:
                kind = self.option(name).kind
            try:
                values[name] = kind.read(text)
            except ValueError:
                msg = f"{self.what}: option {name!r} expects {kind.shown}, got {text!r}"
                raise InvalidInput(msg) from None
        if complete:
            self._missing(values)
        return values

    def _missing(self, values: Mapping[str, object]) -> None:
        missing = [o.name for o in self.signature.options if o.required and o.name not in values]
        if missing:
            option = self.option(missing[0])
            msg = f"{self.what}: the option {option.name!r} ({option.kind.shown}) is required; none was given"
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
                msg = f"{self.what}: option {name!r} expects {kind.shown}, got {value!r}"
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
        assert self.function is not None
        return self.function(*fixed, **options)

    def result(self, value: Any) -> Any:
        """``value`` when it is what a command of the kind returns."""
        return value

    def _refuse(self, value: object, expected: str) -> typing.NoReturn:
        msg = f"{self.what} must return {expected}, got {type(value).__name__}"
        raise InvalidInput(msg)

    def data(self) -> dict[str, object]:
        """The command as JSON data: its doc and options."""
        return {"doc": self.summary, "options": [o.data() for o in self.signature.options]}


def _rows(command: Command, value: object) -> list[dict[str, object]]:
    if not isinstance(value, Sequence) or isinstance(value, str) or not all(isinstance(r, Mapping) for r in value):
        command._refuse(value, "a list of rows (mappings)")
    return [dict(row) for row in value]


def _operation_options(cls: type[Any]) -> tuple[Option, ...]:
    from progression.engine.declared import resolved  # the engine's reading of an operation's field types

    docs = _docs(cls.__doc__)
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
            msg = f"{self.what}: expected an attrs Operation class, got {self.operation!r}"
            raise InvalidInput(msg)
        try:
            return Signature(options=_operation_options(self.operation))
        except InvalidInput as error:
            msg = f"{self.what}: {error}"
            raise InvalidInput(msg) from None

    def _call(self, fixed: Sequence[Any], options: Mapping[str, object]) -> Any:
        if self.operation is None:
            return super()._call(fixed, options)
        from progression.engine.run import execute

        pack, sheet, dice = fixed
        return execute(pack, sheet, self.operation(**options), dice)

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
            raise InvalidInput(msg)
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
                msg = f"{self.what}: the probability of {outcome!r} must be a Fraction, got {probability!r}"
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


# -- the contract ----------------------------------------------------------------------------

#: The families of commands: the field of :class:`Contract`, the declaration, and the prefix packs
#: registered them under as strings.
FAMILIES: tuple[tuple[str, type[Command], str], ...] = (
    ("actions", Action, "action."),
    ("explanations", Explanation, "explain."),
    ("reports", Report, "report."),
    ("factories", Factory, "new."),
    ("simulations", Simulation, "simulate."),
    ("exacts", Exact, "exact."),
    ("tables", ComputedTable, "table."),
)
SINGLES: tuple[tuple[str, type[Command]], ...] = (("tune", Tuner), ("pack_for", PackFor), ("demo", Demo))


def _declared(cls: type[Command], value: Any) -> tuple[Any, ...]:
    """A family's declarations: as given, or made from ``{name: function}``."""
    if isinstance(value, Mapping):  # the name and the function are enough when the function says the rest
        key = "kind" if cls is Factory else "name"
        return tuple(v if isinstance(v, Command) else cls(**{key: k, "function": v}) for k, v in value.items())
    return tuple(value)


def _actions(value: Any) -> tuple[Action, ...]:
    return _declared(Action, value)


def _explanations(value: Any) -> tuple[Explanation, ...]:
    return _declared(Explanation, value)


def _reports(value: Any) -> tuple[Report, ...]:
    return _declared(Report, value)


def _factories(value: Any) -> tuple[Factory, ...]:
    return _declared(Factory, value)


def _simulations(value: Any) -> tuple[Simulation, ...]:
    return _declared(Simulation, value)


def _exacts(value: Any) -> tuple[Exact, ...]:
    return _declared(Exact, value)


def _tables(value: Any) -> tuple[ComputedTable, ...]:
    return _declared(ComputedTable, value)


def _tuner(value: Any) -> Tuner | None:
    return Tuner(function=value) if callable(value) and not isinstance(value, Command) else value


def _pack_for(value: Any) -> PackFor | None:
    return PackFor(function=value) if callable(value) and not isinstance(value, Command) else value


def _demo(value: Any) -> Demo | None:
    return Demo(function=value) if callable(value) and not isinstance(value, Command) else value


@attrs.frozen(kw_only=True)
class Contract:
    """Every command a pack offers the command line, declared (the typed home of what packs once
    registered in :attr:`RulePack.functions <progression.RulePack.functions>` under prefixed names).

    Families are given as lists of declarations (or ``{name: function}`` when the function says all);
    ``tune``, ``pack_for`` and ``demo`` as a declaration or a bare function.
    """

    #: ``progression sheet do FILE NAME key=value ...``
    actions: tuple[Action, ...] = attrs.field(default=(), converter=_actions)
    #: ``progression sheet explain FILE NAME ...``
    explanations: tuple[Explanation, ...] = attrs.field(default=(), converter=_explanations)
    #: ``progression sheet report NAME FILE... --set key=value``
    reports: tuple[Report, ...] = attrs.field(default=(), converter=_reports)
    #: ``progression sheet new FILE --kind KIND --set key=value``
    factories: tuple[Factory, ...] = attrs.field(default=(), converter=_factories)
    #: ``progression simulate PACK NAME --param key=value``
    simulations: tuple[Simulation, ...] = attrs.field(default=(), converter=_simulations)
    #: ``progression simulate PACK --exact NAME --param key=value``
    exacts: tuple[Exact, ...] = attrs.field(default=(), converter=_exacts)
    #: ``progression table PACK NAME``
    tables: tuple[ComputedTable, ...] = attrs.field(default=(), converter=_tables)
    #: ``progression plot PACK CURVE --tune key=V1,V2``
    tune: Tuner | None = attrs.field(default=None, converter=_tuner)
    #: The pack a sheet file was made with, when its sheets carry their own variant.
    pack_for: PackFor | None = attrs.field(default=None, converter=_pack_for)
    #: ``progression demo``
    demo: Demo | None = attrs.field(default=None, converter=_demo)

    def entries(self) -> tuple[tuple[str, Command], ...]:
        """Every declaration, with the name the old string contract gave it (``action.match``, ``demo``)."""
        found: list[tuple[str, Command]] = []
        for field, _, prefix in FAMILIES:
            found += [(prefix + getattr(e, "name", "?"), e) for e in getattr(self, field)]
        for field, _ in SINGLES:
            single = getattr(self, field)
            if single is not None:
                found.append((field, single))
        return tuple(found)

    def keys(self) -> tuple[str, ...]:
        """The old string names of every declaration, sorted."""
        return tuple(sorted(key for key, _ in self.entries()))

    def names(self, family: str) -> tuple[str, ...]:
        """The names of a family's commands (``names("actions")``), sorted."""
        return tuple(sorted(e.name for e in getattr(self, family)))

    def get(self, family: str, name: str, where: str = "the pack's contract") -> Command:
        """The command ``name`` of a family (``"actions"``, ``"reports"``, ...).

        Raises:
            UnknownName: there is none; the message lists the family's names.
        """
        for entry in getattr(self, family):
            if entry.name == name:
                found: Command = entry
                return found
        role = {f: c.role for f, c, _ in FAMILIES}[family]
        raise UnknownName(role, name, self.names(family), where)

    def action(self, name: str) -> Action:
        """The action ``name`` (:class:`~progression.errors.UnknownName` listing the others when there is none)."""
        return self.get("actions", name)  # type: ignore[return-value]

    def explanation(self, name: str) -> Explanation:
        """The explanation ``name``."""
        return self.get("explanations", name)  # type: ignore[return-value]

    def report(self, name: str) -> Report:
        """The report ``name``."""
        return self.get("reports", name)  # type: ignore[return-value]

    def factory(self, kind: str) -> Factory:
        """The factory of ``kind``."""
        return self.get("factories", kind)  # type: ignore[return-value]

    def simulation(self, name: str) -> Simulation:
        """The simulation ``name``."""
        return self.get("simulations", name)  # type: ignore[return-value]

    def exact(self, name: str) -> Exact:
        """The exact computation ``name``."""
        return self.get("exacts", name)  # type: ignore[return-value]

    def table(self, name: str) -> ComputedTable:
        """The computed table ``name``."""
        return self.get("tables", name)  # type: ignore[return-value]

    def find(self, family: str, name: str) -> Command | None:
        """The command ``name`` of a family, or None."""
        return next((e for e in getattr(self, family) if e.name == name), None)

    def problems(self) -> list[tuple[str, str]]:
        """Every declaration that does not hold, as ``(key path, reason)``; empty when all do."""
        found: list[tuple[str, str]] = []
        for field, cls, _ in FAMILIES:
            seen: set[str] = set()
            for index, entry in enumerate(getattr(self, field)):
                name = getattr(entry, "name", None)
                where = f"$.contract.{field}.{name if isinstance(name, str) else index}"
                if not isinstance(entry, cls):
                    found.append((where, f"expected {cls.__name__} declarations in {field}, got {entry!r:.60}"))
                    continue
                if name in seen:
                    found.append((where, f"two {field} are named {name!r}"))
                seen.add(str(name))
                found += _check(entry, where)
        for field, cls in SINGLES:
            single = getattr(self, field)
            if single is None:
                continue
            if not isinstance(single, cls):
                found.append((f"$.contract.{field}", f"expected a {cls.__name__}, got {single!r:.60}"))
                continue
            found += _check(single, f"$.contract.{field}")
        return found

    @classmethod
    def from_functions(
        cls, functions: Mapping[str, Callable[..., Any]]
    ) -> tuple[Contract, dict[str, Callable[..., Any]]]:
        """The declarations of the old string contract (``"action.match": f``), and the other functions.

        A function taking ``**options`` that names its keys in an ``options`` attribute (a tuple of
        texts) declares those, as text; one that names none takes any option, of its ``**`` type.
        """
        given: dict[str, list[Command]] = {field: [] for field, _, _ in FAMILIES}
        singles: dict[str, Command] = {}
        rest: dict[str, Callable[..., Any]] = {}
        for key, function in functions.items():
            family = next(((f, c, p) for f, c, p in FAMILIES if key.startswith(p) and len(key) > len(p)), None)
            if family is not None:
                field, command, prefix = family
                name = key.removeprefix(prefix)
                declared: dict[str, Any] = {"kind" if command is Factory else "name": name, **_legacy(function)}
                given[field].append(command(**declared))
            elif key in dict(SINGLES):
                singles[key] = dict(SINGLES)[key](**_legacy(function))
            else:
                rest[key] = function
        return cls(**given, **singles), rest

    def merged(self, other: Contract) -> Contract:
        """This contract with ``other``'s declarations added (``other`` wins a name both declare)."""
        changes: dict[str, Any] = {}
        for field, _, _ in FAMILIES:
            mine = {e.name: e for e in getattr(self, field)}
            mine.update({e.name: e for e in getattr(other, field)})
            changes[field] = tuple(mine.values())
        for field, _ in SINGLES:
            changes[field] = getattr(other, field) or getattr(self, field)
        return attrs.evolve(self, **changes)

    def __bool__(self) -> bool:
        return bool(self.entries())


def _legacy(function: Callable[..., Any]) -> dict[str, Any]:
    """How a function registered under a string is declared: its ``**options`` named by its ``options``
    attribute (texts), or open to any option."""
    names = getattr(function, "options", None)
    try:
        takes_any = any(
            p.kind is inspect.Parameter.VAR_KEYWORD for p in inspect.signature(function).parameters.values()
        )
    except (TypeError, ValueError):
        takes_any = False
    if takes_any and isinstance(names, tuple) and all(isinstance(n, str) for n in names):
        return {"function": function, "options": tuple(Option(name=n, type=str, default="") for n in names)}
    return {"function": function, "open": takes_any}


def _check(entry: Command, where: str) -> list[tuple[str, str]]:
    try:
        entry.signature  # noqa: B018 - read now: a declaration that does not hold is found at load
    except InvalidInput as error:
        return [(where, str(error))]
    return []


def warn_deprecated(keys: Iterable[str], pack: str) -> None:
    """The warning a pack still registering its commands as strings gets."""
    shown = ", ".join(sorted(keys))
    warnings.warn(
        f"pack {pack!r} registers command-line functions by prefixed names in RulePack.functions ({shown}); "
        "declare them in RulePack.contract (progression.contract.Contract) instead: the string names stop "
        "working in the next release",
        DeprecationWarning,
        stacklevel=4,
    )
