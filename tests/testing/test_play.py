"""Steered runs: a pack's strategy of sensible play (``[play]``, ``Play``) reaches the deep states of a career, and
finds there a rule broken on purpose that as many random runs miss."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

import attrs
import pytest

import progression
from progression import RulePack
from progression.authoring import Currency, FixedCost, Kind, Label, Play, PoolSpec, Upgrade
from progression.errors import InvalidInput, RulePackError
from progression.requirements import Context
from progression.testing import ConformanceReport, _machine, check_pack, machine_for

from .helpers import load_career

PACKS = Path(__file__).parent / "packs"


@pytest.fixture(scope="module")
def career() -> RulePack:
    """Six promotions; the price of the fifth is missing from its table."""
    return load_career()


def first_lines(report: ConformanceReport) -> list[str]:
    """Each finding's first line (a machine's finding goes on with the steps that lead to it)."""
    return [str(finding).splitlines()[0] for finding in report.findings]


class TestTheCareer:
    def test_the_steered_runs_find_the_broken_deep_rule(self, career: RulePack) -> None:
        """Fifteen runs of twenty steps steered by the pack's [play] reach Captain and quote the fifth promotion,
        whose price is missing: the finding is word for word the one in career.expected, under the check play."""
        expected = (PACKS / "career.expected").read_text(encoding="utf-8").splitlines()
        report = check_pack(career, examples=0, sensible=15, steps=20, derandomize=True)  # the same runs every time
        assert (expected, ("play",), 15) == (first_lines(report), report.checks[-1:], report.steered)
        assert report.findings == report.sensible
        assert report.coverage is not None
        assert "Captain" == report.coverage.played["rank"]

    def test_as_many_random_runs_miss_it(self, career: RulePack) -> None:
        """The same budget of random runs never climbs that far: they pass the pack (the same runs every time;
        the how-to says how many random runs it takes)."""
        report = check_pack(career, examples=15, sensible=0, steps=20, derandomize=True)
        assert report.coverage is not None
        assert (True, ("machine",), {}) == (report.ok, report.checks[-1:], dict(report.coverage.played))
        assert report.coverage.deepest["rank"] in ("Recruit", "Private", "Corporal", "Sergeant")

    def test_by_default_the_pack_is_played_as_many_times_as_at_random(self, career: RulePack) -> None:
        """A pack with a [play] gets as many steered runs as random ones, without asking: the check fails."""
        report = check_pack(career, examples=15, steps=20)
        assert (15, 15, ["play"]) == (report.examples, report.steered, [f.check for f in report.sensible])

    def test_with_the_price_table_complete_the_career_passes(self) -> None:
        """The finding is the missing row: with it, the steered runs go to General and the pack passes."""
        source = (PACKS / "career.toml").read_text(encoding="utf-8").replace("4 = 25\n", "4 = 25\n5 = 30\n")
        from .helpers import drilled_enough, promotion_price

        pack = progression.load_text(
            source, "career.toml", {"promotion_price": promotion_price, "drilled_enough": drilled_enough}
        )
        report = check_pack(pack, examples=0, sensible=15, steps=20, derandomize=True)
        assert report.coverage is not None
        assert (True, "General") == (report.ok, report.coverage.played["rank"])

    def test_a_requirement_function_that_raises(self) -> None:
        """With the prices complete, a requirement function that raises once a soldier is a Private (a table of
        drills read past its end) fails the check, naming the upgrade and the error: a refusal is a
        ProgressionError, anything else the pack's bug."""
        source = (PACKS / "career.toml").read_text(encoding="utf-8").replace("4 = 25\n", "4 = 25\n5 = 30\n")
        from .helpers import promotion_price

        def drilled_enough(context: object) -> list[str]:
            needed = {0: 1}[context.sheet.stats["tier"]]  # type: ignore[attr-defined]
            return [] if context.sheet.stats["drills"] >= needed else ["more drills"]  # type: ignore[attr-defined]

        pack = progression.load_text(
            source, "career.toml", {"promotion_price": promotion_price, "drilled_enough": drilled_enough}
        )
        report = check_pack(pack, examples=0, sensible=10, steps=8, derandomize=True)
        expected = ["[play] pack 'career': AssertionError: quote of 'promotion' met a pack function breaking its "
                    "contract: predicate 'drilled_enough' raised KeyError: 1"]  # fmt: skip
        assert expected == first_lines(report)

    def test_the_fixture_takes_sensible(
        self, pack_conformance: Callable[..., ConformanceReport], career: RulePack
    ) -> None:
        """The pytest fixture passes ``sensible`` on: with none, the broken career passes; with some, it fails."""
        assert pack_conformance(career, examples=5, sensible=0).ok
        with pytest.raises(pytest.fail.Exception, match=r"\[play\] pack 'career': AssertionError: quote of"):
            pack_conformance(career, examples=0, sensible=15)


def tiny(play: Play | None) -> RulePack:
    """A pack in Python with two upgrades and a strategy of play."""
    label = Label(en="x", fr="x")
    return RulePack(
        name="tiny",
        title=label,
        currencies=[Currency(id="xp", label=label)],
        pools=[PoolSpec(id="xp", label=label, currency="xp")],
        upgrades=[
            Upgrade(id=ident, label=label, pools=("xp",), cost=FixedCost(amount=1)) for ident in ("promote", "drill")
        ],
        kinds=[Kind(id="hero", label=label, pools=("xp",))],
        play=play,
    )


class TestPlayInPython:
    def test_weights(self) -> None:
        """An upgrade listed weighs what it is given, any other ``otherwise``."""
        play = Play(favour={"promote": 3}, otherwise=0.5)
        assert (3, 0.5, 1) == (play.weight("promote"), play.weight("drill"), Play().weight("drill"))

    @pytest.mark.parametrize(("arguments", "message"), [
        ({"favour": {"promote": -1}}, "the weight of 'promote' in the favour of a Play is refused: a weight is a finite number >= 0, got -1"),
        ({"favour": {"promote": "10"}}, "the weight of 'promote' in the favour of a Play is refused: expected a weight (a number >= 0), got '10'"),
        ({"otherwise": True}, "the otherwise of a Play is refused: expected a weight (a number >= 0), got True"),
        ({"otherwise": float("nan")}, "the otherwise of a Play is refused: a weight is a finite number >= 0, got nan"),
        ({"favour": ["promote"]}, "expected a mapping of upgrade ids to weights as the favour of a Play, got list"),
    ])  # fmt: skip
    def test_bad_weights_are_refused(self, arguments: dict[str, object], message: str) -> None:
        """A weight that is no number >= 0 is refused, saying what came."""
        with pytest.raises(InvalidInput) as caught:
            Play(**arguments)  # type: ignore[arg-type]
        assert message == str(caught.value)

    def test_the_pack_refuses_an_upgrade_it_does_not_define(self) -> None:
        """``RulePack(play=...)`` checks the ids as the loader does, naming the closest."""
        with pytest.raises(RulePackError) as caught:
            tiny(Play(favour={"promot": 2}))
        expected = ["<memory>: upgrade 'promot' is not defined; the closest: promote @ $.play.favour.promot"]
        assert expected == [str(p) for p in caught.value.problems]

    def test_nothing_to_buy_is_refused(self) -> None:
        """Weights that leave nothing to buy steer nowhere: refused."""
        with pytest.raises(
            RulePackError, match=r"every upgrade weighs 0: the steered runs would buy nothing @ \$\.play"
        ):
            tiny(Play(otherwise=0))

    def test_a_strategy_is_no_rule(self) -> None:
        """The strategy changes no rule: the rules' fingerprint is the same with it or without."""
        assert tiny(None).rules == tiny(Play(favour={"promote": 5})).rules

    def test_the_steered_machine(self) -> None:
        """``machine_for(..., play=)`` makes a steered machine; a strategy naming other upgrades is refused."""
        pack = tiny(Play(favour={"promote": 5}))
        assert (None, pack.play) == (machine_for(pack).play, machine_for(pack, play=pack.play).play)
        with pytest.raises(InvalidInput, match=r"play is a Play of the pack's upgrades .*, upgrade 'rank' is not"):
            machine_for(pack, play=Play(favour={"rank": 1}))
        with pytest.raises(InvalidInput, match=r"play is a Play of the pack's upgrades .*, got dict"):
            machine_for(pack, play={"promote": 1})  # type: ignore[arg-type]

    def test_a_count_without_a_strategy_plays_every_upgrade_alike(self) -> None:
        """A pack without [play] gets no steered run unless asked; asked, it is steered by ``Play()``."""
        pack = tiny(None)
        assert (0, 5) == (check_pack(pack, examples=2).steered, check_pack(pack, examples=0, sensible=5).steered)
        assert "play" in check_pack(pack, examples=0, sensible=5).checks

    def test_bad_sensible_counts(self) -> None:
        """``sensible`` is a whole number >= 0, as ``examples`` is."""
        with pytest.raises(InvalidInput, match=r"^expected a whole number >= 0 as sensible of the check, got -2$"):
            check_pack(tiny(None), sensible=-2)

    def test_the_steered_runs_weigh_their_purchases(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """The favoured upgrade (9 to 1 here) is bought several times as often as the other. Not nine times, in a
        derandomized sample: Hypothesis makes its runs by changing runs it made before, so they share their first
        steps, and with them their draws (403 to 75 in sixty runs, 172 to 37 in twenty)."""
        bought: list[str] = []
        buy = _machine.PackMachine._purchase

        def counted(self: _machine.PackMachine, data: object, member: object, upgrade: str, choice: object) -> None:
            bought.append(upgrade)
            buy(self, data, member, upgrade, choice)  # type: ignore[arg-type]

        monkeypatch.setattr(_machine.PackMachine, "_purchase", counted)
        check_pack(tiny(Play(favour={"promote": 9})), examples=0, sensible=20, derandomize=True)
        assert bought.count("promote") > 3 * bought.count("drill") > 0


#: Forty lores, each learnt once: the steered runs' draw among many options.
LORES = (
    """
format = 1
[pack]
name = "lores"
title = { en = "Lores", fr = "Savoirs" }
version = "1"
[currencies.xp]
label = { en = "Experience", fr = "Expérience" }
[pools.xp]
label = { en = "Experience", fr = "Expérience" }
currency = "xp"
[upgrades.learn]
label = { en = "Learn a lore", fr = "Apprendre un savoir" }
pool = "xp"
items = [ITEMS]
cost = 2
limit = { maxima = { "{choice}" = 1 } }
effect = { grants = { "{choice}" = 1 } }
[kinds.scholar]
label = { en = "Scholar", fr = "Érudit" }
pools = ["xp"]
[play]
favour = { learn = 1 }
""".replace("ITEMS", ", ".join(f'"lore{n}"' for n in range(40)))
    + "".join(f'[names.lore{n}]\nen = "Lore {n}"\nfr = "Savoir {n}"\n' for n in range(40))
)


_RUNS = itertools.count()


def run_of(machine: _machine.PackMachine) -> int:
    """A number for the run a machine makes, never given to another (an ``id()`` is reused once the machine of
    a run before is collected)."""
    number: int = machine.__dict__.setdefault("_test_run", next(_RUNS))
    return number


class TestSteeredDraws:
    """A steered purchase draws the upgrade, then its option, and quotes only what it drew."""

    @pytest.fixture
    def purchases(self, monkeypatch: pytest.MonkeyPatch) -> tuple[list[tuple[str, object]], list[int]]:
        """The purchases the steered runs make, and the quotes of the pack they ask for."""
        bought: list[tuple[str, object]] = []
        quotes = [0]
        buy, ask = _machine.PackMachine._purchase, RulePack.quote

        def counted(self: _machine.PackMachine, data: object, member: object, upgrade: str, choice: object) -> None:
            bought.append((f"{upgrade} in run {run_of(self)}", choice))
            buy(self, data, member, upgrade, choice)  # type: ignore[arg-type]

        def quote(self: RulePack, *args: object, **kwargs: object) -> object:
            quotes[0] += 1
            return ask(self, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(_machine.PackMachine, "_purchase", counted)
        monkeypatch.setattr(RulePack, "quote", quote)
        return bought, quotes

    def test_one_quote_for_an_option_that_may_be_bought(
        self, purchases: tuple[list[tuple[str, object]], list[int]]
    ) -> None:
        """Of forty lores, each step quotes the one it drew (then quotes it once more, as it buys it): not forty."""
        bought, quotes = purchases
        check_pack(progression.load_text(LORES, "lores.toml"), examples=0, sensible=10, steps=8, derandomize=True)
        assert len(bought) > 10
        assert quotes[0] <= 3 * len(bought)

    def test_an_option_refused_is_set_aside_for_another(
        self, purchases: tuple[list[tuple[str, object]], list[int]], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """With three lores, each learnt once, every steered step learns one until the three are learnt: a lore
        learnt is set aside and another drawn, not the step given up."""
        bought, _ = purchases
        steps: list[str] = []
        steer = _machine.PackMachine._steered_buy

        def counted(self: _machine.PackMachine, data: object, play: Play) -> None:
            steps.append(f"learn in run {run_of(self)}")
            steer(self, data, play)  # type: ignore[arg-type]

        monkeypatch.setattr(_machine.PackMachine, "_steered_buy", counted)
        three = LORES.replace(", ".join(f'"lore{n}"' for n in range(40)), '"fire", "water", "stone"')
        check_pack(progression.load_text(three, "lores.toml"), examples=0, sensible=10, steps=12, derandomize=True)
        runs: dict[str, list[str]] = {run: [] for run in steps}
        for run, choice in bought:
            runs[run].append(str(choice))
        assert all(sorted(set(learnt)) == sorted(learnt) for learnt in runs.values())
        assert [min(3, steps.count(run)) for run in runs] == [len(learnt) for learnt in runs.values()]
        assert ["fire", "stone", "water"] in [sorted(learnt) for learnt in runs.values()]

    def test_a_refusal_whatever_the_choice_sets_the_upgrade_aside(
        self, purchases: tuple[list[tuple[str, object]], list[int]], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Three studies in all (a curve read on them, ending at its third step): once three lores are learnt, a
        steered step quotes one lore, sees the curve's end refuses any, and sets the upgrade aside, where it
        quoted the forty lores one by one."""
        bought, quotes = purchases
        steps = [0]
        steer = _machine.PackMachine._steered_buy

        def counted(self: _machine.PackMachine, data: object, play: Play) -> None:
            steps[0] += 1
            steer(self, data, play)  # type: ignore[arg-type]

        monkeypatch.setattr(_machine.PackMachine, "_steered_buy", counted)
        three = (
            LORES.replace("cost = 2\n", 'cost = { curve = "study", axis = "studies" }\n')
            .replace(
                'effect = { grants = { "{choice}" = 1 } }',
                'effect = { grants = { "{choice}" = 1 }, stats = { studies = 1 } }\n'
                '[stats.studies]\nlabel = { en = "Studies", fr = "Études" }\n'
                '[curves.study]\nkind = "table"\nlabel = { en = "Study", fr = "Étude" }\nvalues = [1, 2, 3]',
            )
            .replace('pools = ["xp"]\n', 'pools = ["xp"]\nstats = ["studies"]\n')
        )
        report = check_pack(
            progression.load_text(three, "lores.toml"), examples=0, sensible=5, steps=15, derandomize=True
        )
        assert report.ok
        assert steps[0] > 3 * 5 + 10  # steps after the third study, each quoting one lore
        assert quotes[0] <= 2 * len(bought) + steps[0]

    def test_the_same_seed_steers_alike(self, purchases: tuple[list[tuple[str, object]], list[int]]) -> None:
        """Derandomized, the steered runs make the same purchases every time, in the same order."""
        bought, _ = purchases
        pack = progression.load_text(LORES, "lores.toml")
        check_pack(pack, examples=0, sensible=5, steps=8, derandomize=True)
        first = [choice for _, choice in bought]
        bought.clear()
        check_pack(pack, examples=0, sensible=5, steps=8, derandomize=True)
        assert (True, first) == (len(first) > 5, [choice for _, choice in bought])


@pytest.fixture(scope="module")
def stuck() -> RulePack:
    """A sound pack whose [play] favours the promotion alone and weighs the drill it needs 0."""
    return progression.load_file(PACKS / "stuck.toml")


class TestAPlayThatBuysNothing:
    """A [play] whose weights leave the steered runs nothing they can buy is found by the runs, not passed."""

    def test_the_steered_runs_say_they_bought_nothing(self, stuck: RulePack) -> None:
        """Every other check passes; the steered runs' finding is word for word the one in stuck.expected, with
        what the play favours and why it was refused."""
        expected = (PACKS / "stuck.expected").read_text(encoding="utf-8").splitlines()
        report = check_pack(stuck, examples=5, sensible=5, derandomize=True)
        assert (expected, report.findings) == ([str(f) for f in report.findings], report.sensible)
        assert check_pack(stuck, examples=5, sensible=0, derandomize=True).ok

    def test_weighing_what_it_needs_passes(self, stuck: RulePack) -> None:
        """With the drill weighed above 0, the steered runs drill, then are promoted: no finding."""
        fixed = attrs.evolve(stuck, play=Play(favour={"promotion": 3, "drill": 1}, otherwise=0))
        report = check_pack(fixed, examples=0, sensible=5, derandomize=True)
        assert (True, ("drill", "promotion")) == (report.ok, report.coverage.bought if report.coverage else ())


class TestOneSteeredRun:
    """However few steered runs are asked for, each tries to buy: ``sensible=1`` is a check of the play."""

    @pytest.mark.parametrize("derandomize", [True, False])
    def test_one_run_finds_a_play_that_buys_nothing(self, stuck: RulePack, derandomize: bool) -> None:
        """One steered run, as short as Hypothesis makes it, tries to buy at its start: the stuck play's finding
        is made in one run, as in five."""
        report = check_pack(stuck, examples=0, sensible=1, derandomize=derandomize)
        expected = (PACKS / "stuck.expected").read_text(encoding="utf-8").replace("in 5 runs", "in 1 run")
        assert expected.splitlines() == [str(finding) for finding in report.findings]

    def test_one_run_of_a_sound_play_buys(self, stuck: RulePack) -> None:
        """With the drill weighed above 0, one steered run buys at once, and passes."""
        fixed = attrs.evolve(stuck, play=Play(favour={"promotion": 3, "drill": 1}, otherwise=0))
        report = check_pack(fixed, examples=0, sensible=1, derandomize=True)
        assert (True, True) == (report.ok, bool(report.coverage and report.coverage.bought))


class TestShrinking:
    """A failing steered run is reported as it was found, each of its steps saying what it bought; a random run is
    shrunk; ``shrink=`` says otherwise."""

    @pytest.fixture
    def runs(self, monkeypatch: pytest.MonkeyPatch) -> list[str]:
        """The runs the state machines make (one entry per run: a search's, a shrink's or the last replay)."""
        made: list[str] = []
        start = _machine.PackMachine.__init__

        def counted(self: _machine.PackMachine) -> None:
            made.append(type(self).__name__)
            start(self)

        monkeypatch.setattr(_machine.PackMachine, "__init__", counted)
        return made

    @pytest.fixture
    def fresh_database(self, tmp_path: Path) -> Iterator[None]:
        """An empty example database, as on a new machine: nothing found before is replayed."""
        from hypothesis import settings
        from hypothesis.database import DirectoryBasedExampleDatabase

        profile = f"empty-{tmp_path.name}"
        settings.register_profile(profile, database=DirectoryBasedExampleDatabase(str(tmp_path)))
        current = settings.get_current_profile_name()
        settings.load_profile(profile)
        yield
        settings.load_profile(current)

    def test_a_steered_failure_is_reported_as_found(
        self, career: RulePack, runs: list[str], fresh_database: None
    ) -> None:
        """With no example saved, fifteen steered runs find the broken fifth promotion and report it after at most
        the fifteen runs and the replay of the failing one: no shrinking (it took a minute). The steps say what
        the run bought, and the start is named, not printed whole."""
        report = check_pack(career, examples=0, sensible=15, steps=20, derandomize=True)  # the same runs every time
        (finding,) = report.findings
        assert (
            "quote of 'promotion' met a pack function breaking its contract: cost function 'promotion_price' of "
            "upgrade 'promotion' raised KeyError: '5'"
        ) in finding.message
        assert len(runs) <= 16
        steps = finding.message.splitlines()
        assert "Draw 1 (start): \"a fresh 'soldier'\"" in steps
        assert sum(line.startswith("steered: buy 'promotion' for ") for line in steps) == 5

    def test_shrink_true_shrinks_steered_runs_too(
        self, career: RulePack, runs: list[str], fresh_database: None, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """``shrink=True`` shrinks the failing steered run: far more runs than were asked (cut short here). The runs
        are the same every time (derandomized): left to chance, fifteen runs now and then missed the broken
        promotion in a fresh clone."""
        from hypothesis.internal.conjecture import engine

        monkeypatch.setattr(engine, "MAX_SHRINKS", 20)  # a few shrinks show it; all of them take a minute
        report = check_pack(career, examples=0, sensible=15, steps=20, shrink=True, derandomize=True)
        assert ["play"] == [finding.check for finding in report.findings]
        assert len(runs) > 16

    def test_random_runs_are_shrunk(self) -> None:
        """A random run that fails is shrunk to fewer steps by default; ``shrink=False`` reports it as found (here a
        cost function that gives -5 once the upgrade was bought twice: the same runs every time)."""
        from progression.authoring import FunctionCost

        def price(context: Context) -> int:
            return -5 if context.sheet.bought.get("gift", 0) >= 2 else 1

        label = Label(en="x", fr="x")
        broken = RulePack(
            name="tiny",
            title=label,
            currencies=[Currency(id="xp", label=label)],
            pools=[PoolSpec(id="xp", label=label, currency="xp")],
            upgrades=[Upgrade(id="gift", label=label, pools=("xp",), cost=FunctionCost(function="price"))],
            kinds=[Kind(id="hero", label=label, pools=("xp",))],
            functions={"price": price},
        )

        def steps(report: ConformanceReport) -> int:
            (finding,) = report.findings
            return sum(line.startswith("state.") for line in finding.message.splitlines())

        shrunk = check_pack(broken, examples=15, sensible=0, derandomize=True)
        found = check_pack(broken, examples=15, sensible=0, derandomize=True, shrink=False)
        assert ["machine", "machine"] == [f.check for f in (*shrunk.findings, *found.findings)]
        assert steps(shrunk) < steps(found)

    def test_shrink_is_a_bool(self, career: RulePack) -> None:
        """``shrink`` is True, False or None; anything else is refused, saying what it may be."""
        with pytest.raises(InvalidInput) as caught:
            check_pack(career, shrink="yes")  # type: ignore[arg-type]
        expected = (
            "expected True, False or None (random runs shrunk, steered runs not) as shrink of the check, got 'yes'"
        )
        assert expected == str(caught.value)
