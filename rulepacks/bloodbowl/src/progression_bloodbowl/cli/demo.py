"""The pack's demonstration: a short season told step by step, with scripted dice."""

from __future__ import annotations

from collections.abc import Callable

from progression import RulePack, ScriptedDice, Sheet
from progression.errors import InvalidInput

from ..data.access import data_of
from ..inducements.order import Order, induce, inducement_budget, match_notes
from ..inducements.pitch import Pitch, Profile
from ..inducements.spells import cast_spell, fireball, set_up
from ..league.season import redraft, redraft_budget
from ..league.standings import award_prize, league_points
from ..match.outcome import MatchRecord
from ..match.postmatch import PostMatch
from ..team.journeymen import add_journeymen
from ..team.roster import draft
from ..team.story import told_since
from ..team.values import current_team_value, current_value, team_value

__all__ = ["demo"]

Say = Callable[[str], None]


def _values(pack: RulePack, team: Sheet, say: Say) -> None:
    say(
        f"  TV {team_value(pack, team).total:,}, CTV {current_team_value(pack, team).total:,}, treasury {team.pools['treasury']:,}"
    )


def _draft(pack: RulePack, say: Say) -> Sheet:
    players = [("human_blitzer", "Griselda"), ("human_thrower", "Hans"), ("human_catcher", "Lena")]
    players += [("human_lineman", f"Lineman {n}") for n in range(1, 9)]
    team = draft(pack, "human", "Altdorf Anvils", players, rerolls=3, captain=0)
    say("Drafted the Altdorf Anvils (Human) on 1,000,000: 11 players and 3 re-rolls; Griselda is captain (Pro).")
    _values(pack, team, say)
    return team


def _first_match(pack: RulePack, team: Sheet, say: Say) -> Sheet:
    record = MatchRecord(
        number=1,
        opponent="Orcs",
        score=(2, 0),
        events={"1": {"touchdown": 2}, "2": {"completion": 2}, "4": {"casualty": 1}},
        mvp_nominees=("1", "2", "3", "4"),
        injuries={"5": "seriously_hurt", "6": "lasting_injury:ma"},
        fan_attendance=7,
    )
    say("Match 1 against the Orcs, won 2-0; the post-match sequence, step by step:")
    post = PostMatch.start(pack, team, record)
    post = post.record_outcome(ScriptedDice([4]))
    post = post.update_fans(ScriptedDice([5]))
    post = post.advance(
        "1", "random_primary", choice="G", dice=ScriptedDice([1, 1, 2, 2, 5, 5]), decisions=["dauntless"]
    )
    post = post.advance("4", "chosen_primary", choice="wrestle")
    post = post.retire("6")
    post = post.expensive_mistakes(ScriptedDice([6]))
    post = post.prepare_next()
    for line in post.report():
        say(f"  {line}")
    team = post.commit()
    griselda = team.member("1")
    say(f"  Griselda's Current Value, explained: {current_value(pack, griselda).total:,}")
    for line in current_value(pack, griselda).lines():
        say(f"  {line}")
    _values(pack, team, say)
    return team


def _inducements(pack: RulePack, team: Sheet, say: Say) -> Sheet:
    """Match 2: petty cash hires Griff Oberwald and the Sports-Wizard, whose Fireball hits three Dwarfs."""
    money = inducement_budget(pack, team, 1_250_000)
    say(f"  The Dwarfs' CTV is 1,250,000: petty cash {money.petty_cash:,}, up to {money.treasury:,} from the treasury.")
    before = team
    team = induce(pack, team, Order(stars=("griff_oberwald",), wizards=("sports_wizard",)), money, match=2)
    for line in told_since(pack, before, team):
        say(f"    {line}")
    lineman = data_of(pack).teams["dwarf"].position("dwarf_lineman")
    if lineman is None:
        msg = "the demo plays Dwarf Linemen, but this pack's Dwarf roster has no position 'dwarf_lineman'"
        raise InvalidInput(msg)
    dwarf = Profile(
        ma=lineman.ma, st=lineman.st, ag=lineman.ag, pa=lineman.pa, av=lineman.av, skills=frozenset(lineman.skills)
    )
    pitch = set_up(Pitch.empty(pack), "home", team, {"griff_oberwald": (12, 7)})
    for n, square in enumerate([(14, 6), (14, 7), (15, 8)], start=1):
        pitch = pitch.place(("away", str(n)), f"{lineman.label.en} {n}", dwarf, square)
    pitch = pitch.with_ball(("away", "2"))
    outcome = fireball(pack, pitch, (14, 7), ScriptedDice([5, 4, 2, 6, 5, 5, 4, 5, 1, 8, 3, 5]))
    team = cast_spell(pack, team, outcome)
    say("  At the end of a Dwarf turn the Sports-Wizard casts Fireball on (14, 7):")
    for line in outcome.lines:
        say(f"    {line}")
    return team


def _second_match(pack: RulePack, team: Sheet, say: Say) -> Sheet:
    before = team
    team = add_journeymen(pack, team, ["Jonas", "Jakob"])
    say("Match 2: Lineman 2 misses it and Lineman 3 is retired, so two journeymen (Loner (4+)) join.")
    for line in told_since(pack, before, team):
        say(f"    {line}")
    team = _inducements(pack, team, say)
    record = MatchRecord(
        number=2,
        opponent="Dwarfs",
        score=(1, 1),
        events={"12": {"touchdown": 1}, "griff_oberwald": {"completion": 1}},
        mvp_nominees=("1", "12"),
        fan_attendance=6,
        extra=match_notes(team),
    )
    post = PostMatch.start(pack, team, record)
    post = post.record_outcome(ScriptedDice([2]))
    post = post.update_fans(ScriptedDice([]))
    post = post.advance("12", "random_primary", choice="G", dice=ScriptedDice([1, 6, 1, 6]))
    post = post.hire_journeyman("12")
    post = post.expensive_mistakes(ScriptedDice([3, 1]))
    post = post.prepare_next()
    for line in post.report():
        say(f"  {line}")
    team = post.commit()
    _values(pack, team, say)
    return team


def _season_end(pack: RulePack, team: Sheet, say: Say) -> None:
    say("The season ends. League points, read back from the results on the ledger:")
    for item in league_points(pack, team).items:
        say(f"    {item}")
    team = award_prize(pack, team, 2)
    say("Second in the play-offs: 60,000 gp. The re-draft budget:")
    for item in redraft_budget(pack, team).items:
        say(f"    {item}")
    after = redraft(pack, team, ScriptedDice([4] * 8), keep=sorted(team.members, key=int), rerolls=3)
    say("The off-season and the re-draft: everyone re-hired at Current Value plus 20,000 a season, 3 re-rolls again:")
    for line in told_since(pack, team, after)[1:8]:
        say(f"    {line}")
    say("    ... and so on for each player")
    _values(pack, after, say)


def demo(pack: RulePack, say: Say) -> None:
    """Blood Bowl: draft a team, play two matches (a Star Player and a Fireball in the second), advance, re-draft."""
    team = _draft(pack, say)
    team = _first_match(pack, team, say)
    _season_end(pack, _second_match(pack, team, say), say)
