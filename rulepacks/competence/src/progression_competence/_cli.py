"""What the ``progression`` command reaches through the pack's named functions: the demo, a new
character, a competence test on a sheet file, and a Monte Carlo trial of a character's climb."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from progression import Dice, RulePack, ScriptedDice, Sheet
from progression.errors import InvalidInput, UnknownName

from ._campaign import load_campaign
from ._character import (
    award as award_points,
)
from ._character import (
    buy_quality,
    competences,
    competences_listing,
    completions_between,
    degree,
    level,
    new_character,
    qualities_of,
    raise_level,
    settle,
)
from ._given import named_competences
from ._ids import degree_id, pool_id, quality_id, raise_id
from ._kept import Builder, campaign_of, kept_tags, settings_of
from ._reader import parse_file
from ._rolls import roll_competence
from ._settings import load_settings
from ._tables import tables_of

__all__ = ["action_raise", "action_settle", "action_test", "demo", "make_character", "sessions_to_expert"]

#: The settings a new character's campaign may be tuned with from the command line (what the pack's ``tune`` takes).
TUNABLE = ("quality_base", "quality_step", "level_divisor", "die_size", "overflow")


def make_character(pack: RulePack, options: Mapping[str, object], build: Builder) -> Sheet:
    """The factory of the pack's contract (``progression_competence._build.make_character`` says what its
    ``options`` are): a new character of ``pack``, or of the pack ``build`` makes of the campaign and settings
    the options give."""
    given: dict[str, object] = dict(options)
    name = str(given.pop("name", "") or "")
    campaign_file = given.pop("campaign", None) or None
    settings_file = given.pop("settings", None) or None
    tuned = {key: given.pop(key, None) for key in TUNABLE}
    used = pack
    if campaign_file is not None or settings_file is not None or any(v is not None for v in tuned.values()):
        used = _tuned(pack, campaign_file, settings_file, tuned, build)
    levels = {}
    competences = tables_of(used)["competences"]
    for key, text in named_competences(used, given, "new character").items():
        if key not in competences:  # a misspelt setting is named as one, with the closest
            where = f"campaign {tables_of(used)['campaign']['name']!r}"
            known = (*competences, *TUNABLE, "campaign", "settings")
            raise UnknownName("competence or setting", key, known, where, closest=used.closest(key, known))
        try:
            levels[key] = text if isinstance(text, int) else int(str(text))
        except (TypeError, ValueError):
            msg = f"new character: the level of {key!r} must be a whole number, got {text!r}"
            raise InvalidInput(msg) from None
    return new_character(used, name, levels=levels)


def _tuned(
    pack: RulePack, campaign_file: object, settings_file: object, tuned: dict[str, object], build: Builder
) -> RulePack:
    """The pack of a new character: ``pack``'s campaign or a campaign file's, tuned by a settings file and by
    settings given one by one."""
    files = [settings_file]
    if campaign_file is not None and _settings_only(str(campaign_file)):  # a settings file given as campaign=
        files, campaign_file = [campaign_file, settings_file], None
    if campaign_file is not None:
        campaign = load_campaign(str(campaign_file))
        settings = campaign.settings
    else:
        campaign = campaign_of(kept_tags(pack), "the pack")
        settings = settings_of(kept_tags(pack), campaign, "the pack")
    for file in files:
        if file is not None:
            settings = load_settings(str(file), base=settings)
    changes: dict[str, Any] = {}
    for key, value in tuned.items():
        if value is None:
            continue
        if key == "overflow":  # a policy's name: Settings.changed checks it
            changes[key] = str(value).strip()
            continue
        try:
            changes[key] = value if isinstance(value, int) else int(str(value))
        except ValueError:
            msg = f"new character: {key} must be a whole number, got {value!r}"
            raise InvalidInput(msg) from None
    return build(campaign, settings.changed(**changes) if changes else settings)


def _settings_only(path: str) -> bool:
    """Whether a TOML file holds settings only (``format`` and ``[settings]``), not a campaign."""
    data, _ = parse_file(path)
    return set(data) <= {"format", "settings"}


def _played(pack: RulePack, sheet: Sheet) -> RulePack:
    """The pack ``sheet``'s character is played under, as ``pack`` finds it (its contract's ``pack_for``): a
    character keeps its campaign and settings."""
    found = pack.contract.pack_for
    return pack if found is None else found(pack, sheet)


def action_test(
    pack: RulePack,
    sheet: Sheet,
    dice: Dice,
    *,
    competence: str,
    specializations: tuple[str, ...] = (),
    specialization: tuple[str, ...] = (),
) -> Sheet:
    """Roll a competence test: the die + the level + applicable specializations.

    The roll and the total in words are recorded in the sheet's ledger.

    Args:
        competence: the competence tested (its id or its name, in any case).
        specializations: the specializations that apply.
        specialization: the same as specializations.
    """
    used = _played(pack, sheet)
    after, _ = roll_competence(used, sheet, competence, dice, specializations or specialization)
    return after


def action_settle(pack: RulePack, sheet: Sheet, dice: Dice, *, competence: str, discard: bool = False) -> Sheet:
    """Spend the PP a competence holds over its cap on raises, one entry.

    What a degree gate leaves over the cap waits, or with ``discard=yes`` is lost and recorded.

    Args:
        competence: the competence whose points are spent (its id or its name).
        discard: lose what is still over the cap.
    """
    used = _played(pack, sheet)
    return settle(used, sheet, competence, discard=discard)


def action_raise(pack: RulePack, sheet: Sheet, dice: Dice, *, competence: str, levels: int = 1) -> Sheet:
    """Raise a competence by several levels, each paid from its PP, one entry.

    Args:
        competence: the competence raised (its id or its name).
        levels: how many levels.
    """
    used = _played(pack, sheet)
    return raise_level(used, sheet, competence, levels)


def sessions_to_expert(
    pack: RulePack, dice: Dice, *, competence: int = 0, award: int = 10, helper_award: int = 6, limit: int = 500
) -> int:
    """Sessions until a new character reaches Expert in one competence (one trial).

    Params:
        competence: which competence, by its position in the campaign (0 for the first).
        award: each session the competence earns 1..award PP (one die), default 10.
        helper_award: each competence sharing a quality with it earns 1..helper_award, default 6.
        limit: give up after this many sessions (returned when Expert is out of reach), default 500.

    The player raises the competence whenever the points allow; at a degree gate, buys the
    first affordable quality of its list with the default split; the competences that share its
    qualities spend only what is over their cap (on raises), so their points can help pay.
    Whatever is still over a cap is discarded.
    """
    known = competences(pack)
    index = competence
    if not 0 <= index < len(known):
        msg = f"competence must be a position from 0 to {len(known) - 1}, got {index}"
        raise InvalidInput(msg)
    target = known[index]
    mine = set(qualities_of(pack, target))
    helpers = [c for c in known if c != target and mine & set(qualities_of(pack, c))]
    goal = pack.ladder(degree_id(target)).band("expert").low
    sheet = new_character(pack, "trial")
    for session in range(1, limit + 1):
        reason = f"session {session}"
        for helper in helpers:
            (amount,) = dice.roll(helper_award, 1, f"{helper} award")
            sheet = settle(pack, award_points(pack, sheet, helper, amount, reason=reason), helper, discard=True)
        (amount,) = dice.roll(award, 1, f"{target} award")
        sheet = settle(
            pack, _climb(pack, award_points(pack, sheet, target, amount, reason=reason), target), target, discard=True
        )
        if level(pack, sheet, target) >= goal:
            return session
    return limit


def _climb(pack: RulePack, sheet: Sheet, competence: str) -> Sheet:
    """Raise ``competence`` while its points allow, buying a quality of its list at a gate."""
    while True:
        quote = pack.quote(sheet, raise_id(competence))
        if quote.ok:
            sheet = pack.purchase(sheet, raise_id(competence))
            continue
        if not any(v.key.startswith("gate:") for v in quote.violations):
            return sheet
        for quality in qualities_of(pack, competence):
            if not sheet.has(quality) and pack.quote(sheet, quality_id(quality)).ok:
                sheet = buy_quality(pack, sheet, quality)
                break
        else:
            return sheet


# -- the demo ------------------------------------------------------------------------


def demo(pack: RulePack, say: Callable[[str], None]) -> None:
    """A character climbs from nothing to Proficient (Confirmé) with a quality paid from two competences."""
    target, partner, quality = _cast(pack)
    name = pack.name_of
    sheet = new_character(pack, "Aline")
    title = tables_of(pack)["campaign"]["title"]["en"]
    say(f"Aline is a new character of the {title}: Ignorant (level 0) in every competence.")
    say(
        f"A competence holds at most as many PP as its level, so at level 0 every point is over the cap "
        f"({tables_of(pack)['settings']['overflow']} policy)."
    )

    def step(before: Sheet, after: Sheet, why: str) -> Sheet:
        spent = {p: before.pools[p] - after.pools[p] for p in after.pools if before.pools[p] != after.pools[p]}
        levels = [
            f"{name(c)} {level(pack, before, c)} -> {level(pack, after, c)}"
            for c in competences(pack)
            if level(pack, before, c) != level(pack, after, c)
        ]
        held = ", ".join(f"{name(c)} {after.pools[pool_id(c)]}/{level(pack, after, c)}" for c in (target, partner))
        changes = "; ".join(levels) or "no level changes"
        flows = ", ".join(f"{name(p)} {-d:+d}" for p, d in spent.items()) or "no PP moved"
        say(f"  {why}: {changes} ({flows}); PP held/cap: {held}")
        for done in completions_between(pack, before, after):
            say(f"  -> {name(done.competence)}: degree {name(done.degree)} complete at level {done.level}")
        return after

    def earn(sheet: Sheet, competence: str, amount: int, reason: str) -> Sheet:
        after = award_points(pack, sheet, competence, amount, reason=reason)
        after = step(sheet, after, f"GM awards {amount} PP to {name(competence)} ({reason})")
        return step(after, settle(pack, after, competence), f"points over the cap are spent on {name(competence)}")

    settings = tables_of(pack)["settings"]
    divisor = settings["level_divisor"]
    sheet = earn(sheet, target, 1, "a first lesson")
    say(f"  The raise 0 -> 1 cost {pack.curve('level').cost(1)} PP: reaching level n costs ceil(n / {divisor}).")
    for amount, reason in ((40, "a season in a fencing hall"), (49, "a duel won")):
        sheet = earn(sheet, target, amount, reason)
    gate = pack.quote(sheet, raise_id(target))
    say(f"  {name(target)} is at level {level(pack, sheet, target)} and cannot go on: {gate.unmet[0]}")
    for amount, reason in ((1, "a first ball"), (49, "a winter of court balls")):
        sheet = earn(sheet, partner, amount, reason)
    price = pack.quote(sheet, quality_id(quality)).price
    split = pack.quote(sheet, quality_id(quality)).split
    say(
        f"  {name(quality)} costs {price} PP ({settings['quality_base']} + {settings['quality_step']} per quality "
        f"owned); {name(target)} holds only "
        f"{sheet.pools[pool_id(target)]}, but {name(quality)} is in the lists of "
        f"{', '.join(name(c) for c in competences_listing(pack, quality))}, so they may pool: "
        + ", ".join(f"{name(p)} {n}" for p, n in split.items())
    )
    sheet = step(sheet, buy_quality(pack, sheet, quality), f"buy {name(quality)}")
    gate_level = level(pack, sheet, target) + 1
    cost = pack.curve("level").cost(gate_level)
    sheet = step(
        sheet, award_points(pack, sheet, target, cost, reason="a lesson"), f"GM awards {cost} PP to {name(target)}"
    )
    sheet = step(
        sheet,
        raise_level(pack, sheet, target),
        f"raise {name(target)} past the gate (ceil({gate_level} / {divisor}) = {cost} PP)",
    )
    say(f"Aline is now {name(degree(pack, sheet, target))} in {name(target)}. Every PP accounted for:")
    for competence in (target, partner):
        account = sheet.account(pool_id(competence))
        say(
            f"  {name(competence)}: awarded {account.awarded} = held {account.held} + spent {account.spent} "
            f"+ lost {account.lost}"
        )
    size = tables_of(pack)["settings"]["die_size"]
    sheet, result = roll_competence(pack, sheet, target, ScriptedDice([min(57, size)]))
    say(f"A competence test adds the level to the die: {result.describe(pack)}.")


def _cast(pack: RulePack) -> tuple[str, str, str]:
    """The demo's competence, the one it pools with, and the quality they share."""
    known = competences(pack)
    for target in known:
        for quality in qualities_of(pack, target):
            others = [c for c in competences_listing(pack, quality) if c != target]
            if others:
                return target, others[0], quality
    msg = "the demo needs two competences that share a quality; this campaign has none"
    raise InvalidInput(msg)
