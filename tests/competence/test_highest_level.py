"""The highest level of a competence (``LEVEL_MAX``, 1,000) holds after creation, on every route: a raise past it
is refused (the pack's ``raise_level``, a purchase of ``raise.<competence>`` by its id in Python, ``sheet buy`` and
``campaign buy``) and quoted as refused, a settle stops there however large the surplus, and under ``auto`` an award
the policy would spend past it is refused (``pc.award``, ``pack.award``, ``sheet award``). It is the level stat's
bound, out of the rules' fingerprint: a character saved above it, when raises past it were accepted, still loads,
verifies, is amended, is stored in a party and plays."""

from __future__ import annotations

import json
import re
from pathlib import Path

import attrs
import pytest

import progression
import progression_competence as pc
from progression import RulePack, Sheet
from progression.cli.main import main
from progression.errors import InvalidInput, LimitReached, PendingState
from progression.operations import Award, Purchase
from progression_competence._settings import LEVEL_MAX
from progression_competence.party import new_party, open_party

#: What refuses a raise of Fencing at 1,000, on every route.
AT_THE_TOP = "Raise Fencing cannot be bought: Fencing level would be 1,001, past its maximum of 1,000"

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


def unbounded(pack: RulePack) -> RulePack:
    """``pack`` as it was before levels had a maximum: its stats without their bound."""
    return attrs.evolve(pack, stats=[attrs.evolve(stat, bound=None) for stat in pack.stats.values()])


def command(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    """``progression WORDS`` run in this process: its exit status, stdout and stderr."""
    capsys.readouterr()
    status = main(list(words))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


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
        be awarded; that most raises the level to 1,000 at most. The engine run on its own (``pack.award``, which
        spent one point more on a raise to 1,001) refuses the same awards, saying the same most."""
        built = auto()
        sheet = fencer(built, level, held)
        with pytest.raises(LimitReached) as refused:
            pc.award(built, sheet, "escrime", 10**7, reason="a hoard")
        with pytest.raises(LimitReached) as by_the_core:
            built.award(sheet, "pp.escrime", 10**7, reason="a hoard")
        most = int(re.search(r"at most ([\d,]+) can be awarded now$", str(refused.value)).group(1).replace(",", ""))
        assert str(refused.value).startswith(
            "The award of 10,000,000 PP to Fencing is refused: the campaign's policy (auto) would spend it on "
            "raises past the maximum level of Fencing, 1,000"
        )
        assert str(by_the_core.value) == (
            "The award of 10,000,000 Fencing PP is refused: its policy (auto) would spend it on Raise Fencing, and "
            f"Fencing level would be 1,001, past its maximum of 1,000; at most {most:,} can be awarded now"
        )
        spent = pc.award(built, sheet, "escrime", most, reason="a hoard")
        with pytest.raises(LimitReached, match=r"; at most [\d,]+ can be awarded now$"):
            built.award(sheet, "pp.escrime", most + 1, reason="past it")
        assert (LEVEL_MAX, LEVEL_MAX) == (
            pc.level(built, spent, "escrime"),
            pc.level(built, built.award(sheet, "pp.escrime", most, reason="a hoard"), "escrime"),
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


class TestEveryRoute:
    def test_a_purchase_by_its_id(self, pack: RulePack) -> None:
        """A purchase of ``raise.escrime`` at 1,000 (it bought level 1,001) is refused in the words of the pack's
        raise, nothing bought; at 999 it goes through."""
        top = fencer(pack, LEVEL_MAX, LEVEL_MAX)
        with pytest.raises(LimitReached) as refused:
            pack.purchase(top, "raise.escrime")
        with pytest.raises(LimitReached) as raised:
            pc.raise_level(pack, top, "escrime")
        assert (AT_THE_TOP, AT_THE_TOP) == (str(refused.value), str(raised.value))
        assert LEVEL_MAX == pc.level(pack, pack.purchase(fencer(pack, 999, 999), "raise.escrime"), "escrime")

    def test_a_quote(self, pack: RulePack) -> None:
        """The quote of a raise at 1,000 says it would be refused, and why (it said yes); at 999 it says yes."""
        quoted = pack.quote(fencer(pack, LEVEL_MAX, LEVEL_MAX), "raise.escrime")
        assert (False, ("Fencing level would be 1,001, past its maximum of 1,000",), True) == (
            quoted.ok,
            quoted.unmet,
            pack.quote(fencer(pack, 999, 999), "raise.escrime").ok,
        )

    def test_no_override_waives_it(self, pack: RulePack) -> None:
        """A game master's override waives rules, not the bound: named, it is refused; an override of the limits
        waives nothing, and says what stops the raise (it said "buy it without an override")."""
        top = fencer(pack, LEVEL_MAX, LEVEL_MAX)
        with pytest.raises(InvalidInput) as named:
            pack.purchase(top, "raise.escrime", override="the GM allows it", bypass=["bound"])
        with pytest.raises(InvalidInput) as limits:
            pack.purchase(top, "raise.escrime", override="the GM allows it", bypass=["limit"])
        assert (
            "an override cannot bypass bound: only requirements, gates and limits",
            "Raise Fencing does not break what the override bypasses (limit), so it would waive nothing; no "
            "override waives what stops it: Fencing level would be 1,001, past its maximum of 1,000",
        ) == (str(named.value), str(limits.value))


class TestTheCommandLine:
    def test_sheet_buy_and_quote(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """``sheet buy FILE raise.escrime`` at 1,000 exits 1 with the refusal and writes nothing (it wrote level
        1,001); ``sheet quote`` says it cannot be bought."""
        path = str(tmp_path / "top.json")
        made = ("sheet", "new", path, "--pack", "competence", "--kind", "character", "--set", "escrime=1000")
        assert 0 == command(capsys, *made)[0]
        assert 0 == command(capsys, "sheet", "award", path, "pp.escrime", "1000", "--reason", "a hoard")[0]
        written = Path(path).read_bytes()
        assert (1, "", f"progression: {AT_THE_TOP}\n") == command(capsys, "sheet", "buy", path, "raise.escrime")
        assert written == Path(path).read_bytes()
        status, out, _ = command(capsys, "sheet", "quote", path, "raise.escrime")
        assert (0, ["cannot be bought:", "  - Fencing level would be 1,001, past its maximum of 1,000"]) == (
            status,
            out.splitlines()[-2:],
        )

    def test_campaign_buy(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """``campaign buy FILE CHARACTER raise.escrime`` at 1,000 exits 1 with the refusal; the store keeps the
        character as it was (it stored level 1,001)."""
        path = str(tmp_path / "p.sqlite")
        assert 0 == command(capsys, "campaign", "new", path, "--pack", "competence", "--name", "P")[0]
        assert 0 == command(capsys, "campaign", "character", "add", path, "ana", "--set", "escrime=1000")[0]
        award = ("campaign", "award", path, "--to", "ana:escrime=1000", "--reason", "a hoard")
        assert 0 == command(capsys, *award)[0]
        assert (1, "", f"progression: {AT_THE_TOP}\n") == command(
            capsys, "campaign", "buy", path, "ana", "raise.escrime"
        )
        with open_party(path) as party:
            assert (2, LEVEL_MAX) == (
                party.store.version("ana"),
                pc.level(party.pack, party.character("ana"), "escrime"),
            )

    def test_sheet_award_under_auto(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """Under ``auto``, ``sheet award`` of points the policy would spend past 1,000 exits 1, saying the most
        that may be awarded, as the pack's award does (it raised Fencing to 1,001); that most raises it to 1,000."""
        path = str(tmp_path / "top.json")
        made = ("sheet", "new", path, "--pack", "competence", "--kind", "character", "--set", "overflow=auto")
        assert 0 == command(capsys, *made, "--set", "escrime=999")[0]
        assert 0 == command(capsys, "sheet", "award", path, "pp.escrime", "999", "--reason", "a duel")[0]
        status, _, err = command(capsys, "sheet", "award", path, "pp.escrime", "200", "--reason", "a hoard")
        assert (
            1,
            "progression: The award of 200 Fencing PP is refused: its policy (auto) would spend it on Raise "
            "Fencing, and Fencing level would be 1,001, past its maximum of 1,000; at most 101 can be awarded now\n",
        ) == (status, err)
        assert 0 == command(capsys, "sheet", "award", path, "pp.escrime", "101", "--reason", "a hoard")[0]
        status, out, _ = command(capsys, "sheet", "show", path, "--json")
        assert (LEVEL_MAX, LEVEL_MAX) == (
            json.loads(out)["stats"]["level.escrime"]["value"],
            json.loads(out)["pools"]["pp.escrime"]["balance"],
        )


class TestSavedAboveTheTop:
    def test_the_bound_is_no_rule(self, pack: RulePack) -> None:
        """The bound is out of the rules' fingerprint: the pack without it is of the same rules, so no character
        saved before it becomes one "of other rules"."""
        assert (LEVEL_MAX, pack.rules) == (pack.stats["level.escrime"].bound, unbounded(pack).rules)

    def test_it_loads_verifies_and_plays_on(self, pack: RulePack) -> None:
        """A character raised past 1,000 before the maximum held (a purchase of ``raise.escrime`` at 1,000) loads
        sealed, verifies under the same rules, keeps its level, is awarded and tested; it is raised no further,
        and its points over the cap can only be lost."""
        before = unbounded(pack)
        old = pc.award(before, fencer(before, LEVEL_MAX, LEVEL_MAX), "escrime", 10**6, reason="a hoard")
        old, _ = progression.run(before, old, Purchase(upgrade="raise.escrime"))
        saved = progression.load_sheet(progression.dump_sheet(old), "old.json", pack=pack, verify=True)
        assert (LEVEL_MAX + 1, True, pack.rules) == (
            pc.level(pack, saved, "escrime"),
            progression.verify(saved, pack).ok,
            saved.rules,
        )
        with pytest.raises(LimitReached, match=r"Fencing level would be 1,002, past its maximum of 1,000$"):
            pc.raise_level(pack, saved, "escrime")
        with pytest.raises(LimitReached, match=r"Fencing level would be 1,002, past its maximum of 1,000$"):
            pack.purchase(saved, "raise.escrime")
        with pytest.raises(PendingState, match=r"past its maximum of 1,000\. Settle with discard=True to lose them$"):
            pc.settle(pack, saved, "escrime")
        kept = pc.settle(pack, saved, "escrime", discard=True)
        kept = pc.award(pack, kept, "danse", 3, reason="a ball")
        assert (LEVEL_MAX + 1, LEVEL_MAX + 1, True) == (
            pc.level(pack, kept, "escrime"),
            kept.pools["pp.escrime"],
            progression.verify(kept, pack).ok,
        )

    def test_an_old_auto_award_past_the_top(self) -> None:
        """An award the ``auto`` policy spent on raises up to 1,010 before levels had a maximum verifies under the
        pack that bounds them: the recorded award is run again as it was made, not refused."""
        built = auto()
        old = unbounded(built).award(fencer(built, 990, 990), "pp.escrime", 2_000, reason="a hoard")
        assert (1010, True) == (pc.level(built, old, "escrime"), progression.verify(old, built).ok)

    def test_it_is_amended_and_stored(self, pack: RulePack, tmp_path: Path) -> None:
        """An earlier entry of such a character amended, the raise past 1,000 after it is run again and holds; a
        party stores the character with its history checked."""
        before = unbounded(pack)
        old = pc.award(before, fencer(before, LEVEL_MAX, LEVEL_MAX), "escrime", 1_000, reason="a hoard")
        old, _ = progression.run(before, old, Purchase(upgrade="raise.escrime"))
        amended, report = progression.amend(old, 3, Award(pool="pp.escrime", amount=900, reason="a hoard"), pack=pack)
        assert (["holds"], LEVEL_MAX + 1) == (
            [e.status for e in report.outcomes[1:]],
            pc.level(pack, amended, "escrime"),
        )
        with new_party(tmp_path / "p.sqlite", "P") as party:
            stored = party.add_sheet("old", old)
            assert (LEVEL_MAX + 1, len(old.ledger)) == (pc.level(pack, stored, "escrime"), len(stored.ledger))
