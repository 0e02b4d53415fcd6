"""``Game.history`` is built once and then kept up to date (``core/game.py``): after any
mix of apply, roll, undo, redo, fork, auto_roll switches, determinize, pickling and JSON
loads it must equal a rebuild from scratch of the game's step records, as a tuple of
``Step``. Played on the toy race (the core's generic auto-roll loop) and on Spacehole
(its own auto-roll loop appends the records itself)."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Iterator

import pytest
from conformance.toy import Race

import boardgames as bg
from boardgames.core import registry
from boardgames.core.game import CHANCE, Game, Step


@pytest.fixture(autouse=True)
def race_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry.GAMES, "race", ("conformance.toy", "Race"))
    yield


def rebuilt(g: Game) -> tuple[Step, ...]:
    """The history from scratch: one new Step per record."""
    return tuple(Step(p, v, t) for p, v, t in g._hist)


def check(g: Game) -> None:
    h = g.history
    assert type(h) is tuple and all(type(s) is Step for s in h)
    assert h == rebuilt(g)
    assert g.history == h  # a second read (the cached one) too
    assert g.step_count == len(h)


def _step(g: Game, rng: random.Random) -> None:
    if g.is_over:
        return
    if g.current_player == CHANCE:
        if rng.random() < 0.5:
            g.roll()
        else:
            g.apply(rng.choice(list(g.chance_outcomes())))
    else:
        g.apply(rng.choice(g.legal_actions()))


def _random_walk(make: Callable[[int, bool], Game], seed: int, ops: int) -> int:
    """``ops`` random operations on a pool of games (forks and loads join the pool), the
    history checked after each. Returns how many operations changed some history."""
    rng = random.Random(seed)
    pool = [make(seed, bool(seed % 2))]
    changed = 0
    for _ in range(ops):
        g = rng.choice(pool)
        before = len(g._hist), g._hist[-1] if g._hist else None
        r = rng.random()
        if r < 0.45:
            _step(g, rng)
        elif r < 0.6:
            if g.can_undo:
                g.undo()
        elif r < 0.72:
            if g.can_redo:
                g.redo()
        elif r < 0.8:
            f = g.fork()
            check(f)
            pool.append(f)
            _step(f, rng)  # the fork diverges: the original must not see it
            check(f)
        elif r < 0.86:
            h = bg.from_json(g.to_json())
            check(h)
            assert h.history == g.history
            pool.append(h)
        elif r < 0.9:
            p = pickle.loads(pickle.dumps(g))
            assert "_hsteps" not in vars(p)  # the cache is not pickled
            check(p)
            pool.append(p)
        elif r < 0.95:
            g.auto_roll = not g.auto_roll
        else:
            d = g.determinize(None, seed=rng.getrandbits(32))
            check(d)
            assert d.history == ()
            _step(d, rng)
            check(d)
        changed += before != (len(g._hist), g._hist[-1] if g._hist else None)
        for x in pool:  # read now and then: several changes between two reads too
            if rng.random() < 0.3:
                check(x)
        if len(pool) > 6:
            pool.pop(rng.randrange(len(pool)))
    return changed


@pytest.mark.parametrize("seed", range(6))
def test_history_equals_a_rebuild_after_any_operation_race(seed: int) -> None:
    changed = _random_walk(lambda s, a: Race(seed=s, auto_roll=a), seed, 300)
    assert changed > 100


@pytest.mark.parametrize("seed", range(3))
def test_history_equals_a_rebuild_after_any_operation_spacehole(seed: int) -> None:
    changed = _random_walk(lambda s, a: bg.Spacehole(seed=s, auto_roll=a), seed, 200)
    assert changed > 60


def test_undo_then_other_steps_of_the_same_length_are_seen() -> None:
    """Same length, different steps: the cache is not fooled by the length."""
    g = Race(seed=4, auto_roll=False)
    g.apply("+2").apply("+1").apply("flip").apply("heads")
    first = g.history
    g.undo().undo()
    g.apply("roll").apply(3)  # not read in between
    assert len(g.history) == len(first) and g.history != first
    assert g.history == rebuilt(g)
    assert [s.text for s in g.history] == ["+2", "+1", "roll", "rolled 3"]


def test_steps_taken_back_and_more_steps_applied_are_seen() -> None:
    """Fewer steps taken back than applied since the last read: the old last step is
    gone although the history grew."""
    g = Race(seed=4, auto_roll=False)
    g.apply("+2").apply("+1").apply("flip").apply("heads")
    first = g.history
    g.undo().undo()
    g.apply("roll").apply(3)
    g.apply("flip").apply("tails")  # not read in between
    assert len(g.history) > len(first) and g.history == rebuilt(g)
    assert g.history[:2] == first[:2]
    assert [s.text for s in g.history[2:]] == ["roll", "rolled 3", "flip", "tails"]


def test_a_fork_and_its_original_keep_their_own_histories() -> None:
    g = Race(seed=4, auto_roll=False)
    g.apply("+2").apply("+1")
    base = g.history
    f = g.fork()
    g.apply("flip")
    f.apply("roll")
    assert g.history == (*base, Step(0, g.history[-1].value, "flip"))
    assert f.history == (*base, Step(0, f.history[-1].value, "roll"))
    assert g.history != f.history
    check(g)
    check(f)


def test_reading_history_again_returns_the_same_tuple_until_a_step() -> None:
    g = Race(seed=5)
    h = g.history
    assert g.history is h  # cached, not rebuilt
    g.apply(g.legal_actions()[0])
    assert g.history is not h and g.history[: len(h)] == h


def test_switching_auto_roll_on_with_steps_to_redo_rolls_and_clears_redo() -> None:
    """Found by the random walk above: auto_roll switched on at a chance node rolled it
    but kept the steps taken back, so a later redo() applied a stale step (an internal
    error from the game's rules, the step lost)."""
    g = Race(seed=4, auto_roll=False)
    g.apply("+2").apply("+1").apply("flip").apply("heads")
    g.undo()  # the coin's outcome: a chance node again, "heads" to redo
    assert g.can_redo and g.current_player == CHANCE
    g.auto_roll = True  # rolls the coin itself
    assert g.current_player != CHANCE and len(g.history) == 4
    assert not g.can_redo
    with pytest.raises(bg.GameError, match="nothing to redo"):
        g.redo()
    g.undo()
    assert g.can_redo and len(g.history) == 2  # back to the decision, redo works again
    g.redo()
    assert len(g.history) == 4 and g.history == rebuilt(g)


def _read_undo_other(g: Game, rng: random.Random) -> bool:
    """Read ``history``, take the last decision back, apply a different action and read
    again. True when a different action existed (the case the cache could get wrong)."""
    g.history  # noqa: B018 - the read fills the cache
    taken = g.history[-1]
    g.undo()
    others = [a for a in g.legal_actions() if str(a) != str(taken.value)]
    if not others:
        g.redo()
        return False
    g.apply(rng.choice(others))
    return True


@pytest.mark.parametrize("name", ["spacehole", "blast", "intergalactic", "spacebase"])
def test_history_is_not_stale_after_undo_and_a_different_action(name: str) -> None:
    """Issue 16: Spacehole appended shared constant tuples to ``_hist`` while the cache
    told records apart by identity, so after read, undo and another action ``history``
    still showed the old step (239 of 300 random games)."""
    stale = tried = 0
    for seed in range(200):
        if tried == 20:
            break
        g = bg.load(name, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 40)):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        if g.is_over or not g.can_undo:
            continue
        if _read_undo_other(g, rng):
            tried += 1
            stale += g.history != rebuilt(g)
    assert tried == 20
    assert stale == 0
