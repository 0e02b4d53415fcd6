"""Computer opponents for the boards: any object with ``choose(game) -> action``.

Only a seeded random agent lives here; the project-wide ``boardgames.agents`` module
(smarter agents) comes later and plugs in the same way.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

__all__ = ["Agent", "RandomAgent", "check_agent"]


@runtime_checkable
class Agent(Protocol):
    """What a board needs from a computer player."""

    def choose(self, game: Any) -> Any:  # pragma: no cover - protocol
        ...


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator (never
    the global ``random``), so a seeded agent replays the same choices."""

    def __init__(self, seed: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {seed!r}")
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, game: Any) -> Any:
        actions = game.legal_actions()
        if not actions:
            raise ValueError(f"no legal action to choose from in {game!r}")
        return actions[self._rng.randrange(len(actions))]

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed})"


def check_agent(agent: object) -> Any:
    """``agent`` itself if it has a callable ``choose``, else ``TypeError``."""
    if not callable(getattr(agent, "choose", None)):
        raise TypeError(f"an opponent must have a choose(game) method, not {agent!r}")
    return agent
