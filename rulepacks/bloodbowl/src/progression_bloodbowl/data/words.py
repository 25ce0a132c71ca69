"""The pack's things as a person types them: a roster, a position, a skill, each by its id or by its displayed name
in any of the pack's languages, in any case (``Orques Noirs`` for ``black_orc``, ``Trois-quarts humain`` for
``human_lineman``, ``Sournois`` for ``sneaky_git``), as the core reads a skill or a category
(:meth:`progression.RulePack.resolve`). A word that names none is refused with the closest, by id or by name
(:meth:`progression.RulePack.closest`).

Every public function of the pack that takes one of them reads it here, once, where it is called (:func:`reads`
for an operation, whose inputs the ledger keeps): what is recorded is the id, never the word typed. The command
line reads its words through the same functions (:mod:`progression_bloodbowl.cli.words`). The facets above read
their own things the same way: the staff (:func:`~progression_bloodbowl.team.roster.staff_named`), an injury
(:func:`~progression_bloodbowl.players.injuries.injury_named`), a match event and a match's record
(:func:`~progression_bloodbowl.match.record.record_named`).

Anything that is not a text comes back as it came, for the function that takes it to refuse in its own words.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar, cast

from progression import RulePack, Sheet
from progression.authoring import Label
from progression.errors import InvalidInput, UnknownName

from .access import data_of

__all__ = [
    "a_or_an",
    "label_names",
    "named",
    "pack_names",
    "position_named",
    "possessive",
    "reads",
    "roster_named",
    "skill_named",
    "skills_named",
    "team_position",
]

F = TypeVar("F", bound=Callable[..., Any])

#: How an argument is read: given the pack, the call's arguments (those read before it, read) and the argument as
#: it came, the id it names.
Reader = Callable[[RulePack, Mapping[str, Any], Any], Any]


def a_or_an(word: str) -> str:
    """``word`` after its indefinite article, as a sentence says a position or a roster: ``an Ogre``, ``an Orc
    team``, ``a Human Lineman``."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def possessive(name: str) -> str:
    """``name`` owning what follows: ``Gotrek's``, and ``Altdorf Anvils'`` for a name that ends in s."""
    return f"{name}'" if name[-1:].lower() == "s" else f"{name}'s"


def named(
    pack: RulePack,
    given: str,
    among: Mapping[str, Sequence[str]],
    what: str,
    where: str,
    *,
    last_words: bool = False,
) -> str:
    """The id of ``among`` that ``given`` names: the id itself, or the one whose id or displayed name (``among``
    maps each id to its names) it is in another case or with spaces; with ``last_words``, the one whose name ends
    with the words given (``lineman`` for ``Human Lineman``).

    Raises:
        UnknownName: ``given`` names none of them (``what`` it is, defined ``where``), with the closest.
        InvalidInput: with ``last_words``, the words end the names of several (``Lineman`` on an Orc team).
    """
    found = pack.resolve(given, among, last_words=last_words)
    if found in among:
        return found
    if last_words:
        fits = [i for i in among if pack.resolve(given, {i: among[i]}, last_words=True) == i]
        if len(fits) > 1:
            shown = " or ".join(f"{among[i][0]} ({i})" for i in fits)
            msg = f"{what} {given!r} fits several {what}s of {where}: {shown}; name one"
            raise InvalidInput(msg)
    raise UnknownName(what, given, among, where, closest=pack.closest(given, among))


def label_names(pack: RulePack, labels: Mapping[str, Label]) -> dict[str, tuple[str, ...]]:
    """Each id with its names in the pack's languages, the first language's first."""
    return {i: tuple(label.in_language(code) for code in pack.languages) for i, label in labels.items()}


def pack_names(pack: RulePack, ids: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Each id with the names the pack gives it in its languages (the id itself where it gives none)."""
    return {i: tuple(pack.name_of(i, code) for code in pack.languages) for i in ids}


def roster_named(pack: RulePack, given: str) -> str:
    """The roster ``given`` names (``Human``, ``Orques Noirs`` for ``black_orc``)."""
    teams = data_of(pack).teams
    if type(given) is not str or given in teams:
        return given
    rosters = {t.id: t.label for t in sorted(teams.values(), key=lambda t: t.id)}
    return named(pack, given, label_names(pack, rosters), "team roster", "the bloodbowl pack")


def position_named(pack: RulePack, roster: object, given: str) -> str:
    """The position of ``roster`` that ``given`` names: its id, its name (``Trois-quarts humain``), or the last
    words of the one name ending with them (``Lineman``); ``given`` itself for a roster the pack does not know,
    which what takes the position then refuses."""
    team = data_of(pack).teams.get(roster) if type(roster) is str else None
    if team is None or type(given) is not str or team.position(given) is not None:
        return given
    positions = label_names(pack, {p.id: p.label for p in team.positions})
    return named(pack, given, positions, "position", f"the {team.label.en} roster", last_words=True)


def skill_named(pack: RulePack, given: str, where: str = "the skills of the pack") -> str:
    """The skill ``given`` names (``Sneaky Git``, ``Blocage`` for ``block``), or the trait it names (``Loner``),
    which what takes a skill then refuses in its own words (a trait is never bought).

    Raises:
        UnknownName: a word that names no skill nor trait, with the closest skills (``where``: where it was given).
    """
    data = data_of(pack)
    if type(given) is not str or given in data.skills or given in data.traits:
        return given
    trait = pack.resolve(given, label_names(pack, {i: t.label for i, t in data.traits.items()}))
    if trait in data.traits:
        return trait
    skills = label_names(pack, {i: s.label for i, s in data.skills.items()})
    return named(pack, given, skills, "skill", where)


def skills_named(pack: RulePack, given: object, where: str = "the skills of the pack") -> object:
    """Each skill of ``given`` read by :func:`skill_named`, as a tuple; anything but a sequence of texts as it
    came."""
    if isinstance(given, str | bytes) or not isinstance(given, Sequence):
        return given
    if not all(type(skill) is str for skill in given):
        return given
    return tuple(skill_named(pack, skill, where) for skill in given)


def team_position(pack: RulePack, arguments: Mapping[str, Any], given: Any) -> Any:
    """A :data:`Reader` of a position of the roster of the team an operation runs on (its ``sheet``)."""
    team = arguments.get("sheet")
    return position_named(pack, team.tags.get("team") if isinstance(team, Sheet) else None, given)


def reads(**readers: Reader) -> Callable[[F], F]:
    """Read the arguments ``readers`` names (each by its parameter's name) before the function sees them: each
    reader is given the pack, the call's arguments and the argument as it came, and gives back what it names, in
    the order ``readers`` gives them (a roster before the positions of that roster).

    Over an operation's function (:func:`progression.operation`), the operation is made of what was read: its
    ledger keeps the ids. A call whose arguments do not fit the function, or whose pack is not a rule pack, is
    left to the function, which refuses it in its own words.
    """

    def decorate(function: F) -> F:
        signature = inspect.signature(function)
        unknown = sorted(set(readers) - set(signature.parameters))
        if unknown:
            msg = f"{function.__qualname__} has no parameter {', '.join(map(repr, unknown))} to read"
            raise InvalidInput(msg)
        parameters = signature.parameters.values()
        positional = tuple(p.name for p in parameters if p.kind in _BY_POSITION)
        keywords = frozenset(p.name for p in parameters if p.kind in _BY_KEYWORD)
        required = frozenset(p.name for p in parameters if p.default is p.empty)
        plain = all(p.kind in _BY_POSITION or p.kind in _BY_KEYWORD for p in parameters)

        def arguments_of(args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any] | None:
            """The call's arguments by name, or None when they do not fit the function: what
            ``signature.bind`` gives, read directly (every operation's call goes through here)."""
            if len(args) > len(positional):
                return None
            arguments = dict(zip(positional, args, strict=False))
            for name, value in kwargs.items():
                if name in arguments or name not in keywords:
                    return None
                arguments[name] = value
            return arguments if required.issubset(arguments) else None

        @functools.wraps(function)
        def read(*args: Any, **kwargs: Any) -> Any:
            if not plain:  # ``*args`` or ``**kwargs``: bound by the signature, given back as it binds them
                try:
                    bound = signature.bind(*args, **kwargs)
                except TypeError:
                    return function(*args, **kwargs)
                if read_words(bound.arguments):
                    return function(*bound.args, **bound.kwargs)
                return function(*args, **kwargs)
            arguments = arguments_of(args, kwargs)
            if arguments is None or not read_words(arguments):
                return function(*args, **kwargs)
            passed = positional[: len(args)]  # given by position: given so again, the rest by keyword
            return function(
                *(arguments[name] for name in passed),
                **{name: value for name, value in arguments.items() if name not in passed},
            )

        def read_words(arguments: dict[str, Any]) -> bool:
            """Read the arguments ``readers`` names, in place; False when the first is no rule pack (nothing read)."""
            pack = next(iter(arguments.values()), None)
            if not isinstance(pack, RulePack):
                return False
            for name, reader in readers.items():
                if name in arguments:
                    arguments[name] = reader(pack, arguments, arguments[name])
            return True

        return cast("F", read)

    return decorate


#: The kinds of parameter a call may give by position, and by keyword.
_BY_POSITION = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
_BY_KEYWORD = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
