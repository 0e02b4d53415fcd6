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
better half goes on with twice as many games (keeping the games it has played: a round
plays only the game indices new to it), until one is left or ``playouts`` is reached.
Where an alternative comes (after forced steps) to a chance node with few outcomes
(``chance``, default ``CHANCE_LIMIT``), game ``i`` is split into those outcomes, each
weighed by its exact probability: an outcome that ends the game is valued exactly,
without a rollout; the others are each played out on the same seeds (stratified
sampling; at most ``stratify`` of them, else one drawn by its probability stands for
them, see ``STRATIFY_LIMIT``). The
player's hidden information is respected: the playouts start from determinisations
(``Game.determinize``), never from the real hidden cards, and a chance node is split in
the determinisation (a draw's odds depend on the hidden hands).

``review(game, player)`` replays a game and hints every decision of ``player`` with
more than one legal action: the value of what was played and of the best alternative,
the loss, a label (``inaccuracy`` / ``mistake`` / ``blunder``: thresholds documented
below and configurable), and the value over time (``Review.plot``).
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

from .core.game import CHANCE, Game
from .core.limits import quote
from .core.rng import mix64
from .odds.intervals import bootstrap_mean, wilson
from .simulation import game_seed, play_out
from .workers import agent_seed, dumps, executor_for, loads, spawn_agent

__all__ = ["CHANCE_LIMIT", "STRATIFY_LIMIT", "Candidate", "Decision", "Hint", "Review",
           "hint", "review"]

CHANCE_LIMIT = 36
"""``hint``'s default ``chance``: a chance node an alternative comes to (after forced
steps) is split into its outcomes when the positions it splits into number at most this
many (two dice: 21 unordered or 36 ordered rolls; a Blast draw: at most 25 card names);
an outcome that ends the game is then valued exactly."""
STRATIFY_LIMIT = 6
"""``hint``'s default ``stratify``: the positions of a split chance node that do not end
the game are each played out on the same seeds (stratified sampling) when they number at
most this many (one die); more, and one of them, drawn by its exact probability, is
played out per game (one rollout, as without the split). Each costs a rollout: a Blast
draw split 25 ways made a hint with random rollouts 24 times longer."""

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
    """The game indices (determinisations and seeds) it rests on."""
    outcomes: int = 0
    """The positions a chance node it comes to was split into (the most over its games;
    0: none was split, its chance nodes were sampled)."""
    rollouts: int = 0
    """The games played out to the end for it (0: its value is exact)."""


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
    rollouts: int = 0
    """The games played out to the end, over every alternative."""

    @property
    def best(self) -> str:
        if not self.candidates:
            raise ValueError("the hint was stopped before any playout finished")
        return self.candidates[0].action

    def value_of(self, action: str) -> Candidate:
        for c in self.candidates:
            if c.action == action:
                return c
        raise KeyError(f"{quote(action)} is not one of the hinted actions")

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
         seed: int = 0, chance: int = CHANCE_LIMIT, stratify: int = STRATIFY_LIMIT,
         executor: Any = "serial", workers: int | None = None,
         seconds: float | None = None,
         progress: Callable[[int, int], Any] | None = None,
         stop: Callable[[], bool] | None = None) -> Hint:
    """Every legal action of the player to move, ranked by rollouts (see the module's
    text). ``policy``: the agent that plays every seat in the rollouts (default: the
    game's ``GreedyAgent``); ``first``: the games of the first round; ``playouts``: at
    most this many games for the leading alternatives; ``chance``: a chance node an
    alternative comes to (after forced steps) is split into its outcomes when the
    positions it splits into number at most this many (0: every chance node is sampled),
    those that end the game valued exactly; ``stratify``: the other positions of a split
    are each played out on the same seeds when they number at most this many, else one
    of them drawn by its probability (see ``STRATIFY_LIMIT``); ``executor`` / ``workers`` as in
    :func:`boardgames.simulate`. The game is not changed.

    For an interactive caller (a board): ``seconds``, a time budget (the search stops at
    the first game index after it, having finished at least one); ``progress(done,
    total)``, called after each game index with the alternatives' games played and the
    most the search plans; ``stop()``, asked before each game index: True stops the
    search. A search cut short returns what the games finished by then say
    (``Hint.stopped``); every alternative rests on the same games (common random numbers
    are kept). These three need ``executor`` to be ``"serial"`` or an executor object."""
    player = game.current_player
    if player is None or player == CHANCE:
        raise ValueError("hint needs a position where a player is to move "
                         f"(current_player is {quote(player)})")
    if not 1 <= first <= playouts:
        raise ValueError(f"need 1 <= first <= playouts, not first={first}, "
                         f"playouts={playouts}")
    for name, limit in (("chance", chance), ("stratify", stratify)):
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            raise ValueError(f"{name} must be an int >= 0, not {quote(limit)}")
    watch = _watch(seconds, progress, stop, executor)
    if policy is None:
        from .agents import GreedyAgent

        policy = GreedyAgent(seed=seed)
    measure = "expected score" if game.players == 1 else "win probability"
    t0 = time.perf_counter()
    search = _Search(game, player, policy, seed, (chance, stratify), executor, workers,
                     watch)
    alive = list(search.actions)
    if watch is not None:
        watch.total = _planned(len(alive), first, playouts)
    n = first
    while True:
        search.play(alive, n)
        if len(alive) == 1 or n >= playouts or search.cut:
            break
        alive = _better_half(alive, search.candidates(measure))
        n = min(playouts, 2 * n)
    ranked = sorted(search.candidates(measure).values(),
                    key=lambda c: (-c.playouts, -c.value))
    return Hint(player, measure, ranked, time.perf_counter() - t0, stopped=search.cut,
                rollouts=search.rollouts)


def _planned(actions: int, first: int, playouts: int) -> int:
    """The alternatives' games sequential halving plays at most: a round plays only the
    game indices new to it (the alternatives still in the running keep theirs)."""
    total, alive, n, before = 0, actions, first, 0
    while True:
        total += alive * (n - before)
        if alive == 1 or n >= playouts:
            return total
        alive, before = max(2, math.ceil(alive / 2)), n
        n = min(playouts, 2 * n)


def _watch(seconds: float | None, progress: Callable[[int, int], Any] | None,
           stop: Callable[[], bool] | None, executor: Any) -> _Watch | None:
    """The budget / progress / stop of a hint, checked; None if none is given."""
    if seconds is None and progress is None and stop is None:
        return None
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(
            seconds, (int, float)) or not 0 < seconds < math.inf):
        raise ValueError(f"seconds must be a positive number, not {quote(seconds)}")
    for name, fn in (("progress", progress), ("stop", stop)):
        if fn is not None and not callable(fn):
            raise TypeError(f"{name} must be callable, not {quote(fn)}")
    if executor != "serial" and not callable(getattr(executor, "submit", None)):
        raise ValueError("seconds, progress and stop need executor='serial' or an "
                         f"executor object, not {quote(executor)}")
    return _Watch(seconds, progress, stop)


class _Watch:
    """A hint's budget: reports progress, says when to stop (told, or the time is up
    once a game index is finished)."""

    def __init__(self, seconds: float | None, progress: Callable[[int, int], Any] | None,
                 stop: Callable[[], bool] | None) -> None:
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.progress = progress
        self.stop = stop
        self.total = 0
        self.done = 0  # the alternatives' games played

    def should_halt(self) -> bool:
        if self.stop is not None and self.stop():
            return True
        out_of_time = self.deadline is not None and time.perf_counter() >= self.deadline
        return out_of_time and self.done > 0

    def record(self, games: int) -> None:
        self.done += games
        if self.progress is not None:
            self.progress(self.done, self.total)


# ------------------------------------------------------------------ the games of a hint
class _Sample(NamedTuple):
    """Game index ``i`` of one alternative: the positions it came to through the chance
    nodes split (the leaves), each valued exactly (the game is over) or by one rollout,
    weighed by its exact probability."""

    score: float  # the player's score: sum of p * score over the leaves
    win: float  # sum of p * (the player won)
    exact_score: Fraction  # the part of ``score`` from leaves where the game is over
    exact_win: Fraction
    sampled: Fraction  # the probability of the leaves valued by a rollout
    leaves: int  # 1: no chance node was split
    rollouts: int


class _Search:
    """The games of a hint, kept between the rounds of sequential halving: game index
    ``i`` of every alternative is the same determinisation and seeds; a round plays
    only the indices new to it."""

    def __init__(self, game: Game, player: int, policy: Any, seed: int,
                 chance: tuple[int, int], executor: Any, workers: int | None,
                 watch: _Watch | None) -> None:
        self.actions = {str(a): a for a in game.legal_actions()}
        self.samples: dict[str, list[_Sample]] = {a: [] for a in self.actions}
        self.game, self.player, self.policy, self.chance = game, player, policy, chance
        self.seed, self.executor, self.workers, self.watch = seed, executor, workers, watch
        self.cut = False
        self.rollouts = 0

    def play(self, alive: list[str], n: int) -> None:
        """Bring every alternative of ``alive`` to ``n`` games (fewer if cut short)."""
        start = len(self.samples[alive[0]])
        tasks = [(i, game_seed(self.seed, i)) for i in range(start, n)]
        work = _Work(self.game, self.player, self.policy, self.chance,
                     [self.actions[a] for a in alive])
        rows = self._watched(work, tasks) if self.watch else self._all(work, tasks)
        for k, _index, sample in rows:  # in the order of the indices
            self.samples[alive[k]].append(sample)
            self.rollouts += sample.rollouts

    def _all(self, work: _Work, tasks: list[tuple[int, int]]) -> list[_Row]:
        if self.executor == "serial" or not tasks:
            return _games(work, tasks)
        ex, owned = executor_for(self.executor, self.workers)
        size = max(1, min(25, math.ceil(len(tasks) / (4 * (self.workers or os.cpu_count()
                                                             or 1)))))
        try:
            futures = [ex.submit(_games_chunk, dumps((work, tasks[i:i + size])))
                       for i in range(0, len(tasks), size)]
            return [row for f in futures for row in f.result()]
        finally:
            if owned:
                ex.shutdown(wait=True, cancel_futures=True)

    def _watched(self, work: _Work, tasks: list[tuple[int, int]]) -> list[_Row]:
        """One game index at a time, asking the watch before each."""
        assert self.watch is not None
        if self.executor == "serial":
            futures: list[Any] = [None] * len(tasks)
        else:  # submitted at once, as the caller's executor runs them
            futures = [self.executor.submit(_games_chunk, dumps((work, [t])))
                       for t in tasks]
        rows: list[_Row] = []
        for task, future in zip(tasks, futures, strict=True):
            if self.watch.should_halt():
                self.cut = True
                for f in futures:
                    if f is not None:
                        f.cancel()
                break
            out = _games(work, [task]) if future is None else future.result()
            rows.extend(out)
            self.watch.record(len(out))
        return rows

    def candidates(self, measure: str) -> dict[str, Candidate]:
        return {a: _candidate(a, s, measure) for a, s in self.samples.items() if s}


_Row = tuple[int, int, _Sample]


class _Work(NamedTuple):
    """What every game of a round needs (sent to the executor's workers)."""

    game: Game
    player: int
    policy: Any
    chance: tuple[int, int]  # (the split's limit, stratify)
    alternatives: list[Any]


def _games_chunk(blob: bytes) -> list[_Row]:
    return _games(*loads(blob))


def _games(work: _Work, tasks: list[tuple[int, int]]) -> list[_Row]:
    """Game ``index`` (seed ``gseed``) of each alternative, for each task."""
    game, player, policy, chance, alternatives = work
    return [(k, index, _one_game(game, action, policy, player, gseed, chance))
            for index, gseed in tasks for k, action in enumerate(alternatives)]


def _one_game(game: Game, action: Any, policy: Any, player: int, gseed: int,
              chance: tuple[int, int]) -> _Sample:
    """``action`` played in the determinisation of seed ``gseed`` (as
    :func:`boardgames.compare` plays it), split at the chance nodes that follow, each
    leaf valued exactly or by a rollout with the agents' seeds of ``gseed``."""
    g = game.determinize(player, seed=gseed)
    g.apply(action)
    zero = Fraction(0)
    exact_score, exact_win, sampled = zero, zero, zero
    score = win = 0.0
    rollouts = 0
    leaves = _split(g, chance[0])
    for p, leaf in leaves:
        if leaf.is_over:
            exact_score += p * Fraction(float(leaf.scores[player]))
            exact_win += p * (leaf.winner == player)
    for p, leaf in _to_play(leaves, chance[1], gseed):
        agents = [spawn_agent(policy, agent_seed(gseed, q)) for q in range(leaf.players)]
        play_out(leaf, agents)
        rollouts += 1
        sampled += p
        score += float(p) * float(leaf.scores[player])
        win += float(p) * (leaf.winner == player)
    return _Sample(score + float(exact_score), win + float(exact_win), exact_score,
                   exact_win, sampled, len(leaves), rollouts)


def _to_play(leaves: list[tuple[Fraction, Game]], stratify: int,
             gseed: int) -> list[tuple[Fraction, Game]]:
    """The leaves to play out, each with the probability it stands for: every one that
    does not end the game, or, more than ``stratify`` of them, one drawn by its exact
    probability (with a generator of its own, from ``gseed``) standing for all."""
    open_ = [(p, x) for p, x in leaves if not x.is_over]
    if len(open_) <= max(1, stratify):
        return open_
    rng = random.Random(mix64(gseed ^ PICK_SALT))
    k = rng.choices(range(len(open_)), [float(p) for p, _ in open_])[0]
    return [(sum((p for p, _ in open_), Fraction(0)), open_[k][1])]


PICK_SALT = 0x51C4_D7A3
"""Makes the generator that draws a leaf differ from the determinisation's (same gseed)."""


# ------------------------------------------------------------------ chance nodes split
def _split(g: Game, chance: int) -> list[tuple[Fraction, Game]]:
    """The positions ``g`` (just after an alternative, auto roll off) comes to, with
    their exact probabilities: forced steps (one legal action) are played, and each
    chance node reached is split into its outcomes, level by level, while the positions
    number at most ``chance``. Nothing to split: ``[(1, g)]`` (or the end of the game
    the forced steps reach)."""
    one = Fraction(1)
    walked = _after_forced(g)
    if walked.is_over:
        return [(one, walked)]
    leaves: list[tuple[Fraction, Game]] = [(one, walked)]
    while (grown := _grow(leaves, chance)) is not None:
        leaves = grown
    return leaves if len(leaves) > 1 else [(one, g)]


def _grow(leaves: list[tuple[Fraction, Game]],
          chance: int) -> list[tuple[Fraction, Game]] | None:
    """Every chance node among ``leaves`` split into its outcomes (and their forced
    steps), or None: no chance node, or more than ``chance`` positions."""
    dists = [x.chance_outcomes() for _, x in leaves if x.current_player == CHANCE]
    if not dists or len(leaves) - len(dists) + sum(len(d) for d in dists) > chance:
        return None
    nodes = iter(dists)
    out: list[tuple[Fraction, Game]] = []
    for p, x in leaves:
        if x.current_player != CHANCE:
            out.append((p, x))
            continue
        out.extend((p * q, _after_forced(x.child(o))) for o, q in next(nodes).items())
    return out


FORCED_STEPS = 10_000
"""At most this many forced steps are played ahead (a game has no idle cycle: tested)."""


def _is_forced(g: Game) -> bool:
    """A player is to move and has one legal action only."""
    p = g.current_player
    return p is not None and p != CHANCE and len(g.legal_actions()) == 1


def _after_forced(g: Game) -> Game:
    """``g`` after its forced steps (a copy, if there are any)."""
    if not _is_forced(g):
        return g
    g = g.fork()
    for _ in range(FORCED_STEPS):
        g.apply(g.legal_actions()[0])
        if not _is_forced(g):
            break
    return g


# ------------------------------------------------------------------ values and intervals
def _candidate(action: str, samples: list[_Sample], measure: str) -> Candidate:
    n = len(samples)
    leaves = max(s.leaves for s in samples)
    split = leaves if leaves > 1 else 0
    rollouts = sum(s.rollouts for s in samples)
    wins = measure == "win probability"
    if rollouts == 0:  # every leaf of every game ended it: the value is exact
        v = float(sum((s.exact_win if wins else s.exact_score for s in samples),
                      Fraction(0)) / n)
        return Candidate(action, v, v, v, n, split, 0)
    if not wins:
        value, low, high = bootstrap_mean([s.score for s in samples])
    elif split == 0:  # every game one rollout (or an end): a coin each
        value, low, high = wilson(sum(s.win for s in samples), n)
    else:
        value, low, high = _stratified_wilson(samples)
    return Candidate(action, value, low, high, n, split, rollouts)


def _stratified_wilson(samples: list[_Sample]) -> tuple[float, float, float]:
    """The win probability of stratified games and its 95% interval: the exact part
    (leaves that ended the game) adds no width; the share won by the leaves played out
    gets a Wilson interval over the effective number of games (Korn and Graubard: the
    share's p(1-p) over the variance the games' spread gives)."""
    n = len(samples)
    exact = float(sum((s.exact_win for s in samples), Fraction(0)) / n)
    mass = float(sum((s.sampled for s in samples), Fraction(0)) / n)
    value = math.fsum(s.win for s in samples) / n
    share = min(1.0, max(0.0, (value - exact) / mass))
    k = _effective_games(samples, share, mass)
    _, lo, hi = wilson(share * k, k)
    return value, min(value, exact + mass * lo), max(value, exact + mass * hi)


def _effective_games(samples: list[_Sample], share: float, mass: float) -> int:
    """How many independent coins the games' spread is worth for the share won by the
    leaves played out: ``share (1 - share) / var(share)``, at least the number of games
    (each game's share is a value in [0, 1], no more spread than a coin) and at most
    the rollouts (each an independent coin); the rollouts if the games do not differ."""
    n = len(samples)
    rollouts = sum(s.rollouts for s in samples)
    mean = math.fsum(s.win for s in samples) / n
    spread = math.fsum((s.win - mean) ** 2 for s in samples)
    if n < 2 or spread == 0:
        return rollouts
    var_share = spread / (n - 1) / n / (mass * mass)
    k = round(share * (1 - share) / var_share)
    return max(min(n, rollouts), min(rollouts, k))


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
           playouts: int = 32, first: int = 8, seed: int = 0, chance: int = CHANCE_LIMIT,
           stratify: int = STRATIFY_LIMIT,
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
        raise ValueError(f"thresholds must be three increasing losses, not {quote(limits)}")
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
                     chance=chance, stratify=stratify, executor=executor, workers=workers,
                     seconds=seconds, stop=stop)
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
