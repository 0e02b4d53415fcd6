"""On-line policy improvement by rollouts (Tesauro and Galperin, 1996).

:class:`RolloutAgent` improves a *base policy* (each game's greedy rule) at every
decision: each legal action is played, on the same determinisations with the same
chance draws (common random numbers), and the game is played out to its end by the base
policy; the action with the best mean outcome is chosen. With enough playouts this is
never worse than the base policy itself, and in backgammon it was much better.

Three things make it cheap and safe with a small budget:

* **Sequential halving**: the worse half of the actions is dropped after each round and
  the playouts per action doubled, so the budget goes to the close contenders.
* **Pairing**: the actions are compared on the same playout seeds, so the luck of the
  draw cancels out of their differences.
* **A gate on the base's own choice**: the base policy's action is never dropped, and
  another is chosen only when its paired mean difference over the base's is above
  ``z`` standard errors. A noisy estimate then falls back on the base policy instead of
  on a random action (flat Monte Carlo without the gate was weaker than Greedy in
  Spacehole: docs/agents.md).

The agent reads only what its player may see (playouts run on
``game.determinize(player)``; chance is sampled from the exact weights with the agent's
own seeds, never the game's).
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable
from typing import Any

from .agents import Agent, GreedyAgent, legal_choices, player_to_move
from .core.game import CHANCE, Game
from .core.limits import quote

__all__ = ["RolloutAgent"]


def _module(game: Game) -> Any:
    return importlib.import_module(f"boardgames.{game.name}.agents")


def play_out(g: Game, rng: random.Random, player: int, policy: Callable[..., Any],
             module: Any, horizon: int | None = None) -> float:
    """Play the determinised ``g`` on (chance drawn with ``rng``, decisions by
    ``policy(game, ties)``) to its end, or until ``horizon`` decisions with a choice
    were made, and return ``player``'s outcome (:func:`outcome`).

    ``ties``, the policy's own generator, is seeded from ``rng`` before the playout
    starts: the chance draws never depend on how often the policy drew from it, so the
    playouts of two alternatives on the same seed keep meeting the same chance draws
    after their decisions differ (common random numbers that stay common)."""
    ties = random.Random(rng.getrandbits(63))
    choices = 0
    while True:
        to = g.current_player
        if to is None:
            break
        if to == CHANCE:
            g.sample_chance(rng)
            continue
        legal = g.legal_actions()
        if len(legal) == 1:
            g.apply(legal[0])
            continue
        if horizon is not None and choices >= horizon:
            break
        g.apply(policy(g, ties))
        choices += 1
    return outcome(g, player, module)


def outcome(g: Game, player: int, module: Any) -> float:
    """``player``'s outcome of a playout: the game's ``outcome_value`` where it has one
    (Spacehole: the score over 1500), else 1 for a win, 1/k for a k-way draw, 0 for a
    loss. A game stopped at the horizon is valued by the module's estimate of the same
    quantity: ``expected_outcome`` where it has one (Spacehole: the expected score over
    1500), else ``rollout_value`` (a calibrated chance of winning)."""
    if g.is_over:
        value = getattr(module, "outcome_value", None)
        return _share(g, player) if value is None else float(value(g, player))
    estimate = getattr(module, "expected_outcome", None) or module.rollout_value
    return float(estimate(g, player))


def _share(g: Game, player: int) -> float:
    """1 for the winner, a share for a draw, 0 for the others."""
    winners = getattr(g, "winners", None)
    if winners:
        return 1.0 / len(winners) if player in winners else 0.0
    return 1.0 if g.winner == player else 0.0


class _Tally:
    """The outcomes of one action, one per playout seed (index = seed's round number)."""

    __slots__ = ("values",)

    def __init__(self) -> None:
        self.values: list[float] = []

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else -math.inf


def paired_gain(a: list[float], b: list[float]) -> tuple[float, float]:
    """The mean of ``a[i] - b[i]`` over the seeds both have, and its standard error."""
    n = min(len(a), len(b))
    if n < 2:
        return 0.0, math.inf
    d = [a[i] - b[i] for i in range(n)]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return mean, math.sqrt(var / n)


class RolloutAgent(Agent):
    """Tesauro-Galperin policy improvement of the game's greedy rule (module text).

    ``playouts``: at most this many playouts for each action still in the running at
    the end (the first round plays ``first`` each); ``seconds``: a time budget instead
    (then choices depend on the machine); ``z``: how many standard errors an action's
    paired gain over the base policy's choice must reach to be chosen instead of it.
    The action to beat is :class:`~boardgames.agents.GreedyAgent`'s choice; the
    playouts are played by the game's ``rollout_policy`` (its greedy rule on a bare
    copy, cheaper) where it has one, else by ``GreedyAgent``."""

    kind = "rollout"

    def __init__(self, *, playouts: int = 64, first: int = 8, seconds: float | None = None,
                 z: float = 2.0, horizon: int | None = None, seed: int = 0) -> None:
        super().__init__(seed)
        if not isinstance(playouts, int) or isinstance(playouts, bool) or playouts < 2:
            raise ValueError(f"playouts must be an int >= 2, not {quote(playouts)}")
        if not isinstance(first, int) or isinstance(first, bool) \
                or not 2 <= first <= playouts:
            raise ValueError(f"first must be an int in [2, playouts], not {quote(first)}")
        if seconds is not None and (not isinstance(seconds, int | float) or seconds <= 0):
            raise ValueError(f"seconds must be a positive number, not {quote(seconds)}")
        if not isinstance(z, int | float) or z < 0:
            raise ValueError(f"z must be a number >= 0, not {quote(z)}")
        if horizon is not None and (not isinstance(horizon, int)
                                    or isinstance(horizon, bool) or horizon < 0):
            raise ValueError(f"horizon must be None or an int >= 0, not {quote(horizon)}")
        self.horizon = horizon
        self.playouts = playouts
        self.first = first
        self.seconds = seconds
        self.z = float(z)
        self._greedy = GreedyAgent(seed=seed)
        self.last_search: dict[str, Any] = {}

    def settings(self) -> dict[str, Any]:
        out: dict[str, Any] = {"playouts": self.playouts, "first": self.first, "z": self.z,
                               "horizon": self.horizon}
        if self.seconds is not None:
            out["seconds"] = self.seconds
        return out

    def _policy(self, game: Game) -> Callable[..., Any]:
        policy = getattr(_module(game), "rollout_policy", None)
        if policy is not None:
            return policy
        greedy = self._greedy
        return lambda g, rng: greedy.choose(g)

    def choose(self, game: Game) -> Any:
        legal = legal_choices(game)
        if len(legal) == 1:
            self.last_search = {"playouts": 0, "base": str(legal[0]), "chosen": str(legal[0])}
            return legal[0]
        player = player_to_move(game)
        policy = self._policy(game)
        base = self._greedy.choose(game)
        tallies = {a: _Tally() for a in legal}
        self._race(game, player, policy, tallies, base)
        best = _best(tallies)
        chosen = self._gated(tallies, best, base)
        self.last_search = {
            "gain": paired_gain(tallies[best].values, tallies[base].values),
            "playouts": sum(len(t.values) for t in tallies.values()),
            "base": str(base), "chosen": str(chosen),
            "values": {str(a): round(t.mean, 4) for a, t in tallies.items() if t.values},
        }
        return chosen

    def _race(self, game: Game, player: int, policy: Callable[..., Any],
              tallies: dict[Any, _Tally], base: Any) -> None:
        """Sequential halving with the base's action always kept: rounds of ``n`` new
        seeds for every action alive, ``n`` doubling, the worse half dropped."""
        module = _module(game)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        alive = list(tallies)
        seeds: list[int] = []
        n = self.first
        while True:
            while len(seeds) < n:
                seeds.append(self._rng.getrandbits(63))
            for a in alive:
                t = tallies[a]
                for seed in seeds[len(t.values):n]:
                    g = game.determinize(player, seed=seed)
                    g.apply(a)
                    t.values.append(play_out(g, random.Random(seed), player, policy,
                                             module, self.horizon))
            out_of_time = deadline is not None and time.perf_counter() >= deadline
            if len(alive) <= 2 or n >= self.playouts or out_of_time:
                return
            alive = _better_half(alive, tallies, base)
            n = min(self.playouts, 2 * n)

    def _gated(self, tallies: dict[Any, _Tally], best: Any, base: Any) -> Any:
        """``best``, if its paired gain over ``base`` is above ``z`` standard errors;
        else ``base``."""
        if best == base:
            return base
        gain, se = paired_gain(tallies[best].values, tallies[base].values)
        return best if gain > self.z * se else base


def _best(tallies: dict[Any, _Tally]) -> Any:
    """The action with the most playouts (one that survived every halving), the best
    mean among those."""
    return max(tallies, key=lambda a: (len(tallies[a].values), tallies[a].mean))


def _better_half(alive: list[Any], tallies: dict[Any, _Tally], base: Any) -> list[Any]:
    """The better half of ``alive`` by mean (at least two), and ``base`` in any case."""
    ranked = sorted(alive, key=lambda a: -tallies[a].mean)
    keep = ranked[:max(2, math.ceil(len(alive) / 2))]
    if base not in keep:
        keep.append(base)
    return keep
