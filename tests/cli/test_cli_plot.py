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
        result = run("plot", SKIRMISH, "level", "feat", "-o", str(path), "--to", "20")
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

    def test_a_capped_curve_is_drawn_as_far_as_its_purchases(self, run: Run, tmp_path: Path) -> None:
        """By default a curve is drawn as far as ``table`` prices it: skirmish's level curve to 30, where Level up
        stops (level at most 30), not 50; the image marks it (SVG keeps its text), and the command's line is
        followed by the sentence ``table`` writes under the table, in the language asked for."""
        import matplotlib  # noqa: F401 - the plot extra, installed by make test

        path = tmp_path / "level.svg"
        data = run("plot", SKIRMISH, "level", "-o", str(path), "--json").json()["series"][0]
        assert ([1, 30], 30, 60, [{"upgrade": "level_up", "level": 30, "rule": "Level at most 30"}]) == (
            data["levels"][:: len(data["levels"]) - 1],
            data["highest"],
            data["totals"][-1],
            data["stops"],
        )
        assert b"no purchase past 30" in path.read_bytes()
        said = run("plot", SKIRMISH, "level", "-o", str(path), "--lang", "fr")
        assert (
            0,
            f"wrote {path}: 1 curve\n"
            "Aucun achat n'est payé au-delà du niveau 30 : Montée de niveau s'y arrête (Niveau au plus 30).\n",
        ) == (said.status, said.out)
        assert "aucun achat au-delà de 30".encode() in path.read_bytes()

    def test_help_says_the_default_reach(self, run: Run) -> None:
        """``--help`` says how far a curve is drawn by default, as the tests above show it."""
        said = " ".join(run("plot", "--help").out.split())
        assert (
            "--to N last level (default: the last level a purchase is priced at, marked on the plot; 50 when the "
            "rules do not stop the curve's purchases; never past the curve's end)"
        ) in said

    def test_an_uncapped_curve_is_drawn_to_fifty(self, run: Run, tmp_path: Path) -> None:
        """A curve whose purchases no rule stops (feat: Toughness and Speed have no cap) is drawn 50 steps, as
        before, with no mark and no sentence."""
        import matplotlib  # noqa: F401 - the plot extra, installed by make test

        path = tmp_path / "feat.svg"
        data = run("plot", SKIRMISH, "feat", "-o", str(path), "--json").json()["series"][0]
        assert (list(range(1, 51)), None, []) == (data["levels"], data["highest"], data["stops"])
        assert (f"wrote {path}: 1 curve\n", False) == (
            run("plot", SKIRMISH, "feat", "-o", str(path)).out,
            b"no purchase past" in path.read_bytes(),
        )

    def test_levels_past_the_stop_have_no_price(self, run: Run, tmp_path: Path) -> None:
        """``--to`` past the last level priced draws the levels asked for, those past it without a price (null in
        ``--json``, as in ``table``): the line ends where the purchases stop."""
        import matplotlib  # noqa: F401 - the plot extra, installed by make test

        data = run("plot", SKIRMISH, "level", "-o", str(tmp_path / "x.png"), "--from", "28", "--to", "32", "--json")
        line = data.json()["series"][0]
        assert ([29, 30, 31, 32], [3, 3, None, None], [3, 6, None, None]) == (
            line["levels"],
            line["costs"],
            line["totals"],
        )

    def test_nothing_priced_to_draw_is_refused(self, run: Run, tmp_path: Path) -> None:
        """``--from`` at or past the last level a purchase is priced at leaves nothing to draw: bad usage, saying
        where the purchases stop and why, and no file is written."""
        path = tmp_path / "x.png"
        result = run("plot", SKIRMISH, "level", "-o", str(path), "--from", "30", "--to", "40")
        assert (
            2,
            "progression: curve 'level' has no price past level 30, where the rules stop its purchases (Level up at "
            "level 30: Level at most 30); --from 30 leaves nothing to draw: give a --from below 30\n",
            False,
        ) == (result.status, result.err, path.exists())

    @pytest.mark.parametrize(
        "words",
        [["gear", "--from", "3"], ["gear", "--from", "7"], ["gear", "--from", "4", "--to", "9"],
         ["level", "--from", "-1"], ["level", "--from", "5", "--to", "5"]],
    )  # fmt: skip
    def test_levels_refused_as_table_refuses_them(self, run: Run, tmp_path: Path, words: list[str]) -> None:
        """A --from and --to that leave no level are refused in the words ``table`` uses for them: a --from at or
        past a table curve's end says where the curve ends (not "--to must be above --from" when no --to was
        typed, or one past the end was); a negative --from, or a --to not above it, names the option wrong."""
        path = tmp_path / "x.png"
        drawn = run("plot", SKIRMISH, *words, "-o", str(path))
        listed = run("table", SKIRMISH, *words)
        assert (2, listed.err, False) == (drawn.status, drawn.err, path.exists())
        assert "--to" not in drawn.err or "--to" in words

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
