"""Inducements for one match: one validation for all of them, the budget, and what each team fielded.

Every inducement of ``inducements.toml`` is checked the same way: its maximum, its cost
(cheaper or more plentiful for some special rules or rosters), and who may take it (a
special rule, a roster that may hire an Apothecary). Star Players and Wizards add their
own rules (:mod:`~progression_bloodbowl.inducements.stars`, :mod:`~progression_bloodbowl.inducements.wizards`);
Mercenaries cost their position's price
plus a surcharge, and a Primary skill more.

The money, as the reference's League Play rules say: the team with the lower Current
Team Value gets *petty cash*, the CTV difference plus what the other team spent from its
treasury, and may add up to 50,000 from its own treasury; petty cash not spent is lost.
The higher-CTV team may spend its treasury; at equal CTV neither may. :func:`induce` pays
petty cash first, then the treasury, and records on the team one ledger entry: the
payment, the stars who join, and what was fielded (tags ``induced.*``), which
:func:`release` reads back when the match's outcome is recorded.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from progression import Effect, RulePack, Sheet, Work, operation
from progression.errors import (
    InsufficientPoints,
    InvalidInput,
    LimitReached,
    RequirementNotMet,
    Sentence,
    UnknownName,
    Way,
)

from ..data.access import choice_label, data_of, sheet_of, team_roster
from ..data.inducements import PRICED_BY, Inducement
from ..data.matched_play import BUDGET_TAG
from ..data.model import Data
from ..data.reading import natural
from ..data.words import a_or_an
from ..team.results import match_number, season_matches, season_of
from ..team.sequence import check_ended
from ..team.values import Explanation, Item, current_team_value
from .stars import affiliations, check_stars, choices, is_star, star_sheet
from .wizards import check_wizards

__all__ = [
    "GOLD_LIMIT",
    "Budget",
    "Order",
    "held_inducements",
    "induce",
    "inducement_budget",
    "match_notes",
    "price_inducements",
    "release",
    "spent_from_treasury",
]


#: The most gold a budget reads (an opponent's CTV, what it spent from its treasury): no team comes near it. Sixteen
#: players at the dearest position with six of the dearest advancements each, eight re-rolls and all the staff
#: stay under 10,000,000 gp (the suite checks it against the data).
GOLD_LIMIT = 20_000_000


def _frozen(value: Mapping[str, int]) -> Mapping[str, int]:
    return dict(value)


@attrs.frozen(kw_only=True)
class Order:
    """What a team induces for one match."""

    #: Inducement id -> how many (``bribe``: 2); stars, wizards and mercenaries have their own fields.
    items: Mapping[str, int] = attrs.field(factory=dict, converter=_frozen)
    #: Star ids; a pair is named by one member or both.
    stars: tuple[str, ...] = ()
    #: Wizard ids (at most one may be hired).
    wizards: tuple[str, ...] = ()
    #: Mercenaries by position id of the team's roster, ``position:skill`` for one with an extra Primary skill.
    mercenaries: tuple[str, ...] = ()


@attrs.frozen(kw_only=True)
class Budget:
    """What a team may spend on inducements for one match."""

    ctv: int
    opponent_ctv: int
    #: Gold for this match only; what is not spent is lost.
    petty_cash: int
    #: The most the team may take from its treasury.
    treasury: int
    explanation: Explanation


def inducement_budget(pack: RulePack, team: Sheet, opponent_ctv: int, *, opponent_spent: int = 0) -> Budget:
    """The petty cash and treasury a team may spend, from both teams' CTV.

    Args:
        opponent_ctv: The opponent's Current Team Value before inducements.
        opponent_spent: Gold the opponent (the higher-CTV team, who chooses first) took from its treasury.

    Raises:
        InvalidInput: an amount below 0 or above ``GOLD_LIMIT`` (20,000,000), or treasury spent by an opponent that gets
            petty cash itself.
    """
    natural(opponent_ctv, "opponent CTV", most=GOLD_LIMIT)
    natural(opponent_spent, "gold the opponent spent from its treasury", most=GOLD_LIMIT)
    top_up = data_of(pack).inducements.petty_cash_top_up
    ctv = current_team_value(pack, team).total
    held = team.pools["treasury"]
    if ctv < opponent_ctv:
        items = [
            Item(label=f"CTV difference {opponent_ctv:,} - {ctv:,}", amount=opponent_ctv - ctv, rule="petty cash"),
            Item(label="gold the opponent spent from its treasury", amount=opponent_spent, rule="petty cash"),
        ]
        explanation = Explanation(what=f"petty cash of {team.name}", items=tuple(items))
        return Budget(
            ctv=ctv,
            opponent_ctv=opponent_ctv,
            petty_cash=explanation.total,
            treasury=min(top_up, held),
            explanation=explanation,
        )
    if opponent_spent:
        msg = f"{team.name} has the higher CTV ({ctv:,} against {opponent_ctv:,}): it chooses first, so the opponent has spent nothing yet"
        raise InvalidInput(msg)
    rule = "higher CTV: no petty cash, the treasury pays" if ctv > opponent_ctv else "equal CTV: neither team spends"
    explanation = Explanation(what=f"petty cash of {team.name}", items=(Item(label=rule, amount=0, rule="petty cash"),))
    return Budget(
        ctv=ctv,
        opponent_ctv=opponent_ctv,
        petty_cash=0,
        treasury=held if ctv > opponent_ctv else 0,
        explanation=explanation,
    )


def _terms(data: Data, team: Sheet, inducement: Inducement) -> tuple[int, int, str]:
    """(maximum, cost, why) of an inducement for this team."""
    maximum, cost, why = inducement.max, inducement.cost, ""
    own = affiliations(data, team)
    for rule, terms in inducement.special_rule_overrides.items():
        if rule in own:
            maximum = terms.max if terms.max is not None else maximum
            cost = terms.cost if terms.cost is not None else cost
            why = f" ({data.special_rules[rule].en})"
    roster = team.tags["team"]
    if roster in inducement.team_overrides:
        terms = inducement.team_overrides[roster]
        maximum = terms.max if terms.max is not None else maximum
        cost = terms.cost if terms.cost is not None else cost
        why = f" ({data.teams[roster].label.en} team)"
    return maximum, cost, why


def _check_item(data: Data, team: Sheet, ident: str, count: object, order: Order) -> Item:
    table = data.inducements.items
    if ident not in table or ident in PRICED_BY:  # stars, wizards and mercenaries: their own fields of an Order
        plain = [k for k in table if k not in PRICED_BY]
        where = "the inducements (stars, wizards and mercenaries are ordered by their own fields)"
        raise UnknownName("inducement", ident, plain, where)
    number = natural(count, f"the number of {ident}")
    inducement = table[ident]
    label = inducement.label.en
    maximum, cost, why = _terms(data, team, inducement)
    if number > maximum:
        reason = f"a team induces at most {maximum} {label}{why}, asked for {number}"
        raise LimitReached(upgrade=ident, reason=reason, head=f"Inducing {number} {label} is refused")
    roster = team_roster(data, team)
    if inducement.requires is not None and inducement.requires not in affiliations(data, team):
        needed = data.special_rules[inducement.requires].en
        missing = [f"{label} is for {needed} teams; {team.name} is not one"]
        raise RequirementNotMet(upgrade=ident, missing=missing, head=f"Inducing {label} is refused")
    if inducement.requires_team_apothecary and not roster.apothecary:
        raise RequirementNotMet(
            upgrade=ident,
            missing=[f"{label}: {a_or_an(roster.label.en)} team may not hire an Apothecary"],
            head=f"Inducing {label} is refused",
        )
    barred = inducement.excludes_star
    if barred and number and (barred in order.stars or barred in team.members):
        star = data.stars[barred].label.en
        missing = [f"a team that hires {star} as {label} cannot also hire him as a Star Player"]
        raise RequirementNotMet(upgrade=ident, missing=missing, head=f"Inducing {label} is refused")
    return Item(label=f"{number} x {label}", amount=number * cost, rule=f"{cost:,} each{why}")


def _mercenaries(data: Data, team: Sheet, order: Order) -> list[Item]:
    terms = data.inducements.items["mercenary_players"]
    if len(order.mercenaries) > terms.max:
        reason = f"a team induces at most {terms.max} Mercenary Players, asked for {len(order.mercenaries)}"
        raise LimitReached(upgrade="mercenary_players", reason=reason, head="Hiring these Mercenary Players is refused")
    roster = team_roster(data, team)
    items = []
    for entry in order.mercenaries:
        position_id, _, skill = entry.partition(":")
        position = roster.position(position_id)
        if position is None:
            raise UnknownName(
                "position", position_id, [p.id for p in roster.positions], f"the {roster.label.en} roster"
            )
        cost, rule = position.cost + terms.surcharge, f"{position.cost:,} + {terms.surcharge:,} surcharge"
        if skill:
            found = data.skills.get(skill)
            if found is None or found.category not in position.primary or skill in position.skills:
                missing = [f"a Mercenary {position.label.en} may buy one Primary skill he lacks, not {skill!r}"]
                raise RequirementNotMet(
                    upgrade="mercenary_players", missing=missing, head="Hiring these Mercenary Players is refused"
                )
            cost += terms.extra_primary_skill_cost
            rule += f" + {terms.extra_primary_skill_cost:,} for {found.label.en}"
        items.append(Item(label=f"Mercenary {position.label.en}", amount=cost, rule=rule))
    return items


def price_inducements(pack: RulePack, team: Sheet, order: Order) -> Explanation:
    """Check every inducement of ``order`` for ``team`` and price it, line by line.

    Raises:
        ProgressionError: an unknown inducement, more than its maximum, one the team may not take;
            the Star Player rules (two choices, 16 places, plays for) and the Wizard rules (one, works for).
    """
    if not isinstance(order, Order):
        msg = f"expected an inducements Order, got {type(order).__name__}"
        raise InvalidInput(msg)
    data = data_of(pack)
    items = [_check_item(data, team, ident, count, order) for ident, count in order.items.items() if count]
    for group in check_stars(pack, team, order.stars):
        star = data.stars[group[0]]
        rule = "one price for the pair" if star.pair else "Star Player"
        items.append(Item(label=choice_label(data, group), amount=star.cost, rule=rule))
    wizard = check_wizards(pack, team, order.wizards)
    if wizard is not None:
        rule = "Wizard" + (f", from {wizard.edition}, not confirmed for BB2025" if wizard.older else "")
        items.append(Item(label=wizard.label.en, amount=wizard.cost, rule=rule))
    items.extend(_mercenaries(data, team, order))
    return Explanation(what=f"inducements of {team.name}", items=tuple(items))


def _fielded_tags(data: Data, order: Order) -> dict[str, str]:
    tags = {}
    if any(order.items.values()):  # an item asked 0 times is not fielded
        tags["induced.items"] = ",".join(f"{k}*{v}" for k, v in order.items.items() if v)
    if order.stars:
        tags["induced.stars"] = ",".join("+".join(g) for g in choices(data, order.stars))
    if order.wizards:
        tags["induced.wizard"] = order.wizards[0]
    if order.mercenaries:
        tags["induced.mercenaries"] = ",".join(order.mercenaries)
    return tags


@operation("bloodbowl.induce", kind="team", label=lambda op: f"match {op.match}: inducements")
def induce(work: Work, order: Order, money: Budget, *, match: int) -> None:
    """Hire ``order`` for match ``match``: petty cash first, then the treasury; one ledger entry.

    Raises:
        InsufficientPoints: the treasury part is more than the budget allows.
        InvalidInput: an order of nothing (petty cash not spent is lost without an entry), the team already holds
            inducements (record that match's outcome first), or match ``match`` is already recorded this season
            (inducements are bought before their match).
        OutOfOrder: the post-match sequence of the team's last match is still open (Expensive Mistakes, step 5,
            not reached): inducements are bought after it, with the treasury it leaves.
        ProgressionError: anything :func:`~progression_bloodbowl.queries.price_inducements` refuses. Nothing is changed.
    """
    pack, team = work.pack, work.sheet
    match_number(match, "match number")
    _check_to_come(team, match)
    if "induced.match" in team.tags:
        msg = f"{team.name} already holds inducements for match {team.tags['induced.match']}; record its outcome first"
        raise InvalidInput(msg)
    data = data_of(pack)
    bill = price_inducements(pack, team, order)
    if not bill.items:
        raise InvalidInput(_nothing_ordered(data, team, money, match))
    total = bill.total
    petty = min(total, money.petty_cash)
    from_treasury = total - petty
    if from_treasury > money.treasury:
        available = money.petty_cash + money.treasury
        names = ("This order of inducements", pack.name_of("gold").lower())
        raise InsufficientPoints(
            upgrade="inducements",
            needed=total,
            available=available,
            currency="gold",
            names=names,
            unit=pack.currencies["gold"].unit,
        )
    lost = money.petty_cash - petty
    tags = {
        "induced.match": str(match),
        "induced.total": str(total),
        "induced.petty_cash": str(petty),
        "induced.treasury": str(from_treasury),
        **_fielded_tags(data, order),
    }
    lines = "; ".join(f"{i.label} {i.amount:,}" for i in bill.items)
    reason = (
        f"match {match}: inducements {lines}; total {total:,} = {petty:,} petty cash + {from_treasury:,} treasury"
        + (f"; {lost:,} petty cash unspent, lost" if lost else "")
    )
    work.spend({"treasury": from_treasury}, upgrade="inducements", choice=f"match {match}")
    for group in choices(data, order.stars):
        for star in group:
            work.join(star, star_sheet(pack, star))
    work.adjust(Effect(tags=tags), reason)


def _nothing_ordered(data: Data, team: Sheet, money: Budget, match: int) -> Sentence:
    """Why an order of nothing is refused, with what can be ordered: the rules record no "no inducements" (petty
    cash not spent is lost, and it was never in the treasury), and an entry would hold the match's one order."""
    spent = money.petty_cash - (money.opponent_ctv - money.ctv) if money.ctv < money.opponent_ctv else 0
    options = f"match={match} opponent_ctv={money.opponent_ctv}" + (f" opponent_spent={spent}" if spent else "")
    order = Way(
        python="Order(items={ID: COUNT}, stars=(...), wizards=(...), mercenaries=(...))",
        command="sheet do",
        args=f"induce {options} items=ID*COUNT stars=... wizard=... mercenaries=...",
    )
    plain = ", ".join(k for k in data.inducements.items if k not in PRICED_BY)
    return Sentence(
        (
            f"an order of inducements for match {match} of {team.name} names nothing; name one or more of them: ",
            order,
            f" (items: {plain}; a Star Player by his id or his name; a Wizard by his id, such as sports_wizard; a "
            f"Mercenary by a position of the {team_roster(data, team).label.en} roster); nothing is recorded: petty "
            "cash not spent is lost without an entry",
        )
    )


def _check_to_come(team: Sheet, match: int) -> None:
    """Refuse inducements for a match a league team has already recorded this season, closed or not, and while
    the post-match sequence of its last match is open (its Expensive Mistakes read the treasury they would spend)."""
    if not isinstance(team, Sheet) or team.kind != "team" or BUDGET_TAG in team.tags:
        return  # a Matched Play team plays no numbered fixtures
    now = season_matches(team)
    if now.was_recorded(match):
        ended_too = " and its post-match sequence has ended" if now.has_ended(match) else ""
        msg = (
            f"inducements are bought before their match: match {match} of {team.name} is already recorded in season "
            f"{season_of(team)}{ended_too}; give the number of the match to come"
        )
        raise InvalidInput(msg)
    check_ended(team, f"buying inducements for match {match}")


def held_inducements(team: Sheet) -> dict[str, str]:
    """What the team holds for its next match, from its ``induced.*`` tags (empty when nothing).

    Raises:
        InvalidInput: ``team`` is not a team sheet.
    """
    return _held(sheet_of(team, "team", "the team holding inducements"))


def _held(team: Sheet) -> dict[str, str]:
    return {k.removeprefix("induced."): v for k, v in team.tags.items() if k.startswith("induced.")}


def spent_from_treasury(team: Sheet) -> int:
    """Gold the team took from its treasury for the inducements it holds (the opponent's petty cash grows by it).

    Raises:
        InvalidInput: ``team`` is not a team sheet.
    """
    return int(sheet_of(team, "team", "the team paying for inducements").tags.get("induced.treasury", "0"))


def match_notes(team: Sheet) -> dict[str, str]:
    """What the team fielded and paid, for the ``extra`` notes of its match record.

    Raises:
        InvalidInput: ``team`` is not a team sheet.
    """
    held = _held(sheet_of(team, "team", "the team whose inducements are noted"))
    return {f"inducements.{k}": v for k, v in held.items() if k != "match"}


def _fielded_sentence(data: Data, team: Sheet, held: Mapping[str, str]) -> str:
    """What a team fielded, in words: items, stars, the wizard and his spell, mercenaries."""
    parts = []
    for entry in filter(None, held.get("items", "").split(",")):
        ident, _, count = entry.partition("*")
        parts.append(f"{count} x {data.inducements.items[ident].label.en}")
    parts += [choice_label(data, tuple(g.split("+"))) for g in filter(None, held.get("stars", "").split(","))]
    if "wizard" in held:
        wizard = data.inducements.wizards[held["wizard"]]
        spell = f" (cast {held['spell']})" if "spell" in held else ""
        parts.append(f"the {wizard.label.en}{spell}")
    roster = team_roster(data, team)
    for entry in filter(None, held.get("mercenaries", "").split(",")):
        position_id, _, skill = entry.partition(":")
        position = roster.position(position_id)
        name = position.label.en if position else position_id
        parts.append(f"a Mercenary {name}" + (f" with {data.skills[skill].label.en}" if skill in data.skills else ""))
    return ", ".join(parts[:-1]) + f" and {parts[-1]}" if len(parts) > 1 else (parts[0] if parts else "nothing")


def release(work: Work, number: int) -> None:
    """After match ``number``: the stars leave and the inducements end, with what was fielded said once
    (nothing happens when the team held nothing)."""
    team = work.sheet
    held = held_inducements(team)
    stars = sorted(m for m, p in team.members.items() if is_star(p))
    if not held and not stars:
        return
    for member in stars:
        work.leave(member, f"Star Player hired for match {number} only")
    money = {k: int(held.get(k, "0")) for k in ("total", "petty_cash", "treasury")}
    summary = (
        f"match {number}: fielded {_fielded_sentence(data_of(work.pack), work.sheet, held)}; inducements "
        f"{money['total']:,} gp = {money['petty_cash']:,} petty cash + {money['treasury']:,} from the treasury"
    )
    work.adjust(Effect(untag=tuple(f"induced.{k}" for k in held)), summary)
