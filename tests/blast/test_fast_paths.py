"""The legal moves of ``use_dice="maximum"`` (ruling 7) against the search they shortcut.

With at least as many movable units as dice every plain move keeps every die usable, so
``legal.legal_moves`` lists the moves of ``"each"`` without weighing them (``moves_each``);
random games over the options must find, at every move decision, the same actions as the
search that weighs every move (``legal.moves_maximum``, ``legal.defend_moves``).
"""

from __future__ import annotations

import random

import pytest

from boardgames.blast import Blast, Rules, legal
from boardgames.blast.actions import Order, order
from boardgames.blast.movement import movable_units
from boardgames.blast.state import BlastState


def _games() -> list[Blast]:
    return [Blast(seed=seed, rules=rules) for seed, rules in (
        (1, Rules()), (2, Rules(use_dice="each")), (3, Rules(windows="always", max_turns=60)),
        (4, Rules(use_dice="each", max_turns=60)), (5, Rules(max_turns=80)))]


def _movable_count(s: BlastState) -> int:
    p = s.player
    return sum(len(st) for st, opp in zip(s.units[p], s.units[1 - p], strict=True)
               if not opp)


def _searched(g: Blast, s: BlastState) -> tuple[Order, ...]:
    """The moves of ``use_dice="maximum"`` with every move weighed by the search
    (``_moves_maximum``, ``_defend_moves`` without the one-unit-per-die shortcut)."""
    p = s.player
    hand = s.hands[p]
    values = tuple(d[0] for d in s.dice)
    units = movable_units(s, p)
    if not units or not values:
        out = [order("done")]
    else:
        out = [*legal.moves_maximum(units, values, legal.Reach(s, values)),
               *legal.move_card_plays(s)]
    if "Defend the Homeworld" in hand:
        out += legal.defend_moves(s, units, values, legal.Reach(s, values))
    return tuple(sorted(set(out), key=str))


@pytest.mark.parametrize("g", _games(), ids=lambda g: f"seed{g.seed}")
def test_legal_moves_equal_the_search(g: Blast) -> None:
    """Under ``use_dice="maximum"`` (the default): the moves listed without weighing
    (a movable unit per die) are those the search finds."""
    rng = random.Random(g.seed)
    moves = 0
    while not g.is_over:
        s = g.state
        legal = g.legal_actions()
        if s.pending == "move" and g.rules.use_dice == "maximum":
            assert legal == _searched(g, s)
            moves += 1
        g.apply(rng.choice(legal))
    assert moves > 20 or g.rules.use_dice == "each"


def test_moves_are_in_notation_order_with_two_digit_sectors_and_dice() -> None:
    """Sectors 1, 10..19 and dice 3 and 12 sort by their text: ``move 12:1 by 12`` comes
    before ``move 12:1 by 3``, and sector 10 before sector 1."""
    g = Blast.scenario(units={1: {"empire": [2, 1]}, 10: {"empire": [3]}, 12: {"empire": [1]},
                              20: {"terran": [5]}},
                       phase="move", dice=[3, 12], to_move="empire")
    legal = [str(a) for a in g.legal_actions()]
    assert legal == sorted(legal)
    assert legal[:2] == ["move 10:3 by 12", "move 10:3 by 3"]


def _same(g: Blast, h: Blast) -> bool:
    return g.state == h.state and g.log == h.log and g.history == h.history


_FEW = dict(units={3: {"terran": [5, 1]}, 12: {"terran": [2]}, 20: {"empire": [4, 1]},
                   15: {"empire": [2]}, 9: {"empire": [3]}},
            hands={"terran": ["Space Combat Tactics", "Defend the Homeworld", "Hyper Jump"],
                   "empire": ["Strategic Move", "Defend the Homeworld", "Jam Transmission"]},
            to_move="empire", phase="draw")


@pytest.mark.parametrize("use_dice", ["maximum", "each"])
def test_few_units_the_moves_are_those_of_the_search(use_dice: str) -> None:
    """With fewer movable units than dice, ``use_dice="maximum"`` searches the orders
    (``legal.moves_maximum``), and move cards, Hyper Jump, jammed and bound units come up:
    every list of moves is the search's, and the games replay the same."""
    rules = Rules(use_dice=use_dice, max_turns=40)
    searched = 0
    for seed in range(6):
        g = Blast.scenario(**_FEW, seed=seed, rules=rules)  # type: ignore[arg-type]
        ref = Blast.scenario(**_FEW, seed=seed, rules=rules)  # type: ignore[arg-type]
        rng = random.Random(seed)
        while not g.is_over:
            s = g.state
            legal = g.legal_actions()
            if s.pending == "move":
                if use_dice == "maximum":
                    assert legal == _searched(g, s)
                searched += _movable_count(s) < len(s.dice)
            a = rng.choice(legal)
            g.apply(a)
            ref.apply(a)
            assert g.log == ref.log
        assert _same(g, ref)
    assert searched > 10
