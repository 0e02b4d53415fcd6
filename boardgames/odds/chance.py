"""Expectations over a game's chance nodes.

``game.expected(fn)`` (a method of every game) weighs ``fn`` of the position after each
outcome of the current chance node by its exact probability. The two functions here go
further, through every chance node that follows, until a player must decide (or a
condition ``until`` holds): a meteor's cell *and then* its damage roll, a draw *and
then* the dice of the battle it starts.

>>> import boardgames as bg
>>> g = bg.Blast(seed=1, auto_roll=False)
>>> while not (g.current_player == bg.CHANCE and g.state.chance[0] == "roll"):
...     _ = g.roll() if g.current_player == bg.CHANCE else g.apply(g.legal_actions()[0])
>>> g.expected(lambda h: sum(h.view(0)["dice"]))          # 2D6: 7 on average
Fraction(7, 1)
>>> outcome_dist(g, lambda h: len(set(h.view(0)["dice"])) == 1)[True]   # doubles
Fraction(1, 6)
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.dist import Dist
from ..core.errors import GameError
from ..core.game import CHANCE
from ..core.limits import quote

if TYPE_CHECKING:  # pragma: no cover
    from ..core.game import Game

__all__ = ["expect", "outcome_dist"]

MAX_POSITIONS = 200_000


def _leaves(game: Game, until: Callable[[Game], bool] | None,
            max_positions: int) -> list[tuple[Game, Fraction]]:
    """The positions reached from ``game`` (at a chance node, always expanded) by playing
    out chance nodes until a decision, the end, or ``until``; with their exact
    probabilities."""
    if not hasattr(game, "chance_outcomes") or not hasattr(game, "fork"):
        raise ValueError(f"expected a game, not {quote(game)}")
    if game.current_player != CHANCE:
        who = "the game is over" if game.is_over else f"player {game.current_player} is to move"
        raise GameError(f"not at a chance node ({who}): nothing to take the expectation over")
    out: list[tuple[Game, Fraction]] = []
    todo: list[tuple[Game, Fraction]] = [(game, Fraction(1))]
    expanded = 0
    while todo:
        g, p = todo.pop()
        if g.current_player != CHANCE or (expanded and until is not None and until(g)):
            out.append((g, p))
            continue
        expanded += 1
        for outcome, q in g.chance_outcomes().items():
            h = g.fork()
            h._auto = False
            h.apply(outcome)
            todo.append((h, p * q))
            if len(todo) + len(out) > max_positions:
                raise ValueError(f"more than {max_positions} positions follow this chance "
                                 "node: give a narrower `until`, or raise max_positions")
    return out


def _number(v: Any) -> Fraction:
    if isinstance(v, (int, Fraction)):  # bool is an int: P(event)
        return Fraction(v)
    if isinstance(v, float):
        return Fraction(v)
    raise ValueError(f"fn must return a number or a bool, not {quote(v)}")


def expect(game: Game, fn: Callable[[Game], Any], *,
           until: Callable[[Game], bool] | None = None,
           max_positions: int = MAX_POSITIONS) -> Fraction:
    """The exact expected value of ``fn(position)`` over every chance outcome from here
    to the next decision: chance nodes are expanded (on forks, ``auto_roll`` off) until a
    player is to move, the game is over, or ``until(position)`` holds. ``game`` must be
    at a chance node (``GameError``, a ``ValueError``, otherwise); it is not changed.
    ``fn`` returns a number, or a bool (the expectation is then a probability)."""
    return sum((p * _number(fn(g)) for g, p in _leaves(game, until, max_positions)),
               Fraction(0))


def outcome_dist(game: Game, fn: Callable[[Game], Any], *,
                 until: Callable[[Game], bool] | None = None,
                 max_positions: int = MAX_POSITIONS) -> Dist:
    """The exact distribution of ``fn(position)`` over the positions :func:`expect`
    reaches (``fn`` returns any hashable value)."""
    acc: dict[Any, Fraction] = {}
    for g, p in _leaves(game, until, max_positions):
        v = fn(g)
        acc[v] = acc.get(v, Fraction(0)) + p
    return Dist(acc)
