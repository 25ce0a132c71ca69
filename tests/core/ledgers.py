"""Hypothesis strategies for ledger events of every class, and for damaged ledger data.

The events are drawn field by field with the types the classes declare (texts with any
character, integers past 64 bits, mappings, nested steps and rosters), so that the
generated readers and writers are compared with the cattrs converter on every shape a
ledger can take, not only on the ones the packs happen to write.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from progression import (
    Adjusted,
    Asked,
    Awarded,
    Created,
    Decided,
    Effect,
    Event,
    Finished,
    Joined,
    Left,
    Lost,
    Marked,
    Member,
    Override,
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


@st.composite
def damaged(draw: st.DrawFn, data: Any) -> Any:
    """``data`` with some values replaced, some keys dropped and some keys added."""
    if draw(st.integers(0, 7)) == 0:
        return draw(odd_values)
    if isinstance(data, dict):
        out = {}
        for key, value in data.items():
            choice = draw(st.integers(0, 9))
            if choice == 0:
                continue
            out[key] = draw(damaged(value)) if choice < 5 else value
        if draw(st.integers(0, 7)) == 0:
            out[draw(st.sampled_from(["event", "entry", "bonus", "pool", "amount"]))] = draw(odd_values)
        return out
    if isinstance(data, list):
        return [draw(damaged(item)) for item in data]
    return data
