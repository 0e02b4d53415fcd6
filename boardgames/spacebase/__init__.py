"""Space Base: rival commercial colonies on a 10 x 10 grid of a volcanic moon (2-4 players).

>>> import boardgames as bg
>>> g = bg.SpaceBase(players=2, seed=7)
>>> g.phase, g.current_player
('setup', 0)

``bg.spacebase.Board`` is the map on its own: sites, their functionality (a least fixed
point), ``explain``, and the ``physical`` and ``logistic`` networkx graphs.
"""

from .actions import Move
from .board import Board, BoardError, Site
from .game import SpaceBase, SpaceBaseState
from .odds import MeteorRisk, meteor_risk
from .rules import Rules

__all__ = [
    "Board",
    "BoardError",
    "MeteorRisk",
    "Move",
    "Rules",
    "Site",
    "SpaceBase",
    "SpaceBaseState",
    "meteor_risk",
]
