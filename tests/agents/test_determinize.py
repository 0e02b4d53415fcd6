"""Determinisations: what a player may believe about the hidden cards, and nothing more.

``game.determinize(player, seed)`` redraws the hands the player cannot see from the
pool of unseen cards (the deck's unknown part plus those hands), keeps everything the
player sees (``view(player)`` is unchanged), has no past (history, log and undo stack
name hidden draws) and cannot be saved.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import boardgames as bg
from boardgames.agents import RandomAgent
from boardgames.core.deck import Deck, redeal


def _played(game: bg.Game, steps: int, seed: int = 1) -> bg.Game:
    agent = RandomAgent(seed)
    for _ in range(steps):
        if game.is_over:
            break
        if game.current_player == bg.CHANCE:
            game.roll()
        else:
            game.apply(agent.choose(game))
    return game


def _pool(game: bg.Game, hidden: list[int]) -> Counter:
    s = game.state
    pool = Counter(s.deck.counts)
    for p in hidden:
        pool.update(s.hands[p])
    return pool


def test_redeal_keeps_the_cards_and_the_known_top() -> None:
    deck = Deck({"a": 3, "b": 2}, known=["c"])
    hands = (("a", "d"), ("b", "b", "e"), ("x",))
    new_deck, new_hands = redeal(deck, hands, hidden=[1, 2], rng=random.Random(4))
    assert new_hands[0] == ("a", "d")  # not hidden: unchanged
    assert [len(h) for h in new_hands] == [2, 3, 1]
    assert new_deck.known == ["c"]
    before = Counter(deck.counts) + Counter(hands[1]) + Counter(hands[2])
    after = Counter(new_deck.counts) + Counter(new_hands[1]) + Counter(new_hands[2])
    assert before == after
    assert all(list(h) == sorted(h) for h in new_hands[1:])
    # the same generator state gives the same deal; others differ somewhere
    again = redeal(deck, hands, hidden=[1, 2], rng=random.Random(4))
    assert again[1] == new_hands and again[0] == new_deck
    deals = {redeal(deck, hands, hidden=[1, 2], rng=random.Random(k))[1] for k in range(30)}
    assert len(deals) > 5


@pytest.mark.parametrize("make", [lambda: bg.Blast(seed=4),
                                  lambda: bg.SpaceBase(players=3, seed=4)],
                         ids=["blast", "spacebase-3"])
def test_determinize_redraws_only_the_hands_the_player_cannot_see(make) -> None:
    game = _played(make(), 60)
    assert not game.is_over
    me = game.current_player
    before = game.to_json()
    others = [q for q in range(game.players) if q != me]
    seen_hands = set()
    for k in range(25):
        d = game.determinize(me, seed=k)
        assert d.state.hands[me] == game.state.hands[me]
        assert [len(h) for h in d.state.hands] == [len(h) for h in game.state.hands]
        assert _pool(d, others) == _pool(game, others)
        assert d.view(me) == {**game.view(me), "step": 0}
        assert d.invariants() == []
        seen_hands.add(tuple(d.state.hands[q] for q in others))
    assert len(seen_hands) > 1  # the other hands really are redrawn
    assert game.to_json() == before  # the real game is untouched


def test_determinize_has_no_past_and_cannot_be_saved() -> None:
    game = _played(bg.Blast(seed=2), 30)
    d = game.determinize(game.current_player, seed=1)
    assert d.history == () and d.log == () and not d.can_undo
    assert d.auto_roll is False and d.seed != game.seed
    with pytest.raises(bg.GameError, match="cannot be saved"):
        d.to_json()
    # it plays on like any game, and does not touch the original
    before = game.to_json()
    _played(d, 40, seed=3)
    assert game.to_json() == before


def test_determinize_is_reproducible_for_a_seed() -> None:
    game = _played(bg.SpaceBase(players=2, seed=9), 40)
    me = game.current_player
    a, b = game.determinize(me, seed=5), game.determinize(me, seed=5)
    assert a.state == b.state and a.seed == b.seed


def test_a_hand_seen_through_espionage_stays() -> None:
    g = bg.Blast.scenario(hands={"terran": ["Espionage"], "empire": ["Ambush", "Hold Position"]},
                          to_move="terran", phase="draw", seed=3, auto_roll=False)
    # find the Espionage window: play it when offered
    for _ in range(20):
        if g.current_player == bg.CHANCE:
            g.roll()
            continue
        names = [str(a) for a in g.legal_actions()]
        esp = [n for n in names if "Espionage" in n and not n.startswith("discard")]
        if esp:
            g.apply(esp[0])
            break
        g.apply(g.legal_actions()[0])
    assert g.state.spy == 0, "the test needs Espionage played by the Terran player"
    for k in range(10):
        d = g.determinize(0, seed=k)
        assert d.state.hands[1] == g.state.hands[1]


def test_spacehole_determinize_keeps_the_position() -> None:
    game = _played(bg.Spacehole(seed=11), 5)
    d = game.determinize(0, seed=2)
    assert d.state == game.state
    assert d.view(0) == {**game.view(0), "step": 0}
