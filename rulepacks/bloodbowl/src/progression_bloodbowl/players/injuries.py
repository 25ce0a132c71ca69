"""Injuries as far as the roster needs them: miss next game, niggling, lasting (a characteristic reduced), dead.

The result of a casualty is read at the table (or rolled with :func:`roll_casualty`) and
recorded on the player: tags ``miss_next`` and ``dead``, stats ``niggling`` and
``lasting_injuries``, and the reduced characteristic itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from progression import Effect, RulePack, Work
from progression.errors import InvalidInput
from progression.spelling import closest, the_closest

from ..data.model import CHARACTERISTICS, Data
from ..data.roll_tables import INJURIES
from ..data.words import pack_names
from .player import YES

__all__ = ["INJURIES", "check_injury", "injury_effect", "injury_named", "lasting_row", "roll_casualty"]


def check_injury(result: object, what: str = "an injury", *, names: Mapping[str, Iterable[str]] | None = None) -> str:
    """``result`` if it is a casualty result a match record may give, else :class:`InvalidInput` naming the results
    closest to it (``bady_hurt``: badly_hurt; ``lasting_injury:avv``: lasting_injury:av).

    Args:
        result: The result as it came.
        what: Which result it is, for the message (``the injury of player #4 in match 1``).
        names: Each result's displayed names, read for the closest too (``Comotion`` is badly_hurt, *Commotion*).
    """
    base, sep, characteristic = str(result).partition(":")
    if (
        isinstance(result, str)
        and base in INJURIES
        and (not sep or (base == "lasting_injury" and characteristic in CHARACTERISTICS))
    ):
        return result
    raise InvalidInput(_refused(result, what, names))


def injury_named(pack: RulePack, given: str, what: str) -> str:
    """The casualty result ``given`` names (``Badly Hurt``, ``Commotion``; ``Lasting Injury:AV`` for
    ``lasting_injury:av``), or a refusal saying it is ``what`` (``the injury of player #4``), with the closest;
    anything but a text as it came, for :func:`check_injury` to refuse.

    Raises:
        InvalidInput: a text that names no casualty result.
    """
    if type(given) is not str:
        return given
    base, sep, characteristic = given.partition(":")
    if base in INJURIES and (not sep or (base == "lasting_injury" and characteristic in CHARACTERISTICS)):
        return given
    injuries = pack_names(pack, INJURIES)
    found = pack.resolve(base.strip(), injuries)
    if sep:
        found += ":" + pack.resolve(characteristic.strip(), {c: (c,) for c in CHARACTERISTICS})
    try:
        return check_injury(found, what)
    except InvalidInput:  # refused as it was typed, with the closest by name too
        return check_injury(given, what, names=injuries)


def _refused(result: object, what: str, names: Mapping[str, Iterable[str]] | None = None) -> str:
    """The sentence refusing ``result`` as ``what``: the results there are, what came, the closest of them."""
    known = f"{', '.join(INJURIES)} or lasting_injury:<{'|'.join(CHARACTERISTICS)}>"
    return f"{what} is one of {known}, got {result!r}{the_closest(_closest(str(result), names))}"


def _closest(result: str, names: Mapping[str, Iterable[str]] | None = None) -> tuple[str, ...]:
    """The results closest to ``result``, read in two parts: a Lasting Injury's characteristic is matched among
    the characteristics (``lasting_injury:avv`` is lasting_injury:av, not every lasting_injury:<x> alike)."""
    base, sep, characteristic = result.partition(":")
    bases = closest(base, INJURIES, names=names)
    if sep and bases[:1] == ("lasting_injury",):
        lasting = tuple(f"lasting_injury:{c}" for c in closest(characteristic, CHARACTERISTICS))
        return lasting or bases
    return bases


def lasting_row(data: Data, roll: int) -> tuple[str, str]:
    """The Lasting Injury (name, characteristic) a D6 gives."""
    for low, high, result, characteristic in data.rules.lasting:
        if low <= roll <= high:
            return result, characteristic
    msg = f"a Lasting Injury D6 shows 1..6, got {roll}"
    raise InvalidInput(msg)


def roll_casualty(work: Work, data: Data, *, niggling: int = 0, decay: bool = False) -> str:
    """Roll a D16 on the Casualty table (+1 per Niggling Injury, +1 for Decay), and the D6 of a Lasting Injury,
    each roll shown in the work's history.

    Returns:
        The result (``lasting_injury:<characteristic>`` for a lasting one).
    """
    (roll,) = work.roll(16, label="casualty")
    total = roll + niggling + (1 if decay else 0)
    rows = data.rules.casualty
    result = next((row[2] for row in rows if row[0] <= total <= row[1]), rows[-1][2])
    if result == "lasting_injury":
        (d6,) = work.roll(6, label="lasting injury")
        result = f"lasting_injury:{lasting_row(data, d6)[1]}"
    return result


def _reduced(data: Data, characteristic: str, value: int) -> int | None:
    """The characteristic one step worse, or None when it is at its worst (or PA "-")."""
    _, worst = data.rules.limits[characteristic]
    if characteristic == "pa" and value == 0:
        return None
    after = value + 1 if characteristic in ("ag", "pa") else value - 1
    beyond = after > worst if characteristic in ("ag", "pa") else after < worst
    return None if beyond else after


def injury_effect(data: Data, stats: dict[str, int] | None, result: str) -> tuple[Effect, str]:
    """What a casualty result does to a player, and the sentence saying so.

    Args:
        stats: The player's stats (for a lasting injury's limits).
        result: One of :data:`INJURIES`, or ``lasting_injury:<characteristic>``.
    """
    base, _, characteristic = result.partition(":")
    miss = {"miss_next": YES}
    if base == "badly_hurt":
        return Effect(), "Badly Hurt: out for the rest of the match only"
    if base == "seriously_hurt":
        return Effect(tags=miss), "Seriously Hurt: misses the next match"
    if base == "serious_injury":
        return Effect(stats={"niggling": 1}, tags=miss), "Serious Injury: a Niggling Injury, and misses the next match"
    if base == "dead":
        return Effect(tags={"dead": YES}), "Dead: leaves the roster after the match"
    if base == "lasting_injury" and characteristic in CHARACTERISTICS:
        value = (stats or {}).get(characteristic, 0)
        after = _reduced(data, characteristic, value)
        if after is None:
            return Effect(
                tags=miss
            ), f"Lasting Injury to {characteristic.upper()}, already at its worst: only misses the next match"
        effect = Effect(stats={characteristic: after - value, "lasting_injuries": 1}, tags=miss)
        return effect, f"Lasting Injury: {characteristic.upper()} one worse, and misses the next match"
    raise InvalidInput(_refused(result, "an injury"))
