"""Blast's look-ahead player: Greedy, its leading move choices weighed through the
opponent's reply.

>>> import boardgames as bg
>>> from boardgames.blast.lookahead import LookaheadAgent
>>> g = bg.Blast(seed=7)
>>> g.is_legal(LookaheadAgent(seed=1).choose(g))[0]
True

Greedy (:class:`~boardgames.blast.agents.GreedyAgent`) values the end of its own move
phase by :func:`~boardgames.blast.agents.evaluate`, whose one view of what the opponent
does next is the "shots" of its next roll. :class:`LookaheadAgent` asks the game
instead. At a move decision with more than one legal action it takes Greedy's
``candidates`` best actions (those within ``margin`` Force of the best), and plays each
of them on ``samples`` determinisations (the opponent's hand redrawn from the cards it
has not seen: ``Game.determinize``), on to **the end of the opponent's next move
phase**: the rest of its own turn and the opponent's draw, roll, build and move, both
sides played by Greedy, chance drawn from the sample's own generator. There the position
is valued as Greedy values every position it picks, by the side that has just moved:
the opponent's ``evaluate``, negated. The candidate with the best mean is played.

The candidates meet the same hands, dice and cards on each sample (common random
numbers: one seed a sample, the same for every candidate), so the luck of a sample
cancels out of their differences. Every other decision (dice cards, rebuilds, fights,
cards, discards) is Greedy's.

Measured against Greedy (docs/agents.md, "Blast's look-ahead player"): on 146 games of
the strength test's deals it won 50.7%, no more than MCTS ``hard`` or Greedy itself, so
it is an option, not the ``hard`` preset. Deterministic for a seed; reads only what
``game.view(player)`` shows (its samples are determinisations)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final, cast

from ..core.game import CHANCE
from ..core.limits import quote
from ..rollouts import paired_gain
from .agents import GreedyAgent, evaluate

if TYPE_CHECKING:
    from .actions import Order
    from .game import Blast, BlastState

__all__ = ["LookaheadAgent", "reply_is_over", "reply_value"]

SEARCHED: Final = frozenset({"move"})
"""The decisions re-ranked through the reply (the others are Greedy's)."""
BEFORE_FIGHTS: Final = frozenset({"draw", "roll", "build", "move"})
"""The phases of a turn before its fights."""
MAX_STEPS: Final = 600
"""A sample longer than this many steps is valued where it stands."""


def reply_is_over(s: BlastState, player: int, turn: int) -> bool:
    """Whether the game is over, or the opponent's move phase of the turn after
    ``turn`` (``player``'s) has ended."""
    if s.phase == "over" or s.turn > turn + 1:
        return True
    return s.turn > turn and s.player != player and s.phase not in BEFORE_FIGHTS


def reply_value(game: Blast, player: int) -> float:
    """``player``'s value of a position at the end of the opponent's move phase: the
    opponent's :func:`~boardgames.blast.agents.evaluate`, negated (the side that has just
    moved values it, as Greedy values its own moves); a finished game as ``evaluate``
    scores it."""
    if game.state.phase == "over":
        return evaluate(game, player)
    return -evaluate(game, 1 - player)


def _check_count(name: str, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"{name} must be an int >= 1, not {quote(value)}")
    return value


def _check_number(name: str, value: Any) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{name} must be a number >= 0, not {quote(value)}")
    return float(value)


class LookaheadAgent:
    """Greedy whose leading move choices are weighed through the opponent's reply
    (module text). ``choose(game)`` returns one of ``game.legal_actions()``.

    ``candidates``: how many of Greedy's best actions are played out (at most);
    ``samples``: determinisations per candidate; ``margin``: only actions within this
    many Force of Greedy's best value are candidates; ``z``: another candidate than
    Greedy's is played only when its paired gain on the same samples is above ``z``
    standard errors (0: the best mean is played). ``last_search`` tells what the last
    re-ranked decision found: each candidate's mean value and Greedy's choice."""

    kind: Final = "lookahead"

    def __init__(self, seed: Any = 0, candidates: Any = 3, samples: Any = 8,
                 margin: Any = 6.0, z: Any = 0.0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {quote(seed)}")
        self.seed: int = seed
        self.candidates = _check_count("candidates", candidates)
        self.samples = _check_count("samples", samples)
        self.margin = _check_number("margin", margin)
        self.z = _check_number("z", z)
        self._greedy = GreedyAgent(seed)
        self._rng = random.Random(seed + 1)
        self.last_search: dict[str, Any] = {}

    def settings(self) -> dict[str, Any]:
        """The keywords (other than the seed) that make an agent like this one."""
        return {"candidates": self.candidates, "samples": self.samples,
                "margin": self.margin, "z": self.z}

    def spawn(self, seed: int) -> LookaheadAgent:
        """A fresh agent with these settings, seeded with ``seed``."""
        return LookaheadAgent(seed, self.candidates, self.samples, self.margin, self.z)

    def __repr__(self) -> str:
        return (f"LookaheadAgent(seed={self.seed}, candidates={self.candidates}, "
                f"samples={self.samples}, margin={self.margin!r}, z={self.z!r})")

    def choose(self, game: Blast) -> Order:
        actions = cast("list[Order]", list(game.legal_actions()))
        if len(actions) > 1 and game.state.pending in SEARCHED:
            return self._weigh(game, actions)
        return self._greedy.choose(game)

    def _weigh(self, game: Blast, actions: list[Order]) -> Order:
        """The best of Greedy's candidates by their mean value through the reply."""
        shortlist = self._shortlist(self._greedy.action_values(game))
        if len(shortlist) == 1:
            return actions[shortlist[0]]
        me = game.state.actor
        turn = game.state.turn
        outcomes: list[list[float]] = [[] for _ in shortlist]
        for _ in range(self.samples):
            seed = self._rng.getrandbits(62)
            root = game.determinize(me, seed=seed)
            for k, i in enumerate(shortlist):
                g = root.fork()
                g.apply(actions[i])
                outcomes[k].append(self._through_reply(g, me, turn, seed))
        means = [sum(v) / len(v) for v in outcomes]
        pick = max(range(len(shortlist)), key=lambda k: (means[k], -k))
        if pick and not self._clearly_better(outcomes[pick], outcomes[0]):
            pick = 0
        self.last_search = {
            "greedy": str(actions[shortlist[0]]), "chosen": str(actions[shortlist[pick]]),
            "samples": self.samples,
            "values": {str(actions[i]): round(m, 3) for i, m in zip(shortlist, means,
                                                                     strict=True)},
        }
        return actions[shortlist[pick]]

    def _shortlist(self, values: list[float]) -> list[int]:
        """The indices of Greedy's best actions, best first: at most ``candidates``,
        within ``margin`` of the best, one of each value (actions of equal value are
        most often the same moves in another order: ``move 15:1 by 2`` then ``by 3``, or
        the other way round)."""
        ranked = sorted(range(len(values)), key=lambda i: -values[i])
        best = values[ranked[0]]
        out: list[int] = []
        for i in ranked:
            if len(out) == self.candidates or values[i] < best - self.margin:
                break
            if not out or values[i] < values[out[-1]] - 1e-9:
                out.append(i)
        return out

    def _clearly_better(self, values: list[float], greedys: list[float]) -> bool:
        """Whether ``values`` beat Greedy's choice's on the same samples by more than
        ``z`` standard errors of their paired differences."""
        gain, se = paired_gain(values, greedys)
        return gain > self.z * se

    def _through_reply(self, g: Blast, me: int, turn: int, seed: int) -> float:
        """Play the sample ``g`` on by Greedy (both sides) to :func:`reply_is_over`,
        chance drawn from ``seed``; :func:`reply_value` there."""
        rng = random.Random(seed)
        sides = (GreedyAgent(seed + 1), GreedyAgent(seed + 2))
        for _ in range(MAX_STEPS):
            if reply_is_over(g.state, me, turn):
                break
            to = g.current_player
            if to == CHANCE:
                g.sample_chance(rng)
            elif to is not None:
                g.apply(sides[to].choose(g))
        return reply_value(g, me)
