"""The public reader of TOML data: typed values out, every misfit a problem with file and key path."""

from __future__ import annotations

import re
import string
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from progression.authoring import Label, Reader
from progression.errors import Problem, RulePackError


def reasons(r: Reader) -> list[str]:
    """Each problem recorded so far, as ``reason @ path``."""
    return [f"{p.reason} @ {p.path}" for p in r.problems]


class TestProblems:
    def test_problem_is_recorded_against_the_source(self) -> None:
        """A problem carries the reader's source, the key path and the reason."""
        r = Reader("belts.toml")
        r.problem("$.belts.white", "too pale")
        assert [Problem("belts.toml", "$.belts.white", "too pale")] == r.problems

    def test_error_lists_every_problem(self) -> None:
        """``error`` builds one RulePackError holding every problem, in order."""
        r = Reader("belts.toml")
        r.problem("$.a", "first")
        r.problem("$.b", "second")
        error = r.error()
        assert ("belts.toml", tuple(r.problems)) == (error.source, error.problems)
        assert "rule pack belts.toml has 2 problems:\n  - belts.toml: first @ $.a\n  - belts.toml: second @ $.b" == str(
            error
        )

    def test_raise_if_problems_is_silent_without_one(self) -> None:
        """Nothing is raised while no problem was recorded."""
        r = Reader("belts.toml")
        r.raise_if_problems()
        assert [] == r.problems

    def test_raise_if_problems_raises_them_all(self) -> None:
        """Once a problem is recorded, RulePackError is raised with all of them."""
        r = Reader("belts.toml")
        r.get({}, "a", int, "$")
        r.get({}, "b", int, "$")
        with pytest.raises(RulePackError, match="has 2 problems") as caught:
            r.raise_if_problems()
        assert 2 == len(caught.value.problems)


class TestParse:
    def test_text(self) -> None:
        """TOML text is parsed into tables."""
        r = Reader("x.toml")
        assert {"format": 1, "belts": {"white": {"from": 0}}} == r.parse("format = 1\n[belts.white]\nfrom = 0")
        assert [] == r.problems

    def test_not_toml(self) -> None:
        """Text that is not TOML reads as an empty table, with the parser's reason at ``$``."""
        r = Reader("x.toml")
        assert {} == r.parse("format = = 1")
        assert ["not valid TOML: Invalid value (at line 1, column 10) @ $"] == reasons(r)

    def test_nested_too_deeply(self) -> None:
        """Nesting the parser cannot follow is a problem, not a RecursionError."""
        r = Reader("x.toml")
        assert {} == r.parse("x = " + "[" * 5000)
        assert ["not valid TOML: nested too deeply @ $"] == reasons(r)

    def test_not_text(self) -> None:
        """Something other than text is a problem naming its type."""
        r = Reader("x.toml")
        assert {} == r.parse(b"format = 1")  # type: ignore[arg-type]
        assert ["expected TOML text, got bytes @ $"] == reasons(r)


class TestCheckFormat:
    def test_declared(self) -> None:
        """``format = 1`` passes."""
        r = Reader("x.toml")
        assert r.check_format({"format": 1})
        assert [] == r.problems

    @pytest.mark.parametrize(
        ("data", "reason"),
        [
            ({}, "expected format = 1, got None @ $.format"),
            ({"format": 2}, "expected format = 1, got 2 @ $.format"),
            ({"format": True}, "expected format = 1, got true @ $.format"),
            ({"format": "1"}, "expected format = 1, got '1' @ $.format"),
        ],
    )
    def test_missing_or_other(self, data: dict[str, Any], reason: str) -> None:
        """A missing, other or mistyped version is refused (``true`` is not 1)."""
        r = Reader("x.toml")
        assert not r.check_format(data)
        assert [reason] == reasons(r)

    def test_other_version_expected(self) -> None:
        """The version a reader expects is a parameter."""
        r = Reader("x.toml")
        assert (True, False) == (r.check_format({"format": 2}, version=2), r.check_format({"format": 1}, version=2))
        assert ["expected format = 2, got 1 @ $.format"] == reasons(r)


class TestGet:
    def test_right_type(self) -> None:
        """A value of the asked type is returned as is."""
        r = Reader("x.toml")
        assert ("White", 3) == (r.get({"a": "White"}, "a", str, "$"), r.get({"a": 3}, "a", int, "$"))
        assert [] == r.problems

    def test_missing_required(self) -> None:
        """A missing key with no default is a problem at its path, and reads as None."""
        r = Reader("x.toml")
        assert r.get({}, "from", int, "$.belts.white") is None
        assert ["required key 'from' is missing @ $.belts.white.from"] == reasons(r)

    def test_missing_optional(self) -> None:
        """A missing key with a default reads as the default, without a problem."""
        r = Reader("x.toml")
        assert 0 == r.get({}, "from", int, "$", default=0)
        assert [] == r.problems

    def test_wrong_type(self) -> None:
        """A value of another type is a problem saying what was expected and what came."""
        r = Reader("x.toml")
        assert r.get({"from": "one"}, "from", int, "$.belts.white") is None
        assert ["expected an integer, got 'one' @ $.belts.white.from"] == reasons(r)

    def test_wrong_type_with_default(self) -> None:
        """A value of another type reads as the default, but is still a problem."""
        r = Reader("x.toml")
        assert 0 == r.get({"from": "one"}, "from", int, "$", default=0)
        assert ["expected an integer, got 'one' @ $.from"] == reasons(r)

    def test_bool_is_not_an_integer(self) -> None:
        """``true`` is refused where an integer is expected, although Python counts it as one."""
        r = Reader("x.toml")
        assert r.get({"from": True}, "from", int, "$") is None
        assert ["expected an integer, got true @ $.from"] == reasons(r)

    def test_integer_is_not_a_bool(self) -> None:
        """``1`` is refused where true or false is expected; a bool is accepted."""
        r = Reader("x.toml")
        assert (None, False) == (r.get({"a": 1}, "a", bool, "$"), r.get({"a": False}, "a", bool, "$"))
        assert ["expected true or false, got 1 @ $.a"] == reasons(r)

    def test_one_of_several_types(self) -> None:
        """Several types may be accepted; a misfit names them all."""
        r = Reader("x.toml")
        assert ("level", 3) == (r.get({"a": "level"}, "a", (int, str), "$"), r.get({"a": 3}, "a", (int, str), "$"))
        r.get({"a": 2.5}, "a", (int, str), "$")
        r.get({"a": [1]}, "a", (dict, float), "$")
        assert ["expected an integer or a text, got 2.5 @ $.a", "expected a table or a number, got [1] @ $.a"] == (
            reasons(r)
        )

    def test_long_value_is_cut(self) -> None:
        """A long value is shown cut to 60 characters."""
        r = Reader("x.toml")
        r.get({"a": "x" * 100}, "a", int, "$")
        assert [f"expected an integer, got '{'x' * 59} @ $.a"] == reasons(r)

    def test_not_a_table_reads_as_empty(self) -> None:
        """Reading from something that is not a table finds no key, rather than failing."""
        r = Reader("x.toml")
        assert (None, 5) == (r.get("abc", "a", int, "$"), r.get(3, "a", int, "$", default=5))  # type: ignore[arg-type]
        assert ["required key 'a' is missing @ $.a"] == reasons(r)


class EmptyReader(Reader):
    """A reader whose required misfits read as empty values."""

    def fallback(self, kind: type | tuple[type, ...]) -> Any:
        return {int: 0, list: [], tuple: ()}.get(kind) if isinstance(kind, type) else None


class TestFallback:
    def test_default_is_none(self) -> None:
        """A required misfit reads as None."""
        assert Reader("x.toml").fallback(int) is None

    def test_subclass_chooses(self) -> None:
        """A subclass decides what required misfits read as, for every reader method."""
        r = EmptyReader("x.toml")
        assert (0, 0, (), ()) == (
            r.get({}, "a", int, "$"),
            r.count({"a": -1}, "a", "$"),
            r.ints({"a": ["x"]}, "a", "$"),
            r.strings({}, "a", "$"),
        )

    def test_defaults_win_over_fallback(self) -> None:
        """A given default is returned, not the fallback."""
        r = EmptyReader("x.toml")
        assert (7, None) == (r.get({"a": "x"}, "a", int, "$", default=7), r.ints({}, "a", "$", default=None))


class TestCount:
    def test_at_least_minimum(self) -> None:
        """An integer at or above the minimum is returned."""
        r = Reader("x.toml")
        assert (0, 2) == (r.count({"a": 0}, "a", "$"), r.count({"a": 2}, "a", "$", minimum=2))
        assert [] == r.problems

    def test_below_minimum(self) -> None:
        """An integer below the minimum is a problem, and reads as the default (None when required)."""
        r = Reader("x.toml")
        assert (None, 100) == (
            r.count({"a": -1}, "a", "$"),
            r.count({"die": 1}, "die", "$", default=100, minimum=2),
        )
        assert ["expected an integer >= 0, got -1 @ $.a", "expected an integer >= 2, got 1 @ $.die"] == reasons(r)

    def test_missing_key_is_not_checked_against_minimum(self) -> None:
        """A default is the caller's, so a missing key is not measured against the minimum."""
        r = Reader("x.toml")
        assert 0 == r.count({}, "a", "$", default=0, minimum=1)
        assert [] == r.problems

    def test_not_an_integer(self) -> None:
        """A text or a bool is the usual type problem."""
        r = Reader("x.toml")
        r.count({"a": "two", "b": True}, "a", "$")
        r.count({"a": "two", "b": True}, "b", "$")
        assert ["expected an integer, got 'two' @ $.a", "expected an integer, got true @ $.b"] == reasons(r)


class TestTable:
    def test_present(self) -> None:
        """A sub-table is returned."""
        r = Reader("x.toml")
        assert {"white": {}} == r.table({"belts": {"white": {}}}, "belts", "$")

    def test_optional_by_default(self) -> None:
        """A missing sub-table is empty, without a problem."""
        r = Reader("x.toml")
        assert {} == r.table({}, "belts", "$")
        assert [] == r.problems

    def test_required(self) -> None:
        """A required sub-table that is missing is empty, and a problem."""
        r = Reader("x.toml")
        assert {} == r.table({}, "belts", "$", required=True)
        assert ["required key 'belts' is missing @ $.belts"] == reasons(r)

    def test_not_a_table(self) -> None:
        """A value that is not a table reads as an empty one, and is a problem."""
        r = Reader("x.toml")
        assert {} == r.table({"belts": 3}, "belts", "$")
        assert ["expected a table, got 3 @ $.belts"] == reasons(r)


class TestLabel:
    def test_both_languages(self) -> None:
        """A label is a table of an English and a French name."""
        r = Reader("x.toml")
        assert Label(en="White", fr="Blanche") == r.label({"label": {"en": "White", "fr": "Blanche"}}, "$.belts.white")
        assert [] == r.problems

    def test_other_key(self) -> None:
        """A label may sit under another key, such as ``title``."""
        r = Reader("x.toml")
        assert Label(en="Dojo", fr="Dojo") == r.label({"title": {"en": "Dojo", "fr": "Dojo"}}, "$.pack", "title")

    def test_single_text(self) -> None:
        """A single text is refused, and kept as the name in both languages."""
        r = Reader("x.toml")
        assert Label.same("White") == r.label({"label": "White"}, "$.belts.white")
        assert [
            "expected a table with 'en' and 'fr' names, got a single text 'White' @ $.belts.white.label"
        ] == reasons(r)

    def test_missing(self) -> None:
        """A missing label is a problem, and reads as ``?``."""
        r = Reader("x.toml")
        assert Label.same("?") == r.label({}, "$.belts.white")
        assert ["required key 'label' is missing @ $.belts.white.label"] == reasons(r)

    def test_missing_language(self) -> None:
        """A missing French name is a problem at its key; the English one is kept."""
        r = Reader("x.toml")
        assert Label(en="White", fr="?") == r.label({"label": {"en": "White"}}, "$.belts.white")
        assert ["required key 'fr' is missing @ $.belts.white.label.fr"] == reasons(r)

    def test_unknown_language(self) -> None:
        """A third language is an unknown key."""
        r = Reader("x.toml")
        r.label({"label": {"en": "White", "fr": "Blanche", "de": "Weiß"}}, "$.belts.white")
        assert ["unknown key 'de'; expected one of: en, fr @ $.belts.white.label.de"] == reasons(r)


class TestInts:
    def test_list(self) -> None:
        """A list of integers reads as a tuple."""
        r = Reader("x.toml")
        assert (10, 20, 40) == r.ints({"values": [10, 20, 40]}, "values", "$.curves.gear")
        assert [] == r.problems

    def test_every_misfit_is_reported(self) -> None:
        """Each item that is not an integer (a bool included) is a problem; the list reads as None."""
        r = Reader("x.toml")
        assert r.ints({"values": [10, "twenty", True]}, "values", "$.curves.gear") is None
        assert [
            "expected an integer, got 'twenty' @ $.curves.gear.values[1]",
            "expected an integer, got true @ $.curves.gear.values[2]",
        ] == reasons(r)

    def test_misfit_with_default(self) -> None:
        """With a default, a list holding a misfit reads as the default."""
        r = Reader("x.toml")
        assert () == r.ints({"values": [1, 2.5]}, "values", "$", default=())

    def test_missing(self) -> None:
        """A missing list is required unless a default is given."""
        r = Reader("x.toml")
        assert (None, ()) == (r.ints({}, "values", "$"), r.ints({}, "other", "$", default=()))
        assert ["required key 'values' is missing @ $.values"] == reasons(r)

    def test_not_a_list(self) -> None:
        """A single integer is not a list."""
        r = Reader("x.toml")
        assert r.ints({"values": 3}, "values", "$") is None
        assert ["expected a list, got 3 @ $.values"] == reasons(r)

    def test_length(self) -> None:
        """A list of the wrong length is a problem; its values are still returned."""
        r = Reader("x.toml")
        assert (1, 2) == r.ints({"cost": [1, 2]}, "cost", "$.advancement", length=3)
        assert (1, 2, 3) == r.ints({"cost": [1, 2, 3]}, "cost", "$.advancement", length=3)
        assert ["expected 3 values, got 2 @ $.advancement.cost"] == reasons(r)


class TestStrings:
    def test_list(self) -> None:
        """A list of texts reads as a tuple."""
        r = Reader("x.toml")
        assert ("xp", "gold") == r.strings({"pools": ["xp", "gold"]}, "pools", "$.kinds.hero")

    def test_misfit(self) -> None:
        """An item that is not a text is a problem; the list reads as the default."""
        r = Reader("x.toml")
        assert () == r.strings({"pools": ["xp", 3]}, "pools", "$.kinds.hero", default=())
        assert ["expected a text, got 3 @ $.kinds.hero.pools[1]"] == reasons(r)

    def test_not_a_list(self) -> None:
        """A single text is not a list of texts."""
        r = Reader("x.toml")
        assert () == r.strings({"pools": "xp"}, "pools", "$.kinds.hero", default=())
        assert ["expected a list, got 'xp' @ $.kinds.hero.pools"] == reasons(r)

    def test_missing(self) -> None:
        """A missing list is required unless a default is given."""
        r = Reader("x.toml")
        assert (None, ()) == (r.strings({}, "pools", "$"), r.strings({}, "pools", "$", default=()))
        assert ["required key 'pools' is missing @ $.pools"] == reasons(r)


class TestSlugs:
    def test_ids(self) -> None:
        """A list of ids reads as a tuple."""
        r = Reader("x.toml")
        assert ("souplesse", "main-gauche") == r.slugs({"q": ["souplesse", "main-gauche"]}, "q", "$")
        assert [] == r.problems

    def test_not_an_id(self) -> None:
        """An item that is not an id says which characters an id may hold."""
        r = Reader("x.toml")
        assert r.slugs({"q": ["ok", "Souplesse", 3]}, "q", "$.competences.escrime") is None
        assert [
            "expected an id (lowercase a-z, 0-9, - or _), got 'Souplesse' @ $.competences.escrime.q[1]",
            "expected an id (lowercase a-z, 0-9, - or _), got 3 @ $.competences.escrime.q[2]",
        ] == reasons(r)

    def test_punctuation(self) -> None:
        """The characters besides letters and digits are a parameter, and the message follows it."""
        r = Reader("x.toml")
        assert r.slugs({"q": ["main-gauche"]}, "q", "$", punctuation="_") is None
        assert ["expected an id (lowercase a-z, 0-9 or _), got 'main-gauche' @ $.q[0]"] == reasons(r)


class TestEntries:
    def test_each_table_with_its_path(self) -> None:
        """Each ``[section.<id>]`` comes with its id and key path."""
        r = Reader("x.toml")
        data = {"belts": {"white": {"from": 0}, "yellow": {"from": 3}}}
        assert [
            ("white", {"from": 0}, "$.belts.white"),
            ("yellow", {"from": 3}, "$.belts.yellow"),
        ] == r.entries(data, "belts")

    def test_nested_section(self) -> None:
        """A section inside an entry takes the entry's path."""
        r = Reader("x.toml")
        body = {"specializations": {"riposte": {}}}
        assert [("riposte", {}, "$.competences.escrime.specializations.riposte")] == r.entries(
            body, "specializations", "$.competences.escrime"
        )

    def test_missing_section(self) -> None:
        """A missing section has no entries and is no problem."""
        r = Reader("x.toml")
        assert [] == r.entries({}, "belts")
        assert [] == r.problems

    def test_bad_id_and_bad_body_are_left_out(self) -> None:
        """An entry whose id is not a slug, or that is not a table, is a problem and left out."""
        r = Reader("x.toml")
        data = {"belts": {"X.y": {}, "white": 3, "ok": {}}}
        assert [("ok", {}, "$.belts.ok")] == r.entries(data, "belts")
        assert [
            "ids are lowercase ASCII (a-z, 0-9, - or _), got 'X.y' @ $.belts.X.y",
            "expected a table, got 3 @ $.belts.white",
        ] == reasons(r)

    def test_punctuation(self) -> None:
        """Which punctuation an id may hold is a parameter."""
        r = Reader("x.toml")
        assert ["pp.escrime"] == [i for i, _, _ in r.entries({"s": {"pp.escrime": {}}}, "s", punctuation="_.")]
        assert [] == r.problems


class TestExtra:
    def test_unknown_key(self) -> None:
        """A key that is not allowed is a problem listing the allowed ones."""
        r = Reader("x.toml")
        r.extra({"label": {}, "symbol": "¤"}, ("label",), "$.currencies.xp")
        assert ["unknown key 'symbol'; expected one of: label @ $.currencies.xp.symbol"] == reasons(r)

    def test_allowed_keys(self) -> None:
        """Allowed keys, present or not, are no problem."""
        r = Reader("x.toml")
        r.extra({"label": {}}, ("label", "from"), "$")
        assert [] == r.problems

    def test_not_a_table(self) -> None:
        """Something that is not a table has no keys to check (its type is the caller's problem)."""
        r = Reader("x.toml")
        r.extra("abc", ("label",), "$")  # type: ignore[arg-type]
        assert [] == r.problems


class TestIsSlug:
    @pytest.mark.parametrize(
        ("ident", "expected"),
        [("white", True), ("belt_2", True), ("main-gauche", True), ("", False), ("White", False), ("été", False)],
    )
    def test_default_punctuation(self, ident: str, expected: bool) -> None:
        """Ids are lowercase ASCII letters, digits, ``-`` and ``_``."""
        assert expected == Reader.is_slug(ident)

    def test_not_text(self) -> None:
        """Only a text can be an id."""
        assert (False, False) == (Reader.is_slug(3), Reader.is_slug(None))

    @given(
        st.text(alphabet=string.ascii_letters + string.digits + "-_.é ", max_size=12),
        st.sampled_from(["", "_", "-_", "_.-"]),
    )
    def test_agrees_with_a_pattern(self, ident: str, punctuation: str) -> None:
        """An id is a non-empty run of a-z, 0-9 and the given punctuation."""
        pattern = f"[a-z0-9{re.escape(punctuation)}]+"
        assert bool(re.fullmatch(pattern, ident)) == Reader.is_slug(ident, punctuation)


TOML_VALUES = st.one_of(
    st.booleans(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=False),
    st.text(max_size=10),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


class TestProperties:
    @given(TOML_VALUES)
    def test_get_integer(self, value: Any) -> None:
        """An integer (never a bool) is returned without a problem; anything else is exactly one problem."""
        r = Reader("x.toml")
        got = r.get({"a": value}, "a", int, "$")
        fits = isinstance(value, int) and not isinstance(value, bool)
        assert (value if fits else None, 0 if fits else 1) == (got, len(r.problems))

    @given(st.lists(TOML_VALUES, max_size=6))
    def test_ints_reports_each_misfit(self, items: list[Any]) -> None:
        """One problem per item that is not an integer, each at its index."""
        r = Reader("x.toml")
        r.ints({"v": items}, "v", "$")
        misfits = [f"$.v[{i}]" for i, item in enumerate(items) if isinstance(item, bool) or not isinstance(item, int)]
        assert misfits == [p.path for p in r.problems]


class TestNumbersOfAGame:
    """Ranges, dice, die faces and roll targets, and keys that describe a rule the pack plays one way."""

    def test_a_range(self) -> None:
        """An integer from 1 to 6 is read; 7 is a problem saying the range, and reads as the default."""
        r = Reader("game.toml")
        assert (3, 2) == (
            r.count({"n": 3}, "n", "$", minimum=1, maximum=6),
            r.count({"n": 7}, "n", "$", 2, minimum=1, maximum=6),
        )
        assert ["expected an integer from 1 to 6, got 7 @ $.n"] == reasons(r)

    @pytest.mark.parametrize(
        ("text", "dice", "problem"),
        [
            ("2D6", (2, 6), None),
            ("D16", (1, 16), None),
            ("2d6", (1, 6), "expected dice such as 'D3' or '2D6', got '2d6' @ $.die"),
            ("0D6", (1, 6), "expected at least one die of at least 2 sides, got '0D6' @ $.die"),
            ("D²", (1, 6), "expected dice such as 'D3' or '2D6', got 'D²' @ $.die"),
        ],
    )
    def test_dice(self, text: str, dice: tuple[int, int], problem: str | None) -> None:
        """Dice are written ``D6`` or ``2D6``; anything else is a problem and reads as one D6."""
        r = Reader("game.toml")
        assert dice == r.dice({"die": text}, "die", "$")
        assert ([problem] if problem else []) == reasons(r)

    def test_faces_and_targets(self) -> None:
        """Faces of a D6 are 1 to 6 each; a target "N+" of a D6 is 1 to 6."""
        r = Reader("game.toml")
        assert ((1, 6), (), 4) == (
            r.faces({"f": [1, 6]}, "f", "$", 6),
            r.faces({"f": [1, 7]}, "f", "$", 6),
            r.roll_target({"t": 4}, "t", "$", 6),
        )
        r.roll_target({"t": 0}, "t", "$", 6)
        assert [
            "expected a face of the D6, 1 to 6, got 7 @ $.f[1]",
            "expected a target on the D6, 1 to 6, got 0 @ $.t",
        ] == reasons(r)

    def test_a_rule_played_one_way(self) -> None:
        """A key left out or written as the pack plays it is fine; another value, even ``1`` for ``true``, is not."""
        r = Reader("game.toml")
        played = {"die": "D16", "repeats": False}
        r.fixed({}, "$.prayers", played)
        r.fixed({"die": "D16", "repeats": False}, "$.prayers", played)
        r.fixed({"die": "D8", "repeats": 0}, "$.prayers", played)
        assert [
            'expected "D16" (the pack plays this rule so, and no data changes it), got "D8" @ $.prayers.die',
            "expected false (the pack plays this rule so, and no data changes it), got 0 @ $.prayers.repeats",
        ] == reasons(r)

    def test_inside_a_table_or_a_list_too(self) -> None:
        """Types are compared all the way down: ``{ change = true }`` is not ``{ change = 1 }``, nor ``[1.0]``
        ``[1]``, nor a table with one key more the same table; ``because`` says why the value is fixed."""
        r = Reader("game.toml")
        played = {"win": {"change": 1}, "faces": [1, 2]}
        r.fixed({"win": {"change": 1}, "faces": [1, 2]}, "$.fans", played)
        r.fixed({"win": {"change": True}, "faces": [1.0, 2]}, "$.fans", played, because="the book's")
        r.fixed({"win": {"change": 1, "extra": 0}}, "$.fans", played, because="the book's")
        assert [
            "expected { change = 1 } (the book's), got { change = true } @ $.fans.win",
            "expected [1, 2] (the book's), got [1.0, 2] @ $.fans.faces",
            "expected { change = 1 } (the book's), got { change = 1, extra = 0 } @ $.fans.win",
        ] == reasons(r)
