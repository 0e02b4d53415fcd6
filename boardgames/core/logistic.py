"""The logistic curve, which the computer players use to turn a lead into a chance of
winning (each game fits its own width; see its ``agents.rollout_value``)."""

from __future__ import annotations

import math

__all__ = ["logistic"]


def logistic(x: float) -> float:
    """``1 / (1 + exp(-x))``, without overflow: for a negative ``x`` it is computed as
    ``exp(x) / (1 + exp(x))``.

    >>> logistic(0.0)
    0.5
    >>> logistic(-1000.0), logistic(1000.0)
    (0.0, 1.0)
    """
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)
