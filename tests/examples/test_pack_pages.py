"""The documentation's pack pages: generated from the packs, valid reST, cleaned up when a pack goes."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from docutils import nodes
from docutils.core import publish_doctree

import progression
import progression.authoring
import progression.curves
from progression import RulePack
from progression.authoring import Label

ROOT = Path(__file__).parents[2]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import pack_plots  # noqa: E402
import pack_rst  # noqa: E402
import packpages  # noqa: E402

DND5E = ROOT / "examples" / "dnd5e" / "pack.toml"


def parse(text: str) -> str:
    """The warnings docutils reports on ``text`` (Sphinx-only directives aside)."""
    stream = io.StringIO()
    publish_doctree(text, settings_overrides={"report_level": 2, "halt_level": 5, "warning_stream": stream})
    return stream.getvalue()


@pytest.fixture(scope="module")
def dnd5e() -> RulePack:
    return progression.load_file(DND5E)


class TestTheBloodBowlPage:
    """The Blood Bowl page reads like the rulebook's team pages and Star Player cards, not a dump of its tables."""

    @pytest.fixture(scope="class")
    @classmethod
    def page(cls) -> str:
        pack = progression.load("bloodbowl")
        return pack_rst.render_pack(pack, origin="a test", data=packpages.DATA_PAGES["bloodbowl"])

    def rows(self, page: str, first: str) -> list[str]:
        """The cells of the list-table row that starts with ``first`` (an empty cell's line is ``"     -"``)."""
        lines = page.splitlines()
        at = lines.index(f"   * - {first}")
        cells = [lines[at].removeprefix("   * - ")]
        for line in lines[at + 1 :]:
            if not line.startswith("     -"):
                break
            cells.append(line.removeprefix("     -").strip())
        return cells

    def test_valid_rest(self) -> None:
        """The part the Blood Bowl data writes parses without a warning."""
        part = pack_rst.Page()
        packpages.DATA_PAGES["bloodbowl"](part, progression.load("bloodbowl"))
        assert "" == parse("\n".join(part.lines))

    def test_a_position_as_the_team_page_prints_it(self, page: str) -> None:
        """The Human Catcher: 0-2, 75,000 gp, MA 8 ST 3 AG 3+ PA 4+ AV 8+, Catch and Dodge, A G / D P S."""
        human = page[page.index("\nHuman\n~~~~~") :]
        assert ["0-2", "Human Catcher", "75,000 gp", "8", "3", "3+", "4+", "8+", "Catch, Dodge", "A G", "D P S"] == (
            self.rows(human, "0-2")
        )

    def test_stats_are_written_as_the_book_writes_them(self, page: str) -> None:
        """The Stats table writes AG's bounds ``6+`` to ``1+``, no PA as ``-`` (it gave the stored numbers)."""
        stats = page[page.index("\nStats\n") :]
        assert (["``ag``", "Agility (AG)", "Agilité (AG)", "6+", "1+", "6+"], "-") == (
            self.rows(stats, "``ag``"),
            self.rows(stats, "``pa``")[3],
        )

    def test_a_star_as_his_card_shows_him(self, page: str) -> None:
        """A star's fee, profile with PA ``-``, a trait's value as the book writes it (``Loner (4+)``)."""
        card = self.rows(page, "Akhorne The Squirrel")
        assert (["80,000 gp", "7", "1", "2+", "-", "6+"], True, "any team") == (
            card[1:7],
            "Loner (4+)" in card[7],
            card[8],
        )

    def test_the_sensible_play(self, page: str) -> None:
        """The pack's [play] has its section: the weights, heaviest first, then every other upgrade's."""
        section = page[page.index("Sensible play\n") :]
        assert ["6", "``chosen_primary``"] == self.rows(section, "6")
        assert ["4", "``team_reroll``"] == self.rows(section, "4")
        assert ["1", "``characteristic``"] == self.rows(section, "1")
        assert section.index("     - ``characteristic``") < section.index("   * - 1\n     - every other upgrade")

    def test_what_an_award_to_a_pool_requires(self, page: str) -> None:
        """The pools' table shows what an award requires, as an upgrade's requirements are shown: no SPP to a Star
        Player; nothing for the treasury."""
        pools = page[page.index("\nPools\n-----") : page.index("\nStats\n-----")]
        assert "an award requires" == self.rows(pools, "id")[-1]
        said = "not (a no\\_spp) (message: “a Star Player earns no Star Player Points”)"
        assert said == self.rows(pools, "``spp``")[-1]
        assert "" == self.rows(pools, "``treasury``")[-1]

    def test_the_book_s_pages_come_first(self, page: str) -> None:
        """The rosters, Star Players and skills open the page, before the vocabulary every pack shares (it opened
        with the currencies, pools, stats and curves, and the rosters came a thousand lines down)."""
        headings = [page.index(f"\n{title}\n") for title in ("Team rosters", "Star Players", "Currencies", "Curves")]
        assert sorted(headings) == headings

    def test_no_internal_fields(self, page: str) -> None:
        """The rosters are not dumped as loaded: no ``big_guy`` or ``keywords`` field of a position is shown."""
        assert ("``teams``" not in page, "keywords" not in page.split("Other data tables")[0]) == (True, True)


class TestTheSkirmishPage:
    """The per-item example's page lists each upgrade's items, its maximum of each item, its arguments and the
    factors of its price (issue 17)."""

    def test_the_skill_row(self) -> None:
        """The skill: its price doubled out of career, at most 5 of each skill, the twelve skills chosen among."""
        page = pack_rst.render_pack(
            progression.load_file(ROOT / "examples" / "skirmish" / "pack.toml"), origin="a test"
        )
        lines = page.splitlines()
        at = lines.index("   * - ``skill``")
        cells = [line.removeprefix("     - ") for line in lines[at + 1 : at + 9]]
        assert cells[3].endswith(r"own count; ×2 when bought with out\_of\_career")
        assert "at most 5 of each item" == cells[6]
        assert cells[7].startswith("chosen among Athletics, Climb, Swim")
        assert "; argument ``out_of_career`` (out of career, bool); for Adventurer" in cells[7]
        assert "tier among Journeyman, Master" in page


class TestRenderPack:
    def test_valid_rest(self, dnd5e: RulePack) -> None:
        """The page parses without a warning."""
        assert "" == parse(pack_rst.render_pack(dnd5e, origin="a test"))

    def test_every_name_in_both_languages(self, dnd5e: RulePack) -> None:
        """Every band, stat and upgrade appears with its English and its French name."""
        page = pack_rst.render_pack(dnd5e, origin="a test")
        labels = [b.label for ladder in dnd5e.ladders.values() for b in ladder.bands]
        labels += [s.label for s in dnd5e.stats.values()] + [u.label for u in dnd5e.upgrades.values()]
        missing = [
            label for label in labels if pack_rst.escape(label.en) not in page or pack_rst.escape(label.fr) not in page
        ]
        assert [] == missing

    def test_curve_rows(self, dnd5e: RulePack) -> None:
        """The point-buy curve lists its first steps: five at 1, then 2 (a 15 costs 9 in all)."""
        rows, stopped = pack_rst.curve_rows(dnd5e.curve("point_buy"))
        assert ([1, 1, 1, 1, 1, 2, 2], 9, None) == ([c for _, c, _ in rows[:7]], rows[6][2], stopped)

    def test_wide_stepped_curve_shows_its_price_changes(self) -> None:
        """A price that holds for ten steps is listed on both sides of each change, not ten times over."""
        curve = progression.curves.SteppedCurve(name="level", width=10, unit=1)
        steps = [n for n, _, _ in pack_rst.curve_rows(curve)[0]]
        assert [1, 10, 11, 20, 21, 30, 31, 40, 41] == steps

    @pytest.mark.parametrize(
        "curve",
        [
            progression.curves.SteppedCurve(name="level", width=10, unit=1),
            progression.curves.LinearCurve(name="quality", base=50, step=10),
        ],
        ids=["stepped", "linear"],
    )
    def test_formula_renders_without_stray_asterisks(self, curve: progression.curves.Curve) -> None:
        """The formula of a curve reads as text with an italic *n*: no asterisk is left over."""
        tree = publish_doctree(pack_rst.curve_formula(curve), settings_overrides={"report_level": 5})
        assert ("", ["n"]) == (
            "*" if "*" in tree.astext() else "",
            sorted({node.astext() for node in tree.findall(nodes.emphasis)}),
        )

    def test_table_curve_stops_at_its_end(self) -> None:
        """A table curve that ends is listed to its end, no further."""
        curve = progression.curves.TableCurve(name="short", values=(1, 2, 3))
        assert ([1, 2, 3], None) == ([c for _, c, _ in pack_rst.curve_rows(curve)[0]], pack_rst.curve_rows(curve)[1])

    def test_plots_are_shown(self, dnd5e: RulePack) -> None:
        """A curve with a plot gets an image directive pointing at it."""
        page = pack_rst.render_pack(dnd5e, origin="a test", plot_for=lambda curve: f"_plots/{curve}.svg")
        assert ".. image:: _plots/point_buy.svg" in page.splitlines()

    def test_requirements_in_words(self, dnd5e: RulePack) -> None:
        """A gate is described by its structure and its message."""
        gate = dnd5e.ladder("improvement").band("level_4").requires
        assert gate is not None
        assert "Experience points ≥ 2700 (message: “needs character level 4 (2,700 experience points)”)" == (
            pack_rst.describe_requirement(dnd5e, gate)
        )


def texts(svg: bytes) -> list[str]:
    """The texts of an SVG matplotlib wrote, in order (each drawn as paths, named in a comment before them)."""
    return [text.decode() for text in re.findall(rb"<!-- (.*?) -->", svg)]


def ticks(svg: bytes) -> list[int]:
    """The labels of the first panel's x axis: the numbers before the axis' own label."""
    found = texts(svg)
    return [int(text) for text in found[: next(i for i, text in enumerate(found) if not text.isdigit())]]


class TestPlots:
    """A pack page's plot of a curve is what ``progression plot PACK CURVE`` draws: as far as the purchases go."""

    SKIRMISH = progression.load_file(ROOT / "examples" / "skirmish" / "pack.toml")

    def test_a_capped_curve_stops_where_its_purchases_do(self) -> None:
        """Skirmish's skill curve, each skill at most 5: drawn to 5 and marked there (the page drew 20 steps)."""
        svg = pack_plots.curve_svg(self.SKIRMISH, "skill_advance")
        assert ([1, 2, 3, 4, 5], True) == (ticks(svg), "no purchase past 5" in texts(svg))

    def test_an_uncapped_curve_is_drawn_to_fifty(self) -> None:
        """The competence pack's quality curve, whose purchases no rule stops, is drawn 50 steps as the command
        draws it (the page drew 20; its axis is ticked every 6 to 48), with no mark."""
        svg = pack_plots.curve_svg(progression.load("competence"), "quality")
        assert (48, False) == (ticks(svg)[-1], any(t.startswith("no purchase past") for t in texts(svg)))

    @pytest.mark.parametrize(("pack", "curve"), [(str(ROOT / "examples" / "skirmish" / "pack.toml"), "skill_advance"),
                                                 ("bloodbowl", "chosen_primary")])  # fmt: skip
    def test_what_the_command_draws(
        self, pack: str, curve: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """The page's SVG writes the texts, in order, of the one ``progression plot`` writes: the same ticks,
        marks, titles and legend."""
        from progression.cli.main import main

        path = tmp_path / "drawn.svg"
        assert 0 == main(["plot", pack, curve, "-o", str(path)])
        loaded = progression.load(pack) if pack == "bloodbowl" else progression.load_file(pack)
        assert texts(path.read_bytes()) == texts(pack_plots.curve_svg(loaded, curve))

    def test_the_same_bytes_on_every_build(self) -> None:
        """Two builds write the same SVG (no date, fixed ids), so an unchanged plot is not rewritten."""
        assert pack_plots.curve_svg(self.SKIRMISH, "skill_advance") == pack_plots.curve_svg(
            self.SKIRMISH, "skill_advance"
        )


class TestDataTables:
    def pack(self) -> RulePack:
        team = {
            "label": {"en": "Amazon", "fr": "Amazones"},
            "tier": 1,
            "apothecary": True,
            "positions": [{"id": "eagle", "cost": 50000, "skills": ["dodge"]}],
        }
        return RulePack(
            name="league",
            title=Label.same("League"),
            names={"dodge": Label(en="Dodge", fr="Esquive")},
            tables={"teams": {"amazon": team}, "rules": {"max_players": 16}},
        )

    def test_nested_records(self) -> None:
        """A record holding a list of records: its label as a heading, its fields, then the list as a table."""
        page = pack_rst.render_pack(self.pack(), origin="a test")
        lines = page.splitlines()
        assert "Amazon / Amazones" in lines
        assert lines.index("   * - ``apothecary``") + 1 == lines.index("     - yes")
        assert "   * - ``eagle``" in lines
        assert "" == parse(page)

    def test_known_ids_by_name(self) -> None:
        """An id that has a displayed name is shown by it."""
        assert "Dodge" == pack_rst.inline(self.pack(), ["dodge"])

    def test_escape(self) -> None:
        """Markup characters in data do not turn into markup."""
        assert "not\\_a\\_link\\_ \\*x\\*" == pack_rst.escape("not_a_link_ *x*")


class TestGenerate:
    def test_writes_and_cleans(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """Pages of packs that are gone are removed; hand-written pages and the index stay."""
        monkeypatch.setattr(progression.authoring, "pack_entries", dict)
        folder = tmp_path / "reference" / "packs"
        folder.mkdir(parents=True)
        (folder / "gone.rst").write_text(packpages.MARKER + " by a test\n\nGone\n====\n", encoding="utf-8")
        (folder / "index.rst").write_text("Packs\n=====\n", encoding="utf-8")
        written = packpages.generate(tmp_path, ROOT / "docs", ["../examples/dnd5e/pack.toml"])
        assert (["dnd5e"], ["dnd5e.rst", "index.rst"]) == (written, sorted(p.name for p in folder.glob("*.rst")))

    def test_unchanged_files_are_not_rewritten(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """A second build leaves the page untouched, so Sphinx does not read it again."""
        monkeypatch.setattr(progression.authoring, "pack_entries", dict)
        packpages.generate(tmp_path, ROOT / "docs", ["../examples/dnd5e/pack.toml"])
        page = tmp_path / "reference" / "packs" / "dnd5e.rst"
        before = page.stat().st_mtime_ns
        packpages.generate(tmp_path, ROOT / "docs", ["../examples/dnd5e/pack.toml"])
        assert before == page.stat().st_mtime_ns


class TestPackFormatPage:
    def test_every_key_the_loader_reads_is_documented(self) -> None:
        """Each key the loader accepts (every list it checks for unknown keys) is named on the format page."""
        import ast
        import re

        loader = (
            "rulepacks/loading.py",
            "rulepacks/rule_reader.py",
            "rulepacks/table_schema.py",
        )  # the sections of a pack file, the values of its rules
        sources = [ast.parse((ROOT / "src" / "progression" / name).read_text(encoding="utf-8")) for name in loader]
        keys = set()
        for node in (node for source in sources for node in ast.walk(source)):
            lists = []
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "extra":
                lists.append(node.args[1])
            if isinstance(node, ast.AnnAssign | ast.AugAssign | ast.Assign):
                lists.append(node.value)
            for found in lists:
                if isinstance(found, ast.Tuple) and all(isinstance(e, ast.Constant) for e in found.elts):
                    keys |= {e.value for e in found.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
        page = (ROOT / "docs" / "reference" / "pack-format.rst").read_text(encoding="utf-8")
        named = {word for literal in re.findall(r"``(.+?)``", page) for word in re.findall(r"[a-z_]+", literal)}
        assert (set(), True) == (keys - named, len(keys) > 40)
