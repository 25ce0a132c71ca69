"""The command line's way to inducements and spells: options as text, one ledger entry per action.

``progression sheet do team.json induce match=2 opponent_ctv=1200000 stars=griff_oberwald wizard=sports_wizard``

``progression sheet do team.json fireball square=5,5 players="us:1@5,5;them:Orc@5,6 st3 av10 prone" ball=us:1``

A pitch is written player by player, separated by ``;``: ``us:<member>@x,y`` for a member of
the team on the sheet (his profile is read from it), ``them:<name>@x,y`` for an opponent
with his profile in words (``ma6 st3 ag3 pa4 av9``, defaults MA 6 ST 3 AG 3+ PA - AV 9+,
``+stunty`` for a skill); either may add one state, ``prone`` or ``stunned``. A member's
profile comes from the sheet, so any other word after him is refused rather than ignored. ``ball`` is a player
(``us:1``) or a square (``5,5``).
"""

from __future__ import annotations

from progression import Dice, RulePack, Sheet
from progression.errors import InvalidInput

from ..inducements.order import Order, induce, inducement_budget
from ..inducements.pitch import STATES, Pitch, Profile, Square, Who, square_of
from ..inducements.spells import cast_spell, fireball, profile_of, zap
from ..inducements.stars import star_ids
from ..inducements.wizards import wizard_ids
from .options import listed, need, takes, tallies, whole

__all__ = ["ACTIONS", "parse_pitch"]

_DEFAULT = {"ma": 6, "st": 3, "ag": 3, "av": 9}


def _who(text: str) -> Who:
    side, sep, member = text.strip().partition(":")
    if not sep or side not in ("us", "them") or not member:
        msg = f"a player is written us:<member> or them:<name>, got {text!r}"
        raise InvalidInput(msg)
    return side, member


def _square(text: str) -> Square:
    """A square ``x,y`` in ASCII digits (``square_of`` would take ``²`` for a digit and fail on it)."""
    if not text.isascii():
        msg = f"a square is written x,y (two whole numbers), got {text!r}"
        raise InvalidInput(msg)
    return square_of(text)


def _state(words: list[str], name: str) -> str:
    """The one state among ``words`` (``standing`` when none); two states for one player are refused."""
    states = [word for word in words if word in STATES]
    if len(states) > 1:
        msg = f"{name}: one state of {', '.join(STATES)}, got {', '.join(states)}"
        raise InvalidInput(msg)
    return states[0] if states else "standing"


def _opponent(words: list[str], name: str) -> tuple[Profile, str]:
    numbers = dict(_DEFAULT)
    skills, state, pa = set(), _state(words, name), None
    for word in words:
        if word in STATES:
            pass
        elif word.startswith("+"):
            skills.add(word[1:])
        elif word[:2] in ("ma", "st", "ag", "pa", "av") and word[2:].isascii() and word[2:].isdigit():
            if word[:2] == "pa":
                pa = int(word[2:])
            else:
                numbers[word[:2]] = int(word[2:])
        else:
            msg = f"{name}: {word!r} is not a characteristic (st3), a skill (+stunty) or a state ({', '.join(STATES)})"
            raise InvalidInput(msg)
    return Profile(pa=pa, skills=frozenset(skills), **numbers), state


def parse_pitch(pack: RulePack, team: Sheet, text: str, ball: str = "") -> Pitch:
    """A pitch from its text (see the module's text): the team on the sheet is ``us``."""
    pitch = Pitch.empty(pack)
    for entry in filter(None, (e.strip() for e in text.split(";"))):
        head, *words = entry.split()
        who_text, sep, square_text = head.partition("@")
        if not sep:
            msg = f"a player on the pitch is written side:id@x,y, got {entry!r}"
            raise InvalidInput(msg)
        who = _who(who_text)
        square = _square(square_text)
        if who[0] == "us":
            player = team.member(who[1])
            stray = [word for word in words if word not in STATES]
            if stray:  # his profile is the sheet's: a characteristic or a skill written here would be dropped
                msg = (
                    f"us:{who[1]}: a member's profile is read from the sheet; only a state "
                    f"({', '.join(STATES)}) is written after him, got {' '.join(stray)}"
                )
                raise InvalidInput(msg)
            pitch = pitch.place(who, player.name, profile_of(player), square, state=_state(words, f"us:{who[1]}"))
        else:
            profile, state = _opponent(words, who[1])
            pitch = pitch.place(who, who[1], profile, square, state=state)
    if ball:
        pitch = pitch.with_ball(_square(ball) if "," in ball else _who(ball))
    return pitch


@takes("induce", "match", "items", "stars", "wizard", "mercenaries", "opponent_ctv", "opponent_spent")
def induce_action(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Induce for a match: match, opponent_ctv, opponent_spent, stars, wizard, items (bribe*2,...), mercenaries."""
    order = Order(
        items=tallies(options.get("items"), "items"),
        stars=star_ids(pack, listed(options.get("stars"))),
        wizards=wizard_ids(pack, listed(options.get("wizard"))),
        mercenaries=tuple(listed(options.get("mercenaries"))),
    )
    money = inducement_budget(
        pack,
        sheet,
        whole(need(options, "opponent_ctv", "induce"), "opponent_ctv"),
        opponent_spent=whole(options.get("opponent_spent", "0"), "opponent_spent"),
    )
    return induce(pack, sheet, order, money, match=whole(need(options, "match", "induce"), "match"))


@takes("fireball", "square", "players", "ball")
def fireball_action(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Cast the Sports-Wizard's Fireball: square, players (the pitch), ball."""
    pitch = parse_pitch(pack, sheet, options.get("players", ""), options.get("ball", ""))
    return cast_spell(pack, sheet, fireball(pack, pitch, _square(need(options, "square", "fireball")), dice))


@takes("zap", "target", "players", "ball")
def zap_action(pack: RulePack, sheet: Sheet, dice: Dice, **options: str) -> Sheet:
    """Cast the Sports-Wizard's Zap!: target (us:1 or them:Name), players (the pitch), ball."""
    pitch = parse_pitch(pack, sheet, options.get("players", ""), options.get("ball", ""))
    return cast_spell(pack, sheet, zap(pack, pitch, _who(need(options, "target", "zap")), dice))


#: Actions by the name the command line uses.
ACTIONS = {"induce": induce_action, "fireball": fireball_action, "zap": zap_action}
