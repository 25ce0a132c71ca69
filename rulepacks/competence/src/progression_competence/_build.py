"""The competence pack put together: its rules (``_rules``) and the commands it offers the command line, some of
which make packs of their own (a character's campaign, a party's, a tuned one).

This is the one module that knows both the pack and its commands: ``build`` gives each pack its contract, and
hands itself to what needs to build a pack (a new character's campaign file, a sheet's campaign, a party's
record), so that nothing below imports it back.
"""

from __future__ import annotations

import functools
import warnings

from progression import RulePack, Sheet
from progression.contract import Action, ComputedTable, Contract, Demo, Factory, Option, PackFor, Simulation, Tuner
from progression.contract import Campaign as CampaignDeclaration
from progression.errors import InvalidInput, Problem, RulePackError

from . import _cli, _costs, _kept, _party
from ._campaign import Campaign, example_campaign
from ._rules import rules
from ._settings import Settings

__all__ = ["Party", "build", "make_character", "pack", "pack_for"]


@functools.cache
def pack() -> RulePack:
    """The competence pack for the example campaign, under the rules' own numbers.

    The entry point ``progression.load("competence")`` calls; built once.
    """
    return build()


def build(campaign: Campaign | None = None, settings: Settings | None = None) -> RulePack:
    """The competence rule pack for ``campaign`` (the example campaign by default) under
    ``settings`` (the campaign's own by default), with the commands it offers the command line.

    Raises:
        RulePackError: the campaign cannot be played under these settings (a quality list
            shorter than a gate asks, a specialization without a price); every problem is listed.
    """
    campaign = example_campaign() if campaign is None else campaign
    if not isinstance(campaign, Campaign):
        msg = f"expected a Campaign, got {type(campaign).__name__}"
        raise RulePackError("<argument>", [Problem("<argument>", "$", msg)])
    settings = campaign.settings if settings is None else settings
    if not isinstance(settings, Settings):
        msg = f"expected Settings, got {type(settings).__name__}"
        raise RulePackError("<argument>", [Problem("<argument>", "$", msg)])
    return rules(campaign, settings, _contract(campaign, settings))


def pack_for(pack: RulePack, sheet: Sheet) -> RulePack:
    """The pack of the campaign, under the settings, that ``sheet`` was made in: ``pack`` itself when it is that
    one, else rebuilt from what the character keeps (its campaign file, checked, and its settings).

    ``pack_for(sheet, pack)``, the order of before, still works for one release, with a ``DeprecationWarning``.

    Raises:
        SheetError: the campaign cannot be found as it was (its file missing or changed, or a campaign made in
            memory), saying what to do.
    """
    if isinstance(pack, Sheet) and isinstance(sheet, RulePack):
        msg = "pack_for(sheet, pack) is deprecated: call pack_for(pack, sheet), the order of the pack's contract"
        warnings.warn(msg, DeprecationWarning, stacklevel=2)
        pack, sheet = sheet, pack
    if not isinstance(sheet, Sheet):
        msg = f"expected the Sheet of a character, to find the campaign it was made in, got {type(sheet).__name__}"
        raise InvalidInput(msg)
    return _kept.pack_for(pack, sheet, build)


def make_character(pack: RulePack, **options: str) -> Sheet:
    """A new character, Ignorant in every competence unless given levels (name=..., campaign=FILE, settings=FILE,
    quality_base=N, ..., <competence>=LEVEL).

    The character keeps its campaign and its settings: every later command prices it the same. The options the
    pack declares come typed (a setting as a whole number, or None when not given); a level of a competence only a
    campaign file names comes as text.

    Options:
        name: the character's name.
        campaign: a campaign TOML file to use instead of the pack's (a file of ``[settings]`` only tunes the
            pack's campaign, as ``settings`` does).
        settings: a settings TOML file (``format = 1`` and a ``[settings]`` table) tuning the campaign.
        quality_base, quality_step, level_divisor, die_size: one setting of the campaign, over the files'.
        <competence>: a starting level for that competence, a whole number.
    """
    return _cli.make_character(pack, options, build)


class Party(_party.Party):
    __doc__ = _party.Party.__doc__
    __module__ = "progression_competence.party"  # its public home

    @classmethod
    def campaign_pack(cls, campaign: Campaign, settings: Settings) -> RulePack:
        """The pack of a party's campaign under its settings, built as every competence pack is
        (:func:`~progression_competence.build`)."""
        return build(campaign, settings)


def _contract(campaign: Campaign, settings: Settings) -> Contract:
    """What the pack offers the command line: its commands, declared with their options."""

    def tune(
        pack: RulePack,
        *,
        quality_base: int | None = None,
        quality_step: int | None = None,
        level_divisor: int | None = None,
        die_size: int | None = None,
    ) -> RulePack:
        """This campaign rebuilt with other settings.

        ``progression plot competence quality --tune quality_base=40,50,60`` compares them.

        Args:
            quality_base: the price of a first quality.
            quality_step: what each quality owned adds to the price of the next.
            level_divisor: reaching level n costs ceil(n / level_divisor).
            die_size: the die of a competence test.

        Raises:
            RulePackError: a setting that does not fit, every one listed.
        """
        given = {"quality_base": quality_base, "quality_step": quality_step}
        given |= {"level_divisor": level_divisor, "die_size": die_size}
        return build(campaign, settings.changed(**{k: v for k, v in given.items() if v is not None}))

    levels = tuple(
        Option(name=c.id, type=int, default=0, doc=f"the starting level of {c.label.en}") for c in campaign.competences
    )
    tuning = (
        Option(name="quality_base", type=int | None, default=None, doc="the price of a first quality"),
        Option(
            name="quality_step",
            type=int | None,
            default=None,
            doc="what each quality owned adds to the price of the next",
        ),
        Option(
            name="level_divisor",
            type=int | None,
            default=None,
            doc="reaching level n costs ceil(n / level_divisor)",
        ),
        Option(name="die_size", type=int | None, default=None, doc="the die of a competence test"),
    )
    return Contract(
        actions=[
            Action(name="test", function=_cli.action_test),
            Action(name="settle", function=_cli.action_settle),
            Action(name="raise", function=_cli.action_raise),
        ],
        factories=[
            Factory(
                kind="character",
                function=make_character,
                options=(
                    Option(name="name", type=str, default="", doc="the character's name"),
                    Option(name="campaign", type=str, default="", doc="a campaign TOML file to use instead"),
                    Option(name="settings", type=str, default="", doc="a settings TOML file tuning the campaign"),
                    *tuning,
                    *levels,
                ),
                # A campaign file given as an option brings competences of its own.
                open=True,
            )
        ],
        simulations=[Simulation(name="sessions_to_expert", function=_cli.sessions_to_expert)],
        tables=[
            ComputedTable(name="quality_costs", function=_costs.quality_rows),
            ComputedTable(name="specialization_costs", function=_costs.specialization_rows),
        ],
        tune=Tuner(function=tune),
        pack_for=PackFor(function=pack_for),
        demo=Demo(function=_cli.demo),
        campaign=CampaignDeclaration(
            book=Party,
            awarded="competence",
            doc="A party of characters in one store (progression campaign ...); campaign new --set tunes its campaign.",
            options=(
                Option(name="campaign", type=str, default="", doc="a campaign TOML file, its text stored in the store"),
                Option(name="settings", type=str, default="", doc="a settings TOML file tuning the campaign"),
                *tuning,
            ),
        ),
    )
