"""The generated rule pack: what it holds per competence, quality and specialization."""

from __future__ import annotations

import attrs
import pytest

import progression
import progression.requirements
import progression_competence as pc
from progression import RulePack
from progression.authoring import CurveCost, FixedCost
from progression.errors import RulePackError
from progression.requirements import OwnsAmong
from progression.testing import assert_pack_conforms, check_pack


class TestEntryPoint:
    def test_installed_pack_is_the_example(self) -> None:
        """``progression.load("competence")`` gives the example campaign's pack, built once."""
        loaded = progression.load("competence")
        assert (loaded is pc.pack(), "example") == (True, loaded.tables["campaign"]["name"])

    def test_conforms(self, pack: RulePack) -> None:
        """The core's conformance check finds nothing wrong with the installed pack, in random runs and in runs
        steered by its [play]."""
        assert 5 == assert_pack_conforms(pack, examples=5, steps=15, sensible=5).steered

    def test_conforms_under_every_policy(self, any_policy: RulePack) -> None:
        """Under every overflow policy the full check passes, reachability included: under
        ``auto`` and ``lose`` an award's surplus pays the raise a pool capped at level 0 cannot; the steered runs
        raise levels (and discover competences under ``lose``)."""
        report = assert_pack_conforms(any_policy, examples=5, steps=15, sensible=5)
        assert report.coverage is not None
        assert any(ident.startswith("raise.") for ident in report.coverage.bought)

    def test_sensible_play_passes_the_gates(self, pack: RulePack) -> None:
        """The pack's [play] raises levels first and buys a quality when a gate asks for one: from a character at
        the top of Beginner everywhere, the steered runs buy qualities and take competences to Proficient, where
        as many random runs stay Beginner in every competence."""
        top = pc.new_character(pack, "Aude", levels=dict.fromkeys(pc.queries.competences(pack), 30))
        steered = check_pack(pack, examples=0, steps=20, sensible=10, prepared=[top], derandomize=True)
        random = check_pack(pack, examples=10, steps=20, sensible=0, prepared=[top], derandomize=True)
        assert steered.coverage is not None
        assert random.coverage is not None
        assert "Proficient" in steered.coverage.played.values()
        assert any(ident.startswith("quality.") for ident in steered.coverage.bought)
        assert {"Beginner"} == set(random.coverage.deepest.values())

    def test_the_play_weighs_each_family(self, pack: RulePack) -> None:
        """[tables.play] gives every upgrade of a family its weight: raises 6, qualities 2, specializations 1;
        the rules' fingerprint is the same with the play or without."""
        assert pack.play is not None
        weights = {ident.split(".")[0]: pack.play.weight(ident) for ident in pack.upgrades}
        assert {"raise": 6, "quality": 2, "spec": 1} == weights
        assert pack.rules == attrs.evolve(pack, play=None).rules

    def test_a_weight_below_zero_is_refused(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A family weighed below 0 is refused at its key path."""
        base = pc._rules._base()
        tables = {**base.tables, "play": {"raise": -1, "quality": 2}}
        monkeypatch.setattr(pc._rules, "_base", lambda: attrs.evolve(base, tables=tables))
        with pytest.raises(RulePackError) as caught:
            pc.build()
        assert [f"{base.source}: a weight is a whole number >= 0, got -1 @ $.tables.play.raise"] == [
            str(problem) for problem in caught.value.problems
        ]

    def test_functions_for_the_command(self, pack: RulePack) -> None:
        """The pack declares its demo, a character factory, a test action and a simulation, each documented."""
        names = {"demo", "new.character", "action.test", "simulate.sessions_to_expert"}
        declared = dict(pack.contract.entries())
        assert names <= set(declared)
        assert all(declared[n].summary for n in names)


class TestPerCompetence:
    def test_pool_capped_by_level(self, pack: RulePack) -> None:
        """Each competence has a PP pool whose cap is its level, settling surplus by default."""
        pool = pack.pool("pp.escrime")
        assert ("pp", "level.escrime", "settle") == (pool.currency, pool.cap, pool.overflow)

    def test_raise_on_the_level_curve(self, pack: RulePack) -> None:
        """Raising costs the next step of the level curve, read on the competence's level."""
        upgrade = pack.upgrade("raise.escrime")
        assert (CurveCost(curve="level", axis="level.escrime"), {"level.escrime": 1}) == (
            upgrade.cost,
            dict(upgrade.effect.stats),
        )

    def test_ladder_gates(self, pack: RulePack) -> None:
        """The degree ladder asks 1, 2, 3 qualities of the competence's own list at 31, 61, 91."""
        ladder = pack.ladder("degree.escrime")
        gates = [(b.low, b.requires) for b in ladder.bands if b.requires is not None]
        listed = pc.queries.qualities_of(pack, "escrime")
        assert [(31, 1), (61, 2), (91, 3)] == [(low, r.count) for low, r in gates if isinstance(r, OwnsAmong)]
        assert all(isinstance(r, OwnsAmong) and r.among == listed for _, r in gates)

    def test_french_names(self, pack: RulePack) -> None:
        """Generated names read in French too, with elision: PP d'Escrime, Niveau de Danse."""
        assert ("PP d'Escrime", "Niveau de Danse") == (
            pack.name_of("pp.escrime", "fr"),
            pack.name_of("level.danse", "fr"),
        )

    def test_auto_spends_on_raises(self) -> None:
        """Under ``auto`` the pool spends its surplus on raises of its competence."""
        built = pc.build(settings=pc.default_settings().changed(overflow="auto"))
        assert ("auto", ("raise.escrime",)) == (built.pool("pp.escrime").overflow, built.pool("pp.escrime").auto_spend)

    def test_lose_opens_only(self) -> None:
        """Under ``lose`` the only automatic spending is the opening raise 0 -> 1 (the level-0 ruling)."""
        built = pc.build(settings=pc.default_settings().changed(overflow="lose"))
        assert (("open.escrime",), "open.escrime" in pc.pack().upgrades) == (
            built.pool("pp.escrime").auto_spend,
            False,
        )


class TestQualitiesAndSpecializations:
    def test_quality_payable_from_every_listing_competence(self, pack: RulePack) -> None:
        """Suppleness may be paid from the PP of each competence listing it, and no other."""
        expected = tuple(f"pp.{c}" for c in pc.queries.competences_listing(pack, "souplesse"))
        assert expected == pack.upgrade("quality.souplesse").pools
        assert {"escrime", "danse"} <= set(pc.queries.competences_listing(pack, "souplesse"))

    def test_quality_escalates_on_qualities_owned(self, pack: RulePack) -> None:
        """A quality's price is read on the count of qualities owned; it is bought once."""
        upgrade = pack.upgrade("quality.souplesse")
        assert (CurveCost(curve="quality", axis="qualities"), 1) == (upgrade.cost, upgrade.limit.times)

    @pytest.mark.parametrize(
        ("spec", "price"),
        [("feinte", 20), ("rapiere", 50), ("riposte", 80), ("coup-double", 120), ("botte-secrete", 150)],
    )
    def test_specialization_price(self, pack: RulePack, spec: str, price: int) -> None:
        """Beginner 20, Proficient 50, Expert 80; Master and secret techniques at their own price."""
        upgrade = pack.upgrade(f"spec.escrime.{spec}")
        assert (FixedCost(amount=price), 1) == (upgrade.cost, upgrade.limit.times)

    def test_degree_requirement_reads_as_a_sentence(self, pack: RulePack) -> None:
        """A specialization's requirement says which degree it needs, in words (``progression show``
        prints it), and is a level threshold the conformance check can follow."""
        requirement = pack.upgrade("spec.escrime.rapiere").requires
        context = progression.requirements.Context(sheet=pc.new_character(pack), names=pack, functions=pack.functions)
        assert ("have Fencing at Proficient (level 31 or more)", "level.escrime", 31) == (
            requirement.describe(context),
            requirement.quantity,
            requirement.value,
        )

    def test_campaign_prices_override(self) -> None:
        """Changed specialization costs reach the generated upgrades."""
        built = pc.build(settings=pc.default_settings().changed(specialization_costs={"debutant": 15}))
        assert FixedCost(amount=15) == built.upgrade("spec.escrime.feinte").cost


class TestBadArguments:
    def test_not_a_campaign(self) -> None:
        """``build`` refuses anything but a Campaign with a RulePackError saying what came."""
        with pytest.raises(RulePackError, match="expected a Campaign, got str"):
            pc.build("example")  # type: ignore[arg-type]

    def test_not_settings(self) -> None:
        """``build`` refuses settings that are not Settings."""
        with pytest.raises(RulePackError, match="expected Settings, got dict"):
            pc.build(settings={"quality_base": 10})  # type: ignore[arg-type]
