"""Costs that do not grow with history: one award, one purchase and one undo on a long ledger against the
same on a short one, a long history built through the API against a short one, per entry, and one Blood Bowl
match (its whole post-match sequence) in a season of 3,000 matches against one in a season of 100."""

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


def _match(pack: RulePack, team: Sheet, number: int, dice: progression.Dice) -> Sheet:
    """``team`` after match ``number`` of its season, a 1-0 win whose post-match sequence runs whole: the outcome
    (checked against the season's numbers), Dedicated Fans, Expensive Mistakes (checked against them again)."""
    import progression_bloodbowl as bb

    record = bb.MatchRecord(number=number, opponent="Orcs", score=(1, 0))
    post = bb.PostMatch.start(pack, team, record).record_outcome(dice).update_fans(dice)
    return post.expensive_mistakes(dice).prepare_next().commit()


def match_rows(short: int = 100, long: int = 3000, calls: int = 50) -> list[Row]:
    """One row: a match after ``long`` matches of one season against one after ``short`` (Blood Bowl)."""
    name = f"one match at {long:,} matches in a season / at {short:,}"
    if "bloodbowl" not in progression.packs():
        return [Row(name, 0.0, 0.0, 1.5, skipped="the bloodbowl pack is not installed")]
    from bench_league import HUMANS

    import progression_bloodbowl as bb

    pack = progression.load("bloodbowl")
    dice = progression.SeededDice(2025)
    team = bb.draft(pack, "human", "Growth", HUMANS)
    teams = {}
    for number in range(1, long + 1):
        team = _match(pack, team, number, dice)
        if number in (short, long):
            teams[number] = team
    if bb.queries.results(teams[long])[-1].number != long or len(bb.queries.results(teams[short])) != short:
        msg = "the season does not hold the matches played"
        raise AssertionError(msg)
    at_long = seconds(lambda: _match(pack, teams[long], long + 1, dice), number=calls)
    at_short = seconds(lambda: _match(pack, teams[short], short + 1, dice), number=calls)
    note = f"{human(at_long)} after {long:,} matches vs {human(at_short)} after {short:,}; each its whole sequence"
    return [Row(name, at_long, at_short, 1.5, note=note)]


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
