"""A scripted Blood Bowl season: a Human team drafted on 1,000,000, three matches, every step printed.

Run it with ``python examples/bloodbowl_season.py``. The dice are scripted (as if read
off the table), so every run prints the same season. ``season()`` returns the team
after each stage so the test suite can check the numbers.
"""

from __future__ import annotations

from collections.abc import Callable

import progression
import progression_bloodbowl as bb
from progression import RulePack, ScriptedDice, Sheet

HUMANS = [
    ("human_blitzer", "Griselda"),
    ("human_blitzer", "Otto"),
    ("human_thrower", "Hans"),
    ("human_catcher", "Lena"),
    ("human_catcher", "Kurt"),
    *[("human_lineman", f"Lineman {n}") for n in range(1, 7)],
]


def show_values(pack: RulePack, team: Sheet, say: Callable[[str], None]) -> None:
    """Say the team's TV, CTV and treasury."""
    tv, ctv = bb.team_value(pack, team), bb.current_team_value(pack, team)
    say(
        f"  TV {tv.total:,}   CTV {ctv.total:,}   treasury {team.pools['treasury']:,}   Dedicated Fans {team.stats['dedicated_fans']}"
    )


def finish(pack: RulePack, post: bb.PostMatch, say: Callable[[str], None]) -> Sheet:
    """Say each operation of a post-match sequence, then commit it as one step."""
    for line in post.report():
        say(f"  {line}")
    team = post.commit()
    show_values(pack, team, say)
    return team


def season(say: Callable[[str], None] = print) -> dict[str, Sheet]:
    """Play the season; return the team at each checkpoint."""
    pack = progression.load("bloodbowl")
    seen: dict[str, Sheet] = {}
    team = bb.draft(pack, "human", "Altdorf Anvils", HUMANS, rerolls=2, apothecary=True, dedicated_fans=1, captain=0)
    say("Draft: 2 Blitzers, a Thrower, 2 Catchers, 6 Linemen, 2 re-rolls, an Apothecary, one more Dedicated Fan.")
    say("  Griselda is the Team Captain: Pro for free.")
    show_values(pack, team, say)
    seen["draft"] = team

    say("Match 1 against the Orcs: won 2-1.")
    match = bb.MatchRecord(
        number=1,
        opponent="Orcs",
        score=(2, 1),
        events={"1": {"touchdown": 1, "casualty": 1}, "3": {"completion": 2}, "4": {"touchdown": 1}},
        mvp_nominees=("1", "2", "3", "4", "5", "6"),
        injuries={"6": "seriously_hurt"},
        fan_attendance=8,
    )
    post = bb.PostMatch.start(pack, team, match)
    post = post.record_outcome(ScriptedDice([4]))  # MVP: nominee 4, Lena
    post = post.update_fans(ScriptedDice([3]))  # a win, D6 3 >= 2 fans: one more
    # Griselda: random General skill. Pro (1-6) is hers already: rolled again, Dauntless (1-2); then Wrestle (4-6).
    post = post.advance("1", "random_primary", choice="G", dice=ScriptedDice([1, 6, 1, 2, 4, 6]), decisions=["wrestle"])
    post = post.advance("4", "chosen_primary", choice="sure_feet")
    post = post.hire("human_lineman", "Lineman 7")
    post = post.buy_staff("team_reroll")  # 100,000 after the draft, valued 50,000
    post = post.expensive_mistakes(ScriptedDice([]))  # under 100,000: no roll
    post = post.prepare_next()
    team = finish(pack, post, say)
    seen["match 1"] = team
    for member in ("1", "3", "4"):
        say(f"  SPP of #{member}: {bb.queries.spp_account(pack, team, member).total}")

    say("Match 2 against the Skaven: lost 0-1. Lineman 1 sits it out.")
    match = bb.MatchRecord(
        number=2,
        opponent="Skaven",
        score=(0, 1),
        events={"2": {"casualty": 1}, "5": {"interception": 1}},
        mvp_nominees=("2", "3", "5", "7", "9"),
        injuries={"2": "lasting_injury:av", "7": "serious_injury", "8": "dead"},
        fan_attendance=6,
    )
    post = bb.PostMatch.start(pack, team, match)
    post = post.record_outcome(ScriptedDice([6, 2]))  # MVP: 6 has no nominee, rolled again: 2, Hans
    post = post.update_fans(ScriptedDice([2]))  # a loss, D6 2 < 3 fans: one fewer
    # Hans: random Passing skill. Pass (4-4) he has: rolled again, Accurate (1-1); Accurate again: imposed.
    post = post.advance("3", "random_primary", choice="P", dice=ScriptedDice([4, 4, 1, 1, 1, 1]))
    post = post.retire("2")  # Otto's Lasting Injury: temporarily retired for the season
    post = post.expensive_mistakes(ScriptedDice([1, 2]))  # 110,000: D6 1, Minor Incident, D3 2: -20,000
    post = post.prepare_next()
    team = finish(pack, post, say)
    seen["match 2"] = team

    say(
        "Match 3 against the Wood Elves: two journeymen, #13 and #14, fill the team to 11 (#8, dead, keeps his number)."
    )
    team = bb.operations.add_journeymen(pack, team, ["Jonas", "Jakob"])
    show_values(pack, team, say)
    seen["before match 3"] = team
    match = bb.MatchRecord(
        number=3,
        opponent="Wood Elves",
        score=(1, 1),
        events={"13": {"touchdown": 1}, "4": {"casualty": 1}},
        mvp_nominees=("1", "3", "4", "13"),
        fan_attendance=9,
    )
    post = bb.PostMatch.start(pack, team, match)
    post = post.record_outcome(ScriptedDice([4]))  # MVP: nominee 4, Jonas the journeyman
    post = post.update_fans(ScriptedDice([]))  # a draw: no roll
    post = post.advance("13", "random_primary", choice="G", dice=ScriptedDice([1, 5, 2, 3]), decisions=["kick"])
    post = post.hire_journeyman("13")  # his Current Value: 50,000 + 20,000
    post = post.expensive_mistakes(ScriptedDice([]))
    post = post.prepare_next()
    team = finish(pack, post, say)
    seen["match 3"] = team
    jonas = team.member("13")
    say(
        f"  Jonas stays: {bb.queries.profile(jonas)}, skills {', '.join(sorted(jonas.owned))}, {jonas.pools['spp']} SPP kept"
    )
    say("The Current Team Value, item by item:")
    for line in bb.current_team_value(pack, team).lines():
        say(line)
    return seen


if __name__ == "__main__":
    season()
