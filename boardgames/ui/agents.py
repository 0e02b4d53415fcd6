"""Computer opponents for the boards: any object with ``choose(game) -> action``.

The agents themselves live in :mod:`boardgames.agents` (``RandomAgent`` is re-exported
here for the boards' callers).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from ..agents import RandomAgent
from ..core.limits import quote

__all__ = ["Agent", "RandomAgent", "check_agent"]


@runtime_checkable
class Agent(Protocol):
    """What a board needs from a computer player."""

    def choose(self, game: Any) -> Any:  # pragma: no cover - protocol
        ...


def check_agent(agent: object) -> Any:
    """``agent`` itself if it has a callable ``choose``, else ``TypeError``."""
    if not callable(getattr(agent, "choose", None)):
        raise TypeError(f"an opponent must have a choose(game) method, not {quote(agent)}")
    return agent
