"""A Hypothesis state machine that drives a pack's sheets through random operations.

It awards, quotes, buys, decides, discards, joins and undoes at random, and after every
step checks what must always hold, whatever the pack: every point is accounted for
(awarded = held + spent + lost, per pool), no balance is negative, a refused operation
raises a :class:`~progression.ProgressionError` and changes nothing, a successful one adds
exactly one ledger entry, ``quote(...).ok`` exactly when ``purchase`` succeeds and at the
price quoted, ``undo`` gives back the sheet as it was, ``replay(ledger)`` rebuilds the same
state, and a save / load round trip through JSON changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import partial
from typing import Any, ClassVar, cast

import attrs
import hypothesis.strategies
from hypothesis import HealthCheck, Phase, note, settings
from hypothesis import strategies as st
from hypothesis.reporting import with_reporter
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from hypothesis.strategies import DataObject

from progression.engine.checks import check_sheet
from progression.engine.dice import _check_request
from progression.engine.quotes import Quote, offers
from progression.engine.rosters import join
from progression.errors import DecisionError, InvalidInput, PackFunctionError, ProgressionError
from progression.files.sheets import dump_sheet, load_sheet
from progression.history.undo import undo
from progression.ledger.events import Event, Member, Purchased, Started, Step
from progression.ledger.sheet import Sheet, replay
from progression.rulepacks.rulepack import RulePack
from progression.rules.play import Play, play_problems

from ._actions import REASON, checked_pack, checked_prepared, price_scale, starting_sheets

__all__ = ["DrawnDice", "PackMachine", "Reached", "machine_for", "run_machine", "state_of"]

#: Health checks that say a pack is slow or its data large, which a pack may well be.
_SLOW_IS_FINE = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]


def state_of(sheet: Sheet) -> dict[str, Any]:
    """Everything a sheet holds besides its ledger, members included, as plain comparable data.

    Raises:
        InvalidInput: ``sheet`` is no sheet.
    """
    check_sheet(sheet, "the sheet to read the state of")
    return {
        "pack": sheet.pack,
        "kind": sheet.kind,
        "name": sheet.name,
        "pools": dict(sheet.pools),
        "stats": dict(sheet.stats),
        "owned": dict(sheet.owned),
        "tags": dict(sheet.tags),
        "bought": dict(sheet.bought),
        "pending": sheet.pending,
        "members": {ident: state_of(member) for ident, member in sorted(sheet.members.items())},
    }


def expect(condition: bool, message: str) -> None:
    """Fail the run with ``message`` unless ``condition`` holds (an ``assert`` that ``python -O`` keeps)."""
    if not condition:
        raise AssertionError(message)


def walk(sheet: Sheet, where: str = "the sheet") -> Iterator[tuple[str, Sheet]]:
    """The sheet and every member below it, each with a phrase saying where it is."""
    yield where, sheet
    for ident, member in sorted(sheet.members.items()):
        yield from walk(member, f"member {ident!r} of {where}")


class DrawnDice:
    """Dice whose every result Hypothesis draws, so a failing run shrinks to the rolls that matter."""

    def __init__(self, data: hypothesis.strategies.DataObject) -> None:
        self._data = data

    def roll(self, sides: int, count: int = 1, label: str = "") -> tuple[int, ...]:
        """Draw ``count`` results from 1 to ``sides``."""
        _check_request(sides, count)
        draw = self._data.draw
        return tuple(draw(st.integers(1, sides), label=label or f"D{sides}") for _ in range(count))


def _paid(entry: Event, upgrade: str) -> dict[str, int]:
    """What the purchase recorded in a ledger entry paid, by pool (through members and steps)."""
    paid: dict[str, int] = {}
    stack = [entry]
    while stack:
        event = stack.pop()
        if isinstance(event, Member):
            stack.append(event.event)
        elif isinstance(event, Step):
            stack.extend(event.events)
        elif isinstance(event, Purchased | Started) and event.upgrade == upgrade:
            for pool, amount in event.price.items():
                paid[pool] = paid.get(pool, 0) + amount
    return paid


def _may_buy(quoted: Quote | None) -> bool:
    """Whether a quote says its upgrade may be bought, once the points it lacks are earned."""
    return (
        quoted is not None
        and quoted.price is not None
        and all(violation.key in ("points", "pools") for violation in quoted.violations)
    )


@attrs.frozen
class Outcome:
    """What an attempted operation gave: the new sheet, or the refusal."""

    sheet: Sheet | None
    refusal: ProgressionError | None


@attrs.define
class Reached:
    """What a machine's runs reached: the upgrades bought, and the deepest band of each ladder a sheet was in."""

    #: The upgrades bought at least once.
    bought: set[str] = attrs.field(factory=set)
    #: Each ladder's deepest band reached, by its index.
    deepest: dict[str, int] = attrs.field(factory=dict)
    #: How many purchases the steered runs tried (a step with an upgrade of weight > 0 to draw).
    tried: int = 0
    #: Why the steered runs could not buy each upgrade they drew and were refused: the first sentence of the
    #: first refusal, by upgrade id.
    refused: dict[str, str] = attrs.field(factory=dict)
    #: The operations that went through at least once: ``award``, ``purchase``, ``decide``, ``discard``,
    #: ``join``, ``undo``.
    ran: set[str] = attrs.field(factory=set)

    def reach(self, pack: RulePack, sheet: Sheet) -> None:
        """Note the band of each ladder the sheet and its members stand in."""
        for _, subject in walk(sheet):
            for ladder in pack.ladders.values():
                if ladder.axis not in subject.stats and ladder.axis not in subject.pools:
                    continue
                try:
                    band = ladder.band_of(subject.quantity(ladder.axis))
                except ProgressionError:  # outside the ladder: the invariants report what is wrong
                    continue
                index = ladder.bands.index(band)
                self.deepest[ladder.id] = max(index, self.deepest.get(ladder.id, -1))


class PackMachine(RuleBasedStateMachine):
    """Random operations on sheets of one pack, with the invariants every pack must keep.

    Use :func:`~progression.testing.machine_for` to make the machine of a pack, and Hypothesis'
    ``run_state_machine_as_test`` to run it (:func:`~progression.testing.check_pack` does both).
    """

    #: The pack under test.
    pack: ClassVar[RulePack]
    #: A fresh sheet of each kind that can be made.
    starts: ClassVar[Mapping[str, Sheet]]
    #: The largest award, about twice a typical price.
    award_size: ClassVar[int]
    #: Sheets prepared by the pack's author (a full career, a completed tier) to start from too.
    prepared: ClassVar[tuple[Sheet, ...]] = ()
    #: What the runs reached, over every run of the machine.
    coverage: ClassVar[Reached]
    #: The strategy steering the runs (:class:`~progression.authoring.Play`), or None for random runs. A
    #: steered run buys what the sheet may buy, by the weights of the strategy, earning first what it lacks;
    #: it never undoes, and answers every question with an answer offered.
    play: ClassVar[Play | None] = None

    def __init__(self) -> None:
        super().__init__()
        self.sheet: Sheet = next(iter(self.starts.values()))
        self.history: list[Sheet] = [self.sheet]

    # -- helpers ------------------------------------------------------------------

    def _member(self, data: DataObject) -> str | None:
        return data.draw(st.sampled_from([None, *sorted(self.sheet.members)]), label="member")

    def _subject(self, member: str | None) -> Sheet:
        return self.sheet if member is None else self.sheet.member(member)

    def _attempt(self, what: str, operation: Callable[[], Sheet], ran: str | None = None) -> Outcome:
        """Run an operation; check a refusal changed nothing and a success added one ledger entry; ``ran``, the
        operation's name for the coverage when it goes through (None for one that must be refused)."""
        before, state = self.sheet, state_of(self.sheet)
        try:
            after = operation()
        except PackFunctionError as error:
            msg = f"{what} met a pack function breaking its contract: {error}"
            raise AssertionError(msg) from error
        except ProgressionError as refusal:
            expect(state == state_of(before), f"{what} was refused ({refusal}) but the sheet changed")
            return Outcome(None, refusal)
        except Exception as error:
            msg = f"{what} raised {type(error).__name__}: {error}; a refusal must raise a ProgressionError"
            raise AssertionError(msg) from error
        added = len(after.ledger) - len(before.ledger)
        expect(
            added == 1 and after.ledger[:-1] == before.ledger,
            f"{what} added {added} ledger entries; an operation appends exactly one",
        )
        self.sheet = after
        self.history.append(after)
        self.coverage.reach(self.pack, after)
        if ran is not None:
            self.coverage.ran.add(ran)
        return Outcome(after, None)

    def _waiting(self) -> list[str | None]:
        found: list[str | None] = []
        if self.sheet.pending is not None and self.sheet.pending.question is not None:
            found.append(None)
        for ident, member in sorted(self.sheet.members.items()):
            if member.pending is not None and member.pending.question is not None:
                found.append(ident)
        return found

    # -- rules --------------------------------------------------------------------

    @initialize(data=st.data())
    def begin(self, data: DataObject) -> None:
        """Start from a fresh sheet of a drawn kind, or from one of the sheets prepared."""
        named = {f"a fresh {kind!r}": self.starts[kind] for kind in sorted(self.starts)}
        named |= {f"prepared sheet {i} ({sheet.name!r})": sheet for i, sheet in enumerate(self.prepared)}
        # The start is drawn by its name, which the steps of a failing run print, not by the sheet's whole repr.
        self.sheet = named[data.draw(st.sampled_from(list(named)), label="start")]
        self.history = [self.sheet]
        self.coverage.reach(self.pack, self.sheet)
        if self.play is not None:  # every steered run tries to buy, however few steps Hypothesis gives it
            self._steered_buy(data, self.play)

    @rule(data=st.data())
    def award(self, data: DataObject) -> None:
        """Award points to a pool of the sheet or of a member."""
        member = self._member(data)
        pools = sorted(self._subject(member).pools) or sorted(self.pack.pools) or ["nothing"]
        pool = data.draw(st.sampled_from(pools), label="pool")
        amount = data.draw(st.integers(1, self.award_size), label="amount")
        self._attempt(
            f"award {amount} to {pool!r}",
            lambda: self.pack.award(self.sheet, pool, amount, reason=REASON, member=member),
            "award",
        )

    @rule(data=st.data())
    def buy(self, data: DataObject) -> None:
        """Quote an upgrade, then buy it: the quote must tell the outcome and the price."""
        self._buy(data)

    @rule(data=st.data())
    def buy_more(self, data: DataObject) -> None:
        """As :meth:`buy`: purchases are the heart of a pack, so they are drawn more often."""
        self._buy(data)

    def _buy(self, data: DataObject) -> None:
        if self.play is not None:
            self._steered_buy(data, self.play)
            return
        member = self._member(data)
        kind = self._subject(member).kind
        own = sorted(u.id for u in self.pack.upgrades.values() if not u.kinds or kind in u.kinds)
        every = sorted(self.pack.upgrades)
        if not every:
            return
        mine = bool(own) and data.draw(st.integers(0, 9), label="any upgrade?") > 0
        upgrade = data.draw(st.sampled_from(own if mine else every), label="upgrade")
        offered = self._call(f"options of {upgrade!r}", lambda: self.pack.options(self.sheet, upgrade, member=member))
        choice = data.draw(st.sampled_from(offered), label="choice") if offered else None
        if offered is not None and self.pack.upgrade(upgrade).takes_choice:
            self._offered_alone(upgrade, member, offered, choice)
        if data.draw(st.booleans(), label="top up first"):
            self._top_up(member, upgrade, choice)
        self._purchase(data, member, upgrade, choice)

    def _steered_buy(self, data: DataObject, play: Play) -> None:
        """Buy what the sheet (or a member) may buy, an upgrade drawn by the weights of ``play``, after earning
        what it lacks: the way a sensible player spends, toward the deep states a random run seldom reaches.

        The upgrade is drawn first, by the weights, then one of its options alike; only that one is quoted. A
        choice the sheet may not buy is set aside and another drawn, then another upgrade when none of its
        options may be bought (or at once when its quote refuses it whatever the choice, :attr:`Quote.whatever_choice
        <progression.Quote.whatever_choice>`: a decision waiting, the upgrade bought as often as it may be, its
        curve's end): the odds are those of a draw among what the sheet may buy, and a step
        quotes one option where quoting every option of every upgrade took a Blood Bowl player fifty quotes.

        Each step notes (:func:`hypothesis.note`) what it bought or why what it drew was refused: a failing steered
        run is reported unshrunk (its steps are seeds), and the notes are what make it readable."""
        member = self._member(data)
        kind = self._subject(member).kind
        upgrades = [
            upgrade
            for upgrade, spec in sorted(self.pack.upgrades.items())
            if play.weight(upgrade) > 0 and (not spec.kinds or kind in spec.kinds)
        ]
        if not upgrades:
            return
        # Hypothesis draws small numbers far more often than large ones, which would favour the first upgrade:
        # the weighted draw is made by a generator seeded from a drawn number and the sheet's length, so the
        # odds are the weights', and a failing run still replays and shrinks.
        seed = data.draw(st.integers(0, 2**32 - 1), label="seed of the weighted draw")
        odds = random.Random(f"{seed}:{len(self.sheet.ledger)}")
        self.coverage.tried += 1
        while upgrades:
            (upgrade,) = odds.choices(upgrades, weights=[play.weight(upgrade) for upgrade in upgrades])
            listed = self._options(upgrade, member)
            offered: list[str | None] = [*listed] if listed else [None]
            while offered:
                choice = offered.pop(odds.randrange(len(offered)))
                quoted = self._quote(member, upgrade, choice)
                what = repr(upgrade) + (f" with {choice!r}" if choice is not None else "")
                whose = "" if member is None else f" for member {member!r}"
                if quoted is not None and _may_buy(quoted):
                    note(
                        f"steered: buy {what}{whose} for {quoted.price} {quoted.currency} (holding {quoted.available})"
                    )
                    self._top_up(member, upgrade, choice, quoted)
                    self._purchase(data, member, upgrade, choice)
                    return
                why = "its quote was refused" if quoted is None else (quoted.unmet or ("it has no price",))[0]
                note(f"steered: {what}{whose} refused: {why}")
                self.coverage.refused.setdefault(upgrade, why)
                if quoted is not None and quoted.whatever_choice:
                    break  # refused whatever the choice (a decision waits, the upgrade's own limit): no option will do
            upgrades.remove(upgrade)
        note("steered: nothing the play weighs above 0 may be bought")

    def _options(self, upgrade: str, member: str | None) -> list[str] | None:
        """The options of ``upgrade`` for the sheet or a member; None when the rules refuse to list them."""
        listed: list[str] | None = self._call(
            f"options of {upgrade!r}", lambda: self.pack.options(self.sheet, upgrade, member=member)
        )
        return listed

    def _offered_alone(self, upgrade: str, member: str | None, offered: list[str], choice: str | None) -> None:
        """Asked about one choice alone (``context.choice``, as a quote asks), an options function answers as its
        list does: a listed option is one, and a text the list does not hold (an option in capitals, another id
        of the pack) is none."""
        pack = self.pack
        others = {c.upper() for c in offered} | set(pack.stats) | set(pack.upgrades) | {"no such option"}
        strangers = sorted(others - set(offered))
        stranger = strangers[len(self.sheet.ledger) % len(strangers)]  # not drawn: the runs steer as before
        for asked, listed in ((choice, True), (stranger, False)):
            if asked is None:
                continue
            alone = self._call(
                f"options of {upgrade!r} asked about {asked!r}", partial(self._asked, upgrade, member, asked)
            )
            if listed:
                expect(
                    alone is not False,
                    f"the options of {upgrade!r} list {asked!r}, but asked about {asked!r} alone "
                    "(context.choice) its options function leaves it out: a quote would refuse it",
                )
            else:
                expect(
                    alone is not True,
                    f"the options of {upgrade!r} do not list {asked!r}, but asked about {asked!r} alone "
                    "(context.choice) its options function offers it: a quote would take it",
                )

    def _asked(self, upgrade: str, member: str | None, choice: str) -> bool:
        """Whether the sheet (or a member) may choose ``choice`` for ``upgrade`` now, as a quote asks it."""
        return offers(self.pack, self.sheet, upgrade, choice, member=member)

    def _quote(self, member: str | None, upgrade: str, choice: str | None) -> Quote | None:
        """The quote of ``upgrade`` for the sheet or a member; None when the rules refuse to quote it."""
        quoted: Quote | None = self._call(
            f"quote of {upgrade!r}", lambda: self.pack.quote(self.sheet, upgrade, choice=choice, member=member)
        )
        return quoted

    def _purchase(self, data: DataObject, member: str | None, upgrade: str, choice: str | None) -> None:
        """Quote an upgrade, then buy it: the quote must tell the outcome and the price."""
        quoted = self._call(
            f"quote of {upgrade!r}", lambda: self.pack.quote(self.sheet, upgrade, choice=choice, member=member)
        )
        dice = DrawnDice(data)
        outcome = self._attempt(
            f"purchase of {upgrade!r}" + (f" with {choice!r}" if choice else ""),
            lambda: self.pack.purchase(self.sheet, upgrade, choice=choice, member=member, dice=dice),
            "purchase",
        )
        if quoted is not None and quoted.price is not None:
            expect(quoted.price >= 0, f"the quote of {upgrade!r} priced it at {quoted.price}, below zero")
        if quoted is None:
            expect(outcome.sheet is None, f"the quote of {upgrade!r} was refused but the purchase went through")
            return
        said = "yes" if quoted.ok else f"no ({'; '.join(quoted.unmet)})"
        if outcome.sheet is None:
            expect(not quoted.ok, f"the quote of {upgrade!r} said yes, but the purchase was refused: {outcome.refusal}")
            return
        expect(quoted.ok, f"the quote of {upgrade!r} said {said}, but the purchase went through")
        self.coverage.bought.add(upgrade)
        paid = _paid(outcome.sheet.ledger[-1], upgrade)
        expect(
            paid == dict(quoted.split) and sum(paid.values()) == quoted.price,
            f"the quote of {upgrade!r} said {quoted.price} paid as {dict(quoted.split)}, but the purchase paid {paid}",
        )

    def _top_up(self, member: str | None, upgrade: str, choice: str | None, quoted: Quote | None = None) -> None:
        """Award what the paying pools lack for the upgrade (as its own operation); ``quoted``, the upgrade's
        quote on the sheet as it is, when it was just asked."""
        if quoted is None:
            quoted = self._quote(member, upgrade, choice)
        subject = self._subject(member)
        paying = [p for p in self.pack.upgrade(upgrade).pools if p in subject.pools]
        if quoted is None or quoted.price is None or quoted.available >= quoted.price or not paying:
            return
        amount = quoted.price - quoted.available
        self._attempt(
            f"award {amount} to {paying[0]!r}",
            lambda: self.pack.award(self.sheet, paying[0], amount, reason=REASON, member=member),
            "award",
        )

    def _call(self, what: str, ask: Callable[[], Any]) -> Any:
        try:
            return ask()
        except PackFunctionError as error:
            msg = f"{what} met a pack function breaking its contract: {error}"
            raise AssertionError(msg) from error
        except ProgressionError:
            return None
        except Exception as error:
            msg = f"{what} raised {type(error).__name__}: {error}; a refusal must raise a ProgressionError"
            raise AssertionError(msg) from error

    @precondition(lambda self: bool(self._waiting()))
    @rule(data=st.data())
    def decide(self, data: DataObject) -> None:
        """Answer a waiting question (now and then with an answer that is not offered)."""
        member = data.draw(st.sampled_from(self._waiting()), label="member")
        pending = self._subject(member).pending
        question = pending.question if pending is not None else None
        if question is None:
            return
        label, offered = question
        wrong = self.play is None and data.draw(st.integers(0, 9), label="wrong?") == 0
        answer = "not-an-option" if wrong or not offered else data.draw(st.sampled_from(offered), label="answer")
        outcome = self._attempt(
            f"decision {answer!r} for {label!r}",
            lambda: self.pack.decide(self.sheet, answer, member=member, dice=DrawnDice(data)),
            "decide",
        )
        if answer not in offered:
            expect(
                isinstance(outcome.refusal, DecisionError),
                f"the answer {answer!r} is not among {offered!r}, yet it was not refused with a DecisionError",
            )

    @precondition(lambda self: any(self.pack.surplus(subject) for _, subject in self._subjects()))
    @rule(data=st.data())
    def discard(self, data: DataObject) -> None:
        """Discard the surplus of a pool over its cap."""
        waiting = [(m, p) for m, subject in self._subjects() for p in sorted(self.pack.surplus(subject))]
        member, pool = data.draw(st.sampled_from(waiting), label="surplus")
        self._attempt(
            f"discard from {pool!r}",
            lambda: self.pack.discard(self.sheet, pool, reason=REASON, member=member),
            "discard",
        )

    def _subjects(self) -> list[tuple[str | None, Sheet]]:
        return [(None, self.sheet), *sorted(self.sheet.members.items())]

    @precondition(lambda self: any(k in self.starts for k in self.pack.kinds[self.sheet.kind].members))
    @rule(data=st.data())
    def join_member(self, data: DataObject) -> None:
        """Add a fresh member of a kind the roster holds."""
        kinds = sorted(k for k in self.pack.kinds[self.sheet.kind].members if k in self.starts)
        kind = data.draw(st.sampled_from(kinds), label="member kind")
        ident = f"{kind}-{len(self.sheet.ledger)}"
        self._attempt(f"join {ident!r}", lambda: join(self.sheet, ident, self.starts[kind]), "join")

    @precondition(lambda self: self.play is None and len(self.history) > 1)
    @rule(data=st.data())
    def take_back(self, data: DataObject) -> None:
        """Undo some operations: the sheet is as it was before them."""
        steps = data.draw(st.integers(1, min(3, len(self.history) - 1)), label="steps")
        after = undo(self.sheet, steps)
        before = self.history[-1 - steps]
        expect(
            after.ledger == before.ledger and state_of(after) == state_of(before),
            f"undo of {steps} operation(s) did not give back the sheet as it was",
        )
        self.sheet = after
        del self.history[-steps:]
        self.coverage.ran.add("undo")

    @precondition(lambda self: self.play is None)
    @rule(data=st.data())
    def refused(self, data: DataObject) -> None:
        """Operations the rules must refuse, each changing nothing."""
        member = self._member(data)
        attempts: list[tuple[str, Callable[[], Sheet], type[ProgressionError]]] = [
            ("undo past the creation", lambda: undo(self.sheet, len(self.sheet.ledger)), InvalidInput),
            (
                "an award of 0 points",
                lambda: self.pack.award(self.sheet, "?", 0, reason=REASON, member=member),
                InvalidInput,
            ),
            (
                "a purchase of an unknown upgrade",
                lambda: self.pack.purchase(self.sheet, "no such upgrade", member=member),
                ProgressionError,
            ),
            (
                "an award to an unknown pool",
                lambda: self.pack.award(self.sheet, "no such pool", 1, reason=REASON, member=member),
                ProgressionError,
            ),
        ]
        if not any(self.pack.surplus(subject) for _, subject in self._subjects()):
            attempts.append(
                (
                    "a discard with no surplus",
                    lambda: self.pack.discard(self.sheet, "?", member=member),
                    ProgressionError,
                )
            )
        what, operation, expected = data.draw(st.sampled_from(attempts), label="refused")
        outcome = self._attempt(what, operation)
        expect(isinstance(outcome.refusal, expected), f"{what} was not refused with a {expected.__name__}")

    # -- invariants ---------------------------------------------------------------

    @invariant()
    def points_are_conserved(self) -> None:
        """Per pool: awarded = held + spent + lost, and no balance below zero."""
        for where, subject in walk(self.sheet):
            for pool, held in sorted(subject.pools.items()):
                expect(held >= 0, f"{where}: pool {pool!r} holds {held}, below zero")
                account = subject.account(pool)
                expect(
                    account.balanced,
                    f"{where}: pool {pool!r} was awarded {account.awarded} but holds {account.held}, "
                    f"spent {account.spent} and lost {account.lost}",
                )

    @invariant()
    def replay_rebuilds_the_sheet(self) -> None:
        """Folding the ledger from scratch gives the same state as the operations did."""
        rebuilt = replay(self.sheet.ledger)
        expect(
            rebuilt == self.sheet and state_of(rebuilt) == state_of(self.sheet),
            "replay(sheet.ledger) does not rebuild the sheet",
        )

    @invariant()
    def json_round_trip(self) -> None:
        """Saving to JSON and loading back changes nothing."""
        loaded = load_sheet(dump_sheet(self.sheet), "<round trip>")
        expect(loaded.ledger == self.sheet.ledger, "a JSON round trip changed the ledger")
        expect(state_of(loaded) == state_of(self.sheet), "a JSON round trip changed the state")


def machine_for(
    pack: RulePack,
    setup: Mapping[str, Mapping[str, str]] | None = None,
    *,
    prepared: Iterable[Sheet] = (),
    play: Play | None = None,
) -> type[PackMachine]:
    """The state machine of ``pack``, starting from a fresh sheet of each kind that can be made, or from
    one of the ``prepared`` sheets (a deep state the random runs would seldom reach from the start).

    Args:
        pack: the rule pack.
        setup: options for the pack's factories (its contract's), by kind.
        prepared: sheets of the pack to start from too.
        play: a strategy of sensible play to steer the runs by (the pack's own is ``pack.play``); None for
            random runs.

    Raises:
        InvalidInput: no kind of the pack can be made, a prepared sheet is not one of the pack's, or ``play``
            is no :class:`~progression.authoring.Play` of the pack's upgrades; ``pack`` is no rule pack.
    """
    checked_pack(pack, "the pack to drive")
    if play is not None:
        wrong = play_problems(play, pack.upgrades) if isinstance(play, Play) else [("", type(play).__name__)]
        if wrong:
            shown = f"got {wrong[0][1]}" if not isinstance(play, Play) else f"{wrong[0][1]} @ {wrong[0][0]}"
            msg = f"pack {pack.name!r}: play is a Play of the pack's upgrades (progression.authoring.Play), {shown}"
            raise InvalidInput(msg)
    made, failed = starting_sheets(pack, setup=setup)
    ready = checked_prepared(pack, prepared)
    if not made and not ready:
        reasons = "; ".join(f"{kind}: {why}" for kind, why in failed.items()) or "the pack defines no kinds"
        msg = f"pack {pack.name!r}: no sheet can be made to drive: {reasons}"
        raise InvalidInput(msg)
    name = "".join(part.capitalize() for part in pack.name.replace("-", "_").split("_"))
    name += "Machine" if play is None else "PlayMachine"
    body = {
        "play": play,
        "pack": pack,
        "starts": made,
        "prepared": ready,
        "coverage": Reached(),
        "award_size": 2 * price_scale(pack),
        "__doc__": f"Pack {pack.name!r}.",
    }
    return cast(type[PackMachine], type(name, (PackMachine,), body))


def run_machine(
    pack: RulePack,
    *,
    examples: int,
    steps: int,
    setup: Mapping[str, Mapping[str, str]] | None = None,
    prepared: Iterable[Sheet] = (),
    derandomize: bool = False,
    play: Play | None = None,
    shrink: bool = True,
) -> tuple[str | None, Reached]:
    """Run the pack's machine: what broke and the steps (None when every run kept the invariants), and
    what the runs reached; ``derandomize`` makes the same runs every time, ``play`` steers them, and
    ``shrink=False`` reports a failing run as it was found, without shrinking it to fewer steps."""
    machine = machine_for(pack, setup, prepared=prepared, play=play)
    lines: list[str] = []
    fixed: dict[str, Any] = {"derandomize": True, "database": None} if derandomize else {}
    config = settings(
        **fixed,
        max_examples=examples,
        stateful_step_count=steps,
        deadline=None,
        print_blob=False,
        suppress_health_check=_SLOW_IS_FINE,
        phases=[phase for phase in Phase if phase is not Phase.explain and (shrink or phase is not Phase.shrink)],
    )
    try:
        with with_reporter(lambda value: lines.append(str(value))):
            run_state_machine_as_test(machine, settings=config)
    except Exception as error:
        return "\n".join([_describe(error), *lines]), machine.coverage
    return None, machine.coverage


def _describe(error: BaseException) -> str:
    if isinstance(error, BaseExceptionGroup):
        return "\n".join(_describe(inner) for inner in error.exceptions)
    notes = [str(note) for note in getattr(error, "__notes__", ())]
    return "\n".join([f"{type(error).__name__}: {error}", *notes])
