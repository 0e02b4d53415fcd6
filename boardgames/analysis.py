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
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .core.game import CHANCE, Game
from .simulation import compare

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

    @property
    def best(self) -> str:
        return self.candidates[0].action

    def value_of(self, action: str) -> Candidate:
        for c in self.candidates:
            if c.action == action:
                return c
        raise KeyError(f"{action!r} is not one of the hinted actions")

    def __str__(self) -> str:
        w = max(len(c.action) for c in self.candidates)
        lines = [f"player {self.player}, {self.measure} (95% interval, playouts):"]
        for i, c in enumerate(self.candidates, 1):
            lines.append(f"{i:2d}. {c.action:<{w}}  {_fmt(c.value, self.measure)} "
                         f"[{_fmt(c.low, self.measure)}, {_fmt(c.high, self.measure)}]"
                         f"  {c.playouts}")
        return "\n".join(lines)


def _fmt(x: float, measure: str) -> str:
    return f"{x:6.1%}" if measure == "win probability" else f"{x:7.1f}"


def hint(game: Game, policy: Any = None, *, playouts: int = 64, first: int = 8,
         seed: int = 0, executor: Any = "serial", workers: int | None = None) -> Hint:
    """Every legal action of the player to move, ranked by rollouts (see the module's
    text). ``policy``: the agent that plays every seat in the rollouts (default: the
    game's ``GreedyAgent``); ``first``: the games of the first round; ``playouts``: at
    most this many games for the leading alternatives; ``executor`` / ``workers`` as in
    :func:`boardgames.simulate`. The game is not changed."""
    player = game.current_player
    if player is None or player == CHANCE:
        raise ValueError("hint needs a position where a player is to move "
                         f"(current_player is {player!r})")
    if not 1 <= first <= playouts:
        raise ValueError(f"need 1 <= first <= playouts, not first={first}, "
                         f"playouts={playouts}")
    if policy is None:
        from .agents import GreedyAgent

        policy = GreedyAgent(seed=seed)
    measure = "expected score" if game.players == 1 else "win probability"
    t0 = time.perf_counter()
    alive = [str(a) for a in game.legal_actions()]
    found: dict[str, Candidate] = {}
    n = first
    while True:
        rows = compare(game, alive, policy, games=n, seed=seed, executor=executor,
                       workers=workers).table()
        for r in rows:
            found[r["action"]] = _candidate(r, measure)
        if len(alive) == 1 or n >= playouts:
            break
        alive = _better_half(alive, found)
        n = min(playouts, 2 * n)
    ranked = sorted(found.values(), key=lambda c: (-c.playouts, -c.value))
    return Hint(player, measure, ranked, time.perf_counter() - t0)


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
           workers: int | None = None) -> Review:
    """Each decision of ``player`` (default: 0) in ``game``'s history, hinted at its
    position (``hint`` with the same arguments) and labelled by its loss against the
    best alternative: ``thresholds`` (three increasing losses) default to
    ``WIN_THRESHOLDS`` or ``SCORE_THRESHOLDS``. Works on a saved game
    (``bg.from_json``); the game is not changed."""
    player = 0 if player is None else player
    measure = "expected score" if game.players == 1 else "win probability"
    limits = tuple(thresholds) if thresholds is not None else (
        SCORE_THRESHOLDS if measure == "expected score" else WIN_THRESHOLDS)
    if len(limits) != 3 or not limits[0] <= limits[1] <= limits[2]:
        raise ValueError(f"thresholds must be three increasing losses, not {limits!r}")
    out = Review(player, measure, thresholds=limits)
    # One copy of the game, taken back a step at a time from the end: at each step of
    # ``player`` it stands just before that decision (hint does not change it).
    history = game.history
    position = game.fork()
    position.auto_roll = False
    for index in range(len(history) - 1, -1, -1):
        position.undo()
        step = history[index]
        if step.player != player or len(position.legal_actions()) < 2:
            continue
        h = hint(position, policy, playouts=playouts, first=first, seed=seed,
                 executor=executor, workers=workers)
        played = h.value_of(str(step.value))
        top = h.candidates[0]
        loss = max(0.0, top.value - played.value)
        out.decisions.append(Decision(index, played.action, played.value, top.action,
                                      top.value, loss, _label(loss, limits)))
    out.decisions.reverse()
    return out


def _label(loss: float, limits: Sequence[float]) -> str:
    label = ""
    for name, limit in zip(LABELS, limits, strict=True):
        if loss >= limit:
            label = name
    return label
