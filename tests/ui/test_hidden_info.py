"""Hidden information never reaches the browser: no synced trait of any board holds the
seed (which fixes every future draw, i.e. the deck's order), and a spectator's board
holds neither the hand nor the cards seen on top of the deck, in any trait (view, log,
history, chance panel, scrubber, extras).

Three kinds of check, on random games played through the boards:

* every synced trait, at every step, for a player's board and a spectator's board:
  no ``seed`` key, not the seed's digits, no ``hand`` / ``known_top`` for the spectator;
* games with different seeds but the same public history give identical synced traits
  (so nothing synced depends on the seed: the future order of the deck is not there);
* games that differ only in hidden cards (the hand, the cards drawn into it) give the
  spectator identical synced traits.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import boardgames as bg
from boardgames.core.game import CHANCE
from boardgames.ui.board import Board

SEEDS = [0x5EED_0000_0000_0001 + 977 * i for i in range(6)]


def synced(board: Board) -> dict[str, Any]:
    # the static ESM and CSS, and the id of the layout widget, say nothing about the game
    state = {k: v for k, v in board.get_state().items() if k not in ("_esm", "_css", "layout")}
    return json.loads(json.dumps(state))


def keys(x: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(x, dict):
        for k, v in x.items():
            out.add(k)
            out |= keys(v)
    elif isinstance(x, list):
        for v in x:
            out |= keys(v)
    return out


def check(board: Board, seed: int) -> None:
    state = synced(board)
    text = json.dumps(state)
    ks = keys(state)
    assert "seed" not in ks, "a synced trait has a 'seed' key"
    assert str(seed) not in text, "the seed's value is in a synced trait"
    assert not ks & {"deck", "order", "deck_order", "counts"}
    if board.player is None:
        assert not ks & {"hand", "known_top"}, "the spectator sees the hand"
        s = board.game.state
        for name in set(s.hand):
            # a name in hand may be public elsewhere (discard pile, in play), never as a
            # drawn-into-hand line or a history entry
            assert f"drew {name} into hand" not in text
        for name in s.deck.known:
            assert f"Seen in the deck: {name}" not in text
    else:
        view = state["view"]
        s = board.game.state
        assert view["hand"] == list(s.hand)
        assert view["known_top"] == list(s.deck.known)  # only the cards the player saw


@pytest.mark.parametrize("seed", SEEDS)
def test_no_synced_trait_leaks_the_seed_the_hand_or_the_deck(seed: int) -> None:
    g = bg.Spacehole(seed=seed, auto_roll=seed % 2 == 0)
    player, spectator = g.widget(0), g.widget(None)
    rng = random.Random(seed)
    for _ in range(160):
        if g.is_over:
            break
        if g.current_player == CHANCE:
            # force a random outcome through the board, as a click on the chance panel
            rows = player.chance
            pick = rng.choice(rows)["action"]
            player._on_msg(player, {"type": "intent", "action": pick,
                                    "version": player.version}, [])
        else:
            action = rng.choice(player.legal)
            player._on_msg(player, {"type": "intent", "action": action,
                                    "version": player.version}, [])
        assert player.error == ""
        spectator.refresh()
        if rng.random() < 0.1:
            spectator._on_msg(spectator, {"type": "scrub",
                                          "step": rng.randrange(len(g.history) + 1)}, [])
            player._on_msg(player, {"type": "scrub", "step": rng.randrange(len(g.history) + 1)},
                           [])
        check(player, seed)
        check(spectator, seed)


def _public_walk(a: bg.Spacehole, b: bg.Spacehole, steps: int, rng: random.Random) -> None:
    """Play a and b in lockstep: the same actions, the same (forced) chance outcomes."""
    for _ in range(steps):
        if a.is_over:
            return
        if a.current_player == CHANCE:
            dist = a.chance_outcomes()
            outcome = rng.choices(list(dist), weights=[float(p) for p in dist.values()])[0]
            a.apply(outcome)
            b.apply(outcome)
        else:
            action = rng.choice(a.legal_actions())
            a.apply(action)
            b.apply(action)


@pytest.mark.parametrize("variant", ["classic", "babylon5"])
def test_nothing_synced_depends_on_the_seed(variant: str) -> None:
    a = bg.Spacehole(seed=SEEDS[0], auto_roll=False, variant=variant)
    b = bg.Spacehole(seed=SEEDS[1], auto_roll=False, variant=variant)
    boards = [(a.widget(p), b.widget(p)) for p in (0, None)]
    rng = random.Random(1)
    for _ in range(25):
        _public_walk(a, b, 8, rng)
        for ba, bb in boards:
            ba.refresh()
            bb.refresh()
            assert synced(ba) == synced(bb)


def test_the_spectator_cannot_tell_games_that_differ_only_in_the_hand() -> None:
    common = dict(structures=["Solar Array"], defenders=["Space Marines"], megacredits=4,
                  discard=["Mine"], phase="build", auto_roll=False, seed=SEEDS[2])
    a = bg.Spacehole.scenario(hand=["Agrodome", "Colony"], **common)
    b = bg.Spacehole.scenario(hand=["Laser Turret", "Refinery"], **common)
    sa, sb = a.widget(None), b.widget(None)
    assert synced(sa) == synced(sb)
    # the same public moves: pass, then turn 2 draws different cards into the hands
    for g in (a, b):
        g.apply("pass")
    sa.refresh()
    sb.refresh()
    assert a.current_player == CHANCE and a.state.chance[0] == "draw"
    assert sa.chance == [] and sa.chance_hidden  # the draw's weights would tell the hand
    assert synced(sa) == synced(sb)
    a.apply("Mine")
    b.apply("Stargate")
    sa.refresh()
    sb.refresh()
    assert a.view(0)["hand"] != b.view(0)["hand"]
    assert synced(sa) == synced(sb)
    assert "Turn 2: drew a card into hand" in sa.log
    # scrubbing back through the draw shows the spectator nothing more
    for board in (sa, sb):
        board._on_msg(board, {"type": "scrub", "step": 1}, [])
    assert synced(sa) == synced(sb)
    # the player's own boards do see the difference
    assert synced(a.widget(0)) != synced(b.widget(0))
