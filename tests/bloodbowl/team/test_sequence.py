"""One post-match sequence: the command line and ``PostMatch`` refuse the same orders in the same words, and a
legal sequence ends in the same team through either."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

import progression
import progression_bloodbowl as bb
from progression import RulePack, ScriptedDice, Sheet
from progression.cli.main import main
from progression.errors import ProgressionError
from progression_bloodbowl.team.sequence import SEQUENCE_TAG, standing

#: Match 1: a 1-0 win, Griselda's touchdown, Otto and Hans nominated, attendance 7.
MATCH = bb.MatchRecord(
    number=1, opponent="Orcs", score=(1, 0), events={"1": {"touchdown": 1}}, mvp_nominees=("2", "3"), fan_attendance=7
)
#: The same match as the command line's options.
MATCH_OPTIONS = ["number=1", "opponent=Orcs", "score=1-0", "events=1:touchdown", "nominees=2,3", "attendance=7"]
#: The dice of the match: the MVP's D6 1 (Otto), Dedicated Fans' D6 6.
MATCH_DICE = "1,6"

Cli = Callable[..., tuple[int, str]]
Step = Callable[[bb.PostMatch], bb.PostMatch]


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    """Run ``progression ...`` in this process: its exit status and what it wrote to stderr."""

    def run(*argv: str) -> tuple[int, str]:
        capsys.readouterr()
        status = main(list(argv))
        return status, capsys.readouterr().err.strip()

    return run


@pytest.fixture
def team_file(team: Sheet, tmp_path: Path) -> Path:
    """The drafted Anvils as a team file."""
    path = tmp_path / "anvils.json"
    path.write_text(progression.dump_sheet(team), encoding="utf-8")
    return path


def _do(cli: Cli, path: Path, action: str, *options: str, dice: str = "") -> tuple[int, str]:
    return cli("sheet", "do", str(path), action, *options, *(["--dice", dice] if dice else []))


def _sheet(pack: RulePack, path: Path) -> Sheet:
    return progression.load_sheet(path.read_text(encoding="utf-8"), pack=pack, verify=True)


def _state(sheet: Sheet) -> tuple[object, ...]:
    """What a team holds, its members' too, without the way its ledger is grouped into entries."""
    members = {m: (p.name, dict(p.pools), dict(p.stats), dict(p.tags), dict(p.owned)) for m, p in sheet.members.items()}
    return dict(sheet.pools), dict(sheet.stats), dict(sheet.tags), dict(sheet.owned), members


def _refusal(make: Callable[[], object], file: Path | None = None) -> str:
    """What ``make`` is refused with, as the command line prints it; with ``file``, the ways it names said as the
    commands that run them on that file (a program is told ``progression.undo`` where a team file's command line
    is told ``progression sheet undo FILE``)."""
    with pytest.raises(ProgressionError) as error:
        make()
    worded = error.value.worded
    return f"progression: {worded.on_command_line(str(file)) if file is not None and worded else error.value}"


#: Illegal orders: the command line's actions before the refused one, the refused one, and the same in PostMatch.
ILLEGAL: dict[str, tuple[list[tuple[str, ...]], tuple[str, ...], list[Step], Step]] = {
    "advance after a hire": (
        [("hire", "position=human_lineman", "name=X")],
        ("advance", "member=2", "type=chosen_primary", "choice=dauntless"),
        [lambda p: p.hire("human_lineman", "X")],
        lambda p: p.advance("2", "chosen_primary", choice="dauntless"),
    ),
    "advance after close": (
        [("close", "number=1")],
        ("advance", "member=2", "type=chosen_primary", "choice=dauntless"),
        [lambda p: p.expensive_mistakes(ScriptedDice([6]))],
        lambda p: p.advance("2", "chosen_primary", choice="dauntless"),
    ),
    "a hire after close": (
        [("close", "number=1")],
        ("hire", "position=human_lineman", "name=X"),
        [lambda p: p.expensive_mistakes(ScriptedDice([6]))],
        lambda p: p.hire("human_lineman", "X"),
    ),
    "staff after close": (
        [("close", "number=1")],
        ("staff", "item=cheerleader"),
        [lambda p: p.expensive_mistakes(ScriptedDice([6]))],
        lambda p: p.buy_staff("cheerleader"),
    ),
    "close twice": (
        [("close", "number=1")],
        ("close", "number=1"),
        [lambda p: p.expensive_mistakes(ScriptedDice([6]))],
        lambda p: p.expensive_mistakes(ScriptedDice([6])),
    ),
}


class TestSameRefusals:
    @pytest.mark.parametrize("order", sorted(ILLEGAL))
    def test_refused_by_both_in_the_same_words(
        self, pack: RulePack, team: Sheet, team_file: Path, cli: Cli, order: str
    ) -> None:
        """The command line accepted ``hire`` then ``advance``, and ``advance`` after ``close``: it now refuses
        every out-of-order step with PostMatch's sentence (exit status 1, a refusal by the rules, as every
        ``OutOfOrder``), and leaves the file as it was."""
        before_cli, refused_cli, before_post, refused_post = ILLEGAL[order]
        post = bb.PostMatch.start(pack, team, MATCH).record_outcome(ScriptedDice([1])).update_fans(ScriptedDice([6]))
        for step in before_post:
            post = step(post)
        expected = _refusal(lambda: refused_post(post), team_file)
        assert (0, "") == _do(cli, team_file, "match", *MATCH_OPTIONS, dice=MATCH_DICE)
        for action in before_cli:
            assert 0 == _do(cli, team_file, *action, dice="6" if action[0] == "close" else "")[0]
        kept = team_file.read_bytes()
        assert (1, expected) == _do(cli, team_file, *refused_cli, dice="6" if refused_cli[0] == "close" else "")
        assert kept == team_file.read_bytes()

    def test_the_sentences(self, pack: RulePack, team: Sheet) -> None:
        """What each refusal says: the match, the step asked and the step already done in the rules' words (never
        the stored ids 'advancement', 'hire', 'mistakes'), and the way back, in a program's words (a league's
        store has one too) and a team file's command line's."""
        post = bb.PostMatch.start(pack, team, MATCH).record_outcome(ScriptedDice([1])).update_fans(ScriptedDice([6]))
        hired = post.hire("human_lineman", "X")
        refused = lambda: hired.advance("2", "chosen_primary", choice="dauntless")  # noqa: E731
        assert (
            "progression: the post-match sequence of match 1: player advancement (step 3) comes before hiring "
            "(step 4), already done: the way back is progression.undo, or League.store.amend in a league's store"
        ) == _refusal(refused)
        assert (
            "progression: the post-match sequence of match 1: player advancement (step 3) comes before hiring "
            "(step 4), already done: the way back is `progression sheet undo anvils.json`"
        ) == _refusal(refused, Path("anvils.json"))
        ended = post.expensive_mistakes(ScriptedDice([6]))
        assert (
            "progression: the post-match sequence of match 1 has ended, at step 5 (Expensive Mistakes): player "
            "advancement (step 3) comes before it; it waits for the next match's sequence (the way back is "
            "`progression sheet undo anvils.json`)"
        ) == _refusal(lambda: ended.advance("2", "chosen_primary", choice="dauntless"), Path("anvils.json"))

    def test_must_advance_in_the_same_words(self, pack: RulePack, team: Sheet, team_file: Path, cli: Cli) -> None:
        """A player holding 14 SPP holds up step 4 on both sides with the same sentence; the league switch
        ``must_advance=no`` (``must_advance=False``) lets both go on."""
        rich = pack.award(team, "spp", 11, reason="earlier matches", member="1")
        team_file.write_text(progression.dump_sheet(rich), encoding="utf-8")
        post = bb.PostMatch.start(pack, rich, MATCH).record_outcome(ScriptedDice([1])).update_fans(ScriptedDice([6]))
        expected = _refusal(lambda: post.hire("human_lineman", "X"))
        assert (  # the way out named, in the command line's words and Python's (it named neither)
            "progression: The post-match sequence waits for an advancement: Griselda holds 14 SPP, at least the 14 a "
            "characteristic improvement costs as advancement 1; an advancement must be taken; advance first (the "
            "action advance, member=1), or, where the league has turned the rule off, give must_advance=no to this "
            "action (must_advance=False in Python)"
        ) == expected
        _do(cli, team_file, "match", *MATCH_OPTIONS, dice=MATCH_DICE)
        assert (1, expected) == _do(cli, team_file, "hire", "position=human_lineman", "name=X")
        assert (1, expected) == _do(cli, team_file, "close", "number=1", dice="6")
        assert 0 == _do(cli, team_file, "hire", "position=human_lineman", "name=X", "must_advance=no")[0]
        switched = bb.PostMatch.start(pack, rich, MATCH, must_advance=False)
        switched = switched.record_outcome(ScriptedDice([1])).update_fans(ScriptedDice([6]))
        assert _state(_sheet(pack, team_file)) == _state(switched.hire("human_lineman", "X").sheet)

    def test_no_skipping_expensive_mistakes(self, pack: RulePack, team: Sheet) -> None:
        """PostMatch let ``prepare_next`` skip Expensive Mistakes and commit: step 6 now waits for step 5."""
        post = bb.PostMatch.start(pack, team, MATCH).record_outcome(ScriptedDice([1])).update_fans(ScriptedDice([6]))
        assert (
            "progression: the post-match sequence of match 1: Expensive Mistakes (step 5) come before preparing "
            "for the next fixture"
        ) == _refusal(post.prepare_next)

    def test_python_calls_check_too(self, pack: RulePack, team: Sheet) -> None:
        """The order is each operation's own check: ``bb.advance`` after ``bb.hire`` in the sequence is refused
        in Python as well, with the same sentence."""
        played = bb.record_match(pack, team, MATCH, ScriptedDice([1, 6]))
        hired = bb.hire(pack, played, "human_lineman", "X")
        with pytest.raises(
            ProgressionError, match=r"player advancement \(step 3\) comes before hiring \(step 4\), already done"
        ):
            bb.advance(pack, hired, "2", "chosen_primary", choice="dauntless")

    def test_a_plain_purchase_keeps_the_order_too(self, pack: RulePack, team: Sheet, team_file: Path, cli: Cli) -> None:
        """``sheet buy FILE chosen_primary --member 2`` bought past step 3 (it went round ``advance``): the
        advancement's own requirement now reads where the team stands, so after ``close`` it is refused with
        the sequence's sentence (a refusal by the rules: exit 1, the file as it was); in step 3 the order
        stands in no purchase's way."""
        ended = "player advancement (step 3) comes before it; it waits for the next match's sequence"
        assert 0 == _do(cli, team_file, "match", *MATCH_OPTIONS, dice=MATCH_DICE)[0]
        played = pack.award(_sheet(pack, team_file), "spp", 6, reason="earlier matches", member="2")
        team_file.write_text(progression.dump_sheet(played), encoding="utf-8")
        in_step_3 = pack.quote(played, "chosen_primary", member="2", choice="dauntless")
        assert 0 == _do(cli, team_file, "close", "number=1", dice="6")[0]
        kept = team_file.read_bytes()
        status, said = cli("sheet", "buy", str(team_file), "chosen_primary", "--member", "2", "--choice", "dauntless")
        assert ((), 1, True, kept) == (in_step_3.unmet, status, ended in said, team_file.read_bytes())

    def test_outside_a_sequence(self, pack: RulePack, team: Sheet) -> None:
        """Before the first match of a season the team is in no sequence: a draft hires, fires and buys freely."""
        hired = bb.fire(pack, bb.hire(pack, team, "human_lineman", "X"), "12")
        assert (None, "12" not in hired.members) == (standing(hired), True)

    def test_a_new_season_leaves_the_sequence(self, pack: RulePack, team: Sheet) -> None:
        """The sequence belongs to its season: after a new season the team hires again, as in a re-draft."""
        ended = bb.operations.expensive_mistakes(
            pack, bb.record_match(pack, team, MATCH, ScriptedDice([1, 6])), ScriptedDice([6]), number=1
        )
        assert "1:1:mistakes" == ended.tags[SEQUENCE_TAG]
        later = bb.new_season(pack, ended)
        assert (None, "X") == (standing(later), bb.hire(pack, later, "human_lineman", "X").member("12").name)

    def test_fans_follow_the_recorded_outcome(self, pack: RulePack, team: Sheet) -> None:
        """Dedicated Fans read the record whose outcome was recorded: a record that tells another result (an
        amendment of step 1 alone) is refused rather than moving the fans on the old score."""
        import attrs

        played = bb.operations.record_outcome(pack, team, MATCH, ScriptedDice([1]))
        lost = attrs.evolve(MATCH, score=(0, 1), events={})
        with pytest.raises(ProgressionError) as error:
            bb.operations.update_fans(pack, played, lost, ScriptedDice([6]))
        assert (
            "the Dedicated Fans of match 1 follow its recorded outcome (win 1-0 against Orcs), got a record of a "
            "loss 0-1 against Orcs; amend both steps, or record the match as one entry"
        ) == str(error.value)


class TestSameTeam:
    def test_a_legal_sequence_from_both(self, pack: RulePack, team: Sheet, team_file: Path, cli: Cli) -> None:
        """Match 1 with a death, an advancement, a hire, a cheerleader and Expensive Mistakes: the command line's
        actions and PostMatch end in the same team (the dead gone, the sequence closed), and both verify. PostMatch
        goes on to step 6, which the command line has no action for, and records it: only where the sequence stands
        differs (step 6 against step 5), which changes nothing the next match does."""
        record = bb.MatchRecord(
            number=1,
            opponent="Orcs",
            score=(1, 0),
            events={"1": {"touchdown": 1}},
            mvp_nominees=("1",),
            injuries={"7": "dead"},
            fan_attendance=7,
        )
        options = ["number=1", "opponent=Orcs", "score=1-0", "events=1:touchdown", "nominees=1", "injuries=7:dead"]
        post = bb.PostMatch.start(pack, team, record).record_outcome(ScriptedDice([])).update_fans(ScriptedDice([6]))
        post = post.advance("1", "chosen_primary", choice="dauntless").hire("human_lineman", "Rookie")
        post = post.buy_staff("cheerleader").expensive_mistakes(ScriptedDice([6])).prepare_next()
        committed = post.commit()
        for action, *rest in [
            ("match", *options, "attendance=7"),
            ("advance", "member=1", "type=chosen_primary", "choice=dauntless"),
            ("hire", "position=human_lineman", "name=Rookie"),
            ("staff", "item=cheerleader"),
            ("close", "number=1"),
        ]:
            dice = {"match": "6", "close": "6"}.get(action, "")  # the only nominee is MVP unrolled
            assert (0, "") == _do(cli, team_file, action, *rest, dice=dice), action
        typed = _sheet(pack, team_file)
        assert _state(attrs.evolve(committed, tags={**committed.tags, SEQUENCE_TAG: "1:1:mistakes"})) == _state(typed)
        assert ("7" not in typed.members, (1,), "1:1:mistakes", "1:1:prepare") == (
            True,
            bb.queries.closed_matches(typed),
            typed.tags[SEQUENCE_TAG],
            committed.tags[SEQUENCE_TAG],
        )
        assert (True, True) == (progression.verify(committed, pack).ok, progression.verify(typed, pack).ok)
        assert (0, "") == cli("sheet", "verify", str(team_file))


def _without_tag(node: object) -> object:
    """The saved data with every event that moves the ``postmatch`` tag left out (a file of an earlier version)."""
    if isinstance(node, list):
        kept = [
            item
            for item in node
            if not (isinstance(item, dict) and SEQUENCE_TAG in item.get("effect", {}).get("tags", {}))
        ]
        return [_without_tag(item) for item in kept]
    if isinstance(node, dict):
        return {key: _without_tag(value) for key, value in node.items()}
    return node


class TestFilesOfAnEarlierVersion:
    def test_a_match_recorded_before_the_tag(self, pack: RulePack, team: Sheet) -> None:
        """A team file whose match 1 was recorded before the sequence was (no ``postmatch`` tag) stands in that
        match's sequence at Dedicated Fans: the dead leave at the first step-4 operation, an advancement after a
        hire is refused, and ``close`` ends the sequence."""
        record = attrs.evolve(MATCH, injuries={"7": "dead"})
        played = bb.record_match(pack, team, record, ScriptedDice([1, 6]))
        data = _without_tag(json.loads(progression.dump_sheet(played)))
        old = progression.load_sheet(json.dumps(data), pack=pack, tampered="read")
        assert (None, "1") == (
            old.tags.get(SEQUENCE_TAG),
            str(standing(bb.hire(pack, old, "human_lineman", "X")).number),
        )
        hired = bb.hire(pack, old, "human_lineman", "X")
        assert "7" not in hired.members
        with pytest.raises(
            ProgressionError, match=r"player advancement \(step 3\) comes before hiring \(step 4\), already done"
        ):
            bb.advance(pack, hired, "2", "chosen_primary", choice="dauntless")
        assert (1,) == bb.queries.closed_matches(
            bb.operations.expensive_mistakes(pack, old, ScriptedDice([6]), number=1)
        )
