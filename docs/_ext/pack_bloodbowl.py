"""The Blood Bowl pack's data on its reference page as the rulebook prints it: team rosters, Star Players, skills.

The generic page dumps a pack's ``[tables]`` as they are loaded; for Blood Bowl that is thousands of
lines of internal fields. This renders its typed data (``pack.data``) the way a coach reads it: each
roster as a team page (quantity, position, cost, MA ST AG PA AV in the book's notation, skills and
traits, primary and secondary categories), each Star Player as his card, and the skills by category.
The rest of the pack's tables (inducements, the game's roll tables) keep the generic rendering.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pack_rst import Page, escape, render_data

__all__ = ["render_bloodbowl"]

#: The pack's tables this page renders itself (the others are rendered as every pack's are).
RENDERED = frozenset({"teams", "stars", "skills"})


def _gold(amount: int) -> str:
    return f"{amount:,} gp"


def _profile(thing: Any) -> list[str]:
    """MA ST AG PA AV as the book prints them: ``6``, ``3``, ``3+``, ``4+`` (``-`` for no PA), ``9+``."""
    return [str(thing.ma), str(thing.st), f"{thing.ag}+", "-" if thing.pa is None else f"{thing.pa}+", f"{thing.av}+"]


def _skill(data: Any, ref: str) -> str:
    """A skill or trait by its name, with its value as the book writes it (``Loner (4+)``, ``Animosity (all)``)."""
    ident, _, value = ref.partition(":")
    known = data.skills.get(ident) or data.traits.get(ident)
    name = known.label.en if known is not None else ident
    if not value:
        return name
    parameter = getattr(known, "parameter", None)
    shown = f"{value}+" if parameter == "target" else value.replace("_", " ")
    return f"{name} ({shown})"


def _skills(data: Any, refs: Iterable[str]) -> str:
    return escape(", ".join(_skill(data, ref) for ref in refs)) or "—"


def _names(labels: Any, ids: Iterable[str]) -> str:
    return escape(", ".join(labels[i].en if i in labels else i for i in ids)) or "—"


def _rosters(page: Page, data: Any) -> None:
    page.heading("Team rosters", 1)
    page.para(
        "Each roster as its team page prints it: how many of each position a team may have, the hiring fee, "
        "the profile (MA ST AG PA AV), the skills and traits a player starts with, and the skill categories "
        "of his primary and secondary advancements."
    )
    for team in sorted(data.teams.values(), key=lambda t: t.label.en):
        page.heading(team.label.en, 2)
        facts = [
            f"Tier {team.tier}",
            f"team re-rolls {_gold(team.reroll_cost)} each",
            f"Apothecary: {'yes' if team.apothecary else 'no'}",
            f"leagues: {_names(data.leagues, team.leagues)}",
        ]
        if team.special_rules:
            facts.append(f"special rules: {_names(data.special_rules, team.special_rules)}")
        if team.favoured_of:
            facts.append(f"Favoured of: {_names(data.special_rules, team.favoured_of)}")
        if team.big_guy_limit is not None:
            facts.append(f"at most {team.big_guy_limit} Big Guys")
        page.para(f"*{escape(team.label.fr)}*. " + "; ".join(facts) + ".")
        rows = (
            [
                f"0-{position.max}",
                escape(position.label.en),
                _gold(position.cost),
                *_profile(position),
                _skills(data, position.skills),
                " ".join(position.primary),
                " ".join(position.secondary),
            ]
            for position in team.positions
        )
        page.table(
            ["Qty", "Position", "Cost", "MA", "ST", "AG", "PA", "AV", "Skills & traits", "Primary", "Secondary"], rows
        )


def _stars(page: Page, data: Any) -> None:
    page.heading("Star Players", 1)
    page.para(
        "Each Star Player as his card shows him: the fee for one match, the profile, the skills and traits, "
        "and the leagues and special rules of the teams he plays for."
    )
    rows = (
        [
            escape(star.label.en) + (" (Mega Star)" if star.mega_star else ""),
            _gold(star.cost),
            *_profile(star),
            _skills(data, star.skills),
            "any team" if "any" in star.plays_for else _names({**data.leagues, **data.special_rules}, star.plays_for),
            escape(data.stars[star.pair].label.en) if star.pair in data.stars else "—",
        ]
        for star in sorted(data.stars.values(), key=lambda s: s.label.en)
    )
    page.table(["Star Player", "Fee", "MA", "ST", "AG", "PA", "AV", "Skills & traits", "Plays for", "Hired with"], rows)


def _skill_lists(page: Page, data: Any) -> None:
    page.heading("Skills and traits", 1)
    page.para("The skills by category, in the order of the random skill tables; elite skills marked.")
    for category, label in data.categories.items():
        listed = sorted((s for s in data.skills.values() if s.category == category), key=lambda s: s.index)
        if not listed:
            continue
        page.heading(f"{label.en} ({category})", 2)
        page.table(
            ["", "Skill", "French", ""],
            ([str(s.index), escape(s.label.en), escape(s.label.fr), "elite" if s.elite else ""] for s in listed),
        )
    page.heading("Traits", 2)
    page.para("Traits come with a position or a Star Player; they are never learnt.")
    page.table(
        ["Trait", "French", ""],
        (
            [escape(t.label.en), escape(t.label.fr), "compulsory" if t.compulsory else ""]
            for t in sorted(data.traits.values(), key=lambda t: t.label.en)
        ),
    )


def render_bloodbowl(page: Page, pack: Any) -> None:
    """The Blood Bowl pack's data: rosters, Star Players, skills, then its other tables as every pack's."""
    data = pack.data
    _rosters(page, data)
    _stars(page, data)
    _skill_lists(page, data)
    others = {key: value for key, value in pack.tables.items() if key not in RENDERED}
    if others:
        page.heading("Other data tables", 1)
        page.para("The pack's other tables, as loaded from its TOML (``RulePack.tables``).")
        for key, value in others.items():
            page.heading(key, 2, literal=True)
            render_data(page, pack, value, 3)
