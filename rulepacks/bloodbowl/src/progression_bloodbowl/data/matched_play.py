"""The numbers of Matched Play team building, read from tables.toml ``[matched_play]`` and stars.toml
``[rules.matched_play]`` and checked like every other table of the pack."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from .reading import Reader

__all__ = ["BUDGET_TAG", "INDUCEMENTS_TAG", "POINTS_TAG", "SKILLS_TAG", "TIERS", "MatchedPlay", "read_matched_play"]

#: The tiers a roster may be in (the Designer's Commentary places every roster in one of four).
TIERS = (1, 2, 3, 4)
#: Team tag of a Matched Play team: its Team Draft Budget.
BUDGET_TAG = "matched_play"
#: Team tag: the Skill Points its tier gave.
POINTS_TAG = "matched_play.skill_points"
#: Team tag: the inducements other than Star Players on the list (``bribe*2;wizard:sports_wizard``).
INDUCEMENTS_TAG = "matched_play.inducements"
#: Player tag: the skills bought for him, ``primary:block`` (comma-separated when several are allowed).
SKILLS_TAG = "matched_play.skills"


@attrs.frozen(kw_only=True)
class MatchedPlay:
    """What a Matched Play draft may spend and how much of each thing it may take."""

    #: The Team Draft Budgets most events use (others are allowed).
    common_budgets: tuple[int, ...]
    #: Skill Points by roster tier.
    skill_points: Mapping[int, int]
    #: Skill Points a Primary skill costs.
    primary_cost: int
    #: Skill Points a Secondary skill costs.
    secondary_cost: int
    #: Secondary skills a team may buy, by tier.
    max_secondary: Mapping[int, int]
    #: Whether a player may be given one extra skill only.
    one_skill_per_player: bool
    #: How many times each elite skill may be bought in one team.
    max_each_elite: int
    #: Whether a skill bought in Matched Play adds to the player's Current Value.
    skills_add_value: bool
    #: The Dedicated Fans a Matched Play team starts with.
    dedicated_fans_start: int
    #: Skill Points a Star Player costs (a pair is one choice), and a Mega-star.
    star_cost: int
    mega_star_cost: int
    #: Star Players a team may take, by tier (Mega-stars included).
    max_stars: Mapping[int, int]
    max_mega_stars: int


def _by_tier(r: Reader, table: Mapping[str, Any], key: str, path: str) -> dict[int, int]:
    """``{tier1 = 6, ...}`` as ``{1: 6, ...}``: one whole number >= 0 for each tier, nothing else."""
    raw = r.get(table, key, dict, path)
    where = f"{path}.{key}"
    r.extra(raw, tuple(f"tier{t}" for t in TIERS), where)
    return {t: r.count(raw, f"tier{t}", where) for t in TIERS} if raw else dict.fromkeys(TIERS, 0)


def _check_mega_stars(sr: Reader, star_rules: Mapping[str, Any], stars: Mapping[str, Any]) -> None:
    """The Mega-stars listed in ``[rules]`` are exactly the stars marked ``mega_star = true``."""
    listed = set(sr.strings(star_rules, "mega_stars", "$.rules"))
    table = stars.get("stars")
    bodies = table.items() if isinstance(table, Mapping) else ()
    marked = {i for i, b in bodies if isinstance(b, Mapping) and b.get("mega_star") is True}
    if listed - marked:
        unmarked = ", ".join(sorted(listed - marked))
        sr.problem("$.rules.mega_stars", f"expected stars marked mega_star = true, got {unmarked} (not marked)")
    if marked - listed:
        unlisted = ", ".join(sorted(marked - listed))
        sr.problem("$.rules.mega_stars", f"expected every star marked mega_star = true, {unlisted} missing")


def read_matched_play(r: Reader, tables: Mapping[str, Any], sr: Reader, stars: Mapping[str, Any]) -> MatchedPlay:
    """Read the Matched Play numbers; problems go to ``r`` (tables.toml) and ``sr`` (stars.toml)."""
    path = "$.matched_play"
    mp = r.table(tables, "matched_play", "$", required=True)
    budgets = r.ints(mp, "common_budgets", path)
    for n, amount in enumerate(budgets):
        if amount <= 0:
            r.problem(f"{path}.common_budgets[{n}]", f"expected a budget in gold pieces > 0, got {amount}")
    if not budgets and "common_budgets" in mp:
        r.problem(f"{path}.common_budgets", "expected at least one budget")
    star_path = "$.rules.matched_play"
    star_rules = sr.table(stars, "rules", "$", required=True)
    smp = sr.table(star_rules, "matched_play", "$.rules", required=True)
    _check_mega_stars(sr, star_rules, stars)
    star_points = sr.get(smp, "skill_points", dict, star_path)
    return MatchedPlay(
        common_budgets=budgets or (0,),
        skill_points=_by_tier(r, mp, "skill_points", path),
        primary_cost=r.count(mp, "primary_skill_points", path, minimum=1),
        secondary_cost=r.count(mp, "secondary_skill_points", path, minimum=1),
        max_secondary=_by_tier(r, mp, "max_secondary_skills", path),
        one_skill_per_player=r.get(mp, "one_extra_skill_per_player", bool, path),
        max_each_elite=r.count(mp, "max_each_elite_skill", path),
        skills_add_value=r.get(mp, "skills_add_value", bool, path),
        dedicated_fans_start=r.count(mp, "dedicated_fans_start", path),
        star_cost=sr.count(star_points, "star", f"{star_path}.skill_points"),
        mega_star_cost=sr.count(star_points, "mega_star", f"{star_path}.skill_points"),
        max_stars=_by_tier(sr, smp, "max_stars", star_path),
        max_mega_stars=sr.count(smp, "max_mega_stars", star_path),
    )
