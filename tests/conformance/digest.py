"""The digest of seeded random games that each game's ``test_same_games.py`` stores: speed
work must not change a game.

:func:`play` feeds a hash with every step's legal actions (their order too), every chance
node's exact distribution (manual games), a view for every viewer every 13 steps, and at
the end the saved JSON, the log, the history (with its texts), every view, the scores and
the winner. The agent is a ``random.Random(seed)`` choosing among ``legal_actions()``.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from typing import Any

import boardgames as bg


def views(g: Any) -> bytes:
    """Every viewer's view (the spectator's, then each player's), as JSON bytes."""
    return json.dumps([g.view(q) for q in (None, *range(g.players))], sort_keys=True).encode()


def play(g: Any, seed: int, h: Any, notation_every: int = 0) -> None:
    """Play ``g`` to the end with a ``random.Random(seed)`` agent, feeding ``h``. With
    ``notation_every=k``, every k-th action is applied as its notation."""
    rng = random.Random(seed)
    i = 0
    while not g.is_over:
        if g.current_player == bg.CHANCE:
            d = g.chance_outcomes()
            h.update(repr(sorted((repr(k), str(v)) for k, v in d.items())).encode())
            g.roll()
        else:
            legal = g.legal_actions()
            h.update("|".join(map(str, legal)).encode())
            a = rng.choice(legal)
            g.apply(str(a) if notation_every and i % notation_every == notation_every - 1
                    else a)
        if i % 13 == 0:
            h.update(views(g))
        i += 1
    h.update(g.to_json().encode())
    h.update("\n".join(g.log).encode())
    h.update(repr(g.history).encode())
    h.update(views(g))
    h.update(repr((g.scores, g.winner)).encode())


def digest(case: Callable[[int], Any], n: int, notation_every: int = 0,
           after: Callable[[int, Any], None] | None = None) -> str:
    """The hex digest of games ``case(0)`` .. ``case(n - 1)``, game ``i`` played with
    seed ``i``; ``after(i, game)`` runs after each game (extra checks)."""
    h = hashlib.sha256()
    for seed in range(n):
        g = case(seed)
        play(g, seed, h, notation_every)
        if after is not None:
            after(seed, g)
    return h.hexdigest()
