"""``progression plot``: PNG and SVG files, tunings side by side, and the message without matplotlib."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_support import ROOT, SKIRMISH, Result

import progression
from progression.cli.plot import axis_label, legend

Run = Callable[..., Result]


class TestPlot:
    def test_png(self, run: Run, tmp_path: Path) -> None:
        """A PNG file is written, and the command says so."""
        import matplotlib  # noqa: F401 - the plot extra, installed by make test

        path = tmp_path / "costs.png"
        result = run("plot", SKIRMISH, "level", "feat", "-o", str(path), "--to", "30")
        assert (0, f"wrote {path}: 2 curves\n") == (result.status, result.out)
        assert path.read_bytes().startswith(b"\x89PNG")

    def test_tunings_side_by_side(self, run: Run, tmp_path: Path, fake: None) -> None:
        """--tune draws the curve once per setting, each from the pack's tune function."""
        import matplotlib  # noqa: F401 - the plot extra, installed by make test

        path = tmp_path / "tuned.svg"
        data = run("plot", "fake", "level", "-o", str(path), "--tune", "base=40,50,60", "--to", "3", "--json").json()
        assert [{"base": 40}, {"base": 50}, {"base": 60}] == [s["settings"] for s in data["series"]]
        assert [[40, 45, 50], [50, 55, 60], [60, 65, 70]] == [s["costs"] for s in data["series"]]
        assert [135, 165, 195] == [s["totals"][-1] for s in data["series"]]
        assert b"<svg" in path.read_bytes()

    def test_legend_names_curves_by_their_label(self) -> None:
        """The legend reads the curve's own label in the language asked for (its id when it has none),
        then the settings of a tuning."""
        pack = progression.load_file(SKIRMISH)
        lines = [{"curve": "level", "settings": {}}, {"curve": "feat", "settings": {"base": 4, "step": 1}}]
        assert ["Coût de niveau", "feat (base=4, step=1)"] == [legend(pack, line, "fr") for line in lines]

    def test_tune_needs_a_tune_function(self, run: Run, tmp_path: Path) -> None:
        """A pack that declares no tuner cannot be tuned."""
        result = run("plot", SKIRMISH, "level", "-o", str(tmp_path / "x.png"), "--tune", "base=1")
        assert 2 == result.status
        assert "offers no tuning (it declares no tuner)" in result.err

    def test_unknown_setting(self, run: Run, tmp_path: Path, fake: None) -> None:
        """A setting the tune function does not take is bad usage, naming those it takes."""
        result = run("plot", "fake", "level", "-o", str(tmp_path / "x.png"), "--tune", "slope=1")
        assert 2 == result.status
        assert "it takes: base, step" in result.err

    def test_format(self, run: Run, tmp_path: Path) -> None:
        """Only .png and .svg are written."""
        result = run("plot", SKIRMISH, "level", "-o", str(tmp_path / "x.pdf"))
        assert (2, "progression: -o " + str(tmp_path / "x.pdf") + ": the image must end in .png or .svg\n") == (
            result.status,
            result.err,
        )

    def test_without_matplotlib(self, run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """Without matplotlib, a clear message says how to install it, exit 2, no file."""
        for name in [m for m in sys.modules if m.startswith("matplotlib")]:
            monkeypatch.delitem(sys.modules, name)
        monkeypatch.setitem(sys.modules, "matplotlib", None)
        path = tmp_path / "x.png"
        result = run("plot", SKIRMISH, "level", "-o", str(path))
        assert (2, "progression: plotting needs matplotlib, an optional extra: pip install 'progression[plot]'\n") == (
            result.status,
            result.err,
        )
        assert not path.exists()


class TestAxisLabel:
    def test_the_quantity_a_curve_prices(self) -> None:
        """The quality curve counts qualities owned; the level curve prices one level per competence: "level"."""
        pack = progression.load("competence")
        assert ["Qualities", "Qualités", "level", "niveau"] == [
            axis_label(pack, [{"curve": "quality"}], "en"),
            axis_label(pack, [{"curve": "quality"}], "fr"),
            axis_label(pack, [{"curve": "level"}], "en"),
            axis_label(pack, [{"curve": "level"}], "fr"),
        ]

    def test_a_curve_read_on_the_chosen_item(self) -> None:
        """A curve an upgrade reads on the chosen item's own count (``axis = "{choice}"``, or a name made of it)
        counts no one quantity: the axis says so, never the placeholder."""
        pack = progression.load_file(ROOT / "examples" / "skirmish" / "pack.toml")
        assert ["the chosen item's own count", "compte de l'élément choisi", "the chosen item's own count"] == [
            axis_label(pack, [{"curve": "skill_advance"}], "en"),
            axis_label(pack, [{"curve": "skill_advance"}], "fr"),
            axis_label(pack, [{"curve": "characteristic_advance"}], "en"),
        ]
