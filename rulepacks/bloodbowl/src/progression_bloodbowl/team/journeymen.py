"""Who comes and goes around a match: journeymen taken on to reach 11 and hired for good, a player with a
Lasting Injury temporarily retired. The dead and the unhired journeymen leave as the post-match sequence
moves on (:func:`~progression_bloodbowl.team.sequence.remove_dead`,
:func:`~progression_bloodbowl.team.sequence.release_journeymen`)."""

from __future__ import annotations

from collections.abc import Sequence

from progression import Effect, Sheet, Work, operation
from progression.errors import InvalidInput, LimitReached, RequirementNotMet, Sentence, UnknownName
from progression.operations import Adjust

from ..data.access import data_of
from ..data.words import reads, team_position
from ..players.player import new_player
from .results import lasting_injury_in
from .roster import available_count, check_funds, next_id, number_given, permanent, roster_of
from .sequence import STANDING_WORDS, STEP_FOUR, WAY_BACK, Standing, enter, retire_stage, standing
from .values import current_value

__all__ = ["add_journeymen", "hire_journeyman", "refuse_retiring_too_late", "retire"]


@reads(position=team_position)
@operation("bloodbowl.add_journeymen", kind="team", label=lambda op: "journeymen join")
def add_journeymen(work: Work, names: Sequence[str] = (), *, position: str | None = None) -> None:
    """Before a match: add journeymen until 11 players can play (Loner (4+), from a 0-16 Lineman position: the
    first, or ``position``, by its id or its displayed name), named by ``names`` in order (no more names than
    journeymen join: a name left over is refused, not dropped)."""
    pack, team = work.pack, work.sheet
    data, roster = roster_of(pack, team)
    choices = [p for p in roster.positions if "lineman" in p.keywords and p.max >= 16]
    spec = next((p for p in choices if p.id == position), None) if position else (choices[0] if choices else None)
    if spec is None:
        raise UnknownName("journeyman position", position, [p.id for p in choices], f"the {roster.label.en} roster")
    needed = data.rules.journeyman_fill_to - available_count(team)
    if needed <= 0:
        msg = f"{team.name} has {available_count(team)} players able to play; journeymen join only to reach {data.rules.journeyman_fill_to}"
        raise InvalidInput(msg)
    if len(names) > needed:
        taken = f"{needed} journeyman joins" if needed == 1 else f"{needed} journeymen join"
        msg = (
            f"{team.name} has {available_count(team)} players able to play: {taken} to reach "
            f"{data.rules.journeyman_fill_to}, but {len(names)} names were given ({', '.join(names)}); give at most "
            f"{needed}"
        )
        raise InvalidInput(msg)
    for n in range(needed):
        member = next_id(work.sheet)
        name = names[n] if n < len(names) else f"Journeyman {member}"
        work.join(member, new_player(pack, roster.id, spec.id, name, journeyman=True))
    work.adjust(*number_given(member))


@operation("bloodbowl.hire_journeyman", kind="team", label=lambda op: f"hire journeyman #{op.member}")
def hire_journeyman(work: Work, member: str, *, must_advance: bool | None = None) -> None:
    """Hire a journeyman who played for good (step 4 of the post-match sequence): his Current Value from the
    treasury; he loses Loner and keeps his SPP."""
    enter(work, "journeymen", must_advance=must_advance)
    pack, team = work.pack, work.sheet
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
    work.spend({"treasury": price}, upgrade="hire_journeyman", choice=member)
    with work.step("hired for good", member=member):
        work.adjust(effect, f"hired for good; loses {data.name(trait).en}")


def _unretired(team: Sheet, member: str, now: Standing | None) -> str | Sentence | None:
    """Why ``member`` cannot be temporarily retired where the team stands (``now``), or None when he can."""
    player = team.member(member)
    if player.stats["lasting_injuries"] < 1:
        return f"{player.name} has suffered no Lasting Injury"
    if "retired" in player.tags:
        return f"{player.name} is already temporarily retired"
    if now is None or not lasting_injury_in(team, member, now.number):
        when = "no post-match sequence is open" if now is None else f"he suffered none in match {now.number}"
        return f"{when}: a player is retired in the post-match sequence of the match he suffered one in"
    if now.place > STEP_FOUR[-1]:
        return Sentence(
            (
                f"the post-match sequence of match {now.number}, in which he suffered his Lasting Injury, has ended, "
                f"at {STANDING_WORDS[now.stage]}: retiring him for that injury is no longer possible (a player is "
                "retired in step 4 of that sequence; the way back to it is ",
                WAY_BACK,
                ")",
            )
        )
    return None


def _check_retired(team: Sheet, member: str, now: Standing | None) -> None:
    why = _unretired(team, member, now)
    if why is not None:
        head = f"{team.member(member).name} cannot be temporarily retired"
        refused = RequirementNotMet(upgrade="retire", missing=[str(why)], head=head)
        if isinstance(why, Sentence):  # the way back it names, said in each interface's words
            refused.worded = Sentence((f"{head}: ", why))
        raise refused


def refuse_retiring_too_late(team: Sheet, member: str) -> None:
    """Refuse to retire ``member`` once the sequence of the team's last match has moved past step 4 (Expensive
    Mistakes done): in the words of the player and his injury (for the injury of that match, retiring him is no
    longer possible), not the sequence's, whose step asked late waits for the next match's sequence: a
    retirement never does. Nothing is refused before step 5.

    Raises:
        RequirementNotMet: past step 4, always: why this player cannot be retired.
    """
    now = standing(team)
    if now is not None and now.place > STEP_FOUR[-1]:
        _check_retired(team, member, now)


@operation("bloodbowl.retire", kind="team", label=lambda op: f"retire #{op.member}")
def retire(work: Work, member: str, *, must_advance: bool | None = None) -> None:
    """Temporarily retire a player who suffered a Lasting Injury in the match whose post-match sequence is open,
    for the rest of the season (step 4 of that sequence, at any point of it): the coach decides after the injury,
    not in a later match's sequence, nor once that sequence has moved past step 4.

    He stays on the roster and counts toward 16, but leaves CTV and may not play.
    """
    refuse_retiring_too_late(work.sheet, member)
    enter(work, retire_stage(work.sheet), must_advance=must_advance)
    _check_retired(work.sheet, member, standing(work.sheet))
    work.run(
        Adjust(effect=Effect(tags={"retired": "season"}), reason="temporarily retired for the season", member=member)
    )
