"""Exact probability for teaching and playing: dice, summaries, conditioning,
expectations over a game's chance nodes, absorbing Markov chains, sampling beside the
exact answer, charts, and every game's own odds functions.

>>> import boardgames as bg
>>> from boardgames.odds import d6, dice, ones, simulate_dist
>>> dice(2, 6).at_least(10)                    # 10, 11 or 12 on 2D6
Fraction(1, 6)
>>> ones(4).at_least(1)                        # a Force 4 defender hits at least once
Fraction(671, 1296)
>>> bg.odds.spacehole_battle_odds(3, [2])["win"] > 0.95
True

What is where (see ``docs/odds.md``):

* dice (:mod:`.dice`): ``die(n)``, ``d4`` ... ``d100``, ``dice(k, n)``, ``ones(n)``,
  ``successes``, ``total``, ``highest``, ``lowest``, ``joint``, ``pool``; and the
  operators of ``Dist``: ``X + Y``, ``X - Y``, ``X * Y``, ``k @ X`` (k rolls summed);
* summaries (:mod:`.stats`): ``mean``, ``variance``, ``std``, ``cdf``, ``given``;
* a game's chance nodes (:mod:`.chance`): ``game.expected(fn)`` (one node, a method of
  every game), ``expect`` and ``outcome_dist`` (through the nodes that follow);
* Markov chains (:mod:`.markov`): ``absorption``, ``absorption_time``, ``MarkovChain``;
  the worked example ``spacehole_battle_chain`` (:mod:`.battles`);
* sampling (:mod:`.sampling`): ``simulate_dist`` -> a ``Sample`` beside the exact
  distribution;
* charts (:mod:`.plots`, matplotlib imported on the first chart): ``plot_dist``,
  ``plot_sampled``, ``plot_convergence``;
* the games' functions (:mod:`.games`, imported on first use): ``round_hits``,
  ``spacehole_battle_odds``, ``fight_odds``, ``reach_odds``, ``roll_odds``, ``lookup``,
  ``intergalactic_battle_odds``, ``meteor_risk`` ... and the modules ``spacehole``,
  ``blast``, ``intergalactic``, ``spacebase``.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..core.dist import Dist
from .battles import spacehole_battle_chain, spacehole_round
from .chance import expect, outcome_dist
from .dice import (
    d4,
    d6,
    d8,
    d10,
    d12,
    d20,
    d100,
    dice,
    die,
    highest,
    joint,
    lowest,
    ones,
    pool,
    successes,
    total,
)
from .games import GAME_FUNCTIONS, GAME_MODULES
from .markov import MarkovChain, absorption, absorption_time
from .plots import plot_convergence, plot_dist, plot_sampled
from .sampling import Sample, simulate_dist
from .stats import cdf, given, mean, std, variance

__all__ = [
    "Dist",
    "MarkovChain",
    "Sample",
    "absorption",
    "absorption_time",
    "cdf",
    "d4",
    "d6",
    "d8",
    "d10",
    "d12",
    "d20",
    "d100",
    "dice",
    "die",
    "expect",
    "given",
    "highest",
    "joint",
    "lowest",
    "mean",
    "ones",
    "outcome_dist",
    "plot_convergence",
    "plot_dist",
    "plot_sampled",
    "pool",
    "simulate_dist",
    "spacehole_battle_chain",
    "spacehole_round",
    "std",
    "successes",
    "total",
    "variance",
    *GAME_FUNCTIONS,
    *GAME_MODULES,
]


def __getattr__(name: str) -> Any:
    if name in GAME_FUNCTIONS:
        game, fn = GAME_FUNCTIONS[name]
        return getattr(importlib.import_module(f"boardgames.{game}.odds"), fn)
    if name in GAME_MODULES:
        return importlib.import_module(f"boardgames.{name}.odds")
    raise AttributeError(f"module 'boardgames.odds' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *GAME_FUNCTIONS, *GAME_MODULES])
