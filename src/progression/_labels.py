"""Displayed names in two languages."""

from __future__ import annotations

import attrs

#: The languages every displayed name is given in.
LANGUAGES = ("en", "fr")


@attrs.frozen(kw_only=True)
class Label:
    """A displayed name: English and French."""

    #: The English name.
    en: str
    #: The French name (the rules were written in French).
    fr: str

    def __str__(self) -> str:
        return self.en

    def in_language(self, language: str) -> str:
        """Return the name in ``language`` (``"en"`` or ``"fr"``)."""
        return self.fr if language == "fr" else self.en

    @classmethod
    def same(cls, text: str) -> Label:
        """A label that reads the same in both languages (a proper name)."""
        return cls(en=text, fr=text)
