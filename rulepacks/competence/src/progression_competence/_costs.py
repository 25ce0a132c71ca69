"""Cost tables: levels by runs, qualities by how many are owned, specializations by degree,
and what it takes to bring one competence to a degree."""

from __future__ import annotations

import attrs

from progression import RulePack
from progression.errors import InvalidInput
from progression.operations import check_number

from ._settings import DEGREES
from ._tables import tables_of

__all__ = [
    "LevelRow",
    "Reach",
    "cost_to_reach",
    "level_table",
    "quality_rows",
    "quality_table",
    "specialization_costs",
    "specialization_rows",
]


@attrs.frozen(kw_only=True)
class LevelRow:
    """The levels ``start → end`` of a competence and what they cost."""

    start: int
    end: int
    #: What each level of the run costs, when they all cost the same (else None).
    each: int | None
    #: The whole run.
    run: int
    #: From level 0 to ``end``.
    total: int


@attrs.frozen(kw_only=True)
class Reach:
    """The points that take one competence from level 0 into a degree."""

    degree: str
    #: The first level of the degree.
    level: int
    #: The levels 0 → ``level``.
    levels: int
    #: The qualities the gates ask for, bought after those already owned.
    qualities: int

    @property
    def total(self) -> int:
        """Levels and qualities together."""
        return self.levels + self.qualities


#: The most rows a cost table lists: far more than any table a person reads, and few enough to list at once (a
#: level table to a level of a quadrillion, by 10, would list rows for ever).
TABLE_ROWS = 10_000


def _whole(value: object, name: str, minimum: int, where: str) -> int:
    """``value`` when it is a whole number from ``minimum`` to a quadrillion (what a sheet file holds, as
    ``progression.operations.check_number`` checks it: no level or count a sheet reaches is larger); else
    :class:`InvalidInput` saying what came in ``where``."""
    if isinstance(value, bool) or not isinstance(value, int):
        msg = f"{name} must be a whole number >= {minimum} in {where}, got {value!r:.60} ({type(value).__name__})"
        raise InvalidInput(msg)
    check_number(value, name, where)
    if value < minimum:
        msg = f"{name} must be a whole number >= {minimum:,} in {where}, got {value:,}"
        raise InvalidInput(msg)
    return value


def _rows(count: int, asked: str, where: str) -> int:
    """``count`` rows when a table may list that many (:data:`TABLE_ROWS`); else :class:`InvalidInput` saying what
    was ``asked``."""
    if count > TABLE_ROWS:
        msg = f"{where} lists at most {TABLE_ROWS:,} rows, got {asked}"
        raise InvalidInput(msg)
    return count


def level_table(pack: RulePack, start: int = 0, end: int = 100, by: int = 10) -> tuple[LevelRow, ...]:
    """The cost of levels in runs of ``by``, from ``start`` to ``end`` (the rules' table by default).

    >>> from progression_competence import pack
    >>> from progression_competence.queries import level_table
    >>> [(row.end, row.each, row.run, row.total) for row in level_table(pack())][:4]
    [(10, 1, 10, 10), (20, 2, 20, 30), (30, 3, 30, 60), (40, 4, 40, 100)]

    Raises:
        InvalidInput: an argument that is no whole number, below its least (``end`` below ``start``), past what a
            sheet holds (a quadrillion), or a table of more than ``TABLE_ROWS`` (10,000) rows.
    """
    tables_of(pack)  # the competence pack, before its curve is read
    where = "the level table"
    _whole(start, "start", 0, where)
    _whole(end, "end", start, where)
    _whole(by, "by", 1, where)
    count = -((start - end) // by)
    _rows(count, f"levels {start:,} to {end:,} by {by:,}: {count:,} rows (take a larger by)", where)
    curve = pack.curve("level")
    rows = []
    for low in range(start, end, by):
        high = min(low + by, end)
        first, last = curve.cost(low + 1), curve.cost(high)
        rows.append(
            LevelRow(
                start=low,
                end=high,
                each=first if first == last else None,
                run=curve.between(low, high),
                total=curve.total(high),
            )
        )
    return tuple(rows)


def quality_table(pack: RulePack, count: int = 6) -> tuple[tuple[int, int], ...]:
    """``(qualities owned, price of the next)`` for 0 … ``count - 1`` owned.

    >>> from progression_competence import pack
    >>> from progression_competence.queries import quality_table
    >>> quality_table(pack(), 3)
    ((0, 50), (1, 60), (2, 70))

    Raises:
        InvalidInput: a count that is no whole number, below 0, or past ``TABLE_ROWS`` (10,000).
    """
    tables_of(pack)  # the competence pack, before its curve is read
    curve = pack.curve("quality")
    where = "the quality table"
    count = _whole(count, "count", 0, where)
    _rows(count, f"count {count:,}", where)
    return tuple((owned, curve.cost(owned + 1)) for owned in range(count))


def specialization_costs(pack: RulePack) -> dict[str, int]:
    """The fixed price of a specialization by degree (degrees without one are left out)."""
    return dict(tables_of(pack)["settings"]["specialization_costs"])


def _language(language: object) -> str:
    if language not in ("en", "fr"):
        msg = f"expected the language 'en' or 'fr', got {language!r}"
        raise InvalidInput(msg)
    return str(language)


def quality_rows(pack: RulePack, language: str = "en") -> list[dict[str, object]]:
    """The rules' table of quality prices: a new quality's price by how many are owned, 0 to 5.

    ``progression table competence quality_costs``; the columns are headed in ``language``."""
    owned, price = (
        ("Nombre de qualités", "Coût d'acquisition d'une nouvelle qualité")
        if _language(language) == "fr"
        else ("Qualities owned", "Price of a new quality")
    )
    return [{owned: count, price: cost} for count, cost in quality_table(pack)]


def specialization_rows(pack: RulePack, language: str = "en") -> list[dict[str, object]]:
    """The rules' table of specializations: each degree's fixed price and the bonus they usually give.

    ``progression table competence specialization_costs``; the columns are headed in ``language``."""
    french = _language(language) == "fr"
    heads = ("Degré de la spécialisation", "Coût", "Bonus moyen") if french else ("Degree", "Cost", "Typical bonus")
    rows = []
    for degree in tables_of(pack)["settings"]["degrees"]:
        if "specialization_cost" not in degree:
            continue
        bonus = degree.get("typical_bonus")
        cells = (degree["label"][language], degree["specialization_cost"], "" if bonus is None else f"+{bonus}")
        rows.append(dict(zip(heads, cells, strict=True)))
    return rows


def cost_to_reach(pack: RulePack, degree: str, *, owned: int = 0) -> Reach:
    """The points that take one competence from level 0 to the first level of ``degree``,
    with the qualities its gates ask for, when the character already owns ``owned``
    qualities that are not in this competence's list.

    >>> from progression_competence import pack
    >>> from progression_competence.queries import cost_to_reach
    >>> reach = cost_to_reach(pack(), "expert")
    >>> reach.level, reach.levels, reach.qualities, reach.total
    (61, 217, 110, 327)

    Raises:
        InvalidInput: an unknown degree; ``owned`` no whole number, below 0 or past what a sheet holds.
    """
    degrees = {row["id"]: row for row in tables_of(pack)["settings"]["degrees"]}
    if degree not in degrees:
        msg = f"expected a degree among {', '.join(DEGREES)}, got {degree!r}"
        raise InvalidInput(msg)
    _whole(owned, "owned", 0, f"the cost to reach {degree!r}")
    row = degrees[degree]
    needed = int(row["qualities"])
    quality = pack.curve("quality")
    return Reach(
        degree=degree,
        level=int(row["from"]),
        levels=pack.curve("level").total(int(row["from"])),
        qualities=quality.between(owned, owned + needed),
    )
