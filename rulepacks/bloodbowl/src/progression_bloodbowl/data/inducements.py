"""The inducements a team buys for one match (``inducements.toml``), typed: each inducement's maximum, cost and who
may take it, the wizards, the Frog a Zap! makes, and the petty cash a team may add from its treasury.

Every key of these tables is read. A few keys say how a rule works that the code plays one way only (the
Prayers to Nuffle are drawn on a D16 without repeats; the lower-CTV team gets the petty cash): they may be left
out or written as the code plays them, and any other value is refused (:meth:`~.reading.Reader.fixed`), so no
value in the file can be read as a setting it is not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from progression.authoring import Label

from .reading import Reader, in_toml_words

__all__ = ["CURRENT_EDITION", "Frog", "Inducement", "Inducements", "Terms", "Wizard", "read_inducements"]

#: The edition the pack implements; a wizard of any other is from an older publication.
CURRENT_EDITION = "BB2025"
#: The inducement whose ``max`` is the most Prayers to Nuffle a team has in a match.
PRAYERS = "prayers_to_nuffle"
#: The inducements priced by what is hired (``cost_basis``), each ordered through its own field of an Order.
PRICED_BY = {"mercenary_players": "position", "star_players": "star", "wizard": "wizard"}
#: The spells the pack models (``tables.toml [spells]``).
SPELLS = ("fireball", "zap")

#: The inducements the rules read, and why.
_REQUIRED = {
    PRAYERS: "its max is the most Prayers to Nuffle a team has in a match",
    **{ident: f"the {basis} a team hires is priced and limited by it" for ident, basis in PRICED_BY.items()},
}
_INDUCEMENT_KEYS = (
    *("label", "max", "cost", "cost_basis", "special_rule_overrides", "team_overrides"),
    *("requires", "requires_team_apothecary", "excludes_star"),
)
#: Keys of one inducement beyond the common ones: the Mercenaries' prices, and how some rules are played.
_OWN_KEYS: Mapping[str, tuple[str, ...]] = {"mercenary_players": ("surcharge", "extra_primary_skill_cost")}
#: Keys that describe a rule the code plays one way: each may be written only as the code plays it.
_PLAYED: Mapping[str, Mapping[str, object]] = {
    PRAYERS: {"die": "D16", "duplicates_allowed": False},
    # The pack prices and records Riotous Rookies; it does not roll their extra journeymen (the rulings page).
    "riotous_rookies": {"extra_journeymen": "2D3+1"},
    "star_players": {"eligibility": "plays_for"},
}
_WIZARD_KEYS = ("label", "cost", "available_to", "edition", "spells", "spells_per_game", "confirmed_bb2025", "named")
_FROG_KEYS = ("label", "keywords", "ma", "st", "ag", "pa", "av", "skills")
_FROG_PLAYED: Mapping[str, object] = {
    "casualty_result": "badly_hurt",
    "apothecary_allowed": False,
    "drops_ball": True,
    "lasts_until": "end_of_drive",
    "returns_to": "reserves",
}
_PETTY_CASH_PLAYED: Mapping[str, object] = {
    "receiver": "lower_ctv_team",
    "amount": ["ctv_difference", "treasury_spent_by_higher_ctv_team"],
    "unspent_lost": True,
    "equal_ctv_treasury_allowed": False,
}


@attrs.frozen(kw_only=True)
class Terms:
    """The maximum and the cost an inducement has for the teams an override names (None: its own)."""

    max: int | None = None
    cost: int | None = None


@attrs.frozen(kw_only=True)
class Inducement:
    """An inducement: how many a team takes, what each costs, and who may take it."""

    id: str
    label: Label
    max: int
    #: Gold pieces each; 0 for the inducements priced by what is hired (:data:`PRICED_BY`).
    cost: int
    #: Special rule -> other terms for a team that has it (Bribery and Corruption: more, cheaper Bribes).
    special_rule_overrides: Mapping[str, Terms] = attrs.field(factory=dict)
    #: Roster -> other terms (a Halfling team's Master Chef).
    team_overrides: Mapping[str, Terms] = attrs.field(factory=dict)
    #: The special rule a team needs to take it, or None.
    requires: str | None = None
    #: Only teams that may hire an Apothecary take it.
    requires_team_apothecary: bool = False
    #: A Star Player the team may not also hire when it takes this (Josef Bugman as coaching staff).
    excludes_star: str | None = None
    #: Mercenary Players: gold added to the position's cost, and the price of their one extra Primary skill.
    surcharge: int = 0
    extra_primary_skill_cost: int = 0


@attrs.frozen(kw_only=True)
class Wizard:
    """A wizard who may be induced."""

    id: str
    label: Label
    cost: int
    #: ``any``, leagues, special rules, or ``favoured_of`` (any "Favoured of..." rule).
    available_to: tuple[str, ...]
    edition: str = CURRENT_EDITION
    #: The spells the pack models for him (Fireball and Zap! for the Sports-Wizard).
    spells: tuple[str, ...] = ()
    #: A named character (Horatio X. Schottenheim) rather than a kind of wizard.
    named: bool = False

    @property
    def spells_per_game(self) -> int:
        """One: a wizard casts one spell a match (the only number ``spells_per_game`` may say)."""
        return 1

    @property
    def older(self) -> bool:
        """Whether he comes from an older publication than the edition the pack implements."""
        return self.edition != CURRENT_EDITION


@attrs.frozen(kw_only=True)
class Frog:
    """The profile of a player a Zap! turned into a Frog."""

    label: Label
    keywords: tuple[str, ...]
    ma: int
    st: int
    ag: int
    #: The N of "PA N+", or None for PA "-".
    pa: int | None
    av: int
    skills: tuple[str, ...]


@attrs.frozen(kw_only=True)
class Inducements:
    """Everything ``inducements.toml`` holds."""

    #: Every inducement by id, those priced by what is hired included.
    items: Mapping[str, Inducement]
    wizards: Mapping[str, Wizard]
    #: The most wizards a team induces for one match.
    wizards_per_team: int
    frog: Frog
    #: The most gold the lower-CTV team may add from its treasury to its petty cash.
    petty_cash_top_up: int

    @property
    def max_prayers(self) -> int:
        """The most Prayers to Nuffle a team has in a match: the ``max`` of :data:`PRAYERS`."""
        found = self.items.get(PRAYERS)
        return found.max if found is not None else 0


def _terms(r: Reader, body: Mapping[str, Any], key: str, path: str) -> dict[str, Terms]:
    out = {}
    for ident, terms in r.get(body, key, dict, path, default={}).items():
        where = f"{path}.{key}.{ident}"
        if not isinstance(terms, dict):
            r.problem(where, f"expected a table of max and cost, got {in_toml_words(terms)}")
            continue
        r.extra(terms, ("max", "cost"), where)
        out[ident] = Terms(
            max=r.count(terms, "max", where, default=None), cost=r.count(terms, "cost", where, default=None)
        )
    return out


def _inducement(r: Reader, ident: str, body: Mapping[str, Any], path: str) -> Inducement:
    played = _PLAYED.get(ident, {})
    r.extra(body, (*_INDUCEMENT_KEYS, *_OWN_KEYS.get(ident, ()), *played), path)
    r.fixed(body, path, played)
    basis = r.get(body, "cost_basis", str, path, default=None)
    if basis != PRICED_BY.get(ident):
        wanted = PRICED_BY.get(ident)
        if wanted is None:
            owners = ", ".join(f"{k} ({v})" for k, v in PRICED_BY.items())
            r.problem(f"{path}.cost_basis", f"only {owners} are priced by what is hired; give {ident} a cost")
        else:
            r.problem(f"{path}.cost_basis", f"expected {wanted!r}: {ident} is priced by the {wanted} hired")
    mercenary = ident in _OWN_KEYS
    return Inducement(
        id=ident,
        label=r.label(body, path),
        max=r.count(body, "max", path),
        cost=0 if ident in PRICED_BY else r.count(body, "cost", path),
        special_rule_overrides=_terms(r, body, "special_rule_overrides", path),
        team_overrides=_terms(r, body, "team_overrides", path),
        requires=r.get(body, "requires", str, path, default=None),
        requires_team_apothecary=r.get(body, "requires_team_apothecary", bool, path, default=False),
        excludes_star=r.get(body, "excludes_star", str, path, default=None),
        surcharge=r.count(body, "surcharge", path) if mercenary else 0,
        extra_primary_skill_cost=r.count(body, "extra_primary_skill_cost", path) if mercenary else 0,
    )


def _wizard(r: Reader, ident: str, body: Mapping[str, Any], path: str) -> Wizard:
    r.extra(body, _WIZARD_KEYS, path)
    edition = r.get(body, "edition", str, path, default=CURRENT_EDITION)
    r.fixed(body, path, {"confirmed_bb2025": edition == CURRENT_EDITION, "spells_per_game": 1})
    spells = r.strings(body, "spells", path, default=())
    for n, spell in enumerate(spells):
        if spell not in SPELLS:
            r.problem(
                f"{path}.spells[{n}]",
                f"expected a spell the pack models ({', '.join(SPELLS)}), got {in_toml_words(spell)}",
            )
    return Wizard(
        id=ident,
        label=r.label(body, path),
        cost=r.count(body, "cost", path),
        available_to=r.strings(body, "available_to", path),
        edition=edition,
        spells=spells,
        named=r.get(body, "named", bool, path, default=False),
    )


def _frog(r: Reader, frog: Mapping[str, Any]) -> Frog:
    r.extra(frog, (*_FROG_KEYS, *_FROG_PLAYED), "$.frog")
    r.fixed(frog, "$.frog", _FROG_PLAYED)
    return Frog(
        label=r.label(frog, "$.frog"),
        keywords=r.strings(frog, "keywords", "$.frog", default=()),
        pa=r.count(frog, "pa", "$.frog", default=None, minimum=1),
        skills=r.strings(frog, "skills", "$.frog"),
        **{k: r.count(frog, k, "$.frog", minimum=1) for k in ("ma", "st", "ag", "av")},
    )


def read_inducements(r: Reader, data: Mapping[str, Any]) -> Inducements:
    """Read ``inducements.toml``, recording a problem in ``r`` for every value that does not fit."""
    r.extra(data, ("format", "wizards", "frog", "inducements", "petty_cash"), "$")
    items = {
        ident: _inducement(r, ident, body, path)
        for ident, body, path in r.tables(data, "inducements", "$", "an inducement's table")
    }
    for ident, why in _REQUIRED.items():
        if data and ident not in items:
            r.problem(f"$.inducements.{ident}", f"required: {why}")
    wizards_table = r.table(data, "wizards", "$")
    r.extra(wizards_table, ("max_per_team", "same_named_wizard_both_teams", "list"), "$.wizards")
    r.fixed(wizards_table, "$.wizards", {"same_named_wizard_both_teams": True})
    wizards = {
        i: _wizard(r, i, body, path)
        for i, body, path in r.tables(wizards_table, "list", "$.wizards", "a wizard's table")
    }
    petty_cash = r.table(data, "petty_cash", "$")
    r.extra(petty_cash, ("treasury_top_up_max", *_PETTY_CASH_PLAYED), "$.petty_cash")
    r.fixed(petty_cash, "$.petty_cash", _PETTY_CASH_PLAYED)
    return Inducements(
        items=items,
        wizards=wizards,
        wizards_per_team=r.count(wizards_table, "max_per_team", "$.wizards"),
        frog=_frog(r, r.table(data, "frog", "$")),
        petty_cash_top_up=r.count(petty_cash, "treasury_top_up_max", "$.petty_cash"),
    )
