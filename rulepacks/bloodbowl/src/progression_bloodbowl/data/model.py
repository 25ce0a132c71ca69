"""The pack's data: skills, traits, rosters, stars, inducements and rule tables, loaded and checked.

Every file is read with :mod:`importlib.resources` and :mod:`tomllib`; every problem of
every file is collected and raised at once as a :class:`~progression.errors.RulePackError`,
each with its file and key path. Cross-references (a roster's skills, a star's leagues)
are checked after all files are read (:mod:`progression_bloodbowl.data.cross_check`).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from importlib.resources import files
from typing import Any

import attrs

from progression.authoring import Label
from progression.errors import Problem, RulePackError

from .cross_check import cross_check
from .inducements import Inducements, read_inducements
from .matched_play import TIERS, MatchedPlay, read_matched_play
from .pitch import PitchRules, read_pitch
from .reading import Reader, in_toml_words
from .rules import Rules, read_rules
from .stars import Star, StarRules, read_stars
from .unplayed import BOOK, check_unplayed

__all__ = [
    "CHARACTERISTICS",
    "Data",
    "Position",
    "Skill",
    "Star",
    "Team",
    "Trait",
    "load_data",
    "read_data",
    "skill_index",
]

#: What :func:`read_data` takes.
_TEXTS = "expected the TOML text of each data file, by file name"
#: The characteristics of a profile, in the order they are printed.
CHARACTERISTICS = ("ma", "st", "ag", "pa", "av")
#: The data files of the pack, in the order they are read.
FILES = ("skills.toml", "teams.toml", "stars.toml", "inducements.toml", "tables.toml")


def skill_index(first: int, second: int) -> int:
    """The place 1..12 two D6 give on a skill table: 1-3 picks the upper half, 4-6 the lower."""
    return second if first <= 3 else 6 + second


@attrs.frozen(kw_only=True)
class Skill:
    """A skill of one of the six categories, at its place in the category's 2D6 table."""

    id: str
    label: Label
    category: str
    #: Place 1..12 in the table: ``d2`` when the first D6 shows 1-3, else ``6 + d2``.
    index: int
    elite: bool = False
    compulsory: bool = False
    passive: bool = False


@attrs.frozen(kw_only=True)
class Trait:
    """A trait: on a profile, never learned by advancement."""

    id: str
    label: Label
    #: ``"target"`` (the X of "X+"), ``"text"`` (a keyword), or None.
    parameter: str | None = None
    compulsory: bool = False
    passive: bool = False


@attrs.frozen(kw_only=True)
class Position:
    """A position of a team roster: how many, what it costs, its profile and skill access."""

    id: str
    label: Label
    max: int
    cost: int
    ma: int
    st: int
    ag: int
    #: The N of "PA N+", or None for PA "-".
    pa: int | None
    av: int
    skills: tuple[str, ...]
    primary: tuple[str, ...]
    secondary: tuple[str, ...]
    keywords: tuple[str, ...]
    big_guy: bool = False


@attrs.frozen(kw_only=True)
class Team:
    """A team roster."""

    id: str
    label: Label
    #: The Matched Play tier, 1 (the strongest rosters) to 4.
    tier: int
    reroll_cost: int
    apothecary: bool
    leagues: tuple[str, ...]
    special_rules: tuple[str, ...]
    positions: tuple[Position, ...]
    #: Gods a "Favoured of..." team picks from when drafted.
    favoured_of: tuple[str, ...] = ()
    #: At most this many of the positions marked ``big_guy``, or None.
    big_guy_limit: int | None = None
    #: Special rules a team gains only in one of its leagues.
    league_special_rules: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)

    def position(self, position_id: str) -> Position | None:
        """The position ``position_id``, or None."""
        return self._positions.get(position_id)

    @functools.cached_property
    def _positions(self) -> Mapping[str, Position]:
        """The positions by id (the first of an id, as a scan would find it), built on first use."""
        by_id: dict[str, Position] = {}
        for p in self.positions:
            by_id.setdefault(p.id, p)
        return by_id


@attrs.frozen(kw_only=True)
class Data:
    """Everything the data files hold, typed, plus the raw tables as read."""

    categories: Mapping[str, Label]
    skills: Mapping[str, Skill]
    traits: Mapping[str, Trait]
    teams: Mapping[str, Team]
    stars: Mapping[str, Star]
    leagues: Mapping[str, Label]
    special_rules: Mapping[str, Label]
    results: Mapping[str, Label]
    rules: Rules
    # The three below are read from ``raw``, which the rules' fingerprint digests already (``RulePack.rules``
    # digests ``repr(data)``): out of the repr, they leave the fingerprint of every saved sheet as it was.
    #: The inducements, the wizards, the Frog and the petty cash.
    inducements: Inducements = attrs.field(repr=False)
    #: The rules of hiring Star Players.
    star_rules: StarRules = attrs.field(repr=False)
    #: The pitch and the tables a spell rolls on.
    pitch: PitchRules = attrs.field(repr=False)
    #: The most Prayers to Nuffle a team has in a match: the ``max`` of the inducement ``prayers_to_nuffle``.
    max_prayers: int
    #: The numbers of Matched Play team building.
    matched_play: MatchedPlay
    #: Each file's parsed TOML, by file name, as the pack shows it (``RulePack.tables``); no rule reads it.
    raw: Mapping[str, Mapping[str, Any]]

    def table_of(self, category: str) -> tuple[Skill, ...]:
        """The 12 skills of ``category`` in 2D6 order."""
        return self._tables.get(category, ())

    def rolled_skill(self, category: str, first: int, second: int) -> Skill | None:
        """The skill two D6 showing ``first`` and ``second`` give on the table of ``category``; None for a
        category the pack does not have, or a die that is not a D6's."""
        table = self.table_of(category)
        if not table or not (1 <= first <= 6 and 1 <= second <= 6):
            return None
        return table[skill_index(first, second) - 1]

    @functools.cached_property
    def _tables(self) -> Mapping[str, tuple[Skill, ...]]:
        """Every category's table, sorted once: the procedures ask for them on every advancement."""
        tables: dict[str, list[Skill]] = {}
        for skill in sorted(self.skills.values(), key=lambda s: s.index):
            tables.setdefault(skill.category, []).append(skill)
        return {category: tuple(skills) for category, skills in tables.items()}

    def _bases_of(self, category: str) -> tuple[tuple[str, str], ...]:
        """The table of ``category`` as (skill id, id without parameter) pairs: what the advancement code tests."""
        return self._bases.get(category, ())

    @functools.cached_property
    def _bases(self) -> Mapping[str, tuple[tuple[str, str], ...]]:
        return {c: tuple((s.id, s.id.partition(":")[0]) for s in table) for c, table in self._tables.items()}

    def _all_owned(self, category: str, owned: frozenset[str]) -> bool:
        """Whether every skill of ``category``'s table is in ``owned`` (ids without parameter): nothing left to take."""
        return self._base_sets.get(category, frozenset()) <= owned

    @functools.cached_property
    def _base_sets(self) -> Mapping[str, frozenset[str]]:
        return {c: frozenset(base for _, base in bases) for c, bases in self._bases.items()}

    def team(self, team_id: str) -> Team:
        """The roster ``team_id`` (trusted: ids on sheets were checked when the sheet was made)."""
        return self.teams[team_id]

    def name(self, ident: str) -> Label:
        """The label of a skill or trait reference (``loner:4`` reads "Loner (4+)")."""
        base, _, param = ident.partition(":")
        found = self.skills.get(base) or self.traits.get(base)
        if found is None:
            return Label.same(ident)
        if not param:
            return found.label
        trait = self.traits.get(base)
        shown = f"{param}+" if trait is not None and trait.parameter == "target" else param.replace("_", " ")
        return Label(en=f"{found.label.en} ({shown})", fr=f"{found.label.fr} ({shown})")


def _flags(r: Reader, body: Mapping[str, Any], path: str) -> dict[str, bool]:
    return {k: r.get(body, k, bool, path, default=False) for k in ("elite", "compulsory", "passive") if k in body}


def _read_skills(r: Reader, data: Mapping[str, Any]) -> tuple[dict[str, Label], dict[str, Skill], dict[str, Trait]]:
    categories = r.labels(data, "categories", "$", "a skill category's table")
    skills: dict[str, Skill] = {}
    for ident, body, path in r.tables(data, "skills", "$", "a skill's table"):
        r.extra(body, ("label", "category", "index", "elite", "compulsory", "passive"), path)
        category = r.get(body, "category", str, path)
        index = r.get(body, "index", int, path)
        if r.fine(f"{path}.category") and category not in categories:
            r.problem(f"{path}.category", f"expected one of {', '.join(categories)}, got {in_toml_words(category)}")
        if r.fine(f"{path}.index") and not 1 <= index <= 12:
            r.problem(f"{path}.index", f"expected a place from 1 to 12 in the 2D6 table, got {index}")
        skills[ident] = Skill(
            id=ident, label=r.label(body, path), category=category, index=index, **_flags(r, body, path)
        )
    for category in categories:
        places = sorted(s.index for s in skills.values() if s.category == category)
        if places != list(range(1, 13)):
            r.problem(f"$.skills ({category})", f"category {category} needs places 1..12 once each, got {places}")
    traits: dict[str, Trait] = {}
    for ident, body, path in r.tables(data, "traits", "$", "a trait's table"):
        r.extra(body, ("label", "parameter", "compulsory", "passive"), path)
        parameter = r.get(body, "parameter", str, path, default=None)
        if parameter not in (None, "target", "text"):
            r.problem(f"{path}.parameter", f"expected 'target' or 'text', got {in_toml_words(parameter)}")
        traits[ident] = Trait(id=ident, label=r.label(body, path), parameter=parameter, **_flags(r, body, path))
    for clash in sorted(set(skills) & set(traits)):
        r.problem(f"$.traits.{clash}", f"{clash!r} is both a skill and a trait")
    return categories, skills, traits


_TEAM_KEYS = (
    *("label", "tier", "reroll_cost", "apothecary", "leagues", "special_rules", "positions"),
    *("favoured_of", "big_guy_limit", "league_special_rules"),
)
_POSITION_KEYS = (
    "id",
    "label",
    "max",
    "cost",
    "ma",
    "st",
    "ag",
    "pa",
    "av",
    "skills",
    "primary",
    "secondary",
    "keywords",
)


def _read_position(r: Reader, body: Mapping[str, Any], path: str) -> Position:
    r.extra(body, (*_POSITION_KEYS, "big_guy"), path)
    ident = r.get(body, "id", str, path)
    if r.fine(f"{path}.id") and not Reader.is_slug(ident, "_"):
        r.problem(f"{path}.id", f"a position id is a lowercase slug, got {in_toml_words(ident)}")
    numbers = {k: r.count(body, k, path) for k in ("max", "cost")} | {
        k: r.get(body, k, int, path) for k in ("ma", "st", "ag", "av")
    }
    return Position(
        id=ident,
        label=r.label(body, path),
        pa=r.get(body, "pa", int, path, default=None),
        skills=r.strings(body, "skills", path),
        primary=r.strings(body, "primary", path),
        secondary=r.strings(body, "secondary", path),
        keywords=r.strings(body, "keywords", path),
        big_guy=r.get(body, "big_guy", bool, path, default=False),
        **numbers,
    )


#: The keys of a team special rule the pack plays, as it plays them (a ``favoured_of_<god>`` rule's ``god`` is the
#: god of its id): Brawlin' Brutes' SPP are ``[spp.brawlin_brutes]``, a Low Cost Lineman's fee counts 0 in CTV, a
#: Team Captain is hired with Pro.
_SPECIAL_PLAYED: Mapping[str, Mapping[str, object]] = {
    "brawlin_brutes": {"spp_overrides": "tables.spp.brawlin_brutes"},
    "low_cost_linemen": {"lineman_cost_in_ctv": 0},
    "team_captain": {"free_skill": "pro"},
}


def _special_rule(r: Reader, ident: str, body: Any, path: str) -> Label:
    """A team special rule's name; the keys the pack plays held to how it plays them (those of the book no rule
    plays: :mod:`.unplayed`)."""
    played = dict(_SPECIAL_PLAYED.get(ident, {}))
    if ident.startswith("favoured_of_"):
        played["god"] = ident.removeprefix("favoured_of_")
    r.fixed(body, path, played)
    return r.label(body, path)


def _read_teams(r: Reader, data: Mapping[str, Any]) -> tuple[dict[str, Team], dict[str, Label], dict[str, Label]]:
    leagues = r.labels(data, "leagues", "$", "a league's table")
    rules = {i: _special_rule(r, i, b, p) for i, b, p in r.tables(data, "special_rules", "$", "a special rule's table")}
    teams: dict[str, Team] = {}
    for ident, body, path in r.tables(data, "teams", "$", "a team's table"):
        r.extra(body, _TEAM_KEYS, path)
        positions = tuple(
            _read_position(r, p, where) for p, where in r.rows(body, "positions", path, "a position's table")
        )
        by_league = {
            k: r.strings(body["league_special_rules"], k, f"{path}.league_special_rules")
            for k in r.get(body, "league_special_rules", dict, path, default={})
        }
        tier = r.get(body, "tier", int, path)
        if r.fine(f"{path}.tier") and tier not in TIERS:
            r.problem(f"{path}.tier", f"expected a Matched Play tier from {TIERS[0]} to {TIERS[-1]}, got {tier}")
        teams[ident] = Team(
            id=ident,
            label=r.label(body, path),
            tier=tier,
            reroll_cost=r.count(body, "reroll_cost", path),
            apothecary=r.get(body, "apothecary", bool, path),
            leagues=r.strings(body, "leagues", path),
            special_rules=r.strings(body, "special_rules", path),
            positions=positions,
            favoured_of=r.strings(body, "favoured_of", path, default=()),
            big_guy_limit=r.count(body, "big_guy_limit", path, default=None),
            league_special_rules=by_league,
        )
    return teams, leagues, rules


def read_data(texts: Mapping[str, str], *, cache: bool = False) -> Data:
    """Build :class:`Data` from the text of each file, or raise every problem at once.

    Args:
        texts: The TOML text of each of :data:`FILES`, by file name.
        cache: Read each text's parse from the cache of parsed TOML when it holds it (the installed files are
            read so); every check below runs all the same.

    Raises:
        RulePackError: a file is missing or not TOML, a value does not fit, or a reference does not resolve.
    """
    if not isinstance(texts, Mapping):
        raise RulePackError("progression_bloodbowl/data", [Problem("data", "$", _TEXTS + f", got {texts!r:.60}")])
    problems: list[Problem] = [
        Problem(str(name), "$", f"not a file of the pack's data; its files are {', '.join(FILES)}")
        for name in texts
        if name not in FILES
    ]
    parsed: dict[str, dict[str, Any]] = {}
    for name in FILES:  # parsing problems first: what the values of a file say is read only when every file parsed
        parser = Reader(name)
        if name not in texts:
            parser.problem("$", "the file is missing")
        elif not isinstance(texts[name], str):
            parser.problem("$", f"{_TEXTS}, got {type(texts[name]).__name__}")
        else:
            parsed[name] = parser.parse(texts[name], cache=cache)
        problems.extend(parser.problems)
    if problems:  # a file missing or not TOML: its readers would only add knock-on problems of missing keys
        raise RulePackError("progression_bloodbowl/data", problems)
    readers = {name: Reader(name) for name in FILES}
    for name, reader in readers.items():
        if parsed[name]:
            reader.check_format(parsed[name])
    categories, skills, traits = _read_skills(readers["skills.toml"], parsed["skills.toml"])
    teams, leagues, special_rules = _read_teams(readers["teams.toml"], parsed["teams.toml"])
    stars, star_rules = read_stars(readers["stars.toml"], parsed["stars.toml"])
    inducements = read_inducements(readers["inducements.toml"], parsed["inducements.toml"])
    rules = read_rules(readers["tables.toml"], parsed["tables.toml"], parsed["teams.toml"], readers["teams.toml"])
    pitch = read_pitch(readers["tables.toml"], parsed["tables.toml"])
    matched_play = read_matched_play(
        readers["tables.toml"], parsed["tables.toml"], readers["stars.toml"], parsed["stars.toml"]
    )
    results = readers["tables.toml"].labels(parsed["tables.toml"], "results", "$", "a result's table", required=False)
    for name in BOOK:
        check_unplayed(readers[name], name, parsed[name])
    for name, reader in readers.items():
        reader.unread(parsed[name])
        problems.extend(reader.problems)
    data = Data(
        categories=categories,
        skills=skills,
        traits=traits,
        teams=teams,
        stars=stars,
        leagues=leagues,
        special_rules=special_rules,
        results=results,
        rules=rules,
        inducements=inducements,
        star_rules=star_rules,
        pitch=pitch,
        max_prayers=inducements.max_prayers,
        matched_play=matched_play,
        raw=parsed,
    )
    if not problems:
        cross_check(data, problems)
    if problems:
        raise RulePackError("progression_bloodbowl/data", problems)
    return data


def load_data() -> Data:
    """The installed data files of the pack, read and checked (their parse kept in the cache of parsed TOML)."""
    folder = files("progression_bloodbowl").joinpath("data")
    return read_data({name: folder.joinpath(name).read_text(encoding="utf-8") for name in FILES}, cache=True)
