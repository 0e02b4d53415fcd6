"""Blast: backgammon on a circular 28-sector track, with cards and a sci-fi theme.

>>> import boardgames as bg
>>> g = bg.Blast(seed=7)
>>> g.players, g.side(g.state.player), g.turn   # the Evil Empire goes first
(2, 'empire', 1)
>>> bg.blast.fight_odds([3, 2], [4], ["Surprise Attack"], ["Ambush"])["attacker"]
Fraction(7, 12)
"""

from .actions import Order
from .game import Blast, BlastState
from .odds import fight_odds, reach_odds
from .rules import Rules

__all__ = ["Blast", "BlastState", "Order", "Rules", "fight_odds", "reach_odds"]
