"""The errors' own messages: what was expected, what came and where."""

from __future__ import annotations

import pickle

import pytest

from progression import errors
from progression.errors import InsufficientPoints, InvalidInput, Problem, UnknownName, UnknownOption

ROSTERS = [f"a_roster_{n:02}" for n in range(20)] + ["orc", "norse"]  # orc falls past the twelve shown


class TestUnknownName:
    def test_a_short_list_is_shown_whole(self) -> None:
        """Up to twelve known ids are all listed, sorted."""
        error = UnknownName("pool", "wallet", ["purse", "bag"], "sheet 'Ana'")
        assert "pool 'wallet' is not defined in sheet 'Ana'; expected one of: bag, purse" == str(error)

    def test_a_cut_list_names_the_closest(self) -> None:
        """Past twelve the list is cut, so the ids closest to the one given are named after it."""
        error = UnknownName("team roster", "orcs", ROSTERS, "the pack")
        assert str(error).endswith(", ...; the closest: orc, norse")

    def test_a_whole_list_names_the_closest_too(self) -> None:
        """A short list shown whole still names the closest ids after it: in any case, each id read by its last
        words too (``Blitzr`` is an Orc roster's ``orc_blitzer``)."""
        positions = ["big_un_blocker", "goblin_lineman", "orc_blitzer", "orc_lineman", "orc_thrower", "troll"]
        error = UnknownName("position", "Blitzr", positions, "the Orc roster")
        assert (
            "position 'Blitzr' is not defined in the Orc roster; expected one of: big_un_blocker, goblin_lineman, "
            "orc_blitzer, orc_lineman, orc_thrower, troll; the closest: orc_blitzer"
        ) == str(error)
        assert ("orc_blitzer",) == error.closest

    def test_a_number_has_no_closest(self) -> None:
        """A number given (a member, a fixture) is not misspelt: no id is named as close to it."""
        error = UnknownName("player", "13", [str(n) for n in range(1, 13)], "team 'barons'")
        assert ((), False) == (error.closest, "closest" in str(error))

    def test_nothing_close(self) -> None:
        """A name like none of them adds nothing after the cut list."""
        assert str(UnknownName("team roster", "zzzz", ROSTERS, "the pack")).endswith(", ...")

    def test_numbers_are_listed_by_their_value(self) -> None:
        """A roster's members read 1, 2, ... 10, not 1, 10, 11, 2; ``p2`` comes before ``p10``; a number too long
        to read as one is still placed."""
        members = [str(n) for n in (12, 1, 10, 2, 11, 9)]
        assert "expected one of: 1, 2, 9, 10, 11, 12" in str(UnknownName("member", "13", members, "roster 'Reds'"))
        assert ("a", "p2", "p10", "p" + "9" * 5000) == UnknownName(
            "id", "x", ["p10", "p" + "9" * 5000, "p2", "a"], "y"
        ).known

    def test_the_closest_the_caller_found(self) -> None:
        """A caller that matched displayed names too (a pack's ``closest``: ``Fencng`` is close to escrime's
        English name, Fencing) gives its closest, which the message names, kept when the error is pickled; no id
        is close to ``Fencng``."""
        error = UnknownName("competence", "Fencng", ["escrime", "danse"], "campaign 'example'", closest=["escrime"])
        back = pickle.loads(pickle.dumps(error))
        assert (("escrime",), ()) == (error.closest, errors.closest("Fencng", ["escrime", "danse"]))
        assert (str(error), ("escrime",)) == (str(back), back.closest)
        assert str(error).endswith("expected one of: danse, escrime; the closest: escrime")


class TestUnknownOption:
    def test_names_the_command_run_the_options_and_the_closest(self) -> None:
        """``league amend ... home.scor=8``: the command run, the words it takes and the one meant; an
        ``InvalidInput`` (exit status 2), kept whole when pickled (a study's worker)."""
        import pickle

        error = UnknownOption("league amend", ["home.scor"], ["home.score", "home.events", "away.score"])
        expected = (
            "unknown option 'home.scor' for league amend; it takes: home.score, home.events, away.score; "
            "the closest: home.score"
        )
        assert (expected, ("home.score",), True) == (str(error), error.closest, isinstance(error, InvalidInput))
        assert expected == str(pickle.loads(pickle.dumps(error)))

    def test_every_word_is_named_each_with_its_closest(self) -> None:
        """Two unknown words are both named (the first only was), each with its closest; a word without a prefix
        (``scor``) is close to the options that end in it under one (``home.score``, ``away.score``)."""
        known = ["home.score", "home.events", "away.score", "attendance"]
        two = UnknownOption("league record", ["away.scored", "home.scord"], known)
        assert (
            "unknown options 'away.scored', 'home.scord' for league record; it takes: home.score, home.events, "
            "away.score, attendance; the closest: away.score, home.score",
            ("home.score", "away.score"),
            ("attendance",),
        ) == (
            str(two),
            UnknownOption("league record", ["scor"], known).closest,
            UnknownOption("league record", ["atendance"], known).closest,
        )

    def test_a_shared_prefix_makes_no_option_close(self) -> None:
        """``home.scored`` is not close to ``home.prayers`` for their ``home.``; a word with no close one names
        none."""
        known = ["home.score", "home.prayers", "away.score"]
        assert (("home.score",), ()) == (
            UnknownOption("league record", ["home.scored"], known).closest,
            UnknownOption("league record", ["colour"], known).closest,
        )


class TestUnknownChoice:
    def test_has_every_attribute_of_an_unknown_name(self) -> None:
        """A misspelt choice is an UnknownName: ``error.closest`` names the options closest to it (by their ids
        when the caller gives none), as for any unknown id, and ``choice`` the word given; both come back from
        pickle (a study's worker sends the error so)."""
        error = errors.UnknownChoice(
            upgrade="talent", choice="hardi", options=["hardy", "sixth_sense"], sentence="no option", head="Talent"
        )
        back = pickle.loads(pickle.dumps(error))
        assert (("hardy",), "hardi", "choice", ("hardy", "sixth_sense")) == (
            error.closest,
            error.choice,
            error.kind,
            error.known,
        )
        assert (("hardy",), "hardi", "Talent: no option") == (back.closest, back.choice, str(back))

    def test_the_closest_the_caller_found(self) -> None:
        """The caller that matched displayed names too (a pack's ``closest``: ``Robust`` is Hardy's French name
        ``Robuste``) gives its closest, the ones its sentence names; no id is close to ``Robust``."""
        error = errors.UnknownChoice(
            upgrade="talent", choice="Robust", options=["hardy"], sentence="s", head="h", closest=["hardy"]
        )
        assert (("hardy",), ()) == (error.closest, errors.closest("Robust", ["hardy"]))


class TestInsufficientPoints:
    def test_in_the_currency_s_unit(self) -> None:
        """With the currency's unit, amounts are written as the rules write them (``60,000 gp``); without, the
        number and the currency's name, as before."""
        gold = InsufficientPoints(upgrade="team_reroll", needed=60_000, available=20_000, currency="gold", unit="gp")
        none = InsufficientPoints(upgrade="team_reroll", needed=60_000, available=0, currency="gold", unit="gp")
        xp = InsufficientPoints(upgrade="sword", needed=15, available=1, currency="xp", names=("Sword", "Experience"))
        assert [
            "'team_reroll' costs 60,000 gp but only 20,000 gp are available",
            "'team_reroll' costs 60,000 gp but none is available",
            "Sword costs 15 Experience but only 1 is available",
        ] == [str(gold), str(none), str(xp)]


#: One error of each public class (and of ``OutOfOrder``), made as the library makes it.
EXAMPLES: list[errors.ProgressionError] = [
    errors.ProgressionError("plain"),
    errors.AnotherSheet("a.json", "a hero sheet 'Ana' of pack 'p'", "a hero sheet 'Bob' of pack 'p'"),
    errors.CapExceeded("xp would pass its cap", pool="xp", cap=10),
    errors.ChoiceNeeded(upgrade="charm", options=["ring"], sentence="Charm needs a choice among: ring", head="Charm"),
    errors.DecisionError("not an option"),
    errors.DiceError("no die left"),
    errors.FileChanged("a.json", "changed"),
    errors.InsufficientPoints(upgrade="sword", needed=5, available=2, currency="gold", unit="gp"),
    errors.InvalidInput("bad"),
    errors.LimitReached(upgrade="sword", reason="once only"),
    errors.MissingFile("a.json"),
    errors.NotAStore("a.db", "no store"),
    errors.OutOfOrder("too late"),
    errors.PackFunctionError("price below zero"),
    errors.PendingState("a decision waits"),
    errors.PurchaseError("refused", upgrade="sword", violations=["no"]),
    errors.RequirementNotMet(upgrade="sword", missing=["needs strength 3"], head="Sword cannot be bought"),
    errors.RulePackError("p.toml", [Problem("p.toml", "$.pools", "expected a table")]),
    errors.RulesChanged("sheet 'Ana'", "a1", "b2", own_rules="own"),
    errors.SheetError("s.json", [Problem("s.json", "$.ledger", "expected a list")]),
    errors.SheetTampered("s.json"),
    errors.StoreBusy("l.db", "busy"),
    errors.StoreConflict("l.db", "reds", 3, 4),
    errors.StoreError("l.db", "closed"),
    errors.StoreTampered("l.db", "reds", "its snapshot"),
    errors.UnknownChoice(upgrade="charm", choice="rnig", options=["ring"], sentence="'rnig' is no option", head="C"),
    errors.UnknownAnswer("Sprnt", "keep one", ["kick", "strip_ball"], ["strip_ball"]),
    errors.UnknownName("pool", "wallet", ["purse"], "sheet 'Ana'"),
    errors.UnknownOption("league amend", ["home.scor"], ["home.score"]),
    errors.UnknownPackError("bloodbowl2", ["bloodbowl"]),
    errors.UnreadableFile("a.json", "a directory"),
    errors.UnwritableFile("a.json", "cannot write 'a.json': read-only"),
]


def _attributes(error: errors.ProgressionError) -> set[str]:
    """The attributes an error was given (not its notes, which another test adds)."""
    return {name for name in vars(error) if not name.startswith("__")}


#: A refusal that tells what to run instead, in each interface's words.
_RECORD = errors.Way(python="League.record", command="league record", args="FIXTURE ...")


class TestSheetError:
    def test_each_reason_is_said_once_at_its_places(self) -> None:
        """A reason found at several places is said once, at the first three and how many more, in the order the
        reasons were first found; the problems are all kept, each at its place."""
        hire = "expected an operation the reader knows as op, got 'bloodbowl.hire'"
        problems = [Problem("t.json", f"$.ledger[{n}]", hire) for n in range(1, 6)]
        problems.insert(2, Problem("t.json", "$.pack", "expected a text, got 7"))
        error = errors.SheetError("t.json", problems)
        assert (
            f"sheet t.json does not load: {hire} @ $.ledger[1], $.ledger[2], $.ledger[3] and 2 more places; "
            "expected a text, got 7 @ $.pack",
            tuple(problems),
        ) == (str(error), error.problems)


class TestRulesChanged:
    def test_the_rebase_is_said_in_each_interface_s_words(self) -> None:
        """A program is told ``progression.rebase``; the command line the command that rebases the file it was
        given, not a literal ``FILE`` (a review found ``progression sheet rebase FILE`` printed after ``sheet buy
        hero.json``); a rebase given (a league's) is said as it is, in every interface."""
        changed = errors.RulesChanged("Ana", "a1", "b2")
        league = errors.RulesChanged("Ana", "a1", "b2", rebase="League.rebase")
        head = "Ana was made under the rules 'a1', not under 'b2'; rebase its history onto these rules first "
        assert (
            head + "(progression.rebase)",
            head + "(`progression sheet rebase 'my hero.json'`)",
            head + "(League.rebase)",
            None,
        ) == (
            str(changed),
            changed.worded.on_command_line("my hero.json") if changed.worded else None,
            str(league),
            league.worded,
        )


class TestSentence:
    def test_a_program_reads_the_python_call(self) -> None:
        """Raised with a sentence, an error's message names the call a program makes, and keeps the sentence."""
        said = errors.Sentence(("a match is recorded on both teams at once, with ", _RECORD))
        error = InvalidInput(said)
        assert ("a match is recorded on both teams at once, with League.record", said) == (str(error), error.worded)

    def test_the_command_line_reads_the_command_on_its_file(self) -> None:
        """The command line says the same sentence with the command that does it, run on the file it was given
        (quoted for a shell), or on ``FILE`` when it was given none; a command on a new file names it in its
        arguments alone."""
        said = errors.Sentence(
            (
                "with ",
                _RECORD,
                "; or ",
                errors.Way(python="new_league", command="league new", args="NEWFILE", on_file=False),
            )
        )
        assert (
            "with `progression league record 'my league.db' FIXTURE ...`; or `progression league new NEWFILE`",
            "with `progression league record FILE FIXTURE ...`; or `progression league new NEWFILE`",
        ) == (said.on_command_line("my league.db"), said.on_command_line(None))

    def test_a_sentence_within_a_sentence_is_spliced_in(self) -> None:
        """A sentence given among the parts of another (a refusal that adds its place to one it passes on) keeps
        its ways."""
        inner = errors.Sentence(("with ", _RECORD))
        assert (("team 'anvils': ", "with ", _RECORD),) == (errors.Sentence(("team 'anvils': ", inner)).parts,)

    def test_a_store_error_keeps_its_ways(self) -> None:
        """A store's refusal names its store first, in both interfaces' words; its reason is a program's."""
        error = errors.NotAStore("l.db", errors.Sentence(("it holds no league; make one with ", _RECORD)))
        assert (
            "store l.db: it holds no league; make one with League.record",
            "it holds no league; make one with League.record",
            "store l.db: it holds no league; make one with `progression league record l.db FIXTURE ...`",
        ) == (str(error), error.reason, error.worded.on_command_line("l.db") if error.worded else None)

    def test_said_of_a_sheet_in_a_store(self) -> None:
        """An action the rules tell to run on a sheet's file runs, said of one sheet of a store, on that sheet there
        (its name quoted for a shell); a way run otherwise, or on no file, and the program's words stay as they were."""
        close = errors.Way(python="close(pack, team)", command="sheet do", args="close number=1")
        said = errors.Sentence(
            (
                "end it: ",
                close,
                "; or ",
                errors.Way(python="new", command="sheet do", args="NEWFILE", on_file=False),
                "; or ",
                _RECORD,
            )
        )
        stored = said.of_sheet_in_store("league do", "old anvils")
        assert (
            "end it: `progression league do l.db 'old anvils' close number=1`; or `progression sheet do NEWFILE`; or "
            "`progression league record l.db FIXTURE ...`",
            str(said),
        ) == (stored.on_command_line("l.db"), str(stored))

    def test_words_alike_in_every_interface_keep_no_sentence(self) -> None:
        """A message that names no way to run is the same everywhere: nothing is kept apart."""
        assert None is InvalidInput(errors.Sentence(("bad",))).worded

    def test_the_sentence_is_pickled_with_its_error(self) -> None:
        """A worker sends an error back with its sentence, so the command line still says it in its words."""
        error = errors.OutOfOrder(errors.Sentence(("record it with ", _RECORD)))
        back = pickle.loads(pickle.dumps(error))
        assert (str(error), error.worded) == (str(back), back.worded)


class TestPickled:
    def test_every_public_error_has_an_example(self) -> None:
        """Each error class the module offers is pickled below: a new one is added to the examples."""
        public = {getattr(errors, name) for name in errors.__all__}
        classes = {c for c in public if isinstance(c, type) and issubclass(c, errors.ProgressionError)}
        assert set() == classes - {type(error) for error in EXAMPLES}

    @pytest.mark.parametrize("error", EXAMPLES, ids=lambda error: type(error).__name__)
    def test_a_subclass_has_every_attribute_of_its_bases(self, error: errors.ProgressionError) -> None:
        """An error has every attribute an error of each of its bases has (an ``UnknownChoice`` is an
        ``UnknownName``, so ``error.closest`` is read on it): a handler written for the base reads them all."""
        missing = {
            type(base).__name__: sorted(_attributes(base) - _attributes(error))
            for base in EXAMPLES
            if type(base) is not type(error) and isinstance(error, type(base))
        }
        assert {} == {base: names for base, names in missing.items() if names}

    @pytest.mark.parametrize("error", EXAMPLES, ids=lambda error: type(error).__name__)
    def test_round_trip(self, error: errors.ProgressionError) -> None:
        """An error comes back from pickle (a study's worker process sends it so) of its class, with its message
        and every attribute, notes included; its ``__init__`` is not called again with the wrong arguments."""
        error.add_note("a note")
        back = pickle.loads(pickle.dumps(error))
        assert (type(error), str(error), error.args, vars(error)) == (type(back), str(back), back.args, vars(back))
