"""Build a character sheet, play a few sessions, and look back through its ledger.

Run it with ``python examples/character_sheet.py``. It takes a fencer of the competence
pack to Proficient (Confirmé) when that pack is installed, and otherwise a D&D 5e fighter
to level 8 with the data-only pack that ships beside this script; ``--pack dnd5e`` or
``--pack competence`` chooses. Either way the sheet is saved to a file, reloaded and replayed;
``--save ana.json`` keeps the file, for ``progression sheet show ana.json`` (add
``--pack examples/dnd5e/pack.toml`` for the D&D pack, which is not installed).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
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


def competence_story() -> Sheet:
    """A fencer of the competence pack's example campaign taken to Proficient (Confirmé)."""
    import progression_competence as pc

    pack = progression.load("competence")

    def where(sheet: Sheet, competence: str) -> str:
        degree = pc.degree(pack, sheet, competence)
        return (
            f"{pack.name_of(competence)} level {pc.level(pack, sheet, competence)} "
            f"({pack.name_of(degree)} / {pack.name_of(degree, 'fr')}), "
            f"{sheet.pools[pc.ids.pool_id(competence)]} points"
        )

    ana = pc.new_character(pack, "Ana", levels={"escrime": 28, "danse": 20})
    ana = progression.mark(ana, "created")
    ana = pc.award(pack, ana, "escrime", 20, reason="session 1: the duel at the inn")
    ana = pc.award(pack, ana, "danse", 20, reason="session 1: the ball")
    ana = pc.raise_level(pack, ana, "escrime", 2)
    ana = progression.mark(ana, "session 1")
    print(f"After session 1: {where(ana, 'escrime')}; {where(ana, 'danse')}")
    print(f"  Level 31? {pack.quote(ana, pc.ids.raise_id('escrime')).unmet[0]}")

    ana = pc.award(pack, ana, "escrime", 16, reason="session 2: the fencing school")
    quality = pc.quote_quality(pack, ana, "souplesse", pay={"escrime": 30, "danse": 20})
    answer = "can be bought" if quality.ok else f"cannot be bought: {quality.unmet[0]}"
    print(f"  {pack.name_of('souplesse')} costs {quality.price}, paid 30 from Fencing and 20 from Dance: {answer}.")
    ana = pc.buy_quality(pack, ana, "souplesse", pay={"escrime": 30, "danse": 20})
    ana = pc.award(pack, ana, "escrime", 8, reason="session 2: a rematch")
    ana = pc.raise_level(pack, ana, "escrime")
    ana = progression.mark(ana, "session 2")
    print(f"After session 2: {where(ana, 'escrime')}; {where(ana, 'danse')}")
    for position, done in pc.queries.completion_history(pack, ana):
        print(
            f"  Completed {pack.name_of(done.degree)} of {pack.name_of(done.competence)} at level {done.level} "
            f"(ledger entry {position})."
        )
    show(pack, ana)
    print(f"As of session 1, Fencing was at level {pc.level(pack, ana.as_of('session 1'), 'escrime')}.")
    return ana


def competence_installed() -> bool:
    """Whether the competence pack is installed and loads."""
    if "competence" not in progression.packs():
        return False
    try:
        progression.load("competence")
    except progression.ProgressionError:
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    """Run the story with the pack asked for or the best available; check the sheet file round trip."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--pack", choices=("competence", "dnd5e"), help="the pack to use (default: competence if installed)"
    )
    parser.add_argument("--save", metavar="FILE", type=Path, help="keep the sheet file here (default: a temporary one)")
    args = parser.parse_args(argv)
    chosen = args.pack or ("competence" if competence_installed() else "dnd5e")
    sheet = competence_story() if chosen == "competence" else dnd5e_story()
    with tempfile.TemporaryDirectory() as scratch:
        path = args.save or Path(scratch) / "sheet.json"
        path.write_text(progression.dump_sheet(sheet), encoding="utf-8")
        again = progression.load_sheet(path.read_text(encoding="utf-8"), str(path))
    if args.save:
        print(f"Saved to {args.save}.")
    print(f"Saved and reloaded: {'identical' if again == sheet else 'DIFFERENT'}.")
    print(
        f"Replaying the ledger of {len(sheet.ledger)} entries gives the same sheet: {progression.replay(sheet.ledger) == sheet}."
    )
    return 0 if again == sheet else 1


if __name__ == "__main__":
    sys.exit(main())
