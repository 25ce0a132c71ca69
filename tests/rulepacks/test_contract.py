"""A pack's contract with the command line: declarations, their options read from signatures, checked at load."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Literal

import attrs
import pytest

import progression
from progression import Dice, Operation, RulePack, ScriptedDice, Sheet, Work
from progression.contract import (
    REQUIRED,
    Action,
    ComputedTable,
    Contract,
    Demo,
    Explanation,
    Factory,
    LeagueVerification,
    Option,
    Report,
    Simulation,
    Tuner,
    option_type,
)
from progression.errors import InvalidInput, PackFunctionError, RulePackError, UnknownName
from progression.operations import Award

SKIRMISH = Path(__file__).parents[1] / "support" / "packs" / "skirmish.toml"


def skirmish(contract: Contract | None = None, functions: dict[str, Callable[..., object]] | None = None) -> RulePack:
    """The core's small test pack, with a contract."""
    return progression.load_file(SKIRMISH, functions, contract=contract)


def train(
    pack: RulePack,
    sheet: Sheet,
    dice: Dice,
    *,
    pool: str,
    days: int = 1,
    pace: Literal["slow", "fast"] = "slow",
    tags: tuple[str, ...] = (),
    rested: bool = False,
    coach: str | None = None,
) -> Sheet:
    """Train for some days: each day gives 1D6 points.

    Args:
        pool: the pool the points go to.
        days: how many days of
            training.
    """
    total = sum(dice.roll(6, 1, f"day {day}")[0] for day in range(1, days + 1))
    return pack.award(sheet, pool, total * (2 if pace == "fast" else 1), reason=f"trained {days} days")


@attrs.frozen(kw_only=True)
class Gift(Operation):
    """A gift of points to a pool.

    Attributes:
        amount: how many points.
    """

    tag = "skirmish.gift"
    pool: str
    amount: int = 1

    def run(self, work: Work) -> None:
        work.run(Award(pool=self.pool, amount=self.amount, reason="a gift"))


class TestOptions:
    def test_values_are_listed_from_the_pack(self) -> None:
        """An option's ``values`` give the ids it names (and their names) under a pack; none declared, none listed."""
        pack = skirmish()
        kinds = Option(name="kind", values=lambda pack: {k: pack.name_of(k) for k in pack.kinds})
        assert ({"hero": "Hero", "party": "Party"}, {}) == (kinds.values_of(pack), Option(name="x").values_of(pack))

    @pytest.mark.parametrize(
        ("values", "message"),
        [
            (5, "the values of option 'kind' are a function of the pack, got int"),
            ("kinds", "the values of option 'kind' are a function of the pack, got str"),
        ],
    )
    def test_values_that_are_no_function_are_refused(self, values: object, message: str) -> None:
        """``values`` is a function of the pack: anything else is refused when the option is made."""
        with pytest.raises(InvalidInput, match=f"^{message}$"):
            Option(name="kind", values=values)  # type: ignore[arg-type]

    @pytest.mark.parametrize("given", [["adventurer"], {"adventurer": 1}, None])
    def test_values_that_are_no_mapping_of_texts_are_refused(self, given: object) -> None:
        """A ``values`` function giving anything but ids mapped to names is refused when they are listed."""
        option = Option(name="kind", values=lambda pack: given)
        with pytest.raises(InvalidInput, match=r"^the values of option 'kind' map ids to names"):
            option.values_of(skirmish())

    def test_read_from_the_signature(self) -> None:
        """Each keyword after (pack, sheet, dice) is an option: its type, default and doc from the function."""
        options = Action(name="train", function=train).signature.options
        assert [
            "pool (text, required): the pool the points go to.",
            "days (whole number, default 1): how many days of training.",
            "pace (slow|fast, default slow)",
            "tags (text,..., default empty)",
            "rested (yes|no, default no)",
            "coach (text or none, default none)",
        ] == [option.describe() for option in options]

    def test_texts_are_read_by_type(self) -> None:
        """The command line's texts become typed values."""
        action = Action(name="train", function=train)
        given = {"pool": "xp", "days": "3", "pace": "fast", "tags": "a, b", "rested": "yes", "coach": "none"}
        expected = {"pool": "xp", "days": 3, "pace": "fast", "tags": ("a", "b"), "rested": True, "coach": None}
        assert expected == action.read(given)

    @pytest.mark.parametrize(
        ("given", "message"),
        [
            ({"pool": "xp", "days": "three"}, "option 'days' of action 'train' expects whole number, got 'three'"),
            ({"pool": "xp", "days": "²"}, "option 'days' of action 'train' expects whole number, got '²'"),
            ({"pool": "xp", "pace": "medium"}, "option 'pace' of action 'train' expects slow|fast, got 'medium'"),
            (
                {"pool": "xp", "pace": "fats"},
                "option 'pace' of action 'train' expects slow|fast, got 'fats'; the closest: fast",
            ),
            ({"pool": "xp", "rested": "maybe"}, "option 'rested' of action 'train' expects yes|no, got 'maybe'"),
            (
                {"pool": "xp", "dayz": "3"},
                "unknown option 'dayz' for action 'train'; it takes: pool, days, pace, tags, rested, coach; the closest: days",
            ),
            ({"days": "3"}, "the option 'pool' (text) of action 'train' is required; none was given"),
        ],
    )
    def test_a_bad_text_is_refused_naming_the_option(self, given: dict[str, str], message: str) -> None:
        """An unknown option, a value not of its type, a missing one: the option, what was expected, what came."""
        with pytest.raises(InvalidInput) as caught:
            Action(name="train", function=train).read(given)
        assert message == str(caught.value)

    def test_a_program_is_checked_too(self) -> None:
        """Calling the declaration checks typed values: a text where a number is expected is refused."""
        pack, action = skirmish(), Action(name="train", function=train)
        sheet = pack.new_sheet("hero")
        after = action(pack, sheet, ScriptedDice([3, 4]), pool="xp", days=2)
        assert 7 == after.pools["xp"]
        with pytest.raises(InvalidInput, match=r"^option 'days' of action 'train' expects whole number, got '2'$"):
            action(pack, sheet, ScriptedDice([3, 4]), pool="xp", days="2")
        assert 7 == action(pack, sheet, ScriptedDice([3, 4]), **action.coerce({"pool": "xp", "days": "2"})).pools["xp"]

    @pytest.mark.parametrize(
        ("annotation", "shown"),
        [(str, "text"), (int, "whole number"), (bool, "yes|no"), (Literal["a", "b"], "a|b"), (Literal["", "us", "them"], '""|us|them'), (tuple[int, ...], "whole number,..."), (list[str], "text,..."), (int | None, "whole number or none")],
    )  # fmt: skip
    def test_the_types_the_command_line_reads(self, annotation: object, shown: str) -> None:
        """Texts, whole numbers, flags, choices (the empty one as it is typed), lists of them, and any of them or
        none."""
        assert shown == option_type(annotation).shown

    @pytest.mark.parametrize(
        ("text", "read"),
        [("1,2", (1, 2)), (" 1 , 2 ", (1, 2)), ("", ()), ("1,,2", None), ("1,2,", None), (",", None), ("１", None)],
    )
    def test_a_list_of_whole_numbers_as_written(self, text: str, read: tuple[int, ...] | None) -> None:
        """A list's items are separated by commas; an item left out (``1,,2``, a trailing comma) is refused, not
        skipped, and a number is written in ASCII digits; an empty text is an empty list."""
        kind = option_type(tuple[int, ...])
        if read is None:
            with pytest.raises(ValueError):
                kind.read(text)
        else:
            assert read == kind.read(text)

    @pytest.mark.parametrize("annotation", [float, dict[str, int], tuple[int, int], Path, list[bool]])
    def test_other_types_are_refused(self, annotation: object) -> None:
        """A type the command line cannot write is refused, saying which types it can."""
        with pytest.raises(InvalidInput, match="an option's type is str, int, bool, a Literal of texts"):
            option_type(annotation)

    def test_a_function_that_reads_text_gets_text(self) -> None:
        """A function taking ``**options: str`` lists its options; it is given each value as the command line
        writes it, once the declaration has checked it."""
        seen: dict[str, str] = {}

        def legacy(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
            seen.update(options)
            return sheet

        declared = (Option(name="number", type=int), Option(name="stalling", type=bool, default=False))
        action = Action(name="legacy", function=legacy, options=declared)
        pack = skirmish()
        action(pack, pack.new_sheet("hero"), ScriptedDice([]), **action.read({"number": "3", "stalling": "yes"}))
        assert {"number": "3", "stalling": "yes"} == seen
        with pytest.raises(InvalidInput, match=r"^option 'number' of action 'legacy' expects whole number, got 'x'$"):
            action.read({"number": "x"})

    def test_an_action_bound_to_an_operation(self) -> None:
        """An action bound to an operation takes the operation's fields as options and runs it through the engine."""
        action = Action(name="gift", operation=Gift)
        pack = attrs.evolve(skirmish(), operations=[Gift])
        assert "A gift of points to a pool." == action.summary
        assert ["pool (text, required)", "amount (whole number, default 1): how many points."] == [
            o.describe() for o in action.signature.options
        ]
        after = action(pack, pack.new_sheet("hero"), None, **action.read({"pool": "xp", "amount": "4"}))
        assert (4, Gift(pool="xp", amount=4)) == (after.pools["xp"], after.ledger[-1].operation)

    def test_a_function_declared_as_an_operation_stands_for_it(self) -> None:
        """A function made with ``progression.operation`` binds the action to its operation class."""

        @progression.operation("skirmish.bonus")
        def bonus(work: Work, pool: str, amount: int = 2) -> None:
            """A bonus."""
            work.award(pool, amount, "bonus")

        action = Action(name="bonus", function=bonus)
        assert (bonus.operation, None) == (action.operation, action.function)  # type: ignore[attr-defined]
        assert ["pool", "amount"] == [o.name for o in action.signature.options]


def _untyped(pack: RulePack, sheet: Sheet, dice: Dice, days=1) -> Sheet:  # type: ignore[no-untyped-def]
    return sheet


def _loose(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    return sheet


def _odd(pack: RulePack, sheet: Sheet, dice: Dice, *, ratio: float = 1.0) -> Sheet:
    return sheet


def _short(pack: RulePack) -> Sheet:
    return pack.new_sheet("hero")


def _rows(pack: RulePack, language: str, extra=1) -> list[dict[str, object]]:  # type: ignore[no-untyped-def]
    return []


class TestCheckedWhenThePackLoads:
    @pytest.mark.parametrize(
        ("contract", "path", "reason"),
        [
            (
                Contract(actions=[Action(name="rest", function=_untyped)]),
                "$.contract.actions.rest",
                "option 'days' of _untyped (action 'rest') has no type annotation; annotate it (days: str, int, bool, ...)",
            ),
            (
                Contract(actions=[Action(name="rest", function=_loose)]),
                "$.contract.actions.rest",
                "_loose (action 'rest') takes **options, so its options cannot be read from it: name them as "
                "parameters with types, or list them (options=[Option(...)])",
            ),
            (
                Contract(actions=[Action(name="rest", function=_odd)]),
                "$.contract.actions.rest",
                "option 'ratio' of action 'rest' cannot be read (an option's type is str, int, bool, a Literal of texts, a tuple of "
                "texts or numbers, or one of these | None; got 'float'",
            ),
            (
                Contract(actions=[Action(name="rest", function=_short)]),
                "$.contract.actions.rest",
                "_short (action 'rest') must take (pack, sheet, dice, ...) first, got (pack: 'RulePack')",
            ),
            (
                Contract(actions=[Action(name="train", function=train), Action(name="train", function=train)]),
                "$.contract.actions.train",
                "two actions are named 'train'",
            ),
            (
                Contract(actions=[Report(name="x", function=train)]),  # type: ignore[list-item]
                "$.contract.actions.x",
                "expected Action declarations in actions, got Report(name='x', function=<function train",
            ),
            (
                Contract(tables=[ComputedTable(name="t", function=_rows)]),
                "$.contract.tables.t",
                "option 'extra' of _rows (table 't') has no type annotation; annotate it (extra: str, int, bool, ...)",
            ),
        ],
    )
    def test_a_declaration_that_does_not_hold(self, contract: Contract, path: str, reason: str) -> None:
        """The pack does not load: the error names the pack, the entry and what is wrong."""
        with pytest.raises(RulePackError) as caught:
            skirmish(contract)
        (problem,) = caught.value.problems
        assert path == problem.path
        assert problem.reason.startswith(f"pack 'skirmish': {reason}")

    def test_every_problem_at_once(self) -> None:
        """Several declarations that do not hold are all reported."""
        contract = Contract(actions=[Action(name="a", function=_untyped), Action(name="b", function=_odd)])
        with pytest.raises(RulePackError) as caught:
            skirmish(contract)
        assert ["$.contract.actions.a", "$.contract.actions.b"] == [p.path for p in caught.value.problems]


class TestTheOldStringContract:
    def test_prefixed_names_are_converted_with_a_warning(self) -> None:
        """A pack still registering ``action.<name>`` strings loads, with its commands declared, and a warning."""
        legacy = {"action.train": train, "demo": lambda pack, say: None, "new.hero": _short}
        with pytest.warns(DeprecationWarning, match=r"pack 'skirmish' registers command-line functions by prefixed"):
            pack = skirmish(functions=legacy)
        assert (("train",), ("hero",), {}) == (
            pack.contract.names("actions"),
            pack.contract.names("factories"),
            dict(pack.functions),
        )
        assert ("action.train", "demo", "new.hero") == pack.contract.keys()
        assert ["pool", "days", "pace", "tags", "rested", "coach"] == [
            o.name for o in pack.contract.action("train").signature.options
        ]

    def test_a_text_function_without_names_takes_any_option(self) -> None:
        """An old ``**options: str`` function that names no options keeps taking any, as text."""
        with pytest.warns(DeprecationWarning, match="prefixed names"):
            pack = skirmish(functions={"action.rest": _loose})
        assert {"anything": "goes"} == pack.contract.action("rest").read({"anything": "goes"})

    def test_the_old_lookup_still_finds_the_function(self) -> None:
        """``pack.function("action.train")`` still gives the function, with a warning naming the new way."""
        pack = skirmish(Contract(actions=[Action(name="train", function=train)]))
        with pytest.warns(DeprecationWarning, match=r"RulePack.function\('action.train'\) is deprecated"):
            assert train is pack.function("action.train")

    def test_the_rules_fingerprint_does_not_change(self) -> None:
        """Declaring the same commands keeps the rules' fingerprint, so sheets made before verify as before."""
        with pytest.warns(DeprecationWarning, match="prefixed names"):
            old = skirmish(functions={"action.train": train, "demo": lambda pack, say: None})
        new = skirmish(Contract(actions=[Action(name="train", function=train)], demo=lambda pack, say: None))
        assert old.rules == new.rules


class TestContract:
    def test_a_command_is_no_rule(self) -> None:
        """A command added to a pack (a report, a printable page) changes none of its rules: the fingerprint its
        sheets record stays, so they are not refused as made under other rules; an operation added does change it."""
        pack = skirmish()
        more = attrs.evolve(pack, contract=Contract(reports=[Report(name="r", function=lambda pack, sheets: [])]))
        other = attrs.evolve(pack, operations=[Gift])
        assert (pack.rules, False) == (more.rules, other.rules == pack.rules)

    def test_lookups(self) -> None:
        """Each family is found by name; an unknown name lists the family's."""
        contract = Contract(
            actions={"train": train},
            factories=[Factory(kind="hero", function=_short)],
            explanations=[Explanation(name="x", function=lambda pack, sheet: None)],
            reports=[Report(name="r", function=lambda pack, sheets: [])],
            simulations=[Simulation(name="s", function=lambda pack, dice: 1)],
            tune=Tuner(function=lambda pack, *, base=1: pack),
            demo=Demo(function=lambda pack, say: None),
        )
        assert ("train", "hero", "hero") == (
            contract.action("train").name,
            contract.factory("hero").name,
            contract.factory("hero").kind,
        )
        with pytest.raises(
            UnknownName, match="action 'fly' is not defined in the pack's contract; expected one of: train"
        ):
            contract.action("fly")

    def test_results_are_checked(self) -> None:
        """A command that returns what its kind does not is refused, naming it, as the pack's bug."""
        pack = skirmish()
        report = Report(name="r", function=lambda pack, sheets: "rows")
        simulation = Simulation(name="s", function=lambda pack, dice: -1)
        with pytest.raises(PackFunctionError, match=r"report 'r' must return a list of rows \(mappings\), got str"):
            report(pack, [])
        with pytest.raises(PackFunctionError, match="simulation 's' must return a count >= 0, got -1"):
            simulation(pack, ScriptedDice([]))

    def test_required_and_defaults_in_data(self) -> None:
        """An option as JSON data: its name, type, whether it is required, its default, choices and doc."""
        (pool, days, pace, *_) = Action(name="train", function=train).signature.options
        assert REQUIRED is pool.default
        assert {
            "name": "pace",
            "type": "slow|fast",
            "required": False,
            "default": "slow",
            "choices": ["slow", "fast"],
            "doc": "",
        } == pace.data()
        assert (True, 1) == (pool.data()["required"], days.data()["default"])


class TestTextFunctions:
    def test_an_empty_value_is_no_value(self) -> None:
        """To a function reading its options as text, ``treasury=`` is left out, as it always read it."""

        def legacy(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
            return sheet

        action = Action(name="legacy", function=legacy, options=[Option(name="treasury", type=int, default=None)])
        assert {} == action.read({"treasury": ""})
        assert {"treasury": 5} == action.read({"treasury": "5"})

    def test_an_operation_refusing_a_value(self) -> None:
        """An operation's own validator refusing a value is bad input naming the action."""

        @attrs.frozen(kw_only=True)
        class Picky(Operation):
            tag = "skirmish.picky"
            amount: int = attrs.field(validator=attrs.validators.ge(0))

            def run(self, work: Work) -> None:
                return None

        pack = attrs.evolve(skirmish(), operations=[Picky])
        with pytest.raises(InvalidInput, match=r"^'amount' must be >= 0: -1 \(in action 'picky'\)$"):
            Action(name="picky", operation=Picky)(pack, pack.new_sheet("hero"), None, amount=-1)


class _Book:
    """A league of nothing, with every method a league class has."""

    @classmethod
    def new(cls, store: object, name: str) -> _Book:
        return cls()

    @classmethod
    def open(cls, store: object) -> _Book:
        return cls()

    def about(self) -> dict[str, object]:
        return {}

    def team(self, team: str) -> None: ...
    def add_teams(self, teams: dict[str, object]) -> dict[str, object]:
        return dict(teams)

    def export_team(self, team: str, path: str, *, force: bool) -> None: ...
    def schedule(self, kind: str, *, legs: int) -> None: ...
    def fixtures(self, season: int | None) -> list[object]:
        return []

    def record(self, fixture: int, dice: object, **options: str) -> dict[str, object]:
        return {}

    def amend(self, fixture: int, dice: object, **options: str) -> dict[str, object]:
        return {}

    def standings(self, season: int | None, **options: object) -> list[object]:
        return []

    def leaders(self, figure: str, **options: object) -> list[object]:
        return []

    def career(self, team: str, player: str) -> list[object]:
        return []

    def history(self, team: str) -> list[object]:
        return []

    def verify(self) -> LeagueVerification:
        return LeagueVerification(teams={})


class TestLeague:
    def test_a_league_is_declared_and_read(self) -> None:
        """A league declaration names its class, its leaders' figures and its match words, read as text."""
        from progression.contract import League

        league = League(book=_Book, leaders=("goals",), options=[Option(name="score", type=int, default=None)])
        pack = skirmish(Contract(league=league))
        declared = pack.contract.league
        assert declared is not None
        expected = ("A league of nothing, with every method a league class has.", {"score": 2}, ("league",))
        assert expected == (declared.summary, declared.read({"score": "2"}), pack.contract.keys())

    def test_a_class_without_a_method_is_refused_at_load(self) -> None:
        """A league class that lacks one of the methods stops the pack from loading, naming the method."""
        from progression.contract import League

        class Half(_Book):
            verify = None  # type: ignore[assignment]

        with pytest.raises(
            RulePackError, match=r"the league class .*Half has no method 'verify'.* @ \$\.contract\.league"
        ):
            skirmish(Contract(league=League(book=Half, leaders=("goals",))))

    @pytest.mark.parametrize(
        ("words", "said"),
        [
            (
                {"leaders": ()},
                "expected the figures leaders are ranked by (one or more texts) as the leaders of a league",
            ),
            ({"schedules": ("",)}, "expected the schedules it makes (one or more texts) as the schedules of a league"),
            ({"places": ("first place",)}, "expected the play-off places in order (one or more words) as the places"),
        ],
    )
    def test_its_words_are_checked_at_load(self, words: dict[str, object], said: str) -> None:
        """The figures, schedules and places a league declares are refused at load, saying what was expected as
        which of them, and what came."""
        from progression.contract import League

        given: dict[str, object] = {"leaders": ("goals",), **words}
        with pytest.raises(RulePackError, match=re.escape(said) + r".*, got .* @ \$\.contract\.league"):
            skirmish(Contract(league=League(book=_Book, **given)))  # type: ignore[arg-type]

    def test_a_method_of_the_wrong_shape_is_refused(self) -> None:
        """A method that does not take what the command line gives it first is named with its shape."""
        from progression.contract import League

        class Wrong(_Book):
            def career(self) -> list[object]:  # type: ignore[override]
                return []

        with pytest.raises(RulePackError, match=r"Wrong.career must take \(team, player\) first"):
            skirmish(Contract(league=League(book=Wrong, leaders=("goals",))))

    def test_a_team_s_actions_are_optional_and_checked_when_there(self) -> None:
        """A league class without ``team_action`` and ``do`` loads (``league do`` then refuses, saying why); one
        whose ``do`` does not take (team, action, dice) first is refused, named with its shape."""
        from progression.contract import League

        class Acting(_Book):
            def team_action(self, team: str, action: str) -> None: ...
            def do(self, team: str, action: str, dice: object, **options: object) -> None: ...

        class Wrong(_Book):
            def team_action(self, team: str, action: str) -> None: ...
            def do(self, team: str) -> None: ...

        for book in (_Book, Acting):
            assert skirmish(Contract(league=League(book=book, leaders=("goals",)))).contract.league is not None
        with pytest.raises(RulePackError, match=r"Wrong.do must take \(team, action, dice\) first"):
            skirmish(Contract(league=League(book=Wrong, leaders=("goals",))))

    def test_rebase_is_optional_and_checked_when_there(self) -> None:
        """A league class without ``rebase`` loads (``league rebase`` then refuses, saying why); one whose ``rebase``
        does not take the dice first is refused when the pack is made, named with its shape."""
        from progression.contract import League

        class Rebasing(_Book):
            def rebase(self, dice: object, *, check: object, dry_run: bool) -> None: ...

        class Wrong(_Book):
            def rebase(self, *, check: object, dry_run: bool) -> None: ...

        for book in (_Book, Rebasing):
            assert skirmish(Contract(league=League(book=book, leaders=("goals",)))).contract.league is not None
        with pytest.raises(RulePackError, match=r"Wrong.rebase must take \(dice\) first"):
            skirmish(Contract(league=League(book=Wrong, leaders=("goals",))))

    def test_acted_and_remove_fixture_are_optional_and_checked_when_there(self) -> None:
        """``acted`` (``league do`` printing its own entries) and ``remove_fixture`` (``league fixtures --remove``)
        may be left out; a class whose ``remove_fixture`` takes no fixture number, or whose ``acted`` does not take
        (team, action, dice) first, is refused when the pack is made."""
        from progression.contract import League

        class Full(_Book):
            def acted(self, team: str, action: str, dice: object, **options: object) -> None: ...
            def remove_fixture(self, number: int) -> None: ...

        class NoNumber(_Book):
            def remove_fixture(self) -> None: ...

        class NoDice(_Book):
            def acted(self, team: str, action: str) -> None: ...

        for book in (_Book, Full):
            assert skirmish(Contract(league=League(book=book, leaders=("goals",)))).contract.league is not None
        with pytest.raises(RulePackError, match=r"NoNumber.remove_fixture must take \(number\) first"):
            skirmish(Contract(league=League(book=NoNumber, leaders=("goals",))))
        with pytest.raises(RulePackError, match=r"NoDice.acted must take \(team, action, dice\) first"):
            skirmish(Contract(league=League(book=NoDice, leaders=("goals",))))

    def test_a_class_of_the_contract_before_add_teams_still_loads_and_warns(self) -> None:
        """A league class with ``add_team(team, sheet)`` and no ``add_teams`` (the contract before it) loads with a
        DeprecationWarning naming the new method; the command line adds its teams one by one."""
        from progression.cli.league import _add
        from progression.contract import League

        def add_team(self: object, team: str, sheet: object) -> str:
            return f"{team} stored"

        methods = {k: v for k, v in vars(_Book).items() if k not in ("add_teams", "__dict__", "__weakref__")}
        older = type("Older", (), {**methods, "add_team": add_team})
        with pytest.warns(
            DeprecationWarning, match=r"Older.add_team\(team, sheet\) of a league class is deprecated: .* has add_teams"
        ):
            pack = skirmish(Contract(league=League(book=older, leaders=("goals",))))
        assert pack.contract.league is not None
        assert {"a": "a stored", "b": "b stored"} == _add(older(), {"a": object(), "b": object()})

    def test_an_unknown_match_word_is_refused(self) -> None:
        """A word the league does not declare is refused with those it takes."""
        from progression.contract import League

        league = League(book=_Book, leaders=("goals",), options=[Option(name="score", type=int, default=None)])
        with pytest.raises(InvalidInput, match=r"^unknown option 'scor' for league record; it takes: score"):
            league.read({"scor": "1"})

    def test_a_league_is_no_rule(self) -> None:
        """Declaring a league changes none of the pack's rules (the fingerprint its sheets record)."""
        from progression.contract import League

        pack = skirmish()
        more = attrs.evolve(pack, contract=Contract(league=League(book=_Book, leaders=("goals",))))
        assert pack.rules == more.rules


class _Party:
    """A party of nobody, with every method a campaign class has."""

    @classmethod
    def new(cls, store: object, name: str, **tuning: str) -> _Party:
        return cls()

    @classmethod
    def open(cls, store: object) -> _Party:
        return cls()

    def about(self) -> dict[str, object]:
        return {}

    def character(self, character: str) -> object:
        return None

    def add_character(self, character: str, name: str, **levels: str) -> object:
        return None

    def add_sheet(self, character: str, sheet: object) -> object:
        return None

    def export_character(self, character: str, path: str, *, force: bool = False) -> tuple[object, ...]:
        return ()

    def award(self, awards: dict[str, dict[str, int]], *, reason: str) -> dict[str, object]:
        return {}

    def change(self, character: str, change: object) -> object:
        return None

    def amend(self, character: str, position: int, operation: object, *, invalid: str = "refuse") -> object:
        return None

    def party(self, language: str | None = None) -> list[object]:
        return []

    def verify(self) -> dict[str, object]:
        return {}


class TestCampaign:
    def test_a_campaign_is_declared_and_read(self) -> None:
        """A campaign declaration names its class and its tuning words, read as text."""
        from progression.contract import Campaign

        campaign = Campaign(book=_Party, awarded="skill", options=[Option(name="base", type=int, default=None)])
        pack = skirmish(Contract(campaign=campaign))
        declared = pack.contract.campaign
        assert declared is not None
        expected = ("A party of nobody, with every method a campaign class has.", {"base": 2}, ("campaign",))
        assert expected == (declared.summary, declared.read({"base": "2"}), pack.contract.keys())
        assert "skill" == declared.data()["awarded"]

    def test_a_class_without_a_method_is_refused_at_load(self) -> None:
        """A campaign class that lacks one of the methods stops the pack from loading, naming the method."""
        from progression.contract import Campaign

        class Half(_Party):
            award = None  # type: ignore[assignment]

        with pytest.raises(
            RulePackError, match=r"the campaign class .*Half has no method 'award'.* @ \$\.contract\.campaign"
        ):
            skirmish(Contract(campaign=Campaign(book=Half)))

    def test_a_method_of_the_wrong_shape_is_refused(self) -> None:
        """A method that does not take what the command line gives it first is named with its shape."""
        from progression.contract import Campaign

        class Wrong(_Party):
            def amend(self, character: str) -> object:  # type: ignore[override]
                return None

        with pytest.raises(RulePackError, match=r"Wrong.amend must take \(character, position, operation\) first"):
            skirmish(Contract(campaign=Campaign(book=Wrong)))

    def test_not_a_declaration(self) -> None:
        """A campaign that is not a Campaign, or a book that is not a class, is refused with what came."""
        from progression.contract import Campaign

        with pytest.raises(RulePackError, match=r"expected a Campaign, got 'party' @ \$\.contract\.campaign"):
            skirmish(Contract(campaign="party"))  # type: ignore[arg-type]
        with pytest.raises(
            RulePackError, match=r"expected the pack's campaign class as the book of its campaign, got 3"
        ):
            skirmish(Contract(campaign=Campaign(book=3)))  # type: ignore[arg-type]

    def test_a_campaign_is_no_rule(self) -> None:
        """Declaring a campaign changes none of the pack's rules, and a merged contract keeps it."""
        from progression.contract import Campaign

        pack = skirmish()
        declared = Campaign(book=_Party)
        more = attrs.evolve(pack, contract=Contract(campaign=declared))
        assert pack.rules == more.rules
        assert declared is Contract().merged(Contract(campaign=declared)).campaign
