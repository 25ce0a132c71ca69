"""Campaigns: the shipped example, reading campaign files, and what makes one unplayable."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import progression_competence as pc
from progression.errors import RulePackError

from .conftest import DATA

MINIMAL = """\
format = 1
[campaign]
name = "tiny"
title = { en = "Tiny", fr = "Minuscule" }
[qualities.a]
label = { en = "A", fr = "A" }
[qualities.b]
label = { en = "B", fr = "B" }
[qualities.c]
label = { en = "C", fr = "C" }
[competences.x]
label = { en = "X", fr = "X" }
qualities = ["a", "b", "c"]
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "campaign.toml"
    path.write_text(text, encoding="utf-8")
    return path


class TestExample:
    def test_is_marked_as_an_example(self) -> None:
        """The shipped campaign says it is made-up data, in its flag and in its title."""
        campaign = pc.campaigns.example_campaign()
        assert (True, True) == (campaign.example, "example" in campaign.title.en.lower())

    def test_quality_lists_overlap(self) -> None:
        """Some quality is in several competences' lists, so its price can be pooled."""
        campaign = pc.campaigns.example_campaign()
        assert any(len(campaign.listing(q.id)) > 1 for q in campaign.qualities)

    def test_specializations_at_every_degree(self) -> None:
        """The example has specializations of each degree from Beginner to Master, and secret techniques."""
        specs = [s for c in pc.campaigns.example_campaign().competences for s in c.specializations]
        assert ({"debutant", "confirme", "expert", "maitre"}, True) == (
            {s.degree for s in specs},
            any(s.secret for s in specs),
        )

    def test_master_and_secret_carry_their_cost(self) -> None:
        """Every Master specialization and secret technique of the example has its own price."""
        specs = [s for c in pc.campaigns.example_campaign().competences for s in c.specializations]
        assert all(s.cost is not None for s in specs if s.secret or s.degree == "maitre")

    def test_labels_in_both_languages(self) -> None:
        """Competences and qualities have English and French names."""
        campaign = pc.campaigns.example_campaign()
        escrime = campaign.competence("escrime")
        assert escrime is not None
        assert ("Fencing", "Escrime") == (escrime.label.en, escrime.label.fr)


class TestRead:
    def test_minimal(self, tmp_path: Path) -> None:
        """A campaign with one competence of three qualities, and no settings, plays by the rules' numbers."""
        campaign = pc.load_campaign(write(tmp_path, MINIMAL))
        assert (("x",), 50) == (tuple(c.id for c in campaign.competences), campaign.settings.quality_base)

    def test_settings_table(self, tmp_path: Path) -> None:
        """A ``[settings]`` table in the campaign file tunes it."""
        campaign = pc.load_campaign(write(tmp_path, MINIMAL + "[settings]\nquality_base = 20\n"))
        assert 20 == campaign.settings.quality_base

    def test_bad_settings_are_reported_with_the_rest(self, tmp_path: Path) -> None:
        """Problems of the settings table come in the same error as the campaign's, under ``$.settings``."""
        text = MINIMAL + 'extra = 1\n[settings]\noverflow = "keep"\n'
        with pytest.raises(RulePackError) as caught:
            pc.load_campaign(write(tmp_path, text))
        assert ["$.competences.x.extra", "$.settings.overflow"] == [p.path for p in caught.value.problems]

    def test_every_problem_at_once(self) -> None:
        """Undefined qualities, short lists and unpriced Master or secret specializations, all reported."""
        path = DATA / "bad-campaign.toml"
        expected = (DATA / "bad-campaign.txt").read_text(encoding="utf-8").strip().replace("{source}", str(path))
        with pytest.raises(RulePackError) as caught:
            pc.load_campaign(path)
        assert expected == str(caught.value)

    @pytest.mark.parametrize("kind", ["device", "pipe", "folder"])
    def test_only_a_regular_file_is_read(self, tmp_path: Path, kind: str) -> None:
        """A sheet's ``campaign_file`` tag is read on every command: ``/dev/zero`` would fill the memory and a pipe
        would hang it. Each is refused at once as not a campaign file."""
        path = {"device": Path("/dev/zero"), "pipe": tmp_path / "campaign.toml", "folder": tmp_path}[kind]
        if kind == "pipe":
            os.mkfifo(path)
        with pytest.raises(RulePackError, match=r"cannot read the file: it is (a directory|not a regular file)"):
            pc.load_campaign(path)

    def test_clashing_ids(self, tmp_path: Path) -> None:
        """A quality and a competence may not share an id."""
        text = MINIMAL.replace("[qualities.c]", "[qualities.x]").replace('"a", "b", "c"', '"a", "b", "x"')
        with pytest.raises(RulePackError, match="'x' names both a quality and a competence"):
            pc.load_campaign(write(tmp_path, text))

    def test_bad_ids(self, tmp_path: Path) -> None:
        """Ids with dots or capitals are refused: the pack joins ids with dots."""
        with pytest.raises(RulePackError, match=r"ids are lowercase ASCII .* got 'X.y'"):
            pc.load_campaign(write(tmp_path, MINIMAL + '[competences."X.y"]\nlabel = { en = "Y", fr = "Y" }\n'))

    def test_unknown_degree_of_a_specialization(self, tmp_path: Path) -> None:
        """A specialization's degree must be one of the four that have specializations."""
        text = MINIMAL + (
            '[competences.x.specializations.s]\nlabel = { en = "S", fr = "S" }\ndegree = "ignorant"\n'
            'effect = { en = "e", fr = "e" }\n'
        )
        with pytest.raises(RulePackError, match="expected one of debutant, confirme, expert, maitre, got 'ignorant'"):
            pc.load_campaign(write(tmp_path, text))

    def test_label_needs_both_languages(self, tmp_path: Path) -> None:
        """A label given as one text is refused: every name has en and fr."""
        with pytest.raises(
            RulePackError,
            match=r"expected a table with 'en' and 'fr' names, got a single text 'A' @ \$.qualities.a.label",
        ):
            pc.load_campaign(write(tmp_path, MINIMAL.replace('label = { en = "A", fr = "A" }', 'label = "A"')))

    def test_gate_longer_than_lists_under_other_settings(self) -> None:
        """A campaign fine under the rules may be unplayable under settings asking 4 qualities for Master."""
        settings = pc.default_settings().changed(gate_qualities={"maitre": 5})
        with pytest.raises(RulePackError, match="Fencing lists 4 qualities but Master needs 5 from the list"):
            pc.build(settings=settings)
