"""Sheets: a fold over their ledger; undo, replay, looking back, rosters of members."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given

import progression
import progression.operations
from progression import Sheet
from progression.errors import InvalidInput, SheetError, UnknownName
from progression.events import Awarded, Joined, Left, Marked, Member, Step
from progression.ledger import Account
from progression.operations import Leave
from support.builders import FEW, ana, histories, market, operations, run


class TestLedger:
    @FEW
    @given(histories())
    def test_replay_gives_back_the_sheet(self, sheet: Sheet) -> None:
        """``replay(sheet.ledger) == sheet``, state included, for any history."""
        again = progression.replay(sheet.ledger)
        assert (sheet, dict(sheet.pools), dict(sheet.stats), dict(sheet.owned), dict(sheet.bought)) == (
            again,
            dict(again.pools),
            dict(again.stats),
            dict(again.owned),
            dict(again.bought),
        )

    @FEW
    @given(histories(), operations())
    def test_undo_then_redo(self, sheet: Sheet, operation: tuple[str, str, int]) -> None:
        """Undoing an operation gives back the sheet before it; doing it again gives back the sheet after."""
        try:
            after = run(sheet, operation)
        except progression.ProgressionError:
            return
        undone = progression.undo(after)
        assert (sheet, after) == (undone, run(undone, operation))

    def test_each_operation_is_one_entry(self) -> None:
        """An award whose surplus is lost is one Step, so one undo takes it all back."""
        sheet = market().award(ana(), "bag", 15, reason="loot")
        assert (2, isinstance(sheet.ledger[-1], Step), 0) == (
            len(sheet.ledger),
            True,
            progression.undo(sheet).pools["bag"],
        )

    def test_undo_several(self) -> None:
        """``undo(sheet, n)`` takes back the last n operations."""
        pack = market()
        sheet = pack.award(
            pack.award(pack.award(ana(), "purse", 1, reason="a"), "purse", 2, reason="b"), "purse", 4, reason="c"
        )
        assert 1 == progression.undo(sheet, 2).pools["purse"]

    @pytest.mark.parametrize(
        ("steps", "message"),
        [
            (0, "the number of operations to undo must be a positive integer, got 0"),
            (True, "the number of operations to undo must be a positive integer, got True"),
            (2, "sheet 'Ana' holds 1 operations after its creation; cannot undo 2"),
        ],
    )
    def test_bad_undo(self, steps: object, message: str) -> None:
        """The creation cannot be undone, and steps are positive integers."""
        sheet = market().award(ana(), "purse", 1, reason="a")
        with pytest.raises(InvalidInput, match=message):
            progression.undo(sheet, steps)  # type: ignore[arg-type]

    def test_a_sheet_without_a_name_is_called_by_its_kind(self) -> None:
        """A refusal calls a sheet with no name "the adventurer sheet", never 'adventurer' as though its kind were
        its name."""
        sheet = market().award(market().new_sheet("adventurer"), "purse", 1, reason="a")
        with pytest.raises(InvalidInput) as caught:
            progression.undo(sheet, 2)
        assert "the adventurer sheet holds 1 operations after its creation; cannot undo 2" == str(caught.value)

    def test_replay_needs_a_creation(self) -> None:
        """A ledger starts with its Created event."""
        with pytest.raises(SheetError, match=r"a ledger must start with a 'created' event, got Awarded @ \$\[0\]"):
            progression.replay([Awarded(pool="purse", amount=1)])

    def test_replay_of_something_else(self) -> None:
        """Replaying a sheet (not its ledger) or a number says what it wants."""
        with pytest.raises(InvalidInput, match=r"replay folds a ledger \(a sequence of events\), got Sheet"):
            progression.replay(ana())  # type: ignore[arg-type]

    def test_replay_of_an_event_for_a_missing_member(self) -> None:
        """A ledger that does not fit (a member that is not there) names the event."""
        ledger = (*ana().ledger, Member(member="bob", event=Marked(label="x")))
        with pytest.raises(
            SheetError, match=r"event 1 \(member\) refers to 'bob', which is not on the sheet @ \$\[1\]"
        ):
            progression.replay(ledger)


class TestTheOneGate:
    def test_an_event_applied_from_outside_an_operation_is_refused(self) -> None:
        """``Sheet.apply`` outside an operation would put an event in the ledger that no operation made (and that
        the core never checked): refused, and the sheet is as it was."""
        sheet = ana()
        with pytest.raises(InvalidInput, match="an event is applied to a sheet only by an operation the engine runs"):
            sheet.apply(Awarded(pool="purse", amount=1000, reason="found"))
        assert sheet == ana()

    def test_rule_code_that_applies_events_is_deprecated(self) -> None:
        """Rule code written before operations (a function of the pack and the sheet applying events) still runs
        for this release, each way of it warned about: declaring it, and applying an event inside it."""
        with pytest.warns(DeprecationWarning, match="take the work first"):

            @progression.operation("market.windfall", kind="adventurer")
            def windfall(pack: progression.RulePack, sheet: Sheet, amount: int) -> Sheet:
                """A windfall, applied as an event by the rule code itself."""
                return sheet.apply(Awarded(pool="purse", amount=amount, reason="windfall"))

        pack = attrs.evolve(market(), operations=[windfall])
        before = pack.new_sheet("adventurer", "Ana")
        with pytest.warns(DeprecationWarning, match="Sheet.apply is deprecated"):
            after = windfall(pack, before, 5)
        with pytest.warns(DeprecationWarning, match="Sheet.apply is deprecated"):
            verified = progression.verify(after, pack).ok
        assert ("windfall", 5, True) == (after.ledger[-1].label, after.pools["purse"], verified)


class TestAsOf:
    def sheet(self) -> Sheet:
        pack = market()
        sheet = pack.award(ana(), "purse", 3, reason="match 1")
        sheet = progression.mark(sheet, "after match 1")
        sheet = pack.award(sheet, "purse", 4, reason="match 2")
        sheet = progression.mark(sheet, "after match 2")
        return pack.award(sheet, "purse", 5, reason="match 3")

    def test_by_index(self) -> None:
        """``as_of(k)`` is the sheet after its first k ledger entries."""
        sheet = self.sheet()
        assert [0, 3, 3, 7, 7, 12] == [sheet.as_of(k).pools["purse"] for k in range(1, 7)]

    def test_by_mark(self) -> None:
        """``as_of(label)`` is the sheet at that milestone."""
        sheet = self.sheet()
        assert (3, 7) == (sheet.as_of("after match 1").pools["purse"], sheet.as_of("after match 2").pools["purse"])

    def test_unknown_mark(self) -> None:
        """An unknown mark lists the marks."""
        with pytest.raises(
            UnknownName,
            match="mark 'after match 9' is not defined in the ledger of 'Ana'; expected one of: after match 1, after match 2",
        ):
            self.sheet().as_of("after match 9")

    @pytest.mark.parametrize("point", [0, 7, -1, 2.0])
    def test_bad_index(self, point: object) -> None:
        """Positions run from 1 to the ledger's length."""
        with pytest.raises(InvalidInput, match=f"a ledger position must be an integer from 1 to 6, got {point!r}"):
            self.sheet().as_of(point)  # type: ignore[arg-type]

    def test_mark_needs_a_sheet_and_a_label(self) -> None:
        """A milestone has a name, on a sheet."""
        with pytest.raises(InvalidInput, match=r"^expected a Sheet as the sheet to mark, got str"):
            progression.mark("Ana", "x")  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match=r"^expected a non-empty text as the label of mark, got ''$"):
            progression.mark(ana(), "")


class TestAccount:
    def test_account_of_a_pool(self) -> None:
        """Awarded, held, spent and lost points, read from the ledger."""
        pack = market()
        sheet = pack.purchase(pack.award(ana(purse=2), "purse", 15, reason="x"), "medal")
        sheet = pack.award(sheet, "bag", 12, reason="y")
        assert (Account(awarded=17, held=15, spent=2, lost=0), Account(awarded=12, held=10, spent=0, lost=2)) == (
            sheet.account("purse"),
            sheet.account("bag"),
        )

    def test_unknown_pool(self) -> None:
        """An unknown pool lists the sheet's pools."""
        with pytest.raises(UnknownName, match="pool 'wallet' is not defined in sheet 'Ana'"):
            ana().account("wallet")


class TestRoster:
    def guild(self) -> Sheet:
        guild = market().new_sheet("guild", "Lions", pools={"purse": 10})
        guild = progression.join(guild, "ana", ana(purse=3))
        return progression.join(guild, "bo", market().new_sheet("adventurer", "Bo"))

    def test_join_and_leave(self) -> None:
        """Members join with their own ledger and leave with a reason, each one ledger entry."""
        guild = progression.leave(self.guild(), "bo", reason="retired")
        assert (["ana"], 3, (Left(member="bo", reason="retired"),), Leave(member="bo", reason="retired")) == (
            list(guild.members),
            guild.member("ana").pools["purse"],
            guild.ledger[-1].events,
            guild.ledger[-1].operation,
        )

    def test_member_operation_is_wrapped(self) -> None:
        """An award to a member is recorded on the roster as a Member event, and on the member."""
        guild = market().award(self.guild(), "purse", 2, reason="bounty", member="ana")
        awarded = Awarded(pool="purse", amount=2, reason="bounty")
        assert ((Member(member="ana", event=awarded),), awarded, 5, 10) == (
            guild.ledger[-1].events,
            guild.member("ana").ledger[-1],
            guild.member("ana").pools["purse"],
            guild.pools["purse"],
        )

    def test_combine_is_undone_at_once(self) -> None:
        """Several operations combined into one Step are undone by one undo."""
        pack = market()
        before = self.guild()
        after = pack.award(before, "purse", 2, reason="win", member="ana")
        after = pack.purchase(after, "medal", member="ana")
        after = pack.award(after, "purse", 5, reason="gate")
        step = progression.operations.combine(before, after, "match 1")
        assert (len(before.ledger) + 1, "match 1", before) == (
            len(step.ledger),
            step.ledger[-1].label,
            progression.undo(step),
        )  # type: ignore[attr-defined]
        assert (after.member("ana").owned, step.pools) == (step.member("ana").owned, after.pools)

    def test_combine_of_unrelated_sheets(self) -> None:
        """The second sheet must continue the first one's ledger."""
        with pytest.raises(InvalidInput, match=r"^expected the sheet after to continue the ledger of the sheet before"):
            progression.operations.combine(self.guild(), ana(), "x")

    def test_join_twice(self) -> None:
        """Member ids are unique in a roster."""
        with pytest.raises(
            InvalidInput, match=r"^roster 'Lions' already has a member 'ana'; a member joins under an id none holds$"
        ):
            progression.join(self.guild(), "ana", ana())

    def test_join_something_else(self) -> None:
        """Only sheets join, and only rosters take them."""
        with pytest.raises(InvalidInput, match=r"^expected a Sheet as the sheet of member 'cy' to join, got dict"):
            progression.join(self.guild(), "cy", {})  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match=r"^expected a Sheet as the roster to join, got NoneType None$"):
            progression.join(None, "cy", ana())  # type: ignore[arg-type]

    def test_unknown_member(self) -> None:
        """Acting on a member that is not there lists the members."""
        with pytest.raises(UnknownName, match="member 'cy' is not defined in roster 'Lions'; expected one of: ana, bo"):
            market().award(self.guild(), "purse", 1, reason="x", member="cy")
        with pytest.raises(UnknownName, match="member 'cy' is not defined in roster 'Lions'"):
            progression.leave(self.guild(), "cy", reason="x")

    def test_unknown_member_lists_each_with_his_name(self) -> None:
        """Members whose ids say nothing by themselves (numbers) are listed each with his name, and the closest is
        found by his name too (a roster of players listed ``1, 2, ...`` alone); an id its name only repeats is said
        alone (``bo``, not ``bo (Bo)``)."""
        team = market().new_sheet("guild", "Lions", pools={"purse": 10})
        team = progression.join(progression.join(team, "1", ana()), "2", market().new_sheet("adventurer", "Bo"))
        team = progression.join(team, "bo", market().new_sheet("adventurer", "Bo"))
        with pytest.raises(UnknownName) as refused:
            team.member("Ann")
        name = team.member("1").name
        assert (
            f"member 'Ann' is not defined in roster 'Lions'; expected one of: 1 ({name}), 2 (Bo), bo; the closest: "
            f"1 ({name})",
            ("1",),
        ) == (str(refused.value), refused.value.closest)

    def test_replay_of_a_roster(self) -> None:
        """A roster's ledger rebuilds its members too."""
        guild = market().purchase(self.guild(), "medal", member="ana")
        again = progression.replay(guild.ledger)
        assert (guild, guild.member("ana"), True) == (
            again,
            again.member("ana"),
            isinstance(guild.ledger[1].events[0], Joined),
        )


class TestTried:
    def test_a_trial_leaves_every_ledger_free_to_grow_in_place(self) -> None:
        """A roster tried with an event on a member is the roster after it; the roster's and the member's ledgers
        stay where they end, so the event recorded after the trial is appended there, not on a branch."""
        from progression.ledger.sheet import applied, tried

        guild = progression.join(market().new_sheet("guild", "Guild"), "ana", ana())
        event = Member(member="ana", event=Awarded(pool="purse", amount=2, reason="found"))
        trial, recorded = tried(guild, event), applied(guild, event)
        assert (trial, 2) == (recorded, recorded.member("ana").pools["purse"])
        assert (guild.ledger._segment, guild.member("ana").ledger._segment) == (
            recorded.ledger._segment,
            recorded.member("ana").ledger._segment,
        )


class TestBuild:
    def test_a_sheet_the_engine_builds_holds_every_field(self) -> None:
        """The engine fills a changed sheet's fields one by one (faster than the class's own constructor): every
        field of Sheet is set, so a field added to Sheet cannot be left out of a changed sheet."""
        guild = progression.join(market().new_sheet("guild", "Guild"), "ana", ana())
        changed = market().award(guild, "purse", 3, reason="found", member="ana")
        for sheet in (changed, changed.member("ana")):
            fields = {field.name: getattr(sheet, field.name) for field in attrs.fields(Sheet)}
            assert Sheet(**fields) == sheet

    def test_only_a_class_that_checks_nothing_is_made_field_by_field(self) -> None:
        """The engine's quick maker sets fields as given: a class that validates its fields, or runs code once made,
        is refused, since the maker would skip its checks."""
        from progression._frozen import maker

        @attrs.frozen
        class Checked:
            amount: int = attrs.field(validator=attrs.validators.ge(0))

        @attrs.frozen
        class Finished:
            amount: int

            def __attrs_post_init__(self) -> None:
                pass

        for cls in (Checked, Finished):
            with pytest.raises(TypeError, match=f"{cls.__name__} checks what it is made of"):
                maker(cls)
        assert maker(Sheet)(**{f.name: getattr(ana(), f.name) for f in attrs.fields(Sheet)}) == ana()
