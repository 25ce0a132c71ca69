"""Matched Play team building: a Team Draft List bought with gold and with the Skill Points of the roster's tier.

A Matched Play team is drafted like a league team (positions, staff, Dedicated Fans) on a
larger budget, and spends Skill Points as well: a Primary skill costs 1, a Secondary skill 2
(at most 1 to 4 of them by tier), a Star Player 2 on top of his gold (a pair is one choice,
a Mega-star 4). A player is given one extra skill at most, each elite skill is bought four
times at most in the team, and the skills bought add no value. Dedicated Fans start at 0, and
gold the list does not spend is lost.

:func:`~progression_bloodbowl.queries.quote_matched_play` checks a list before anything is built and names every rule it
breaks at once (:mod:`.quote`); :func:`draft_matched_play` builds the team as one
ledger entry, so ``progression.undo`` takes it back whole and ``replay(team.ledger) == team``.
"""

from __future__ import annotations

from collections.abc import Sequence

from progression import Effect, RulePack, Sheet, Work, operation
from progression.errors import InvalidInput
from progression.operations import Purchase

from ..data.access import choice_label, data_of, sheet_of, team_roster
from ..data.matched_play import INDUCEMENTS_TAG, POINTS_TAG, SKILLS_TAG
from ..data.reading import not_blank
from ..data.words import position_named, roster_named, skill_named
from ..inducements.order import Order, price_inducements
from ..inducements.stars import star_sheet
from ..players.player import YES
from ..team.roster import hire
from ..team.values import Explanation, Item, roster_order
from .quote import MatchedPlayQuote, Plan, order_text, plan

__all__ = ["MatchedPlayQuote", "draft_matched_play", "quote_matched_play", "skill_points"]


def _staff(
    rerolls: int, assistant_coaches: int, cheerleaders: int, apothecary: bool, dedicated_fans: int
) -> dict[str, object]:
    """The staff a list buys, by the upgrade that buys it (checked by the plan)."""
    return {
        "team_reroll": rerolls,
        "assistant_coach": assistant_coaches,
        "cheerleader": cheerleaders,
        "apothecary": apothecary,
        "dedicated_fan": dedicated_fans,
    }


def _players_named(pack: RulePack, roster: str, players: object) -> object:
    """The players of a list with each position and skill read from the words a person types (``("Wardancer",
    "Eli", "Esquive")`` for ``("wardancer", "Eli", "dodge")``); what is not of that shape as it came, for the
    plan to refuse."""
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        return players
    read: list[object] = []
    for entry in players:
        if isinstance(entry, str) or not isinstance(entry, Sequence) or len(entry) < 2:
            read.append(entry)
            continue
        position, name, *skills = entry
        read.append((position_named(pack, roster, position), name, *(skill_named(pack, s) for s in skills)))
    return read


def quote_matched_play(
    pack: RulePack,
    roster: str,
    players: Sequence[Sequence[str]],
    *,
    budget: int | None = None,
    stars: Sequence[str] = (),
    rerolls: int = 0,
    assistant_coaches: int = 0,
    cheerleaders: int = 0,
    apothecary: bool = False,
    dedicated_fans: int = 0,
    inducements: Order | None = None,
    league: str | None = None,
    favoured: str | None = None,
    captain: int | None = None,
    name: str = "",
) -> MatchedPlayQuote:
    """Check a Matched Play draft list before it is built: its gold, its Skill Points, every rule it breaks.

    Args:
        players: ``(position, name)``, or ``(position, name, skill)`` for a player given a skill; a position and a
            skill, like the roster, by its id or its displayed name in any of the pack's languages
            (``("Wardancer", "Eli", "Esquive")``), read once: the team drafted keeps the ids.
        budget: The Team Draft Budget (the first of the common budgets, 1,100,000, by default).
        stars: Star Player ids; a pair is named by one member or both.
        dedicated_fans: Extra Dedicated Fans bought (the team starts at 0).
        inducements: Other inducements bought for the list (no Star Players: they go in ``stars``).
        captain: For a Team Captain roster, the index in ``players`` of the captain, who gains Pro free.

    Raises:
        InvalidInput, UnknownName: input of the wrong shape, or a roster, position, skill or star that does not exist.
    """
    roster = roster_named(pack, roster)
    players = _players_named(pack, roster, players)  # type: ignore[assignment]  # texts read, anything else kept
    counts = _staff(rerolls, assistant_coaches, cheerleaders, apothecary, dedicated_fans)
    return plan(
        pack,
        roster,
        name,
        players,
        budget=budget,
        stars=stars,
        counts=counts,
        inducements=inducements,
        league=league,
        favoured=favoured,
        captain=captain,
    ).quote


def draft_matched_play(
    pack: RulePack,
    roster: str,
    name: str,
    players: Sequence[Sequence[str]],
    *,
    budget: int | None = None,
    stars: Sequence[str] = (),
    rerolls: int = 0,
    assistant_coaches: int = 0,
    cheerleaders: int = 0,
    apothecary: bool = False,
    dedicated_fans: int = 0,
    inducements: Order | None = None,
    league: str | None = None,
    favoured: str | None = None,
    captain: int | None = None,
) -> Sheet:
    """Draft a Matched Play team, as one ledger entry; the arguments are those of :func:`~progression_bloodbowl.queries.quote_matched_play`.

    The team is tagged ``matched_play`` (its budget) and ``drafted``; its Star Players are members
    tagged ``star``; gold the list does not spend is lost.

    Raises:
        RequirementNotMet, LimitReached, InsufficientPoints: the list breaks a rule; every rule it breaks is named.
        InvalidInput, UnknownName: as :func:`~progression_bloodbowl.queries.quote_matched_play`, or a blank name.
            Nothing is built.
    """
    not_blank(name, "a team's name")
    roster = roster_named(pack, roster)
    players = _players_named(pack, roster, players)  # type: ignore[assignment]  # texts read, anything else kept
    counts = _staff(rerolls, assistant_coaches, cheerleaders, apothecary, dedicated_fans)
    checked = plan(
        pack,
        roster,
        name,
        players,
        budget=budget,
        stars=stars,
        counts=counts,
        inducements=inducements,
        league=league,
        favoured=favoured,
        captain=captain,
    )
    checked.quote.raise_problems()
    return _draft_list(
        pack,
        checked.team,
        players=players,
        budget=budget,
        stars=stars,
        rerolls=rerolls,
        assistant_coaches=assistant_coaches,
        cheerleaders=cheerleaders,
        apothecary=apothecary,
        dedicated_fans=dedicated_fans,
        inducements=inducements,
        captain=captain,
    )


@operation("bloodbowl.matched_play_draft", kind="team", label=lambda op: "Matched Play draft list")
def _draft_list(
    work: Work,
    *,
    players: Sequence[Sequence[str]],
    budget: int | None,
    stars: Sequence[str],
    rerolls: int,
    assistant_coaches: int,
    cheerleaders: int,
    apothecary: bool,
    dedicated_fans: int,
    inducements: Order | None,
    captain: int | None,
) -> None:
    """Buy a Matched Play draft list on the team just created for it: the list is checked again and bought."""
    team = work.sheet
    counts = _staff(rerolls, assistant_coaches, cheerleaders, apothecary, dedicated_fans)
    checked = plan(
        work.pack,
        team.tags["team"],
        team.name,
        players,
        budget=budget,
        stars=stars,
        counts=counts,
        inducements=inducements,
        league=team.tags.get("league"),
        favoured=team.tags.get("favoured_of"),
        captain=captain,
    )
    checked.quote.raise_problems()
    _build(work, checked)


def _build(work: Work, checked: Plan) -> None:
    """Build the team of a checked plan: hires, skills, staff, stars, inducements, then the record and the lost gold."""
    pack = work.pack
    data = data_of(pack)
    worth = "to his value" if data.matched_play.skills_add_value else "no value"
    for n, pick in enumerate(checked.picks):
        member = str(n + 1)
        extra = ("pro",) if checked.captain == n else ()
        work.run(hire.operation(position=pick.position, name=pick.name, member=member, extra_skills=extra))  # type: ignore[attr-defined]
        if pick.bought:
            named = ", ".join(f"{data.skills[s].label.en} ({k})" for k, s in pick.bought)
            effect = Effect(
                grants=dict.fromkeys((s for _, s in pick.bought), 1),
                tags={SKILLS_TAG: ",".join(f"{k}:{s}" for k, s in pick.bought)},
            )
            adds = "it adds" if len(pick.bought) == 1 else "they add"
            reason = f"Matched Play: {named} bought with Skill Points; {adds} {worth}"
            work.adjust(effect, reason, member=member)
    for upgrade, times in checked.counts.items():
        for _ in range(times):
            work.run(Purchase(upgrade=upgrade))
    for group in checked.groups:
        cost = data.stars[group[0]].cost
        work.spend({"treasury": cost}, upgrade="matched_play_star", choice="+".join(group))
        for star in group:
            work.join(star, star_sheet(pack, star))
    text = order_text(checked.order)
    if text:
        cost = price_inducements(pack, work.sheet, checked.order).total
        work.spend({"treasury": cost}, upgrade="matched_play_inducements", choice=text)
    points = checked.quote.skill_points
    allowance = points.items[0].amount
    tags = {POINTS_TAG: str(allowance), "drafted": YES} | ({INDUCEMENTS_TAG: text} if text else {})
    reason = (
        f"Matched Play draft list complete: {allowance - points.total} of the {allowance} Skill Points"
        f" of a Tier {checked.quote.tier} team spent"
    )
    work.adjust(Effect(tags=tags), reason)
    left = work.sheet.pools["treasury"]
    if left:
        work.lose("treasury", left, f"Matched Play: {left:,} gold pieces not spent on the draft list are lost")


def skill_points(pack: RulePack, team: Sheet) -> Explanation:
    """The Skill Points of a Matched Play team: what its tier gave, then every skill and star they bought.

    Raises:
        InvalidInput: a team that was not drafted for Matched Play, or what is not a team sheet of ``pack``.
    """
    if POINTS_TAG not in sheet_of(team, "team", "the Matched Play team", pack).tags:
        msg = f"{team.name!r} was not drafted for Matched Play (draft_matched_play), so it has no Skill Points"
        raise InvalidInput(msg)
    data = data_of(pack)
    mp = data.matched_play
    roster = team_roster(data, team)
    items = [
        Item(
            label=f"Tier {roster.tier} team ({roster.label.en})",
            amount=int(team.tags[POINTS_TAG]),
            rule="Skill Points by tier",
        )
    ]
    groups = []
    for member, player in roster_order(team):
        for entry in filter(None, player.tags.get(SKILLS_TAG, "").split(",")):
            kind, _, skill = entry.partition(":")
            cost = mp.primary_cost if kind == "primary" else mp.secondary_cost
            label = f"#{member} {player.name}: {data.name(skill).en}"
            items.append(
                Item(
                    label=label,
                    amount=-cost,
                    rule=f"a {kind.title()} skill costs {cost} Skill Point{'' if cost == 1 else 's'}",
                )
            )
        if "star" in player.tags:
            group = tuple(sorted((member, player.tags["pair"]))) if "pair" in player.tags else (member,)
            if group not in groups:
                groups.append(group)
    for group in groups:
        star = data.stars[group[0]]
        cost, what = (mp.mega_star_cost, "a Mega-star") if star.mega_star else (mp.star_cost, "a Star Player")
        items.append(
            Item(
                label=choice_label(data, group),
                amount=-cost,
                rule=f"{what} costs {cost} Skill Points as well as his gold",
            )
        )
    return Explanation(what=f"Skill Points left to {team.name}", items=tuple(items))
