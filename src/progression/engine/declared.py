"""Operations declared from a pack's functions: ``@operation("pack.name")`` on ``f(work, ...)``.

A pack's rule code that changes a sheet is a function of the operation's :class:`~progression.Work`
and its inputs (and ``dice`` when its callers give dice). Decorated, it becomes an
:class:`~progression.Operation` class whose fields are its inputs, with the types its signature
gives, and a function ``f(pack, sheet, *inputs, dice=...)`` that builds that operation and runs it
through the engine, so every call is one ledger entry that ``verify`` can run again and ``amend`` can
change. The class is that function's ``operation`` attribute, to list in
:attr:`RulePack.operations <progression.RulePack.operations>`::

    @progression.operation("dojo.train", label=lambda op: f"train {op.style}")
    def train(work: Work, style: str, *, dice: Dice) -> None:
        (roll,) = work.roll(6, label="training")
        work.award("xp", roll, f"trained in {style}")

The rule code says what should happen through the work (``work.award``, ``work.adjust``, ...), which
checks each change: it never builds a ledger event. A function of the pack and the sheet returning
the sheet it made by applying events itself (code written before operations existed) is still run,
with a :class:`DeprecationWarning`.
"""

from __future__ import annotations

import functools
import inspect
import sys
import warnings
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol, TypeVar, cast, overload

import attrs

from progression._frozen import freeze
from progression.engine.checks import wrong_sheet
from progression.engine.run import run as run_operation
from progression.engine.work import Work
from progression.errors import InvalidInput
from progression.ledger.events import Operation
from progression.ledger.sheet import Sheet

__all__ = ["operation", "resolved"]

if TYPE_CHECKING:
    from progression.rulepacks.rulepack import RulePack

F = TypeVar("F", bound=Callable[..., Sheet])
P = ParamSpec("P")


class Declare(Protocol):
    """What :func:`operation` gives back: the decorator of a rule function."""

    @overload
    def __call__(
        self, function: Callable[Concatenate[Work, P], None]
    ) -> Callable[Concatenate[RulePack, Sheet, P], Sheet]: ...
    @overload
    def __call__(self, function: F) -> F: ...


def _frozen(value: Any) -> Any:
    """An input kept on an operation: lists as tuples, mappings read-only, so the operation cannot change."""
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, Mapping):
        return freeze({key: _frozen(item) for key, item in value.items()})
    return value


def operation(
    tag: str,
    *,
    label: Callable[[Any], str] | None = None,
    kind: str | None = None,
    told: Callable[[Any, Callable[[str], str]], str] | None = None,
) -> Declare:
    """Declare ``f(work, *inputs)``, the rule code of an operation tagged ``tag``.

    Args:
        tag: the operation's name in saved files, the pack's name and a dot first (``"bloodbowl.hire"``).
        label: how an entry of it is described (``lambda op: f"hire {op.name}"``); the tag's last part
            otherwise.
        kind: the kind of sheet it works on (``"team"``): any other is refused, saying which it needs,
            before the function sees it.
        told: the label as people read it, given the operation and a function naming an id
            (``lambda op, name: f"{name(op.skill)} test"``): the ids the label holds in words. Only words, as
            :meth:`~progression.events.Operation.told`: the ledger keeps ``label``. The label otherwise.

    Returns:
        A decorator giving back ``f(pack, sheet, *inputs)``, which runs the operation and returns the new
        sheet, with the operation class as its ``operation`` attribute.
    """
    if not isinstance(tag, str) or "." not in tag.strip(".") or " " in tag:
        msg = f"an operation's tag is the pack's name, a dot and a name (such as 'dojo.train'), got {tag!r}"
        raise InvalidInput(msg)
    if told is not None and not callable(told):
        msg = f"expected a function (operation, name) -> text as told of operation {tag!r}, got {told!r}"
        raise InvalidInput(msg)
    if kind is not None and not isinstance(kind, str):
        msg = f"expected a kind's id as the kind of sheet operation {tag!r} works on, got {kind!r}"
        raise InvalidInput(msg)

    def declare(function: Callable[..., Any]) -> Callable[..., Sheet]:
        signature = inspect.signature(function)
        parameters = list(signature.parameters.values())
        worked = bool(parameters) and parameters[0].name == "work"
        if not worked and len(parameters) < 2:
            msg = (
                f"an operation's function takes the work first (def f(work, ...)), but {function.__qualname__} does not"
            )
            raise InvalidInput(msg)
        if not worked:
            warnings.warn(
                f"a rule function of the pack and the sheet that applies events itself ({function.__qualname__}) "
                "is deprecated; take the work first (def f(work, ...)) and change the sheet through it",
                DeprecationWarning,
                stacklevel=2,
            )
        inputs = [p for p in parameters[1 if worked else 2 :] if p.name != "dice"]
        rolls = "dice" in signature.parameters
        for parameter in inputs:
            if parameter.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
                msg = f"an operation's inputs are named, not *{parameter.name} as in {function.__qualname__}"
                raise InvalidInput(msg)
        fields = {
            p.name: attrs.field(
                type=p.annotation if p.annotation is not inspect.Parameter.empty else Any,
                converter=_frozen,
                **({} if p.default is inspect.Parameter.empty else {"default": _frozen(p.default)}),
            )
            for p in inputs
        }
        # Fields without a default first (attrs requires it; they are keyword-only, so order is free).
        ordered = dict(sorted(fields.items(), key=lambda item: item[1]._default is not attrs.NOTHING))

        def run(self: Operation, work: Work) -> None:
            if kind is not None and work.sheet.kind != kind:
                raise InvalidInput(wrong_sheet(work.sheet, f"the sheet {tag} runs on", kind=kind))
            given = {name: getattr(self, name) for name in fields}
            if rolls:
                given["dice"] = work.dice
            if worked:
                function(work, **given)
            else:
                work._follow(function(work.pack, work.sheet, **given))

        def described(self: Operation) -> str:
            return label(self) if label is not None else tag.rsplit(".", 1)[1].replace("_", " ")

        def in_words(self: Operation, name: Callable[[str], str]) -> str:
            return told(self, name) if told is not None else self.label

        name = "".join(part.title() for part in tag.rsplit(".", 1)[1].split("_"))
        body: dict[str, Any] = {
            "tag": tag,
            "run": run,
            "label": property(described),
            "told": in_words,
            "__doc__": (function.__doc__ or tag).strip().splitlines()[0],
            "__module__": function.__module__,
        }
        cls = attrs.make_class(name, ordered, bases=(Operation,), class_body=body, kw_only=True, frozen=True)
        cls.__module__ = function.__module__  # where its fields' types are named

        called = _called(signature) if worked else signature
        # What a call may give by position, by keyword, and must give: a call that gives them so (any call but one
        # refused) is read without binding the signature, which cost a fiftieth of a league's season.
        after = list(called.parameters.values())[2:]
        plain = all(p.kind is not inspect.Parameter.POSITIONAL_ONLY for p in after)
        positional = [p.name for p in after if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD]
        keywords = {p.name for p in after}
        needed = {p.name for p in after if p.default is inspect.Parameter.empty}

        @functools.wraps(function)
        def call(pack: Any, sheet: Any, *args: Any, **kwargs: Any) -> Sheet:
            if args and plain and len(args) <= len(positional) and kwargs.keys().isdisjoint(positional[: len(args)]):
                kwargs = {**dict(zip(positional[: len(args)], args, strict=True)), **kwargs}
                args = ()
            if args or not plain or not keywords.issuperset(kwargs) or not needed.issubset(kwargs):
                try:
                    kwargs = dict(called.bind(pack, sheet, *args, **kwargs).arguments)
                except TypeError as error:
                    msg = f"{error} (the operation {function.__qualname__})"
                    raise InvalidInput(msg) from None
            dice = kwargs.get("dice")
            given = {k: v for k, v in kwargs.items() if k in fields}
            if not isinstance(sheet, Sheet):
                msg = f"{function.__qualname__} acts on a sheet, got {type(sheet).__name__}"
                raise InvalidInput(msg)
            return run_operation(pack, sheet, cls(**given), dice)[0]

        call.operation = cls  # type: ignore[attr-defined]
        call.__signature__ = called  # type: ignore[attr-defined]
        return call

    return cast(Declare, declare)


def _called(signature: inspect.Signature) -> inspect.Signature:
    """How a rule function ``f(work, *inputs)`` is called: ``f(pack, sheet, *inputs)``, returning the new sheet."""
    given = list(signature.parameters.values())[1:]
    head = [
        inspect.Parameter("pack", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation="RulePack"),
        inspect.Parameter("sheet", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation="Sheet"),
    ]
    return signature.replace(parameters=[*head, *given], return_annotation="Sheet")


def resolved(cls: type[Operation]) -> type[Operation]:
    """``cls`` with its fields' types resolved in the module it was declared in (names written as text).

    Raises:
        InvalidInput: a type named that the module does not define at run time.
    """
    module = sys.modules.get(cls.__module__)
    names = {**vars(sys.modules[Operation.__module__]), **(vars(module) if module is not None else {})}
    try:
        attrs.resolve_types(cls, globalns=names)
    except NameError as error:
        msg = (
            f"a field's type of operation {getattr(cls, 'tag', cls.__name__)!r} cannot be read in {cls.__module__}: "
            f"{error}"
        )
        raise InvalidInput(msg) from None
    return cls
