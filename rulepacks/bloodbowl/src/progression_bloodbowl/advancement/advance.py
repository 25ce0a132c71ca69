"""Spending Star Player Points: the four advancements, their procedures and the must-advance rule.

Each advancement is an upgrade of the pack whose procedure returns the effect: the
characteristic or skill gained, one more advancement, and a tag ``advancement.<n>``
naming what it was (``random_primary:dodge``, ``characteristic:ma``,
``characteristic:block`` for a skill taken instead of a characteristic). The
player's Current Value is read from those tags.
"""

from __future__ import annotations

import functools
from collections.abc import Generator, Sequence
from typing import cast

from progression import Dice, Effect, RulePack, Sheet
from progression.authoring import Choose, ProcedureContext, Roll
from progression.errors import (
    InsufficientPoints,
    InvalidInput,
    LimitReached,
    OutOfOrder,
    RequirementNotMet,
    UnknownName,
)
from progression.requirements import Context
from progression.spelling import closest, the_closest

from ..data.access import context_data, data_of, sheet_of
from ..data.model import CHARACTERISTICS, Data, Position, skill_index
from ..players.player import owns_skill, position_of, skill_bases
from ..team.sequence import check

__all__ = [
    "advance",
    "characteristic",
    "chosen_skill",
    "improvable",
    "known_position",
    "primary_categories",
    "primary_skills",
    "random_primary",
    "secondary_skills",
    "skill_index",
    "takeable",
]

ADVANCEMENTS = ("random_primary", "chosen_primary", "chosen_secondary", "characteristic")


def _context(ctx: ProcedureContext) -> tuple[RulePack, Data, Sheet]:
    pack = ctx.pack
    return pack, data_of(pack), ctx.sheet


def takeable(data: Data, player: Sheet, categories: Sequence[str], asked: str | None = None) -> tuple[str, ...]:
    """The skills of ``categories`` the player does not have yet, in table order; with ``asked`` (a quote's
    choice), that skill alone when it is one of them, found without listing the others."""
    owned = skill_bases(player)
    if asked is not None:
        skill = data.skills.get(asked)
        fits = skill is not None and skill.category in categories and asked.partition(":")[0] not in owned
        return (asked,) if fits else ()
    return tuple(skill for c in categories for skill, base in data._bases_of(c) if base not in owned)


def _position(data: Data, player: Sheet) -> Position | None:
    """The roster position of a player, or None for a sheet that has none (a Star Player): no options then,
    and the requirement ``known_position`` says why."""
    team = data.teams.get(player.tags.get("team", ""))
    return team.position(player.tags.get("position", "")) if team else None


def primary_categories(ctx: ProcedureContext) -> tuple[str, ...]:
    """Options of a random primary skill: the player's primary categories with a skill left to take (the
    category a quote asks about alone, when it is one)."""
    _, data, player = _context(ctx)
    position = _position(data, player)
    if position is None:
        return ()
    asked = position.primary if ctx.choice is None else [c for c in position.primary if c == ctx.choice]
    owned = skill_bases(player)  # once for every category: a quote lists the options each time
    return tuple(c for c in asked if not data._all_owned(c, owned))


def primary_skills(ctx: ProcedureContext) -> tuple[str, ...]:
    """Options of a chosen primary skill (the skill a quote asks about alone, when it is one)."""
    _, data, player = _context(ctx)
    position = _position(data, player)
    return takeable(data, player, position.primary, ctx.choice) if position else ()


def secondary_skills(ctx: ProcedureContext) -> tuple[str, ...]:
    """Options of a chosen secondary skill (the skill a quote asks about alone, when it is one)."""
    _, data, player = _context(ctx)
    position = _position(data, player)
    return takeable(data, player, position.secondary, ctx.choice) if position else ()


def _effect(
    player: Sheet, upgrade: str, what: str, stats: dict[str, int] | None = None, skill: str | None = None
) -> Effect:
    number = player.stats["advancements"] + 1
    return _made_effect(number, upgrade, what, tuple(stats.items()) if stats else (), skill)


@functools.lru_cache(maxsize=4096)
def _made_effect(number: int, upgrade: str, what: str, stats: tuple[tuple[str, int], ...], skill: str | None) -> Effect:
    """The effect of an advancement, made once per advancement and kept and shared (effects are
    immutable, and a league's players take the same advancements again and again)."""
    return Effect(
        stats={"advancements": 1, **dict(stats)},
        grants={skill: 1} if skill else {},
        tags={f"advancement.{number}": f"{upgrade}:{what}"},
    )


def chosen_skill(ctx: ProcedureContext) -> Effect:
    """A chosen primary or secondary skill: the choice, checked by the options, is added."""
    skill = ctx.choice or ""
    upgrade = "chosen_primary" if skill in primary_skills(ctx) else "chosen_secondary"
    return _effect(ctx.sheet, upgrade, skill, skill=skill)


def random_primary(ctx: ProcedureContext) -> Generator[Roll | Choose, object, Effect]:
    """Roll two skills on the table of the chosen primary category and keep one.

    Each skill is 2D6: the first die picks the half of the table, the second the row.
    A skill the player already has is rolled again (every roll is recorded). The same
    skill twice is imposed; otherwise the coach keeps one of the two.
    """
    _, data, player = _context(ctx)
    category = ctx.choice or ""
    table = data.table_of(category)
    owned = skill_bases(player)  # a skill of the table is open when the player has none of its kind
    name = data.categories[category].en
    kept: list[str] = []
    for which in ("first", "second"):
        again = ""  # a roll made again keeps its label (the ledger's), and the person rolling is told why
        while True:
            rolled = yield Roll(sides=6, count=2, label=f"{which} {name} skill", again=again)
            first, second = cast(tuple[int, int], rolled)
            row = table[skill_index(first, second) - 1]
            if row.id.partition(":")[0] not in owned:
                kept.append(row.id)
                break
            again = f"{row.label.en} is already owned"
    if kept[0] == kept[1]:
        choice = kept[0]
    else:
        choice = cast(str, (yield Choose(label="keep one of the two skills", options=tuple(kept))))
    return _effect(player, "random_primary", choice, skill=choice)


def improvable(data: Data, player: Sheet, characteristic: str) -> bool:
    """Whether a characteristic may still improve: fewer than two improvements, and not at its best."""
    if player.stats[f"{characteristic}_up"] >= data.rules.max_improvements:
        return False
    best, _ = data.rules.limits[characteristic]
    value = player.stats[characteristic]
    if characteristic == "pa" and value == 0:
        return True  # PA "-" improves to the value the tables give (see the rulings page)
    return value - 1 >= best if characteristic in ("ag", "pa") else value + 1 <= best


def _delta(data: Data, player: Sheet, characteristic: str) -> int:
    value = player.stats[characteristic]
    if characteristic == "pa" and value == 0:
        return data.rules.pa_none_improves_to
    return -1 if characteristic in ("ag", "pa") else 1


def characteristic(ctx: ProcedureContext) -> Generator[Roll | Choose, object, Effect]:
    """Roll a D8, then improve one characteristic its row allows, or take a chosen skill instead.

    The characteristics offered are those of the row that are still improvable; every
    primary and secondary skill the player lacks is offered too (the SPP stay spent).
    """
    _, data, player = _context(ctx)
    (roll,) = cast(tuple[int], (yield Roll(sides=8, label="characteristic improvement")))
    allowed = tuple(c for c in data.rules.d8[roll] if improvable(data, player, c))
    _, position = position_of(data, player)
    skills = takeable(data, player, (*position.primary, *position.secondary))
    if not allowed and not skills:
        msg = f"D8 {roll}: {player.name} can improve none of {', '.join(data.rules.d8[roll])} and has no skill left to take"
        raise LimitReached(upgrade="characteristic", reason=msg, head="The characteristic improvement cannot be used")
    shown = ", ".join(c.upper() for c in allowed) or "no characteristic"
    pick = cast(
        str, (yield Choose(label=f"D8 {roll}: improve {shown}, or take a skill instead", options=(*allowed, *skills)))
    )
    if pick in CHARACTERISTICS:
        return _effect(player, "characteristic", pick, stats={pick: _delta(data, player, pick), f"{pick}_up": 1})
    return _effect(player, "characteristic", pick, skill=pick)


def known_position(context: Context) -> tuple[str, ...]:
    """Unmet when the player died (he leaves the roster at step 4), when the sheet is not a player hired from a
    roster position (no skill access to read), or when his team's post-match sequence is past its advancements
    (step 3): every purchase of an advancement on a team's player, :func:`advance` or the command line's
    ``sheet buy --member``, keeps the sequence's order."""
    player = context.sheet
    if dead := _dead(player):
        return (dead,)
    team = player.tags.get("team", "")
    data = context_data(context)
    if team in data.teams and data.teams[team].position(player.tags.get("position", "")) is not None:
        return _in_order(context)
    if "star" in player.tags:
        return (f"{player.name} is a Star Player: Star Players receive no advancement",)
    return (
        f"{player.name or player.kind!r} is not a player of a roster position; make players with new.player or by hiring",
    )


def _dead(player: Sheet) -> str | None:
    """Why a dead player takes no advancement, or None for a living one. A Temporarily Retired player stays on the
    roster and keeps his SPP: the rules do not stop him spending them (see the rulings page)."""
    if "dead" not in player.tags:
        return None
    return (
        f"{player.name} is dead: a dead player takes no advancement, and leaves the roster when the post-match "
        "sequence removes the dead (step 4)"
    )


def _in_order(context: Context) -> tuple[str, ...]:
    """Unmet when the team the player belongs to stands past step 3 of a post-match sequence."""
    roster = context.roster
    if roster is None or roster.kind != "team" or context.pack is None:
        return ()
    try:
        check(context.pack, roster, "advancement")
    except OutOfOrder as refused:
        return (str(refused),)
    return ()


def _check(pack: RulePack, team: Sheet, member: str, upgrade: str, choice: str | None) -> None:
    """Refuse bad input with one clear sentence before the engine is asked."""
    if upgrade not in ADVANCEMENTS:
        raise UnknownName("advancement", upgrade, ADVANCEMENTS, "the bloodbowl pack")
    data = data_of(pack)
    player = team.member(member)
    if "star" in player.tags:
        raise RequirementNotMet(
            upgrade=upgrade,
            missing=[f"{player.name} is a Star Player: Star Players receive no advancement"],
            head=f"{pack.name_of(upgrade)} cannot be bought",
        )
    if dead := _dead(player):
        raise RequirementNotMet(upgrade=upgrade, missing=[dead], head=f"{pack.name_of(upgrade)} cannot be bought")
    _, position = position_of(data, player)
    who = f"{player.name} ({position.label.en})"
    if choice is None and upgrade != "characteristic":
        needed = "a primary skill category" if upgrade == "random_primary" else "a skill"
        msg = f"{upgrade.replace('_', ' ')} for {who} needs a choice: {needed} (choice=...)"
        raise InvalidInput(msg)
    if upgrade == "random_primary":
        if not isinstance(choice, str) or choice not in data.categories:
            shown = ", ".join(f"{c} ({label.en})" for c, label in data.categories.items())
            named = _category_names(pack)
            close = pack.closest(choice, named) if isinstance(choice, str) else []
            msg = f"random primary skill for {who}: expected a skill category, one of {shown}; got {choice!r}"
            # each by its form nearest what was typed, as the coach was writing it: General for Genral, G for Gx
            said = [next(iter(closest(choice, (c, *named[c]))), c) for c in close] if isinstance(choice, str) else []
            raise InvalidInput(msg + the_closest(said))
        if choice not in position.primary:
            missing = (
                f"category {data.categories[choice].en} ({choice}) is not primary for {who}; "
                f"primary: {', '.join(f'{data.categories[c].en} ({c})' for c in position.primary)}"
            )
            raise RequirementNotMet(
                upgrade=upgrade, missing=[missing], head=f"{pack.name_of(upgrade)} cannot be bought"
            )
    elif upgrade in ("chosen_primary", "chosen_secondary"):
        if not isinstance(choice, str) or choice not in data.skills:
            what = "a trait, which cannot be learned" if choice in data.traits else "not a skill of the pack"
            close = pack.closest(choice, tuple(data.skills)) if isinstance(choice, str) and what[0] == "n" else []
            msg = f"{upgrade.replace('_', ' ')}: {choice!r} is {what}{the_closest(close, aside=True)}"
            raise InvalidInput(msg)
        skill = data.skills[choice]
        cats = position.primary if upgrade == "chosen_primary" else position.secondary
        kind = "primary" if upgrade == "chosen_primary" else "secondary"
        if owns_skill(player, choice):
            raise RequirementNotMet(
                upgrade=upgrade,
                missing=[f"{who} already has {skill.label.en}"],
                head=f"{pack.name_of(upgrade)} cannot be bought",
            )
        if skill.category not in cats:
            missing = (
                f"{skill.label.en} is in the {data.categories[skill.category].en} category, not {kind} for {who}; "
                f"{kind}: {', '.join(data.categories[c].en for c in cats) or 'none'}"
            )
            raise RequirementNotMet(
                upgrade=upgrade, missing=[missing], head=f"{pack.name_of(upgrade)} cannot be bought"
            )
    quote = pack.quote(team, upgrade, choice=choice, member=member)
    if quote.price is not None and not quote.affordable:
        raise InsufficientPoints(
            upgrade=upgrade,
            needed=quote.price,
            available=quote.available,
            currency="spp",
            names=(quote.label, quote.currency_name),
        )


def advance(
    pack: RulePack,
    team: Sheet,
    member: str,
    upgrade: str,
    *,
    choice: str | None = None,
    dice: Dice | None = None,
    decisions: Sequence[str] = (),
) -> Sheet:
    """Buy an advancement for a member of ``team``: one entry on the team's ledger.

    Args:
        member: The member id of the player.
        upgrade: ``random_primary`` (choice: a category letter), ``chosen_primary`` or
            ``chosen_secondary`` (choice: a skill id), or ``characteristic``.
        dice: The dice the procedure rolls (scripted dice for physical ones).
        decisions: Answers to the procedure's questions, in order (the skill kept, the
            characteristic improved). Without them the purchase pauses; answer with
            ``pack.decide(team, answer, member=member)``.

    Raises:
        InvalidInput: ``team`` is not a team sheet of ``pack``.
        ProgressionError: an unknown skill or category, a category that is not primary,
            not enough SPP, a seventh advancement, dice out of range, or the post-match sequence past
            step 3 (a hire made, or the sequence ended); nothing is changed.
    """
    check(pack, sheet_of(team, "team", "the team of the player to advance", pack), "advancement")
    choice = _meant(pack, upgrade, choice)
    _check(pack, team, member, upgrade, choice)
    return pack.purchase(team, upgrade, choice=choice, member=member, dice=dice, decisions=decisions)


def _meant(pack: RulePack, upgrade: str, choice: str | None) -> str | None:
    """The skill or category a choice names, written as the book does (``Sneaky Git``, ``General``) or as
    its id in any case (``SNEAKY_GIT``, ``g``)."""
    if not isinstance(choice, str):
        return choice
    if upgrade == "random_primary":
        return pack.resolve(choice, _category_names(pack))
    if upgrade in ("chosen_primary", "chosen_secondary"):
        return pack.resolve(choice, tuple(data_of(pack).skills))
    return choice


def _category_names(pack: RulePack) -> dict[str, tuple[str, ...]]:
    """Each skill category's letter, and its names in the pack's languages (``G``: General, Générale)."""
    return {c: tuple(map(label.in_language, pack.languages)) for c, label in data_of(pack).categories.items()}
