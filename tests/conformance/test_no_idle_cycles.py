"""No game offers a cycle of decisions that changes nothing.

A player's decisions must lead somewhere: from any position, no sequence of at most
``DEPTH`` decisions by the player to move, with no chance step and no other player's
decision in between, may come back to a position already met on the way (the same state
and the same player to move). Such a cycle costs nothing (a cost would show in the
state), so a search (MCTS) or a player can walk it for ever: Intergalactic's token
shifts (``shift +1`` / ``shift -1``, paid on ``accept``) and BAT steps (``bat +1`` /
``bat -1``) were one, and an MCTS player never finished a game.

Positions: every few decisions (``GAMES``) of seeded random playouts of every game and
player count (auto_roll on). From each, a depth-first search over the player's next decisions:
every action where there are at most ``WIDTH``, else ``WIDTH`` of them drawn at random,
at most ``NODES`` positions a start. Positions are compared by the pickled state and the
player to move (``conformance.suite.fingerprint``'s blob: equal blobs are equal states;
two equal states could pickle differently only through a dict's order, which misses a
cycle but never reports a false one).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from conformance.suite import fingerprint

import boardgames as bg
from boardgames.core.game import CHANCE, Game

DEPTH = 4  # decisions in a row by one player
WIDTH = 6  # actions tried at each position of the search (all when at most this many)
NODES = 120  # positions searched from one start
SEEDS = 3  # playouts per game and player count

def _intergalactic(players: int) -> Callable[[int], Game]:
    rules = bg.intergalactic.Rules(turns_per_stage=2)
    return lambda seed: bg.Intergalactic(players=players, seed=seed, rules=rules)


def _spacebase(players: int) -> Callable[[int], Game]:
    return lambda seed: bg.SpaceBase(players=players, seed=seed)


_LONG = bg.spacehole.Rules(base_hits=1000)  # the Base holds: every game the whole deck
GAMES: dict[str, tuple[Callable[[int], Game], int]] = {
    "spacehole-classic": (lambda seed: bg.Spacehole(seed=seed, rules=_LONG), 3),
    "spacehole-babylon5": (lambda seed: bg.Spacehole(seed=seed, variant="babylon5",
                                                     rules=_LONG), 3),
    "blast": (lambda seed: bg.Blast(seed=seed), 40),
    **{f"intergalactic-{n}p": (_intergalactic(n), 7) for n in range(2, 7)},
    **{f"spacebase-{n}p": (_spacebase(n), 15) for n in range(2, 5)},
}
"""Per game: its factory and how many decisions of a playout apart the starts are."""


def _key(g: Game) -> tuple[Any, bytes]:
    return g.current_player, fingerprint(g).blob


class _Search:
    """The depth-first search from one start (see the module's docstring)."""

    def __init__(self, g: Game, rng: random.Random) -> None:
        self.g = g
        self.rng = rng
        self.nodes = 0
        self.player = g.current_player

    def cycle(self, path: list[tuple[Any, bytes]], actions: list[str]) -> list[str] | None:
        """The actions of a cycle found below the current position (None: none)."""
        g = self.g
        if len(actions) >= DEPTH or self.nodes >= NODES:
            return None
        legal = list(g.legal_actions())
        if len(legal) > WIDTH:
            legal = self.rng.sample(legal, WIDTH)
        for a in legal:
            if self.nodes >= NODES:
                return None
            self.nodes += 1
            steps = len(g.history)
            g.apply(a)
            try:
                if len(g.history) != steps + 1 or g.current_player != self.player:
                    continue  # a chance step or another player: the sequence ends
                key = _key(g)
                if key in path:
                    return [*actions, str(a)]
                found = self.cycle([*path, key], [*actions, str(a)])
                if found:
                    return found
            finally:
                g.undo()
        return None


def _starts(make: Callable[[int], Game], seed: int, every: int) -> list[Game]:
    """Every ``every``-th decision position of a seeded random playout (forks)."""
    g = make(seed)
    rng = random.Random(seed)
    out, decisions = [], 0
    while not g.is_over and decisions < 3000:
        if g.current_player == CHANCE:  # (auto_roll: never; kept for safety)
            g.roll()
            continue
        if decisions % every == 0:
            out.append(g.fork())
        g.apply(rng.choice(g.legal_actions()))
        decisions += 1
    assert g.is_over, f"seed {seed}: not over after 3000 random decisions"
    return out


@pytest.mark.parametrize("name", list(GAMES))
def test_no_sequence_of_decisions_returns_to_the_same_position(name: str) -> None:
    searched = 0
    make, every = GAMES[name]
    for seed in range(SEEDS):
        for i, start in enumerate(_starts(make, seed, every)):
            search = _Search(start, random.Random(seed * 1000 + i))
            cycle = search.cycle([_key(start)], [])
            assert cycle is None, (f"{name} seed {seed}, start {i} ({start.phase}): "
                                   f"{cycle} comes back to the same position")
            searched += search.nodes
    assert searched > 20  # the search did look at decisions


def test_the_check_finds_a_cycle_of_decisions() -> None:
    """The check can fail: a game whose player may toggle a flag back and forth (the toy
    below, a two-step cycle that changes nothing) is caught."""
    g = _ToyToggle()
    search = _Search(g, random.Random(0))  # type: ignore[arg-type]
    assert search.cycle([_key(g)], []) == ["on", "off"]


class _ToyToggle:
    """The smallest game with an idle cycle: player 0 switches a light on and off, or
    stops. Only what ``_Search`` uses."""

    def __init__(self) -> None:
        self.state = _Light(False)
        self._past: list[_Light] = []
        self.history: list[str] = []
        self.log: list[str] = []
        self.current_player = 0

    def legal_actions(self) -> tuple[str, ...]:
        return ("off",) if self.state.on else ("on", "stop")

    def apply(self, a: str) -> None:
        self._past.append(self.state)
        self.history.append(a)
        if a == "stop":
            self.current_player = None  # type: ignore[assignment]
        self.state = _Light(a == "on")

    def undo(self) -> None:
        self.state = self._past.pop()
        self.history.pop()
        self.current_player = 0


class _Light:
    def __init__(self, on: bool) -> None:
        self.on = on
