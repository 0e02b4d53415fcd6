"""``core.logistic``: the one logistic curve the computer players of every game use."""

from __future__ import annotations

import doctest
import math

import pytest

from boardgames.core import logistic as module
from boardgames.core.logistic import logistic


def test_docstring_examples_run() -> None:
    result = doctest.testmod(module)
    assert result.attempted >= 2 and result.failed == 0


@pytest.mark.parametrize("x", [-30.0, -2.5, -1e-9, 0.0, 1e-9, 0.75, 4.0, 30.0])
def test_it_is_the_logistic_curve(x: float) -> None:
    assert logistic(x) == pytest.approx(1.0 / (1.0 + math.exp(-x)), rel=1e-12)
    assert logistic(x) + logistic(-x) == pytest.approx(1.0, rel=1e-12)


@pytest.mark.parametrize("x", [-1e6, -800.0, 800.0, 1e6])
def test_no_overflow_far_out(x: float) -> None:
    assert logistic(x) == (0.0 if x < 0 else 1.0)


def test_every_game_scores_its_playouts_with_it() -> None:
    """Each game's ``rollout_value`` is this curve of its own lead (no private copy)."""
    import boardgames as bg
    from boardgames.blast import agents as blast
    from boardgames.intergalactic import agents as ig
    from boardgames.spacebase import agents as sb

    g = bg.Blast(seed=3)
    assert blast.rollout_value(g, 0) == logistic(blast.evaluate(g, 0) / blast.WIDTH)
    for module_ in (blast, ig, sb):
        assert module_.logistic is logistic
