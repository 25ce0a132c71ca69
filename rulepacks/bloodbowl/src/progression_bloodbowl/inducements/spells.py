"""The Sports-Wizard's spells, Fireball and Zap!, the Frog, and casting recorded on the team's ledger.

Both spells are cast once a match in total, at the end of any Turn before the next
begins (``tables.toml [spells]``); the pack cannot see turns, so the caller decides when.

**Fireball** on any square: a D6 for every player on it or next to it, Standing, Prone
or Stunned, of either team; 4+ hits. A Standing player hit is Knocked Down; every player
hit makes an Armour roll at +1 (armour only, always applied). Broken armour leads to the
Injury roll (Stunty and Thick Skull tables), a casualty to the Casualty roll. A ball
carrier Knocked Down drops the ball, which bounces once every hit player is resolved.

**Zap!** on any player on the pitch: a D6; a natural 1, or below his ST, does nothing;
his ST or more, or a natural 6, turns him into a Frog. A Frog holding the ball drops
it, and it bounces from his square. A Frog's casualty is Badly Hurt, with no Casualty
roll; no Apothecary may treat a Frog; at the end of the drive he is himself again,
unharmed, in the Reserves box.

Every function returns an :class:`~progression_bloodbowl.inducements.pitch.Outcome`: each die and each consequence in
order. :func:`cast_spell` records it on the casting team's ledger as one entry; scripted dice
(``ScriptedDice(outcome.dice)``) give the same outcome again.
"""

from __future__ import annotations

from collections.abc import Mapping

from progression import Dice, Effect, RulePack, Sheet, Work, operation
from progression.errors import InvalidInput, LimitReached, RequirementNotMet
from progression.events import Event, Marked, Rolled, Step

from ..data.access import data_of
from ..data.model import Data
from ..data.words import possessive
from ..players.injuries import lasting_row
from ..players.player import base_of
from .pitch import Log, Outcome, Pitch, Profile, Square, Who
from .wizards import wizards

__all__ = [
    "apothecary",
    "cast_spell",
    "end_of_drive",
    "fireball",
    "frog_profile",
    "profile_of",
    "rolls_in",
    "set_up",
    "zap",
]


def frog_profile(pack: RulePack) -> Profile:
    """The Frog: MA 5, ST 1, AG 2+, PA -, AV 5+, and its skills (``inducements.toml [frog]``)."""
    frog = data_of(pack).inducements.frog
    return Profile(ma=frog.ma, st=frog.st, ag=frog.ag, pa=frog.pa, av=frog.av, skills=frozenset(frog.skills))


def profile_of(player: Sheet) -> Profile:
    """A player sheet's profile on the pitch (PA 0 on a sheet is PA "-")."""
    stats = player.stats
    skills = frozenset(base_of(s) for s in player.owned)
    return Profile(
        ma=stats["ma"], st=stats["st"], ag=stats["ag"], pa=stats["pa"] or None, av=stats["av"], skills=skills
    )


def set_up(pitch: Pitch, side: str, team: Sheet, placements: Mapping[str, Square], **states: str) -> Pitch:
    """Place members of ``team`` for ``side``: member id -> square; ``states`` gives prone or stunned ones."""
    for member, square in placements.items():
        player = team.member(member)
        pitch = pitch.place(
            (side, member),
            player.name,
            profile_of(player),
            square,
            state=states.get(member, "standing"),
            niggling=player.stats.get("niggling", 0),
        )
    return pitch


# -- armour, injury, casualty ------------------------------------------------------------


def _injury_table(data: Data, profile: Profile) -> tuple[str, tuple[tuple[int, int, str], ...]]:
    stunty, thick = "stunty" in profile.skills, "thick_skull" in profile.skills
    key = "stunty_thick_skull" if stunty and thick else "stunty" if stunty else "thick_skull" if thick else "standard"
    return key.replace("_", " "), data.pitch.injury[key]


def _row(rows: tuple[tuple[int, int, str], ...], total: int) -> str:
    """The result of ``total`` on an Injury table; a total past either end reads as that end's row."""
    if total < rows[0][0]:
        return rows[0][2]
    return next((result for low, high, result in rows if low <= total <= high), rows[-1][2])


def _to_box(log: Log, who: Who, box: str, injury: str | None = None) -> None:
    log.pitch = log.pitch.changed(who, box=box, injury=injury)


def _casualty(log: Log, data: Data, who: Who) -> None:
    piece = log.pitch.players[who]
    name = log.pitch.name(who)
    if piece.frog:
        log.say(f"{name} is a Frog: no Casualty roll, Badly Hurt (to the casualty box)")
        _to_box(log, who, "casualty", "badly_hurt")
        return
    decay = "decay" in piece.profile.skills
    (roll,) = log.roll(16, 1, f"Casualty roll for {name}")
    total = roll + piece.niggling + (1 if decay else 0)
    rows = data.rules.casualty
    result = next((r[2] for r in rows if r[0] <= total <= r[1]), rows[-1][2])
    shown = data.results[result].en
    extra = f" (+{total - roll} Niggling/Decay)" if total != roll else ""
    if result == "lasting_injury":
        (d6,) = log.roll(6, 1, f"Lasting Injury for {name}")
        name_id, characteristic = lasting_row(data, d6)
        shown = f"{shown}: {data.results[name_id].en} ({characteristic.upper()})"
        result = f"lasting_injury:{characteristic}"
    log.say(f"{name}: {total}{extra} on the Casualty table, {shown} (to the casualty box)")
    log.injuries[who] = result
    _to_box(log, who, "casualty", result)


def _injury(log: Log, data: Data, who: Who) -> None:
    piece = log.pitch.players[who]
    name = log.pitch.name(who)
    table, rows = _injury_table(data, piece.profile)
    dice = log.roll(6, 2, f"Injury roll for {name} ({table} table)")
    result = _row(rows, sum(dice))
    if result == "stunned":
        log.pitch = log.pitch.changed(who, state="stunned")
        log.say(f"{name} is Stunned")
    elif result == "ko":
        log.say(f"{name} is Knocked-out (to the KO box)")
        _to_box(log, who, "ko")
    elif result == "badly_hurt":
        log.say(f"{name} is Badly Hurt (to the casualty box, no Casualty roll)")
        if not piece.frog:
            log.injuries[who] = "badly_hurt"
        _to_box(log, who, "casualty", "badly_hurt")
    else:
        _casualty(log, data, who)


def _armour(log: Log, data: Data, who: Who, modifier: int) -> None:
    piece = log.pitch.players[who]
    name = log.pitch.name(who)
    av = piece.profile.av
    dice = log.roll(6, 2, f"Armour roll for {name} (AV {av}+, {modifier:+d} {data.pitch.spells['fireball'].en})")
    total = sum(dice) + modifier
    if total >= av:
        log.say(f"{name}: {total} breaks armour {av}+")
        _injury(log, data, who)
    else:
        log.say(f"{name}: {total} does not break armour {av}+")


# -- the spells ----------------------------------------------------------------------------


def fireball(pack: RulePack, pitch: Pitch, square: Square, dice: Dice) -> Outcome:
    """Cast Fireball on ``square`` (see the module's text); nothing else is chosen."""
    data = data_of(pack)
    spell, called = data.pitch.fireball, data.pitch.spells["fireball"].en
    pitch.check(square)
    log = Log(pitch, dice)
    area = pitch.area(square)
    targets = [w for s in area if (w := pitch.at(s)) is not None]
    log.say(f"{called} on {square}: {len(area)} squares, {len(targets)} player(s)")
    hit: list[Who] = []
    for who in targets:
        (roll,) = log.roll(6, 1, f"{called} on {pitch.name(who)} ({spell.hit_on}+ hits)")
        if roll >= spell.hit_on:
            hit.append(who)
            log.say(f"{pitch.name(who)} is hit")
        else:
            log.say(f"{pitch.name(who)} is unaffected")
    dropped: Square | None = None
    for who in hit:
        piece = log.pitch.players[who]
        if piece.state == "standing":
            log.pitch = log.pitch.changed(who, state="prone")
            log.say(f"{pitch.name(who)} is Knocked Down")
            if log.pitch.carrier == who:
                dropped = piece.square
                log.pitch = log.pitch.with_ball(piece.square) if piece.square else log.pitch
                log.say(f"{pitch.name(who)} drops the ball")
        _armour(log, data, who, spell.armour_modifier)
    if dropped is not None:
        log.bounce(dropped)
    return log.outcome(f"{called} on {square}", "fireball")


def zap(pack: RulePack, pitch: Pitch, who: Who, dice: Dice) -> Outcome:
    """Cast Zap! on the player ``who`` (see the module's text)."""
    called = data_of(pack).pitch.spells["zap"].en
    piece = pitch.piece(who)
    if piece.box != "pitch" or piece.square is None:
        msg = f"{called} targets a player on the pitch; {pitch.name(who)} is in the {piece.box} box"
        raise InvalidInput(msg)
    log = Log(pitch, dice)
    name = pitch.name(who)
    st = piece.profile.st
    (roll,) = log.roll(6, 1, f"{called} on {name} (ST {st})")
    if roll == 1:
        log.say(f"a natural 1: nothing happens to {name}")
    elif roll == 6 or roll >= st:
        why = f"{roll} >= ST {st}" if roll >= st else "a natural 6"
        if piece.frog:
            log.say(f"{why}: {name} is a Frog already")
        else:
            frog = frog_profile(pack)
            log.pitch = log.pitch.changed(who, profile=frog, normal=piece.profile)
            log.say(f"{why}: {name} becomes a Frog (MA {frog.ma}, ST {frog.st}, AG {frog.ag}+, PA -, AV {frog.av}+)")
            if log.pitch.carrier == who:
                log.pitch = log.pitch.with_ball(piece.square)
                log.say(f"{name} drops the ball")
                log.bounce(piece.square)
    else:
        log.say(f"{roll} < ST {st}: nothing happens to {name}")
    return log.outcome(f"{called} on {name}", "zap")


def end_of_drive(pitch: Pitch) -> Outcome:
    """The end of a drive: every Frog, on the pitch or in a box, is himself again, unharmed, in the Reserves box."""
    log = Log(pitch, _NO_DICE)
    for who, piece in sorted(pitch.players.items()):
        if piece.frog:
            log.pitch = log.pitch.changed(
                who, profile=piece.normal, normal=None, box="reserves", state="standing", injury=None
            )
            if log.pitch.carrier == who:
                log.pitch = log.pitch.with_ball(piece.square) if piece.square else log.pitch
            log.say(f"{pitch.name(who)} is himself again, unharmed, in the Reserves box")
    return log.outcome("end of the drive")


def apothecary(pack: RulePack, pitch: Pitch, who: Who, dice: Dice, *, keep: str = "better") -> Outcome:
    """The Apothecary treats ``who``: a Knocked-out player is Stunned where he was; a casualty is
    rolled again (a second D16) and ``keep`` (``first``, ``second`` or ``better``) is kept; Badly
    Hurt kept sends him to the Reserves box.

    Raises:
        RequirementNotMet: ``who`` is a Frog, or is neither Knocked-out nor a casualty.
    """
    data = data_of(pack)
    piece = pitch.piece(who)
    name = pitch.name(who)
    if piece.frog:
        raise RequirementNotMet(upgrade="apothecary", missing=[f"no Apothecary may treat a Frog ({name})"])
    log = Log(pitch, dice)
    if piece.box == "ko":
        log.pitch = log.pitch.changed(who, box="pitch", state="stunned")
        log.say(f"the Apothecary treats {name}: Stunned on {piece.square} instead of Knocked-out")
        return log.outcome(f"Apothecary for {name}")
    if piece.box != "casualty" or piece.injury is None:
        raise RequirementNotMet(upgrade="apothecary", missing=[f"{name} is neither Knocked-out nor a casualty"])
    if keep not in ("first", "second", "better"):
        msg = f"keep is 'first', 'second' or 'better', got {keep!r}"
        raise InvalidInput(msg)
    first = piece.injury
    second_log = Log(pitch, dice)
    _casualty(second_log, data, who)
    log.events.extend(second_log.events)
    second = second_log.injuries.get(who, "badly_hurt")
    order = [r[2] for r in data.rules.casualty]
    rank = {result: n for n, result in enumerate(order)}
    chosen = {"first": first, "second": second}.get(keep) or min(first, second, key=lambda r: rank[r.partition(":")[0]])
    if chosen == "badly_hurt":
        log.pitch = log.pitch.changed(who, box="reserves", injury=None)
        log.say(f"{name} keeps Badly Hurt: back in the Reserves box")
    else:
        log.pitch = log.pitch.changed(who, box="casualty", injury=chosen)
        log.injuries[who] = chosen
        log.say(f"{name} keeps {chosen.replace('_', ' ')}")
    return log.outcome(f"Apothecary for {name}")


class _NoDice:
    def roll(self, sides: int, count: int = 1, label: str = "") -> tuple[int, ...]:
        msg = f"no die is rolled here, yet {count}D{sides} was asked for {label}"
        raise InvalidInput(msg)


_NO_DICE = _NoDice()


# -- the ledger ----------------------------------------------------------------------------


def cast_spell(pack: RulePack, team: Sheet, outcome: Outcome) -> Sheet:
    """Record a spell the team's Wizard cast, as one ledger entry: every die, every consequence.

    Raises:
        RequirementNotMet: the team holds no Wizard, or one whose spells are not this one.
        LimitReached: the Wizard has cast his spell this match already.
    """
    if not isinstance(outcome, Outcome):
        msg = f"expected the Outcome of a spell (fireball, zap) cast by team {team.name or team.kind!r}, got {type(outcome).__name__}"
        raise InvalidInput(msg)
    return _cast(pack, team, what=outcome.what, spell=outcome.spell, events=outcome.events)


@operation("bloodbowl.cast", kind="team", label=lambda op: f"spell: {op.what}")
def _cast(work: Work, *, what: str, spell: str, events: tuple[Event, ...]) -> None:
    """Record a spell the team's Wizard cast: its dice and consequences as the pitch gave them (the pitch is
    not on the sheet, so the spell's own rolls are recorded as its events, and what is checked again is
    that the team's Wizard may cast it, once). A spell's events are its dice and what they did on the pitch
    (``Rolled`` and ``Marked``): anything else, which would change the sheet, is refused."""
    changing = sorted({type(e).__name__ for e in events if not isinstance(e, Rolled | Marked)})
    if changing:
        msg = f"a spell records its dice and what they did on the pitch (Rolled, Marked), got {', '.join(changing)}"
        raise InvalidInput(msg)
    team = work.sheet
    held = team.tags.get("induced.wizard")
    if held is None:
        raise RequirementNotMet(upgrade=spell or "spell", missing=[f"{team.name} hired no Wizard for this match"])
    wizard = wizards(work.pack)[held]
    if spell not in wizard.spells:
        known = ", ".join(wizard.spells) or "none the pack models"
        missing = [f"the {wizard.label.en} casts {known}, not {spell or what!r}"]
        raise RequirementNotMet(upgrade=spell or "spell", missing=missing, head="The spell cannot be cast")
    if "induced.spell" in team.tags:
        reason = f"the {wizard.label.en} casts one spell a match; {possessive(team.name)} cast {team.tags['induced.spell']} already"
        raise LimitReached(upgrade=spell, reason=reason, head="The spell cannot be cast")
    number = team.tags.get("induced.match", "?")
    for event in events:
        if isinstance(event, Rolled):
            work.show_roll(event.label, event.sides, event.results)
        elif isinstance(event, Marked):
            work.mark(event.label)
    work.adjust(Effect(tags={"induced.spell": what}), f"match {number}: {what}")


def rolls_in(entry: object) -> tuple[int, ...]:
    """Every die a ledger entry recorded, in order: ``ScriptedDice(rolls_in(entry))`` rolls them again."""
    if isinstance(entry, Rolled):
        return entry.results
    if isinstance(entry, Step):
        return tuple(r for e in entry.events for r in rolls_in(e))
    return ()
