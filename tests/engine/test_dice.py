"""Dice: seeded for simulations, scripted for physical dice, prompting through a function."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from progression import Dice, ScriptedDice, SeededDice
from progression.dice import CallbackDice
from progression.errors import DiceError, InvalidInput
from support.builders import FEW


class TestSeededDice:
    @FEW
    @given(st.integers(0, 2**32), st.integers(2, 20), st.integers(1, 6))
    def test_same_seed_same_rolls(self, seed: int, sides: int, count: int) -> None:
        """Two dice with one seed roll alike, every result within the die."""
        first, second = SeededDice(seed), SeededDice(seed)
        rolls = [first.roll(sides, count) for _ in range(5)]
        assert rolls == [second.roll(sides, count) for _ in range(5)]
        assert all(1 <= r <= sides for roll in rolls for r in roll)

    def test_is_dice(self) -> None:
        """Each implementation satisfies the Dice protocol."""
        assert all(
            isinstance(d, Dice) for d in (SeededDice(1), ScriptedDice([1]), CallbackDice(lambda sides, label: 1))
        )

    @pytest.mark.parametrize(
        ("sides", "count", "message"),
        [
            (1, 1, "a die needs at least 2 sides, got 1"),
            (6, 0, "a roll needs at least 1 die, got 0"),
            (True, 1, "got True"),
        ],
    )
    def test_bad_request(self, sides: int, count: int, message: str) -> None:
        """Impossible dice are refused."""
        with pytest.raises(InvalidInput, match=message):
            SeededDice(1).roll(sides, count)


class TestScriptedDice:
    @pytest.mark.parametrize("results", [None, 5, "36"])
    def test_results_that_are_not_a_list(self, results: object) -> None:
        """Scripted dice take a list of results; anything else says what came (a text is not read as digits)."""
        with pytest.raises(DiceError, match=r"scripted dice are a list of results \(whole numbers from 1\), such as"):
            ScriptedDice(results)  # type: ignore[arg-type]

    def test_results_in_order(self) -> None:
        """Results are used in the order typed in; what is left is shown."""
        dice = ScriptedDice([3, 5, 1])
        assert ((3, 5), (1,), ()) == (dice.roll(6, 2), dice.remaining, (dice.roll(6), dice.remaining)[1])

    def test_running_out(self) -> None:
        """Running out says how many were given and rolled, the roll that needs more, and how many more."""
        dice = ScriptedDice([4])
        dice.roll(6)
        with pytest.raises(
            DiceError,
            match=r"^the scripted dice ran out: the 1 result given was rolled, and the next roll is 2D6 for 'block'; "
            r"give 2 more results$",
        ):
            dice.roll(6, 2, "block")

    def test_running_out_on_a_roll_made_again(self) -> None:
        """A roll made again takes more dice than the request counted: running out names it, whose it is and
        why it is made again, and a roll of two dice with one left says it."""
        from progression.dice import rolling_again, rolling_for

        dice = ScriptedDice([1, 1, 3])
        dice.roll(6, 2, "first General skill")
        with (
            pytest.raises(
                DiceError,
                match=r"^the scripted dice ran out: 2 of the 3 results given were rolled, and the next roll is for "
                r"Griselda \(1\): 2D6 for 'first General skill', rolled again: Block is already owned; give 1 more "
                "result$",
            ),
            rolling_for("Griselda (1)"),
            rolling_again("Block is already owned"),
        ):
            dice.roll(6, 2, "first General skill")

    def test_result_too_big_for_the_die(self) -> None:
        """A 7 typed in for a D6 is refused, and not used up."""
        dice = ScriptedDice([7])
        with pytest.raises(DiceError, match="the first die given is 7, but the 1D6 needs results from 1 to 6"):
            dice.roll(6)
        assert (7,) == dice.remaining

    def test_result_too_big_names_whose_roll_it_is(self) -> None:
        """A 7 typed in for a team's D6, rolled again, says whose roll it is and why it is made again, in brackets
        (it said "but 1D6 for MVP needs ...", whoever rolled)."""
        from progression.dice import rolling_again, rolling_for

        with (
            pytest.raises(DiceError) as refused,
            rolling_for("counts"),
            rolling_again("3 names no nominee"),
        ):
            ScriptedDice([7]).roll(6, 1, "MVP")
        assert (
            "the first die given is 7, but the 1D6 for MVP (rolled by counts, again because 3 names no nominee) needs "
            "results from 1 to 6"
        ) == str(refused.value)

    @pytest.mark.parametrize("bad", [0, -2, 2.5, True, "4"])
    def test_bad_script(self, bad: object) -> None:
        """Only whole numbers from 1 can be typed in: the refusal says which die (the second, where "die 2" read as a
        die showing 2) and what a die shows."""
        with pytest.raises(DiceError) as refused:
            ScriptedDice([1, bad])  # type: ignore[list-item]
        expected = (
            f"the second die given is {bad!r}, but a die shows a whole number from 1 to its sides (1 to 6 on a D6)"
        )
        assert expected == str(refused.value)

    def test_the_place_of_a_die_in_words(self) -> None:
        """The tenth die given is said in words, the eleventh and after in figures."""
        with pytest.raises(DiceError, match=r"^the tenth die given is 0"):
            ScriptedDice([1] * 9 + [0])
        with pytest.raises(DiceError, match=r"^the 22nd die given is 0"):
            ScriptedDice([1] * 21 + [0])
        with pytest.raises(DiceError, match=r"^the 113th die given is 0"):
            ScriptedDice([1] * 112 + [0])


class TestCallbackDice:
    def test_asks_for_each_die(self) -> None:
        """The function is asked once per die, with the die and the label."""
        asked: list[tuple[int, str]] = []

        def ask(sides: int, label: str) -> int:
            asked.append((sides, label))
            return len(asked)

        assert ((1, 2), [(8, "armour"), (8, "armour")]) == (CallbackDice(ask).roll(8, 2, "armour"), asked)

    @pytest.mark.parametrize("bad", [0, 7, True, "3"])
    def test_bad_answer(self, bad: object) -> None:
        """An answer that no die shows is refused."""
        with pytest.raises(DiceError, match=f"a D6 for injury must show 1 to 6, got {bad!r}"):
            CallbackDice(lambda sides, label: bad).roll(6, 1, "injury")  # type: ignore[arg-type, return-value]


class TestRecordedDice:
    """The rolls an entry recorded, given back to verify and amend; a result no die shows is refused."""

    @pytest.mark.parametrize("by_place", [False, True])
    def test_a_result_no_die_shows(self, by_place: bool) -> None:
        from progression.dice import RecordedDice
        from progression.events import Rolled

        dice = RecordedDice([Rolled(label="Minor Incident", sides=3, results=(6,))], by_place=by_place)
        with pytest.raises(DiceError, match=r"the entry recorded a 6 on a D3 for 'Minor Incident', which no die shows"):
            dice.roll(3, 1, "Minor Incident")

    def test_the_recorded_result_in_order(self) -> None:
        from progression.dice import RecordedDice
        from progression.events import Rolled

        dice = RecordedDice([Rolled(label="a", sides=6, results=(1,)), Rolled(label="b", sides=6, results=(6,))])
        assert ((1,), (6,), ()) == (dice.roll(6, 1, "a"), dice.roll(6, 1, "b"), dice.left)


class TestWhoRolls:
    """Whose roll it is, said to the dice (a team of a league's match, a player of a team's entry); nothing
    recorded depends on it."""

    def test_nested_names_add_up_and_go(self) -> None:
        """Inside ``rolling_for`` the names add up, outermost first; outside, nobody is named."""
        from progression.dice import rolling_for, who_rolls

        seen = []
        with rolling_for("anvils"):
            seen.append(who_rolls())
            with rolling_for("Lena (4)"):
                seen.append(who_rolls())
            seen.append(who_rolls())
        assert [("anvils",), ("anvils", "Lena (4)"), ("anvils",), ()] == [*seen, who_rolls()]

    def test_why_again(self) -> None:
        """Inside ``rolling_again`` the dice are told why the roll is made again; outside, nothing."""
        from progression.dice import rolling_again, why_again

        with rolling_again("5 names no nominee"):
            inside = why_again()
        assert ("5 names no nominee", "") == (inside, why_again())

    def test_a_refusal_inside_leaves_nobody_named(self) -> None:
        """A roll refused inside ``rolling_for`` does not leave its name to the next roll."""
        from progression.dice import rolling_for, who_rolls

        with pytest.raises(DiceError), rolling_for("anvils"):
            ScriptedDice([]).roll(6)
        assert () == who_rolls()
