"""Campaign settings: the numbers a game master may tune, with the rules' own values as defaults.

The defaults are not typed here: they are read from ``data/pack.toml``, the pack's
fixed part, so the rules' numbers live in one place.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

import attrs

import progression
from progression.authoring import Label, Reader
from progression.curves import LinearCurve, SteppedCurve
from progression.errors import InvalidInput, Problem, RulePackError, UnknownName

from ._reader import parse_file, parse_resource

__all__ = [
    "DEGREES",
    "LEVEL_MAX",
    "POLICIES",
    "RANGES",
    "Degree",
    "Policy",
    "Settings",
    "default_settings",
    "load_settings",
    "settings_text",
    "structure_settings",
]

#: What happens to points awarded over a competence's cap (see the rulings page).
Policy = Literal["settle", "auto", "lose"]
POLICIES: tuple[Policy, ...] = ("settle", "auto", "lose")
#: The degrees, lowest first. Their number and ids are the rules'; their bounds are settings.
DEGREES = ("ignorant", "debutant", "confirme", "expert", "maitre")
#: The degrees whose first level a campaign may move (Ignorant is level 0, Beginner starts at 1).
_MOVABLE = DEGREES[2:]

#: The highest level of a competence, at the start and after (a raise or a settle stops there), and the highest
#: first level of a degree: ten times the rules' tables (which stop at 100), for a level is added to a die of at
#: most 1,000 sides. The rules name none (Master is "above 90"): it is the pack's, held by its functions, not a
#: rule of its data (see the rulings page, "The highest level").
LEVEL_MAX = 1_000
#: The highest price a setting may give (a quality, a step, a specialization): more points than ten competences
#: at the highest level hold (a competence holds at most as many points as its level), so no character could pay it.
PRICE_MAX = 10_000
#: What each setting may be, lowest and highest (documented in docs/how-to/tune-campaign.rst): a value outside is
#: refused with its key and its range.
RANGES: Mapping[str, tuple[int, int]] = {
    "quality_base": (0, PRICE_MAX),
    "quality_step": (0, PRICE_MAX),
    "level_divisor": (1, LEVEL_MAX),
    "die_size": (2, 1_000),
    "degree_starts": (2, LEVEL_MAX),
    "gate_qualities": (0, 100),
    "specialization_costs": (0, PRICE_MAX),
}

_KEYS = (
    "quality_base",
    "quality_step",
    "level_divisor",
    "overflow",
    "die_size",
    "degree_starts",
    "gate_qualities",
    "specialization_costs",
)


@attrs.frozen(kw_only=True)
class Degree:
    """One degree of a competence: its levels, its gate and the price of its specializations."""

    id: str
    label: Label
    #: The first level of the degree.
    low: int
    #: The last level (None for Master, which has no top).
    high: int | None
    #: How many qualities from the competence's own list are needed to enter it from below.
    qualities: int
    #: The fixed price of a specialization of this degree; None when each must carry its own.
    specialization_cost: int | None = None
    #: The bonus a specialization of this degree usually gives (+10, +20, +30 by the rules); None for Master.
    typical_bonus: int | None = None


@attrs.frozen(kw_only=True)
class Settings:
    """The tunable numbers of a campaign. Build one with :func:`~progression_competence.default_settings` and
    :meth:`changed`, or read one with :func:`~progression_competence.load_settings`."""

    #: The price of a character's first quality.
    quality_base: int
    #: How much each quality already owned adds to the price of the next.
    quality_step: int
    #: Reaching level n costs ceil(n / level_divisor) points.
    level_divisor: int
    #: The five degrees, lowest first.
    degrees: tuple[Degree, ...]
    #: What happens to points awarded over a competence's cap.
    overflow: Policy
    #: The die rolled for a competence test.
    die_size: int

    def degree(self, degree_id: str) -> Degree:
        """The degree ``degree_id`` (``ignorant``, ``debutant``, ``confirme``, ``expert``, ``maitre``)."""
        for degree in self.degrees:
            if degree.id == degree_id:
                return degree
        raise UnknownName("degree", degree_id, DEGREES, "the competence rules")

    def degree_at(self, level: int) -> Degree:
        """The degree a competence at ``level`` is in."""
        if isinstance(level, bool) or not isinstance(level, int) or level < 0:
            msg = f"a competence level is a whole number >= 0, got {level!r}"
            raise InvalidInput(msg)
        for degree in reversed(self.degrees):
            if level >= degree.low:
                return degree
        return self.degrees[0]  # pragma: no cover - level 0 is always Ignorant

    def quality_cost(self, owned: int) -> int:
        """The price of a new quality for a character who owns ``owned`` already."""
        return self.quality_curve().cost(owned + 1)

    def level_curve(self) -> SteppedCurve:
        """The cost curve of levels: step n costs ceil(n / divisor)."""
        label = Label(en="Cost of a level", fr="Coût d'un niveau")
        return SteppedCurve(name="level", width=self.level_divisor, unit=1, label=label)

    def quality_curve(self) -> LinearCurve:
        """The cost curve of qualities: the n-th costs base + step·(n - 1)."""
        label = Label(en="Cost of a quality", fr="Coût d'une qualité")
        return LinearCurve(name="quality", base=self.quality_base, step=self.quality_step, label=label)

    def changed(self, **changes: Any) -> Settings:
        """These settings with some keys changed, checked like a settings file (``degree_starts``,
        ``gate_qualities`` and ``specialization_costs`` take mappings by degree id).

        Raises:
            RulePackError: listing every value that does not fit.
        """
        return structure_settings(changes, "<changed settings>", base=self)

    def as_table(self) -> dict[str, Any]:
        """The settings as plain data (what a settings file holds, fully spelt out)."""
        return {
            "quality_base": self.quality_base,
            "quality_step": self.quality_step,
            "level_divisor": self.level_divisor,
            "overflow": self.overflow,
            "die_size": self.die_size,
            "degree_starts": {d.id: d.low for d in self.degrees if d.id in _MOVABLE},
            "gate_qualities": {d.id: d.qualities for d in self.degrees[1:]},
            "specialization_costs": {
                d.id: d.specialization_cost for d in self.degrees if d.specialization_cost is not None
            },
        }


@functools.cache
def default_settings() -> Settings:
    """The rules' own numbers, read from the pack's ``data/pack.toml``."""
    text, source = parse_resource("pack.toml")
    base = progression.load_text(text, source)
    reader = Reader(source)
    level, quality = base.curve("level"), base.curve("quality")
    if not isinstance(level, SteppedCurve) or not isinstance(quality, LinearCurve):  # pragma: no cover - shipped data
        raise RulePackError(source, [Problem(source, "$.curves", "the level curve must be stepped, quality linear")])
    degrees = []
    raw_degrees = base.tables.get("degrees", [])
    for index, raw in enumerate(raw_degrees if isinstance(raw_degrees, list) else []):
        path = f"$.tables.degrees[{index}]"
        reader.extra(raw, ("id", "label", "from", "to", "qualities", "specialization_cost", "typical_bonus"), path)
        degrees.append(
            Degree(
                id=reader.get(raw, "id", str, path) or "?",
                label=reader.label(raw, path),
                low=reader.count(raw, "from", path) or 0,
                high=reader.count(raw, "to", path, default=None),
                qualities=reader.count(raw, "qualities", path) or 0,
                specialization_cost=reader.count(raw, "specialization_cost", path, default=None),
                typical_bonus=reader.count(raw, "typical_bonus", path, default=None),
            )
        )
    if tuple(d.id for d in degrees) != DEGREES:
        reader.problem("$.tables.degrees", f"expected the degrees {', '.join(DEGREES)} in that order")
    campaign = base.tables.get("campaign", {})
    settings = Settings(
        quality_base=quality.base,
        quality_step=quality.step,
        level_divisor=level.width,
        degrees=_with_tops(tuple(degrees)),
        overflow=reader.get(campaign, "overflow", str, "$.tables.campaign") or "settle",
        die_size=reader.count(campaign, "die_size", "$.tables.campaign", minimum=2) or 100,
    )
    for degree, read in zip(settings.degrees, degrees, strict=True):
        if degree.high != read.high:
            reader.problem(
                "$.tables.degrees", f"{degree.id} must end at {degree.high}, where the next starts, got {read.high}"
            )
    reader.problems.extend(_coherence(settings, source, "$.tables.degrees"))
    reader.raise_if_problems()
    return settings


def structure_settings(
    data: Mapping[str, Any], source: str, *, base: Settings | None = None, path: str = "$"
) -> Settings:
    """Settings from a parsed table: every key is optional and falls back on ``base``
    (the rules' numbers by default).

    Raises:
        RulePackError: listing every problem at once, each with ``source`` and its key path.
    """
    base = base or default_settings()
    r = Reader(source)
    if not isinstance(data, Mapping):
        r.problem(path, f"expected a table of settings, got {data!r:.60}")
        raise r.error()
    r.extra(data, _KEYS, path)
    overflow = r.get(data, "overflow", str, path, default=base.overflow)
    if overflow not in POLICIES:
        r.problem(f"{path}.overflow", f"expected one of {', '.join(POLICIES)}, got {overflow!r}")
        overflow = base.overflow
    degrees = {d.id: d for d in base.degrees}
    for key, field, allowed in (
        ("degree_starts", "low", _MOVABLE),
        ("gate_qualities", "qualities", DEGREES[1:]),
        ("specialization_costs", "specialization_cost", DEGREES[1:]),
    ):
        table = r.get(data, key, (dict, Mapping), path, default={})
        for degree_id, value in table.items():
            where = f"{path}.{key}.{degree_id}"
            if degree_id not in allowed:
                r.problem(where, f"unknown degree {degree_id!r}; expected one of: {', '.join(allowed)}")
            elif isinstance(value, bool) or not isinstance(value, int):
                r.problem(where, f"expected an integer from {RANGES[key][0]} to {RANGES[key][1]}, got {value!r:.60}")
            elif r.within(where, value, *RANGES[key]):
                changes: dict[str, Any] = {field: value}
                degrees[degree_id] = attrs.evolve(degrees[degree_id], **changes)
    settings = Settings(
        quality_base=_ranged(r, data, "quality_base", path, base.quality_base),
        quality_step=_ranged(r, data, "quality_step", path, base.quality_step),
        level_divisor=_ranged(r, data, "level_divisor", path, base.level_divisor),
        degrees=_with_tops(tuple(degrees[d] for d in DEGREES)),
        overflow=overflow,
        die_size=_ranged(r, data, "die_size", path, base.die_size),
    )
    r.problems.extend(_coherence(settings, source, f"{path}.degree_starts"))
    r.raise_if_problems()
    return settings


def _ranged(r: Reader, data: Mapping[str, Any], key: str, path: str, default: int) -> int:
    """The whole number ``data[key]`` within its range (``RANGES``), ``default`` when absent or out of it."""
    low, high = RANGES[key]
    found: int = r.count(data, key, path, default=default, minimum=low, maximum=high)
    return found


def load_settings(path: str | Path, *, base: Settings | None = None) -> Settings:
    """Settings from a TOML file holding ``format = 1`` and a ``[settings]`` table; what it leaves out is
    ``base``'s (the rules' numbers by default).

    Raises:
        RulePackError: the file is missing, not TOML, or has wrong values; every problem is listed.
    """
    data, source = parse_file(path)
    r = Reader(source)
    if r.check_format(data):
        r.extra(data, ("format", "settings"), "$")
        if not isinstance(data.get("settings", {}), dict):
            r.problem("$.settings", f"expected a table, got {data['settings']!r:.60}")
    r.raise_if_problems()
    return structure_settings(data.get("settings", {}), source, base=base, path="$.settings")


def _with_tops(degrees: tuple[Degree, ...]) -> tuple[Degree, ...]:
    """Each degree ends the level before the next one starts; the last has no top."""
    out = []
    for degree, following in zip(degrees, (*degrees[1:], None), strict=True):
        high = None if following is None else following.low - 1
        out.append(attrs.evolve(degree, high=high))
    return tuple(out)


def _coherence(settings: Settings, source: str, path: str) -> list[Problem]:
    problems = []
    lows = [d.low for d in settings.degrees]
    if lows[:2] != [0, 1]:
        problems.append(
            Problem(source, path, f"Ignorant is level 0 and Beginner starts at 1, got {lows[0]} and {lows[1]}")
        )
    for lower, upper in zip(settings.degrees[1:], settings.degrees[2:], strict=False):
        if upper.low <= lower.low:
            problems.append(
                Problem(
                    source,
                    f"{path}.{upper.id}",
                    f"{upper.label.en} must start above {lower.label.en} (which starts at {lower.low}), got {upper.low}",
                )
            )
    return problems


def _flat(table: Mapping[str, Any]) -> dict[str, Any]:
    """``{"degree_starts": {"expert": 55}}`` as ``{"degree_starts.expert": 55}``."""
    out: dict[str, Any] = {}
    for key, value in table.items():
        if isinstance(value, Mapping):
            out |= {f"{key}.{inner}": item for inner, item in value.items()}
        else:
            out[key] = value
    return out


def settings_text(own: Settings, used: Settings) -> str:
    """The settings ``used`` that differ from a campaign's ``own``, as a character keeps them
    (``quality_base=20,degree_starts.expert=55``; empty when they are the campaign's own)."""
    mine = _flat(own.as_table())
    return ",".join(f"{key}={value}" for key, value in _flat(used.as_table()).items() if mine.get(key) != value)
