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
from progression.events import Adjusted, Event, Finished, Joined, Marked, Purchased

from .sequence import SEQUENCE_TAG

__all__ = ["narration", "tell", "told_since"]

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
        return f"hired a {_position(narrator, event.choice)} for {narrator.price(event.price)}"
    if isinstance(event, Purchased) and event.upgrade == "hire_journeyman" and event.choice:
        return f"{narrator.who(event.choice)} hired for good for {narrator.price(event.price)}"
    if isinstance(event, Joined):
        return f"{narrator.who(event.member)} joins"
    if isinstance(event, Marked):
        return event.label
    if isinstance(event, Finished):
        effect = event.effect
        got = [narrator.name(item) for item, count in effect.grants.items() if count > 0]
        got += [f"{narrator.name(k)} {v:+d}" for k, v in effect.stats.items() if k in _CHARACTERISTICS and v]
        return f"gains {', '.join(got)}" if got else None
    return None


def tell(pack: RulePack, events: Iterable[Event], team: Sheet | None = None, who: str = "") -> list[str]:
    """Each event outlined by the one narrator, its members named from ``team``; ``who: `` before each line."""
    narrator = Narrator(pack) if team is None else Narrator(pack).within(team)
    prefix = f"{who}: " if who else ""
    return [f"{prefix}{line}" for event in events for line in narrator.outline(event)]


def told_since(pack: RulePack, before: Sheet, after: Sheet) -> list[str]:
    """The entries ``after`` added to ``before``, told as ``progression sheet history`` tells them."""
    return Narrator(pack).since(before, after)
