"""Every script in examples/ runs to the end and prints what it promises."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).parents[2] / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.py"))


def run(script: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(script), *args], cwd=cwd, capture_output=True, text=True, timeout=300, check=False
    )


class TestEveryScript:
    def test_there_are_scripts(self) -> None:
        """The folder holds the scripts the documentation promises."""
        assert {"character_sheet.py", "tuning_comparison.py"} <= {s.name for s in SCRIPTS}

    @pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
    def test_runs_cleanly(self, script: Path, tmp_path: Path) -> None:
        """Each script exits with 0 from any working directory and writes nothing to stderr."""
        done = run(script, cwd=tmp_path)
        assert (0, "") == (done.returncode, done.stderr)


class TestCharacterSheet:
    def test_story_and_round_trip(self, tmp_path: Path) -> None:
        """The character's story ends with a sheet file that reloads identical and a ledger that replays."""
        out = run(EXAMPLES / "character_sheet.py", cwd=tmp_path).stdout.splitlines()
        assert "Saved and reloaded: identical." in out
        assert any(line.startswith("Replaying the ledger of ") and line.endswith(": True.") for line in out)

    def test_saved_file_is_a_sheet_file_for_the_command(self, tmp_path: Path) -> None:
        """--save keeps the sheet in a file that `progression sheet` reads, with the D&D pack named by its file."""
        run(EXAMPLES / "character_sheet.py", "--pack", "dnd5e", "--save", "ana.json", cwd=tmp_path)
        command = ["sheet", "show", "ana.json", "--json", "--pack", str(EXAMPLES / "dnd5e" / "pack.toml")]
        shown = subprocess.run(
            [sys.executable, "-m", "progression", *command],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert (0, 34000) == (shown.returncode, json.loads(shown.stdout)["pools"]["xp"]["balance"])

    def test_dnd5e_levels(self, tmp_path: Path) -> None:
        """The D&D 5e fighter levels up at the Player's Handbook thresholds, with the pack in TOML alone."""
        out = run(EXAMPLES / "character_sheet.py", "--pack", "dnd5e", cwd=tmp_path).stdout.splitlines()
        assert "After session 3: 2700 XP: Level 4, Local heroes (levels 1-4)" in out
        assert "After session 7: 34000 XP: Level 8, Heroes of the realm (levels 5-10)" in out
        assert "Point buy spent 27 of 27 ability points." in out
        assert "Saved and reloaded: identical." in out

    def test_competence_to_proficient(self, tmp_path: Path) -> None:
        """Levels 29 and 30 cost 3 each, the gate to 31 wants a quality, Suppleness costs 50, level 31 costs 4."""
        out = run(EXAMPLES / "character_sheet.py", "--pack", "competence", cwd=tmp_path).stdout.splitlines()
        assert (
            "After session 1: Fencing level 30 (Beginner / Débutant), 14 points; Dance level 20 (Beginner / Débutant), 20 points"
            in out
        )
        assert (
            "After session 2: Fencing level 31 (Proficient / Confirmé), 4 points; Dance level 20 (Beginner / Débutant), 0 points"
            in out
        )
        assert "  Completed Beginner of Fencing at level 30 (ledger entry 5)." in out
        assert "  Suppleness costs 50, paid 30 from Fencing and 20 from Dance: can be bought." in out


class TestTuningComparison:
    def test_the_rule_as_written(self, tmp_path: Path) -> None:
        """50 + 10 per quality: the 6th costs 100, six cost 450; 300 points buy 4 and 600 buy 7."""
        out = run(EXAMPLES / "tuning_comparison.py", cwd=tmp_path).stdout.splitlines()
        row = next(line for line in out if line.startswith("base 50, +10 each"))
        assert ["50", "70", "100", "450", "4", "7"] == row.removeprefix("base 50, +10 each").split()

    def test_cheaper_base_buys_more(self, tmp_path: Path) -> None:
        """Lowering the base to 40 lets 600 points buy 8 qualities (40+50+...+110 = 600)."""
        out = run(EXAMPLES / "tuning_comparison.py", cwd=tmp_path).stdout.splitlines()
        assert any(line.startswith("Most qualities for 600 points: 8, with base 40, +10 each") for line in out)

    def test_plot(self, tmp_path: Path) -> None:
        """With --plot the totals are drawn into the file given."""
        done = run(EXAMPLES / "tuning_comparison.py", "--plot", "tunings.png", cwd=tmp_path)
        assert (0, True) == (done.returncode, (tmp_path / "tunings.png").stat().st_size > 0)
