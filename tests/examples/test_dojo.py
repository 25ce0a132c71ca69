"""The dojo pack of the how-to: data in TOML, choices and dice in Python, found through its entry point."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import progression
import progression.authoring
from progression import RulePack, ScriptedDice

DOJO = Path(__file__).parents[2] / "examples" / "dojo"
SOURCE = DOJO / "src"


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The dojo made importable, with the entry points its pyproject.toml declares, as an install would."""
    project = tomllib.loads((DOJO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    info = tmp_path / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n", encoding="utf-8"
    )
    points = project["entry-points"]["progression.rulepacks"]
    lines = ["[progression.rulepacks]", *(f"{name} = {value}" for name, value in points.items())]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.syspath_prepend(str(SOURCE))
    return tmp_path


@pytest.fixture
def dojo(installed: Path) -> RulePack:
    return progression.load("dojo")


class TestEntryPoint:
    def test_listed_without_import(self, installed: Path) -> None:
        """Once installed, the pack is listed by name, from its distribution."""
        entry = progression.authoring.pack_entries()["dojo"]
        assert ("progression-dojo", "progression_dojo:pack") == (entry.distribution, entry.value)

    def test_loads_by_name(self, dojo: RulePack) -> None:
        """``progression.load("dojo")`` builds the pack, with the TOML read from inside the package."""
        assert ("dojo", {"grading", "open_techniques"}) == (dojo.name, set(dojo.functions))

    def test_without_its_functions_the_file_is_refused(self) -> None:
        """The TOML alone names two functions nobody provides; both are reported at once."""
        with pytest.raises(progression.errors.RulePackError) as refused:
            progression.load_file(SOURCE / "progression_dojo" / "dojo.toml")
        assert ["$.upgrades.learn.options", "$.upgrades.grading.procedure"] == [p.path for p in refused.value.problems]

    def test_passes_the_conformance_check(self, dojo: RulePack) -> None:
        """The conformance check finds nothing wrong with the dojo."""
        from progression.testing import check_pack

        assert [] == list(check_pack(dojo, examples=10).findings)


class TestStudent:
    def test_options_shrink_as_techniques_are_learned(self, dojo: RulePack) -> None:
        """A technique once learned is no longer offered."""
        sheet = dojo.award(dojo.new_sheet("student"), "training", 10, reason="practice")
        sheet = dojo.purchase(sheet, "learn", choice="sweep")
        assert "sweep" not in dojo.options(sheet, "learn")
        assert 6 == len(dojo.options(sheet, "learn"))

    @pytest.mark.parametrize(("dice", "passed"), [((4, 4), 1), ((4, 3), 0)])
    def test_grading_pass_mark(self, dojo: RulePack, dice: tuple[int, int], passed: int) -> None:
        """With two techniques, 8 on the dice reaches the pass mark of 10 and 7 does not; the fee is paid either way."""
        sheet = dojo.award(dojo.new_sheet("student"), "training", 20, reason="practice")
        for technique in ("front_kick", "breakfall"):
            sheet = dojo.purchase(sheet, "learn", choice=technique)
        sheet = dojo.purchase(sheet, "grading", dice=ScriptedDice(dice))
        assert (passed, 20 - 3 - 4 - 5) == (sheet.owned.get("grade", 0), sheet.pools["training"])

    def test_no_option_open_is_a_refusal(self) -> None:
        """With no technique left to learn, a purchase without a choice is the rules refusing (exit 1), saying
        that no option is open now, not a choice asked among none (bad usage, exit 2, ending in an empty list);
        the quote says the same."""
        from progression.cli.main import exit_status
        from progression.errors import ChoiceNeeded, RequirementNotMet

        text = (SOURCE / "progression_dojo" / "dojo.toml").read_text(encoding="utf-8")
        functions = {"open_techniques": lambda context: [], "grading": lambda context: None}
        dojo = progression.load_text(text, source="dojo.toml", functions=functions)
        sheet = dojo.award(dojo.new_sheet("student"), "training", 10, reason="practice")
        with pytest.raises(RequirementNotMet) as refused:
            dojo.purchase(sheet, "learn")
        said = "no option is open now (the rules offer none to this Student)"
        assert (False, 1, f"Learn a technique cannot be bought: {said}", (said,)) == (
            isinstance(refused.value, ChoiceNeeded),
            exit_status(refused.value),
            str(refused.value),
            dojo.quote(sheet, "learn").unmet,
        )

    def test_belt_gate(self, dojo: RulePack) -> None:
        """The third technique (the yellow belt) needs a grading passed, and says so."""
        sheet = dojo.award(dojo.new_sheet("student"), "training", 30, reason="practice")
        for technique in ("front_kick", "breakfall"):
            sheet = dojo.purchase(sheet, "learn", choice=technique)
        assert ("to reach Yellow belt: needs Grading passed",) == dojo.quote(sheet, "learn", choice="sweep").unmet


def test_the_how_to_shows_what_validate_prints(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The how-to's ``progression validate`` of the dojo's file prints the refusal the page quotes, word for word,
    and exits 1 (the page's other shell lines install the pack, which a test does not do)."""
    from support.transcripts import check, in_process, transcript

    page = DOJO.parents[1] / "docs" / "how-to" / "write-a-rule-pack.rst"
    steps = [
        step for step in transcript(page.read_text(encoding="utf-8")) if step[0].startswith("progression validate")
    ]
    monkeypatch.chdir(DOJO.parents[1])
    assert 1 == len(steps)
    check(in_process(capsys), steps, str(page))
