"""The references of a pack, checked when it loads: every id a requirement, a price's axis or a maximum reads
resolves, and what a pool spends automatically is what it can buy."""

from __future__ import annotations

from pathlib import Path

import pytest

import progression
from progression.contract import Contract, Factory
from progression.errors import RulePackError

#: A small pack of a game designer's, with every reference right: the tests break one at a time.
RAID = """\
# progression rule pack, format 1 (documented in docs/reference/pack-format.rst).
format = 1

[pack]
name = "raid"
title = { en = "Raid", fr = "Raid" }

[currencies.xp]
label = { en = "Experience", fr = "Expérience" }

[pools.xp]
label = { en = "Experience", fr = "Expérience" }
currency = "xp"

[stats.level]
label = { en = "Level", fr = "Niveau" }
maximum = 12

[stats.marks]
label = { en = "Marks", fr = "Marques" }

[curves.level]
kind = "linear"
base = 10
step = 5

[ladders.rank]
label = { en = "Rank", fr = "Rang" }
axis = "level"
bands = [
    { id = "novice", label = { en = "Novice", fr = "Novice" }, from = 0, to = 4 },
    { id = "veteran", label = { en = "Veteran", fr = "Vétéran" }, from = 5, requires = { at_least = 1, quantity = "marks" } },
]

[upgrades.level_up]
label = { en = "Level up", fr = "Montée de niveau" }
pool = "xp"
cost = { curve = "level", axis = "level" }
requires = { at_least = 0, quantity = "level" }
effect = { stats = { level = 1 } }
limit = { maxima = { level = 12 } }

[upgrades.sword]
label = { en = "Sword", fr = "Épée" }
pool = "xp"
cost = 5
effect = { grants = { sword = 1 } }

[upgrades.brand]
label = { en = "Brand", fr = "Marque" }
pool = "xp"
cost = 5
requires = { owns = "sword" }
effect = { stats = { marks = 1 } }

[kinds.raider]
label = { en = "Raider", fr = "Pillard" }
pools = ["xp"]
stats = ["level", "marks"]
"""

#: What each id a pack reads says when it is misspelt.
NOT_KNOWN = "which is not a stat, pool, upgrade, named id or granted item of the pack"


def written(tmp_path: Path, text: str) -> Path:
    """``text`` as the pack file ``raid.toml``."""
    path = tmp_path / "raid.toml"
    path.write_text(text, encoding="utf-8")
    return path


def problems(tmp_path: Path, text: str) -> list[str]:
    """The problems of ``text`` as a pack file, each ``reason @ path``."""
    with pytest.raises(RulePackError) as caught:
        progression.load_file(written(tmp_path, text))
    return [f"{p.reason} @ {p.path}" for p in caught.value.problems]


class TestIdsRead:
    def test_the_pack_as_written_loads(self, tmp_path: Path) -> None:
        """Every id it reads is a stat, a pool, an upgrade or a granted item: it loads."""
        assert "raid" == progression.load_file(written(tmp_path, RAID)).name

    @pytest.mark.parametrize(
        ("right", "wrong", "expected"),
        [
            (
                'requires = { at_least = 1, quantity = "marks" }',
                'requires = { at_least = 1, quantity = "mark" }',
                f"the requirement names 'mark', {NOT_KNOWN}; the closest: marks @ $.ladders.rank.bands[1].requires",
            ),
            (
                'axis = "level" }',
                'axis = "lvl" }',
                f"the cost is read on 'lvl', {NOT_KNOWN}; the closest: level @ $.upgrades.level_up.cost.axis",
            ),
            (
                'at_least = 0, quantity = "level"',
                'at_least = 2, quantity = "levl"',
                f"the requirement names 'levl', {NOT_KNOWN}; the closest: level @ $.upgrades.level_up.requires",
            ),
            (
                'requires = { owns = "sword" }',
                'requires = { owns = "sowrd" }',
                f"the requirement names 'sowrd', {NOT_KNOWN}; the closest: sword @ $.upgrades.brand.requires",
            ),
            (
                "maxima = { level = 12 }",
                "maxima = { levle = 3 }",
                f"the limit caps 'levle', {NOT_KNOWN}; the closest: level, level_up "
                "@ $.upgrades.level_up.limit.maxima.levle",
            ),
        ],
        ids=["band gate", "cost axis", "quantity", "owns", "maxima"],
    )
    def test_a_dangling_id_is_refused_at_its_key(self, tmp_path: Path, right: str, wrong: str, expected: str) -> None:
        """An id read where nothing of the pack has it would never hold (a gate never passed, a price that never
        rises, a maximum never reached): refused when the file loads, at its key, with the closest id."""
        assert right in RAID
        assert [expected] == problems(tmp_path, RAID.replace(right, wrong, 1))

    def test_every_dangling_id_at_once(self, tmp_path: Path) -> None:
        """Several misspelt ids are all reported at once, with the file's other problems."""
        text = RAID.replace('axis = "level" }', 'axis = "lvl" }').replace('owns = "sword"', 'owns = "sowrd"')
        text = text.replace("maximum = 12", 'maximum = "12"')
        assert [
            "expected an integer, got '12' @ $.stats.level.maximum",
            f"the cost is read on 'lvl', {NOT_KNOWN}; the closest: level @ $.upgrades.level_up.cost.axis",
            f"the requirement names 'sowrd', {NOT_KNOWN}; the closest: sword @ $.upgrades.brand.requires",
        ] == problems(tmp_path, text)

    def test_a_factor_and_a_pool_read_known_ids(self, tmp_path: Path) -> None:
        """A factor of a price and what an award requires read ids too."""
        text = RAID.replace(
            "cost = 5\nrequires", 'cost = { amount = 5, multiply = [{ by = 2, when = { owns = "swrd" } }] }\nrequires'
        )
        text = text.replace('currency = "xp"\n', 'currency = "xp"\nrequires = { at_most = 3, quantity = "mraks" }\n', 1)
        assert [
            f"the requirement names 'swrd', {NOT_KNOWN}; the closest: sword @ $.upgrades.brand.cost.multiply[0].when",
            f"the requirement names 'mraks', {NOT_KNOWN}; the closest: marks @ $.pools.xp.requires",
        ] == problems(tmp_path, text)

    def test_an_item_only_code_grants_is_named(self, tmp_path: Path) -> None:
        """An item no upgrade grants (a procedure's, an operation's) is named in ``[names]``: then it loads."""
        text = RAID.replace('owns = "sword"', 'owns = "relic"')
        assert [f"the requirement names 'relic', {NOT_KNOWN} @ $.upgrades.brand.requires"] == problems(tmp_path, text)
        named = text + '\n[names.relic]\nen = "Relic"\nfr = "Relique"\n'
        assert "raid" == progression.load_file(written(tmp_path, named)).name

    def test_an_item_of_an_upgrade_over_items_is_granted(self, tmp_path: Path) -> None:
        """``grants = { "{choice}" = 1 }`` over ``items`` grants each of them; an options function's choices, known
        only when a sheet asks, are read when the buyer chooses."""
        text = RAID.replace(
            "effect = { grants = { sword = 1 } }",
            'items = ["sword", "axe"]\neffect = { grants = { "{choice}" = 1 } }',
        ).replace('owns = "sword"', 'owns = "axe"')
        assert "raid" == progression.load_file(written(tmp_path, text)).name

    def test_a_pack_with_factories_leaves_items_to_the_check(self, tmp_path: Path) -> None:
        """A factory may start a sheet owning any item, which the file cannot say: a pack made with one is left to
        the conformance check, which makes its sheets (and reads what they own)."""
        from progression.testing import check_pack

        def armed(pack: progression.RulePack, name: str = "raider") -> progression.Sheet:
            return pack.new_sheet("raider", name, owned={"relic": 1})

        text = RAID.replace('owns = "sword"', 'owns = "relic"')
        pack = progression.load_file(
            written(tmp_path, text), contract=Contract(factories=[Factory(kind="raider", function=armed)])
        )
        assert () == check_pack(pack, examples=0).by_check("references")
        typo = text.replace('owns = "relic"', 'owns = "relik"')
        pack = progression.load_file(
            written(tmp_path, typo), contract=Contract(factories=[Factory(kind="raider", function=armed)])
        )
        (finding,) = check_pack(pack, examples=0).by_check("references")
        assert ("$.upgrades.brand.requires", True) == (finding.where, "'relik'" in finding.message)

    @pytest.mark.parametrize("name", ["bloodbowl", "competence"])
    def test_the_shipped_packs_load(self, name: str) -> None:
        """The shipped packs read only ids they have."""
        assert name == progression.load(name).name


#: A pool that spends what it holds over its cap of 100 on ``gear``.
AUTO = """\
format = 1
[pack]
name = "scavengers"
title = { en = "Scavengers", fr = "Récupérateurs" }
[currencies.xp]
label = { en = "Experience", fr = "Expérience" }
[pools.xp]
label = { en = "Experience", fr = "Expérience" }
currency = "xp"
cap = 100
overflow = "auto"
auto_spend = ["gear"]
[pools.scrap]
label = { en = "Scrap", fr = "Ferraille" }
currency = "xp"
[upgrades.gear]
label = { en = "Gear", fr = "Équipement" }
pool = "xp"
cost = 10
effect = { grants = { gear = 1 } }
[kinds.raider]
label = { en = "Raider", fr = "Pillard" }
pools = ["xp", "scrap"]
"""


class TestAutoSpend:
    def test_the_pool_spends_its_surplus(self, tmp_path: Path) -> None:
        """An upgrade the pool pays for, with no choice to make, is bought with what is over the cap."""
        pack = progression.load_file(written(tmp_path, AUTO))
        sheet = pack.award(pack.new_sheet("raider", "Ana"), "xp", 150, reason="loot")
        assert (100, {"gear": 5}) == (sheet.pools["xp"], dict(sheet.owned))

    def test_an_upgrade_another_pool_pays_for_is_refused(self, tmp_path: Path) -> None:
        """Auto spending pays from the pool alone: an upgrade paid from another pool is refused when the file
        loads (it was bought with points the rules do not take for it)."""
        text = AUTO.replace('pool = "xp"\ncost = 10', 'pool = "scrap"\ncost = 10')
        assert [
            "'gear' is paid from scrap, not from 'xp'; auto spending buys only upgrades the pool pays for "
            "@ $.pools.xp.auto_spend"
        ] == problems(tmp_path, text)

    def test_an_upgrade_that_takes_a_choice_is_refused(self, tmp_path: Path) -> None:
        """Nobody is asked to choose when a surplus is spent: an upgrade over items (or with an options function)
        was never bought, and the points over the cap were lost silently; refused when the file loads."""
        text = AUTO.replace(
            "effect = { grants = { gear = 1 } }", 'items = ["rope", "lamp"]\neffect = { grants = { "{choice}" = 1 } }'
        )
        assert [
            "'gear' takes a choice (items); auto spending buys only upgrades that take none, as nobody is asked "
            "@ $.pools.xp.auto_spend"
        ] == problems(tmp_path, text)


class TestLadderAxis:
    def test_an_owned_count_is_no_axis(self, tmp_path: Path) -> None:
        """A purchase crosses a band's gate by the stats its effect changes, and a sheet shows the band of a stat or
        a pool it holds: a ladder over an item an upgrade grants would never be entered, nor shown. It is refused,
        saying so; an id that is nothing of the pack is refused as before."""
        text = RAID.replace('axis = "level"\n', 'axis = "sword"\n', 1)
        assert [
            "a ladder's axis is a stat or a pool, got 'sword', an owned count; count it in a stat the upgrades "
            "raise (defined: level, marks, xp) @ $.ladders.rank.axis"
        ] == problems(tmp_path, text)
        typo = RAID.replace('axis = "level"\n', 'axis = "levle"\n', 1)
        assert [
            "stat or pool 'levle' is not defined; defined: level, marks, xp; the closest: level @ $.ladders.rank.axis"
        ] == problems(tmp_path, typo)

    def test_a_stat_and_a_pool_are_axes(self, tmp_path: Path) -> None:
        """A stat's ladder gates the purchases that raise it; a pool's ladder loads too."""
        pack = progression.load_file(written(tmp_path, RAID))
        sheet = pack.award(pack.new_sheet("raider", "Ana", stats={"level": 4}), "xp", 100, reason="loot")
        assert ("gate:rank",) == tuple(v.key for v in pack.quote(sheet, "level_up").violations)
        pooled = (
            RAID.replace('axis = "level"\n', 'axis = "xp"\n', 1)
            .replace("to = 4 }", "to = 499 }")
            .replace("from = 5,", "from = 500,")
        )
        assert "xp" == progression.load_file(written(tmp_path, pooled)).ladder("rank").axis


class TestOptionsNamed:
    PACK = """
format = 1
[pack]
name = "words"
title = { en = "Words", fr = "Mots" }
[currencies.xp]
label = { en = "Experience", fr = "Expérience" }
[pools.xp]
label = { en = "Experience", fr = "Expérience" }
currency = "xp"
[names]
"school.f" = { en = "Fire", fr = "Feu" }
[upgrades.spell]
label = { en = "Spell", fr = "Sort" }
pool = "xp"
cost = 1
options = "schools"
options_named = WORD
"""

    @pytest.mark.parametrize(
        ("word", "expected"),
        [
            (
                '""',
                "expected the first word of names such as 'category.g' (a lowercase id, no dot at either end), got ''",
            ),
            (
                '"School"',
                "expected the first word of names such as 'category.g' (a lowercase id, no dot at either end), got 'School'",
            ),
            (
                '"school."',
                "expected the first word of names such as 'category.g' (a lowercase id, no dot at either end), got 'school.'",
            ),
            ('"schol"', "no name starts with 'schol.' in [names]"),
        ],
    )
    def test_the_word_must_start_names_of_the_pack(self, tmp_path: Path, word: str, expected: str) -> None:
        """``options_named`` is the first word of the pack's names (a lowercase id): one no name starts with, or
        that no name could start with, is refused at its key."""
        assert f"{expected} @ $.upgrades.spell.options_named" in problems(tmp_path, self.PACK.replace("WORD", word))


#: What the loader says of a raider that may buy ``level_up`` (it names no kinds) but holds no level.
NO_LEVEL = (
    "the effect changes stat 'level', but kind 'raider', which may buy this upgrade (it names no kinds: every kind "
    "that holds a paying pool may), does not hold it; add 'level' to kinds.raider.stats"
)
#: A stat of the pack no raider holds, and a roster of raiders, which holds none of their stats nor pools.
FAME = '[stats.fame]\nlabel = { en = "Fame", fr = "Renommée" }\n'
BAND = '[kinds.band]\nlabel = { en = "Band", fr = "Bande" }\nmembers = ["raider"]\n'


class TestWhatAKindHolds:
    """A sheet holds the stats and pools its kind lists: what an upgrade it may buy changes or reads, what its pools
    and ladders read, is among them, or the pack is refused (a stat it lacks would appear from nothing at 0)."""

    def test_a_stat_the_buyer_does_not_hold_is_refused_where_the_upgrade_names_it(self, tmp_path: Path) -> None:
        """The level left out of the raider's stats: ``level_up`` would make it from nothing (priced at 0, counted
        past its initial value). Said once, where the upgrade first names it (its effect, not again for its cost's
        axis, its requirement and its maximum), with the fix."""
        text = RAID.replace('stats = ["level", "marks"]', 'stats = ["marks"]')
        assert [f"{NO_LEVEL} @ $.upgrades.level_up.effect.stats.level"] == problems(tmp_path, text)

    @pytest.mark.parametrize(
        ("right", "wrong", "expected"),
        [
            (
                "effect = { grants = { sword = 1 } }",
                "effect = { grants = { sword = 1 }, stats = { fame = 1 } }",
                "the effect changes stat 'fame', but kind 'raider', which may buy this upgrade (it names no kinds: "
                "every kind that holds a paying pool may), does not hold it; add 'fame' to kinds.raider.stats "
                "@ $.upgrades.sword.effect.stats.fame",
            ),
            (
                'axis = "level" }',
                'axis = "fame" }',
                "the cost is read on stat 'fame', but kind 'raider', which may buy this upgrade (it names no kinds: "
                "every kind that holds a paying pool may), does not hold it; add 'fame' to kinds.raider.stats "
                "@ $.upgrades.level_up.cost.axis",
            ),
            (
                'at_least = 0, quantity = "level"',
                'at_least = 0, quantity = "fame"',
                "the requirement reads stat 'fame', but kind 'raider', which may buy this upgrade (it names no kinds: "
                "every kind that holds a paying pool may), does not hold it; add 'fame' to kinds.raider.stats "
                "@ $.upgrades.level_up.requires",
            ),
            (
                "maxima = { level = 12 }",
                "maxima = { level = 12, fame = 3 }",
                "the limit caps stat 'fame', but kind 'raider', which may buy this upgrade (it names no kinds: "
                "every kind that holds a paying pool may), does not hold it; add 'fame' to kinds.raider.stats "
                "@ $.upgrades.level_up.limit.maxima.fame",
            ),
            (
                'currency = "xp"\n',
                'currency = "xp"\ncap = "fame"\n',
                "the cap is read on stat 'fame', but kind 'raider', which holds pool 'xp', does not hold it; "
                "add 'fame' to kinds.raider.stats @ $.pools.xp.cap",
            ),
            (
                'requires = { at_least = 1, quantity = "marks" }',
                'requires = { at_least = 1, quantity = "fame" }',
                "the requirement reads stat 'fame', but kind 'raider', which holds the ladder's axis 'level', does "
                "not hold it; add 'fame' to kinds.raider.stats @ $.ladders.rank.bands[1].requires",
            ),
        ],
        ids=["effect", "cost axis", "requirement", "maximum", "pool cap", "ladder gate"],
    )
    def test_each_place_that_reads_a_stat(self, tmp_path: Path, right: str, wrong: str, expected: str) -> None:
        """A stat of the pack the raider does not hold, changed by an effect or read by a price's axis, a
        requirement, a maximum, a pool's cap or a ladder's gate: each would read 0 on every raider, and is refused
        at its key."""
        assert right in RAID
        assert [expected] == problems(tmp_path, RAID.replace(right, wrong, 1) + FAME)

    def test_an_upgrade_naming_its_buyers(self, tmp_path: Path) -> None:
        """An upgrade that names the kinds that may buy it is read for those: the fix offered is the stat added to
        the kind, or the kind taken out of the upgrade's."""
        text = RAID.replace('stats = ["level", "marks"]', 'stats = ["marks"]').replace(
            "limit = { maxima = { level = 12 } }", 'limit = { maxima = { level = 12 } }\nkinds = ["raider"]'
        )
        assert [
            "the effect changes stat 'level', but kind 'raider', which may buy this upgrade, does not hold it; "
            "add 'level' to kinds.raider.stats, or take 'raider' out of the upgrade's kinds "
            "@ $.upgrades.level_up.effect.stats.level"
        ] == problems(tmp_path, text)

    def test_another_kind_that_can_pay_is_named_as_a_fix(self, tmp_path: Path) -> None:
        """A scout holds the raiders' experience but not their level: ``level_up``, which names no kinds, is his to
        buy too, and refused; the fix names the kinds that hold the level."""
        scout = '[kinds.scout]\nlabel = { en = "Scout", fr = "Éclaireur" }\npools = ["xp"]\nstats = ["marks"]\n'
        assert [
            "the effect changes stat 'level', but kind 'scout', which may buy this upgrade (it names no kinds: "
            "every kind that holds a paying pool may), does not hold it; add 'level' to kinds.scout.stats, or name "
            'the kinds that may buy it: kinds = ["raider"] @ $.upgrades.level_up.effect.stats.level'
        ] == problems(tmp_path, RAID + scout)

    def test_a_roster_that_holds_no_paying_pool_is_no_buyer(self, tmp_path: Path) -> None:
        """A band of raiders holds none of their stats nor their experience: the upgrades that name no kinds are
        not its to buy (it has no points to pay with), and the pack loads."""
        pack = progression.load_file(written(tmp_path, RAID + BAND))
        assert ((), ()) == (pack.kind("band").stats, pack.kind("band").pools)

    def test_each_item_over_stats_is_held(self, tmp_path: Path) -> None:
        """An upgrade over items that changes the chosen stat (``"{choice}"``) changes each item's: one the buyer
        does not hold is refused, named."""
        train = (
            '[upgrades.train]\nlabel = { en = "Train", fr = "Entraîner" }\npool = "xp"\ncost = 1\n'
            'items = ["marks", "fame"]\neffect = { stats = { "{choice}" = 1 } }\n'
        )
        assert [
            "the effect changes stat 'fame', but kind 'raider', which may buy this upgrade (it names no kinds: "
            "every kind that holds a paying pool may), does not hold it; add 'fame' to kinds.raider.stats "
            "@ $.upgrades.train.effect.stats.{choice}"
        ] == problems(tmp_path, RAID + FAME + train)
        assert "raid" == progression.load_file(written(tmp_path, RAID + train.replace(', "fame"', ""))).name

    def test_an_id_a_sheet_may_own_is_read_as_its_count(self, tmp_path: Path) -> None:
        """``sword`` is a stat no raider holds and an item a raider is granted: a requirement on it reads the
        count he owns, and the pack loads."""
        text = RAID.replace('requires = { owns = "sword" }', 'requires = { at_least = 1, quantity = "sword" }')
        sword = '[stats.sword]\nlabel = { en = "Sword", fr = "Épée" }\n'
        assert "raid" == progression.load_file(written(tmp_path, text + sword)).name

    def test_a_kind_with_a_misspelt_key_is_not_read_for_what_it_holds(self, tmp_path: Path) -> None:
        """``stat = [...]`` for ``stats``: the kind holds no stat as read, but the file says otherwise: the one
        unknown key is said, not a problem for every stat its upgrades change."""
        text = RAID.replace('stats = ["level", "marks"]', 'stat = ["level", "marks"]')
        assert ["unknown key 'stat'; expected one of: label, pools, stats, members @ $.kinds.raider.stat"] == problems(
            tmp_path, text
        )
