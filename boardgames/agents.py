"""Computer players for every game, behind one interface: ``agent.choose(game) -> action``.

* :class:`RandomAgent`: uniform among the legal actions.
* :class:`GreedyAgent`: each game's own heuristic player
  (``boardgames.<game>.agents.GreedyAgent``).
* :class:`MCTSAgent`: information-set Monte Carlo tree search. Each iteration searches a
  *determinisation* of the game (``game.determinize(player)``: the other players' hidden
  cards redrawn at random, consistently with what the player sees), samples chance
  nodes from their exact weights (never from the game's own seeded future), and shares
  one tree keyed by the player's actions across determinisations (open-loop: chance
  outcomes are sampled, not branched on; actions absent from some determinisations are
  scored with availability counts). Budget in iterations (deterministic for a seed) or
  seconds; presets ``"easy"``, ``"medium"``, ``"hard"``.

Every agent is seeded (its own ``random.Random``, never the global one): the same seed
and the same positions give the same choices. ``agent.spawn(seed)`` makes a fresh agent
of the same kind and settings with another seed (simulations give each game its own).

Agents only read what their player may see: ``choose`` looks at ``game.view(player)``,
the legal actions, and determinisations; never at ``history`` or ``log`` (which name
other players' draws) nor at the seed.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from typing import Any, ClassVar

from .core.game import CHANCE, Game

__all__ = ["DIFFICULTIES", "Agent", "GreedyAgent", "MCTSAgent", "RandomAgent", "make_agent"]

DIFFICULTIES: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 50, "rollout_depth": 6},
    "medium": {"iterations": 200, "rollout_depth": 12},
    "hard": {"iterations": 800, "rollout_depth": 24},
}
"""The MCTS presets: iterations per decision and the rollout depth (players' actions;
chance outcomes do not count) after which a rollout is scored by the game's
heuristic."""


def _check_seed(seed: object) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be an int, not {seed!r}")
    return seed


class Agent:
    """Base of the agents: a seed, ``choose`` and ``spawn``."""

    kind: ClassVar[str] = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.seed = _check_seed(seed)
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def settings(self) -> dict[str, Any]:
        """The keywords (other than the seed) that make an agent like this one."""
        return {}

    def spawn(self, seed: int) -> Agent:
        """A fresh agent of the same kind and settings, seeded with ``seed``."""
        return type(self)(seed=seed, **self.settings())

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.settings().items())
        return f"{type(self).__name__}(seed={self.seed}{args})"


def _legal(game: Game) -> tuple[Any, ...]:
    actions = game.legal_actions()
    if not actions:
        raise ValueError(f"no legal action to choose from in {game!r}")
    return actions


class RandomAgent(Agent):
    """Picks uniformly among the legal actions."""

    kind = "random"

    def choose(self, game: Game) -> Any:
        actions = _legal(game)
        return actions[self._rng.randrange(len(actions))]


def _game_agents(name: str) -> Any:
    return importlib.import_module(f"boardgames.{name}.agents")


class GreedyAgent(Agent):
    """Each game's heuristic player (``boardgames.<game>.agents.GreedyAgent``), made on
    first use for each game it meets, with this agent's seed."""

    kind = "greedy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._by_game: dict[str, Any] = {}

    def choose(self, game: Game) -> Any:
        agent = self._by_game.get(game.name)
        if agent is None:
            agent = self._by_game[game.name] = _game_agents(game.name).GreedyAgent(
                seed=self.seed)
        return agent.choose(game)


def evaluate(game: Game, player: int) -> float:
    """The game's heuristic value of the position for ``player`` (public information
    only): ``boardgames.<game>.agents.evaluate``."""
    return float(_game_agents(game.name).evaluate(game, player))


class _Node:
    __slots__ = ("avail", "children", "n", "prior", "ranked", "w")

    def __init__(self) -> None:
        self.n = 0
        self.w = 0.0
        self.avail = 1
        self.children: dict[Any, _Node] = {}
        self.prior: dict[Any, float] | None = None
        self.ranked: tuple[tuple[Any, ...], list[Any]] | None = None


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


class MCTSAgent(Agent):
    """Information-set MCTS with determinisation (see the module docstring).

    ``MCTSAgent("medium", seed=0)``; override a preset with ``iterations=``,
    ``rollout_depth=`` (None: play rollouts to the end) or give a time budget with
    ``seconds=`` (then choices depend on the machine's speed). ``exploration`` is the
    UCB constant.
    """

    kind = "mcts"

    def __init__(
        self,
        difficulty: str = "medium",
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        rollout_depth: int | str | None = "preset",
        exploration: float = 0.7,
        seed: int = 0,
        **knobs: Any,
    ) -> None:
        super().__init__(seed)
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"difficulty must be one of {sorted(DIFFICULTIES)}, "
                             f"not {difficulty!r}")
        preset = DIFFICULTIES[difficulty]
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise ValueError(f"iterations must be a positive int, not {iterations!r}")
        if seconds is not None and (not isinstance(seconds, int | float) or seconds <= 0):
            raise ValueError(f"seconds must be a positive number, not {seconds!r}")
        if rollout_depth == "preset":
            rollout_depth = preset["rollout_depth"]
        if rollout_depth is not None and (not isinstance(rollout_depth, int)
                                          or rollout_depth < 0):
            raise ValueError(f"rollout_depth must be None or an int >= 0, "
                             f"not {rollout_depth!r}")
        if not isinstance(exploration, int | float) or exploration < 0:
            raise ValueError(f"exploration must be a number >= 0, not {exploration!r}")
        self.difficulty = difficulty
        self.iterations = preset["iterations"] if iterations is None and seconds is None \
            else iterations
        self.seconds = seconds
        self.rollout_depth = rollout_depth
        self.exploration = float(exploration)
        self.knobs = dict(knobs)
        self.last_search: dict[str, Any] = {}
        self._bounds = [math.inf, -math.inf]

    def settings(self) -> dict[str, Any]:
        preset = DIFFICULTIES[self.difficulty]
        out: dict[str, Any] = {"difficulty": self.difficulty}
        if self.iterations != preset["iterations"] or self.seconds is not None:
            out["iterations"] = self.iterations
        if self.seconds is not None:
            out["seconds"] = self.seconds
        if self.rollout_depth != preset["rollout_depth"]:
            out["rollout_depth"] = self.rollout_depth
        if self.exploration != 0.7:
            out["exploration"] = self.exploration
        out.update(self.knobs)
        return out

    def spawn(self, seed: int) -> MCTSAgent:
        s = self.settings()
        return MCTSAgent(s.pop("difficulty"), seed=seed, **s)

    # ------------------------------------------------------------------ search
    def choose(self, game: Game) -> Any:
        legal = _legal(game)
        player = game.current_player
        if len(legal) == 1:
            self.last_search = {"iterations": 0, "visits": {str(legal[0]): 0}}
            return legal[0]
        rng = self._rng
        root = _Node()
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        done = 0
        module = _game_agents(game.name)
        self._value = getattr(module, "rollout_value", None)
        if self._value is None and "scale" in self.knobs:
            scale = float(self.knobs["scale"])
            ev = module.evaluate
            self._value = lambda g, p: _sigmoid(ev(g, p) / scale)
        self._evaluate = module.evaluate
        self._player = player
        self._n = game.players
        self._bounds = [math.inf, -math.inf]
        if self._value is None:
            self._vbounds = [math.inf, -math.inf]
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            g = game.determinize(player, seed=rng.getrandbits(63))
            self._iterate(g, root, rng)
            done += 1

        def score(a: Any) -> tuple[int, float]:
            c = root.children.get(a)
            return (0, 0.0) if c is None else (c.n, c.w / c.n if c.n else 0.0)
        best = max(legal, key=score)
        self.last_search = {
            "iterations": done, "seconds": time.perf_counter() - start,
            "visits": {str(a): score(a)[0] for a in legal},
            "values": {str(a): round(score(a)[1], 4) for a in legal},
        }
        return best

    def _priors(self, g: Game, node: _Node, legal: tuple[Any, ...], to: int) -> list[Any]:
        """The legal actions ranked by the mover's value one step ahead (memoised)."""
        if node.ranked is not None and node.ranked[0] is legal:
            return node.ranked[1]
        prior = node.prior
        if prior is None:
            prior = node.prior = {}
        value = self._value
        s0 = g._s
        cls = type(g)
        for a in legal:
            if a not in prior:
                h = object.__new__(cls)
                h.__dict__.update(g.__dict__)
                s = s0.copy()
                g._act(s, a, [])
                h._s = s
                prior[a] = float(value(h, to))
        ranked = sorted(legal, key=lambda a: -prior[a])
        node.ranked = (legal, ranked)
        return ranked

    def _iterate(self, g: Game, root: _Node, rng: random.Random) -> None:
        path: list[tuple[_Node, int]] = []
        node = root
        c = self.exploration
        knobs = self.knobs
        use_prior = knobs.get("prior", 0) and self._value is not None
        n0 = float(knobs.get("prior_visits", 1))
        pw = float(knobs.get("widen", 0))
        pw_alpha = float(knobs.get("widen_alpha", 0.5))
        while True:
            to = g._to_move(g._s)
            while to == CHANCE:
                g._agent_sample(rng)
                to = g._to_move(g._s)
            if to is None:
                break
            legal = g.legal_actions()
            children = node.children
            if use_prior and len(legal) > 1:
                ranked = self._priors(g, node, legal, to)
                if pw:
                    k = max(1, math.ceil(pw * (node.n + 1) ** pw_alpha))
                    ranked = ranked[:k]
                cands = ranked
                untried = None
                for a in cands:
                    child = children.get(a)
                    if child is None:
                        if untried is None:
                            untried = a
                    else:
                        child.avail += 1
                if untried is not None:
                    a = untried
                    child = children[a] = _Node()
                    pv = node.prior[a]  # type: ignore[index]
                    child.n = n0
                    child.w = n0 * pv
                    g._agent_play(a)
                    path.append((child, to))
                    break
            else:
                cands = legal
                untried = []
                for a in legal:
                    child = children.get(a)
                    if child is None:
                        untried.append(a)
                    else:
                        child.avail += 1
                if untried:
                    a = untried[rng.randrange(len(untried))]
                    child = children[a] = _Node()
                    g._agent_play(a)
                    path.append((child, to))
                    break
            # values normalised by the range of rewards seen in this search, so that
            # the exploration constant means the same for small and large rewards
            lo, hi = self._bounds
            span = hi - lo if hi > lo else 1.0
            best_a = None
            best_u = -math.inf
            for a in cands:
                ch = children[a]
                u = (ch.w / ch.n - lo) / span + c * math.sqrt(math.log(ch.avail) / ch.n)
                if u > best_u:
                    best_u, best_a = u, a
            node = children[best_a]
            g._agent_play(best_a)
            path.append((node, to))
        reward = self._rollout(g, rng)
        bounds = self._bounds
        for r in reward:
            if r < bounds[0]:
                bounds[0] = r
            if r > bounds[1]:
                bounds[1] = r
        for nd, who in path:
            nd.n += 1
            nd.w += reward[who]

    def _rollout(self, g: Game, rng: random.Random) -> tuple[float, ...]:
        depth = self.rollout_depth
        steps = 0
        greedy = self.knobs.get("policy", "random") == "greedy" and self._value is not None
        eps = float(self.knobs.get("eps", 0.1))
        while True:
            to = g._to_move(g._s)
            if to is None:
                break
            if depth is not None and steps >= depth:
                break
            if to == CHANCE:
                g._agent_sample(rng)
            else:
                legal = g.legal_actions()
                if len(legal) == 1:
                    g._agent_play(legal[0])
                elif greedy and rng.random() >= eps:
                    g._agent_play(self._best_step(g, legal, to))
                else:
                    g._agent_play(legal[rng.randrange(len(legal))])
                steps += 1
        return self._rewards(g)

    def _best_step(self, g: Game, legal: tuple[Any, ...], to: int) -> Any:
        value = self._value
        s0 = g._s
        cls = type(g)
        best, top = legal[0], -math.inf
        for a in legal:
            h = object.__new__(cls)
            h.__dict__.update(g.__dict__)
            s = s0.copy()
            g._act(s, a, [])
            h._s = s
            v = value(h, to)
            if v > top:
                best, top = a, v
        return best

    def _rewards(self, g: Game) -> tuple[float, ...]:
        """Each player's reward in [0, 1] for a finished or cut-off playout."""
        n = self._n
        if g.is_over and n > 1:
            w = g.winner
            if w is not None:
                return tuple(1.0 if i == w else 0.0 for i in range(n))
            sc = [float(x) for x in g.scores]
            top = max(sc)
            leaders = [i for i in range(n) if sc[i] == top]
            share = 1.0 / len(leaders)
            return tuple(share if i in leaders else 0.0 for i in range(n))
        value = self._value
        if value is not None:
            if n == 2:
                v = float(value(g, self._player))
                return (v, 1.0 - v) if self._player == 0 else (1.0 - v, v)
            return tuple(float(value(g, i)) for i in range(n))
        ev = self._evaluate
        if n == 1:
            return (min(1.0, max(0.0, float(ev(g, 0)))),)
        values = [float(ev(g, i)) for i in range(n)]
        mode = self.knobs.get("reward", "lead")
        if mode == "lead":
            top = max(values)
            leaders = [i for i in range(n) if values[i] == top]
            share = 1.0 / len(leaders)
            return tuple(share if i in leaders else 0.0 for i in range(n))
        scale = float(self.knobs.get("scale", 10.0))
        return tuple(_sigmoid(v / scale) for v in values)


def make_agent(kind: str | Agent, seed: int = 0, difficulty: str = "medium") -> Any:
    """An agent from a name: ``"random"``, ``"greedy"``, ``"mcts"`` (with
    ``difficulty``), or ``"easy"`` / ``"medium"`` / ``"hard"`` (MCTS). An object with
    ``choose`` is returned as it is."""
    if not isinstance(kind, str):
        if not callable(getattr(kind, "choose", None)):
            raise TypeError(f"an agent must have a choose(game) method, not {kind!r}")
        return kind
    if kind == "random":
        return RandomAgent(seed=seed)
    if kind == "greedy":
        return GreedyAgent(seed=seed)
    if kind == "mcts":
        return MCTSAgent(difficulty, seed=seed)
    if kind in DIFFICULTIES:
        return MCTSAgent(kind, seed=seed)
    raise ValueError(f"unknown agent {kind!r}: use 'random', 'greedy', 'mcts', "
                     f"or a difficulty {sorted(DIFFICULTIES)}")
