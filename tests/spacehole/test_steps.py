"""Spacehole's steps are made by the core (issue 16): the game supplies only the hooks
(``_act``, ``_chance``, ``_resolve`` ...), so a subclass that wraps a hook sees every
step, an action equal to a listed one (or its notation) makes the same step, a refused
action changes nothing, and a step that fails half-way leaves no trace.
(``test_same_games.py`` holds the digest of seeded games stored before the rewrite.)
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from spacehole.test_same_games import case

import boardgames as bg
from boardgames.spacehole import Move, Spacehole, chance
from boardgames.spacehole.legal import build_problem

CORE_STEPS = ("apply", "_apply", "roll", "undo", "redo", "sample_chance", "_settle", "_step",
              "_roll_once", "_pop", "_redo_step", "state_before", "legal_actions", "is_over")
"""What only the core may define (issue 16's contract)."""


def test_spacehole_defines_none_of_the_core_step_methods() -> None:
    assert [name for name in CORE_STEPS if name in vars(Spacehole)] == []


class Counting(Spacehole):
    """Counts the calls of the step hooks."""

    calls = 0

    def _act(self, s: Any, action: Any, log: list[str]) -> None:
        self.calls += 1
        super()._act(s, action, log)

    def _resolve(self, s: Any, outcome: Any, log: list[str]) -> None:
        self.calls += 1
        super()._resolve(s, outcome, log)


@pytest.mark.parametrize("seed", range(14))
def test_a_subclass_wrapping_the_step_hooks_sees_every_step(seed: int) -> None:
    plain = case(seed)
    wrapped = Counting(seed=plain.seed, rules=plain.rules, auto_roll=plain.auto_roll,
                       **plain.options)
    rng = random.Random(seed)
    while not plain.is_over:
        if plain.current_player == bg.CHANCE:
            plain.roll()
            wrapped.roll()
        else:
            x = rng.choice(plain.legal_actions())
            plain.apply(x)
            wrapped.apply(x)
    assert wrapped.history == plain.history and wrapped.log == plain.log
    assert wrapped.calls == wrapped.step_count > 0


@pytest.mark.parametrize("seed", range(14))
def test_the_build_choices_are_the_cards_the_rules_allow(seed: int) -> None:
    g = case(seed)
    rng = random.Random(seed)
    builds = 0
    while not g.is_over:
        if g.current_player == bg.CHANCE:
            g.roll()
            continue
        legal = g.legal_actions()
        if g.state.pending == "build":
            builds += 1
            allowed = {Move("build", n) for n in set(g.state.hand)
                       if build_problem(g.table, g.state, n) is None}
            assert {m for m in legal if m.verb == "build"} == allowed
        g.apply(rng.choice(legal))
    assert builds > 0 or g.state.lost


def _build_position() -> Spacehole:
    g = Spacehole.scenario(phase="build", hand=["Mine", "Space Marines"], seed=5)
    assert g.state.pending == "build"
    return g


class _Sub(Move):
    """A Move subclass: not the listed action by identity or by type, but equal to it."""


def test_an_equal_action_or_its_notation_is_applied_as_the_listed_one() -> None:
    listed = _build_position()
    x = next(m for m in listed.legal_actions() if str(m) == "build Mine")
    listed.apply(x)
    for other in (Move("build", "Mine"), "build Mine", " build   Mine ", _Sub("build", "Mine")):
        g = _build_position()
        assert other is not x
        g.apply(other)
        assert g.to_json() == listed.to_json() and g.log == listed.log
        assert g.state == listed.state


@pytest.mark.parametrize("x", [
    Move("build", "Factory"),  # not in hand
    Move("end", "turn"),  # another phase's action
    "build Factory",
    "repair Mine",
    "dance",
    42,
    None,
])
def test_refused_actions_change_nothing(x: Any) -> None:
    g = _build_position()
    before = (g.to_json(), g.log, g.legal_actions(), g.can_undo, g.state.copy())
    with pytest.raises(ValueError):
        g.apply(x)
    assert (g.to_json(), g.log, g.legal_actions(), g.can_undo, g.state) == before


def _turn_3_build(seed: int = 0) -> Spacehole:
    g = Spacehole(seed=seed)
    rng = random.Random(seed)
    while g.turn < 3 or g.state.pending != "build":  # a build decision of turn 3
        g.apply(rng.choice(g.legal_actions()))
    return g


def _boom(*args: Any) -> None:
    args[-1].append("half a step")  # a log line, then a failure
    raise RuntimeError("boom")


def test_a_failing_action_leaves_the_game_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    g = _turn_3_build()
    before = (g.to_json(), g.log, g.step_count, g.state)
    monkeypatch.setattr(Spacehole, "_act", lambda self, s, a, log: _boom(log))
    with pytest.raises(RuntimeError, match="boom"):
        g.apply(next(m for m in g.legal_actions() if m.verb == "pass"))
    monkeypatch.undo()
    assert (g.to_json(), g.log, g.step_count, g.state) == before


def test_a_failing_draw_in_the_auto_roll_takes_back_its_log_lines(
        monkeypatch: pytest.MonkeyPatch) -> None:
    g = _turn_3_build()
    steps = g.step_count
    monkeypatch.setitem(chance.RESOLVE, "draw", lambda t, s, name, log: _boom(log))
    with pytest.raises(RuntimeError, match="boom"):
        g.apply(next(m for m in g.legal_actions() if m.verb == "pass"))
    monkeypatch.undo()
    assert "half a step" not in g.log
    assert g.step_count == steps + 1  # the action was made, the draw was not
    assert g.current_player == bg.CHANCE and g.state.chance == ("draw",)
    g.roll()  # the draw again, now that it works: the game goes on as if nothing failed
    same = _turn_3_build()
    same.apply(next(m for m in same.legal_actions() if m.verb == "pass"))
    assert (g.to_json(), g.log, g.history) == (same.to_json(), same.log, same.history)


def test_no_step_hook_is_left_out() -> None:
    """Every decision and every chance node kind has its function."""
    from boardgames.spacehole import decisions, legal
    from boardgames.spacehole.actions import VERBS

    assert set(decisions.DECISIONS) == set(VERBS)
    assert set(legal.CHOICES) == set(legal.WAITING_FOR)
    assert set(chance.RESOLVE) == {"draw", "inv_dice", "def_dice", "target", "flare",
                                   "random_defender", "random_structure", "peek_die",
                                   "reveal"}
