"""The order of the post-match sequence, in one place: where a team stands, and the check every step makes.

The team's ledger records how far the sequence of its last recorded match went, as the tag
``postmatch`` (:data:`SEQUENCE_TAG`, written ``season:match:stage``): recording the outcome opens
the sequence, each step that closes the way back (Dedicated Fans, the first step-4 operation,
Expensive Mistakes) moves it on. Every operation of the sequence calls :func:`enter` first, so the
command line's actions, :class:`~progression_bloodbowl.PostMatch` and a direct call refuse the same
orders with the same sentence, and ``verify`` and ``amend`` check them again::

    1 outcome and winnings   2 Dedicated Fans   3 player advancement
    4 hiring, firing and temporary retirement: remove the dead, hire, fire, staff, journeymen
    5 expensive mistakes     6 prepare for the next fixture

A team outside any sequence (a draft, before its first match of the season) hires and fires freely;
once a match is recorded, its steps come in order until the next match opens the next sequence.
Moving past step 3 waits while a player must still advance (unless the league turned the rule off);
moving into step 4 removes the dead (:func:`remove_dead`), and moving past it lets unhired journeymen go
(:func:`release_journeymen`).
"""

from __future__ import annotations

import functools
import warnings

import attrs

import progression
from progression import Effect, RulePack, Sheet, Work, operation
from progression.errors import InvalidInput, OutOfOrder, PendingState, RequirementNotMet, Sentence, Way

from ..data.access import data_of
from ..data.matched_play import BUDGET_TAG
from .results import numbers, season_of

__all__ = [
    "LEAGUE_WAY_BACK",
    "SEQUENCE_TAG",
    "STAGES",
    "STANDING_WORDS",
    "STEP_WORDS",
    "WAY_BACK",
    "Standing",
    "check",
    "check_advancement_done",
    "check_closed",
    "check_ended",
    "enter",
    "reached",
    "release_journeymen",
    "remove_dead",
    "retire_stage",
    "standing",
]

#: The steps of the sequence, in the order the rules impose.
STAGES = ("outcome", "fans", "advancement", "dead", "hire", "fire", "staff", "journeymen", "mistakes", "prepare")
#: Each step's place: 1 for the outcome ... 10 for preparing the next fixture.
PLACE = {stage: index for index, stage in enumerate(STAGES, 1)}
#: The team tag that records where the team stands in the sequence of its last recorded match.
SEQUENCE_TAG = "postmatch"
#: The steps that are step 4 of the rules (hiring, firing and temporary retirement).
STEP_FOUR = range(PLACE["dead"], PLACE["journeymen"] + 1)
#: Where a team stands, in the rules' words (``at step 2 (Dedicated Fans updated)``): the ``postmatch`` tag holds
#: the stage's id, which no sentence shows.
STANDING_WORDS = {
    "outcome": "step 1 (the outcome recorded)",
    "fans": "step 2 (Dedicated Fans updated)",
    "advancement": "step 3 (advancements)",
    "dead": "step 4 (the dead have left)",
    "hire": "step 4 (hiring)",
    "fire": "step 4 (firing)",
    "staff": "step 4 (staff)",
    "journeymen": "step 4 (journeymen)",
    "mistakes": "step 5 (Expensive Mistakes)",
    "prepare": "step 6 (ready for the next fixture)",
}
#: The way back from a step already done, as a refusal names it: the team's last entries taken back, by
#: ``progression.undo`` in Python and ``progression sheet undo FILE`` on a team's file. A league's store keeps every
#: entry of its teams: no command takes one back (its command line says so instead, in its own words:
#: :data:`LEAGUE_WAY_BACK`), and in Python ``League.store.amend`` replaces one.
WAY_BACK = Way(python="progression.undo, or League.store.amend in a league's store", command="sheet undo")
#: What a league's command line says in place of :data:`WAY_BACK`.
LEAGUE_WAY_BACK = (
    "League.store.amend(TEAM, N, operation), in Python, which replaces entry N of the team: the league's command "
    "line takes no entry back"
)
#: What a stage does, in the rules' words, as a refusal names the step asked for (``hiring (step 4)``).
STEP_WORDS = {
    "outcome": "recording the outcome (step 1)",
    "fans": "updating Dedicated Fans (step 2)",
    "advancement": "player advancement (step 3)",
    "dead": "removing the dead (step 4)",
    "hire": "hiring (step 4)",
    "fire": "firing (step 4)",
    "staff": "staff and re-rolls (step 4)",
    "journeymen": "hiring journeymen (step 4)",
    "mistakes": "Expensive Mistakes (step 5)",
    "prepare": "preparing for the next fixture (step 6)",
}


@attrs.frozen(kw_only=True)
class Standing:
    """Where a team stands: the match whose sequence is open (or ended) and the last step it reached."""

    #: The season the match was played in.
    season: int
    #: The match number.
    number: int
    #: The place of the last step reached (1 = the outcome recorded, 9 = Expensive Mistakes).
    place: int

    @property
    def stage(self) -> str:
        """The name of the last step reached."""
        return STAGES[self.place - 1]


def standing(team: Sheet) -> Standing | None:
    """Where ``team`` stands in the sequence of its last match this season; None outside any (no match recorded
    this season, or a file written before the sequence was recorded).

    Raises:
        InvalidInput: a ``postmatch`` tag that is not ``season:match:stage`` (a hand-edited file), named.
    """
    tag = team.tags.get(SEQUENCE_TAG)
    if tag is None:
        return None
    read = _read_standing(str(tag))
    if read is None:
        msg = f"the {SEQUENCE_TAG} tag of {team.name} is season:match:stage such as '1:2:fans', got {tag!r}"
        raise InvalidInput(msg)
    return read if read.season == season_of(team) else None


@functools.lru_cache(maxsize=4096)
def _read_standing(tag: str) -> Standing | None:
    """The standing a ``postmatch`` tag writes, or None when it is not ``season:match:stage`` (read once per tag
    and shared: every step of every match reads where its team stands)."""
    season, number, stage = [*tag.split(":"), "", ""][:3]
    if not (season.isascii() and season.isdigit() and number.isascii() and number.isdigit() and stage in PLACE):
        return None
    return Standing(season=int(season), number=int(number), place=PLACE[stage])


def _unrecorded(team: Sheet) -> Standing | None:
    """Where a team stands whose file was written before the sequence was recorded (no ``postmatch`` tag): in
    the sequence of its last match this season not yet closed, at Dedicated Fans, as the command line's ``match``
    left it; None when every match is closed, or none recorded (a draft)."""
    if team.kind != "team" or BUDGET_TAG in team.tags:  # a Matched Play team plays no league and no sequence
        return None
    if not team.stats.get("played"):  # never played: a draft, read without walking its ledger
        return None
    recorded, ended = numbers(team)
    open_ = recorded - ended
    return Standing(season=season_of(team), number=max(open_), place=PLACE["fans"]) if open_ else None


@functools.lru_cache(maxsize=4096)
def reached(season: int, number: int, stage: str) -> tuple[Effect, str]:
    """What records that the team reached ``stage`` of match ``number``'s sequence: the effect on the team
    and its reason (made once, shared: every team of a league moves through the same steps)."""
    effect = Effect(tags={SEQUENCE_TAG: f"{season}:{number}:{stage}"})
    return effect, f"match {number}: post-match sequence at {stage!r} (step {_step(stage)})"


def _step(stage: str) -> int:
    """The step of the rules a stage belongs to (1 to 6)."""
    place = PLACE[stage]
    return place if place <= 3 else 4 if place in STEP_FOUR else place - 4


def check_advancement_done(pack: RulePack, team: Sheet, *, obliged: bool = True) -> None:
    """Step 3 of the post-match sequence is done: no player waits for a decision, and (unless the league turned
    the rule off with ``obliged=False``) none holds so many SPP that he must advance.

    Raises:
        PendingState: a player waits to keep one of two rolled skills.
        RequirementNotMet: a player must still advance; each one named.
    """
    waiting = [
        f"{p.name} (#{m}) waits for a decision" + (f": {p.pending.question[0]}" if p.pending.question else "")
        for m, p in sorted(team.members.items())
        if p.pending is not None
    ]
    if waiting:
        raise PendingState("; ".join(waiting) + "; the post-match sequence goes on once it is made")
    if obliged:
        from ..players.player import obliged_to_advance

        must = {m: said for m, p in sorted(team.members.items()) if (said := obliged_to_advance(pack, p))}
        if must:
            who = ", ".join(f"member={m}" for m in must)
            way_out = (
                f"advance first (the action advance, {who}), or, where the league has turned the rule off, give "
                "must_advance=no to this action (must_advance=False in Python)"
            )
            raise RequirementNotMet(
                upgrade="player advancement",
                missing=[*must.values(), way_out],
                head="The post-match sequence waits for an advancement",
            )


def _obliged(pack: RulePack, must_advance: bool | None) -> bool:
    return data_of(pack).rules.advancement.must_advance if must_advance is None else must_advance


def check(
    pack: RulePack, team: Sheet, stage: str, *, number: int | None = None, must_advance: bool | None = None
) -> Standing | None:
    """Refuse ``stage`` where the team stands; return where it stands.

    Args:
        stage: one of :data:`STAGES`.
        number: the match whose sequence the step belongs to (``PostMatch`` knows it); None for a step asked
            without one (the command line's ``hire``), which belongs to the open sequence, if any.
        must_advance: the league's switch for the must-advance rule (None: the pack's rule).

    Raises:
        OutOfOrder: a step out of order, or one of another match's sequence.
        PendingState: moving past step 3 while a player waits for a decision.
        RequirementNotMet: moving past step 3 while a player must still advance.
    """
    target = PLACE[stage]
    msg: str | Sentence
    if stage == "outcome":
        return standing(team)
    now = standing(team) or _unrecorded(team)
    if now is None or (number is not None and now.number != number):
        if number is None and stage not in ("fans", "mistakes", "prepare"):
            return now  # outside any sequence: the draft, before the first match of the season
        if now is not None and number in numbers(team)[0]:
            msg = (
                f"the post-match sequence of match {number} was left when match {now.number} was recorded: "
                f"{team.name} stands in the sequence of match {now.number}"
            )
        else:
            msg = f"record the outcome of {f'match {number}' if number is not None else 'the match'} first"
        raise OutOfOrder(msg)
    where = f"the post-match sequence of match {now.number}"
    if target < now.place or (target == now.place and stage in ("fans", "mistakes", "prepare")):
        if stage == "fans":
            msg = f"{where}: Dedicated Fans are updated once, right after the outcome is recorded"
        elif stage == now.stage == "prepare":
            msg = f"{where}: the next fixture is already prepared (step 6); the next match opens the next sequence"
        elif now.stage in ("mistakes", "prepare"):
            msg = Sentence(
                (
                    f"{where} has ended, at {STANDING_WORDS[now.stage]}: {STEP_WORDS[stage]} comes before it; it "
                    "waits for the next match's sequence (the way back is ",
                    WAY_BACK,
                    ")",
                )
            )
        else:
            msg = Sentence(
                (
                    f"{where}: {STEP_WORDS[stage]} comes before {STEP_WORDS[now.stage]}, already done: the way back is ",
                    WAY_BACK,
                )
            )
        raise OutOfOrder(msg)
    if target > PLACE["fans"] and now.place < PLACE["fans"]:
        msg = f"{where}: update the Dedicated Fans (step 2) before going on"
        raise OutOfOrder(msg)
    if stage == "prepare" and now.place < PLACE["mistakes"]:
        msg = f"{where}: Expensive Mistakes (step 5) come before preparing for the next fixture"
        raise OutOfOrder(msg)
    if now.place <= PLACE["advancement"] < target:
        check_advancement_done(pack, team, obliged=_obliged(pack, must_advance))
    return now


def check_closed(team: Sheet, number: int) -> None:
    """Refuse to record match ``number`` while the sequence of the team's last match is still open: its
    advancements, hiring and Expensive Mistakes cannot be skipped by playing on.

    Raises:
        OutOfOrder: the last match's sequence has not reached Expensive Mistakes (step 5).
    """
    now = standing(team) or _unrecorded(team)
    if now is not None and now.number != number:
        check_ended(team, f"recording match {number}")


def check_ended(team: Sheet, what: str) -> None:
    """Refuse ``what`` (a play-off prize, the season's end) while the sequence of the team's last match is open.

    Raises:
        OutOfOrder: the last match's sequence has not reached Expensive Mistakes (step 5).
    """
    now = still_open(team)
    if now is not None:
        # a league refuses an open sequence before any team runs (store.season_end.check_sequences_ended), naming
        # its own command: the command line meets this one on a team's file only
        closes = Way(
            python=f"progression_bloodbowl.operations.expensive_mistakes(pack, team, dice, number={now.number}), or "
            f"League.act(TEAM, 'close', "
            f"number={now.number}) in a league's store",
            command="sheet do",
            args=f"close number={now.number}",
        )
        raise OutOfOrder(still_open_sentence(now, Sentence((closes,)), what))


def still_open_sentence(now: Standing, commands: Sentence, what: str) -> Sentence:
    """Why ``what`` is refused while a team's last sequence stands ``now``, open: the sentence the rules say on a
    team's sheet and a league says of one team, with ``commands``, the ways that close it."""
    return Sentence(
        (
            f"the post-match sequence of match {now.number} is still open, at {STANDING_WORDS[now.stage]}: end it "
            "with Expensive Mistakes (step 5: ",
            commands,
            f") before {what}",
        )
    )


def still_open(team: Sheet) -> Standing | None:
    """Where ``team`` stands in the sequence of its last match when that sequence is still open (Expensive
    Mistakes, step 5, not reached); None when it ended, or no match was recorded this season."""
    now = standing(team) or _unrecorded(team)
    return now if now is not None and now.place < PLACE["mistakes"] else None


def retire_stage(team: Sheet) -> str:
    """The step a temporary retirement takes: any of step 4, so the one the team stands at (into step 4 if
    it stands before it; after it, the one it comes back to, which is refused: ``retire`` refuses first, in the
    words of the player's injury, :func:`~progression_bloodbowl.team.journeymen.refuse_retiring_too_late`)."""
    now = standing(team)
    if now is None or now.place < PLACE["dead"] or now.place > STEP_FOUR[-1]:
        return "dead"
    return now.stage


def enter(work: Work, stage: str, *, number: int | None = None, must_advance: bool | None = None) -> None:
    """Check ``stage`` (:func:`check`) and move the work's team to it: into step 4 the dead leave, past it
    unhired journeymen go (each an operation of its own, nested in the work's), and a step that closes the
    way back is recorded on the team. Nothing changes outside any sequence, or when the team stays where it is.
    """
    now = check(work.pack, work.sheet, stage, number=number, must_advance=must_advance)
    target = PLACE[stage]
    if now is None or target <= now.place:
        return
    if now.place < PLACE["dead"] <= target and _dead_of(work.sheet):
        work.run(_remove_dead.operation())  # type: ignore[attr-defined]
    if now.place < PLACE["mistakes"] <= target and _journeymen_of(work.sheet):
        work.run(_release_journeymen.operation())  # type: ignore[attr-defined]
    if target == PLACE["advancement"]:
        return  # advancing closes no way back: step 4 may still follow, and more advancements
    work.adjust(*reached(now.season, now.number, stage))


def _pack_and_team(pack: RulePack | Sheet, team: Sheet | None, name: str) -> tuple[RulePack, Sheet]:
    """The pack and the team of a call, also of the older call without the pack (``name(team)``)."""
    if team is not None:
        return pack, team  # type: ignore[return-value]
    warnings.warn(
        f"{name}(team) is deprecated: pass the pack first, {name}(pack, team), so that the change is an operation",
        DeprecationWarning,
        stacklevel=3,
    )
    return progression.load("bloodbowl"), pack  # type: ignore[return-value]


def release_journeymen(pack: RulePack | Sheet, team: Sheet | None = None) -> Sheet:
    """Journeymen who were not hired leave the team (one entry; the team unchanged when there are none)."""
    rules, team = _pack_and_team(pack, team, "release_journeymen")
    return _release_journeymen(rules, team) if _journeymen_of(team) else team


def _journeymen_of(team: Sheet) -> list[str]:
    return [m for m, p in sorted(team.members.items()) if "journeyman" in p.tags]


@operation("bloodbowl.release_journeymen", kind="team", label=lambda op: "journeymen leave")
def _release_journeymen(work: Work) -> None:
    """Journeymen who were not hired leave the team."""
    for member in _journeymen_of(work.sheet):
        work.leave(member, "journeyman not hired")


def remove_dead(pack: RulePack | Sheet, team: Sheet | None = None) -> Sheet:
    """Dead players leave the roster (one entry; the team unchanged when there are none)."""
    rules, team = _pack_and_team(pack, team, "remove_dead")
    return _remove_dead(rules, team) if _dead_of(team) else team


def _dead_of(team: Sheet) -> list[str]:
    return [m for m, p in sorted(team.members.items()) if "dead" in p.tags]


@operation("bloodbowl.remove_dead", kind="team", label=lambda op: "the dead leave the roster")
def _remove_dead(work: Work) -> None:
    """Dead players leave the roster."""
    for member in _dead_of(work.sheet):
        work.leave(member, "dead")
