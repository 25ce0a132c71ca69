"""Random procedures: a pack's generator that rolls dice and pauses for people's decisions.

A procedure is a function of a :class:`ProcedureContext`. It either returns an
:class:`~progression.Effect` at once, or is a generator that yields :class:`Roll`
and :class:`Choose` requests, receives their answers, and returns the effect::

    def random_skill(context):
        first = yield Roll(sides=6, count=2, label="first skill")
        second = yield Roll(sides=6, count=2, label="second skill")
        kept = yield Choose(label="keep one", options=(...))
        return Effect(grants={kept: 1})

The engine records every roll and decision in the ledger. To resume a paused
procedure it runs it again from the start, feeding back the recorded answers, so
a procedure must be deterministic given its answers.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Generator, Mapping, Sequence
from typing import TYPE_CHECKING, Union

import attrs

from progression._frozen import as_tuple
from progression.engine.dice import rolling_again
from progression.engine.shared import rolled, shared
from progression.errors import DecisionError, InvalidInput, PackFunctionError, ProgressionError, UnknownAnswer
from progression.ledger.events import Asked, Decided, Event, Finished
from progression.rules.parts import Effect

if TYPE_CHECKING:
    from progression.engine.dice import Dice
    from progression.ledger.sheet import Sheet
    from progression.rulepacks.rulepack import RulePack

__all__ = ["Choose", "ProcedureContext", "Roll"]


@attrs.frozen(kw_only=True)
class Roll:
    """Ask for ``count`` dice of ``sides`` sides; the answer is a tuple of results."""

    sides: int
    count: int = 1
    label: str = ""
    #: Why this roll is made again (``Block is already owned``), told to the person rolling and not recorded: the
    #: label of a roll made again is the first roll's, as the ledger records it.
    again: str = ""


@attrs.frozen(kw_only=True)
class Choose:
    """Ask a person to pick one of ``options``; the answer is the option chosen."""

    label: str
    options: tuple[str, ...] = attrs.field(converter=as_tuple)


Request = Union[Roll, Choose]  # noqa: UP007 - a runtime alias
ProcedureResult = Generator[Request, object, Effect] | Effect
Procedure = Callable[["ProcedureContext"], ProcedureResult]


@attrs.frozen(kw_only=True)
class ProcedureContext:
    """What a procedure sees: the sheet (already paid), the choice, the pack and the roster."""

    sheet: Sheet
    choice: str | None
    #: The rule pack, whose data (:attr:`RulePack.data <progression.RulePack.data>`) a procedure may read.
    pack: RulePack
    #: The roster the sheet belongs to, when it is a member.
    roster: Sheet | None = None
    #: Extra arguments the caller passed to the purchase.
    args: Mapping[str, object] = attrs.field(factory=dict)


@attrs.frozen
class Outcome:
    """What driving a procedure produced: the new events, and the effect when it finished."""

    events: tuple[Event, ...]
    effect: Effect | None


def _asked(label: str, options: tuple[str, ...]) -> Event:
    """The question event (shared: a procedure asks the same questions again and again)."""
    if not all(type(o) is str for o in options):
        return Asked(label=label, options=options)
    return shared((Asked, label, options), lambda: Asked(label=label, options=options))


def _decided(label: str, options: tuple[str, ...], choice: str) -> Event:
    """The decision event (shared)."""
    if not all(type(o) is str for o in options):
        return Decided(label=label, options=options, choice=choice)
    return shared((Decided, label, options, choice), lambda: Decided(label=label, options=options, choice=choice))


def _finished(effect: Effect) -> Event:
    """The event ending a procedure with ``effect``."""
    return Finished(effect=effect)


def answered(pack: RulePack, given: object, label: str, options: Sequence[str]) -> str:
    """The option of the question ``label`` that ``given`` means: itself, or the option it names by its displayed
    name or in another case (:meth:`RulePack.resolve <progression.RulePack.resolve>`: ``Kick`` for ``kick``).

    Raises:
        UnknownAnswer: ``given`` is no option (a :class:`~progression.errors.DecisionError`, and bad usage); the
            message lists the options and names the closest to it.
    """
    if isinstance(given, str):
        given = pack.resolve(given, options)
    if given in options:
        return str(given)
    close = pack.closest(given, options) if isinstance(given, str) else ()
    raise UnknownAnswer(given, label, options, close)


def drive(
    procedure: Procedure,
    context: ProcedureContext,
    *,
    recorded_rolls: Sequence[tuple[int, ...]] = (),
    recorded_decisions: Sequence[str] = (),
    decisions: Sequence[str] = (),
    dice: Dice | None,
    name: str = "this procedure",
) -> Outcome:
    """Run ``procedure``: replay recorded answers silently, then roll and decide for real.

    Stops at the first :class:`Choose` with no decision left to give, recording an
    :class:`Asked` event. Raises :class:`DecisionError` for a decision that is not
    an option, and :class:`InvalidInput` when dice are needed and none were given or the
    procedure itself breaks its contract; ``name`` (the upgrade's) says which procedure.
    """
    try:
        result = procedure(context)
    except ProgressionError:
        raise
    except Exception as error:
        raise PackFunctionError.raised(f"the procedure of {name}", error) from error
    if isinstance(result, Effect):
        return Outcome((_finished(result),), result)
    if not isinstance(result, Generator):
        msg = f"the procedure of {name} must return an Effect, or be a generator of Roll and Choose, got {result!r:.80}"
        raise PackFunctionError(msg)
    events: list[Event] = []
    old_rolls, old_decisions, new_decisions = list(recorded_rolls), list(recorded_decisions), list(decisions)
    answer: object = None
    try:
        while True:
            try:
                request = result.send(answer)
            except (StopIteration, ProgressionError):
                raise
            except Exception as error:
                raise PackFunctionError.raised(f"the procedure of {name}", error) from error
            if isinstance(request, Roll):
                if old_rolls:
                    answer = old_rolls.pop(0)
                    continue
                if dice is None or not getattr(dice, "given", True):
                    msg = (
                        f"{request.label or 'a roll'} in the procedure of {name} needs {request.count}D{request.sides}, "
                        "but no dice were given; pass dice= (SeededDice, ScriptedDice or CallbackDice)"
                    )
                    raise InvalidInput(msg)
                with rolling_again(request.again) if request.again else contextlib.nullcontext():
                    answer = dice.roll(request.sides, request.count, request.label)
                events.append(rolled(request.label, request.sides, answer))
            elif isinstance(request, Choose):
                if not request.options or not all(isinstance(o, str) for o in request.options):
                    msg = f"the procedure of {name} must offer texts to choose from, got {list(request.options)!r}"
                    raise PackFunctionError(msg)
                if old_decisions:
                    answer = old_decisions.pop(0)
                    continue
                if not new_decisions:
                    events.append(_asked(request.label, request.options))
                    result.close()
                    return Outcome(tuple(events), None)
                answer = answered(context.pack, new_decisions.pop(0), request.label, request.options)
                events.append(_decided(request.label, request.options, str(answer)))
            else:
                msg = f"the procedure of {name} may yield Roll or Choose, got {request!r}"
                raise PackFunctionError(msg)
    except StopIteration as stop:
        effect = stop.value
        if not isinstance(effect, Effect):
            msg = f"the procedure of {name} must return an Effect, got {effect!r}"
            raise PackFunctionError(msg) from None
        if new_decisions:
            msg = f"{len(new_decisions)} decision(s) were given that the procedure never asked for: {new_decisions!r}"
            raise DecisionError(msg) from None
        events.append(_finished(effect))
        return Outcome(tuple(events), effect)
