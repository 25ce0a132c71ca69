"""The parts of a rule pack: an effect that merges with another as both applied in turn, and the ``{choice}``
placeholder that names what the buyer chose."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from progression import Effect, RulePack
from progression.errors import InvalidInput
from progression.rules.parts import CHOICE, chosen, texts

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


class TestEffectValues:
    """An effect's values are checked when it is made: a wrong one is refused where it is written, not when a
    sheet adds it up (``int + str``) or a file is read."""

    @pytest.mark.parametrize(
        ("kwargs", "message"),
        [
            (
                {"stats": {"level": "x"}},
                r"^expected a mapping of ids to whole numbers .* as the stats of an Effect, got 'level' = 'x' \(str\)$",
            ),
            ({"stats": {"level": 1.5}}, r"got 'level' = 1.5 \(float\)"),
            (
                {"grants": {"block": True}},
                r"^expected a mapping of ids to whole numbers .* as the grants of an Effect, got 'block' = True \(bool\)$",
            ),
            ({"stats": {5: 1}}, r"^expected ids \(texts\) as the keys of the stats of an Effect, got 5 \(int\)$"),
            (
                {"tags": {"status": 1}},
                r"^expected a mapping of ids to texts .* as the tags of an Effect, got 'status' = 1 \(int\)$",
            ),
            (
                {"stats": [("level", 1)]},
                r"^expected a mapping of ids to whole numbers .* as the stats of an Effect, got \[\('level', 1\)\] \(list\)$",
            ),
            (
                {"untag": "status"},
                r"^expected a list of tag names, such as \('miss_next',\), as the untag of an Effect, got 'status'$",
            ),
            ({"untag": [None]}, r"^expected tag names \(texts\) in the untag of an Effect, got None \(NoneType\)$"),
        ],
    )
    def test_refused(self, kwargs: dict[str, object], message: str) -> None:
        with pytest.raises(InvalidInput, match=message):
            Effect(**kwargs)  # type: ignore[arg-type]

    def test_taken(self) -> None:
        """Whole numbers either way, texts for tags, any iterable of tag names for untag."""
        effect = Effect(stats={"level": -2}, grants={"block": 1}, tags={"status": "veteran"}, untag=["miss_next"])
        assert ({"level": -2}, ("miss_next",)) == (dict(effect.stats), effect.untag)


class TestTexts:
    """``texts``, the one reading of "texts in any iterable" that an effect's ``untag`` and a league
    verification's sentences share: a tuple back, a lone text or a stray item refused in its caller's words."""

    @staticmethod
    def _read(value: object) -> tuple[str, ...]:
        return texts(value, lambda whole: f"whole {whole!r}", lambda item: f"item {item!r}")

    def test_any_iterable_of_texts_is_a_tuple(self) -> None:
        """A tuple comes back as itself, a list or a generator as a tuple of its texts."""
        given = ("a", "b")
        assert (True, ("a", "b"), ("x",)) == (self._read(given) is given, self._read(["a", "b"]), self._read(iter("x")))

    @pytest.mark.parametrize(("value", "message"), [("ab", "whole 'ab'"), (3, "whole 3"), (["a", 1], "item 1")])
    def test_refused_in_the_caller_s_words(self, value: object, message: str) -> None:
        """A lone text (read as its letters), no iterable, an item that is no text: each in the words given."""
        with pytest.raises(InvalidInput) as refused:
            self._read(value)
        assert message == str(refused.value)
