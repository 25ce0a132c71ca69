"""Teams: drafting from a roster, hiring and firing players and staff (journeymen, the dead and temporary
retirement: :mod:`progression_bloodbowl.team.journeymen`).

Every operation returns a new team sheet with exactly one new ledger entry, so ``progression.undo``
takes it back whole. Money never takes the treasury below zero.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from progression import Effect, RulePack, Sheet, Work, operation
from progression.errors import InsufficientPoints, InvalidInput, LimitReached, RequirementNotMet, UnknownName
from progression.events import Created, Entry, Joined, Step
from progression.operations import Adjust, Purchase, combine

from ..data.access import data_of, roster_called, shipped_data, team_roster
from ..data.model import Data, Position, Team
from ..data.reading import not_blank
from ..data.words import (
    a_or_an,
    named,
    pack_names,
    position_named,
    possessive,
    reads,
    roster_named,
    skills_named,
    team_position,
)
from ..players.player import YES, available, new_player
from .sequence import enter

__all__ = [
    "NUMBER_TAG",
    "STAFF",
    "available_count",
    "buy_staff",
    "captain_refused",
    "check_budget",
    "check_created_budget",
    "check_draft_end",
    "check_funds",
    "create_team",
    "created_with",
    "draft",
    "draft_staff",
    "end_draft",
    "fire",
    "fire_staff",
    "hire",
    "member_named",
    "next_id",
    "number_given",
    "permanent",
    "roster_of",
    "staff_named",
    "team_member",
]

#: The staff a team buys (``buy_staff``'s items, besides ``dedicated_fan``) -> the team's stat that counts them.
STAFF = {
    "team_reroll": "rerolls",
    "assistant_coach": "assistant_coaches",
    "cheerleader": "cheerleaders",
    "apothecary": "apothecary",
}


def staff_named(pack: RulePack, given: str, among: Sequence[str] = tuple(STAFF)) -> str:
    """The member of staff of ``among`` that ``given`` names (``Team Re-roll``, ``Apothicaire`` for
    ``apothecary``), as :mod:`progression_bloodbowl.data.words` reads a word; anything but a text as it came.

    Raises:
        UnknownName: a text that names none of them, with the closest.
    """
    if type(given) is not str or given in among:
        return given
    return named(pack, given, pack_names(pack, among), "staff", "the bloodbowl pack")


def _staff_item(pack: RulePack, arguments: Mapping[str, object], given: str) -> str:
    """How ``buy_staff`` reads its item: a member of staff, or Dedicated Fans (bought at the draft)."""
    return staff_named(pack, given, (*STAFF, "dedicated_fan"))


def _fired_item(pack: RulePack, arguments: Mapping[str, object], given: str) -> str:
    """How ``fire_staff`` reads its item: a member of staff."""
    return staff_named(pack, given)


def _new_name(pack: RulePack, arguments: Mapping[str, object], given: object) -> object:
    """How ``hire`` reads the new player's name: refused when a player of the team has it already (in any case).

    A name tells one player: it is how a coach knows him on the roster, and a command takes a player by his name
    where it asks for his number (``member=Skritt``); two of one name would be told apart by their numbers alone,
    and a hire made twice by mistake would pass unseen. Checked where ``hire`` is called, not by the rules the
    ledger runs again: a history written before with two players of one name still verifies.
    """
    team = arguments.get("sheet")
    if isinstance(team, Sheet) and isinstance(given, str):
        wanted = given.strip().casefold()
        for member, player in team.members.items():
            if player.name.strip().casefold() == wanted:
                msg = (
                    f"{team.name} has a player named {player.name!r} already (#{member}): give the new player another "
                    "name, so that each name tells one player (a command takes a player by his name where it asks "
                    "for his number)"
                )
                raise InvalidInput(msg)
    return given


def _extra_skills(pack: RulePack, arguments: Mapping[str, object], given: object) -> object:
    """How ``hire`` reads the skills a player is given beyond his position's."""
    return skills_named(pack, given)


def roster_of(pack: RulePack, team: Sheet) -> tuple[Data, Team]:
    data = data_of(pack)
    return data, team_roster(data, team)


def permanent(team: Sheet) -> list[str]:
    """Member ids of the players on the roster for good (journeymen and inducements left out)."""
    return [m for m, p in team.members.items() if "journeyman" not in p.tags and "star" not in p.tags]


def member_named(members: Mapping[str, str], given: str, where: str) -> str:
    """The id of the player ``given`` names among ``members`` (id -> name): his id (``3``, or ``#3`` as refusals
    write it), or his name in any case (``Skritt``), read where a command asks for a player. A word that is
    neither is given back, for what asks to refuse with the players listed, each id with his name.

    Raises:
        InvalidInput: a name that several of ``members`` have (``where`` says whose players they are).
    """
    if given in members:
        return given
    if given.startswith("#") and given[1:] in members:
        return given[1:]
    wanted = given.strip().casefold()
    found = [member for member, name in members.items() if name.strip().casefold() == wanted]
    if len(found) > 1:
        listed = " and ".join(f"#{member}" for member in found)
        msg = f"{given!r} names {len(found)} players of {where}: {listed}; give the number of the one meant"
        raise InvalidInput(msg)
    return found[0] if found else given


def team_member(team: Sheet, given: str) -> str:
    """:func:`member_named` among the players ``team`` has now."""
    return member_named({m: p.name for m, p in team.members.items()}, given, team.name)


def available_count(team: Sheet) -> int:
    return sum(1 for p in team.members.values() if available(p) and "star" not in p.tags)


def check_funds(pack: RulePack, team: Sheet, what: str, amount: int, *, name: str) -> None:
    """Check the treasury holds ``amount`` for ``what`` (an upgrade id); ``name`` says what is bought, in a sentence.

    Raises:
        InsufficientPoints: the treasury holds less.
    """
    held = team.pools["treasury"]
    if amount > held:
        names = (name, pack.name_of("gold").lower())
        unit = pack.currencies["gold"].unit
        raise InsufficientPoints(upgrade=what, needed=amount, available=held, currency="gold", names=names, unit=unit)


#: The team's tag holding the highest player number it has given: a number is never given twice, since the
#: ledger keeps the history of a player who left (dead, fired, a journeyman gone) under his number.
NUMBER_TAG = "numbers.given"


def _number(member: str) -> int | None:
    return int(member) if member.isascii() and member.isdigit() else None


def given(team: Sheet) -> int:
    """The highest player number the team has given (0 when none): its tag or its members' numbers, or for a team
    whose ledger was written before the tag was kept, the numbers its ledger ever joined (read once, at its next
    hire)."""
    members = max((n for m in team.members if (n := _number(m)) is not None), default=0)
    tag = team.tags.get(NUMBER_TAG, "")
    if tag.isascii() and tag.isdigit():
        return max(int(tag), members)
    highest, stack = members, [iter(team.ledger)]
    while stack:
        for event in stack[-1]:
            if isinstance(event, Step):
                stack.append(iter(event.events))
                break
            if isinstance(event, Joined) and (number := _number(event.member)) is not None:
                highest = max(highest, number)
        else:
            stack.pop()
    return highest


def next_id(team: Sheet) -> str:
    """The number of the next player to join: one above every number the team has given."""
    return str(given(team) + 1)


def number_given(member: str) -> tuple[Effect, str]:
    """What keeps ``member``'s number as the highest given (a number is never given twice): the effect on
    the team and its reason."""
    return Effect(tags={NUMBER_TAG: member}), f"player number #{member} given"


def _check_number(team: Sheet, member: str) -> None:
    """Refuse a number asked for a new player that the team has given before, or that is its member's already."""
    if member in team.members:
        msg = f"the team already has a member {member!r}"
        raise InvalidInput(msg)
    number, highest = _number(member), given(team)
    if number is not None and number <= highest:
        msg = (
            f"a player's number is never given twice: {team.name} has given #1 to #{highest} "
            f"(a player who left keeps his number in the history), so a new player takes #{highest + 1} or above, "
            f"got {member!r}"
        )
        raise InvalidInput(msg)


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

    Any treasury is taken (a team for a query, a Matched Play list's budget); a league team created with more than
    the Team Draft Budget cannot end its draft (``check_draft_end``), by ``end_draft`` or by its first match.

    Args:
        roster: The roster's id (``"human"``) or its displayed name in any of the pack's languages, in any case
            (``"Human"``, ``"Orques Noirs"``), as :mod:`progression_bloodbowl.data.words` reads it.
        league: One of the roster's leagues (the first by default).
        favoured: The god of a "Favoured of..." roster.
    """
    data = data_of(pack)
    team = roster_called(data, roster_named(pack, roster))
    not_blank(name, "a team's name")
    league = league or team.leagues[0]
    if league not in team.leagues:
        raise UnknownName("league", league, team.leagues, f"the {team.label.en} roster")
    tags = {"team": team.id, "league": league}
    _check_favoured(team, favoured)
    if favoured is not None:
        tags["favoured_of"] = favoured
    budget = data.rules.budget if treasury is None else treasury
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 0:
        msg = f"a treasury is a whole number of gold pieces >= 0, got {budget!r}"
        raise InvalidInput(msg)
    return pack.new_sheet("team", name, pools={"treasury": budget}, tags=tags)


def _check_favoured(roster: Team, favoured: object) -> None:
    """Refuse a god that cannot mean what it says: none for a "Favoured of..." roster, which is favoured of the
    one chosen at the draft, an unknown one (with the closest), or one for a roster that is favoured of none."""
    gods = ", ".join(roster.favoured_of)
    if not roster.favoured_of and favoured is not None:
        msg = (
            f'the {roster.label.en} roster is Favoured of no god (only a "Favoured of..." roster is): '
            f"leave favoured out, got {favoured!r:.60}"
        )
        raise InvalidInput(msg)
    if roster.favoured_of and not isinstance(favoured, str):
        msg = f"{a_or_an(roster.label.en)} team is Favoured of the god chosen at its draft: favoured is one of {gods}, got {favoured!r:.60}"
        raise InvalidInput(msg)
    if roster.favoured_of and favoured not in roster.favoured_of:
        raise UnknownName("god of Favoured of...", favoured, roster.favoured_of, f"the {roster.label.en} roster")


def _check_captain(roster: Team, team: Sheet, position: Position, extra: tuple[str, ...]) -> None:
    """The only skill a player is hired with beyond his position's is the Team Captain's Pro: on a roster with
    the Team Captain rule, at the draft, one captain per team.

    Raises:
        InvalidInput: another extra skill, a roster without the rule, a team past its draft, a Big Guy, a second
            captain.
    """
    if not extra:
        return
    if extra != ("pro",):
        msg = f"a player is hired with his position's skills only (a Team Captain gains Pro); got extra {', '.join(extra)}"
        raise InvalidInput(msg)
    if "team_captain" not in roster.special_rules:
        msg = f"the {roster.label.en} roster has no Team Captain, so no player is hired with Pro"
        raise InvalidInput(msg)
    if "drafted" in team.tags:
        msg = f"{possessive(team.name)} Team Captain is named when the team is drafted; the draft is over"
        raise InvalidInput(msg)
    if (refused := captain_refused(position)) is not None:
        raise InvalidInput(refused)
    captains = [m for m, p in team.members.items() if "pro" in p.owned and "pro" not in _position_skills(roster, p)]
    if captains:
        msg = f"{team.name} has its Team Captain already: #{captains[0]} {team.members[captains[0]].name}"
        raise InvalidInput(msg)


def captain_refused(position: Position) -> str | None:
    """Why a player of ``position`` may not be the Team Captain (the rule gives Pro to a starting player who is
    not a Big Guy), or None."""
    if "big_guy" not in position.keywords:
        return None
    return f"a Team Captain is not a Big Guy ({position.label.en} is one): name another player as captain"


def _position_skills(roster: Team, player: Sheet) -> tuple[str, ...]:
    spec = roster.position(player.tags.get("position", ""))
    return spec.skills if spec is not None else ()


def _check_hire(data: Data, roster: Team, team: Sheet, position: Position) -> None:
    same = [m for m in permanent(team) if team.members[m].tags["position"] == position.id]
    if len(same) >= position.max:
        raise LimitReached(
            upgrade="hire",
            reason=f"{a_or_an(roster.label.en)} team may have at most {position.max} {position.label.en}",
            head=f"Hiring {a_or_an(position.label.en)} is refused",
        )
    if len(permanent(team)) >= data.rules.max_players:
        raise LimitReached(
            upgrade="hire",
            reason=f"a roster holds at most {data.rules.max_players} players (temporarily retired included)",
            head=f"Hiring {a_or_an(position.label.en)} is refused",
        )
    if position.big_guy and roster.big_guy_limit is not None:
        big = [m for m in permanent(team) if (p := roster.position(team.members[m].tags["position"])) and p.big_guy]
        if len(big) >= roster.big_guy_limit:
            raise LimitReached(
                upgrade="hire",
                reason=f"{a_or_an(roster.label.en)} team may have at most {roster.big_guy_limit} Big Guy(s)",
                head=f"Hiring {a_or_an(position.label.en)} is refused",
            )


def _hire_label(op: object) -> str:
    return f"hire {getattr(op, 'name', '')} ({_position_name(getattr(op, 'position', ''))})"


def _position_name(position: str) -> str:
    """A position's name in words, for a label (labels are read without the pack: the shipped data names it)."""
    for roster in shipped_data().teams.values():
        spec = roster.position(position)
        if spec is not None:
            return spec.label.en
    return position


@reads(position=team_position, name=_new_name, extra_skills=_extra_skills)
@operation("bloodbowl.hire", kind="team", label=_hire_label)
def hire(
    work: Work,
    position: str,
    name: str,
    *,
    member: str | None = None,
    extra_skills: Sequence[str] = (),
    must_advance: bool | None = None,
) -> None:
    """Hire a player of ``position`` from the treasury (position limits, 16 at most): step 4 of the post-match
    sequence, or a draft (``must_advance``: the league's switch for the must-advance rule, the pack's by default).

    The position is its id, its displayed name in any of the pack's languages (``"Human Lineman"``,
    ``"Trois-quarts humain"``) or the last words of the one name ending with them (``"Lineman"``), and each of
    ``extra_skills`` a skill's id or name (``"Pro"``): read once here, the ledger keeps the ids. A name a player of
    the team has already is refused here (:func:`_new_name`)."""
    enter(work, "hire", must_advance=must_advance)
    pack, team = work.pack, work.sheet
    data, roster = roster_of(pack, team)
    spec = roster.position(position)
    if spec is None:
        raise UnknownName("position", position, [p.id for p in roster.positions], f"the {roster.label.en} roster")
    _check_hire(data, roster, team, spec)
    _check_captain(roster, team, spec, tuple(extra_skills))
    check_funds(pack, team, "hire", spec.cost, name=f"Hiring {a_or_an(spec.label.en)}")
    member = member or next_id(team)
    _check_number(team, member)
    player = new_player(pack, roster.id, position, name, extra_skills=extra_skills)
    # A number kept on the team, so that no later player is given it (a dead or fired one keeps it).
    kept = None if _number(member) is None else Effect(tags={NUMBER_TAG: member})
    work.spend({"treasury": spec.cost}, upgrade="hire", choice=position, effect=kept)
    work.join(member, player)


@operation("bloodbowl.fire", kind="team", label=lambda op: f"fire #{op.member}")
def fire(work: Work, member: str, *, reason: str = "fired", must_advance: bool | None = None) -> None:
    """Fire a player (step 4 of the post-match sequence); refused if fewer than 11 players would be able to play
    the next match."""
    enter(work, "fire", must_advance=must_advance)
    pack, team = work.pack, work.sheet
    player = team.member(member)
    # Journeymen leave after this step: they are not eligible for the next match.
    left = sum(
        1
        for m, p in team.members.items()
        if m != member and available(p) and "journeyman" not in p.tags and "star" not in p.tags
    )
    minimum = data_of(pack).rules.min_after_firing
    if left < minimum:
        missing = f"firing {player.name} would leave {left} players able to play the next match; at least {minimum} must remain"
        raise RequirementNotMet(upgrade="fire", missing=[missing], head=f"{player.name} cannot be fired")
    work.leave(member, reason)


@reads(item=_staff_item)
@operation("bloodbowl.buy_staff", kind="team", label=lambda op: f"buy {op.item}")
def buy_staff(work: Work, item: str, *, must_advance: bool | None = None) -> None:
    """Buy a team re-roll (double price after the draft), an Assistant Coach, a Cheerleader or an Apothecary
    (step 4 of the post-match sequence, or a draft), by its id or its displayed name (``"Team Re-roll"``,
    ``"Apothicaire"``)."""
    if item not in STAFF and item != "dedicated_fan":
        raise UnknownName("staff", item, [*STAFF, "dedicated_fan"], "the bloodbowl pack")
    enter(work, "staff", must_advance=must_advance)
    work.run(Purchase(upgrade=item))


@reads(item=_fired_item)
@operation("bloodbowl.fire_staff", kind="team", label=lambda op: f"let {op.item} go")
def fire_staff(work: Work, item: str, *, must_advance: bool | None = None) -> None:
    """Let a member of staff go (no refund; step 4 of the post-match sequence), by its id or its displayed name.
    Team re-rolls are never removed."""
    if item not in STAFF:
        raise UnknownName("staff", item, STAFF, "the bloodbowl pack")
    enter(work, "staff", must_advance=must_advance)
    pack, team = work.pack, work.sheet
    if item == "team_reroll":
        raise RequirementNotMet(
            upgrade="fire_staff",
            missing=["team re-rolls can be bought after the draft but never removed"],
            head="Removing a team re-roll is refused",
        )
    stat = STAFF[item]
    if team.stats[stat] < 1:
        raise RequirementNotMet(
            upgrade="fire_staff",
            missing=[f"the team has no {pack.name_of(item)}"],
            head=f"Letting the {pack.name_of(item)} go is refused",
        )
    work.run(Adjust(effect=Effect(stats={stat: -1}), reason=f"{pack.name_of(item)} let go"))


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
        players: The players hired, in order, each a pair of texts ``(position, name)``:
            ``[("human_lineman", "Lena"), ...]``; a position, like the roster, by its id or its displayed name
            (``("Lineman", "Lena")``), as :func:`hire` reads it.
        rerolls, assistant_coaches, cheerleaders, dedicated_fans: How many of each are bought, 0 or more.
        apothecary: Whether the team buys an Apothecary (True or False).
        captain: For a Team Captain roster, the index in ``players`` of the captain, who gains Pro free.
        budget: The gold the draft is spent from, the Team Draft Budget (1,000,000 gp) by default and at most
            (``check_budget``); what it does not spend stays in the treasury.

    Raises:
        InvalidInput: players that are not a list of ``(position, name)`` pairs, a count of staff that is not a
            whole number >= 0, an apothecary that is not True or False, a captain that is not a player's index,
            a budget over the Team Draft Budget.
        ProgressionError: over budget, a position over its limit, fewer than 11 or more than 16 players.
    """
    data = data_of(pack)
    staff = {
        "rerolls": rerolls,
        "assistant_coaches": assistant_coaches,
        "cheerleaders": cheerleaders,
        "dedicated_fans": dedicated_fans,
    }
    _check_draft(players, staff, apothecary, captain)
    if isinstance(budget, int) and not isinstance(budget, bool):
        check_budget(
            pack, budget, f", got budget={_shown(budget)}", "leave it out (the budget is the default), or give less"
        )
    roster = roster_named(pack, roster)
    players = [(position_named(pack, roster, position), player_name) for position, player_name in players]
    team = created = create_team(pack, roster, name, treasury=budget, league=league, favoured=favoured)
    if not data.rules.min_players <= len(players) <= data.rules.max_players:
        msg = f"a drafted team has {data.rules.min_players} to {data.rules.max_players} players, got {len(players)}"
        raise InvalidInput(msg)
    captain_rule = "team_captain" in data.teams[roster].special_rules
    for index, (position, player_name) in enumerate(players):
        extra = ("pro",) if captain_rule and index == captain else ()
        team = hire(pack, team, position, player_name, extra_skills=extra)
    team = draft_staff(
        pack,
        team,
        rerolls=rerolls,
        assistant_coaches=assistant_coaches,
        cheerleaders=cheerleaders,
        apothecary=apothecary,
        dedicated_fans=dedicated_fans,
    )
    return combine(created, end_draft(pack, team), f"draft of {name}")


def _check_draft(players: object, staff: Mapping[str, object], apothecary: object, captain: object) -> None:
    """Refuse what :func:`draft` would misread: players that are not ``(position, name)`` pairs of texts or whose
    name is blank, a count of staff that is not a whole number >= 0 (a negative one would buy nothing, silently),
    an apothecary that is not True or False, a captain that is not the index of a player."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        msg = (
            "the players drafted are a list of (position, name) pairs, such as [('human_lineman', 'Lena'), ...], "
            f"got {players!r:.60} ({type(players).__name__})"
        )
        raise InvalidInput(msg)
    for index, player in enumerate(players):
        pair = isinstance(player, Sequence) and not isinstance(player, str) and len(player) == 2
        if not pair or not all(isinstance(part, str) for part in player):
            msg = f"player {index} of the draft is a (position, name) pair of texts, such as ('human_lineman', 'Lena'), got {player!r:.60}"
            raise InvalidInput(msg)
        not_blank(player[1], f"the name of player {index} of the draft ({player[0]})")
    for what, count in staff.items():
        if isinstance(count, bool) or not isinstance(count, int):
            msg = f"{what} is how many the draft buys, a whole number >= 0, got {count!r:.60} ({type(count).__name__})"
            raise InvalidInput(msg)
        if count < 0:
            msg = f"{what} is how many the draft buys, a whole number >= 0, got {_shown(count)}"
            raise InvalidInput(msg)
    if not isinstance(apothecary, bool):
        msg = f"apothecary is True or False (whether the draft buys one), got {apothecary!r:.60}"
        raise InvalidInput(msg)
    if captain is not None and (
        isinstance(captain, bool) or not isinstance(captain, int) or not 0 <= captain < len(players)
    ):
        msg = f"captain is the index in players of the Team Captain, 0 to {len(players) - 1}, or None; got {captain!r:.60}"
        raise InvalidInput(msg)


def _shown(count: int) -> str:
    """A count as a refusal says it: a huge one by its size, not written out (Python refuses past 4,300 digits)."""
    return f"{count:,}" if abs(count) < 10**30 else "a number of more than 30 digits"


def _check_staff_room(pack: RulePack, team: Sheet, counts: Mapping[str, int]) -> None:
    """Refuse, before any is bought, a count of staff past what the team may hold (a team's maximum less what it
    holds): the draft would buy up to the maximum and then be refused, naming a count that was never asked."""
    for item, count in counts.items():
        for stat, maximum in pack.upgrades[item].limit.maxima.items():
            held = team.stats[stat]
            if count > (room := max(0, maximum - held)):
                raise LimitReached(
                    upgrade=item,
                    reason=f"a team holds at most {maximum} {pack.name_of(stat)} ({held} now), so {stat} is 0 to {room}",
                    head=f"Buying {_shown(count)} {pack.name_of(stat)} at the draft is refused",
                )


@operation("bloodbowl.draft_staff", kind="team", label=lambda op: "staff at draft prices")
def draft_staff(
    work: Work,
    *,
    rerolls: int,
    assistant_coaches: int,
    cheerleaders: int,
    apothecary: bool,
    dedicated_fans: int,
) -> None:
    """The staff, re-rolls and Dedicated Fans a draft buys, at draft prices, each one a purchase.

    Raises:
        LimitReached: a count past what the team may hold (8 re-rolls, ...), before any is bought.
    """
    counts = {
        "team_reroll": rerolls,
        "assistant_coach": assistant_coaches,
        "cheerleader": cheerleaders,
        "apothecary": int(apothecary),
        "dedicated_fan": dedicated_fans,
    }
    _check_staff_room(work.pack, work.sheet, counts)
    for item, count in counts.items():
        for _ in range(count):
            work.run(Purchase(upgrade=item))


@operation("bloodbowl.end_draft", kind="team", label=lambda op: "end of the draft")
def end_draft(work: Work) -> None:
    """End the draft of a team built hire by hire: from now on a re-roll costs double and no Dedicated Fan is bought.

    Raises:
        InvalidInput: a draft the rules do not allow (``check_draft_end``: fewer than 11 or more than 16
            players, a team created with more than the Team Draft Budget), or a draft already over; nothing is
            changed.
    """
    team = work.sheet
    if "drafted" in team.tags:
        msg = f"the draft of {team.name} is over already"
        raise InvalidInput(msg)
    check_draft_end(work.pack, team)
    work.run(Adjust(effect=Effect(tags={"drafted": YES}), reason="draft complete"))


def check_draft_end(pack: RulePack, team: Sheet, *, ending: str = "") -> None:
    """Refuse to end ``team``'s draft where what it drafted is not a draft the rules allow: 11 to 16 players, and,
    at its first draft, a treasury it was created with that is the Team Draft Budget at most (1,000,000 gp: what
    the budget does not spend stays in the treasury, so a larger one is a larger budget).

    The one check of the end of a draft, whichever ends it: :func:`end_draft`, :func:`draft`, a re-draft, and a
    team's first match, which ends a draft built hire by hire (``record_outcome``).

    Args:
        ending: What ends the draft, when it is not the draft's own end (``match 1``), for the message.

    Raises:
        InvalidInput: the count of players, or the budget, saying what to do.
    """
    rules = data_of(pack).rules
    ends = f"{ending} would end the draft of {team.name} (a team's first match ends its draft), but " if ending else ""
    count = len(permanent(team))
    if count < rules.min_players:
        short = rules.min_players - count
        before = "before its first match" if ending else "first"
        msg = (
            f"{ends}a drafted team has {rules.min_players} to {rules.max_players} players and {team.name} has "
            f"{count}: hire {short} more {before}"
        )
        raise InvalidInput(msg)
    if count > rules.max_players:
        msg = (
            f"{ends}a drafted team has {rules.min_players} to {rules.max_players} players and {team.name} has "
            f"{count}: fire {count - rules.max_players} first"
        )
        raise InvalidInput(msg)
    check_created_budget(pack, team, ending=ends)


def check_created_budget(pack: RulePack, team: Sheet, *, ending: str = "") -> None:
    """Refuse a team that never played whose creation gave it a treasury over the Team Draft Budget (its first
    draft's budget: what the budget does not spend stays in the treasury, so a larger one is a larger budget). No
    hire or fire in its draft mends that; a re-draft's budget is its own, checked where it is given.

    Raises:
        InvalidInput: the treasury it was created with, and what to do.
    """
    created = None if team.stats.get("played") else created_with(team)
    if created is not None:
        budget = data_of(pack).rules.budget
        check_budget(
            pack,
            created,
            f", and {team.name} was created with {created:,} gp",
            f"create it again without a treasury (the budget is the default), or amend its creation, entry 1, to "
            f"pools treasury:{budget}",
            ending=ending,
        )


def check_budget(pack: RulePack, amount: int, given: str, fix: str, *, ending: str = "") -> None:
    """Refuse a league team's draft budget over the rules' Team Draft Budget (``[draft] budget``, 1,000,000 gp):
    ``given`` says what came (``, got budget=2,000,000``) and ``fix`` what to do. A league that drafts on another
    budget says so in its pack's data; a Matched Play team has its own budget
    (:func:`~progression_bloodbowl.queries.quote_matched_play`).

    Raises:
        InvalidInput: ``amount`` is more than the budget.
    """
    budget = data_of(pack).rules.budget
    if amount > budget:
        msg = f"{ending}a team is drafted on the Team Draft Budget, {budget:,} gp at most{given}: {fix}"
        raise InvalidInput(msg)


def created_with(team: Sheet) -> int | None:
    """The treasury ``team`` was created with (the budget of its first draft), from its ledger's first entry; None
    for a team whose ledger does not start with its creation."""
    first = team.ledger[0] if team.ledger else None
    for event in first.events if isinstance(first, Entry) else (first,):
        if isinstance(event, Created):
            return event.pools.get("treasury", 0)
    return None
