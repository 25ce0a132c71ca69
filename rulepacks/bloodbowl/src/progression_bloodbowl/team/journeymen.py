"""Who comes and goes around a match: journeymen taken on to reach 11 and hired for good, a player with a
Lasting Injury temporarily retired. The dead and the unhired journeymen leave as the post-match sequence
moves on (:func:`~progression_bloodbowl.team.sequence.remove_dead`,
:func:`~progression_bloodbowl.team.sequence.release_journeymen`)."""

from __future__ import annotations

from collections.abc import Sequence

from progression import (
    Adjusted,
    Effect,
    Event,
    Joined,
    Member,
    Purchased,
    RulePack,
    Sheet,
    Step,
    combine,
    operation,
)
from progression.errors import InvalidInput, LimitReached, RequirementNotMet, UnknownName

from ..data.access import data_of
from ..players.player import new_player
from .roster import available_count, check_funds, next_id, numbered, one_entry, permanent, roster_of
from .sequence import enter, retire_stage
from .values import current_value

__all__ = ["add_journeymen", "hire_journeyman", "retire"]


@operation("bloodbowl.add_journeymen", kind="team", label=lambda op: "journeymen join")
def add_journeymen(pack: RulePack, team: Sheet, names: Sequence[str] = (), *, position: str | None = None) -> Sheet:
    """Before a match: add journeymen until 11 players can play (Loner (4+), from a 0-16 Lineman position)."""
    data, roster = roster_of(pack, team)
    choices = [p for p in roster.positions if "lineman" in p.keywords and p.max >= 16]
    spec = next((p for p in choices if p.id == position), None) if position else (choices[0] if choices else None)
    if spec is None:
        raise UnknownName("journeyman position", position, [p.id for p in choices], f"the {roster.label.en} roster")
    needed = data.rules.journeyman_fill_to - available_count(team)
    if needed <= 0:
        msg = f"{team.name} has {available_count(team)} players able to play; journeymen join only to reach {data.rules.journeyman_fill_to}"
        raise InvalidInput(msg)
    events: list[Event] = []
    after = team
    for n in range(needed):
        member = next_id(after)
        name = names[n] if n < len(names) else f"Journeyman {member}"
        event = Joined(member=member, ledger=new_player(pack, roster.id, spec.id, name, journeyman=True).ledger)
        events.append(event)
        after = after.apply(event)
    after = after.apply(numbered(member))
    return combine(team, after, f"{needed} journeymen join" if needed > 1 else "a journeyman joins")


@operation("bloodbowl.hire_journeyman", kind="team", label=lambda op: f"hire journeyman #{op.member}")
def hire_journeyman(pack: RulePack, team: Sheet, member: str, *, must_advance: bool | None = None) -> Sheet:
    """Hire a journeyman who played for good (step 4 of the post-match sequence): his Current Value from the
    treasury; he loses Loner and keeps his SPP."""
    team = enter(pack, team, "journeymen", must_advance=must_advance)
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
    return one_entry(team, events)


def _adjusted(effect: Effect, reason: str) -> Event:
    return Adjusted(effect=effect, reason=reason)


@operation("bloodbowl.retire", kind="team", label=lambda op: f"retire #{op.member}")
def retire(pack: RulePack, team: Sheet, member: str, *, must_advance: bool | None = None) -> Sheet:
    """Temporarily retire a player who suffered a Lasting Injury, for the rest of the season (step 4 of the
    post-match sequence, at any point of it).

    He stays on the roster and counts toward 16, but leaves CTV and may not play.
    """
    team = enter(pack, team, retire_stage(team), must_advance=must_advance)
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
