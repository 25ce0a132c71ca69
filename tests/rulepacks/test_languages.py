"""A pack's languages: declared in ``[pack] languages``, required on every label, the first standing in for
a translation not given (issue 17, item 7)."""

from __future__ import annotations

from pathlib import Path

import pytest

import progression
from progression.authoring import Label, Narrator
from progression.errors import UnknownName
from support.builders import PACKS

TAVERN = PACKS / "english_only.toml"


class TestOneLanguage:
    def test_a_pack_in_english_alone_loads(self) -> None:
        """Labels give only the declared language; the pack knows its languages."""
        tavern = progression.load_file(TAVERN)
        assert (("en",), "The Tavern") == (tavern.languages, tavern.title.en)

    def test_a_missing_translation_reads_in_the_first_language(self) -> None:
        """A label read in French, not declared, falls back to English where it lacks it, and is used where
        given."""
        tavern = progression.load_file(TAVERN)
        assert ("Learn a song", "Renommée", "Fame") == (
            tavern.label_of("song").in_language("fr"),
            tavern.label_of("fame").in_language("fr"),
            tavern.label_of("fame").in_language("de"),
        )

    def test_name_of_refuses_a_language_not_declared(self) -> None:
        """``name_of`` in a language the pack does not declare is refused, as ``quote`` refuses it: not read as
        the first language."""
        tavern = progression.load_file(TAVERN)
        bard = tavern.new_sheet("bard", "Lia")
        expected = "^language 'fr' is not defined in rule pack 'tavern'; expected one of: en$"
        with pytest.raises(UnknownName, match=expected):
            tavern.name_of("fame", "fr")
        with pytest.raises(UnknownName, match=expected):
            tavern.quote(bard, "song", language="fr")
        assert "Fame" == tavern.name_of("fame", "en")

    def test_the_pack_plays(self) -> None:
        """A one-language pack is a pack like any other: quotes speak its language."""
        tavern = progression.load_file(TAVERN)
        bard = tavern.new_sheet("bard", "Lia")
        assert ("costs 5 Coins; the paying pools hold 0",) == tavern.quote(bard, "song").unmet


class TestNoEnglish:
    GERMAN = """
format = 1
[pack]
name = "nur"
title = { de = "Nur Deutsch" }
languages = ["de"]
[currencies.xp]
label = { de = "Erfahrung" }
[pools.xp]
label = { de = "Erfahrung" }
currency = "xp"
[stats.kraft]
label = { de = "Kraft" }
[kinds.held]
label = { de = "Held" }
pools = ["xp"]
stats = ["kraft"]
[upgrades.training]
label = { de = "Training" }
pool = "xp"
cost = 5
effect = { stats = { kraft = 1 } }
"""

    def test_a_pack_without_english_is_told_in_its_own_language(self, tmp_path: Path) -> None:
        """A narrator made without a language speaks the pack's first, and a quote's sentences name things in it:
        neither asks the pack for English, which it does not declare (and refuses when asked)."""
        (tmp_path / "nur.toml").write_text(self.GERMAN, encoding="utf-8")
        pack = progression.load_file(tmp_path / "nur.toml")
        hero = pack.purchase(pack.award(pack.new_sheet("held"), "xp", 5, reason="ein Kampf"), "training")
        narrator = Narrator(pack)
        assert ("de", "Training", "costs 5 Erfahrung; the paying pools hold 0") == (
            narrator.language,
            narrator.name("training"),
            pack.quote(hero, "training").violations[0].sentence,
        )
        with pytest.raises(UnknownName, match="language 'en' is not defined in rule pack 'nur'"):
            Narrator(pack, "en").name("training")


class TestLabels:
    def test_english_and_french_labels_are_as_before(self) -> None:
        """A label of the two default languages reads and prints as it always did (fingerprints use it)."""
        label = Label(en="Level", fr="Niveau")
        assert ("Label(en='Level', fr='Niveau')", "Niveau", "Level") == (
            repr(label),
            label.in_language("fr"),
            label.in_language("de"),
        )

    def test_a_label_of_other_languages(self) -> None:
        """A label made for a pack of German and English: German first, French missing."""
        label = Label.of({"de": "Ruhm", "en": "Fame"}, ("de", "en"))
        assert ("Ruhm", "Fame", "Ruhm", ("en", "de"), ("fr",)) == (
            label.in_language("de"),
            label.in_language("en"),
            label.in_language("fr"),
            label.languages,
            label.missing,
        )

    def test_the_default_languages_keep_every_fingerprint(self) -> None:
        """A pack that declares the default languages is the pack that declares none."""
        text = TAVERN.read_text(encoding="utf-8")
        both = text.replace('languages = ["en"]\n', 'languages = ["en", "fr"]\n').replace(
            'label = { en = "Coins" }', 'label = { en = "Coins", fr = "Pièces" }'
        )
        both = both.replace('title = { en = "The Tavern" }', 'title = { en = "The Tavern", fr = "La Taverne" }')
        both = both.replace('{ en = "Purse" }', '{ en = "Purse", fr = "Bourse" }')
        both = both.replace('{ en = "Learn a song" }', '{ en = "Learn a song", fr = "Apprendre un chant" }')
        both = both.replace('{ en = "Bard" }', '{ en = "Bard", fr = "Barde" }')
        declared = progression.load_text(both, "a.toml")
        implied = progression.load_text(both.replace('languages = ["en", "fr"]\n', ""), "b.toml")
        assert declared.rules == implied.rules

    def test_a_label_is_a_value(self) -> None:
        """Labels of every kind are hashable and equal by their texts."""
        made = Label.of({"de": "Ruhm", "en": "Fame"}, ("de", "en"))
        assert 1 == len({made, Label.of({"de": "Ruhm", "en": "Fame"}, ("de", "en"))})
        assert 2 == len({Label(en="a", fr="b"), Label(en="a", fr="c")})
