"""Fixtures of the Blood Bowl pack's tests: the pack, and a Human team drafted on 1,000,000."""

from __future__ import annotations

import attrs
import pytest

import progression
import progression_bloodbowl as bb
from progression import RulePack, Sheet

#: The draft every test starts from: 11 Humans, the first Blitzer is the Team Captain.
HUMANS = [
    ("human_blitzer", "Griselda"),
    ("human_blitzer", "Otto"),
    ("human_thrower", "Hans"),
    ("human_catcher", "Lena"),
    ("human_catcher", "Kurt"),
    *[("human_lineman", f"Lineman {n}") for n in range(1, 7)],
]


@pytest.fixture(scope="session")
def pack() -> RulePack:
    """The installed Blood Bowl pack."""
    return progression.load("bloodbowl")


@pytest.fixture
def team(pack: RulePack) -> Sheet:
    """Eleven Humans, two re-rolls, an Apothecary, one extra Dedicated Fan: 850,000 spent."""
    return bb.draft(pack, "human", "Altdorf Anvils", HUMANS, rerolls=2, apothecary=True, dedicated_fans=1, captain=0)


def ended(pack: RulePack, team: Sheet) -> Sheet:
    """``team`` with every open post-match sequence ended, its Expensive Mistakes rolling a 6 (averted below
    600,000), as the rules want before a prize or the season's end."""
    from progression_bloodbowl.team.results import numbers

    recorded, closed = numbers(team)
    for number in sorted(recorded - closed):
        team = bb.operations.expensive_mistakes(pack, team, progression.ScriptedDice([6]), number=number)
    return team


def version_3(pack: RulePack) -> RulePack:
    """``pack`` as version 3 of its data was: a Star Player could be awarded SPP by hand (the pool's requirement
    that version 4 added). A sheet or a store made under it is one of other rules for ``pack``."""
    spp = attrs.evolve(pack.pools["spp"], requires=None)
    return attrs.evolve(pack, version="3", pools={**pack.pools, "spp": spp})
