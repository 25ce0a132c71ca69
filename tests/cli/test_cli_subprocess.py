"""Every subcommand through a real ``python -m progression`` process: output, exit status, JSON."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cli_support import SKIRMISH, Result

Shell = Callable[..., Result]


class TestSubprocess:
    def test_help_and_bad_usage(self, shell: Shell) -> None:
        """--help exits 0; a usage error is one line on stderr, exit 2, no traceback."""
        assert 0 == shell("--help").status
        result = shell("sheet", "frobnicate")
        assert (2, 1) == (result.status, len(result.err.splitlines()))
        assert "Traceback" not in result.err

    def test_packs_show_table(self, shell: Shell) -> None:
        """packs, show and table print data; --json parses."""
        assert "fake" in [row["name"] for row in shell("packs", "--json").json()]
        assert "tune" in shell("show", "fake", "--json").json()["functions"]
        rows = shell("table", "fake", "level", "--to", "3", "--json").json()[0]["rows"]
        assert [10, 25, 45] == [row["total"] for row in rows]
        assert "Grade" in shell("table", "fake", "level").out

    def test_a_sheet_from_start_to_end(self, shell: Shell, tmp_path: Path) -> None:
        """new, award, options, quote, buy with physical dice, decide, history, undo, show, do."""
        assert 0 == shell("sheet", "new", "h.json", "--pack", "fake", "--kind", "hero", "--name", "Io").status
        assert "#2 +30 Experience: a quest" in shell("sheet", "award", "h.json", "xp", "30", "-r", "a quest").out
        assert ["level_up", "lucky", "charm"] == [
            r["upgrade"] for r in shell("sheet", "options", "h.json", "--json").json()
        ]
        assert 10 == shell("sheet", "quote", "h.json", "level_up", "--json").json()["price"]
        bought = shell("sheet", "buy", "h.json", "lucky", "--dice", "1,2")
        assert (0, True) == (bought.status, "waits for a decision (keep one: sword, shield)" in bought.out)
        refused = shell("sheet", "buy", "h.json", "level_up")
        assert 1 == refused.status
        assert "waits for a decision" in refused.err
        assert "chose Shield" in shell("sheet", "decide", "h.json", "shield").out
        assert [1, 2, 3, 4] == [e["index"] for e in shell("sheet", "history", "h.json", "--json").json()]
        assert "undone #4: decide Shield:\n    chose Shield" in shell("sheet", "undo", "h.json", "-n", "2").out
        assert (
            "#3 +7 Experience: trained 2 days\n"
            == shell("sheet", "do", "h.json", "train", "days=2", "--dice", "3,4").out
        )
        data = shell("sheet", "show", "h.json", "--json").json()
        assert ("Io", {}) == (data["name"], data["owned"])

    def test_prompted_dice_through_stdin(self, shell: Shell) -> None:
        """A roll with neither --seed nor --dice is read from stdin."""
        shell("sheet", "new", "h.json", "--pack", "fake", "--kind", "hero", "--set", "xp=5")
        result = shell("sheet", "buy", "h.json", "lucky", "--decide", "amulet", stdin="3\n4\n")
        assert (0, "roll a D6 for first find: roll a D6 for second find: ") == (result.status, result.err)

    def test_refused_action_leaves_the_file(self, shell: Shell, tmp_path: Path) -> None:
        """A refused purchase exits 1 and leaves the file byte for byte."""
        shell("sheet", "new", "s.json", "--pack", SKIRMISH, "--kind", "hero")
        before = (tmp_path / "s.json").read_bytes()
        result = shell("sheet", "buy", "s.json", "sword", "--pack", SKIRMISH)
        assert (1, before) == (result.status, (tmp_path / "s.json").read_bytes())
        assert "Sword costs 15 Gold but none are available" in result.err

    def test_simulate_and_exact(self, shell: Shell) -> None:
        """simulate gives a summary; --exact gives fractions."""
        data = shell("simulate", "fake", "climb", "--trials", "50", "--seed", "2", "--workers", "2", "--json").json()
        assert 50 == data["trials"]
        exact = shell("simulate", "fake", "--exact", "two_dice", "--json").json()
        assert "1/6" == exact["probabilities"]["7"]["fraction"]

    def test_plot(self, shell: Shell, tmp_path: Path) -> None:
        """plot writes the image."""
        import matplotlib  # noqa: F401 - the plot extra, installed by make test

        assert 0 == shell("plot", "fake", "level", "-o", "c.png").status
        assert (tmp_path / "c.png").stat().st_size > 0

    def test_validate(self, shell: Shell, tmp_path: Path) -> None:
        """validate exits 0 on a good pack, 1 on a bad one."""
        assert 0 == shell("validate", SKIRMISH).status
        (tmp_path / "bad.toml").write_text("format = 1\n", encoding="utf-8")
        result = shell("validate", "bad.toml", "--json")
        assert (1, False) == (result.status, result.json()["ok"])

    def test_demo(self, shell: Shell) -> None:
        """demo runs the named pack's story."""
        result = shell("demo", "fake")
        assert (0, "== Fake (CLI test pack) (pack fake 2) ==") == (result.status, result.out.splitlines()[0])
