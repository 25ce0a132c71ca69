"""The pack's things as a person types them: a roster, a position, a member of staff, an injury, each by its id or
by its displayed name in any of the pack's languages, in any case (``Trois-quarts humain`` for ``human_lineman``,
``Team Re-roll``, ``Commotion`` for ``badly_hurt``), as a skill or a category is read
(:meth:`progression.RulePack.resolve`). A word that names none is refused with the closest, by id or by name
(:meth:`progression.RulePack.closest`).

Every command of the pack that reads one of them from a word reads it here, so each is read the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from progression import RulePack
from progression.authoring import Label
from progression.errors import InvalidInput, UnknownName

from ..data.access import data_of
from ..data.model import CHARACTERISTICS
from ..data.roll_tables import INJURIES
from ..players.injuries import check_injury
from ..team.roster import STAFF

__all__ = ["injury_named", "named", "position_named", "roster_named", "staff_named"]


def named(
    pack: RulePack,
    given: str,
    among: Mapping[str, Sequence[str]],
    what: str,
    where: str,
    *,
    last_words: bool = False,
) -> str:
    """The id of ``among`` that ``given`` names: the id itself, or the one whose id or displayed name (``among``
    maps each id to its names) it is in another case or with spaces; with ``last_words``, the one whose name ends
    with the words given (``lineman`` for ``Human Lineman``).

    Raises:
        UnknownName: ``given`` names none of them (``what`` it is, defined ``where``), with the closest.
        InvalidInput: with ``last_words``, the words end the names of several (``Lineman`` on an Orc team).
    """
    found = pack.resolve(given, among, last_words=last_words)
    if found in among:
        return found
    if last_words:
        fits = [i for i in among if pack.resolve(given, {i: among[i]}, last_words=True) == i]
        if len(fits) > 1:
            shown = " or ".join(f"{among[i][0]} ({i})" for i in fits)
            msg = f"{what} {given!r} fits several {what}s of {where}: {shown}; name one"
            raise InvalidInput(msg)
    raise UnknownName(what, given, among, where, closest=pack.closest(given, among))


def _names(pack: RulePack, labels: Mapping[str, Label]) -> dict[str, tuple[str, ...]]:
    """Each id with its names in the pack's languages, the first language's first."""
    return {i: tuple(label.in_language(code) for code in pack.languages) for i, label in labels.items()}


def _pack_names(pack: RulePack, ids: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """Each id with the names the pack gives it in its languages."""
    return {i: tuple(pack.name_of(i, code) for code in pack.languages) for i in ids}


def roster_named(pack: RulePack, given: str) -> str:
    """The roster ``given`` names (``Human``, ``Orques Noirs`` for ``black_orc``)."""
    rosters = {t.id: t.label for t in sorted(data_of(pack).teams.values(), key=lambda t: t.id)}
    return named(pack, given, _names(pack, rosters), "team roster", "the bloodbowl pack")


def position_named(pack: RulePack, roster: str, given: str) -> str:
    """The position of ``roster`` that ``given`` names: its id, its name (``Trois-quarts humain``), or the last
    words of the one name ending with them (``Lineman``); ``given`` itself for a roster the pack does not know,
    which what takes the position then refuses."""
    team = data_of(pack).teams.get(roster)
    if team is None:
        return given
    positions = _names(pack, {p.id: p.label for p in team.positions})
    return named(pack, given, positions, "position", f"the {team.label.en} roster", last_words=True)


def staff_named(pack: RulePack, given: str) -> str:
    """The staff ``given`` names (``Team Re-roll``, ``Apothicaire`` for ``apothecary``)."""
    return named(pack, given, _pack_names(pack, tuple(STAFF)), "staff", "the bloodbowl pack")


def injury_named(pack: RulePack, given: str, what: str) -> str:
    """The casualty result ``given`` names (``Badly Hurt``, ``Commotion``; ``Lasting Injury:AV`` for
    ``lasting_injury:av``), or a refusal saying it is ``what`` (``the injury of player #4``), with the closest.
    """
    injuries = _pack_names(pack, INJURIES)
    base, sep, characteristic = given.partition(":")
    found = pack.resolve(base.strip(), injuries)
    if sep:
        found += ":" + pack.resolve(characteristic.strip(), {c: (c,) for c in CHARACTERISTICS})
    try:
        return check_injury(found, what)
    except InvalidInput:  # refused as it was typed, with the closest by name too
        return check_injury(given, what, names=injuries)
