"""Wizards hired for one match: at most one per team; both teams may hire the same named wizard.

The BB2025 book has one Wizard, the Sports-Wizard (150,000, any team), who casts
Fireball or Zap! once a match. The named wizards of an older publication (the BB2020
*Death Zone*) are kept as data with their cost and eligible teams and marked so: they are
hireable, but their spells are not modelled and none of them is confirmed for BB2025.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from progression import RulePack, Sheet
from progression.errors import LimitReached, RequirementNotMet

from ..data.access import data_of, known_id, sheet_of
from ..data.inducements import CURRENT_EDITION, Wizard
from .stars import affiliations

__all__ = ["CURRENT_EDITION", "Wizard", "check_wizards", "wizard_eligibility", "wizard_ids", "wizards"]


def wizards(pack: RulePack) -> Mapping[str, Wizard]:
    """Every wizard of the pack's data, by id."""
    return data_of(pack).inducements.wizards


def wizard_eligibility(pack: RulePack, team: Sheet, wizard_id: str) -> tuple[str, ...]:
    """Why ``team`` may not hire ``wizard_id`` (empty when it may).

    Raises:
        InvalidInput: ``team`` is not a team sheet of ``pack``; a wizard id that is not a text.
        UnknownName: a wizard id the pack does not know, with the closest.
    """
    sheet_of(team, "team", "the team hiring a wizard", pack)
    known = wizards(pack)
    wizard = known[known_id(wizard_id, known, "wizard", "sports_wizard")]
    own = affiliations(data_of(pack), team)
    if "any" in wizard.available_to or own & set(wizard.available_to):
        return ()
    if "favoured_of" in wizard.available_to and any(a.startswith("favoured_of_") for a in own):
        return ()
    return (
        f"the {wizard.label.en} works for {', '.join(wizard.available_to)}; {team.name} is {', '.join(sorted(own))}",
    )


def wizard_ids(pack: RulePack, given: Iterable[str]) -> tuple[str, ...]:
    """The Wizards' ids that ``given`` means, each by its id or by its displayed name in any case (``"Sports-Wizard"``
    for ``sports_wizard``), as Star Players are read (:func:`~progression_bloodbowl.inducements.stars.star_ids`); a
    name that is none of them is kept as given, for the check to refuse with the closest."""
    names = {ident: wizard.label.en for ident, wizard in wizards(pack).items()}
    return tuple(pack.resolve(text, names) for text in given)


def check_wizards(pack: RulePack, team: Sheet, wizard_ids: Sequence[str]) -> Wizard | None:
    """Check a team's wizards for a match: at most one, and one the team may hire.

    Raises:
        LimitReached: two or more wizards (one already hired counts).
        RequirementNotMet: a wizard who does not work for the team.
        UnknownName: not a wizard.
    """
    known = wizards(pack)
    for ident in wizard_ids:
        known_id(ident, known, "wizard", "sports_wizard")
    already = [team.tags["induced.wizard"]] if "induced.wizard" in team.tags else []
    limit = data_of(pack).inducements.wizards_per_team
    if len(already) + len(wizard_ids) > limit:
        names = ", ".join(known[w].label.en for w in (*already, *wizard_ids))
        reason = f"a team induces at most {limit} Wizard for a match; {team.name} would have {names}"
        raise LimitReached(upgrade="wizard", reason=reason, head="Hiring the wizard is refused")
    if not wizard_ids:
        return None
    missing = wizard_eligibility(pack, team, wizard_ids[0])
    if missing:
        raise RequirementNotMet(upgrade="wizard", missing=missing, head="Hiring the wizard is refused")
    return known[wizard_ids[0]]
