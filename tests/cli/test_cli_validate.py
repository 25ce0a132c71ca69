"""``progression validate``: every problem of every pack file at once, JSON, exit status."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_support import SKIRMISH, Result

Run = Callable[..., Result]

BROKEN = """format = 1
[pack]
name = "Broken"
[curves.cost]
kind = "spiral"
"""


class TestValidate:
    def test_a_good_file(self, run: Run) -> None:
        """A pack that loads: ok, exit 0."""
        result = run("validate", SKIRMISH)
        assert (0, f"ok   {SKIRMISH}\n1 of 1 packs load\n") == (result.status, result.out)

    def test_every_problem_at_once(self, run: Run, tmp_path: Path) -> None:
        """A faulty file lists all its problems, with key paths; exit 1."""
        path = tmp_path / "broken.toml"
        path.write_text(BROKEN, encoding="utf-8")
        result = run("validate", str(path), "--json")
        data = result.json()
        assert (1, False) == (result.status, data["ok"])
        problems = data["packs"][0]["problems"]
        assert {"$.pack.title", "$.pack.name", "$.curves.cost.kind"} == {p["path"] for p in problems}
        assert all(p["file"] == str(path) for p in problems)

    def test_a_folder(self, run: Run, tmp_path: Path) -> None:
        """A folder is searched for *.toml; each file is reported."""
        (tmp_path / "good.toml").write_text(Path(SKIRMISH).read_text(encoding="utf-8"), encoding="utf-8")
        (tmp_path / "sub").mkdir()
        (tmp_path / "sub" / "bad.toml").write_text("format = 2\n", encoding="utf-8")
        result = run("validate", str(tmp_path))
        assert 1 == result.status
        assert f"FAIL {tmp_path / 'sub' / 'bad.toml'}: 1 problem\n  - " in result.out
        assert " @ $.format\n" in result.out
        assert result.out.endswith("1 of 2 packs load\n")

    def test_a_folder_holding_what_is_no_regular_file(self, run: Run, tmp_path: Path) -> None:
        """In a folder, a ``*.toml`` that is a folder, a pipe or a link to ``/dev/zero`` is reported as a file
        that does not load, beside the others (issue 19 item 9): it was looked up as an installed pack's name,
        and the whole run stopped at it ("no rule pack named '.../x.toml' is installed", exit 2)."""
        (tmp_path / "good.toml").write_text(Path(SKIRMISH).read_text(encoding="utf-8"), encoding="utf-8")
        (tmp_path / "folder.toml").mkdir()
        os.mkfifo(tmp_path / "pipe.toml")
        (tmp_path / "zero.toml").symlink_to("/dev/zero")
        result = run("validate", str(tmp_path), "--json")
        reasons = {p["source"]: [q["reason"] for q in p["problems"]] for p in result.json()["packs"]}
        assert (1, {"good.toml": [], "folder.toml": ["cannot read the file: it is a directory"]}) == (
            result.status,
            {Path(s).name: r for s, r in reasons.items() if Path(s).name in ("good.toml", "folder.toml")},
        )
        assert [["cannot read the file: it is not a regular file (a device, a pipe or a socket)"]] * 2 == [
            reasons[str(tmp_path / name)] for name in ("pipe.toml", "zero.toml")
        ]

    def test_a_folder_skips_toml_that_is_no_pack(self, run: Run, tmp_path: Path) -> None:
        """In a folder, a TOML file with neither a [pack] table nor a format key (a pyproject.toml) is
        skipped and said so, as are hidden folders (a .venv); a file that does not parse is still checked."""
        (tmp_path / "good.toml").write_text(Path(SKIRMISH).read_text(encoding="utf-8"), encoding="utf-8")
        (tmp_path / "pyproject.toml").write_text('[project]\nname = "dojo"\n', encoding="utf-8")
        (tmp_path / ".venv").mkdir()
        (tmp_path / ".venv" / "bad.toml").write_text("format = 2\n", encoding="utf-8")
        (tmp_path / "torn.toml").write_text("[pack\n", encoding="utf-8")
        result = run("validate", str(tmp_path), "--json")
        data = result.json()
        assert (1, [str(tmp_path / "pyproject.toml")]) == (result.status, data["skipped"])
        assert [str(tmp_path / "good.toml"), str(tmp_path / "torn.toml")] == [p["source"] for p in data["packs"]]
        text = run("validate", str(tmp_path)).out
        assert f"skip {tmp_path / 'pyproject.toml'}: not a pack file (no [pack] table, no format key)\n" in text

    def test_an_installed_pack(self, run: Run, fake: None) -> None:
        """An installed pack's name is validated by loading it, and the report says it was the installed one."""
        result = run("validate", "fake")
        assert (0, "ok   fake (the installed pack)\n1 of 1 packs load\n") == (result.status, result.out)

    def test_an_installed_pack_beside_a_folder_of_its_name(
        self, run: Run, fake: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A folder named as the pack in the current directory (its source checkout) does not stand in for the
        installed pack: the name validates the installed one, saying how the folder is validated instead."""
        monkeypatch.chdir(tmp_path)
        (tmp_path / "fake").mkdir()
        result = run("validate", "fake")
        assert (0, "ok   fake (the installed pack; the folder ./fake is validated as ./fake)\n") == (
            result.status,
            result.out.splitlines(keepends=True)[0],
        )
        assert 2 == run("validate", "./fake").status

    def test_nothing_there(self, run: Run, tmp_path: Path, no_packs: None) -> None:
        """A path that is not there is bad usage (2); so is an empty folder."""
        assert 2 == run("validate", str(tmp_path / "none.toml")).status
        assert "holds no pack file" in run("validate", str(tmp_path)).err

    def test_a_pack_file_of_the_pack_path_by_its_name(
        self, run: Run, tmp_path: Path, no_packs: None, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A name no distribution installs is the file of PROGRESSION_PACK_PATH a sheet of that pack finds; a name
        neither installed nor there is bad usage (2), saying where it was looked for."""
        folder = tmp_path / "packs"
        folder.mkdir()
        (folder / "skirmish.toml").write_text(Path(SKIRMISH).read_text(encoding="utf-8"), encoding="utf-8")
        monkeypatch.setenv("PROGRESSION_PACK_PATH", str(folder))
        checked = run("validate", "skirmish")
        assert (0, f"ok   {folder / 'skirmish.toml'}") == (checked.status, checked.out.splitlines()[0])
        missing = run("validate", "tavern")
        assert (2, True) == (missing.status, "nor a pack file of PROGRESSION_PACK_PATH (skirmish)" in missing.err)
        (folder / "raid.toml").write_text(Path(SKIRMISH).read_text(encoding="utf-8"), encoding="utf-8")
        misnamed = run("validate", "raid")  # as `--pack raid` would refuse it: its pack calls itself skirmish
        assert (1, True) == (misnamed.status, "the file is named raid.toml but its pack calls itself" in misnamed.out)


MIXED = """format = 1
[pack]
name = "mixed"
title = { en = "Mixed", fr = "Mélangé" }
languages = ["en"]
[currencies.xp]
label = { en = "XP", fr = "PX" }
[pools.xp]
label = { en = "XP" }
currency = "xp"
[kinds.hero]
label = { en = "Hero" }
pools = ["xp"]
"""


class TestTranslations:
    def test_names_lacking_a_language_the_pack_uses(self, run: Run, tmp_path: Path) -> None:
        """A pack declaring English alone loads; ``--translations`` lists the names with no French where others
        have some (a translator's list), in text and in JSON; a pack whose names all agree lists none."""
        path = tmp_path / "mixed.toml"
        path.write_text(MIXED, encoding="utf-8")
        text = run("validate", str(path), "--translations")
        data = run("validate", str(path), "--translations", "--json").json()
        assert (0, ["  - pool xp: no name in fr", "  - kind hero: no name in fr"]) == (
            text.status,
            text.out.splitlines()[1:3],
        )
        assert {"pool xp": ["fr"], "kind hero": ["fr"]} == data["packs"][0]["untranslated"]
        assert "no name in" not in run("validate", SKIRMISH, "--translations").out
