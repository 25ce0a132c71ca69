"""Frozen values copy what they are given: nothing a caller keeps can change them."""

from __future__ import annotations

from types import MappingProxyType

from progression import Effect
from progression.events import Awarded, Created


class TestFreeze:
    def test_a_read_only_view_is_copied(self) -> None:
        """An event made from a caller's read-only view does not change when the dictionary behind it does."""
        pools = {"spp": 1, "gold": 2, "xp": 3}
        small = {"spp": 1}
        created = Created(pack="p", kind="k", pools=MappingProxyType(pools), stats=MappingProxyType(small))
        pools["spp"] = 99
        small["spp"] = 99
        assert ({"spp": 1, "gold": 2, "xp": 3}, {"spp": 1}) == (dict(created.pools), dict(created.stats))

    def test_an_effect_keeps_its_own_copy(self) -> None:
        """The same for every mapping of the model, an effect's stats for instance."""
        stats = {"ma": 1}
        effect = Effect(stats=stats)
        stats["ma"] = 5
        assert ({"ma": 1}, Awarded(pool="spp", amount=2)) == (dict(effect.stats), Awarded(pool="spp", amount=2))
