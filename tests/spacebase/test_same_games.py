"""Speed work must not change a game: a digest of seeded random Space Base games.

Every game of :func:`digest` is played by a ``random.Random(seed)`` agent with 2, 3 and 4
players, cycling through the options and both ``auto_roll`` modes; the digest covers
every step's legal actions (their order too), every chance node's exact distribution
(manual games), a view for every viewer every 13 steps, and at the end the saved JSON,
the history (with its texts), the log, every view, the scores and the winner. The stored
value was computed by the engine before its speed work. A different digest is a change
of behaviour: compare ``to_json()`` and ``log`` of the games of :func:`case` under the
old and the new engine; if the change is deliberate, update :data:`DIGEST` in the same
commit.
"""

from __future__ import annotations

import hashlib

from conformance.digest import digest as shared_digest
from conformance.digest import play

import boardgames as bg
from boardgames.spacebase import Rules

GAMES = 6
DIGEST = "9fede9874845aecda502f0fb091f79da185352ce1291e07ea585a0a5167b5be3"
OPTIONS = (
    Rules(),
    Rules(starting_hand=3),
    Rules(action_cards="any"),
    Rules(volcano_adjacency="physical"),
    Rules(repair_sites="any"),
)


def case(seed: int) -> bg.SpaceBase:
    """Game ``seed`` of the digest, before its first step."""
    return bg.SpaceBase(players=2 + seed % 3, seed=seed, rules=OPTIONS[seed % len(OPTIONS)],
                        auto_roll=seed % 4 != 3)


def digest(n: int = GAMES) -> str:
    return shared_digest(case, n)


def test_seeded_random_games_are_the_same_as_before_the_speed_work() -> None:
    assert digest() == DIGEST


def test_the_digest_sees_a_different_game() -> None:
    h1, h2 = hashlib.sha256(), hashlib.sha256()
    play(case(0), 0, h1)
    play(case(0), 1, h2)  # the same game, other random choices
    assert h1.hexdigest() != h2.hexdigest()
