"""What every game shares and no game owns."""

from .action import Action
from .deck import Deck
from .dist import Dist
from .errors import GameError, IllegalActionError, InvalidActionError, InvalidSaveError
from .game import CHANCE, Game, State, Step
from .registry import GAMES, from_json, game_class, load

__all__ = [
    "CHANCE",
    "GAMES",
    "Action",
    "Deck",
    "Dist",
    "Game",
    "GameError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidSaveError",
    "State",
    "Step",
    "from_json",
    "game_class",
    "load",
]
