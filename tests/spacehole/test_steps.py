"""Spacehole's written-out hot paths make the same games as the generic code and refuse
the same input the same way.

``Spacehole.apply`` writes out the step of an action found by identity in
``legal_actions()``; ``Spacehole._settle`` draws and resolves dice and draws itself and
runs the rounds of a simultaneous battle in ``_sim_rounds``; the Build phase's legal
actions test ``_build_problem``'s rules inline; the Power phase without a choice looks
its income up (``_auto_income``). :class:`Generic` overrides ``apply``, so (like any
subclass that overrides a step hook) it is made by ``Game.apply``, the core's auto-roll
loop, ``_resolve`` and ``_battle``: both must give the same steps, log, views and states.
(``test_same_games.py`` compares the same games with a digest stored before the speed
work; this compares them step by step, and says where they part.)
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from spacehole.test_same_games import OPTIONS, case

import boardgames as bg
from boardgames.core.game import Game
from boardgames.spacehole import Move, Spacehole
from boardgames.spacehole.game import _auto_income
from boardgames.spacehole.power import income_of


class Generic(Spacehole):
    """Spacehole made by the generic code (``Game.apply`` and the core's loop)."""

    def apply(self, x: Any) -> Game:
        return Game.apply(self, x)


def generic(g: Spacehole) -> Generic:
    """A :class:`Generic` game made as ``g`` was (``case``), before its first step."""
    return Generic(seed=g.seed, rules=g.rules, auto_roll=g.auto_roll, **g.options)


def test_only_spacehole_itself_takes_the_fast_paths() -> None:
    assert Spacehole._is_plain and not Generic._is_plain

    class OwnMove(Spacehole):
        def _to_move(self, s: Any) -> int | None:
            return super()._to_move(s)

    assert not OwnMove._is_plain
    assert OwnMove.is_over is Game.is_over  # the hook decides, not Spacehole's shortcut
    assert Spacehole.is_over is not Game.is_over


def _build_moves_by_the_rules(g: Spacehole) -> set[Move]:
    s = g.state
    return {Move("build", n) for n in set(s.hand) if g._build_problem(s, n) is None}


@pytest.mark.parametrize("seed", range(2 * len(OPTIONS) * 3))
def test_the_fast_paths_make_the_same_games_as_the_generic_code(seed: int) -> None:
    fast = case(seed)
    slow = generic(fast)
    rng = random.Random(seed)
    builds = 0
    while not fast.is_over:
        assert not slow.is_over
        assert fast.current_player == slow.current_player
        if fast.current_player == bg.CHANCE:  # auto_roll off: the same draws
            assert fast.chance_outcomes() == slow.chance_outcomes()
            fast.roll()
            slow.roll()
        else:
            legal = fast.legal_actions()
            assert legal == slow.legal_actions()
            if fast.state.pending == "build":
                builds += 1
                assert {m for m in legal if m.verb == "build"} == _build_moves_by_the_rules(fast)
            x = rng.choice(legal)
            fast.apply(x)
            slow.apply(x)
        assert fast.history == slow.history, f"seed {seed}: step {len(slow.history)}"
        assert fast.log == slow.log
        assert fast.state == slow.state
        assert fast.view(0) == slow.view(0)
    assert slow.is_over and (builds > 0 or fast.state.lost)
    assert fast.to_json() == slow.to_json()
    assert (fast.scores, fast.winner) == (slow.scores, slow.winner)
    assert fast.can_undo == slow.can_undo
    if fast.can_undo:
        fast.undo()
        slow.undo()
        assert fast.to_json() == slow.to_json() and fast.log == slow.log
        assert fast.state == slow.state


def test_the_income_of_the_power_phase_is_income_of_the_optimal_allocation() -> None:
    checked = 0
    for seed in range(30):
        g = Spacehole(seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            s = g.state
            ip = g._in_play(s)
            want = income_of(g.optimal_power(s), s.terraform)
            assert _auto_income(ip.key, ip.generated, s.terraform) == want
            checked += want > 0
            g.apply(rng.choice(g.legal_actions()))
    assert checked > 100


def _build_position() -> Spacehole:
    g = Spacehole.scenario(phase="build", hand=["Mine", "Space Marines"], seed=5)
    assert g.state.pending == "build"
    return g


def test_an_equal_action_or_its_notation_is_applied_as_the_listed_one() -> None:
    listed = _build_position()
    x = next(m for m in listed.legal_actions() if str(m) == "build Mine")
    listed.apply(x)
    for other in (Move("build", "Mine"), "build Mine", " build   Mine "):
        g = _build_position()
        assert other is not x
        g.apply(other)
        assert g.to_json() == listed.to_json() and g.log == listed.log
        assert g.state == listed.state


class _Sub(Move):
    """A Move subclass: not a Spacehole action by identity or by type."""


@pytest.mark.parametrize("x", [
    Move("build", "Factory"),  # not in hand
    Move("end", "turn"),  # another phase's action
    "build Factory",
    "repair Mine",
    "dance",
    42,
    None,
    _Sub("build", "Mine"),
])
def test_refused_actions_are_refused_as_by_game_apply(x: Any) -> None:
    fast, slow = _build_position(), generic(_build_position())
    before = (fast.to_json(), fast.log, fast.legal_actions(), fast.can_undo)
    outcome = []
    for g in (fast, slow):
        try:
            g.apply(x)
            outcome.append(("applied", g.to_json()))
        except Exception as e:  # the very error is compared
            outcome.append((type(e), str(e)))
    assert outcome[0] == outcome[1]
    if outcome[0][0] != "applied":
        assert issubclass(outcome[0][0], ValueError)
        assert (fast.to_json(), fast.log, fast.legal_actions(), fast.can_undo) == before


def test_a_listed_action_does_not_go_through_game_apply(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    def refuse(self: Game, x: Any) -> Game:
        raise AssertionError("Game.apply was called")

    monkeypatch.setattr(Game, "apply", refuse)
    g = _build_position()
    g.apply(g.legal_actions()[0])  # the fast path: the object listed
    assert len(g.history) >= 1
    g = _build_position()
    with pytest.raises(AssertionError, match=r"Game\.apply"):
        g.apply("pass")  # a notation: the full checks of Game.apply
    with pytest.raises(AssertionError, match=r"Game\.apply"):
        Generic(seed=1).apply("pass")


@pytest.mark.parametrize("hook", ["_act", "_drawn", "_advance"])
def test_a_failing_step_fails_as_in_the_generic_code(hook: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """An error inside a written-out step (the action's, or a draw's in the auto-roll
    loop) leaves the game as the generic code leaves it: the failed step not made, its
    log lines taken back."""
    games = []
    for cls in (Spacehole, Generic):
        g = cls(seed=0)
        rng = random.Random(0)
        while g.turn < 3 or g.state.pending != "build":  # a build decision of turn 3
            g.apply(rng.choice(g.legal_actions()))
        games.append(g)
    fast, slow = games
    assert fast.to_json() == slow.to_json()
    before = (fast.to_json(), fast.log, len(fast._undo))

    def boom(self: Spacehole, *args: Any) -> None:
        args[-1].append("half a step") if isinstance(args[-1], list) else None
        raise RuntimeError("boom")

    monkeypatch.setattr(Spacehole, hook, boom)
    for g in games:
        with pytest.raises(RuntimeError, match="boom"):
            g.apply(next(m for m in g.legal_actions() if m.verb == "pass"))
    monkeypatch.undo()
    assert fast.to_json() == slow.to_json() and fast.log == slow.log
    assert fast.state == slow.state and len(fast._undo) == len(slow._undo)
    assert "half a step" not in fast.log
    if hook != "_drawn":  # the action itself failed: nothing changed
        assert (fast.to_json(), fast.log, len(fast._undo)) == before
