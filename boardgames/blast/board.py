"""Pure functions of a Blast position: the track, control, hand limits and how units move.

The board of a side is a tuple of 28 stacks (index ``sector - 1``), each a sorted tuple of
the forces of that side's units there. Everything here is a plain function of tuples, so
the engine, the odds and the tests share it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from .data import CYGNUS, DIRECTIONS, HAND_BASE, HOMEWORLDS, NIMROD, PLANETS, SECTORS

__all__ = [
    "Stacks",
    "after_move",
    "control",
    "dest",
    "hand_limit",
    "max_usable",
    "planets_held",
    "remove_one",
    "with_unit",
    "without_unit",
]

Stacks = tuple[tuple[int, ...], ...]
_PLANETS: Final = tuple(PLANETS)


def dest(sector: int, steps: int, direction: int) -> int:
    """The sector ``steps`` spaces from ``sector`` in ``direction`` (+1 clockwise, -1
    counter-clockwise), wrapping 28 -> 1 and 1 -> 28."""
    return (sector - 1 + direction * steps) % SECTORS + 1


def control(units: tuple[Stacks, Stacks], player: int, sector: int) -> bool:
    """``player`` controls ``sector``: it has a unit there and the other side has none."""
    i = sector - 1
    return bool(units[player][i]) and not units[1 - player][i]


def planets_held(units: tuple[Stacks, Stacks], player: int) -> int:
    """How many of the four planets ``player`` controls."""
    mine, theirs = units[player], units[1 - player]
    return sum(1 for p in _PLANETS if mine[p - 1] and not theirs[p - 1])


def hand_limit(units: tuple[Stacks, Stacks], player: int) -> int:
    """6, +1 for Nimrod, +1 for Cygnus-7, -2 without one's own homeworld (ruling 3)."""
    n = HAND_BASE
    if control(units, player, NIMROD):
        n += 1
    if control(units, player, CYGNUS):
        n += 1
    if not control(units, player, HOMEWORLDS[player]):
        n -= 2
    return n


def remove_one(items: tuple, x: object) -> tuple:
    """``items`` without one occurrence of ``x`` (which must be there)."""
    i = items.index(x)
    return items[:i] + items[i + 1:]


def with_unit(stacks: Stacks, sector: int, force: int) -> Stacks:
    i = sector - 1
    st = stacks[i]
    new = tuple(sorted((*st, force)))
    return (*stacks[:i], new, *stacks[i + 1:])


def without_unit(stacks: Stacks, sector: int, force: int) -> Stacks:
    i = sector - 1
    return (*stacks[:i], remove_one(stacks[i], force), *stacks[i + 1:])


def max_usable(movable: tuple[int, ...], dice: tuple[int, ...], blocked: frozenset[int],
               player: int, backs: int = 0, stacks: int = 0) -> int:
    """How many of ``dice`` can be used at most by the movable units at the sectors
    ``movable`` (one entry per unit), when a unit that lands on a ``blocked`` sector (one
    holding enemy units) can move no further: forward moves, and with move cards in play
    ``backs`` moves backwards (Space Combat Tactics) and ``stacks`` moves of a whole
    stack (Strategic Move), one die each. Each unit can always make its first move, so
    with at least as many movable units as dice every die can be used."""
    if len(movable) >= len(dice):
        return len(dice)
    return _max_usable(tuple(sorted(movable)), tuple(sorted(dice)), blocked,
                       DIRECTIONS[player], backs, stacks)


def after_move(movable: tuple[int, ...], x: int, k: int, y: int,
                blocked: frozenset[int]) -> tuple[int, ...]:
    """The movable sectors once ``k`` units went from ``x`` to ``y`` (on a blocked
    sector they move no further)."""
    rest = movable
    for _ in range(k):
        rest = remove_one(rest, x)
    if y not in blocked:
        rest = tuple(sorted((*rest, *([y] * k))))
    return rest


@lru_cache(maxsize=4096)
def _max_usable(movable: tuple[int, ...], dice: tuple[int, ...], blocked: frozenset[int],
                direction: int, backs: int, stacks: int) -> int:
    if not dice or not movable:
        return 0
    if len(movable) >= len(dice):
        return len(dice)
    best = 0
    for d in set(dice):
        rest_dice = remove_one(dice, d)
        for x in set(movable):
            moves = [(1, dest(x, d, direction), backs, stacks)]
            if backs:
                moves.append((1, dest(x, d, -direction), backs - 1, stacks))
            if stacks:
                moves.append((movable.count(x), dest(x, d, direction), backs, stacks - 1))
            for k, y, b, st in moves:
                rest = after_move(movable, x, k, y, blocked)
                best = max(best, 1 + _max_usable(rest, rest_dice, blocked, direction, b, st))
                if best == len(dice):
                    return best
    return best
