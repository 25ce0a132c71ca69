"""The parts of a rule pack: an effect that merges with another as both applied in turn, and the ``{choice}``
placeholder that names what the buyer chose."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from progression import Effect, RulePack
from progression.rules.parts import CHOICE, chosen

from ..support.builders import market

TAGS = st.sampled_from(["a", "b", "c"])
EFFECTS = st.builds(
    Effect,
    stats=st.dictionaries(st.sampled_from(["shine", "xp_cap"]), st.integers(-3, 3)),
    tags=st.dictionaries(TAGS, st.sampled_from(["x", "y"])),
    untag=st.lists(TAGS, max_size=2),
).filter(bool)


class TestMerged:
    @given(EFFECTS, EFFECTS)
    def test_merged_is_one_then_the_other(self, first: Effect, second: Effect) -> None:
        """Applying the merged effect changes a sheet as applying the two effects in turn does."""
        pack: RulePack = market()
        sheet = pack.new_sheet("adventurer", "Ana", tags={"a": "old", "c": "old"})
        both = pack.adjust(pack.adjust(sheet, first, reason="one"), second, reason="two")
        at_once = pack.adjust(sheet, first.merged(second), reason="both")
        assert (at_once.stats, at_once.tags) == (both.stats, both.tags)

    def test_a_tag_set_after_it_was_removed_stays(self) -> None:
        merged = Effect(untag=("status",)).merged(Effect(tags={"status": "veteran"}))
        assert (dict(merged.tags), merged.untag) == ({"status": "veteran"}, ())


class TestChoice:
    def test_the_placeholder_is_replaced_by_the_choice(self) -> None:
        assert chosen(f"advances.{CHOICE}", "dodge") == "advances.dodge"

    def test_a_name_without_it_is_itself(self) -> None:
        assert chosen("level", None) == chosen("level", "dodge") == "level"

    def test_no_choice_given_names_nothing(self) -> None:
        """A name that needs the buyer's choice names nothing while none is given (a quote before the choice)."""
        assert chosen(f"advances.{CHOICE}", None) is None
