"""Blast: backgammon on a circular 28-sector track, with cards and a sci-fi theme.

>>> import boardgames as bg
>>> g = bg.Blast(seed=7)
>>> g.players, g.side(g.current_player)
(2, 'empire')
"""

from .actions import Order
from .game import Blast, BlastState
from .odds import fight_odds, reach_odds
from .rules import Rules

__all__ = ["Blast", "BlastState", "Order", "Rules", "fight_odds", "reach_odds"]
