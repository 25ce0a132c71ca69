"""The reachable check on packs written in TOML alone: an upgrade its own limit or a stat's maximum makes impossible
is named with the bound that makes it so, never taken for a requirement cycle, and said in the pack's words."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

import progression
from progression import RulePack
from progression.authoring import FixedCost, Label, Upgrade
from progression.errors import RulePackError
from progression.requirements import AnyOf, AtLeast, AtMost, Not, Requirement
from progression.testing import Finding, check_pack

#: A mech pilot's career, as a designer writes one: piloting and gunnery from 1 to 10, trained with experience.
MECH = """\
format = 1
[pack]
name = "mech"
title = { en = "Mech Pilot" }
languages = ["en"]
[currencies.xp]
label = { en = "Experience" }
[pools.xp]
label = { en = "Experience" }
currency = "xp"
[stats.piloting]
label = { en = "Piloting" }
initial = 1
minimum = 1
maximum = 10
[stats.gunnery]
label = { en = "Gunnery" }
initial = 1
minimum = 1
maximum = 10
[curves.skill]
kind = "linear"
base = 10
step = 5
[upgrades.train_piloting]
label = { en = "Train Piloting" }
pool = "xp"
cost = { curve = "skill", axis = "piloting" }
effect = { stats = { piloting = 1 } }
[upgrades.train_gunnery]
label = { en = "Train Gunnery" }
pool = "xp"
cost = { curve = "skill", axis = "gunnery" }
effect = { stats = { gunnery = 1 } }
[kinds.pilot]
label = { en = "Pilot" }
pools = ["xp"]
stats = ["piloting", "gunnery"]
"""

TRAINING = "effect = { stats = { piloting = 1 } }"


def mech(tmp_path: Path, *lines: str) -> RulePack:
    """The mech pack from a file, with ``lines`` added to the piloting upgrade."""
    path = tmp_path / "mech.toml"
    path.write_text(MECH.replace(TRAINING, "\n".join((TRAINING, *lines))), encoding="utf-8")
    return progression.load_file(path)


def reachable(pack: RulePack) -> list[str]:
    """The messages of the reachable and cycle checks, without running the state machine."""
    report = check_pack(pack, examples=0)
    return [f"[{f.check}] {f.where}: {f.message}" for f in report.findings if f.check in ("reachable", "cycle")]


class TestLimitBelowTheStart:
    @pytest.mark.parametrize(("most", "after"), [(0, 2), (-1, 2), (1, 2)])
    def test_a_limit_every_purchase_breaks_fails_the_check(self, tmp_path: Path, most: int, after: int) -> None:
        """``limit.maxima`` at or below where the stat starts (1) refuses every purchase: the check fails, naming the
        upgrade, the limit and the starting value, where it passed before (only the coverage said ``never``)."""
        pack = mech(tmp_path, f"limit = {{ maxima = {{ piloting = {most} }} }}")
        assert [
            "[reachable] upgrade 'train_piloting': can never be bought: as a sheet of kind 'pilot': its limit.maxima "
            f"caps 'piloting' at {most}, but 'piloting' starts at 1, so buying it would take it to {after}"
        ] == reachable(pack)

    def test_a_limit_one_purchase_keeps_passes(self, tmp_path: Path) -> None:
        """A limit of 2 lets the first purchase through: nothing is said."""
        assert [] == reachable(mech(tmp_path, "limit = { maxima = { piloting = 2 } }"))

    def test_a_limit_on_a_quantity_the_effect_leaves_alone(self, tmp_path: Path) -> None:
        """A limit on another stat, already past it at the start, refuses the purchase too; one it starts under
        does not."""
        assert [
            "[reachable] upgrade 'train_piloting': can never be bought: as a sheet of kind 'pilot': its limit.maxima "
            "caps 'gunnery' at 0, but 'gunnery' starts at 1"
        ] == reachable(mech(tmp_path, "limit = { maxima = { gunnery = 0 } }"))
        assert [] == reachable(mech(tmp_path, "limit = { maxima = { gunnery = 1 } }"))


class TestGatePastAMaximum:
    def test_a_gate_past_the_stat_maximum_is_no_cycle(self, tmp_path: Path) -> None:
        """Needing piloting 11 of a stat that stops at 10 is said as such, not as a cycle of the upgrade with
        itself."""
        pack = mech(tmp_path, 'requires = { at_least = 11, quantity = "piloting" }')
        assert [
            "[reachable] upgrade 'train_piloting': can never be bought: as a sheet of kind 'pilot': its requirement "
            "can never be met: 'piloting' at least 11, but its maximum is 10"
        ] == reachable(pack)

    def test_a_gate_past_the_upgrade_s_own_limit(self, tmp_path: Path) -> None:
        """Needing piloting 5 of an upgrade limited to piloting 4, which it raises by 1: it may only be bought at 3
        or less, so never."""
        pack = mech(
            tmp_path, "limit = { maxima = { piloting = 4 } }", 'requires = { at_least = 5, quantity = "piloting" }'
        )
        assert [
            "[reachable] upgrade 'train_piloting': can never be bought: as a sheet of kind 'pilot': its requirement "
            "can never be met: 'piloting' at least 5, but it can be bought only while 'piloting' is at most 3: its "
            "limit.maxima caps 'piloting' at 4, and buying it adds 1"
        ] == reachable(pack)

    def test_a_gate_at_the_maximum_of_what_the_upgrade_raises(self, tmp_path: Path) -> None:
        """Needing piloting 10 to raise it past its maximum of 10 is as impossible, and said with the maximum; even
        when another upgrade raises piloting to 10."""
        other = (
            '[upgrades.simulator]\nlabel = { en = "Simulator" }\npool = "xp"\ncost = 5\n'
            "effect = { stats = { piloting = 1 } }\n"
        )
        pack = mech(tmp_path, 'requires = { at_least = 10, quantity = "piloting" }\n' + other)
        assert [
            "[reachable] upgrade 'train_piloting': can never be bought: as a sheet of kind 'pilot': its requirement "
            "can never be met: 'piloting' at least 10, but it can be bought only while 'piloting' is at most 9: its "
            "maximum is 10, and buying it adds 1"
        ] == reachable(pack)

    def test_a_gate_within_the_maximum_is_still_a_cycle(self, tmp_path: Path) -> None:
        """Needing piloting 5 where only the upgrade itself raises it, from 1, is the cycle it is."""
        pack = mech(tmp_path, 'requires = { at_least = 5, quantity = "piloting" }')
        (finding,) = reachable(pack)
        assert finding.startswith("[cycle] upgrade 'train_piloting': requirement cycle train_piloting → train_piloting")

    def test_a_gate_the_stat_can_reach_passes(self, tmp_path: Path) -> None:
        """Needing gunnery 10, which training gunnery reaches: nothing is said."""
        assert [] == reachable(mech(tmp_path, 'requires = { at_least = 10, quantity = "gunnery" }'))


class TestRequirementsInWords:
    def test_an_empty_any_is_refused_when_the_pack_loads(self, tmp_path: Path) -> None:
        """``any = []`` never holds: the file is refused at its key path, where it used to load and the check
        printed the requirement's Python repr; an empty ``all`` always holds, and loads."""
        path = tmp_path / "mech.toml"
        path.write_text(MECH.replace(TRAINING, TRAINING + "\nrequires = { any = [] }"), encoding="utf-8")
        with pytest.raises(RulePackError) as caught:
            progression.load_file(path)
        assert [
            (
                "$.upgrades.train_piloting.requires.any",
                "expected one or more requirements, of which one must hold; an empty 'any' never holds",
            )
        ] == [(p.path, p.reason) for p in caught.value.problems]
        path.write_text(MECH.replace(TRAINING, TRAINING + "\nrequires = { all = [] }"), encoding="utf-8")
        assert [] == reachable(progression.load_file(path))

    @pytest.mark.parametrize(
        ("requirement", "said"),
        [
            (
                AnyOf(items=[AtLeast(quantity="piloting", value=11), AtMost(quantity="piloting", value=0)]),
                "one of: 'piloting' at least 11, but its maximum is 10; or 'piloting' at most 0, but it never drops "
                "below 1",
            ),
            (Not(item=AtLeast(quantity="piloting", value=1)), "'piloting' below 1, but it never drops below 1"),
            (Not(item=AtMost(quantity="piloting", value=10)), "'piloting' above 10, but it reaches at most 10"),
            (AnyOf(items=[]), "one of no requirement at all, which never holds"),
        ],
    )
    def test_each_form_is_said_in_the_pack_s_words(self, tmp_path: Path, requirement: object, said: str) -> None:
        """Alternatives, negations and an ``any`` of nothing (which Python can build) that can never hold are said
        condition by condition, never as the requirement's Python repr."""
        pack = mech(tmp_path)
        assert isinstance(requirement, Requirement)
        blocked = Upgrade(
            id="ace", label=Label(en="Ace", fr="As"), pools=("xp",), cost=FixedCost(amount=1), requires=requirement
        )
        pack = attrs.evolve(pack, upgrades={**pack.upgrades, "ace": blocked})
        (finding,) = check_pack(pack, examples=0).by_check("reachable")
        expected = Finding(
            "reachable",
            "upgrade 'ace'",
            f"can never be bought: as a sheet of kind 'pilot': its requirement can never be met: {said}",
        )
        assert expected == finding
