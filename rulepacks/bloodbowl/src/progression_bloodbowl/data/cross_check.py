"""The references between the data files, checked once every file is read.

A roster's skills and traits (with the X of "X+" where a trait takes one), its leagues,
special rules and skill categories, its profile within the characteristic limits; a star's
skills, whom he plays for and his pair; the elite skills of the value table; the skill
whose value ``[spp]`` gives. Each problem names its file and key path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from progression.errors import Problem

from .reading import in_toml_words
from .rules import VIOLENT_INNOVATOR
from .stars import MERCENARIES_SAME

if TYPE_CHECKING:
    from .inducements import Frog
    from .model import Data, Position, Star, Team

__all__ = ["cross_check"]

#: The X a trait's "X+" may take, as written after its colon (``loner:4``).
_TARGETS = tuple(str(x) for x in range(2, 7))


def _check_ref(problem: Any, data: Data, ref: str, where: str) -> None:
    """A skill or trait as a profile names it (``block``, ``loner:4``)."""
    base, sep, param = ref.partition(":")
    trait = data.traits.get(base)
    if base not in data.skills and trait is None:
        problem(where, f"skill or trait {base!r} is not defined in skills.toml")
    elif sep and (trait is None or trait.parameter is None):
        problem(where, f"{base!r} takes no parameter, got {in_toml_words(ref)}")
    elif trait is not None and trait.parameter is not None and not sep:
        problem(where, f"trait {base!r} needs a parameter ({trait.parameter}), written {base}:<value>")
    elif sep and trait is not None and trait.parameter == "target" and param not in _TARGETS:
        problem(where, f"the X of {base} (X+) must be 2..6, got {in_toml_words(ref)}")


def _check_profile(problem: Any, data: Data, skills: tuple[str, ...], path: str) -> None:
    for index, ref in enumerate(skills):
        _check_ref(problem, data, ref, f"{path}.skills[{index}]")


def _check_team(teams: Any, data: Data, team: Team) -> None:
    path = f"$.teams.{team.id}"
    known_rules = set(data.special_rules)
    for league in team.leagues:
        if league not in data.leagues:
            teams(f"{path}.leagues", f"league {league!r} is not defined in [leagues]")
    for rule in (*team.special_rules, *(r for rs in team.league_special_rules.values() for r in rs)):
        if rule not in known_rules:
            teams(f"{path}.special_rules", f"special rule {rule!r} is not defined in [special_rules]")
    for god in team.favoured_of:
        if f"favoured_of_{god}" not in known_rules:
            teams(f"{path}.favoured_of", f"no special rule 'favoured_of_{god}' for god {god!r}")
    seen: set[str] = set()
    for n, position in enumerate(team.positions):
        ppath = f"{path}.positions[{n}]"
        if position.id in seen:
            teams(f"{ppath}.id", f"position {position.id!r} appears twice in {team.id!r}")
        seen.add(position.id)
        for category in (*position.primary, *position.secondary):
            if category not in data.categories:
                teams(ppath, f"skill category {category!r} is not one of {', '.join(data.categories)}")
        if set(position.primary) & set(position.secondary):
            teams(ppath, "a category cannot be both primary and secondary")
        _check_profile(teams, data, position.skills, ppath)
        _check_limits(teams, data, position, ppath)


def _check_limits(problem: Any, data: Data, profile: Position | Star | Frog, path: str) -> None:
    """A profile's characteristics within ``[characteristic_limits]`` (PA "-" has none to check)."""
    for stat in ("ma", "st", "ag", "pa", "av"):
        best, worst = data.rules.limits[stat]
        value = getattr(profile, stat)
        if value is not None and not min(best, worst) <= value <= max(best, worst):
            problem(f"{path}.{stat}", f"{stat} {value} is outside the limits {worst}..{best}")


def _check_star_rules(stars: Any, data: Data) -> None:
    """The numbers ``stars.toml [rules]`` repeats from elsewhere agree with where they are kept."""
    rules = data.star_rules
    if rules.roster_max is not None and rules.roster_max != data.rules.max_players:
        reason = f"expected {data.rules.max_players}, the roster's maximum (teams.toml), got {rules.roster_max}"
        stars("$.rules.roster_max", reason)
    mercenary = data.inducements.items["mercenary_players"]
    for key, value in rules.mercenaries.items():
        held = getattr(mercenary, MERCENARIES_SAME[key])
        if held != value:
            where = f"inducements.toml [inducements.mercenary_players] {MERCENARIES_SAME[key]}"
            stars(f"$.rules.mercenaries.{key}", f"expected {held}, as {where} says, got {value}")
    if rules.bugman is not None:
        star, staff = rules.bugman
        found = data.inducements.items.get(staff)
        if found is None or found.excludes_star != star:
            stars("$.rules.josef_bugman", f"expected an inducement {staff!r} whose excludes_star is {star!r}")


def _check_inducements(problem: Any, data: Data) -> None:
    """Whom each inducement and wizard names: special rules, rosters, stars, leagues; the Frog's skills."""
    rules, affiliations = set(data.special_rules), {"any", *data.leagues, *data.special_rules}
    for item in data.inducements.items.values():
        path = f"$.inducements.{item.id}"
        if item.requires is not None and item.requires not in rules:
            problem(f"{path}.requires", f"special rule {item.requires!r} is not defined in teams.toml")
        for rule in item.special_rule_overrides:
            if rule not in rules:
                problem(f"{path}.special_rule_overrides.{rule}", f"special rule {rule!r} is not defined in teams.toml")
        for roster in item.team_overrides:
            if roster not in data.teams:
                problem(f"{path}.team_overrides.{roster}", f"roster {roster!r} is not a team of teams.toml")
        if item.excludes_star is not None and item.excludes_star not in data.stars:
            problem(f"{path}.excludes_star", f"{item.excludes_star!r} is not a star of stars.toml")
    for wizard in data.inducements.wizards.values():
        for n, whom in enumerate(wizard.available_to):
            if whom not in affiliations and whom != "favoured_of":
                reason = f"{whom!r} is not 'any', 'favoured_of', a league or a special rule"
                problem(f"$.wizards.list.{wizard.id}.available_to[{n}]", reason)
    _check_profile(problem, data, data.inducements.frog.skills, "$.frog")
    _check_limits(problem, data, data.inducements.frog, "$.frog")


def cross_check(data: Data, problems: list[Problem]) -> None:
    """Append to ``problems`` every reference of the data that does not resolve, each with its file and key path."""

    def problem(source: str) -> Any:
        return lambda path, reason: problems.append(Problem(source, path, reason))

    for team in data.teams.values():
        _check_team(problem("teams.toml"), data, team)
    stars = problem("stars.toml")
    eligible = {"any", *data.leagues, *data.special_rules}
    for star in data.stars.values():
        _check_profile(stars, data, star.skills, f"$.stars.{star.id}")
        _check_limits(stars, data, star, f"$.stars.{star.id}")
        for plays in star.plays_for:
            if plays not in eligible:
                stars(f"$.stars.{star.id}.plays_for", f"{plays!r} is neither a league nor a special rule")
        if star.pair is not None and (star.pair not in data.stars or data.stars[star.pair].pair != star.id):
            stars(f"$.stars.{star.id}.pair", f"pair {star.pair!r} must be a star whose pair is {star.id!r}")
    for star in data.stars.values():
        for n, whom in enumerate(star.excludes):
            if whom not in eligible - {"any"}:
                stars(f"$.stars.{star.id}.excludes[{n}]", f"{whom!r} is neither a league nor a special rule")
    _check_star_rules(stars, data)
    _check_inducements(problem("inducements.toml"), data)
    _check_ref(problem("teams.toml"), data, data.rules.journeyman_trait, "$.roster_rules.journeymen.trait")
    for ident in data.rules.value.elite:
        if ident not in data.skills:
            problem("tables.toml")("$.value_increase.elite_skills", f"elite skill {ident!r} is not a skill")
    if VIOLENT_INNOVATOR not in data.skills:
        reason = f"the skill {VIOLENT_INNOVATOR!r} is required: [spp] says what its Special Action casualty earns"
        problem("skills.toml")("$.skills", reason)
