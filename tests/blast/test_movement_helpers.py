"""The movable units of a Blast position against their definition, and the shared orders.

``movement.movable_units`` / ``movable_sectors`` walk the board in plain loops (compiled by
mypyc they are a fifth of what ``dict.fromkeys`` and ``itertools.compress`` cost there);
here they are checked, at every step of random games, against the definition written
with a ``Counter``: a unit may move unless it is on a sector holding enemy units or every
unit of its force there is pinned (jammed or bound).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from boardgames.blast import Blast, Rules
from boardgames.blast.actions import Order, order
from boardgames.blast.movement import each_force_once, movable_sectors, movable_units, pinned_on
from boardgames.blast.state import BlastState


def _defined_units(s: BlastState, p: int) -> list[tuple[int, int]]:
    out = []
    pins = Counter(s.pins)
    for sec in range(1, 29):
        own, opp = s.units[p][sec - 1], s.units[1 - p][sec - 1]
        if opp:
            continue
        for f, n in sorted(Counter(own).items()):
            if n > pins[(sec, f)]:
                out.append((sec, f))
    return out


def _defined_sectors(s: BlastState, p: int) -> tuple[int, ...]:
    pins = Counter(sec for sec, _ in s.pins)
    return tuple(sec for sec in range(1, 29) if not s.units[1 - p][sec - 1]
                 for _ in range(len(s.units[p][sec - 1]) - pins[sec]))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_movable_units_and_sectors_match_their_definition(seed: int) -> None:
    g = Blast(seed=seed, rules=Rules(windows="always", max_turns=80))
    rng = random.Random(seed)
    pinned = 0
    while not g.is_over:
        s = g.state
        pinned += bool(s.pins)
        for p in (0, 1):
            assert movable_units(s, p) == _defined_units(s, p)
            assert movable_sectors(s, p) == _defined_sectors(s, p)
        g.apply(rng.choice(g.legal_actions()))
    assert g.step_count > 500 and pinned > 0  # positions with jammed or bound units


def test_movable_units_with_pins() -> None:
    """Two units of force 3 on sector 5, one jammed: one may still move; both jammed:
    none may; a sector holding enemy units: none."""
    s = Blast(seed=1).state.copy()
    p = s.player
    own = [()] * 28
    own[4] = (3, 3)
    own[9] = (1,)
    theirs = [()] * 28
    theirs[9] = (2,)
    s.units = (tuple(own), tuple(theirs)) if p == 0 else (tuple(theirs), tuple(own))
    s.pins = ((5, 3),)
    assert movable_units(s, p) == [(5, 3)]
    assert movable_sectors(s, p) == (5,)
    s.pins = ((5, 3), (5, 3))
    assert movable_units(s, p) == []
    assert movable_sectors(s, p) == ()


def test_each_force_once_and_pinned_on() -> None:
    assert each_force_once((1, 1, 2, 5, 5, 5)) == [1, 2, 5]
    assert each_force_once(()) == []
    assert pinned_on(((5, 3), (7, 1), (5, 1)), 5) == 2
    assert pinned_on((), 5) == 0


def test_orders_are_shared_and_out_of_range_ones_are_not_kept() -> None:
    a = order("move", "", 5, 3, 4)
    assert a is order("move", "", 5, 3, 4)
    assert a == Order("move", "", 5, 3, 4) and str(a) == "move 5:3 by 4"
    assert order("play", "Ion Thrusters", die=3) is order("play", "Ion Thrusters", die=3)
    assert order("play", "Ion Thrusters", die=3) is not order("play", "Warp Overdrive", die=3)
    big = order("move", "", 5, 3, 64)  # no legal order names a die of 64: made, not kept
    assert big == Order("move", "", 5, 3, 64) and big is not order("move", "", 5, 3, 64)
    assert order("move", "", 5, 3, -1) is not order("move", "", 5, 3, -1)
