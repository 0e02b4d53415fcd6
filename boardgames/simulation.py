"""Many games at once: :func:`simulate` (agents against each other) and :func:`compare`
(what-if: the same position after different actions, with common random numbers).

Both send their work in chunks to any ``concurrent.futures.Executor``: by default a
process pool over the machine's cores; ``executor="serial"`` runs in this process; a
Dask cluster works through ``distributed.Client(...).get_executor()``. Game ``i`` gets
the seed ``game_seed(seed, i)`` whatever the chunk or worker that plays it, and every
agent is re-seeded from it, so results do not depend on the executor or the number of
workers. Work is pickled with cloudpickle when it is installed (so functions defined in
a notebook can be sent), else with pickle.
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .core.game import Game
from .core.limits import quote
from .core.registry import load
from .core.rng import GOLDEN_GAMMA, MAX_SEED, mix64
from .odds.intervals import bootstrap_mean, wilson
from .workers import agent_seed, dumps, executor_for, loads, spawn_agent

__all__ = ["Comparison", "SimulationResults", "compare", "game_seed", "simulate"]

MAX_STEPS = 200_000


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded with ``seed``."""
    return mix64((seed * GOLDEN_GAMMA + index) & MAX_SEED) >> 1


# ------------------------------------------------------------------ statistics
def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high): the mean and its 95% percentile-bootstrap interval, which stays
    within the values' range (:func:`boardgames.odds.intervals.bootstrap_mean`)."""
    return bootstrap_mean(values)


# ------------------------------------------------------------------ playing
def _make(make_game: Any, seed: int, game_kw: Mapping[str, Any]) -> Game:
    if isinstance(make_game, str):
        return load(make_game, seed=seed, **game_kw)
    if isinstance(make_game, type) and issubclass(make_game, Game):
        return make_game(seed=seed, **game_kw)
    g = make_game(seed)
    if not isinstance(g, Game):
        raise TypeError(f"make_game({seed}) returned {type(g).__name__}, not a Game")
    return g


def _agents_for(agents: Any, players: int) -> list[Any]:
    if isinstance(agents, Mapping):
        missing = [p for p in range(players) if p not in agents]
        if missing:
            raise ValueError(f"no agent for player(s) {missing}")
        return [agents[p] for p in range(players)]
    if isinstance(agents, Sequence) and not isinstance(agents, str):
        if len(agents) == 1:
            return list(agents) * players
        if len(agents) != players:
            raise ValueError(f"{len(agents)} agents for a {players}-player game")
        return list(agents)
    return [agents] * players


def play_out(game: Game, agents: Sequence[Any], max_steps: int = MAX_STEPS) -> Game:
    """Play ``game`` to its end, each player's action chosen by ``agents[player]``
    (chance nodes roll from the game's own seed). Returns the game."""
    game.auto_roll = True
    steps = 0
    while not game.is_over:
        p = game.current_player
        if p is None:  # pragma: no cover - a game not over has a player to move
            raise RuntimeError(f"no player to move in {quote(game)}")
        game.apply(agents[p].choose(game))
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"no end after {max_steps} actions: {quote(game)}")
    return game


def _row(index: int, gseed: int, g: Game, measures: Callable[[Game], Mapping] | None,
         decisions: int, seconds: float) -> dict[str, Any]:
    row = {"game": index, "seed": gseed, "scores": tuple(g.scores), "winner": g.winner,
           "turns": g.turn, "steps": len(g.history), "decisions": decisions,
           "seconds": seconds}
    if measures is not None:
        extra = measures(g)
        if not isinstance(extra, Mapping):
            raise TypeError(f"measures(game) must return a dict, not {type(extra).__name__}")
        clash = sorted(set(extra) & set(row))
        if clash:
            raise ValueError(f"measures may not reuse the column name(s) {clash}")
        row.update(extra)
    return row


def _simulate_chunk(payload: bytes) -> list[dict[str, Any]]:
    make_game, game_kw, agents, measures, tasks, max_steps = loads(payload)
    rows = []
    for index, gseed in tasks:
        t0 = time.perf_counter()
        g = _make(make_game, gseed, game_kw)
        players = _agents_for(agents, g.players)
        mine = [spawn_agent(a, agent_seed(gseed, p)) for p, a in enumerate(players)]
        before = len(g.history)
        play_out(g, mine, max_steps)
        decisions = sum(1 for s in g.history[before:] if s.player >= 0)
        rows.append(_row(index, gseed, g, measures, decisions, time.perf_counter() - t0))
    return rows


def _compare_chunk(payload: bytes) -> list[tuple[int, int, float, bool, float]]:
    game, alternatives, agent, player, tasks, max_steps = loads(payload)
    out = []
    for index, gseed in tasks:
        for k, action in enumerate(alternatives):
            g = game.determinize(player, seed=gseed)
            g.auto_roll = True
            g.apply(action)
            agents = [spawn_agent(agent, agent_seed(gseed, p)) for p in range(g.players)]
            play_out(g, agents, max_steps)
            score = float(g.scores[player])
            won = g.winner == player
            out.append((k, index, score, won, float(len(g.history))))
    return out


def _notebook_kernel() -> bool:
    """Whether this code runs in a notebook's kernel (which can show widgets): IPython's
    shell with a kernel attached. ipykernel's shell has one, and so has the Pyodide
    kernel of JupyterLite (which has no ipykernel module); a terminal IPython has none.
    IPython is not imported if nothing imported it yet."""
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    shell = ipython.get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


class _Progress:
    """A progress bar: ipywidgets in a notebook kernel, a text line on a terminal."""

    def __init__(self, total: int, label: str, enabled: bool) -> None:
        self.total = total
        self.done = 0
        self.label = label
        self.bar: Any = None
        self.enabled = enabled and total > 0
        if not self.enabled:
            return
        if _notebook_kernel():
            try:
                import ipywidgets as w
                from IPython.display import display

                self.bar = w.IntProgress(value=0, min=0, max=total, description=label)
                self.text = w.Label(f"0 / {total}")
                display(w.HBox([self.bar, self.text]))
            except Exception:  # pragma: no cover - no front end
                self.bar = None

    def update(self, n: int) -> None:
        self.done += n
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.value = self.done
            self.text.value = f"{self.done} / {self.total}"
        elif sys.stderr is not None:
            width = 30
            filled = int(width * self.done / self.total)
            sys.stderr.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] "
                             f"{self.done}/{self.total}")
            if self.done >= self.total:
                sys.stderr.write("\n")
            sys.stderr.flush()


def _run(fn: Callable[[bytes], list], payloads: list[tuple[int, bytes]], executor: Any,
         workers: int | None, progress: _Progress) -> list:
    ex, owned = executor_for(executor, workers)
    results: list = []
    try:
        futures = [(n, ex.submit(fn, blob)) for n, blob in payloads]
        for n, fut in futures:
            results.extend(fut.result())
            progress.update(n)
    finally:
        if owned:
            ex.shutdown(wait=True, cancel_futures=True)
    return results


def _chunks(items: list, size: int) -> Iterable[list]:
    for i in range(0, len(items), size):
        yield items[i:i + size]


def _check_count(name: str, value: object, low: int = 1) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise ValueError(f"{name} must be an int >= {low}, not {quote(value)}")
    return value


def _check_seed(seed: object) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be an int in [0, 2**64), not {quote(seed)}")
    return seed


# ------------------------------------------------------------------ simulate
@dataclass
class SimulationResults:
    """One row per game: ``game`` (index), ``seed``, ``scores``, ``winner``, ``turns``,
    ``steps``, ``decisions``, ``seconds`` and the caller's measures. Rows are in game
    order whatever executor played them."""

    rows: list[dict[str, Any]]
    players: int
    seconds: float = 0.0
    meta: dict[str, Any] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Any:
        return iter(self.rows)

    def __getitem__(self, i: int) -> dict[str, Any]:
        return self.rows[i]

    def column(self, name: str) -> list[Any]:
        """The values of one column, in game order."""
        if self.rows and name not in self.rows[0]:
            raise KeyError(f"no column {quote(name)}: columns are {list(self.rows[0])}")
        return [r[name] for r in self.rows]

    def scores(self, player: int = 0) -> list[float]:
        return [float(r["scores"][player]) for r in self.rows]

    def mean_score(self, player: int = 0) -> tuple[float, float, float]:
        """(mean, low, high) of a player's score, with a 95% interval."""
        return mean_ci(self.scores(player))

    def win_rate(self, player: int = 0) -> tuple[float, float, float]:
        """(rate, low, high) of a player's wins (ties are not wins), 95% Wilson."""
        return wilson(sum(1 for r in self.rows if r["winner"] == player), len(self.rows))

    def summary(self) -> list[dict[str, Any]]:
        """Per player: mean score and win rate with their 95% intervals."""
        out = []
        for p in range(self.players):
            m, lo, hi = self.mean_score(p)
            w, wlo, whi = self.win_rate(p)
            out.append({"player": p, "mean_score": m, "score_ci": (lo, hi), "win_rate": w,
                        "win_ci": (wlo, whi)})
        return out

    def to_pandas(self) -> Any:
        """The rows as a pandas DataFrame (pandas imported on use)."""
        import pandas as pd  # type: ignore[import-untyped]

        return pd.DataFrame(self.rows)

    def __repr__(self) -> str:
        lines = [f"SimulationResults: {len(self)} games, {self.players} player(s), "
                 f"{self.seconds:.1f} s"]
        for s in self.summary():
            lines.append(f"  player {s['player']}: mean score {s['mean_score']:.2f} "
                         f"[{s['score_ci'][0]:.2f}, {s['score_ci'][1]:.2f}], win rate "
                         f"{s['win_rate']:.1%} [{s['win_ci'][0]:.1%}, {s['win_ci'][1]:.1%}]")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        import html

        head = (f"<b>{len(self)} games</b>, {self.players} player(s), "
                f"{self.seconds:.1f} s")
        rows = "".join(
            f"<tr><td>{s['player']}</td><td>{s['mean_score']:.2f}</td>"
            f"<td>[{s['score_ci'][0]:.2f}, {s['score_ci'][1]:.2f}]</td>"
            f"<td>{s['win_rate']:.1%}</td>"
            f"<td>[{s['win_ci'][0]:.1%}, {s['win_ci'][1]:.1%}]</td></tr>"
            for s in self.summary())
        cols = list(self.rows[0]) if self.rows else []
        sample = "".join(
            "<tr>" + "".join(f"<td>{html.escape(str(r[c]))}</td>" for c in cols) + "</tr>"
            for r in self.rows[:10])
        return (f"<div class='bg-sim'>{head}<table><tr><th>player</th><th>mean score</th>"
                f"<th>95% CI</th><th>win rate</th><th>95% CI</th></tr>{rows}</table>"
                f"<details><summary>first games</summary><table><tr>"
                + "".join(f"<th>{html.escape(c)}</th>" for c in cols)
                + f"</tr>{sample}</table></details></div>")


def simulate(
    make_game: str | type[Game] | Callable[[int], Game],
    agents: Any,
    games: int = 100,
    seed: int = 0,
    executor: Any = None,
    progress: bool = True,
    *,
    measures: Callable[[Game], Mapping[str, Any]] | None = None,
    workers: int | None = None,
    chunk_size: int | None = None,
    max_steps: int = MAX_STEPS,
    **game_kw: Any,
) -> SimulationResults:
    """Play ``games`` games and return one row per game.

    make_game
        A game name (``"blast"``; extra keywords such as ``players=3`` go to
        ``bg.load``), a Game class, or a function ``seed -> Game``.
    agents
        One agent for every player, a list (one per player), or ``{player: agent}``.
        Each game gets fresh copies re-seeded from its own seed (``agent.spawn``).
    seed
        The master seed: game ``i`` is played with ``game_seed(seed, i)``.
    executor
        None (a process pool of ``workers`` processes, default the machine's cores),
        ``"serial"``, or any ``concurrent.futures.Executor`` (a Dask cluster's
        ``client.get_executor()``).
    measures
        ``game -> dict`` of extra columns, computed on each finished game.
    """
    _check_count("games", games)
    _check_seed(seed)
    if workers is not None:
        _check_count("workers", workers)
    if measures is not None and not callable(measures):
        raise TypeError(f"measures must be a function game -> dict, not {quote(measures)}")
    probe = _make(make_game, game_seed(seed, 0), game_kw)  # fail early, in this process
    for a in _agents_for(agents, probe.players):
        if not callable(getattr(a, "choose", None)):
            raise TypeError(f"an agent must have a choose(game) method, not {quote(a)}")
    tasks = [(i, game_seed(seed, i)) for i in range(games)]
    if chunk_size is None:
        n = workers or os.cpu_count() or 1
        chunk_size = max(1, min(50, math.ceil(games / (4 * n))))
    _check_count("chunk_size", chunk_size)
    payloads = [(len(c), dumps((make_game, game_kw, agents, measures, c, max_steps)))
                for c in _chunks(tasks, chunk_size)]
    bar = _Progress(games, "simulate", progress)
    t0 = time.perf_counter()
    rows = _run(_simulate_chunk, payloads, executor, workers, bar)
    rows.sort(key=lambda r: r["game"])
    return SimulationResults(rows, probe.players, time.perf_counter() - t0,
                             {"seed": seed, "games": games, "chunk_size": chunk_size})


# ------------------------------------------------------------------ compare
@dataclass
class Comparison:
    """What-if results: per alternative action, the player's mean score and win rate
    with 95% intervals, and the raw per-game samples (paired across alternatives: game
    ``i`` used the same seed for every alternative)."""

    actions: list[str]
    player: int
    scores: list[list[float]]
    wins: list[list[bool]]
    seconds: float = 0.0
    _cache: dict[Any, Any] = field(default_factory=dict, init=False, repr=False,
                                   compare=False)

    @property
    def games(self) -> int:
        return len(self.scores[0]) if self.scores else 0

    def table(self) -> list[dict[str, Any]]:
        """Per alternative: its mean score with a 95% percentile-bootstrap interval (within
        the scores' range) and its win rate with a 95% Wilson interval."""
        if "table" not in self._cache:
            out = []
            for a, sc, w in zip(self.actions, self.scores, self.wins, strict=True):
                m, lo, hi = mean_ci(sc)
                r, rlo, rhi = wilson(sum(w), len(w))
                out.append({"action": a, "games": len(sc), "mean_score": m,
                            "score_ci": (lo, hi), "win_rate": r, "win_ci": (rlo, rhi)})
            self._cache["table"] = out
        return [dict(r) for r in self._cache["table"]]

    def difference(self, a: int | str, b: int | str) -> tuple[float, float, float]:
        """Mean score of alternative ``a`` minus ``b`` over the paired games, with its 95%
        interval (common random numbers make it much narrower than the two intervals)."""
        i, j = self._index(a), self._index(b)
        if (i, j) not in self._cache:
            self._cache[i, j] = mean_ci([x - y for x, y in
                                         zip(self.scores[i], self.scores[j], strict=True)])
        return self._cache[i, j]

    def verdict(self) -> list[str]:
        """In words, for the best alternative against each other one: whether these games
        tell them apart (the 95% interval of the paired difference is above 0) or not."""
        rows = self.table()
        order = sorted(range(len(rows)), key=lambda k: -rows[k]["mean_score"])
        return [self._versus(order[0], k) for k in order[1:]]

    def _versus(self, i: int, j: int) -> str:
        d, lo, hi = self.difference(i, j)
        a, b = self.actions[i], self.actions[j]
        gap = f"{d:+.2f} [{lo:+.2f}, {hi:+.2f}] a game"
        if lo > 0:
            return f"{a} scores more than {b}: {gap} (paired, 95%)"
        return (f"{self.games} games cannot tell {a} from {b}: the difference {gap} "
                f"includes 0 (play more games)")

    def best(self) -> str:
        """The alternative with the highest mean score."""
        rows = self.table()
        return max(rows, key=lambda r: r["mean_score"])["action"]

    def _index(self, a: int | str) -> int:
        if isinstance(a, int) and not isinstance(a, bool) and 0 <= a < len(self.actions):
            return a
        if isinstance(a, str) and a in self.actions:
            return self.actions.index(a)
        raise ValueError(f"no alternative {quote(a)}: the alternatives are {self.actions}")

    def __repr__(self) -> str:
        lines = [f"Comparison for player {self.player}, {self.games} games per action:"]
        for r in self.table():
            lines.append(f"  {r['action']}: mean score {r['mean_score']:.2f} "
                         f"[{r['score_ci'][0]:.2f}, {r['score_ci'][1]:.2f}], win rate "
                         f"{r['win_rate']:.1%} [{r['win_ci'][0]:.1%}, {r['win_ci'][1]:.1%}]")
        lines.extend(f"  {v}" for v in self.verdict())
        return "\n".join(lines)

    def svg(self, width: int = 420) -> str:
        """A bar chart of the mean scores with their 95% intervals (plain SVG)."""
        import html

        rows = self.table()
        top = max([r["score_ci"][1] for r in rows if not math.isnan(r["score_ci"][1])] + [1e-9])
        bar_h, gap, left = 22, 10, 150
        h = len(rows) * (bar_h + gap) + gap
        scale = (width - left - 20) / top
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" '
                 f'class="bg-compare" role="img" aria-label="mean score per action">']
        for k, r in enumerate(rows):
            y = gap + k * (bar_h + gap)
            m = max(0.0, r["mean_score"])
            lo, hi = (max(0.0, v) for v in r["score_ci"])
            parts.append(f'<text x="{left - 6}" y="{y + 15}" text-anchor="end" '
                         f'font-size="12">{html.escape(r["action"][:24])}</text>')
            parts.append(f'<rect x="{left}" y="{y}" width="{m * scale:.1f}" height="{bar_h}" '
                         f'fill="#4477AA"><title>{m:.2f}</title></rect>')
            parts.append(f'<line x1="{left + lo * scale:.1f}" x2="{left + hi * scale:.1f}" '
                         f'y1="{y + bar_h / 2}" y2="{y + bar_h / 2}" stroke="#222" '
                         f'stroke-width="2"/>')
        parts.append("</svg>")
        return "".join(parts)

    def _repr_html_(self) -> str:
        import html

        rows = "".join(
            f"<tr><td>{html.escape(r['action'])}</td><td>{r['games']}</td>"
            f"<td>{r['mean_score']:.2f}</td>"
            f"<td>[{r['score_ci'][0]:.2f}, {r['score_ci'][1]:.2f}]</td>"
            f"<td>{r['win_rate']:.1%}</td>"
            f"<td>[{r['win_ci'][0]:.1%}, {r['win_ci'][1]:.1%}]</td></tr>"
            for r in self.table())
        verdict = "".join(f"<li>{html.escape(v)}</li>" for v in self.verdict())
        return (f"<div class='bg-compare'><table><tr><th>action</th><th>games</th>"
                f"<th>mean score</th><th>95% CI</th><th>win rate</th><th>95% CI</th></tr>"
                f"{rows}</table>{self.svg()}<ul>{verdict}</ul></div>")

    def plot(self, ax: Any = None) -> Any:
        """A matplotlib bar chart with 95% error bars (matplotlib imported on use). The
        notebook display of a Comparison already has a chart (:meth:`svg`): this one is
        for a figure of your own. Without matplotlib (and ``ax``), the table is shown
        instead and None returned."""
        rows = self.table()
        if ax is None:
            try:
                import matplotlib.pyplot as plt
            except ImportError:
                from .odds.plots import no_chart

                return no_chart(f"mean score of player {self.player}", repr(self))
            _, ax = plt.subplots(figsize=(5, 0.5 + 0.5 * len(rows)))
        means = [r["mean_score"] for r in rows]
        err = [[m - r["score_ci"][0] for m, r in zip(means, rows, strict=True)],
               [r["score_ci"][1] - m for m, r in zip(means, rows, strict=True)]]
        ax.barh([r["action"] for r in rows], means, xerr=err, color="#4477AA", capsize=4)
        ax.set_xlabel(f"mean score of player {self.player} (95% CI)")
        return ax


def compare(
    game: Game,
    actions: Sequence[Any],
    agent: Any = None,
    games: int = 100,
    seed: int = 0,
    executor: Any = "serial",
    progress: bool = False,
    *,
    workers: int | None = None,
    chunk_size: int | None = None,
    max_steps: int = MAX_STEPS,
) -> Comparison:
    """Play each alternative action from the current position ``games`` times and
    compare the mover's results.

    Game ``i`` starts, for every alternative, from the same determinisation (the
    hidden cards of the other players redrawn from ``game_seed(seed, i)``, as the mover
    cannot see them) with the same seed for its future draws and the same agents' seeds:
    common random numbers, so the differences between alternatives are measured with
    far less noise (see :meth:`Comparison.difference`). Every player is played by
    copies of ``agent`` (default: a :class:`~boardgames.agents.RandomAgent`).
    """
    from .agents import RandomAgent

    if not isinstance(game, Game):
        raise TypeError(f"compare needs a boardgames Game, not {type(game).__name__}")
    player = game.current_player
    if player is None or player < 0:
        raise ValueError("compare needs a position where a player is to move "
                         f"(current_player is {quote(player)})")
    _check_count("games", games)
    _check_seed(seed)
    if isinstance(actions, str) or not isinstance(actions, Sequence) or len(actions) < 1:
        raise ValueError(f"actions must be a list of alternatives, not {quote(actions)}")
    alternatives = []
    for a in actions:
        ok, why = game.is_legal(a)
        if not ok:
            raise ValueError(f"alternative {quote(str(a))} is not legal here: {why}")
        alternatives.append(game.parse(a) if isinstance(a, str) else a)
    names = [str(a) for a in alternatives]
    if len(set(names)) != len(names):
        raise ValueError(f"the alternatives repeat: {names}")
    agent = RandomAgent(seed=0) if agent is None else agent
    if not callable(getattr(agent, "choose", None)):
        raise TypeError(f"an agent must have a choose(game) method, not {quote(agent)}")
    tasks = [(i, game_seed(seed, i)) for i in range(games)]
    if chunk_size is None:
        n = workers or os.cpu_count() or 1
        chunk_size = max(1, min(25, math.ceil(games / (4 * n))))
    _check_count("chunk_size", chunk_size)
    payloads = [(len(c) * len(alternatives),
                 dumps((game, alternatives, agent, player, c, max_steps)))
                for c in _chunks(tasks, chunk_size)]
    bar = _Progress(games * len(alternatives), "compare", progress)
    t0 = time.perf_counter()
    out = _run(_compare_chunk, payloads, executor, workers, bar)
    scores: list[list[float]] = [[0.0] * games for _ in alternatives]
    wins: list[list[bool]] = [[False] * games for _ in alternatives]
    for k, index, score, won, _steps in out:
        scores[k][index] = score
        wins[k][index] = won
    return Comparison(names, player, scores, wins, time.perf_counter() - t0)
