"""The undo stack keeps a state at every ``CHECKPOINT``-th step and replays the steps
between: ``state_before``, ``undo`` and forks give exactly the states the game went
through, and a long game does not keep one state per step alive."""

from __future__ import annotations

import gc
import random
import types

import pytest

import boardgames as bg
from boardgames.blast.state import BlastState
from boardgames.core.game import CHECKPOINT

GAMES = ["Blast", "Intergalactic", "SpaceBase", "Spacehole"]


def _played(name: str, seed: int, steps: int) -> tuple[bg.Game, list[object], list[tuple]]:
    """A seeded random game of at most ``steps`` steps, with the state and the log
    before each of its steps, taken while it was played."""
    g = getattr(bg, name)(seed=seed, auto_roll=False)
    choice = random.Random(seed).choice
    states: list[object] = []
    logs: list[tuple] = []
    while not g.is_over and g.step_count < steps:
        states.append(g.state)
        logs.append(g.log)
        if g.current_player == bg.CHANCE:
            g.roll()
        else:
            g.apply(choice(g.legal_actions()))
    return g, states, logs


@pytest.mark.parametrize("name", GAMES)
def test_state_before_every_step_is_the_state_the_game_was_in(name: str) -> None:
    g, states, _ = _played(name, 5, 5 * CHECKPOINT + 3)
    assert g.step_count > 2 * CHECKPOINT
    for i, s in enumerate(states):
        assert g.state_before(i) == s, f"state before step {i}"
    assert g.state_before(g.step_count) is g.state


@pytest.mark.parametrize("name", GAMES)
def test_undo_to_the_start_passes_through_every_state_and_log(name: str) -> None:
    g, states, logs = _played(name, 6, 4 * CHECKPOINT + 5)
    history = g.history
    for i in range(g.step_count - 1, -1, -1):
        g.undo()
        assert g.step_count == i
        assert g.state == states[i] and g.log == logs[i], f"after undoing step {i}"
    assert not g.can_undo
    for _ in range(len(history)):
        g.redo()
    assert g.history == history


def test_a_branch_after_an_undo_replays_its_own_steps() -> None:
    g, _, _ = _played("Blast", 7, 3 * CHECKPOINT + 2)
    g.undo()
    g.undo()
    g.undo()
    fork = g.fork()
    states = []
    choice = random.Random(99).choice
    for _ in range(2 * CHECKPOINT):
        states.append(g.state)
        g.roll() if g.current_player == bg.CHANCE else g.apply(choice(g.legal_actions()))
    first = g.step_count - len(states)
    for k, s in enumerate(states):
        assert g.state_before(first + k) == s
    # the fork shares the records up to the branch and is not changed by it
    assert fork.step_count == first
    assert fork.state_before(first - 1) == g.state_before(first - 1)


def _states_held_by(root: object) -> int:
    """How many ``BlastState`` objects ``root`` keeps alive: those reachable from it
    through references, not passing through classes, modules or functions (which
    lead to the whole interpreter). Counting every state in the process instead
    counted states that other tests' leftover threads made while this one ran."""
    seen: set[int] = set()
    stack = [root]
    held = 0
    while stack:
        o = stack.pop()
        if id(o) in seen or isinstance(o, (type, types.ModuleType, types.FunctionType,
                                            types.BuiltinFunctionType)):
            continue
        seen.add(id(o))
        held += type(o) is BlastState
        stack.extend(gc.get_referents(o))
    return held


def test_a_long_game_keeps_one_state_per_checkpoint_alive() -> None:
    g = bg.Blast(seed=11)
    choice = random.Random(11).choice
    while not g.is_over:
        g.apply(choice(g.legal_actions()))
    assert g.step_count > 20 * CHECKPOINT
    alive = _states_held_by(g)
    assert alive >= g.step_count // CHECKPOINT, "the walk does not see the checkpoints"
    assert alive <= g.step_count // CHECKPOINT + 3, (alive, g.step_count)
    assert 8 * alive < g.step_count, "not one state per step"


@pytest.mark.parametrize("name", GAMES)
def test_an_auto_roll_undo_takes_back_an_action_and_its_rolls_at_once(name: str) -> None:
    g = getattr(bg, name)(seed=8)
    choice = random.Random(8).choice
    before: list[tuple[object, tuple, int]] = []
    while not g.is_over and g.step_count < 6 * CHECKPOINT:
        before.append((g.state, g.log, g.step_count))
        g.apply(choice(g.legal_actions()))
    taken_back = 0
    while before:
        state, log, steps = before.pop()
        g.undo()
        assert (g.state, g.log, g.step_count) == (state, log, steps)
        taken_back += 1
    assert not g.can_undo and taken_back > 2
