"""Spacehole: solo dice & card colony defence, with its Babylon 5 re-theme.

>>> import boardgames as bg
>>> g = bg.Spacehole(seed=7)
>>> g.phase
'build'
"""

from .actions import Move
from .game import Spacehole, SpaceholeState
from .odds import battle_odds, round_hits
from .rules import Rules

__all__ = ["Move", "Rules", "Spacehole", "SpaceholeState", "battle_odds", "round_hits"]
