"""Reading the command line's words: packs by name or file, ``key=value`` pairs, and the dice to roll."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from progression import RulePack, load, load_file
from progression.authoring import PACK_PATH
from progression.cli.numbers import integer
from progression.contract import option_type
from progression.dice import CallbackDice, Dice, ScriptedDice, SeededDice, roll_in_words, who_rolls, why_again
from progression.errors import ChoiceNeeded, DiceError, InvalidInput, ProgressionError, UnknownPackError
from progression.spelling import closest, command_line, the_closest

if TYPE_CHECKING:
    from progression.ledger import Sheet

__all__ = ["DiceChoice", "UsageError", "int_pairs", "language", "pairs", "resolve_pack", "sheet_command"]


class UsageError(InvalidInput):
    """The command was used wrongly (a missing file, a malformed ``key=value``): exit status 2."""


def is_path(spec: str) -> bool:
    """Whether a pack argument names a file rather than an installed pack."""
    return spec.endswith(".toml") or "/" in spec or "\\" in spec


def resolve_pack(spec: str) -> RulePack:
    """The pack an argument names: a TOML file (``*.toml`` or a path), else an installed pack."""
    if is_path(spec):
        return load_file(spec)
    return load(spec)


def pack_for(spec: str | None, sheet: Sheet) -> RulePack:
    """The pack a sheet was made with: ``--pack`` when given, else the installed pack it names."""
    if spec:
        pack = resolve_pack(spec)
    else:
        try:
            pack = load(sheet.pack)
        except UnknownPackError as error:
            file = f"{sheet.pack}.toml"
            msg = (
                f"{error}; a sheet file names its pack, not the pack's file: give the file with --pack (--pack "
                f"path/to/{file}), or keep it as {file} in a folder named in {PACK_PATH} and leave --pack out, or "
                "install the pack"
            )
            raise UsageError(msg) from None
    if pack.name != sheet.pack:
        msg = f"the sheet was made with pack {sheet.pack!r}, but --pack {spec} is pack {pack.name!r}"
        raise UsageError(msg)
    # A pack whose sheets can carry their own variant (a campaign file) says which one to use.
    if pack.contract.pack_for is not None:
        chosen: RulePack = pack.contract.pack_for(pack, sheet)
        return chosen
    return pack


#: The ``sheet`` commands that take no ``--lang`` (they print pages and sentences in the pack's first language).
UNWORDED_SHEET_COMMANDS = frozenset({"explain", "report", "roster"})


def sheet_command(args: argparse.Namespace, verb: str, *words: str, member: str | None = None) -> str:
    """The ``progression sheet VERB FILE ...`` command a refusal or a hint suggests, on the file given, with the
    ``--member`` (``member``, else the one given), the ``--pack`` and the ``--lang`` given (when ``VERB`` takes
    it), each word quoted where a shell needs it (a file name with a space), so that it runs as written."""
    who = member if member is not None else getattr(args, "member", None)
    pack = getattr(args, "pack", None)
    lang = getattr(args, "lang", None) if verb not in UNWORDED_SHEET_COMMANDS else None
    return command_line(
        "progression",
        "sheet",
        verb,
        str(args.file),
        *(("--member", who) if who else ()),
        *words,
        *(("--pack", str(pack)) if pack else ()),
        *(("--lang", str(lang)) if lang else ()),
    )


def language(pack: RulePack, args: argparse.Namespace) -> str:
    """The language ``--lang`` asks for, checked against those the pack declares (``[pack] languages``); the
    pack's first when ``--lang`` is not given (or the command has none).

    Raises:
        UsageError: the pack does not declare that language; the message names those it does.
    """
    asked: str | None = getattr(args, "lang", None)
    if asked is None:
        return pack.languages[0]
    if asked not in pack.languages:
        declared = ", ".join(pack.languages)
        msg = f"--lang {asked}: pack {pack.name!r} declares no language {asked!r}; its languages: {declared}"
        msg += the_closest(closest(asked, pack.languages))
        raise UsageError(msg)
    return asked


def pairs(items: Sequence[str], what: str) -> dict[str, str]:
    """``["a=1", "b=x"]`` as ``{"a": "1", "b": "x"}``; a malformed or repeated key is a usage error."""
    found: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            msg = f"expected key=value for {what}, got {item!r}"
            raise UsageError(msg)
        if key in found:
            msg = f"{key!r} is given twice for {what} ({found[key]!r} and {value!r})"
            raise UsageError(msg)
        found[key] = value
    return found


def whole(text: str, what: str) -> int:
    """``text`` as an integer (:func:`integer`), or a usage error naming ``what``."""
    try:
        return integer(text)
    except ValueError:
        msg = f"expected a whole number for {what}, got {text!r}"
        raise UsageError(msg) from None


def int_pairs(items: Sequence[str], what: str) -> dict[str, int]:
    """Like :func:`pairs`, with whole-number values."""
    return {key: whole(value, f"{what} {key}") for key, value in pairs(items, what).items()}


#: How a purchase argument of each type is written on the command line, as a command's option of that type is.
_ARG_TYPES = {"bool": option_type(bool), "int": option_type(int), "text": option_type(str)}


def purchase_args(pack: RulePack, upgrade: str, items: Sequence[str]) -> dict[str, object]:
    """``--arg NAME=VALUE`` words read by the type ``upgrade`` declares for each, as a command's ``KEY=VALUE``
    option of that type is read (``yes``/``no`` for a flag, a whole number, a text); NAME is an argument's id or
    its displayed name, in any case (``"Out of career"``).

    Raises:
        UsageError: a name it does not declare (the message lists those it does and the closest), or a value not
            of its type (with the closest of the words a flag takes).
    """
    given = pairs(items, "--arg")
    if not given:
        return {}
    spec = pack.upgrade(upgrade)
    read: dict[str, object] = {}
    for name, text in given.items():
        arg = spec.args.get(pack.resolve(name, spec.arg_names))
        if arg is None:
            takes = ", ".join(f"{a.id} ({a.type})" for a in spec.args.values()) or "none"
            close = pack.closest(name, spec.arg_names)
            msg = f"--arg {name}: {upgrade} takes no argument {name!r}; its arguments: {takes}{the_closest(close)}"
            raise UsageError(msg)
        kind = _ARG_TYPES[arg.type]
        try:
            read[arg.id] = kind.read(text)
        except ValueError:
            msg = f"--arg {name}: expected {kind.shown}, got {text!r}{the_closest(closest(text, kind.words))}"
            raise UsageError(msg) from None
    return read


def choice_hint(needed: ChoiceNeeded, listed: str = "") -> ChoiceNeeded:
    """``needed`` saying how the command line gives the choice (``--choice ITEM``) and, when one does, the command
    that lists the options with their prices (``listed``); the library's message knows no command line."""
    where = f" ({listed} lists them)" if listed else ""
    hint = f"give one with --choice ITEM{where}"
    made = ChoiceNeeded(
        upgrade=needed.upgrade, options=needed.options, sentence=needed.sentence, head=needed.head, hint=hint
    )
    made.__cause__ = needed.__cause__
    return made


def _prompt(sides: int, label: str) -> int:
    """Ask for one die's result on stderr and read it from stdin. At a terminal, a wrong answer is asked
    again (the results typed so far are kept); piped in, it stops the command."""
    what = f"D{sides}" + (f" for {label}" if label else "") + (f", rolled again: {why_again()}" if why_again() else "")
    whose = ", ".join(who_rolls())
    # the refusals say the roll in a sentence, whose it is and why it is made again in brackets
    roll = roll_in_words(f"D{sides}", label)
    while True:
        sys.stderr.write(f"{whose}: roll a {what}: " if whose else f"roll a {what}: ")
        sys.stderr.flush()
        answer = sys.stdin.readline()
        if not answer:
            sys.stderr.write("\n")  # the error that follows starts its own line, after the prompt
            msg = f"a {roll} is needed but stdin ended; give the results with --dice or roll with --seed"
            raise DiceError(msg)
        text = answer.strip()
        if text.isdigit() and 1 <= int(text) <= sides:
            return int(text)
        msg = f"the {roll} must be a whole number from 1 to {sides}, got {text!r}"
        if not sys.stdin.isatty():  # the refusal on its own line after the prompt
            sys.stderr.write("\n")
            raise DiceError(msg)
        sys.stderr.write(f"{msg}; again\n")


def _asked(sides: int, count: int, label: str) -> str:
    """A roll as the person typing the dice is told of it: whose it is, the dice, the label, and why it is made
    again (``for Griselda (1): 2D6 for 'first General skill', rolled again: Block is already owned``)."""
    whose, again = ", ".join(who_rolls()), why_again()
    what = f"{count}D{sides}" + (f" for {label!r}" if label else "") + (f", rolled again: {again}" if again else "")
    return f"for {whose}: {what}" if whose else what


class DiceAsked(ProgressionError):
    """``--dice ...,?``: the answer to which die the command needs next (exit status 0, nothing written)."""


class _Asking:
    """Typed-in dice followed by a question mark: the results given, then the request that needs one more,
    said instead of rolled (a commissioner asks before typing physical dice)."""

    def __init__(self, scripted: ScriptedDice) -> None:
        self._scripted = scripted

    def roll(self, sides: int, count: int = 1, label: str = "") -> tuple[int, ...]:
        results, used = self._scripted.results, self._scripted.used
        if used + count <= len(results):
            return self._scripted.roll(sides, count, label)
        given = ", ".join(map(str, results[:used]))
        after = f" after {given}" if given else ""
        # whose roll it is (several teams roll in one command, a roll of a team's entry is a player's), and why
        # it is made again
        asked = f"the next roll{after} is {_asked(sides, count, label)}"
        lone = results[used:]  # part of this roll's dice, typed before the '?': its first, said, never dropped
        if not lone:
            msg = f"{asked}; add its result before the '?' (nothing was written)"
        else:
            for result in lone:
                if result > sides:
                    msg = (
                        f"--dice: {result}, typed as a die of the next roll, is no result of the "
                        f"{roll_in_words(f'{count}D{sides}', label)}, which needs results from 1 to {sides}"
                    )
                    raise DiceError(msg)
            typed = ", ".join(map(str, lone))
            first = f"whose first die is {typed}" if len(lone) == 1 else f"whose first {len(lone)} dice are {typed}"
            missing = count - len(lone)
            add = "its last die's result" if missing == 1 else f"the results of its {missing} other dice"
            msg = f"{asked}, {first}: add {add} before the '?' (nothing was written)"
        raise DiceAsked(msg)


class _Typed:
    """Typed-in dice (``--dice R,R,...``) that say, when they run out, which roll needed more: a roll made again
    (a random skill the player has) takes more dice than the skills bought."""

    def __init__(self, scripted: ScriptedDice) -> None:
        self._scripted = scripted

    def roll(self, sides: int, count: int = 1, label: str = "") -> tuple[int, ...]:
        results, used = self._scripted.results, self._scripted.used
        if used + count <= len(results):
            return self._scripted.roll(sides, count, label)
        given = len(results)
        short = used + count - given
        rolled = "all rolled" if used == given else f"{used} rolled"
        typed = ",".join(map(str, results))
        msg = (
            f"--dice gave {given} result{'' if given == 1 else 's'}, {rolled}, but the command needs {short} more: "
            f"the next roll is {_asked(sides, count, label)} (`--dice {typed},?` says which roll comes next); nothing "
            "was written"
        )
        raise DiceError(msg)


class DiceChoice:
    """The dice a command rolls, from its options, and a check that typed-in dice were all used."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.scripted: ScriptedDice | None = None
        #: ``--dice ...,?``: say which roll comes next rather than run the command.
        self.asking = False
        self.dice: Dice
        if getattr(args, "seed", None) is not None:
            self.dice = SeededDice(args.seed)
        elif getattr(args, "dice", None) is not None:
            parts = [part.strip() for part in args.dice.split(",") if part.strip()]
            if "?" in parts[:-1]:
                msg = (
                    f"--dice: '?' (which roll comes next) may only come last, after the results rolled so far, "
                    f"got {args.dice!r}"
                )
                raise UsageError(msg)
            self.asking = bool(parts) and parts[-1] == "?"
            results = [whole(part, "--dice") for part in (parts[:-1] if self.asking else parts)]
            try:
                self.scripted = ScriptedDice(results)
            except DiceError as refused:  # a result no die shows (0), said as the option's
                raise UsageError(f"--dice: {refused}") from None
            self.dice = _Asking(self.scripted) if self.asking else _Typed(self.scripted)
        else:
            self.dice = CallbackDice(_prompt)

    def check_used(self) -> None:
        """Refuse to go on when some typed-in results were not rolled: a mistake in the list is likelier.

        Raises:
            DiceAsked: ``--dice ...,?`` and no roll was needed past the results given.
        """
        if self.asking and self.scripted is not None and not self.scripted.remaining:
            given = ", ".join(map(str, self.scripted.results))
            after = f"after {given}" if given else "at all"
            msg = f"no more dice are needed {after}: give them without '?' to run it; nothing was written"
            raise DiceAsked(msg)
        if self.scripted is not None and self.scripted.remaining:
            left = ", ".join(str(r) for r in self.scripted.remaining)
            count, used = len(self.scripted.results), self.scripted.used
            rolled = "none was" if used == 0 else "only 1 was" if used == 1 else f"only {used} were"
            msg = (
                f"--dice gave {count} result{'' if count == 1 else 's'} but {rolled} rolled; "
                f"unused: {left}; nothing was written"
            )
            raise UsageError(msg)


def existing_path(text: str, what: str) -> Path:
    """A path that must exist."""
    path = Path(text)
    if not path.exists():
        msg = f"{what} {text!r} does not exist"
        raise UsageError(msg)
    return path
