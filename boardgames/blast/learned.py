"""A value for Blast learned by self-play: temporal differences, as TD-Gammon learned.

:class:`LearnedValue` is a player's chance of winning from a position at the end of its
own move phase, the positions :class:`~boardgames.blast.agents.GreedyAgent` values: the
logistic curve of a weighted sum of the :data:`FEATURES` of the position, read only
from what the player's view shows (as :func:`~boardgames.blast.agents.evaluate` does).
The first feature is ``evaluate`` itself on the scale of
:func:`~boardgames.blast.agents.rollout_value` (17 Force), so :data:`GREEDY_WEIGHTS`
``(1, 0, 0, ...)`` are Greedy's own value, and learning starts from Greedy's play.

>>> import boardgames as bg
>>> from boardgames.blast.agents import GreedyAgent
>>> from boardgames.blast.learned import LearnedValue, WEIGHTS
>>> g = bg.Blast(seed=3)
>>> 0.0 < LearnedValue(WEIGHTS)(g, 0) < 1.0
True
>>> g.is_legal(GreedyAgent(seed=1, value=LearnedValue(WEIGHTS)).choose(g))[0]
True

The weights are trained by ``tools/train_blast_td.py``: both players are Greedy with
this value at the leaves of its look-ahead, and after each move phase the value of the
mover's previous position is moved towards the value of this one (the game's result at
the end), TD(lambda) on the logistic of a linear sum.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ..core.limits import quote
from ..core.logistic import logistic
from .agents import CARD_VALUE, WIDTH, _reach_value, _risk, evaluate
from .board import control, planets_held
from .data import HOMEWORLDS

if TYPE_CHECKING:
    from .game import Blast, BlastState

__all__ = ["FEATURES", "GREEDY_WEIGHTS", "WEIGHTS", "LearnedValue", "features"]

FEATURES: Final = (
    "heuristic",      # evaluate(game, player) / 17
    "force",          # Force on the track, mine minus theirs, / 10
    "planets",        # planets held alone, mine minus theirs
    "homeworld",      # my homeworld held alone, minus theirs held alone by them
    "my_risk",        # the opponent's shots at my stacks on its next roll, / 10
    "their_risk",     # my shots at its stacks on my roll after that, / 10
    "my_reach",       # my next roll's reach of planets I do not hold, / 10
    "their_reach",    # its next roll's reach of planets it does not hold, / 10
    "my_cards",       # the value of my hand, in Force, / 10
    "their_hand",     # the number of cards in its hand, / 5
    "units",          # units on the track, mine minus theirs, / 5
    "tempo",          # 1: the opponent moves next
)
"""The features :func:`features` returns, in order."""

GREEDY_WEIGHTS: Final[tuple[float, ...]] = (1.0,) + (0.0,) * (len(FEATURES) - 1)
"""The weights whose value is Greedy's (the logistic of ``evaluate / 17``): where the
training starts."""

WEIGHTS: Final[tuple[float, ...]] = (
    0.21911488150185635,  # heuristic
    0.8278323171237755,  # force
    0.21336437133619324,  # planets
    0.08462521070760279,  # homeworld
    0.04190708043560718,  # my_risk
    0.14737469949525955,  # their_risk
    0.19221246753220644,  # my_reach
    -0.1806123504443371,  # their_reach
    0.3976674946741368,  # my_cards
    -0.3839113429725367,  # their_hand
    0.2716491296931582,  # units
    -0.47423609264868977,  # tempo
)
"""The trained weights of :data:`FEATURES`: ``python tools/train_blast_td.py --games
1000`` (1000 self-play games on deals 100000-100999, alpha 0.05, lambda 0.7, from
:data:`GREEDY_WEIGHTS`; compiled build, 33 minutes of one core). Measured against
Greedy they play as strongly as Greedy, no more (docs/agents.md, "Blast's learned
value")."""


def features(game: Blast, player: int) -> tuple[float, ...]:
    """The :data:`FEATURES` of ``game``'s position for ``player``, from its view."""
    s = game.state
    q = 1 - player
    return (
        evaluate(game, player) / WIDTH,
        (_force(s, player) - _force(s, q)) / 10.0,
        float(planets_held(s.units, player) - planets_held(s.units, q)),
        float(_home_held(s, player) - _home_held(s, q)),
        _risk(s, player) / 10.0,
        _risk(s, q) / 10.0,
        _reach_value(s, player, 0.0) / 10.0,
        _reach_value(s, q, 0.0) / 10.0,
        sum(CARD_VALUE[c] for c in s.hands[player]) / 10.0,
        len(s.hands[q]) / 5.0,
        (_units(s, player) - _units(s, q)) / 5.0,
        1.0,
    )


def _force(s: BlastState, player: int) -> float:
    return float(sum(sum(st) for st in s.units[player]))


def _units(s: BlastState, player: int) -> int:
    return sum(len(st) for st in s.units[player])


def _home_held(s: BlastState, player: int) -> int:
    return int(control(s.units, player, HOMEWORLDS[player]))


class LearnedValue:
    """``value(game, player)``: ``player``'s chance of winning, the logistic of the
    weighted sum of :func:`features`; 1, 0 or 1/2 once the game is over."""

    def __init__(self, weights: Sequence[float] = WEIGHTS) -> None:
        if len(weights) != len(FEATURES) or not all(
                isinstance(w, (int, float)) and math.isfinite(w) for w in weights):
            raise ValueError(f"weights are {len(FEATURES)} finite numbers "
                             f"({', '.join(FEATURES)}), not {quote(weights)}")
        self.weights = [float(w) for w in weights]

    def __repr__(self) -> str:
        return f"LearnedValue({self.weights!r})"

    def __call__(self, game: Blast, player: int) -> float:
        s = game.state
        if s.phase == "over":
            return 0.5 if s.winner is None else float(s.winner == player)
        return logistic(sum(w * x for w, x in zip(self.weights, features(game, player),
                                                  strict=True)))
