"""Ledger entries told in sentences: the pack's words for its own operations, given to the one narrator.

The core's :class:`~progression.authoring.Narrator` tells every entry, for ``progression sheet history`` and
for the pack's story (:meth:`PostMatch.report <progression_bloodbowl.PostMatch.report>`, the demo)
alike; :func:`narration` is the pack's hook (:attr:`RulePack.narration <progression.RulePack.narration>`):
a Blood Bowl adjustment is told by its reason (a sentence of what changed), a hire names the
position, an advancement says what the player gains, and the post-match sequence's bookkeeping
(the ``postmatch`` tag, player numbers given) is not told at all.
"""

from __future__ import annotations

from collections.abc import Iterable

from progression import RulePack, Sheet
from progression.authoring import Narrator
from progression.events import Adjusted, Created, Entry, Event, Finished, Joined, Marked, Purchased, Rolled, Started

from ..data.access import data_of
from .results import CLOSED_TAG, RESULT_TAG, read_result, season_of
from .sequence import PLACE, SEQUENCE_TAG, STANDING_WORDS, standing

__all__ = ["facts", "narration", "tell", "told_since"]

#: Tags that are bookkeeping: where the team stands in the post-match sequence, the player numbers given.
_BOOKKEEPING = frozenset({SEQUENCE_TAG, "numbers.given"})
#: The characteristics an advancement shows (not the counters it moves).
_CHARACTERISTICS = ("ma", "st", "ag", "pa", "av")


def _position(narrator: Narrator, position: str) -> str:
    """A position's name, found under any roster (``position.human.human_lineman`` is "Human Lineman")."""
    suffix = f".{position}"
    for key, label in narrator.pack.names.items():
        if key.startswith("position.") and key.endswith(suffix):
            return label.in_language(narrator.language)
    return narrator.name(position)


def narration(narrator: Narrator, event: Event) -> str | None:
    """The pack's sentence for ``event``, ``""`` for bookkeeping, None to leave it to the core."""
    if isinstance(event, Adjusted):
        effect = event.effect
        if effect.tags and set(effect.tags) <= _BOOKKEEPING and not (effect.stats or effect.grants or effect.untag):
            return ""
        return event.reason or None
    if isinstance(event, Purchased) and event.upgrade == "hire" and event.choice:
        position = _position(narrator, event.choice)
        return f"hired {_article(position)} {position} for {narrator.price(event.price)}"
    if isinstance(event, Purchased) and event.upgrade == "inducements":  # what petty cash leaves to the treasury
        paid = sum(event.price.values())
        if not paid:
            return f"inducements ({event.choice}) paid from petty cash, nothing from the treasury"
        return f"paid {narrator.price(event.price)} from the treasury for inducements ({event.choice})"
    if isinstance(event, Purchased) and event.upgrade == "hire_journeyman" and event.choice:
        return f"{narrator.who(event.choice)} hired for good for {narrator.price(event.price)}"
    if isinstance(event, Joined):
        return f"{narrator.who(event.member)} joins{_as_captain(narrator, event)}"
    if isinstance(event, Marked):
        return event.label
    if isinstance(event, Rolled):
        return _skill_rolled(narrator, event) or _mvp_rolled_again(narrator, event)
    if isinstance(event, Finished):
        effect = event.effect
        got = [narrator.name(item) for item, count in effect.grants.items() if count > 0]
        got += [f"{narrator.name(k)} {v:+d}" for k, v in effect.stats.items() if k in _CHARACTERISTICS and v]
        return f"gains {', '.join(got)}" if got else None
    return None


def _as_captain(narrator: Narrator, joined: Joined) -> str:
    """`` as Team Captain (gains Pro)`` for a player who joined with Pro beyond his position's skills: the
    Team Captain's free skill (the only skill a hire may add)."""
    first = joined.ledger[0] if joined.ledger else None
    created = first.events[0] if isinstance(first, Entry) and first.events else first
    if not isinstance(created, Created) or "pro" not in created.owned:
        return ""
    roster = data_of(narrator.pack).teams.get(created.tags.get("team", ""))
    spec = roster.position(created.tags.get("position", "")) if roster is not None else None
    if spec is None or "pro" in spec.skills:
        return ""
    return f" as Team Captain (gains {narrator.name('pro')})"


def _skill_rolled(narrator: Narrator, roll: Rolled) -> str | None:
    """A random primary skill's roll with the skill it gave; a roll made again says why (the skill rolled
    before it is one the player has: the only roll the procedure makes again). None for any other roll."""
    started = next((e for e in narrator.earlier if isinstance(e, Started) and e.upgrade == "random_primary"), None)
    if started is None or len(roll.results) != 2:
        return None
    data, category = data_of(narrator.pack), started.choice or ""
    skill = data.rolled_skill(category, *roll.results)
    if skill is None:
        return None
    said = f"{narrator.core(roll)} ({skill.label.in_language(narrator.language)})"
    before = next((e for e in reversed(narrator.earlier) if isinstance(e, Rolled)), None)
    again = before is not None and before.label == roll.label and len(before.results) == 2
    owned = data.rolled_skill(category, *before.results) if again and before is not None else None
    if owned is None:
        return said
    return f"{owned.label.in_language(narrator.language)} is already owned: {said.replace('rolled', 'rolled again', 1)}"


def _mvp_rolled_again(narrator: Narrator, roll: Rolled) -> str | None:
    """An MVP's D6 made again says why: the one before it showed a number no nominee holds (a 5 among two).
    None for any other roll."""
    before = next((e for e in reversed(narrator.earlier) if isinstance(e, Rolled)), None)
    if not roll.label.startswith("MVP ") or before is None or before.label != roll.label:
        return None
    return f"{before.results[0]} names no nominee: {narrator.core(roll).replace('rolled', 'rolled again', 1)}"


#: Tags no person needs to read: bookkeeping, and what the other facts already say.
_UNSAID = frozenset({*_BOOKKEEPING, CLOSED_TAG, "team", "position"})
#: A player's states, as the roster sheet says them.
_STATES = {"miss_next": "misses the next match", "dead": "dead", "retired": "temporarily retired",
           "journeyman": "a journeyman", "star": "a Star Player hired for one match"}  # fmt: skip


def facts(narrator: Narrator, sheet: Sheet) -> list[tuple[str, str]]:
    """A team's or a player's tags in the rules' words, for ``progression sheet show``: the roster, league,
    season, last result, where the post-match sequence stands and the inducements held; a player's position,
    advancements and state. Bookkeeping is left out; a tag the pack does not know is shown as it is."""
    data, tags = data_of(narrator.pack), sheet.tags
    said: list[tuple[str, str]] = []
    roster = data.teams.get(tags.get("team", ""))
    if roster is not None:
        said.append(("Roster", roster.label.in_language(narrator.language)))
    position = roster.position(tags.get("position", "")) if roster is not None else None
    if position is not None:
        said.append(("Position", position.label.in_language(narrator.language)))
    known = set(_UNSAID)
    if sheet.kind == "team":
        known |= _team_facts(narrator, sheet, said)
    for key, value in sorted(tags.items()):
        if key.startswith("advancement."):
            kind, _, pick = value.partition(":")
            gained = data.name(pick).in_language(narrator.language) if pick else ""
            said.append(
                (f"Advancement {key.split('.', 1)[1]}", f"{narrator.name(kind)}" + (f": {gained}" if gained else ""))
            )
        elif key in _STATES:
            said.append(("State", _STATES[key]))
        elif key not in known:
            said.append((key, value))
    return said


def _team_facts(narrator: Narrator, team: Sheet, said: list[tuple[str, str]]) -> set[str]:
    """A team's league, season, last result, sequence and inducements, added to ``said``; the tags they tell."""
    data, tags = data_of(narrator.pack), team.tags
    if "league" in tags:
        league = data.leagues.get(tags["league"])
        said.append(("League", league.in_language(narrator.language) if league is not None else tags["league"]))
    if "favoured_of" in tags:
        said.append(("Favoured of", narrator.name(tags["favoured_of"])))
    said.append(("Season", str(season_of(team))))
    if RESULT_TAG in tags:
        last = read_result(tags[RESULT_TAG], season_of(team), f"the {RESULT_TAG} tag of {team.name}")
        conceded = {"us": ", conceded", "them": f", conceded by {last.opponent}"}.get(last.conceded, "")
        kind = "" if last.kind == "league" else f" ({last.kind})"
        said.append(
            (
                "Last result",
                f"match {last.number} against {last.opponent}: {last.outcome} {last.scored}-{last.against}{kind}{conceded}",
            )
        )
    now = standing(team)
    if now is not None:
        where = "ended" if now.place >= PLACE["mistakes"] else f"at {STANDING_WORDS[now.stage]}"
        said.append(("Post-match sequence", f"match {now.number}: {where}"))
    if "drafted" in tags:
        said.append(("Draft", "ended"))
    induced = {k.removeprefix("induced."): v for k, v in tags.items() if k.startswith("induced.")}
    if "match" in induced:
        said.append(("Inducements", f"held for match {induced['match']}: {int(induced.get('total', '0')):,} gp"))
    if "league_trophy" in tags:
        said.append(("Trophy", "holds the league trophy"))
    return {"league", "favoured_of", "season", RESULT_TAG, SEQUENCE_TAG, "drafted", "league_trophy"} | {
        f"induced.{k}" for k in induced
    }


def tell(pack: RulePack, events: Iterable[Event], team: Sheet | None = None, who: str = "") -> list[str]:
    """Each event outlined by the one narrator, its members named from ``team``; ``who: `` before each line."""
    narrator = Narrator(pack) if team is None else Narrator(pack).within(team)
    prefix = f"{who}: " if who else ""
    return [f"{prefix}{line}" for event in events for line in narrator.outline(event)]


def told_since(pack: RulePack, before: Sheet, after: Sheet) -> list[str]:
    """The entries ``after`` added to ``before``, told as ``progression sheet history`` tells them."""
    return Narrator(pack).since(before, after)


def _article(word: str) -> str:
    """``an`` before a position named with a vowel (an Orc Blitzer, an Elf Lineman), else ``a``."""
    return "an" if word[:1].lower() in "aeiou" else "a"
