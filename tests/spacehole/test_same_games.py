"""Speed work must not change a game: a digest of seeded random Spacehole games.

Every game of :func:`digest` is played by a ``random.Random(seed)`` agent over a spread of
variants, options and both ``auto_roll`` modes; the digest covers every step's legal
actions (their order too), every chance node's exact distribution (manual games), a view
for every viewer every 13 steps, and at the end the saved JSON, the history (with its
texts), the log, every view, the score and the winner. The stored value was computed by
the engine before its speed work (golden transcripts cover six games in readable text;
this covers many more, cheaply). A different digest is a change of behaviour: find it
with the golden transcripts or by comparing ``to_json()`` and ``log`` of the games of
:func:`case` under the old and the new engine; if the change is deliberate, update
:data:`DIGEST` in the same commit. :func:`allocations` does the same for the power
search alone, over many more positions than games reach.
"""

from __future__ import annotations

import hashlib
import random

from conformance.digest import digest as shared_digest
from conformance.digest import play

import boardgames as bg
from boardgames.spacehole import Rules, power

GAMES = 40
ALLOCATIONS = "20e5d2882aa528e43a1f062f8a16d49ebe0c6d2746c3a9b29ee4ed8ce5202e97"
"""Digest of :func:`allocations`, computed with the power search as it was before the
speed work (ties between allocations of equal income and count are broken as before)."""
DIGEST = "ef7c8e2b19509b0367a7c2914c3221393a7dc11d114e19e51e05f662f8c2b476"
"""Changed once since the speed work, by the saved JSON alone: its rules gained the house
rule ``grace_turns`` (0, off); with that key left out of the saved rules the digest is the
one before (b542e0cd...), so every game is the same."""
OPTIONS = (
    Rules(),
    Rules(battle_order="invader_first"),
    Rules(battle_order="defenders_first"),
    Rules(power_choice="manual"),
    Rules(build_power_check="new_card_only", defender_overflow="forbid"),
    Rules(hand_limit_check="always", base_hits=5),
    Rules(b5_add_refineries=True),
)


def case(seed: int) -> bg.Spacehole:
    """Game ``seed`` of the digest, before its first step."""
    return bg.Spacehole(seed=seed, variant="babylon5" if seed % 3 == 2 else "classic",
                        rules=OPTIONS[seed % len(OPTIONS)], auto_roll=seed % 4 != 3)


def digest(n: int = GAMES) -> str:
    return shared_digest(case, n)


def test_seeded_random_games_are_the_same_as_before_the_speed_work() -> None:
    assert digest() == DIGEST


def test_the_digest_sees_a_different_game() -> None:
    h1, h2 = hashlib.sha256(), hashlib.sha256()
    play(case(0), 0, h1)
    play(case(0), 1, h2)  # the same game, other random choices
    assert h1.hexdigest() != h2.hexdigest()


def allocations(n: int = 3000) -> str:
    """A digest of ``optimal_allocation`` over ``n`` seeded random problems (structures in
    play, power, Terraform), the chosen counts in their order."""
    rng = random.Random(2024)
    h = hashlib.sha256()
    for _ in range(n):
        counts = {r: rng.choice((0, 0, 0, 1, 1, 2, 3, 5)) for r in power.ROLES}
        pw = rng.randrange(0, 40)
        t = rng.choice((0, 0, 1, 2))
        h.update(repr(list(power.optimal_allocation(counts, pw, t).items())).encode())
    return h.hexdigest()


def test_power_allocations_are_the_same_as_before_the_speed_work() -> None:
    power.allocation.cache_clear()
    power._optimal.cache_clear()
    assert allocations() == ALLOCATIONS
    assert allocations() == ALLOCATIONS  # from the memos this time
