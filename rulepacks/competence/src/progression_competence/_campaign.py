"""Campaigns: the competences of a game, their quality lists and their specializations.

A campaign file is TOML (``format = 1``) with ``[campaign]``, ``[qualities.<id>]``,
``[competences.<id>]`` and their ``specializations``, and optionally ``[settings]``.
The pack ships an example (``data/example-campaign.toml``), clearly marked as one.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from progression.authoring import Label, Reader
from progression.errors import Problem, RulePackError

from ._reader import parse_resource, parse_text, read_file
from ._settings import DEGREES, Settings, structure_settings

__all__ = [
    "Campaign",
    "Competence",
    "Quality",
    "Specialization",
    "check_campaign",
    "digest",
    "example_campaign",
    "load_campaign",
    "structure_campaign",
]


@attrs.frozen(kw_only=True)
class Quality:
    """A general quality (suppleness, memory) that opens the higher degrees of competences."""

    id: str
    label: Label


@attrs.frozen(kw_only=True)
class Specialization:
    """A specialized technique of one competence, available from a degree on, bought once."""

    id: str
    label: Label
    #: The degree the competence must have reached (``debutant`` ... ``maitre``).
    degree: str
    #: What it does, in words: the circumstance of its bonus, or its described effect.
    effect: Label
    #: The bonus added to a competence test when it applies; None for a described effect.
    bonus: int | None = None
    #: Its own price; required for Master specializations and secret techniques.
    cost: int | None = None
    #: A secret technique: learnt through a secret search, never priced by its degree.
    secret: bool = False


@attrs.frozen(kw_only=True)
class Competence:
    """A competence: its quality list and its specializations."""

    id: str
    label: Label
    #: The qualities that count for its degree gates (at least one).
    qualities: tuple[str, ...]
    specializations: tuple[Specialization, ...] = ()

    def specialization(self, spec_id: str) -> Specialization | None:
        """The specialization ``spec_id`` of this competence, or None."""
        return next((s for s in self.specializations if s.id == spec_id), None)


@attrs.frozen(kw_only=True)
class Campaign:
    """The competences, qualities and settings of one game."""

    name: str
    title: Label
    #: Made-up data shipped to show the rules, not a real game's.
    example: bool
    qualities: tuple[Quality, ...]
    competences: tuple[Competence, ...]
    settings: Settings
    #: Where it was read from.
    source: str = "<memory>"
    #: The absolute path of the file it was read from (None for one made in memory or shipped with the pack), and
    #: the SHA-256 of the text read: a character made in it keeps both, so a later command finds the same campaign.
    file: str | None = None
    sha256: str | None = None

    def competence(self, competence_id: str) -> Competence | None:
        """The competence ``competence_id``, or None."""
        return next((c for c in self.competences if c.id == competence_id), None)

    def listing(self, quality_id: str) -> tuple[str, ...]:
        """The competences whose list holds ``quality_id``, in campaign order."""
        return tuple(c.id for c in self.competences if quality_id in c.qualities)


def structure_campaign(data: Mapping[str, Any], source: str, *, settings: Settings | None = None) -> Campaign:
    """A campaign from parsed TOML. ``settings`` (else the rules' numbers) is the base its
    ``[settings]`` table changes.

    Raises:
        RulePackError: listing every problem at once, each with ``source`` and its key path.
    """
    r = Reader(source)
    if not isinstance(data, Mapping):
        r.problem("$", f"expected a table, got {data!r:.60}")
        raise r.error()
    if not r.check_format(data):
        raise r.error()
    r.extra(data, ("format", "campaign", "settings", "qualities", "competences"), "$")
    head = r.table(data, "campaign", "$")
    r.extra(head, ("name", "title", "example", "description"), "$.campaign")
    name = r.get(head, "name", str, "$.campaign") or "?"
    title = r.label(head, "$.campaign", "title")
    example = r.get(head, "example", bool, "$.campaign", default=False)
    qualities = []
    for ident, body, path in r.entries(data, "qualities"):
        r.extra(body, ("label",), path)
        qualities.append(Quality(id=ident, label=r.label(body, path)))
    competences = []
    for ident, body, path in r.entries(data, "competences"):
        r.extra(body, ("label", "qualities", "specializations"), path)
        specializations = []
        for spec_id, spec, spath in r.entries(body, "specializations", path):
            r.extra(spec, ("label", "degree", "effect", "bonus", "cost", "secret"), spath)
            degree = r.get(spec, "degree", str, spath) or "debutant"
            if degree not in DEGREES[1:]:
                r.problem(f"{spath}.degree", f"expected one of {', '.join(DEGREES[1:])}, got {degree!r}")
            specializations.append(
                Specialization(
                    id=spec_id,
                    label=r.label(spec, spath),
                    degree=degree,
                    effect=r.label(spec, spath, "effect"),
                    bonus=r.count(spec, "bonus", spath, default=None),
                    cost=r.count(spec, "cost", spath, default=None),
                    secret=r.get(spec, "secret", bool, spath, default=False),
                )
            )
        competences.append(
            Competence(
                id=ident,
                label=r.label(body, path),
                qualities=r.slugs(body, "qualities", path),
                specializations=tuple(specializations),
            )
        )
    problems = list(r.problems)
    tuned: Settings | None
    try:
        tuned = structure_settings(r.table(data, "settings", "$"), source, base=settings, path="$.settings")
    except RulePackError as error:
        problems.extend(error.problems)
        tuned = settings
    campaign = Campaign(
        name=name,
        title=title,
        example=example,
        qualities=tuple(qualities),
        competences=tuple(competences),
        settings=tuned or structure_settings({}, source, base=settings),
        source=source,
    )
    if not problems:
        problems.extend(check_campaign(campaign, campaign.settings))
    if problems:
        raise RulePackError(source, problems)
    return campaign


def check_campaign(campaign: Campaign, settings: Settings) -> list[Problem]:
    """What makes ``campaign`` unplayable under ``settings``: unknown or clashing ids, quality
    lists too short for a gate, specializations without a price."""
    src = campaign.source
    problems: list[Problem] = []
    known = {q.id for q in campaign.qualities}
    if not campaign.competences:
        problems.append(Problem(src, "$.competences", "a campaign needs at least one competence"))
    for clash in sorted(known & {c.id for c in campaign.competences}):
        problems.append(
            Problem(src, f"$.qualities.{clash}", f"{clash!r} names both a quality and a competence; ids must differ")
        )
    needed = max(d.qualities for d in settings.degrees)
    for competence in campaign.competences:
        path = f"$.competences.{competence.id}"
        for index, quality in enumerate(competence.qualities):
            if quality not in known:
                problems.append(
                    Problem(
                        src,
                        f"{path}.qualities[{index}]",
                        f"quality {quality!r} is not defined in [qualities]; defined: {', '.join(sorted(known)) or 'none'}",
                    )
                )
        distinct = len(set(competence.qualities))
        if distinct != len(competence.qualities):
            problems.append(Problem(src, f"{path}.qualities", "a quality is listed twice"))
        if distinct < needed:
            top = max(settings.degrees, key=lambda d: d.qualities)
            problems.append(
                Problem(
                    src,
                    f"{path}.qualities",
                    f"{competence.label.en} lists {distinct} qualities but {top.label.en} needs {needed} from the list",
                )
            )
        for spec in competence.specializations:
            spath = f"{path}.specializations.{spec.id}.cost"
            if spec.cost is not None or spec.degree not in DEGREES:
                continue
            if spec.secret:
                problems.append(Problem(src, spath, "a secret technique needs an explicit cost (the rules give none)"))
            elif settings.degree(spec.degree).specialization_cost is None:
                label = settings.degree(spec.degree).label.en
                problems.append(
                    Problem(
                        src, spath, f"a {label} specialization needs an explicit cost (the rules give none for {label})"
                    )
                )
    return problems


def load_campaign(path: str | Path, *, settings: Settings | None = None) -> Campaign:
    """A campaign from its TOML file.

    Raises:
        RulePackError: the file is missing, not TOML, or does not fit the format; every problem is listed.
    """
    text, source = read_file(path)
    campaign = structure_campaign(parse_text(text, source), source, settings=settings)
    # Named by its whole path, as a character keeps it: the pack rebuilt from the character, from any folder, is the
    # same rules as the one it was made with (the source is part of the pack's fingerprint).
    resolved = str(Path(path).resolve())
    return attrs.evolve(campaign, source=resolved, file=resolved, sha256=digest(text))


def digest(text: str) -> str:
    """The SHA-256 of a campaign file's text, as a character records it."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@functools.cache
def example_campaign() -> Campaign:
    """The example campaign shipped with the pack (made-up competences, not a real game's)."""
    text, source = parse_resource("example-campaign.toml")
    return structure_campaign(parse_text(text, source), source)
