"""States changed in place only when nobody else holds them (Blast and Space Base)."""

from __future__ import annotations

import random
import sys

import pytest

import boardgames as bg
from boardgames.core.game import SOLE_HOLDER


def test_sole_holder_is_measured_on_this_interpreter() -> None:
    class Box:
        x: object = None

    box = Box()
    s = box.x = object()
    assert sys.getrefcount(s) == SOLE_HOLDER
    also = s
    assert sys.getrefcount(s) == SOLE_HOLDER + 1 and also is s


@pytest.mark.parametrize("make", [lambda: bg.Blast(seed=5),
                                  lambda: bg.SpaceBase(players=2, seed=5)],
                         ids=["blast", "spacebase"])
def test_a_state_somebody_holds_is_never_changed(make) -> None:  # type: ignore[no-untyped-def]
    """At every step of a random game a caller keeps ``game.state`` (and a copy of it):
    what it holds never changes, and the game is the same as one nobody looked at."""
    g, ref = make(), make()
    rng = random.Random(1)
    while not g.is_over and g.step_count < 1500:
        held = g.state
        snapshot = held.copy()
        a = rng.choice(g.legal_actions())
        g.apply(a)
        ref.apply(a)
        assert held == snapshot and g.state is not held
    assert g.to_json() == ref.to_json() and g.log == ref.log
