"""Exact odds of Intergalactic: where a total lands (``lookup``), the modifier of a stage
(``stage_modifier``), one list roll with optimal token spending (``roll_odds``) and a
battle (``battle_odds``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Final

from ..core.dist import Dist
from ..core.limits import quote
from .data import ATTRIBUTES, LISTS, STAGE_LIST, Entry

__all__ = ["AGAIN", "battle_odds", "landing_runs", "levels_modifier", "lookup", "roll_odds",
           "stage_modifier"]

_STAGE_WEIGHTS: Final[dict[str, tuple[tuple[str, int], ...]]] = {
    "research": (("Intelligence", 2),),
    "exploration": (("Intelligence", 1), ("Energy", 1), ("Scan", 2), ("Speed", 2)),
    "development": (("Intelligence", 1), ("Speed", 1), ("Energy", 1), ("Terraforming", 2),
                    ("Finance", 2), ("Population", 2)),
    "buildup": (("Population", 1), ("Speed", 1), ("Energy", 1), ("Metals", 2), ("Finance", 2),
                ("Manufacturing", 2)),
    "conflict": (),
}
_LIST_STAGE: Final = {v: k for k, v in STAGE_LIST.items()}
_INDEXED_WEIGHTS: Final[dict[str, tuple[tuple[int, int], ...]]] = {
    stage: tuple((ATTRIBUTES.index(a), w) for a, w in weights)
    for stage, weights in _STAGE_WEIGHTS.items()}
"""The weights of each stage by the attribute's index in a row of levels."""


def _check_list(list_name: str) -> tuple[Entry, ...]:
    if list_name not in LISTS:
        raise ValueError(f"unknown list {quote(list_name)}; lists: {', '.join(LISTS)}")
    return LISTS[list_name]


@cache
def _table(list_name: str) -> tuple[Entry | None, ...]:
    """Entry landed on for totals 0..101."""
    rows = _check_list(list_name)
    out: list[Entry | None] = []
    for t in range(102):
        best = None
        for e in rows:
            if e.dc <= t:
                best = e
        out.append(best)
    return tuple(out)


AGAIN: Final[dict[str, Entry]] = {
    name: Entry(name, 101, "Pick one of the Above", (), special="pick")
    for name, rows in LISTS.items() if rows[-1].special == "twice"}
"""Per list whose "101+" row is "Roll Twice": what 101+ gives a roll made for that "Roll
Twice" (ruling 2: "Pick one of the Above" on that list)."""


def _check_twice(twice: object) -> None:
    if not isinstance(twice, bool):
        raise ValueError(f"twice must be a bool, not {repr(twice)[:40]}")


def _row_101(list_name: str, twice: bool) -> Entry | None:
    """The entry 101 or more gives on ``list_name``; with ``twice`` (a roll made for a
    "Roll Twice") a "Roll Twice" row reads as "Pick one of the Above"."""
    return AGAIN[list_name] if twice and list_name in AGAIN else _table(list_name)[101]


def lookup(list_name: str, total: int, *, twice: bool = False) -> Entry | None:
    """The entry a modified ``total`` lands on: the one with the highest threshold not
    above it ("00" is 100; 101 or more gives the list's "101+" row); None below the lowest
    threshold. Races and Homeworlds are read exactly (1..10, as rolled on 1D10).

    ``twice``: the roll is one made for a "Roll Twice" (ruling 2; with
    ``Rules.roll_twice_depth`` n, one made on the n-th level): landing on 101+ again is
    "Pick one of the Above" on that list (an entry of :data:`AGAIN`)."""
    if not isinstance(total, int) or isinstance(total, bool):
        raise ValueError(f"total must be an int, not {quote(total)}")
    _check_twice(twice)
    rows = _check_list(list_name)
    if list_name in ("race", "homeworld"):
        return rows[total - 1] if 1 <= total <= len(rows) else None
    if total < 0:
        return None
    if total >= 101:
        return _row_101(list_name, twice)
    return _table(list_name)[total]


@cache
def landing_runs(list_name: str, twice: bool = False
                 ) -> tuple[tuple[int, int, Entry | None], ...]:
    """The totals 0..101 of ``list_name`` in runs that land on one entry, in order:
    (lowest total, highest total, the entry ``lookup`` gives each of them)."""
    runs: list[tuple[int, int, Entry | None]] = []
    for t in range(102):
        e = lookup(list_name, t, twice=twice)
        if runs and runs[-1][2] is e:
            runs[-1] = (runs[-1][0], t, e)
        else:
            runs.append((t, t, e))
    return tuple(runs)


def stage_modifier(stage: str, attributes: Mapping[str, int]) -> int:
    """The modifier a stage adds to its list roll for ``attributes`` (missing ones are 0).
    ``stage`` is a stage (``research`` ... ``conflict``) or a list name (``stratagem``)."""
    return levels_modifier(stage, tuple(int(attributes.get(a, 0)) for a in ATTRIBUTES))


def levels_modifier(stage: str, levels: Sequence[int]) -> int:
    """``stage_modifier`` for a row of attribute levels (in ``data.ATTRIBUTES`` order, as
    a player's record keeps them)."""
    stage = _LIST_STAGE.get(stage, stage)
    if stage not in _STAGE_WEIGHTS:
        raise ValueError(f"unknown stage {quote(stage)}; stages: {', '.join(_STAGE_WEIGHTS)}")
    return sum(w * levels[i] for i, w in _INDEXED_WEIGHTS[stage])


def roll_odds(list_name: str, modifier: int = 0, tokens: int = 0,
              held: Iterable[str] = (), *, twice: bool = False) -> Dist:
    """Exact distribution of the entry name one d100 roll on ``list_name`` gives (None:
    nothing) when the player adds ``modifier`` and then spends up to ``tokens`` IT, 1 per
    point of shift in either direction, optimally (in the game: the one ``keep`` / ``land
    on <t> <entry> (<n> IT)`` action that takes that entry).

    "Best" is the list's own ranking: the reachable entry with the highest threshold that
    the player does not hold (names in ``held``; pass an entry whose requirement is not met
    there too), the 101+ row counting highest. Landing on a held entry or below the lowest
    threshold gives None. Requirements are not checked here. ``twice``: the roll is one
    made for a "Roll Twice" (as in :func:`lookup`): its 101+ is "Pick one of the Above"."""
    rows = _check_list(list_name)
    if list_name in ("race", "homeworld"):
        raise ValueError("Races and Homeworlds are rolled on 1D10 without modifiers")
    for name, v in (("modifier", modifier), ("tokens", tokens)):
        if not isinstance(v, int) or isinstance(v, bool):
            raise ValueError(f"{name} must be an int, not {quote(v)}")
    if tokens < 0:
        raise ValueError(f"tokens must be >= 0, not {tokens}")
    _check_twice(twice)
    held_set = frozenset(held)
    table = (*_table(list_name)[:101], _row_101(list_name, twice))
    valid = [e is not None and e.name not in held_set for e in table]
    lowest = rows[0].dc
    weights: dict[str | None, int] = {}
    for die in range(1, 101):
        natural = die + modifier
        hi = min(natural + tokens, 101)
        lo = max(min(natural - tokens, 101), lowest)
        got: str | None = None
        t = hi
        while t >= lo:
            if valid[t]:
                got = table[t].name  # type: ignore[union-attr]
                break
            t -= 1
        weights[got] = weights.get(got, 0) + 1
    return Dist.from_weights(weights)


def battle_odds(bat_attacker: int, bat_defender: int) -> Dist:
    """Exact distribution of ``"attacker"``, ``"defender"`` or ``"tie"`` when both roll
    1D100 and add their BAT (the higher Combat Roll Sum wins)."""
    for name, v in (("bat_attacker", bat_attacker), ("bat_defender", bat_defender)):
        if not isinstance(v, int) or isinstance(v, bool):
            raise ValueError(f"{name} must be an int, not {quote(v)}")
    diff = bat_attacker - bat_defender
    win = tie = 0
    for x in range(1, 101):
        # the defender's y ties at y = x + diff and loses for y < x + diff
        win += max(0, min(100, x + diff - 1))
        tie += 1 if 1 <= x + diff <= 100 else 0
    return Dist.from_weights({"attacker": win, "defender": 10000 - win - tie, "tie": tie})
