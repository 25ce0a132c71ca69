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

import inspect
import warnings
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from progression.errors import InvalidInput, UnknownName
from progression.rulepacks.campaigns import Campaign
from progression.rulepacks.commands import (
    Action,
    Command,
    ComputedTable,
    Demo,
    Exact,
    Explanation,
    Factory,
    PackFor,
    Report,
    Roster,
    Simulation,
    Tuner,
)
from progression.rulepacks.leagues import League
from progression.rulepacks.options import Option

__all__ = ["FAMILIES", "SINGLES", "Contract", "is_contract_name", "warn_deprecated"]


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
SINGLES: tuple[tuple[str, type[Command]], ...] = (
    ("tune", Tuner),
    ("pack_for", PackFor),
    ("demo", Demo),
    ("roster", Roster),
)


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


def _roster(value: Any) -> Roster | None:
    return Roster(function=value) if callable(value) and not isinstance(value, Command) else value


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
    #: ``progression sheet roster FILE``: the page a roster sheet prints.
    roster: Roster | None = attrs.field(default=None, converter=_roster)
    #: ``progression league ...``: the league the pack keeps in a store. Not a name of the old string
    #: contract (a pack function called ``league`` stays the pack's own).
    league: League | None = None
    #: ``progression campaign ...``: the party (campaign) the pack keeps in a store.
    campaign: Campaign | None = None

    def entries(self) -> tuple[tuple[str, Command], ...]:
        """Every declaration, with the name the old string contract gave it (``action.match``, ``demo``)."""
        found: list[tuple[str, Command]] = []
        for field, _, prefix in FAMILIES:
            found += [(prefix + getattr(e, "name", "?"), e) for e in getattr(self, field)]
        for field, _ in SINGLES:
            single = getattr(self, field)
            if single is not None:
                found.append((field, single))
        if self.league is not None:
            found.append(("league", self.league))
        if self.campaign is not None:
            found.append(("campaign", self.campaign))
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
        if self.league is not None:
            if not isinstance(self.league, League):
                found.append(("$.contract.league", f"expected a League, got {self.league!r:.60}"))
            else:
                found += _check(self.league, "$.contract.league")
        if self.campaign is not None:
            if not isinstance(self.campaign, Campaign):
                found.append(("$.contract.campaign", f"expected a Campaign, got {self.campaign!r:.60}"))
            else:
                found += _check(self.campaign, "$.contract.campaign")
        return found

    @classmethod
    def from_functions(
        cls, functions: Mapping[str, Callable[..., Any]]
    ) -> tuple[Contract, dict[str, Callable[..., Any]]]:
        """The declarations of the old string contract (``"action.match": f``), and the other functions.

        A function taking ``**options`` that names its keys in an ``options`` attribute (a tuple of
        texts) declares those, as text; one that names none takes any option, of its ``**`` type.
        """
        given: dict[str, Any] = {field: [] for field, _, _ in FAMILIES}
        singles: dict[str, Any] = {}
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
        changes["league"] = other.league or self.league
        changes["campaign"] = other.campaign or self.campaign
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


def is_contract_name(name: str) -> bool:
    """Whether ``name`` is one of the command line's names of the old string contract (``action.match``,
    ``demo``): a hook of the command line, never a rule's own function."""
    return name in dict(SINGLES) or any(
        name.startswith(prefix) and len(name) > len(prefix) for _, _, prefix in FAMILIES
    )


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
