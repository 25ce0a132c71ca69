"""Build a character sheet, play a few sessions, and look back through its ledger.

Run it with ``python examples/character_sheet.py``. It uses the competence pack when
it is installed, and otherwise the data-only D&D 5e pack that ships beside this script.
"""

from __future__ import annotations

import sys
from pathlib import Path

import progression
from progression import RulePack, Sheet

HERE = Path(__file__).parent


def show(pack: RulePack, sheet: Sheet, language: str = "en") -> None:
    """Print the sheet: pools, stats and owned items, by their displayed names."""
    print(f"--- {sheet.name} ({pack.name_of(sheet.kind, language)}) ---")
    for pool, points in sheet.pools.items():
        print(f"  {pack.name_of(pool, language)}: {points}")
    for stat, value in sheet.stats.items():
        print(f"  {pack.name_of(stat, language)}: {value}")
    for item, count in sheet.owned.items():
        print(f"  {pack.name_of(item, language)}" + (f" ×{count}" if count > 1 else ""))


def dnd5e_story() -> Sheet:
    """A D&D 5e fighter from point buy to level 8, with the pack written in TOML alone."""
    pack = progression.load_file(HERE / "dnd5e" / "pack.toml")
    level, tier = pack.ladder("level"), pack.ladder("tier")

    def where(sheet: Sheet) -> str:
        xp = sheet.pools["xp"]
        return f"{xp} XP: {level.band_of(xp).label.en}, {tier.band_of(xp).label.en}"

    ana = pack.new_sheet("character", "Ana", pools={"ability_points": 27})
    # Point buy: 15, 14, 13, 12, 10, 8 before racial bonuses (27 points).
    plan = {"strength": 7, "constitution": 6, "dexterity": 5, "wisdom": 4, "charisma": 2}
    for ability, points in plan.items():
        for _ in range(points):
            ana = pack.purchase(ana, f"buy_{ability}")
    print(f"Point buy spent {ana.account('ability_points').spent} of 27 ability points.")
    ana = progression.mark(ana, "created")

    for session, xp in enumerate((300, 600, 1800, 3800, 7500, 9000, 11000), start=1):
        ana = pack.award(ana, "xp", xp, reason=f"session {session}")
        ana = progression.mark(ana, f"session {session}")
        print(f"After session {session}: {where(ana)}")
        if session == 3:
            # Level 4 grants the first ability score improvement: +1 Strength, +1 Constitution.
            ana = pack.purchase(ana, "improve_strength")
            ana = pack.purchase(ana, "improve_constitution")
            print("  Ability score improvement: Strength +1, Constitution +1.")
            print(f"  Another one now? {pack.quote(ana, 'improve_strength').unmet[0]}")
    ana = pack.purchase(ana, "improve_dexterity")
    ana = pack.purchase(ana, "improve_dexterity")
    print("  Ability score improvement of level 8: Dexterity +2.")
    print(f"Buying a point now? {pack.quote(ana, 'buy_intelligence').unmet[0]}")
    show(pack, ana)
    print(f"As of session 3, Ana had {ana.as_of('session 3').pools['xp']} XP.")
    return ana


def main() -> int:
    """Run the story with the best pack available; check the ledger and the sheet file round trip."""
    sheet = dnd5e_story()
    again = progression.load_sheet(progression.dump_sheet(sheet))
    print(f"Saved and reloaded: {'identical' if again == sheet else 'DIFFERENT'}.")
    print(
        f"Replaying the ledger of {len(sheet.ledger)} entries gives the same sheet: {progression.replay(sheet.ledger) == sheet}."
    )
    return 0 if again == sheet else 1


if __name__ == "__main__":
    sys.exit(main())
