"""Space Base through the shared conformance suite (``tests/conformance/suite.py``):
seeded random playouts for 2, 3 and 4 players in both auto_roll modes, every protocol
check at every position (legal actions, chance nodes, views and hidden hands, fork,
undo/redo, invariants), JSON round trips at sampled positions, undo back to the start
and replay.

Budget: a random Space Base game is long (115 turns, about 375 decisions and 650 steps)
and the suite checks every position, so the default run plays 14 auto-roll and 4
manual games per player count (see the report in docs/rules/spacebase.md for the cost
per game). ``--conformance-scale=X`` multiplies the games: ``--conformance-scale=12``
plays 168 + 48 = 216 games per player count.

Invariants checked at every position (``SpaceBase.invariants``): cards conserved,
credits >= 0 after repairs, one site per cell, control markers only on sites (and on
every site), damage only on installations, the incremental fixed point equal to one
computed from scratch.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest
from conformance.suite import check_playout, check_position
from spacebase.support import spacebase_secrets

import boardgames as bg
from boardgames.spacebase import Rules, SpaceBase

AUTO_GAMES, MANUAL_GAMES = 14, 4
OPTIONS = [Rules(), Rules(action_cards="any"), Rules(volcano_adjacency="physical"),
           Rules(repair_sites="any"), Rules(starting_hand=3)]


def _cases(players: int, scale: float) -> list:
    n_auto = max(1, round(AUTO_GAMES * scale))
    n_manual = max(1, round(MANUAL_GAMES * scale))
    return [(players, seed, True) for seed in range(n_auto)] + \
        [(players, 1000 + seed, False) for seed in range(n_manual)]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "case" not in metafunc.fixturenames:
        return
    scale = metafunc.config.getoption("--conformance-scale")
    cases = [c for p in (2, 3, 4) for c in _cases(p, scale)]
    metafunc.parametrize("case", cases, ids=[f"{p}p-{'auto' if a else 'manual'}-{s}"
                                             for p, s, a in cases])


def make(players: int):
    def factory(seed: int, auto_roll: bool) -> bg.Game:
        return SpaceBase(players=players, seed=seed, auto_roll=auto_roll,
                         rules=OPTIONS[seed % len(OPTIONS)])
    return factory


def test_random_playout(case: tuple[int, int, bool]) -> None:
    players, seed, auto = case
    g = check_playout(make(players), seed, auto_roll=auto, secrets=spacebase_secrets,
                      json_every=40 if seed % 7 == 0 else 1000)
    assert g.is_over and g.players == players and len(g.state.deck) == 0


@pytest.mark.parametrize("seed", [2**40 + 3, 2**64 - 1])
def test_playout_with_a_large_seed(seed: int) -> None:
    """Large seeds let the suite spot the seed's value in a view."""
    g = check_playout(make(3), seed, auto_roll=True, secrets=spacebase_secrets,
                      json_every=1000)
    assert g.seed == seed


def test_playout_from_a_late_scenario() -> None:
    sites = {(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1), (1, 0): ("Metal", 0),
             (0, 1): ("Refineries", 0), (0, 2): ("Factory", 0), (8, 9): ("Shield Generator", 1),
             (9, 8): ("Solar Panels Array", 1), (5, 5): ("Transport Hub", 1)}

    def factory(seed: int, auto: bool) -> bg.Game:
        return SpaceBase.scenario(sites=sites, damage={(0, 2): 4}, credits=[7, 3],
                                  hands=[["Control", "Transfer", "Colony"], ["Metal"] * 8],
                                  deck={"Colony": 3, "Control": 2, "Transfer": 2, "Volcano": 4},
                                  seed=seed, auto_roll=auto)

    for seed, auto in ((1, True), (2, False), (3, True)):
        g = check_playout(factory, seed, auto_roll=auto, secrets=spacebase_secrets,
                          json_every=1)
        assert g.is_over


def test_the_secrets_checker_catches_leaks() -> None:
    g = SpaceBase.scenario(sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)},
                           hands=[["Control", "Metal"], ["Colony", "Factory"]],
                           phase="control", auto_roll=False)
    g.apply("control look 1")
    for p in (None, 0, 1):
        assert spacebase_secrets(g, p, g.view(p)) == []
    check_position(g, spacebase_secrets, json_check=True)
    spectator, one, zero = g.view(None), g.view(1), g.view(0)
    for view, viewer, leak, words in (
        (spectator, None, {"hand": ["Control"]}, "spectator view has 'hand'"),
        (spectator, None, {"x": {"y": ["Colony", "Factory"]}}, "player 1's hand"),
        (one, 1, {"peek": zero["peek"]}, "peek"),
        (zero, 0, {"peek": {"player": 1, "hand": []}}, "another hand"),
        (one, 1, {"hand": ["Colony"]}, "is not"),
        (spectator, None, {"counts": 3}, "key 'counts'"),
    ):
        found = spacebase_secrets(g, viewer, {**view, **leak})
        assert any(words in f for f in found), (leak, found)


_TRANSCRIPT = textwrap.dedent(
    """
    import json, random
    import boardgames as bg
    out = []
    for players in (2, 3, 4):
        g = bg.SpaceBase(players=players, seed=players)
        r = random.Random(players)
        while not g.is_over:
            g.apply(r.choice(g.legal_actions()))
        out.append([g.to_json(), list(g.log), g.view(0), g.view(None)])
    s = bg.SpaceBase.scenario(sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)},
                              hands=[["Metal"], []], seed=5)
    out.append(s.to_json())
    print(json.dumps(out))
    """
)


def test_same_seed_and_actions_give_the_same_game_in_other_processes() -> None:
    """Hash randomisation (set and dict order) must not leak into the game: saves, logs
    and views are identical under three PYTHONHASHSEEDs; a scenario saves to the same
    text."""
    runs = set()
    for h in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": h}
        runs.add(subprocess.run([sys.executable, "-c", _TRANSCRIPT], capture_output=True,
                                text=True, env=env, check=True).stdout)
    assert len(runs) == 1
    assert len(json.loads(runs.pop())) == 4
