"""Hint and review (issue 18): every decision analysed by rollouts, GNU Backgammon style.

``hint(game)`` values every legal action of the player to move: from each alternative,
games are played to the end by a rollout policy (the game's greedy player by default:
Tesauro and Galperin's on-line policy improvement -- rollouts of a base policy from each
candidate do no worse than the base policy), with common random numbers (game ``i``
starts, for every alternative, from the same determinisation and the same seeds, as in
:func:`boardgames.compare`), so the alternatives are compared on the same futures. The
value is the win probability with a 95% Wilson interval (2-6 players) or the expected
final score with a 95% bootstrap interval (Spacehole, one player). Sequential halving
spends the playouts where they matter: every alternative gets the first round, the
better half goes on with twice as many games, until one is left or ``playouts`` is
reached. The player's hidden information is respected: the playouts start from
determinisations (``Game.determinize``), never from the real hidden cards.

``review(game, player)`` replays a game and hints every decision of ``player`` with
more than one legal action: the value of what was played and of the best alternative,
the loss, a label (``inaccuracy`` / ``mistake`` / ``blunder``: thresholds documented
below and configurable), and the value over time (``Review.plot``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .core.game import CHANCE, Game
from .simulation import Comparison, compare

__all__ = ["Candidate", "Decision", "Hint", "Review", "hint", "review"]

WIN_THRESHOLDS = (0.05, 0.10, 0.20)
"""Labels by the loss in win probability: an inaccuracy from 5 points, a mistake from
10, a blunder from 20 (lichess labels by the loss in win chance the same way)."""
SCORE_THRESHOLDS = (10.0, 25.0, 50.0)
"""Labels by the loss in expected final score (Spacehole, one player): 10, 25, 50."""
LABELS = ("inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class Candidate:
    """One alternative: its value, the 95% interval and the playouts it rests on."""

    action: str
    value: float
    low: float
    high: float
    playouts: int


@dataclass
class Hint:
    """The legal actions of ``player`` ranked, best first."""

    player: int
    measure: str  # "win probability" or "expected score"
    candidates: list[Candidate]
    seconds: float = 0.0
    stopped: bool = False
    """The time budget or ``stop`` cut the search short (the values rest on the games
    finished by then; no candidate at all if it was stopped before the first one)."""

    @property
    def best(self) -> str:
        if not self.candidates:
            raise ValueError("the hint was stopped before any playout finished")
        return self.candidates[0].action

    def value_of(self, action: str) -> Candidate:
        for c in self.candidates:
            if c.action == action:
                return c
        raise KeyError(f"{action!r} is not one of the hinted actions")

    def __str__(self) -> str:
        if not self.candidates:
            return f"player {self.player}: stopped before any playout finished"
        w = max(len(c.action) for c in self.candidates)
        cut = ", stopped early" if self.stopped else ""
        lines = [f"player {self.player}, {self.measure} (95% interval, playouts{cut}):"]
        for i, c in enumerate(self.candidates, 1):
            lines.append(f"{i:2d}. {c.action:<{w}}  {_fmt(c.value, self.measure)} "
                         f"[{_fmt(c.low, self.measure)}, {_fmt(c.high, self.measure)}]"
                         f"  {c.playouts}")
        return "\n".join(lines)


def _fmt(x: float, measure: str) -> str:
    return f"{x:6.1%}" if measure == "win probability" else f"{x:7.1f}"


def hint(game: Game, policy: Any = None, *, playouts: int = 64, first: int = 8,
         seed: int = 0, executor: Any = "serial", workers: int | None = None,
         seconds: float | None = None, progress: Callable[[int, int], Any] | None = None,
         stop: Callable[[], bool] | None = None) -> Hint:
    """Every legal action of the player to move, ranked by rollouts (see the module's
    text). ``policy``: the agent that plays every seat in the rollouts (default: the
    game's ``GreedyAgent``); ``first``: the games of the first round; ``playouts``: at
    most this many games for the leading alternatives; ``executor`` / ``workers`` as in
    :func:`boardgames.simulate`. The game is not changed.

    For an interactive caller (a board): ``seconds``, a time budget (the search stops at
    the first game index after it, having finished at least one); ``progress(done,
    total)``, called after each game index with the rollouts played and the most the
    search plans; ``stop()``, asked before each game index: True stops the search. A
    search cut short returns what the games finished by then say (``Hint.stopped``);
    every alternative rests on the same games (common random numbers are kept). These
    three need ``executor`` to be ``"serial"`` or an executor object."""
    player = game.current_player
    if player is None or player == CHANCE:
        raise ValueError("hint needs a position where a player is to move "
                         f"(current_player is {player!r})")
    if not 1 <= first <= playouts:
        raise ValueError(f"need 1 <= first <= playouts, not first={first}, "
                         f"playouts={playouts}")
    watch = _watch(seconds, progress, stop, executor)
    if policy is None:
        from .agents import GreedyAgent

        policy = GreedyAgent(seed=seed)
    measure = "expected score" if game.players == 1 else "win probability"
    t0 = time.perf_counter()
    alive = [str(a) for a in game.legal_actions()]
    if watch is not None:
        watch.total = _planned(len(alive), first, playouts)
    found: dict[str, Candidate] = {}
    n = first
    while True:
        if watch is None:
            rows = compare(game, alive, policy, games=n, seed=seed, executor=executor,
                           workers=workers).table()
        else:
            rows = watch.round(game, alive, policy, n, seed, executor, workers)
        for r in rows:
            if r["action"] not in found or r["games"] > found[r["action"]].playouts:
                found[r["action"]] = _candidate(r, measure)
        if len(alive) == 1 or n >= playouts or (watch is not None and watch.cut):
            break
        alive = _better_half(alive, found)
        n = min(playouts, 2 * n)
    ranked = sorted(found.values(), key=lambda c: (-c.playouts, -c.value))
    return Hint(player, measure, ranked, time.perf_counter() - t0,
                stopped=watch is not None and watch.cut)


def _planned(actions: int, first: int, playouts: int) -> int:
    """The rollouts sequential halving plays at most (each round replays its games)."""
    total, alive, n = 0, actions, first
    while True:
        total += alive * n
        if alive == 1 or n >= playouts:
            return total
        alive = max(2, math.ceil(alive / 2))
        n = min(playouts, 2 * n)


class _Stopped(Exception):
    """Raised inside ``compare`` (by a watched result) to cut a round short."""


def _watch(seconds: float | None, progress: Callable[[int, int], Any] | None,
           stop: Callable[[], bool] | None, executor: Any) -> _Watch | None:
    """The budget / progress / stop of a hint, checked; None if none is given."""
    if seconds is None and progress is None and stop is None:
        return None
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(
            seconds, (int, float)) or not 0 < seconds < math.inf):
        raise ValueError(f"seconds must be a positive number, not {seconds!r}")
    for name, fn in (("progress", progress), ("stop", stop)):
        if fn is not None and not callable(fn):
            raise TypeError(f"{name} must be callable, not {fn!r}")
    if executor != "serial" and not callable(getattr(executor, "submit", None)):
        raise ValueError("seconds, progress and stop need executor='serial' or an "
                         f"executor object, not {executor!r}")
    return _Watch(seconds, progress, stop)


class _Watch:
    """Runs a hint's rounds one game index at a time: reports progress, stops when told
    or when the time is up, and keeps the games finished so far."""

    def __init__(self, seconds: float | None, progress: Callable[[int, int], Any] | None,
                 stop: Callable[[], bool] | None) -> None:
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.progress = progress
        self.stop = stop
        self.total = 0
        self.done = 0  # rollouts played
        self.cut = False
        self.results: list[tuple[int, int, float, bool, float]] = []
        self.inner: Any = "serial"  # the caller's executor (set for each round)

    def should_halt(self) -> bool:
        if self.stop is not None and self.stop():
            return True
        out_of_time = self.deadline is not None and time.perf_counter() >= self.deadline
        return out_of_time and self.done > 0

    def record(self, out: list[tuple[int, int, float, bool, float]]) -> None:
        self.results.extend(out)
        self.done += len(out)
        if self.progress is not None:
            self.progress(self.done, self.total)

    def submit(self, fn: Callable[[bytes], list], blob: bytes) -> _Lazy:
        inner = self.inner
        if inner == "serial":
            return _Lazy(self, lambda: fn(blob))
        return _Lazy(self, inner.submit(fn, blob).result)

    def round(self, game: Game, alive: list[str], policy: Any, n: int, seed: int,
              executor: Any, workers: int | None) -> list[dict[str, Any]]:
        """``compare``'s table for ``alive`` over ``n`` games, or, cut short, over the
        game indices finished (the same first games for every alternative)."""
        self.inner, self.results = executor, []
        try:
            return compare(game, alive, policy, games=n, seed=seed, executor=self,
                           workers=workers, chunk_size=1).table()
        except _Stopped:
            self.cut = True
        done = len({index for _, index, *_ in self.results})
        if done == 0:
            return []
        scores = [[0.0] * done for _ in alive]
        wins = [[False] * done for _ in alive]
        for k, index, score, won, _steps in self.results:
            if index < done:
                scores[k][index], wins[k][index] = score, won
        player = game.current_player
        assert player is not None
        return Comparison(alive, player, scores, wins).table()


class _Lazy:
    """A future whose result is computed (or waited for) when asked, unless the watch
    says stop."""

    def __init__(self, watch: _Watch, run: Callable[[], list]) -> None:
        self.watch = watch
        self.run = run

    def result(self) -> list:
        if self.watch.should_halt():
            raise _Stopped
        out = self.run()
        self.watch.record(out)
        return out


def _candidate(row: dict[str, Any], measure: str) -> Candidate:
    if measure == "win probability":
        value, (low, high) = row["win_rate"], row["win_ci"]
    else:
        value, (low, high) = row["mean_score"], row["score_ci"]
    return Candidate(row["action"], value, low, high, row["games"])


def _better_half(alive: list[str], found: dict[str, Candidate]) -> list[str]:
    """The better half of the alternatives still in the running (at least two)."""
    keep = max(2, math.ceil(len(alive) / 2))
    return sorted(alive, key=lambda a: -found[a].value)[:keep]


@dataclass(frozen=True)
class Decision:
    """One decision of the player reviewed."""

    step: int  # its index in the game's history
    played: str
    value: float  # of what was played
    best: str
    best_value: float
    loss: float
    label: str  # "" or one of LABELS


@dataclass
class Review:
    """Every decision of ``player`` (with more than one legal action), in order."""

    player: int
    measure: str
    decisions: list[Decision] = field(default_factory=list)
    thresholds: tuple[float, float, float] = WIN_THRESHOLDS
    stopped: bool = False
    """``stop`` cut the review short: only the decisions after that point (it walks
    the game from its end) are in ``decisions``."""

    def values(self) -> list[tuple[int, float]]:
        """The value over time: (history step, value of what was played)."""
        return [(d.step, d.value) for d in self.decisions]

    def marked(self) -> list[Decision]:
        return [d for d in self.decisions if d.label]

    def __str__(self) -> str:
        lines = [f"player {self.player}: {len(self.decisions)} decisions, "
                 f"{len(self.marked())} marked ({self.measure})"]
        for d in self.decisions:
            mark = f"  <- {d.label}" if d.label else ""
            lines.append(f"step {d.step:4d}  {d.played}  {_fmt(d.value, self.measure)}"
                         f"  best {d.best} {_fmt(d.best_value, self.measure)}{mark}")
        return "\n".join(lines)

    def plot(self, ax: Any = None) -> Any:
        """The value over time with the marked decisions (matplotlib, imported now)."""
        import matplotlib.pyplot as plt

        if ax is None:
            _, ax = plt.subplots(figsize=(8, 3))
        xs, ys = zip(*self.values(), strict=True) if self.decisions else ((), ())
        ax.plot(xs, ys, marker=".", label=f"value of the move played ({self.measure})")
        for d in self.marked():
            ax.annotate(d.label, (d.step, d.value), textcoords="offset points",
                        xytext=(0, 8), ha="center", fontsize=8)
        ax.set_xlabel("step of the game")
        ax.set_ylabel(self.measure)
        ax.legend(loc="best", fontsize=8)
        return ax


def review(game: Game, player: int | None = None, policy: Any = None, *,
           playouts: int = 32, first: int = 8, seed: int = 0,
           thresholds: Sequence[float] | None = None, executor: Any = "serial",
           workers: int | None = None, seconds: float | None = None,
           progress: Callable[[int, int], Any] | None = None,
           stop: Callable[[], bool] | None = None) -> Review:
    """Each decision of ``player`` (default: 0) in ``game``'s history, hinted at its
    position (``hint`` with the same arguments) and labelled by its loss against the
    best alternative: ``thresholds`` (three increasing losses) default to
    ``WIN_THRESHOLDS`` or ``SCORE_THRESHOLDS``. Works on a saved game
    (``bg.from_json``); the game is not changed.

    ``seconds``: the time budget of each decision's hint; ``progress(done, total)``:
    called after each step of the history walked (``total`` = its length); ``stop()``:
    True stops the review, which keeps the decisions reviewed so far (``stopped``)."""
    player = 0 if player is None else player
    measure = "expected score" if game.players == 1 else "win probability"
    limits = tuple(thresholds) if thresholds is not None else (
        SCORE_THRESHOLDS if measure == "expected score" else WIN_THRESHOLDS)
    if len(limits) != 3 or not limits[0] <= limits[1] <= limits[2]:
        raise ValueError(f"thresholds must be three increasing losses, not {limits!r}")
    _watch(seconds, progress, stop, executor)  # (checks them)
    out = Review(player, measure, thresholds=limits)
    # One copy of the game, taken back a step at a time from the end: at each step of
    # ``player`` it stands just before that decision (hint does not change it).
    history = game.history
    position = game.fork()
    position.auto_roll = False
    for index in range(len(history) - 1, -1, -1):
        if stop is not None and stop():
            out.stopped = True
            break
        position.undo()
        step = history[index]
        if step.player == player and len(position.legal_actions()) >= 2:
            h = hint(position, policy, playouts=playouts, first=first, seed=seed,
                     executor=executor, workers=workers, seconds=seconds, stop=stop)
            if not h.candidates:  # stopped before its first game
                out.stopped = True
                break
            out.decisions.append(_decision(index, str(step.value), h, limits))
        if progress is not None:
            progress(len(history) - index, len(history))
    out.decisions.reverse()
    return out


def _decision(index: int, played_action: str, h: Hint, limits: Sequence[float]) -> Decision:
    played = h.value_of(played_action)
    top = h.candidates[0]
    loss = max(0.0, top.value - played.value)
    return Decision(index, played.action, played.value, top.action, top.value, loss,
                    _label(loss, limits))


def _label(loss: float, limits: Sequence[float]) -> str:
    label = ""
    for name, limit in zip(LABELS, limits, strict=True):
        if loss >= limit:
            label = name
    return label
