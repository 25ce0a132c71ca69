"""Explainable numbers: a player's Current Value, Team Value (TV), Current Team Value (CTV), SPP and treasury.

Each figure is an :class:`Explanation`: the total and the items that add up to it, each
naming the rule it applies, so a wrong value can always be traced to its cause.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from progression import RulePack, Sheet
from progression.events import Awarded, Created, Event, Joined, Lost, Member, Purchased, Started, Step

from ..data.access import choice_label, data_of, sheet_of, team_roster
from ..data.matched_play import SKILLS_TAG
from ..data.model import CHARACTERISTICS, Data
from ..data.words import a_or_an
from ..players.player import available, position_of

__all__ = [
    "Explanation",
    "Item",
    "current_team_value",
    "current_value",
    "spp_account",
    "team_value",
    "treasury_account",
]


@attrs.frozen(kw_only=True)
class Item:
    """One line of an explanation: what, how much, and the rule applied."""

    label: str
    amount: int
    rule: str

    def __str__(self) -> str:
        return f"{self.amount:+,} {self.label} ({self.rule})"


@attrs.frozen(kw_only=True)
class Explanation:
    """A derived figure and the items it is the sum of."""

    what: str
    items: tuple[Item, ...]

    @property
    def total(self) -> int:
        """The figure: the sum of the items."""
        return sum(item.amount for item in self.items)

    def lines(self) -> list[str]:
        """The explanation as printable lines, the total last."""
        return [f"  {item}" for item in self.items] + [f"  = {self.total:,} {self.what}"]

    def __str__(self) -> str:
        return "\n".join(self.lines())


def _advancement_item(data: Data, player: Sheet, number: int, record: str) -> Item:
    upgrade, _, what = record.partition(":")
    values = data.rules.value
    how = upgrade.replace("_", " ")
    if what in CHARACTERISTICS:
        amount = values.characteristic[what]
        return Item(
            label=f"advancement {number}: +{what.upper()} ({how})",
            amount=amount,
            rule=f"value increase: {what.upper()}",
        )
    skill = data.skills[what]
    _, position = position_of(data, player)
    primary = skill.category in position.primary
    amount = values.primary if primary else values.secondary
    rule = f"value increase: {'primary' if primary else 'secondary'} skill {amount:,}"
    if what in values.elite:
        amount += values.elite_extra
        rule += f" + elite skill {values.elite_extra:,}"
    return Item(label=f"advancement {number}: {skill.label.en} ({how})", amount=amount, rule=rule)


def current_value(pack: RulePack, player: Sheet) -> Explanation:
    """Current Value = hiring fee + the value increase of every advancement."""
    sheet_of(player, "player", "the player to value", pack)
    data = data_of(pack)
    _, position = position_of(data, player)
    items = [
        Item(label=f"hiring fee of {a_or_an(position.label.en)}", amount=player.stats["hiring_fee"], rule="roster cost")
    ]
    numbered = sorted((int(k.split(".")[1]), v) for k, v in player.tags.items() if k.startswith("advancement."))
    items.extend(_advancement_item(data, player, n, record) for n, record in numbered)
    items.extend(_matched_play_items(data, player))
    return Explanation(what=f"Current Value of {player.name}", items=tuple(items))


def _matched_play_items(data: Data, player: Sheet) -> list[Item]:
    """The skills bought for a Matched Play team: no value, unless the pack's data says they add some."""
    items = []
    for entry in filter(None, player.tags.get(SKILLS_TAG, "").split(",")):
        kind, _, skill = entry.partition(":")
        label = f"{data.name(skill).en} bought in Matched Play ({kind})"
        if not data.matched_play.skills_add_value:
            items.append(Item(label=label, amount=0, rule="Matched Play: a skill bought adds no value"))
            continue
        values = data.rules.value
        amount = (values.primary if kind == "primary" else values.secondary) + (
            values.elite_extra if skill in values.elite else 0
        )
        items.append(Item(label=label, amount=amount, rule=f"value increase: {kind} skill"))
    return items


def _staff_items(pack: RulePack, team: Sheet) -> list[Item]:
    data = data_of(pack)
    roster = team_roster(data, team)
    items = []
    rerolls = team.stats["rerolls"]
    if rerolls:
        items.append(
            Item(
                label=f"{rerolls} team re-roll(s) at {roster.reroll_cost:,}",
                amount=rerolls * roster.reroll_cost,
                rule="re-rolls at the roster price, never doubled",
            )
        )
    for ident, stat in (
        ("assistant_coach", "assistant_coaches"),
        ("cheerleader", "cheerleaders"),
        ("apothecary", "apothecary"),
    ):
        count = team.stats[stat]
        cost = data.rules.staff[ident].cost or 0
        if count:
            items.append(
                Item(
                    label=f"{count} {data.rules.staff[ident].label.en}",
                    amount=count * cost,
                    rule=f"sideline staff at {cost:,} each",
                )
            )
    return items


def roster_order(team: Sheet) -> list[tuple[str, Sheet]]:
    """The members by roster number (numeric ids in number order, then the others)."""
    return sorted(team.members.items(), key=lambda item: _roster_key(item[0]))


def _roster_key(member: str) -> tuple[bool, int, str]:
    """Numbers written in ASCII digits first, in number order (``²`` is a digit to Python, not a number here)."""
    number = member.isascii() and member.isdigit()
    return (not number, int(member) if number else 0, member)


def _permanent(team: Sheet) -> list[tuple[str, Sheet]]:
    return [(mid, p) for mid, p in roster_order(team) if "journeyman" not in p.tags and "star" not in p.tags]


def team_value(pack: RulePack, team: Sheet) -> Explanation:
    """TV: every rostered player's Current Value, plus re-rolls and staff (fans and treasury excluded).

    Journeymen are not on the roster for TV; they count in CTV only.

    Raises:
        InvalidInput: ``team`` is not a team sheet.
    """
    sheet_of(team, "team", "the team to value", pack)
    items = [
        Item(label=f"#{mid} {p.name}", amount=current_value(pack, p).total, rule="player's Current Value")
        for mid, p in _permanent(team)
    ]
    items.extend(_staff_items(pack, team))
    return Explanation(what=f"Team Value of {team.name}", items=tuple(items))


def current_team_value(pack: RulePack, team: Sheet) -> Explanation:
    """CTV: TV less the players who cannot play the next match (missing it, temporarily retired,
    dead), plus journeymen; a Low Cost Linemen team counts its linemen's hiring fee as 0."""
    sheet_of(team, "team", "the team to value (CTV)", pack)
    data = data_of(pack)
    roster = team_roster(data, team)
    low_cost = "low_cost_linemen" in roster.special_rules
    items = []
    for mid, player in roster_order(team):
        if "star" in player.tags:
            continue  # inducements are valued by the inducements rules, not here
        value = current_value(pack, player).total
        label = f"#{mid} {player.name}" + (" (journeyman)" if "journeyman" in player.tags else "")
        if not available(player):
            why = (
                "temporarily retired"
                if "retired" in player.tags
                else "dead"
                if "dead" in player.tags
                else "misses the next match"
            )
            items.append(Item(label=f"{label}: {why}", amount=0, rule="left out of CTV"))
            continue
        items.append(Item(label=label, amount=value, rule="player's Current Value"))
        _, position = position_of(data, player)
        if low_cost and "lineman" in position.keywords:
            items.append(
                Item(
                    label=f"{label}: hiring fee",
                    amount=-player.stats["hiring_fee"],
                    rule="Low Cost Linemen: the fee counts 0 in CTV",
                )
            )
    items.extend(_staff_items(pack, team))
    return Explanation(what=f"Current Team Value of {team.name}", items=tuple(items))


def _events(ledger: Iterable[Event], member: str | None) -> Iterable[Event]:
    for event in ledger:
        if isinstance(event, Step):
            yield from _events(event.events, member)
        elif isinstance(event, Joined):
            if member is not None and event.member == member:
                yield from _events(event.ledger, None)
        elif isinstance(event, Member):
            if member is not None and event.member == member:
                yield from _events((event.event,), None)
        elif member is None:
            yield event


_STAFF_RULES = {
    "assistant_coach": "sideline staff price",
    "cheerleader": "sideline staff price",
    "apothecary": "sideline staff price",
    "dedicated_fan": "extra Dedicated Fan at the draft",
    "inducements": "inducements: what petty cash does not pay comes from the treasury",
}


def _treasury_rule(data: Data, reason: str) -> str | None:
    """The rule a treasury entry applies, read from how the pack begins its reason (None: not one of the pack's)."""
    league = data.rules.league
    rules = (
        ("winnings", "winnings: (fan attendance / 2 + own touchdowns + 1 without Stalling) x 10,000"),
        ("play-off prize", "play-off prizes: " + ", ".join(f"{p:,}" for p in league.prizes) + " for places 1 to 3"),
        (
            "re-draft budget",
            f"re-draft budget: {league.base_budget:,} + treasury + {league.per_fixture:,} per fixture played"
            f" + {league.per_win:,} per win + {league.per_draw:,} per draw",
        ),
        ("re-hire #", f"a player re-hired at his Current Value + {league.agent_fee:,} agent fee per season played"),
        ("Matched Play", "Matched Play: gold not spent at the draft is lost"),
    )
    if "Expensive Mistakes" in reason:
        return "Expensive Mistakes table"
    if reason.startswith("match ") and "unplayed fixture conceded" in reason:
        count, sides = league.unplayed_concede_dice
        return f"an unplayed fixture the opponent conceded: {count if count > 1 else ''}D{sides} x {league.unplayed_concede_multiplier:,}"
    return next((rule for start, rule in rules if reason.startswith(start)), None)


def _award_rule(data: Data, pool: str, reason: str) -> str:
    """The rule an award applies, read from the reason the pack wrote on it."""
    if pool == "spp":
        if "MVP" in reason:
            who = "the only nominee" if "the only nominee" in reason else "the nominee the D6 picks"
            return f"MVP: {data.rules.spp['mvp']} SPP to {who}"
        return "SPP for match events" if reason.startswith("match ") else "awarded by hand"
    return _treasury_rule(data, reason) or "awarded by hand"


def _spent(pack: RulePack, sheet: Sheet, event: Purchased | Started, pool: str, number: int) -> Item:
    """What a purchase paid for, and the rule that set its price (``number``: the advancement it was)."""
    data = data_of(pack)
    price = event.price[pool]
    upgrade, choice = event.upgrade, event.choice or ""
    if pool == "spp":
        what = data.categories[choice].en if choice in data.categories else pack.name_of(choice) if choice else ""
        label = f"advancement {number}: {pack.name_of(upgrade)}" + (f" ({what})" if what else "")
        return Item(label=label, amount=-price, rule=f"advancement table: advancement {number} costs {price} SPP")
    if upgrade == "hire":
        roster = data.teams.get(sheet.tags.get("team", ""))
        position = roster.position(choice) if roster else None
        label = f"hire {a_or_an(position.label.en)}" if position else f"hire {choice}"
        return Item(label=label, amount=-price, rule="hiring fee (roster cost)")
    if upgrade == "hire_journeyman":
        player = sheet.members.get(choice)
        label = f"hire journeyman #{choice}" + (f" {player.name}" if player else "")
        return Item(label=label, amount=-price, rule="a journeyman hired for good: hiring fee + value increases")
    if upgrade == "team_reroll":
        roster = data.teams.get(sheet.tags.get("team", ""))
        base = roster.reroll_cost if roster else price
        rule = (
            "re-roll at the roster price during the draft"
            if price == base
            else f"re-roll after the draft: double the roster price of {base:,}"
        )
        return Item(label=pack.name_of(upgrade), amount=-price, rule=rule)
    if upgrade == "matched_play_star":
        label = choice_label(data, tuple(choice.split("+")))
        return Item(label=label, amount=-price, rule="Matched Play: a Star Player on the draft list")
    if upgrade == "matched_play_inducements":
        return Item(label=f"inducements {choice}", amount=-price, rule="Matched Play: inducements on the draft list")
    label = pack.name_of(upgrade) + (f": {pack.name_of(choice)}" if choice else "")
    return Item(label=label, amount=-price, rule=_STAFF_RULES.get(upgrade, "price of the upgrade"))


def _account(pack: RulePack, sheet: Sheet, pool: str, member: str | None, what: str) -> Explanation:
    items = []
    advancements = 0
    for event in _events(sheet.ledger, member):
        if isinstance(event, Created) and event.pools.get(pool):
            label, rule = (
                ("draft budget", "team creation") if pool == "treasury" else ("starting SPP", "player creation")
            )
            items.append(Item(label=label, amount=event.pools[pool], rule=rule))
        elif isinstance(event, Awarded) and event.pool == pool:
            rule = _award_rule(data_of(pack), pool, event.reason)
            items.append(Item(label=event.reason, amount=event.amount, rule=rule))
        elif isinstance(event, Lost) and event.pool == pool:
            rule = (_treasury_rule(data_of(pack), event.reason) if pool == "treasury" else None) or "lost"
            items.append(Item(label=event.reason, amount=-event.amount, rule=rule))
        elif isinstance(event, Purchased | Started) and event.price.get(pool):
            advancements += pool == "spp"
            items.append(_spent(pack, sheet, event, pool, advancements))
    return Explanation(what=what, items=tuple(items))


def spp_account(pack: RulePack, team: Sheet, member: str) -> Explanation:
    """A player's SPP balance from the team's ledger: every award (with the match event) and every spend.

    Read on the team, because the roster's ledger holds the player's history since joining.
    """
    player = sheet_of(team, "team", "the team of the SPP account", pack).member(member)
    return _account(pack, team, "spp", member, f"unspent SPP of {player.name}")


def treasury_account(pack: RulePack, team: Sheet) -> Explanation:
    """The treasury from the team's ledger: budget, winnings, hires, staff, losses."""
    sheet_of(team, "team", "the team of the treasury account", pack)
    return _account(pack, team, "treasury", None, f"treasury of {team.name}")
