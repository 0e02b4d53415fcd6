"""Intergalactic: the five-stage list-and-dice space-empire game for 2-6 players.

>>> import boardgames as bg
>>> g = bg.Intergalactic(players=3, seed=7)
>>> g.phase
'race'
"""

from .actions import Move
from .data import Entry
from .game import Intergalactic
from .odds import battle_odds, lookup, roll_odds, stage_modifier
from .rules import Rules
from .state import IntergalacticState

__all__ = ["Entry", "Intergalactic", "IntergalacticState", "Move", "Rules", "battle_odds",
           "lookup", "roll_odds", "stage_modifier"]
