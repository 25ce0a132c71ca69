"""The exceptions raised by :mod:`progression`.

Every error the library raises on purpose derives from :class:`ProgressionError`.
Each also derives from the builtin whose meaning it shares, so that
``except ValueError`` or ``except LookupError`` keeps working in callers that
know nothing of this library.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Mapping, Sequence

import attrs

from progression import spelling
from progression.spelling import closest, the_closest

__all__ = [
    "AnotherSheet",
    "CapExceeded",
    "ChoiceNeeded",
    "DecisionError",
    "DiceError",
    "FileChanged",
    "InsufficientPoints",
    "InvalidInput",
    "LimitReached",
    "MissingFile",
    "NotAStore",
    "OutOfOrder",
    "PackFunctionError",
    "PendingState",
    "Problem",
    "ProgressionError",
    "PurchaseError",
    "RequirementNotMet",
    "RulePackError",
    "RulesChanged",
    "Sentence",
    "SheetError",
    "SheetTampered",
    "StoreBusy",
    "StoreConflict",
    "StoreError",
    "StoreTampered",
    "UnknownAnswer",
    "UnknownChoice",
    "UnknownName",
    "UnknownOption",
    "UnknownPackError",
    "UnreadableFile",
    "UnwritableFile",
    "Way",
    "closest",
]


def _rebuilt(cls: type[ProgressionError], args: tuple[object, ...]) -> ProgressionError:
    """An error of ``cls`` with ``args``, made without its ``__init__`` (which takes other arguments than its
    ``args``): unpickling then sets its attributes as they were."""
    error = cls.__new__(cls, *args)
    error.args = args
    return error


@attrs.frozen(kw_only=True)
class Way:
    """What a refusal tells its reader to run, in the words of each interface: the Python call a program makes,
    and the command a person types, run on the file the command line was given (which only it knows).

    ``Way(python="League.record", command="league record", args="FIXTURE ...")`` is said ``League.record`` to a
    program and ```progression league record league.db FIXTURE ...``` on the command line.
    """

    #: The call, as a program writes it: ``"League.record"``, ``"new_league"``.
    python: str
    #: The ``progression`` command, up to the file it runs on: ``"league record"``.
    command: str
    #: What follows the file: ``"FIXTURE ..."``.
    args: str = ""
    #: Whether the command runs on the file given (False: on another, which ``args`` names, as ``NEWFILE``).
    on_file: bool = True

    def said(self, file: str | None) -> str:
        """The command, on ``file`` (``FILE`` when the command line was given none, or several)."""
        on = (shlex.quote(file) if file else "FILE") if self.on_file else ""
        return f"`{' '.join(word for word in ('progression', self.command, on, self.args) if word)}`"


def _parts(parts: Iterable[str | Way | Sentence]) -> tuple[str | Way, ...]:
    return tuple(part for given in parts for part in (given.parts if isinstance(given, Sentence) else (given,)))


@attrs.frozen
class Sentence:
    """A refusal's message with the ways it tells to run kept apart (:class:`Way`), so that each interface says
    them in its own words: ``str()`` in a program's (the message of the error raised with it), :meth:`on_command_line`
    in the command line's. An error raised with a sentence keeps it as its ``worded``."""

    #: The text, and the ways in their places; a sentence given among them is spliced in.
    parts: tuple[str | Way, ...] = attrs.field(converter=_parts)

    def __str__(self) -> str:
        return "".join(part if isinstance(part, str) else part.python for part in self.parts)

    def on_command_line(self, file: str | None) -> str:
        """The message as the command line says it, its commands run on ``file`` (see :meth:`Way.said`)."""
        return "".join(part if isinstance(part, str) else part.said(file) for part in self.parts)

    def of_sheet_in_store(self, command: str, sheet: str) -> Sentence:
        """The sentence said of ``sheet``, one of the sheets of a store: each action it tells to run on a sheet's
        file (``sheet do FILE close number=1``) runs on that sheet in the store, with ``command``
        (``league do FILE TEAM close number=1``). Its words in a program are kept."""
        return Sentence(
            tuple(
                attrs.evolve(part, command=command, args=f"{spelling.command_line(sheet)} {part.args}".strip())
                if isinstance(part, Way) and part.command == "sheet do" and part.on_file
                else part
                for part in self.parts
            )
        )


class ProgressionError(Exception):
    """The root of every error raised by the library on purpose.

    Raised with a :class:`Sentence` (``InvalidInput(Sentence(...))``), its message is the sentence in a program's
    words, and the sentence is kept (``worded``) for the command line to say in its own.

    Every one is pickled whole, its message and its attributes (a study's worker process, a cluster's worker,
    sends its errors back pickled), whatever its ``__init__`` takes: it is rebuilt from its ``args`` and its
    attributes, not by calling ``__init__`` again, as an exception is by default.
    """

    #: The message with the ways it tells to run kept apart, when it names any (None: its words are the same
    #: in every interface).
    worded: Sentence | None = None
    #: The names of the sheets it concerns, among several given (a report's teams whose results disagree), as
    #: data: the command line says the files that hold them, in its words and in ``--json``. Empty: none said.
    sheets: tuple[str, ...] = ()
    #: The files that hold those sheets, each ``(sheet name, file)``, when the command line read them from files
    #: (set by it, not by the library).
    sheet_files: tuple[tuple[str, str], ...] = ()

    def __init__(self, *args: object) -> None:
        if args and isinstance(args[0], Sentence):
            if any(isinstance(part, Way) for part in args[0].parts):
                self.worded = args[0]
            args = (str(args[0]), *args[1:])
        super().__init__(*args)

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuilt, (type(self), self.args), self.__dict__ or None)


@attrs.frozen
class Problem:
    """One thing wrong in a file: where it is and why it is wrong."""

    #: The file (or other source) the problem was found in.
    source: str
    #: A JSONPath-like location of the offending key, ``$`` for the whole document.
    path: str
    #: What was expected and what was found.
    reason: str

    def __str__(self) -> str:
        return f"{self.source}: {self.reason} @ {self.path}"


#: How many problems a refusal's message shows (all are kept in its ``problems``), and how long each may be.
SHOWN = 10
_LONGEST = 500


def _shown(line: str) -> str:
    return line if len(line) <= _LONGEST else f"{line[: _LONGEST - 3]}..."


def _more(count: int, separator: str) -> str:
    return f"{separator}and {count - SHOWN} more" if count > SHOWN else ""


class RulePackError(ProgressionError, ValueError):
    """A rule pack that does not load. Carries every problem found, not just the first."""

    def __init__(self, source: str, problems: Iterable[Problem]) -> None:
        self.source = source
        self.problems: tuple[Problem, ...] = tuple(problems)
        count = len(self.problems)
        noun = "problem" if count == 1 else "problems"
        lines = "\n".join(f"  - {_shown(str(problem))}" for problem in self.problems[:SHOWN])
        super().__init__(f"rule pack {source} has {count} {noun}:\n{lines}{_more(count, chr(10) + '  - ')}")


class SheetError(ProgressionError, ValueError):
    """A saved sheet or ledger that does not load.

    Its message says each reason once, at the places it was found (the first three of them): a ledger
    read with a pack that lacks one of its operations finds that operation at every entry that holds it, and
    would otherwise say the same sentence over and over. ``problems`` keeps every one, each at its place.
    """

    def __init__(self, source: str, problems: Iterable[Problem]) -> None:
        self.source = source
        self.problems: tuple[Problem, ...] = tuple(problems)
        places: dict[str, list[str]] = {}  # each reason -> the places it was found, in the order found
        for problem in self.problems:
            places.setdefault(problem.reason, []).append(problem.path)
        shown = list(places.items())[:SHOWN]
        lines = "; ".join(_shown(f"{reason} @ {_places(paths)}") for reason, paths in shown)
        left = len(self.problems) - sum(len(paths) for _, paths in shown)
        super().__init__(f"sheet {source} does not load: {lines}{f'; and {left} more' if left else ''}")


#: How many places of one reason a :class:`SheetError`'s message names.
_PLACES = 3


def _places(paths: Sequence[str]) -> str:
    """The places one reason was found, the first ``_PLACES`` of them named: ``$.a, $.b, $.c and 4 more places``."""
    named = ", ".join(paths[:_PLACES])
    return f"{named} and {len(paths) - _PLACES} more places" if len(paths) > _PLACES else named


class SheetTampered(SheetError):
    """A sheet file whose seal does not show it is the one the library wrote: edited by hand (its ledger is not
    the one it was sealed with), or written before seals (format 1 or 2). It is read only to be verified (which
    finds an entry the rules do not give) or run again from its operations (``rebase``), which writes it sealed."""

    #: Why, for a file edited by hand.
    EDITED = "the file was changed outside the library: its ledger is not the one it was written with"

    def __init__(self, source: str, why: str = EDITED) -> None:
        #: Why the seal does not hold, in words.
        self.why = why
        reason = (
            f"{why}; verify it to find an entry the rules do not give (progression sheet verify {source}), and run "
            f"its history again from its operations to write it anew, sealed (progression sheet rebase {source})"
        )
        super().__init__(source, [Problem(source, "$.seal", reason)])


class UnknownPackError(ProgressionError, LookupError):
    """A pack name that no installed distribution provides, nor a pack file of ``PROGRESSION_PACK_PATH``
    (``folders``: the folders it names, when the name was looked for there; ``files``: the names of the pack files
    they hold), naming the closest installed pack or pack file."""

    def __init__(
        self,
        name: str,
        installed: Sequence[str],
        folders: Sequence[str] | None = None,
        files: Sequence[str] = (),
        misnamed: Mapping[str, str] | None = None,
    ) -> None:
        self.name = name
        self.installed = tuple(installed)
        self.folders = None if folders is None else tuple(folders)
        #: The pack files of ``PROGRESSION_PACK_PATH``'s folders, by name (``NAME`` of ``NAME.toml``).
        self.files = tuple(files)
        #: The installed packs and pack files closest to ``name`` (at most three).
        self.closest = closest(name, dict.fromkeys([*self.installed, *self.files]))
        choices = ", ".join(self.installed) or "none"
        message = f"no rule pack named {name!r} is installed; installed packs: {choices}"
        if self.folders:  # where the file was looked for is news only when the variable names a folder
            message += f"; no folder of PROGRESSION_PACK_PATH ({', '.join(self.folders)}) holds {name}.toml"
        elif self.folders is not None and not self.closest:  # nothing meant was found: say where a file could be
            message += f"; PROGRESSION_PACK_PATH names no folder to look for a pack file {name}.toml in"
        #: The files of those folders meant for the name but named otherwise (``Mech.toml``), each with why it is
        #: not read.
        self.misnamed = dict(misnamed or {})
        message += "".join(f"; {file} is not read: {why}" for file, why in self.misnamed.items())
        super().__init__(message + the_closest(self.closest))


def _in_order(name: str) -> tuple[str, int, str]:
    """A name's place in a list: by its text, a number that ends it by its value (``2`` before ``10``, ``p2``
    before ``p10``), compared by length then digits so that no number is too long to read."""
    head = name.rstrip("0123456789")
    digits = name[len(head) :].lstrip("0")
    return (head, len(digits), digits + "\0" + name)


class UnknownName(ProgressionError, LookupError):
    """An id (pool, stat, upgrade, member, curve, ...) that the pack or sheet does not define.

    Args:
        kind: What the id names (``competence``).
        name: The id given.
        known: The ids it may be.
        where: Where they are defined (``campaign 'example'``).
        closest: The ids closest to ``name``, when the caller matches more than their ids (a pack matches their
            displayed names too: :meth:`progression.RulePack.closest`); when not given, those whose ids are
            closest to it (or whose labels are).
        labels: What each id is called, for ids that say nothing by themselves (a roster's members, ``1``, ``2``):
            the message lists each with its label (``1 (Queek)``; an id its label only repeats, alone), and the
            closest are found by it too.
    """

    def __init__(
        self,
        kind: str,
        name: object,
        known: Iterable[str],
        where: str,
        *,
        closest: Iterable[str] | None = None,
        labels: Mapping[str, str] | None = None,
    ) -> None:
        self.kind = kind
        self.name = name
        self.known = tuple(sorted(known, key=_in_order))
        # an id said with its label where the label says more (``1 (Queek)``; ``bo``, not ``bo (Bo)``)
        said = {k: v for k, v in (labels or {}).items() if v.strip().casefold() != k.casefold()}
        shown = ", ".join(f"{k} ({said[k]})" if k in said else k for k in self.known[:12])
        shown += ", ..." if len(self.known) > 12 else ""
        message = f"{kind} {name!r} is not defined in {where}; expected one of: {shown or 'none'}"
        by_label = {k: (said[k],) for k in self.known if k in said}
        found = spelling.closest(str(name), self.known, names=by_label or None) if closest is None else closest
        #: The ids closest to the one given (at most three), said even when every id is listed: a newcomer
        #: reads the answer rather than the list.
        self.closest = tuple(found)
        close = tuple(f"{k} ({said[k]})" if k in said else k for k in self.closest)
        super().__init__(message + the_closest(close))

    def __str__(self) -> str:  # LookupError subclasses quote their message otherwise
        return str(self.args[0])


class InvalidInput(ProgressionError, ValueError):
    """An argument of the wrong type or out of range (a negative amount, a die of 7 on a D6, ...)."""


def _closest_option(given: str, known: tuple[str, ...]) -> tuple[str, ...]:
    """The options of ``known`` closest to ``given``; a word with a prefix (``home.scord``) is compared with the
    options of that prefix by what follows it (``score``), so that the prefix they share makes none close; a word
    without one (``scor``) also with what follows the prefix of each option that has one (``home.score`` and
    ``away.score``)."""
    head, dot, tail = given.rpartition(".")
    same = {k.rpartition(".")[2]: k for k in known if dot and k.rpartition(".")[0] == head}
    if same:
        return tuple(same[t] for t in closest(tail, tuple(same)))
    found = closest(given, known)
    if dot:
        return found
    ends: dict[str, list[str]] = {}
    for option in known:
        if "." in option:
            ends.setdefault(option.rpartition(".")[2], []).append(option)
    return tuple(dict.fromkeys([*found, *(o for end in closest(given, tuple(ends)) for o in ends[end])]))


class UnknownOption(InvalidInput):
    """A ``key=value`` word a command does not take (``home.scor=1``): the message names the command as it was run
    (``league amend``), the words it does take, and the closest of them to each word given, as
    :class:`UnknownName` does for an id.

    Args:
        command: The command as the user ran it, for the message (``league amend``, ``action 'match'``).
        names: The words given that it does not take.
        known: The words it takes, in the order it lists them.
    """

    def __init__(self, command: str, names: Iterable[str], known: Iterable[str]) -> None:
        self.command = command
        self.names = tuple(names)
        self.known = tuple(known)
        #: The words taken closest to those given (at most three for each).
        self.closest = tuple(dict.fromkeys(c for name in self.names for c in _closest_option(name, self.known)))
        noun = "option" if len(self.names) == 1 else "options"
        message = f"unknown {noun} {', '.join(map(repr, self.names))} for {command}; it takes: "
        message += ", ".join(self.known) or "no options"
        super().__init__(message + the_closest(self.closest))


class PackFunctionError(InvalidInput, RulePackError):
    """What a pack's function returned breaks its contract (a price below zero or no whole number, options that
    are no list of ids, a procedure's result that is no Effect): the pack's bug, not a refused operation. The
    conformance check reports it as such wherever the runs meet it.

    It is a :class:`RulePackError` (the pack is at fault; its one problem, the message, is at ``$`` of the
    function named) and an :class:`InvalidInput` (the call was refused, nothing changed); its text is the message.
    """

    def __init__(self, message: str) -> None:
        self.source = "pack function"
        self.problems = (Problem(self.source, "$", message),)
        ProgressionError.__init__(self, message)

    @classmethod
    def raised(cls, what: str, error: Exception) -> PackFunctionError:
        """The error for a pack's function (``what``) that raised ``error``, not a refusal of its own (a
        :class:`ProgressionError`, which passes as it is) but its bug: named, with ``error`` as its cause."""
        made = cls(f"{what} raised {type(error).__name__}: {error}")
        made.__cause__ = error
        return made


class OutOfOrder(InvalidInput):
    """A change well formed but asked out of the order the rules set (an advancement after the post-match
    sequence ended, a match recorded while the last one's sequence is open): refused by the rules, so the
    command line exits with 1, not with the 2 of a bad input."""


class DiceError(ProgressionError, ValueError):
    """Dice that cannot give what is asked: a scripted sequence run out, a result out of range."""


class PendingState(ProgressionError):
    """The sheet has something to settle first: surplus over a cap, or a decision to make."""


class DecisionError(ProgressionError, ValueError):
    """A decision that is not among the offered options (:class:`UnknownAnswer`), or given when none is asked."""


class UnknownAnswer(DecisionError, UnknownName):
    """An answer to a waiting decision that names none of its options: bad usage (exit status 2), as a misspelt
    choice of a purchase is (:class:`UnknownChoice`), whatever the word (``Sprnt``, ``Agilty``, a skill not
    rolled); a :class:`DecisionError` too, as it was, so that ``except DecisionError`` keeps catching it. It has
    :class:`UnknownName`'s attributes: ``kind`` (``"answer"``), ``name`` (the answer given), ``known`` (the options)
    and ``closest``.

    Args:
        given: The answer given.
        question: The question asked, as it reads.
        options: The options offered, in their order.
        closest: The options closest to ``given`` (a pack matches their displayed names too:
            :meth:`progression.RulePack.closest`).
    """

    def __init__(self, given: object, question: str, options: Iterable[str], closest: Iterable[str] = ()) -> None:
        self.kind, self.name, self.known = "answer", given, tuple(options)
        self.closest = tuple(closest)
        message = f"{given!r} is not an option for {question!r}; the options are: {', '.join(self.known)}"
        ProgressionError.__init__(self, message + the_closest(self.closest))


class CapExceeded(ProgressionError, ValueError):
    """An award refused because the pool's cap would be passed (the ``refuse`` overflow policy)."""

    def __init__(self, message: str, *, pool: str, cap: int) -> None:
        self.pool = pool
        self.cap = cap
        super().__init__(message)


class RulesChanged(ProgressionError, ValueError):
    """A sheet made under other rules than the pack given (another version of its data): rebase it first.

    Its message tells how, in each interface's words (:class:`Sentence`): ``progression.rebase`` to a program,
    ``progression sheet rebase FILE`` on the command line, on the file it was given; ``rebase`` replaces both where
    the sheet is kept elsewhere (a league's store: ``League.rebase``).
    """

    def __init__(
        self, subject: str, recorded: str, given: str, *, own_rules: str | None = None, rebase: str | None = None
    ) -> None:
        self.subject = subject
        self.recorded = recorded
        self.given = given
        #: The function that gives the pack a sheet of it is played under, when the pack has one: kept so that a
        #: refusal reworded for where the sheet is kept (a league's store) still offers it.
        self.own_rules = own_rules
        first = f"play it under its own with {own_rules}(pack, sheet), or " if own_rules else ""
        # ``rebase``: what rebases the sheet where it is kept, when not a sheet file (a league's store); else the
        # way a program rebases it, and the command that rebases the file the command line was given (:class:`Way`).
        told: str | Way = rebase or Way(python="progression.rebase", command="sheet rebase")
        super().__init__(
            Sentence(
                (
                    f"{subject} was made under the rules {recorded!r}, not under {given!r}; ",
                    f"{first}rebase its history onto these rules first (",
                    told,
                    ")",
                )
            )
        )


class PurchaseError(ProgressionError):
    """A purchase refused by the rules. Nothing was changed."""

    def __init__(self, message: str, *, upgrade: str, violations: Sequence[str]) -> None:
        self.upgrade = upgrade
        self.violations = tuple(violations)
        super().__init__(message)


class InsufficientPoints(PurchaseError):
    """The pools that may pay hold fewer points than the price."""

    def __init__(
        self,
        *,
        upgrade: str,
        needed: int,
        available: int,
        currency: str,
        names: tuple[str, str] | None = None,
        why: str = "",
        unit: str | None = None,
    ) -> None:
        self.needed = needed
        self.available = available
        self.currency = currency
        # ``names``: how the upgrade and the currency are displayed; their ids otherwise.
        upgrade_name, currency_name = names or (repr(upgrade), currency)
        if unit is not None:  # the currency's unit: amounts as the rules write them (``60,000 gp``)
            held = "none is" if available <= 0 else f"only {available:,} {unit} are"
            message = f"{upgrade_name} costs {needed:,} {unit} but {held} available"
        else:
            held = "none are" if available <= 0 else "only 1 is" if available == 1 else f"only {available} are"
            message = f"{upgrade_name} costs {needed} {currency_name} but {held} available"
        # ``why``: what keeps points held from paying (they are over a cap), when something does.
        message += f" ({why})" if why else ""
        super().__init__(message, upgrade=upgrade, violations=(message,))


class RequirementNotMet(PurchaseError):
    """One or more requirements are unmet; ``missing`` has one sentence for each."""

    def __init__(self, *, upgrade: str, missing: Sequence[str], head: str | None = None) -> None:
        self.missing = tuple(missing)
        # ``head``: what was refused, as the sentence's start ("Block cannot be bought").
        message = f"{head or f'{upgrade!r} cannot be bought'}: " + "; ".join(self.missing)
        super().__init__(message, upgrade=upgrade, violations=self.missing)


class LimitReached(PurchaseError):
    """The upgrade was bought as often as allowed, or would take a value past its maximum."""

    def __init__(self, *, upgrade: str, reason: str, head: str | None = None) -> None:
        # ``head``: what was refused, as the sentence's start ("Hiring a Human Lineman is refused").
        message = f"{head or f'{upgrade!r} cannot be bought'}: {reason}"
        super().__init__(message, upgrade=upgrade, violations=(reason,))


class UnknownChoice(RequirementNotMet, UnknownName):
    """A purchase's choice that names nothing the upgrade ranges over: an item it does not list, or, for an
    upgrade whose options a function lists, an id the pack does not know (a typo). Bad usage, where a known
    option the rules refuse now (not offered to this sheet, a requirement unmet) is a refusal
    (:class:`RequirementNotMet`): it is both, so that ``except RequirementNotMet`` and ``except LookupError``
    catch it, and it has the attributes of both: ``upgrade``, ``violations`` and ``missing`` (the sentence),
    ``kind`` (``"choice"``), ``name`` (the choice given, also ``choice``), ``known`` (the options it could have
    named) and ``closest``.

    Args:
        upgrade: The upgrade whose purchase was asked.
        choice: The choice given.
        options: The options the upgrade offers, in its order.
        sentence: What the quote says of the choice (which names the closest options when some are close).
        head: What was refused, as the sentence's start ("Charm cannot be bought").
        closest: The options closest to ``choice``, as the sentence names them (a pack matches their displayed
            names too: :meth:`progression.RulePack.closest`); when not given, those whose ids are closest to it.
    """

    def __init__(
        self,
        *,
        upgrade: str,
        choice: str,
        options: Iterable[str],
        sentence: str,
        head: str,
        closest: Iterable[str] | None = None,
    ) -> None:
        self.upgrade = upgrade
        self.violations = self.missing = (sentence,)
        self.kind, self.name, self.known = "choice", choice, tuple(options)
        #: The choice given (the same as ``name``).
        self.choice = choice
        #: The options closest to the choice given (at most three), as :attr:`UnknownName.closest`.
        self.closest = spelling.closest(choice, self.known) if closest is None else tuple(closest)
        ProgressionError.__init__(self, f"{head}: {sentence}")


class ChoiceNeeded(RequirementNotMet, InvalidInput):
    """A purchase of an upgrade that takes a choice, given none: input the buyer must give, so bad usage (exit
    status 2), as a misspelt choice is (:class:`UnknownChoice`) and as a required option left out is; a
    :class:`RequirementNotMet` too, as it was, so that ``except RequirementNotMet`` keeps catching it.
    ``options`` are those the sheet may choose now (never none: with no option open, the rules refuse the purchase,
    a :class:`RequirementNotMet` alone); ``sentence`` is the quote's, as its ``missing``; the message says what was
    refused (``head``) and the options, and then ``hint``, how a caller gives a choice where it has a say (the
    command line's ``--choice``)."""

    def __init__(self, *, upgrade: str, options: Iterable[str], sentence: str, head: str, hint: str = "") -> None:
        self.options = tuple(options)
        self.hint = hint
        RequirementNotMet.__init__(self, upgrade=upgrade, missing=(sentence,), head=head)
        self.head = head
        self.sentence = sentence
        message = f"{head} without a choice; the options open now: {', '.join(self.options)}"
        self.args = (f"{message}; {hint}" if hint else message,)


class StoreError(ProgressionError):
    """A store that cannot do what was asked: not a store, of a newer schema, of another pack, closed, or a
    sheet id already taken. Nothing was written."""

    def __init__(self, where: str, reason: str | Sentence) -> None:
        self.where = where
        #: Why, in a program's words (``worded`` keeps the ways it tells to run apart, when it names any).
        self.reason = str(reason)
        super().__init__(Sentence(("store ", where, ": ", reason)))


class NotAStore(StoreError, ValueError):
    """A path or a database that holds no store of this library (a text file, another program's database, a
    store of no pack yet opened without one): nothing was made or changed in it. A usage error: another file
    was meant."""


class StoreTampered(StoreError):
    """A stored sheet refused because it is no longer what the store last wrote: its snapshot or its last entry
    was changed in the database by something else than the store (an edit by hand), entries were added or removed
    there, or its snapshot is not what its entries add up to. Raised by a read (``refused`` says it is not read as
    the sheet), by its ledger when first looked at (its history is not read), by a change, an export, an amendment
    or a rebase; nothing was written. ``verify`` finds the entry that differs.

    Also what opening a store raises when the database itself was changed outside the store: a trigger the store
    relies on to notice edits is missing, altered or disabled, or one it does not make was added (``sheet`` is
    then None, and ``refused`` says what to do)."""

    def __init__(self, where: str, sheet: str | None, what: str, *, refused: str = "nothing was written") -> None:
        #: The sheet refused; None when the database as a whole is (its triggers).
        self.sheet = sheet
        #: What disagrees, in words (the snapshot, the last entry, the number of entries, a trigger).
        self.what = what
        if sheet is None:
            reason = f"the database was changed outside the store: {what}; {refused}"
        else:
            reason = (
                f"sheet {sheet!r} was changed in the database outside the store: {what}; {refused} "
                "(verify the store to find the entry that differs)"
            )
        super().__init__(where, reason)


class StoreConflict(StoreError):
    """A change made against a version of a sheet that is no longer the stored one: someone else changed it
    since it was read. Nothing was written; read the sheet again and retry.

    Also what the ledger of a sheet read earlier raises when it is first looked at (``reading``) and another
    writer rewrote the sheet's history since (an amendment): the entries stored now are not those of the state
    read, and are not taken."""

    def __init__(
        self,
        where: str,
        sheet: str,
        expected: int,
        found: int,
        *,
        kind: str = "sheet",
        reading: bool = False,
        meanwhile: str | None = None,
    ) -> None:
        self.sheet = sheet
        self.expected = expected
        self.found = found
        #: What changed: a ``"sheet"``, or a ``"record"`` (:meth:`progression.store.Transaction.put`).
        self.kind = kind
        #: What another writer stored since the version the change was built on, when known (the entries a sheet
        #: given to :meth:`progression.store.Transaction.extend` does not hold), else None.
        self.meanwhile = meanwhile
        if meanwhile is not None:
            reason = (
                f"{kind} {sheet!r} was changed from version {expected} but is at version {found}: another writer "
                f"stored {meanwhile} meanwhile; nothing was written: read the sheet again and redo the change on it"
            )
        elif reading:
            now = "" if found == expected else f", now {found} entries,"
            reason = (
                f"{kind} {sheet!r} was read at version {expected} and its history was rewritten since{now} by "
                "another writer (an amendment): the entries stored now are not those of the state read; read it again"
            )
        else:
            reason = (
                f"{kind} {sheet!r} was expected at version {expected} but is at version {found}: "
                "it changed since it was read; read it again and retry"
            )
        super().__init__(where, reason)


class StoreBusy(StoreError):
    """A change that waited longer than the store's timeout for another writer of the database to finish: nothing
    was written; run it again."""


class UnreadableFile(ProgressionError, OSError):
    """A file named to be read that is not read: not a regular file (a directory, a device, a pipe), larger than
    it may be, or refused by the system. ``reason`` says which, without the path (``path``)."""

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"cannot read {path!r}: {reason}")


class MissingFile(UnreadableFile, FileNotFoundError):
    """A file named to be read where nothing is (a ``FileNotFoundError`` too)."""

    def __init__(self, path: str, reason: str = "expected a file there, found nothing") -> None:
        super().__init__(path, reason)


class UnwritableFile(ProgressionError, OSError):
    """A file that may not be replaced (a directory, a device, a read-only file): nothing was written."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        super().__init__(message)


class FileChanged(ProgressionError):
    """A file that is no longer what its writer read (``how``: ``created``, ``changed`` or ``deleted`` by someone
    else meanwhile): nothing was written."""

    def __init__(self, path: str, how: str) -> None:
        self.path = path
        self.how = how
        super().__init__(f"{path!r} was {how} by someone else since it was read; nothing was written")


class AnotherSheet(InvalidInput):
    """A sheet given to save over a sheet file that does not continue the history the file holds: another pack's
    sheet, or one of another creation (another character). Nothing was written. Saved on purpose, it goes to a new
    file (:func:`~progression.files.create_sheet_file`) or over this one with
    :meth:`SheetFile.save(sheet, replace=True) <progression.files.SheetFile.save>`."""

    def __init__(self, path: str, held: str, given: str) -> None:
        self.path = path
        #: The sheet the file holds, in words (``a character sheet 'Ana' of pack 'competence'``).
        self.held = held
        #: The sheet given to save, in words, and how its creation differs when its words are the same.
        self.given = given
        super().__init__(
            f"{path!r} holds the history of {held}; the sheet given to save over it is {given}, which does not "
            "continue that history; nothing was written: write it to a new file with create_sheet_file(path, sheet), "
            "or over this one with SheetFile.save(sheet, replace=True)"
        )
