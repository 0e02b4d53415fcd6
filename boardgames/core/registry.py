"""Games by name: ``load(name, **kw)`` and ``from_json(text)``, importing a game's
package only when it is first asked for."""

from __future__ import annotations

import importlib
import json
from typing import Any, Final

from .errors import InvalidSaveError
from .game import Game
from .limits import check_document, quote

__all__ = ["GAMES", "from_json", "game_class", "load"]

GAMES: Final[dict[str, tuple[str, str]]] = {
    "spacehole": ("boardgames.spacehole", "Spacehole"),
    "blast": ("boardgames.blast", "Blast"),
    "intergalactic": ("boardgames.intergalactic", "Intergalactic"),
    "spacebase": ("boardgames.spacebase", "SpaceBase"),
}


def game_class(name: str) -> type[Game]:
    """The Game class registered under ``name``."""
    if not isinstance(name, str) or name not in GAMES:
        raise ValueError(f"unknown game {quote(name)}; known games: {sorted(GAMES)}")
    module, attr = GAMES[name]
    try:
        return getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as e:
        raise ValueError(f"game {quote(name)} is not available in this version: {e}") from None


def load(name: str, **kwargs: Any) -> Game:
    """A new game by name, with the same keywords as its class: ``load("spacehole", seed=7)``."""
    return game_class(name)(**kwargs)


def from_json(text: object) -> Game:
    """Load a game saved with ``Game.to_json()``: checks the document and replays its
    steps. Raises ``InvalidSaveError`` (a ``ValueError``) for anything malformed, and
    for a document larger, holding more values or nesting deeper than the bounds of
    :mod:`boardgames.core.limits`, before it is parsed."""
    doc = _parse(text)
    if not isinstance(doc, dict):
        raise InvalidSaveError(f"expected a JSON object, not {type(doc).__name__}")
    name = doc.get("game")
    if not isinstance(name, str) or name not in GAMES:
        raise InvalidSaveError(f"unknown game {quote(name)}")
    try:
        cls = game_class(name)
    except ValueError as e:
        raise InvalidSaveError(str(e)) from None
    return cls._from_doc(doc)


def _parse(text: object) -> Any:
    """The JSON value of a document, once its size, value count and depth are checked."""
    if not isinstance(text, str | bytes):
        raise InvalidSaveError(f"expected JSON text, not {type(text).__name__}")
    try:
        check_document(text)
        if isinstance(text, bytes):
            text = text.decode("utf-8")
            check_document(text)
    except UnicodeDecodeError as e:
        raise InvalidSaveError(f"not UTF-8 text: {e}") from None
    except ValueError as e:
        raise InvalidSaveError(str(e)) from None
    try:
        return json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as e:
        raise InvalidSaveError(f"not valid JSON ({e})") from None


def _no_constant(name: str) -> Any:
    """``NaN``, ``Infinity`` and ``-Infinity`` are not JSON (RFC 8259), and no save holds
    them: Python's ``json`` accepts them unless told otherwise."""
    raise ValueError(f"{name} is not a JSON number")
