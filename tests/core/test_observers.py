"""``Game.observe``: the one mechanism by which everything that shows a game (its boards)
follows it, whoever changes it (issue 20).

Every public method that changes a game calls the observers once, when the change is
complete: ``apply`` (a game's own written-out ``apply`` too), ``roll``, ``undo``,
``redo``, ``sample_chance``, setting ``auto_roll``. Observers are held weakly, are not
copied by ``fork`` / ``child`` / ``determinize``, and are neither saved nor pickled.
"""

from __future__ import annotations

import gc
import pickle
import random
import warnings
import weakref
from typing import Any

import cloudpickle
import pytest

import boardgames as bg
from boardgames.core.game import CHANCE, Game

GAMES = {
    "spacehole": lambda: bg.Spacehole(seed=11),
    "blast": lambda: bg.Blast(seed=11),
    "intergalactic": lambda: bg.Intergalactic(players=3, seed=11),
    "spacebase": lambda: bg.SpaceBase(players=2, seed=11),
}


class Recorder:
    """An observer: records the step count it saw at each call."""

    def __init__(self) -> None:
        self.seen: list[int] = []

    def changed(self, game: Game) -> None:
        self.seen.append(game.step_count)


def a_move(g: Game) -> Any:
    return g.legal_actions()[0]


@pytest.mark.parametrize("name", GAMES)
def test_every_public_change_is_announced_once_after_it_is_made(name: str) -> None:
    g = GAMES[name]()
    r = Recorder()
    g.observe(r.changed)
    g.apply(a_move(g))  # the object of legal_actions(): a game's written-out fast path
    assert r.seen == [g.step_count]
    g.apply(str(a_move(g)))  # a notation: the full checks (Game.apply inside the game's)
    assert len(r.seen) == 2 and r.seen[-1] == g.step_count
    g.undo()
    assert len(r.seen) == 3 and r.seen[-1] == g.step_count
    g.redo()
    assert len(r.seen) == 4 and r.seen[-1] == g.step_count
    g.auto_roll = False
    assert len(r.seen) == 5
    while g.current_player != CHANCE and not g.is_over:
        g.apply(a_move(g))
    n = len(r.seen)
    if g.current_player == CHANCE:
        g.roll()
        assert len(r.seen) == n + 1
        g.undo()
        g.sample_chance(random.Random(1))
        assert len(r.seen) == n + 3


def test_a_refused_change_announces_nothing() -> None:
    g = bg.Blast(seed=3)
    r = Recorder()
    g.observe(r.changed)
    with pytest.raises(ValueError):
        g.apply("move 28:9 by 6")
    with pytest.raises(ValueError):
        g.apply("fly to the moon")
    with pytest.raises(ValueError):
        g.redo()
    assert r.seen == []


def test_batch_announces_a_block_once() -> None:
    g = bg.Spacehole(seed=2)
    r = Recorder()
    g.observe(r.changed)
    with g.batch():
        g.apply(a_move(g))
        g.undo()
        g.redo()
        assert r.seen == []
    assert r.seen == [g.step_count]


def test_observers_are_weak_and_a_dead_one_is_forgotten() -> None:
    g = bg.Spacehole(seed=2)
    r = Recorder()
    g.observe(r.changed)
    assert g.observers == (r.changed,)
    g.observe(r.changed)  # once only
    assert len(g.observers) == 1
    ref = weakref.ref(r)
    del r
    gc.collect()
    assert ref() is None, "the game kept its observer alive"
    assert g.observers == ()
    g.apply(a_move(g))  # calls nobody, and drops the dead reference
    assert g._observers == []


def test_unobserve_stops_the_calls() -> None:
    g = bg.Spacehole(seed=2)
    r, other = Recorder(), Recorder()
    g.observe(r.changed)
    g.observe(other.changed)
    g.unobserve(r.changed)
    g.unobserve(r.changed)  # not an observer any more: nothing happens
    g.apply(a_move(g))
    assert r.seen == [] and other.seen == [g.step_count]


@pytest.mark.parametrize("name", GAMES)
def test_copies_and_saves_carry_no_observer(name: str) -> None:
    g = GAMES[name]()
    saved = g.to_json()
    r = Recorder()
    g.observe(r.changed)
    assert g.to_json() == saved
    copies = [g.fork(), g.child(a_move(g)), g.determinize(0, seed=1),
              pickle.loads(pickle.dumps(g)), cloudpickle.loads(cloudpickle.dumps(g))]
    for c in copies:
        assert c.observers == ()
        if not c.is_over and c.current_player != CHANCE:
            c.apply(a_move(c))
    assert r.seen == [] and g.observers == (r.changed,)


def test_a_failing_observer_warns_and_the_change_stands() -> None:
    g = bg.Spacehole(seed=2)
    r = Recorder()

    class Broken:
        def changed(self, game: Game) -> None:
            raise RuntimeError("boom")

    broken = Broken()
    g.observe(broken.changed)
    g.observe(r.changed)
    n = g.step_count
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        g.apply(a_move(g))
    assert g.step_count > n and r.seen == [g.step_count]  # the others are still told
    assert any("boom" in str(w.message) for w in caught)


def test_an_observer_must_be_a_weakly_referenceable_callable() -> None:
    g = bg.Spacehole(seed=2)
    with pytest.raises(TypeError):
        g.observe(42)  # type: ignore[arg-type]

    class Slotted:  # no __weakref__: cannot be held weakly
        __slots__ = ()

        def __call__(self, game: Game) -> None:
            pass

    with pytest.raises(TypeError, match="weakly"):
        g.observe(Slotted())
    assert g.observers == ()
