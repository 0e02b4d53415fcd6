"""``Game.hidden_hands``: the public word a board reads (instead of a game's private
hooks) to know whether a save or a what-if could hold another player's cards."""

from __future__ import annotations

import pytest

import boardgames as bg
from boardgames.core.game import Game
from boardgames.core.registry import game_class

NAMES = ("spacehole", "blast", "intergalactic", "spacebase")


@pytest.mark.parametrize("name", NAMES)
def test_hidden_hands_is_said_by_the_games_that_redraw_hidden_cards(name: str) -> None:
    """A game that hides hands redraws them in ``determinize``: its class overrides the
    core's ``_determinize`` exactly when it says ``hidden_hands``."""
    cls = game_class(name)
    overrides = any("_determinize" in vars(c) for c in cls.__mro__
                    if c is not Game and issubclass(c, Game))
    assert cls.hidden_hands is overrides
    assert cls.hidden_hands is (name in ("blast", "spacebase"))


def test_a_game_that_hides_hands_shows_each_player_a_different_view() -> None:
    """What ``hidden_hands`` means, seen from the views: Blast's two players see
    different hands; Intergalactic's players see the same public position."""
    g = bg.Blast(seed=1)
    while not g.state.hands[0] or not g.state.hands[1]:
        g.roll() if g.current_player == bg.CHANCE else g.apply(g.legal_actions()[0])
    assert g.view(0) != g.view(1)
    ig = bg.Intergalactic(players=2, seed=1)
    a, b = ig.view(0), ig.view(1)
    a.pop("viewer", None), b.pop("viewer", None)
    assert a == b
