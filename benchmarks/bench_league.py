"""Target 3: a league season, 1,000 teams of 11 players playing 15 matches each.

After each match the players who scored are awarded their Star Player Points and
buy random primary skills while they can afford one; the floor runs the same script on
plain dicts (a balance, an advancement count and a list of what happened per player).

With the Blood Bowl pack installed, each match is its whole post-match sequence
(``progression_bloodbowl.PostMatch``: outcome and SPP, fans, advancements rolled and
kept, expensive mistakes, one ledger step per match), and so is the floor: the same
arithmetic with the same dice, on plain dicts (checked: the same SPP, advancements,
skills, treasury and fans). Without the pack, a pack of the same shape is built here
(a player kind with an SPP pool, table-priced advancements) and driven through the
core's ``award``, ``quote``, ``purchase`` and ``mark``, against the SPP-only floor.
"""

from __future__ import annotations

import contextlib
import gc
import random
import time
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

import guarded_league
from timing import Row, human, seconds

import progression
import progression.events
from progression import Effect, RulePack
from progression.authoring import Currency, CurveCost, Kind, Label, Limit, PoolSpec, StatSpec, Upgrade
from progression.curves import TableCurve

PLAYERS = 11
#: The price of the cheapest advancement (a random primary skill), by advancements already taken.
COSTS = (3, 4, 6, 8, 10, 15)
#: What a scorer earns: touchdowns, casualties, completions, and the MVP.
AWARDS = (("touchdown", 3), ("casualty", 2), ("completion", 1), ("mvp", 4))

#: One match of one team: who earned what (player index, reason, points).
Match = list[tuple[int, str, int]]


def shaped_pack() -> RulePack:
    """A pack shaped like Blood Bowl's advancement rules, built in Python."""
    same = Label.same
    return RulePack(
        name="league",
        title=same("League benchmark"),
        currencies=[Currency(id="spp", label=same("Star Player Points"))],
        pools=[PoolSpec(id="spp", label=same("Star Player Points"), currency="spp")],
        stats=[StatSpec(id="advancements", label=same("Advancements"), maximum=6)],
        curves=[TableCurve(name="random_primary", values=COSTS)],
        upgrades=[
            Upgrade(
                id="random_primary",
                label=same("Random primary skill"),
                pools=("spp",),
                cost=CurveCost(curve="random_primary", axis="advancements"),
                effect=Effect(stats={"advancements": 1}),
                limit=Limit(maxima={"advancements": 6}),
                kinds=("player",),
            )
        ],
        kinds=[
            Kind(id="player", label=same("Player"), pools=("spp",), stats=("advancements",)),
            Kind(id="team", label=same("Team"), members=("player",)),
        ],
    )


def schedule(teams: int, matches: int, seed: int = 2025) -> list[list[Match]]:
    """For each team, each match's scorers: decided before the clock starts."""
    dice = random.Random(seed)
    season = []
    for _ in range(teams):
        games = []
        for _ in range(matches):
            game = [
                (dice.randrange(PLAYERS), reason, points)
                for reason, points in AWARDS[:3]
                for _ in range(dice.randint(0, 2))
            ]
            game.append((dice.randrange(PLAYERS), "mvp", 4))
            games.append(game)
        season.append(games)
    return season


def with_library(pack: RulePack, season: list[list[Match]], *, compact: bool = False) -> list[progression.Sheet]:
    """The season through the library: award, quote, purchase and a mark per match, on team rosters; with
    ``compact``, each team compacted after each match."""
    teams = []
    for number, games in enumerate(season):
        team = pack.new_sheet("team", f"team {number}")
        for index in range(PLAYERS):
            team = progression.join(team, f"p{index}", pack.new_sheet("player", f"player {index}"))
        for match, game in enumerate(games, start=1):
            for index, reason, points in game:
                team = pack.award(team, "spp", points, reason=reason, member=f"p{index}")
            for index in sorted({index for index, _, _ in game}):
                while pack.quote(team, "random_primary", member=f"p{index}").ok:
                    team = pack.purchase(team, "random_primary", member=f"p{index}")
            team = progression.mark(team, f"match {match}")
            if compact:
                team = progression.compact(team)
        teams.append(team)
    return teams


#: The Human team every league team drafts (as in examples/bloodbowl_season.py): member ids 1 to 11.
HUMANS = [
    ("human_blitzer", "Griselda"),
    ("human_blitzer", "Otto"),
    ("human_thrower", "Hans"),
    ("human_catcher", "Lena"),
    ("human_catcher", "Kurt"),
    *[("human_lineman", f"Lineman {n}") for n in range(1, 7)],
]


#: The Fan Attendance of each match beyond the team's own Dedicated Fans: its D3 (2) and the opponent's Fan Factor
#: (3), so that it is a crowd the rules allow whatever the team's fans have become.
CROWD = 5


def with_bloodbowl(pack: RulePack, season: list[list[Match]], *, compact: bool = False) -> list[progression.Sheet]:
    """The season through the Blood Bowl pack: one post-match sequence per match; with ``compact``, each team
    compacted after each match (:func:`progression.compact`: its history kept as text), as a program that keeps a
    league's teams in memory for long would.

    The MVP is the only nominee (so no die is rolled for it) and each random skill keeps
    the first of the two offered, so the SPP spent are the floor's whatever the dice.
    """
    import progression_bloodbowl as bb

    dice = progression.SeededDice(2025)
    teams = []
    # Drafted once, as both floors' teams are: every team starts from it (a sheet is immutable), so that the ratio
    # compares the season, not the draft the floors leave out (it was 7 % of the library's time).
    drafted = bb.draft(pack, "human", "team", HUMANS, rerolls=2, apothecary=True)
    if compact:
        drafted = progression.compact(drafted)
    for games in season:
        team = drafted
        for match, game in enumerate(games, start=1):
            events: dict[str, dict[str, int]] = {}
            for index, reason, _ in game[:-1]:
                counts = events.setdefault(str(index + 1), {})
                counts[reason] = counts.get(reason, 0) + 1
            record = bb.MatchRecord(
                number=match,
                opponent="Orcs",
                score=(sum(c.get("touchdown", 0) for c in events.values()), 1),
                events=events,
                mvp_nominees=(str(game[-1][0] + 1),),
                fan_attendance=team.stats["dedicated_fans"] + CROWD,
            )
            post = bb.PostMatch.start(pack, team, record).record_outcome(dice).update_fans(dice)
            for index in sorted({index for index, _, _ in game}):
                member = str(index + 1)
                while pack.quote(post.sheet, "random_primary", choice="G", member=member).ok:
                    post = post.advance(member, "random_primary", choice="G", dice=dice)
                    pending = post.sheet.member(member).pending
                    if pending is not None and pending.question is not None:
                        post = post.decide(member, pending.question[1][0])
            team = post.expensive_mistakes(dice).prepare_next().commit()
            if compact:
                team = progression.compact(team)
        teams.append(team)
    return teams


def bloodbowl_start(pack: RulePack) -> dict[str, Any]:
    """What the plain-dict floor starts a Blood Bowl team from: the rule numbers and a drafted team, read once."""
    import progression_bloodbowl as bb

    data = pack.data
    team = bb.draft(pack, "human", "team", HUMANS, rerolls=2, apothecary=True)
    players = [team.member(str(n)) for n in range(1, PLAYERS + 1)]
    return {
        "rules": data.rules,
        "table": [s.id for s in data.table_of("G")],
        "treasury": team.pools["treasury"],
        "fans": team.stats["dedicated_fans"],
        "owned": [{o.partition(":")[0] for o in p.owned} for p in players],
    }


def with_dicts_bloodbowl(start: dict[str, Any], season: list[list[Match]]) -> list[dict[str, Any]]:
    """The floor of the Blood Bowl season: the same arithmetic and the same dice as the post-match sequence,
    on plain dicts (SPP and MVP, winnings, Dedicated Fans, random General skills, Expensive Mistakes), each
    change written to a history list."""
    rules, table = start["rules"], start["table"]
    costs, most = rules.advancement.costs["random_primary"], rules.advancement.maximum
    win, fans_min, fans_max = rules.winnings, rules.fans["min"], rules.fans["max"]
    randint = random.Random(2025).randint  # what SeededDice(2025) draws, in the same order
    teams = []
    for games in season:
        team: dict[str, Any] = {"treasury": start["treasury"], "fans": start["fans"], "history": []}
        players: list[dict[str, Any]] = [
            {"spp": 0, "advancements": 0, "owned": set(owned), "history": []} for owned in start["owned"]
        ]
        team["players"] = players
        history = team["history"]
        for match, game in enumerate(games, start=1):
            for index, reason, points in game[:-1]:
                players[index]["spp"] += points
                players[index]["history"].append(("awarded", points, reason))
            mvp = players[game[-1][0]]
            mvp["spp"] += rules.spp["mvp"]
            mvp["history"].append(("awarded", rules.spp["mvp"], "mvp"))
            scored = sum(1 for _, reason, _ in game if reason == "touchdown")
            unit = win["multiplier"]
            crowd = team["fans"] + CROWD
            team["treasury"] += (crowd // win["fan_attendance_divisor"] + scored * win["per_own_touchdown"]) * unit
            team["treasury"] += win["no_stalling_bonus"] * unit
            history.append(("winnings", team["treasury"]))
            if scored != 1:  # a draw leaves the Dedicated Fans alone
                roll, fans = randint(1, 6), team["fans"]
                change = (1 if roll >= fans else 0) if scored > 1 else (-1 if roll < fans else 0)
                team["fans"] = min(fans_max, max(fans_min, fans + change))
                history.append(("fans", roll, team["fans"]))
            for index in sorted({index for index, _, _ in game}):
                player = players[index]
                while (
                    player["advancements"] < most
                    and player["spp"] >= costs[player["advancements"]]
                    and any(skill not in player["owned"] for skill in table)
                ):
                    price = costs[player["advancements"]]
                    kept: list[str] = []
                    while len(kept) < 2:  # two skills on 2D6, each rolled again while the player has it
                        first, second = randint(1, 6), randint(1, 6)
                        skill = table[(second if first <= 3 else 6 + second) - 1]
                        if skill not in player["owned"]:
                            kept.append(skill)
                    player["spp"] -= price
                    player["advancements"] += 1
                    player["owned"].add(kept[0])
                    player["history"].append(("purchased", price, kept[0]))
            held = team["treasury"]
            if held >= rules.mistakes_threshold:
                column = max(i for i, low in enumerate(rules.mistakes_bands) if held >= low)
                result = rules.mistakes_rows[randint(1, 6) - 1][column]
                loss = 0
                if result == "minor_incident":
                    count, sides, unit = rules.minor_incident
                    loss = min(held, sum(randint(1, sides) for _ in range(count)) * unit)
                elif result == "major_incident":
                    divisor, step = rules.major_incident
                    loss = held // divisor // step * step
                elif result == "catastrophe":
                    count, sides, unit = rules.catastrophe
                    loss = max(0, held - sum(randint(1, sides) for _ in range(count)) * unit)
                team["treasury"] -= loss
                history.append(("expensive mistakes", result, loss))
            history.append(("marked", match))
        teams.append(team)
    return teams


def with_dicts(season: list[list[Match]]) -> list[list[dict[str, Any]]]:
    """The floor: the same script on plain dicts, each change also written to the player's history."""
    teams = []
    for games in season:
        team = [{"spp": 0, "advancements": 0, "history": []} for _ in range(PLAYERS)]
        for match, game in enumerate(games, start=1):
            for index, reason, points in game:
                player = team[index]
                player["spp"] += points
                player["history"].append(("awarded", points, reason))
            for index in sorted({index for index, _, _ in game}):
                player = team[index]
                while player["advancements"] < len(COSTS) and player["spp"] >= COSTS[player["advancements"]]:
                    price = COSTS[player["advancements"]]
                    player["spp"] -= price
                    player["advancements"] += 1
                    player["history"].append(("purchased", price))
            for player in team:
                player["history"].append(("marked", match))
        teams.append(team)
    return teams


def entries(ledger: tuple[progression.events.Event, ...]) -> int:
    """How many entries a ledger records, counting those inside steps and member entries."""
    count = 0
    for event in ledger:
        count += 1
        if isinstance(event, progression.events.Step):
            count += entries(event.events)
        elif isinstance(event, progression.events.Member):
            count += entries((event.event,))
    return count


def memory(build: Callable[[], object], players: int) -> float:
    """Bytes held per player by what ``build`` returns, measured with tracemalloc."""
    tracemalloc.start()
    try:
        kept = build()
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del kept
    return held / players


def agree(ours: list[progression.Sheet], guarded: list[tuple[guarded_league.Team, guarded_league.Ledger]]) -> None:
    """Check that the guarded floor ends the season as the library does (every player's SPP, advancements and
    skills, every team's treasury and Dedicated Fans), and that each of its ledgers replays to its team.

    Raises:
        AssertionError: the first disagreement.
    """
    for sheet, (team, ledger) in zip(ours, guarded, strict=True):
        if guarded_league.replay(ledger) != team:
            msg = f"the guarded floor's ledger of {team.name} does not replay to its state"
            raise AssertionError(msg)
        if (sheet.pools["treasury"], sheet.stats["dedicated_fans"]) != (team.treasury, team.fans):
            msg = f"the library and the guarded floor disagree on the treasury or Dedicated Fans of {team.name}"
            raise AssertionError(msg)
        for member, player in team.players.items():
            kept = sheet.member(member)
            skills = {owned.partition(":")[0] for owned in kept.owned}
            if (kept.pools["spp"], kept.stats["advancements"], skills) != (
                player.spp,
                player.advancements,
                player.skills,
            ):
                msg = f"the library and the guarded floor disagree on #{member} of {team.name}"
                raise AssertionError(msg)


class Collected:
    """The garbage collector's work while it is watched: its time, and its runs by generation."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.runs = [0, 0, 0]
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.seconds += time.perf_counter() - self._started
            self.runs[info["generation"]] += 1


@contextlib.contextmanager
def collections() -> Iterator[Collected]:
    """Watch the garbage collector (``gc.callbacks``) for the length of the block."""
    collected = Collected()
    gc.callbacks.append(collected)
    try:
        yield collected
    finally:
        gc.callbacks.remove(collected)


def run(teams: int = 1000, matches: int = 15, sampled: int = 25) -> list[Row]:
    """Four rows: the season through the library against the guarded floor (target 2x), and against the plain-dict
    floor, for context; memory per player in the figures; the garbage collector's share of the library's season
    when each team is compacted after each match (target 5 %, issue 18), and, for context, when every team is kept
    as objects (the compacted season is checked to end as the other: every sheet's state, three teams' ledgers).

    Through the Blood Bowl pack the guarded floor (``guarded_league``) is the season written by hand with the
    library's promises, and the plain floor the whole post-match arithmetic on plain dicts, both with the same
    dice (checked: the same SPP, advancements, skills, treasury and fans; the guarded ledgers replay to their
    teams); the time of the SPP-only floor is given beside the plain one. Without the pack, the guarded row is
    skipped: it is written for the Blood Bowl season.
    """
    season = schedule(teams, matches)
    library: Callable[..., list[progression.Sheet]]
    floor: Callable[[list[list[Match]]], list[dict[str, Any]]]
    guarded: Callable[[list[list[Match]]], list[tuple[guarded_league.Team, guarded_league.Ledger]]] | None = None
    if "bloodbowl" in progression.packs():
        pack, first = progression.load("bloodbowl"), 1  # members "1" to "11"
        library = lambda part, compact=False: with_bloodbowl(pack, part, compact=compact)  # noqa: E731
        start = bloodbowl_start(pack)
        floor = lambda part: with_dicts_bloodbowl(start, part)  # noqa: E731
        rules, drafted = guarded_league.read_rules(pack), guarded_league.drafted(pack, HUMANS)
        guarded = lambda part: guarded_league.with_guarded(rules, drafted, part, CROWD)  # noqa: E731
    else:
        pack, first = shaped_pack(), 0
        library = lambda part, compact=False: with_library(pack, part, compact=compact)  # noqa: E731
        floor = lambda part: [{"players": players} for players in with_dicts(part)]  # noqa: E731
    ident = "{}" if first else "p{}"
    # Every path is timed before any season's result is kept: the garbage collector walks whatever is alive, so a
    # path timed beside another's million objects would be charged for them.
    baseline = seconds(lambda: floor(season), repeat=3)
    spp_only = seconds(lambda: with_dicts(season), repeat=3)
    floor_time = seconds(lambda: guarded(season), repeat=3) if guarded is not None else 0.0
    gc.collect()
    with collections() as compacted_gc:  # the season of a program that compacts its teams (target 4)
        start_time = time.perf_counter()
        compacted = library(season, compact=True)
        compacted_time = time.perf_counter() - start_time
    # What a compacted team holds, without reading its history back; its whole ledger, for a few teams. Then it goes,
    # before the season kept as objects is timed.
    compacted_states = [_state(t) for t in compacted]
    compacted_ledgers = [list(t.ledger) for t in compacted[:3]]
    del compacted
    gc.collect()
    with collections() as collected:
        start_time = time.perf_counter()
        ours = library(season)
        measured = time.perf_counter() - start_time
    if compacted_states != [_state(t) for t in ours] or compacted_ledgers != [list(t.ledger) for t in ours[:3]]:
        msg = "the season compacted after each match and the season kept as objects disagree"
        raise AssertionError(msg)
    plain = floor(season)
    players = [[t.member(ident.format(i + first)) for i in range(PLAYERS)] for t in ours]
    got = [[(p.pools["spp"], p.stats["advancements"]) for p in team] for team in players]
    if got != [[(p["spp"], p["advancements"]) for p in team["players"]] for team in plain]:
        msg = "the library and the floor disagree on a player's SPP or advancements"
        raise AssertionError(msg)
    if first and [(t.pools["treasury"], t.stats["dedicated_fans"]) for t in ours] != [
        (team["treasury"], team["fans"]) for team in plain
    ]:
        msg = "the library and the floor disagree on a team's treasury or Dedicated Fans"
        raise AssertionError(msg)
    if first and [[{o.partition(":")[0] for o in p.owned} for p in team] for team in players] != [
        [p["owned"] for p in team["players"]] for team in plain
    ]:
        msg = "the library and the floor disagree on a player's skills"
        raise AssertionError(msg)
    sample = season[:sampled]
    per_player = memory(lambda: library(sample), len(sample) * PLAYERS)
    per_compacted = memory(lambda: library(sample, compact=True), len(sample) * PLAYERS)
    per_plain = memory(lambda: floor(sample), len(sample) * PLAYERS)
    what = "the whole post-match arithmetic" if first else "SPP and advancements"
    recorded = sum(entries(t.ledger) for t in ours) / (teams * matches)
    name = f"league: {teams:,} teams x {matches} matches"
    note = (
        f"{human(measured)} vs {human(baseline)} ({what}; SPP and advancements alone: {human(spp_only)}); "
        f"{per_player:,.0f} B per player (plain dicts: {per_plain:,.0f} B); "
        f"{recorded:.0f} ledger entries per team and match; pack: {pack.name}"
    )
    plain_row = Row(f"{name} / plain dicts", measured, baseline, None, note=note)
    note = (
        f"{compacted_gc.seconds / compacted_time:.1%} of the season's {human(compacted_time)}: "
        f"{human(compacted_gc.seconds)} in {compacted_gc.runs[2]:,} full collections and "
        f"{compacted_gc.runs[0] + compacted_gc.runs[1]:,} younger ones; each team compacted after each match "
        f"(progression.compact); {per_compacted:,.0f} B per player"
    )
    gc_row = Row(
        f"{name}, compacted: garbage collection / the season", compacted_gc.seconds, compacted_time, 0.05, note=note
    )
    note = (
        f"{collected.seconds / measured:.1%} of the season's {human(measured)}: {human(collected.seconds)} in "
        f"{collected.runs[2]:,} full collections and {collected.runs[0] + collected.runs[1]:,} younger ones; "
        "every team kept as objects"
    )
    kept_row = Row(f"{name}: garbage collection / the season", collected.seconds, measured, None, note=note)
    if guarded is None:
        why = "the guarded floor is written for the Blood Bowl season; the bloodbowl pack is not installed"
        return [Row(f"{name} / guarded floor", 0.0, 0.0, 2, skipped=why), plain_row, gc_row, kept_row]
    kept = guarded(season)
    agree(ours, kept)
    per_guarded = memory(lambda: guarded(sample), len(sample) * PLAYERS)
    logged = [(entry, len(entry.events)) for _, ledger in kept for entry in ledger.entries()]
    note = (
        f"{human(measured)} vs {human(floor_time)} (plain dicts: {human(baseline)}, the guarded floor "
        f"{floor_time / baseline:.1f}x them); {per_player:,.0f} B per player (guarded: {per_guarded:,.0f} B); "
        f"{len(logged) / (teams * matches):.1f} entries and {sum(n for _, n in logged) / (teams * matches):.0f} "
        "events per team and match on the guarded ledgers, each replayed equal to its team"
    )
    return [Row(f"{name} / guarded floor", measured, floor_time, 2, note=note), plain_row, gc_row, kept_row]


def _state(sheet: progression.Sheet) -> tuple[Any, ...]:
    """What a sheet holds, its members' too, read without its history."""
    members = tuple((m, _state(kept)) for m, kept in sorted(sheet.members.items()))
    return (dict(sheet.pools), dict(sheet.stats), dict(sheet.owned), dict(sheet.tags), members, len(sheet.ledger))
