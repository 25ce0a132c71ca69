"""The options of a pack's commands: their types, how each is written on the command line and read back,
and what a function's signature and docstring say of them."""

from __future__ import annotations

import functools
import inspect
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Literal

import attrs

from progression.errors import InvalidInput
from progression.spelling import plain_name

__all__ = ["REQUIRED", "Option", "OptionType", "option_type"]


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
        if self.family == "choice":  # a choice in any case, with spaces for underscores (item=Apothecary)
            fits = [c for c in self.choices if plain_name(c) == plain_name(text)]
            if len(fits) != 1:
                raise ValueError(text)
            return fits[0]
        item = self._item()
        if self.family == "optional":
            return None if text.strip().lower() in ("", "none") else item.read(text)
        if not text.strip():
            return ()
        parts = [part.strip() for part in text.split(",")]
        if not all(parts):  # `1,,2` or `1,2,`: an item left out, not an empty list
            raise ValueError(text)
        return tuple(item.read(part) for part in parts)

    @property
    def words(self) -> tuple[str, ...]:
        """The words a value is one of, when they are few: a choice's, ``yes`` and ``no`` for a flag, and an
        optional's item's; none for a text, a number or a list. A refusal names the closest of them."""
        if self.family == "choice":
            return self.choices
        if self.family == "bool":
            return ("yes", "no")
        if self.family == "optional" and self.item is not None:
            return self.item.words
        return ()

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
        item = self._item()
        if self.family == "optional":
            return value is None or item.accepts(value)
        return isinstance(value, list | tuple) and all(item.accepts(v) for v in value)

    def _item(self) -> OptionType:
        """The type of a list's items or an optional's value (only those families have one)."""
        if self.item is None:
            msg = f"an option of type {self.shown!r} ({self.family}) has no type of its items"
            raise InvalidInput(msg)
        return self.item

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


def _shown(choices: Sequence[str]) -> str:
    """Choices as a help shows them: ``""|us|them``, the empty one written as it is typed (``conceded=""``)."""
    return "|".join(choice or '""' for choice in choices)


def option_type(annotation: object, choices: Sequence[str] = ()) -> OptionType:
    """The option type an annotation names.

    Raises:
        InvalidInput: a type the command line cannot read (a float, a mapping, a class of the pack).
    """
    if choices:
        if annotation is not str:
            msg = f"choices are texts: an option with choices is of type str, got {annotation!r}"
            raise InvalidInput(msg)
        return OptionType(shown=_shown(choices), family="choice", choices=tuple(choices))
    if annotation is str:
        return _TEXT
    if annotation is bool:
        return _FLAG
    if annotation is int:
        return _WHOLE
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is Literal and args and all(isinstance(a, str) for a in args):
        return OptionType(shown=_shown(args), family="choice", choices=args)
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
    #: What a text option names, for one that takes more than a fixed list of texts (an id, or a name in any case):
    #: a function of the pack giving each id and its name (Blood Bowl's rosters), listed by ``progression show``
    #: (text and ``--json``) so that a user finds what to write. Only shown: what is given is read by the command.
    values: Callable[[Any], Mapping[str, str]] | None = attrs.field(default=None)
    #: What a text option names on one sheet, where it depends on the sheet (a team's roster positions): a function
    #: of the pack and the sheet giving each id and its name, which a command's ``--help`` lists when it knows the
    #: sheet (``sheet do FILE hire --help``), rather than an example that may be another sheet's. Only shown.
    values_on: Callable[[Any, Any], Mapping[str, str]] | None = attrs.field(default=None)

    @values.validator
    def _check_values(self, _: object, value: object) -> None:
        if value is not None and not callable(value):
            msg = f"the values of option {self.name!r} are a function of the pack, got {type(value).__name__}"
            raise InvalidInput(msg)

    @values_on.validator
    def _check_values_on(self, _: object, value: object) -> None:
        if value is not None and not callable(value):
            msg = (
                f"the values on a sheet of option {self.name!r} are a function of the pack and the sheet, "
                f"got {type(value).__name__}"
            )
            raise InvalidInput(msg)

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

    def values_of(self, pack: Any) -> dict[str, str]:
        """What the option names under ``pack``, each id with its name; empty when it declares nothing.

        Raises:
            InvalidInput: the pack's function gives something other than a mapping of texts to texts.
        """
        if self.values is None:
            return {}
        found = self.values(pack)
        if not isinstance(found, Mapping) or not all(isinstance(t, str) for pair in found.items() for t in pair):
            msg = f"the values of option {self.name!r} map ids to names (texts), got {type(found).__name__}"
            raise InvalidInput(msg)
        return dict(found)

    def values_on_sheet(self, pack: Any, sheet: Any) -> dict[str, str]:
        """What the option names on ``sheet`` under ``pack``, each id with its name; empty when it declares nothing.

        Raises:
            InvalidInput: the pack's function gives something other than a mapping of texts to texts.
        """
        if self.values_on is None:
            return {}
        found = self.values_on(pack, sheet)
        if not isinstance(found, Mapping) or not all(isinstance(t, str) for pair in found.items() for t in pair):
            msg = f"the values on a sheet of option {self.name!r} map ids to names (texts), got {type(found).__name__}"
            raise InvalidInput(msg)
        return dict(found)

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


def docs_of(doc: str | None) -> dict[str, str]:
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


def hint_of(function: Callable[..., Any], parameter: inspect.Parameter) -> object:
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
