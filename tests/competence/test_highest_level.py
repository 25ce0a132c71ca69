"""The highest level of a competence (``LEVEL_MAX``, 1,000) holds after creation: a raise past it is refused, a
settle stops there however large the surplus, and under ``auto`` an award the policy would spend past it is
refused. A character saved above it, when raises past it were accepted, still loads, verifies and plays."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import progression
import progression_competence as pc
from progression import RulePack, Sheet
from progression.errors import LimitReached, PendingState
from progression.operations import Purchase
from progression_competence._settings import LEVEL_MAX
from progression_competence.party import new_party

#: The three qualities of the Fencing list the Master gate wants.
MASTER = ("souplesse", "vitesse", "coordination")


def fencer(pack: RulePack, level: int, held: int = 0) -> Sheet:
    """A character with Fencing at ``level``, the qualities every gate wants, holding ``held`` points (over its cap
    when more than its level)."""
    sheet = pack.new_sheet(
        "character",
        "Fencer",
        stats={"level.escrime": level, "qualities": len(MASTER)},
        owned=dict.fromkeys(MASTER, 1),
        tags={"campaign": "example"},
    )
    return pack.award(sheet, "pp.escrime", held, reason="a dragon's hoard") if held else sheet


def raises(entry: object) -> int:
    """How many raises of Fencing an entry of the ledger holds (a settle's entry holds one entry per raise)."""
    inner = getattr(entry, "events", ())
    return sum(raises(event) for event in inner) if inner else int(getattr(entry, "upgrade", "") == "raise.escrime")


def auto() -> RulePack:
    """The example campaign under the ``auto`` policy."""
    return pc.build(settings=pc.default_settings().changed(overflow="auto"))


class TestRaise:
    def test_a_raise_past_the_highest_level(self, pack: RulePack) -> None:
        """A raise that would take the level past 1,000 is refused before anything is bought, saying how many levels
        can still be raised (a level-1,000 character was raised to 1,005)."""
        near = fencer(pack, 995, 995)
        with pytest.raises(LimitReached) as refused:
            pc.raise_level(pack, pc.award(pack, near, "escrime", 10**6, reason="a hoard"), "escrime", 10)
        assert str(refused.value) == (
            "Raise Fencing cannot be bought: Fencing level would be 1,005, past its maximum of 1,000 "
            "(at most 5 more: levels=5)"
        )
        top = pc.raise_level(pack, pc.award(pack, near, "escrime", 10**6, reason="a hoard"), "escrime", 5)
        assert LEVEL_MAX == pc.level(pack, top, "escrime")
        with pytest.raises(LimitReached, match=r": Fencing level would be 1,001, past its maximum of 1,000$"):
            pc.raise_level(pack, top, "escrime")

    def test_a_party_s_raise(self, tmp_path: Path) -> None:
        """A party's raise is the function's: refused past the maximum, nothing written."""
        with new_party(tmp_path / "p.sqlite", "P") as party:
            party.add_character("ana", "Ana", levels={"escrime": 1000})
            party.award({"ana": {"escrime": 1000}}, reason="a duel")
            with pytest.raises(LimitReached, match=r"past its maximum of 1,000$"):
                party.raise_level("ana", "escrime")
            assert 2 == party.store.version("ana")


class TestSettle:
    def test_a_huge_surplus_stops_at_the_highest_level(self, pack: RulePack) -> None:
        """A surplus of ten million settles Fencing 0 -> 1,000 and no further, in one entry of a raise per level
        (it went on to level 14,164: 14,164 events; a quadrillion never ended); what is left waits, or is lost
        with ``discard``."""
        hoard = fencer(pack, 0, 10**7)
        settled = pc.settle(pack, hoard, "escrime")
        assert (LEVEL_MAX, LEVEL_MAX, len(hoard.ledger) + 1) == (
            pc.level(pack, settled, "escrime"),
            raises(settled.ledger[-1]),
            len(settled.ledger),
        )
        cost = pack.curve("level").total(LEVEL_MAX)
        assert {"pp.escrime": 10**7 - cost - LEVEL_MAX} == dict(pack.surplus(settled))
        lost = pc.settle(pack, hoard, "escrime", discard=True)
        assert (LEVEL_MAX, 10**7 - cost - LEVEL_MAX, {}) == (
            pc.level(pack, lost, "escrime"),
            lost.account("pp.escrime").lost,
            dict(pack.surplus(lost)),
        )

    def test_at_the_highest_level_the_points_can_only_be_lost(self, pack: RulePack) -> None:
        """At 1,000 with points over the cap, a settle spends nothing and says that only ``discard`` does
        something with them (no quality to buy would help)."""
        top = fencer(pack, LEVEL_MAX, LEVEL_MAX + 37)
        with pytest.raises(PendingState) as refused:
            pc.settle(pack, top, "escrime")
        assert str(refused.value) == (
            "Fencing holds 37 PP over its cap and no raise can take them: Fencing level would be 1,001, past its "
            "maximum of 1,000. Settle with discard=True to lose them"
        )
        assert 37 == pc.settle(pack, top, "escrime", discard=True).account("pp.escrime").lost

    def test_a_party_s_settle(self, tmp_path: Path) -> None:
        """A party's settle stops at the maximum too: the store holds one entry of 1,000 raises at most."""
        with new_party(tmp_path / "p.sqlite", "P") as party:
            party.add_character("ana", "Ana", levels={"escrime": 990, "danse": 1000, "athletisme": 1000})
            party.award({"ana": {"escrime": 10**7}}, reason="a hoard")
            ana = party.settle("ana", "escrime", discard=True)
        assert (LEVEL_MAX, 10) == (pc.level(pc.pack(), ana, "escrime"), raises(ana.ledger[-1]))


class TestAuto:
    @pytest.mark.parametrize(("level", "held"), [(900, 0), (900, 900), (999, 500), (1000, 0), (60, 10)])
    def test_an_award_the_policy_would_spend_past_the_top(self, level: int, held: int) -> None:
        """Under ``auto`` an award the policy would spend on raises past 1,000 is refused, saying the most that may
        be awarded; that most raises the level to 1,000 at most, one point more past it (the engine run on its
        own, as ``pack.award``)."""
        built = auto()
        sheet = fencer(built, level, held)
        with pytest.raises(LimitReached) as refused:
            pc.award(built, sheet, "escrime", 10**7, reason="a hoard")
        most = int(re.search(r"at most ([\d,]+) can be awarded now$", str(refused.value)).group(1).replace(",", ""))
        assert str(refused.value).startswith(
            "The award of 10,000,000 PP to Fencing is refused: the campaign's policy (auto) would spend it on "
            "raises past the maximum level of Fencing, 1,000"
        )
        spent = pc.award(built, sheet, "escrime", most, reason="a hoard")
        assert (LEVEL_MAX, LEVEL_MAX + 1) == (
            pc.level(built, spent, "escrime"),
            pc.level(built, built.award(sheet, "pp.escrime", most + 1, reason="past it"), "escrime"),
        )

    def test_a_full_competence_at_the_top(self) -> None:
        """At 1,000 with a full pool, every point would buy a raise: none may be awarded."""
        built = auto()
        with pytest.raises(LimitReached, match=r"; none can be awarded now$"):
            pc.award(built, fencer(built, LEVEL_MAX, LEVEL_MAX), "escrime", 1, reason="a duel")

    def test_a_shut_gate_stops_the_climb(self) -> None:
        """Without the qualities a gate wants, the climb stops at the gate and the rest is lost, as before: any award
        is taken."""
        built = auto()
        sheet = pc.award(built, pc.new_character(built, "Ana", levels={"escrime": 20}), "escrime", 10**9, reason="x")
        assert (30, 10**9 - 30 - 30) == (pc.level(built, sheet, "escrime"), sheet.account("pp.escrime").lost)

    def test_a_party_s_award(self, tmp_path: Path) -> None:
        """A party's award is refused alike, for every character of the session: nothing is recorded."""
        with new_party(tmp_path / "p.sqlite", "P", settings=pc.default_settings().changed(overflow="auto")) as party:
            party.add_character("ana", "Ana", levels={"escrime": 1000})
            party.add_character("bea", "Bea", levels={"danse": 5})
            with pytest.raises(LimitReached, match=r"at most 1,000 can be awarded now$"):
                party.award({"bea": {"danse": 3}, "ana": {"escrime": 10**7}}, reason="a hoard")
            assert (1, 1) == (party.store.version("ana"), party.store.version("bea"))


class TestSavedAboveTheTop:
    def test_it_loads_verifies_and_plays_on(self, pack: RulePack) -> None:
        """A character raised past 1,000 before the maximum held (a purchase of ``raise.escrime`` at 1,000, as
        ``raise_level`` made it) loads sealed, verifies under the same rules (the maximum is the pack's functions',
        not a rule of its data: the fingerprint is unchanged), keeps its level, is awarded and tested; it is raised
        no further, and its points over the cap can only be lost."""
        old = pc.award(pack, fencer(pack, LEVEL_MAX, LEVEL_MAX), "escrime", 10**6, reason="a hoard")
        old, _ = progression.run(pack, old, Purchase(upgrade="raise.escrime"))
        saved = progression.load_sheet(progression.dump_sheet(old), "old.json", pack=pack, verify=True)
        assert (LEVEL_MAX + 1, True, pack.rules) == (
            pc.level(pack, saved, "escrime"),
            progression.verify(saved, pack).ok,
            saved.rules,
        )
        with pytest.raises(LimitReached, match=r"Fencing level would be 1,002, past its maximum of 1,000$"):
            pc.raise_level(pack, saved, "escrime")
        with pytest.raises(PendingState, match=r"past its maximum of 1,000\. Settle with discard=True to lose them$"):
            pc.settle(pack, saved, "escrime")
        kept = pc.settle(pack, saved, "escrime", discard=True)
        kept = pc.award(pack, kept, "danse", 3, reason="a ball")
        assert (LEVEL_MAX + 1, LEVEL_MAX + 1, True) == (
            pc.level(pack, kept, "escrime"),
            kept.pools["pp.escrime"],
            progression.verify(kept, pack).ok,
        )
