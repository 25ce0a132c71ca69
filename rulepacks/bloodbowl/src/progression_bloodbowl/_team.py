"""Teams: drafting from a roster, hiring and firing players and staff, journeymen, temporary retirement.

Every operation returns a new team sheet with exactly one new ledger entry (a
:class:`~progression.Step` when it is made of several events), so ``progression.undo``
takes it back whole. Money never takes the treasury below zero.
"""

from __future__ import annotations

from collections.abc import Sequence

from progression import (
    Adjusted,
    Effect,
    Event,
    Joined,
    Left,
    Member,
    Purchased,
    RulePack,
    Sheet,
    Step,
    combine,
)
from progression.errors import InsufficientPoints, InvalidInput, LimitReached, RequirementNotMet, UnknownName

from ._data import Data, Position, Team
from ._players import YES, available, data_of, new_player
from ._values import current_value

__all__ = [
    "add_journeymen",
    "buy_staff",
    "check_funds",
    "create_team",
    "draft",
    "end_draft",
    "fire",
    "fire_staff",
    "hire",
    "hire_journeyman",
    "permanent",
    "release_journeymen",
    "remove_dead",
    "retire",
]

_STAFF = {
    "team_reroll": "rerolls",
    "assistant_coach": "assistant_coaches",
    "cheerleader": "cheerleaders",
    "apothecary": "apothecary",
}


def _roster(pack: RulePack, team: Sheet) -> tuple[Data, Team]:
    data = data_of(pack)
    return data, data.teams[team.tags["team"]]


def permanent(team: Sheet) -> list[str]:
    """Member ids of the players on the roster for good (journeymen and inducements left out)."""
    return [m for m, p in team.members.items() if "journeyman" not in p.tags and "star" not in p.tags]


def _available_count(team: Sheet) -> int:
    return sum(1 for p in team.members.values() if available(p) and "star" not in p.tags)


def _one_entry(team: Sheet, events: Sequence[Event], label: str) -> Sheet:
    after = team
    for event in events:
        after = after.apply(event)
    return combine(team, after, label) if len(events) > 1 else after


def check_funds(pack: RulePack, team: Sheet, what: str, amount: int, *, name: str) -> None:
    """Check the treasury holds ``amount`` for ``what`` (an upgrade id); ``name`` says what is bought, in a sentence.

    Raises:
        InsufficientPoints: the treasury holds less.
    """
    held = team.pools["treasury"]
    if amount > held:
        names = (name, pack.name_of("gold").lower())
        raise InsufficientPoints(upgrade=what, needed=amount, available=held, currency="gold", names=names)


def _next_id(team: Sheet) -> str:
    number = 1
    while str(number) in team.members:
        number += 1
    return str(number)


# -- the team itself ---------------------------------------------------------------


def create_team(
    pack: RulePack,
    roster: str,
    name: str,
    *,
    treasury: int | None = None,
    league: str | None = None,
    favoured: str | None = None,
) -> Sheet:
    """An empty team of ``roster`` with ``treasury`` gold (the draft budget by default).

    Args:
        league: One of the roster's leagues (the first by default).
        favoured: The god of a "Favoured of..." roster.
    """
    data = data_of(pack)
    if roster not in data.teams:
        raise UnknownName("team roster", roster, data.teams, "the bloodbowl pack")
    team = data.teams[roster]
    league = league or team.leagues[0]
    if league not in team.leagues:
        raise UnknownName("league", league, team.leagues, f"the {team.label.en} roster")
    tags = {"team": roster, "league": league}
    if team.favoured_of:
        if favoured not in team.favoured_of:
            raise UnknownName("god of Favoured of...", favoured, team.favoured_of, f"the {team.label.en} roster")
        tags["favoured_of"] = favoured
    budget = data.rules.budget if treasury is None else treasury
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 0:
        msg = f"a treasury is a whole number of gold pieces >= 0, got {budget!r}"
        raise InvalidInput(msg)
    return pack.new_sheet("team", name, pools={"treasury": budget}, tags=tags)


def _check_hire(data: Data, roster: Team, team: Sheet, position: Position) -> None:
    same = [m for m in permanent(team) if team.members[m].tags["position"] == position.id]
    if len(same) >= position.max:
        raise LimitReached(
            upgrade="hire",
            reason=f"a {roster.label.en} team may have at most {position.max} {position.label.en}",
            head=f"Hiring a {position.label.en} is refused",
        )
    if len(permanent(team)) >= data.rules.max_players:
        raise LimitReached(
            upgrade="hire",
            reason=f"a roster holds at most {data.rules.max_players} players (temporarily retired included)",
            head=f"Hiring a {position.label.en} is refused",
        )
    if position.big_guy and roster.big_guy_limit is not None:
        big = [m for m in permanent(team) if (p := roster.position(team.members[m].tags["position"])) and p.big_guy]
        if len(big) >= roster.big_guy_limit:
            raise LimitReached(
                upgrade="hire",
                reason=f"a {roster.label.en} team may have at most {roster.big_guy_limit} Big Guy(s)",
                head=f"Hiring a {position.label.en} is refused",
            )


def hire(
    pack: RulePack,
    team: Sheet,
    position: str,
    name: str,
    *,
    member: str | None = None,
    extra_skills: Sequence[str] = (),
) -> Sheet:
    """Hire a player of ``position`` from the treasury (position limits, 16 at most)."""
    data, roster = _roster(pack, team)
    spec = roster.position(position)
    if spec is None:
        raise UnknownName("position", position, [p.id for p in roster.positions], f"the {roster.label.en} roster")
    _check_hire(data, roster, team, spec)
    check_funds(pack, team, "hire", spec.cost, name=f"Hiring a {spec.label.en}")
    member = member or _next_id(team)
    if member in team.members:
        msg = f"the team already has a member {member!r}"
        raise InvalidInput(msg)
    player = new_player(pack, roster.id, position, name, extra_skills=extra_skills)
    events = [
        Purchased(upgrade="hire", choice=position, price={"treasury": spec.cost}),
        Joined(member=member, ledger=player.ledger),
    ]
    return _one_entry(team, events, f"hire {name} ({spec.label.en})")


def fire(pack: RulePack, team: Sheet, member: str, *, reason: str = "fired") -> Sheet:
    """Fire a player; refused if fewer than 11 players would be able to play the next match."""
    player = team.member(member)
    # Journeymen leave after this step: they are not eligible for the next match.
    left = sum(
        1
        for m, p in team.members.items()
        if m != member and available(p) and "journeyman" not in p.tags and "star" not in p.tags
    )
    minimum = data_of(pack).rules.min_players
    if left < minimum:
        missing = f"firing {player.name} would leave {left} players able to play the next match; at least {minimum} must remain"
        raise RequirementNotMet(upgrade="fire", missing=[missing], head=f"{player.name} cannot be fired")
    return team.apply(Left(member=member, reason=reason))


def buy_staff(pack: RulePack, team: Sheet, item: str) -> Sheet:
    """Buy a team re-roll (double price after the draft), an Assistant Coach, a Cheerleader or an Apothecary."""
    if item not in _STAFF and item != "dedicated_fan":
        raise UnknownName("staff", item, [*_STAFF, "dedicated_fan"], "the bloodbowl pack")
    return pack.purchase(team, item)


def fire_staff(pack: RulePack, team: Sheet, item: str) -> Sheet:
    """Let a member of staff go (no refund). Team re-rolls are never removed."""
    if item not in _STAFF:
        raise UnknownName("staff", item, _STAFF, "the bloodbowl pack")
    if item == "team_reroll":
        raise RequirementNotMet(
            upgrade="fire_staff",
            missing=["team re-rolls can be bought after the draft but never removed"],
            head="Removing a team re-roll is refused",
        )
    stat = _STAFF[item]
    if team.stats[stat] < 1:
        raise RequirementNotMet(
            upgrade="fire_staff",
            missing=[f"the team has no {pack.name_of(item)}"],
            head=f"Letting the {pack.name_of(item)} go is refused",
        )
    return pack.adjust(team, Effect(stats={stat: -1}), reason=f"{pack.name_of(item)} let go")


def draft(
    pack: RulePack,
    roster: str,
    name: str,
    players: Sequence[tuple[str, str]],
    *,
    rerolls: int = 0,
    assistant_coaches: int = 0,
    cheerleaders: int = 0,
    apothecary: bool = False,
    dedicated_fans: int = 0,
    budget: int | None = None,
    league: str | None = None,
    favoured: str | None = None,
    captain: int | None = None,
) -> Sheet:
    """Draft a team on a budget: players as ``(position, name)``, staff, extra Dedicated Fans.

    The whole draft is one ledger entry; what the budget does not spend stays in the treasury.

    Args:
        captain: For a Team Captain roster, the index in ``players`` of the captain, who gains Pro free.

    Raises:
        ProgressionError: over budget, a position over its limit, fewer than 11 or more than 16 players.
    """
    data = data_of(pack)
    team = created = create_team(pack, roster, name, treasury=budget, league=league, favoured=favoured)
    if not data.rules.min_players <= len(players) <= data.rules.max_players:
        msg = f"a drafted team has {data.rules.min_players} to {data.rules.max_players} players, got {len(players)}"
        raise InvalidInput(msg)
    captain_rule = "team_captain" in data.teams[roster].special_rules
    for index, (position, player_name) in enumerate(players):
        extra = ("pro",) if captain_rule and index == captain else ()
        team = hire(pack, team, position, player_name, extra_skills=extra)
    for item, count in (
        ("team_reroll", rerolls),
        ("assistant_coach", assistant_coaches),
        ("cheerleader", cheerleaders),
    ):
        for _ in range(count):
            team = pack.purchase(team, item)
    if apothecary:
        team = pack.purchase(team, "apothecary")
    for _ in range(dedicated_fans):
        team = pack.purchase(team, "dedicated_fan")
    team = end_draft(pack, team)
    return combine(created, team, f"draft of {name}")


def end_draft(pack: RulePack, team: Sheet) -> Sheet:
    """End the draft of a team built hire by hire: from now on a re-roll costs double and no Dedicated Fan is bought.

    Raises:
        InvalidInput: fewer than 11 or more than 16 players, or a draft already over; nothing is changed.
    """
    rules = data_of(pack).rules
    if "drafted" in team.tags:
        msg = f"the draft of {team.name} is over already"
        raise InvalidInput(msg)
    count = len(permanent(team))
    if not rules.min_players <= count <= rules.max_players:
        msg = f"a drafted team has {rules.min_players} to {rules.max_players} players, got {count}; hire or fire first"
        raise InvalidInput(msg)
    return pack.adjust(team, Effect(tags={"drafted": YES}), reason="draft complete")


# -- journeymen, the dead, retirement ------------------------------------------------


def add_journeymen(pack: RulePack, team: Sheet, names: Sequence[str] = (), *, position: str | None = None) -> Sheet:
    """Before a match: add journeymen until 11 players can play (Loner (4+), from a 0-16 Lineman position)."""
    data, roster = _roster(pack, team)
    choices = [p for p in roster.positions if "lineman" in p.keywords and p.max >= 16]
    spec = next((p for p in choices if p.id == position), None) if position else (choices[0] if choices else None)
    if spec is None:
        raise UnknownName("journeyman position", position, [p.id for p in choices], f"the {roster.label.en} roster")
    needed = data.rules.journeyman_fill_to - _available_count(team)
    if needed <= 0:
        msg = f"{team.name} has {_available_count(team)} players able to play; journeymen join only to reach {data.rules.journeyman_fill_to}"
        raise InvalidInput(msg)
    events: list[Event] = []
    after = team
    for n in range(needed):
        member = _next_id(after)
        name = names[n] if n < len(names) else f"Journeyman {member}"
        event = Joined(member=member, ledger=new_player(pack, roster.id, spec.id, name, journeyman=True).ledger)
        events.append(event)
        after = after.apply(event)
    return combine(team, after, f"{needed} journeymen join") if len(events) > 1 else after


def hire_journeyman(pack: RulePack, team: Sheet, member: str) -> Sheet:
    """Hire a journeyman who played for good: his Current Value from the treasury; he loses Loner and keeps his SPP."""
    data = data_of(pack)
    player = team.member(member)
    if "journeyman" not in player.tags:
        msg = f"{player.name} (#{member}) is not a journeyman"
        raise InvalidInput(msg)
    if len(permanent(team)) >= data.rules.max_players:
        raise LimitReached(
            upgrade="hire_journeyman",
            reason=f"a roster holds at most {data.rules.max_players} players",
            head=f"Hiring {player.name} for good is refused",
        )
    price = current_value(pack, player).total
    check_funds(pack, team, "hire_journeyman", price, name=f"Hiring {player.name} for good")
    trait = data.rules.journeyman_trait
    effect = Effect(grants={trait: -1} if trait in player.owned else {}, untag=("journeyman",))
    events = [
        Purchased(upgrade="hire_journeyman", choice=member, price={"treasury": price}),
        Member(
            member=member,
            event=Step(
                label="hired for good", events=(_adjusted(effect, f"hired for good; loses {data.name(trait).en}"),)
            ),
        ),
    ]
    return _one_entry(team, events, f"hire journeyman {player.name}")


def _adjusted(effect: Effect, reason: str) -> Event:
    return Adjusted(effect=effect, reason=reason)


def release_journeymen(team: Sheet) -> Sheet:
    """Journeymen who were not hired leave the team (one entry; the team unchanged when there are none)."""
    events = [
        Left(member=m, reason="journeyman not hired") for m, p in sorted(team.members.items()) if "journeyman" in p.tags
    ]
    return _one_entry(team, events, "journeymen leave") if events else team


def remove_dead(team: Sheet) -> Sheet:
    """Dead players leave the roster (one entry; the team unchanged when there are none)."""
    events = [Left(member=m, reason="dead") for m, p in sorted(team.members.items()) if "dead" in p.tags]
    return _one_entry(team, events, "the dead leave the roster") if events else team


def retire(pack: RulePack, team: Sheet, member: str) -> Sheet:
    """Temporarily retire a player who suffered a Lasting Injury, for the rest of the season.

    He stays on the roster and counts toward 16, but leaves CTV and may not play.
    """
    player = team.member(member)
    if player.stats["lasting_injuries"] < 1:
        raise RequirementNotMet(
            upgrade="retire",
            missing=[f"{player.name} has suffered no Lasting Injury"],
            head=f"{player.name} cannot be temporarily retired",
        )
    if "retired" in player.tags:
        raise RequirementNotMet(
            upgrade="retire",
            missing=[f"{player.name} is already temporarily retired"],
            head=f"{player.name} cannot be temporarily retired",
        )
    return pack.adjust(
        team, Effect(tags={"retired": "season"}), reason="temporarily retired for the season", member=member
    )
