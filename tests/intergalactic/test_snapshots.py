"""Undo gives back the states the steps replaced (the core's copy-on-write records), a
fork undoes on its own, and the state's ``cur`` and ``last`` read the list roll under way
and the last landing."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

import boardgames as bg
from boardgames.intergalactic import state as G
from boardgames.intergalactic.state import Landing, ListRoll


def _played(seed: int, steps: int) -> tuple[bg.Intergalactic, list[tuple[int, object]]]:
    """A seeded random 4-player game after ``steps`` actions, and (history length, state)
    before each action."""
    g = bg.Intergalactic(players=4, seed=seed)
    choice = random.Random(seed).choice
    seen = []
    for _ in range(steps):
        if g.is_over:
            break
        seen.append((len(g.history), g.state))
        g.apply(choice(g.legal_actions()))
    return g, seen


def test_undo_gives_back_the_states_the_steps_replaced() -> None:
    g, seen = _played(5, 300)
    assert len(seen) == 300  # (the game has 334 decisions)
    log = g.log
    for n, state in reversed(seen):
        g.undo()
        assert len(g.history) == n and g.state == state
        assert isinstance(g.state, G.IntergalacticState)
        assert g.log == log[:len(g.log)]
    while g.can_redo:
        g.redo()
    assert g.log == log


def test_a_fork_undoes_on_its_own() -> None:
    g, _ = _played(6, 300)
    f = g.fork()
    before = g.state
    f.undo()
    assert g.state is before and g == g.fork() and f != g


def test_cur_and_last_read_the_roll_and_the_landing() -> None:
    g = bg.Intergalactic(players=3, seed=2)
    choice = random.Random(2).choice
    checked = shifted = 0
    while not g.is_over and checked < 50:
        s = g.state
        cur = s.cur
        if cur is not None:
            assert set(cur) == {"player", "list", "die", "mod", "total", "shift", "depth",
                                "temp"}
            assert cur["total"] == cur["die"] + cur["mod"] and 1 <= cur["die"] <= 100
            assert cur["shift"] == s.shift and g.view()["roll"]["shift"] == s.shift
            checked += 1
            shifted += s.shift != 0
        else:
            assert s.shift == 0
        if s.last is not None:
            assert set(s.last) == {"player", "list", "entry"}
            assert g.view()["last"] == s.last
        g.apply(choice(g.legal_actions()))
    assert checked == 50 and shifted > 0
    assert bg.Intergalactic(players=2, seed=1).state.last is None


def test_the_roll_and_landing_records_are_frozen_values_that_pickle() -> None:
    """``ListRoll`` and ``Landing`` (a state's roll under way and last landing, shared
    between the states of a game): equal and hashing alike when their fields are, frozen,
    replaced field by field, pickled and copied (as a process pool does)."""
    r = ListRoll(2, "research", 61, 7, 68, 1, False)
    assert r == ListRoll(2, "research", 61, 7, 68, 1, False)
    assert hash(r) == hash(ListRoll(2, "research", 61, 7, 68, 1, False))
    other = r.on_list("buildup")
    assert (other.list, other.total, r.list) == ("buildup", 68, "research") and other != r
    assert other == dataclasses.replace(r, list="buildup")
    landed = Landing(2, "research", "Telepathy")
    for record in (r, landed):
        assert pickle.loads(pickle.dumps(record)) == record == copy.deepcopy(record)
        with pytest.raises(dataclasses.FrozenInstanceError):
            record.player = 3  # type: ignore[misc]
    assert repr(landed) == "Landing(player=2, list='research', entry='Telepathy')"
