"""Ladders: named bands over an axis, and the gates at their lower edges."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import progression
from progression.errors import InvalidInput, UnknownName
from progression.requirements import Band, Ladder, Owns
from support.builders import FEW, label, market


def rank() -> Ladder:
    return market().ladder("rank")


@st.composite
def ladders(draw: st.DrawFn) -> Ladder:
    """Touching bands of random widths, the last one open or closed."""
    widths = draw(st.lists(st.integers(1, 6), min_size=1, max_size=6))
    low = draw(st.integers(-5, 5))
    bands = []
    for index, width in enumerate(widths):
        bands.append(Band(id=f"b{index}", label=label(f"B{index}"), low=low, high=low + width - 1))
        low += width
    if draw(st.booleans()):
        bands[-1] = Band(id=bands[-1].id, label=bands[-1].label, low=bands[-1].low)
    return Ladder(id="l", label=label("L"), axis="level", bands=bands)


class TestBands:
    def test_band_of_each_value(self) -> None:
        """Each value lies in the band whose range holds it."""
        assert ["novice", "novice", "adept", "adept", "master", "master"] == [
            rank().band_of(v).id for v in (0, 1, 2, 3, 4, 400)
        ]

    def test_range_of_a_band(self) -> None:
        """An open-topped band has no high end."""
        assert ((2, 3), (4, None)) == (rank().range_of("adept"), rank().range_of("master"))

    def test_index_of_a_band(self) -> None:
        """Bands are ordered from the lowest."""
        assert [0, 1, 2] == [rank().index_of(b) for b in ("novice", "adept", "master")]

    def test_completes(self) -> None:
        """A value completes its band at the band's top; an open band is never complete."""
        assert [False, True, False, True, False] == [rank().completes(v) for v in (0, 1, 2, 3, 10**6)]

    def test_a_band_of_one_value_is_never_complete(self) -> None:
        """Level 0 of a band 0..0 (Ignorant, Rookie) has nothing to complete."""
        ladder = Ladder(
            id="degree",
            label=label("Degree"),
            axis="level",
            bands=[
                Band(id="none", label=label("None"), low=0, high=0),
                Band(id="some", label=label("Some"), low=1, high=3),
            ],
        )
        assert [False, False, True] == [ladder.completes(v) for v in (0, 1, 3)]

    def test_below_the_first_band(self) -> None:
        """A value outside the ladder says which values it covers."""
        with pytest.raises(InvalidInput, match=r"ladder 'rank' covers 0\.\.; got -1"):
            rank().band_of(-1)

    def test_unknown_band(self) -> None:
        """An unknown band id lists the known ones."""
        with pytest.raises(
            UnknownName, match="band 'legend' is not defined in ladder 'rank'; expected one of: adept, master, novice"
        ):
            rank().range_of("legend")

    @FEW
    @given(ladders(), st.integers(-10, 60))
    def test_every_covered_value_has_one_band(self, ladder: Ladder, value: int) -> None:
        """Bands touch and do not overlap: a covered value lies in exactly one."""
        holding = [b.id for b in ladder.bands if b.contains(value)]
        covered = ladder.bands[0].low <= value and (ladder.bands[-1].high is None or value <= ladder.bands[-1].high)
        assert (1 if covered else 0) == len(holding)
        if covered:
            assert holding[0] == ladder.band_of(value).id


class TestGates:
    def test_gates_crossed_going_up(self) -> None:
        """Going from 1 to 4 enters Adept then Master from below."""
        assert ["adept", "master"] == [b.id for b in rank().gates_crossed(1, 4)]

    def test_no_gate_within_a_band_or_going_down(self) -> None:
        """Staying in a band, or going down, crosses no gate."""
        assert ((), ()) == (rank().gates_crossed(2, 3), rank().gates_crossed(4, 0))

    def test_gate_carries_its_requirement(self) -> None:
        """The band's ``requires`` is the gate at its lower edge."""
        assert Owns(item="badge") == rank().band("adept").requires


class TestBuilding:
    @pytest.mark.parametrize(
        ("bands", "message"),
        [
            ([], "ladder 'l' needs at least one band"),
            ([(0, 3), (5, None)], "band 'b1' must start at 4, got 5"),
            ([(0, None), (5, None)], "band 'b1' must start at the end of b0, got 5"),
            ([(5, 3)], "band 'b0' ends at 3, before it starts at 5"),
            ([("0", 3)], "band 'b0' low must be an integer, got '0'"),
        ],
    )
    def test_bad_bands(self, bands: list[tuple[object, object]], message: str) -> None:
        """Bands that leave a hole, overlap, run backwards or are not numbers are refused."""
        made = [Band(id=f"b{i}", label=label("b"), low=lo, high=hi) for i, (lo, hi) in enumerate(bands)]  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match=message):
            Ladder(id="l", label=label("L"), axis="level", bands=made)

    def test_duplicate_band_ids(self) -> None:
        """Two bands with one id would make ``band()`` ambiguous."""
        twice = [Band(id="b", label=label("b"), low=0, high=1), Band(id="b", label=label("b"), low=2)]
        with pytest.raises(InvalidInput, match="band id 'b' is used twice"):
            Ladder(id="l", label=label("L"), axis="level", bands=twice)


#: A designer's ladder over the advances a pilot takes.
LICENSE = """\
format = 1
[pack]
name = "mech"
title = { en = "Mech Pilot" }
languages = ["en"]
[stats.advances]
label = { en = "Advances" }
[ladders.license]
label = { en = "License" }
axis = "advances"
bands = [
  { id = "cadet", label = { en = "Cadet" }, from = 0, to = 3 },
  { id = "ace", label = { en = "Ace" }, from = 4 },
]
"""


class TestWhatComes:
    @pytest.fixture
    def license(self, tmp_path: Path) -> Ladder:
        """The ladder ``license`` of a pack file."""
        path = tmp_path / "mech.toml"
        path.write_text(LICENSE, encoding="utf-8")
        return progression.load_file(path).ladder("license")

    @pytest.mark.parametrize(
        ("value", "came"),
        [("3", "str '3'"), (None, "NoneType None"), (True, "bool True"), (3.0, "float 3.0")],
    )
    def test_a_value_that_is_no_integer(self, license: Ladder, value: object, came: str) -> None:
        """``band_of("3")`` raised a TypeError from a comparison, ``band_of(True)`` answered the band of 1 and
        ``band_of(3.0)`` said 3.0 was outside the ladder: each is refused, saying an integer was expected on the
        ladder's axis."""
        expected = f"ladder 'license': expected an integer of 'advances' to find the band of, got {came}"
        for call in (license.band_of, license.completes):
            with pytest.raises(InvalidInput) as caught:
                call(value)  # type: ignore[arg-type]
            assert expected == str(caught.value)
        with pytest.raises(InvalidInput) as caught:
            license.gates_crossed(1, value)  # type: ignore[arg-type]
        assert f"ladder 'license': expected an integer of 'advances' to find the gates crossed, got {came}" == str(
            caught.value
        )
        with pytest.raises(InvalidInput) as caught:
            license.bands[0].contains(value)  # type: ignore[arg-type]
        assert f"band 'cadet': expected an integer to find in it, got {came}" == str(caught.value)
        assert ("cadet", True, ("ace",)) == (
            license.band_of(3).id,
            license.completes(3),
            tuple(band.id for band in license.gates_crossed(1, 5)),
        )
