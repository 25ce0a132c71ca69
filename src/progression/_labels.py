"""Displayed names, in the languages a pack declares."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar

import attrs

from progression.spelling import plain_name as plain_name  # read from here by the engine's quotes

#: The languages a pack gives every displayed name in unless it declares its own (``[pack] languages``), and
#: the ones a label always answers by attribute (``label.en``, ``label.fr``).
LANGUAGES = ("en", "fr")

#: The language the sentences being written name things in (:func:`speaking`); None: English.
_SPOKEN: ContextVar[str | None] = ContextVar("progression_spoken", default=None)


def spoken() -> str:
    """The language the sentences being written name things in: the one :func:`speaking` set, else English."""
    return _SPOKEN.get() or "en"


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """Name things in ``language`` in the sentences written inside (:meth:`RulePack.name_of
    <progression.RulePack.name_of>` without a language): set around a quote asked in a language, which records
    nothing, so that no ledger ever reads otherwise in another language."""
    token = _SPOKEN.set(language)
    try:
        yield
    finally:
        _SPOKEN.reset(token)


def _pairs(pairs: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple((code, text) for code, text in pairs)


@attrs.frozen(kw_only=True, repr=False)
class Label:
    """A displayed name: English and French, and any other language the pack declares.

    A pack of other languages (``[pack] languages = ["en"]``) gives only those; a name it does not give
    reads in the pack's first language (``first``), and ``missing`` says which of English and French were
    not given.
    """

    #: The English name (the first language's, when the pack gives none).
    en: str
    #: The French name (the rules were written in French; the first language's when the pack gives none).
    fr: str
    #: The names in the pack's other languages, as (language code, name) pairs (a tuple: a label is hashable).
    more: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_pairs)
    #: The pack's first language: what a language the label was not given in reads as.
    first: str = "en"
    #: Which of English and French the label was not given in (their attributes then hold the first language's).
    missing: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.en

    def __repr__(self) -> str:
        # The fields past en and fr only when set: the repr is part of a pack's fingerprint, which a
        # pack of English and French keeps from before they existed.
        extra = "".join(
            f", {name}={value!r}"
            for name, value, default in (
                ("more", self.more, ()),
                ("first", self.first, "en"),
                ("missing", self.missing, ()),
            )
            if value != default
        )
        return f"Label(en={self.en!r}, fr={self.fr!r}{extra})"

    def in_language(self, language: str) -> str:
        """Return the name in ``language``; in the pack's first language when it was not given in that one."""
        if language in self.missing:
            return self.in_language(self.first) if self.first != language else self.en
        if language == "fr":
            return self.fr
        if language == "en":
            return self.en
        for code, text in self.more:
            if code == language:
                return text
        return self.in_language(self.first) if self.first != language else self.en

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages the name was given in."""
        return (*(code for code in LANGUAGES if code not in self.missing), *(code for code, _ in self.more))

    @classmethod
    def same(cls, text: str) -> Label:
        """A label that reads the same in both languages (a proper name)."""
        return cls(en=text, fr=text)

    @classmethod
    def of(cls, names: Mapping[str, str], languages: Sequence[str] = LANGUAGES) -> Label:
        """A label of ``names`` by language, the first of ``languages`` standing in for what is not given."""
        first = languages[0] if languages else "en"
        fallback = names.get(first) or next(iter(names.values()), "?")
        missing = tuple(code for code in LANGUAGES if code not in names)
        return cls(
            en=names.get("en", fallback),
            fr=names.get("fr", fallback),
            more=tuple((code, text) for code, text in names.items() if code not in LANGUAGES),
            first=first,
            missing=missing,
        )
