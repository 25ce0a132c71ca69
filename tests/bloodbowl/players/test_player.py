"""A player: his profile as the book prints it, whether he may play, when he must advance, his injuries."""

from __future__ import annotations

import pytest

import progression_bloodbowl as bb
from progression import Effect, RulePack, Sheet
from progression.errors import InvalidInput
from progression_bloodbowl.players.injuries import check_injury
from progression_bloodbowl.players.player import available


def with_spp(pack: RulePack, team: Sheet, member: str, amount: int) -> Sheet:
    """``team`` after ``amount`` SPP awarded to ``member``."""
    return pack.award(team, "spp", amount, reason="test award", member=member)


class TestProfile:
    def test_in_the_book_s_notation(self, team: Sheet) -> None:
        """MA and ST as numbers, AG PA AV as targets: a Human Lineman is ``MA 6 ST 3 AG 3+ PA 4+ AV 9+``."""
        assert bb.queries.profile(team.member("6")) == "MA 6 ST 3 AG 3+ PA 4+ AV 9+"

    def test_no_pa_is_a_dash(self) -> None:
        """PA 0 stands for the book's "-"."""
        assert (bb.queries.notation("pa", 0), bb.queries.notation("pa", 4), bb.queries.notation("ma", 0)) == (
            "-",
            "4+",
            "0",
        )


class TestAvailable:
    @pytest.mark.parametrize("tag", ["dead", "miss_next", "retired"])
    def test_the_dead_the_missing_and_the_retired_do_not_play(self, pack: RulePack, team: Sheet, tag: str) -> None:
        """A player dead, missing the next match or temporarily retired is not available; the others are."""
        player = team.member("6")
        assert available(player)
        assert not available(pack.adjust(player, Effect(tags={tag: "yes"}), reason="test"))


class TestMustAdvance:
    def test_threshold_is_the_next_characteristic_cost(self, pack: RulePack, team: Sheet) -> None:
        """13 SPP may be banked; 14 oblige a first advancement."""
        assert bb.queries.must_advance(pack, with_spp(pack, team, "6", 13).member("6")) is None
        sentence = bb.queries.must_advance(pack, with_spp(pack, team, "6", 14).member("6"))
        assert (
            "Lineman 1 holds 14 SPP, at least the 14 a characteristic improvement costs as advancement 1; an advancement must be taken"
            == sentence
        )

    def test_the_threshold_follows_the_advancements_taken(self, pack: RulePack, team: Sheet) -> None:
        """After one advancement, the next characteristic improvement costs 16: 15 SPP may be banked."""
        player = pack.adjust(team.member("6"), Effect(stats={"advancements": 1}), reason="test")
        banked = pack.award(player, "spp", 15, reason="test award")
        assert bb.queries.must_advance(pack, banked) is None
        assert "at least the 16" in (bb.queries.must_advance(pack, pack.award(banked, "spp", 1, reason="t")) or "")

    def test_never_after_the_sixth_advancement(self, pack: RulePack, team: Sheet) -> None:
        """A player with all six advancements taken is never obliged, whatever he holds."""
        player = pack.adjust(team.member("6"), Effect(stats={"advancements": 6}), reason="test")
        assert bb.queries.must_advance(pack, pack.award(player, "spp", 500, reason="test award")) is None


class TestInjuries:
    @pytest.mark.parametrize("result", ["badly_hurt", "dead", "lasting_injury:av", "lasting_injury:pa"])
    def test_a_result_of_the_tables(self, result: str) -> None:
        assert check_injury(result) == result

    @pytest.mark.parametrize("result", ["lasting_injury:xx", "bruised", "dead:av", 3, None])
    def test_anything_else_is_refused_saying_what_is(self, result: object) -> None:
        """An injury no table gives is refused, with the results it may be."""
        with pytest.raises(
            InvalidInput, match=r"an injury is one of badly_hurt, .* or lasting_injury:<ma\|st\|ag\|pa\|av>, got"
        ):
            check_injury(result)

    @pytest.mark.parametrize(
        ("result", "named"),
        [
            ("bady_hurt", "badly_hurt"),
            ("Badly Hurt", "badly_hurt"),
            ("serious", "seriously_hurt, serious_injury"),
            ("lasting_injury:avv", "lasting_injury:av"),
            ("lasting_injury:AV", "lasting_injury:av"),
            ("lasting_injury:xx", "lasting_injury"),
            ("dead:av", "dead"),
        ],
    )
    def test_a_misspelt_result_names_the_closest(self, result: str, named: str) -> None:
        """A misspelt result is answered with the closest results; a Lasting Injury's characteristic is matched
        among the characteristics, so that one is named rather than every lasting_injury:<x> alike."""
        with pytest.raises(InvalidInput) as error:
            check_injury(result)
        assert str(error.value).endswith(f", got {result!r}; the closest: {named}")

    def test_nothing_close_names_nothing(self) -> None:
        """A word close to no result is refused with the list alone."""
        with pytest.raises(InvalidInput) as error:
            check_injury("bruised")
        assert str(error.value).endswith(", got 'bruised'")
