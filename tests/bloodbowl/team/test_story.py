"""One narrator: ``progression sheet history`` and the pack's story tell the same entry in the same sentences."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

import progression
import progression.events
import progression_bloodbowl as bb
from progression import RulePack, ScriptedDice, Sheet
from progression.authoring import Narrator
from progression.cli.main import main
from progression_bloodbowl.team.story import tell, told_since

RECORD = bb.MatchRecord(
    number=1,
    opponent="Orcs",
    score=(1, 0),
    events={"1": {"touchdown": 1}},
    mvp_nominees=("2",),
    injuries={"7": "dead"},
    fan_attendance=7,
)


def _season(pack: RulePack, team: Sheet) -> Sheet:
    """A match with a death, an advancement, a hire, Expensive Mistakes: one entry each."""
    after = bb.record_match(pack, team, RECORD, ScriptedDice([1, 6]))
    after = pack.award(after, "spp", 3, reason="a bonus", member="1")
    after = bb.advance(pack, after, "1", "chosen_primary", choice="dauntless")
    after = bb.hire(pack, after, "human_lineman", "Rookie")
    return bb.operations.expensive_mistakes(pack, after, ScriptedDice([6]), number=1)


def _history(capsys: pytest.CaptureFixture[str], path: Path) -> dict[int, list[str]]:
    """``progression sheet history FILE``: the lines of each entry, by its number, without the table's columns."""
    capsys.readouterr()
    assert 0 == main(["sheet", "history", str(path)])
    entries: dict[int, list[str]] = {}
    for line in capsys.readouterr().out.splitlines()[2:]:  # the header and its rule
        number, _, text = line.strip().partition(" ")
        if number.isdigit():
            entries[int(number)] = [text.strip()]
        elif entries:
            entries[max(entries)].append(line.strip())
    return entries


def _rolls(event: progression.events.Event) -> Iterator[progression.events.Rolled]:
    """The rolls in an entry, however deep."""
    if isinstance(event, progression.events.Rolled):
        yield event
    for inner in getattr(event, "events", ()):
        yield from _rolls(inner)
    if isinstance(event, progression.events.Member):
        yield from _rolls(event.event)


class TestOneNarrator:
    def test_history_and_story_agree(
        self, pack: RulePack, team: Sheet, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Every entry of a team's post-match sequence: the command line's history prints exactly the lines the
        pack's story (PostMatch.report, the demo) tells for it."""
        season = _season(pack, team)
        path = tmp_path / "anvils.json"
        path.write_text(progression.dump_sheet(season), encoding="utf-8")
        history = _history(capsys, path)
        first = len(team.ledger) + 1
        for number in range(first, len(season.ledger) + 1):
            story = told_since(pack, season.at(number - 1), season.at(number))
            assert [line.strip() for line in story] == history[number], number

    def test_the_sentences(self, pack: RulePack, team: Sheet) -> None:
        """The match told in the pack's words: players named, the dead leaving, the hire's position, what an
        advancement gains; the sequence's bookkeeping left out."""
        season = _season(pack, team)
        lines = [line.strip() for line in told_since(pack, team, season)]
        assert "Griselda (1): +3 Star Player Points: match 1: 1 touchdown x 3" in lines
        assert "Lineman 2 (7): match 1: Dead: leaves the roster after the match" in lines
        assert "hired a Human Lineman for 50,000 gp" in lines
        assert "gains Dauntless" in lines
        assert "Lineman 2 (7) left: dead" in lines
        assert not [line for line in lines if "post-match sequence at" in line]

    def test_a_hire_takes_the_article_of_its_position(self, pack: RulePack) -> None:
        """An Orc Blitzer is hired as "an Orc Blitzer", a Human Lineman as "a Human Lineman"."""
        orcs = bb.create_team(pack, "orc", name="Gouged Eye")
        lines = [line.strip() for line in told_since(pack, orcs, bb.hire(pack, orcs, "orc_blitzer", "Grub"))]
        assert "hired an Orc Blitzer for 85,000 gp" in lines

    def test_a_random_skill_rolled_again_says_why(self, pack: RulePack, team: Sheet) -> None:
        """The category is named, each roll of a random skill names the skill it gave, and a roll made again says
        that the skill rolled before it is one the player has (Griselda, a Blitzer, starts with Block)."""
        before = pack.award(team, "spp", 6, reason="a bonus", member="1")
        dice = ScriptedDice([3, 1, 6, 3, 3, 3])
        after = bb.advance(pack, before, "1", "random_primary", choice="G", dice=dice, decisions=["sure_hands"])
        assert [line.strip() for line in told_since(pack, before, after)][1:5] == [
            "started Random primary skill (General), paid 3 Star Player Points",
            "rolled 2D6 for first General skill: 3, 1 (Block)",
            "Block is already owned: rolled again 2D6 for first General skill: 6, 3 (Sure Hands)",
            "rolled 2D6 for second General skill: 3, 3 (Fend)",
        ]

    def test_an_mvp_rolled_again_says_why(self, pack: RulePack, team: Sheet) -> None:
        """Among two nominees a 5 names nobody: the D6 made again says so (it read as two rolls for one MVP)."""
        record = attrs.evolve(RECORD, mvp_nominees=("2", "3"), injuries={})
        after = bb.record_match(pack, team, record, ScriptedDice([5, 2, 1]))
        lines = [line.strip() for line in told_since(pack, team, after)]
        at = lines.index("rolled 1D6 for MVP 1: 5")
        assert lines[at + 1 : at + 3] == [
            "5 names no nominee: rolled again 1D6 for MVP 1: 2",
            "Hans (3): +4 Star Player Points: match 1: MVP (nominee 2)",
        ]

    def test_a_hand_edited_roll_is_told_without_its_skill(self, pack: RulePack) -> None:
        """A skill roll whose dice no 2D6 shows (an edited file) is told by the core; a roll after it still names
        its skill, with no reason made up."""
        started = progression.events.Started(upgrade="random_primary", choice="G", price={"spp": 3})
        odd = progression.events.Rolled(label="first General skill", sides=6, results=(9,))
        good = progression.events.Rolled(label="first General skill", sides=6, results=(3, 1))
        step = progression.events.Step(label="advance", events=(started, odd, good))
        narrator = Narrator(pack)
        lines = narrator.outline(step)
        assert [narrator.core(odd), f"{narrator.core(good)} (Block)"] == [line.strip() for line in lines[2:]]

    def test_other_rolls_are_told_by_the_core(self, pack: RulePack, team: Sheet) -> None:
        """A roll outside a random skill (the MVP's D6 here) says its dice alone."""
        narrator = Narrator(pack).within(team)
        step = bb.record_match(pack, team, RECORD, ScriptedDice([1, 6])).ledger[-1]
        rolls = list(_rolls(step))
        assert rolls
        assert all(narrator.event(roll) == narrator.core(roll) for roll in rolls)

    def test_one_entry_one_sentence(
        self, pack: RulePack, team: Sheet, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """``history --json`` gives each entry the one-line sentence of the same narrator."""
        season = _season(pack, team)
        path = tmp_path / "anvils.json"
        path.write_text(progression.dump_sheet(season), encoding="utf-8")
        capsys.readouterr()
        assert 0 == main(["sheet", "history", str(path), "--json"])
        data = json.loads(capsys.readouterr().out)
        narrator = Narrator(pack).within(season, events=season.ledger)
        assert [narrator.event(entry) for entry in season.ledger] == [row["text"] for row in data]

    def test_tell_is_the_narrator(self, pack: RulePack, team: Sheet) -> None:
        """The pack's ``tell`` is the narrator's outline, its members named from the team."""
        season = _season(pack, team)
        entry = season.ledger[-1]
        assert Narrator(pack).within(season).outline(entry) == tell(pack, [entry], season)


class TestTheHook:
    def test_a_pack_without_one(self) -> None:
        """A pack with no narration is told by the core alone."""
        pack = attrs.evolve(progression.load("competence"), narration=None)
        award = progression.events.Awarded(pool="xp", amount=1500, reason="a quest")
        narrator = Narrator(pack)
        assert narrator.core(award) == narrator.event(award)
        assert narrator.event(award).startswith("+1,500 ")

    def test_bookkeeping_is_untold(self, pack: RulePack) -> None:
        """The sequence's tag is told as nothing; any other adjustment by its reason."""
        from progression_bloodbowl.team.sequence import reached

        effect, reason = reached(1, 1, "hire")
        moved = progression.events.Adjusted(effect=effect, reason=reason)
        narrator = Narrator(pack)
        assert ("", []) == (narrator.event(moved), narrator.outline(moved))
        adjusted = progression.events.Adjusted(
            effect=progression.Effect(tags={"drafted": "yes"}), reason="draft complete"
        )
        assert "draft complete" == narrator.event(adjusted)
