"""Interactive boards for Jupyter: ``game.widget(player=0, opponents=None, pace=0.6,
auto_roll=None)`` calls :func:`board_for`.

A board is an anywidget (:class:`boardgames.ui.board.Board`) whose Python half owns the
game and whose browser half is plain ESM + CSS from the top-level ``widgets/`` folder
(see :mod:`boardgames.ui.assets`). A game gets its own board when a module
``boardgames.ui.<game name>`` defines ``BOARD`` (a ``Board`` subclass whose
``asset_name`` names ``widgets/<asset_name>.js`` and ``.css``); any other game gets
the generic board (its view as a table, its legal actions as buttons).

Importing this package imports no Jupyter module: the widget classes are imported on
first use. The same ``(game, player)`` always gets the same board object, so showing a
game's board again displays the existing widget instead of creating a new one.
"""

from __future__ import annotations

import importlib
import threading
from typing import TYPE_CHECKING, Any

from .agents import RandomAgent

if TYPE_CHECKING:
    from ..core.game import Game
    from .board import Board

__all__ = ["RandomAgent", "board_class", "board_for"]

_BOARDS: dict[tuple[int, Any], Any] = {}  # (id(game), player or ("seats", ...))
_REG_LOCK = threading.Lock()


def board_class(game_name: str) -> type[Board]:
    """The board class for a game name: ``boardgames.ui.<name>.BOARD`` if that module
    exists, else the generic :class:`~boardgames.ui.board.Board`."""
    if not isinstance(game_name, str) or not game_name.isidentifier():
        raise ValueError(f"bad game name {game_name!r}")
    try:
        module = importlib.import_module(f"{__name__}.{game_name}")
    except ModuleNotFoundError as e:
        if e.name != f"{__name__}.{game_name}":
            raise
        from .board import Board

        return Board
    return module.BOARD


def board_for(game: Game, player: int | None = 0, **kwargs: Any) -> Board:
    """The board of ``game`` seen by ``player`` (None: a spectator), created on first use
    and returned again afterwards (with ``kwargs`` applied: ``opponents={player: agent}``,
    ``pace`` in seconds, ``auto_roll``). ``seats=[0, 1]`` (and ``names=["Ann", "Bob"]``)
    gives the hot-seat board those seats share (``player`` is then not used)."""
    import weakref

    from ..core.game import Game

    if not isinstance(game, Game):
        raise TypeError(f"board_for needs a boardgames Game, not {type(game).__name__}")
    allowed = {"opponents", "pace", "auto_roll", "seats", "names"}
    extra = sorted(set(kwargs) - allowed)
    if extra:
        raise TypeError(f"unexpected keyword(s) {extra} for a board; allowed: {sorted(allowed)}")
    seats = kwargs.pop("seats", None)
    names = kwargs.pop("names", None)
    made: dict[str, Any] = {"player": player} if seats is None else {
        "seats": seats, "names": names}
    if seats is not None:
        if isinstance(seats, (str, bytes)) or not isinstance(seats, (list, tuple)):
            raise TypeError(f"seats must be a list of players, not {type(seats).__name__}")
        seats = list(seats)
        made["seats"] = seats
    elif names is not None:
        raise ValueError("names are for a hot-seat board (seats=[...])")
    key = (id(game), player if seats is None else ("seats", *seats))
    with _REG_LOCK:
        ref = _BOARDS.get(key)
        board = ref() if ref is not None else None
    if board is not None and board.game is game and not board._closed:
        if kwargs:
            board.configure(**kwargs)
        return board
    board = board_class(game.name)(game, **made, **kwargs)
    with _REG_LOCK:
        _BOARDS[key] = weakref.ref(board)
    return board


def _key(board: Board) -> tuple[int, Any]:
    seats = board._seats
    return (id(board.game), ("seats", *seats) if seats else board.player)


def _forget(board: Board) -> None:
    key = _key(board)
    with _REG_LOCK:
        ref = _BOARDS.get(key)
        if ref is not None and ref() is board:
            del _BOARDS[key]


def _remember(board: Board) -> None:
    import weakref

    with _REG_LOCK:
        _BOARDS[_key(board)] = weakref.ref(board)
