"""The Move Phase: which units may move, and a unit's move (blast.txt, ruling 7).

"As in backgammon, move one or two of your units a number of spaces indicated by the
dice. [...] A unit cannot use the second die if, as a result of its first roll, it lands
on a space containing enemy units." A unit that landed on enemy units stops on a sector
holding both sides: it may not move again (``may_move``); sent home by Defend the
Homeworld it stays bound (``is_bound``).
"""

from __future__ import annotations

from typing import Final

from ..core.errors import InvalidActionError
from .board import dest, remove_one
from .data import DIRECTIONS, HOMEWORLDS, PLANETS, SECTORS
from .state import SIDE_TITLE, BlastState, Die, add_sorted, set_pair, units_text

__all__ = ["defend_homeworld", "each_force_once", "has_movable", "is_bound", "is_pinned",
           "lands_on_enemies", "movable_count", "movable_sectors", "movable_units", "move_unit",
           "pick_die", "pinned_on", "strategic_move", "use_die"]

SECTOR_NUMBERS: Final = tuple(range(1, SECTORS + 1))


def lands_on_enemies(s: BlastState, p: int, sector: int) -> bool:
    """``p``'s units on ``sector`` landed on enemy units: in the move phase a sector holds
    both sides only after a move onto enemy units (fights resolve them all before the
    next turn, and a set-up may not hold both sides outside the fight phase)."""
    return bool(s.units[1 - p][sector - 1])


def is_pinned(s: BlastState, sector: int, force: int) -> bool:
    """Every unit of ``force`` of the mover on ``sector`` is jammed or bound this turn."""
    own = s.units[s.player][sector - 1]
    return (sector, force) in s.pins and own.count(force) <= s.pins.count((sector, force))


def is_bound(s: BlastState, sector: int, force: int) -> bool:
    """Ruling 7: the unit landed on enemy units this turn and was then moved by a card:
    it uses no further die."""
    return (sector, force) in s.bound


def each_force_once(stack: tuple[int, ...]) -> list[int]:
    """The forces of a sorted stack, each once, in order."""
    out: list[int] = []
    for f in stack:
        if not out or out[-1] != f:
            out.append(f)
    return out


def pinned_on(pins: tuple[tuple[int, int], ...], sector: int) -> int:
    """How many of the ``pins`` are on ``sector``."""
    n = 0
    for sec, _ in pins:
        if sec == sector:
            n += 1
    return n


def movable_units(s: BlastState, p: int) -> list[tuple[int, int]]:
    """Distinct (sector, force) of ``p``'s units that may move: not jammed or bound, not
    on a sector holding enemy units."""
    own, opp, pins = s.units[p], s.units[1 - p], s.pins
    out: list[tuple[int, int]] = []
    for sec in SECTOR_NUMBERS:
        stack = own[sec - 1]
        if not stack or opp[sec - 1]:
            continue
        for f in each_force_once(stack):
            if not pins or stack.count(f) > pins.count((sec, f)):
                out.append((sec, f))
    return out


def movable_sectors(s: BlastState, p: int) -> tuple[int, ...]:
    """One entry per movable unit of ``p``: its sector."""
    own, opp = s.units[p], s.units[1 - p]
    out: list[int] = []
    for sec in SECTOR_NUMBERS:
        if own[sec - 1] and not opp[sec - 1]:
            out += [sec] * (len(own[sec - 1]) - pinned_on(s.pins, sec))
    return tuple(out)


def movable_count(s: BlastState, p: int) -> int:
    """How many of ``p``'s units may move."""
    return len(movable_sectors(s, p))


def has_movable(s: BlastState, p: int) -> bool:
    """``p`` has a unit that may move."""
    return bool(movable_sectors(s, p))


def pick_die(dice: tuple[Die, ...], value: int) -> Die:
    """The die showing ``value`` a card or a move uses: one that could not be rerolled
    (modified, or the Hyper Jump die) first, so a die Battle Computers could reroll stays
    so."""
    best = None
    for die in dice:
        if die[0] == value:
            if die[1] or die[2]:
                return die
            best = die
    if best is None:
        raise InvalidActionError(str(value), f"no die shows {value}")
    return best


def use_die(s: BlastState, value: int) -> None:
    """The die showing ``value`` is used."""
    s.dice = remove_one(s.dice, pick_die(s.dice, value))


def move_unit(s: BlastState, sec: int, f: int, die: int, direction: int,
              log: list[str]) -> None:
    """The mover's unit ``sec:f`` moves ``die`` sectors in ``direction`` (its side's, or
    backwards with Space Combat Tactics), using the die."""
    p = s.player
    y = dest(sec, die, direction)
    enemy = " (enemy units there)" if s.units[1 - p][y - 1] else ""
    own = list(s.units[p])
    own[sec - 1] = remove_one(own[sec - 1], f)
    own[y - 1] = add_sorted(own[y - 1], f)
    s.units = set_pair(s.units, p, tuple(own))
    use_die(s, die)
    back = " backwards" if direction != DIRECTIONS[p] else ""
    log.append(f"{SIDE_TITLE[p]} moves a unit of force {f} from sector "
               f"{sec} to {y}{back} ({die}){enemy}")


def defend_homeworld(s: BlastState, sec: int, f: int, log: list[str]) -> None:
    """Defend the Homeworld: the unit ``sec:f`` jumps home (ruling 7). A unit that
    landed on enemy units this turn stays bound: it uses no further die (a pin)."""
    p = s.player
    home = HOMEWORLDS[p]
    landed = lands_on_enemies(s, p, sec)
    board = list(s.units[p])
    board[sec - 1] = remove_one(board[sec - 1], f)
    board[home - 1] = add_sorted(board[home - 1], f)
    s.units = set_pair(s.units, p, tuple(board))
    log.append(f"{SIDE_TITLE[p]} plays Defend the Homeworld: the unit of force {f} on "
               f"sector {sec} jumps to {PLANETS[home]}")
    if landed:
        s.pins = add_sorted(s.pins, (home, f))
        s.bound = add_sorted(s.bound, (home, f))


def strategic_move(s: BlastState, sec: int, die: int, log: list[str]) -> None:
    """Strategic Move: "use one die roll to move all units in one space" (the movable
    ones: jammed or bound units stay)."""
    p = s.player
    y = dest(sec, die, DIRECTIONS[p])
    own = s.units[p]
    stack = list(own[sec - 1])
    pinned = [f for (ps, f) in s.pins if ps == sec]
    for f in pinned:
        stack.remove(f)
    board = list(own)
    board[sec - 1] = tuple(sorted(pinned))
    board[y - 1] = tuple(sorted((*board[y - 1], *stack)))
    s.units = set_pair(s.units, p, tuple(board))
    use_die(s, die)
    log.append(f"{SIDE_TITLE[p]} plays Strategic Move: units {units_text(stack)} move from "
               f"sector {sec} to {y} ({die})")
