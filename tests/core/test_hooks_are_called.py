"""Issue 16, "hooks silently skipped": a game's fast path once wrote out its chance steps
(Blast's ``_drawn`` / ``_rolled``), so a subclass overriding a hook was ignored (569
draws, 13 calls). Now the core makes every step through the hooks: a subclass that
wraps them sees one ``_act`` per action and one ``_resolve`` per chance outcome, at every
step of seeded random games of every game, both with ``auto_roll`` and without, and plays
exactly the same games as the class it derives from."""

from __future__ import annotations

import random
from typing import Any

import pytest

import boardgames as bg
from boardgames.core.game import CHANCE, Game

GAMES: dict[str, tuple[type[Game], dict[str, Any]]] = {
    "spacehole": (bg.Spacehole, {}),
    "blast": (bg.Blast, {}),
    "intergalactic": (bg.Intergalactic, {"players": 3}),
    "spacebase": (bg.SpaceBase, {}),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_game_defines_a_core_step_method(name: str) -> None:
    from spacehole.test_steps import CORE_STEPS

    assert all(hasattr(Game, m) for m in CORE_STEPS)  # the list names the core's methods
    cls = GAMES[name][0]
    assert [m for m in CORE_STEPS for k in cls.__mro__[:-2] if m in vars(k)] == []


def _counting(cls: type[Game]) -> type[Game]:
    class Counting(cls):  # type: ignore[valid-type, misc]
        def __init__(self, **kw: Any) -> None:
            self.calls = {"act": 0, "resolve": 0}
            super().__init__(**kw)

        def _act(self, s: Any, action: Any, log: list[str]) -> None:
            self.calls["act"] += 1
            super()._act(s, action, log)

        def _resolve(self, s: Any, outcome: Any, log: list[str]) -> None:
            self.calls["resolve"] += 1
            super()._resolve(s, outcome, log)

    return Counting


def _play(g: Game, seed: int, steps: int) -> Game:
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        if g.current_player == CHANCE:
            g.roll()
        else:
            g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("auto_roll", [True, False])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_step_goes_through_the_hooks_a_subclass_overrides(name: str,
                                                                 auto_roll: bool) -> None:
    cls, kw = GAMES[name]
    for seed in (1, 2):
        g = _play(_counting(cls)(seed=seed, auto_roll=auto_roll, **kw), seed, 400)
        base = _play(cls(seed=seed, auto_roll=auto_roll, **kw), seed, 400)
        hist = g.history
        chance = sum(1 for st in hist if st.player == CHANCE)
        # set-up steps made before the counters existed are not in the history either
        assert g.calls["resolve"] == chance and g.calls["act"] == len(hist) - chance
        assert chance > 0 and len(hist) - chance > 0
        assert [tuple(st) for st in hist] == [tuple(st) for st in base.history]
        assert g.log == base.log
