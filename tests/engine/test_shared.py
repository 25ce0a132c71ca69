"""Equal events made again and again are one object: the rolls an entry records, the rolls it shows, the awards."""

from __future__ import annotations

import progression
from progression import ScriptedDice
from progression.engine.shared import awarded, rolled
from progression.events import Awarded, Rolled
from support.builders import trainer


class TestShared:
    def test_equal_rolls_and_awards_are_one_object(self) -> None:
        """Two sheets awarded the same points for the same reason, two random skills rolling the same dice: their
        events are one object each, recorded rolls included, and equal to what their constructor makes."""
        pack = trainer()
        bo, al = (pack.new_sheet("player", name, pools={"spp": 12}) for name in ("Bo", "Al"))
        bo, al = (pack.award(sheet, "spp", 3, reason="match 1") for sheet in (bo, al))
        assert bo.ledger[-1].events[0] is al.ledger[-1].events[0]
        assert Awarded(pool="spp", amount=3, reason="match 1") == bo.ledger[-1].events[0]
        bo, al = (pack.purchase(sheet, "random_skill", dice=ScriptedDice([1, 2])) for sheet in (bo, al))
        assert bo.ledger[-1].rolls == al.ledger[-1].rolls
        assert all(x is y for x, y in zip(bo.ledger[-1].rolls, al.ledger[-1].rolls, strict=True))
        assert Rolled(label="first skill", sides=6, results=(1,)) == bo.ledger[-1].rolls[0]
        assert progression.replay(bo.ledger) == bo

    def test_what_is_not_plain_data_is_not_shared(self) -> None:
        """A roll whose results are not a tuple of integers, or an award whose fields are not plain, is made anew:
        only what equals itself alone is shared (``True == 1``, yet they are not the same result)."""
        assert rolled("d", 6, (1,)) is rolled("d", 6, (1,))
        assert rolled("d", 6, (True,)) is not rolled("d", 6, (True,))
        assert awarded("spp", 2, "x") is awarded("spp", 2, "x")
        assert awarded("spp", True, "x") is not awarded("spp", True, "x")  # type: ignore[arg-type]
