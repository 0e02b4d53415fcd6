"""space-boardgames: four tabletop space games as Python objects, for Jupyter.

>>> import boardgames as bg
>>> g = bg.Spacehole(seed=7)
>>> g.legal_actions()          # doctest: +SKIP

Game classes and game packages are imported on first use, so ``import boardgames``
stays fast and imports nothing from Jupyter.
"""

from __future__ import annotations

import importlib
from typing import Any

from .core import (
    CHANCE,
    Action,
    Deck,
    Dist,
    Game,
    GameError,
    IllegalActionError,
    InvalidActionError,
    InvalidSaveError,
    Step,
    from_json,
    load,
)

__version__ = "0.1.0"

_CLASSES = {
    "Spacehole": "boardgames.spacehole",
    "Blast": "boardgames.blast",
    "Intergalactic": "boardgames.intergalactic",
    "SpaceBase": "boardgames.spacebase",
}
_MODULES = {"spacehole", "blast", "intergalactic", "spacebase", "agents", "analysis", "odds",
            "simulation",
            "ui"}
_FUNCTIONS = {"simulate": "boardgames.simulation", "compare": "boardgames.simulation"}

__all__ = [
    "CHANCE",
    "Action",
    "Deck",
    "Dist",
    "Game",
    "GameError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidSaveError",
    "Step",
    "from_json",
    "load",
    *_CLASSES,
    *_FUNCTIONS,
]


def __getattr__(name: str) -> Any:
    if name in _CLASSES:
        return getattr(importlib.import_module(_CLASSES[name]), name)
    if name in _FUNCTIONS:
        return getattr(importlib.import_module(_FUNCTIONS[name]), name)
    if name in _MODULES:
        return importlib.import_module(f"boardgames.{name}")
    raise AttributeError(f"module 'boardgames' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_CLASSES, *_MODULES, *_FUNCTIONS])
