"""The Star Players (``stars.toml``), typed: each star's profile, whom he plays for and the pair he is hired with,
and the rules of hiring them (``[rules]``).

Every key is read. The keys of ``[rules]`` that say how the pack plays a star (he earns no SPP, a pair is one
choice) may be written only as the code plays them; those that repeat a number kept elsewhere (the roster's 16
places, the Mercenaries' prices, Josef Bugman's double role) must agree with it, so no value in the file can be
read as a setting it is not. ``[rules.matched_play]`` and ``mega_stars`` are read with the Matched Play numbers
(:mod:`~progression_bloodbowl.data.matched_play`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from progression.authoring import Label

from .reading import Reader

__all__ = ["Star", "StarRules", "read_stars"]

_STAR_KEYS = (
    *("label", "cost", "ma", "st", "ag", "pa", "av", "skills", "keywords", "plays_for", "special_rule"),
    *("pair", "pair_label", "mega_star", "disputed", "excludes"),
)
_RULES_PLAYED: Mapping[str, object] = {
    "pair_counts_as": 1,
    "pair_roster_spaces": 2,
    "both_teams_may_hire_same_star": True,
    "earn_spp": False,
    "mvp_eligible": False,
    "casualties_waived_after_game": True,
    "eligibility": ["league", "special_rule"],
}
_MERCENARIES_PLAYED: Mapping[str, object] = {
    "trait": "loner:4",
    "extra_primary_skills_max": 1,
    "hire_after_game": False,
}
#: ``[rules.mercenaries]`` key -> the key of the ``mercenary_players`` inducement that holds the same number.
MERCENARIES_SAME = {
    "max_per_game": "max",
    "surcharge": "surcharge",
    "extra_primary_skill_cost": "extra_primary_skill_cost",
}


@attrs.frozen(kw_only=True)
class Star:
    """A Star Player's profile, hired as an inducement for one match."""

    id: str
    label: Label
    cost: int
    ma: int
    st: int
    ag: int
    pa: int | None
    av: int
    skills: tuple[str, ...]
    keywords: tuple[str, ...]
    #: ``any``, leagues or special rules.
    plays_for: tuple[str, ...]
    #: The other member of the pair he is hired with.
    pair: str | None = None
    mega_star: bool = False
    # Out of the repr (see ``Data.inducements``): the fingerprint of the rules digests ``raw``, which holds them.
    #: The name of his own special rule.
    special_rule: Label = attrs.field(repr=False)
    #: The pair's name, for a star hired as a pair.
    pair_label: Label | None = attrs.field(default=None, repr=False)
    #: Leagues or special rules he never plays for ("any team except...").
    excludes: tuple[str, ...] = attrs.field(default=(), repr=False)
    #: Where the sources disagree on him (shown on the rulings page).
    disputed: str | None = attrs.field(default=None, repr=False)


@attrs.frozen(kw_only=True)
class StarRules:
    """The rules of hiring Star Players, as numbers the code reads."""

    #: The most Star Players a team induces for one match, a pair counting as one.
    per_team: int
    #: The roster places stars never take a team above (the roster's own maximum).
    roster_max: int
    #: ``[rules.mercenaries]``, as written: checked against the ``mercenary_players`` inducement.
    mercenaries: Mapping[str, int]
    #: ``[rules.josef_bugman]``: the star, and the inducement that hires him as coaching staff.
    bugman: tuple[str, str] | None


def _star(r: Reader, ident: str, body: Mapping[str, Any], path: str) -> Star:
    r.extra(body, _STAR_KEYS, path)
    pair = r.get(body, "pair", str, path, default=None)
    if pair is not None and "pair_label" not in body:
        r.problem(f"{path}.pair_label", "required for a star hired as a pair: the pair's name")
    return Star(
        id=ident,
        label=r.label(body, path),
        pa=r.get(body, "pa", int, path, default=None),
        skills=r.strings(body, "skills", path),
        keywords=r.strings(body, "keywords", path),
        plays_for=r.strings(body, "plays_for", path),
        special_rule=r.label(body, path, "special_rule"),
        pair=pair,
        pair_label=r.label(body, path, "pair_label") if "pair_label" in body else None,
        mega_star=r.get(body, "mega_star", bool, path, default=False),
        excludes=r.strings(body, "excludes", path, default=()),
        disputed=r.get(body, "disputed", str, path, default=None),
        cost=r.count(body, "cost", path),
        **{k: r.get(body, k, int, path) for k in ("ma", "st", "ag", "av")},
    )


def _rules(r: Reader, rules: Mapping[str, Any]) -> StarRules:
    r.extra(
        rules,
        ("max_per_team", "roster_max", "mega_stars", "matched_play", "mercenaries", "josef_bugman", *_RULES_PLAYED),
        "$.rules",
    )
    r.fixed(rules, "$.rules", _RULES_PLAYED)
    mercenaries = r.table(rules, "mercenaries", "$.rules", required=False)
    r.extra(mercenaries, (*MERCENARIES_SAME, *_MERCENARIES_PLAYED), "$.rules.mercenaries")
    r.fixed(mercenaries, "$.rules.mercenaries", _MERCENARIES_PLAYED)
    bugman = r.table(rules, "josef_bugman", "$.rules", required=False)
    r.extra(bugman, ("star", "also_inducement", "staff_excludes_star"), "$.rules.josef_bugman")
    r.fixed(bugman, "$.rules.josef_bugman", {"staff_excludes_star": True})
    return StarRules(
        per_team=r.count(rules, "max_per_team", "$.rules"),
        roster_max=r.count(rules, "roster_max", "$.rules", default=None),
        mercenaries={k: r.count(mercenaries, k, "$.rules.mercenaries") for k in MERCENARIES_SAME if k in mercenaries},
        bugman=(
            (
                r.get(bugman, "star", str, "$.rules.josef_bugman"),
                r.get(bugman, "also_inducement", str, "$.rules.josef_bugman"),
            )
            if bugman
            else None
        ),
    )


def read_stars(r: Reader, data: Mapping[str, Any]) -> tuple[dict[str, Star], StarRules]:
    """Read ``stars.toml``, recording a problem in ``r`` for every value that does not fit."""
    r.extra(data, ("format", "rules", "stars"), "$")
    stars = {
        ident: _star(r, ident, body, path)
        for ident, body, path in r.tables(data, "stars", "$", "a Star Player's table")
    }
    return stars, _rules(r, r.table(data, "rules", "$"))
