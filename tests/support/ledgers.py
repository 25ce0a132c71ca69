"""Hypothesis strategies for ledger events of every class, and for damaged ledger data.

The events are drawn field by field with the types the classes declare (texts with any
character, integers past 64 bits, mappings, nested steps and rosters), so that the
generated readers and writers are compared with the cattrs converter on every shape a
ledger can take, not only on the ones the packs happen to write.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from progression import Effect
from progression.authoring import Override
from progression.events import (
    Adjusted,
    Asked,
    Awarded,
    Created,
    Decided,
    Event,
    Finished,
    Joined,
    Left,
    Lost,
    Marked,
    Member,
    Purchased,
    Rolled,
    Started,
    Step,
)

texts = st.text(max_size=6)
integers = st.integers(-(2**70), 2**70)
int_maps = st.dictionaries(texts, integers, max_size=3)
text_maps = st.dictionaries(texts, texts, max_size=2)
text_lists = st.lists(texts, max_size=3)
effects = st.builds(Effect, stats=int_maps, grants=int_maps, tags=text_maps, untag=text_lists)
overrides = st.none() | st.builds(Override, bypassed=text_lists, reason=texts)
arguments = st.dictionaries(texts, texts | integers | st.booleans(), max_size=2)

leaves: st.SearchStrategy[Event] = st.one_of(
    st.builds(
        Created, pack=texts, kind=texts, name=texts, pools=int_maps, stats=int_maps, owned=int_maps, tags=text_maps
    ),
    st.builds(Awarded, pool=texts, amount=integers, reason=texts),
    st.builds(Lost, pool=texts, amount=integers, reason=texts),
    st.builds(Purchased, upgrade=texts, choice=st.none() | texts, price=int_maps, effect=effects, override=overrides),
    st.builds(Started, upgrade=texts, choice=st.none() | texts, price=int_maps, override=overrides, args=arguments),
    st.builds(Rolled, label=texts, sides=integers, results=st.lists(integers, max_size=3)),
    st.builds(Asked, label=texts, options=text_lists),
    st.builds(Decided, label=texts, options=text_lists, choice=texts),
    st.builds(Finished, effect=effects),
    st.builds(Adjusted, effect=effects, reason=texts),
    st.builds(Marked, label=texts),
    st.builds(Left, member=texts, reason=texts),
)


def _nested(inner: st.SearchStrategy[Event]) -> st.SearchStrategy[Event]:
    return st.one_of(
        st.builds(Joined, member=texts, ledger=st.lists(inner, min_size=1, max_size=3)),
        st.builds(Member, member=texts, event=inner),
        st.builds(Step, label=texts, events=st.lists(inner, max_size=3)),
    )


#: Any event, steps and rosters included.
events: st.SearchStrategy[Event] = st.recursive(leaves, _nested, max_leaves=8)
#: A ledger's worth of events (the readers and writers do not ask for a ``Created`` first).
ledgers = st.lists(events, min_size=1, max_size=5).map(tuple)

#: Values that replace a part of a ledger's data: of every JSON type, and some that JSON has not.
odd_values = st.one_of(
    st.none(),
    st.booleans(),
    integers,
    st.floats(allow_nan=False),
    texts,
    st.sampled_from(["awarded", "step", "member", "event", "entry", 1.5, (1, 2)]),
    st.lists(integers | texts, max_size=2),
    st.dictionaries(texts, integers, max_size=2),
)


#: Keys a damaged ledger gains: those of the event format, where an extra one means something else.
ledger_keys = st.sampled_from(["event", "entry", "bonus", "pool", "amount"])


@st.composite
def damaged(
    draw: st.DrawFn,
    data: Any,
    *,
    replacements: st.SearchStrategy[Any] = odd_values,
    new_keys: st.SearchStrategy[str] = ledger_keys,
    one_in: int = 8,
) -> Any:
    """``data`` mostly right, wrong somewhere: every kind of damage a reader of plain data must survive.

    Any value, the whole of ``data`` included, may be replaced by one of ``replacements``;
    a mapping may lose keys and gain one of ``new_keys`` (holding one of ``replacements``);
    a list may lose items. Untouched parts keep their place, so the damage lands deep as well as near the top.

    Args:
        data: plain data (mappings, lists, scalars) as a loader reads it.
        replacements: what a value is replaced by, and what an added key holds.
        new_keys: the keys a mapping may gain.
        one_in: a value is replaced, and a mapping gains a key, with a chance of one in this.
    """

    def damage(node: Any) -> Any:
        if draw(st.integers(1, one_in)) == 1:
            return draw(replacements)
        if isinstance(node, dict):
            out = {}
            for key, value in node.items():
                choice = draw(st.integers(0, 9))
                if choice == 0:  # dropped
                    continue
                out[key] = damage(value) if choice < 5 else value
            if draw(st.integers(1, one_in)) == 1:
                out[draw(new_keys)] = draw(replacements)
            return out
        if isinstance(node, list):
            return [damage(item) for item in node if draw(st.integers(0, 9))]
        return node

    return damage(data)
