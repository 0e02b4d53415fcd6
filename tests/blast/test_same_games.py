"""Speed work must not change a game: a digest of seeded random Blast games.

Every game of :func:`digest` is played by a ``random.Random(seed)`` agent over a spread of
options (ties, dice use, response windows, short and long games), a few set-up scenarios
and both ``auto_roll`` modes; the digest covers every step's legal actions (their order
too), every chance node's exact distribution (manual games), a view for every viewer every
13 steps, and at the end the saved JSON, the history (with its texts), the log, every
view, the score and the winner. Every fifth game is also taken back (``undo``) over its
last 40 decisions, checked against the views seen on the way, and replayed (``redo``), and
its saved JSON is loaded again: both must give the same game. The stored value was
computed by the engine before its speed work (the golden transcripts cover a few games in
readable text; this covers many more, cheaply). A different digest is a change of
behaviour: find it by comparing ``to_json()`` and ``log`` of the games of :func:`case`
under the old and the new engine; if the change is deliberate, update :data:`DIGEST` in
the same commit.
"""

from __future__ import annotations

import hashlib

from conformance.digest import digest as shared_digest
from conformance.digest import play
from conformance.digest import views as _views

import boardgames as bg
from boardgames.blast import Blast, Rules

GAMES = 30
DIGEST = "ee92eb22b183a55c6c5edd1f7b874ebc14ce22504fd15063472cc77713e35c29"
OPTIONS = (
    Rules(),
    Rules(tie="both_destroyed", max_turns=120),
    Rules(tie="attacker", use_dice="maximum"),
    Rules(use_dice="each", windows="always", max_turns=80),
    Rules(use_dice="maximum", windows="always", max_turns=150),
    Rules(use_dice="each", max_turns=40),
)
SCENARIOS = (
    {"units": {3: {"terran": [5, 1]}, 10: {"empire": [4, 2, 2]}, 15: {"empire": [1]},
               1: {"terran": [3]}},
     "hands": {"terran": ["Strategic Move", "Space Combat Tactics", "Defend the Homeworld",
                          "Reinforcements"],
               "empire": ["Jam Transmission", "Espionage", "Hold Position"]},
     "to_move": "terran", "phase": "move", "dice": [3, 3, 3, 3], "turn": 9},
    {"units": {8: {"terran": [4, 3], "empire": [5, 2]}, 22: {"terran": [1], "empire": [2]},
               1: {"terran": [2]}, 15: {"empire": [3]}},
     "hands": {"terran": ["Surprise Attack", "Plasma Generator", "Major Offensive"],
               "empire": ["Ambush", "Nova Bomb", "Battle Computers", "Hyper Jump"]},
     "to_move": "terran", "phase": "fight", "turn": 20},
)


def case(seed: int) -> Blast:
    """Game ``seed`` of the digest, before its first step."""
    rules = OPTIONS[seed % len(OPTIONS)]
    auto = seed % 4 != 3
    if seed % 10 in (4, 9):
        sc = SCENARIOS[seed % 10 // 5]
        return Blast.scenario(**sc, seed=seed, rules=rules, auto_roll=auto)  # type: ignore[arg-type]
    return Blast(seed=seed, rules=rules, auto_roll=auto)


def _check_undo_redo_load(g: Blast) -> None:
    """Undo the last 40 decisions and redo them; load the saved game: the same game."""
    saved, end = g.to_json(), g.fork()
    seen = []
    for _ in range(40):
        if not g.can_undo:
            break
        g.undo()
        seen.append((g.to_json(), _views(g), g.legal_actions()))
    for _ in seen:
        g.redo()
    assert g == end and g.to_json() == saved
    for text, views, legal in seen:  # undo again: the same positions
        g.undo()
        assert (g.to_json(), _views(g), g.legal_actions()) == (text, views, legal)
    loaded = bg.from_json(saved)
    assert loaded == end and loaded.to_json() == saved and loaded.log == end.log


def digest(n: int = GAMES) -> str:
    """Every fifth game is also undone, redone and loaded."""
    return shared_digest(case, n, after=lambda seed, g: _check_undo_redo_load(g)
                         if seed % 5 == 0 else None)


def test_seeded_random_games_are_the_same_as_before_the_speed_work() -> None:
    assert digest() == DIGEST


def test_the_digest_sees_a_different_game() -> None:
    h1, h2 = hashlib.sha256(), hashlib.sha256()
    play(case(0), 0, h1)
    play(case(0), 1, h2)  # the same game, other random choices
    assert h1.hexdigest() != h2.hexdigest()
