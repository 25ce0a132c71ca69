"""Sheets and ledgers to and from JSON, through one cattrs converter.

The converter is built on first use: importing cattrs and generating its functions is
most of what ``import progression`` would otherwise cost.
"""

from __future__ import annotations

import json
from collections import abc
from collections.abc import Callable, Mapping
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, get_origin

from progression.errors import InvalidInput, Problem, SheetError
from progression.files.checks import ledger_problems
from progression.files.ledger_read import Unsure, read_ledger
from progression.files.ledger_write import encode, event_lines, write_ledger
from progression.ledger.events import EVENT_TYPES, Event, Member
from progression.ledger.sheet import Sheet, replay

if TYPE_CHECKING:
    import cattrs

    #: The converter for every model object and event (built on first use).
    converter: cattrs.Converter

__all__ = ["FORMAT", "converter", "dump_sheet", "dumps", "load_sheet", "loads"]

#: The version of the sheet file format this library writes and reads.
FORMAT = 1
#: The keys of a saved sheet.
_KEYS = ("format", "pack", "ledger")


def _strict_int(value: Any, _: type) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        msg = f"expected an integer, got {value!r}"
        raise TypeError(msg)
    return value


def _strict_str(value: Any, _: type) -> str:
    if not isinstance(value, str):
        msg = f"expected a text, got {value!r}"
        raise TypeError(msg)
    return value


#: Values saved as they are, without asking the converter.
_PLAIN = frozenset({int, str, bool, float, type(None)})


def _make_converter() -> cattrs.Converter:
    import cattrs
    from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

    conv = cattrs.Converter(detailed_validation=True, forbid_extra_keys=True)
    conv.register_structure_hook(int, _strict_int)
    conv.register_structure_hook(str, _strict_str)
    # Model mappings are read-only proxies; saved files hold plain objects.
    conv.register_unstructure_hook_func(
        lambda t: bool(t is MappingProxyType or get_origin(t) is abc.Mapping),  # type: ignore[comparison-overlap]
        lambda m: {key: value if type(value) in _PLAIN else conv.unstructure(value) for key, value in m.items()},
    )

    # Events are a tagged union: each is saved with its tag under "event". The hooks are
    # registered before the per-class functions are generated, so that fields typed
    # ``Event`` (a member's entry, a step's events, a joined member's ledger) use them.
    dump_event: dict[type[Event], Callable[[Any], dict[str, Any]]] = {}
    load_event: dict[str, Callable[[Any, type], Event]] = {}

    def unstructure_event(event: Event) -> dict[str, Any]:
        return {"event": event.tag, **dump_event[type(event)](event)}

    def structure_event(data: Any, _: type) -> Event:
        if not isinstance(data, Mapping):
            msg = f"expected an event object, got {data!r:.60}"
            raise TypeError(msg)
        tag = data.get("event")
        if not isinstance(tag, str) or tag not in load_event:
            msg = f"unknown event {tag!r}; expected one of: {', '.join(EVENT_TYPES)}"
            raise ValueError(msg)
        body = {k: v for k, v in data.items() if k != "event"}
        return load_event[tag](body, EVENT_TYPES[tag])

    conv.register_unstructure_hook_func(lambda t: isinstance(t, type) and issubclass(t, Event), unstructure_event)
    conv.register_structure_hook(Event, structure_event)
    for tag, cls in EVENT_TYPES.items():
        # ``event`` is the tag's key, so a member's wrapped event is saved as ``entry``.
        if cls is Member:
            entry = override(rename="entry")
            dump_event[cls] = make_dict_unstructure_fn(cls, conv, event=entry)
            load_event[tag] = make_dict_structure_fn(cls, conv, _cattrs_forbid_extra_keys=True, event=entry)
        else:
            dump_event[cls] = make_dict_unstructure_fn(cls, conv)
            load_event[tag] = make_dict_structure_fn(cls, conv, _cattrs_forbid_extra_keys=True)
    return conv


@cache
def _converter() -> cattrs.Converter:
    return _make_converter()


def __getattr__(name: str) -> Any:
    if name == "converter":
        return _converter()
    msg = f"module {__name__!r} has no attribute {name!r}"
    raise AttributeError(msg)


def dumps(sheet: Sheet) -> dict[str, Any]:
    """A sheet as plain data: its format, pack and ledger (the state follows from the ledger)."""
    if not isinstance(sheet, Sheet):
        msg = f"expected a Sheet to save, got {type(sheet).__name__}"
        raise InvalidInput(msg)
    # The generated writers give what the converter would, without its dispatch.
    return {"format": FORMAT, "pack": sheet.pack, "ledger": write_ledger(sheet.ledger)}


def loads(data: Any, source: str = "<data>") -> Sheet:
    """A sheet from plain data, checked: wrong shapes and versions raise :class:`~progression.errors.SheetError`."""
    if not isinstance(data, Mapping):
        raise SheetError(source, [Problem(source, "$", f"expected an object, got {type(data).__name__}")])
    if "format" not in data:
        raise SheetError(source, [Problem(source, "$.format", f"required key 'format' is missing; expected {FORMAT}")])
    version = data["format"]
    if isinstance(version, bool) or version != FORMAT:
        reason = f"unknown format version {version!r}; this library reads format {FORMAT}"
        raise SheetError(source, [Problem(source, "$.format", reason)])
    extra = [key for key in data if key not in _KEYS]
    if extra:
        reason = f"unknown key {extra[0]!r}; a sheet file holds: {', '.join(_KEYS)}"
        raise SheetError(source, [Problem(source, f"$.{extra[0]}", reason)])
    ledger = data.get("ledger")
    if not isinstance(ledger, list) or not ledger:
        reason = f"expected a non-empty list of events, got {ledger!r:.60}"
        raise SheetError(source, [Problem(source, "$.ledger", reason)])
    try:  # the generated readers build a right ledger; the converter judges anything else
        events = read_ledger(ledger)
    except (Unsure, RecursionError):
        events = _structure(ledger, source)
    try:
        sheet = replay(events)
    except SheetError as error:  # the ledger parses but does not fold: say which file and which event
        problems = [Problem(source, p.path.replace("$", "$.ledger", 1), p.reason) for p in error.problems]
        raise SheetError(source, problems) from None
    if data.get("pack") != sheet.pack:
        reason = f"the file says pack {data.get('pack')!r} but its ledger was made with {sheet.pack!r}"
        raise SheetError(source, [Problem(source, "$.pack", reason)])
    problems = [Problem(source, path, reason) for path, reason in ledger_problems(sheet)]
    if problems:
        raise SheetError(source, problems)
    return sheet


def _structure(ledger: list[Any], source: str) -> tuple[Event, ...]:
    """The events of a ledger through the converter, or every problem with its path."""
    try:
        events: tuple[Event, ...] = _converter().structure(ledger, tuple[Event, ...])
    except Exception as error:  # cattrs groups every problem; report each with its path
        import cattrs

        if isinstance(error, cattrs.BaseValidationError):
            messages = cattrs.transform_error(error, path="$.ledger", format_exception=_describe)
        else:
            messages = [f"{error} @ $.ledger"]
        problems = [Problem(source, *_split_message(m)) for m in messages]
        raise SheetError(source, problems) from None
    return events


def _describe(error: BaseException, kind: type | None) -> str:
    """Our hooks' messages say what was expected and what came; keep them, else cattrs' wording."""
    if isinstance(error, TypeError | ValueError) and str(error).startswith(("expected", "unknown event")):
        return str(error)
    from cattrs.v import format_exception

    return format_exception(error, kind)


def _split_message(message: str) -> tuple[str, str]:
    reason, _, path = message.rpartition(" @ ")
    return (path or "$", reason or message)


def dump_sheet(sheet: Sheet) -> str:
    """A sheet as JSON text, one ledger entry per line."""
    if not isinstance(sheet, Sheet):
        msg = f"expected a Sheet to save, got {type(sheet).__name__}"
        raise InvalidInput(msg)
    # Each entry is written as the JSON text ``json.dumps(entry, ensure_ascii=False)`` would
    # give for its ``dumps`` data, on its own line: ``indent`` would switch json to its
    # pure-Python encoder, several times slower, for a file no easier to read.
    entries = ",\n  ".join(event_lines(sheet.ledger))
    return f'{{\n "format": {FORMAT},\n "pack": {encode(sheet.pack)},\n "ledger": [\n  {entries}\n ]\n}}'


def load_sheet(text: str | bytes, source: str = "<text>") -> Sheet:
    """A sheet from JSON text; malformed or truncated text raises :class:`~progression.errors.SheetError`."""
    if not isinstance(text, str | bytes | bytearray):
        msg = f"load_sheet reads JSON text (str or bytes), got {type(text).__name__}; use loads() for parsed data"
        raise InvalidInput(msg)
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        if isinstance(error, json.JSONDecodeError):  # the location goes in the path, not twice
            where, reason = f"line {error.lineno} column {error.colno}", error.msg
        else:
            where, reason = "$", str(error)
        raise SheetError(source, [Problem(source, where, f"not valid JSON: {reason}")]) from None
    except RecursionError:
        raise SheetError(source, [Problem(source, "$", "nested too deeply to be a sheet")]) from None
    return loads(data, source)
