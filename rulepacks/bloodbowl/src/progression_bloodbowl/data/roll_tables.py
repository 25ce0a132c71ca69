"""The tables rolled on after a match, typed and checked: Casualty (D16), Lasting Injury (D6), Expensive Mistakes
(D6 by treasury band) and what each incident costs."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from .reading import Reader, in_toml_words

__all__ = [
    "INJURIES",
    "INJURY_TABLE_RESULTS",
    "read_casualty",
    "read_incident",
    "read_lasting",
    "read_mistakes",
    "read_ranges",
]

#: The characteristics a Lasting Injury may reduce.
_CHARACTERISTICS = ("ma", "st", "ag", "pa", "av")
#: The keys of a row of the Casualty table and of the Lasting Injury table, after its ``from`` and ``to``.
_CASUALTY_KEYS = ("result", "miss_next_game", "niggling", "lasting", "dead")
_LASTING_KEYS = ("result", "characteristic")
#: The results a Casualty table row may give (``players.injuries`` applies them to a player).
INJURIES = ("badly_hurt", "seriously_hurt", "serious_injury", "lasting_injury", "dead")
#: The results an Injury table row may give.
INJURY_TABLE_RESULTS = ("stunned", "ko", "badly_hurt", "casualty")
#: The results an Expensive Mistakes row may give.
_MISTAKES = ("averted", "minor_incident", "major_incident", "catastrophe")


def read_ranges(
    r: Reader, rows: Any, path: str, keys: tuple[str, ...], dice: tuple[int, int], results: Collection[str] = ()
) -> list[dict[str, Any]]:
    """The rows of a table rolled on with ``dice`` (count, sides): ``{from, to}`` ranges covering every total of
    the dice (``count`` to ``count x sides``) in order, once each.

    Of the other ``keys`` of a row, ``result`` is one of ``results`` (any text when none are given),
    ``characteristic`` one of ma, st, ag, pa or av, and the others flags (true or false).
    """
    lowest, highest = dice[0], dice[0] * dice[1]
    die = f"{'' if dice[0] == 1 else dice[0]}D{dice[1]}"
    out = []
    after = lowest - 1  # the highest result the rows so far cover
    for index, row in enumerate(rows if isinstance(rows, list) else []):
        where = f"{path}[{index}]"
        if not isinstance(row, dict):
            r.problem(where, f"expected a row's table, got {in_toml_words(row)}")
            continue
        r.extra(row, ("from", "to", *keys), where)
        low = r.count(row, "from", where, minimum=lowest, maximum=highest)
        if low != after + 1 and lowest <= low <= highest:
            order = f"rows cover {lowest} to {highest} in order, once each"
            r.problem(f"{where}.from", f"expected {after + 1} ({order}), got {low}")
        high = r.count(
            row, "to", where, minimum=low, maximum=highest, expected=f"a result from {low} to {highest} ({die})"
        )
        after = max(after, high)
        values: dict[str, Any] = {"from": low, "to": high}
        for key in keys:
            values[key] = r.get(row, key, str if key in ("result", "characteristic") else bool, where)
        if results and r.fine(f"{where}.result") and values.get("result") not in results:
            r.problem(
                f"{where}.result", f"expected one of {', '.join(results)}, got {in_toml_words(values.get('result'))}"
            )
        if (
            "characteristic" in keys
            and r.fine(f"{where}.characteristic")
            and values["characteristic"] not in _CHARACTERISTICS
        ):
            expected = f"one of {', '.join(_CHARACTERISTICS)}"
            r.problem(f"{where}.characteristic", f"expected {expected}, got {in_toml_words(values['characteristic'])}")
        out.append(values)
    if isinstance(rows, list) and after != highest:
        r.problem(path, f"expected rows covering {lowest} to {highest} ({die}), got rows up to {after}")
    return out


#: How the pack plays the Casualty roll (``[casualty]``): a D16 no re-roll changes, plus 1 a Niggling Injury and 1 for
#: Decay, a total past the table the last row; a Frog, a Stunty's 9 and a friendly game's casualty are Badly Hurt.
_CASUALTY_PLAYED: Mapping[str, object] = {
    "dice": "D16",
    "rolled_by": "opposing_coach",
    "reroll_allowed": False,
    "clamp": True,
    "modifiers": {"per_niggling_injury": 1, "decay": 1},
    "auto_badly_hurt": ["stunty_injury_9", "frog", "friendly_game"],
}
#: The Apothecary has the opposing coach roll a second D16, and either result is kept, a Badly Hurt kept sending
#: the player to the Reserves box (:func:`progression_bloodbowl.spells.apothecary`).
_APOTHECARY_PLAYED: Mapping[str, object] = {
    "second_roll": True,
    "keep": "either",
    "badly_hurt_kept_goes_to": "reserves",
}
#: A casualty's SPP are earned whatever becomes of the victim (a match's events are apart from its injuries).
_REGENERATION_PLAYED: Mapping[str, object] = {"spp_still_awarded": True}
#: A player with a Lasting Injury may retire for the season, keeping his place among the 16 and leaving CTV.
_RETIREMENT_PLAYED: Mapping[str, object] = {
    "allowed_after": "lasting_injury",
    "counts_toward_max_players": True,
    "in_ctv": False,
}
#: How the pack plays a Lasting Injury (``[lasting_injury]``): a D6 row, one step worse, never past the worst of
#: ``[characteristic_limits]`` (then only a missed match), PA "-" not reduced, the value unchanged.
_LASTING_PLAYED: Mapping[str, object] = {
    "die": "D6",
    "amount": 1,
    "limits": "characteristic_limits",
    "if_cannot_apply": "miss_next_game",
    "pa_none_reducible": False,
    "also_miss_next_game": True,
    "value_change": 0,
}


def read_casualty(r: Reader, tables: Mapping[str, Any]) -> tuple[tuple[int, int, str, bool, bool, bool, bool], ...]:
    """The rows of ``[casualty].ranges``: (from, to, result, miss_next_game, niggling, lasting, dead), over a D16."""
    casualty = r.table(tables, "casualty", "$")
    r.fixed(casualty, "$.casualty", _CASUALTY_PLAYED)
    for key, played in (
        ("apothecary", _APOTHECARY_PLAYED),
        ("regeneration", _REGENERATION_PLAYED),
        ("temporary_retirement", _RETIREMENT_PLAYED),
    ):
        r.fixed(r.table(casualty, key, "$.casualty"), f"$.casualty.{key}", played)
    ranges = r.get(casualty, "ranges", list, "$.casualty")
    rows = read_ranges(r, ranges, "$.casualty.ranges", _CASUALTY_KEYS, (1, 16), INJURIES)
    return tuple(
        (row["from"], row["to"], row["result"], row["miss_next_game"], row["niggling"], row["lasting"], row["dead"])
        for row in rows
    )


def read_lasting(r: Reader, tables: Mapping[str, Any]) -> tuple[tuple[int, int, str, str], ...]:
    """The rows of ``[lasting_injury].rows``: (from, to, result, characteristic), over a D6."""
    lasting = r.table(tables, "lasting_injury", "$")
    r.fixed(lasting, "$.lasting_injury", _LASTING_PLAYED)
    listed = r.get(lasting, "rows", list, "$.lasting_injury")
    named = tuple(r.table(tables, "results", "$"))  # a Lasting Injury is named by its entry in [results]
    rows = read_ranges(r, listed, "$.lasting_injury.rows", _LASTING_KEYS, (1, 6), named)
    return tuple((row["from"], row["to"], row["result"], row["characteristic"]) for row in rows)


def read_mistakes(r: Reader, mistakes: Mapping[str, Any]) -> tuple[int, tuple[int, ...], tuple[tuple[str, ...], ...]]:
    """The threshold, the bands (ascending, the first starting at or under the threshold) and the six rows."""
    path = "$.expensive_mistakes"
    threshold = r.count(mistakes, "threshold", path)
    bands: list[int] = []
    for n, band in enumerate(r.get(mistakes, "bands", list, path)):
        where = f"{path}.bands[{n}]"
        if n == 0:
            expected = f"gold pieces from 0 to threshold ({threshold:,})"
            low = r.count(band, "from", where, maximum=threshold, expected=expected)
        else:
            above = bands[-1] + 1
            expected = f"gold pieces above the band before (>= {above:,})"
            low = r.count(band, "from", where, minimum=above, expected=expected)
        if isinstance(band, Mapping) and "to" in band:
            r.count(band, "to", where, minimum=low, expected=f"gold pieces >= from ({low:,})")
        bands.append(low)
    rows = []
    for index, row in enumerate(r.get(mistakes, "rows", list, path)):
        if isinstance(row, list) and all(result in _MISTAKES for result in row):
            rows.append(tuple(row))
        else:
            ids = f"{', '.join(_MISTAKES[:-1])} or {_MISTAKES[-1]}"
            r.problem(f"{path}.rows[{index}]", f"expected a list of result ids ({ids}), got {in_toml_words(row)}")
    if not bands:
        r.problem(f"{path}.bands", "expected at least one band of treasury")
    if len(rows) != 6 or any(len(row) != len(bands) for row in rows):
        r.problem(f"{path}.rows", f"expected 6 rows of {len(bands)} results")
    return threshold, tuple(bands), tuple(rows)


def read_incident(r: Reader, mistakes: Mapping[str, Any], key: str, dice: str) -> tuple[int, int, int]:
    """Dice and the gold pieces each pip is worth."""
    table = r.table(mistakes, key, "$.expensive_mistakes")
    where = f"$.expensive_mistakes.{key}"
    return (*r.dice(table, dice, where), r.count(table, "multiplier", where))
