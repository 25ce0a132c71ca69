"""Costs that do not grow with history: one award, one purchase and one undo on a long ledger against the
same on a short one, and a long history built through the API against a short one, per entry."""

from __future__ import annotations

import time

from timing import Row, human, seconds

import progression
from progression import RulePack, Sheet
from progression.ledger.ledger import SNAPSHOT_EVERY

#: A pack with a pool without a cap and an upgrade bought from it, as small as the question allows.
PACK = """
format = 1
[pack]
name = "growth"
title = { en = "Growth", fr = "Croissance" }
[currencies.xp]
label = { en = "XP", fr = "XP" }
[pools.xp]
label = { en = "XP", fr = "XP" }
currency = "xp"
[stats.skill]
label = { en = "Skill", fr = "Talent" }
[upgrades.train]
label = { en = "Train", fr = "Entraînement" }
pools = ["xp"]
cost = { amount = 1 }
effect = { stats = { skill = 1 } }
[kinds.hero]
label = { en = "Hero", fr = "Héros" }
pools = ["xp"]
stats = ["skill"]
"""


def pack() -> RulePack:
    return progression.load_text(PACK, "growth.toml")


def history(rules: RulePack, entries: int) -> Sheet:
    """A hero with ``entries`` ledger entries: awards, every fourth one a purchase."""
    sheet = rules.new_sheet("hero", "Hero")
    for n in range(1, entries):
        sheet = rules.purchase(sheet, "train") if n % 4 == 0 else rules.award(sheet, "xp", 1, reason="work")
    return sheet


def run(short: int = 100, long: int = 100_000, calls: int = 2000) -> list[Row]:
    """Four rows: award, purchase and undo at ``long`` entries against ``short``, and building per entry."""
    rules = pack()
    start = time.perf_counter()
    small = history(rules, short)
    built_short = (time.perf_counter() - start) / short
    start = time.perf_counter()
    large = history(rules, long)
    built_long = (time.perf_counter() - start) / long
    if (len(small.ledger), len(large.ledger)) != (short, long) or progression.undo(large).at(short) != small:
        msg = "the long history does not continue the short one"
        raise AssertionError(msg)
    # Undo folds from the snapshot kept every SNAPSHOT_EVERY entries: its cost depends on where the length
    # falls between two snapshots, not on the length. Each figure is the mean over one such stretch.
    stretch = SNAPSHOT_EVERY
    longs = [large.at(long - k) for k in range(stretch)]
    shorts = [small.at(short - k) for k in range(stretch)]
    rows = []
    for name, work in (
        ("award", lambda sheet: rules.award(sheet, "xp", 1, reason="work")),
        ("purchase", lambda sheet: rules.purchase(sheet, "train")),
        ("undo", progression.undo),
    ):
        at_long = seconds(lambda work=work: [work(s) for s in longs], number=calls // stretch) / stretch
        at_short = seconds(lambda work=work: [work(s) for s in shorts], number=calls // stretch) / stretch
        note = f"{human(at_long)} at {long:,} entries vs {human(at_short)} at {short:,}"
        rows.append(Row(f"one {name} at {long:,} entries / at {short:,}", at_long, at_short, 1.5, note=note))
    note = f"{human(built_long)} per entry for {long:,} vs {human(built_short)} for {short:,}"
    rows.append(Row(f"building {long:,} entries / {short:,}, per entry", built_long, built_short, 1.5, note=note))
    return rows
