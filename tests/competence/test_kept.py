"""A character keeps its campaign: its settings and its campaign file (absolute, hashed) travel with the sheet, so
Python and the command line, run from any folder, price it the same (issue 16)."""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Callable
from pathlib import Path

import pytest

import progression
import progression_competence as pc
from progression import RulePack
from progression.cli.main import main
from progression.errors import RulePackError, SheetError
from progression.files import unstructure_sheet

CAMPAIGN = Path(pc.__file__).parent / "data" / "example-campaign.toml"
HARBOUR = """format = 1
[campaign]
name = "harbour"
title = { en = "The harbour", fr = "Le port" }
[settings]
quality_base = 35
[qualities.poigne]
label = { en = "Grip", fr = "Poigne" }
[qualities.patience]
label = { en = "Patience", fr = "Patience" }
[qualities.vent]
label = { en = "Wind sense", fr = "Sens du vent" }
[competences.navigation]
label = { en = "Sailing", fr = "Navigation" }
qualities = ["poigne", "patience", "vent"]
"""

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Run:
    """Run ``progression ARGS...`` in this process: its status, stdout and stderr."""

    def runner(*argv: str) -> tuple[int, str, str]:
        capsys.readouterr()
        status = main(list(argv))
        out, err = capsys.readouterr()
        return status, out, err

    return runner


def price(pack: RulePack, path: Path, quality: str) -> int:
    """The price of ``quality`` for the character saved at ``path``, by the pack it keeps."""
    sheet = progression.files.structure_sheet(json.loads(path.read_text(encoding="utf-8")))
    return pc.campaigns.pack_for(pack, sheet).quote(sheet, quality).price


class TestSettingsTravel:
    def test_python_character_priced_the_same_by_the_command_line(self, run: Run, tmp_path: Path) -> None:
        """The issue's case: a character made in Python with ``quality_base=20`` costs 20 from the command line,
        not the rules' 50."""
        pack = pc.build(settings=pc.default_settings().changed(quality_base=20))
        path = tmp_path / "aline.json"
        path.write_text(json.dumps(unstructure_sheet(pc.new_character(pack, "Aline"))), encoding="utf-8")
        status, out, _ = run("sheet", "quote", str(path), "quality.souplesse", "--json")
        assert (0, 20) == (status, json.loads(out)["price"])

    def test_load_by_name_then_pack_for(self, tmp_path: Path) -> None:
        """``pack_for(progression.load(sheet.pack), sheet)`` prices a custom-campaign character's second quality as
        its campaign says (35 + 10 = 45), not as the example campaign (60)."""
        (tmp_path / "harbour.toml").write_text(HARBOUR, encoding="utf-8")
        pack = pc.build(pc.load_campaign(tmp_path / "harbour.toml"))
        sheet = pc.award(pack, pc.new_character(pack, "Mara", levels={"navigation": 40}), "navigation", 40, reason="x")
        sheet = pc.buy_quality(pack, sheet, "poigne")
        assert 45 == pc.campaigns.pack_for(progression.load(sheet.pack), sheet).quote(sheet, "quality.patience").price

    def test_the_tags_a_character_keeps(self) -> None:
        """Only the settings that differ from the campaign's own are kept; none for the rules' own numbers."""
        tuned = pc.build(settings=pc.default_settings().changed(quality_base=20, degree_starts={"expert": 55}))
        assert (
            {"campaign": "example"},
            {"campaign": "example", "settings": "quality_base=20,degree_starts.expert=55"},
        ) == (
            dict(pc.new_character(pc.pack()).tags),
            dict(pc.new_character(tuned).tags),
        )

    def test_the_same_pack_is_kept(self, pack: RulePack) -> None:
        """A pack that is already the character's is returned as it is: nothing rebuilt."""
        tuned = pc.build(settings=pc.default_settings().changed(die_size=20))
        sheet = pc.new_character(tuned)
        assert (tuned, pack) == (
            pc.campaigns.pack_for(tuned, sheet),
            pc.campaigns.pack_for(pack, pc.new_character(pack)),
        )

    def test_old_argument_order_warns(self, pack: RulePack) -> None:
        """``pack_for(sheet, pack)``, the order of before, works with a DeprecationWarning naming the new order."""
        sheet = pc.new_character(pack)
        with pytest.warns(DeprecationWarning, match=r"call pack_for\(pack, sheet\)"):
            assert pack is pc.campaigns.pack_for(sheet, pack)  # type: ignore[arg-type]

    def test_a_campaign_made_in_memory_is_refused_clearly(self, tmp_path: Path) -> None:
        """A campaign that was not read from a file cannot be found again: the message says what to do."""
        (tmp_path / "harbour.toml").write_text(HARBOUR, encoding="utf-8")
        made = pc.load_campaign(tmp_path / "harbour.toml")
        in_memory = pc.build(
            type(made)(
                **{f: getattr(made, f) for f in ("name", "title", "example", "qualities", "competences", "settings")}
            )
        )
        sheet = pc.new_character(in_memory, "Mara")
        with pytest.raises(
            SheetError, match=r"campaign 'harbour', which was not read from a file.*progression_competence.build"
        ):
            pc.campaigns.pack_for(pc.pack(), sheet)


class TestCampaignFile:
    def test_kept_absolute_and_hashed(self, run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """``campaign=harbour.toml`` given relative is kept absolute with its SHA-256: a command run from another
        folder prices the campaign's qualities (35, its own setting)."""
        (tmp_path / "harbour.toml").write_text(HARBOUR, encoding="utf-8")
        monkeypatch.chdir(tmp_path)
        assert (
            0
            == run(
                "sheet",
                "new",
                "mara.json",
                "--pack",
                "competence",
                "--kind",
                "character",
                "--set",
                "campaign=harbour.toml",
                "--set",
                "navigation=5",
            )[0]
        )
        tags = json.loads(run("sheet", "show", "mara.json", "--json")[1])["tags"]
        monkeypatch.chdir(tmp_path.parent)
        status, out, _ = run("sheet", "quote", str(tmp_path / "mara.json"), "quality.poigne", "--json")
        assert (str(tmp_path / "harbour.toml"), 64, 0, 35) == (
            tags["campaign_file"],
            len(tags["campaign_sha256"]),
            status,
            json.loads(out)["price"],
        )

    @pytest.mark.parametrize("given", ["harbour.toml", "./harbour.toml"])
    def test_changed_from_any_folder(
        self, run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, given: str
    ) -> None:
        """A character made in a campaign file named relative is the same rules from any folder: an award made there
        and from another folder is kept (the pack rebuilt from the kept file was once other rules, and refused)."""
        (tmp_path / "harbour.toml").write_text(HARBOUR, encoding="utf-8")
        monkeypatch.chdir(tmp_path)
        run("sheet", "new", "mara.json", "--pack", "competence", "--kind", "character", "--set", f"campaign={given}")
        assert run("sheet", "award", "mara.json", "pp.navigation", "5", "--reason", "here")[0] == 0
        monkeypatch.chdir(tmp_path.parent)
        sheet = str(tmp_path / "mara.json")
        assert run("sheet", "award", sheet, "pp.navigation", "5", "--reason", "from elsewhere")[0] == 0
        assert json.loads(run("sheet", "show", sheet, "--json")[1])["pools"]["pp.navigation"]["balance"] == 10

    def test_the_creation_is_told_in_the_campaign_s_names(self, run: Run, tmp_path: Path) -> None:
        """``sheet new --set campaign=harbour.toml --set navigation=3`` says ``with Sailing level 3``, by the
        campaign's names, as every later command does (it said ``with level.navigation 3``, the plain pack's id)."""
        (tmp_path / "harbour.toml").write_text(HARBOUR, encoding="utf-8")
        sheet = str(tmp_path / "mara.json")
        new = ("sheet", "new", sheet, "--pack", "competence", "--kind", "character", "--name", "Mara")
        status, out, _ = run(*new, "--set", f"campaign={tmp_path / 'harbour.toml'}", "--set", "navigation=3")
        assert (0, f"wrote {sheet}: created Character 'Mara' with Sailing level 3\n") == (status, out)

    def test_changed_file_refused(self, run: Run, tmp_path: Path) -> None:
        """A campaign file edited since the character was made in it is refused, saying so and what to do."""
        file = tmp_path / "harbour.toml"
        file.write_text(HARBOUR, encoding="utf-8")
        run(
            "sheet",
            "new",
            str(tmp_path / "m.json"),
            "--pack",
            "competence",
            "--kind",
            "character",
            "--set",
            f"campaign={file}",
        )
        file.write_text(HARBOUR.replace("35", "20"), encoding="utf-8")
        status, _, err = run("sheet", "show", str(tmp_path / "m.json"))
        assert 0 != status
        assert f"the campaign file '{file}' changed since the character was made in it" in err
        assert "put back the file as it was, or make the character again in the new campaign" in err

    def test_missing_file_refused(self, run: Run, tmp_path: Path) -> None:
        """A campaign file gone is refused, naming it."""
        file = tmp_path / "harbour.toml"
        file.write_text(HARBOUR, encoding="utf-8")
        run(
            "sheet",
            "new",
            str(tmp_path / "m.json"),
            "--pack",
            "competence",
            "--kind",
            "character",
            "--set",
            f"campaign={file}",
            "--name",
            "Mara",
        )
        file.unlink()
        _, _, err = run("sheet", "show", str(tmp_path / "m.json"))
        assert f"the campaign file '{file}' that 'Mara' was made in is missing: put it back there" in err

    def test_a_file_replaced_by_a_pipe_is_refused(self, run: Run, tmp_path: Path) -> None:
        """A campaign file replaced by a FIFO is refused at once as no regular file (reading it would hang every
        command on the character); it was said to be missing, though something is there."""
        file = tmp_path / "harbour.toml"
        file.write_text(HARBOUR, encoding="utf-8")
        sheet = str(tmp_path / "m.json")
        new = ("sheet", "new", sheet, "--pack", "competence", "--kind", "character", "--set", f"campaign={file}")
        run(*new, "--name", "Mara")
        file.unlink()
        os.mkfifo(file)
        status, _, err = run("sheet", "show", sheet)
        assert (2, True) == (
            status,
            f"the campaign file '{file}' that 'Mara' was made in is not a regular file (a device, a pipe or a "
            "socket, or a folder): put the campaign file back there" in err,
        )

    def test_a_sheet_of_before_reads_its_relative_file(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """A sheet saved before (a relative ``campaign_file``, no hash) reads its campaign as it did, from the folder
        the command runs in; elsewhere it is refused, saying to run from that folder."""
        (tmp_path / "harbour.toml").write_text(HARBOUR, encoding="utf-8")
        pack = pc.build(pc.load_campaign(tmp_path / "harbour.toml"))
        sheet = pack.new_sheet("character", "Old", tags={"campaign": "harbour", "campaign_file": "harbour.toml"})
        monkeypatch.chdir(tmp_path)
        found = pc.campaigns.pack_for(pc.pack(), sheet)
        monkeypatch.chdir(tmp_path.parent)
        with pytest.raises(SheetError) as refused:
            pc.campaigns.pack_for(pc.pack(), sheet)
        assert (  # the file named, where it said FILE
            "run the command from the folder 'Old' was made in, or make the character again with "
            "--set campaign=PATH, PATH the full path of 'harbour.toml'"
        ) in str(refused.value)
        assert "harbour" == found.tables["campaign"]["name"]


class TestTuningAtCreation:
    @pytest.mark.parametrize(
        ("option", "quality", "expected"),
        [("quality_base=30", "quality.souplesse", 30), ("die_size=20", None, 20), ("level_divisor=5", None, 5)],
    )
    def test_set_a_setting(self, run: Run, tmp_path: Path, option: str, quality: str | None, expected: int) -> None:
        """``sheet new ... --set quality_base=30`` (and every setting ``tune`` takes) tunes the character's campaign."""
        path = tmp_path / "aline.json"
        assert 0 == run("sheet", "new", str(path), "--pack", "competence", "--kind", "character", "--set", option)[0]
        sheet = progression.files.structure_sheet(json.loads(path.read_text(encoding="utf-8")))
        settings = pc.campaigns.pack_for(pc.pack(), sheet).tables["settings"]
        key = option.partition("=")[0]
        assert expected == (price(pc.pack(), path, quality) if quality else settings[key])

    def test_a_settings_only_file(self, run: Run, tmp_path: Path) -> None:
        """A settings-only TOML file, as the tuning how-to documents it, is accepted as ``settings=FILE`` and as
        ``campaign=FILE``; ``--set`` goes over it."""
        file = tmp_path / "gritty.toml"
        file.write_text("format = 1\n[settings]\nquality_base = 40\nquality_step = 15\n", encoding="utf-8")
        new = ("sheet", "new", "--pack", "competence", "--kind", "character")
        run(*new, str(tmp_path / "a.json"), "--set", f"settings={file}")
        run(*new, str(tmp_path / "b.json"), "--set", f"campaign={file}", "--set", "quality_step=5")
        assert ("quality_base=40,quality_step=15", "quality_base=40,quality_step=5") == tuple(
            json.loads(run("sheet", "show", str(tmp_path / n), "--json")[1])["tags"]["settings"]
            for n in ("a.json", "b.json")
        )

    def test_a_bad_setting_refused(self, run: Run, tmp_path: Path) -> None:
        """A setting out of range is refused with its name, and no file is written."""
        status, _, err = run(
            "sheet",
            "new",
            str(tmp_path / "a.json"),
            "--pack",
            "competence",
            "--kind",
            "character",
            "--set",
            "level_divisor=0",
        )
        assert (False, True) == ((tmp_path / "a.json").exists(), "level_divisor" in err and status != 0)

    def test_factory_from_python(self, pack: RulePack) -> None:
        """The factory takes the settings from Python too, typed."""
        sheet = pack.contract.factory("character")(pack, name="B", quality_base=25)
        assert 25 == pc.campaigns.pack_for(pack, sheet).quote(sheet, "quality.souplesse").price

    def test_campaign_file_is_remembered(self, pack: RulePack) -> None:
        """A character made from a campaign file carries its absolute path; later commands use that campaign."""
        sheet = pack.contract.factory("character")(pack, name="B", campaign=str(CAMPAIGN))
        assert (str(CAMPAIGN.resolve()), "example") == (
            sheet.tags["campaign_file"],
            pc.campaigns.pack_for(pack, sheet).tables["campaign"]["name"],
        )


def test_no_warning_on_the_new_order(pack: RulePack) -> None:
    """The contract's order warns of nothing."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pc.campaigns.pack_for(pack, pc.new_character(pack))


def test_a_bad_campaign_file_still_reports_its_problems(tmp_path: Path, pack: RulePack) -> None:
    """``campaign=FILE`` of a broken campaign reports the campaign's problems, as before."""
    (tmp_path / "bad.toml").write_text(
        "format = 1\n[campaign]\nname = 'x'\ntitle = { en = 'X', fr = 'X' }\n", encoding="utf-8"
    )
    with pytest.raises(RulePackError, match="a campaign needs at least one competence"):
        pack.contract.factory("character")(pack, campaign=str(tmp_path / "bad.toml"))


def test_pack_for_needs_a_sheet() -> None:
    """``pack_for`` is given a character's sheet; anything else is refused saying what it was."""
    from progression.errors import InvalidInput

    with pytest.raises(
        InvalidInput, match=r"^expected the Sheet of a character, to find the campaign it was made in, got str$"
    ):
        pc.campaigns.pack_for(pc.pack(), "ana.json")  # type: ignore[arg-type]
