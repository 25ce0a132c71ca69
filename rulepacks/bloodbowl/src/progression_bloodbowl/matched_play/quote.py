"""The check of a Matched Play draft list: what it costs in gold and Skill Points, and every rule it breaks.

Input of the wrong shape (an unknown position, skill or star, a negative count) is refused at
once; every rule of the draft is checked and named together in a :class:`MatchedPlayQuote`,
so a list can be checked before anything is built (:mod:`progression_bloodbowl.matched_play.draft` builds it).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from progression import RulePack, Sheet
from progression.errors import (
    InsufficientPoints,
    InvalidInput,
    LimitReached,
    PurchaseError,
    RequirementNotMet,
    UnknownName,
)
from progression.operations import Create, start_sheet

from ..data.access import choice_label, data_of, roster_called, team_roster
from ..data.matched_play import BUDGET_TAG
from ..data.model import Data, Team
from ..data.reading import natural, not_blank
from ..data.words import a_or_an
from ..inducements.order import Order, price_inducements
from ..inducements.stars import choices, star_eligibility
from ..team.roster import captain_refused, create_team
from ..team.values import Explanation, Item

__all__ = ["STAFF", "MatchedPlayQuote", "Pick", "Plan", "order_text", "plan"]

#: The draft's purchases of staff, by upgrade id (the id of the staff in teams.toml second).
STAFF = (
    ("team_reroll", "reroll"),
    ("assistant_coach", "assistant_coach"),
    ("cheerleader", "cheerleader"),
    ("apothecary", "apothecary"),
)


@attrs.frozen(kw_only=True)
class MatchedPlayQuote:
    """What a Matched Play draft list costs in gold and Skill Points, and every rule it breaks."""

    roster: str
    tier: int
    budget: int
    #: The gold the list spends, line by line.
    gold: Explanation
    #: The tier's Skill Points, then each purchase as a negative line: the total is what is left.
    skill_points: Explanation
    #: Requirements unmet (a skill out of the player's categories, a star who does not play for the team).
    unmet: tuple[str, ...] = ()
    #: Limits passed (gold, Skill Points, Secondary skills, elite skills, stars, positions, staff).
    over: tuple[str, ...] = ()

    @property
    def problems(self) -> tuple[str, ...]:
        """Every rule the list breaks, requirements first."""
        return (*self.unmet, *self.over)

    @property
    def ok(self) -> bool:
        """Whether the list may be drafted as it is."""
        return not self.problems

    @property
    def gold_left(self) -> int:
        """Gold the list does not spend: lost when the team is drafted."""
        return self.budget - self.gold.total

    def raise_problems(self) -> None:
        """Raise the refusal, naming every problem; nothing when the list is fine.

        Raises:
            InsufficientPoints: the list is over its budget and breaks no other rule.
            RequirementNotMet: a requirement is unmet (every other problem is named with it).
            LimitReached: limits only.
        """
        head = "This Matched Play team is refused"
        if self.unmet:
            raise RequirementNotMet(upgrade="matched_play", missing=self.problems, head=head)
        if len(self.over) == 1 and self.gold_left < 0:
            names = ("This Matched Play draft list", "gold pieces")
            raise InsufficientPoints(
                upgrade="matched_play",
                needed=self.gold.total,
                available=self.budget,
                currency="gold",
                names=names,
                unit="gp",
            )
        if self.over:
            raise LimitReached(upgrade="matched_play", reason="; ".join(self.over), head=head)


@attrs.frozen(kw_only=True)
class Pick:
    """A player of the list: position, name, and each skill bought as ``(kind, skill)``.

    ``kind`` is ``primary`` or ``secondary``, ``owned`` for a skill the player has already,
    ``closed`` for one out of his categories.
    """

    position: str
    name: str
    bought: tuple[tuple[str, str], ...] = ()


def _picks(data: Data, roster: Team, players: Sequence[Sequence[str]], captain: int | None) -> list[Pick]:
    """The players as read from ``(position, name, skill, ...)``; a bad shape or an unknown name raises."""
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        msg = f"the players of the list are a list of (position, name) or (position, name, skill), got {players!r:.60}"
        raise InvalidInput(msg)
    picks = []
    for n, entry in enumerate(players):
        if (
            isinstance(entry, str)
            or not isinstance(entry, Sequence)
            or len(entry) < 2
            or not all(isinstance(x, str) for x in entry)
        ):
            msg = f"player {n + 1} of the list is (position, name) or (position, name, skill), got {entry!r:.60}"
            raise InvalidInput(msg)
        position_id, name, *skills = entry
        not_blank(name, f"the name of player {n + 1} of the list ({position_id})")
        position = roster.position(position_id)
        if position is None:
            raise UnknownName(
                "position", position_id, [p.id for p in roster.positions], f"the {roster.label.en} roster"
            )
        owned = {s.partition(":")[0] for s in position.skills} | ({"pro"} if captain == n else set())
        bought = []
        for skill in skills:
            if skill not in data.skills:
                where = (
                    "the skills of the pack (traits are never bought)"
                    if skill in data.traits
                    else "the skills of the pack"
                )
                raise UnknownName("skill", skill, data.skills, where)
            category = data.skills[skill].category
            kind = (
                "owned"
                if skill in owned
                else "primary"
                if category in position.primary
                else "secondary"
                if category in position.secondary
                else "closed"
            )
            bought.append((kind, skill))
            owned.add(skill)
        picks.append(Pick(position=position_id, name=name, bought=tuple(bought)))
    return picks


def _check_players(data: Data, roster: Team, picks: list[Pick], places: int, unmet: list[str], over: list[str]) -> None:
    """Players on the list (stars' places included), positions, and the skills bought."""
    rules, mp = data.rules, data.matched_play
    listed = len(picks) + places
    if listed < rules.min_players:
        unmet.append(
            f"a Matched Play team lists at least {rules.min_players} players, Star Players included; got {listed}"
        )
    if listed > rules.max_players:
        over.append(f"a roster holds at most {rules.max_players} players, Star Players included; got {listed}")
    for position in roster.positions:
        count = sum(1 for p in picks if p.position == position.id)
        if count > position.max:
            over.append(f"{a_or_an(roster.label.en)} team has at most {position.max} {position.label.en}, got {count}")
    if roster.big_guy_limit is not None:
        big = sum(1 for p in picks if (pos := roster.position(p.position)) and pos.big_guy)
        if big > roster.big_guy_limit:
            over.append(f"{a_or_an(roster.label.en)} team has at most {roster.big_guy_limit} Big Guy(s), got {big}")
    secondary, elite = 0, dict.fromkeys(rules.value.elite, 0)
    for n, pick in enumerate(picks):
        who = f"#{n + 1} {pick.name}"
        if mp.one_skill_per_player and len(pick.bought) > 1:
            over.append(f"{who} is given {len(pick.bought)} skills; a player is given one extra skill at most")
        spec = roster.position(pick.position)
        for kind, skill in pick.bought:
            label = data.skills[skill].label.en
            if kind == "owned":
                unmet.append(f"{who} has {label} already")
            elif kind == "closed" and spec is not None:
                access = f"primary {''.join(spec.primary)}, secondary {''.join(spec.secondary) or '-'}"
                category = data.categories[data.skills[skill].category].en
                unmet.append(f"{who} ({spec.label.en}) may not take {label}, {a_or_an(category)} skill ({access})")
            secondary += kind == "secondary"
            if skill in elite:
                elite[skill] += 1
    tier = roster.tier
    if secondary > mp.max_secondary[tier]:
        over.append(f"a Tier {tier} team buys at most {mp.max_secondary[tier]} Secondary skill(s), got {secondary}")
    for skill, count in elite.items():
        if count > mp.max_each_elite:
            label = data.skills[skill].label.en
            over.append(f"{label} is an elite skill, bought at most {mp.max_each_elite} times in a team; got {count}")


def _staff_lines(data: Data, roster: Team, counts: dict[str, int], unmet: list[str], over: list[str]) -> list[Item]:
    """Re-rolls, staff and Dedicated Fans: their lines of gold, their maxima, the Apothecary's roster."""
    items = []
    for upgrade, ident in STAFF:
        staff, count = data.rules.staff[ident], counts[upgrade]
        if count > staff.max:
            over.append(f"a team has at most {staff.max} {staff.label.en}, got {count}")
        if count:
            cost = roster.reroll_cost if ident == "reroll" else staff.cost or 0
            items.append(
                Item(label=f"{count} {staff.label.en}", amount=count * cost, rule=f"{cost:,} each at the draft")
            )
    if counts["apothecary"] and not roster.apothecary:
        unmet.append(f"{a_or_an(roster.label.en)} team may not hire an Apothecary")
    fans, extra = data.rules.fans, counts["dedicated_fan"]
    most = fans["max_at_draft"] - data.matched_play.dedicated_fans_start
    if extra > most:
        over.append(f"a team buys at most {most} extra Dedicated Fans at the draft, got {extra}")
    if extra:
        cost = fans["cost_per_point"]
        items.append(
            Item(label=f"{extra} extra Dedicated Fan(s)", amount=extra * cost, rule=f"{cost:,} each at the draft")
        )
    return items


def _star_lines(
    pack: RulePack, team: Sheet, groups: list[tuple[str, ...]], unmet: list[str], over: list[str]
) -> tuple[list[Item], list[Item]]:
    """The stars' gold and Skill Points; the tier's star limit, the Mega-star limit, who plays for the team."""
    data = data_of(pack)
    mp, tier = data.matched_play, team_roster(data, team).tier
    gold, points = [], []
    for group in groups:
        star, label = data.stars[group[0]], choice_label(data, group)
        gold.append(Item(label=label, amount=star.cost, rule="one price for the pair" if star.pair else "Star Player"))
        cost, what = (mp.mega_star_cost, "a Mega-star") if star.mega_star else (mp.star_cost, "a Star Player")
        what += " (a pair is one choice)" if star.pair else ""
        points.append(Item(label=label, amount=-cost, rule=f"{what} costs {cost} Skill Points as well as his gold"))
        unmet.extend(r for s in group for r in star_eligibility(pack, team, s))
    if len(groups) > mp.max_stars[tier]:
        over.append(
            f"a Tier {tier} team takes at most {mp.max_stars[tier]} Star Player(s) (a pair is one), got {len(groups)}"
        )
    megas = [choice_label(data, g) for g in groups if data.stars[g[0]].mega_star]
    if len(megas) > mp.max_mega_stars:
        over.append(f"a team takes at most {mp.max_mega_stars} Mega-star, got {len(megas)}: {', '.join(megas)}")
    return gold, points


def order_text(order: Order) -> str:
    """The inducements of ``order`` other than stars, as one text: ``bribe*2;wizard:sports_wizard``."""
    parts = [f"{k}*{v}" for k, v in order.items.items() if v]
    parts += [f"wizard:{w}" for w in order.wizards] + [f"mercenary:{m}" for m in order.mercenaries]
    return ";".join(parts)


def _inducement_lines(
    pack: RulePack, team: Sheet, order: Order, stars: Sequence[str], unmet: list[str], over: list[str]
) -> list[Item]:
    """Inducements bought for the list (the reference's Matched Play: bought, not paid by petty cash)."""
    if not isinstance(order, Order):
        msg = f"the inducements of the list are an inducements Order, got {type(order).__name__}"
        raise InvalidInput(msg)
    if order.stars:
        msg = "Star Players are named with stars=..., not in the inducements Order: they cost Skill Points as well"
        raise InvalidInput(msg)
    data = data_of(pack)
    table = data.inducements.items
    for ident, count in order.items.items():
        barred = table[ident].excludes_star if ident in table else None
        if count and barred is not None and barred in stars:
            name, label = data.stars[barred].label.en, table[ident].label.en
            unmet.append(f"a team that hires {name} as {label} cannot also take him as a Star Player")
    try:
        return list(price_inducements(pack, team, order).items)
    except PurchaseError as refused:
        (unmet if isinstance(refused, RequirementNotMet) else over).extend(refused.violations)
        return []


def _skill_lines(data: Data, picks: list[Pick]) -> list[Item]:
    """The Skill Points of the skills bought, one negative line each (a skill the player may not take costs none)."""
    mp, items = data.matched_play, []
    for n, pick in enumerate(picks):
        for kind, skill in pick.bought:
            if kind in ("primary", "secondary"):
                cost = mp.primary_cost if kind == "primary" else mp.secondary_cost
                label = f"#{n + 1} {pick.name}: {data.skills[skill].label.en}"
                rule = f"a {kind.title()} skill costs {cost} Skill Point{'' if cost == 1 else 's'}"
                items.append(Item(label=label, amount=-cost, rule=rule))
    return items


@attrs.frozen(kw_only=True)
class Plan:
    """A checked draft list: its quote, the empty team it starts from, and what to buy."""

    quote: MatchedPlayQuote
    team: Sheet
    picks: list[Pick]
    groups: list[tuple[str, ...]]
    order: Order
    counts: dict[str, int]
    captain: int | None


def plan(
    pack: RulePack,
    roster_id: str,
    name: str,
    players: Sequence[Sequence[str]],
    *,
    budget: int | None,
    stars: Sequence[str],
    counts: dict[str, object],
    inducements: Order | None,
    league: str | None,
    favoured: str | None,
    captain: int | None,
) -> Plan:
    """Check a draft list (the arguments of :func:`~progression_bloodbowl.matched_play.draft.quote_matched_play`)
    and plan its purchases."""
    data = data_of(pack)
    mp = data.matched_play
    budget = mp.common_budgets[0] if budget is None else budget
    if isinstance(budget, bool) or not isinstance(budget, int) or budget <= 0:
        common = ", ".join(f"{b:,}" for b in mp.common_budgets)
        msg = f"a Matched Play budget is a whole number of gold pieces > 0 (most events use {common}), got {budget!r}"
        raise InvalidInput(msg)
    checked = {k: natural(int(v) if isinstance(v, bool) else v, k.replace("_", " ")) for k, v in counts.items()}
    roster = roster_called(data, roster_id)
    # A quote may leave the team unnamed (``name=""``): it is "this Human team" (a draft names it: draft_matched_play).
    name = name or f"this {roster.label.en} team"
    base = create_team(pack, roster_id, name, treasury=budget, league=league, favoured=favoured)
    tags = {**base.tags, BUDGET_TAG: str(budget)}
    # The creation itself, not pack.new_sheet: a Matched Play team has no Dedicated Fans, under the minimum of 1
    # a league team keeps, and new_sheet refuses a caller's start outside a stat's range.
    creation = Create(
        kind="team",
        name=name,
        pools={"treasury": budget},
        stats={"dedicated_fans": mp.dedicated_fans_start},
        tags=tags,
    )
    team = start_sheet(pack, creation)
    captain_rule = "team_captain" in roster.special_rules
    if captain is not None and (
        isinstance(captain, bool) or not isinstance(captain, int) or not 0 <= captain < len(players)
    ):
        msg = f"captain is the index of a player of the list (0 to {len(players) - 1}), got {captain!r:.60}"
        raise InvalidInput(msg)
    picks = _picks(data, roster, players, captain if captain_rule else None)
    if captain_rule and captain is not None:
        chosen = roster.position(picks[captain].position)
        if chosen is not None and (refused := captain_refused(chosen)) is not None:
            msg = f"player {captain + 1} of the list cannot be the captain: {refused}"
            raise InvalidInput(msg)
    if isinstance(stars, str | bytes) or not isinstance(stars, Sequence):
        msg = f"stars is a list of Star Player ids, got {stars!r:.60}"
        raise InvalidInput(msg)
    groups = choices(data, stars)
    order = Order() if inducements is None else inducements
    unmet: list[str] = []
    over: list[str] = []
    _check_players(data, roster, picks, sum(len(g) for g in groups), unmet, over)
    hired = [(n, p, roster.position(p.position)) for n, p in enumerate(picks)]
    gold = [
        Item(label=f"#{n + 1} {p.name}: {pos.label.en}", amount=pos.cost, rule="hiring fee (roster cost)")
        for n, p, pos in hired
        if pos is not None
    ]
    gold += _staff_lines(data, roster, checked, unmet, over)
    star_gold, star_points = _star_lines(pack, team, groups, unmet, over)
    gold += star_gold + _inducement_lines(pack, team, order, [s for g in groups for s in g], unmet, over)
    allowance = mp.skill_points[roster.tier]
    points = [Item(label=f"Tier {roster.tier} team ({roster.label.en})", amount=allowance, rule="Skill Points by tier")]
    points += _skill_lines(data, picks) + star_points
    points_left = sum(i.amount for i in points)
    if points_left < 0:
        over.append(
            f"the list spends {allowance - points_left} Skill Points; a Tier {roster.tier} team has {allowance}"
        )
    total = sum(i.amount for i in gold)
    if total > budget:
        over.append(f"the list costs {total:,} gold pieces; the budget is {budget:,}")
    quote = MatchedPlayQuote(
        roster=roster_id,
        tier=roster.tier,
        budget=budget,
        gold=Explanation(what=f"gold spent by {team.name}", items=tuple(gold)),
        skill_points=Explanation(what="Skill Points left", items=tuple(points)),
        unmet=tuple(dict.fromkeys(unmet)),
        over=tuple(over),
    )
    return Plan(
        quote=quote,
        team=team,
        picks=picks,
        groups=groups,
        order=order,
        counts=checked,
        captain=captain if captain_rule else None,
    )
