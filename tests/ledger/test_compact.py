"""``progression.compact``: a sheet whose history is kept packed (bytes), equal to the sheet and run on as it would
be, for programs that keep many sheets in memory."""

from __future__ import annotations

import gc
from fractions import Fraction

import attrs
import pytest
from hypothesis import given

import progression
import progression_bloodbowl as bb
from progression import Ledger, RulePack, Sheet
from progression.errors import InvalidInput
from progression.events import Marked
from progression.ledger.packed import pack_entries, unpack_entries
from support.builders import FEW, ana, histories, market

HUMANS = [
    ("human_blitzer", "Griselda"),
    ("human_thrower", "Hans"),
    ("human_catcher", "Lena"),
    *[("human_lineman", f"Lineman {n}") for n in range(1, 9)],
]


def season(pack: RulePack, team: Sheet, matches: int, *, compacted: bool) -> Sheet:
    """``team`` after ``matches`` wins through the whole post-match sequence, each advancement bought that the
    scorer can afford (random primary skills, the first offered kept), compacted after each match or not."""
    dice = progression.SeededDice(7)
    for number in range(1, matches + 1):
        scorer = str(number % 3 + 1)
        record = bb.MatchRecord(
            number=number,
            opponent="Orcs",
            score=(2, 1),
            events={scorer: {"touchdown": 2}, "4": {"casualty": 1}},
            mvp_nominees=(scorer,),
            fan_attendance=team.stats["dedicated_fans"] + 5,
        )
        post = bb.PostMatch.start(pack, team, record).record_outcome(dice).update_fans(dice)
        while pack.quote(post.sheet, "random_primary", choice="G", member=scorer).ok:
            post = post.advance(scorer, "random_primary", choice="G", dice=dice)
            pending = post.sheet.member(scorer).pending
            if pending is not None and pending.question is not None:
                post = post.decide(scorer, pending.question[1][0])
        team = post.expensive_mistakes(dice).prepare_next().commit()
        if compacted:
            team = progression.compact(team)
    return team


def followed(sheet: Sheet) -> list[object]:
    """The objects the garbage collector follows that ``sheet`` holds, not counting code (functions, classes)."""
    seen: dict[int, object] = {}
    todo: list[object] = [sheet]
    while todo:
        item = todo.pop()
        if id(item) in seen or not gc.is_tracked(item) or callable(item):
            continue
        seen[id(item)] = item
        todo.extend(gc.get_referents(item))
    return list(seen.values())


@pytest.fixture(scope="module")
def pack() -> RulePack:
    return progression.load("bloodbowl")


@pytest.fixture(scope="module")
def drafted(pack: RulePack) -> Sheet:
    return bb.draft(pack, "human", "Altdorf Anvils", HUMANS, rerolls=2, apothecary=True)


class TestCompact:
    def test_a_compacted_season_is_the_season(self, pack: RulePack, drafted: Sheet) -> None:
        """A team compacted after each match plays on as the same team: equal, written to the same file,
        verified, and its history read back as told."""
        kept = season(pack, drafted, 6, compacted=False)
        compacted = season(pack, progression.compact(drafted), 6, compacted=True)
        assert (kept, progression.dump_sheet(kept)) == (compacted, progression.dump_sheet(compacted))
        assert progression.verify(compacted, pack).ok
        assert progression.replay(compacted.ledger) == compacted

    def test_it_holds_its_history_packed(self, pack: RulePack, drafted: Sheet) -> None:
        """What a compacted team keeps is bytes: no event past each sheet's creation is reachable from it, and the
        objects the garbage collector follows are a fraction of the team's before."""
        kept = season(pack, drafted, 4, compacted=False)
        compacted = progression.compact(kept)
        gc.collect()
        before, after = followed(kept), followed(compacted)
        entries = [o for o in after if isinstance(o, progression.Entry)]
        assert (len(entries), len(after) < len(before) / 3) == (len(compacted.members) + 1, True)

    def test_undo_and_as_of_read_the_history_back(self, pack: RulePack, drafted: Sheet) -> None:
        """Looking back on a compacted team folds its history read back from the texts."""
        kept = season(pack, drafted, 3, compacted=False)
        compacted = progression.compact(kept)
        assert (kept.at(5), progression.undo(kept)) == (compacted.at(5), progression.undo(compacted))

    def test_nothing_new_is_the_same_sheet(self) -> None:
        """A sheet compacted with nothing added since is returned as it is."""
        pack = market()
        sheet = progression.compact(pack.award(ana(), "purse", 3, reason="found"))
        assert progression.compact(sheet) is sheet

    @pytest.mark.parametrize(
        ("sheet", "message"),
        [
            ("ana", "compact takes a Sheet, got str"),
            (None, "compact takes a Sheet, got NoneType"),
        ],
    )
    def test_what_is_no_sheet_is_refused(self, sheet: object, message: str) -> None:
        with pytest.raises(InvalidInput, match=message):
            progression.compact(sheet)  # type: ignore[arg-type]


class TestPacked:
    """How a compacted history holds its entries: packed, read back equal, field for field."""

    @FEW
    @given(histories())
    def test_any_history_reads_back_equal_and_runs_on(self, sheet: Sheet) -> None:
        """Every entry of any history is read back equal (each event class, effect, price, override, roll), and
        the compacted sheet takes the next operation as the sheet does."""
        compacted = progression.compact(sheet)
        assert (repr(list(sheet.ledger)), sheet) == (repr(list(compacted.ledger)), compacted)  # types shown too
        pack = market()
        assert pack.award(sheet, "purse", 2, reason="more") == pack.award(compacted, "purse", 2, reason="more")

    def test_a_value_of_another_kind_stays_an_object(self) -> None:
        """An entry holding a value that is not packed (no text, number, container or attrs object) is never
        packed: its ledger is left as it is."""
        ledger = Ledger([Marked(label="start"), Marked(label=Fraction(1, 3))])  # type: ignore[arg-type]
        assert (None, ledger) == (pack_entries(list(ledger)), ledger.settled(pack_entries, unpack_entries))
        assert ledger.settled(pack_entries, unpack_entries) is ledger

    def test_two_classes_of_one_name_are_read_back_as_themselves(self) -> None:
        """Classes are packed by a number of their own, not their name: two made alike come back apart."""
        first, second = attrs.make_class("Gift", ["worth"]), attrs.make_class("Gift", ["worth"])
        back = unpack_entries(pack_entries([first(worth=1), second(worth=2)]) or ())
        assert [(first, 1), (second, 2)] == [(type(item), item.worth) for item in back]

    @pytest.mark.parametrize(
        "kind",
        [
            attrs.frozen(slots=False)(
                type("Later", (), {"__annotations__": {"worth": "int"}, "__attrs_post_init__": lambda self: None})
            ),
            attrs.frozen(cache_hash=True)(type("Hashed", (), {"__annotations__": {"worth": "int"}})),
            attrs.define(eq=False)(type("Same", (), {"__annotations__": {"worth": "int"}})),
            type("Plain", (attrs.frozen(type("Base", (), {"__annotations__": {"worth": "int"}})),), {}),
        ],
        ids=["post-init", "cached hash", "compared by identity", "plain subclass"],
    )
    def test_a_class_not_built_back_from_its_fields_alone_stays_an_object(self, kind: type) -> None:
        """An attrs class whose objects are more than their fields (what ``__attrs_post_init__`` sets, a cached
        hash, a plain subclass's own attributes) or equal only to themselves is not packed: built back from its
        fields, it would differ (a review found verify failing on such an operation)."""
        assert pack_entries([Marked(label="x"), kind(worth=1)]) is None
