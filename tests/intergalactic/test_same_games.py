"""Speed work must not change a game: a digest of seeded random Intergalactic games.

Every game of :func:`digest` is played by a ``random.Random(seed)`` agent with 2 to 6
players, cycling through the options (default rules, whole games, included) and both
``auto_roll`` modes; actions are applied as the objects of ``legal_actions()`` and, every
fifth one, as their notation. The digest covers every step's legal actions (their order
too), every chance node's exact distribution (manual games), a view for every viewer
every 13 steps, and at the end the saved JSON, the history (with its texts), the log,
every view, the scores and the winner. The stored value was computed by the engine
before its speed work. A different digest is a change of behaviour: compare
``to_json()`` and ``log`` of the games of :func:`case` under the old and the new engine;
if the change is deliberate, update :data:`DIGEST` in the same commit.
"""

from __future__ import annotations

import hashlib
import random

from conformance.digest import digest as shared_digest
from conformance.digest import play as digest_play

from boardgames.intergalactic import Intergalactic, Rules

GAMES = 10
DIGEST = "02217246807e51e5a2f41e5e68923e802055fdf5633f98e09d7781956a5fe74c"
OPTIONS = (
    Rules(),
    Rules(turns_per_stage=1),
    Rules(turns_per_stage=2, extra_rolls_per_turn=3, roll_twice_depth=1),
    Rules(distinct_homeworlds=True, no_fleet_elimination=True),
    Rules(turns_per_stage=3, extra_rolls_per_turn=0),
)


def case(seed: int) -> Intergalactic:
    """Game ``seed`` of the digest, before its first step."""
    return Intergalactic(players=2 + seed % 5, seed=seed, rules=OPTIONS[seed % len(OPTIONS)],
                         auto_roll=seed % 4 != 3)


def play(g: Intergalactic, seed: int, h: hashlib._Hash) -> None:
    """One game of the digest (every fifth action applied as its notation)."""
    digest_play(g, seed, h, notation_every=5)


def digest(n: int = GAMES) -> str:
    return shared_digest(case, n, notation_every=5)


def test_seeded_random_games_are_the_same_as_before_the_speed_work() -> None:
    assert digest() == DIGEST


def test_the_digest_sees_a_different_game() -> None:
    h1, h2 = hashlib.sha256(), hashlib.sha256()
    play(case(1), 1, h1)
    play(case(1), 2, h2)  # the same game, other random choices
    assert h1.hexdigest() != h2.hexdigest()


def test_a_subclass_that_wraps_the_hooks_makes_the_same_games() -> None:
    """The core makes every step through the game's hooks (``_act``, ``_resolve``): a
    subclass wrapping them is called at every step and makes the same games, step by
    step."""
    calls = {"resolve": 0, "act": 0}

    class Hooked(Intergalactic):
        def _resolve(self, s, o, log):  # type: ignore[no-untyped-def]
            calls["resolve"] += 1
            return super()._resolve(s, o, log)

        def _act(self, s, mv, log):  # type: ignore[no-untyped-def]
            calls["act"] += 1
            return super()._act(s, mv, log)

    for seed in range(3):
        games = [cls(players=3 + seed, seed=seed, rules=OPTIONS[1]) for cls in
                 (Intergalactic, Hooked)]
        rngs = [random.Random(seed), random.Random(seed)]
        while not games[0].is_over:
            for g, rng in zip(games, rngs, strict=True):
                g.apply(rng.choice(g.legal_actions()))
            assert games[0].history == games[1].history
        assert games[1].is_over and games[0].log == games[1].log
        assert games[0].to_json() == games[1].to_json()
    assert calls["resolve"] > 100 and calls["act"] > 100
