"""The competence pack's words are not its rules: a gate's sentence may be reworded without changing the rules'
fingerprint, and a character saved before still loads, verifies under the same rules and goes on."""

from __future__ import annotations

import attrs

import progression
import progression_competence as pc
from progression import RulePack

from .conftest import DATA


class TestASavedCharacter:
    def test_it_loads_verifies_and_goes_on(self, pack: RulePack) -> None:
        """Aline, saved with a quality bought to pass Fencing's Proficient gate, loads sealed and verifies under
        the installed pack's rules, which are those she records; she raises Fencing once more."""
        aline = progression.load_sheet((DATA / "aline.json").read_bytes(), "aline.json", pack=pack, verify=True)
        report = progression.verify(aline, pack)
        after = pc.award(pack, aline, "escrime", 40, reason="a duel")
        after = pc.raise_level(pack, after, "escrime", 1)
        assert (pack.rules, True, 12, 31, 32) == (
            aline.rules,
            report.ok,
            len(aline.ledger),
            pc.level(pack, aline, "escrime"),
            pc.level(pack, after, "escrime"),
        )


class TestTheGateIsWordsOnly:
    def test_the_gate_is_said_by_its_words(self, pack: RulePack) -> None:
        """Fencing at 30 needs a quality from its list: the sentence says so."""
        aline = progression.load_sheet((DATA / "aline.json").read_bytes(), "aline.json", pack=pack)
        bare = pc.new_character(pack, "Bea")
        bare = pc.award(pack, bare, "escrime", 100, reason="a season")
        bare = pc.raise_level(pack, bare, "escrime", 25)
        bare = pc.raise_level(pack, pc.award(pack, bare, "escrime", 30, reason="a tournament"), "escrime", 5)
        (said,) = pack.quote(bare, "raise.escrime").unmet
        assert said.startswith("to reach Proficient: needs one or more qualities from the list of Fencing (has none)")
        assert () == pack.quote(pc.award(pack, aline, "escrime", 30, reason="x"), "raise.escrime").unmet

    def test_rewording_the_gate_keeps_the_rules(self, pack: RulePack) -> None:
        """The words shown are out of the fingerprint: a pack whose gates and openings say something else is of
        the same rules, and a character saved under the one plays under the other."""
        reworded = attrs.evolve(pack, **_reworded_parts(pack))
        band = reworded.ladders["degree.escrime"].bands[2]
        assert ("qualities, reworded", pack.rules) == (band.requires.items_said, reworded.rules)


def _reworded_parts(pack: RulePack) -> dict[str, object]:
    """The parts of ``pack`` with every ladder gate's and requirement's words changed."""
    ladders = [
        attrs.evolve(
            ladder,
            bands=[
                attrs.evolve(band, requires=attrs.evolve(band.requires, items_said="qualities, reworded"))
                if band.requires is not None
                else band
                for band in ladder.bands
            ],
        )
        for ladder in pack.ladders.values()
    ]
    upgrades = [
        attrs.evolve(u, requires=attrs.evolve(u.requires, said="reworded")) if u.requires is not None else u
        for u in pack.upgrades.values()
    ]
    return {"ladders": ladders, "upgrades": upgrades}
