"""The shipped packs' sheets in a store: a Blood Bowl team after a season (a roster whose players' ledgers come
from the team's) and a competence character go in verified, come back equal, and go on through the store."""

from __future__ import annotations

import progression
import progression.operations
import progression_bloodbowl as bb
from progression import SeededDice

LINEMEN = [("human_lineman", f"L{n}") for n in range(1, 12)]


def season(pack: progression.RulePack) -> progression.Sheet:
    """A drafted team, a post-match sequence with an advancement and a hire, a second match, a new season."""
    dice = SeededDice(7)
    team = bb.draft(pack, "human", "Reikland", LINEMEN, rerolls=2)
    first = bb.MatchRecord(
        number=1,
        opponent="Orcs",
        score=(2, 1),
        events={"1": {"touchdown": 2}, "2": {"casualty": 1}},
        injuries={"4": "badly_hurt"},
    )
    sequence = bb.PostMatch.start(pack, team, first).record_outcome(dice).update_fans(dice)
    sequence = sequence.advance("1", "chosen_primary", choice="block").hire("human_blitzer", "Bruno")
    team = sequence.expensive_mistakes(dice).prepare_next().commit()
    second = bb.MatchRecord(number=2, opponent="Orcs", score=(0, 0))
    team = bb.operations.update_fans(pack, bb.operations.record_outcome(pack, team, second, dice), second, dice)
    return bb.new_season(pack, bb.operations.expensive_mistakes(pack, team, dice, number=2), dice)


class TestBloodBowl:
    def test_a_team_goes_in_and_plays_on(self, where) -> None:
        """A team after a season is stored verified and read back equal, members and their ledgers included;
        a match recorded through the store (one ``bloodbowl.match`` operation) is what the pack gives."""
        pack = progression.load("bloodbowl")
        team = season(pack)
        with progression.open_store(where, pack) as store:
            store.add("reikland", team)
            stored = store.sheet("reikland")
            assert (team, team.member("1").ledger) == (stored, stored.member("1").ledger)
            match = bb.MatchRecord(number=1, opponent="Orcs", score=(1, 0), events={"1": {"touchdown": 1}})
            operation = pack.operations["bloodbowl.match"](match=match)
            after = store.run("reikland", operation, SeededDice(3))[0]
            expected = progression.run(pack, team, operation, SeededDice(3))[0]
            assert (expected, expected) == (after, store.sheet("reikland"))
            assert store.verify("reikland").ok


class TestCompetence:
    def test_a_character_goes_in_and_plays_on(self, where) -> None:
        """A competence character is stored, awarded through the store, and verifies."""
        pack = progression.load("competence")
        with progression.open_store(where, pack) as store:
            store.add("ana", pack.new_sheet("character", "Ana"))
            pool = next(iter(store.sheet("ana").pools))
            after = store.run("ana", progression.operations.Award(pool=pool, amount=4, reason="a duel"))[0]
            assert (4, after, True) == (after.pools[pool], store.sheet("ana"), store.verify("ana").ok)
