"""The end of a season: off-season recovery, a new season, and the re-draft.

:func:`~progression_bloodbowl.new_season` is the off-season, one ledger entry: Miss Next Game cleared, each Niggling
Injury rolled off (D6 4+, +1 with an Apothecary), temporarily retired players back, and the
season number moved on. :func:`~progression_bloodbowl.operations.redraft` is the whole end of season for a league that re-drafts:
the budget earned in the season ending, the off-season, the players re-hired (Current Value plus
an agent fee per season played), staff, re-rolls and Dedicated Fans bought again, new hires, and
what is left of the budget kept as the treasury, all as one ledger entry.

A season cannot end while the team holds the inducements of a match (Star Players, ``induced.*``):
they are for that match only, and recording its outcome ends them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from progression import Dice, Effect, RulePack, Sheet, Work, operation
from progression.errors import InvalidInput, Sentence, UnknownName
from progression.events import Adjusted, Step

from ..data.access import data_of
from ..data.league_rules import Recovery
from ..data.model import CHARACTERISTICS
from ..data.words import position_named, possessive
from ..team import roster
from ..team.results import check_team, joined_in, results, season_of
from ..team.sequence import WAY_BACK, check_ended
from ..team.values import Explanation, Item, current_value, roster_order

__all__ = [
    "RETIREMENT",
    "agent_fee",
    "new_season",
    "redraft",
    "redraft_budget",
    "reductions",
    "season_end_rolls",
    "seasons_played",
]

#: What becomes of temporarily retired players at a new season: ``fit`` (the seed and BB2020: back fit and
#: healthy, every characteristic reduction removed) or ``roll`` (BB2025: each reduction removed on a D6 4+,
#: +1 with an Apothecary).
RETIREMENT = ("fit", "roll")


#: The start of the reason of a re-draft's budget on the ledger (:func:`~progression_bloodbowl.operations.redraft`),
#: the season ending after it.
REDRAFT_BUDGET = "re-draft budget after season "


def reductions(player: Sheet) -> list[tuple[str, int]]:
    """The characteristic reductions a player's Lasting Injuries left and no recovery took back:
    ``(characteristic, change)`` in the order suffered."""
    left: list[tuple[str, int]] = []
    stack = list(reversed(player.ledger))
    while stack:
        event = stack.pop()
        if isinstance(event, Step):
            stack.extend(reversed(event.events))
            continue
        if not isinstance(event, Adjusted) or not event.effect.stats.get("lasting_injuries"):
            continue
        changed = [(c, d) for c, d in event.effect.stats.items() if c in CHARACTERISTICS and d]
        if event.effect.stats["lasting_injuries"] > 0:
            left.extend(changed)
        else:
            for characteristic, delta in changed:
                undone = (characteristic, -delta)
                if undone in left:
                    left.remove(undone)
    return left


@attrs.frozen
class _Die:
    """A die the off-season rolled for a player, to show in his history."""

    label: str
    sides: int
    roll: int


#: A change the off-season makes to a player: a die shown, or an adjustment ``(effect, reason)``.
_Change = _Die | tuple[Effect, str]


def _roll(dice: Dice, rule: Recovery, bonus: bool, label: str, changes: list[_Change]) -> tuple[int, bool]:
    (roll,) = dice.roll(rule.sides, 1, label)
    changes.append(_Die(label, rule.sides, roll))
    return roll, roll + (rule.apothecary_bonus if bonus else 0) >= rule.target


def _recovery(work: Work, member: str, dice: Dice | None, retirement: str) -> list[_Change]:
    """What the off-season does to one player, in order, its dice rolled (nothing when nothing happens to him)."""
    league = data_of(work.pack).rules.league
    player = work.sheet.members[member]
    apothecary = work.sheet.stats["apothecary"] > 0
    plus = " +1 (Apothecary)" if apothecary else ""
    changes: list[_Change] = []
    untag = [t for t in ("miss_next",) if t in player.tags and league.miss_next_cleared]
    if dice is not None:
        for n in range(player.stats["niggling"]):
            roll, healed = _roll(dice, league.niggling, apothecary, f"#{member} Niggling Injury {n + 1}", changes)
            if healed:
                changes.append(
                    (Effect(stats={"niggling": -1}), f"off-season: D6 {roll}{plus}, a Niggling Injury heals")
                )
    if "retired" in player.tags:
        untag.append("retired")
        for characteristic, delta in reductions(player):
            name = characteristic.upper()
            effect = Effect(stats={characteristic: -delta, "lasting_injuries": -1})
            if retirement == "fit":
                changes.append((effect, f"off-season: back fit, the {name} reduction is removed"))
                continue
            if dice is None:  # new_season refuses it first; never an assert, which python -O removes
                msg = f"retirement=roll rolls a D6 for #{member} {possessive(name)} reduction: give dice"
                raise InvalidInput(msg)
            roll, healed = _roll(dice, league.retirement, apothecary, f"#{member} {name} reduction", changes)
            if healed:
                changes.append((effect, f"off-season: D6 {roll}{plus}, the {name} reduction is removed"))
    if untag:
        back = "back from temporary retirement" if "retired" in untag else "fit again"
        changes.append((Effect(untag=tuple(untag)), f"a new season: {back}"))
    return changes


def _recover(work: Work, member: str, dice: Dice | None, retirement: str) -> None:
    """The off-season of one player: one change on him, or a step of them (nothing when nothing happens to him).

    The dice are rolled first, through ``work.dice`` (each roll is in the entry), and shown after: whether
    the changes make a step depends on what they gave."""
    changes = _recovery(work, member, dice, retirement)
    if not changes:
        return
    if len(changes) == 1:
        _change(work, changes[0], member)
        return
    with work.step("off-season", member=member):
        for change in changes:
            _change(work, change, None)


def _change(work: Work, change: _Change, member: str | None) -> None:
    if isinstance(change, _Die):
        work.show_roll(change.label, change.sides, (change.roll,), member=member)
    else:
        work.adjust(*change, member=member)


def season_end_rolls(pack: RulePack, team: Sheet, *, retirement: str | None = None) -> tuple[str, ...]:
    """The dice the season's end rolls for ``team``'s players, one sentence per player in roster order: a D6 for
    each Niggling Injury (healed on 4+, +1 with an Apothecary), and under ``retirement="roll"`` a D6 for each
    characteristic reduction of a temporarily retired player (removed on 4+, +1 with an Apothecary); ``None``
    (the rule is given when the season ends) says what each rule does.

    A re-draft kept for the season's end is tried at once without dice (:meth:`League.plan_redraft
    <progression_bloodbowl.types.League.plan_redraft>`): this says what that trial did not roll, and the season's
    end will. The rolls change no price: a Current Value does not count injuries.

    Raises:
        InvalidInput: not a league team. UnknownName: a ``retirement`` that is neither ``fit`` nor ``roll``.
    """
    team = check_team(team, "the rolls of the season's end")
    if retirement is not None and retirement not in RETIREMENT:
        raise UnknownName("retirement rule", str(retirement), RETIREMENT, "the rolls of the season's end")
    league = data_of(pack).rules.league
    apothecary = team.stats["apothecary"] > 0

    def die(rule: Recovery) -> str:
        bonus = f" (+{rule.apothecary_bonus} with the Apothecary)" if apothecary and rule.apothecary_bonus else ""
        return f"a D{rule.sides} each, {rule.target}+{bonus}"

    said = []
    for member, player in roster_order(team):
        rolls = []
        niggling = player.stats.get("niggling", 0)
        if niggling:
            rolls.append(f"{niggling} Niggling Injur{'y' if niggling == 1 else 'ies'} to heal: {die(league.niggling)}")
        reduced = ", ".join(c.upper() for c, _ in reductions(player)) if "retired" in player.tags else ""
        if reduced and retirement != "fit":
            roll = f"the reduction{'s' if ',' in reduced else ''} of {reduced} to remove: {die(league.retirement)}"
            rolls.append(roll if retirement == "roll" else f"back fit (retirement fit), or with retirement roll {roll}")
        if rolls:
            said.append(f"#{member} {player.name}: {'; '.join(rolls)}")
    return tuple(said)


def _check_season_end(team: object, dice: Dice | None, retirement: object, where: str) -> Sheet:
    """The league team whose season may end, or a refusal naming ``where``: not a team, a Matched Play
    team, inducements still held, an unknown retirement rule, or ``roll`` without dice."""
    checked = check_team(team, where)
    check_ended(checked, where)
    stars = [f"#{m} {p.name}" for m, p in sorted(checked.members.items()) if "star" in p.tags]
    money = ("induced.match", "induced.total", "induced.petty_cash", "induced.treasury")
    induced = [
        f"{k.removeprefix('induced.')} {v}" for k, v in sorted(checked.tags.items()) if k.startswith("induced.") and v
    ]
    fielded = [
        f"{k.removeprefix('induced.')} {v}"
        for k, v in sorted(checked.tags.items())
        if k.startswith("induced.") and k not in money and v
    ]
    if stars or induced:
        held = f"Star Players {', '.join(stars)}" if stars else f"inducements ({'; '.join(fielded or induced)})"
        number = checked.tags.get("induced.match", "?")
        said = Sentence(
            (
                f"{where} is refused: {checked.name} still holds {held} for match {number}; inducements are for one "
                "match: record its outcome first (an unplayed fixture too), which ends them, or take the inducements "
                "back (the way back is ",
                WAY_BACK,
                ")",
            )
        )
        raise InvalidInput(said)
    if not isinstance(retirement, str) or retirement not in RETIREMENT:
        raise UnknownName("retirement rule", str(retirement), RETIREMENT, where)
    if retirement == "roll" and dice is None:
        msg = f"{where} with retirement='roll' rolls a D6 per characteristic reduction: pass dice"
        raise InvalidInput(msg)
    return checked


def new_season(pack: RulePack, team: Sheet, dice: Dice | None = None, *, retirement: str = "fit") -> Sheet:
    """The off-season and a new season, as one ledger entry.

    Nobody misses a match any more and temporarily retired players come back. With ``dice``,
    each Niggling Injury is removed on a D6 4+ (+1 with an Apothecary), every roll recorded;
    without, no roll is made (the Niggling Injuries stay). Gained Hatred is not modelled by the pack.

    Args:
        retirement: ``fit`` (default, the seed's and BB2020's rule: back fit and healthy, every characteristic
            reduction removed) or ``roll`` (BB2025: each characteristic reduction of a retired player removed
            on a D6 4+, +1 with an Apothecary; needs dice).

    Raises:
        InvalidInput: not a league team, a team still holding a match's inducements (Star Players), an
            unknown ``retirement``, or ``roll`` without dice.
    """
    _check_season_end(team, dice, retirement, "a new season")
    return _season_turns(pack, team, retirement=retirement, rolled=dice is not None, dice=dice)


@operation("bloodbowl.new_season", kind="team", label=lambda op: "new season")
def _season_turns(work: Work, *, retirement: str, rolled: bool, dice: Dice | None) -> None:
    """The off-season and a new season (``rolled``: whether dice were given, so Niggling Injuries are rolled)."""
    given = dice if rolled else None
    _check_season_end(work.sheet, given, retirement, "a new season")
    _new_season(work, given, retirement)


def _new_season(work: Work, dice: Dice | None, retirement: str) -> None:
    """The off-season: journeymen not hired leave, each player recovers, the season number moves on."""
    season = season_of(work.sheet) + 1
    if any("journeyman" in p.tags for p in work.sheet.members.values()):
        work.run(work.pack.operations[_RELEASE_JOURNEYMEN]())
    for member, _ in roster_order(work.sheet):
        _recover(work, member, dice, retirement)
    work.adjust(Effect(tags={"season": str(season)}), f"season {season} begins")


#: The operation of :func:`~progression_bloodbowl.team.sequence.release_journeymen`, run as part of the off-season.
_RELEASE_JOURNEYMEN = "bloodbowl.release_journeymen"


# -- the re-draft ------------------------------------------------------------------------


def redraft_budget(pack: RulePack, team: Sheet, *, cap: int | None = None, capped: bool = True) -> Explanation:
    """The re-draft budget: 1,000,000 + the treasury + 20,000 per fixture played, 20,000 per win and
    10,000 per draw of the season ending, at most ``cap`` (the recommended 1,300,000 by default;
    ``capped=False`` for a league without a cap).

    Fixtures played are the league matches recorded this season: friendlies, unplayed fixtures and play-off games
    do not count (the rules count the League Fixtures, the regular season's).
    """
    check_team(team, "the re-draft budget")
    league = data_of(pack).rules.league
    played = [r for r in results(team) if r.kind == "league"]
    wins = sum(r.outcome == "win" for r in played)
    draws = sum(r.outcome == "draw" for r in played)
    items = [Item(label="re-draft budget", amount=league.base_budget, rule="re-draft")]
    if league.add_treasury:
        items.append(Item(label="treasury", amount=team.pools["treasury"], rule="re-draft: plus the treasury"))
    items += [
        Item(
            label=f"{len(played)} fixture(s) played x {league.per_fixture:,}",
            amount=len(played) * league.per_fixture,
            rule="re-draft: per fixture played",
        ),
        Item(label=f"{wins} win(s) x {league.per_win:,}", amount=wins * league.per_win, rule="re-draft: per win"),
        Item(label=f"{draws} draw(s) x {league.per_draw:,}", amount=draws * league.per_draw, rule="re-draft: per draw"),
    ]
    limit = league.recommended_cap if cap is None else cap
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        msg = f"a re-draft cap is a whole number of gold pieces >= 0, got {limit!r}"
        raise InvalidInput(msg)
    total = sum(i.amount for i in items)
    if capped and total > limit:
        items.append(Item(label=f"over the cap of {limit:,}", amount=limit - total, rule="re-draft: the league's cap"))
    return Explanation(what=f"re-draft budget of {team.name}", items=tuple(items))


def seasons_played(team: Sheet, member: str) -> int:
    """The seasons ``member`` has been on the team's roster, the current one included: from the season he
    joined to the team's, whether those seasons ended by :func:`~progression_bloodbowl.new_season` or by :func:`~progression_bloodbowl.operations.redraft`.

    Raises:
        InvalidInput: not a league team. UnknownName: a member not on the roster.
    """
    checked = check_team(team, "seasons played")
    return season_of(checked) - joined_in(checked, member) + 1


def agent_fee(pack: RulePack, team: Sheet, member: str) -> int:
    """The agent fee to re-hire ``member`` of ``team`` at the end of its season: 20,000 per season he was on
    the roster, the one ending included (``seasons_played``).

    Raises:
        InvalidInput: not a league team. UnknownName: a member not on the roster.
    """
    return data_of(pack).rules.league.agent_fee * seasons_played(team, member)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _ids(value: object) -> bool:
    return isinstance(value, list | tuple) and all(isinstance(member, str) for member in value)


#: Each of a re-draft's choices but ``players`` (checked pair by pair): what it is, in words, and whether a value
#: is one. ``keep`` and ``players`` may be lists or tuples (a re-draft kept in a store reads them as lists).
REDRAFT_CHOICES: dict[str, tuple[str, Callable[[object], bool]]] = {
    "keep": ("a list of the member ids to re-hire, such as ['1', '2']", _ids),
    "rerolls": ("a whole number >= 0", _whole),
    "assistant_coaches": ("a whole number >= 0", _whole),
    "cheerleaders": ("a whole number >= 0", _whole),
    "apothecary": ("True or False", lambda value: isinstance(value, bool)),
    "dedicated_fans": ("a whole number >= 0", _whole),
    "cap": ("None (the recommended cap) or a whole number of gold pieces >= 0", lambda v: v is None or _whole(v)),
    "capped": ("True or False (False: the budget has no cap)", lambda value: isinstance(value, bool)),
}


def check_redraft_choice(name: str, value: object) -> None:
    """Refuse one of a re-draft's choices of the wrong kind (:data:`REDRAFT_CHOICES`, ``players``), naming the
    choice, what it is and what came. Who may be kept is the team's to say (:func:`_check_keep`).

    Raises:
        InvalidInput: ``value`` is not what ``name`` is.
    """
    if name == "players":
        _check_players(value)
        return
    what, holds = REDRAFT_CHOICES[name]
    if not holds(value):
        msg = f"the re-draft's {name} is {what}, got {value!r:.60}"
        raise InvalidInput(msg)


def _check_keep(team: Sheet, keep: Sequence[str]) -> list[str]:
    """The players re-hired: each on the team's permanent roster, alive, once."""
    permanent = roster.permanent(team)
    for member in keep:
        if member not in permanent:
            raise UnknownName("player to re-hire", member, permanent, f"team {team.name!r}")
        if "dead" in team.members[member].tags:
            msg = f"#{member} {team.members[member].name} is dead and cannot be re-hired"
            raise InvalidInput(msg)
    if len(set(keep)) != len(keep):
        twice = sorted({m for m in keep if keep.count(m) > 1}, key=str)
        msg = f"each player is re-hired once, got #{' and #'.join(twice)} twice (keep={','.join(keep)})"
        raise InvalidInput(msg)
    return list(keep)


def _check_players(players: object) -> list[tuple[str, str]]:
    if not isinstance(players, list | tuple):
        msg = f"the re-draft's players is a list of (position, name) pairs, got {players!r:.60}"
        raise InvalidInput(msg)
    for n, entry in enumerate(players):
        if not isinstance(entry, list | tuple) or len(entry) != 2 or not all(isinstance(x, str) for x in entry):
            msg = f"the re-draft's players[{n}] is a (position, name) pair of texts, got {entry!r:.60}"
            raise InvalidInput(msg)
    return [(position, name) for position, name in players]


def _check_choices(choices: dict[str, object]) -> None:
    """Refuse the first of a re-draft's choices of the wrong kind, in the order they are given."""
    for name, value in choices.items():
        check_redraft_choice(name, value)


def redraft(
    pack: RulePack,
    team: Sheet,
    dice: Dice | None = None,
    *,
    keep: Sequence[str],
    players: Sequence[tuple[str, str]] = (),
    rerolls: int = 0,
    assistant_coaches: int = 0,
    cheerleaders: int = 0,
    apothecary: bool = False,
    dedicated_fans: int = 0,
    cap: int | None = None,
    capped: bool = True,
    retirement: str = "fit",
) -> Sheet:
    """The end of a season with a re-draft, as one ledger entry.

    The budget of the season ending (:func:`~progression_bloodbowl.queries.redraft_budget`) becomes the treasury; the off-season
    follows (:func:`~progression_bloodbowl.new_season`); the players in ``keep`` are re-hired at their Current Value plus the
    agent fee (:func:`~progression_bloodbowl.queries.agent_fee`, per season on the roster), the others leave; re-rolls, staff and Dedicated Fans start again
    and are bought at draft prices (the League Trophy's re-roll stays while held); ``players`` are
    hired as ``(position, name)``, a position by its id or its displayed name (``("Lineman", "Jo")``); what the
    budget does not spend stays in the treasury.

    Raises:
        ProgressionError: not a league team, inducements still held, an argument of the wrong kind (``keep``
            not a list of member ids, ``players`` not (position, name) pairs, a count not a whole number
            >= 0, ``apothecary`` or ``capped`` not a bool, ``cap`` neither None nor a whole number >= 0: each
            named with what came), an unknown or dead player to keep, over budget (naming the
            purchase), fewer than 11 or more than 16 players; nothing is changed.
    """
    checked = _check_season_end(team, dice, retirement, "a re-draft")
    choices: dict[str, object] = {
        "keep": keep,
        "players": players,
        "rerolls": rerolls,
        "assistant_coaches": assistant_coaches,
        "cheerleaders": cheerleaders,
        "apothecary": apothecary,
        "dedicated_fans": dedicated_fans,
        "cap": cap,
        "capped": capped,
    }
    _check_choices(choices)  # the arguments as given, before the operation keeps them
    _check_keep(checked, keep)
    roster = checked.tags.get("team")
    players = [(position_named(pack, roster, position), name) for position, name in players]
    return _redraft(
        pack,
        team,
        keep=keep,
        players=players,
        rerolls=rerolls,
        assistant_coaches=assistant_coaches,
        cheerleaders=cheerleaders,
        apothecary=apothecary,
        dedicated_fans=dedicated_fans,
        cap=cap,
        capped=capped,
        retirement=retirement,
        rolled=dice is not None,
        dice=dice,
    )


@operation("bloodbowl.redraft", kind="team", label=lambda op: "re-draft")
def _redraft(
    work: Work,
    *,
    keep: Sequence[str],
    players: Sequence[tuple[str, str]],
    rerolls: int,
    assistant_coaches: int,
    cheerleaders: int,
    apothecary: bool,
    dedicated_fans: int,
    cap: int | None,
    capped: bool,
    retirement: str,
    rolled: bool,
    dice: Dice | None,
) -> None:
    """The end of a season with a re-draft (``rolled``: whether dice were given)."""
    given = dice if rolled else None
    pack = work.pack
    team = _check_season_end(work.sheet, given, retirement, "a re-draft")
    _check_choices(
        {
            "keep": keep,
            "players": players,
            "rerolls": rerolls,
            "assistant_coaches": assistant_coaches,
            "cheerleaders": cheerleaders,
            "apothecary": apothecary,
            "dedicated_fans": dedicated_fans,
            "cap": cap,
            "capped": capped,
        }
    )
    keep = _check_keep(team, keep)
    players = _check_players(players)
    data = data_of(pack)
    budget = redraft_budget(pack, team, cap=cap, capped=capped).total
    change = budget - team.pools["treasury"]
    season = season_of(team)
    reason = f"{REDRAFT_BUDGET}{season}"  # the ledger's words: the story tells the budget beside them
    if change > 0:
        work.award("treasury", change, reason)
    elif change < 0:
        work.lose("treasury", -change, reason)
    with work.step(f"new season {season + 1}"):
        _new_season(work, given, retirement)
    # Every player not kept leaves, a temporarily retired one too: BB2025 retires those not re-hired.
    for member, _ in roster_order(work.sheet):
        if member not in keep:
            work.leave(member, f"not re-hired at the re-draft after season {season}")
    total = len(keep) + len(players)
    if not data.rules.min_players <= total <= data.rules.max_players:
        msg = (
            f"a re-drafted team has {data.rules.min_players} to {data.rules.max_players} players, got {total} "
            f"({len(keep)} re-hired, {len(players)} new)"
        )
        raise InvalidInput(msg)
    trophy = 1 if "league_trophy" in team.tags and data.rules.league.trophy_reroll else 0
    stats = work.sheet.stats
    start = {
        "rerolls": trophy - stats["rerolls"],
        "assistant_coaches": -stats["assistant_coaches"],
        "cheerleaders": -stats["cheerleaders"],
        "apothecary": -stats["apothecary"],
        "dedicated_fans": data.rules.fans["start"] - stats["dedicated_fans"],
    }
    work.adjust(
        Effect(stats={k: v for k, v in start.items() if v}, untag=("drafted",)),
        "re-draft: re-rolls, staff and Dedicated Fans start again, bought at draft prices",
    )
    for member in keep:
        player = work.sheet.members[member]
        seasons = seasons_played(team, member)
        value, fee = current_value(pack, player).total, agent_fee(pack, team, member)
        roster.check_funds(pack, work.sheet, "rehire", value + fee, name=f"Re-hiring {player.name}")
        why = f"re-hire #{member} {player.name}: Current Value {value:,} + agent fee {seasons} season(s) x {fee // seasons:,}"
        work.lose("treasury", value + fee, why)
        work.adjust(Effect(tags={"seasons": str(seasons)}), f"re-hired after season {season}", member=member)
    for position, name in players:
        work.run(roster.hire.operation(position=position, name=name))  # type: ignore[attr-defined]
    staff = roster.draft_staff.operation(  # type: ignore[attr-defined]
        rerolls=rerolls,
        assistant_coaches=assistant_coaches,
        cheerleaders=cheerleaders,
        apothecary=apothecary,
        dedicated_fans=dedicated_fans,
    )
    work.run(staff)
    work.run(roster.end_draft.operation())  # type: ignore[attr-defined]
