"""What a team of a league runs on itself between its matches, and what the league runs instead of the rest.

A league keeps what concerns two teams or all of them: a match is recorded on both teams and their fixture
at once (:meth:`~progression_bloodbowl.types.League.record`), a season ends for every team at once
(:meth:`~progression_bloodbowl.types.League.new_season`), and the league gives the play-off prizes
(:meth:`~progression_bloodbowl.types.League.award_prizes`). What is left to one team is its own post-match
sequence, steps 3 to 6 of the rules (advancements and the skill a random one paused on, hiring, firing,
staff, temporary retirement, journeymen, Expensive Mistakes, which close the sequence, and the
journeymen that ready it for the next fixture), and its draft, until its first match ends it.
:data:`TEAM_ACTIONS` names those of the pack's actions (``progression league do``) with the operations each
runs; :meth:`League.run <progression_bloodbowl.types.League.run>` runs those operations and refuses the
others, each refusal saying what to use instead (:data:`ELSEWHERE`).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING

import attrs

from progression import Entry, Operation, Sheet
from progression.dice import rolling_for
from progression.errors import InvalidInput, OutOfOrder, Sentence, UnknownName, Way
from progression.spelling import command_line

from ..match.corrections import operations_in

if TYPE_CHECKING:
    from .fixtures import Fixture

__all__ = [
    "ELSEWHERE",
    "JOINING",
    "TEAM_ACTIONS",
    "TEAM_OPERATIONS",
    "Elsewhere",
    "check_action",
    "check_operation",
    "check_own_entries",
    "in_league",
    "turn_of",
]

#: The pack's actions a team runs on itself inside a league, each with the operations it runs.
TEAM_ACTIONS: Mapping[str, tuple[str, ...]] = {
    "advance": ("purchase",),  # step 3
    "decide": ("decide",),  # step 3: the skill a random advancement paused on
    "hire": ("bloodbowl.hire",),  # step 4, or the draft
    "fire": ("bloodbowl.fire",),
    "staff": ("bloodbowl.buy_staff", "bloodbowl.fire_staff"),
    "retire": ("bloodbowl.retire",),
    "hire_journeyman": ("bloodbowl.hire_journeyman",),
    "close": ("bloodbowl.expensive_mistakes",),  # step 5, which ends the sequence
    "journeymen": ("bloodbowl.add_journeymen",),  # step 6: up to 11 able to play the next fixture
    "end_draft": ("bloodbowl.end_draft",),
}

#: Every operation a team runs on itself inside a league: its actions', and the steps no action runs alone
#: (:class:`~progression_bloodbowl.PostMatch` runs them: the dead leave, unhired journeymen go, the mark of
#: step 6; a draft's staff).
TEAM_OPERATIONS: frozenset[str] = frozenset(
    {tag for tags in TEAM_ACTIONS.values() for tag in tags}
    | {"bloodbowl.remove_dead", "bloodbowl.release_journeymen", "bloodbowl.draft_staff", "mark"}
)


@attrs.frozen(kw_only=True)
class Elsewhere:
    """Actions of the pack a team does not run on itself inside a league, their operations, and what to use
    instead."""

    actions: tuple[str, ...]
    operations: tuple[str, ...]
    #: What the league runs instead, or why nothing: the end of the refusal's sentence, its ways said in the
    #: words of the interface the refusal reaches (``League.record`` to a program, ``progression league record``
    #: on the command line).
    instead: Sentence
    #: Whether :meth:`League.run <progression_bloodbowl.types.League.run>` still runs the operations for this
    #: release, with a ``DeprecationWarning``: it ran them before, and they break nothing the league keeps.
    deprecated: bool = False


#: What the league runs instead of the pack's other actions.
ELSEWHERE: tuple[Elsewhere, ...] = (
    Elsewhere(
        actions=("match",),
        operations=("bloodbowl.match", "bloodbowl.record_outcome", "bloodbowl.update_fans"),
        instead=Sentence(
            (
                "a match is recorded on both teams and its fixture at once, with ",
                Way(python="League.record", command="league record", args="FIXTURE ..."),
            )
        ),
    ),
    Elsewhere(
        actions=("new_season", "redraft"),
        operations=("bloodbowl.new_season", "bloodbowl.redraft"),
        instead=Sentence(
            (
                "a season ends for every team of the league at once, with ",
                Way(python="League.new_season", command="league new-season"),
                ", each team's re-draft given first with ",
                Way(python="League.plan_redraft", command="league redraft", args="TEAM ..."),
            )
        ),
    ),
    Elsewhere(
        actions=("prize", "lose_trophy"),
        operations=("bloodbowl.prize", "bloodbowl.lose_trophy"),
        instead=Sentence(
            (
                "play-off prizes and the League Trophy are the league's to give at the end of a season, with ",
                Way(
                    python="League.award_prizes",
                    command="league prizes",
                    args="first=TEAM second=TEAM third=TEAM",
                ),
                " (the teams the play-offs placed first, second and third, by their ids)",
            )
        ),
        deprecated=True,
    ),
    Elsewhere(
        actions=("induce", "fireball", "zap"),
        operations=("bloodbowl.induce", "bloodbowl.cast"),
        instead=Sentence(
            (
                "inducements and spells belong to a match against another team: what they did to players is "
                "written in the match's record, with ",
                Way(
                    python="League.record (each Side's events and injuries)",
                    command="league record",
                    args="FIXTURE ... home.events=... home.injuries=...",
                ),
                ", and the league keeps no inducements yet",
            )
        ),
        deprecated=True,
    ),
    Elsewhere(
        actions=(),
        operations=("bloodbowl.matched_play_draft",),
        instead=Sentence(("a Matched Play team is drafted for one match, and is no team of a league",)),
    ),
)

#: What the refusal of an action or an operation the league does not know says to use instead.
_OTHER = Elsewhere(
    actions=(),
    operations=(),
    instead=Sentence(("a team runs on itself only its post-match sequence and its draft",)),
    deprecated=True,
)


#: Where the fixtures of the season are listed, by their numbers.
_FIXTURES = Way(python="League.fixtures()", command="league fixtures")


def _for_team(
    sentence: Sentence, team: str | None, fixture: Callable[[], tuple[Fixture, str] | None] | None = None
) -> Sentence:
    """``sentence`` with each way that is run for one team (its arguments start with ``TEAM``: ``league redraft
    FILE TEAM ...``) run for ``team``, when the refusal knows it; and each way run on a fixture (its arguments
    start with ``FIXTURE``: ``league record FILE FIXTURE ...``) run on the one ``fixture`` gives (the team's, found
    only when a refusal is said), named after it with what makes it that one, the words of a side said for the
    team's side (``away.events=...`` for the away team); else followed by where the fixtures are listed by
    number."""
    parts: list[str | Way] = []
    for part in sentence.parts:
        if isinstance(part, Way) and team is not None and part.args.startswith("TEAM "):
            part = attrs.evolve(part, args=f"{command_line(team)} {part.args.removeprefix('TEAM ')}")
        if not isinstance(part, Way) or not part.args.startswith("FIXTURE "):
            parts.append(part)
            continue
        told = fixture() if fixture is not None else None
        if told is None:
            parts += [part, " (the fixture by its number: ", _FIXTURES, " lists them)"]
            continue
        found, why = told
        side = "away" if team == found.away else "home"  # the team's own side, where a side's words are said
        rest = part.args.removeprefix("FIXTURE ").replace("home.", f"{side}.")
        said = f" (fixture {found.number}: {found.home} v {found.away}, {why})"
        call, _, aside = part.python.partition(" (")  # League.record (each Side's events ...): the call, its aside
        python = f"{call}({found.number}, ...)" + (f" ({aside}" if aside else "")
        parts += [attrs.evolve(part, python=python, args=f"{found.number} {rest}"), said]
    return Sentence(tuple(parts))


def check_action(
    action: str,
    actions: Collection[str],
    league: str,
    team: str | None = None,
    fixture: Callable[[], tuple[Fixture, str] | None] | None = None,
) -> None:
    """Refuse ``action`` unless a team of ``league`` runs it on itself; ``actions`` are the pack's, ``team`` the
    team that asked (named in the command the refusal tells to run for it), ``fixture`` what finds the fixture a
    match of it is recorded on (the next it plays, when it has one), named in the command too.

    Raises:
        UnknownName: ``action`` is not one of the pack's actions.
        InvalidInput: one the league does not let a team run on itself, saying what to use instead.
    """
    if action in TEAM_ACTIONS:
        return
    if action not in actions:
        raise UnknownName("team action", action, tuple(TEAM_ACTIONS), f"league {league!r}")
    found = next((e for e in ELSEWHERE if action in e.actions), _OTHER)
    msg = Sentence(
        (
            f"league {league!r} does not let a team run the action {action!r} on itself: ",
            _for_team(found.instead, team, fixture),
            f"; a team runs on itself: {', '.join(TEAM_ACTIONS)}",
        )
    )
    raise InvalidInput(msg)


def check_operation(
    tag: str,
    label: str,
    league: str,
    *,
    lenient: bool,
    team: str | None = None,
    fixture: Callable[[], tuple[Fixture, str] | None] | None = None,
) -> None:
    """Refuse the operation tagged ``tag`` (described by ``label``) unless a team of ``league`` runs it on
    itself; with ``lenient``, one that :data:`ELSEWHERE` deprecates runs, with a ``DeprecationWarning``. ``team``
    is the team that ran it and ``fixture`` what finds the fixture its match is recorded on (as
    :func:`check_action`), named in the commands the refusal tells to run.

    Raises:
        InvalidInput: an operation the league does not let a team run on itself, saying what to use instead.
    """
    if tag in TEAM_OPERATIONS:
        return
    found = next((e for e in ELSEWHERE if tag in e.operations), _OTHER)
    said = Sentence(
        (
            f"league {league!r} does not let a team run the operation {tag!r} ({label}) on itself: ",
            _for_team(found.instead, team, fixture),
            f"; a team runs on itself: {', '.join(sorted(TEAM_OPERATIONS))}",
        )
    )
    if lenient and found.deprecated:
        warnings.warn(f"{said}. League.run runs it for this release only", DeprecationWarning, stacklevel=3)
        return
    raise InvalidInput(said)


#: What a team's file may hold beside its own operations when it joins a league (:func:`check_own_entries` with
#: ``joining``): its creation, first, and the plain off-season that brings a team that never played to the season
#: the league plays (it gives nothing: no budget, nothing to heal, no match to forget). A re-draft, which pays a
#: season's budget, is the league's at its season's end.
JOINING: frozenset[str] = frozenset({"create", "bloodbowl.new_season"})


def check_own_entries(
    sheet: Sheet,
    start: int,
    league: str,
    *,
    joining: bool = False,
    team: str | None = None,
    fixture: Callable[[Operation], Callable[[], tuple[Fixture, str] | None]] | None = None,
) -> None:
    """Refuse ``sheet`` unless each of its entries from ``start`` on (numbered as ``progression sheet history``
    numbers them) holds only operations a team of ``league`` runs on itself (:data:`TEAM_OPERATIONS`, a batch's
    looked into): the one check of a team's history brought into a league, whether it joins it (``league team
    add``, ``joining``: from its creation, which :data:`JOINING` allows) or brings back the entries its file adds
    (``league team import``). A gift by hand (gold, SPP, a skill, a characteristic: ``award``, ``adjust``) or a
    match played outside the league would be taken into the league as the team's own. ``team`` and ``fixture``
    (what finds the fixture of an operation's match) name, as :func:`check_operation`'s do, what the refusal
    tells to run.

    Raises:
        InvalidInput: the first entry that holds another operation, naming it, the operation and what to use
            instead.
    """
    allowed = JOINING if joining else frozenset()
    for position in range(start, len(sheet.ledger) + 1):
        entry = sheet.ledger[position - 1]
        if not isinstance(entry, Entry):
            continue  # a history recorded before operations: the store refuses it, naming it
        for operation in operations_in(entry.operation):
            if operation.tag in allowed and (operation.tag != "create" or position == 1):
                continue
            try:
                check_operation(
                    operation.tag,
                    operation.label,
                    league,
                    lenient=False,
                    team=team,
                    fixture=None if fixture is None else fixture(operation),
                )
            except InvalidInput as refused:
                msg = Sentence(
                    (
                        f"entry {position} of the sheet of {sheet.name} ({entry.label}): ",
                        refused.worded or str(refused),
                        "; nothing was stored",
                    )
                )
                raise InvalidInput(msg) from None


def in_league(team: str, sentence: Sentence) -> Sentence:
    """``sentence``, a refusal the rules gave on ``team``'s sheet (a history run again: amended, rebased,
    verified), as the league says it: an action it tells to run on the team's file (``progression sheet do FILE
    close number=1``) runs on the team in the league's store (``progression league do FILE TEAM close number=1``).
    Its words in a program are kept: the rules name ``League.act(TEAM, ...)`` there already."""
    return sentence.of_sheet_in_store("league do", team)


@contextmanager
def turn_of(team: str) -> Iterator[None]:
    """One team's turn in a match the league records on both teams at once: the dice say whose roll it is, and a
    refusal its rules give out of order, which names only the match both teams played, names the team. (A match,
    the season's end and the play-off prizes refuse an open post-match sequence before any team runs, naming every
    such team: :func:`~.season_end.check_sequences_ended`.)

    Raises:
        OutOfOrder: the team's rules refused, the team's id first.
    """
    with rolling_for(team):
        try:
            yield
        except OutOfOrder as refused:
            if type(refused) is not OutOfOrder:  # pragma: no cover - a subclass keeps its own words
                raise
            named = OutOfOrder(Sentence((f"team {team!r}: ", refused.worded or str(refused))))
            for note in getattr(refused, "__notes__", ()):
                named.add_note(note)
            raise named from None
