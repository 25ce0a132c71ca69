"""Reading typed values out of parsed TOML: every misfit collected as a problem with its key path."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from progression._labels import LANGUAGES, Label
from progression.disk import read_regular
from progression.errors import Problem, RulePackError, UnreadableFile

__all__ = ["LARGEST_PACK", "Reader", "shown"]

#: The largest TOML file read (16 MiB; all the Blood Bowl pack's data files hold about 0.2 MB).
LARGEST_PACK = 16 * 2**20


class _Required:
    """The default of a key that must be there."""

    def __repr__(self) -> str:
        return "REQUIRED"


#: Passed (or left) as a ``default``: the key is required.
_REQUIRED: Any = _Required()


def _toml(value: object) -> str:
    """A value as TOML writes it (``true``, ``"D8"``, ``[1, 2]``, ``{ change = 1 }``), for a message about a value of
    a file."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key} = {_toml(item)}" for key, item in value.items()) + " }" if value else "{}"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):  # what no TOML file holds (a date): as Python shows it
        return repr(value)


def shown(value: object) -> str:
    """A value of a file as a message about it echoes it: a boolean as TOML writes it (``true``, where Python would
    say ``True``), anything else as Python shows it, cut at 60 characters."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return f"{value!r:.60}"


def _same(value: object, expected: object) -> bool:
    """Whether ``value`` is ``expected``, of the same types all the way down (``true`` is not ``1``, nor ``1.0``)."""
    if type(value) is not type(expected):
        return False
    if isinstance(value, dict) and isinstance(expected, dict):
        return value.keys() == expected.keys() and all(_same(value[k], expected[k]) for k in value)
    if isinstance(value, list) and isinstance(expected, list):
        return len(value) == len(expected) and all(map(_same, value, expected))
    return value == expected


def _digits(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits (``str.isdigit`` also takes ``²``, which ``int`` refuses)."""
    return text.isascii() and text.isdigit()


_TYPE_NAMES: dict[type, str] = {
    int: "an integer",
    str: "a text",
    dict: "a table",
    list: "a list",
    bool: "true or false",
    float: "a number",
}


def type_name(kind: type) -> str:
    """How messages name a TOML type: ``an integer``, ``a text``, ``a table`` ..."""
    return _TYPE_NAMES.get(kind, kind.__name__)


def _is_int(item: object) -> bool:
    return isinstance(item, int) and not isinstance(item, bool)


def _is_text(item: object) -> bool:
    return isinstance(item, str)


def _allowed(punctuation: str) -> str:
    """``a-z, 0-9, - or _`` for ``punctuation="-_"``."""
    parts = ["a-z", "0-9", *punctuation]
    return f"{', '.join(parts[:-1])} or {parts[-1]}"


class Reader:
    """Reads typed values out of parsed TOML, collecting a :class:`~progression.errors.Problem` per misfit.

    Each method reads one value under a key path such as ``$.skills.block``. A value that is
    missing or does not fit is recorded as a problem, and reading goes on with a stand-in, so
    one pass over a file finds every problem in it; :meth:`raise_if_problems` then raises them
    all at once as one :class:`~progression.errors.RulePackError`, each with the file and the
    key path. A key is required unless a ``default`` is given. ``true`` and ``false`` are never
    taken for integers.

    A pack reads its own data files with it (subclass it to add readers of its own)::

        >>> from progression.authoring import Reader
        >>> r = Reader("belts.toml")
        >>> data = r.parse('format = 1\\n[belts.white]\\nlabel = { en = "White", fr = "Blanche" }\\nfrom = "one"')
        >>> r.check_format(data)
        True
        >>> for ident, body, path in r.entries(data, "belts"):
        ...     r.extra(body, ("label", "from"), path)
        ...     print(ident, r.label(body, path).en, r.count(body, "from", path))
        white White None
        >>> r.raise_if_problems()
        Traceback (most recent call last):
        ...
        progression.errors.RulePackError: rule pack belts.toml has 1 problem:
          - belts.toml: expected an integer, got 'one' @ $.belts.white.from

    Args:
        source: The file (or other name) every problem is reported against.
    """

    def __init__(self, source: str) -> None:
        #: The file (or other name) every problem is reported against.
        self.source = source
        #: The problems recorded so far, in the order they were found.
        self.problems: list[Problem] = []
        #: The languages every label must be given in (a pack's ``[pack] languages``); English and French
        #: may be given besides them.
        self.languages: tuple[str, ...] = LANGUAGES
        #: Whether the pack's list of languages was refused: a label is then held to none of them (which it owes
        #: is not known, and every label would repeat that one refusal), and read in those it gives.
        self.languages_refused = False

    def problem(self, path: str, reason: str) -> None:
        """Record that the value at ``path`` is wrong, and why (what was expected, what came)."""
        self.problems.append(Problem(self.source, path, reason))

    def error(self) -> RulePackError:
        """The :class:`~progression.errors.RulePackError` listing every problem recorded so far."""
        return RulePackError(self.source, self.problems)

    def raise_if_problems(self) -> None:
        """Raise :meth:`error` if any problem was recorded.

        Raises:
            RulePackError: listing every problem at once.
        """
        if self.problems:
            raise self.error()

    def fallback(self, kind: type | tuple[type, ...]) -> Any:
        """What a required value reads as once its problem is recorded: None.

        A subclass may return an empty value of ``kind`` instead (``0``, ``""``, ``{}``, ``()``)
        so that its callers need not check for None. ``kind`` is the type asked of :meth:`get`,
        :data:`int` for :meth:`count` and :data:`tuple` for the list readers.
        """
        return None

    def read(self, path: str | Path) -> str:
        """The text of the file at ``path``: a regular file of at most ``LARGEST_PACK`` bytes (16 MiB), in UTF-8;
        ``""`` and a problem at ``$`` otherwise (a directory, a device or a pipe is never read)."""
        try:
            return read_regular(Path(path), LARGEST_PACK).decode("utf-8")
        except UnreadableFile as error:
            self.problem("$", f"cannot read the file: {error.reason}")
        except (OSError, UnicodeDecodeError) as error:
            self.problem("$", f"cannot read the file: {error}")
        return ""

    def parse(self, text: str, *, cache: bool = False) -> dict[str, Any]:
        """TOML text, parsed; an empty table and a problem at ``$`` when it is not TOML. A byte order mark at its
        start (``\\ufeff``, written by some editors) is passed over.

        Args:
            text: The TOML text.
            cache: Keep the parse between processes, found by the text's content
                (:mod:`progression.rulepacks.toml_cache`): for a pack's own data files, read at every command.
                The values are the same either way, and every check of them still runs on them.
        """
        if not isinstance(text, str):
            self.problem("$", f"expected TOML text, got {type(text).__name__}")
            return {}
        # A byte order mark, which some editors write first, is no TOML (tomllib refuses it): the text after it is
        # read. A text without one is parsed (and found in the cache) exactly as it is.
        text = text.removeprefix("\ufeff")
        try:
            if cache:
                import progression.rulepacks.toml_cache as toml_cache

                return toml_cache.parse(text)
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            self.problem("$", f"not valid TOML: {error}")
        except RecursionError:  # tomllib parses nested arrays and tables recursively
            self.problem("$", "not valid TOML: nested too deeply")
        return {}

    def check_format(self, data: Mapping[str, Any], version: int = 1) -> bool:
        """Whether the document declares ``format = version``; a problem at ``$.format`` otherwise."""
        found = data.get("format") if isinstance(data, Mapping) else None
        if found != version or isinstance(found, bool):
            self.problem("$.format", f"expected format = {version}, got {shown(found)}")
            return False
        return True

    def get(
        self, table: Mapping[str, Any], key: str, kind: type | tuple[type, ...], path: str, default: Any = _REQUIRED
    ) -> Any:
        """``table[key]`` when it is of type ``kind`` (or one of several).

        Args:
            table: The table to read from; anything but a table reads as an empty one.
            key: The key to read.
            kind: The type (or types) the value must have.
            path: The key path of ``table``, such as ``$.skills.block``.
            default: What a missing key reads as; when omitted, the key is required.

        Returns:
            The value; or, after a problem, ``default`` (:meth:`fallback` when required).
        """
        where = f"{path}.{key}"
        if not isinstance(table, Mapping) or key not in table:
            if default is _REQUIRED:
                self.problem(where, f"required key {key!r} is missing")
                return self.fallback(kind)
            return default
        value = table[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            names = " or ".join(type_name(k) for k in kinds)
            self.problem(where, f"expected {names}, got {shown(value)}")
            return self.fallback(kind) if default is _REQUIRED else default
        return value

    def count(
        self,
        table: Mapping[str, Any],
        key: str,
        path: str,
        default: Any = _REQUIRED,
        *,
        minimum: int = 0,
        maximum: int | None = None,
        expected: str | None = None,
    ) -> Any:
        """An integer from ``minimum`` to ``maximum`` (no upper bound when None); as :meth:`get` otherwise.

        A value out of range is a problem saying ``expected`` (by default the range, such as
        ``an integer from 1 to 6``) and what came; it then reads as ``default`` (:meth:`fallback` when required).
        """
        value = self.get(table, key, int, path, default)
        present = isinstance(table, Mapping) and _is_int(table.get(key))
        if present and not self.within(f"{path}.{key}", value, minimum, maximum, expected):
            return self.fallback(int) if default is _REQUIRED else default
        return value

    def within(
        self, where: str, value: int, minimum: int, maximum: int | None = None, expected: str | None = None
    ) -> bool:
        """Whether ``minimum <= value <= maximum``; a problem at ``where`` otherwise (see :meth:`count`)."""
        if minimum <= value and (maximum is None or value <= maximum):
            return True
        if expected is None:
            expected = f"an integer >= {minimum}" if maximum is None else f"an integer from {minimum} to {maximum}"
        self.problem(where, f"expected {expected}, got {value}")
        return False

    def fine(self, where: str) -> bool:
        """Whether no problem was recorded at ``where``: a bound taken from a value read there is worth checking."""
        return all(problem.path != where for problem in self.problems)

    @staticmethod
    def parse_dice(text: object) -> tuple[int, int] | None:
        """``"2D6"`` -> ``(2, 6)``, ``"D3"`` -> ``(1, 3)``; None when it is not dice.

        >>> Reader.parse_dice("2D6"), Reader.parse_dice("D3"), Reader.parse_dice("2d6")
        ((2, 6), (1, 3), None)
        """
        if not isinstance(text, str) or "D" not in text:
            return None
        count, _, sides = text.partition("D")
        if not _digits(sides) or not (count == "" or _digits(count)):
            return None
        return int(count or 1), int(sides)

    def dice(self, table: Mapping[str, Any], key: str, path: str) -> tuple[int, int]:
        """Dice written ``"D6"`` or ``"2D6"`` (at least one die of at least 2 sides), as (count, sides); ``(1, 6)``
        after a problem."""
        raw = self.get(table, key, str, path)
        dice = self.parse_dice(raw)
        if dice is None or dice[0] < 1 or dice[1] < 2:
            if raw:
                what = "dice such as 'D3' or '2D6'" if dice is None else "at least one die of at least 2 sides"
                self.problem(f"{path}.{key}", f"expected {what}, got {raw!r}")
            return (1, 6)
        return dice

    def faces(self, table: Mapping[str, Any], key: str, path: str, sides: int) -> tuple[int, ...]:
        """A list of results of a D``sides``, each from 1 to ``sides``; ``()`` after a problem."""
        faces: tuple[int, ...] = self.ints(table, key, path) or ()
        fits = [
            self.within(f"{path}.{key}[{n}]", face, 1, sides, f"a face of the D{sides}, 1 to {sides}")
            for n, face in enumerate(faces)
        ]
        return faces if all(fits) else ()

    def roll_target(self, table: Mapping[str, Any], key: str, path: str, sides: int) -> int:
        """The N of a D``sides`` roll of "N+": a face from 1 to ``sides`` (0 after a problem)."""
        expected = f"a target on the D{sides}, 1 to {sides}"
        return int(self.count(table, key, path, minimum=1, maximum=sides, expected=expected) or 0)

    def fixed(
        self,
        table: Mapping[str, Any],
        path: str,
        played: Mapping[str, object],
        because: str = "the pack plays this rule so, and no data changes it",
    ) -> None:
        """Keys that describe a rule the pack's code plays one way (``die = "D16"``): each may be left out or
        written as the code plays it (``played``); any other value would read as a setting it is not, and is a
        problem, whose message gives ``because``."""
        if not isinstance(table, Mapping):
            return
        for key, value in played.items():
            if key in table and not _same(table[key], value):
                self.problem(f"{path}.{key}", f"expected {_toml(value)} ({because}), got {_toml(table[key])}")

    def table(self, parent: Mapping[str, Any], key: str, path: str, *, required: bool = False) -> dict[str, Any]:
        """A sub-table: empty when it is missing (a problem only if ``required``) or not a table (a problem)."""
        value = self.get(parent, key, dict, path) if required else self.get(parent, key, dict, path, default={})
        return value if isinstance(value, dict) else {}

    def label(self, table: Mapping[str, Any], path: str, key: str = "label") -> Label:
        """A displayed name: a table with a text in each of :attr:`languages` (``en`` and ``fr`` unless the
        pack declares others), and optionally in English and French besides (``?`` stands in for what is
        missing)."""
        wanted = " and ".join(repr(code) for code in self.languages)
        given = table.get(key) if isinstance(table, Mapping) else None
        if given is not None and not isinstance(given, dict | str):  # a text is refused below, saying why
            self.problem(f"{path}.{key}", f"expected a table with {wanted} names, got {given!r}")
            return Label.same("?")
        raw = self.get(table, key, (dict, str), path)
        if isinstance(raw, str):
            self.problem(f"{path}.{key}", f"expected a table with {wanted} names, got a single text {raw!r}")
            return Label.same(raw)
        if not isinstance(raw, dict):
            return Label.same("?")
        where = f"{path}.{key}"
        for code, text in raw.items():
            if isinstance(text, str) and not text.strip():  # shown as '?', or as nothing: no name
                self.problem(
                    f"{where}.{code}", f"expected a name, got {'an empty' if not text else 'a blank'} text {text!r}"
                )
        owed = () if self.languages_refused else self.languages
        names = {code: self.get(raw, code, str, where) or "?" for code in owed}
        names |= {
            code: text
            for code in (*self.languages, *LANGUAGES)
            if code not in names and (text := self.get(raw, code, str, where, None))
        }
        if not self.languages_refused:
            self.extra(raw, tuple(dict.fromkeys((*self.languages, *LANGUAGES))), where)
        if self.languages == LANGUAGES:  # the common case, and the one fingerprints were made with
            return Label(en=names.get("en", "?"), fr=names.get("fr", "?"))
        return Label.of(names, self.languages)

    def ints(
        self, table: Mapping[str, Any], key: str, path: str, default: Any = _REQUIRED, *, length: int | None = None
    ) -> Any:
        """A list of integers, as a tuple; of ``length`` items when that is given.

        Every item that is not an integer is a problem, and the list then reads as ``default``
        (:meth:`fallback` when required). A wrong length is a problem too.
        """
        value = self._items(table, key, path, default, _is_int, "an integer")
        raw = table.get(key) if isinstance(table, Mapping) else None
        if length is not None and isinstance(raw, list) and len(raw) != length:
            self.problem(f"{path}.{key}", f"expected {length} values, got {len(raw)}")
        return value

    def strings(self, table: Mapping[str, Any], key: str, path: str, default: Any = _REQUIRED) -> Any:
        """A list of texts, as a tuple; as :meth:`ints` otherwise."""
        return self._items(table, key, path, default, _is_text, "a text")

    def distinct(self, table: Mapping[str, Any], key: str, path: str, default: Any = _REQUIRED) -> Any:
        """A list of texts each given once (a set of ids: the pools a kind holds, the kinds that may buy), as a
        tuple; an id listed twice is a problem at ``path.key``, as what would be read once, or counted twice, is a
        slip of the writer's. As :meth:`strings` otherwise."""
        value = self.strings(table, key, path, default)
        if isinstance(value, tuple):
            twice = sorted({item for item in value if value.count(item) > 1})
            if twice:
                self.problem(f"{path}.{key}", f"ids are listed once each; listed twice: {', '.join(twice)}")
        return value

    def slugs(
        self, table: Mapping[str, Any], key: str, path: str, default: Any = _REQUIRED, *, punctuation: str = "-_"
    ) -> Any:
        """A list of ids (see :meth:`is_slug`), as a tuple; as :meth:`ints` otherwise."""
        expected = f"an id (lowercase {_allowed(punctuation)})"
        return self._items(table, key, path, default, lambda item: self.is_slug(item, punctuation), expected)

    def _items(
        self,
        table: Mapping[str, Any],
        key: str,
        path: str,
        default: Any,
        fits: Callable[[object], bool],
        expected: str,
    ) -> Any:
        value = self.get(table, key, list, path, default=default)
        if not isinstance(value, list):
            return value if value is default else self.fallback(tuple)
        misfits = [(index, item) for index, item in enumerate(value) if not fits(item)]
        for index, item in misfits:
            self.problem(f"{path}.{key}[{index}]", f"expected {expected}, got {shown(item)}")
        if misfits:
            return self.fallback(tuple) if default is _REQUIRED else default
        return tuple(value)

    def entries(
        self, data: Mapping[str, Any], section: str, path: str = "$", *, punctuation: str = "-_"
    ) -> list[tuple[str, dict[str, Any], str]]:
        """The tables of ``[section.<id>]``, each as ``(id, table, key path)``.

        The section is optional. An entry whose id is not a slug (see :meth:`is_slug`), or
        that is not a table, is a problem and is left out.
        """
        out = []
        for ident, body in self.table(data, section, path).items():
            where = f"{path}.{section}.{ident}"
            if not self.is_slug(ident, punctuation):
                self.problem(where, f"ids are lowercase ASCII ({_allowed(punctuation)}), got {ident!r}")
                continue
            if not isinstance(body, dict):
                self.problem(where, f"expected a table, got {shown(body)}")
                continue
            out.append((ident, body, where))
        return out

    def extra(self, table: Mapping[str, Any], allowed: tuple[str, ...], path: str) -> None:
        """A problem for every key of ``table`` that is not ``allowed`` (a misspelt key is never ignored)."""
        if not isinstance(table, Mapping):
            return
        for key in table:
            if key not in allowed:
                self.problem(f"{path}.{key}", f"unknown key {key!r}; expected one of: {', '.join(allowed)}")

    @staticmethod
    def is_slug(ident: object, punctuation: str = "-_") -> bool:
        """Whether ``ident`` is an id: lowercase ASCII letters, digits and the characters of ``punctuation``.

        >>> Reader.is_slug("pp.escrime"), Reader.is_slug("pp.escrime", punctuation="_.-")
        (False, True)
        """
        return (
            isinstance(ident, str)
            and bool(ident)
            and ident.isascii()
            and all(c.islower() or c.isdigit() or c in punctuation for c in ident)
        )
