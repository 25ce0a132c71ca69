"""Properties of the competence rules, over random characters and random sequences of operations."""

from __future__ import annotations

from collections.abc import Callable

import hypothesis
from hypothesis import given, settings
from hypothesis import strategies as st

import progression
import progression.events
import progression_competence as pc
from progression import RulePack, Sheet
from progression.errors import ProgressionError
from support.edits import assert_found

PACKS = {name: pc.build(settings=pc.default_settings().changed(overflow=name)) for name in pc.campaigns.POLICIES}
COMPETENCES = pc.queries.competences(pc.pack())
QUALITIES = tuple(q for q in pc.pack().tables["qualities"] if pc.queries.competences_listing(pc.pack(), q))
LEVEL = pc.pack().curve("level")

levels = st.integers(min_value=0, max_value=400)


class TestLevelCurve:
    @given(levels, levels, levels)
    def test_totals_are_additive(self, a: int, b: int, c: int) -> None:
        """a -> b then b -> c costs what a -> c costs."""
        a, b, c = sorted((a, b, c))
        assert LEVEL.between(a, c) == LEVEL.between(a, b) + LEVEL.between(b, c)

    @given(levels, st.integers(min_value=0, max_value=60))
    def test_totals_are_summed_costs(self, start: int, count: int) -> None:
        """A run's total is the sum of its levels' prices, each ceil(n / 10)."""
        end = start + count
        assert sum(-(-n // 10) for n in range(start + 1, end + 1)) == LEVEL.between(start, end)

    @given(levels, st.integers(min_value=0, max_value=3000))
    def test_inverse(self, start: int, budget: int) -> None:
        """The level a budget reaches is affordable, and the next one is not."""
        reached = LEVEL.reach(start, budget)
        assert LEVEL.between(start, reached) <= budget < LEVEL.between(start, reached + 1)


# -- random play ----------------------------------------------------------------------

Operation = tuple[str, str, int]

operations = st.lists(
    st.one_of(
        st.tuples(st.just("award"), st.sampled_from(COMPETENCES), st.integers(min_value=1, max_value=120)),
        st.tuples(st.just("raise"), st.sampled_from(COMPETENCES), st.integers(min_value=1, max_value=3)),
        st.tuples(st.just("settle"), st.sampled_from(COMPETENCES), st.integers(min_value=0, max_value=1)),
        st.tuples(st.just("quality"), st.sampled_from(QUALITIES), st.just(0)),
        st.tuples(st.just("split"), st.sampled_from(QUALITIES), st.integers(min_value=0, max_value=2**16)),
        st.tuples(st.just("test"), st.sampled_from(COMPETENCES), st.integers(min_value=1, max_value=100)),
    ),
    max_size=30,
)


def split_for(pack: RulePack, sheet: Sheet, quality: str, seed: int) -> dict[str, int]:
    """A caller's split drawn from ``seed``: any competences (listing or not), amounts adding to the price."""
    price = pc.quote_quality(pack, sheet, quality).price or 0
    chosen = [c for i, c in enumerate(COMPETENCES) if seed >> i & 1] or [COMPETENCES[seed % len(COMPETENCES)]]
    split = dict.fromkeys(chosen, 0)
    for i in range(price):
        split[chosen[(seed + i) % len(chosen)]] += 1
    return split


starts = st.lists(st.integers(min_value=0, max_value=95), min_size=len(COMPETENCES), max_size=len(COMPETENCES))


def stocked(pack: RulePack, start: list[int]) -> Sheet:
    """A character with the given levels, each competence holding as many points as its level."""
    sheet = pc.new_character(pack, "P", levels=dict(zip(COMPETENCES, start, strict=True)))
    for competence, value in zip(COMPETENCES, start, strict=True):
        if value:
            sheet = pc.award(pack, sheet, competence, value, reason="setup")
    return sheet


def apply(pack: RulePack, sheet: Sheet, operation: Operation) -> Sheet:
    what, name, number = operation
    steps: dict[str, Callable[[], Sheet]] = {
        "award": lambda: pc.award(pack, sheet, name, number, reason="play"),
        "raise": lambda: pc.raise_level(pack, sheet, name, number),
        "settle": lambda: pc.settle(pack, sheet, name, discard=bool(number)),
        "quality": lambda: pc.buy_quality(pack, sheet, name),
        "split": lambda: pc.buy_quality(pack, sheet, name, pay=split_for(pack, sheet, name, number)),
        "test": lambda: pc.roll_competence(pack, sheet, name, progression.ScriptedDice([number]))[0],
    }
    try:
        return steps[what]()
    except ProgressionError:
        return sheet


class TestPlay:
    @settings(max_examples=40, deadline=None)
    @given(st.sampled_from(pc.campaigns.POLICIES), starts, operations)
    def test_points_never_over_cap_but_while_pending(self, policy: str, start: list[int], ops: list[Operation]) -> None:
        """After every operation each competence holds at most its level in PP, except surplus
        that ``settle`` keeps pending, which blocks every operation that does not spend it."""
        pack = PACKS[policy]
        sheet = stocked(pack, start)
        for op in ops:
            sheet = apply(pack, sheet, op)
            for competence in COMPETENCES:
                over = sheet.pools[pc.ids.pool_id(competence)] - pc.level(pack, sheet, competence)
                pending = pack.surplus(sheet).get(pc.ids.pool_id(competence), 0)
                assert over <= 0 or (policy == "settle" and over == pending)

    @settings(max_examples=40, deadline=None)
    @given(st.sampled_from(pc.campaigns.POLICIES), starts, operations)
    def test_conservation(self, policy: str, start: list[int], ops: list[Operation]) -> None:
        """For every competence: awarded = held + spent + lost; and replaying the ledger rebuilds the sheet."""
        pack = PACKS[policy]
        sheet = stocked(pack, start)
        for op in ops:
            sheet = apply(pack, sheet, op)
        assert all(sheet.account(pc.ids.pool_id(c)).balanced for c in COMPETENCES)
        assert progression.replay(sheet.ledger) == sheet

    @settings(max_examples=30, deadline=None)
    @given(st.sampled_from(pc.campaigns.POLICIES), starts, operations)
    def test_every_history_verifies(self, policy: str, start: list[int], ops: list[Operation]) -> None:
        """Awards, raises, settling, qualities and tests in any order, under any policy: the rules give every
        entry again (verify is ok), before and after the sheet goes through a file."""
        pack = PACKS[policy]
        sheet = stocked(pack, start)
        for op in ops:
            sheet = apply(pack, sheet, op)
        again = progression.load_sheet(progression.dump_sheet(sheet), pack=pack)
        assert (True, True, sheet) == (progression.verify(sheet, pack).ok, progression.verify(again, pack).ok, again)

    @settings(max_examples=30, deadline=None)
    @given(st.sampled_from(pc.campaigns.POLICIES), starts, operations, st.data())
    def test_one_edited_value_is_found(
        self, policy: str, start: list[int], ops: list[Operation], data: st.DataObject
    ) -> None:
        """Any one value of any entry edited in the file: the file is refused, or verify reports that entry, or
        the edit changed nothing the rules produce."""
        pack = PACKS[policy]
        sheet = stocked(pack, start)
        for op in ops:
            sheet = apply(pack, sheet, op)
        assert_found(sheet, pack, data)

    @settings(max_examples=40, deadline=None)
    @given(starts, operations)
    def test_pooled_payments_draw_only_from_listing_competences(self, start: list[int], ops: list[Operation]) -> None:
        """Whatever split is asked, a quality is only ever paid from competences listing it."""
        pack = PACKS["settle"]
        sheet = stocked(pack, start)
        for op in ops:
            sheet = apply(pack, sheet, op)
        stack = list(sheet.ledger)
        while stack:
            event = stack.pop()
            if isinstance(event, progression.events.Step):  # an entry, a batch of entries, a step
                stack.extend(event.events)
            elif isinstance(event, progression.events.Purchased) and event.upgrade.startswith("quality."):
                allowed = {
                    pc.ids.pool_id(c)
                    for c in pc.queries.competences_listing(pack, event.upgrade.removeprefix("quality."))
                }
                hypothesis.event(f"a quality paid by {min(len(event.price), 2)}+ competences")
                assert set(event.price) <= allowed

    @settings(max_examples=30, deadline=None)
    @given(
        st.sampled_from(QUALITIES), st.integers(min_value=0, max_value=2**16), st.lists(levels, min_size=6, max_size=6)
    )
    def test_a_refused_split_changes_nothing(self, quality: str, seed: int, start: list[int]) -> None:
        """A split naming a competence that does not list the quality is refused, the sheet as it was."""
        pack = PACKS["settle"]
        sheet = pc.new_character(pack, "P", levels=dict(zip(COMPETENCES, start, strict=True)))
        for competence, value in zip(COMPETENCES, start, strict=True):
            if value:
                sheet = pc.award(pack, sheet, competence, value, reason="setup")
        split = split_for(pack, sheet, quality, seed)
        strangers = set(split) - set(pc.queries.competences_listing(pack, quality))
        hypothesis.event("a stranger in the split" if strangers else "only listing competences")
        try:
            after = pc.buy_quality(pack, sheet, quality, pay=split)
        except ProgressionError:
            after = sheet
        assert (after is sheet) or not strangers
