"""Blast conformance: at least 300 seeded random games through the shared playout checker
(``tests/conformance/suite.py``: at every step sorted unique legal actions, notations that
round-trip, exact chance nodes, strict-JSON views, fork/undo/redo, invariants; JSON round
trips at sampled steps; undo to the start and replay at the end), plus a secrets checker
for Blast's hidden hands and tests of the hidden information itself.

The games are kept short with ``Rules(max_turns=...)`` (random play rarely takes all four
planets before turn 50, and the checks cost about a millisecond a step); end-game
scenarios make sure games are also won, in both sides' turns. Every option value is
played. Half the games roll their own dice (``auto_roll=True``), half force every chance
outcome; some use seeds above 2**20 so the suite can look for the seed in the views.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from blast.blast_support import EMPIRE, TERRAN, scenario
from conformance.suite import check_playout, check_position, walk_keys, walk_lists

from boardgames.blast import Blast, Rules
from boardgames.core.game import Game


def blast_secrets(game: Game, viewer: int | None, view: dict[str, Any]) -> list[str]:
    """Blast's hidden information: the hands (and the order of nothing: the deck is a
    multiset). The spectator sees no hand; a player sees their own hand, and the other
    hand only in a turn in which they played Espionage; no view lists the unknown deck."""
    s = game.state
    leaks: list[str] = []
    keys = walk_keys(view)
    # lists the viewer may see: the cards in play, and its own hand (which may hold the
    # same cards as the other hand: two copies of each card)
    public = [list(view.get("in_play") or [])]
    if viewer is not None:
        public.append(list(s.hands[viewer]))
    lists = [x for x in walk_lists(view) if x not in public]
    if viewer is None:
        leaks += [f"spectator view has {k!r}" for k in ("hand", "opponent_hand") if k in keys]
        hidden = [0, 1]
    else:
        if view.get("hand") != list(s.hands[viewer]):
            leaks.append(f"view({viewer}) hand {view.get('hand')} is not {s.hands[viewer]}")
        spy = s.spy == viewer
        if spy and view.get("opponent_hand") != list(s.hands[1 - viewer]):
            leaks.append("Espionage: the opponent's hand is not shown as it is")
        if not spy and "opponent_hand" in keys:
            leaks.append(f"view({viewer}) shows the opponent's hand without Espionage")
        hidden = [] if spy else [1 - viewer]
    for p in hidden:
        hand = list(s.hands[p])
        if len(hand) >= 3 and hand in lists:
            leaks.append(f"view({viewer}) lists player {p}'s hand")
    leaks += [f"view has key {k!r}" for k in ("deck", "order", "deck_order", "counts")
              if k in keys]
    unknown = Counter(s.deck.counts)
    if sum(unknown.values()) > 1:
        for lst in lists:
            if lst and all(isinstance(x, str) for x in lst) and Counter(lst) == unknown:
                leaks.append("a view lists the unknown cards of the deck")
    return leaks


# ---------------------------------------------------------------------------- the games
ENDGAMES: dict[str, dict[str, Any]] = {
    # Terran holds three planets and masses near Planet X, held by one Empire unit.
    "terran-at-the-gates": dict(
        units={1: {"terran": [1, 1, 1]}, 8: {"terran": [2, 2]}, 22: {"terran": [2, 2]},
               12: {"terran": [5, 4, 4]}, 13: {"terran": [3, 3, 3]}, 15: {"empire": [1]},
               17: {"empire": [2]}},
        hands={"terran": ["Nova Bomb", "Strategic Move"], "empire": ["Ambush", "Espionage"]},
        to_move="terran", phase="draw"),
    # The Empire holds three planets and a contested Earth, in the fight phase.
    "empire-fights-for-earth": dict(
        units={1: {"terran": [2, 1], "empire": [5, 3]}, 8: {"empire": [1]},
               15: {"empire": [2, 2]}, 22: {"empire": [1]}, 5: {"terran": [4]}},
        hands={"terran": ["Plasteel Armor", "Jam Transmission"],
               "empire": ["Surprise Attack", "Major Offensive", "Hyper Jump"]},
        to_move="empire", phase="fight"),
    # A late game: few units, nearly empty deck, the vortex to reshuffle.
    "late-thin-deck": dict(
        units={3: {"terran": [5]}, 8: {"terran": [1]}, 20: {"empire": [4, 1]},
               15: {"empire": [2]}, 1: {"terran": [3]}},
        deck=["Hyper Jump", "Battle Computers", "Defend the Homeworld"],
        hands={"terran": ["Reinforcements", "Ion Thrusters"],
               "empire": ["Jam Transmission", "Space Combat Tactics", "Espionage"]},
        to_move="empire", phase="roll", dice=[2, 2]),
}

BIG = 2**40 + 17


def _plain(max_turns: int, **rules: Any):
    def make(seed: int, auto: bool) -> Game:
        return Blast(seed=seed, auto_roll=auto, rules=Rules(max_turns=max_turns, **rules))

    return make


def _endgame(name: str, max_turns: int):
    spec = ENDGAMES[name]

    def make(seed: int, auto: bool) -> Game:
        return Blast.scenario(seed=seed, auto_roll=auto, rules=Rules(max_turns=max_turns),
                              **spec)

    return make


CASES: list[tuple[str, Any, int]] = []
for i in range(200):  # the default rules, 4..16 turns
    CASES.append((f"default-{i}", _plain(4 + i % 13), i if i % 5 else BIG + i))
for i in range(20):
    CASES.append((f"windows-always-{i}", _plain(6 + i % 5, windows="always"), 1000 + i))
for i in range(15):
    CASES.append((f"use_dice-maximum-{i}", _plain(6 + i % 7, use_dice="maximum"), 2000 + i))
for tie in ("both_destroyed", "attacker"):
    for i in range(10):
        CASES.append((f"tie-{tie}-{i}", _plain(8 + i % 5, tie=tie), 3000 + i))
for name in ENDGAMES:
    for i in range(15):
        CASES.append((f"{name}-{i}", _endgame(name, 14), 4000 + i))
for i in range(3):  # long games: random play to the default turn limit or a win
    CASES.append((f"full-length-{i}", _plain(400), 5000 + i))
assert len(CASES) >= 300


@pytest.mark.parametrize(("make", "seed", "auto"),
                         [pytest.param(m, s, k % 2 == 0, id=name)
                          for k, (name, m, s) in enumerate(CASES)])
def test_random_playout(make: Any, seed: int, auto: bool) -> None:
    long = seed >= 5000 and seed < 6000
    g = check_playout(make, seed, auto_roll=auto, secrets=blast_secrets,
                      json_every=1 if seed in (0, 1) else (400 if long else 16),
                      undo_walk=not long)
    assert g.is_over and g.invariants() == []


def test_the_configurations_reach_wins_for_both_sides_and_draws() -> None:
    """The configurations above reach every kind of end: random games (the suite's
    agent, without the per-step checks' cost) from the end-game scenarios are won by the
    Terran side, by the Empire, or drawn at the turn limit."""
    import random

    ends: Counter[Any] = Counter()
    for name in ENDGAMES:
        for seed in range(4000, 4080):
            g = _endgame(name, 14)(seed, True)
            rng = random.Random(seed)
            while not g.is_over:
                g.apply(rng.choice(g.legal_actions()))
            ends[g.winner] += 1
            if ends[TERRAN] and ends[EMPIRE] and ends[None]:
                return
    raise AssertionError(f"ends reached: {dict(ends)}")


# ------------------------------------------------------------------- hidden information
def test_a_player_sees_only_their_own_hand() -> None:
    g = scenario(hands={"terran": ["Nova Bomb", "Ambush", "Hyper Jump"],
                        "empire": ["Espionage", "Plasteel Armor", "Ion Thrusters"]},
                 phase="roll", to_move="terran")
    assert g.view(TERRAN)["hand"] == ["Ambush", "Hyper Jump", "Nova Bomb"]
    assert g.view(EMPIRE)["hand"] == ["Espionage", "Ion Thrusters", "Plasteel Armor"]
    assert "hand" not in g.view(None)
    for p in (None, TERRAN, EMPIRE):
        assert "opponent_hand" not in g.view(p)
        assert blast_secrets(g, p, g.view(p)) == []
        check_position(g, blast_secrets, json_check=True)


def test_views_do_not_depend_on_the_other_players_cards() -> None:
    """Two games that differ only in the Terran hand (same sizes) and the deck give the
    Empire and the spectator identical views."""
    common = dict(phase="roll", to_move="empire", units={1: {"terran": [2]},
                                                         15: {"empire": [3]}})
    a = scenario(hands={"terran": ["Nova Bomb", "Ambush"], "empire": ["Hyper Jump"]}, **common)
    b = scenario(hands={"terran": ["Espionage", "Reinforcements"], "empire": ["Hyper Jump"]},
                 **common)
    for p in (None, EMPIRE):
        assert json.dumps(a.view(p)) == json.dumps(b.view(p))
    assert a.view(TERRAN) != b.view(TERRAN)


def test_the_secrets_checker_flags_leaks() -> None:
    g = scenario(hands={"terran": ["Nova Bomb", "Ambush", "Hyper Jump"],
                        "empire": ["Espionage"]}, phase="roll", to_move="empire")
    spectator = g.view(None)
    assert blast_secrets(g, None, spectator) == []
    for leak, what in [
        ({"hand": ["Ambush"]}, "spectator view has 'hand'"),
        ({"x": {"y": ["Ambush", "Hyper Jump", "Nova Bomb"]}}, "lists player 0's hand"),
        ({"deck": 40}, "key 'deck'"),
        ({"z": sorted(Counter(g.state.deck.counts).elements())}, "unknown cards of the deck"),
    ]:
        found = blast_secrets(g, None, {**spectator, **leak})
        assert any(what in f for f in found), (leak, found)
    empire = g.view(EMPIRE)
    found = blast_secrets(g, EMPIRE, {**empire, "opponent_hand": list(g.state.hands[0])})
    assert any("without Espionage" in f for f in found)
    assert any("is not" in f for f in blast_secrets(g, EMPIRE, {**empire, "hand": []}))


# ------------------------------------------------------------------- determinism
_TRANSCRIPT = """
import json, random, sys
import boardgames as bg
out = []
for seed in range(6):
    rules = bg.blast.Rules(max_turns=30, windows="always" if seed % 2 else "held")
    g = bg.Blast(seed=seed, rules=rules)
    r = random.Random(seed)
    while not g.is_over:
        g.apply(r.choice(g.legal_actions()))
    out.append([g.to_json(), list(g.log), g.view(0), g.view(1), g.view(None)])
print(json.dumps(out))
"""


def test_same_seed_and_actions_give_the_same_game_in_other_processes() -> None:
    """Hash randomisation (set iteration order) must not leak into the game: saves, logs
    and views of 6 random games are identical under three PYTHONHASHSEEDs."""
    import os
    import subprocess
    import sys

    def run(hashseed: str) -> str:
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        return subprocess.run([sys.executable, "-c", _TRANSCRIPT], capture_output=True,
                              text=True, env=env, check=True).stdout

    runs = {run(h) for h in ("0", "1", "4242")}
    assert len(runs) == 1
    assert len(json.loads(runs.pop())) == 6


def test_the_docstring_examples_run() -> None:
    import doctest

    import boardgames.blast
    import boardgames.blast.odds

    for mod in (boardgames.blast, boardgames.blast.odds):
        failed, tried = doctest.testmod(mod)
        assert tried and not failed, mod.__name__


def test_the_invariants_catch_broken_positions() -> None:
    """Each invariant can fail: a unit lost, a card duplicated, both sides on a sector in
    the draw phase, an unsorted stack, a bound unit not pinned (each on a fork's private
    copy of the state)."""
    g = scenario(units={1: {"terran": [3, 1]}, 15: {"empire": [5]}}, phase="roll",
                 to_move="terran", hands={"terran": ["Nova Bomb"]})
    assert g.invariants() == []

    def broken(change: Any) -> list[str]:
        f = g.fork()
        f._s = f._s.copy()
        change(f._s)
        return f.invariants()

    def lose_unit(s: Any) -> None:
        s.units = ((((), *s.units[0][1:])), s.units[1])

    def dup_card(s: Any) -> None:
        s.hands = (("Nova Bomb", "Nova Bomb", "Nova Bomb"), s.hands[1])

    def mixed(s: Any) -> None:
        s.units = (s.units[0], ((1,), *s.units[1][1:]))
        s.scrap = (s.scrap[0], tuple(sorted(s.scrap[1]))[1:])

    def unsorted(s: Any) -> None:
        s.units = (((3, 1), *s.units[0][1:]), s.units[1])

    def bound_unpinned(s: Any) -> None:
        s.bound = ((1, 3),)  # bound (ruling 7) but not among the pins

    assert any("15 of the army" in b for b in broken(lose_unit))
    assert any("not all among the pins" in b for b in broken(bound_unpinned))
    assert any("cards not conserved" in b for b in broken(dup_card))
    assert any("hold both sides" in b for b in broken(mixed))
    assert any("not sorted" in b for b in broken(unsorted))
    assert g.invariants() == []
