"""The competence pack's rules, generated from the fixed part (``data/pack.toml``), a campaign and its settings.

Per competence *c*: a pool ``pp.c`` capped by the stat ``level.c``, the upgrade ``raise.c``
priced on the level curve, and the ladder ``degree.c`` whose gates ask for qualities from
*c*'s list. Per quality *q*: the upgrade ``quality.q``, payable from the pool of every
competence listing *q*. Per specialization: an upgrade bought once, from its degree on.
The commands the pack offers the command line are given (``contract``): they are made by ``_build``, which
knows them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

import attrs

import progression
import progression.requirements
from progression import Effect, RulePack, Sheet
from progression.authoring import (
    CurveCost,
    FixedCost,
    Kind,
    Label,
    Limit,
    Narrator,
    Play,
    PoolSpec,
    StatSpec,
    Upgrade,
)
from progression.contract import Contract
from progression.errors import Problem, RulePackError
from progression.events import Event, Marked, Rolled
from progression.requirements import AtLeast, Band, Context, Ladder, OwnsAmong

from ._campaign import Campaign, Competence, check_campaign
from ._ids import degree_id, level_id, open_id, pool_id, quality_id, raise_id, specialization_id
from ._reader import parse_resource
from ._rolls import competence_test
from ._settings import LEVEL_MAX, Settings, settings_text

__all__ = ["Reached", "reached", "rules"]

# The rules' fingerprint (``RulePack.rules``), which every saved character records, digests a requirement's
# ``message`` and the name of a gate's items (``what``). These two were first written as sentences: they stay as
# they were, so that no character made before is one "of other rules", and say nothing: the words shown are the
# requirements' ``said`` and ``items_said``, out of the fingerprint, which may be reworded freely.
_FINGERPRINTED_OPEN = "{competence} is already discovered"
_FINGERPRINTED_GATE = "{noun} from the list of {competence}"


@functools.cache
def _base() -> RulePack:
    """The fixed part of the pack, checked by the core's loader."""
    text, source = parse_resource("pack.toml")
    return progression.load_text(text, source)


def rules(campaign: Campaign, settings: Settings, contract: Contract) -> RulePack:
    """The competence rule pack for ``campaign`` under ``settings``, offering the command line ``contract``
    (:func:`~progression_competence.campaigns.build` gives it the pack's own).

    Raises:
        RulePackError: the campaign cannot be played under these settings (a quality list
            shorter than a gate asks, a specialization without a price); every problem is listed.
    """
    problems = check_campaign(campaign, settings)
    if problems:
        raise RulePackError(campaign.source, problems)
    base = _base()
    ids = [c.id for c in campaign.competences]
    pools = [_pool(c, settings) for c in campaign.competences]
    # A level's highest, LEVEL_MAX, is the stat's bound: held on every route, and out of the rules' fingerprint, so
    # that no character made before it is one "of other rules" (see the rulings page).
    stats = [*base.stats.values()] + [
        StatSpec(id=level_id(c.id), label=_of("{} level", "Niveau", c.label), minimum=0, bound=LEVEL_MAX)
        for c in campaign.competences
    ]
    families = {
        "raise": [_raise(c) for c in campaign.competences],
        "open": [_open(c) for c in campaign.competences] if settings.overflow == "lose" else [],
        "quality": [_quality(campaign, q.id, q.label) for q in campaign.qualities if campaign.listing(q.id)],
        "specialization": [_specialization(c, s.id, settings) for c in campaign.competences for s in c.specializations],
    }
    upgrades = [upgrade for family in families.values() for upgrade in family]
    character = base.kind("character")
    kinds = [
        Kind(
            id=character.id,
            label=character.label,
            pools=[pool_id(c) for c in ids],
            stats=[*character.stats, *(level_id(c) for c in ids)],
        )
    ]
    names = {
        **{c.id: c.label for c in campaign.competences},
        **{q.id: q.label for q in campaign.qualities},
        **{d.id: d.label for d in settings.degrees},
        # the titles of the rules' tables the pack computes (``progression table competence NAME``)
        "quality_costs": Label(en="Cost of a new quality", fr="Coût d'acquisition des qualités"),
        "specialization_costs": Label(en="Cost of specializations", fr="Coût des spécialisations"),
    }
    return RulePack(
        name=base.name,
        title=base.title,
        version=base.version,
        source=f"{base.source} + {campaign.source}",
        currencies=base.currencies.values(),
        pools=pools,
        stats=stats,
        curves=[settings.level_curve(), settings.quality_curve()],
        ladders=[_ladder(c, settings) for c in campaign.competences],
        upgrades=upgrades,
        kinds=kinds,
        names=names,
        tables=_tables(campaign, settings),
        contract=contract,
        operations=_operations(),
        narration=_narration,
        facts=_facts,
        play=_play(base, families),
    )


def _play(base: RulePack, families: Mapping[str, list[Upgrade]]) -> Play | None:
    """The pack's strategy of sensible play: the weight ``[tables.play]`` gives each family of upgrades, given
    to every upgrade of the family (the loader checked the families and that each weight is a whole number).

    Raises:
        RulePackError: a weight below 0.
    """
    weights = base.tables.get("play")
    if weights is None:
        return None
    below = [
        Problem(base.source, f"$.tables.play.{family}", f"a weight is a whole number >= 0, got {weight!r}")
        for family, weight in weights.items()
        if weight < 0
    ]
    if below:
        raise RulePackError(base.source, below)
    favour = {upgrade.id: weights.get(family, 1) for family, members in families.items() for upgrade in members}
    return Play(favour=favour)


def _narration(narrator: Narrator, event: Event) -> str | None:
    """The pack's words: a degree reached (a milestone of a raise or a settle) is told as itself, and a
    competence test by its label, which gives the die, the level, the bonuses and the total."""
    if isinstance(event, Marked) and ": now " in event.label:
        return _degree_reached(narrator, event.label)
    if isinstance(event, Rolled) and " test: " in event.label:
        return f"rolled {event.label}"
    return None


def _degree_reached(narrator: Narrator, label: str) -> str:
    """A degree reached, in the language shown: the milestone is recorded in English with the rules' French
    degree (``Fencing 31: now Proficient (Confirmé)``), told in French as ``Escrime 31: maintenant Confirmé``."""
    if narrator.language == "en":
        return label
    head, _, _ = label.partition(": now ")
    named, _, level = head.rpartition(" ")
    pack = narrator.pack
    found = [
        c for u in pack.upgrades if u.startswith("raise.") and pack.name_of(c := u.removeprefix("raise.")) == named
    ]
    if len(found) != 1 or not level.isdigit():  # not a milestone this campaign can read: as recorded
        return label
    degree = pack.ladder(degree_id(found[0])).band_of(int(level))
    now = "maintenant" if narrator.language == "fr" else "now"
    return f"{narrator.name(found[0])} {level}: {now} {degree.label.in_language(narrator.language)}"


def _facts(narrator: Narrator, sheet: Sheet) -> list[tuple[str, str]]:
    """A character's tags in words: the campaign it was made in, and the settings it changed."""
    words = {"campaign": "Campaign", "settings": "Settings", "campaign_file": "Campaign file"}
    hidden = {"campaign_sha256"}
    return [(words.get(key, key), value) for key, value in sheet.tags.items() if key not in hidden]


def _operations() -> tuple[Callable[..., Any], ...]:
    """The pack's own operations (the core's purchases, awards and discards do the rest)."""
    return (competence_test,)


def _of(english: str, french: str, label: Label) -> Label:
    """``english`` with the competence's name in it, and the French ``<french> de <name>``."""
    return Label(en=english.format(label.en), fr=f"{french} {_de(label.fr)}")


def _de(name: str) -> str:
    return f"d'{name}" if name[:1].lower() in "aeiouyéèêàâîôûh" else f"de {name}"


def _pool(competence: Competence, settings: Settings) -> PoolSpec:
    # ``lose`` is the core's ``auto`` restricted to the opening raise: see the rulings page.
    spend = {"settle": (), "auto": (raise_id(competence.id),), "lose": (open_id(competence.id),)}
    return PoolSpec(
        id=pool_id(competence.id),
        label=_of("{} PP", "PP", competence.label),
        currency="pp",
        cap=level_id(competence.id),
        overflow="settle" if settings.overflow == "settle" else "auto",
        auto_spend=spend[settings.overflow],
        # The rules: points over the level "must be used to raise the competence, or be lost".
        surplus_buys=(raise_id(competence.id),) if settings.overflow == "settle" else (),
    )


def _raise(competence: Competence) -> Upgrade:
    return Upgrade(
        id=raise_id(competence.id),
        label=Label(en=f"Raise {competence.label.en}", fr=f"Progresser en {competence.label.fr}"),
        pools=(pool_id(competence.id),),
        cost=CurveCost(curve="level", axis=level_id(competence.id)),
        effect=Effect(stats={level_id(competence.id): 1}),
        kinds=("character",),
        description=Label(
            en=f"One more level of {competence.label.en}", fr=f"Un niveau de plus en {competence.label.fr}"
        ),
    )


def _open(competence: Competence) -> Upgrade:
    level = level_id(competence.id)
    return Upgrade(
        id=open_id(competence.id),
        label=Label(en=f"Discover {competence.label.en}", fr=f"Découvrir {competence.label.fr}"),
        pools=(pool_id(competence.id),),
        cost=CurveCost(curve="level", axis=level),
        requires=progression.requirements.AtMost(
            quantity=level,
            value=0,
            message=_FINGERPRINTED_OPEN.format(competence=competence.label.en),
            said=f"{competence.label.en} is already discovered",
        ),
        effect=Effect(stats={level: 1}),
        kinds=("character",),
    )


def _ladder(competence: Competence, settings: Settings) -> Ladder:
    bands = []
    for degree in settings.degrees:
        gate = None
        if degree.qualities > 0:
            noun = "quality" if degree.qualities == 1 else "qualities"
            gate = OwnsAmong(
                among=competence.qualities,
                count=degree.qualities,
                what=_FINGERPRINTED_GATE.format(noun=noun, competence=competence.label.en),
                items_said=f"qualities from the list of {competence.label.en}",  # a plural: "one or more qualities"
            )
        bands.append(Band(id=degree.id, label=degree.label, low=degree.low, high=degree.high, requires=gate))
    return Ladder(
        id=degree_id(competence.id),
        label=_of("{} degree", "Degré", competence.label),
        axis=level_id(competence.id),
        bands=bands,
    )


def _quality(campaign: Campaign, quality: str, label: Label) -> Upgrade:
    return Upgrade(
        id=quality_id(quality),
        label=label,
        pools=tuple(pool_id(c) for c in campaign.listing(quality)),
        cost=CurveCost(curve="quality", axis="qualities"),
        effect=Effect(stats={"qualities": 1}, grants={quality: 1}),
        limit=Limit(times=1),
        kinds=("character",),
        description=Label(
            en="Opens the higher degrees of: "
            + ", ".join(c.label.en for c in campaign.competences if quality in c.qualities),
            fr="Ouvre les degrés supérieurs de : "
            + ", ".join(c.label.fr for c in campaign.competences if quality in c.qualities),
        ),
    )


def _specialization(competence: Competence, spec_id: str, settings: Settings) -> Upgrade:
    spec = competence.specialization(spec_id)
    cost = (
        None
        if spec is None
        else spec.cost
        if spec.cost is not None
        else settings.degree(spec.degree).specialization_cost
    )
    if spec is None or cost is None:  # check_campaign refuses both before a pack is built
        msg = f"specialization {spec_id!r} of {competence.id!r} has no price in the campaign or its degree"
        raise RulePackError(competence.id, [Problem(competence.id, f"$.competences.{competence.id}", msg)])
    ident = specialization_id(competence.id, spec.id)
    return Upgrade(
        id=ident,
        label=spec.label,
        pools=(pool_id(competence.id),),
        cost=FixedCost(amount=cost),
        requires=reached(competence.id, spec.degree, settings),
        effect=Effect(grants={ident: 1}),
        limit=Limit(times=1),
        kinds=("character",),
        description=spec.effect,
    )


@attrs.frozen(kw_only=True)
class Reached(AtLeast):
    """The requirement of a specialization: a competence has reached a degree, that is, its
    level is at least the degree's first level (``quantity`` and ``value``)."""

    competence: str
    degree: str

    def describe(self, context: Context) -> str:
        names = context.names.name_of
        return f"have {names(self.competence)} at {names(self.degree)} (level {self.value} or more)"

    def explain(self, context: Context) -> str:
        level = context.sheet.quantity(self.quantity)
        pack = context.pack
        where = f"level {level}"
        if pack is not None and degree_id(self.competence) in pack.ladders:
            where += f" ({context.names.name_of(pack.ladder(degree_id(self.competence)).band_of(level).id)})"
        return "needs " + self.describe(context).removeprefix("have ") + f"; it is at {where}"


def reached(competence: str, degree: str, settings: Settings) -> Reached:
    """The requirement that ``competence`` has reached ``degree`` under ``settings``."""
    return Reached(
        quantity=level_id(competence), value=settings.degree(degree).low, competence=competence, degree=degree
    )


def _tables(campaign: Campaign, settings: Settings) -> dict[str, Any]:
    """The campaign as plain data, for the pack's helpers and for ``progression show``."""

    def label(value: Label) -> dict[str, str]:
        return {"en": value.en, "fr": value.fr}

    def degree(value: Any) -> dict[str, Any]:
        row = {"id": value.id, "label": label(value.label), "from": value.low, "qualities": value.qualities}
        if value.high is not None:
            row["to"] = value.high
        if value.specialization_cost is not None:
            row["specialization_cost"] = value.specialization_cost
        if value.typical_bonus is not None:
            row["typical_bonus"] = value.typical_bonus
        return row

    def specialization(competence: Competence) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for spec in competence.specializations:
            cost = spec.cost if spec.cost is not None else settings.degree(spec.degree).specialization_cost
            row: dict[str, Any] = {
                "label": label(spec.label),
                "degree": spec.degree,
                "effect": label(spec.effect),
                "cost": cost,
                "secret": spec.secret,
            }
            if spec.bonus is not None:
                row["bonus"] = spec.bonus
            out[spec.id] = row
        return out

    settings_table: dict[str, Any] = settings.as_table()
    settings_table["degrees"] = [degree(d) for d in settings.degrees]
    return {
        "campaign": {
            "name": campaign.name,
            "title": label(campaign.title),
            "example": campaign.example,
            "source": campaign.source,
            # what a character made with this pack keeps of its campaign (see ``_kept``)
            "settings_text": settings_text(campaign.settings, settings),
            **({} if campaign.file is None else {"file": campaign.file, "sha256": campaign.sha256}),
        },
        "settings": settings_table,
        "qualities": {
            q.id: {"label": label(q.label), "competences": list(campaign.listing(q.id))} for q in campaign.qualities
        },
        "competences": {
            c.id: {"label": label(c.label), "qualities": list(c.qualities), "specializations": specialization(c)}
            for c in campaign.competences
        },
    }
