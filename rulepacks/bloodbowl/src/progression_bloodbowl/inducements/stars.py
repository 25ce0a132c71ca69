"""Star Players hired for one match: who may hire whom, how many, and the sheet a star plays with.

A team may induce at most two Star Players a match; a pair ("must be hired as a pair")
is one of the two choices but two places on the roster, and stars never take it above
16 players, counting only the players able to play the next match. Eligibility is read
from the star's *plays for* list (``any``, a league, or a special rule) against the
league the team chose and its special rules. Both teams may hire the same star: nothing
here looks at the opponent.

A hired star joins the team as a member whose id is the star's id, tagged ``star`` and
``no_spp``: he earns no SPP, cannot be MVP, takes no advancement, and leaves the team
when the match's outcome is recorded, so a casualty he suffered has no consequence.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from progression import RulePack, Sheet
from progression.errors import InvalidInput, LimitReached, RequirementNotMet

from ..data.access import choice_label, data_of, known_id, sheet_of, team_roster
from ..data.model import CHARACTERISTICS, Data
from ..players.player import YES, available

__all__ = [
    "affiliations",
    "check_stars",
    "choices",
    "hireable",
    "is_star",
    "places_free",
    "star_eligibility",
    "star_ids",
    "star_sheet",
]


def is_star(player: Sheet) -> bool:
    """Whether a member is a Star Player hired for a match."""
    return "star" in player.tags


def affiliations(data: Data, team: Sheet) -> frozenset[str]:
    """The league a team chose and its special rules (a "Favoured of..." team's god included)."""
    roster = team_roster(data, team)
    league = team.tags.get("league", roster.leagues[0])
    rules = {r for r in roster.special_rules if r != "favoured_of"}
    rules.update(roster.league_special_rules.get(league, ()))
    if "favoured_of" in team.tags:
        rules.add(f"favoured_of_{team.tags['favoured_of']}")
    return frozenset({league, *rules})


def _name(data: Data, ident: str) -> str:
    label = data.leagues.get(ident) or data.special_rules.get(ident)
    return label.en if label else ident


def star_ids(pack: RulePack, given: Iterable[str]) -> tuple[str, ...]:
    """The Star Players' ids that ``given`` means, each by its id or by its displayed name in any case
    (``"Griff Oberwald"`` for ``griff_oberwald``), as skills are read (:meth:`~progression.RulePack.resolve`);
    a name that is none of them is kept as given, for the check to refuse with the closest."""
    names = {ident: star.label.en for ident, star in data_of(pack).stars.items()}
    return tuple(pack.resolve(text, names) for text in given)


def star_eligibility(pack: RulePack, team: Sheet, star_id: str) -> tuple[str, ...]:
    """Why ``team`` may not hire ``star_id``: one sentence per reason, none when it may.

    Raises:
        InvalidInput: ``team`` is not a team sheet of ``pack``; a star id that is not a text.
        UnknownName: a star id the pack does not know, with the closest.
    """
    data = data_of(pack)
    sheet_of(team, "team", "the team hiring a Star Player", pack)
    star = data.stars[known_id(star_id, data.stars, "Star Player", "griff_oberwald")]
    own = affiliations(data, team)
    reasons = []
    if "any" not in star.plays_for and not own & set(star.plays_for):
        plays = ", ".join(_name(data, p) for p in star.plays_for)
        mine = ", ".join(sorted(_name(data, a) for a in own))
        reasons.append(f"{star.label.en} plays for {plays}; {team.name} is {mine}")
    barred = own & set(star.excludes)
    if barred:
        reasons.append(f"{star.label.en} plays for any team except {', '.join(_name(data, b) for b in sorted(barred))}")
    return tuple(reasons)


def choices(data: Data, star_ids: Iterable[str]) -> list[tuple[str, ...]]:
    """The star ids grouped into choices: a pair, named by one member or both, is one choice of two.

    Raises:
        UnknownName: an id that is not a star.
        InvalidInput: a star named twice (``grak, grak`` as much as ``griff_oberwald, griff_oberwald``).
    """
    groups: list[tuple[str, ...]] = []
    named: set[str] = set()
    for ident in star_ids:
        star = data.stars[known_id(ident, data.stars, "Star Player", "griff_oberwald")]
        if ident in named:
            msg = f"{star.label.en} is named twice; a team fields each Star Player once"
            raise InvalidInput(msg)
        named.add(ident)
        group = tuple(sorted((ident, star.pair))) if star.pair else (ident,)
        if group not in groups:
            groups.append(group)
    return groups


def places_free(pack: RulePack, team: Sheet) -> int:
    """Roster places stars may still take: 16 less the players able to play the next match and the stars hired."""
    data = data_of(pack)
    taken = sum(1 for p in team.members.values() if is_star(p) or available(p))
    return data.rules.max_players - taken


def check_stars(pack: RulePack, team: Sheet, star_ids: Sequence[str]) -> list[tuple[str, ...]]:
    """Check a team's Star Players for a match; return them as choices (a pair as one).

    Raises:
        LimitReached: more than two choices (stars already hired count), or more places than 16 allow.
        RequirementNotMet: a star who does not play for the team's league or special rules.
        InvalidInput, UnknownName: a star named twice, or not a star.
    """
    data = data_of(pack)
    groups = choices(data, star_ids)
    hired = sorted(
        {
            tuple(sorted((m, p.tags["pair"]))) if "pair" in p.tags else (m,)
            for m, p in team.members.items()
            if is_star(p)
        }
    )
    for group in groups:
        if set(group) & {m for g in hired for m in g}:
            msg = f"{choice_label(data, group)} already plays for {team.name} in this match"
            raise InvalidInput(msg)
    limit = data.star_rules.per_team
    if len(hired) + len(groups) > limit:
        named = ", ".join(choice_label(data, g) for g in (*hired, *groups))
        reason = (
            f"a team induces at most {limit} Star Players for a match (a pair counts as one); "
            f"{team.name} would have {len(hired) + len(groups)}: {named}"
        )
        raise LimitReached(upgrade="star_players", reason=reason, head="Hiring these Star Players is refused")
    missing = [r for g in groups for s in g for r in star_eligibility(pack, team, s)]
    if missing:
        raise RequirementNotMet(
            upgrade="star_players", missing=list(dict.fromkeys(missing)), head="Hiring these Star Players is refused"
        )
    needed = sum(len(g) for g in groups)
    free = places_free(pack, team)
    if needed > free:
        able = sum(1 for p in team.members.values() if available(p) and not is_star(p))
        out = sum(1 for p in team.members.values() if not available(p) and not is_star(p))
        reason = (
            f"stars never take a roster above {data.rules.max_players} players: {team.name} has {able} able to play"
            + (f" ({out} unable to play the next match, not counted)" if out else "")
            + (f" and {len(team.members) - able - out} star(s)" if len(team.members) - able - out else "")
            + f"; {', '.join(choice_label(data, g) for g in groups)} would need {needed} place(s), {free} left"
        )
        raise LimitReached(upgrade="star_players", reason=reason, head="Hiring these Star Players is refused")
    return groups


def star_sheet(pack: RulePack, star_id: str) -> Sheet:
    """The player sheet a star plays with for one match: his profile and skills, tagged ``star`` and ``no_spp``."""
    data = data_of(pack)
    star = data.stars[star_id]
    stats = {c: getattr(star, c) or 0 for c in CHARACTERISTICS}
    tags = {"star": star.id, "no_spp": YES}
    if star.pair:
        tags["pair"] = star.pair
    return pack.new_sheet("player", star.label.en, stats=stats, owned=dict.fromkeys(star.skills, 1), tags=tags)


def hireable(pack: RulePack, team: Sheet) -> tuple[str, ...]:
    """The stars ``team`` may hire (by eligibility alone), pairs named by both members.

    Raises:
        InvalidInput: ``team`` is not a team sheet of ``pack``.
    """
    sheet_of(team, "team", "the team hiring Star Players", pack)
    return tuple(s for s in data_of(pack).stars if not star_eligibility(pack, team, s))
